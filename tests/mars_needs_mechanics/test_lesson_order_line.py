"""The order-line lesson (notebooks/mars_needs_mechanics.ipynb) is built to stay true under a student's edits.

Read from the notebook's source, not by running it (tests/test_lesson_edits.py runs it under its declared
edits): every parameter says its meaningful range, no assert is guarded by the committed parameters (the old
pattern of checking a sampled claim only at the defaults), a static teacher's answer quotes no measured number,
and the declared edits change what would break prose that was not composed from findings.
"""

from __future__ import annotations

import ast
import re

import nbformat
from support.notebooks import REPO_ROOT

LESSON = REPO_ROOT / "notebooks" / "mars_needs_mechanics.ipynb"
MARKER = "# PARAMETERS"


def lesson() -> nbformat.NotebookNode:
    return nbformat.read(LESSON, as_version=4)


def code_cells() -> list[str]:
    return [cell.source for cell in lesson().cells if cell.cell_type == "code"]


def test_every_parameter_line_gives_its_range() -> None:
    cells = [source for source in code_cells() if source.lstrip().startswith(MARKER)]
    assert len(cells) >= 10
    for source in cells:
        for line in source.splitlines()[1:]:
            assert "=" in line and "#" in line.split("=", 1)[1], f"a parameter without its range: {line!r}"


def test_no_assert_depends_on_the_parameters_having_their_committed_values() -> None:
    for source in code_cells():
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.If):
                guarded = [inner for inner in ast.walk(node) if isinstance(inner, ast.Assert)]
                assert not guarded, f"an assert under an if (true only at some settings): {ast.unparse(node)[:120]}"


def test_static_teachers_answers_quote_no_measured_number() -> None:
    static = [c.source for c in lesson().cells if c.cell_type == "markdown" and "<summary>Teacher's answer" in c.source]
    assert static, "the lesson keeps some answers that hold for every outcome"
    for source in static:
        assert not re.search(r"\d+\.\d|\d+ ?%", source), f"a measured number in a static answer: {source[:200]!r}"


def test_numbers_dependent_answers_are_rendered_from_findings() -> None:
    rendered = [source for source in code_cells() if "\nanswer(" in "\n" + source]
    assert len(rendered) >= 8
    assert sum("findings.say(" in source for source in rendered) >= 6


def test_the_declared_edits_change_seeds_samples_names_and_thresholds() -> None:
    edits = lesson().metadata["playbook"]["edits"]
    changed = {name for edit in edits for name in edit}
    assert {"SEED", "POOL_SEED", "TOURNAMENT_SEED", "MY_SEED"} <= changed
    assert {"POOL_GAMES", "GAMES", "MY_GAMES"} <= changed
    assert {"MY_NAME", "MY_SELL_VALUE", "SELL_AT", "BANDS", "RULE"} <= changed
    sizes = [edit["POOL_GAMES"] for edit in edits if "POOL_GAMES" in edit]
    assert min(sizes) < 100 < max(sizes)  # smaller and larger than the committed pool


def test_the_say_helper_writes_dollars_as_elements_not_backslashes() -> None:
    setup = next(source for source in code_cells() if "def say(" in source)
    assert "<span>&#36;</span>" in setup and "\\\\$" not in setup.replace('r"\\\\?\\$"', "")
