"""Pending gains: the choices each one offers (as actions) and what choosing one does.

A player's pool holds the decisions their tile, cards or the event caused; any of them may be resolved
next (FAQ A3), so the legal actions are the union of every pending gain's options, plus rover steps while
movement points are left.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from playbook.core import Action

from .actions import (
    GAIN_WORDS,
    ChooseSquare,
    ChooseStack,
    ChooseTrack,
    ClearLine,
    Decline,
    DiscardObjective,
    Gain,
    MoveRover,
    Peek,
    PlaceTile,
    Rotate,
    StopRovers,
    StorePatch,
    TeleportRover,
    shared,
)
from .events import GainLost, StationRotated, TokenMoved
from .geometry import COLS, ROWS, W, placement_index, squares
from .planet import (
    add_meteorite,
    collect_at,
    move_rover,
    patch_squares,
    place_patch,
    place_rover,
    place_tile,
    placement_actions,
    rover_steps,
)
from .plugin import AFTER_JUMP, BIOMASS_OPTIONS, OPTIONS, RESOLVERS, STEP_COST, SYNERGY_OPTIONS, TRACK_CHOICES
from .powers import carried, civ_jumps
from .tracks import advance, advanceable, can_regress, regress
from .work import Pending, Work

TRACK_GAINS = (
    Gain.SYNERGY, Gain.ENERGY, Gain.DIFFERENT, Gain.TWICE, Gain.ONE_OF, Gain.THREE_NO_BENEFIT, Gain.REGRESS,
    Gain.ANY_TRACK, Gain.SYNERGY_OR_PEEK,
    Gain.TRACKER_REGRESS,  # Makeshift tech 4
)  # fmt: skip


def _track_mask(w: Work, p: Pending) -> list[int]:
    seat = w.seat
    if p.gain in (Gain.SYNERGY, Gain.TWICE, Gain.ANY_TRACK, Gain.SYNERGY_OR_PEEK):
        return advanceable(w, seat)
    if p.gain in (Gain.ENERGY, Gain.ONE_OF):
        return advanceable(w, seat, p.value)
    if p.gain == Gain.THREE_NO_BENEFIT:
        return [t for t in range(5) if p.value >> t & 1 and w.board.trackers[t] < w.tables_of(seat).at_top[t]]
    if p.gain == Gain.DIFFERENT:
        return advanceable(w, seat, ~(p.value >> 4) & 0b11111)
    # REGRESS, TRACKER_REGRESS (Makeshift: not onto or past another tracker)
    return [t for t in range(5) if p.value >> t & 1 and can_regress(w, seat, t)]


def _tracks(w: Work, p: Pending) -> list[Action]:
    found: list[Action] = [shared(ChooseTrack, t, p.gain) for t in _track_mask(w, p)]
    if p.gain == Gain.SYNERGY_OR_PEEK and w.event_deck:
        found.append(Peek())
    if p.gain in (Gain.SYNERGY, Gain.SYNERGY_OR_PEEK):
        for tech, more in SYNERGY_OPTIONS.items():  # plug-ins: Jump Drive tech 3, a synergy twice
            if w.tech(w.seat, tech):
                found += more(w, found)
    return found


def _squares(kind: Gain, mask: int) -> list[Action]:
    return [shared(ChooseSquare, kind, s // W, s % W) for s in squares(mask)]


def _rover(w: Work, p: Pending) -> list[Action]:
    board = w.board
    if board.rover_supply <= 0:
        return []
    occupied = sum(1 << r for r in board.rovers)
    return _squares(Gain.ROVER, board.last_tile & ~occupied)


def _biomass(w: Work, p: Pending) -> list[Action]:
    swap = [a for tech, more in BIOMASS_OPTIONS.items() if w.tech(w.seat, tech) for a in more(w, p)]  # Jump Drive 1
    if w.board.biomass_supply <= 0 and p.gain == Gain.BIOMASS:
        return swap
    found = _squares(p.gain, patch_squares(w, w.seat))
    if p.gain == Gain.BIOMASS and w.tech(w.seat, "store_biomass"):
        found.append(StorePatch())
    return found + swap


def _teleport(w: Work, p: Pending) -> list[Action]:
    board = w.board
    occupied = sum(1 << r for r in board.rovers)
    targets = list(squares(w.masks_of(w.seat).playable & ~occupied))  # a teleport is not a step: no planet rule
    return [shared(TeleportRover, r // W, r % W, t // W, t % W) for r in board.rovers for t in targets]


def _line(w: Work, p: Pending) -> list[Action]:
    rocks = w.board.meteorites
    found: list[Action] = [shared(ClearLine, 0, i) for i in range(12) if rocks & ROWS[i]]
    return found + [shared(ClearLine, 1, i) for i in range(12) if rocks & COLS[i]]


def _extra_tile(w: Work, p: Pending) -> list[Action]:
    return placement_actions(w, w.seat)


def _layer(kind: Gain, layer: Callable[[Work], int]) -> Callable[[Work, Pending], list[Action]]:
    return lambda w, p: _squares(kind, layer(w))


#: The base rules' own choices, put first in ``plugin.OPTIONS`` (which the plug-ins' own gains join).
OPTIONS.update(
    {
        **{kind: _tracks for kind in TRACK_GAINS},
        Gain.ROVER: _rover,
        Gain.BIOMASS: _biomass,
        Gain.STORED_BIOMASS: _biomass,
        Gain.TELEPORT: _teleport,
        Gain.LINE: _line,
        Gain.METEORITES: _layer(Gain.METEORITES, lambda w: w.board.meteorites),
        Gain.EXTRA_TILE: _extra_tile,
        Gain.ADD_METEORITE: _layer(Gain.ADD_METEORITE, lambda w: w.board.meteor_marks & ~w.board.meteorites),
        Gain.DESTROY_ROVER: _layer(Gain.DESTROY_ROVER, lambda w: sum(1 << r for r in w.board.rovers)),
        Gain.DESTROY_LIFEPOD: _layer(Gain.DESTROY_LIFEPOD, lambda w: w.board.lifepods),
        Gain.COLLECT_LIFEPOD: _layer(Gain.COLLECT_LIFEPOD, lambda w: w.board.lifepods),
        Gain.COLLECT_METEORITE: _layer(Gain.COLLECT_METEORITE, lambda w: w.board.meteorites),
        Gain.ROTATE: lambda w, p: [shared(Rotate, r) for r in range(6)],
        Gain.DISCARD_OBJECTIVE: lambda w, p: [DiscardObjective(c) for c in w.board.objectives],
        Gain.REMOVE_SHAPE: lambda w, p: [ChooseStack(s) for s in w.depot_stacks(w.seat) if w.stacks[s]],
        Gain.DESTROY_CARRIED: lambda w, p: (
            [ChooseSquare(Gain.DESTROY_CARRIED, p.value // W, p.value % W), Decline()]
            if carried(w, w.seat, p.value)
            else []
        ),
    }
)


def options(w: Work, p: Pending) -> list[Action]:
    return OPTIONS[p.gain](w, p)


def pool_actions(w: Work) -> list[Action]:
    """Every action that resolves something in the acting seat's pool (duplicates of a kind once)."""
    return list(pool_listing(w))


class Worked(NamedTuple):
    """What ``auto_resolve`` worked out of a pool it left for the seat to choose from: every pending gain's options
    in order, and the rover steps and civ jumps when it looked (``None``: it did not). The pool's listing
    (``pool_listing``) is made of the same values, so the state ``settle`` stops at lists them from this."""

    options: list[list[Action]]
    steps: list[tuple[int, int]] | None
    jumps: list[tuple[int, int]] | None


#: The one-slot ``(state, Worked)`` of the state the last step ended at (``moves``), read by ``State._pool``.
WORKED: list[tuple[object, Worked | None]] = [(None, None)]


def pool_listing(w: Work, worked: Worked | None = None) -> dict[Action, int]:
    """``pool_actions`` in order, each with the index of the first pending gain it resolves (-1: rover movement),
    the one ``resolve`` would search for: a state lists them once (``State.pool_index``), and applying one of
    them does not work out every gain's options again. ``worked``: what ``auto_resolve`` found of this pool."""
    first: dict[Action, int] = {}
    seen: set[tuple[Gain, int]] = set()
    for index, p in enumerate(w.pending):
        if (p.gain, p.value) in seen:  # the same options as the earlier one: it is found first
            continue
        seen.add((p.gain, p.value))
        for action in options(w, p) if worked is None else worked.options[index]:
            first.setdefault(action, index)
    if w.movement > 0:
        steps = worked.steps if worked is not None and worked.steps is not None else rover_steps(w, w.seat)
        for a, b in steps:
            first.setdefault(shared(MoveRover, a // W, a % W, b // W, b % W), -1)
        jumps = worked.jumps if worked is not None and worked.jumps is not None else civ_jumps(w, w.seat)
        for a, b in jumps:
            first.setdefault(shared(TeleportRover, a // W, a % W, b // W, b % W), -1)
        first.setdefault(shared(StopRovers), -1)
    return first


def auto_resolve(w: Work) -> bool:
    """Drop a gain with no option, take a gain with one; ``True`` if anything changed. When nothing did, what it
    worked out is kept in ``w.worked`` for the listing of the state the step ends at (``pool_listing``)."""
    found_options: list[list[Action]] = []
    for index, p in enumerate(w.pending):
        found = options(w, p)
        if not found:
            del w.pending[index]
            w.add(GainLost(w.round, w.seat, _word(p)))
            return True
        if len(found) == 1:
            resolve(w, found[0], index)
            return True
        found_options.append(found)
    rover_coming = any(p.gain == Gain.ROVER for p in w.pending)  # movement waits for a rover to be placed
    steps = jumps = None
    if w.board.rovers:
        steps = rover_steps(w, w.seat)
        if not steps:
            jumps = civ_jumps(w, w.seat)
    can_move = bool(steps or jumps)
    if w.movement > 0 and not rover_coming and not can_move:
        w.add(GainLost(w.round, w.seat, f"{w.movement} rover movement (no rover can move)"))
        w.movement = 0
        return True
    w.worked = Worked(found_options, steps, jumps)
    return False


def _word(p: Pending) -> str:
    return GAIN_WORDS[p.gain]


def _first(w: Work, action: Action) -> int:
    """The index of the first pending gain that ``action`` resolves (-1: none)."""
    for index, p in enumerate(w.pending):
        if action in options(w, p):
            return index
    return -1


def resolve(w: Work, action: Action, index: int = -1) -> None:
    """Apply a pool action (already known legal); ``index``: the pending gain it resolves (-1: the first that
    does, searched here)."""
    if index < 0 and not isinstance(action, MoveRover | StopRovers):
        index = _first(w, action)
    resolve_at(w, action, index)


def resolve_at(w: Work, action: Action, index: int) -> None:
    """Apply a pool action (already known legal) that resolves pending gain ``index``, the first that it
    resolves; -1: it resolves none (rover movement, or Republic's jump between civ squares)."""
    if isinstance(action, MoveRover):
        w.movement -= _step_cost(w, action.to_row * W + action.to_col)
        move_rover(w, w.seat, action.row * W + action.col, action.to_row * W + action.to_col)
        return
    if isinstance(action, StopRovers):
        w.add(GainLost(w.round, w.seat, f"{w.movement} rover movement (stopped)"))
        w.movement = 0
        return
    if isinstance(action, TeleportRover) and index < 0:
        w.movement -= 1  # Republic tech 3: a jump between civ squares for 1 movement (a free teleport goes first)
        for tech, jumped in AFTER_JUMP.items():  # plug-ins: Jump Drive tech 2 (once per round)
            if w.tech(w.seat, tech):
                jumped(w)
        move_rover(w, w.seat, action.row * W + action.col, action.to_row * W + action.to_col, "teleported")
        return
    if index < 0:
        raise AssertionError(f"{action} resolves no pending gain")
    p = w.pending.pop(index)
    RESOLVERS[type(action)](w, p, action, index)


def _step_cost(w: Work, end: int) -> int:
    """A rover step costs 1 movement, unless a tech power says otherwise (plug-ins: Cosmos tech 4, 0 onto energy)."""
    for tech, cost in STEP_COST.items():
        if w.tech(w.seat, tech):
            return cost(w, w.seat, end)
    return 1


def _track(w: Work, p: Pending, action: Action, index: int) -> None:
    assert isinstance(action, ChooseTrack)
    seat, t = w.seat, action.track
    word = _word(p)
    own = TRACK_CHOICES.get(action.gain)  # a plug-in's own gain (Jump Drive techs 3 and 5, Flux's flux track)
    if own is not None:
        own(w, p, action)
        return
    if p.gain in (Gain.REGRESS, Gain.TRACKER_REGRESS):
        regress(w, seat, t, p.value >> 8, "event: regress" if p.gain == Gain.REGRESS else "Makeshift tech 4")
    elif p.gain == Gain.THREE_NO_BENEFIT:
        for _ in range(3):
            advance(w, seat, t, word, benefits=False)
    elif p.gain == Gain.TWICE:
        advance(w, seat, t, word)
        advance(w, seat, t, word)
    else:
        advance(w, seat, t, word)
    if p.gain == Gain.DIFFERENT and p.value & 0b1111 > 1:
        used = (p.value >> 4) | 1 << t
        w.pending.insert(index, Pending(Gain.DIFFERENT, (p.value & 0b1111) - 1 | used << 4))


def _square(w: Work, p: Pending, action: Action, index: int) -> None:
    assert isinstance(action, ChooseSquare)
    seat, s = w.seat, action.row * W + action.col
    board = w.board
    if p.gain == Gain.ROVER:
        place_rover(w, seat, s)
    elif p.gain in (Gain.BIOMASS, Gain.STORED_BIOMASS):
        if p.gain == Gain.STORED_BIOMASS:
            w.set_board(seat, stored_biomass=board.stored_biomass - 1, biomass_supply=board.biomass_supply + 1)
        place_patch(w, seat, s)
    elif p.gain == Gain.METEORITES:
        w.set_board(seat, meteorites=board.meteorites & ~(1 << s))
        w.add(TokenMoved(w.round, seat, "meteorite", "destroyed", s, -1))
        if p.value > 1 and w.board.meteorites:
            w.pending.insert(index, Pending(Gain.METEORITES, p.value - 1))
    elif p.gain == Gain.ADD_METEORITE:
        add_meteorite(w, seat, 1 << s)
    elif p.gain in (Gain.COLLECT_LIFEPOD, Gain.COLLECT_METEORITE):
        collect_at(w, seat, s, by_rover=False)
        left = w.board.lifepods if p.gain == Gain.COLLECT_LIFEPOD else w.board.meteorites
        if p.value > 1 and left:
            w.pending.insert(index, Pending(p.gain, p.value - 1))
    else:
        _destroy(w, p.gain, s)


def _destroy(w: Work, kind: Gain, s: int) -> None:
    """Event 111 (a rover), event 113 (a lifepod), Horizon tech 4 (the carried meteorite)."""
    seat, board = w.seat, w.board
    if kind == Gain.DESTROY_ROVER:
        w.set_board(seat, rovers=tuple(r for r in board.rovers if r != s))
        w.add(TokenMoved(w.round, seat, "rover", "destroyed", s, -1))
    elif kind == Gain.DESTROY_CARRIED:
        w.set_board(seat, meteorites=board.meteorites & ~(1 << s))
        w.add(TokenMoved(w.round, seat, "meteorite", "destroyed", s, -1))
    else:  # DESTROY_LIFEPOD
        w.set_board(seat, lifepods=board.lifepods & ~(1 << s))
        w.add(TokenMoved(w.round, seat, "lifepod", "destroyed", s, -1))


def _store(w: Work, p: Pending, action: Action, index: int) -> None:
    board = w.board
    w.set_board(w.seat, stored_biomass=board.stored_biomass + 1, biomass_supply=board.biomass_supply - 1)
    w.add(TokenMoved(w.round, w.seat, "patch", "stored", -1, -1))


def _teleport_rover(w: Work, p: Pending, action: Action, index: int) -> None:
    assert isinstance(action, TeleportRover)
    move_rover(w, w.seat, action.row * W + action.col, action.to_row * W + action.to_col, "teleported")


def _clear(w: Work, p: Pending, action: Action, index: int) -> None:
    assert isinstance(action, ClearLine)
    line = (ROWS if action.axis == 0 else COLS)[action.index]
    board = w.board
    for s in squares(board.meteorites & line):
        w.add(TokenMoved(w.round, w.seat, "meteorite", "destroyed", s, -1))
    w.set_board(w.seat, meteorites=board.meteorites & ~line)


def _extra(w: Work, p: Pending, action: Action, index: int) -> None:
    assert isinstance(action, PlaceTile)
    shape = w.c.shape(w.c.stack_shapes[action.stack])
    placement = placement_index(w.planets[w.seat], shape)[(action.orientation, action.row, action.col)]
    place_tile(w, w.seat, action.stack, placement, advances=p.value == 1)


def _peek(w: Work, p: Pending, action: Action, index: int) -> None:
    w.peeks[w.seat] = w.event_deck[0]


def _rotate(w: Work, p: Pending, action: Action, index: int) -> None:
    assert isinstance(action, Rotate)
    w.rotation = action.rotation
    w.add(StationRotated(w.round, w.seat, action.rotation))


def _discard(w: Work, p: Pending, action: Action, index: int) -> None:
    assert isinstance(action, DiscardObjective)
    w.set_board(w.seat, objectives=tuple(c for c in w.board.objectives if c != action.card))


def _remove_stack(w: Work, p: Pending, action: Action, index: int) -> None:
    assert isinstance(action, ChooseStack)
    w.stacks[action.stack] = ()


#: The base rules' own resolvers, put first in ``plugin.RESOLVERS`` (which the plug-ins' own actions join).
RESOLVERS.update(
    {
        ChooseTrack: _track,
        ChooseSquare: _square,
        StorePatch: _store,
        TeleportRover: _teleport_rover,
        ClearLine: _clear,
        PlaceTile: _extra,
        Peek: _peek,
        Rotate: _rotate,
        DiscardObjective: _discard,
        ChooseStack: _remove_stack,
        Decline: lambda w, p, action, index: None,
    }
)
