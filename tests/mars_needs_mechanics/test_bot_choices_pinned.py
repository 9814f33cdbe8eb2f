"""The bots' choices, pinned: seeded games whose whole action history must not change.

Speeding a strategy up must not change what it plays. Each case plays a seeded game the way ``play_match``
does (chance from ``chance_rng``, each seat's own ``agent_rng``, agents handed ``observation(seat)`` and the
legal actions) and compares the sha256 of the history's JSON (every action's ``to_dict``, chance included)
with the digest recorded from the code before any speed-up. A failing case means a bot now chooses
differently: a behaviour change, not an optimisation. A strategy added to ``agents.STRATEGIES`` fails here
until its digests are recorded (``python -m tests.mars_needs_mechanics.test_bot_choices_pinned`` prints them).
"""

from __future__ import annotations

import hashlib
import json

import pytest

from playbook.core import CHANCE, Agent
from playbook.core.agents import agent_rng, chance_rng
from playbook.core.match import sample_chance
from playbook.games import mars_needs_mechanics as game
from playbook.games.mars_needs_mechanics import Rules, agents

from .helpers import ALL_MECHANISMS

ALL_RULES = Rules.standard().with_mechanisms(list(ALL_MECHANISMS))

SEEDS = (0, 1, 2)
PLAYERS = (2, 4)
#: the standard mechanisms, and every mechanism in play (the Mechanic builds and uses them)
RULES = {"standard": Rules.standard(), "all mechanisms": ALL_RULES}

LABELS = (*(cls.name for cls in agents.STRATEGIES), "mixed", "parametric", "parametric knobs")


def lineup(label: str, players: int, seed: int) -> list[Agent]:
    """Every strategy of the registry in every seat, a rotation of them (by seed), or the knobbed strategy."""
    strategies = agents.STRATEGIES
    if label == "mixed":
        return [strategies[(seed + k) % len(strategies)]() for k in range(players)]
    if label == "parametric":
        return [agents.PARAMETRIC() for _ in range(players)]
    if label == "parametric knobs":
        return [agents.PARAMETRIC(sell_at=3 + 2 * k, wait_passes=k % 4, max_price=6 + k) for k in range(players)]
    (cls,) = (cls for cls in strategies if cls.name == label)
    return [cls() for _ in range(players)]


CASES = [(rules, label, players, seed) for rules in RULES for label in LABELS for players in PLAYERS for seed in SEEDS]


def history_digest(seats: list[Agent], seed: int, rules: Rules) -> str:
    """The sha256 of the JSON of every action of a seeded game, played as ``play_match`` plays it."""
    state = game.new_game(len(seats), seed=seed, rules=rules)
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


def key(rules: str, label: str, players: int, seed: int) -> str:
    return f"{rules}/{label}/{players}p/seed {seed}"


PINNED = {
    "standard/quick seller/2p/seed 0": "41d16af59f08724f9644bd7061ab61aedbf4634bcb2172a15dc26f1afac2063d",
    "standard/quick seller/2p/seed 1": "c87885c8792ad54b7d93be564d89aeedb90f955e06d6f9850330fdb0b8fde150",
    "standard/quick seller/2p/seed 2": "c72f40a889ca94fa7d14be049884b441f223fc62f16392c4219ff72bb7496f4c",
    "standard/quick seller/4p/seed 0": "3a8eb342f2a8ea80e2f36f6c1a81c2920b749dd4e819a72034091dabe0bea26f",
    "standard/quick seller/4p/seed 1": "500cae4d83f5162bc845aebac6ef01d3ff9e49c0b7c4ffa5888bf4862e7214ae",
    "standard/quick seller/4p/seed 2": "99eba9ba93b2f1ae526e559921465d79b0d0a824d5b7c1f041b10a47ef5bfa2d",
    "standard/late buyer/2p/seed 0": "1eca00de0134112476e545c7202b84341c898c58ed3cb9dd412f8646d7018600",
    "standard/late buyer/2p/seed 1": "03d7567e22fec0acc8aa348a915329bd2383318948d51a954eec0863bcfd7a25",
    "standard/late buyer/2p/seed 2": "1cc19d58a6c2e37a6a700eed4ca5c937fa1e9861301c6ffb4fcdb60b2f465de8",
    "standard/late buyer/4p/seed 0": "9f92b16a651d4a279361334dffb6fa3b60f4aa763b3706a5c8cc24a87791b758",
    "standard/late buyer/4p/seed 1": "30ade1a02012bbad3bedb0568c37a6d94675f60996d232df666039c4b2ea9e21",
    "standard/late buyer/4p/seed 2": "c0aa9f567e4d66d71dbeb26ce38280e11b69a0b5a0f202ce922596159d8e260b",
    "standard/hoarder/2p/seed 0": "299e7d5a122ff1c0fed828d3a48969db22eec499a86fc5b408f441a9da6716bd",
    "standard/hoarder/2p/seed 1": "ac7d53e6c6e7068080a7f0d80dca5721cc861e24b771946fcdccf7e6b1ecf0ec",
    "standard/hoarder/2p/seed 2": "8f840e3e96c47b3f4b91353e5f150352b0b468d866a63a9ea28335da98acbd55",
    "standard/hoarder/4p/seed 0": "90f5692d0d7a6bf3f160bdf88375f10cda0fda7bb02fd1998b72f8abfa03a302",
    "standard/hoarder/4p/seed 1": "9aae10233f1187dd85194f6790a93002e0c3314ee5eb371d004be9ce6b07c595",
    "standard/hoarder/4p/seed 2": "145a1835c5324f627d0895cc69a7c442497a9508ebab07e0c9f2a7457e7a0725",
    "standard/mechanic/2p/seed 0": "93ad09bba6e0948db03356ffad1dda2382fb72d158bf18236ce138ec5a051941",
    "standard/mechanic/2p/seed 1": "fb5915b8bd975ef9bedccb91bdeb914ee10cd3c94b3762d66f18307d1e8ad4b7",
    "standard/mechanic/2p/seed 2": "cd01edc6c89893593bbfbecf606a0f55b7867d3204910644307a11f250eb998b",
    "standard/mechanic/4p/seed 0": "becca3209f5f105104548ad092e61e3f9fcf0fd30764566a91fc4214eefaa7ac",
    "standard/mechanic/4p/seed 1": "5ddf9b3e916a2dae04f5a1e309dd42617e4dc9c2a8ffb776bd8e3662ef8172cd",
    "standard/mechanic/4p/seed 2": "0ca4467bcf2fb2510e6a2f7d6d79f6b7eed3cecbe1d89807412f8992ba64c8bf",
    "standard/mixed/2p/seed 0": "46e0fc0549a23082fb0eb3455611f4a3a30e399008f8703b46aeb71ea409e656",
    "standard/mixed/2p/seed 1": "8000dc78d3b62aa90548fb301fcb5ac4e4507b107ad80c1c1bd7975b41581b0e",
    "standard/mixed/2p/seed 2": "6aad98e99c1bc6a439458fcbf51c73802353b7436cb5dd1f4e906b66984294a9",
    "standard/mixed/4p/seed 0": "09bebc0b63d37bd011516d10ed9cccc22e29a20317b9c837993fcaaa1d748f62",
    "standard/mixed/4p/seed 1": "030db08aba7a46e86462da969fce07ea19825e635c11d85db04825d127fd2339",
    "standard/mixed/4p/seed 2": "49aa3b80625a89feb9419853f482a47c6c26e7c7a7b18d0bebcb2fdca3c176b6",
    "standard/parametric/2p/seed 0": "512f3dd083cc5af24f98f4a94484083ae2b14bdb75862e3ec123915490ed5059",
    "standard/parametric/2p/seed 1": "cb940299bf85bbd7b4e966fd0ce8eb96d6fa4b7006eacd408f5b1d99460a8f5c",
    "standard/parametric/2p/seed 2": "1cc19d58a6c2e37a6a700eed4ca5c937fa1e9861301c6ffb4fcdb60b2f465de8",
    "standard/parametric/4p/seed 0": "6a271514c5ebe43867677c7e96866895ae5323561c1a4d297ee5a17d1d8b929f",
    "standard/parametric/4p/seed 1": "35f21fd3dc0c70479ee1517adb57d63b82e01c2c226ada1b703e33dbd10fdeb4",
    "standard/parametric/4p/seed 2": "de7516715b6b9184409add151401f4bf16e286b9003e88f25241d4b7cf009c98",
    "standard/parametric knobs/2p/seed 0": "3a5c54676f88a6445b4aca22879224362e3d0d3edc07b589cae79a39922efb47",
    "standard/parametric knobs/2p/seed 1": "d529d0ee5f193987ebb3839da502a72ff1c43a98ab83d6ad78661ad4e99cfe08",
    "standard/parametric knobs/2p/seed 2": "413a64959b161a5580cc5e25efe7fe4a3944463a1c7a98071ce0149f3aa641c6",
    "standard/parametric knobs/4p/seed 0": "617f97ab2d2559c6a5a60d021c0633ec99663e461cd2bb9c2f6c895d5d31d6a2",
    "standard/parametric knobs/4p/seed 1": "9c91448ff7144de07eff7d535460bc74c3145d1053910dcfe8408eb54158c03f",
    "standard/parametric knobs/4p/seed 2": "f09b857997f9523cbfc541dff82686e02c31d4f66935293711324a410ea51265",
    "all mechanisms/quick seller/2p/seed 0": "b3a731295413fd833edb7587710b630608d9039239283bf53bf8a165ccecd3e9",
    "all mechanisms/quick seller/2p/seed 1": "53923b9ab2867b1a162b9efc5d5102cc227af75be5db0bdc144633516f14ec30",
    "all mechanisms/quick seller/2p/seed 2": "0751ad0905c6f110f341fe9b1af2cd8311742c115edf8e177e2d7f9416ab46b2",
    "all mechanisms/quick seller/4p/seed 0": "e5fcb4421536511bec409b199e0a95ac4e94dadf1cda6b1c797bda3638723f6e",
    "all mechanisms/quick seller/4p/seed 1": "a97bdb6939f607a79296ed367ed7c176413604ca1ee68261a4502890a563c296",
    "all mechanisms/quick seller/4p/seed 2": "c5463278c8c4695bf6eda59ed5aa8fb805ed3bad79e87e851e2d1b2a01f22003",
    "all mechanisms/late buyer/2p/seed 0": "2d269494d6284dbe229f84532d5321521d9752e2cec824a09b8adabb965eeabe",
    "all mechanisms/late buyer/2p/seed 1": "c05e22aaa1c24a0080c62d695e2d69e3b644610b74c494bfadf797764260a6e8",
    "all mechanisms/late buyer/2p/seed 2": "c16cbd4198de8e64487325f6de33ac65b61f4b5b1fe53e11b35a071c664cb29d",
    "all mechanisms/late buyer/4p/seed 0": "b96c253d0c5052826f7abc7a902e8db78ee0641846889b2064358e13578d11fe",
    "all mechanisms/late buyer/4p/seed 1": "eb23e614a8a8a16aaa4ff1393b673edb9b4478cc2ed071ef4324febd8c3d2f86",
    "all mechanisms/late buyer/4p/seed 2": "1d7f10397c477f1b8db6e9b3fa3fd74ff931845530c8ff506e5634ef8ff02e14",
    "all mechanisms/hoarder/2p/seed 0": "f462951dbd364f765292a09bec91db68053296dfb638fa0d05d64389059fa060",
    "all mechanisms/hoarder/2p/seed 1": "26aa92c3b3e207b6ad083ffa64fd9930530ff045c895b2fa65762dbe35e6b37a",
    "all mechanisms/hoarder/2p/seed 2": "c117c148576f4ff459e33c4c5b137125488e1d3627c89713e8956dd7b39dde39",
    "all mechanisms/hoarder/4p/seed 0": "9af04429854f3d45cb4dc246565bec75fe1d0652443fa78e7493954d617ff9a0",
    "all mechanisms/hoarder/4p/seed 1": "5d0b48783af372b2b9f33e58686dee2d4df45f17c17839f0fba91b929ea15d39",
    "all mechanisms/hoarder/4p/seed 2": "3b0840bb258e6a2cef76619cc9e87cbd83ef4f4d8e314ac1758f1e16c3b94b40",
    "all mechanisms/mechanic/2p/seed 0": "8de9334b38704127b344afd6227b9637570785910f6507922c0f0495250ce586",
    "all mechanisms/mechanic/2p/seed 1": "eedd0480dee9865d245a63beea25bab5edb64f65f7b7a22fd4c03f2856a7dd6d",
    "all mechanisms/mechanic/2p/seed 2": "14626784cf0428813b01c3233ad76a996b85e5285b254340a906b00f76d8f72e",
    "all mechanisms/mechanic/4p/seed 0": "02bb209a7ee1086cb0601a99740265b5d87e48e58a47e891841d9d80e1448fe5",
    "all mechanisms/mechanic/4p/seed 1": "64fd434dedbf28e7f9b0346be63514ca222eeb8876a919537ab53d75fd2fe81b",
    "all mechanisms/mechanic/4p/seed 2": "674738d08c4251cc37a836e2bdf52823087fa6b4b748a4a48a5bd8771ce9f075",
    "all mechanisms/mixed/2p/seed 0": "af4068a7001a226b5d93970a0f31ecbf95f7a7abb94dacea5741b460fc639b04",
    "all mechanisms/mixed/2p/seed 1": "a2ee845a9a1d36a6a19f7790d6751b9861a6b62cff03578bb3b9ab69de993895",
    "all mechanisms/mixed/2p/seed 2": "104d1b5080de49cec58505ca6b8e3252400f1bbe56f67bf01505fa1c7ede9fd9",
    "all mechanisms/mixed/4p/seed 0": "5d54000e90bc487440481c7d1e04129f7de5c2581826a4bab05a64211fc5bd2d",
    "all mechanisms/mixed/4p/seed 1": "691b5af3f81a21386f713c2676e76148ca711f456fc979bf7f4900a1462ab894",
    "all mechanisms/mixed/4p/seed 2": "575ab6e15a34cb8a6389a8c71aa730aa4707602094cf30cfb2c5f364e9c96f88",
    "all mechanisms/parametric/2p/seed 0": "4a963f861eb04f2af80d504e38a57346f2e463b36f375c42d9f4d750e35154ea",
    "all mechanisms/parametric/2p/seed 1": "66b0811f7a9e611fb90d5ab6a88ff0e46b575377ae5816c4f8b8b1e8abed770c",
    "all mechanisms/parametric/2p/seed 2": "c16cbd4198de8e64487325f6de33ac65b61f4b5b1fe53e11b35a071c664cb29d",
    "all mechanisms/parametric/4p/seed 0": "5bf94c4378bb1142749b7b0b362709723b2d8d415d1675afc407f091934acb49",
    "all mechanisms/parametric/4p/seed 1": "5e87b1f5a3b3972d049613e9638e58b32633ff1c880bd6b1c629346ee038cdbd",
    "all mechanisms/parametric/4p/seed 2": "eee4e27ea3e1713cb6bf26fd3cdea78f3cd8e1f5199e83e4ab351e693c93e23a",
    "all mechanisms/parametric knobs/2p/seed 0": "b200c6652c45cbeb8aa472ce30288ea2afa3e7ae4e7ebbcd104d7582dd72fe29",
    "all mechanisms/parametric knobs/2p/seed 1": "aa1dc6a1c494551c97d2ddaa5322733f17528601e5c2c3b62e55c58de3966da3",
    "all mechanisms/parametric knobs/2p/seed 2": "d8a7f20114b7dc5d48d9220054fd95e378c602e80f30b4f8b3b25f3dcb54c589",
    "all mechanisms/parametric knobs/4p/seed 0": "21cdcaabe24119d55894581ecce5100caa8a9c37599089d0a1bc7ad63e89b7cd",
    "all mechanisms/parametric knobs/4p/seed 1": "de825dd32a1f7b972d6cbc53f559e0eef03f8f80c2093ed965ffa7eaa3aeb9cc",
    "all mechanisms/parametric knobs/4p/seed 2": "56b1bde42f8901c917c896d9d7326e83d23a1483426c265fb4106308e2f17041",
}


@pytest.mark.parametrize(("rules", "label", "players", "seed"), CASES, ids=[key(*case) for case in CASES])
def test_choices_are_pinned(rules: str, label: str, players: int, seed: int) -> None:
    name = key(rules, label, players, seed)
    assert name in PINNED, f"no digest recorded for {name}: record it from the current code"
    assert history_digest(lineup(label, players, seed), seed, RULES[rules]) == PINNED[name], (
        f"{name}: the bots now choose differently"
    )


if __name__ == "__main__":
    for rules, label, players, seed in CASES:
        digest = history_digest(lineup(label, players, seed), seed, RULES[rules])
        print(f'    "{key(rules, label, players, seed)}": "{digest}",')
