"""Per-action speed of every playbook engine beside OpenSpiel's pure-Python games, measured in one run.

Run: ``.venv/bin/python benchmarks/compare_openspiel.py [CPU seconds per game]``. With the ``openspiel`` extra
installed (``pip install -e .[openspiel]``) it also plays OpenSpiel's ``python_liars_poker``,
``python_kuhn_poker`` and ``python_tic_tac_toe`` and prints each playbook table's microseconds per action as a
ratio of ``python_liars_poker``'s (issue 20's goal: at most 1.0x); without it, the playbook numbers alone.

Both sides run the same loop: random legal actions, chance sampled from ``chance_outcomes``, to the end of the
game. The difference is in what a step does: OpenSpiel's states mutate in place and return nothing, while a
playbook ``apply`` builds a new immutable state and the events that explain the step.

Time is this process's CPU time (``time.process_time``), and the loops are measured in interleaved slices
(every loop a slice, then every loop again): on a machine shared with other work a burst of load then slows
every loop alike, so the ratios of one run hold even when the absolute rates swing. ``run_all.py`` imports
``measure_side_by_side`` from here.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from goals import ENGINE_TABLES, REFERENCE_GAME
from pyinstrument import Profiler
from pyinstrument.frame import Frame

from playbook.core import CHANCE
from playbook.games import load

OPENSPIEL_GAMES = (REFERENCE_GAME, "python_kuhn_poker", "python_tic_tac_toe")

WARM_UP_SEED = 987_654_321

#: One whole game from a seed; returns the number of actions played (chance steps included).
Play = Callable[[int], int]


class OpenSpielMissing(ImportError):
    """open_spiel cannot be imported here: the report says so and prints the playbook figures alone."""


@dataclass
class Rate:
    """Whole games played, the actions in them and the CPU seconds they took."""

    games: int = 0
    actions: int = 0
    cpu_seconds: float = 0.0

    @property
    def games_per_second(self) -> float:
        return self.games / self.cpu_seconds if self.cpu_seconds else float("nan")

    @property
    def micros_per_action(self) -> float:
        return 1e6 * self.cpu_seconds / self.actions if self.actions else float("nan")


def _sample(outcomes: list[tuple[object, float]], rng: random.Random) -> object:
    pick = rng.random()
    total = 0.0
    for outcome, probability in outcomes:
        total += probability
        if pick < total:
            return outcome
    return outcomes[-1][0]


def playbook_game(name: str, players: int) -> Play:
    """A random game of a playbook engine: the loop of ``play_match`` without observations (random agents are
    blind), so it is the engine's own cost, events included."""
    module = load(name)

    def play(seed: int) -> int:
        rng = random.Random(seed)
        state = module.new_game(players, seed=seed)
        steps = 0
        while not state.is_terminal:
            if state.current_player == CHANCE:
                action = _sample(list(state.chance_outcomes()), rng)
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state = state.apply(action)[0]
            steps += 1
        return steps

    return play


def openspiel_game(name: str) -> Play:
    """A random game of an OpenSpiel game; ``OpenSpielMissing`` when open_spiel is not installed."""
    try:  # an optional dependency: imported only when the comparison is asked for
        import pyspiel  # type: ignore[import-not-found]
        from open_spiel.python import games  # type: ignore[import-not-found]  # noqa: F401  (registers python_*)
    except ImportError as err:
        raise OpenSpielMissing(f"open_spiel is not installed ({err}): pip install -e '.[openspiel]'") from err

    game = pyspiel.load_game(name)

    def play(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                action = _sample(state.chance_outcomes(), rng)
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply_action(action)
            steps += 1
        return steps

    return play


def measure(play: Play, budget: float, rate: Rate | None = None) -> Rate:
    """Play whole games (seeds continuing from ``rate``) for at least ``budget`` CPU seconds, one game at least."""
    rate = rate or Rate()
    start = time.process_time()
    played = 0
    while played == 0 or time.process_time() - start < budget:
        rate.actions += play(rate.games)
        rate.games += 1
        played += 1
    rate.cpu_seconds += time.process_time() - start
    return rate


def measure_side_by_side(plays: Mapping[str, Play], budget: float, slices: int = 4) -> dict[str, Rate]:
    """Every loop for ``budget`` CPU seconds in all, in ``slices`` interleaved turns (see the module docstring)."""
    rates = {label: Rate() for label in plays}
    for play in plays.values():
        play(WARM_UP_SEED)  # first-use costs (rules data read, caches filled) are not the loop's
    for _ in range(max(1, slices)):
        for label, play in plays.items():
            measure(play, budget / max(1, slices), rates[label])
    return rates


@dataclass(frozen=True)
class Hotspot:
    """One function of a profile: its share of the profiled time and where it is."""

    share: float
    milliseconds: float
    where: str

    def __str__(self) -> str:
        return f"{100 * self.share:5.1f}%  {self.milliseconds:8.1f} ms  {self.where}"


@dataclass(frozen=True)
class Profile:
    """What a profile says limits a piece of work. ``own``: the functions the CPU is in (often a library's);
    ``ours``: each sample charged to the innermost playbook function on its stack, so a library call counts for
    the playbook code that made it: the line to change to spend less."""

    title: str
    milliseconds: float
    own: tuple[Hotspot, ...]
    ours: tuple[Hotspot, ...]


def _where(frame: Frame) -> str:
    return f"{frame.function}  {frame.file_path_short}:{frame.line_no}"


def _is_ours(frame: Frame) -> bool:
    path = (frame.file_path or "").replace("\\", "/")
    return "/playbook/" in path and "/benchmarks/" not in path and "/site-packages/" not in path


def profile(title: str, work: Callable[[], object], top: int = 5, interval: float = 0.0005) -> Profile:
    """Run ``work`` under pyinstrument and keep its top functions both ways (see ``Profile``)."""
    profiler = Profiler(interval=interval)
    profiler.start()
    work()
    session = profiler.stop()
    root = session.root_frame()
    if root is None or root.time <= 0:
        return Profile(title, 0.0, (), ())
    own: dict[str, float] = {}
    ours: dict[str, float] = {}
    stack: list[tuple[Frame, str]] = [(root, "(not playbook code: the benchmark loop, libraries)")]
    while stack:
        frame, owner = stack.pop()
        if not frame.is_synthetic:  # a synthetic frame's time is already in its parent's self time
            where = _where(frame)
            owner = where if _is_ours(frame) else owner
            own[where] = own.get(where, 0.0) + frame.total_self_time
            ours[owner] = ours.get(owner, 0.0) + frame.total_self_time
        stack.extend((child, owner) for child in frame.children)

    def ranked(times: dict[str, float]) -> tuple[Hotspot, ...]:
        best = sorted(times.items(), key=lambda item: -item[1])[:top]
        return tuple(Hotspot(seconds / root.time, 1000 * seconds, where) for where, seconds in best)

    return Profile(title, 1000 * root.time, ranked(own), ranked(ours))


def table_label(game: str, players: int) -> str:
    return f"{game} {players}p"


def engine_plays(tables: tuple[tuple[str, int], ...] = ENGINE_TABLES) -> dict[str, Play]:
    return {table_label(game, players): playbook_game(game, players) for game, players in tables}


def main(budget: float = 2.0) -> None:
    plays: dict[str, Play] = {}
    try:
        plays = {f"openspiel {name}": openspiel_game(name) for name in OPENSPIEL_GAMES}
    except OpenSpielMissing as err:
        print(f"{err}: playbook numbers only")
    plays |= {f"playbook {label}": play for label, play in engine_plays().items()}
    rates = measure_side_by_side(plays, budget)
    reference = rates.get(f"openspiel {REFERENCE_GAME}")
    for label, rate in rates.items():
        ratio = ""
        if reference is not None and label.startswith("playbook"):
            ratio = f"  {rate.micros_per_action / reference.micros_per_action:4.2f}x {REFERENCE_GAME}"
        print(f"{label:42s} {rate.games_per_second:9.1f} games/CPU-s {rate.micros_per_action:7.2f} µs/action{ratio}")


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 2.0)
