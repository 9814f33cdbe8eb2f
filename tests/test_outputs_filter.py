"""A class's runs never reach the course's git history, nor block its next ``git pull``.

``.gitattributes`` sends notebooks/*.ipynb and widgets/*.ipynb through ``scripts/notebook_filter.py clean``;
``scripts/prepare_notebooks.sh`` (run by ``scripts/bootstrap.sh``, so by ``make lab`` and ``make test``)
configures it. An executed lesson (nbclient, as Voila and nbmake run it) must clean back to the committed
bytes; in a clone set up that way ``git status`` stays clean after a run and ``git pull`` brings a new
version of the lesson without a conflict. Where the filter is not configured git sees the change, so each
check shows the filter (and the refresh that follows a save) doing the work.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient
from support.notebooks import REPO_ROOT, committed_notebooks, course_repo, git, load_notebook_filter, prepare_course
from support.servers import isolated_jupyter_env

LESSON = "notebooks/faucets_and_sinks.ipynb"  # the lightest lesson (about 8 s to run)
FILTER = load_notebook_filter()


@pytest.fixture(scope="module")
def jupyter_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Jupyter directories of its own (jupyter trust in prepare_notebooks.sh signs into them, not ~/.local)."""
    return isolated_jupyter_env(tmp_path_factory.mktemp("jupyter"))


@pytest.fixture(scope="module")
def executed_lesson(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The lesson as a student's run leaves it: outputs, execution counts, widget state, run timings."""
    nb = nbformat.reads(_committed(LESSON), as_version=4)
    workdir = tmp_path_factory.mktemp("run")
    NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(workdir)}}).execute()
    text: str = nbformat.writes(nb) + "\n"  # as Jupyter saves it
    assert any(cell.get("outputs") for cell in nb.cells if cell.cell_type == "code"), "the run left no outputs"
    return text


def _committed(name: str) -> str:
    return str(FILTER.clean_text((REPO_ROOT / name).read_text(encoding="utf-8")))


def _run_filter(text: str) -> str:
    done = subprocess.run(
        ["python3", str(REPO_ROOT / "scripts" / "notebook_filter.py"), "clean"],
        input=text.encode("utf-8"),
        capture_output=True,
        check=True,
        timeout=60,
    )
    return done.stdout.decode("utf-8")


def test_the_filter_gives_back_the_committed_lesson_from_an_executed_one(executed_lesson: str) -> None:
    executed = json.loads(executed_lesson)
    assert any(cell.get("execution_count") for cell in executed["cells"])
    assert any("execution" in cell["metadata"] for cell in executed["cells"])  # nbclient's timings
    assert _run_filter(executed_lesson) == _committed(LESSON)


def test_the_filter_drops_saved_widget_state_and_a_different_pythons_version() -> None:
    nb = json.loads(_committed("widgets/mars_needs_mechanics.ipynb"))
    nb["metadata"]["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {}, "version_major": 2}}
    nb["metadata"]["language_info"]["version"] = "3.13.2"
    code = next(cell for cell in nb["cells"] if cell["cell_type"] == "code")
    code["execution_count"] = 3
    code["outputs"] = [{"output_type": "display_data", "data": {"text/plain": ["Table"]}, "metadata": {}}]
    code["metadata"]["ExecuteTime"] = {"end_time": "2026-12-01T10:00:00"}
    assert _run_filter(FILTER.dumps(nb)) == _committed("widgets/mars_needs_mechanics.ipynb")


@pytest.mark.parametrize("path", committed_notebooks(), ids=lambda p: str(p.relative_to(REPO_ROOT)))
def test_the_filter_leaves_every_committed_notebook_as_it_is(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    committed = FILTER.localised_text(text, FILTER.COMMITTED_PYTHON) or text  # this copy may be localised
    assert _run_filter(text) == committed
    assert _run_filter(committed) == committed


def test_text_that_is_not_a_notebook_passes_through() -> None:
    conflicted = "<<<<<<< HEAD\n{}\n=======\n{}\n>>>>>>> theirs\n"
    assert _run_filter(conflicted) == conflicted


def test_gitattributes_sends_every_course_notebook_through_the_filter(tmp_path: Path) -> None:
    repo = course_repo(tmp_path / "course")
    for path in committed_notebooks():
        name = str(path.relative_to(REPO_ROOT))
        assert git(repo, "check-attr", "filter", "--", name).strip() == f"{name}: filter: playbook-notebook"


def test_a_run_leaves_git_status_clean_once_make_lab_has_set_the_clone_up(
    tmp_path: Path, executed_lesson: str, jupyter_env: dict[str, str]
) -> None:
    repo = course_repo(tmp_path / "course", [LESSON])
    (repo / LESSON).write_text(executed_lesson, encoding="utf-8")
    assert git(repo, "status", "--porcelain").strip() == f"M {LESSON}"  # no filter yet: git sees the run
    git(repo, "checkout", "--", LESSON)

    prepare_course(repo, jupyter_env)  # what make lab does
    (repo / LESSON).write_text(executed_lesson, encoding="utf-8")  # a student's run, saved
    assert git(repo, "diff") == ""
    refresh = [sys.executable, str(repo / "scripts" / "notebook_filter.py"), "refresh", LESSON]
    subprocess.run(refresh, cwd=repo, check=True, capture_output=True, timeout=120)  # Lab's save hook
    assert git(repo, "status", "--porcelain") == ""
    git(repo, "add", "--all")
    assert git(repo, "diff", "--cached") == ""  # even git add -A commits nothing of the run


def test_a_student_who_ran_a_lesson_pulls_its_new_version_without_a_conflict(
    tmp_path: Path, executed_lesson: str, jupyter_env: dict[str, str]
) -> None:
    upstream = course_repo(tmp_path / "upstream", [LESSON])
    student = tmp_path / "student"
    git(tmp_path, "clone", "--quiet", str(upstream), str(student))
    prepare_course(student, jupyter_env)
    (student / LESSON).write_text(executed_lesson, encoding="utf-8")
    refresh = [sys.executable, str(student / "scripts" / "notebook_filter.py"), "refresh", LESSON]
    subprocess.run(refresh, cwd=student, check=True, capture_output=True, timeout=120)

    nb = json.loads((upstream / LESSON).read_text(encoding="utf-8"))  # the teacher's next version
    nb["cells"][0]["source"].append("\n\nRevised for week 2.")
    new_version = FILTER.dumps(nb)
    (upstream / LESSON).write_text(new_version, encoding="utf-8")
    git(upstream, "commit", "--quiet", "-am", "week 2")

    git(student, "pull", "--quiet", "--no-rebase")
    assert FILTER.clean_text((student / LESSON).read_text(encoding="utf-8")) == new_version
    assert git(student, "status", "--porcelain") == ""


def test_localise_touches_only_notebooks_as_git_has_them(tmp_path: Path, executed_lesson: str) -> None:
    names = ["notebooks/index.ipynb", LESSON, "widgets/mars_needs_mechanics.ipynb"]
    repo = course_repo(tmp_path / "course", names)
    git(repo, "config", "filter.playbook-notebook.clean", "python3 scripts/notebook_filter.py clean")
    (repo / LESSON).write_text(executed_lesson, encoding="utf-8")  # run by someone
    edited = repo / names[2]
    edited.write_text(edited.read_text(encoding="utf-8").replace("# Mars", "# My Mars"), encoding="utf-8")
    before = {name: (repo / name).read_bytes() for name in names}
    script = [sys.executable, "scripts/notebook_filter.py", "localise", "--if-pristine", "--version", "3.99.1"]
    subprocess.run([*script, *names], cwd=repo, check=True, capture_output=True, timeout=120)
    index = json.loads((repo / names[0]).read_text(encoding="utf-8"))
    assert index["metadata"]["language_info"]["version"] == "3.99.1"
    assert (repo / LESSON).read_bytes() == before[LESSON]
    assert edited.read_bytes() == before[names[2]]
    assert git(repo, "status", "--porcelain").split("\n")[:-1] == [f" M {LESSON}", f" M {names[2]}"]
    subprocess.run([*script, *names], cwd=repo, check=True, capture_output=True, timeout=120)  # again: no change
    assert json.loads((repo / names[0]).read_text(encoding="utf-8"))["metadata"]["language_info"]["version"] == "3.99.1"


def test_make_lab_and_make_test_set_the_clone_up(tmp_path: Path, jupyter_env: dict[str, str]) -> None:
    """scripts/bootstrap.sh, on a venv it need not reinstall, still runs scripts/prepare_notebooks.sh."""
    repo = course_repo(tmp_path / "course", ["notebooks/index.ipynb"], commit=False)
    for name in ("scripts/bootstrap.sh", "pyproject.toml", "binder/constraints.txt"):
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO_ROOT / name, repo / name)
    git(repo, "add", "--all")
    git(repo, "commit", "--quiet", "-m", "course")
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "python").symlink_to(sys.executable)
    (venv / "bin" / "jupyter").symlink_to(Path(sys.executable).parent / "jupyter")
    digest = subprocess.run(
        "cat pyproject.toml binder/constraints.txt | sha256sum | cut -c1-16",
        shell=True,
        cwd=repo,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    (venv / ".playbook-installed").write_text(f"{digest} lab\n", encoding="utf-8")
    env = {**jupyter_env, "VENV": str(venv), "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}
    subprocess.run(["bash", "scripts/bootstrap.sh", "lab"], cwd=repo, env=env, check=True, timeout=300)
    assert git(repo, "config", "filter.playbook-notebook.clean").strip() == "python3 scripts/notebook_filter.py clean"
