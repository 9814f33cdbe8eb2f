"""Seeded random games of Parts Unknown, pinned whole: every action, event, observation and legal list.

Speeding the engine up must not change a single step. Each case plays a seeded game with a random agent
(``random.Random(seed)`` picks among ``legal_actions()``; chance is sampled from ``chance_outcomes()``) and
hashes, step by step, the legal actions in their order, the chance odds, the chosen action, every event's
kind, fields and sentence, and every seat's observation; then the final state's ``to_dict`` and scores.
The digests were recorded from the code before the speed-up (issue 20): a failing case means the engine now
plays, reports or shows something differently.
``python -m tests.parts_unknown.test_event_digest`` prints the digests of the current code.
"""

from __future__ import annotations

import dataclasses

import pytest
from support import digests as support_digests

from playbook.core import Event
from playbook.games import parts_unknown as game
from playbook.games.parts_unknown import Rules

#: the standard rules, and the variants that change the most code paths
VARIANTS = dataclasses.replace(
    Rules.standard(),
    excess_conversion="repeat",
    buyout_card="bottom",
    unclaimed_auction="owners",
    relanding_restarts=True,
    shuffle_houses=True,
)
RULES = {"standard": Rules.standard(), "variants": VARIANTS}


def event_text(event: Event) -> str:
    return str(event)


def game_digest(players: int, seed: int, rules: Rules) -> str:
    """The sha256 of everything a seeded random game shows, step by step (tests/support/digests.py)."""
    return support_digests.game_digest(game, players, seed, rules, event_text)


CASES = [(rules, players, seed) for rules in RULES for players in (2, 4, 6) for seed in range(3)]


def key(rules: str, players: int, seed: int) -> str:
    return f"{rules}/{players}p/seed {seed}"


PINNED = {
    "standard/2p/seed 0": "718c3fa3ffe7881251c482e1131b4127e85776b682a671039e22c03913943ee3",
    "standard/2p/seed 1": "3ae9a8297fa6bd2662b6bf984af24ba42c85fc38eb2dcb7bb963c161fbe1e7b1",
    "standard/2p/seed 2": "ac53a394ccb4f83ef676a525aff3277763a451413f4cdbaa24fcfa0d1d2b96fc",
    "standard/4p/seed 0": "a48af0cbb9aaaefc7f40605eeb659790aab5dc8fd714f69b0a7502871d5f83ae",
    "standard/4p/seed 1": "be00626f9baeec55045c032aa96ed6f15733403c5c31257ea6230263ca861f82",
    "standard/4p/seed 2": "72bdb72fff29035225d4a0b9d049d4c5b46ab2d10b13810779cab49be5d446f8",
    "standard/6p/seed 0": "12df302d788db0d96269f24cee41a8f989df50bd411d57c07a5c18a1cbabeaa8",
    "standard/6p/seed 1": "73f5b7cb7b4cbd9af82552386f033e5a5264a82c65f5610871f16547cc290d4a",
    "standard/6p/seed 2": "4f15ea45503a13441ec1146c6059a99017735d3c4898e52968145d4a6ee075fc",
    "variants/2p/seed 0": "7637544413a5c39e26bccdaee6d727dd143c318763fb8746f977c762ae165172",
    "variants/2p/seed 1": "82bb2fbbf7bc2e66cfb717efb0f8c90afe2c9bf432694d6f0a5f74c9d10261eb",
    "variants/2p/seed 2": "cd96bd8dd74c41b53d26db758005ccfe3f491b88deeeb04f39129d7cb6b67f3b",
    "variants/4p/seed 0": "77c43a9973f4c60df2154d884237307ae7942b7234700c0d9c2eacf015729f60",
    "variants/4p/seed 1": "948da6b3fad1100712ae2cadbbaef9a99e5740aae01bdb712780c378488e4bfa",
    "variants/4p/seed 2": "444eff6b5b7b802c16aa03be4299b58b61301f12a87f3045574863ee2373d5e9",
    "variants/6p/seed 0": "8f9a901e3297f17b1263434ae88784ede5821ba12de6dc325e6b220d92be76c0",
    "variants/6p/seed 1": "f88f77fc3f35e0c2e802f9db50295e22713e9c0f90f8e2d576d3210064cfec48",
    "variants/6p/seed 2": "f7aa029dff00f11c87e287720ae0a8a244449a6ed0ff99c821dcb4555f1aeeb5",
}


@pytest.mark.parametrize(("rules", "players", "seed"), CASES, ids=[key(*case) for case in CASES])
def test_seeded_random_game_is_unchanged(rules: str, players: int, seed: int) -> None:
    name = key(rules, players, seed)
    assert name in PINNED, f"no digest recorded for {name}: record it from the current code"
    assert game_digest(players, seed, RULES[rules]) == PINNED[name], f"{name}: the engine now plays differently"


if __name__ == "__main__":
    for rules, players, seed in CASES:
        print(f'    "{key(rules, players, seed)}": "{game_digest(players, seed, RULES[rules])}",')
