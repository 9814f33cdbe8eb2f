"""What the box holds: component types, mechanisms, the phases and end reasons, and ``Rules`` with its data.

``Rules`` is every tunable number and the component data; ``Rules.standard()`` is the rulebook's game read
from ``data/components.toml`` and ``data/mechanisms.toml``. A teacher's copy of either file loads with
``Rules.from_toml(...)``: unknown keys are refused with the closest known key, every number is typed and
bounded, and every failure is a ``RulesDataError`` naming the file and the key.

Components are named by their data ``id`` (0-6, one per Order Line token), mechanisms by their ``key``:
actions and saved games carry those, never a position in a Python list.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from enum import IntEnum
from pathlib import Path
from typing import Any, NamedTuple, get_type_hints

from playbook.core.data import DataReader, closest, load_toml
from playbook.core.errors import InvalidActionError, RulesDataError, shown
from playbook.core.protocol import GameInfo, Json
from playbook.core.serialize import value_misfit

DATA_DIR = Path(__file__).parent / "data"
#: Component types: one per numbered space of the Order Line.
NUM_TYPES = 7
#: "Three per contestant": at most three mechanisms built at once.
MARKERS_PER_PLAYER = 3

INFO = GameInfo(
    name="mars_needs_mechanics",
    title="Mars Needs Mechanics",
    min_players=2,
    max_players=4,
    has_chance=False,
    has_hidden_information=True,
    summary="Order-line pricing: values rise for what was bought last in a round; sell sets of three.",
)


class Phase(IntEnum):
    """Where a round is: contestants buy (and build), then sell sets; then the game may be over."""

    PLAY = 0
    SELL = 1
    OVER = 2

    @property
    def words(self) -> str:
        return ("buying", "selling sets", "over")[self]


class EndReason(IntEnum):
    """Why the competition ends (``NONE`` while it goes on)."""

    NONE = 0
    DECK_EMPTY = 1
    NO_PURCHASES = 2

    @property
    def words(self) -> str:
        return (
            "",
            "no component cards left in the deck to restock the market",
            "no purchases for two consecutive rounds",
        )[self]


class RoundEndReason(IntEnum):
    """Why a round's buying ends."""

    MARKET_EMPTY = 0
    ALL_PASSED = 1

    @property
    def words(self) -> str:
        return ("all components in the market were purchased", "all contestants passed in a row")[self]


#: The abilities implemented here, by mechanism key (the data file may name only these).
ABILITIES = (
    "x_ray_goggles",
    "difference_engine",
    "rocket_booster",
    "aether_drive",
    "automaton",
    "governor",
    "smelting_furnace",
    "pneumatic_claw",
    "analytical_almanac",
    "brass_balancer",
)
#: The numbers a mechanism's data row may carry, with their bounds.
MECHANISM_PARAMS = {
    "peek": (1, 20),
    "bonus_per_card": (0, 20),
    "discount": (0, 20),
    "rise": (0, 20),
    "min_cards": (1, 60),
    "cogs_per_card": (0, 100),
    "min_set_size": (1, 8),
}


class Built(NamedTuple):
    """A mechanism on the table: its key and the cards in it, per component type."""

    mechanism: str
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Mechanism:
    """One blueprint: its cost in cards per component type and the ability's parameters."""

    key: str
    name: str
    lever: str
    ability: str
    cost: tuple[int, ...]
    params: tuple[tuple[str, int], ...] = ()
    reconstructed: bool = True

    def param(self, name: str, default: int = 0) -> int:
        return dict(self.params).get(name, default)


@dataclass(frozen=True, slots=True)
class Rules:
    """Every tunable number and the component data; ``Rules.standard()`` is the rulebook's game.

    ``Rules(...)`` (or ``dataclasses.replace``) and ``Rules.from_dict`` are one door: ``__post_init__`` checks
    every field's type against its annotation and then runs ``validate``, the check ``from_dict`` and the data
    files go through, so no ``Rules`` plays that its own save would not load. It runs once per ``Rules``.
    """

    components: tuple[str, ...]
    copies: tuple[int, ...]
    mechanisms: tuple[Mechanism, ...]
    in_play: tuple[str, ...]
    starting_cogs: int = 30
    scrap_per_player: int = 2
    hand_size: int = 3
    market_size: int = 8
    starting_value: int = 5
    value_min: int = 1
    value_max: int = 10
    min_set_size: int = 3
    order_line_rise: int = 3
    order_line_fall: int = 3
    first_player: int | None = None
    reconstructed: tuple[str, ...] = ()
    source: str = field(default="standard", compare=False)
    # Derived look-ups for the hot path (not part of the rules' identity).
    by_key: Mapping[str, Mechanism] = field(init=False, compare=False, repr=False)
    #: ``(key, ((component, count), ...))`` per mechanism in play, in data order; the Automaton's is
    #: ``((-1, min_cards),)``.
    build_costs: tuple[tuple[str, tuple[tuple[int, int], ...]], ...] = field(init=False, compare=False, repr=False)
    #: The keys in play in data order, and every mechanism's name by key (observations copy them).
    in_play_keys: tuple[str, ...] = field(init=False, compare=False, repr=False)
    names_by_key: Mapping[str, str] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        check_field_types(self)
        self.validate()
        by_key = {m.key: m for m in self.mechanisms}
        object.__setattr__(self, "by_key", by_key)
        costs = tuple(
            (
                m.key,
                ((-1, m.param("min_cards", 5)),)
                if m.key == "automaton"
                else tuple((c, n) for c, n in enumerate(m.cost) if n),
            )
            for m in self.mechanisms
            if m.key in self.in_play
        )
        object.__setattr__(self, "build_costs", costs)
        object.__setattr__(self, "in_play_keys", tuple(m.key for m in self.mechanisms if m.key in self.in_play))
        object.__setattr__(self, "names_by_key", {m.key: m.name for m in self.mechanisms})

    @staticmethod
    def standard() -> Rules:
        if not _STANDARD:
            _STANDARD.append(Rules.from_toml())
        return _STANDARD[0]

    @classmethod
    def from_toml(cls, components: str | Path | None = None, mechanisms: str | Path | None = None) -> Rules:
        """Load a variant: copies of ``data/components.toml`` and ``data/mechanisms.toml``, validated."""
        comp_path = Path(components) if components else DATA_DIR / "components.toml"
        mech_path = Path(mechanisms) if mechanisms else DATA_DIR / "mechanisms.toml"
        return rules_from_data(
            DataReader(comp_path.name, load_toml(comp_path)), DataReader(mech_path.name, load_toml(mech_path))
        )

    def with_mechanisms(self, keys: Sequence[str]) -> Rules:
        """The same game with another choice of mechanisms ("Choosing Mechanisms"), checked as it is built."""
        return replace(self, in_play=tuple(keys))

    def validate(self) -> None:
        """Raise ``RulesDataError`` if the values make no game: every ``Rules`` is checked by this as it is built
        (the field types already checked), whether from the data files, ``from_dict`` or Python."""
        known = {m.key for m in self.mechanisms}
        for key in self.in_play:
            if key not in known:
                raise RulesDataError(
                    f"rules: in_play names {shown(key, 60)}, which is not a mechanism listed in mechanisms"
                )
        if len(known) != len(self.mechanisms):
            raise RulesDataError("rules: mechanisms: keys must be distinct")
        if len(set(self.in_play)) != len(self.in_play):
            raise RulesDataError("rules: in_play names a mechanism twice")
        for name in ("components", "copies"):
            if len(getattr(self, name)) != NUM_TYPES:
                raise RulesDataError(f"rules: {name} must list {NUM_TYPES} types (one per Order Line space)")
        if any(len(m.cost) != NUM_TYPES for m in self.mechanisms):
            raise RulesDataError(f"rules: every mechanism cost must give {NUM_TYPES} counts")
        self._validate_lists()
        self._validate_numbers()

    def _validate_lists(self) -> None:
        for index, mechanism in enumerate(self.mechanisms):
            _check_mechanism(index, mechanism)
        for name in ("in_play", "reconstructed"):
            if len(getattr(self, name)) > MAX_NAMES:
                raise RulesDataError(f"rules: {name} must list at most {MAX_NAMES} names")
        if self.first_player is not None and not 0 <= self.first_player < INFO.max_players:
            raise RulesDataError(f"rules: first_player must be a seat 0-{INFO.max_players - 1} or None")

    def _validate_numbers(self) -> None:
        if not self.value_min <= self.starting_value <= self.value_max:
            raise RulesDataError(
                f"rules: starting_value must lie on the value track (value_min {self.value_min} to value_max "
                f"{self.value_max}), not {self.starting_value}"
            )
        if self.order_line_rise + self.order_line_fall > NUM_TYPES:
            raise RulesDataError("rules: order_line_rise + order_line_fall exceed the Order Line")
        for name, (low, high) in _BOUNDS.items():
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise RulesDataError(f"rules: {name} must be a whole number between {low} and {high}, not {value!r}")
        if any(not 1 <= c <= 40 for c in self.copies):
            raise RulesDataError("rules: copies must be between 1 and 40 per component")
        deal = INFO.max_players * self.hand_size + self.market_size
        if sum(self.copies) < deal:
            raise RulesDataError(f"rules: the deck must hold at least {deal} cards to deal hands and the market")

    def mechanism(self, key: str) -> Mechanism:
        mechanism = self.by_key.get(key)
        if mechanism is None:
            raise InvalidActionError(f"no mechanism {key!r} in these rules")
        return mechanism

    def component_id(self, name: str) -> int:
        """The id of a component type from its name (``"Lens"`` -> 2)."""
        try:
            return self.components.index(name)
        except ValueError:
            raise InvalidActionError(f"no component {name!r} in these rules") from None

    def to_dict(self) -> dict[str, Json]:
        data: dict[str, Json] = {
            "components": list(self.components),
            "copies": list(self.copies),
            "mechanisms": [
                {
                    "key": m.key,
                    "name": m.name,
                    "lever": m.lever,
                    "ability": m.ability,
                    "cost": list(m.cost),
                    "params": [list(p) for p in m.params],
                    "reconstructed": m.reconstructed,
                }
                for m in self.mechanisms
            ],
            "in_play": list(self.in_play),
            "reconstructed": list(self.reconstructed),
            "source": self.source,
            "first_player": self.first_player,
        }
        for name in _BOUNDS:
            data[name] = getattr(self, name)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Rules from ``to_dict()``; every key known, every number typed and bounded, else RulesDataError."""
        if not isinstance(data, Mapping):
            raise RulesDataError(f"rules: must be an object, not {type(data).__name__}")
        reader = DataReader("rules", data)
        reader.check_keys(_DICT_KEYS)
        for key in _DICT_KEYS:
            if key not in data:
                raise reader.fail(key, "is missing")
        mechanisms = tuple(_mechanism_from_dict(row) for row in reader.items("mechanisms"))
        first = data["first_player"]
        if first is not None:
            first = reader.int_in("first_player", 0, INFO.max_players - 1)
        numbers = {name: reader.int_in(name, low, high) for name, (low, high) in _BOUNDS.items()}
        return cls(
            components=_strings(reader, "components"),
            copies=_ints(reader, "copies", 1, 40),
            mechanisms=mechanisms,
            in_play=_strings(reader, "in_play"),
            first_player=first,
            reconstructed=_strings(reader, "reconstructed"),
            source=reader.get("source", str),
            **numbers,
        )  # validated as it is built (__post_init__)


def check_field_types(rules: Rules) -> None:
    """Refuse a field whose value its annotation does not allow (a bool or a float is never an int, a tuple
    field takes a tuple), naming it: ``validate`` and the engine can then read every field as declared."""
    hints = _field_hints()
    for option in fields(rules):
        if option.init:
            misfit = value_misfit(hints[option.name], getattr(rules, option.name))
            if misfit is not None:
                where, expected, value = misfit
                raise RulesDataError(f"rules: {option.name}{where} must be {expected}, not {shown(value, 60)}")


def _field_hints() -> dict[str, Any]:
    if not _HINTS:
        _HINTS.update(get_type_hints(Rules))
    return _HINTS


_HINTS: dict[str, Any] = {}


def _check_mechanism(index: int, mechanism: Mechanism) -> None:
    """A mechanism ``validate`` accepts is one the data files could hold: an implemented ability, bounded costs
    and parameters."""
    where = f"rules: mechanisms[{index}]"
    if mechanism.key not in ABILITIES:
        raise RulesDataError(
            f"{where}.key {shown(mechanism.key, 60)} has no ability implemented{_closest(mechanism.key)}"
        )
    if any(not 0 <= count <= MAX_COST for count in mechanism.cost):
        raise RulesDataError(f"{where}.cost must be counts between 0 and {MAX_COST}")
    for name, value in mechanism.params:
        if name not in MECHANISM_PARAMS:
            raise RulesDataError(f"{where}.params names {shown(name, 60)}; known: {', '.join(MECHANISM_PARAMS)}")
        low, high = MECHANISM_PARAMS[name]
        if not low <= value <= high:
            raise RulesDataError(f"{where}.params: {name} must be a whole number between {low} and {high}")


_STANDARD: list[Rules] = []
#: The most names ``in_play`` and ``reconstructed`` may list, and the most cards of one type a cost may ask.
MAX_NAMES = 100
MAX_COST = 40
_BOUNDS = {
    "starting_cogs": (0, 1000),
    "scrap_per_player": (0, 2),
    "hand_size": (0, 10),
    "market_size": (1, 20),
    "starting_value": (0, 99),
    "value_min": (0, 50),
    "value_max": (1, 99),
    "min_set_size": (1, 8),
    "order_line_rise": (0, NUM_TYPES),
    "order_line_fall": (0, NUM_TYPES),
}
_DICT_KEYS = ("components", "copies", "mechanisms", "in_play", "reconstructed", "source", "first_player", *_BOUNDS)
_MECHANISM_KEYS = ("key", "name", "lever", "ability", "cost", "params", "reconstructed")


def _strings(reader: DataReader, key: str) -> tuple[str, ...]:
    items = reader.get(key, list)
    if len(items) > MAX_NAMES or not all(isinstance(item, str) for item in items):
        raise reader.fail(key, f"must be a list of at most {MAX_NAMES} strings")
    return tuple(items)


def _ints(reader: DataReader, key: str, low: int, high: int) -> tuple[int, ...]:
    items = reader.get(key, list)
    if len(items) > MAX_NAMES or not all(type(item) is int and low <= item <= high for item in items):
        raise reader.fail(key, f"must be a list of whole numbers between {low} and {high}")
    return tuple(items)


def _mechanism_from_dict(row: DataReader) -> Mechanism:
    row.check_keys(_MECHANISM_KEYS)
    params = []
    for index, pair in enumerate(row.get("params", list)):
        if not (isinstance(pair, list | tuple) and len(pair) == 2 and pair[0] in MECHANISM_PARAMS):
            raise row.fail(f"params[{index}]", f"must be [name, number] with a name from {sorted(MECHANISM_PARAMS)}")
        low, high = MECHANISM_PARAMS[pair[0]]
        if type(pair[1]) is not int or not low <= pair[1] <= high:
            raise row.fail(f"params[{index}]", f"{pair[0]} must be a whole number between {low} and {high}")
        params.append((str(pair[0]), int(pair[1])))
    return Mechanism(
        key=row.get("key", str),
        name=row.get("name", str),
        lever=row.get("lever", str),
        ability=row.get("ability", str),
        cost=_ints(row, "cost", 0, MAX_COST),
        params=tuple(params),
        reconstructed=row.get("reconstructed", bool),
    )


_COMPONENTS_FILE_KEYS = (
    "starting_cogs",
    "scrap_per_player",
    "hand_size",
    "market_size",
    "starting_value",
    "min_set_size",
    "order_line_rise",
    "order_line_fall",
    "value_track",
    "components",
)
_MECHANISMS_FILE_KEYS = ("reconstructed", "starter", "mechanisms")
_MECHANISM_ROW_KEYS = ("key", "name", "lever", "ability", "cost", "reconstructed", *MECHANISM_PARAMS)


def _components_from_data(comp: DataReader) -> tuple[tuple[str, ...], tuple[int, ...], tuple[str, ...]]:
    rows = comp.items("components")
    if len(rows) != NUM_TYPES:
        raise comp.fail("components", f"must list {NUM_TYPES} component types, one per Order Line space")
    by_id: dict[int, tuple[str, int, bool]] = {}
    for row in rows:
        row.check_keys(("id", "name", "count", "reconstructed"))
        ident = row.int_in("id", 0, NUM_TYPES - 1)
        if ident in by_id:
            raise row.fail("id", f"{ident} is used twice: each component type needs its own id 0-{NUM_TYPES - 1}")
        by_id[ident] = (row.get("name", str), row.int_in("count", 3, 40), row.get("reconstructed", bool, False))
    names = tuple(by_id[i][0] for i in range(NUM_TYPES))
    if len(set(names)) != NUM_TYPES:
        raise comp.fail("components", "names must be distinct")
    copies = tuple(by_id[i][1] for i in range(NUM_TYPES))
    reconstructed = tuple(by_id[i][0] for i in range(NUM_TYPES) if by_id[i][2])
    return names, copies, reconstructed


def _mechanisms_from_data(mech: DataReader, names: tuple[str, ...]) -> tuple[Mechanism, ...]:
    default_reconstructed = mech.get("reconstructed", bool, False)
    mechanisms = []
    for row in mech.items("mechanisms"):
        row.check_keys(_MECHANISM_ROW_KEYS)
        costs = row.child("cost")
        costs.check_keys(names)
        cost = tuple(costs.int_in(name, 1, 40) if name in costs.data else 0 for name in names)
        key = row.get("key", str)
        if key not in ABILITIES:
            raise row.fail("key", f"{key!r} has no ability implemented{_closest(key)}")
        if key != "automaton" and sum(cost) == 0:
            raise row.fail("cost", "must name at least one component")
        params = tuple(
            (name, row.int_in(name, low, high)) for name, (low, high) in MECHANISM_PARAMS.items() if name in row.data
        )
        mechanisms.append(
            Mechanism(
                key,
                row.get("name", str),
                row.get("lever", str),
                row.get("ability", str),
                cost,
                params,
                row.get("reconstructed", bool) if "reconstructed" in row.data else default_reconstructed,
            )
        )
    keys = [m.key for m in mechanisms]
    if len(set(keys)) != len(keys):
        raise mech.fail("mechanisms", "keys must be distinct")
    return tuple(mechanisms)


def _closest(key: str) -> str:
    return closest(key, ABILITIES)


def rules_from_data(comp: DataReader, mech: DataReader) -> Rules:
    """``Rules`` from the two parsed data files; every problem a ``RulesDataError`` naming file and key."""
    comp.check_keys(_COMPONENTS_FILE_KEYS)
    mech.check_keys(_MECHANISMS_FILE_KEYS)
    names, copies, reconstructed = _components_from_data(comp)
    track = comp.child("value_track")
    track.check_keys(("reconstructed", "note", "min", "max"))
    value_min = track.int_in("min", 0, 50)
    value_max = track.int_in("max", value_min + 1, 99)
    mechanisms = _mechanisms_from_data(mech, names)
    starter = mech.get("starter", list)
    for index, key in enumerate(starter):
        if not isinstance(key, str):
            raise mech.fail(f"starter[{index}]", "must be a mechanism key")
    numbers = {
        "starting_cogs": comp.int_in("starting_cogs", 0, 1000),
        "scrap_per_player": comp.int_in("scrap_per_player", 0, 2),
        "hand_size": comp.int_in("hand_size", 0, 10),
        "market_size": comp.int_in("market_size", 1, 20),
        "starting_value": comp.int_in("starting_value", value_min, value_max),
        "min_set_size": comp.int_in("min_set_size", 1, 8),
        "order_line_rise": comp.int_in("order_line_rise", 0, NUM_TYPES),
        "order_line_fall": comp.int_in("order_line_fall", 0, NUM_TYPES),
    }
    try:
        return Rules(
            components=names,
            copies=copies,
            mechanisms=mechanisms,
            in_play=tuple(starter),
            value_min=value_min,
            value_max=value_max,
            reconstructed=reconstructed,
            source=f"{comp.source} + {mech.source}",
            **numbers,
        )  # validated as it is built (__post_init__): the files' numbers together
    except RulesDataError as exc:
        raise RulesDataError(f"{comp.source}, {mech.source}: {exc}") from exc


def cost_text(rules: Rules, cost: Sequence[int]) -> str:
    """A blueprint's cost in words: ``"1 Wire, 2 Lens"``."""
    parts = [f"{count} {rules.components[c]}" for c, count in enumerate(cost) if count]
    return ", ".join(parts) if parts else "every component card in your hand"
