"""A table put on a match it did not start: read-only positions for replays, and playing on from a fork."""

from __future__ import annotations

from playbook.core import Match, RandomAgent
from playbook.widgets.common import widget_tree
from playbook.widgets.mars_needs_mechanics import MarsNeedsMechanicsTable


def bot_game() -> Match:
    match = Match("mars_needs_mechanics", players=2, seed=8, agents={0: RandomAgent(), 1: RandomAgent()})
    match.advance(max_steps=20)
    return match


def test_a_read_only_table_shows_the_match_with_every_control_disabled_and_listens_to_nothing() -> None:
    match = bot_game()
    table = MarsNeedsMechanicsTable.on_match(match, 1, subscribe=False)
    widget = table.read_only()
    assert table.match is match and table.seat == 1 and not match._subscribers
    controls = [w for w in widget_tree(widget).values() if "disabled" in w.trait_names()]
    assert controls and all(w.disabled for w in controls)
    assert table.new_game_panel.widget.layout.display == "none"
    assert "playbook-read-only" in widget._dom_classes
    assert "after step 20" in table.status.widget.value
    table.close()


def test_a_table_on_a_fork_plays_on_up_to_the_persons_decision() -> None:
    fork = bot_game().fork(10, agents={0: RandomAgent()})
    table = MarsNeedsMechanicsTable.on_match(fork, 1, subscribe=True).play_on()
    assert fork.waiting_for() == 1 or fork.is_over
    assert len(fork._subscribers) == 1
    table.close()
    assert not fork._subscribers
