"""Grade a lesson's exercises by running the notebook in a fresh kernel: a score and a sentence per exercise.

``grade(path)`` runs a notebook as it is (the teacher's source: every check should pass). A student's
submission is graded against the teacher's source, as nbgrader does: ``grade(submission, against=lesson)``
runs the lesson with the teacher's cells dropped and each solution cell replaced by the student's cell of the
same grade id (an answer the student left out stays nbgrader's stub), so the check cells that run are the
teacher's, hidden tests included, whatever the student did to theirs. ``answers={grade_id: source}`` gives the
answers directly (a test's right and wrong answers).

The notebook runs cell by cell with errors allowed: a student's cell that raises or runs past ``timeout``
(it is interrupted) costs that exercise only. Each check cell's outputs give its row: the sentence it printed
on success, its assertion message on failure, or ``did not run: <error>`` when the answer itself raised
or the check met the stub (``NotImplementedError``: an exercise not attempted).

``python -m playbook.autograde [--against LESSON] NOTEBOOK...`` prints each notebook's table and total.
"""

from __future__ import annotations

import argparse
import copy
import sys
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import pandas as pd
from nbclient import NotebookClient
from nbclient.exceptions import CellTimeoutError, DeadKernelError
from nbformat import NotebookNode

from .core.errors import PlaybookError, clipped, shown
from .editions import EditionError, Exercise, is_solution, is_teacher, nbgrader_meta, read, student_edition, validate

DEFAULT_TIMEOUT = 120.0  # seconds per cell: a lesson's heaviest sweep takes well under a minute
KERNEL = "python3"
COLUMNS = ["grade_id", "exercise", "points", "possible", "sentence"]


class AutogradeError(PlaybookError):
    """A notebook or an answer cannot be graded; the message names the file and the cell or grade id."""


@dataclass(frozen=True)
class Result:
    """One check cell's verdict."""

    grade_id: str
    exercise: str
    points: int
    possible: int
    sentence: str


def answers_in(path: Path | str) -> dict[str, str]:
    """A submission's answers: each solution cell's source by its grade id (the markers are not checked: a
    student's cell is graded by what it does)."""
    path = Path(path)
    found: dict[str, str] = {}
    for cell in read(path).cells:
        meta = nbgrader_meta(cell)
        if meta is not None and is_solution(cell) and isinstance(meta.get("grade_id"), str):
            found.setdefault(meta["grade_id"], str(cell.source))
    return found


def _with_answers(nb: NotebookNode, answers: Mapping[str, str], where: str) -> NotebookNode:
    """The student edition's cells with hidden tests kept: teacher cells out, each answer in (or the stub)."""
    if not isinstance(answers, Mapping):
        raise AutogradeError(f"{where}: answers must map grade ids to sources, not {type(answers).__name__}")
    stubs = student_edition(nb, where)
    stub_by_id = {nbgrader_meta(cell)["grade_id"]: cell.source for cell in stubs.cells if is_solution(cell)}  # type: ignore[index]
    for grade_id, source in answers.items():
        if grade_id not in stub_by_id:
            raise AutogradeError(f"{where}: no solution cell {shown(grade_id)} to put that answer in")
        if not isinstance(source, str):
            raise AutogradeError(f"{where}: the answer for {grade_id} must be text, not {type(source).__name__}")
    run = copy.deepcopy(nb)
    run.cells = [cell for cell in run.cells if not is_teacher(cell)]
    for cell in run.cells:
        if is_solution(cell):
            grade_id = nbgrader_meta(cell)["grade_id"]  # type: ignore[index]
            cell.source = answers.get(grade_id, stub_by_id[grade_id])
    return run


def _error(cell: NotebookNode) -> dict[str, Any] | None:
    for output in cell.get("outputs", []):
        if output.get("output_type") == "error":
            return dict(output)
    return None


def _printed(cell: NotebookNode) -> str:
    return "".join(
        str(out.get("text", "")) for out in cell.get("outputs", []) if out.get("output_type") == "stream"
    ).strip()


def _why(error: Mapping[str, Any], timeout: float) -> str:
    name, value = str(error.get("ename", "Error")), str(error.get("evalue", ""))
    if name == "KeyboardInterrupt":
        return f"it ran longer than {timeout:g} s and was stopped"
    return clipped(f"{name}: {value}" if value else name, 300)


def _check_sentence(cell: NotebookNode, timeout: float) -> tuple[bool, str]:
    error = _error(cell)
    if error is None:
        return True, clipped(_printed(cell), 300) or "passed."
    if error.get("ename") == "AssertionError":
        message = str(error.get("evalue", "")).strip()
        return False, clipped(message, 300) or "the check failed (its assert gives no reason)."
    if error.get("ename") == "NotImplementedError":  # the stub inside a function the check calls
        return False, f"did not run: {_why(error, timeout)}"
    return False, f"the check raised {_why(error, timeout)}"


def _results(nb: NotebookNode, found: Sequence[Exercise], timeout: float, stopped: str | None) -> list[Result]:
    """A row per check cell of the executed notebook."""
    by_check = {exercise.check_id: exercise for exercise in found if exercise.check_id}
    answer_cells = {nbgrader_meta(cell)["grade_id"]: cell for cell in nb.cells if is_solution(cell)}  # type: ignore[index]
    rows: list[Result] = []
    for cell in nb.cells:
        meta = nbgrader_meta(cell)
        if meta is None or meta.get("grade_id") not in by_check:
            continue
        exercise = by_check[meta["grade_id"]]
        answer_error = _error(answer_cells[exercise.answer_id])
        if answer_error is not None:
            passed, sentence = False, f"did not run: {_why(answer_error, timeout)}"
        elif cell.get("execution_count") is None and not cell.get("outputs"):
            passed, sentence = False, f"did not run: {stopped or 'the notebook stopped before this check'}"
        else:
            passed, sentence = _check_sentence(cell, timeout)
        earned = exercise.points if passed else 0
        rows.append(Result(meta["grade_id"], exercise.name, earned, exercise.points, sentence))
    return rows


def _execute(nb: NotebookNode, workdir: Path, timeout: float, kernel: str) -> str | None:
    """Run every cell in a fresh kernel, in place; return why the run stopped early, or None."""
    client = NotebookClient(
        nb,
        timeout=timeout,
        kernel_name=kernel,
        allow_errors=True,
        interrupt_on_timeout=True,
        resources={"metadata": {"path": str(workdir)}},
    )
    try:
        client.execute()
    except DeadKernelError as exc:
        return f"the kernel died ({clipped(str(exc), 200)})"
    except CellTimeoutError:
        return f"a cell ran longer than {timeout:g} s and could not be stopped"
    return None


def grade(
    path: Path | str,
    answers: Mapping[str, str] | None = None,
    timeout: float = DEFAULT_TIMEOUT,
    against: Path | str | None = None,
    kernel: str = KERNEL,
) -> pd.DataFrame:
    """Run the notebook in a fresh kernel and grade each check cell: a DataFrame of ``COLUMNS``.

    ``against``: the teacher's source to grade ``path``'s answers with (its checks and hidden tests run, not
    the submission's). ``answers``: sources by solution grade id, put in place of the notebook's answers
    (added to the submission's when ``against`` is given). With either, teacher cells do not run.
    """
    if isinstance(timeout, bool) or not isinstance(timeout, int | float) or not 0 < timeout <= 86_400:
        raise AutogradeError(f"timeout must be a number of seconds in (0, 86400], not {shown(timeout)}")
    path = Path(path)
    source = Path(against) if against is not None else path
    where = str(source)
    nb = read(source)
    try:
        found = validate(nb, where)
        given = {**(answers_in(path) if against is not None else {}), **(answers or {})}
        if against is not None or answers is not None:
            nb = _with_answers(nb, given, where)
    except EditionError as exc:
        raise AutogradeError(str(exc)) from exc
    stopped = _execute(nb, source.resolve().parent, float(timeout), kernel)
    return pd.DataFrame([asdict(row) for row in _results(nb, found, float(timeout), stopped)], columns=COLUMNS)


def report(frame: pd.DataFrame, name: str) -> str:
    """The table as printed: a line with the total, then a row per check."""
    earned, possible = int(frame["points"].sum()), int(frame["possible"].sum())
    table = frame.to_string(index=False) if len(frame) else "(no graded exercises)"
    return f"{name}: {earned} of {possible} points\n{table}"


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m playbook.autograde [--against LESSON] [--timeout S] [--csv FILE] NOTEBOOK...``.

    Each notebook is graded on its own: one that cannot be read or run is reported by name and the rest go on.
    """
    parser = argparse.ArgumentParser(prog="python -m playbook.autograde", description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="+", type=Path)
    parser.add_argument("--against", type=Path, help="the teacher's lesson whose checks grade the notebooks")
    parser.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, help="seconds per cell")
    parser.add_argument("--csv", type=Path, help="also write every row, with its notebook, to this CSV file")
    args = parser.parse_args(argv)
    frames: list[pd.DataFrame] = []
    failed = 0
    for notebook in args.notebooks:
        try:
            frame = grade(notebook, timeout=args.timeout, against=args.against)
        except PlaybookError as exc:
            print(f"{notebook}: not graded: {exc}\n", file=sys.stderr)
            failed += 1
            continue
        print(report(frame, str(notebook)) + "\n")
        frames.append(frame.assign(notebook=str(notebook)))
    if frames:
        everything = pd.concat(frames, ignore_index=True)
        print(f"total: {int(everything['points'].sum())} of {int(everything['possible'].sum())} points")
        if args.csv is not None:
            everything[["notebook", *COLUMNS]].to_csv(args.csv, index=False)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
