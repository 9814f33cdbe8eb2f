"""The ``State`` of An Offal Game: one moment of the game, immutable; moves return new states.

Fields hold ints, enums and tuples (plus the ``Rules``). Customers are kept as indices into
``rules.customers`` (actions and observations name them); tools as ``ToolKind``; the pipe as cube kinds
from the entrance (position 0 is the rightmost space of Day 1), ``EMPTY`` for a free space.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar, NamedTuple, TypedDict

from playbook.core import CHANCE, Action, Event, InvalidActionError, InvalidStateError
from playbook.core.checks import check_at_most, check_each, check_length, check_range, check_supply
from playbook.core.engine import EngineState, Move, uniform_outcomes

from .actions import BLIND_DRAWS, BlindDraw, DieRoll, OffalAction, describe, die_rolls, malformed, sneaks_a_bool
from .components import (
    CARD_NAMES,
    CUBE_KEYS,
    EMPTY,
    INFO,
    PART_KEYS,
    TOOL_KEYS,
    Card,
    Cube,
    End,
    Phase,
    Rules,
    ToolKind,
    plunger,
)
from .events import GameEnded
from .rulebook import card_counts, draw_odds, meets_age, most_money

_RAT = 4


class CustomerView(TypedDict):
    """A customer as every seat sees it (face up in front of a Plunger)."""

    name: str
    part: str
    part_name: str
    count: int
    age: int
    money: int
    filled: int
    need: int


class ToolView(TypedDict):
    key: str
    name: str
    text: str


class SpaceView(TypedDict):
    """One pipe space, far left of Day 3 first: its card, its number from the card's left edge, what is on it."""

    card: str
    space: int
    rat_space: bool
    cube: str | None


class Observation(TypedDict):
    """What one seat sees. Everything on the table; its own tools; not the other hand, The Queue's order or
    the tool deck's order (the bag is counts: its draw order does not exist until drawn)."""

    game: str
    seat: int
    num_players: int
    round: int
    turn_seat: int
    to_move: int | None
    phase: str
    phase_words: str
    parts: list[str]
    cards: list[str]
    spaces: list[SpaceView]
    card_counts: list[list[int]]
    clog: list[str]
    clog_spaces: int
    clog_full: bool
    reserve: list[str]
    drawn: list[str]
    draws_left: int
    bag: dict[str, int]
    customers: list[list[CustomerView]]
    money: list[int]
    served: list[list[str]]
    queue_size: int
    hand: list[str]
    hand_tools: list[ToolView]
    hand_sizes: list[int]
    tool_deck_size: int
    tool_discard: list[str]
    tool_used: bool
    flushed: bool
    age_match: str
    clog_takeable: bool
    gore_track: int
    solo_target: int | None
    end: str | None
    end_words: str | None
    winners: list[int]


class _Fields(NamedTuple):
    rules: Rules
    num_players: int
    seed: int
    round: int
    seat: int
    phase: Phase
    bag: tuple[int, ...]
    pipe: tuple[int, ...]
    clog: tuple[int, ...]
    reserve: tuple[int, ...]
    drawn: tuple[int, ...]
    draws_left: int
    customers: tuple[tuple[int, ...], ...]
    filled: tuple[int, ...]
    queue: tuple[int, ...]
    served: tuple[tuple[int, ...], ...]
    money: tuple[int, ...]
    hands: tuple[tuple[ToolKind, ...], ...]
    tool_deck: tuple[ToolKind, ...]
    tool_discard: tuple[ToolKind, ...]
    reshuffles: int
    tool_used: bool
    flushed: bool
    clog_full: bool
    end: End


_SEAT_PHASES = (Phase.START, Phase.RESERVE, Phase.ORDERS)
_DIE_PHASES = (Phase.ROLL_DIE, Phase.RESERVE_DIE)
#: The phases as module constants and, per phase, whether a seat moves in it (else chance, or nobody when
#: over): an enum member looked up on its class costs several times a global, and the play loops ask who
#: moves on every step.
_BLIND_DRAW, _OVER = Phase.BLIND_DRAW, Phase.OVER
_SEAT_MOVES = tuple(phase in _SEAT_PHASES for phase in Phase)
_DIE_ROLLED = tuple(phase in _DIE_PHASES for phase in Phase)
#: Blind-draw odds by the bag's counts: a game revisits the same bags, and random play asks every draw.
_DRAW_ODDS: dict[tuple[int, ...], tuple[tuple[Action, float], ...]] = {}
_DRAW_ODDS_KEPT = 50_000
#: Each shared blind draw's cube by the action's identity (they live as long as the module): ``apply`` finds
#: a listed draw with one look-up, where hashing the dataclass would run its Python ``__hash__``.
_DRAW_KINDS = {id(draw): kind for kind, draw in enumerate(BLIND_DRAWS)}


def _blind_draw_odds(bag: tuple[int, ...]) -> tuple[tuple[Action, float], ...]:
    """``draw_odds(bag)`` as blind-draw actions, remembered per bag (at most ``_DRAW_ODDS_KEPT`` bags)."""
    odds = _DRAW_ODDS.get(bag)
    if odds is None:
        if len(_DRAW_ODDS) >= _DRAW_ODDS_KEPT:
            _DRAW_ODDS.clear()
        odds = _DRAW_ODDS[bag] = tuple([(BLIND_DRAWS[kind], p) for kind, p in draw_odds(bag)])
    return odds


@functools.cache
def _die_outcomes(sides: int) -> tuple[tuple[Action, float], ...]:
    """A fair die's outcomes, built once per die."""
    return uniform_outcomes(die_rolls(sides))


class State(_Fields, EngineState):
    """One moment of An Offal Game (see the module docstring for the fields)."""

    __slots__ = ()
    ACTION_BASE = OffalAction
    MOVES: ClassVar[Mapping[type[Action], Move[Any, Any]]] = {}  # filled by ``moves`` (they import State)
    PHASE_MOVES: ClassVar[Mapping[Phase, tuple[Move[Any, Any], ...]]] = {}
    #: per phase, the open moves' ``legal`` methods bound once; per action kind, its move's ``apply``
    PHASE_LEGALS: ClassVar[Mapping[Phase, tuple[Callable[[State], Iterable[Action]], ...]]] = {}
    #: per phase, the tools open in it (listed after the other moves' actions): ``(kind, legal)``
    PHASE_TOOLS: ClassVar[Mapping[Phase, tuple[tuple[ToolKind, Callable[[State], Iterable[Action]]], ...]]] = {}
    PHASE_APPLY: ClassVar[Mapping[type[Action], Callable[[State, Any], tuple[State, tuple[Event, ...]]]]] = {}

    # -- the protocol ------------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        phase = self.phase
        if _SEAT_MOVES[phase]:
            return self.seat
        return None if phase == _OVER else CHANCE

    @property
    def is_terminal(self) -> bool:
        return self.phase == _OVER

    def open_moves(self) -> tuple[Move[Any, Any], ...]:
        return self.PHASE_MOVES[self.phase]

    def _with(self, **changes: Any) -> State:
        """``EngineState._with`` with the field index looked up once per module (every move calls it)."""
        values = list(self)
        for name, value in changes.items():
            values[_FIELD_INDEX[name]] = value
        return tuple.__new__(State, values)

    def in_phase(self, phase: Phase) -> State:
        """This state in ``phase``: ``_with(phase=...)`` without its keyword handling, the step most moves end
        with."""
        values = list(self)
        values[PHASE] = phase
        return tuple.__new__(State, values)

    def legal_actions(self) -> tuple[Action, ...]:
        """``EngineState.legal_actions`` (the same cache slot), joining the open moves' lists without a
        generator: it runs once for every new state. A tool's move is asked only when the hand to move holds
        that tool and none was played this turn (its ``legal`` would list nothing otherwise)."""
        slot = EngineState._legal_cache[0]
        if slot[0] is self:
            cached: tuple[Action, ...] = slot[1]
            return cached
        actions: list[Action] = []
        phase = self.phase
        for legal in self.PHASE_LEGALS[phase]:
            actions += legal(self)
        if not self.tool_used:
            hand = self.hands[self.seat]
            if hand:
                for kind, tool_legal in self.PHASE_TOOLS[phase]:
                    if kind in hand:
                        actions += tool_legal(self)
        result = tuple(actions)
        EngineState._legal_cache[0] = (self, result, None)
        return result

    def apply(self, action: Action) -> tuple[State, tuple[Event, ...]]:
        """The new state and its events. A listed action (what agents hand back) is found by identity, the
        cheapest test; any other is checked in full: a malformed one (a bool for an int) is refused before
        the legal check, where ``True == 1`` would let it pass. At a chance step (most steps of a game) the
        outcomes are looked through directly: play loops ask ``chance_outcomes()`` there, never
        ``legal_actions()``, so building that list only for this check would be wasted."""
        phase = self.phase
        if phase == _BLIND_DRAW:
            cube = _DRAW_KINDS.get(id(action))
            if cube is not None and self.bag[cube]:
                return self.PHASE_APPLY[BlindDraw](self, action)
        elif _DIE_ROLLED[phase]:
            for roll in die_rolls(self.rules.die_sides):
                if roll is action:
                    return self.PHASE_APPLY[DieRoll](self, action)
        for candidate in self.legal_actions():
            if candidate is action:
                result: tuple[State, tuple[Event, ...]] = self.PHASE_APPLY[type(action)](self, action)
                return result
        if sneaks_a_bool(action):
            raise InvalidActionError(f"{action!r}: {malformed(action)}")
        return EngineState.apply(self, action)

    def chance_outcomes(self) -> tuple[tuple[Action, float], ...]:
        phase = self.phase
        if phase == _BLIND_DRAW:
            odds = _DRAW_ODDS.get(self.bag)
            return odds if odds is not None else _blind_draw_odds(self.bag)
        if _DIE_ROLLED[phase]:
            return _die_outcomes(self.rules.die_sides)
        return ()

    def scores(self) -> tuple[float, ...]:
        return tuple(float(m) for m in self.money)

    def winners_when_over(self) -> tuple[int, ...]:
        """Most money wins, ties shared; solo: the Plunger wins with at least ``solo_target`` dollars."""
        if self.num_players == 1:
            return (0,) if self.money[0] >= self.rules.solo_target else ()
        return most_money(self.money)

    # -- reading the board -------------------------------------------------------------------------------
    def card_counts(self) -> tuple[tuple[int, ...], ...]:
        """Parts per card and type; remembered for the last state asked (the takes, the Meat Hook and the
        observation of one state all ask it), in one slot replaced whole like the legal-action cache."""
        slot = _COUNTS_CACHE[0]
        if slot[0] is self:
            return slot[1]
        counts = card_counts(self.pipe, self.clog, self.rules.space_cards)
        _COUNTS_CACHE[0] = (self, counts)
        return counts

    def need(self, customer: int) -> int:
        return self.rules.customers[customer].count - self.filled[customer]

    def cube_total(self) -> int:
        """Every cube in the game: bag, pipe, reserve, drawn this turn, The Clog and the body bags."""
        on_pipe = sum(1 for cube in self.pipe if cube != EMPTY)
        return sum(self.bag) + on_pipe + len(self.reserve) + len(self.drawn) + len(self.clog) + sum(self.filled)

    def my_customer(self, name: str) -> int | None:
        """The index of the turn's Plunger's customer called ``name``, or ``None``."""
        index = self.rules.customer_ids.get(name) if isinstance(name, str) else None
        return index if index is not None and index in self.customers[self.seat] else None

    def matching(self, card: int, part: int, ignore_age: bool) -> list[str]:
        """The turn's Plunger's customers who still want ``part`` and may take it from ``card``."""
        rules = self.rules
        out = []
        for c in self.customers[self.seat]:
            customer = rules.customers[c]
            if customer.part != part or self.filled[c] >= customer.count:
                continue
            if ignore_age:
                if card == Card.THE_CLOG and not rules.clog_takeable:
                    continue
            elif not meets_age(card, customer.age, rules.age_match, rules.clog_takeable):
                continue
            out.append(customer.name)
        return out

    def game_over(self, reason: End, events: list[Event]) -> State:
        state = self._with(phase=Phase.OVER, end=reason)
        target = self.rules.solo_target if self.num_players == 1 else 0
        events.append(GameEnded(self.round, reason.key, reason.words, self.money, state.winners(), target))
        return state

    # -- views -------------------------------------------------------------------------------------------
    def describe_action(self, action: Action) -> str:
        """A refused action in the game's words, without the outcome ``describe`` adds from an observation (a
        refused take has none)."""
        return describe(action)

    def observation(self, seat: int) -> Observation:
        """What ``seat`` sees (see ``Observation``); ``InvalidArgumentError`` for a seat not in the game."""
        self.check_seat(seat)
        rules = self.rules
        layout = _layout(rules)
        return {
            "game": INFO.name,
            "seat": seat,
            "num_players": self.num_players,
            "round": self.round,
            "turn_seat": self.seat,
            "to_move": self.current_player,
            "phase": self.phase.key,
            "phase_words": self.phase.words,
            "parts": list(PART_KEYS),
            "cards": list(CARD_NAMES),
            "spaces": self._spaces(layout),
            "card_counts": [list(row) for row in self.card_counts()],
            "clog": [CUBE_KEYS[cube] for cube in self.clog],
            "clog_spaces": rules.clog_spaces,
            "clog_full": self.clog_full,
            "reserve": [CUBE_KEYS[cube] for cube in self.reserve],
            "drawn": [CUBE_KEYS[cube] for cube in self.drawn],
            "draws_left": self.draws_left,
            "bag": dict(zip(CUBE_KEYS, self.bag, strict=True)),
            "customers": [[self._customer_view(c, layout.customers[c]) for c in mine] for mine in self.customers],
            "money": list(self.money),
            "served": [[rules.customers[c].name for c in s] for s in self.served],
            "queue_size": len(self.queue),
            "hand": [TOOL_KEYS[t] for t in self.hands[seat]],
            "hand_tools": [
                {"key": TOOL_KEYS[t], "name": layout.tool_names[t], "text": layout.tool_texts[t]}
                for t in self.hands[seat]
            ],
            "hand_sizes": [len(h) for h in self.hands],
            "tool_deck_size": len(self.tool_deck),
            "tool_discard": [TOOL_KEYS[t] for t in self.tool_discard],
            "tool_used": self.tool_used,
            "flushed": self.flushed,
            "age_match": rules.age_match,
            "clog_takeable": rules.clog_takeable,
            "gore_track": rules.gore_track,
            "solo_target": rules.solo_target if self.num_players == 1 else None,
            "end": self.end.key or None,
            "end_words": self.end.words or None,
            "winners": list(self.winners()),
        }

    def _customer_view(self, c: int, card: tuple[str, str, str, int, int, int]) -> CustomerView:
        name, part, part_name, count, age, money = card
        filled = self.filled[c]
        return {
            "name": name,
            "part": part,
            "part_name": part_name,
            "count": count,
            "age": age,
            "money": money,
            "filled": filled,
            "need": count - filled,
        }

    def _spaces(self, layout: _Layout) -> list[SpaceView]:
        pipe = self.pipe
        return [
            {
                "card": card,
                "space": space,
                "rat_space": rat_space,
                "cube": None if pipe[p] == EMPTY else CUBE_KEYS[pipe[p]],
            }
            for p, card, space, rat_space in layout.spaces
        ]

    def __str__(self) -> str:
        counts = self.card_counts()
        sewer = "; ".join(
            f"{CARD_NAMES[card]}: " + ", ".join(Cube(p).count_words(n) for p, n in enumerate(counts[card]) if n)
            for card in range(4)
        )
        money = ", ".join(f"${m}" for m in self.money)
        return f"Turn {self.round}, {plunger(self.seat)} ({self.phase.words}); money {money}; {sewer}"

    # -- saved games -------------------------------------------------------------------------------------
    def check_consistent(self) -> None:
        """Refuse a saved state whose fields type-check but make no game (``InvalidStateError`` naming the
        field): every number in the range the rules allow, every cube, customer and tool in one place."""
        rules = self.rules
        _check_counts(self, rules)
        _check_cubes(self, rules)
        _check_cards(self, rules)


class _Layout(NamedTuple):
    """What an observation shows that only the rules decide, worked out once per ``Rules``: each pipe space far
    left of Day 3 first as ``(position, card title, space from the card's left, rat space?)``, each customer
    card as ``(name, part key, part plural, count, age, money)``, and each tool kind's name and text."""

    spaces: tuple[tuple[int, str, int, bool], ...]
    customers: tuple[tuple[str, str, str, int, int, int], ...]
    tool_names: tuple[str, ...]
    tool_texts: tuple[str, ...]


#: The layout of the rules observed last (one slot, replaced whole): observations are built on every decision.
_LAYOUT: list[tuple[Rules | None, _Layout | None]] = [(None, None)]


def _layout(rules: Rules) -> _Layout:
    cached_rules, layout = _LAYOUT[0]
    if cached_rules is rules and layout is not None:
        return layout
    rats = set(rules.rat_spaces)
    spaces = []
    for position in range(rules.pipe_length - 1, -1, -1):
        card, space = rules.space_of(position)
        spaces.append((position, card.title, space, position in rats))
    layout = _Layout(
        spaces=tuple(spaces),
        customers=tuple((c.name, c.part.key, c.part.plural, c.count, c.age, c.money) for c in rules.customers),
        tool_names=tuple(rules.tool_name(kind) for kind in ToolKind),
        tool_texts=tuple(rules.tool_text(kind) for kind in ToolKind),
    )
    _LAYOUT[0] = (rules, layout)
    return layout


_FIELD_INDEX = {name: index for index, name in enumerate(State._fields)}
#: Field positions for the moves that build a new state from ``list(state)`` (the hot path: no keywords).
ROUND, SEAT, PHASE, BAG, PIPE, CLOG, RESERVE, DRAWN, DRAWS_LEFT, FILLED, TOOL_USED, FLUSHED = (
    _FIELD_INDEX[name]
    for name in (
        "round",
        "seat",
        "phase",
        "bag",
        "pipe",
        "clog",
        "reserve",
        "drawn",
        "draws_left",
        "filled",
        "tool_used",
        "flushed",
    )
)
HANDS, TOOL_DECK, TOOL_DISCARD, RESHUFFLES = (
    _FIELD_INDEX[name] for name in ("hands", "tool_deck", "tool_discard", "reshuffles")
)
_COUNTS_CACHE: list[tuple[State | None, tuple[tuple[int, ...], ...]]] = [(None, ())]


def _check_counts(state: State, rules: Rules) -> None:
    players = state.num_players
    check_range("State.num_players", players, INFO.min_players, INFO.max_players)
    check_range("State.seat", state.seat, 0, players - 1)
    for name in ("customers", "served", "money", "hands"):
        check_length(f"State.{name}", getattr(state, name), players, f"entries, one per Plunger ({players})")
    # The game ends when a turn at the safety limit ends.
    check_range("State.round", state.round, 1, rules.max_turns)
    each = rules.solo_customers if players == 1 else rules.customers_each
    # The d4 plus the waiting customers (at most the set-up's customers each: a new one only replaces one).
    check_range("State.draws_left", state.draws_left, 0, rules.die_sides + each)
    # A reshuffle happens only while a tool is played, and a Plunger plays at most one tool a turn.
    check_range("State.reshuffles", state.reshuffles, 0, state.round)
    # Money comes only from filled orders, each customer's once: at most every customer's money.
    check_each("State.money", state.money, 0, sum(customer.money for customer in rules.customers))
    for seat, mine in enumerate(state.customers):
        check_at_most(f"State.customers[{seat}]", len(mine), each, "customers")
    for seat, hand in enumerate(state.hands):
        check_at_most(f"State.hands[{seat}]", len(hand), rules.tools_each, "tools")


def _check_cubes(state: State, rules: Rules) -> None:
    check_length("State.bag", state.bag, 5, "counts (bones, organs, brains, hearts, rats)")
    check_each("State.bag", state.bag, 0, sum(rules.bag))
    check_length("State.pipe", state.pipe, rules.pipe_length, "spaces")
    check_each("State.pipe", state.pipe, EMPTY, _RAT)  # a part, a rat or empty
    # Rats never reach The Clog or the reserve.
    check_each("State.clog", state.clog, 0, _RAT - 1)
    check_each("State.reserve", state.reserve, 0, _RAT - 1)
    check_each("State.drawn", state.drawn, 0, _RAT)
    check_at_most("State.clog", len(state.clog), rules.clog_spaces, "cubes (The Clog's spaces)")
    check_length("State.filled", state.filled, len(rules.customers), "counts, one per customer")
    for c, n in enumerate(state.filled):
        check_range(f"State.filled[{c}]", n, 0, rules.customers[c].count)
    check_supply("State.bag", state.cube_total(), sum(rules.bag), "cubes")


def _check_cards(state: State, rules: Rules) -> None:
    ids = [c for mine in state.customers for c in mine] + list(state.queue)
    ids += [c for done in state.served for c in done]
    if sorted(ids) != list(range(len(rules.customers))):
        raise InvalidStateError(
            "State.customers: every customer must be in exactly one place (in front of a Plunger, The Queue, served)"
        )
    tools = sorted([*state.tool_deck, *state.tool_discard, *(t for hand in state.hands for t in hand)])
    if tools != sorted(rules.tool_cards):
        raise InvalidStateError("State.hands: the tool cards in hands, deck and discards must be the game's tool deck")
