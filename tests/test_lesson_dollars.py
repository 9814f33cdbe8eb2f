"""Dollar signs in lessons reach the reader as dollars, with no backslash and no mathematics, in JupyterLab, in
Voila and in a static rendering of the notebook (nbconvert's HTML, GitHub's view).

JupyterLab and Voila typeset "$...$" as mathematics (MathJax), and an escaped ``\\$`` shows its backslash
wherever MathJax does not run over the text: Voila's page before its scripts have run (or when they fail),
nbconvert's HTML without network access, GitHub. So a markdown cell writes a dollar as ``<span>&#36;</span>``:
no "$" in the source for a math finder (Lab's, nbconvert's, GitHub's), an element of its own in the page (MathJax
2 and 3 look for a pair of delimiters within one run of text, and an element ends the run), and "$" on screen.
The browser checks are in tests/browser/test_smoke.py. The lessons' code cells build their markdown output with
a helper of their own (checked last here).
"""

from __future__ import annotations

import ast
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbconvert import HTMLExporter
from support.notebooks import DOLLAR_MARKUP, LESSON_DOLLAR_TEXT, REPO_ROOT

LESSONS = sorted((REPO_ROOT / "notebooks").glob("*.ipynb")) + sorted((REPO_ROOT / "widgets").glob("*.ipynb"))


def _markdown(path: Path) -> list[str]:
    return [cell.source for cell in nbformat.read(path, as_version=4).cells if cell.cell_type == "markdown"]


DOLLAR_LESSONS = [path for path in LESSONS if any("$" in s or "&#36;" in s for s in _markdown(path))]


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_every_dollar_in_markdown_is_written_as_its_own_element(path: Path) -> None:
    for source in _markdown(path):
        rest = source.replace(DOLLAR_MARKUP, "")
        assert "$" not in rest, f"{path.name}: write a dollar as {DOLLAR_MARKUP}, not '$': {source[:160]!r}"
        assert "&#36;" not in rest, f"{path.name}: &#36; outside {DOLLAR_MARKUP} pairs up as mathematics"


class _TextRuns(HTMLParser):
    """The runs of text of an HTML page outside <script> and <style>, entities decoded."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.runs: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skip += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip and data.strip():
            self.runs.append(data)


def _static_markdown_runs(path: Path) -> list[str]:
    """The text runs of the notebook's markdown cells in nbconvert's HTML (the static rendering)."""
    nb = nbformat.read(path, as_version=4)
    nb.cells = [cell for cell in nb.cells if cell.cell_type == "markdown"]
    html, _ = HTMLExporter().from_notebook_node(nb)
    parser = _TextRuns()
    parser.feed(html[html.index("<body") :])
    return parser.runs


@pytest.mark.parametrize("path", DOLLAR_LESSONS, ids=lambda p: p.name)
def test_a_static_rendering_shows_each_dollar_as_a_dollar(path: Path) -> None:
    runs = _static_markdown_runs(path)
    text = "".join(runs)
    assert "$" in text and "\\$" not in text, [run for run in runs if "\\$" in run]
    paired = [run for run in runs if "$" in run and run.strip() != "$"]
    assert not paired, f"text MathJax could read as mathematics (a '$' sharing its run of text): {paired}"


def test_the_parts_unknown_lesson_and_dashboard_read_with_dollars() -> None:
    lesson = re.sub(r"\s+", " ", "".join(_static_markdown_runs(REPO_ROOT / "notebooks" / "parts_unknown.ipynb")))
    assert LESSON_DOLLAR_TEXT in lesson
    dashboard = "".join(_static_markdown_runs(REPO_ROOT / "widgets" / "parts_unknown.ipynb"))
    assert "What sells if I price at $X?" in dashboard


def _say_definition(path: Path) -> ast.FunctionDef | None:
    """The lesson's own ``say`` (markdown built from its variables), if it defines one."""
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type == "code":
            for node in ast.parse(cell.source).body:
                if isinstance(node, ast.FunctionDef) and node.name == "say":
                    return node
    return None


def _say_shows(definition: ast.FunctionDef, text: str) -> str:
    """What the lesson's ``say(text)`` hands to ``display``, run on its own with ``Markdown`` as ``str``."""
    shown: list[object] = []
    namespace: dict[str, Any] = {"re": re, "Markdown": str, "display": shown.append}
    exec(compile(ast.Module(body=[definition], type_ignores=[]), "say", "exec"), namespace)
    namespace["say"](text)
    return "".join(str(item) for item in shown)


SAY_LESSONS = [path for path in sorted((REPO_ROOT / "notebooks").glob("*.ipynb")) if _say_definition(path)]


@pytest.mark.parametrize("path", SAY_LESSONS, ids=lambda p: p.stem)
def test_the_lessons_markdown_helper_writes_every_dollar_as_its_own_element(path: Path) -> None:
    definition = _say_definition(path)
    assert definition is not None
    shown = _say_shows(definition, "Feet for $11, not \\$14")
    assert shown.count(DOLLAR_MARKUP) == 2, shown
    assert "$" not in shown.replace(DOLLAR_MARKUP, ""), shown
