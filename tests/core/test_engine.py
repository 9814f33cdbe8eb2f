"""The engine template in the core: cached legality, the illegal-move guard, winners, JSON with type checks."""

from __future__ import annotations

import pytest

from playbook.core import (
    CHANCE,
    IllegalActionError,
    InvalidActionError,
    InvalidArgumentError,
    InvalidStateError,
)
from playbook.core.engine import derived_seed, winners_with_ties

from .toy_game import INFO, Phase, Roll, Rules, State, Take, Taken, new_game


def rolled(pile: int = 7) -> State:
    return new_game(2, seed=1).apply(Roll(pile))[0]


def test_with_copies_and_changes_only_the_named_fields() -> None:
    state = rolled()
    changed = state._with(pile=3, seat=1)
    assert (changed.pile, changed.seat, changed.round) == (3, 1, state.round)
    assert type(changed) is State and state.pile == 7


def test_legal_actions_are_cached_per_state_and_agree_with_apply() -> None:
    state = rolled()
    assert state.legal_actions() is state.legal_actions()
    assert state.legal_actions() == (Take(1), Take(2), Take(3))
    other = rolled(2)
    assert other.legal_actions() == (Take(1), Take(2))
    assert state.legal_actions() == (Take(1), Take(2), Take(3))


def test_illegal_action_is_refused_with_the_move_why_not_and_the_seat() -> None:
    state = rolled(2)
    assert state.why_illegal(Take(2)) is None
    assert state.why_illegal(Take(3)) == "only 2 sticks are left"
    with pytest.raises(IllegalActionError, match=r"take 3 by seat 0: only 2 sticks are left"):
        state.apply(Take(3))


def test_action_of_a_closed_move_names_what_is_open() -> None:
    state = new_game(2, seed=1)
    assert state.current_player == CHANCE
    with pytest.raises(IllegalActionError, match="chance moves next"):
        state.apply(Take(1))


def test_foreign_and_malformed_actions_are_invalid_not_illegal() -> None:
    state = rolled()
    with pytest.raises(InvalidActionError):
        state.apply("take 1")  # type: ignore[arg-type]
    with pytest.raises(InvalidActionError, match="malformed"):
        state.apply(Take([1]))  # type: ignore[arg-type]


def test_winners_are_empty_until_the_end_and_ties_are_shared() -> None:
    state = rolled(1)
    assert state.winners() == ()
    end, events = state.apply(Take(1))
    assert end.is_terminal and end.winners() == (0,)
    assert events == (Taken(1, 0, 1),)
    assert str(events[0]) == "Round 1: seat 0 takes 1"
    assert winners_with_ties([3, 5, 5]) == (1, 2)


def test_json_round_trip_keeps_types_and_enums() -> None:
    state = rolled()._with(taken=(1, 2))
    data = state.to_dict()
    assert data["phase"] == int(Phase.TAKE) and data["rules"] == {"max_take": 3}
    back = State.from_dict(data)
    assert back == state and isinstance(back.phase, Phase) and back.taken == (1, 2)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("pile", "7", "State.pile: must be an int"),
        ("pile", True, "State.pile: must be an int"),
        ("pile", 7.0, "State.pile: must be an int"),
        ("phase", 9, "State.phase: must be one of"),
        ("taken", [1, "x"], r"State.taken\[1\]: must be an int"),
        ("pile", 2**80, "within"),
    ],
)
def test_from_dict_refuses_a_bad_field_naming_it(field: str, value: object, message: str) -> None:
    data = rolled().to_dict()
    data[field] = value
    with pytest.raises(InvalidStateError, match=message):
        State.from_dict(data)


def test_from_dict_refuses_missing_and_unknown_fields() -> None:
    data = rolled().to_dict()
    del data["pile"]
    with pytest.raises(InvalidStateError, match=r"State\.pile: missing"):
        State.from_dict(data)
    with pytest.raises(InvalidStateError, match="unknown field 'colour'"):
        State.from_dict({**rolled().to_dict(), "colour": 1})
    with pytest.raises(InvalidStateError, match="must be an object"):
        State.from_dict([1, 2])  # type: ignore[arg-type]


def test_observation_refuses_a_seat_out_of_range() -> None:
    with pytest.raises(InvalidArgumentError, match="seat must be between 0 and 1, not 2"):
        rolled().observation(2)


def test_players_and_seed_are_checked_at_the_door() -> None:
    with pytest.raises(InvalidArgumentError, match="players must be between 2 and 4"):
        new_game(5, seed=1)
    with pytest.raises(InvalidArgumentError, match="players must be an int"):
        new_game(True, seed=1)
    with pytest.raises(InvalidArgumentError, match="seed must be an int"):
        new_game(2, seed=None)  # type: ignore[arg-type]
    assert INFO.max_players == 4 and Rules.standard().max_take == 3


def test_derived_seeds_are_stable_and_distinct() -> None:
    assert derived_seed(7, "deck", 1) == derived_seed(7, "deck", 1)
    assert derived_seed(7, "deck", 1) != derived_seed(7, "deck", 2)
    assert derived_seed(7, "deck", 1) == 1500438687703602404


def test_an_unhashable_action_is_invalid_even_among_many_legal_actions() -> None:
    state = rolled(10)._with(rules=Rules(max_take=10))
    assert len(state.legal_actions()) > 8
    with pytest.raises(InvalidActionError, match="malformed"):
        state.apply(Take([1]))  # type: ignore[arg-type]
