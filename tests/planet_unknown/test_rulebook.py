"""Planet Unknown's rulebook functions: their worked examples (doctests) hold, and the engine plays by them.

Each rule that is arithmetic or a lookup lives once, in ``rulebook.py``; these tests check the engine's answers
against the rulebook's on real corporations, boards and states (so a copy drifting back into a module fails).
"""

from __future__ import annotations

import doctest

import pytest

from playbook.games.planet_unknown import Rules, new_game, rulebook
from playbook.games.planet_unknown.board import track_tables
from playbook.games.planet_unknown.components import EndReason, Track
from playbook.games.planet_unknown.flow import end_round
from playbook.games.planet_unknown.geometry import planet_masks
from playbook.games.planet_unknown.planet import anchored, patch_squares
from playbook.games.planet_unknown.scoring import breakdown, tie_key, winners_of
from playbook.games.planet_unknown.tracks import regress
from playbook.games.planet_unknown.variants import corporation_keys
from playbook.games.planet_unknown.work import Work

from .helpers import BIOMASS_CIV, C, at_placement, bit, board, put, random_play, run, with_board

MASKS = planet_masks(C.planet)


def test_the_rulebook_doctests_hold() -> None:
    result = doctest.testmod(rulebook)
    assert result.failed == 0 and result.attempted >= 20


@pytest.mark.parametrize("key", ["standard", *corporation_keys()])
def test_track_tables_are_the_rulebooks_medals_and_milestones(key: str) -> None:
    """ "You claim the highest medal (point) value you reached"; a tech or civ milestone counts once reached."""
    corporation = Rules(corporations=(key,)).corporation(0)
    tables = track_tables(corporation)
    for track in (Track.CIV, Track.BIOMASS, Track.ROVER, Track.TECH):
        medals = [space.medal for space in corporation.tracks[track]]
        assert tables.best_medal[track] == rulebook.medals_reached(medals)
    if not corporation.water_path:  # Oasis's water walks its path (its medals are those of the path's spaces)
        assert tables.best_medal[Track.WATER] == rulebook.medals_reached(
            [space.medal for space in corporation.tracks[Track.WATER]]
        )
    assert tables.tech_level == rulebook.milestones_reached([space.tech for space in corporation.tracks[Track.TECH]])


def test_universal_coalition_scores_the_reference_medals() -> None:
    """Reference 1.4: water M1 on 2, M2 on 4 ... M10 on the top; 4 civ milestones (3, 6, 10, 14)."""
    tables = track_tables(C.corporation)
    assert [tables.best_medal[Track.WATER][p] for p in (1, 2, 5, 12, 13, 15)] == [0, 1, 2, 5, 7, 10]
    assert [tables.civ_rank[p] for p in (2, 3, 6, 10, 14)] == [0, 1, 2, 3, 4]


def test_a_regression_is_the_rulebooks_regress() -> None:
    """ "Regress: Move a resource tracker 1 position down ... DO NOT claim any benefit" and not below 0."""
    solo = at_placement(1, seed=3)
    for start, times in ((4, 1), (4, 3), (2, 9)):
        after, _ = run(with_board(solo, trackers=(0, 0, start, 0, 0)), regress, 0, Track.BIOMASS, times, "test")
        assert board(after).trackers[Track.BIOMASS] == rulebook.regress_position(start, times)
        assert not after.pending


def test_breakdown_parts_are_the_rulebooks_points() -> None:
    """Rows and columns, lifepods and meteorites scored by the rulebook's functions on a real board."""
    solo = at_placement(1, seed=3)
    state = put(put(solo, "I4", BIOMASS_CIV, 0, 5, 0), "I4", BIOMASS_CIV, 0, 5, 4)
    state = put(state, "I4", BIOMASS_CIV, 0, 5, 8)  # row 5 complete: 12 squares
    played = board(state)._replace(lifepods_collected=3, meteorites_collected=7)
    parts = breakdown(played, C, MASKS)
    assert parts["rows"] == rulebook.line_points(MASKS.rows, C.planet.row_medals, played.covered, played.meteorites)
    assert parts["rows"] == C.planet.row_medals[5] == 3
    assert parts["lifepods"] == rulebook.lifepod_points(3, 1, False) == 3
    assert parts["meteorites"] == rulebook.meteorite_points(7, 3, 0) == 2
    spoiled = played._replace(meteorites=bit(5, 3))  # "The row/column cannot have a meteorite"
    assert breakdown(spoiled, C, MASKS)["rows"] == 0


def test_the_tie_break_is_the_rulebooks() -> None:
    """ "1. The player with the fewest uncovered grid squares wins. 2. ... fewest meteorites ... 3. share." """
    solo = at_placement(1, seed=3)
    less = board(put(solo, "I4", BIOMASS_CIV, 0, 5, 0))
    more = board(put(solo, "I4", BIOMASS_CIV, 0, 5, 0))._replace(meteorites=bit(5, 1))
    assert tie_key(less, MASKS) == rulebook.tie_break_key(0, (MASKS.playable & ~less.covered).bit_count(), 0)[1:]
    assert winners_of((40, 40), [less, more], MASKS) == (0,)
    assert winners_of((40, 40), [less, less], MASKS) == (0, 1)
    assert winners_of((40, 41), [less, more], MASKS) == (1,)


def test_placement_anchoring_is_the_rulebooks_frontier() -> None:
    """ "The 1st tile ... must be touching the outside edge"; "All tiles must be placed orthogonally adjacent"."""
    solo = at_placement(1, seed=3)
    empty = board(solo)
    assert anchored(empty, MASKS, bit(0, 5), False) and not anchored(empty, MASKS, bit(5, 5), False)
    assert anchored(empty, MASKS, bit(5, 5), True)  # tech 1: "ignore tile adjacency"
    placed = board(put(solo, "I4", BIOMASS_CIV, 0, 5, 0))
    assert anchored(placed, MASKS, bit(6, 1), False) and not anchored(placed, MASKS, bit(8, 6), False)
    frontier = rulebook.placement_frontier(placed.covered, False, MASKS.first, MASKS.playable, False)
    patches = patch_squares(Work(put(solo, "I4", BIOMASS_CIV, 0, 5, 0)), 0)  # "following normal placement rules"
    assert (
        patches == frontier & MASKS.playable & ~placed.covered and patches >> 6 * 12 & 1
    )  # (6, 0), under the tile's first square


def test_an_emptied_depot_ends_the_game_at_the_rounds_end() -> None:
    """ "A depot is completely emptied of tiles. The game ends at the end of the round where a depot was emptied." """
    state = new_game(2, seed=4)
    stacks = list(state.stacks)
    depot = 3
    stacks[depot] = stacks[6 + (depot + state.shift) % 6] = ()
    w = Work(state._with(stacks=tuple(stacks)))
    assert rulebook.empty_depot([len(s) for s in w.stacks], state.shift) == depot
    end_round(w)
    assert w.last_round and w.end_reason == EndReason.DEPOT_EMPTY


def test_random_games_end_by_a_rulebook_reason() -> None:
    """Every seeded random game ends, and its last state says which of the rulebook's ends it met."""
    for seed in (1, 2):
        last = random_play(2, seed)[-1]
        assert last.is_terminal and last.end_reason in (EndReason.CANNOT_PLACE, EndReason.DEPOT_EMPTY)
