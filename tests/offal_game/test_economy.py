"""The economy helpers: pure, seeded, and telling the truth about simple cases."""

from __future__ import annotations

from playbook.games.offal_game import Rules, new_game
from playbook.games.offal_game.economy import (
    age_profile,
    clog_fill_chance,
    draw_chances,
    expected_draws,
    wait_value,
)

from .helpers import BONES, CORTEX, GRAVES, HEARTS, SALLY, VENTRICLE, VISCERA, at_orders, pipe, replace


def test_age_profile() -> None:
    state = at_orders(pipe=pipe({0: HEARTS, 6: HEARTS, 7: BONES, 14: BONES}), clog=(HEARTS,))
    profile = age_profile(state)
    assert profile["Day 1"]["hearts"] == 1 and profile["Day 2"] == {"bones": 1, "organs": 0, "brains": 0, "hearts": 1}
    assert profile["Day 3"]["bones"] == 1 and profile["The Clog"]["hearts"] == 1
    assert age_profile(state.observation(0)) == profile


def test_inflow() -> None:
    assert expected_draws(2) == 4.5
    chances = draw_chances((10, 10, 10, 10, 9))
    assert abs(chances["rats"] - 9 / 49) < 1e-12 and abs(sum(chances.values()) - 1) < 1e-12


def test_clog_fill_chance_is_seeded_and_grows_with_turns() -> None:
    rules = Rules.standard()
    early = clog_fill_chance(rules, 4, samples=60, seed=1)
    late = clog_fill_chance(rules, 12, samples=60, seed=1)
    assert early == 0.0  # the pipe takes longer than 4 turns to push 7 parts onto The Clog
    assert late > 0.9
    assert clog_fill_chance(rules, 12, samples=60, seed=1) == late
    from_state = clog_fill_chance(new_game(1, seed=3), 10, samples=40, seed=2)
    assert 0.0 <= from_state <= 1.0
    bigger = replace(rules, clog_spaces=30)
    assert clog_fill_chance(bigger, 12, samples=40, seed=1) < late


def test_wait_value_now_or_later() -> None:
    ready = at_orders(customers=((CORTEX, SALLY), (GRAVES, VISCERA)), pipe=pipe({1: 2, 2: 2}))
    value = wait_value(ready, CORTEX, samples=50)
    assert value.p_fill_now == 1.0 and value.value_of_waiting <= 0
    young = at_orders(customers=((VENTRICLE, SALLY), (GRAVES, VISCERA)), pipe=pipe({p: HEARTS for p in range(4)}))
    value = wait_value(young, VENTRICLE, samples=50)
    assert value.p_fill_now == 0.0 and value.available_now == 0
    assert 0 < value.p_fill_later < 1 and value.value_of_waiting > 0  # some Hearts age onto Day 2
    assert value == wait_value(young, VENTRICLE, samples=50)
    two_days = wait_value(young, VENTRICLE, days=2, samples=50)
    assert two_days.p_fill_later > value.p_fill_later and two_days.expected_available > value.expected_available


def test_money_flows_is_a_faucet_only() -> None:
    """The standard flow frame: every payment is a filled order into a seat; nothing ever flows out."""
    import playbook
    from playbook.analysis import check_flows, money_flow_summary
    from playbook.games.offal_game import agents, economy

    match = playbook.Match("offal_game", players=2, seed=8, agents={0: agents.ClogClearer(), 1: agents.QuickestOrder()})
    match.advance()
    flows = economy.money_flows(match)
    check_flows(flows)
    assert list(flows.columns) == ["round", "seat", "source", "amount"]
    assert (flows["amount"] > 0).all() and set(flows["source"]) == {"orders filled"}
    for seat in range(2):
        assert flows.loc[flows["seat"] == seat, "amount"].sum() == match.state.money[seat]
    summary = money_flow_summary(flows)
    assert summary["out_of_seats"].sum() == 0 and summary["net"].sum() == sum(match.state.money)


def test_throughput_counts_every_part_through_the_pipe() -> None:
    import playbook
    from playbook.games.offal_game import agents, economy

    match = playbook.Match("offal_game", players=1, seed=3, agents={0: agents.ClogClearer()})
    match.advance()
    flow = economy.throughput(match)
    state = match.state
    assert list(flow.columns) == ["round", "drawn", "spilled", "to_clog", "bagged", "cleared"]
    assert flow["round"].tolist() == list(range(1, state.round + 1))
    assert (flow["to_clog"] <= flow["spilled"]).all()
    taken_from_clog = sum(
        r.event.count for r in match.events if type(r.event).__name__ == "PartsTaken" and r.event.card == 3
    )
    assert flow["to_clog"].sum() - flow["cleared"].sum() - taken_from_clog == len(state.clog)


def test_metrics_say_how_the_game_ended() -> None:
    import playbook
    from playbook.games.offal_game import agents, economy

    results = playbook.tournament("offal_game", [agents.ClogClearer()], games=6, seed=1, players=1, metrics=True)
    assert ((results["kpi_clog_full"] + results["kpi_all_served"]) == 1).all()
    match = playbook.Match("offal_game", players=1, seed=2, agents={0: agents.QuickestOrder()})
    match.advance()
    kpis = economy.metrics(match.state)
    assert kpis["clog_parts"] == len(match.state.clog) and kpis["served"] == len(match.state.served[0])
