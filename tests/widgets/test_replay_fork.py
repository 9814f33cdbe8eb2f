"""Replay, then Play from here: the playable table says who plays each seat and is the one on screen; and
Replay this game hands a table's own match to the replay viewer; on every game's table.

Review (tables.md, item 4): "The new table says 'Playing on from step 96: you play seat 0', but its New game
panel lists every seat as 'replay' and its who-line reads 'No person plays: a bot game to watch…', with the
Watch-the-bots bar showing. The read-only table stays above it ... the playable one sits off screen."
"""

from __future__ import annotations

import gc

import pytest

from playbook.widgets.common import TableView, View
from playbook.widgets.replay import RecordReplay, ReplayViewer, table_replay
from playbook.widgets.views import GAME_TABLES, TABLE_BOTS, short_bot_match

from .conftest import build_and_close, open_models, visible_text
from .game_tables import GAMES, bot_table, person_table


def forked_table(viewer: ReplayViewer) -> TableView:
    viewer.play_from_here()
    (table,) = viewer.opened_tables
    assert isinstance(table, TableView)
    return table


def assert_says_who_plays(table: TableView, person: int, bots: dict[int, str]) -> None:
    panel = table.new_game_panel
    lineup = panel.lineup()
    assert lineup[person] == "you" and {s: lineup[s] for s in bots} == bots
    assert panel.describe().startswith(f"You play seat {person} against bots.")
    for seat, name in bots.items():
        assert f"seat {seat}: {name} (bot)" in panel.describe()
    assert all("replay" not in dropdown.options for dropdown in panel.seats)
    assert "No person plays" not in visible_text(table.widget)
    assert table.watch_bar.layout.display == "none"
    assert f"you play seat {person}" in visible_text(table.status.widget)
    assert table.controls_live()


@pytest.mark.parametrize("game", GAMES)
def test_the_table_played_from_a_step_says_who_plays_and_replaces_the_read_only_copy(game: str) -> None:
    match = short_bot_match(game)
    viewer = table_replay(GAME_TABLES[game], match, 0)
    try:
        viewer.slider.value = 6
        table = forked_table(viewer)
        assert table.match is not None and table.match.history[:6] == match.history[:6]
        assert_says_who_plays(table, 0, {1: "random"})
        # the playable table is right under the viewer's heading, and the read-only copy is gone from view
        shown = [child for child in viewer.widget.children if child.layout.display != "none"]
        assert viewer.playing and viewer.play_area.children == (table.widget,)
        assert shown[1:] == [viewer.heading, viewer.play_area]
        assert viewer.replay_box.layout.display == "none"
        assert viewer.slider.disabled and viewer.play_button.layout.display == "none"
        assert "the table below is yours" in visible_text(viewer.widget)
        viewer.back_to_replay()
        assert table.closed and not viewer.playing and viewer.replay_box.layout.display is None
        assert not viewer.slider.disabled and viewer.step == 6
    finally:
        viewer.close()


@pytest.mark.parametrize("game", GAMES)
def test_replay_this_game_replays_the_tables_own_match_and_plays_on_from_any_step(game: str) -> None:
    table = person_table(game)
    try:
        match = table.match
        assert match is not None
        history = match.history
        table.files.replay_button.click()
        viewer = table.replay
        assert isinstance(viewer, ReplayViewer)
        assert viewer.match is not match and viewer.match.history == history
        assert viewer.total == len(history) and viewer.step == len(history)
        assert table.files.replay_area.children[-1] is viewer.widget
        assert [seat for _, seat in viewer.seat_picker.options] == [0], "never the bot's hidden cards"
        viewer.slider.value = 0
        assert match.history == history and table.controls_live(), "the game on the table goes on untouched"
        viewer.slider.value = len(history)
        fork = forked_table(viewer)
        assert_says_who_plays(fork, 0, {1: TABLE_BOTS[game]})
        table.close_replay()
        assert viewer.closed and fork.closed and table.replay is None
    finally:
        table.close()


def test_the_replay_of_a_bot_game_may_be_seen_by_every_seat() -> None:
    table = bot_table("mars_needs_mechanics")
    try:
        table.step()
        viewer = table.replay_this_game()
        assert isinstance(viewer, ReplayViewer)
        assert [seat for _, seat in viewer.seat_picker.options] == [0, 1]
    finally:
        table.close()


def test_a_second_replay_replaces_the_first_and_closing_the_table_closes_it() -> None:
    table = person_table("offal_game")
    first = table.replay_this_game()
    second = table.replay_this_game()
    assert first is not None and second is not None
    assert first.closed and not second.closed and table.replay is second
    table.close()
    assert second.closed


def test_a_table_closed_with_its_replay_and_a_seats_copy_open_gives_back_every_model() -> None:
    """The replay viewer, the table played from it and a loaded seat's copy are the table's to release."""

    def build() -> View:
        table = person_table("parts_unknown", moves=1)
        viewer = table.replay_this_game()
        assert isinstance(viewer, ReplayViewer)
        forked_table(viewer)
        assert table.match is not None
        table.load_game(table.match.to_json(seat=0), name="seat.json")
        assert isinstance(table.replay, RecordReplay)
        return table

    build().close()  # the first build settles what a kernel keeps for good (plotly, anywidget modules)
    gc.collect()
    before = open_models()
    refs = build_and_close(build, 2)
    assert open_models() == before, "close() must release every widget model the table made"
    assert not [ref for ref in refs if ref() is not None], "a closed table must be garbage"
