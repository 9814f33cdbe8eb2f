"""The speed goals of issue 20 in one table: every benchmark script and the report of ``run_all.py`` read them here.

A goal is a limit on one figure. Some figures come in several rows (one per strategy, one per click); the goal
holds when every row of it passes. Engine figures are ratios measured within one run (the machine is shared, so
an absolute rate moves with other people's work while a ratio of two loops timed side by side moves far less);
the tournament and click figures are wall-clock times, because a lesson waits for them by the clock.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum, StrEnum

#: OpenSpiel's pure-Python game whose cost per random action is the yardstick for every engine.
REFERENCE_GAME = "python_liars_poker"

#: (game, players) of the engine figures: the table sizes issue 20 measured. Planet Unknown is measured at 2
#: players (its bot figure) and at 4 (the tournament's size).
ENGINE_TABLES: tuple[tuple[str, int], ...] = (
    ("mars_needs_mechanics", 4),
    ("parts_unknown", 6),
    ("offal_game", 2),
    ("planet_unknown", 2),
    ("planet_unknown", 4),
)

#: Seats of the bot-cost figure per game: the first engine table of that game, so a bot game is compared with
#: the random game measured beside it.
BOT_PLAYERS: dict[str, int] = {game: dict(reversed(ENGINE_TABLES))[game] for game, _ in ENGINE_TABLES}

#: Seats of the tournament figure: 4, or fewer where the game seats fewer (An Offal Game seats 2).
TOURNAMENT_PLAYERS = 4
TOURNAMENT_GAMES = 1_000
TOURNAMENT_WORKERS = 2

#: The dashboards of the click figure: ``widgets/<game>.ipynb``, one per registered game.
DASHBOARD_GAMES: tuple[str, ...] = ("mars_needs_mechanics", "parts_unknown", "offal_game", "planet_unknown")


class Direction(Enum):
    """Which side of the limit passes."""

    AT_MOST = "<="
    AT_LEAST = ">="
    BELOW = "<"


class Verdict(StrEnum):
    """A row's verdict: PASS and MISS judge a number; the others say why there is none."""

    PASS = "PASS"
    MISS = "MISS"
    NOT_MEASURED = "N/A"  # a figure that could not be measured here (open_spiel missing, a dashboard that failed)
    SKIPPED = "SKIP"  # a figure left out on request (--no-browser)
    INFO = "info"  # a figure shown for context, with no goal of its own


@dataclass(frozen=True)
class Goal:
    """A limit on one figure of issue 20; ``key`` ties a report row to it."""

    key: str
    section: str
    figure: str
    unit: str
    direction: Direction
    limit: float
    game: str | None = None

    def holds(self, value: float) -> bool:
        if math.isnan(value):
            return False
        if self.direction is Direction.AT_MOST:
            return value <= self.limit
        if self.direction is Direction.AT_LEAST:
            return value >= self.limit
        return value < self.limit

    def verdict(self, value: float | None) -> Verdict:
        """PASS or MISS for a measured value; N/A when there is none."""
        if value is None:
            return Verdict.NOT_MEASURED
        return Verdict.PASS if self.holds(value) else Verdict.MISS

    @property
    def target(self) -> str:
        """The goal as printed beside the figure: ``<= 1x``, ``>= 50 games/s``, ``< 100 ms``."""
        return f"{self.direction.value} {self.limit:g}{self.unit}"


def _per_game(key: str, section: str, figure: str, unit: str, direction: Direction, limit: float) -> list[Goal]:
    games = dict.fromkeys(game for game, _ in ENGINE_TABLES)
    return [Goal(f"{key}/{game}", section, figure, unit, direction, limit, game) for game in games]


ENGINE_SECTION = "engines: random play, per action, beside OpenSpiel"
BOT_SECTION = "bots: a strategy's game beside a random game"
TOURNAMENT_SECTION = f"tournaments: {TOURNAMENT_GAMES:,} games of the built-in bots on {TOURNAMENT_WORKERS} cores"
CLICK_SECTION = "dashboards: click to updated table and chart (Chromium)"

GOALS: tuple[Goal, ...] = (
    *(
        Goal(
            f"engine_ratio/{game}/{players}p",
            ENGINE_SECTION,
            f"µs per random action / {REFERENCE_GAME}'s",
            "x",
            Direction.AT_MOST,
            1.0,
            game,
        )
        for game, players in ENGINE_TABLES
    ),
    *_per_game("bot_cost", BOT_SECTION, "bot game CPU time / random game CPU time", "x", Direction.AT_MOST, 3.0),
    Goal(
        "bot_rate/planet_unknown",
        BOT_SECTION,
        "2-player bot games per CPU-second",
        " games/s",
        Direction.AT_LEAST,
        50.0,
        "planet_unknown",
    ),
    *(
        Goal(f"tournament/{game}", TOURNAMENT_SECTION, "wall-clock seconds", " s", Direction.BELOW, limit, game)
        for game, limit in (
            ("mars_needs_mechanics", 10.0),
            ("parts_unknown", 10.0),
            ("offal_game", 10.0),
            ("planet_unknown", 60.0),
        )
    ),
    *(
        Goal(f"click/{game}", CLICK_SECTION, "median ms from click to update", " ms", Direction.BELOW, 100.0, game)
        for game in DASHBOARD_GAMES
    ),
)

BY_KEY: dict[str, Goal] = {goal.key: goal for goal in GOALS}


def goal(key: str) -> Goal:
    """The goal named ``key`` (a KeyError names the keys there are, for a typo in a benchmark)."""
    try:
        return BY_KEY[key]
    except KeyError:
        raise KeyError(f"no goal {key!r}; goals: {', '.join(BY_KEY)}") from None
