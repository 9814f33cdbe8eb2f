"""Illegal and invalid actions raise errors naming the rule; the state is unchanged."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

import pytest

from playbook.core import Action, IllegalActionError, InvalidActionError
from playbook.games.offal_game import (
    BlindDraw,
    DieRoll,
    EndTurn,
    Roll,
    Take,
    UseCrowbar,
    UseFireHose,
    UseRatTrap,
    action_from_dict,
    new_game,
)
from playbook.games.offal_game.rules import ROLL_DIE

from .helpers import (
    CROWBAR,
    DAY_1,
    DAY_2,
    FIRE_HOSE,
    GRAVES,
    HEARTS,
    RAT,
    RAT_TRAP,
    SALLY,
    VENTRICLE,
    VISCERA,
    at_orders,
    balanced,
    base,
    pipe,
)


def refuse(state: object, action: object, error: type[Exception], *words: str) -> None:
    snapshot = state.to_dict()  # type: ignore[attr-defined]
    with pytest.raises(error) as info:
        state.apply(action)  # type: ignore[attr-defined]
    for word in words:
        assert word in str(info.value), str(info.value)
    assert state.to_dict() == snapshot  # type: ignore[attr-defined]


def test_out_of_turn_take_before_the_roll() -> None:
    refuse(new_game(2, seed=1), EndTurn(), IllegalActionError, "Plunger 1", "must roll", "Phase 1")


def test_player_move_during_a_chance_step() -> None:
    state = base(phase=ROLL_DIE)
    refuse(state, EndTurn(), IllegalActionError, "chance step", "Phase 1")
    refuse(at_orders(), DieRoll(3), IllegalActionError, "chance steps of Phase 1")


def test_roll_twice() -> None:
    refuse(at_orders(), Roll(), IllegalActionError, "already rolled", "Phase 1")


def test_draw_of_a_cube_not_in_the_bag() -> None:
    state = dataclasses.replace(base(phase=ROLL_DIE).apply(DieRoll(1))[0], bag=(10, 10, 10, 10, 0))
    refuse(state, BlindDraw(RAT), IllegalActionError, "BlindDraw")


def test_second_tool_in_a_turn() -> None:
    state = balanced(base(hands=((RAT_TRAP, RAT_TRAP, CROWBAR), (0, 1, 2)), pipe=pipe({14: RAT, 12: RAT})))
    state, _ = state.apply(UseRatTrap(14))
    refuse(state, UseRatTrap(12), IllegalActionError, "already used a tool", "one tool per turn")


def test_tool_not_in_hand() -> None:
    state = balanced(base(hands=((CROWBAR, CROWBAR, CROWBAR), (0, 1, 2)), pipe=pipe({14: RAT})))
    refuse(state, UseRatTrap(14), IllegalActionError, "holds no Rat Trap", "Tool Cards")


def test_fire_hose_after_the_roll() -> None:
    state = at_orders(hands=((FIRE_HOSE, 0, 1), (0, 1, 2)))
    refuse(state, UseFireHose(), IllegalActionError, "before the roll")


def test_crowbar_on_another_plungers_customer() -> None:
    state = at_orders(hands=((CROWBAR, 0, 1), (0, 1, 2)), customers=((VENTRICLE, SALLY), (GRAVES, VISCERA)))
    refuse(state, UseCrowbar(GRAVES), IllegalActionError, "Crowbar")


def test_take_that_does_not_meet_the_age() -> None:
    state = at_orders(customers=((VENTRICLE, SALLY), (GRAVES, VISCERA)), pipe=pipe({0: HEARTS}))
    refuse(state, Take(DAY_1, HEARTS, (VENTRICLE,)), IllegalActionError, "aging requirement", "Day 2")


def test_take_of_parts_not_there_or_for_another_customer() -> None:
    state = at_orders(customers=((VENTRICLE, SALLY), (GRAVES, VISCERA)), pipe=pipe({6: HEARTS}))
    refuse(state, Take(DAY_2, RAT, (VENTRICLE,)), IllegalActionError, "no such card or part")
    refuse(state, Take(DAY_1, HEARTS, (SALLY,)), IllegalActionError, "no Hearts on Day 1")
    refuse(state, Take(DAY_2, HEARTS, (GRAVES,)), IllegalActionError, "not waiting in front of Plunger 1")
    refuse(state, Take(DAY_2, HEARTS, (VENTRICLE, VENTRICLE)), IllegalActionError, "each customer once")
    refuse(state, Take(DAY_2, HEARTS, ()), IllegalActionError, "Plunger 1")


def test_action_after_the_game_is_over() -> None:
    over = dataclasses.replace(at_orders(), phase=5, end=1)
    refuse(over, EndTurn(), IllegalActionError, "game is over")


def test_wrong_types_are_invalid() -> None:
    state = at_orders()
    refuse(state, "EndTurn", InvalidActionError, "not an action")
    refuse(state, Take(DAY_1, HEARTS, 3), InvalidActionError, "customers")  # type: ignore[arg-type]
    refuse(state, Take("Day 1", HEARTS, (1,)), InvalidActionError, "card")  # type: ignore[arg-type]
    refuse(state, Take(True, HEARTS, (1,)), InvalidActionError, "card")


@dataclasses.dataclass(frozen=True, slots=True)
class OtherGameEnd(Action):
    game: ClassVar[str] = "mars_needs_mechanics"


def test_action_from_another_game_is_invalid() -> None:
    refuse(at_orders(), OtherGameEnd(), InvalidActionError, "mars_needs_mechanics", "not of offal_game")
    try:
        from playbook.games.mars_needs_mechanics import EndTurn as MarsEndTurn
    except ImportError:  # pragma: no cover - the reference game is written in parallel
        return
    refuse(at_orders(), MarsEndTurn(), InvalidActionError, "not of offal_game")


def test_action_from_dict_refuses_other_games_and_malformed() -> None:
    assert action_from_dict(Take(1, 3, (6, 3)).to_dict()) == Take(1, 3, (6, 3))
    with pytest.raises(InvalidActionError):
        action_from_dict({"type": "Build", "mechanism": 1})
    with pytest.raises(InvalidActionError):
        action_from_dict({"type": "Take", "card": 1})
    with pytest.raises(InvalidActionError):
        action_from_dict({"type": "Take", "card": "x", "part": 1, "customers": [1]})
