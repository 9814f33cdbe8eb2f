"""The Parts Unknown ``State``: an immutable snapshot on the engine template, and what each seat sees.

Hands, Parts Unknown piles and the discards are counts per card type (in ``Rules.cards`` order); a store's
shelf is a sorted tuple of ``(type, step)``, the step being where its Shelf Space counter sits on the price
column (0 the dearest); the deck is a tuple of types, top first. These are the engine's own bookkeeping:
actions, events and observations speak in card names and dollars.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, NamedTuple

from playbook.core.checks import check_at_most, check_each, check_range, refuse
from playbook.core.engine import EngineState, Move, winners_with_ties
from playbook.core.errors import InvalidStateError
from playbook.core.protocol import CHANCE, Action, Event

from .actions import PuAction, describe
from .components import SPACE_LABELS, STEPS, Board, End, Phase, Rules, Space
from .moves import LISTERS, MOVES, OPEN_MOVES
from .observe import Observation, observe
from .rulebook import end_scores

Shelf = tuple[tuple[int, int], ...]


class _Fields(NamedTuple):
    rules: Rules
    num_players: int
    phase: Phase
    turn_seat: int  # whose turn it is (Steps 1-3)
    seat: int  # the seat to act now
    round: int  # the turn number, 0 during set-up
    money: tuple[int, ...]
    bank: int
    shelves: tuple[int, ...]
    displays: tuple[Shelf, ...]
    hands: tuple[tuple[int, ...], ...]
    parts_unknown: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    discard: tuple[int, ...]
    seed: int
    reshuffles: int
    layout: tuple[int, ...]
    viktor: int
    calendar: int
    town: int
    surplus: tuple[int, ...]  # per house (index into rules.houses)
    shortage: tuple[int, ...]
    riot: bool
    monster: bool
    drawn: int
    going: tuple[int, ...]  # the going rates fixed for Step 3 of this turn (0: none)
    chosen: tuple[tuple[int, ...], ...]  # set-up: each seat's secret choice, until priced
    choosers: int
    first_pricer: int
    priced: int
    pool: tuple[int, ...]  # auction: the cards (types)
    pool_owners: tuple[int, ...]  # auction: who showed each pooled card (-1: the revealed card)
    bid: int
    leader: int
    passed: int  # auction: bitmask of seats that passed on the standing bid
    calendar_done: bool
    end: End


FIELD_NAMES: tuple[str, ...] = _Fields._fields
_CHANCE_PHASES = (Phase.VIKTOR, Phase.FIRST_PRICER, Phase.FIRST_PLAYER)
#: Each phase's listers (``moves.LISTERS``: the open moves' ``legal`` methods, Step 2's as one memoised list),
#: indexed by phase (``legal_actions`` runs per state).
_LEGALS = tuple(LISTERS[phase] for phase in Phase)
#: Each action kind's effect as a bound method (one dict look-up per step in ``apply``).
_APPLY = {kind: move.apply for kind, move in MOVES.items()}
_FIELD_INDEX = {name: index for index, name in enumerate(FIELD_NAMES)}


class State(_Fields, EngineState):
    """An immutable Parts Unknown position (see the module docstring for the bookkeeping)."""

    __slots__ = ()
    ACTION_BASE = PuAction
    MOVES: ClassVar[Mapping[type[Action], Move[Any, Any]]] = MOVES

    # -- protocol ---------------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        phase = self.phase
        if phase == Phase.OVER:
            return None
        if phase in _CHANCE_PHASES:
            return CHANCE
        return self.seat

    @property
    def is_terminal(self) -> bool:
        return self.phase == Phase.OVER

    def open_moves(self) -> Sequence[Move[Any, Any]]:
        return OPEN_MOVES[self.phase]

    def _with(self, **changes: Any) -> State:
        """``EngineState._with`` with the field index looked up once per module (the moves call it)."""
        values = list(self)
        for name, value in changes.items():
            values[_FIELD_INDEX[name]] = value
        return tuple.__new__(State, values)

    def legal_actions(self) -> tuple[Action, ...]:
        """``EngineState.legal_actions`` (the same cache slot), joining the open moves' lists without a
        generator: it runs once for every new state."""
        slot = EngineState._legal_cache[0]
        if slot[0] is self:
            cached: tuple[Action, ...] = slot[1]
            return cached
        listers = _LEGALS[self.phase]
        if len(listers) == 1:  # Step 2, an auction's bid, a chance step: often one memoised tuple already
            listed = listers[0](self)
            result = listed if type(listed) is tuple else tuple(listed)
        else:
            actions: list[Action] = []
            for legal in listers:
                actions += legal(self)
            result = tuple(actions)
        EngineState._legal_cache[0] = (self, result, None)
        return result

    def apply(self, action: Action) -> tuple[State, tuple[Event, ...]]:
        """``EngineState.apply`` with an identity scan first: agents hand back one of the listed objects, and
        hashing a dataclass action (a Python-level ``__hash__``) for the core's set look-up costs more than
        the scan. Anything else goes through the core's checks and refusals unchanged."""
        for candidate in self.legal_actions():
            if candidate is action:
                break
        else:
            if not (isinstance(action, PuAction) and self.is_legal(action)):
                self._refuse(action)
        result: tuple[State, tuple[Event, ...]] = _APPLY[type(action)](self, action)
        return result

    def is_legal(self, action: Action) -> bool:
        """The core's check, refusing an unhashable action (a list in a field) instead of raising TypeError.

        ``EngineState.is_legal`` looks a long legal list up in a set, which hashes the action; ``apply`` then
        reports such an action as malformed (``InvalidActionError``) through ``why_illegal``.
        """
        try:
            hash(action)
        except TypeError:
            return False
        return super().is_legal(action)

    def chance_outcomes(self) -> tuple[tuple[Action, float], ...]:
        """A fair die or a fair pick of a seat: the same outcomes every time for a phase and player count, so
        they are built once per rules (``ActionCache.chance``)."""
        if self.phase in _CHANCE_PHASES:
            return self.rules.actions.chance(self.phase == Phase.VIKTOR, self.num_players)
        return ()

    def scores(self) -> tuple[float, ...]:
        """Money; once the Calendar has ended the game, plus $15 per Shelf Space."""
        return tuple(float(s) for s in self.money_scores())

    def money_scores(self) -> tuple[int, ...]:
        return end_scores(self.money, self.shelves, self.end, self.rules.shelf_value)

    def winners_when_over(self) -> tuple[int, ...]:
        return winners_with_ties(self.money_scores())

    # -- reading helpers -----------------------------------------------------------------------------------
    @property
    def board(self) -> Board:
        return self.rules.tables.board(self.layout)

    def marked_price(self, card: int, step: int) -> int:
        return self.rules.tables.prices[card][step]

    def going_rates(self) -> tuple[int, ...]:
        """The going rate of every card type from the cards on display now (0: none shown)."""
        return shown_rates(self.rules, self.displays)

    def cards_available(self) -> int:
        return len(self.deck) + sum(self.discard)

    def draw_price(self, count: int) -> int:
        """What drawing ``count`` more cards costs the seat to move now (the chart's difference)."""
        totals = self.rules.tables.draw_totals[self.riot]
        return totals[self.drawn + count] - totals[self.drawn]

    # -- views --------------------------------------------------------------------------------------------
    def describe_action(self, action: Action) -> str:
        """A refused action in a person's words, with these rules' prices ("buy a shelf for $40")."""
        return describe(action, self.rules)

    def observation(self, seat: int) -> Observation:
        """What ``seat`` sees: everything on the table; its own hand, set-up choice and Parts Unknown; only the
        sizes of the other hands, Parts Unknown piles and the deck (built in ``observe.py``)."""
        if type(seat) is not int or not 0 <= seat < self.num_players:
            seat = self.check_seat(seat)  # refuses it, naming the seat
        return observe(self, seat)

    def check_consistent(self) -> None:
        """Bounds a saved game must keep (``InvalidStateError`` naming the field)."""
        check_state(self)

    def __repr__(self) -> str:
        return (
            f"State(parts_unknown, players={self.num_players}, round {self.round}, phase={self.phase.word}, "
            f"money={list(self.money)}, town={self.town})"
        )


def space_label(kind: Space, amount: int) -> str:
    """A space as printed: ``3+X`` for a demand, else its name."""
    return f"{amount}+X" if kind == Space.DEMAND else SPACE_LABELS[kind]


def shown_rates(rules: Rules, displays: Sequence[Shelf]) -> tuple[int, ...]:
    """The going rate of every type from the shelves (``rulebook.going_rates``, inlined: it runs every step)."""
    prices = rules.tables.prices
    rates = [0] * rules.tables.num_types
    for shelf in displays:
        for card, step in shelf:
            price = prices[card][step]
            if rates[card] == 0 or price < rates[card]:
                rates[card] = price
    return tuple(rates)


# -- consistency of a saved state -------------------------------------------------------------------------------
class Ceilings(NamedTuple):
    """The largest values a game under these rules can reach, derived from the rules data (see ``ceilings``)."""

    turns: int
    money: int
    shelves: int
    reshuffles: int
    calendar: int
    town: int
    surplus: int
    shortage: int


def ceilings(rules: Rules, players: int) -> Ceilings:
    """How far each open-ended count can go in one game, so a saved state beyond it is refused at load.

    The game is bounded by the Calendar: every turn moves Viktor at least one space, every lap passes an
    Advance the Calendar corner (the rules data must hold one), and the turn that completes the Calendar is
    the last. A turn lands Viktor once, plus once more for each Roll Again space he lands on (each at most
    once a turn: landing on it twice would need a die that takes him a whole lap). The Bank never runs out,
    so money is bounded by sales: the Bank pays only for cards sold, and a card sells at most once a turn
    (sold cards go to the discards; shelves and Parts Unknown piles are filled only before Viktor moves).
    """
    board = sum(len(house.spaces) for house in rules.houses)
    turns = board * rules.calendar_length
    roll_again = sum(1 for house in rules.houses for kind, _ in house.spaces if kind == Space.ROLL_AGAIN)
    landings = turns * (1 + roll_again)
    cards = sum(card.count for card in rules.cards)
    dearest = max(max(card.prices) for card in rules.cards)
    money = players * rules.starting_money + turns * cards * dearest
    # After the Calendar completes, the rest of that turn's moves pass at most a corner a step.
    calendar = rules.calendar_length + (1 + roll_again) * rules.die_sides
    # A Surplus counter is a card sold beyond a demand. A Townsfolk is a growth corner or a house's conversion of
    # its full Surplus dots: once a house a turn, or (``repeat``) once per full set of dots.
    surplus = landings * cards
    if rules.excess_conversion == "repeat":
        conversions = surplus // min((house.surplus_dots for house in rules.houses if house.converts), default=1)
    else:
        conversions = turns * len(rules.houses)
    town = rules.starting_town + calendar + conversions
    # A Shortage grows by at most a demand: the space's a plus the Town.
    demand = max((amount for house in rules.houses for _, amount in house.spaces), default=0) + town
    return Ceilings(
        turns=turns,
        money=money,
        # A shelf costs shelf_cost; a free shelf (a variant) is counted as if it cost $1.
        shelves=rules.starting_shelves + money // max(1, rules.shelf_cost),
        # A reshuffle happens only when a card is taken from an empty deck: a Draw, or a Buyout or Auction reveal.
        reshuffles=turns * (len(rules.draw_prices) + 2),
        calendar=calendar,
        town=town,
        surplus=surplus,
        shortage=landings * demand,
    )


def _fail(field: str, problem: str) -> InvalidStateError:
    return refuse(f"State.{field}", problem)


def _per_seat(state: State, *names: str) -> None:
    for name in names:
        if len(getattr(state, name)) != state.num_players:
            raise _fail(name, f"must have one entry per seat ({state.num_players})")


def _counts(field: str, rows: Sequence[Sequence[int]], width: int) -> None:
    for index, row in enumerate(rows):
        if len(row) != width or any(v < 0 for v in row):
            raise _fail(f"{field}[{index}]", f"must be {width} counts, none negative")


def check_state(state: State) -> None:
    rules = state.rules
    n = state.num_players
    types = rules.tables.num_types
    houses = len(rules.houses)
    check_range("State.num_players", n, rules.min_players, rules.max_players)
    _per_seat(state, "money", "shelves", "displays", "hands", "parts_unknown", "chosen")
    for field in ("turn_seat", "seat", "first_pricer"):
        check_range(f"State.{field}", getattr(state, field), 0, n - 1)
    check_range("State.leader", state.leader, -1, n - 1)
    check_range("State.passed", state.passed, 0, 2**n - 1)
    check_range("State.choosers", state.choosers, 0, n)
    check_range("State.priced", state.priced, 0, n)
    check_range("State.drawn", state.drawn, 0, len(rules.draw_prices))
    _counts("hands", state.hands, types)
    _counts("parts_unknown", state.parts_unknown, types)
    _counts("discard", [state.discard], types)
    _counts("going", [state.going], types)
    for field in ("surplus", "shortage"):
        if len(getattr(state, field)) != houses or any(v < 0 for v in getattr(state, field)):
            raise _fail(field, f"must be {houses} counts, none negative")
    _check_numbers(state, ceilings(rules, n))
    _check_cards(state)


def _check_numbers(state: State, most: Ceilings) -> None:
    """The open-ended counts within ``ceilings``."""
    rules = state.rules
    check_range("State.round", state.round, 0, most.turns)
    check_range("State.reshuffles", state.reshuffles, 0, most.reshuffles)
    if state.calendar_done:
        check_range("State.calendar", state.calendar, rules.calendar_length, most.calendar)
    else:  # the Calendar is done as soon as its moves reach its length
        check_range("State.calendar", state.calendar, 0, rules.calendar_length - 1)
    check_range("State.town", state.town, 0, most.town)
    check_each("State.surplus", state.surplus, 0, most.surplus)
    check_each("State.shortage", state.shortage, 0, most.shortage)
    check_each("State.money", state.money, 0, most.money)
    # The Bank holds what the seats do not (it may go into debt): at most all of it, at least all but their most.
    low = rules.bank_money - state.num_players * most.money
    check_range("State.bank", state.bank, low, rules.bank_money)
    check_each("State.shelves", state.shelves, rules.starting_shelves, most.shelves)
    prices = rules.tables.prices
    for card, rate in enumerate(state.going):
        if rate and rate not in prices[card]:
            raise _fail(f"going[{card}]", f"must be 0 or a price of the card's column {prices[card]}, not {rate}")


def _check_cards(state: State) -> None:
    rules = state.rules
    n = state.num_players
    types = rules.tables.num_types
    houses = len(rules.houses)
    if sorted(state.layout) != list(range(houses)):
        raise _fail("layout", f"must order the {houses} houses")
    check_range("State.viktor", state.viktor, 0, len(state.board) - 1)
    for seat, shelf in enumerate(state.displays):
        if any(not (0 <= card < types and 0 <= step < STEPS) for card, step in shelf) or list(shelf) != sorted(shelf):
            raise _fail(f"displays[{seat}]", f"must be sorted (type, step) pairs, type < {types}, step < {STEPS}")
        check_at_most(f"State.displays[{seat}]", len(shelf), state.shelves[seat], "cards (one per Shelf Space)")
    for field, cards in (
        ("deck", state.deck),
        ("pool", state.pool),
        *((f"chosen[{s}]", c) for s, c in enumerate(state.chosen)),
    ):
        if any(not 0 <= card < types for card in cards):
            raise _fail(field, f"must hold card types 0 to {types - 1}")
    for seat, chosen in enumerate(state.chosen):
        check_at_most(f"State.chosen[{seat}]", len(chosen), rules.setup_stock, "cards (the set-up stock)")
    if len(state.pool_owners) != len(state.pool) or any(not -1 <= s < n for s in state.pool_owners):
        raise _fail("pool_owners", "must name an owner (-1 or a seat) per pooled card")
    if (state.phase == Phase.OVER) != (state.end != End.NONE):
        raise _fail("end", "must be set exactly when the game is over")
    _check_supply(state)
    _check_phase(state)


def _check_supply(state: State) -> None:
    """The cards of each type in play (deck, discards, hands, Parts Unknown piles, displays, set-up choices and
    an auction's pool) are at most the type's count: a scenario may leave cards out, never make one."""
    counts = [0] * state.rules.tables.num_types
    for card in (*state.deck, *state.pool, *(card for chosen in state.chosen for card in chosen)):
        counts[card] += 1
    for card, _ in (item for shelf in state.displays for item in shelf):
        counts[card] += 1
    for row in (state.discard, *state.hands, *state.parts_unknown):
        for card, count in enumerate(row):
            counts[card] += count
    for count, kind in zip(counts, state.rules.cards, strict=True):
        check_at_most(f"State (deck, discard, hands, displays ...): {kind.name}", count, kind.count, "cards")


def _check_phase(state: State) -> None:
    """What each phase needs of the other fields, so a loaded game always has a move or is over."""
    phase, n, seat = state.phase, state.num_players, state.seat
    if phase == Phase.CHOOSE and not (state.round == 0 and seat == state.choosers < n):
        raise _fail("seat", "set-up choices go seat by seat: seat must equal choosers (< players), round 0")
    if phase in (Phase.FIRST_PRICER, Phase.PRICE, Phase.FIRST_PLAYER) and state.choosers != n:
        raise _fail("choosers", "pricing starts when every seat has chosen")
    if phase == Phase.PRICE and not state.chosen[seat]:
        raise _fail("chosen", "the seat to price must have chosen cards left")
    if phase >= Phase.BUY and phase != Phase.OVER:
        if state.round < 1 or any(state.chosen):
            raise _fail("round", "turns start at round 1, after every chosen card is priced")
        if phase in (Phase.BUY, Phase.STOCK, Phase.VIKTOR) and seat != state.turn_seat:
            raise _fail("seat", "in Steps 1 to 3 the seat to move is the seat whose turn it is")
        if state.drawn > len(state.rules.draw_prices):
            raise _fail("drawn", "more cards drawn than the Card Price Chart allows")
    _check_auction(state)


def _check_auction(state: State) -> None:
    """Only an auction holds a pool, and its standing bid is at least $1 once someone leads, no more than the
    leader's money."""
    if state.phase == Phase.AUCTION and (not state.pool or state.seat == state.leader):
        raise _fail("pool", "an auction needs cards, and the high bidder is not the seat to move")
    if state.phase != Phase.AUCTION and (state.pool or state.leader != -1 or state.bid or state.passed):
        raise _fail("pool", "only an auction holds a pool, a bid, a leader or passes")
    if state.leader >= 0:
        check_range("State.bid", state.bid, 1, state.money[state.leader])
    elif state.bid:
        raise _fail("bid", "must be 0 until a seat bids")
