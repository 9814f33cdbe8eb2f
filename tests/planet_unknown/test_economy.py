"""economy.py: placement yields (ice and energy rules), schedules, medal curves, positions and points."""

from __future__ import annotations

import random

import pytest

from playbook.core import Match, RandomAgent
from playbook.games.planet_unknown import Rules, Track, economy
from playbook.games.planet_unknown.board import new_board
from playbook.games.planet_unknown.geometry import from_row_masks, planet_masks

from .helpers import BIOMASS_CIV, CIV_ENERGY, ENERGY_WATER, TECH_BIOMASS, C, at_placement, board, put

MASKS = planet_masks(C.planet)


def p(shape: str, orientation: int, row: int, col: int):
    return economy.placement_of(Rules.standard(), C.stack_shapes.index(shape), orientation, row, col)


def test_placement_yield_water_on_ice_and_energy_through_older_tiles():
    empty = new_board(MASKS, C.corporation)
    y = economy.placement_yield(empty, ENERGY_WATER, p("i2", 0, 4, 5))
    assert y.advances[Track.WATER] == 1 and y.energy_options == (Track.WATER,) and not y.water_lost
    y = economy.placement_yield(empty, ENERGY_WATER, p("i2", 0, 7, 6))
    assert y.advances[Track.WATER] == 0 and y.water_lost
    state = put(at_placement(1, seed=3), "I4", CIV_ENERGY, 0, 6, 6)
    state = put(state, "i2", TECH_BIOMASS, 0, 4, 9)
    y = economy.placement_yield(board(state), ENERGY_WATER, p("i2", 1, 7, 7))
    assert set(y.energy_options) == {Track.CIV, Track.BIOMASS, Track.WATER}


def test_placement_yield_meteorite_and_lifepods():
    empty = new_board(MASKS, C.corporation)
    y = economy.placement_yield(empty, BIOMASS_CIV + 1, p("i2", 0, 4, 1))
    assert y.meteorite == 5 * 12 + 1 and y.lifepods_destroyed == 1


def test_placements_with_yield_lists_legal_placements():
    rows = economy.placements_with_yield(new_board(MASKS, C.corporation), ENERGY_WATER, "i2")
    assert rows and all({"orientation", "row", "col", "water", "energy_options"} <= set(r) for r in rows)


def test_schedule_and_medal_curve():
    schedule = economy.track_schedule()
    assert len(schedule) == 5 * 16
    assert sum(r["civ"] for r in schedule if r["track"] == "civ") == 4
    assert economy.medal_curve(Track.WATER)[-1] == 10
    assert economy.medal_curve(Track.BIOMASS)[:6] == (0, 0, 0, 0, 0, 1)


def test_track_positions_and_points_breakdown():
    match = Match("planet_unknown", players=2, seed=5, agents={0: RandomAgent(), 1: RandomAgent()})
    match.advance()
    rows = economy.track_positions(match)
    assert rows and {"round", "seat", "civ", "water", "biomass", "rover", "tech"} <= set(rows[0])
    assert max(r["round"] for r in rows) == match.state.round
    parts = economy.points_breakdown(match.state)
    assert [sum(x.values()) for x in parts] == list(match.state.scores())


@pytest.mark.parametrize("seat", [0, 1])
def test_board_from_view_round_trips(seat):
    state = put(at_placement(2, seed=3), "I4", CIV_ENERGY, 0, 6, 6, seat=seat)
    rebuilt = economy.board_from_view(state.observation(seat)["boards"][seat])
    original = board(state, seat)
    assert rebuilt.covered == original.covered and rebuilt.terrain == original.terrain
    assert rebuilt.trackers == original.trackers and rebuilt.lifepods == original.lifepods


def test_a_view_layer_is_read_as_from_row_masks_reads_it() -> None:
    """``board_from_view`` reads each layer in one pass (the bots rebuild a board every decision): the same int as
    ``geometry.from_row_masks``, rows cut to 12 bits, a longer list of rows too."""
    rng = random.Random(5)
    for length in (0, 1, 12, 13, 20):
        for _ in range(50):
            rows = [rng.randrange(1 << 14) for _ in range(length)]
            assert economy.view_layer(rows) == from_row_masks(rows)


def test_board_from_view_equals_the_board_field_by_field() -> None:
    """Every field a view carries comes back as the board has it (the bots read only these)."""
    state = put(put(at_placement(2, seed=3), "I4", CIV_ENERGY, 0, 6, 6), "i2", TECH_BIOMASS, 0, 4, 9)
    rebuilt, original = economy.board_from_view(state.observation(0)["boards"][0]), board(state, 0)
    kept = "covered terrain symbols meteor_marks meteorites lifepods patches rovers rover_supply trackers civ_cards"
    kept += " tiles_placed last_tile columns track_lifepods"
    assert all(getattr(rebuilt, name) == getattr(original, name) for name in kept.split())
    assert economy.tracker_columns(state.observation(0)["boards"][0]) == original.columns
