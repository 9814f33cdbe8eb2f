"""The immutable ``State`` of a competition: its fields, what a seat sees, and how turns and rounds end.

Each kind of action is a ``Move`` in ``moves/`` (legality, why-not text and effect together); the turn and
round flow they share (end a turn, end a round, sell, restock, finish) are methods here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, NotRequired, TypedDict

from playbook.core.checks import check_at_most, check_each, check_length, check_range
from playbook.core.engine import EngineState, Move
from playbook.core.errors import InvalidStateError
from playbook.core.protocol import Action, Event

from .actions import END_TURN, PASS, BreakDown, Build, Buy, DoneSelling, MnmAction, SellSet, describe
from .components import INFO, MARKERS_PER_PLAYER, NUM_TYPES, EndReason, Phase, RoundEndReason, Rules
from .events import (
    AutomatonPaid,
    CompetitionEnded,
    FirstPlayerPassed,
    Restocked,
    RoundEnded,
    ValueAdjusted,
)
from .fields import BROKE_THIS_TURN, BUILT_THIS_TURN, CLAWED_THIS_TURN, FIELD_INDEX, PRIMARY_DONE, SEAT, Fields
from .moves import (
    MOVES,
    OPTIONAL,
    PLAY_AFTER_PRIMARY,
    PLAY_AFTER_PRIMARY_UNBUILT,
    PLAY_PRIMARY,
    PLAY_PRIMARY_UNBUILT,
    SELLING,
    malformed,
)
from .moves.break_down import BREAK_DOWN_MOVE
from .moves.build import BUILD_MOVE
from .moves.buy import BUY_MOVE
from .moves.claw import CLAW_MOVE
from .rulebook import adjust_values, tie_break_order

Events = tuple[Event, ...]
#: The phases as module constants: an enum member looked up on its class costs ~90 ns, a global ~20 ns,
#: and the hot path compares the phase several times a step.
_PLAY, _SELL, _OVER = Phase.PLAY, Phase.SELL, Phase.OVER
_PHASE_WORDS = tuple(phase.name.lower() for phase in Phase)  # the observation's "play", "sell", "over"
_END_WORDS = tuple(reason.words for reason in EndReason)


class Observation(TypedDict):
    """What one seat sees: everything public, its own hand; never other hands or the deck order."""

    game: str
    seat: int
    round: int
    phase: str
    current_player: int | None
    first_player: int
    components: list[str]
    values: list[int]
    order_line: list[int]
    order_line_rise: int
    order_line_fall: int
    market: list[int]
    cogs: list[int]
    hand: list[int]
    scrap: int
    hand_sizes: list[int]
    built: list[list[str]]
    #: Cards lying face up in each seat's built mechanisms, per component id.
    built_cards: list[list[int]]
    mechanisms: list[str]
    mechanism_names: dict[str, str]
    deck_size: int
    discard_size: int
    passes_in_row: int
    purchases_this_round: int
    bought_this_round: list[int]
    primary_done: bool
    min_set_size: int
    set_bonus: int
    prices: list[int]
    final_round: bool
    end_reason: str
    #: X-Ray Goggles: the top cards of the deck, top first.
    deck_top: NotRequired[list[int]]
    #: Analytical Almanac: cards of each component type left in the deck.
    deck_counts: NotRequired[list[int]]


class State(Fields, EngineState):
    """An immutable snapshot of the competition. Hands are card counts per component id."""

    __slots__ = ()
    ACTION_BASE = MnmAction
    MOVES: ClassVar[Mapping[type[Action], Move[Any, Any]]] = MOVES

    # -- protocol ---------------------------------------------------------------------------------------
    def _with(self, **changes: Any) -> State:
        """``EngineState._with`` with the field index looked up once per module (the hot path)."""
        values = list(self)
        for name, value in changes.items():
            values[FIELD_INDEX[name]] = value
        return tuple.__new__(State, values)

    def legal_actions(self) -> tuple[Action, ...]:
        """``EngineState.legal_actions`` (same cache slot), joining the open moves' lists without generators."""
        slot = EngineState._legal_cache[0]
        if slot[0] is self:
            cached: tuple[Action, ...] = slot[1]
            return cached
        if self.phase == _PLAY and not self.primary_done:  # a turn's start, the most common (PLAY_PRIMARY...)
            actions: list[Action] = [*_BUY_LEGAL(self), PASS, *_BUILD_LEGAL(self)]
            if self.built[self.seat]:
                actions += _BREAK_DOWN_LEGAL(self)
                actions += _CLAW_LEGAL(self)
        else:
            actions = []
            for legal in _LEGALS[id(self.open_moves())]:
                actions += legal(self)
        result = tuple(actions)
        EngineState._legal_cache[0] = (self, result, None)
        return result

    def apply(self, action: Action) -> tuple[State, tuple[Event, ...]]:
        """``EngineState.apply`` with an identity scan first: agents pick from ``legal_actions()``, so the
        action is usually one of its objects, and hashing a dataclass action (a Python-level ``__hash__``)
        for the core's set look-up costs more than the scan. Refusals go through the core unchanged."""
        legal = self.legal_actions()
        for candidate in legal:
            if candidate is action:
                break
        else:
            if not (isinstance(action, MnmAction) and self.is_legal(action)):
                self._refuse(action)
        result: tuple[State, Events] = _APPLY[type(action)](self, action)
        return result

    @property
    def current_player(self) -> int | None:
        return None if self.phase == _OVER else self.seat

    @property
    def is_terminal(self) -> bool:
        return self.phase == _OVER

    def open_moves(self) -> tuple[Move[State, Any], ...]:
        if self.phase == _PLAY:
            if self.built[self.seat]:
                return PLAY_AFTER_PRIMARY if self.primary_done else PLAY_PRIMARY
            return PLAY_AFTER_PRIMARY_UNBUILT if self.primary_done else PLAY_PRIMARY_UNBUILT
        return SELLING if self.phase == _SELL else ()

    def why_illegal(self, action: object) -> str | None:
        """``None`` when legal; else the rule that forbids it, in the rulebook's words where it can."""
        if isinstance(action, MnmAction) and not self.is_terminal:
            reason = malformed(self, action) or self._not_open_now(action)
            if reason is not None:
                return reason
        return super().why_illegal(action)

    def describe_action(self, action: Action) -> str:
        """A refused action in the card's or mechanism's name, a buy with its price to this seat: "buy Lens (8
        cogs) by seat 0: You may not go into debt", never "buy component 4"."""
        price = None
        if isinstance(action, Buy) and self.phase == _PLAY and 0 <= action.component < NUM_TYPES:
            price = self.price(self.seat, action.component)
        return describe(action, self.rules, price)

    def _not_open_now(self, action: MnmAction) -> str | None:
        move = MOVES.get(type(action))
        if move is None or move in self.open_moves():
            return None
        if self.phase == _SELL:
            if isinstance(action, Build | BreakDown):
                return "You can build and break down mechanisms only on your turn during a round, never between rounds"
            return "it is the Sell Sets step: sell a set or finish selling"
        if isinstance(action, SellSet | DoneSelling):
            return "sets are sold only at the round's end (Round Ends, step 2)"
        return move.why_not(self, action)

    def chance_outcomes(self) -> tuple[tuple[Action, float], ...]:
        return ()

    def scores(self) -> tuple[float, ...]:
        return tuple(float(c) for c in self.cogs)

    def winners_when_over(self) -> tuple[int, ...]:
        """The one winner after the rulebook's tie breaks."""
        return (self.ranking()[0],)

    def ranking(self) -> list[int]:
        """Seats from first to last by the rulebook's order (cogs, then fewest components, then seat)."""
        return tie_break_order(self.cogs, [sum(h) for h in self.hands], self.first_player)

    def check_consistent(self) -> None:
        """Every field in the range the rules allow, and no more cards than the game has (``InvalidStateError``
        naming the field): a saved game is data from outside, and an out-of-range count (a hand of a million
        cards, a million Scrap) would make a legal-action list too long to build."""
        n = self.num_players
        check_range("State.num_players", n, INFO.min_players, INFO.max_players)
        for name in ("cogs", "hands", "scrap", "built"):
            check_length(f"State.{name}", getattr(self, name), n, f"entries, one per seat ({n})")
        check_range("State.seat", self.seat, 0, n - 1)
        check_range("State.first_player", self.first_player, 0, n - 1)
        rules = self.rules
        check_range("State.round", self.round, 1, most_rounds(rules))
        check_each("State.cogs", self.cogs, 0, most_cogs(rules))
        check_each("State.scrap", self.scrap, 0, rules.scrap_per_player)
        check_range("State.passes_in_row", self.passes_in_row, 0, n)
        check_range("State.sellers_done", self.sellers_done, 0, n)
        # "no purchases for two consecutive rounds" ends the game, so a saved game has seen at most one.
        check_range("State.rounds_without_purchase", self.rounds_without_purchase, 0, 1)
        check_range("State.bought_mask", self.bought_mask, 0, (1 << NUM_TYPES) - 1)
        self._check_cards()

    def _check_cards(self) -> None:
        rules = self.rules
        for seat, hand in enumerate(self.hands):
            check_length(f"State.hands[{seat}]", hand, NUM_TYPES, "counts, one per component type")
            check_each(f"State.hands[{seat}]", hand, 0, max(rules.copies))
        if len(self.values) != NUM_TYPES or sorted(self.order) != list(range(NUM_TYPES)):
            raise InvalidStateError(f"State.values / State.order: {NUM_TYPES} values and the ids 0-6 once each")
        if any(not rules.value_min <= v <= rules.value_max for v in self.values):
            raise InvalidStateError("State.values: every value must lie on the value track")
        check_at_most("State.deck", len(self.deck), sum(rules.copies), "cards")
        check_each("State.deck", self.deck, 0, NUM_TYPES - 1)
        check_at_most("State.market", len(self.market), rules.market_size, "cards")
        check_each("State.market", self.market, 0, NUM_TYPES - 1)
        # The market is restocked only between rounds, so each purchase this round left a gap in it.
        check_range("State.purchases_this_round", self.purchases_this_round, 0, rules.market_size - len(self.market))
        self._check_built()
        self._check_supply()

    def _check_built(self) -> None:
        rules = self.rules
        for seat, built in enumerate(self.built):
            keys = [b.mechanism for b in built]
            if len(keys) > MARKERS_PER_PLAYER or len(set(keys)) != len(keys):
                raise InvalidStateError(f"State.built[{seat}]: at most {MARKERS_PER_PLAYER} different mechanisms")
            for b in built:
                if b.mechanism not in rules.in_play or len(b.cards) != NUM_TYPES or min(b.cards) < 0:
                    raise InvalidStateError(f"State.built[{seat}]: {b.mechanism!r} is not a mechanism in play")
                mechanism = rules.by_key[b.mechanism]
                if b.mechanism == "automaton":  # it takes the whole hand, at least its min_cards
                    check_range(
                        f"State.built[{seat}].cards", sum(b.cards), mechanism.param("min_cards", 5), sum(rules.copies)
                    )
                elif b.cards != mechanism.cost:
                    raise InvalidStateError(f"State.built[{seat}].cards: the {mechanism.name} holds its cost")
        for name in ("built_this_turn", "broke_this_turn"):
            key = getattr(self, name)
            if key and key not in rules.by_key:
                raise InvalidStateError(f"State.{name}: {key!r} is not a mechanism of these rules")

    def _check_supply(self) -> None:
        """Each component card is in the deck, the market, a hand or a mechanism, or was sold (the discard
        counts sold cards and Scrap together): no type holds more than its copies, and no more cards are in
        play or sold than the game has (a scenario may leave cards out, never make one)."""
        rules = self.rules
        in_play = [0] * NUM_TYPES
        for card in (*self.deck, *self.market):
            in_play[card] += 1
        for counts in (*self.hands, *(b.cards for built in self.built for b in built)):
            for component, count in enumerate(counts):
                in_play[component] += count
        for component, (count, copies) in enumerate(zip(in_play, rules.copies, strict=True)):
            where = f"State (deck, market, hands and built): {rules.components[component]}"
            check_at_most(where, count, copies, "cards")
        supply = sum(rules.copies) + rules.scrap_per_player * self.num_players
        check_at_most("State.discard", sum(in_play) + sum(self.scrap) + self.discard, supply, "cards (with Scrap)")

    # -- reading helpers ---------------------------------------------------------------------------------
    def has_built(self, seat: int, key: str) -> bool:
        for b in self.built[seat]:  # noqa: SIM110 (a loop: no generator on the hot path)
            if b.mechanism == key:
                return True
        return False

    def ability_param(self, seat: int, key: str, name: str) -> int:
        """The parameter of an ability if ``seat`` has that mechanism built, else 0."""
        for b in self.built[seat]:
            if b.mechanism == key:
                return self.rules.by_key[key].param(name, 1)
        return 0

    def price(self, seat: int, component: int) -> int:
        """What ``seat`` pays for ``component`` now: its value, less Rocket Booster's discount."""
        return max(0, self.values[component] - self.ability_param(seat, "rocket_booster", "discount"))

    def _prices(self, seat: int) -> list[int]:
        """``price(seat, c)`` of every component, the discount looked up once (each observation shows them)."""
        discount = self.ability_param(seat, "rocket_booster", "discount")
        return [max(0, value - discount) for value in self.values]

    def min_set_size(self, seat: int) -> int:
        furnace = self.ability_param(seat, "smelting_furnace", "min_set_size")
        return min(self.rules.min_set_size, furnace) if furnace else self.rules.min_set_size

    def market_counts(self) -> tuple[int, ...]:
        counts = [0] * NUM_TYPES
        for card in self.market:
            counts[card] += 1
        return tuple(counts)

    def can_sell(self, seat: int) -> bool:
        least = self.min_set_size(seat) - self.scrap[seat]
        for held in self.hands[seat]:  # noqa: SIM110 (a loop: no generator, it runs for every seller)
            if held >= 1 and held >= least:
                return True
        return False

    # -- turn and round flow (shared by the moves) ------------------------------------------------------------
    def maybe_end_turn(self, events: Events) -> tuple[State, Events]:
        """Close the turn once the primary action is taken and no optional action remains (a build, a break
        down or a Claw: the ``OPTIONAL`` moves, asked in line here because this runs on every step)."""
        if not self.primary_done:
            return self, events
        optional: Sequence[Action] = _BUILD_LEGAL(self)
        if self.built[self.seat]:
            optional = [*optional, *_BREAK_DOWN_LEGAL(self), *_CLAW_LEGAL(self)]
        return self.after_primary(optional, events)

    def after_primary(self, optional: Sequence[Action], events: Events) -> tuple[State, Events]:
        """The primary action is taken and ``optional`` are the optional actions open now: none ends the turn;
        else they are this state's legal actions (with End Turn, in ``PLAY_AFTER_PRIMARY``'s order) and go in
        the legal-action slot, so the next ``legal_actions()`` does not list them again."""
        if not optional:
            return self.end_turn(events)
        EngineState._legal_cache[0] = (self, (*optional, END_TURN), None)
        return self, events

    def end_turn(self, events: Events) -> tuple[State, Events]:
        if not self.market or self.passes_in_row >= self.num_players:
            reason = RoundEndReason.MARKET_EMPTY if not self.market else RoundEndReason.ALL_PASSED
            state = self._with(primary_done=False, built_this_turn="", broke_this_turn="", clawed_this_turn=False)
            return state.end_round(events, reason.words)
        values = list(self)
        values[SEAT] = (self.seat + 1) % self.num_players
        values[PRIMARY_DONE] = False
        values[BUILT_THIS_TURN] = values[BROKE_THIS_TURN] = ""
        values[CLAWED_THIS_TURN] = False
        return tuple.__new__(State, values), events

    def end_round(self, events: Events, reason: str) -> tuple[State, Events]:
        rules = self.rules
        no_purchase_twice = self.purchases_this_round == 0 and self.rounds_without_purchase >= 1
        final = not self.deck or no_purchase_twice
        out: list[Event] = [*events, RoundEnded(self.round, reason, self.purchases_this_round)]
        fourth = any(self.has_built(s, "brass_balancer") for s in range(self.num_players))
        bought = frozenset(c for c in range(NUM_TYPES) if self.bought_mask >> c & 1)
        values = adjust_values(
            self.values,
            self.order,
            rise=rules.order_line_rise,
            fall=rules.order_line_fall,
            low=rules.value_min,
            high=rules.value_max,
            final=final,
            bought=bought,
            fourth_rises=fourth,
        )
        for place, component in enumerate(self.order):
            out.append(
                ValueAdjusted(self.round, rules.components[component], place, self.values[component], values[component])
            )
        end_reason = EndReason.NONE
        if final:
            end_reason = EndReason.DECK_EMPTY if not self.deck else EndReason.NO_PURCHASES
        state = self._with(
            values=values,
            phase=_SELL,
            sellers_done=0,
            seat=self.first_player,
            final_round=final,
            end_reason=end_reason,
            passes_in_row=0,
        )
        return state.skip_sellers(tuple(out))

    def skip_sellers(self, events: Events) -> tuple[State, Events]:
        """Pass over contestants who cannot form a set ("Nothing to sell" ruling)."""
        done, seat = self._first_seller(self.sellers_done, self.seat)
        state = self if seat == self.seat and done == self.sellers_done else self._with(sellers_done=done, seat=seat)
        if done >= self.num_players:
            return state.after_selling(events)
        return state, events

    def next_seller(self, events: Events) -> tuple[State, Events]:
        done, seat = self._first_seller(self.sellers_done + 1, (self.seat + 1) % self.num_players)
        state = self._with(sellers_done=done, seat=seat)
        if done >= self.num_players:
            return state.after_selling(events)
        return state, events

    def _first_seller(self, done: int, seat: int) -> tuple[int, int]:
        """From ``seat`` on (``done`` sellers before it), the first contestant who can sell, and the sellers
        done by then: what a seat can sell depends on its own cards only, so no state is built per skip."""
        players = self.num_players
        while done < players and not self.can_sell(seat):
            done += 1
            seat = (seat + 1) % players
        return done, seat

    def after_selling(self, events: Events) -> tuple[State, Events]:
        """Restock and pass the First Player Marker, or end the competition after the final round."""
        out = list(events)
        if self.final_round:
            return self.finish(out)
        take = max(0, self.rules.market_size - len(self.market))
        drawn, deck = self.deck[:take], self.deck[take:]
        out.append(Restocked(self.round, len(drawn), len(deck)))
        first = (self.first_player + 1) % self.num_players
        out.append(FirstPlayerPassed(first))
        without = self.rounds_without_purchase + 1 if self.purchases_this_round == 0 else 0
        state = self._with(
            market=self.market + drawn,
            deck=deck,
            first_player=first,
            seat=first,
            round=self.round + 1,
            phase=_PLAY,
            purchases_this_round=0,
            bought_mask=0,
            rounds_without_purchase=without,
            sellers_done=0,
        )
        return state, tuple(out)

    def finish(self, out: list[Event]) -> tuple[State, Events]:
        """Competition Ends: Automatons pay out, then the winner after the tie breaks."""
        cogs = list(self.cogs)
        for seat in range(self.num_players):
            for b in self.built[seat]:
                if b.mechanism == "automaton":
                    paid = sum(b.cards) * self.rules.by_key["automaton"].param("cogs_per_card", 3)
                    cogs[seat] += paid
                    out.append(AutomatonPaid(seat, paid))
        state = self._with(cogs=tuple(cogs), phase=_OVER)
        out.append(CompetitionEnded(self.end_reason.words, state.ranking()[0], tuple(cogs)))
        return state, tuple(out)

    # -- views ---------------------------------------------------------------------------------------------
    def observation(self, seat: int) -> Observation:
        """What ``seat`` sees: everything public, its own hand; never other hands or the deck order."""
        if type(seat) is not int or not 0 <= seat < self.num_players:
            self.check_seat(seat)  # refuses it, naming the seat
        rules = self.rules
        mine = self.built[seat]
        obs: Observation = {
            "game": INFO.name,
            "seat": seat,
            "round": self.round,
            "phase": _PHASE_WORDS[self.phase],
            "current_player": self.current_player,
            "first_player": self.first_player,
            "components": list(rules.components),
            "values": list(self.values),
            "order_line": list(self.order),
            "order_line_rise": rules.order_line_rise,
            "order_line_fall": rules.order_line_fall,
            "market": list(self.market),
            "cogs": list(self.cogs),
            "hand": list(self.hands[seat]),
            "scrap": self.scrap[seat],
            "hand_sizes": [sum(h) + s for h, s in zip(self.hands, self.scrap, strict=True)],
            "built": [[b.mechanism for b in built] for built in self.built],
            "built_cards": [
                list(map(sum, zip(*(b.cards for b in built), strict=True))) if built else [0] * NUM_TYPES
                for built in self.built
            ],
            "mechanisms": list(rules.in_play_keys),
            "mechanism_names": dict(rules.names_by_key),
            "deck_size": len(self.deck),
            "discard_size": self.discard,
            "passes_in_row": self.passes_in_row,
            "purchases_this_round": self.purchases_this_round,
            "bought_this_round": [c for c in range(NUM_TYPES) if self.bought_mask >> c & 1],
            "primary_done": self.primary_done,
            "min_set_size": self.min_set_size(seat) if mine else rules.min_set_size,
            "set_bonus": self.ability_param(seat, "difference_engine", "bonus_per_card") if mine else 0,
            "prices": self._prices(seat) if mine else list(self.values),
            "final_round": self.final_round,
            "end_reason": _END_WORDS[self.end_reason],
        }
        if not mine:
            return obs
        peek = self.ability_param(seat, "x_ray_goggles", "peek")
        if peek:
            obs["deck_top"] = list(self.deck[:peek])
        if self.has_built(seat, "analytical_almanac"):
            counts = [0] * NUM_TYPES
            for card in self.deck:
                counts[card] += 1
            obs["deck_counts"] = counts
        return obs

    def __repr__(self) -> str:
        return (
            f"<mars_needs_mechanics State round={self.round} phase={self.phase.name.lower()} "
            f"seat={self.current_player} cogs={self.cogs}>"
        )


def most_rounds(rules: Rules) -> int:
    """The longest game these rules allow. A round with a purchase takes a card out of the deck and market
    for good, and a second round in a row without one ends the game, so at most every card's round plus a
    round without a purchase after each, and the final round."""
    return 2 * sum(rules.copies) + 1


def most_cogs(rules: Rules) -> int:
    """The most cogs a contestant can hold: the starting purse plus every card sold at the top of the value
    track with the best Difference Engine bonus, and paid for again by the best Automaton (the defaults are
    the engine's own, ``ability_param`` and ``finish``). Buying only spends cogs."""
    bonus = max((m.param("bonus_per_card", 1) for m in rules.mechanisms), default=0)
    automaton = max((m.param("cogs_per_card", 3) for m in rules.mechanisms), default=0)
    return rules.starting_cogs + sum(rules.copies) * (rules.value_max + bonus + automaton)


#: Each open-moves tuple's ``legal`` methods, bound once (``legal_actions`` runs on every new state).
_LEGALS = {
    id(moves): tuple(move.legal for move in moves)
    for moves in (PLAY_PRIMARY, PLAY_AFTER_PRIMARY, PLAY_PRIMARY_UNBUILT, PLAY_AFTER_PRIMARY_UNBUILT, SELLING, ())
}
_BUY_LEGAL, _BUILD_LEGAL, _BREAK_DOWN_LEGAL, _CLAW_LEGAL = (
    BUY_MOVE.legal,
    BUILD_MOVE.legal,
    BREAK_DOWN_MOVE.legal,
    CLAW_MOVE.legal,
)
#: Each action kind's effect, as a bound method (one dict look-up per step in ``apply``).
_APPLY = {kind: move.apply for kind, move in MOVES.items()}

__all__ = ["OPTIONAL", "Observation", "State"]
