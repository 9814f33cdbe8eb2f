"""The fields of a competition's ``State``, apart from the class, with each field's position.

The moves build the next state from ``list(state)`` by position, without keywords (the hot path of every
step: ``_with``'s keyword handling costs more than the copy); they import the positions from here, which
``state.py`` (it imports the moves) could not give them.
"""

from __future__ import annotations

from typing import NamedTuple

from .components import Built, EndReason, Phase, Rules


class Fields(NamedTuple):
    """The fields of ``State``, in order (``State`` adds the protocol and the rules' flow)."""

    rules: Rules
    num_players: int
    round: int
    phase: Phase
    seat: int
    first_player: int
    cogs: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    scrap: tuple[int, ...]
    built: tuple[tuple[Built, ...], ...]
    deck: tuple[int, ...]
    market: tuple[int, ...]
    discard: int
    values: tuple[int, ...]
    order: tuple[int, ...]
    primary_done: bool = False
    built_this_turn: str = ""
    broke_this_turn: str = ""
    clawed_this_turn: bool = False
    passes_in_row: int = 0
    purchases_this_round: int = 0
    bought_mask: int = 0
    rounds_without_purchase: int = 0
    sellers_done: int = 0
    final_round: bool = False
    end_reason: EndReason = EndReason.NONE


FIELD_INDEX = {name: index for index, name in enumerate(Fields._fields)}
(
    ROUND,
    PHASE,
    SEAT,
    COGS,
    HANDS,
    SCRAP,
    BUILT,
    DECK,
    MARKET,
    DISCARD,
    VALUES,
    ORDER,
    PRIMARY_DONE,
    BUILT_THIS_TURN,
    BROKE_THIS_TURN,
    CLAWED_THIS_TURN,
    PASSES_IN_ROW,
    PURCHASES_THIS_ROUND,
    BOUGHT_MASK,
) = (
    FIELD_INDEX[name]
    for name in (
        "round",
        "phase",
        "seat",
        "cogs",
        "hands",
        "scrap",
        "built",
        "deck",
        "market",
        "discard",
        "values",
        "order",
        "primary_done",
        "built_this_turn",
        "broke_this_turn",
        "clawed_this_turn",
        "passes_in_row",
        "purchases_this_round",
        "bought_mask",
    )
)
