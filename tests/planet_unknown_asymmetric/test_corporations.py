"""The corporation hooks in the engine: per-seat corporations, the track tables' civ rank map and nearest-medal
scoring (each quoting reference section 1), and the refusal, by name and with what is missing, of every
corporation whose rules the engine does not implement yet (none of the 8 plays as Universal Coalition)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from playbook.core import RulesDataError
from playbook.games.planet_unknown import Rules, new_game, variants
from playbook.games.planet_unknown.board import track_tables
from playbook.games.planet_unknown.components import Track
from playbook.games.planet_unknown.variants import corporation_keys, corporation_table, missing_rules
from playbook.games.planet_unknown.work import Work

UC = Rules.standard().c.corporation


@pytest.fixture
def cosmos_unfinished(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Cosmos as it was before its tech powers were coded: its tech names dropped from the implemented list."""
    cosmos_techs = set(corporation_table("cosmos").techs)
    unfinished = tuple(t for t in variants.CORPORATION_TECH_EFFECTS if t not in cosmos_techs)
    variants.corporation_entry.cache_clear()
    monkeypatch.setattr(variants, "CORPORATION_TECH_EFFECTS", unfinished)
    yield "cosmos"
    monkeypatch.undo()
    variants.corporation_entry.cache_clear()


def test_an_unimplemented_corporation_is_refused_with_what_it_needs(cosmos_unfinished: str) -> None:
    """Brief: "Whatever corporation or planet is not finished stays refused by name with a clear message" (never
    played as Universal Coalition). All eight play now, so the test unfinishes one."""
    key = cosmos_unfinished
    missing = missing_rules(key)
    assert missing and all(item.startswith("tech ") for item in missing)
    with pytest.raises(RulesDataError, match=rf"corporation '{key}' is not implemented yet .*missing: tech "):
        Rules(corporations=(key,))
    with pytest.raises(RulesDataError, match=f"corporation '{key}'"):
        new_game(2, seed=1, rules=Rules(corporations=("standard", key)))
    assert Rules(corporations=("universal_coalition",)).corporation(0).name == "Universal Coalition"


def test_the_corporations_file_holds_the_eight_of_the_issue() -> None:
    playing = {"republic", "horizon", "oasis", "wormhole", "flux", "makeshift", "cosmos", "jump_drive"}
    assert corporation_keys() == tuple(sorted(playing))
    assert [key for key in corporation_keys() if missing_rules(key)] == []
    assert missing_rules("oasis") == []
    assert missing_rules("horizon") == []
    assert missing_rules("republic") == []
    assert Rules(corporations=("republic",)).corporation(0).name == "Republic"
    with pytest.raises(RulesDataError, match="corporation 'acme' is unknown"):
        Rules(corporations=("acme",))


def test_universal_coalition_is_chosen_per_seat_by_either_name() -> None:
    """Issue 14: "chosen per seat at set-up ... the standard pair stays the default"."""
    state = new_game(2, seed=1, rules=Rules(corporations=("standard", "universal_coalition")))
    assert [c.name for c in Work(state).corporations] == ["Universal Coalition"] * 2
    assert state.observation(0)["corporations"] == ["standard", "universal_coalition"]


def test_nearest_medal_at_or_below_the_tracker_is_scored() -> None:
    """Ref 1.4 (Jump Drive): "Because the nearest medal at or below the tracker is scored, the tech tracker scores
    0 | 5 | 3 | 2 | 1" at positions 0, 1-5, 6-7, 8-10, 11-15."""
    medals = track_tables(corporation_table("jump_drive")).best_medal[Track.TECH]
    assert medals == (0, 5, 5, 5, 5, 5, 3, 3, 2, 2, 2, 1, 1, 1, 1, 1)


def test_on_rising_medals_nearest_is_the_highest() -> None:
    """Universal Coalition's medals only rise, so the nearest medal is also the best one (ref 3.7)."""
    tables = track_tables(UC)
    for track, row in zip(UC.tracks, tables.best_medal, strict=True):
        best = 0
        for space, scored in zip(track, row, strict=True):
            best = max(best, space.medal)
            assert scored == best


def test_civ_rank_comes_from_the_corporations_rank_map() -> None:
    """Ref 1.7 (Republic): "The civ track has 7 milestones ... The ranks come from the mapping [0,1,2,2,3,3,4,4] by
    milestone count"."""
    republic = corporation_table("republic")
    ranks = track_tables(republic).civ_rank
    milestones = [i for i, space in enumerate(republic.tracks[Track.CIV]) if space.civ]
    assert milestones == [2, 4, 6, 8, 10, 12, 14]
    assert [ranks[i] for i in milestones] == [1, 2, 2, 3, 3, 4, 4]
    uc_milestones = [i for i, space in enumerate(UC.tracks[Track.CIV]) if space.civ]
    assert [track_tables(UC).civ_rank[i] for i in uc_milestones] == [1, 2, 3, 4]


def test_a_benefit_twice_on_one_space_is_refused_not_halved() -> None:
    """corporations.toml header: "A token repeated with "+" (Flux's upgraded "SYN+SYN") is that benefit twice";
    the engine cannot pay a benefit twice yet, so the reader refuses it rather than read it once."""
    from playbook.core import DataReader
    from playbook.games.planet_unknown.components import _space

    with pytest.raises(RulesDataError, match="repeats 'SYN'"):
        _space(DataReader("corporations.toml", {}), "upgraded.civ[8]", "SYN+SYN")
    assert _space(DataReader("x", {}), "k", "m2+SYN").synergy


def test_a_game_saved_before_issue_14_still_loads() -> None:
    """Saved states from before the asymmetric modules have no ``planets``/``corporations`` in their rules and no
    ``powers_used`` on their boards: they load as the standard pair with no power used."""
    import json

    from playbook.games.planet_unknown import State

    state = new_game(2, seed=4)
    data = json.loads(json.dumps(state.to_dict()))
    for key in ("planets", "corporations"):
        del data["rules"][key]
    for board in data["boards"]:
        del board["powers_used"]
    assert State.from_dict(data) == state
