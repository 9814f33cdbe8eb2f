"""Committed notebooks are clean: no outputs, no execution counts, no widget state, the python3 kernel.

An executed notebook holding a FigureWidget weighs ~5 MB (plotly.js sits in the widget state), and a kernel
name other than ipykernel's ``python3`` breaks nbmake, Binder and Voila on a fresh install. Dashboards in
``widgets/`` are Voila apps: a markdown title first, then short code cells that call into the package (the
logic lives in ``playbook.widgets``, not in the notebook; Voila hides the code anyway).

Each notebook carries exactly the metadata JupyterLab writes when it opens it with the python3 kernel
(``scripts/notebook_filter.py``'s ``COMMITTED_METADATA``): anything else (``"display_name": "Python 3"``, a
bare ``language_info``) Lab replaces on opening, which marks the notebook modified, asks to save it on
closing and lets autosave rewrite it. Only ``language_info.version`` may differ in a working copy:
``scripts/prepare_notebooks.sh`` sets it to the local Python's, for the same reason.
"""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest
from support.notebooks import KERNEL_NAME, REPO_ROOT, committed_notebooks, dashboards, load_notebook_filter

MAX_DASHBOARD_CELL_LINES = 25  # a dashboard cell builds and shows a view; a longer one belongs in the package
MAX_DASHBOARD_CODE_LINES = 60

NOTEBOOKS = committed_notebooks()
DASHBOARDS = dashboards()


def _id(path: Path) -> str:
    return str(path.relative_to(REPO_ROOT))


def _read(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=nbformat.NO_CONVERT)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_id)
def test_notebook_is_stripped(path: Path) -> None:
    nb = _read(path)
    assert nb.nbformat == 4, "save notebooks as nbformat 4"
    nbformat.validate(nb)
    dirty = [
        f"cell {i}: {'outputs' if cell.get('outputs') else 'execution_count'}"
        for i, cell in enumerate(nb.cells)
        if cell.cell_type == "code" and (cell.get("outputs") or cell.get("execution_count") is not None)
    ]
    assert not dirty, f"strip outputs before committing (e.g. jupyter nbconvert --clear-output): {dirty}"
    assert "widgets" not in nb.metadata, "metadata.widgets holds saved widget state: strip it"
    attachments = [i for i, cell in enumerate(nb.cells) if cell.get("attachments")]
    assert not attachments, f"cells with pasted attachments: {attachments}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_id)
def test_notebook_uses_the_python3_kernel(path: Path) -> None:
    kernelspec = _read(path).metadata.get("kernelspec", {})
    assert kernelspec.get("name", KERNEL_NAME) == KERNEL_NAME, (
        f"kernelspec {kernelspec.get('name')!r}: use {KERNEL_NAME!r} (ipykernel's, present in every venv)"
    )
    assert kernelspec.get("language", "python") == "python"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_id)
def test_notebook_metadata_is_what_jupyterlab_writes(path: Path) -> None:
    committed = load_notebook_filter().COMMITTED_METADATA
    metadata = dict(_read(path).metadata)
    version = metadata.get("language_info", {}).get("version")
    assert isinstance(version, str) and version.startswith("3."), f"language_info.version {version!r}"
    language_info = {**committed["language_info"], "version": version}
    assert {"kernelspec": metadata.get("kernelspec"), "language_info": metadata.get("language_info")} == {
        "kernelspec": committed["kernelspec"],
        "language_info": language_info,
    }, "save the notebook from JupyterLab with the python3 kernel (or copy COMMITTED_METADATA)"
    # The course's own key, which Lab keeps as it is: the edits a lesson promises to survive (test_lesson_edits.py).
    extra = set(metadata) - {"kernelspec", "language_info", "playbook"}
    assert not extra, f"metadata JupyterLab does not write: {sorted(extra)}"
    assert set(metadata.get("playbook", {})) <= {"edits"}, "metadata.playbook holds only the lesson's edits"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_id)
def test_notebook_is_written_as_jupyter_writes_it(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert load_notebook_filter().dumps(json.loads(text)) == text, (
        "write notebooks as nbformat and JupyterLab do (indent 1, sorted keys, final newline): git's clean filter"
        " writes them that way, so any other layout shows as a change"
    )


@pytest.mark.parametrize("path", DASHBOARDS, ids=_id)
def test_dashboard_is_a_titled_thin_app(path: Path) -> None:
    cells = [cell for cell in _read(path).cells if cell.source.strip()]
    assert cells, "empty dashboard"
    first = cells[0]
    assert first.cell_type == "markdown" and first.source.lstrip().startswith("# "), (
        "a dashboard opens with a markdown cell whose first line is its '# Title' (Voila shows it)"
    )
    code = [cell for cell in cells if cell.cell_type == "code"]
    assert code, "a dashboard shows something: it needs a code cell"
    long_cells = {
        i: n for i, cell in enumerate(code) if (n := len(cell.source.strip().splitlines())) > MAX_DASHBOARD_CELL_LINES
    }
    assert not long_cells, (
        f"code cells over {MAX_DASHBOARD_CELL_LINES} lines (move logic to playbook.widgets): {long_cells}"
    )
    total = sum(len(cell.source.strip().splitlines()) for cell in code)
    assert total <= MAX_DASHBOARD_CODE_LINES, f"{total} lines of code: keep the dashboard a thin call into the package"
    imports = "\n".join(cell.source for cell in code)
    assert "playbook" in imports, "a dashboard shows a playbook view: it imports from playbook"


def test_notebook_folders_exist() -> None:
    for name in ("notebooks", "widgets"):
        assert (REPO_ROOT / name).is_dir(), f"{name}/ is where the committed notebooks live"
