"""Seeded random games of An Offal Game, pinned whole: every action, event, observation and legal list.

Speeding the engine up must not change a single step. Each case plays a seeded game with a random agent
(``random.Random(seed)`` picks among ``legal_actions()``; chance is sampled from ``chance_outcomes()``) and
hashes, step by step, the legal actions in their order, the chance odds, the chosen action, every event's
kind, fields and sentence, and every seat's observation; then the final state's ``to_dict`` and scores.
The digests were recorded from the code before the speed-up (issue 20): a failing case means the engine now
plays, reports or shows something differently.
``python -m tests.offal_game.test_event_digest`` prints the digests of the current code.
"""

from __future__ import annotations

import dataclasses
import re

import pytest
from support import digests as support_digests

from playbook.core import Event
from playbook.games import offal_game as game
from playbook.games.offal_game import Rules

#: the standard rules, and the variants that change the most code paths
VARIANTS = dataclasses.replace(Rules.standard(), age_match="exact", shift="compact", clog_takeable=False)
RULES = {"standard": Rules.standard(), "variants": VARIANTS}
#: the log prefix is being renamed ("Round 3: " to "Turn 3: "): the sentence after it is what is pinned
PREFIX = re.compile(r"^(Round|Turn) (\d+): ")


def event_text(event: Event) -> str:
    """The sentence, its turn prefix written one way whichever word the log uses."""
    return PREFIX.sub(r"#\2: ", str(event))


def game_digest(players: int, seed: int, rules: Rules) -> str:
    """The sha256 of everything a seeded random game shows, step by step (tests/support/digests.py)."""
    return support_digests.game_digest(game, players, seed, rules, event_text)


CASES = [(rules, players, seed) for rules in RULES for players in (1, 2) for seed in range(5)]


def key(rules: str, players: int, seed: int) -> str:
    return f"{rules}/{players}p/seed {seed}"


PINNED = {
    "standard/1p/seed 0": "5281d44bb74880516de0c2165b4ad3fccf8c4dcedf331b3dcbdc3ecc460e40eb",
    "standard/1p/seed 1": "4b4eb2e2801ff7ed44b1882eb4eecd8f0ca5fe667d342e6d7051db113fb56f3a",
    "standard/1p/seed 2": "c2fc01ac8ddd37bc82f2e28a84b6d0d6851bee1f9cc9f9052863bcd2a3142f17",
    "standard/1p/seed 3": "70550ec8a434e16663b8622c6dbb8826645b780fe8d1c8495aaf8462386331ca",
    "standard/1p/seed 4": "4cce481b3508d5b3c43ef612124e4598a9dc44443f35de5e66fa53fad646ac47",
    "standard/2p/seed 0": "de0c9cb88189ecb716cbb011474aa08ec82b7055c4459bf20cda2de298505c54",
    "standard/2p/seed 1": "ab4ffa227b467d199eebe8aa64ff2f113d31b1982b27a33bb127ad1ccd18e382",
    "standard/2p/seed 2": "37391bea4ef3a7d428f0b96f416f91c026016700b142f4fe8f308b83cd7e73b6",
    "standard/2p/seed 3": "4a00e57cfbbf1fc75c27d7625e88f9ff8fb41fe4325ebfa80b929f90976b14df",
    "standard/2p/seed 4": "854a42e40ee19214f0513e3f512837abc88a9d847876558cfe52b87bfcad6e50",
    "variants/1p/seed 0": "06bb0aba940c8c940f0f6abf1f58e4d436a63f68052a2f5e26b99f1d87010da2",
    "variants/1p/seed 1": "d67586cd33d114cc455875b7150ecc056a2b1ddee9de1be1e67bc784913cdc25",
    "variants/1p/seed 2": "70bd762ff5e8bfc9ace1a29f71d1c3a5b3e9768ce8c7ac7a328da0e162a70f6c",
    "variants/1p/seed 3": "eaf36be1c1fff72cbbf116c9a272dd4409bcac188a7295b110677cf9dd5b9190",
    "variants/1p/seed 4": "c99cd334acc1734c2bcea6529786691ce82787e97becfc30d1ccede1e6dbc664",
    "variants/2p/seed 0": "dce370531a374b639cae03a3545f0bde664b5456abec732b5d7a3fd7530fb143",
    "variants/2p/seed 1": "a5c4f2dbd4adc44d98d5114270221fb85a601e2000031f3919391fd02d4cc7df",
    "variants/2p/seed 2": "bae72d25c47a9b817d68a370c2fd58d21dc244118b026c0a295a8fad0ea8e1c2",
    "variants/2p/seed 3": "466fb4de7694226a5b81de8297531584710198ada4078aec98e41c723cba8a2c",
    "variants/2p/seed 4": "3908fbece6174aa4fc81262583a9b20985fb703cd9e6195cec66bc845b7438c9",
}


@pytest.mark.parametrize(("rules", "players", "seed"), CASES, ids=[key(*case) for case in CASES])
def test_seeded_random_game_is_unchanged(rules: str, players: int, seed: int) -> None:
    name = key(rules, players, seed)
    assert name in PINNED, f"no digest recorded for {name}: record it from the current code"
    assert game_digest(players, seed, RULES[rules]) == PINNED[name], f"{name}: the engine now plays differently"


if __name__ == "__main__":
    for rules, players, seed in CASES:
        print(f'    "{key(rules, players, seed)}": "{game_digest(players, seed, RULES[rules])}",')
