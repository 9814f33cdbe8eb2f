"""The asymmetric planets and corporations (issue 14), chosen per seat in ``Rules(planets=..., corporations=...)``.

An entry of ``data/planets.toml`` becomes a ``Planet``: its standard-shaped ``[planet]`` table read by
``components._planet``, plus the hook values (``first_tile``, ``placement``, ``patches``, ``rovers``,
``completion``, ``energy_terrain``, ``scoring``) and its special squares as bitboards (``Planet.special``). The
code that only one planet needs sits in that planet's plug-in module (``planet_plugin.py``, registered in
``planet_registry.py``), keyed by those hook values; the rest of the engine asks ``planets.py``, never a planet's
name. A registered plug-in's hook values are accepted besides the shipped ones (``PLANET_HOOKS``).

Choosing: ``Rules(planets=("gaia", "standard"))`` gives seat 0 Gaia and seat 1 KSB-4156; a single name gives
every seat that planet; ``()`` is the standard game. Corporations are chosen the same way
(``Rules(corporations=...)``). An entry of ``corporations.toml`` becomes a ``Corporation`` (its standard-shaped
table, ``civ_ranks`` and its hook values) only when the engine implements every hook value in
``CORPORATION_HOOKS`` and every tech power in ``components.TECH_EFFECTS``; otherwise it is refused by name with
the list of what is missing, never played as Universal Coalition. Today all eight qualify:
Universal Coalition (``"standard"``) and the seven whose own code is a plug-in registered in ``corporations.py``
(``plugin.CorporationPlugin``; Republic, Horizon Group and Oasis Ultd. in ``powers.py``). Per seat, the engine
reads ``Work.corporations[seat]``, ``Work.tables_of(seat)`` (track tables with the corporation's civ rank map
and nearest-medal scoring) and the plug-in's hooks (``plugin.rules_of``). A plug-in's ``read_entry`` reads the
fields only its corporation has (Wormhole's biomass rows, Flux's upgraded tracks) as the entry is read.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from playbook.core import DataReader, load_toml
from playbook.core.errors import RulesDataError, clipped

from .components import DATA, TECH_EFFECTS, Corporation, Planet, _corporation, _planet
from .planet_plugin import HOOK_VALUES, registered_planets
from .plugin import TECH_POWERS, registered, rules_of

#: Hook values the engine implements, per planet hook key (anything else is refused by name).
PLANET_HOOKS: dict[str, tuple[str, ...]] = {
    "first_tile": ("edge", "centre_squares"),
    "placement": ("none", "ring_needs_outside", "no_mixing", "slide_in", "quadrant_symbols", "one_side"),
    "patches": ("follow_placement", "exempt"),
    "rovers": ("standard", "no_uncovered_toxic", "no_chasm_crossing"),
    "completion": ("all_squares", "uncovered_currents_count"),
    "energy_terrain": ("tiles", "tiles_and_uncovered_currents"),
    "scoring": ("none", "sub_planets", "uncovered_cities"),
}
PLANET_EDGES = ("fewer_than_4_neighbours", "holes_are_neighbours", "outer_frame")
SLIDES = ("path_from_outside", "one_step")
#: Map letters (planets.toml legend) that name a special square kind, by the ``Planet.special`` key.
MAP_LETTERS = {"ring": "R", "centre": "H", "cities": "C", "toxic": "T", "currents": "EQ", "holes": "o"}
TERRAINS = ("civ", "water", "biomass", "rover", "tech", "energy")

STANDARD_KEYS = ("standard", "universal_coalition")
#: Corporation hook values the engine implements (``corporations.toml`` header); each hook's first value is
#: Universal Coalition's. A corporation plays only if every hook value and every tech power is implemented;
#: otherwise it is refused with the list of what is missing (never played as Universal Coalition).
CORPORATION_HOOKS: dict[str, tuple[str, ...]] = {
    "tracker_moves": ("straight", "straight_or_diagonal"),
    "blocking": ("none", "any_piece", "trackers"),
    "medal_scoring": ("own_track", "own_track_spaces_on_path", "occupied_track", "uncovered_only"),
    "tech_unlock": ("milestones", "lifepod_slots"),
    "tech_active": ("reached", "tracker_on_tech_track", "latest_only", "reached_and_uncovered"),
    "on_civ_milestone": ("none", "regress_other"),
    "water_symbol": ("once_if_ice", "per_ice_square"),
    "biomass_symbol": ("advance", "only_if_no_new_area"),
    "energy_choices": ("any", "not_biomass"),
    "meteorites": ("rover_collects", "carry_and_deliver"),
    "lifepods": ("scoring_area", "track_space", "tech_slot"),
    "lifepod_scoring": ("all_collected", "scoring_area_only"),
    "rover_top": ("standard", "needs_space_15_free"),
}
#: Tech powers whose code lives in one corporation's own module (components.TECH_EFFECTS holds the others): the
#: live list the corporation plug-ins fill as ``corporations.py`` registers them (``plugin.CorporationPlugin.techs``),
#: so adding a corporation does not touch this module or components.py.
CORPORATION_TECH_EFFECTS: Sequence[str] = TECH_POWERS
#: winding: Oasis's water path (``[corporations.<key>.water_path]``); rows_of_two: Wormhole's biomass track
TRACK_PATHS = ("linear", "winding", "rows_of_two")


@functools.cache
def _planets_file() -> dict[str, Any]:
    data: dict[str, Any] = load_toml(DATA / "planets.toml")
    return data


def _planet_entries() -> Mapping[str, Any]:
    """The package's ``planets.toml`` entries, plus the entry of any planet plug-in that carries its own
    (``planet_plugin.PlanetPlugin.entry``: a planet tried out before its entry joins the file, or a test's toy)."""
    entries: Mapping[str, Any] = _planets_file()["planets"]
    extra = {name: plugin.entry for name, plugin in registered_planets().items() if plugin.entry is not None}
    return {**entries, **extra} if extra else entries


def planet_keys() -> tuple[str, ...]:
    return tuple(sorted(_planet_entries()))


def chosen(keys: tuple[str, ...], seat: int) -> str:
    """The key chosen for ``seat``: one per seat, one for all, or the standard one."""
    if not keys:
        return "standard"
    return keys[0] if len(keys) == 1 else keys[seat]


def check_choices(planets: tuple[str, ...], corporations: tuple[str, ...]) -> None:
    """Refuse, by name, a planet or corporation that does not exist or that the engine does not implement."""
    if not isinstance(planets, tuple) or not isinstance(corporations, tuple):
        raise RulesDataError("planets and corporations must be tuples of names (one per seat, or one for all)")
    for key in planets:
        if key != "standard":
            planet_entry(key)
    for key in corporations:
        if key not in STANDARD_KEYS:
            corporation_entry(key)


def check_seats(rules_planets: tuple[str, ...], corporations: tuple[str, ...], players: int) -> None:
    for name, keys in (("planets", rules_planets), ("corporations", corporations)):
        if len(keys) not in (0, 1, players):
            raise RulesDataError(f"{name} names {len(keys)} entries: give one per seat ({players}), one, or none")


@functools.cache
def planet_entry(key: str) -> Planet:
    """The planet ``key`` of ``planets.toml`` with its hooks; unknown keys and hook values refused by name."""
    entries = _planet_entries()
    if key not in entries:
        raise RulesDataError(f"planet {key!r} is unknown; known: standard, {', '.join(planet_keys())}")
    reader = DataReader("planets.toml", {"planets": entries}).child("planets").child(key)
    base = _planet(reader.child("planet"))
    if base.edge not in PLANET_EDGES:
        raise reader.fail("planet.edge", f"{base.edge!r} is not implemented; known: {', '.join(PLANET_EDGES)}")
    hooks = {}
    for hook, shipped in PLANET_HOOKS.items():
        known = (*shipped, *(value for value in HOOK_VALUES.get(hook, ()) if value not in shipped))  # plug-ins' too
        value = reader.get(hook, str)
        if value not in known:
            raise reader.fail(hook, f"{value!r} is not an implemented {hook} rule; known: {', '.join(known)}")
        hooks[hook] = value
    slide = reader.get("slide", str, "path_from_outside") if hooks["placement"] == "slide_in" else ""
    if slide and slide not in SLIDES:
        raise reader.fail("slide", f"{slide!r} is not a slide test; known: {', '.join(SLIDES)}")
    entry = entries[key]
    return base._replace(
        key=key,
        first_tile=hooks["first_tile"],
        placement=hooks["placement"],
        patches=hooks["patches"],
        rovers=hooks["rovers"],
        completion=hooks["completion"],
        energy_terrain=hooks["energy_terrain"],
        scoring=hooks["scoring"],
        scoring_value=int(entry.get("scoring_value", 0)),
        slide=slide,
        special=_special(reader, entry),
        quadrants=_quadrants(reader, entry),
    )


@functools.cache
def _corporations_file() -> dict[str, Any]:
    data: dict[str, Any] = load_toml(DATA / "corporations.toml")
    return data


def _corporation_entries() -> Mapping[str, Any]:
    """The package's ``corporations.toml`` entries, plus the entry of any plug-in that carries its own
    (``plugin.CorporationPlugin.entry``: a corporation tried out before its entry joins the file, or a test's toy)."""
    entries: Mapping[str, Any] = _corporations_file()["corporations"]
    extra = {name: plugin.entry for name, plugin in registered().items() if plugin.entry is not None}
    return {**entries, **extra} if extra else entries


def corporation_keys() -> tuple[str, ...]:
    return tuple(sorted(_corporation_entries()))


def missing_rules(key: str) -> list[str]:
    """What the engine does not implement of corporation ``key``: hook values and tech powers, by name."""
    entry = _corporation_entries()[key]
    missing = [
        f"{hook} = {entry.get(hook)!r}" for hook, known in CORPORATION_HOOKS.items() if entry.get(hook) not in known
    ]
    paths = entry.get("track_paths", {})
    missing += [f"track_paths.{track} = {path!r}" for track, path in sorted(paths.items()) if path not in TRACK_PATHS]
    known_techs = (*TECH_EFFECTS, *CORPORATION_TECH_EFFECTS)
    missing += [f"tech {tech!r}" for tech in entry["corporation"]["techs"] if tech not in known_techs]
    return missing


@functools.cache
def corporation_entry(key: str) -> Corporation:
    """Corporation ``key`` of ``corporations.toml``, refused by name (with what is missing) unless the engine
    implements every one of its hooks and techs."""
    entries = _corporation_entries()
    if key not in entries:
        raise RulesDataError(f"corporation {key!r} is unknown; known: standard, {', '.join(corporation_keys())}")
    missing = missing_rules(key)
    if missing:
        raise RulesDataError(
            f"corporation {key!r} is not implemented yet (issue 14), so it is not played as Universal Coalition; "
            f"missing: {'; '.join(missing)}"
        )
    return corporation_table(key)


@functools.cache
def corporation_table(key: str) -> Corporation:
    """Corporation ``key`` as data (tracks, civ ranks, hooks) for tables and lessons, whether or not the engine
    can play it (``corporation_entry`` is the checked way to play one)."""
    entries = _corporation_entries()
    reader = DataReader("corporations.toml", {"corporations": entries}).child("corporations").child(key)
    ranks = tuple(int(r) for r in reader.get("civ_ranks", list))
    entry = entries[key]
    hooks = tuple(sorted((hook, str(entry[hook])) for hook in CORPORATION_HOOKS))
    path = tuple((TERRAINS.index(str(t)), int(p)) for t, p in entry.get("water_path", {}).get("steps", []))
    if path and (path[0] != (1, 0) or any(not 0 <= p < 16 or t > 4 for t, p in path)):
        raise reader.fail("water_path.steps", "must start on water 0 and name [track, position 0-15] steps")
    corporation = _corporation(reader.child("corporation"))
    corporation = corporation._replace(key=key, civ_ranks=ranks, hooks=hooks, water_path=path)
    read = rules_of(corporation).read_entry  # the plug-in's own fields (Wormhole's rows, Flux's upgraded tracks)
    return corporation if read is None else read(entry, corporation)


#: Why a changed ``corporations.toml`` or ``planets.toml`` is refused rather than read, and what to change instead.
UNREAD_FILES = {
    "corporations": (
        "the corporation rules, the bots and the views read the package's own corporations.toml by key "
        "(cosmos.py, flux.py, wormhole.py too), so an edit would play only in part; change a board's spaces with "
        "Rules(track_edits=...) or standard.toml's [corporation]"
    ),
    "planets": (
        "the planet rules and the bots read the package's own planets.toml by key, so an edit would play only "
        "in part; change the standard planet in standard.toml's [planet]"
    ),
}


def check_unedited(path: str | Path, which: str) -> None:
    """Refuse a copy of ``corporations.toml`` or ``planets.toml`` (``which``) that differs from the package's:
    the engine does not read one (``UNREAD_FILES`` says why), and an edit silently ignored would be measured as
    if it played. An unchanged copy is accepted."""
    package = _corporations_file() if which == "corporations" else _planets_file()
    name = Path(path).name
    key = first_difference(load_toml(path), package)
    if key is not None:
        raise RulesDataError(
            f"{name}: {clipped(key, 80)} differs from the package's {which}.toml; an edited {which}.toml is "
            f"refused, not read: {UNREAD_FILES[which]}"
        )


def first_difference(given: object, package: object, where: str = "") -> str | None:
    """The key of the first value of ``given`` that is not the package's (``corporations.republic.civ_ranks[2]``),
    or ``None`` when they are the same data. It walks only as deep as the package's tables go."""
    if isinstance(package, Mapping):
        if not isinstance(given, Mapping):
            return where or "the file"
        for key in [*package, *(key for key in given if key not in package)]:
            inner = f"{where}.{key}" if where else str(key)
            if key not in given or key not in package:
                return inner
            found = first_difference(given[key], package[key], inner)
            if found is not None:
                return found
        return None
    if isinstance(package, list):
        if not isinstance(given, list) or len(given) != len(package):
            return where
        for index, (mine, theirs) in enumerate(zip(given, package, strict=True)):
            found = first_difference(mine, theirs, f"{where}[{index}]")
            if found is not None:
                return found
        return None
    return None if type(given) is type(package) and given == package else where


def _cells(rows: list[str], letters: str) -> int:
    return sum(1 << (r * 12 + c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch in letters)


def _pairs(reader: DataReader, entry: dict[str, Any], key: str) -> int:
    pairs = entry.get(key, [])
    if not all(isinstance(p, list) and len(p) == 2 and all(0 <= v < 12 for v in p) for p in pairs):
        raise reader.fail(key, "must be [row, col] pairs inside the 12 x 12 grid")
    return sum(1 << (r * 12 + c) for r, c in pairs)


def _special(reader: DataReader, entry: dict[str, Any]) -> tuple[tuple[str, int], ...]:
    grid = [str(row) for row in entry.get("map", [])]
    if len(grid) != 12 or any(len(row) != 12 for row in grid):
        raise reader.fail("map", "must be 12 rows of 12 characters")
    found = {name: _cells(grid, letters) for name, letters in MAP_LETTERS.items()}
    found["first"] = _pairs(reader, entry, "first_tile_squares")
    if entry.get("first_tile") == "centre_squares" and not found["first"]:
        raise reader.fail("first_tile_squares", "must name the squares the first tile must cover")
    for letter in "ABC":
        found[f"region_{letter}"] = _cells([str(r) for r in entry.get("regions", [])], letter)
    found["west"] = _cells([str(r) for r in entry.get("sides", [])], "W")
    found["east"] = _cells([str(r) for r in entry.get("sides", [])], "E")
    found["holes"] |= _pairs(reader, entry, "holes")
    found["crossings"] = sum(1 << (r * 12 + c) for pair in entry.get("diagonal_crossings", []) for r, c in pair)
    if entry.get("scoring") == "uncovered_cities":
        found["cities"] |= _pairs(reader, entry, "cities")
    return tuple(sorted((name, mask) for name, mask in found.items() if mask))


def _quadrants(reader: DataReader, entry: dict[str, Any]) -> tuple[tuple[int, int], ...]:
    found = []
    for i, quadrant in enumerate(entry.get("quadrants", [])):
        rows, cols, what = quadrant.get("rows"), quadrant.get("cols"), quadrant.get("forbidden")
        if what not in TERRAINS or not (isinstance(rows, list) and isinstance(cols, list)):
            raise reader.fail(f"quadrants[{i}]", "needs rows [first, last], cols [first, last] and a forbidden terrain")
        box = sum(1 << (r * 12 + c) for r in range(rows[0], rows[1] + 1) for c in range(cols[0], cols[1] + 1))
        found.append((box, TERRAINS.index(what)))
    return tuple(found)
