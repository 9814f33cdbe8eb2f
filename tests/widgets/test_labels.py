"""Words, not code names: every rule a sweep varies and every measure it plots has a label in the game's words,
the sweep offers only rules whose change a game shows, and no label of any view is cut short.

Issue 19: sweep charts were titled "kpi_mean_value against order_line_rise", the rule list offered
``min_players``, and "games played" showed as "games pl...".
"""

from __future__ import annotations

import html
import importlib
import re
from collections.abc import Callable
from typing import Any

import ipywidgets as w
import pytest

import playbook
from playbook.charts import labels
from playbook.core import RandomAgent
from playbook.core.match import resolve_game
from playbook.core.tournament import game_metrics, numeric_rules_fields, play_match, rules_with
from playbook.games.offal_game.agents import TunedPlunger
from playbook.widgets.common import DownloadButton, View, button, labelled, widget_tree
from playbook.widgets.lab import PLAYER_BOUNDS, StrategyLab, SweepExplorer, sweep_rules
from playbook.widgets.views import GAME_TABLES, VIEW_EXAMPLES, ViewExample

from .game_tables import person_table

GAMES = playbook.games.available()
#: The tournament's own columns a sweep plots besides the game's ``kpi_*`` measures.
RESULT_COLUMNS = ("score", "rounds")


def bots(game: str) -> tuple[Callable[[], Any], ...]:
    """The game's strategy bots (``agents.STRATEGIES``)."""
    found: tuple[Callable[[], Any], ...] = importlib.import_module(f"{resolve_game(game).__name__}.agents").STRATEGIES
    return found


def is_words(text: str, name: str) -> bool:
    """A label in words: not empty, no underscore or dotted code name, not the field's name itself."""
    return bool(text.strip()) and "_" not in text and text != name and not re.search(r"\w\.\w", text)


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_number_and_every_measure_of_the_game_has_a_label_in_words(game: str) -> None:
    module = resolve_game(game)
    rule_words = labels.rule_labels(module)
    for field in numeric_rules_fields(module):
        assert field in rule_words, f"{game}: the rule {field!r} has no label (RULE_LABELS)"
        assert is_words(rule_words[field], field), f"{game}: {field!r} is labelled {rule_words[field]!r}"
    assert set(labels.unswept_rules(module)) <= set(numeric_rules_fields(module))
    measure = game_metrics(module)
    assert measure is not None
    finished = play_match(game, [RandomAgent(), RandomAgent()], seed=1).final_state
    measure_words = labels.measure_labels(module)
    for key in [*RESULT_COLUMNS, *measure(finished)]:
        assert key in measure_words, f"{game}: the measure {key!r} has no label (MEASURE_LABELS)"
        assert is_words(measure_words[key], key), f"{game}: {key!r} is labelled {measure_words[key]!r}"
        assert labels.measure_label(module, f"kpi_{key}") == measure_words[key]


def outcomes(game: str, field: str, value: float, players: int, make: Callable[[int], Any]) -> list[Any]:
    """Scores, winners, length and end measures of a few seeded games with ``field`` at ``value``."""
    module = resolve_game(game)
    measure = game_metrics(module)
    assert measure is not None
    rules = rules_with(module, field, value)
    found = []
    for seed in range(3):
        result = play_match(game, [make(seed + seat) for seat in range(players)], seed=seed, rules=rules)
        found.append((result.scores, result.winners, result.rounds, sorted(measure(result.final_state).items())))
    return found


@pytest.mark.parametrize("game", GAMES)
def test_the_sweep_offers_only_rules_whose_change_a_game_shows(game: str) -> None:
    """Each rule offered changes some seeded game (random play or the game's bots, with the fewest players or
    two) between the ends of its default range; the player-count bounds are never offered."""
    module = resolve_game(game)
    explorer = SweepExplorer(game, {"random": RandomAgent})
    try:
        offered = [value for _, value in explorer.field.options]
        assert offered == list(sweep_rules(module))
        assert not PLAYER_BOUNDS & set(offered) and not set(labels.unswept_rules(module)) & set(offered)
        strategies = bots(game)
        makers: list[Callable[[int], Any]] = [lambda _: RandomAgent(), lambda k: strategies[k % len(strategies)]()]
        seats = sorted({module.INFO.min_players, max(2, module.INFO.min_players)})
        for field in offered:
            explorer.field.value = field
            low, high = float(explorer.low.value), float(explorer.high.value)
            assert low < high, f"{game}: the default range of {field} is empty"
            changed = any(
                outcomes(game, field, low, players, make) != outcomes(game, field, high, players, make)
                for players in seats
                for make in makers
            )
            assert changed, f"{game}: {field} from {low} to {high} changes no game: a sweep of it draws a flat line"
    finally:
        explorer.close()


def chart_words(explorer: SweepExplorer) -> list[str]:
    layout = explorer.chart.figure.layout
    return [layout.title.text or "", layout.xaxis.title.text or "", layout.yaxis.title.text or ""]


@pytest.mark.parametrize("game", GAMES)
def test_no_title_or_axis_of_the_sweep_explorer_shows_a_code_name(game: str) -> None:
    module = resolve_game(game)
    strategies = bots(game)
    explorer = SweepExplorer(game, {"first": strategies[1], "second": strategies[-1]}, games=5, seed=2)
    try:
        assert all("_" not in text for text in chart_words(explorer))
        if not sweep_rules(module):  # Planet Unknown: no rule of the standard game a sweep can vary
            assert explorer.run() is None and "no rule" in explorer.status.text
            return
        explorer.steps.value = 2
        frame = explorer.run()
        assert frame is not None
        kpis = {column for column in frame.columns if column.startswith("kpi_")}
        assert kpis and set(explorer.measures()) - {"score", "rounds"} <= kpis
        rule = labels.rule_label(module, explorer.field.value)
        for column in explorer.measures():
            explorer.measure.value = column
            title, x_title, y_title = chart_words(explorer)
            assert all("_" not in text for text in (title, x_title, y_title)), (column, title, x_title, y_title)
            assert x_title == rule and y_title == labels.measure_label(module, column)
            assert title.startswith(labels.sentence(y_title)) and rule in title
        shown = [text for text, _ in explorer.measure.options]
        assert all(is_words(text, text + "_") for text in shown) and len(set(shown)) == len(shown)
        status = html.unescape(explorer.status.text)
        assert rule in status and explorer.field.value not in status
    finally:
        explorer.close()


def test_the_strategy_lab_names_the_score_in_the_games_words() -> None:
    lab = StrategyLab("offal_game", TunedPlunger, {"random": RandomAgent}, players=2, games=10)
    try:
        lab.run()
        layout = lab.score_chart.figure.layout
        assert layout.yaxis.title.text == "final money per Plunger (dollars)" and layout.xaxis.title.text == "strategy"
        assert "final money per Plunger" in layout.title.text
        assert lab.win_chart.figure.layout.xaxis.title.text == "strategy"
    finally:
        lab.close()


# -- labels that fit ------------------------------------------------------------------------------------------

#: ipywidgets' font is 13px; a description gets 80px unless its style says otherwise, a button 148px.
FONT_PX, LABEL_PX, BUTTON_PX, INLINE_PX = 13.0, 80.0, 148.0, 300.0
#: em a character needs (a generous average glyph of that font).
EM_PER_CHARACTER = 0.6


def width_em(width: object, default_px: float) -> float | None:
    """A CSS width in em (None: ``auto``, ``initial``, a percentage: it takes the room its text needs)."""
    if width in (None, ""):
        return default_px / FONT_PX
    found = re.fullmatch(r"\s*([0-9.]+)\s*(px|em|rem)\s*", str(width))
    if found is None:
        return None
    number = float(found.group(1))
    return number / FONT_PX if found.group(2) == "px" else number


def cut_short(widget: w.Widget) -> str | None:
    """Why ``widget``'s description would be cut ("games pl..."), or None when it fits."""
    text = getattr(widget, "description", "")
    if not isinstance(text, str) or not text or not isinstance(widget, w.DOMWidget):
        return None
    need = len(text) * EM_PER_CHARACTER
    if isinstance(widget, w.Button | w.ToggleButton | w.FileUpload | DownloadButton):  # its text is the label
        have = width_em(widget.layout.width, BUTTON_PX)
        need += 1.5 + (1.5 if getattr(widget, "icon", "") else 0.0)  # padding, icon
    elif isinstance(widget, w.Checkbox):  # the description follows the box
        have = width_em(widget.layout.width, INLINE_PX)
        need += 2.0 + (LABEL_PX / FONT_PX if widget.indent else 0.0)
    elif "style" in widget.trait_names() and hasattr(widget.style, "description_width"):
        have = width_em(widget.style.description_width, LABEL_PX)
    else:  # a widget that draws its own label
        return None
    if have is not None and have < need:
        return f"{type(widget).__name__} {text!r}: {have:.1f}em for {need:.1f}em"
    return None


def cut_labels(view: View) -> list[str]:
    return sorted({problem for widget in widget_tree(view).values() if (problem := cut_short(widget))})


@pytest.mark.parametrize("example", VIEW_EXAMPLES, ids=[example.name for example in VIEW_EXAMPLES])
def test_no_label_of_any_view_is_cut_short(example: ViewExample) -> None:
    """Every button, dropdown, text box and slider of every view in the registry shows its whole label (issue
    19: "Into Parts Unkno...", "Roll the reserve's...", "Play from h...", "Seat 0 plan...", "Corporati...")."""
    view = example.build()
    try:
        assert cut_labels(view) == []
    finally:
        view.close()


@pytest.mark.parametrize("game", list(GAME_TABLES))
def test_no_label_of_a_table_in_play_is_cut_short(game: str) -> None:
    """Labels a table writes as the game goes on (prices, tools, choices) fit too: a person plays a dozen moves
    against the game's bot, the labels checked after each."""
    table = person_table(game, moves=0)
    try:
        for _ in range(12):
            assert cut_labels(table) == []
            if table.match is None or table.match.is_over:
                break
            table.act(table.match.legal_actions()[-1])
    finally:
        table.close()


def test_a_button_takes_the_width_its_text_needs_even_when_the_text_grows() -> None:
    """``button`` leaves no fixed width unless asked, so a description set later fits as well."""
    grows = button("Buy a shelf", lambda: None)
    fixed = button("Remove", lambda: None, layout=w.Layout(width="100px"))
    long = labelled(w.Dropdown(options=["a"], description="Seat 0 planet"))
    short = labelled(w.Dropdown(options=["a"], description="Seat 0"))
    aligned = labelled(w.Dropdown(options=["a"], description="corporation", style={"description_width": "9em"}))
    try:
        grows.description = "Buy a shelf · $40 (your last one)"
        assert grows.layout.width == "auto" and cut_short(grows) is None
        assert fixed.layout.width == "100px"
        assert long.style.description_width == "initial" and cut_short(long) is None
        assert short.style.description_width == "" and cut_short(short) is None
        assert aligned.style.description_width == "9em"
    finally:
        for widget in (grows, fixed, long, short, aligned):
            widget.close()


def test_the_width_check_sees_a_cut_label() -> None:
    """The review's own examples are caught: ipywidgets' 80px label and 148px button."""
    progress = w.IntProgress(description="games played")
    into = w.Button(description="Into Parts Unknown", icon="trash")
    fits = w.IntProgress(description="games played", style={"description_width": "8em"})
    try:
        assert cut_short(progress) and cut_short(into) and cut_short(fits) is None
    finally:
        for widget in (progress, into, fits):
            widget.close()
