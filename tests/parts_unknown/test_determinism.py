"""Same seed, same Parts Unknown results in every process: no agent or engine choice depends on Python's
hash seed (the Cornerer once picked among equal cards from a set). Also runs the rulebook's doctests."""

from __future__ import annotations

import doctest
import os
import subprocess
import sys

from playbook.games.parts_unknown import rulebook

SCRIPT = """
import hashlib
import playbook
from playbook.games.parts_unknown import agents
strategies = [agents.TopShelf(), agents.Shopkeeper(), agents.Liquidator(), agents.Undercutter(),
              agents.Cornerer(), agents.ShelfBuilder()]
frame = playbook.tournament("parts_unknown", strategies, games=12, seed=2026, players=4)
print(hashlib.sha256(frame.to_csv(index=False).encode()).hexdigest())
"""


def _digest(hash_seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.strip()


def test_tournament_identical_under_two_hash_seeds() -> None:
    assert _digest("1") == _digest("987654")


def test_rulebook_doctests() -> None:
    failures, tried = doctest.testmod(rulebook)
    assert tried >= 10 and failures == 0
