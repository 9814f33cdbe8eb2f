"""The engine's behaviour, pinned: seeded random games' actions, events, observations and scores, hashed.

A speed-up of the engine (cached legal actions, precomputed masks, bitboard rewrites) must change nothing a
player, a view or a lesson can see. Each game below is played by a seeded ``random.Random`` choosing by index
from ``legal_actions()`` (so the order of the listed actions is pinned too), and the sha256 covers, per step, the
action's ``to_dict``, the number of legal actions, every event's kind and fields; every 7th step each seat's
``observation`` and the running ``scores()``; at the end the final scores and the winners. The hashes were
recorded from the engine before issue 20's speed work. A deliberate change of the rules re-records the table
(run this file as a script: it prints the table) and says why in the change.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from playbook.games.planet_unknown import Rules, new_game

#: (players, seed, rules): solo, standard, the event deck, and every asymmetric corporation and several planets.
GAMES: dict[str, tuple[int, int, Rules]] = {
    "1p standard": (1, 3, Rules()),
    "2p standard": (2, 21, Rules()),
    "2p republic horizon petra gaia": (
        2,
        22,
        Rules(corporations=("republic", "horizon"), planets=("petra", "gaia")),
    ),
    "3p oasis cosmos flux kaax charybdis lacuna": (
        3,
        23,
        Rules(corporations=("oasis", "cosmos", "flux"), planets=("kaax", "charybdis", "lacuna")),
    ),
    "4p events jump_drive makeshift wormhole tartarus oblivion": (
        4,
        24,
        Rules(
            events=True,
            corporations=("jump_drive", "makeshift", "wormhole", "standard"),
            planets=("standard", "tartarus", "oblivion", "standard"),
        ),
    ),
}

#: sha256 of each game's record, recorded from the engine before the speed work of issue 20.
PINNED: dict[str, str] = {
    "1p standard": "3bb0768b319bdb4363f05b86df743163e91d2a78d9c5f6233a755296691488b8",
    "2p standard": "d9e7e982e1c2058b42e005704d5dc641bd92ba7f0cd77841d2aaac747afbdc00",
    "2p republic horizon petra gaia": "202fd6c821c8989420a502d50865127fe478e82990659130697359179d2f25ec",
    "3p oasis cosmos flux kaax charybdis lacuna": "e27176dce8c0233ee022cd151031c6e2bb3f37c9d01c50f07f4434ad69dd2995",
    "4p events jump_drive makeshift wormhole tartarus oblivion": (
        "f87af421dd0a637a9fd8839fc0a8e8f7f695a100a961ef66341616705858f648"
    ),
}


def record(players: int, seed: int, rules: Rules) -> list[object]:
    """Everything a player, a view or a lesson sees of one seeded random game, as JSON-able data."""
    rng = random.Random(seed)
    state = new_game(players, seed=seed, rules=rules)
    seen: list[object] = []
    step = 0
    while not state.is_terminal:
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        state, events = state.apply(action)
        seen.append([action.to_dict(), len(legal), [[event.kind, event.fields()] for event in events]])
        if step % 7 == 0:
            seen.append([state.observation(seat) for seat in range(players)])
            seen.append(list(state.scores()))
        step += 1
    seen.append([list(state.scores()), list(state.winners()), [state.observation(s) for s in range(players)]])
    return seen


def digest(seen: list[object]) -> str:
    return hashlib.sha256(json.dumps(seen, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


@pytest.mark.parametrize("game", list(GAMES))
def test_seeded_random_games_are_pinned(game: str) -> None:
    players, seed, rules = GAMES[game]
    assert digest(record(players, seed, rules)) == PINNED[game], f"{game}: the engine's behaviour changed"


if __name__ == "__main__":
    for label, (players, seed, rules) in GAMES.items():
        print(f"    {label!r}: {digest(record(players, seed, rules))!r},")
