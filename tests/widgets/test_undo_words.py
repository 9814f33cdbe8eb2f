"""Undo says what it takes back, by the button, on every game's table.

Review (tables.md, "What confused"): "Undo takes back one action, which may be a rover move rather than the
whole tile placement, and it also takes back the bot moves made since. Nothing on screen says so."
"""

from __future__ import annotations

import ipywidgets as w
import pytest

from playbook.widgets.common import TableView, widget_tree
from playbook.widgets.common.panels import undo_words

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
    """Before any move the caption says what Undo does; after one it names the action and counts the bot moves
    (and rolls or draws) that Undo would take back with it, as ``Match.undo`` does."""
    table = person_table(game, moves=0)
    try:
        words = table.undo_button.tooltip
        assert words.startswith("Undo: your last action only, not the whole turn, and every bot move")
        assert words.endswith(" since.")
        assert ("roll" in words) == table.game.INFO.has_chance
        match = table.match
        assert match is not None
        action = match.legal_actions()[0]
        table.act(action)
        steps = match.steps
        last = max(i for i, step in enumerate(steps) if step.actor == "player")
        assert steps[last].action == action
        bots = sum(step.actor == "agent" for step in steps[last + 1 :])
        rolls = sum(step.actor == "chance" for step in steps[last + 1 :])
        words = table.undo_button.tooltip
        named = f"Undo takes back your last action only, not the whole turn: {table.describe_played(action)}"
        assert words.startswith(named), words
        assert (f"{bots} bot move" in words) == (bots > 0) and (f"{rolls} roll" in words) == (rolls > 0), words
        assert words.endswith(" since." if bots or rolls else f"{table.describe_played(action)}."), words
        caption = caption_under_undo(table)
        assert words in visible_text(caption)
        assert words in visible_text(table.widget), "the caption is shown, not hidden"
        table.undo()
        assert len(match.steps) == last, "Undo took back what the caption said: the action and all after it"
    finally:
        table.close()


def test_the_undo_words_count_what_went_after_the_action() -> None:
    words = undo_words(watching=False, people=1, chance=True, last="buy Lens", bot_moves=2, chance_steps=1)
    assert words == (
        "Undo takes back your last action only, not the whole turn: buy Lens, and the 2 bot moves and 1 roll or draw "
        "since."
    )
    alone = undo_words(watching=False, people=1, chance=False, last="pass")
    assert alone == "Undo takes back your last action only, not the whole turn: pass."
    hot = undo_words(watching=False, people=2, chance=False, last="pass", whose="seat 1's", bot_moves=1)
    assert hot == "Undo takes back seat 1's last action only, not the whole turn: pass, and the 1 bot move since."


@pytest.mark.parametrize("game", GAMES)
def test_in_a_bot_game_undo_says_it_takes_back_one_step(game: str) -> None:
    table = bot_table(game)
    try:
        assert table.undo_button.tooltip == "Undo: the last step only."
        assert "the last step only" in visible_text(caption_under_undo(table))
    finally:
        table.close()
