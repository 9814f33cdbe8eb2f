"""The tuner: pick a rule's range and a target, press Run, watch the search fill the chart, read the answer.

``TunerView`` is ``playbook.tune`` with boxes: a rule (any number a sweep offers, in the game's words, and on
Planet Unknown every medal track of a playable corporation), its range, a target (a game length, a money
supply, a collapse rate, or a corporation's win rate or score margin against Universal Coalition) with its
tolerance, the trials, games and seed. Run plays the tune on this process; after each trial the progress bar
moves and the chart (``playbook.charts.tune.search_spec``) gains a dot, so a class on one Binder CPU sees the
search close in. The answer is the result's own sentence (``TuneResult.sentence``): "reached within ±x" or
"not reached in N trials; closest ...", whichever is true. A refusal (a range the rules refuse, a bad target)
lands in the status line, never as a traceback.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

import ipywidgets as w

from playbook.charts.common import Spec, layout_spec
from playbook.charts.labels import rule_label
from playbook.charts.tune import search_spec
from playbook.core import AgentLike, PlaybookError
from playbook.core.match import resolve_game
from playbook.games.planet_unknown.tuning import TRACK_NAMES
from playbook.tuning import TuneResult, targets, tune
from playbook.tuning.parameters import TRACK_EDITS

from .common import LiveChart, StatusLine, View, button, escape
from .lab import fitting_layout, label_style, sweep_rules

AgentFactory = Callable[[], AgentLike]
STANDARD = "standard"
#: Each target the tuner offers: its default value and tolerance (what a first Run asks for).
TARGET_DEFAULTS: dict[str, tuple[float, float]] = {
    "game length": (20.0, 1.0),
    "money supply": (800.0, 40.0),
    "collapse rate": (0.5, 0.1),
    "corporation win rate": (0.5, 0.15),
    "corporation score margin": (0.0, 2.0),
}
#: The measure each game-wide target reads (a target is offered only on a game that measures it).
TARGET_COLUMNS = {"game length": "rounds", "money supply": "kpi_money_supply", "collapse rate": "kpi_collapsed"}
CORPORATION_TARGETS = ("corporation score margin", "corporation win rate")
#: The range a medal track's shift offers first: two points off to four points on.
MEDAL_RANGE = (-2.0, 4.0)


class TunerView(View):
    """Boxes for ``playbook.tune``, a Run button, a progress bar, the search's chart and the answer in words.

    ``agents`` name the strategies a game-wide target's tournaments may play (the game's own by default); a
    corporation target plays one bot in both seats. ``parameter``, ``target`` and ``corporation`` pick what is
    shown first (on Planet Unknown the corporation's civ medals and its score margin against Universal Coalition).
    """

    def __init__(
        self,
        game: str | ModuleType = "planet_unknown",
        agents: Mapping[str, AgentFactory] | None = None,
        *,
        parameter: str | None = None,
        target: str | None = None,
        corporation: str = "makeshift",
        trials: int = 8,
        games: int = 6,
        seed: int = 1,
    ) -> None:
        self.game = resolve_game(game)
        self.agent_factories = dict(agents) if agents is not None else default_agents(self.game)
        self.lesson = _asymmetry_lesson(self.game)
        style = label_style("rule", "from", "to", "target", "corporation", "value", "tolerance", "agents", "trials")
        options = parameter_options(self.game)
        names = [name for _, name in options]
        medals = f"{TRACK_EDITS}.{corporation}.civ"
        first = parameter if parameter is not None else medals if medals in names else names[0]
        self.parameter = w.Dropdown(
            options=options,
            value=first,
            description="rule",
            style=style,
            layout=fitting_layout(style, [t for t, _ in options]),
        )
        self.low = w.FloatText(description="from", style=style, layout=w.Layout(width="14em"))
        self.high = w.FloatText(description="to", style=style, layout=w.Layout(width="14em"))
        self.parameter.observe(lambda _: self._default_range(), names="value")
        self._default_range()
        kinds = target_kinds(self.game)
        self.target = w.Dropdown(options=kinds, value=target or kinds[0], description="target", style=style)
        corporations = [] if self.lesson is None else self.lesson.playable_corporations()
        self.corporation = w.Dropdown(
            options=[(self.lesson.candidate_name("corporations", key), key) for key in corporations]
            if self.lesson
            else [],
            value=corporation if corporation in corporations else (corporations[0] if corporations else None),
            description="corporation",
            style=style,
        )
        self.bot = w.Dropdown(
            options=[name for name in self.lesson.bot_names() if name != "random"] if self.lesson else [],
            description="bot",
            style=style,
        )
        self.value = w.FloatText(description="value", style=style, layout=w.Layout(width="14em"))
        self.tolerance = w.FloatText(description="tolerance", style=style, layout=w.Layout(width="14em"))
        self.target.observe(lambda _: self._default_target(), names="value")
        self.agent_picker = w.SelectMultiple(
            options=list(self.agent_factories),
            value=list(self.agent_factories)[:2],
            description="agents",
            rows=4,
            style=style,
        )
        self.trials = w.IntSlider(value=trials, min=1, max=60, description="trials", style=style)
        self.games = w.IntSlider(value=games, min=2, max=200, description="games each", style=style)
        self.seed = w.IntText(value=seed, description="seed", style=style, layout=w.Layout(width="16em"))
        self.run_button = button("Run", lambda: self.run(), icon="play", button_style="primary")
        self.progress = w.IntProgress(value=0, min=0, max=trials, description="trials", style=style)
        self.status = StatusLine()
        self.answer = w.HTML("<i>Press <b>Run</b>: each trial's measurement joins the chart, then the answer.</i>")
        self.result: TuneResult | None = None
        self.chart = LiveChart(empty_spec())
        self.controls = w.VBox(
            [self.parameter, w.HBox([self.low, self.high]), self.target, self.corporation, self.bot,
             w.HBox([self.value, self.tolerance]), self.agent_picker, self.trials, self.games, self.seed,
             w.HBox([self.run_button, self.progress]), self.status.widget]
        )  # fmt: skip
        self._default_target()
        self.widget = w.HBox(
            [self.controls, w.VBox([self.chart.box, self.answer], layout=w.Layout(flex="1 1 0%", min_width="24em"))]
        )

    # -- defaults -----------------------------------------------------------------------------------------------
    def _default_range(self) -> None:
        """A medal shift from −2 to +4; a rule from half its standard value to one and a half times it (at least
        2 either side, not below 0)."""
        name = str(self.parameter.value)
        if name.startswith(f"{TRACK_EDITS}."):
            self.low.value, self.high.value = MEDAL_RANGE
            return
        value = float(sweep_rules(self.game).get(name, 0.0))
        span = max(2.0, float(int(value) // 2))
        self.low.value, self.high.value = max(0.0, value - span), value + span

    def _default_target(self) -> None:
        """The chosen target's default value and tolerance; the corporation boxes only for a corporation target,
        the agents only for a game-wide one."""
        value, tolerance = TARGET_DEFAULTS[str(self.target.value)]
        self.value.value, self.tolerance.value = value, tolerance
        corporate = self.target.value in CORPORATION_TARGETS
        for box in (self.corporation, self.bot):
            box.layout.display = None if corporate else "none"
        self.agent_picker.layout.display = "none" if corporate else None

    # -- running ------------------------------------------------------------------------------------------------
    def aim(self) -> targets.Target:
        """The target the boxes describe."""
        kind, value, tolerance = str(self.target.value), float(self.value.value), float(self.tolerance.value)
        if kind == "corporation win rate":
            return targets.corporation_win_rate(
                str(self.corporation.value), rate=value, tolerance=tolerance, bot=self.bot.value
            )
        if kind == "corporation score margin":
            return targets.corporation_margin(
                str(self.corporation.value), margin=value, tolerance=tolerance, bot=self.bot.value
            )
        if kind == "collapse rate":
            return targets.collapse_rate(value, tolerance=tolerance)
        if kind == "money supply":
            return targets.money_supply(value, tolerance=tolerance)
        return targets.game_length(value, tolerance=tolerance)

    def run(self) -> TuneResult | None:
        """Play the tune, moving the bar and the chart after every trial; the answer is the result's sentence."""
        self.progress.max = int(self.trials.value)
        self.progress.value = 0
        self.status.info("Tuning...")
        try:
            aim = self.aim()
            corporate = isinstance(aim, targets.CorporationTarget)
            agents = None if corporate else [self.agent_factories[name]() for name in self.agent_picker.value]
            low, high = float(self.low.value), float(self.high.value)
            bounds = (int(low), int(high)) if low.is_integer() and high.is_integer() else (low, high)
            result = tune(
                self.game,
                {str(self.parameter.value): bounds},
                aim,
                agents=agents,
                games=int(self.games.value),
                trials=int(self.trials.value),
                seed=int(self.seed.value),
                on_trial=self._show,
            )
        except PlaybookError as exc:
            self.status.error(str(exc))
            return None
        self._show(result)
        self.status.info(f"Done: {len(result.trials)} trials, {result.games_played:,} games.")
        return result

    def _show(self, result: TuneResult) -> None:
        self.result = result
        self.progress.value = len(result.trials)
        self.chart.update(search_spec(result))
        self.answer.value = f"<b>Answer:</b> {escape(result.sentence())}"


def parameter_options(game: ModuleType) -> list[tuple[str, str]]:
    """(words, name) for every rule the tuner offers: the rules a sweep offers, then on Planet Unknown each
    playable corporation's medal tracks ("Makeshift: every medal on the civ track moved by")."""
    options = [(rule_label(game, name), name) for name in sweep_rules(game)]
    lesson = _asymmetry_lesson(game)
    if lesson is None:
        return options
    for key in [STANDARD, *lesson.playable_corporations()]:
        board = lesson.corporation_board(key)
        name = lesson.candidate_name("corporations", key)
        for track, spaces in zip(TRACK_NAMES, board.tracks, strict=True):
            if any(space.medal for space in spaces):
                options.append((f"{name}: every medal on the {track} track moved by", f"{TRACK_EDITS}.{key}.{track}"))
    return options


def target_kinds(game: ModuleType) -> list[str]:
    """The targets the game can measure: its length always, a money supply and a collapse rate when its metrics
    have them, a corporation's win rate or margin on a game with corporations."""
    measured = set(targets.measure_keys(game))
    kinds = [kind for kind, column in TARGET_COLUMNS.items() if column == "rounds" or column[4:] in measured]
    if _asymmetry_lesson(game) is not None:
        kinds = [*CORPORATION_TARGETS, *kinds]
    return kinds


def default_agents(game: ModuleType) -> dict[str, AgentFactory]:
    """The game's own strategies (``agents.STRATEGIES``), by name."""
    strategies = getattr(importlib.import_module(f"{game.__name__}.agents"), "STRATEGIES", ())
    return {str(strategy.name): strategy for strategy in strategies}


def empty_spec() -> Spec:
    """The chart before a run: titled, no dots (the axes read "trial" and "measured")."""
    return {"data": [], "layout": layout_spec("Press Run: each trial's measurement appears here", "trial", "measured")}


def _asymmetry_lesson(game: ModuleType) -> Any:
    """Planet Unknown's corporations (``asymmetry_lesson``) for a game with track edits, else ``None``."""
    if "corporations" not in game.Rules.standard().to_dict():
        return None
    return importlib.import_module(f"{game.__name__}.asymmetry_lesson")
