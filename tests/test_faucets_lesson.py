"""The faucets-and-sinks lesson (notebooks/faucets_and_sinks.ipynb) keeps the course's rules for a claim
(issue 21): its asserts check only identities and rules, never a sampled comparison; its numbers reach the
prose only through findings; every parameter cell says its range; its declared edits include the seed that
broke the old lesson and a smaller and a larger sample inside that range."""

from __future__ import annotations

import ast
import re

import nbformat
from support.notebooks import REPO_ROOT

LESSON = REPO_ROOT / "notebooks" / "faucets_and_sinks.ipynb"
#: What a finding holds: an assert reading any of these would check a sampled comparison.
FINDING_FIELDS = {"verdict", "low", "high", "value", "p_value", "difference", "estimate"}


def notebook() -> nbformat.NotebookNode:
    return nbformat.read(LESSON, as_version=4)


def code_cells() -> list[str]:
    return [cell.source for cell in notebook().cells if cell.cell_type == "code"]


def lesson_cells() -> list[str]:
    """The code cells that make the lesson's claims: not the exercises' check cells (nbgrader's ``grade``
    cells), whose asserts grade a student's answer against a finding on purpose
    (tests/test_faucets_exercises.py)."""
    return [
        cell.source
        for cell in notebook().cells
        if cell.cell_type == "code" and not cell.metadata.get("nbgrader", {}).get("grade", False)
    ]


def parameter_cells() -> list[str]:
    return [source for source in code_cells() if source.lstrip().startswith("# PARAMETERS")]


def test_no_assert_reads_a_finding_or_a_mean() -> None:
    asserts = [n for source in lesson_cells() for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Assert)]
    assert len(asserts) >= 4  # the accounting identity, the Bank, Offal's pay-in rule, the two-seat Gini
    for node in asserts:
        read = {leaf.attr for leaf in ast.walk(node) if isinstance(leaf, ast.Attribute)}
        called = {
            leaf.func.attr
            for leaf in ast.walk(node)
            if isinstance(leaf, ast.Call) and isinstance(leaf.func, ast.Attribute)
        }
        assert not read & FINDING_FIELDS, ast.unparse(node)
        assert not called & {"mean", "median", "supply_change", "compare_runs"}, ast.unparse(node)


def test_no_bound_is_made_positive_by_hand() -> None:
    for source in code_cells():
        assert "abs(" not in source.replace("abs(g - ", ""), "an interval's bounds keep their signs"


def test_every_parameter_cell_says_the_range_of_each_parameter() -> None:
    cells = parameter_cells()
    assert len(cells) == 4
    for source in cells:
        for line in source.splitlines()[1:]:
            if "=" in line.split("#")[0]:
                comment = line.partition("#")[2]
                assert re.search(r"\d+(\.\d+)? (to|up)", comment) or "from 0 up" in comment, line


def declared_range(name: str) -> tuple[float, float]:
    for source in parameter_cells():
        for line in source.splitlines():
            if line.startswith(f"{name} ="):
                low, high = re.search(r"(\d+) to (\d+)", line.partition("#")[2]).groups()  # type: ignore[union-attr]
                return float(low), float(high)
    raise AssertionError(f"no parameter {name}")


def test_the_edits_include_seed_four_and_a_smaller_and_a_larger_sample_in_range() -> None:
    edits = notebook().metadata["playbook"]["edits"]
    assert 2 <= len(edits) <= 3 and any(edit.get("SEED") == 4 for edit in edits)
    low, high = declared_range("GAMES_EACH")
    default = 60
    sizes = [edit["GAMES_EACH"] for edit in edits if "GAMES_EACH" in edit]
    assert any(size < default for size in sizes) and any(size > default for size in sizes)
    assert all(low <= size <= high for size in sizes)
    for edit in edits:
        for name in ("SELL_AT", "EXTRA_STARTING_COGS"):
            if name in edit:
                lo, hi = declared_range(name)
                assert lo <= edit[name] <= hi, (name, edit[name])


def test_the_lesson_writes_its_claims_from_findings_and_its_answers_fold() -> None:
    source = "\n".join(code_cells())
    for call in ("money.supply_change", "money.round_trip", "money.seat_purse", "money.compare_runs",
                 "money.relative_change", "findings.false_alarm_note"):  # fmt: skip
        assert call in source, call
    assert source.count("findings.say(") >= 10
    markdown = "\n".join(cell.source for cell in notebook().cells if cell.cell_type == "markdown")
    assert markdown.index("Learning objectives") < markdown.index("## 1.")
    for term in ("faucet", "sink", "converter", "money supply", "inflation", "Gini", "no difference detected"):
        assert term in markdown, term
    for claim in ("scarcer", "designer uses", "should not change", "two-fold instead"):
        assert claim not in markdown + source, claim
    assert "<details><summary>Teacher's answer</summary>" in source  # rendered from the findings


def test_every_chart_has_axis_words_not_code_names() -> None:
    source = "\n".join(code_cells())
    for title in re.findall(r'x_title="([^"]+)"', source):
        assert "_" not in title, title
