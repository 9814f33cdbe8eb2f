"""The strategy lab for Parts Unknown: the knobbed shopkeeper, economy measures per game and per round, replay."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from playbook.core import Match, tournament
from playbook.games import parts_unknown as pu
from playbook.games.parts_unknown import agents
from playbook.games.parts_unknown.actions import BuyShelf, Reprice, Stock

Markup = agents.MarkupShopkeeper


def seat_actions(settings: dict[str, Any], seeds: range = range(4)) -> list[Any]:
    """Every action the knobbed shopkeeper took in seat 0 of a few seeded three-player games."""
    taken: list[Any] = []
    for seed in seeds:
        match = Match(
            pu, players=3, seed=seed, agents={0: Markup(**settings), 1: agents.Undercutter(), 2: agents.TopShelf()}
        )
        match.advance()
        assert match.is_over
        taken.extend(step.action for step in match.steps if step.actor == "agent" and step.seat == 0)
    return taken


def observations(seed: int = 2) -> list[dict[str, Any]]:
    """What seat 0 saw at every state of a seeded bot game (rivals' shelves change along the way)."""
    match = Match(
        pu, players=3, seed=seed, agents={0: agents.Undercutter(), 1: agents.TopShelf(), 2: agents.Liquidator()}
    )
    match.advance()
    return [state.observation(0) for state in match]


def test_knobbed_shopkeeper_is_the_parametric_strategy_and_out_of_the_lesson_list() -> None:
    assert agents.PARAMETRIC is Markup
    assert Markup not in agents.STRATEGIES
    assert set(Markup.knobs) == {"markup", "reprice_gap", "shelf_reserve"}
    assert Markup.description.endswith(".") and Markup.description.count(". ") == 0
    agent = Markup(markup=1)
    assert agent.label() == "markup (markup=1, reprice_gap=2, shelf_reserve=60)"
    assert pickle.loads(pickle.dumps(agent)).settings == agent.settings


def test_a_higher_markup_never_prices_lower_and_somewhere_prices_higher() -> None:
    seen = observations()
    cards = list(seen[0]["cards"])
    higher = 0
    for obs in seen[::10]:
        for card in cards:
            prices = [Markup(markup=m).price(obs, card) for m in (-2, -1, 0, 1, 2)]
            assert prices == sorted(prices), (card, prices)
            higher += prices[-1] > prices[0]
    assert higher > 0


def test_markup_is_relative_to_the_rivals_lowest_price() -> None:
    for obs in observations()[::25]:
        for card in obs["cards"]:
            lowest = agents.rivals_lowest(obs, card)
            column = obs["cards"][card]["prices"]
            if lowest in column:
                assert Markup(markup=0).price(obs, card) == lowest
                below = [p for p in column if p < lowest]
                assert Markup(markup=-1).price(obs, card) == (below[0] if below else column[-1])


def test_stocked_prices_rise_with_the_markup() -> None:
    def mean_stock_price(markup: int) -> float:
        prices = [a.price for a in seat_actions({"markup": markup}) if isinstance(a, Stock)]
        return sum(prices) / len(prices)

    assert mean_stock_price(-2) < mean_stock_price(0) < mean_stock_price(2)


def test_a_wider_reprice_gap_reprices_less_and_4_never() -> None:
    counts = [sum(isinstance(a, Reprice) for a in seat_actions({"reprice_gap": gap})) for gap in (1, 2, 3, 4)]
    assert counts == sorted(counts, reverse=True) and counts[0] > counts[-1] == 0


def test_a_larger_shelf_reserve_buys_fewer_shelves() -> None:
    counts = [sum(isinstance(a, BuyShelf) for a in seat_actions({"shelf_reserve": r})) for r in (0, 60, 300)]
    assert counts == sorted(counts, reverse=True) and counts[0] > counts[-1]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_default_settings_play_whole_games(players: int) -> None:
    lineup = [Markup(), *[cls() for cls in agents.STRATEGIES][: players - 1]]
    frame = tournament(pu, lineup, games=3, seed=players, players=players)
    assert len(frame) == 3 * players and frame["rounds"].min() > 0
