"""The shared table life cycle (``TableView``) on a tiny fake game: who plays, undo, watching, the log."""

from __future__ import annotations

import re

import pytest

from playbook.core.protocol import CHANCE
from playbook.widgets.views import GAME_TABLES

from .conftest import FakeTable


def plain(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


def test_one_person_plays_against_a_bot(make_table: type[FakeTable]) -> None:
    table = make_table(lineup=("you", "adds one"))
    assert table.humans == [0] and not table.hot_seat and not table.watching
    assert table.match is not None and table.match.waiting_for() == 0
    assert table.player_label(0) == "you" and table.player_label(1) == "seat 1 (adds one)"
    assert "you play seat 0" in plain(table.status.text)
    assert table.watch_bar.layout.display == "none"
    table.actions_box.children[1].click()  # add 2
    assert table.match.state.totals[0] == 2 and table.match.waiting_for() == 0  # the bot moved after us
    assert plain(table.status.text).startswith("You: add 2")


def test_several_people_share_the_screen_and_whoever_moves_gets_the_controls(make_table: type[FakeTable]) -> None:
    table = make_table(players=3, lineup=("you", "adds one", "you"))
    match = table.match
    assert match is not None
    assert table.humans == [0, 2] and table.hot_seat
    assert "hot seat" in plain(table.status.text)
    assert "you" not in plain(table.header.value)  # nobody is "you" at a shared screen
    seen = set()
    while not match.is_over:
        assert table.seat == match.waiting_for(), "the table shows the seat of the person to move"
        seen.add(table.seat)
        mover = table.seat
        table.actions_box.children[0].click()
        text = plain(table.status.text)
        assert text.startswith(f"Seat {mover}: add 1")
        if not match.is_over and match.waiting_for() != mover:
            assert f"seat {match.waiting_for()} to move" in text
    assert seen == {0, 2}


def test_an_all_bot_game_is_watched_step_by_step_and_never_says_you(make_table: type[FakeTable]) -> None:
    table = make_table(lineup=("adds one", "adds one"))
    match = table.match
    assert match is not None
    assert table.watching and table.watch_bar.layout.display is None
    assert [s.actor for s in match.steps] == ["chance"] or not match.steps  # nothing played but chance
    assert not any(s.actor == "agent" for s in match.steps)
    texts = [plain(table.status.text)]
    table.step_button.click()
    assert [s.actor for s in match.steps].count("agent") == 1
    texts.append(plain(table.status.text))
    table.step_button.click()
    assert [s.actor for s in match.steps].count("agent") == 2
    texts.append(plain(table.status.text))
    table.undo_button.click()  # watching: back one step
    texts.append(plain(table.status.text))
    table.play_to_end_button.click()
    assert match.is_over
    texts.append(plain(table.status.text))
    texts.append(table.new_game_panel.describe())
    for text in texts:
        assert not re.search(r"\byou\b", text, re.IGNORECASE), text
    assert "Seat 0 (adds one): add 1" in texts[1]


def test_the_new_game_panel_says_who_is_who(make_table: type[FakeTable]) -> None:
    table = make_table(players=2, lineup=("you", "adds one"))
    panel = table.new_game_panel
    assert panel.describe() == "You play seat 0 against bots. seat 0: a person; seat 1: adds one (bot)."
    assert "seat 1: adds one (bot)" in plain(panel.who.value)
    panel.seats[1].value = "you"
    assert panel.describe().startswith("Hot seat: 2 people share this screen (seats 0 and 1)")
    assert "Hot seat" in plain(panel.who.value)
    panel.seats[0].value = panel.seats[1].value = "adds one"
    assert panel.describe().startswith("No person plays: a bot game to watch")
    panel.players.value = 3
    assert "seat 2:" in panel.describe()


def test_undo_never_leaves_a_bot_to_move_with_nothing_to_press(make_table: type[FakeTable]) -> None:
    # Seat 0 is a bot: the person's first decision comes after a bot's move.
    table = make_table(players=2, lineup=("adds one", "you"))
    match = table.match
    assert match is not None and match.waiting_for() == 1
    for _ in range(3):
        table.actions_box.children[0].click()
    for _ in range(8):  # more undos than moves
        table.undo_button.click()
        assert match.waiting_for() == 1, "after undo a person must be to move"
        assert match.state.current_player not in (CHANCE, 0)
        assert table.actions_box.children, "the person has buttons to press"
    assert not any(s.actor == "player" for s in match.steps)
    assert "Nothing to undo" in plain(table.status.text)


def test_the_log_shows_the_newest_moves_first(make_table: type[FakeTable]) -> None:
    table = make_table()
    for _ in range(2):
        table.actions_box.children[0].click()
    assert table.match is not None
    lines = [str(r.event) for r in table.match.events]
    assert table.log.lines == lines  # oldest first in Python
    shown = re.findall(r"<div class='playbook-log-line'>([^<]*)</div>", table.log.widget.value)
    assert shown == list(reversed(lines))  # newest first on the page


@pytest.mark.parametrize("game", list(GAME_TABLES))
def test_undo_in_every_game_table_always_leaves_a_person_to_move(game: str) -> None:
    table = GAME_TABLES[game](seed=1)
    try:
        match = table.match
        moves = 0
        for step in range(40):  # the person's moves, whatever is legal, until six are played
            if match.is_over or moves == 6:
                break
            legal = list(match.legal_actions())
            if match.waiting_for() is None or not legal:
                break
            if table.act(legal[step % len(legal)]):
                moves += 1
        assert moves > 0
        for _ in range(moves + 3):  # more undos than moves, as a student clicking away would
            table.undo()
            assert match.waiting_for() is not None, f"after undo nobody can move: {match.state.current_player}"
            assert table.seat == match.waiting_for()
    finally:
        table.close()
