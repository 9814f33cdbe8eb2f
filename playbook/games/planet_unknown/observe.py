"""What one seat sees: everything on the table except the stacks below their top tiles (and a top another seat
exposed this round, hidden until the round ends), the event deck's order and other players' private objectives
and dealt cards.

A seat always sees the tops of its own depot's two stacks: they are the tiles in front of it, the only ones it may
draft or place (rulebook: "All players must draft 1 of the 2 tiles in front of them"), so every ``PlaceTile`` it
is offered names a tile it can see, and ``why_illegal`` reads no tile it cannot. A top of its depot exposed this
round was exposed by that seat itself (an extra tile of civ 5 / 16: each seat has its own depot, and the station
turns only at the round's start, or in solo by event 79), so it shows nothing the seat has not seen.

Layers of a planet are given as 12 row masks (bit c = column c), which stay exact in JSON.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from playbook.core.protocol import Json

from .board import active_techs
from .components import TERRAIN_NAMES
from .geometry import row_masks
from .scoring import solo_message
from .variants import chosen
from .work import depot_stacks

if TYPE_CHECKING:
    from .board import Board
    from .components import Corporation
    from .state import State


class BoardView(TypedDict):
    seat: int
    covered: list[int]
    terrain: dict[str, list[int]]
    symbols: dict[str, list[int]]
    meteorites: list[int]
    lifepods: list[int]
    patches: list[int]
    meteor_marks: list[int]
    last_tile: list[int]
    rovers: list[int]
    rover_supply: int
    trackers: list[int]
    columns: list[int]  # the track each tracker stands on (Makeshift; otherwise 0-4 in order)
    lifepods_collected: int
    track_lifepods: list[int]  # Cosmos: per track, bit p set when space p holds a lifepod (else 0)
    meteorites_collected: int
    stored_biomass: int
    civ_cards: list[int]
    tiles_placed: int
    depot: list[int]
    powers_used: list[str]
    tech_slots: list[int]  # Jump Drive: the tech levels whose slot holds a lifepod
    shared_objectives: list[int]  # Jump Drive tech 6: objectives every player competes for
    flux_track: str | None  # Flux: the flux track's name (None: not Flux, or not chosen yet)
    flux_rovers: int  # Flux tech 1: rovers on flux-type terrain at the start of the round (else 0)
    active_techs: list[int]  # the tech levels whose power works now (Flux: the latest one only)


class Observation(TypedDict):
    """What ``observation(seat)`` returns (every value JSON-able)."""

    seat: int
    players: int
    round: int
    phase: str
    commander: int
    acting_seat: int | None
    rotation: int
    shift: int
    stack_tops: list[int | None]  # None: empty, or a top another seat exposed this round (hidden until it ends)
    stack_sizes: list[int]
    boards: list[BoardView]
    my_objectives: list[int]
    dealt_objectives: list[int]
    neighbour_objectives: list[int]
    civ_piles: list[list[int]]
    civ_queue: list[int]
    event: int
    events_left: int
    peeked_event: int | None
    pending: list[list[Json]]
    movement: int
    solo_target: int
    last_round: bool
    end_reason: str
    scores: list[int]
    result: str  # solo: the result message once the game is over
    planets: list[str]  # each seat's planet key ("standard" is KSB-4156), public
    corporations: list[str]  # each seat's corporation key ("standard" is Universal Coalition), public
    track_edits: list[list[Json]]  # Rules.track_edits (corporation, track, position, space): printed, so public


def board_view(board: Board, seat: int, depot: tuple[int, int], corporation: Corporation) -> BoardView:
    return {
        "seat": seat,
        "covered": row_masks(board.covered),
        "terrain": {name: row_masks(board.terrain[t]) for t, name in enumerate(TERRAIN_NAMES)},
        "symbols": {name: row_masks(board.symbols[t]) for t, name in enumerate(TERRAIN_NAMES)},
        "meteorites": row_masks(board.meteorites),
        "lifepods": row_masks(board.lifepods),
        "patches": row_masks(board.patches),
        "meteor_marks": row_masks(board.meteor_marks),
        "last_tile": row_masks(board.last_tile),
        "rovers": list(board.rovers),
        "rover_supply": board.rover_supply,
        "trackers": list(board.trackers),
        "columns": list(board.columns),
        "lifepods_collected": board.lifepods_collected,
        "track_lifepods": list(board.track_lifepods),
        "meteorites_collected": board.meteorites_collected,
        "stored_biomass": board.stored_biomass,
        "civ_cards": list(board.civ_cards),
        "tiles_placed": board.tiles_placed,
        "depot": list(depot),
        "powers_used": list(board.powers_used),
        "tech_slots": [
            level for level in range(1, board.tech_slots.bit_length() + 1) if board.tech_slots >> (level - 1) & 1
        ],
        "shared_objectives": list(board.shared_objectives),
        "flux_track": TERRAIN_NAMES[board.flux_track] if board.flux_track >= 0 else None,
        "flux_rovers": board.flux_rovers,
        "active_techs": list(active_techs(board, corporation)),
    }


def observation(state: State, seat: int) -> Observation:
    n = state.num_players
    mine = state.seat == seat and state.current_player == seat
    in_front = depot_stacks(n, seat, state.rotation, state.shift)  # always seen by this seat (module docstring)
    tops = [
        None if (not stack or (index in state.taken and index not in in_front)) else stack[0]
        for index, stack in enumerate(state.stacks)
    ]
    return {
        "seat": seat,
        "players": n,
        "round": state.round,
        "phase": state.phase.name.lower(),
        "commander": state.commander,
        "acting_seat": state.current_player,
        "rotation": state.rotation,
        "shift": state.shift,
        "stack_tops": tops,
        "stack_sizes": [len(stack) for stack in state.stacks],
        "boards": [
            board_view(board, s, depot_stacks(n, s, state.rotation, state.shift), corporation)
            for s, (board, corporation) in enumerate(zip(state.boards, state.rules.seats(n)[1], strict=True))
        ],
        "my_objectives": list(state.boards[seat].objectives),
        "dealt_objectives": list(state.dealt[seat]),
        "neighbour_objectives": list(state.neighbour_objectives),
        "civ_piles": [list(pile) for pile in state.civ_piles],
        "civ_queue": list(state.civ_queue[seat]),
        "event": state.event,
        "events_left": len(state.event_deck),
        "peeked_event": state.peeks[seat] or None,
        "pending": [[p.gain.name.lower(), p.value] for p in state.pending] if mine else [],
        "movement": state.movement if mine else 0,
        "solo_target": state.solo_target,
        "last_round": state.last_round,
        "end_reason": state.end_reason.name.lower(),
        "scores": list(state.final_scores),
        "result": solo_message(state.final_scores[0]) if n == 1 and state.final_scores else "",
        "planets": [chosen(state.rules.planets, s) for s in range(n)],
        "corporations": [chosen(state.rules.corporations, s) for s in range(n)],
        "track_edits": [list(edit) for edit in state.rules.track_edits],
    }
