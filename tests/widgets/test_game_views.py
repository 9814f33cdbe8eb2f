"""One battery over every game's view package (``playbook.widgets.views.GAME_VIEWS``): what each game's
strategy lab and replay files used to check four times, by hand, now runs over the registry, so a game added
there is covered at once.

- the table's bot menu is the game's ``agents.STRATEGIES`` under their own names (plus the random agent);
- the lab's knobbed strategy (``PARAMETRIC``) is out of the lesson list, has knobs, and pickles with them;
- ``position_view`` draws a position read-only, subscribes to nothing and plays nothing;
- ``replay`` scrubs to a step (its chart's cursor on that step's round) and "Play from here" opens a playable
  table on a fork with the person in the viewer's seat, the replayed match untouched.

What is a game's own (its knobs' effects, its table's controls) stays in that game's test folder.
"""

from __future__ import annotations

import importlib
import pickle
from typing import Any

import pytest

from playbook.core import Match
from playbook.widgets.common import widget_tree
from playbook.widgets.views import GAME_VIEWS, TABLE_AGENTS

GAMES = list(GAME_VIEWS)
STEP = 30


def strategies(game: str) -> tuple[type, ...]:
    """The game's built-in strategies, as its agents module lists them."""
    return tuple(importlib.import_module(f"playbook.games.{game}.agents").STRATEGIES)


def bot_match(game: str, players: int = 2, seed: int = 3) -> Match:
    """A seeded game of the game's first built-in strategies (not the random agent), played to the end."""
    bots = [s for s in strategies(game) if getattr(s, "name", "") != "random"]
    match = Match(game, players=players, seed=seed, agents={seat: bots[seat % len(bots)]() for seat in range(players)})
    match.advance()
    return match


def test_every_game_with_a_table_is_in_the_registry() -> None:
    assert set(GAME_VIEWS) == set(TABLE_AGENTS)


@pytest.mark.parametrize("game", GAMES)
def test_the_bot_menu_is_the_games_strategies_by_their_own_names(game: str) -> None:
    menu = TABLE_AGENTS[game]
    named = {str(getattr(s, "name", "")): s for s in strategies(game)}
    assert {name: factory for name, factory in menu.items() if name != "random"} == {
        name: agent for name, agent in named.items() if name != "random"
    }
    assert "random" in menu and menu["random"]().name == "random"


@pytest.mark.parametrize("game", GAMES)
def test_the_labs_strategy_has_knobs_and_is_out_of_the_lesson_list(game: str) -> None:
    parametric = GAME_VIEWS[game].parametric
    assert parametric not in strategies(game)
    assert parametric.knobs  # type: ignore[attr-defined]
    description = parametric.description
    assert description.endswith(".") and description.count(". ") == 0  # one sentence
    agent: Any = parametric()
    assert pickle.loads(pickle.dumps(agent)).settings == agent.settings
    assert agent.label().startswith(agent.name)


@pytest.mark.parametrize("game", GAMES)
def test_a_position_view_is_read_only_listens_to_nothing_and_plays_nothing(game: str) -> None:
    match = bot_match(game)
    fork = match.fork(STEP)
    view = GAME_VIEWS[game].position_view(fork, 1)
    tree = widget_tree(view).values()
    controls = [x for x in tree if "disabled" in x.trait_names()]
    assert controls and all(x.disabled for x in controls)
    assert fork._subscribers == [] and match._subscribers == []
    html = " ".join(str(getattr(x, "value", "")) for x in tree)
    assert f"Read-only: the table after step {STEP}, as seat 1 saw it." in html
    assert fork.history == match.history[:STEP], "rendering plays nothing"
    for widget in tree:
        widget.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_replay_scrubs_and_plays_on_from_a_step_with_the_person_in_the_seat(game: str) -> None:
    original = bot_match(game)
    bots = {seat: type(agent)() for seat, agent in original.agents.items()}
    match = Match.from_json(original.to_json(), agents=bots)
    viewer = GAME_VIEWS[game].replay(match, 1)
    try:
        assert viewer.step == len(match.steps)
        viewer.slider.value = STEP
        assert f"Step {STEP} of" in viewer.heading.value
        assert viewer.chart is not None
        shapes = viewer.chart.figure.layout.shapes
        assert len(shapes) == 1 and shapes[0].x0 == match.fork(STEP).state.round
        fork = viewer.play_from_here()
        (table,) = viewer.opened_tables
        assert table.match is fork and 1 not in fork.agents and fork.history[:STEP] == match.history[:STEP]
        assert fork.waiting_for() == 1 and table.seat == 1
        assert table.widget in viewer.widget.children[-1].children
        assert match.history == original.history, "the replayed match is never changed"
    finally:
        viewer.close()
