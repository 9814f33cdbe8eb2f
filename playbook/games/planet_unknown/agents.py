"""Strategies for Planet Unknown. Each reads only ``observation(seat)`` and the legal actions.

- ``TrackRacer``: the placement with the most track advances and medal steps now.
- ``RowsAndColumns``: fills the high-medal middle rows and columns, away from meteorites.
- ``CivRacer``: civ symbols, synergy into civ, and the best civ cards while the piles are full.
- ``RoverHunter``: rover symbols, rovers placed and driven to lifepods and meteorites.

They share one greedy scorer (``_Greedy``) with different weights, so a class can compare what each
weight buys.
"""

from __future__ import annotations

import functools
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
from .batch_tables import BoardWords, by_identity
from .board import Board, TrackTables, has_tech, track_tables
from .components import TERRAIN_NAMES, Corporation, Planet, Rules, Terrain
from .economy import board_from_view, placement_of, placement_yield, tracker_columns, view_layer
from .geometry import COLS, ROWS, PlanetMasks, W, neighbours, planet_masks, squares
from .memo import lazy
from .planet import tile_pair
from .powers import space_of
from .scoring_batch import Techs, place_scores
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
    """What the scorer needs, read once per decision from the observation: the seat's trackers at once, its
    board when a scorer first asks (``board``: rebuilt once, and not at all for a choice of track or card); what
    depends only on the seat's planet and corporation (their masks, track tables) is looked up by the objects
    themselves (``_seat_corporation``, ``scoring_batch.by_identity``), not rebuilt or hashed."""

    def __init__(self, observation: Obs) -> None:
        self.rules = Rules.standard()
        self.obs = observation
        seat = int(observation["seat"])
        self.view: Mapping[str, Json] = observation["boards"][seat]
        trackers = tuple(map(int, self.view["trackers"]))
        self.trackers = (trackers[0], trackers[1], trackers[2], trackers[3], trackers[4])  # as the board's
        self.columns = tracker_columns(self.view)
        key = str(observation.get("planets", ["standard"] * (seat + 1))[seat])
        self.planet = self.rules.c.planet if key == "standard" else _planet(key)
        self.masks = by_identity(_MASKS, self.planet, lambda: planet_masks(self.planet))
        self.corporation = _seat_corporation(observation, seat, self.rules.c.corporation)
        self.tables = by_identity(_TABLES, self.corporation, lambda: track_tables(self.corporation))
        self.tops = self.tables.top
        #: the other legal actions and their scores, filled before any ``UsePower`` is scored (``best_places``)
        self.scores: list[tuple[Action, float]] = []
        self.board_words: BoardWords | None = None  # scoring_batch.board_words, made when placements are scored

    @lazy
    def board(self) -> Board:
        return board_from_view(self.view)

    # the board's layers the scorers read most, each read from the view alone (the whole board is not needed)
    @lazy
    def covered(self) -> int:
        return _layer(self.view["covered"])

    @lazy
    def meteorites(self) -> int:
        return _layer(self.view["meteorites"])

    @lazy
    def lifepods(self) -> int:
        return _layer(self.view["lifepods"])

    @lazy
    def terrain(self) -> tuple[int, ...]:
        terrain = self.view["terrain"]
        return tuple([_layer(terrain[name]) for name in TERRAIN_NAMES])

    @lazy
    def rovers(self) -> tuple[int, ...]:
        return tuple(int(r) for r in self.view["rovers"])

    @lazy
    def targets(self) -> int:
        """Lifepods and meteorites: what rovers drive to."""
        return self.lifepods | self.meteorites

    @lazy
    def lines(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The planet's rows then columns (its squares of each), and their medals."""
        return self.masks.rows + self.masks.cols, self.planet.row_medals + self.planet.column_medals

    @lazy
    def techs(self) -> Techs:
        """The techs and hooks that change a tile's yield on this board (``scoring_batch``), remembered by what
        ``has_tech`` reads of the board (``Techs.of``)."""
        view = self.view
        read = (self.trackers, self.columns, tuple(view.get("tech_slots", ())), tuple(view.get("track_lifepods") or ()))
        return Techs.of(read, self._tech_board, self.corporation, has_tech)

    def _tech_board(self) -> Board:
        """A board holding only what ``has_tech`` reads (the trackers, the tracks they stand on, Jump Drive's slots,
        Cosmos's lifepods on tracks), read from the view: the whole board is rebuilt only when a scorer needs it."""
        view = self.view
        slots = sum(1 << (int(level) - 1) for level in view.get("tech_slots", []))
        lifepods = track_lifepods(view)
        return _EMPTY_BOARD._replace(
            trackers=self.trackers, columns=self.columns, tech_slots=slots, track_lifepods=lifepods
        )

    def best_places(self) -> tuple[float, float]:
        """The best placement score, and the best of a tile with civ terrain (Republic tech 1 commits to one)."""
        best = best_civ = float("-inf")
        for action, score in self.scores:
            if isinstance(action, PlaceTile):
                best = max(best, score)
                tile = self.obs["stack_tops"][action.stack]
                if tile is not None and Terrain.CIV in tile_pair(self.rules.c, int(tile)):
                    best_civ = max(best_civ, score)
        return (0.0, 0.0) if best_civ == float("-inf") and best == float("-inf") else (best, best_civ)


#: A board with nothing on it: ``_Context._tech_board`` fills in what the techs read.
_EMPTY_BOARD = Board(
    covered=0, terrain=(0, 0, 0, 0, 0, 0), symbols=(0, 0, 0, 0, 0, 0), meteor_marks=0, meteorites=0, lifepods=0,
    patches=0, rovers=(), rover_supply=0, trackers=(0, 0, 0, 0, 0), lifepods_collected=0, meteorites_collected=0,
    stored_biomass=0, civ_cards=(), objectives=(), tiles_placed=0, last_tile=0, meteorite_supply=0, biomass_supply=0,
    blocked=False,
)  # fmt: skip
_MASKS: dict[int, tuple[Any, PlanetMasks]] = {}
_TABLES: dict[int, tuple[Any, TrackTables]] = {}
_CORPORATIONS: dict[tuple[str, tuple[tuple[str, str, int, str], ...]], Corporation] = {}


def track_lifepods(view: Mapping[str, Json]) -> tuple[int, int, int, int, int]:
    """Cosmos: per track, the spaces holding a lifepod, as ``board_from_view`` reads them (zeros when none)."""
    values = view.get("track_lifepods")
    found = [int(v) for v in values] if isinstance(values, list) and len(values) == 5 else [0] * 5
    return (found[0], found[1], found[2], found[3], found[4])


_LAYERS: dict[tuple[int, ...], int] = {}


def _layer(rows: Json) -> int:
    """``economy.view_layer(rows)``, remembered by the rows: a board's layers change a few squares a turn, so most
    of a decision's layers (all nine are read for a placement) were read at an earlier decision."""
    key = tuple(rows)
    found = _LAYERS.get(key)
    if found is None:
        if len(_LAYERS) >= 1 << 14:
            _LAYERS.clear()
        found = _LAYERS[key] = view_layer(rows)
    return found


@functools.cache
def _planet(key: str) -> Planet:
    return planet_entry(key)


def _seat_corporation(observation: Obs, seat: int, standard: Corporation) -> Corporation:
    """``tuning.seat_corporation``, one object per (key, track edits): the same board every decision, so the
    caches keyed by the object find it."""
    keys = observation.get("corporations") or ()
    key = str(keys[seat]) if seat < len(keys) else "standard"
    edits = tuple((str(e[0]), str(e[1]), int(e[2]), str(e[3])) for e in observation.get("track_edits", ()))
    found = _CORPORATIONS.get((key, edits))
    if found is None:
        if len(_CORPORATIONS) >= 64:
            _CORPORATIONS.clear()
        found = _CORPORATIONS[(key, edits)] = seat_corporation(observation, seat, standard)
    return found


@functools.lru_cache(maxsize=1 << 16)
def _distance(start: int, targets: int, allowed: int) -> int:
    """Steps from ``start`` to the nearest target square (breadth-first over bitboards), 99 if none. Remembered:
    a rover's next decision asks again from the squares around it."""
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


@functools.lru_cache(maxsize=1 << 14)
def _lines_of(mask: int) -> tuple[int, ...]:
    """The lines (rows 0-11, then 12 + column) through the squares of ``mask``, in that order: the only ones a
    mask can touch."""
    found = list(squares(mask))
    return (*sorted({s // W for s in found}), *sorted({W + s % W for s in found}))


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
        scores = self.score_all(_Context(observation), legal_actions)
        return legal_actions[scores.index(max(scores))]  # the first of the best (no score is NaN)

    def score_all(self, ctx: _Context, legal_actions: Sequence[Action]) -> list[float]:
        """``score`` of each action, the placements all at once (``scoring_batch``); the powers last, when
        ``ctx.scores`` holds the others (a power may be worth what it costs the best placement)."""
        kinds = set(map(type, legal_actions))  # not isinstance: an action's __class__ is a property, slow to ask
        if kinds == {PlaceTile}:  # most of a game's thinking: the scores as they come, no list to fill
            return place_scores(self, ctx, legal_actions)  # type: ignore[arg-type]
        found = [0.0] * len(legal_actions)
        places: list[int] = []
        place_actions: list[PlaceTile] = []
        powers: list[int] = []
        for i, action in enumerate(legal_actions):
            kind = type(action)
            if kind is PlaceTile:
                places.append(i)
                place_actions.append(action)  # type: ignore[arg-type]
            elif issubclass(kind, UsePower):
                powers.append(i)
            else:
                found[i] = self.score(ctx, action)
        if places:
            for i, score in zip(places, place_scores(self, ctx, place_actions), strict=True):
                found[i] = score
        if powers:
            ctx.scores = [(a, s) for a, s in zip(legal_actions, found, strict=True) if not isinstance(a, UsePower)]
            for i in powers:
                found[i] = self.score(ctx, legal_actions[i])
        return found

    # -- scoring ---------------------------------------------------------------------------------------
    def score(self, ctx: _Context, action: Action) -> float:
        handler = _HANDLERS.get(type(action))
        return handler(self, ctx, action) if handler else 0.0

    def best_advance(self, ctx: _Context) -> float:
        """A synergy: the best single advance of any track."""
        return max(self.track_value(ctx, t) for t in range(5))

    def track_value(self, ctx: _Context, track: int, steps: int = 1) -> float:
        position = ctx.trackers[track]
        column = ctx.columns[track]  # Makeshift: the track the tracker stands on (its top, its medals)
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
        value += 0.15 * (neighbours(p.mask) & ctx.covered).bit_count()  # keep the planet compact
        return value

    def lines_value(self, ctx: _Context, mask: int, meteorite: int) -> float:
        covered = ctx.covered | mask
        rocks = ctx.meteorites | ((1 << meteorite) if meteorite >= 0 else 0)
        value = 0.0
        lines, medals = ctx.lines
        for index in _lines_of(mask):  # the others do not touch the mask: they add nothing
            line, medal = lines[index], medals[index]
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
            return self.lines_value(ctx, bit, -1) + 0.3 * (neighbours(bit) & ctx.covered).bit_count()
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
        for r in ctx.rovers if points > 0 else ():
            d = _distance(r, ctx.targets & ~(1 << r), ctx.masks.playable)
            if d < 99:
                best = max(best, self.hunt_weight * 5 * min(points, d) + (2 if d <= points else 0))
        return best

    def regress_value(self, ctx: _Context, track: int) -> float:
        """A regression costs the medal lost and a step of progress; before the late game the next advance lands
        on the space left again and regains its benefits (a civ milestone claims another card). At a top (not
        rover) the step is no loss: advances there are wasted anyway."""
        column = ctx.columns[track]
        medals = ctx.tables.best_medal[column]
        position = ctx.trackers[track]
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
            return bot_powers.row_value(self, ctx, ctx.trackers[action.track])
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
        return (ctx.meteorites & line).bit_count()


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
