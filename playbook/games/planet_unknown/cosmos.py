"""Cosmos Inc. (reference 1.1; rulebook "Cosmos Inc."): collected lifepods go on the corporation's own track
spaces or in its scoring area, and what a covered space changes.

A lifepod on a track is a bit in ``Board.track_lifepods[track]`` (bit ``p``: space ``p`` is covered). A collected
lifepod joins ``lifepods_collected`` (the scoring area) and leaves it when it goes on a track, so that field
counts the scoring area only (as Jump Drive's, ``lifepods.py``): lifepod points, civ 28 and the lifepod
objectives read it unchanged (``lifepod_scoring = "scoring_area_only"``).

The base rules reach this module only through its ``PLUGIN`` (``plugin.py``, registered in ``corporations.py``):

- ``lifepod_collected`` / ``lifepod_lost`` (``lifepods.py``, from ``planet.collect_at`` and event 114): a
  collected lifepod is a ``PLACE_LIFEPOD`` decision; a loss chooses among those on tracks;
- ``regress_end`` / ``can_regress`` (``tracks.regress`` / ``can_regress``): trackers jump over covered spaces
  downwards; upwards ``powers.next_position`` reads ``Board.track_lifepods`` itself, several at once (a covered
  space is never landed on, so it gives neither benefit nor medal); past a covered rover 15 (the only coverable
  top) the tracker stands on 15 for BGA's virtual 16, and ``tracks.advance`` pays nothing there;
- ``tech_locked`` (``board.has_tech``: ``tech_covered``): a covered tech milestone locks that level only;
- ``medals`` (``scoring.breakdown``: ``medal``): the nearest uncovered medal at or below the tracker;
- civ ranks need nothing: ``board.track_tables`` counts every civ milestone at or below the tracker, covered
  or not (reference: "A covered civ milestone still counts");
- techs: 1 ``rover_directions`` (``planet.rover_steps``: ``diagonals``), 2 and 5 anytime powers
  (``powers.ANYTIME``), 3 ``tile_placed`` (``planet.place_tile``: ``after_tile``), 4 ``step_cost``
  (``gains.resolve_at``); the lifepod gains' options, resolvers and refusals, a loaded board's bounds
  (``board_check``) and the powers' worth to the bots (``bot_values``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from playbook.core import Action, Event
from playbook.core.checks import check_range
from playbook.core.engine import round_prefix

from .actions import SCORING_AREA, ChooseLifepod, Gain, PlaceLifepod, StopLifepods, lifepod_place
from .board import Board, TrackTables, track_tables
from .components import TERRAIN_NAMES, Corporation, Terrain, Track
from .events import GainLost, TokenMoved
from .geometry import FULL, NOT_COL0, NOT_COL_LAST, W
from .memo import per_object
from .planets import energy_layer
from .plugin import AnytimePower, CorporationPlugin
from .variants import _corporations_file
from .work import Pending, Work, gain

#: Tech 4's free steps per round: after these, a step onto energy costs 1 again, so a turn always ends (a rover
#: shuttling over energy gains nothing: a token is collected once). The data's ruling explains it.
FREE_STEPS_PER_ROUND = 12
TECHS = ("diagonal_rovers", "reposition_lifepods", "reposition_lifepod_per_energy", "free_energy_steps",
         "reposition_lifepod")  # fmt: skip
#: The anytime techs (section 3.12: "Per round: Cosmos 5"; "Per game: Cosmos 2") and how many lifepods each moves.
ANYTIME = {"reposition_lifepods": "per_game", "reposition_lifepod": "per_round"}
MOVES = {"reposition_lifepods": 3, "reposition_lifepod": 1}


def origin(track: int, position: int = 0) -> int:
    """A ``PLACE_LIFEPOD`` value: where the lifepod was lifted from (0: just collected), so it goes elsewhere."""
    return track * 32 + position + 1


@dataclass(frozen=True, slots=True)
class LifepodPositioned(Event):
    """Cosmos: a collected lifepod put on a track space or in the scoring area (track 5); ``start_track`` -1:
    just collected."""

    round: int
    seat: int
    start_track: int
    start: int
    track: int
    position: int

    def __str__(self) -> str:
        was = "collected" if self.start_track < 0 else lifepod_place(self.start_track, self.start)
        return (
            f"{round_prefix(self.round)}seat {self.seat}: lifepod ({was}) -> {lifepod_place(self.track, self.position)}"
        )


# -- the tracks --------------------------------------------------------------------------------------------------
@functools.cache
def _top_coverable() -> dict[str, Any]:
    found: dict[str, Any] = _corporations_file()["corporations"]["cosmos"]["lifepod_positions"]["top_coverable"]
    return found


@per_object
def coverable(corporation: Corporation) -> tuple[int, ...]:
    """Per track, the mask of spaces a lifepod may cover: 0 up to the top - 1, and the rover track's 15 too
    (its top is the virtual 16; the data's ruling)."""
    top_ok = _top_coverable()
    return tuple(
        (1 << (len(track) - (0 if top_ok.get(TERRAIN_NAMES[t], False) else 1))) - 1
        for t, track in enumerate(corporation.tracks)
    )


def empty_spaces(board: Board, corporation: Corporation) -> list[tuple[int, int]]:
    """(track, position) of every space a lifepod may go on: coverable, no tracker, no lifepod."""
    found: list[tuple[int, int]] = []
    for t, mask in enumerate(coverable(corporation)):
        free = mask & ~board.track_lifepods[t] & ~(1 << board.trackers[t])
        found.extend((t, p) for p in range(free.bit_length()) if free >> p & 1)
    return found


def regress_to(covered: int, start: int, times: int) -> int:
    """Where ``times`` regressions take a tracker from ``start``: each lands on the next lower uncovered space;
    with none left below, the tracker stays."""
    position = start
    for _ in range(times):
        below = position - 1
        while below >= 0 and covered >> below & 1:
            below -= 1
        if below < 0:
            break
        position = below
    return position


@per_object
def tech_spaces(corporation: Corporation) -> tuple[int, ...]:
    """The tech track's positions of tech milestone 1, 2, ... (level n is unlocked there)."""
    return tuple(p for p, space in enumerate(corporation.tracks[Track.TECH]) if space.tech)


def tech_covered(corporation: Corporation, index: int, covered: int) -> bool:
    """Is tech level ``index + 1``'s milestone under a lifepod (reference: "Covering tech 2 locks tech 2 only")?"""
    spaces = tech_spaces(corporation)
    return index < len(spaces) and bool(covered >> spaces[index] & 1)


def medal(corporation: Corporation, track: int, position: int, covered: int) -> int:
    """The nearest medal at or below ``position`` not under a lifepod ("A medal under a lifepod does not count")."""
    spaces = corporation.tracks[track]
    for p in range(min(position, len(spaces) - 1), -1, -1):
        if spaces[p].medal and not covered >> p & 1:
            return spaces[p].medal
    return 0


# -- decisions: place, move, lose ---------------------------------------------------------------------------------
def collected(w: Work, seat: int) -> None:
    """A lifepod was collected: it lies in the scoring area until the player places it (``PLACE_LIFEPOD``)."""
    gain(w, seat, Gain.PLACE_LIFEPOD)


def place_options(w: Work, p: Pending) -> list[Action]:
    """The scoring area first (where the lifepod lies), then every empty track space; not back where it came
    from. Nothing if no lifepod is left in the scoring area to place (an event took it)."""
    board, corporation = w.board, w.corporations[w.seat]
    if board.lifepods_collected <= 0:
        return []
    found: list[Action] = [] if p.value == origin(SCORING_AREA) else [PlaceLifepod(SCORING_AREA)]
    found += [PlaceLifepod(t, q) for t, q in empty_spaces(board, corporation) if origin(t, q) != p.value]
    return found


def _sources(w: Work, kind: Gain) -> list[Action]:
    """The collected lifepods a move or a loss may take: one of the scoring area's (not one still waiting to be
    placed), and each one on a track."""
    board = w.board
    waiting = sum(1 for q in w.pending if q.gain == Gain.PLACE_LIFEPOD)
    found: list[Action] = []
    if board.lifepods_collected - waiting > 0:
        found.append(ChooseLifepod(kind, SCORING_AREA))
    for t, mask in enumerate(board.track_lifepods):
        found.extend(ChooseLifepod(kind, t, q) for q in range(mask.bit_length()) if mask >> q & 1)
    return found


def move_options(w: Work, p: Pending) -> list[Action]:
    sources = _sources(w, Gain.MOVE_LIFEPODS)
    return [StopLifepods(), *sources] if sources else []


def lose_options(w: Work, p: Pending) -> list[Action]:
    return _sources(w, Gain.LOSE_LIFEPOD)


def resolve_place(w: Work, p: Pending, action: Action, index: int) -> None:
    assert isinstance(action, PlaceLifepod)
    seat, board = w.seat, w.board
    if action.track != SCORING_AREA:
        pods = list(board.track_lifepods)
        pods[action.track] |= 1 << action.position
        w.set_board(seat, track_lifepods=tuple(pods), lifepods_collected=board.lifepods_collected - 1)
    start = divmod(p.value - 1, 32) if p.value else (-1, -1)
    w.add(LifepodPositioned(w.round, seat, start[0], start[1], action.track, action.position))


def resolve_choose(w: Work, p: Pending, action: Action, index: int) -> None:
    """Lift the chosen lifepod: a move puts it in the scoring area until it is placed elsewhere; a loss
    destroys it."""
    assert isinstance(action, ChooseLifepod)
    seat, board = w.seat, w.board
    if action.track != SCORING_AREA:  # off its track, into the scoring area
        pods = list(board.track_lifepods)
        pods[action.track] &= ~(1 << action.position)
        w.set_board(seat, track_lifepods=tuple(pods), lifepods_collected=board.lifepods_collected + 1)
    if p.gain == Gain.LOSE_LIFEPOD:
        w.set_board(seat, lifepods_collected=w.board.lifepods_collected - 1)
        w.add(TokenMoved(w.round, seat, "lifepod", "destroyed", -1, -1))
        return
    if p.value > 1:
        w.pending.insert(index, Pending(Gain.MOVE_LIFEPODS, p.value - 1))
    w.pending.insert(index, Pending(Gain.PLACE_LIFEPOD, origin(action.track, action.position)))


def why_not(w: Work, action: Action) -> str:
    """Why a lifepod action is refused (``moves.PoolMove.why_not``), in the reference's words where it can."""
    kinds = {q.gain for q in w.pending}
    if isinstance(action, ChooseLifepod):
        if action.gain not in kinds or action.gain not in (Gain.MOVE_LIFEPODS, Gain.LOSE_LIFEPOD):
            return "no lifepod move or loss is pending"
        return "no collected lifepod is there (the scoring area: one not waiting to be placed)"
    if not isinstance(action, PlaceLifepod):
        return "no lifepod moves are pending"
    if Gain.PLACE_LIFEPOD not in kinds or w.board.lifepods_collected <= 0:
        return "you have no collected lifepod to place"
    if action.track == SCORING_AREA:
        return "a moved lifepod goes to another place than the one it came from"
    board, spaces = w.board, coverable(w.corporations[w.seat])
    if not 0 <= action.track < 5 or action.position < 0 or not spaces[action.track] >> action.position & 1:
        return "a lifepod goes on a track space 0 to top - 1 (the rover track's 15 too) or the scoring area (track 5)"
    if board.trackers[action.track] == action.position:
        return "a space holding a tracker is not empty"
    if board.track_lifepods[action.track] >> action.position & 1:
        return "that space already holds a lifepod"
    return "a moved lifepod goes to another place than the one it came from"


def lose(w: Work, seat: int) -> bool:
    """Event 114 ("lose a collected lifepod"): with lifepods on tracks the player chooses which (``True``: a
    decision was made pending; ``False``: the standard loss from the scoring area applies)."""
    if not any(w.boards[seat].track_lifepods) or seat != w.seat:
        return False
    w.pending.append(Pending(Gain.LOSE_LIFEPOD))
    return True


# -- techs --------------------------------------------------------------------------------------------------------
def diagonals(mask: int) -> int:
    """Squares diagonally next to ``mask`` (tech 1: rovers step in 8 directions)."""
    left = (mask >> 1) & NOT_COL_LAST
    right = (mask << 1) & NOT_COL0
    sides = left | right
    return ((sides << W) | (sides >> W)) & FULL


def step_cost(w: Work, seat: int, end: int) -> int:
    """Tech 4: a step onto energy terrain (or an uncovered Petra current) costs no movement, up to
    ``FREE_STEPS_PER_ROUND`` a round; any other step costs 1."""
    if not w.tech(seat, "free_energy_steps"):
        return 1
    board = w.boards[seat]
    if board.free_steps >= FREE_STEPS_PER_ROUND or not energy_layer(w.planets[seat], board) >> end & 1:
        return 1
    w.set_board(seat, free_steps=board.free_steps + 1)
    return 0


def after_tile(w: Work, seat: int, pair: tuple[int, int]) -> None:
    """Tech 3: a placed tile with an energy symbol lets the player move 1 collected lifepod."""
    if Terrain.ENERGY not in pair or seat != w.seat or not w.tech(seat, "reposition_lifepod_per_energy"):
        return
    if _sources(w, Gain.MOVE_LIFEPODS):
        gain(w, seat, Gain.MOVE_LIFEPODS, 1)


def offer_move(w: Work, seat: int) -> bool:
    """Techs 2 and 5 are offered while a collected lifepod exists to move."""
    return seat == w.seat and bool(_sources(w, Gain.MOVE_LIFEPODS))


def use_move(power: str) -> Callable[[Work, int], None]:
    def use(w: Work, seat: int) -> None:
        if seat == w.seat:
            w.pending.append(Pending(Gain.MOVE_LIFEPODS, MOVES[power]))
        else:
            w.add(GainLost(w.round, seat, "lifepod moves"))

    return use


# -- the plug-in's hooks ------------------------------------------------------------------------------------------
def _regress_end(board: Board, track: int, times: int) -> int:
    return regress_to(board.track_lifepods[track], board.trackers[track], times)


def _can_regress(board: Board, track: int) -> bool:
    """Some uncovered space below."""
    return regress_to(board.track_lifepods[track], board.trackers[track], 1) < board.trackers[track]


def medals(board: Board, corporation: Corporation, tables: TrackTables) -> dict[str, int]:
    """The medal of each track with a lifepod on it: the nearest uncovered one (``medal``); the others as usual."""
    return {
        name: medal(corporation, t, board.trackers[t], board.track_lifepods[t])
        for t, name in enumerate(TERRAIN_NAMES[:5])
        if board.track_lifepods[t]
    }


def _board_check(seat: int, board: Board, corporation: Corporation) -> str:
    """Lifepods on tracks and free steps: inside their bounds, and only on a Cosmos board."""
    check_range(f"State.boards[{seat}].free_steps", board.free_steps, 0, FREE_STEPS_PER_ROUND)
    lifepods, tops = board.track_lifepods, track_tables(corporation).top
    if len(lifepods) != 5 or any(m < 0 or m >> (top + 1) for m, top in zip(lifepods, tops, strict=True)):
        return "track_lifepods must be 5 masks of spaces on each track"
    if any(lifepods) and corporation.hook("lifepods") != "track_space":
        return "track_lifepods must be empty for a corporation other than Cosmos"
    return ""


def lifepods_value(bot: Any, ctx: Any, power: str) -> float:
    """Techs 2 and 5 to the bots (``bot_powers``): a move lifts a lifepod left behind its tracker back to the
    scoring area (1 point each, ``lifepod_value``): the power is worth the lifepods behind, up to its moves."""
    board = ctx.board
    behind = sum((mask & ((1 << board.trackers[t]) - 1)).bit_count() for t, mask in enumerate(board.track_lifepods))
    return float(min(behind, MOVES[power]))


#: The plug-in (``plugin.py``), registered in ``corporations.py``: techs 2 and 5 move lifepods.
PLUGIN = CorporationPlugin(
    "cosmos",
    techs=TECHS,
    anytime={power: AnytimePower(limit, offer_move, use_move(power)) for power, limit in ANYTIME.items()},
    tile_placed={"reposition_lifepod_per_energy": after_tile},
    rover_directions={"diagonal_rovers": diagonals},
    step_cost={"free_energy_steps": step_cost},
    options={Gain.PLACE_LIFEPOD: place_options, Gain.MOVE_LIFEPODS: move_options, Gain.LOSE_LIFEPOD: lose_options},
    resolvers={
        PlaceLifepod: resolve_place,
        ChooseLifepod: resolve_choose,
        StopLifepods: lambda w, p, action, index: None,
    },
    refusals=dict.fromkeys((PlaceLifepod, ChooseLifepod, StopLifepods), why_not),
    gain_limits={Gain.MOVE_LIFEPODS: W * W, Gain.PLACE_LIFEPOD: origin(SCORING_AREA)},
    bot_values=dict.fromkeys(ANYTIME, lifepods_value),
    board_check=_board_check,
    regress_end=_regress_end,
    can_regress=_can_regress,
    tech_locked=tech_covered,
    lifepod_collected=collected,
    lifepod_lost=lose,
    medals=medals,
)
