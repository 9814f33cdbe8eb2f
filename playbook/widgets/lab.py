"""The strategy lab: tune a strategy's knobs by hand and measure it; sweep one rule and read its economy.

``StrategyLab`` draws a slider per knob of a :class:`~playbook.core.ParametricAgent` (and takes any
hand-written ``@playbook.strategy`` agents too), runs a seeded tournament against the built-ins the student
picks, and shows the win rate and score of every strategy with 95% intervals, plus a history table of the
settings tried so far. ``SweepExplorer`` varies one numeric rule over a range and plots any end-of-game
economy measure (``kpi_*``) or design metric against it, with a confidence band.

Rules and measures are offered and plotted in the game's own words (``playbook.charts.labels``): a teacher reads
"spaces on The Clog", never ``sewer.clog_spaces``. The sweep offers only the rules whose change a game can show
(``sweep_rules``): not the player-count bounds, nor a number the game's ``UNSWEPT_RULES`` says changes nothing.
No chart is drawn until there are results (an empty frame reads as "nothing happened"), and every label is
given room for its whole text. **Download CSV** saves the last run's results frame (a row per seat of every game,
as ``run()`` returns it) for a spreadsheet, the way a table saves its log and economy; it is disabled until a run.

Both run their games in batches on this process and move a progress bar after each batch, so a class on
one Binder CPU sees progress. Seeds are fixed by the seed box: the same settings give the same numbers.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any

import ipywidgets as w
import pandas as pd

from playbook import analysis
from playbook.charts import design
from playbook.charts.labels import measure_label, measure_labels, rule_label, rule_labels, sentence, unswept_rules
from playbook.core import AgentLike, Knob, ParametricAgent, PlaybookError
from playbook.core.errors import InvalidArgumentError
from playbook.core.match import resolve_game
from playbook.core.tournament import game_metrics, game_seeds, numeric_rules_fields, play_games, rules_with

from .common import DownloadButton, LiveChart, StatusLine, View, button, close_widgets, escape
from .common.files import frame_csv

AgentFactory = Callable[[], AgentLike]
BATCH = 10
#: Seconds a strategy may think per decision in the lab: short, so a student's loop costs seconds, not minutes
#: (after three such games in a batch the tournament withdraws it).
LAB_TIME_LIMIT = 3.0
#: Widths in em a label needs per character (ipywidgets' 13px font: a generous average glyph) and the least room
#: the lab gives one, so that no description is cut to "games pl...".
EM_PER_CHARACTER = 0.6
LEAST_LABEL_EM = 6.0
#: ``Rules`` numbers that bound the number of seats: a sweep plays a fixed number of seats, so they change nothing.
PLAYER_BOUNDS = frozenset({"min_players", "max_players"})


def label_style(*descriptions: str) -> dict[str, str]:
    """A ``style`` whose description width holds the longest of ``descriptions`` whole (ipywidgets' default
    80px cuts "games played" to "games pl..."); one width for a column of controls keeps them aligned."""
    longest = max((len(text) for text in descriptions), default=0)
    return {"description_width": f"{max(LEAST_LABEL_EM, math.ceil(longest * EM_PER_CHARACTER * 2) / 2)}em"}


def fitting_layout(style: Mapping[str, str], options: Sequence[str]) -> w.Layout:
    """A dropdown wide enough for its description (``style``) and its longest option, so no choice is cut."""
    longest = max((len(text) for text in options), default=0)
    label = float(style["description_width"].removesuffix("em"))
    return w.Layout(width=f"{label + math.ceil(longest * EM_PER_CHARACTER) + 3}em")


def sweep_rules(game: str | ModuleType) -> dict[str, float]:
    """The numbers of a game's rules a one-rule sweep offers, with their standard values, in the game's order.

    Not offered: the player-count bounds (``PLAYER_BOUNDS``) and the game's ``UNSWEPT_RULES`` (a count the
    rules check against the components, a safety stop, a rule the standard game never reads): a sweep over
    one of those draws a flat line, as if the rule did nothing.
    """
    module = resolve_game(game)
    fields = numeric_rules_fields(module)
    skip = PLAYER_BOUNDS | set(unswept_rules(module))
    order = [name for name in rule_labels(module) if name in fields]
    order += sorted(name for name in fields if name not in order)
    return {name: fields[name] for name in order if name not in skip}


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
    label = name.replace("_", " ")
    style = label_style(label, "x" * 16)  # the knobs' column is 10em wide unless a name needs more
    layout = w.Layout(width=f"{18 + float(style['description_width'].removesuffix('em'))}em")
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
        style = label_style("opponents", "games", "seed", "games played")
        self.opponent_picker = w.SelectMultiple(
            options=list(self.opponents), value=list(self.opponents)[:3], description="opponents", rows=5, style=style
        )
        self.games = w.IntSlider(value=games, min=10, max=400, step=10, description="games", style=style)
        self.seed = w.IntText(value=seed, description="seed", style=style, layout=w.Layout(width="16em"))
        self.run_button = button("Run tournament", lambda: self.run(), icon="play", button_style="primary")
        self.progress = w.IntProgress(value=0, min=0, max=games, description="games played", style=style)
        self.status = StatusLine()
        self.results: pd.DataFrame | None = None
        self.results_name = ""  # the CSV's file name, fixed when the tournament ran (the seed box may change since)
        self.results_csv_button = DownloadButton(
            "Download CSV",
            self._results_file,
            mime="text/csv",
            tooltip="The last tournament's results: a row per seat of every game",
            on_error=self.status.error,
            disabled=True,
        )
        self.history: list[dict[str, Any]] = []
        self.history_table = w.HTML()
        # No chart until a tournament has run: two empty frames (one without a title) read as a broken page. The
        # charts join the page with their first results (``_show``), so plotly first draws them, full size, with data.
        self.placeholder = w.HTML(
            "<i>Press <b>Run tournament</b>: each strategy's win rate and mean score, with 95% intervals, "
            "appear here.</i>"
        )
        self.placeholder.add_class("playbook-lab-placeholder")
        self.win_chart = LiveChart(design.win_rate_bars(analysis.win_rates(_empty_results())))
        self.score_chart = LiveChart(self._score_figure(_empty_scores()))
        controls = w.VBox(
            [
                w.HTML(f"<b>{escape(strategy.name)}</b>: {escape(strategy.description)}"),
                *self.knobs.values(),
                self.opponent_picker,
                self.games,
                self.seed,
                w.HBox([self.run_button, self.progress, self.results_csv_button]),
                self.status.widget,
            ]
        )
        self.charts = w.VBox([self.placeholder, self.history_table], layout=w.Layout(width="60%"))
        self.widget = w.HBox([controls, self.charts])

    def _score_figure(self, scores: pd.DataFrame) -> Any:
        """Mean score per strategy with its interval, the score in the game's words (final cogs, points...)."""
        words = measure_label(self.game, "score")
        return design.interval_bars(
            scores, x="agent", y="mean", title=f"Mean {words} (95% interval)", y_title=words, x_title="strategy"
        )

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
        self.results_name = f"{self.game.INFO.name}-tournament-seed{int(self.seed.value)}-{self.games.value}-games.csv"
        self.results_csv_button.disabled = False
        self._show(results, agents[0].name)
        return results

    def _results_file(self) -> tuple[str, bytes]:
        """What **Download CSV** saves: the last tournament's results frame, as ``run()`` returned it."""
        if self.results is None:
            raise PlaybookError("run a tournament first")
        return self.results_name, frame_csv(self.results)

    def _progressed(self, done: int) -> None:
        self.progress.value = done

    def _show(self, results: pd.DataFrame, candidate: str) -> None:
        rates = analysis.win_rates(results)
        scores = analysis.score_summary(results)
        self.win_chart.update(design.win_rate_bars(rates))
        self.score_chart.update(self._score_figure(scores))
        self.charts.children = (self.win_chart.box, self.score_chart.box, self.history_table)
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
    """Pick a rule, a range and the agents; plot a measure against the rule with a 95% band, all in words.

    The rule list is ``sweep_rules(game)`` shown in the game's words (``field.value`` keeps the field's name);
    ``field`` picks the rule shown first. The default range runs from half the standard value to one and a half
    times it (at least 2 either side), narrowed to values the game's rules accept.
    """

    def __init__(
        self,
        game: str | ModuleType,
        agents: Mapping[str, AgentFactory],
        *,
        games: int = 20,
        seed: int = 1,
        players: int | None = None,
        field: str | None = None,
    ) -> None:
        self.game = resolve_game(game)
        self.agent_factories = dict(agents)
        self.players = players
        self.rules = sweep_rules(self.game)
        first = field if field is not None else next(iter(self.rules), None)
        if first is not None and first not in self.rules:
            offered = list(self.rules)
            raise InvalidArgumentError(f"{self.game.INFO.name}: a sweep does not offer {first!r}; it offers {offered}")
        style = label_style("rule", "from", "to", "values", "agents", "games each", "seed", "measure", "games played")
        rule_options = [(rule_label(self.game, name), name) for name in self.rules]
        self.field = w.Dropdown(
            options=rule_options,
            value=first,
            description="rule",
            style=style,
            layout=fitting_layout(style, [text for text, _ in rule_options]),
        )
        self.low = w.FloatText(description="from", style=style, layout=w.Layout(width="14em"))
        self.high = w.FloatText(description="to", style=style, layout=w.Layout(width="14em"))
        self.steps = w.IntSlider(value=4, min=2, max=8, description="values", style=style)
        self.field.observe(lambda _: self._default_range(), names="value")
        self._default_range()
        self.agent_picker = w.SelectMultiple(
            options=list(self.agent_factories),
            value=list(self.agent_factories)[:2],
            description="agents",
            rows=4,
            style=style,
        )
        self.games = w.IntSlider(value=games, min=5, max=200, step=5, description="games each", style=style)
        self.seed = w.IntText(value=seed, description="seed", style=style, layout=w.Layout(width="16em"))
        self.measure = w.Dropdown(
            options=self._measure_options(["score", "rounds"]),
            value="score",
            description="measure",
            style=style,
            layout=fitting_layout(style, [*measure_labels(self.game).values(), "score", "rounds"]),
        )
        self.measure.observe(lambda _: self._redraw(), names="value")
        self.run_button = button("Run sweep", lambda: self.run(), icon="play", button_style="primary")
        self.progress = w.IntProgress(value=0, min=0, max=1, description="games played", style=style)
        self.status = StatusLine()
        self.frame: pd.DataFrame | None = None
        self.swept: tuple[str | None, int] = (first, games)  # the rule and games per value the frame holds
        self.frame_name = ""  # the CSV's file name, fixed when the sweep ran (the rule shown may change since)
        self.results_csv_button = DownloadButton(
            "Download CSV",
            self._frame_file,
            mime="text/csv",
            tooltip="The last sweep's results: a row per seat of every game, with the rule's value",
            on_error=self.status.error,
            disabled=True,
        )
        # No chart until a sweep has run: an empty frame reads as "the rule does nothing". The chart joins the page
        # with its first results (``_redraw``), so plotly first draws it, full size, with data.
        self.placeholder = w.HTML(
            "<i>Press <b>Run sweep</b>: the measure at each value of the rule, with its 95% band, appears here.</i>"
        )
        self.placeholder.add_class("playbook-lab-placeholder")
        self.chart = LiveChart(self._figure(_empty_band()))
        if first is None:
            self.status.info(f"No rule of {self.game.INFO.title} changes what a sweep plays.")
        controls = w.VBox(
            [
                self.field,
                w.HBox([self.low, self.high]),
                self.steps,
                self.agent_picker,
                self.games,
                self.seed,
                self.measure,
                w.HBox([self.run_button, self.progress, self.results_csv_button]),
                self.status.widget,
            ]
        )
        # the controls take the room their labels need; the chart the rest (it fits its column)
        self.chart_column = w.VBox([self.placeholder], layout=w.Layout(flex="1 1 0%", min_width="24em"))
        self.widget = w.HBox([controls, self.chart_column])

    def _measure_options(self, columns: Sequence[str]) -> list[tuple[str, str]]:
        """(words, column) for each column, once per wording: a game's ``kpi_rounds`` is its ``rounds`` again."""
        options: dict[str, str] = {}
        for column in columns:
            options.setdefault(measure_label(self.game, column), column)
        return list(options.items())

    def measures(self) -> list[str]:
        """The columns the measure list offers now (``score``, ``rounds``, then the game's ``kpi_*`` after a run)."""
        return [value for _, value in self.measure.options]

    def _accepts(self, value: float) -> bool:
        try:
            rules_with(self.game, self.field.value, value)
        except PlaybookError:
            return False
        return True

    def _default_range(self) -> None:
        """From half the standard value to one and a half times it (at least 2 either side; not below 0), each
        end moved towards the standard value until the game's rules accept it (Mars refuses more than 7 types
        rising and falling)."""
        if self.field.value is None:
            self.low.value = self.high.value = 0.0
            return
        value = float(self.rules[self.field.value])
        whole = isinstance(self.rules[self.field.value], int)
        span = max(2.0, float(int(value) // 2) if whole else value / 2)
        step = 1.0 if whole else span / 4
        low, high = max(0.0, value - span), value + span
        while low < value and not self._accepts(low):
            low += step
        while high > value and not self._accepts(high):
            high -= step
        self.low.value, self.high.value = low, high

    def values(self) -> list[float]:
        """Evenly spaced values of the rule from ``low`` to ``high`` (whole numbers for a whole-number rule)."""
        low, high, count = float(self.low.value), float(self.high.value), int(self.steps.value)
        raw = [low + (high - low) * i / (count - 1) for i in range(count)]
        if isinstance(self.rules.get(self.field.value), int):
            return [float(v) for v in sorted({round(v) for v in raw})]
        return raw

    def run(self) -> pd.DataFrame | None:
        """Play the sweep and redraw; any refusal lands in the status line, not as a traceback."""
        try:
            if self.field.value is None:
                raise PlaybookError(f"{self.game.INFO.title} has no rule a sweep can vary")
            agents = [self.agent_factories[name]() for name in self.agent_picker.value]
            if not agents:
                raise PlaybookError("pick at least one agent")
            seats = self.players or min(len(agents), self.game.INFO.max_players)
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
        self.swept = (self.field.value, int(self.games.value))
        field, games_each = self.swept
        self.frame_name = f"{self.game.INFO.name}-sweep-{field}-seed{int(self.seed.value)}-{games_each}-games-each.csv"
        self.results_csv_button.disabled = False
        kpis = [c for c in self.frame.columns if c.startswith("kpi_")]
        chosen = self.measure.value
        self.measure.options = self._measure_options(["score", "rounds", *kpis])
        if chosen in self.measures():
            self.measure.value = chosen
        self._redraw()
        self.status.info(
            f"Played {len(values)} values of {rule_label(self.game, self.field.value)}, {self.games.value} games each."
        )
        return self.frame

    def _frame_file(self) -> tuple[str, bytes]:
        """What **Download CSV** saves: the last sweep's frame, as ``run()`` returned it (``value`` is the rule's)."""
        if self.frame is None:
            raise PlaybookError("run a sweep first")
        return self.frame_name, frame_csv(self.frame)

    def _progressed(self, done: int) -> None:
        self.progress.value = done

    def _offset_progress(self, offset: int) -> Callable[[int], None]:
        def progressed(done: int) -> None:
            self.progress.value = offset + done

        return progressed

    def _figure(self, summary: pd.DataFrame) -> Any:
        """The measure against the rule, titled and labelled in the game's words."""
        field, games_each = self.swept
        rule = rule_label(self.game, field) if field is not None else "the rule"
        measure = measure_label(self.game, self.measure.value)
        games = f"{games_each} games each, " if self.frame is not None else ""
        figure = design.measure_against_parameter(
            summary,
            parameter="value",
            measure=self.measure.value,
            title=f"{sentence(measure)}<br>against {rule} ({games}95% band)",  # two lines: both are long
            x_title=rule,
            y_title=measure,
        )
        figure.update_layout(margin={"t": 80})
        return figure

    def _redraw(self) -> None:
        if self.frame is None:
            return
        summary = analysis.score_summary(self.frame, by="value", column=self.measure.value)
        self.chart.update(self._figure(summary))
        self.chart_column.children = (self.chart.box,)


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
