"""A designer's tuner: search rule values until seeded tournaments reach a target (issue 24).

``playbook.tune(game, parameters, target, ...)`` varies any numeric ``Rules`` field of a game (and Planet
Unknown's medal values) over the ranges given, plays every candidate on the same seeds, and returns a
:class:`TuneResult`: a frame of every trial, the closest candidate with its interval, the evaluations spent
and a sentence true for any outcome. See ``docs/tune.md``.

>>> from playbook import tune
>>> from playbook.games.parts_unknown.agents import Shopkeeper, Undercutter
>>> found = tune("parts_unknown", {"starting_money": (20, 80)}, tune.money_supply(800),  # doctest: +SKIP
...              agents=[Undercutter(), Shopkeeper()], games=20, trials=10, seed=1)
>>> found.sentence()  # doctest: +SKIP

``tune`` is a :class:`Tuner`: called, it runs the search; its attributes are the targets
(``tune.game_length``, ``tune.corporation_win_rate``), so one name carries the whole vocabulary in a notebook.
The package is ``playbook.tuning`` and ``playbook.tune`` is the tuner, not a module: a module and a function of
one name on the same package would replace each other as soon as the module was imported.

This package never imports plotly or ipywidgets: the chart is ``playbook.charts.tune``, the widget
``playbook.widgets.tuner``.
"""

from __future__ import annotations

from typing import Any

from .parameters import Parameter, TuneError
from .result import TuneResult
from .search import tune as run_tune
from .targets import (
    CorporationTarget,
    MeasureTarget,
    Target,
    WinRateTarget,
    collapse_rate,
    corporation_margin,
    corporation_win_rate,
    game_length,
    measure,
    money_supply,
    win_rate,
)

__all__ = [
    "CorporationTarget",
    "MeasureTarget",
    "Parameter",
    "Target",
    "TuneError",
    "TuneResult",
    "Tuner",
    "WinRateTarget",
    "collapse_rate",
    "corporation_margin",
    "corporation_win_rate",
    "game_length",
    "measure",
    "money_supply",
    "tune",
    "win_rate",
]


class Tuner:
    """``tune(game, parameters, target, ...)`` runs :func:`playbook.tuning.search.tune`; its attributes are the
    targets, so ``tune.money_supply(900)`` needs no second import."""

    game_length = staticmethod(game_length)
    money_supply = staticmethod(money_supply)
    collapse_rate = staticmethod(collapse_rate)
    measure = staticmethod(measure)
    win_rate = staticmethod(win_rate)
    corporation_win_rate = staticmethod(corporation_win_rate)
    corporation_margin = staticmethod(corporation_margin)

    def __call__(self, *args: Any, **kwargs: Any) -> TuneResult:
        return run_tune(*args, **kwargs)

    def __repr__(self) -> str:
        return "playbook.tune: search rule values until seeded tournaments reach a target (docs/tune.md)"


#: The designer's tuner: ``tune(game, parameters, target, ...)`` and the targets as its attributes.
tune = Tuner()
