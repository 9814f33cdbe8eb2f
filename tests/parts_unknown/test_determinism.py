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
from playbook.games.parts_unknown import agents, economy
# the lesson's tournament (notebooks/parts_unknown.ipynb, section 10), a slice of its sweep and its flows
strategies = [agents.TopShelf(), agents.Shopkeeper(), agents.Liquidator(), agents.Undercutter(),
              agents.Cornerer(), agents.ShelfBuilder()]
frame = playbook.tournament("parts_unknown", strategies, games=60, seed=2026, players=4, metrics=True)
swept = playbook.sweep("parts_unknown", strategies[:4], {"10": economy.rules_variant(shortage_dots=10)},
                       games=8, seed=7, players=4, metrics=True)
match = playbook.Match("parts_unknown", players=4, seed=11,
                       agents=dict(enumerate([agents.Undercutter(), agents.TopShelf(), agents.Liquidator(),
                                              agents.Cornerer()])))
match.advance()
text = frame.to_csv(index=False) + swept.to_csv(index=False) + economy.money_flows(match).to_csv(index=False)
print(hashlib.sha256(text.encode()).hexdigest())
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
