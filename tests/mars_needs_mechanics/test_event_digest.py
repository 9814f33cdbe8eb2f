"""Seeded random games of Mars Needs Mechanics, pinned whole: every action, event, observation and legal list.

Speeding the engine up must not change a single step. Each case plays a seeded game with a random agent
(``random.Random(seed)`` picks among ``legal_actions()``; chance is sampled from ``chance_outcomes()``) and
hashes, step by step, the legal actions in their order, the chance odds, the chosen action, every event's
kind, fields and sentence, and every seat's observation; then the final state's ``to_dict`` and scores.
The digests were recorded from the code before the speed-up (issue 20): a failing case means the engine now
plays, reports or shows something differently.
``python -m tests.mars_needs_mechanics.test_event_digest`` prints the digests of the current code.
"""

from __future__ import annotations

import pytest
from support import digests as support_digests

from playbook.core import Event
from playbook.games import mars_needs_mechanics as game
from playbook.games.mars_needs_mechanics import Rules

from .helpers import ALL_MECHANISMS

RULES = {"standard": Rules.standard(), "all mechanisms": Rules.standard().with_mechanisms(list(ALL_MECHANISMS))}


def event_text(event: Event) -> str:
    return str(event)


def game_digest(players: int, seed: int, rules: Rules) -> str:
    """The sha256 of everything a seeded random game shows, step by step (tests/support/digests.py)."""
    return support_digests.game_digest(game, players, seed, rules, event_text)


CASES = [(rules, players, seed) for rules in RULES for players in (2, 3, 4) for seed in range(4)]


def key(rules: str, players: int, seed: int) -> str:
    return f"{rules}/{players}p/seed {seed}"


PINNED = {
    "standard/2p/seed 0": "cf680fc995cb7b39be735fe6d9d069afd036fca842861b8566842b64fbda3a89",
    "standard/2p/seed 1": "b6d5cf0cd464ec37cd1689b2e85a5da2ef39eb859e68b29ecdd9b9497149f819",
    "standard/2p/seed 2": "acae9af5e032f2b70112602c56d0755cf5da8724739e3751ea9cb363d0a4527e",
    "standard/2p/seed 3": "6a73b58f23fa6a10ae33d2c0da64b5b32b4b923b8a02be35897bad61a24e6fb2",
    "standard/3p/seed 0": "22efb883fe18fb458a8147c334743b070dffc7ca57a6da2616c8e7e53deaa0a8",
    "standard/3p/seed 1": "de8a56c564e2e12cde1116cf754aef52f4d09a49891e10018e7affb0e91970e1",
    "standard/3p/seed 2": "1a5a454549a5ef25acebab1f11915d2495d8d6a04c06bc7726939e4ec57034e7",
    "standard/3p/seed 3": "2d5f5ea4a65b61fbdb5391736887386225e933dda8aea4a6e1dd1804e06c54eb",
    "standard/4p/seed 0": "df1b81d4943e020843443bbc5c50e795c744b9056442fccdbb2bae72550165c7",
    "standard/4p/seed 1": "184c218213908629d12747182696baf33208f5318db67b48722f00a073b48a89",
    "standard/4p/seed 2": "196b5fca55cba1b20e15ed8d15b6e0eccf4af7ebdf0933b80659c9d265b66144",
    "standard/4p/seed 3": "5fe88c25cc0aee802f157bee9b2f4099edea2ff9b3b6c3b4c37750fe99cbcb36",
    "all mechanisms/2p/seed 0": "4a68941830ff2aec9f75754feb536c4619829b94a9a7f38a2e46a8800abdfd79",
    "all mechanisms/2p/seed 1": "d921da592ed2eef6585892333054f6fe3110c767978764836569e985da29f5ce",
    "all mechanisms/2p/seed 2": "7690b188d31d2732b8fbc44862fedceac366371b691d0a0304e6d01b4c63a08b",
    "all mechanisms/2p/seed 3": "26dff052e75705220624f1df177902ccc6a644b21fe2d8cde9070c3bad287f85",
    "all mechanisms/3p/seed 0": "0c3b07d3cb3c508daf4bcc3a6aa223de254f5f7563ee64f862b98108ae662e2c",
    "all mechanisms/3p/seed 1": "7dd92da3eed373ad732eed5664503e499a3fc67a33b150c3d3ac215abaf5558c",
    "all mechanisms/3p/seed 2": "27158c07a932d877860249146a69745ca2ba777a74f650432fcc74ef275714dc",
    "all mechanisms/3p/seed 3": "a8c13d01f09e9f66984ff7a6357bf3ddd851994803daf84955ffc841bf2d1b9d",
    "all mechanisms/4p/seed 0": "cab2a3d9e565fc9e8e2f8d6ebfb0f492878fbcabf59315f0d0ac02b2ae149d73",
    "all mechanisms/4p/seed 1": "ad04c7c5239865e6bee4f3a9ee731b88cd8c0ba1e8d486f044a6d7888c700a31",
    "all mechanisms/4p/seed 2": "8aaac5fd38f427d35b9ccd3874ab41d0d77463a1a7896cb85655379245b38e74",
    "all mechanisms/4p/seed 3": "015b872d1fd0b714a96447d5586062bc90c5bb2e56b6f36607cf8449f2787b77",
}


@pytest.mark.parametrize(("rules", "players", "seed"), CASES, ids=[key(*case) for case in CASES])
def test_seeded_random_game_is_unchanged(rules: str, players: int, seed: int) -> None:
    name = key(rules, players, seed)
    assert name in PINNED, f"no digest recorded for {name}: record it from the current code"
    assert game_digest(players, seed, RULES[rules]) == PINNED[name], f"{name}: the engine now plays differently"


if __name__ == "__main__":
    for rules, players, seed in CASES:
        print(f'    "{key(rules, players, seed)}": "{game_digest(players, seed, RULES[rules])}",')
