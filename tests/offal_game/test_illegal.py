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
    UseFireHose,
    action_from_dict,
    new_game,
)

from .helpers import (
    CLOG_FULL,
    CROWBAR,
    DAY_1,
    DAY_2,
    FIRE_HOSE,
    GRAVES,
    HEARTS,
    OVER,
    RAT,
    RAT_TRAP,
    ROLL_DIE,
    SALLY,
    VENTRICLE,
    VISCERA,
    at_orders,
    balanced,
    base,
    crowbar,
    pipe,
    replace,
    take,
    trap,
)


def refuse(state: object, action: object, error: type[Exception], *words: str) -> None:
    snapshot = state.to_dict()  # type: ignore[attr-defined]
    with pytest.raises(error) as info:
        state.apply(action)  # type: ignore[attr-defined]
    for word in words:
        assert word in str(info.value), str(info.value)
    assert state.to_dict() == snapshot  # type: ignore[attr-defined]


def test_out_of_turn_take_before_the_roll() -> None:
    refuse(new_game(2, seed=1), EndTurn(), IllegalActionError, "seat 0", "end turn is not open", "open: roll")


def test_player_move_during_a_chance_step() -> None:
    state = base(phase=ROLL_DIE)
    refuse(state, EndTurn(), IllegalActionError, "chance moves next", "die roll")
    refuse(at_orders(), DieRoll(3), IllegalActionError, "die roll is not open", "open: end turn, take")


def test_roll_twice() -> None:
    refuse(at_orders(), Roll(), IllegalActionError, "roll is not open", "seat 0")


def test_draw_of_a_cube_not_in_the_bag() -> None:
    state = replace(base(phase=ROLL_DIE).apply(DieRoll(1))[0], bag=(10, 10, 10, 10, 0))
    refuse(state, BlindDraw(RAT), IllegalActionError, "holds no rats", "by chance")


def test_second_tool_in_a_turn() -> None:
    state = balanced(base(hands=((RAT_TRAP, RAT_TRAP, CROWBAR), (0, 1, 2)), pipe=pipe({14: RAT, 12: RAT})))
    state, _ = state.apply(trap(14))
    refuse(state, trap(12), IllegalActionError, "already been played", "one tool per turn")


def test_tool_not_in_hand() -> None:
    state = balanced(base(hands=((CROWBAR, CROWBAR, CROWBAR), (0, 1, 2)), pipe=pipe({14: RAT})))
    refuse(state, trap(14), IllegalActionError, "holds no Rat Trap", "Tool Cards")


def test_fire_hose_after_the_roll() -> None:
    state = at_orders(hands=((FIRE_HOSE, 0, 1), (0, 1, 2)))
    refuse(state, UseFireHose(), IllegalActionError, "before the reserve's d4")


def test_crowbar_on_another_plungers_customer() -> None:
    state = at_orders(hands=((CROWBAR, 0, 1), (0, 1, 2)), customers=((VENTRICLE, SALLY), (GRAVES, VISCERA)))
    refuse(state, crowbar(GRAVES), IllegalActionError, "Crowbar")


def test_take_that_does_not_meet_the_age() -> None:
    state = at_orders(customers=((VENTRICLE, SALLY), (GRAVES, VISCERA)), pipe=pipe({0: HEARTS}))
    refuse(state, take(DAY_1, HEARTS, VENTRICLE), IllegalActionError, "aging requirement", "Day 2")


def test_take_of_parts_not_there_or_for_another_customer() -> None:
    state = at_orders(customers=((VENTRICLE, SALLY), (GRAVES, VISCERA)), pipe=pipe({6: HEARTS}))
    refuse(state, take(DAY_2, RAT, VENTRICLE), IllegalActionError, "no such card or part")
    refuse(state, take(DAY_1, HEARTS, SALLY), IllegalActionError, "no Hearts on Day 1")
    refuse(state, take(DAY_2, HEARTS, GRAVES), IllegalActionError, "Dr. Lazarus Graves is not waiting in front")
    refuse(state, take(DAY_2, HEARTS, VENTRICLE, VENTRICLE), IllegalActionError, "each customer once")
    refuse(state, take(DAY_2, HEARTS), IllegalActionError, "at least one")
    refuse(state, Take(DAY_2, HEARTS, ("Nobody",)), IllegalActionError, "Nobody is not waiting")


def test_action_after_the_game_is_over() -> None:
    over = replace(at_orders(), phase=OVER, end=CLOG_FULL)
    refuse(over, EndTurn(), IllegalActionError, "game is over")


def test_wrong_types_are_invalid() -> None:
    state = at_orders()
    refuse(state, "EndTurn", InvalidActionError, "not an action")
    refuse(state, Take(DAY_1, HEARTS, 3), InvalidActionError, "customers")  # type: ignore[arg-type]
    refuse(state, Take("Day 1", HEARTS, ("Count Ventricle",)), InvalidActionError, "card")  # type: ignore[arg-type]
    refuse(state, Take(True, HEARTS, ("Count Ventricle",)), InvalidActionError, "card")  # type: ignore[arg-type]
    refuse(state, Take(DAY_2, HEARTS, (6,)), InvalidActionError, "customers")  # type: ignore[arg-type]
    refuse(state, Take(DAY_2, HEARTS, ["Count Ventricle"]), InvalidActionError, "malformed")  # type: ignore[arg-type]
    refuse(state, DieRoll(True), InvalidActionError, "value")


@dataclasses.dataclass(frozen=True, slots=True)
class OtherGameEnd(Action):
    game: ClassVar[str] = "mars_needs_mechanics"


def test_action_from_another_game_is_invalid() -> None:
    refuse(at_orders(), OtherGameEnd(), InvalidActionError, "OtherGameEnd", "not an action of this game")
    try:
        from playbook.games.mars_needs_mechanics import EndTurn as MarsEndTurn
    except ImportError:  # pragma: no cover - the reference game is written in parallel
        return
    refuse(at_orders(), MarsEndTurn(), InvalidActionError, "not an action of this game")


def test_action_from_dict_refuses_other_games_and_malformed() -> None:
    assert action_from_dict(take(1, 3, 6, 3).to_dict()) == take(1, 3, 6, 3)
    with pytest.raises(InvalidActionError):
        action_from_dict({"type": "Build", "mechanism": 1})
    with pytest.raises(InvalidActionError):
        action_from_dict({"type": "Take", "card": 1})
    with pytest.raises(InvalidActionError):
        action_from_dict({"type": "Take", "card": "x", "part": 1, "customers": [1]})
