"""Every input is checked at the door: data files, rules dicts, saved states, seats, players, seeds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from playbook.core import Match
from playbook.core.errors import InvalidArgumentError, InvalidStateError, PlaybookError, RulesDataError
from playbook.games.mars_needs_mechanics import Rules, State, new_game
from playbook.games.mars_needs_mechanics.components import DATA_DIR

COMPONENTS = (DATA_DIR / "components.toml").read_text()
MECHANISMS = (DATA_DIR / "mechanisms.toml").read_text()


def load(tmp_path: Path, components: str = COMPONENTS, mechanisms: str = MECHANISMS) -> Rules:
    comp, mech = tmp_path / "components.toml", tmp_path / "mechanisms.toml"
    comp.write_text(components)
    mech.write_text(mechanisms)
    return Rules.from_toml(comp, mech)


def test_the_standard_files_load_and_equal_the_standard_rules(tmp_path: Path) -> None:
    assert load(tmp_path) == Rules.standard()


def test_the_lens_is_marked_reconstructed_and_only_aether_tube_and_wire_are_named() -> None:
    rules = Rules.standard()
    assert set(rules.components) - set(rules.reconstructed) == {"Aether Tube", "Wire"}
    assert "Lens" in rules.reconstructed


@pytest.mark.parametrize(
    ("old", "new", "phrases"),
    [
        (
            "starting_cogs = 30",
            "startin_cogs = 30",
            ["components.toml", "startin_cogs", "did you mean 'starting_cogs'"],
        ),
        ("starting_cogs = 30", "starting_cogs = 10000000000000", ["components.toml: starting_cogs", "between"]),
        ("starting_cogs = 30", "starting_cogs = 30.5", ["components.toml: starting_cogs", "must be int"]),
        ("starting_cogs = 30", "starting_cogs = true", ["components.toml: starting_cogs", "must be int"]),
        ("count = 8\n", "count = 99999999999\n", ["components[0].count", "between"]),
        ("count = 8\n", "cuont = 8\n", ["components[0].cuont", "did you mean 'count'"]),
        ("id = 1\n", "id = 0\n", ["components[1].id", "used twice"]),
        ("min = 1", "min = -5", ["value_track.min", "between"]),
        ("market_size = 8", "market_size = 0", ["market_size", "between"]),
    ],
)
def test_bad_component_files_are_refused_with_file_and_key(
    tmp_path: Path, old: str, new: str, phrases: list[str]
) -> None:
    with pytest.raises(RulesDataError) as caught:
        load(tmp_path, components=COMPONENTS.replace(old, new, 1))
    for phrase in phrases:
        assert phrase in str(caught.value), str(caught.value)


@pytest.mark.parametrize(
    ("old", "new", "phrases"),
    [
        ("peek = 3", "peak = 3", ["mechanisms.toml", "peak", "did you mean 'peek'"]),
        ("peek = 3", "peek = 100000", ["mechanisms.toml", "peek", "between"]),
        ('"Lens" = 2, "Wire" = 1', '"Lenz" = 2, "Wire" = 1', ["cost.Lenz", "did you mean 'Lens'"]),
        ('"Lens" = 2, "Wire" = 1', '"Lens" = 0, "Wire" = 1', ["cost.Lens", "between"]),
        ('key = "governor"', 'key = "governer"', ["governer", "did you mean 'governor'"]),
        ('starter = ["x_ray_goggles"', 'starter = ["x_ray_gogles"', ["x_ray_gogles", "not a mechanism"]),
        ("reconstructed = true\nstarter", "reconstructed = 1\nstarter", ["mechanisms.toml: reconstructed"]),
    ],
)
def test_bad_mechanism_files_are_refused_with_file_and_key(
    tmp_path: Path, old: str, new: str, phrases: list[str]
) -> None:
    assert old in MECHANISMS
    with pytest.raises(RulesDataError) as caught:
        load(tmp_path, mechanisms=MECHANISMS.replace(old, new, 1))
    for phrase in phrases:
        assert phrase in str(caught.value), str(caught.value)


def test_io_and_decoding_failures_name_the_file(tmp_path: Path) -> None:
    with pytest.raises(RulesDataError, match=r"nothere\.toml"):
        Rules.from_toml(tmp_path / "nothere.toml")
    broken = tmp_path / "broken.toml"
    broken.write_text("starting_cogs = = 3")
    with pytest.raises(RulesDataError, match=r"broken\.toml: not valid TOML"):
        Rules.from_toml(broken)
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe\x00starting")
    with pytest.raises(RulesDataError, match=r"binary\.toml"):
        Rules.from_toml(binary)
    with pytest.raises(RulesDataError, match="a_directory"):
        (tmp_path / "a_directory").mkdir()
        Rules.from_toml(tmp_path / "a_directory")


def test_rules_from_dict_round_trips_and_refuses_bad_data() -> None:
    standard = Rules.standard()
    data = json.loads(json.dumps(standard.to_dict()))
    assert Rules.from_dict(data) == standard
    for key, value, phrase in [
        ("starting_cogs", 10**30, "between"),
        ("starting_cogs", 3.0, "must be int"),
        ("hand_size", True, "must be int"),
        ("copies", [8] * 6 + ["8"], "copies"),
        ("in_play", ["warp_drive"], "warp_drive"),
        ("first_player", 9, "first_player"),
    ]:
        bad = dict(data, **{key: value})
        with pytest.raises(RulesDataError, match=phrase):
            Rules.from_dict(bad)
    with pytest.raises(RulesDataError, match="did you mean 'starting_cogs'"):
        Rules.from_dict({**data, "startingcogs": 30})
    missing = dict(data)
    del missing["market_size"]
    with pytest.raises(RulesDataError, match="market_size"):
        Rules.from_dict(missing)


def test_new_game_checks_players_seed_and_rules() -> None:
    for players in (1, 5, "4", 2.0, True):
        with pytest.raises(InvalidArgumentError, match="players"):
            new_game(players, seed=1)  # type: ignore[arg-type]
    for seed in (None, "7", 1.5, True):
        with pytest.raises(InvalidArgumentError, match="seed"):
            new_game(2, seed=seed)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="rules must be"):
        new_game(2, seed=1, rules={"starting_cogs": 30})  # type: ignore[arg-type]


def test_observation_refuses_a_seat_out_of_range() -> None:
    state = new_game(2, seed=1)
    for seat in (-1, 2, 7, "0", 1.0, True):
        with pytest.raises(InvalidArgumentError, match="seat"):
            state.observation(seat)  # type: ignore[arg-type]


def saved() -> dict[str, object]:
    return json.loads(json.dumps(new_game(3, seed=4).to_dict()))  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("change", "phrase"),
    [
        ({"seat": 5}, "State.seat"),
        ({"seat": True}, "State.seat"),
        ({"round": "1"}, "State.round"),
        ({"phase": 9}, "State.phase"),
        ({"cogs": [30, 30]}, "State.cogs"),
        ({"cogs": [30, 30, 30.0]}, "State.cogs[2]"),
        ({"hands": [[0] * 7, [0] * 7, [0] * 6]}, "State.hands"),
        ({"hands": [[0] * 7, [0] * 7, [-1] + [0] * 6]}, "State.hands"),
        ({"deck": [0, 1, 99]}, "State.deck"),
        ({"values": [5] * 6 + [50]}, "State.values"),
        ({"order": [0, 1, 2, 3, 4, 5, 5]}, "State.order"),
        ({"built": [[{"mechanism": "warp_drive", "cards": [0] * 7}], [], []]}, "State.built[0]"),
        ({"built_this_turn": "warp_drive"}, "State.built_this_turn"),
        ({"end_reason": 7}, "State.end_reason"),
        ({"bogus": 1}, "unknown field 'bogus'"),
        ({"rules": {"starting_cogs": 30}}, "State.rules"),
    ],
)
def test_state_from_dict_refuses_bad_input_naming_the_field(change: dict[str, object], phrase: str) -> None:
    data = saved()
    data.update(change)
    with pytest.raises(InvalidStateError) as caught:
        State.from_dict(data)
    assert phrase in str(caught.value), str(caught.value)


def test_state_from_dict_refuses_a_missing_field_and_non_objects() -> None:
    data = saved()
    del data["market"]
    with pytest.raises(InvalidStateError, match=r"State\.market: missing"):
        State.from_dict(data)
    with pytest.raises(InvalidStateError):
        State.from_dict([1, 2, 3])  # type: ignore[arg-type]


def test_a_saved_match_round_trips_and_a_corrupt_one_is_refused() -> None:
    match = Match("mars_needs_mechanics", players=2, seed=3)
    for _ in range(6):
        match.play(match.legal_actions()[0])
    again = Match.from_json(match.to_json())
    assert again.state == match.state
    corrupt = json.loads(match.to_json())
    corrupt["history"][2]["action"] = {"type": "Build", "mechanism": 3}
    with pytest.raises(PlaybookError, match="mechanism"):
        Match.from_json(json.dumps(corrupt))
    corrupt["history"][2]["action"] = {"type": "Buy", "component": 99, "hold_token": False}
    with pytest.raises(PlaybookError, match=r"malformed|no component"):
        Match.from_json(json.dumps(corrupt))
