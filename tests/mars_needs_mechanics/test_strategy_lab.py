"""The strategy lab for Mars Needs Mechanics: the knobbed threshold seller, economy measures per game and per
round, and the read-only replay."""

from __future__ import annotations

import pickle
from typing import Any

import pandas as pd

from playbook import analysis
from playbook.core import Match, tournament
from playbook.games import mars_needs_mechanics as mnm
from playbook.games.mars_needs_mechanics import Rules, agents, economy
from playbook.games.mars_needs_mechanics.actions import DoneSelling, SellSet
from playbook.games.mars_needs_mechanics.components import EndReason

from .helpers import ALL_MECHANISMS

Seller = agents.ThresholdSeller


def played(seed: int = 5, players: int = 4) -> Match:
    rules = Rules.standard().with_mechanisms(list(ALL_MECHANISMS))
    lineup = [agents.QuickSeller(), agents.LateBuyer(), agents.Hoarder(), agents.Mechanic()]
    match = Match(mnm, players=players, seed=seed, rules=rules, agents=dict(enumerate(lineup[:players])))
    match.advance()
    return match


def positions(seeds: range = range(3)) -> list[tuple[dict[str, Any], tuple[Any, ...]]]:
    """(observation, legal actions) of every decision of seat 0 in a few seeded bot games."""
    found = []
    for seed in seeds:
        match = played(seed)
        for state in match:
            if state.current_player == 0 and not state.is_terminal:
                found.append((state.observation(0), tuple(state.legal_actions())))
    return found


def test_threshold_seller_is_the_parametric_strategy_and_out_of_the_lesson_list() -> None:
    assert agents.PARAMETRIC is Seller
    assert Seller not in agents.STRATEGIES
    assert set(Seller.knobs) == {"sell_at", "wait_passes", "max_price"}
    assert Seller.description.endswith(".") and Seller.description.count(". ") == 0
    agent = Seller(sell_at=8)
    assert agent.label() == "threshold seller (sell_at=8, wait_passes=1, max_price=8)"
    assert pickle.loads(pickle.dumps(agent)).settings == agent.settings


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


def test_default_threshold_seller_plays_whole_games_with_legal_moves() -> None:
    results = tournament(mnm, [Seller(), agents.QuickSeller(), agents.LateBuyer()], games=6, seed=3, metrics=True)
    assert len(results) == 18
    assert set(results["agent"]) == {"threshold seller", "quick seller", "late buyer"}
    assert results["rounds"].min() > 0
    kpis = [c for c in results.columns if c.startswith("kpi_")]
    assert "kpi_mean_value" in kpis and "kpi_net_cogs_paid_out" in kpis
    for obs, legal in positions(range(1)):
        assert Seller().choose(obs, legal, None) in legal  # type: ignore[arg-type]


def test_threshold_seller_at_one_sells_every_set_it_may_and_ends_selling_otherwise() -> None:
    for obs, legal in positions(range(1)):
        if obs["phase"] != "sell":
            continue
        action = Seller(sell_at=1).sell(obs, legal)
        has_sale = any(isinstance(a, SellSet) for a in legal)
        assert isinstance(action, SellSet) == has_sale
        assert has_sale or isinstance(action, DoneSelling)


def test_metrics_are_numbers_checked_against_the_engine() -> None:
    match = played(4)
    state: Any = match.state
    kpis = economy.metrics(state)
    assert all(isinstance(value, float) for value in kpis.values())
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
    assert len(frame) == 4 * match.state.round  # type: ignore[attr-defined]
    last = frame[frame["round"] == frame["round"].max()].sort_values("seat")
    assert list(last["score"]) == list(match.state.scores())
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
    changes = analysis.lead_changes(frame.assign(game=0))
    assert len(changes) == 1 and changes.iloc[0]["lead_changes"] >= 0


# -- replay ----------------------------------------------------------------------------------------------------------


def test_position_view_shows_the_table_as_it_stood_read_only_and_listens_to_nothing() -> None:
    from playbook.widgets.common import widget_tree
    from playbook.widgets.mars_needs_mechanics import position_view

    match = played(2)
    fork = match.fork(60)
    view = position_view(fork, 1)
    controls = [x for x in widget_tree(view).values() if "disabled" in x.trait_names()]
    assert controls and all(x.disabled for x in controls)
    assert fork._subscribers == [] and match._subscribers == []
    html = " ".join(str(getattr(x, "value", "")) for x in widget_tree(view).values())
    assert f"Round {fork.state.round}" in html  # type: ignore[attr-defined]
    assert "Read-only: the table after step 60, as seat 1 saw it." in html
    assert fork.history == match.history[:60], "rendering plays nothing"


def test_replay_scrubs_and_plays_on_from_a_step_with_the_person_in_the_seat() -> None:
    from playbook.widgets.mars_needs_mechanics import replay

    original = played(2)
    lineup = {0: agents.QuickSeller(), 1: agents.LateBuyer(), 2: agents.Hoarder(), 3: agents.Mechanic()}
    match = Match.from_json(original.to_json(), agents=lineup)
    viewer = replay(match, seat=2)
    assert viewer.step == len(match.steps)
    viewer.slider.value = 40
    assert "Step 40 of" in viewer.heading.value
    assert viewer.chart is not None
    shapes = viewer.chart.figure.layout.shapes
    assert len(shapes) == 1 and shapes[0].x0 == match.fork(40).state.round  # type: ignore[attr-defined]
    fork = viewer.play_from_here()
    (table,) = viewer.opened_tables  # type: ignore[attr-defined]
    assert table.match is fork and 2 not in fork.agents and fork.history[:40] == match.history[:40]
    assert fork.waiting_for() == 2 and table.seat == 2
    assert table.widget in viewer.widget.children[-1].children
    legal = fork.legal_actions()
    assert (not table.pass_button.disabled) == (mnm.Pass() in legal)
    assert any(not b.disabled for b in table.market_box.children) or table.sell_panel.layout.display is None
    assert match.history == original.history, "the replayed match is never changed"
    viewer.close()
    table.close()


# -- the dashboard's lab tabs --------------------------------------------------------------------------------------


def test_lab_tabs_run_the_threshold_seller_like_a_headless_lab_with_the_same_settings() -> None:
    from playbook.widgets.lab import StrategyLab
    from playbook.widgets.mars_needs_mechanics import DEFAULT_AGENTS, LabTabs

    tabs = LabTabs(seed=3, games=20)
    assert tabs.widget.titles == ("Strategy lab", "Rule sweep", "Replay")
    assert tabs.widget.children == (tabs.lab.widget, tabs.sweep.widget, tabs.replay_box) and tabs.viewer is None
    tabs.lab.knobs["sell_at"].value = 8
    shown = tabs.lab.run()
    twin = StrategyLab(mnm, Seller, DEFAULT_AGENTS, players=4, games=20, seed=3)
    twin.knobs["sell_at"].value = 8
    expected = twin.run()
    assert shown is not None and expected is not None and shown.equals(expected)
    assert "threshold seller" in set(shown["agent"]) and tabs.lab.progress.value == 20
    assert [t.y for t in tabs.lab.win_chart.data] == [t.y for t in twin.win_chart.data]
    assert "sell_at" in tabs.lab.history_table.value or "sell at" in tabs.lab.history_table.value
    tabs.sweep.field.value = "order_line_rise"
    tabs.sweep.low.value, tabs.sweep.high.value, tabs.sweep.steps.value = 1, 4, 4
    tabs.sweep.games.value = 5
    swept = tabs.sweep.run()
    assert swept is not None and sorted(swept["value"].unique()) == [1.0, 2.0, 3.0, 4.0]
    assert "kpi_mean_value" in tabs.sweep.measures()
    tabs.sweep.measure.value = "kpi_mean_value"
    tabs.widget.selected_index = 2  # the replay is built when its tab is opened
    assert tabs.viewer is not None and tabs.replay_box.children == (tabs.viewer.widget,)
    assert tabs.viewer.step == len(tabs.viewer.match.steps) and tabs.viewer.match.is_over
    tabs.close()
    twin.close()
