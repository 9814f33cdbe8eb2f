"""The strategy lab for Parts Unknown: what the markup shopkeeper's knobs do to its play, the economy measures per
game and per round against the money and the Town, and where the dashboard's lab opens.

What every game's lab shares (the knobs listed, whole games at every seat count, the lab tabs, the sweep, the
replay) is checked over the registry in ``tests/widgets/test_strategy_labs.py`` and ``test_game_views.py``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from playbook.core import Match
from playbook.games import parts_unknown as pu
from playbook.games.parts_unknown import agents, economy
from playbook.games.parts_unknown.actions import BuyShelf, Reprice, Stock
from playbook.widgets.parts_unknown import LabTabs

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


def observations(seed: int = 2) -> list[Mapping[str, Any]]:
    """What seat 0 saw at every state of a seeded bot game (rivals' shelves change along the way)."""
    match = Match(
        pu, players=3, seed=seed, agents={0: agents.Undercutter(), 1: agents.TopShelf(), 2: agents.Liquidator()}
    )
    match.advance()
    return [state.observation(0) for state in match]


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


# -- economy measures ----------------------------------------------------------------------------------------------


def bot_match(seed: int = 3) -> Match:
    lineup = {0: agents.Undercutter(), 1: agents.TopShelf(), 2: agents.ShelfBuilder()}
    match = Match(pu, players=3, seed=seed, agents=lineup)
    match.advance()
    return match


def test_metrics_read_the_final_state() -> None:
    state: Any = bot_match().state
    kpis = economy.metrics(state)
    assert kpis["money_supply"] == sum(state.money) and kpis["town"] == state.town
    assert kpis["surplus"] == sum(state.surplus) and kpis["shortage"] == sum(state.shortage)
    rates = [r for r in state.going_rates() if r]
    assert kpis["going_rate"] == pytest.approx(sum(rates) / len(rates))
    names = pu.Rules.standard().categories
    assert {f"going_rate_{name.lower()}" for name in names} <= set(kpis)


def test_economy_frame_agrees_with_the_money_and_town_frames() -> None:
    match = bot_match()
    frame = economy.economy_frame(match)
    players = match.players
    assert list(frame.columns[:5]) == ["round", "seat", "score", "money", "shelves"]
    assert len(frame) == players * (match.state.round + 1) and frame["round"].min() == 0  # turn 0: the set-up
    money = economy.money_frame(match)
    assert (
        frame[["round", "seat", "money"]].reset_index(drop=True).equals(money.astype(frame[["money"]].dtypes.to_dict()))
    )
    town = economy.town_frame(match).set_index("round")["town"]
    assert (frame.groupby("round")["town"].first() == town.astype(float)).all()
    assert (frame.groupby("round")["money_supply"].first() == frame.groupby("round")["money"].sum()).all()


# -- the dashboard's lab -------------------------------------------------------------------------------------


def test_the_lab_opens_on_the_pricing_bots_and_the_sweep_on_the_calendar_in_words() -> None:
    """The lab preselects the bots that trade on price (``LAB_AGENTS`` puts them first), and the sweep opens on the
    Calendar's length, the rule that moves the final score (the shelf's price, the first before, no bot pays)."""
    tabs = LabTabs(seed=1)
    try:
        assert list(tabs.lab.opponent_picker.value) == ["undercutter", "top shelf", "shelf builder"]
        sweep = tabs.sweep
        assert sweep is not None and sweep.field.value == "calendar_length"
        assert list(sweep.agent_picker.value) == ["undercutter", "top shelf"]
        layout = sweep.chart.figure.layout
        words = [layout.title.text, layout.xaxis.title.text]
        assert all("Calendar" in text and "_" not in text for text in words), words
    finally:
        tabs.close()
