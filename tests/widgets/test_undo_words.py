"""Undo says what it takes back, by the button, on every game's table.

Review (tables.md, "What confused"): "Undo takes back one action, which may be a rover move rather than the
whole tile placement, and it also takes back the bot moves made since. Nothing on screen says so."
"""

from __future__ import annotations

import ipywidgets as w
import pytest

from playbook.widgets.common import TableView, widget_tree

from .conftest import visible_text
from .game_tables import GAMES, bot_table, person_table


def caption_under_undo(table: TableView) -> w.HTML:
    """The caption TableView put by Undo: right after the button, or right after the row holding it."""
    caption = table.undo_caption
    for box in widget_tree(table.widget).values():
        children = list(getattr(box, "children", ()))
        for index, child in enumerate(children[:-1]):
            holds_undo = child is table.undo_button or id(table.undo_button) in widget_tree(child)
            if holds_undo and children[index + 1] is caption and id(caption) not in widget_tree(child):
                return caption
    raise AssertionError("no caption right by the Undo button")


@pytest.mark.parametrize("game", GAMES)
def test_undo_says_it_takes_back_one_action_and_the_bot_moves_since(game: str) -> None:
    table = person_table(game, moves=1)
    try:
        words = table.undo_button.tooltip
        assert words.startswith("Undo: your last action only, not the whole turn, and every bot move")
        assert words.endswith(" since.")
        assert ("roll" in words) == table.game.INFO.has_chance
        caption = caption_under_undo(table)
        assert words in visible_text(caption)
        assert words in visible_text(table.widget), "the caption is shown, not hidden"
    finally:
        table.close()


@pytest.mark.parametrize("game", GAMES)
def test_in_a_bot_game_undo_says_it_takes_back_one_step(game: str) -> None:
    table = bot_table(game)
    try:
        assert table.undo_button.tooltip == "Undo: the last step only."
        assert "the last step only" in visible_text(caption_under_undo(table))
    finally:
        table.close()
