"""The rulebook's worked examples, through ``apply`` and through the pure functions."""

from __future__ import annotations

from playbook.games.mars_needs_mechanics import SellSet, is_set, set_value

from .helpers import AETHER, EMPTY, WIRE, base, end_round_by_passing, hand, of_kind


def test_edward_sells_four_aether_tubes_at_six_for_24() -> None:
    """For example, if Edward sells a set of 4 Aether Tube cards, each with a value of 6 cogs, he receives 24
    cogs."""
    assert is_set(4, 0)
    assert set_value(4, 6) == 24
    # Aether Tube first in the Order Line at 5 rises to 6 at Adjust Values, then Edward (seat 0) sells
    state = base(2, hands=(hand(aether=4), EMPTY), scrap=(0, 0), values=(5,) * 7)
    selling, _ = end_round_by_passing(state)
    assert selling.values[AETHER] == 6
    after, events = selling.apply(SellSet(AETHER, 4))
    sold = of_kind(events, "set_sold")[0]
    assert (sold.component, sold.cards, sold.scrap, sold.value, sold.cogs) == ("Aether Tube", 4, 0, 6, 24)
    assert after.cogs[0] == 30 + 24 and after.hands[0][AETHER] == 0 and after.discard == state.discard + 4


def test_natalie_sells_two_wire_at_four_with_scrap_for_8() -> None:
    """For example, if Natalie sells a set of 2 Wire cards with a value of 4 and 1 Scrap Metal card, she will
    receive 8 cogs."""
    assert is_set(2, 1) and not is_set(2, 0)
    assert set_value(2, 4) == 8
    # Wire (first in line) at 3 rises to 4; Natalie (seat 1) sells after the first player passes on selling
    values = (5, 3, 5, 5, 5, 5, 5)
    state = base(2, hands=(EMPTY, hand(wire=2)), scrap=(0, 2), values=values, order=(WIRE, 0, 2, 3, 4, 5, 6))
    selling, _ = end_round_by_passing(state)
    assert selling.seat == 1 and selling.values[WIRE] == 4
    after, events = selling.apply(SellSet(WIRE, 2, 1))
    sold = of_kind(events, "set_sold")[0]
    assert (sold.seat, sold.cards, sold.scrap, sold.value, sold.cogs) == (1, 2, 1, 4, 8)
    assert after.cogs == (30, 38) and after.scrap == (0, 1)
