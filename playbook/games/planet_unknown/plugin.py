"""The corporation plug-in protocol (issue 23, point 2): what a corporation's own module hands the base rules.

Why a protocol: the base rules used to import every corporation module and call its functions by name, so a new
corporation meant edits in a dozen base modules, and the imports formed one long cycle (dodged by imports inside
functions). Now a corporation's module builds one ``CorporationPlugin`` from its own functions,
``corporations.py`` registers it (one line per corporation), and the base rules call the hooks through the
tables kept here. This module imports nothing of the engine at run time, so every module may import it without
a cycle; no base module imports a corporation module.

A hook is one of three kinds, by how the base rules find it:

**The corporation's own rules** (``rules_of(corporation)``: the plug-in registered under the corporation's
data key, or ``STANDARD``, whose hooks are all ``None``: Universal Coalition's rules). Each is ``None`` unless
the corporation changes that rule; the base rule named calls it:

- ``can_advance`` / ``advance`` / ``regress`` (``tracks.can_advance`` / ``advance`` / ``regress``): a tracker
  that moves its own way (Makeshift's free steps, Wormhole's biomass rows); ``can_advance`` answers ``None``
  and ``advance`` / ``regress`` ``False`` for a track they leave to the standard rule;
- ``pay_advance`` (``tracks.advance``): the benefits of the space a tracker stepped onto (Flux's upgraded
  track); ``track_space`` (``tracks.advance`` at the rover top): the space as it pays now;
- ``regress_end`` / ``can_regress`` (``tracks.regress`` / ``can_regress``): where a straight regression stops
  (Makeshift: under another tracker; Cosmos: over lifepods); ``unionization`` (``tracks.unionization``, civ 21);
- ``tech_locked`` (``board.has_tech``, for a board with lifepods on its tech track): a reached tech level
  that does not work (Cosmos: its milestone is covered);
- ``lifepod_collected`` / ``lifepod_lost`` (``lifepods.on_collected`` / ``lose``): where a collected lifepod
  goes, who chooses the one event 114 takes (Cosmos, Jump Drive);
- ``biomass_symbol`` (``planet._symbol_advance``, ``economy.placement_yield``): whether a placed biomass
  symbol advances (Wormhole); ``patch_on_tile`` (``planet.place_patch``): a patch put on a tile square;
- ``setup_owed`` (``flow._main_decision`` and ``setup.new_game``): a set-up decision put in the seat's pool
  (Flux's flux track); ``round_start`` (``flow.start_round``): per seat, at each round's start;
- ``medals`` (``scoring.breakdown``): the five track medals, when they are not the nearest at or below each
  tracker (Cosmos, Makeshift);
- ``read_entry`` (``variants.corporation_table``): the corporation's own fields read from its data entry.

**Tech powers** (merged by power name; the base rule calls the hook when the seat has that tech live, through
``Work.tech``): ``anytime`` (``powers.power_levels`` / ``use_power``: offered as ``UsePower(level)``, each with
its use limit ``"per_round"``, ``"per_game"`` or ``None``), ``recorded`` (uses recorded in
``Board.powers_used`` with a limit though offered through other choices, so round start clears them),
``after_tile`` (``planet.after_tile``, after a tile's own advances), ``tile_placed`` (``planet.place_tile``,
before them), ``rover_jumps`` (``powers.civ_jumps``: teleports for 1 movement) and ``after_jump``
(``gains.resolve_at``, once such a jump is made), ``rover_directions`` (``planet.rover_steps``: more squares a
rover may step to), ``step_cost`` (``gains.resolve_at``: a rover step's cost), ``synergy_options`` /
``biomass_options`` (``gains``: more choices for a synergy, for a biomass patch), ``symbol_instead``
(``planet._symbol_advance``: what a placed symbol of one terrain does instead of advancing), ``patch_squares``
(``planet.patch_squares``: more squares a patch may go on), ``movement_bonus`` (``tracks._movement``) and
``techs`` (the tech powers the module codes: ``variants.missing_rules`` accepts a corporation only when each of
its tech powers is coded somewhere).

**The corporation's own kinds** (merged by key; each key belongs to one plug-in): ``options`` (``gains.options``:
a pending gain's choices, by ``Gain``), ``resolvers`` (``gains.resolve_at``: what choosing an action does, by
action type), ``track_choices`` (``gains._track``: a ``ChooseTrack`` of the plug-in's own gain), ``refusals``
(``moves.PoolMove.why_not``: why an action of its kinds is refused), ``gain_limits`` / ``pending_checks``
(``consistency._check_pending``: a loaded pending gain's value), ``action_words`` (``widgets/planet_unknown/words.py``:
an action in words, for the views) and ``bot_values`` (``bot_powers.power_value``: what an anytime power is worth
to the bots). And lists, each called for every seat or game: ``board_check`` (``consistency._check_board``: what is
wrong with a loaded board, "" if nothing; it also refuses the plug-in's pieces on another corporation's board),
``neighbour_points`` (``scoring.all_breakdowns``: objective points won beyond the neighbour cards) and
``why_not_power`` (``moves.PowerMove.why_not``: why a ``UsePower`` is refused, "" when it has nothing to say).

``entry`` is the corporation's data entry, when it is not in ``data/corporations.toml``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from playbook.core.errors import RulesDataError

if TYPE_CHECKING:
    from playbook.core import Action

    from .board import Board, TrackTables
    from .components import Components, Corporation, Space
    from .geometry import PlanetMasks
    from .state import State
    from .work import Pending, Work

#: Whether a power may be used now (``Work``, seat).
Offer = Callable[["Work", int], bool]
#: The power's effect (``Work``, seat).
Use = Callable[["Work", int], None]
#: After a placed tile (``Work``, seat, the tile's terrain pair).
AfterTile = Callable[["Work", int, tuple[int, int]], None]
#: The (rover square, target square) teleports a seat may make.
RoverJumps = Callable[["Work", int], list[tuple[int, int]]]
#: Why an action is refused, in words (``Work``, the action).
Refusal = Callable[["Work", Any], str]
#: Why ``UsePower(level)`` is refused, in words, or "" (``Work``, seat, level).
WhyNotPower = Callable[["Work", int, int], str]
#: A pending gain's choices (``Work``, the gain).
Options = Callable[["Work", "Pending"], list["Action"]]
#: What choosing ``action`` for the pending gain does (``Work``, the gain, the action, the gain's index).
Resolver = Callable[["Work", "Pending", Any, int], None]
#: A ``ChooseTrack`` of the plug-in's own gain (``Work``, the gain, the action).
TrackChoice = Callable[["Work", "Pending", Any], None]
#: What is wrong with a loaded board ("" if nothing), for every seat (seat, board, its corporation).
BoardCheck = Callable[[int, "Board", "Corporation"], str]
#: A loaded pending gain's value checked (the state, the acting seat's corporation, where, the value).
PendingCheck = Callable[["State", "Corporation", str, int], None]
#: Objective points per seat, plus those won beyond the neighbour cards (points so far, boards, components,
#: each seat's planet masks and corporation).
NeighbourPoints = Callable[
    [list[int], "tuple[Board, ...] | list[Board]", "Components", "list[PlanetMasks]", "list[Corporation]"], list[int]
]
#: What using an anytime power is worth to a bot (the scorer, its context, the power), as ``bot_powers.VALUES``.
BotValue = Callable[[Any, Any, str], float]
#: An action in words for the views (the acting seat's corporation, the action).
ActionWords = Callable[["Corporation", Any], str]


@dataclass(frozen=True)
class AnytimePower:
    """A power offered as ``UsePower``: ``limit`` is ``"per_round"``, ``"per_game"`` (``Board.powers_used``) or
    ``None`` (no use limit: the power is offered whenever ``offer`` says so)."""

    limit: str | None
    offer: Offer
    use: Use


@dataclass(frozen=True)
class CorporationPlugin:
    """The hooks one corporation's module implements; see the module docstring for who calls each."""

    name: str
    # -- tech powers (merged by power name) --
    techs: tuple[str, ...] = ()
    anytime: Mapping[str, AnytimePower] = field(default_factory=dict)
    recorded: Mapping[str, str] = field(default_factory=dict)
    after_tile: Mapping[str, AfterTile] = field(default_factory=dict)
    tile_placed: Mapping[str, AfterTile] = field(default_factory=dict)
    rover_jumps: Mapping[str, RoverJumps] = field(default_factory=dict)
    after_jump: Mapping[str, Callable[[Work], None]] = field(default_factory=dict)
    rover_directions: Mapping[str, Callable[[int], int]] = field(default_factory=dict)
    step_cost: Mapping[str, Callable[[Work, int, int], int]] = field(default_factory=dict)
    synergy_options: Mapping[str, Callable[[Work, list[Action]], list[Action]]] = field(default_factory=dict)
    biomass_options: Mapping[str, Options] = field(default_factory=dict)
    symbol_instead: Mapping[str, tuple[int, Callable[[Work, int, int], None]]] = field(default_factory=dict)
    patch_squares: Mapping[str, Callable[[Work, int, int], int]] = field(default_factory=dict)
    movement_bonus: Mapping[str, Callable[[Work, int], int]] = field(default_factory=dict)
    # -- the corporation's own kinds (merged by key) --
    options: Mapping[Any, Options] = field(default_factory=dict)
    resolvers: Mapping[type, Resolver] = field(default_factory=dict)
    track_choices: Mapping[Any, TrackChoice] = field(default_factory=dict)
    refusals: Mapping[type, Refusal] = field(default_factory=dict)
    gain_limits: Mapping[Any, int] = field(default_factory=dict)
    pending_checks: Mapping[Any, PendingCheck] = field(default_factory=dict)
    action_words: Mapping[type, ActionWords] = field(default_factory=dict)
    bot_values: Mapping[str, BotValue] = field(default_factory=dict)
    # -- called for every seat or game (lists) --
    why_not_power: WhyNotPower | None = None
    board_check: BoardCheck | None = None
    neighbour_points: NeighbourPoints | None = None
    # -- the corporation's own rules (``rules_of``) --
    can_advance: Callable[[Work, int, int], bool | None] | None = None
    advance: Callable[[Work, int, int, str, bool, bool], bool] | None = None
    pay_advance: Callable[[Work, int, int, int, bool, bool], None] | None = None
    track_space: Callable[[Work, int, int, int], Space] | None = None
    regress: Callable[[Work, int, int, int, str], bool] | None = None
    regress_end: Callable[[Board, int, int], int] | None = None
    can_regress: Callable[[Board, int], bool] | None = None
    unionization: Callable[[Work, int, int], None] | None = None
    tech_locked: Callable[[Corporation, int, int], bool] | None = None
    lifepod_collected: Callable[[Work, int], None] | None = None
    lifepod_lost: Callable[[Work, int], bool] | None = None
    biomass_symbol: Callable[[Board], bool] | None = None
    patch_on_tile: Callable[[Work, int, int], None] | None = None
    setup_owed: Callable[[Work], bool] | None = None
    round_start: Callable[[Work, int], None] | None = None
    medals: Callable[[Board, Corporation, TrackTables], dict[str, int]] | None = None
    read_entry: Callable[[Mapping[str, Any], Corporation], Corporation] | None = None
    #: A ``corporations.toml``-shaped entry for a corporation not (yet) in the package's file; ``None`` for those
    #: whose entry is in the file (every shipped corporation). ``variants.py`` reads both alike.
    entry: Mapping[str, Any] | None = None


#: Universal Coalition's rules: no hook (what ``rules_of`` answers for a corporation no plug-in is registered for).
STANDARD = CorporationPlugin("standard")

_REGISTERED: dict[str, CorporationPlugin] = {}
#: The merged tables the base rules read (filled by ``register``; dicts, so a look-up costs what it did before).
ANYTIME: dict[str, str] = {}
OFFER: dict[str, Offer] = {}
USE: dict[str, Use] = {}
AFTER_TILE: dict[str, AfterTile] = {}
TILE_PLACED: dict[str, AfterTile] = {}
ROVER_JUMPS: dict[str, RoverJumps] = {}
AFTER_JUMP: dict[str, Callable[[Work], None]] = {}
ROVER_DIRECTIONS: dict[str, Callable[[int], int]] = {}
STEP_COST: dict[str, Callable[[Work, int, int], int]] = {}
SYNERGY_OPTIONS: dict[str, Callable[[Work, list[Action]], list[Action]]] = {}
BIOMASS_OPTIONS: dict[str, Options] = {}
SYMBOL_INSTEAD: dict[str, tuple[int, Callable[[Work, int, int], None]]] = {}
PATCH_SQUARES: dict[str, Callable[[Work, int, int], int]] = {}
MOVEMENT_BONUS: dict[str, Callable[[Work, int], int]] = {}
TECH_POWERS: list[str] = []
#: A pending gain's choices and what choosing does: ``gains.py`` puts the base rules' own in first.
OPTIONS: dict[Any, Options] = {}
RESOLVERS: dict[type, Resolver] = {}
TRACK_CHOICES: dict[Any, TrackChoice] = {}
REFUSALS: dict[type, Refusal] = {}
GAIN_LIMITS: dict[Any, int] = {}
PENDING_CHECKS: dict[Any, PendingCheck] = {}
ACTION_WORDS: dict[type, ActionWords] = {}
BOT_VALUES: dict[str, BotValue] = {}
WHY_NOT_POWER: list[WhyNotPower] = []
BOARD_CHECKS: list[BoardCheck] = []
NEIGHBOUR_POINTS: list[NeighbourPoints] = []

#: The plug-in field merged into each keyed table (``anytime``, ``recorded`` and ``techs`` are merged apart).
_KEYED: dict[str, dict[Any, Any]] = {
    "after_tile": AFTER_TILE,
    "tile_placed": TILE_PLACED,
    "rover_jumps": ROVER_JUMPS,
    "after_jump": AFTER_JUMP,
    "rover_directions": ROVER_DIRECTIONS,
    "step_cost": STEP_COST,
    "synergy_options": SYNERGY_OPTIONS,
    "biomass_options": BIOMASS_OPTIONS,
    "symbol_instead": SYMBOL_INSTEAD,
    "patch_squares": PATCH_SQUARES,
    "movement_bonus": MOVEMENT_BONUS,
    "options": OPTIONS,
    "resolvers": RESOLVERS,
    "track_choices": TRACK_CHOICES,
    "refusals": REFUSALS,
    "gain_limits": GAIN_LIMITS,
    "pending_checks": PENDING_CHECKS,
    "action_words": ACTION_WORDS,
    "bot_values": BOT_VALUES,
}
#: The plug-in field appended to each list.
_LISTED: dict[str, list[Any]] = {
    "why_not_power": WHY_NOT_POWER,
    "board_check": BOARD_CHECKS,
    "neighbour_points": NEIGHBOUR_POINTS,
}


def _key_name(key: Any) -> str:
    return key.__name__ if isinstance(key, type) else str(getattr(key, "name", key))


def register(plugin: CorporationPlugin) -> CorporationPlugin:
    """Add a corporation's hooks to the tables the base rules read. A name, a power or a kind registered twice is
    an error: two plug-ins coding one would make the answer depend on import order."""
    if plugin.name in _REGISTERED:
        raise RulesDataError(f"corporation plug-in {plugin.name!r} is registered already")
    clashes = sorted(
        {_key_name(key) for name, table in _KEYED.items() for key in getattr(plugin, name) if key in table}
        | {power for power in plugin.anytime if power in OFFER}
    )
    if clashes:
        raise RulesDataError(f"corporation plug-in {plugin.name!r}: powers registered already: {', '.join(clashes)}")
    _REGISTERED[plugin.name] = plugin
    ANYTIME.update(plugin.recorded)
    for power, anytime in plugin.anytime.items():
        if anytime.limit is not None:
            ANYTIME[power] = anytime.limit
        OFFER[power] = anytime.offer
        USE[power] = anytime.use
    for name, table in _KEYED.items():
        table.update(getattr(plugin, name))
    for name, listed in _LISTED.items():
        hook = getattr(plugin, name)
        if hook is not None:
            listed.append(hook)
    TECH_POWERS.extend(power for power in plugin.techs if power not in TECH_POWERS)
    return plugin


def unregister(name: str) -> None:
    """Remove a plug-in and its hooks (tests that add a toy corporation put the tables back as they were)."""
    plugin = _REGISTERED.pop(name)
    for power in plugin.recorded:
        ANYTIME.pop(power)
    for power in plugin.anytime:
        ANYTIME.pop(power, None)
        OFFER.pop(power)
        USE.pop(power)
    for field_name, table in _KEYED.items():
        for key in getattr(plugin, field_name):
            table.pop(key)
    for field_name, listed in _LISTED.items():
        hook = getattr(plugin, field_name)
        if hook is not None:
            listed.remove(hook)
    kept = [power for other in _REGISTERED.values() for power in other.techs]
    TECH_POWERS[:] = [power for power in TECH_POWERS if power in kept]


def registered() -> Mapping[str, CorporationPlugin]:
    """Every registered plug-in by name, in registration order (read-only)."""
    return MappingProxyType(_REGISTERED)


def rules_of(corporation: Corporation) -> CorporationPlugin:
    """The plug-in of ``corporation``'s own rules: the one registered under its data key, else ``STANDARD``
    (Universal Coalition's rules, every hook ``None``). A dict look-up: the rules ask on every step."""
    return _REGISTERED.get(corporation.key, STANDARD)
