"""Predict-then-reveal (``PredictDemand``): read a seeded market and a demand, guess, then see the answer.

A classroom exercise over ``economy.demand_resolution``, with no widget shared with the table or the
explorer (only their sellers' names), hence its own module.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import ipywidgets as w

from playbook.games import parts_unknown as pu
from playbook.games.parts_unknown import economy
from playbook.games.parts_unknown.economy import Offer, Resolution

from ..common import View, button, escape, no_math
from .explorer import SELLERS


@dataclass(frozen=True)
class _Puzzle:
    market: tuple[Offer, ...]
    category: str
    base: int
    town: int


def _puzzle(seed: int, rules: pu.Rules) -> _Puzzle:
    rng = random.Random(seed)
    category = rules.categories[rng.randrange(len(rules.categories))]
    types = economy.cards_in(category, rules)
    piles = []
    for seller in SELLERS[: rng.randint(3, 4)]:
        card = rng.choice(types)
        piles.append(Offer(seller, card, rng.choice(economy.price_column(card, rules)[1:]), rng.randint(1, 3)))
    return _Puzzle(tuple(piles), category, rng.randint(2, 4), rng.randint(2, 5))


class PredictDemand(View):
    """Predict-then-reveal: read a market and a demand, guess how many cards sell and what is left.

    Nothing is pre-filled that could score: at least one card always sells (the cheapest pile of the demanded
    category is at its going rate), so the starting 0 never scores, and what is left starts at "pick one"."""

    def __init__(self, *, seed: int = 7, rules: pu.Rules | None = None) -> None:
        self.rules = rules or pu.Rules.standard()
        self.puzzle = _puzzle(seed, self.rules)
        p = self.puzzle
        self.guess_sold = w.IntText(value=0, description="Cards sold", layout=w.Layout(width="200px"))
        self.guess_left = w.Dropdown(
            options=[("pick one", ""), ("nothing left", "none"), ("a Surplus", "surplus"), ("a Shortage", "shortage")],
            description="Left",
            layout=w.Layout(width="220px"),
        )
        self.guess_size = w.IntText(value=0, description="of size", layout=w.Layout(width="160px"))
        self.reveal_button = button("Reveal", self._reveal_click, button_style="primary")
        self.answer = w.HTML()
        market = "<br>".join(escape(f"{o.seller}: {o.count} {o.card} at ${o.price}") for o in p.market)
        scenario = (
            f"On display:<br><b>{market}</b><br>Viktor lands on <b>{p.base}+X</b> in the {escape(p.category)} house "
            f"and the Town holds <b>{p.town}</b> Townesfolk; no Surplus or Shortage is on the house yet.<br>"
            "How many cards do the Scientists buy, and is a Surplus or a Shortage left?"
        )
        self.widget = w.VBox(
            [
                w.HTML(no_math(scenario)),
                w.HBox([self.guess_sold, self.guess_left, self.guess_size, self.reveal_button]),
                self.answer,
            ]
        )

    def _reveal_click(self) -> None:
        self.reveal()

    @property
    def resolution(self) -> Resolution:
        p = self.puzzle
        return economy.demand_resolution(list(p.market), p.base + p.town, category=p.category, rules=self.rules)

    def reveal(self) -> int:
        """Show the answer and the reasoning; returns the points: 2 for the cards sold, 1 for what is left."""
        r = self.resolution
        kind = "surplus" if r.surplus else "shortage" if r.shortage else "none"
        size = r.surplus or r.shortage
        points = 2 * (int(self.guess_sold.value) == r.cards_sold)
        points += int(self.guess_left.value == kind and (kind == "none" or int(self.guess_size.value) == size))
        left = f"a Surplus of {size}" if kind == "surplus" else f"a Shortage of {size}" if size else "nothing"
        self.answer.value = no_math(
            f"The Scientists buy <b>{r.cards_sold}</b> cards; left: <b>{left}</b>. "
            f"You score <b>{points}</b> point{'s' if points != 1 else ''} of 3."
            f"<pre style='font-size:12px'>{escape(str(r))}</pre>"
        )
        return points
