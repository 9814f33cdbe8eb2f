"""Illegal and invalid actions are refused with the rule named, and the state is unchanged."""

from __future__ import annotations

import dataclasses
import json

import pytest

from playbook.core import Action, IllegalActionError, InvalidActionError, PlaybookError
from playbook.core.errors import InvalidArgumentError, InvalidStateError
from playbook.games.parts_unknown import (
    BuyCard,
    BuyShelf,
    Draw,
    DumpFromHand,
    End,
    Pass,
    Phase,
    PickSeat,
    Raise,
    Reprice,
    Roll,
    RollForViktor,
    State,
    Stock,
    action_from_dict,
    new_game,
)

from .helpers import RULES, counts, scenario, shelf


@dataclasses.dataclass(frozen=True)
class Alien(Action):
    game = "offal_game"


def _refused(state: State, action: Action, pattern: str) -> None:
    before = state.to_dict()
    with pytest.raises(IllegalActionError, match=pattern):
        state.apply(action)
    assert state.to_dict() == before


def test_other_games_action_is_invalid() -> None:
    state = scenario()
    with pytest.raises(InvalidActionError):
        state.apply(Alien())


def test_unknown_card_is_refused() -> None:
    _refused(scenario(), Stock("Tentacle", 10), "no card called 'Tentacle'")


def test_malformed_dict_is_invalid() -> None:
    with pytest.raises(InvalidActionError):
        action_from_dict({"type": "Stock", "card": "Feet"})
    with pytest.raises(InvalidActionError):
        action_from_dict({"type": "Teleport"})
    with pytest.raises(InvalidActionError, match="price"):
        action_from_dict({"type": "Stock", "card": "Feet", "price": True})


def test_refusals_name_the_rule() -> None:
    state = scenario(
        money=(10, 40), hands=(counts(Feet=1), counts()), displays=(shelf(("Cheese", 0)), shelf(("Zwik", 0)))
    )
    _refused(state, Draw(4), r"Card Price Chart asks \$24")
    _refused(state, Draw(8), "more than 7")
    _refused(state, BuyShelf(), r"shelf costs \$40")
    _refused(state, BuyCard(1, "Zwik", 18), r"marked price is \$18")
    _refused(state, BuyCard(1, "Zwik", 10), r"no Zwik at \$10")
    _refused(state, BuyCard(0, "Cheese", 28), "other players' shelves")
    _refused(state, Stock("Cheese", 28), "no Cheese in your hand")
    _refused(state, Stock("Feet", 13), r"\$20, \$14, \$11, \$6, not \$13")
    _refused(state, Reprice("Cheese", 28, 28), "another price")
    _refused(state, DumpFromHand("Hands"), "no Hands")
    _refused(state, Roll(3), "not open now")
    _refused(state, PickSeat(0), "not open now")
    _refused(state, Raise(1), "not open now")
    _refused(state, Pass(), "not open now")
    rolled = state.apply(RollForViktor())[0]
    _refused(rolled, Roll(7), "1 to 6")
    _refused(rolled, Stock("Feet", 20), "chance moves next")


def test_message_names_action_and_seat() -> None:
    state = scenario(money=(0, 40))
    with pytest.raises(IllegalActionError) as info:
        state.apply(BuyShelf())
    assert "buy a shelf" in str(info.value) and "seat 0" in str(info.value)


def test_game_over_refuses_everything() -> None:
    state = scenario()._with(phase=Phase.OVER, end=End.TOWN)
    assert state.legal_actions() == ()
    assert state.winners() == (0, 1)
    _refused(state, RollForViktor(), "over")


def test_winners_empty_until_over() -> None:
    assert scenario().winners() == ()


def test_bad_new_game_arguments() -> None:
    for players in (1, 7, "4", 4.0, True):
        with pytest.raises(InvalidArgumentError):
            new_game(players, seed=1)  # type: ignore[arg-type]
    for seed in (None, 1.5, "1", True):
        with pytest.raises(InvalidArgumentError):
            new_game(2, seed=seed)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        new_game(2, seed=1, rules={"calendar_length": 3})  # type: ignore[arg-type]


def test_observation_refuses_a_bad_seat() -> None:
    state = scenario(3)
    for seat in (-1, 3, 7, "0", 1.0, True):
        with pytest.raises(InvalidArgumentError):
            state.observation(seat)  # type: ignore[arg-type]


def _mutated(field: str, value: object) -> dict[str, object]:
    data = json.loads(json.dumps(scenario(3).to_dict()))
    data[field] = value
    return data


@pytest.mark.parametrize(
    ("field", "value", "named"),
    [
        ("money", [40, 40], "money"),
        ("money", [40, "40", 40], r"money\[1\]"),
        ("seat", 5, "seat"),
        ("seat", True, "seat"),
        ("town", -1, "town"),
        ("town", 1.5, "town"),
        ("phase", 42, "phase"),
        ("hands", [[0] * 16, [0] * 16, [0] * 15], r"hands\[2\]"),
        ("displays", [[[99, 0]], [], []], "displays"),
        ("displays", [[[0, 9]], [], []], "displays"),
        ("deck", [0, 1, 200], "deck"),
        ("layout", [0, 0, 1, 2], "layout"),
        ("viktor", 28, "viktor"),
        ("end", 1, "end"),
        ("leader", 3, "leader"),
        ("surplus", [0, 0, 0], "surplus"),
        ("phase", 0, "seat"),  # set-up choices in round 1
        ("phase", 2, "chosen"),  # pricing with nothing chosen: no move would be left
        ("bid", 5, "pool"),  # a bid outside an auction
        ("turn_seat", 1, "seat"),  # Step 1 for a seat other than the one to move
    ],
)
def test_from_dict_refuses_bad_fields(field: str, value: object, named: str) -> None:
    with pytest.raises(InvalidStateError, match=named):
        State.from_dict(_mutated(field, value))


def test_from_dict_refuses_missing_and_unknown_fields() -> None:
    data = json.loads(json.dumps(scenario().to_dict()))
    del data["town"]
    with pytest.raises(InvalidStateError, match="town"):
        State.from_dict(data)
    data = json.loads(json.dumps(scenario().to_dict()))
    data["tonw"] = 3
    with pytest.raises(InvalidStateError, match="tonw"):
        State.from_dict(data)
    data = json.loads(json.dumps(scenario().to_dict()))
    data["rules"]["calendar_length"] = 10**12
    with pytest.raises(PlaybookError, match="calendar_length"):
        State.from_dict(data)


def test_to_dict_round_trip() -> None:
    state = scenario(3)
    assert State.from_dict(json.loads(json.dumps(state.to_dict()))) == state
    assert State.from_dict(state.to_dict()).rules == RULES


def test_malformed_actions_are_refused_with_a_playbook_error() -> None:
    """A list in a field (unhashable) or a field of the wrong type is refused, never a TypeError."""
    setup = new_game(3, seed=5)
    assert len(setup.legal_actions()) > 8  # the core looks long legal lists up in a set
    for action in (pu_choose(["Feet"]), pu_choose("Feet"), pu_choose(("Feet", 3)), BuyCard(1, "Feet", [11])):  # type: ignore[arg-type]
        before = setup.to_dict()
        with pytest.raises(PlaybookError):
            setup.apply(action)
        assert setup.to_dict() == before
    with pytest.raises(InvalidActionError, match="malformed"):
        setup.apply(pu_choose(["Feet"]))  # type: ignore[arg-type]
    state = scenario(money=(100, 40), hands=(counts(Feet=3, Hands=2), counts()))
    for action in (Stock("Feet", [11]), Raise("5"), Draw(1.5), BuyCard("1", "Feet", 11)):  # type: ignore[arg-type]
        with pytest.raises(PlaybookError):
            state.apply(action)


def pu_choose(cards: object) -> Action:
    from playbook.games.parts_unknown import ChooseStock

    return ChooseStock(cards)  # type: ignore[arg-type]
