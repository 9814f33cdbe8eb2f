"""The planet plug-in protocol (issue 23, point 2): what a planet's own module hands the base rules.

Why a protocol: a planet's special rules (Arashi's ring, Pajitnov's slide, K'Aax's toxic squares...) used to sit
together in ``planets.py``, each an ``if`` on a hook value, so a new planet meant edits there and in
``variants.PLANET_HOOKS``. Now a planet's module builds one ``PlanetPlugin`` naming the hook values of
``data/planets.toml`` it codes and the functions that code them; ``planet_registry.py`` registers it (one line per
planet), and the base rules (``planets.py``, ``geometry.placement_masks``) call the functions through the tables
kept here, keyed by the hook value. This module imports nothing of the engine at run time, so ``geometry.py``, the
lowest rules module, may import it.

Keyed by the hook value, not the planet's name, because a rule may lift a planet's rule while keeping its squares
(Horizon tech 1 plays ``planet._replace(placement="none")``). The hooks, by the hook key they answer for, and the
base rule that calls each:

- ``placement``: ``fixed_rule`` (``geometry.placement_masks``, once per planet and shape: a rule on the squares a
  tile covers) with ``fixed_reason`` (``moves``: why such a placement is refused); ``tile_rule``
  (``planets.tile_rule_bits``, each turn: a rule on the tile's terrains or on the board) with ``tile_reason``;
  ``patch_squares`` (``planets.patch_squares_allowed``: where a biomass patch may go);
- ``rovers``: ``rover_targets`` (``planets.rover_targets``: squares a rover step may end on) and ``step_allowed``
  (``planets.step_allowed``: one step from a square to another);
- ``energy_terrain``: ``energy_layer`` (``planets.energy_layer``: the squares that count as energy);
- ``completion``: ``completion_layer`` (``planets.completion_layer``: the squares that count as covered for rows
  and columns);
- ``scoring``: ``points`` (``planets.planet_points``: the planet's own points at the end).

``entry`` is the planet's data entry, when it is not in ``data/planets.toml`` (a planet tried out, a test's toy).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from playbook.core.errors import RulesDataError

if TYPE_CHECKING:
    from .board import Board
    from .components import Planet, Shape
    from .geometry import Placement, PlacementTable

#: A rule on the squares a tile covers (the planet, a placement).
FixedRule = Callable[["Planet", "Placement"], bool]
#: A rule on the tile's terrains or the board: the kept subset of a set of legal placements (the planet, the
#: shape, its placement table, the set, the tile's terrain pair or ``None``, the covered squares).
TileRule = Callable[["Planet", "Shape", "PlacementTable", int, "tuple[int, int] | None", int], int]
#: A layer of squares from another (the planet, the layer): where a patch may go, of the playable squares.
Squares = Callable[["Planet", int], int]
#: A layer read from a board (the planet, the board, the base layer).
BoardLayer = Callable[["Planet", "Board", int], int]


@dataclass(frozen=True)
class PlanetPlugin:
    """The hooks one planet's module implements; see the module docstring for who calls each. ``placement``,
    ``rovers``, ``energy_terrain``, ``completion`` and ``scoring`` are the hook values it codes ("" for none)."""

    name: str
    placement: str = ""
    fixed_rule: FixedRule | None = None
    fixed_reason: str = ""
    tile_rule: TileRule | None = None
    tile_reason: str = ""
    patch_squares: Squares | None = None
    rovers: str = ""
    rover_targets: BoardLayer | None = None
    step_allowed: Callable[[Planet, int, int], bool] | None = None
    energy_terrain: str = ""
    energy_layer: BoardLayer | None = None
    completion: str = ""
    completion_layer: BoardLayer | None = None
    scoring: str = ""
    points: Callable[[Planet, Board], int] | None = None
    #: A ``planets.toml``-shaped entry for a planet not (yet) in the package's file; ``None`` for the shipped ones.
    entry: Mapping[str, Any] | None = None


_REGISTERED: dict[str, PlanetPlugin] = {}
#: The merged tables the base rules read, by hook value (dicts: a look-up per ask, as the ``if`` it replaces).
FIXED_RULES: dict[str, FixedRule] = {}
FIXED_REASONS: dict[str, str] = {}
TILE_RULES: dict[str, TileRule] = {}
TILE_REASONS: dict[str, str] = {}
PATCH_SQUARES: dict[str, Squares] = {}
ROVER_TARGETS: dict[str, BoardLayer] = {}
STEP_RULES: dict[str, Callable[[Planet, int, int], bool]] = {}
ENERGY_LAYERS: dict[str, BoardLayer] = {}
COMPLETION_LAYERS: dict[str, BoardLayer] = {}
PLANET_POINTS: dict[str, Callable[[Planet, Board], int]] = {}
#: Per hook key, the plug-ins' values (``variants.planet_entry`` accepts them besides the base rules' own).
HOOK_VALUES: dict[str, list[str]] = {
    key: [] for key in ("placement", "rovers", "energy_terrain", "completion", "scoring")
}

#: (hook key, plug-in field, table): where ``register`` puts each function, under the plug-in's value of that key.
_TABLES: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("placement", "fixed_rule", FIXED_RULES),
    ("placement", "fixed_reason", FIXED_REASONS),
    ("placement", "tile_rule", TILE_RULES),
    ("placement", "tile_reason", TILE_REASONS),
    ("placement", "patch_squares", PATCH_SQUARES),
    ("rovers", "rover_targets", ROVER_TARGETS),
    ("rovers", "step_allowed", STEP_RULES),
    ("energy_terrain", "energy_layer", ENERGY_LAYERS),
    ("completion", "completion_layer", COMPLETION_LAYERS),
    ("scoring", "points", PLANET_POINTS),
)


def register_planet(plugin: PlanetPlugin) -> PlanetPlugin:
    """Add a planet's hooks to the tables the base rules read. A name or a hook value registered twice is an
    error: two planets coding one value would make the rule depend on import order."""
    if plugin.name in _REGISTERED:
        raise RulesDataError(f"planet plug-in {plugin.name!r} is registered already")
    values = {key: getattr(plugin, key) for key in HOOK_VALUES if getattr(plugin, key)}
    clashes = sorted(f"{key} = {value!r}" for key, value in values.items() if value in HOOK_VALUES[key])
    if clashes:
        raise RulesDataError(f"planet plug-in {plugin.name!r}: hook values registered already: {', '.join(clashes)}")
    _REGISTERED[plugin.name] = plugin
    for key, value in values.items():
        HOOK_VALUES[key].append(value)
    for key, name, table in _TABLES:
        hook = getattr(plugin, name)
        if hook and key in values:
            table[values[key]] = hook
    return plugin


def unregister_planet(name: str) -> None:
    """Remove a plug-in and its hooks (tests that add a toy planet put the tables back as they were)."""
    plugin = _REGISTERED.pop(name)
    for key in HOOK_VALUES:
        value = getattr(plugin, key)
        if value:
            HOOK_VALUES[key].remove(value)
    for key, _, table in _TABLES:
        table.pop(getattr(plugin, key), None)


def registered_planets() -> Mapping[str, PlanetPlugin]:
    """Every registered planet plug-in by name, in registration order (read-only)."""
    return MappingProxyType(_REGISTERED)
