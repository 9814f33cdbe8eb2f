"""Predict-then-reveal (``PredictClog``): after this roll and these draws, how many parts land on The Clog?

A classroom exercise over ``passive_game`` and ``conveyor_turn`` that shares only the drawing with the
table, hence its own module.
"""

from __future__ import annotations

import random

import ipywidgets as w

from playbook.games import offal_game as og
from playbook.games.offal_game.conveyor import conveyor_turn, passive_game

from ..common import View, button, escape
from .html import pipe_html, plunger
from .table import _press


class PredictClog(View):
    """Predict-then-reveal: after this roll and these draws, how many parts land on The Clog?"""

    def __init__(self, *, seed: int = 5, rules: og.Rules | None = None) -> None:
        self.rules = rules or og.Rules.standard()
        rng = random.Random(seed)
        for _attempt in range(50):
            state = passive_game(rng.getrandbits(32), rng.randint(3, 6), rules=self.rules)
            if state.is_terminal:
                continue
            obs = state.observation(0)
            die = rng.randint(1, self.rules.die_sides)
            need = die + len(obs["customers"][obs["turn_seat"]])
            bag = list(obs["bag"].values())
            draws = []
            for _ in range(need):
                kind = rng.choices(range(len(bag)), weights=bag)[0]
                bag[kind] -= 1
                draws.append(og.Cube(kind))
            reserve_die = rng.randint(1, self.rules.die_sides)
            after, report, _ = conveyor_turn(state, die=die, draws=draws, reserve_die=reserve_die)
            if report["shifted_off"] and not after.is_terminal:
                break
        self.state, self.die, self.draws, self.reserve_die = state, die, draws, reserve_die
        self.after, self.report = after, report
        self.guess = w.Text(value="", placeholder="a number", description="Your guess", layout=w.Layout(width="200px"))
        self.reveal_button = button("Reveal", _press(self.reveal), button_style="primary")
        self.answer = w.HTML()
        drawn = ", ".join(og.Cube(c).singular for c in draws)
        scenario = (
            f"{pipe_html(obs)}<br>Turn {obs['round']}: the d4 shows <b>{die}</b> and {plunger(obs['turn_seat'])} has "
            f"{len(obs['customers'][obs['turn_seat']])} waiting customers, so {need} cubes are drawn, in this order: "
            f"<b>{escape(drawn)}</b>. The reserve d4 then shows <b>{reserve_die}</b>.<br>"
            "How many parts land on <b>The Clog</b>?"
        )
        self.widget = w.VBox([w.HTML(scenario), w.HBox([self.guess, self.reveal_button]), self.answer])

    @property
    def correct(self) -> int:
        return int(self.report["n_to_clog"])

    def reveal(self) -> int:
        """Show the answer and the reasoning; returns the points (3 exact, 1 off by one, 0 otherwise)."""
        right = self.correct
        typed = str(self.guess.value).strip()
        if not typed.isdigit():
            self.answer.value = "<b>Type your guess first</b> (a whole number of parts), then press Reveal."
            return 0
        miss = abs(int(typed) - right)
        points = 3 if miss == 0 else 1 if miss == 1 else 0
        parts = sum(1 for c in self.draws if c != og.Cube.RAT)
        off = self.report["shifted_off"]
        n_off = int(self.report["n_shifted_off"])
        room = self.rules.clog_spaces - len(self.state.observation(0)["clog"])
        self.answer.value = (
            f"{parts} new parts (rats do not enter at Day 1) push every part {parts} free spaces toward The Clog: "
            f"{n_off} fall off Day 3 into the reserve ({escape(off)}). The reserve d4 shows {self.reserve_die} and "
            f"The Clog has {room} free spaces, so the smallest of {self.reserve_die}, {n_off} and {room} = "
            f"<b>{right}</b> land on The Clog; the rest go back in the bag. You score <b>{points}</b> "
            f"point{'s' if points != 1 else ''}.<br>{pipe_html(self.after)}"
        )
        return points
