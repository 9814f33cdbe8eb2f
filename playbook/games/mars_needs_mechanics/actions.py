"""The actions a contestant takes, and ``describe`` which says one in words.

A component is named by its data id (0-6, ``Rules.components[id]`` is its name) and a mechanism by its
data key (``"x_ray_goggles"``), so a saved game stays valid when the data files are reordered.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from playbook.core.protocol import Action, ActionCodec, Json

from .components import INFO, NUM_TYPES, Rules


class MnmAction(Action):
    __slots__ = ()
    game = INFO.name


@dataclass(frozen=True, slots=True)
class Buy(MnmAction):
    """Primary action: purchase one card of ``component`` from the market at its current value."""

    component: int
    hold_token: bool = False  # Governor: leave the token where it is

    def __str__(self) -> str:
        return f"buy component {self.component}" + (" (token stays)" if self.hold_token else "")


@dataclass(frozen=True, slots=True)
class Pass(MnmAction):
    """Primary action: purchase nothing this turn."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Build(MnmAction):
    """Optional action: lay the blueprint's components from hand and build ``mechanism`` (its key)."""

    mechanism: str

    def __str__(self) -> str:
        return f"build {self.mechanism}"


@dataclass(frozen=True, slots=True)
class BreakDown(MnmAction):
    """Optional action: return a mechanism built on an earlier turn to hand."""

    mechanism: str

    def __str__(self) -> str:
        return f"break down {self.mechanism}"


@dataclass(frozen=True, slots=True)
class Claw(MnmAction):
    """Pneumatic Claw: send a market card of ``component`` under the deck; the top card takes its place."""

    component: int

    def __str__(self) -> str:
        return f"claw component {self.component}"


@dataclass(frozen=True, slots=True)
class EndTurn(MnmAction):
    def __str__(self) -> str:
        return "end turn"


@dataclass(frozen=True, slots=True)
class SellSet(MnmAction):
    """Sell Sets: ``cards`` of ``component`` plus ``scrap`` Scrap Metal, for the cards' combined value."""

    component: int
    cards: int
    scrap: int = 0

    def __str__(self) -> str:
        extra = f" + {self.scrap} scrap" if self.scrap else ""
        return f"sell {self.cards} x component {self.component}{extra}"


@dataclass(frozen=True, slots=True)
class DoneSelling(MnmAction):
    def __str__(self) -> str:
        return "done selling"


ACTION_CLASSES: tuple[type[Action], ...] = (Buy, Pass, Build, BreakDown, Claw, EndTurn, SellSet, DoneSelling)
_CODEC = ActionCodec(INFO.name, ACTION_CLASSES)
PASS = Pass()
END_TURN = EndTurn()
DONE_SELLING = DoneSelling()
#: One instance per component: legal-action lists share them (agents pick by identity, ``apply`` is fast).
BUY = tuple(Buy(c) for c in range(NUM_TYPES))
BUY_HOLD = tuple(Buy(c, True) for c in range(NUM_TYPES))
CLAW = tuple(Claw(c) for c in range(NUM_TYPES))


def action_from_dict(data: Mapping[str, Json]) -> Action:
    """The action a JSON dict describes; ``InvalidActionError`` naming the field otherwise."""
    return _CODEC.from_dict(data)


def _component(rules: Rules, component: int) -> str:
    return rules.components[component] if 0 <= component < NUM_TYPES else f"component {component}"


def _mechanism(rules: Rules, key: str) -> str:
    mechanism = rules.by_key.get(key)
    return mechanism.name if mechanism is not None else key


def describe(action: Action, rules: Rules | None = None, price: int | None = None) -> str:
    """The action in words with component and mechanism names: "buy Lens", "build X-Ray Goggles"; with the
    buyer's ``price`` (a refusal says it), "buy Lens (4 cogs)"."""
    rules = rules or Rules.standard()
    if isinstance(action, Buy):
        notes = [f"{price} cogs"] if price is not None else []
        notes += ["its token stays"] if action.hold_token else []
        return f"buy {_component(rules, action.component)}" + (f" ({'; '.join(notes)})" if notes else "")
    if isinstance(action, Claw):
        return f"claw {_component(rules, action.component)} to the bottom of the deck"
    if isinstance(action, Build):
        return f"build the {_mechanism(rules, action.mechanism)}"
    if isinstance(action, BreakDown):
        return f"break down the {_mechanism(rules, action.mechanism)}"
    if isinstance(action, SellSet):
        extra = f" + {action.scrap} Scrap" if action.scrap else ""
        return f"sell {action.cards} {_component(rules, action.component)}{extra}"
    return str(action)
