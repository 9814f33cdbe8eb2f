"""The search: Optuna proposes rule values, seeded tournaments measure them, the closest to the target wins.

Why Optuna's TPE sampler and not a grid or a hand-written search: it is well kept, handles whole and real
numbers and several parameters at once, and spends its trials where the last ones came close. Why its
ask-and-tell interface: the tune, not Optuna, runs each trial, so a repeated candidate is measured once
(its measurement reused, the trial counted, no games played), a candidate the rules refuse is told as failed
with the reason kept, and the tournaments run on whatever executor the caller gives.

Common random numbers: every candidate plays the same game seeds (the tournament seed is the tune's seed),
so two candidates differ by their rules, not by their deals, and the search compares like with like. The
sampler is seeded too and the trials run one after another, so the same call gives the same trials, on one
process, a thread or process pool or a Dask cluster (the tournament puts its rows back in game order).
The first trial is the printed rules (every parameter's standard value inside its range), the reading a
designer starts from.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import optuna
import pandas as pd

from playbook import findings
from playbook.core.agents import AgentLike
from playbook.core.decide import DEFAULT_TIME_LIMIT
from playbook.core.engine import check_seed
from playbook.core.errors import PlaybookError, shown
from playbook.core.match import resolve_game
from playbook.core.tournament import check_agents, check_players_argument, tournament

from .parameters import Parameter, TuneError, check_parameters, rules_for
from .result import TuneResult
from .targets import Target, check_target

MAX_TRIALS = 10_000
MAX_GAMES = 1_000_000
#: Trials sampled at random before TPE models the landscape: a third of the budget, from 3 to 10.
LEAST_STARTUP, MOST_STARTUP = 3, 10

TrialCallback = Callable[[TuneResult], None]


@dataclass(frozen=True)
class Measured:
    """One candidate's measurement (or why it could not be measured)."""

    estimate: findings.Estimate | None
    sd: float
    games: int
    error: str | None = None


def tune(
    game: str | ModuleType,
    parameters: Mapping[str, tuple[float, float]],
    target: Target,
    *,
    agents: Sequence[AgentLike] | None = None,
    games: int = 20,
    trials: int = 20,
    seed: int = 0,
    players: int | None = None,
    executor: Any = None,
    progress: bool = False,
    stop_when_reached: bool = True,
    on_trial: TrialCallback | None = None,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
) -> TuneResult:
    """Search ``parameters`` (name -> ``(low, high)``) for rules whose tournaments reach ``target``.

    Every candidate plays ``games`` seeded games (the same seeds for all; a corporation target plays each
    seed in both seatings) between ``agents`` at tables of ``players``; at most ``trials`` candidates are
    tried, stopping at the first that reaches the target unless ``stop_when_reached`` is False. ``executor``
    (any ``concurrent.futures.Executor``, or a Dask ``Client``) plays the tournaments; ``progress`` shows a
    bar of trials; ``on_trial`` is called with the result so far after each trial. Every argument is checked
    before a game is played, and a refusal (:class:`TuneError`) names the argument.
    """
    module = _check_game(game)
    checked = check_parameters(module, parameters)
    aim = check_target(target)
    aim.check_game(module)
    lineup = _check_lineup(module, aim, agents)
    aim.check(module, lineup)
    _check_count(games, "games", 2, MAX_GAMES)
    _check_count(trials, "trials", 1, MAX_TRIALS)
    _check_seed(seed)
    seats = _check_players(module, aim, players, len(lineup))
    pool = _check_executor(executor)
    if not isinstance(stop_when_reached, bool):
        raise TuneError(f"stop_when_reached must be True or False, not {shown(stop_when_reached)}")
    if on_trial is not None and not callable(on_trial):
        raise TuneError(f"on_trial must be a function of the result so far, not {shown(on_trial)}")

    def measure(values: Mapping[str, float]) -> Measured:
        return _measure(module, checked, aim, values, lineup, games, seed, seats, pool, time_limit)

    search = _Search(module.INFO.name, checked, aim, aim.words(module), games, seed, trials)
    bar = _progress_bar(trials, module.INFO.name) if progress else None
    with _quiet_optuna():
        study = optuna.create_study(direction="minimize", sampler=_sampler(seed, trials))
        standard = {p.name: _typed(p, p.standard) for p in checked if p.contains(p.standard)}
        if standard:
            study.enqueue_trial(standard)
        distributions = {p.name: _distribution(p) for p in checked}
        for number in range(trials):
            trial = study.ask(fixed_distributions=distributions)
            values = {p.name: _typed(p, float(trial.params[p.name])) for p in checked}
            found = search.record(number, values, measure)
            if found.estimate is None:
                study.tell(trial, state=optuna.trial.TrialState.FAIL)
            else:
                study.tell(trial, abs(found.estimate.value - aim.value))
            result = search.result()
            _advance(bar, result)
            if on_trial is not None:
                on_trial(result)
            if stop_when_reached and result.reached:
                break
    if bar is not None:
        bar.total = bar.n  # a tune that reached its target early ends the bar there, full
        bar.refresh()
        bar.close()
    return search.result()


Measure = Callable[[Mapping[str, float]], Measured]


class _Search:
    """The trials so far: their rows, the measurements by candidate (a repeat is not played again), the spend."""

    def __init__(
        self,
        game: str,
        parameters: tuple[Parameter, ...],
        target: Target,
        words: str,
        games: int,
        seed: int,
        budget: int,
    ) -> None:
        self.game, self.parameters, self.target, self.words = game, parameters, target, words
        self.games, self.seed, self.budget = games, seed, budget
        self.rows: list[dict[str, Any]] = []
        self.measured: dict[tuple[float, ...], Measured] = {}
        self.best: tuple[float, int] | None = None  # (distance, row index): the first of equally close ones

    def record(
        self, number: int, values: Mapping[str, float], measure: Callable[[Mapping[str, float]], Measured]
    ) -> Measured:
        key = tuple(values[p.name] for p in self.parameters)
        repeat = key in self.measured
        found = self.measured[key] if repeat else measure(values)
        self.measured[key] = found
        estimate = found.estimate
        distance = math.nan if estimate is None else abs(estimate.value - self.target.value)
        row: dict[str, Any] = {"trial": number + 1, **values}
        row |= {
            "value": math.nan if estimate is None else estimate.value,
            "low": math.nan if estimate is None else estimate.low,
            "high": math.nan if estimate is None else estimate.high,
            "distance": distance,
            "sd": found.sd,
            "n": 0 if estimate is None else estimate.n,
            "reached": estimate is not None and distance <= self.target.tolerance,
            "played": not repeat,
            "games": 0 if repeat else found.games,
            "error": found.error,
        }
        self.rows.append(row)
        if estimate is not None and (self.best is None or distance < self.best[0]):
            self.best = (distance, len(self.rows) - 1)
        return found

    def result(self) -> TuneResult:
        frame = pd.DataFrame(self.rows)
        best = None if self.best is None else self.rows[self.best[1]]
        key = None if best is None else tuple(best[p.name] for p in self.parameters)
        return TuneResult(
            game=self.game,
            target=self.target,
            target_words=self.words,
            parameters=self.parameters,
            trials=frame,
            best=None if best is None else {p.name: best[p.name] for p in self.parameters},
            estimate=None if key is None else self.measured[key].estimate,
            evaluations=sum(1 for row in self.rows if row["played"] and row["error"] is None),
            games_played=int(sum(row["games"] for row in self.rows)),
            games_each=self.games,
            seed=self.seed,
            budget=self.budget,
        )


def _measure(
    module: ModuleType,
    parameters: tuple[Parameter, ...],
    target: Target,
    values: Mapping[str, float],
    agents: Sequence[AgentLike],
    games: int,
    seed: int,
    players: int,
    executor: Executor | None,
    time_limit: float | None,
) -> Measured:
    """Play one candidate's tournaments (the same seeds as every other candidate) and measure the target."""
    frames = []
    played = 0
    try:
        for seating in target.seatings():
            rules = rules_for(module, parameters, values, seating)
            frame = tournament(module, agents, games=games, seed=seed, players=players, rules=rules,
                               executor=executor, metrics=target.metrics, time_limit=time_limit)  # fmt: skip
            played += games
            frames.append(frame)
        units = target.values(frames)
        estimate = target.estimate(units, module)
    except PlaybookError as exc:  # rules the game refuses inside the range, or too few finished games to measure
        return Measured(None, math.nan, played, f"{type(exc).__name__}: {exc}"[:500])
    sd = float(pd.Series(units).std(ddof=1)) if len(units) > 1 else math.nan
    return Measured(estimate, sd, played)


# --- checks at the door -----------------------------------------------------------------------------------


def _check_game(game: object) -> ModuleType:
    try:
        return resolve_game(game)  # type: ignore[arg-type]
    except PlaybookError as exc:
        raise TuneError(f"game: {exc}") from None


def _check_lineup(module: ModuleType, target: Target, agents: object) -> list[AgentLike]:
    if agents is None:
        found = target.default_agents(module)
        if found is None:
            raise TuneError("agents: this target needs the agents that play the tournaments (a list of agents)")
        return found
    try:
        check_agents(agents)
    except PlaybookError as exc:
        raise TuneError(str(exc)) from None
    lineup: list[AgentLike] = list(agents)  # type: ignore[call-overload]
    return lineup


def _check_count(value: object, name: str, least: int, most: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        raise TuneError(f"{name} must be a whole number from {least} to {most:,}, not {shown(value)}")
    return value


def _check_seed(seed: object) -> None:
    try:
        check_seed(seed)
    except PlaybookError as exc:
        raise TuneError(str(exc)) from None


def _check_players(module: ModuleType, target: Target, players: object, agents: int) -> int:
    if len(target.seatings()) > 1:  # a corporation pairing: two seats, the candidate's and the reference's
        if players not in (None, 2):
            raise TuneError(f"players: a corporation target plays two-player games, not {shown(players)}")
        return 2
    try:
        return check_players_argument(module, players, agents)
    except PlaybookError as exc:
        raise TuneError(str(exc)) from None


def _check_executor(executor: object) -> Executor | None:
    """An ``Executor`` as given; a Dask ``Client`` as its ``get_executor()`` (a ``concurrent.futures`` one)."""
    if executor is None:
        return None
    if not isinstance(executor, Executor) and callable(getattr(executor, "get_executor", None)):
        executor = executor.get_executor()  # type: ignore[attr-defined]
    if not isinstance(executor, Executor):
        raise TuneError(f"executor must be a concurrent.futures.Executor or a Dask Client, not {shown(executor)}")
    return executor


# --- optuna -----------------------------------------------------------------------------------------------


def _sampler(seed: int, trials: int) -> optuna.samplers.BaseSampler:
    startup = max(LEAST_STARTUP, min(MOST_STARTUP, trials // 3))
    return optuna.samplers.TPESampler(seed=seed, n_startup_trials=startup)


def _distribution(parameter: Parameter) -> optuna.distributions.BaseDistribution:
    if parameter.whole:
        return optuna.distributions.IntDistribution(int(parameter.low), int(parameter.high))
    return optuna.distributions.FloatDistribution(parameter.low, parameter.high)


def _typed(parameter: Parameter, value: float) -> float:
    return round(value) if parameter.whole else float(value)


@contextlib.contextmanager
def _quiet_optuna() -> Iterator[None]:
    """Optuna logs every trial at INFO; the tune has its own progress bar, so its log is lowered while it runs."""
    before = optuna.logging.get_verbosity()
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    try:
        yield
    finally:
        optuna.logging.set_verbosity(before)


# --- progress ---------------------------------------------------------------------------------------------


def _progress_bar(total: int, name: str) -> Any:
    from tqdm.auto import tqdm  # in a notebook tqdm.auto loads ipywidgets: only a bar may

    return tqdm(total=total, desc=f"{name} tune", unit="trial")


def _advance(bar: Any, result: TuneResult) -> None:
    if bar is None:
        return
    if result.estimate is not None:
        bar.set_postfix(best=f"{result.estimate.value:.3g}", refresh=False)
    bar.update(1)
