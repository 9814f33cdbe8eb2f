"""Save a game to a file and resume it; open the seat's copy a student sends; on every game's table.

The tables are driven as the page drives them: Save is the page asking the download button for its file
(the message its click sends), Load a game is the ``FileUpload`` value the browser delivers. A file that is
not a game of the table is refused in the status line, and the table's game is left as it was.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from playbook.core import Match
from playbook.core.match import SeatRecord
from playbook.widgets.common import TableView
from playbook.widgets.replay import RecordReplay
from playbook.widgets.views import TABLE_BOTS

from .conftest import visible_text
from .game_tables import GAMES, make_table, person_table, upload_value


def press_download(button: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[dict[str, Any], bytes]:
    """What the page gets when it asks ``button`` for its file: the message and the file's bytes."""
    sent: list[tuple[dict[str, Any], list[bytes]]] = []
    monkeypatch.setattr(button, "send", lambda content, buffers=None: sent.append((content, buffers)))
    button._handle_custom_msg({"event": "download", "view": "view-1"}, [])
    ((message, buffers),) = sent
    assert message["event"] == "file" and message["view"] == "view-1"
    return message, bytes(buffers[0])


def save(table: TableView, monkeypatch: pytest.MonkeyPatch, seat: int | None = None) -> tuple[str, bytes]:
    table.files.save_choice.value = -1 if seat is None else seat
    message, data = press_download(table.files.save_button, monkeypatch)
    assert message["mime"] == "application/json"
    return str(message["filename"]), data


def load(table: TableView, name: str, data: bytes) -> None:
    table.files.load_upload.value = upload_value(name, data)
    assert table.files.load_upload.value == (), "the upload is emptied, so the same file can be loaded again"


@pytest.mark.parametrize("game", GAMES)
def test_a_saved_game_resumes_on_another_table_with_the_person_and_the_bots_in_their_seats(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = person_table(game)
    other = make_table(game, players=2, seed=7, lineup=(TABLE_BOTS[game], TABLE_BOTS[game]))
    try:
        match = table.match
        assert match is not None
        name, data = save(table, monkeypatch)
        assert name == f"{game}-seed1-step{len(match.steps)}.json"
        assert data.decode() == match.to_json()
        load(other, name, data)
        loaded = other.match
        assert loaded is not None and loaded is not match
        assert loaded.history == match.history and loaded.seed == 1 and loaded.state == match.state
        assert other.humans == [0] and other.seat == 0 and loaded.waiting_for() == 0
        assert other.new_game_panel.lineup() == ["you", TABLE_BOTS[game]]
        assert other.new_game_panel.describe().startswith("You play seat 0 against bots.")
        assert other.new_game_panel.seed.value == 1 and other.watch_bar.layout.display == "none"
        assert "Loaded" in visible_text(other.status.widget) and other.controls_live()
        assert [s.actor for s in loaded.steps] == [s.actor for s in match.steps]
        other.undo()  # the person's last move comes back off, as it would have on the first table
        assert loaded.history == match.history[: max(i for i, s in enumerate(match.steps) if s.actor == "player")]
        assert other.act(loaded.legal_actions()[0]), "the resumed game plays on"
    finally:
        table.close()
        other.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_seats_copy_opens_read_only_in_a_replay_of_what_that_seat_saw(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = person_table(game)
    other = make_table(game, players=2, seed=7)
    try:
        match = table.match
        assert match is not None
        name, data = save(table, monkeypatch, seat=1)
        assert name.endswith("-seat1.json")
        assert data.decode() == match.to_json(seat=1)
        assert "seed" not in json.loads(data), "a seat's copy holds no seed"
        before = other.match
        assert before is not None
        history = before.history
        load(other, name, data)
        assert other.match is before and before.history == history, "the table's own game is untouched"
        replay = other.replay
        assert isinstance(replay, RecordReplay)
        assert other.files.replay_area.children[-1] is replay.widget
        record = SeatRecord.from_json(data)
        assert replay.total == len(record.steps) == len(match.steps)
        assert "seat 1" in visible_text(replay.widget)
        replay.slider.value = 0
        assert "Step 0 of" in visible_text(replay.heading)
        assert str(record.observations[0]["round"]) in visible_text(replay.position)
        other.close_replay()
        assert other.replay is None and other.files.replay_area.children == ()
    finally:
        table.close()
        other.close()


def tampered(data: bytes) -> bytes:
    saved = json.loads(data)
    saved["history"][0]["by"] = "chance" if saved["history"][0]["by"] != "chance" else "player"
    return json.dumps(saved).encode()


@pytest.mark.parametrize("game", GAMES)
def test_a_file_that_is_not_a_game_of_this_table_is_refused_in_the_status_line(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = person_table(game)
    others = [g for g in GAMES if g != game]
    stranger = make_table(others[0], players=2, seed=3)
    try:
        match = table.match
        assert match is not None
        history = match.history
        _, data = save(table, monkeypatch)
        _, foreign = save(stranger, monkeypatch)
        files = {
            "photo.json": b"\xff\xd8\xff\xe0 not text",
            "list.json": b"[1, 2, 3]",
            "half.json": data[: len(data) // 2],
            "foreign.json": foreign,
            "tampered.json": tampered(data),
            "seat.json": json.dumps({**json.loads(match.to_json(seat=0)), "observations": []}).encode(),
        }
        for name, content in files.items():
            load(table, name, content)
            shown = visible_text(table.status.widget)
            assert shown.startswith(f"Could not load: {name}: "), shown
            assert "Traceback" not in shown
            assert table.match is match and match.history == history, name
        load(table, "foreign.json", foreign)
        assert "open it on that game's table" in visible_text(table.status.widget)
    finally:
        table.close()
        stranger.close()


def test_save_offers_the_whole_game_and_each_seats_copy(monkeypatch: pytest.MonkeyPatch) -> None:
    table = make_table("mars_needs_mechanics", players=3, seed=1, lineup=("you", "hoarder", "mechanic"))
    try:
        labels = [label for label, _ in table.files.save_choice.options]
        assert labels[0].startswith("the whole game (for the teacher")
        assert labels[1:] == [f"seat {s}'s copy (only what seat {s} saw)" for s in range(3)]
        table.new_game_panel.players.value = 2
        table.new_game()
        assert len(table.files.save_choice.options) == 3
        _, data = save(table, monkeypatch)
        assert "Saved the whole game" in visible_text(table.status.widget)
        assert Match.from_json(data).history == table.match.history  # type: ignore[union-attr]
    finally:
        table.close()
