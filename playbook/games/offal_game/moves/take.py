"""Take (Phase 2): "choose all of any of 1 type of body parts on any one Sewer card (meeting the desired aging
requirement) ... placing those parts in the customer's body bag". A completed order pays on the Gore Track,
its parts go back in the bag, and the next customer comes from The Queue."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

from playbook.core import Event
from playbook.core.engine import Move

from ..actions import Take, malformed
from ..components import Card, Cube, End
from ..events import CustomerArrived, OrderFilled, PartsTaken
from ..rulebook import bag_add, fill_orders, meets_age, ordered_choices
from ..state import BAG, CLOG, FILLED, PIPE, State

_EMPTY = -1


class TakeMove(Move[State, Take]):
    action = Take

    def legal(self, state: State) -> list[Take]:
        return takes(state, ignore_age=False, cls=Take)  # type: ignore[return-value]

    def why_not(self, state: State, action: Take) -> str:
        return malformed(action) or take_problem(state, action.card, action.part, action.customers, True)

    def apply(self, state: State, action: Take) -> tuple[State, tuple[Event, ...]]:
        events: list[Event] = []
        chosen = tuple(state.rules.customer_ids[name] for name in action.customers)
        return take_parts(state, action.card, action.part, chosen, events), tuple(events)


def takes(state: State, *, ignore_age: bool, cls: type) -> list[object]:
    """Every take (or Embalming Fluid take) open now: each card and part with parts, each ordered choice of the
    customers who want them (cards, then parts, in their order)."""
    return open_targets(state, ignore_age, cls, _ordered_takes)


#: How a move's actions for one card and part are made from the customers who may take it there (in order).
TargetsFor = Callable[[type, int, int, tuple[str, ...]], tuple[object, ...]]


def open_targets(state: State, ignore_age: bool, cls: type, targets_for: TargetsFor) -> list[object]:
    """The actions of ``cls`` (one ``targets_for`` per class) for every card and part that holds parts some
    customer of the Plunger to move still wants and may take there, cards then parts in their order.

    Who may take which part from which card depends only on the Plunger's customers and which of them still
    want parts, and those stay the same for many steps (until an order is filled or a customer arrives), so
    the actions per card and part are made once per combination (``_TAKE_OPTIONS``); each step then keeps
    those whose card holds that part now. Phase 2 asks it on every step."""
    rules = state.rules
    customers = rules.customers
    filled = state.filled
    mine = state.customers[state.seat]
    wanting = 0
    for place, c in enumerate(mine):
        if filled[c] < customers[c].count:
            wanting |= 1 << place
    if not wanting:
        return []
    if _TAKE_OPTIONS[0] is not rules:
        _TAKE_OPTIONS[0], _TAKE_OPTIONS[1] = rules, {}
    table: dict[tuple[object, ...], tuple[tuple[int, int, tuple[object, ...]], ...]] = _TAKE_OPTIONS[1]
    key = (cls, ignore_age, mine, wanting)
    options = table.get(key)
    if options is None:
        options = _take_options(state, ignore_age, cls, targets_for)
        if len(table) >= _TAKE_OPTIONS_KEPT:
            table.clear()
        table[key] = options
    counts = state.card_counts()
    out: list[object] = []
    for card, part, actions in options:
        if counts[card][part]:
            out += actions
    return out


def _take_options(
    state: State, ignore_age: bool, cls: type, targets_for: TargetsFor
) -> tuple[tuple[int, int, tuple[object, ...]], ...]:
    """Per card and wanted part (cards, then parts, in their order), the actions there would be if the card
    held that part; only the parts the Plunger's customers still want are looked at."""
    customers = state.rules.customers
    filled = state.filled
    wanted = sorted({customers[c].part for c in state.customers[state.seat] if filled[c] < customers[c].count})
    options: list[tuple[int, int, tuple[object, ...]]] = []
    for card in _CARDS:
        for part in wanted:
            matching = state.matching(card, part, ignore_age)
            if matching:
                options.append((card, part, targets_for(cls, card, part, tuple(matching))))
    return tuple(options)


def _ordered_takes(cls: type, card: int, part: int, matching: tuple[str, ...]) -> tuple[object, ...]:
    """A take of each ordered choice of the matching customers, each action built once and shared (``_TAKEN``)."""
    actions: list[object] = []
    for choice in _choices(matching):
        key = (cls, card, part, choice)
        action = _TAKEN.get(key)
        if action is None:
            action = _TAKEN[key] = cls(card, part, choice)
        actions.append(action)
    return tuple(actions)


#: The take choices built so far: ``[the rules they are for, {(class, ignore_age, customers, wanting bits):
#: options}]``, emptied when other rules are played or when it holds ``_TAKE_OPTIONS_KEPT`` entries.
_TAKE_OPTIONS: list[Any] = [None, {}]
_TAKE_OPTIONS_KEPT = 100_000


#: Every take action built so far, by (class, card, part, customers): legal lists share them (an action never
#: changes), so ``legal_actions`` does not build the same frozen dataclasses again each step.
_TAKEN: dict[tuple[type, int, int, tuple[str, ...]], object] = {}
_CARDS = tuple(Card)


@functools.cache
def _choices(matching: tuple[str, ...]) -> list[tuple[str, ...]]:
    """``ordered_choices`` remembered per list of matching customers (read only: callers never change it)."""
    return ordered_choices(matching)


def take_problem(state: State, card: int, part: int, names: Sequence[str], check_age: bool) -> str:
    """Why a take of ``part`` from ``card`` for ``names`` is refused, in the rulebook's words."""
    rules = state.rules
    if card not in range(4) or part not in range(4):
        return "no such card or part (rule: Phase 2: one type of body parts on any one Sewer card)"
    if not state.card_counts()[card][part]:
        return f"there are no {Cube(part).plural} on {Card(card).title} (rule: Phase 2)"
    if not names or len(set(names)) != len(names):
        return "name each customer once, at least one (rule: Phase 2)"
    for name in names:
        c = state.my_customer(name)
        if c is None:
            return f"{name} is not waiting in front of the Plunger to move (rule: Phase 2)"
        customer = rules.customers[c]
        if customer.part != part:
            return f"{name} wants {customer.part.plural} (rule: Phase 2: of the desired type)"
        if state.filled[c] >= customer.count:
            return f"{name}'s body bag is already full"
        if check_age and not meets_age(card, customer.age, rules.age_match, rules.clog_takeable):
            older = " or older" if rules.age_match == "at_least" else ""
            return (
                f"{Cube(part).plural} on {Card(card).title} are too young or too old for {name}, who wants "
                f"Day {customer.age}{older} (rule: Phase 2: meeting the desired aging requirement)"
            )
    if card == Card.THE_CLOG and not rules.clog_takeable:
        return "parts on The Clog may not fill orders in these rules"
    return "the rules do not allow that take now (rule: Phase 2: Filling orders)"


def remove_parts(state: State, card: int, part: int, limit: int) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """Take up to ``limit`` parts of ``part`` off ``card``, oldest space first; returns pipe, clog, count."""
    if card == Card.THE_CLOG:
        clog = list(state.clog)
        taken = 0
        for i in range(len(clog) - 1, -1, -1):
            if taken < limit and clog[i] == part:
                del clog[i]
                taken += 1
        return state.pipe, tuple(clog), taken
    pipe = list(state.pipe)
    cards = state.rules.space_cards
    taken = 0
    for position in range(len(pipe) - 1, -1, -1):
        if taken < limit and cards[position] == card and pipe[position] == part:
            pipe[position] = _EMPTY
            taken += 1
    return tuple(pipe), state.clog, taken


def take_parts(
    state: State, card: int, part: int, chosen: tuple[int, ...], events: list[Event], limit: int = 10**9
) -> State:
    """Parts of ``part`` off ``card`` into the chosen customers' body bags, in order; the rest back in the bag."""
    rules = state.rules
    pipe, clog, count = remove_parts(state, card, part, limit)
    given, extra = fill_orders(count, [state.need(c) for c in chosen])
    filled = list(state.filled)
    into = []
    for c, n in zip(chosen, given, strict=True):
        if n:
            filled[c] += n
            into.append((rules.customers[c].name, n))
    events.append(PartsTaken(state.round, state.seat, card, Cube(part), count, tuple(into), extra))
    values = list(state)
    values[PIPE], values[CLOG], values[FILLED], values[BAG] = pipe, clog, tuple(filled), bag_add(state.bag, part, extra)
    state = tuple.__new__(State, values)
    for c in chosen:
        if state.need(c) == 0 and not state.is_terminal:
            state = order_filled(state, c, events)
    return state


def order_filled(state: State, c: int, events: list[Event]) -> State:
    """Rulebook: "If a customer's complete order is filled the Plunger scores the money value ... on the Gore
    Track. All body parts from this order are then tossed back in the Bag O' Parts. A new customer is then
    drawn from The Queue."
    """
    rules = state.rules
    customer = rules.customers[c]
    seat = state.seat
    money = list(state.money)
    money[seat] += customer.money
    events.append(OrderFilled(state.round, seat, customer.name, customer.money, money[seat]))
    filled = list(state.filled)
    parts = filled[c]
    filled[c] = 0
    mine = list(state.customers[seat])
    index = mine.index(c)
    queue = state.queue
    if queue:
        mine[index] = queue[0]
        queue = queue[1:]
        events.append(CustomerArrived(state.round, seat, rules.customers[mine[index]].name))
    else:
        del mine[index]
    customers = list(state.customers)
    customers[seat] = tuple(mine)
    served = list(state.served)
    served[seat] = (*served[seat], c)
    state = state._with(
        money=tuple(money),
        filled=tuple(filled),
        bag=bag_add(state.bag, customer.part, parts),
        customers=tuple(customers),
        queue=queue,
        served=tuple(served),
    )
    if sum(len(s) for s in state.served) == len(rules.customers):
        return state.game_over(End.ALL_SERVED, events)
    return state


TAKE = TakeMove()
