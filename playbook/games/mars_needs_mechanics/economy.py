"""Teaching helpers for Mars Needs Mechanics: small pure functions a notebook calls, and the frames charts draw.

They answer the questions a lesson on order-line pricing asks: if these components are bought in this
order, where does every value go? What is a set worth? How many of a type are still unseen, and what are the
odds of completing a set from them? And, from a played match, how did values and cogs move, and where did
the money come from and go (``money_flows``)? Frame builders read only event fields.

For the strategy lab: ``metrics(state)``, numbers measured at a game's end (tournaments add them as ``kpi_*``
columns), and ``economy_frame(match)``, one row per round and seat with the seat's score (its cogs).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING, Any

from .components import NUM_TYPES, EndReason, Rules
from .rulebook import adjust_values, move_to_front, set_value

if TYPE_CHECKING:
    import pandas as pd

    from playbook.core.match import Match


@dataclass(frozen=True, slots=True)
class RoundOutcome:
    """What one round's purchases do to the Order Line and to every value."""

    order_before: tuple[str, ...]
    order_after: tuple[str, ...]
    values_before: dict[str, int]
    values_after: dict[str, int]

    @property
    def changes(self) -> dict[str, int]:
        return {name: self.values_after[name] - self.values_before[name] for name in self.values_before}


def _index(rules: Rules, component: str | int) -> int:
    if isinstance(component, int):
        return component
    return rules.components.index(component)


def round_outcome(
    purchases: Sequence[str | int],
    *,
    order: Sequence[str | int] | None = None,
    values: Mapping[str, int] | Sequence[int] | None = None,
    final: bool = False,
    rules: Rules | None = None,
) -> RoundOutcome:
    """Play a round's purchase order through the Order Line and Adjust Values.

    ``purchases`` lists component names in the order they were bought; ``order`` is the Order Line at the
    round's start (front first; default: the data file's order); ``values`` the values then (default: all
    at the starting value). The same functions the engine uses do the work, so the lesson and the game
    cannot disagree.
    """
    rules = rules or Rules.standard()
    line = tuple(_index(rules, c) for c in (order if order is not None else range(NUM_TYPES)))
    if values is None:
        start = (rules.starting_value,) * NUM_TYPES
    elif isinstance(values, Mapping):
        start = tuple(values[name] for name in rules.components)
    else:
        start = tuple(values)
    after = line
    bought = set()
    for component in purchases:
        index = _index(rules, component)
        after = move_to_front(after, index)
        bought.add(index)
    new = adjust_values(
        start,
        after,
        rise=rules.order_line_rise,
        fall=rules.order_line_fall,
        low=rules.value_min,
        high=rules.value_max,
        final=final,
        bought=frozenset(bought),
    )
    names = rules.components
    return RoundOutcome(
        order_before=tuple(names[c] for c in line),
        order_after=tuple(names[c] for c in after),
        values_before={names[c]: start[c] for c in range(NUM_TYPES)},
        values_after={names[c]: new[c] for c in range(NUM_TYPES)},
    )


def sale_value(cards: int, value: int, scrap: int = 0, *, difference_engine: bool = False) -> int:
    """What a set fetches: the cards' combined value; Scrap fills the set but is worth nothing."""
    return set_value(cards, value, 1 if difference_engine else 0)


def unseen_counts(observation: Mapping[str, Any], rules: Rules | None = None) -> dict[str, int]:
    """Cards of each type a seat has not seen: not in the market, its hand or any built mechanism.

    They are in the deck, in other hands or in the discard pile: the uncertainty the designer's tip
    "pay attention to the components that come out" is about. Cards in built mechanisms lie face up on
    the table (``observation["built_cards"]``), so they are seen.
    """
    rules = rules or Rules.standard()
    seen = [0] * NUM_TYPES
    for card in observation["market"]:
        seen[card] += 1
    for component, count in enumerate(observation["hand"]):
        seen[component] += count
    for cards in observation.get("built_cards", ()):
        for component, count in enumerate(cards):
            seen[component] += count
    return {name: rules.copies[c] - seen[c] for c, name in enumerate(rules.components)}


def chance_to_draw(unseen: int, hidden: int, draws: int, needed: int) -> float:
    """The chance that ``draws`` cards taken blind from ``hidden`` unseen cards hold ``needed`` or more of
    a type with ``unseen`` copies among them (the hypergeometric tail).

    The lesson's question "can I still complete this set?": a seat holding 2 Lens with 5 Lens unseen among
    30 hidden cards, and a market restock of 8 to come, needs 1 more.

    A set that needs more cards than the restock draws, or than are unseen, cannot be completed: its chance is
    0, for any number of draws a lesson lets a student choose (one card included).

    >>> round(chance_to_draw(5, 30, 8, 1), 3)
    0.815
    >>> chance_to_draw(0, 30, 8, 1), chance_to_draw(5, 30, 8, 0), chance_to_draw(5, 30, 1, 3)
    (0.0, 1.0, 0.0)
    """
    if needed <= 0:
        return 1.0
    draws = min(draws, hidden)
    if needed > min(draws, unseen):
        return 0.0
    total = comb(hidden, draws)
    miss = sum(comb(unseen, k) * comb(hidden - unseen, draws - k) for k in range(needed))
    return float(1 - Fraction(miss, total))


def value_history(events: pd.DataFrame, rules: Rules | None = None) -> pd.DataFrame:
    """Every component's value per round (round 0 is the start) from ``Match.events_frame()``."""
    import pandas as pd

    rules = rules or Rules.standard()
    rows: list[dict[str, Any]] = [
        {"round": 0, "component": name, "value": rules.starting_value} for name in rules.components
    ]
    if not events.empty and "kind" in events:
        adjusted = events[events["kind"] == "value_adjusted"]
        for record in adjusted.to_dict("records"):
            rows.append({"round": int(record["round"]), "component": record["component"], "value": int(record["new"])})
    return pd.DataFrame(rows, columns=["round", "component", "value"])


def cogs_history(events: pd.DataFrame, players: int, rules: Rules | None = None) -> pd.DataFrame:
    """Each seat's cogs after every step that changed them (step -1 is the start)."""
    import pandas as pd

    rules = rules or Rules.standard()
    cogs = [rules.starting_cogs] * players
    rows: list[dict[str, Any]] = [{"step": -1, "round": 1, "seat": seat, "cogs": cogs[seat]} for seat in range(players)]
    if not events.empty and "kind" in events:
        for record in events.to_dict("records"):
            kind = record["kind"]
            if kind == "purchased":
                change = -int(record["price"])
            elif kind in ("set_sold", "automaton_paid"):
                change = int(record["cogs"])
            else:
                continue
            seat = int(record["seat"])
            cogs[seat] += change
            rows.append({"step": int(record["step"]), "round": int(record["round"]), "seat": seat, "cogs": cogs[seat]})
    return pd.DataFrame(rows, columns=["step", "round", "seat", "cogs"])


def purchase_order_table(purchases: Iterable[str | int], **kwargs: Any) -> pd.DataFrame:
    """``round_outcome`` as a table: one row per component with its place, id, old and new value."""
    import pandas as pd

    outcome = round_outcome(list(purchases), **kwargs)
    names = list((kwargs.get("rules") or Rules.standard()).components)
    return pd.DataFrame(
        [
            {
                "place": place + 1,
                "component": name,
                "id": names.index(name),
                "before": outcome.values_before[name],
                "after": outcome.values_after[name],
                "change": outcome.values_after[name] - outcome.values_before[name],
            }
            for place, name in enumerate(outcome.order_after)
        ]
    )


#: The money sources of Mars Needs Mechanics: purchases pay the bank (a sink); sales and Automatons pay
#: from the bank (faucets). The starting 30 cogs each are the stock, not a flow.
FLOW_SOURCES = ("purchases", "set sales", "Automaton")


def money_flows(match: Match) -> pd.DataFrame:
    """Every payment of a played match: ``round, seat, source, amount`` (``+`` into the seat, ``-`` out).

    The standard frame of ``playbook.analysis.money_flow_summary`` / ``money_by_round`` and the money
    charts; read from event fields only.
    """
    import pandas as pd

    rows: list[dict[str, Any]] = []
    for record in match.events:
        event = record.event
        kind = event.kind
        if kind == "purchased":
            rows.append({"round": record.round, "seat": event.seat, "source": "purchases", "amount": -event.price})  # type: ignore[attr-defined]
        elif kind == "set_sold":
            rows.append({"round": record.round, "seat": event.seat, "source": "set sales", "amount": event.cogs})  # type: ignore[attr-defined]
        elif kind == "automaton_paid":
            rows.append({"round": record.round, "seat": event.seat, "source": "Automaton", "amount": event.cogs})  # type: ignore[attr-defined]
    return pd.DataFrame(rows, columns=["round", "seat", "source", "amount"])


def cogs_by_round(events: pd.DataFrame, players: int, starting_cogs: int = 30) -> pd.DataFrame:
    """Each seat's cogs at the end of every round (round 0 is the start), from ``Match.events_frame()``.

    The table's and the lesson's cogs chart: by round, so its axis reads in whole rounds.
    """
    import pandas as pd

    change: dict[tuple[int, int], int] = {}
    last = 0
    if not events.empty and "kind" in events:
        for record in events.to_dict("records"):
            kind = record["kind"]
            if kind == "purchased":
                amount = -int(record["price"])
            elif kind in ("set_sold", "automaton_paid"):
                amount = int(record["cogs"])
            else:
                continue
            key = (int(record["round"]), int(record["seat"]))
            change[key] = change.get(key, 0) + amount
        last = int(events["round"].max())
    cogs = [starting_cogs] * players
    rows: list[dict[str, Any]] = [{"round": 0, "seat": seat, "cogs": starting_cogs} for seat in range(players)]
    for round_number in range(1, last + 1):
        for seat in range(players):
            cogs[seat] += change.get((round_number, seat), 0)
            rows.append({"round": round_number, "seat": seat, "cogs": cogs[seat]})
    return pd.DataFrame(rows, columns=["round", "seat", "cogs"])


def metrics(state: Any) -> dict[str, float]:
    """End-of-game economy measures a tournament adds as ``kpi_*`` columns (``tournament(..., metrics=True)``).

    Numbers only, so a sweep can plot any of them: how the game ended (``ended_deck_empty`` and
    ``ended_no_purchases`` are 1 or 0), ``rounds``, the values at the end (``mean_value``, ``value_spread``
    = highest minus lowest, ``value_sd``), the money left with the seats (``total_cogs``) and the cogs the bank
    paid in net over the game (``net_cogs_paid_out`` = sales and Automatons minus purchases), ``winning_margin``
    (first minus second cogs), the cards that never turned into cogs (``cards_left_in_hands``,
    ``cards_in_mechanisms``) and the cards and Scrap spent on sales (``cards_discarded``).
    """
    values = [float(v) for v in state.values]
    mean = sum(values) / len(values)
    cogs = sorted(state.cogs, reverse=True)
    return {
        "ended_deck_empty": float(state.end_reason == EndReason.DECK_EMPTY),
        "ended_no_purchases": float(state.end_reason == EndReason.NO_PURCHASES),
        "rounds": float(state.round),
        "mean_value": mean,
        "value_spread": max(values) - min(values),
        "value_sd": (sum((v - mean) ** 2 for v in values) / len(values)) ** 0.5,
        "total_cogs": float(sum(state.cogs)),
        "net_cogs_paid_out": float(sum(state.cogs) - state.rules.starting_cogs * state.num_players),
        "winning_margin": float(cogs[0] - cogs[1]) if len(cogs) > 1 else 0.0,
        "cards_left_in_hands": float(sum(sum(hand) for hand in state.hands)),
        "cards_in_mechanisms": float(sum(sum(b.cards) for built in state.built for b in built)),
        "cards_discarded": float(state.discard),
    }


#: The columns of ``economy_frame``.
ECONOMY_COLUMNS = (
    "round",
    "seat",
    "score",
    "cogs",
    "spent",
    "earned",
    "cards_bought",
    "sets_sold",
    "cards_sold",
    "mean_value",
    "value_spread",
)


def economy_frame(match: Match) -> pd.DataFrame:
    """One row per round and seat of a match: the seat's ``score`` (its cogs) at the round's end, what it
    ``spent`` on and ``earned`` from cards that round, the cards it bought, the sets and cards it sold, and
    the round-end ``mean_value`` and ``value_spread`` of the components (the same for every seat). Read from
    event fields only, like ``cogs_by_round``; ``playbook.analysis.lead_changes`` reads it as it is.
    """
    import pandas as pd

    rules: Rules = match.state.rules  # type: ignore[attr-defined]
    players = match.players
    keys = ("spent", "earned", "bought", "sets", "sold")
    flows: dict[tuple[int, int], dict[str, int]] = {}
    values = [rules.starting_value] * len(rules.components)
    values_at_end: dict[int, list[int]] = {}
    last = 0
    for record in match.events:
        event: Any = record.event
        kind = event.kind
        last = max(last, record.round)
        if kind in ("value_adjusted", "value_raised_on_purchase"):
            values[rules.components.index(event.component)] = event.new
        values_at_end[record.round] = list(values)
        if kind not in ("purchased", "set_sold", "automaton_paid"):
            continue
        row = flows.setdefault((record.round, event.seat), dict.fromkeys(keys, 0))
        if kind == "purchased":
            row["spent"] += event.price
            row["bought"] += 1
        elif kind == "set_sold":
            row["earned"] += event.cogs
            row["sets"] += 1
            row["sold"] += event.cards
        else:
            row["earned"] += event.cogs
    cogs = [rules.starting_cogs] * players
    rows: list[dict[str, Any]] = []
    for number in range(1, last + 1):
        round_values = values_at_end.get(number, values)
        for seat in range(players):
            flow = flows.get((number, seat), dict.fromkeys(keys, 0))
            cogs[seat] += flow["earned"] - flow["spent"]
            rows.append(
                {
                    "round": number,
                    "seat": seat,
                    "score": cogs[seat],
                    "cogs": cogs[seat],
                    "spent": flow["spent"],
                    "earned": flow["earned"],
                    "cards_bought": flow["bought"],
                    "sets_sold": flow["sets"],
                    "cards_sold": flow["sold"],
                    "mean_value": sum(round_values) / len(round_values),
                    "value_spread": max(round_values) - min(round_values),
                }
            )
    return pd.DataFrame(rows, columns=list(ECONOMY_COLUMNS))


def seat_summary(match: Match) -> pd.DataFrame:
    """What each seat of a played match did with its money and cards: one row per seat.

    Columns: ``seat``, ``spent`` (cogs paid for cards), ``earned`` (cogs from sets and the Automaton),
    ``cards_sold``, ``value_per_card`` (mean value a sold card fetched), ``final_round_share`` (share of the
    seat's sale cogs earned in the last round), ``cards_in_hand`` and ``cards_in_mechanisms`` at the end, and
    ``cogs`` at the end. The tournament's paragraph per strategy stands on these numbers.
    """
    import pandas as pd

    state: Any = match.state
    players = match.players
    last_round = state.round
    spent = [0] * players
    earned = [0] * players
    sold = [0] * players
    sold_value = [0] * players
    final = [0] * players
    for record in match.events:
        event: Any = record.event
        if event.kind == "purchased":
            spent[event.seat] += event.price
        elif event.kind == "set_sold":
            earned[event.seat] += event.cogs
            sold[event.seat] += event.cards
            sold_value[event.seat] += event.cards * event.value
            if record.round == last_round:
                final[event.seat] += event.cogs
        elif event.kind == "automaton_paid":
            earned[event.seat] += event.cogs
    rows = [
        {
            "seat": seat,
            "spent": spent[seat],
            "earned": earned[seat],
            "cards_sold": sold[seat],
            "value_per_card": sold_value[seat] / sold[seat] if sold[seat] else float("nan"),
            "final_round_share": final[seat] / earned[seat] if earned[seat] else float("nan"),
            "cards_in_hand": sum(state.hands[seat]),
            "cards_in_mechanisms": sum(sum(b.cards) for b in state.built[seat]),
            "cogs": state.cogs[seat],
        }
        for seat in range(players)
    ]
    return pd.DataFrame(rows)


def rounds_table(match: Match) -> pd.DataFrame:
    """One row per round and component of a played match: was it bought, was it bought *late*, and how its
    value changed at Adjust Values.

    ``bought_late`` means its last purchase of the round was among the round's last ``order_line_rise``
    different components bought (with its token moved), so its token ended in the rising places. That is the
    rule restated, not a measurement: such a component rises by definition (unless held at the top of the
    track or in the final round). To measure timing against the change, use
    ``measures.purchase_timing``, which times a purchase by the clock of the round's purchases. Columns:
    ``round``, ``component``, ``bought`` (purchases that round), ``bought_late``, ``place`` (1 = front, at the
    round's end), ``before``, ``after``, ``change``.
    """
    import pandas as pd

    rules: Rules = match.state.rules  # type: ignore[attr-defined]
    purchases: dict[int, list[str]] = {}
    adjusted: list[Any] = []
    for record in match.events:
        event: Any = record.event
        if event.kind == "purchased" and event.token_moved:
            purchases.setdefault(record.round, []).append(event.component)
        elif event.kind == "value_adjusted":
            adjusted.append(event)
    rows = []
    for event in adjusted:
        bought = purchases.get(event.round, [])
        latest = list(dict.fromkeys(reversed(bought)))[: rules.order_line_rise]
        rows.append(
            {
                "round": event.round,
                "component": event.component,
                "bought": bought.count(event.component),
                "bought_late": event.component in latest,
                "place": event.position + 1,
                "before": event.old,
                "after": event.new,
                "change": event.new - event.old,
            }
        )
    return pd.DataFrame(
        rows, columns=["round", "component", "bought", "bought_late", "place", "before", "after", "change"]
    )


def purchase_share_by_value(tables: Iterable[pd.DataFrame], bins: Sequence[tuple[int, int]]) -> pd.DataFrame:
    """How often a component was bought in a round, by its value at the round's start (``rounds_table``
    frames of many games), with Wilson 95% intervals over component-rounds.

    The rounds and components of one game are not independent, so these intervals are too narrow for a claim
    about games; the lesson draws its intervals over games (``measures.estimates_by_group``).

    ``bins`` are inclusive value ranges, e.g. ``[(1, 5), (6, 7), (8, 10)]``.
    """
    import pandas as pd

    from playbook.analysis import wilson_interval

    frame = pd.concat(list(tables), ignore_index=True)
    rows = []
    for low, high in bins:
        part = frame[(frame["before"] >= low) & (frame["before"] <= high)]
        rounds, bought = len(part), int((part["bought"] > 0).sum())
        ci_low, ci_high = wilson_interval(bought, rounds)
        rows.append(
            {
                "values": f"{low}-{high}" if low != high else str(low),
                "rounds": rounds,
                "bought": bought,
                "share": bought / rounds if rounds else float("nan"),
                "ci_low": ci_low,
                "ci_high": ci_high,
                "mean_change": float(part["change"].mean()) if rounds else float("nan"),
            }
        )
    return pd.DataFrame(rows)


# -- words for charts and the rule sweep -------------------------------------------------------------------------
#: Every number of ``Rules.to_dict()`` in words, for a sweep's rule list and chart axes (never a field's code name).
RULE_LABELS: dict[str, str] = {
    "starting_cogs": "cogs each contestant starts with",
    "scrap_per_player": "Scrap Metal cards per contestant",
    "hand_size": "cards dealt to each contestant",
    "market_size": "cards in the market",
    "starting_value": "value every type starts at",
    "value_min": "lowest value on the track",
    "value_max": "highest value on the track",
    "min_set_size": "cards needed for a set",
    "order_line_rise": "types that rise at a round's end",
    "order_line_fall": "types that fall at a round's end",
}
#: The numbers a one-rule sweep does not offer, and why (every number of Mars's rules is a rule of play).
UNSWEPT_RULES: dict[str, str] = {}
#: The tournament's ``score`` and ``rounds`` and every key of ``metrics`` in words (its ``kpi_*`` columns).
MEASURE_LABELS: dict[str, str] = {
    "score": "final cogs per contestant",
    "rounds": "rounds played",
    "ended_deck_empty": "share of games ended by an empty deck",
    "ended_no_purchases": "share of games ended by two idle rounds",
    "mean_value": "mean value of the types at the end",
    "value_spread": "highest minus lowest value at the end",
    "value_sd": "standard deviation of the values at the end",
    "total_cogs": "cogs all contestants hold at the end",
    "net_cogs_paid_out": "cogs the bank paid out, net",
    "winning_margin": "winner's lead over second (cogs)",
    "cards_left_in_hands": "cards left unsold in hands",
    "cards_in_mechanisms": "cards left in built mechanisms",
    "cards_discarded": "cards and Scrap spent on sales",
}
