"""The immutable ``State``: a ``NamedTuple`` of fields plus ``EngineState`` (legality cache, apply, JSON)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from playbook.core import CHANCE, Action
from playbook.core.engine import EngineState, Move
from playbook.core.errors import InvalidStateError
from playbook.core.protocol import Json

from . import gains
from .actions import PlanetUnknownAction, describe, out_of_range
from .board import Board
from .components import EndReason, Phase, Rules
from .consistency import check_consistent
from .geometry import planet_masks
from .moves import CIV, KEEP, MOVES, PLACE, POOL, POOL_MOVES, POWER, ROTATE, TAKE
from .observe import observation
from .scoring import all_breakdowns, winners_of
from .work import Pending, Work, reader


class _Fields(NamedTuple):
    rules: Rules
    num_players: int
    seed: int
    round: int
    phase: Phase
    commander: int
    step: int  # index of the acting seat in the clockwise order from the commander
    seat: int  # the acting seat
    rotation: int
    shift: int
    stacks: tuple[tuple[int, ...], ...]  # 12 stacks of tile types (index 0 is the top)
    taken: frozenset[int]  # stacks taken from this round (their new top is hidden until the refill)
    boards: tuple[Board, ...]
    pending: tuple[Pending, ...]  # the acting seat's pool of gains
    movement: int  # the acting seat's rover movement points
    placed: bool  # the acting seat has placed (or taken) its tile this round
    civ_queue: tuple[tuple[int, ...], ...]  # per seat: ranks of civ milestones to claim
    civ_piles: tuple[tuple[int, ...], ...]  # rank 1..4
    civ_aside: tuple[int, ...]  # civ cards set aside at setup (solo event 66)
    neighbour_objectives: tuple[int, ...]
    objective_deck: tuple[int, ...]  # hidden rest of the objective deck (solo event 67)
    dealt: tuple[tuple[int, ...], ...]  # private objectives dealt and not yet kept
    event_deck: tuple[int, ...]  # hidden order
    event: int  # the round's event card, 0 when none
    peeks: tuple[int, ...]  # per seat: the next event card it peeked at this round, 0 when none
    solo_target: int
    last_round: bool
    end_reason: EndReason
    final_scores: tuple[int, ...]


#: The one-slot pool cache, ``[(state, actions, actions by kind, first pending index of each)]``: a state's
#: pool is listed once for every move kind that offers part of it and for the ``apply`` that follows (replaced
#: whole, like the core's legal-action slot).
_POOL_CACHE: list[Any] = [(None, [], {}, {})]
_NO_ACTIONS: tuple[Action, ...] = ()
#: ``POOL_MOVES`` in order, each with the action kind it lists straight from the pool (``PoolMove``), or ``None``
#: for a move whose listing depends on more (a placement, the station's rotation, a power).
_POOL_LISTING = tuple((move.action if POOL.get(move.action) is move else None, move) for move in POOL_MOVES)


class State(_Fields, EngineState):
    """A Planet Unknown position. Seats are clockwise; ``seat`` is the one acting in the phase."""

    __slots__ = ()
    ACTION_BASE = PlanetUnknownAction
    MOVES = MOVES

    # -- the protocol --------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if self.phase == Phase.OVER:
            return None
        if self.phase == Phase.ROTATE:
            return self.commander
        return self.seat

    @property
    def is_terminal(self) -> bool:
        return self.phase == Phase.OVER

    def open_moves(self) -> Sequence[Move[Any, Any]]:
        phase = self.phase
        if phase == Phase.OVER:
            return ()
        if phase == Phase.OBJECTIVES and not self.pending:  # Flux's set-up choice is a pending gain
            return (KEEP,)
        if phase == Phase.ROTATE:
            return (ROTATE,)
        if self.pending or self.movement:
            return POOL_MOVES
        if phase == Phase.PLACE and not self.placed:
            return (PLACE, TAKE, POWER)
        return (CIV,)

    def legal_actions(self) -> tuple[Action, ...]:
        """``EngineState.legal_actions`` (the same cache slot and order), joining the open moves' lists without a
        generator: a placement lists a hundred actions or more, and it runs once for every new state."""
        slot = EngineState._legal_cache[0]
        if slot[0] is self:
            cached: tuple[Action, ...] = slot[1]
            return cached
        actions: list[Action] = []
        moves = self.open_moves()
        if moves is POOL_MOVES:  # some twenty kinds, most listing only their share of the pool: read it here
            grouped = self._pool()[2]
            for kind, move in _POOL_LISTING:
                if kind is None:
                    actions += move.legal(self)
                elif kind in grouped:
                    actions += grouped[kind]
        else:
            for move in moves:
                actions += move.legal(self)
        result = tuple(actions)
        EngineState._legal_cache[0] = (self, result, None)
        return result

    def why_illegal(self, action: object) -> str | None:
        """The core's answer, except that a field outside its range (``track=99``) is malformed, said before any
        rule reads it (a rule's text would index the tracks with it)."""
        problem = out_of_range(action) if isinstance(action, PlanetUnknownAction) else None
        return f"malformed: {problem}" if problem is not None else super().why_illegal(action)

    def describe_action(self, action: Action) -> str:
        """A refused action in the game's words (``describe``)."""
        return describe(action)

    def chance_outcomes(self) -> tuple[tuple[Action, float], ...]:
        return ()  # no chance steps: every hidden order is drawn at setup from the seed

    def pool_actions(self) -> list[Action]:
        """Every action that resolves something in the acting seat's pool (``gains.pool_actions``)."""
        found: list[Action] = self._pool()[1]
        return found

    def pool_of_kind(self, kind: type[Action]) -> tuple[Action, ...]:
        """The pool's actions of exactly this class, in order (each move kind lists its own). Asked by some twenty
        move kinds per listing, so the slot is read here without a call."""
        slot = _POOL_CACHE[0]
        if slot[0] is not self:
            slot = self._pool()
        found: tuple[Action, ...] = slot[2].get(kind, _NO_ACTIONS)
        return found

    def pool_index(self, action: Action) -> int:
        """The first pending gain that a listed pool ``action`` resolves (-1: none; ``gains.resolve_at``)."""
        found: int = self._pool()[3].get(action, -1)
        return found

    def _pool(self) -> Any:
        slot = _POOL_CACHE[0]
        if slot[0] is self:
            return slot
        first: dict[Action, int] = {}
        if self.pending or self.movement:
            worked = gains.WORKED[0]
            # from what the step worked out, the rest (rover steps, civ jumps) only reads the state
            first = gains.pool_listing(reader(self), worked[1]) if worked[0] is self else gains.pool_listing(Work(self))
        actions = list(first)
        grouped: dict[type[Action], list[Action]] = {}
        for action in actions:
            grouped.setdefault(type(action), []).append(action)
        slot = (self, actions, {kind: tuple(group) for kind, group in grouped.items()}, first)
        _POOL_CACHE[0] = slot
        return slot

    def scores(self) -> tuple[float, ...]:
        if self.phase == Phase.OVER:
            return tuple(float(s) for s in self.final_scores)
        planets = [self.rules.planet(seat) for seat in range(self.num_players)]
        corporations = [self.rules.corporation(seat) for seat in range(self.num_players)]
        parts = all_breakdowns(self.boards, self.neighbour_objectives, self.rules.c, planets, corporations)
        totals = [sum(p.values()) for p in parts]
        if self.num_players == 1:
            totals[0] -= self.solo_target
        return tuple(float(t) for t in totals)

    def winners_when_over(self) -> tuple[int, ...]:
        scores = tuple(int(s) for s in self.final_scores)
        if self.num_players == 1:
            return (0,) if scores[0] >= 0 else ()
        return winners_of(scores, self.boards, [planet_masks(self.rules.planet(s)) for s in range(self.num_players)])

    def observation(self, seat: int) -> dict[str, Json]:
        return dict(observation(self, self.check_seat(seat)))

    def check_consistent(self) -> None:
        check_consistent(self)

    @property
    def is_chance(self) -> bool:
        return self.current_player == CHANCE


def invalid(message: str) -> InvalidStateError:
    return InvalidStateError(f"planet_unknown State: {message}")
