"""Planet Unknown frames for charts and the explorer: placement tables, tracker and coverage histories."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd

from playbook.core.match import EventRecord
from playbook.core.protocol import Action
from playbook.games import planet_unknown as pu
from playbook.games.planet_unknown import economy, tuning
from playbook.games.planet_unknown.board import Board, track_tables
from playbook.games.planet_unknown.components import Planet
from playbook.games.planet_unknown.geometry import planet_masks
from playbook.games.planet_unknown.planets import completion_layer
from playbook.games.planet_unknown.scoring import all_breakdowns

from .tiles import SIDE, TERRAINS, TRACKS, planet_rows, seat_view, tile_label


def lines_completed(board: Board, planet: Planet, mask: int, meteorite: int) -> int:
    """How many rows and columns a placement (``mask`` of squares) completes with no meteorite on them, as the
    engine scores them (``planets.completion_layer``: Petra's uncovered currents count as covered)."""
    masks = planet_masks(planet)
    covered = completion_layer(planet, board) | mask
    rocks = board.meteorites | (1 << meteorite if meteorite >= 0 else 0)
    lines = (*masks.rows, *masks.cols)
    return sum(1 for line in lines if line and line & mask and line & covered == line and not line & rocks)


def medals_gained(trackers: Sequence[int], advances: Sequence[int], rules: pu.Rules, corporation: Any = None) -> int:
    """Medal points the advances reach on ``corporation``'s tracks (default: the standard board): the engine's
    own medal table (the nearest medal at or below a tracker, so a Jump Drive tech advance can lose points)."""
    medals = track_tables(corporation or rules.c.corporation).best_medal
    total = 0
    for t, n in enumerate(advances):
        curve = medals[t]
        total += curve[min(int(trackers[t]) + n, len(curve) - 1)] - curve[int(trackers[t])]
    return total


def placement_table(
    observation: Mapping[str, Any], seat: int, rules: pu.Rules, legal: Sequence[Action] | None = None
) -> pd.DataFrame:
    """Every legal placement of the tiles in ``seat``'s depot, ranked by what it gives now: the engine's own
    ``legal`` actions when given (a corporation's placement powers and the planet's rules included), else
    every placement the planet's geometry allows.

    Columns: tile, stack, orientation, row, col, one per track, energy (the tracks energy may advance),
    steps (advances + 1 for energy), medals (medal points the advances reach), lifepods destroyed,
    lines completed, water lost; best first (ties: the order the engine lists them).
    """
    view = seat_view(observation, seat)
    board = economy.board_from_view(view)
    planet = rules.planet(seat)
    corporation = tuning.seat_corporation(observation, seat, rules.c.corporation)
    rows: list[dict[str, Any]] = []
    for stack in view["depot"]:
        tile = observation["stack_tops"][stack]
        if tile is None:
            continue
        shape = rules.c.stack_shapes[stack]
        spots = (
            [dict(orientation=o, row=r, col=c) for o, r, c in _legal_spots(legal, int(stack))]
            if legal is not None
            else economy.placements_with_yield(board, int(tile), shape, rules, planet, corporation)
        )
        for row in spots:
            p = economy.placement_of(rules, stack, row["orientation"], row["row"], row["col"], planet)
            y = economy.placement_yield(board, int(tile), p, rules, planet, corporation)
            rows.append(
                {
                    "tile": tile_label(rules, stack, int(tile)),
                    "stack": stack,
                    "orientation": row["orientation"],
                    "row": row["row"],
                    "col": row["col"],
                    **{TRACKS[t]: y.advances[t] for t in range(5)},
                    "energy": " or ".join(TERRAINS[t] for t in y.energy_options),
                    "steps": sum(y.advances) + (1 if y.energy_options else 0),
                    "medals": medals_gained(view["trackers"], y.advances, rules, corporation),
                    "lifepods destroyed": y.lifepods_destroyed,
                    "lines completed": lines_completed(board, planet, p.mask, y.meteorite),
                    "water lost": y.water_lost,
                    "mask": p.mask,
                }
            )
    frame = pd.DataFrame(rows)
    if frame.empty:
        return frame
    frame["rank_key"] = frame["steps"] * 100 + frame["medals"] * 10 + frame["lines completed"]
    frame = frame.sort_values("rank_key", ascending=False, kind="stable").drop(columns="rank_key")
    return frame.reset_index(drop=True)


def _legal_spots(legal: Sequence[Action], stack: int) -> list[tuple[int, int, int]]:
    """(orientation, row, col) of the engine's legal placements of ``stack`` (one per spot: an event's choice
    of which symbol to give up is not a separate spot)."""
    spots = ((a.orientation, a.row, a.col) for a in legal if isinstance(a, pu.PlaceTile) and a.stack == stack)
    return list(dict.fromkeys(spots))


def best_steps_grid(table: pd.DataFrame, stack: int, rules: pu.Rules, seat: int = 0) -> list[list[float | None]]:
    """For one tile: per square, the most steps of any legal placement covering it (0 if none; None off-planet)."""
    rows = planet_rows(rules, seat)
    grid: list[list[float | None]] = [[None if rows[r][c] == "." else 0.0 for c in range(SIDE)] for r in range(SIDE)]
    part = table[table["stack"] == stack] if not table.empty else table
    for mask, steps in zip(part.get("mask", []), part.get("steps", []), strict=False):
        for square in range(SIDE * SIDE):
            if int(mask) >> square & 1:
                r, c = divmod(square, SIDE)
                grid[r][c] = max(float(grid[r][c] or 0.0), float(steps))
    return grid


# -- history frames (from the events' fields) ----------------------------------------------------------------
def tracker_history(records: Sequence[EventRecord], players: int) -> pd.DataFrame:
    """Each seat's five trackers at the end of every round so far (round 0 = the start), from the events."""
    positions = [[0] * 5 for _ in range(players)]
    by_round: dict[int, list[list[int]]] = {0: [list(p) for p in positions]}
    for record in records:
        event = record.event
        if isinstance(event, pu.TrackerMoved):
            positions[event.seat][event.track] = event.end
        round_number = int(getattr(event, "round", record.round))
        by_round[round_number] = [list(p) for p in positions]
    rows: list[dict[str, Any]] = []
    last = by_round[0]
    for round_number in range(0, max(by_round) + 1):
        last = by_round.get(round_number, last)
        for seat in range(players):
            rows.append({"round": round_number, "seat": seat, **dict(zip(TRACKS, last[seat], strict=True))})
    return pd.DataFrame(rows)


def coverage_history(records: Sequence[EventRecord], players: int, rules: pu.Rules) -> pd.DataFrame:
    """Each seat's share of planet squares covered (tiles and biomass patches) at the end of every round."""
    totals = [sum(char != "." for row in planet_rows(rules, s) for char in row) for s in range(players)]
    covered = [0] * players
    by_round: dict[int, list[int]] = {0: list(covered)}
    for record in records:
        event = record.event
        if isinstance(event, pu.TilePlaced):
            covered[event.seat] += len(event.squares)
        elif isinstance(event, pu.TokenMoved) and event.token == "patch" and event.verb == "placed":
            covered[event.seat] += 1
        by_round[int(getattr(event, "round", record.round))] = list(covered)
    rows: list[dict[str, Any]] = []
    last = by_round[0]
    for round_number in range(0, max(by_round) + 1):
        last = by_round.get(round_number, last)
        rows.extend({"round": round_number, "seat": s, "covered": last[s] / totals[s]} for s in range(players))
    return pd.DataFrame(rows)


def breakdown_frame(state: Any, names: Sequence[str], viewer: int | None = None) -> pd.DataFrame:
    """Points by source per seat with a ``name`` column, as ``viewer`` sees them (``None``: every seat its own
    row, a whole-table view): built from observations alone (``breakdown_from_observations``), so a seat's
    private objectives it cannot see never reach the frame. ``state`` gives only its observations and its
    rules (the match's configuration, which every seat knows)."""
    seats = range(len(state.observation(0)["boards"]))
    seen = [viewer] if viewer is not None else list(seats)
    observations = {seat: state.observation(seat) for seat in seen}
    return breakdown_from_observations(observations, state.rules, names)


def breakdown_from_observations(
    observations: Mapping[int, Mapping[str, Any]], rules: pu.Rules, names: Sequence[str]
) -> pd.DataFrame:
    """Points by source per seat from the given seats' observations: the planets, tracks, civ cards and
    neighbour objectives every seat sees; private objectives only for a seat whose own observation is given
    (its ``my_objectives``). Another seat's private points are 0 until the game is over, then what its final
    score (``scores``, public at the end) leaves after the sources everyone sees.

    Why not ``economy.points_breakdown(state)``: it scores every seat's hidden objectives, and a view that
    blanks them afterwards has still read what its seat may not see."""
    any_seen = next(iter(observations.values()))
    views = any_seen["boards"]
    boards = [
        economy.board_from_view(view)._replace(
            objectives=tuple(int(card) for card in observations[seat]["my_objectives"]) if seat in observations else ()
        )
        for seat, view in enumerate(views)
    ]
    planets = [rules.planet(seat) for seat in range(len(boards))]
    corporations = [rules.corporation(seat) for seat in range(len(boards))]
    cards = tuple(int(card) for card in any_seen["neighbour_objectives"])
    parts = all_breakdowns(boards, cards, rules.c, planets, corporations)
    final = [int(score) for score in any_seen["scores"]]
    solo_target = int(any_seen["solo_target"]) if len(boards) == 1 else 0
    rows: list[dict[str, Any]] = []
    for seat, seat_parts in enumerate(parts):
        row: dict[str, Any] = {"name": names[seat], **seat_parts}
        if seat not in observations and final:  # its private points: what the public total leaves
            row["private"] = final[seat] + solo_target - sum(seat_parts.values())
        rows.append(row)
    return pd.DataFrame(rows)


def milestone_positions(rules: pu.Rules, corporation: Any = None) -> dict[str, list[int]]:
    """Per track, the positions that pay a benefit now (civ card, rover, biomass, tech, synergy), on
    ``corporation``'s board (default: the standard one; Oasis's water: the steps of its path that pay)."""
    corporation = corporation or rules.c.corporation
    found: dict[str, list[int]] = {t: [] for t in TRACKS}
    for t, track in enumerate(TRACKS):
        path = corporation.water_path if t == 1 else ()
        cells = path or [(t, p) for p in range(len(corporation.tracks[t]))]
        for step, (on, p) in enumerate(cells):
            space = corporation.tracks[on][p]
            if space.civ or space.rover or space.biomass or space.tech or space.synergy:
                found[track].append(step)
    return found
