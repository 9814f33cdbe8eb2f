"""Rules variants from TOML and dicts; bad data names the file and the key."""

from __future__ import annotations

from pathlib import Path

import pytest

from playbook.core import Match, RulesDataError
from playbook.games import load
from playbook.games.parts_unknown import Phase, RollForViktor, Rules, new_game


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
    while match.state.current_player is not None and match.state.phase < Phase.BUY:
        match.play(match.legal_actions()[0])
        match.advance()
    match.play(RollForViktor())
    match.advance()
    again = Match.from_json(match.to_json())
    assert again.state == match.state


def test_unknown_keys_refused_with_a_suggestion(tmp_path: Path) -> None:
    path = tmp_path / "typo.toml"
    path.write_text("calender_length = 6\n")
    with pytest.raises(RulesDataError, match=r"typo\.toml: calender_length .*did you mean 'calendar_length'"):
        Rules.from_toml(path)
    path.write_text('[rulings]\nexcess_convertion = "clear"\n')
    with pytest.raises(RulesDataError, match="did you mean 'excess_conversion'"):
        Rules.from_toml(path)
    with pytest.raises(RulesDataError, match="did you mean 'starting_money'"):
        Rules.from_dict({"starting_mony": 5})
    data = Rules.standard().to_dict()
    data["cards"] = [dict(data["cards"][0], colour="red"), *data["cards"][1:]]
    with pytest.raises(RulesDataError, match=r"cards\[0\]\.colour"):
        Rules.from_dict(data)


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("calendar_length = 100000000000\n", "calendar_length"),
        ("starting_money = -5\n", "starting_money"),
        ("hand_size = 1.5\n", "hand_size"),
        ("shuffle_houses = 1\n", "shuffle_houses"),
        ("draw_prices = [0, 4, 99999999999]\n", "draw_prices"),
        ("die_sides = true\n", "die_sides"),
    ],
)
def test_numbers_typed_and_bounded(tmp_path: Path, text: str, key: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(RulesDataError, match=rf"bad\.toml: {key}"):
        Rules.from_toml(path)


def test_io_and_decoding_failures_name_the_file(tmp_path: Path) -> None:
    with pytest.raises(RulesDataError, match=r"missing\.toml"):
        Rules.from_toml(tmp_path / "missing.toml")
    path = tmp_path / "broken.toml"
    path.write_text("calendar_length = = 3\n")
    with pytest.raises(RulesDataError, match=r"broken\.toml"):
        Rules.from_toml(path)
    path.write_bytes(b"calendar_length = 3 # \xff\xfe\n")
    with pytest.raises(RulesDataError, match=r"broken\.toml"):
        Rules.from_toml(path)
    with pytest.raises(RulesDataError):
        Rules.from_dict([1, 2])  # type: ignore[arg-type]


def test_every_price_the_rulebook_prints() -> None:
    """Cheese 28/24/20/10; "Feet for $11 ... elsewhere for $14"; Hands "$18"; "Giblets for sale at $3"."""
    rules = Rules.standard()
    prices = {c.name: c.prices for c in rules.cards}
    assert prices["Cheese"] == (28, 24, 20, 10)
    assert 11 in prices["Feet"] and 14 in prices["Feet"]
    assert 18 in prices["Hands"]
    assert 3 in prices["Giblets"]
    assert rules.draw_prices == (0, 4, 12, 24, 40, 60, 85)
    assert (rules.shelf_cost, rules.shelf_value, rules.starting_money, rules.starting_town) == (40, 15, 40, 4)


def test_one_buyout_auction_and_roll_again() -> None:
    """The rulebook names each of these spaces in the singular."""
    kinds = [kind.word for house in Rules.standard().houses for kind, _ in house.spaces]
    assert kinds.count("buyout") == kinds.count("auction") == kinds.count("roll_again") == 1


def test_carry_is_the_default() -> None:
    """ "remember the extras, because the rest are about to be converted" """
    assert Rules.standard().excess_conversion == "carry"


@pytest.mark.parametrize("kind", [[], {}, None, 3, "teleport"])
def test_a_bad_space_kind_is_refused(kind: object) -> None:
    data = Rules.standard().to_dict()
    data["houses"][1]["spaces"][0][0] = kind
    with pytest.raises(RulesDataError, match=r"houses\[1\]\.spaces\[0\]"):
        Rules.from_dict(data)
