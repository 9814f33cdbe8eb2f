"""An Offal Game: age body parts in the sewer and sell them before The Clog fills.

What it teaches: a *flow* economy. Goods (body parts) enter a pipeline at random, gain value as they age
(older orders pay more) and are lost when they are pushed out of the pipeline; every order you fill
returns its parts to the supply. Each turn a Plunger weighs filling an order now against waiting a day
for older parts, while the shared Clog is a clock that every turn pushes forward.

The sewer is laid out right to left: ``The Clog | Day 3 | Day 2 | Day 1``. New parts enter at the
rightmost space of Day 1 and shift toward The Clog. In this engine the pipe is one tuple indexed from the
entrance: position 0 is the rightmost space of Day 1, position 14 (standard data) the far left of Day 3.

RULINGS TABLE (ambiguity -> ruling -> ``Rules`` option)

======================================  ==========================================================  ==================
Ambiguity                               Ruling                                                      Rules option
======================================  ==========================================================  ==================
How do parts shift past rats?           A rat's space is skipped: parts move along the free spaces  --
                                        only, as on a conveyor with the rat bolted beside it.
How far do parts shift?                 Every part moves on as many free spaces as parts were       ``shift``
                                        drawn (rats excluded: they do not enter at Day 1). Variant  ("conveyor" |
                                        "compact": gaps close first, parts move only as far as      "compact")
                                        needed to make room.
Order of new parts                      The first part drawn goes on the rightmost space of Day 1,  --
                                        the next one space further toward The Clog, and so on.
More parts drawn than free spaces       The last drawn pass straight into the reserve.              --
A rat when every Rat space holds one    The rat goes back in the Bag O' Parts.                      --
Rat on a part                           The part goes back in the bag (printed), after the new      --
                                        parts are placed (the printed order).
Do rats ever leave?                     Only by a Rat Trap tool.                                    --
"Aged" / "meeting the aging             At least that old: a Day 2 order takes parts on Day 2, Day  ``age_match``
requirement"                            3 or The Clog. Variant "exact": only parts on Day 2.        ("at_least" |
                                                                                                    "exact")
May orders take from The Clog?          Yes: it is one of the "4 Sewer Pipe cards"; its parts are   ``clog_takeable``
                                        age 4, older than Day 3. Taking them clears The Clog.
Which reserved parts reach The Clog?    The first pushed off Day 3 (nearest The Clog) first; no     --
                                        second roll when the reserve is empty; parts beyond The
                                        Clog's last space go back in the bag.
An empty bag                            The remaining blind draws of the turn are lost (the         --
                                        standard bag cannot run dry).
Several orders from one take            A take lists the customers to fill, in order; each gets     --
                                        what it still needs, the rest go back in the bag. Any
                                        number of takes per turn.
Partly filled orders                    Stay in their body bag across turns until complete.         --
When may tools be played?               One per turn: before the roll (``Roll``) or in Phase 2,     --
                                        never between the dice and blind draws of Phase 1. Fire
                                        Hose only before the roll; Meat Hook and Embalming Fluid
                                        only in Phase 2 (orders are filled in Phase 2).
What may a tool target?                 Rat Trap: any rat. Drain Auger: a part type on The Clog.    --
                                        Meat Hook, Embalming Fluid: any Sewer card, your own
                                        customers. Crowbar: your own customer, while The Queue has
                                        a card.
Empty tool deck                         The discard pile (with the tool just played) is shuffled,   --
                                        with a seed stored in the state.
The Clog full, then cleared             The end is triggered when it becomes full and stands: the   --
                                        current Plunger finishes the turn, then the game ends.
All customers served                    The game ends at once, with the order that served the       --
                                        last.
Ties                                    Every Plunger tied on most money wins.                      --
Who starts                              Plunger 1 (seat 0).                                         --
A game that never ends                  Safety stop after ``max_turns`` turns (never reached by     ``max_turns``
                                        the calibration sweep).
Solo mode (not printed)                 A race against The Clog: the same rules with 2 customers;   ``solo_target``
                                        the game ends as usual and the Plunger wins with at least
                                        ``solo_target`` dollars.
======================================  ==========================================================  ==================
"""

from __future__ import annotations

import operator
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, ClassVar

from playbook.core import (
    CHANCE,
    Action,
    ActionCodec,
    DataReader,
    Event,
    GameInfo,
    IllegalActionError,
    InvalidActionError,
    RulesDataError,
    load_toml,
)
from playbook.core.protocol import Json

# -- constants ---------------------------------------------------------------------------------------------
BONES, ORGANS, BRAINS, HEARTS, RAT = 0, 1, 2, 3, 4
EMPTY = -1
PARTS = (BONES, ORGANS, BRAINS, HEARTS)
KIND_KEYS = ("bones", "organs", "brains", "hearts", "rats")
PART_KEYS = KIND_KEYS[:4]
SINGULAR = ("Bone", "Organ", "Brain", "Heart", "rat")
PLURAL = ("Bones", "Organs", "Brains", "Hearts", "rats")

DAY_1, DAY_2, DAY_3, THE_CLOG = 0, 1, 2, 3
CARD_NAMES = ("Day 1", "Day 2", "Day 3", "The Clog")

TOOL_EFFECTS = ("rat_trap", "drain_auger", "fire_hose", "meat_hook", "embalming_fluid", "crowbar")
RAT_TRAP, DRAIN_AUGER, FIRE_HOSE, MEAT_HOOK, EMBALMING_FLUID, CROWBAR = range(6)

# phases
START, ROLL_DIE, BLIND_DRAW, RESERVE_DIE, ORDERS, OVER = range(6)
PHASE_NAMES = ("start", "roll", "blind_draw", "reserve_roll", "orders", "over")

# how a game ended
NOT_OVER, CLOG_FULL, ALL_SERVED, TURN_LIMIT = 0, 1, 2, 3
END_NAMES = ("", "clog_full", "all_served", "turn_limit")
END_WORDS = ("", "The Clog is full", "all customers served", "the turn limit")

AGE_MATCHES = ("at_least", "exact")
SHIFTS = ("conveyor", "compact")
DATA_DIR = Path(__file__).parent / "data"

INFO = GameInfo(
    name="offal_game",
    title="An Offal Game",
    min_players=1,
    max_players=2,
    has_chance=True,
    has_hidden_information=True,
    summary="Age body parts in the sewer and sell them to customers before The Clog fills.",
)


def plunger(seat: int) -> str:
    return f"Plunger {seat + 1}"


def parts_words(count: int, part: int) -> str:
    return f"{count} {SINGULAR[part] if count == 1 else PLURAL[part]}"


def kinds_words(kinds: Iterable[int]) -> str:
    return ", ".join(SINGULAR[k] for k in kinds) or "nothing"


# -- rules -------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Customer:
    """A customer card: the part type, how many, how old, and the money it pays."""

    name: str
    part: int
    count: int
    age: int
    money: int

    def __str__(self) -> str:
        return f"{self.name} ({parts_words(self.count, self.part)}, Day {self.age}, ${self.money})"


@dataclass(frozen=True, slots=True)
class Tool:
    """A tool card face: its effect (one of ``TOOL_EFFECTS``), name, copies in the deck and card text."""

    effect: str
    name: str
    copies: int
    text: str


@dataclass(frozen=True, slots=True)
class Rules:
    """Every number and component of the game; ``Rules.standard()`` reads ``data/standard.toml``."""

    bag: tuple[int, int, int, int, int] = (10, 10, 10, 10, 9)
    die_sides: int = 4
    customers_each: int = 2
    tools_each: int = 3
    day_spaces: tuple[int, int, int] = (5, 5, 5)
    rat_spaces: tuple[int, ...] = (14, 12, 9, 7, 4, 2)
    clog_spaces: int = 7
    gore_track: int = 60
    customers: tuple[Customer, ...] = ()
    tools: tuple[Tool, ...] = ()
    age_match: str = "at_least"
    shift: str = "conveyor"
    clog_takeable: bool = True
    max_turns: int = 60
    solo_target: int = 34
    deck_cards: int = 27
    source: str = field(default="<dict>", compare=False, repr=False)
    #: the card (DAY_1..DAY_3) of each pipe position, from the entrance (derived, read often)
    space_cards: tuple[int, ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "space_cards", _space_cards(self.day_spaces))

    @property
    def pipe_length(self) -> int:
        return self.day_spaces[0] + self.day_spaces[1] + self.day_spaces[2]

    @property
    def tool_cards(self) -> tuple[int, ...]:
        """The tool deck before shuffling: one effect index per card."""
        deck: list[int] = []
        for tool in self.tools:
            deck.extend([TOOL_EFFECTS.index(tool.effect)] * tool.copies)
        return tuple(deck)

    def tool_name(self, effect: int) -> str:
        key = TOOL_EFFECTS[effect]
        for tool in self.tools:
            if tool.effect == key:
                return tool.name
        return key.replace("_", " ").title()

    @classmethod
    def standard(cls) -> Rules:
        return _standard()

    @classmethod
    def from_toml(cls, path: str | Path) -> Rules:
        path = Path(path)
        return cls.from_dict(load_toml(path), source=path.name)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], source: str = "<dict>") -> Rules:
        return _rules_from_dict(data, source)

    def to_dict(self) -> dict[str, Json]:
        return _rules_to_dict(self)


def _space_cards(day_spaces: tuple[int, int, int]) -> tuple[int, ...]:
    cards: list[int] = []
    for card, spaces in enumerate(day_spaces):
        cards.extend([card] * spaces)
    return tuple(cards)


_NOTES = {
    "deck": "27 cards: 4 Sewer Pipe cards + Gore Track + 10 customers, so 12 tools by subtraction.",
    "sewer": "Spaces per card, Rat spaces and The Clog's spaces are not printed; calibrated by test_calibration.",
    "gore_track": "Length not printed: longer than all customers' money together.",
    "customers": "Faces not printed: money = count + 2 x (age - 1).",
    "tools": "Faces not printed: six effects, two copies each.",
    "rulings": "Table rulings; see the rulings table in rules.py.",
    "solo": "Solo rules not printed: race against The Clog to a money target.",
}


def _rules_to_dict(rules: Rules) -> dict[str, Json]:
    def rat_space(position: int) -> dict[str, Json]:
        card = rules.space_cards[position]
        start = sum(rules.day_spaces[:card])
        return {"card": CARD_NAMES[card], "space": rules.day_spaces[card] - (position - start)}

    return {
        "deck": {"reconstructed": True, "note": _NOTES["deck"], "cards": rules.deck_cards},
        "bag": dict(zip(KIND_KEYS, rules.bag, strict=True)),
        "play": {
            "die_sides": rules.die_sides,
            "customers_each": rules.customers_each,
            "tools_each": rules.tools_each,
        },
        "sewer": {
            "reconstructed": True,
            "note": _NOTES["sewer"],
            "day_spaces": list(rules.day_spaces),
            "clog_spaces": rules.clog_spaces,
            "rat_spaces": [rat_space(p) for p in rules.rat_spaces],
        },
        "gore_track": {"reconstructed": True, "note": _NOTES["gore_track"], "length": rules.gore_track},
        "customers": {
            "reconstructed": True,
            "note": _NOTES["customers"],
            "cards": [
                {"name": c.name, "part": PART_KEYS[c.part], "count": c.count, "age": c.age, "money": c.money}
                for c in rules.customers
            ],
        },
        "tools": {
            "reconstructed": True,
            "note": _NOTES["tools"],
            "cards": [{"effect": t.effect, "name": t.name, "copies": t.copies, "text": t.text} for t in rules.tools],
        },
        "rulings": {
            "reconstructed": True,
            "note": _NOTES["rulings"],
            "age_match": rules.age_match,
            "shift": rules.shift,
            "clog_takeable": rules.clog_takeable,
            "max_turns": rules.max_turns,
        },
        "solo": {"reconstructed": True, "note": _NOTES["solo"], "target": rules.solo_target},
    }


def _choice(reader: DataReader, key: str, options: Sequence[str]) -> str:
    value = reader.get(key, str)
    if value not in options:
        raise reader.fail(key, f"must be one of {', '.join(map(repr, options))}, not {value!r}")
    return value


def _rules_from_dict(data: Mapping[str, Any], source: str) -> Rules:
    top = DataReader(source, data)
    bag_reader = top.child("bag")
    bag = tuple(bag_reader.int_in(key, 0, 1000) for key in KIND_KEYS)
    play = top.child("play")
    die_sides = play.int_in("die_sides", 1, 100)
    customers_each = play.int_in("customers_each", 1, 20)
    tools_each = play.int_in("tools_each", 0, 20)

    sewer = top.child("sewer")
    day_list = sewer.get("day_spaces", list)
    if len(day_list) != 3 or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 1 for n in day_list):
        raise sewer.fail("day_spaces", f"must be 3 positive integers (Day 1, Day 2, Day 3), not {day_list!r}")
    day_spaces = (day_list[0], day_list[1], day_list[2])
    clog_spaces = sewer.int_in("clog_spaces", 1, 1000)
    rat_positions: list[int] = []
    for index, row in enumerate(sewer.items("rat_spaces")):
        card_name = _choice(row, "card", CARD_NAMES[:3])
        card = CARD_NAMES.index(card_name)
        space = row.int_in("space", 1, day_spaces[card])
        position = sum(day_spaces[:card]) + day_spaces[card] - space
        if position in rat_positions:
            raise sewer.fail(f"rat_spaces[{index}]", f"repeats {card_name} space {space}")
        rat_positions.append(position)
    if len(rat_positions) >= sum(day_spaces):
        raise sewer.fail("rat_spaces", "must leave at least one space of the pipe free of Rat spaces")

    customers: list[Customer] = []
    for row in top.child("customers").items("cards"):
        part = PART_KEYS.index(_choice(row, "part", PART_KEYS))
        count = row.int_in("count", 1, 1000)
        if count > bag[part]:
            raise row.fail("count", f"asks for {count} {PART_KEYS[part]} but the bag holds only {bag[part]}")
        customers.append(
            Customer(row.get("name", str), part, count, row.int_in("age", 1, 3), row.int_in("money", 0, 10_000))
        )
    customer_reader = top.child("customers")
    if len(customers) < customers_each:
        raise customer_reader.fail("cards", f"needs at least {customers_each} customers, has {len(customers)}")
    names = [c.name for c in customers]
    if len(set(names)) != len(names):
        raise customer_reader.fail("cards", "repeats a customer name")

    tools: list[Tool] = []
    seen: set[str] = set()
    for row in top.child("tools").items("cards"):
        effect = _choice(row, "effect", TOOL_EFFECTS)
        if effect in seen:
            raise row.fail("effect", f"{effect!r} is listed twice; raise its copies instead")
        seen.add(effect)
        tools.append(Tool(effect, row.get("name", str), row.int_in("copies", 0, 100), row.get("text", str, "")))

    gore = top.child("gore_track")
    gore_track = gore.int_in("length", 1, 100_000)
    total_money = sum(c.money for c in customers)
    if gore_track < total_money:
        raise gore.fail("length", f"is {gore_track}, shorter than the ${total_money} all customers pay")

    rulings = top.child("rulings")
    solo = top.child("solo")
    deck = top.child("deck")
    deck_cards = deck.int_in("cards", 0, 10_000)
    counted = 4 + 1 + len(customers) + sum(t.copies for t in tools)
    if counted != deck_cards:
        raise deck.fail(
            "cards",
            f"is {deck_cards} but the sewer (4), Gore Track (1), {len(customers)} customers and "
            f"{counted - 5 - len(customers)} tools make {counted}",
        )
    return Rules(
        bag=(bag[0], bag[1], bag[2], bag[3], bag[4]),
        die_sides=die_sides,
        customers_each=customers_each,
        tools_each=tools_each,
        day_spaces=day_spaces,
        rat_spaces=tuple(rat_positions),
        clog_spaces=clog_spaces,
        gore_track=gore_track,
        customers=tuple(customers),
        tools=tuple(tools),
        age_match=_choice(rulings, "age_match", AGE_MATCHES),
        shift=_choice(rulings, "shift", SHIFTS),
        clog_takeable=rulings.get("clog_takeable", bool),
        max_turns=rulings.int_in("max_turns", 1, 100_000),
        solo_target=solo.int_in("target", 0, 100_000),
        deck_cards=deck_cards,
        source=source,
    )


_STANDARD: list[Rules] = []


def _standard() -> Rules:
    if not _STANDARD:
        _STANDARD.append(Rules.from_toml(DATA_DIR / "standard.toml"))
    return _STANDARD[0]


# -- actions -----------------------------------------------------------------------------------------------
class OffalAction(Action):
    __slots__ = ()
    game: ClassVar[str] = INFO.name


class ToolAction(OffalAction):
    """An action that plays a tool card; ``effect`` is its index in ``TOOL_EFFECTS``."""

    __slots__ = ()
    effect: ClassVar[int] = -1


@dataclass(frozen=True, slots=True)
class Roll(OffalAction):
    """Start Phase 1: roll the d4 for new parts (a Plunger may play a tool first)."""

    def __str__(self) -> str:
        return "Roll for new parts"


@dataclass(frozen=True, slots=True)
class DieRoll(OffalAction):
    """Chance: the d4 shows ``value``."""

    value: int

    def __str__(self) -> str:
        return f"The d4 shows {self.value}"


@dataclass(frozen=True, slots=True)
class BlindDraw(OffalAction):
    """Chance: a cube of ``cube`` (BONES..HEARTS or RAT) comes out of the Bag O' Parts."""

    cube: int

    def __str__(self) -> str:
        name = SINGULAR[self.cube] if 0 <= self.cube <= RAT else f"cube {self.cube}"
        return f"Draw {_a(name)} from the Bag O' Parts"


@dataclass(frozen=True, slots=True)
class Take(OffalAction):
    """Take all parts of ``part`` on ``card`` and fill the listed customers' orders in that order."""

    card: int
    part: int
    customers: tuple[int, ...]

    def __str__(self) -> str:
        who = " then ".join(f"customer #{c}" for c in self.customers)
        return f"Take all {_plural(self.part)} on {_card(self.card)} for {who}"


@dataclass(frozen=True, slots=True)
class EndTurn(OffalAction):
    """End Phase 2 and the turn."""

    def __str__(self) -> str:
        return "End the turn"


@dataclass(frozen=True, slots=True)
class UseRatTrap(ToolAction):
    """Tool: toss the rat on pipe position ``space`` back in the bag."""

    effect: ClassVar[int] = RAT_TRAP
    space: int

    def __str__(self) -> str:
        return f"Rat Trap the rat on pipe space {self.space}"


@dataclass(frozen=True, slots=True)
class UseDrainAuger(ToolAction):
    """Tool: toss every ``part`` on The Clog back in the bag."""

    effect: ClassVar[int] = DRAIN_AUGER
    part: int

    def __str__(self) -> str:
        return f"Drain Auger: clear the {_plural(self.part)} off The Clog"


@dataclass(frozen=True, slots=True)
class UseFireHose(ToolAction):
    """Tool, before the roll: this turn the reserve goes back in the bag, none onto The Clog."""

    effect: ClassVar[int] = FIRE_HOSE

    def __str__(self) -> str:
        return "Fire Hose: wash this turn's reserve back into the bag"


@dataclass(frozen=True, slots=True)
class UseMeatHook(ToolAction):
    """Tool, Phase 2: one ``part`` off ``card`` into ``customer``'s body bag (age still counts)."""

    effect: ClassVar[int] = MEAT_HOOK
    card: int
    part: int
    customer: int

    def __str__(self) -> str:
        return f"Meat Hook one {_singular(self.part)} off {_card(self.card)} for customer #{self.customer}"


@dataclass(frozen=True, slots=True)
class UseEmbalmingFluid(ToolAction):
    """Tool, Phase 2: a take that ignores the age requirement."""

    effect: ClassVar[int] = EMBALMING_FLUID
    card: int
    part: int
    customers: tuple[int, ...]

    def __str__(self) -> str:
        who = " then ".join(f"customer #{c}" for c in self.customers)
        return f"Embalming Fluid: take all {_plural(self.part)} on {_card(self.card)}, any age, for {who}"


@dataclass(frozen=True, slots=True)
class UseCrowbar(ToolAction):
    """Tool: send ``customer`` to the bottom of The Queue and take the top customer."""

    effect: ClassVar[int] = CROWBAR
    customer: int

    def __str__(self) -> str:
        return f"Crowbar customer #{self.customer} to the back of The Queue"


def _a(noun: str) -> str:
    return f"{'an' if noun[:1] in 'AEIOUaeiou' else 'a'} {noun}"


def _plural(part: int) -> str:
    return PLURAL[part] if 0 <= part < 4 else f"part {part}"


def _singular(part: int) -> str:
    return SINGULAR[part] if 0 <= part < 4 else f"part {part}"


def _card(card: int) -> str:
    return CARD_NAMES[card] if 0 <= card < 4 else f"card {card}"


ACTION_CLASSES: tuple[type[OffalAction], ...] = (
    Roll,
    DieRoll,
    BlindDraw,
    Take,
    EndTurn,
    UseRatTrap,
    UseDrainAuger,
    UseFireHose,
    UseMeatHook,
    UseEmbalmingFluid,
    UseCrowbar,
)
CODEC = ActionCodec(INFO.name, ACTION_CLASSES)
_FIELD_TYPES: dict[type[OffalAction], tuple[tuple[str, type], ...]] = {
    Roll: (),
    DieRoll: (("value", int),),
    BlindDraw: (("cube", int),),
    Take: (("card", int), ("part", int), ("customers", tuple)),
    EndTurn: (),
    UseRatTrap: (("space", int),),
    UseDrainAuger: (("part", int),),
    UseFireHose: (),
    UseMeatHook: (("card", int), ("part", int), ("customer", int)),
    UseEmbalmingFluid: (("card", int), ("part", int), ("customers", tuple)),
    UseCrowbar: (("customer", int),),
}


def _check_wellformed(action: object) -> OffalAction:
    """``InvalidActionError`` unless ``action`` is a well-formed action of this game."""
    if not isinstance(action, Action):
        raise InvalidActionError(f"{action!r} is not an action")
    if action.game != INFO.name or type(action) not in _FIELD_TYPES:
        raise InvalidActionError(f"{action} is an action of {action.game or 'no game'}, not of {INFO.name}")
    assert isinstance(action, OffalAction)  # narrowed by the _FIELD_TYPES check above
    for name, kind in _FIELD_TYPES[type(action)]:
        value = getattr(action, name)
        ok = isinstance(value, kind) and not isinstance(value, bool)
        if ok and kind is tuple:
            ok = all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        if not ok:
            raise InvalidActionError(f"{type(action).__name__}.{name} must be {kind.__name__}, not {value!r}")
    return action


def action_from_dict(data: Mapping[str, Json]) -> Action:
    """The action a ``to_dict()`` came from; ``InvalidActionError`` if it is not one of this game."""
    try:
        action = CODEC.from_dict(data)
    except TypeError as exc:
        raise InvalidActionError(f"malformed {INFO.name} action {dict(data)!r}: {exc}") from exc
    return _check_wellformed(action)


# -- events ------------------------------------------------------------------------------------------------
class OffalEvent(Event):
    __slots__ = ()


@dataclass(frozen=True, slots=True)
class TurnStarted(OffalEvent):
    turn: int
    seat: int

    def __str__(self) -> str:
        return f"Turn {self.turn}: {plunger(self.seat)} rolls for new parts"


@dataclass(frozen=True, slots=True)
class DrawsCounted(OffalEvent):
    turn: int
    seat: int
    die: int
    customers: int
    draws: int

    def __str__(self) -> str:
        return (
            f"Turn {self.turn}: the d4 shows {self.die} + {self.customers} waiting customers: {self.draws} blind draws"
        )


@dataclass(frozen=True, slots=True)
class CubeDrawn(OffalEvent):
    turn: int
    cube: int

    def __str__(self) -> str:
        return f"Turn {self.turn}: {_a(SINGULAR[self.cube])} comes out of the Bag O' Parts"


@dataclass(frozen=True, slots=True)
class BagEmpty(OffalEvent):
    turn: int
    lost_draws: int

    def __str__(self) -> str:
        return f"Turn {self.turn}: the Bag O' Parts is empty; {self.lost_draws} draws are lost"


@dataclass(frozen=True, slots=True)
class PipeShifted(OffalEvent):
    turn: int
    spaces: int
    moved: int

    def __str__(self) -> str:
        return f"Turn {self.turn}: {self.moved} parts shifted toward The Clog to make room for {self.spaces}"


@dataclass(frozen=True, slots=True)
class ShiftedOff(OffalEvent):
    turn: int
    parts: tuple[int, ...]

    def __str__(self) -> str:
        return (
            f"Turn {self.turn}: {len(self.parts)} parts shifted off Day 3 into the reserve ({kinds_words(self.parts)})"
        )


@dataclass(frozen=True, slots=True)
class PartsPlaced(OffalEvent):
    turn: int
    parts: tuple[int, ...]

    def __str__(self) -> str:
        return f"Turn {self.turn}: {kinds_words(self.parts)} enter the pipe from the right of Day 1"


@dataclass(frozen=True, slots=True)
class RatPlaced(OffalEvent):
    turn: int
    space: int
    card: int
    displaced: int

    def __str__(self) -> str:
        text = f"Turn {self.turn}: a rat takes the Rat space at pipe space {self.space} on {CARD_NAMES[self.card]}"
        if self.displaced != EMPTY:
            text += f"; the {SINGULAR[self.displaced]} there goes back in the bag"
        return text


@dataclass(frozen=True, slots=True)
class RatReturned(OffalEvent):
    turn: int

    def __str__(self) -> str:
        return f"Turn {self.turn}: every Rat space holds a rat; the rat goes back in the bag"


@dataclass(frozen=True, slots=True)
class ReserveResolved(OffalEvent):
    turn: int
    die: int
    to_clog: tuple[int, ...]
    to_bag: tuple[int, ...]

    def __str__(self) -> str:
        roll = f"the d4 shows {self.die}" if self.die else "no roll"
        return (
            f"Turn {self.turn}: {roll}: {len(self.to_clog)} reserved parts onto The Clog, "
            f"{len(self.to_bag)} back in the bag"
        )


@dataclass(frozen=True, slots=True)
class ClogFull(OffalEvent):
    turn: int
    seat: int

    def __str__(self) -> str:
        return f"Turn {self.turn}: The Clog is full; {plunger(self.seat)} finishes this turn, then the game ends"


@dataclass(frozen=True, slots=True)
class PartsTaken(OffalEvent):
    turn: int
    seat: int
    card: int
    part: int
    count: int
    into: tuple[tuple[int, int], ...]
    returned: int

    def __str__(self) -> str:
        bags = ", ".join(f"{n} into customer #{c}'s body bag" for c, n in self.into)
        back = f", {self.returned} back in the bag" if self.returned else ""
        return (
            f"Turn {self.turn}: {plunger(self.seat)} takes {parts_words(self.count, self.part)} "
            f"from {CARD_NAMES[self.card]}: {bags}{back}"
        )


@dataclass(frozen=True, slots=True)
class OrderFilled(OffalEvent):
    turn: int
    seat: int
    customer: int
    name: str
    money: int
    total: int

    def __str__(self) -> str:
        return (
            f"Turn {self.turn}: {plunger(self.seat)} fills {self.name}'s order: +${self.money} on the "
            f"Gore Track (now ${self.total})"
        )


@dataclass(frozen=True, slots=True)
class CustomerArrived(OffalEvent):
    turn: int
    seat: int
    customer: int
    name: str

    def __str__(self) -> str:
        return f"Turn {self.turn}: {self.name} (customer #{self.customer}) comes from The Queue to {plunger(self.seat)}"


@dataclass(frozen=True, slots=True)
class ToolPlayed(OffalEvent):
    turn: int
    seat: int
    tool: str
    detail: str
    clog_cleared: int = 0  # parts a Drain Auger sent from The Clog back to the bag

    def __str__(self) -> str:
        return f"Turn {self.turn}: {plunger(self.seat)} plays {self.tool}: {self.detail}"


@dataclass(frozen=True, slots=True)
class ToolDrawn(OffalEvent):
    turn: int
    seat: int
    reshuffled: bool

    def __str__(self) -> str:
        shuffle = "the tool discards are shuffled into a new deck; " if self.reshuffled else ""
        return f"Turn {self.turn}: {shuffle}{plunger(self.seat)} draws a new tool"


@dataclass(frozen=True, slots=True)
class TurnEnded(OffalEvent):
    turn: int
    seat: int

    def __str__(self) -> str:
        return f"Turn {self.turn}: {plunger(self.seat)} ends the turn"


@dataclass(frozen=True, slots=True)
class GameEnded(OffalEvent):
    turn: int
    reason: str
    money: tuple[int, ...]
    winners: tuple[int, ...]

    def __str__(self) -> str:
        scores = ", ".join(f"{plunger(s)} ${m}" for s, m in enumerate(self.money))
        if not self.winners:
            result = "no promotion this time"
        else:
            result = " and ".join(plunger(s) for s in self.winners) + (" win" if len(self.winners) > 1 else " wins")
        words = END_WORDS[END_NAMES.index(self.reason)] if self.reason in END_NAMES else self.reason
        return f"Turn {self.turn}: game over ({words}): {scores}; {result}"


EVENT_CLASSES: tuple[type[OffalEvent], ...] = (
    TurnStarted,
    DrawsCounted,
    CubeDrawn,
    BagEmpty,
    PipeShifted,
    ShiftedOff,
    PartsPlaced,
    RatPlaced,
    RatReturned,
    ReserveResolved,
    ClogFull,
    PartsTaken,
    OrderFilled,
    CustomerArrived,
    ToolPlayed,
    ToolDrawn,
    TurnEnded,
    GameEnded,
)


# -- rule functions ----------------------------------------------------------------------------------------
def blind_draw_count(die: int, waiting_customers: int) -> int:
    """Rulebook: "Roll 1d4 and add that value to the number of waiting customers in front of them." """
    return die + waiting_customers


def draw_odds(bag: Sequence[int]) -> tuple[tuple[int, float], ...]:
    """Rulebook: "blind draw ... from the Bag O' Parts": each kind with chance proportional to its cubes in the bag."""
    total = sum(bag)
    if total == 0:
        return ()
    return tuple((kind, count / total) for kind, count in enumerate(bag) if count)


def shift_toward_the_clog(
    pipe: tuple[int, ...], spaces: int, mode: str = "conveyor"
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Rulebook: "Shift all existing body parts towards The Clog to make room ... Rats will never move. Set aside any
    body parts that are shifted off of the Day 3 card into a reserve pile."

    Parts move along the spaces not held by rats. Returns the new pipe and the reserve, the part nearest The
    Clog first. "conveyor": every part moves ``spaces`` free spaces; "compact": each moves only as far as
    needed to empty the first ``spaces`` free spaces.
    """
    slots = [p for p, cube in enumerate(pipe) if cube != RAT]
    contents = [pipe[p] for p in slots]
    m = len(slots)
    moved: list[int] = [EMPTY] * m
    reserve: list[int] = []
    if mode == "conveyor":
        for i in range(m - 1, -1, -1):
            cube = contents[i]
            if cube == EMPTY:
                continue
            j = i + spaces
            if j >= m:
                reserve.append(cube)
            else:
                moved[j] = cube
    else:
        last = spaces - 1
        placed: list[tuple[int, int]] = []
        for i in range(m):
            cube = contents[i]
            if cube == EMPTY:
                continue
            last = max(i, last + 1)
            placed.append((last, cube))
        for j, cube in reversed(placed):
            if j >= m:
                reserve.append(cube)
            else:
                moved[j] = cube
    new = list(pipe)
    for slot, cube in zip(slots, moved, strict=True):
        new[slot] = cube
    return tuple(new), tuple(reserve)


def place_new_parts(pipe: tuple[int, ...], parts: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Rulebook: "Place the new body parts in the order they are drawn on the Sewer Pipe cards beginning from the
    rightmost space on the Day 1 card."

    The first part goes on the first free space from the entrance, the next on the following one. Parts
    that find no space (more drawn than the pipe holds) are returned, to go into the reserve.
    """
    new = list(pipe)
    queue = list(parts)
    for position, cube in enumerate(new):
        if not queue:
            break
        if cube == RAT:
            continue
        new[position] = queue.pop(0)
    return tuple(new), tuple(queue)


def place_rat(pipe: tuple[int, ...], rat_spaces: Sequence[int]) -> tuple[tuple[int, ...], int, int]:
    """Rulebook: "If any rats are drawn they will be placed on the Rat spaces beginning from the far left of the Day 3
    card. Any body part occupying a Rat space where a Rat will be placed ... will be removed and tossed back
    into the Bag O' Parts."

    Returns the new pipe, the position used (-1 if every Rat space holds a rat) and the part displaced
    (``EMPTY`` if none).
    """
    for position in rat_spaces:
        cube = pipe[position]
        if cube != RAT:
            return (*pipe[:position], RAT, *pipe[position + 1 :]), position, cube
    return pipe, -1, EMPTY


def reserve_to_the_clog(
    reserve: Sequence[int], die: int, clog: tuple[int, ...], clog_spaces: int
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Rulebook: "Roll 1d4 and place that many reserved Day 3 parts on The Clog card spaces, tossing the rest back in
    the Bag O' Parts."

    Returns the new Clog, the parts placed and the parts tossed back (including any beyond The Clog's
    last space).
    """
    room = max(0, clog_spaces - len(clog))
    n = min(die, len(reserve), room)
    placed = tuple(reserve[:n])
    return clog + placed, placed, tuple(reserve[n:])


def meets_age(card: int, age: int, age_match: str = "at_least", clog_takeable: bool = True) -> bool:
    """Rulebook: "choose all of any of 1 type of body parts on any one Sewer card (meeting the desired aging
    requirement)": a part on Day N is N days old; The Clog counts as older than Day 3."""
    if card == THE_CLOG and not clog_takeable:
        return False
    if age_match == "exact":
        return card + 1 == age
    return card + 1 >= age


def fill_orders(count: int, needs: Sequence[int]) -> tuple[tuple[int, ...], int]:
    """Rulebook: "placing those parts in the customer's body bag. Any extra body parts not needed for the orders go
    back in the Bag O' Parts."  ``needs`` in the chosen order; returns the parts each gets and the extra."""
    given = []
    left = count
    for need in needs:
        n = min(need, left)
        given.append(n)
        left -= n
    return tuple(given), left


def clog_is_full(clog: Sequence[int], clog_spaces: int) -> bool:
    """Rulebook: "The Clog card has become full of body parts." """
    return len(clog) >= clog_spaces


def most_money(money: Sequence[int]) -> tuple[int, ...]:
    """Rulebook: "The Plunger who has earned the most money is declared the winner" (ties share the promotion)."""
    best = max(money)
    return tuple(seat for seat, m in enumerate(money) if m == best)


def card_counts(pipe: Sequence[int], clog: Sequence[int], space_cards: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """How many parts of each type lie on Day 1, Day 2, Day 3 and The Clog."""
    counts = [[0, 0, 0, 0] for _ in range(4)]
    for position, cube in enumerate(pipe):
        if 0 <= cube < RAT:
            counts[space_cards[position]][cube] += 1
    for cube in clog:
        counts[THE_CLOG][cube] += 1
    return tuple(tuple(row) for row in counts)


def _bag_plus(bag: tuple[int, ...], kinds: Iterable[int]) -> tuple[int, ...]:
    new = list(bag)
    for kind in kinds:
        new[kind] += 1
    return tuple(new)


def _bag_add(bag: tuple[int, ...], kind: int, n: int) -> tuple[int, ...]:
    if not n:
        return bag
    new = list(bag)
    new[kind] += n
    return tuple(new)


def _ordered_choices(matching: Sequence[int]) -> list[tuple[int, ...]]:
    """Every non-empty ordered selection of the matching customers."""
    if len(matching) == 1:
        return [(matching[0],)]
    out: list[tuple[int, ...]] = []

    def extend(prefix: tuple[int, ...], rest: tuple[int, ...]) -> None:
        for i, c in enumerate(rest):
            chosen = (*prefix, c)
            out.append(chosen)
            extend(chosen, rest[:i] + rest[i + 1 :])

    extend((), tuple(matching))
    return out


# -- state -------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class State:
    """One moment of the game. Ints and tuples only (plus the ``Rules``); ``apply`` returns a new state.

    pipe: one cube per space from the entrance (rightmost of Day 1): BONES..HEARTS, RAT or EMPTY.
    filled: the parts in each customer's body bag, indexed by customer id (``rules.customers``).
    hands, tool_deck, tool_discard: tool effect indices (``TOOL_EFFECTS``); hands sorted.
    """

    rules: Rules
    num_players: int
    seed: int
    turn: int
    seat: int
    phase: int
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
    hands: tuple[tuple[int, ...], ...]
    tool_deck: tuple[int, ...]
    tool_discard: tuple[int, ...]
    reshuffles: int = 0
    tool_used: bool = False
    flushed: bool = False
    clog_full: bool = False
    end: int = NOT_OVER
    _legal: list[tuple[Action, ...]] = field(default_factory=list, init=False, compare=False, repr=False)

    def _with(self, **changes: Any) -> State:
        """A copy with some fields changed (a lean ``dataclasses.replace``: the hot path of ``apply``)."""
        values = dict(zip(_STATE_FIELDS, _state_values(self), strict=True))
        values.update(changes)
        return State(**values)

    # -- protocol properties -----------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        phase = self.phase
        if phase == OVER:
            return None
        if phase in (START, ORDERS):
            return self.seat
        return CHANCE

    @property
    def round(self) -> int:
        return self.turn

    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    def scores(self) -> tuple[float, ...]:
        return tuple(float(m) for m in self.money)

    def winners(self) -> tuple[int, ...]:
        """Most money wins; solo: the Plunger wins with at least ``solo_target`` dollars. Empty until the end."""
        if self.phase != OVER:
            return ()
        if self.num_players == 1:
            return (0,) if self.money[0] >= self.rules.solo_target else ()
        return most_money(self.money)

    # -- derived views -----------------------------------------------------------------------------------
    def card_counts(self) -> tuple[tuple[int, ...], ...]:
        return card_counts(self.pipe, self.clog, self.rules.space_cards)

    def need(self, customer: int) -> int:
        return self.rules.customers[customer].count - self.filled[customer]

    def cube_total(self) -> int:
        """Every cube in the game: bag, pipe, reserve, drawn this turn, The Clog and the body bags (49)."""
        on_pipe = sum(1 for cube in self.pipe if cube != EMPTY)
        return sum(self.bag) + on_pipe + len(self.reserve) + len(self.drawn) + len(self.clog) + sum(self.filled)

    # -- legality ----------------------------------------------------------------------------------------
    def legal_actions(self) -> tuple[Action, ...]:
        cache = self._legal
        if cache:
            return cache[0]
        actions = self._compute_legal()
        cache.append(actions)
        return actions

    def _compute_legal(self) -> tuple[Action, ...]:
        phase = self.phase
        if phase == OVER:
            return ()
        if phase in (ROLL_DIE, RESERVE_DIE):
            return tuple(DieRoll(v) for v in range(1, self.rules.die_sides + 1))
        if phase == BLIND_DRAW:
            return tuple(BlindDraw(cube) for cube, count in enumerate(self.bag) if count)
        actions: list[Action] = [Roll()] if phase == START else [EndTurn()]
        counts = self.card_counts() if phase == ORDERS else ()
        if phase == ORDERS:
            actions.extend(self._takes(counts, ignore_age=False, cls=Take))
        if not self.tool_used:
            hand = self.hands[self.seat]
            if RAT_TRAP in hand:
                actions.extend(UseRatTrap(p) for p, cube in enumerate(self.pipe) if cube == RAT)
            if DRAIN_AUGER in hand:
                actions.extend(UseDrainAuger(part) for part in PARTS if part in self.clog)
            if FIRE_HOSE in hand and phase == START:
                actions.append(UseFireHose())
            if MEAT_HOOK in hand and phase == ORDERS:
                actions.extend(self._hooks(counts))
            if EMBALMING_FLUID in hand and phase == ORDERS:
                actions.extend(self._takes(counts, ignore_age=True, cls=UseEmbalmingFluid))
            if CROWBAR in hand and self.queue:
                actions.extend(UseCrowbar(c) for c in self.customers[self.seat])
        return tuple(actions)

    def _matching(self, card: int, part: int, ignore_age: bool) -> list[int]:
        rules = self.rules
        out = []
        for c in self.customers[self.seat]:
            customer = rules.customers[c]
            if customer.part != part or self.filled[c] >= customer.count:
                continue
            if ignore_age:
                if card == THE_CLOG and not rules.clog_takeable:
                    continue
            elif not meets_age(card, customer.age, rules.age_match, rules.clog_takeable):
                continue
            out.append(c)
        return out

    def _takes(
        self, counts: Sequence[Sequence[int]], ignore_age: bool, cls: type[Take] | type[UseEmbalmingFluid]
    ) -> list[Action]:
        out: list[Action] = []
        for card in range(4):
            row = counts[card]
            for part in PARTS:
                if not row[part]:
                    continue
                matching = self._matching(card, part, ignore_age)
                if matching:
                    out.extend(cls(card, part, choice) for choice in _ordered_choices(matching))
        return out

    def _hooks(self, counts: Sequence[Sequence[int]]) -> list[Action]:
        out: list[Action] = []
        for card in range(4):
            for part in PARTS:
                if counts[card][part]:
                    out.extend(UseMeatHook(card, part, c) for c in self._matching(card, part, False))
        return out

    def chance_outcomes(self) -> tuple[tuple[Action, float], ...]:
        phase = self.phase
        if phase in (ROLL_DIE, RESERVE_DIE):
            sides = self.rules.die_sides
            return tuple((DieRoll(v), 1.0 / sides) for v in range(1, sides + 1))
        if phase == BLIND_DRAW:
            return tuple((BlindDraw(kind), p) for kind, p in draw_odds(self.bag))
        return ()

    def explain_illegal(self, action: Action) -> str:
        """Why ``action`` is not legal now, naming the seat and the rule."""
        phase = self.phase
        who = plunger(self.seat)
        if phase == OVER:
            return f"{action}: the game is over ({END_WORDS[self.end]}); no more actions"
        if phase in (ROLL_DIE, RESERVE_DIE, BLIND_DRAW):
            wanted = "a BlindDraw of a cube in the bag" if phase == BLIND_DRAW else "a DieRoll of 1-4"
            return (
                f"{action}: it is a chance step of Phase 1 ({PHASE_NAMES[phase]}); only {wanted} may happen now "
                f"(rule: Phase 1: Adding new body parts)"
            )
        if isinstance(action, DieRoll | BlindDraw):
            return f"{action}: dice and blind draws are chance steps of Phase 1, not {who}'s move now"
        if isinstance(action, ToolAction):
            if self.tool_used:
                return f"{action}: {who} has already used a tool this turn (rule: Tool Cards: one tool per turn)"
            if action.effect not in self.hands[self.seat]:
                return f"{action}: {who} holds no {self.rules.tool_name(action.effect)} (rule: Tool Cards)"
            if isinstance(action, UseFireHose):
                return f"{action}: the Fire Hose is played before the roll of Phase 1 only (rule: Tool Cards)"
            if isinstance(action, UseMeatHook | UseEmbalmingFluid) and phase != ORDERS:
                return f"{action}: {who} fills orders in Phase 2 only; roll first (rule: Phase 2: Filling orders)"
            return f"{action}: not a legal target for {who} now (rule: Tool Cards: {self._tool_rule(action)})"
        if isinstance(action, Take | EndTurn) and phase == START:
            return f"{action}: {who} must roll for new parts first (rule: Phase 1 comes before Phase 2)"
        if isinstance(action, Roll):
            return f"{action}: {who} has already rolled this turn (rule: Phase 1: Adding new body parts)"
        if isinstance(action, Take):
            return f"{action}: {who} may not take that: {self._take_rule(action)}"
        return f"{action}: not legal for {who} now"

    def _tool_rule(self, action: ToolAction) -> str:
        if isinstance(action, UseRatTrap):
            return "the Rat Trap needs a rat on that space"
        if isinstance(action, UseDrainAuger):
            return "the Drain Auger needs parts of that type on The Clog"
        if isinstance(action, UseCrowbar):
            return "the Crowbar moves one of your own customers while The Queue has a card"
        if isinstance(action, UseMeatHook):
            return "the Meat Hook takes a part on that card for your customer who wants it at that age"
        return "Embalming Fluid takes parts that one of your customers wants"

    def _take_rule(self, action: Take) -> str:
        rules = self.rules
        if not 0 <= action.card < 4 or not 0 <= action.part < 4:
            return "no such card or part (rule: Phase 2: one type of body parts on any one Sewer card)"
        if not self.card_counts()[action.card][action.part]:
            return f"there are no {_plural(action.part)} on {_card(action.card)} (rule: Phase 2)"
        mine = self.customers[self.seat]
        for c in action.customers:
            if c not in mine:
                return f"customer #{c} is not waiting in front of {plunger(self.seat)} (rule: Phase 2)"
            customer = rules.customers[c]
            if customer.part != action.part:
                return f"{customer.name} wants {_plural(customer.part)} (rule: Phase 2: of the desired type)"
            if not meets_age(action.card, customer.age, rules.age_match, rules.clog_takeable):
                return (
                    f"{_plural(action.part)} on {_card(action.card)} do not meet {customer.name}'s age, "
                    f"Day {customer.age} (rule: Phase 2: meeting the desired aging requirement, "
                    f"age_match={rules.age_match!r})"
                )
        if len(set(action.customers)) != len(action.customers) or not action.customers:
            return "list each customer once, at least one (rule: Phase 2)"
        return "(rule: Phase 2: Filling orders)"

    # -- moving ------------------------------------------------------------------------------------------
    def apply(self, action: Action) -> tuple[State, tuple[Event, ...]]:
        act = _check_wellformed(action)
        if act not in self.legal_actions():
            raise IllegalActionError(self.explain_illegal(act))
        events: list[Event] = []
        if isinstance(act, DieRoll):
            if self.phase == ROLL_DIE:
                state = self._draws_counted(act.value, events)
            else:
                state = self._reserve_resolved(act.value, events)
        elif isinstance(act, BlindDraw):
            state = self._blind_draw(act.cube, events)
        elif isinstance(act, Take):
            state = self._take(act.card, act.part, act.customers, events)
        elif isinstance(act, EndTurn):
            state = self._end_turn(events)
        elif isinstance(act, Roll):
            events.append(TurnStarted(self.turn, self.seat))
            state = self._with(phase=ROLL_DIE)
        else:
            assert isinstance(act, ToolAction)
            state = self._play_tool(act, events)
        return state, tuple(events)

    def _draws_counted(self, die: int, events: list[Event]) -> State:
        waiting = len(self.customers[self.seat])
        draws = blind_draw_count(die, waiting)
        events.append(DrawsCounted(self.turn, self.seat, die, waiting, draws))
        return self._with(phase=BLIND_DRAW, draws_left=draws, drawn=())._after_draw(events)

    def _blind_draw(self, kind: int, events: list[Event]) -> State:
        bag = list(self.bag)
        bag[kind] -= 1
        events.append(CubeDrawn(self.turn, kind))
        state = self._with(bag=tuple(bag), drawn=(*self.drawn, kind), draws_left=self.draws_left - 1)
        return state._after_draw(events)

    def _after_draw(self, events: list[Event]) -> State:
        """Keep drawing while draws are left and the bag holds cubes; then place what was drawn."""
        if self.draws_left > 0 and sum(self.bag) > 0:
            return self
        if self.draws_left > 0:
            events.append(BagEmpty(self.turn, self.draws_left))
        return self._place_drawn(events)

    def _place_drawn(self, events: list[Event]) -> State:
        rules = self.rules
        turn = self.turn
        parts = tuple(k for k in self.drawn if k != RAT)
        rats = len(self.drawn) - len(parts)
        pipe, reserve = shift_toward_the_clog(self.pipe, len(parts), rules.shift)
        moved = sum(1 for cube in self.pipe if cube != EMPTY and cube != RAT)
        if parts and moved:
            events.append(PipeShifted(turn, len(parts), moved))
        pipe, overflow = place_new_parts(pipe, parts)
        reserve = reserve + overflow
        if reserve:
            events.append(ShiftedOff(turn, reserve))
        if parts:
            events.append(PartsPlaced(turn, parts[: len(parts) - len(overflow)]))
        bag = self.bag
        for _ in range(rats):
            pipe, position, displaced = place_rat(pipe, rules.rat_spaces)
            if position < 0:
                events.append(RatReturned(turn))
                bag = _bag_add(bag, RAT, 1)
                continue
            events.append(RatPlaced(turn, position, rules.space_cards[position], displaced))
            if displaced != EMPTY:
                bag = _bag_add(bag, displaced, 1)
        state = self._with(pipe=pipe, bag=bag, reserve=reserve, drawn=(), draws_left=0)
        if reserve and not self.flushed:
            return state._with(phase=RESERVE_DIE)
        if reserve:
            events.append(ReserveResolved(turn, 0, (), reserve))
            state = state._with(bag=_bag_plus(bag, reserve), reserve=())
        return state._with(phase=ORDERS)

    def _reserve_resolved(self, die: int, events: list[Event]) -> State:
        rules = self.rules
        clog, placed, back = reserve_to_the_clog(self.reserve, die, self.clog, rules.clog_spaces)
        events.append(ReserveResolved(self.turn, die, placed, back))
        full = self.clog_full
        if not full and clog_is_full(clog, rules.clog_spaces):
            full = True
            events.append(ClogFull(self.turn, self.seat))
        return self._with(
            clog=clog,
            bag=_bag_plus(self.bag, back),
            reserve=(),
            clog_full=full,
            phase=ORDERS,
        )

    def _remove_parts(self, card: int, part: int, limit: int) -> tuple[tuple[int, ...], tuple[int, ...], int]:
        """Take up to ``limit`` parts of ``part`` off ``card``, oldest space first; returns pipe, clog, count."""
        if card == THE_CLOG:
            clog = list(self.clog)
            taken = 0
            for i in range(len(clog) - 1, -1, -1):
                if taken < limit and clog[i] == part:
                    del clog[i]
                    taken += 1
            return self.pipe, tuple(clog), taken
        pipe = list(self.pipe)
        cards = self.rules.space_cards
        taken = 0
        for position in range(len(pipe) - 1, -1, -1):
            if taken < limit and cards[position] == card and pipe[position] == part:
                pipe[position] = EMPTY
                taken += 1
        return tuple(pipe), self.clog, taken

    def _take(self, card: int, part: int, chosen: tuple[int, ...], events: list[Event], limit: int = 99) -> State:
        pipe, clog, count = self._remove_parts(card, part, limit)
        needs = [self.need(c) for c in chosen]
        given, extra = fill_orders(count, needs)
        filled = list(self.filled)
        into = []
        for c, n in zip(chosen, given, strict=True):
            if n:
                filled[c] += n
                into.append((c, n))
        events.append(PartsTaken(self.turn, self.seat, card, part, count, tuple(into), extra))
        state = self._with(pipe=pipe, clog=clog, filled=tuple(filled), bag=_bag_add(self.bag, part, extra))
        for c, _ in into:
            if state.need(c) == 0:
                state = state._order_filled(c, events)
        return state

    def _order_filled(self, c: int, events: list[Event]) -> State:
        """Rulebook: "If a customer's complete order is filled the Plunger scores the money value ... on the Gore
        Track. All body parts from this order are then tossed back in the Bag O' Parts. A new customer is then
        drawn from The Queue."
        """
        rules = self.rules
        customer = rules.customers[c]
        seat = self.seat
        money = list(self.money)
        money[seat] += customer.money
        events.append(OrderFilled(self.turn, seat, c, customer.name, customer.money, money[seat]))
        filled = list(self.filled)
        parts = filled[c]
        filled[c] = 0
        mine = list(self.customers[seat])
        index = mine.index(c)
        queue = self.queue
        if queue:
            mine[index] = queue[0]
            queue = queue[1:]
            events.append(CustomerArrived(self.turn, seat, mine[index], rules.customers[mine[index]].name))
        else:
            del mine[index]
        customers = list(self.customers)
        customers[seat] = tuple(mine)
        served = list(self.served)
        served[seat] = (*served[seat], c)
        state = self._with(
            money=tuple(money),
            filled=tuple(filled),
            bag=_bag_add(self.bag, customer.part, parts),
            customers=tuple(customers),
            queue=queue,
            served=tuple(served),
        )
        if sum(len(s) for s in state.served) == len(rules.customers):
            return state._game_over(ALL_SERVED, events)
        return state

    def _end_turn(self, events: list[Event]) -> State:
        events.append(TurnEnded(self.turn, self.seat))
        if self.clog_full:
            return self._game_over(CLOG_FULL, events)
        if self.turn >= self.rules.max_turns:
            return self._game_over(TURN_LIMIT, events)
        return self._with(
            turn=self.turn + 1,
            seat=(self.seat + 1) % self.num_players,
            phase=START,
            tool_used=False,
            flushed=False,
        )

    def _game_over(self, reason: int, events: list[Event]) -> State:
        state = self._with(phase=OVER, end=reason)
        events.append(GameEnded(self.turn, END_NAMES[reason], self.money, state.winners()))
        return state

    def _play_tool(self, action: ToolAction, events: list[Event]) -> State:
        rules = self.rules
        seat = self.seat
        effect = action.effect
        name = rules.tool_name(effect)
        # discard the tool and draw a new one (reshuffling the discards, with the seed in the state)
        hand = list(self.hands[seat])
        hand.remove(effect)
        deck = self.tool_deck
        discard = (*self.tool_discard, effect)
        reshuffles = self.reshuffles
        reshuffled = False
        if not deck and discard:
            cards = sorted(discard)
            random.Random(self.seed * 1_000_003 + reshuffles + 1).shuffle(cards)
            deck, discard, reshuffles, reshuffled = tuple(cards), (), reshuffles + 1, True
        if deck:
            hand.append(deck[0])
            deck = deck[1:]
        hands = list(self.hands)
        hands[seat] = tuple(sorted(hand))
        state = self._with(
            hands=tuple(hands),
            tool_deck=deck,
            tool_discard=discard,
            reshuffles=reshuffles,
            tool_used=True,
        )
        effect_events: list[Event] = []
        cleared = 0
        if isinstance(action, UseRatTrap):
            detail = f"the rat on pipe space {action.space} goes back in the bag"
            state = state._with(
                pipe=(*state.pipe[: action.space], EMPTY, *state.pipe[action.space + 1 :]),
                bag=_bag_add(state.bag, RAT, 1),
            )
        elif isinstance(action, UseDrainAuger):
            n = cleared = state.clog.count(action.part)
            detail = f"{parts_words(n, action.part)} off The Clog back in the bag"
            state = state._with(
                clog=tuple(c for c in state.clog if c != action.part),
                bag=_bag_add(state.bag, action.part, n),
            )
        elif isinstance(action, UseFireHose):
            detail = "this turn's reserve will wash back into the bag"
            state = state._with(flushed=True)
        elif isinstance(action, UseMeatHook):
            detail = f"one {SINGULAR[action.part]} off {CARD_NAMES[action.card]}"
            state = state._take(action.card, action.part, (action.customer,), effect_events, limit=1)
        elif isinstance(action, UseEmbalmingFluid):
            detail = f"all {PLURAL[action.part]} on {CARD_NAMES[action.card]}, whatever their age"
            state = state._take(action.card, action.part, action.customers, effect_events)
        else:
            assert isinstance(action, UseCrowbar)
            c = action.customer
            top = state.queue[0]
            detail = f"{rules.customers[c].name} goes to the back of The Queue; {rules.customers[top].name} steps up"
            mine = list(state.customers[seat])
            mine[mine.index(c)] = top
            customers = list(state.customers)
            customers[seat] = tuple(mine)
            filled = list(state.filled)
            returned = filled[c]
            filled[c] = 0
            state = state._with(
                customers=tuple(customers),
                queue=(*state.queue[1:], c),
                filled=tuple(filled),
                bag=_bag_add(state.bag, rules.customers[c].part, returned),
            )
            effect_events.append(CustomerArrived(self.turn, seat, top, rules.customers[top].name))
        events.append(ToolPlayed(self.turn, seat, name, detail, cleared))
        events.append(ToolDrawn(self.turn, seat, reshuffled))
        events.extend(effect_events)
        return state

    # -- views -------------------------------------------------------------------------------------------
    def observation(self, seat: int) -> dict[str, Json]:
        """What ``seat`` sees: everything on the table, its own hand; not the other hand, The Queue's or the
        tool deck's order (the bag is counts: its draw order does not exist until drawn)."""
        rules = self.rules
        customers: list[list[dict[str, Json]]] = []
        for mine in self.customers:
            row = []
            for c in mine:
                customer = rules.customers[c]
                row.append(
                    {
                        "id": c,
                        "name": customer.name,
                        "part": customer.part,
                        "part_name": PART_KEYS[customer.part],
                        "count": customer.count,
                        "age": customer.age,
                        "money": customer.money,
                        "filled": self.filled[c],
                        "need": customer.count - self.filled[c],
                    }
                )
            customers.append(row)
        return {
            "game": INFO.name,
            "seat": seat,
            "num_players": self.num_players,
            "turn": self.turn,
            "current_player": self.current_player,
            "phase": PHASE_NAMES[self.phase],
            "parts": list(PART_KEYS),
            "cards": list(CARD_NAMES),
            "pipe": [None if cube == EMPTY else KIND_KEYS[cube] for cube in self.pipe],
            "space_cards": list(rules.space_cards),
            "rat_spaces": list(rules.rat_spaces),
            "card_counts": [list(row) for row in self.card_counts()],
            "clog": [KIND_KEYS[cube] for cube in self.clog],
            "clog_spaces": rules.clog_spaces,
            "clog_full": self.clog_full,
            "reserve": [KIND_KEYS[cube] for cube in self.reserve],
            "drawn": [KIND_KEYS[cube] for cube in self.drawn],
            "draws_left": self.draws_left,
            "bag": dict(zip(KIND_KEYS, self.bag, strict=True)),
            "customers": customers,
            "money": list(self.money),
            "served": [list(s) for s in self.served],
            "queue_size": len(self.queue),
            "hand": [TOOL_EFFECTS[t] for t in self.hands[seat]] if 0 <= seat < self.num_players else [],
            "hand_sizes": [len(h) for h in self.hands],
            "tool_deck_size": len(self.tool_deck),
            "tool_discard": [TOOL_EFFECTS[t] for t in self.tool_discard],
            "tool_used": self.tool_used,
            "flushed": self.flushed,
            "age_match": rules.age_match,
            "clog_takeable": rules.clog_takeable,
            "solo_target": rules.solo_target if self.num_players == 1 else None,
            "end": END_NAMES[self.end] or None,
        }

    def to_dict(self) -> dict[str, Json]:
        return {
            "game": INFO.name,
            "rules": self.rules.to_dict(),
            "num_players": self.num_players,
            "seed": self.seed,
            "turn": self.turn,
            "seat": self.seat,
            "phase": self.phase,
            "bag": list(self.bag),
            "pipe": list(self.pipe),
            "clog": list(self.clog),
            "reserve": list(self.reserve),
            "drawn": list(self.drawn),
            "draws_left": self.draws_left,
            "customers": [list(c) for c in self.customers],
            "filled": list(self.filled),
            "queue": list(self.queue),
            "served": [list(s) for s in self.served],
            "money": list(self.money),
            "hands": [list(h) for h in self.hands],
            "tool_deck": list(self.tool_deck),
            "tool_discard": list(self.tool_discard),
            "reshuffles": self.reshuffles,
            "tool_used": self.tool_used,
            "flushed": self.flushed,
            "clog_full": self.clog_full,
            "end": self.end,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Json]) -> State:
        def ints(key: str) -> tuple[int, ...]:
            return tuple(int(v) for v in data[key])

        def nested(key: str) -> tuple[tuple[int, ...], ...]:
            return tuple(tuple(int(v) for v in row) for row in data[key])

        try:
            if data.get("game", INFO.name) != INFO.name:
                raise InvalidActionError(f"a state of {data.get('game')!r}, not of {INFO.name}")
            return cls(
                rules=Rules.from_dict(data["rules"]),
                num_players=int(data["num_players"]),
                seed=int(data["seed"]),
                turn=int(data["turn"]),
                seat=int(data["seat"]),
                phase=int(data["phase"]),
                bag=ints("bag"),
                pipe=ints("pipe"),
                clog=ints("clog"),
                reserve=ints("reserve"),
                drawn=ints("drawn"),
                draws_left=int(data["draws_left"]),
                customers=nested("customers"),
                filled=ints("filled"),
                queue=ints("queue"),
                served=nested("served"),
                money=ints("money"),
                hands=nested("hands"),
                tool_deck=ints("tool_deck"),
                tool_discard=ints("tool_discard"),
                reshuffles=int(data["reshuffles"]),
                tool_used=bool(data["tool_used"]),
                flushed=bool(data["flushed"]),
                clog_full=bool(data["clog_full"]),
                end=int(data["end"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, InvalidActionError | RulesDataError):
                raise
            raise InvalidActionError(f"not a {INFO.name} state: {exc!r}") from exc

    def __str__(self) -> str:
        counts = self.card_counts()
        sewer = "; ".join(
            f"{CARD_NAMES[card]}: " + ", ".join(parts_words(n, p) for p, n in enumerate(counts[card]) if n)
            for card in range(4)
        )
        return (
            f"Turn {self.turn}, {plunger(self.seat)} ({PHASE_NAMES[self.phase]}); money "
            + ", ".join(f"${m}" for m in self.money)
            + f"; {sewer}"
        )


_STATE_FIELDS = tuple(f.name for f in fields(State) if f.init)
_state_values = operator.attrgetter(*_STATE_FIELDS)


# -- set-up ------------------------------------------------------------------------------------------------
def new_game(players: int, *, seed: int, rules: Rules | None = None) -> State:
    """Rulebook: "Setup": shuffle the customers (2 face up per Plunger, the rest as The Queue) and the tools (3 per
    hand, the rest the tool deck); every cube in the Bag O' Parts; the pipe and The Clog empty."""
    rules = rules or Rules.standard()
    if not isinstance(players, int) or not INFO.min_players <= players <= INFO.max_players:
        raise InvalidActionError(f"{INFO.title} takes {INFO.min_players}-{INFO.max_players} players, not {players}")
    if players * rules.customers_each > len(rules.customers):
        raise RulesDataError(f"{rules.source}: customers.cards: too few customers for {players} Plungers")
    rng = random.Random(seed)
    order = list(range(len(rules.customers)))
    rng.shuffle(order)
    tools = list(rules.tool_cards)
    rng.shuffle(tools)
    each = rules.customers_each
    customers = tuple(tuple(order[s * each : (s + 1) * each]) for s in range(players))
    queue = tuple(order[players * each :])
    hands = []
    for _ in range(players):
        hands.append(tuple(sorted(tools[: rules.tools_each])))
        tools = tools[rules.tools_each :]
    return State(
        rules=rules,
        num_players=players,
        seed=seed,
        turn=1,
        seat=0,
        phase=START,
        bag=rules.bag,
        pipe=(EMPTY,) * rules.pipe_length,
        clog=(),
        reserve=(),
        drawn=(),
        draws_left=0,
        customers=customers,
        filled=(0,) * len(rules.customers),
        queue=queue,
        served=((),) * players,
        money=(0,) * players,
        hands=tuple(hands),
        tool_deck=tuple(tools),
        tool_discard=(),
    )


def state_from_dict(data: Mapping[str, Json]) -> State:
    return State.from_dict(data)


def rules_from_dict(data: Mapping[str, Json]) -> Rules:
    return Rules.from_dict(data)


def rules_from_toml(path: str | Path) -> Rules:
    return Rules.from_toml(path)
