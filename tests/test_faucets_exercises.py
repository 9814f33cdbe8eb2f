"""The faucets-and-sinks lesson's exercises (notebooks/faucets_and_sinks.ipynb, section 9) keep the course's
exercise convention and grade what they say they grade (issue 22).

nbgrader's convention: a markdown task, a solution cell between ``### BEGIN SOLUTION`` / ``### END SOLUTION``,
then a locked check cell with points (hidden tests between their own markers). Each exercise's cells run here in
a namespace built from the lesson's own cells (set-up, parameters, the runs of section 1 and the round trips of
section 2): the teacher's solution passes at the committed seed and at others, a wrong answer fails with an
``AssertionError`` that says what to look at, and the student edition's placeholder fails with one too. The
lesson's teacher's answers carry the ``teacher`` tag, and no cell a student keeps reads a name only they define.
"""

from __future__ import annotations

import ast
import re
from typing import Any

import nbformat
import pandas as pd
import pytest
from support.exercises import student_answers
from support.notebooks import REPO_ROOT

from playbook import findings, money
from playbook.core.errors import InvalidArgumentError
from playbook.games.mars_needs_mechanics.agents import QuickSeller, ThresholdSeller

LESSON = REPO_ROOT / "notebooks" / "faucets_and_sinks.ipynb"
STEM = LESSON.stem
BEGIN, END = "### BEGIN SOLUTION", "### END SOLUTION"
HIDDEN = ("### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS")
#: The lesson's cells the exercises read: set-up, the first parameters, section 1's runs, section 2's round trips.
CONTEXT = ("9dc7df2d", "693c1a69", "25c7ee28", "8360c708")


def notebook() -> nbformat.NotebookNode:
    return nbformat.read(LESSON, as_version=4)


def nbgrader(cell: nbformat.NotebookNode) -> dict[str, Any]:
    return dict(cell.metadata.get("nbgrader", {}))


def exercises() -> dict[int, tuple[nbformat.NotebookNode, nbformat.NotebookNode, nbformat.NotebookNode]]:
    cells = notebook().cells
    found = {}
    for index, cell in enumerate(cells):
        meta = nbgrader(cell)
        if meta.get("solution"):
            number = int(re.fullmatch(rf"{STEM}-ex(\d+)-answer", meta["grade_id"]).group(1))  # type: ignore[union-attr]
            found[number] = (cells[index - 1], cell, cells[index + 1])
    return found


_CONTEXTS: dict[tuple[int, int], dict[str, Any]] = {}


def lesson_namespace(seed: int | None = None, games: int = 30) -> dict[str, Any]:
    """The names the exercises read, from the lesson's own cells, at ``seed`` (None: the committed one)."""
    key = (-1 if seed is None else seed, games)
    if key not in _CONTEXTS:
        cells = {cell.id: cell.source for cell in notebook().cells}
        namespace: dict[str, Any] = {}
        for cell_id in CONTEXT:
            exec(cells[cell_id], namespace)
            if cell_id == "693c1a69":  # the parameter cell: set the sample (and the seed) as an edit would
                namespace["GAMES_EACH"] = games
                namespace["SEED"] = namespace["SEED"] if seed is None else seed
        _CONTEXTS[key] = namespace
    return dict(_CONTEXTS[key])


def run_exercise(number: int, namespace: dict[str, Any], answer: str | None = None) -> None:
    _, solution, check = exercises()[number]
    exec(solution.source if answer is None else answer, namespace)
    exec(check.source, namespace)


# ---------------------------------------------------------------------------------------------- the convention


def test_the_lesson_has_three_to_five_exercises_in_the_nbgrader_convention() -> None:
    found = exercises()
    assert 3 <= len(found) <= 5 and sorted(found) == list(range(1, len(found) + 1))
    ids = [nbgrader(c)["grade_id"] for c in notebook().cells if nbgrader(c)]
    assert len(ids) == len(set(ids)) == 2 * len(found)
    total = 0
    for number, (task, solution, check) in found.items():
        assert task.cell_type == "markdown" and f"Exercise {number} (" in task.source and "*Success:*" in task.source
        assert nbgrader(solution) == {"solution": True, "grade": False, "locked": False,
                                      "grade_id": f"{STEM}-ex{number}-answer", "schema_version": 3}  # fmt: skip
        assert solution.source.count(BEGIN) == solution.source.count(END) == 1
        meta = nbgrader(check)
        assert (meta["grade"], meta["solution"], meta["locked"]) == (True, False, True)
        assert meta["grade_id"] == f"{STEM}-ex{number}-check" and meta["schema_version"] == 3
        assert isinstance(meta["points"], int) and f"({meta['points']} points)" in task.source
        total += meta["points"]
        assert check.source.count(HIDDEN[0]) == check.source.count(HIDDEN[1]) <= 1
        assert check.source.rstrip().splitlines()[-1].startswith("print(")
        graded = [n for n in ast.walk(ast.parse(check.source)) if isinstance(n, ast.Assert)]
        assert graded and all(n.msg is not None for n in graded), f"exercise {number}: an assert without a sentence"
    intro = next(c.source for c in notebook().cells if c.cell_type == "markdown" and "## 9. Exercises" in c.source)
    assert f"{total} points" in intro


def test_every_teachers_answer_is_tagged_teacher_and_its_findings_stay_for_the_student() -> None:
    cells = notebook().cells
    for cell in cells:
        answer = cell.cell_type == "code" and "\nanswer(" in "\n" + cell.source and "def answer(" not in cell.source
        answer = answer or (cell.cell_type == "markdown" and "<summary>Teacher's answer" in cell.source)
        assert ("teacher" in cell.metadata.get("tags", [])) == answer, cell.source[:100]
    teacher = [cell for cell in cells if "teacher" in cell.metadata.get("tags", [])]
    assert len(teacher) == 5
    for cell in teacher:  # a teacher's cell holds the answer only: the findings' sentences stay with the student
        assert not re.search(r"^say\(", cell.source, re.MULTILINE), cell.source[:100]


# ---------------------------------------------------------------------------------------------- the grading


def test_the_teachers_solutions_pass_at_the_committed_seed() -> None:
    namespace = lesson_namespace()
    for number in exercises():
        run_exercise(number, namespace)


@pytest.mark.parametrize(("seed", "games"), [(4, 30), (11, 120)])
def test_the_teachers_solutions_pass_at_other_seeds_and_samples(seed: int, games: int) -> None:
    namespace = lesson_namespace(seed, games)
    for number in exercises():
        run_exercise(number, namespace)


@pytest.mark.parametrize("number", [1, 2, 3, 4, 5])
def test_the_student_editions_placeholder_fails_with_an_assertion_not_a_name_error(number: int) -> None:
    _, _, check = exercises()[number]
    namespace = lesson_namespace()
    with pytest.raises(NotImplementedError):
        exec(student_answers(LESSON)[f"{STEM}-ex{number}-answer"], namespace)
    with pytest.raises(AssertionError):
        exec(check.source, namespace)


WRONG_ANSWERS = {
    "1: the trade between shops called a sink": (
        1, 'my_kinds = {"sales to the Scientists": "faucet", "Parts Unknown sales": "faucet", "Buyout sales": '
           '"faucet", "cards bought from rivals": "sink", "auctions won": "sink", "buying shelves": "sink", '
           '"drawing cards": "sink"}', "cards bought from rivals"),
    "1: a source left out": (1, 'my_kinds = {"drawing cards": "sink"}', "no entry"),
    "2: more back than paid in": (2, "my_mars_trip, my_parts_trip = 1.3, 2.4", "my_mars_trip"),
    "2: the Scientists pay back what a draw costs": (2, "my_mars_trip, my_parts_trip = 0.9, 1.0", "my_parts_trip"),
    "3: the range over the total": (
        3, "def my_gini(amounts):\n    return (max(amounts) - min(amounts)) / (sum(amounts) or 1)", "my_gini"),
    "4: a quick seller in seat 0": (4, "my_seller = QuickSeller()", "Not yet"),
    "4: selling at once": (4, "my_seller = ThresholdSeller(sell_at=1, wait_passes=0)", "Not yet"),
    "5: two rules at once": (
        5, "my_parts_rules = dataclasses.replace(PARTS_RULES, shelf_cost=200, starting_money=50)", "exactly one"),
    "5: a dearer shelf only": (5, "my_parts_rules = dataclasses.replace(PARTS_RULES, shelf_cost=80)", "2.5-fold"),
}  # fmt: skip


@pytest.mark.parametrize("case", list(WRONG_ANSWERS), ids=list(WRONG_ANSWERS))
def test_a_wrong_answer_fails_with_a_sentence_that_says_what_to_look_at(case: str) -> None:
    number, answer, words = WRONG_ANSWERS[case]
    namespace = lesson_namespace()
    namespace.update(QuickSeller=QuickSeller, ThresholdSeller=ThresholdSeller)
    with pytest.raises(AssertionError, match=words):
        run_exercise(number, namespace, answer)


# ---------------------------------------------------------------------------------------------- the helper


def test_seat_win_rate_counts_the_games_rules_winners_against_the_fair_share() -> None:
    run = money.play("mars_needs_mechanics", games=12, seed=3, swap={0: ThresholdSeller(sell_at=9)}, flows=False)
    assert run.won.shape == (12, 4) and (run.won.sum(axis=1) >= 1).all()  # every game has its winner
    richest = run.purses.eq(run.purses.max(axis=1), axis=0)
    assert not (run.won & ~richest).to_numpy().any()  # a winner holds the most cogs (tie breaks pick among them)
    found = money.seat_win_rate(run, 0)
    assert found.n == 12 and found.value == run.won[0].mean() and found.reference == 1 / 4
    assert found.method == "Wilson" and found.measure == "win rate of seat 0 in Mars Needs Mechanics"
    assert money.seat_win_rate(run, 2, measure="seat two").measure == "seat two"


def test_seat_win_rate_knows_two_seat_games_and_refuses_a_seat_that_is_not_there() -> None:
    run = money.play("offal_game", games=6, seed=2, flows=False)
    found = money.seat_win_rate(run, 1)
    assert found.reference == 1 / 2 and found.n == 6
    with pytest.raises(InvalidArgumentError, match="seat"):
        money.seat_win_rate(run, 2)
    empty = money.MoneyRun(run.game, run.starting, run.games, run.purses, run.flows)
    with pytest.raises(InvalidArgumentError, match="no winners"):
        money.seat_win_rate(empty, 0)


def test_the_exercise_targets_are_read_off_intervals_not_estimates() -> None:
    run = money.play("parts_unknown", games=8, seed=5, flows=False)
    most, least = money.growth(run, reference=2.5), money.growth(run, reference=1)
    assert most.verdict == ("below" if most.high < 2.5 else "above" if most.low > 2.5 else "no difference detected")
    assert least.verdict == "above" and least.low > 1
    assert isinstance(findings.holdout(5).report, int) and isinstance(run.won, pd.DataFrame)
