"""Readers of the terrain pairs, shapes, card and scoring tables of ``standard.toml`` and ``cards.toml`` (used by
``components.components_from_files``); every error names its file and key."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from playbook.core import DataReader
from playbook.core.errors import RulesDataError, shown

from .components import (
    CIV_EFFECTS,
    COLOURS,
    EVENT_ARGUMENTS,
    EVENT_EFFECTS,
    NEIGHBOUR_KINDS,
    PRIVATE_KINDS,
    TERRAIN_NAMES,
    CivCard,
    Components,
    EventCard,
    Objective,
    Scoring,
    Shape,
    _ints,
)
from .tuning import TRACK_NAMES, space_token

#: The largest side of a tile shape's grid (a shape holds at most 5 squares).
SHAPE_SIDE = 5


def _civ(reader: DataReader) -> CivCard:
    reader.check_keys(["id", "rank", "name", "effect", "value"])
    effect = reader.get("effect", str)
    if effect not in CIV_EFFECTS:
        raise reader.fail("effect", f"{effect!r} is not a civ effect; known: {', '.join(CIV_EFFECTS)}")
    return CivCard(
        reader.int_in("id", 1, 999), reader.int_in("rank", 1, 4), reader.get("name", str), effect,
        reader.int_in("value", 0, 99),
    )  # fmt: skip


OBJECTIVE_COLUMNS = ("id", "neighbour", "neighbour_what", "private", "private_what")
EVENT_COLUMNS = ("id", "colour", "solo_only", "effect", "arg")


def _row(reader: DataReader, key: str, i: int, row: object, columns: tuple[str, ...]) -> DataReader:
    """A card row (a list) as a table of its named columns, so each value is checked by ``DataReader`` and an
    error names the column (``cards.toml: events[3].id must be int, not float 7.5``)."""
    if not isinstance(row, list) or len(row) != len(columns):
        raise reader.fail(f"{key}[{i}]", f"must be [{', '.join(columns)}]")
    return DataReader(reader.source, dict(zip(columns, row, strict=True)), f"{reader.prefix}{key}[{i}].")


def _choice(reader: DataReader, key: str, choices: tuple[str, ...]) -> str:
    value = reader.get(key, str)
    if value not in choices:
        raise reader.fail(key, f"{shown(value, 60)} is not one of {', '.join(choices)}")
    return value


def _objective(reader: DataReader, i: int, row: object) -> Objective:
    card = _row(reader, "objectives", i, row, OBJECTIVE_COLUMNS)
    whats = ("", *TERRAIN_NAMES)
    return Objective(
        card.int_in("id", 1, 999),
        _choice(card, "neighbour", NEIGHBOUR_KINDS),
        _choice(card, "neighbour_what", whats),
        _choice(card, "private", PRIVATE_KINDS),
        _choice(card, "private_what", whats),
    )


def _event(reader: DataReader, i: int, row: object) -> EventCard:
    card = _row(reader, "events", i, row, EVENT_COLUMNS)
    effect = _choice(card, "effect", EVENT_EFFECTS)
    return EventCard(
        card.int_in("id", 1, 999),
        _choice(card, "colour", COLOURS),
        card.get("solo_only", bool),
        effect,
        _event_argument(card, EVENT_ARGUMENTS.get(effect, "")),
    )


def _event_argument(card: DataReader, kind: str) -> str:
    """The argument an event's effect reads during play, checked here so an edit fails on loading, not mid-game."""
    arg = card.get("arg", str)
    if kind == "tracks":
        names = arg.split(",")
        if not 1 <= len(names) <= 5 or len(set(names)) != len(names) or set(names) - set(TERRAIN_NAMES[:5]):
            raise card.fail("arg", f"{shown(arg, 60)} must name 1-5 different tracks, joined by commas")
    elif kind == "times":
        if arg not in ("1", "2", "3", "4", "5"):
            raise card.fail("arg", f"{shown(arg, 60)} must be how many regressions: 1 to 5")
    elif kind == "terrain":
        if arg not in TERRAIN_NAMES:
            raise card.fail("arg", f"{shown(arg, 60)} must be one terrain: {', '.join(TERRAIN_NAMES)}")
    elif arg:
        raise card.fail("arg", f"{shown(arg, 60)} must be empty: {card.data['effect']!r} takes no argument")
    return arg


def _scoring(reader: DataReader) -> Scoring:
    keys = Scoring._fields
    reader.check_keys(keys)
    values: list[Any] = []
    for key in keys:
        if key in ("lifepod", "meteorites_per_point", "neighbour_win", "neighbour_tie", "private", "solo_base"):
            values.append(reader.int_in(key, 0, 1000))
        else:
            values.append(_ints(reader, key))
    return Scoring(*values)


def _terrain(reader: DataReader, key: str, name: object) -> int:
    if name not in TERRAIN_NAMES:
        raise reader.fail(key, f"{name!r} is not a terrain; terrains: {', '.join(TERRAIN_NAMES)}")
    return TERRAIN_NAMES.index(str(name))


def _pair(reader: DataReader, i: int, pair: object) -> tuple[int, int]:
    if not isinstance(pair, list) or len(pair) != 2:
        raise reader.fail(f"terrain_pairs[{i}]", "must be two terrain names")
    return (_terrain(reader, f"terrain_pairs[{i}]", pair[0]), _terrain(reader, f"terrain_pairs[{i}]", pair[1]))


def _shape(reader: DataReader, name: str) -> Shape:
    reader.check_keys(["rows", "meteor"])
    cells = []
    for y, row in enumerate(reader.get("rows", list)):
        for x, char in enumerate(str(row)):
            if char in "AaBb":
                cells.append((x, y, 0 if char in "Aa" else 1, char.islower()))
            elif char != ".":
                raise reader.fail("rows", f"has {char!r}; use A, a, B, b or .")
    meteor = _ints(reader, "meteor")  # ints only: [1.0, 0] or [true, 0] would equal a square's [1, 0]
    symbols = sorted(part for _, _, part, symbol in cells if symbol)
    if symbols != [0, 1]:
        raise reader.fail("rows", "must have exactly one a and one b (the two resource symbols)")
    if len(meteor) != 2 or not any((x, y) == meteor for x, y, *_ in cells):
        raise reader.fail("meteor", f"{shown(list(meteor), 60)} must be [x, y] of a square of the shape")
    return Shape(name, tuple(sorted(cells, key=lambda c: (c[1], c[0]))), (meteor[0], meteor[1]))


def _mapping(value: object) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise RulesDataError("rules.data must be an object")
    return value


# -- writing the data back -------------------------------------------------------------------------------------
def component_files(c: Components) -> tuple[dict[str, Any], dict[str, Any]]:
    """The ``standard.toml`` and ``cards.toml`` tables that read back as ``c`` (``components_from_files``): how
    components changed in Python after reading (``dataclasses.replace(rules.c, planet=...)``) are saved with a
    match. A value no data file can hold is written as it is, so reading it back refuses it by key."""
    base = {
        "terrain_pairs": [[_terrain_name(a), _terrain_name(b)] for a, b in c.terrain_pairs],
        "exterior": list(c.exterior),
        "interior": list(c.interior),
        "tiles_per_stack": c.tiles_per_stack,
        "shapes": {shape.name: _shape_table(shape) for shape in c.shapes},
        "planet": {
            "name": c.planet.name,
            "rows": list(c.planet.rows),
            "row_medals": list(c.planet.row_medals),
            "column_medals": list(c.planet.column_medals),
            "edge": c.planet.edge,
        },
        "corporation": {
            "name": c.corporation.name,
            **{
                name: [space_token(s) for s in track]
                for name, track in zip(TRACK_NAMES, c.corporation.tracks, strict=False)
            },
            "techs": list(c.corporation.techs),
            "meteorite_supply": c.corporation.meteorite_supply,
            "biomass_supply": c.corporation.biomass_supply,
        },
        "civ": [card._asdict() for card in c.civ],
        "scoring": {key: list(v) if isinstance(v, tuple) else v for key, v in c.scoring._asdict().items()},
    }
    deck = {
        "objectives": [list(card) for card in c.objectives],
        "objective_numbers": dict(c.objective_numbers),
        "events": [list(card) for card in c.events],
    }
    return base, deck


def _terrain_name(terrain: int) -> str | int:
    return TERRAIN_NAMES[terrain] if 0 <= terrain < len(TERRAIN_NAMES) else terrain


def _shape_table(shape: Shape) -> dict[str, Any]:
    """A shape's rows of A/a/B/b (a lower case letter is the part's resource symbol) and its meteor square."""
    grid = [["."] * SHAPE_SIDE for _ in range(SHAPE_SIDE)]
    for x, y, part, symbol in shape.cells:
        if not (0 <= x < SHAPE_SIDE and 0 <= y < SHAPE_SIDE and part in (0, 1)):
            return {"rows": ["?"], "meteor": list(shape.meteor)}  # read back, refused naming the shape
        grid[y][x] = "ab"[part] if symbol else "AB"[part]
    return {"rows": ["".join(row) for row in grid], "meteor": list(shape.meteor)}
