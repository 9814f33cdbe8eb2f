"""Teaching helpers: unseen cards, the odds of completing a set, money flows and cogs by round."""

from __future__ import annotations

from playbook import analysis
from playbook.core import Match
from playbook.games.mars_needs_mechanics import Built, Rules, economy
from playbook.games.mars_needs_mechanics.agents import Hoarder, LateBuyer, Mechanic, QuickSeller

from .helpers import ALL_MECHANISMS, EMPTY, base, cost, hand, rules_with


def test_unseen_counts_leave_out_cards_face_up_in_built_mechanisms() -> None:
    rules = rules_with("x_ray_goggles")
    goggles = Built("x_ray_goggles", cost(rules, "x_ray_goggles"))  # 2 Lens and 1 Wire, face up
    state = base(2, rules=rules, market=(), hands=(hand(lens=1), EMPTY), built=((), (goggles,)))
    unseen = economy.unseen_counts(state.observation(0), rules)
    assert unseen["Lens"] == 8 - 1 - 2 and unseen["Wire"] == 8 - 1
    assert unseen["Gear"] == 8


def test_unseen_counts_count_market_and_own_hand() -> None:
    state = base(2, market=(3, 3, 2), hands=(hand(gear=1), hand(gear=4)))
    unseen = economy.unseen_counts(state.observation(0))
    assert unseen["Gear"] == 8 - 2 - 1 and unseen["Lens"] == 7  # seat 1's four Gear are hidden from seat 0


def test_chance_to_draw_is_the_hypergeometric_tail() -> None:
    assert economy.chance_to_draw(unseen=8, hidden=8, draws=2, needed=2) == 1.0
    assert economy.chance_to_draw(unseen=1, hidden=10, draws=1, needed=1) == 0.1
    assert abs(economy.chance_to_draw(unseen=2, hidden=4, draws=2, needed=1) - 5 / 6) < 1e-12
    assert economy.chance_to_draw(unseen=3, hidden=30, draws=8, needed=4) == 0.0


def played(seed: int = 5) -> Match:
    rules = Rules.standard().with_mechanisms(list(ALL_MECHANISMS))
    agents = {0: QuickSeller(), 1: LateBuyer(), 2: Hoarder(), 3: Mechanic()}
    match = Match("mars_needs_mechanics", players=4, seed=seed, rules=rules, agents=agents)
    match.advance()
    return match


def test_money_flows_add_up_to_every_seats_final_cogs() -> None:
    for seed in range(6):
        match = played(seed)
        flows = economy.money_flows(match)
        assert list(flows.columns) == ["round", "seat", "source", "amount"]
        assert set(flows["source"]) <= set(economy.FLOW_SOURCES)
        for seat, cogs in enumerate(match.state.cogs):
            assert 30 + flows.loc[flows["seat"] == seat, "amount"].sum() == cogs
        assert (flows.loc[flows["source"] == "purchases", "amount"] < 0).all()
        summary = analysis.money_flow_summary(flows)
        assert summary["net"].sum() == sum(match.state.cogs) - 4 * 30


def test_cogs_by_round_ends_at_the_final_cogs_and_counts_whole_rounds() -> None:
    match = played(3)
    frame = economy.cogs_by_round(match.events_frame(), 4)
    last = frame[frame["round"] == frame["round"].max()].sort_values("seat")
    assert list(last["cogs"]) == list(match.state.cogs)
    assert list(frame["round"].unique()) == list(range(match.state.round + 1))
    assert (frame[frame["round"] == 0]["cogs"] == 30).all()


def test_seat_summary_balances_each_seats_cogs() -> None:
    match = played(2)
    summary = economy.seat_summary(match)
    assert list(summary["seat"]) == [0, 1, 2, 3]
    for row in summary.to_dict("records"):
        assert 30 - row["spent"] + row["earned"] == row["cogs"]
        assert row["cards_sold"] >= 0 and row["cards_in_hand"] >= 0
    assert list(summary["cogs"]) == list(match.state.cogs)


def test_metrics_for_tournaments() -> None:
    match = played(4)
    kpis = economy.metrics(match.state)
    assert kpis["total_cogs"] == sum(match.state.cogs)
    assert kpis["ended_deck_empty"] + kpis["ended_no_purchases"] == 1.0
    assert all(isinstance(value, float) for value in kpis.values())


def test_rounds_table_marks_late_purchases_and_late_purchases_rise() -> None:
    match = played(6)
    table = economy.rounds_table(match)
    assert len(table) == 7 * match.state.round
    late = table[table["bought_late"]]
    assert (late["place"] <= 3).all()  # bought late: its token ends in the rising places
    assert not table[(table["place"] <= 3) & (table["change"] < 0)].shape[0]  # the first three never fall
    shares = economy.purchase_share_by_value([table], [(1, 5), (6, 10)])
    assert shares["rounds"].sum() == len(table)
    assert ((shares["ci_low"] <= shares["share"]) & (shares["share"] <= shares["ci_high"])).all()
