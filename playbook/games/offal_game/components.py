"""The components of An Offal Game: cube, card, tool, phase and end kinds as enums, the cards, and ``Rules``.

``Rules.standard()`` reads ``data/standard.toml``; ``Rules.from_toml(path)`` reads a teacher's copy. Every
table of the file is checked: an unknown or misspelt key is refused with the closest known key, every
number is typed and bounded before anything is built, and every failure is a ``RulesDataError`` naming
the file and the key.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from enum import IntEnum
from functools import cache
from pathlib import Path
from typing import Any, get_type_hints

from playbook.core import DataReader, GameInfo, RulesDataError, load_toml
from playbook.core.errors import shown
from playbook.core.protocol import Json
from playbook.core.serialize import value_misfit

INFO = GameInfo(
    name="offal_game",
    title="An Offal Game",
    min_players=1,
    max_players=2,
    has_chance=True,
    has_hidden_information=True,
    summary="Age body parts in the sewer and sell them to customers before The Clog fills.",
)
DATA_DIR = Path(__file__).parent / "data"

#: An empty pipe space (the pipe holds cube kinds, or this).
EMPTY = -1


class Cube(IntEnum):
    """A cube in the Bag O' Parts: four body parts and the rats."""

    BONES = 0
    ORGANS = 1
    BRAINS = 2
    HEARTS = 3
    RAT = 4

    @property
    def key(self) -> str:
        """The data and observation name: ``bones`` ... ``hearts``, ``rats``."""
        return _CUBE_KEYS[self]

    @property
    def singular(self) -> str:
        return _SINGULAR[self]

    @property
    def plural(self) -> str:
        return _PLURAL[self]

    def count_words(self, count: int) -> str:
        """``1 Bone``, ``3 Hearts``."""
        return f"{count} {self.singular if count == 1 else self.plural}"


_CUBE_KEYS = ("bones", "organs", "brains", "hearts", "rats")
_SINGULAR = ("Bone", "Organ", "Brain", "Heart", "rat")
_PLURAL = ("Bones", "Organs", "Brains", "Hearts", "rats")
PARTS: tuple[Cube, ...] = (Cube.BONES, Cube.ORGANS, Cube.BRAINS, Cube.HEARTS)
CUBE_KEYS: tuple[str, ...] = _CUBE_KEYS
PART_KEYS: tuple[str, ...] = _CUBE_KEYS[:4]


class Card(IntEnum):
    """The four Sewer Pipe cards; a part on Day N is N days old, The Clog counts as older than Day 3."""

    DAY_1 = 0
    DAY_2 = 1
    DAY_3 = 2
    THE_CLOG = 3

    @property
    def title(self) -> str:
        return CARD_NAMES[self]


CARD_NAMES: tuple[str, ...] = ("Day 1", "Day 2", "Day 3", "The Clog")
DAY_CARDS: tuple[Card, ...] = (Card.DAY_1, Card.DAY_2, Card.DAY_3)


class ToolKind(IntEnum):
    """The six tool effects (the reconstructed tool cards)."""

    RAT_TRAP = 0
    DRAIN_AUGER = 1
    FIRE_HOSE = 2
    MEAT_HOOK = 3
    EMBALMING_FLUID = 4
    CROWBAR = 5

    @property
    def key(self) -> str:
        """The data name: ``rat_trap`` ..."""
        return self.name.lower()

    @property
    def title(self) -> str:
        """``Rat Trap``: the card's printed-style name (a ``Rules`` may rename it)."""
        return self.name.replace("_", " ").title()


TOOL_KEYS: tuple[str, ...] = tuple(kind.key for kind in ToolKind)


class Phase(IntEnum):
    """Where a turn stands: before the roll, Phase 1 (chance steps, and the Plunger's moment before the
    reserve's d4), Phase 2, or over."""

    START = 0
    ROLL_DIE = 1
    BLIND_DRAW = 2
    RESERVE = 3
    RESERVE_DIE = 4
    ORDERS = 5
    OVER = 6

    @property
    def key(self) -> str:
        return _PHASE_KEYS[self]

    @property
    def words(self) -> str:
        return _PHASE_WORDS[self]


_PHASE_KEYS = ("start", "roll", "blind_draw", "reserve", "reserve_roll", "orders", "over")
_PHASE_WORDS = (
    "before the roll",
    "Phase 1: the d4 for new parts",
    "Phase 1: blind draws from the Bag O' Parts",
    "Phase 1: parts in the reserve (a tool may be played before its d4)",
    "Phase 1: the reserve's d4",
    "Phase 2: filling orders",
    "game over",
)


class End(IntEnum):
    """Why a game ended."""

    NOT_OVER = 0
    CLOG_FULL = 1
    ALL_SERVED = 2
    TURN_LIMIT = 3

    @property
    def key(self) -> str:
        return ("", "clog_full", "all_served", "turn_limit")[self]

    @property
    def words(self) -> str:
        return ("", "The Clog is full", "every customer has been served", "the turn limit was reached")[self]


AGE_MATCHES = ("at_least", "exact")
SHIFTS = ("conveyor", "compact")


def plunger(seat: int) -> str:
    """``Plunger 1`` for seat 0: the rulebook's name for a player."""
    return f"Plunger {seat + 1}"


def with_article(noun: str) -> str:
    """``an Organ``, ``a Bone``: the article the noun's first sound takes.

    >>> with_article("Organ"), with_article("Heart"), with_article("rat")
    ('an Organ', 'a Heart', 'a rat')
    """
    return f"{'an' if noun[:1] in 'AEIOUaeiou' else 'a'} {noun}"


def cubes_words(kinds: Iterable[int]) -> str:
    """``Heart, Bone, Organ`` (``nothing`` when empty)."""
    return ", ".join(_SINGULAR[k] for k in kinds) or "nothing"


# -- cards ---------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Customer:
    """A customer card: the part type, how many, how old, and the money it pays."""

    name: str
    part: Cube
    count: int
    age: int
    money: int

    def __str__(self) -> str:
        return f"{self.name} ({self.part.count_words(self.count)}, Day {self.age}, ${self.money})"


@dataclass(frozen=True, slots=True)
class Tool:
    """A tool card face: its effect, name, copies in the deck and card text."""

    effect: ToolKind
    name: str
    copies: int
    text: str


@dataclass(frozen=True, slots=True)
class Rules:
    """Every number and component of the game; ``Rules.standard()`` reads ``data/standard.toml``.

    ``Rules(...)`` (or ``dataclasses.replace``) is checked as it is built (``check_rules``: each field's type,
    then the bounds in ``LIMITS`` and the checks across fields that the data file's reader makes, naming the
    field), so every ``Rules`` that exists loads from its own save. It runs once per ``Rules``.
    """

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
    solo_customers: int = 2
    deck_cards: int = 27
    notes: tuple[tuple[str, str], ...] = field(default=(), compare=False, repr=False)
    source: str = field(default="<dict>", compare=False, repr=False)
    #: the card (Day 1..Day 3) of each pipe position, from the entrance (derived, read often)
    space_cards: tuple[Card, ...] = field(init=False, compare=False, repr=False)
    #: customer name -> index in ``customers`` (derived: actions name customers, the state keeps indices)
    customer_ids: Mapping[str, int] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        check_rules(self)
        cards: list[Card] = []
        for card, spaces in zip(DAY_CARDS, self.day_spaces, strict=True):
            cards.extend([card] * spaces)
        object.__setattr__(self, "space_cards", tuple(cards))
        object.__setattr__(self, "customer_ids", {c.name: i for i, c in enumerate(self.customers)})

    @property
    def pipe_length(self) -> int:
        return self.day_spaces[0] + self.day_spaces[1] + self.day_spaces[2]

    @property
    def tool_cards(self) -> tuple[ToolKind, ...]:
        """The tool deck before shuffling: one effect per card."""
        deck: list[ToolKind] = []
        for tool in self.tools:
            deck.extend([tool.effect] * tool.copies)
        return tuple(deck)

    def tool_name(self, effect: int) -> str:
        for tool in self.tools:
            if tool.effect == effect:
                return tool.name
        return ToolKind(effect).title

    def tool_text(self, effect: int) -> str:
        return next((tool.text for tool in self.tools if tool.effect == effect), "")

    def space_of(self, position: int) -> tuple[Card, int]:
        """A pipe position as the data names it: (card, space counted from the card's left edge, 1 = far left)."""
        card = self.space_cards[position]
        start = sum(self.day_spaces[:card])
        return card, self.day_spaces[card] - (position - start)

    def position_of(self, card: int, space: int) -> int:
        """The pipe position of ``space`` (1 = far left) on Day card ``card``; -1 if there is none."""
        if not 0 <= card < 3 or not 1 <= space <= self.day_spaces[card]:
            return -1
        return sum(self.day_spaces[:card]) + self.day_spaces[card] - space

    @classmethod
    def standard(cls) -> Rules:
        if not _STANDARD:
            _STANDARD.append(cls.from_toml(DATA_DIR / "standard.toml"))
        return _STANDARD[0]

    @classmethod
    def from_toml(cls, path: str | Path) -> Rules:
        path = Path(path)
        return cls.from_dict(load_toml(path), source=path.name)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], source: str = "<dict>") -> Rules:
        if not isinstance(data, Mapping):
            raise RulesDataError(f"{source}: must be a table (a dict), not {type(data).__name__}")
        return _rules_from_dict(data, source)

    def to_dict(self) -> dict[str, Json]:
        return _rules_to_dict(self)


_STANDARD: list[Rules] = []

# -- the checks every Rules passes ---------------------------------------------------------------------------
#: The bounds of each number of ``Rules`` (of each one, for ``bag`` and ``day_spaces``), and of the numbers of a
#: customer or tool card: one table for ``check_rules`` and the data file's reader.
LIMITS = {
    "die_sides": (1, 100), "customers_each": (1, 20), "tools_each": (0, 20), "clog_spaces": (1, 1000),
    "gore_track": (1, 100_000), "max_turns": (1, 100_000), "solo_target": (0, 100_000), "solo_customers": (1, 20),
    "deck_cards": (0, 10_000), "bag": (0, 1000), "day_spaces": (1, 1000),
}  # fmt: skip
CARD_LIMITS = {"count": (1, 1000), "age": (1, 3), "money": (0, 10_000), "copies": (0, 100)}
#: The most customer or tool rows a ``Rules`` holds.
MAX_ROWS = 1000


def check_rules(rules: Rules) -> None:
    """Refuse, naming the field, a ``Rules`` the data file could not hold: a value its annotation does not allow,
    a number outside ``LIMITS``, or fields that disagree (the checks ``_rules_from_dict`` makes on a file)."""
    hints = _field_hints()
    for option in fields(rules):
        if option.init:
            misfit = value_misfit(hints[option.name], getattr(rules, option.name))
            if misfit is not None:
                where, expected, value = misfit
                raise RulesDataError(f"rules: {option.name}{where} must be {expected}, not {shown(value, 60)}")
    for name, (low, high) in LIMITS.items():
        value = getattr(rules, name)
        for index, number in enumerate(value if isinstance(value, tuple) else (value,)):
            if not low <= number <= high:
                at = f"[{index}]" if isinstance(value, tuple) else ""
                raise RulesDataError(f"rules: {name}{at} must be between {low} and {high}, not {number}")
    _check_choices(rules)
    _check_pipe(rules)
    _check_customers(rules)
    _check_tools(rules)


@cache
def _field_hints() -> dict[str, Any]:
    return get_type_hints(Rules)


def _fail(key: str, problem: str) -> RulesDataError:
    return RulesDataError(f"rules: {key} {problem}")


def _check_choices(rules: Rules) -> None:
    for name, options in (("age_match", AGE_MATCHES), ("shift", SHIFTS)):
        if getattr(rules, name) not in options:
            raise _fail(name, f"must be one of {', '.join(map(repr, options))}, not {shown(getattr(rules, name), 60)}")
    for index, (table, _) in enumerate(rules.notes):
        if table not in _DEFAULT_NOTES:
            raise _fail(f"notes[{index}]", f"names {shown(table, 60)}; tables with notes: {', '.join(_DEFAULT_NOTES)}")


def _check_pipe(rules: Rules) -> None:
    pipe = sum(rules.day_spaces)
    for index, position in enumerate(rules.rat_spaces):
        if not 0 <= position < pipe:
            raise _fail(f"rat_spaces[{index}]", f"must be a pipe position 0-{pipe - 1}, not {position}")
        if position in rules.rat_spaces[:index]:
            raise _fail(f"rat_spaces[{index}]", f"repeats pipe position {position}")
    problem = _free_space_problem(len(rules.rat_spaces), pipe)
    if problem:
        raise _fail("rat_spaces", problem)


def _check_customers(rules: Rules) -> None:
    if len(rules.customers) > MAX_ROWS:
        raise _fail("customers", f"lists {len(rules.customers)} entries; at most {MAX_ROWS}")
    for index, customer in enumerate(rules.customers):
        where = f"customers[{index}]"
        if customer.part not in PARTS:
            raise _fail(f"{where}.part", f"must be a body part ({', '.join(PART_KEYS)}), not {customer.part!r}")
        if not customer.name.strip():
            raise _fail(f"{where}.name", "must not be empty")
        for name in ("count", "age", "money"):
            low, high = CARD_LIMITS[name]
            if not low <= getattr(customer, name) <= high:
                raise _fail(f"{where}.{name}", f"must be between {low} and {high}, not {getattr(customer, name)}")
        problem = _count_problem(customer.count, Cube(customer.part), rules.bag)
        if problem:
            raise _fail(f"{where}.count", problem)
    problem = _customers_problem(rules.customers, rules.customers_each)
    if problem:
        raise _fail("customers", problem)
    problem = _gore_problem(rules.gore_track, rules.customers)
    if problem:
        raise _fail("gore_track", problem)


def _check_tools(rules: Rules) -> None:
    if len(rules.tools) > MAX_ROWS:
        raise _fail("tools", f"lists {len(rules.tools)} entries; at most {MAX_ROWS}")
    for index, tool in enumerate(rules.tools):
        low, high = CARD_LIMITS["copies"]
        if not low <= tool.copies <= high:
            raise _fail(f"tools[{index}].copies", f"must be between {low} and {high}, not {tool.copies}")
        if tool.effect in [other.effect for other in rules.tools[:index]]:
            raise _fail(f"tools[{index}].effect", f"{ToolKind(tool.effect).key!r} is listed twice; raise its copies")
    problem = _deck_problem(rules.deck_cards, rules.customers, rules.tools)
    if problem:
        raise _fail("deck_cards", problem)


# Checks across values, in words, for both the data file's reader and ``check_rules`` ("" when they hold).
def _count_problem(count: int, part: Cube, bag: Sequence[int]) -> str:
    return f"asks for {count} {part.key} but the bag holds only {bag[part]}" if count > bag[part] else ""


def _customers_problem(customers: Sequence[Customer], customers_each: int) -> str:
    if len(customers) < customers_each:
        return f"needs at least {customers_each} customers, has {len(customers)}"
    names = [c.name for c in customers]
    return "repeats a customer name" if len(set(names)) != len(names) else ""


def _gore_problem(gore_track: int, customers: Sequence[Customer]) -> str:
    total_money = sum(c.money for c in customers)
    return f"is {gore_track}, shorter than the ${total_money} all customers pay" if gore_track < total_money else ""


def _deck_problem(deck_cards: int, customers: Sequence[Customer], tools: Sequence[Tool]) -> str:
    counted = 4 + 1 + len(customers) + sum(t.copies for t in tools)
    if counted == deck_cards:
        return ""
    return (
        f"is {deck_cards} but the sewer (4), Gore Track (1), {len(customers)} customers and "
        f"{counted - 5 - len(customers)} tools make {counted}"
    )


def _free_space_problem(rat_spaces: int, pipe: int) -> str:
    return "must leave at least one space of the pipe free of Rat spaces" if rat_spaces >= pipe else ""


# -- data files ----------------------------------------------------------------------------------------
_DEFAULT_NOTES = {
    "deck": "27 cards: 4 Sewer Pipe cards + Gore Track + 10 customers, so 12 tools by subtraction.",
    "sewer": "Spaces per card, Rat spaces and The Clog's spaces are not printed; calibrated by test_calibration.",
    "gore_track": "Length not printed: longer than all customers' money together.",
    "customers": "Faces not printed: money = count + 2 x (age - 1).",
    "tools": "Faces not printed: six effects, two copies each.",
    "rulings": "Table rulings; see the rulings table in rules.py.",
    "solo": "Solo rules not printed: race against The Clog to a money target.",
}
_KEYS = {
    "": ("deck", "bag", "play", "sewer", "gore_track", "customers", "tools", "rulings", "solo"),
    "deck": ("reconstructed", "note", "cards"),
    "bag": CUBE_KEYS,
    "play": ("die_sides", "customers_each", "tools_each"),
    "sewer": ("reconstructed", "note", "day_spaces", "clog_spaces", "rat_spaces"),
    "rat_space": ("card", "space"),
    "gore_track": ("reconstructed", "note", "length"),
    "customers": ("reconstructed", "note", "cards"),
    "customer": ("name", "part", "count", "age", "money"),
    "tools": ("reconstructed", "note", "cards"),
    "tool": ("effect", "name", "copies", "text"),
    "rulings": ("reconstructed", "note", "age_match", "shift", "clog_takeable", "max_turns"),
    "solo": ("reconstructed", "note", "target", "customers"),
}


def _note(rules: Rules, table: str) -> dict[str, Json]:
    notes = dict(rules.notes)
    return {"reconstructed": True, "note": notes.get(table, _DEFAULT_NOTES[table])}


def _rules_to_dict(rules: Rules) -> dict[str, Json]:
    def rat_space(position: int) -> dict[str, Json]:
        card, space = rules.space_of(position)
        return {"card": card.title, "space": space}

    return {
        "deck": {**_note(rules, "deck"), "cards": rules.deck_cards},
        "bag": dict(zip(CUBE_KEYS, rules.bag, strict=True)),
        "play": {
            "die_sides": rules.die_sides,
            "customers_each": rules.customers_each,
            "tools_each": rules.tools_each,
        },
        "sewer": {
            **_note(rules, "sewer"),
            "day_spaces": list(rules.day_spaces),
            "clog_spaces": rules.clog_spaces,
            "rat_spaces": [rat_space(p) for p in rules.rat_spaces],
        },
        "gore_track": {**_note(rules, "gore_track"), "length": rules.gore_track},
        "customers": {
            **_note(rules, "customers"),
            "cards": [
                {"name": c.name, "part": c.part.key, "count": c.count, "age": c.age, "money": c.money}
                for c in rules.customers
            ],
        },
        "tools": {
            **_note(rules, "tools"),
            "cards": [
                {"effect": t.effect.key, "name": t.name, "copies": t.copies, "text": t.text} for t in rules.tools
            ],
        },
        "rulings": {
            **_note(rules, "rulings"),
            "age_match": rules.age_match,
            "shift": rules.shift,
            "clog_takeable": rules.clog_takeable,
            "max_turns": rules.max_turns,
        },
        "solo": {**_note(rules, "solo"), "target": rules.solo_target, "customers": rules.solo_customers},
    }


def _table(reader: DataReader, key: str, keys: str | None = None) -> DataReader:
    child = reader.child(key)
    child.check_keys(_KEYS[keys or key])
    return child


def _choice(reader: DataReader, key: str, options: Sequence[str], default: str | None = None) -> str:
    value = reader.get(key, str, default)
    if value not in options:
        raise reader.fail(key, f"must be one of {', '.join(map(repr, options))}, not {value!r}")
    return value


def _rows(reader: DataReader, key: str, keys: str) -> list[DataReader]:
    rows = reader.items(key)
    if len(rows) > MAX_ROWS:
        raise reader.fail(key, f"lists {len(rows)} entries; at most {MAX_ROWS}")
    for row in rows:
        row.check_keys(_KEYS[keys])
    return rows


def _read_sewer(top: DataReader) -> tuple[tuple[int, int, int], int, tuple[int, ...]]:
    sewer = _table(top, "sewer")
    day_list = sewer.get("day_spaces", list)
    low, high = LIMITS["day_spaces"]
    if len(day_list) != 3 or not all(
        isinstance(n, int) and not isinstance(n, bool) and low <= n <= high for n in day_list
    ):
        raise sewer.fail(
            "day_spaces", f"must be 3 integers from {low} to {high} (Day 1, Day 2, Day 3), not {shown(day_list, 60)}"
        )
    day_spaces = (day_list[0], day_list[1], day_list[2])
    clog_spaces = sewer.int_in("clog_spaces", *LIMITS["clog_spaces"])
    positions: list[int] = []
    for index, row in enumerate(_rows(sewer, "rat_spaces", "rat_space")):
        card = CARD_NAMES.index(_choice(row, "card", CARD_NAMES[:3]))
        space = row.int_in("space", 1, day_spaces[card])
        position = sum(day_spaces[:card]) + day_spaces[card] - space
        if position in positions:
            raise sewer.fail(f"rat_spaces[{index}]", f"repeats {CARD_NAMES[card]} space {space}")
        positions.append(position)
    problem = _free_space_problem(len(positions), sum(day_spaces))
    if problem:
        raise sewer.fail("rat_spaces", problem)
    return day_spaces, clog_spaces, tuple(positions)


def _read_customers(top: DataReader, bag: Sequence[int], customers_each: int) -> tuple[Customer, ...]:
    reader = _table(top, "customers")
    customers: list[Customer] = []
    for row in _rows(reader, "cards", "customer"):
        part = Cube(PART_KEYS.index(_choice(row, "part", PART_KEYS)))
        count = row.int_in("count", *CARD_LIMITS["count"])
        problem = _count_problem(count, part, bag)
        if problem:
            raise row.fail("count", problem)
        name = row.get("name", str)
        if not name.strip():
            raise row.fail("name", "must not be empty")
        age, money = row.int_in("age", *CARD_LIMITS["age"]), row.int_in("money", *CARD_LIMITS["money"])
        customers.append(Customer(name, part, count, age, money))
    problem = _customers_problem(customers, customers_each)
    if problem:
        raise reader.fail("cards", problem)
    return tuple(customers)


def _read_tools(top: DataReader) -> tuple[Tool, ...]:
    reader = _table(top, "tools")
    tools: list[Tool] = []
    seen: set[str] = set()
    for row in _rows(reader, "cards", "tool"):
        effect = _choice(row, "effect", TOOL_KEYS)
        if effect in seen:
            raise row.fail("effect", f"{effect!r} is listed twice; raise its copies instead")
        seen.add(effect)
        kind = ToolKind(TOOL_KEYS.index(effect))
        copies = row.int_in("copies", *CARD_LIMITS["copies"])
        tools.append(Tool(kind, row.get("name", str), copies, row.get("text", str, "")))
    return tuple(tools)


def _read_notes(top: DataReader) -> tuple[tuple[str, str], ...]:
    notes = []
    for table in _DEFAULT_NOTES:
        child = top.child(table)
        if "note" in child.data:
            notes.append((table, child.get("note", str)))
        if "reconstructed" in child.data:
            child.get("reconstructed", bool)
    return tuple(notes)


def _rules_from_dict(data: Mapping[str, Any], source: str) -> Rules:
    top = DataReader(source, data)
    top.check_keys(_KEYS[""])
    bag_reader = _table(top, "bag")
    bag = tuple(bag_reader.int_in(key, *LIMITS["bag"]) for key in CUBE_KEYS)
    play = _table(top, "play")
    die_sides = play.int_in("die_sides", *LIMITS["die_sides"])
    customers_each = play.int_in("customers_each", *LIMITS["customers_each"])
    tools_each = play.int_in("tools_each", *LIMITS["tools_each"])
    day_spaces, clog_spaces, rat_spaces = _read_sewer(top)
    customers = _read_customers(top, bag, customers_each)
    tools = _read_tools(top)
    gore = _table(top, "gore_track")
    gore_track = gore.int_in("length", *LIMITS["gore_track"])
    problem = _gore_problem(gore_track, customers)
    if problem:
        raise gore.fail("length", problem)
    rulings = _table(top, "rulings")
    solo = _table(top, "solo")
    deck = _table(top, "deck")
    deck_cards = deck.int_in("cards", *LIMITS["deck_cards"])
    problem = _deck_problem(deck_cards, customers, tools)
    if problem:
        raise deck.fail("cards", problem)
    return Rules(
        bag=(bag[0], bag[1], bag[2], bag[3], bag[4]),
        die_sides=die_sides,
        customers_each=customers_each,
        tools_each=tools_each,
        day_spaces=day_spaces,
        rat_spaces=rat_spaces,
        clog_spaces=clog_spaces,
        gore_track=gore_track,
        customers=customers,
        tools=tools,
        age_match=_choice(rulings, "age_match", AGE_MATCHES),
        shift=_choice(rulings, "shift", SHIFTS),
        clog_takeable=rulings.get("clog_takeable", bool),
        max_turns=rulings.int_in("max_turns", *LIMITS["max_turns"]),
        solo_target=solo.int_in("target", *LIMITS["solo_target"]),
        solo_customers=solo.int_in("customers", *LIMITS["solo_customers"], customers_each),
        deck_cards=deck_cards,
        notes=_read_notes(top),
        source=source,
    )
