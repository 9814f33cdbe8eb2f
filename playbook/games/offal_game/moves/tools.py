"""The tool cards: "Each Plunger may use one of their tool cards at any point during their turn" — before the
roll, after the blind draws and before the reserve's d4, or in Phase 2. Each tool keeps its targets, its
why-not and its effect here; every tool is discarded and replaced from the tool deck (the discards are
reshuffled, with a seed derived from the game's, when the deck runs out)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator

from playbook.core import Event
from playbook.core.engine import Move, derived_seed

from ..actions import (
    ToolAction,
    UseCrowbar,
    UseDrainAuger,
    UseEmbalmingFluid,
    UseFireHose,
    UseMeatHook,
    UseRatTrap,
    malformed,
)
from ..components import PARTS, Card, Cube, Phase, ToolKind
from ..events import CustomerArrived, ToolDrawn, ToolPlayed
from ..rulebook import bag_add
from ..state import HANDS, RESHUFFLES, TOOL_DECK, TOOL_DISCARD, TOOL_USED, State
from .reserve import wash_reserve
from .take import open_targets, take_parts, take_problem, takes

_RAT = 4
_EMPTY = -1


#: Every tool action built so far, by class and fields: legal lists share them (an action never changes), so
#: ``legal_actions`` does not build the same frozen dataclasses again each step.
_SHARED: dict[tuple[object, ...], ToolAction] = {}


def _shared(cls: type[ToolAction], *fields: object) -> ToolAction:
    """The one ``cls(*fields)`` of this process."""
    key = (cls, *fields)
    action = _SHARED.get(key)
    if action is None:
        action = _SHARED[key] = cls(*fields)
    return action


class ToolMove(Move[State, ToolAction]):
    """What every tool shares: one per turn, from the hand, in the phases it may be played."""

    kind: ToolKind
    phases: tuple[Phase, ...] = (Phase.START, Phase.RESERVE, Phase.ORDERS)
    when: str = "at any point of the turn"

    def can_play(self, state: State) -> bool:
        return not state.tool_used and state.phase in self.phases and self.kind in state.hands[state.seat]

    def legal(self, state: State) -> Iterable[ToolAction]:
        if not state.tool_used and state.phase in self.phases and self.kind in state.hands[state.seat]:
            return self.targets(state)
        return ()

    def targets(self, state: State) -> Iterable[ToolAction]:
        raise NotImplementedError

    def why_not(self, state: State, action: ToolAction) -> str:
        name = state.rules.tool_name(self.kind)
        problem = malformed(action)
        if problem:
            return problem
        if state.tool_used:
            return "this turn's tool has already been played (rule: Tool Cards: one tool per turn)"
        if self.kind not in state.hands[state.seat]:
            return f"the Plunger to move holds no {name} (rule: Tool Cards)"
        if state.phase not in self.phases:
            return f"the {name} is played {self.when} (rule: Tool Cards)"
        return f"not a target for the {name} now: {self.target_rule(state, action)}"

    def target_rule(self, state: State, action: ToolAction) -> str:
        return "no such target"

    def apply(self, state: State, action: ToolAction) -> tuple[State, tuple[Event, ...]]:
        played, reshuffled = discard_and_draw(state, self.kind)
        effect_events: list[Event] = []
        after, detail, cleared = self.effect(played, action, effect_events)
        seat = state.seat
        events: list[Event] = [
            ToolPlayed(state.round, seat, self.kind.key, state.rules.tool_name(self.kind), detail, cleared),
            ToolDrawn(state.round, seat, reshuffled),
            *effect_events,
        ]
        if after.phase == Phase.RESERVE and not after.is_terminal:
            after = wash_reserve(after, events) if after.flushed else after._with(phase=Phase.RESERVE_DIE)
        return after, tuple(events)

    def effect(self, state: State, action: ToolAction, events: list[Event]) -> tuple[State, str, int]:
        """The new state, the effect in words and the parts cleared off The Clog."""
        raise NotImplementedError


def discard_and_draw(state: State, kind: ToolKind) -> tuple[State, bool]:
    """Discard the played tool and draw its replacement; reshuffle the discards when the deck is empty."""
    seat = state.seat
    hand = list(state.hands[seat])
    hand.remove(kind)
    deck = state.tool_deck
    discard = (*state.tool_discard, kind)
    reshuffles = state.reshuffles
    reshuffled = False
    if not deck and discard:
        cards = sorted(discard)
        random.Random(derived_seed(state.seed, "tools", reshuffles + 1)).shuffle(cards)
        deck, discard, reshuffles, reshuffled = tuple(cards), (), reshuffles + 1, True
    if deck:
        hand.append(deck[0])
        deck = deck[1:]
    hands = list(state.hands)
    hands[seat] = tuple(sorted(hand))
    values = list(state)
    values[HANDS], values[TOOL_DECK], values[TOOL_DISCARD] = tuple(hands), deck, discard
    values[RESHUFFLES], values[TOOL_USED] = reshuffles, True
    return tuple.__new__(State, values), reshuffled


class RatTrapMove(ToolMove):
    action = UseRatTrap
    kind = ToolKind.RAT_TRAP

    def targets(self, state: State) -> Iterable[ToolAction]:
        pipe = state.pipe
        if _RAT not in pipe:
            return ()
        rules = state.rules
        return [_shared(UseRatTrap, *rules.space_of(position)) for position, cube in enumerate(pipe) if cube == _RAT]

    def target_rule(self, state: State, action: ToolAction) -> str:
        return "the Rat Trap needs a rat on that space"

    def effect(self, state: State, action: ToolAction, events: list[Event]) -> tuple[State, str, int]:
        assert isinstance(action, UseRatTrap)
        p = state.rules.position_of(action.card, action.space)
        pipe = (*state.pipe[:p], _EMPTY, *state.pipe[p + 1 :])
        detail = f"the rat on {Card(action.card).title}, space {action.space} from the left, goes back in the bag"
        return state._with(pipe=pipe, bag=bag_add(state.bag, _RAT, 1)), detail, 0


class DrainAugerMove(ToolMove):
    action = UseDrainAuger
    kind = ToolKind.DRAIN_AUGER

    def targets(self, state: State) -> Iterator[ToolAction]:
        clog = state.clog
        return (_shared(UseDrainAuger, part) for part in PARTS if part in clog)

    def target_rule(self, state: State, action: ToolAction) -> str:
        return "the Drain Auger needs parts of that type on The Clog"

    def effect(self, state: State, action: ToolAction, events: list[Event]) -> tuple[State, str, int]:
        assert isinstance(action, UseDrainAuger)
        part = Cube(action.part)
        n = state.clog.count(part)
        clog = tuple(c for c in state.clog if c != part)
        detail = f"{part.count_words(n)} off The Clog back in the bag"
        return state._with(clog=clog, bag=bag_add(state.bag, part, n)), detail, n


class FireHoseMove(ToolMove):
    action = UseFireHose
    kind = ToolKind.FIRE_HOSE
    phases = (Phase.START, Phase.RESERVE)
    when = "before the reserve's d4 (before the roll, or after the blind draws)"

    def targets(self, state: State) -> Iterable[ToolAction]:
        return _HOSE

    def effect(self, state: State, action: ToolAction, events: list[Event]) -> tuple[State, str, int]:
        return state._with(flushed=True), "this turn's reserve washes back into the bag", 0


class MeatHookMove(ToolMove):
    action = UseMeatHook
    kind = ToolKind.MEAT_HOOK
    phases = (Phase.ORDERS,)
    when = "in Phase 2, when orders are filled"

    def targets(self, state: State) -> Iterable[ToolAction]:
        return open_targets(state, False, UseMeatHook, _hook_each)  # type: ignore[return-value]

    def target_rule(self, state: State, action: ToolAction) -> str:
        assert isinstance(action, UseMeatHook)
        return take_problem(state, action.card, action.part, (action.customer,), True)

    def effect(self, state: State, action: ToolAction, events: list[Event]) -> tuple[State, str, int]:
        assert isinstance(action, UseMeatHook)
        c = state.rules.customer_ids[action.customer]
        detail = f"one {Cube(action.part).singular} off {Card(action.card).title}"
        return take_parts(state, action.card, action.part, (c,), events, limit=1), detail, 0


def _hook_each(cls: type, card: int, part: int, matching: tuple[str, ...]) -> tuple[object, ...]:
    """The Meat Hook's targets on one card and part: one part for each matching customer, in order."""
    return tuple(_shared(UseMeatHook, card, part, name) for name in matching)


class EmbalmingFluidMove(ToolMove):
    action = UseEmbalmingFluid
    kind = ToolKind.EMBALMING_FLUID
    phases = (Phase.ORDERS,)
    when = "in Phase 2, when orders are filled"

    def targets(self, state: State) -> Iterator[ToolAction]:
        return takes(state, ignore_age=True, cls=UseEmbalmingFluid)  # type: ignore[return-value]

    def target_rule(self, state: State, action: ToolAction) -> str:
        assert isinstance(action, UseEmbalmingFluid)
        return take_problem(state, action.card, action.part, action.customers, False)

    def effect(self, state: State, action: ToolAction, events: list[Event]) -> tuple[State, str, int]:
        assert isinstance(action, UseEmbalmingFluid)
        chosen = tuple(state.rules.customer_ids[name] for name in action.customers)
        detail = f"all {Cube(action.part).plural} on {Card(action.card).title}, whatever their age"
        return take_parts(state, action.card, action.part, chosen, events), detail, 0


class CrowbarMove(ToolMove):
    action = UseCrowbar
    kind = ToolKind.CROWBAR

    def targets(self, state: State) -> Iterator[ToolAction]:
        if state.queue:
            customers = state.rules.customers
            yield from (_shared(UseCrowbar, customers[c].name) for c in state.customers[state.seat])

    def target_rule(self, state: State, action: ToolAction) -> str:
        return "the Crowbar moves one of your own customers while The Queue has a card"

    def effect(self, state: State, action: ToolAction, events: list[Event]) -> tuple[State, str, int]:
        assert isinstance(action, UseCrowbar)
        rules = state.rules
        seat = state.seat
        c = rules.customer_ids[action.customer]
        top = state.queue[0]
        mine = list(state.customers[seat])
        mine[mine.index(c)] = top
        customers = list(state.customers)
        customers[seat] = tuple(mine)
        filled = list(state.filled)
        returned = filled[c]
        filled[c] = 0
        new = state._with(
            customers=tuple(customers),
            queue=(*state.queue[1:], c),
            filled=tuple(filled),
            bag=bag_add(state.bag, rules.customers[c].part, returned),
        )
        events.append(CustomerArrived(state.round, seat, rules.customers[top].name))
        detail = f"{action.customer} goes to the back of The Queue; {rules.customers[top].name} steps up"
        return new, detail, 0


#: The one Fire Hose action (it has no target), shared by every legal list.
_HOSE = (UseFireHose(),)
RAT_TRAP = RatTrapMove()
DRAIN_AUGER = DrainAugerMove()
FIRE_HOSE = FireHoseMove()
MEAT_HOOK = MeatHookMove()
EMBALMING_FLUID = EmbalmingFluidMove()
CROWBAR = CrowbarMove()
