"""Predict-then-reveal (``PredictValue``): where does a component end in the Order Line, and does it rise?

A classroom exercise over ``economy.round_outcome`` on a seeded scenario, hence its own module.
"""

from __future__ import annotations

import random

import ipywidgets as w

from playbook.games import mars_needs_mechanics as mnm
from playbook.games.mars_needs_mechanics import economy

from ..common import View, button, escape

RISE_STAY_FALL = ("rises", "stays", "falls")


class PredictValue(View):
    """Predict-then-reveal: where does a component end in the Order Line, and does its value rise, stay or fall?

    Nothing is pre-filled: both answers start empty, and Reveal asks for both before it shows anything.
    """

    def __init__(self, *, seed: int = 7, rules: mnm.Rules | None = None) -> None:
        self.rules = rules or mnm.Rules.standard()
        rng = random.Random(seed)
        names = list(self.rules.components)
        self.order = names[:]
        rng.shuffle(self.order)
        self.values = {name: rng.randint(3, 7) for name in names}
        self.purchases = [rng.choice(names) for _ in range(rng.randint(3, 6))]
        self.target = rng.choice(names)
        self.direction = w.Dropdown(
            options=[("choose…", None), *((word, word) for word in RISE_STAY_FALL)],
            value=None,
            description="Its value",
            layout=w.Layout(width="220px"),
        )
        self.place = w.Dropdown(
            options=[("choose…", None), *((str(p), p) for p in range(1, len(names) + 1))],
            value=None,
            description="Its place",
            layout=w.Layout(width="220px"),
        )
        self.reveal_button = button("Reveal", self._on_reveal, button_style="primary")
        self.answer = w.HTML()
        scenario = (
            f"Order Line at the round's start (front first): <b>{escape(', '.join(self.order))}</b><br>"
            f"Purchases this round, in order: <b>{escape(', '.join(self.purchases))}</b><br>"
            f"Where is <b>{escape(self.target)}</b> in the Order Line at the round's end (1 = front), and does its "
            "value rise, stay or fall at Adjust Values?"
        )
        self.widget = w.VBox([w.HTML(scenario), w.HBox([self.place, self.direction, self.reveal_button]), self.answer])

    def _outcome(self) -> economy.RoundOutcome:
        return economy.round_outcome(self.purchases, order=self.order, values=self.values, rules=self.rules)

    @property
    def correct_place(self) -> int:
        return self._outcome().order_after.index(self.target) + 1

    @property
    def correct_direction(self) -> str:
        change = self._outcome().changes[self.target]
        return "rises" if change > 0 else "falls" if change < 0 else "stays"

    def _on_reveal(self) -> None:
        self.reveal()

    def reveal(self) -> int:
        """Show the answer with the reasoning; returns the points (1 for the place, 1 for the direction)."""
        if self.place.value is None or self.direction.value is None:
            self.answer.value = "<i>Choose a place and rise, stay or fall first, then press Reveal.</i>"
            return 0
        outcome = self._outcome()
        place, direction = self.correct_place, self.correct_direction
        points = int(self.place.value == place) + int(self.direction.value == direction)
        self.answer.value = (
            f"<b>{escape(self.target)}</b> ends in place <b>{place}</b> of the Order Line "
            f"({escape(', '.join(outcome.order_after))}), so its value <b>{direction}</b> "
            f"({self.values[self.target]} → {outcome.values_after[self.target]}). "
            f"You score <b>{points}</b> of 2."
        )
        return points
