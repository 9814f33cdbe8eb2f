"""Makeshift (reference 1.5; rulebook "Makeshift"): trackers that wander between the five tracks.

Each tracker keeps its colour (a resource still advances its own tracker) but may stand on any track:
``Board.trackers[t]`` is its height and ``Board.columns[t]`` the track it stands on (civ, water, biomass, rover,
tech: the board's column order, which defines "adjacent"). Everything that reads a position for Makeshift reads
both: the benefit of the space landed on, the civ rank (milestones at or below that height on the civ track),
the tech level (``board.tech_level``: the highest tracker standing on the tech track), the medals (the track
occupied at the end), the observation and the bots.

An advance is a decision: ``advance`` puts a ``Gain.TRACKER_STEP`` in the pool and the player picks a
``StepTracker`` among the free targets (straight up, diagonally up, sideways with tech 3); ``gains.auto_resolve``
takes it alone when only one target is free. The base rules reach this module only through its ``PLUGIN``
(``plugin.py``): ``tracks.advance`` / ``can_advance`` / ``regress`` / ``can_regress`` / ``unionization`` /
``_movement`` (tech 2), ``gains`` (the step gain; tech 4's regression is the base ``TRACKER_REGRESS``),
``powers`` (tech 4 as an anytime power), ``scoring`` (medals, tech 5), ``consistency`` (saved columns, the step gain's
value) and ``bot_powers`` (tech 4's worth); ``board.tech_level`` reads ``Board.columns`` itself.

Rulings (the data's ``ruling`` strings): a tracker at the top of a track other than rover cannot go up, but a
step onto the rover track's virtual index 16 (straight from rover 15, or diagonally from height 15 next to it)
stands on rover 15 and gains its movement again, only if rover 15 is free or holds the moving tracker;
Unionization (civ 21) lifts each tracker straight up on the track it stands on; tech 2 adds to movement gained
from track spaces, as Universal Coalition's rover tech does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from playbook.core import Action
from playbook.core.checks import check_range

from .actions import Gain, StepTracker, track_name
from .board import STANDARD_COLUMNS, Board, TrackTables, has_tech, highest_on
from .components import TERRAIN_NAMES, Corporation, Phase, Track
from .events import GainLost, TrackerMoved
from .plugin import AnytimePower, CorporationPlugin
from .tracks import _benefits
from .work import Pending, Work, gain

if TYPE_CHECKING:
    from .state import State

#: The tech powers coded here (``variants.CORPORATION_TECH_EFFECTS``), by level.
TECHS = (
    "civ_tech_adjacent",
    "movement_bonus_two_on_rover",
    "lateral_shift",
    "regress_any",
    "score_as_highest_on_track",
)
#: ``Gain.TRACKER_STEP`` value flags above the tracker index (bits 0-2).
NO_BENEFITS = 1 << 3
NO_SYNERGY = 1 << 4
#: Tech 4: any one tracker, one step (``Gain.TRACKER_REGRESS`` uses the REGRESS value layout: mask | times << 8).
REGRESS_ANY = 0b11111 | 1 << 8


def moves_freely(corporation: Corporation) -> bool:
    """Does this corporation's tracker leave its own track (``tracker_moves = "straight_or_diagonal"``)?"""
    return corporation.hook("tracker_moves") == "straight_or_diagonal"


def side_columns(w: Work, seat: int, column: int) -> list[int]:
    """The tracks next to ``column`` in the board's order; with tech 1 civ and tech are neighbours too."""
    found = [c for c in (column - 1, column + 1) if 0 <= c < 5]
    if column in (Track.CIV, Track.TECH) and w.tech(seat, "civ_tech_adjacent"):
        found.append(int(Track.TECH if column == Track.CIV else Track.CIV))
    return found


def _others(board: Board, tracker: int) -> set[tuple[int, int]]:
    return {(board.columns[t], board.trackers[t]) for t in range(5) if t != tracker}


def targets(w: Work, seat: int, tracker: int) -> list[tuple[int, int]]:
    """The (column, height) spaces one advance of ``tracker`` may land on, free of other trackers: straight up,
    diagonally up onto a neighbouring track, and with tech 3 sideways at the same height. Straight is listed
    first. At height 15 only the rover track goes on (its virtual index 16 stands on rover 15 again)."""
    board = w.boards[seat]
    height, column = board.trackers[tracker], board.columns[tracker]
    tops = w.tables_of(seat).top
    others = _others(board, tracker)
    sides = side_columns(w, seat, column)
    found: list[tuple[int, int]] = []
    for col in (column, *sides):
        if height < tops[col]:
            found.append((col, height + 1))
        elif col == Track.ROVER and height >= tops[col]:
            found.append((col, tops[col]))  # rover_top = "needs_space_15_free": free, or the mover itself
    if w.tech(seat, "lateral_shift"):
        found.extend((col, height) for col in sides)
    return [space for space in dict.fromkeys(found) if space not in others]


def can_step(w: Work, seat: int, tracker: int) -> bool:
    return bool(targets(w, seat, tracker))


def advance(w: Work, seat: int, tracker: int, reason: str, *, benefits: bool, synergy: bool) -> None:
    """One advance of ``tracker``: a decision for the acting seat (the free targets), lost if none is free."""
    found = targets(w, seat, tracker)
    if not found:
        w.add(GainLost(w.round, seat, f"{reason} advance (no free space for the {TERRAIN_NAMES[tracker]} tracker)"))
        return
    if seat != w.seat:  # only the acting seat has a pool; nothing in the rules advances another seat today
        step(w, seat, tracker, found[0], benefits=benefits, synergy=synergy)
        return
    flags = (0 if benefits else NO_BENEFITS) | (0 if synergy else NO_SYNERGY)
    w.pending.append(Pending(Gain.TRACKER_STEP, tracker | flags))


def step(w: Work, seat: int, tracker: int, space: tuple[int, int], *, benefits: bool, synergy: bool) -> None:
    """Move ``tracker`` onto ``space`` (column, height) and gain that space's benefits, whichever track it is."""
    board = w.boards[seat]
    column, height = space
    start, start_column = board.trackers[tracker], board.columns[tracker]
    trackers, columns = list(board.trackers), list(board.columns)
    trackers[tracker], columns[tracker] = height, column
    w.set_board(seat, trackers=tuple(trackers), columns=tuple(columns))
    how = "straight up" if column == start_column else "sideways" if height == start else "diagonally up"
    if height == start and column == start_column:
        how = "at the top of the rover track again"
    w.add(TrackerMoved(w.round, seat, tracker, start, height, f"{how} onto the {TERRAIN_NAMES[column]} track"))
    if benefits and w.event_effect() != "no_milestones":
        _benefits(w, seat, column, height, synergy)


def step_options(w: Work, p: Pending) -> list[Action]:
    tracker = p.value & 0b111
    return [StepTracker(tracker, column, height) for column, height in targets(w, w.seat, tracker)]


def resolve_step(w: Work, p: Pending, action: Action, index: int) -> None:
    if not isinstance(action, StepTracker):
        raise TypeError(f"{action} is not a tracker step")
    benefits, synergy = not p.value & NO_BENEFITS, not p.value & NO_SYNERGY
    step(w, w.seat, action.tracker, (action.column, action.position), benefits=benefits, synergy=synergy)


def why_not_step(w: Work, action: StepTracker) -> str:
    """Why a ``StepTracker`` is refused: no advance of that tracker pending, or the space is not a free target."""
    if not any(p.gain == Gain.TRACKER_STEP and p.value & 0b111 == action.tracker for p in w.pending):
        return f"no advance of the {track_name(action.tracker)} tracker is pending"
    board = w.board
    if (action.column, action.position) in _others(board, action.tracker):
        return "that space holds another tracker (Makeshift: trackers block each other)"
    return (
        "a tracker moves one space straight up or diagonally up onto a neighbouring track "
        "(sideways with tech 3; civ and tech are neighbours with tech 1)"
    )


# -- regression, Unionization, movement -------------------------------------------------------------------------
def regress_end(board: Board, tracker: int, times: int) -> int:
    """Where ``times`` steps straight down take ``tracker``: not below 0, not onto or past another tracker on
    its track (reference 1.5: "Regression is straight down only, and cannot pass another piece")."""
    height, column = board.trackers[tracker], board.columns[tracker]
    below = [h for t, h in enumerate(board.trackers) if t != tracker and board.columns[t] == column and h < height]
    return max(max(below, default=-1) + 1, height - times)


def can_regress(board: Board, tracker: int) -> bool:
    return regress_end(board, tracker, 1) < board.trackers[tracker]


def unionization(w: Work, seat: int, target: int) -> None:
    """Civ 21 for Makeshift: each tracker below ``target`` goes straight up its current track to that height,
    gaining all but synergy, stopping under another tracker (ruling: the card names heights, not directions)."""
    for tracker in range(5):
        while True:
            board = w.boards[seat]
            column, height = board.columns[tracker], board.trackers[tracker]
            if height >= min(target, w.tables_of(seat).top[column]) or (column, height + 1) in _others(board, tracker):
                break
            step(w, seat, tracker, (column, height + 1), benefits=True, synergy=False)


def movement_bonus(w: Work, seat: int) -> int:
    """Tech 2: +1 to each movement gain while 2 or more trackers stand on the rover track."""
    if not w.tech(seat, "movement_bonus_two_on_rover"):
        return 0
    return 1 if w.boards[seat].columns.count(Track.ROVER) >= 2 else 0


# -- tech 4: regress any one tracker, once per round -------------------------------------------------------------
def offer_regress_any(w: Work, seat: int) -> bool:
    board = w.boards[seat]
    return w.phase == Phase.PLACE and any(can_regress(board, t) for t in range(5))


def use_regress_any(w: Work, seat: int) -> None:
    gain(w, seat, Gain.TRACKER_REGRESS, REGRESS_ANY)


# -- scoring ------------------------------------------------------------------------------------------------------
def medals(board: Board, corporation: Corporation, tables: TrackTables) -> dict[str, int]:
    """Each tracker (by colour) scores the best medal at or below its height on the track it occupies at the end;
    with tech 5 at the height of the highest tracker on that track."""
    highest = has_tech(board, corporation, "score_as_highest_on_track")
    found = {}
    for t, name in enumerate(TERRAIN_NAMES[:5]):
        column = board.columns[t]
        height = highest_on(board, column) if highest else board.trackers[t]
        found[name] = tables.best_medal[column][height]
    return found


def columns_error(board: Board, corporation: Corporation) -> str:
    """What is wrong with a saved board's ``columns`` ("" if nothing): standard unless the corporation's trackers
    leave their tracks, each a track index, no two trackers on one space."""
    if board.columns == STANDARD_COLUMNS:
        return ""
    if not moves_freely(corporation):
        return "columns must be (0, 1, 2, 3, 4): this corporation's trackers stay on their own tracks"
    if len(board.columns) != 5 or any(not 0 <= c < 5 for c in board.columns):
        return "columns must name a track 0-4 for each of the 5 trackers"
    if len(set(zip(board.columns, board.trackers, strict=True))) < 5:
        return "two trackers stand on one space"
    return ""


def regress_any_value(bot: Any, ctx: Any, power: str) -> float:
    """Tech 4 to the bots (``bot_powers``): the best regression the bot would then choose (``agents.regress_value``:
    positive for a tracker whose space has a benefit worth more than a step, regained on its next advance, at no
    medal cost)."""
    found = [bot.regress_value(ctx, t) for t in range(5) if can_regress(ctx.board, t)]
    return float(max(found, default=0.0))


# -- the plug-in's hooks ------------------------------------------------------------------------------------------
def _advance(w: Work, seat: int, track: int, reason: str, benefits: bool, synergy: bool) -> bool:
    advance(w, seat, track, reason, benefits=benefits, synergy=synergy)
    return True


def _board_check(seat: int, board: Board, corporation: Corporation) -> str:
    return columns_error(board, corporation)


def _check_step(state: State, corporation: Corporation, where: str, value: int) -> None:
    check_range(f"{where} (tracker)", value & 0b111, 0, 4)


#: The plug-in (``plugin.py``), registered in ``corporations.py``: every tracker rule above, and tech 4 as its one
#: anytime power.
PLUGIN = CorporationPlugin(
    "makeshift",
    techs=TECHS,
    anytime={"regress_any": AnytimePower("per_round", offer_regress_any, use_regress_any)},
    movement_bonus={"movement_bonus_two_on_rover": movement_bonus},
    options={Gain.TRACKER_STEP: step_options},
    resolvers={StepTracker: resolve_step},
    refusals={StepTracker: why_not_step},
    gain_limits={Gain.TRACKER_STEP: 0b111 | NO_BENEFITS | NO_SYNERGY},
    pending_checks={Gain.TRACKER_STEP: _check_step},
    bot_values={"regress_any": regress_any_value},
    board_check=_board_check,
    can_advance=can_step,
    advance=_advance,
    regress_end=regress_end,
    can_regress=can_regress,
    unionization=unionization,
    medals=medals,
)
