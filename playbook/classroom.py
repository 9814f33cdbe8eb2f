"""Class results: load a folder of students' strategies and predictions, play a class tournament, rank it.

A teacher's folder holds, per student, ``<student>.py`` (one ``@playbook.strategy`` function) and
``<student>.json`` (``{"student": ..., "game": ..., "predictions": {question id: number or choice}}``). Three
things make running them safe in front of a class:

- **No student code runs in the teacher's process.** :func:`load_submissions` reads each file as text and
  loads it in a fresh interpreter of its own with a time limit (a loop or ``sys.exit`` at import is reported
  by name); in the tournament each strategy plays from a :class:`playbook.core.sandbox.Sandbox` that loads the
  same text in its child. A :class:`SubmittedStrategy` pickles as that text, so a process pool or a Dask
  worker never runs it either.
- **A bad strategy costs only its own games.** Each decision has a time limit; a strategy that raises, times
  out or answers an illegal action forfeits that game (the ``error`` column says who and why), and one that
  times out in ``MAX_TIMEOUTS`` games is withdrawn from its later games, as :func:`playbook.tournament` does.
- **A stopped tournament loses no finished game.** With ``checkpoint=path`` each game is appended to a JSON
  lines file when it finishes; a rerun with the same file plays only the games missing, with the same seeds
  and seating, so its frame equals an uninterrupted run's.

This module is imported by every strategy's child process, so pandas and scipy (via ``playbook.findings``)
are imported only by the functions that build frames: a class of 30 children must not hold 30 copies.
"""

from __future__ import annotations

import bisect
import contextlib
import hashlib
import importlib
import json
import math
import os
import random
import re
import signal
import subprocess
import sys
import traceback
import types
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, TypeAlias

import cloudpickle

import playbook

from .core.agents import AgentLike
from .core.decide import check_time_limit
from .core.engine import check_int, check_seed, derived_seed
from .core.errors import PlaybookError, shown
from .core.match import resolve_game
from .core.protocol import Action, Json
from .core.sandbox import Sandbox
from .core.strategy import FunctionAgent
from .core.tournament import (
    MAX_TIMEOUTS,
    check_agents,
    failed_rows,
    game_metrics,
    game_seeds,
    play_match,
    result_rows,
    withdrawn_rows,
)

if TYPE_CHECKING:
    import pandas as pd

    from .findings import Comparison, Estimate

__all__ = [
    "Answer",
    "ClassroomError",
    "HeadToHead",
    "Problem",
    "Question",
    "Submission",
    "Submissions",
    "SubmittedStrategy",
    "class_tournament",
    "default_opponents",
    "head_to_head",
    "leaderboard",
    "load_submissions",
    "measure_questions",
    "prediction_marks",
    "predictions_summary",
    "questions",
    "save_predictions",
    "seating",
    "win_rate_estimates",
]

#: Seconds a student's file may take to load (a fresh interpreter importing playbook counts here).
LOAD_TIME_LIMIT = 10.0
#: Seconds per decision in a class tournament: a sensible strategy answers in milliseconds.
CLASS_TIME_LIMIT = 2.0
#: The largest strategy or predictions file read (a hand-written one is a few kilobytes).
MAX_FILE_BYTES = 200_000
#: Games submitted to an executor at a time: few enough that a withdrawal or a stop takes effect soon.
IN_FLIGHT = 32
CHECKPOINT_KIND = "playbook class tournament"
PREDICTION_KEYS = ("student", "game", "predictions")

Prediction: TypeAlias = float | str


class ClassroomError(PlaybookError):
    """A folder, checkpoint or argument of a class run is unusable; the message names the file and the key."""


@dataclass(frozen=True)
class Problem:
    """What is wrong with one student's file: shown to the teacher, and the rest of the class goes on."""

    file: str
    student: str
    what: str

    def __str__(self) -> str:
        return f"{self.file}: {self.what}"


@dataclass(frozen=True)
class Question:
    """A question students predict before the tournament; ``measure`` answers it from the results frame.

    A number question accepts numbers in ``[low, high]`` and is answered with an ``Estimate`` (a prediction
    inside its interval counts as right); a choice question accepts one of ``choices`` and is answered with one.
    """

    id: str
    text: str
    measure: Callable[[pd.DataFrame], Estimate | str] = field(repr=False)
    choices: tuple[str, ...] = ()
    low: float = -math.inf
    high: float = math.inf


class SubmittedStrategy:
    """A student's strategy as the teacher's process holds it: the file's text, played only in a sandbox.

    ``choose_within`` (what the harness calls) asks a child process that loaded the text; pickling carries
    the text, and unpickling in a worker reuses that worker's live copy, so its child survives between games.
    """

    stochastic = True
    uses_observation = True

    def __init__(self, student: str, file: str, source: str, strategy_name: str, description: str = "") -> None:
        self.name = student
        self.file = file
        self.source = source
        self.strategy_name = strategy_name
        self.description = description
        self.digest = hashlib.sha256(source.encode()).hexdigest()
        self._sandbox: Sandbox | None = None

    def choose(self, observation: Mapping[str, Json], legal_actions: Sequence[Action], rng: random.Random) -> Action:
        return self.choose_within(observation, legal_actions, rng, CLASS_TIME_LIMIT)

    def choose_within(
        self, observation: Mapping[str, Json], legal_actions: Sequence[Action], rng: random.Random, limit: float | None
    ) -> Action:
        if self._sandbox is None:
            payload = cloudpickle.dumps(_ChildStrategy(self.name, self.file, self.source, self.strategy_name))
            self._sandbox = Sandbox(payload, repr(self.name))
        return self._sandbox.decide(observation, legal_actions, rng, limit)

    def close(self) -> None:
        """Stop the strategy's process (the next decision starts a fresh one)."""
        if self._sandbox is not None:
            self._sandbox.close()
            self._sandbox = None

    def metadata(self) -> dict[str, Any]:
        return {"name": self.name, "description": self.description, "stochastic": True, "looks_at": "observation"}

    def __reduce__(self) -> tuple[Any, ...]:
        return (_reconnected, (self.name, self.file, self.source, self.strategy_name, self.description))

    def __repr__(self) -> str:
        return f"SubmittedStrategy({self.name!r}, {self.file!r})"


_LIVE: dict[tuple[str, str], SubmittedStrategy] = {}


def _reconnected(student: str, file: str, source: str, strategy_name: str, description: str) -> SubmittedStrategy:
    """The worker's live copy of a pickled submission (made the first time), so its sandbox is reused."""
    fresh = SubmittedStrategy(student, file, source, strategy_name, description)
    return _LIVE.setdefault((student, fresh.digest), fresh)


class _ChildStrategy:
    """The payload a sandbox child unpickles: unpickling loads the student's text there (and only there)."""

    def __init__(self, student: str, file: str, source: str, strategy_name: str) -> None:
        self.args = (student, file, source, strategy_name)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_load_in_child, self.args)


def _load_in_child(student: str, file: str, source: str, strategy_name: str) -> FunctionAgent:
    strategies, _ = _run_file(file, source)
    chosen = [found for found in strategies if found.name == strategy_name] or strategies
    if len(chosen) != 1:
        raise ClassroomError(f"{file}: expected one @playbook.strategy named {strategy_name!r}")
    return FunctionAgent(chosen[0].function, name=student, description=chosen[0].description, isolate=False)


def _run_file(file: str, source: str) -> tuple[list[FunctionAgent], object]:
    """Run a student's file as a module (in a child process only): its strategies and its ``GAME``, if any."""
    module = types.ModuleType(f"submission_{hashlib.sha256(file.encode()).hexdigest()[:12]}")
    module.__file__ = file
    sys.modules[module.__name__] = module  # dataclasses and pickling in the student's code look it up
    exec(compile(source, file, "exec"), module.__dict__)
    found = {id(value): value for value in vars(module).values() if isinstance(value, FunctionAgent)}
    return list(found.values()), vars(module).get("GAME")


def inspect_in_child() -> None:
    """Entry point of the loading check: read ``{"file", "source"}`` on stdin, load it, report as JSON, exit.

    The report goes to a copy of stdout; what the student's code prints goes to stderr. ``os._exit`` ends the
    process even if the code left a thread running."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    request = json.loads(sys.stdin.buffer.read())
    report = os.fdopen(os.dup(1), "w")
    os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
    os.dup2(2, 1)
    try:
        strategies, game = _run_file(request["file"], request["source"])
        answer: dict[str, Json] = {
            "strategies": [{"name": s.name, "description": s.description} for s in strategies],
            "game": game if isinstance(game, str) else None,
        }
    except BaseException as exc:  # a syntax error, an import, a crash or sys.exit: the student's problem
        answer = {"error": _load_error(exc, request["file"])}
    report.write(json.dumps(answer))
    report.flush()
    os._exit(0)


def _load_error(exc: BaseException, file: str) -> str:
    if isinstance(exc, SyntaxError):
        return f"syntax error on line {exc.lineno}: {exc.msg}"
    if isinstance(exc, SystemExit):
        return f"calls sys.exit({shown(exc.code)}) while loading"
    lines = [frame.lineno for frame in traceback.extract_tb(exc.__traceback__) if frame.filename == file]
    where = f" (line {lines[-1]})" if lines else ""
    if isinstance(exc, ImportError):
        return f"import refused{where}: {type(exc).__name__}: {str(exc)[:200]}"
    return f"crashes while loading{where}: {type(exc).__name__}: {str(exc)[:200]}"


def _child_environment() -> dict[str, str]:
    environment = dict(os.environ)
    environment["PYTHONPATH"] = os.pathsep.join(path for path in sys.path if path)
    return environment


def _inspect(file: str, source: str, time_limit: float) -> dict[str, Any]:
    """Load a file in a fresh interpreter of its own session (so a loop it starts is killed with it)."""
    process = subprocess.Popen(
        [sys.executable, "-c", "from playbook.classroom import inspect_in_child; inspect_in_child()"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=_child_environment(),
        start_new_session=True,
    )
    try:
        out, _ = process.communicate(json.dumps({"file": file, "source": source}).encode(), timeout=time_limit)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        return {"error": f"did not finish loading within {time_limit:g} s (an endless loop at import?)"}
    try:
        report = json.loads(out)
    except ValueError:
        report = None
    if not isinstance(report, dict):
        return {"error": f"its process stopped while loading (exit code {process.returncode})"}
    return report


# ---------------------------------------------------------------------------------------------- loading


@dataclass(frozen=True)
class Submission:
    """One student's accepted work: the strategy (``None`` if absent or refused) and the predictions kept."""

    student: str
    strategy: SubmittedStrategy | None
    predictions: Mapping[str, Prediction]


class Submissions(NamedTuple):
    valid: list[Submission]
    problems: list[Problem]


def questions(game: str | types.ModuleType) -> tuple[Question, ...]:
    """The questions a class predicts for ``game``: any game's, plus the game's own economy questions."""
    name = resolve_game(game).INFO.name
    common = (
        Question("rounds", "How many rounds will a game last, on average?", _rounds, low=0, high=10_000),
        Question("first_seat_wins", "What share of the games will the first seat win?", _first_seat, low=0, high=1),
        Question(
            "top", "Who will top the leaderboard: a student's strategy or a built-in bot?", _top, ("student", "bot")
        ),
    )
    own = {
        "parts_unknown": (
            Question("collapse", "In what share of the games will the Town collapse?", _collapse, low=0, high=1),
        ),
    }
    return common + own.get(name, ())


def load_submissions(
    folder: str | os.PathLike[str],
    game: str | types.ModuleType,
    *,
    question_list: Sequence[Question] | None = None,
    time_limit: float = LOAD_TIME_LIMIT,
) -> Submissions:
    """Every student's strategy and predictions in ``folder``, and a :class:`Problem` per refused file or entry.

    ``<student>.py`` and ``<student>.json`` belong to one student. Each strategy file is loaded in a process
    of its own under ``time_limit`` seconds (several at once); nothing in it runs here. Files whose names start
    with ``.`` or ``_`` and ``README`` files are skipped; any other file is reported."""
    base = Path(folder)
    if not base.is_dir():
        raise ClassroomError(f"submissions folder {shown(str(base))}: not a folder")
    name = resolve_game(game).INFO.name
    asked = {q.id: q for q in (questions(name) if question_list is None else question_list)}
    limit = check_time_limit(time_limit) or LOAD_TIME_LIMIT
    files = sorted(p for p in base.iterdir() if not p.name.startswith((".", "_")) and p.stem.upper() != "README")
    problems = [Problem(p.name, p.stem, "neither a strategy (.py) nor predictions (.json)") for p in files
                if p.suffix not in (".py", ".json") or not p.is_file()]  # fmt: skip
    codes = [p for p in files if p.suffix == ".py" and p.is_file()]
    with ThreadPoolExecutor(max_workers=max(1, min(4, os.cpu_count() or 1))) as pool:
        loaded = list(pool.map(lambda path: _load_strategy(path, name, limit), codes))
    strategies = {
        path.stem: found for path, found in zip(codes, loaded, strict=True) if isinstance(found, SubmittedStrategy)
    }
    problems += [found for found in loaded if isinstance(found, Problem)]
    predictions: dict[str, dict[str, Prediction]] = {}
    for path in (p for p in files if p.suffix == ".json" and p.is_file()):
        kept, found_problems = _load_predictions(path, name, asked)
        problems += found_problems
        if kept is not None:
            predictions[path.stem] = kept
    students = sorted(set(strategies) | set(predictions))
    valid = [Submission(s, strategies.get(s), predictions.get(s, {})) for s in students]
    return Submissions(valid, sorted(problems, key=lambda p: (p.student, p.file)))


def _read_text(path: Path) -> str | Problem:
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            return Problem(path.name, path.stem, f"{size:,} bytes; a submission holds at most {MAX_FILE_BYTES:,}")
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return Problem(path.name, path.stem, "not UTF-8 text")
    except OSError as exc:
        return Problem(path.name, path.stem, f"cannot be read ({exc.strerror})")


def _load_strategy(path: Path, game: str, time_limit: float) -> SubmittedStrategy | Problem:
    source = _read_text(path)
    if isinstance(source, Problem):
        return source
    report = _inspect(str(path), source, time_limit)
    if isinstance(report.get("error"), str):
        return Problem(path.name, path.stem, str(report["error"])[:500])
    found = [s for s in report.get("strategies", []) if isinstance(s, dict) and isinstance(s.get("name"), str)]
    if not found:
        return Problem(path.name, path.stem, "no @playbook.strategy function in it")
    if len(found) > 1:
        names = ", ".join(repr(s["name"]) for s in found[:5])
        return Problem(path.name, path.stem, f"{len(found)} @playbook.strategy functions ({names}); hand in one")
    declared = report.get("game")
    if isinstance(declared, str) and declared != game:
        return Problem(path.name, path.stem, f"GAME = {shown(declared)}: written for another game, not {game}")
    description = found[0].get("description")
    return SubmittedStrategy(path.stem, str(path), source, found[0]["name"], str(description or "")[:300])


def _refuse_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number JSON allows")


def _load_predictions(
    path: Path, game: str, asked: Mapping[str, Question]
) -> tuple[dict[str, Prediction] | None, list[Problem]]:
    """The predictions of one file, and its problems: a structural fault refuses the file, a bad entry itself."""
    text = _read_text(path)
    if isinstance(text, Problem):
        return None, [text]
    try:
        data = json.loads(text, parse_constant=_refuse_constant)
    except (ValueError, RecursionError) as exc:
        return None, [Problem(path.name, path.stem, f"not valid JSON ({str(exc)[:120]})")]
    fault = _predictions_fault(data, path.stem, game)
    if fault is not None:
        return None, [Problem(path.name, path.stem, fault)]
    kept: dict[str, Prediction] = {}
    problems = []
    for key, value in data["predictions"].items():
        checked = _checked_prediction(key, value, asked)
        if isinstance(checked, str):
            problems.append(Problem(path.name, path.stem, f"predictions[{shown(key)}]: {checked}"))
        else:
            kept[key] = checked[0]
    return kept, problems


def _predictions_fault(data: object, student: str, game: str) -> str | None:
    if not isinstance(data, dict):
        return f"must hold a JSON object with {', '.join(PREDICTION_KEYS)}, not {type(data).__name__}"
    unknown = sorted(set(data) - set(PREDICTION_KEYS))
    if unknown:
        return f"unknown key {shown(unknown[0])} (the keys are {', '.join(PREDICTION_KEYS)})"
    if "student" in data and data["student"] != student:
        return f"student: {shown(data['student'])}, but the file is named for {student!r}"
    if "game" in data and data["game"] != game:
        return f"game: {shown(data['game'])}, not {game}"
    if not isinstance(data.get("predictions"), dict):
        return "predictions: must be an object mapping question ids to answers"
    return None


def _checked_prediction(key: str, value: object, asked: Mapping[str, Question]) -> tuple[Prediction] | str:
    question = asked.get(key)
    if question is None:
        return f"no question has this id (the questions: {', '.join(asked)})"
    if question.choices:
        if not isinstance(value, str) or value.strip().lower() not in question.choices:
            return f"must be one of {', '.join(map(repr, question.choices))}, not {shown(value)}"
        return (value.strip().lower(),)
    if isinstance(value, bool) or not isinstance(value, int | float) or not question.low <= value <= question.high:
        return f"must be a number from {question.low:g} to {question.high:g}, not {shown(value)}"
    return (float(value),)


STUDENT_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$")  # a file name on every system, a leaderboard name


def save_predictions(
    student: str,
    game: str | types.ModuleType,
    predictions: Mapping[str, object],
    folder: str | os.PathLike[str] = "predictions",
    *,
    question_list: Sequence[Question] | None = None,
) -> Path | None:
    """Write ``<folder>/<student>.json`` in the format ``load_submissions`` reads; return the file.

    Every lesson's class predictions cell calls it. The predictions are checked first, as the teacher's
    loading will check them, so a typo is caught while the student can still fix it (``ClassroomError`` names
    the entry). A blank ``student`` saves nothing and returns None: a lesson run by a test, the course site or a
    student who has not typed a name yet writes no file.
    """
    name = resolve_game(game).INFO.name
    asked = {q.id: q for q in (question_list if question_list is not None else questions(name))}
    if not isinstance(predictions, Mapping):
        raise ClassroomError(f"predictions must map question ids to answers, not {type(predictions).__name__}")
    kept: dict[str, Prediction] = {}
    for key, value in predictions.items():
        checked = _checked_prediction(str(key), value, asked)
        if isinstance(checked, str):
            raise ClassroomError(f"predictions[{shown(key)}]: {checked}")
        kept[str(key)] = checked[0]
    if not isinstance(student, str):
        raise ClassroomError(f"student must be a name (text), not {type(student).__name__}")
    if not student.strip():
        return None
    if not STUDENT_NAME.match(student):
        raise ClassroomError(
            f"student {shown(student)}: use 1 to 40 letters, digits, _ or - (it becomes the file's name), e.g. 'ana'"
        )
    path = Path(folder) / f"{student}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"student": student, "game": name, "predictions": kept}) + "\n", encoding="utf-8")
    return path


# ---------------------------------------------------------------------------------------------- the tournament


def default_opponents(game: str | types.ModuleType) -> list[AgentLike]:
    """The built-in bots a class plays against by default: the first two of the game's ``STRATEGIES``."""
    module = resolve_game(game)
    bots = importlib.import_module(f"{module.__name__}.agents")
    return [cls() for cls in bots.STRATEGIES[:2]]


def seating(seed: int, entrants: int, players: int, index: int) -> tuple[int, ...]:
    """The entrants in game ``index``, seat by seat: each cycle shuffles all entrants (from the seed) and
    deals them to tables of ``players`` in turn, the last table topped up from the cycle's first.

    Every entrant plays about as often as every other, in every seat, and game ``index``'s table depends only
    on the seed and the index: a longer or resumed tournament seats its first games the same way."""
    tables = max(1, -(-entrants // players))
    cycle, table = divmod(index, tables)
    order = list(range(entrants))
    random.Random(derived_seed(seed, "seating", cycle)).shuffle(order)
    return tuple(order[(table * players + seat) % entrants] for seat in range(players))


class _Job(NamedTuple):
    game: str
    number: int
    seed: int
    agents: tuple[AgentLike, ...]
    rules: Any
    metrics: bool
    time_limit: float | None


def _marked(rows: list[dict[str, Any]], culprit: str | None, timed_out: bool) -> list[dict[str, Any]]:
    return [row | {"culprit": culprit, "timed_out": timed_out} for row in rows]


def _play(job: _Job) -> list[dict[str, Any]]:
    """One game's rows (module-level, so an executor's worker can run it); a game that breaks is recorded."""
    labels = [agent.name for agent in job.agents]
    try:
        result = play_match(job.game, list(job.agents), seed=job.seed, rules=job.rules, time_limit=job.time_limit)
    except Exception as exc:
        return _marked(failed_rows(job.number, job.seed, labels, f"{type(exc).__name__}: {exc}"), None, False)
    rows = result_rows(job.number, result, labels)
    measure = game_metrics(resolve_game(job.game)) if job.metrics and result.error is None else None
    if measure is not None:
        kpis = {f"kpi_{key}": value for key, value in measure(result.final_state).items()}
        rows = [row | kpis for row in rows]
    return _marked(rows, None if result.culprit is None else labels[result.culprit], result.timed_out)


def _json_number(value: object) -> object:
    item = getattr(value, "item", None)  # a numpy number from a game's metrics
    if callable(item):
        return item()
    raise TypeError(f"{type(value).__name__} is not JSON data")


def _saved_line(index: int, rows: list[dict[str, Any]]) -> str:
    plain = [{k: None if isinstance(v, float) and math.isnan(v) else v for k, v in row.items()} for row in rows]
    return json.dumps({"game": index, "rows": plain}, allow_nan=False, default=_json_number)


def _restored(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows as read back from a checkpoint line: a missing number (``null``) is NaN again."""
    numbers = ("score", "rank")
    return [{k: math.nan if v is None and (k in numbers or k.startswith("kpi_")) else v for k, v in row.items()}
            for row in rows]  # fmt: skip


class _Checkpoint:
    """The JSON lines file of finished games: a header line naming the tournament, then a line per game."""

    def __init__(self, path: Path, header: dict[str, Any]) -> None:
        self.path = path
        self.header = header

    def finished(self) -> dict[int, list[dict[str, Any]]]:
        """The games already in the file (a last line cut short by a kill is dropped); a file with no
        header is started."""
        raw = self.path.read_bytes() if self.path.exists() else b""
        complete, _, tail = raw.rpartition(b"\n")
        if not complete:
            self.path.write_text(json.dumps(self.header) + "\n", encoding="utf-8")
            return {}
        if tail:
            with open(self.path, "r+b") as handle:
                handle.truncate(len(complete) + 1)
        lines = complete.decode("utf-8", errors="replace").split("\n")
        self._check_header(_parsed(lines[0]))
        done: dict[int, list[dict[str, Any]]] = {}
        for number, line in enumerate(lines[1:], start=2):
            entry = _parsed(line)
            index = entry.get("game") if isinstance(entry, dict) else None
            rows = entry.get("rows") if isinstance(entry, dict) else None
            if not isinstance(index, int) or index in done or not isinstance(rows, list) or not rows:
                raise ClassroomError(f"checkpoint {self.path}: line {number} is not a finished game of this tournament")
            done[index] = _restored(rows)
        return done

    def _check_header(self, found: object) -> None:
        if not isinstance(found, dict) or found.get("kind") != CHECKPOINT_KIND:
            raise ClassroomError(f"checkpoint {self.path}: not a class tournament checkpoint; name another file")
        for key, value in self.header.items():
            if found.get(key) != value:
                raise ClassroomError(
                    f"checkpoint {self.path}: written for {key} = {shown(found.get(key))}, not {shown(value)}; "
                    "name a new checkpoint file or delete this one"
                )


def _parsed(line: str) -> object:
    try:
        return json.loads(line)
    except ValueError:
        return None


class _ClassRun:
    """The games of one class tournament: which are finished, who timed out where, and what plays next."""

    def __init__(self, name: str, entrants: Sequence[AgentLike], kinds: Mapping[str, str], setup: tuple[Any, ...]):
        self.name = name
        self.entrants = entrants
        self.kinds = kinds
        self.seed, self.players, self.rules, self.metrics, self.time_limit, self.games = setup
        self.seeds = game_seeds(self.seed, self.games)
        self.finished: dict[int, list[dict[str, Any]]] = {}
        self.timeouts: dict[str, list[int]] = {agent.name: [] for agent in entrants}
        self.sink: Any = None
        self.tick: Callable[[int, int], object] = lambda done, total: None

    def record(self, index: int, rows: list[dict[str, Any]]) -> None:
        """Keep a finished game: appended to the checkpoint first, then read back as a resumed run reads it."""
        line = _saved_line(index, [row | {"kind": self.kinds.get(row["agent"], "bot")} for row in rows])
        if self.sink is not None:
            self.sink.write(line + "\n")
            self.sink.flush()
        self.remember(index, _restored(json.loads(line)["rows"]))
        self.tick(sum(1 for game in self.finished if game < self.games), self.games)

    def remember(self, index: int, rows: list[dict[str, Any]]) -> None:
        self.finished[index] = rows
        culprit = rows[0].get("culprit")
        if rows[0].get("timed_out") and culprit in self.timeouts:
            bisect.insort(self.timeouts[culprit], index)

    def work(self, index: int) -> _Job | list[dict[str, Any]]:
        """Game ``index`` to play, or its rows when a seated entrant is withdrawn (it timed out in
        ``MAX_TIMEOUTS`` earlier games)."""
        agents = tuple(self.entrants[i] for i in seating(self.seed, len(self.entrants), self.players, index))
        labels = [agent.name for agent in agents]
        for seat, label in enumerate(labels):
            if bisect.bisect_left(self.timeouts[label], index) >= MAX_TIMEOUTS:
                reason = f"seat {seat} ({label}): withdrawn after {MAX_TIMEOUTS} games without an answer in time"
                return _marked(withdrawn_rows(index, self.seeds[index], labels, seat, reason), label, False)
        return _Job(self.name, index, self.seeds[index], agents, self.rules, self.metrics, self.time_limit)

    def play_here(self, missing: Sequence[int]) -> None:
        for index in missing:
            work = self.work(index)
            self.record(index, work if isinstance(work, list) else _play(work))

    def play_on(self, executor: Executor, missing: Sequence[int], in_flight: int) -> None:
        """Submit at most ``in_flight`` games at a time, so a withdrawal or a stop takes effect soon."""
        queue: Iterator[int] = iter(missing)
        pending: dict[Future[list[dict[str, Any]]], int] = {}
        try:
            self._fill(executor, queue, pending, in_flight)
            while pending:
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in sorted(done, key=lambda f: pending[f]):
                    index = pending.pop(future)
                    try:
                        rows = future.result()
                    except Exception as exc:  # the worker died or could not run the game
                        labels = [a.name for a in _job_agents(self, index)]
                        reason = f"the process playing game {index} failed: {type(exc).__name__}: {exc}"
                        rows = _marked(failed_rows(index, self.seeds[index], labels, reason), None, False)
                    self.record(index, rows)
                self._fill(executor, queue, pending, in_flight)
        finally:
            for future in pending:
                future.cancel()

    def _fill(self, executor: Executor, queue: Iterator[int], pending: dict[Any, int], in_flight: int) -> None:
        while len(pending) < in_flight:
            index = next(queue, None)
            if index is None:
                return
            work = self.work(index)
            if isinstance(work, list):
                self.record(index, work)
            else:
                pending[executor.submit(_play, work)] = index


def _job_agents(run: _ClassRun, index: int) -> list[AgentLike]:
    return [run.entrants[i] for i in seating(run.seed, len(run.entrants), run.players, index)]


def _entrants(submissions: object, opponents: Sequence[AgentLike]) -> tuple[list[AgentLike], dict[str, str]]:
    items = submissions.valid if isinstance(submissions, Submissions) else submissions
    if isinstance(items, str | bytes) or not isinstance(items, Sequence):
        raise ClassroomError(f"submissions must be load_submissions(...)'s result or a list, not {shown(items)}")
    students: list[AgentLike] = []
    for index, item in enumerate(items):
        if not isinstance(item, Submission):
            raise ClassroomError(f"submissions[{index}] is not a Submission: {shown(item)}")
        if item.strategy is not None:
            students.append(item.strategy)
    if not students:
        raise ClassroomError("no submission has a strategy to play (see load_submissions(...).problems)")
    entrants = [*students, *opponents]
    names = [agent.name for agent in entrants]
    clash = next((name for name in names if names.count(name) > 1), None)
    if clash is not None:
        raise ClassroomError(f"two entrants are named {clash!r}: rename the student's files or pass other opponents")
    return entrants, {agent.name: "student" for agent in students}


def _header(name: str, run_setup: tuple[Any, ...], entrants: Sequence[AgentLike], kinds: Mapping[str, str]) -> Any:
    seed, players, rules, metrics, time_limit, _ = run_setup
    rules_data = (
        rules.to_dict() if callable(getattr(rules, "to_dict", None)) else None if rules is None else repr(rules)
    )
    codes = [[a.name, kinds.get(a.name, "bot"), getattr(a, "digest", repr(a))] for a in entrants]
    header = {"kind": CHECKPOINT_KIND, "version": 1, "game": name, "seed": seed, "players": players,
              "rules": rules_data, "metrics": metrics, "time_limit": time_limit,
              "entrants": codes}  # fmt: skip
    return json.loads(json.dumps(header, default=str))


def class_tournament(
    submissions: Submissions | Sequence[Submission],
    game: str | types.ModuleType,
    *,
    games: int,
    seed: int,
    players: int | None = None,
    opponents: Sequence[AgentLike] | None = None,
    rules: Any = None,
    executor: Executor | None = None,
    time_limit: float | None = CLASS_TIME_LIMIT,
    checkpoint: str | os.PathLike[str] | None = None,
    progress: bool | Callable[[int, int], object] = False,
    in_flight: int = IN_FLIGHT,
) -> pd.DataFrame:
    """The class's strategies and ``opponents`` (default: :func:`default_opponents`) over ``games`` seeded games.

    One row per seat per game, as :func:`playbook.tournament` gives, plus ``kind`` (student or bot),
    ``culprit`` (who forfeited) and ``timed_out``; with the game's metrics, ``kpi_*`` columns. Tables of
    ``players`` (default: every entrant, within what the game takes) are seated by :func:`seating`.
    ``checkpoint`` (a JSON lines file) keeps every finished game and resumes from it; ``progress`` is a
    progress bar (True) or a function called with (games finished, games) after each game. A stop (the
    stop button, or ``KeyboardInterrupt`` from ``progress``) returns the games finished, with a warning.
    """
    import pandas as pd

    module = resolve_game(game)
    name, info = module.INFO.name, module.INFO
    bots = default_opponents(module) if opponents is None else list(opponents)
    if bots:
        check_agents(bots)
    entrants, kinds = _entrants(submissions, bots)
    seats = min(max(len(entrants), info.min_players), info.max_players) if players is None else players
    check_int(seats, "players", info.min_players, info.max_players)
    setup = (check_seed(seed), seats, rules, game_metrics(module) is not None, check_time_limit(time_limit),
             check_int(games, "games", 1, 10_000_000))  # fmt: skip
    check_int(in_flight, "in_flight", 1, 100_000)
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise ClassroomError(f"executor must be a concurrent.futures.Executor, not {shown(executor)}")
    run = _ClassRun(name, entrants, kinds, setup)
    store = None if checkpoint is None else _Checkpoint(Path(checkpoint), _header(name, setup, entrants, kinds))
    for index, rows in (store.finished() if store is not None else {}).items():
        run.remember(index, rows)
    missing = [index for index in range(games) if index not in run.finished]
    with contextlib.ExitStack() as stack:
        run.tick = _ticker(progress, name, games, len(run.finished), stack)
        if store is not None:
            run.sink = stack.enter_context(open(store.path, "a", encoding="utf-8"))
        stack.callback(_close_all, entrants)
        try:
            if executor is None:
                run.play_here(missing)
            else:
                run.play_on(executor, missing, in_flight)
        except KeyboardInterrupt:
            done = sum(1 for index in run.finished if index < games)
            warnings.warn(f"{name}: class tournament stopped after {done} of {games} games; returning those"
                          + (" (kept in the checkpoint)" if store is not None else ""), stacklevel=2)  # fmt: skip
    rows = [row for index in sorted(run.finished) if index < games for row in run.finished[index]]
    return pd.DataFrame(rows)


def _close_all(entrants: Sequence[AgentLike]) -> None:
    """Stop every student's process: none outlives the tournament, and none is left mid-answer by a stop."""
    for agent in entrants:
        if isinstance(agent, SubmittedStrategy):
            agent.close()


def _ticker(
    progress: object, name: str, games: int, done: int, stack: contextlib.ExitStack
) -> Callable[[int, int], object]:
    if callable(progress):
        return progress
    if progress is not True:
        if progress is not False:
            raise ClassroomError(f"progress must be True, False or a function, not {shown(progress)}")
        return lambda finished, total: None
    from tqdm.auto import tqdm  # optional: only a progress bar needs it

    bar = tqdm(total=games, initial=done, desc=f"{name} class games", unit="game")
    stack.callback(bar.close)
    return lambda finished, total: bar.update(finished - bar.n)


# ---------------------------------------------------------------------------------------------- results

RESULT_COLUMNS = ("game", "seat", "agent", "score", "rank", "won", "error")


def _check_results(results: object) -> pd.DataFrame:
    import pandas as pd

    if not isinstance(results, pd.DataFrame):
        raise ClassroomError(f"results must be class_tournament(...)'s frame, not {shown(results)}")
    missing = [column for column in RESULT_COLUMNS if column not in results.columns]
    if missing:
        raise ClassroomError(f"results lack the columns {missing}: pass class_tournament(...)'s frame")
    return results


def _agents(frame: pd.DataFrame) -> list[str]:
    return [str(agent) for agent in dict.fromkeys(frame["agent"])]


def win_rate_estimates(results: pd.DataFrame) -> dict[str, Estimate]:
    """Each entrant's win rate (``findings.win_rate``, Wilson over games) over the games decided: a forfeit is
    a loss for the one who forfeited and a win for the others; a game that broke for nobody's fault is left out."""
    frame = _check_results(results)
    decided = frame[frame["rank"].notna()].assign(error=None)
    present = set(decided["agent"])
    return {agent: playbook.findings.win_rate(decided, agent) for agent in _agents(frame) if agent in present}


def _score_interval(agent: str, scores: Sequence[float]) -> tuple[float, float, float]:
    if len(scores) >= 2:
        found = playbook.findings.mean(scores, measure=f"mean score of {agent}")
        return (found.value, found.low, found.high)
    return (float(scores[0]) if len(scores) else math.nan, math.nan, math.nan)


def leaderboard(results: pd.DataFrame) -> pd.DataFrame:
    """One row per entrant, best first: games, forfeits, wins, win rate with its interval, mean score per game
    (over finished games) with its t interval, and the first reason it forfeited.

    Ranked by win rate, then mean score; entrants level on both share a rank."""
    import pandas as pd

    frame = _check_results(results)
    rates = win_rate_estimates(frame)
    clean = frame[frame["error"].isna()]
    per_game = playbook.analysis.game_values(clean, "score") if len(clean) else clean[["agent", "score"]]
    rows = []
    for agent in _agents(frame):
        mine = frame[frame["agent"] == agent]
        faults = mine[mine["culprit"] == agent] if "culprit" in mine.columns else mine.iloc[0:0]
        rate = rates.get(agent)
        mean, low, high = _score_interval(agent, per_game.loc[per_game["agent"] == agent, "score"].tolist())
        rows.append({
            "agent": agent, "kind": str(mine["kind"].iloc[0]) if "kind" in mine.columns else "entrant",
            "games": mine["game"].nunique(), "forfeits": faults["game"].nunique(),
            "wins": 0 if rate is None else round(rate.value * rate.n),
            "win_rate": math.nan if rate is None else rate.value, "win_low": math.nan if rate is None else rate.low,
            "win_high": math.nan if rate is None else rate.high,
            "mean_score": mean, "score_low": low, "score_high": high,
            "problem": str(faults["error"].iloc[0]) if len(faults) else None,
        })  # fmt: skip
    board = pd.DataFrame(rows)
    keys = [(_or_least(board.at[i, "win_rate"]), _or_least(board.at[i, "mean_score"])) for i in range(len(board))]
    board.insert(0, "rank", [1 + sum(other > key for other in keys) for key in keys])
    return board.sort_values("rank", kind="stable").reset_index(drop=True)


def _or_least(value: Any) -> float:
    return -math.inf if math.isnan(value) else float(value)


@dataclass(frozen=True)
class HeadToHead:
    """Every pair of entrants compared on one column (Holm-adjusted), with the false-alarm note and the pairs
    that could not be compared (too few finished games)."""

    comparisons: list[Comparison]
    table: pd.DataFrame
    note: str
    skipped: list[str]


def head_to_head(results: pd.DataFrame, column: str = "score") -> HeadToHead:
    """Each pair of entrants (in leaderboard order) through ``findings.compare_agents``: paired over the games
    both played, per game; the verdicts adjusted with ``findings.holm`` because a class makes many pairs."""
    frame = _check_results(results)
    names = leaderboard(frame)["agent"].tolist()
    found: list[Comparison] = []
    skipped: list[str] = []
    for index, first in enumerate(names):
        for second in names[index + 1 :]:
            try:
                found.append(playbook.findings.compare_agents(frame, first, second, column))
            except PlaybookError as exc:
                skipped.append(f"{first} against {second}: {exc}")
    if not found:
        empty = playbook.findings.table([])
        return HeadToHead([], empty.assign(sentence=[]), "No pair of entrants has enough finished games.", skipped)
    adjusted = playbook.findings.holm(found)
    table = playbook.findings.table(adjusted).assign(sentence=[c.sentence() for c in adjusted])
    note = f"{playbook.findings.false_alarm_note(len(adjusted))} The verdicts allow for that (Holm's method)."
    return HeadToHead(adjusted, table, note, skipped)


# ---------------------------------------------------------------------------------------------- predictions


@dataclass(frozen=True)
class Answer:
    """What happened for one question: an estimate with its interval, a choice, or why it was not measured."""

    question: Question
    estimate: Estimate | None = None
    choice: str | None = None
    why: str = ""

    def holds(self, prediction: Prediction) -> bool | None:
        """True when the prediction falls inside the interval (or is the choice); None when not measured."""
        if self.estimate is not None:
            return isinstance(prediction, float) and self.estimate.low <= prediction <= self.estimate.high
        return None if self.choice is None else prediction == self.choice


def measure_questions(
    results: pd.DataFrame, game: str | types.ModuleType, question_list: Sequence[Question] | None = None
) -> dict[str, Answer]:
    """Each question answered from the tournament's results (a question the results cannot answer says why)."""
    frame = _check_results(results)
    answers = {}
    for question in questions(game) if question_list is None else question_list:
        try:
            found = question.measure(frame)
        except PlaybookError as exc:
            answers[question.id] = Answer(question, why=str(exc))
            continue
        answers[question.id] = Answer(question, choice=found) if isinstance(found, str) else Answer(question, found)
    return answers


def _by_student(predictions: object) -> dict[str, Mapping[str, Prediction]]:
    if isinstance(predictions, Submissions):
        predictions = predictions.valid
    if isinstance(predictions, Mapping):
        return {str(student): dict(given) for student, given in predictions.items()}
    if isinstance(predictions, Sequence) and all(isinstance(item, Submission) for item in predictions):
        return {item.student: item.predictions for item in predictions}
    raise ClassroomError(f"predictions must be submissions or map students to predictions, not {shown(predictions)}")


def prediction_marks(predictions: Submissions | Sequence[Submission], measured: Mapping[str, Answer]) -> pd.DataFrame:
    """One row per student and question predicted: the prediction, and whether it falls inside what happened."""
    import pandas as pd

    rows = [
        {"student": student, "question": key, "prediction": value, "inside": measured[key].holds(value)}
        for student, given in _by_student(predictions).items()
        for key, value in given.items()
        if key in measured
    ]
    return pd.DataFrame(rows, columns=["student", "question", "prediction", "inside"])


def predictions_summary(
    predictions: Submissions | Sequence[Submission], measured: Mapping[str, Answer]
) -> pd.DataFrame:
    """Per question: how many predicted, the spread of their numbers (or the count of each choice), what was
    measured with its interval, and how many predictions fall inside it."""
    import pandas as pd

    marks = prediction_marks(predictions, measured)
    rows = []
    for key, answer in measured.items():
        mine = marks[marks["question"] == key]
        numbers = [float(v) for v in mine["prediction"] if not isinstance(v, str)]
        choices = answer.question.choices
        counts = mine["prediction"].astype(str).value_counts() if choices else None
        estimate = answer.estimate
        rows.append({
            "question": key, "text": answer.question.text, "predictions": len(mine),
            "lowest": min(numbers, default=math.nan), "highest": max(numbers, default=math.nan),
            "median": float(pd.Series(numbers).median()) if numbers else math.nan,
            "choices": "" if counts is None else ", ".join(f"{c}: {int(counts.get(c, 0))}" for c in choices),
            "measured": estimate.value if estimate is not None else answer.choice,
            "low": estimate.low if estimate is not None else math.nan,
            "high": estimate.high if estimate is not None else math.nan,
            "inside": int(sum(mine["inside"] == True)),  # noqa: E712 (None stays out)
            "not_measured": answer.why,
        })  # fmt: skip
    return pd.DataFrame(rows)


# ---------------------------------------------------------------------------------------------- the questions' measures


def _finished(results: pd.DataFrame) -> pd.DataFrame:
    clean = results[results["error"].isna()]
    if clean.empty:
        raise ClassroomError("no game finished without a forfeit, so there is nothing to measure")
    return clean


def _rounds(results: pd.DataFrame) -> Estimate:
    per_game = _finished(results).groupby("game")["rounds"].first().astype(float)
    return playbook.findings.mean(per_game.tolist(), measure="rounds per game")


def _first_seat(results: pd.DataFrame) -> Estimate:
    firsts = _finished(results)
    firsts = firsts[firsts["seat"] == 0]
    return playbook.findings.proportion(int(firsts["won"].sum()), len(firsts), measure="first seat's win rate")


def _collapse(results: pd.DataFrame) -> Estimate:
    clean = _finished(results)
    if "kpi_collapsed" not in clean.columns:
        raise ClassroomError("the results have no kpi_collapsed column (the game's metrics were not measured)")
    per_game = clean.groupby("game")["kpi_collapsed"].first()
    return playbook.findings.proportion(int((per_game > 0).sum()), len(per_game), measure="share of Towns collapsed")


def _top(results: pd.DataFrame) -> str:
    return str(leaderboard(results)["kind"].iloc[0])
