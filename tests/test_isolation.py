"""The engine stays headless: importing playbook, its core and every game loads no display library.

Each check runs in a fresh interpreter, since this test process may already hold ipywidgets or plotly.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from playbook.games import available

DISPLAY_PACKAGES = ("ipywidgets", "plotly", "anywidget")

_PROBE = """
import importlib, json, sys
display, modules = sys.argv[1].split(","), sys.argv[2:]
for name in modules:
    importlib.import_module(name)
if not modules:
    from playbook.games import available, load
    for game in available():
        load(game)
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in display)))
"""


def _loaded_display_modules(*modules: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, ",".join(DISPLAY_PACKAGES), *modules],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    loaded: list[str] = json.loads(done.stdout.strip().splitlines()[-1])
    return loaded


def test_import_playbook_core_and_games_loads_no_display_library() -> None:
    assert _loaded_display_modules("playbook", "playbook.core", "playbook.games", "playbook.agents") == []


def test_loading_every_available_game_loads_no_display_library() -> None:
    assert _loaded_display_modules() == []


@pytest.mark.parametrize("game", available())
def test_each_game_loads_no_display_library(game: str) -> None:
    module = f"playbook.games.{game}"
    assert _loaded_display_modules(module) == [], f"{module} imports a display library"
