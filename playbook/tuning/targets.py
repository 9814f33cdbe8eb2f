"""What a tune aims at: a measure of the tournaments a candidate's rules play, its target value and tolerance.

Every target turns the tournaments of one candidate into one value per unit (a game, or for a pair of
corporations a deal: one seed played with the candidate in each seat) and that into a finding with its
interval (:mod:`playbook.findings`): a mean with its t interval, or a share with its Wilson interval. The tune
minimises the distance of the estimate from the target; a candidate *reaches* the target when that distance is
within the tolerance. Why a tolerance and not "the interval contains the target": a small tournament's wide
interval contains almost any target, so "no difference detected" would be reached by the noisiest candidate.

- :func:`game_length`, :func:`money_supply`, :func:`collapse_rate`, :func:`measure`: a per-game column of the
  tournament (``rounds``, ``score``, ``steps``) or one of the game's end-of-game measures (``kpi_*``);
- :func:`win_rate`: the share of games one of the tune's agents wins;
- :func:`corporation_win_rate`, :func:`corporation_margin`: Planet Unknown, a corporation against another, the
  same bot in both seats, every seed played with the candidate in seat 0 and again in seat 1 (the asymmetry
  lesson's deals: whatever a seat is worth cancels within the deal, and the deal is the unit of the interval).
"""

from __future__ import annotations

import importlib
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace
from numbers import Real
from types import ModuleType
from typing import Any

import pandas as pd

from playbook import findings
from playbook.core.agents import AgentLike
from playbook.core.tournament import game_metrics

from .parameters import TuneError

KPI_PREFIX = "kpi_"
#: Per-game columns every tournament frame has (the rest a target reads are the game's ``kpi_*`` measures).
GAME_COLUMNS = ("rounds", "steps", "score")
STANDARD = "standard"
DEFAULT_BOT = "track racer"


@dataclass(frozen=True)
class Target:
    """A value to reach and how close is close enough; subclasses say what is measured and how.

    ``fmt`` writes the measure's numbers in sentences (a ``findings.Format``); ``unit`` names what one value of
    the interval stands for ("games" or "deals").
    """

    value: float
    tolerance: float

    def words(self, module: ModuleType) -> str:
        """The words a sentence names the measure by ("mean turns played")."""
        raise NotImplementedError

    @property
    def fmt(self) -> findings.Format:
        return findings.NUMBER

    @property
    def unit(self) -> str:
        return "games"

    @property
    def metrics(self) -> bool:
        """True when the tournaments must carry the game's ``kpi_*`` measures."""
        return False

    def check_game(self, module: ModuleType) -> None:
        """Refuse, naming ``target``, a target this game cannot measure (before any agent is chosen)."""

    def check(self, module: ModuleType, agents: Sequence[AgentLike]) -> None:
        """Refuse, naming ``target`` or ``agents``, a target these agents cannot measure."""

    def seatings(self) -> list[tuple[str, str] | None]:
        """The corporations by seat of each tournament a candidate plays (``None``: the rules' own)."""
        return [None]

    def default_agents(self, module: ModuleType) -> list[AgentLike] | None:
        """The agents a tune plays when it is given none (``None``: the tune must be given some)."""
        return None

    def values(self, frames: Sequence[pd.DataFrame]) -> list[float]:
        """One value per unit from the candidate's tournaments (one per seating), failed games left out."""
        raise NotImplementedError

    def estimate(self, values: Sequence[float], module: ModuleType) -> findings.Estimate:
        """The values' mean with its t interval, against the target value."""
        return findings.mean(values, measure=self.words(module), reference=self.value, fmt=self.fmt)


@dataclass(frozen=True)
class MeasureTarget(Target):
    """The per-game mean of a tournament column (``rounds``) or an end-of-game measure (``kpi_money_supply``);
    ``share`` measures a 0/1 column as a proportion with its Wilson interval."""

    column: str = "rounds"
    share: bool = False

    def words(self, module: ModuleType) -> str:
        label = _measure_labels(module).get(self.column.removeprefix(KPI_PREFIX))
        text = label or " ".join(self.column.removeprefix(KPI_PREFIX).replace("_", " ").split())
        return text if self.share else f"mean {text}"

    @property
    def fmt(self) -> findings.Format:
        return findings.percent if self.share else findings.NUMBER

    @property
    def metrics(self) -> bool:
        return self.column.startswith(KPI_PREFIX)

    def check_game(self, module: ModuleType) -> None:
        if self.column in GAME_COLUMNS:
            return
        known = [f"{KPI_PREFIX}{key}" for key in measure_keys(module)]
        if self.column not in known:
            offered = ", ".join([*GAME_COLUMNS, *known])
            raise TuneError(f"target: {module.INFO.name} does not measure {self.column!r}; it measures {offered}")

    def values(self, frames: Sequence[pd.DataFrame]) -> list[float]:
        frame = frames[0]
        clean = frame[frame["error"].isna()]
        return [float(v) for v in clean.groupby("game")[self.column].first().tolist()]

    def estimate(self, values: Sequence[float], module: ModuleType) -> findings.Estimate:
        if not self.share:
            return super().estimate(values, module)
        if any(v not in (0.0, 1.0) for v in values):
            raise TuneError(f"target: {self.column} is not a 0/1 measure, so it has no share; use measure()")
        reference = self.value if 0 < self.value < 1 else None
        found = findings.proportion(int(sum(values)), len(values), measure=self.words(module), reference=reference)
        return found


@dataclass(frozen=True)
class WinRateTarget(Target):
    """The share of games ``agent`` (a label of the tune's lineup: its name, or ``"name #2"`` for a second copy)
    wins; a tie counts as the tournament counts it (every tied winner's ``won`` is true)."""

    agent: str = ""

    def words(self, module: ModuleType) -> str:
        return f"win rate of {self.agent}"

    @property
    def fmt(self) -> findings.Format:
        return findings.percent

    def check(self, module: ModuleType, agents: Sequence[AgentLike]) -> None:
        labels = agent_labels(agents)
        if self.agent not in labels:
            raise TuneError(f"target: no agent {self.agent!r} in the lineup; the agents are {', '.join(labels)}")

    def values(self, frames: Sequence[pd.DataFrame]) -> list[float]:
        frame = frames[0]
        clean = frame[frame["error"].isna() & (frame["agent"] == self.agent)]
        return [float(v) for v in clean.groupby("game")["won"].max().astype(bool).tolist()]

    def estimate(self, values: Sequence[float], module: ModuleType) -> findings.Estimate:
        reference = self.value if 0 < self.value < 1 else None
        return findings.proportion(int(sum(values)), len(values), measure=self.words(module), reference=reference)


@dataclass(frozen=True)
class CorporationTarget(Target):
    """Planet Unknown: ``candidate`` against ``reference``, the same bot in both seats, each seed played with the
    candidate in seat 0 and again in seat 1. A deal's value is the candidate's win share over its two games (a
    tie is half a win) or, with ``margin``, its mean score minus the reference's. The unit is the deal."""

    candidate: str = ""
    reference: str = STANDARD
    bot: str = DEFAULT_BOT
    margin: bool = False

    def words(self, module: ModuleType) -> str:
        lesson = _lesson(module)
        name = lesson.candidate_name("corporations", self.candidate)
        other = lesson.candidate_name("corporations", self.reference)
        if self.margin:
            return f"{name}'s score margin over {other}"
        return f"{name}'s win rate against {other}"

    @property
    def fmt(self) -> findings.Format:
        return ".1f" if self.margin else findings.percent

    @property
    def unit(self) -> str:
        return "deals"

    def check_game(self, module: ModuleType) -> None:
        if "corporations" not in module.Rules.standard().to_dict():
            raise TuneError(f"target: {module.INFO.name} has no corporations; a corporation target is Planet Unknown's")
        lesson = _lesson(module)
        keys = [STANDARD, *lesson.playable_corporations()]
        for side, key in (("candidate", self.candidate), ("reference", self.reference)):
            if key not in keys:
                raise TuneError(
                    f"target: the {side} {key!r} is not a playable corporation; playable: {', '.join(keys)}"
                )
        if self.candidate == self.reference:
            raise TuneError(f"target: the candidate and the reference are both {self.candidate!r}")
        if self.bot not in lesson.bot_names():
            raise TuneError(f"target: no bot named {self.bot!r}; the bots are {', '.join(lesson.bot_names())}")

    def check(self, module: ModuleType, agents: Sequence[AgentLike]) -> None:
        if len(agents) != 1:
            raise TuneError("agents: a corporation target plays one bot in both seats; give one agent or none")

    def seatings(self) -> list[tuple[str, str] | None]:
        return [(self.candidate, self.reference), (self.reference, self.candidate)]

    def default_agents(self, module: ModuleType) -> list[AgentLike] | None:
        return [_lesson(module).bot_named(self.bot)]

    def values(self, frames: Sequence[pd.DataFrame]) -> list[float]:
        per_seating = [_candidate_games(frame, seat, self.margin) for seat, frame in enumerate(frames)]
        both = per_seating[0].merge(per_seating[1], left_index=True, right_index=True, suffixes=("_0", "_1"))
        return [float(v) for v in ((both["value_0"] + both["value_1"]) / 2).tolist()]

    def estimate(self, values: Sequence[float], module: ModuleType) -> findings.Estimate:
        found = super().estimate(values, module)
        return found if found.unit == "deals" else _as_deals(found)


def _as_deals(found: findings.Estimate) -> findings.Estimate:
    return replace(found, unit="deals")


def _candidate_games(frame: pd.DataFrame, seat: int, margin: bool) -> pd.DataFrame:
    """One row per finished game (indexed by game): the candidate's (in ``seat``) win share or score margin."""
    clean = frame[frame["error"].isna()]
    mine = clean[clean["seat"] == seat].set_index("game")
    other = clean[clean["seat"] == 1 - seat].set_index("game")
    if margin:
        value = mine["score"] - other["score"]
    else:
        value = mine["won"].astype(float) - (mine["won"] & other["won"]).astype(float) / 2
    return pd.DataFrame({"value": value.astype(float)})


def _lesson(module: ModuleType) -> Any:
    return importlib.import_module(f"{module.__name__}.asymmetry_lesson")


def measure_keys(module: ModuleType) -> list[str]:
    """The keys of the game's ``metrics(state)`` (its ``kpi_*`` columns), in the game's words table's order."""
    if game_metrics(module) is None:
        return []
    return [key for key in _measure_labels(module) if key not in GAME_COLUMNS]


def _measure_labels(module: ModuleType) -> dict[str, str]:
    """The game's ``MEASURE_LABELS`` (beside its ``metrics``), read here because ``playbook.charts`` loads plotly."""
    found = game_metrics(module)
    words = getattr(sys.modules.get(found.__module__), "MEASURE_LABELS", None) if found is not None else None
    return dict(words) if isinstance(words, dict) else {}


def agent_labels(agents: Sequence[AgentLike]) -> list[str]:
    """The labels a tournament gives ``agents`` (a repeated name gets ``#1``, ``#2``): what a win rate names."""
    names = [agent.name for agent in agents]
    return [
        f"{name} #{names[:index].count(name) + 1}" if names.count(name) > 1 else name
        for index, name in enumerate(names)
    ]


# --- constructors -----------------------------------------------------------------------------------------


def _number(value: object, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, Real) or not math.isfinite(float(value)):
        raise TuneError(f"target: {what} must be a finite number, not {value!r}")
    return float(value)


def _tolerance(value: object) -> float:
    tolerance = _number(value, "tolerance")
    if tolerance <= 0:
        raise TuneError(f"target: tolerance must be above 0, not {tolerance:g}")
    return tolerance


def _share(value: object, what: str) -> float:
    share = _number(value, what)
    if not 0 <= share <= 1:
        raise TuneError(f"target: {what} must be a share from 0 to 1 (0.5 for 50%), not {share:g}")
    return share


def game_length(rounds: float, *, tolerance: float = 1.0) -> MeasureTarget:
    """A mean game length of ``rounds`` (the tournament's ``rounds``: turns in Parts Unknown), within ``tolerance``."""
    return MeasureTarget(_number(rounds, "rounds"), _tolerance(tolerance), "rounds")


def money_supply(amount: float, *, tolerance: float | None = None) -> MeasureTarget:
    """A mean money supply at the end of ``amount`` (the game's ``kpi_money_supply``); ``tolerance`` defaults to
    5% of the amount (at least 1)."""
    value = _number(amount, "amount")
    chosen = max(1.0, abs(value) * 0.05) if tolerance is None else tolerance
    return MeasureTarget(value, _tolerance(chosen), "kpi_money_supply")


def collapse_rate(share: float, *, tolerance: float = 0.05) -> MeasureTarget:
    """A share of games whose economy collapses (the game's ``kpi_collapsed``: Parts Unknown's Town)."""
    return MeasureTarget(_share(share, "share"), _tolerance(tolerance), "kpi_collapsed", share=True)


def measure(column: str, value: float, *, tolerance: float, share: bool = False) -> MeasureTarget:
    """Any per-game column: ``rounds``, ``steps``, ``score`` or one of the game's measures (``kpi_gini`` or just
    ``gini``); ``share=True`` reads a 0/1 measure as a proportion."""
    if not isinstance(column, str) or not column:
        raise TuneError(f"target: column must be a column name such as 'rounds' or 'kpi_gini', not {column!r}")
    name = column if column in GAME_COLUMNS or column.startswith(KPI_PREFIX) else f"{KPI_PREFIX}{column}"
    number = _share(value, "value") if share else _number(value, "value")
    return MeasureTarget(number, _tolerance(tolerance), name, share=share)


def win_rate(agent: str, rate: float = 0.5, *, tolerance: float = 0.1) -> WinRateTarget:
    """The share of games ``agent`` (its label in the lineup) wins: 0.5 for a strategy even with its rivals."""
    if not isinstance(agent, str) or not agent:
        raise TuneError(f"target: agent must be an agent's name, not {agent!r}")
    return WinRateTarget(_share(rate, "rate"), _tolerance(tolerance), agent)


def corporation_win_rate(
    candidate: str, reference: str = STANDARD, rate: float = 0.5, *, tolerance: float = 0.1, bot: str = DEFAULT_BOT
) -> CorporationTarget:
    """Planet Unknown: ``candidate``'s win rate against ``reference`` (Universal Coalition by default), a tie half a
    win; 0.5 makes the two even."""
    return CorporationTarget(_share(rate, "rate"), _tolerance(tolerance), candidate, reference, bot, margin=False)


def corporation_margin(
    candidate: str, reference: str = STANDARD, margin: float = 0.0, *, tolerance: float = 2.0, bot: str = DEFAULT_BOT
) -> CorporationTarget:
    """Planet Unknown: ``candidate``'s mean score minus ``reference``'s; 0 makes the two even on points."""
    return CorporationTarget(_number(margin, "margin"), _tolerance(tolerance), candidate, reference, bot, margin=True)


def check_target(target: object) -> Target:
    """``target`` when it is one of these targets, else a refusal naming ``target``."""
    if not isinstance(target, Target) or type(target) is Target:
        raise TuneError(
            "target must be a target such as tune.game_length(30), tune.money_supply(800) or "
            f"tune.corporation_win_rate('makeshift'), not {target!r}"[:300]
        )
    return target
