"""A market written by hand and what the Scientists buy from it: the going-rate explorer's engine.

A *market* is a few lines, one per pile of cards on display::

    Ann: 4 Feet at $11
    Bob: 3 Hands at $18
    Cy: Hands at $24

(the count defaults to 1; ``(seller, card, price, count)`` tuples work too). Every function takes
``rules`` (default ``Rules.standard()``) for the card data, and applies the rulebook's own functions
(``rulebook.py``). ``economy`` re-exports all of it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from playbook.core.errors import InvalidActionError

from .components import Rules
from .rulebook import draw_cost, going_rates, parts_unknown_value, rates_in_force, resolve_demand

_LINE = re.compile(
    r"^\s*(?P<seller>[^:]+?)\s*:\s*(?:(?P<count>\d+)\s*x?\s+)?(?P<card>.+?)\s+at\s+\$?(?P<price>\d+)\s*$"
)


@dataclass(frozen=True, slots=True)
class Offer:
    """A pile on display: ``count`` cards of ``card`` that ``seller`` marked at ``price``."""

    seller: str
    card: str
    price: int
    count: int = 1


MarketLike = str | Iterable[Offer | tuple[str, str, int] | tuple[str, str, int, int]]


def _offer(item: object) -> Offer | None:
    """One market entry as an ``Offer`` (None for a blank or comment line)."""
    if isinstance(item, Offer):
        return item
    if isinstance(item, str):
        if not item.strip() or item.strip().startswith("#"):
            return None
        match = _LINE.match(item)
        if match is None:
            raise InvalidActionError(f"cannot read the market line {item!r}: write 'Ann: 4 Feet at $11'")
        return Offer(match["seller"], match["card"], int(match["price"]), int(match["count"] or 1))
    if isinstance(item, tuple) and len(item) in (3, 4):
        return Offer(*item)
    raise InvalidActionError(f"cannot read the market entry {item!r}")


def parse_market(market: MarketLike, rules: Rules | None = None) -> list[Offer]:
    """The offers of a market written as lines ("Ann: 4 Feet at $11") or given as tuples/``Offer``s."""
    rules = rules or Rules.standard()
    offers: list[Offer] = []
    items: Iterable[object] = market.splitlines() if isinstance(market, str) else market
    for item in items:
        offer = _offer(item)
        if offer is None:
            continue
        rules.card(offer.card)  # refuses unknown card names
        if offer.count < 0 or offer.price < 0:
            raise InvalidActionError(f"{offer}: counts and prices are not negative")
        offers.append(offer)
    return offers


def going_rate_table(market: MarketLike, *, monster: bool = False, rules: Rules | None = None) -> dict[str, int]:
    """The going rate of each card type shown (its lowest marked price); with ``monster`` each type's rate
    is its category's single cheapest card."""
    rules = rules or Rules.standard()
    tables = rules.tables
    offers = parse_market(market, rules)
    rates = going_rates([(rules.card(o.card), o.price) for o in offers if o.count], tables.num_types)
    rates = rates_in_force(rates, tables.category, monster)
    return {tables.names[c]: r for c, r in enumerate(rates) if r}


def category_going_rates(market: MarketLike, rules: Rules | None = None) -> dict[str, int]:
    """While the Monster is on: each category's going rate, set by its single cheapest card."""
    rules = rules or Rules.standard()
    out: dict[str, int] = {}
    for offer in parse_market(market, rules):
        if not offer.count:
            continue
        category = rules.categories[rules.cards[rules.card(offer.card)].category]
        if category not in out or offer.price < out[category]:
            out[category] = offer.price
    return out


@dataclass(frozen=True, slots=True)
class Resolution:
    """One demand's resolution: the sales (seller, card, price, count), what is left, and why."""

    category: str
    demand: int
    net: int
    sold: tuple[Offer, ...]
    surplus: int
    shortage: int
    why: tuple[str, ...]

    @property
    def cards_sold(self) -> int:
        return sum(o.count for o in self.sold)

    @property
    def revenue(self) -> int:
        return sum(o.count * o.price for o in self.sold)

    def __str__(self) -> str:
        return "\n".join(self.why)


def demand_resolution(
    market: MarketLike,
    demand: int,
    *,
    category: str | None = None,
    surplus: int = 0,
    shortage: int = 0,
    monster: bool = False,
    rules: Rules | None = None,
) -> Resolution:
    """Resolve a demand for ``demand`` cards (a + X already added) of ``category`` against ``market``.

    ``category`` defaults to the category of the market's first card; cards of other categories are
    ignored. ``surplus``/``shortage`` are the counters already in the house. Wraps ``rules.resolve_demand``.
    """
    rules = rules or Rules.standard()
    tables = rules.tables
    offers = [o for o in parse_market(market, rules) if o.count]
    category = _demand_category(offers, category, rules)
    cat = rules.categories.index(category)
    shown = going_rates([(rules.card(o.card), o.price) for o in offers], tables.num_types)
    rates = rates_in_force(shown, tables.category, monster)
    singles: list[tuple[int, int, int]] = []
    owners: list[Offer] = []
    for index, offer in enumerate(offers):
        card = rules.card(offer.card)
        if tables.category[card] == cat:
            singles.extend((index, card, offer.price) for _ in range(offer.count))
            owners.extend(offer for _ in range(offer.count))
    outcome = resolve_demand(demand, 0, surplus, shortage, singles, rates)
    piles: dict[tuple[str, str, int], int] = {}
    for index in outcome.sold:
        offer = owners[index]
        key = (offer.seller, offer.card, offer.price)
        piles[key] = piles.get(key, 0) + 1
    why = _why_header(demand, category, surplus, shortage, outcome.net)
    rate_words = ", ".join(f"{tables.names[c]} ${r}" for c, r in enumerate(rates) if r and tables.category[c] == cat)
    kind = "category (Monster: its single cheapest card)" if monster else "type"
    why.append(f"Going rate per {kind}: {rate_words or 'none shown'}.")
    for index, offer in enumerate(owners):
        if offer.price != rates[rules.card(offer.card)] and (index == 0 or owners[index - 1] is not offer):
            why.append(f"  {offer.seller}'s {offer.card} at ${offer.price} is above the going rate: it cannot sell.")
    why.extend(_why_levels(piles, outcome.net))
    why.append(_why_left(outcome.net, outcome.surplus, outcome.shortage, category))
    sold = tuple(Offer(seller, card, price, n) for (seller, card, price), n in piles.items())
    return Resolution(category, demand, outcome.net, sold, outcome.surplus, outcome.shortage, tuple(why))


def _demand_category(offers: Sequence[Offer], category: str | None, rules: Rules) -> str:
    if category is None:
        if not offers:
            raise InvalidActionError("name the category: the market is empty")
        category = rules.category_of(offers[0].card)
    if category not in rules.categories:
        raise InvalidActionError(f"{category!r} is not a category ({', '.join(rules.categories)})")
    return category


def _why_header(demand: int, category: str, surplus: int, shortage: int, net: int) -> list[str]:
    why = [f"Demand for {demand} {category}"]
    if surplus:
        why.append(f"  less the Surplus of {surplus} already in the house")
    if shortage:
        why.append(f"  plus the Shortage of {shortage} already in the house")
    why.append(f"  = {net} to buy.")
    return why


def _why_levels(piles: dict[tuple[str, str, int], int], net: int) -> list[str]:
    lines = []
    left = net
    for price in dict.fromkeys(p for (_, _, p) in piles):
        at_level = sum(n for (_, _, p), n in piles.items() if p == price)
        names = ", ".join(f"{n} {card} from {seller}" for (seller, card, p), n in piles.items() if p == price)
        lines.append(
            f"At ${price} the Scientists buy everything at that price: {names} ({at_level} cards; "
            f"{max(left, 0)} were still wanted)."
        )
        left -= at_level
    return lines


def _why_left(net: int, surplus: int, shortage: int, category: str) -> str:
    if net <= 0:
        left = f"a Surplus of {surplus}" if surplus else "nothing"
        return f"Nothing is bought: the Surplus covers the demand. Left: {left}."
    if surplus:
        return f"Left: a Surplus of {surplus} (more {category} sold than wanted)."
    if shortage:
        return f"Left: a Shortage of {shortage} (not enough {category} at the going rate)."
    return "Left: nothing; the demand was met exactly."


def draw_cost_curve(*, riot: bool = False, rules: Rules | None = None) -> list[dict[str, int | float]]:
    """The Card Price Chart as rows: cards drawn, total price, marginal price of the last card, average."""
    rules = rules or Rules.standard()
    rows: list[dict[str, int | float]] = []
    penalty = rules.riot_penalty if riot else 0
    for cards in range(1, rules.max_draw(riot) + 1):
        total = draw_cost(cards, rules.draw_prices, penalty)
        previous = draw_cost(cards - 1, rules.draw_prices, penalty)
        rows.append({"cards": cards, "total": total, "marginal": total - previous, "average": total / cards})
    return rows


def liquidation_value(
    cards: str | Sequence[str], market: MarketLike = (), *, monster: bool = False, rules: Rules | None = None
) -> int:
    """What ``cards`` in Parts Unknown fetch against ``market``: half the going rate (by category while the
    Monster is on), rounded down; half the card's lowest price where no going rate is shown."""
    rules = rules or Rules.standard()
    tables = rules.tables
    offers = parse_market(market, rules)
    shown = going_rates([(rules.card(o.card), o.price) for o in offers if o.count], tables.num_types)
    rates = rates_in_force(shown, tables.category, monster)
    names = [cards] if isinstance(cards, str) else list(cards)
    total = 0
    for name in names:
        card = rules.card(name)
        total += parts_unknown_value(rates[card], tables.lowest[card])
    return total
