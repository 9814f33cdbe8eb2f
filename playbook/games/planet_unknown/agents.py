"""Strategies for Planet Unknown. Each reads only ``observation(seat)`` and the legal actions.

- ``TrackRacer``: the placement with the most track advances and medal steps now.
- ``RowsAndColumns``: fills the high-medal middle rows and columns, away from meteorites.
- ``CivRacer``: civ symbols, synergy into civ, and the best civ cards while the piles are full.
- ``RoverHunter``: rover symbols, rovers placed and driven to lifepods and meteorites.

They share one greedy scorer (``_Greedy``) with different weights, so a class can compare what each
weight buys.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from playbook.core import Action, Agent, RandomAgent
from playbook.core.protocol import Json

from . import bot_powers
from .actions import (
    ChooseBiomassSpace,
    ChooseCivCard,
    ChooseLifepod,
    ChooseSquare,
    ChooseTrack,
    ClearLine,
    Gain,
    MoveRover,
    PlaceLifepod,
    PlaceTile,
    Rotate,
    ShareObjective,
    SlotLifepod,
    StepTracker,
    StopLifepods,
    StopRovers,
    SynergyInstead,
    TeleportRover,
    UsePower,
)
from .board import Board, track_tables
from .components import Rules, Terrain
from .economy import board_from_view, placement_of, placement_yield
from .geometry import COLS, ROWS, W, neighbours, planet_masks
from .planet import tile_pair
from .powers import space_of
from .tuning import seat_corporation
from .variants import planet_entry
from .work import depot_stacks

__all__ = ["STRATEGIES", "CivRacer", "RandomAgent", "RoverHunter", "RowsAndColumns", "TrackRacer"]

Obs = Mapping[str, Json]

CIV_VALUE = {  # rough worth of a civ card to a greedy bot (medals are points; immediate cards ~ advances)
    "medals": 1.0, "medals_and_advance": 1.5, "advance_different": 1.2, "advance_twice": 1.2, "biomass": 1.0,
    "movement": 0.8, "extra_tile": 1.5, "collect_lifepods": 1.0, "teleport": 0.5, "clear_line": 0.8,
    "unionization": 3.0, "medal_per_patch": 0.6, "destroy_meteorites": 0.8, "lifepods_double": 0.8,
    "meteorite_repo": 0.6, "commerce": 1.5,
}  # fmt: skip
#: A power worth using scores above every other action: it is taken first, and the turn goes on.
POWER_FIRST = 1000.0


class _Context:
    """What the scorer needs, rebuilt once per decision from the observation."""

    def __init__(self, observation: Obs) -> None:
        self.rules = Rules.standard()
        self.obs = observation
        seat = int(observation["seat"])
        self.board: Board = board_from_view(observation["boards"][seat])
        key = str(observation.get("planets", ["standard"] * (seat + 1))[seat])
        self.planet = self.rules.c.planet if key == "standard" else planet_entry(key)
        self.masks = planet_masks(self.planet)
        self.corporation = seat_corporation(observation, seat, self.rules.c.corporation)
        self.tables = track_tables(self.corporation)
        self.tops = self.tables.top
        self.targets = self.board.lifepods | self.board.meteorites
        #: the scores of the other legal actions, filled before any ``UsePower`` is scored (``best_places``)
        self.scores: dict[Action, float] = {}

    def best_places(self) -> tuple[float, float]:
        """The best placement score, and the best of a tile with civ terrain (Republic tech 1 commits to one)."""
        best = best_civ = float("-inf")
        for action, score in self.scores.items():
            if isinstance(action, PlaceTile):
                best = max(best, score)
                tile = self.obs["stack_tops"][action.stack]
                if tile is not None and Terrain.CIV in tile_pair(self.rules.c, int(tile)):
                    best_civ = max(best_civ, score)
        return (0.0, 0.0) if best_civ == float("-inf") and best == float("-inf") else (best, best_civ)


def _distance(start: int, targets: int, allowed: int) -> int:
    """Steps from ``start`` to the nearest target square (breadth-first over bitboards), 99 if none."""
    if not targets:
        return 99
    frontier = seen = 1 << start
    for step in range(30):
        if frontier & targets:
            return step
        frontier = neighbours(frontier) & allowed & ~seen
        if not frontier:
            return 99
        seen |= frontier
    return 99


class _Greedy(Agent):
    """Scores every legal action with weights and takes the best (ties: the first listed)."""

    stochastic = False
    looks_at = ("own planet", "own trackers", "depot tops", "civ piles", "pending gains")
    #: per track (civ, water, biomass, rover, tech): how much one advance is worth
    track_weights: ClassVar[tuple[float, ...]] = (1.0, 1.0, 1.0, 1.0, 1.0)
    lines_weight: ClassVar[float] = 1.0
    medal_weight: ClassVar[float] = 1.0
    hunt_weight: ClassVar[float] = 0.3

    def choose(self, observation: Obs, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        ctx = _Context(observation)
        ctx.scores = {a: self.score(ctx, a) for a in legal_actions if not isinstance(a, UsePower)}
        scores: dict[Action, float] = {a: self.score(ctx, a) for a in legal_actions if isinstance(a, UsePower)}
        scores.update(ctx.scores)
        best = legal_actions[0]
        best_score = float("-inf")
        for action in legal_actions:
            if scores[action] > best_score:
                best, best_score = action, scores[action]
        return best

    # -- scoring ---------------------------------------------------------------------------------------
    def score(self, ctx: _Context, action: Action) -> float:
        handler = _HANDLERS.get(type(action))
        return handler(self, ctx, action) if handler else 0.0

    def best_advance(self, ctx: _Context) -> float:
        """A synergy: the best single advance of any track."""
        return max(self.track_value(ctx, t) for t in range(5))

    def track_value(self, ctx: _Context, track: int, steps: int = 1) -> float:
        position = ctx.board.trackers[track]
        column = ctx.board.columns[track]  # Makeshift: the track the tracker stands on (its top, its medals)
        if position >= ctx.tops[column] and column != Terrain.ROVER:
            return -0.5
        medals = ctx.tables.best_medal[column]
        gained = medals[min(position + steps, ctx.tops[column])] - medals[position]
        return steps * self.track_weights[track] + self.medal_weight * gained

    def place_value(self, ctx: _Context, action: PlaceTile) -> float:
        stack_tops = ctx.obs["stack_tops"]
        tile = stack_tops[action.stack]
        if tile is None:
            return 0.0
        p = placement_of(ctx.rules, action.stack, action.orientation, action.row, action.col, ctx.planet)
        y = placement_yield(ctx.board, int(tile), p, ctx.rules, ctx.planet, ctx.corporation)
        skipped = tile_pair(ctx.rules.c, int(tile))[action.skip] if action.skip >= 0 else -1
        value = sum(self.track_value(ctx, t, n) for t, n in enumerate(y.advances) if n and t != skipped)
        if y.energy_options and skipped != Terrain.ENERGY:
            value += max(self.track_value(ctx, t) for t in y.energy_options)
        value -= 1.5 * y.lifepods_destroyed + 2.0 * y.rovers_destroyed
        value += self.lines_weight * self.lines_value(ctx, p.mask, y.meteorite)
        value += 0.15 * (neighbours(p.mask) & ctx.board.covered).bit_count()  # keep the planet compact
        return value

    def lines_value(self, ctx: _Context, mask: int, meteorite: int) -> float:
        covered = ctx.board.covered | mask
        rocks = ctx.board.meteorites | ((1 << meteorite) if meteorite >= 0 else 0)
        value = 0.0
        medals = ctx.planet.row_medals + ctx.planet.column_medals
        for line, medal in zip(ctx.masks.rows + ctx.masks.cols, medals, strict=True):
            if not line & mask:
                continue
            if line & rocks:
                value -= 0.3 * medal
                continue
            filled = (line & covered).bit_count() / line.bit_count()
            value += medal * filled * filled
        return value

    def square_value(self, ctx: _Context, action: ChooseSquare) -> float:
        s = action.row * W + action.col
        bit = 1 << s
        allowed = ctx.masks.playable
        if action.gain == Gain.ROVER:
            return -_distance(s, ctx.targets & ~bit, allowed) + (3 if ctx.targets & bit else 0)
        if action.gain in (Gain.BIOMASS, Gain.STORED_BIOMASS):
            return self.lines_value(ctx, bit, -1) + 0.3 * (neighbours(bit) & ctx.board.covered).bit_count()
        if action.gain == Gain.ADD_METEORITE:
            return -self.lines_value(ctx, bit, -1)
        if action.gain == Gain.METEORITES:
            return self.lines_value(ctx, bit, -1)
        return 0.0

    def move_value(self, ctx: _Context, action: MoveRover | TeleportRover) -> float:
        start = action.row * W + action.col
        end = action.to_row * W + action.to_col
        allowed = ctx.masks.playable
        before = _distance(start, ctx.targets, allowed)
        after = _distance(end, ctx.targets, allowed)
        return self.hunt_weight * 5 * (before - after) + (2 if ctx.targets >> end & 1 else 0)

    def movement_value(self, ctx: _Context, points: int) -> float:
        """``points`` movement: the steps a rover makes toward its nearest lifepod or meteorite (``move_value``'s
        scale), and the bonus for reaching it; nothing without a rover or a target in reach."""
        best = 0.0
        for r in ctx.board.rovers if points > 0 else ():
            d = _distance(r, ctx.targets & ~(1 << r), ctx.masks.playable)
            if d < 99:
                best = max(best, self.hunt_weight * 5 * min(points, d) + (2 if d <= points else 0))
        return best

    def regress_value(self, ctx: _Context, track: int) -> float:
        """A regression costs the medal lost and a step of progress; before the late game the next advance lands
        on the space left again and regains its benefits (a civ milestone claims another card). At a top (not
        rover) the step is no loss: advances there are wasted anyway."""
        column = ctx.board.columns[track]
        medals = ctx.tables.best_medal[column]
        position = ctx.board.trackers[track]
        top = position >= ctx.tops[column] and column != Terrain.ROVER
        step = 0.0 if top else self.track_weights[track]
        on, at = space_of(ctx.corporation, column, position)  # Oasis: a step of the winding water path
        regained = 0.0 if bot_powers.late(ctx) else bot_powers.space_value(self, ctx, ctx.corporation.tracks[on][at])
        return regained - step - self.medal_weight * (medals[position] - medals[max(0, position - 1)]) - 0.1

    def choose_track_value(self, ctx: _Context, action: ChooseTrack) -> float:
        if action.gain == Gain.TRACKER_REGRESS:  # Makeshift tech 4: at once, on the position the power was valued on
            return POWER_FIRST + self.regress_value(ctx, action.track)
        if action.gain == Gain.REGRESS:
            return self.regress_value(ctx, action.track)
        if action.gain == Gain.DOUBLE_SYNERGY:  # Jump Drive tech 3: two steps
            return self.track_value(ctx, action.track, 2)
        if action.gain == Gain.ROW:  # Jump Drive tech 5: the row at that tracker's height
            return bot_powers.row_value(self, ctx, ctx.board.trackers[action.track])
        return self.track_value(ctx, action.track)

    def power_value(self, ctx: _Context, action: UsePower) -> float:
        """An anytime power is an extra (the tile is still placed), so one worth anything goes first and one worth
        nothing never (``bot_powers``)."""
        power = ctx.corporation.techs[action.level - 1]
        value = bot_powers.power_value(self, ctx, power)
        return POWER_FIRST + value if value > 0 else -POWER_FIRST

    def step_value(self, ctx: _Context, action: StepTracker) -> float:
        """Makeshift: the medal the tracker would score there, and a little for the track the bot favours."""
        board = ctx.board
        here = ctx.tables.best_medal[board.columns[action.tracker]][board.trackers[action.tracker]]
        there = ctx.tables.best_medal[action.column][action.position]
        return self.medal_weight * (there - here) + 0.1 * self.track_weights[action.column]

    def biomass_space_value(self, ctx: _Context, action: ChooseBiomassSpace) -> float:
        """Wormhole: a targeted synergy is worth an advance of its track, a plain one the best advance, a patch a
        square covered."""
        target = dict(ctx.corporation.synergy_targets).get(action.position)
        if target is not None:
            return self.track_value(ctx, target)
        if ctx.corporation.tracks[Terrain.BIOMASS][action.position].synergy:
            return self.best_advance(ctx)
        return 0.5 * self.lines_weight

    def civ_value(self, ctx: _Context, action: ChooseCivCard) -> float:
        card = ctx.rules.c.civ_card(action.card)
        value = CIV_VALUE.get(card.effect, 0.5) * max(1, card.value)
        if card.effect == "commerce":
            held = sum(ctx.rules.c.civ_card(c).effect == "commerce" for c in ctx.board.civ_cards)
            value = ctx.rules.c.scoring.commerce[min(held + 1, 4)] - ctx.rules.c.scoring.commerce[held]
        return value

    def rotation_value(self, ctx: _Context, action: Rotate) -> float:
        """The commander turns the station to the depot whose tiles suit this strategy best."""
        obs = ctx.obs
        exterior, interior = depot_stacks(int(obs["players"]), int(obs["seat"]), action.rotation, int(obs["shift"]))
        best = 0.0
        for stack in (exterior, interior):
            tile = obs["stack_tops"][stack]
            if tile is None:
                continue
            pair = tile_pair(ctx.rules.c, int(tile))
            weight = sum(self.track_weights[t] if t < 5 else 0.8 for t in pair)
            size = len(ctx.rules.c.shape(ctx.rules.c.stack_shapes[stack]).cells)
            best = max(best, weight + 0.3 * size - (0.5 if int(tile) % 2 else 0.0))
        return best

    def line_clear_value(self, ctx: _Context, action: ClearLine) -> float:
        line = (ROWS if action.axis == 0 else COLS)[action.index]
        return (ctx.board.meteorites & line).bit_count()


_HANDLERS: dict[type[Action], Any] = {
    PlaceTile: _Greedy.place_value,
    ChooseSquare: _Greedy.square_value,
    MoveRover: _Greedy.move_value,
    TeleportRover: _Greedy.move_value,
    ChooseTrack: _Greedy.choose_track_value,
    ChooseCivCard: _Greedy.civ_value,
    ClearLine: _Greedy.line_clear_value,
    StepTracker: _Greedy.step_value,
    UsePower: _Greedy.power_value,  # every corporation's anytime powers (bot_powers.py)
    ShareObjective: lambda self, ctx, action: bot_powers.share_value(ctx, action),  # Jump Drive tech 6
    ChooseBiomassSpace: _Greedy.biomass_space_value,  # Wormhole
    StopRovers: lambda self, ctx, action: 0.01,
    Rotate: _Greedy.rotation_value,
    SlotLifepod: lambda self, ctx, action: bot_powers.SLOT_VALUES[action.slot],  # Jump Drive
    SynergyInstead: lambda self, ctx, action: self.best_advance(ctx),  # Jump Drive tech 1
    **dict.fromkeys(
        (PlaceLifepod, ChooseLifepod, StopLifepods),
        lambda self, ctx, action: bot_powers.lifepod_value(ctx.board, ctx.corporation, action),
    ),  # Cosmos
}


class TrackRacer(_Greedy):
    name = "track racer"
    description = "Places the tile that gives the most track advances and medal steps right now."
    track_weights = (1.2, 1.2, 1.2, 1.0, 1.2)
    lines_weight = 0.5
    medal_weight = 1.5


class RowsAndColumns(_Greedy):
    name = "rows and columns"
    description = "Fills the high-medal middle rows and columns first and keeps meteorites off them."
    lines_weight = 2.5
    medal_weight = 0.8


class CivRacer(_Greedy):
    name = "civ racer"
    description = "Races up the civ track for the first pick of scarce civ cards, synergy going to civ."
    track_weights = (3.0, 0.8, 0.8, 0.6, 0.8)
    lines_weight = 0.8


class RoverHunter(_Greedy):
    name = "rover hunter"
    description = "Advances the rover track and drives rovers to lifepods and meteorites."
    track_weights = (0.8, 0.8, 0.8, 2.5, 0.8)
    lines_weight = 0.8
    hunt_weight = 1.0


STRATEGIES: tuple[type[Agent], ...] = (RandomAgent, TrackRacer, RowsAndColumns, CivRacer, RoverHunter)
