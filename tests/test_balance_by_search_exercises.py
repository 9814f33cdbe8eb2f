"""The balance-by-search lesson's exercises (notebooks/balance_by_search.ipynb, section 3) in nbgrader's
convention, graded (issues 22 and 24).

Each exercise is a task, a solution cell (``balance_by_search-exN-answer``, the teacher's answer between
nbgrader's solution markers) and a locked check cell (``balance_by_search-exN-check``). The checks run here in a
namespace holding the names the lesson defines before them, rebuilt small and fixed (a tuner result with a known
closest shift, two made-up deal comparisons, a spread): the lesson's own tuner and search games take most of its
minute, and a check must pass with the right answer and fail with a wrong one whatever those games measured. Then
the autograder runs the whole lesson in a fresh kernel with right and wrong answers mixed, as it grades a class.
"""

from __future__ import annotations

import contextlib
import io
import re
from types import SimpleNamespace
from typing import Any

import pytest
from support.exercises import student_answers
from support.notebooks import REPO_ROOT

from playbook import findings
from playbook.autograde import grade
from playbook.editions import is_teacher, read, student_edition
from playbook.games.planet_unknown import asymmetry_lesson as lesson

LESSON = REPO_ROOT / "notebooks" / "balance_by_search.ipynb"
STEM = LESSON.stem
BEGIN, END = "### BEGIN SOLUTION", "### END SOLUTION"
NOT_DONE = "did not run: NotImplementedError: your answer here"
PARAMETER = "track_edits.makeshift.civ"


def source(grade_id: str) -> str:
    nb = read(LESSON)
    cells = {cell.metadata["nbgrader"]["grade_id"]: cell for cell in nb.cells if "nbgrader" in cell.metadata}
    return str(cells[grade_id].source)


def run(code: str, namespace: dict[str, Any]) -> str:
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, "<cell>", "exec"), namespace)
    return printed.getvalue()


def deals(a_values: list[float], name: str) -> findings.Comparison:
    """A corporation's deals against the reference's (a reference score of 40 every deal)."""
    return lesson.compare_deals(a_values, [40.0] * len(a_values), a=name, b="Universal Coalition", smallest_effect=3)


def namespace(**names: Any) -> dict[str, Any]:
    """The names the exercises read: section 1's tuner result and section 2's findings, made up and fixed."""
    base = {
        "findings": findings,
        "found": SimpleNamespace(best={PARAMETER: 1}),
        "PARAMETER": PARAMETER,
        "TRACK": "civ",
        "with_greedy": deals([34.0, 35.5, 33.0, 36.0], "Makeshift (greedy play)"),  # clearly behind
        "with_search": deals([38.0, 43.0, 36.5, 41.0], "Makeshift (strong play)"),  # not told apart
        "strong_spread": 6.5,
        "search_games": list(range(8)),
    }
    return base | names


def test_the_lesson_has_three_exercises() -> None:
    """The form of every lesson's exercises is tests/test_lesson_exercise_form.py's; here, how many this one has."""
    found = {cell.metadata["nbgrader"]["grade_id"] for cell in read(LESSON).cells if "nbgrader" in cell.metadata}
    assert found == {f"{STEM}-ex{n}-{part}" for n in (1, 2, 3) for part in ("answer", "check")}


def test_every_teachers_answer_is_a_teacher_cell_the_student_edition_drops() -> None:
    nb = read(LESSON)
    answers = 0
    for cell in nb.cells:
        renders = cell.cell_type == "code" and re.search(r"^answer\(", cell.source, re.MULTILINE)
        if renders:
            answers += 1
            assert is_teacher(cell), f"an untagged teacher's answer: {cell.source[:80]!r}"
        if is_teacher(cell):
            assert "parameters" not in cell.metadata.get("tags", []) and "nbgrader" not in cell.metadata
            assert "## " not in cell.source, "a teacher's cell holds a heading the student edition would lose"
    assert answers == 2, "one teacher's answer per section (the tuner, strong play)"
    student = student_edition(nb, str(LESSON))
    text = "\n".join(cell.source for cell in student.cells if "def answer(" not in cell.source)
    assert not re.search(r"^answer\(", text, re.MULTILINE)


def test_the_closest_shift_passes_and_its_neighbour_fails() -> None:
    right = namespace()
    run(source(f"{STEM}-ex1-answer"), right)
    assert right["my_closest_shift"] == 1
    assert "Exercise 1 passes: the search's closest shift is +1" in run(source(f"{STEM}-ex1-check"), right)
    with pytest.raises(AssertionError, match="is not the closest shift"):
        run(source(f"{STEM}-ex1-check"), namespace(my_closest_shift=2))
    with pytest.raises(AssertionError, match="whole number of medal points"):
        run(source(f"{STEM}-ex1-check"), namespace(my_closest_shift=1.5))


@pytest.mark.parametrize("same", [False, True], ids=["verdicts differ", "verdicts agree"])
def test_the_verdict_answer_passes_and_its_negation_fails(same: bool) -> None:
    names = namespace(with_search=namespace()["with_greedy"]) if same else namespace()
    assert (names["with_search"].verdict != names["with_greedy"].verdict) is not same
    run(source(f"{STEM}-ex2-answer"), names)
    assert names["my_verdict_changed"] is not same
    assert "Exercise 2 passes" in run(source(f"{STEM}-ex2-check"), names)
    wrong = dict(names, my_verdict_changed=same)
    with pytest.raises(AssertionError, match="they differ" if not same else "they are the same"):
        run(source(f"{STEM}-ex2-check"), wrong)
    with pytest.raises(AssertionError, match="True or False"):
        run(source(f"{STEM}-ex2-check"), dict(names, my_verdict_changed="yes"))


def test_the_games_needed_answer_passes_and_the_deal_count_fails() -> None:
    right = namespace()
    run(source(f"{STEM}-ex3-answer"), right)
    deals_needed = findings.games_needed(6.5, 3)
    assert right["my_games_to_settle"] == 2 * deals_needed
    printed = run(source(f"{STEM}-ex3-check"), right)
    assert f"about {2 * deals_needed} games ({deals_needed} deals)" in printed and "played 8" in printed
    with pytest.raises(AssertionError, match="is the number of deals"):
        run(source(f"{STEM}-ex3-check"), namespace(my_games_to_settle=deals_needed))
    with pytest.raises(AssertionError, match=r"is not what a spread of 6\.5 points gives"):
        run(source(f"{STEM}-ex3-check"), namespace(my_games_to_settle=2 * deals_needed + 10))


@pytest.mark.parametrize("n", [1, 2, 3])
def test_the_student_editions_stub_raises_and_its_check_says_what_to_set(n: int) -> None:
    names = namespace()
    with pytest.raises(NotImplementedError):
        run(student_answers(LESSON)[f"{STEM}-ex{n}-answer"], names)
    with pytest.raises(AssertionError, match=r"^Set "):
        run(source(f"{STEM}-ex{n}-check"), names)


@pytest.mark.slow
def test_the_autograder_grades_the_lesson_right_and_wrong_answers() -> None:
    answers = {
        f"{STEM}-ex1-answer": source(f"{STEM}-ex1-answer"),
        f"{STEM}-ex3-answer": "my_games_to_settle = findings.games_needed(strong_spread, 3)",  # deals, not games
    }  # exercise 2 is left as the student edition's stub
    frame = grade(LESSON, answers=answers)
    rows = [(r.grade_id, r.points, r.possible) for r in frame.itertuples()]
    assert rows == [(f"{STEM}-ex1-check", 1, 1), (f"{STEM}-ex2-check", 0, 2), (f"{STEM}-ex3-check", 0, 3)]
    sentences = list(frame["sentence"])
    assert sentences[0].startswith("Exercise 1 passes")
    assert sentences[1] == NOT_DONE
    assert "is the number of deals" in sentences[2]
