"""At game over nothing on the board can act, on every game's table; ``controls_live()`` says when a person can.

Review (tables.md, item 8): "On every table, Step and Play to end stay enabled at game over. Offal's tool
buttons stay enabled at game over and in bot games". The tables are driven by the calls their buttons make
(``act``, ``step``, ``play_to_end``, ``undo``, ``new_game``).
"""

from __future__ import annotations

from collections import Counter

import pytest

from playbook.widgets.common import TableView

from .game_tables import GAMES, board_controls, bot_table, describe_control, make_table, table_before_the_last_move


def enabled(table: TableView) -> Counter[tuple[str, str, tuple[str, ...]]]:
    """The live controls of the board, by kind, label and classes (a redraw may make new buttons)."""
    return Counter(describe_control(widget) for widget in board_controls(table) if not widget.disabled)


@pytest.mark.parametrize("game", GAMES)
def test_the_last_move_leaves_no_control_of_the_board_live_and_undo_gives_them_back(game: str) -> None:
    table, last = table_before_the_last_move(game)
    try:
        match = table.match
        assert match is not None and match.waiting_for() == 0
        assert table.controls_live()
        before = enabled(table)
        assert before, "a person to move has something to press"
        assert table.act(last)
        assert match.is_over and not table.controls_live() and table.game_over()
        live = [describe_control(widget) for widget in board_controls(table) if not widget.disabled]
        assert not live, f"controls left live at game over: {live}"
        assert not table.undo_button.disabled and not table.new_game_panel.button.disabled
        table.undo()  # takes back the last move: the person is to move again, with the same controls
        assert match.waiting_for() == 0 and table.controls_live()
        assert enabled(table) == before
    finally:
        table.close()


@pytest.mark.parametrize("game", GAMES)
def test_step_and_play_to_end_stop_at_game_over_and_nothing_of_a_bot_game_is_live(game: str) -> None:
    table = bot_table(game)
    try:
        assert not table.step_button.disabled and not table.play_to_end_button.disabled
        live = [describe_control(widget) for widget in board_controls(table) if not widget.disabled]
        assert not live, f"a bot game to watch leaves these live: {live}"
        table.step()
        table.play_to_end()
        assert table.match is not None and table.match.is_over
        assert table.step_button.disabled and table.play_to_end_button.disabled
        assert not [describe_control(widget) for widget in board_controls(table) if not widget.disabled]
        assert table.watching and not table.controls_live() and not table.bots_to_move()
        table.undo()  # watching: back one step, and the bots can be watched again
        assert not table.match.is_over and table.bots_to_move()
        assert not table.step_button.disabled and not table.play_to_end_button.disabled
    finally:
        table.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_new_game_after_the_end_gives_the_person_the_board_again(game: str) -> None:
    table, last = table_before_the_last_move(game)
    fresh = make_table(game, players=2, seed=2, lineup=("you", "random"))
    try:
        table.act(last)
        assert table.new_game_panel.lineup() == ["you", "random"]
        table.new_game()
        assert table.match is not None and not table.match.is_over
        assert table.controls_live()
        assert enabled(table) == enabled(fresh), "the board of a new game is as live as a fresh table's"
        assert table.final_scores.layout.display == "none"
    finally:
        table.close()
        fresh.close()


@pytest.mark.parametrize("game", GAMES)
def test_controls_live_is_false_on_a_read_only_position(game: str) -> None:
    table, _ = table_before_the_last_move(game)
    try:
        assert table.match is not None
        position = type(table).on_match(table.match, 0, subscribe=False)
        position.read_only()
        assert table.controls_live() and not position.controls_live()
        assert not position.bots_to_move()
        position.close()
    finally:
        table.close()
