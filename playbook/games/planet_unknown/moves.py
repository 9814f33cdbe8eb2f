"""One ``Move`` per action kind: which actions are legal, why one is not, and what it does.

Every move's ``apply`` edits a ``Work`` copy and then runs ``flow.settle`` so the automatic steps that
follow happen in the same ``apply``.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from playbook.core import Action, Event
from playbook.core.engine import Move

from . import gains
from .actions import (
    ChooseBiomassSpace,
    ChooseCivCard,
    ChooseLifepod,
    ChooseSquare,
    ChooseStack,
    ChooseTrack,
    ClearLine,
    Decline,
    DiscardObjective,
    KeepObjectives,
    MoveRover,
    Peek,
    PlaceLifepod,
    PlaceTile,
    Rotate,
    ShareObjective,
    SlotLifepod,
    StepTracker,
    StopLifepods,
    StopRovers,
    StorePatch,
    SynergyInstead,
    TakeTile,
    TeleportRover,
    UsePower,
    shared,
)
from .civ_cards import take_civ_card
from .components import Phase, Terrain
from .events import ObjectivesKept, StationRotated, TileTaken
from .flow import settle, start_event
from .geometry import H, Placement, W, placement_index, placement_masks
from .planet import (
    anchored,
    place_tile,
    placement_actions,
    take_without_placing,
    tile_pair,
)
from .planets import FIXED_REASONS, TILE_REASONS, fixed_rule_allows, hole_under, tile_rule_bits
from .plugin import REFUSALS, WHY_NOT_POWER
from .powers import civ_options, committed_to_civ_tile, power_levels, use_power
from .work import Work, keep_for_reading, reader

if TYPE_CHECKING:
    from .state import State


def _finish(w: Work) -> tuple[State, tuple[Event, ...]]:
    settle(w)
    state, events = w.finish()
    if w.worked is not None:  # the new state's pool, worked out already: its listing starts from it
        gains.WORKED[0] = (state, w.worked)
    keep_for_reading(state, w)
    return state, events


class _Base(Move["State", Any]):
    def apply(self, state: State, action: Any) -> tuple[State, tuple[Event, ...]]:
        w = Work(state)
        self.effect(w, action)
        return _finish(w)

    def effect(self, w: Work, action: Any) -> None:
        raise NotImplementedError


class KeepMove(_Base):
    action = KeepObjectives

    def legal(self, state: State) -> Iterable[Action]:
        dealt = state.dealt[state.seat]
        keep = 1 if state.num_players > 1 else min(3, len(dealt))
        return [KeepObjectives(cards) for cards in itertools.combinations(dealt, keep)]

    def why_not(self, state: State, action: Any) -> str:
        return (
            f"keep {1 if state.num_players > 1 else 3} of the objective cards dealt to you: {state.dealt[state.seat]}"
        )

    def effect(self, w: Work, action: KeepObjectives) -> None:
        w.set_board(w.seat, objectives=tuple(action.cards))
        w.dealt[w.seat] = ()
        w.add(ObjectivesKept(w.round, w.seat, len(action.cards)))


class RotateMove(_Base):
    action = Rotate

    def legal(self, state: State) -> Iterable[Action]:
        if state.phase == Phase.ROTATE:
            return [shared(Rotate, r) for r in range(6)]
        return state.pool_of_kind(Rotate)

    def why_not(self, state: State, action: Any) -> str:
        return "the commander may turn the station to rotation 0-5 only"

    def effect(self, w: Work, action: Rotate) -> None:
        if w.phase == Phase.ROTATE:
            w.rotation = action.rotation
            w.add(StationRotated(w.round, w.commander, action.rotation))
            start_event(w)
        else:
            gains.resolve_at(w, action, w.state.pool_index(action))


def _placement_actions(state: State) -> list[Action]:
    w = reader(state)
    found = placement_actions(w, state.seat, (0, 1) if w.event_effect() == "one_resource" else (-1,))
    if committed_to_civ_tile(w, state.seat):  # Republic tech 1 used this round: a civ-terrain tile only
        found = [a for a in found if isinstance(a, PlaceTile) and Terrain.CIV in tile_pair(w.c, w.stacks[a.stack][0])]
    return found


class PlaceMove(_Base):
    action = PlaceTile

    def legal(self, state: State) -> Iterable[Action]:
        if state.phase == Phase.PLACE and not state.placed:
            return [] if state.boards[state.seat].blocked else _placement_actions(state)
        return state.pool_of_kind(PlaceTile)

    def why_not(self, state: State, action: Any) -> str:
        return why_not_place(state, action)

    def effect(self, w: Work, action: PlaceTile) -> None:
        if w.phase == Phase.PLACE and not w.placed:
            w.placed = True
            shape = w.c.shape(w.c.stack_shapes[action.stack])
            p = placement_index(w.planets[w.seat], shape)[(action.orientation, action.row, action.col)]
            w.add(TileTaken(w.round, w.seat, action.stack, w.stacks[action.stack][0], True))
            place_tile(w, w.seat, action.stack, p, advances=True, skip=action.skip)
        else:
            gains.resolve_at(w, action, w.state.pool_index(action))


def why_not_place(state: State, action: PlaceTile) -> str:
    """The placement rule a refused ``PlaceTile`` breaks, in the rulebook's words where it can."""
    w = Work(state)
    if action.stack not in w.depot_stacks(state.seat) or not (0 <= action.stack < 12 and w.stacks[action.stack]):
        return "you must draft one of the 2 tiles in front of you (your depot)"
    if state.boards[state.seat].blocked:
        return "no placement of your depot's tiles is legal: take a tile without placing it"
    if w.event_effect() == "one_resource" and action.skip not in (0, 1):
        return "this round's event: you advance only one of the two resources (skip 0 or 1)"
    if w.event_effect() != "one_resource" and action.skip != -1:
        return "skip is only for the events that take one resource of the tile"
    shape = w.c.shape(w.c.stack_shapes[action.stack])
    planet = w.planets[state.seat]
    p = placement_index(planet, shape).get((action.orientation, action.row, action.col))
    if p is None:
        if not (0 <= action.orientation < 8 and 0 <= action.row < H and 0 <= action.col < W):
            return "orientation is 0-7 and the corner a square of the 12x12 grid"
        return hole_under(planet, shape, action.orientation, action.row, action.col) or (
            "tiles cannot extend off the planet's printed grid (or that orientation repeats a smaller one)"
        )
    board = state.boards[state.seat]
    if p.mask & board.covered:
        return "tiles cannot be placed on top of other tiles"
    if committed_to_civ_tile(w, state.seat) and Terrain.CIV not in tile_pair(w.c, w.stacks[action.stack][0]):
        return "Republic tech 1 was used this round: the tile you take must have civ terrain"
    return _planet_reason(w, action, p) or "this round's event forbids that placement"


def _planet_reason(w: Work, action: PlaceTile, p: Placement) -> str:
    """The planet rule or anchoring rule a placement on free squares breaks ("" if none)."""
    board, planet = w.board, w.planets[w.seat]
    shape = w.c.shape(w.c.stack_shapes[action.stack])
    if not fixed_rule_allows(planet, p):
        return FIXED_REASONS[planet.placement]
    if not anchored(board, w.masks_of(w.seat), p.mask, w.tech(w.seat, "ignore_adjacency")):
        if board.tiles_placed == 0 and planet.first_tile == "centre_squares":
            return "Charybdis: the 1st tile placed on your planet must cover one of the 4 centre squares"
        if board.tiles_placed == 0:
            return "the 1st tile placed on your planet must be touching the outside edge of your planet"
        return "all tiles must be placed orthogonally adjacent to another tile (after the 1st tile)"
    if planet.placement in TILE_REASONS:
        pair = tile_pair(w.c, w.stacks[action.stack][0])
        table = placement_masks(planet, shape)
        index = table.placements.index(p)
        if not tile_rule_bits(planet, shape, table, 1 << index, pair, board.covered):
            return TILE_REASONS[planet.placement]
    return ""


class TakeMove(_Base):
    action = TakeTile

    def legal(self, state: State) -> Iterable[Action]:
        if state.phase != Phase.PLACE or state.placed or not state.boards[state.seat].blocked:
            return []
        w = Work(state)
        return [shared(TakeTile, s) for s in w.depot_stacks(state.seat) if state.stacks[s]]

    def why_not(self, state: State, action: Any) -> str:
        return "a tile may be taken without placing it only when no placement is legal, from your depot"

    def effect(self, w: Work, action: TakeTile) -> None:
        w.placed = True
        w.add(TileTaken(w.round, w.seat, action.stack, w.stacks[action.stack][0], False))
        take_without_placing(w, w.seat, action.stack)


class PoolMove(_Base):
    """Any action that resolves a pending gain (or spends rover movement)."""

    def __init__(self, action: type[Action]) -> None:
        self.kind = action

    @property
    def action(self) -> type[Action]:  # type: ignore[override]
        return self.kind

    def legal(self, state: State) -> Iterable[Action]:
        return state.pool_of_kind(self.kind)

    def why_not(self, state: State, action: Any) -> str:
        if isinstance(action, MoveRover | StopRovers):
            if not state.movement:
                return "you have no rover movement to spend"
            return "rovers move one square orthogonally, onto a planet square without another rover"
        refusal = REFUSALS.get(type(action))  # a corporation's own kinds (Makeshift, Cosmos, Jump Drive plug-ins)
        if refusal is not None:
            return refusal(Work(state), action)
        kinds = ", ".join(g.gain.name.lower() for g in state.pending) or "nothing"
        return f"that does not resolve any of your pending gains ({kinds}) in a legal way"

    def effect(self, w: Work, action: Any) -> None:
        gains.resolve_at(w, action, w.state.pool_index(action))


class CivMove(_Base):
    action = ChooseCivCard

    def legal(self, state: State) -> Iterable[Action]:
        seat = state.seat
        if state.pending or state.movement or not state.civ_queue[seat] or state.phase == Phase.PLACE:
            return []
        return [shared(ChooseCivCard, card) for card in civ_options(Work(state), seat)]

    def why_not(self, state: State, action: Any) -> str:
        queue = state.civ_queue[state.seat]
        if not queue:
            return "you have reached no civ milestone to claim"
        return f"take a card of the rank you reached (rank {queue[0]}) still in its pile"

    def effect(self, w: Work, action: ChooseCivCard) -> None:
        take_civ_card(w, w.seat, action.card)


class PowerMove(_Base):
    """An anytime corporation power (``powers.ANYTIME``), during the seat's own turn."""

    action = UsePower

    def legal(self, state: State) -> Iterable[Action]:
        if state.phase != Phase.PLACE or not state.rules.corporations:
            return []
        return [shared(UsePower, level) for level in power_levels(Work(state), state.seat)]

    def why_not(self, state: State, action: Any) -> str:
        for why_not_power in WHY_NOT_POWER:  # plug-ins: Flux, one tech at a time
            words = why_not_power(Work(state), state.seat, action.level)
            if words:
                return words
        return "that tech is not reached, its power was used already, or it has no effect now"

    def effect(self, w: Work, action: UsePower) -> None:
        use_power(w, w.seat, action.level)


KEEP = KeepMove()
ROTATE = RotateMove()
PLACE = PlaceMove()
TAKE = TakeMove()
CIV = CivMove()
POWER = PowerMove()
POOL: dict[type[Action], Move[Any, Any]] = {kind: PoolMove(kind) for kind in (
    ChooseTrack, ChooseSquare, StorePatch, MoveRover, StopRovers, TeleportRover, ClearLine, Peek, ChooseStack,
    DiscardObjective, Decline,
    SlotLifepod, SynergyInstead, ShareObjective,  # Jump Drive
    ChooseBiomassSpace,  # Wormhole
    StepTracker,  # Makeshift
    PlaceLifepod, ChooseLifepod, StopLifepods,  # Cosmos
)}  # fmt: skip
POOL_MOVES = (PLACE, ROTATE, *POOL.values(), POWER)
MOVES: dict[type[Action], Move[Any, Any]] = {
    KeepObjectives: KEEP, Rotate: ROTATE, PlaceTile: PLACE, TakeTile: TAKE, ChooseCivCard: CIV, UsePower: POWER,
    **POOL,
}  # fmt: skip
