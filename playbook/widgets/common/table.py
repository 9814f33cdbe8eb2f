"""``TableView``: the shared life cycle of a playable table (see the package docstring)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any, Self

import ipywidgets as w

from playbook.core.agents import RandomAgent
from playbook.core.errors import PlaybookError
from playbook.core.match import Match
from playbook.core.protocol import CHANCE, Action, Event

from .charts import LiveChart
from .panels import HUMAN, AgentFactory, ErrorArea, EventLog, NewGamePanel, StatusLine, _and
from .registry import widget_tree
from .view import View

#: The bots' name while a table is built only to be put on another match.
_REPLAY_BOT = "replay"


def disable_all(root: w.Widget) -> None:
    """Disable every control inside ``root``: a position to look at, not to play."""
    for widget in widget_tree(root).values():
        if "disabled" in widget.trait_names():
            widget.disabled = True


def _insert_after(root: w.Widget, anchor: w.Widget, widget: w.Widget) -> None:
    """Put ``widget`` right after ``anchor`` in the box that holds it (at the top of ``root`` if none does)."""
    for box in widget_tree(root).values():
        children = getattr(box, "children", ())
        if any(child is anchor for child in children):
            place = next(i for i, child in enumerate(children) if child is anchor) + 1
            box.children = (*children[:place], widget, *children[place:])
            return
    if isinstance(root, w.Box):
        root.children = (widget, *root.children)


class TableView(View):
    """The shared life cycle of a playable table; subclasses build and redraw the board.

    Subclasses define ``build()`` (make ``self.widget``) and ``refresh()`` (redraw from ``self.match``),
    show the board of ``self.seat`` and enable its controls when ``self.match.waiting_for() == self.seat``.
    See the module docstring for hot seat, watching bot games, undo and releasing widgets.

    A bot (or anything else) that raises while bots and chance move stops the game there: ``self.problem``,
    an area under the status line that status messages never overwrite, says which seat's bot failed and
    why, until Undo or a new game; the New game panel stays usable to give that seat another player.
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
        self.agent_factories = dict(agents)
        self.rules = rules
        self.game_rules = rules if rules is not None else self.game.Rules.standard()
        self.describe = describe
        self.status = StatusLine()
        self.problem = ErrorArea()
        self.log = EventLog()
        self.undo_button = w.Button(description="Undo", icon="undo")
        self.undo_button.on_click(lambda _: self.undo())
        self.step_button = w.Button(description="Step", icon="step-forward", tooltip="One bot move")
        self.step_button.on_click(lambda _: self.step())
        self.play_to_end_button = w.Button(description="Play to end", icon="fast-forward")
        self.play_to_end_button.on_click(lambda _: self.play_to_end())
        self.watch_bar = w.HBox([w.HTML("<b>Watch the bots:</b>"), self.step_button, self.play_to_end_button])
        self.watch_bar.add_class("playbook-watch-bar")
        self.new_game_panel = NewGamePanel(
            agents=self.agent_factories,
            min_players=self.game.INFO.min_players,
            max_players=self.game.INFO.max_players,
            players=players,
            seed=seed,
            lineup=lineup,
            on_new_game=self.new_game,
        )
        self.match: Match | None = None
        self._acting = False
        self._unsubscribe: Callable[[], None] | None = None
        self.seat = 0
        #: The seat a read-only position keeps showing (``on_match(..., subscribe=False)``), else None.
        self.pinned_seat: int | None = None
        self.build()
        shown = widget_tree(self.widget)
        if id(self.watch_bar) not in shown:
            panel = self.new_game_panel.widget
            panel.children = (self.watch_bar, *panel.children)
        if id(self.problem.widget) not in shown:
            _insert_after(self.widget, self.status.widget, self.problem.widget)
        self.new_game()

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

    # -- a table for a match it did not start (replays and forks) -------------------------------------
    @classmethod
    def on_match(cls, match: Match, seat: int, *, subscribe: bool) -> Self:
        """A table showing ``match`` from ``seat`` instead of a game of its own.

        The table is built as a bot game (nothing moves until Step, so building it plays nothing); its own
        match is then dropped and ``match`` put in its place. With ``subscribe`` the table follows ``match``
        as a playable table does; without, it listens to nothing (a read-only position).
        """
        table = cls(
            players=match.players,
            seed=match.seed,
            lineup=[_REPLAY_BOT] * match.players,
            rules=match.rules,
            agents={_REPLAY_BOT: RandomAgent},
        )
        if table._unsubscribe is not None:
            table._unsubscribe()
            table._unsubscribe = None
        table.match = match
        table.seat = seat
        table.problem.clear()  # the table's own game is gone, and any problem with it
        if subscribe:
            table._unsubscribe = table.listen(match, table._on_events)
        else:
            table.pinned_seat = seat
        return table

    def read_only(self) -> w.Widget:
        """Show the position with every control disabled and the New game panel hidden; returns the widget."""
        self.refresh()
        self.on_read_only()
        self.new_game_panel.widget.layout.display = "none"
        self.watch_bar.layout.display = "none"
        steps = len(self.match.steps) if self.match is not None else 0
        self.status.info(f"Read-only: the table after step {steps}, as seat {self.seat} saw it.")
        disable_all(self.widget)
        self.widget.add_class("playbook-read-only")
        return self.widget

    def on_read_only(self) -> None:
        """Clear anything that asks the person to act (a hint line); the default has nothing to clear."""

    def play_on(self) -> Self:
        """Let bots and chance move up to the person's decision on a match this table was put on."""
        if self.match is not None:
            self._acting = True
            self._guard(self.match.advance)
            self._acting = False
            self.status.info(f"Playing on from step {len(self.match.steps)}: you play seat {self.seat}.")
        self.refresh()
        return self

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
        """Before every redraw, show the seat of the person to move (hot seat)."""
        if method_name == "refresh":
            self._sync_seat()
