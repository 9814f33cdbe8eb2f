"""The registry of games: ``available()`` names them, ``load(name)`` imports one.

Importing this package loads no display library (ipywidgets, plotly); a test keeps it so.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from types import ModuleType

from playbook.core.errors import InvalidActionError, shown

_REGISTRY: dict[str, str] = {
    "mars_needs_mechanics": "playbook.games.mars_needs_mechanics",
    "parts_unknown": "playbook.games.parts_unknown",
    "offal_game": "playbook.games.offal_game",
    "planet_unknown": "playbook.games.planet_unknown",
}


def available() -> list[str]:
    """The registered games whose module is present, in a stable order."""
    return [name for name, path in _REGISTRY.items() if importlib.util.find_spec(path) is not None]


def load(name: str) -> ModuleType:
    """The module of a registered game: ``INFO``, ``Rules``, ``State``, ``new_game``, ``action_from_dict``."""
    path = _REGISTRY.get(name) if isinstance(name, str) else None
    if path is None or (path not in sys.modules and importlib.util.find_spec(path) is None):
        raise InvalidActionError(f"no game named {shown(name)}; available: {', '.join(available())}")
    return sys.modules.get(path) or importlib.import_module(path)
