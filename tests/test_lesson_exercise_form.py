"""Every lesson's exercises keep the course's convention (issue 22): one battery over the lessons in notebooks/.

The convention is nbgrader's: a markdown task, a solution cell between ``### BEGIN SOLUTION`` / ``### END
SOLUTION`` markers, then a locked check cell with points, at most one block of hidden tests, an ``assert`` and a
line that prints the verdict. Each lesson has three to five. (The Mars and faucets lessons' own tests hold their
tasks to more: the points and the success criterion in the task's words, a sentence on every ``assert``.) No cell
a student keeps reads a name only a teacher's cell defines: the student edition drops teacher cells. What each
lesson's exercises grade is tested beside the lesson's own tests (``tests/**/test_*exercises.py``).
"""

from __future__ import annotations

import ast
import re

import nbformat
import pytest
from support.notebooks import REPO_ROOT

from playbook import editions

BEGIN, END = "### BEGIN SOLUTION", "### END SOLUTION"
HIDDEN = ("### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS")
LESSONS = sorted(path for path in (REPO_ROOT / "notebooks").glob("*.ipynb") if path.stem != "index")


def graded(nb: nbformat.NotebookNode) -> dict[str, nbformat.NotebookNode]:
    return {meta["grade_id"]: cell for cell in nb.cells if (meta := editions.nbgrader_meta(cell))}


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_the_lesson_has_three_to_five_exercises_in_the_nbgrader_convention(path: object) -> None:
    nb = nbformat.read(path, as_version=4)
    stem = getattr(path, "stem", "")
    found = graded(nb)
    ids = [meta["grade_id"] for cell in nb.cells if (meta := editions.nbgrader_meta(cell))]
    numbers = sorted({int(m.group(1)) for g in found if (m := re.fullmatch(rf"{stem}-ex(\d+)-(answer|check)", g))})
    assert 3 <= len(numbers) <= 5 and numbers == list(range(1, len(numbers) + 1)), sorted(found)
    assert len(ids) == len(set(ids)) == 2 * len(numbers), ids
    for n in numbers:
        answer, check = found[f"{stem}-ex{n}-answer"], found[f"{stem}-ex{n}-check"]
        at = nb.cells.index(answer)
        task = nb.cells[at - 1]
        assert task.cell_type == "markdown", f"exercise {n}: the task comes first"
        assert nb.cells[at + 1] is check, f"exercise {n}: the check follows the answer"
        assert answer.metadata["nbgrader"] == {"solution": True, "grade": False, "locked": False,
                                               "grade_id": f"{stem}-ex{n}-answer", "schema_version": 3}  # fmt: skip
        assert answer.source.count(BEGIN) == answer.source.count(END) == 1
        assert answer.source.index(BEGIN) < answer.source.index(END)
        meta = check.metadata["nbgrader"]
        assert (meta["grade"], meta["solution"], meta["locked"], meta["schema_version"]) == (True, False, True, 3)
        assert isinstance(meta["points"], int) and meta["points"] > 0
        assert check.source.count(HIDDEN[0]) == check.source.count(HIDDEN[1]) <= 1
        assert "print(" in check.source and "assert" in check.source


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_no_cell_a_student_keeps_reads_a_name_only_a_teachers_cell_defines(path: object) -> None:
    student_defined: set[str] = set()
    teacher_only: set[str] = set()
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type != "code":
            continue
        tree = ast.parse(cell.source)
        stores = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        stores |= {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
        if "teacher" in cell.metadata.get("tags", []):
            teacher_only |= stores - student_defined
            continue
        loads = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
        assert not (loads & teacher_only) - stores, f"reads {sorted(loads & teacher_only)}: {cell.source[:80]!r}"
        student_defined |= stores
        teacher_only -= stores
