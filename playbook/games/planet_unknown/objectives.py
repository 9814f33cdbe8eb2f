"""Objective cards: the neighbour side (a number compared between two planets) and the private side (met or
not), table-driven by the kinds in ``data/cards.toml``."""

from __future__ import annotations

from collections.abc import Callable

from .board import Board, track_tables
from .components import TERRAIN_NAMES, Components, Objective, Terrain
from .geometry import PlanetMasks, areas, rectangles
from .planets import energy_layer


def _t(what: str) -> int:
    return TERRAIN_NAMES.index(what)


def tracks_at_top(board: Board, c: Components, tops: tuple[int, ...] | None = None) -> int:
    """How many trackers stand at the top of their track (``tops``: the seat's corporation's; default UC's)."""
    tops = tops or track_tables(c.corporation).top
    return sum(board.trackers[t] >= tops[t] for t in range(5))


#: Neighbour side: the number each planet is compared on ("fewest" kinds are negated: most wins).
NEIGHBOUR: dict[str, Callable[[Board, Components, PlanetMasks, str, tuple[int, ...]], int]] = {
    "edge_symbols": lambda b, c, m, what, tops: (b.symbols[_t(what)] & m.edge).bit_count(),
    "largest_area": lambda b, c, m, what, tops: max((a.bit_count() for a in areas(b.terrain[_t(what)])), default=0),
    "areas": lambda b, c, m, what, tops: len(areas(b.terrain[_t(what)])),
    "fewest_symbols": lambda b, c, m, what, tops: -b.symbols[_t(what)].bit_count(),
    "tracks_at_top": lambda b, c, m, what, tops: tracks_at_top(b, c, tops),
    "most_meteorites": lambda b, c, m, what, tops: b.meteorites_collected,
    "most_lifepods": lambda b, c, m, what, tops: b.lifepods_collected,
    "fewest_meteorites": lambda b, c, m, what, tops: -b.meteorites_collected,
    "fewest_lifepods": lambda b, c, m, what, tops: -b.lifepods_collected,
}


def neighbour_value(
    card: Objective, board: Board, c: Components, masks: PlanetMasks, tops: tuple[int, ...] | None = None
) -> int:
    """The number a planet is compared on (``tops``: the seat's corporation's track tops, default UC's)."""
    return NEIGHBOUR[card.neighbour](board, c, masks, card.neighbour_what, tops or track_tables(c.corporation).top)


def _rect(board: Board, masks: PlanetMasks, what: str, windows: tuple[int, ...]) -> bool:
    """A full window of the terrain (energy: Petra's uncovered currents count, ``planets.energy_layer``)."""
    layer = energy_layer(masks.planet, board) if _t(what) == Terrain.ENERGY else board.terrain[_t(what)]
    return any(layer & window == window for window in windows)


def _area_symbols(board: Board, c: Components, what: str) -> bool:
    t = _t(what)
    need = c.number("area_symbols")
    return any((area & board.symbols[t]).bit_count() >= need for area in areas(board.terrain[t]))


PRIVATE: dict[str, Callable[[Board, Components, PlanetMasks, str, tuple[int, ...]], bool]] = {
    "square3": lambda b, c, m, what, tops: _rect(b, m, what, rectangles(3, 3)),
    "area_symbols": lambda b, c, m, what, tops: _area_symbols(b, c, what),
    "rect2x5": lambda b, c, m, what, tops: _rect(b, m, what, rectangles(2, 5) + rectangles(5, 2)),
    "track_top": lambda b, c, m, what, tops: b.trackers[_t(what)] >= tops[_t(what)],
    "max_energy_symbols": lambda b, c, m, what, tops: (
        b.symbols[Terrain.ENERGY].bit_count() <= c.number("max_energy_symbols")
    ),
    "meteorites": lambda b, c, m, what, tops: b.meteorites_collected >= c.number("meteorites"),
    "lifepods_over_meteorites": lambda b, c, m, what, tops: b.lifepods_collected > b.meteorites_collected,
    "ice_covered": lambda b, c, m, what, tops: m.ice & ~b.covered == 0,
    "land_covered": lambda b, c, m, what, tops: m.land & ~b.covered == 0,
}


def private_met(
    card: Objective, board: Board, c: Components, masks: PlanetMasks, tops: tuple[int, ...] | None = None
) -> bool:
    """Is the private objective met (``tops``: the seat's corporation's track tops, default UC's)?"""
    return PRIVATE[card.private](board, c, masks, card.private_what, tops or track_tables(c.corporation).top)


def neighbour_pairs(players: int, cards: tuple[int, ...]) -> list[tuple[int, int, int]]:
    """(card, seat, seat) for each neighbour card: between k and k+1 (3-6 players), all 3 shared by 2."""
    if players == 2:
        return [(card, 0, 1) for card in cards]
    if players < 2:
        return []
    return [(card, k, (k + 1) % players) for k, card in enumerate(cards)]
