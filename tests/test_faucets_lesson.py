"""The faucets-and-sinks lesson (notebooks/faucets_and_sinks.ipynb) keeps the course's rules for a claim
(issue 21): its asserts check only identities and rules, never a sampled comparison; its numbers reach the
prose only through findings; every parameter cell says its range; its declared edits include the seed that
broke the old lesson and a smaller and a larger sample inside that range."""

from __future__ import annotations

import ast
import re
from typing import Any

import nbformat
import pytest
from support.notebooks import REPO_ROOT

from playbook import analysis

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
    assert 2 <= len(edits) <= 5 and any(edit.get("SEED") == 4 for edit in edits)
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


def test_the_edits_include_the_audits_edges_equal_shelves_and_the_sell_thresholds_that_broke_the_prose() -> None:
    edits = notebook().metadata["playbook"]["edits"]
    assert any(
        edit.get("CHEAP_SHELF") is not None and edit.get("CHEAP_SHELF") == edit.get("DEAR_SHELF") for edit in edits
    )
    assert {1, 6} <= {edit["SELL_AT"] for edit in edits if "SELL_AT" in edit}


def say_calls() -> list[ast.Call]:
    calls = []
    for source in code_cells():
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Call) and ast.unparse(node.func) == "findings.say":
                calls.append(node)
    return calls


def test_every_no_difference_sentence_says_how_many_games_would_detect_one() -> None:
    calls = say_calls()
    assert len(calls) >= 10
    for call in calls:
        none = next(keyword.value for keyword in call.keywords if keyword.arg == "none")
        assert "{games_needed}" in ast.unparse(none), ast.unparse(call)[:160]
        assert "about two-fold" not in ast.unparse(none), "a no-difference verdict read as an equality"


def test_the_gini_is_said_to_top_out_at_n_minus_one_over_n_as_the_function_computes_it() -> None:
    assert analysis.gini([0, 0, 0, 12]) == 0.75 and analysis.gini([0, 7]) == 0.5  # one seat holds everything
    markdown = "\n".join(cell.source for cell in notebook().cells if cell.cell_type == "markdown")
    assert "near 1 when one seat holds everything" not in markdown and "towards 1" not in markdown
    assert markdown.count("(n − 1)/n") >= 2 and "0.75" in markdown
    glossary = (REPO_ROOT / "docs" / "course" / "glossary.md").read_text()
    assert "near 1 when one seat" not in glossary and "(n − 1)/n" in glossary
    assert all(f"\n{term}\n" in glossary for term in ("paired", "Holm's adjustment", "Wilson interval"))


def test_terms_a_picture_of_each_board_and_no_unverifiable_claim_about_choosing_sell_at() -> None:
    cells = notebook().cells
    markdown = "\n".join(cell.source for cell in cells if cell.cell_type == "markdown")
    terms = next(cell.source for cell in cells if "## Words used in this lesson" in cell.source)
    assert "**paired**" in terms and "](../docs/course/glossary.md)" in terms
    boards = next(cell.source for cell in cells if cell.get("id") == "fs-boards")
    assert all(call in boards for call in ("order_line_board", "board_diagram", "pipe_html"))
    assert "fixed before looking" not in markdown
    assert "dealt at the start" in markdown  # the Mars round trip counts sales of cards nobody paid for


# ------------------------------------------------------------------ sections 5 and 6 run under the audit's edge

#: The cells sections 5 and 6 need, in order: set-up, section 1's parameters and runs, then both sections.
SECTIONS_FIVE_AND_SIX = ("9dc7df2d", "693c1a69", "25c7ee28", "26363d70", "ef307d09", "3cdfc739", "fs-answer-5",
                         "02d5628c", "4d3eff7c", "5751caf3")  # fmt: skip


def run_sections(edit: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """Sections 5 and 6 run at ``edit`` (applied after each parameter cell, as tests/test_lesson_edits.py does),
    with every markdown the cells show collected instead of displayed."""
    sources = {cell.get("id"): cell.source for cell in notebook().cells}
    shown: list[str] = []
    namespace: dict[str, Any] = {}
    for cell_id in SECTIONS_FIVE_AND_SIX:
        exec(sources[cell_id], namespace)
        if cell_id == "9dc7df2d":
            namespace["say"] = shown.append  # answer() looks say up here, so it is collected too
        if sources[cell_id].lstrip().startswith("# PARAMETERS"):
            namespace.update({name: value for name, value in edit.items() if name in namespace})
    return namespace, shown


AUDIT_EDGE = {"GAMES_EACH": 30, "SEED": 5, "SELL_AT": 6, "CHEAP_SHELF": 40, "DEAR_SHELF": 40, "DRAW_PRICE_FACTOR": 4}


@pytest.mark.parametrize("edit", [AUDIT_EDGE, {"GAMES_EACH": 30, "SEED": 3, "SELL_AT": 1}], ids=["edge", "sell-at-1"])
def test_section_five_concludes_that_play_moves_the_sink_only_when_the_supply_finding_says_so(
    edit: dict[str, Any],
) -> None:
    namespace, shown = run_sections(edit)
    answer = next(text for text in shown if "Teacher's answer" in text and "seat 0's way of playing" in text)
    decided = namespace["shift"].verdict != "no difference detected"
    assert ("depends on how the players play" in answer) == decided, answer
    if not decided:
        assert "does not show the sink is the same" in answer and "games would detect" in answer


def test_section_six_with_equal_shelves_compares_nothing_and_never_reads_no_difference_as_two_fold() -> None:
    namespace, shown = run_sections(AUDIT_EDGE)
    assert namespace["shelf_cut"] is None
    answer = next(text for text in shown if "Teacher's answer" in text and "printed chart" in text)
    assert "compare nothing" in answer and "unknown number" not in answer and "0% to 0%" not in answer
    for label, found in namespace["two_fold"].items():
        if found.verdict == "no difference detected":
            assert "does not show it grows two-fold" in answer and f"{found.games_needed:,} games" in answer, label
    assert "about two-fold" not in answer
