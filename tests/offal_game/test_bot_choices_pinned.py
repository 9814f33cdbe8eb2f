"""The bots' choices, pinned: seeded games whose whole action history must not change.

Speeding a strategy up must not change what it plays. Each case plays a seeded game the way ``play_match``
does (chance from ``chance_rng``, each seat's own ``agent_rng``, agents handed ``observation(seat)`` and the
legal actions) and compares the sha256 of the history's JSON (every action's ``to_dict``, chance included)
with the digest recorded from the code before any speed-up. A failing case means a bot now chooses
differently: a behaviour change, not an optimisation. A strategy added to ``agents.STRATEGIES`` fails here
until its digests are recorded (``python -m tests.offal_game.test_bot_choices_pinned`` prints them).
"""

from __future__ import annotations

import hashlib
import json

import pytest

from playbook.core import CHANCE, Agent
from playbook.core.agents import agent_rng, chance_rng
from playbook.core.match import sample_chance
from playbook.games import offal_game as game
from playbook.games.offal_game import agents

SEEDS = (0, 1, 2)
PLAYERS = (1, 2)

LABELS = (*(cls.name for cls in agents.STRATEGIES), "mixed", "parametric", "parametric knobs")


def lineup(label: str, players: int, seed: int) -> list[Agent]:
    """Every strategy of the registry in every seat, a rotation of them (by seed), or the knobbed strategy."""
    strategies = agents.STRATEGIES
    if label == "mixed":
        return [strategies[(seed + k) % len(strategies)]() for k in range(players)]
    if label == "parametric":
        return [agents.PARAMETRIC() for _ in range(players)]
    if label == "parametric knobs":
        return [agents.PARAMETRIC(favour_rich=0.2 + 0.6 * k, age_until=3 - k) for k in range(players)]
    (cls,) = (cls for cls in strategies if cls.name == label)
    return [cls() for _ in range(players)]


#: (a rotation of one seat is one strategy's game: left out)
CASES = [
    (label, players, seed)
    for label in LABELS
    for players in PLAYERS
    for seed in SEEDS
    if players > 1 or label != "mixed"
]


def history_digest(seats: list[Agent], seed: int) -> str:
    """The sha256 of the JSON of every action of a seeded game, played as ``play_match`` plays it."""
    state = game.new_game(len(seats), seed=seed)
    dice = chance_rng(seed)
    rngs = [agent_rng(seed, seat) for seat in range(len(seats))]
    history = []
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        if seat == CHANCE:
            action = sample_chance(state, dice)
        else:
            action = seats[seat].choose(state.observation(seat), state.legal_actions(), rngs[seat])
        history.append(action.to_dict())
        state = state.apply(action)[0]
    return hashlib.sha256(json.dumps(history, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def key(label: str, players: int, seed: int) -> str:
    return f"{label}/{players}p/seed {seed}"


PINNED = {
    "quickest/1p/seed 0": "a00bae8c936dd7214f642ab9b24390e63160c9feab01b88acb610881b70489a1",
    "quickest/1p/seed 1": "bea3d23c071ccc4dd9740240286e518ac320c5ee93a7315326ecca167234cdbc",
    "quickest/1p/seed 2": "6e0c12e465fe8aaeb9cc9c2e62d4191dd7b7a5e4ec4c0ae80a3965d7a3f3e4ea",
    "quickest/2p/seed 0": "47c08cec6101015f76b386ca99730a3745b7a86587ff131bf0f7f2e83df05018",
    "quickest/2p/seed 1": "0c91de18f918922315f1c867bf67a66c3738c34a891ddaf2e92786c831f0a1bf",
    "quickest/2p/seed 2": "c50ef44a96c1d625d1bb275873bfaceba6af611ad63fec951299cba3bb10b428",
    "richest/1p/seed 0": "abd2f9ac9e482abdaa88b0801098c88f6729c11ffb7a02c30ac803fa7ceb3057",
    "richest/1p/seed 1": "389d5b472a8e71e8ddcf69eb63807077a80c6aad0f565e0414a10381e5beeb15",
    "richest/1p/seed 2": "010ec394b4e79ceb71ebc6bdebcd04b2af0f411badf8364f6de7eb934eae7f5f",
    "richest/2p/seed 0": "96539e3886d7e1f711d2084eb6443e43f3183de05c5d7fd98cb6dc445590e215",
    "richest/2p/seed 1": "fe14c2772fc3873be81c330ff8115f5334cf9aff8c448aa9ec60af2d50581447",
    "richest/2p/seed 2": "f657d34547a2ee83e0c3aa2e8fd878e80f095181beac387fc8dd3ae39e192cf0",
    "clog clearer/1p/seed 0": "83496f05aac4f2014bc5d9a36c6858c090540211596000d28cd3aeca9864c1d0",
    "clog clearer/1p/seed 1": "197a939f4ec90ac31769514c4a08f73ce7e41d4ceff3815b06492af2cb47cd3c",
    "clog clearer/1p/seed 2": "c1bb9001a6508804f23d3d04065a86b0637a169789333335d46d2dc59d5dbeec",
    "clog clearer/2p/seed 0": "4e295f12e8403910e127e3c6fc024687c72cd8286fef95c39e4c73b4f3ba26b3",
    "clog clearer/2p/seed 1": "940b855210e61e566d2b13db118d499da69c91833fe43550a0fbd43f5c844397",
    "clog clearer/2p/seed 2": "286400dae7ff75175fea4c6b96ceda4ae54ba6eaa0814b2a677bdcdd04b85e85",
    "mixed/2p/seed 0": "84c798bef674d23e43e89ddcc531e31854d98af835dc9fb95c69aa22de3fe8ad",
    "mixed/2p/seed 1": "29f3641323a0efd66496c5b72bc5bca99b59646ac91ca31d28f9befdd18692f0",
    "mixed/2p/seed 2": "cfdcdc59ea9ee49e96cb6546dcf001b820e55cfffbefc713b2804c48775311af",
    "parametric/1p/seed 0": "f079fbf3622e285bc920d807026918a9409bb1e48d33ba31e0385b78df0f41d9",
    "parametric/1p/seed 1": "93d65b14bf01ee91ffd28b9dc76a31e753dc26c600158c5329beba1e24f1eb1a",
    "parametric/1p/seed 2": "fa4b49be55805f60da40b7247b29a360ac8ce0362a8b10ec930af07f75d8154e",
    "parametric/2p/seed 0": "04f6c786766735f5bc82c00f7fbd8f9204caf346c7f8ade3789b362c37fde748",
    "parametric/2p/seed 1": "565afd1809b6a2383516be11cda6e77256540162362b800965459f587d2a9fc7",
    "parametric/2p/seed 2": "be411038bb8130c63e50e0e9d279b9e5d7df56e221e6502e440b51de6cded21f",
    "parametric knobs/1p/seed 0": "4add201fe8f3386b62517a2ad458cb79b07dbd46ac64e3425b0260840e09a46a",
    "parametric knobs/1p/seed 1": "f230e808940d88cb1be0d5d151b770661527fcab98158f30e47ff2eef7183b92",
    "parametric knobs/1p/seed 2": "c9ff6f331019110d9f177c8aab93d6c10e1de2349c980ec7abf7aad33a0d826d",
    "parametric knobs/2p/seed 0": "bb545594bf7cde9f146bf1f1bc4b1261c8e17a8483cb3e3acbe0f7d5554ba597",
    "parametric knobs/2p/seed 1": "231804bc26b2e80723dc1b7e2fd850d86fe0f073997863556072bba8e7c24faf",
    "parametric knobs/2p/seed 2": "c7592b60c751b9fe631ad548c52b650b62ab6dc30aa0ec600ccea9e8ad4fe74b",
}


@pytest.mark.parametrize(("label", "players", "seed"), CASES, ids=[key(*case) for case in CASES])
def test_choices_are_pinned(label: str, players: int, seed: int) -> None:
    name = key(label, players, seed)
    assert name in PINNED, f"no digest recorded for {name}: record it from the current code"
    assert history_digest(lineup(label, players, seed), seed) == PINNED[name], (
        f"{name}: the bots now choose differently"
    )


if __name__ == "__main__":
    for label, players, seed in CASES:
        print(f'    "{key(label, players, seed)}": "{history_digest(lineup(label, players, seed), seed)}",')
