"""The bots' choices, pinned: seeded games whose whole action history must not change.

Speeding a strategy up must not change what it plays. Each case plays a seeded game the way ``play_match``
does (chance from ``chance_rng``, each seat's own ``agent_rng``, agents handed ``observation(seat)`` and the
legal actions) and compares the sha256 of the history's JSON (every action's ``to_dict``, chance included)
with the digest recorded from the code before any speed-up. A failing case means a bot now chooses
differently: a behaviour change, not an optimisation. A strategy added to ``agents.STRATEGIES`` fails here
until its digests are recorded (``python -m tests.parts_unknown.test_bot_choices_pinned`` prints them).
"""

from __future__ import annotations

import hashlib
import json

import pytest

from playbook.core import CHANCE, Agent
from playbook.core.agents import agent_rng, chance_rng
from playbook.core.match import sample_chance
from playbook.games import parts_unknown as game
from playbook.games.parts_unknown import agents

SEEDS = (0, 1, 2)
PLAYERS = (2, 4)

LABELS = (*(cls.name for cls in agents.STRATEGIES), "mixed", "parametric", "parametric knobs")


def lineup(label: str, players: int, seed: int) -> list[Agent]:
    """Every strategy of the registry in every seat, a rotation of them (by seed), or the knobbed strategy."""
    strategies = agents.STRATEGIES
    if label == "mixed":
        return [strategies[(seed + k) % len(strategies)]() for k in range(players)]
    if label == "parametric":
        return [agents.PARAMETRIC() for _ in range(players)]
    if label == "parametric knobs":
        return [agents.PARAMETRIC(markup=k % 3 - 1, reprice_gap=1, shelf_reserve=20) for k in range(players)]
    (cls,) = (cls for cls in strategies if cls.name == label)
    return [cls() for _ in range(players)]


CASES = [(label, players, seed) for label in LABELS for players in PLAYERS for seed in SEEDS]


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
    "undercutter/2p/seed 0": "41681922924a833384ffdc7f363d02b16e147c61859d00d81a0297fb2b60ceb4",
    "undercutter/2p/seed 1": "6e0ff12cbb74348129fb7902b1140969927984a3289617ee467d1ec87ae76175",
    "undercutter/2p/seed 2": "fcf453a043c1a19090d294987e55d5c4719b058f1b6196742e1f3185f8dc743e",
    "undercutter/4p/seed 0": "2acd3c0900d4b25388b536de55399581d2149265b74988a81db39694df4e8c9a",
    "undercutter/4p/seed 1": "3bda493008603c574fc87d77ccad9eb099261eb0a758639c9424008e0edbe297",
    "undercutter/4p/seed 2": "a1dc26348c47d66ff24b003dd2dd32e8fd920edb25f2b6b4360c7f7fcea404c6",
    "top shelf/2p/seed 0": "96a4de2e8088ab5ab413ec2d04d4d350d42ae5f900f07421446837e7b0a9407d",
    "top shelf/2p/seed 1": "350d84b20b066299f09b311d62063f06a9497d005501c7bb19f67c966c2ed1c0",
    "top shelf/2p/seed 2": "1bae12929e7768e4270f6e0c7a653742f23c64276f6bbe8aa147f2369436a9d2",
    "top shelf/4p/seed 0": "bb5b703ab3f3f68a362f9346ef71e217cbb185fa52dd5747904bcaa023082295",
    "top shelf/4p/seed 1": "25c233359d2ec6daae2125abec44a8e8dec334f1b253e964ee6bed21b46ec029",
    "top shelf/4p/seed 2": "7b8e9be9c2ca174b162bdb957015b7c686c77b1590880c09691b3cb11416a97b",
    "liquidator/2p/seed 0": "3d960687be7f5390223e3a437a7d7bae599d77273cfe0b71816f61bceaa59b76",
    "liquidator/2p/seed 1": "5be2fb5f788964d8f9e59d2647ea3d34968dd9dabd17697c649805758955f2af",
    "liquidator/2p/seed 2": "85108048c3db9b5c76ebee81a59bebb94fb6e7ddc7e202ec310292175dde16bc",
    "liquidator/4p/seed 0": "9408ae5f9a2b20b65ad7936eb14078fd4dd265ab7432a79fcc16b39226c276b8",
    "liquidator/4p/seed 1": "33fbd6c6db8e4043cb41d953af7d7350f594d00668a247f428ad984b384b7ba1",
    "liquidator/4p/seed 2": "4f293dd17e109afc8d2cb8dfbfd8a67db9237dbd849ce590315921aa523e0c08",
    "cornerer/2p/seed 0": "acac5f2ee4c740a567bf49438bfb05756f32f9e081ddbcc8a096162d6cfdd4ce",
    "cornerer/2p/seed 1": "31b42602a5934163a4db2e2aa137285b05ce195c1f03974f75191e5555a8fd76",
    "cornerer/2p/seed 2": "51ea2335a4c7f55207581334c498a2ca6598b124cdac7477e9808100849185e6",
    "cornerer/4p/seed 0": "3ef3abcc64df5286ebdb60fe4380257db91389735f466410b79ed9e7396e721f",
    "cornerer/4p/seed 1": "c7b40977872834ebb437d3ac96d17a0786c1ef41ac3469d3dae7afae61a4d061",
    "cornerer/4p/seed 2": "b7aa9594c0afa7fd009017ffadf79f966504884e214f977e12325609e3ee13b3",
    "shelf builder/2p/seed 0": "631a4b8d61b81f6cb4670feb36534cd1d94f2117a551de9de7b9499bf062c7c3",
    "shelf builder/2p/seed 1": "af0ac12140765c43679c85458b2c6aacc0d8c14c4e49ce69b05c9fbbcbd189db",
    "shelf builder/2p/seed 2": "7cf0c729b7949d19624a4697a39cd644bdd55da6fa1ed683026bf1b62ab55f5e",
    "shelf builder/4p/seed 0": "09f79a61e5c675965ec15ccf2269cc80bffc3d2804eb5d114a6c125a35902525",
    "shelf builder/4p/seed 1": "1ade58751458d82510baec22aa9f969bfafc4ed24d71c5d748171640e7de33f3",
    "shelf builder/4p/seed 2": "f663878d65a16d241d62f63d0502e43afa9df92bceeed381cc7b63f423d54b5a",
    "mixed/2p/seed 0": "fae84312049ee16cb3be9e39bdbe68cd5fd20f4fe347ea6d502a1977f5b025a4",
    "mixed/2p/seed 1": "e5aacbbe334b59648728a664a6974d420512027ead7be1bc97f6d2e3845d92dd",
    "mixed/2p/seed 2": "25492cccfbb60863be2d7ba97b65d07bc41450c57dce1e3a38d23435ac1bf94b",
    "mixed/4p/seed 0": "a300e4409b742b934a2fc9541dba56d74ef2498fe3a252f6d4b3f11bd4b658c3",
    "mixed/4p/seed 1": "d34d2955a971fad3150dc3ca82b4b19c2995c703b5c81b7b36014e5021d74c48",
    "mixed/4p/seed 2": "1044ce6985a82fc7ec2715f35f76de4282a6ecf8225f0c3f1f81ae2a13582527",
    "parametric/2p/seed 0": "be3a4302d25be4384d5d07cc465f8f9b53203a8f7653800b56c80acfee5c713b",
    "parametric/2p/seed 1": "88a881e3f5f15b41a47637ebdaa1f8e1ac27e5924502c3f60a1492e5c7864833",
    "parametric/2p/seed 2": "e35019e80ea1622bae5821b3a62080ed69a369b5afbf6e4e22bd29de4a6a7af9",
    "parametric/4p/seed 0": "4e970e2a5242ad80372c023e2705d391f3cf153d61a41d1f085b0c51bfb8918e",
    "parametric/4p/seed 1": "56691bfa4c9f40dcb5a8a843986a152a2796f7066e42f4f8c332fd52e3df9296",
    "parametric/4p/seed 2": "5fd30704af1a4069c301ccb2f5c9721f69c781ccec7029eb44b1038e18568ff1",
    "parametric knobs/2p/seed 0": "06b93fba5de57ab8657d40f9180d9f27c3c6bcfa0e4d56977f801e13840aa081",
    "parametric knobs/2p/seed 1": "88893d3b49344497b7b9e1a35943af05edd46cac7c7540ee1386df9931d960bc",
    "parametric knobs/2p/seed 2": "91a085be4122a2c0e61061b8c37f6355ed39fa41da6050f324b7a08e96ec3316",
    "parametric knobs/4p/seed 0": "9cb86e8de377f10b87b4817b5779ec18f47deea30b4528d413491dda2b738a47",
    "parametric knobs/4p/seed 1": "6921450cb290a131b695b42052168ffe67544c22e57c1e5c4706fb7a9e184bd2",
    "parametric knobs/4p/seed 2": "b74c0c4dfe790f280610d62f652139e6426524d3164c53c2f64d2938cf46db6f",
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
