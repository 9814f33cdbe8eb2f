"""The component data matches the reference's facts; variants load from copies; bad data is refused by name."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from playbook.core import RulesDataError
from playbook.games.planet_unknown import Rules, new_game, rules_from_dict, rules_from_toml
from playbook.games.planet_unknown.components import DATA, Terrain
from playbook.games.planet_unknown.geometry import orientations, planet_masks

from .helpers import C

MASKS = planet_masks(C.planet)


def test_planet_facts():
    """§1.3: 96 playable squares (69 land, 21 ice, 6 lifepods on land), medals 1,1,1,2,2,3,3,2,2,1,1,1."""
    assert MASKS.playable.bit_count() == 96
    assert MASKS.ice.bit_count() == 21 and MASKS.lifepods.bit_count() == 6
    assert (MASKS.land & ~MASKS.lifepods).bit_count() == 69
    assert C.planet.row_medals == C.planet.column_medals == (1, 1, 1, 2, 2, 3, 3, 2, 2, 1, 1, 1)


def test_tiles_and_shapes():
    """§1.2: 12 shapes of 2-5 squares with one A and one B symbol; 6 terrain pairs, each terrain twice."""
    sizes = {s.name: len(s.cells) for s in C.shapes}
    assert sizes == {"i2": 2, "I3": 3, "v": 3, "t": 4, "L": 4, "O": 4, "s": 4, "I4": 4, "N": 5, "F": 5, "U": 5, "S": 5}
    counts = [sum(t in pair for pair in C.terrain_pairs) for t in range(6)]
    assert counts == [2] * 6
    assert all(1 <= len(orientations(s)) <= 8 for s in C.shapes)
    assert len(orientations(C.shape("O"))) == 8  # a 2x2 square still has 8 distinct terrain layouts


def test_universal_coalition_derived_facts():
    """§1.4 derived: 4 civ milestones, water medals up to 10, 5 biomass patches, 2 rovers, 5 techs."""
    tracks = C.corporation.tracks
    assert sum(s.civ for s in tracks[Terrain.CIV]) == 4
    assert max(s.medal for s in tracks[Terrain.WATER]) == 10
    assert sum(s.biomass for s in tracks[Terrain.BIOMASS]) == 5
    assert C.corporation.rovers == 2
    assert sum(s.tech for s in tracks[Terrain.TECH]) == 5


def test_rules_round_trip_and_variants(tmp_path: Path):
    rules = Rules(events=True, event_split=(10, 5, 5), solo_target=50)
    assert rules_from_dict(rules.to_dict()) == rules
    folder = tmp_path / "data"
    shutil.copytree(DATA, folder)
    text = (
        (folder / "standard.toml")
        .read_text()
        .replace("row_medals = [1, 1, 1, 2, 2, 3, 3", "row_medals = [5, 1, 1, 2, 2, 3, 3")
    )
    (folder / "standard.toml").write_text(text)
    variant = rules_from_toml(folder / "standard.toml", folder / "cards.toml")
    assert variant.c.planet.row_medals[0] == 5
    assert rules_from_dict(variant.to_dict()) == variant
    new_game(2, seed=1, rules=variant)


def test_bad_data_names_file_and_key(tmp_path: Path):
    folder = tmp_path / "data"
    shutil.copytree(DATA, folder)
    text = (folder / "standard.toml").read_text().replace('effect = "unionization"', 'effect = "unionisation"')
    (folder / "standard.toml").write_text(text)
    with pytest.raises(RulesDataError, match=r"standard.toml: civ\[20\].effect"):
        rules_from_toml(folder / "standard.toml")


def test_event_split_must_fill_the_deck():
    with pytest.raises(RulesDataError, match="add up to 20"):
        Rules(events=True, event_split=(1, 2, 3))


@pytest.mark.parametrize(
    "bad",
    [{"event_split": ["a", 1, 2]}, {"event_split": [1, 2]}, {"solo_target": "x"}, {"zz": 1}, {"events": 3}],
)
def test_rules_from_dict_refuses_bad_options(bad):
    with pytest.raises(RulesDataError, match="rules"):
        rules_from_dict(bad)


@pytest.mark.parametrize(
    ("old", "new", "key"),
    [('rows = ["a", "b"]', 'rows = ["a", "a"]', "rows"), ("meteor = [0, 1]\n", "meteor = [5, 5]\n", "meteor")],
)
def test_bad_shapes_refused(tmp_path: Path, old: str, new: str, key: str):
    folder = tmp_path / "data"
    shutil.copytree(DATA, folder)
    text = (folder / "standard.toml").read_text()
    assert old in text
    (folder / "standard.toml").write_text(text.replace(old, new, 1))
    with pytest.raises(RulesDataError, match=rf"standard.toml: shapes.i2.{key}"):
        rules_from_toml(folder / "standard.toml")


def test_duplicate_card_ids_and_bad_medals_refused(tmp_path: Path):
    folder = tmp_path / "data"
    shutil.copytree(DATA, folder)
    cards = (folder / "cards.toml").read_text()
    (folder / "cards.toml").write_text(cards.replace("[38, ", "[37, ", 1))
    with pytest.raises(RulesDataError, match=r"cards\.toml: objectives has a card id twice"):
        rules_from_toml(folder / "standard.toml", folder / "cards.toml")
    shutil.copy(DATA / "cards.toml", folder / "cards.toml")
    text = (folder / "standard.toml").read_text().replace("column_medals = [1, 1, 1,", "column_medals = [1, 1,", 1)
    (folder / "standard.toml").write_text(text)
    with pytest.raises(RulesDataError, match="column_medals"):
        rules_from_toml(folder / "standard.toml", folder / "cards.toml")


@pytest.mark.parametrize(
    ("old", "new", "key"),
    [('edge = "fewer_than_4_neighbours"', 'edge = "outer_frame"', "edge"), ('"meteor_shield"', '"wormhole"', "techs")],
)
def test_unimplemented_planet_and_corporation_rules_are_refused(tmp_path: Path, old: str, new: str, key: str):
    """A corporation or planet the engine cannot play yet is refused by name, never played as the standard."""
    folder = tmp_path / "data"
    shutil.copytree(DATA, folder)
    text = (folder / "standard.toml").read_text()
    assert old in text
    (folder / "standard.toml").write_text(text.replace(old, new, 1))
    with pytest.raises(RulesDataError, match=f"{key}.*not (an )?implemented"):
        rules_from_toml(folder / "standard.toml")
