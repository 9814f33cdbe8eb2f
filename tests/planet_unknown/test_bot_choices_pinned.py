"""The bots' choices, pinned: every strategy's full action history in seeded games, hashed.

A speed-up of the scorers (batch placement scoring, per-decision caches) must not change a single choice. Each
game below is played the way ``play_match`` plays it (the seat's observation, the legal actions, the seat's own
``agent_rng``), and the sha256 of the JSON of every action's ``to_dict`` is compared with the hash recorded
from the scorer before it was made fast. The games cover 2, 3 and 4 players, all eight asymmetric corporations,
several asymmetric planets, and the event deck in one. A deliberate change of a bot's choices re-records the
table (run this file as a script: it prints the table) and says why in the change.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from playbook.core import Agent, RandomAgent
from playbook.core.agents import agent_rng
from playbook.games.planet_unknown import Rules, new_game
from playbook.games.planet_unknown.agents import STRATEGIES
from playbook.games.planet_unknown.strategies import WeightedPlanner

#: (label, players, seed, rules): standard and asymmetric set-ups, the event deck on in the 4-player one.
GAMES: dict[str, tuple[int, int, Rules]] = {
    "2p standard": (2, 11, Rules()),
    "2p republic wormhole petra": (2, 12, Rules(corporations=("republic", "wormhole"), planets=("petra", "standard"))),
    "3p horizon oasis flux": (
        3,
        13,
        Rules(corporations=("horizon", "oasis", "flux"), planets=("kaax", "charybdis", "lacuna")),
    ),
    "4p events jump_drive makeshift cosmos": (
        4,
        14,
        Rules(
            events=True,
            corporations=("jump_drive", "makeshift", "cosmos", "standard"),
            planets=("standard", "tartarus", "oblivion", "gaia"),
        ),
    ),
}

#: sha256 of each game's action history, recorded from the scorer before the batch placement scoring.
PINNED: dict[tuple[str, str], str] = {
    ("random", "2p standard"): "65ed7bc11fece4ca7f726525b4b7dcabc1ce9e12be09aa871e2ac137d95cb969",
    ("random", "2p republic wormhole petra"): "0cd57a511df2b9e4f95212978f68be5fee55fd5970ab3c92c497cd167884ba4f",
    ("random", "3p horizon oasis flux"): "43851718e11feb8d382e9bbd4b39a72c9c06313fe54da5bf9658df02227e0ed9",
    (
        "random",
        "4p events jump_drive makeshift cosmos",
    ): "d545bd2a3a56449636c339149c11448c6ae75dbf39a04f836d1e0e2575a916d4",
    ("track racer", "2p standard"): "e901f32cfac2494bff1d31e0789714232839e27745e868d9061bace400aef5b1",
    ("track racer", "2p republic wormhole petra"): "1414d52c783d2525e7cdc111215b70b75f0355e71ddd3cf096e2fb73ce35a8c7",
    ("track racer", "3p horizon oasis flux"): "feda328496e8cf86a18b5ccb4f076ca8cddde53ef0447a0ee31096fc03437128",
    (
        "track racer",
        "4p events jump_drive makeshift cosmos",
    ): "255d1a98fb00446db37d24c01ae8f2de225978e1664bc7933c814d6e8683d38b",
    ("rows and columns", "2p standard"): "def71d377f770b383fb30d57fd7945dc66a835488445b56a226499d9c219a01c",
    (
        "rows and columns",
        "2p republic wormhole petra",
    ): "4ab4cc81f5f9ef61b71cfcf866faaab25b3b8ec47050e6f11ef1e6d54d2f3e8f",
    ("rows and columns", "3p horizon oasis flux"): "b7daf4abb45b9f7a4f698aaff6e026cfe14f539d1b9a2f590e9168c17b3ea841",
    (
        "rows and columns",
        "4p events jump_drive makeshift cosmos",
    ): "19a0bd7f8f3ec37ea977a427220eb2e0dc263154300beabea85f739314871536",
    ("civ racer", "2p standard"): "30c78f48c9f5fb5396dcb93d47656ac08b274faa7047c0f26375e5864677bcaf",
    ("civ racer", "2p republic wormhole petra"): "fb0f3a8ececac09d20c31ae05655be2aced466e76b61ad2a48bc63b28e57df06",
    ("civ racer", "3p horizon oasis flux"): "95560cd8fd8e2b5c45f24fd5b5086a89be0d2df945925a9163d1137c193f7ecb",
    (
        "civ racer",
        "4p events jump_drive makeshift cosmos",
    ): "555afa8f2a9d4cd43702781c34faca2ab6ee9c901b757b48555676104a59df56",
    ("rover hunter", "2p standard"): "be16c48c976e244b3720a4d76c96fce6a6ba1a848273e63429240531c08ece20",
    ("rover hunter", "2p republic wormhole petra"): "fc462ecb2073581fdb2a55f533e0bca08faf81868bef80e3cc8ae463775f8454",
    ("rover hunter", "3p horizon oasis flux"): "ffcc78e9beb64cd5fb6dfb5de473f57e786354037c14427587a4b65c3efbdd04",
    (
        "rover hunter",
        "4p events jump_drive makeshift cosmos",
    ): "ea3b9ba99de2b4215db01f2267aed7ae708d3e4fca95544b7c79db8a6d5d00d2",
    ("weighted planner", "2p standard"): "384cc9e1412d6a377409c3c23aecdf87cff9bda8c0c5457ded8f6d5934739453",
    (
        "mixed",
        "4p events jump_drive makeshift cosmos",
    ): "5d14eb34d8f5294f58222d36f6bd45b4ff85dcf12c897c3169226093022b0ee2",
}


def history(agents: list[Agent], players: int, seed: int, rules: Rules) -> list[object]:
    """Every action of a game played as ``play_match`` plays it (Planet Unknown has no chance steps)."""
    state = new_game(players, seed=seed, rules=rules)
    rngs = [agent_rng(seed, seat) for seat in range(players)]
    taken: list[object] = []
    while not state.is_terminal:
        seat = state.current_player
        assert isinstance(seat, int)
        action = agents[seat].choose(state.observation(seat), state.legal_actions(), rngs[seat])
        taken.append(action.to_dict())
        state = state.apply(action)[0]
    return taken


def digest(taken: list[object]) -> str:
    return hashlib.sha256(json.dumps(taken, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def lineup(name: str, players: int) -> list[Agent]:
    """Every seat the same strategy; ``weighted planner`` with off-default knobs; ``mixed`` all built-ins."""
    if name == "mixed":
        bots = [cls for cls in STRATEGIES if cls is not RandomAgent]
        return [bots[seat % len(bots)]() for seat in range(players)]
    if name == WeightedPlanner.name:
        return [WeightedPlanner(tracks=1.3, lines=0.7, medals=2.0, rovers=0.9) for _ in range(players)]
    cls = next(cls for cls in STRATEGIES if cls.name == name)
    return [cls() for _ in range(players)]


CASES = [(cls.name, game) for cls in STRATEGIES for game in GAMES]
CASES += [(WeightedPlanner.name, "2p standard"), ("mixed", "4p events jump_drive makeshift cosmos")]


@pytest.mark.parametrize(("strategy", "game"), CASES)
def test_bot_choices_are_pinned(strategy: str, game: str) -> None:
    players, seed, rules = GAMES[game]
    found = digest(history(lineup(strategy, players), players, seed, rules))
    assert found == PINNED[(strategy, game)], f"{strategy} in {game}: the bots' choices changed"


def test_every_strategy_is_pinned() -> None:
    """A strategy added to ``STRATEGIES`` is pinned too (its hashes recorded here)."""
    assert {name for name, _ in PINNED} >= {cls.name for cls in STRATEGIES}


if __name__ == "__main__":
    for strategy, game in CASES:
        players, seed, rules = GAMES[game]
        print(f"    ({strategy!r}, {game!r}): {digest(history(lineup(strategy, players), players, seed, rules))!r},")
