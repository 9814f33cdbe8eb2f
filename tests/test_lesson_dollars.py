"""Dollar signs in lessons reach the page as dollars: JupyterLab and Voila typeset "$...$" as mathematics, and
markdown eats one backslash, so a "$" in markdown needs two before it (measured in Chromium: one is not enough;
see playbook/widgets/common's docstring and tests/browser/test_smoke.py)."""

from __future__ import annotations

import re

import nbformat
import pytest
from support.notebooks import REPO_ROOT

LESSONS = sorted((REPO_ROOT / "notebooks").glob("*.ipynb")) + sorted((REPO_ROOT / "widgets").glob("*.ipynb"))
BARE_OR_SINGLE = re.compile(r"(?<!\\\\)\$|(?<!\\)\\\$")


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_every_dollar_in_markdown_has_two_backslashes(path: object) -> None:
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type != "markdown":
            continue
        text = re.sub(r"<span class=['\"][^'\"]*mathjax_ignore[^'\"]*['\"]>.*?</span>", "", cell.source, flags=re.S)
        assert not BARE_OR_SINGLE.search(text), f"{path}: {text[:120]!r}"


def test_the_lessons_markdown_helpers_give_every_dollar_two_backslashes() -> None:
    for name in ("parts_unknown", "offal_game", "faucets_and_sinks"):
        source = "\n".join(
            cell.source for cell in nbformat.read(REPO_ROOT / "notebooks" / f"{name}.ipynb", as_version=4).cells
        )
        assert 're.sub(r"\\\\*\\$", r"\\\\\\\\$", text)' in source, name
