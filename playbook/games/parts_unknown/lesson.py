"""What the going-rate lesson (``notebooks/parts_unknown.ipynb``) measures, as frames and findings.

A lesson's sentence must stay true whatever seed, sample size, price or strategy name a student sets, so the
measuring lives here, typed and tested, and the notebook only composes words from the verdicts
(:mod:`playbook.findings`). Each function answers one question the lesson asks:

- ``price_choice``: should a shop match a rival's price or undercut it (one demand, every printed price)?
- ``town_by_turn``, ``town_blocks``, ``town_counts``: how the Town moves over games, and what moves it;
- ``shortage_losses``: Townesfolk lost to full Shortage rows per ten turns (the loop's balancing link);
- ``money_and_prices``, ``inflation_by_game``: the money supply against a price index, and the two ideas
  the lesson keeps apart: a dollar's purchasing power (1 / the index) and real money balances (money / index);
- ``auction_outcomes``: each Auction's pool, its value as the bots reckon it, the bids and the winning price;
- ``collapse_by_variant``, ``values_by_game``, ``all_pairs``: sweeps and tournaments as per-game findings;
- ``shortage_dot_record``: the calibration record of ``data/board.toml``, read from the file, not retyped.

"Round" in this engine's counters is one player's turn (``State.round`` is the turn number), so every frame
here says ``turn``.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from playbook import findings
from playbook.core.errors import InvalidArgumentError
from playbook.core.match import Match

from .components import Rules
from .economy import economy_frame, parse_market, revenue_by_price, town_frame
from .events import AuctionOpened, AuctionWon, BidRaised, Converted, DemandResolved, TownChanged
from .market import MarketLike

__all__ = [
    "DotRecord",
    "PriceChoice",
    "TownCounts",
    "all_pairs",
    "auction_outcomes",
    "board_layout",
    "collapse_by_variant",
    "inflation_by_game",
    "money_and_prices",
    "nearest_printed",
    "price_choice",
    "rent_paid",
    "shortage_dot_record",
    "shortage_losses",
    "town_blocks",
    "town_by_turn",
    "town_counts",
    "values_by_game",
]


def board_layout(rules: Rules | None = None) -> list[tuple[str, str, list[tuple[str, int]]]]:
    """Each house's name, category and spaces (the space kind's word and its *a*) in Viktor's direction, for
    ``charts.parts_unknown.board_diagram`` (charts never read the engine's rules themselves)."""
    rules = rules or Rules.standard()
    return [(h.name, str(h.category), [(kind.word, int(a)) for kind, a in h.spaces]) for h in rules.houses]


# --- one demand: match or undercut --------------------------------------------------------------------------------


def nearest_printed(card: str, price: int, rules: Rules | None = None) -> int:
    """The printed price of ``card`` closest to ``price`` (the dearer of two equally close).

    A Shelf Space counter sits on one of the card's four printed prices, so a shop cannot ask anything else;
    the lesson says so and uses this price instead of silently computing with an impossible one.
    """
    rules = rules or Rules.standard()
    printed = rules.cards[rules.card(card)].prices
    return min(printed, key=lambda p: (abs(p - price), -p))


@dataclass(frozen=True)
class PriceChoice:
    """One shop's revenue from one demand at each printed price of its card, the rest of the market fixed.

    ``rival_rate`` is the cheapest rival price of the same card (None when no rival shows it); ``undercut``
    the dearest printed price below it (None when the rival already asks the lowest printed price).
    ``wanted`` is the demand: the same whatever the prices, which is why the market's demand is inelastic.
    """

    seller: str
    card: str
    wanted: int
    revenue: dict[int, int]
    sold: dict[int, int]
    rival_rate: int | None
    undercut: int | None

    @property
    def matched(self) -> int | None:
        """Revenue at the rival's price (None without a rival)."""
        return None if self.rival_rate is None else self.revenue[self.rival_rate]

    @property
    def undercut_revenue(self) -> int | None:
        return None if self.undercut is None else self.revenue[self.undercut]

    def frame(self) -> pd.DataFrame:
        """One row per printed price: cards wanted (fixed), the seller's cards sold and revenue."""
        rows = [
            {"price": p, "cards wanted": self.wanted, "cards sold": self.sold[p], "revenue": self.revenue[p]}
            for p in sorted(self.revenue)
        ]
        return pd.DataFrame(rows, columns=["price", "cards wanted", "cards sold", "revenue"])

    def verdict(self) -> str:
        """ "match", "undercut" or "equal" (the better price for this demand); "no rival" or "no lower price"."""
        if self.matched is None:
            return "no rival"
        if self.undercut_revenue is None:
            return "no lower price"
        if self.matched == self.undercut_revenue:
            return "equal"
        return "match" if self.matched > self.undercut_revenue else "undercut"


def price_choice(
    market: MarketLike, pile: int, demand: int, *, category: str | None = None, rules: Rules | None = None
) -> PriceChoice:
    """Pile ``pile``'s seller's revenue at every printed price of its card against one demand of ``demand``."""
    rules = rules or Rules.standard()
    offers = parse_market(market, rules)
    if not 0 <= pile < len(offers):
        raise InvalidArgumentError(f"pile must be 0 to {len(offers) - 1} (one per line of the market), not {pile}")
    mine = offers[pile]
    curve = revenue_by_price(offers, pile, demand, category=category, rules=rules)
    revenue = {int(p): int(r) for p, r in zip(curve["price"], curve["revenue"], strict=True)}
    sold = {int(p): int(s) for p, s in zip(curve["price"], curve["sold"], strict=True)}
    rivals = [o.price for i, o in enumerate(offers) if i != pile and o.card == mine.card and o.seller != mine.seller]
    rate = min(rivals) if rivals else None
    below = [p for p in revenue if rate is not None and p < rate]
    return PriceChoice(mine.seller, mine.card, demand, revenue, sold, rate, max(below) if below else None)


# --- the Town over games ------------------------------------------------------------------------------------------


def town_by_turn(matches: Sequence[Match]) -> pd.DataFrame:
    """The Town at the end of every turn of every game: columns ``game``, ``turn``, ``town``."""
    parts = [town_frame(m).assign(game=g).rename(columns={"round": "turn"}) for g, m in enumerate(matches)]
    return pd.concat(parts, ignore_index=True)[["game", "turn", "town"]]


def town_blocks(matches: Sequence[Match], block: int = 8) -> pd.DataFrame:
    """The mean Town by block of ``block`` turns, over the games still running then, with its t interval.

    Per game, the Town's mean over the block's turns is one value (turns of one game are not independent);
    columns ``first turn``, ``games``, ``mean``, ``ci_low``, ``ci_high``. A block that fewer than two games
    reach has no interval (NaN bounds).
    """
    if block < 1:
        raise InvalidArgumentError(f"block must be at least one turn, not {block}")
    towns = town_by_turn(matches)
    towns = towns[towns["turn"] > 0].assign(block=lambda f: (f["turn"] - 1) // block)
    rows = []
    for number in sorted(int(b) for b in towns["block"].unique()):
        part = towns[towns["block"] == number]
        per_game = part.groupby("game")["town"].mean().astype(float).tolist()
        low = high = float("nan")
        if len(per_game) >= 2:
            found = findings.mean(per_game, measure="Town")
            low, high = found.low, found.high
        rows.append({"first turn": number * block + 1, "games": len(per_game),
                     "mean": sum(per_game) / len(per_game), "ci_low": low, "ci_high": high})  # fmt: skip
    return pd.DataFrame(rows, columns=["first turn", "games", "mean", "ci_low", "ci_high"])


@dataclass(frozen=True)
class TownCounts:
    """What moved the Town over a set of games, counted from their events (exact, not sampled)."""

    games: int
    demands: int
    short_demands: int
    surplus_demands: int
    from_corner: int
    from_surplus: int
    to_shortage: int
    ended_smaller: int
    changes: tuple[int, ...]  # each game's final Town minus its starting Town
    smallest_demand: int = 0  # the fewest cards a demand asked for (a + X, before the house's counters)
    largest_demand: int = 0


def town_counts(matches: Sequence[Match]) -> TownCounts:
    """Demands with a Shortage or a Surplus, Townesfolk added by the growth corner and by full Surplus rows,
    removed by full Shortage rows, and each game's change in the Town."""
    events = [r.event for m in matches for r in m.events]
    demands = [e for e in events if isinstance(e, DemandResolved)]
    converted = [e for e in events if isinstance(e, Converted)]
    changes = []
    for m in matches:
        town = town_frame(m)["town"]
        changes.append(int(town.iloc[-1]) - int(town.iloc[0]))
    return TownCounts(
        games=len(matches),
        demands=len(demands),
        short_demands=sum(1 for e in demands if e.shortage),
        surplus_demands=sum(1 for e in demands if e.surplus),
        from_corner=sum(e.change for e in events if isinstance(e, TownChanged) and e.change > 0),
        from_surplus=sum(e.change for e in converted if e.change > 0),
        to_shortage=-sum(e.change for e in converted if e.change < 0),
        ended_smaller=sum(1 for c in changes if c < 0),
        changes=tuple(changes),
        smallest_demand=min((e.demand for e in demands), default=0),
        largest_demand=max((e.demand for e in demands), default=0),
    )


def shortage_losses(match: Match, per: int = 10) -> float:
    """Townesfolk the full Shortage rows removed, per ``per`` turns played (the loop's balancing link)."""
    lost = -sum(r.event.change for r in match.events if isinstance(r.event, Converted) and r.event.change < 0)
    turns = max(1, int(match.state.round))
    return lost * per / turns


# --- money against prices -----------------------------------------------------------------------------------------


def money_and_prices(match: Match) -> pd.DataFrame:
    """Per turn: ``money supply`` (dollars in the players' hands), ``price index`` (the mean going rate of the
    card types on display), ``purchasing power`` (of one dollar: the cards at that index a dollar buys,
    1 / index) and ``real balances`` (the cards at that index the whole money supply buys, money / index).

    The two last are kept apart because they answer different questions: inflation (a rising index) lowers
    what a dollar buys, while real balances can still grow when money outgrows prices. Printed prices never
    change, so the index can only move within the cards' printed columns.
    """
    frame = economy_frame(match)
    shared = frame[frame["seat"] == 0][["round", "money_supply", "going_rate"]].rename(
        columns={"round": "turn", "money_supply": "money supply", "going_rate": "price index"}
    )
    index = shared["price index"].where(shared["price index"] > 0)
    shared = shared.assign(**{"purchasing power": 1 / index, "real balances": shared["money supply"] / index})
    return shared.reset_index(drop=True)


def inflation_by_game(matches: Sequence[Match]) -> pd.DataFrame:
    """Per game, end over start: ``money growth``, ``price growth`` (the price index), ``power growth`` (a
    dollar's purchasing power: start index over end index) and ``real growth`` (real balances), the start
    being the first turn with cards on display."""
    rows = []
    for game, match in enumerate(matches):
        frame = money_and_prices(match).dropna()
        first, last = frame.iloc[0], frame.iloc[-1]
        rows.append(
            {
                "game": game,
                "money growth": last["money supply"] / first["money supply"],
                "price growth": last["price index"] / first["price index"],
                "power growth": last["purchasing power"] / first["purchasing power"],
                "real growth": last["real balances"] / first["real balances"],
            }
        )
    return pd.DataFrame(rows, columns=["game", "money growth", "price growth", "power growth", "real growth"])


# --- the Auction --------------------------------------------------------------------------------------------------


def _pool_value(cards: Sequence[str], rates: dict[str, int], rules: Rules) -> int:
    """The pool as the bots value it: each card at its going rate while bidding, and a type nobody shows
    then at its third printed price (``agents.Shopkeeper.bid``), so the lesson and the bots use one value."""
    return sum(rates.get(card) or rules.cards[rules.card(card)].prices[2] for card in cards)


def auction_outcomes(match: Match) -> pd.DataFrame:
    """One row per Auction Viktor landed on: ``turn``, ``cards`` (in the pool), ``value`` (the pool as the
    bots value it, in dollars: the going rates the bidders see once the pool is off the shelves, a type
    nobody shows at its third printed price), ``raises`` (bids made), ``bidders`` (seats that bid),
    ``price`` (the winning bid, paid to the Bank; 0 when nobody bid), ``winner`` (-1: nobody) and ``share``
    (price over value). The bots bid up to half that value, so with bots only ``share`` is at most 0.5."""
    states = list(match)
    rules = match.rules if isinstance(match.rules, Rules) else Rules.standard()
    rows: list[dict[str, float]] = []
    seats: set[int] = set()
    for record in match.events:
        event = record.event
        if isinstance(event, AuctionOpened):
            bidding = states[min(record.step + 1, len(states) - 1)]  # the state after the pool left the shelves
            rates = bidding.observation(0)["going_rates"]
            seats = set()
            value = _pool_value(event.cards, rates, rules)
            rows.append({"turn": record.round, "cards": len(event.cards), "value": value,
                         "raises": 0, "bidders": 0, "price": 0, "winner": -1})  # fmt: skip
        elif rows and isinstance(event, BidRaised):
            seats.add(event.seat)
            rows[-1]["raises"] += 1
            rows[-1]["bidders"] = len(seats)
        elif rows and isinstance(event, AuctionWon):
            rows[-1]["price"], rows[-1]["winner"] = event.price, event.seat
    frame = pd.DataFrame(rows, columns=["turn", "cards", "value", "raises", "bidders", "price", "winner"])
    return frame.assign(share=frame["price"] / frame["value"].where(frame["value"] > 0))


# --- sweeps and tournaments ---------------------------------------------------------------------------------------


def collapse_by_variant(swept: pd.DataFrame, label: str = "variant") -> pd.DataFrame:
    """Per variant of a ``playbook.sweep(..., metrics=True)`` frame: games, Town collapses, the share with its
    Wilson interval, and the mean game length in turns with its t interval (one value per game)."""
    games = swept.drop_duplicates(["variant", "game"])
    rows = []
    for variant, part in games.groupby("variant", sort=False):
        collapsed = int(part["kpi_collapsed"].sum())
        share = findings.proportion(collapsed, len(part), measure="share of games the Town collapses")
        turns = [float(t) for t in part["rounds"]]
        length = findings.mean(turns, measure="turns played") if len(turns) >= 2 else None
        rows.append({label: variant, "games": len(part), "collapsed": collapsed, "mean": share.value,
                     "ci_low": share.low, "ci_high": share.high, "turns": sum(turns) / len(turns),
                     "turns_low": length.low if length else float("nan"),
                     "turns_high": length.high if length else float("nan")})  # fmt: skip
    columns = [label, "games", "collapsed", "mean", "ci_low", "ci_high", "turns", "turns_low", "turns_high"]
    return pd.DataFrame(rows, columns=columns)


def rent_paid(swept: pd.DataFrame, value: float) -> list[float]:
    """Dollars paid for shelves per game (in game order) at shelf price ``value`` of a ``shelf_cost`` sweep:
    shelves bought in the game (all seats, ``kpi_shelves``) times the price, the sink's whole take."""
    return [shelves * value for shelves in values_by_game(swept, "kpi_shelves", value)]


def values_by_game(swept: pd.DataFrame, column: str, value: float) -> list[float]:
    """One value of ``column`` per game (in game order) for one ``value`` of a ``parameter_sweep``: the
    sweep plays the same seeds for every value, so two such lists pair game by game."""
    part = swept[swept["value"] == value].drop_duplicates("game").sort_values("game")
    if part.empty:
        raise InvalidArgumentError(f"the sweep has no value {value}; it has {sorted(set(swept['value']))}")
    return [float(v) for v in part[column]]


def all_pairs(
    results: pd.DataFrame, column: str = "score", *, measure: str | None = None, smallest_effect: float | None = None
) -> list[findings.Comparison]:
    """Every pair of agents in a tournament compared on ``column`` (per game, paired where they met), with
    Holm's adjustment for the many comparisons: no pair is chosen first, so nothing is selected on the data.
    ``smallest_effect`` is the difference worth detecting, which a pair with none detected plans its games for."""
    names = sorted(str(a) for a in results["agent"].unique())
    raw = [
        findings.compare_agents(results, a, b, column, measure=measure, smallest_effect=smallest_effect)
        for a, b in itertools.combinations(names, 2)
    ]
    return findings.holm(raw) if raw else []


# --- the calibration record ---------------------------------------------------------------------------------------

BOARD_FILE = Path(__file__).parent / "data" / "board.toml"


@dataclass(frozen=True)
class DotRecord:
    """The Shortage-dot sweep the project calibrated the board with: games a value, and the collapse share."""

    games: int
    collapse: dict[int, float]


def shortage_dot_record(path: Path = BOARD_FILE) -> DotRecord:
    """The collapse shares by Shortage dots that ``data/board.toml`` records in its calibration comment.

    The lesson quotes them beside its own sweep; reading them from the file keeps the quote and the record
    one thing (a retyped number goes stale when the calibration is redone).
    """
    text = path.read_text(encoding="utf-8")
    games = re.search(r"(\d+) seeded\s+#?\s*games", text)
    first = re.search(r"(\d+) Shortage dots let the Town collapse in (\d+)%", text)
    swept = re.search(r"the sweep over Shortage dots gave (.*?)\. Chosen", text, flags=re.DOTALL)
    if games is None or first is None or swept is None:
        raise InvalidArgumentError(f"{path} holds no Shortage-dot calibration record in the expected words")
    collapse = {int(first.group(1)): int(first.group(2)) / 100}
    for dots, share in re.findall(r"(\d+): (\d+)%", swept.group(1)):
        collapse[int(dots)] = int(share) / 100
    return DotRecord(int(games.group(1)), dict(sorted(collapse.items())))
