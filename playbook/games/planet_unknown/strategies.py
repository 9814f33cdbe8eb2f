"""The knobbed strategy of Planet Unknown's strategy lab: the greedy planner with its weights as knobs.

``WeightedPlanner`` is the built-in bots' scorer (``agents._Greedy``) with its four weights turned into
plain numbers a student sets: how much a track advance is worth (``tracks``), filling rows and columns
(``lines``), medal steps on the tracks (``medals``) and driving rovers to lifepods and meteorites
(``rovers``). The built-in bots are four fixed settings of the same scorer, so a class can ask which weight
wins. It reads only its observation and is kept out of ``agents.STRATEGIES`` (the lesson's numbers).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from playbook.core import Action, Knob, ParametricAgent

from .agents import Obs, _Greedy

__all__ = ["PARAMETRIC", "WeightedPlanner"]


class WeightedPlanner(ParametricAgent):
    """Scores every legal action with the greedy bots' scorer and the student's weights; takes the best."""

    name = "weighted planner"
    description = "Weighs track advances, rows and columns, medals and rover hunting as the knobs say."
    stochastic = False
    looks_at = ("own planet", "own trackers", "depot tops", "civ piles", "pending gains")
    knobs: ClassVar[dict[str, Knob]] = {
        "tracks": Knob(0, 3, 1, 0.1, "worth of one track advance (every track)"),
        "lines": Knob(0, 3, 1, 0.1, "weight on filling rows and columns away from meteorites"),
        "medals": Knob(0, 3, 1, 0.1, "weight on medal steps gained on the tracks"),
        "rovers": Knob(0, 2, 0.3, 0.1, "weight on driving rovers towards lifepods and meteorites"),
    }

    def __init__(self, **settings: float) -> None:
        super().__init__(**settings)
        self.scorer = _scorer(self.settings)

    def choose(self, observation: Obs, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        return self.scorer.choose(observation, legal_actions, rng)

    def __getstate__(self) -> dict[str, Any]:
        return {"settings": self.settings}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.settings = state["settings"]
        self.scorer = _scorer(self.settings)


def _scorer(settings: dict[str, float]) -> _Greedy:
    """A ``_Greedy`` subclass made for these settings (the weights are class attributes there)."""
    weights = {
        "track_weights": (float(settings["tracks"]),) * 5,
        "lines_weight": float(settings["lines"]),
        "medal_weight": float(settings["medals"]),
        "hunt_weight": float(settings["rovers"]),
    }
    scorer: _Greedy = type("_Weighted", (_Greedy,), weights)()
    return scorer


#: The knobbed strategy of the strategy lab.
PARAMETRIC = WeightedPlanner
