"""What an anytime corporation power (``UsePower``) is worth to the greedy bots of ``agents.py``.

A power is offered next to the placement and, used or not, the seat still places its tile: a power worth
something is an extra, not an alternative. So ``agents._Greedy`` takes a power before anything else when
``power_value`` is positive and never when it is not (see ``agents.power_value``). Each value is on the scale the
bots already use for a placement: one advance is ``track_value``, one rover step toward a lifepod or meteorite is
``5 * hunt_weight`` (``move_value``), a collected lifepod in the scoring area is 1 (``lifepod_value``).

- pure gains (free movement, a free advance, a second biomass patch) are worth what they give;
- a power that hurts (Makeshift tech 4 regresses, Wormhole tech 1 resets a tracker) is worth the best follow-up
  choice, so the bot uses it only when that choice is positive;
- a once-per-game power (``powers.ANYTIME`` "per_game") waits: it is used now only if it gives at least
  ``WORTH_USING_EARLY[power]``, else in the late game (``late``) when it gives anything.

Bots read only the observation and the legal actions (``ctx`` is ``agents._Context``, ``bot`` the scorer), never
the state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .actions import SCORING_AREA, ChooseLifepod, Gain, PlaceLifepod, ShareObjective
from .board import Board, track_tables
from .components import Corporation, Space, Terrain, Track
from .economy import board_from_view
from .geometry import planet_masks
from .objectives import neighbour_value
from .plugin import BOT_VALUES
from .tuning import seat_corporation
from .variants import planet_entry

#: A once-per-game power used before the late game only when it gives at least this much now (else it waits).
WORTH_USING_EARLY = {
    "flux_to_next_milestone": 2.4,  # two advances: the distance to the next milestone only shrinks
    "row_benefits": 4.0,  # Jump Drive tech 5: a row rich in benefits
    "shared_objective": float("inf"),  # Jump Drive tech 6: the leader is only clear at the end
    "reposition_lifepods": 3.0,  # Cosmos tech 2: three lifepods left behind their trackers
}
#: The late game: the last round is announced, or this share of the planet is covered (a 2-player game ends
#: when a planet is full, about round 19).
LATE_COVERAGE = 0.85
#: Squares a seat covers in a round (tile and patches; about 144 squares in 19 rounds), to guess rounds left.
SQUARES_PER_ROUND = 7.5
#: Wormhole tech 1: biomass advances a seat makes per round (the climb back after a reset).
BIOMASS_PER_ROUND = 0.5
#: A space's benefits in advances (Jump Drive tech 5's row, a regression's space regained): a synergy is the best
#: advance; a tech milestone counts nothing (reached again, or in a row, it unlocks nothing new).
BENEFIT_VALUES = {"biomass": 0.8, "rover": 1.5, "civ": 1.5}
#: Jump Drive tech 6: points to a sole leader and to tied leaders (``scoring.neighbour_win`` / ``_tie``).
SHARED_PRIZE = (5.0, 2.0)


def late(ctx: Any) -> bool:
    obs = ctx.obs
    if obs.get("last_round"):
        return True
    return bool(ctx.covered.bit_count() >= LATE_COVERAGE * ctx.masks.playable.bit_count())


def rounds_left(ctx: Any) -> float:
    if ctx.obs.get("last_round"):
        return 0.0
    return float((ctx.masks.playable & ~ctx.covered).bit_count() / SQUARES_PER_ROUND)


def power_value(bot: Any, ctx: Any, power: str) -> float:
    """What using ``power`` now gives (positive: use it), 0 for a power the bots do not know."""
    value = VALUES.get(power) or BOT_VALUES.get(power, _nothing)  # the plug-ins' own: Flux, Makeshift, Cosmos
    value = value(bot, ctx, power)
    if power in WORTH_USING_EARLY and value < WORTH_USING_EARLY[power] and not late(ctx):
        return -1.0  # once per game: wait for a better moment
    return value


def _nothing(bot: Any, ctx: Any, power: str) -> float:
    return 0.0


# -- movement -----------------------------------------------------------------------------------------------------
def _movement(points: int) -> Callable[[Any, Any, str], float]:
    return lambda bot, ctx, power: float(bot.movement_value(ctx, points))


def _rovers_on(board: Board, layer: int) -> int:
    return sum(layer >> r & 1 for r in board.rovers)


def _civ_tile(bot: Any, ctx: Any, power: str) -> float:
    """Republic tech 1: the rover track's movement now, less what committing to a civ-terrain tile costs (the best
    placement overall against the best one with civ terrain)."""
    points = ctx.corporation.tracks[Track.ROVER][ctx.trackers[Track.ROVER]].movement
    best, best_civ = ctx.best_places()
    return float(bot.movement_value(ctx, points) - (best - best_civ))


def _carrying(bot: Any, ctx: Any, power: str) -> float:
    """Horizon tech 2: 1 movement per rover carrying a meteorite."""
    return float(bot.movement_value(ctx, _rovers_on(ctx.board, ctx.meteorites)))


def _on_water(bot: Any, ctx: Any, power: str) -> float:
    """Oasis tech 2: 1 movement per rover on water terrain."""
    return float(bot.movement_value(ctx, _rovers_on(ctx.board, ctx.terrain[Terrain.WATER])))


# -- advances -----------------------------------------------------------------------------------------------------
def _advance_rover(bot: Any, ctx: Any, power: str) -> float:
    """Horizon tech 5: a free rover advance."""
    return float(bot.track_value(ctx, Track.ROVER))


# -- Jump Drive techs 5 and 6 -------------------------------------------------------------------------------------
def space_value(bot: Any, ctx: Any, space: Space) -> float:
    """The benefits of one track space (not its medal): a synergy is the best advance, the others
    ``BENEFIT_VALUES``, movement as ``movement_value``."""
    value = BENEFIT_VALUES["biomass"] * space.biomass + BENEFIT_VALUES["civ"] * space.civ
    if space.rover and ctx.board.rover_supply > 0 and ctx.board.last_tile & ~sum(1 << r for r in ctx.rovers):
        value += BENEFIT_VALUES["rover"]  # a new rover goes on the last tile placed (none yet: it is lost)
    if space.synergy:
        value += bot.best_advance(ctx)
    if space.movement:
        value += bot.movement_value(ctx, space.movement)
    return float(value)


def row_value(bot: Any, ctx: Any, height: int) -> float:
    """Jump Drive tech 5: the benefits (not the medals) of the 5 spaces at ``height``."""
    return sum(space_value(bot, ctx, track[height]) for track in ctx.corporation.tracks if height < len(track))


def _best_row(bot: Any, ctx: Any, power: str) -> float:
    return max((row_value(bot, ctx, h) for h in set(ctx.trackers) if h > 0), default=0.0)


def _shared_objective(bot: Any, ctx: Any, power: str) -> float:
    """Jump Drive tech 6: worth using at the end, when the bot can pick an objective it leads (``share_value``)."""
    return 1.0


def share_value(ctx: Any, action: ShareObjective) -> float:
    """Jump Drive tech 6's choice: the prize if this seat leads the drawn objective now, minus it if another does."""
    obs, c = ctx.obs, ctx.rules.c
    card = c.objective(action.card)
    me = int(obs["seat"])
    values = []
    for seat, view in enumerate(obs["boards"]):
        planet_key = str(obs.get("planets", ["standard"] * (seat + 1))[seat])
        planet = c.planet if planet_key == "standard" else planet_entry(planet_key)
        corporation = seat_corporation(obs, seat, c.corporation)
        board = ctx.board if seat == me else board_from_view(view)  # the seat's own board is read once
        values.append(neighbour_value(card, board, c, planet_masks(planet), track_tables(corporation).top))
    mine = values[me]
    if mine < max(values):
        return -SHARED_PRIZE[0]
    return SHARED_PRIZE[0] if values.count(mine) == 1 else SHARED_PRIZE[1] - SHARED_PRIZE[1] / len(values)


# -- Wormhole techs 1 and 3 (Makeshift tech 4, Cosmos techs 2 and 5: their plug-ins' ``bot_values``) -------------
def _reset_biomass(bot: Any, ctx: Any, power: str) -> float:
    """Wormhole tech 1: back to 0 from the top row. Worth it when the rounds left let the tracker climb again: each
    row climbed pays its synergy or patch (about an advance), and the medal at the end is the row reached."""
    medals = ctx.tables.best_medal[Track.BIOMASS]
    rows = ctx.corporation.biomass_rows
    climbed = min(len(rows), int(rounds_left(ctx) * BIOMASS_PER_ROUND))
    reached = rows[climbed - 1][0] if climbed else 0
    lost = medals[ctx.trackers[Track.BIOMASS]] - medals[reached]
    return float(climbed * bot.track_weights[Track.BIOMASS] - bot.medal_weight * lost)


def _double_biomass(bot: Any, ctx: Any, power: str) -> float:
    """Wormhole tech 3: a second patch (a square covered toward rows and columns)."""
    return 0.5 * float(bot.lines_weight) + 0.3


# -- the corporations' own decisions --------------------------------------------------------------------------------
#: Jump Drive: where a collected lifepod goes, by slot (0: the scoring area, 1 point): a tech used every round
#: (3, 1, 2) beats the point, then tech 4, then the once-per-game techs 5 and 6.
SLOT_VALUES = (1.0, 1.5, 1.4, 1.6, 1.3, 1.2, 1.1)


def _blank(corporation: Corporation, track: int, position: int) -> bool:
    space = corporation.tracks[track][position]
    return not (space.medal or space.synergy or space.civ or space.biomass or space.tech or space.rover)


def lifepod_value(board: Board, corporation: Corporation, action: Any) -> float:
    """Cosmos: a lifepod in the scoring area is a point; one on a blank space just ahead of its tracker saves an
    advance (worth a little more, less the further ahead); covering a benefit, a medal or a space already passed
    costs. Moves lift lifepods left behind a tracker back to the scoring area; a loss takes one left behind first."""
    trackers = board.trackers
    if isinstance(action, PlaceLifepod):
        if action.track == SCORING_AREA:
            return 1.0
        ahead = action.position - trackers[action.track]
        if ahead <= 0 or not _blank(corporation, action.track, action.position):
            return -1.0
        return 1.4 - 0.1 * ahead
    if isinstance(action, ChooseLifepod):
        behind = action.track != SCORING_AREA and action.position < trackers[action.track]
        if action.gain == Gain.LOSE_LIFEPOD:
            return 0.5 if behind else -1.0
        return 1.0 if behind else -0.5
    return 0.01  # StopLifepods


#: The anytime powers' worth, by power; the plug-ins' own (``plugin.BOT_VALUES``: Flux 1, 2 and 5, Makeshift 4,
#: Cosmos 2 and 5) are in their modules, next to the code they read.
VALUES: dict[str, Callable[[Any, Any, str], float]] = {
    "movement_on_civ_tile": _civ_tile,  # Republic 1
    "movement_per_carrying_rover": _carrying,  # Horizon 2
    "advance_rover": _advance_rover,  # Horizon 5
    "movement_per_rover_on_water": _on_water,  # Oasis 2
    "row_benefits": _best_row,  # Jump Drive 5 (per game)
    "shared_objective": _shared_objective,  # Jump Drive 6 (per game)
    "reset_biomass": _reset_biomass,  # Wormhole 1
    "double_biomass": _double_biomass,  # Wormhole 3
}
