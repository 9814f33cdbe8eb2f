"""The strategy lab: tune a strategy's knobs by hand and measure it; sweep one rule and read its economy.

``StrategyLab`` draws a slider per knob of a :class:`~playbook.core.ParametricAgent` (and takes any
hand-written ``@playbook.strategy`` agents too), runs a seeded tournament against the built-ins the student
picks, and shows the win rate and score of every strategy with 95% intervals, plus a history table of the
settings tried so far. ``SweepExplorer`` varies one numeric rule over a range and plots any end-of-game
economy measure (``kpi_*``) or design metric against it, with a confidence band.

Both run their games in batches on this process and move a progress bar after each batch, so a class on
one Binder CPU sees progress. Seeds are fixed by the seed box: the same settings give the same numbers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any

import ipywidgets as w
import pandas as pd

from playbook import analysis
from playbook.charts import design
from playbook.core import AgentLike, Knob, ParametricAgent, PlaybookError
from playbook.core.match import resolve_game
from playbook.core.tournament import game_metrics, game_seeds, numeric_rules_fields, play_games, rules_with

from .common import LiveChart, StatusLine, View, close_widgets, escape

AgentFactory = Callable[[], AgentLike]
BATCH = 10
#: Seconds a strategy may think per decision in the lab: short, so a student's loop costs seconds, not minutes
#: (after three such games in a batch the tournament withdraws it).
LAB_TIME_LIMIT = 3.0


def run_batches(
    game: ModuleType,
    agents: Sequence[AgentLike],
    *,
    games: int,
    seed: int,
    players: int,
    rules: Any = None,
    metrics: bool = False,
    on_progress: Callable[[int], None] | None = None,
) -> pd.DataFrame:
    """``tournament`` played here in batches, calling ``on_progress(games done)`` after each batch."""
    jobs = list(enumerate(game_seeds(seed, games)))
    rows: list[dict[str, Any]] = []
    for start in range(0, len(jobs), BATCH):
        batch = jobs[start : start + BATCH]
        rows.extend(play_games(game.INFO.name, agents, batch, rules, players, metrics, LAB_TIME_LIMIT))
        if on_progress is not None:
            on_progress(min(games, start + BATCH))
    return pd.DataFrame(rows)


def knob_slider(name: str, knob: Knob) -> w.Widget:
    """An int or float slider for one knob, labelled with its name and described in its tooltip."""
    style = {"description_width": "10em"}
    layout = w.Layout(width="28em")
    label = name.replace("_", " ")
    if knob.is_int:
        return w.IntSlider(
            value=int(knob.default),
            min=int(knob.low),
            max=int(knob.high),
            step=int(knob.step),
            description=label,
            tooltip=knob.description,
            style=style,
            layout=layout,
        )
    return w.FloatSlider(
        value=knob.default,
        min=knob.low,
        max=knob.high,
        step=knob.step,
        description=label,
        tooltip=knob.description,
        style=style,
        layout=layout,
    )


class StrategyLab(View):
    """Sliders for a strategy's knobs, opponents to face, a games count; a leaderboard with intervals."""

    def __init__(
        self,
        game: str | ModuleType,
        strategy: type[ParametricAgent],
        opponents: Mapping[str, AgentFactory],
        *,
        players: int | None = None,
        games: int = 40,
        seed: int = 1,
        custom: Sequence[AgentLike] = (),
    ) -> None:
        self.game = resolve_game(game)
        self.strategy = strategy
        self.opponents = dict(opponents)
        self.custom = list(custom)
        self.players = players
        self.knobs = {name: knob_slider(name, knob) for name, knob in strategy.knobs.items()}
        self.opponent_picker = w.SelectMultiple(
            options=list(self.opponents), value=list(self.opponents)[:3], description="opponents", rows=5
        )
        self.games = w.IntSlider(value=games, min=10, max=400, step=10, description="games")
        self.seed = w.IntText(value=seed, description="seed", layout=w.Layout(width="14em"))
        self.run_button = w.Button(description="Run tournament", icon="play", button_style="primary")
        self.run_button.on_click(lambda _: self.run())
        self.progress = w.IntProgress(value=0, min=0, max=games, description="games played")
        self.status = StatusLine()
        self.results: pd.DataFrame | None = None
        self.history: list[dict[str, Any]] = []
        self.history_table = w.HTML()
        self.win_chart = LiveChart(design.win_rate_bars(analysis.win_rates(_empty_results())))
        self.score_chart = LiveChart(design.interval_bars(_empty_scores(), x="agent", y="mean", title="", y_title=""))
        controls = w.VBox(
            [
                w.HTML(f"<b>{escape(strategy.name)}</b>: {escape(strategy.description)}"),
                *self.knobs.values(),
                self.opponent_picker,
                self.games,
                self.seed,
                w.HBox([self.run_button, self.progress]),
                self.status.widget,
            ]
        )
        charts = w.VBox([self.win_chart.box, self.score_chart.box, self.history_table], layout=w.Layout(width="60%"))
        self.widget = w.HBox([controls, charts])

    def settings(self) -> dict[str, float]:
        return {name: slider.value for name, slider in self.knobs.items()}

    def lineup(self) -> list[AgentLike]:
        """The candidate with the sliders' settings, the hand-written strategies and the chosen opponents."""
        candidate: Any = self.strategy(**self.settings())
        return [candidate, *self.custom, *(self.opponents[name]() for name in self.opponent_picker.value)]

    def game_rules(self) -> Any:
        """The rules the tournament plays (``None``: the game's standard rules); a game's lab may offer variants."""
        return None

    def run(self) -> pd.DataFrame | None:
        """Play the tournament and redraw; any refusal lands in the status line, not as a traceback."""
        try:
            agents = self.lineup()
            seats = self.players or min(len(agents), self.game.INFO.max_players)
            if len(agents) < max(seats, self.game.INFO.min_players):
                raise PlaybookError(f"pick at least {max(seats, self.game.INFO.min_players) - 1} opponents")
            self.progress.max = self.games.value
            self.progress.value = 0
            results = run_batches(
                self.game,
                agents,
                games=self.games.value,
                seed=int(self.seed.value),
                players=seats,
                rules=self.game_rules(),
                on_progress=self._progressed,
            )
        except PlaybookError as exc:
            self.status.error(str(exc))
            return None
        self.results = results
        self._show(results, agents[0].name)
        return results

    def _progressed(self, done: int) -> None:
        self.progress.value = done

    def _show(self, results: pd.DataFrame, candidate: str) -> None:
        rates = analysis.win_rates(results)
        scores = analysis.score_summary(results)
        self.win_chart.update(design.win_rate_bars(rates))
        self.score_chart.update(
            design.interval_bars(scores, x="agent", y="mean", title="Mean score (95% interval)", y_title="score")
        )
        mine: Any = rates.set_index("agent").loc[candidate]
        mean: Any = scores.set_index("agent").loc[candidate, "mean"]
        self.history.append(
            {
                **self.settings(),
                "games": int(mine["games"]),
                "win rate": f"{mine['win_rate']:.0%} ({mine['ci_low']:.0%}-{mine['ci_high']:.0%})",
                "mean score": round(float(mean), 1),
            }
        )
        self.history_table.value = "<b>Settings tried</b>" + pd.DataFrame(self.history).to_html(index=False)
        best = rates.sort_values("win_rate", ascending=False).iloc[0]
        summary = (
            f"{candidate} won {int(mine['wins'])} of {int(mine['games'])} games; "
            f"best: {best['agent']} ({best['win_rate']:.0%})."
        )
        failed = results.groupby("game")["error"].first().dropna()
        if len(failed):
            self.status.error(
                f"{summary} {len(failed)} game(s) ended early, lost by the failing strategy: {failed.iloc[0]}"
            )
        else:
            self.status.info(summary)


class SweepExplorer(View):
    """Pick a numeric rule, a range and the agents; plot a measure against the rule with a 95% band."""

    def __init__(
        self,
        game: str | ModuleType,
        agents: Mapping[str, AgentFactory],
        *,
        games: int = 20,
        seed: int = 1,
        players: int | None = None,
    ) -> None:
        self.game = resolve_game(game)
        self.agent_factories = dict(agents)
        self.players = players
        fields = numeric_rules_fields(self.game)
        first = next(iter(fields), None)
        self.field = w.Dropdown(options=list(fields), value=first, description="rule")
        self.low = w.FloatText(description="from", layout=w.Layout(width="12em"))
        self.high = w.FloatText(description="to", layout=w.Layout(width="12em"))
        self.steps = w.IntSlider(value=4, min=2, max=8, description="values")
        self.field.observe(lambda _: self._default_range(), names="value")
        self._default_range()
        self.agent_picker = w.SelectMultiple(
            options=list(self.agent_factories), value=list(self.agent_factories)[:2], description="agents", rows=4
        )
        self.games = w.IntSlider(value=games, min=5, max=200, step=5, description="games each")
        self.seed = w.IntText(value=seed, description="seed", layout=w.Layout(width="14em"))
        self.measure = w.Dropdown(options=["score", "rounds"], value="score", description="measure")
        self.measure.observe(lambda _: self._redraw(), names="value")
        self.run_button = w.Button(description="Run sweep", icon="play", button_style="primary")
        self.run_button.on_click(lambda _: self.run())
        self.progress = w.IntProgress(value=0, min=0, max=1, description="games played")
        self.status = StatusLine()
        self.frame: pd.DataFrame | None = None
        self.chart = LiveChart(design.measure_against_parameter(_empty_band(), parameter="value", measure="score"))
        controls = w.VBox(
            [
                self.field,
                w.HBox([self.low, self.high]),
                self.steps,
                self.agent_picker,
                self.games,
                self.seed,
                self.measure,
                w.HBox([self.run_button, self.progress]),
                self.status.widget,
            ]
        )
        self.widget = w.HBox([controls, w.VBox([self.chart.box], layout=w.Layout(width="60%"))])

    def _default_range(self) -> None:
        value = numeric_rules_fields(self.game).get(self.field.value, 0)
        self.low.value, self.high.value = max(0.0, float(value) - 2), float(value) + 2

    def values(self) -> list[float]:
        """Evenly spaced values of the rule from ``low`` to ``high`` (whole numbers for a whole-number rule)."""
        low, high, count = float(self.low.value), float(self.high.value), int(self.steps.value)
        raw = [low + (high - low) * i / (count - 1) for i in range(count)]
        if isinstance(numeric_rules_fields(self.game).get(self.field.value), int):
            return [float(v) for v in sorted({round(v) for v in raw})]
        return raw

    def run(self) -> pd.DataFrame | None:
        try:
            agents = [self.agent_factories[name]() for name in self.agent_picker.value]
            seats = self.players or len(agents)
            values = self.values()
            self.progress.max = self.games.value * len(values)
            frames = []
            metrics = game_metrics(self.game) is not None
            for index, value in enumerate(values):
                rules = rules_with(self.game, self.field.value, value)
                done = index * self.games.value
                frame = run_batches(
                    self.game,
                    agents,
                    games=self.games.value,
                    seed=int(self.seed.value),
                    players=seats,
                    rules=rules,
                    metrics=metrics,
                    on_progress=self._offset_progress(done),
                )
                frames.append(frame.assign(value=value))
        except PlaybookError as exc:
            self.status.error(str(exc))
            return None
        self.frame = pd.concat(frames, ignore_index=True)
        kpis = [c for c in self.frame.columns if c.startswith("kpi_")]
        self.measure.options = ["score", "rounds", *kpis]
        self._redraw()
        self.status.info(f"Played {len(values)} values of {self.field.value}, {self.games.value} games each.")
        return self.frame

    def _progressed(self, done: int) -> None:
        self.progress.value = done

    def _offset_progress(self, offset: int) -> Callable[[int], None]:
        def progressed(done: int) -> None:
            self.progress.value = offset + done

        return progressed

    def _redraw(self) -> None:
        if self.frame is None:
            return
        measure = self.measure.value
        summary = analysis.score_summary(self.frame, by="value", column=measure)
        self.chart.update(
            design.measure_against_parameter(
                summary, parameter="value", measure=measure, title=f"{measure} against {self.field.value}"
            )
        )


def _empty_results() -> pd.DataFrame:
    return pd.DataFrame({"agent": pd.Series(dtype=str), "won": pd.Series(dtype=bool)})


def _empty_scores() -> pd.DataFrame:
    return pd.DataFrame(columns=["agent", "mean", "ci_low", "ci_high"])


def _empty_band() -> pd.DataFrame:
    return pd.DataFrame(columns=["value", "mean", "ci_low", "ci_high"])


class LabTabs(View):
    """A dashboard's lab: a **Strategy lab** tab, an optional **Rule sweep** tab and a **Replay** tab.

    The replay is built only when its tab is first opened (``make_replay()`` plays a seeded game and returns
    its viewer): a replay shows a second table, so the page holds one table until the person asks for it.
    """

    def __init__(
        self,
        lab: StrategyLab,
        make_replay: Callable[[], Any],
        *,
        sweep: SweepExplorer | None = None,
    ) -> None:
        self.lab = lab
        self.sweep = sweep
        self.adopt(lab)  # built by the caller, shown and closed by these tabs
        if sweep is not None:
            self.adopt(sweep)
        self.make_replay = make_replay
        self.viewer: Any = None
        lab.widget.add_class("playbook-strategy-lab")
        if sweep is not None:
            sweep.widget.add_class("playbook-sweep-explorer")
        self.replay_box = w.Box([w.HTML("<i>Opening the replay...</i>")])
        pages = [lab.widget, *([sweep.widget] if sweep is not None else []), self.replay_box]
        titles = ("Strategy lab", *(("Rule sweep",) if sweep is not None else ()), "Replay")
        self.widget = w.Tab(children=pages)
        self.widget.titles = titles
        self.widget.add_class("playbook-lab-tabs")
        replay_index = len(pages) - 1
        self.widget.observe(
            lambda change: self.open_replay() if change["new"] == replay_index else None, names="selected_index"
        )

    def open_replay(self) -> Any:
        """The Replay tab's viewer, built the first time the tab is opened."""
        if self.viewer is None:
            self.viewer = self.make_replay()
            old = self.replay_box.children
            self.replay_box.children = (self.viewer.widget,)
            close_widgets(*old)
        return self.viewer
