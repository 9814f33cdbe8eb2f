"""The going-rate lesson's exercises (notebooks/parts_unknown.ipynb, section 14) in nbgrader's convention, graded.

Each exercise is a task, a solution cell (``<lesson>-exN-answer``, the teacher's answer between nbgrader's
solution markers) and a locked check cell (``<lesson>-exN-check``). Here the teacher's answer passes its check
at more than one seed, a wrong answer and the student edition's blank answer fail it with a sentence, and every
teacher's answer of the lesson carries the ``teacher`` tag that the student edition drops.
"""

from __future__ import annotations

import ast
import contextlib
import io
import re
from typing import Any

import nbformat
import pytest
from support.exercises import student_answers
from support.notebooks import REPO_ROOT

import playbook
from playbook import findings
from playbook.core import RandomAgent
from playbook.findings import money, percent
from playbook.games import parts_unknown as pu
from playbook.games.parts_unknown import agents, economy, lesson

LESSON = REPO_ROOT / "notebooks" / "parts_unknown.ipynb"
STEM = "parts_unknown"
BEGIN, END = "### BEGIN SOLUTION", "### END SOLUTION"


def _notebook() -> nbformat.NotebookNode:
    return nbformat.read(LESSON, as_version=4)


def _graded(nb: nbformat.NotebookNode) -> dict[str, nbformat.NotebookNode]:
    return {cell.metadata["nbgrader"]["grade_id"]: cell for cell in nb.cells if "nbgrader" in cell.metadata}


def _source(grade_id: str) -> str:
    return str(_graded(_notebook())[grade_id].source)


def _namespace(**names: Any) -> dict[str, Any]:
    """What the lesson's first cell imports and defines, and the parameters the exercises read."""
    base: dict[str, Any] = {"playbook": playbook, "findings": findings, "money": money, "percent": percent,
                            "pu": pu, "agents": agents, "economy": economy, "lesson": lesson,
                            "RULES": pu.Rules.standard(), "lab_seed": 7}  # fmt: skip
    base.update(names)
    return base


def _run(source: str, namespace: dict[str, Any]) -> str:
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(source, "<cell>", "exec"), namespace)
    return printed.getvalue()


def test_every_teachers_answer_is_tagged_teacher_and_nothing_students_need_is() -> None:
    nb = _notebook()
    for cell in nb.cells:
        tagged = "teacher" in cell.metadata.get("tags", [])
        renders_answer = cell.cell_type == "code" and re.search(r"^answer\(", cell.source, re.MULTILINE)
        details = "<summary>Teacher's answer" in cell.source and "def answer(" not in cell.source
        if details or renders_answer:
            assert tagged, f"an untagged teacher's answer: {cell.source[:80]!r}"
        if tagged:
            assert "parameters" not in cell.metadata.get("tags", []) and "nbgrader" not in cell.metadata
            if cell.cell_type == "code":  # a rule check belongs to every edition
                assert not any(isinstance(node, ast.Assert) for node in ast.walk(ast.parse(cell.source)))
            assert "## " not in cell.source, "a teacher's cell holds a section heading the student edition would lose"
    markdown = "".join(cell.source for cell in nb.cells if cell.cell_type == "markdown")
    assert "Ann shows 3 Feet at <span>&#36;</span>14" in markdown


def test_the_worked_market_answer_passes_and_a_wrong_rate_fails() -> None:
    namespace = _namespace()
    _run(_source(f"{STEM}-ex1-answer"), namespace)
    assert "passes" in _run(_source(f"{STEM}-ex1-check"), namespace)
    namespace["my_rates"] = {**namespace["my_rates"], "Hands": 24}
    with pytest.raises(AssertionError, match="going rate for Hands is not right"):
        _run(_source(f"{STEM}-ex1-check"), namespace)
    namespace = _namespace()
    _run(_source(f"{STEM}-ex1-answer"), namespace)
    namespace["my_surplus"] = 0  # the hidden test: the last level sells whole
    with pytest.raises(AssertionError, match="Surplus"):
        _run(_source(f"{STEM}-ex1-check"), namespace)


@pytest.mark.parametrize("seed", [7, 3, 11])
def test_the_teachers_pricer_clears_a_fair_share_at_any_of_these_seeds(seed: int) -> None:
    namespace = _namespace(lab_seed=seed)
    _run(_source(f"{STEM}-ex2-answer"), namespace)
    assert "Exercise 2 passes" in _run(_source(f"{STEM}-ex2-check"), namespace)


def test_random_pricing_does_not_clear_a_fair_share() -> None:
    namespace = _namespace(my_pricer=RandomAgent())
    with pytest.raises(AssertionError, match="lower end of the interval must be above 1/3"):
        _run(_source(f"{STEM}-ex2-check"), namespace)


@pytest.mark.parametrize("seed", [7, 3])
def test_the_teachers_shortage_dots_reach_both_targets_at_these_seeds(seed: int) -> None:
    namespace = _namespace(lab_seed=seed)
    _run(_source(f"{STEM}-ex3-answer"), namespace)
    printed = _run(_source(f"{STEM}-ex3-check"), namespace)
    assert "Exercise 3 passes" in printed and "95% interval" in printed


def test_too_few_shortage_dots_collapse_the_town_too_often() -> None:
    with pytest.raises(AssertionError, match="Too many collapses"):
        _run(_source(f"{STEM}-ex3-check"), _namespace(my_shortage_dots=8))
    with pytest.raises(AssertionError, match="whole number"):
        _run(_source(f"{STEM}-ex3-check"), _namespace(my_shortage_dots=14.5))


@pytest.mark.parametrize("n", [1, 2, 3])
def test_the_student_editions_blank_answer_raises_and_its_check_fails_with_a_sentence(n: int) -> None:
    namespace = _namespace()
    with pytest.raises(NotImplementedError):
        _run(student_answers(LESSON)[f"{STEM}-ex{n}-answer"], namespace)
    with pytest.raises(AssertionError, match=r"^Set |^Define "):
        _run(_source(f"{STEM}-ex{n}-check"), namespace)
