"""The strategy lab and the sweep explorer, driven headless by the same calls their buttons make."""

from __future__ import annotations

import random
import time
from typing import Any, ClassVar

import ipywidgets as w

import playbook
from playbook.core import Knob, ParametricAgent, RandomAgent
from playbook.widgets.common.charts import ChartOutput
from playbook.widgets.lab import StrategyLab, SweepExplorer


class FirstOrLast(ParametricAgent):
    """Takes the first legal action with probability ``first``, else the last."""

    name = "first or last"
    description = "Takes the first legal action with some probability, else the last."
    knobs: ClassVar[dict[str, Knob]] = {"first": Knob(0, 1, 0.5, 0.25, "chance of the first action")}

    def choose(self, observation: Any, legal_actions: Any, rng: random.Random) -> Any:
        return legal_actions[0] if rng.random() < self.settings["first"] else legal_actions[-1]


def test_strategy_lab_draws_a_slider_per_knob_and_ranks_with_intervals() -> None:
    lab = StrategyLab("mars_needs_mechanics", FirstOrLast, {"random": RandomAgent}, players=2, games=10, seed=3)
    assert list(lab.knobs) == ["first"] and lab.knobs["first"].value == 0.5
    lab.knobs["first"].value = 1.0
    results = lab.run()
    assert results is not None and len(results) == 20 and lab.progress.value == 10
    assert set(results["agent"]) == {"first or last", "random"}
    bars = lab.win_chart.data[0]
    assert list(bars.x) == ["first or last", "random"]
    assert all(low <= rate for low, rate in zip(bars.error_y.arrayminus, bars.y, strict=True))
    assert lab.history[-1]["first"] == 1.0 and "Settings tried" in lab.history_table.value
    lab.knobs["first"].value = 0.0
    lab.run()
    assert [row["first"] for row in lab.history] == [1.0, 0.0]
    lab.close()


def test_strategy_lab_says_why_it_cannot_run_instead_of_raising() -> None:
    lab = StrategyLab("mars_needs_mechanics", FirstOrLast, {"random": RandomAgent}, players=2, games=10)
    lab.opponent_picker.value = ()
    assert lab.run() is None and "opponent" in lab.status.widget.value
    lab.close()


def test_sweep_explorer_plots_a_measure_against_the_rule_with_a_band() -> None:
    explorer = SweepExplorer("mars_needs_mechanics", {"random": RandomAgent}, games=5, seed=2)
    explorer.field.value = "starting_cogs"
    explorer.low.value, explorer.high.value, explorer.steps.value = 10, 40, 3
    explorer.agent_picker.value = ("random",)
    explorer.players = 2
    frame = explorer.run()
    assert frame is not None and sorted(set(frame["value"])) == [10.0, 25.0, 40.0]
    band, line = explorer.chart.data
    assert list(line.x) == [10.0, 25.0, 40.0] and len(band.x) == 6
    assert explorer.progress.value == explorer.progress.max == 15
    explorer.close()


def test_lab_tabs_build_the_replay_only_when_its_tab_is_opened() -> None:
    from playbook.core import Match
    from playbook.widgets.lab import LabTabs
    from playbook.widgets.replay import ReplayViewer

    built: list[ReplayViewer] = []

    def make_replay() -> ReplayViewer:
        match = Match("mars_needs_mechanics", players=2, seed=3, agents={0: RandomAgent(), 1: RandomAgent()})
        match.advance(max_steps=10)
        built.append(ReplayViewer(match))
        return built[-1]

    lab = StrategyLab("mars_needs_mechanics", FirstOrLast, {"random": RandomAgent}, players=2, games=10)
    sweep = SweepExplorer("mars_needs_mechanics", {"random": RandomAgent}, games=5)
    tabs = LabTabs(lab, make_replay, sweep=sweep)
    assert tabs.widget.titles == ("Strategy lab", "Rule sweep", "Replay") and not built
    tabs.widget.selected_index = 2
    assert len(built) == 1 and tabs.replay_box.children == (built[0].widget,)
    tabs.widget.selected_index = 0
    tabs.widget.selected_index = 2
    assert len(built) == 1
    tabs.close()


def test_a_sleeping_strategy_in_the_lab_costs_seconds_and_its_forfeits_are_reported() -> None:
    @playbook.strategy(name="sleeper")
    def sleeper(observation: Any, legal_actions: Any, rng: random.Random) -> Any:
        time.sleep(600)
        return legal_actions[0]

    lab = StrategyLab("mars_needs_mechanics", FirstOrLast, {"random": RandomAgent}, players=2, games=10, seed=3)
    lab.custom = [sleeper]
    lab.opponent_picker.value = ()
    start = time.monotonic()
    results = lab.run()
    assert results is not None and time.monotonic() - start < 60
    status = lab.status.widget.value
    assert "won" in status and " of " in status and ".0 of" not in status
    assert "ended early" in status and "sleeper" in status
    lab.close()


def shown_charts(root: w.Widget) -> list[Any]:
    """The charts on screen under ``root``: a box hidden with ``display: none`` hides all it holds."""
    if root.layout.display == "none":
        return []
    if isinstance(root, ChartOutput):
        return [root]
    return [chart for child in getattr(root, "children", ()) for chart in shown_charts(child)]


def shown_text(root: w.Widget) -> str:
    if root.layout.display == "none":
        return ""
    own = root.value if isinstance(root, w.HTML) else ""
    return own + " ".join(shown_text(child) for child in getattr(root, "children", ()))


def test_no_empty_chart_shows_until_a_tournament_or_a_sweep_has_run() -> None:
    """Issue 19: two empty frames (the second untitled) showed before Run tournament; now a sentence says
    what will appear, and the charts show, titled, once there are results."""
    lab = StrategyLab("mars_needs_mechanics", FirstOrLast, {"random": RandomAgent}, players=2, games=10, seed=3)
    sweep = SweepExplorer("mars_needs_mechanics", {"random": RandomAgent}, games=5, seed=2, players=2)
    try:
        assert shown_charts(lab.widget) == [] and "Run tournament" in shown_text(lab.widget)
        assert shown_charts(sweep.widget) == [] and "Run sweep" in shown_text(sweep.widget)
        assert lab.run() is not None
        charts = shown_charts(lab.widget)
        assert charts == [lab.win_chart.widget, lab.score_chart.widget]
        assert all(chart.figure.layout.title.text for chart in charts)
        assert "Run tournament" not in shown_text(lab.widget)
        sweep.steps.value = 2
        assert sweep.run() is not None
        assert shown_charts(sweep.widget) == [sweep.chart.widget] and sweep.chart.figure.layout.title.text
        assert "Run sweep" not in shown_text(sweep.widget)
    finally:
        lab.close()
        sweep.close()
