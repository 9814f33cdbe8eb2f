"""Notebook files: the project's committed notebooks, small notebooks written by tests, and copies of the course
in a fresh git repository set up as ``make lab`` sets a clone up (``course_repo``)."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterable, Mapping
from pathlib import Path
from types import ModuleType

import nbformat

REPO_ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK_DIRS = ("notebooks", "widgets")  # teaching notebooks; Voila dashboards
KERNEL_NAME = "python3"  # the kernelspec every committed notebook names (ipykernel's own)


def committed_notebooks(root: Path = REPO_ROOT, dirs: Iterable[str] = NOTEBOOK_DIRS) -> list[Path]:
    """Every .ipynb under root/<dir> for dir in dirs (checkpoints excluded), sorted."""
    found: list[Path] = []
    for name in dirs:
        base = root / name
        if base.is_dir():
            found += [p for p in base.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts]
    return sorted(found)


def dashboards(root: Path = REPO_ROOT) -> list[Path]:
    """The Voila dashboards: widgets/*.ipynb."""
    return committed_notebooks(root, ["widgets"])


def load_notebook_filter() -> ModuleType:
    """scripts/notebook_filter.py as a module (it is a script, not part of the package)."""
    spec = importlib.util.spec_from_file_location("notebook_filter", REPO_ROOT / "scripts" / "notebook_filter.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


#: What a clone needs for its notebooks to stay as committed (scripts/prepare_notebooks.sh sets it up).
COURSE_TOOLING = (".gitattributes", ".gitignore", "scripts/notebook_filter.py", "scripts/prepare_notebooks.sh")


def git(repo: Path, *args: str, env: Mapping[str, str] | None = None) -> str:
    """Run git in repo with no user or system configuration; return its stdout (raise on failure)."""
    base = dict(os.environ if env is None else env)
    base.update({"GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"})
    identity = ["-c", "user.name=playbook tests", "-c", "user.email=tests@playbook.invalid"]
    done = subprocess.run(
        ["git", *identity, *args], cwd=repo, env=base, capture_output=True, text=True, timeout=120, check=False
    )
    if done.returncode != 0:
        raise AssertionError(f"git {' '.join(args)} exited {done.returncode}:\n{done.stdout}\n{done.stderr}")
    return done.stdout


def course_repo(dest: Path, notebooks: Iterable[str] = (), commit: bool = True) -> Path:
    """A git repository at dest holding the course's tooling and the notebooks named (repository-relative
    paths; default every committed one) in their committed form, committed as a clone has them.

    The filter is not configured yet: ``prepare_course`` does that, as ``make lab`` does.
    """
    dest.mkdir(parents=True, exist_ok=True)
    clean = load_notebook_filter().clean_text
    names = list(notebooks) or [str(p.relative_to(REPO_ROOT)) for p in committed_notebooks()]
    for name in [*COURSE_TOOLING, *names]:
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO_ROOT / name, target)
        if name.endswith(".ipynb"):  # the committed form, whatever this working copy's language_info says
            target.write_text(clean((REPO_ROOT / name).read_text(encoding="utf-8")), encoding="utf-8")
    git(dest, "init", "--quiet", "--initial-branch=main")
    if commit:
        git(dest, "add", "--all")
        git(dest, "commit", "--quiet", "-m", "course")
    return dest


def prepare_course(repo: Path, env: Mapping[str, str], python: str = sys.executable) -> str:
    """Run repo's scripts/prepare_notebooks.sh as ``make lab`` does (env: a Jupyter server's, so that
    ``jupyter trust`` signs into that server's data directory); return its output."""
    base = {**env, "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}
    done = subprocess.run(
        ["bash", str(repo / "scripts" / "prepare_notebooks.sh"), python],
        cwd=repo,
        env=base,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, f"prepare_notebooks.sh exited {done.returncode}:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def write_notebook(path: Path, cells: Iterable[tuple[str, str]]) -> Path:
    """Write a notebook of ("markdown" | "code", source) cells with the python3 kernelspec; return path."""
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": KERNEL_NAME, "display_name": "Python 3 (ipykernel)", "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    for kind, source in cells:
        if kind == "markdown":
            nb.cells.append(nbformat.v4.new_markdown_cell(source))
        elif kind == "code":
            nb.cells.append(nbformat.v4.new_code_cell(source))
        else:
            raise ValueError(f"unknown cell kind {kind!r}")
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)
    return path


# A tiny widget + plotly notebook that proves the browser harness: a Button increments a Label and the
# y data of a chart shown the way the tables show theirs (playbook.widgets.common.LiveChart). Used by
# tests/browser/test_smoke.py; game tests can copy the pattern.
SMOKE_TITLE = "Harness smoke dashboard"
SMOKE_CODE = """\
import ipywidgets as widgets
import plotly.graph_objects as go
from playbook.widgets.common import LiveChart
from playbook.widgets.rules_panel import rules_panel


def figure_for(n):
    return go.Figure(go.Scatter(x=[0, 1, 2], y=[0, n, 2 * n], name="smoke"))


state = {"clicks": 0}
label = widgets.Label(value="clicks: 0")
button = widgets.Button(description="Increment")
chart = LiveChart(figure_for(0))


def on_click(_button):
    state["clicks"] += 1
    n = state["clicks"]
    label.value = f"clicks: {n}"
    chart.update(figure_for(n))


button.on_click(on_click)
brief = "# Smoke rules\\n\\nPress **Increment**.\\n\\n| clicks | y |\\n| --- | --- |\\n| n | 2n |"
rules = rules_panel("smoke", text=brief)
# The chart sits in a narrow column, as in a table: it must fit it.
widgets.VBox([rules, button, label, widgets.Box([chart.box], layout=widgets.Layout(width="320px"))])
"""
SMOKE_SOURCE_MARKER = "button.on_click(on_click)"  # code text that Voila must not show


def write_smoke_notebook(path: Path) -> Path:
    return write_notebook(path, [("markdown", f"# {SMOKE_TITLE}"), ("code", SMOKE_CODE)])


# Dollar signs: markdown written as the committed notebooks write a dollar (DOLLAR_MARKUP), and widgets written
# the ways playbook.widgets.common documents. MathJax must typeset none of them, and no backslash may show; the
# control (a real formula) proves MathJax ran on the page.
DOLLAR_MARKUP = "<span>&#36;</span>"  # a dollar in a markdown cell: no "$" for a math finder, a "$" on screen
DOLLAR_TITLE = "Dollar signs stay dollar signs"
DOLLAR_MARKDOWN = "\n\n".join(
    [
        f"# {DOLLAR_TITLE}",
        f"If one store is selling Feet for {DOLLAR_MARKUP}11, then no one will buy them elsewhere for"
        f" {DOLLAR_MARKUP}14.",
        f"| part | price |\n| --- | --- |\n| **Arms** | {DOLLAR_MARKUP}16 |\n| *Legs* | {DOLLAR_MARKUP}20 |",
    ]
)
DOLLAR_CODE = """\
import ipywidgets as widgets
from playbook.widgets.common import StatusLine, label_dollars, money, no_math

status = StatusLine()
status.info("Bob pays $11; Ann would pay $14")
widgets.VBox([
    widgets.HTML(f"<span class='dollar-money'>Feet at {money(11)} or {money(14)}</span>"),
    widgets.HTMLMath(no_math("<span class='dollar-wrapped'>Hands at $18 or $24</span>")),
    widgets.Label(label_dollars("Zwik at $6 or $8")),
    widgets.Checkbox(description=label_dollars("Cheese at $3 or $5"), indent=False),
    status.widget,
    widgets.Button(description="Raise $5 to $16"),
    widgets.HTMLMath("<span class='dollar-control'>Control: $x^2$ is mathematics.</span>"),
])
"""
#: The lessons' own markdown cells that show dollar amounts, as committed, go into the same notebook: what a class
#: reads is checked, not only a copy of its markup. The first one's words are looked for on the page.
LESSON_DOLLAR_MARKDOWN = [
    cell.source
    for path in committed_notebooks()
    for cell in nbformat.read(path, as_version=4).cells
    if cell.cell_type == "markdown" and ("$" in cell.source or "&#36;" in cell.source)
]
LESSON_DOLLAR_TEXT = "Ann shows 3 Feet at $14"  # notebooks/parts_unknown.ipynb, section 3's prediction
DOLLAR_TEXTS = (
    LESSON_DOLLAR_TEXT,
    "Feet for $11, then no one will buy them elsewhere for $14",
    "$16",
    "$20",
    "Feet at $11 or $14",
    "Hands at $18 or $24",
    "Zwik at $6 or $8",
    "Cheese at $3 or $5",
    "Bob pays $11; Ann would pay $14",
    "Raise $5 to $16",
)


def write_dollar_notebook(path: Path) -> Path:
    lessons = [("markdown", source) for source in LESSON_DOLLAR_MARKDOWN]
    return write_notebook(path, [("markdown", DOLLAR_MARKDOWN), *lessons, ("code", DOLLAR_CODE)])


def wait_for_git_status_clean(repo: Path, timeout: float = 120.0) -> None:
    """Poll ``git status`` (the save hook refreshes git's record of the file in a thread) until it is clean."""
    deadline = time.monotonic() + timeout
    while (status := git(repo, "status", "--porcelain")) != "":
        if time.monotonic() > deadline:
            raise AssertionError(f"git status after a student's run and save:\n{status}{git(repo, 'diff')}")
        time.sleep(0.2)  # polling git's state, bounded by the deadline (like servers.py's polls)
