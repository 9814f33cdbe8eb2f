"""A toy corporation whose own rules change base rules, through the plug-in API alone (issue 23, point 2;
``docs/engine_template.md``, "Adding a corporation"): ``rules_of(corporation)`` finds its hooks by its data key,
so scoring (``medals``) and a collected lifepod (``lifepod_collected``) follow the toy's rules, and every other
corporation keeps its own."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest

from playbook.games.planet_unknown import Gain, Phase, Rules, new_game
from playbook.games.planet_unknown.board import Board, TrackTables
from playbook.games.planet_unknown.components import Corporation, Track
from playbook.games.planet_unknown.geometry import planet_masks
from playbook.games.planet_unknown.planet import collect_at
from playbook.games.planet_unknown.plugin import CorporationPlugin, register, rules_of, unregister
from playbook.games.planet_unknown.scoring import breakdown
from playbook.games.planet_unknown.variants import _corporations_file, corporation_entry
from playbook.games.planet_unknown.work import Pending, Work, gain


def _doubled_water_medal(board: Board, corporation: Corporation, tables: TrackTables) -> dict[str, int]:
    """The toy's medals: the water medal counts twice (the other four as usual)."""
    return {"water": 2 * tables.best_medal[Track.WATER][board.trackers[Track.WATER]]}


def _synergy_per_lifepod(w: Work, seat: int) -> None:
    """The toy's lifepods: each one collected also gives a synergy (it stays in the scoring area)."""
    gain(w, seat, Gain.SYNERGY)


def _entry() -> dict[str, Any]:
    """Republic's tracks and techs under another name, with Universal Coalition's civ milestones."""
    entry: dict[str, Any] = copy.deepcopy(_corporations_file()["corporations"]["republic"])
    entry["on_civ_milestone"] = "none"
    entry["corporation"]["name"] = "Toy Rules Inc."
    return entry


TOY = CorporationPlugin(
    "toy_rules", medals=_doubled_water_medal, lifepod_collected=_synergy_per_lifepod, entry=_entry()
)


@pytest.fixture
def rules() -> Iterator[Rules]:
    """The toy registered for one test (seat 0; seat 1 plays Universal Coalition), then removed."""
    corporation_entry.cache_clear()
    register(TOY)
    try:
        yield Rules(corporations=("toy_rules", "standard"))
    finally:
        unregister(TOY.name)
        corporation_entry.cache_clear()


def test_rules_of_finds_the_toy_by_its_key_and_the_others_keep_theirs(rules: Rules) -> None:
    toy_seat, standard_seat = rules.corporation(0), rules.corporation(1)
    assert rules_of(toy_seat) is TOY
    assert rules_of(standard_seat).medals is None and rules_of(standard_seat).lifepod_collected is None


def test_the_toy_scores_its_water_medal_twice(rules: Rules) -> None:
    board = new_game(2, seed=5, rules=rules).boards[0]
    t = board.trackers
    board = board._replace(trackers=(t[0], 15, t[2], t[3], t[4]))  # water at its top
    masks, c = planet_masks(rules.planet(0)), rules.c
    mine, standard = breakdown(board, c, masks, 0, rules.corporation(0)), breakdown(board, c, masks, 0, c.corporation)
    assert standard["water"] > 0
    assert mine["water"] == 2 * standard["water"]
    assert {k: v for k, v in mine.items() if k != "water"} == {k: v for k, v in standard.items() if k != "water"}


def test_a_lifepod_the_toy_collects_gives_a_synergy_and_stays_in_the_scoring_area(rules: Rules) -> None:
    state = new_game(2, seed=5, rules=rules)
    while not (state.phase == Phase.PLACE and not state.placed):
        state = state.apply(state.legal_actions()[0])[0]
    for seat in (0, 1):
        w = Work(state)
        w.seat, w.pending = seat, []
        square = (w.boards[seat].lifepods & -w.boards[seat].lifepods).bit_length() - 1
        collect_at(w, seat, square, by_rover=False)
        assert w.boards[seat].lifepods_collected == 1
        assert w.pending == ([Pending(Gain.SYNERGY)] if seat == 0 else [])
