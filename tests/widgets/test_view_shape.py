"""Every registered game's views are one package of the same shape (issue 23, point 3).

A contributor who knows one game's views knows where everything is in the others: ``playbook.widgets.<game>``
is a package whose ``table`` module holds the game's table and whose ``lab`` module holds the replay helpers
and the lab tabs, with an ``explorer`` beside them. Judged from the registry of games, so a game added later is
held to it too.
"""

from __future__ import annotations

import importlib
import inspect

import pytest

from playbook.games import available
from playbook.widgets.views import GAME_VIEWS

SHAPE = ("table", "lab", "explorer")


@pytest.mark.parametrize("game", available())
def test_the_games_views_are_a_package_with_the_shared_modules(game: str) -> None:
    views = importlib.import_module(f"playbook.widgets.{game}")
    assert hasattr(views, "__path__"), f"playbook.widgets.{game} is one module, not a package like the others"
    for name in SHAPE:
        importlib.import_module(f"playbook.widgets.{game}.{name}")


@pytest.mark.parametrize("game", available())
def test_the_table_and_the_replay_helpers_live_in_the_same_modules_in_every_game(game: str) -> None:
    registered = GAME_VIEWS[game]
    assert registered.table.__module__ == f"playbook.widgets.{game}.table"
    for helper in (registered.position_view, registered.play_table, registered.replay):
        assert inspect.getmodule(helper).__name__ == f"playbook.widgets.{game}.lab"  # type: ignore[union-attr]
    assert registered.lab_tabs.__module__ == f"playbook.widgets.{game}.lab"


def test_every_name_the_lessons_import_from_mars_stays_importable_from_the_package() -> None:
    """The notebooks, the dashboard and the tests import these from ``playbook.widgets.mars_needs_mechanics``."""
    views = importlib.import_module("playbook.widgets.mars_needs_mechanics")
    for name in (
        "DEFAULT_AGENTS", "COMPONENT_COLOURS", "PHASE_WORDS", "RISE_STAY_FALL", "LabTabs", "MarsNeedsMechanicsTable",
        "OrderLineExplorer", "PredictValue", "play_table", "position_view", "replay", "_hand_html", "_header_html",
        "_knowledge_html", "_order_line_html", "_seats_html", "_sale_label", "_card_chips", "_known_names",
    ):  # fmt: skip
        assert hasattr(views, name), name
