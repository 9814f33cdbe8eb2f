"""Charts are pure functions of DataFrames: check their traces and data, no Jupyter needed."""

from __future__ import annotations

import pandas as pd

import playbook
from playbook import charts
from playbook.games.mars_needs_mechanics import agents, economy


def played_match() -> playbook.Match:
    match = playbook.Match(
        "mars_needs_mechanics",
        players=3,
        seed=4,
        agents={0: agents.QuickSeller(), 1: agents.LateBuyer(), 2: agents.Hoarder()},
    )
    match.advance()
    return match


def test_value_trajectories_has_a_line_per_component_ending_at_the_final_values() -> None:
    match = played_match()
    fig = charts.value_trajectories(economy.value_history(match.events_frame()))
    state = match.state
    assert [trace.name for trace in fig.data] == list(state.rules.components)
    for trace, value in zip(fig.data, state.values, strict=True):
        assert trace.x[0] == 0 and trace.y[0] == state.rules.starting_value
        assert trace.y[-1] == value
        assert list(trace.x) == list(range(len(trace.x)))


def test_money_over_time_ends_at_each_seats_cogs() -> None:
    match = played_match()
    history = economy.cogs_history(match.events_frame(), players=3)
    fig = charts.money_over_time(history, players=3)
    assert [trace.name for trace in fig.data] == ["seat 0", "seat 1", "seat 2"]
    assert [trace.y[-1] for trace in fig.data] == list(match.state.cogs)
    assert all(trace.y[0] == 30 for trace in fig.data)


def test_strategy_comparison_has_a_box_per_agent_with_its_scores() -> None:
    results = playbook.tournament("mars_needs_mechanics", [agents.QuickSeller(), agents.Hoarder()], games=10, seed=1)
    fig = charts.strategy_comparison(results)
    assert len(fig.data) == 2
    for trace in fig.data:
        agent = trace.name.split(" (")[0]
        assert sorted(trace.y) == sorted(results.loc[results["agent"] == agent, "score"])
        wins = results.loc[results["agent"] == agent, "won"].mean()
        assert f"({wins:.0%} wins)" in trace.name


def test_win_rates_and_bars() -> None:
    frame = pd.DataFrame({"agent": ["a", "a", "b", "b"], "won": [True, False, True, True], "score": [1, 2, 3, 4]})
    fig = charts.win_rates(frame)
    assert list(fig.data[0].x) == ["a", "b"] and list(fig.data[0].y) == [0.5, 1.0]
    stacked = charts.bars(
        pd.DataFrame({"x": ["p", "q", "p"], "y": [1, 2, 3], "who": ["s0", "s0", "s1"]}),
        x="x",
        y="y",
        title="t",
        colour="who",
    )
    assert [t.name for t in stacked.data] == ["s0", "s1"] and stacked.layout.barmode == "stack"
