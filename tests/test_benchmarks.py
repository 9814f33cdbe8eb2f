"""The benchmark report of issue 20 (``benchmarks/run_all.py``), run with tiny sizes: every goal of
``benchmarks/goals.py`` gets a figure and a verdict, and the report says what it could not measure.

Nothing here asserts a speed: the figures of a tiny run on a shared machine mean nothing. What is checked is the
report's shape and its judging: the rows, the verdicts against the goals, the notes for an extrapolated
tournament, a missing open_spiel and a skipped browser.
"""

from __future__ import annotations

import importlib
import math
import sys
from typing import Any

import pytest
from support.notebooks import REPO_ROOT

from playbook.games import available, load

BENCHMARKS = REPO_ROOT / "benchmarks"
if str(BENCHMARKS) not in sys.path:  # benchmarks/ is a folder of scripts, not a package
    sys.path.insert(0, str(BENCHMARKS))
goals = importlib.import_module("goals")
cos = importlib.import_module("compare_openspiel")
clicks = importlib.import_module("clicks")
run_all = importlib.import_module("run_all")

Verdict = goals.Verdict


def stand_in_reference() -> Any:
    """A pure-Python loop in place of OpenSpiel's liar's poker, so the report's shape does not hang on the extra."""
    return cos.playbook_game("offal_game", 1)


def synthetic_clicks() -> dict[str, Any]:
    """Browser figures as ``clicks.measure_all`` returns them: medians of 40 ms (first game) and 250 ms (others)."""
    results = {}
    for index, game in enumerate(goals.DASHBOARD_GAMES):
        milliseconds = (30.0, 40.0, 900.0) if index == 0 else (250.0, 240.0, 260.0)
        timings = [clicks.ClickTiming(f"click {k}", ms, ms / 3, k == 0) for k, ms in enumerate(milliseconds)]
        results[game] = clicks.DashboardResult(game, timings)
    return results


@pytest.fixture(scope="module")
def tiny_report() -> Any:
    sizes = run_all.Sizes.tiny()
    return run_all.collect(sizes, reference=stand_in_reference, click_results=synthetic_clicks())


def test_the_goals_are_issue_20s_for_every_registered_game() -> None:
    games = available()
    assert sorted({game for game, _ in goals.ENGINE_TABLES}) == sorted(games)
    assert sorted(goals.DASHBOARD_GAMES) == sorted(games)
    for game, players in goals.ENGINE_TABLES:
        info = load(game).INFO
        assert info.min_players <= players <= info.max_players
    keys = [goal.key for goal in goals.GOALS]
    assert len(keys) == len(set(keys))
    limits = {goal.key.split("/")[0]: set() for goal in goals.GOALS}
    for goal in goals.GOALS:
        limits[goal.key.split("/")[0]].add(goal.limit)
    assert limits == {
        "engine_ratio": {1.0},
        "bot_cost": {3.0},
        "bot_rate": {50.0},
        "tournament": {10.0, 60.0},
        "click": {100.0},
    }
    assert goals.goal("tournament/planet_unknown").limit == 60.0
    with pytest.raises(KeyError, match="no goal 'click/chess'"):
        goals.goal("click/chess")


def test_a_goal_judges_its_own_side_of_the_limit() -> None:
    ratio = goals.goal("engine_ratio/offal_game/2p")
    rate = goals.goal("bot_rate/planet_unknown")
    latency = goals.goal("click/offal_game")
    assert (ratio.verdict(1.0), ratio.verdict(1.01)) == (Verdict.PASS, Verdict.MISS)
    assert (rate.verdict(50.0), rate.verdict(49.9)) == (Verdict.PASS, Verdict.MISS)
    assert (latency.verdict(99.9), latency.verdict(100.0)) == (Verdict.PASS, Verdict.MISS)
    assert ratio.verdict(None) is Verdict.NOT_MEASURED
    assert ratio.verdict(math.nan) is Verdict.MISS
    assert (ratio.target, rate.target, latency.target) == ("<= 1x", ">= 50 games/s", "< 100 ms")


def test_the_report_has_every_goal_with_a_number_and_a_verdict(tiny_report: Any) -> None:
    rows = tiny_report.rows
    for goal in goals.GOALS:
        judged = [row for row in rows if row.goal == goal.key]
        assert judged, f"no row for {goal.key}"
        for row in judged:
            assert isinstance(row.value, float) and not math.isnan(row.value), row
            assert row.verdict is goal.verdict(row.value), row
            assert row.verdict in (Verdict.PASS, Verdict.MISS)
            assert row.target == goal.target and row.section == goal.section
    strategies = {game: run_all.strategies(load(game)) for game in goals.BOT_PLAYERS}
    for game, classes in strategies.items():
        subjects = [row.subject for row in rows if row.goal == f"bot_cost/{game}"]
        assert subjects == [f"{game} {goals.BOT_PLAYERS[game]}p {cls.name}" for cls in classes]
    engine_info = [row for row in rows if row.section == goals.ENGINE_SECTION and row.goal is None]
    assert {row.figure for row in engine_info} >= {"random games per CPU-second", "µs per random action"}


def test_the_printed_report_shows_each_row_beside_its_goal_and_the_profiles(tiny_report: Any) -> None:
    text = run_all.render(tiny_report)
    for row in tiny_report.rows:
        line = next(line for line in text.splitlines() if row.subject in line and row.figure in line)
        assert row.shown in line and row.target in line and row.verdict.value in line
    assert f"goals: {len(goals.GOALS)};" in text
    titles = [profile.title for profile in tiny_report.profiles]
    for game, players in goals.BOT_PLAYERS.items():
        assert f"{game} {players}p random play (the engine)" in titles
        assert any(title.startswith(f"{game} {players}p ") and "bots (its slowest)" in title for title in titles)
    for profile in tiny_report.profiles:
        assert profile.own and profile.ours, profile.title
        assert f"what limits it now: {profile.title}" in text


def test_a_shortened_tournament_says_it_is_extrapolated(tiny_report: Any) -> None:
    rows = [row for row in tiny_report.rows if row.goal and row.goal.startswith("tournament/")]
    assert len(rows) == len(goals.DASHBOARD_GAMES)
    for row in rows:
        assert "EXTRAPOLATED from 2 games" in row.note
    timing = run_all.TournamentTiming(games=100, players=4, startup=0.5, playing=2.0, failed=0)
    assert timing.seconds_for(1000) == pytest.approx(20.5)  # the pool starts once, the games scale


def test_click_rows_judge_the_median_and_the_goal_verdicts_sum_up(tiny_report: Any) -> None:
    rows = {row.goal: row for row in tiny_report.rows if row.goal and row.goal.startswith("click/")}
    first, *others = goals.DASHBOARD_GAMES
    assert (rows[f"click/{first}"].value, rows[f"click/{first}"].verdict) == (40.0, Verdict.PASS)
    assert all((rows[f"click/{g}"].value, rows[f"click/{g}"].verdict) == (250.0, Verdict.MISS) for g in others)
    assert "clicks: 30, 40, 900 ms" in rows[f"click/{first}"].note
    summary = run_all.verdicts(tiny_report)
    assert summary.keys() == {goal.key for goal in goals.GOALS}
    assert summary[f"click/{first}"] is Verdict.PASS and summary[f"click/{others[0]}"] is Verdict.MISS


def test_without_the_browser_the_click_rows_say_so() -> None:
    rows = run_all.click_rows({}, skipped="skipped: --no-browser")
    assert [row.goal for row in rows] == [f"click/{game}" for game in goals.DASHBOARD_GAMES]
    assert all(row.verdict is Verdict.SKIPPED and row.value is None and "--no-browser" in row.note for row in rows)
    failed = run_all.click_rows({"offal_game": clicks.DashboardResult("offal_game", error="TimeoutError: late")})
    by_goal = {row.goal: row for row in failed}
    assert by_goal["click/offal_game"].verdict is Verdict.NOT_MEASURED
    assert by_goal["click/offal_game"].note == "TimeoutError: late"


def test_without_open_spiel_the_report_says_so_and_keeps_the_rest(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # `import pyspiel` now raises ImportError
    with pytest.raises(cos.OpenSpielMissing, match="open_spiel is not installed"):
        cos.openspiel_game(goals.REFERENCE_GAME)
    rows = run_all.engine_rows(0.01, tables=[("offal_game", 2)])
    ratio = next(row for row in rows if row.goal == "engine_ratio/offal_game/2p")
    assert ratio.verdict is Verdict.NOT_MEASURED and ratio.value is None
    assert "open_spiel is not installed" in ratio.note
    rates = [row for row in rows if row.goal is None]
    assert [row.figure for row in rates] == ["random games per CPU-second", "µs per random action"]
    assert all(row.value is not None and row.value > 0 for row in rates)


def test_loops_timed_side_by_side_share_the_budget_and_count_every_action() -> None:
    steps = {"short": 3, "long": 30}
    played: dict[str, list[int]] = {"short": [], "long": []}

    def loop(label: str) -> cos.Play:
        def play(seed: int) -> int:
            played[label].append(seed)
            return steps[label]

        return play

    rates = cos.measure_side_by_side({label: loop(label) for label in steps}, budget=0.01, slices=2)
    for label, rate in rates.items():
        assert played[label][0] == cos.WARM_UP_SEED  # one untimed game first
        assert played[label][1:] == list(range(rate.games))  # then seeds 0, 1, ... continuing across slices
        assert rate.actions == steps[label] * rate.games
        assert rate.micros_per_action == pytest.approx(1e6 * rate.cpu_seconds / rate.actions)


@pytest.mark.parametrize("game", goals.DASHBOARD_GAMES)
def test_each_dashboards_click_policy_makes_moves_that_change_the_table(game: str) -> None:
    dashboard = clicks.DASHBOARDS[game]
    twin = dashboard.table()
    try:
        made = list(clicks.twin_clicks(dashboard, twin, 3))  # raises if a click changes nothing on the table
        assert len(made) == 3
        assert all(handler > 0 for _, _, handler in made)
        assert clicks.root_selector(twin).startswith(".playbook-")
        states = [before for _, before, _ in made] + [clicks.table_state(twin)]
        assert [state["log"] for state in states] == sorted(state["log"] for state in states)
    finally:
        twin.close()
