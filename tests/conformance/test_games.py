"""The conformance suite: every registered game keeps the engine protocol (OpenSpiel's generic random test).

A game added to ``playbook.games`` is covered here by registering it: seeded random play to the end with
the protocol's invariants, states never mutated, JSON round trips equal, illegal and malformed input
refused with a ``PlaybookError`` and nothing changed, observations JSON-able and refused for a seat that
does not exist, and the arguments of ``new_game``, ``Match`` and ``Match.from_json`` checked at the door.
"""

from __future__ import annotations

import contextlib
import inspect
import json
import random
import re
import shutil
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import playbook
from playbook.core import (
    CHANCE,
    IllegalActionError,
    InvalidActionError,
    Match,
    PlaybookError,
    RandomAgent,
    RulesDataError,
)
from playbook.games import available, load

GAMES = available()
MAX_STEPS = 20_000
#: Seeds per player count for the full random games; enough to reach every phase, small enough for CI.
SEEDS = (1, 2)


def player_counts(module: ModuleType) -> list[int]:
    info = module.INFO
    counts = sorted({info.min_players, min(info.max_players, info.min_players + 1), info.max_players})
    return counts


def random_game(module: ModuleType, players: int, seed: int) -> list[tuple[Any, Any]]:
    """A seeded random game: the (state, action) pairs along the way, the last with action None."""
    rng = random.Random(seed)
    state = module.new_game(players, seed=seed)
    path = []
    for _ in range(MAX_STEPS):
        if state.is_terminal:
            path.append((state, None))
            return path
        if state.current_player == CHANCE:
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], weights=[p for _, p in outcomes])[0]
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        path.append((state, action))
        state = state.apply(action)[0]
    raise AssertionError(f"{module.INFO.name}: no end after {MAX_STEPS} steps (seed {seed})")


CASES = [(name, players, seed) for name in GAMES for players in player_counts(load(name)) for seed in SEEDS]
_PATHS: dict[tuple[str, int, int], list[tuple[Any, Any]]] = {}


def played(name: str, players: int, seed: int) -> list[tuple[Any, Any]]:
    key = (name, players, seed)
    if key not in _PATHS:
        _PATHS[key] = random_game(load(name), players, seed)
    return _PATHS[key]


def sample(path: list[tuple[Any, Any]], count: int = 25) -> list[tuple[Any, Any]]:
    step = max(1, len(path) // count)
    return [*path[::step], path[-1]]


@pytest.mark.parametrize(("name", "players", "seed"), CASES)
def test_random_play_keeps_the_protocol_invariants(name: str, players: int, seed: int) -> None:
    path = played(name, players, seed)
    for state, action in path:
        assert state.num_players == players
        assert isinstance(state.round, int)
        seat = state.current_player
        if state.is_terminal:
            assert seat is None and not state.legal_actions()
            assert set(state.winners()) <= set(range(players))
        else:
            assert seat == CHANCE or seat in range(players)
            assert state.winners() == (), "winners() stays empty until the game is over"
            legal = state.legal_actions()
            assert legal and action in legal
            assert state.why_illegal(action) is None
            if seat == CHANCE:
                outcomes = state.chance_outcomes()
                assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
                assert {a for a, _ in outcomes} <= set(legal)
        assert len(state.scores()) == players


@pytest.mark.parametrize(("name", "players", "seed"), CASES)
def test_apply_never_mutates_and_json_round_trips(name: str, players: int, seed: int) -> None:
    module = load(name)
    for state, action in sample(played(name, players, seed)):
        before = state.to_dict()
        text = json.dumps(before)
        back = module.state_from_dict(json.loads(text))
        assert back == state, "State.from_dict(to_dict()) is the same state"
        assert back.legal_actions() == state.legal_actions()
        if action is not None:
            state.apply(action)
            assert state.to_dict() == before, "apply changed the state it was called on"
            assert module.action_from_dict(json.loads(json.dumps(action.to_dict()))) == action
            assert str(action) and module.describe(action)


@pytest.mark.parametrize(("name", "players", "seed"), CASES)
def test_illegal_actions_are_refused_and_change_nothing(name: str, players: int, seed: int) -> None:
    path = played(name, players, seed)
    every_action = {action for _, action in path if action is not None}
    refused = 0
    for state, _ in sample(path):
        legal = set(state.legal_actions())
        before = state.to_dict()
        for action in sorted(every_action - legal, key=repr)[:5]:
            reason = state.why_illegal(action)
            assert isinstance(reason, str) and reason
            with pytest.raises(IllegalActionError) as caught:
                state.apply(action)
            assert reason in str(caught.value)
            refused += 1
        assert state.to_dict() == before
    assert refused > 0


@pytest.mark.parametrize("name", GAMES)
def test_malformed_actions_are_invalid(name: str) -> None:
    module = load(name)
    state = module.new_game(load(name).INFO.min_players, seed=3)
    for junk in ["pass", 3, None, object()]:
        with pytest.raises(InvalidActionError):
            state.apply(junk)
        assert state.why_illegal(junk)
    action = state.legal_actions()[0]
    data = action.to_dict()
    for bad in [{}, {"type": "NoSuchAction"}, [data], "x", {**data, "extra_field": 1}]:
        with pytest.raises(InvalidActionError):
            module.action_from_dict(bad)
    for key, value in data.items():
        if key == "type":
            continue
        for wrong in ["x", 1.5, None, [[]]]:
            if isinstance(value, str) and wrong == "x":
                continue
            with pytest.raises(PlaybookError):
                module.action_from_dict({**data, key: wrong})


@pytest.mark.parametrize(("name", "players", "seed"), [case for case in CASES if case[2] == SEEDS[0]])
def test_saved_states_with_a_bad_field_are_refused_naming_it(name: str, players: int, seed: int) -> None:
    module = load(name)
    state = sample(played(name, players, seed), 4)[1][0]
    data = state.to_dict()
    for key in data:
        broken = dict(data)
        del broken[key]
        with pytest.raises(PlaybookError, match=re.escape(key)):
            module.state_from_dict(broken)
        for wrong in ["x", 2.5, None, {"a": 1}, [["x"]]]:
            if wrong == data[key]:
                continue
            try:
                back = module.state_from_dict({**data, key: wrong})
            except PlaybookError:
                continue
            raise AssertionError(f"{name}: State.from_dict accepted {key}={wrong!r} as {back!r:.80}")
    for junk in [None, [], "state", {**data, "no_such_field": 1}]:
        with pytest.raises(PlaybookError):
            module.state_from_dict(junk)


@pytest.mark.parametrize(("name", "players", "seed"), [case for case in CASES if case[2] == SEEDS[0]])
def test_observations_are_json_and_only_for_real_seats(name: str, players: int, seed: int) -> None:
    for state, _ in sample(played(name, players, seed), 6):
        for seat in range(players):
            json.dumps(state.observation(seat))
        for bad in [players, -1, True, "0", 0.0]:
            with pytest.raises(PlaybookError):
                state.observation(bad)


@pytest.mark.parametrize("name", GAMES)
def test_new_game_checks_players_seed_and_rules(name: str) -> None:
    module = load(name)
    info = module.INFO
    for players in [info.min_players - 1, info.max_players + 1, True, "2", 2.0, None]:
        with pytest.raises(PlaybookError):
            module.new_game(players, seed=1)
    for seed in [None, "1", 1.5, True]:
        with pytest.raises(PlaybookError):
            module.new_game(info.min_players, seed=seed)
    for rules in ["standard", 3, {"x": 1}]:
        with pytest.raises(PlaybookError):
            module.new_game(info.min_players, seed=1, rules=rules)
    assert module.new_game(info.min_players, seed=1) == module.new_game(info.min_players, seed=1)


@pytest.mark.parametrize("name", GAMES)
def test_match_and_saved_matches_are_checked_at_the_door(name: str) -> None:
    module = load(name)
    players = module.INFO.min_players
    with pytest.raises(PlaybookError):
        Match(name, players=module.INFO.max_players + 1, seed=1)
    with pytest.raises(PlaybookError):
        Match(name, players=players, seed="1")
    with pytest.raises(PlaybookError):
        Match(name, players=players, seed=1, agents={players: RandomAgent()})
    match = Match(name, players=players, seed=4, agents=dict.fromkeys(range(1, players), RandomAgent()))
    for _ in range(12):
        if match.waiting_for() is None:
            match.advance()
            continue
        match.play(match.legal_actions()[0])
    saved = match.to_json()
    assert Match.from_json(saved).state == match.state
    data = json.loads(saved)
    broken_saves: list[Any] = [
        "not json",
        "[]",
        json.dumps({k: v for k, v in data.items() if k != "seed"}),
        json.dumps({**data, "players": "2"}),
        json.dumps({**data, "game": "chess"}),
        json.dumps({**data, "history": "none"}),
        json.dumps({**data, "history": [{"action": {"type": "Nope"}, "by": "player"}]}),
        json.dumps({**data, "history": [[1, 2]]}),
        json.dumps({**data, "rules": {"no": "such rules"}}),
        b"\xff",
        None,
    ]
    for text in broken_saves:
        with pytest.raises(PlaybookError):
            Match.from_json(text)
    if data["history"]:  # a history that repeats the first move: loads if legal, else a PlaybookError, nothing else
        first = data["history"][0]
        with contextlib.suppress(PlaybookError):
            Match.from_json(json.dumps({**data, "history": [first] * 4}))


def data_files(module: ModuleType) -> list[Path]:
    folder = Path(inspect.getfile(module)).parent / "data"
    return sorted(folder.glob("*.toml"))


def load_variant(module: ModuleType, folder: Path, changed: Path) -> Any:
    """Load the rules from ``folder`` (copies of every data file) through the game's ``rules_from_toml``."""
    parameters = list(inspect.signature(module.rules_from_toml).parameters.values())
    if len(parameters) == 1 or all(p.default is not inspect.Parameter.empty for p in parameters[1:]):
        first = parameters[0].name
        if first in {path.stem for path in data_files(module)}:
            kwargs = {p.name: folder / f"{p.name}.toml" for p in parameters if (folder / f"{p.name}.toml").exists()}
            return module.rules_from_toml(**kwargs)
        return module.rules_from_toml(changed)
    kwargs = {p.name: folder / f"{p.name}.toml" for p in parameters}
    return module.rules_from_toml(**kwargs)


@pytest.mark.parametrize("name", GAMES)
def test_data_files_refuse_unknown_keys_and_absurd_numbers(name: str, tmp_path: Path) -> None:
    module = load(name)
    files = data_files(module)
    assert files, f"{name} keeps its components in data/*.toml"
    for original in files:
        folder = tmp_path / original.stem
        shutil.copytree(original.parent, folder)
        changed = folder / original.name
        text = original.read_text()
        assert load_variant(module, folder, changed) is not None, "an unchanged copy loads"
        changed.write_text("zz_not_a_key = 1\n" + text)
        with pytest.raises(RulesDataError, match="zz_not_a_key"):
            load_variant(module, folder, changed)
        first_int = next(
            (key for key, value in tomllib.loads(text).items() if isinstance(value, int) and key != "reconstructed"),
            None,
        )
        if first_int is not None:
            changed.write_text(re.sub(rf"(?m)^{first_int}\s*=.*$", f"{first_int} = 10000000000000", text, count=1))
            with pytest.raises(RulesDataError, match=first_int):
                load_variant(module, folder, changed)
        changed.write_bytes(b"\xff\xfe not toml")
        with pytest.raises(RulesDataError, match=original.name):
            load_variant(module, folder, changed)


@pytest.mark.parametrize("name", GAMES)
def test_a_seeded_match_is_the_same_whatever_the_agents_draw(name: str) -> None:
    """Agents cannot steer chance: an agent that burns random numbers leaves the dice as they were."""
    module = load(name)

    class Greedy(RandomAgent):
        name = "burner"

        def choose(self, observation: Any, legal_actions: Any, rng: random.Random) -> Any:
            for _ in range(7):
                rng.random()
            return legal_actions[0]

    class First(RandomAgent):
        name = "first"

        def choose(self, observation: Any, legal_actions: Any, rng: random.Random) -> Any:
            return legal_actions[0]

    players = module.INFO.min_players
    a = playbook.play_match(name, [Greedy()] * players, seed=11)
    b = playbook.play_match(name, [First()] * players, seed=11)
    assert a.final_state == b.final_state and a.steps == b.steps
