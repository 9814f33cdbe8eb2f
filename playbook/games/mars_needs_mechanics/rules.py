"""Mars Needs Mechanics: order-line pricing and set selling.

What it teaches: a price that moves with *when* things are bought, not how many. Each purchase sends the
component's token to the front of the Order Line; at the round's end the first three rise and the last
three fall. Buying late pushes a value up; buying early lets others push it down. Cards only turn into
cogs as sets of three at the round's end, so a player trades liquidity against waiting for a peak.

Rulings (where the rulebook is ambiguous or silent; ``Rules`` option in brackets where a table might differ)

=====================================  ===================================================================
Question                               Ruling
=====================================  ===================================================================
Who holds the First Player Marker?     "the best English accent": a seeded random seat [``first_player``].
Value track bounds                     1..10 (reconstructed); a value at a bound stays there, its token
                                       still keeps its place [``value_min``, ``value_max``].
Cogs supply                            Unlimited: the 270 cogs in the box are a physical limit only.
When does a turn end?                  After the primary action the player may still build or break down;
                                       an ``EndTurn`` action closes the turn. When no optional action is
                                       possible the turn closes by itself, so bots never waste a step.
Does a pass reset by building?         No: only a purchase breaks a run of passes. "All contestants
                                       consecutively pass" counts primary actions.
Sets and Scrap                         A set needs at least one component card; Scrap fills the rest (both
                                       Scraps may go in one set). Sold Scrap is discarded like the cards.
                                       Several sets of one type may be sold in one step (value is the same).
Nothing to sell                        A contestant who cannot form a set is skipped at Sell Sets.
Final adjustment                       The last round is known at its end: the deck is empty (the restock
                                       that follows would end the game) or a second round in a row went
                                       without a purchase. Then only components bought in that round rise.
Tie break "fewest components"          Counts component cards in hand; Scrap is not a component.
Tie break "closest to first player"    The last round's first player is closest, then clockwise (left).
Automaton                              Cost: every component card in hand, at least 5; Scrap stays in hand.
                                       It does not count against "one mechanism built at a time" (its card
                                       says otherwise, per "unless otherwise noted"), cannot be broken down
                                       and pays 3 cogs per card in it when the competition ends.
Brass Balancer with two owners         The fourth component rises by 1 once, however many have it built.
Pneumatic Claw                         Needs a card in the deck; the sent card goes to the bottom.
X-Ray Goggles, Analytical Almanac      Information only: they change what ``observation`` shows.
Player markers (12)                    Three per contestant: at most three mechanisms built at once.
=====================================  ===================================================================
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from playbook.core.data import DataReader, load_toml
from playbook.core.errors import IllegalActionError, InvalidActionError, RulesDataError
from playbook.core.protocol import Action, ActionCodec, Event, GameInfo, Json

# --- constants ------------------------------------------------------------------------------------------

DATA_DIR = Path(__file__).parent / "data"
NUM_TYPES = 7
PLAY, SELL, OVER = 0, 1, 2
PHASE_NAMES = ("play", "sell", "over")
MARKERS_PER_PLAYER = 3
NO_MECHANISM = -1

INFO = GameInfo(
    name="mars_needs_mechanics",
    title="Mars Needs Mechanics",
    min_players=2,
    max_players=4,
    has_chance=False,
    has_hidden_information=True,
    summary="Order-line pricing: values rise for what was bought last in a round; sell sets of three.",
)


# --- rules and component data ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Mechanism:
    """One blueprint: its cost in cards per component type and the ability's parameters."""

    key: str
    name: str
    lever: str
    ability: str
    cost: tuple[int, ...]
    params: tuple[tuple[str, int], ...] = ()

    def param(self, name: str, default: int = 0) -> int:
        return dict(self.params).get(name, default)


@dataclass(frozen=True, slots=True)
class Rules:
    """Every tunable number and the component data; ``Rules.standard()`` is the rulebook's game."""

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
    source: str = field(default="standard", compare=False)
    # Derived look-ups for the hot path (not part of the rules' identity).
    ability_bits: tuple[int, ...] = field(init=False, compare=False, repr=False)
    in_play_indices: tuple[int, ...] = field(init=False, compare=False, repr=False)
    automaton_index: int = field(init=False, compare=False, repr=False)
    build_costs: tuple[tuple[int, tuple[tuple[int, int], ...]], ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        bits = tuple(1 << ABILITIES.index(m.key) if m.key in ABILITIES else 0 for m in self.mechanisms)
        object.__setattr__(self, "ability_bits", bits)
        indices = tuple(i for i, m in enumerate(self.mechanisms) if m.key in self.in_play)
        object.__setattr__(self, "in_play_indices", indices)
        automaton = next((i for i, m in enumerate(self.mechanisms) if m.key == "automaton"), NO_MECHANISM)
        object.__setattr__(self, "automaton_index", automaton)
        costs = tuple(
            (
                i,
                ((-1, m.param("min_cards", 5)),)
                if i == automaton
                else tuple((c, n) for c, n in enumerate(m.cost) if n),
            )
            for i, m in enumerate(self.mechanisms)
            if i in indices
        )
        object.__setattr__(self, "build_costs", costs)

    @staticmethod
    def standard() -> Rules:
        return _standard_rules()

    @classmethod
    def from_toml(cls, components: str | Path | None = None, mechanisms: str | Path | None = None) -> Rules:
        """Load a variant: copies of ``data/components.toml`` and ``data/mechanisms.toml``, validated."""
        comp_path = Path(components) if components else DATA_DIR / "components.toml"
        mech_path = Path(mechanisms) if mechanisms else DATA_DIR / "mechanisms.toml"
        return _rules_from_data(
            DataReader(comp_path.name, load_toml(comp_path)), DataReader(mech_path.name, load_toml(mech_path))
        )

    def with_mechanisms(self, keys: Sequence[str]) -> Rules:
        """The same game with another choice of mechanisms ("Choosing Mechanisms")."""
        from dataclasses import replace

        rules = replace(self, in_play=tuple(keys))
        rules.validate()
        return rules

    def validate(self) -> None:
        known = {m.key for m in self.mechanisms}
        for key in self.in_play:
            if key not in known:
                raise RulesDataError(f"rules: in_play names {key!r}, which is not a mechanism")
        if len(self.mechanisms) > len(BUILD):
            raise RulesDataError(f"rules: at most {len(BUILD)} mechanism blueprints, not {len(self.mechanisms)}")
        if len(set(self.in_play)) != len(self.in_play):
            raise RulesDataError("rules: in_play names a mechanism twice")
        if len(self.components) != NUM_TYPES or len(self.copies) != NUM_TYPES:
            raise RulesDataError(f"rules: components must list {NUM_TYPES} types (one per Order Line space)")
        if not self.value_min <= self.starting_value <= self.value_max:
            raise RulesDataError("rules: starting_value must lie on the value track")
        if self.order_line_rise + self.order_line_fall > NUM_TYPES:
            raise RulesDataError("rules: order_line_rise + order_line_fall exceed the Order Line")
        if self.min_set_size < 1 or self.market_size < 1 or self.hand_size < 0 or self.starting_cogs < 0:
            raise RulesDataError("rules: set size and market size must be positive, hands and cogs not negative")

    def mechanism(self, key: str) -> Mechanism:
        for mechanism in self.mechanisms:
            if mechanism.key == key:
                return mechanism
        raise InvalidActionError(f"no mechanism {key!r} in these rules")

    def to_dict(self) -> dict[str, Json]:
        return {
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
                }
                for m in self.mechanisms
            ],
            "in_play": list(self.in_play),
            "starting_cogs": self.starting_cogs,
            "scrap_per_player": self.scrap_per_player,
            "hand_size": self.hand_size,
            "market_size": self.market_size,
            "starting_value": self.starting_value,
            "value_min": self.value_min,
            "value_max": self.value_max,
            "min_set_size": self.min_set_size,
            "order_line_rise": self.order_line_rise,
            "order_line_fall": self.order_line_fall,
            "first_player": self.first_player,
            "source": self.source,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        try:
            mechanisms = tuple(
                Mechanism(
                    key=m["key"],
                    name=m["name"],
                    lever=m["lever"],
                    ability=m["ability"],
                    cost=tuple(m["cost"]),
                    params=tuple((str(k), int(v)) for k, v in m["params"]),
                )
                for m in data["mechanisms"]
            )
            values = {k: v for k, v in data.items() if k not in ("components", "copies", "mechanisms", "in_play")}
            rules = cls(
                components=tuple(data["components"]),
                copies=tuple(data["copies"]),
                mechanisms=mechanisms,
                in_play=tuple(data["in_play"]),
                **values,
            )
        except (KeyError, TypeError) as exc:
            raise RulesDataError(f"rules dict: missing or malformed {exc}") from exc
        rules.validate()
        return rules


def _rules_from_data(comp: DataReader, mech: DataReader) -> Rules:
    rows = comp.items("components")
    if len(rows) != NUM_TYPES:
        raise comp.fail("components", f"must list {NUM_TYPES} component types, one per Order Line space")
    names = tuple(row.get("name", str) for row in rows)
    if len(set(names)) != NUM_TYPES:
        raise comp.fail("components", "names must be distinct")
    copies = tuple(row.int_in("count", 3, 40) for row in rows)
    track = comp.child("value_track")
    value_min = track.int_in("min", 0, 50)
    value_max = track.int_in("max", value_min + 1, 99)
    mechanisms = []
    for row in mech.items("mechanisms"):
        cost_table = row.get("cost", dict)
        cost = [0] * NUM_TYPES
        for name, count in cost_table.items():
            if name not in names:
                raise row.fail(f"cost.{name}", "is not a component type of components.toml")
            if not isinstance(count, int) or count < 1:
                raise row.fail(f"cost.{name}", "must be a positive whole number")
            cost[names.index(name)] = count
        key = row.get("key", str)
        if key != "automaton" and sum(cost) == 0:
            raise row.fail("cost", "must name at least one component")
        params = tuple(
            (name, row.get(name, int))
            for name in (
                "peek",
                "bonus_per_card",
                "discount",
                "rise",
                "min_cards",
                "cogs_per_card",
                "min_set_size",
            )
            if name in row.data
        )
        mechanisms.append(
            Mechanism(key, row.get("name", str), row.get("lever", str), row.get("ability", str), tuple(cost), params)
        )
    keys = [m.key for m in mechanisms]
    if len(set(keys)) != len(keys):
        raise mech.fail("mechanisms", "keys must be distinct")
    unknown = set(keys) - set(ABILITIES)
    if unknown:
        raise mech.fail("mechanisms", f"{sorted(unknown)} have no ability implemented in rules.py")
    starter = tuple(str(k) for k in mech.get("starter", list))
    rules = Rules(
        components=names,
        copies=copies,
        mechanisms=tuple(mechanisms),
        in_play=starter,
        starting_cogs=comp.int_in("starting_cogs", 0, 1000),
        scrap_per_player=comp.int_in("scrap_per_player", 0, 2),
        hand_size=comp.int_in("hand_size", 0, 10),
        market_size=comp.int_in("market_size", 1, 20),
        starting_value=comp.int_in("starting_value", value_min, value_max),
        value_min=value_min,
        value_max=value_max,
        min_set_size=comp.int_in("min_set_size", 1, 8),
        order_line_rise=comp.int_in("order_line_rise", 0, NUM_TYPES),
        order_line_fall=comp.int_in("order_line_fall", 0, NUM_TYPES),
        source=f"{comp.source} + {mech.source}",
    )
    try:
        rules.validate()
    except RulesDataError as exc:
        raise RulesDataError(f"{mech.source}: {exc}") from exc
    return rules


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

ABILITY_BIT = {key: 1 << index for index, key in enumerate(ABILITIES)}
_STANDARD: list[Rules] = []


def _standard_rules() -> Rules:
    if not _STANDARD:
        _STANDARD.append(Rules.from_toml())
    return _STANDARD[0]


# --- actions ------------------------------------------------------------------------------------------


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
    """Optional action: lay the blueprint's components from hand and build ``mechanism`` (an index)."""

    mechanism: int

    def __str__(self) -> str:
        return f"build mechanism {self.mechanism}"


@dataclass(frozen=True, slots=True)
class BreakDown(MnmAction):
    """Optional action: return a mechanism built on an earlier turn to hand."""

    mechanism: int

    def __str__(self) -> str:
        return f"break down mechanism {self.mechanism}"


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


def action_from_dict(data: Mapping[str, Json]) -> Action:
    return _CODEC.from_dict(data)


def describe(action: Action, rules: Rules | None = None) -> str:
    """The action in words with component and mechanism names: "buy Lens", "build X-Ray Goggles"."""
    rules = rules or Rules.standard()
    names = rules.components
    if isinstance(action, Buy):
        return f"buy {names[action.component]}" + (" (token stays)" if action.hold_token else "")
    if isinstance(action, Claw):
        return f"claw {names[action.component]} to the bottom of the deck"
    if isinstance(action, Build):
        return f"build {rules.mechanisms[action.mechanism].name}"
    if isinstance(action, BreakDown):
        return f"break down {rules.mechanisms[action.mechanism].name}"
    if isinstance(action, SellSet):
        extra = f" + {action.scrap} Scrap" if action.scrap else ""
        return f"sell {action.cards} {names[action.component]}{extra}"
    return str(action)


# --- events -------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Purchased(Event):
    seat: int
    component: str
    price: int
    token_moved: bool

    def __str__(self) -> str:
        moved = "to the front of the Order Line" if self.token_moved else "token stays"
        return f"Seat {self.seat} buys {self.component} for {self.price} cogs ({moved})"


@dataclass(frozen=True, slots=True)
class Passed(Event):
    seat: int

    def __str__(self) -> str:
        return f"Seat {self.seat} passes"


@dataclass(frozen=True, slots=True)
class MechanismBuilt(Event):
    seat: int
    mechanism: str
    cards: int

    def __str__(self) -> str:
        return f"Seat {self.seat} builds the {self.mechanism} from {self.cards} cards"


@dataclass(frozen=True, slots=True)
class MechanismBrokenDown(Event):
    seat: int
    mechanism: str

    def __str__(self) -> str:
        return f"Seat {self.seat} breaks down the {self.mechanism}"


@dataclass(frozen=True, slots=True)
class MarketClawed(Event):
    seat: int
    sent: str
    drawn: str

    def __str__(self) -> str:
        return f"Seat {self.seat} claws {self.sent} under the deck; {self.drawn} takes its place"


@dataclass(frozen=True, slots=True)
class ValueRaisedOnPurchase(Event):
    seat: int
    component: str
    old: int
    new: int

    def __str__(self) -> str:
        return f"Aether Drive: {self.component} {self.old} -> {self.new}"


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    round: int
    reason: str
    purchases: int

    def __str__(self) -> str:
        return f"Round {self.round} ends: {self.reason} ({self.purchases} purchases)"


@dataclass(frozen=True, slots=True)
class ValueAdjusted(Event):
    round: int
    component: str
    position: int
    old: int
    new: int

    @property
    def change(self) -> int:
        return self.new - self.old

    def __str__(self) -> str:
        sign = f"{self.new - self.old:+d}" if self.new != self.old else "±0"
        return f"Round {self.round}: {self.component} {sign} ({self.old} -> {self.new}), place {self.position + 1}"


@dataclass(frozen=True, slots=True)
class SetSold(Event):
    seat: int
    component: str
    cards: int
    scrap: int
    value: int
    cogs: int

    def __str__(self) -> str:
        extra = f" + {self.scrap} Scrap" if self.scrap else ""
        return f"Seat {self.seat} sells {self.cards} {self.component}{extra} at {self.value} for {self.cogs} cogs"


@dataclass(frozen=True, slots=True)
class Restocked(Event):
    round: int
    cards: int
    deck_left: int

    def __str__(self) -> str:
        return f"Round {self.round}: {self.cards} cards restock the market ({self.deck_left} left in the deck)"


@dataclass(frozen=True, slots=True)
class FirstPlayerPassed(Event):
    seat: int

    def __str__(self) -> str:
        return f"The First Player Marker passes to seat {self.seat}"


@dataclass(frozen=True, slots=True)
class AutomatonPaid(Event):
    seat: int
    cogs: int

    def __str__(self) -> str:
        return f"Seat {self.seat}'s Automaton is worth {self.cogs} cogs"


@dataclass(frozen=True, slots=True)
class CompetitionEnded(Event):
    reason: str
    winner: int

    def __str__(self) -> str:
        return f"The competition ends ({self.reason}); seat {self.winner} wins"


# --- rule functions -----------------------------------------------------------------------------------


def move_to_front(order: tuple[int, ...], component: int) -> tuple[int, ...]:
    """Purchasing: "move its corresponding Component Token to the front of the Order Line.
    If the token ... is already at the front of the line, it does not move." """
    if order[0] == component:
        return order
    return (component, *(c for c in order if c != component))


def adjust_values(
    values: tuple[int, ...],
    order: tuple[int, ...],
    *,
    rise: int = 3,
    fall: int = 3,
    low: int = 1,
    high: int = 10,
    final: bool = False,
    bought: frozenset[int] | None = None,
    fourth_rises: bool = False,
) -> tuple[int, ...]:
    """Adjust Values: "Decrease the value of the last three components in the Order Line by 1 cog. Increase
    the value of the first three ... by 1 cog ... the fourth ... will not change."

    Final adjustment: "components can only increase in value if they were bought during the last round."
    Values stay on the track [low, high]. The token order does not change ("maintaining the order").
    """
    new = list(values)
    size = len(order)
    raised = rise + (1 if fourth_rises and rise < size - fall else 0)
    for place, component in enumerate(order):
        if place < raised:
            if final and (bought is None or component not in bought):
                continue
            new[component] = min(high, new[component] + 1)
        elif place >= size - fall:
            new[component] = max(low, new[component] - 1)
    return tuple(new)


def set_value(cards: int, value: int, bonus_per_card: int = 0) -> int:
    """Sell Sets: "sell any number of sets of components for their combined value"; Scrap is worth zero,
    so only the component cards count (Difference Engine adds its bonus per card)."""
    return cards * (value + bonus_per_card)


def is_set(cards: int, scrap: int, min_size: int = 3) -> bool:
    """ "A set is defined as 3 or more of a component type. A single Scrap Metal card may be used to replace
    1 other card in a set ... You may use both of your scrap as part of the same set." Ruling: a set needs
    at least one component card."""
    return cards >= 1 and scrap >= 0 and cards + scrap >= min_size


def tie_break_order(cogs: Sequence[int], components_in_hand: Sequence[int], last_first_player: int) -> list[int]:
    """Competition Ends: most cogs; "If there is a tie, the contestant with the fewest remaining
    components in hand wins. If there is still a tie, the contestant closest to the first player of the
    last round (in a clockwise fashion) is the winner." Returns seats from winner to last."""
    n = len(cogs)
    return sorted(range(n), key=lambda s: (-cogs[s], components_in_hand[s], (s - last_first_player) % n))


# --- state --------------------------------------------------------------------------------------------


class Built(NamedTuple):
    """A mechanism on the table: which one, the cards in it (per type) and the round and turn it was built."""

    mechanism: int
    cards: tuple[int, ...]


class State(NamedTuple):
    """An immutable snapshot of the competition. Hands are card counts per component type."""

    rules: Rules
    num_players: int
    round: int
    phase: int
    current: int
    first_player: int
    cogs: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    scrap: tuple[int, ...]
    built: tuple[tuple[Built, ...], ...]
    deck: tuple[int, ...]
    market: tuple[int, ...]
    discard: int
    values: tuple[int, ...]
    order: tuple[int, ...]
    primary_done: bool = False
    built_this_turn: int = NO_MECHANISM
    broke_this_turn: int = NO_MECHANISM
    clawed_this_turn: bool = False
    passes_in_row: int = 0
    purchases_this_round: int = 0
    bought_mask: int = 0
    rounds_without_purchase: int = 0
    sellers_done: int = 0
    final_round: bool = False
    end_reason: str = ""

    def _with(self, **changes: Any) -> State:
        """A copy with some fields changed: ``_replace`` without its per-field generator (the hot path)."""
        values = list(self)
        for name, value in changes.items():
            values[_FIELD_INDEX[name]] = value
        return tuple.__new__(State, values)

    # -- protocol ---------------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.current

    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    def chance_outcomes(self) -> tuple[tuple[Action, float], ...]:
        return ()

    def scores(self) -> tuple[int, ...]:
        return self.cogs

    def winners(self) -> tuple[int, ...]:
        """The winner after the rulebook's tie breaks (one seat); during play, the current leader."""
        return (tie_break_order(self.cogs, [sum(h) for h in self.hands], self.first_player)[0],)

    def ranking(self) -> list[int]:
        return tie_break_order(self.cogs, [sum(h) for h in self.hands], self.first_player)

    # -- reading helpers ---------------------------------------------------------------------------------
    def ability_mask(self, seat: int) -> int:
        """A bit per ability (``ABILITY_BIT``) that ``seat`` has built: the hot path's look-up."""
        mask = 0
        bits = self.rules.ability_bits
        for b in self.built[seat]:
            mask |= bits[b.mechanism]
        return mask

    def has_built(self, seat: int, key: str) -> bool:
        return bool(self.ability_mask(seat) & ABILITY_BIT[key])

    def ability_param(self, seat: int, key: str, name: str) -> int:
        """The parameter of an ability if ``seat`` has that mechanism built, else 0."""
        if not self.built[seat]:
            return 0
        for b in self.built[seat]:
            mechanism = self.rules.mechanisms[b.mechanism]
            if mechanism.key == key:
                return mechanism.param(name, 1)
        return 0

    def price(self, seat: int, component: int) -> int:
        """What ``seat`` pays for ``component`` now: its value, less Rocket Booster's discount."""
        return max(0, self.values[component] - self.ability_param(seat, "rocket_booster", "discount"))

    def min_set_size(self, seat: int) -> int:
        furnace = self.ability_param(seat, "smelting_furnace", "min_set_size")
        return min(self.rules.min_set_size, furnace) if furnace else self.rules.min_set_size

    def market_counts(self) -> tuple[int, ...]:
        counts = [0] * NUM_TYPES
        for card in self.market:
            counts[card] += 1
        return tuple(counts)

    # -- legality ------------------------------------------------------------------------------------------
    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action now: the one definition of legality (``apply`` checks against it)."""
        cached = _LEGAL_CACHE[0]
        if cached is not None and cached[0] is self:
            return cached[1]
        if self.phase == PLAY:
            actions = tuple(self._play_actions())
        elif self.phase == SELL:
            actions = tuple(self._sell_actions())
        else:
            actions = ()
        _LEGAL_CACHE[0] = (self, actions)
        return actions

    def _play_actions(self) -> list[Action]:
        seat = self.current
        actions: list[Action] = []
        if not self.primary_done:
            if self.built[seat]:
                cogs = self.cogs[seat] + self.ability_param(seat, "rocket_booster", "discount")
                governor = self.has_built(seat, "governor")
            else:
                cogs, governor = self.cogs[seat], False
            values = self.values
            seen = 0
            for card in self.market:
                bit = 1 << card
                if seen & bit:
                    continue
                seen |= bit
                if values[card] <= cogs:
                    actions.append(BUY[card])
                    if governor:
                        actions.append(BUY_HOLD[card])
            actions.append(PASS)
        actions.extend(self._optional_actions())
        if self.primary_done:
            actions.append(END_TURN)
        return actions

    def _optional_actions(self) -> list[Action]:
        seat = self.current
        actions: list[Action] = []
        built = self.built[seat]
        rules = self.rules
        automaton = rules.automaton_index
        if self.built_this_turn == NO_MECHANISM and len(built) < MARKERS_PER_PLAYER:
            hand = self.hands[seat]
            has_regular = False
            taken = 0
            for b in built:
                taken |= 1 << b.mechanism
                if b.mechanism != automaton:
                    has_regular = True
            if self.broke_this_turn != NO_MECHANISM:
                taken |= 1 << self.broke_this_turn
            for index, needs in rules.build_costs:
                if taken >> index & 1:
                    continue
                if index == automaton:
                    if sum(hand) >= needs[0][1]:
                        actions.append(BUILD[index])
                elif not has_regular:
                    for component, count in needs:
                        if hand[component] < count:
                            break
                    else:
                        actions.append(BUILD[index])
        if not built:
            return actions
        if self.broke_this_turn == NO_MECHANISM:
            for b in built:
                if b.mechanism != self.built_this_turn and b.mechanism != automaton:
                    actions.append(BreakDown(b.mechanism))
        if not self.clawed_this_turn and self.deck and self.market and self.has_built(seat, "pneumatic_claw"):
            seen = 0
            for card in self.market:
                if not seen & (1 << card):
                    seen |= 1 << card
                    actions.append(CLAW[card])
        return actions

    def _sell_actions(self) -> list[Action]:
        seat = self.current
        hand = self.hands[seat]
        scrap = self.scrap[seat]
        least = self.min_set_size(seat)
        actions: list[Action] = []
        for component in range(NUM_TYPES):
            held = hand[component]
            for cards in range(1, held + 1):
                for used in range(0, scrap + 1):
                    if cards + used >= least:
                        actions.append(SellSet(component, cards, used))
        actions.append(DONE_SELLING)
        return actions

    def why_illegal(self, action: Action) -> str | None:
        """The rule ``action`` breaks now, in words, or ``None`` when it is legal."""
        self._check_well_formed(action)
        if self.phase == OVER:
            return "the competition is over"
        if action in self.legal_actions():
            return None
        return self._explain(action)

    def _explain(self, action: Action) -> str:
        seat = self.current
        rules = self.rules
        if self.phase == SELL and not isinstance(action, SellSet | DoneSelling):
            return (
                "You can build and break down mechanisms only on your turn during a round, never between rounds"
                if isinstance(action, Build | BreakDown)
                else "it is the Sell Sets step"
            )
        if self.phase == PLAY and isinstance(action, SellSet | DoneSelling):
            return "sets are sold only at the round's end (Round Ends, step 2)"
        if isinstance(action, Buy | Pass) and self.primary_done:
            return "you must take a Primary Action, once: you already purchased or passed this turn"
        if isinstance(action, Buy):
            if not 0 <= action.component < NUM_TYPES or action.component not in self.market:
                return "select a component card from the market: there is none of that component in the market"
            if action.hold_token and not self.has_built(seat, "governor"):
                return "only the Governor lets a token stay: the token must move to the front of the Order Line"
            price = self.price(seat, action.component)
            return f"You may not go into debt: the card costs {price} cogs and you have {self.cogs[seat]}"
        if isinstance(action, Build):
            return self._explain_build(action)
        if isinstance(action, BreakDown):
            if not 0 <= action.mechanism < len(rules.mechanisms):
                return "no such mechanism"
            if rules.mechanisms[action.mechanism].key == "automaton":
                return "the Automaton can't be broken down once it is built"
            if self.broke_this_turn != NO_MECHANISM:
                return "You may break down a mechanism once on a turn"
            if action.mechanism == self.built_this_turn:
                return "You may not build and break down the same mechanism on the same turn"
            return "you can break down only a mechanism you have built"
        if isinstance(action, Claw):
            if not self.has_built(seat, "pneumatic_claw"):
                return "only the Pneumatic Claw sends a market card under the deck"
            if self.clawed_this_turn:
                return "the Pneumatic Claw works once per turn"
            if not self.deck:
                return "the Pneumatic Claw needs a card in the deck to take the sent card's place"
            return "there is no such card in the market"
        if isinstance(action, EndTurn):
            return "you must take a Primary Action (purchase or pass) before your turn ends"
        if isinstance(action, SellSet):
            least = self.min_set_size(seat)
            if not 0 <= action.component < NUM_TYPES:
                return "no such component"
            if action.cards > self.hands[seat][action.component] or action.cards < 0:
                return f"you hold {self.hands[seat][action.component]} {rules.components[action.component]}"
            if action.scrap > self.scrap[seat] or action.scrap < 0:
                return f"you hold {self.scrap[seat]} Scrap Metal"
            if action.cards < 1:
                return "a set is of a component type: it needs at least one component card (Scrap only fills in)"
            return f"A set is defined as {least} or more of a component type (Scrap may replace cards)"
        return "that action is not legal now"

    def _explain_build(self, action: Build) -> str:
        rules = self.rules
        seat = self.current
        if not 0 <= action.mechanism < len(rules.mechanisms):
            return "no such mechanism"
        mechanism = rules.mechanisms[action.mechanism]
        if mechanism.key not in rules.in_play:
            return "Only mechanisms made available during Set Up may be built"
        if self.built_this_turn != NO_MECHANISM:
            return "You may build a mechanism once on a turn"
        if action.mechanism == self.broke_this_turn:
            return "You may not build and break down the same mechanism on the same turn"
        if any(b.mechanism == action.mechanism for b in self.built[seat]):
            return f"you already have the {mechanism.name} built"
        if len(self.built[seat]) >= MARKERS_PER_PLAYER:
            return "you have no player marker left to place on a mechanism"
        if mechanism.key == "automaton":
            need = mechanism.param("min_cards", 5)
            return f"the Automaton takes every component card in your hand, at least {need} (Scrap cannot be used)"
        if any(rules.mechanisms[b.mechanism].key != "automaton" for b in self.built[seat]):
            return "You can only have one mechanism built at a time"
        return (
            f"the {mechanism.name} needs {cost_text(rules, mechanism.cost)} from your hand; "
            "Scrap cannot be used as a substitute for other components"
        )

    # -- transitions -----------------------------------------------------------------------------------------
    def _check_well_formed(self, action: Action) -> None:
        """Raise ``InvalidActionError`` for another game's action or one naming no component or mechanism."""
        if not isinstance(action, MnmAction):
            raise InvalidActionError(f"{action!r} is not a Mars Needs Mechanics action")
        if isinstance(action, Buy | Claw | SellSet):
            index, limit, what = action.component, NUM_TYPES, "component"
        elif isinstance(action, Build | BreakDown):
            index, limit, what = action.mechanism, len(self.rules.mechanisms), "mechanism"
        else:
            return
        if type(index) is not int or not 0 <= index < limit:
            raise InvalidActionError(f"{action!r}: there is no {what} {index!r} in this game")
        if isinstance(action, SellSet) and not (
            type(action.cards) is int and type(action.scrap) is int and action.cards >= 0 and action.scrap >= 0
        ):
            raise InvalidActionError(f"{action!r}: card and Scrap counts must be whole numbers, not negative")

    def apply(self, action: Action) -> tuple[State, tuple[Event, ...]]:
        legal = self.legal_actions()
        for candidate in legal:  # agents pick from ``legal``: an identity hit is the common case
            if candidate is action:
                break
        else:
            if action not in legal:
                self._check_well_formed(action)
                if self.phase == OVER:
                    raise IllegalActionError(f"{action}: the competition is over")
                raise IllegalActionError(
                    f"seat {self.current} cannot {describe(action, self.rules)}: {self._explain(action)}"
                )
        kind = type(action)
        if kind is Buy:
            return self._buy(action)  # type: ignore[arg-type]
        if kind is Pass:
            state = self._with(primary_done=True, passes_in_row=self.passes_in_row + 1)
            return state._maybe_end_turn((Passed(self.current),))
        if kind is EndTurn:
            return self._end_turn(())
        if kind is SellSet:
            return self._sell(action)  # type: ignore[arg-type]
        if kind is Build:
            return self._build(action.mechanism)  # type: ignore[attr-defined]
        if kind is BreakDown:
            return self._break_down(action.mechanism)  # type: ignore[attr-defined]
        if kind is Claw:
            return self._claw(action.component)  # type: ignore[attr-defined]
        return self._next_seller(())

    def _buy(self, action: Buy) -> tuple[State, tuple[Event, ...]]:
        seat = self.current
        component = action.component
        price = self.price(seat, component)
        market = list(self.market)
        market.remove(component)
        hand = list(self.hands[seat])
        hand[component] += 1
        order = self.order if action.hold_token else move_to_front(self.order, component)
        values = self.values
        events: list[Event] = [Purchased(seat, self.rules.components[component], price, not action.hold_token)]
        rise = self.ability_param(seat, "aether_drive", "rise")
        if rise:
            old = values[component]
            new = min(self.rules.value_max, old + rise)
            values = (*values[:component], new, *values[component + 1 :])
            events.append(ValueRaisedOnPurchase(seat, self.rules.components[component], old, new))
        state = self._with(
            cogs=_set(self.cogs, seat, self.cogs[seat] - price),
            hands=_set(self.hands, seat, tuple(hand)),
            market=tuple(market),
            order=order,
            values=values,
            primary_done=True,
            passes_in_row=0,
            purchases_this_round=self.purchases_this_round + 1,
            bought_mask=self.bought_mask | (1 << component),
        )
        return state._maybe_end_turn(tuple(events))

    def _build(self, index: int) -> tuple[State, tuple[Event, ...]]:
        seat = self.current
        mechanism = self.rules.mechanisms[index]
        hand = self.hands[seat]
        cards = hand if mechanism.key == "automaton" else mechanism.cost
        new_hand = tuple(h - c for h, c in zip(hand, cards, strict=True))
        state = self._with(
            hands=_set(self.hands, seat, new_hand),
            built=_set(self.built, seat, (*self.built[seat], Built(index, tuple(cards)))),
            built_this_turn=index,
        )
        return state._maybe_end_turn((MechanismBuilt(seat, mechanism.name, sum(cards)),))

    def _break_down(self, index: int) -> tuple[State, tuple[Event, ...]]:
        seat = self.current
        kept = tuple(b for b in self.built[seat] if b.mechanism != index)
        removed = next(b for b in self.built[seat] if b.mechanism == index)
        hand = tuple(h + c for h, c in zip(self.hands[seat], removed.cards, strict=True))
        state = self._with(
            hands=_set(self.hands, seat, hand), built=_set(self.built, seat, kept), broke_this_turn=index
        )
        return state._maybe_end_turn((MechanismBrokenDown(seat, self.rules.mechanisms[index].name),))

    def _claw(self, component: int) -> tuple[State, tuple[Event, ...]]:
        market = list(self.market)
        place = market.index(component)
        drawn = self.deck[0]
        market[place] = drawn
        state = self._with(market=tuple(market), deck=(*self.deck[1:], component), clawed_this_turn=True)
        names = self.rules.components
        return state._maybe_end_turn((MarketClawed(self.current, names[component], names[drawn]),))

    def _maybe_end_turn(self, events: tuple[Event, ...]) -> tuple[State, tuple[Event, ...]]:
        """Close the turn once the primary action is taken and no optional action remains."""
        if self.primary_done and not self._optional_actions():
            return self._end_turn(events)
        return self, events

    def _end_turn(self, events: tuple[Event, ...]) -> tuple[State, tuple[Event, ...]]:
        if not self.market or self.passes_in_row >= self.num_players:
            state = self._with(
                primary_done=False, built_this_turn=NO_MECHANISM, broke_this_turn=NO_MECHANISM, clawed_this_turn=False
            )
            if not self.market:
                return state._end_round(events, "all components in the market were purchased")
            return state._end_round(events, "all contestants passed in a row")
        state = self._with(
            current=(self.current + 1) % self.num_players,
            primary_done=False,
            built_this_turn=NO_MECHANISM,
            broke_this_turn=NO_MECHANISM,
            clawed_this_turn=False,
        )
        return state, events

    def _end_round(self, events: tuple[Event, ...], reason: str) -> tuple[State, tuple[Event, ...]]:
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
        end_reason = ""
        if final:
            end_reason = (
                "no component cards left in the deck to restock the market"
                if not self.deck
                else "no purchases for two consecutive rounds"
            )
        state = self._with(
            values=values,
            phase=SELL,
            sellers_done=0,
            current=self.first_player,
            final_round=final,
            end_reason=end_reason,
            passes_in_row=0,
        )
        return state._skip_sellers(tuple(out))

    def _can_sell(self, seat: int) -> bool:
        least = self.min_set_size(seat)
        scrap = self.scrap[seat]
        return any(h >= 1 and h + scrap >= least for h in self.hands[seat])

    def _skip_sellers(self, events: tuple[Event, ...]) -> tuple[State, tuple[Event, ...]]:
        state = self
        while state.sellers_done < state.num_players and not state._can_sell(state.current):
            state = state._with(sellers_done=state.sellers_done + 1, current=(state.current + 1) % state.num_players)
        if state.sellers_done >= state.num_players:
            return state._after_selling(events)
        return state, events

    def _sell(self, action: SellSet) -> tuple[State, tuple[Event, ...]]:
        seat = self.current
        value = self.values[action.component]
        bonus = self.ability_param(seat, "difference_engine", "bonus_per_card")
        earned = set_value(action.cards, value, bonus)
        hand = list(self.hands[seat])
        hand[action.component] -= action.cards
        state = self._with(
            hands=_set(self.hands, seat, tuple(hand)),
            scrap=_set(self.scrap, seat, self.scrap[seat] - action.scrap),
            cogs=_set(self.cogs, seat, self.cogs[seat] + earned),
            discard=self.discard + action.cards + action.scrap,
        )
        event = SetSold(seat, self.rules.components[action.component], action.cards, action.scrap, value, earned)
        if not state._can_sell(seat):
            return state._next_seller((event,))
        return state, (event,)

    def _next_seller(self, events: tuple[Event, ...]) -> tuple[State, tuple[Event, ...]]:
        state = self._with(sellers_done=self.sellers_done + 1, current=(self.current + 1) % self.num_players)
        if state.sellers_done >= state.num_players:
            return state._after_selling(events)
        return state._skip_sellers(events)

    def _after_selling(self, events: tuple[Event, ...]) -> tuple[State, tuple[Event, ...]]:
        out = list(events)
        if self.final_round:
            return self._finish(out)
        rules = self.rules
        take = max(0, rules.market_size - len(self.market))
        drawn, deck = self.deck[:take], self.deck[take:]
        out.append(Restocked(self.round, len(drawn), len(deck)))
        first = (self.first_player + 1) % self.num_players
        out.append(FirstPlayerPassed(first))
        without = self.rounds_without_purchase + 1 if self.purchases_this_round == 0 else 0
        state = self._with(
            market=self.market + drawn,
            deck=deck,
            first_player=first,
            current=first,
            round=self.round + 1,
            phase=PLAY,
            purchases_this_round=0,
            bought_mask=0,
            rounds_without_purchase=without,
            sellers_done=0,
        )
        return state, tuple(out)

    def _finish(self, out: list[Event]) -> tuple[State, tuple[Event, ...]]:
        cogs = list(self.cogs)
        for seat in range(self.num_players):
            for b in self.built[seat]:
                mechanism = self.rules.mechanisms[b.mechanism]
                if mechanism.key == "automaton":
                    paid = sum(b.cards) * mechanism.param("cogs_per_card", 3)
                    cogs[seat] += paid
                    out.append(AutomatonPaid(seat, paid))
        state = self._with(cogs=tuple(cogs), phase=OVER)
        out.append(CompetitionEnded(self.end_reason, state.winners()[0]))
        return state, tuple(out)

    # -- views ---------------------------------------------------------------------------------------------
    def observation(self, seat: int) -> dict[str, Json]:
        """What ``seat`` sees: everything public, its own hand; never other hands or the deck order."""
        rules = self.rules
        names = rules.components
        obs: dict[str, Json] = {
            "game": INFO.name,
            "seat": seat,
            "round": self.round,
            "phase": PHASE_NAMES[self.phase],
            "current_player": self.current_player,
            "first_player": self.first_player,
            "components": list(names),
            "values": list(self.values),
            "order_line": list(self.order),
            "market": list(self.market),
            "cogs": list(self.cogs),
            "hand": list(self.hands[seat]),
            "scrap": self.scrap[seat],
            "hand_sizes": [sum(h) + s for h, s in zip(self.hands, self.scrap, strict=True)],
            "built": [[rules.mechanisms[b.mechanism].key for b in built] for built in self.built],
            "mechanisms": [m.key for m in rules.mechanisms if m.key in rules.in_play],
            "deck_size": len(self.deck),
            "discard_size": self.discard,
            "passes_in_row": self.passes_in_row,
            "purchases_this_round": self.purchases_this_round,
            "bought_this_round": [c for c in range(NUM_TYPES) if self.bought_mask >> c & 1],
            "primary_done": self.primary_done,
            "min_set_size": self.min_set_size(seat),
            "prices": [self.price(seat, c) for c in range(NUM_TYPES)],
        }
        peek = self.ability_param(seat, "x_ray_goggles", "peek")
        if peek:
            obs["deck_top"] = list(self.deck[:peek])
        if self.has_built(seat, "analytical_almanac"):
            counts = [0] * NUM_TYPES
            for card in self.deck:
                counts[card] += 1
            obs["deck_counts"] = counts
        return obs

    def to_dict(self) -> dict[str, Json]:
        data: dict[str, Json] = {}
        for name, value in zip(self._fields, self, strict=True):
            if isinstance(value, Rules):
                data[name] = value.to_dict()
            elif name == "built":
                data[name] = [[[b.mechanism, list(b.cards)] for b in seat] for seat in self.built]
            elif isinstance(value, tuple):
                data[name] = [list(v) if isinstance(v, tuple) else v for v in value]
            else:
                data[name] = value
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> State:
        try:
            values: dict[str, Any] = {}
            for name in cls._fields:
                value = data[name]
                if name == "rules":
                    value = Rules.from_dict(value)
                elif name == "built":
                    value = tuple(tuple(Built(int(m), tuple(cards)) for m, cards in seat) for seat in value)
                elif isinstance(value, list):
                    value = tuple(tuple(v) if isinstance(v, list) else v for v in value)
                values[name] = value
        except KeyError as exc:
            raise InvalidActionError(f"state dict is missing {exc}") from exc
        return cls(**values)

    def __repr__(self) -> str:
        return (
            f"<mars_needs_mechanics State round={self.round} phase={PHASE_NAMES[self.phase]} "
            f"current={self.current_player} cogs={self.cogs}>"
        )


_FIELD_INDEX = {name: index for index, name in enumerate(State._fields)}


def _set(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


def cost_text(rules: Rules, cost: Sequence[int]) -> str:
    parts = [f"{count} {rules.components[c]}" for c, count in enumerate(cost) if count]
    return ", ".join(parts) if parts else "every component card in your hand"


# The last state asked for its legal actions, with them: ``apply`` right after ``legal_actions`` (what every
# agent loop does) then costs no second generation. Holding the state itself makes the identity check safe.
_LEGAL_CACHE: list[tuple[State, tuple[Action, ...]] | None] = [None]

BUY = tuple(Buy(c) for c in range(NUM_TYPES))
BUY_HOLD = tuple(Buy(c, True) for c in range(NUM_TYPES))
CLAW = tuple(Claw(c) for c in range(NUM_TYPES))
BUILD = tuple(Build(m) for m in range(32))


# --- new game -----------------------------------------------------------------------------------------


def new_game(players: int, *, seed: int, rules: Rules | None = None) -> State:
    """Set Up: 2 Scrap and 30 cogs each, tokens in random order, values at 5, 3 secret cards each, a
    market of 8 and a first player. Every random choice comes from ``seed``."""
    rules = rules or Rules.standard()
    if not INFO.min_players <= players <= INFO.max_players:
        raise InvalidActionError(f"Mars Needs Mechanics is for {INFO.min_players}-{INFO.max_players} contestants")
    rng = random.Random(seed)
    deck = [c for c in range(NUM_TYPES) for _ in range(rules.copies[c])]
    rng.shuffle(deck)
    order = list(range(NUM_TYPES))
    rng.shuffle(order)
    hands = []
    for _ in range(players):
        hand = [0] * NUM_TYPES
        for card in deck[: rules.hand_size]:
            hand[card] += 1
        del deck[: rules.hand_size]
        hands.append(tuple(hand))
    market = tuple(deck[: rules.market_size])
    del deck[: rules.market_size]
    first = rules.first_player if rules.first_player is not None else rng.randrange(players)
    if not 0 <= first < players:
        raise RulesDataError(f"rules: first_player {first} is not a seat of a {players}-player game")
    return State(
        rules=rules,
        num_players=players,
        round=1,
        phase=PLAY,
        current=first,
        first_player=first,
        cogs=(rules.starting_cogs,) * players,
        hands=tuple(hands),
        scrap=(rules.scrap_per_player,) * players,
        built=((),) * players,
        deck=tuple(deck),
        market=market,
        discard=0,
        values=(rules.starting_value,) * NUM_TYPES,
        order=tuple(order),
    )


# --- the module protocol (``playbook.core.protocol.GameModule``) -----------------------------------------------


def state_from_dict(data: Mapping[str, Json]) -> State:
    return State.from_dict(data)


def rules_from_dict(data: Mapping[str, Json]) -> Rules:
    return Rules.from_dict(data)


def rules_from_toml(components: str | Path, mechanisms: str | Path | None = None) -> Rules:
    """A variant from a copy of ``data/components.toml`` (and optionally of ``data/mechanisms.toml``)."""
    return Rules.from_toml(components, mechanisms)
