"""Inputs checked at the door, over every registered game (issue 18, "Inputs"): registering a game is enough.

- A float or bool twin of a legal action (``Draw(count=1.0)``, ``Buy(component=True)``) equals it and hashes
  like it, yet is malformed: ``apply`` refuses it with ``InvalidActionError`` naming the field, ``why_illegal``
  says why, and the state is unchanged.
- A listed action never changes (``object.__setattr__`` is refused), so the actions a game shares between
  its states and with other games cannot be corrupted: a fresh game with the same seed lists the same.
- Huge or deeply nested inputs (actions, saved states, data files) are refused with a short message naming
  what is wrong, never a ``RecursionError`` or a message as long as the input.
"""

from __future__ import annotations

import dataclasses
import inspect
import random
import re
import shutil
import tomllib
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from playbook.core import CHANCE, InvalidActionError, PlaybookError, RulesDataError
from playbook.games import available, load

GAMES = available()
SEED = 5
MAX_STEPS = 20_000
HUGE = 200_000
SHORT = 1_000


def decisions(module: ModuleType, seed: int = SEED) -> Iterator[Any]:
    """Every state of a seeded random game where a seat or chance chooses, in order."""
    rng = random.Random(seed)
    state = module.new_game(module.INFO.min_players, seed=seed)
    for _ in range(MAX_STEPS):
        if state.is_terminal:
            return
        yield state
        if state.current_player == CHANCE:
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], weights=[p for _, p in outcomes])[0]
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        state = state.apply(action)[0]
    raise AssertionError(f"{module.INFO.name}: no end after {MAX_STEPS} steps")


def twins(action: Any) -> Iterator[tuple[str, Any]]:
    """``(field, twin)``: the action with one field's value replaced by an equal value of the wrong type."""
    for field in dataclasses.fields(action):
        value = getattr(action, field.name)
        if isinstance(value, bool):
            wrong: list[Any] = [int(value), float(value)]
        elif isinstance(value, int):
            wrong = [float(value)] + ([bool(value)] if value in (0, 1) else [])
        elif isinstance(value, tuple) and value and type(value[0]) is int:
            wrong = [(float(value[0]), *value[1:])]
        else:
            continue
        for twin_value in wrong:
            yield field.name, dataclasses.replace(action, **{field.name: twin_value})


@pytest.mark.parametrize("name", GAMES)
def test_float_and_bool_twins_of_legal_actions_are_refused_and_change_nothing(name: str) -> None:
    module = load(name)
    refused = 0
    for state in decisions(module):
        legal = state.legal_actions()
        before = state.to_dict()
        for action in legal:
            for field, twin in twins(action):
                assert twin == action and hash(twin) == hash(action), "a twin the old check let through"
                assert state.why_illegal(twin) is not None, f"{name}: {twin!r} passes as legal"
                with pytest.raises(InvalidActionError) as caught:
                    state.apply(twin)
                message = str(caught.value)
                assert field in message and len(message) < SHORT, message
                refused += 1
        assert state.to_dict() == before
        assert state.legal_actions() == legal
    assert refused > 0, f"{name}: no action with an int or bool field was offered"


def replay_listings(module: ModuleType) -> list[list[Any]]:
    return [[action.to_dict() for action in state.legal_actions()] for state in decisions(module)]


@pytest.mark.parametrize("name", GAMES)
def test_listed_actions_cannot_be_changed_so_no_other_game_changes(name: str) -> None:
    module = load(name)
    listings = replay_listings(module)
    changed_tried = 0
    for state in decisions(module):
        for action in state.legal_actions():
            data = action.to_dict()
            same_layout = [
                other
                for other in type(action).__mro__[1].__subclasses__()
                if other is not type(action) and other.__slots__ == type(action).__slots__
            ]
            for field in dataclasses.fields(action):
                value = getattr(action, field.name)
                other_value = value + 1 if isinstance(value, int) else ("changed" if isinstance(value, str) else None)
                with pytest.raises(AttributeError):
                    object.__setattr__(action, field.name, other_value)
                changed_tried += 1
            for other in same_layout[:1]:
                with pytest.raises(AttributeError):
                    object.__setattr__(action, "__class__", other)
            assert action.to_dict() == data, f"{name}: a listed action changed in place"
    assert changed_tried > 0
    assert replay_listings(module) == listings, f"{name}: a fresh game with the same seed lists other actions"


def deep(depth: int = 50_000) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


DEEP = deep()  # built once: building (and freeing) 50,000 nested lists takes a while


@pytest.mark.parametrize("name", GAMES)
def test_huge_and_deep_actions_and_states_get_short_refusals(name: str) -> None:
    module = load(name)
    states = list(decisions(module))
    with pytest.raises(InvalidActionError) as caught:
        module.action_from_dict({"type": "A" * HUGE})
    assert len(str(caught.value)) < SHORT
    seen: set[type] = set()
    for state in states[:: max(1, len(states) // 30)]:
        for action in state.legal_actions():
            if type(action) in seen:
                continue
            seen.add(type(action))
            data = action.to_dict()
            for key, value in data.items():
                if key == "type":
                    continue
                for bad in ("9" * HUGE, DEEP):
                    if isinstance(value, str) and isinstance(bad, str):
                        huge = module.action_from_dict({**data, key: bad})  # a string field takes any string
                        with pytest.raises(PlaybookError) as caught:
                            state.apply(huge)
                    else:
                        with pytest.raises(InvalidActionError, match=re.escape(key)) as caught:
                            module.action_from_dict({**data, key: bad})
                    assert len(str(caught.value)) < SHORT, f"{name}: {str(caught.value)[:200]}"
    saved = states[len(states) // 2].to_dict()
    for key in saved:
        for bad in ("9" * HUGE, DEEP):
            with pytest.raises(PlaybookError, match=re.escape(key)) as caught:
                module.state_from_dict({**saved, key: bad})
            assert len(str(caught.value)) < SHORT, f"{name}: {str(caught.value)[:200]}"


def data_files(module: ModuleType) -> list[Path]:
    return sorted((Path(inspect.getfile(module)).parent / "data").glob("*.toml"))


def load_variant(module: ModuleType, folder: Path, changed: Path) -> Any:
    """The rules read from ``folder`` (copies of the data files, ``changed`` edited) by ``rules_from_toml``."""
    parameters = list(inspect.signature(module.rules_from_toml).parameters.values())
    stems = {path.stem for path in data_files(module)}
    if parameters[0].name not in stems:
        return module.rules_from_toml(changed)
    kwargs = {p.name: folder / f"{p.name}.toml" for p in parameters if (folder / f"{p.name}.toml").exists()}
    return module.rules_from_toml(**kwargs)


@pytest.mark.parametrize("name", GAMES)
def test_huge_and_deep_data_files_get_short_refusals_naming_file_and_key(name: str, tmp_path: Path) -> None:
    module = load(name)
    tried = 0
    for original in data_files(module):
        folder = tmp_path / original.stem
        shutil.copytree(original.parent, folder)
        changed = folder / original.name
        text = original.read_text()
        edits = [
            (f"{'[' * 5000}{']' * 5000}", original.name),
            (f"{'{a = ' * 2000}1{'}' * 2000}", original.name),
        ]
        number = next((k for k, v in tomllib.loads(text).items() if type(v) is int and k != "reconstructed"), None)
        for value, named in edits:
            changed.write_text(f"zz_deep = {value}\n{text}")
            with pytest.raises(RulesDataError, match=re.escape(named)) as caught:
                load_variant(module, folder, changed)
            assert len(str(caught.value)) < SHORT
            tried += 1
        changed.write_text(f'"{"k" * HUGE}" = 1\n{text}')
        with pytest.raises(RulesDataError, match="kkkk") as caught:
            load_variant(module, folder, changed)
        assert len(str(caught.value)) < SHORT
        if number is not None:
            changed.write_text(re.sub(rf"(?m)^{number}\s*=.*$", f'{number} = "{"x" * HUGE}"', text, count=1))
            with pytest.raises(RulesDataError, match=re.escape(number)) as caught:
                load_variant(module, folder, changed)
            assert len(str(caught.value)) < SHORT, str(caught.value)[:200]
    assert tried > 0
