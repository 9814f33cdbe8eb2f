"""Student and teacher editions (playbook.editions): the student edition holds no answer, no hidden test and no
teacher cell, keeps every other cell as written, and keeps nbgrader's metadata; malformed markers are refused
with the file and the cell named; every committed lesson passes and its student edition holds none of its
answers (this picks up the exercises added to the lessons)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import nbformat
import pytest
from support.notebooks import REPO_ROOT, write_notebook

from playbook import PlaybookError
from playbook.editions import (
    CODE_STUB,
    NBGRADER_KEYS,
    TEXT_STUB,
    EditionError,
    check_exercises,
    exercises,
    hidden_tests,
    is_solution,
    is_teacher,
    solution_text,
    student_edition,
    teacher_edition,
    write_editions,
)

LESSON = "tiny"
SOLUTION = {"solution": True, "grade": False, "locked": False, "schema_version": 3}
CHECK = {"grade": True, "solution": False, "locked": True, "schema_version": 3}
WRITTEN = {"solution": True, "grade": True, "locked": False, "schema_version": 3}

#: (kind, source, nbgrader metadata or None, tags): a lesson with two checked exercises and a written one.
TINY: list[tuple[str, str, dict[str, Any] | None, list[str]]] = [
    ("markdown", "# A tiny lesson", None, []),
    ("code", "base = 10", None, []),
    ("markdown", "**Exercise 1.** Set `price` to twice `base`. Success: the check prints a sentence.", None, []),
    ("code", "### BEGIN SOLUTION\nprice = 2 * base\n### END SOLUTION", {**SOLUTION, "grade_id": "tiny-ex1-answer"}, []),
    (
        "code",
        "assert price == 20, f'price should be twice base, 20, not {price}: multiply base by 2.'\n"
        "### BEGIN HIDDEN TESTS\nassert isinstance(price, int), 'price should be a whole number of dollars.'\n"
        "### END HIDDEN TESTS\nprint('price is twice base.')",
        {**CHECK, "grade_id": "tiny-ex1-check", "points": 2},
        [],
    ),
    ("markdown", "**Teacher's answer.** SECRET-TEACHER-NOTE: twice is 20.", None, ["teacher"]),
    ("markdown", "**Exercise 2.** Write `double(x)`, which returns twice `x`.", None, []),
    (
        "code",
        "def double(x):\n    ### BEGIN SOLUTION\n    return 2 * x\n    ### END SOLUTION",
        {**SOLUTION, "grade_id": "tiny-ex2-answer"},
        [],
    ),
    (
        "code",
        "assert double(4) == 8, 'double(4) should be 8: return x times 2.'\nprint('double works.')",
        {**CHECK, "grade_id": "tiny-ex2-check", "points": 3},
        [],
    ),
    ("markdown", "**Exercise 3.** Why is twice base a sink? Write a sentence.", None, []),
    (
        "markdown",
        "### BEGIN SOLUTION\nBecause SECRET-WRITTEN-ANSWER.\n### END SOLUTION",
        {**WRITTEN, "grade_id": "tiny-ex3-answer", "points": 1},
        [],
    ),
    ("code", "print('end of the lesson')", None, []),
]
SECRETS = ("2 * base", "return 2 * x", "SECRET-WRITTEN-ANSWER", "whole number of dollars", "SECRET-TEACHER-NOTE")


def write_lesson(path: Path, cells: Sequence[tuple[str, str, dict[str, Any] | None, list[str]]] = TINY) -> Path:
    """A notebook of cells with nbgrader metadata and tags, written through support's write_notebook."""
    write_notebook(path, [(kind, source) for kind, source, _, _ in cells])
    nb = nbformat.read(path, as_version=4)
    for cell, (_, _, meta, tags) in zip(nb.cells, cells, strict=True):
        if meta is not None:
            cell.metadata["nbgrader"] = dict(meta)
        if tags:
            cell.metadata["tags"] = list(tags)
    nbformat.write(nb, path)
    return path


def with_cell(index: int, source: str | None = None, meta: dict[str, Any] | None = None) -> list[Any]:
    cells = list(TINY)
    kind, old_source, old_meta, tags = cells[index]
    cells[index] = (kind, old_source if source is None else source, old_meta if meta is None else meta, tags)
    return cells


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    return write_lesson(tmp_path / "tiny.ipynb")


def test_student_edition_has_no_answers_hidden_tests_or_teacher_cells(tiny: Path) -> None:
    source = nbformat.read(tiny, as_version=4)
    student = student_edition(source, str(tiny))
    text = nbformat.writes(student)
    for secret in SECRETS:
        assert secret in nbformat.writes(source) and secret not in text, secret
    assert not any(is_teacher(cell) for cell in student.cells)
    assert len(student.cells) == len(source.cells) - 1
    sources = [cell.source for cell in student.cells]
    assert sources[3] == CODE_STUB
    assert sources[6] == f"def double(x):\n    {CODE_STUB}"  # indented as the marker; the code outside stays
    assert sources[9] == TEXT_STUB
    assert sources[4] == (
        "assert price == 20, f'price should be twice base, 20, not {price}: multiply base by 2.'\n"
        "print('price is twice base.')"
    )


def test_student_edition_keeps_every_other_cell_and_nbgraders_metadata(tiny: Path) -> None:
    source = nbformat.read(tiny, as_version=4)
    source.cells[1].outputs = [nbformat.v4.new_output("stream", text="ran\n")]
    source.cells[1].execution_count = 4
    student = student_edition(source, str(tiny))
    kept = [cell for cell in source.cells if not is_teacher(cell)]
    for mine, theirs in zip(student.cells, kept, strict=True):
        assert mine.id == theirs.id and mine.metadata == theirs.metadata and mine.cell_type == theirs.cell_type
        if not (is_solution(theirs) or "HIDDEN" in theirs.source or theirs.cell_type == "code"):
            assert mine == theirs
    assert student.cells[1].outputs == [] and student.cells[1].execution_count is None
    assert student.metadata == source.metadata
    nbformat.validate(student)
    for cell in student.cells:  # nbgrader's schema (version 3): its keys only, required ones present
        meta = cell.metadata.get("nbgrader")
        if meta is not None:
            assert set(meta) <= NBGRADER_KEYS and {"schema_version", "grade", "locked", "solution"} <= set(meta)
            assert meta["schema_version"] == 3 and (not meta["grade"] or meta["points"] > 0)
    assert exercises(student) == exercises(source)  # the student edition is a valid source too


def test_the_teacher_edition_is_the_source_and_leaves_it_untouched(tiny: Path) -> None:
    source = nbformat.read(tiny, as_version=4)
    before = nbformat.writes(source)
    assert nbformat.writes(teacher_edition(source)) == before
    student_edition(source)
    assert nbformat.writes(source) == before


def test_exercises_lists_grade_ids_points_and_tasks(tiny: Path) -> None:
    found = check_exercises(tiny)
    assert [(e.name, e.answer_id, e.check_id, e.points, e.written) for e in found] == [
        ("tiny-ex1", "tiny-ex1-answer", "tiny-ex1-check", 2, False),
        ("tiny-ex2", "tiny-ex2-answer", "tiny-ex2-check", 3, False),
        ("tiny-ex3", "tiny-ex3-answer", None, 1, True),
    ]
    assert found[0].task.startswith("**Exercise 1.**") and found[2].task.startswith("**Exercise 3.**")


BAD: dict[str, tuple[list[Any], int, str]] = {
    "solution without END": (with_cell(3, "### BEGIN SOLUTION\nprice = 20"), 4, "without '### END SOLUTION'"),
    "END without BEGIN": (with_cell(3, "price = 20\n### END SOLUTION"), 4, "without '### BEGIN SOLUTION'"),
    "nested BEGIN": (with_cell(3, "### BEGIN SOLUTION\n### BEGIN SOLUTION\n### END SOLUTION"), 4, "a second"),
    "marker not on a line of its own": (with_cell(3, "x = 1  ### BEGIN SOLUTION\n### END SOLUTION"), 4, "exactly"),
    "hidden tests without END": (with_cell(4, "### BEGIN HIDDEN TESTS\nassert True"), 5, "without"),
    "solution markers in a plain cell": (with_cell(1, "### BEGIN SOLUTION\nbase = 10\n### END SOLUTION"), 2, "not a"),
    "hidden tests in a solution cell": (with_cell(3, "### BEGIN HIDDEN TESTS\n### END HIDDEN TESTS"), 4, "not a"),
    "check without points": (with_cell(4, meta={**CHECK, "grade_id": "tiny-ex1-check"}), 5, "points"),
    "check with zero points": (with_cell(4, meta={**CHECK, "grade_id": "tiny-ex1-check", "points": 0}), 5, "points"),
    "duplicate grade id": (with_cell(8, meta={**CHECK, "grade_id": "tiny-ex1-check", "points": 1}), 9, "twice"),
    "check before its solution": (
        [*TINY[:3], TINY[4], TINY[3], *TINY[5:]],
        4,
        "no code solution cell tiny-ex1-answer before",
    ),
    "unlocked check": (with_cell(4, meta={**CHECK, "locked": False, "grade_id": "tiny-ex1-check", "points": 2}), 5, ""),
    "old schema": (with_cell(3, meta={**SOLUTION, "schema_version": 2, "grade_id": "tiny-ex1-answer"}), 4, "3"),
    "unknown key": (with_cell(3, meta={**SOLUTION, "grade_id": "tiny-ex1-answer", "weight": 1}), 4, "weight"),
    "grade id nbgrader refuses": (with_cell(3, meta={**SOLUTION, "grade_id": "tiny ex1-answer"}), 4, "grade_id"),
    "written answer not graded": (with_cell(10, meta={**SOLUTION, "grade_id": "tiny-ex3-answer"}), 11, "grade true"),
    "solution with no task before it": ([TINY[1], *TINY[3:]], 2, "task"),
}


@pytest.mark.parametrize("case", BAD)
def test_malformed_markers_are_refused_naming_the_file_and_cell(tmp_path: Path, case: str) -> None:
    cells, cell_number, words = BAD[case]
    path = write_lesson(tmp_path / "broken.ipynb", cells)
    with pytest.raises(EditionError, match=f"cell {cell_number}\\b") as refused:
        check_exercises(path)
    assert isinstance(refused.value, PlaybookError)
    assert str(path) in str(refused.value) and words in str(refused.value)
    with pytest.raises(EditionError):  # nor is a student edition made of it
        student_edition(nbformat.read(path, as_version=4), str(path))


def test_a_teacher_tagged_exercise_cell_is_refused(tmp_path: Path) -> None:
    cells = list(TINY)
    kind, source, meta, _ = cells[3]
    cells[3] = (kind, source, meta, ["teacher"])
    with pytest.raises(EditionError, match=r"cell 4 .*'teacher'"):
        check_exercises(write_lesson(tmp_path / "tagged.ipynb", cells))


def test_a_file_that_is_not_a_notebook_is_refused_by_name(tmp_path: Path) -> None:
    path = tmp_path / "notes.ipynb"
    path.write_text("not json", encoding="utf-8")
    with pytest.raises(EditionError, match=r"notes\.ipynb: not a readable notebook"):
        check_exercises(path)


def test_rebuilding_keeps_a_students_edits_unless_forced(tmp_path: Path, tiny: Path) -> None:
    out = tmp_path / "build"
    assert [what for _, what in write_editions([tiny], out, "student")] == ["written"]
    built = out / "tiny.ipynb"
    assert "SECRET-WRITTEN-ANSWER" not in built.read_text(encoding="utf-8")
    assert [what for _, what in write_editions([tiny], out, "student")] == ["unchanged"]
    built.write_text(built.read_text(encoding="utf-8").replace(TEXT_STUB, "A sink: mine", 1), encoding="utf-8")
    assert write_editions([tiny], out, "student")[0][1].startswith("kept")
    assert "A sink: mine" in built.read_text(encoding="utf-8")
    assert [what for _, what in write_editions([tiny], out, "student", force=True)] == ["written"]
    assert "A sink: mine" not in built.read_text(encoding="utf-8")


def test_a_lesson_with_a_bad_marker_stops_the_build_before_anything_is_written(tmp_path: Path, tiny: Path) -> None:
    broken = write_lesson(tmp_path / "broken.ipynb", with_cell(3, "### BEGIN SOLUTION\nprice = 20"))
    out = tmp_path / "build"
    with pytest.raises(EditionError, match=r"broken\.ipynb: cell 4"):
        write_editions([tiny, broken], out, "student")
    assert not out.exists()


def test_the_command_writes_localised_editions(tmp_path: Path, tiny: Path) -> None:
    nb = nbformat.read(tiny, as_version=4)
    nb.metadata["language_info"]["version"] = "3.11.7"  # as committed
    nbformat.write(nb, tiny)
    out = tmp_path / "student"
    done = subprocess.run(
        [sys.executable, "-m", "playbook.editions", "student", str(tiny), "--localise", "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    written = json.loads((out / "tiny.ipynb").read_text(encoding="utf-8"))
    assert "SECRET-TEACHER-NOTE" not in json.dumps(written)
    assert written["metadata"]["language_info"]["version"] == sys.version.split()[0]


def make_dry_run(*args: str) -> str:
    return subprocess.run(
        ["make", "-n", "--no-print-directory", *args], cwd=REPO_ROOT, capture_output=True, text=True, check=True
    ).stdout


def test_make_student_and_teacher_write_into_build() -> None:
    student, teacher = make_dry_run("student"), make_dry_run("teacher")
    assert "-m playbook.editions student notebooks/*.ipynb --localise --out build/student/notebooks" in student
    assert "-m playbook.editions student widgets/*.ipynb --localise --out build/student/widgets" in student
    assert "-m playbook.editions teacher notebooks/*.ipynb --out build/teacher/notebooks" in teacher


@pytest.mark.parametrize("args", [(), ("EDITION=student",)], ids=["default", "EDITION=student"])
def test_make_lab_serves_the_student_edition_by_default(args: tuple[str, ...]) -> None:
    lab = make_dry_run("lab", *args)
    command = lab.strip().splitlines()[-1]
    assert "jupyter lab" in command
    assert command.count(f'--ServerApp.root_dir="{REPO_ROOT}/build/student"') == 1
    assert "playbook.editions student notebooks/*.ipynb" in lab  # the editions are built first
    assert "playbook.editions student widgets/*.ipynb" in lab


def test_make_lab_serves_the_teachers_sources_on_request() -> None:
    lab = make_dry_run("lab", "EDITION=teacher")
    command = lab.strip().splitlines()[-1]
    assert f'--ServerApp.root_dir="{REPO_ROOT}"' in command
    assert "playbook.editions" not in lab  # the sources are served as they are
    refused = subprocess.run(["make", "-n", "lab", "EDITION=answers"], cwd=REPO_ROOT, capture_output=True, text=True)
    assert refused.returncode != 0 and "EDITION must be student or teacher" in refused.stderr


LESSONS = sorted((REPO_ROOT / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_every_lesson_is_well_marked_and_its_student_edition_holds_no_answer(path: Path) -> None:
    found = check_exercises(path)
    source = nbformat.read(path, as_version=4)
    student = student_edition(source, str(path))
    by_id = {cell.id: cell for cell in student.cells}
    assert len(by_id) == len(student.cells)
    for cell in source.cells:
        if is_teacher(cell):
            assert cell.id not in by_id, f"{path.name}: a teacher cell reached the student edition"
            continue
        mine = by_id[cell.id]
        if is_solution(cell):  # no line of an answer survives, unless the cell has it outside the markers too
            outside = set(mine.source.split("\n"))
            for region in solution_text(cell):
                leaked = [line for line in region.split("\n") if line.strip() and line not in outside]
                assert not any(line in mine.source for line in leaked), f"{path.name}: {cell.id} keeps its answer"
                assert mine.source.count(CODE_STUB if cell.cell_type == "code" else TEXT_STUB) >= 1
        for region in hidden_tests(cell):
            assert region.strip() not in mine.source, f"{path.name}: {cell.id} keeps its hidden tests"
        if not (is_solution(cell) or hidden_tests(cell)):
            assert mine.source == cell.source
    assert exercises(student, str(path)) == found
