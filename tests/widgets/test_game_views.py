"""One battery over every game's view package (``playbook.widgets.views.GAME_VIEWS``): what each game's
replay files used to check four times, by hand, runs over the registry, so a game added there is covered at once.

- every game of ``playbook.games`` has its views registered, a table and a bot menu;
- the table's bot menu is the game's ``agents.STRATEGIES`` under their own names (plus the random agent);
- ``position_view`` draws a position read-only, subscribes to nothing and plays nothing, and names the position by
  the game's own counter ("Round 2" in Mars, "Turn 4" in Offal: the word its measures use for ``rounds``);
- ``replay`` scrubs to a step (its chart's cursor on that step's round) and "Play from here" opens a playable
  table on a fork with the person in the viewer's seat and the board live, the replayed match untouched.

The strategy lab's battery is ``test_strategy_labs.py``; the table's, ``test_tables_battery.py``. What is a game's
own (its knobs' effects, its table's controls) stays in that game's test folder.
"""

from __future__ import annotations

import re

import pytest

import playbook
from playbook.charts.labels import measure_label
from playbook.core import Match
from playbook.widgets.common import widget_tree
from playbook.widgets.views import GAME_TABLES, GAME_VIEWS, TABLE_AGENTS, TABLE_BOTS

from .game_tables import board_controls, bot_match, plain, strategies

GAMES = list(GAME_VIEWS)
STEP = 30
#: The two words games count their positions by (``measure_label(game, "rounds")`` says which a game uses).
COUNTERS = ("Round", "Turn")


def counter_word(game: str) -> str:
    """ "Round" or "Turn": the word the game's own measures count positions by ("turns played" gives "Turn")."""
    return measure_label(game, "rounds").split()[0].removesuffix("s").capitalize()


def test_every_game_has_its_views_its_table_and_its_bots_registered() -> None:
    """The batteries run over these registries: a game missing from one would go untested without a word."""
    assert set(GAME_VIEWS) == set(playbook.games.available())
    assert set(GAME_TABLES) == set(TABLE_AGENTS) == set(TABLE_BOTS) == set(GAME_VIEWS)
    assert all(GAME_VIEWS[game].table is GAME_TABLES[game] for game in GAMES)
    assert all(TABLE_BOTS[game] in TABLE_AGENTS[game] for game in GAMES)
    assert {counter_word(game) for game in GAMES} <= set(COUNTERS)


@pytest.mark.parametrize("game", GAMES)
def test_the_bot_menu_is_the_games_strategies_by_their_own_names(game: str) -> None:
    menu = TABLE_AGENTS[game]
    named = {str(getattr(s, "name", "")): s for s in strategies(game)}
    assert {name: factory for name, factory in menu.items() if name != "random"} == {
        name: agent for name, agent in named.items() if name != "random"
    }
    assert "random" in menu and menu["random"]().name == "random"


@pytest.mark.parametrize("game", GAMES)
def test_a_position_view_is_read_only_plays_nothing_and_counts_in_the_games_word(game: str) -> None:
    match = bot_match(game)
    fork = match.fork(STEP)
    view = GAME_VIEWS[game].position_view(fork, 1)
    tree = widget_tree(view).values()
    controls = [x for x in tree if "disabled" in x.trait_names()]
    assert controls and all(x.disabled for x in controls)
    assert fork._subscribers == [] and match._subscribers == []
    html = " ".join(str(getattr(x, "value", "")) for x in tree)
    assert f"Read-only: the table after step {STEP}, as seat 1 saw it." in html
    counter = counter_word(game)
    other = next(word for word in COUNTERS if word != counter)
    shown = plain(html)
    assert re.search(rf"\b{counter} {fork.state.round}\b", shown), f"{game} names its position by {counter.lower()}"
    assert not re.search(rf"\b{other} {fork.state.round}\b", shown), f"{game} never counts by {other.lower()}"
    assert fork.history == match.history[:STEP], "rendering plays nothing"
    for widget in tree:
        widget.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_replay_scrubs_and_plays_on_from_a_step_with_the_person_in_the_seat_and_the_board_live(game: str) -> None:
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
        assert table.controls_live() and any(not widget.disabled for widget in board_controls(table))
        assert match.history == original.history, "the replayed match is never changed"
    finally:
        viewer.close()
