"""The designer's tuner (issue 24): it reaches stated targets, is seeded, runs the same on any executor, and
refuses bad arguments by name before a game is played."""

from __future__ import annotations

import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import pandas as pd
import pytest
from dask import distributed

import playbook
from playbook.charts.tune import parameter_spec, search_spec
from playbook.games.parts_unknown.agents import Shopkeeper, Undercutter
from playbook.games.planet_unknown.asymmetry_lesson import tuned_board
from playbook.tuning import (
    TuneError,
    TuneResult,
    collapse_rate,
    corporation_margin,
    corporation_win_rate,
    game_length,
    measure,
    money_supply,
    tune,
    win_rate,
)
from playbook.tuning.parameters import check_parameters, rules_for
from playbook.tuning.result import TRIAL_COLUMNS

PARTS = "parts_unknown"


def shopkeepers() -> list[Any]:
    return [Undercutter(), Shopkeeper()]


def quick_tune(**overrides: Any) -> TuneResult:
    """A few trials of a few Parts Unknown games: what the executor and seeding tests compare."""
    arguments: dict[str, Any] = {
        "agents": shopkeepers(),
        "games": 4,
        "trials": 3,
        "seed": 5,
        "stop_when_reached": False,
    }
    return tune(PARTS, {"starting_money": (20, 80)}, money_supply(900), **(arguments | overrides))


# --- reaching targets -------------------------------------------------------------------------------------


def test_a_parts_unknown_money_supply_is_reached_by_its_starting_money() -> None:
    found = tune(
        PARTS,
        {"starting_money": (20, 80)},
        money_supply(900, tolerance=40),
        agents=shopkeepers(),
        games=12,
        trials=8,
        seed=1,
    )
    assert found.reached
    assert found.estimate is not None and abs(found.estimate.value - 900) <= 40
    assert found.best is not None and 20 <= found.best["starting_money"] <= 80
    assert found.best["starting_money"] != 40  # the printed 40 dollars gives a smaller supply: the search moved
    assert (
        found.trials["trial"].iloc[0] == 1 and found.trials["starting_money"].iloc[0] == 40
    )  # the printed rules first
    assert found.trials["reached"].iloc[-1]  # it stopped at the first candidate that reached the target
    assert found.sentence().startswith("Target mean dollars in players' hands at the end = 900.0: reached within ±40.0")
    assert found.rules().starting_money == found.best["starting_money"]


def test_makeshift_medal_values_make_it_even_with_universal_coalition_within_an_interval() -> None:
    found = tune(
        "planet_unknown",
        {"track_edits.makeshift.civ": (-1, 4)},
        corporation_margin("makeshift", tolerance=2.0),
        games=6,
        trials=5,
        seed=2,
    )
    assert found.reached and found.estimate is not None and found.best is not None
    assert found.estimate.low <= 0 <= found.estimate.high  # even: the interval holds a margin of 0
    assert found.estimate.unit == "deals" and found.estimate.n == 6
    assert found.best["track_edits.makeshift.civ"] != 0  # the printed board is not even for these bots
    printed = found.trials.iloc[0]
    assert printed["track_edits.makeshift.civ"] == 0 and printed["value"] < -2  # Makeshift trails as printed
    assert found.games_played == 2 * 6 * found.evaluations  # each deal in both seatings
    assert "Makeshift's score margin over Universal Coalition = 0.0: reached within ±2.0" in found.sentence()
    assert "deals" in found.sentence()


def test_a_target_not_reached_says_so_and_names_the_closest() -> None:
    found = tune(
        PARTS,
        {"calendar_length": (6, 8)},
        game_length(60, tolerance=0.5),
        agents=shopkeepers(),
        games=4,
        trials=2,
        seed=1,
    )
    assert not found.reached
    sentence = found.sentence()
    assert sentence.startswith("Target mean turns played = 60.0: not reached in 2 trials")
    assert "closest: calendar_length = " in sentence and "(tolerance ±0.5)" in sentence


# --- the result -------------------------------------------------------------------------------------------


def test_a_trial_measures_what_a_tournament_on_the_same_seeds_measures() -> None:
    """Common random numbers: a candidate's games are the tournament's own games at the tune's seed."""
    found = tune(
        PARTS,
        {"shelf_cost": (20, 60)},
        win_rate("undercutter", tolerance=0.01),
        agents=shopkeepers(),
        games=6,
        trials=2,
        seed=4,
    )
    for _, row in found.trials.iterrows():
        rules = rules_for(playbook.games.load(PARTS), found.parameters, {"shelf_cost": row["shelf_cost"]}, None)
        games = playbook.tournament(PARTS, shopkeepers(), games=6, seed=4, rules=rules)
        direct = playbook.findings.win_rate(games, "undercutter")
        assert (row["value"], row["low"], row["high"]) == pytest.approx((direct.value, direct.low, direct.high))
    assert found.estimate is not None and found.estimate.method == "Wilson"


def test_every_trial_is_a_row_and_a_repeated_candidate_is_not_played_again() -> None:
    found = tune(
        PARTS,
        {"starting_shelves": (3, 4)},
        game_length(30),
        agents=shopkeepers(),
        games=3,
        trials=5,
        seed=3,
        stop_when_reached=False,
    )
    frame = found.trials
    assert list(frame.columns) == ["trial", "starting_shelves", *TRIAL_COLUMNS]
    assert frame["trial"].tolist() == [1, 2, 3, 4, 5]
    played = frame[frame["played"]]
    assert len(played) == 2 == found.evaluations  # two values in the range: three trials repeat one
    assert set(played["starting_shelves"]) == {3, 4}
    assert (frame.loc[~frame["played"], "games"] == 0).all()
    assert found.games_played == 2 * 3
    for value, group in frame.groupby("starting_shelves"):
        assert group["value"].nunique() == 1, value  # a repeat reuses its measurement


def test_the_chart_spec_draws_each_trial_with_its_interval_and_the_target_band() -> None:
    found = quick_tune()
    spec = search_spec(found)
    points, closest = spec["data"]
    assert points["x"] == [1, 2, 3] and points["y"] == found.trials["value"].tolist()
    assert points["error_y"]["arrayminus"][0] == pytest.approx(found.trials["value"][0] - found.trials["low"][0])
    assert closest["name"] == "closest so far" and len(closest["x"]) == 3
    band = spec["layout"]["shapes"][0]
    assert (band["y0"], band["y1"]) == (900 - 45, 900 + 45)  # money_supply's default tolerance: 5%
    by_value = parameter_spec(found, "starting_money")
    assert by_value["data"][0]["x"] == found.trials.loc[found.trials["played"], "starting_money"].tolist()
    with pytest.raises(TuneError, match="parameter"):
        parameter_spec(found, "shelf_cost")


# --- seeds and executors ----------------------------------------------------------------------------------


def test_the_same_call_gives_the_same_result() -> None:
    first, second = quick_tune(), quick_tune()
    pd.testing.assert_frame_equal(first.trials, second.trials)
    assert first.sentence() == second.sentence()
    other = quick_tune(seed=6)
    assert other.trials["value"].tolist() != first.trials["value"].tolist()


def test_a_thread_pool_a_process_pool_and_dask_give_the_serial_result() -> None:
    serial = quick_tune()
    with ThreadPoolExecutor(2) as threads:
        pd.testing.assert_frame_equal(quick_tune(executor=threads).trials, serial.trials)
    with ProcessPoolExecutor(2) as processes:
        pd.testing.assert_frame_equal(quick_tune(executor=processes).trials, serial.trials)
    with (
        distributed.LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,  # type: ignore[no-untyped-call]
    ):
        pd.testing.assert_frame_equal(quick_tune(executor=client).trials, serial.trials)
        pd.testing.assert_frame_equal(quick_tune(executor=client.get_executor()).trials, serial.trials)


def test_tune_is_callable_from_the_package_and_loads_no_display_library() -> None:
    code = (
        "import sys, playbook, playbook.tuning\n"
        "assert callable(playbook.tune) and playbook.tune is playbook.tuning.tune\n"
        "import playbook.games.planet_unknown.asymmetry_lesson\n"
        "assert not {'plotly', 'ipywidgets', 'anywidget'} & set(sys.modules)\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
    tuner = playbook.tune  # the tuner: called it searches, its attributes are the targets
    assert tuner.game_length(3).value == 3.0
    found = tuner(PARTS, {"starting_money": (20, 80)}, money_supply(900), agents=shopkeepers(), games=2, trials=1)
    assert isinstance(found, TuneResult) and len(found.trials) == 1


# --- parameters -------------------------------------------------------------------------------------------


def test_a_medal_parameter_edits_one_space_or_every_medal_of_a_track() -> None:
    game = playbook.games.load("planet_unknown")
    parameters = check_parameters(game, {"track_edits.makeshift.civ.9": (0, 6), "track_edits.makeshift.water": (-1, 1)})
    rules = rules_for(game, parameters, {"track_edits.makeshift.civ.9": 6, "track_edits.makeshift.water": 1}, None)
    board = tuned_board("makeshift", rules.track_edits)
    civ, water = board.tracks[0], board.tracks[1]
    assert civ[9].medal == 6 and civ[5].medal == 2  # one space set; the others as printed
    assert [space.medal for space in water if space.medal] == [2, 3, 4, 5, 6]  # every water medal one more


@pytest.mark.parametrize(
    ("game", "parameters", "message"),
    [
        (PARTS, {"nope": (1, 2)}, r"parameters\['nope'\]: parts_unknown has no numeric rule 'nope'"),
        (PARTS, {"starting_money": (-5, 10)}, r"parameters\['starting_money'\]: the rules refuse -5"),
        (PARTS, {"calendar_length": (0, 10)}, r"parameters\['calendar_length'\]: the rules refuse 0"),
        (PARTS, {"starting_money": (1.5, 3)}, r"parameters\['starting_money'\]: this rule takes whole numbers"),
        (PARTS, {"starting_money": (30, 30)}, r"parameters\['starting_money'\]: low \(30\) must be below high"),
        (PARTS, {"starting_money": (30,)}, r"parameters\['starting_money'\]: the range must be \(low, high\)"),
        (PARTS, {"starting_money": (30, float("nan"))}, r"parameters\['starting_money'\]: .*finite numbers"),
        (PARTS, {}, "parameters must map parameter names"),
        (PARTS, {3: (1, 2)}, "parameters: a parameter name must be text"),
        (PARTS, {"track_edits.makeshift.civ": (0, 2)}, "parts_unknown has no track edits"),
        ("planet_unknown", {"track_edits.nobody.civ": (0, 2)}, r"'nobody' is not a corporation"),
        ("planet_unknown", {"track_edits.makeshift.sky": (0, 2)}, r"'sky' is not a track"),
        ("planet_unknown", {"track_edits.makeshift.civ.99": (0, 2)}, "the position must be 0-15"),
        ("planet_unknown", {"track_edits.makeshift.civ.9": (-1, 2)}, "a medal is worth 0 or more"),
        (
            "planet_unknown",
            {"track_edits.makeshift.civ": (0, 2), "track_edits.makeshift.civ.9": (0, 2)},
            "already moves every medal of that track",
        ),
    ],
)
def test_parameters_are_checked_at_the_door(game: str, parameters: Any, message: str) -> None:
    target = corporation_margin("makeshift") if game == "planet_unknown" else game_length(30)
    with pytest.raises(TuneError, match=message):
        tune(game, parameters, target, agents=None if game == "planet_unknown" else shopkeepers(), games=2, trials=1)


@pytest.mark.parametrize(
    ("target", "arguments", "message"),
    [
        ("thirty turns", {}, "target must be a target such as"),
        (measure("nope", 3, tolerance=1), {}, "target: parts_unknown does not measure 'kpi_nope'"),
        (corporation_margin("makeshift"), {}, "target: parts_unknown has no corporations"),
        (win_rate("nobody"), {}, "target: no agent 'nobody' in the lineup"),
        (game_length(30), {"agents": None}, "agents: this target needs the agents"),
        (game_length(30), {"agents": "undercutter"}, "agents must be a list of agents"),
        (game_length(30), {"games": 1}, "games must be a whole number from 2"),
        (game_length(30), {"trials": 0}, "trials must be a whole number from 1"),
        (game_length(30), {"seed": "one"}, "seed"),
        (game_length(30), {"executor": "pool"}, "executor must be a concurrent.futures.Executor"),
        (game_length(30), {"players": 9}, "players"),
        (game_length(30), {"on_trial": 3}, "on_trial must be a function"),
        (game_length(30), {"stop_when_reached": "yes"}, "stop_when_reached must be True or False"),
    ],
)
def test_targets_and_budgets_are_checked_at_the_door(target: Any, arguments: dict[str, Any], message: str) -> None:
    quick: dict[str, Any] = {"agents": shopkeepers(), "games": 2, "trials": 1}
    with pytest.raises(TuneError, match=message):
        tune(
            PARTS,
            {"starting_money": (20, 40)},
            target,
            **(quick | arguments),
        )


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: game_length(30, tolerance=0), "target: tolerance must be above 0"),
        (lambda: collapse_rate(1.5), "target: share must be a share from 0 to 1"),
        (lambda: corporation_win_rate("makeshift", rate=-0.1), "target: rate must be a share"),
        (lambda: money_supply(float("inf")), "target: amount must be a finite number"),
        (lambda: win_rate(""), "target: agent must be an agent's name"),
    ],
)
def test_a_target_refuses_bad_numbers_when_it_is_made(build: Any, message: str) -> None:
    with pytest.raises(TuneError, match=message):
        build()


def test_a_corporation_target_refuses_what_planet_unknown_cannot_pair() -> None:
    for target, message in [
        (corporation_win_rate("nobody"), "the candidate 'nobody' is not a playable corporation"),
        (corporation_win_rate("standard"), "the candidate and the reference are both 'standard'"),
        (corporation_win_rate("makeshift", bot="grandmaster"), "no bot named 'grandmaster'"),
    ]:
        with pytest.raises(TuneError, match=message):
            tune("planet_unknown", {"track_edits.makeshift.civ": (0, 2)}, target, games=2, trials=1)
    with pytest.raises(TuneError, match="players: a corporation target plays two-player games"):
        tune("planet_unknown", {"track_edits.makeshift.civ": (0, 2)}, corporation_win_rate("makeshift"), players=3)
    with pytest.raises(TuneError, match="game: no game named 'chess'"):
        tune("chess", {"x": (0, 1)}, game_length(3))
