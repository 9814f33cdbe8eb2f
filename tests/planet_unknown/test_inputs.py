"""Planet Unknown's inputs are checked at the door (issue 18): malformed actions, edited data files.

An action from outside may hold any int; its text must still read (it is what the refusal quotes), and a
saved match holding it must be refused naming the field, never fail with ``IndexError`` while it replays.
"""

from __future__ import annotations

import dataclasses
import json
import random
import shutil
from pathlib import Path
from typing import Any, get_type_hints

import pytest

from playbook.core import InvalidActionError, InvalidStateError, PlaybookError, RulesDataError
from playbook.core.match import Match
from playbook.games.planet_unknown import (
    ACTION_CLASSES,
    ChooseTrack,
    Gain,
    Rules,
    StepTracker,
    describe,
    new_game,
    rules_from_toml,
)
from playbook.games.planet_unknown.actions import PlanetUnknownAction, out_of_range
from playbook.games.planet_unknown.components import DATA
from playbook.games.planet_unknown.variants import corporation_keys, missing_rules, planet_entry

BAD_INTS = (-1, 99, 10**9)
PLAYABLE = [key for key in corporation_keys() if not missing_rules(key)]


def int_fields(cls: type[PlanetUnknownAction]) -> list[str]:
    """The fields of an action class holding ints (or tuples of ints), ``Gain`` fields included."""
    hints = get_type_hints(cls)
    return [f.name for f in dataclasses.fields(cls) if hints[f.name] in (int, Gain, tuple[int, ...])]


def base_action(cls: type[PlanetUnknownAction]) -> PlanetUnknownAction:
    """An action of ``cls`` with every field inside its bounds (the lowest value)."""
    values: dict[str, Any] = {}
    for name in int_fields(cls):
        low = cls.BOUNDS[name][0] if name in cls.BOUNDS else Gain.SYNERGY
        values[name] = (low,) if get_type_hints(cls)[name] == tuple[int, ...] else low
    return cls(**values)


def malformed(cls: type[PlanetUnknownAction]) -> list[tuple[str, int, PlanetUnknownAction]]:
    """``(field, value, action)`` for every int field of ``cls`` set to each out-of-range int in turn."""
    base = base_action(cls)
    found = []
    for name in int_fields(cls):
        low, high = cls.BOUNDS.get(name, (0, -1))  # a Gain field: none of BAD_INTS is a Gain
        for value in [value for value in BAD_INTS if not low <= value <= high]:
            is_tuple = isinstance(getattr(base, name), tuple)
            found.append((name, value, dataclasses.replace(base, **{name: (value,) if is_tuple else value})))
    return found


def fresh_states() -> list[Any]:
    """New games at each door a first action meets: solo, two and three players with the modules, and every
    corporation whose game starts before any gain is pending (Flux's starts with its flux track to choose)."""
    states = [
        new_game(1, seed=1, rules=Rules(events=True)),
        new_game(2, seed=2),
        new_game(3, seed=3, rules=Rules(events=True, private_objectives=True)),
    ]
    states += [new_game(2, seed=4, rules=Rules(corporations=(key,))) for key in PLAYABLE]
    return [state for state in states if not state.pending]


@pytest.mark.parametrize("cls", ACTION_CLASSES, ids=lambda cls: cls.__name__)
def test_a_malformed_action_reads_and_is_refused_as_a_playbook_error(cls: type[PlanetUnknownAction]) -> None:
    """Review D6: ``str``, ``describe``, ``why_illegal`` and ``apply`` of an action with an out-of-range field give
    text or a ``PlaybookError`` (the text shows the value as it is: ``track 99``), never an internal error."""
    states = fresh_states()
    for name, value, action in malformed(cls):
        text = str(action)
        assert describe(action) == text and str(value) in text, (name, text)
        for state in states:
            before = state.to_dict()
            reason = state.why_illegal(action)
            assert isinstance(reason, str) and reason, (name, value)
            with pytest.raises(PlaybookError):
                state.apply(action)
            assert state.to_dict() == before


@pytest.mark.parametrize("cls", ACTION_CLASSES, ids=lambda cls: cls.__name__)
def test_every_int_field_is_bounded(cls: type[PlanetUnknownAction]) -> None:
    """Each int field has bounds, so ``out_of_range`` can name it; an action inside them is not refused by it."""
    assert set(cls.BOUNDS) == set(int_fields(cls)) - {"gain"}
    assert out_of_range(base_action(cls)) is None
    for name, _, action in malformed(cls):
        if name in cls.BOUNDS:
            assert (out_of_range(action) or "").startswith(f"{cls.__name__}.{name} must be between"), action


def test_the_bounds_hold_every_legal_action() -> None:
    """The bounds are what the game can hold: no legal action of random play (every corporation) is outside."""
    for seat_count, key in enumerate(["standard", *PLAYABLE]):
        rules = Rules(corporations=(key,), events=seat_count % 2 == 0)
        state = new_game(1 + seat_count % 4, seed=seat_count, rules=rules)
        rng = random.Random(seat_count)
        for _ in range(150):
            if state.is_terminal:
                break
            legal = state.legal_actions()
            assert all(out_of_range(action) is None for action in legal), key
            state = state.apply(rng.choice(legal))[0]


def saved_with(history_action: dict[str, Any]) -> str:
    match = Match("planet_unknown", players=2, seed=5)
    data = json.loads(match.to_json())
    data["history"] = [{"action": history_action, "by": "player"}]
    return json.dumps(data)


def test_a_saved_match_with_a_malformed_action_is_refused_naming_the_field() -> None:
    """Review D6's case: ``{"type": "ChooseTrack", "track": 99, "gain": 0}`` in a history."""
    with pytest.raises(InvalidStateError, match=r"ChooseTrack\.track must be between 0 and 4, not 99"):
        Match.from_json(saved_with({"type": "ChooseTrack", "track": 99, "gain": 0}))


@pytest.mark.parametrize("cls", ACTION_CLASSES, ids=lambda cls: cls.__name__)
def test_every_out_of_range_field_of_a_saved_action_is_refused(cls: type[PlanetUnknownAction]) -> None:
    for name, _, action in malformed(cls):
        if name in cls.BOUNDS:  # a gain that is no Gain is refused by the codec, also as InvalidStateError
            with pytest.raises(InvalidStateError, match=rf"{cls.__name__}\.{name} must be between"):
                Match.from_json(saved_with(action.to_dict()))
        else:
            with pytest.raises(InvalidStateError):
                Match.from_json(saved_with(action.to_dict()))


# -- cards.toml ----------------------------------------------------------------------------------------------
@pytest.fixture
def folder(tmp_path: Path) -> Path:
    copy = tmp_path / "data"
    shutil.copytree(DATA, copy)
    return copy


@pytest.mark.parametrize("bad", ["7.5", '"7"', "true", "[7]"])
@pytest.mark.parametrize(("old", "key"), [("[37, ", r"objectives\[0\]\.id"), ("[65, ", r"events\[0\]\.id")])
def test_a_card_id_must_be_an_int(folder: Path, old: str, key: str, bad: str) -> None:
    """Review D11: ``int()`` made 7.5, "7" and true card ids silently, and a list raised ``TypeError``."""
    text = (folder / "cards.toml").read_text()
    assert old in text
    (folder / "cards.toml").write_text(text.replace(old, f"[{bad}, ", 1))
    with pytest.raises(RulesDataError, match=rf"cards\.toml: {key} must be int"):
        rules_from_toml(folder / "standard.toml", folder / "cards.toml")
    with pytest.raises(RulesDataError, match=rf"cards\.toml: {key} must be int"):
        Rules.from_toml(cards=folder / "cards.toml")


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('[65, "green", true,', '[65, "green", "yes",', r"events\[0\]\.solo_only must be bool"),
        ('[65, "green",', '[65, "blue",', r"events\[0\]\.colour 'blue' is not one of"),
        ('"advance_one_of", "civ,water"]', '"advance_one_of", "civ,lava"]', r"events\[\d+\]\.arg 'civ,lava' must name"),
        ('"regress_any", "3"]', '"regress_any", "x"]', r"events\[\d+\]\.arg 'x' must be how many"),
        ('"rovers_avoid", "water"]', '"rovers_avoid", "ice"]', r"events\[\d+\]\.arg 'ice' must be one terrain"),
        ('"synergy", ""]', '"synergy", "civ"]', r"events\[\d+\]\.arg 'civ' must be empty"),
        ('[37, "edge_symbols", "civ",', '[37, "edge_symbols", "lava",', r"objectives\[0\]\.neighbour_what 'lava'"),
        ('[37, "edge_symbols",', '[37, "edge_symbol",', r"objectives\[0\]\.neighbour 'edge_symbol'"),
    ],
)
def test_a_bad_card_value_is_refused_naming_file_and_key(folder: Path, old: str, new: str, message: str) -> None:
    """Event arguments are read in play (``tracks_named``, ``int(arg)``): a bad one fails on loading instead."""
    text = (folder / "cards.toml").read_text()
    assert old in text
    (folder / "cards.toml").write_text(text.replace(old, new, 1))
    with pytest.raises(RulesDataError, match=rf"cards\.toml: {message}"):
        rules_from_toml(folder / "standard.toml", folder / "cards.toml")


def test_a_meteor_square_must_be_ints(folder: Path) -> None:
    """``[1.0, 0]`` equals a square's ``[1, 0]``: the shape's meteor is checked as ints first."""
    text = (folder / "standard.toml").read_text()
    assert "meteor = [0, 1]\n" in text
    (folder / "standard.toml").write_text(text.replace("meteor = [0, 1]\n", "meteor = [0.0, 1]\n", 1))
    with pytest.raises(RulesDataError, match=r"standard\.toml: shapes\.i2\.meteor must be a list of ints"):
        rules_from_toml(folder / "standard.toml")


# -- corporations.toml and planets.toml -----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("file", "old", "new", "key"),
    [
        ("corporations", "meteorite_supply = 50", "meteorite_supply = 7", "corporations.cosmos.corporation"),
        ("planets", "scoring_value = 2", "scoring_value = 9", "planets.cerberus.scoring_value"),
        ("planets", "scoring_value = 2", 'scoring_value = "lots"', "planets.cerberus.scoring_value"),
        ("corporations", "[corporations.cosmos]", "[corporations.acme]\n[corporations.cosmos]", "corporations.acme"),
    ],
)
def test_an_edited_corporations_or_planets_file_is_refused_by_name(
    folder: Path, file: str, old: str, new: str, key: str
) -> None:
    """Review D11: ``rules_from_toml(corporations=, planets=)`` never read their entries, so an edit was ignored
    and measured as if it played. Ruling: an edited copy is refused naming the first changed key and why."""
    path = folder / f"{file}.toml"
    assert rules_from_toml(**{file: path}) == Rules.standard()  # an unchanged copy loads
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(RulesDataError, match=rf"{file}\.toml: {key}\S* differs .* is refused, not read"):
        rules_from_toml(**{file: path})


# -- components changed in Python -----------------------------------------------------------------------------
def test_components_changed_in_python_are_saved_as_they_play() -> None:
    """A lesson doubles the planet's medals with ``dataclasses.replace(rules.c, planet=...)``: the saved rules
    used to hold the files the components were first read from, so the match reloaded with the printed medals."""
    printed = Rules.standard().c
    doubled_planet = printed.planet._replace(row_medals=tuple(2 * m for m in printed.planet.row_medals))
    doubled = Rules(data=dataclasses.replace(printed, planet=doubled_planet))
    again = Rules.from_dict(json.loads(json.dumps(doubled.to_dict())))
    assert again == doubled and again.c.planet.row_medals[5] == 6
    match = Match("planet_unknown", players=2, seed=1, rules=doubled)
    for _ in range(10):
        match.play(match.legal_actions()[0])
    loaded = Match.from_json(match.to_json())
    assert loaded.state == match.state and loaded.state.rules == doubled


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"planet": planet_entry("gaia")}, "its own rules"),
        ({"tiles_per_stack": 99}, r"rules\.data\.standard: tiles_per_stack must be between 1 and 12"),
        ({"tiles_per_stack": "x"}, "tiles_per_stack: must be an int"),
    ],
)
def test_components_no_data_file_can_hold_are_refused(change: dict[str, Any], words: str) -> None:
    with pytest.raises(RulesDataError, match=rf"rules: data .*{words}"):
        Rules(data=dataclasses.replace(Rules.standard().c, **change))


def test_an_out_of_range_makeshift_step_is_explained_while_an_advance_is_pending() -> None:
    """Makeshift's why-not text names a tracker by its number when it is no tracker (it used to raise IndexError)."""
    state = new_game(1, seed=1, rules=Rules(corporations=("makeshift",)))
    rng = random.Random(1)
    while not any(isinstance(action, StepTracker) for action in state.legal_actions()):
        state = state.apply(rng.choice(state.legal_actions()))[0]
    reason = state.why_illegal(StepTracker(tracker=99, column=0, position=0))
    assert reason is not None and "99" in reason


def test_an_out_of_range_field_is_refused_as_malformed_before_any_rule_reads_it() -> None:
    state = new_game(2, seed=1)
    assert (
        state.why_illegal(ChooseTrack(track=99, gain=0))
        == "malformed: ChooseTrack.track must be between 0 and 4, not 99"
    )
    with pytest.raises(InvalidActionError, match=r"ChooseTrack\.track must be between 0 and 4"):
        state.apply(ChooseTrack(track=99, gain=0))
