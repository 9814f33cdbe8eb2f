"""Same seed, same game, in any process: tournaments between every game's strategies do not depend on
Python's hash seed (set and dict-of-hash order), so notebook outputs are identical in every process."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from playbook.games import available

SCRIPT = """
import hashlib, importlib, sys
import playbook
name = sys.argv[1]
module = importlib.import_module(f"playbook.games.{name}.agents")
info = playbook.games.load(name).INFO
strategies = [cls() for cls in module.STRATEGIES]
players = max(info.min_players, min(len(strategies), info.max_players, 4))
frame = playbook.tournament(name, strategies, games=3, seed=5, players=players)
print(hashlib.sha256(frame.to_csv(index=False).encode()).hexdigest())
"""


def run_under_hash_seed(name: str, hash_seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, name], env=env, capture_output=True, text=True, timeout=600, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.strip()


@pytest.mark.parametrize("name", available())
def test_tournaments_are_identical_under_different_hash_seeds(name: str) -> None:
    assert run_under_hash_seed(name, "0") == run_under_hash_seed(name, "4242")
