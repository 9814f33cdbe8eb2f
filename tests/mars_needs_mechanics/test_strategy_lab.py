"""The strategy lab for Mars Needs Mechanics: what the threshold seller's knobs do to its play, the economy
measures per game and per round against the engine, and the board a table played on from a position opens.

What every game's lab shares (the knobs listed, whole games at every seat count, the lab tabs, the sweep, the
replay) is checked over the registry in ``tests/widgets/test_strategy_labs.py`` and ``test_game_views.py``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pandas as pd

from playbook.core import Match
from playbook.games import mars_needs_mechanics as mnm
from playbook.games.mars_needs_mechanics import Rules, agents, economy
from playbook.games.mars_needs_mechanics.actions import DoneSelling, SellSet
from playbook.games.mars_needs_mechanics.components import EndReason
from playbook.widgets.mars_needs_mechanics import play_table

from .helpers import ALL_MECHANISMS

Seller = agents.ThresholdSeller


def played(seed: int = 5, players: int = 4) -> Match:
    rules = Rules.standard().with_mechanisms(list(ALL_MECHANISMS))
    lineup = [agents.QuickSeller(), agents.LateBuyer(), agents.Hoarder(), agents.Mechanic()]
    match = Match(mnm, players=players, seed=seed, rules=rules, agents=dict(enumerate(lineup[:players])))
    match.advance()
    return match


def positions(seeds: range = range(3)) -> list[tuple[Mapping[str, Any], tuple[Any, ...]]]:
    """(observation, legal actions) of every decision of seat 0 in a few seeded bot games."""
    found: list[tuple[Mapping[str, Any], tuple[Any, ...]]] = []
    for seed in seeds:
        match = played(seed)
        for state in match:
            if state.current_player == 0 and not state.is_terminal:
                found.append((state.observation(0), tuple(state.legal_actions())))
    return found


def test_a_higher_sell_at_never_sells_where_a_lower_one_holds_and_somewhere_holds() -> None:
    sell_positions = [(obs, legal) for obs, legal in positions() if obs["phase"] == "sell"]
    held_more = 0
    for obs, legal in sell_positions:
        sells = [isinstance(Seller(sell_at=s).sell(obs, legal), SellSet) for s in (1, 4, 6, 8, 10)]
        assert sells == sorted(sells, reverse=True), sells  # once it holds, a higher threshold holds too
        held_more += sells[0] and not sells[-1]
    assert held_more > 0


def test_more_wait_passes_never_buys_where_fewer_passes_and_somewhere_waits() -> None:
    buy_positions = [(obs, legal) for obs, legal in positions() if obs["phase"] == "play" and not obs["primary_done"]]
    waited = 0
    for obs, legal in buy_positions:
        buys = [Seller(wait_passes=n, max_price=12).buy(obs, legal) is not None for n in range(4)]
        assert buys == sorted(buys, reverse=True), buys
        waited += buys[0] and not buys[-1]
    assert waited > 0


def test_a_lower_max_price_never_pays_more_and_somewhere_refuses() -> None:
    buy_positions = [(obs, legal) for obs, legal in positions() if obs["phase"] == "play" and not obs["primary_done"]]
    refused = 0
    for obs, legal in buy_positions:
        for cap in range(1, 13):
            buy = Seller(wait_passes=0, max_price=cap).buy(obs, legal)
            assert buy is None or obs["prices"][buy.component] <= cap
        refused += Seller(wait_passes=0, max_price=12).buy(obs, legal) is not None and (
            Seller(wait_passes=0, max_price=3).buy(obs, legal) is None
        )
    assert refused > 0


def test_threshold_seller_at_one_sells_every_set_it_may_and_ends_selling_otherwise() -> None:
    for obs, legal in positions(range(1)):
        if obs["phase"] != "sell":
            continue
        action = Seller(sell_at=1).sell(obs, legal)
        has_sale = any(isinstance(a, SellSet) for a in legal)
        assert isinstance(action, SellSet) == has_sale
        assert has_sale or isinstance(action, DoneSelling)


def test_metrics_are_checked_against_the_engine() -> None:
    match = played(4)
    state: Any = match.state
    kpis = economy.metrics(state)
    assert kpis["ended_deck_empty"] == float(state.end_reason == EndReason.DECK_EMPTY)
    assert kpis["ended_deck_empty"] + kpis["ended_no_purchases"] == 1.0
    assert kpis["rounds"] == state.round
    assert kpis["mean_value"] == sum(state.values) / 7
    assert kpis["value_spread"] == max(state.values) - min(state.values)
    flows = economy.money_flows(match)
    assert kpis["net_cogs_paid_out"] == flows["amount"].sum()
    assert kpis["total_cogs"] == sum(state.cogs)
    cogs = sorted(state.cogs)
    assert kpis["winning_margin"] == cogs[-1] - cogs[-2]
    sold = [r.event for r in match.events if r.event.kind == "set_sold"]
    assert kpis["cards_discarded"] == sum(e.cards + e.scrap for e in sold)  # type: ignore[attr-defined]


def test_economy_frame_rows_per_round_and_seat_agree_with_the_cogs_and_the_events() -> None:
    match = played(3)
    frame = economy.economy_frame(match)
    assert list(frame.columns) == list(economy.ECONOMY_COLUMNS)
    assert len(frame) == 4 * match.state.round  # rounds from 1: no set-up row
    by_round = economy.cogs_by_round(match.events_frame(), 4)
    merged = frame.merge(by_round, on=["round", "seat"], suffixes=("", "_events"))
    assert (merged["cogs"] == merged["cogs_events"]).all()
    for seat in range(4):
        mine = frame[frame["seat"] == seat].sort_values("round")
        before = pd.concat([pd.Series([30]), mine["cogs"].iloc[:-1]], ignore_index=True)
        assert list(mine["cogs"]) == list(before + mine["earned"].to_numpy() - mine["spent"].to_numpy())
    final = frame[frame["round"] == frame["round"].max()].iloc[0]
    values = match.state.values  # type: ignore[attr-defined]
    assert final["mean_value"] == sum(values) / 7 and final["value_spread"] == max(values) - min(values)
    purchases = sum(1 for r in match.events if r.event.kind == "purchased")
    assert frame["cards_bought"].sum() == purchases


# -- a table played on from a position -------------------------------------------------------------------------


def test_a_table_played_on_from_a_position_opens_pass_and_the_market_as_the_rules_allow() -> None:
    """The board of Mars' table on a fork: Pass is pressable exactly when the rules open it, and a market card or
    the Sell Sets panel is there to act on."""
    match = played(2)
    fork = match.fork(40, agents={seat: agent for seat, agent in match.agents.items() if seat != 2})
    table = play_table(fork, 2)
    try:
        assert fork.waiting_for() == 2 and table.seat == 2
        legal = fork.legal_actions()
        assert (not table.pass_button.disabled) == (mnm.Pass() in legal)
        assert any(not b.disabled for b in table.market_box.children) or table.sell_panel.layout.display is None
    finally:
        table.close()
