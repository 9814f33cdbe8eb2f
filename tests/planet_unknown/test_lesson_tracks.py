"""lesson.py: the measurements behind notebooks/planet_unknown.ipynb (issue 21, review points PL1-PL5)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import playbook
from playbook import findings
from playbook.charts import planet_unknown as pu_charts
from playbook.games.planet_unknown import Rules, agents, lesson
from playbook.games.planet_unknown.board import track_tables
from playbook.games.planet_unknown.events import TilePlaced, TrackerMoved

STANDARD = Rules.standard()


@pytest.fixture(scope="module")
def match() -> playbook.Match:
    played = playbook.Match("planet_unknown", players=2, seed=7, agents={0: agents.TrackRacer(), 1: agents.CivRacer()})
    played.advance()
    return played


@pytest.fixture(scope="module")
def with_events() -> pd.DataFrame:
    return lesson.civ_by_deck([6, 20], [agents.TrackRacer(), agents.RowsAndColumns()], games=6, seed=3)


# --- PL1: the cadence and the exchange rates, from the track tables ------------------------------------------------


def test_on_civ_and_water_the_first_medal_comes_before_the_first_benefit() -> None:
    shape = lesson.cadence(STANDARD)
    assert shape.loc["civ", ["first medal at", "first benefit at"]].tolist() == [2, 3]
    assert shape.loc["water", ["first medal at", "first benefit at"]].tolist() == [2, 3]
    assert shape.loc[["civ", "water"], "comes first"].tolist() == ["medal", "medal"]
    assert shape.loc[["biomass", "rover", "tech"], "comes first"].tolist() == ["benefit"] * 3
    assert shape.loc["water", "top medal"] == 10 and shape.loc["civ", "points per step to the top"] == pytest.approx(
        5 / 15
    )


def test_the_points_a_step_adds_sum_to_the_top_medal_of_each_track() -> None:
    table = lesson.price_table(STANDARD)
    tops = track_tables(STANDARD.c.corporation).best_medal
    assert list(table.columns) == list(lesson.TRACKS) and list(table.index) == list(range(1, 16))
    assert [int(table[t].sum()) for t in lesson.TRACKS] == [tops[i][-1] for i in range(5)]
    assert table.loc[2, "civ"] == 1 and table.loc[15, "water"] == 3 and table.loc[14, "water"] == 0


def test_the_forward_rate_is_the_next_medals_gain_over_the_steps_it_costs() -> None:
    prices = lesson.step_prices(STANDARD).set_index(["track", "position"])
    assert prices.loc[("water", 13), "points per step ahead"] == pytest.approx(3 / 2)  # 7 at 13, 10 at 15
    assert prices.loc[("rover", 1), "steps to next medal"] == 7  # the rover track's first medal is at 8
    assert prices.loc[("civ", 3), "benefit"] == "civ card (rank 1)"
    assert pd.isna(prices.loc[("tech", 15), "points per step ahead"])  # nothing ahead of the top
    with pytest.raises(findings.FindingError, match="no column"):
        lesson.price_table(STANDARD, "price")


# --- the resource flow: squares in, steps, points out ------------------------------------------------------------


def test_every_point_of_the_flow_comes_from_one_source_and_every_step_lands_on_a_track(match: playbook.Match) -> None:
    for seat in range(2):
        links, labels = lesson.resource_flows(match, seat)
        assert links.loc[links["unit"] == "points", "amount"].sum() == match.state.scores()[seat]
        into = links[(links["unit"] == "steps") & links["target"].str.endswith(" track")]["amount"].sum()
        lost = links.loc[links["target"] == "steps lost (events)", "amount"].sum()
        assert into - lost == sum(match.state.boards[seat].trackers)
        placed = [e for e in (r.event for r in match.events) if isinstance(e, TilePlaced) and e.seat == seat]
        civ_squares = sum(1 for e in placed for t in e.terrains if t == 0)
        assert labels["civ terrain"] == f"civ terrain: {civ_squares} squares"


def test_steps_are_attributed_to_their_causes(match: playbook.Match) -> None:
    reasons = {r.event.reason for r in match.events if isinstance(r.event, TrackerMoved)}
    assert {lesson.step_cause(reason) for reason in reasons} <= set(lesson.STEP_CAUSES.values())
    assert lesson.step_cause("energy") == "energy" and lesson.step_cause("synergy") == "synergy boosts"
    assert lesson.step_cause("a reason nobody wrote") == "other"


def test_the_running_totals_end_where_the_game_ends(match: playbook.Match) -> None:
    running = lesson.flow_by_round(match)
    for seat in range(2):
        part = running[running["seat"] == seat]
        assert part["squares covered"].is_monotonic_increasing
        board = match.state.boards[seat]
        assert part["squares covered"].iloc[-1] == board.covered.bit_count()
        assert part["tracker steps"].iloc[-1] == sum(board.trackers)
        assert part["points"].iloc[-1] == match.state.scores()[seat]


# --- PL2: where the civ cards go ---------------------------------------------------------------------------------


def test_without_events_no_civ_pile_runs_dry_and_the_first_to_a_rank_chooses_from_players_plus_one(
    match: playbook.Match,
) -> None:
    account = lesson.civ_account(match)
    assert account.dealt == 12 and account.removed == 0 and account.missed == 0
    assert account.dealt == account.taken + account.removed + account.left
    assert max(account.choices) == 3 and min(account.choices) >= 2  # 3 cards to the first, 2 to the second


def test_with_events_every_civ_card_is_taken_removed_or_left(with_events: pd.DataFrame) -> None:
    assert (with_events["dealt"] == with_events["taken"] + with_events["removed"] + with_events["left"]).all()
    assert (with_events["removed"] <= 4).all()  # the event removes at most one card of each of the 4 ranks
    assert (with_events.loc[with_events["deck"] == 6, "rounds"] == 6).all()  # the deck is the game's clock
    short = with_events[with_events["deck"] == 6]["left"].mean()
    long_ = with_events[with_events["deck"] == 20]["left"].mean()
    assert short > long_


# --- PL4, PL5 and the tournament helpers, on small frames whose answers are known ------------------------------


def _frame() -> pd.DataFrame:
    """Six two-player games: a beats b in 3 of 4, a beats c in both; c has one seat per game."""
    wins = [("a", "b", True), ("a", "b", True), ("a", "b", True), ("a", "b", False), ("a", "c", True), ("a", "c", True)]
    rows = []
    for game, (x, y, x_won) in enumerate(wins):
        rows.append({"game": game, "agent": x, "won": x_won, "score": 30 + game, "rows": 2, "columns": 1,
                     **dict.fromkeys(lesson.TRACKS, 2)})  # fmt: skip
        rows.append({"game": game, "agent": y, "won": not x_won, "score": 20 + game, "rows": 1, "columns": 0,
                     **dict.fromkeys(lesson.TRACKS, 3)})  # fmt: skip
    return pd.DataFrame(rows)


def test_the_head_to_head_cell_counts_games_and_gives_the_wilson_interval() -> None:
    pairs = lesson.head_to_head(_frame()).set_index(["agent", "opponent"])
    assert pairs.loc[("a", "b"), ["wins", "games"]].tolist() == [3, 4]
    wilson = findings.proportion(3, 4, measure="share")
    assert pairs.loc[("a", "b"), "low"] == pytest.approx(wilson.low)
    table = lesson.head_to_head_table(_frame())
    assert table.loc["a", "b"] == f"3 of 4 ({wilson.low * 100:.0f}\u2013{wilson.high * 100:.0f}%)"
    assert table.loc["c", "a"].startswith("0 of 2 (0\u2013") and table.loc["b", "c"] == "\u2014"


def test_source_means_are_per_game_and_unrounded_and_the_chart_keeps_them() -> None:
    frame = _frame().assign(rows=[2, 1, 3, 0, 2, 1, 2, 0, 2, 1, 2, 0])
    means = lesson.source_means(frame, ["rows", "columns"]).set_index("name")
    assert means.loc["a", "rows"] == pytest.approx(13 / 6)  # 2.1666..., never truncated to 2
    fig = pu_charts.points_breakdown(means.reset_index(), x_title="strategy")
    bars = {t.name: list(t.y) for t in fig.data if t.type == "bar"}
    assert bars["complete rows"][0] == pytest.approx(13 / 6)
    assert fig.layout.xaxis.title.text == "strategy"
    total = next(t for t in fig.data if t.type == "scatter")
    assert total.text[0] == f"{13 / 6 + 1:.1f}"


def test_lines_and_tracks_and_the_within_strategy_correlations() -> None:
    per_seat = lesson.lines_and_tracks(_frame())
    assert per_seat.loc[0, ["lines", "tracks"]].tolist() == [3, 10]
    frame = pd.concat([_frame().assign(game=lambda f, k=k: f["game"] + 6 * k) for k in range(2)], ignore_index=True)
    frame["rows"] = range(len(frame))
    found = lesson.strategy_correlations(lesson.lines_and_tracks(frame), smallest_effect=0.3)
    assert set(found) == {"a", "b", "c"} and found["a"].n == 12 and found["a"].unit == "games"


def test_wins_by_game_is_per_game_and_names_the_known_agents() -> None:
    assert lesson.wins_by_game(_frame(), "a") == [1.0, 1.0, 1.0, 0.0, 1.0, 1.0]
    with pytest.raises(findings.FindingError, match="the agents are a, b, c"):
        lesson.wins_by_game(_frame(), "d")


def test_all_pairs_compares_every_pair_per_game_with_holm() -> None:
    pairs = lesson.all_pairs(_frame(), "score", measure="final points")
    assert [(p.a, p.b) for p in pairs] == [("a", "b"), ("a", "c"), ("b", "c")]
    assert all("Holm" in p.adjusted for p in pairs)
    assert pairs[0].difference.n == 4  # a and b met in 4 games


# --- the synergy intervention -------------------------------------------------------------------------------------


def test_without_synergy_empties_only_the_synergy_spaces() -> None:
    emptied = lesson.without_synergy(STANDARD).c.corporation.tracks
    printed = STANDARD.c.corporation.tracks
    assert not any(space.synergy for track in emptied for space in track)
    assert all(
        a._replace(synergy=False) == b
        for ta, tb in zip(printed, emptied, strict=True)
        for a, b in zip(ta, tb, strict=True)
    )
    cut = lesson.synergy_intervention([agents.TrackRacer(), agents.CivRacer()], games=2, seed=3)
    assert (cut.loc[cut["board"] == "no synergy", "synergy steps"] == 0).all()
    assert (cut.loc[cut["board"] == "printed", "synergy steps"] > 0).all()
    assert (cut["steps"] == cut["synergy steps"] + cut["other steps"]).all()


# --- the charts of the flow --------------------------------------------------------------------------------------


def test_the_sankey_draws_every_link_with_its_unit_and_the_lines_three_panels(match: playbook.Match) -> None:
    links, labels = lesson.resource_flows(match, 0)
    fig = pu_charts.resource_sankey(links, labels, title="t")
    sankey = fig.data[0]
    assert list(sankey.link.value) == [float(v) for v in links["amount"]]
    assert list(sankey.link.label) == list(links["unit"])
    assert labels["civ track"] in sankey.node.label
    lines = pu_charts.resource_lines(lesson.flow_by_round(match), names=["A", "B"])
    assert len(lines.data) == 6 and [a.text for a in lines.layout.annotations] == [
        "terrain squares covered",
        "tracker steps",
        "points",
    ]


# --- what keeps the lesson's sentences true under an edit ----------------------------------------------------------


def test_a_tie_on_points_names_the_tie_break_that_decided_it() -> None:
    tied = playbook.Match("planet_unknown", players=2, seed=11, agents={0: agents.TrackRacer(), 1: agents.CivRacer()})
    tied.advance()
    scores = tied.state.scores()
    words = lesson.tie_break(tied, ["seat 0", "seat 1"])
    if scores[0] == scores[1]:
        assert f"tied at {scores[0]:.0f} points" in words and "uncovered squares" in words
    else:
        assert words == ""


def test_no_tie_no_words(match: playbook.Match) -> None:
    scores = match.state.scores()
    assert scores[0] != scores[1] and lesson.tie_break(match, ["a", "b"]) == ""


def test_the_running_points_include_the_objectives_as_they_stand(match: playbook.Match) -> None:
    running = lesson.flow_by_round(match)
    assert (running["objective points"] >= 0).all()
    assert (running["objective points"] <= running["points"]).all()
    assert running.groupby("seat")["objective points"].nunique().max() > 1  # they change hands during the game


def test_point_drops_count_the_falls_the_objectives_explain() -> None:
    running = pd.DataFrame({"round": [1, 2, 3, 4], "seat": [0] * 4, "points": [13.0, 11.0, 12.0, 10.0],
                            "objective points": [10, 7, 7, 7]})  # fmt: skip
    drops = lesson.point_drops(running, 0)
    assert drops.rounds == (2, 4) and drops.by_objectives == 1 and drops.largest == 2.0
    steady = running.assign(points=[1.0, 2.0, 3.0, 4.0])
    assert lesson.point_drops(steady, 0).rounds == ()


def test_lines_against_rivals_pairs_each_game_with_the_opponents_line_points() -> None:
    frame = _frame().assign(
        columns=[1, 0, 2, 0, 1, 1, 3, 0, 1, 0, 2, 1]
    )  # a: 3, 4, 3, 5, 3, 4; rivals: 1, 1, 2, 1, 1, 2
    found = lesson.lines_against_rivals(frame, "a")
    assert found.difference.value == pytest.approx(14 / 6) and found.difference.n == 6 and found.verdict == "higher"
    assert lesson.lines_against_rivals(frame, "b").verdict == "lower"
    with pytest.raises(findings.FindingError, match="no agent named"):
        lesson.lines_against_rivals(_frame(), "d")


def test_the_correlation_within_game_length_removes_a_relation_length_alone_makes() -> None:
    rng = np.random.default_rng(1)
    rounds = rng.integers(12, 24, size=60)
    rows = [{"game": g, "agent": "x", "lines": 2 * r + rng.normal(), "tracks": 3 * r + rng.normal(), "rounds": r}
            for g, r in enumerate(rounds)]  # fmt: skip
    per_seat = pd.DataFrame(rows)
    pooled = findings.correlation(per_seat["lines"], per_seat["tracks"], measure="pooled")
    within = lesson.correlation_within_game_length(per_seat, smallest_effect=0.3)
    assert pooled.verdict == "positive" and within.verdict == "no relation detected"
    assert within.unit == "games" and within.n == 60
    with pytest.raises(findings.FindingError, match="rounds"):
        lesson.correlation_within_game_length(per_seat.drop(columns="rounds"))


def test_one_decimal_never_prints_a_bound_that_excludes_zero_as_zero() -> None:
    assert lesson.one_decimal(5.24) == "5.2" and lesson.one_decimal(0.0) == "0.0"
    assert lesson.one_decimal(0.016) == "0.016" and lesson.one_decimal(0.04) == "0.04"
    found = findings.compare_paired([0.1, 0.2, 0.05, 0.3, 0.02, 0.12], [0.0] * 6, a="x", b="y", measure="m",
                                    fmt=lesson.one_decimal)  # fmt: skip
    assert found.verdict == "higher" and "interval +0.023 to" in found.sentence()


def test_a_synergy_step_is_priced_by_the_points_lost_per_boost_step() -> None:
    cut = pd.DataFrame({"board": ["printed"] * 3 + ["no synergy"] * 3, "game": [0, 1, 2] * 2,
                        "steps": [40.0] * 6, "synergy steps": [4.0, 5.0, 0.0, 0.0, 0.0, 0.0],
                        "other steps": [36.0] * 6, "score": [42.0, 45.0, 40.0, 40.0, 40.0, 40.0]})  # fmt: skip
    value = lesson.points_per_synergy_step(cut)
    assert value.n == 2 and value.value == pytest.approx((2 / 4 + 5 / 5) / 2)  # game 2 paid no boost: left out


def test_the_sankey_puts_a_track_with_no_points_out_in_the_track_column() -> None:
    links = pd.DataFrame(
        [("tech terrain", "tech track", 3, "steps"), ("civ terrain", "civ track", 5, "steps"),
         ("civ track", "civ medals", 2, "points"), ("water terrain", "water off ice (no step)", 1, "steps"),
         ("squares covered", "rows and columns", 4, "points")],
        columns=["source", "target", "amount", "unit"],
    )  # fmt: skip
    sankey = pu_charts.resource_sankey(links, {}, title="t").data[0]
    column = dict(zip(sankey.node.label, sankey.node.x, strict=True))
    assert column["tech track"] == column["civ track"] == column["water off ice (no step)"] == 0.5
    assert column["civ medals"] == column["rows and columns"] > 0.9
    assert column["tech terrain"] == column["squares covered"] < 0.1
