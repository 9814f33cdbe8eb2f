"""Parts every playable table shares: a status line, a log in words, undo, a new-game panel and live charts.

A table is a plain class composed of widgets (after ipywidgets' Variable Inspector example): it subscribes
to its ``Match``, redraws from the match's state and events, and can ``close()``. Click handlers only turn
clicks into actions; the engine decides legality, and its message lands in the status line. No traceback
ever reaches the person: anything unexpected is shown as one line too.

Who plays (``TableView``)
    The New game panel gives each seat "you" (a person) or a bot and says who is who. One person: the
    table shows that seat. Several people: a hot-seat game; ``self.seat`` follows ``match.waiting_for()``,
    so whoever is to move gets the controls (``self.hot_seat`` is True; name seats with
    ``self.player_label(seat)``, never a bare "you"). No person: a game to watch; ``self.watching`` is
    True, nothing is played until **Step** (one bot move) or **Play to end** is pressed
    (``self.watch_bar``, placed in the New game panel unless the view puts it elsewhere), and no shared
    text says "you". Undo never leaves a bot to move with nothing to press: it takes back the last
    person's move, and then lets bots and chance move again up to a person's decision.

Widget models are released (``View``)
    Every table, explorer, lab and viewer is a ``View`` (``view.py``): its ``__init__`` and public methods
    record every widget they make, and after each call the recorded widgets no longer reachable from the
    view (its attributes, their ``children``, ``layout``, ``style`` and other widget-valued traits, helpers
    such as ``LiveChart``, views it owns) are closed. ``close()`` stops listening to every match
    (``listen``), closes the views it owns (those built inside its methods, or ``adopt``ed) and every widget
    it made or shows; the view is then garbage. Keep any widget you need later on an attribute of the view
    (a list or dict of widgets is fine), not only in a closure. ``close_widgets(*widgets)`` closes widgets
    with everything inside them; ``replace_children(box, new)`` swaps a box's children and closes the old
    ones. An anywidget takes its ES module and CSS as text, never as a path (anywidget watches a path's file
    and holds every instance for ever). ``playbook.widgets.views`` lists every view class with a small
    example, and the hygiene tests run over that list.

What can act (``TableView.controls_live``)
    One question every control asks: can a person at this screen act on the board now? False at game over,
    in a bot game being watched, while a failed bot holds the game, and on a read-only position. A game's
    table uses it for its own buttons; as a safety net, after every redraw that leaves it False the table
    disables every control outside the New game section (the panel and what follows it), Undo and the save
    bar, and gives them back at the start of the next redraw. Step and Play to end are live only while bots
    or chance are to move. A caption by Undo says what it takes back: one action, not a whole turn, and
    every bot move and roll since.

A hint (``TableView.show_hint``, ``hint.py``)
    Under the status line a **Hint** asks a built-in bot (the game's table bot, or another of its strategies)
    what it would play, from the seat's observation and legal actions only, on the random stream that bot
    would get in that seat at that step; nothing is played and the match's dice are untouched. It is live
    only when a person at this screen is to move, and a move, Undo or a new game clears it.

The end of a game (``TableView.score_breakdown``)
    At game over the final scores show as a table under the status line: ``score_breakdown(observation)``
    gives one row per seat (points by source where the rulebook has sources); the default lists each
    seat's final score.

Files (``FilesBar``, ``DownloadButton``; ``files.py``)
    Every table ends with a **Save, load and replay** bar: Save downloads the whole game
    (``Match.to_json()``, for the teacher: it rebuilds the hidden cards) or a seat's copy
    (``Match.to_json(seat=k)``, to hand to a student); Load a game resumes a whole save on the table (the
    seats a person played stay people's) or opens a seat's copy read-only (``replay.RecordReplay``), and
    refuses anything else in the status line; Replay this game opens a ``ReplayViewer`` of the table's own
    match under the bar; the log (``Match.events_frame()``) and the economy (``economy_frame()``: what the
    charts draw) download as CSV. A download is made when the button is pressed, in Lab and Voila alike.

A bot that fails (``TableView``)
    Whatever raises while bots and chance move (a student's strategy: a ``StrategyError`` naming it) stops
    the game there and shows in the table's ``problem`` area, under the status line, naming the seat and
    the strategy; later status messages never hide it. Undo, and a new game with another player in that
    seat, go on from there.

Labels that fit (``button``, ``labelled``)
    ipywidgets gives every button 148px and every description label 80px whatever the text, so "Into Parts
    Unknown" showed as "Into Parts Unkno..." and "Corporation" as "Corporati...". Every button is made with
    ``button(description, on_click, ...)``, as wide as its text unless a width is given; a dropdown, text
    box or slider whose description is longer than the default label holds (``LABEL_FITS`` characters) is
    wrapped in ``labelled(...)``, which gives the label the width it needs. A test walks every view of
    ``playbook.widgets.views`` (and each table through a dozen moves) and fails on any label cut short.

Buttons a click redraws (``ButtonRow``, ``Choice``) and the bot menu (``bot_menu``)
    A row of buttons that changes with the position (market cards, parts to take, cards on sale, tools) is a
    ``ButtonRow``: one button per place, kept from click to click, given only the traits that changed
    (``set_changed``), a press mapped to what its place shows now. A table's bots are ``bot_menu(agents.
    STRATEGIES)``: named by each strategy's own ``name``, never retyped.

Dollar signs (``money``, ``no_math``, ``label_dollars``)
    JupyterLab and Voila typeset a pair of ``$`` as LaTeX, so "Feet for $11, not $14" comes out as
    mathematics. Measured in Chromium (Lab 4.6, Voila 0.5): markdown cells, ``Label`` values, the
    ``description`` of a checkbox (every description label shares its code) and ``HTMLMath`` are typeset;
    ``HTML`` values, ``Button`` descriptions and dropdown options are not. So:

    - ``HTML`` / ``HTMLMath``: amounts as ``money(11)`` (a span MathJax skips), or any markup through
      ``no_math(html)``; ``StatusLine`` and ``EventLog`` already do this.
    - ``Label`` values and widget ``description``s: ``label_dollars("Pay $11 or $14")`` (writes ``\\$``,
      which MathJax shows as ``$``). Not for ``Button`` descriptions, which would show the backslash.
    - Markdown cells: write ``<span>&#36;</span>11``: no ``$`` in the source for a math finder, an element
      of its own (MathJax pairs delimiters only within one run of text) and a ``$`` on screen in Lab, Voila
      and static renderings alike. ``\\$11`` shows its backslash wherever MathJax does not run
      (tests/test_lesson_dollars.py).

Charts (``LiveChart``)
    ``LiveChart(figure)`` shows a plotly figure through plotly's own JupyterLab/Voila renderer (shipped in
    the plotly wheel: no network) inside an ``ipywidgets.Output``; ``update(figure)`` sends what changed to the
    ``ChartFitter`` beside it, which patches the chart drawn (``Plotly.react``) instead of the page drawing a
    new chart. The figure lives in the widgets' synced state, so a page loaded or reloaded at any moment (Voila
    renders after the notebook ran) shows the current data, and no plotly.js bundle travels per chart. Figures
    lose any fixed width and fit their column. Place ``chart.box``; read ``chart.data`` (the shown figure's traces).
"""

from .charts import PLOTLY_MIME, ChartFitter, ChartOutput, LiveChart, figure_output, figure_spec, replace_traces
from .files import DownloadButton, FilesBar
from .panels import (
    HUMAN,
    LABEL_FITS,
    AgentFactory,
    ButtonRow,
    Choice,
    ErrorArea,
    EventLog,
    NewGamePanel,
    StatusLine,
    bot_menu,
    button,
    labelled,
    set_changed,
)
from .registry import WidgetRegistry, close_widgets, disable_all, live_widgets, replace_children, widget_tree
from .table import ScoreRows, TableView
from .text import NO_MATH_CLASSES, escape, label_dollars, money, no_math
from .view import View

__all__ = [
    "HUMAN",
    "LABEL_FITS",
    "NO_MATH_CLASSES",
    "PLOTLY_MIME",
    "AgentFactory",
    "ButtonRow",
    "ChartFitter",
    "ChartOutput",
    "Choice",
    "DownloadButton",
    "ErrorArea",
    "EventLog",
    "FilesBar",
    "LiveChart",
    "NewGamePanel",
    "ScoreRows",
    "StatusLine",
    "TableView",
    "View",
    "WidgetRegistry",
    "bot_menu",
    "button",
    "close_widgets",
    "disable_all",
    "escape",
    "figure_output",
    "figure_spec",
    "label_dollars",
    "labelled",
    "live_widgets",
    "money",
    "no_math",
    "replace_children",
    "replace_traces",
    "set_changed",
    "widget_tree",
]
