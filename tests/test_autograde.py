"""The autograder (playbook.autograde) runs a notebook in a fresh kernel and gives a score and a sentence per
exercise: full marks to the teacher's source, none (with "did not run") to the untouched student edition,
partial marks to a half-done submission graded against the source's own checks and hidden tests, and it keeps
going after a student's cell raises or runs too long."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from test_editions import write_lesson

from playbook.autograde import COLUMNS, AutogradeError, answers_in, grade, main
from playbook.editions import student_edition

NOT_DONE = "did not run: NotImplementedError: your answer here"


@pytest.fixture
def lesson(tmp_path: Path) -> Path:
    return write_lesson(tmp_path / "teacher" / "tiny.ipynb")


def submission(lesson: Path, folder: Path, answers: dict[str, str], check: str | None = None) -> Path:
    """The student edition of the lesson with the answers typed in (and, given check, ex1's check rewritten)."""
    nb = student_edition(nbformat.read(lesson, as_version=4))
    for cell in nb.cells:
        grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
        if grade_id in answers:
            cell.source = answers[grade_id]
        if check is not None and grade_id == "tiny-ex1-check":
            cell.source = check
    path = folder / "student.ipynb"
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)
    return path


def rows(frame: object) -> list[tuple[str, int, int, str]]:
    return [(r.grade_id, r.points, r.possible, r.sentence) for r in frame.itertuples()]  # type: ignore[attr-defined]


def test_the_teacher_edition_gets_full_marks(lesson: Path) -> None:
    frame = grade(lesson)
    assert list(frame.columns) == COLUMNS
    assert rows(frame) == [
        ("tiny-ex1-check", 2, 2, "price is twice base."),
        ("tiny-ex2-check", 3, 3, "double works."),
    ]
    assert list(frame["exercise"]) == ["tiny-ex1", "tiny-ex2"]


def test_the_student_edition_gets_nothing_and_says_so(lesson: Path, tmp_path: Path) -> None:
    untouched = submission(lesson, tmp_path / "class", {})
    frame = grade(untouched, against=lesson)
    assert rows(frame) == [("tiny-ex1-check", 0, 2, NOT_DONE), ("tiny-ex2-check", 0, 3, NOT_DONE)]
    assert rows(grade(untouched)) == rows(frame)  # run as it is, it fails the same way


def test_a_half_done_submission_gets_partial_marks_from_the_teachers_checks(lesson: Path, tmp_path: Path) -> None:
    # ex1 right but a float (the hidden test catches it, though the student rewrote the visible check to pass);
    # ex2 right.
    answers = {"tiny-ex1-answer": "price = 20.0", "tiny-ex2-answer": "def double(x):\n    return x + x"}
    half = submission(lesson, tmp_path / "class", answers, check="print('price is twice base.')")
    assert answers_in(half)["tiny-ex1-answer"] == "price = 20.0"
    assert rows(grade(half, against=lesson)) == [
        ("tiny-ex1-check", 0, 2, "price should be a whole number of dollars."),
        ("tiny-ex2-check", 3, 3, "double works."),
    ]
    wrong = {"tiny-ex1-answer": "price = base + 2"}  # given directly; ex2 left as the stub
    assert rows(grade(lesson, answers=wrong)) == [
        ("tiny-ex1-check", 0, 2, "price should be twice base, 20, not 12: multiply base by 2."),
        ("tiny-ex2-check", 0, 3, NOT_DONE),
    ]


def test_grading_goes_on_after_an_answer_raises_or_runs_too_long(lesson: Path) -> None:
    answers = {"tiny-ex1-answer": "while True:\n    pass", "tiny-ex2-answer": "def double(x):\n    return 2 * x"}
    frame = grade(lesson, answers=answers, timeout=10)
    assert rows(frame) == [
        ("tiny-ex1-check", 0, 2, "did not run: it ran longer than 10 s and was stopped"),
        ("tiny-ex2-check", 3, 3, "double works."),
    ]
    crash = {"tiny-ex1-answer": "price = 1 / 0", "tiny-ex2-answer": "def double(x):\n    return 2 * y"}
    assert rows(grade(lesson, answers=crash)) == [
        ("tiny-ex1-check", 0, 2, "did not run: ZeroDivisionError: division by zero"),
        ("tiny-ex2-check", 0, 3, "the check raised NameError: name 'y' is not defined"),
    ]


def test_the_command_grades_a_folder_and_reports_a_bad_file_by_name(
    lesson: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = submission(lesson, tmp_path / "class" / "ann", {"tiny-ex2-answer": "def double(x):\n    return 2 * x"})
    bad = tmp_path / "class" / "bob.ipynb"
    bad.write_text("{ not a notebook", encoding="utf-8")
    table = tmp_path / "grades.csv"
    status = main([str(good), str(bad), "--against", str(lesson), "--csv", str(table)])
    out, err = capsys.readouterr()
    assert status == 1
    assert f"{good}: 3 of 5 points" in out and "double works." in out and NOT_DONE in out
    assert "total: 3 of 5 points" in out
    assert f"{bad}: not graded: {bad}: not a readable notebook" in err
    assert table.read_text(encoding="utf-8").splitlines()[0] == "notebook,grade_id,exercise,points,possible,sentence"


def test_bad_requests_are_refused_before_a_kernel_starts(lesson: Path, tmp_path: Path) -> None:
    with pytest.raises(AutogradeError, match="no solution cell 'tiny-ex9-answer'"):
        grade(lesson, answers={"tiny-ex9-answer": "x = 1"})
    with pytest.raises(AutogradeError, match="timeout"):
        grade(lesson, timeout=0)
    broken = write_lesson(tmp_path / "broken.ipynb")
    nb = nbformat.read(broken, as_version=4)
    del nb.cells[4].metadata["nbgrader"]["points"]
    nbformat.write(nb, broken)
    with pytest.raises(AutogradeError, match=r"broken.ipynb: cell 5 \(tiny-ex1-check\).*points"):
        grade(broken)
