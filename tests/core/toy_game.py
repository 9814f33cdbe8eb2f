"""A game small enough to read in one screen, written on the engine template: the core's tests play it.

Sticks: a pile of sticks; the seat to move takes 1 to ``max_take``; whoever takes the last stick wins.
A die (a chance step) decides the pile at the start.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, ClassVar, NamedTuple

from playbook.core import Action, Event, GameInfo
from playbook.core.engine import EngineState, Move, check_players, check_seed, round_prefix, uniform_outcomes
from playbook.core.protocol import Json

INFO = GameInfo("sticks", "Sticks", 2, 4, has_chance=True, has_hidden_information=False)


@dataclass(frozen=True, slots=True)
class Rules:
    max_take: int = 3

    @classmethod
    def standard(cls) -> Rules:
        return cls()

    def to_dict(self) -> dict[str, Json]:
        return {"max_take": self.max_take}

    @classmethod
    def from_dict(cls, data: dict[str, Json]) -> Rules:
        value = data["max_take"]
        assert isinstance(value, int)
        return cls(value)


class Phase(IntEnum):
    ROLL = 0
    TAKE = 1
    OVER = 2


class SticksAction(Action):
    __slots__ = ()
    game = "sticks"


@dataclass(frozen=True, slots=True)
class Roll(SticksAction):
    pile: int
    is_chance = True

    def __str__(self) -> str:
        return f"roll {self.pile}"


@dataclass(frozen=True, slots=True)
class Take(SticksAction):
    count: int

    def __str__(self) -> str:
        return f"take {self.count}"


@dataclass(frozen=True, slots=True)
class Taken(Event):
    round: int
    seat: int
    count: int

    def __str__(self) -> str:
        return f"{round_prefix(self.round)}seat {self.seat} takes {self.count}"


class RollMove(Move["State", Roll]):
    action = Roll

    def legal(self, state: State) -> Iterator[Roll]:
        return (Roll(pile) for pile in range(1, 11))

    def apply(self, state: State, action: Roll) -> tuple[State, tuple[Event, ...]]:
        return state._with(pile=action.pile, phase=Phase.TAKE), ()


class TakeMove(Move["State", Take]):
    action = Take

    def legal(self, state: State) -> Iterator[Take]:
        return (Take(n) for n in range(1, min(state.rules.max_take, state.pile) + 1))

    def why_not(self, state: State, action: Take) -> str:
        if action.count > state.pile:
            return f"only {state.pile} sticks are left"
        return f"take 1 to {state.rules.max_take} sticks"

    def apply(self, state: State, action: Take) -> tuple[State, tuple[Event, ...]]:
        pile = state.pile - action.count
        event = Taken(state.round, state.seat, action.count)
        if pile == 0:
            return state._with(pile=0, phase=Phase.OVER, winner=state.seat), (event,)
        nxt = (state.seat + 1) % state.num_players
        return state._with(pile=pile, seat=nxt, round=state.round + (nxt == 0)), (event,)


ROLL, TAKE = RollMove(), TakeMove()


class _Fields(NamedTuple):
    rules: Rules
    num_players: int
    round: int
    seat: int
    phase: Phase
    pile: int
    winner: int
    taken: tuple[int, ...]


class State(_Fields, EngineState):
    __slots__ = ()
    ACTION_BASE = SticksAction
    MOVES: ClassVar[Mapping[type[Action], Move[Any, Any]]] = {Roll: ROLL, Take: TAKE}

    @property
    def current_player(self) -> int | None:
        return {Phase.ROLL: -1, Phase.TAKE: self.seat, Phase.OVER: None}[self.phase]

    @property
    def is_terminal(self) -> bool:
        return self.phase == Phase.OVER

    def open_moves(self) -> tuple[Move[State, Action], ...]:
        return {Phase.ROLL: (ROLL,), Phase.TAKE: (TAKE,), Phase.OVER: ()}[self.phase]  # type: ignore[return-value]

    def chance_outcomes(self) -> tuple[tuple[Action, float], ...]:
        return uniform_outcomes(self.legal_actions()) if self.phase == Phase.ROLL else ()

    def scores(self) -> tuple[float, ...]:
        return tuple(float(seat == self.winner) for seat in range(self.num_players))

    def observation(self, seat: int) -> dict[str, Json]:
        self.check_seat(seat)
        return {"pile": self.pile, "phase": self.phase.name.lower()}


def new_game(players: int, *, seed: int, rules: Rules | None = None) -> State:
    check_players(INFO, players)
    check_seed(seed)
    return State(rules or Rules(), players, 1, 0, Phase.ROLL, 0, -1, ())
