"""A way in: ``make lab`` serves the student edition (``EDITION=teacher`` the repository) and opens an index
linking every lesson and dashboard; the Lab, Voila and Binder configurations cull idle kernels."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path
from typing import Any

import nbformat
from support.notebooks import REPO_ROOT

INDEX = REPO_ROOT / "notebooks" / "index.ipynb"
CONFIG_DIR = REPO_ROOT / "etc" / "jupyter"


def index_links() -> list[str]:
    nb = nbformat.read(INDEX, as_version=4)
    text = "\n".join(cell.source for cell in nb.cells)
    return re.findall(r"\]\(([^)\s]+)\)", text) + re.findall(r"href=['\"]([^'\"]+)['\"]", text)


def test_index_is_markdown_only() -> None:
    nb = nbformat.read(INDEX, as_version=4)
    assert nb.cells and all(cell.cell_type == "markdown" for cell in nb.cells)


def test_index_links_every_lesson_and_every_dashboard() -> None:
    links = index_links()
    lessons = sorted(p.name for p in (REPO_ROOT / "notebooks").glob("*.ipynb") if p != INDEX)
    dashboards = sorted(p.name for p in (REPO_ROOT / "widgets").glob("*.ipynb"))
    assert lessons and dashboards
    for name in lessons:
        assert name in links, f"notebooks/index.ipynb does not link the lesson {name}"
    for name in dashboards:  # relative: an absolute /voila/render/ link leads nowhere under a hub's base URL
        assert f"../widgets/{name}" in links, f"no link to the dashboard notebook {name}"
    for link in links:  # every link is relative to the index and resolves to a file of the repository
        assert not link.startswith("/"), f"{link} works only on a server at the site's root"
        assert (INDEX.parent / link).resolve().is_file(), f"{link} points at nothing"


def make_dry_run(target: str, *args: str) -> str:
    done = subprocess.run(
        ["make", "-n", "--no-print-directory", target, *args], cwd=REPO_ROOT, capture_output=True, text=True, check=True
    )
    return done.stdout


def test_every_relative_link_of_a_lesson_resolves_in_the_student_edition(tmp_path: Path) -> None:
    """A lesson's link to the glossary (``../docs/course/glossary.md``) must lead somewhere where students open it:
    ``make student`` writes notebooks/ and widgets/ and copies what the lessons link outside them. Each of its
    copying lines is run here into a scratch directory, and every relative link of every lesson must resolve there."""
    recipe = subprocess.run(["make", "-n", "student"], cwd=REPO_ROOT, capture_output=True, text=True, check=True)
    copies = [line for line in recipe.stdout.splitlines() if line.startswith("mkdir -p build/student")]
    assert copies, recipe.stdout
    for line in copies:
        subprocess.run(line.replace("build/student", str(tmp_path)), shell=True, cwd=REPO_ROOT, check=True)
    for folder in ("notebooks", "widgets"):
        for notebook in (REPO_ROOT / folder).glob("*.ipynb"):
            (tmp_path / folder).mkdir(exist_ok=True)
            (tmp_path / folder / notebook.name).touch()
    for lesson in sorted((REPO_ROOT / "notebooks").glob("*.ipynb")):
        text = "\n".join(
            cell.source for cell in nbformat.read(lesson, as_version=4).cells if cell.cell_type == "markdown"
        )
        for link in re.findall(r"\]\(([^)\s#]+)", text):
            if re.match(r"[a-z]+:", link) or link.startswith("/"):
                continue
            assert (tmp_path / "notebooks" / link).resolve().is_file(), (
                f"{lesson.name} links {link}, not in the edition"
            )


def test_make_lab_serves_the_student_edition_and_the_teacher_the_repository_with_the_project_config() -> None:
    for args, root in (((), f"{REPO_ROOT}/build/student"), (("EDITION=teacher",), f"{REPO_ROOT}")):
        command = make_dry_run("lab", *args).strip().splitlines()[-1]
        assert "jupyter lab" in command
        assert f'JUPYTER_CONFIG_PATH="{CONFIG_DIR}' in command
        assert f'--ServerApp.root_dir="{root}"' in command
        assert "--notebook-dir=notebooks" not in command


def lab_workspace(workspaces: Path) -> dict[str, Any]:
    """The default workspace Lab keeps in ``workspaces`` (what it reopens), as its own CLI exports it."""
    done = subprocess.run(
        [str(REPO_ROOT / ".venv" / "bin" / "jupyter"), "lab", "workspaces", "export", "default"],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "JUPYTERLAB_WORKSPACES_DIR": str(workspaces)},
    )
    found: dict[str, Any] = json.loads(done.stdout)
    return found


def test_make_lab_opens_on_an_empty_workspace_not_on_the_last_sessions_tabs(tmp_path: Path) -> None:
    """Lab reopens the tabs its default workspace lists, each starting a kernel (the review's next ``make lab``
    restored 11 tabs and 11 kernels): ``make lab`` empties that workspace just before the server starts, so
    the page opens on the index alone, whichever URL the browser opens (a printed one or ``/``)."""
    for args in ((), ("EDITION=teacher",)):
        lines = make_dry_run("lab", *args).strip().splitlines()
        assert "jupyter lab --ServerApp.root_dir=" in lines[-1]
        resets = [line for line in lines if "jupyter lab workspaces import" in line]
        assert resets == [lines[-2]], "the workspace is emptied once, just before the server starts"
    workspaces = tmp_path / "workspaces"
    open_tabs = {
        "data": {
            "layout-restorer:data": {"main": {"dock": {"type": "tab-area", "widgets": ["notebook:notebooks/a.ipynb"]}}},
            "notebook:notebooks/a.ipynb": {"data": {"path": "notebooks/a.ipynb", "factory": "Notebook"}},
        },
        "metadata": {"id": "default"},
    }
    saved = tmp_path / "last-session.json"
    saved.write_text(json.dumps(open_tabs))
    subprocess.run(
        [str(REPO_ROOT / ".venv" / "bin" / "jupyter"), "lab", "workspaces", "import", str(saved)],
        capture_output=True,
        check=True,
        env={**os.environ, "JUPYTERLAB_WORKSPACES_DIR": str(workspaces)},
    )
    assert lab_workspace(workspaces)["data"] == open_tabs["data"]  # what the next session would reopen
    done = subprocess.run(
        ["bash", "-c", resets[0]],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "JUPYTERLAB_WORKSPACES_DIR": str(workspaces)},
    )
    assert done.returncode == 0 and not done.stdout.strip() and not done.stderr.strip(), done
    assert lab_workspace(workspaces)["data"] == {}


def test_make_voila_uses_the_project_config() -> None:
    command = make_dry_run("voila").strip().splitlines()[-1]
    assert "voila widgets/" in command and f'JUPYTER_CONFIG_PATH="{CONFIG_DIR}' in command


def test_lab_config_opens_the_index_and_culls_idle_kernels() -> None:
    config = json.loads((CONFIG_DIR / "jupyter_server_config.json").read_text())
    assert config["LabApp"]["default_url"] == "/lab/tree/notebooks/index.ipynb"
    cull = config["MappingKernelManager"]
    assert 0 < cull["cull_idle_timeout"] <= 3600 and 0 < cull["cull_interval"] <= cull["cull_idle_timeout"]


def test_voila_config_culls_idle_kernels_even_when_connected() -> None:
    config = json.loads((CONFIG_DIR / "voila.json").read_text())
    cull = config["MappingKernelManager"]
    assert 0 < cull["cull_idle_timeout"] <= 1800 and 0 < cull["cull_interval"] <= cull["cull_idle_timeout"]
    assert cull["cull_connected"] is True  # a forgotten or reloaded dashboard tab keeps its socket open


def test_readme_credits_a_closed_dashboard_ending_its_kernel_and_the_cull_only_as_the_fallback() -> None:
    """Reloads pile up no kernels because a closed or reloaded dashboard ends its kernel within seconds (the
    review's 20 reloads of ``make voila`` kept 3 GB for 10 minutes when only the cull ended them); the README
    says so, and gives the cull's minutes as the configurations set them."""
    text = " ".join((REPO_ROOT / "README.md").read_text().split())
    start = text.index("`make voila` serves the dashboards on their own.")
    paragraph = text[start : text.index("Binder, `make lab` and `make test` install", start)]
    sentences = [
        sentence for sentence in re.split(r"(?<=\.) ", paragraph) if "memory" in sentence or "pile" in sentence
    ]
    assert len(sentences) == 1, paragraph
    (claim,) = sentences
    assert "closed or reloaded ends its kernel within seconds" in claim, claim
    assert "idle" not in claim and "minutes" not in claim, f"the cull is the fallback, not the reason: {claim}"
    lab = json.loads((CONFIG_DIR / "jupyter_server_config.json").read_text())["MappingKernelManager"]
    voila = json.loads((CONFIG_DIR / "voila.json").read_text())["MappingKernelManager"]
    fallback = paragraph[paragraph.index("fallback") :]
    assert f"after {lab['cull_idle_timeout'] // 60} idle minutes" in fallback, fallback
    assert f"idle for {voila['cull_idle_timeout'] // 60}" in fallback and "even with its tab open" in fallback


def test_binder_start_puts_the_project_config_first() -> None:
    done = subprocess.run(
        ["bash", str(REPO_ROOT / "binder" / "start"), "bash", "-c", 'echo "$JUPYTER_CONFIG_PATH"'],
        capture_output=True,
        text=True,
        check=True,
        env={"PATH": "/usr/bin:/bin", "JUPYTER_CONFIG_PATH": "/elsewhere"},
    )
    assert done.stdout.strip() == f"{CONFIG_DIR}:/elsewhere"
    assert Path(CONFIG_DIR / "labconfig" / "page_config.json").is_file()
