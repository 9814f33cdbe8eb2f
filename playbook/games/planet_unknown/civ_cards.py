"""Civ cards: taking one at a milestone (rank rule, empty piles) and the immediate effects, table-driven.

End-of-game cards (medals, Sustainable Living, Space Citizen, Meteorite Repo, Commerce) score in
``scoring.py``; Gaming Commission and Planet Lottery also give an end-of-game advance (``flow.py``).
"""

from __future__ import annotations

from collections.abc import Callable

from .actions import Gain
from .events import CivCardTaken, GainLost
from .powers import civ_options, civ_pile_of
from .tracks import unionization
from .work import Work, add_movement, gain


def civ_choices(w: Work, seat: int) -> tuple[int, tuple[int, ...]]:
    """The rank of the seat's next civ milestone and the cards it may take (that rank's pile; see
    ``powers.civ_options`` for Republic's techs 2 and 5)."""
    return w.civ_queue[seat][0], civ_options(w, seat)


def skip_empty_rank(w: Work, seat: int) -> None:
    rank = w.civ_queue[seat][0]
    w.civ_queue[seat] = w.civ_queue[seat][1:]
    w.add(GainLost(w.round, seat, f"civ card of rank {rank} (the pile is empty)"))


def take_civ_card(w: Work, seat: int, card: int) -> None:
    rank = w.civ_queue[seat][0]
    w.civ_queue[seat] = w.civ_queue[seat][1:]
    pile = civ_pile_of(w, card)
    w.civ_piles[pile] = tuple(c for c in w.civ_piles[pile] if c != card)
    board = w.boards[seat]
    w.set_board(seat, civ_cards=(*board.civ_cards, card))
    info = w.c.civ_card(card)
    w.add(CivCardTaken(w.round, seat, card, info.name, rank))
    effect = IMMEDIATE.get(info.effect)
    if effect is not None:
        effect(w, seat, info.value)


def collect_lifepods(w: Work, seat: int, count: int) -> None:
    """Collect ``count`` lifepods from the planet, one chosen square at a time."""
    if w.boards[seat].lifepods:
        gain(w, seat, Gain.COLLECT_LIFEPOD, count)
    else:
        w.add(GainLost(w.round, seat, "lifepods to collect (none on the planet)"))


def _gains(kind: Gain) -> Callable[[Work, int, int], None]:
    def effect(w: Work, seat: int, value: int) -> None:
        for _ in range(value):
            gain(w, seat, kind)

    return effect


def _gain_with_value(kind: Gain) -> Callable[[Work, int, int], None]:
    def effect(w: Work, seat: int, value: int) -> None:
        gain(w, seat, kind, value)

    return effect


def _teleport(w: Work, seat: int, value: int) -> None:
    if w.boards[seat].rovers:
        gain(w, seat, Gain.TELEPORT)
    else:
        w.add(GainLost(w.round, seat, "teleport (no rover on the planet)"))


IMMEDIATE: dict[str, Callable[[Work, int, int], None]] = {
    "advance_different": _gain_with_value(Gain.DIFFERENT),
    "advance_twice": lambda w, seat, value: gain(w, seat, Gain.TWICE),
    "biomass": _gains(Gain.BIOMASS),
    "movement": add_movement,  # correction 4: no tech 3 bonus
    "extra_tile": _gain_with_value(Gain.EXTRA_TILE),
    "collect_lifepods": collect_lifepods,
    "teleport": _teleport,
    "clear_line": lambda w, seat, value: gain(w, seat, Gain.LINE),
    "unionization": unionization,
    "destroy_meteorites": _gain_with_value(Gain.METEORITES),
}
