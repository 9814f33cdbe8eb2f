"""The round (section 3.1) as a loop: after each action, do everything automatic until someone must choose.

Phases: OBJECTIVES (setup: keep private objectives) -> each round ROTATE, EVENT, PLACE, CIV -> END
(end-of-game items) -> OVER. In EVENT, PLACE, CIV and END the seats act one at a time, clockwise from
the commander (``step`` indexes that order).
"""

from __future__ import annotations

from . import event_cards
from .actions import Gain
from .civ_cards import civ_choices, skip_empty_rank, take_civ_card
from .components import EndReason, Phase
from .events import EndTriggered, GameEnded, RoundStarted, StationRotated, TileTaken
from .gains import auto_resolve
from .planet import RESTRICTIONS, depot_options, legal_bits, option_bits, take_without_placing, tile_pair
from .plugin import rules_of
from .powers import end_of_game, free_placement, reset_round_powers
from .rulebook import empty_depot
from .scoring import final_scores, solo_message, winners
from .work import Work, gain


def settle(w: Work) -> None:
    """Run automatic steps until a seat has a decision or the game is over."""
    w.worked = None  # set again only by the ``auto_resolve`` that leaves the pool to the seat, just before returning
    while w.phase != Phase.OVER:
        if w.phase == Phase.ROTATE:
            if w.n >= 3:
                return
            w.rotation = (w.rotation + 5) % 6
            w.add(StationRotated(w.round, w.commander, w.rotation))
            start_event(w)
            continue
        if w.pending or w.movement:
            if auto_resolve(w):
                continue
            return
        owed = _main_decision(w)
        if owed == WAIT:
            return
        if owed == AUTO or _civ_pending(w):
            continue
        if w.phase != Phase.PLACE and w.civ_queue[w.seat]:
            return
        next_step(w)


DONE, WAIT, AUTO = 0, 1, 2


def _main_decision(w: Work) -> int:
    """Does the acting seat still owe the phase's own action (keep objectives, place a tile)?

    ``WAIT``: yes, it must choose; ``AUTO``: it had no choice and it was done for it; ``DONE``: nothing owed.
    """
    if w.phase == Phase.OBJECTIVES:
        owed = rules_of(w.corporations[w.seat]).setup_owed  # Flux: the flux track, chosen at set-up
        if owed is not None and owed(w):  # (the choice was put in the seat's pool)
            return AUTO
        return WAIT if w.dealt[w.seat] else DONE
    if w.phase != Phase.PLACE or w.placed:
        return DONE
    stacks = [s for s in w.depot_stacks(w.seat) if w.stacks[s]]
    if not stacks:
        w.placed = True  # nothing to take (a solo event emptied the depot)
        return DONE
    if w.board.powers_used and not w.board.blocked:  # a power used before placing may cover squares (Flux)
        _block_if_stuck(w, w.seat, stacks)
    if w.board.blocked and len(stacks) == 1:
        w.placed = True
        w.add(TileTaken(w.round, w.seat, stacks[0], w.stacks[stacks[0]][0], False))
        take_without_placing(w, w.seat, stacks[0])  # its gains are resolved before the next seat
        return AUTO
    return WAIT


def _block_if_stuck(w: Work, seat: int, stacks: list[int]) -> None:
    """Section 3.9: a seat none of whose depot tiles fits takes one without placing, and the game ends. Checked when
    placement begins, and again for a seat whose anytime power, used before placing, covered squares (a biomass
    patch from Flux tech 2 or 5)."""
    blocked = not any(_can_place(w, seat, stack) for stack in stacks)
    if w.boards[seat].blocked != blocked:  # most seats can place, as they could last round: the board stays
        w.set_board(seat, blocked=blocked)
    if blocked:
        trigger(w, EndReason.CANNOT_PLACE, f"seat {seat} cannot place a tile")


def _civ_pending(w: Work) -> bool:
    """Resolve a civ milestone with no real choice (empty pile or one card); ``True`` if one was."""
    if w.phase == Phase.PLACE or not w.civ_queue[w.seat]:
        return False
    _, pile = civ_choices(w, w.seat)
    if not pile:
        skip_empty_rank(w, w.seat)
        return True
    if len(pile) == 1:
        take_civ_card(w, w.seat, pile[0])
        return True
    return False


def next_step(w: Work) -> None:
    """The acting seat is done with this phase: the next seat, or the next phase."""
    w.step += 1
    if w.phase == Phase.OBJECTIVES:
        if w.step < w.n:
            w.seat = w.step
        else:
            start_round(w)
        return
    if w.step < w.n:
        w.seat = w.order()[w.step]
        w.placed = False
        _enter_seat(w)
        return
    if w.phase == Phase.EVENT:
        begin_placement(w)
    elif w.phase == Phase.PLACE:
        _begin(w, Phase.CIV)
    elif w.phase == Phase.CIV:
        end_round(w)
    elif w.phase == Phase.END:
        game_over(w)


def _begin(w: Work, phase: Phase) -> None:
    w.phase = phase
    w.step = 0
    w.seat = w.commander
    w.placed = False
    _enter_seat(w)


def _enter_seat(w: Work) -> None:
    if w.phase == Phase.EVENT:
        event_cards.for_seat(w, w.seat)
    elif w.phase == Phase.END:
        board = w.board
        for _ in range(board.stored_biomass):
            gain(w, w.seat, Gain.STORED_BIOMASS)
        for card in board.civ_cards:
            if w.c.civ_card(card).effect == "medals_and_advance":
                gain(w, w.seat, Gain.ANY_TRACK)
        end_of_game(w, w.seat)


def start_round(w: Work) -> None:
    w.round += 1
    w.phase = Phase.ROTATE
    w.seat = w.commander
    w.step = 0
    w.event = 0
    w.peeks = [0] * w.n
    reset_round_powers(w)
    for seat, corporation in enumerate(w.corporations):  # plug-ins: Flux tech 1 counts its rovers
        at_start = rules_of(corporation).round_start
        if at_start is not None:
            at_start(w, seat)
    w.add(RoundStarted(w.round, w.commander))


def start_event(w: Work) -> None:
    """After the rotation: reveal the event (if the module is used), then each seat resolves it."""
    if w.rules.events and w.event_deck:
        event_cards.reveal(w)
        if not w.event_deck:
            trigger(w, EndReason.LAST_EVENT, "the last event card was drawn")
        _begin(w, Phase.EVENT)
    else:
        begin_placement(w)


def trigger(w: Work, code: EndReason, reason: str) -> None:
    if not w.last_round:
        w.last_round = True
        w.end_reason = code
        w.add(EndTriggered(w.round, reason))


def begin_placement(w: Work) -> None:
    """The end check (section 3.9) then placement, clockwise from the commander."""
    for seat in w.order():
        _block_if_stuck(w, seat, [stack for stack in w.depot_stacks(seat) if w.stacks[stack]])
    _begin(w, Phase.PLACE)


def _can_place(w: Work, seat: int, stack: int) -> bool:
    pair = tile_pair(w.c, w.stacks[stack][0])
    if free_placement(w, seat, pair):
        return bool(option_bits(w, seat, stack))
    board, corporation = w.boards[seat], w.corporations[seat]
    return bool(legal_bits(board, corporation, w.c, w.masks_of(seat), w.c.stack_shapes[stack], pair=pair))


def end_round(w: Work) -> None:
    """Refill, the empty-depot check, then the next round or the end of the game."""
    w.taken = frozenset()
    depot = empty_depot([len(stack) for stack in w.stacks], w.state.shift)
    if depot is not None:
        trigger(w, EndReason.DEPOT_EMPTY, f"depot {depot} is empty")
    if w.last_round:
        w.event = 0
        _begin(w, Phase.END)
        return
    w.commander = (w.commander + 1) % w.n
    start_round(w)


def game_over(w: Work) -> None:
    w.phase = Phase.OVER
    w.final_scores = final_scores(w)
    message = solo_message(w.final_scores[0]) if w.n == 1 else ""
    w.add(GameEnded(w.round, w.final_scores, winners(w), message))


def is_restriction(effect: str) -> bool:
    return effect in RESTRICTIONS


__all__ = ["depot_options", "settle"]
