"""A mutable working copy of a ``State`` for one step: the rules code edits it, then ``finish`` freezes it.

Only the engine uses it, inside ``apply``; a ``State`` itself is never mutated.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from playbook.core import Event

from .actions import Gain
from .board import Board, TrackTables, has_tech, track_tables
from .components import Components, Corporation, EndReason, Phase, Planet, Rules
from .events import TrackerMoved
from .geometry import PlanetMasks, planet_masks

if TYPE_CHECKING:
    from .gains import Worked
    from .state import State

#: A board field's position in ``Board`` (``Work.set_board``).
BOARD_FIELDS = {name: index for index, name in enumerate(Board._fields)}
#: Seats' positions around the station, by player count (section 3.10).
POSITIONS = {1: (0,), 2: (0, 3), 3: (0, 2, 4), 4: (0, 1, 3, 4), 5: (0, 1, 2, 3, 4), 6: (0, 1, 2, 3, 4, 5)}


class Pending(NamedTuple):
    gain: Gain
    value: int = 0


class Work:
    """The fields of a state as plain Python values, changed in place, plus the events so far."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.rules: Rules = state.rules
        self.c: Components = state.rules.c
        self.planets: tuple[Planet, ...]
        self.corporations: tuple[Corporation, ...]
        self.planets, self.corporations = state.rules.seats(state.num_players)
        self.n: int = state.num_players
        self.seed: int = state.seed
        self.round: int = state.round
        self.phase: Phase = state.phase
        self.commander: int = state.commander
        self.step: int = state.step
        self.seat: int = state.seat
        self.rotation: int = state.rotation
        self.stacks: list[tuple[int, ...]] = list(state.stacks)
        self.taken: frozenset[int] = state.taken
        self.boards: list[Board] = list(state.boards)
        self.pending: list[Pending] = list(state.pending)
        self.movement: int = state.movement
        self.placed: bool = state.placed
        self.civ_queue: list[tuple[int, ...]] = list(state.civ_queue)
        self.civ_piles: list[tuple[int, ...]] = list(state.civ_piles)
        self.civ_aside: tuple[int, ...] = state.civ_aside
        self.objective_deck: tuple[int, ...] = state.objective_deck
        self.dealt: list[tuple[int, ...]] = list(state.dealt)
        self.event_deck: tuple[int, ...] = state.event_deck
        self.event: int = state.event
        self.peeks: list[int] = list(state.peeks)
        self.last_round: bool = state.last_round
        self.end_reason: EndReason = state.end_reason
        self.final_scores: tuple[int, ...] = state.final_scores
        self.events: list[Event] = []
        #: what ``gains.auto_resolve`` worked out of the pool ``settle`` stopped at (``None``: it did not stop at one)
        self.worked: Worked | None = None

    def finish(self) -> tuple[State, tuple[Event, ...]]:
        """The new state: every field in ``State``'s order (those a step never changes from the old state), built
        in one ``tuple.__new__``, as ``EngineState._with`` does but without naming each field (once per step)."""
        s = self.state
        state: State = tuple.__new__(type(s), (
            s.rules, s.num_players, s.seed, self.round, self.phase, self.commander, self.step, self.seat,
            self.rotation, s.shift, tuple(self.stacks), self.taken, tuple(self.boards), tuple(self.pending),
            self.movement, self.placed, tuple(self.civ_queue), tuple(self.civ_piles), self.civ_aside,
            s.neighbour_objectives, self.objective_deck, tuple(self.dealt), self.event_deck, self.event,
            tuple(self.peeks), s.solo_target, self.last_round, self.end_reason, self.final_scores,
        ))  # fmt: skip
        return state, tuple(self.events)

    # -- small shared look-ups ---------------------------------------------------------------------------
    @property
    def board(self) -> Board:
        return self.boards[self.seat]

    def tables_of(self, seat: int) -> TrackTables:
        """The track tables of ``seat``'s own corporation (corporations may differ per seat)."""
        return track_tables(self.corporations[seat])

    def masks_of(self, seat: int) -> PlanetMasks:
        """The planet masks of ``seat``'s own planet (planets may differ per seat)."""
        return planet_masks(self.planets[seat])

    def set_board(self, seat: int, **changes: Any) -> Board:
        """``seat``'s board with some fields changed (``tuple.__new__`` on its values, as ``EngineState._with``:
        a step changes a board two or three times, and ``_replace`` costs twice as much)."""
        values = list(self.boards[seat])
        for name, value in changes.items():
            values[BOARD_FIELDS[name]] = value
        board: Board = tuple.__new__(Board, values)
        self.boards[seat] = board
        return board

    def move_tracker(self, seat: int, track: int, end: int, reason: str) -> None:
        """Put ``seat``'s tracker of ``track`` on ``end`` (no benefits: the caller pays them) and say so."""
        start = self.boards[seat].trackers[track]
        trackers = list(self.boards[seat].trackers)
        trackers[track] = end
        self.set_board(seat, trackers=tuple(trackers))
        self.add(TrackerMoved(self.round, seat, track, start, end, reason))

    def tech(self, seat: int, effect: str) -> bool:
        """``has_tech``; most asks are of a tech the seat's corporation does not have, answered here."""
        corporation = self.corporations[seat]
        return effect in corporation.techs and has_tech(self.boards[seat], corporation, effect)

    def event_effect(self) -> str:
        return self.c.event(self.event).effect if self.event else ""

    def event_arg(self) -> str:
        return self.c.event(self.event).arg if self.event else ""

    def order(self) -> list[int]:
        """Seats clockwise from the commander."""
        return [(self.commander + k) % self.n for k in range(self.n)]

    def depot_stacks(self, seat: int) -> tuple[int, int]:
        return depot_stacks(self.n, seat, self.rotation, self.state.shift)

    def add(self, event: Event) -> None:
        self.events.append(event)


#: ``(state, Work)``: the work copy of the step that ended at ``state``, kept to read that state with (``reader``).
_LAST_STEP: list[tuple[object, Work | None]] = [(None, None)]


def keep_for_reading(state: State, w: Work) -> None:
    """``w`` (whose step is finished and which nothing changes again) now reads ``state``: the listing that
    follows every step reads it instead of copying the state once more."""
    w.state = state
    _LAST_STEP[0] = (state, w)


def reader(state: State) -> Work:
    """A ``Work`` to READ ``state`` with: the finished step's own when it ended at ``state``, else a new copy.
    Whoever changes what it reads must use ``Work(state)``."""
    last = _LAST_STEP[0]
    if last[0] is state and last[1] is not None:
        return last[1]
    return Work(state)


def gain(w: Work, seat: int, kind: Gain, value: int = 0) -> None:
    """Put a decision in the acting seat's pool (only the acting seat ever gains one). Here, not in ``tracks.py``
    (which re-exports it): every rule that makes a decision calls it, the plug-ins' effects too, and this module
    imports no rule."""
    if seat == w.seat:
        w.pending.append(Pending(kind, value))


def add_movement(w: Work, seat: int, points: int) -> None:
    """Rover movement for the acting seat (only the acting seat ever moves rovers)."""
    if seat == w.seat:
        w.movement += points


def depot_stacks(players: int, seat: int, rotation: int, shift: int) -> tuple[int, int]:
    """The (exterior, interior) stacks of the depot ``seat`` faces (section 3.10)."""
    depot = (POSITIONS[players][seat] + rotation) % 6
    return depot, 6 + (depot + shift) % 6
