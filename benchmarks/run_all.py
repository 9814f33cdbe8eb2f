"""Every speed figure of issue 20 beside its goal, in one run: ``make benchmark`` (or
``.venv/bin/python benchmarks/run_all.py [--quick] [--no-browser] [--json PATH]``).

The report is data first (a list of ``Row``s and the profiles, see ``collect``), printed afterwards, so a test
can check that every goal of ``goals.py`` has a figure and a verdict without timing anything.

What is measured, and why so:

- engines: random games per CPU-second and µs per random action of each table of ``goals.ENGINE_TABLES``,
  beside OpenSpiel's ``python_liars_poker`` timed in the same run in interleaved slices (see
  ``compare_openspiel``): the goal is the ratio, which a loaded machine moves far less than a rate;
- bots: each built-in strategy (``agents.STRATEGIES`` less the random agent) in every seat, beside random agents
  on the same seeds, both through ``playbook.play_match`` (what tournaments pay), best of ``--repeat`` runs;
- tournaments: ``goals.TOURNAMENT_GAMES`` games of the built-in bots on a 2-worker process pool, wall clock
  including the pool's start, as a lesson waits for it; ``--quick`` plays fewer games and extrapolates, and the
  row says so;
- clicks: ``clicks.py`` in Chromium (``--no-browser`` skips it, and the rows say so);
- "what limits it now": a pyinstrument profile of each engine's random play and of its slowest bot's game.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import os
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field, replace
from types import ModuleType

import clicks
import compare_openspiel as cos
from goals import (
    BOT_PLAYERS,
    DASHBOARD_GAMES,
    ENGINE_SECTION,
    ENGINE_TABLES,
    GOALS,
    REFERENCE_GAME,
    TOURNAMENT_GAMES,
    TOURNAMENT_PLAYERS,
    TOURNAMENT_WORKERS,
    Verdict,
    goal,
)

import playbook
from playbook.core import Agent, RandomAgent
from playbook.games import load

PROFILE_SECTION = "what limits it now"


@dataclass(frozen=True)
class Row:
    """One figure of the report: its value as measured, the goal it is judged by (if any) and the verdict."""

    section: str
    subject: str
    figure: str
    value: float | None
    shown: str
    target: str = ""
    verdict: Verdict = Verdict.INFO
    goal: str | None = None
    note: str = ""


@dataclass
class Report:
    """The rows in the order printed, the profiles, and what the run was (sizes, load, skips)."""

    rows: list[Row] = field(default_factory=list)
    profiles: list[cos.Profile] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Sizes:
    """How much to measure. The defaults are ``make benchmark``'s; ``quick()`` a shorter run, ``tiny()`` the test's."""

    engine_budget: float = 2.0  # CPU seconds per engine loop (interleaved slices)
    bot_games: int = 10  # seeded games per strategy and per repeat
    repeat: int = 2  # runs of the same seeds; the least CPU time is kept
    tournament_games: int = TOURNAMENT_GAMES
    clicks: int = 5  # clicks per dashboard
    profile_seconds: float = 0.5  # CPU seconds of play per profile

    @classmethod
    def quick(cls) -> Sizes:
        return cls(engine_budget=1.0, bot_games=4, repeat=1, tournament_games=100, clicks=3, profile_seconds=0.3)

    @classmethod
    def tiny(cls) -> Sizes:
        return cls(engine_budget=0.02, bot_games=1, repeat=1, tournament_games=2, clicks=1, profile_seconds=0.02)


def judged(goal_key: str, subject: str, value: float | None, shown: str, note: str = "") -> Row:
    """A row judged by the goal ``goal_key``."""
    chosen = goal(goal_key)
    return Row(
        chosen.section, subject, chosen.figure, value, shown, chosen.target, chosen.verdict(value), goal_key, note
    )


def info(section: str, subject: str, figure: str, value: float, shown: str, note: str = "") -> Row:
    """A row shown for context: no goal of its own."""
    return Row(section, subject, figure, value, shown, note=note)


# -- engines -----------------------------------------------------------------------------------------------------
def openspiel_reference() -> cos.Play:
    return cos.openspiel_game(REFERENCE_GAME)


def engine_rows(
    budget: float,
    tables: Sequence[tuple[str, int]] = ENGINE_TABLES,
    reference: Callable[[], cos.Play] = openspiel_reference,
) -> list[Row]:
    """Random play of every table beside the reference, timed side by side; the ratio rows carry the goal."""
    plays = {cos.table_label(game, players): cos.playbook_game(game, players) for game, players in tables}
    missing = ""
    try:
        plays = {REFERENCE_GAME: reference(), **plays}
    except cos.OpenSpielMissing as err:
        missing = str(err)
    rates = cos.measure_side_by_side(plays, budget)
    rows: list[Row] = []
    base = rates.get(REFERENCE_GAME)
    if base is not None:
        rows.append(
            info(
                ENGINE_SECTION,
                f"openspiel {REFERENCE_GAME}",
                "µs per random action",
                base.micros_per_action,
                f"{base.micros_per_action:.2f} µs",
                f"{base.games_per_second:,.0f} games/CPU-s, the yardstick",
            )
        )
    for game, players in tables:
        label = cos.table_label(game, players)
        rate = rates[label]
        rows.append(
            info(
                ENGINE_SECTION,
                label,
                "random games per CPU-second",
                rate.games_per_second,
                f"{rate.games_per_second:,.1f}",
                f"{rate.games} games, {rate.actions / rate.games:.0f} actions each",
            )
        )
        rows.append(
            info(
                ENGINE_SECTION,
                label,
                "µs per random action",
                rate.micros_per_action,
                f"{rate.micros_per_action:.2f} µs",
            )
        )
        key = f"engine_ratio/{game}/{players}p"
        if base is None:
            rows.append(judged(key, label, None, "-", missing))
        else:
            ratio = rate.micros_per_action / base.micros_per_action
            rows.append(judged(key, label, ratio, f"{ratio:.2f}x"))
    return rows


# -- bots --------------------------------------------------------------------------------------------------------
def strategies(module: ModuleType) -> tuple[type[Agent], ...]:
    """The game's built-in bots: ``agents.STRATEGIES`` without the random agent (the baseline)."""
    agents = importlib.import_module(f"{module.__name__}.agents")
    return tuple(cls for cls in agents.STRATEGIES if cls is not RandomAgent)


def _cpu_seconds(game: str, lineup: Sequence[type[Agent]], seeds: Iterable[int]) -> float:
    start = time.process_time()
    for seed in seeds:
        playbook.play_match(game, [cls() for cls in lineup], seed=seed)
    return time.process_time() - start


def bot_rows(games: int, repeat: int, players_by_game: Mapping[str, int] = BOT_PLAYERS) -> list[Row]:
    """Each strategy in every seat against random agents on the same seeds, runs interleaved, best of ``repeat``."""
    rows: list[Row] = []
    seeds = range(1000, 1000 + games)
    for game, players in players_by_game.items():
        for cls in strategies(load(game)):
            _cpu_seconds(game, [cls] * players, range(1))  # tables a strategy builds once per process
            bot = rand = math.inf
            for _ in range(repeat):
                bot = min(bot, _cpu_seconds(game, [cls] * players, seeds))
                rand = min(rand, _cpu_seconds(game, [RandomAgent] * players, seeds))
            subject = bot_subject(game, players, cls)
            ratio = bot / rand if rand > 0 else math.nan
            note = f"{games / bot:,.1f} bot games/CPU-s, {games / rand:,.1f} random" if bot > 0 else ""
            rows.append(judged(f"bot_cost/{game}", subject, ratio, f"{ratio:.2f}x", note))
            if f"bot_rate/{game}" in {g.key for g in GOALS} and players == 2:
                rate = games / bot if bot > 0 else math.inf
                rows.append(judged(f"bot_rate/{game}", subject, rate, f"{rate:,.1f}"))
    return rows


# -- tournaments -------------------------------------------------------------------------------------------------
def _worker_ready(_: int) -> int:
    return os.getpid()


@dataclass(frozen=True)
class TournamentTiming:
    games: int
    players: int
    startup: float  # seconds to start the pool's workers
    playing: float  # seconds of the tournament itself
    failed: int  # games with an error (a forfeit: a bot too slow on a loaded machine, say)

    def seconds_for(self, games: int) -> float:
        """Wall-clock seconds for ``games`` games: measured, or extrapolated from the games played."""
        return self.startup + self.playing * games / self.games


def time_tournament(game: str, games: int, workers: int = TOURNAMENT_WORKERS) -> TournamentTiming:
    module = load(game)
    agents = [cls() for cls in strategies(module)]
    players = min(TOURNAMENT_PLAYERS, module.INFO.max_players)
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        list(pool.map(_worker_ready, range(workers)))
        ready = time.perf_counter()
        frame = playbook.tournament(game, agents, games=games, seed=20, players=players, executor=pool)
        done = time.perf_counter()
    failed = int(frame.groupby("game")["error"].first().notna().sum())
    return TournamentTiming(games, players, ready - start, done - ready, failed)


def tournament_rows(games: int, names: Sequence[str] = DASHBOARD_GAMES) -> list[Row]:
    rows = []
    for game in names:
        timing = time_tournament(game, games)
        seconds = timing.seconds_for(TOURNAMENT_GAMES)
        note = f"{timing.players}p, pool start {timing.startup:.1f} s"
        if timing.games != TOURNAMENT_GAMES:
            note += f"; EXTRAPOLATED from {timing.games} games ({timing.playing:.1f} s)"
        if timing.failed:
            note += f"; {timing.failed} games forfeited (see their error column)"
        rows.append(judged(f"tournament/{game}", f"{game} {timing.players}p", seconds, f"{seconds:.1f} s", note))
    return rows


# -- clicks ------------------------------------------------------------------------------------------------------
def click_rows(results: Mapping[str, clicks.DashboardResult], skipped: str = "") -> list[Row]:
    """One row per dashboard: the median click latency measured in Chromium, the server's share beside it.

    ``skipped`` (why the browser did not run) gives every dashboard a SKIP row saying so.
    """
    rows = []
    for game in DASHBOARD_GAMES:
        key = f"click/{game}"
        result = results.get(game)
        if skipped:
            chosen = goal(key)
            rows.append(
                Row(chosen.section, game, chosen.figure, None, "-", chosen.target, Verdict.SKIPPED, key, skipped)
            )
        elif result is None or not result.clicks:
            reason = result.error if result is not None else "not measured"
            rows.append(judged(key, game, None, "-", reason))
        else:
            median = statistics.median(c.milliseconds for c in result.clicks)
            each = ", ".join(f"{c.milliseconds:.0f}" for c in result.clicks)
            note = f"clicks: {each} ms; Python handler alone (headless) median {result.handler_median:.0f} ms"
            rows.append(judged(key, game, median, f"{median:.0f} ms", note))
    return rows


# -- profiles ----------------------------------------------------------------------------------------------------
def _play_for(seconds: float, play: Callable[[int], object]) -> Callable[[], None]:
    def work() -> None:
        start = time.process_time()
        seed = 0
        while seed == 0 or time.process_time() - start < seconds:
            play(seed)
            seed += 1

    return work


def bot_subject(game: str, players: int, cls: type[Agent]) -> str:
    return f"{game} {players}p {cls.name}"


def slowest_bots(bot_rows_measured: Sequence[Row]) -> dict[str, type[Agent]]:
    """Per game, the strategy whose game costs the most times a random game, from the bot rows."""
    cost = {row.subject: row.value for row in bot_rows_measured if row.goal and row.goal.startswith("bot_cost/")}
    found: dict[str, type[Agent]] = {}
    for game, players in BOT_PLAYERS.items():
        measured = [
            (cost[bot_subject(game, players, cls)], cls)
            for cls in strategies(load(game))
            if cost.get(bot_subject(game, players, cls)) is not None
        ]
        if measured:
            found[game] = max(measured, key=lambda item: item[0] or 0.0)[1]
    return found


def profiles(seconds: float, bot_rows_measured: Sequence[Row] = ()) -> list[cos.Profile]:
    """Per game: random play of its first engine table, and a game of its slowest bot (from the bot rows)."""
    found = []
    slowest = slowest_bots(bot_rows_measured)
    for game, players in BOT_PLAYERS.items():
        engine = cos.playbook_game(game, players)
        found.append(cos.profile(f"{game} {players}p random play (the engine)", _play_for(seconds, engine)))
        if game in slowest:
            cls = slowest[game]
            playbook.play_match(game, [cls() for _ in range(players)], seed=1)  # once-per-process tables

            def bot_game(seed: int, game: str = game, cls: type[Agent] = cls, players: int = players) -> object:
                return playbook.play_match(game, [cls() for _ in range(players)], seed=seed)

            title = f"{game} {players}p {cls.name} bots (its slowest)"
            found.append(cos.profile(title, _play_for(seconds, bot_game)))
    return found


# -- the report --------------------------------------------------------------------------------------------------
def collect(
    sizes: Sizes,
    *,
    browser: bool = True,
    profile: bool = True,
    reference: Callable[[], cos.Play] = openspiel_reference,
    click_results: Mapping[str, clicks.DashboardResult] | None = None,
    say: Callable[[str], None] = lambda _: None,
) -> Report:
    """Measure everything and return it as rows. ``click_results`` stands in for the browser (a test's)."""
    report = Report()
    load_now = os.getloadavg()
    report.notes.append(
        f"load average at the start {load_now[0]:.1f} on {os.cpu_count()} CPUs; engine and bot "
        "figures are ratios of loops timed side by side in this run"
    )
    say("engines ...")
    report.rows += engine_rows(sizes.engine_budget, reference=reference)
    say("bots ...")
    bots = bot_rows(sizes.bot_games, sizes.repeat)
    report.rows += bots
    say("tournaments ...")
    report.rows += tournament_rows(sizes.tournament_games)
    if click_results is not None:
        report.rows += click_rows(click_results)
    elif browser:
        say("clicks in Chromium ...")
        report.rows += click_rows(clicks.measure_all(sizes.clicks))
    else:
        report.rows += click_rows({}, skipped="skipped: --no-browser")
    if profile:
        say("profiles ...")
        report.profiles += profiles(sizes.profile_seconds, bots)
        if click_results is None and browser:
            report.profiles.append(clicks.slowest_handler_profile(sizes.clicks))
    report.notes.append(f"load average at the end {os.getloadavg()[0]:.1f}")
    return report


def verdicts(report: Report) -> dict[str, Verdict]:
    """Each goal's verdict over its rows: MISS if any row misses, N/A or SKIP if no row has a number."""
    found: dict[str, Verdict] = {}
    for row in report.rows:
        if row.goal is None:
            continue
        before = found.get(row.goal)
        if before is None or row.verdict is Verdict.MISS or before in (Verdict.NOT_MEASURED, Verdict.SKIPPED):
            found[row.goal] = row.verdict
    return found


def render(report: Report) -> str:
    """The report as text: one table per section, PASS/MISS beside every goal, then the profiles."""
    lines: list[str] = []
    widths = {
        "subject": max((len(r.subject) for r in report.rows), default=10),
        "figure": max((len(r.figure) for r in report.rows), default=10),
        "shown": max((len(r.shown) for r in report.rows), default=6),
        "target": max((len(r.target) for r in report.rows), default=6),
    }
    section = None
    for row in report.rows:
        if row.section != section:
            section = row.section
            lines += ["", f"== {section}"]
            lines.append(
                f"{'':2}{'table':{widths['subject']}}  {'figure':{widths['figure']}}  "
                f"{'value':>{widths['shown']}}  {'goal':{widths['target']}}  {'verdict':7}  note"
            )
        lines.append(
            f"{'':2}{row.subject:{widths['subject']}}  {row.figure:{widths['figure']}}  "
            f"{row.shown:>{widths['shown']}}  {row.target:{widths['target']}}  {row.verdict.value:7}  "
            f"{row.note}"
        )
    summary = verdicts(report)
    counts = {v: sum(1 for x in summary.values() if x is v) for v in Verdict}
    lines += ["", f"goals: {len(GOALS)}; " + ", ".join(f"{v.value} {n}" for v, n in counts.items() if n)]
    missed = [key for key, v in summary.items() if v is Verdict.MISS]
    if missed:
        lines.append("missed: " + ", ".join(missed))
    for profile in report.profiles:
        lines += ["", f"== {PROFILE_SECTION}: {profile.title} ({profile.milliseconds:.0f} ms profiled)"]
        lines.append("  CPU is in (own time):")
        lines += [f"    {spot}" for spot in profile.own]
        lines.append("  charged to our code (innermost playbook function on the stack):")
        lines += [f"    {spot}" for spot in profile.ours]
    lines += ["", *report.notes]
    return "\n".join(lines)


def to_json(report: Report) -> str:
    rows = [
        asdict(replace(row, value=None if row.value is None or math.isnan(row.value) else row.value))
        for row in report.rows
    ]
    return json.dumps(
        {"rows": rows, "profiles": [asdict(p) for p in report.profiles], "notes": report.notes}, indent=1, default=str
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--quick",
        action="store_true",
        help="shorter measurements; tournaments of 100 games, extrapolated to 1,000 (said so)",
    )
    parser.add_argument("--no-browser", action="store_true", help="skip the click latency in Chromium")
    parser.add_argument("--no-profile", action="store_true", help="skip the profiles")
    parser.add_argument("--tournament-games", type=int, help="games per tournament (extrapolated to 1,000)")
    parser.add_argument("--json", help="also write the report as JSON to this file")
    args = parser.parse_args(argv)
    sizes = Sizes.quick() if args.quick else Sizes()
    if args.tournament_games:
        sizes = replace(sizes, tournament_games=args.tournament_games)
    report = collect(
        sizes,
        browser=not args.no_browser,
        profile=not args.no_profile,
        say=lambda text: print(text, file=sys.stderr, flush=True),
    )
    print(render(report))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            out.write(to_json(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
