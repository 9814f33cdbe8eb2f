"""The Offal lesson's exercises (notebooks/offal_game.ipynb, section 13) in nbgrader's convention, graded.

Each exercise is a task, a solution cell (``<lesson>-exN-answer``, the teacher's answer between nbgrader's
solution markers) and a locked check cell (``<lesson>-exN-check``). Here the teacher's answer passes its check
at more than one seed, a wrong answer and the student edition's blank answer fail it with a sentence, and every
teacher's answer of the lesson carries the ``teacher`` tag that the student edition drops.
"""

from __future__ import annotations

import ast
import contextlib
import dataclasses
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
from playbook.games import offal_game as og
from playbook.games.offal_game import agents, economy

LESSON = REPO_ROOT / "notebooks" / "offal_game.ipynb"
STEM = "offal_game"
BEGIN, END = "### BEGIN SOLUTION", "### END SOLUTION"
RULES = og.Rules.standard()


def _notebook() -> nbformat.NotebookNode:
    return nbformat.read(LESSON, as_version=4)


def _graded(nb: nbformat.NotebookNode) -> dict[str, nbformat.NotebookNode]:
    return {cell.metadata["nbgrader"]["grade_id"]: cell for cell in nb.cells if "nbgrader" in cell.metadata}


def _source(grade_id: str) -> str:
    return str(_graded(_notebook())[grade_id].source)


def _calm(state: og.State) -> bool:
    # Section 6's calm position, as its parameter cell defines it.
    mine = state.customers[state.seat]
    return (economy.clog_parts(state) == 0 and any(economy.fillable_now(state, c) for c in mine)
            and any(not economy.fillable_now(state, c) for c in mine))  # fmt: skip


def _namespace(**names: Any) -> dict[str, Any]:
    """What the lesson's first cell imports and defines, and the names the exercises read from its sections."""
    base: dict[str, Any] = {"dataclasses": dataclasses, "playbook": playbook, "findings": findings, "money": money,
                            "percent": percent, "og": og, "agents": agents, "economy": economy, "RULES": RULES,
                            "positions": {"calm": economy.find_position(_calm)}, "SWEEP_SEED": 2024,
                            "SOLO_SEED": 2026}  # fmt: skip
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


def test_the_teachers_option_value_lies_in_the_checks_interval_and_a_sure_thing_does_not() -> None:
    namespace = _namespace()
    _run(_source(f"{STEM}-ex1-answer"), namespace)
    assert 0 < namespace["my_chance"] < 1
    assert "Exercise 1 passes" in _run(_source(f"{STEM}-ex1-check"), namespace)
    with pytest.raises(AssertionError, match="outside what 400 simulations show"):
        _run(_source(f"{STEM}-ex1-check"), _namespace(my_chance=1.0, my_option_value=7.0))
    namespace["my_option_value"] = namespace["my_option_value"] + 1  # the hidden test: pay times chance
    with pytest.raises(AssertionError, match="pay"):
        _run(_source(f"{STEM}-ex1-check"), namespace)


@pytest.mark.parametrize("seed", [2024, 99, 5])
def test_the_teachers_clog_size_reaches_both_targets_at_these_seeds(seed: int) -> None:
    namespace = _namespace(SWEEP_SEED=seed)
    _run(_source(f"{STEM}-ex2-answer"), namespace)
    printed = _run(_source(f"{STEM}-ex2-check"), namespace)
    assert "Exercise 2 passes" in printed and "95%" in printed


def test_a_small_clog_ends_too_many_games() -> None:
    with pytest.raises(AssertionError, match="ends too many games"):
        _run(_source(f"{STEM}-ex2-check"), _namespace(my_clog_spaces=3))


@pytest.mark.parametrize("seed", [2026, 5])
def test_the_teachers_solo_strategy_wins_more_than_half_at_these_seeds(seed: int) -> None:
    namespace = _namespace(SOLO_SEED=seed)
    _run(_source(f"{STEM}-ex3-answer"), namespace)
    assert "Exercise 3 passes" in _run(_source(f"{STEM}-ex3-check"), namespace)


def test_random_play_does_not_clear_a_coins_chance() -> None:
    with pytest.raises(AssertionError, match="lower end of the interval must be above 1/2"):
        _run(_source(f"{STEM}-ex3-check"), _namespace(my_plunger=RandomAgent()))


@pytest.mark.parametrize("n", [1, 2, 3])
def test_the_student_editions_blank_answer_raises_and_its_check_fails_with_a_sentence(n: int) -> None:
    namespace = _namespace()
    with pytest.raises(NotImplementedError):
        _run(student_answers(LESSON)[f"{STEM}-ex{n}-answer"], namespace)
    with pytest.raises(AssertionError, match=r"^Set |^Define "):
        _run(_source(f"{STEM}-ex{n}-check"), namespace)
