"""A ninth corporation through the plug-in API alone (issue 23, point 2; ``docs/engine_template.md``, "Adding a
corporation"): a toy corporation with one hook, an anytime tech power, registered with ``plugin.register`` and
played through the ordinary ``UsePower`` action, without touching a base-rules module."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest

from playbook.core.errors import RulesDataError
from playbook.games.planet_unknown import CORPORATION_PLUGINS, Phase, Rules, State, UsePower, new_game
from playbook.games.planet_unknown.components import Track
from playbook.games.planet_unknown.plugin import (
    ANYTIME,
    OFFER,
    TECH_POWERS,
    AnytimePower,
    CorporationPlugin,
    register,
    unregister,
)
from playbook.games.planet_unknown.tracks import advance
from playbook.games.planet_unknown.variants import _corporations_file, corporation_entry
from playbook.games.planet_unknown.work import Work

from .helpers import with_board

TOY_POWER = "toy_water_beacon"
#: Republic's tech 1 milestone is on tech space 3 (the toy keeps Republic's tracks).
TECH_LEVEL_1 = 3


def _offer_beacon(w: Work, seat: int) -> bool:
    """Offered before the seat places its tile (the hook's legality)."""
    return w.phase == Phase.PLACE and not w.placed


def _use_beacon(w: Work, seat: int) -> None:
    """One water advance (the hook's effect), through the base rules' own ``tracks.advance``."""
    advance(w, seat, Track.WATER, "toy tech 1")


def _toy_entry() -> dict[str, Any]:
    """The data entry: Republic's tracks and hooks with the toy power as tech 1 (Universal Coalition's other
    rules), as a contributor would add to ``corporations.toml``."""
    entry: dict[str, Any] = copy.deepcopy(_corporations_file()["corporations"]["republic"])
    entry["on_civ_milestone"] = "none"
    entry["corporation"]["name"] = "Toy Beacon Co."
    entry["corporation"]["techs"][0] = TOY_POWER
    entry["tech"][0] = {"level": 1, "power": TOY_POWER, "anytime": "per_round", "text": "Advance water once."}
    return entry


TOY = CorporationPlugin(
    "toy",
    techs=(TOY_POWER,),
    anytime={TOY_POWER: AnytimePower("per_round", _offer_beacon, _use_beacon)},
    entry=_toy_entry(),
)


@pytest.fixture
def toy() -> Iterator[CorporationPlugin]:
    """The toy registered for one test, then removed, so no other test sees a ninth corporation."""
    corporation_entry.cache_clear()
    register(TOY)
    try:
        yield TOY
    finally:
        unregister(TOY.name)
        corporation_entry.cache_clear()


def _at_placement(rules: Rules) -> State:
    state = new_game(2, seed=5, rules=rules)
    while not (state.phase == Phase.PLACE and not state.placed and state.seat == 0):
        state = state.apply(state.legal_actions()[0])[0]
    trackers = list(state.boards[0].trackers)
    trackers[Track.TECH] = TECH_LEVEL_1
    return with_board(state, 0, trackers=tuple(trackers))


def test_the_toy_corporation_is_refused_until_it_is_registered() -> None:
    with pytest.raises(RulesDataError, match="toy"):
        Rules(corporations=("toy", "standard"))


def test_a_registered_toy_power_is_offered_used_once_per_round_and_unregistered(toy: CorporationPlugin) -> None:
    assert CORPORATION_PLUGINS["toy"] is toy
    assert ANYTIME[TOY_POWER] == "per_round" and TOY_POWER in OFFER and TOY_POWER in TECH_POWERS
    state = _at_placement(Rules(corporations=("toy", "standard")))
    assert UsePower(1) in state.legal_actions()
    water = state.boards[0].trackers[Track.WATER]
    used = state.apply(UsePower(1))[0]
    assert used.boards[0].trackers[Track.WATER] == water + 1
    assert TOY_POWER in used.boards[0].powers_used
    assert UsePower(1) not in used.legal_actions()  # per round: once


def test_unregistering_puts_the_tables_back(toy: CorporationPlugin) -> None:
    before = (dict(ANYTIME), dict(OFFER), list(TECH_POWERS))
    unregister(toy.name)
    assert TOY_POWER not in ANYTIME and TOY_POWER not in OFFER and TOY_POWER not in TECH_POWERS
    register(toy)
    assert (dict(ANYTIME), dict(OFFER), list(TECH_POWERS)) == before


def test_a_power_registered_twice_is_refused(toy: CorporationPlugin) -> None:
    twin = CorporationPlugin("twin", anytime={TOY_POWER: toy.anytime[TOY_POWER]})
    with pytest.raises(RulesDataError, match=TOY_POWER):
        register(twin)
    with pytest.raises(RulesDataError, match="registered already"):
        register(toy)
