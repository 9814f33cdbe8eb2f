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
    from .state import State

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

    def finish(self) -> tuple[State, tuple[Event, ...]]:
        changes: dict[str, Any] = {
            "round": self.round, "phase": self.phase, "commander": self.commander, "step": self.step,
            "seat": self.seat, "rotation": self.rotation, "stacks": tuple(self.stacks), "taken": self.taken,
            "boards": tuple(self.boards), "pending": tuple(self.pending), "movement": self.movement,
            "placed": self.placed, "civ_queue": tuple(self.civ_queue), "civ_piles": tuple(self.civ_piles),
            "civ_aside": self.civ_aside, "objective_deck": self.objective_deck, "dealt": tuple(self.dealt),
            "event_deck": self.event_deck, "event": self.event, "peeks": tuple(self.peeks),
            "last_round": self.last_round, "end_reason": self.end_reason, "final_scores": self.final_scores,
        }  # fmt: skip
        return self.state._with(**changes), tuple(self.events)

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
        board = self.boards[seat]._replace(**changes)
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
        return has_tech(self.boards[seat], self.corporations[seat], effect)

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


def depot_stacks(players: int, seat: int, rotation: int, shift: int) -> tuple[int, int]:
    """The (exterior, interior) stacks of the depot ``seat`` faces (section 3.10)."""
    depot = (POSITIONS[players][seat] + rotation) % 6
    return depot, 6 + (depot + shift) % 6
