"""Event cards: what a revealed card does once for the table and then for each player, table-driven.

Round restrictions (no edge, no ice, no matching neighbours, rovers avoiding a terrain, one resource, no
milestones, no synergy) are not effects here: the rules read ``Work.event_effect()`` while the card is
the round's event (``planet.py`` and ``tracks.py``).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from playbook.core.engine import derived_seed

from . import lifepods
from .actions import Gain
from .components import tracks_named
from .events import EventRevealed, GainLost, TokenMoved
from .work import Work, gain


def _mask(arg: str) -> int:
    return sum(1 << t for t in tracks_named(arg))


def reveal(w: Work) -> None:
    """Turn the top event card; a card with a table-wide effect applies it now."""
    card = w.event_deck[0]
    w.event_deck = w.event_deck[1:]
    w.event = card
    info = w.c.event(card)
    w.add(EventRevealed(w.round, card, info.colour, info.effect))
    table = TABLE_EFFECTS.get(info.effect)
    if table is not None:
        table(w)


def for_seat(w: Work, seat: int) -> None:
    """The event's effect on one player (the acting seat), as gains in their pool or done at once."""
    info = w.c.event(w.event)
    effect = SEAT_EFFECTS.get(info.effect)
    if effect is not None:
        effect(w, seat, info.arg)


def _remove_civ_cards(w: Work) -> None:
    """Event 112: one random civ card leaves each rank (a seed derived from the game's, per round)."""
    rng = random.Random(derived_seed(w.seed, "event112", w.round))
    for rank, pile in enumerate(w.civ_piles):
        if pile:
            gone = pile[rng.randrange(len(pile))]
            w.civ_piles[rank] = tuple(c for c in pile if c != gone)


def _extra_civ(w: Work) -> None:
    """Solo event 66: one card set aside at setup joins each rank (the first set aside of that rank)."""
    aside = list(w.civ_aside)
    for rank in range(1, 5):
        card = next((c for c in aside if w.c.civ_card(c).rank == rank), None)
        if card is not None:
            aside.remove(card)
            w.civ_piles[rank - 1] = (*w.civ_piles[rank - 1], card)
    w.civ_aside = tuple(aside)


def _extra_objective(w: Work) -> None:
    """Solo event 67: the next objective card of the (hidden, seeded) deck joins the player's."""
    if w.objective_deck:
        card, w.objective_deck = w.objective_deck[0], w.objective_deck[1:]
        board = w.boards[0]
        w.set_board(0, objectives=(*board.objectives, card))


TABLE_EFFECTS: dict[str, Callable[[Work], None]] = {
    "remove_civ_cards": _remove_civ_cards,
    "solo_extra_civ": _extra_civ,
    "solo_extra_objective": _extra_objective,
}


def _collect_one(token: str) -> Callable[[Work, int, str], None]:
    def effect(w: Work, seat: int, arg: str) -> None:
        board = w.boards[seat]
        layer = board.lifepods if token == "lifepod" else board.meteorites
        if not layer:
            w.add(GainLost(w.round, seat, f"{token} to collect (none on the planet)"))
            return
        gain(w, seat, Gain.COLLECT_LIFEPOD if token == "lifepod" else Gain.COLLECT_METEORITE, 1)

    return effect


def _lose_one(token: str) -> Callable[[Work, int, str], None]:
    def effect(w: Work, seat: int, arg: str) -> None:
        board = w.boards[seat]
        if token == "lifepod" and lifepods.lose(w, seat):  # Cosmos: the player picks which (cosmos.lose)
            return
        if token == "lifepod" and board.lifepods_collected:
            w.set_board(seat, lifepods_collected=board.lifepods_collected - 1)
        elif token == "meteorite" and board.meteorites_collected:
            w.set_board(seat, meteorites_collected=board.meteorites_collected - 1)
        else:
            return
        w.add(TokenMoved(w.round, seat, token, "destroyed", -1, -1))

    return effect


def _simple(kind: Gain, value: Callable[[str], int] = lambda arg: 0) -> Callable[[Work, int, str], None]:
    def effect(w: Work, seat: int, arg: str) -> None:
        gain(w, seat, kind, value(arg))

    return effect


def _add_meteorite(w: Work, seat: int, arg: str) -> None:
    if w.tech(seat, "meteor_shield"):  # tech 5: the event meteorite is optional; we decline it (ruling)
        w.add(GainLost(w.round, seat, "event meteorite (declined with the meteor shield)"))
        return
    gain(w, seat, Gain.ADD_METEORITE)


def _destroy_rover(w: Work, seat: int, arg: str) -> None:
    if len(w.boards[seat].rovers) > 1:
        gain(w, seat, Gain.DESTROY_ROVER)


def _destroy_lifepod(w: Work, seat: int, arg: str) -> None:
    if w.boards[seat].lifepods:
        gain(w, seat, Gain.DESTROY_LIFEPOD)


SEAT_EFFECTS: dict[str, Callable[[Work, int, str], None]] = {
    "advance_three_no_benefit": _simple(Gain.THREE_NO_BENEFIT, _mask),
    "advance_one_of": _simple(Gain.ONE_OF, _mask),
    "solo_rotate": _simple(Gain.ROTATE),
    "biomass": _simple(Gain.BIOMASS),
    "synergy": _simple(Gain.SYNERGY),
    "collect_lifepod": _collect_one("lifepod"),
    "collect_meteorite": _collect_one("meteorite"),
    "regress_one_of": _simple(Gain.REGRESS, lambda arg: _mask(arg) | 1 << 8),
    "add_meteorite": _add_meteorite,
    "regress_any": _simple(Gain.REGRESS, lambda arg: 0b11111 | int(arg) << 8),
    "solo_destroy_objective": _simple(Gain.DISCARD_OBJECTIVE),
    "destroy_rover": _destroy_rover,
    "destroy_lifepod": _destroy_lifepod,
    "lose_lifepod": _lose_one("lifepod"),
    "lose_meteorite": _lose_one("meteorite"),
    "solo_remove_shape": _simple(Gain.REMOVE_SHAPE),
    "synergy_or_peek": _simple(Gain.SYNERGY_OR_PEEK),
}

#: Effects that only restrict the round (read where the rule applies).
ROUND_RULES = (
    "rovers_avoid", "no_edge", "one_resource", "no_milestones", "no_matching_neighbours", "no_ice", "no_synergy",
    "solo_extra_rover",
)  # fmt: skip
