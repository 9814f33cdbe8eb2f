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


# -- economy measures ----------------------------------------------------------------------------------------------


def bot_match(seed: int = 3) -> Match:
    lineup = {0: agents.Undercutter(), 1: agents.TopShelf(), 2: agents.ShelfBuilder()}
    match = Match(pu, players=3, seed=seed, agents=lineup)
    match.advance()
    return match


def test_metrics_read_the_final_state() -> None:
    from playbook.games.parts_unknown import economy

    state = bot_match().state
    kpis = economy.metrics(state)
    assert all(isinstance(v, float) for v in kpis.values())
    assert kpis["money_supply"] == sum(state.money) and kpis["town"] == state.town
    assert kpis["surplus"] == sum(state.surplus) and kpis["shortage"] == sum(state.shortage)
    rates = [r for r in state.going_rates() if r]
    assert kpis["going_rate"] == pytest.approx(sum(rates) / len(rates))
    names = pu.Rules.standard().categories
    assert {f"going_rate_{name.lower()}" for name in names} <= set(kpis)


def test_economy_frame_agrees_with_the_money_and_town_frames_and_the_final_scores() -> None:
    from playbook import analysis
    from playbook.games.parts_unknown import economy

    match = bot_match()
    frame = economy.economy_frame(match)
    players = match.players
    assert list(frame.columns[:5]) == ["round", "seat", "score", "money", "shelves"]
    assert len(frame) == players * (match.state.round + 1) and frame["round"].min() == 0
    money = economy.money_frame(match)
    assert (
        frame[["round", "seat", "money"]].reset_index(drop=True).equals(money.astype(frame[["money"]].dtypes.to_dict()))
    )
    town = economy.town_frame(match).set_index("round")["town"]
    assert (frame.groupby("round")["town"].first() == town.astype(float)).all()
    final = frame[frame["round"] == match.state.round].sort_values("seat")
    assert tuple(final["score"]) == match.state.scores()
    assert (frame.groupby("round")["money_supply"].first() == frame.groupby("round")["money"].sum()).all()
    leads = analysis.lead_changes(frame.assign(game=0))
    assert int(leads["final_leader"].iloc[0]) in match.state.winners()


def test_tournament_adds_the_new_measures_as_kpi_columns() -> None:
    frame = tournament(pu, [Markup(), agents.Undercutter()], games=2, seed=1, metrics=True)
    assert {"kpi_money_supply", "kpi_surplus", "kpi_shortage", "kpi_going_rate", "kpi_town"} <= set(frame.columns)


# -- replay ----------------------------------------------------------------------------------------------------------


def test_position_view_shows_the_table_as_it_stood_read_only_and_listens_to_nothing() -> None:
    from playbook.widgets.common import widget_tree
    from playbook.widgets.parts_unknown import position_view

    match = bot_match()
    fork = match.fork(100)
    view = position_view(fork, 2)
    controls = [x for x in widget_tree(view).values() if "disabled" in x.trait_names()]
    assert controls and all(x.disabled for x in controls)
    assert fork._subscribers == [] and match._subscribers == []
    html = " ".join(str(getattr(x, "value", "")) for x in widget_tree(view).values())
    assert "Read-only: the table after step 100" in html
    assert fork.history == match.history[:100], "rendering plays nothing"


def test_replay_scrubs_and_plays_on_from_a_step_with_the_person_in_the_seat() -> None:
    from playbook.widgets.parts_unknown import replay

    lineup = {0: agents.Undercutter(), 1: agents.TopShelf(), 2: agents.ShelfBuilder()}
    match = Match.from_json(bot_match().to_json(), agents=lineup)
    viewer = replay(match, seat=1)
    viewer.slider.value = 100
    assert "Step 100 of" in viewer.heading.value
    shapes = viewer.chart.figure.layout.shapes
    assert len(shapes) == 1 and shapes[0].x0 == match.fork(100).state.round
    fork = viewer.play_from_here()
    (table,) = viewer.opened_tables
    assert table.match is fork and 1 not in fork.agents and fork.history[:100] == match.history[:100]
    assert fork.waiting_for() == 1 and table.seat == 1
    assert table.widget in viewer.widget.children[-1].children
    assert match.history == bot_match().history, "the replayed match is never changed"
    viewer.close()


# -- the dashboard's lab tabs --------------------------------------------------------------------------------------


def test_lab_tabs_run_the_markup_shopkeeper_like_a_headless_lab_and_sweep_the_shelf_cost() -> None:
    from playbook.widgets.lab import StrategyLab
    from playbook.widgets.parts_unknown import LAB_AGENTS, LabTabs

    tabs = LabTabs(seed=3, games=10)
    assert tabs.widget.titles == ("Strategy lab", "Rule sweep", "Replay")
    assert list(tabs.lab.opponent_picker.value) == ["undercutter", "top shelf", "shelf builder"]
    tabs.lab.knobs["markup"].value = 2
    shown = tabs.lab.run()
    twin = StrategyLab(pu, Markup, LAB_AGENTS, players=4, games=10, seed=3)
    twin.knobs["markup"].value = 2
    expected = twin.run()
    assert shown is not None and expected is not None and shown.equals(expected)
    assert [t.y for t in tabs.lab.win_chart.data] == [t.y for t in twin.win_chart.data]
    sweep = tabs.sweep
    assert sweep.field.value == "calendar_length"  # a rule that changes the game (shelf cost: no bot buys one)
    sweep.low.value, sweep.high.value, sweep.steps.value, sweep.games.value = 6, 18, 2, 5
    frame = sweep.run()
    assert frame is not None and sorted(frame["value"].unique()) == [6.0, 18.0]
    assert "kpi_shelves" in sweep.measures() and "kpi_money_supply" in sweep.measures()
    assert tabs.viewer is None
    tabs.widget.selected_index = 2  # the replay is built when its tab is opened
    assert tabs.viewer is not None and tabs.replay_box.children == (tabs.viewer.widget,)
    assert tabs.viewer.match.is_over and tabs.open_replay() is tabs.viewer
    tabs.close()
    twin.close()
