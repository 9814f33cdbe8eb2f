"""A designer's track edits (``Rules.track_edits``, ``tuning.py``): issue 14's lesson asks for "what a designer
would change in a corporation's track to move it toward parity, tried as a ``Rules`` variant and measured".

One test per rule of the option: the edit changes the seat's board (and only its corporation's), the engine plays
the edited space, bad edits are refused by name with nothing made, saved games keep the edits, and tournaments and
sweeps play the variant."""

from __future__ import annotations

import json
from typing import Any

import pytest

import playbook
from playbook.core.errors import RulesDataError
from playbook.games.planet_unknown import Gain, Phase, Rules, State, new_game
from playbook.games.planet_unknown import agents as pu_agents
from playbook.games.planet_unknown.board import track_tables
from playbook.games.planet_unknown.components import Space, Track
from playbook.games.planet_unknown.tracks import advance
from playbook.games.planet_unknown.tuning import space_token
from playbook.games.planet_unknown.variants import corporation_entry
from playbook.games.planet_unknown.work import Pending, Work

from .helpers import with_board

NEW_ROVER = ("republic", "rover", 6, "m2+ROV")  # the example of the brief: a second rover for Republic
EDITED = Rules(corporations=("republic", "standard"), track_edits=(NEW_ROVER,))


def _placing(rules: Rules) -> State:
    state = new_game(2, seed=5, rules=rules)
    while not (state.phase == Phase.PLACE and not state.placed and state.seat == 0):
        state = state.apply(state.legal_actions()[0])[0]
    return state


def test_an_edit_replaces_the_space_in_the_data_token_language() -> None:
    """tuning.py: "the token is the data file's language ... and replaces the whole space"."""
    printed = corporation_entry("republic")
    board = EDITED.corporation(0)
    assert space_token(printed.tracks[Track.ROVER][6]) == "m2"
    assert board.tracks[Track.ROVER][6] == Space(rover=True, movement=2)
    assert space_token(board.tracks[Track.ROVER][6]) == "m2+ROV"
    changed = [
        (t, p) for t in range(5) for p in range(16) if board.tracks[t][p] != printed.tracks[t][p]
    ]  # nothing else moved
    assert changed == [(Track.ROVER, 6)]
    assert board._replace(tracks=printed.tracks, rovers=printed.rovers) == printed


def test_the_rover_supply_is_recounted_from_the_edited_rover_track() -> None:
    """tuning.py: "its rover supply is recounted from the rover track, as the data reader counts it"."""
    assert corporation_entry("republic").rovers == 1
    assert EDITED.corporation(0).rovers == 2
    assert new_game(2, seed=1, rules=EDITED).boards[0].rover_supply == 2


def test_the_edits_are_public_in_every_seat_observation() -> None:
    """An edit changes a printed board, which every player sees: bots and views read it from the observation."""
    state = new_game(2, seed=1, rules=EDITED)
    assert state.observation(1)["track_edits"] == [list(NEW_ROVER)]
    assert new_game(2, seed=1).observation(0)["track_edits"] == []


def test_the_bots_value_the_edited_board_they_read_in_the_observation() -> None:
    """A bot scores medals by the board it sees: with a 9-point medal on Republic's civ 1, its tables show it."""
    medal = Rules(corporations=("republic", "standard"), track_edits=(("republic", "civ", 1, "M9"),))
    seen = pu_agents._Context(_placing(medal).observation(0)).tables.best_medal[Track.CIV]
    printed = pu_agents._Context(_placing(Rules(corporations=("republic", "standard"))).observation(0))
    assert seen[1] == 9 and printed.tables.best_medal[Track.CIV][1] != 9


def test_only_the_named_corporation_is_edited() -> None:
    """An edit names its corporation: Universal Coalition across the table keeps its printed board, and a variant
    naming a corporation nobody plays changes nothing."""
    assert EDITED.corporation(1) == Rules().corporation(0)
    nobody = Rules(track_edits=(("oasis", "civ", 2, "M9"),))
    assert nobody.corporation(0) == Rules().corporation(0)


@pytest.mark.parametrize("key", ["standard", "universal_coalition"])
def test_standard_or_universal_coalition_edits_universal_coalition(key: str) -> None:
    """tuning.py: ""standard" (or "universal_coalition") edits Universal Coalition"."""
    rules = Rules(track_edits=((key, "water", 15, "M20"),))
    assert track_tables(rules.corporation(0)).best_medal[Track.WATER][15] == 20
    assert track_tables(Rules().corporation(0)).best_medal[Track.WATER][15] != 20


def test_the_engine_pays_the_edited_space() -> None:
    """Applied in Rules.corporation(seat), so gains read the edited board: advancing onto rover 6 gives the new
    rover as well as its movement."""
    before = with_board(_placing(EDITED), 0, trackers=(0, 0, 0, 5, 0))
    w = Work(before)
    advance(w, 0, Track.ROVER, "test")
    assert Pending(Gain.ROVER) in w.pending
    assert w.movement >= 2
    printed = with_board(_placing(Rules(corporations=("republic", "standard"))), 0, trackers=(0, 0, 0, 5, 0))
    w = Work(printed)
    advance(w, 0, Track.ROVER, "test")
    assert Pending(Gain.ROVER) not in w.pending


def test_a_medal_edit_changes_the_score() -> None:
    """Medals are read from the edited board at the end (nearest medal at or below the tracker)."""
    rules = Rules(corporations=("republic",), track_edits=(("republic", "water", 4, "M9"),))
    state = with_board(_placing(rules), 0, trackers=(0, 4, 0, 0, 0))
    printed = with_board(_placing(Rules(corporations=("republic",))), 0, trackers=(0, 4, 0, 0, 0))
    assert state.boards[0] == printed.boards[0]
    assert state.scores()[0] - printed.scores()[0] == 9 - track_tables(corporation_entry("republic")).best_medal[1][4]


def test_a_milestone_moves_with_two_edits() -> None:
    """tuning.py: "A milestone moves with two edits (remove it here, add it there): the counts are checked after
    all of them"."""
    civ = corporation_entry("republic").tracks[Track.CIV]
    first, free = next(p for p, s in enumerate(civ) if s.civ), next(p for p, s in enumerate(civ) if p and not s.civ)
    rules = Rules(track_edits=(("republic", "civ", first, ""), ("republic", "civ", free, "CIV")))
    assert rules.track_edits[1] == ("republic", "civ", free, "CIV")


BAD: list[tuple[Any, str]] = [
    ([("nobody", "rover", 6, "m2")], r"track_edits\[0\] \['nobody', 'rover', 6, 'm2'\] names no corporation"),
    ([("republic", "energy", 6, "m2")], r"track_edits\[0\] .* names no track"),
    ([("republic", "rover", 16, "m2")], r"track_edits\[0\] .* position must be 0-15 on the rover track"),
    ([("republic", "rover", True, "m2")], r"position must be"),
    ([("republic", "rover", 6, "m2+XP")], r"track_edits\[0\] .* unknown token 'XP'"),
    ([("republic", "rover", 6, 2)], r"token must be a string"),
    ([("republic", "water", 6, "CIV")], r"puts civ on the water track"),
    ([("republic", "water", 6, "ROV")], r"puts rover on the water track"),
    ([("republic", "civ", 2, "")], r"leave 'republic' with 6 civ milestones instead of 7"),
    ([("standard", "tech", 1, "TECH")], r"leave 'standard' with 6 tech milestones instead of 5"),
    ([NEW_ROVER, ("republic", "rover", 6, "m3")], r"track_edits\[1\] .* same space as track_edits\[0\]"),
    ([NEW_ROVER, ("republic", "rover", 6.0, "m3")], r"track_edits\[1\] .* position must be"),
    ([("republic", "rover", 6)], r"must be \[corporation, track, position, token\]"),
    ("republic", r"track_edits must be a list"),
]


@pytest.mark.parametrize(("edits", "message"), BAD, ids=[str(i) for i in range(len(BAD))])
def test_bad_edits_are_refused_by_name(edits: Any, message: str) -> None:
    """Issue 14's brief: "validated at the door (RulesDataError naming the bad entry; nothing else changes on
    refusal)"."""
    with pytest.raises(RulesDataError, match=message):
        Rules(corporations=("republic",), track_edits=edits)
    with pytest.raises(RulesDataError, match=message):
        Rules.from_dict(Rules(corporations=("republic",)).to_dict() | {"track_edits": edits})
    assert Rules.standard().track_edits == () and Rules(corporations=("republic",)).corporation(0).rovers == 1


def test_rules_and_a_saved_game_keep_the_edits() -> None:
    """Rules.to_dict saves the edits (lists in JSON) and a saved game plays on with the edited board."""
    data = json.loads(json.dumps(EDITED.to_dict()))
    assert data["track_edits"] == [list(NEW_ROVER)]
    assert Rules.from_dict(data) == EDITED
    state = new_game(2, seed=3, rules=EDITED)
    for _ in range(25):
        state = state.apply(state.legal_actions()[-1])[0]
    back = State.from_dict(json.loads(json.dumps(state.to_dict())))
    assert back == state and back.rules.corporation(0).rovers == 2


def test_rules_saved_without_edits_load_with_none() -> None:
    """Rules saved before track edits existed have no ``track_edits`` key: they load with no edit."""
    data = Rules(corporations=("republic",)).to_dict()
    del data["track_edits"]
    assert Rules.from_dict(data).track_edits == ()


def test_tournaments_and_sweeps_play_the_variant() -> None:
    """The lesson measures an edit with playbook.sweep / tournament like any other Rules variant."""
    bots = [pu_agents.TrackRacer()]
    printed = Rules(corporations=("republic", "standard"))
    frame = playbook.sweep("planet_unknown", bots, {"printed": printed, "edited": EDITED}, games=2, seed=4, players=2)
    assert sorted(frame["variant"].unique()) == ["edited", "printed"] and len(frame) == 8
    games = playbook.tournament("planet_unknown", bots, games=2, seed=4, players=2, rules=EDITED)
    assert list(games["score"]) == list(frame.loc[frame["variant"] == "edited", "score"])


@pytest.mark.parametrize(
    ("table", "key", "value", "message"),
    [
        ("corporation", "techs", ["no_such_power"] * 5, "'no_such_power' is not an implemented tech"),
        ("planet", "edge", "outer_frame", "'outer_frame' is not implemented"),
    ],
)
def test_a_custom_standard_table_names_what_the_standard_engine_does_not_implement(
    table: str, key: str, value: object, message: str
) -> None:
    """tuning.check_implemented: "the standard engine refuses those whose rules it does not implement yet, by
    name, rather than playing them as the standard pair" (a copy of standard.toml whose board is another's)."""
    from playbook.core import load_toml
    from playbook.games.planet_unknown.components import DATA, components_from_files

    base, deck = load_toml(DATA / "standard.toml"), load_toml(DATA / "cards.toml")
    base[table] = {**base[table], key: value}
    with pytest.raises(RulesDataError, match=f"standard.toml: {table}.{key} {message}"):
        components_from_files(base, deck, ("standard.toml", "cards.toml"))


def test_an_edit_on_oasiss_water_path_pays_at_that_step() -> None:
    """tuning.py: "Oasis's water path keeps its steps, and an edit to a space the path crosses changes what that
    step pays" (step 4 of the path stands on tech space 4, printed empty)."""
    oasis = corporation_entry("oasis")
    assert oasis.water_path[4] == (Track.TECH, 4) and space_token(oasis.tracks[Track.TECH][4]) == ""
    rules = Rules(corporations=("oasis", "standard"), track_edits=(("oasis", "tech", 4, "SYN"),))
    for edited_rules, pays in ((rules, True), (Rules(corporations=("oasis", "standard")), False)):
        w = Work(with_board(_placing(edited_rules), 0, trackers=(0, 3, 0, 0, 0)))
        advance(w, 0, Track.WATER, "test")
        assert w.boards[0].trackers[Track.WATER] == 4
        assert (Pending(Gain.SYNERGY) in w.pending) == pays
