"""A tiny game for testing the shared table parts without depending on any real game's rules.

Each turn a die (chance: 1 or 2) is rolled, then the seat to move adds 1 or 2 to its total. The game
ends after ``TURNS`` turns in all; the highest total wins.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

from playbook.core.protocol import CHANCE, Event, GameInfo

INFO = GameInfo(
    name="fake_game",
    title="Fake Game",
    min_players=1,
    max_players=4,
    has_chance=True,
    has_hidden_information=False,
)
TURNS = 8


class Rules:
    @classmethod
    def standard(cls) -> Rules:
        return cls()

    def to_dict(self) -> dict[str, Any]:
        return {}


@dataclasses.dataclass(frozen=True)
class Add:
    amount: int

    def __str__(self) -> str:
        return f"add {self.amount}"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "add", "amount": self.amount}


@dataclasses.dataclass(frozen=True)
class Roll:
    value: int

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "roll", "value": self.value}


@dataclasses.dataclass(frozen=True)
class Added(Event):
    seat: int
    amount: int

    def __str__(self) -> str:
        return f"seat {self.seat} adds {self.amount}"


@dataclasses.dataclass(frozen=True)
class State:
    num_players: int
    totals: tuple[int, ...]
    turn: int = 0
    rolled: bool = False
    rules: Rules = dataclasses.field(default_factory=Rules)

    @property
    def is_terminal(self) -> bool:
        return self.turn >= TURNS

    @property
    def current_player(self) -> int | None:
        if self.is_terminal:
            return None
        return self.turn % self.num_players if self.rolled else CHANCE

    @property
    def round(self) -> int:
        return self.turn // self.num_players + 1

    def chance_outcomes(self) -> list[tuple[Roll, float]]:
        return [(Roll(1), 0.5), (Roll(2), 0.5)]

    def legal_actions(self) -> Sequence[Any]:
        if self.is_terminal:
            return []
        return [Roll(1), Roll(2)] if not self.rolled else [Add(1), Add(2)]

    def apply(self, action: Any) -> tuple[State, tuple[Event, ...]]:
        from playbook.core.errors import IllegalActionError

        if action not in self.legal_actions():
            raise IllegalActionError(f"{action} is not allowed now")
        if isinstance(action, Roll):
            return dataclasses.replace(self, rolled=True), ()
        seat = self.turn % self.num_players
        totals = list(self.totals)
        totals[seat] += action.amount
        new = dataclasses.replace(self, totals=tuple(totals), turn=self.turn + 1, rolled=False)
        return new, (Added(seat, action.amount),)

    def observation(self, seat: int) -> dict[str, Any]:
        """JSON data, as every game's observation is (a strategy may be run in another process)."""
        return {"seat": seat, "totals": list(self.totals), "turn": self.turn, "rolled": self.rolled}


def new_game(players: int, *, seed: int, rules: Rules | None = None) -> State:
    return State(num_players=players, totals=(0,) * players, rules=rules or Rules())


class AddOne:
    name = "adds one"

    def choose(self, observation: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        return legal[0]
