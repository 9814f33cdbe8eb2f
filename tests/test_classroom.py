"""Class results (issue 22): a folder of submissions loaded safely, a class tournament that survives bad
strategies and stops, and a leaderboard, head-to-head and predictions summary computed as findings computes."""

from __future__ import annotations

import json
import math
import pickle
import warnings
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import nbformat
import pandas as pd
import pytest
from nbclient import NotebookClient
from support.notebooks import KERNEL_NAME, REPO_ROOT

from playbook import classroom, findings
from playbook.analysis import game_values
from playbook.core.agents import RandomAgent
from playbook.core.tournament import MAX_TIMEOUTS

GAME = "parts_unknown"


def strategy_file(name: str, body: str) -> str:
    """A student's file: one ``@playbook.strategy`` function whose body is ``body``."""
    head = f'import playbook\n\n@playbook.strategy(name="{name}")\n'
    return f"{head}def choose(observation, legal_actions, rng):\n    {body}\n"


FIRST = strategy_file("first", "return legal_actions[0]")
LUCKY = strategy_file("lucky", "return rng.choice(legal_actions)")
RAISES = strategy_file("oops", 'raise ValueError("bad plan")')
LOOPS = strategy_file("think", "while True:\n        pass")


def write(folder: Path, files: dict[str, str]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def test_bad_files_are_reported_by_name_and_the_good_ones_still_load(tmp_path: Path) -> None:
    marker = tmp_path / "ran_here"
    folder = write(
        tmp_path / "class",
        {
            "good.py": FIRST,
            "loops_at_import.py": "while True:\n    pass\n",
            "exits.py": "import sys\nsys.exit(3)\n",
            "dies.py": "import os\nos._exit(9)\n",
            "syntax.py": "def choose(:\n",
            "nothing.py": "x = 1\n",
            "two.py": FIRST + LUCKY.replace("def choose", "def other"),
            "wrong_game.py": 'GAME = "offal_game"\n' + FIRST,
            "imports.py": "import no_such_module_for_playbook_tests\n",
            "crashes.py": "x = 1\ny = x / 0\n",
            "writes.py": f"open({str(marker)!r}, 'w').close()\n" + FIRST,
            "notes.txt": "hello",
        },
    )
    started = pd.Timestamp.now()
    loaded = classroom.load_submissions(folder, GAME, time_limit=4)
    took = (pd.Timestamp.now() - started).total_seconds()
    problems = {p.file: p.what for p in loaded.problems}
    assert problems.keys() == {
        "loops_at_import.py", "exits.py", "dies.py", "syntax.py", "nothing.py", "two.py", "wrong_game.py",
        "imports.py", "crashes.py", "notes.txt",
    }  # fmt: skip
    assert "within 4 s" in problems["loops_at_import.py"]
    assert "sys.exit(3)" in problems["exits.py"]
    assert "process stopped" in problems["dies.py"]
    assert problems["syntax.py"].startswith("syntax error on line 1")
    assert "no @playbook.strategy" in problems["nothing.py"]
    assert "2 @playbook.strategy functions ('first', 'lucky')" in problems["two.py"]
    assert "offal_game" in problems["wrong_game.py"]
    assert problems["imports.py"].startswith("import refused (line 1)")
    assert problems["crashes.py"].startswith("crashes while loading (line 2): ZeroDivisionError")
    assert {s.student for s in loaded.valid} == {"good", "writes"}
    assert took < 20  # the endless loop cost its limit once, and the others loaded beside it
    # the loading check ran the file in a child; the teacher's process never did, and pickling does not either
    marker.unlink()
    writes = next(s.strategy for s in loaded.valid if s.student == "writes")
    assert writes is not None and writes.strategy_name == "first"
    again = pickle.loads(pickle.dumps(writes))
    assert not marker.exists()
    assert pickle.loads(pickle.dumps(writes)) is again  # a worker reuses its live copy (and its process)


def test_predictions_are_checked_entry_by_entry_naming_file_and_key(tmp_path: Path) -> None:
    folder = write(
        tmp_path / "class",
        {
            "ana.json": json.dumps({"student": "ana", "game": GAME, "predictions": {"rounds": 30, "top": "Bot"}}),
            "ben.json": '{"student": "ben", "predictions": {"rounds": 3',
            "cara.json": json.dumps({"predictions": {"rounds": 30, "winner": "cara", "first_seat_wins": 2}}),
            "dev.json": json.dumps({"student": "eve", "predictions": {}}),
            "eli.json": json.dumps({"game": "offal_game", "predictions": {"rounds": 3}}),
            "fay.json": json.dumps({"predictions": {"top": True, "rounds": float("nan")}}),
            "gus.json": json.dumps({"predicions": {}}),
        },
    )
    loaded = classroom.load_submissions(folder, GAME)
    found = {s.student: dict(s.predictions) for s in loaded.valid}
    assert found == {"ana": {"rounds": 30.0, "top": "bot"}, "cara": {"rounds": 30.0}}
    problems = [str(p) for p in loaded.problems]
    assert any(p.startswith("ben.json: not valid JSON") for p in problems)
    assert "cara.json: predictions['winner']: no question has this id" in " ".join(problems)
    assert "cara.json: predictions['first_seat_wins']: must be a number from 0 to 1, not 2" in problems
    assert "dev.json: student: 'eve', but the file is named for 'dev'" in problems
    assert "eli.json: game: 'offal_game', not parts_unknown" in problems
    assert any(p.startswith("fay.json: not valid JSON (NaN is not a number JSON allows") for p in problems)
    assert any(p.startswith("gus.json: unknown key 'predicions'") for p in problems)


@pytest.fixture(scope="module")
def class_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write(tmp_path_factory.mktemp("class"), {"ana.py": FIRST, "ben.py": LUCKY})


def play(folder: Path, **options: Any) -> pd.DataFrame:
    loaded = classroom.load_submissions(folder, GAME)
    settings: dict[str, Any] = {"games": 6, "seed": 5, "players": 2, "opponents": [RandomAgent()]} | options
    return classroom.class_tournament(loaded, GAME, **settings)


def test_bad_strategies_forfeit_their_games_and_the_rest_play_on(tmp_path: Path) -> None:
    folder = write(tmp_path / "class", {"ana.py": FIRST, "oops.py": RAISES, "think.py": LOOPS})
    results = play(folder, games=9, opponents=[], time_limit=0.5)
    per_game = results.groupby("game").first()
    assert len(per_game) == 9
    oops = results[(results["culprit"] == "oops")]
    assert len(oops) and oops["error"].str.contains("strategy 'oops'.*raised ValueError: bad plan").all()
    think = per_game[per_game["culprit"] == "think"]
    timed_out, withdrawn = think[think["timed_out"]], think[~think["timed_out"]]
    assert len(timed_out) == MAX_TIMEOUTS and timed_out["error"].str.contains("no answer within 0.5 s").all()
    assert withdrawn["error"].str.contains(f"withdrawn after {MAX_TIMEOUTS} games").all()
    assert min(withdrawn.index) > max(timed_out.index)  # withdrawn only after its third timeout
    loser = results[results["culprit"].notna() & (results["agent"] == results["culprit"])]
    assert not loser["won"].any()
    board = classroom.leaderboard(results).set_index("agent")
    assert board.loc["think", "forfeits"] == len(think) and board.loc["think", "win_rate"] == 0
    assert "strategy 'oops'" in board.loc["oops", "problem"]


def test_a_stopped_tournament_resumes_to_the_uninterrupted_result(class_folder: Path, tmp_path: Path) -> None:
    whole = play(class_folder)
    checkpoint = tmp_path / "class.jsonl"

    def stop_after_three(done: int, total: int) -> None:
        if done == 3:
            raise KeyboardInterrupt

    with pytest.warns(UserWarning, match="stopped after 3 of 6 games"):
        part = play(class_folder, checkpoint=checkpoint, progress=stop_after_three)
    assert sorted(part["game"].unique()) == [0, 1, 2]
    with open(checkpoint, "a", encoding="utf-8") as handle:
        handle.write('{"game": 3, "rows": [{"ga')  # a kernel killed mid-write leaves a cut line
    played: list[int] = []
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        resumed = play(class_folder, checkpoint=checkpoint, progress=lambda done, total: played.append(done))
    assert played == [4, 5, 6]  # only the three missing games were played
    pd.testing.assert_frame_equal(resumed, whole)
    pd.testing.assert_frame_equal(play(class_folder, checkpoint=checkpoint), whole)  # nothing left to play
    with ThreadPoolExecutor(2) as pool:
        pd.testing.assert_frame_equal(play(class_folder, executor=pool, in_flight=2), whole)
    with pytest.raises(classroom.ClassroomError, match="written for seed = 5, not 6"):
        play(class_folder, checkpoint=checkpoint, seed=6)


def test_seating_gives_every_entrant_a_fair_share_whatever_the_length() -> None:
    seats = [classroom.seating(3, 5, 2, index) for index in range(30)]
    counts = pd.Series([entrant for table in seats for entrant in table]).value_counts()
    assert counts.max() - counts.min() <= 6 and all(len(set(table)) == 2 for table in seats)
    assert classroom.seating(3, 1, 3, 0) == (0, 0, 0)  # a lone strategy fills every seat


def synthetic_results() -> pd.DataFrame:
    """Eight games of a, b and c (two seats each): b forfeits game 2; game 5 broke for nobody's fault."""
    rows = []
    pairs = [("a", "b"), ("b", "c"), ("a", "b"), ("a", "c"), ("b", "c"), ("a", "c"), ("a", "b"), ("c", "b")]
    scores = [(10, 7), (4, 9), (math.nan, math.nan), (8, 8), (6, 2), (math.nan, math.nan), (12, 5), (3, 6)]
    for game, ((first, second), (x, y)) in enumerate(zip(pairs, scores, strict=True)):
        error = "seat 1 (b): raised" if game == 2 else "broken engine" if game == 5 else None
        culprit = "b" if game == 2 else None
        for seat, (agent, score) in enumerate([(first, x), (second, y)]):
            won = (agent != "b") if game == 2 else (False if game == 5 else score >= max(x, y))
            rank = math.nan if game == 5 else (2 if game == 2 and agent == "b" else 1 if won else 2)
            rows.append({"game": game, "seat": seat, "agent": agent, "score": score, "rank": rank, "won": won,
                         "rounds": 10 + game, "error": error, "culprit": culprit, "timed_out": False,
                         "kind": "bot" if agent == "c" else "student"})  # fmt: skip
    return pd.DataFrame(rows)


def test_the_leaderboard_intervals_are_findings_over_the_same_games() -> None:
    results = synthetic_results()
    board = classroom.leaderboard(results).set_index("agent")
    decided = results[results["game"] != 5].assign(error=None)  # b's forfeit counts; the broken game does not
    clean = results[results["error"].isna()]
    for agent in "abc":
        rate = findings.win_rate(decided, agent)
        scores = game_values(clean[clean["agent"] == agent], "score")["score"]
        mean = findings.mean(scores.tolist(), measure="score")
        row = board.loc[agent]
        assert (row["win_rate"], row["win_low"], row["win_high"]) == (rate.value, rate.low, rate.high)
        assert (row["mean_score"], row["score_low"], row["score_high"]) == (mean.value, mean.low, mean.high)
    assert board.loc["b", ["games", "forfeits", "wins"]].tolist() == [6, 1, 2]
    assert board.loc["a", "wins"] == 4 and board.loc["a", "rank"] == 1  # its forfeit win counts for a
    assert board.loc["b", "problem"] == "seat 1 (b): raised"


def test_head_to_head_is_compare_agents_adjusted_by_holm() -> None:
    results = synthetic_results()
    pairs = classroom.head_to_head(results)
    order = classroom.leaderboard(results)["agent"].tolist()
    expected = findings.holm(
        [findings.compare_agents(results, x, y) for i, x in enumerate(order) for y in order[i + 1 :]]
    )
    assert pairs.comparisons == expected and not pairs.skipped
    assert pairs.table["sentence"].tolist() == [c.sentence() for c in expected]
    assert pairs.note.startswith(findings.false_alarm_note(3))


def test_predictions_summary_counts_who_fell_inside_what_happened() -> None:
    results = synthetic_results()
    measured = classroom.measure_questions(results, GAME)
    rounds = findings.mean([10.0, 11, 13, 14, 16, 17], measure="rounds per game")
    assert measured["rounds"].estimate == rounds
    assert measured["top"].choice == "student"
    assert "kpi_collapsed" in measured["collapse"].why  # a question the frame cannot answer says why
    given = {
        "ana": {"rounds": rounds.low, "top": "student"},
        "ben": {"rounds": rounds.high + 1, "top": "bot", "collapse": 0.5},
        "cara": {"rounds": 13.0},
    }
    summary = classroom.predictions_summary(given, measured).set_index("question")
    assert summary.loc["rounds", ["predictions", "inside", "lowest", "highest"]].tolist() == [
        3, 2, rounds.low, rounds.high + 1,
    ]  # fmt: skip
    assert summary.loc["top", "choices"] == "student: 1, bot: 1" and summary.loc["top", "inside"] == 1
    assert summary.loc["collapse", "inside"] == 0 and summary.loc["first_seat_wins", "predictions"] == 0
    marks = classroom.prediction_marks(given, measured)
    assert marks.loc[marks["question"] == "collapse", "inside"].tolist() == [None]


def test_the_teacher_notebook_runs_on_the_example_folder() -> None:
    path = REPO_ROOT / "teacher" / "class_tournament.ipynb"
    nb = nbformat.read(path, as_version=4)
    parameters = next(cell for cell in nb.cells if "parameters" in cell.metadata.get("tags", []))
    parameters.source += "\nGAMES = 10\nTIME_LIMIT = 0.5  # edited by tests/test_classroom.py"
    NotebookClient(
        nb, timeout=600, kernel_name=KERNEL_NAME, resources={"metadata": {"path": str(path.parent)}}
    ).execute()
    shown = "\n".join(
        str(output.get("data", {}).get("text/markdown", output.get("data", {}).get("text/plain", "")))
        for cell in nb.cells
        if cell.cell_type == "code"
        for output in cell.outputs
    )
    assert "eli.py**: syntax error on line 7" in shown and "dev.json**: not valid JSON" in shown
    assert "Strategies that play: ana, ben, cara, dev." in shown
    assert "comparisons at 95%" in shown or "No pair of entrants" in shown
    errors = [o for cell in nb.cells for o in cell.get("outputs", []) if o.get("output_type") == "error"]
    assert not errors


# -- the lessons' class predictions cell: a student's predictions saved in the format the teacher loads ----------
def test_saved_predictions_are_what_load_submissions_reads(tmp_path: Path) -> None:
    answers = {"rounds": 30, "first_seat_wins": 0.4, "top": "Student ", "collapse": 0.2}
    path = classroom.save_predictions("ana", GAME, answers, tmp_path)
    assert path == tmp_path / "ana.json"
    assert json.loads(path.read_text()) == {"student": "ana", "game": GAME, "predictions": {
        "rounds": 30.0, "first_seat_wins": 0.4, "top": "student", "collapse": 0.2}}  # fmt: skip
    loaded = classroom.load_submissions(tmp_path, GAME)
    assert loaded.problems == [] and [s.predictions for s in loaded.valid] == [
        json.loads(path.read_text())["predictions"]
    ]


@pytest.mark.parametrize(
    ("student", "answers", "message"),
    [
        ("ana", {"rounds": -3}, r"predictions\['rounds'\]: must be a number from 0"),
        ("ana", {"top": "me"}, r"predictions\['top'\]: must be one of 'student', 'bot'"),
        ("ana", {"winner": "ana"}, r"predictions\['winner'\]: no question has this id"),
        ("", {"rounds": True}, r"predictions\['rounds'\]"),  # checked even before a name is typed
        ("ana/../../x", {}, "use 1 to 40 letters, digits"),
    ],
)
def test_save_predictions_refuses_a_bad_entry_or_name_and_writes_nothing(
    tmp_path: Path, student: str, answers: dict[str, Any], message: str
) -> None:
    with pytest.raises(classroom.ClassroomError, match=message):
        classroom.save_predictions(student, GAME, answers, tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_a_blank_name_saves_nothing(tmp_path: Path) -> None:
    assert classroom.save_predictions("  ", GAME, {"rounds": 30}, tmp_path / "predictions") is None
    assert list(tmp_path.iterdir()) == []


LESSONS = sorted(p for p in (REPO_ROOT / "notebooks").glob("*.ipynb") if p.name != "index.ipynb")


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_every_lesson_has_a_class_predictions_cell_the_teacher_can_load(
    path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cells = {cell.id: cell for cell in nbformat.read(path, as_version=4).cells}
    assert "class-predictions" in cells and cells["class-predictions-task"].cell_type == "markdown"
    cell = str(cells["class-predictions"].source)
    assert 'MY_NAME_FOR_CLASS = ""' in cell  # as committed it saves nothing, whoever runs the lesson
    game = cell.split('save_predictions(MY_NAME_FOR_CLASS, "')[1].split('"')[0]
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, Any] = {}
    exec(cell, namespace)
    assert namespace["saved"] is None and list(tmp_path.iterdir()) == []
    typed = cell.replace('MY_NAME_FOR_CLASS = ""', 'MY_NAME_FOR_CLASS = "ana"').replace('    # "', '    "')
    exec(typed, namespace)
    assert namespace["saved"] == Path("predictions") / "ana.json"
    loaded = classroom.load_submissions(tmp_path / "predictions", game)
    asked = [q.id for q in classroom.questions(game)]
    assert loaded.problems == [] and list(loaded.valid[0].predictions) == asked  # every question, in order
