"""Words for the numbers a chart plots: a game's rules and its end-of-game measures, never their code names.

Each game keeps its words beside its ``metrics(state)`` (``economy.py``; Planet Unknown's ``kpis.py``):
``RULE_LABELS`` for every number of ``Rules.to_dict()`` (nested ones as ``table.key``), ``MEASURE_LABELS``
for the tournament's ``score`` and ``rounds`` and every key ``metrics`` returns (the ``kpi_*`` columns), and
``UNSWEPT_RULES`` for the numbers a one-rule sweep does not offer, with the reason. A chart title like
"kpi_mean_value against order_line_rise" tells a teacher nothing; "mean value of the types at the end against
types that rise at a round's end" does.

A name a game does not word (a variant's new category, a lesson's own column) still reads as words:
``plain_words`` drops the ``kpi_`` prefix and turns underscores and dots into spaces.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from types import ModuleType

from playbook.core.match import resolve_game
from playbook.core.tournament import game_metrics

KPI_PREFIX = "kpi_"


def plain_words(name: str) -> str:
    """A code name as words: ``kpi_money_earned`` -> "money earned", ``sewer.clog_spaces`` -> "sewer clog spaces"."""
    bare = name.removeprefix(KPI_PREFIX)
    return " ".join(bare.replace("_", " ").replace(".", " ").split())


def sentence(words: str) -> str:
    """``words`` starting with a capital (a title's first word), the rest as written ("The Clog" stays)."""
    return words[:1].upper() + words[1:]


def words_module(game: str | ModuleType) -> ModuleType | None:
    """The module holding a game's words: the one that defines its ``metrics`` (None for a game without)."""
    found = game_metrics(resolve_game(game))
    return sys.modules.get(found.__module__) if found is not None else None


def _table(game: str | ModuleType, name: str) -> Mapping[str, str]:
    module = words_module(game)
    table = getattr(module, name, None) if module is not None else None
    return table if isinstance(table, Mapping) else {}


def rule_labels(game: str | ModuleType) -> Mapping[str, str]:
    """The game's ``RULE_LABELS``: every number of its rules in words, in the order the game lists them."""
    return _table(game, "RULE_LABELS")


def measure_labels(game: str | ModuleType) -> Mapping[str, str]:
    """The game's ``MEASURE_LABELS``: ``score``, ``rounds`` and each ``metrics`` key in words."""
    return _table(game, "MEASURE_LABELS")


def unswept_rules(game: str | ModuleType) -> Mapping[str, str]:
    """The game's ``UNSWEPT_RULES``: numbers a sweep does not offer, each with why varying it changes nothing."""
    return _table(game, "UNSWEPT_RULES")


def rule_label(game: str | ModuleType, field: str) -> str:
    """One rule's number in the game's words (``plain_words`` for one the game does not word)."""
    return rule_labels(game).get(field) or plain_words(field)


def measure_label(game: str | ModuleType, column: str) -> str:
    """A tournament or sweep column (``score``, ``rounds``, ``kpi_*``) in the game's words."""
    return measure_labels(game).get(column.removeprefix(KPI_PREFIX)) or plain_words(column)
