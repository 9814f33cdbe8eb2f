"""``TableView``: the shared life cycle of a playable table (see the package docstring)."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping, Sequence
from contextvars import ContextVar
from types import ModuleType
from typing import Any, Self

import ipywidgets as w
import pandas as pd

from playbook.core.agents import AgentLike, RandomAgent, agent_rng
from playbook.core.decide import decide
from playbook.core.errors import PlaybookError
from playbook.core.match import Match, SeatRecord
from playbook.core.protocol import CHANCE, Action, Event

from .. import replay as replay_views
from .charts import LiveChart
from .files import FilesBar, charts_frame, frame_csv, frame_html, loaded_lineup, read_game_file
from .hint import BotHint, HintPosition
from .panels import HUMAN, AgentFactory, ErrorArea, EventLog, NewGamePanel, StatusLine, _and, button, undo_words
from .registry import close_widgets, disable_all, from_widget_on, insert_after, insert_below, widget_tree
from .text import escape, no_math
from .view import View

#: The bots' name while a table is built only to be put on another match.
_REPLAY_BOT = "replay"
#: True while ``on_match`` builds a table: its agents then include the replay bot its line-up names.
_PUT_ON_MATCH: ContextVar[bool] = ContextVar("_PUT_ON_MATCH", default=False)
#: The bot a hint never asks by default: its answer says nothing about the game.
_RANDOM_BOT = "random"
#: What ``score_breakdown`` returns: a frame, or rows (one mapping per seat) that make one.
ScoreRows = pd.DataFrame | Sequence[Mapping[str, Any]]


class TableView(View):
    """The shared life cycle of a playable table; subclasses build and redraw the board.

    Subclasses define ``build()`` (make ``self.widget``) and ``refresh()`` (redraw from ``self.match``),
    show the board of ``self.seat`` and enable its controls when ``self.controls_live()`` (a person at this
    screen is to move). See the module docstring for hot seat, watching bot games, undo and releasing
    widgets.

    A bot (or anything else) that raises while bots and chance move stops the game there: ``self.problem``,
    an area under the status line that status messages never overwrite, says which seat's bot failed and
    why, until Undo or a new game; the New game panel stays usable to give that seat another player.

    Hooks a game's table may fill (each has a default that works for every game):

    - ``controls_live()``: can a person act on the board now (see its docstring);
    - ``score_breakdown(observation)``: the final score by source, shown as a table at game over;
    - ``economy_frame()``: the frame the **Economy as CSV** button saves (default: what the charts draw);
    - ``replay_view(match)``: the replay **Replay this game** opens (default: the table, read-only);
    - ``mark_hint(action)``: mark the move a hint names on the board (default: the hint line alone says it).

    Every table also gets, placed by ``TableView``: a caption by Undo saying what it takes back; a **Hint** row
    under the status line (``bot_hint``: what a built-in bot would play for the person to move, see
    ``show_hint``); the final scores under the status line; and a **Save, load and replay** bar at the end
    (``files``): Save (the whole game for the teacher, or a seat's copy), Load a game file (a whole save
    resumes here, a seat's copy opens read-only), Replay this game, and the log and the economy as CSV.
    """

    game: ModuleType

    def __init__(
        self,
        *,
        agents: Mapping[str, AgentFactory],
        players: int,
        seed: int,
        lineup: Sequence[str],
        rules: Any = None,
        describe: Callable[[Action], str] = str,
    ) -> None:
        if _PUT_ON_MATCH.get():  # built for another match: bots that never move hold the seats meanwhile
            agents = {**agents, _REPLAY_BOT: RandomAgent}
        self.agent_factories = dict(agents)
        self.rules = rules
        self.game_rules = rules if rules is not None else self.game.Rules.standard()
        self.describe = describe
        self.status = StatusLine()
        self.problem = ErrorArea()
        self.log = EventLog()
        self.undo_button = button("Undo", lambda: self.undo(), icon="undo")
        self.undo_caption = w.HTML()
        self.undo_caption.add_class("playbook-undo-caption")
        self.step_button = button("Step", lambda: self.step(), icon="step-forward", tooltip="One bot move")
        self.play_to_end_button = button("Play to end", lambda: self.play_to_end(), icon="fast-forward")
        self.watch_bar = w.HBox([w.HTML("<b>Watch the bots:</b>"), self.step_button, self.play_to_end_button])
        self.watch_bar.add_class("playbook-watch-bar")
        self.final_scores = w.HTML(layout=w.Layout(display="none"))
        self.final_scores.add_class("playbook-final-scores")
        hint_bots = [name for name in self.agent_factories if name not in (_REPLAY_BOT, _RANDOM_BOT)]
        self.bot_hint = BotHint(hint_bots, self._default_hint_bot(), lambda: self.show_hint())
        self.new_game_panel = NewGamePanel(
            agents=self.agent_factories,
            min_players=self.game.INFO.min_players,
            max_players=self.game.INFO.max_players,
            players=players,
            seed=seed,
            lineup=lineup,
            on_new_game=self.new_game,
        )
        self.files = FilesBar(
            save=self._save_file,
            log=self._log_file,
            economy=self._economy_file,
            load=lambda data, name: self.load_game(data, name=name),
            replay=self.replay_this_game,
            close_replay=self.close_replay,
            on_error=lambda message: self.status.error(message, heading="Could not save:"),
        )
        #: The replay this table opened (of its own game, or of a loaded seat's copy), else None.
        self.replay: View | replay_views.RecordReplay | None = None
        self.match: Match | None = None
        self._acting = False
        self._unsubscribe: Callable[[], None] | None = None
        self._frozen: list[w.Widget] = []
        self._scored: tuple[int, int, int] | None = None
        self.seat = 0
        #: The seat a read-only position keeps showing (``on_match(..., subscribe=False)``), else None.
        self.pinned_seat: int | None = None
        self.build()
        self._place_shared_parts()
        self.new_game()

    def _place_shared_parts(self) -> None:
        """Put the parts every table shares where the view did not place them itself."""
        shown = widget_tree(self.widget)
        if id(self.watch_bar) not in shown:
            panel = self.new_game_panel.widget
            panel.children = (self.watch_bar, *panel.children)
        if id(self.problem.widget) not in shown:
            insert_after(self.widget, self.status.widget, self.problem.widget)
        if id(self.final_scores) not in shown:
            insert_after(self.widget, self.problem.widget, self.final_scores)
        if id(self.bot_hint.widget) not in shown:  # right under the status line, above a problem and the scores
            insert_after(self.widget, self.status.widget, self.bot_hint.widget)
        if id(self.undo_caption) not in shown and id(self.undo_button) in shown:
            insert_below(self.widget, self.undo_button, self.undo_caption)
        for part in (self.files.widget, self.files.replay_area):
            if id(part) not in shown and isinstance(self.widget, w.Box):
                self.widget.children = (*self.widget.children, part)
        self._live_section = [
            *from_widget_on(self.widget, self.new_game_panel.widget),
            self.undo_button,
            self.files.widget,
            self.files.replay_area,
        ]

    # -- who plays -------------------------------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        """The seats people play, in seat order (none: a bot game to watch)."""
        if self.match is None:
            return [seat for seat, name in enumerate(self.new_game_panel.lineup()) if name == HUMAN]
        return [seat for seat in range(self.match.players) if seat not in self.match.agents]

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) > 1

    @property
    def watching(self) -> bool:
        """A bot game to watch; never for a read-only position, which stays on the seat it was given."""
        return not self.humans and self.pinned_seat is None

    def player_label(self, seat: int) -> str:
        """How shared text names a seat: "you" (the one person), "seat 2" (hot seat), "seat 1 (hoarder)"."""
        if self.match is not None and seat in self.match.agents:
            agent = self.match.agents[seat]
            return f"seat {seat} ({getattr(agent, 'name', type(agent).__name__)})"
        if len(self.humans) == 1:
            return HUMAN
        return f"seat {seat}"

    def _sync_seat(self) -> None:
        """Show the seat of the person to move (hot seat); otherwise keep the seat shown."""
        match = self.match
        if match is None:
            return
        mover = match.waiting_for()
        if mover is not None:
            self.seat = mover
        elif self.seat not in self.humans and self.humans:
            self.seat = self.humans[0]

    # -- life cycle ------------------------------------------------------------------------------------
    def build(self) -> None:
        """Create the board's widgets; ``self.widget`` must exist afterwards."""
        raise NotImplementedError

    def refresh(self) -> None:
        """Redraw every label, button and chart from ``self.match``."""
        raise NotImplementedError

    def new_game(self) -> None:
        lineup = self.new_game_panel.lineup()
        agents = {seat: self.agent_factories[name]() for seat, name in enumerate(lineup) if name != HUMAN}
        humans = [seat for seat, name in enumerate(lineup) if name == HUMAN]
        self.seat = humans[0] if humans else 0
        if self._unsubscribe is not None:
            self._unsubscribe()
        self.match = Match(
            self.game, players=len(lineup), seed=int(self.new_game_panel.seed.value), rules=self.rules, agents=agents
        )
        self._unsubscribe = self.listen(self.match, self._on_events)
        self._clear_hint()
        self._acting = True
        if humans:
            self._guard(self.match.advance)
        else:
            self._guard(self._resolve_chance)
        self._acting = False
        self._sync_seat()
        seed = self.new_game_panel.seed.value
        if not humans:
            self.status.info(f"New game, seed {seed}: bots play every seat. Press Step or Play to end to watch.")
        elif len(humans) == 1:
            self.status.info(f"New game, seed {seed}: you play seat {self.seat}.")
        else:
            self.status.info(
                f"New game, seed {seed}: hot seat for seats {_and(humans)}. Seat {self.seat} moves first; "
                "each person plays when the table shows their seat."
            )
        self.watch_bar.layout.display = None if not humans else "none"
        self.refresh()

    # -- a table for a match it did not start (replays, forks, loaded files) --------------------------
    @classmethod
    def on_match(cls, match: Match, seat: int, *, subscribe: bool) -> Self:
        """A table showing ``match`` from ``seat`` instead of a game of its own.

        The table is built as a bot game (nothing moves until Step, so building it plays nothing); its own
        match is then dropped and ``match`` put in its place, and the New game panel shows that match's
        set-up (its seed, a person in each seat no agent plays, each bot by its name). With ``subscribe``
        the table follows ``match`` as a playable table does; without, it listens to nothing (a read-only
        position).
        """
        build: Callable[..., Self] = cls  # a game's table has its own bots: none are passed here
        building = _PUT_ON_MATCH.set(True)
        try:
            table = build(
                players=match.players, seed=match.seed, lineup=[_REPLAY_BOT] * match.players, rules=match.rules
            )
        finally:
            _PUT_ON_MATCH.reset(building)
        table._put_on(match, seat, subscribe=subscribe)
        if not subscribe:
            table.pinned_seat = seat
        return table

    def _put_on(self, match: Match, seat: int, *, subscribe: bool) -> None:
        """Replace the table's match by ``match`` (shown from ``seat``) and show its set-up in the panel."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        self.match = match
        self.seat = seat
        self.rules = match.rules
        self.game_rules = match.rules if match.rules is not None else self.game.Rules.standard()
        self.problem.clear()  # the table's own game is gone, and any problem with it
        self._clear_hint()
        if subscribe:
            self._unsubscribe = self.listen(match, self._on_events)
        lineup = [self._agent_choice(match.agents[s]) if s in match.agents else HUMAN for s in range(match.players)]
        self.new_game_panel.show_game(players=match.players, seed=match.seed, lineup=lineup)
        if _REPLAY_BOT in self.agent_factories and _REPLAY_BOT not in lineup:
            del self.agent_factories[_REPLAY_BOT]
            self.new_game_panel.remove_choice(_REPLAY_BOT)
        self.watch_bar.layout.display = None if not self.humans else "none"

    def _agent_choice(self, agent: AgentLike) -> str:
        """The New game panel's name for ``agent``: the table's own bot of that class, else the agent's name,
        offered from now on (a New game seats that same agent again)."""
        for name, factory in self.agent_factories.items():
            if name != _REPLAY_BOT and isinstance(factory, type) and type(agent) is factory:
                return name
        name = str(getattr(agent, "name", type(agent).__name__))
        if name in self.agent_factories:  # another bot of the table has that name
            name = f"{name} ({type(agent).__name__})"

        def same_agent() -> AgentLike:
            return agent

        self.agent_factories[name] = same_agent
        self.new_game_panel.add_choice(name)
        return name

    def read_only(self) -> w.Widget:
        """Show the position with every control disabled and the New game panel hidden; returns the widget."""
        self.refresh()
        self.on_read_only()
        hidden = (
            self.new_game_panel.widget,
            self.watch_bar,
            self.files.widget,
            self.files.replay_area,
            self.undo_caption,
            self.bot_hint.widget,
        )
        for part in hidden:
            part.layout.display = "none"
        steps = len(self.match.steps) if self.match is not None else 0
        self.status.info(f"Read-only: the table after step {steps}, as seat {self.seat} saw it.")
        disable_all(self.widget)
        self.widget.add_class("playbook-read-only")
        return self.widget

    def on_read_only(self) -> None:
        """Clear anything that asks the person to act (a hint line); the default has nothing to clear."""

    def play_on(self) -> Self:
        """Let bots and chance move up to the person's decision on a match this table was put on (a game
        with no person waits for Step, as a new bot game does)."""
        if self.match is not None:
            self._acting = True
            self._guard(self.match.advance if self.humans else self._resolve_chance)
            self._acting = False
            self._sync_seat()
            self.status.info(f"Playing on from step {len(self.match.steps)}: {self._who_plays()}.")
        self.refresh()
        return self

    def _who_plays(self) -> str:
        humans = self.humans
        if not humans:
            return "bots play every seat; press Step or Play to end to watch"
        if len(humans) == 1:
            return f"you play seat {humans[0]}"
        return f"hot seat for seats {_and(humans)}"

    # -- what can act now ------------------------------------------------------------------------------
    def controls_live(self) -> bool:
        """True when a person at this screen can act on the board now; the one question every control asks.

        False at game over, in a bot game being watched, while a bot that failed holds the game up, and on a
        read-only position; True when the seat shown is the one to move (in a hot-seat game the table
        follows the mover, so whoever is to move gets the controls).

        A game's table uses it for its own controls, for example
        ``tool.disabled = not self.controls_live()`` for a button that explains a refusal when pressed, or
        ``buy.disabled = not self.controls_live() or action not in legal``. As a safety net, after every
        ``refresh()`` that leaves this False, ``TableView`` disables every control of the table outside the
        New game section (the New game panel and what the table puts after it), Undo and the save bar, and
        gives them back as they were at the start of the next ``refresh()``. Step and Play to end are live
        only while bots or chance are to move (``bots_to_move()``).
        """
        match = self.match
        if match is None or self.pinned_seat is not None or match.is_over:
            return False
        return match.waiting_for() == self.seat

    def game_over(self) -> bool:
        """True once the match on the table has ended."""
        return self.match is not None and self.match.is_over

    def bots_to_move(self) -> bool:
        """True while the game goes on and no person is to move: what Step and Play to end can act on."""
        match = self.match
        return match is not None and self.pinned_seat is None and not match.is_over and match.waiting_for() is None

    def _restore_controls(self) -> None:
        """Give back the controls the last settle disabled (the redraw that follows sets its own)."""
        if self.pinned_seat is not None:
            return
        frozen, self._frozen = self._frozen, []
        for widget in frozen:
            if getattr(widget, "comm", None) is not None:
                widget.disabled = False

    def _settle_controls(self) -> None:
        """After a redraw: Step and Play to end, the Undo caption, the final scores, the save choices, and
        every board control disabled when no person can act (see ``controls_live``)."""
        if not hasattr(self, "_live_section"):
            return
        self.step_button.disabled = self.play_to_end_button.disabled = not self.bots_to_move()
        self._show_undo_caption()
        self._show_final_scores()
        self.files.show_choices(self.match.players if self.match is not None else 0)
        live = self.controls_live()
        self.bot_hint.enable(live)  # before the safety net: set here, never frozen and given back
        if self.bot_hint.shown_at is not None and self.bot_hint.shown_at != self._hint_position():
            self._clear_hint()  # the position moved on (a move, a redraw of another match): the hint is stale
        if live:
            return
        keep = widget_tree(*self._live_section)
        for widget in widget_tree(self.widget).values():
            if id(widget) not in keep and "disabled" in widget.trait_names() and not widget.disabled:
                widget.disabled = True
                self._frozen.append(widget)

    def _show_undo_caption(self) -> None:
        """Say by the button what Undo takes back: one action and everything bots and chance did since, named
        and counted from the match's steps (``Match.undo`` takes back the last person's step and every step
        after it)."""
        words = self.undo_words()
        self.undo_button.tooltip = words
        self.undo_caption.value = f"<small style='color:#555'>{escape(words)}</small>"

    def undo_words(self) -> str:
        """What Undo would take back now, in words: the last person's action (``describe``) and how many bot
        moves and chance steps followed it; before any person's move, what Undo does in general."""
        people = len(self.humans)
        words: dict[str, Any] = {"watching": self.watching, "people": people, "chance": self.game.INFO.has_chance}
        steps = self.match.steps if self.match is not None else ()
        last = next((i for i in range(len(steps) - 1, -1, -1) if steps[i].actor == "player"), None)
        if self.watching or last is None:
            return undo_words(**words)
        after = [step.actor for step in steps[last + 1 :]]
        mover = steps[last].seat
        return undo_words(
            **words,
            last=self.describe_played(steps[last].action),
            whose=f"seat {mover}'s" if people > 1 and mover is not None else None,
            bot_moves=after.count("agent"),
            chance_steps=after.count("chance"),
        )

    def describe_played(self, action: Action) -> str:
        """An action played earlier, in words true whatever the position is now (Undo's caption names the last
        one). The default is ``describe``; a table whose ``describe`` reads the position now (an outcome, a
        tile on top of a stack) gives words without it."""
        return self.describe(action)

    # -- a hint: what would a bot play here? ---------------------------------------------------------------
    def _default_hint_bot(self) -> str | None:
        """The bot a hint asks unless the person picks another: the first bot of the table's default line-up
        (its ``__init__``'s, or the nearest base class's: the bot ``views.TABLE_BOTS`` names for the game), so
        a table asks the bot it seats first however it was built (a table put on a match is built with other
        seats); else the first bot of its menu but the random one."""
        defaults = (
            parameter.default
            for cls in type(self).__mro__
            if "__init__" in vars(cls)
            and (parameter := inspect.signature(vars(cls)["__init__"]).parameters.get("lineup")) is not None
        )
        seated = next((lineup for lineup in defaults if isinstance(lineup, Sequence)), ())
        bots = [name for name in self.agent_factories if name not in (_REPLAY_BOT, _RANDOM_BOT)]
        return next((name for name in seated if name in bots), bots[0] if bots else None)

    def mark_hint(self, action: Action | None) -> None:
        """A hook: mark the hinted ``action`` on the board (None: take the mark away), where the words alone
        leave the move hard to find (Planet Unknown's squares). The default marks nothing: the hint line says it.
        """

    def _clear_hint(self) -> None:
        if self.bot_hint.shown_at is not None:
            self.bot_hint.clear()
            self.mark_hint(None)

    def _hint_position(self) -> HintPosition | None:
        match = self.match
        return None if match is None else (id(match), len(match.steps), self.seat)

    def show_hint(self) -> Action | None:
        """Show under the status line what the chosen bot would play for the person to move; returns that action
        (None when no person is to move here or the bot gave no answer). Nothing is played.

        The bot is a new one of the menu's kind, asked as ``Match`` asks an agent (``decide``, with the match's
        time limit): the seat's observation, the legal actions and an RNG of its own from the match seed, the
        seat and the step (``agent_rng``). It never sees the state, and the match's streams are not drawn
        from, so the same position gives the same hint and the game goes on as if nobody had asked. A bot that
        fails or answers with a move the rules do not open says so in the hint line; the game is untouched.
        """
        match = self.match
        bot = self.bot_hint.bot
        position = self._hint_position()
        if match is None or bot is None or position is None or not self.controls_live():
            self._clear_hint()
            return None
        action, words = self._ask_hint_bot(match, bot, self.seat)
        if action is None:
            self.bot_hint.show_failure(bot, words, position)
        else:
            self.bot_hint.show(bot, words, position)
        self.mark_hint(action)
        return action

    def _ask_hint_bot(self, match: Match, bot: str, seat: int) -> tuple[Action | None, str]:
        """The move a new ``bot`` would make for ``seat`` and its words (see ``show_hint``); else None and why
        the bot gave none."""
        legal = match.legal_actions()
        rng = agent_rng(match.seed, seat, len(match.steps))
        try:
            agent = self.agent_factories[bot]()
            action = decide(agent, seat, match.state.observation(seat), legal, rng, match.time_limit)
            if action not in legal:
                return None, f"it chose {action}, which the rules do not open now"
            return action, self.describe(action)
        except PlaybookError as exc:
            return None, str(exc)
        except Exception as exc:  # a bug must still not show a traceback to a student
            return None, f"unexpected problem: {exc}"

    # -- the end: points by source ---------------------------------------------------------------------
    def score_breakdown(self, observation: Mapping[str, Any]) -> ScoreRows:
        """The final score of every seat by source, from what ``observation`` (the seat shown, at the end)
        shows: a frame or rows, one per seat, with column names in words. Shown as a table at game over.

        A game's table fills it with its rulebook's scoring (money, a shelf bonus, points by kind ...). The
        default is each seat's final score: the observation's ``scores`` when it lists one per seat, else
        the game's final scores (every seat sees them once the game is over).
        """
        match = self.match
        assert match is not None
        scores = observation.get("scores")
        if not isinstance(scores, list) or len(scores) != match.players:
            scores = list(match.state.scores())
        return [
            {"seat": seat, "player": self.player_label(seat), "final score": score} for seat, score in enumerate(scores)
        ]

    def _show_final_scores(self) -> None:
        match = self.match
        if match is None or not match.is_over:
            self.final_scores.layout.display = "none"
            self._scored = None
            return
        shown = (id(match), len(match.steps), self.seat)
        if shown == self._scored:
            return
        self._scored = shown
        try:
            rows = self.score_breakdown(match.state.observation(self.seat))
            frame = rows if isinstance(rows, pd.DataFrame) else pd.DataFrame(list(rows))
            caption = "Final scores by source" if len(frame.columns) > 3 else "Final scores"
            self.final_scores.value = frame_html(frame, caption)
        except Exception as exc:  # a bug in a breakdown must not hide the end of the game
            self.final_scores.value = no_math(f"<i>The score breakdown could not be drawn: {escape(exc)}</i>")
        self.final_scores.layout.display = None

    # -- files: save, load, replay, CSV ------------------------------------------------------------------
    def _file_stem(self) -> str:
        match = self.match
        assert match is not None
        return f"{self.game.INFO.name}-seed{match.seed}-step{len(match.steps)}"

    def _save_file(self) -> tuple[str, bytes]:
        """The save the Save button downloads: the whole match, or the copy of the seat chosen."""
        match = self.match
        assert match is not None
        seat = self.files.chosen_seat()
        text = match.to_json(seat=seat)
        name = f"{self._file_stem()}.json" if seat is None else f"{self._file_stem()}-seat{seat}.json"
        what = "the whole game (keep it: it shows every hidden card)" if seat is None else f"seat {seat}'s copy"
        self.status.info(f"Saved {what} as {name}: Load a game opens it again.")
        return name, text.encode("utf-8")

    def _log_file(self) -> tuple[str, bytes]:
        match = self.match
        assert match is not None
        return f"{self._file_stem()}-log.csv", frame_csv(match.events_frame())

    def economy_frame(self) -> pd.DataFrame:
        """The frame **Economy as CSV** saves. The default is what the table's charts draw (one row per
        point: chart, series, axis titles, x and y); a game's table may return its own economy frame."""
        return charts_frame(chart.figure for chart in self.live_charts())

    def _economy_file(self) -> tuple[str, bytes]:
        return f"{self._file_stem()}-economy.csv", frame_csv(self.economy_frame())

    def load_game(self, data: str | bytes, *, name: str = "the file") -> bool:
        """Open a game file, as Load a game does: a whole save (``Match.to_json()``) resumes on this table,
        bots in the seats bots played; a seat's copy (``Match.to_json(seat=k)``) opens read-only in the
        replay area. A file that is not a game of this table is refused in the status line, never with a
        traceback, and the table's game is left as it was."""
        try:
            text, data_read = read_game_file(data, name, self.game.INFO.name, self.game.INFO.title)
            if data_read.get("record") == "seat":
                self._open_seat_copy(SeatRecord.from_json(text), name)
            else:
                self._resume(text, name)
        except PlaybookError as exc:
            self.status.error(f"{name}: {exc}", heading="Could not load:")
            return False
        except Exception as exc:  # a bug must still not show a traceback to a student
            self.status.error(f"{name}: unexpected problem: {exc}", heading="Could not load:")
            return False
        return True

    def _resume(self, text: str, name: str) -> None:
        """Resume a whole save: the seats a person played stay people's, bots play the others."""
        people_only = Match.from_json(text)  # checks the file; tells who moved at every step
        match = Match.from_json(text, agents=self._agents_for(people_only))
        self._put_on(match, next((s for s in range(match.players) if s not in match.agents), 0), subscribe=True)
        self.pinned_seat = None
        self.play_on()
        where = "the game is over" if match.is_over else self._who_plays()
        self.status.info(f"Loaded {name}: seed {match.seed}, {len(match.steps)} steps; {where}.")

    def _agents_for(self, match: Match) -> dict[int, AgentLike]:
        """A new agent for every seat of a loaded match a bot plays now (see ``loaded_lineup``)."""
        bots = [name for name in self.agent_factories if name != _REPLAY_BOT]
        lineup = loaded_lineup(match, self.new_game_panel.lineup(), bots)
        return {seat: self.agent_factories[name]() for seat, name in enumerate(lineup) if name != HUMAN}

    def _open_seat_copy(self, record: SeatRecord, name: str) -> None:
        viewer = replay_views.RecordReplay(record, title=f"Seat {record.seat}'s copy, from {name}")
        self._show_replay(viewer)
        self.status.info(f"Opened {name}: seat {record.seat}'s copy, {len(record.steps)} steps, read-only below.")

    def replay_this_game(self) -> View | None:
        """Open a replay of the game on the table, as it stands, in the replay area (a copy: the game on the
        table goes on untouched); **Play from here** there plays on from any step."""
        match = self.match
        if match is None:
            return None
        viewer = self.replay_view(match.fork(len(match.steps)))
        self._show_replay(viewer)
        self.status.info(f"The replay of this game, {len(match.steps)} steps, is below the table.")
        return viewer

    def replay_view(self, match: Match) -> View:
        """The replay **Replay this game** opens on a copy of the table's match; the default scrubs this
        table, read-only, seen by the seat shown and only by the seats people play (a bot's hidden cards stay
        hidden from the person playing against it; a bot game may be seen by any seat). A game's table may
        add its chart (its ``replay``)."""
        return replay_views.table_replay(type(self), match, self.seat, seats=self.humans or None)

    def _show_replay(self, replay: View | replay_views.RecordReplay) -> None:
        self.close_replay()
        self.replay = replay
        self.files.show_replay(replay.widget)

    def close_replay(self) -> None:
        """Close the replay this table opened, if any."""
        old, self.replay = self.replay, None
        self.files.show_replay(None)
        if isinstance(old, View):
            old.close()
        elif old is not None:
            close_widgets(old)

    # -- actions ---------------------------------------------------------------------------------------
    def act(self, action: Action) -> bool:
        """Play the person's action, then let agents and chance move; errors go to the status line."""
        match = self.match
        if match is None:
            return False
        if match.is_over:
            self.status.error("the game is over: start a new game")
            return False
        mover = match.waiting_for()
        if mover is None:
            self.status.error(
                "no person is to move: press Step to watch the bots" if self.watching else "it is not your turn"
            )
            return False
        self._acting = True  # one redraw per click, not one per notification
        try:
            match.play(action)
        except PlaybookError as exc:
            self.status.error(str(exc))
            return False
        except Exception as exc:  # a bug must still not show a traceback to a student
            self.status.error(f"unexpected problem: {exc}")
            return False
        finally:
            self._acting = False
        self._clear_hint()
        who = "You" if not self.hot_seat else f"Seat {mover}"
        message = f"{who}: {self.describe(action)}"
        self._acting = True
        self._guard(match.advance)
        self._acting = False
        following = match.waiting_for()
        if self.hot_seat and following is not None and following != mover:
            message += f" — seat {following} to move: pass the screen."
        self.status.info(message)
        self.refresh()
        return True

    def undo(self) -> None:
        """Take back the last person's move (and what bots and chance did after it).

        Never leaves a bot to move with nothing to press: with no person's move left to take back nothing
        changes, and after taking one back bots and chance move on again up to a person's decision. In a
        bot game being watched, Undo takes back the last step.
        """
        match = self.match
        if match is None:
            return
        people_moves = any(step.actor == "player" for step in match.steps)
        if not self.watching and not people_moves:
            self.status.info("Nothing to undo: no move made at this table yet.")
            self.refresh()
            return
        self.problem.clear()  # what failed came after the move taken back; if it fails again, it shows again
        self._clear_hint()
        self._acting = True
        removed = match.undo()
        if not self.watching and match.waiting_for() is None and not match.is_over:
            self._guard(match.advance)
        self._acting = False
        self._sync_seat()
        if not removed:
            self.status.info("Nothing to undo.")
        elif self.hot_seat:
            self.status.info(f"Undone: seat {self.seat} to move again.")
        else:
            self.status.info("Undone.")
        self.refresh()

    def step(self) -> None:
        """Watch one bot move (with any chance before it); a person to move is left to move."""
        match = self.match
        if match is None:
            return
        if match.is_over:
            self.status.info("The game is over: start a new game.")
            return
        before = len(match.steps)
        self._acting = True
        self._guard(self._step_once)
        self._acting = False
        moved = [s for s in match.steps[before:] if s.actor == "agent"]
        if moved:
            last = moved[-1]
            seat = last.seat if last.seat is not None else 0
            self.status.info(f"{self.player_label(seat).capitalize()}: {self.describe(last.action)}")
        elif match.waiting_for() is not None:
            self.status.info(f"{self.player_label(match.waiting_for() or 0).capitalize()} to move.")
        self.refresh()

    def play_to_end(self) -> None:
        """Let bots and chance play until a person must move or the game ends."""
        match = self.match
        if match is None:
            return
        self._acting = True
        self._guard(match.advance)
        self._acting = False
        self.status.info("Played to the end." if match.is_over else "Played up to a person's move.")
        self.refresh()

    def _step_once(self) -> None:
        match = self.match
        assert match is not None
        moved = False
        while True:
            seat = match.state.current_player
            if seat is None or (seat != CHANCE and (seat not in match.agents or moved)):
                return
            moved = moved or seat != CHANCE
            match.advance(max_steps=1)

    def _resolve_chance(self) -> None:
        match = self.match
        assert match is not None
        while match.state.current_player == CHANCE:
            match.advance(max_steps=1)

    def _guard(self, call: Callable[[], object]) -> None:
        """Let bots and chance move; whatever raises (a student's strategy above all) stops the game there and
        is shown in the problem area, where the status lines that follow cannot hide it."""
        self.problem.clear()
        try:
            call()
        except Exception as exc:
            self.problem.show(self._problem_text(exc))

    def _problem_text(self, error: Exception) -> str:
        """What stopped the game, whose bot it was (the seat and the strategy's name) and how to go on."""
        match = self.match
        seat = match.state.current_player if match is not None else None
        reason = str(error) or "no message"
        if not isinstance(error, PlaybookError):
            reason = f"{type(error).__name__}: {reason}"
        if match is not None and seat is not None and seat != CHANCE and seat in match.agents:
            return (
                f"The bot in {self.player_label(seat)} failed, so the game stops here: {reason}. "
                f"To go on, choose another player for seat {seat} in the New game panel and press New game, "
                "or press Undo."
            )
        return f"Something failed, so the game stops here: {reason}. Press Undo or start a new game."

    def _on_events(self, match: Match, events: tuple[Event, ...]) -> None:
        if not self._acting:
            self.refresh()

    def live_charts(self) -> Sequence[LiveChart]:
        """The view's charts (kept for views that list them; a ``LiveChart`` is always current)."""
        return ()

    def _entering(self, method_name: str) -> None:
        """Before every redraw, show the seat of the person to move (hot seat) and give back the controls the
        last redraw disabled (the redraw sets its own)."""
        if method_name == "refresh":
            self._sync_seat()
            self._restore_controls()

    def _leaving(self, method_name: str) -> None:
        """After every redraw, settle what no table should leave live (see ``controls_live``)."""
        if method_name == "refresh":
            self._settle_controls()
