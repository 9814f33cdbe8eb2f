"""Parts Unknown's components and tunable numbers: the enums, card types, houses and ``Rules``.

``Rules.standard()`` is the box: the numbers the rulebook prints (``data/rules.toml``) with the reconstructed
board (``data/board.toml``) and deck (``data/cards.toml``). A teacher copies a data file, changes a number and
loads it with ``Rules.from_toml(path)``: every key is checked (a misspelt one is refused with the closest
known key), every number is typed and bounded, and every failure is a ``RulesDataError`` naming file and key.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import IntEnum
from functools import cache, cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, get_type_hints

from playbook.core.data import DataReader, load_toml
from playbook.core.errors import InvalidActionError, RulesDataError, shown
from playbook.core.protocol import GameInfo, Json
from playbook.core.serialize import value_misfit

if TYPE_CHECKING:
    from .moves._cache import ActionCache

DATA_DIR = Path(__file__).parent / "data"
#: Every price column has four steps, the dearest first; the Shelf Space counter marks one of them.
STEPS = 4

INFO = GameInfo(
    name="parts_unknown",
    title="Parts Unknown",
    min_players=2,
    max_players=6,
    has_chance=True,
    has_hidden_information=True,
    summary="Going rates and demand: the cheapest shelf sells, crowds at one price make surpluses.",
)


class Phase(IntEnum):
    """Where the game is: set-up (choose, first pricer, price, first player), a turn's steps, over."""

    CHOOSE = 0
    FIRST_PRICER = 1
    PRICE = 2
    FIRST_PLAYER = 3
    BUY = 4
    STOCK = 5
    VIKTOR = 6
    AUCTION = 7
    OVER = 8

    @property
    def word(self) -> str:
        """The phase as the observation names it (``buy``, ``first_pricer``)."""
        return self.name.lower()


class Space(IntEnum):
    """The kinds of space on Viktor's track."""

    DEMAND = 0
    CALENDAR = 1
    CALENDAR_GROWTH = 2
    BUYOUT = 3
    AUCTION = 4
    ROLL_AGAIN = 5
    RIOT = 6
    MONSTER = 7

    @property
    def word(self) -> str:
        return self.name.lower()


SPACE_LABELS = {
    Space.DEMAND: "Demand",
    Space.CALENDAR: "Advance the Calendar",
    Space.CALENDAR_GROWTH: "Advance the Calendar (+1 Town)",
    Space.BUYOUT: "Buyout",
    Space.AUCTION: "Auction",
    Space.ROLL_AGAIN: "Roll Again",
    Space.RIOT: "Riot",
    Space.MONSTER: "Monster",
}


class End(IntEnum):
    """Why the game ended (``NONE`` while it goes on)."""

    NONE = 0
    TOWN = 1
    CALENDAR = 2

    @property
    def word(self) -> str:
        return "" if self is End.NONE else self.name.lower()

    @property
    def sentence(self) -> str:
        """The reason in words, as the rulebook's two victory conditions put it."""
        return {
            End.NONE: "the game goes on",
            End.TOWN: "the Town's population reached zero, so the game ended at once (no Shelf Space bonus)",
            End.CALENDAR: "the Calendar Pawn came back to Start, so each Shelf Space counted $15",
        }[self]


PU_CORNERS = ("growth", "other", "both")
EXCESS_MODES = ("clear", "carry", "repeat")
BUYOUT_CARD = ("discard", "bottom")
UNCLAIMED = ("discard", "owners")


@dataclass(frozen=True, slots=True)
class CardType:
    """One card type: its name, its category (index into ``Rules.categories``), its four-step price column
    (dearest first) and how many are in the deck."""

    name: str
    category: int
    prices: tuple[int, ...]
    count: int


@dataclass(frozen=True, slots=True)
class House:
    """One board section: the house's category, its spaces ``(kind, a)``, its Surplus and Shortage dots."""

    name: str
    category: int
    spaces: tuple[tuple[Space, int], ...]
    surplus_dots: int
    shortage_dots: int
    converts: bool


Board = tuple[tuple[Space, int, int], ...]


class Tables:
    """Look-ups derived from ``Rules`` once (names, categories, prices, boards per layout)."""

    __slots__ = (
        "board_views",
        "boards",
        "card_templates",
        "cards_view",
        "category",
        "draw_totals",
        "house_templates",
        "house_views",
        "index",
        "lowest",
        "named",
        "names",
        "num_types",
        "prices",
        "rules",
        "step_of",
        "type_ids",
    )

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.names = tuple(c.name for c in rules.cards)
        self.index = {name: i for i, name in enumerate(self.names)}
        self.category = tuple(c.category for c in rules.cards)
        self.prices = tuple(c.prices for c in rules.cards)
        #: per card type, price -> step of its column
        self.step_of = tuple({price: step for step, price in enumerate(c.prices)} for c in rules.cards)
        self.lowest = tuple(min(c.prices) for c in rules.cards)
        self.num_types = len(rules.cards)
        self.type_ids = tuple(range(self.num_types))
        self.boards: dict[tuple[int, ...], Board] = {}
        self.board_views: dict[tuple[int, ...], tuple[tuple[str, str, int, str], ...]] = {}
        #: per card type: (name, category name, price column), for observations
        self.cards_view = tuple((c.name, rules.categories[c.category], c.prices) for c in rules.cards)
        #: the same as the observation's dicts, which copy them (the column a tuple: each copy makes its list)
        self.card_templates = tuple(
            (name, {"category": category, "prices": column}) for name, category, column in self.cards_view
        )
        #: per house: what an observation shows of it that never changes (name, category name, dots, converts)
        self.house_views = tuple(
            (h.name, rules.categories[h.category], h.surplus_dots, h.shortage_dots, h.converts) for h in rules.houses
        )
        #: the observation's house dicts with the counters at 0, in its key order (each observation copies them)
        self.house_templates = tuple(
            {
                "name": name,
                "category": category,
                "surplus": 0,
                "shortage": 0,
                "surplus_dots": surplus_dots,
                "shortage_dots": shortage_dots,
                "converts": converts,
            }
            for name, category, surplus_dots, shortage_dots, converts in self.house_views
        )
        #: the Card Price Chart's total for 0, 1, 2, ... cards, normally (False) and during a Riot (True)
        self.draw_totals = {
            riot: tuple(rules.draw_cost(k, riot) for k in range(rules.max_draw(riot) + 1)) for riot in (False, True)
        }
        #: the observations' memo (``observe.py``): counts per type -> ``{name: count}`` of the non-zero ones
        self.named: dict[tuple[int, ...], dict[str, int]] = {}

    def board(self, layout: tuple[int, ...]) -> Board:
        """The loop of spaces ``(kind, house, a)`` for a layout (house indices in the order Viktor moves)."""
        board = self.boards.get(layout)
        if board is None:
            board = tuple((kind, house, amount) for house in layout for kind, amount in self.rules.houses[house].spaces)
            self.boards[layout] = board
        return board

    def board_view(self, layout: tuple[int, ...]) -> tuple[tuple[str, str, int, str], ...]:
        """The board as an observation shows it: ``(kind, house, a, label)`` per space."""
        view = self.board_views.get(layout)
        if view is None:
            houses = self.rules.houses
            view = tuple(
                (kind.word, houses[house].name, amount, f"{amount}+X" if kind == Space.DEMAND else SPACE_LABELS[kind])
                for kind, house, amount in self.board(layout)
            )
            self.board_views[layout] = view
        return view


@dataclass(frozen=True)
class Rules:
    """Every tunable number, the rulings' options and the component data; ``Rules.standard()`` is the box.

    ``Rules(...)`` (or ``dataclasses.replace``) and ``Rules.from_dict`` are one door: ``__post_init__`` checks
    each field's type against its annotation, then reads ``to_dict()`` with ``from_dict``'s own reader
    (``_read_fields``), so whatever is built loads from its save, and a bad value is refused naming its field.
    It runs once per ``Rules``, never per game step.
    """

    categories: tuple[str, ...]
    cards: tuple[CardType, ...]
    houses: tuple[House, ...]
    calendar_length: int = 12
    min_players: int = 2
    max_players: int = 6
    starting_money: int = 40
    starting_shelves: int = 4
    starting_town: int = 4
    hand_size: int = 6
    setup_stock: int = 4
    shelf_cost: int = 40
    shelf_value: int = 15
    draw_prices: tuple[int, ...] = (0, 4, 12, 24, 40, 60, 85)
    riot_penalty: int = 1
    die_sides: int = 6
    bank_money: int = 10_000
    parts_unknown_corner: str = "growth"
    excess_conversion: str = "carry"
    buyout_card: str = "discard"
    unclaimed_auction: str = "discard"
    relanding_restarts: bool = False
    shuffle_houses: bool = False

    def __post_init__(self) -> None:
        hints = _field_hints()
        for option in fields(self):
            misfit = value_misfit(hints[option.name], getattr(self, option.name))
            if misfit is not None:
                where, expected, value = misfit
                raise RulesDataError(f"rules: {option.name}{where} must be {expected}, not {shown(value, 60)}")
        for name, value in _read_fields(DataReader("rules", self.to_dict())).items():
            object.__setattr__(self, name, value)  # as read: space kinds become ``Space`` members

    @staticmethod
    def standard() -> Rules:
        """The rulebook's game with the reconstructed data in ``data/*.toml``."""
        return _standard_rules()

    @classmethod
    def from_toml(cls, path: str | Path) -> Rules:
        """A variant: a TOML file with any of the data files' keys; the rest standard (``RulesDataError``)."""
        path = Path(path)
        return cls.from_dict(_flatten(load_toml(path), path.name), source=path.name)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, source: str = "rules") -> Rules:
        """Rules from a dict shaped like ``to_dict()``; missing keys take the standard values."""
        if not isinstance(data, Mapping):
            raise RulesDataError(f"{source}: must be a table of rules, not {type(data).__name__}")
        DataReader(source, data).check_keys(RULE_KEYS)
        merged = {**_standard_rules().to_dict(), **dict(data)}
        return _rules_from_reader(DataReader(source, merged))

    def to_dict(self) -> dict[str, Json]:
        out: dict[str, Json] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "cards":
                out["cards"] = [
                    {
                        "name": c.name,
                        "category": self._category_name(c.category),
                        "prices": list(c.prices),
                        "count": c.count,
                    }
                    for c in value
                ]
            elif f.name == "houses":
                out["houses"] = [
                    {
                        "name": h.name,
                        "category": self._category_name(h.category),
                        "converts": h.converts,
                        "surplus_dots": h.surplus_dots,
                        "shortage_dots": h.shortage_dots,
                        "spaces": [[Space(k).word, a] for k, a in h.spaces],
                    }
                    for h in value
                ]
            elif isinstance(value, tuple):
                out[f.name] = list(value)
            else:
                out[f.name] = value
        return out

    def _category_name(self, category: int) -> str | int:
        """The category's name; a number that names none stays a number, which ``from_dict`` then refuses."""
        return self.categories[category] if 0 <= category < len(self.categories) else category

    @cached_property
    def tables(self) -> Tables:
        return Tables(self)

    @cached_property
    def actions(self) -> ActionCache:
        """Every action a seat may be offered, built once (``moves._cache.ActionCache``)."""
        from .moves._cache import ActionCache

        return ActionCache(self)

    def card(self, name: str) -> int:
        """The index of a card type by name (``InvalidActionError`` if there is none)."""
        index = self.tables.index.get(name) if isinstance(name, str) else None
        if index is None:
            raise InvalidActionError(f"{name!r} is not a card of Parts Unknown")
        return index

    def category_of(self, name: str) -> str:
        """The category of a card type by name."""
        return self.categories[self.cards[self.card(name)].category]

    def draw_cost(self, count: int, riot: bool = False) -> int:
        """Total price of drawing ``count`` cards in one turn (see ``rulebook.draw_cost``)."""
        from .rulebook import draw_cost

        return draw_cost(count, self.draw_prices, self.riot_penalty if riot else 0)

    def max_draw(self, riot: bool = False) -> int:
        return len(self.draw_prices) - (self.riot_penalty if riot else 0)


RULE_KEYS = tuple(f.name for f in fields(Rules))


@cache
def _field_hints() -> dict[str, Any]:
    return get_type_hints(Rules)


_STANDARD: list[Rules] = []
#: The data files' tables and the ``Rules`` keys their entries become.
_SECTIONS = {"bank": {"money": "bank_money"}}
_FILE_KEYS = (*RULE_KEYS, "bank", "rulings", "reconstructed")


def _flatten(raw: Mapping[str, Any], source: str) -> dict[str, Any]:
    """The data files' shape (``[bank] money``, ``[rulings]``, notes) as ``to_dict``'s flat shape."""
    out: dict[str, Any] = {}
    top = DataReader(source, {k: v for k, v in raw.items() if not k.startswith("note")})
    top.check_keys(_FILE_KEYS)
    for key, value in top.data.items():
        if key in _SECTIONS:
            section = top.child(key)
            section.check_keys((*_SECTIONS[key], "reconstructed", "note"))
            for inner, name in _SECTIONS[key].items():
                if inner in section.data:
                    out[name] = section.data[inner]
        elif key == "rulings":
            out.update(top.child(key).data)
        elif key != "reconstructed":
            out[key] = value
    return out


def _standard_rules() -> Rules:
    if not _STANDARD:
        merged: dict[str, Any] = {}
        for name in ("rules.toml", "board.toml", "cards.toml"):
            merged.update(_flatten(load_toml(DATA_DIR / name), name))
        _STANDARD.append(_rules_from_reader(DataReader("data/*.toml", merged)))
    return _STANDARD[0]


def _choice(reader: DataReader, key: str, options: tuple[str, ...]) -> str:
    value = reader.get(key, str)
    if value not in options:
        raise reader.fail(key, f"must be one of {', '.join(options)}, not {value!r}")
    return value


def _int_list(reader: DataReader, key: str, low: int, high: int, max_length: int) -> tuple[int, ...]:
    raw = reader.get(key, list)
    if not raw or len(raw) > max_length:
        raise reader.fail(key, f"must list 1 to {max_length} whole numbers, not {len(raw)}")
    for index, value in enumerate(raw):
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise reader.fail(f"{key}[{index}]", f"must be a whole number from {low} to {high}, not {value!r}")
    return tuple(raw)


def _name(reader: DataReader, key: str) -> str:
    value = reader.get(key, str)
    if not value.strip() or len(value) > 60:
        raise reader.fail(key, f"must be a name of 1 to 60 characters, not {value!r}")
    return value


def _category(reader: DataReader, categories: tuple[str, ...]) -> int:
    number = reader.data.get("category")
    if isinstance(number, int) and not isinstance(number, bool):  # Rules(...) holds an index (``to_dict`` keeps it)
        raise reader.fail("category", f"is number {number}, and categories lists {len(categories)} (from 0)")
    category = reader.get("category", str)
    if category not in categories:
        raise reader.fail("category", f"must be one of {', '.join(categories)}, not {category!r}")
    return categories.index(category)


CARD_KEYS = ("name", "category", "prices", "count")
HOUSE_KEYS = ("name", "category", "converts", "surplus_dots", "shortage_dots", "spaces")


def _cards(r: DataReader, categories: tuple[str, ...]) -> tuple[CardType, ...]:
    rows = r.items("cards")
    if not 1 <= len(rows) <= 100:
        raise r.fail("cards", f"must list 1 to 100 card types, not {len(rows)}")
    cards = []
    for row in rows:
        row.check_keys(CARD_KEYS)
        prices = _int_list(row, "prices", 1, 100_000, STEPS)
        if len(prices) != STEPS or any(a <= b for a, b in itertools.pairwise(prices)):
            raise row.fail("prices", f"must be {STEPS} positive prices, strictly descending, not {list(prices)}")
        cards.append(CardType(_name(row, "name"), _category(row, categories), prices, row.int_in("count", 0, 1000)))
    names = [c.name for c in cards]
    if len(set(names)) != len(names):
        raise r.fail("cards", "name a card type twice")
    return tuple(cards)


def _spaces(row: DataReader) -> tuple[tuple[Space, int], ...]:
    raw = row.get("spaces", list)
    if not 1 <= len(raw) <= 100:
        raise row.fail("spaces", f"must list 1 to 100 spaces, not {len(raw)}")
    kinds = {space.word: space for space in Space}
    spaces = []
    for index, space in enumerate(raw):
        if (
            not isinstance(space, list | tuple)
            or len(space) != 2
            or not isinstance(space[0], str)
            or space[0] not in kinds
            or isinstance(space[1], bool)
            or not isinstance(space[1], int)
            or not 0 <= space[1] <= 100
        ):
            raise row.fail(f"spaces[{index}]", f"must be [kind, a] with kind one of {', '.join(kinds)}, a 0-100")
        spaces.append((kinds[space[0]], int(space[1])))
    return tuple(spaces)


def _houses(r: DataReader, categories: tuple[str, ...]) -> tuple[House, ...]:
    rows = r.items("houses")
    if not 1 <= len(rows) <= 12:
        raise r.fail("houses", f"must list 1 to 12 houses, not {len(rows)}")
    houses = []
    for row in rows:
        row.check_keys(HOUSE_KEYS)
        converts = row.get("converts", bool) if "converts" in row.data else True
        surplus = row.int_in("surplus_dots", 0, 100)
        shortage = row.int_in("shortage_dots", 0, 100)
        if converts and (surplus < 1 or shortage < 1):
            raise row.fail("surplus_dots", "a house that converts needs at least one Surplus and one Shortage dot")
        houses.append(House(_name(row, "name"), _category(row, categories), _spaces(row), surplus, shortage, converts))
    kinds = [k for h in houses for k, _ in h.spaces]
    if kinds.count(Space.MONSTER) != 1:
        raise r.fail("houses", "must hold exactly one monster space (Viktor starts there)")
    if not any(k in (Space.CALENDAR, Space.CALENDAR_GROWTH) for k in kinds):
        raise r.fail("houses", "must hold an Advance the Calendar corner, or the game never ends")
    return tuple(houses)


def _flag(reader: DataReader, key: str) -> bool:
    return reader.get(key, bool)


def _rules_from_reader(r: DataReader) -> Rules:
    return Rules(**_read_fields(r))


def _read_fields(r: DataReader) -> dict[str, Any]:
    """Every field of ``Rules`` read from a flat table of them (a data file, ``to_dict()``), each one typed and
    bounded and the deck checked against the hands; every failure names the table's source and key."""
    r.check_keys(RULE_KEYS)
    raw_categories = r.get("categories", list)
    if not 1 <= len(raw_categories) <= 20 or not all(isinstance(c, str) and c for c in raw_categories):
        raise r.fail("categories", "must list 1 to 20 category names")
    categories = tuple(raw_categories)
    cards = _cards(r, categories)
    houses = _houses(r, categories)
    min_players = r.int_in("min_players", 1, 12)
    max_players = r.int_in("max_players", min_players, 12)
    draw_prices = _int_list(r, "draw_prices", 0, 1_000_000, 20)
    if any(a > b for a, b in itertools.pairwise(draw_prices)):
        raise r.fail("draw_prices", "must not fall: more cards never cost less")
    values: dict[str, Any] = dict(
        categories=categories,
        cards=cards,
        houses=houses,
        calendar_length=r.int_in("calendar_length", 1, 1000),
        min_players=min_players,
        max_players=max_players,
        starting_money=r.int_in("starting_money", 0, 1_000_000),
        starting_shelves=r.int_in("starting_shelves", 0, 100),
        starting_town=r.int_in("starting_town", 1, 1000),
        hand_size=r.int_in("hand_size", 0, 100),
        setup_stock=r.int_in("setup_stock", 0, 10),
        shelf_cost=r.int_in("shelf_cost", 0, 1_000_000),
        shelf_value=r.int_in("shelf_value", 0, 1_000_000),
        draw_prices=draw_prices,
        riot_penalty=r.int_in("riot_penalty", 0, len(draw_prices) - 1),
        die_sides=r.int_in("die_sides", 1, 100),
        bank_money=r.int_in("bank_money", 0, 10**12),
        parts_unknown_corner=_choice(r, "parts_unknown_corner", PU_CORNERS),
        excess_conversion=_choice(r, "excess_conversion", EXCESS_MODES),
        buyout_card=_choice(r, "buyout_card", BUYOUT_CARD),
        unclaimed_auction=_choice(r, "unclaimed_auction", UNCLAIMED),
        relanding_restarts=_flag(r, "relanding_restarts"),
        shuffle_houses=_flag(r, "shuffle_houses"),
    )
    if sum(c.count for c in cards) < values["hand_size"] * max_players:
        raise r.fail("cards", f"too few cards to deal {values['hand_size']} to {max_players} players")
    if sum(c.count for c in cards) > 10_000:
        raise r.fail("cards", "hold more than 10,000 cards in all")
    return values
