"""Every illegal action raises the right error, names the rule and the seat, and leaves the state as it was."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from playbook.core import Match
from playbook.core.errors import IllegalActionError, InvalidActionError, PlaybookError
from playbook.core.protocol import Action
from playbook.games.mars_needs_mechanics import (
    BreakDown,
    Build,
    Built,
    Buy,
    DoneSelling,
    EndTurn,
    Pass,
    Phase,
    SellSet,
    State,
    action_from_dict,
    new_game,
)

from .helpers import EMPTY, GEAR, LENS, WIRE, base, cost, end_round_by_passing, hand, mech, rules_with

SELL = Phase.SELL


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """An action of another game."""

    game = "offal_game"
    value: int = 6


def refused(state: State, action: Action, error: type[PlaybookError], *phrases: str) -> str:
    """Apply ``action``, expect ``error`` naming ``phrases``, and check the state did not change."""
    before = state.to_dict()
    with pytest.raises(error) as caught:
        state.apply(action)
    message = str(caught.value)
    for phrase in phrases:
        assert phrase in message, message
    assert state.to_dict() == before
    if error is IllegalActionError:
        assert action not in state.legal_actions()
        assert state.why_illegal(action) is not None and state.why_illegal(action) in message
    return message


def test_buying_without_the_cogs() -> None:
    state = base(3, seat=2, market=(GEAR, LENS), cogs=(30, 30, 4))
    refused(state, Buy(GEAR), IllegalActionError, "seat 2", "You may not go into debt", "costs 5", "have 4")


def test_buying_a_card_not_in_the_market() -> None:
    state = base(2, market=(GEAR,))
    refused(state, Buy(LENS), IllegalActionError, "seat 0", "Select a component card from the market".lower())


def test_building_without_the_parts() -> None:
    rules = rules_with("x_ray_goggles")
    state = base(2, rules=rules, seat=1, hands=(EMPTY, hand(lens=1, wire=1)), scrap=(2, 0))
    refused(state, Build(mech(rules, "x_ray_goggles")), IllegalActionError, "seat 1", "needs 1 Wire, 2 Lens")


def test_scrap_in_a_mechanism() -> None:
    rules = rules_with("x_ray_goggles")
    state = base(2, rules=rules, hands=(hand(lens=2), EMPTY), scrap=(2, 2))
    refused(
        state,
        Build(mech(rules, "x_ray_goggles")),
        IllegalActionError,
        "seat 0",
        "Scrap cannot be used as a substitute for other components",
    )


def test_breaking_down_the_automaton() -> None:
    rules = rules_with("automaton")
    automaton = mech(rules, "automaton")
    state = base(2, rules=rules, built=((Built(automaton, hand(gear=5)),), ()))
    refused(state, BreakDown(automaton), IllegalActionError, "seat 0", "can't be broken down once it is built")


def test_breaking_down_a_mechanism_not_built() -> None:
    rules = rules_with("x_ray_goggles")
    refused(base(2, rules=rules), BreakDown(mech(rules, "x_ray_goggles")), IllegalActionError, "seat 0", "built")


def test_building_and_breaking_the_same_mechanism_in_one_turn() -> None:
    rules = rules_with("x_ray_goggles")
    goggles = mech(rules, "x_ray_goggles")
    state = base(2, rules=rules, hands=(cost(rules, "x_ray_goggles"), EMPTY))
    built, _ = state.apply(Build(goggles))
    assert built.seat == 0
    phrase = "You may not build and break down the same mechanism on the same turn"
    refused(built, BreakDown(goggles), IllegalActionError, "seat 0", phrase)
    broken, _ = base(2, rules=rules, built=((Built(goggles, cost(rules, "x_ray_goggles")),), ())).apply(
        BreakDown(goggles)
    )
    refused(broken, Build(goggles), IllegalActionError, "seat 0", phrase)


def test_two_primary_actions() -> None:
    rules = rules_with("x_ray_goggles")
    state = base(2, rules=rules, market=(GEAR, LENS), hands=(cost(rules, "x_ray_goggles"), EMPTY))
    passed, _ = state.apply(Pass())
    refused(passed, Buy(GEAR), IllegalActionError, "seat 0", "Primary Action")
    refused(passed, Pass(), IllegalActionError, "seat 0", "Primary Action")


def test_end_turn_before_the_primary_action() -> None:
    refused(base(2, seat=1), EndTurn(), IllegalActionError, "seat 1", "you must take a Primary Action")


def test_selling_during_play() -> None:
    state = base(2, hands=(hand(gear=3), EMPTY))
    refused(state, SellSet(GEAR, 3), IllegalActionError, "seat 0", "Round Ends")
    refused(state, DoneSelling(), IllegalActionError, "seat 0", "Round Ends")


def test_buying_or_passing_during_sell_sets() -> None:
    selling, _ = end_round_by_passing(base(2, hands=(hand(gear=3), EMPTY)))
    assert selling.phase == SELL
    refused(selling, Buy(selling.market[0]), IllegalActionError, "seat 0", "Sell Sets")
    refused(selling, Pass(), IllegalActionError, "seat 0", "Sell Sets")


def test_selling_what_you_do_not_hold() -> None:
    selling, _ = end_round_by_passing(base(2, hands=(hand(gear=3), EMPTY), scrap=(1, 2)))
    refused(selling, SellSet(GEAR, 4), IllegalActionError, "seat 0", "you hold 3 Gear")
    refused(selling, SellSet(GEAR, 2, 2), IllegalActionError, "seat 0", "you hold 1 Scrap Metal")
    refused(selling, SellSet(WIRE, 0, 1), IllegalActionError, "seat 0", "a set is of a component type")


def test_an_action_of_another_game_is_invalid() -> None:
    state = new_game(2, seed=1)
    refused(state, Roll(), InvalidActionError, "not an action of this game")
    assert "not an action of this game" in (state.why_illegal(Roll()) or "")


@pytest.mark.parametrize(
    "action",
    [
        Buy(99),
        Buy(-1),
        Build("warp_drive"),
        BreakDown(-3),  # type: ignore[arg-type]
        SellSet(7, 3),
        SellSet(GEAR, -1, 4),
        Buy("Gear"),  # type: ignore[arg-type]
        Build(2),  # type: ignore[arg-type]
    ],
)
def test_malformed_actions_are_invalid(action: Action) -> None:
    refused(new_game(2, seed=1), action, InvalidActionError, "there is no" if not isinstance(action, SellSet) else "")
    assert "malformed" in (new_game(2, seed=1).why_illegal(action) or "")


def test_malformed_action_dicts_are_invalid() -> None:
    with pytest.raises(InvalidActionError, match="not an action"):
        action_from_dict({"type": "Roll", "value": 6})
    with pytest.raises(InvalidActionError, match=r"Buy\.component: missing"):
        action_from_dict({"type": "Buy"})
    assert action_from_dict(Buy(3, True).to_dict()) == Buy(3, True)


def test_errors_are_value_errors() -> None:
    assert issubclass(IllegalActionError, ValueError) and issubclass(InvalidActionError, ValueError)


# --- through Match: the engine is seat-agnostic, so "out of turn" is an action for the wrong phase ----------


def refused_by_match(match: Match, action: Action, error: type[PlaybookError], *phrases: str) -> None:
    before = match.state.to_dict()
    history = match.history
    seen: list[object] = []
    match.subscribe(lambda m, events: seen.append(events))
    with pytest.raises(error) as caught:
        match.play(action)
    for phrase in phrases:
        assert phrase in str(caught.value), str(caught.value)
    assert match.state.to_dict() == before and match.history == history and seen == []


def test_match_refuses_sell_during_play_and_end_turn_before_primary() -> None:
    match = Match("mars_needs_mechanics", players=3, seed=11)
    seat = match.state.current_player
    refused_by_match(match, SellSet(GEAR, 3), IllegalActionError, f"seat {seat}", "Round Ends")
    refused_by_match(match, DoneSelling(), IllegalActionError, f"seat {seat}")
    refused_by_match(match, EndTurn(), IllegalActionError, f"seat {seat}", "Primary Action")
    refused_by_match(match, Roll(), InvalidActionError, "not an action of this game")


def test_match_refuses_buy_during_sell_sets() -> None:
    match = Match("mars_needs_mechanics", players=2, seed=3)
    while match.state.phase != SELL:
        legal = match.legal_actions()
        match.play(Pass() if Pass() in legal else next(a for a in legal if isinstance(a, EndTurn | Pass)))
        if match.state.round > 1 and match.state.phase != SELL:
            pytest.fail("no one could sell at the first round's end: pick another seed")
    seat = match.state.current_player
    refused_by_match(match, Buy(match.state.market[0]), IllegalActionError, f"seat {seat}", "Sell Sets")
    refused_by_match(match, EndTurn(), IllegalActionError, f"seat {seat}", "Sell Sets")


def test_match_refuses_any_action_when_the_game_is_over() -> None:
    match = Match("mars_needs_mechanics", players=2, seed=5)
    while not match.is_over:
        legal = match.legal_actions()
        match.play(next((a for a in legal if isinstance(a, Pass | EndTurn | DoneSelling)), legal[0]))
    assert match.state.current_player is None
    refused_by_match(match, Pass(), IllegalActionError, "the game is over")
    with pytest.raises(IllegalActionError, match="the game is over"):
        match.state.apply(Pass())
