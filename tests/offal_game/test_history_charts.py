"""``economy.turn_history`` and the Offal Game charts: pure functions of DataFrames."""

from __future__ import annotations

import pandas as pd
import pytest

import playbook
from playbook import charts
from playbook.charts.offal_game import OFFAL_COLOURS, solo_race
from playbook.core import RandomAgent
from playbook.games.offal_game import agents, economy
from playbook.widgets.offal_game import age_frame, passive_game


def played(seed: int, players: int) -> playbook.Match:
    lineup = [agents.ClogClearer(), RandomAgent(), agents.QuickestOrder(), agents.RichestOrder()]
    match = playbook.Match(
        "offal_game", players=players, seed=seed, agents={s: lineup[(seed + s) % 4] for s in range(players)}
    )
    match.advance()
    return match


@pytest.mark.parametrize("seed", range(12))
def test_turn_history_ends_at_the_engines_clog_and_money(seed: int) -> None:
    players = 1 + seed % 2
    match = played(seed, players)
    history = economy.turn_history(match.events_frame(), players)
    state = match.state
    assert list(history.columns) == ["round", "clog", *[f"Plunger {s + 1}" for s in range(players)]]
    assert history["round"].tolist() == list(range(state.round + 1))
    assert history.iloc[0].tolist() == [0] * (2 + players)
    assert history["clog"].iloc[-1] == len(state.clog)
    assert history.iloc[-1, 2:].tolist() == list(state.money)
    assert (history["clog"] >= 0).all() and (history["clog"] <= state.rules.clog_spaces).all()


def test_turn_history_of_a_new_game_is_the_set_up() -> None:
    history = economy.turn_history(pd.DataFrame(), 2)
    assert history.to_dict("records") == [{"round": 0, "clog": 0, "Plunger 1": 0, "Plunger 2": 0}]


def test_turn_history_counts_a_drain_auger_and_takes_from_the_clog() -> None:
    frame = pd.DataFrame(
        [
            {"step": 0, "round": 1, "seat": None, "kind": "reserve_resolved", "to_clog": [0, 0, 2]},
            {"step": 1, "round": 1, "seat": 0, "kind": "parts_taken", "card": 3, "count": 1},
            {
                "step": 2,
                "round": 2,
                "seat": 1,
                "kind": "tool_played",
                "detail": "2 Bones off The Clog back in the bag",
                "clog_cleared": 2,
            },
            {"step": 3, "round": 2, "seat": 1, "kind": "order_filled", "total": 7},
        ]
    )
    history = economy.turn_history(frame, 2)
    assert history.to_dict("records") == [
        {"round": 0, "clog": 0, "Plunger 1": 0, "Plunger 2": 0},
        {"round": 1, "clog": 2, "Plunger 1": 0, "Plunger 2": 0},
        {"round": 2, "clog": 0, "Plunger 1": 0, "Plunger 2": 7},
    ]


def test_clog_and_money_chart() -> None:
    match = played(3, 2)
    history = economy.turn_history(match.events_frame(), 2)
    fig = charts.clog_and_money(history, clog_spaces=7, names=["you", "bot"])
    assert [t.name for t in fig.data] == ["parts on The Clog", "you", "bot"]
    assert fig.layout.xaxis.title.text == "turn (0 = set-up)" and fig.layout.xaxis.tickformat == "d"  # whole turns
    assert fig.layout.title.text and fig.layout.yaxis.title.text == "money ($)"
    assert fig.data[0].type == "bar" and fig.data[0].yaxis == "y2"
    assert list(fig.data[0].y) == history["clog"].tolist()
    assert list(fig.data[2].y) == history["Plunger 2"].tolist() and list(fig.data[1].x) == history["round"].tolist()
    assert fig.layout.yaxis2.range == (0, 7)
    plain = charts.clog_and_money(history)
    assert [t.name for t in plain.data] == ["parts on The Clog", "Plunger 1", "Plunger 2"]


def test_pipe_age_profile_chart_stacks_the_age_profile() -> None:
    state = passive_game(3, 4)
    fig = charts.pipe_age_profile(age_frame(state))
    profile = economy.age_profile(state)
    assert fig.layout.barmode == "stack"
    assert [t.name for t in fig.data] == ["Bones", "Organs", "Brains", "Hearts"]
    for trace, key in zip(fig.data, ("bones", "organs", "brains", "hearts"), strict=True):
        # the same direction as the pipe drawing: The Clog on the left, Day 1 (the entrance) on the right
        assert list(trace.x) == ["The Clog", "Day 3", "Day 2", "Day 1"]
        assert list(trace.y) == [profile[card][key] for card in trace.x]
        assert trace.marker.color == OFFAL_COLOURS[key]


def test_solo_race_draws_the_win_line() -> None:
    import pandas as pd

    results = pd.DataFrame({"agent": ["a", "a", "b"], "score": [40, 50, 30], "won": [False, True, False]})
    fig = solo_race(results, 48)
    assert [t.name for t in fig.data] == ["b", "a"] and fig.layout.title.text
    line = fig.layout.shapes[0]
    assert (line.y0, line.y1) == (48, 48) and "win line: $48" in fig.layout.annotations[0].text
