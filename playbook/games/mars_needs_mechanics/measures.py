"""Measurements the order-line lesson makes over many played games, as tidy frames with a ``game`` column.

``economy.py`` holds the small helpers a single match or a table needs (and keeps pandas out of the engine's
import path); this module is for the lesson's questions over a sample of games, where every interval must be
per *game*, not per seat or per component-round (the seats and types of one game share its rounds, so they are
not independent draws). Each frame therefore carries the game it came from, and ``per_game_means`` turns
component-round rows into one number per game and group before any interval is drawn.

The questions: is pricing by rank zero-sum (``value_sum_ledger``: where the sum of values goes each round)?
How far can a value move in one round (``value_steps``)? Does popularity or timing go with a rise
(``purchase_timing``)? How do cards convert cogs to cards and back (``conversions``)? What is one sale worth
against holding the cards that round (``DeclineOneSale``, ``sale_forks``)? Does a strategy win more than its
fair share against named bots (``win_rate_against``, the finding an exercise's check reads)?
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

import pandas as pd

from playbook import findings
from playbook.core.agents import AgentLike
from playbook.core.match import Match
from playbook.core.protocol import Action, Json
from playbook.core.tournament import game_seeds, tournament
from playbook.findings import Estimate

from .actions import DoneSelling, SellSet
from .components import NUM_TYPES, Rules
from .economy import RULE_LABELS, seat_summary

GAME = "mars_needs_mechanics"


def play(
    strategies: Sequence[AgentLike], games: int, seed: int, *, players: int = 4, rules: Rules | None = None
) -> list[Match]:
    """``games`` seeded matches, the strategies' seats rotating from game to game (game ``i`` seats strategy
    ``(i + s) % len`` in seat ``s``), so no strategy keeps the first seat. The seeds are the tournament's
    (``game_seeds``), so the same ``seed`` gives the same games as ``playbook.tournament``'s seed list."""
    matches = []
    for index, game_seed in enumerate(game_seeds(seed, games)):
        seated = {seat: strategies[(index + seat) % len(strategies)] for seat in range(players)}
        match = Match(GAME, players=players, seed=game_seed, rules=rules, agents=seated)
        match.advance()
        matches.append(match)
    return matches


def win_rate_against(
    strategy: AgentLike, rivals: Sequence[AgentLike], *, games: int, seed: int, rules: Rules | None = None
) -> Estimate:
    """The share of ``games`` seeded games ``strategy`` wins against ``rivals``, one seat each (2 to 4 seats,
    rotating from game to game), with its Wilson interval over games, against its fair share: 1 / seats.

    A game the strategy forfeits (it crashed, timed out or returned an illegal move) counts as lost, as the
    tournament counts it, and the finding's note says how many games failed and why. "above" means the lower bound
    of the interval clears the fair share: the games show an edge that one lucky estimate would not. The rivals
    are named in the measure.
    """
    entrants = [strategy, *rivals]
    results = tournament(GAME, entrants, games=games, seed=seed, players=len(entrants), rules=rules)
    mine = results[results["agent"] == strategy.name]
    won = mine.groupby("game")["won"].max().astype(bool)
    names = ", ".join(rival.name for rival in rivals)
    found = findings.proportion(int(won.sum()), len(won), measure=f"win rate of {strategy.name} against {names}",
                                reference=1 / len(entrants))  # fmt: skip
    failed = mine[mine["error"].notna() & ~mine["won"].astype(bool)]
    if len(failed):
        why = str(failed["error"].iloc[0])
        note = f"({failed['game'].nunique()} of {len(won)} games failed and count as lost; the first: {why})"
        found = replace(found, note=note)
    return found


def _rules(match: Match) -> Rules:
    rules: Rules = match.state.rules  # type: ignore[attr-defined]
    return rules


def _last_round(match: Match) -> int:
    return int(match.state.round)


#: Columns of ``value_sum_ledger``: the sum of the seven values at a round's start, what moved it, and its end.
LEDGER_COLUMNS = (
    "round",
    "sum_before",
    "raised_on_purchase",
    "rule_change",
    "held_at_top",
    "held_at_bottom",
    "withheld_final_round",
    "fourth_place_raised",
    "unexplained",
    "sum_after",
)


def _adjust_shortfalls(event: Any, rules: Rules, final: bool) -> dict[str, int]:
    """How one component's Adjust Values step differs from the rule's bare +1 / 0 / -1 by place, and why."""
    places = NUM_TYPES
    nominal = (
        1 if event.position < rules.order_line_rise else -1 if event.position >= places - rules.order_line_fall else 0
    )
    actual = event.new - event.old
    found = dict.fromkeys(
        ("held_at_top", "held_at_bottom", "withheld_final_round", "fourth_place_raised", "unexplained"), 0
    )
    if actual == nominal:
        return found
    if nominal == 1 and actual == 0 and event.old == rules.value_max:
        found["held_at_top"] = 1
    elif nominal == 1 and actual == 0 and final:
        found["withheld_final_round"] = 1
    elif nominal == -1 and actual == 0 and event.old == rules.value_min:
        found["held_at_bottom"] = 1
    elif nominal == 0 and actual == 1:
        found["fourth_place_raised"] = 1  # the Brass Balancer's ability
    else:
        found["unexplained"] = 1
    return found


def value_sum_ledger(match: Match) -> pd.DataFrame:
    """The sum of all values, round by round, with every cause that moved it (one row per round).

    Adjust Values raises ``order_line_rise`` places by 1 and lowers ``order_line_fall`` by 1, so it moves the sum
    by ``rule_change`` = rise - fall (0 in the rulebook: pricing by rank is zero-sum), except where a value is
    held at an end of the track (``held_at_top`` rises lost, ``held_at_bottom`` falls lost), where the final
    round withholds the rise of a type not bought in it, and where a Brass Balancer raises the fourth place.
    Mechanisms move it between adjustments (``raised_on_purchase``: the Aether Drive). So, as an identity,
    ``sum_after = sum_before + raised_on_purchase + rule_change - held_at_top + held_at_bottom -
    withheld_final_round + fourth_place_raised``; ``unexplained`` counts steps no rule accounts for (0 for a
    correct engine).
    """
    rules = _rules(match)
    last = _last_round(match)
    total = rules.starting_value * NUM_TYPES
    rows: dict[int, dict[str, int]] = {}

    def row(number: int) -> dict[str, int]:
        return rows.setdefault(number, {column: 0 for column in LEDGER_COLUMNS[2:-1]})

    for record in match.events:
        event: Any = record.event
        if event.kind == "value_raised_on_purchase":
            row(record.round)["raised_on_purchase"] += event.new - event.old
        elif event.kind == "value_adjusted":
            for key, count in _adjust_shortfalls(event, rules, final=event.round == last).items():
                row(event.round)[key] += count
    frame_rows = []
    for number in sorted(rows):
        entry = rows[number]
        entry["rule_change"] = rules.order_line_rise - rules.order_line_fall
        change = (
            entry["raised_on_purchase"]
            + entry["rule_change"]
            - entry["held_at_top"]
            + entry["held_at_bottom"]
            - entry["withheld_final_round"]
            + entry["fourth_place_raised"]
        )
        frame_rows.append({"round": number, "sum_before": total, **entry, "sum_after": total + change})
        total += change
    return pd.DataFrame(frame_rows, columns=list(LEDGER_COLUMNS))


def final_value_sum(match: Match) -> int:
    """The sum of the seven values the engine holds at the game's end (what the ledger must arrive at)."""
    return int(sum(match.state.values))  # type: ignore[attr-defined]


def value_steps(matches: Sequence[Match]) -> pd.DataFrame:
    """How far each value moved in each round, purchases' raises included: one row per game, round and type.

    ``at_adjust`` is Adjust Values' step (never more than 1 either way, by the rule); ``in_round`` adds what the
    Aether Drive raised during the round's purchases, so a type bought three times by a seat with a built
    Aether Drive can climb several steps in one round.
    """
    rows = []
    for game, match in enumerate(matches):
        raised: dict[tuple[int, str], int] = {}
        for record in match.events:
            event: Any = record.event
            if event.kind == "value_raised_on_purchase":
                key = (record.round, event.component)
                raised[key] = raised.get(key, 0) + event.new - event.old
            elif event.kind == "value_adjusted":
                boost = raised.get((event.round, event.component), 0)
                rows.append(
                    {
                        "game": game,
                        "round": event.round,
                        "component": event.component,
                        "at_adjust": event.new - event.old,
                        "in_round": event.new - event.old + boost,
                    }
                )
    return pd.DataFrame(rows, columns=["game", "round", "component", "at_adjust", "in_round"])


def purchase_timing(matches: Sequence[Match]) -> pd.DataFrame:
    """Popularity and timing of each type in each round, beside its change at Adjust Values.

    One row per game, round and type: ``times_bought`` (purchases that moved its token: popularity),
    ``last_purchase_at`` (when in the round its last purchase came, as a share of the round's purchases:
    1.0 = the round's last purchase; NaN if not bought: timing, measured by the clock of purchases, not by the
    place it ended in, which would make "late buys rise" true by definition), ``place`` at the round's end
    (1 = front), ``before`` and ``change`` at Adjust Values.
    """
    rows = []
    for game, match in enumerate(matches):
        bought: dict[int, list[str]] = {}
        for record in match.events:
            event: Any = record.event
            if event.kind == "purchased" and event.token_moved:
                bought.setdefault(record.round, []).append(event.component)
            elif event.kind == "value_adjusted":
                purchases = bought.get(event.round, [])
                times = purchases.count(event.component)
                last = max((i + 1 for i, name in enumerate(purchases) if name == event.component), default=0)
                rows.append(
                    {
                        "game": game,
                        "round": event.round,
                        "component": event.component,
                        "times_bought": times,
                        "last_purchase_at": last / len(purchases) if times else float("nan"),
                        "place": event.position + 1,
                        "before": event.old,
                        "change": event.new - event.old,
                    }
                )
    return pd.DataFrame(
        rows, columns=["game", "round", "component", "times_bought", "last_purchase_at", "place", "before", "change"]
    )


def per_game_means(frame: pd.DataFrame, by: str, column: str) -> pd.DataFrame:
    """One number per game and group: the mean of ``column`` over that game's rows in the group.

    Rows of one game are not independent (the same rounds, the same seats), so an interval over groups is
    drawn from these game means, one per game (``findings.mean``), never from the pooled rows.
    Columns: ``game``, ``by``, ``column``.
    """
    means: pd.DataFrame = frame.groupby(["game", by], as_index=False, sort=True, observed=True)[[column]].mean()
    return means


def value_band(values: pd.Series, bands: Sequence[Sequence[int]]) -> pd.Series:
    """Each value's band as an ordered category ("1-5", "8-10"; a one-value band is the value), in the order
    the bands are given; NaN for a value outside every band."""
    names = [f"{low}-{high}" if low != high else str(low) for low, high in bands]
    labels = pd.Series(pd.NA, index=values.index, dtype="object")
    for (low, high), name in zip(bands, names, strict=True):
        labels[(values >= low) & (values <= high)] = name
    return pd.Series(pd.Categorical(labels, categories=list(dict.fromkeys(names)), ordered=True), index=values.index)


#: Columns of ``conversions``: a seat's cogs turned into cards, and cards turned back into cogs.
CONVERSION_COLUMNS = (
    "game",
    "seat",
    "agent",
    "cogs_into_cards",
    "cards_bought",
    "cards_sold",
    "cogs_from_sales",
    "cogs_from_automaton",
    "cards_never_sold",
    "final_cogs",
)


def conversions(matches: Sequence[Match]) -> pd.DataFrame:
    """Cards as converters: each seat's cogs spent on cards, and the cards it turned back into cogs.

    A purchase converts cogs into a card at the type's value then; a sale converts cards back at the value at
    the sale; a card never sold (in hand or locked in a mechanism at the end) is cogs that went into the sink
    for good, unless an Automaton pays for it. One row per game and seat; ``final_cogs`` = 30 - cogs into
    cards + cogs from sales + cogs from the Automaton (an accounting identity the tests check).
    """
    frames = []
    for game, match in enumerate(matches):
        summary = seat_summary(match)
        automaton = [0] * match.players
        sales = [0] * match.players
        bought = [0] * match.players
        for record in match.events:
            event: Any = record.event
            if event.kind == "automaton_paid":
                automaton[event.seat] += event.cogs
            elif event.kind == "set_sold":
                sales[event.seat] += event.cogs
            elif event.kind == "purchased":
                bought[event.seat] += 1
        frames.append(
            pd.DataFrame(
                {
                    "game": game,
                    "seat": summary["seat"],
                    "agent": [match.agents[seat].name for seat in range(match.players)],
                    "cogs_into_cards": summary["spent"],
                    "cards_bought": bought,
                    "cards_sold": summary["cards_sold"],
                    "cogs_from_sales": sales,
                    "cogs_from_automaton": automaton,
                    "cards_never_sold": summary["cards_in_hand"] + summary["cards_in_mechanisms"],
                    "final_cogs": summary["cogs"],
                }
            )
        )
    return pd.concat(frames, ignore_index=True)[list(CONVERSION_COLUMNS)]


def game_totals(frame: pd.DataFrame) -> pd.DataFrame:
    """The seats' rows of each game summed into one row per game (the unit every money interval uses)."""
    numeric = [c for c in frame.columns if c not in ("game", "seat", "agent")]
    return frame.groupby("game", as_index=False, sort=True)[numeric].sum()


def pencil_mean_value(start: float, rounds: float, rise: int, fall: int, types: int = NUM_TYPES) -> float:
    """The mean value at the end by pencil: each round Adjust Values moves the sum by ``rise - fall``, shared
    over ``types`` values, so after ``rounds`` rounds the mean is ``start + rounds * (rise - fall) / types``
    (the track's ends, the final round's exception and the Aether Drive set aside).

    >>> round(pencil_mean_value(5, 6, rise=1, fall=3), 2)
    3.29
    >>> pencil_mean_value(5, 6, rise=3, fall=3)
    5.0
    """
    return start + rounds * (rise - fall) / types


class DeclineOneSale:
    """A seat's own strategy, except that at its first selling decision it sells nothing that round.

    Forked into a game just before a sale, it keeps everything else equal: the same strategy before and after,
    the same cards, the same rivals. So the final-cogs gap between the game and the fork is what that one
    round's selling was worth to that strategy, not the gap between two whole strategies.
    """

    def __init__(self, strategy: AgentLike) -> None:
        self.strategy = strategy
        self.declined = False

    @property
    def name(self) -> str:
        return self.strategy.name

    def choose(self, observation: Mapping[str, Json], legal_actions: Sequence[Action], rng: random.Random) -> Action:
        if not self.declined and any(isinstance(action, SellSet) for action in legal_actions):
            self.declined = True
            return next(action for action in legal_actions if isinstance(action, DoneSelling))
        return self.strategy.choose(observation, legal_actions, rng)


def biggest_sale(match: Match) -> Any:
    """The event record of a match's biggest sale (most cogs; the first such), or None if nobody sold."""
    sales = [record for record in match.events if record.event.kind == "set_sold"]
    return max(sales, key=lambda record: record.event.cogs, default=None)  # type: ignore[attr-defined]


def sale_forks(matches: Sequence[Match]) -> pd.DataFrame:
    """For each game, its biggest sale against the same seat declining to sell that round (``DeclineOneSale``).

    One row per game with a sale: ``game``, ``seat``, ``agent``, ``sale_cogs``, ``sold`` (the seat's final cogs
    in the game) and ``held`` (in the fork). The pairs are per game, so ``findings.compare_paired`` reads them.
    """
    rows = []
    for game, match in enumerate(matches):
        record = biggest_sale(match)
        if record is None:
            continue
        seat = record.event.seat
        strategy = match.agents[seat]
        fork = match.fork(record.step, agents={**match.agents, seat: DeclineOneSale(strategy)})
        fork.advance()
        rows.append(
            {
                "game": game,
                "seat": seat,
                "agent": strategy.name,
                "sale_cogs": record.event.cogs,
                "sold": match.state.cogs[seat],  # type: ignore[attr-defined]
                "held": fork.state.cogs[seat],  # type: ignore[attr-defined]
            }
        )
    return pd.DataFrame(rows, columns=["game", "seat", "agent", "sale_cogs", "sold", "held"])


def per_game_correlation(frame: pd.DataFrame, x: str, y: str) -> pd.Series:
    """Pearson's r of ``x`` and ``y`` within each game (games where either does not vary are left out).

    The relation asked about is *within* a game (this type against the others of the same rounds); averaging
    rows per game first would correlate game means instead, and Adjust Values keeps a game's mean change near
    zero whatever happened. So each game gives one r, and the interval is drawn over games (``findings.mean``).
    """
    values: dict[Any, float] = {}
    for game, part in frame.groupby("game", sort=True):
        if part[x].nunique() > 1 and part[y].nunique() > 1:
            values[game] = float(part[x].corr(part[y]))
    return pd.Series(values, name=f"r({x}, {y})", dtype=float)


def estimates_by_group(
    frame: pd.DataFrame,
    by: str,
    column: str,
    *,
    measure: str,
    reference: float | None = None,
    fmt: findings.Format = findings.NUMBER,
) -> list[tuple[Any, Estimate]]:
    """For each value of ``by`` (in sorted order), ``findings.mean`` of the per-game means of ``column``.

    ``measure`` may hold ``{group}``, filled with the group's value. Groups seen in fewer than 2 games are left
    out (an interval needs two games). ``fmt`` writes the numbers (``findings.percent`` for a share).
    """
    means = per_game_means(frame, by, column)
    found = []
    for group, part in means.groupby(by, sort=True, observed=True):
        if len(part) >= 2:
            words = measure.format(group=group)
            found.append((group, findings.mean(part[column].tolist(), measure=words, reference=reference, fmt=fmt)))
    return found


def estimate_frame(estimates: Sequence[tuple[Any, Estimate]], by: str) -> pd.DataFrame:
    """``estimates_by_group``'s findings as a frame a chart reads: ``by``, ``value``, ``low``, ``high``, ``n``."""
    return pd.DataFrame(
        [{by: group, "value": e.value, "low": e.low, "high": e.high, "n": e.n} for group, e in estimates],
        columns=[by, "value", "low", "high", "n"],
    )


#: Columns of ``pencil_table``.
PENCIL_COLUMNS = ("value", "rounds", "pencil", "measured", "low", "high", "n", "inside")


def pencil_table(
    per_game: pd.DataFrame, rules: Rules, *, rule: str = "order_line_rise", column: str = "kpi_mean_value"
) -> tuple[pd.DataFrame, list[Estimate]]:
    """The pencil arithmetic of ``pencil_mean_value`` beside the measured mean value at the end, per value of
    a swept ``rule`` (``order_line_rise`` or ``order_line_fall``; the other keeps its ``rules`` number).

    ``per_game`` is a ``parameter_sweep`` frame with one row per value and game. The pencil uses the mean
    number of rounds those games lasted; the measurement is ``findings.mean`` of the per-game values, and
    ``inside`` says whether the pencil number lies in its 95% interval. Returns the table and the findings.
    """
    rows, found = [], []
    for key, part in per_game.groupby("value", sort=True):
        value: Any = key
        rise = int(value) if rule == "order_line_rise" else rules.order_line_rise
        fall = int(value) if rule == "order_line_fall" else rules.order_line_fall
        rounds = float(part["rounds"].mean())
        pencil = pencil_mean_value(rules.starting_value, rounds, rise, fall)
        words = RULE_LABELS.get(rule, rule)
        estimate = findings.mean(
            part[column].astype(float).tolist(), measure=f"mean value at the end ({words}: {value})"
        )
        found.append(estimate)
        rows.append(
            {
                "value": value,
                "rounds": rounds,
                "pencil": pencil,
                "measured": estimate.value,
                "low": estimate.low,
                "high": estimate.high,
                "n": estimate.n,
                "inside": estimate.low <= pencil <= estimate.high,
            }
        )
    return pd.DataFrame(rows, columns=list(PENCIL_COLUMNS)), found


def purchase_gap(timing: pd.DataFrame, bands: Sequence[Sequence[int]]) -> pd.Series:
    """Per game (``purchase_timing`` rows): the share of rounds a type in the first band was bought, minus the
    share for a type in the last band; games with no type-round in either band are left out.

    The price -> purchases link of the balancing loop as one number per game, so two line-ups played on the
    same seeds can be compared pair by pair.
    """
    banded = timing.assign(band=value_band(timing["before"], bands), bought=timing["times_bought"] > 0)
    shares = banded.groupby(["game", "band"], observed=True)["bought"].mean().unstack("band")
    first, last = value_band(pd.Series([bands[0][0], bands[-1][0]]), bands)
    if first not in shares or last not in shares:
        return pd.Series(dtype=float, name="purchase gap")
    gap: pd.Series = (shares[first] - shares[last]).dropna().rename("purchase gap")
    return gap
