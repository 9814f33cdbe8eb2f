"""The consistency check of a loaded state (``State.check_consistent``): every bound the rules keep.

Why a module of its own: ``State`` calls it and ``setup.new_game`` builds a ``State``, so in one module with the
set-up it could only be imported inside ``State``'s method; kept apart, every import is at the top. A
corporation plug-in checks its own pieces and gains (``plugin.BOARD_CHECKS``, ``GAIN_LIMITS``,
``PENDING_CHECKS``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from playbook.core.checks import check_at_most, check_distinct, check_ids, check_length, check_range, refuse
from playbook.core.errors import InvalidStateError, RulesDataError

from .actions import Gain
from .board import Board, track_tables
from .components import MAX_TRACK_POSITIONS, Corporation, Phase
from .geometry import W, planet_masks
from .plugin import BOARD_CHECKS, GAIN_LIMITS, PENDING_CHECKS
from .scoring import final_scores
from .variants import check_seats
from .work import Work

if TYPE_CHECKING:
    from .state import State


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
    _check_round(state)
    _check_cards(state)
    _check_events(state)
    _check_pending(state)
    _check_end(state)


def _check_positions(seat: int, board: Board, tops: tuple[int, ...]) -> None:
    """Where each tracker stands, and the highest position each reached (``Board.reached``), lie on its track."""
    for name in ("trackers", "reached"):
        positions = getattr(board, name)
        if len(positions) != 5 or any(not 0 <= pos <= top for pos, top in zip(positions, tops, strict=True)):
            raise _fail(f"boards[{seat}].{name} must be inside their tracks")


def _check_board(state: State, seat: int, board: Board) -> None:
    tops = track_tables(state.rules.corporation(seat)).top
    playable = planet_masks(state.rules.planet(seat)).playable
    _check_positions(seat, board, tops)
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
    for check in BOARD_CHECKS:  # the plug-ins' own pieces (Makeshift's columns, Jump Drive's slots, Cosmos's
        wrong = check(seat, board, state.rules.corporation(seat))  # lifepods, Flux's track): on their boards only
        if wrong:
            raise _fail(f"boards[{seat}].{wrong}")
    _check_tokens(state, seat, board)


# -- the ranges of a loaded state (``check_consistent``): every count, id and pending value the rules allow --------
#: The most a count in a pending gain can be (meteorites to destroy, lifepods to collect): a planet's squares.
SQUARES = W * W
#: A tracker's regress: the tracks it may take (5 bits) and how many steps (from bit 8), at most a whole track.
REGRESS_LIMIT = 0b11111 | MAX_TRACK_POSITIONS << 8
#: The most each pending gain's ``value`` can be (actions.Gain says what it packs); a gain not named holds 0, unless
#: a plug-in's ``gain_limits`` names it (its own gains).
GAIN_VALUE_LIMITS: dict[Gain, int] = {
    Gain.ENERGY: 0b11111, Gain.ONE_OF: 0b11111, Gain.THREE_NO_BENEFIT: 0b11111, Gain.TECH_AS_ENERGY: 0b11111,
    Gain.REGRESS: REGRESS_LIMIT, Gain.TRACKER_REGRESS: REGRESS_LIMIT,
    Gain.DIFFERENT: 0b1111 | 0b11111 << 4,  # how many (4 bits) | the trackers used (5 bits)
    Gain.METEORITES: SQUARES, Gain.COLLECT_LIFEPOD: SQUARES, Gain.COLLECT_METEORITE: SQUARES,
    Gain.EXTRA_TILE: 1, Gain.DESTROY_CARRIED: SQUARES - 1,
}  # fmt: skip
#: The pool holds one chain of gains: generously, two gains for every space of every track.
MAX_PENDING = 2 * 5 * MAX_TRACK_POSITIONS


def _tiles(state: State) -> int:
    """Every tile the station held at set-up: 12 stacks of ``tiles_per_stack``."""
    return 12 * state.rules.c.tiles_per_stack


def _most_rovers(state: State, corporation: Corporation) -> int:
    """The corporation's rovers, plus one for each solo event card that hands out an extra one."""
    extra = sum(1 for card in state.rules.c.events if card.effect == "solo_extra_rover")
    return corporation.rovers + extra


def _check_round(state: State) -> None:
    """The station, the round, the acting seat's movement and the civ queues. Stacks only shrink, every tile
    placed came off them, and every round but the last takes at least one tile from the station."""
    for index, stack in enumerate(state.stacks):
        check_at_most(f"State.stacks[{index}]", len(stack), state.rules.c.tiles_per_stack, "tiles")
        check_distinct(f"State.stacks[{index}]", stack, "tile")
    check_ids("State.taken", sorted(state.taken), range(12), "a stack (0-11)")
    removed = _tiles(state) - sum(len(stack) for stack in state.stacks)
    check_range("State.round", state.round, 0, removed + 1)
    check_at_most("State.boards (tiles_placed)", sum(b.tiles_placed for b in state.boards), removed, "tiles placed")
    # Movement points are spent before the seat's turn ends: at most every space of every track's movement,
    # each with the +1 bonuses (Universal Coalition's tech, Makeshift) a step can carry.
    corporation = state.rules.corporation(state.seat)
    most = sum(space.movement + 2 for track in corporation.tracks for space in track)
    check_range("State.movement", state.movement, 0, most)
    for seat, queue in enumerate(state.civ_queue):
        check_at_most(f"State.civ_queue[{seat}]", len(queue), len(state.rules.c.civ), "civ milestones")


def _check_tokens(state: State, seat: int, board: Board) -> None:
    """A board's tokens come from its corporation's supplies and its planet's lifepods: none is made."""
    where = f"State.boards[{seat}]"
    corporation = state.rules.corporation(seat)
    union = 0
    for layer in board.terrain:
        union |= layer
    if union != board.covered:
        raise refuse(f"{where}.covered", "must be exactly the squares under a terrain")
    for name in ("patches", "meteor_marks", "last_tile"):
        if getattr(board, name) & ~board.covered:
            raise refuse(f"{where}.{name}", "must lie on covered squares (tiles and patches)")
    for index, layer in enumerate(board.symbols):
        if layer & ~board.covered:
            raise refuse(f"{where}.symbols[{index}]", "must lie on covered squares (tiles and patches)")
    printed = planet_masks(state.rules.planet(seat)).lifepods
    if board.lifepods & ~printed:
        raise refuse(f"{where}.lifepods", "must lie on the planet's own lifepod squares (a lifepod is never placed)")
    rovers = _most_rovers(state, corporation)
    check_at_most(
        f"{where}.rovers", len(board.rovers) + board.rover_supply, rovers, "rovers (on the planet and in supply)"
    )
    check_range(f"{where}.flux_rovers", board.flux_rovers, 0, rovers)
    check_range(f"{where}.meteorite_supply", board.meteorite_supply, 0, corporation.meteorite_supply)
    meteorites = board.meteorite_supply + board.meteorites.bit_count() + board.meteorites_collected
    check_at_most(f"{where}.meteorites_collected", meteorites, corporation.meteorite_supply, "meteorites in play")
    check_range(f"{where}.biomass_supply", board.biomass_supply, 0, corporation.biomass_supply)
    patches = board.biomass_supply + board.patches.bit_count() + board.stored_biomass
    check_at_most(f"{where}.stored_biomass", patches, corporation.biomass_supply, "biomass patches in play")
    # Collected lifepods are the planet's own (those moved on to Cosmos' tracks or Jump Drive's slots are
    # bounded there, by their masks).
    check_range(f"{where}.lifepods_collected", board.lifepods_collected, 0, printed.bit_count())
    check_range(f"{where}.tiles_placed", board.tiles_placed, 0, _tiles(state))


def _check_cards(state: State) -> None:
    """Every civ card and objective id names a card of the rules data, and each is in one place only."""
    c = state.rules.c
    civ_ids = {card.id: card.rank for card in c.civ}
    for rank, pile in enumerate(state.civ_piles, start=1):
        check_ids(f"State.civ_piles[{rank - 1}]", pile, civ_ids, "a civ card")
        if any(civ_ids[card] != rank for card in pile):
            raise refuse(f"State.civ_piles[{rank - 1}]", f"must hold rank {rank} civ cards only")
    check_ids("State.civ_aside", state.civ_aside, civ_ids, "a civ card")
    held = [card for board in state.boards for card in board.civ_cards]
    check_ids("State.boards (civ_cards)", held, civ_ids, "a civ card")
    civ = [card for pile in state.civ_piles for card in pile]
    check_distinct("State (civ_piles, civ_aside, boards' civ_cards)", [*civ, *state.civ_aside, *held], "civ card")
    objective_ids = {card.id for card in c.objectives}
    n = state.num_players
    shared = 3 if n == 2 else (n if n >= 3 else 0)
    check_at_most("State.neighbour_objectives", len(state.neighbour_objectives), shared, "objectives")
    places = [
        ("State.neighbour_objectives", state.neighbour_objectives),
        ("State.objective_deck", state.objective_deck),
    ]
    places += [(f"State.dealt[{seat}]", dealt) for seat, dealt in enumerate(state.dealt)]
    places += [(f"State.boards[{seat}].objectives", b.objectives) for seat, b in enumerate(state.boards)]
    places += [(f"State.boards[{seat}].shared_objectives", b.shared_objectives) for seat, b in enumerate(state.boards)]
    for where, cards in places:
        check_ids(where, cards, objective_ids, "an objective card")
    check_distinct("State (objectives)", [card for _, cards in places for card in cards], "objective")


def _check_events(state: State) -> None:
    """The event deck and the round's event are event cards, each once; a peek is the deck's next card."""
    event_ids = {card.id for card in state.rules.c.events}
    if state.event and state.event not in event_ids:
        raise refuse("State.event", f"must be an event card or 0 (none), not {state.event}")
    check_ids("State.event_deck", state.event_deck, event_ids, "an event card")
    check_distinct(
        "State (event_deck and event)", (*state.event_deck, *([state.event] if state.event else [])), "event"
    )
    for seat, peek in enumerate(state.peeks):
        if peek and peek not in state.event_deck:
            raise refuse(f"State.peeks[{seat}]", f"must be 0 or an event card still in the deck, not {peek}")
    if not state.rules.events and (state.event_deck or state.event or any(state.peeks)):
        raise refuse("State.event_deck", "must be empty without the event module (and event and peeks 0)")


def _check_pending(state: State) -> None:
    """Each pending gain's value within what it packs (see ``GAIN_VALUE_LIMITS``)."""
    check_at_most("State.pending", len(state.pending), MAX_PENDING, "gains")
    corporation = state.rules.corporation(state.seat)
    for index, pending in enumerate(state.pending):
        where = f"State.pending[{index}].value"
        limit = GAIN_VALUE_LIMITS.get(pending.gain)
        check_range(where, pending.value, 0, GAIN_LIMITS.get(pending.gain, 0) if limit is None else limit)
        own = PENDING_CHECKS.get(pending.gain)  # a plug-in's gain: what its value packs
        if own is not None:
            own(state, corporation, where, pending.value)


def _check_end(state: State) -> None:
    """The solo target is the rules' (or the reference table's), and the final scores are the boards' own."""
    rules, n = state.rules, state.num_players
    if n > 1 or not (rules.events or rules.solo_target is not None):
        check_range("State.solo_target", state.solo_target, 0, 0)
    elif rules.solo_target is not None:
        check_range("State.solo_target", state.solo_target, rules.solo_target, rules.solo_target)
    else:
        s = rules.c.scoring
        rows = (s.solo_green, s.solo_orange, s.solo_red)
        low, high = s.solo_base + sum(min(row) for row in rows), s.solo_base + sum(max(row) for row in rows)
        check_range("State.solo_target", state.solo_target, low, high)
    if state.phase != Phase.OVER:
        check_length("State.final_scores", state.final_scores, 0, "scores until the game is over")
        return
    scores = final_scores(Work(state))
    if state.final_scores != scores:
        raise refuse("State.final_scores", f"must be the boards' scores {list(scores)}, not {list(state.final_scores)}")
