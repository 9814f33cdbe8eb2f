"""At game over every table shows the final score of every seat as a table, by source where the game has
sources (``TableView.score_breakdown``), under the status line.

Review (tables.md): "A score breakdown at game over: Mars, Parts Unknown and Offal give a single line."
"""

from __future__ import annotations

import html
import re

import pandas as pd
import pytest

from playbook.widgets.common import TableView

from .conftest import visible_text
from .game_tables import GAMES, table_before_the_last_move


def shown_rows(table: TableView) -> list[list[str]]:
    """The rows of the final-scores table as the page shows them (header first)."""
    rows = re.findall(r"<tr>(.*?)</tr>", table.final_scores.value)
    return [[html.unescape(cell) for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row)] for row in rows]


def ended(game: str) -> TableView:
    table, last = table_before_the_last_move(game)
    assert table.final_scores.layout.display == "none", "no final scores before the end"
    table.act(last)
    assert table.match is not None and table.match.is_over
    return table


@pytest.mark.parametrize("game", GAMES)
def test_the_final_scores_are_shown_as_a_table_with_a_row_per_seat(game: str) -> None:
    table = ended(game)
    try:
        assert table.match is not None
        assert table.final_scores.layout.display is None
        assert "Final scores" in visible_text(table.widget)
        header, *rows = shown_rows(table)
        assert len(rows) == table.match.players
        assert all(re.fullmatch(r"[A-Za-z][\w ()$']*", column) for column in header), header  # words
        finals = [int(score) for score in table.match.state.scores()]
        for row, score in zip(rows, finals, strict=True):
            assert str(score) in row, (row, score)
        table.undo()
        assert table.final_scores.layout.display == "none"
    finally:
        table.close()


def breakdown(table: TableView) -> pd.DataFrame:
    assert table.match is not None
    return pd.DataFrame(list(table.score_breakdown(table.match.state.observation(table.seat))))


def test_parts_unknown_adds_the_shelf_bonus_to_the_money() -> None:
    table = ended("parts_unknown")
    try:
        assert table.match is not None
        frame = breakdown(table)
        observation = table.match.state.observation(0)
        bonus = observation["shelf_value"] if observation["end"] == "calendar" else 0
        assert list(frame["shelf bonus ($)"]) == [bonus * shelves for shelves in observation["shelves"]]
        assert list(frame["money ($)"] + frame["shelf bonus ($)"]) == list(frame["score ($)"])
        assert list(frame["score ($)"]) == [int(s) for s in table.match.state.scores()]
        assert shown_rows(table)[0] == list(frame.columns)
    finally:
        table.close()


def test_offal_scores_the_money_of_the_customers_served() -> None:
    table = ended("offal_game")
    try:
        assert table.match is not None
        frame = breakdown(table)
        observation = table.match.state.observation(0)
        assert list(frame["customers served"]) == [len(served) for served in observation["served"]]
        assert list(frame["money from their orders ($)"]) == list(frame["score ($)"])
        assert list(frame["score ($)"]) == [int(s) for s in table.match.state.scores()]
        assert "Final scores by source" in visible_text(table.final_scores)
    finally:
        table.close()
