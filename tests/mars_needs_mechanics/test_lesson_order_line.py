"""The order-line lesson (notebooks/mars_needs_mechanics.ipynb) is built to stay true under a student's edits.

Read from the notebook's source, not by running it (tests/test_lesson_edits.py runs it under its declared
edits): every parameter says its meaningful range, no assert is guarded by the committed parameters (the old
pattern of checking a sampled claim only at the defaults), a static teacher's answer quotes no measured number,
and the declared edits change what would break prose that was not composed from findings.
"""

from __future__ import annotations

import ast
import re
from typing import Any

import nbformat
import pytest
from support.notebooks import REPO_ROOT

from playbook import findings
from playbook.games.mars_needs_mechanics import economy, measures

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


def cells_by_id() -> dict[str, str]:
    return {cell.get("id"): cell.source for cell in lesson().cells}


def run_cells(cell_ids: tuple[str, ...], edit: dict[str, Any], given: dict[str, Any] | None = None) -> list[str]:
    """The cells run in order from the set-up cell, ``edit`` applied after each parameter cell (as
    tests/test_lesson_edits.py applies it) and ``given`` set first; returns the markdown they show."""
    sources = cells_by_id()
    shown: list[str] = []
    namespace: dict[str, Any] = {}
    exec(sources["mnm-001"], namespace)
    namespace["say"] = shown.append  # answer() looks say up here, so teacher's answers are collected too
    namespace.update(given or {})
    for cell_id in cell_ids:
        exec(sources[cell_id], namespace)
        if sources[cell_id].lstrip().startswith(MARKER):
            namespace.update(edit)
    return shown


def test_the_declared_edits_include_the_audits_edges() -> None:
    edits = lesson().metadata["playbook"]["edits"]
    assert any(edit.get("DRAWS") == 1 for edit in edits)  # the low end of the stated range crashed once
    assert any(edit.get("OTHERS") == [] and edit.get("SCRAP") == 0 and edit.get("CARDS") == 1 for edit in edits)


@pytest.mark.parametrize("draws", range(1, 9))
def test_the_odds_of_completing_a_set_are_a_chance_for_every_number_of_draws_the_lesson_allows(draws: int) -> None:
    for unseen in range(0, 9):
        for needed in range(0, 4):
            chance = economy.chance_to_draw(unseen, 30, draws, needed)
            assert 0.0 <= chance <= 1.0
            if needed > min(draws, unseen):
                assert chance == 0.0  # more cards needed than can come: impossible, not an error
    assert economy.chance_to_draw(5, 30, 1, 1) == pytest.approx(5 / 30)


def test_section_2_and_5_words_read_right_at_the_edges_of_their_ranges() -> None:
    edge = {"COMPONENT": "Gear", "OTHERS": [], "CARDS": 1, "SCRAP": 0, "VALUE": 10}
    shown = run_cells(("mnm-012", "mnm-013", "mnm-014", "mnm-041", "mnm-042"), edge)
    timing, sale = shown[-2], shown[-1]
    assert "each of the 0" not in timing and "no other type bought after it" in timing
    assert "1 real cards" not in sale and "not a set" in sale and "would not be a set either" in sale
    assert "The Scrap adds" not in sale  # there is no Scrap to add anything
    shown = run_cells(("mnm-041", "mnm-042"), {"CARDS": 2, "SCRAP": 1, "VALUE": 4})
    assert "a set, worth **8 cogs**" in shown[-1] and "3 real cards would be a set worth 12" in shown[-1]


def test_section_5_odds_run_at_one_draw_and_say_when_a_set_cannot_come() -> None:
    cells = ("mnm-017", "mnm-018", "mnm-044", "mnm-045", "mnm-046")
    shown = run_cells(cells, {"SEED": 0, "SEAT": 3, "ROUND": 9, "DRAWS": 1})
    assert "the next card" in shown[-1] and "next 1 cards" not in shown[-1]
    assert "cannot bring" in shown[-1] or "it needs no more" in shown[-1] or "the chance that" in shown[-1]


def estimate(value: float, n: int = 60) -> findings.Estimate:
    return findings.proportion(round(value * n), n, measure="win rate", reference=0.25)


def test_the_biggest_move_in_rank_names_every_strategy_tied_for_it() -> None:
    names = ["quick seller", "late buyer", "hoarder", "mechanic"]
    two = dict(zip(names, (estimate(0.60), estimate(0.37), estimate(0.47), estimate(0.57)), strict=True))
    four = dict(zip(names, (estimate(0.28), estimate(0.28), estimate(0.35), estimate(0.10)), strict=True))
    given = {"two_player": two, "four_player": four, "best": "hoarder", "ends": [], "NAMES": names}
    shown = run_cells(("mnm-084", "mnm-085"), {}, given)
    ranking, answer = shown[0], shown[1]
    assert "2= quick seller, 2= late buyer" in ranking  # equal win rates share a rank
    assert "no different from" not in ranking and "no difference from its fair share" in ranking
    for strategy in ("late buyer", "hoarder", "mechanic"):  # each moves two places: a tie, all named
        assert f"the {strategy}'s" in answer


def test_holms_sentences_call_their_intervals_unadjusted_and_say_the_games_each_open_question_needs() -> None:
    shown = run_cells(("mnm-094", "mnm-095", "mnm-098"), {"MY_GAMES": 30})
    paragraphs = shown[-1].split("\n\n")
    verdicts = [p for p in paragraphs if "(Holm)" in p]
    assert len(verdicts) == 5
    for paragraph in verdicts:
        assert "unadjusted 95% interval" in paragraph and "(95% interval" not in paragraph
        if paragraph.startswith("No difference"):
            assert "games played by both" in paragraph or "cannot say how many" in paragraph
    counts = {int(n) for n in re.findall(r"(\d+) paired games", shown[-1])}
    if len(counts) > 1:  # four of six seated per game: the pairings meet unequally often, and the text says so
        assert "not seated equally often" in paragraphs[-1]


def test_the_share_never_sold_counts_the_dealt_cards_among_those_held() -> None:
    sources = cells_by_id()
    namespace: dict[str, Any] = {}
    exec(sources["mnm-001"], namespace)
    namespace["pool"] = measures.play(namespace["STRATEGIES"], 12, 5)
    exec(sources["mnm-059"], namespace)
    per_game, never_sold, rules = namespace["per_game"], namespace["never_sold"], namespace["RULES"]
    assert (per_game["cards_dealt"] == rules.hand_size * 4).all()  # three secret cards to each of four seats
    held = per_game["cards_sold"] + per_game["cards_never_sold"]
    assert never_sold.value == pytest.approx((per_game["cards_never_sold"] / held).mean())
    assert never_sold.value < (per_game["cards_never_sold"] / per_game["cards_bought"]).mean()
    assert "cards held" in never_sold.measure and "cards bought that" not in never_sold.measure


def test_a_win_rate_exactly_at_its_fair_share_is_not_given_an_unknown_number_of_games() -> None:
    names = ["quick seller", "late buyer", "hoarder", "mechanic"]
    two = dict(zip(names, (estimate(0.50), estimate(0.40), estimate(0.45), estimate(0.65)), strict=True))
    four = dict(zip(names, (estimate(0.25), estimate(0.25), estimate(0.40), estimate(0.10)), strict=True))
    given = {"two_player": two, "four_player": four, "best": "late buyer", "ends": [], "NAMES": names}
    ranking, answer = run_cells(("mnm-084", "mnm-085"), {}, given)
    assert two["quick seller"].games_needed is None and four["late buyer"].games_needed is None
    assert "unknown number" not in ranking + answer
    assert "does not show it is that share" in ranking and "does not show it is" in answer
