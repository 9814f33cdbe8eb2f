"""Every dashboard offers the same parts: its game's table, an explorer, and lab tabs with a Strategy lab, a Rule
sweep and a Replay, read from what the dashboard's own code cells build (run here headless, as Voila runs them).

Issue 19: Offal's dashboard had no Rule sweep tab, although the others had one. A game gets a Rule sweep tab
when a rule of its standard game can be swept (``sweep_rules``): Planet Unknown's rules hold one number, which
the standard game never reads, so its lab has nothing a sweep could show.

Besides one dashboard per game, ``widgets/`` holds the dashboards declared in one place,
``playbook.widgets.views.EXTRA_DASHBOARDS`` (issue 19: the asymmetry lesson's dashboard): each shows its game's
table and its declared view, and nothing else; a notebook in ``widgets/`` that is neither fails here.
"""

from __future__ import annotations

import ast
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import playbook
from playbook.core.match import resolve_game
from playbook.widgets.common import TableView, View
from playbook.widgets.lab import LabTabs, sweep_rules
from playbook.widgets.views import EXTRA_DASHBOARDS

DASHBOARDS = sorted((Path(__file__).resolve().parent.parent / "widgets").glob("*.ipynb"))
#: The lab's tabs, in order, on every dashboard whose game has a rule to sweep.
LAB_TABS = ("Strategy lab", "Rule sweep", "Replay")


def code_cells(path: Path) -> list[str]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "code"]


def shown(path: Path) -> Iterator[Any]:
    """Run the dashboard's code cells in order and yield what each shows: its last line's value, as Jupyter does."""
    namespace: dict[str, Any] = {"__name__": "__dashboard__"}
    for source in code_cells(path):
        tree = ast.parse(source)
        last = tree.body[-1] if tree.body else None
        if isinstance(last, ast.Expr):
            tree.body.pop()
        exec(compile(tree, str(path), "exec"), namespace)
        if isinstance(last, ast.Expr):
            yield eval(compile(ast.Expression(last.value), str(path), "eval"), namespace)


@pytest.fixture(scope="module")
def dashboards() -> Iterator[dict[str, list[Any]]]:
    """Each dashboard's name (its game, or its ``EXTRA_DASHBOARDS`` key) and the views its cells show; every view
    is closed afterwards."""
    found = {path.stem: list(shown(path)) for path in DASHBOARDS}
    yield found
    for views in found.values():
        for view in views:
            if isinstance(view, View):
                view.close()


def test_there_is_a_dashboard_for_every_game_and_every_extra_one() -> None:
    assert sorted(path.stem for path in DASHBOARDS) == sorted([*playbook.games.available(), *EXTRA_DASHBOARDS])
    assert not set(EXTRA_DASHBOARDS) & set(playbook.games.available())
    assert {extra.game for extra in EXTRA_DASHBOARDS.values()} <= set(playbook.games.available())


@pytest.mark.parametrize("game", sorted(playbook.games.available()))
def test_every_dashboard_offers_the_same_parts(game: str, dashboards: dict[str, list[Any]]) -> None:
    views = dashboards[game]
    assert all(isinstance(view, View) for view in views), [type(view).__name__ for view in views]
    tables = [view for view in views if isinstance(view, TableView)]
    labs = [view for view in views if isinstance(view, LabTabs)]
    explorers = [view for view in views if not isinstance(view, TableView | LabTabs)]
    assert len(tables) == 1 and tables[0].game is resolve_game(game)
    assert explorers, f"{game}: no explorer on the dashboard"
    assert len(labs) == 1 and labs[0].lab.game is tables[0].game
    tabs = labs[0].widget.titles
    if sweep_rules(game):
        assert tabs == LAB_TABS
        assert labs[0].sweep is not None and labs[0].sweep.game is tables[0].game
    else:
        assert tabs == tuple(title for title in LAB_TABS if title != "Rule sweep")


def test_only_a_game_without_a_rule_to_sweep_has_no_rule_sweep_tab(dashboards: dict[str, list[Any]]) -> None:
    without = sorted(game for game in playbook.games.available() if game in dashboards and not sweep_rules(game))
    assert without == ["planet_unknown"]


@pytest.mark.parametrize("name", sorted(EXTRA_DASHBOARDS))
def test_an_extra_dashboard_shows_its_game_table_and_its_view(name: str, dashboards: dict[str, list[Any]]) -> None:
    extra = EXTRA_DASHBOARDS[name]
    views = dashboards[name]
    assert all(isinstance(view, View) for view in views), [type(view).__name__ for view in views]
    tables = [view for view in views if isinstance(view, TableView)]
    shown = [view for view in views if type(view) is extra.view]
    assert len(tables) == 1 and tables[0].game is resolve_game(extra.game)
    assert len(shown) == 1 and shown[0].game is tables[0].game
    assert len(views) == 2, f"{name}: only its table and its {extra.view.__name__}"
    if hasattr(shown[0], "table"):  # a view that deals on a table deals on the one the dashboard shows
        assert shown[0].table is tables[0]
