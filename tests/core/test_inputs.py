"""Inputs checked at the door, in the shared core: typed actions, actions that never change, short messages,
deep nesting refused as data, and ``playbook.games`` reachable from ``import playbook``.

Each test here failed before the fix it guards (issue 18, "Inputs"; review items D7, D8, D11, D12).
"""

from __future__ import annotations

import copy
import dataclasses
import enum
import pickle
import subprocess
import sys
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from playbook.core import (
    ActionCodec,
    DataReader,
    InvalidActionError,
    InvalidArgumentError,
    InvalidStateError,
    RulesDataError,
    load_toml,
)
from playbook.core.engine import check_seed
from playbook.core.errors import clipped, shown
from playbook.core.serialize import from_json_value, record_misfit
from playbook.games import load

from .toy_game import Roll, State, Take, new_game

TEN_MB = 10_000_000
SHORT = 1_000


def rolled(pile: int = 7) -> State:
    return new_game(2, seed=1).apply(Roll(pile))[0]


def deep_list(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


# -- D7: a float or bool twin of a legal action is malformed, not legal --------------------------------------
@pytest.mark.parametrize("twin", [Take(1.0), Take(True), Take(2.0)])  # type: ignore[arg-type]
def test_a_float_or_bool_twin_of_a_legal_action_is_refused_naming_the_field(twin: Take) -> None:
    state = rolled()
    assert twin == Take(int(twin.count)) and twin in state.legal_actions()  # equal, same hash: the trap
    before = state.to_dict()
    assert not state.is_legal(twin)
    reason = state.why_illegal(twin)
    assert reason is not None and "malformed" in reason and "Take.count" in reason
    with pytest.raises(InvalidActionError, match=r"Take\(count=.*Take\.count: must be an int"):
        state.apply(twin)
    assert state.to_dict() == before


def test_a_float_twin_is_refused_among_many_legal_actions_too() -> None:
    state = new_game(2, seed=1)  # ten legal rolls: the look-up goes through the set, not the tuple
    assert len(state.legal_actions()) > 8
    with pytest.raises(InvalidActionError, match=r"Roll\.pile: must be an int, not float 3\.0"):
        state.apply(Roll(3.0))  # type: ignore[arg-type]
    assert state.why_illegal(Roll(True)) is not None  # type: ignore[arg-type]
    assert state.apply(Roll(3))[0].pile == 3  # an equal, well-typed action built by hand still plays


class Colour(enum.IntEnum):
    RED = 0
    BLUE = 1


class Inner(NamedTuple):
    count: int


@dataclasses.dataclass(frozen=True)
class Record:
    colour: Colour
    names: tuple[str, ...]
    pair: tuple[int, bool]
    maybe: int | None
    inner: Inner


def test_record_misfit_applies_the_loaders_rules_to_values_in_memory() -> None:
    good = Record(Colour.RED, ("a",), (1, True), None, Inner(2))
    assert record_misfit(good) is None
    assert record_misfit(dataclasses.replace(good, colour=1)) is None  # type: ignore[arg-type]  # an int: it reloads
    cases = {
        "Record.colour: must be one of 0, 1, not bool True": {"colour": True},
        "Record.colour: must be one of 0, 1, not float 0.0": {"colour": 0.0},
        "Record.names: must be a tuple, not list ['a']": {"names": ["a"]},
        "Record.names[1]: must be a string, not int 3": {"names": ("a", 3)},
        "Record.pair[1]: must be true or false, not int 1": {"pair": (1, 1)},
        "Record.pair: must be a tuple of 2 items": {"pair": (1,)},
        "Record.maybe: must be a int | None, not float 1.0": {"maybe": 1.0},
        "Record.inner.count: must be an int, not float 2.0": {"inner": Inner(2.0)},  # type: ignore[arg-type]
    }
    for message, change in cases.items():
        assert (record_misfit(dataclasses.replace(good, **change)) or "").startswith(message), change


def test_the_loader_never_reads_a_bool_or_a_float_as_an_int_enum() -> None:
    for wrong in (True, 1.0, "1"):
        with pytest.raises(InvalidStateError, match="must be one of 0, 1"):
            from_json_value(Colour, wrong, "where")
    assert from_json_value(Colour, 1, "where") is Colour.BLUE


def test_an_int_enum_action_field_refuses_a_bool_when_loaded() -> None:
    offal = load("offal_game")
    assert offal.action_from_dict({"type": "BlindDraw", "cube": 1}).to_dict()["cube"] == 1
    for wrong in (True, 1.0):
        with pytest.raises(InvalidActionError, match=r"BlindDraw\.cube"):
            offal.action_from_dict({"type": "BlindDraw", "cube": wrong})


# -- D8: a listed action never changes, so no game's shared actions can be corrupted ---------------------------
def test_a_listed_action_cannot_be_changed_in_place() -> None:
    state = rolled()
    listed = state.legal_actions()[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        object.__setattr__(listed, "count", 3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        listed.__setstate__((3,))  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        object.__delattr__(listed, "count")
    with pytest.raises(AttributeError):
        object.__setattr__(listed, "__class__", Roll)  # the same layout: Python would allow it
    assert listed == Take(1) and type(listed) is Take
    assert state.apply(listed)[0].pile == 6


def test_actions_still_copy_and_pickle() -> None:
    action = Take(2)
    assert pickle.loads(pickle.dumps(action)) == action
    assert copy.copy(action) == copy.deepcopy(action) == action
    assert dataclasses.replace(action, count=3) == Take(3)


def test_changing_a_listed_mars_action_changes_no_other_game() -> None:
    mars = load("mars_needs_mechanics")
    fresh = mars.new_game(3, seed=99)
    listed_before = [action.to_dict() for action in fresh.legal_actions()]
    buy = next(action for action in fresh.legal_actions() if action.to_dict().get("component") == 4)
    with pytest.raises(AttributeError):
        object.__setattr__(buy, "component", 6)
    again = mars.new_game(3, seed=99)
    assert [action.to_dict() for action in again.legal_actions()] == listed_before
    assert again.apply(buy)[0].to_dict() == fresh.apply(buy)[0].to_dict()


# -- D12: messages quote inputs, cut short ---------------------------------------------------------------------
def test_shown_cuts_long_deep_and_unprintable_values() -> None:
    class Broken:
        def __repr__(self) -> str:
            raise RuntimeError("no repr")

    assert shown("abc") == "'abc'"
    long = shown("x" * TEN_MB)
    assert len(long) < 120 and "10,000,000 characters" in long
    assert len(shown(list(range(TEN_MB // 10)))) < 120
    assert len(shown(deep_list(100_000))) < 120
    assert "5,000 digits" in shown(10**4999)
    assert "Broken" in shown(Broken())
    assert clipped("y" * 5000, 100).endswith("(5,000 characters)")


def test_a_huge_game_name_gives_a_short_message() -> None:
    for name in ("g" * TEN_MB, ["chess"], None):
        with pytest.raises(InvalidActionError, match="no game named") as caught:
            load(name)  # type: ignore[arg-type]
        assert len(str(caught.value)) < SHORT


def test_a_huge_action_type_or_field_gives_a_short_message() -> None:
    codec = ActionCodec("sticks", [Take, Roll])
    for data in ({"type": "T" * TEN_MB}, {"type": "Take", "count": "9" * TEN_MB}, {"type": "Take", "z" * TEN_MB: 1}):
        with pytest.raises(InvalidActionError) as caught:
            codec.from_dict(data)
        assert len(str(caught.value)) < SHORT
    with pytest.raises(InvalidActionError, match=r"Take\.count") as caught:
        rolled().apply(Take("9" * TEN_MB))  # type: ignore[arg-type]
    assert len(str(caught.value)) < SHORT


def test_a_huge_number_argument_gives_a_short_message() -> None:
    for seed in (10**5000, "1" * TEN_MB):
        with pytest.raises(InvalidArgumentError, match="seed") as caught:
            check_seed(seed)
        assert len(str(caught.value)) < SHORT


def test_a_huge_toml_string_or_key_gives_a_short_message_naming_the_key(tmp_path: Path) -> None:
    path = tmp_path / "cards.toml"
    path.write_text(f'count = "{"x" * TEN_MB}"\n')
    reader = DataReader(path.name, load_toml(path))
    with pytest.raises(RulesDataError, match=r"cards\.toml: count must be int") as caught:
        reader.int_in("count", 0, 10)
    assert len(str(caught.value)) < SHORT
    reader = DataReader("cards.toml", {"k" * TEN_MB: 1})
    with pytest.raises(RulesDataError, match=r"cards\.toml: kkk.*is not a known key") as caught:
        reader.check_keys(["count"])
    assert len(str(caught.value)) < SHORT
    with pytest.raises(RulesDataError, match=r"cards\.toml: size must be between 0 and 10") as caught:
        DataReader("cards.toml", {"size": 10**4999}).int_in("size", 0, 10)
    assert len(str(caught.value)) < SHORT


# -- D11: nesting thousands deep is refused as data, never a RecursionError -------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "a = " + "[" * 5000 + "]" * 5000,
        "a = " + "{b = " * 2000 + "1" + "}" * 2000,
        "a = " + "1" * 5000,
    ],
    ids=["arrays 5,000 deep", "inline tables 2,000 deep", "an int of 5,000 digits"],
)
def test_load_toml_refuses_what_it_cannot_read_naming_the_file(tmp_path: Path, text: str) -> None:
    path = tmp_path / "deep.toml"
    path.write_text(text + "\n")
    with pytest.raises(RulesDataError, match=r"deep\.toml") as caught:
        load_toml(path)
    assert len(str(caught.value)) < SHORT


def test_a_saved_state_nested_thousands_deep_is_refused_naming_the_field() -> None:
    data = rolled().to_dict()
    for field in ("pile", "taken"):
        with pytest.raises(InvalidStateError, match=f"State.{field}") as caught:
            State.from_dict({**data, field: deep_list(100_000)})
        assert len(str(caught.value)) < SHORT
    deep_key: Any = ()
    for _ in range(100_000):
        deep_key = (deep_key,)
    with pytest.raises(InvalidStateError, match="State"):
        State.from_dict({**data, deep_key: 1})


def test_an_action_nested_thousands_deep_is_refused() -> None:
    codec = ActionCodec("sticks", [Take, Roll])
    with pytest.raises(InvalidActionError, match=r"Take\.count") as caught:
        codec.from_dict({"type": "Take", "count": deep_list(100_000)})
    assert len(str(caught.value)) < SHORT


# -- the registry is reachable from ``import playbook`` -------------------------------------------------------
def test_import_playbook_reaches_the_game_registry() -> None:
    probe = "import playbook; print(','.join(playbook.games.available()))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert "mars_needs_mechanics" in done.stdout.split(",")
