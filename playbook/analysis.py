"""Design metrics from tournament frames and money flows: the numbers a lesson's claims stand on.

A lesson that says "the hoarder wins more often" must say it only when the difference is real. Every
function here returns a DataFrame with the interval beside the estimate, so a notebook can assert the claim
it prints (``differs(...)``) and call a difference within noise "no difference".

Intervals: a win rate gets the Wilson score interval (sound near 0 and 1, unlike the normal one); a mean
gets Student's t interval ``mean +- t * sd / sqrt(n)`` (the normal ``z = 1.96`` is about 15% too narrow at
10 games); both from scipy.stats, at 95% unless told otherwise. Seats of one game are not independent, so
``win_rates`` and ``score_summary`` first reduce each agent's seats in a game to one value per game
(``game_values``). For a claim with a verdict and a sentence, use :mod:`playbook.findings`.

Money flows: each game's ``economy.money_flows(match)`` returns one row per payment with the columns
``round, seat, source, amount`` (positive: money into the seat from ``source``; negative: out to it).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from numbers import Integral, Real
from typing import TYPE_CHECKING

import scipy.stats  # type: ignore[import-untyped]

from .core.errors import InvalidArgumentError, shown

if TYPE_CHECKING:
    import pandas as pd

Z95 = 1.959963984540054
FLOW_COLUMNS = ("round", "seat", "source", "amount")


def confidence_of(z: float) -> float:
    """The two-sided confidence a normal quantile ``z`` stands for (1.96: 95%).

    The interval functions keep their ``z`` argument (lessons pass it), while scipy asks for a confidence.
    """
    if isinstance(z, bool) or not isinstance(z, Real) or not 0 < float(z) < math.inf:
        raise InvalidArgumentError(f"z must be a positive number (1.96 for 95%), not {shown(z)}")
    return float(2 * scipy.stats.norm.cdf(float(z)) - 1)


def wilson_interval(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate ``wins / games`` (scipy's ``binomtest(...).proportion_ci``).

    >>> [round(x, 3) for x in wilson_interval(50, 100)]
    [0.404, 0.596]
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    for name, count in (("wins", wins), ("games", games)):
        if isinstance(count, bool) or not isinstance(count, Integral) or count < 0:
            raise InvalidArgumentError(f"{name} must be a count (an int of 0 or more), not {shown(count)}")
    if wins > games:
        raise InvalidArgumentError(f"wins ({wins}) cannot exceed games ({games})")
    confidence = confidence_of(z)
    if games == 0:
        return (0.0, 1.0)
    interval = scipy.stats.binomtest(int(wins), int(games)).proportion_ci(confidence, method="wilson")
    low = 0.0 if wins == 0 else max(0.0, float(interval.low))
    high = 1.0 if wins == games else min(1.0, float(interval.high))
    return (low, high)


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """``(mean, low, high)``: the mean and its t interval at the confidence ``z`` stands for (95%).

    One value says nothing about the spread, so its bounds are NaN (unknown, and ``differs`` never calls
    an unknown interval different); equal values give the degenerate interval ``(mean, mean)``.

    >>> mean_interval([1.0, 2.0, 3.0])[0]
    2.0
    >>> [round(x, 2) for x in mean_interval([1.0, 2.0, 3.0])]
    [2.0, -0.48, 4.48]
    """
    confidence = confidence_of(z)
    numbers = [float(v) for v in values]
    n = len(numbers)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    mean = math.fsum(numbers) / n
    if n == 1:
        return (mean, math.nan, math.nan)
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in numbers) / (n - 1))
    if sd == 0 or math.isnan(sd):
        return (mean, mean, mean) if sd == 0 else (mean, math.nan, math.nan)
    half = float(scipy.stats.t.ppf(0.5 + confidence / 2, n - 1)) * sd / math.sqrt(n)
    return (mean, mean - half, mean + half)


def game_values(results: pd.DataFrame, column: str, by: str = "agent") -> pd.DataFrame:
    """One row per (``by``, game): the mean of ``column`` over that agent's seats in that game.

    Seats of one game share its dice and its rivals, so they are not independent draws: an agent in two
    seats of a game is one observation of that game, not two. A boolean column (``won``) becomes "any seat
    won". Frames without a ``game`` column are returned row by row, as they are.
    """
    _require(results, [by, column])
    if "game" not in results.columns or by == "game":
        return results[[by, column]].reset_index(drop=True)
    values = results[[by, "game", column]]
    grouped = values.groupby([by, "game"], sort=True)[column]
    reduced = grouped.max() if values[column].dtype == bool else grouped.mean()
    return reduced.reset_index()


def differs(a_low: float, a_high: float, b_low: float, b_high: float) -> bool:
    """True when two 95% intervals do not overlap: a difference a lesson may state as real.

    Non-overlap is conservative (two intervals can overlap a little while the difference is still
    significant), which is the right side to err on in front of a class.

    >>> differs(0.1, 0.2, 0.3, 0.4), differs(0.1, 0.35, 0.3, 0.4)
    (True, False)
    """
    return a_high < b_low or b_high < a_low


def _require(results: pd.DataFrame, columns: Sequence[str]) -> None:
    missing = [column for column in columns if column not in results.columns]
    if missing:
        raise InvalidArgumentError(f"the frame needs the columns {missing} (a tournament frame has them)")


def win_rates(results: pd.DataFrame, by: str = "agent") -> pd.DataFrame:
    """Per agent (or ``by``): games, wins, win_rate and its Wilson interval ``ci_low``, ``ci_high``.

    Counted per game (``game_values``): an agent in two seats of a game plays one game, won if either seat won.
    """
    import pandas as pd

    _require(results, [by, "won"])
    rows = []
    for key, part in game_values(results.assign(won=results["won"].astype(bool)), "won", by).groupby(by, sort=True):
        games, wins = len(part), int(part["won"].sum())
        low, high = wilson_interval(wins, games)
        rows.append({by: key, "games": games, "wins": wins, "win_rate": wins / games, "ci_low": low, "ci_high": high})
    return pd.DataFrame(rows, columns=[by, "games", "wins", "win_rate", "ci_low", "ci_high"])


def score_summary(results: pd.DataFrame, by: str = "agent", column: str = "score") -> pd.DataFrame:
    """Per agent: games, mean of ``column`` with its 95% t interval, and the standard deviation.

    Over games, not seats (``game_values``): an agent's seats in one game are averaged into one value first.
    """
    import pandas as pd

    _require(results, [by, column])
    rows = []
    for key, part in game_values(results, column, by).groupby(by, sort=True):
        values = [float(v) for v in part[column]]
        mean, low, high = mean_interval(values)
        sd = float(pd.Series(values).std(ddof=1)) if len(values) > 1 else 0.0
        rows.append({by: key, "games": len(values), "mean": mean, "ci_low": low, "ci_high": high, "sd": sd})
    return pd.DataFrame(rows, columns=[by, "games", "mean", "ci_low", "ci_high", "sd"])


def head_to_head(results: pd.DataFrame) -> pd.DataFrame:
    """Row agent's win rate in the games where it sat with the column agent (NaN where they never met).

    With two seats this is the pairwise dominance matrix; with more, each cell counts the games the two
    shared, however many others sat with them.
    """
    import pandas as pd

    _require(results, ["game", "agent", "won"])
    agents = sorted(results["agent"].unique())
    wins = {(a, b): 0 for a in agents for b in agents}
    met = {(a, b): 0 for a in agents for b in agents}
    for _, game in results.groupby("game", sort=True):
        seated = list(zip(game["agent"], game["won"], strict=True))
        for agent, won in seated:
            for other in {name for name, _ in seated if name != agent}:
                met[(agent, other)] += 1
                wins[(agent, other)] += int(bool(won))
    matrix = pd.DataFrame(index=agents, columns=agents, dtype=float)
    for a in agents:
        for b in agents:
            matrix.loc[a, b] = wins[(a, b)] / met[(a, b)] if met[(a, b)] else math.nan
    matrix.index.name = "agent"
    matrix.columns.name = "against"
    return matrix


def seat_advantage(results: pd.DataFrame) -> pd.DataFrame:
    """Win rate by seat with its Wilson interval: does going first pay?"""
    return win_rates(results, by="seat")


def gini(values: Sequence[float]) -> float:
    """The Gini coefficient of non-negative amounts: 0 when all are equal, and (n - 1)/n, its largest value,
    when one of the n holds everything (0.75 with four seats, 0.5 with two), so a lesson says the maximum for
    its number of seats instead of "near 1".

    >>> gini([5, 5, 5]), round(gini([0, 0, 9]), 3), gini([0, 0, 0, 12])
    (0.0, 0.667, 0.75)
    """
    amounts = sorted(max(0.0, float(v)) for v in values)
    n, total = len(amounts), sum(amounts)
    if n == 0 or total == 0:
        return 0.0
    weighted = sum((index + 1) * amount for index, amount in enumerate(amounts))
    return (2 * weighted) / (n * total) - (n + 1) / n


def check_flows(flows: pd.DataFrame) -> None:
    _require(flows, FLOW_COLUMNS)


def money_flow_summary(flows: pd.DataFrame) -> pd.DataFrame:
    """Total money in (faucets, positive) and out (sinks, negative) by source, largest first."""
    import pandas as pd

    check_flows(flows)
    if flows.empty:
        return pd.DataFrame(columns=["source", "into_seats", "out_of_seats", "net"])
    grouped = flows.groupby("source", sort=True)["amount"]
    summary = pd.DataFrame(
        {
            "into_seats": grouped.apply(lambda s: int(s[s > 0].sum())),
            "out_of_seats": grouped.apply(lambda s: int(-s[s < 0].sum())),
        }
    )
    summary["net"] = summary["into_seats"] - summary["out_of_seats"]
    summary = summary.reset_index().sort_values(["net", "source"], ascending=[False, True], kind="stable")
    return summary.reset_index(drop=True)


def money_by_round(flows: pd.DataFrame, starting: Sequence[int]) -> pd.DataFrame:
    """Each seat's money after each round (round 0: the start plus set-up flows), the total, and the Gini."""
    import pandas as pd

    check_flows(flows)
    last = int(flows["round"].max()) if not flows.empty else 0
    seats = len(starting)
    totals = flows.groupby(["round", "seat"])["amount"].sum()
    per_round: dict[tuple[int, int], float] = {}
    for key, amount in totals.items():
        pair: tuple[int, int] = key  # type: ignore[assignment]
        per_round[(int(pair[0]), int(pair[1]))] = float(amount)
    money = [float(m) for m in starting]
    rows = []
    for round_number in range(last + 1):
        for seat in range(seats):
            money[seat] += per_round.get((round_number, seat), 0.0)
        row: dict[str, float | int] = {"round": round_number}
        row.update({f"seat {seat}": money[seat] for seat in range(seats)})
        row["total"] = sum(money)
        row["gini"] = gini(money)
        rows.append(row)
    return pd.DataFrame(rows)


def per_game(results: pd.DataFrame) -> pd.DataFrame:
    """One row per game: rounds, steps, the winning score, the runner-up's and the margin between them."""
    import pandas as pd

    _require(results, ["game", "score", "rounds"])
    rows = []
    for game, part in results.groupby("game", sort=True):
        scores = sorted((float(s) for s in part["score"]), reverse=True)
        runner_up = scores[1] if len(scores) > 1 else scores[0]
        row = {"game": game, "rounds": int(part["rounds"].iloc[0]), "best": scores[0], "runner_up": runner_up}
        row["margin"] = scores[0] - runner_up
        if "steps" in part:
            row["steps"] = int(part["steps"].iloc[0])
        rows.append(row)
    return pd.DataFrame(rows)


def game_length(results: pd.DataFrame) -> pd.DataFrame:
    """How long games last, in rounds: mean with its interval, and the spread (min, median, max)."""
    import pandas as pd

    games = per_game(results)
    mean, low, high = mean_interval([float(r) for r in games["rounds"]])
    summary = {"games": len(games), "mean": mean, "ci_low": low, "ci_high": high}
    summary.update({"min": games["rounds"].min(), "median": games["rounds"].median(), "max": games["rounds"].max()})
    return pd.DataFrame([summary])


def score_margin(results: pd.DataFrame) -> pd.DataFrame:
    """How close games are: the winner's lead over the runner-up, mean with its interval and the spread."""
    import pandas as pd

    games = per_game(results)
    mean, low, high = mean_interval([float(m) for m in games["margin"]])
    summary = {"games": len(games), "mean": mean, "ci_low": low, "ci_high": high}
    summary.update({"median": games["margin"].median(), "share_ties": float((games["margin"] == 0).mean())})
    return pd.DataFrame([summary])


def lead_changes(scores_by_round: pd.DataFrame) -> pd.DataFrame:
    """How often the lead changes hands: per game, from one row per (game, round, seat, score).

    The leader after a round is the seat with the highest score; a round where seats tie for the lead keeps
    the previous leader (a tie is not a change).
    """
    import pandas as pd

    _require(scores_by_round, ["game", "round", "seat", "score"])
    rows = []
    for game, part in scores_by_round.groupby("game", sort=True):
        leader: int | None = None
        changes = 0
        for _, one_round in part.sort_values(["round", "seat"]).groupby("round", sort=True):
            best = one_round["score"].max()
            leaders = [int(seat) for seat in one_round.loc[one_round["score"] == best, "seat"]]
            if len(leaders) == 1 and leaders[0] != leader:
                changes += leader is not None
                leader = leaders[0]
        rows.append({"game": game, "lead_changes": changes, "final_leader": leader})
    return pd.DataFrame(rows, columns=["game", "lead_changes", "final_leader"])
