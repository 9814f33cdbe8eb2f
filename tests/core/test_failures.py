"""A student's strategy cannot hang, crash or cheat a class: time limits, forfeits, isolation, partial results.

Each test names the defect of the robustness review it pins (D5 no time limit, a failing game losing a whole
tournament; D15 a strategy reaching the state; D13 arguments slipping through; D14 saved games revealing all).
"""

from __future__ import annotations

import gc
import json
import os
import random
import sys
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pandas as pd
import pytest

import playbook
from playbook.core import InvalidArgumentError, InvalidStateError, Match, RandomAgent, StrategyError
from playbook.core.agents import Agent
from playbook.core.decide import AgentFailure
from playbook.core.match import SeatRecord
from playbook.core.tournament import NO_OBSERVATION, parameter_sweep, play_match, sweep, tournament
from playbook.games import available
from playbook.games.mars_needs_mechanics.agents import Hoarder, QuickSeller

GAME = "mars_needs_mechanics"


@playbook.strategy(name="sleeper", description="Thinks for ever.")
def sleeper(observation: Any, legal_actions: Any, rng: random.Random) -> Any:
    time.sleep(600)
    return legal_actions[0]


@playbook.strategy(name="crasher")
def crasher(observation: Any, legal_actions: Any, rng: random.Random) -> Any:
    raise ZeroDivisionError("my bug")


@playbook.strategy(name="quitter")
def quitter(observation: Any, legal_actions: Any, rng: random.Random) -> Any:
    raise SystemExit(3)


@playbook.strategy(name="interrupter")
def interrupter(observation: Any, legal_actions: Any, rng: random.Random) -> Any:
    raise KeyboardInterrupt


@playbook.strategy(name="killer")
def killer(observation: Any, legal_actions: Any, rng: random.Random) -> Any:
    os._exit(9)


@playbook.strategy(name="liar")
def liar(observation: Any, legal_actions: Any, rng: random.Random) -> Any:
    return "a card I like"


@playbook.strategy(name="late bug")
def late_bug(observation: Any, legal_actions: Any, rng: random.Random) -> Any:
    """Fails only in one game: when it holds many cogs (a bug deep into a tournament)."""
    if observation.get("round", 0) >= 3 and rng.random() < 0.002:
        raise RuntimeError("rare bug")
    return legal_actions[int(rng.random() * len(legal_actions))]


@playbook.strategy(name="snoop")
def snoop(observation: Any, legal_actions: Any, rng: random.Random) -> Any:
    """Looks for the game's state by every route the review found; it plays first legal only if none exists."""
    from playbook.core.engine import EngineState
    from playbook.core.match import Match

    found = [obj for obj in gc.get_objects() if isinstance(obj, EngineState | Match)]
    found += [slot[0] for slot in EngineState._legal_cache if slot[0] is not None]
    found += [obj for obj in gc.get_referrers(legal_actions) if isinstance(obj, EngineState)]
    frame = sys._getframe(1)
    while frame is not None:
        found += [value for value in frame.f_locals.values() if isinstance(value, EngineState | Match)]
        found += [value for name, value in frame.f_locals.items() if name == "dice"]
        frame = frame.f_back
    if found:
        raise RuntimeError(f"reached {len(found)} objects of the game")
    return legal_actions[0]


def test_d5_a_sleeping_strategy_forfeits_its_game_at_the_time_limit() -> None:
    start = time.monotonic()
    result = play_match(GAME, [sleeper, QuickSeller()], seed=4, time_limit=1)
    assert time.monotonic() - start < 30
    assert result.culprit == 0 and result.winners == (1,)
    assert result.error is not None and "seat 0" in result.error and "sleeper" in result.error
    assert "no answer within 1 s" in result.error


@pytest.mark.parametrize(
    ("bad", "reason"),
    [
        (crasher, "raised ZeroDivisionError: my bug"),
        (quitter, "raised SystemExit"),
        (interrupter, "raised KeyboardInterrupt"),
        (killer, "its process stopped (exit code 9)"),
        (liar, "returned 'a card I like', which is not one of the"),
    ],
)
def test_d5_a_strategy_that_fails_loses_the_game_with_the_reason(bad: Any, reason: str) -> None:
    result = play_match(GAME, [QuickSeller(), bad], seed=2)
    assert result.culprit == 1 and result.winners == (0,)
    assert result.error is not None and reason in result.error and f"seat 1 ({bad.name})" in result.error


def test_d5_a_tournament_records_failed_games_and_goes_on() -> None:
    games = 8
    with pytest.warns(UserWarning, match="games failed"):
        frame = tournament(GAME, [crasher, QuickSeller()], games=games, seed=1, time_limit=5)
    assert frame["game"].nunique() == games and len(frame) == 2 * games
    assert frame["error"].notna().all()  # the crasher fails every game it plays
    culprit = frame[frame["agent"] == "crasher"]
    assert not culprit["won"].any() and frame[frame["agent"] == "quick seller"]["won"].all()
    assert culprit["error"].str.contains("crasher").all()


def test_d5_a_failure_late_in_a_tournament_keeps_every_other_game() -> None:
    with pytest.warns(UserWarning, match="games failed"):
        frame = tournament(GAME, [late_bug, QuickSeller()], games=40, seed=3)
    per_game = frame.groupby("game")["error"].first()
    assert len(per_game) == 40
    assert 0 < per_game.notna().sum() < 40  # some games failed, and the others kept their results
    clean = frame[frame["error"].isna()]
    assert clean["score"].notna().all() and (clean.groupby("game")["won"].sum() >= 1).all()


def test_d5_failures_on_a_process_pool_are_recorded_like_serial_ones() -> None:
    with ProcessPoolExecutor(2) as pool, pytest.warns(UserWarning, match="games failed"):
        pooled = tournament(GAME, [killer, QuickSeller()], games=4, seed=5, executor=pool)
    assert pooled["error"].str.contains("its process stopped").all()
    with pytest.warns(UserWarning):
        serial = tournament(GAME, [killer, QuickSeller()], games=4, seed=5)
    pd.testing.assert_frame_equal(pooled, serial)


class Interrupted(Agent):
    """Stands for the teacher pressing stop: a KeyboardInterrupt in the notebook's own process."""

    name = "interrupted"

    def __init__(self, after: int) -> None:
        self.after = after
        self.calls = 0

    def choose(self, observation: Mapping[str, Any], legal_actions: Sequence[Any], rng: random.Random) -> Any:
        self.calls += 1
        if self.calls > self.after:
            raise KeyboardInterrupt
        return legal_actions[0]


def test_d5_stopping_a_tournament_returns_the_games_that_finished() -> None:
    agent = Interrupted(after=150)
    with pytest.warns(UserWarning, match="stopped after"):
        frame = tournament(GAME, [agent, QuickSeller()], games=20, seed=2, batch_size=1)
    assert 0 < frame["game"].nunique() < 20
    assert frame["error"].isna().all() and frame["score"].notna().all()


class Dawdler(Agent):
    """A strategy class written in a notebook (not one of the package's bots): it runs in-process."""

    name = "dawdler"

    def choose(self, observation: Mapping[str, Any], legal_actions: Sequence[Any], rng: random.Random) -> Any:
        time.sleep(60)
        return legal_actions[0]


def test_d5_an_in_process_class_from_outside_the_package_is_stopped_by_the_timer() -> None:
    start = time.monotonic()
    result = play_match(GAME, [Dawdler(), QuickSeller()], seed=1, time_limit=0.5)
    assert time.monotonic() - start < 10
    assert result.culprit == 0 and result.error is not None and "no answer within 0.5 s" in result.error


def test_d5_isolate_true_puts_any_agent_in_its_own_process() -> None:
    result = play_match(GAME, [Dawdler(), QuickSeller()], seed=1, time_limit=0.5, isolate=[0])
    assert result.culprit == 0 and result.error is not None and "no answer within 0.5 s" in result.error


def test_d15_an_isolated_strategy_reaches_no_state_and_no_dice() -> None:
    for game in available():
        players = playbook.games.load(game).INFO.min_players
        result = play_match(game, [snoop] + [RandomAgent()] * (players - 1), seed=3, max_steps=10**6)
        assert result.error is None, result.error


def test_d15_the_same_strategy_plays_the_same_game_isolated_or_not() -> None:
    @playbook.strategy(name="coin", isolate=False)
    def here(observation: Any, legal_actions: Any, rng: random.Random) -> Any:
        return legal_actions[int(rng.random() * len(legal_actions))]

    away = playbook.strategy(name="coin")(here.function)
    assert away.isolate and not here.isolate
    ours = play_match(GAME, [here, Hoarder()], seed=11)
    theirs = play_match(GAME, [away, Hoarder()], seed=11)
    assert (ours.scores, ours.steps) == (theirs.scores, theirs.steps)


def test_what_an_isolated_strategy_prints_shows_where_the_game_runs(capsys: pytest.CaptureFixture[str]) -> None:
    @playbook.strategy(name="chatty")
    def chatty(observation: Any, legal_actions: Any, rng: random.Random) -> Any:
        print(f"choosing among {len(legal_actions)}")
        return legal_actions[0]

    match = Match(GAME, players=2, seed=1, agents={0: chatty, 1: QuickSeller()})
    match.advance()
    assert match.is_over
    assert "choosing among" in capsys.readouterr().out


def test_blind_agents_are_handed_a_read_only_empty_observation() -> None:
    with pytest.raises(TypeError):
        NO_OBSERVATION["note"] = "seat 0 was here"  # type: ignore[index]
    assert dict(NO_OBSERVATION) == {}


def test_a_failing_bot_in_a_match_names_its_seat_and_keeps_the_steps_before() -> None:
    match = Match(GAME, players=2, seed=3, agents={0: crasher, 1: QuickSeller()})
    match.agents[0] = QuickSeller()
    match.advance(max_steps=5)
    match.agents[0] = crasher
    steps_before = len(match.steps)
    with pytest.raises(AgentFailure, match=r"seat 0 \(crasher\): .*raised ZeroDivisionError") as failure:
        match.advance()
    assert failure.value.seat == 0 and isinstance(failure.value, StrategyError)
    assert len(match.steps) >= steps_before > 0 and match.state.current_player == 0
    match.agents[0] = QuickSeller()  # replace the bot and go on
    match.advance()
    assert match.is_over


def test_a_sleeping_bot_in_a_match_is_stopped_at_the_match_time_limit() -> None:
    match = Match(GAME, players=2, seed=3, agents={0: QuickSeller(), 1: sleeper}, time_limit=1)
    start = time.monotonic()
    with pytest.raises(AgentFailure, match="no answer within 1 s"):
        match.advance()
    assert time.monotonic() - start < 30


@pytest.mark.parametrize(
    ("arguments", "named"),
    [
        ({"batch_size": -1}, "batch_size"),
        ({"batch_size": "x"}, "batch_size"),
        ({"players": 0}, "players"),
        ({"players": True}, "players"),
        ({"players": "2"}, "players"),
        ({"executor": "pool"}, "executor"),
        ({"time_limit": 0}, "time_limit"),
        ({"time_limit": "1"}, "time_limit"),
        ({"isolate": "yes"}, "isolate"),
    ],
)
def test_d13_tournament_arguments_are_refused_by_name(arguments: dict[str, Any], named: str) -> None:
    with pytest.raises(InvalidArgumentError, match=named):
        tournament(GAME, [QuickSeller(), Hoarder()], games=2, seed=1, **arguments)


def test_d13_play_match_and_sweep_arguments_are_refused_by_name() -> None:
    for steps in (None, 0, -5):
        with pytest.raises(InvalidArgumentError, match="max_steps"):
            play_match(GAME, [QuickSeller(), Hoarder()], seed=1, max_steps=steps)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="agents"):
        play_match(GAME, [], seed=1)
    with pytest.raises(InvalidArgumentError, match="variants"):
        sweep(GAME, [QuickSeller(), Hoarder()], {}, games=2, seed=1)
    for values in ([], [True], "12"):
        with pytest.raises(InvalidArgumentError, match="values"):
            parameter_sweep(GAME, [QuickSeller(), Hoarder()], "starting_cogs", values, games=2, seed=1)  # type: ignore[arg-type]


def _played(game: str) -> Match:
    module = playbook.games.load(game)
    match = Match(game, players=max(2, module.INFO.min_players), seed=5)
    match.agents.update({seat: RandomAgent() for seat in range(match.players)})
    match.advance(max_steps=120)
    return match


@pytest.mark.parametrize("game", available())
def test_d14_a_seats_copy_holds_what_that_seat_saw_and_no_seed(game: str) -> None:
    match = _played(game)
    text = match.to_json(seat=1)
    data = json.loads(text)
    assert "seed" not in data and "history" not in data
    record = SeatRecord.from_json(text)
    assert record.seat == 1 and len(record.observations) == len(match.steps) + 1
    states = list(match)
    for index in (0, len(states) // 2, len(states) - 1):
        assert record.observations[index] == json.loads(json.dumps(states[index].observation(1)))
    for step, saved in zip(match.steps, record.steps, strict=True):
        assert (saved["action"] is not None) == (step.seat == 1)
        assert saved["by"] == ("chance" if step.actor == "chance" else "seat")


def test_d14_a_seats_copy_is_checked_when_read() -> None:
    text = _played(GAME).to_json(seat=0)
    data = json.loads(text)
    for broken in ({**data, "seed": 1}, {**data, "seat": 7}, {**data, "observations": []}, {**data, "record": "x"}):
        with pytest.raises(InvalidStateError):
            SeatRecord.from_json(json.dumps(broken))


@pytest.mark.parametrize("game", available())
def test_d14_who_moved_is_checked_when_a_saved_match_is_loaded(game: str) -> None:
    match = _played(game)
    data = json.loads(match.to_json())
    assert Match.from_json(json.dumps(data)).history == match.history
    chance = [i for i, step in enumerate(match.steps) if step.actor == "chance"]
    seats = [i for i, step in enumerate(match.steps) if step.actor != "chance"]
    swaps = [(chance[0], "player")] if chance else []
    swaps.append((seats[0], "chance"))
    for index, label in swaps:
        edited = json.loads(match.to_json())
        edited["history"][index]["by"] = label
        with pytest.raises(InvalidStateError, match=rf"history\[{index}\]\.by"):
            Match.from_json(json.dumps(edited))


@playbook.strategy(name="forger")
def forger(observation: Any, legal_actions: Any, rng: random.Random) -> Any:
    """Writes its own answer on the protocol pipe: an index that lists nothing, and a forged generator."""
    from playbook.core.sandbox import _Child, _write_frame

    child = next(obj for obj in gc.get_objects() if isinstance(obj, _Child))
    forged = {"index": 10**6, "rng": [3, "AAAA", None], "out": ""}
    _write_frame(child.answers, json.dumps(forged).encode(), None)
    return legal_actions[0]


def test_d15_an_answer_forged_on_the_pipe_is_refused_by_the_parent() -> None:
    result = play_match(GAME, [forger, QuickSeller()], seed=1)
    assert result.culprit == 0 and result.error is not None and "answered index 1000000" in result.error


def test_a_generator_state_from_the_child_is_taken_only_when_it_is_one() -> None:
    from playbook.core.sandbox import pack_rng_state, unpack_rng_state

    state = random.Random(4).getstate()
    assert unpack_rng_state(pack_rng_state(state)) == state
    packed = pack_rng_state(state)
    assert isinstance(packed, list)
    for broken in (None, [], [2, packed[1], None], [3, packed[1][:-8], None], [3, "!!", None], [3, packed[1], "x"]):
        assert unpack_rng_state(broken) is None


@pytest.mark.parametrize("isolate", [True, False])
def test_a_float_twin_of_a_legal_action_is_the_strategys_error_isolated_or_not(isolate: bool) -> None:
    @playbook.strategy(name="twin", isolate=isolate)
    def twin(observation: Any, legal_actions: Any, rng: random.Random) -> Any:
        import dataclasses

        action = legal_actions[0]
        first = dataclasses.fields(action)[0].name
        return dataclasses.replace(action, **{first: float(getattr(action, first))})

    result = play_match(GAME, [twin, QuickSeller()], seed=1)
    assert result.culprit == 0 and result.error is not None
    assert "strategy 'twin'" in result.error and "which is not one of the" in result.error


def test_d5_a_strategy_that_keeps_timing_out_is_withdrawn_for_the_rest_of_its_batch() -> None:
    with pytest.warns(UserWarning, match="10 of 10 games failed"):
        frame = tournament(GAME, [sleeper, QuickSeller()], games=10, seed=4, time_limit=0.5, batch_size=10)
    reasons = frame.groupby("game")["error"].first()
    assert reasons.str.contains("no answer within 0.5 s").sum() == 3
    assert reasons.str.contains("withdrawn after 3 games").sum() == 7
    assert not frame[frame["agent"] == "sleeper"]["won"].any() and frame[frame["agent"] == "quick seller"]["won"].all()
