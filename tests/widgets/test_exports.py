"""The game's log and the table's economy as CSV downloads, on every game's table.

Driven as the page drives them: the page asks the download button for its file (the message its click
sends) and saves the bytes that come back.
"""

from __future__ import annotations

import io
from typing import Any

import pandas as pd
import pytest

from .game_tables import GAMES, person_table


def download(button: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[str, bytes]:
    sent: list[tuple[dict[str, Any], list[bytes]]] = []
    monkeypatch.setattr(button, "send", lambda content, buffers=None: sent.append((content, buffers)))
    button._handle_custom_msg({"event": "download", "view": "v"}, [])
    ((message, buffers),) = sent
    assert message["mime"] == "text/csv"
    return str(message["filename"]), bytes(buffers[0])


@pytest.mark.parametrize("game", GAMES)
def test_the_log_downloads_as_the_events_frame(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    table = person_table(game)
    try:
        match = table.match
        assert match is not None
        name, data = download(table.files.log_csv_button, monkeypatch)
        assert name == f"{game}-seed1-step{len(match.steps)}-log.csv"
        read = pd.read_csv(io.BytesIO(data))
        frame = match.events_frame()
        assert list(read.columns) == list(frame.columns)
        assert len(read) == len(frame) == len(match.events) > 0
        assert list(read["text"]) == [str(record.event) for record in match.events]
        assert list(read["step"]) == list(frame["step"])
    finally:
        table.close()


@pytest.mark.parametrize("game", GAMES)
def test_the_economy_downloads_as_the_data_the_tables_charts_draw(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    table = person_table(game)
    try:
        name, data = download(table.files.economy_csv_button, monkeypatch)
        assert name.endswith("-economy.csv")
        read = pd.read_csv(io.BytesIO(data))
        assert list(read.columns) == ["chart", "series", "x axis", "x", "y axis", "y"]
        charts = [chart.figure for chart in table.live_charts()]
        assert charts
        points = sum(min(len(trace.x or ()), len(trace.y or ())) for figure in charts for trace in figure.data)
        assert len(read) == points > 0
        assert set(read["chart"].dropna()) <= {figure.layout.title.text for figure in charts}
        assert not any("_" in str(title) for title in read["chart"].dropna()), "chart titles in words"
        assert table.economy_frame().shape == read.shape
    finally:
        table.close()
