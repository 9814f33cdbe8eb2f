"""Replay and fork: a saved game scrubbed step by step, and played on from any move."""

from __future__ import annotations

import pytest

from playbook import charts
from playbook.core import InvalidArgumentError, Match, RandomAgent
from playbook.games.mars_needs_mechanics import economy
from playbook.widgets.common import widget_tree
from playbook.widgets.mars_needs_mechanics import MarsNeedsMechanicsTable
from playbook.widgets.replay import ReplayViewer, table_replay


def bot_game(steps: int = 30) -> Match:
    match = Match("mars_needs_mechanics", players=2, seed=8, agents={0: RandomAgent(), 1: RandomAgent()})
    match.advance(max_steps=steps)
    return match


def test_fork_replays_the_history_up_to_a_step_and_keeps_seed_and_agents() -> None:
    match = bot_game()
    fork = match.fork(10)
    assert fork.history == match.history[:10] and fork.seed == match.seed
    assert fork.state == list(match)[10]
    assert set(fork.agents) == {0, 1}
    assert match.fork(10, agents={}).agents == {}
    with pytest.raises(InvalidArgumentError):
        match.fork(len(match.history) + 1)


def test_a_fork_advanced_again_replays_the_same_moves() -> None:
    match = bot_game()
    fork = match.fork(5)
    fork.advance(max_steps=25)
    assert fork.history == match.history and fork.state == match.state


def test_replay_viewer_shows_each_step_and_forks_for_the_person() -> None:
    match = Match.from_json(bot_game().to_json(), agents={0: RandomAgent(), 1: RandomAgent()})
    opened: list[tuple[Match, int]] = []
    viewer = ReplayViewer(match, seat=1, play=lambda fork, seat: opened.append((fork, seat)))
    assert viewer.slider.max == 30 and viewer.step == 30
    viewer.slider.value = 12
    assert "Step 12 of 30" in viewer.heading.value
    shown = viewer.position.children[0].value
    assert "cogs" in shown
    fork = viewer.play_from_here()
    assert opened == [(fork, 1)] and fork.history == match.history[:12] and 1 not in fork.agents
    assert match.history == bot_game().history, "the replayed match is never changed"
    viewer.close()


def test_replay_viewer_puts_a_cursor_on_the_chart_at_the_step_round() -> None:
    match = bot_game()
    viewer = ReplayViewer(match, figure=lambda m: charts.value_trajectories(economy.value_history(m.events_frame())))
    viewer.slider.value = 20
    assert viewer.chart is not None
    shapes = viewer.chart.figure.layout.shapes
    assert len(shapes) == 1 and shapes[0].x0 == viewer.at(20).state.round
    viewer.close()


def test_a_table_replay_shows_the_games_own_table_read_only_and_plays_on_from_a_fork() -> None:
    match = bot_game()
    viewer = table_replay(MarsNeedsMechanicsTable, match, seat=1)
    viewer.slider.value = 12
    controls = [w for w in widget_tree(viewer.position).values() if "disabled" in w.trait_names()]
    assert controls and all(w.disabled for w in controls)
    fork = viewer.play_from_here()
    (table,) = viewer.opened_tables
    assert table.match is fork and fork.history[:12] == match.history[:12]
    # the playable table takes the read-only copy's place, right under the viewer's heading
    assert viewer.play_area.children == (table.widget,) and viewer.replay_box.layout.display == "none"
    shown = [child for child in viewer.widget.children if child.layout.display != "none"]
    assert shown[1:] == [viewer.heading, viewer.play_area]
    assert table.new_game_panel.lineup() == ["random", "you"]
    viewer.close()
    assert table.closed
