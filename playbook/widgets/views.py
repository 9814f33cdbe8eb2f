"""Every view class in ``playbook.widgets``, each with a way to build a small instance of it.

One list, so that what must hold for every view (``close()`` gives back every widget model and the view
itself; a bot that raises never strands a table) is tested on every view, and a view added later cannot be
left out: a test walks the package for ``View`` subclasses and fails on any class missing here.

``VIEW_EXAMPLES`` holds one or more ``ViewExample`` per class (a table also on asymmetric planets and
corporations, a replay viewer of each game). ``GAME_TABLES`` is each game's table class. Builders make small,
quick instances: two players, short bot games, no tournament run.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import NamedTuple

import ipywidgets as w

from playbook.core import Agent, Match, RandomAgent
from playbook.games import planet_unknown as planet_game
from playbook.games.mars_needs_mechanics import agents as mnm_agents
from playbook.games.offal_game import agents as og_agents
from playbook.games.parts_unknown import agents as parts_agents
from playbook.games.planet_unknown import strategies as planet_strategies
from playbook.games.planet_unknown.strategies import WeightedPlanner

from . import mars_needs_mechanics as mnm_views
from . import offal_game as offal_views
from . import parts_unknown as parts_views
from . import planet_unknown as planet_views
from .common import AgentFactory, TableView, View
from .lab import LabTabs, StrategyLab, SweepExplorer
from .planet_unknown import asymmetric
from .planet_unknown.asymmetry_lab import AsymmetryLab
from .replay import ReplayViewer
from .tuner import TunerView

#: The classes other views are built on; every other ``View`` subclass is a view to list here.
VIEW_BASES: tuple[type[View], ...] = (View, TableView)

#: Each game's playable table.
GAME_TABLES: dict[str, type[TableView]] = {
    "mars_needs_mechanics": mnm_views.MarsNeedsMechanicsTable,
    "offal_game": offal_views.OffalTable,
    "parts_unknown": parts_views.PartsUnknownTable,
    "planet_unknown": planet_views.PlanetUnknownTable,
}
#: The bots each game's table offers by default, by name.
TABLE_AGENTS: dict[str, Mapping[str, AgentFactory]] = {
    "mars_needs_mechanics": mnm_views.DEFAULT_AGENTS,
    "offal_game": offal_views.DEFAULT_AGENTS,
    "parts_unknown": parts_views.DEFAULT_AGENTS,
    "planet_unknown": planet_views.DEFAULT_AGENTS,
}
#: A bot of each game's table, by its name in the table's lineup.
TABLE_BOTS: dict[str, str] = {
    "mars_needs_mechanics": "quick seller",
    "offal_game": "clog clearer",
    "parts_unknown": "undercutter",
    "planet_unknown": "track racer",
}


class GameViews(NamedTuple):
    """What every game's view package gives, under the same names: the batteries in ``tests/widgets`` run over
    ``GAME_VIEWS`` (a game registered here is covered by them), not over hand-kept per-game copies."""

    table: type[TableView]
    #: ``position_view(match, seat)``: the table read-only at a match's position, subscribed to nothing.
    position_view: Callable[[Match, int], w.Widget]
    #: ``play_table(fork, seat)``: a playable table on a forked match, the person in ``seat``.
    play_table: Callable[[Match, int], TableView]
    #: ``replay(match, seat)``: a ``ReplayViewer`` with "Play from here".
    replay: Callable[[Match, int], ReplayViewer]
    #: The dashboard's lab tabs (``LabTabs(seed=..., games=...)``).
    lab_tabs: Callable[..., LabTabs]
    #: The strategy the lab's knobs set (``PARAMETRIC`` of the game's agents, never in ``STRATEGIES``).
    parametric: type[Agent]


GAME_VIEWS: dict[str, GameViews] = {
    "mars_needs_mechanics": GameViews(
        mnm_views.MarsNeedsMechanicsTable,
        mnm_views.position_view,
        mnm_views.play_table,
        mnm_views.replay,
        mnm_views.LabTabs,
        mnm_agents.PARAMETRIC,
    ),
    "offal_game": GameViews(
        offal_views.OffalTable,
        offal_views.position_view,
        offal_views.play_table,
        offal_views.replay,
        offal_views.LabTabs,
        og_agents.PARAMETRIC,
    ),
    "parts_unknown": GameViews(
        parts_views.PartsUnknownTable,
        parts_views.position_view,
        parts_views.play_table,
        parts_views.replay,
        parts_views.LabTabs,
        parts_agents.PARAMETRIC,
    ),
    "planet_unknown": GameViews(
        planet_views.PlanetUnknownTable,
        planet_views.position_view,
        planet_views.play_table,
        planet_views.replay,
        planet_views.LabTabs,
        planet_strategies.PARAMETRIC,
    ),
}


class ExtraDashboard(NamedTuple):
    """A dashboard beside its game's own (``widgets/<name>.ipynb``): the game whose table it shows and the view it
    shows with it in place of the game's explorer and lab tabs."""

    game: str
    view: type[View]


#: The dashboards in ``widgets/`` besides one per game, by file name: every one is tested to show its parts.
EXTRA_DASHBOARDS: dict[str, ExtraDashboard] = {
    "planet_unknown_asymmetry": ExtraDashboard("planet_unknown", AsymmetryLab),
}


@dataclass(frozen=True)
class ViewExample:
    """A named way to build a small instance of ``view_class``."""

    name: str
    view_class: type[View]
    build: Callable[[], View]


def short_bot_match(game: str, steps: int = 12) -> Match:
    """Two random bots, ``steps`` steps into a seeded game: something to replay."""
    match = Match(game, players=2, seed=3, agents={0: RandomAgent(), 1: RandomAgent()})
    match.advance(max_steps=steps)
    return match


def _table(game: str) -> TableView:
    table_class: Callable[..., TableView] = GAME_TABLES[game]  # a game's table has default agents
    return table_class(players=2, seed=1, lineup=("you", TABLE_BOTS[game]))


def _asymmetric_planet_table() -> TableView:
    """Seat 0 on Arashi with Cosmos, seat 1 on Cerberus with Flux."""
    rules = asymmetric.with_seats(planet_game.Rules.standard(), ["arashi", "cerberus"], ["cosmos", "flux"], 2)
    return planet_views.PlanetUnknownTable(players=2, seed=1, lineup=("you", "track racer"), rules=rules)


def _game_replay(game: str) -> ReplayViewer:
    """A game's replay with "Play from here" pressed: a read-only table and a playable one on the fork."""
    viewer = GAME_VIEWS[game].replay(short_bot_match(game), 0)
    viewer.play_from_here()
    return viewer


def _lab_tabs_with_replay() -> LabTabs:
    """The shared lab tabs, the Replay tab opened (a viewer built inside the tabs)."""
    tabs = LabTabs(
        StrategyLab("mars_needs_mechanics", mnm_agents.ThresholdSeller, mnm_views.DEFAULT_AGENTS, players=2),
        lambda: ReplayViewer(short_bot_match("mars_needs_mechanics")),
        sweep=SweepExplorer("mars_needs_mechanics", mnm_views.DEFAULT_AGENTS, players=2),
    )
    tabs.open_replay()
    return tabs


def _placement_question() -> View:
    match, seat = planet_views.seeded_position(1, rounds=1)
    return planet_views.PredictPlacement(match.state.observation(seat), seat, planet_game.Rules.standard())


def _game_examples(game: str) -> list[ViewExample]:
    table_class = GAME_TABLES[game]
    return [
        ViewExample(f"{table_class.__name__}", table_class, lambda: _table(game)),
        ViewExample(f"ReplayViewer of {game}", ReplayViewer, lambda: _game_replay(game)),
    ]


VIEW_EXAMPLES: tuple[ViewExample, ...] = (
    *(example for game in GAME_TABLES for example in _game_examples(game)),
    ViewExample("PlanetUnknownTable on asymmetric planets", planet_views.PlanetUnknownTable, _asymmetric_planet_table),
    # explorers and predict-then-reveal questions
    ViewExample("OrderLineExplorer", mnm_views.OrderLineExplorer, mnm_views.OrderLineExplorer),
    ViewExample("PredictValue", mnm_views.PredictValue, mnm_views.PredictValue),
    ViewExample("GoingRateExplorer", parts_views.GoingRateExplorer, parts_views.GoingRateExplorer),
    ViewExample("PredictDemand", parts_views.PredictDemand, parts_views.PredictDemand),
    ViewExample("PipeExplorer", offal_views.PipeExplorer, offal_views.PipeExplorer),
    ViewExample("PredictClog", offal_views.PredictClog, offal_views.PredictClog),
    ViewExample("TileYieldExplorer", planet_views.TileYieldExplorer, lambda: planet_views.TileYieldExplorer(rounds=1)),
    ViewExample("PredictPlacement", planet_views.PredictPlacement, _placement_question),
    ViewExample("AsymmetryLab", AsymmetryLab, AsymmetryLab),
    # strategy labs, sweeps, lab tabs and replays
    ViewExample(
        "StrategyLab",
        StrategyLab,
        lambda: StrategyLab("mars_needs_mechanics", mnm_agents.ThresholdSeller, mnm_views.DEFAULT_AGENTS, players=2),
    ),
    ViewExample(
        "PlanetStrategyLab",
        asymmetric.PlanetStrategyLab,
        lambda: asymmetric.PlanetStrategyLab(planet_game, WeightedPlanner, planet_views.DEFAULT_AGENTS, players=2),
    ),
    ViewExample(
        "SweepExplorer",
        SweepExplorer,
        lambda: SweepExplorer("mars_needs_mechanics", mnm_views.DEFAULT_AGENTS, players=2),
    ),
    ViewExample("TunerView", TunerView, TunerView),
    ViewExample("TunerView of parts_unknown", TunerView, lambda: TunerView("parts_unknown")),
    ViewExample("LabTabs with the replay open", LabTabs, _lab_tabs_with_replay),
    ViewExample("LabTabs of mars_needs_mechanics", mnm_views.LabTabs, mnm_views.LabTabs),
    ViewExample("LabTabs of offal_game", offal_views.LabTabs, offal_views.LabTabs),
    ViewExample("LabTabs of parts_unknown", parts_views.LabTabs, parts_views.LabTabs),
    ViewExample("LabTabs of planet_unknown", planet_views.LabTabs, planet_views.LabTabs),
    ViewExample(
        "ReplayViewer of observations", ReplayViewer, lambda: ReplayViewer(short_bot_match("mars_needs_mechanics"))
    ),
)
