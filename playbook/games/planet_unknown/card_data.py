"""Readers of the terrain pairs, shapes, card and scoring tables of ``standard.toml`` and ``cards.toml`` (used by
``components.components_from_files``); every error names its file and key."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from playbook.core import DataReader
from playbook.core.errors import RulesDataError

from .components import (
    CIV_EFFECTS,
    COLOURS,
    EVENT_EFFECTS,
    NEIGHBOUR_KINDS,
    PRIVATE_KINDS,
    TERRAIN_NAMES,
    CivCard,
    EventCard,
    Objective,
    Scoring,
    Shape,
    _ints,
)


def _civ(reader: DataReader) -> CivCard:
    reader.check_keys(["id", "rank", "name", "effect", "value"])
    effect = reader.get("effect", str)
    if effect not in CIV_EFFECTS:
        raise reader.fail("effect", f"{effect!r} is not a civ effect; known: {', '.join(CIV_EFFECTS)}")
    return CivCard(
        reader.int_in("id", 1, 999), reader.int_in("rank", 1, 4), reader.get("name", str), effect,
        reader.int_in("value", 0, 99),
    )  # fmt: skip


def _objective(reader: DataReader, i: int, row: object) -> Objective:
    if not isinstance(row, list) or len(row) != 5:
        raise reader.fail(f"objectives[{i}]", "must be [id, neighbour kind, what, private kind, what]")
    if row[1] not in NEIGHBOUR_KINDS or row[3] not in PRIVATE_KINDS:
        raise reader.fail(f"objectives[{i}]", f"has an unknown kind {row[1]!r} or {row[3]!r}")
    for what in (row[2], row[4]):
        if what and what not in TERRAIN_NAMES:
            raise reader.fail(f"objectives[{i}]", f"{what!r} is not a terrain")
    return Objective(int(row[0]), str(row[1]), str(row[2]), str(row[3]), str(row[4]))


def _event(reader: DataReader, i: int, row: object) -> EventCard:
    if not isinstance(row, list) or len(row) != 5:
        raise reader.fail(f"events[{i}]", "must be [id, colour, solo_only, effect, argument]")
    if row[1] not in COLOURS or row[3] not in EVENT_EFFECTS or not isinstance(row[2], bool):
        raise reader.fail(f"events[{i}]", f"has an unknown colour or effect: {row!r}")
    return EventCard(int(row[0]), str(row[1]), bool(row[2]), str(row[3]), str(row[4]))


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
    meteor = reader.get("meteor", list)
    symbols = sorted(part for _, _, part, symbol in cells if symbol)
    if symbols != [0, 1]:
        raise reader.fail("rows", "must have exactly one a and one b (the two resource symbols)")
    if len(meteor) != 2 or not any([x, y] == meteor for x, y, *_ in cells):
        raise reader.fail("meteor", f"{meteor!r} must be [x, y] of a square of the shape")
    return Shape(name, tuple(sorted(cells, key=lambda c: (c[1], c[0]))), (int(meteor[0]), int(meteor[1])))


def _keys(reader: DataReader, key: str) -> tuple[str, ...]:
    values = reader.get(key, list, [])
    if not all(isinstance(v, str) for v in values):
        raise RulesDataError(f"rules: {key} must be a list of names")
    return tuple(values)


def _mapping(value: object) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise RulesDataError("rules.data must be an object")
    return value
