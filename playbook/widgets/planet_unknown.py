"""Planet Unknown in Jupyter: a planet you place tiles on, the station, the tracks, and a tile-yield explorer.

Everything shown is read from what a seat sees: ``state.observation(seat)``, the legal actions, the
events' fields, the rules' component data and ``economy``'s pure functions. A click on the planet (an
anywidget whose ESM module and CSS ship in ``static/``) reaches the engine as the very action a bot would
play (``PlaceTile``, ``ChooseSquare``, ``MoveRover`` ...); the engine decides what is legal and its
words land in the status line.

Squares are numbered ``row * 12 + col``; a placement's ``(row, col)`` is the corner of its shape's box in
that orientation (orientation 0-7: mirror when 4 or more, then quarter turns), as in ``PlaceTile``.
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import anywidget
import ipywidgets as w
import pandas as pd
import traitlets

from playbook.charts import planet_unknown as pu_charts
from playbook.charts.common import SEAT_COLOURS
from playbook.core.match import EventRecord
from playbook.core.protocol import Action, Event, Json
from playbook.games import planet_unknown as pu
from playbook.games.planet_unknown import agents as pu_agents
from playbook.games.planet_unknown import economy
from playbook.games.planet_unknown.actions import ChooseBiomassSpace
from playbook.games.planet_unknown.wormhole import space_words

from . import planet_unknown_asymmetric as asym
from . import planet_unknown_corporation as corp
from .common import (
    AgentFactory,
    LiveChart,
    TableView,
    button,
    escape,
    no_math,
    replace_children,
)

__all__ = [
    "DEFAULT_AGENTS",
    "RULES_IN_BRIEF",
    "LabTabs",
    "PlanetUnknownTable",
    "PlanetWidget",
    "PredictPlacement",
    "TileYieldExplorer",
    "breakdown_frame",
    "coverage_history",
    "event_words",
    "html_text",
    "milestone_positions",
    "placement_table",
    "planet_svg",
    "play_table",
    "position_view",
    "replay",
    "rescore_lines",
    "seeded_position",
    "strategy_games",
    "tile_info",
    "tracker_history",
]

if TYPE_CHECKING:
    from .planet_unknown_explorer import PredictPlacement, TileYieldExplorer, seeded_position
    from .planet_unknown_lab import (
        LabTabs,
        play_table,
        position_view,
        replay,
        rescore_lines,
        strategy_games,
    )

#: The explorer (``planet_unknown_explorer``) and the lab, replay and lesson helpers (``planet_unknown_lab``)
#: import this module; their names are re-exported from here when first asked for, so
#: ``from playbook.widgets.planet_unknown import TileYieldExplorer, LabTabs`` works.
MOVED_NAMES = {
    **dict.fromkeys(("PredictPlacement", "TileYieldExplorer", "seeded_position"), "planet_unknown_explorer"),
    **dict.fromkeys(
        ("LabTabs", "play_table", "position_view", "replay", "rescore_lines", "score_figure", "strategy_games"),
        "planet_unknown_lab",
    ),
}


def __getattr__(name: str) -> Any:
    if name in MOVED_NAMES:
        import importlib

        return getattr(importlib.import_module(f"{__package__}.{MOVED_NAMES[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


STATIC = Path(__file__).parent / "static"
TERRAINS = pu_charts.TERRAINS
TRACKS = pu_charts.TRACKS
COLOURS = pu_charts.TERRAIN_COLOURS
SIDE = 12

DEFAULT_AGENTS: dict[str, AgentFactory] = {
    "track racer": cast(AgentFactory, pu_agents.TrackRacer),
    "rows and columns": cast(AgentFactory, pu_agents.RowsAndColumns),
    "civ racer": cast(AgentFactory, pu_agents.CivRacer),
    "rover hunter": cast(AgentFactory, pu_agents.RoverHunter),
    "random": cast(AgentFactory, pu_agents.RandomAgent),
}

GAIN_WORDS = {
    "synergy": "Synergy: advance any tracker once",
    "energy": "Energy: advance a track next to the energy area",
    "rover": "New rover: place it on a square of the tile you just placed",
    "biomass": "Biomass patch: place it on a free square next to your tiles",
    "different": "Advance different trackers",
    "twice": "Advance one tracker twice",
    "teleport": "Teleport a rover",
    "line": "Clear the meteorites of a row or column",
    "meteorites": "Destroy meteorites",
    "extra_tile": "Place an extra tile",
    "one_of": "Advance one of these trackers",
    "three_no_benefit": "Three steps without benefits",
    "regress": "Move a tracker back",
    "add_meteorite": "Add a meteorite",
    "destroy_rover": "Destroy one of your rovers",
    "destroy_lifepod": "Destroy a lifepod",
    "synergy_or_peek": "Synergy, or peek at the next event",
    "any_track": "Advance any tracker",
    "rotate": "Turn the station",
    "discard_objective": "Destroy an objective",
    "remove_shape": "Remove a shape from the station",
    "stored_biomass": "Place a stored biomass patch",
    # the corporations' own decisions (issue 14)
    "collect_lifepod": "Collect a lifepod",
    "collect_meteorite": "Collect a meteorite",
    "destroy_carried": "Destroy the carried meteorite (you may decline)",
    "lifepod_slot": "Lifepod: put it on a locked tech slot or in the scoring area",
    "shared_objective": "Tech 6: choose an objective every player competes for",
    "double_synergy": "Tech 3: a synergy advances one tracker twice",
    "tech_as_energy": "Tech 4: the tech symbol as energy: advance a track next to the tech square",
    "row": "Tech 5: every benefit of the row at one tracker's height",
    "place_lifepod": "Lifepod: place it on an empty track space or in the scoring area",
    "move_lifepods": "Move collected lifepods",
    "lose_lifepod": "Lose a collected lifepod",
    "biomass_space": "Biomass: choose a space of the new row",
    "flux_track": "Flux track: choose it",
    "tracker_step": "Tracker step: straight up or diagonally onto a neighbouring track",
    "tracker_regress": "Tech 4: move a tracker back",
}
CIV_EFFECT_WORDS = {
    "advance_different": "now: advance {v} different trackers",
    "advance_twice": "now: advance one tracker {v} times",
    "biomass": "now: gain {v} biomass patch(es)",
    "movement": "now: {v} rover moves",
    "extra_tile": "now: place an extra tile from your depot",
    "medals": "end of game: {v} points",
    "collect_lifepods": "now: collect lifepods",
    "teleport": "now: teleport a rover",
    "clear_line": "now: clear the meteorites of a row or column",
    "unionization": "end of game: points for your civ cards",
    "medal_per_patch": "end of game: {v} point(s) per biomass patch",
    "medals_and_advance": "now: advance; end of game: {v} points",
    "destroy_meteorites": "now: destroy {v} meteorites",
    "lifepods_double": "end of game: lifepods score double",
    "meteorite_repo": "end of game: meteorites score double",
    "commerce": "end of game: points by how many commerce cards you hold",
}
TECH_WORDS = {
    "ignore_adjacency": "tiles need not touch your other tiles",
    "store_biomass": "you may store biomass patches",
    "rover_movement_plus_one": "+1 rover movement",
    "double_water": "water on ice advances twice",
    "meteor_shield": "no meteorites from your tiles",
}
PRIVATE_WORDS = {
    "square3": "a 3x3 square of {what} terrain",
    "area_symbols": "{n} {what} symbols in one {what} area",
    "rect2x5": "a 2x5 rectangle of {what} terrain",
    "track_top": "the {what} tracker at the top",
    "max_energy_symbols": "at most {n} energy symbols on the planet",
    "meteorites": "at least {n} meteorites collected",
    "lifepods_over_meteorites": "more lifepods than meteorites collected",
    "ice_covered": "every ice square covered",
    "land_covered": "every land square covered",
}
NEIGHBOUR_WORDS = {
    "edge_symbols": "most {what} symbols on the edge",
    "largest_area": "the largest {what} area",
    "areas": "most {what} areas",
    "fewest_symbols": "fewest {what} symbols",
    "tracks_at_top": "most trackers at the top",
    "most_meteorites": "most meteorites collected",
    "most_lifepods": "most lifepods collected",
    "fewest_meteorites": "fewest meteorites collected",
    "fewest_lifepods": "fewest lifepods collected",
}
PHASE_WORDS = {
    "objectives": "keeping private objectives",
    "rotate": "turning the station",
    "event": "the event card",
    "place": "placing tiles",
    "civ": "taking civ cards",
    "end": "end of the game",
    "over": "game over",
}
END_WORDS = {
    "cannot_place": "a player could not place a tile",
    "depot_empty": "a depot was emptied",
    "last_event": "the last event card was drawn",
}
POINT_WORDS = {key: label for key, label, _ in pu_charts.POINT_SOURCES}

RULES_IN_BRIEF = """
<ul style='margin:4px 0;padding-left:18px'>
<li>Each round every seat takes one of the two tiles in the depot it faces and places it on its 12x12 planet:
the first tile on the edge, the rest touching your tiles, never overlapping or off the planet.</li>
<li>Each tile shows two terrains; each terrain with a symbol advances its tracker one step (civ, water,
biomass, rover, tech). Water counts only if water covers at least one ice square.
Energy has no track: it advances the tile's other resource or a terrain next to the energy area.</li>
<li>Milestones on the tracks pay at once: civ cards (first come, first served: players + 1 per rank),
new rovers and rover moves, biomass patches, techs, synergy (advance any tracker).</li>
<li>A rover that drives onto a lifepod or meteorite collects it; a tile placed on a lifepod or rover
destroys it. Tiles with a meteorite symbol drop a meteorite on the planet.</li>
<li>The game ends after the round in which someone cannot place a tile or a depot runs empty. Points:
complete rows and columns with no meteorite (1-3 each), the best medal on each track, 1 per lifepod,
1 per 3 meteorites, civ cards, and objectives against your neighbours.</li>
</ul>
"""


# -- reading an observation ---------------------------------------------------------------------------------
def mask_has(rows: Sequence[int], square: int) -> bool:
    """Is ``square`` set in a layer given as 12 row masks (as observations give them)?"""
    return bool(int(rows[square // SIDE]) >> (square % SIDE) & 1)


def planet_rows(rules: pu.Rules, seat: int = 0) -> tuple[str, ...]:
    """The squares of ``seat``'s planet (each seat may play another planet, issue 14)."""
    return rules.planet(seat).rows


def seat_view(observation: Mapping[str, Any], seat: int) -> Mapping[str, Any]:
    view: Mapping[str, Any] = observation["boards"][seat]
    return view


def _terrain_at(view: Mapping[str, Any], square: int) -> int:
    for index, name in enumerate(TERRAINS):
        if mask_has(view["terrain"][name], square):
            return index
    return -1


def planet_cells(view: Mapping[str, Any], rules: pu.Rules) -> list[dict[str, Any]]:
    """The 144 squares of one seat's planet, as the page draws them: ``p`` 0 off the planet (``h`` a hole),
    1 land, 2 ice; terrain, symbol, pieces, and ``x`` the planet's special marks, ``e`` the chasm's sides."""
    seat = int(view.get("seat", 0))
    planet = asym.seat_planet(rules, seat)
    rows = planet.rows
    special = asym.special_cells(planet)
    holes = asym.hole_squares(planet)
    carried = asym.carried_squares(view, rules.corporation(seat))
    rovers: dict[int, int] = {}
    for square in view["rovers"]:
        rovers[int(square)] = rovers.get(int(square), 0) + 1
    cells = []
    for square in range(SIDE * SIDE):
        char = rows[square // SIDE][square % SIDE]
        if char == ".":
            hole = bool(holes >> square & 1)
            title = f"{_square_words(square)}: a hole, not a square"
            cells.append({"p": 0, "h": 1, "title": title} if hole else {"p": 0})
            continue
        cell: dict[str, Any] = {
            "p": 2 if char == "I" else 1,
            "t": _terrain_at(view, square),
            "s": any(mask_has(view["symbols"][name], square) for name in TERRAINS),
            "m": mask_has(view["meteorites"], square),
            "l": mask_has(view["lifepods"], square),
            "k": mask_has(view["meteor_marks"], square),
            "b": mask_has(view["patches"], square),
            "n": mask_has(view["last_tile"], square),
            "r": rovers.get(square, 0),
        }
        if square in special:
            cell["x"] = special[square]
            chasm = asym.chasm_sides(planet, square)
            if chasm:
                cell["e"] = chasm
        if square in carried:
            cell["c"] = 1
        cell["title"] = _square_title(square, char, cell, asym.special_words(planet, square))
        cells.append(cell)
    return cells


def _square_title(square: int, char: str, cell: Mapping[str, Any], special: Sequence[str] = ()) -> str:
    words = [f"row {square // SIDE}, column {square % SIDE}", "ice" if char == "I" else "land", *special]
    if cell["t"] >= 0:
        words.append(f"{TERRAINS[cell['t']]} terrain" + (" with its symbol" if cell["s"] else ""))
    for key, word in (("m", "a meteorite"), ("l", "a lifepod"), ("b", "a biomass patch")):
        if cell[key]:
            words.append(word)
    if cell["r"]:
        words.append("a rover" if cell["r"] == 1 else f"{cell['r']} rovers")
    if cell.get("c"):
        words.append("the rover carries the meteorite")
    return "; ".join(words)


# -- tiles and orientations ---------------------------------------------------------------------------------
def _turn(x: int, y: int, orientation: int) -> tuple[int, int]:
    if orientation >= 4:
        x = -x
    for _ in range(orientation % 4):
        x, y = -y, x
    return x, y


def oriented(shape: Any, orientation: int) -> tuple[list[list[int]], list[int]]:
    """A shape's cells ``[dx, dy, part, symbol]`` in an orientation (sorted by row) and its meteor square."""
    turned = [(*_turn(x, y, orientation), part, symbol) for x, y, part, symbol in shape.cells]
    meteor = _turn(shape.meteor[0], shape.meteor[1], orientation)
    min_x = min(t[0] for t in turned)
    min_y = min(t[1] for t in turned)
    cells = sorted(
        [[x - min_x, y - min_y, part, int(symbol)] for x, y, part, symbol in turned], key=lambda c: (c[1], c[0])
    )
    return cells, [meteor[0] - min_x, meteor[1] - min_y]


def canonical_orientations(shape: Any) -> list[int]:
    """For each orientation 0-7, the first orientation that looks the same (the one the engine lists)."""
    seen: dict[tuple[Any, ...], int] = {}
    result = []
    for o in range(8):
        cells, meteor = oriented(shape, o)
        key = (tuple(map(tuple, sorted(cells))), tuple(meteor))
        result.append(seen.setdefault(key, o))
    return result


def tile_terrains(rules: pu.Rules, tile: int) -> tuple[int, int]:
    """A tile type's two terrains (the data's rule: tile type t has pair t // 2)."""
    pair = rules.c.terrain_pairs[tile // 2]
    return int(pair[0]), int(pair[1])


def tile_label(rules: pu.Rules, stack: int, tile: int) -> str:
    a, b = tile_terrains(rules, tile)
    shape = rules.c.stack_shapes[stack]
    rock = ", meteorite" if tile % 2 == 1 else ""
    return f"{shape} tile: {TERRAINS[a]} and {TERRAINS[b]}{rock}"


def tile_info(rules: pu.Rules, stack: int, tile: int) -> dict[str, Any]:
    """One tile as the page draws it: its terrains and its cells in every orientation."""
    shape = rules.c.shape(rules.c.stack_shapes[stack])
    canon = canonical_orientations(shape)
    orientations = {}
    for o in range(8):
        cells, meteor = oriented(shape, o)
        orientations[str(o)] = {"cells": cells, "meteor": meteor if tile % 2 == 1 else None, "canon": canon[o]}
    return {
        "stack": stack,
        "tile": tile,
        "label": tile_label(rules, stack, tile),
        "terrains": list(tile_terrains(rules, tile)),
        "orientations": orientations,
    }


def rotate_orientation(o: int) -> int:
    return (o // 4) * 4 + (o % 4 + 1) % 4


def flip_orientation(o: int) -> int:
    return (-(o % 4)) % 4 + 4 * (1 - o // 4)


# -- yields -------------------------------------------------------------------------------------------------
def yield_words(y: economy.Yield) -> str:
    """What a placement gives now, in words: advances per track, the energy choice, what it costs."""
    parts = [f"{TERRAINS[t]} +{n}" for t, n in enumerate(y.advances) if n]
    if y.energy_options:
        parts.append("energy: +1 to " + " or ".join(TERRAINS[t] for t in y.energy_options))
    text = ", ".join(parts) or "no advance"
    extras = []
    if y.water_lost:
        extras.append("no water: the water does not cover ice")
    if y.meteorite >= 0:
        extras.append("a meteorite lands")
    if y.lifepods_destroyed:
        extras.append(f"{y.lifepods_destroyed} lifepod(s) destroyed")
    if y.rovers_destroyed:
        extras.append(f"{y.rovers_destroyed} rover(s) destroyed")
    return text + ("; " + "; ".join(extras) if extras else "")


def _lines(rules: pu.Rules, seat: int = 0) -> list[tuple[str, int, list[int]]]:
    """Every row and column of ``seat``'s planet: (name, medal, squares)."""
    planet = rules.planet(seat)
    rows = planet.rows
    lines = []
    for r in range(SIDE):
        squares = [r * SIDE + c for c in range(SIDE) if rows[r][c] != "."]
        lines.append((f"row {r}", planet.row_medals[r], squares))
    for c in range(SIDE):
        squares = [r * SIDE + c for r in range(SIDE) if rows[r][c] != "."]
        lines.append((f"column {c}", planet.column_medals[c], squares))
    return lines


def lines_completed(view: Mapping[str, Any], rules: pu.Rules, mask: int, meteorite: int) -> int:
    """How many rows and columns a placement (``mask`` of squares) completes with no meteorite on them
    (Petra: uncovered currents count as covered)."""
    seat = int(view.get("seat", 0))
    planet = rules.planet(seat)
    counted = planet.mask("currents") if planet.completion == "uncovered_currents_count" else 0
    done = 0
    for _name, _medal, squares in _lines(rules, seat):
        if not any(mask >> s & 1 for s in squares):
            continue
        full = all((mask | counted) >> s & 1 or mask_has(view["covered"], s) for s in squares)
        rock = any(mask_has(view["meteorites"], s) or s == meteorite for s in squares)
        done += full and not rock
    return done


def medals_gained(trackers: Sequence[int], advances: Sequence[int], rules: pu.Rules, corporation: Any = None) -> int:
    """Medal points the advances reach on ``corporation``'s tracks (default: the standard board)."""
    total = 0
    for t, n in enumerate(advances):
        curve = corp.medal_curve(corporation, t) if corporation is not None else economy.medal_curve(t, rules)
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
    corporation = corp.seat_corporation(rules, observation, seat)
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
                    "lines completed": lines_completed(view, rules, p.mask, y.meteorite),
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
    """``economy.points_breakdown`` per seat with a ``name`` column; before the end, other seats' private
    objectives (hidden from ``viewer``) count 0."""
    rows: list[dict[str, Any]] = []
    for seat, parts in enumerate(economy.points_breakdown(state)):
        row: dict[str, Any] = {"name": names[seat], **parts}
        if viewer is not None and seat != viewer and not state.is_terminal:
            row["private"] = 0
        rows.append(row)
    return pd.DataFrame(rows)


def milestone_positions(rules: pu.Rules, corporation: Any = None) -> dict[str, list[int]]:
    """Per track, the positions that pay a benefit now (civ card, rover, biomass, tech, synergy), on
    ``corporation``'s board (default: the standard one; Oasis's water: the steps of its path that pay)."""
    found: dict[str, list[int]] = {t: [] for t in TRACKS}
    if corporation is None:
        for row in economy.track_schedule(rules):
            if row["civ"] or row["rover"] or row["biomass"] or row["tech"] or row["synergy"]:
                found[row["track"]].append(int(row["position"]))
        return found
    for t, track in enumerate(TRACKS):
        cells = corporation.water_path if t == 1 and corporation.water_path else [(t, p) for p in range(16)]
        for step, (on, p) in enumerate(cells):
            space = corporation.tracks[on][p]
            if space.civ or space.rover or space.biomass or space.tech or space.synergy:
                found[track].append(step)
    return found


# -- events in words -----------------------------------------------------------------------------------------
def _square_words(square: int) -> str:
    return f"row {square // SIDE}, column {square % SIDE}"


YOU_VERBS = {"keeps": "keep", "is": "are", "places": "place", "takes": "take", "loses": "lose", "turns": "turn"}


def _you(text: str) -> str:
    """Second person for "you": "you keeps" -> "You keep"; sentences start with a capital."""
    if text.startswith("you "):
        verb = text.split(" ", 2)[1]
        text = "you " + YOU_VERBS.get(verb, verb) + text[len("you ") + len(verb) :]
    return text[:1].upper() + text[1:]


def event_words(event: Event, name: Any) -> str | None:
    """One event as a sentence, naming seats with ``name(seat)``; ``None`` for events not worth a line."""
    prefix = f"Round {getattr(event, 'round', '')}: "
    text = _event_text(event, name)
    return None if text is None else prefix + _you(text)


def _event_text(event: Event, name: Any) -> str | None:  # noqa: C901
    if isinstance(event, pu.TilePlaced):
        terrains = " and ".join(dict.fromkeys(TERRAINS[t] for t in event.terrains))
        rock = f"; a meteorite lands on {_square_words(event.meteorite)}" if event.meteorite >= 0 else ""
        article = "an" if event.shape[0].upper() in "AEFHILMNORSX" else "a"
        where = f"row {event.row}, column {event.col}"
        return f"{name(event.seat)} places {article} {event.shape} tile ({terrains}) at {where}{rock}"
    if isinstance(event, pu.TrackerMoved):
        reason = event.reason.replace("_", " ")
        return f"{name(event.seat)}: {TERRAINS[event.track]} tracker {event.start} → {event.end} ({reason})"
    if isinstance(event, pu.TokenMoved):
        return _token_text(event, name)
    if isinstance(event, pu.CivCardTaken):
        return f"{name(event.seat)} takes the civ card {event.name} (rank {event.rank})"
    if isinstance(event, pu.StationRotated):
        return f"{name(event.seat)} turns the station"
    if isinstance(event, pu.RoundStarted):
        return f"{name(event.commander)} is the station commander"
    if isinstance(event, pu.GainLost):
        return f"{name(event.seat)} loses a {event.gain.replace('_', ' ')} (nothing it could do)"
    if isinstance(event, pu.TileTaken):
        return None if event.placed else f"{name(event.seat)} cannot place and takes a tile without placing it"
    if isinstance(event, pu.EndTriggered):
        return f"the game ends after this round: {END_WORDS.get(event.reason, event.reason.replace('_', ' '))}"
    if isinstance(event, pu.GameEnded):
        scores = ", ".join(f"{name(s)} {score}" for s, score in enumerate(event.scores))
        return f"game over: {scores}; {_winners_words(event.winners, name)}"
    if isinstance(event, pu.EventRevealed):
        return f"event card {event.card} ({event.colour}): {event.effect.replace('_', ' ')}"
    if isinstance(event, pu.ObjectivesKept):
        return f"{name(event.seat)} keeps {event.count} private objective(s)"
    return None


def _token_text(event: pu.TokenMoved, name: Any) -> str:
    token = "biomass patch" if event.token == "patch" else event.token
    if event.verb == "moved":
        return f"{name(event.seat)}: rover moves from {_square_words(event.start)} to {_square_words(event.end)}"
    where = event.end if event.end >= 0 else event.start
    at = f" at {_square_words(where)}" if where >= 0 else ""
    return f"{name(event.seat)}: {token} {event.verb}{at}"


def _winners_words(winners: Sequence[int], name: Any) -> str:
    if not winners:
        return "nobody wins"
    if len(winners) == 1:
        who = str(name(winners[0]))
        return f"{who} {'win' if who == 'you' else 'wins'}"
    return " and ".join(str(name(s)) for s in winners) + " share the victory"


# -- the planet (anywidget) ----------------------------------------------------------------------------------
class PlanetWidget(anywidget.AnyWidget):
    """A 12x12 planet drawn in the page; clicks come back as ``{"kind": "place" | "square", ...}``.

    ``on_click(handler)`` sets the function that receives them; ``receive(content)`` is the same path the
    page's message takes (tests call it to click without a browser).
    """

    _esm = STATIC / "planet_unknown.js"
    _css = STATIC / "planet_unknown.css"
    cells: Any = traitlets.List([]).tag(sync=True)
    row_medals: Any = traitlets.List([]).tag(sync=True)
    col_medals: Any = traitlets.List([]).tag(sync=True)
    tiles: Any = traitlets.List([]).tag(sync=True)
    selected = traitlets.Int(0).tag(sync=True)
    orientation = traitlets.Int(0).tag(sync=True)
    legal = traitlets.Dict({}).tag(sync=True)
    targets = traitlets.Dict({}).tag(sync=True)
    marked: Any = traitlets.List([]).tag(sync=True)
    mode = traitlets.Unicode("view").tag(sync=True)
    caption = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._handler: Any = None
        self.on_msg(lambda _widget, content, _buffers: self.receive(content))

    def on_click(self, handler: Any) -> None:
        self._handler = handler

    def receive(self, content: Mapping[str, Any]) -> None:
        if self._handler is not None:
            self._handler(dict(content))

    # the same moves the page makes (buttons and keys R / F)
    def select(self, index: int) -> None:
        self.selected = index
        self.orientation = 0

    def rotate(self) -> None:
        self.orientation = rotate_orientation(self.orientation)

    def flip(self) -> None:
        self.orientation = flip_orientation(self.orientation)

    def click(self, row: int, col: int) -> None:
        """A click on the square (row, col), as the page sends it (the tile's first square under the pointer)."""
        if self.mode == "square":
            self.receive({"kind": "square", "row": row, "col": col})
            return
        if self.mode != "place" or not 0 <= self.selected < len(self.tiles):
            return
        tile = self.tiles[self.selected]
        shape = tile["orientations"][str(self.orientation)]
        dx, dy = shape["cells"][0][0], shape["cells"][0][1]
        content = {"kind": "place", "stack": tile["stack"], "orientation": shape["canon"]}
        self.receive({**content, "row": row - dy, "col": col - dx})

    def place(self, stack: int, orientation: int, row: int, col: int) -> None:
        """Select the tile of ``stack``, turn it to ``orientation`` and click where its corner lands."""
        index = next(i for i, t in enumerate(self.tiles) if t["stack"] == stack)
        self.select(index)
        self.orientation = orientation
        shape = self.tiles[index]["orientations"][str(orientation)]
        self.click(row + shape["cells"][0][1], col + shape["cells"][0][0])


# -- small pictures (SVG) ------------------------------------------------------------------------------------
def planet_svg(
    view: Mapping[str, Any], rules: pu.Rules, size: int = 7, highlight: Mapping[int, str] | None = None
) -> str:
    """A small picture of a planet: terrain colours, meteorites dark, lifepods red dots, rovers black; the
    planet's uncovered special squares outlined in their legend colour, holes as dark rings."""
    planet = rules.planet(int(view.get("seat", 0)))
    rows = planet.rows
    special = asym.special_cells(planet)
    holes = asym.hole_squares(planet)
    parts = []
    for square in range(SIDE * SIDE):
        r, c = divmod(square, SIDE)
        if rows[r][c] == ".":
            if holes >> square & 1:
                parts.append(
                    f"<circle class='pu-hole' cx='{c * size + size / 2}' cy='{r * size + size / 2}' r='{size / 3}' "
                    "fill='none' stroke='#34495e'/>"
                )
            continue
        t = _terrain_at(view, square)
        fill = COLOURS[TERRAINS[t]] if t >= 0 else ("#dff3fb" if rows[r][c] == "I" else "#d9c8a9")
        marks = special.get(square, [])
        stroke = (highlight or {}).get(square, "") or (marks[0]["c"] if marks and t < 0 else "")
        line = f" stroke='{stroke}' stroke-width='2'" if stroke else ""
        parts.append(
            f"<rect x='{c * size}' y='{r * size}' width='{size - 1}' height='{size - 1}' fill='{fill}'{line}/>"
        )
        dot = size / 2
        if mask_has(view["meteorites"], square):
            parts.append(f"<circle cx='{c * size + dot}' cy='{r * size + dot}' r='{size / 3}' fill='#4a2511'/>")
        elif mask_has(view["lifepods"], square):
            parts.append(f"<circle cx='{c * size + dot}' cy='{r * size + dot}' r='{size / 4}' fill='#c0392b'/>")
    for square in view["rovers"]:
        r, c = divmod(int(square), SIDE)
        parts.append(
            f"<rect x='{c * size + size / 4}' y='{r * size + size / 4}' width='{size / 2}' height='{size / 2}'/>"
        )
    total = SIDE * size
    return f"<svg width='{total}' height='{total}' viewBox='0 0 {total} {total}'>{''.join(parts)}</svg>"


def _tile_svg(rules: pu.Rules, stack: int, tile: int | None, size: int = 6) -> str:
    if tile is None:
        return "<span style='color:#999' title='taken this round; the next tile shows after the round'>taken</span>"
    info = tile_info(rules, stack, int(tile))
    cells = info["orientations"]["0"]["cells"]
    width = max(c[0] for c in cells) + 1
    height = max(c[1] for c in cells) + 1
    rects = "".join(
        f"<rect x='{dx * size}' y='{dy * size}' width='{size - 1}' height='{size - 1}' "
        f"fill='{COLOURS[TERRAINS[info['terrains'][part]]]}'/>"
        for dx, dy, part, _symbol in cells
    )
    return (
        f"<svg width='{width * size}' height='{height * size}' style='vertical-align:middle'>"
        f"<title>{escape(info['label'])}</title>{rects}</svg>"
    )


def depot_html(observation: Mapping[str, Any], rules: pu.Rules, names: Sequence[str], depot: int) -> str:
    """One depot of the station: its two top tiles (and how many are left), the seats facing it, the commander."""
    faces = [s for s, view in enumerate(observation["boards"]) if int(view["depot"][0]) == depot]
    tops = observation["stack_tops"]
    sizes = observation["stack_sizes"]
    inner = 6 + (depot + int(observation["shift"])) % 6
    seats = ", ".join(names[s] + (" ★" if s == observation["commander"] else "") for s in faces)
    return (
        f"<div class='pu-depot pu-depot-{depot}' style='width:118px;min-height:62px;padding:3px;border:1px solid "
        f"#bbb;border-radius:6px;font-size:11px;background:{'#eef6ff' if seats else '#fafafa'}'>"
        f"<b>Depot {depot}</b><br>{_tile_svg(rules, depot, tops[depot])} ({sizes[depot]})"
        f" {_tile_svg(rules, inner, tops[inner])} ({sizes[inner]})"
        f"<div class='pu-depot-seats'>{escape(seats) or '&nbsp;'}</div></div>"
    )


def station_html(observation: Mapping[str, Any], rules: pu.Rules, names: Sequence[str]) -> str:
    """The six depots as a ring (0 1 2 over 5 4 3), as one piece of HTML (thumbnails, tests)."""
    cells = [depot_html(observation, rules, names, d) for d in range(6)]
    style = "display:inline-block;vertical-align:top;margin:2px"
    ring = "".join(f"<div style='{style}'>{c}</div>" for c in cells[:3]) + "<br>"
    ring += "".join(f"<div style='{style}'>{c}</div>" for c in reversed(cells[3:]))
    return f"<div class='pu-station'>{ring}</div>"


def rotation_depot(observation: Mapping[str, Any], action: pu.Rotate) -> int:
    """The depot the commander faces after ``action`` (from where they face now and the rotation now)."""
    commander = int(observation["commander"])
    now = int(observation["boards"][commander]["depot"][0])
    return (now - int(observation["rotation"]) + action.rotation) % 6


def corporation_html(observation: Mapping[str, Any], rules: pu.Rules, names: Sequence[str], seat: int) -> str:
    """``seat``'s corporation board (its own tracks, every seat's tracker on that board, its techs and any
    corporation field of the observation; ``planet_unknown_asymmetric``) and the objectives ``seat`` sees."""
    board = corp.corporation_board_html(observation, rules, names, seat, TECH_WORDS)
    return f"<div class='pu-corporation'>{board}{_objectives_html(observation, rules, names, seat)}</div>"


def _objectives_html(observation: Mapping[str, Any], rules: pu.Rules, names: Sequence[str], seat: int) -> str:
    """The neighbour objectives (public) and ``seat``'s own private objectives (only its own)."""
    shared = [objective_words(rules, int(card), private=False) for card in observation["neighbour_objectives"]]
    mine = [objective_words(rules, int(card)) for card in observation["my_objectives"]]
    common = [objective_words(rules, int(c)) for c in seat_view(observation, seat).get("shared_objectives") or []]
    lines = []
    if shared:
        lines.append("Neighbour objectives: " + "; ".join(shared))
    if common:  # Jump Drive tech 6
        lines.append("Objectives every player competes for: " + "; ".join(common))
    if mine:
        lines.append(f"{_possessive(names[seat])} private objectives: " + "; ".join(mine))
    return "".join(f"<div class='pu-objectives' style='font-size:12px'>{escape(line)}</div>" for line in lines)


def _possessive(name: str) -> str:
    return "Your" if name == "you" else f"{name[:1].upper()}{name[1:]}'s"


# -- the playable table --------------------------------------------------------------------------------------
class PlanetUnknownTable(TableView):
    """Your planet to place on, the pending gains, the station, the corporation board, the other planets,
    the tracks chart, points, the log, undo and a new game."""

    game = pu

    def __init__(
        self,
        *,
        players: int = 2,
        seed: int = 1,
        lineup: Sequence[str] = ("you", "track racer"),
        rules: pu.Rules | None = None,
        agents: Mapping[str, AgentFactory] | None = None,
    ) -> None:
        self._rover: int | None = None
        # choices a click left open (the symbol an event makes you give up; two things on one square)
        self._offers: list[tuple[str, Callable[[], None]]] = []
        self._turns: dict[int, pu.Rotate] = {}  # depot -> the rotation that makes the commander face it
        super().__init__(
            agents=agents or DEFAULT_AGENTS, players=players, seed=seed, lineup=lineup, rules=rules, describe=self.words
        )

    # -- building ------------------------------------------------------------------------------------
    def build(self) -> None:
        self.header = w.HTML()
        self.header.add_class("pu-header")
        self.planet = PlanetWidget()
        self.planet.on_click(self.on_planet_click)
        self.planet.add_class("pu-planet")
        self.planet_legend = w.HTML()
        self.planet_legend.add_class("pu-planet-legend-box")
        self.pending_text = w.HTML()
        self.pending_text.add_class("pu-pending")
        self.choices = w.VBox()
        self.choices.add_class("pu-choices")
        self.station_title = w.HTML()
        self.depots = [w.HTML() for _ in range(6)]
        self.depot_buttons = [
            button("Face this depot", self._rotator(d), layout=w.Layout(width="118px"), button_style="info")
            for d in range(6)
        ]
        for depot, face in enumerate(self.depot_buttons):
            face.add_class(f"pu-face-depot-{depot}")
        cells = [w.VBox([self.depots[d], self.depot_buttons[d]], layout=w.Layout(margin="2px")) for d in range(6)]
        self.station = w.VBox([self.station_title, w.HBox(cells[:3]), w.HBox(cells[:2:-1])])
        self.station.add_class("pu-station")
        self.corporation = w.HTML()
        self.thumbnails = w.HTML()
        self.thumbnails.add_class("pu-thumbnails")
        names = [f"seat {s}" for s in range(2)]
        empty = tracker_history([], 2)
        self.tracks_chart = LiveChart(pu_charts.trackers_by_round(empty, names=names))
        self.tracks_chart.box.add_class("pu-tracks-chart")
        self.points_chart = LiveChart(pu_charts.points_breakdown(pd.DataFrame({"name": names})))
        self.rules_panel = w.HTML(
            no_math(
                "<details class='pu-rules'><summary><b>Rules in brief</b></summary>" + RULES_IN_BRIEF + "</details>"
            )
        )
        left = w.VBox(
            [
                self.planet,
                self.planet_legend,
                self.status.widget,
                self.pending_text,
                self.choices,
                w.HBox([self.undo_button]),
            ],
            layout=w.Layout(min_width="440px"),
        )
        right = w.VBox(
            [self.station, self.corporation, self.thumbnails, self.tracks_chart.box, self.points_chart.box],
            layout=w.Layout(flex="1 1 480px", min_width="0"),
        )
        self.events_module = w.Checkbox(value=self.game_rules.events, description="Event cards", indent=False)
        self.objectives_module = w.Checkbox(
            value=self.game_rules.private_objectives, description="Private objectives", indent=False
        )
        self.modules = w.HBox([w.HTML("<b>Modules:</b>&nbsp;"), self.events_module, self.objectives_module])
        self.modules.add_class("pu-modules")
        players = int(self.new_game_panel.players.value)
        self.seat_setup = asym.SeatSetup(
            seats=len(self.new_game_panel.seats),
            planets=self.game_rules.planets,
            corporations=self.game_rules.corporations,
        )
        self.seat_setup.show(players)
        self.new_game_panel.players.observe(lambda change: self.seat_setup.show(int(change["new"])), names="value")
        self.widget = w.VBox(
            [
                self.header,
                self.rules_panel,
                w.HBox([left, right], layout=w.Layout(flex_flow="row wrap", width="100%")),
                w.HTML("<b>Log</b>"),
                self.log.widget,
                w.HTML("<b>New game</b> (1-6 players; a seat set to “you” is played at this screen)"),
                self.new_game_panel.widget,
                self.modules,
                self.seat_setup.widget,
            ]
        )
        self.widget.add_class("playbook-planet-unknown-table")

    def new_game(self) -> None:
        """A new match with the panel's seats and seed, the modules ticked (event cards, private objectives) and
        each seat's planet and corporation."""
        if hasattr(self, "events_module"):
            base = self.rules if self.rules is not None else pu.Rules.standard()
            wanted = (bool(self.events_module.value), bool(self.objectives_module.value))
            if (base.events, base.private_objectives) != wanted:
                base = dataclasses.replace(base, events=wanted[0], private_objectives=wanted[1])
            base = self.seat_setup.rules(base, int(self.new_game_panel.players.value))
            if base is not (self.rules if self.rules is not None else pu.Rules.standard()):
                self.rules = base
                self.game_rules = self.rules
        super().new_game()

    def live_charts(self) -> Sequence[LiveChart]:
        return (self.tracks_chart, self.points_chart)

    # -- reading -------------------------------------------------------------------------------------
    @property
    def state(self) -> pu.State:
        assert self.match is not None
        return self.match.state  # type: ignore[return-value]

    @property
    def observation(self) -> dict[str, Json]:
        return self.state.observation(self.seat)

    def seat_name(self, seat: int) -> str:
        label = self.player_label(seat)
        return "you" if label == "you" else label.replace("seat", "Seat", 1)

    def names(self) -> list[str]:
        assert self.match is not None
        return [self._chart_name(s) for s in range(self.match.players)]

    def _chart_name(self, seat: int) -> str:
        label = self.player_label(seat)
        return f"seat {seat} (you)" if label == "you" else label

    def my_move(self) -> bool:
        return self.match is not None and self.match.waiting_for() == self.seat and not self.match.is_over

    def legal(self) -> list[Action]:
        return list(self.state.legal_actions()) if self.my_move() else []

    def words(self, action: Action) -> str:
        """An action in the words of its button."""
        return _action_words(action, self.game_rules, self.state if self.match else None)

    # -- clicks ----------------------------------------------------------------------------------------
    def on_planet_click(self, content: Mapping[str, Any]) -> None:
        if not self.my_move():
            self.status.error("no person is to move" if self.watching else "it is not your turn")
            return
        square = int(content.get("row", -1)) * SIDE + int(content.get("col", -1))
        holes = asym.hole_squares(self.game_rules.planet(self.seat))
        if content.get("kind") == "square" and 0 <= square < SIDE * SIDE and holes >> square & 1:
            self.status.error(f"{_square_words(square)} is a hole, not a square: nothing goes there")
            return
        if content.get("kind") == "place":
            self._place(content)
        elif content.get("kind") == "square":
            self._square(int(content["row"]), int(content["col"]))

    def _place(self, content: Mapping[str, Any]) -> None:
        stack, o, row, col = (int(content[k]) for k in ("stack", "orientation", "row", "col"))
        plain = pu.PlaceTile(stack, o, row, col)
        legal = [
            a
            for a in self.legal()
            if isinstance(a, pu.PlaceTile) and (a.stack, a.orientation, a.row, a.col) == (stack, o, row, col)
        ]
        if len(legal) > 1:  # this round's event: give up one of the two symbols, and the person says which
            self._offers = [(self.words(a), self._presser(a)) for a in legal]
            self.status.info("This round's event: choose which of the tile's resources to advance, below.")
            self.refresh()
            return
        hole = None if legal else self._hole_under(stack, o, row, col)
        if hole is not None:
            self.status.error(f"the tile would cover {_square_words(hole)}, a hole: holes are not squares")
            return
        self.act(legal[0] if legal else plain)

    def _hole_under(self, stack: int, orientation: int, row: int, col: int) -> int | None:
        """A hole of the seat's planet (Lacuna) that the tile placed so would cover, if any."""
        holes = asym.hole_squares(self.game_rules.planet(self.seat))
        if not holes:
            return None
        cells, _meteor = oriented(self.game_rules.c.shape(self.game_rules.c.stack_shapes[stack]), orientation)
        for dx, dy, _part, _symbol in cells:
            r, c = row + dy, col + dx
            if 0 <= r < SIDE and 0 <= c < SIDE and holes >> (r * SIDE + c) & 1:
                return r * SIDE + c
        return None

    def _square(self, row: int, col: int) -> None:
        legal = self.legal()
        square = row * SIDE + col
        self._offers = []
        moves = [a for a in legal if isinstance(a, pu.MoveRover | pu.TeleportRover)]
        if self._rover is not None:
            chosen = [a for a in moves if (a.row * SIDE + a.col, a.to_row, a.to_col) == (self._rover, row, col)]
            if chosen:
                self.act(chosen[0])
                return
        offers: list[tuple[str, Callable[[], None]]] = [
            (self.words(a), self._presser(a))
            for a in legal
            if isinstance(a, pu.ChooseSquare) and (a.row, a.col) == (row, col)
        ]
        if any(a.row * SIDE + a.col == square for a in moves):
            offers.append((f"choose the rover at {_square_words(square)} to move it", self._chooser(square)))
        if len(offers) == 1:
            offers[0][1]()
            return
        if offers:  # several things to do on this square: the person says which
            self._offers = offers
            self.status.info(f"Several choices on {_square_words(square)}: pick one below.")
            self.refresh()
            return
        pending = [a for a in legal if isinstance(a, pu.ChooseSquare)]
        if pending:  # the engine says why this square will not do
            self.act(pu.ChooseSquare(pending[0].gain, row, col))
            return
        self.status.error(f"nothing to do on {_square_words(square)} now")

    def _chooser(self, square: int) -> Callable[[], None]:
        def choose() -> None:
            self._rover = square
            self._offers = []
            self.status.info(f"Rover at {_square_words(square)} chosen: click the square to send it to.")
            self.refresh()

        return choose

    def act(self, action: Action) -> bool:
        self._rover = None  # a choice made: nothing stays selected (the redraw inside act must see that)
        self._offers = []
        return super().act(action)

    # -- redrawing -------------------------------------------------------------------------------------
    def on_read_only(self) -> None:
        """A position to look at: the planet in view mode, no legal squares, clicks go nowhere."""
        self.planet.on_click(None)
        self.planet.mode = "view"
        self.planet.legal = {}
        self.planet.targets = {}

    def refresh(self) -> None:
        if self.match is None or not hasattr(self, "header"):
            return
        if self.watching and self.match.steps:  # watching bots: show the planet of the seat that just moved
            last = self.match.steps[-1].seat
            self.seat = last if last is not None else self.seat
        observation = self.observation
        rules = self.game_rules
        names = [self.seat_name(s) for s in range(self.match.players)]
        self.header.value = no_math(f"<h3 class='pu-header-text'>{escape(self._header_text(observation))}</h3>")
        self._refresh_planet(observation, rules)
        self._refresh_choices(observation)
        self._refresh_station(observation, rules, names)
        self.corporation.value = no_math(corporation_html(observation, rules, names, self.seat))
        self.thumbnails.value = no_math(self._thumbnails_html(observation, rules, names))
        records = self.match.events
        history = tracker_history(records, self.match.players)
        chart_names = self.names()
        mine = milestone_positions(rules, corp.seat_corporation(rules, observation, self.seat))
        self.tracks_chart.update(pu_charts.trackers_by_round(history, names=chart_names, milestones=mine))
        self.points_chart.update(
            pu_charts.points_breakdown(
                breakdown_frame(self.state, chart_names, self.seat),
                title="Points by source" + ("" if self.match.is_over else " (if the game ended now)"),
            )
        )
        lines = [event_words(r.event, self.seat_name) for r in records]
        self.log.reset([line for line in lines if line])
        if self.match.is_over:
            self.status.info(self._game_over_text(names))

    def _refresh_station(self, observation: Mapping[str, Any], rules: pu.Rules, names: Sequence[str]) -> None:
        """The depots as a ring; when you are the commander, each depot you may turn to has a button."""
        self.station_title.value = no_math(
            f"<b>The station</b> <small>(tiles left in brackets; ★ the commander; round {observation['round']})</small>"
        )
        turns = {rotation_depot(observation, a): a for a in self.legal() if isinstance(a, pu.Rotate)}
        self._turns = turns
        for depot in range(6):
            self.depots[depot].value = no_math(depot_html(observation, rules, names, depot))
            self.depot_buttons[depot].layout.display = None if depot in turns else "none"

    def _rotator(self, depot: int) -> Callable[[], None]:
        def turn() -> None:
            action = self._turns.get(depot)
            if action is None:
                self.status.error("only the station commander turns the station, before the tiles are taken")
                return
            self.act(action)

        return turn

    def depot_button(self, action: pu.Rotate) -> w.Button:
        """The "Face this depot" button that plays ``action``."""
        return self.depot_buttons[rotation_depot(self.observation, action)]

    def _header_text(self, observation: Mapping[str, Any]) -> str:
        assert self.match is not None
        if self.match.is_over:
            return f"Round {observation['round']} · game over"
        acting = self.state.current_player
        who = self.seat_name(int(acting)) if acting is not None else ""
        phase = PHASE_WORDS.get(str(observation["phase"]), str(observation["phase"]))
        shown = f" · showing {self.seat_name(self.seat)}'s planet" if self.hot_seat or self.watching else ""
        verb = "are" if who == "you" else "is"
        return f"Round {observation['round']} · {phase} · {who} {verb} to move{shown}".replace("you are", "you are", 1)

    def _game_over_text(self, names: Sequence[str]) -> str:
        """Why the game ended (the engine's own words), the scores and who won; solo: the score against the target."""
        assert self.match is not None
        events = [r.event for r in self.match.events]
        ended = [e for e in events if isinstance(e, pu.GameEnded)]
        triggers = [e for e in events if isinstance(e, pu.EndTriggered)]
        code = str(self.observation["end_reason"])
        reason = triggers[-1].reason if triggers else END_WORDS.get(code, code.replace("_", " "))
        if not ended:
            return "Game over."
        event = ended[-1]
        if self.match.players == 1:
            target = int(self.observation["solo_target"])
            verdict = "you win" if event.winners else "you lose"
            result = str(self.observation.get("result") or "")
            rating = f" The rulebook's verdict: {result}." if result else ""
            return (
                f"Game over ({reason}): your points minus the solo target of {target} come to {event.scores[0]}: "
                f"{verdict}.{rating}"
            )
        scores = ", ".join(f"{names[s]} {score}" for s, score in enumerate(event.scores))
        return f"Game over ({reason}): {scores}. {_winners_words(event.winners, lambda s: names[s]).capitalize()}."

    def _refresh_planet(self, observation: Mapping[str, Any], rules: pu.Rules) -> None:
        view = seat_view(observation, self.seat)
        planet = self.planet
        planet.cells = planet_cells(view, rules)
        seat_planet = rules.planet(self.seat)
        planet.row_medals = list(seat_planet.row_medals)
        planet.col_medals = list(seat_planet.column_medals)
        self.planet_legend.value = no_math(asym.planet_legend_html(seat_planet))
        legal = self.legal()
        places = [a for a in legal if isinstance(a, pu.PlaceTile)]
        squares = self._square_targets(legal)
        if places:
            tiles = self._depot_tiles(observation, view, rules)
            if [t["stack"] for t in tiles] != [t["stack"] for t in planet.tiles] or planet.mode != "place":
                planet.selected, planet.orientation = 0, 0
            planet.tiles = tiles
            planet.legal = self._legal_yields(places, view, observation, rules)
            planet.mode = "place"
            planet.caption = "Pick a tile, turn it with R and flip it with F, then click the planet to place it."
        elif squares:
            planet.targets = squares
            planet.mode = "square"
            planet.caption = "Click a highlighted square."
        else:
            planet.mode = "view"
            planet.caption = "" if self.my_move() else "Waiting for the other seats."
        planet.marked = [self._rover] if self._rover is not None else []

    def _depot_tiles(
        self, observation: Mapping[str, Any], view: Mapping[str, Any], rules: pu.Rules
    ) -> list[dict[str, Any]]:
        tiles = []
        for stack in view["depot"]:
            tile = observation["stack_tops"][stack]
            if tile is not None:
                tiles.append(tile_info(rules, int(stack), int(tile)))
        return tiles

    def _legal_yields(
        self, places: Sequence[pu.PlaceTile], view: Mapping[str, Any], observation: Mapping[str, Any], rules: pu.Rules
    ) -> dict[str, dict[str, str]]:
        board = economy.board_from_view(view)
        seat_planet = rules.planet(self.seat)
        found: dict[str, dict[str, str]] = {}
        for a in places:
            tile = observation["stack_tops"][a.stack]
            if tile is None:
                continue
            p = economy.placement_of(rules, a.stack, a.orientation, a.row, a.col, seat_planet)
            seat_corporation = corp.seat_corporation(rules, observation, self.seat)
            words = yield_words(economy.placement_yield(board, int(tile), p, rules, seat_planet, seat_corporation))
            found.setdefault(str(a.stack), {})[f"{a.orientation},{a.row},{a.col}"] = words
        return found

    def _square_targets(self, legal: Sequence[Action]) -> dict[str, str]:
        targets: dict[str, str] = {}
        starts = {a.row * SIDE + a.col for a in legal if isinstance(a, pu.MoveRover | pu.TeleportRover)}
        if self._rover not in starts:
            self._rover = None
        for a in legal:
            if isinstance(a, pu.ChooseSquare):
                targets[f"{a.row},{a.col}"] = _action_words(a, self.game_rules, None)
            elif isinstance(a, pu.MoveRover | pu.TeleportRover):
                start = a.row * SIDE + a.col
                if self._rover is None:
                    targets.setdefault(f"{a.row},{a.col}", "your rover: click it, then where it goes")
                elif start == self._rover:
                    targets[f"{a.to_row},{a.to_col}"] = "send the rover here"
        return targets

    def _refresh_choices(self, observation: Mapping[str, Any]) -> None:
        legal = self.legal()
        pending = observation.get("pending") or []
        lines = [GAIN_WORDS.get(str(g), str(g).replace("_", " ")) for g, _value in pending]
        movement = int(observation.get("movement") or 0)
        if movement:
            lines.append(f"{movement} rover move(s) left: click a rover, then a square next to it")
        if any(isinstance(a, pu.PlaceTile) for a in legal):
            lines.insert(0, "Your turn: place one of the two tiles of your depot.")
        elif any(isinstance(a, pu.Rotate) for a in legal):
            lines.insert(0, "You are the station commander: press Face this depot on the depot you want to take from.")
        elif legal and not lines:
            lines.append("Choose:")
        self.pending_text.value = no_math(
            "<div class='pu-pending-text'>" + "".join(f"<div>{escape(line)}</div>" for line in lines) + "</div>"
            if lines
            else ""
        )
        buttons = []
        for label, press in self._offers if legal else []:
            offer = button(label, press, layout=w.Layout(width="auto"), button_style="warning")
            offer.add_class("pu-choice")
            buttons.append(offer)
        for action in legal:
            if isinstance(action, pu.PlaceTile | pu.ChooseSquare | pu.MoveRover | pu.TeleportRover | pu.Rotate):
                continue
            widget = button(self.words(action), self._presser(action), layout=w.Layout(width="auto"))
            widget.add_class("pu-choice")
            if isinstance(action, pu.ChooseTrack) and action.track < len(TERRAINS):
                widget.style.button_color = COLOURS[TERRAINS[action.track]]
            buttons.append(widget)
        replace_children(self.choices, buttons)

    def _thumbnails_html(self, observation: Mapping[str, Any], rules: pu.Rules, names: Sequence[str]) -> str:
        cards = []
        for seat, view in enumerate(observation["boards"]):
            if seat == self.seat:
                continue
            trackers = ", ".join(f"{t} {view['trackers'][i]}" for i, t in enumerate(TRACKS))
            board = f"{rules.planet(seat).name} · {corp.seat_corporation(rules, observation, seat).name}"
            cards.append(
                f"<div class='pu-thumb pu-thumb-{seat}' style='display:inline-block;margin:3px;font-size:11px'>"
                f"<b style='color:{SEAT_COLOURS[seat % 6]}'>{escape(names[seat])}</b><br>{escape(board)}<br>"
                f"{planet_svg(view, rules, size=10)}<br>{escape(trackers)}</div>"
            )
        return "<b>Other planets</b><br>" + "".join(cards) if cards else ""

    def _presser(self, action: Action) -> Callable[[], None]:
        def press() -> None:
            self.act(action)

        return press

    def choice_button(self, text: str) -> w.Button:
        """The pending-gain button whose label contains ``text``."""
        for child in self.choices.children:
            if isinstance(child, w.Button) and text in child.description:
                return child
        raise KeyError(f"no choice button with {text!r}")


def _action_words(action: Action, rules: pu.Rules, state: Any) -> str:  # noqa: C901
    """An action as a person reads it (button labels and the status line)."""
    if isinstance(action, pu.PlaceTile):
        text = f"place the {rules.c.stack_shapes[action.stack]} tile at row {action.row}, column {action.col}"
        if action.skip >= 0 and state is not None:
            tile = state.observation(int(state.current_player or 0))["stack_tops"][action.stack]
            if tile is not None:
                other = tile_terrains(rules, int(tile))[1 - action.skip]
                text += f", advancing only {TERRAINS[other]}"
        return text
    if isinstance(action, pu.TakeTile):
        return f"take the {rules.c.stack_shapes[action.stack]} tile without placing it (the game will end)"
    if isinstance(action, pu.ChooseTrack):
        gain = action.gain.name.lower()
        verb = {"regress": "move back", "tracker_regress": "move back", "flux_track": "choose"}.get(gain, "advance")
        words = GAIN_WORDS.get(gain, gain.replace("_", " ").capitalize()).split(":")[0]
        return f"{words}: {verb} {TERRAINS[action.track]}"
    if isinstance(action, pu.ChooseSquare):
        gain = action.gain.name.lower()
        words = GAIN_WORDS.get(gain, gain.replace("_", " ").capitalize()).split(":")[0]
        return f"{words} at {_square_words(action.row * SIDE + action.col)}"
    if isinstance(action, pu.MoveRover | pu.TeleportRover):
        verb = "move" if isinstance(action, pu.MoveRover) else "teleport"
        start = _square_words(action.row * SIDE + action.col)
        return f"{verb} the rover from {start} to {_square_words(action.to_row * SIDE + action.to_col)}"
    if isinstance(action, pu.ChooseCivCard):
        card = rules.c.civ_card(action.card)
        effect = CIV_EFFECT_WORDS.get(card.effect, card.effect.replace("_", " ")).format(v=card.value)
        return f"take {card.name} (rank {card.rank}; {effect})"
    if isinstance(action, pu.StopRovers):
        return "stop moving rovers"
    if isinstance(action, pu.StorePatch):
        return "store the biomass patch for later"
    if isinstance(action, pu.Rotate):
        return _rotate_words(action, state)
    if isinstance(action, pu.ClearLine):
        return f"clear the meteorites of {'row' if action.axis == 0 else 'column'} {action.index}"
    return _biomass_space_words(action, rules, state) or _more_words(action, rules)


def _biomass_space_words(action: Action, rules: pu.Rules, state: Any) -> str:
    """Wormhole: what the chosen space of the biomass row gives ("" for any other action)."""
    if not isinstance(action, ChooseBiomassSpace) or state is None:
        return ""
    seat = int(state.current_player or 0)
    board = corp.seat_corporation(rules, state.observation(seat), seat)
    return f"biomass tracker to space {action.position}: {space_words(board, action.position)}"


def _more_words(action: Action, rules: pu.Rules) -> str:
    if isinstance(action, pu.KeepObjectives):
        return "keep: " + "; ".join(objective_words(rules, card) for card in action.cards)
    if isinstance(action, pu.DiscardObjective):
        return f"destroy the objective: {objective_words(rules, action.card)}"
    return pu.describe(action)


def objective_words(rules: pu.Rules, card: int, *, private: bool = True) -> str:
    """An objective card's private (or neighbour) side in words."""
    objective = rules.c.objective(card)
    kind, what = (
        (objective.private, objective.private_what) if private else (objective.neighbour, objective.neighbour_what)
    )
    template = (PRIVATE_WORDS if private else NEIGHBOUR_WORDS).get(kind, kind.replace("_", " "))
    numbers = dict(rules.c.objective_numbers)
    return template.format(what=what, n=numbers.get(kind, ""))


def _rotate_words(action: pu.Rotate, state: Any) -> str:
    if state is None:
        return f"turn the station to position {action.rotation}"
    observation = state.observation(int(state.current_player or 0))
    return f"turn the station so that you face depot {rotation_depot(observation, action)}"


def html_text(markup: str) -> str:
    """The visible text of some HTML (for tests and the browser twin)."""
    import re

    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup)).strip())
