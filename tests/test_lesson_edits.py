"""Every lesson runs clean under the edits a student makes, not only at its committed parameters (issue 21).

A lesson's parameter cells (the ones a student is invited to edit) carry Jupyter's ``parameters`` tag, papermill's
convention, and start with a ``# PARAMETERS`` comment. The lesson declares, in its own metadata, the edits it
promises to survive: ``metadata.playbook.edits`` is a list of edit sets, each a mapping of parameter names to
values (JSON), every value inside the range the parameter cell says keeps the lesson meaningful. Here each edit
set is applied by appending ``NAME = value`` to the parameter cell that assigns NAME, and the whole notebook runs
in a fresh kernel: a claim that turns false, a sentence that disappears or a crash under an edit fails here.

Papermill injects its parameters once, after the *first* tagged cell; a lesson has one parameter cell per
section, so papermill can set the first section's parameters, and this harness sets any of them.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbclient import NotebookClient
from support.notebooks import KERNEL_NAME, REPO_ROOT

LESSONS = sorted(p for p in (REPO_ROOT / "notebooks").glob("*.ipynb") if p.name != "index.ipynb")
MARKER = "# PARAMETERS"
#: A lesson runs in under 60 s on one core; a loaded CI machine with two workers gets ample headroom.
CELL_TIMEOUT = 600


def parameter_cells(nb: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    return [cell for cell in nb.cells if cell.cell_type == "code" and cell.source.lstrip().startswith(MARKER)]


def assigned_names(source: str) -> set[str]:
    """The names a parameter cell assigns at its top level (``A = 1``, ``A, B = 1, 2``, ``A: int = 1``)."""
    names: set[str] = set()
    for node in ast.parse(source).body:
        targets = (
            node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        )
        for target in targets:
            for leaf in ast.walk(target):
                if isinstance(leaf, ast.Name):
                    names.add(leaf.id)
    return names


def declared_edits(path: Path) -> list[dict[str, Any]]:
    nb = nbformat.read(path, as_version=4)
    edits = nb.metadata.get("playbook", {}).get("edits", [])
    return [dict(edit) for edit in edits]


def with_edit(nb: nbformat.NotebookNode, edit: dict[str, Any]) -> nbformat.NotebookNode:
    """A copy of nb whose parameter cells also assign the edited values (each after the cell's own lines)."""
    edited = nbformat.from_dict(json.loads(json.dumps(nb)))
    owners = {name: cell for cell in parameter_cells(edited) for name in assigned_names(cell.source)}
    unknown = sorted(set(edit) - set(owners))
    assert not unknown, f"edit names parameters no parameter cell assigns: {unknown}; known: {sorted(owners)}"
    for name, value in edit.items():
        owners[name].source += f"\n{name} = {value!r}  # edited by tests/test_lesson_edits.py"
    return edited


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_every_parameter_cell_is_tagged_and_assigns_something(path: Path) -> None:
    cells = parameter_cells(nbformat.read(path, as_version=4))
    assert cells, f"{path.name} has no {MARKER} cell"
    for cell in cells:
        assert "parameters" in cell.metadata.get("tags", []), f"{path.name}: untagged cell {cell.source[:60]!r}"
        assert assigned_names(cell.source), f"{path.name}: a parameter cell that assigns nothing"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_every_lesson_declares_edits_that_name_its_parameters(path: Path) -> None:
    edits = declared_edits(path)
    assert len(edits) >= 2, f"{path.name}: declare at least two edit sets in metadata.playbook.edits"
    nb = nbformat.read(path, as_version=4)
    for edit in edits:
        assert edit, f"{path.name}: an empty edit set"
        with_edit(nb, edit)  # raises, naming the unknown parameters


EDIT_CASES = [
    pytest.param(path, index, id=f"{path.stem}-edit{index}")
    for path in LESSONS
    for index in range(len(declared_edits(path)))
]


@pytest.mark.parametrize(("path", "index"), EDIT_CASES)
def test_the_lesson_runs_clean_under_an_edit(path: Path, index: int) -> None:
    nb = nbformat.read(path, as_version=4)
    edit = declared_edits(path)[index]
    edited = with_edit(nb, edit)
    client = NotebookClient(
        edited, timeout=CELL_TIMEOUT, kernel_name=KERNEL_NAME, resources={"metadata": {"path": str(path.parent)}}
    )
    client.execute()  # raises CellExecutionError naming the cell that failed
    errors = [
        output
        for cell in edited.cells
        if cell.cell_type == "code"
        for output in cell.get("outputs", [])
        if output.get("output_type") == "error"
    ]
    assert not errors, f"{path.name} under {edit}: {errors[0].get('ename')}: {errors[0].get('evalue')}"
