"""Planet Unknown's tile-yield explorer: every legal placement of the depot's tiles ranked by what it gives now,
a map of where each tile yields most, and a predict-then-reveal question (``PredictPlacement``).

A seeded position (``seeded_position``: a bot game until a round) is played on the planet and corporation
chosen for every seat; *Use the table's position* explores the seat a table shows, on that seat's planet and
corporation. Everything is read from ``observation(seat)`` and the engine's legal actions (``placement_table``).
These names are re-exported by ``playbook.widgets.planet_unknown``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, cast

import ipywidgets as w
import pandas as pd

from playbook.charts import planet_unknown as pu_charts
from playbook.core.agents import AgentLike
from playbook.core.match import Match
from playbook.core.protocol import Action
from playbook.games import planet_unknown as pu
from playbook.games.planet_unknown import agents as pu_agents

from ..common import LiveChart, View, button, escape, labelled, no_math, replace_children
from . import asymmetric as asym
from .board import _possessive, planet_svg
from .frames import best_steps_grid, placement_table
from .table import PlanetUnknownTable
from .tiles import SIDE, TRACKS, seat_view, tile_label


# -- the explorer --------------------------------------------------------------------------------------------
def seeded_position(
    seed: int, *, players: int = 2, rounds: int = 4, rules: pu.Rules | None = None
) -> tuple[Match, int]:
    """A bot game (track racers) played until round ``rounds`` with seat 0 about to place: (match, seat)."""
    agents = cast(dict[int, AgentLike], {s: pu_agents.TrackRacer() for s in range(1, players)})
    match = Match("planet_unknown", players=players, seed=seed, agents=agents, rules=rules)
    fill = pu_agents.TrackRacer()
    rng = random.Random(seed)
    for _ in range(10_000):
        match.advance()
        state = match.state
        if match.is_over:
            break
        legal = state.legal_actions()
        if int(state.round) >= rounds and any(isinstance(a, pu.PlaceTile) for a in legal):
            break
        match.play(fill.choose(state.observation(0), legal, rng))
    return match, 0


def _placement_html(
    observation: Mapping[str, Any], seat: int, rules: pu.Rules, masks: Sequence[tuple[int, str]]
) -> str:
    highlight: dict[int, str] = {}
    for mask, colour in masks:
        for square in range(SIDE * SIDE):
            if int(mask) >> square & 1:
                highlight[square] = colour
    return planet_svg(seat_view(observation, seat), rules, size=16, highlight=highlight)


class TileYieldExplorer(View):
    """Every legal placement of the depot's tiles ranked by what it gives now, a map of where each tile
    yields most, and a predict-then-reveal. Opens on a seeded position (a bot game at round ``rounds``, every
    seat on the chosen planet and corporation); with a ``table``, *Use the table's position* explores the seat
    shown there (its planet and corporation)."""

    COLUMNS = (
        "tile", "orientation", "row", "col", *TRACKS, "energy", "steps", "medals", "lifepods destroyed",
        "lines completed",
    )  # fmt: skip

    def __init__(self, *, table: PlanetUnknownTable | None = None, seed: int = 5, rounds: int = 4) -> None:
        self.table = table
        self.rules = table.game_rules if table is not None else pu.Rules.standard()
        self.seed = w.IntText(value=seed, description="Seed", layout=w.Layout(width="160px"))
        self.rounds = w.IntSlider(value=rounds, min=1, max=12, description="Round", layout=w.Layout(width="260px"))
        self.new_button = button("New seeded position", self.load_seeded, icon="refresh", layout=w.Layout(width="auto"))
        self.table_button = button(
            "Use the table's position", self.load_table, icon="table", layout=w.Layout(width="auto")
        )
        self.table_button.layout.display = None if table is not None else "none"
        self.planet_choice = w.Dropdown(
            options=asym.planet_options(), value=asym.STANDARD, description="Planet", layout=w.Layout(width="260px")
        )
        self.corporation_choice = labelled(
            w.Dropdown(
                options=asym.corporation_options(),
                value=asym.STANDARD,
                description="Corporation",
                layout=w.Layout(width="320px"),
            )
        )
        self.tile_choice = w.Dropdown(description="Tile", layout=w.Layout(width="360px"))
        self.tile_choice.observe(lambda _: self._draw_heat(), names="value")
        self.summary = w.HTML()
        self.summary.add_class("pu-explorer-summary")
        self.ranking = w.HTML()
        self.ranking.add_class("pu-explorer-ranking")
        self.heat = LiveChart(pu_charts.yield_heatmap([[None] * SIDE] * SIDE))
        self.predict_box = w.VBox()
        self.predict: PredictPlacement | None = None
        self.observation: Mapping[str, Any] = {}
        self.viewer = 0
        self.frame = pd.DataFrame()
        self.widget = w.VBox(
            [
                w.HTML("<b>Tile-yield explorer</b>: what each legal placement of your depot's tiles gives now."),
                w.HBox([self.seed, self.rounds, self.new_button, self.table_button]),
                w.HBox([self.planet_choice, self.corporation_choice]),
                self.summary,
                w.HBox(
                    [w.VBox([self.tile_choice, self.heat.box], layout=w.Layout(width="420px")), self.ranking],
                    layout=w.Layout(flex_flow="row wrap"),
                ),
                self.predict_box,
            ]
        )
        self.widget.add_class("pu-explorer")
        self.load_seeded()

    def seeded_rules(self) -> pu.Rules:
        """The standard rules with the chosen planet and corporation for every seat."""
        chosen = ([self.planet_choice.value], [self.corporation_choice.value])
        return asym.with_seats(pu.Rules.standard(), *chosen, 1)

    def load_seeded(self) -> None:
        self.rules = self.seeded_rules()
        match, seat = seeded_position(int(self.seed.value), rounds=int(self.rounds.value), rules=self.rules)
        where = f"seeded game {self.seed.value}, round {match.state.round}"
        legal = match.state.legal_actions() if match.state.current_player == seat else None
        self.show(match.state.observation(seat), seat, where, legal)

    def load_table(self) -> None:
        table = self.table
        if table is None or table.match is None:
            return
        self.rules = table.game_rules
        legal = table.state.legal_actions() if table.state.current_player == table.seat else None
        self.show(
            table.state.observation(table.seat),
            table.seat,
            f"the table's position ({_possessive(table.seat_name(table.seat)).lower()} planet)",
            legal,
        )

    def show(
        self, observation: Mapping[str, Any], seat: int, where: str, legal: Sequence[Action] | None = None
    ) -> None:
        """Rank the placements of ``seat``'s depot: the engine's ``legal`` ones when given (its turn)."""
        self.observation, self.viewer = observation, seat
        self.frame = placement_table(observation, seat, self.rules, legal)
        trackers = ", ".join(f"{t} {p}" for t, p in zip(TRACKS, seat_view(observation, seat)["trackers"], strict=True))
        self.summary.value = no_math(
            f"<div>Position: {escape(where)}. Trackers: {escape(trackers)}. "
            f"{len(self.frame)} legal placements.</div>" + _placement_html(observation, seat, self.rules, [])
        )
        stacks = list(dict.fromkeys(self.frame["stack"])) if not self.frame.empty else []
        options = [(tile_label(self.rules, s, int(observation["stack_tops"][s])), s) for s in stacks]
        self.tile_choice.options = options
        self.tile_choice.value = options[0][1] if options else None
        self.ranking.value = no_math(self.ranking_html())
        self._draw_heat()
        old = self.predict
        self.predict = PredictPlacement(observation, seat, self.rules, frame=self.frame, seed=int(self.seed.value))
        replace_children(self.predict_box, [self.predict.widget])
        if old is not None:
            old.close()

    def ranking_html(self, top: int = 12) -> str:
        if self.frame.empty:
            return "<i>No legal placement: this seat would take a tile without placing it.</i>"
        shown = self.frame.head(top)[list(self.COLUMNS)].copy()
        shown["where"] = [f"row {r}, column {c}" for r, c in zip(shown["row"], shown["col"], strict=True)]
        shown["turned"] = shown["orientation"]
        shown = shown.drop(columns=["row", "col", "orientation"])
        columns = [
            "tile",
            "turned",
            "where",
            *TRACKS,
            "energy",
            "steps",
            "medals",
            "lifepods destroyed",
            "lines completed",
        ]
        return f"<b>Best {len(shown)} of {len(self.frame)}</b>" + shown[columns].to_html(
            index=False, classes="pu-ranking-table", border=0
        )

    def _draw_heat(self) -> None:
        stack = self.tile_choice.value
        if stack is None or self.frame.empty:
            return
        grid = best_steps_grid(self.frame, int(stack), self.rules, self.viewer)
        label = dict((v, k) for k, v in self.tile_choice.options).get(stack, "")
        self.heat.update(pu_charts.yield_heatmap(grid, title=f"Most steps per square: {label}"))


class PredictPlacement(View):
    """Predict, then reveal: which of two placements of the same tile gives more steps on the tracks now?"""

    CHOICES = ("A", "B", "the same")

    def __init__(
        self,
        observation: Mapping[str, Any],
        seat: int,
        rules: pu.Rules,
        *,
        frame: pd.DataFrame | None = None,
        seed: int = 0,
    ) -> None:
        self.rules = rules
        frame = frame if frame is not None else placement_table(observation, seat, rules)
        self.a, self.b = self._pick(frame, random.Random(seed))
        self.guess = labelled(w.RadioButtons(options=list(self.CHOICES), value=None, description="More steps:"))
        self.reveal_button = button("Reveal", self._reveal, button_style="primary")
        self.answer = w.HTML()
        self.answer.add_class("pu-predict-answer")
        if self.a is None or self.b is None:
            self.widget = w.VBox([w.HTML("<i>Not enough legal placements here for a question.</i>")])
            return
        picture = _placement_html(observation, seat, rules, [(self.a["mask"], "#e74c3c"), (self.b["mask"], "#2e86de")])
        question = (
            f"<b>Predict, then reveal.</b> The same tile ({escape(self.a['tile'])}) in two places: "
            f"<span style='color:#e74c3c'>A</span> at {_where(self.a)} and "
            f"<span style='color:#2e86de'>B</span> at {_where(self.b)} (outlined). Which advances your trackers "
            "more steps now? Think about ice under water and what touches the energy area."
        )
        self.widget = w.VBox(
            [w.HTML(no_math(question + "<br>" + picture)), w.HBox([self.guess, self.reveal_button]), self.answer]
        )
        self.widget.add_class("pu-predict")

    @staticmethod
    def _pick(frame: pd.DataFrame, rng: random.Random) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
        """The best placement of a tile and a worse one of the same tile (one that loses its water to the ice
        gate when there is such), in a seeded order; two equal ones only when every placement gives the same."""
        if frame.empty:
            return None, None
        pairs: list[tuple[dict[str, Any], dict[str, Any]]] = []
        for stack in dict.fromkeys(frame["stack"]):
            rows = [dict(r) for _, r in frame[frame["stack"] == stack].iterrows()]
            worse = [r for r in rows if r["steps"] < rows[0]["steps"]]
            gated = [r for r in worse if r["water lost"]]
            for other in gated or worse:
                pairs.append((rows[0], other))
        if not pairs:
            rows = [dict(r) for _, r in frame.iterrows()]
            if len(rows) < 2:
                return None, None
            pairs = [(rows[0], rows[1])]
        best, other = pairs[rng.randrange(len(pairs))]
        return (best, other) if rng.random() < 0.5 else (other, best)

    def _reveal(self) -> None:
        self.reveal()

    @property
    def correct(self) -> str:
        assert self.a is not None and self.b is not None
        if self.a["steps"] == self.b["steps"]:
            return "the same"
        return "A" if self.a["steps"] > self.b["steps"] else "B"

    def reveal(self) -> bool:
        """Show the answer with each placement's steps per track; True when the guess was right."""
        if self.a is None or self.b is None:
            return False
        right = bool(self.guess.value == self.correct)
        verdict = "Right" if right else ("No answer chosen" if self.guess.value is None else "Not quite")
        self.answer.value = no_math(
            f"<b>{verdict}: {escape(self.correct)}.</b><br>A: {escape(_steps_words(self.a))}<br>"
            f"B: {escape(_steps_words(self.b))}"
        )
        return right


def _where(row: Mapping[str, Any]) -> str:
    return f"row {row['row']}, column {row['col']}"


def _steps_words(row: Mapping[str, Any]) -> str:
    parts = [f"{t} +{row[t]}" for t in TRACKS if row[t]]
    if row["energy"]:
        parts.append(f"energy +1 to {row['energy']}")
    text = f"{row['steps']} step(s): " + (", ".join(parts) or "nothing")
    if row["water lost"]:
        text += " (its water covers no ice, so the water symbol gives nothing)"
    return text
