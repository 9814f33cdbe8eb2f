"""Rules variants from TOML and dicts; bad data names the file and the key."""

from __future__ import annotations

from pathlib import Path

import pytest

from playbook.core import Match, RulesDataError
from playbook.games import load
from playbook.games.parts_unknown import RollForViktor, Rules, new_game


def test_variant_from_toml(tmp_path: Path) -> None:
    path = tmp_path / "variant.toml"
    path.write_text('calendar_length = 6\nstarting_town = 2\n[rulings]\nparts_unknown_corner = "both"\n')
    rules = Rules.from_toml(path)
    assert (rules.calendar_length, rules.starting_town, rules.parts_unknown_corner) == (6, 2, "both")
    assert rules.cards == Rules.standard().cards
    assert new_game(2, seed=0, rules=rules).town == 2


def test_bad_data_names_file_and_key(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('excess_conversion = "sometimes"\n')
    with pytest.raises(RulesDataError, match=r"bad\.toml: excess_conversion"):
        Rules.from_toml(path)
    bad_cards = Rules.standard().to_dict()
    bad_cards["cards"] = [dict(bad_cards["cards"][0], prices=[5, 10, 15, 20]), *bad_cards["cards"][1:]]
    with pytest.raises(RulesDataError, match=r"cards\[0\]\.prices"):
        Rules.from_dict(bad_cards)


def test_registry_and_match_round_trip() -> None:
    module = load("parts_unknown")
    match = Match(module, players=3, seed=5)
    match.advance()
    while match.state.current_player is not None and match.state.phase < 4:
        match.play(match.legal_actions()[0])
        match.advance()
    match.play(RollForViktor())
    match.advance()
    again = Match.from_json(match.to_json())
    assert again.state == match.state
