"""``play_match`` and ``tournament``: seeded results, one row per seat per game, equal on any executor."""

from __future__ import annotations

import itertools
from concurrent.futures import ProcessPoolExecutor

import pandas as pd
import pytest

from playbook.core import InvalidArgumentError, MatchResult, RandomAgent, play_match, sweep, tournament
from playbook.games.mars_needs_mechanics import Rules
from playbook.games.mars_needs_mechanics.agents import STRATEGIES, Hoarder, LateBuyer, Mechanic, QuickSeller

GAME = "mars_needs_mechanics"
AGENTS = [QuickSeller(), LateBuyer(), Hoarder(), Mechanic()]
COLUMNS = ["game", "seed", "seat", "agent", "score", "rank", "won", "rounds", "steps", "players", "error"]


@pytest.fixture(scope="module")
def serial() -> pd.DataFrame:
    return tournament(GAME, AGENTS, games=12, seed=77, players=3)


def test_play_match_returns_scores_winners_rounds_steps() -> None:
    result = play_match(GAME, [QuickSeller(), RandomAgent(), Hoarder()], seed=5)
    assert isinstance(result, MatchResult) and result.seed == 5
    assert result.final_state.is_terminal
    assert result.scores == tuple(result.final_state.scores()) and len(result.scores) == 3
    assert result.winners == result.final_state.winners() and result.winners[0] in range(3)
    assert max(result.scores) == result.scores[result.winners[0]]
    assert result.rounds == result.final_state.round >= 1 and result.steps > 0
    again = play_match(GAME, [QuickSeller(), RandomAgent(), Hoarder()], seed=5)
    assert (again.scores, again.steps, again.final_state) == (result.scores, result.steps, result.final_state)
    printed = repr(result)  # the README prints a result: the summary, not the whole final state
    assert printed.startswith("MatchResult(seed=5, scores=") and "final_state" not in printed


def test_play_match_with_rules_and_step_limit() -> None:
    rules = Rules.standard().with_mechanisms(["automaton", "governor"])
    result = play_match(GAME, [Mechanic(), Mechanic()], seed=3, rules=rules)
    assert result.final_state.rules == rules
    with pytest.raises(RuntimeError, match="no end after 5 steps"):
        play_match(GAME, [QuickSeller(), QuickSeller()], seed=3, max_steps=5)


def test_tournament_one_row_per_seat_per_game(serial: pd.DataFrame) -> None:
    assert list(serial.columns) == COLUMNS
    assert len(serial) == 12 * 3
    assert (serial.groupby("game").size() == 3).all()
    assert sorted(serial["seat"].unique()) == [0, 1, 2]
    assert set(serial["agent"]) == {a.name for a in AGENTS}  # lineups rotate through the four agents
    assert (serial.groupby("game")["won"].sum() >= 1).all()
    assert (serial["players"] == 3).all()
    first = serial[serial["game"] == 0]
    lineup = [AGENTS[i] for i in range(3)]
    result = play_match(GAME, lineup, seed=int(first["seed"].iloc[0]))
    assert list(first["score"]) == list(result.scores) and list(first["agent"]) == [a.name for a in lineup]


def test_tournament_is_reproducible_and_labels_duplicates() -> None:
    frame = tournament(GAME, [QuickSeller(), QuickSeller()], games=3, seed=1)
    assert set(frame["agent"]) == {"quick seller #1", "quick seller #2"}
    pd.testing.assert_frame_equal(frame, tournament(GAME, [QuickSeller(), QuickSeller()], games=3, seed=1))
    with pytest.raises(InvalidArgumentError, match="players must be between 2 and 4, not 5"):
        tournament(GAME, [s() for s in STRATEGIES], games=1, seed=1, players=5)


def test_tournament_on_a_process_pool_equals_serial(serial: pd.DataFrame) -> None:
    with ProcessPoolExecutor(2) as pool:
        parallel = tournament(GAME, AGENTS, games=12, seed=77, players=3, executor=pool, batch_size=2)
    pd.testing.assert_frame_equal(parallel, serial)


def test_tournament_on_dask_equals_serial(serial: pd.DataFrame) -> None:
    distributed = pytest.importorskip("dask.distributed")
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
    ):
        frame = tournament(
            GAME, AGENTS, games=12, seed=77, players=3, executor=client.get_executor(pure=False), batch_size=3
        )
    pd.testing.assert_frame_equal(frame, serial)


def test_tournament_with_progress_bar(serial: pd.DataFrame, capsys: pytest.CaptureFixture[str]) -> None:
    frame = tournament(GAME, AGENTS, games=12, seed=77, players=3, progress=True)
    pd.testing.assert_frame_equal(frame, serial)
    assert "12/12" in capsys.readouterr().err


def test_sweep_of_rules_variants_on_a_process_pool_equals_serial() -> None:
    variant = Rules.standard().with_mechanisms(["automaton", "governor", "pneumatic_claw"])
    agents = [Mechanic(), QuickSeller(), Hoarder()]
    frame = sweep(GAME, agents, {"starter": None, "variant": variant}, games=4, seed=3)
    assert list(frame["variant"].unique()) == ["starter", "variant"] and len(frame) == 2 * 4 * 3
    assert list(frame.columns) == ["variant", *COLUMNS]
    with ProcessPoolExecutor(2) as pool:
        parallel = sweep(GAME, agents, {"starter": None, "variant": variant}, games=4, seed=3, executor=pool)
    pd.testing.assert_frame_equal(parallel, frame)


def test_smaller_tables_pair_every_agent_with_every_other() -> None:
    """With fewer seats than agents, every pair of strategies meets (not only neighbours in the list)."""
    from playbook.core.tournament import lineups

    seatings = lineups(4, 2)
    pairs = {frozenset(s) for s in seatings}
    assert pairs == {frozenset(p) for p in itertools.combinations(range(4), 2)}
    assert all((b, a) in seatings for a, b in seatings)  # both seats for every pair
    assert lineups(3, 3) == [(0, 1, 2), (1, 2, 0), (2, 0, 1)]  # a full table rotates


def test_parameter_sweep_plays_the_same_seeds_for_each_value_of_one_rule() -> None:
    from playbook.core import RandomAgent, parameter_sweep, rules_with

    frame = parameter_sweep(
        "mars_needs_mechanics", [RandomAgent(), RandomAgent()], "starting_cogs", [10, 50], games=3, seed=2
    )
    assert set(frame["value"]) == {10, 50} and set(frame["parameter"]) == {"starting_cogs"}
    low, high = (frame[frame["value"] == v] for v in (10, 50))
    assert low["seed"].tolist() == high["seed"].tolist()
    assert rules_with("mars_needs_mechanics", "starting_cogs", 12).starting_cogs == 12


def test_rules_with_refuses_a_field_that_is_not_a_numeric_rule() -> None:
    from playbook.core import InvalidArgumentError, rules_with

    with pytest.raises(InvalidArgumentError, match="not a numeric rule"):
        rules_with("mars_needs_mechanics", "no_such_rule", 3)
    with pytest.raises(InvalidArgumentError, match="whole numbers"):
        rules_with("mars_needs_mechanics", "starting_cogs", 2.5)


def test_numbers_one_table_down_can_be_swept_by_a_dotted_name() -> None:
    from playbook.core import numeric_rules_fields, rules_with

    fields = numeric_rules_fields("offal_game")
    assert fields["play.customers_each"] == 2
    assert rules_with("offal_game", "play.customers_each", 3).customers_each == 3
