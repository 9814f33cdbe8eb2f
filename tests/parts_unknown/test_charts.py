"""The Parts Unknown chart helpers are pure: frames from the events, figures from the frames."""

from __future__ import annotations

import pandas as pd
import pytest

import playbook
from playbook import charts
from playbook.charts.parts_unknown import CATEGORY_COLOURS
from playbook.games.parts_unknown import agents, economy


def played_match(seed: int) -> playbook.Match:
    match = playbook.Match(
        "parts_unknown",
        players=4,
        seed=seed,
        agents={0: agents.Undercutter(), 1: agents.ShelfBuilder(), 2: agents.Liquidator(), 3: agents.Cornerer()},
    )
    match.advance()
    return match


@pytest.mark.parametrize("seed", [0, 1, 7])
def test_money_per_turn_ends_at_each_seats_money(seed: int) -> None:
    match = played_match(seed)
    money = economy.parts_unknown_money(match.events_frame(), players=4)
    state = match.state
    assert list(money.columns) == ["round", "seat", "money"]
    assert sorted(money["round"].unique()) == list(range(state.round + 1))
    assert money[money["round"] == 0]["money"].tolist() == [40] * 4
    assert money[money["round"] == state.round]["money"].tolist() == list(state.money)
    fig = charts.money_over_time(money, value="money", x="round", players=4)
    assert [trace.y[-1] for trace in fig.data] == list(state.money)


def test_money_per_turn_follows_every_state_of_a_match() -> None:
    match = played_match(3)
    money = economy.money_frame(match).set_index(["round", "seat"])["money"]
    first_of_turn = {}
    for state in match:
        first_of_turn.setdefault(state.round, state)
    checked = 0
    for turn in first_of_turn:
        if turn and turn + 1 in first_of_turn:  # a finished turn: its money is the next turn's starting money
            assert [money[(turn, seat)] for seat in range(4)] == list(first_of_turn[turn + 1].money)
            checked += 1
    assert checked == match.state.round - 1


def test_town_per_turn_follows_the_town() -> None:
    match = played_match(0)
    town = economy.town_frame(match)
    assert town["town"].iloc[0] == 4 and town["town"].iloc[-1] == match.state.town
    assert town["change"].sum() == match.state.town - 4
    fig = charts.town_over_time(town)
    assert list(fig.data[0].y) == town["town"].tolist()
    # the frame's ``round`` counts turns (0 to 47 with four players): the axis says so, in the rulebook's word
    assert fig.layout.xaxis.title.text == "turn (0 = set-up)" and fig.layout.xaxis.tickformat == "d"
    assert "by turn" in fig.layout.title.text and "round" not in fig.layout.title.text
    assert max(fig.data[0].x) == match.state.round > 12  # more than the Calendar's 12 spaces: turns, not rounds


def test_empty_events_give_the_starting_values() -> None:
    empty = pd.DataFrame()
    assert economy.parts_unknown_money(empty, players=2)["money"].tolist() == [40, 40]
    assert economy.parts_unknown_town(empty, starting_town=5)["town"].tolist() == [5]
    # the old names in playbook.charts are thin aliases of the economy's builders until the re-exports move
    assert charts.parts_unknown_money(empty, players=2)["money"].tolist() == [40, 40]
    assert charts.parts_unknown_town(empty, starting_town=5)["town"].tolist() == [5]


def test_money_flows_add_up_to_each_seats_money() -> None:
    """``money_flows``: one row per payment; each seat's start plus its flows is its money now."""
    match = played_match(1)
    flows = economy.money_flows(match)
    assert list(flows.columns) == ["round", "seat", "source", "amount"]
    per_seat = flows.groupby("seat")["amount"].sum()
    assert [40 + int(per_seat.get(seat, 0)) for seat in range(4)] == list(match.state.money)
    transfers = flows[flows["source"] == economy.FLOW_SOURCES["card_bought"]]["amount"].sum()
    assert transfers == 0  # a card bought from a rival moves money between seats, not in or out


def test_draw_cost_chart_shows_marginal_bars_and_total_lines() -> None:
    normal = pd.DataFrame(economy.draw_cost_curve()).assign(series="normal")
    riot = pd.DataFrame(economy.draw_cost_curve(riot=True)).assign(series="Riot")
    fig = charts.draw_cost_chart(pd.concat([normal, riot]))
    assert [trace.name for trace in fig.data] == [
        "marginal (normal)",
        "total (normal)",
        "marginal (Riot)",
        "total (Riot)",
    ]
    assert list(fig.data[1].y) == [0, 4, 12, 24, 40, 60, 85]
    assert list(fig.data[0].y) == [0, 4, 8, 12, 16, 20, 25]
    assert list(fig.data[3].y) == [4, 12, 24, 40, 60, 85]


def test_demand_sales_and_revenue_curve() -> None:
    sales = pd.DataFrame({"offer": ["a", "b"], "count": [4, 3], "sold": [4, 1]})
    fig = charts.demand_sales(sales)
    coloured = charts.demand_sales(sales.assign(category=["Extremities", "Brains"]))
    assert list(coloured.data[0].marker.color) == [
        CATEGORY_COLOURS["Extremities"],
        CATEGORY_COLOURS["Brains"],
    ]
    assert list(fig.data[0].y) == [4, 1] and list(fig.data[1].y) == [0, 2] and fig.layout.barmode == "stack"
    curve = pd.DataFrame({"price": [6, 11, 16], "revenue": [12, 22, 0]})
    fig = charts.revenue_curve(curve, current=11)
    assert list(fig.data[0].x) == [6, 11, 16] and list(fig.data[1].x) == [11] and list(fig.data[1].y) == [22]
    assert len(charts.revenue_curve(curve).data) == 1
