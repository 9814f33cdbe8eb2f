"""The seeded sweep that calibrated the reconstructed board (data/board.toml).

Four strategy agents (seats rotating over ``STRATEGIES``), 200 seeded games: the median game lasts 30-60
turns, the Town collapses in 5-35% of games, grows above its start in most, and every category sells on
demand in most. With one Buyout, Auction and Roll Again, carry conversion, the immediate end at zero and 12
Shortage dots (board.toml records the sweep): median 44 turns, collapse 13%, grew 95%, every category sold in
100% of games. Runs in about 5-15 seconds.
"""

from __future__ import annotations

import random
import statistics

import pytest

from playbook.core import CHANCE
from playbook.core.match import sample_chance
from playbook.games import parts_unknown as pu
from playbook.games.parts_unknown.agents import STRATEGIES

GAMES = 200


def _play(seed: int) -> dict[str, object]:
    lineup = [STRATEGIES[(seed + k) % len(STRATEGIES)]() for k in range(4)]
    state = pu.new_game(4, seed=seed)
    rng = random.Random(seed)
    category = {c.name: state.rules.categories[c.category] for c in state.rules.cards}
    sold: set[str] = set()
    peak = state.town
    while not state.is_terminal:
        seat = state.current_player
        if seat == CHANCE:
            action = sample_chance(state, rng)
        else:
            assert seat is not None
            action = lineup[seat].choose(state.observation(seat), state.legal_actions(), rng)
        state, events = state.apply(action)
        for event in events:
            if isinstance(event, pu.CardSold) and event.reason == "demand":
                sold.add(category[event.card])
        peak = max(peak, state.town)
    return {"turns": state.round, "collapsed": state.end == pu.End.TOWN, "grew": peak > 4, "categories": len(sold)}


@pytest.mark.slow
def test_calibration_sweep() -> None:
    rows = [_play(seed) for seed in range(GAMES)]
    median = statistics.median(int(r["turns"]) for r in rows)  # type: ignore[call-overload]
    collapse = sum(bool(r["collapsed"]) for r in rows) / GAMES
    grew = sum(bool(r["grew"]) for r in rows) / GAMES
    every_category = sum(r["categories"] == 4 for r in rows) / GAMES
    print(f"median {median} turns, collapse {collapse:.0%}, grew {grew:.0%}, all categories sold {every_category:.0%}")
    assert 30 <= median <= 60
    assert 0.05 <= collapse <= 0.35
    assert grew > 0.5
    assert every_category > 0.5
