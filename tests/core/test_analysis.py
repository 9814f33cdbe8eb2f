"""Confidence intervals, head-to-head, Gini and money flows: the numbers lessons assert their claims on."""

from __future__ import annotations

import math

import pandas as pd
import pytest
import scipy.stats

from playbook import analysis
from playbook.core import InvalidArgumentError


def frame(rows: list[tuple[int, str, float, bool]]) -> pd.DataFrame:
    return pd.DataFrame(rows, columns=["game", "agent", "score", "won"]).assign(seat=lambda f: f.index % 2)


def test_wilson_interval_matches_the_textbook_value() -> None:
    low, high = analysis.wilson_interval(50, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    assert analysis.wilson_interval(0, 10)[0] == 0.0 and analysis.wilson_interval(10, 10)[1] == 1.0


def test_win_rates_count_each_agents_games_and_wins() -> None:
    results = frame([(0, "a", 3, True), (0, "b", 1, False), (1, "a", 0, False), (1, "b", 5, True), (2, "a", 9, True)])
    rates = analysis.win_rates(results).set_index("agent")
    assert rates.loc["a", "games"] == 3 and rates.loc["a", "wins"] == 2
    assert rates.loc["b", "win_rate"] == 0.5
    assert rates.loc["a", "ci_low"] < 2 / 3 < rates.loc["a", "ci_high"]


def test_score_summary_gives_mean_and_interval() -> None:
    results = frame([(0, "a", 2, True), (1, "a", 4, True), (2, "a", 6, True)])
    row = analysis.score_summary(results).iloc[0]
    assert row["mean"] == 4.0 and row["sd"] == 2.0
    assert math.isclose(row["ci_high"] - row["mean"], scipy.stats.t.ppf(0.975, 2) * 2 / math.sqrt(3))


def test_mean_interval_is_the_t_interval_not_the_normal_one() -> None:
    values = [float(v) for v in range(10)]
    mean, low, high = analysis.mean_interval(values)
    expected = scipy.stats.t.interval(0.95, 9, loc=mean, scale=scipy.stats.sem(values))
    assert (low, high) == pytest.approx(expected)
    assert math.isnan(analysis.mean_interval([4.0])[1]) and analysis.mean_interval([2.0, 2.0]) == (2.0, 2.0, 2.0)


def test_wilson_interval_is_scipys_and_refuses_impossible_counts() -> None:
    expected = scipy.stats.binomtest(3, 7).proportion_ci(0.95, method="wilson")
    assert analysis.wilson_interval(3, 7) == pytest.approx((expected.low, expected.high))
    with pytest.raises(InvalidArgumentError, match="wins"):
        analysis.wilson_interval(8, 7)


def test_summaries_count_games_not_seats() -> None:
    results = frame([(0, "a", 2, True), (0, "a", 4, False), (1, "a", 6, False), (1, "b", 1, True)])
    row = analysis.score_summary(results).set_index("agent").loc["a"]
    assert row["games"] == 2 and row["mean"] == 4.5
    rates = analysis.win_rates(results).set_index("agent")
    assert rates.loc["a", "games"] == 2 and rates.loc["a", "wins"] == 1


def test_head_to_head_counts_only_games_the_two_shared() -> None:
    results = frame([(0, "a", 3, True), (0, "b", 1, False), (1, "a", 0, False), (1, "c", 5, True)])
    matrix = analysis.head_to_head(results)
    assert matrix.loc["a", "b"] == 1.0 and matrix.loc["b", "a"] == 0.0
    assert matrix.loc["a", "c"] == 0.0 and math.isnan(matrix.loc["b", "c"])


def test_differs_only_when_intervals_do_not_overlap() -> None:
    assert analysis.differs(0.1, 0.2, 0.25, 0.3)
    assert not analysis.differs(0.1, 0.26, 0.25, 0.3)


def test_gini_is_zero_for_equal_and_grows_with_concentration() -> None:
    assert analysis.gini([4, 4, 4, 4]) == 0.0
    assert analysis.gini([0, 0, 0, 10]) == pytest.approx(0.75)
    assert analysis.gini([]) == 0.0


def test_money_flows_summarise_faucets_and_sinks_and_track_money_by_round() -> None:
    flows = pd.DataFrame(
        [(1, 0, "sale", 10), (1, 1, "purchase", -4), (2, 0, "purchase", -3), (2, 1, "sale", 6)],
        columns=list(analysis.FLOW_COLUMNS),
    )
    summary = analysis.money_flow_summary(flows).set_index("source")
    assert summary.loc["sale", "into_seats"] == 16 and summary.loc["purchase", "out_of_seats"] == 7
    assert summary.loc["purchase", "net"] == -7
    money = analysis.money_by_round(flows, [30, 30])
    assert money["seat 0"].tolist() == [30, 40, 37] and money["seat 1"].tolist() == [30, 26, 32]
    assert money["total"].tolist() == [60, 66, 69]


def test_a_frame_without_the_columns_is_refused() -> None:
    with pytest.raises(InvalidArgumentError, match="columns"):
        analysis.win_rates(pd.DataFrame({"x": [1]}))


def test_the_module_examples_hold() -> None:
    import doctest

    assert doctest.testmod(analysis).failed == 0


def test_flow_charts_draw_the_summary_and_the_money_by_round() -> None:
    from playbook import charts

    flows = pd.DataFrame(
        [(1, 0, "sale", 10), (1, 1, "purchase", -4), (2, 1, "sale", 6)], columns=list(analysis.FLOW_COLUMNS)
    )
    sankey = charts.money_sankey(flows)
    link = sankey.data[0].link
    assert list(sankey.data[0].node.label) == ["sale (in)", "players", "purchase (out)"]
    assert list(link.value) == [16, 4] and list(link.source) == [0, 1] and list(link.target) == [1, 2]
    lines = charts.money_lines(flows, [30, 30])
    assert list(lines.data[0].y) == [30, 40, 40] and list(lines.data[2].y) == [60, 66, 72]
    assert lines.layout.xaxis.title.text == "round"
    assert list(charts.gini_over_rounds(flows, [30, 30]).data[0].x) == [0, 1, 2]


def tournament_like() -> pd.DataFrame:
    rows = [
        (0, 0, "a", 10, True, 5),
        (0, 1, "b", 7, False, 5),
        (1, 0, "b", 4, True, 9),
        (1, 1, "a", 4, True, 9),
    ]
    return pd.DataFrame(rows, columns=["game", "seat", "agent", "score", "won", "rounds"])


def test_per_game_length_and_margin() -> None:
    games = analysis.per_game(tournament_like())
    assert games["margin"].tolist() == [3.0, 0.0] and games["rounds"].tolist() == [5, 9]
    length = analysis.game_length(tournament_like()).iloc[0]
    assert length["mean"] == 7.0 and length["min"] == 5 and length["max"] == 9
    margin = analysis.score_margin(tournament_like()).iloc[0]
    assert margin["mean"] == 1.5 and margin["share_ties"] == 0.5


def test_seat_advantage_is_the_win_rate_by_seat() -> None:
    seats = analysis.seat_advantage(tournament_like()).set_index("seat")
    assert seats.loc[0, "win_rate"] == 1.0 and seats.loc[1, "win_rate"] == 0.5


def test_lead_changes_count_hand_overs_not_ties() -> None:
    rounds = pd.DataFrame(
        [
            (0, 1, 0, 5),
            (0, 1, 1, 3),
            (0, 2, 0, 5),
            (0, 2, 1, 5),
            (0, 3, 0, 5),
            (0, 3, 1, 8),
            (0, 4, 0, 9),
            (0, 4, 1, 8),
        ],
        columns=["game", "round", "seat", "score"],
    )
    row = analysis.lead_changes(rounds).iloc[0]
    assert row["lead_changes"] == 2 and row["final_leader"] == 0
