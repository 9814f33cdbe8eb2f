"""The pipe explorer (``PipeExplorer``): step the conveyor with chosen d4s and draws, nobody filling orders.

It drives ``conveyor_turn`` on a bare state, not a ``Match``, to show parts aging, spilling off Day 3
and clogging the pipe, so it shares only the drawing (``html``) with the table.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import ipywidgets as w
import pandas as pd

from playbook import charts
from playbook.core.errors import PlaybookError
from playbook.games import offal_game as og
from playbook.games.offal_game.conveyor import TurnReport, conveyor_turn, parse_cubes
from playbook.games.offal_game.economy import age_frame

from ..common import LiveChart, View, button, escape
from .html import Obs, pipe_html
from .table import _press


class PipeExplorer(View):
    """Step the conveyor turn by turn with chosen d4s and draws (or random ones from the seed); nobody fills
    orders, so you watch parts age, spill off Day 3 and clog the pipe."""

    def __init__(self, *, seed: int = 1, players: int = 1, rules: og.Rules | None = None) -> None:
        self.rules = rules or og.Rules.standard()
        self.players = players
        sides: list[Any] = list(range(1, self.rules.die_sides + 1))
        self.seed = w.IntText(value=seed, description="Seed", layout=w.Layout(width="160px"))
        self.die = w.Dropdown(
            options=["random", *sides], value="random", description="d4 roll", layout=w.Layout(width="180px")
        )
        self.draws = w.Text(
            value="",
            placeholder="e.g. bone, heart, rat (blank = random)",
            description="Draws",
            layout=w.Layout(width="420px"),
        )
        self.reserve_die = w.Dropdown(
            options=["random", *sides], value="random", description="Reserve d4", layout=w.Layout(width="200px")
        )
        self.step_button = button("Step one turn", _press(self.step), button_style="primary", icon="step-forward")
        self.reset_button = button("Reset", self.reset, icon="refresh")
        self.message = w.HTML()
        self.message.add_class("offal-explorer-message")
        self.pipe = w.HTML()
        self.table = w.HTML()
        self.state = og.new_game(players, seed=seed, rules=self.rules)
        self.history: list[TurnReport] = []
        self.chart = LiveChart(charts.pipe_age_profile(age_frame(self.state.observation(0))))
        self.widget = w.VBox(
            [
                w.HTML(
                    "<b>Pipe explorer</b>: choose the d4, the cubes drawn (in order) and the reserve d4, or leave "
                    "them random; nobody fills orders."
                ),
                w.HBox([self.die, self.reserve_die, self.seed]),
                w.HBox([self.draws, self.step_button, self.reset_button]),
                self.message,
                self.pipe,
                w.HBox([self.chart.box, self.table]),
            ]
        )
        self.refresh()

    @property
    def obs(self) -> Obs:
        return self.state.observation(0)

    def reset(self) -> None:
        self.state = og.new_game(self.players, seed=int(self.seed.value), rules=self.rules)
        self.history = []
        self.message.value = "New pipe: step a turn."
        self.refresh()

    def choose(self, *, die: int | str = "random", draws: str = "", reserve_die: int | str = "random") -> None:
        self.die.value = die
        self.draws.value = draws
        self.reserve_die.value = reserve_die

    def step(self) -> TurnReport | None:
        """One turn of Phase 1 with the chosen values; the outcome goes to the message line and the table."""
        if self.state.is_terminal:
            self.message.value = f"<b>Game over because {escape(self.obs['end_words'])}.</b> Press Reset."
            return None
        try:
            cubes = parse_cubes(self.draws.value)
        except ValueError as exc:
            self.message.value = f"<span style='color:#b00020'><b>Not allowed:</b> {escape(exc)}</span>"
            return None
        rng = random.Random(int(self.seed.value) * 1_000_003 + int(self.obs["round"]))
        die = None if self.die.value == "random" else int(self.die.value)
        reserve = None if self.reserve_die.value == "random" else int(self.reserve_die.value)
        try:
            state, report, _events = conveyor_turn(self.state, die=die, draws=cubes, reserve_die=reserve, rng=rng)
        except PlaybookError as exc:
            self.message.value = f"<span style='color:#b00020'><b>Not allowed:</b> {escape(exc)}</span>"
            return None
        self.state = state
        self.history.append(report)
        self.message.value = escape(self.describe(report))
        self.refresh()
        return report

    @staticmethod
    def describe(report: TurnReport) -> str:
        text = f"Turn {report['turn']}: the d4 shows {report['d4']} → {report['draws']} draws ({report['drawn']})."
        if report["ignored"]:
            text += f" {report['ignored']} chosen cubes were not needed."
        if report["shifted_off"]:
            text += f" Shifted off Day 3: {report['shifted_off']}."
            if report["reserve_d4"]:
                text += f" The reserve d4 shows {report['reserve_d4']}: {report['to_clog']} onto The Clog"
                text += f", {report['to_bag']} back in the bag." if report["to_bag"] != "nothing" else "."
        else:
            text += " Nothing fell off Day 3."
        if report["rats"]:
            text += f" Rats: {report['rats']}."
        text += f" The Clog holds {report['clog']}."
        return text

    def frame(self) -> pd.DataFrame:
        """The turns stepped so far, one row each, headed in words (the counter is a turn, as in the rulebook)."""
        columns = ["turn", "d4", "draws", "drawn", "shifted_off", "reserve_d4", "to_clog", "to_bag", "clog"]
        frame = pd.DataFrame(self.history, columns=columns)
        return frame.rename(columns={"shifted_off": "shifted off Day 3", "reserve_d4": "reserve d4"})

    def refresh(self) -> None:
        obs = self.obs
        self.pipe.value = pipe_html(obs)
        self.chart.update(charts.pipe_age_profile(age_frame(obs)))
        recent = self.frame().tail(8)
        self.table.value = recent.to_html(index=False, classes="offal-explorer-table") if len(recent) else ""

    def live_charts(self) -> Sequence[LiveChart]:
        return (self.chart,)
