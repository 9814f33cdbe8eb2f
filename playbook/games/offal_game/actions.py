"""The actions of An Offal Game, and ``describe`` to say one in words.

Actions carry data names, never positions in Python lists: a customer by its name, a card and a part by
their enums, a Rat space as the data file names it (a Day card and the space counted from its left edge),
so a saved game stays valid when the data file changes order.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from playbook.core import Action, ActionCodec, InvalidActionError
from playbook.core.protocol import Json
from playbook.core.serialize import field_types

from .components import CARD_NAMES, INFO, Card, Cube, ToolKind, with_article


class OffalAction(Action):
    __slots__ = ()
    game: ClassVar[str] = INFO.name


class ToolAction(OffalAction):
    """An action that plays a tool card; ``effect`` says which."""

    __slots__ = ()
    effect: ClassVar[ToolKind]


@dataclass(frozen=True, slots=True)
class Roll(OffalAction):
    """Start Phase 1: roll the d4 for new parts (a Plunger may play a tool first)."""

    def __str__(self) -> str:
        return "Roll for new parts"


@dataclass(frozen=True, slots=True)
class DieRoll(OffalAction):
    """Chance: the d4 shows ``value``."""

    value: int
    is_chance: ClassVar[bool] = True

    def __str__(self) -> str:
        return f"The d4 shows {self.value}"


@dataclass(frozen=True, slots=True)
class BlindDraw(OffalAction):
    """Chance: a cube of kind ``cube`` comes out of the Bag O' Parts."""

    cube: Cube
    is_chance: ClassVar[bool] = True

    def __str__(self) -> str:
        return f"Draw {with_article(_singular(self.cube))} from the Bag O' Parts"


@dataclass(frozen=True, slots=True)
class RollReserve(OffalAction):
    """After the blind draws, with parts in the reserve: roll the d4 that sends them to The Clog."""

    def __str__(self) -> str:
        return "Roll the d4 for the reserve"


@dataclass(frozen=True, slots=True)
class Take(OffalAction):
    """Take all parts of ``part`` on ``card`` and fill the named customers' orders in that order."""

    card: Card
    part: Cube
    customers: tuple[str, ...]

    def __str__(self) -> str:
        return f"Take all {_plural(self.part)} on {_card(self.card)} for {' then '.join(self.customers)}"


@dataclass(frozen=True, slots=True)
class EndTurn(OffalAction):
    """End Phase 2 and the turn."""

    def __str__(self) -> str:
        return "End the turn"


@dataclass(frozen=True, slots=True)
class UseRatTrap(ToolAction):
    """Tool: toss the rat on the Rat space ``space`` (1 = far left) of Day card ``card`` back in the bag."""

    effect: ClassVar[ToolKind] = ToolKind.RAT_TRAP
    card: Card
    space: int

    def __str__(self) -> str:
        return f"Rat Trap: the rat on {_card(self.card)}, space {self.space} from the left"


@dataclass(frozen=True, slots=True)
class UseDrainAuger(ToolAction):
    """Tool: toss every ``part`` on The Clog back in the bag."""

    effect: ClassVar[ToolKind] = ToolKind.DRAIN_AUGER
    part: Cube

    def __str__(self) -> str:
        return f"Drain Auger: clear the {_plural(self.part)} off The Clog"


@dataclass(frozen=True, slots=True)
class UseFireHose(ToolAction):
    """Tool, before the reserve's d4: this turn the reserve goes back in the bag, none onto The Clog."""

    effect: ClassVar[ToolKind] = ToolKind.FIRE_HOSE

    def __str__(self) -> str:
        return "Fire Hose: wash this turn's reserve back into the bag"


@dataclass(frozen=True, slots=True)
class UseMeatHook(ToolAction):
    """Tool, Phase 2: one ``part`` off ``card`` into ``customer``'s body bag (age still counts)."""

    effect: ClassVar[ToolKind] = ToolKind.MEAT_HOOK
    card: Card
    part: Cube
    customer: str

    def __str__(self) -> str:
        return f"Meat Hook: one {_singular(self.part)} off {_card(self.card)} for {self.customer}"


@dataclass(frozen=True, slots=True)
class UseEmbalmingFluid(ToolAction):
    """Tool, Phase 2: a take that ignores the age requirement."""

    effect: ClassVar[ToolKind] = ToolKind.EMBALMING_FLUID
    card: Card
    part: Cube
    customers: tuple[str, ...]

    def __str__(self) -> str:
        who = " then ".join(self.customers)
        return f"Embalming Fluid: take all {_plural(self.part)} on {_card(self.card)}, any age, for {who}"


@dataclass(frozen=True, slots=True)
class UseCrowbar(ToolAction):
    """Tool: send ``customer`` to the bottom of The Queue and take the top customer."""

    effect: ClassVar[ToolKind] = ToolKind.CROWBAR
    customer: str

    def __str__(self) -> str:
        return f"Crowbar: send {self.customer} to the back of The Queue"


def _singular(part: object) -> str:
    return Cube(part).singular if isinstance(part, int) and 0 <= part < 5 else f"cube {part!r}"


def _plural(part: object) -> str:
    return Cube(part).plural if isinstance(part, int) and 0 <= part < 4 else f"part {part!r}"


def _card(card: object) -> str:
    return CARD_NAMES[card] if isinstance(card, int) and 0 <= card < 4 else f"card {card!r}"


#: Every blind draw, by cube kind (built once: the chance steps are the hot path of random play).
BLIND_DRAWS: tuple[BlindDraw, ...] = tuple(BlindDraw(cube) for cube in Cube)


@functools.cache
def die_rolls(sides: int) -> tuple[DieRoll, ...]:
    """``DieRoll(1)`` ... ``DieRoll(sides)``, built once per die."""
    return tuple(DieRoll(value) for value in range(1, sides + 1))


TOOL_ACTIONS: Mapping[ToolKind, type[ToolAction]] = {
    ToolKind.RAT_TRAP: UseRatTrap,
    ToolKind.DRAIN_AUGER: UseDrainAuger,
    ToolKind.FIRE_HOSE: UseFireHose,
    ToolKind.MEAT_HOOK: UseMeatHook,
    ToolKind.EMBALMING_FLUID: UseEmbalmingFluid,
    ToolKind.CROWBAR: UseCrowbar,
}
ACTION_CLASSES: tuple[type[OffalAction], ...] = (
    Roll,
    DieRoll,
    BlindDraw,
    RollReserve,
    Take,
    EndTurn,
    *TOOL_ACTIONS.values(),
)
CODEC = ActionCodec(INFO.name, ACTION_CLASSES)


def malformed(action: object) -> str | None:
    """Which field of ``action`` does not hold what its annotation says (``None`` when well formed)."""
    for name, annotation in field_types(type(action)):
        value = getattr(action, name)
        if not _fits(annotation, value):
            return f"malformed: {type(action).__name__}.{name} must be {annotation}, not {value!r}"
    return None


def _fits(annotation: Any, value: object) -> bool:
    if annotation is str:
        return isinstance(value, str)
    if annotation is int or (isinstance(annotation, type) and issubclass(annotation, int)):
        if isinstance(value, bool) or not isinstance(value, int):
            return False
        return annotation is int or value in tuple(annotation)  # type: ignore[arg-type]
    if annotation == tuple[str, ...]:
        return isinstance(value, tuple) and all(isinstance(item, str) for item in value)
    return True


_FIELD_GETTERS: dict[type, Any] = {
    cls: operator.attrgetter(*(name for name, _ in field_types(cls))) for cls in ACTION_CLASSES if field_types(cls)
}


def sneaks_a_bool(action: Action) -> bool:
    """Whether a field holds a bool where an int is meant (``True == 1`` would pass as a legal action)."""
    getter = _FIELD_GETTERS.get(type(action))
    if getter is None:
        return False
    values = getter(action)
    if type(values) is not tuple:
        values = (values,)
    return any(type(value) is bool for value in values)


def action_from_dict(data: Mapping[str, Json]) -> Action:
    """The action a ``to_dict()`` came from; ``InvalidActionError`` naming the field if it is not one."""
    action = CODEC.from_dict(data)
    problem = malformed(action)
    if problem:
        raise InvalidActionError(problem)
    return action


def describe(action: Action, observation: Mapping[str, Any] | None = None) -> str:
    """``action`` in words; with the mover's ``observation``, a take also says what it fills and pays.

    >>> describe(Take(Card.DAY_2, Cube.ORGANS, ("Madame Viscera",)))
    'Take all Organs on Day 2 for Madame Viscera'
    """
    if observation is not None and isinstance(action, Take | UseEmbalmingFluid):
        return take_words(action, observation)
    if observation is not None and isinstance(action, UseDrainAuger):
        count = sum(1 for cube in observation["clog"] if cube == Cube(action.part).key)
        return f"Drain Auger: clear {Cube(action.part).count_words(count)} off The Clog"
    return str(action)


def take_words(action: Take | UseEmbalmingFluid, observation: Mapping[str, Any]) -> str:
    """A take in words with its outcome: what each customer gets, what it pays, what goes back."""
    wanted = {c["name"]: c for c in observation["customers"][observation["turn_seat"]]}
    left = total = int(observation["card_counts"][action.card][action.part])
    parts = []
    for name in action.customers:
        customer = wanted.get(name)
        if customer is None:
            parts.append(name)
            continue
        need = int(customer["need"])
        n = min(need, left)
        left -= n
        if n == need:
            parts.append(f"{name} (fills the order, +${customer['money']})")
        else:
            parts.append(f"{name} ({n} of the {need} still needed)")
    back = f"; {left} back in the bag" if left else ""
    what = Cube(action.part).count_words(total)
    prefix = "Embalming Fluid, any age: take" if isinstance(action, UseEmbalmingFluid) else "Take"
    return f"{prefix} {what} from {_card(action.card)} for " + " then ".join(parts) + back
