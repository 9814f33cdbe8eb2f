"""What one seat sees (``State.observation(seat)``): the ``Observation`` and the function that builds it.

Play asks for an observation on every bot decision (``play_match`` builds one per move), so the build is
written for speed: what never changes in a game comes from ``Rules.tables``, and what repeats from step to
step is memoised there (``Tables.named``: a row of counts by card name), copied on the way out: every list
and dict of an observation is new each call, so a caller may change its copy without touching the next one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from playbook.core.protocol import CHANCE

from .components import INFO, End, Phase, Tables
from .rulebook import end_scores

if TYPE_CHECKING:
    from .state import Shelf, State


class AuctionView(TypedDict):
    cards: dict[str, int]
    bid: int
    leader: int
    passed: list[int]
    waiting: list[int]


class HouseView(TypedDict):
    name: str
    category: str
    surplus: int
    shortage: int
    surplus_dots: int
    shortage_dots: int
    converts: bool


class Observation(TypedDict):
    """What one seat sees (``State.observation(seat)``); every value is JSON."""

    game: str
    seat: int
    phase: str
    current_player: int | None
    turn_seat: int
    round: int
    num_players: int
    money: list[int]
    shelves: list[int]
    displays: list[list[list[Any]]]  # per seat: [card, price] per shown card
    hand: dict[str, int]
    hand_sizes: list[int]
    parts_unknown: dict[str, int]
    parts_unknown_sizes: list[int]
    chosen: list[str]
    chosen_sizes: list[int | None]
    revealed: dict[str, Any] | None
    deck_size: int
    discards: dict[str, int]
    going_rates: dict[str, int]
    going_rates_in_force: dict[str, int]
    town: int
    viktor: int
    calendar: int
    calendar_moves: int
    calendar_length: int
    calendar_done: bool
    houses: list[HouseView]
    riot: bool
    monster: bool
    drawn: int
    max_draw: int
    drawn_cost: int
    draw_prices: list[int]
    shelf_cost: int
    shelf_value: int
    setup_stock: int
    auction: AuctionView | None
    board: list[list[Any]]  # per space: [kind, house, a, label]
    categories: list[str]
    cards: dict[str, dict[str, Any]]
    scores: list[int]
    over: bool
    end: str
    end_reason: str
    winners: list[int]


ShelfView = tuple[tuple[str, int], ...]
_GAME = INFO.name
_OVER, _PRICE, _AUCTION = Phase.OVER, Phase.PRICE, Phase.AUCTION
_CHANCE_PHASES = (Phase.VIKTOR, Phase.FIRST_PRICER, Phase.FIRST_PLAYER)
_PHASE_WORDS = {phase: phase.word for phase in Phase}
_END_WORDS = {end: end.word for end in End}
#: How many rows of counts ``Tables.named`` keeps before it starts afresh (hands recur, but not without end).
NAMED_KEPT = 50_000


def named_counts(tables: Tables, counts: tuple[int, ...]) -> dict[str, int]:
    """The non-zero counts by card name (an observation's hands, piles, discards and rates), as a new dict.

    Hands and piles recur within and across games, so each row's dict is built once and copied after.
    """
    found = tables.named.get(counts)
    if found is None:
        found = {name: n for name, n in zip(tables.names, counts) if n}  # noqa: B905 (one length: check_state)
        if len(tables.named) >= NAMED_KEPT:
            tables.named.clear()
        tables.named[counts] = found
    return found.copy()


def shown_view(tables: Tables, displays: tuple[Shelf, ...]) -> tuple[list[ShelfView], dict[str, int]]:
    """Per seat the ``(name, marked price)`` of each shown card, and the going rates by name (the lowest price
    shown of each card), in one pass over the displays. (Memoised per displays or per shelf, it cost more
    instructions than it saved in a shelf builder's game, whose shelves change on most steps.)"""
    names, prices = tables.names, tables.prices
    rates = [0] * tables.num_types
    view = []
    for shelf in displays:
        shown = []
        for card, step in shelf:
            price = prices[card][step]
            shown.append((names[card], price))
            if rates[card] == 0 or price < rates[card]:
                rates[card] = price
        view.append(tuple(shown))
    return view, {name: rate for name, rate in zip(names, rates) if rate}  # noqa: B905 (one length)


def observe(state: State, seat: int) -> Observation:
    """What ``seat`` sees (``State.observation``, which checks the seat first)."""
    rules = state.rules
    tables = rules.tables
    names = tables.names
    totals = tables.draw_totals[state.riot]
    drawn = min(state.drawn, len(totals) - 1)  # a Riot lit by this turn's roll shortens the chart
    drawn_cost = totals[drawn]
    phase = state.phase
    over = phase == _OVER
    view, going = shown_view(tables, state.displays)
    choosers = state.choosers
    scores = end_scores(state.money, state.shelves, state.end, rules.shelf_value)
    return {
        "game": _GAME,
        "seat": seat,
        "phase": _PHASE_WORDS[phase],
        "current_player": None if over else CHANCE if phase in _CHANCE_PHASES else state.seat,
        "turn_seat": state.turn_seat,
        "round": state.round,
        "num_players": state.num_players,
        "money": list(state.money),
        "shelves": list(state.shelves),
        "displays": [list(map(list, shelf)) for shelf in view],  # map: no comprehension frame per shelf
        "hand": named_counts(tables, state.hands[seat]),
        "hand_sizes": list(map(sum, state.hands)),
        "parts_unknown": named_counts(tables, state.parts_unknown[seat]),
        "parts_unknown_sizes": list(map(sum, state.parts_unknown)),
        "chosen": [names[c] for c in state.chosen[seat]],
        "chosen_sizes": [len(c) if s < choosers else None for s, c in enumerate(state.chosen)],
        "revealed": revealed(state) if phase == _PRICE else None,
        "deck_size": len(state.deck),
        "discards": named_counts(tables, state.discard),
        "going_rates": going,
        "going_rates_in_force": named_counts(tables, state.going),
        "town": state.town,
        "viktor": state.viktor,
        "calendar": state.calendar % rules.calendar_length,
        "calendar_moves": state.calendar,
        "calendar_length": rules.calendar_length,
        "calendar_done": state.calendar_done,
        "houses": house_views(tables, state.surplus, state.shortage),
        "riot": state.riot,
        "monster": state.monster,
        "drawn": state.drawn,
        "max_draw": len(totals) - 1,
        "drawn_cost": drawn_cost,
        "draw_prices": [total - drawn_cost for total in totals[drawn + 1 :]],
        "shelf_cost": rules.shelf_cost,
        "shelf_value": rules.shelf_value,
        "setup_stock": min(rules.setup_stock, state.shelves[seat]),
        "auction": auction(state) if phase == _AUCTION else None,
        "board": list(map(list, tables.board_view(state.layout))),
        "categories": list(rules.categories),
        "cards": card_views(tables),
        "scores": list(scores),
        "over": over,
        "end": _END_WORDS[state.end],
        "end_reason": state.end.sentence if over else "",
        "winners": list(state.winners_when_over()) if over else [],
    }


def house_views(tables: Tables, surplus: tuple[int, ...], shortage: tuple[int, ...]) -> list[HouseView]:
    """Each house as shown: a copy of its view that never changes in a game, with its counters now."""
    views: list[HouseView] = []
    for template, surplus_now, shortage_now in zip(tables.house_templates, surplus, shortage):  # noqa: B905
        view: HouseView = template.copy()  # type: ignore[assignment]
        view["surplus"] = surplus_now
        view["shortage"] = shortage_now
        views.append(view)
    return views


def card_views(tables: Tables) -> dict[str, dict[str, Any]]:
    """Each card's category and price column, new each call (a copy of the game's own view)."""
    views = {}
    for name, template in tables.card_templates:
        view = template.copy()
        view["prices"] = [*view["prices"]]
        views[name] = view
    return views


def revealed(state: State) -> dict[str, Any] | None:
    """The set-up choice being priced now, shown to every seat (None outside pricing)."""
    if state.phase != Phase.PRICE:
        return None
    names = state.rules.tables.names
    return {"seat": state.seat, "cards": [names[c] for c in state.chosen[state.seat]]}


def auction(state: State) -> AuctionView | None:
    """The open auction: its pool by name, the standing bid and who may still bid (None outside one)."""
    if state.phase != Phase.AUCTION:
        return None
    names = state.rules.tables.names
    cards: dict[str, int] = {}
    for card in sorted(state.pool):
        cards[names[card]] = cards.get(names[card], 0) + 1
    n = state.num_players
    return {
        "cards": cards,
        "bid": state.bid,
        "leader": state.leader,
        "passed": [s for s in range(n) if state.passed >> s & 1],
        "waiting": [s for s in range(n) if s != state.leader and not state.passed >> s & 1],
    }
