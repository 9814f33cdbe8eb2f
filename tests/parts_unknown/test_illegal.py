"""Illegal and invalid actions are refused with the rule named, and the state is unchanged."""

from __future__ import annotations

import dataclasses

import pytest

from playbook.core import Action, IllegalActionError, InvalidActionError
from playbook.games.parts_unknown import (
    Bid,
    BuyCard,
    BuyShelf,
    Draw,
    DumpFromHand,
    PickSeat,
    Reprice,
    Roll,
    RollForViktor,
    Stock,
    action_from_dict,
)

from .helpers import counts, scenario, shelf


@dataclasses.dataclass(frozen=True)
class Alien(Action):
    game = "offal_game"


def _refused(state: object, action: Action, pattern: str) -> None:
    before = state.to_dict()  # type: ignore[attr-defined]
    with pytest.raises(IllegalActionError, match=pattern):
        state.apply(action)  # type: ignore[attr-defined]
    assert state.to_dict() == before  # type: ignore[attr-defined]


def test_other_games_action_is_invalid() -> None:
    state = scenario()
    with pytest.raises(InvalidActionError):
        state.apply(Alien())


def test_unknown_card_is_invalid() -> None:
    with pytest.raises(InvalidActionError, match="not a card"):
        scenario().apply(Stock("Tentacle", 0))


def test_malformed_dict_is_invalid() -> None:
    with pytest.raises(InvalidActionError):
        action_from_dict({"type": "Stock", "card": "Feet"})
    with pytest.raises(InvalidActionError):
        action_from_dict({"type": "Teleport"})


def test_refusals_name_the_rule() -> None:
    state = scenario(
        money=(10, 40), hands=(counts(Feet=1), counts()), displays=(shelf(("Cheese", 0)), shelf(("Zwik", 0)))
    )
    _refused(state, Draw(4), r"Card Price Chart asks \$24")
    _refused(state, Draw(8), "more than 7")
    _refused(state, BuyShelf(), r"shelf costs \$40")
    _refused(state, BuyCard(1, "Zwik", 0), r"marked price is \$18")
    _refused(state, BuyCard(1, "Zwik", 2), "no Zwik at step 2")
    _refused(state, Stock("Cheese", 0), "no Cheese in your hand")
    _refused(state, Stock("Feet", 4), "steps 0 to 3")
    _refused(state, Reprice("Cheese", 0, 0), "another step")
    _refused(state, DumpFromHand("Hands"), "no Hands")
    _refused(state, Roll(3), "only chance")
    _refused(state, PickSeat(0), "only chance")
    _refused(state, Bid(1), "no auction")
    rolled = state.apply(RollForViktor())[0]
    _refused(rolled, Roll(7), "1 to 6")
    _refused(rolled, Stock("Feet", 0), "chance moves next")


def test_message_names_action_and_seat() -> None:
    state = scenario(money=(0, 40))
    with pytest.raises(IllegalActionError) as info:
        state.apply(BuyShelf())
    assert "buy a shelf" in str(info.value) and "seat 0" in str(info.value)


def test_game_over_refuses_everything() -> None:
    state = dataclasses.replace(scenario(), phase=8, end="town")
    assert state.legal_actions() == []
    _refused(state, RollForViktor(), "over")
