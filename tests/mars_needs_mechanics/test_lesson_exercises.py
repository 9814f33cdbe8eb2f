"""The order-line lesson's exercises (notebooks/mars_needs_mechanics.ipynb, section 15) keep the course's exercise
convention and grade what they say they grade (issue 22).

The convention is nbgrader's: a markdown task, a solution cell between ``### BEGIN SOLUTION`` / ``### END
SOLUTION`` markers, then a locked check cell with points, hidden tests between their own markers. Here each
exercise's cells run in a namespace built from the lesson's own set-up cell: the teacher's solution passes its
check at the committed seeds and at others (the checks' thresholds come from findings, so no seed is special), a
wrong answer fails with an ``AssertionError``, and the student edition's placeholder (the code before the
markers) fails with one too, never with a ``NameError``. Teacher's answers carry the ``teacher`` tag, and no cell
a student keeps reads a name only a teacher's cell defines.
"""

from __future__ import annotations

import ast
import dataclasses
import re
from typing import Any

import nbformat
import pytest
from support.exercises import student_answers
from support.notebooks import REPO_ROOT

import playbook
from playbook.games import mars_needs_mechanics as mnm
from playbook.games.mars_needs_mechanics import agents, measures

LESSON = REPO_ROOT / "notebooks" / "mars_needs_mechanics.ipynb"
STEM = LESSON.stem
BEGIN, END = "### BEGIN SOLUTION", "### END SOLUTION"
HIDDEN = ("### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS")
#: The seeds each check reads (section parameters a student may edit: "any whole number" / "any seed").
SEEDS = ("RISE_SEED", "SWEEP_SEED", "MY_SEED")


def notebook() -> nbformat.NotebookNode:
    return nbformat.read(LESSON, as_version=4)


def nbgrader(cell: nbformat.NotebookNode) -> dict[str, Any]:
    return dict(cell.metadata.get("nbgrader", {}))


def exercises() -> dict[int, tuple[nbformat.NotebookNode, nbformat.NotebookNode, nbformat.NotebookNode]]:
    """Exercise number -> (task, solution, check) cells, read from the grade ids."""
    cells = notebook().cells
    found = {}
    for index, cell in enumerate(cells):
        meta = nbgrader(cell)
        if meta.get("solution"):
            number = int(re.fullmatch(rf"{STEM}-ex(\d+)-answer", meta["grade_id"]).group(1))  # type: ignore[union-attr]
            found[number] = (cells[index - 1], cell, cells[index + 1])
    return found


def parameters() -> dict[str, Any]:
    """The committed values of the lesson's seed parameters."""
    values: dict[str, Any] = {}
    for cell in notebook().cells:
        if cell.cell_type == "code" and cell.source.lstrip().startswith("# PARAMETERS"):
            exec(cell.source, {}, values)
    return {name: values[name] for name in SEEDS}


def lesson_namespace(**seeds: int) -> dict[str, Any]:
    """The names the lesson's set-up cell defines, with the checks' seed parameters set."""
    namespace: dict[str, Any] = {}
    setup = next(c.source for c in notebook().cells if c.cell_type == "code" and "STRATEGIES = [" in c.source)
    exec(setup, namespace)
    namespace.update(parameters())
    namespace.update(seeds)
    return namespace


def run_exercise(number: int, namespace: dict[str, Any], answer: str | None = None) -> None:
    """Run exercise ``number``'s solution (or ``answer`` in its place) and then its check, in ``namespace``."""
    _, solution, check = exercises()[number]
    exec(solution.source if answer is None else answer, namespace)
    exec(check.source, namespace)


# ---------------------------------------------------------------------------------------------- the convention


def test_the_lesson_has_three_to_five_exercises_in_the_nbgrader_convention() -> None:
    found = exercises()
    assert 3 <= len(found) <= 5 and sorted(found) == list(range(1, len(found) + 1))
    ids = [nbgrader(c)["grade_id"] for c in notebook().cells if nbgrader(c)]
    assert len(ids) == len(set(ids)) == 2 * len(found)
    for number, (task, solution, check) in found.items():
        assert task.cell_type == "markdown" and f"Exercise {number} (" in task.source and "*Success:*" in task.source
        assert nbgrader(solution) == {"solution": True, "grade": False, "locked": False,
                                      "grade_id": f"{STEM}-ex{number}-answer", "schema_version": 3}  # fmt: skip
        assert solution.source.count(BEGIN) == solution.source.count(END) == 1
        assert solution.source.index(BEGIN) < solution.source.index(END)
        meta = nbgrader(check)
        assert meta["grade"] is True and meta["solution"] is False and meta["locked"] is True
        assert meta["grade_id"] == f"{STEM}-ex{number}-check" and meta["schema_version"] == 3
        assert isinstance(meta["points"], int) and meta["points"] > 0
        assert f"({meta['points']} points)" in task.source
        assert check.source.count(HIDDEN[0]) == check.source.count(HIDDEN[1]) <= 1
        assert check.source.rstrip().splitlines()[-1].startswith("print("), "a passing check says so last"
        for node in ast.walk(ast.parse(check.source)):
            if isinstance(node, ast.Assert):
                assert node.msg is not None, f"exercise {number}: an assert without a sentence for the student"


def test_the_exercises_points_add_up_to_what_the_section_says() -> None:
    total = sum(nbgrader(check)["points"] for _, _, check in exercises().values())
    intro = next(c.source for c in notebook().cells if c.cell_type == "markdown" and "## 15. Exercises" in c.source)
    assert f"{len(exercises())} exercises" in intro.lower() or "Five exercises" in intro
    assert f"{total} points" in intro


def test_every_teachers_answer_is_tagged_teacher_and_nothing_else_is() -> None:
    for cell in notebook().cells:
        answer = ("<summary>Teacher's answer" in cell.source) if cell.cell_type == "markdown" else (
            "\nanswer(" in "\n" + cell.source and "def answer(" not in cell.source)  # fmt: skip
        assert ("teacher" in cell.metadata.get("tags", [])) == answer, cell.source[:100]


# ---------------------------------------------------------------------------------------------- the grading


def test_the_teachers_solutions_pass_at_the_committed_seeds() -> None:
    namespace = lesson_namespace()
    for number in exercises():
        run_exercise(number, namespace)


@pytest.mark.parametrize("seed", [3, 40])
def test_the_teachers_solutions_pass_at_other_seeds(seed: int) -> None:
    namespace = lesson_namespace(**dict.fromkeys(SEEDS, seed))
    for number in (3, 4, 5):  # the exercises that play games
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
    "1: Lens rises past the top": (
        1, 'my_values = {"Piston": 3, "Wire": 7, "Lens": 11, "Gear": 4, "Boiler": 4, "Aether Tube": 2, '
           '"Copper Coil": 1}', "Lens"),
    "1: a name misspelt": (1, 'my_values = {"Pistons": 3}', "spelling"),
    "2: exactly needed, not at least": (
        2, "def my_chance(unseen, hidden, draws, needed):\n"
           "    return comb(unseen, needed) * comb(hidden - unseen, draws - needed) / comb(hidden, draws)",
        "my_chance"),
    "3: the pencil of 3 falling places": (3, 'my_pencil, my_side = 5.0, "above"', "pencil"),
    "3: the wrong side": (3, 'my_pencil, my_side = 4.14, "below"', "games show"),
    "4: the set size again": (4, "my_rules = dataclasses.replace(RULES, min_set_size=2)", "set size"),
    "4: two rules at once": (4, "my_rules = dataclasses.replace(RULES, hand_size=5, market_size=6)", "exactly one"),
    "4: a rule that makes a sink": (4, "my_rules = dataclasses.replace(RULES, order_line_fall=4)", "Not yet"),
    "5: a bot's name": (5, "my_winner = agents.Hoarder()", "name no bot uses"),
    "5: a strategy that never buys": (
        5, '@playbook.strategy(name="passer", isolate=False)\ndef my_winner(observation, legal_actions, rng):\n'
           "    return next((a for a in legal_actions if isinstance(a, mnm.DoneSelling | mnm.EndTurn | mnm.Pass)), "
           "legal_actions[0])", "Not yet"),
}  # fmt: skip


@pytest.mark.parametrize("case", list(WRONG_ANSWERS), ids=list(WRONG_ANSWERS))
def test_a_wrong_answer_fails_with_a_sentence_that_says_what_to_look_at(case: str) -> None:
    number, answer, words = WRONG_ANSWERS[case]
    _, solution, _ = exercises()[number]
    prefix = solution.source.split("my_")[0] if number == 2 else ""  # exercise 2 imports comb before its answer
    with pytest.raises(AssertionError, match=words):
        run_exercise(number, lesson_namespace(), prefix + answer)


# ---------------------------------------------------------------------------------------------- the helper


def test_win_rate_against_reads_the_tournament_per_game_against_the_fair_share() -> None:
    rivals = [agents.QuickSeller(), agents.LateBuyer(), agents.Hoarder()]
    patient = agents.ThresholdSeller(sell_at=9)
    found = measures.win_rate_against(patient, rivals, games=40, seed=6)
    board = playbook.tournament("mars_needs_mechanics", [patient, *rivals], games=40, seed=6, players=4)
    wins = board[board["agent"] == patient.name].groupby("game")["won"].max()
    assert found.n == 40 and found.value == wins.mean() and found.reference == 1 / 4 and found.method == "Wilson"
    assert found.low <= found.value <= found.high
    assert found.measure == "win rate of threshold seller against quick seller, late buyer, hoarder"
    two = measures.win_rate_against(patient, rivals[:1], games=10, seed=6)
    assert two.reference == 1 / 2 and two.n == 10


@playbook.strategy(name="crasher", isolate=False)
def crasher(observation: Any, legal_actions: Any, rng: Any) -> Any:
    raise RuntimeError("a bug in the student's strategy")


def test_win_rate_against_counts_a_forfeited_game_as_lost_and_says_why() -> None:
    with pytest.warns(UserWarning, match="4 of 4 games failed"):
        found = measures.win_rate_against(crasher, [agents.QuickSeller()], games=4, seed=1)
    assert found.value == 0 and found.n == 4 and found.verdict == "below"
    assert "4 of 4 games failed" in found.note and "a bug in the student's strategy" in found.note
    assert found.note in found.sentence()


def test_a_changed_rule_reaches_the_helper_and_the_exercise_reads_one_field() -> None:
    rules = dataclasses.replace(mnm.Rules.standard(), hand_size=5)
    changed = [f.name for f in dataclasses.fields(mnm.Rules)
               if f.init and f.compare and getattr(rules, f.name) != getattr(mnm.Rules.standard(), f.name)]  # fmt: skip
    assert changed == ["hand_size"]
    found = measures.win_rate_against(agents.QuickSeller(), [agents.Hoarder()], games=6, seed=2, rules=rules)
    assert found.n == 6
