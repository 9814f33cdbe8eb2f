"""What a tune found: every trial as a row, the best candidate with its interval, and a sentence true for any outcome.

The sentence is composed from the result, never written around it: "reached within ±x" only when the best
estimate lies within the tolerance of the target, "not reached in N trials; closest ..." otherwise, and either
way the interval, the evaluations spent and, when the interval is wider than the tolerance, how many games
would give an interval that narrow (``findings.games_needed`` at 50% power: an interval of ±h).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pandas as pd

from playbook import findings
from playbook.core.match import resolve_game

from .parameters import Parameter, rules_for
from .targets import Target

#: The columns of ``TuneResult.trials`` after one column per parameter.
TRIAL_COLUMNS = ("value", "low", "high", "distance", "sd", "n", "reached", "played", "games", "error")


@dataclass(frozen=True)
class TuneResult:
    """A finished tune.

    ``trials`` has one row per trial: ``trial`` (from 1), one column per parameter, then the measured ``value`` and its
    interval (``low``, ``high``), the ``distance`` from the target, the spread ``sd`` of one unit's value, ``n``
    units, ``reached``, ``played`` (False when the candidate repeated an earlier one and its measurement was
    reused), ``games`` played for it and ``error`` (why a candidate was refused or failed, else ``None``).
    ``budget`` is the trials allowed; ``best`` holds the closest candidate's values (``None`` when no candidate
    could be measured) and ``estimate`` its finding. ``evaluations`` counts the candidates measured (each a
    tournament of ``games_each`` seeds, played in both seatings for a corporation target), ``games_played``
    every game played.
    """

    game: str
    target: Target
    target_words: str
    parameters: tuple[Parameter, ...]
    trials: pd.DataFrame
    best: Mapping[str, float] | None
    estimate: findings.Estimate | None
    evaluations: int
    games_played: int
    games_each: int
    seed: int
    budget: int

    @property
    def reached(self) -> bool:
        """True when the best candidate's estimate lies within the tolerance of the target."""
        return self.estimate is not None and abs(self.estimate.value - self.target.value) <= self.target.tolerance

    @property
    def within_interval(self) -> bool:
        """True when the best candidate's whole interval lies within the tolerance of the target."""
        found, target = self.estimate, self.target
        return found is not None and target.value - target.tolerance <= found.low <= found.high <= (
            target.value + target.tolerance
        )

    @property
    def games_per_candidate(self) -> int:
        """Games each candidate plays: ``games_each``, twice for a corporation target (both seatings)."""
        return self.games_each * len(self.target.seatings())

    @property
    def games_needed(self) -> int | None:
        """Games per candidate that would give the best one an interval of about ±tolerance (``None`` without one)."""
        if self.best is None:
            return None
        row = self.best_row()
        sd = float(row["sd"])
        if not math.isfinite(sd) or sd == 0:
            return None
        needed = findings.games_needed(sd, self.target.tolerance, power=0.5)
        return needed * (2 if self.target.unit == "deals" else 1)

    def best_row(self) -> pd.Series:
        """The trials row of the best candidate (the first of equally close ones)."""
        measured = self.trials[self.trials["distance"].notna()]
        return measured.iloc[int(measured["distance"].to_numpy().argmin())]

    def rules(self) -> Any:
        """The best candidate's rules (``None`` without one); for a corporation target, with the candidate in
        seat 0 (the first of the two seatings it played)."""
        if self.best is None:
            return None
        return rules_for(resolve_game(self.game), self.parameters, dict(self.best), self.target.seatings()[0])

    def settings_words(self) -> str:
        """The best values as a designer reads them: ``starting_money = 55, shelf_cost = 30``."""
        if self.best is None:
            return "no candidate"
        return ", ".join(f"{name} = {_value_words(p, self.best[name])}" for name, p in self._by_name().items())

    def _by_name(self) -> dict[str, Parameter]:
        return {parameter.name: parameter for parameter in self.parameters}

    def target_description(self) -> str:
        """The target in words with its tolerance: "mean turns played = 30.0 ±2.0"."""
        fmt = self.target.fmt
        return f"{self.target_words} = {_formatted(self.target.value, fmt)} ±{_formatted(self.target.tolerance, fmt)}"

    def sentence(self) -> str:
        """The answer in words, true for any outcome (see the module's docstring)."""
        trials = _counted(len(self.trials), "trials")
        spent = f"{_counted(self.evaluations, 'candidates')} measured, {_counted(self.games_played, 'games')} played"
        target = f"{self.target_words} = {_formatted(self.target.value, self.target.fmt)}"
        tolerance = f"±{_formatted(self.target.tolerance, self.target.fmt)}"
        found = self.estimate
        if found is None:
            errors = [str(e) for e in self.trials["error"] if isinstance(e, str)]
            why = f" (first reason: {errors[0]})" if errors else ""
            return f"Target {target}: not reached in {trials}: no candidate could be measured{why}."
        measured = f"{self.settings_words()} gives {found.value_words()} ({found.interval_words()})"
        if self.reached:
            head = f"Target {target}: reached within {tolerance}: {measured}; {spent} in {trials}."
        else:
            distance = _formatted(abs(found.value - self.target.value), self.target.fmt)
            head = (
                f"Target {target}: not reached in {trials} ({spent}); closest: {measured}, "
                f"{distance} from the target (tolerance {tolerance})."
            )
        return f"{head} {self._precision_words(tolerance)}"

    def _precision_words(self, tolerance: str) -> str:
        if self.within_interval:
            return f"Its whole interval lies within {tolerance} of the target."
        needed = self.games_needed
        beyond = f"Its interval reaches beyond {tolerance} of the target"
        if needed is None or needed <= self.games_per_candidate:
            return f"{beyond}."
        return (
            f"{beyond}: about {needed:,} games per candidate would give an interval of about {tolerance} "
            f"(here {self.games_per_candidate:,})."
        )


def _value_words(parameter: Parameter, value: float) -> str:
    if parameter.whole:
        number = round(value)
        return f"{number:+d}" if parameter.is_medal and parameter.position is None else str(number)
    return f"{value:.3g}"


def _formatted(value: float, fmt: findings.Format) -> str:
    return fmt(value) if callable(fmt) else format(value, fmt)


def _counted(count: int, unit: str) -> str:
    return f"{count:,} {unit[:-1] if count == 1 else unit}"
