"""What a notebook or a view calls to explain the Parts Unknown economy.

The market helpers (``parse_market``, ``going_rate_table``, ``demand_resolution``, ``draw_cost_curve``,
``liquidation_value``; a market is lines like "Ann: 4 Feet at $11") live in ``market.py`` and are
re-exported here.

The frame builders for charts live here too (``charts/parts_unknown.py`` only draws): ``money_flows(match)``
(one row per payment: ``round, seat, source, amount``, for ``playbook.analysis`` and the money Sankey),
``money_frame`` / ``parts_unknown_money`` (each seat's money by round), ``parts_unknown_town`` (the Town by
round), and the explorer's ``sales_frame``, ``seat_revenue`` and ``revenue_by_price``.

For tournaments and the strategy lab: ``metrics(state)`` (end-of-game economy measures, the ``kpi_*`` columns)
and ``economy_frame(match)`` (the same measures round by round, with each seat's score, for
``analysis.lead_changes``).

What the going-rate lesson measures over many games (the Town's drift, money against prices, auctions, a price
choice) is in ``lesson.py``, built on these frames and returning findings (``playbook.findings``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .components import Rules
from .market import (
    MarketLike,
    Offer,
    Resolution,
    category_going_rates,
    demand_resolution,
    draw_cost_curve,
    going_rate_table,
    liquidation_value,
    parse_market,
)

if TYPE_CHECKING:
    import pandas as pd

    from playbook.core.match import Match

__all__ = [
    "FLOW_SOURCES",
    "MarketLike",
    "Offer",
    "Resolution",
    "card_names",
    "cards_in",
    "category_going_rates",
    "demand_resolution",
    "draw_cost_curve",
    "economy_frame",
    "going_rate_table",
    "liquidation_value",
    "metrics",
    "money_flows",
    "money_frame",
    "parse_market",
    "parts_unknown_money",
    "parts_unknown_town",
    "price_column",
    "revenue_by_price",
    "rounds",
    "rules_variant",
    "sales_frame",
    "seat_revenue",
    "space_outcomes",
    "town_frame",
]

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


def space_outcomes(match: Match) -> pd.DataFrame:
    """One row per Buyout and Auction Viktor landed on: ``round``, ``space``, ``card`` (the revealed type),
    ``cards`` (sold by the Buyout, or in the auction's pool), ``money`` (paid to the sellers by the Buyout, or
    the winning bid) and ``winner`` (the auction's winner; -1 for a Buyout or an auction nobody bid on)."""
    import pandas as pd

    from .events import AuctionOpened, AuctionWon, CardRevealed, CardSold

    rows: list[dict[str, Any]] = []
    for record in match.events:
        event = record.event
        if isinstance(event, CardRevealed):
            rows.append(
                {"round": record.round, "space": event.space, "card": event.card, "cards": 0, "money": 0, "winner": -1}
            )
        elif rows and isinstance(event, CardSold) and event.reason == "buyout":
            rows[-1]["cards"] += event.count
            rows[-1]["money"] += event.count * event.price
        elif rows and isinstance(event, AuctionOpened):
            rows[-1]["cards"] = len(event.cards)
        elif rows and isinstance(event, AuctionWon):
            rows[-1]["money"] = event.price
            rows[-1]["winner"] = event.seat
    return pd.DataFrame(rows, columns=["round", "space", "card", "cards", "money", "winner"])


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


# --- measures of a finished game and rule variants, for tournaments and sweeps ------------------------------------


def _measures(state: Any) -> dict[str, float]:
    """The public economy of a position, read from what seat 0 sees (money, shelves, Town, houses, rates)."""
    obs = state.observation(0)
    rates: dict[str, int] = obs["going_rates"]
    houses = obs["houses"]
    out = {
        "town": float(obs["town"]),
        "money_supply": float(sum(obs["money"])),
        "surplus": float(sum(house["surplus"] for house in houses)),
        "shortage": float(sum(house["shortage"] for house in houses)),
        "going_rate": sum(rates.values()) / len(rates) if rates else 0.0,
    }
    for category in obs["categories"]:
        shown = [rate for card, rate in rates.items() if obs["cards"][card]["category"] == category]
        out[f"going_rate_{category.lower()}"] = sum(shown) / len(shown) if shown else 0.0
    return out


def metrics(state: Any) -> dict[str, float]:
    """Economy measures of a finished game, added to tournament rows as ``kpi_*`` columns.

    ``collapsed`` (1 when the Town's population reached zero), ``town`` (its final size), ``money_growth``
    (money in the players' hands at the end over what they started with), ``money_supply`` (that money in
    dollars), ``gini`` (inequality of the final money between seats), ``shelves`` (Shelf Space counters
    bought in all), ``surplus`` and ``shortage`` (dots on the houses' Surplus and Shortage tracks at the end),
    ``going_rate`` (the mean going rate of the card types on display at the end) and ``going_rate_<category>``
    (the same for one category; 0 when no card of it is shown).
    """
    from playbook.analysis import gini

    from .components import End

    rules = state.rules
    start = rules.starting_money * state.num_players
    return {
        "collapsed": float(state.end == End.TOWN),
        "money_growth": sum(state.money) / start if start else 0.0,
        "gini": gini([float(m) for m in state.money]),
        "shelves": float(sum(state.shelves) - rules.starting_shelves * state.num_players),
        **_measures(state),
    }


def _round_ends(match: Any) -> dict[int, Any]:
    """The state after the last step of each round: a step counts in the round it was taken in (as events do),
    so a step that ends a round and starts the next counts in the one it ends. The first round's opening state
    stands for it until a step is taken."""
    ends: dict[int, Any] = {}
    previous = None
    for state in match:
        ends[int((previous or state).round)] = state
        previous = state
    return ends


def economy_frame(match: Match) -> pd.DataFrame:
    """The economy at the end of every round of a match (round 0: after set-up), one row per round and seat.

    Columns: ``round``, ``seat``, ``score`` (the seat's score then: money, plus the Shelf Space bonus once the
    Calendar has ended the game), ``money``, ``shelves`` (that seat's), then the round's public measures shared
    by every seat's row: ``town``, ``money_supply``, ``surplus``, ``shortage``, ``going_rate`` and
    ``going_rate_<category>`` (as in :func:`metrics`). The score columns feed ``analysis.lead_changes``.
    """
    import pandas as pd

    last = _round_ends(match)
    rows = []
    for number, state in sorted(last.items()):
        shared = _measures(state)
        scores = state.scores()
        for seat in range(match.players):
            rows.append(
                {
                    "round": number,
                    "seat": seat,
                    "score": float(scores[seat]),
                    "money": int(state.money[seat]),
                    "shelves": int(state.shelves[seat]),
                    **shared,
                }
            )
    return pd.DataFrame(rows)


def rules_variant(
    rules: Rules | None = None,
    *,
    shortage_dots: int | None = None,
    surplus_dots: int | None = None,
    demand_shift: int = 0,
    **numbers: Any,
) -> Rules:
    """The rules with the converting houses' dots changed, every demand's *a* moved by ``demand_shift`` (never
    below 0), and any top-level number changed (``shelf_cost=60``): one knob for a rule sweep."""
    import dataclasses

    from .components import Space

    rules = rules or Rules.standard()
    houses = []
    for house in rules.houses:
        spaces = tuple(
            (kind, max(0, amount + demand_shift) if kind == Space.DEMAND else amount) for kind, amount in house.spaces
        )
        changes: dict[str, Any] = {"spaces": spaces}
        if house.converts and shortage_dots is not None:
            changes["shortage_dots"] = shortage_dots
        if house.converts and surplus_dots is not None:
            changes["surplus_dots"] = surplus_dots
        houses.append(dataclasses.replace(house, **changes))
    variant: Rules = dataclasses.replace(rules, houses=tuple(houses), **numbers)
    return Rules.from_dict(variant.to_dict())  # checked like any variant


# -- words for charts and the rule sweep -------------------------------------------------------------------------
#: Every number of ``Rules.to_dict()`` in words, for a sweep's rule list and chart axes (never a field's code name).
RULE_LABELS: dict[str, str] = {
    "calendar_length": "Calendar spaces (the game's length)",
    "starting_money": "dollars each player starts with",
    "starting_shelves": "Shelf Space counters at the start",
    "starting_town": "Townesfolk in the Town at the start",
    "hand_size": "cards dealt to each player",
    "setup_stock": "cards each player may stock at set-up",
    "shelf_cost": "price of another shelf (dollars)",
    "shelf_value": "end value of a Shelf Space (dollars)",
    "riot_penalty": "cards fewer than paid for during a Riot",
    "die_sides": "sides of Viktor's die",
    "min_players": "fewest players",
    "max_players": "most players",
    "bank_money": "dollars in the Bank at the start",
}
#: The numbers a one-rule sweep does not offer, and why: varying them changes no game a sweep plays.
UNSWEPT_RULES: dict[str, str] = {
    "min_players": "a bound on the number of players, not a rule of play",
    "max_players": "a bound on the number of players, not a rule of play",
    "bank_money": "the Bank never runs out (it may go negative), so its starting money changes nothing",
}
#: The tournament's ``score`` and ``rounds`` and every key of ``metrics`` in words (its ``kpi_*`` columns).
#: Parts Unknown's ``round`` counter counts turns (one player's turn each), so ``rounds`` is turns played.
MEASURE_LABELS: dict[str, str] = {
    "score": "final score per player (dollars)",
    "rounds": "turns played",
    "collapsed": "share of games the Town collapses",
    "money_growth": "players' money at the end over the start",
    "gini": "inequality of final money (Gini)",
    "shelves": "Shelf Space counters bought",
    "town": "Townesfolk in the Town at the end",
    "money_supply": "dollars in players' hands at the end",
    "surplus": "Surplus dots covered at the end",
    "shortage": "Shortage dots covered at the end",
    "going_rate": "mean going rate at the end",
    "going_rate_extremities": "going rate of Extremities at the end",
    "going_rate_gizmos": "going rate of Gizmos at the end",
    "going_rate_brains": "going rate of Brains at the end",
    "going_rate_leftovers": "going rate of Leftovers at the end",
}
