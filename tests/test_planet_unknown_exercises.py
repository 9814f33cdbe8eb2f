"""The two Planet Unknown lessons' exercises (notebooks/planet_unknown.ipynb section 12,
notebooks/planet_unknown_asymmetry.ipynb section 8) in nbgrader's convention, graded (issue 22).

Each exercise is a task, a solution cell (``<lesson>-exN-answer``, the teacher's answer between nbgrader's
solution markers) and a locked check cell (``<lesson>-exN-check``). The checks run here in a namespace holding the
names the lesson defines before them (rebuilt small: a 12-game tournament, made-up selection and hold-out
estimates), so each exercise is tried fast with the teacher's answer, a wrong one and the student edition's
stub. Then the autograder runs each whole lesson in a fresh kernel with right and wrong answers mixed, as it grades
a class. The lessons' teacher's answers (``answer(...)`` cells) carry the ``teacher`` tag the student edition
drops.
"""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path
from typing import Any

import nbformat
import pytest
from support.exercises import student_answers
from support.notebooks import REPO_ROOT

from playbook import findings
from playbook.autograde import grade
from playbook.editions import is_teacher, student_edition
from playbook.games import planet_unknown as pu
from playbook.games.planet_unknown import agents, lesson, variants
from playbook.games.planet_unknown import asymmetry_lesson as asymmetry
from playbook.widgets.planet_unknown import strategy_games

TRACKS_LESSON = REPO_ROOT / "notebooks" / "planet_unknown.ipynb"
ASYMMETRY_LESSON = REPO_ROOT / "notebooks" / "planet_unknown_asymmetry.ipynb"
BEGIN, END = "### BEGIN SOLUTION", "### END SOLUTION"
NOT_DONE = "did not run: NotImplementedError: your answer here"


def graded(path: Path) -> dict[str, nbformat.NotebookNode]:
    nb = nbformat.read(path, as_version=4)
    return {cell.metadata["nbgrader"]["grade_id"]: cell for cell in nb.cells if "nbgrader" in cell.metadata}


def source(path: Path, grade_id: str) -> str:
    return str(graded(path)[grade_id].source)


def run(code: str, namespace: dict[str, Any]) -> str:
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, "<cell>", "exec"), namespace)
    return printed.getvalue()


_GAMES: dict[int, Any] = {}


def tracks_namespace(seed: int = 1, **names: Any) -> dict[str, Any]:
    """The names the tracks lesson's exercises read: its set-up, a small section-5 tournament, SWEEP_SEED."""
    if seed not in _GAMES:
        bots = [agents.TrackRacer(), agents.RowsAndColumns(), agents.CivRacer(), agents.RoverHunter()]
        _GAMES[seed] = strategy_games(bots, games=12, seed=seed, players=2)
    base = {"rules": pu.Rules.standard(), "TRACKS": list(lesson.TRACKS), "lesson": lesson, "findings": findings,
            "agents": agents, "games": _GAMES[seed], "SWEEP_SEED": 3}  # fmt: skip
    return base | names


def asymmetry_namespace(**names: Any) -> dict[str, Any]:
    """The names the asymmetry lesson's exercises read: section 1's tables and section 5's two estimates."""
    corporations = asymmetry.playable_corporations()
    name = {k: asymmetry.candidate_name("corporations", k) for k in ["standard", *variants.corporation_keys()]}
    base = {
        "lesson": asymmetry,
        "CORPORATIONS": corporations,
        "NAME": name,
        "MEDALS": {k: asymmetry.medal_points_at_tops(k) for k in name},
        "on_picked": findings.mean([6.0, 7.5, 9.0, 5.5, 8.0, 7.0], measure="the picked margin"),
        "on_fresh": findings.mean([1.0, 3.5, -2.0, 2.5, 0.5, 4.0], measure="the fresh margin"),
    }
    return base | names


@pytest.mark.parametrize(("path", "count"), [(TRACKS_LESSON, 3), (ASYMMETRY_LESSON, 4)], ids=lambda p: str(p))
def test_each_lesson_has_its_exercises(path: Path, count: int) -> None:
    """The form of every lesson's exercises is tests/test_lesson_exercise_form.py's; here, how many each has."""
    nb = nbformat.read(path, as_version=4)
    found = {cell.metadata["nbgrader"]["grade_id"] for cell in nb.cells if "nbgrader" in cell.metadata}
    assert found == {f"{path.stem}-ex{n}-{part}" for n in range(1, count + 1) for part in ("answer", "check")}


@pytest.mark.parametrize("path", [TRACKS_LESSON, ASYMMETRY_LESSON], ids=lambda p: p.name)
def test_every_teachers_answer_is_a_teacher_cell_the_student_edition_drops(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        renders = cell.cell_type == "code" and re.search(r"^answer\(", cell.source, re.MULTILINE)
        folded = "<details><summary>Teacher's answer</summary>" in cell.source and "def answer(" not in cell.source
        if renders or folded:
            assert is_teacher(cell), f"an untagged teacher's answer: {cell.source[:80]!r}"
        if is_teacher(cell):
            assert "parameters" not in cell.metadata.get("tags", []) and "nbgrader" not in cell.metadata
            assert "## " not in cell.source, "a teacher's cell holds a heading the student edition would lose"
    student = student_edition(nb, str(path))
    text = "\n".join(cell.source for cell in student.cells if "def answer(" not in cell.source)
    assert not re.search(r"^answer\(", text, re.MULTILINE) and "<details><summary>Teacher's answer" not in text


# -- the tracks lesson ----------------------------------------------------------------------------------------
def test_the_first_medals_answer_passes_and_a_wrong_position_fails() -> None:
    namespace = tracks_namespace()
    run(source(TRACKS_LESSON, "planet_unknown-ex1-answer"), namespace)
    assert "Exercise 1 passes" in run(source(TRACKS_LESSON, "planet_unknown-ex1-check"), namespace)
    wrong = {**namespace["my_first_medal"], "rover": namespace["my_first_medal"]["rover"] + 1}
    with pytest.raises(AssertionError, match="rover track's first medal is not at position"):
        run(source(TRACKS_LESSON, "planet_unknown-ex1-check"), tracks_namespace(my_first_medal=wrong))
    with pytest.raises(AssertionError, match="needs exactly the five tracks"):
        run(source(TRACKS_LESSON, "planet_unknown-ex1-check"), tracks_namespace(my_first_medal={"civ": 2}))


@pytest.mark.parametrize("seed", [1, 4])
def test_a_prediction_inside_the_measured_interval_passes_and_one_far_outside_fails(seed: int) -> None:
    namespace = tracks_namespace(seed)
    run(source(TRACKS_LESSON, "planet_unknown-ex2-answer"), namespace)
    assert "Exercise 2 passes" in run(source(TRACKS_LESSON, "planet_unknown-ex2-check"), namespace)
    far = 1.0 if namespace["my_track_racer_share"] < 0.5 else 0.0
    with pytest.raises(AssertionError, match="outside the measured 95% interval"):
        run(source(TRACKS_LESSON, "planet_unknown-ex2-check"), tracks_namespace(seed, my_track_racer_share=far))
    with pytest.raises(AssertionError, match="a share from 0 to 1"):
        run(source(TRACKS_LESSON, "planet_unknown-ex2-check"), tracks_namespace(seed, my_track_racer_share=40))


@pytest.mark.parametrize("sweep_seed", [3, 5])
def test_the_teachers_deck_size_makes_a_short_game_and_a_long_deck_does_not(sweep_seed: int) -> None:
    namespace = tracks_namespace(SWEEP_SEED=sweep_seed)
    run(source(TRACKS_LESSON, "planet_unknown-ex3-answer"), namespace)
    printed = run(source(TRACKS_LESSON, "planet_unknown-ex3-check"), namespace)
    assert "Exercise 3 passes" in printed and "9.0 rounds" in printed
    with pytest.raises(AssertionError, match="not 8 to 10"):
        run(source(TRACKS_LESSON, "planet_unknown-ex3-check"), tracks_namespace(SWEEP_SEED=sweep_seed, my_deck_size=20))
    with pytest.raises(AssertionError, match="whole number from 4 to 24"):
        run(source(TRACKS_LESSON, "planet_unknown-ex3-check"), tracks_namespace(my_deck_size=9.5))


# -- the asymmetry lesson -------------------------------------------------------------------------------------
def test_the_richest_board_answer_passes_and_the_poorest_fails() -> None:
    namespace = asymmetry_namespace()
    run(source(ASYMMETRY_LESSON, "planet_unknown_asymmetry-ex1-answer"), namespace)
    assert "Exercise 1 passes" in run(source(ASYMMETRY_LESSON, "planet_unknown_asymmetry-ex1-check"), namespace)
    poorest = min(namespace["CORPORATIONS"], key=namespace["MEDALS"].get)
    with pytest.raises(AssertionError, match="another corporation offers more"):
        run(
            source(ASYMMETRY_LESSON, "planet_unknown_asymmetry-ex1-check"),
            asymmetry_namespace(my_richest_board=poorest),
        )
    with pytest.raises(AssertionError, match="one of the keys"):
        run(source(ASYMMETRY_LESSON, "planet_unknown_asymmetry-ex1-check"), asymmetry_namespace(my_richest_board="ksb"))


def test_the_false_alarm_answer_passes_and_one_tests_rate_fails() -> None:
    namespace = asymmetry_namespace()
    run(source(ASYMMETRY_LESSON, "planet_unknown_asymmetry-ex2-answer"), namespace)
    assert "Exercise 2 passes" in run(source(ASYMMETRY_LESSON, "planet_unknown_asymmetry-ex2-check"), namespace)
    with pytest.raises(AssertionError, match="is not the chance of at least one false alarm"):
        run(
            source(ASYMMETRY_LESSON, "planet_unknown_asymmetry-ex2-check"),
            asymmetry_namespace(my_false_alarm_chance=0.05),
        )


def test_a_holdout_prediction_inside_the_fresh_interval_passes_and_the_selection_margin_fails() -> None:
    namespace = asymmetry_namespace()
    run(source(ASYMMETRY_LESSON, "planet_unknown_asymmetry-ex3-answer"), namespace)
    assert "Exercise 3 passes" in run(source(ASYMMETRY_LESSON, "planet_unknown_asymmetry-ex3-check"), namespace)
    naive = asymmetry_namespace()
    naive["my_holdout_margin"] = naive["on_picked"].value  # no regression to the mean expected
    assert naive["my_holdout_margin"] > naive["on_fresh"].high
    with pytest.raises(AssertionError, match="outside the fresh deals' 95% interval"):
        run(source(ASYMMETRY_LESSON, "planet_unknown_asymmetry-ex3-check"), naive)


def test_a_board_change_to_paper_parity_passes_and_a_short_or_spread_one_fails() -> None:
    namespace = asymmetry_namespace()
    run(source(ASYMMETRY_LESSON, "planet_unknown_asymmetry-ex4-answer"), namespace)
    printed = run(source(ASYMMETRY_LESSON, "planet_unknown_asymmetry-ex4-check"), namespace)
    assert "Exercise 4 passes" in printed and f"{namespace['MEDALS']['standard']} medal points" in printed
    check = source(ASYMMETRY_LESSON, "planet_unknown_asymmetry-ex4-check")
    short = asymmetry.medal_edits("jump_drive", "civ", 1)
    with pytest.raises(AssertionError, match="not Universal Coalition's"):
        run(check, asymmetry_namespace(my_edits=short))
    spread = asymmetry.medal_edits("jump_drive", "civ", 2) + asymmetry.medal_edits("jump_drive", "water", 2)
    with pytest.raises(AssertionError, match="Change one track only"):
        run(check, asymmetry_namespace(my_edits=spread))
    with pytest.raises(AssertionError, match="Jump Drive's board"):
        run(check, asymmetry_namespace(my_edits=asymmetry.medal_edits("oasis", "civ", -5)))


# -- the student edition's stubs, and the autograder on the whole lessons ---------------------------------------
STUBS = [(TRACKS_LESSON, n, tracks_namespace) for n in (1, 2, 3)] + [
    (ASYMMETRY_LESSON, n, asymmetry_namespace) for n in (1, 2, 3, 4)
]


# Ids from names only: a function's repr holds its address, which differs between xdist workers.
@pytest.mark.parametrize(
    ("path", "n", "namespace_of"), STUBS, ids=[f"{path.stem}-ex{n}" for path, n, _namespace in STUBS]
)
def test_the_student_editions_stub_raises_and_its_check_says_what_to_set(path: Path, n: int, namespace_of: Any) -> None:
    namespace = namespace_of()
    with pytest.raises(NotImplementedError):
        run(student_answers(path)[f"{path.stem}-ex{n}-answer"], namespace)
    with pytest.raises(AssertionError, match=r"^Set |^Define "):
        run(source(path, f"{path.stem}-ex{n}-check"), namespace)


def rows(frame: Any) -> list[tuple[str, int, int]]:
    return [(r.grade_id, r.points, r.possible) for r in frame.itertuples()]


@pytest.mark.slow
def test_the_autograder_grades_the_tracks_lesson_right_and_wrong_answers() -> None:
    stem = TRACKS_LESSON.stem
    answers = {
        f"{stem}-ex1-answer": "my_first_medal = {track: 1 for track in TRACKS}",
        f"{stem}-ex2-answer": source(TRACKS_LESSON, f"{stem}-ex2-answer"),
        f"{stem}-ex3-answer": "my_deck_size = 20",
    }
    frame = grade(TRACKS_LESSON, answers=answers)
    assert rows(frame) == [(f"{stem}-ex1-check", 0, 2), (f"{stem}-ex2-check", 2, 2), (f"{stem}-ex3-check", 0, 3)]
    sentences = list(frame["sentence"])
    assert "first medal is not at position 1" in sentences[0]
    assert sentences[1].startswith("Exercise 2 passes")
    assert "not 8 to 10" in sentences[2]


@pytest.mark.slow
def test_the_autograder_grades_the_asymmetry_lesson_right_and_wrong_answers() -> None:
    stem = ASYMMETRY_LESSON.stem
    answers = {
        f"{stem}-ex1-answer": source(ASYMMETRY_LESSON, f"{stem}-ex1-answer"),
        f"{stem}-ex2-answer": "my_false_alarm_chance = 0.05",
        f"{stem}-ex4-answer": source(ASYMMETRY_LESSON, f"{stem}-ex4-answer"),
    }  # exercise 3 is left as the student edition's stub
    frame = grade(ASYMMETRY_LESSON, answers=answers)
    assert rows(frame) == [(f"{stem}-ex1-check", 1, 1), (f"{stem}-ex2-check", 0, 2), (f"{stem}-ex3-check", 0, 2),
                           (f"{stem}-ex4-check", 3, 3)]  # fmt: skip
    sentences = list(frame["sentence"])
    assert sentences[0].startswith("Exercise 1 passes") and sentences[3].startswith("Exercise 4 passes")
    assert "is not the chance of at least one false alarm" in sentences[1]
    assert sentences[2] == NOT_DONE
