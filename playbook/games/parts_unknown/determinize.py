"""A full ``State`` rebuilt from one seat's observation, for the search bot (``playbook.search``).

What a shopkeeper cannot see, and how it is drawn: the other hands, the other Parts Unknown piles and the
other set-up choices not yet revealed (their sizes are public), and the deck's order. The cards nobody can see
are each card's copies less this seat's hand, pile and choice, the displays, the discards, the auction pool and
a choice being priced; they are shuffled and dealt to those hidden places, the rest is the deck.

Fields the observation does not carry: the bank is the bank's money less every purse (money only moves between
the bank and the players); the hidden reshuffle's seed is drawn from the search's RNG (the seat cannot know the
order a reshuffle gives) with ``reshuffles`` 0; while pricing, the seat being priced is the first pricer with
none priced yet (the seats already priced have empty choices, which pricing skips); who showed each pooled
auction card is drawn among the seats (only the "owners" variant of an unclaimed auction reads it).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from playbook.core.protocol import Json
from playbook.search.mcts import AgentRollout

from .agents import Cornerer, Liquidator, ShelfBuilder, TopShelf, Undercutter
from .components import End, Phase, Rules
from .state import State


def standing(state: State) -> tuple[float, ...]:
    """Money, plus each Shelf Space at what it is still worth, plus half the marked prices of the cards on
    display (stock sells, but not all of it and not at once). A Shelf Space is worth its $15 at the end (the
    Calendar ends nine games in ten between the built-in bots) and, until then, part of its price for the stock
    it will hold: its cost early on, falling to $15 as the Calendar runs out. Why not money alone: a rollout cut
    mid-game would count every shelf and card bought as a plain loss, and never build the shop that wins."""
    if state.is_terminal:
        return state.scores()
    rules = state.rules
    prices = rules.tables.prices
    left = max(0.0, 1.0 - state.calendar / rules.calendar_length)
    shelf = rules.shelf_value + (rules.shelf_cost - rules.shelf_value) * left
    return tuple(
        money + shelf * shelves + 0.5 * sum(prices[card][step] for card, step in display)
        for money, shelves, display in zip(state.money, state.shelves, state.displays, strict=True)
    )


#: The search bot's settings for this engine (``playbook.search.search_agent``; measured in docs/search.md).
SEARCH_DEFAULTS: dict[str, Any] = {
    "iterations": 12,
    "rollout_depth": 80,
    "score_scale": 15.0,
    "exploration": 0.7,
    "evaluation": standing,
    #: Rollouts play the best built-in bot for both sides (random play neither builds a shop nor prices stock).
    "rollout_policy": AgentRollout(ShelfBuilder(), explore=0.0),
    #: The root searches only what the built-in bots would play (20 to 40 legal actions a turn is too many for
    #: a dozen rollouts), and keeps the Shelf Builder's move unless another is clearly better: unanchored, the
    #: noisy rollouts overruled the shop-building moves and lost every game (docs/search.md).
    "proposers": (Undercutter(), TopShelf(), Liquidator(), Cornerer(), ShelfBuilder()),
    "extra_candidates": 0,
    "anchor": ShelfBuilder(),
    "anchor_margin": 0.02,
}

_PHASES = {phase.word: phase for phase in Phase}
_ENDS = {end.word: end for end in End}


def _counts(rules: Rules, named: Any) -> tuple[int, ...]:
    """A row of counts per card type from ``{name: count}``."""
    ids = {name: index for index, name in enumerate(rules.tables.names)}
    counts = [0] * rules.tables.num_types
    for name, count in named.items():
        counts[ids[name]] += int(count)
    return tuple(counts)


def _displays(rules: Rules, views: Any) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Each seat's shelf as ``(card, step)``: the step is the first of the card's prices equal to the marked one."""
    tables = rules.tables
    ids = {name: index for index, name in enumerate(tables.names)}
    shelves = []
    for shelf in views:
        items = []
        for name, price in shelf:
            card = ids[name]
            items.append((card, list(tables.prices[card]).index(price)))
        shelves.append(tuple(items))
    return tuple(shelves)


def _layout(rules: Rules, board: Any) -> tuple[int, ...]:
    """The houses in the order the board's spaces name them (the order Viktor moves)."""
    ids = {house.name: index for index, house in enumerate(rules.houses)}
    layout: list[int] = []
    for space in board:
        house = ids[space[1]]
        if house not in layout:
            layout.append(house)
    return tuple(layout)


def _take(pool: list[int], count: int, types: int) -> tuple[int, ...]:
    """``count`` cards off the shuffled pool, as counts per type."""
    counts = [0] * types
    for card in pool[:count]:
        counts[card] += 1
    del pool[:count]
    return tuple(counts)


class _Hidden:
    """The seat's unseen cards, shuffled, and what is dealt from them to each hidden place."""

    def __init__(self, observation: Any, rules: Rules, rng: random.Random) -> None:
        tables = rules.tables
        self.types = tables.num_types
        unseen = [card.count for card in rules.cards]
        auction: Any = observation["auction"]
        revealed: Any = observation["revealed"]
        seen = [
            _counts(rules, observation["hand"]),
            _counts(rules, observation["parts_unknown"]),
            _counts(rules, observation["discards"]),
        ]
        names = list(observation["chosen"])
        self.seat = int(observation["seat"])
        if revealed is not None and revealed["seat"] != self.seat:
            names += revealed["cards"]
        ids = {name: index for index, name in enumerate(tables.names)}
        for name in names:
            unseen[ids[name]] -= 1
        if auction is not None:
            seen.append(_counts(rules, auction["cards"]))
        displays: Any = observation["displays"]
        for shelf in displays:
            for name, _price in shelf:
                unseen[ids[name]] -= 1
        for row in seen:
            for card, count in enumerate(row):
                unseen[card] -= count
        self.pool = [card for card, count in enumerate(unseen) for _ in range(count)]
        rng.shuffle(self.pool)

    def deal(self, sizes: Sequence[int], own: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
        return tuple(
            own if seat == self.seat else _take(self.pool, size, self.types) for seat, size in enumerate(sizes)
        )


def _chosen(observation: Any, rules: Rules, hidden: _Hidden) -> tuple[tuple[tuple[int, ...], ...], int]:
    """Each seat's set-up choice (this seat's and a revealed one as seen, the others drawn) and the choosers."""
    ids = {name: index for index, name in enumerate(rules.tables.names)}
    sizes: Any = observation["chosen_sizes"]
    revealed: Any = observation["revealed"]
    own: Any = observation["chosen"]
    chosen: list[tuple[int, ...]] = []
    for seat, size in enumerate(sizes):
        if seat == hidden.seat:
            chosen.append(tuple(ids[name] for name in own))
        elif revealed is not None and revealed["seat"] == seat:
            chosen.append(tuple(ids[name] for name in revealed["cards"]))
        else:
            chosen.append(tuple(hidden.pool[: size or 0]))
            del hidden.pool[: size or 0]
    return tuple(chosen), sum(1 for size in sizes if size is not None)


def unseen(state: State, seat: int) -> Any:
    """What a 2-player world draws afresh for ``seat``: the rival's hand and the deck order.

    Worlds sampled with different seeds must disagree on it: a determinizer draws what the seat cannot see.
    """
    return (state.hands[1 - seat], state.deck)


def determinize(seen: Mapping[str, Json], rules: Rules | None, rng: random.Random) -> State:
    """A state this seat cannot tell from the true one: ``state.observation(seat) == seen``."""
    observation: Any = seen  # JSON read by key below; the game's own check_consistent bounds what it builds
    rules = rules if rules is not None else Rules.standard()
    hidden = _Hidden(observation, rules, rng)
    chosen, choosers = _chosen(observation, rules, hidden)
    hands = hidden.deal(observation["hand_sizes"], _counts(rules, observation["hand"]))
    piles = hidden.deal(
        observation["parts_unknown_sizes"],
        _counts(rules, observation["parts_unknown"]),
    )
    deck = tuple(hidden.pool[: int(observation["deck_size"])])
    houses: Any = observation["houses"]
    auction: Any = observation["auction"]
    money = tuple(int(m) for m in observation["money"])
    players = len(money)
    phase = _PHASES[str(observation["phase"])]
    current = observation["current_player"]
    turn_seat = int(observation["turn_seat"])
    seat = int(current) if isinstance(current, int) and current >= 0 else turn_seat
    pool = tuple(c for c, n in enumerate(_counts(rules, auction["cards"])) for _ in range(n)) if auction else ()
    return State(
        rules=rules,
        num_players=players,
        phase=phase,
        turn_seat=turn_seat,
        seat=seat,
        round=int(observation["round"]),
        money=money,
        bank=rules.bank_money - sum(money),
        shelves=tuple(int(s) for s in observation["shelves"]),
        displays=_displays(rules, observation["displays"]),
        hands=hands,
        parts_unknown=piles,
        deck=deck,
        discard=_counts(rules, observation["discards"]),
        seed=rng.getrandbits(32),
        reshuffles=0,
        layout=_layout(rules, observation["board"]),
        viktor=int(observation["viktor"]),
        calendar=int(observation["calendar_moves"]),
        town=int(observation["town"]),
        surplus=tuple(int(house["surplus"]) for house in houses),
        shortage=tuple(int(house["shortage"]) for house in houses),
        riot=bool(observation["riot"]),
        monster=bool(observation["monster"]),
        drawn=int(observation["drawn"]),
        going=_counts(rules, observation["going_rates_in_force"]),
        chosen=chosen,
        choosers=choosers,
        first_pricer=seat if phase == Phase.PRICE else 0,
        priced=0,
        pool=pool,
        pool_owners=tuple(-1 if index == 0 else rng.randrange(players) for index in range(len(pool))),
        bid=int(auction["bid"]) if auction else 0,
        leader=int(auction["leader"]) if auction else -1,
        passed=sum(1 << s for s in auction["passed"]) if auction else 0,
        calendar_done=bool(observation["calendar_done"]),
        end=_ENDS[str(observation["end"])],
    )
