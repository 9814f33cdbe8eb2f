"""The corporation plug-in protocol (issue 23, point 2): what a corporation's own module hands the base rules.

Why a protocol: the base rules (``powers.py``, ``variants.py``) used to import every corporation module and merge
their dicts by hand, so a new corporation meant edits in several base modules and longer import cycles. Now a
corporation's module builds one ``CorporationPlugin`` from its own functions, ``corporations.py`` registers it
(one line per corporation), and the base rules read the merged tables kept here. This module imports nothing of
the engine at run time, so every module may import it without a cycle.

The hooks a plug-in may implement today, each read by the base rule named:

- ``techs``: the tech powers the module codes (``variants.missing_rules`` accepts a corporation only when each of
  its tech powers is coded somewhere);
- ``anytime``: the powers offered as ``UsePower(level)`` (``powers.power_levels`` / ``use_power``), each with its
  use limit (``"per_round"``, ``"per_game"`` or ``None`` for no limit) and its offer and use functions;
- ``recorded``: powers used through the choices they add (never as ``UsePower``) whose use is still recorded in
  ``Board.powers_used`` with a limit (Jump Drive techs 1-3), so round start clears them like the others;
- ``after_tile``: called by ``powers.after_tile`` once a tile is placed, when the seat has the keyed tech;
- ``rover_jumps``: the teleports a rover may make for 1 movement (``powers.civ_jumps``), when the seat has the
  keyed tech;
- ``refusals``: why an action of the corporation's own kinds is refused (``moves.PoolMove.why_not``), by kind;
- ``why_not_power``: why a ``UsePower`` is refused, in the corporation's words ("" when it has none;
  ``moves.PowerMove.why_not``);
- ``entry``: the corporation's data entry, when it is not in ``data/corporations.toml``.

A corporation's other hooks (placement, tracks, scoring, observation, bot values, view drawing) are still called
by name from the base modules listed in ``docs/engine_template.md``; moving them behind this protocol is the
rest of issue 23's point 2.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from playbook.core.errors import RulesDataError

if TYPE_CHECKING:
    from .work import Work

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
    techs: tuple[str, ...] = ()
    anytime: Mapping[str, AnytimePower] = field(default_factory=dict)
    recorded: Mapping[str, str] = field(default_factory=dict)
    after_tile: Mapping[str, AfterTile] = field(default_factory=dict)
    rover_jumps: Mapping[str, RoverJumps] = field(default_factory=dict)
    refusals: Mapping[type, Refusal] = field(default_factory=dict)
    why_not_power: WhyNotPower | None = None
    #: A ``corporations.toml``-shaped entry for a corporation not (yet) in the package's file; ``None`` for those
    #: whose entry is in the file (every shipped corporation). ``variants.py`` reads both alike.
    entry: Mapping[str, Any] | None = None


_REGISTERED: dict[str, CorporationPlugin] = {}
#: The merged tables the base rules read (filled by ``register``; dicts, so a look-up costs what it did before).
ANYTIME: dict[str, str] = {}
OFFER: dict[str, Offer] = {}
USE: dict[str, Use] = {}
AFTER_TILE: dict[str, AfterTile] = {}
ROVER_JUMPS: dict[str, RoverJumps] = {}
TECH_POWERS: list[str] = []
REFUSALS: dict[type, Refusal] = {}
WHY_NOT_POWER: list[WhyNotPower] = []


def register(plugin: CorporationPlugin) -> CorporationPlugin:
    """Add a corporation's hooks to the tables the base rules read. A name or a power registered twice is an
    error: two corporations coding one power would make the answer depend on import order."""
    if plugin.name in _REGISTERED:
        raise RulesDataError(f"corporation plug-in {plugin.name!r} is registered already")
    taken = set(OFFER) | set(AFTER_TILE) | set(ROVER_JUMPS) | {kind.__name__ for kind in REFUSALS}
    offered = set(plugin.anytime) | set(plugin.after_tile) | set(plugin.rover_jumps)
    clashes = sorted(taken & (offered | {kind.__name__ for kind in plugin.refusals}))
    if clashes:
        raise RulesDataError(f"corporation plug-in {plugin.name!r}: powers registered already: {', '.join(clashes)}")
    _REGISTERED[plugin.name] = plugin
    ANYTIME.update(plugin.recorded)
    for power, anytime in plugin.anytime.items():
        if anytime.limit is not None:
            ANYTIME[power] = anytime.limit
        OFFER[power] = anytime.offer
        USE[power] = anytime.use
    AFTER_TILE.update(plugin.after_tile)
    ROVER_JUMPS.update(plugin.rover_jumps)
    REFUSALS.update(plugin.refusals)
    if plugin.why_not_power is not None:
        WHY_NOT_POWER.append(plugin.why_not_power)
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
    for power in plugin.after_tile:
        AFTER_TILE.pop(power)
    for power in plugin.rover_jumps:
        ROVER_JUMPS.pop(power)
    for kind in plugin.refusals:
        REFUSALS.pop(kind)
    if plugin.why_not_power is not None:
        WHY_NOT_POWER.remove(plugin.why_not_power)
    kept = [power for other in _REGISTERED.values() for power in other.techs]
    TECH_POWERS[:] = [power for power in TECH_POWERS if power in kept]


def registered() -> Mapping[str, CorporationPlugin]:
    """Every registered plug-in by name, in registration order (read-only)."""
    return MappingProxyType(_REGISTERED)
