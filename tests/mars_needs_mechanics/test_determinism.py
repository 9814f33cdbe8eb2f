"""Identical results in every process: a tournament and the lesson's numbers do not depend on hash order."""

from __future__ import annotations

import os
import subprocess
import sys

SCRIPT = """
import hashlib
import playbook
from playbook.games.mars_needs_mechanics import Rules, agents, economy

lineup = [agents.QuickSeller(), agents.LateBuyer(), agents.Hoarder(), agents.Mechanic()]
all_ten = Rules.standard().with_mechanisms([m.key for m in Rules.standard().mechanisms])
frames = [
    playbook.tournament("mars_needs_mechanics", lineup, games=24, seed=2026, metrics=True),
    playbook.tournament("mars_needs_mechanics", lineup, games=24, seed=7, rules=all_ten),
    playbook.tournament("mars_needs_mechanics", lineup, games=24, seed=3, players=2),
]
match = playbook.Match("mars_needs_mechanics", players=4, seed=11, rules=all_ten, agents=dict(enumerate(lineup)))
match.advance()
text = "".join(frame.to_csv() for frame in frames) + economy.seat_summary(match).to_csv()
text += economy.rounds_table(match).to_csv() + economy.money_flows(match).to_csv() + match.to_json()
print(hashlib.sha256(text.encode()).hexdigest())
"""


def run_with_hash_seed(seed: str) -> str:
    env = dict(os.environ, PYTHONHASHSEED=seed)
    done = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=True)
    return done.stdout.strip()


def test_tournaments_and_lesson_numbers_are_identical_under_two_hash_seeds() -> None:
    first, second = run_with_hash_seed("0"), run_with_hash_seed("4242")
    assert len(first) == 64 and first == second
