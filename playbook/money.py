"""The money supply of the three money games, measured the same way in each: the course's first lesson.

A lesson that calls an economy a "net sink" must say so only when the games show it, whatever seed or sample
size a student picks. This module plays seeded games of Mars Needs Mechanics, Parts Unknown and An Offal Game
and returns, one row per game, the money supply at the start and at the end (read from the final state), the
money the faucets paid in and the sinks took out (read from the events), the Gini coefficient of the seats'
purses and the winning margin. The findings built on them (:func:`supply_change`, :func:`growth`,
:func:`round_trip`, :func:`relative_change`, :func:`compare_runs`, :func:`seat_purse`) are
:mod:`playbook.findings` estimates over games, never over seats: the seats of one game share its dice.

Two measurements are deliberately independent, so their agreement is a check: the end of the money supply
comes from the game's state and the money in and out from its events, and in every game
``end - start == money_in - money_out`` (the accounting identity a lesson may assert).

Every game seats the built-in strategies rotated one seat per game (:func:`lineup`), so every strategy plays
and none always sits first; ``swap`` replaces the strategy in chosen seats, which is how a lesson shows that a
sink belongs to how the bots play as well as to the rules. Runs of the same ``seed`` and ``games`` play the
same deals with the same lineup, so two runs that differ in one rule or one seat compare game by game.
"""

from __future__ import annotations

import copy
import importlib
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from . import analysis, findings
from .core.agents import AgentLike
from .core.engine import check_int
from .core.errors import InvalidArgumentError, shown
from .core.match import Match, resolve_game
from .core.tournament import game_seeds, play_match

__all__ = [
    "MONEY_GAMES",
    "MoneyGame",
    "MoneyRun",
    "cogs",
    "compare_runs",
    "fixed_price_share",
    "flow_table",
    "gini_with_extra",
    "growth",
    "lineup",
    "play",
    "relative_change",
    "round_trip",
    "seat_purse",
    "seat_win_rate",
    "supply_change",
]

#: The most games one run plays: a lesson's minute holds far fewer.
MOST_GAMES = 2_000


@dataclass(frozen=True)
class MoneyGame:
    """Where one game keeps its money: what each seat starts with and where the state holds the purses.

    ``starting_rule`` is the rules field giving each seat's starting money (``None``: every seat starts with
    nothing, as on An Offal Game's Gore Track); ``bank_field`` the state's bank, if the rules keep one.
    ``clock`` is what the flows' ``round`` counts, in the game's words.
    """

    name: str
    title: str
    seats: int
    unit: str
    clock: str
    purse_field: str
    starting_rule: str | None = None
    bank_field: str | None = None

    def starting(self, rules: Any) -> int:
        """Each seat's money when the game starts, under ``rules``."""
        return int(getattr(rules, self.starting_rule)) if self.starting_rule else 0

    def purses(self, state: Any) -> tuple[int, ...]:
        """Each seat's money in ``state``."""
        return tuple(int(amount) for amount in getattr(state, self.purse_field))


MONEY_GAMES: Mapping[str, MoneyGame] = {
    "mars_needs_mechanics": MoneyGame(
        "mars_needs_mechanics", "Mars Needs Mechanics", 4, "cogs", "round", "cogs", "starting_cogs"
    ),
    "parts_unknown": MoneyGame(
        "parts_unknown", "Parts Unknown", 4, "dollars", "turn", "money", "starting_money", "bank"
    ),
    "offal_game": MoneyGame("offal_game", "An Offal Game", 2, "dollars", "turn", "money"),
}


def money_game(game: str | MoneyGame) -> MoneyGame:
    """The :class:`MoneyGame` named ``game`` (one of :data:`MONEY_GAMES`)."""
    if isinstance(game, MoneyGame):
        return game
    if not isinstance(game, str) or game not in MONEY_GAMES:
        raise InvalidArgumentError(f"game must be one of {sorted(MONEY_GAMES)}, not {shown(game)}")
    return MONEY_GAMES[game]


def lineup(game: str | MoneyGame, index: int, swap: Mapping[int, AgentLike] | None = None) -> list[AgentLike]:
    """The agents of game number ``index`` of a run: the built-in strategies rotated one seat per game.

    Seat ``s`` of game ``i`` plays strategy ``(s + i) mod k`` of the game's ``STRATEGIES``, so with more
    strategies than seats every strategy still plays, and no strategy always sits first. ``swap`` maps a seat
    to the agent that replaces the rotation there (a fresh copy each game, so no agent carries memory from
    one game into the next).
    """
    chosen = money_game(game)
    number = check_int(index, "index", 0, MOST_GAMES)
    strategies = importlib.import_module(f"playbook.games.{chosen.name}.agents").STRATEGIES
    agents: list[AgentLike] = [strategies[(seat + number) % len(strategies)]() for seat in range(chosen.seats)]
    for seat, agent in (swap or {}).items():
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < chosen.seats:
            raise InvalidArgumentError(
                f"swap seat {shown(seat)} is not a seat of {chosen.title} (0 to {chosen.seats - 1})"
            )
        if not callable(getattr(agent, "choose", None)):
            raise InvalidArgumentError(f"the agent for seat {seat} ({shown(agent)}) has no choose() method")
        agents[seat] = copy.deepcopy(agent)
    return agents


@dataclass(frozen=True)
class MoneyRun:
    """Seeded games of one game and their money.

    ``games``: one row per game, in play order: ``seed``, ``rounds``, ``start`` and ``end`` (the money
    supply: every seat's money added up), ``change`` (end − start), ``money_in`` and ``money_out`` (what the
    faucets paid and the sinks took; NaN when flows were not recorded), ``bank`` (NaN for a game without
    one), ``gini`` (of the seats' purses at the end) and ``margin`` (the richest purse minus the next).
    ``purses``: each seat's money at the end, one row per game, one column per seat. ``flows``: every
    payment (``game, round, seat, source, amount``, ``game`` the row of ``games``), empty when not recorded.
    ``won``: whether each seat won each game by the game's own rules (its tie breaks included), one row per
    game, one column per seat (a game that ends in a tie has more than one winner).
    """

    game: MoneyGame
    starting: tuple[int, ...]
    games: pd.DataFrame
    purses: pd.DataFrame
    flows: pd.DataFrame
    won: pd.DataFrame = field(default_factory=pd.DataFrame)

    @property
    def title(self) -> str:
        return self.game.title

    def flows_of(self, game: int) -> pd.DataFrame:
        """The payments of game number ``game`` (the standard flows frame of ``playbook.analysis``)."""
        return self.flows[self.flows["game"] == game].drop(columns="game").reset_index(drop=True)


def _check_games(games: object) -> int:
    return check_int(games, "games", 2, MOST_GAMES)


def play(
    game: str | MoneyGame,
    *,
    games: int,
    seed: int,
    rules: Any = None,
    swap: Mapping[int, AgentLike] | None = None,
    flows: bool = True,
    time_limit: float | None = None,
) -> MoneyRun:
    """Play ``games`` seeded games of ``game`` with the rotated lineup and measure their money.

    The seeds are ``tournament``'s for ``seed`` (``game_seeds``), so the same ``seed`` and ``games`` deal
    the same games whatever the rules or the swap. ``flows=False`` skips recording the payments (about half
    the time in Parts Unknown) when only the money at the end is needed. ``time_limit`` is seconds per
    decision; the built-in bots need none, a student's own strategy belongs in a ``tournament``.
    """
    chosen = money_game(game)
    count = _check_games(games)
    rows: list[dict[str, float]] = []
    purses: list[tuple[int, ...]] = []
    won: list[tuple[bool, ...]] = []
    frames: list[pd.DataFrame] = []
    for index, game_seed in enumerate(game_seeds(seed, count)):
        agents = lineup(chosen, index, swap)
        state, paid = _one_game(chosen, agents, game_seed, rules, flows=flows, time_limit=time_limit)
        start, end = chosen.starting(state.rules) * chosen.seats, chosen.purses(state)
        ranked = sorted(end, reverse=True)
        money_in, money_out = _in_and_out(paid)
        rows.append({
            "seed": game_seed, "rounds": state.round, "start": start, "end": sum(end), "change": sum(end) - start,
            "money_in": money_in, "money_out": money_out,
            "bank": float(getattr(state, chosen.bank_field)) if chosen.bank_field else math.nan,
            "gini": analysis.gini(end), "margin": ranked[0] - ranked[1],
        })  # fmt: skip
        purses.append(end)
        winners = set(state.winners())
        won.append(tuple(seat in winners for seat in range(chosen.seats)))
        if paid is not None:
            frames.append(paid.assign(game=index))
    columns = ["game", "round", "seat", "source", "amount"]
    paid_all = pd.concat(frames, ignore_index=True)[columns] if frames else pd.DataFrame(columns=columns)
    starting = (chosen.starting(rules if rules is not None else _standard_rules(chosen)),) * chosen.seats
    return MoneyRun(chosen, starting, pd.DataFrame(rows), pd.DataFrame(purses), paid_all, pd.DataFrame(won))


def _one_game(
    chosen: MoneyGame, agents: list[AgentLike], seed: int, rules: Any, *, flows: bool, time_limit: float | None
) -> tuple[Any, pd.DataFrame | None]:
    """One seeded game's final state and, with ``flows``, its payments (a ``Match`` records the events)."""
    if flows:
        match = Match(chosen.name, players=chosen.seats, seed=seed, rules=rules, agents=dict(enumerate(agents)),
                      time_limit=time_limit)  # fmt: skip
        match.advance()
        return match.state, importlib.import_module(f"playbook.games.{chosen.name}.economy").money_flows(match)
    result = play_match(chosen.name, agents, seed=seed, rules=rules, time_limit=time_limit)
    if result.error is not None:
        raise InvalidArgumentError(f"{chosen.title}, seed {seed}: {result.error}")
    return result.final_state, None


def _in_and_out(paid: pd.DataFrame | None) -> tuple[float, float]:
    """What the faucets paid into the seats and the sinks took out of them (NaN when not recorded)."""
    if paid is None:
        return math.nan, math.nan
    return float(paid["amount"].clip(lower=0).sum()), float(-paid["amount"].clip(upper=0).sum())


def _standard_rules(chosen: MoneyGame) -> Any:
    return resolve_game(chosen.name).Rules.standard()


# ---------------------------------------------------------------------------------------------- findings


def cogs(amount: float) -> str:
    """Cogs with their unit, so a sentence about Mars Needs Mechanics never reads as dollars: ``'24.4 cogs'``."""
    return f"{amount:,.1f} cogs"


def _money_format(game: MoneyGame) -> findings.Format:
    return findings.money if game.unit == "dollars" else cogs


def supply_change(run: MoneyRun, *, smallest_effect: float | None = None) -> findings.Estimate:
    """The mean change in the money supply per game, against no change: "above" is a net faucet, "below" a
    net sink, and "no difference detected" says how many games would detect ``smallest_effect``."""
    return findings.mean(
        run.games["change"].tolist(),
        measure=f"change in the money supply per game of {run.title} ({run.game.unit})",
        reference=0,
        smallest_effect=smallest_effect,
        fmt=_money_format(run.game),
    )


def growth(run: MoneyRun, *, reference: float = 1.0, measure: str | None = None) -> findings.Estimate:
    """How many times the money supply a game ends with is the one it starts with, per game, against
    ``reference`` (1: no growth; 2: "two-fold")."""
    if (run.games["start"] <= 0).any():
        raise InvalidArgumentError(f"{run.title} starts some games with no money: growth has no meaning there")
    ratios = (run.games["end"] / run.games["start"]).tolist()
    words = measure or f"money supply at the end ÷ at the start in {run.title}"
    return findings.mean(ratios, measure=words, reference=reference)


def fixed_price_share(run: MoneyRun, price: float, *, measure: str) -> findings.Estimate:
    """A fixed price as a share of a seat's mean purse at the end of each game (no reference).

    Printed prices do not move while the money supply grows, so the share falls: a sink priced in fixed money
    bites less as the game goes on. At the start the share is ``price`` ÷ the starting purse, by the rules.
    """
    purses = run.games["end"] / run.game.seats
    if (purses <= 0).any():
        raise InvalidArgumentError(f"{run.title} ends some games with no money: a share of it has no meaning")
    return findings.mean((price / purses).tolist(), measure=measure, fmt=findings.percent)


def _per_game_source(run: MoneyRun, source: str, sign: int) -> pd.Series:
    """Per game, the money ``source`` paid into seats (``sign`` +1) or took out of them (−1), 0 if none."""
    if run.flows.empty and run.games["money_in"].isna().all():
        raise InvalidArgumentError("this run recorded no payments: play it with flows=True")
    known = sorted(run.flows["source"].unique())
    if source not in known:
        raise InvalidArgumentError(f"no payments from {shown(source)} in {run.title}; the sources are {known}")
    mine = run.flows[run.flows["source"] == source]
    signed = mine["amount"] * sign
    totals = signed[signed > 0].groupby(mine["game"]).sum()
    return totals.reindex(range(len(run.games)), fill_value=0).astype(float)


def round_trip(run: MoneyRun, *, spent: str, back: str, measure: str) -> findings.Estimate:
    """Money a converter pair gives back per unit paid in, per game, against 1 (as much back as paid).

    ``spent`` is the sink a seat pays into (Mars Needs Mechanics' purchases turn cogs into cards), ``back``
    the faucet that pays out for what it bought (set sales turn cards back into cogs). "below" 1 means the
    round trip leaks money: the pair is a net sink. Games where nothing was spent are left out.
    """
    paid, returned = _per_game_source(run, spent, -1), _per_game_source(run, back, +1)
    used = paid > 0
    return findings.mean((returned[used] / paid[used]).tolist(), measure=measure, reference=1, fmt=".2f")


def relative_change(changed: MoneyRun, base: MoneyRun, *, measure: str) -> findings.Estimate:
    """The money supply at the end of ``changed`` against ``base`` over the same deals, as a share of
    ``base``'s (per game: changed ÷ base − 1), against 0: −0.22 is a money supply 22% smaller."""
    _check_paired(changed, base)
    if (base.games["end"] <= 0).any():
        raise InvalidArgumentError(f"{base.title} ends some games with no money: a share of it has no meaning")
    shares = (changed.games["end"] / base.games["end"] - 1).tolist()
    return findings.mean(shares, measure=measure, reference=0, fmt=findings.percent)


def compare_runs(
    changed: MoneyRun, base: MoneyRun, column: str, *, a: str, b: str, measure: str, fmt: findings.Format | None = None
) -> findings.Comparison:
    """``column`` of :attr:`MoneyRun.games` in ``changed`` against ``base``, paired game by game."""
    _check_paired(changed, base)
    if column not in base.games.columns:
        raise InvalidArgumentError(f"no column {shown(column)}; the columns are {list(base.games.columns)}")
    written = fmt if fmt is not None else ".3f" if column == "gini" else _money_format(base.game)
    return findings.compare_paired(changed.games[column].tolist(), base.games[column].tolist(), a=a, b=b,
                                   measure=measure, fmt=written)  # fmt: skip


def _check_paired(changed: MoneyRun, base: MoneyRun) -> None:
    if changed.game != base.game or changed.games["seed"].tolist() != base.games["seed"].tolist():
        raise InvalidArgumentError("the two runs must play the same game over the same seeds (same seed and games)")


def seat_purse(run: MoneyRun, seat: int, *, measure: str, smallest_effect: float | None = None) -> findings.Estimate:
    """Seat ``seat``'s money at the end of each game against what it started with; with no difference
    detected, the finding says how many games would detect a gain or loss of ``smallest_effect``."""
    number = check_int(seat, "seat", 0, run.game.seats - 1)
    return findings.mean(run.purses[number].tolist(), measure=measure, reference=run.starting[number],
                         smallest_effect=smallest_effect, fmt=_money_format(run.game))  # fmt: skip


def seat_win_rate(run: MoneyRun, seat: int, *, measure: str | None = None) -> findings.Estimate:
    """The share of the run's games seat ``seat`` won (by the game's rules, tie breaks included; a tied win
    counts), with its Wilson interval over games, against the seat's fair share: 1 / seats.

    "above" means the games show the seat wins more than its share: the Wilson interval's lower bound clears
    1 / seats, which a lucky estimate alone does not.
    """
    number = check_int(seat, "seat", 0, run.game.seats - 1)
    if run.won.empty:
        raise InvalidArgumentError("this run recorded no winners: play it with money.play")
    wins = int(run.won[number].astype(bool).sum())
    words = measure or f"win rate of seat {number} in {run.title}"
    return findings.proportion(wins, len(run.won), measure=words, reference=1 / run.game.seats)


def gini_with_extra(run: MoneyRun, extra: int) -> list[float]:
    """Per game, the Gini the seats' purses would have with ``extra`` more money each and nothing else changed:
    the pencil prediction for a larger starting purse (equal money added to every seat lowers the Gini)."""
    return [analysis.gini([amount + extra for amount in row]) for row in run.purses.itertuples(index=False)]


def flow_table(run: MoneyRun) -> pd.DataFrame:
    """Per source, the mean paid into and taken out of the seats per game, and what the source is.

    ``kind``: a **faucet** pays seats from outside them, a **sink** takes money out of them, and a payment
    **between players** (into one seat, out of another, the same amount in every game) leaves the supply as
    it is. Largest faucet first, then the sinks, largest first.
    """
    if run.flows.empty:
        raise InvalidArgumentError("this run recorded no payments: play it with flows=True")
    count = len(run.games)
    rows = []
    for source in sorted(run.flows["source"].unique()):
        into = _per_game_source(run, source, +1)
        out = _per_game_source(run, source, -1)
        kind = "between players" if (into == out).all() else "faucet" if into.sum() > out.sum() else "sink"
        rows.append({"source": source, "kind": kind, "into seats per game": into.sum() / count,
                     "out of seats per game": out.sum() / count})  # fmt: skip
    table = pd.DataFrame(rows)
    table["net per game"] = table["into seats per game"] - table["out of seats per game"]
    return table.sort_values("net per game", ascending=False, kind="stable").reset_index(drop=True)
