"""Set-up (rulebook "Setup", section 3.10 for the station); the consistency check of a loaded state is in
``consistency.py``."""

from __future__ import annotations

import random

from playbook.core import GameInfo
from playbook.core.engine import check_players, check_rules, check_seed

from .board import new_board
from .components import COLOURS, EndReason, Phase, Rules
from .flow import settle, start_round
from .geometry import planet_masks
from .plugin import rules_of
from .scoring import solo_target
from .state import State
from .variants import check_seats
from .work import Work

INFO = GameInfo(
    name="planet_unknown",
    title="Planet Unknown",
    min_players=1,
    max_players=6,
    has_chance=False,
    has_hidden_information=True,
    summary="Place polyomino tiles on your planet; every tile advances resource tracks that pay milestones and medals.",
)


def draw_split(rng: random.Random, deck_size: int) -> tuple[int, int, int]:
    """BGA's random colour split (ruling: orange is capped so the counts never exceed the deck)."""
    green = rng.randint(0, min(13, deck_size))
    orange = rng.randint(0, min(13, deck_size - green))
    return green, orange, deck_size - green - orange


def event_deck(rules: Rules, players: int, rng: random.Random) -> tuple[tuple[int, ...], tuple[int, int, int]]:
    """The 20-card deck: per colour, that many cards drawn from the pool (solo-only cards only in solo)."""
    if not rules.events:
        return (), (0, 0, 0)
    split = rules.event_split or draw_split(rng, rules.event_deck_size)
    deck: list[int] = []
    counts = []
    for colour, count in zip(COLOURS, split, strict=False):
        pool = [e.id for e in rules.c.events if e.colour == colour and (players == 1 or not e.solo_only)]
        chosen = rng.sample(pool, min(count, len(pool)))
        counts.append(len(chosen))
        deck.extend(chosen)
    rng.shuffle(deck)
    return tuple(deck), (counts[0], counts[1], counts[2])


def new_game(players: int, *, seed: int, rules: Rules | None = None) -> State:
    """A new game for 1-6 players; every shuffle comes from ``seed``."""
    n = check_players(INFO, players)
    seed = check_seed(seed)
    rules = check_rules(rules, Rules)
    check_seats(rules.planets, rules.corporations, n)
    c = rules.c
    rng = random.Random(seed)
    stacks = []
    for _ in range(12):
        tiles = list(range(12))
        rng.shuffle(tiles)
        stacks.append(tuple(tiles[: c.tiles_per_stack]))
    shift, rotation = rng.randrange(6), rng.randrange(6)
    piles, aside = [], []
    for rank in range(1, 5):
        pool = [card.id for card in c.civ if card.rank == rank]
        rng.shuffle(pool)
        piles.append(tuple(pool[: n + 1]))
        aside.extend(pool[n + 1 :])
    deck = [o.id for o in c.objectives]
    rng.shuffle(deck)
    dealt: list[tuple[int, ...]] = [()] * n
    if n == 1:
        dealt[0], deck = tuple(deck[:4]), deck[4:]
    elif rules.private_objectives:
        for seat in range(n):
            dealt[seat], deck = tuple(deck[:2]), deck[2:]
    shared = 3 if n == 2 else (n if n >= 3 else 0)
    neighbour, deck = tuple(deck[:shared]), deck[shared:]
    events, counts = event_deck(rules, n, rng)
    target = 0
    if n == 1:
        target = rules.solo_target if rules.solo_target is not None else (solo_target(c, counts) if events else 0)
    commander = rng.randrange(n)
    state = State(
        rules=rules, num_players=n, seed=seed, round=0, phase=Phase.OBJECTIVES, commander=commander, step=0,
        seat=0, rotation=rotation, shift=shift, stacks=tuple(stacks), taken=frozenset(),
        boards=tuple(new_board(planet_masks(rules.planet(s)), rules.corporation(s)) for s in range(n)), pending=(),
        movement=0, placed=False,
        civ_queue=((),) * n, civ_piles=tuple(piles), civ_aside=tuple(aside), neighbour_objectives=neighbour,
        objective_deck=tuple(deck), dealt=tuple(dealt), event_deck=events, event=0, peeks=(0,) * n,
        solo_target=target, last_round=False, end_reason=EndReason.NONE, final_scores=(),
    )  # fmt: skip
    w = Work(state)
    owed = any(rules_of(corporation).setup_owed is not None for corporation in w.corporations)  # Flux: set-up
    if not any(dealt) and not owed:
        start_round(w)
    settle(w)
    return w.finish()[0]
