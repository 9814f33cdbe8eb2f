"""Planet Unknown (1-6 players): place polyomino tiles on your planet; each tile advances resource tracks.

The economy of *resource tracks*: every tile turns terrain into steps on five tracks (civ, water,
biomass, rover, tech), and the tracks pay milestones (civ cards, rovers, biomass patches, techs,
synergy) on the way and medals at the end.

The rulings table is in ``components.py`` (with ``Rules``); component data in ``data/standard.toml`` and
``data/cards.toml``. Modules: ``geometry`` (bitboards, orientations, placement masks), ``board``,
``tracks``, ``planet`` (placement, tokens), ``gains`` (pending decisions), ``civ_cards``, ``objectives``,
``event_cards``, ``flow`` (the round), ``moves``, ``state``, ``setup``, ``scoring``, ``observe``,
``agents``, ``economy``, ``variants`` and ``planets`` (issue 14). The standard planet and Universal Coalition
are data in ``Rules``; the 12 asymmetric planets are chosen per seat with ``Rules(planets=(...))`` (``variants``
reads ``data/planets.toml``; a planet's own rules are a plug-in, ``planet_plugin.py`` and ``planet_registry.py``,
asked through ``planets``). Corporations are chosen the same way
(``Rules(corporations=(...))``, data in ``data/corporations.toml``): a corporation plays once the engine
implements its hooks and techs (``variants.missing_rules``; the code only it needs in its own module or
``powers.py``, anytime powers as ``UsePower``; each registered as a plug-in, ``plugin.py`` and
``corporations.py``); the others are refused by name with what they still need.

How a round plays as actions (``state.current_player`` says who decides; nothing is a chance step, every
hidden order is drawn from the seed at set-up):

1. ``Rotate`` by the commander with 3+ players (automatic with 1-2);
2. the event (module ``events``), each seat resolving its part clockwise from the commander;
3. each seat in turn: ``PlaceTile`` (stack, orientation 0-7, row, col) or, when nothing fits, ``TakeTile``;
   then the gains it caused, in any order: ``ChooseTrack`` (energy, synergy, card and event choices),
   ``ChooseSquare`` (new rover, biomass patch, meteorites, lifepods), ``StorePatch``, ``MoveRover`` /
   ``StopRovers``, ``TeleportRover``, ``ClearLine``, ``Peek``, ``ChooseStack``, ``DiscardObjective`` (Cosmos:
   ``PlaceLifepod``, ``ChooseLifepod``, ``StopLifepods``);
4. civ cards (``ChooseCivCard``) seat by seat, clockwise from the commander; refill; the commander passes.

A decision with a single outcome is taken automatically. ``KeepObjectives`` starts solo games and games
with the private objective module.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from playbook.core.protocol import Json

from .actions import (
    ACTION_CLASSES,
    ChooseCivCard,
    ChooseLifepod,
    ChooseSquare,
    ChooseStack,
    ChooseTrack,
    ClearLine,
    Decline,
    DiscardObjective,
    Gain,
    KeepObjectives,
    MoveRover,
    Peek,
    PlaceLifepod,
    PlaceTile,
    PlanetUnknownAction,
    Rotate,
    StepTracker,
    StopLifepods,
    StopRovers,
    StorePatch,
    TakeTile,
    TeleportRover,
    UsePower,
    action_from_dict,
    describe,
)
from .components import Phase, Rules, Terrain, Track
from .corporations import PLUGINS as CORPORATION_PLUGINS
from .events import (
    EVENT_CLASSES,
    CivCardTaken,
    EndTriggered,
    EventRevealed,
    GainLost,
    GameEnded,
    ObjectivesKept,
    RoundStarted,
    StationRotated,
    TilePlaced,
    TileTaken,
    TokenMoved,
    TrackerMoved,
)
from .planet_registry import PLANET_PLUGINS
from .setup import INFO, new_game
from .state import State
from .variants import check_unedited


def state_from_dict(data: Mapping[str, Json]) -> State:
    return State.from_dict(data)


def rules_from_dict(data: Mapping[str, Any]) -> Rules:
    return Rules.from_dict(data)


def rules_from_toml(
    standard: str | Path | None = None,
    cards: str | Path | None = None,
    corporations: str | Path | None = None,
    planets: str | Path | None = None,
) -> Rules:
    """Rules from copies of the data files ``standard.toml`` and ``cards.toml`` (either may be left out).

    Copies of ``corporations.toml`` and ``planets.toml`` are accepted unchanged only: an edited one is refused
    naming the first changed key (``variants.check_unedited`` says why the engine does not read them).
    """
    for path, which in ((corporations, "corporations"), (planets, "planets")):
        if path is not None:
            check_unedited(path, which)
    return Rules.from_toml(standard, cards)


__all__ = [
    "ACTION_CLASSES",
    "CORPORATION_PLUGINS",
    "EVENT_CLASSES",
    "INFO",
    "PLANET_PLUGINS",
    "ChooseCivCard",
    "ChooseLifepod",
    "ChooseSquare",
    "ChooseStack",
    "ChooseTrack",
    "CivCardTaken",
    "ClearLine",
    "Decline",
    "DiscardObjective",
    "EndTriggered",
    "EventRevealed",
    "Gain",
    "GainLost",
    "GameEnded",
    "KeepObjectives",
    "MoveRover",
    "ObjectivesKept",
    "Peek",
    "Phase",
    "PlaceLifepod",
    "PlaceTile",
    "PlanetUnknownAction",
    "Rotate",
    "RoundStarted",
    "Rules",
    "State",
    "StationRotated",
    "StepTracker",
    "StopLifepods",
    "StopRovers",
    "StorePatch",
    "TakeTile",
    "TeleportRover",
    "Terrain",
    "TilePlaced",
    "TileTaken",
    "TokenMoved",
    "Track",
    "TrackerMoved",
    "UsePower",
    "action_from_dict",
    "describe",
    "new_game",
    "rules_from_dict",
    "rules_from_toml",
    "state_from_dict",
]
