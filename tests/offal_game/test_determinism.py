"""The lesson's numbers are the same in every process: its tournaments and simulations do not depend on Python's
hash seed (set or dict-of-hash order), so a class sees the notebook's outputs on every machine."""

from __future__ import annotations

import os
import subprocess
import sys

SCRIPT = """
import hashlib
import playbook
from playbook.core import RandomAgent
from playbook.games.offal_game import Rules, agents, economy
lineup = [agents.QuickestOrder(), agents.RichestOrder(), agents.ClogClearer(), RandomAgent()]
parts = []
for players in (1, 2):
    frame = playbook.tournament("offal_game", lineup, games=24, seed=2026, players=players, metrics=True)
    parts.append(frame.to_csv(index=False))
match = playbook.Match("offal_game", players=2, seed=12, agents={0: agents.ClogClearer(), 1: agents.QuickestOrder()})
match.advance()
parts.append(economy.money_flows(match).to_csv(index=False))
parts.append(economy.turn_history(match.events_frame(), 2).to_csv(index=False))
parts.append(repr(economy.clog_fill_chance(Rules.standard(), 6, players=1, samples=20, seed=1)))
parts.append(repr(economy.choice_profile(agent=agents.ClogClearer(), games=5)))
print(hashlib.sha256("|".join(parts).encode()).hexdigest())
"""


def run_under_hash_seed(hash_seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.strip()


def test_the_lessons_numbers_do_not_depend_on_the_hash_seed() -> None:
    assert run_under_hash_seed("0") == run_under_hash_seed("4242")
