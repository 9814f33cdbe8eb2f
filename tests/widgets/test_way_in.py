"""A way in: ``make lab`` serves the student edition (``EDITION=teacher`` the repository) and opens an index
linking every lesson and dashboard; the Lab, Voila and Binder configurations cull idle kernels."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

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


def test_make_lab_serves_the_student_edition_and_the_teacher_the_repository_with_the_project_config() -> None:
    for args, root in (((), f"{REPO_ROOT}/build/student"), (("EDITION=teacher",), f"{REPO_ROOT}")):
        command = make_dry_run("lab", *args).strip().splitlines()[-1]
        assert "jupyter lab" in command
        assert f'JUPYTER_CONFIG_PATH="{CONFIG_DIR}' in command
        assert f'--ServerApp.root_dir="{root}"' in command
        assert "--notebook-dir=notebooks" not in command


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
