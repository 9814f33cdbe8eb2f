"""Student and teacher editions of a lesson, from the one source the teacher writes.

The lessons mark their exercises in nbgrader's own format, so nbgrader can read them and so can this module:

- a markdown cell states the task (and what counts as success);
- a *solution* cell (``metadata.nbgrader``: ``solution`` true, ``grade`` false, ``locked`` false, ``grade_id``
  ``<lesson>-ex<N>-answer``, ``schema_version`` 3) holds the answer between the lines ``### BEGIN SOLUTION`` and
  ``### END SOLUTION``; a written (markdown) answer is, as nbgrader requires, also ``grade`` true with ``points``;
- a *check* cell (``grade`` true, ``solution`` false, ``locked`` true, ``points``, ``grade_id``
  ``<lesson>-ex<N>-check``) asserts what the task asks; tests the student should not see sit between
  ``### BEGIN HIDDEN TESTS`` and ``### END HIDDEN TESTS``;
- a cell tagged ``teacher`` (a teacher's answer or note) is for the teacher only.

``student_edition`` drops the teacher's cells, puts nbgrader's stub in place of every solution region (code:
``raise NotImplementedError("your answer here")``; markdown: ``YOUR ANSWER HERE``) and strips hidden tests; every
other cell stays as nbformat writes it. It checks the markers first (``check_exercises``): a marker it could
misread would put an answer in front of the class. ``python -m playbook.editions student|teacher NOTEBOOK...
--out DIR`` writes the editions (``make student``, ``make teacher``); a notebook the student has edited or run
since the last build is kept, not overwritten (``--force`` overwrites).
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import nbformat
from nbformat import NotebookNode

from .core.errors import PlaybookError, shown

BEGIN_SOLUTION = "### BEGIN SOLUTION"
END_SOLUTION = "### END SOLUTION"
BEGIN_HIDDEN = "### BEGIN HIDDEN TESTS"
END_HIDDEN = "### END HIDDEN TESTS"
CODE_STUB = 'raise NotImplementedError("your answer here")'
TEXT_STUB = "YOUR ANSWER HERE"
TEACHER_TAG = "teacher"
SCHEMA_VERSION = 3
#: The keys nbgrader's schema (version 3) allows in ``metadata.nbgrader``; it drops any other with a warning.
NBGRADER_KEYS = frozenset(
    {"schema_version", "grade", "locked", "solution", "task", "grade_id", "points", "checksum", "cell_type"}
)
GRADE_ID = re.compile(r"^[A-Za-z0-9_\-]+$")  # nbgrader's pattern (it also allows empty; it then refuses it)
#: nbgrader finds a delimiter anywhere in a line: any line naming one must be exactly the marker.
DELIMITERS = {"BEGIN SOLUTION": BEGIN_SOLUTION, "END SOLUTION": END_SOLUTION}
HIDDEN_DELIMITERS = {"BEGIN HIDDEN TESTS": BEGIN_HIDDEN, "END HIDDEN TESTS": END_HIDDEN}
HASHES_FILE = ".edition-hashes.json"  # in an output folder: what each build wrote, to tell a student's edits


class EditionError(PlaybookError):
    """A lesson's exercise markers are malformed; the message names the file and the cell (numbered from 1)."""


@dataclass(frozen=True)
class Exercise:
    """One exercise of a lesson, as the validator paired its cells.

    ``check_id`` and ``points`` are None for a written answer with no check cell (nbgrader's manually graded
    markdown answer: its points are the answer cell's); ``task`` is the markdown cell before the answer.
    """

    name: str  # the grade ids' common stem: "<lesson>-ex<N>"
    answer_id: str
    check_id: str | None
    points: int
    task: str
    written: bool  # a markdown answer, marked by the teacher rather than by a check cell


def nbgrader_meta(cell: NotebookNode) -> dict[str, Any] | None:
    """The cell's nbgrader metadata, or None when it has none."""
    meta = cell.get("metadata", {}).get("nbgrader")
    return meta if isinstance(meta, dict) else None


def is_teacher(cell: NotebookNode) -> bool:
    """Whether the cell carries the ``teacher`` tag (the student edition drops it)."""
    tags = cell.get("metadata", {}).get("tags", [])
    return isinstance(tags, list) and TEACHER_TAG in tags


def is_solution(cell: NotebookNode) -> bool:
    meta = nbgrader_meta(cell)
    return meta is not None and meta.get("solution") is True


def is_check(cell: NotebookNode) -> bool:
    meta = nbgrader_meta(cell)
    return meta is not None and meta.get("grade") is True and meta.get("solution") is not True


def read(path: Path) -> NotebookNode:
    """A notebook file as nbformat 4, refused with its file name when it is not one."""
    try:
        return cast(NotebookNode, nbformat.read(path, as_version=4))  # type: ignore[no-untyped-call]
    except (OSError, ValueError, TypeError, KeyError, AttributeError) as exc:
        raise EditionError(f"{path}: not a readable notebook ({type(exc).__name__}: {shown(str(exc))})") from exc


# -- markers ---------------------------------------------------------------------------------------------------


def _marker_lines(source: str, where: str, delimiters: dict[str, str]) -> list[tuple[int, str]]:
    """(line index, marker) for each marker line; a line naming a delimiter any other way is refused."""
    found: list[tuple[int, str]] = []
    for number, line in enumerate(source.split("\n")):
        for words, marker in delimiters.items():
            if words in line:
                if line.strip() != marker:
                    raise EditionError(f"{where}: line {number + 1} must be exactly {marker!r} on a line of its own")
                found.append((number, marker))
    return found


def _check_pairs(markers: list[tuple[int, str]], begin: str, end: str, where: str) -> None:
    """BEGIN and END alternate, starting with BEGIN and ending with END."""
    inside = False
    for number, marker in markers:
        if marker == begin and inside:
            raise EditionError(f"{where}: a second {begin!r} at line {number + 1} before {end!r}")
        if marker == end and not inside:
            raise EditionError(f"{where}: {end!r} at line {number + 1} without {begin!r} before it")
        inside = marker == begin
    if inside:
        raise EditionError(f"{where}: {begin!r} without {end!r}")


def _replace_regions(source: str, begin: str, end: str, stub: str | None) -> str:
    """The source with each region from a ``begin`` line to its end line replaced by ``stub`` (indented as the
    begin line), or removed when ``stub`` is None. Markers were checked before."""
    kept: list[str] = []
    inside = False
    for line in source.split("\n"):
        if line.strip() == begin:
            inside = True
            if stub is not None:
                indent = line[: len(line) - len(line.lstrip())]
                kept.extend(indent + stub_line for stub_line in stub.split("\n"))
        elif inside:
            inside = line.strip() != end
        else:
            kept.append(line)
    return "\n".join(kept)


def solution_text(cell: NotebookNode) -> list[str]:
    """The teacher's answer in a solution cell: each region's text (the whole source when it has no markers)."""
    source = str(cell.source)
    if BEGIN_SOLUTION not in source:
        return [source]
    return _regions(source, BEGIN_SOLUTION, END_SOLUTION)


def hidden_tests(cell: NotebookNode) -> list[str]:
    """The hidden tests of a check cell, region by region."""
    return _regions(str(cell.source), BEGIN_HIDDEN, END_HIDDEN)


def _regions(source: str, begin: str, end: str) -> list[str]:
    regions: list[str] = []
    current: list[str] | None = None
    for line in source.split("\n"):
        if line.strip() == begin:
            current = []
        elif line.strip() == end and current is not None:
            regions.append("\n".join(current))
            current = None
        elif current is not None:
            current.append(line)
    return regions


# -- the validator ---------------------------------------------------------------------------------------------


def _cell_name(source: str, index: int, meta: dict[str, Any] | None) -> str:
    grade_id = meta.get("grade_id") if meta else None
    return f"{source}: cell {index + 1}" + (f" ({grade_id})" if isinstance(grade_id, str) and grade_id else "")


def _check_meta(meta: dict[str, Any], cell: NotebookNode, where: str) -> str:
    """The cell's kind ("solution", "check", "written" or "locked") once its metadata fits nbgrader's schema and
    the course's convention."""
    extra = sorted(set(meta) - NBGRADER_KEYS)
    if extra:
        raise EditionError(f"{where}: metadata.nbgrader has keys nbgrader does not know: {', '.join(extra)}")
    for key in ("schema_version", "grade", "solution", "locked", "grade_id"):
        if key not in meta:
            raise EditionError(f"{where}: metadata.nbgrader has no {key!r}")
    if meta["schema_version"] != SCHEMA_VERSION or isinstance(meta["schema_version"], bool):
        raise EditionError(f"{where}: metadata.nbgrader.schema_version must be 3, not {shown(meta['schema_version'])}")
    for key in ("grade", "solution", "locked"):
        if not isinstance(meta[key], bool):
            raise EditionError(f"{where}: metadata.nbgrader.{key} must be true or false, not {shown(meta[key])}")
    grade_id = meta["grade_id"]
    if not isinstance(grade_id, str) or not GRADE_ID.match(grade_id):
        raise EditionError(f"{where}: grade_id must be letters, digits, '-' or '_', not {shown(grade_id)}")
    kind = _kind(meta, cell, where)
    if meta["grade"]:
        points = meta.get("points")
        if not isinstance(points, int) or isinstance(points, bool) or points <= 0:
            raise EditionError(f"{where}: a graded cell needs whole, positive points, not {shown(points)}")
    return kind


def _kind(meta: dict[str, Any], cell: NotebookNode, where: str) -> str:
    grade, solution, locked = meta["grade"], meta["solution"], meta["locked"]
    grade_id = meta["grade_id"]
    if solution:
        written = cell.cell_type == "markdown"
        if locked or grade != written or cell.cell_type not in ("code", "markdown"):
            wanted = "grade true (a written answer)" if written else "grade false"
            raise EditionError(f"{where}: a solution cell is unlocked, with {wanted}")
        if not grade_id.endswith("-answer"):
            raise EditionError(f"{where}: a solution cell's grade_id ends with '-answer'")
        return "written" if written else "solution"
    if grade:
        if cell.cell_type != "code" or not locked or not grade_id.endswith("-check"):
            raise EditionError(f"{where}: a check cell is a locked code cell whose grade_id ends with '-check'")
        return "check"
    return "locked"


def _check_markers(cell: NotebookNode, kind: str | None, where: str) -> None:
    source = str(cell.source)
    solution_markers = _marker_lines(source, where, DELIMITERS)
    hidden_markers = _marker_lines(source, where, HIDDEN_DELIMITERS)
    if solution_markers and kind not in ("solution", "written"):
        raise EditionError(f"{where}: solution markers in a cell that is not a solution cell")
    if hidden_markers and kind != "check":
        raise EditionError(f"{where}: hidden-test markers in a cell that is not a check cell")
    _check_pairs(solution_markers, BEGIN_SOLUTION, END_SOLUTION, where)
    _check_pairs(hidden_markers, BEGIN_HIDDEN, END_HIDDEN, where)


class _Pairing:
    """Walks a notebook's cells in order, pairing each answer with its task before and its check after."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.ids: set[str] = set()
        self.task: str | None = None  # the last markdown cell that is no exercise cell
        self.answers: dict[str, Exercise] = {}  # by exercise name, in order
        self.checked: set[str] = set()

    def add(self, index: int, cell: NotebookNode) -> None:
        meta = nbgrader_meta(cell)
        where = _cell_name(self.source, index, meta)
        if "nbgrader" in cell.get("metadata", {}) and meta is None:
            raise EditionError(f"{where}: metadata.nbgrader must be a mapping")
        kind = None if meta is None else _check_meta(meta, cell, where)
        _check_markers(cell, kind, where)
        if meta is not None and is_teacher(cell):
            raise EditionError(f"{where}: an exercise cell cannot be tagged 'teacher' (the student needs it)")
        if meta is not None:
            if meta["grade_id"] in self.ids:
                raise EditionError(f"{where}: grade_id {meta['grade_id']!r} is used twice")
            self.ids.add(meta["grade_id"])
        if kind in ("solution", "written"):
            self._answer(cell, meta or {}, kind, where)
        elif kind == "check":
            self._check(meta or {}, where)
        elif cell.cell_type == "markdown" and not is_teacher(cell):
            self.task = str(cell.source)

    def _answer(self, cell: NotebookNode, meta: dict[str, Any], kind: str, where: str) -> None:
        if self.task is None:
            raise EditionError(f"{where}: a solution cell follows the markdown cell that states its task")
        name = meta["grade_id"].removesuffix("-answer")
        points = meta.get("points", 0) if kind == "written" else 0
        self.answers[name] = Exercise(name, meta["grade_id"], None, points, self.task, kind == "written")
        self.task = None

    def _check(self, meta: dict[str, Any], where: str) -> None:
        name = meta["grade_id"].removesuffix("-check")
        answer = self.answers.get(name)
        if answer is None or answer.written:
            raise EditionError(f"{where}: no code solution cell {name}-answer before this check cell")
        if name in self.checked:
            raise EditionError(f"{where}: {name}-answer already has a check cell")
        self.checked.add(name)
        self.answers[name] = Exercise(name, answer.answer_id, meta["grade_id"], meta["points"], answer.task, False)


def validate(nb: NotebookNode, source: str = "<notebook>") -> list[Exercise]:
    """The notebook's exercises in order, once every marker is well formed (EditionError naming the cell if not)."""
    pairing = _Pairing(source)
    for index, cell in enumerate(nb.cells):
        pairing.add(index, cell)
    return list(pairing.answers.values())


def check_exercises(path: Path | str) -> list[Exercise]:
    """Validate a lesson file's exercise markers; return its exercises (EditionError names file and cell)."""
    path = Path(path)
    return validate(read(path), str(path))


def exercises(notebook: NotebookNode, source: str = "<notebook>") -> list[Exercise]:
    """The notebook's exercises (grade ids, points, the task text), validated as ``check_exercises`` does."""
    return validate(notebook, source)


# -- the editions ----------------------------------------------------------------------------------------------


def _student_cell(cell: NotebookNode) -> NotebookNode:
    cell = copy.deepcopy(cell)
    if is_solution(cell):
        stub = CODE_STUB if cell.cell_type == "code" else TEXT_STUB
        source = str(cell.source)
        cell.source = _replace_regions(source, BEGIN_SOLUTION, END_SOLUTION, stub) if BEGIN_SOLUTION in source else stub
    elif is_check(cell):
        cell.source = _replace_regions(str(cell.source), BEGIN_HIDDEN, END_HIDDEN, None)
    if cell.cell_type == "code":
        cell.outputs = []
        cell.execution_count = None
    return cell


def student_edition(notebook: NotebookNode, source: str = "<notebook>") -> NotebookNode:
    """A copy for the class: no teacher cells, stubs for answers, no hidden tests, no outputs.

    The markers are validated first: a misplaced one would otherwise leave an answer in the copy.
    """
    validate(notebook, source)
    student = copy.deepcopy(notebook)
    student.cells = [_student_cell(cell) for cell in notebook.cells if not is_teacher(cell)]
    return student


def teacher_edition(notebook: NotebookNode, source: str = "<notebook>") -> NotebookNode:
    """The source as the teacher wrote it (validated, so a teacher build never hides a broken marker)."""
    validate(notebook, source)
    return copy.deepcopy(notebook)


def edition_text(path: Path, edition: str, python_version: str | None = None) -> str:
    """The file's edition ("student" or "teacher") as nbformat writes it; with ``python_version``, its
    ``language_info.version`` set to it, as JupyterLab writes on opening (so opening it changes nothing)."""
    make = {"student": student_edition, "teacher": teacher_edition}.get(edition)
    if make is None:
        raise EditionError(f"edition must be 'student' or 'teacher', not {shown(edition)}")
    nb = make(read(path), str(path))
    language = nb.metadata.get("language_info")
    if python_version is not None and isinstance(language, dict) and "version" in language:
        language["version"] = python_version
    text = cast(str, nbformat.writes(nb))  # type: ignore[no-untyped-call]
    return text if text.endswith("\n") else text + "\n"


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _hashes(out: Path) -> dict[str, str]:
    try:
        found = json.loads((out / HASHES_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): str(v) for k, v in found.items()} if isinstance(found, dict) else {}


def write_editions(
    paths: Iterable[Path], out: Path, edition: str, force: bool = False, python_version: str | None = None
) -> list[tuple[Path, str]]:
    """Write each notebook's edition into ``out``; return (target, what happened) per file.

    Every source is validated before anything is written. A target whose bytes differ from what the last build
    wrote (a student edited or ran it) is kept unless ``force``: rebuilding must never erase a student's work.
    """
    texts = [(Path(path), edition_text(Path(path), edition, python_version)) for path in paths]
    out.mkdir(parents=True, exist_ok=True)
    written = _hashes(out)
    done: list[tuple[Path, str]] = []
    for path, text in texts:
        target = out / path.name
        data = text.encode("utf-8")
        if target.exists():
            current = _digest(target.read_bytes())
            if current == _digest(data):
                done.append((target, "unchanged"))
                continue
            if not force and written.get(path.name) != current:
                done.append((target, "kept: edited since it was built (--force overwrites)"))
                continue
        target.write_bytes(data)
        written[path.name] = _digest(data)
        done.append((target, "written"))
    (out / HASHES_FILE).write_text(json.dumps(written, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return done


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m playbook.editions student|teacher NOTEBOOK... --out DIR [--force]``."""
    parser = argparse.ArgumentParser(prog="python -m playbook.editions", description=__doc__.split("\n\n")[0])
    parser.add_argument("edition", choices=("student", "teacher"))
    parser.add_argument("notebooks", nargs="+", type=Path)
    parser.add_argument("--out", type=Path, required=True, help="the folder to write the editions into")
    parser.add_argument("--force", action="store_true", help="overwrite notebooks edited since the last build")
    parser.add_argument("--localise", action="store_true", help="write this Python's version in language_info")
    args = parser.parse_args(argv)
    version = sys.version.split()[0] if args.localise else None  # what ipykernel reports (notebook_filter.py)
    try:
        done = write_editions(args.notebooks, args.out, args.edition, args.force, version)
    except PlaybookError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    for target, what in done:
        print(f"{target}: {what}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
