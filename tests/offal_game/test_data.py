"""Component data: the TOML loads, round-trips, marks what is reconstructed, and bad data names file and key."""

from __future__ import annotations

import copy
import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

from playbook.core import RulesDataError
from playbook.games.offal_game import Rules, new_game, rules_from_toml
from playbook.games.offal_game.rules import DATA_DIR

STANDARD = DATA_DIR / "standard.toml"


def standard_dict() -> dict[str, Any]:
    with STANDARD.open("rb") as handle:
        return tomllib.load(handle)


def test_standard_loads_and_round_trips() -> None:
    rules = Rules.standard()
    assert rules == Rules.from_toml(STANDARD) == rules_from_toml(STANDARD)
    assert Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
    assert rules.rat_spaces[0] == 17 and rules.clog_spaces == 7 and len(rules.customers) == 10
    assert len(rules.rat_spaces) == rules.bag[4] == 9 and rules.day_spaces == (6, 6, 6)
    assert rules.bag == (10, 10, 10, 10, 9)


def test_reconstructed_tables_are_marked() -> None:
    data = standard_dict()
    for table in ("deck", "sewer", "gore_track", "customers", "tools", "rulings", "solo"):
        assert data[table]["reconstructed"] is True, table
        assert len(data[table]["note"]) > 20, table
    assert "reconstructed" not in data["bag"] and "reconstructed" not in data["play"]  # printed in the rulebook
    for table in Rules.standard().to_dict().values():
        assert isinstance(table, dict)


def test_every_customer_and_tool_effect() -> None:
    rules = Rules.standard()
    assert {c.part for c in rules.customers} == {0, 1, 2, 3}
    assert {c.age for c in rules.customers} == {1, 2, 3}
    assert all(c.money == c.count + 2 * (c.age - 1) for c in rules.customers)
    assert sorted(t.effect.key for t in rules.tools) == sorted(
        ("rat_trap", "drain_auger", "fire_hose", "meat_hook", "embalming_fluid", "crowbar")
    )


def write(tmp_path: Path, data: dict[str, Any]) -> Path:
    lines: list[str] = []

    def value(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, str):
            return json.dumps(v)
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        if isinstance(v, dict):
            return "{ " + ", ".join(f"{k} = {value(x)}" for k, x in v.items()) + " }"
        return str(v)

    for name, table in data.items():
        lines.append(f"[{name}]")
        for key, v in table.items():
            if isinstance(v, list) and v and isinstance(v[0], dict) and name in ("customers", "tools"):
                continue
            lines.append(f"{key} = {value(v)}")
        for row in table.get("cards", []) if name in ("customers", "tools") else []:
            lines.append(f"[[{name}.cards]]")
            lines.extend(f"{k} = {value(v)}" for k, v in row.items())
    path = tmp_path / "variant.toml"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_a_variant_file_loads(tmp_path: Path) -> None:
    data = standard_dict()
    data["sewer"]["clog_spaces"] = 9
    data["rulings"]["age_match"] = "exact"
    rules = Rules.from_toml(write(tmp_path, data))
    assert rules.clog_spaces == 9 and rules.age_match == "exact"
    assert new_game(2, seed=1, rules=rules).rules is rules


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d["sewer"].update(clog_spaces=0), "variant.toml: sewer.clog_spaces must be between"),
        (lambda d: d["sewer"].update(day_spaces=[5, 5]), "sewer.day_spaces must be 3 integers from 1"),
        (lambda d: d["sewer"]["rat_spaces"][1].update(space=1), "sewer.rat_spaces[1] repeats Day 3 space 1"),
        (lambda d: d["sewer"]["rat_spaces"][0].update(card="The Clog"), "sewer.rat_spaces[0].card must be one of"),
        (lambda d: d["customers"]["cards"][2].update(part="toes"), "customers.cards[2].part must be one of"),
        (lambda d: d["customers"]["cards"][0].update(count=11), "customers.cards[0].count asks for 11 brains"),
        (lambda d: d["customers"]["cards"][0].update(age=4), "customers.cards[0].age must be between 1 and 3"),
        (lambda d: d["customers"]["cards"][0].pop("money"), "customers.cards[0].money is missing"),
        (lambda d: d["tools"]["cards"][0].update(effect="chainsaw"), "tools.cards[0].effect must be one of"),
        (lambda d: d["tools"]["cards"][0].update(copies=3), "deck.cards is 27 but"),
        (lambda d: d["gore_track"].update(length=40), "gore_track.length is 40, shorter than the $52"),
        (lambda d: d["rulings"].update(shift="sideways"), "rulings.shift must be one of"),
        (lambda d: d["rulings"].update(clog_takeable="yes"), "rulings.clog_takeable must be bool"),
        (lambda d: d["bag"].pop("rats"), "bag.rats is missing"),
        (
            lambda d: d["sewer"].update(clog_space=7),
            "sewer.clog_space is not a known key (did you mean 'clog_spaces'?)",
        ),
        (lambda d: d.update(rulling={}), "rulling is not a known key (did you mean 'rulings'?)"),
        (lambda d: d["customers"]["cards"][0].update(mony=3), "customers.cards[0].mony is not a known key"),
        (lambda d: d["sewer"]["rat_spaces"][0].update(row=1), "sewer.rat_spaces[0].row is not a known key"),
        (lambda d: d["sewer"].update(clog_spaces=10**12), "sewer.clog_spaces must be between 1 and 1000"),
        (lambda d: d["sewer"].update(day_spaces=[5, 10**15, 5]), "sewer.day_spaces must be 3 integers from 1"),
        (lambda d: d["bag"].update(bones=10**18), "bag.bones must be between 0 and 1000"),
        (lambda d: d["bag"].update(bones=True), "bag.bones must be int, not bool"),
        (lambda d: d["bag"].update(bones=2.5), "bag.bones must be int, not float"),
        (lambda d: d["rulings"].update(max_turns=10**9), "rulings.max_turns must be between 1 and 100000"),
        (lambda d: d["solo"].update(customers=0), "solo.customers must be between 1 and 20"),
        (lambda d: d["customers"].update(cards=[]), "customers.cards needs at least 2 customers"),
        (lambda d: d["deck"].update(note=3), "deck.note must be str"),
    ],
)
def test_bad_data_names_file_and_key(tmp_path: Path, change: Any, words: str) -> None:
    data = copy.deepcopy(standard_dict())
    change(data)
    with pytest.raises(RulesDataError) as info:
        Rules.from_toml(write(tmp_path, data))
    assert words in str(info.value)
    with pytest.raises(RulesDataError):
        Rules.from_dict(data)


def test_rules_from_dict_refuses_what_is_not_a_table() -> None:
    for bad in (None, [], "standard", 3):
        with pytest.raises(RulesDataError):
            Rules.from_dict(bad)  # type: ignore[arg-type]


def test_missing_file_and_bad_toml(tmp_path: Path) -> None:
    with pytest.raises(RulesDataError, match=r"nowhere\.toml"):
        Rules.from_toml(tmp_path / "nowhere.toml")
    broken = tmp_path / "broken.toml"
    broken.write_text("[sewer\n")
    with pytest.raises(RulesDataError, match=r"broken\.toml: not valid TOML"):
        Rules.from_toml(broken)
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe[sewer]")
    with pytest.raises(RulesDataError, match=r"binary\.toml"):
        Rules.from_toml(binary)
    with pytest.raises(RulesDataError, match=r"cannot be read"):
        Rules.from_toml(tmp_path.parent)  # a directory, not a file


def test_rules_summary_matches_the_data() -> None:
    """docs/rules/offal_game.md states numbers from the data: keep them true when the data changes."""
    doc = (Path(__file__).parents[2] / "docs" / "rules" / "offal_game.md").read_text()
    rules = Rules.standard()
    assert f"holds {sum(rules.bag)} cubes" in doc and f"and {rules.bag[4]} rats" in doc
    assert f"({rules.day_spaces[0]} in the standard data)" in doc and len(rules.rat_spaces) == 3 * 3
    assert "(3 in the solo game)" in doc and rules.solo_customers == 3
    assert f"at least {rules.solo_target} dollars" in doc
    assert (
        f"{len(rules.customers)} cards" in doc
        and f"{len(rules.tool_cards)} cards, {rules.tools_each} in each hand" in doc
    )
