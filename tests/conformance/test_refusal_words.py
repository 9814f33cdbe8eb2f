"""A refusal names the action in a player's words, through the game's own ``describe``, never an internal index.

Issue 19: clicking an unaffordable Mars market card said "Not allowed: buy component 4 by seat 0: You may not go
into debt...". ``EngineState._refuse`` now words the action with ``describe_action``, which every game points at
its ``describe`` (Mars adds the buyer's price), so Mars says "buy Boiler (5 cogs) by seat 1: ...".
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from playbook.core import CHANCE, IllegalActionError, InvalidActionError
from playbook.core.engine import EngineState, with_article
from playbook.games import available, load
from playbook.games import mars_needs_mechanics as mnm
from playbook.games import offal_game as offal
from playbook.games import parts_unknown as parts
from playbook.games import planet_unknown as planet

GAMES = available()


def refused(state: Any, action: Any) -> str:
    """The text of the ``IllegalActionError`` that applying ``action`` to ``state`` raises."""
    with pytest.raises(IllegalActionError) as caught:
        state.apply(action)
    return str(caught.value)


def random_states(name: str, steps: int = 60, seed: int = 5) -> list[Any]:
    """The states of the first ``steps`` steps of a seeded random two-player game."""
    module = load(name)
    rng, state, states = random.Random(seed), module.new_game(max(2, module.INFO.min_players), seed=seed), []
    for _ in range(steps):
        if state.is_terminal:
            break
        states.append(state)
        if state.current_player == CHANCE:
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], weights=[p for _, p in outcomes])[0]
        else:
            action = rng.choice(list(state.legal_actions()))
        state = state.apply(action)[0]
    return states


@pytest.mark.parametrize("name", GAMES)
def test_every_refusal_words_the_action_with_the_games_describe(name: str) -> None:
    """Each game words its actions itself (``describe_action`` overridden), and every refusal of a move played
    elsewhere in the game starts with those words and the seat."""
    states = random_states(name)
    state_class = type(states[0])
    assert state_class.describe_action is not EngineState.describe_action, f"{name}: describe_action not overridden"
    played = {action for state in states for action in state.legal_actions()}
    checked = 0
    for state in states[::6]:
        for action in sorted(played - set(state.legal_actions()), key=repr)[:4]:
            text = refused(state, action)
            seat = state.current_player
            who = "chance" if seat == CHANCE else f"seat {seat}"
            assert text.startswith(f"{state.describe_action(action)} by {who}: "), text
            checked += 1
    assert checked


def test_an_unaffordable_mars_buy_names_the_card_and_its_price() -> None:
    state = mnm.new_game(2, seed=1)
    seat = state.seat
    state = state._replace(cogs=tuple(0 if s == seat else c for s, c in enumerate(state.cogs)))
    card = state.market[0]
    name, price = state.rules.components[card], state.price(seat, card)
    assert price > 0
    text = refused(state, mnm.Buy(card))
    assert text.startswith(f"buy {name} ({price} cogs) by seat {seat}: You may not go into debt"), text
    assert "component" not in text


def test_a_mars_build_refusal_names_the_mechanism() -> None:
    state = mnm.new_game(2, seed=1)
    text = refused(state, mnm.Build("x_ray_goggles"))
    assert text.startswith(f"build the X-Ray Goggles by seat {state.seat}: "), text
    assert "x_ray_goggles" not in text


def test_a_parts_unknown_shelf_refusal_says_its_price() -> None:
    state = parts.new_game(2, seed=1)
    assert parts.BuyShelf() not in state.legal_actions()
    text = refused(state, parts.BuyShelf())
    assert text.startswith(f"buy a shelf for ${state.rules.shelf_cost} by "), text


def test_an_offal_refusal_says_the_action_in_the_games_words() -> None:
    state = offal.new_game(2, seed=1)
    text = refused(state, offal.EndTurn())
    assert text.startswith(f"{offal.describe(offal.EndTurn())} by seat {state.current_player}: "), text


def test_a_planet_unknown_refusal_says_the_action_in_the_games_words() -> None:
    states = random_states("planet_unknown", steps=10)
    state = next(s for s in states if not any(isinstance(a, planet.StopRovers) for a in s.legal_actions()))
    action = planet.StopRovers()
    text = refused(state, action)
    assert text.startswith(f"{planet.describe(action)} by seat {state.current_player}: "), text


def test_a_malformed_action_keeps_its_message() -> None:
    """A malformed action is refused as malformed, quoting the action itself (no words for a misfit)."""
    state = mnm.new_game(2, seed=1)
    with pytest.raises(InvalidActionError, match=r"^Buy\(component=1\.0.*malformed"):
        state.apply(mnm.Buy(1.0))  # type: ignore[arg-type]


def test_a_kind_not_open_now_reads_with_the_right_article() -> None:
    """ "an end turn is not open now", never "a end turn" (found in Offal's and Planet Unknown's tables)."""
    assert (with_article("end turn"), with_article("use power"), with_article("buy")) == (
        "an end turn", "a use power", "a buy")  # fmt: skip
    state = offal.new_game(2, seed=1)
    while state.current_player == CHANCE or any(isinstance(a, offal.EndTurn) for a in state.legal_actions()):
        state, _ = state.apply(
            state.legal_actions()[0] if state.current_player != CHANCE else state.chance_outcomes()[0][0]
        )
    text = state.why_illegal(offal.EndTurn())
    assert text is not None and text.startswith("an end turn is not open now"), text
