"""The built-in bots' seeded games are pinned: a speed-up of an engine or a bot must leave every move of these games
as it was (issue 20). Each game's digest is the SHA-256 of its final state's ``to_dict()``, which holds the whole
history that matters (scores, boards, decks), plus the number of steps.

A deliberate change of a bot's play (an improvement) updates the digests with
``python tests/conformance/test_seeded_bot_games.py --write`` and records why in the commit and in the game's
rulings or bots notes; nothing else should move them.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import sys
from pathlib import Path

import pytest

import playbook
from playbook.core import AgentLike
from playbook.games import available, load

PINS = Path(__file__).with_name("seeded_bot_games.json")
SEEDS = tuple(range(1, 9))


def table_of(name: str, seed: int) -> tuple[int, list[AgentLike]]:
    """The built-in bots of a game at one table: odd seeds seat as many as the game allows (at most four), even
    seeds the fewest it allows (at least two), so both the full and the small table are pinned."""
    info = load(name).INFO
    strategies: list[AgentLike] = [cls() for cls in importlib.import_module(f"playbook.games.{name}.agents").STRATEGIES]
    full = max(info.min_players, min(len(strategies), info.max_players, 4))
    small = max(info.min_players, 2)
    return (full if seed % 2 else small), strategies


def digest(name: str, seed: int) -> str:
    """The digest of one seeded game of the built-in bots, seats rotated by the seed."""
    players, strategies = table_of(name, seed)
    seats = [strategies[(seed + seat) % len(strategies)] for seat in range(players)]
    result = playbook.play_match(name, seats, seed=seed, time_limit=None)
    record = json.dumps({"steps": result.steps, "state": result.final_state.to_dict()}, sort_keys=True)
    return hashlib.sha256(record.encode()).hexdigest()


def pinned() -> dict[str, dict[str, str]]:
    loaded: dict[str, dict[str, str]] = json.loads(PINS.read_text())
    return loaded


def test_every_registered_game_has_pinned_games() -> None:
    assert sorted(pinned()) == sorted(available())


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", available())
def test_the_bots_seeded_games_are_unchanged(name: str, seed: int) -> None:
    assert digest(name, seed) == pinned()[name][str(seed)], f"{name} seed {seed}: the bots played differently"


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    PINS.write_text(json.dumps({n: {str(s): digest(n, s) for s in SEEDS} for n in available()}, indent=1) + "\n")
