"""The rulebook's rules as small pure functions, each named after the clause it implements.

Each docstring quotes the rulebook and shows the clause worked through (the doctests run with the tests).
The engine (``moves/``, ``table.py``) and the teaching helpers (``economy.py``) call these, so a rule lives in
one place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .components import End

CARD_PRICE_CHART = (0, 4, 12, 24, 40, 60, 85)


def draw_cost(count: int, prices: Sequence[int] = CARD_PRICE_CHART, penalty: int = 0) -> int:
    """ "The prices for drawing cards are given in the Card Price Chart ... If Riot is on, subtract one card."

    The total price of drawing ``count`` cards in a turn; during a Riot (``penalty=1``) k cards cost the
    chart's price of k+1 ("if you pay $4, you only draw one card").

    >>> draw_cost(1), draw_cost(3), draw_cost(7)
    (0, 12, 85)
    >>> draw_cost(1, penalty=1)
    4
    """
    if count <= 0:
        return 0
    return prices[count - 1 + penalty]


def going_rates(offers: Sequence[tuple[int, int]], num_types: int) -> tuple[int, ...]:
    """ "The lowest marked price for a particular card type is called the Going Rate."

    ``offers`` are ``(type, price)`` of every card on display; 0 means no going rate for that type.

    >>> going_rates([(0, 11), (0, 14), (1, 18)], 3)  # Feet at $11 and $14, Hands at $18
    (11, 18, 0)
    """
    rates = [0] * num_types
    for card, price in offers:
        if rates[card] == 0 or price < rates[card]:
            rates[card] = price
    return tuple(rates)


def rates_in_force(rates: Sequence[int], category: Sequence[int], monster: bool) -> tuple[int, ...]:
    """ "If the Monster space is on ... the single cheapest item in a particular category sets the Going Rate
    for the entire category." Without the Monster the per-type rates stand.

    >>> rates_in_force((3, 8, 0), category=(0, 0, 0), monster=True)  # Giblets at $3 set every Leftover's rate
    (3, 3, 3)
    >>> rates_in_force((3, 8, 0), category=(0, 0, 0), monster=False)
    (3, 8, 0)
    """
    if not monster:
        return tuple(rates)
    cheapest: dict[int, int] = {}
    for card, rate in enumerate(rates):
        if rate and (category[card] not in cheapest or rate < cheapest[category[card]]):
            cheapest[category[card]] = rate
    return tuple(cheapest.get(category[card], 0) for card in range(len(rates)))


def parts_unknown_value(rate: int, lowest_price: int) -> int:
    """ "Cards in Parts Unknown sell for half the Going Rate, rounding down. If there are no cards on the board
    to establish a Going Rate, then these cards sell for half their minimum price."

    >>> parts_unknown_value(3, 3)  # "all Leftovers in Parts Unknown will sell for $1"
    1
    >>> parts_unknown_value(0, 10)  # no going rate: half the lowest price
    5
    """
    return (rate if rate else lowest_price) // 2


@dataclass(frozen=True, slots=True)
class DemandOutcome:
    """One demand's resolution: what sold (indices into the offers, cheapest first) and what is left."""

    demand: int
    net: int
    sold: tuple[int, ...]
    surplus: int
    shortage: int


def resolve_demand(
    base: int,
    population: int,
    surplus: int,
    shortage: int,
    offers: Sequence[tuple[int, int, int]],
    rates: Sequence[int],
) -> DemandOutcome:
    """ "Viktor ... creates a demand for a+X"; "the Surplus counters are immediately removed, and that amount is
    subtracted from whatever demand he creates" (a Shortage is added); "Only cards at the Going Rate can
    sell"; "if the Scientists buy one item, they will buy everything in that category at that price, even if
    it means exceeding the demand" (a Surplus); "Shortages arise when there is more demand than can be met."

    ``offers`` are ``(seller, type, price)`` of the demanded category's cards on display, ``rates`` the
    going rate in force per type. The Scientists buy price level by price level, cheapest first, while some
    demand is left.

    The rulebook's example: a demand of 2+X with X = 4; four Feet at $11 and three Hands at $18 all sell,
    one more than wanted: a Surplus of 1.

    >>> offers = [(0, 0, 11)] * 4 + [(1, 1, 18)] * 3
    >>> outcome = resolve_demand(2, 4, 0, 0, offers, rates=(11, 18))
    >>> len(outcome.sold), outcome.surplus, outcome.shortage
    (7, 1, 0)

    Without the Hands only four of the six sell: a Shortage of 2.

    >>> resolve_demand(2, 4, 0, 0, offers[:4], rates=(11, 18)).shortage
    2
    """
    demand = base + population
    net = demand - surplus + shortage
    if net <= 0:
        return DemandOutcome(demand, net, (), -net, 0)
    eligible = sorted((price, index) for index, (_, card, price) in enumerate(offers) if price == rates[card])
    remaining = net
    sold: list[int] = []
    position = 0
    while remaining > 0 and position < len(eligible):
        level = eligible[position][0]
        while position < len(eligible) and eligible[position][0] == level:
            sold.append(eligible[position][1])
            position += 1
            remaining -= 1
    return DemandOutcome(demand, net, tuple(sold), max(0, -remaining), max(0, remaining))


def convert(counters: int, dots: int, mode: str = "carry") -> tuple[int, int]:
    """ "If all of the Surplus dots in a particular house are covered, then those counters go away, and one
    counter is added to the Town" (Shortage: one person is removed). "It's possible to momentarily have more
    Shortage or Surplus than a particular house has dots. That's okay, remember the extras, because the rest
    are about to be converted." Returns (Townesfolk changed, counters left).

    ``carry`` (the default, the rulebook's note) keeps the extras; ``clear`` drops them; ``repeat`` converts
    one Townesfolk per full set of dots.

    >>> convert(10, 8)  # eight Shortage dots full, two extras remembered
    (1, 2)
    >>> convert(10, 8, "clear"), convert(17, 8, "repeat"), convert(5, 8)
    ((1, 0), (2, 1), (0, 5))
    """
    if dots <= 0 or counters < dots:
        return 0, counters
    if mode == "carry":
        return 1, counters - dots
    if mode == "repeat":
        return counters // dots, counters % dots
    return 1, 0


def town_after(town: int, change: int) -> int:
    """The Town after one conversion; "If the Town's population reaches zero, the game ends immediately",
    so a Town at zero stays at zero: a later Surplus cannot save it.

    >>> town_after(1, -1), town_after(0, +1), town_after(3, +1)
    (0, 0, 4)
    """
    if town <= 0:
        return 0
    return max(0, town + change)


def end_scores(money: Sequence[int], shelves: Sequence[int], end: End, shelf_value: int = 15) -> tuple[int, ...]:
    """ "If the entire Town disappears ... the player with the most money wins. If, however, the Calendar Pawn
    runs its entire course, then each Shelf Space counts as $15 towards your score."

    >>> end_scores([100, 90], [4, 6], End.CALENDAR)
    (160, 180)
    >>> end_scores([100, 90], [4, 6], End.TOWN)
    (100, 90)
    """
    if end == End.CALENDAR:
        return tuple(m + shelf_value * s for m, s in zip(money, shelves, strict=True))
    return tuple(money)
