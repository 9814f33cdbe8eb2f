"""The asymmetry lesson's measurements (``asymmetry_lesson.py``), against the review of issue 21.

AS1: every interval says how many deals and games it rests on, and how many games ±2 and ±3 would take.
AS2: many comparisons are read with Holm's adjustment; the most extreme corporation is reported on hold-out
deals, and the luck a pick carries is measured. AS3: the board's medal points against the margin is a
correlation with its interval. AS4: t intervals over deals (the two seatings of a seed are one deal), never
over seats or single games.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
import scipy.stats

from playbook import findings
from playbook.core.errors import InvalidArgumentError
from playbook.core.tournament import game_seeds
from playbook.games.planet_unknown import asymmetry_lesson as lesson
from playbook.games.planet_unknown.agents import CivRacer, TrackRacer
from playbook.games.planet_unknown.board import track_tables
from playbook.games.planet_unknown.tuning import TRACK_NAMES
from playbook.widgets.planet_unknown import asymmetry_lab as lab


def _games(margins: list[tuple[float, float]], reference: float = 40.0) -> pd.DataFrame:
    """A pairing's game frame: per deal, the margins of its seat-0 and seat-1 games."""
    rows = []
    for seat in (0, 1):
        for deal, pair in enumerate(margins):
            score = reference + pair[seat]
            rows.append((deal, 100 + deal, seat, score, reference, pair[seat], None, None))
    return pd.DataFrame(rows, columns=lesson.GAME_COLUMNS)


@pytest.fixture(scope="module")
def makeshift_games() -> pd.DataFrame:
    return lesson.play_pairing("corporations", "makeshift", TrackRacer(), deals=2, seed=5)


def test_a_pairing_plays_every_deal_in_both_seatings_as_the_dashboard_does(makeshift_games: pd.DataFrame) -> None:
    games = makeshift_games
    assert list(games.groupby("seat")["seed"].apply(list)) == [game_seeds(5, 2)] * 2
    assert (games["margin"] == games["score"] - games["reference score"]).all()
    plan = lab.Plan("corporations", "standard", "both", 4, 5, "track racer")
    dashboard = pd.DataFrame(lab.play_pairing(plan, "makeshift", TrackRacer()))
    mine = games.sort_values(["seat", "deal"])[["seat", "seed", "score", "reference score"]]
    theirs = dashboard[["seat", "seed", "score", "reference score"]]
    assert mine.to_numpy().tolist() == theirs.to_numpy().tolist()


def test_a_planet_pairing_seats_the_planet_against_ksb_4156() -> None:
    rules = lesson.pairing_rules("planets", "gaia", 1)
    assert rules.planet(1).key == "gaia" and rules.planet(0).name == "KSB-4156"
    assert lesson.pairing_rules("corporations", "oasis", 0).corporation(0).key == "oasis"
    with pytest.raises(InvalidArgumentError, match="field"):
        lesson.pairing_rules("boards", "oasis", 0)


def test_a_deal_is_the_mean_of_its_two_seatings_and_a_forfeit_drops_the_whole_deal() -> None:
    games = _games([(4.0, -2.0), (10.0, 6.0), (1.0, 1.0)])
    games.loc[(games["deal"] == 2) & (games["seat"] == 1), "error"] = "seat 1 (bot): forfeited"
    deals = lesson.deal_margins(games)
    assert list(deals.index) == [0, 1]
    assert list(deals["margin"]) == [1.0, 8.0]


def test_a_pairing_with_too_few_finished_deals_is_refused_with_the_games_error() -> None:
    games = _games([(4.0, -2.0), (10.0, 6.0)])
    games.loc[games["deal"] == 1, "error"] = "seat 0 (civ racer): raised ValueError"
    with pytest.raises(InvalidArgumentError, match=r"1 deals finished.*civ racer"):
        lesson.pairing_comparison(games, "Oasis", "Universal Coalition")


def test_the_interval_is_a_t_interval_over_deals_not_over_games() -> None:
    pairs = [(6.0, -4.0), (3.0, 0.0), (8.0, -5.0), (2.0, -2.0)]  # a strong seat effect that each deal cancels
    found = lesson.pairing_comparison(_games(pairs), "Makeshift", "Universal Coalition")
    per_deal = [sum(p) / 2 for p in pairs]
    expected = scipy.stats.ttest_1samp(per_deal, 0).confidence_interval(0.95)
    assert found.difference.n == 4
    assert (found.difference.low, found.difference.high) == pytest.approx((expected.low, expected.high))
    per_game = scipy.stats.ttest_1samp([m for p in pairs for m in p], 0).confidence_interval(0.95)
    assert found.difference.high - found.difference.low != pytest.approx(per_game.high - per_game.low)


def test_a_deal_comparison_says_deals_and_games_and_counts_games_needed_in_games() -> None:
    a, b = [40.0, 42.0, 38.0, 45.0], [39.0, 43.0, 38.0, 44.0]
    plain = findings.compare_paired(a, b, a="Oasis", b="Universal Coalition", measure="score", smallest_effect=3)
    found = lesson.compare_deals(a, b, a="Oasis", b="Universal Coalition", smallest_effect=3)
    assert found.verdict == plain.verdict == "no difference detected"
    assert plain.games_needed is not None and found.games_needed == 2 * plain.games_needed
    assert "4 deals, 8 games" in found.sentence()
    assert f"about {found.games_needed:,} games" in found.sentence()
    held = findings.holm([found, found])
    assert all(isinstance(h, lesson.DealComparison) and "4 deals, 8 games" in h.sentence() for h in held)


def test_the_summary_reads_each_verdict_alone_and_with_all_allowed_for() -> None:
    clear = lesson.compare_deals([50.0, 52.0, 51.0, 53.0, 50.0], [40.0, 41.0, 40.0, 42.0, 41.0], a="A", b="R")
    borderline = lesson.compare_deals([42.0, 45.0, 41.0, 46.0, 44.0], [40.0, 41.0, 40.0, 42.0, 41.0], a="B", b="R")
    noise = [lesson.compare_deals([40.0, 44.0, 38.0, 42.0, 41.0], [41.0, 41.0, 40.0, 42.0, 41.0], a=f"N{i}", b="R")
             for i in range(6)]  # fmt: skip
    table = lesson.summary(["A", "B", *[f"N{i}" for i in range(6)]], [clear, borderline, *noise])
    assert list(table["games"]) == [10] * 8
    assert table.loc[0, "verdict, all allowed for"] == "higher"
    alone, held = table.loc[1, "verdict alone"], table.loc[1, "verdict, all allowed for"]
    assert (alone, held) == ("higher", "no difference detected")  # p about 0.02: a false alarm among eight?
    with pytest.raises(InvalidArgumentError):
        lesson.summary(["A"], [clear, borderline])


def test_precision_recovers_the_spread_and_prices_two_and_three_point_intervals() -> None:
    rng = np.random.default_rng(3)
    comparisons = [
        lesson.compare_deals(list(40 + rng.normal(0, 6, 12)), [40.0] * 12, a=f"C{i}", b="R") for i in range(8)
    ]
    precise = lesson.precision(comparisons)
    assert 4.0 < precise.sd < 8.0 and precise.deals == 12 and precise.games == 24
    assert precise.games_for_2 == 2 * findings.games_needed(precise.sd, 2.0, power=0.5)
    assert precise.games_for_3 == 2 * findings.games_needed(precise.sd, 3.0, power=0.5)
    assert precise.games_to_detect_2 == 2 * findings.games_needed(precise.sd, 2.0)
    assert precise.games_for_3 < precise.games_for_2 < precise.games_to_detect_2
    half = 1.96 * precise.sd / math.sqrt(precise.games_for_2 / 2)
    assert half == pytest.approx(2.0, abs=0.1)  # that many games give an interval of about ±2


def test_the_most_extreme_is_the_furthest_from_parity_either_way() -> None:
    values = {"A": [41.0, 42.0, 43.0], "B": [30.0, 31.0, 29.0], "C": [45.0, 44.0, 46.0]}
    comparisons = [lesson.compare_deals(v, [40.0, 40.0, 40.0], a=k, b="R") for k, v in values.items()]
    assert lesson.most_extreme(list(values), comparisons) == "B"


def test_the_luck_of_a_pick_grows_with_candidates_and_shrinks_with_deals() -> None:
    one = lesson.extreme_by_chance(6.0, 16, 1)
    assert one == pytest.approx(6.0 / 4 * math.sqrt(2 / math.pi), rel=0.03)  # E|Z| for a single mean
    assert lesson.extreme_by_chance(6.0, 16, 8) > 1.8 * one
    assert lesson.extreme_by_chance(6.0, 64, 8) == pytest.approx(lesson.extreme_by_chance(6.0, 16, 8) / 2, rel=0.03)
    assert lesson.extreme_by_chance(6.0, 16, 8) == lesson.extreme_by_chance(6.0, 16, 8)  # seeded


def test_regression_to_the_mean_compares_picked_and_fresh_deals_as_independent_deals() -> None:
    picked, fresh = _games([(-9.0, -7.0), (-6.0, -8.0), (-10.0, -8.0)]), _games([(-1.0, -3.0), (0.0, -2.0)])
    on_picked, on_fresh, moved = lesson.regression_to_the_mean(picked, fresh, "Makeshift")
    assert (on_picked.value, on_fresh.value) == (-8.0, -1.5)
    assert on_picked.sample() == "3 deals" and on_fresh.sample() == "2 deals"
    assert moved.design == findings.INDEPENDENT and moved.verdict == "higher"
    assert "2 and 3 deals (4 and 6 games)" in moved.sentence()


def test_the_board_correlation_has_one_point_per_corporation() -> None:
    points = [30, 30, 26, 25, 35]
    comparisons = [
        lesson.compare_deals([40.0 + p - 30 + d for d in (0, 1, -1)], [40.0] * 3, a=f"C{i}", b="R")
        for i, p in enumerate(points)
    ]
    found = lesson.board_correlation(points, comparisons)
    assert found.unit == "corporations" and found.n == 5
    assert found.value == pytest.approx(1.0) and found.verdict == "positive"
    assert "5 corporations" in found.sentence()


def test_medal_edits_move_every_medal_of_the_track_and_stop_at_zero() -> None:
    spaces = lesson.corporation_board("makeshift").tracks[TRACK_NAMES.index("civ")]
    medals = {p: s.medal for p, s in enumerate(spaces) if s.medal}
    up = lesson.medal_edits("makeshift", "civ", 2)
    assert [p for _, _, p, _ in up] == list(medals)
    board = lesson.tuned_board("makeshift", up).tracks[TRACK_NAMES.index("civ")]
    assert all(board[p].medal == m + 2 for p, m in medals.items())
    down = lesson.tuned_board("makeshift", lesson.medal_edits("makeshift", "civ", -5)).tracks[0]
    assert all(down[p].medal == max(0, m - 5) for p, m in medals.items())
    with pytest.raises(InvalidArgumentError, match="track"):
        lesson.medal_edits("makeshift", "money", 1)


def test_the_earliest_medal_track_is_the_one_whose_first_medal_comes_first() -> None:
    for key in lesson.playable_corporations():
        tracks = lesson.corporation_board(key).tracks
        first = [next((p for p, s in enumerate(t) if s.medal), 99) for t in tracks]
        assert first[TRACK_NAMES.index(lesson.earliest_medal_track(key))] == min(first)


def test_the_exchange_rate_divides_the_margins_shift_by_the_medal_points_really_added() -> None:
    printed = _games([(-4.0, -6.0), (-2.0, 0.0), (-8.0, -6.0), (-3.0, -5.0)])
    tuned = _games([(2.0, 0.0), (3.0, 7.0), (-3.0, -1.0), (3.0, 3.0)])  # shifts of 6, 6, 5 and 7 points
    nominal = [2.0] * len(printed)
    rate = lesson.exchange_rate(printed, tuned, nominal, "medals +2")
    assert rate is not None and rate.value == pytest.approx(3.0) and rate.reference == 1.0
    assert rate.verdict == "above" and rate.unit == "deals" and rate.n == 4
    # a change that stopped at 0 for some medals added less: the rate is a ratio of the sums over deals
    stopped = [2.0, 2.0, 1.0, 3.0] * 2  # per game, seat 0's four deals then seat 1's
    uneven = lesson.exchange_rate(printed, tuned, stopped, "medals +2")
    assert uneven is not None and uneven.value == pytest.approx(24 / 8)
    assert lesson.exchange_rate(printed, tuned, [0.0] * len(printed), "no medal reached") is None
    with pytest.raises(InvalidArgumentError):
        lesson.exchange_rate(printed, tuned, [2.0], "one value for eight games")


def test_the_exchange_rate_is_one_when_the_change_reaches_only_the_score() -> None:
    printed = _games([(-4.0, -6.0), (-2.0, 0.0), (-8.0, -6.0), (-3.0, -5.0)])
    added = [1.0, 2.0, 0.0, 1.0, 1.0, 2.0, 0.0, 1.0]
    shifted = printed.assign(score=printed["score"] + added, margin=printed["margin"] + added)
    rate = lesson.exchange_rate(printed, shifted, added, "paper")
    assert rate is not None and rate.value == pytest.approx(1.0) and rate.verdict == "no difference detected"


def test_the_medal_points_added_are_the_change_scored_where_the_tracker_ended() -> None:
    printed = lesson.play_pairing("corporations", "flux", TrackRacer(), deals=2, seed=5)
    change = lesson.medal_edits("flux", "civ", -5)
    added = lesson.medal_points_added(printed, "corporations", "flux", change)
    before = track_tables(lesson.corporation_board("flux")).best_medal[0]
    after = track_tables(lesson.tuned_board("flux", change)).best_medal[0]
    for state, seat, gained in zip(printed["final state"], printed["seat"], added, strict=True):
        at = state.boards[int(seat)].trackers[0]
        assert gained == after[at] - before[at]  # every medal -5, but a 1-point medal can only lose 1
        assert -5 <= gained <= 0
    with pytest.raises(InvalidArgumentError, match="final states"):
        lesson.medal_points_added(_games([(1.0, 2.0), (3.0, 4.0)]), "corporations", "flux", change)


def test_the_shift_splits_into_the_candidates_gain_and_the_rivals_loss() -> None:
    printed = _games([(-4.0, -6.0), (-2.0, 0.0), (-8.0, -6.0), (-3.0, -5.0)])
    gains, losses = [3.0, 4.0, 2.0, 3.5] * 2, [-1.0, -0.5, -1.5, -1.0] * 2  # per game, both seatings alike
    tuned = printed.assign(score=printed["score"] + gains, **{"reference score": printed["reference score"] + losses})
    tuned = tuned.assign(margin=tuned["score"] - tuned["reference score"])
    own, rival = lesson.score_shifts(printed, tuned, "Flux", "Universal Coalition")
    assert own.difference.value == pytest.approx(3.125) and rival.difference.value == pytest.approx(-1.0)
    assert own.verdict == "higher" and rival.verdict == "lower"
    assert "Universal Coalition" in rival.sentence() and "Flux" in own.sentence()


def test_changed_games_counts_the_games_where_the_rival_scored_differently() -> None:
    printed = _games([(1.0, 2.0), (3.0, 4.0)])
    tuned = printed.copy()
    tuned.loc[0, "reference score"] = 41.0
    assert lesson.changed_games(printed, printed) == 0
    assert lesson.changed_games(printed, tuned) == 1


def test_a_bot_is_named_as_a_parameter_gives_it() -> None:
    assert isinstance(lesson.bot_named("civ racer"), CivRacer)
    assert "track racer" in lesson.bot_names()
    with pytest.raises(InvalidArgumentError, match="track racer"):
        lesson.bot_named("Track Racer!")


def test_the_medal_points_at_the_tops_read_the_printed_board() -> None:
    assert lesson.medal_points_at_tops("standard") == 30
    assert lesson.medal_points_at_tops("oasis") > lesson.medal_points_at_tops("makeshift")
    assert lesson.candidate_name("corporations", "standard") == "Universal Coalition"
    assert lesson.candidate_name("planets", "standard") == "KSB-4156"
