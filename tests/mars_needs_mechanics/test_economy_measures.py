"""The order-line lesson's measurements over many games (``measures.py``), and the review points they answer.

Each claim of the lesson that can be tested is tested here at fixed seeds: the conservation law (pricing by
rank is zero-sum, apart from the causes the ledger names), the Aether Drive's jumps (MNM2), popularity going with
a rise once timing is not defined by the place (MNM1), no pull of low values toward the middle (MNM3), falling
places left alone by a rise sweep and more money back with more rising places (MNM4), and a sale fork that
changes one decision only (MNM5).
"""

from __future__ import annotations

import dataclasses
import doctest
import math

import pandas as pd
import pytest

import playbook
from playbook import findings
from playbook.charts import mars_needs_mechanics as mnm_charts
from playbook.core import Match
from playbook.core.tournament import game_seeds, rules_with
from playbook.games.mars_needs_mechanics import Rules, economy, measures
from playbook.games.mars_needs_mechanics.agents import Hoarder, LateBuyer, Mechanic, QuickSeller

STRATEGIES = [QuickSeller(), LateBuyer(), Hoarder(), Mechanic()]


@pytest.fixture(scope="module")
def pool() -> list[Match]:
    return measures.play(STRATEGIES, 60, 2026)


def test_play_rotates_the_seats_and_uses_the_tournament_seeds(pool: list[Match]) -> None:
    assert [m.agents[0].name for m in pool[:4]] == ["quick seller", "late buyer", "hoarder", "mechanic"]
    assert [m.seed for m in pool[:3]] == game_seeds(2026, 3)
    assert all(m.state.is_terminal for m in pool)


def test_the_value_sum_ledger_accounts_for_every_step_and_ends_at_the_engines_values(pool: list[Match]) -> None:
    raised = 0
    for match in pool:
        ledger = measures.value_sum_ledger(match)
        assert (ledger["unexplained"] == 0).all()
        assert ledger["sum_before"].iloc[0] == 5 * 7
        assert (ledger["sum_before"].iloc[1:].to_numpy() == ledger["sum_after"].iloc[:-1].to_numpy()).all()
        assert ledger["sum_after"].iloc[-1] == measures.final_value_sum(match)
        assert (ledger["rule_change"] == 0).all()  # 3 up, 3 down: the rule alone never moves the sum
        raised += int(ledger["raised_on_purchase"].sum())
    assert raised > 0  # the Aether Drive is among the starter mechanisms and the mechanic builds it


def test_the_ledger_names_the_rule_change_when_rise_and_fall_differ() -> None:
    rules = dataclasses.replace(Rules.standard(), order_line_rise=1)
    for match in measures.play(STRATEGIES, 6, 3, rules=rules):
        ledger = measures.value_sum_ledger(match)
        assert (ledger["rule_change"] == -2).all() and (ledger["unexplained"] == 0).all()
        assert ledger["sum_after"].iloc[-1] == measures.final_value_sum(match)


def test_adjust_values_moves_one_step_but_the_aether_drive_makes_rounds_jump(pool: list[Match]) -> None:
    steps = measures.value_steps(pool)
    assert set(steps["at_adjust"]) <= {-1, 0, 1}
    assert (steps["in_round"] >= steps["at_adjust"]).all()  # the Aether Drive only raises
    assert (steps["in_round"].abs() > 1).sum() > 0  # MNM2: "at most one step a round" is false over a round


def test_timing_is_measured_by_the_purchase_clock_not_by_the_place(pool: list[Match]) -> None:
    timing = measures.purchase_timing(pool)
    bought = timing[timing["times_bought"] > 0]
    assert timing.loc[timing["times_bought"] == 0, "last_purchase_at"].isna().all()
    assert bought["last_purchase_at"].between(0, 1, inclusive="right").all()
    late = bought[bought["last_purchase_at"] > 0.5]
    assert 0 < (late["change"] > 0).mean() < 1  # not circular: a late purchase does not rise by definition


def test_the_change_is_a_function_of_the_place_whatever_the_popularity(pool: list[Match]) -> None:
    timing = measures.purchase_timing(pool)
    last_rounds = {(game, match.state.round) for game, match in enumerate(pool)}
    inner = timing[
        timing["before"].between(2, 9) & ~timing.apply(lambda r: (r.game, r["round"]) in last_rounds, axis=1)
    ]
    # The Aether Drive raises a value during the round, so ``before`` is read after it: the step is still by place.
    expected = inner["place"].map(lambda place: 1 if place <= 3 else 0 if place == 4 else -1)
    assert (inner["change"] == expected).all()


def test_popularity_goes_with_a_rise_over_games(pool: list[Match]) -> None:
    """MNM1: "popularity does not raise a value" is contradicted: types bought more often rise more."""
    timing = measures.purchase_timing(pool)
    popularity = findings.mean(
        measures.per_game_correlation(timing, "times_bought", "change"), measure="r", reference=0
    )
    assert popularity.verdict == "above" and popularity.n == len(pool)
    groups = dict(measures.estimates_by_group(timing, "times_bought", "change", measure="change", reference=0))
    assert groups[0].verdict == "below" and groups[1].value < groups[2].value


def test_low_values_are_not_pulled_up_toward_the_middle(pool: list[Match]) -> None:
    """MNM3: a balancing loop would raise low values on average; the bottom band does not rise."""
    timing = measures.purchase_timing(pool)
    timing["band"] = measures.value_band(timing["before"], [(1, 5), (6, 7), (8, 10)])
    change = dict(
        measures.estimates_by_group(timing.dropna(subset=["band"]), "band", "change", measure="c", reference=0)
    )
    assert change["1-5"].verdict != "above"
    bought = timing.assign(bought=(timing["times_bought"] > 0).astype(float))
    share = dict(measures.estimates_by_group(bought.dropna(subset=["band"]), "band", "bought", measure="share"))
    assert share["8-10"].high < share["1-5"].low  # high values are bought less often (partly a bot rule)


def test_high_values_are_bought_less_often_with_or_without_the_price_shy_hoarder(pool: list[Match]) -> None:
    """The price -> purchases link is not only the hoarder's rule "buy at 5 or less": it is there without it."""
    bands = [(1, 5), (6, 7), (8, 10)]
    swapped = measures.play([QuickSeller(), LateBuyer(), QuickSeller(), Mechanic()], 40, 2026)
    with_hoarder = measures.purchase_gap(measures.purchase_timing(pool[:40]), bands)
    without = measures.purchase_gap(measures.purchase_timing(swapped), bands)
    pairs = pd.concat([with_hoarder, without], axis=1, keys=["with", "without"]).dropna()
    assert len(pairs) >= 30
    for line_up in ("with", "without"):
        assert findings.mean(pairs[line_up], measure="gap", reference=0).verdict == "above"


def test_a_rise_sweep_leaves_the_falling_places_at_three_and_brings_more_money_back() -> None:
    """MNM4: the falling places stay at 3, and more rising places bring more money back, not less."""
    sweep = playbook.parameter_sweep("mars_needs_mechanics", STRATEGIES, "order_line_rise", [1, 4], games=30, seed=9)
    per_game = sweep.drop_duplicates(["value", "game"])
    assert rules_with("mars_needs_mechanics", "order_line_rise", 1).order_line_fall == 3
    net = per_game.pivot(index="game", columns="value", values="kpi_net_cogs_paid_out")
    assert findings.compare_paired(net[4], net[1], a="4", b="1", measure="net").verdict == "higher"
    table, found = measures.pencil_table(per_game, Rules.standard())
    assert list(table["value"]) == [1, 4] and len(found) == 2
    low, high = table.iloc[0], table.iloc[1]
    assert low["pencil"] == pytest.approx(5 - low["rounds"] * 2 / 7)
    assert high["pencil"] == pytest.approx(5 + high["rounds"] / 7)
    assert low["measured"] < 5 < high["measured"]


def test_pencil_mean_value() -> None:
    assert measures.pencil_mean_value(5, 6, rise=1, fall=3) == pytest.approx(5 - 12 / 7)
    assert measures.pencil_mean_value(5, 6, rise=3, fall=3) == 5
    assert measures.pencil_mean_value(5, 7, rise=4, fall=3) == pytest.approx(6)


def test_conversions_add_up_to_each_seats_final_cogs(pool: list[Match]) -> None:
    converted = measures.conversions(pool)
    assert len(converted) == 4 * len(pool)
    identity = 30 - converted["cogs_into_cards"] + converted["cogs_from_sales"] + converted["cogs_from_automaton"]
    assert (identity == converted["final_cogs"]).all()
    assert (converted["cards_sold"] + converted["cards_never_sold"] <= converted["cards_bought"] + 3).all()
    totals = measures.game_totals(converted)
    assert len(totals) == len(pool) and totals["final_cogs"].sum() == converted["final_cogs"].sum()


def test_declining_one_sale_changes_only_that_decision(pool: list[Match]) -> None:
    match = pool[0]
    record = measures.biggest_sale(match)
    seat = record.event.seat
    fork = match.fork(record.step, agents={**match.agents, seat: measures.DeclineOneSale(match.agents[seat])})
    fork.advance()
    assert fork.history[: record.step] == match.history[: record.step]
    assert fork.history[record.step] != match.history[record.step]
    assert type(fork.history[record.step]).__name__ == "DoneSelling"
    if record.round == match.state.round:  # a sale in the final round: the cards held are never sold
        assert fork.state.cogs[seat] == match.state.cogs[seat] - record.event.cogs
    frame = measures.sale_forks(pool[:10])
    assert list(frame.columns) == ["game", "seat", "agent", "sale_cogs", "sold", "held"]
    assert (frame["sold"] == [pool[g].state.cogs[s] for g, s in zip(frame["game"], frame["seat"], strict=True)]).all()


def test_per_game_means_give_each_game_one_vote() -> None:
    frame = pd.DataFrame({"game": [0, 0, 0, 1], "group": ["a", "a", "a", "a"], "x": [1.0, 1.0, 1.0, 5.0]})
    means = measures.per_game_means(frame, "group", "x")
    assert list(means["x"]) == [1.0, 5.0]
    found = dict(measures.estimates_by_group(frame, "group", "x", measure="x of {group}"))
    assert found["a"].value == 3.0 and found["a"].n == 2 and found["a"].measure == "x of a"
    lonely = pd.DataFrame({"game": [0, 1, 1], "group": ["a", "a", "b"], "x": [1.0, 2.0, 3.0]})
    assert [g for g, _ in measures.estimates_by_group(lonely, "group", "x", measure="x")] == ["a"]
    assert list(measures.estimate_frame(measures.estimates_by_group(frame, "group", "x", measure="x"), "g")) == [
        "g",
        "value",
        "low",
        "high",
        "n",
    ]


def test_per_game_correlation_is_within_each_game() -> None:
    frame = pd.DataFrame(
        {"game": [0, 0, 0, 1, 1, 1, 2, 2], "x": [1, 2, 3, 1, 2, 3, 1, 1], "y": [1, 2, 3, 3, 2, 1, 0, 1]}
    )
    r = measures.per_game_correlation(frame, "x", "y")
    assert r.to_dict() == pytest.approx({0: 1.0, 1: -1.0})  # game 2's x does not vary


def test_value_bands_keep_their_order_and_leave_gaps_empty() -> None:
    bands = measures.value_band(pd.Series([1, 6, 10, 7, 4]), [(6, 10), (1, 3)])
    assert list(bands.cat.categories) == ["6-10", "1-3"]
    assert list(bands.astype(object).fillna("none")) == ["1-3", "6-10", "6-10", "6-10", "none"]
    gaps = pd.DataFrame({"game": [0, 0, 0, 1, 1], "before": [2, 9, 9, 2, 9], "times_bought": [1, 0, 1, 0, 0]})
    assert measures.purchase_gap(gaps, [(1, 5), (8, 10)]).to_dict() == {0: 0.5, 1: 0.0}


def test_the_lesson_charts_title_their_axes_in_words() -> None:
    board = mnm_charts.order_line_board(economy.purchase_order_table(["Lens"]), rise=3, fall=3)
    assert len(board.layout.shapes) == 7
    texts = [a.text for a in board.layout.annotations]
    assert sum("rises 1" in t for t in texts) == 3 and sum("falls 1" in t for t in texts) == 3
    assert any("Lens" in t and "(+1)" in t for t in texts)
    frame = pd.DataFrame({"g": ["a", "b"], "value": [1.0, 2.0], "low": [0.5, 1.5], "high": [1.5, 2.5], "n": [3, 4]})
    bars = mnm_charts.estimates_with_intervals(
        frame, x="g", title="t", x_title="words", y_title="more words", reference=0
    )
    assert bars.layout.xaxis.title.text == "words" and list(bars.data[0].error_y.array) == [0.5, 0.5]
    pencil = mnm_charts.pencil_against_measured(
        frame.assign(x=[1, 2], pencil=[1.2, 1.8]), x="x", title="t", x_title="rising places", y_title="mean value"
    )
    assert [trace.name for trace in pencil.data] == ["95% interval", "measured", "by pencil"]
    assert not math.isnan(pencil.data[2].y[0])


def test_the_measures_doctests_hold() -> None:
    result = doctest.testmod(measures)
    assert result.attempted > 0 and result.failed == 0
