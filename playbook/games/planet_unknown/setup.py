"""Set-up (rulebook "Setup", section 3.10 for the station) and the consistency check of a loaded state."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from playbook.core import GameInfo
from playbook.core.engine import check_players, check_rules, check_seed
from playbook.core.errors import InvalidStateError, RulesDataError

from .board import FLUX, Board, new_board, track_tables
from .components import COLOURS, Corporation, EndReason, Phase, Rules
from .flow import settle, start_round
from .flux import check_board as check_flux_board
from .geometry import planet_masks
from .jump_drive import ALL_SLOTS
from .makeshift import columns_error
from .scoring import solo_target
from .variants import check_seats
from .work import Work

if TYPE_CHECKING:
    from .state import State

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
    from .state import State

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
    if not any(dealt) and not any(FLUX in corporation.hooks for corporation in w.corporations):  # Flux: set-up
        start_round(w)
    settle(w)
    return w.finish()[0]


def _fail(message: str) -> InvalidStateError:
    return InvalidStateError(f"planet_unknown State: {message}")


def check_consistent(state: State) -> None:
    """Bounds a loaded state must respect (types are checked by ``from_dict`` already)."""
    n = state.num_players
    if not 1 <= n <= 6 or len(state.boards) != n or len(state.civ_queue) != n or len(state.peeks) != n:
        raise _fail("num_players must be 1-6 and match boards, civ_queue and peeks")
    if len(state.dealt) != n:
        raise _fail("dealt must hold one entry per seat")
    if len(state.stacks) != 12 or any(not 0 <= t < 12 for stack in state.stacks for t in stack):
        raise _fail("stacks must be 12 stacks of tile types 0-11")
    if not (0 <= state.seat < n and 0 <= state.commander < n and 0 <= state.step <= n):
        raise _fail("seat, commander and step must be seats of the game")
    if not (0 <= state.rotation < 6 and 0 <= state.shift < 6):
        raise _fail("rotation and shift must be 0-5")
    if state.movement < 0 or any(not 0 <= r <= 4 for q in state.civ_queue for r in q):
        raise _fail("movement must be >= 0 and civ ranks 0-4 (0: any pile, Republic tech 5)")
    if len(state.civ_piles) != 4:
        raise _fail("civ_piles must hold 4 ranks")
    try:
        check_seats(state.rules.planets, state.rules.corporations, n)
    except RulesDataError as error:
        raise _fail(str(error)) from error
    for seat, board in enumerate(state.boards):
        _check_board(state, seat, board)


def _check_board(state: State, seat: int, board: Board) -> None:
    tops = track_tables(state.rules.corporation(seat)).top
    playable = planet_masks(state.rules.planet(seat)).playable
    if len(board.trackers) != 5 or any(not 0 <= pos <= top for pos, top in zip(board.trackers, tops, strict=True)):
        raise _fail(f"boards[{seat}].trackers must be inside their tracks")
    wrong = columns_error(board, state.rules.corporation(seat))  # Makeshift's trackers leave their tracks
    if wrong:
        raise _fail(f"boards[{seat}].{wrong}")
    for name in ("covered", "meteorites", "lifepods", "patches", "meteor_marks", "last_tile"):
        value = getattr(board, name)
        if value < 0 or value & ~playable:
            raise _fail(f"boards[{seat}].{name} must hold planet squares only")
    for layer in (*board.terrain, *board.symbols):
        if layer < 0 or layer & ~playable:
            raise _fail(f"boards[{seat}] terrain and symbols must hold planet squares only")
    if any(not 0 <= r < 144 or not playable >> r & 1 for r in board.rovers):
        raise _fail(f"boards[{seat}].rovers must be planet squares")
    if min(board.rover_supply, board.lifepods_collected, board.meteorites_collected, board.stored_biomass) < 0:
        raise _fail(f"boards[{seat}] counts must not be negative")
    _check_corporation_pieces(seat, board, state.rules.corporation(seat), tops)
    try:
        check_flux_board(state.rules.corporation(seat), board.flux_track)
    except RulesDataError as error:
        raise _fail(f"boards[{seat}].{error}") from error


def _check_corporation_pieces(seat: int, board: Board, corporation: Corporation, tops: tuple[int, ...]) -> None:
    """Jump Drive's tech slots and Cosmos's lifepods on tracks: only those corporations hold them, inside bounds."""
    slots = corporation.hook("lifepods") == "tech_slot"
    if not 0 <= board.tech_slots <= ALL_SLOTS or (board.tech_slots and not slots):
        raise _fail(f"boards[{seat}].tech_slots must be Jump Drive's 6 slot bits (0 for any other corporation)")
    cosmos = corporation.hook("lifepods") == "track_space"
    lifepods = board.track_lifepods
    if len(lifepods) != 5 or any(m < 0 or m >> (top + 1) for m, top in zip(lifepods, tops, strict=True)):
        raise _fail(f"boards[{seat}].track_lifepods must be 5 masks of spaces on each track")
    if any(lifepods) and not cosmos:
        raise _fail(f"boards[{seat}].track_lifepods must be empty for a corporation other than Cosmos")
