"""The strategy lab's and the sweep's results as CSV downloads, and the lab's summary in whole numbers.

Driven as the page drives them: the page asks the download button for its file (the message its click sends)
and saves the bytes that come back. Before a run there is nothing to take away, so the button is disabled.

Issue 19: the lab offered no way to take a tournament's or a sweep's results to a spreadsheet, and its status
read "won 14.0 of 40.0 games".
"""

from __future__ import annotations

import io
import re
from typing import Any

import pandas as pd
import pytest

from playbook.core import RandomAgent
from playbook.games.mars_needs_mechanics.agents import ThresholdSeller
from playbook.widgets.common import DownloadButton
from playbook.widgets.lab import StrategyLab, SweepExplorer

GAME = "mars_needs_mechanics"


def download(button: DownloadButton, monkeypatch: pytest.MonkeyPatch) -> tuple[str, bytes] | None:
    """Press ``button`` as its page does; the file it sends back, or None when it sends nothing."""
    sent: list[tuple[dict[str, Any], list[bytes]]] = []
    monkeypatch.setattr(button, "send", lambda content, buffers=None: sent.append((content, buffers)))
    button._handle_custom_msg({"event": "download", "view": "v"}, [])
    if not sent:
        return None
    ((message, buffers),) = sent
    assert message["mime"] == "text/csv"
    return str(message["filename"]), bytes(buffers[0])


def read_csv(data: bytes) -> pd.DataFrame:
    return pd.read_csv(io.BytesIO(data))


def assert_same_rows(read: pd.DataFrame, frame: pd.DataFrame, columns: tuple[str, ...]) -> None:
    """The CSV holds the frame: its columns, as many rows, and the same values in ``columns``, row by row."""
    assert list(read.columns) == list(frame.columns)
    assert len(read) == len(frame) > 0
    for column in columns:
        assert read[column].tolist() == frame[column].tolist(), column


def test_the_strategy_lab_downloads_its_last_tournament_as_csv(monkeypatch: pytest.MonkeyPatch) -> None:
    lab = StrategyLab(GAME, ThresholdSeller, {"random": RandomAgent}, players=2, games=10, seed=3)
    try:
        assert lab.results_csv_button.disabled, "nothing to download before a tournament"
        assert download(lab.results_csv_button, monkeypatch) is None
        first = lab.run()
        assert first is not None and len(first) == 20
        assert not lab.results_csv_button.disabled
        downloaded = download(lab.results_csv_button, monkeypatch)
        assert downloaded is not None
        name, data = downloaded
        assert name == f"{GAME}-tournament-seed3-10-games.csv"
        assert_same_rows(read_csv(data), first, ("game", "seat", "agent", "score", "won"))
        lab.seed.value = 4
        second = lab.run()
        assert second is not None and second["score"].tolist() != first["score"].tolist()
        lab.opponent_picker.value = ()
        assert lab.run() is None  # refused: the last tournament is still the one played with seed 4
        downloaded = download(lab.results_csv_button, monkeypatch)
        assert downloaded is not None
        name, data = downloaded
        assert name == f"{GAME}-tournament-seed4-10-games.csv"
        assert_same_rows(read_csv(data), second, ("game", "seat", "agent", "score", "won"))
    finally:
        lab.close()


def test_the_sweep_downloads_its_last_sweep_as_csv(monkeypatch: pytest.MonkeyPatch) -> None:
    explorer = SweepExplorer(GAME, {"random": RandomAgent}, games=5, seed=2, players=2)
    try:
        assert explorer.results_csv_button.disabled, "nothing to download before a sweep"
        assert download(explorer.results_csv_button, monkeypatch) is None
        explorer.field.value = "starting_cogs"
        explorer.low.value, explorer.high.value, explorer.steps.value = 10, 40, 3
        explorer.agent_picker.value = ("random",)
        frame = explorer.run()
        assert frame is not None and len(frame) == 3 * 5 * 2
        assert not explorer.results_csv_button.disabled
        explorer.field.value = "hand_size"  # another rule chosen after the sweep
        downloaded = download(explorer.results_csv_button, monkeypatch)
        assert downloaded is not None
        name, data = downloaded
        assert name == f"{GAME}-sweep-starting_cogs-seed2-5-games-each.csv"  # the rule swept, not the one shown now
        read = read_csv(data)
        assert_same_rows(read, frame, ("value", "game", "seat", "agent", "score"))
        assert sorted(set(read["value"])) == [10.0, 25.0, 40.0]
        assert any(column.startswith("kpi_") for column in read.columns), "the game's end measures come along"
    finally:
        explorer.close()


def test_a_tournament_says_how_many_games_the_strategy_won_in_whole_numbers() -> None:
    lab = StrategyLab(GAME, ThresholdSeller, {"random": RandomAgent}, players=2, games=20, seed=5)
    try:
        results = lab.run()
        assert results is not None
        said = re.search(r"threshold seller won (\S+) of (\S+) games", lab.status.text)
        assert said is not None, lab.status.text
        wins, games = said.groups()
        assert wins.isdigit() and games.isdigit(), f"not whole numbers: {said.group(0)!r}"
        mine = results[results["agent"] == "threshold seller"]
        assert (int(wins), int(games)) == (int(mine["won"].sum()), mine["game"].nunique()) == (int(wins), 20)
        assert "Not allowed" not in lab.status.text
    finally:
        lab.close()
