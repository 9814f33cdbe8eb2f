"""The asymmetry lab (issue 19): measure Planet Unknown's asymmetric starts against a reference, in a dashboard.

The lesson ``notebooks/planet_unknown_asymmetry.ipynb`` measures each asymmetric corporation (or planet) against
a reference start with bot tournaments; this view lets a teacher or a student do the same without code.

A **pairing** seats one corporation or planet, the *candidate*, against the *reference* (Universal Coalition,
or the planet KSB-4156), every other choice standard, both seats played by the same bot. Why the numbers can be
trusted on a handful of games:

- **Paired design.** Every pairing plays the same seeds in the same seatings (``game_plan``): the same tiles
  dealt and the same commander, so two pairings differ only by the candidate. With "both seats" each seed, a
  **deal**, is played once with the candidate in seat 0 and once in seat 1, so whatever a seat is worth cancels.
- **One margin per deal.** A game gives one number, the candidate's score minus the reference's; the two seats
  of a game are not two observations. Nor are the two games of a deal: they share its tiles and its commander.
  So, as in the lesson (``playbook.games.planet_unknown.asymmetry_lesson``), a deal's margin is the mean over
  its two seatings (``deal_margins``; a forfeited game drops its whole deal), and an interval counts deals, never
  games or seat rows: 6 games in both seats are 3 deals, and the lab says "3 deals (6 games)". With the
  candidate in one seat only, each game is its own deal.
- **A t interval.** A dashboard run rests on a few deals a pairing; the normal interval of ``playbook.analysis``
  is too narrow for so few, so the margin's 95% interval is the paired t interval over deals (``deals - 1``
  degrees of freedom; the lesson's ``compare_deals``, ``playbook.findings.compare_paired`` for one seat), whose
  verdict and sentence the lab shows as they are.

Runs are bounded for a Binder with one CPU: the default plays 6 games (3 deals) of one pairing (a few seconds), a
progress bar moves after every game, and every number says how many deals and games it rests on. Results of the
same settings
accumulate, so "Run every corporation" (or pairing after pairing) fills one chart of every candidate's mean
margin with its interval; changing a setting starts a fresh chart, since numbers from other settings do not
compare. The legends say what each corporation (its strengths, weaknesses, rovers, medals and techs) or planet
(its special squares and rules) is, and "Play this pairing at the table" deals the pairing on a table the lab is
given, for a person to play against the bots.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as w
import pandas as pd

from playbook.charts import design
from playbook.core.engine import check_int, check_seed
from playbook.core.errors import InvalidArgumentError, PlaybookError, shown
from playbook.core.tournament import game_seeds, play_games
from playbook.findings import MINUS, NO_DIFFERENCE, Comparison, compare_paired
from playbook.games import planet_unknown as pu
from playbook.games.planet_unknown import variants
from playbook.games.planet_unknown.asymmetry_lesson import compare_deals, deal_margins
from playbook.games.planet_unknown.board import track_tables
from playbook.games.planet_unknown.components import Corporation

from ..common import AgentFactory, LiveChart, StatusLine, View, escape
from ..lab import LAB_TIME_LIMIT, label_style
from . import asymmetric as asym
from . import corporation as corp
from .table import DEFAULT_AGENTS, PlanetUnknownTable
from .words import TECH_WORDS

STANDARD = asym.STANDARD
#: What a pairing varies (a ``Rules`` field) and its name in words, one and many.
FIELDS: dict[str, tuple[str, str]] = {"corporations": ("corporation", "corporations"), "planets": ("planet", "planets")}
#: Where the candidate sits: both seats on the same seeds (the default: a seat's worth cancels), or one seat.
SEATINGS: dict[str, str] = {
    "both": "both seats, swapped on the same seeds",
    "0": "candidate in seat 0",
    "1": "candidate in seat 1",
}
MOST_GAMES = 40
DEFAULT_GAMES = 6
DEFAULT_BOT = "track racer"
#: A comparison's verdict (``findings``) as the table says it of the candidate.
VERDICTS = {"higher": "ahead", "lower": "behind", NO_DIFFERENCE: NO_DIFFERENCE}


# -- what a run plays ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Plan:
    """The settings a run plays, the same for every pairing: results of equal plans compare, others do not."""

    field: str
    reference: str
    seating: str
    games: int
    seed: int
    bot: str


def check_plan(plan: Plan, bots: Mapping[str, AgentFactory]) -> Plan:
    """``plan`` if every setting names something that exists; else a refusal naming the setting."""
    if plan.field not in FIELDS:
        raise InvalidArgumentError(f"compare: {shown(plan.field)} is not one of {sorted(FIELDS)}")
    if plan.reference not in choice_keys(plan.field):
        raise InvalidArgumentError(f"reference: no {FIELDS[plan.field][0]} {shown(plan.reference)}")
    if plan.seating not in SEATINGS:
        raise InvalidArgumentError(f"seats: {shown(plan.seating)} is not one of {sorted(SEATINGS)}")
    check_int(plan.games, "games per pairing", 2, MOST_GAMES)
    if plan.seating == "both" and plan.games % 2:
        raise InvalidArgumentError(f"games per pairing: {plan.games} is odd; both seats need an even number")
    check_seed(plan.seed)
    if plan.bot not in bots:
        raise InvalidArgumentError(f"bot: no bot {shown(plan.bot)}; the lab offers {sorted(bots)}")
    return plan


def choice_keys(field: str) -> list[str]:
    """Every key a pairing may name for ``field``: the standard one first, then what the engine plays."""
    options = asym.corporation_options() if field == "corporations" else asym.planet_options()
    return [key for _label, key in options]


def game_plan(seating: str, games: int, seed: int) -> list[tuple[int, int, int]]:
    """``(deal, candidate's seat, game seed)`` of each game: the same list for every pairing of a plan. "both"
    plays ``games // 2`` seeds (deals) twice, the candidate in seat 0 then in seat 1, as the lesson's
    ``play_pairing`` does; one seat plays ``games`` seeds, each game its own deal."""
    if seating == "both":
        seeds = game_seeds(seed, games // 2)
        return [(deal, seat, s) for seat in (0, 1) for deal, s in enumerate(seeds)]
    return [(deal, int(seating), s) for deal, s in enumerate(game_seeds(seed, games))]


def deals_in(plan: Plan) -> int:
    """The deals (seeds) a pairing of ``plan`` plays: half its games in both seats, else one a game."""
    return plan.games // 2 if plan.seating == "both" else plan.games


def counted(deals: int, seating: str) -> str:
    """How many deals and games a number rests on: "3 deals (6 games)" in both seats, "3 games" in one."""
    if seating != "both":
        return f"{deals} game{'' if deals == 1 else 's'}"
    return f"{deals} deal{'' if deals == 1 else 's'} ({2 * deals} games)"


def pairing_rules(field: str, candidate: str, reference: str, seat: int) -> pu.Rules:
    """Two-player rules with ``candidate`` in ``seat`` and ``reference`` in the other seat; the other choice
    (planet or corporation) standard for both."""
    keys = [reference, reference]
    keys[seat] = candidate
    standard = [STANDARD, STANDARD]
    planets, corporations = (standard, keys) if field == "corporations" else (keys, standard)
    return asym.with_seats(pu.Rules.standard(), planets, corporations, 2)


def play_pairing(
    plan: Plan, candidate: str, bot: Any, on_game: Callable[[], None] | None = None
) -> list[dict[str, Any]]:
    """One row per game of ``plan`` with ``candidate``: its deal, seat and seed, both scores, the margin
    (candidate minus reference) and the error of a game a bot forfeited (its scores ``nan``)."""
    rules = {seat: pairing_rules(plan.field, candidate, plan.reference, seat) for seat in (0, 1)}
    rows = []
    for index, (deal, seat, seed) in enumerate(game_plan(plan.seating, plan.games, plan.seed)):
        seats = play_games(pu.INFO.name, [bot], [(index, seed)], rules[seat], 2, False, LAB_TIME_LIMIT)
        mine, other = float(seats[seat]["score"]), float(seats[1 - seat]["score"])
        rows.append(
            {
                "key": candidate,
                "game": index,
                "deal": deal,
                "seed": seed,
                "seat": seat,
                "score": mine,
                "reference score": other,
                "margin": mine - other,
                "error": seats[0]["error"],
            }
        )
        if on_game is not None:
            on_game()
    return rows


# -- the numbers --------------------------------------------------------------------------------------------
def seed_margins(games: pd.DataFrame, seating: str) -> pd.DataFrame:
    """One row per deal (seed) of one pairing, indexed by deal: the candidate's and the reference's score and
    the margin. In both seats, the lesson's ``deal_margins``: the mean over the deal's two seatings, a deal with
    a forfeited game left out whole; in one seat, each game played to the end is its own deal."""
    if seating == "both":
        return deal_margins(games)
    played = games[games["error"].isna()].set_index("deal")
    return played[["score", "reference score", "margin"]].astype(float)


def pairing_comparison(games: pd.DataFrame, name: str, reference: str, seating: str) -> Comparison:
    """The candidate's scores against the reference's on the same deals: the paired t interval of the per-deal
    margins (``deals - 1`` degrees of freedom), its verdict and its sentence. In both seats the lesson's
    ``compare_deals``, whose sentence says "3 deals, 6 games"; in one seat ``findings.compare_paired`` over
    games. Refused (``FindingError``) with fewer than two deals played to the end."""
    deals = seed_margins(games, seating)
    scores = [float(v) for v in deals["score"]]
    references = [float(v) for v in deals["reference score"]]
    if seating == "both":
        return compare_deals(scores, references, a=name, b=reference, measure="points")
    return compare_paired(scores, references, a=name, b=reference, measure="points", fmt=".1f")


def pairing_row(games: pd.DataFrame, name: str, reference: str, by: str, seating: str) -> dict[str, Any]:
    """One pairing's line: the deals played to the end (``seed_margins``) and their games, the mean margin and its
    interval over deals, deals won, lost and tied (by the deal's margin), games a bot forfeited, and the verdict
    ("too few deals" when fewer than two finished; "too few games" in one seat)."""
    margins = [float(m) for m in seed_margins(games, seating)["margin"]]
    deals = len(margins)
    row: dict[str, Any] = {by: name, "deals": deals, "games": 2 * deals if seating == "both" else deals}
    row |= {"margin": math.nan, "ci_low": math.nan, "ci_high": math.nan}
    row["verdict"] = "too few deals" if seating == "both" else "too few games"
    if deals >= 2:
        found = pairing_comparison(games, name, reference, seating)
        difference = found.difference
        row |= {"margin": difference.value, "ci_low": difference.low, "ci_high": difference.high}
        row["verdict"] = VERDICTS[found.verdict]
    return row | {
        "wins": sum(m > 0 for m in margins),
        "losses": sum(m < 0 for m in margins),
        "ties": sum(m == 0 for m in margins),
        "forfeited": int(games["error"].notna().sum()),
    }


def pairing_summary(
    games: pd.DataFrame, names: Mapping[str, str], reference: str, by: str, seating: str
) -> pd.DataFrame:
    """One line per candidate, in ``names``' order (``pairing_row``); ``by`` names the candidate column."""
    rows = [pairing_row(games[games["key"] == key], name, reference, by, seating) for key, name in names.items()]
    return pd.DataFrame(rows, columns=_no_summary(by).columns)


def signed(value: float) -> str:
    """A margin as the findings write it: its sign always, a true minus."""
    return f"{value:+.1f}".replace("-", MINUS)


# -- names and legends --------------------------------------------------------------------------------------
def choice_name(field: str, key: str) -> str:
    """A corporation's or planet's own name ("Universal Coalition", "KSB-4156" for the standard ones)."""
    if field == "corporations":
        return corporation_board(key).name
    return pu.Rules.standard().planet(0).name if key == STANDARD else variants.planet_entry(key).name


def corporation_board(key: str) -> Corporation:
    """A corporation's printed board: Universal Coalition is the standard one."""
    return pu.Rules.standard().c.corporation if key == STANDARD else variants.corporation_table(key)


def corporation_legend_html(key: str) -> str:
    """What sets a corporation apart, from its component data: its strength and weakness, rovers at the start,
    the medal points at its five track tops and its tech powers in words."""
    board = corporation_board(key)
    data = corp.corporation_data(key)
    medals = sum(track[-1] for track in track_tables(board).best_medal)
    techs = "; ".join(
        f"{level}: {corp.tech_text(board, power, TECH_WORDS)}" for level, power in enumerate(board.techs, 1)
    )
    if key == STANDARD:
        character = "The base game's board: the reference every asymmetric corporation is measured against."
    else:
        character = (
            f"Strong: {data.get('advantage', '?')}. Weak: {data.get('weakness', '?')}. "
            f"Complexity {data.get('complexity', '?')}."
        )
    return (
        f"<div class='pu-corporation-legend pu-legend-{escape(key)}' style='font-size:11px;margin-bottom:4px'>"
        f"<b>{escape(board.name)}</b>: {escape(character)} Rovers at the start: {board.rovers}; medal points at "
        f"the tops of its tracks: {medals}. Techs: {escape(techs)}.</div>"
    )


def legend_html(field: str, key: str) -> str:
    """A corporation's legend, or a planet's (its special squares and own rules)."""
    if field == "corporations":
        return corporation_legend_html(key)
    planet = pu.Rules.standard().planet(0) if key == STANDARD else variants.planet_entry(key)
    return asym.planet_legend_html(planet)


def legends_html(field: str, shown_first: Sequence[str]) -> str:
    """The legends of ``shown_first`` (the pairing), then every other one folded away."""
    others = "".join(legend_html(field, key) for key in choice_keys(field) if key not in shown_first)
    return (
        "".join(legend_html(field, key) for key in shown_first)
        + f"<details><summary>Every other {FIELDS[field][0]}</summary>{others}</details>"
    )


# -- the view -----------------------------------------------------------------------------------------------
class AsymmetryLab(View):
    """Pick a corporation (or planet) pairing and the seats, play a seeded batch of bot games, and read each
    pairing's mean margin with its 95% t interval over deals (seeds: in both seats, a deal's two games averaged
    first), in a table and a chart; the legends say what each one is. Given a ``table`` (a
    ``PlanetUnknownTable``), "Play this pairing at the table" deals the pairing there."""

    game = pu

    def __init__(
        self,
        *,
        table: PlanetUnknownTable | None = None,
        field: str = "corporations",
        games: int = DEFAULT_GAMES,
        seed: int = 1,
        bots: Mapping[str, AgentFactory] | None = None,
    ) -> None:
        self.bots = dict(DEFAULT_AGENTS if bots is None else bots)
        check_plan(Plan(field, STANDARD, "both", games, seed, next(iter(self.bots), "")), self.bots)
        if table is not None and not isinstance(table, PlanetUnknownTable):
            raise InvalidArgumentError(f"table: {shown(table)} is not a Planet Unknown table")
        self.table = table
        self.games_played: pd.DataFrame = _no_games()
        self.measured: Plan | None = None
        self._build(field, games, seed)
        self._show_choices()

    def _build(self, field: str, games: int, seed: int) -> None:
        style = label_style("compare", "reference", "candidate", "seats", "bot", "games per pairing", "seed")
        self.field = w.ToggleButtons(
            options=[(words[1], key) for key, words in FIELDS.items()],
            value=field,
            description="compare",
            style={**style, "button_width": "8.5em"},  # ipywidgets' default cuts "corporations"
        )
        self.reference = w.Dropdown(description="reference", style=style, layout=w.Layout(width="26em"))
        self.candidate = w.Dropdown(description="candidate", style=style, layout=w.Layout(width="26em"))
        self.seating = w.Dropdown(
            options=[(words, key) for key, words in SEATINGS.items()],
            value="both",
            description="seats",
            style=style,
            layout=w.Layout(width="26em"),
        )
        bot = DEFAULT_BOT if DEFAULT_BOT in self.bots else next(iter(self.bots))
        self.bot = w.Dropdown(options=list(self.bots), value=bot, description="bot", style=style)
        self.games = w.IntSlider(
            value=games, min=2, max=MOST_GAMES, step=2, description="games per pairing", style=style
        )
        self.seed = w.IntText(value=seed, description="seed", style=style, layout=w.Layout(width="16em"))
        self.run_button = w.Button(description="Run this pairing", icon="play", button_style="primary")
        self.run_all_button = w.Button(icon="forward", layout=w.Layout(width="auto"))
        self.run_button.layout.width = "auto"
        self.run_button.on_click(lambda _: self.run())
        self.run_all_button.on_click(lambda _: self.run_every())
        self.progress = w.IntProgress(value=0, min=0, max=1, description="games played", style=style)
        self.status = StatusLine()
        self.table_button = w.Button(description="Play this pairing at the table", icon="user")
        self.table_button.layout.width = "auto"
        self.table_button.layout.display = None if self.table is not None else "none"
        self.table_button.on_click(lambda _: self.play_at_table())
        self.placeholder = w.HTML(
            "<i>Press <b>Run this pairing</b>: the candidate's mean score margin over the reference, with its 95% "
            "interval, appears here; <b>Run every</b> one fills the chart.</i>"
        )
        self.chart = LiveChart(self._figure(_no_summary()))
        self.summary_table = w.HTML()
        self.summary_table.add_class("pu-asymmetry-summary")
        self.legends = w.HTML()
        self.legends.add_class("pu-asymmetry-legends")
        controls = w.VBox(
            [
                self.field,
                self.reference,
                self.candidate,
                self.seating,
                self.bot,
                self.games,
                self.seed,
                w.HBox([self.run_button, self.run_all_button]),
                self.progress,
                self.status.widget,
                self.table_button,
                w.HTML("<b>Legends</b>"),
                self.legends,
            ],
            layout=w.Layout(width="40em"),
        )
        self.results = w.VBox([self.placeholder, self.summary_table], layout=w.Layout(flex="1 1 0%", min_width="24em"))
        self.widget = w.HBox([controls, self.results], layout=w.Layout(flex_flow="row wrap", width="100%"))
        self.widget.add_class("pu-asymmetry-lab")
        self.field.observe(lambda _: self._show_choices(), names="value")
        self.reference.observe(lambda _: self._show_candidates(), names="value")
        self.candidate.observe(lambda _: self._show_legends(), names="value")

    # -- choices ------------------------------------------------------------------------------------------
    def _options(self) -> list[tuple[str, str]]:
        return asym.corporation_options() if self.field.value == "corporations" else asym.planet_options()

    def _show_choices(self) -> None:
        """The reference and candidate lists of the field chosen (the standard one the reference)."""
        self.reference.options = self._options()
        self.reference.value = STANDARD
        self.run_all_button.description = f"Run every {FIELDS[self.field.value][0]}"
        self._show_candidates()

    def _show_candidates(self) -> None:
        """Every choice but the reference; the one shown stays when it still may be a candidate."""
        kept = self.candidate.value
        options = [(label, key) for label, key in self._options() if key != self.reference.value]
        self.candidate.options = options
        keys = [key for _label, key in options]
        self.candidate.value = kept if kept in keys else keys[0]
        self._show_legends()

    def _show_legends(self) -> None:
        self.legends.value = legends_html(self.field.value, [self.candidate.value, self.reference.value])

    def plan(self) -> Plan:
        """The settings the controls show now, checked."""
        return check_plan(
            Plan(
                self.field.value,
                self.reference.value,
                self.seating.value,
                int(self.games.value),
                int(self.seed.value),
                self.bot.value,
            ),
            self.bots,
        )

    def candidates(self) -> list[str]:
        """Every candidate of the field chosen, in the list's order (the reference left out)."""
        return [key for _label, key in self.candidate.options]

    # -- running ------------------------------------------------------------------------------------------
    def run(self, candidates: Sequence[str] | None = None) -> pd.DataFrame | None:
        """Play the plan's games for ``candidates`` (default: the candidate chosen) and redraw the table and the
        chart; results of the same plan accumulate. A refusal lands in the status line and changes nothing."""
        try:
            plan = self.plan()
            if isinstance(candidates, str):
                raise InvalidArgumentError(f"candidates: give a list of keys, not the text {shown(candidates)}")
            chosen = list(candidates) if candidates is not None else [self.candidate.value]
            unknown = [key for key in chosen if key not in self.candidates()]
            if unknown or not chosen:
                raise InvalidArgumentError(
                    f"candidates: {shown(unknown or chosen)} are not candidates against the reference"
                )
            rows = self._play(plan, chosen)
        except PlaybookError as exc:
            self.status.error(str(exc))
            return None
        kept = self.games_played if plan == self.measured else _no_games()
        kept = kept[~kept["key"].isin(chosen)]
        new = pd.DataFrame(rows, columns=_no_games().columns)
        self.games_played = pd.concat([kept, new], ignore_index=True) if len(kept) else new
        self.measured = plan
        summary = self.summary()
        self._redraw(summary)
        self._say(summary, plan, chosen)
        return summary

    def run_every(self) -> pd.DataFrame | None:
        """Play every candidate of the field against the reference (games per pairing times the candidates)."""
        return self.run(self.candidates())

    def _play(self, plan: Plan, chosen: Sequence[str]) -> list[dict[str, Any]]:
        """Every game of ``chosen``, the progress bar moving after each; the run buttons rest meanwhile, so a
        second press cannot queue another run behind this one."""
        self.progress.max = plan.games * len(chosen)
        self.progress.value = 0
        self.status.info(f"Playing {self.progress.max} games...")
        bot = self.bots[plan.bot]()
        rows: list[dict[str, Any]] = []
        self.run_button.disabled = self.run_all_button.disabled = True
        try:
            for key in chosen:
                rows.extend(play_pairing(plan, key, bot, self._progressed))
        finally:
            self.run_button.disabled = self.run_all_button.disabled = False
        return rows

    def _progressed(self) -> None:
        self.progress.value += 1

    def summary(self) -> pd.DataFrame:
        """Every pairing measured with the current results' plan, in the candidates' order: one line each, its
        interval over deals (``pairing_row``)."""
        if self.measured is None:
            return _no_summary()
        measured = set(self.games_played["key"])
        order = [key for key in choice_keys(self.measured.field) if key in measured]
        names = {key: choice_name(self.measured.field, key) for key in order}
        reference = choice_name(self.measured.field, self.measured.reference)
        by = FIELDS[self.measured.field][0]
        return pairing_summary(self.games_played, names, reference, by, self.measured.seating)

    def _figure(self, summary: pd.DataFrame) -> Any:
        plan = self.measured
        by = FIELDS[plan.field][0] if plan is not None else "corporation"
        reference = choice_name(plan.field, plan.reference) if plan is not None else "the reference"
        each = f"{counted(deals_in(plan), plan.seating)} each, " if plan is not None else ""
        over = " over deals" if plan is None or plan.seating == "both" else ""
        figure = design.interval_bars(
            summary if len(summary) else _no_summary(by),
            x=by,
            y="margin",
            title=f"Mean score margin against {reference}<br>({each}95% t interval{over})",
            y_title="mean score margin (points a game)",
            x_title=by,
        )
        figure.add_hline(y=0, line_dash="dot")
        figure.update_layout(margin={"t": 80})
        return figure

    def _redraw(self, summary: pd.DataFrame) -> None:
        self.chart.update(self._figure(summary))
        by = str(summary.columns[0])
        seating = self.measured.seating if self.measured is not None else "both"
        unit = "deals" if seating == "both" else "games"
        shown_table = pd.DataFrame(
            {
                by: summary[by],
                "measured on": [counted(int(deals), seating) for deals in summary["deals"]],
                "mean margin": [signed(float(m)) for m in summary["margin"]],
                "95% t interval": [
                    f"{signed(float(lo))} to {signed(float(hi))}"
                    for lo, hi in zip(summary["ci_low"], summary["ci_high"], strict=True)
                ],
                f"{unit} won": summary["wins"],
                f"{unit} lost": summary["losses"],
                f"{unit} tied": summary["ties"],
                "verdict": summary["verdict"],
            }
        )
        self.summary_table.value = "<b>Pairings measured</b>" + shown_table.to_html(index=False)
        self.results.children = (self.chart.box, self.summary_table)

    def _say(self, summary: pd.DataFrame, plan: Plan, chosen: Sequence[str]) -> None:
        """The comparison's own sentence for the pairing just played (or a count for several), and the plan."""
        reference = choice_name(plan.field, plan.reference)
        deals = deals_in(plan)
        if plan.seating == "both":
            seeds = f"{deals} seed{'s' if deals > 1 else ''} in both seatings"
        else:
            seeds = SEATINGS[plan.seating]
        how = f"({seeds}, {plan.bot} in both seats)"
        if len(chosen) == 1:
            name = choice_name(plan.field, chosen[0])
            games = self.games_played[self.games_played["key"] == chosen[0]]
            finished = len(seed_margins(games, plan.seating))
            if finished >= 2:
                text = f"{pairing_comparison(games, name, reference, plan.seating).sentence()} {how}"
            else:
                unit = "deals" if plan.seating == "both" else "games"
                text = f"{name}: {counted(finished, plan.seating)} finished, an interval needs 2 {unit} {how}."
        else:
            apart = [str(row.iloc[0]) for _index, row in summary.iterrows() if row["verdict"] in ("ahead", "behind")]
            text = f"Played {len(chosen)} pairings against {reference}, {counted(deals, plan.seating)} each {how}. "
            text += f"Intervals that leave out 0: {', '.join(apart)}." if apart else "Every interval contains 0."
        forfeited = int(summary["forfeited"].sum())
        if forfeited:
            whole = ", each with the other seating of its deal" if plan.seating == "both" else ""
            self.status.error(f"{text} {forfeited} game(s) forfeited by a bot are left out{whole}.", heading="Note:")
        else:
            self.status.info(text)

    # -- the table ----------------------------------------------------------------------------------------
    def play_at_table(self) -> None:
        """Deal the pairing on the table: the candidate in seat 0, the reference in every other seat."""
        if self.table is None:
            return
        field, candidate, reference = self.field.value, self.candidate.value, self.reference.value
        setup = self.table.seat_setup
        for seat in range(len(setup.planets)):
            key = candidate if seat == 0 else reference
            setup.choose(seat, *((STANDARD, key) if field == "corporations" else (key, STANDARD)))
        self.table.new_game()
        self.status.info(
            f"The table plays {choice_name(field, candidate)} in seat 0 against {choice_name(field, reference)}."
        )


def _no_games() -> pd.DataFrame:
    columns = ["key", "game", "deal", "seed", "seat", "score", "reference score", "margin", "error"]
    return pd.DataFrame(columns=columns)


def _no_summary(by: str = "corporation") -> pd.DataFrame:
    columns = [by, "deals", "games", "margin", "ci_low", "ci_high", "verdict", "wins", "losses", "ties", "forfeited"]
    return pd.DataFrame(columns=columns)
