"""Small pure functions a notebook calls to explain the Parts Unknown economy.

A *market* is a few lines, one per pile of cards on display::

    Ann: 4 Feet at $11
    Bob: 3 Hands at $18
    Cy: Hands at $24

(the count defaults to 1; ``(seller, card, price, count)`` tuples work too). Every function takes
``rules`` (default ``Rules.standard()``) for the card data.

The frame builders for charts live here too (``charts/parts_unknown.py`` only draws): ``money_flows(match)``
(one row per payment: ``round, seat, source, amount``, for ``playbook.analysis`` and the money Sankey),
``money_frame`` / ``parts_unknown_money`` (each seat's money by round), ``parts_unknown_town`` (the Town by
round), and the explorer's ``sales_frame``, ``seat_revenue`` and ``revenue_by_price``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from playbook.core.errors import InvalidActionError

from .components import Rules
from .rulebook import draw_cost, going_rates, parts_unknown_value, rates_in_force, resolve_demand

if TYPE_CHECKING:
    import pandas as pd

    from playbook.core.match import Match

__all__ = [
    "FLOW_SOURCES",
    "card_names",
    "cards_in",
    "price_column",
    "Offer",
    "Resolution",
    "category_going_rates",
    "demand_resolution",
    "draw_cost_curve",
    "going_rate_table",
    "liquidation_value",
    "money_flows",
    "money_frame",
    "parse_market",
    "parts_unknown_money",
    "parts_unknown_town",
    "revenue_by_price",
    "rounds",
    "sales_frame",
    "seat_revenue",
    "town_frame",
]

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


# --- frames for charts -------------------------------------------------------------------------------------------

#: The sources of ``money_flows``: faucets (the Bank pays a seat), sinks (a seat pays the Bank) and transfers
#: between seats (a card bought from a rival's shelf: out of the buyer, into the seller).
FLOW_SOURCES = {
    "card_sold": "sales to the Scientists",
    "buyout": "Buyout sales",
    "parts_unknown_sold": "Parts Unknown sales",
    "cards_drawn": "drawing cards",
    "shelf_bought": "buying shelves",
    "auction_won": "auctions won",
    "card_bought": "cards bought from rivals",
}


def _flow_rows(event: Any) -> list[tuple[int, str, int]]:
    """``(seat, source, amount)`` of the money one event moves (positive: into the seat)."""
    kind = event.kind
    if kind == "card_sold":
        source = FLOW_SOURCES["buyout" if event.reason == "buyout" else "card_sold"]
        return [(event.seat, source, event.count * event.price)]
    if kind == "parts_unknown_sold":
        return [(event.seat, FLOW_SOURCES[kind], event.amount)]
    if kind == "cards_drawn":
        return [(event.seat, FLOW_SOURCES[kind], -event.cost)] if event.cost else []
    if kind == "shelf_bought":
        return [(event.seat, FLOW_SOURCES[kind], -event.cost)]
    if kind == "auction_won":
        return [(event.seat, FLOW_SOURCES[kind], -event.price)] if event.price else []
    if kind == "card_bought":
        source = FLOW_SOURCES[kind]
        return [(event.buyer, source, -event.price), (event.seller, source, event.price)]
    return []


def money_flows(match: Match) -> pd.DataFrame:
    """One row per payment of a Parts Unknown match: ``round, seat, source, amount`` (positive: money into the
    seat from ``source``; negative: out of it). Sales, Buyouts and Parts Unknown are the faucets (the Bank
    pays); draws, shelves and auctions the sinks; cards bought from a rival move money between seats."""
    import pandas as pd

    rows = [
        {"round": record.round, "seat": seat, "source": source, "amount": amount}
        for record in match.events
        for seat, source, amount in _flow_rows(record.event)
    ]
    return pd.DataFrame(rows, columns=["round", "seat", "source", "amount"])


def rounds(events: pd.DataFrame) -> list[int]:
    """Round 0 (set-up) to the last round in an events frame."""
    last = int(events["round"].max()) if not events.empty else 0
    return list(range(last + 1))


def parts_unknown_money(
    events: pd.DataFrame, *, players: int, starting_money: int = 40, shelf_cost: int = 40
) -> pd.DataFrame:
    """Each seat's money at the end of every round (round 0: after set-up), from a Parts Unknown events frame.

    Money moves on draws (``cost``), buys from a shelf (buyer pays seller), shelves (``cost``, or
    ``shelf_cost`` for frames without it), sales to the Scientists and Buyouts (``count`` x ``price``), Parts
    Unknown sales (``amount``) and won auctions (``price``). Columns: ``round``, ``seat``, ``money``.
    """
    import pandas as pd

    deltas: dict[tuple[int, int], int] = {}
    if not events.empty:
        for row in events.to_dict("records"):
            for seat, amount in _row_money(row, shelf_cost):
                key = (int(row["round"]), seat)
                deltas[key] = deltas.get(key, 0) + amount
    out = []
    money = [starting_money] * players
    for number in rounds(events):
        for seat in range(players):
            money[seat] += deltas.get((number, seat), 0)
            out.append({"round": number, "seat": seat, "money": money[seat]})
    return pd.DataFrame(out, columns=["round", "seat", "money"])


def _row_money(row: dict[Any, Any], shelf_cost: int) -> list[tuple[int, int]]:
    kind = row["kind"]
    if kind == "cards_drawn":
        return [(int(row["seat"]), -int(row["cost"]))]
    if kind == "card_bought":
        return [(int(row["buyer"]), -int(row["price"])), (int(row["seller"]), int(row["price"]))]
    if kind == "shelf_bought":
        cost = row.get("cost")
        return [(int(row["seat"]), -int(cost) if cost == cost and cost is not None else -shelf_cost)]
    if kind == "card_sold":
        return [(int(row["seat"]), int(row["count"]) * int(row["price"]))]
    if kind == "parts_unknown_sold":
        return [(int(row["seat"]), int(row["amount"]))]
    if kind == "auction_won":
        return [(int(row["seat"]), -int(row["price"]))]
    return []


def _start(match: Match) -> Any:
    """What seat 0 saw at the start of ``match`` (the starting money and Town are public)."""
    return next(iter(match)).observation(0)


def money_frame(match: Match) -> pd.DataFrame:
    """Each seat's money at the end of every round of a Parts Unknown match (columns round, seat, money)."""
    start = int(_start(match)["money"][0])
    return parts_unknown_money(match.events_frame(), players=match.players, starting_money=start)


def parts_unknown_town(events: pd.DataFrame, *, starting_town: int = 4) -> pd.DataFrame:
    """The Town's population at the end of every round (round 0: the start), from a Parts Unknown events
    frame: the ``population`` of ``town_changed`` (the growth corner) and ``converted`` (full Surplus or
    Shortage dots) events. Columns: ``round``, ``town``, ``change`` (this round's change)."""
    import pandas as pd

    last: dict[int, int] = {}
    if not events.empty and "population" in events:
        changes = events[events["kind"].isin(("town_changed", "converted"))]
        for row in changes.to_dict("records"):
            last[int(row["round"])] = int(row["population"])
    out = []
    town = starting_town
    for number in rounds(events):
        before = town
        town = last.get(number, town)
        out.append({"round": number, "town": town, "change": town - before})
    return pd.DataFrame(out, columns=["round", "town", "change"])


def town_frame(match: Match) -> pd.DataFrame:
    """The Town's population at the end of every round of a match (columns round, town, change)."""
    return parts_unknown_town(match.events_frame(), starting_town=int(_start(match)["town"]))


def sales_frame(
    market: MarketLike, resolution: Resolution, *, monster: bool = False, rules: Rules | None = None
) -> pd.DataFrame:
    """One row per pile of the market: seller, card, category, price, count, the going rate in force for it,
    how many of it sold to the demand and the revenue. Piles of another category sell nothing."""
    import pandas as pd

    rules = rules or Rules.standard()
    offers = parse_market(market, rules)
    rates = going_rate_table(offers, monster=monster, rules=rules)
    sold_left: dict[tuple[str, str, int], int] = {}
    for offer in resolution.sold:
        key = (offer.seller, offer.card, offer.price)
        sold_left[key] = sold_left.get(key, 0) + offer.count
    out = []
    for offer in offers:
        key = (offer.seller, offer.card, offer.price)
        sold = min(offer.count, sold_left.get(key, 0))
        sold_left[key] = sold_left.get(key, 0) - sold
        out.append(
            {
                "offer": f"{offer.seller}: {offer.count} {offer.card} at ${offer.price}",
                "seller": offer.seller,
                "card": offer.card,
                "category": rules.category_of(offer.card),
                "price": offer.price,
                "count": offer.count,
                "going rate": rates.get(offer.card, 0),
                "sold": sold,
                "revenue": sold * offer.price,
            }
        )
    columns = ["offer", "seller", "card", "category", "price", "count", "going rate", "sold", "revenue"]
    return pd.DataFrame(out, columns=columns)


def seat_revenue(resolution: Resolution, sellers: Sequence[str]) -> pd.DataFrame:
    """Each seller's cards sold and revenue from one demand (sellers with no sale get 0)."""
    import pandas as pd

    out = []
    for seller in dict.fromkeys(sellers):
        mine = [o for o in resolution.sold if o.seller == seller]
        out.append(
            {
                "seller": seller,
                "cards sold": sum(o.count for o in mine),
                "revenue": sum(o.count * o.price for o in mine),
            }
        )
    return pd.DataFrame(out, columns=["seller", "cards sold", "revenue"])


def revenue_by_price(
    market: MarketLike,
    pile: int,
    demand: int,
    *,
    category: str | None = None,
    surplus: int = 0,
    shortage: int = 0,
    monster: bool = False,
    rules: Rules | None = None,
) -> pd.DataFrame:
    """The revenue of pile ``pile``'s seller from one demand, for each price of that pile's card column, the
    rest of the market unchanged (``demand_resolution`` at every price). Columns: price, revenue, sold."""
    import pandas as pd

    rules = rules or Rules.standard()
    offers = parse_market(market, rules)
    mine = offers[pile]
    out = []
    for price in sorted(rules.cards[rules.card(mine.card)].prices):
        changed = [*offers[:pile], Offer(mine.seller, mine.card, price, mine.count), *offers[pile + 1 :]]
        outcome = demand_resolution(
            changed, demand, category=category, surplus=surplus, shortage=shortage, monster=monster, rules=rules
        )
        sold = [o for o in outcome.sold if o.seller == mine.seller]
        out.append(
            {"price": price, "revenue": sum(o.count * o.price for o in sold), "sold": sum(o.count for o in sold)}
        )
    return pd.DataFrame(out, columns=["price", "revenue", "sold"])


# --- the card data in the words of a view -------------------------------------------------------------------------


def card_names(rules: Rules | None = None) -> list[str]:
    """Every card type's name, in the data's order."""
    return [c.name for c in (rules or Rules.standard()).cards]


def price_column(card: str, rules: Rules | None = None) -> list[int]:
    """A card type's four printed prices, dearest first."""
    rules = rules or Rules.standard()
    return list(rules.cards[rules.card(card)].prices)


def cards_in(category: str, rules: Rules | None = None) -> list[str]:
    """The card types of a category, in the data's order."""
    rules = rules or Rules.standard()
    return [c.name for c in rules.cards if rules.categories[c.category] == category]
