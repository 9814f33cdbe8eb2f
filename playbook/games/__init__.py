"""The registry of games: ``available()`` names them, ``load(name)`` imports one.

Importing this package loads no display library (ipywidgets, plotly); a test keeps it so.
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType

from playbook.core.errors import InvalidActionError

_REGISTRY: dict[str, str] = {
    "mars_needs_mechanics": "playbook.games.mars_needs_mechanics",
    "parts_unknown": "playbook.games.parts_unknown",
    "offal_game": "playbook.games.offal_game",
}


def available() -> list[str]:
    """The registered games whose module is present, in a stable order."""
    return [name for name, path in _REGISTRY.items() if importlib.util.find_spec(path) is not None]


def load(name: str) -> ModuleType:
    """The module of a registered game: ``INFO``, ``Rules``, ``State``, ``new_game``, ``action_from_dict``."""
    if name not in _REGISTRY or name not in available():
        raise InvalidActionError(f"no game named {name!r}; available: {', '.join(available())}")
    return importlib.import_module(_REGISTRY[name])
