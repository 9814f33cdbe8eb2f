"""``economy.turn_history`` and the Offal Game charts: pure functions of DataFrames."""

from __future__ import annotations

import pandas as pd
import pytest

import playbook
from playbook import charts
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
    assert list(history.columns) == ["turn", "clog", *[f"Plunger {s + 1}" for s in range(players)]]
    assert history["turn"].tolist() == list(range(state.round + 1))
    assert history.iloc[0].tolist() == [0] * (2 + players)
    assert history["clog"].iloc[-1] == len(state.clog)
    assert history.iloc[-1, 2:].tolist() == list(state.money)
    assert (history["clog"] >= 0).all() and (history["clog"] <= state.rules.clog_spaces).all()


def test_turn_history_of_a_new_game_is_the_set_up() -> None:
    history = economy.turn_history(pd.DataFrame(), 2)
    assert history.to_dict("records") == [{"turn": 0, "clog": 0, "Plunger 1": 0, "Plunger 2": 0}]


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
        {"turn": 0, "clog": 0, "Plunger 1": 0, "Plunger 2": 0},
        {"turn": 1, "clog": 2, "Plunger 1": 0, "Plunger 2": 0},
        {"turn": 2, "clog": 0, "Plunger 1": 0, "Plunger 2": 7},
    ]


def test_clog_and_money_chart() -> None:
    match = played(3, 2)
    history = economy.turn_history(match.events_frame(), 2)
    fig = charts.clog_and_money(history, clog_spaces=7, names=["you", "bot"])
    assert [t.name for t in fig.data] == ["The Clog", "you", "bot"]
    assert fig.data[0].type == "bar" and fig.data[0].yaxis == "y2"
    assert list(fig.data[0].y) == history["clog"].tolist()
    assert list(fig.data[2].y) == history["Plunger 2"].tolist() and list(fig.data[1].x) == history["turn"].tolist()
    assert fig.layout.yaxis2.range == (0, 7)
    plain = charts.clog_and_money(history)
    assert [t.name for t in plain.data] == ["The Clog", "Plunger 1", "Plunger 2"]


def test_pipe_age_profile_chart_stacks_the_age_profile() -> None:
    state = passive_game(3, 4)
    fig = charts.pipe_age_profile(age_frame(state))
    profile = economy.age_profile(state)
    assert fig.layout.barmode == "stack"
    assert [t.name for t in fig.data] == ["bones", "organs", "brains", "hearts"]
    for trace in fig.data:
        assert list(trace.x) == ["Day 1", "Day 2", "Day 3", "The Clog"]
        assert list(trace.y) == [profile[card][trace.name] for card in trace.x]
