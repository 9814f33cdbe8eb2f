"""Findings: intervals as scipy computes them, verdicts read off the interval, sentences naming both sides."""

from __future__ import annotations

import math
import random

import numpy as np
import pandas as pd
import pytest
import scipy.stats
from hypothesis import given, settings
from hypothesis import strategies as st

import playbook
from playbook import findings
from playbook.core.tournament import game_seeds
from playbook.findings import FindingError

SELLER, HOARDER = "my seller", "the hoarder"


def normal(seed: int, centre: float, spread: float, n: int) -> list[float]:
    rng = random.Random(seed)
    return [rng.gauss(centre, spread) for _ in range(n)]


# ------------------------------------------------------------------------------------- intervals match scipy


def test_mean_is_scipys_one_sample_t_interval() -> None:
    values = normal(1, 10, 4, 10)
    found = findings.mean(values, measure="final cogs")
    low, high = scipy.stats.t.interval(0.95, 9, loc=np.mean(values), scale=scipy.stats.sem(values))
    assert (found.low, found.high) == pytest.approx((low, high))
    assert found.n == 10 and found.method == "t interval" and found.verdict is None


def test_paired_comparison_is_the_t_interval_of_per_game_differences() -> None:
    a, b = normal(2, 20, 5, 12), normal(3, 18, 5, 12)
    found = findings.compare_paired(a, b, a=SELLER, b=HOARDER, measure="final cogs")
    expected = scipy.stats.ttest_rel(a, b).confidence_interval(0.95)
    assert (found.difference.low, found.difference.high) == pytest.approx((expected.low, expected.high))
    assert found.difference.p_value == pytest.approx(scipy.stats.ttest_rel(a, b).pvalue)
    assert found.design == "paired over the same seeds"


def test_independent_comparison_is_welchs_interval() -> None:
    a, b = normal(4, 20, 5, 12), normal(5, 15, 9, 20)
    found = findings.compare_independent(a, b, a=SELLER, b=HOARDER, measure="final cogs")
    expected = scipy.stats.ttest_ind(a, b, equal_var=False).confidence_interval(0.95)
    assert (found.difference.low, found.difference.high) == pytest.approx((expected.low, expected.high))
    assert (found.n_a, found.n_b, found.design) == (12, 20, "independent")


def test_proportion_is_scipys_wilson_interval() -> None:
    found = findings.proportion(7, 10, measure="win rate")
    expected = scipy.stats.binomtest(7, 10).proportion_ci(0.95, method="wilson")
    assert (found.low, found.high) == pytest.approx((expected.low, expected.high))
    assert findings.proportion(0, 10, measure="w").low == 0.0


def test_difference_of_proportions_is_newcombes_interval() -> None:
    found = findings.compare_proportions(56, 70, 48, 80, a=SELLER, b=HOARDER, measure="win rate")
    # Newcombe (1998), table II, example (e): 56/70 against 48/80 gives 0.0524 to 0.3339.
    assert (found.difference.low, found.difference.high) == pytest.approx((0.0524, 0.3339), abs=1e-4)
    assert found.verdict == "higher"
    assert found.difference.p_value is not None and found.difference.p_value < 0.05


def test_correlation_is_pearson_with_fishers_interval() -> None:
    x = normal(6, 0, 1, 30)
    y = [v + e for v, e in zip(x, normal(7, 0, 1, 30), strict=True)]
    found = findings.correlation(x, y, measure="cogs bought and final cogs")
    expected = scipy.stats.pearsonr(x, y)
    interval = expected.confidence_interval(0.95)
    assert found.value == pytest.approx(expected.statistic)
    assert (found.low, found.high) == pytest.approx((interval.low, interval.high))
    assert found.verdict == "positive"


def test_t_interval_covers_the_true_mean_about_95_percent_of_the_time() -> None:
    rng = np.random.default_rng(2024)
    trials = 2000
    covered = 0
    for _ in range(trials):
        sample = rng.normal(5.0, 3.0, 8)
        found = findings.mean(sample.tolist(), measure="m")
        covered += found.low <= 5.0 <= found.high
    assert 0.93 <= covered / trials <= 0.97  # a z interval at n=8 covers about 91%


# ------------------------------------------------------------------------------------- verdicts and sentences


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.floats(-100, 100, allow_nan=False), min_size=2, max_size=30),
    st.floats(-20, 20, allow_nan=False),
    st.integers(0, 2**32),
)
def test_verdict_is_no_difference_exactly_when_the_interval_contains_zero(
    noise: list[float], shift: float, seed: int
) -> None:
    rng = random.Random(seed)
    b = [rng.uniform(0, 50) for _ in noise]
    a = [x + shift + e for x, e in zip(b, noise, strict=True)]
    found = findings.compare_paired(a, b, a=SELLER, b=HOARDER, measure="final cogs")
    contains = found.difference.low <= 0 <= found.difference.high
    assert (found.verdict == "no difference detected") == contains
    if found.verdict == "higher":
        assert found.difference.low > 0
    text = found.sentence()
    assert SELLER in text and HOARDER in text
    if contains:
        lowered = text.lower()
        assert not any(word in lowered for word in ("higher", "lower", " net ", " more ", "fewer"))
        assert "does not show they are equal" in text


names = st.text(min_size=1, max_size=20).filter(lambda s: s.strip() != "")


@settings(max_examples=100, deadline=None)
@given(names, names, st.floats(-5, 5, allow_nan=False))
def test_sentences_name_both_sides_for_any_names(a: str, b: str, shift: float) -> None:
    if a == b:
        return
    base = normal(8, 10, 3, 15)
    found = findings.compare_paired([v + shift for v in base], normal(9, 10, 3, 15), a=a, b=b, measure="final cogs")
    assert a in found.sentence() and b in found.sentence()
    said = findings.say(found, higher="{a} over {b}", lower="{a} under {b}", none="{a} level with {b}")
    assert said.startswith(a) and said.endswith(b)


def test_markdown_escapes_names_but_keeps_them_readable() -> None:
    found = findings.compare_paired([3, 4, 5], [1, 1, 2], a="*star* $bot", b="<b>_x_</b>", measure="final cogs")
    text = found.markdown()
    assert "\\*star\\* <span>&#36;</span>bot" in text and "&lt;b&gt;\\_x\\_&lt;/b&gt;" in text
    assert "*star* $bot" in found.sentence()


def test_empty_or_equal_names_are_refused() -> None:
    with pytest.raises(FindingError, match="a must be a non-empty name"):
        findings.compare_paired([1, 2], [1, 3], a=" ", b=HOARDER, measure="m")
    with pytest.raises(FindingError, match="two different things"):
        findings.compare_paired([1, 2], [1, 3], a=SELLER, b=SELLER, measure="m")


def test_a_mean_crossing_its_reference_is_never_called_a_sink() -> None:
    change = [-14.0, 6.0, -3.0, 2.0, -9.0, 1.0, -5.0, 4.0, -8.0, 3.0, -6.0, -9.6]  # mean -3.2, crosses 0
    found = findings.mean(change, measure="change in the money supply", reference=0, smallest_effect=2)
    assert found.verdict == "no difference detected" and found.low < 0 < found.high
    assert "below" not in found.sentence() and "does not show it equals 0.0" in found.sentence()
    assert found.games_needed is not None and f"{found.games_needed:,} games" in found.sentence()
    text = findings.say(found, higher="a net faucet", lower="a net sink", none="neither faucet nor sink shown")
    assert text == "neither faucet nor sink shown"
    below = findings.mean([v - 20 for v in change], measure="m", reference=0)
    assert below.verdict == "below" and findings.say(below, higher="up", lower="down", none="-") == "down"


def test_sentences_follow_the_verdict_and_the_format() -> None:
    higher = findings.compare_paired([12, 14, 15, 13], [3, 4, 6, 4], a=SELLER, b=HOARDER, measure="final money")
    assert higher.sentence().startswith(f"Higher final money for {SELLER} than for {HOARDER}: +9.2 (95% interval +")
    assert "4 paired games" in higher.sentence()
    assert "+<span>&#36;</span>9" in higher.sentence(findings.money)
    lower = findings.compare_paired([3, 4, 6, 4], [12, 14, 15, 13], a=SELLER, b=HOARDER, measure="final money")
    assert lower.verdict == "lower" and lower.sentence().startswith("Lower final money")
    assert findings.money(-2.5, 2) == "\u2212<span>&#36;</span>2.50"


def test_say_fills_placeholders_and_refuses_unknown_ones() -> None:
    found = findings.compare_paired([12, 14, 15, 13], [3, 4, 6, 4], a=SELLER, b=HOARDER, measure="final money")
    text = findings.say(found, higher="{a} beats {b} by {estimate} ({interval})", lower="-", none="-")
    assert text.startswith(f"{SELLER} beats {HOARDER} by +9.2 (95% interval +")
    with pytest.raises(FindingError, match="placeholders are"):
        findings.say(found, higher="{winner}", lower="", none="")
    with pytest.raises(FindingError, match="no verdict"):
        findings.say(findings.mean([1, 2], measure="m"), higher="", lower="", none="")


# ------------------------------------------------------------------------------------- checks at the door


@pytest.mark.parametrize(
    ("a_values", "b_values", "message"),
    [
        ([], [], "needs at least 2 games"),
        ([1.0], [2.0], "has 1 values: this needs at least 2 games"),
        ([1.0, 2.0], [1.0, 2.0, 3.0], "one per game on each side: 2 against 3"),
        ([1.0, math.nan], [1.0, 2.0], r"a_values\[1\] is nan"),
        ("12", [1.0, 2.0], "must be a list of numbers"),
        ([1.0, "x"], [1.0, 2.0], "numbers, not text"),
    ],
)
def test_bad_samples_are_refused_saying_what_is_needed(a_values: object, b_values: object, message: str) -> None:
    with pytest.raises(FindingError, match=message):
        findings.compare_paired(a_values, b_values, a=SELLER, b=HOARDER, measure="m")  # type: ignore[arg-type]


def test_finding_error_is_a_playbook_error() -> None:
    assert issubclass(FindingError, playbook.PlaybookError)


def test_equal_differences_claim_a_difference_only_when_a_sign_test_would() -> None:
    # Three games all +2: a sign test says that happens by chance one time in four, so nothing is claimed
    few = findings.compare_paired([5, 6, 7], [3, 4, 5], a=SELLER, b=HOARDER, measure="m")
    assert few.verdict == "no difference detected" and few.difference.value == 2.0
    assert (few.difference.low, few.difference.high) == (0.0, 2.0)
    assert few.difference.p_value == pytest.approx(0.25) and "sign test, p = 0.25" in few.sentence()
    # Six games all +2: chance is 2 / 64, so the difference is claimed, with no width
    many = findings.compare_paired([5, 6, 7, 8, 9, 10], [3, 4, 5, 6, 7, 8], a=SELLER, b=HOARDER, measure="m")
    assert (many.difference.low, many.difference.high, many.verdict) == (2.0, 2.0, "higher")
    assert "no width" in many.sentence()
    none = findings.compare_paired([5, 6, 7], [5, 6, 7], a=SELLER, b=HOARDER, measure="m")
    assert none.verdict == "no difference detected" and none.games_needed is None
    flat = findings.compare_independent([4, 4], [4, 4], a=SELLER, b=HOARDER, measure="m")
    assert flat.verdict == "no difference detected"
    above = findings.mean([7, 7, 7, 7], measure="m", reference=5)
    assert above.verdict == "no difference detected" and (above.low, above.high) == (5.0, 7.0)


def test_constant_sides_of_independent_games_are_judged_by_the_exact_rank_test() -> None:
    few = findings.compare_independent([4, 4], [2, 2], a=SELLER, b=HOARDER, measure="m")
    assert few.verdict == "no difference detected" and few.difference.p_value == pytest.approx(1 / 3)
    many = findings.compare_independent([4] * 5, [2] * 5, a=SELLER, b=HOARDER, measure="m")
    assert many.verdict == "higher" and (many.difference.low, many.difference.high) == (2.0, 2.0)
    assert many.difference.p_value == pytest.approx(scipy.stats.mannwhitneyu([4] * 5, [2] * 5, method="exact").pvalue)


def test_won_or_lost_per_game_gets_a_bounded_exact_interval() -> None:
    # Four games all won by a and lost by b: a t interval says certain (+100% to +100%); chance is 1 in 8
    swept = findings.compare_paired(
        [1, 1, 1, 1], [0, 0, 0, 0], a=SELLER, b=HOARDER, measure="won", fmt=findings.percent
    )
    assert swept.verdict == "no difference detected" and swept.difference.p_value == pytest.approx(0.125)
    exact = scipy.stats.binomtest(4, 4).proportion_ci(0.95, method="exact")
    assert (swept.difference.low, swept.difference.high) == pytest.approx((2 * exact.low - 1, 1.0))
    assert "McNemar" in swept.difference.method
    # 20 games, a wins 15 and b 3, 2 lost by both: within -100% and +100%, and agreeing with the exact test
    a = [1] * 15 + [0] * 3 + [0, 0]
    b = [0] * 15 + [1] * 3 + [0, 0]
    found = findings.compare_paired(a, b, a=SELLER, b=HOARDER, measure="won")
    assert -1 <= found.difference.low <= found.difference.high <= 1
    assert found.difference.value == pytest.approx(12 / 20) and found.verdict == "higher"
    assert found.difference.p_value == pytest.approx(scipy.stats.binomtest(15, 18).pvalue)
    # Shares (an agent in two seats won one): the t interval would reach +127%; a difference of shares cannot
    split = findings.compare_paired([1, 1, 1, 0.5], [0, 0, 0, 0], a=SELLER, b=HOARDER, measure="won")
    unclipped = scipy.stats.ttest_rel([1, 1, 1, 0.5], [0, 0, 0, 0]).confidence_interval(0.95)
    assert unclipped.high > 1 and split.difference.high == 1.0 and split.difference.low == pytest.approx(unclipped.low)
    tie = findings.compare_paired([1, 0, 1], [1, 0, 1], a=SELLER, b=HOARDER, measure="won")
    assert tie.verdict == "no difference detected" and "cannot tell them apart" in tie.sentence()
    apart = findings.compare_independent([1, 1, 0, 1], [0, 0, 1, 0], a=SELLER, b=HOARDER, measure="won")
    assert apart.difference.method == "Newcombe hybrid score interval"


def test_a_bound_that_rounds_to_zero_is_not_written_as_zero() -> None:
    found = findings.compare_paired([0.0] * 10, [0.3, 0.5, 0.2, 0.4, 0.6, 0.1, 0.5, 0.3, 0.2, 0.4], a=SELLER,
                                    b=HOARDER, measure="m", fmt=".0f")  # fmt: skip
    assert found.verdict == "lower" and found.difference.high < 0
    assert "just below 0" in found.sentence() and "to 0 " not in found.sentence()


def test_a_constant_measure_gives_no_correlation_rather_than_a_crash() -> None:
    found = findings.correlation([1, 2, 3, 4], [5, 5, 5, 5], measure="x and y")
    assert found.verdict == "no relation detected" and "no correlation can be measured" in found.sentence()
    with pytest.raises(FindingError, match="at least 4 games"):
        findings.correlation([1, 2, 3], [1, 2, 3], measure="x and y")


# ------------------------------------------------------------------------------------- planning


@pytest.mark.parametrize(("sd", "effect", "paired"), [(10.0, 2.0, True), (5.0, 1.0, False), (3.0, 4.5, True)])
def test_games_needed_is_the_t_tests_own_power(sd: float, effect: float, paired: bool) -> None:
    needed = findings.games_needed(sd, effect, paired=paired)

    def power(games: int) -> float:  # the noncentral t, as textbooks give it
        freedom = games - 1 if paired else 2 * games - 2
        shift = effect / sd * math.sqrt(games if paired else games / 2)
        critical = scipy.stats.t.ppf(0.975, freedom)
        return scipy.stats.nct.sf(critical, freedom, shift) + scipy.stats.nct.cdf(-critical, freedom, shift)

    assert power(needed) >= 0.8 > power(needed - 1)
    z = scipy.stats.norm.ppf(0.975) + scipy.stats.norm.ppf(0.8)
    normal = math.ceil((z * sd / effect) ** 2 * (1 if paired else 2))
    assert normal <= needed <= normal + 3  # the normal approximation is too hopeful, most so at small n


def test_games_needed_matches_simulated_t_tests_at_small_n() -> None:
    needed = findings.games_needed(1.0, 1.5)  # a difference of one and a half spreads
    rng = np.random.default_rng(1)
    detected = [
        float(np.mean(scipy.stats.ttest_1samp(rng.normal(1.5, 1.0, (4000, n)), 0.0, axis=1).pvalue < 0.05))
        for n in (needed - 1, needed)
    ]
    assert needed == 6 and detected[0] < 0.8 < detected[1]


def test_no_difference_sentence_says_how_many_games_would_detect_the_effect() -> None:
    a, b = normal(10, 20, 8, 40), normal(11, 20, 8, 40)
    found = findings.compare_paired(a, b, a=SELLER, b=HOARDER, measure="final cogs", smallest_effect=2)
    assert found.verdict == "no difference detected"
    sd = float(np.std(np.subtract(a, b), ddof=1))
    assert found.games_needed == findings.games_needed(sd, 2)
    assert f"detecting a difference of 2.0 would take about {found.games_needed:,} games" in found.sentence()
    seen = findings.compare_paired(a, b, a=SELLER, b=HOARDER, measure="final cogs")
    assert seen.effect == pytest.approx(abs(seen.difference.value)) and seen.effect_seen
    assert "a difference as large as the one these games showed (" in seen.sentence()


def test_rounding_noise_and_tiny_effects_neither_crash_nor_plan_games() -> None:
    noise = findings.compare_paired([1.0, 1.1, 0.9], [1, 1, 1], a=SELLER, b=HOARDER, measure="m")
    assert noise.verdict == "no difference detected" and noise.games_needed is None
    z = scipy.stats.norm.ppf(0.975) + scipy.stats.norm.ppf(0.8)
    assert findings.games_needed(0.1, 1e-6) == math.ceil((z * 0.1 / 1e-6) ** 2)  # huge: the normal figure


def test_no_spread_means_no_games_needed_rather_than_two() -> None:
    ceiling = findings.compare_paired([1.0] * 8, [1.0] * 8, a=SELLER, b=HOARDER, measure="m", smallest_effect=0.1)
    assert ceiling.verdict == "no difference detected" and ceiling.games_needed is None
    assert "would take about" not in ceiling.sentence()


def test_holm_says_how_many_games_would_tell_when_it_turns_a_verdict() -> None:
    margins = [1, 2, -0.5, 1.5, 0.2, 1.0, -0.4, 2.0, 0.9, 0.3]
    marginal = findings.compare_paired(margins, [0.0] * 10, a="x", b="y", measure="m")
    turned = findings.holm([marginal] * 4)[0]
    sd = float(np.std(margins, ddof=1))
    assert turned.verdict == "no difference detected"
    assert turned.games_needed == findings.games_needed(sd, float(np.mean(margins)))
    assert f"would take about {turned.games_needed:,} games" in turned.sentence()
    asked = findings.compare_paired(margins, [0.0] * 10, a="x", b="y", measure="m", smallest_effect=0.5)
    planned = findings.holm([asked] * 4)[0]
    assert planned.games_needed == findings.games_needed(sd, 0.5) and planned.effect == 0.5
    assert f"detecting a difference of 0.5 would take about {planned.games_needed:,} games" in planned.sentence()
    kept = findings.holm([findings.compare_paired([12, 14, 15, 13], [3, 4, 6, 4], a="x", b="y", measure="m")])[0]
    assert "(unadjusted 95% interval" in kept.sentence()


def test_false_alarm_note_and_holm() -> None:
    assert findings.false_alarm_note(8) == (
        "With 8 comparisons at 95%, the chance of at least one false alarm when nothing differs is about 34%."
    )
    clear = findings.compare_paired([12, 14, 15, 13], [3, 4, 6, 4], a=SELLER, b=HOARDER, measure="m")
    margins = [1, 2, -0.5, 1.5, 0.2, 1.0, -0.4, 2.0, 0.9, 0.3]  # p about 0.02: clear alone, not among 4
    marginal = findings.compare_paired(margins, [0.0] * 10, a="x", b="y", measure="m")
    assert marginal.verdict == "higher" and 0.01 < (marginal.difference.p_value or 0) < 0.05
    adjusted = findings.holm([clear] + [marginal] * 3)
    assert adjusted[0].verdict == "higher" and adjusted[1].verdict == "no difference detected"
    assert "once 4 comparisons are allowed for (Holm)" in adjusted[1].sentence()
    assert "Higher" not in adjusted[1].sentence()


def test_holdout_seeds_give_fresh_games() -> None:
    seeds = findings.holdout(4)
    assert seeds == findings.holdout(4) and seeds.select != seeds.report
    assert not set(game_seeds(seeds.select, 500)) & set(game_seeds(seeds.report, 500))


# ------------------------------------------------------------------------------------- tournaments


def tournament_frame() -> pd.DataFrame:
    """Six games; in games 0-2 the seller sits twice (seats 0 and 2), so seat rows are not games."""
    rows = []
    for game in range(6):
        seller_scores = [10 + game, 30 + game] if game < 3 else [12 + game]
        seats = [(SELLER, s) for s in seller_scores] + [(HOARDER, 5 + game)]
        for seat, (agent, score) in enumerate(seats):
            rows.append({"game": game, "seed": 100 + game, "seat": seat, "agent": agent, "score": float(score),
                         "won": agent == SELLER and seat == 0, "error": None})  # fmt: skip
    return pd.DataFrame(rows)


def test_compare_agents_counts_two_seats_of_one_game_once() -> None:
    found = findings.compare_agents(tournament_frame(), SELLER, HOARDER)
    per_game = [20 + g - (5 + g) for g in range(3)] + [12 + g - (5 + g) for g in range(3, 6)]
    assert found.difference.n == 6 and found.design == "paired over the same seeds"
    assert found.difference.value == pytest.approx(np.mean(per_game))
    expected = scipy.stats.ttest_1samp(per_game, 0).confidence_interval(0.95)
    assert (found.difference.low, found.difference.high) == pytest.approx((expected.low, expected.high))


def test_compare_agents_is_independent_when_they_never_meet() -> None:
    frame = tournament_frame()
    frame.loc[frame["game"] >= 3, "agent"] = "loner"
    frame = frame[~((frame["game"] < 3) & (frame["agent"] == HOARDER))]
    found = findings.compare_agents(frame, SELLER, "loner")
    assert found.design == "independent" and (found.n_a, found.n_b) == (3, 3)


def test_compare_agents_refuses_an_unknown_agent_naming_the_known_ones() -> None:
    with pytest.raises(FindingError, match="the agents are 'my seller', 'the hoarder'"):
        findings.compare_agents(tournament_frame(), SELLER, "rate matcher")


def test_compare_agents_leaves_out_forfeited_games() -> None:
    frame = tournament_frame()
    frame.loc[frame["game"] == 5, ["score", "error"]] = [math.nan, "seat 1: timed out"]
    assert findings.compare_agents(frame, SELLER, HOARDER).difference.n == 5


def test_win_rate_is_counted_per_game() -> None:
    found = findings.win_rate(tournament_frame(), SELLER)
    assert (found.value, found.n) == (1.0, 6)
    expected = scipy.stats.binomtest(6, 6).proportion_ci(0.95, method="wilson")
    assert found.low == pytest.approx(expected.low) and found.high == 1.0
    assert findings.win_rate(tournament_frame(), HOARDER).value == 0.0


def test_correlation_cluster_averages_per_game() -> None:
    x = [1.0, 3.0, 2.0, 2.0, 5.0, 7.0, 4.0, 4.0, 8.0, 9.0]
    y = [2.0, 2.0, 1.0, 3.0, 6.0, 6.0, 5.0, 3.0, 9.0, 9.0]
    found = findings.correlation(x, y, measure="x and y", cluster=[0, 0, 1, 1, 2, 2, 3, 3, 4, 4])
    assert found.n == 5 and found.unit == "games"
    assert found.value == pytest.approx(scipy.stats.pearsonr([2, 2, 6, 4, 8.5], [2, 2, 6, 4, 9]).statistic)


def test_table_has_one_row_per_finding() -> None:
    frame = findings.table([findings.compare_agents(tournament_frame(), SELLER, HOARDER),
                            findings.mean([1, 2, 3], measure="m")])  # fmt: skip
    assert list(frame.columns[:8]) == ["measure", "a", "b", "estimate", "low", "high", "n", "verdict"]
    assert frame["a"].tolist()[0] == SELLER and frame["verdict"].tolist() == ["higher", ""]


def test_findings_is_exported_and_loads_on_first_use() -> None:
    assert playbook.findings is findings and "findings" in playbook.__all__


def test_the_module_examples_hold() -> None:
    import doctest

    assert doctest.testmod(findings).failed == 0
