"""Planet Unknown's asymmetric planets and corporations (issue 14) in the table, the explorer and the lab.

Everything here is drawn from public component data (``variants.planet_entry``, ``variants.corporation_table``,
the ``[[corporations.<key>.tech]]`` texts of ``corporations.toml``) and from ``observation(seat)``; nothing
reads a game state. The lists of planets and corporations are computed when a widget is built, so a
corporation the engine learns to play (``variants.missing_rules(key)`` empty) appears without a change here;
the others are named only as "not yet playable".

- ``special_cells`` / ``planet_legend_html``: a planet's special squares (ring, first-tile squares, cities,
  toxic squares, currents, holes, sub-planets, the chasm's sides, quadrants) as marks on the planet and a legend;
- ``corporation_board_html``: a seat's own corporation board: its five tracks (civ ranks per milestone, the
  Oasis water path with its step numbers, every seat's tracker on the same board) and, generically, any
  corporation field the observation adds beyond the standard game's (pieces on track spaces, counters);
- ``SeatSetup``: per seat a planet and a corporation to start a game with (``Rules(planets=, corporations=)``);
- ``PlanetStrategyLab``: the strategy lab's tournament on a chosen planet and corporation.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as w
import pandas as pd

from playbook.charts import planet_unknown as pu_charts
from playbook.charts.common import SEAT_COLOURS
from playbook.core import PlaybookError, load_toml
from playbook.games import planet_unknown as pu
from playbook.games.planet_unknown import variants
from playbook.games.planet_unknown.components import DATA, Corporation, Planet

from . import lab
from .common import escape

SIDE = 12
TERRAINS = pu_charts.TERRAINS
TRACKS = pu_charts.TRACKS
COLOURS = pu_charts.TERRAIN_COLOURS
STANDARD = "standard"

#: Special square kinds (``Planet.special`` keys): the mark drawn on the square, its colour, and the legend.
SPECIAL_KINDS: dict[str, tuple[str, str, str]] = {
    "first": ("1", "#16a085", "first tile: it must cover these centre squares"),
    "centre": ("H", "#16a085", "the centre"),
    "ring": ("R", "#d35400", "the ring: a tile on it must also cover a square outside it"),
    "cities": ("C", "#b9770e", "a city: each one left uncovered scores at the end"),
    "toxic": ("T", "#7d3c98", "toxic: no rover may step on it while it is uncovered"),
    "currents": ("⚡", "#b7950b", "an electrical current: counts as energy and as covered while uncovered"),
    "holes": ("", "#34495e", "a hole: not a square (no tile, patch or rover enters it)"),
    "region_A": ("A", "#2471a3", "sub-planet A"),
    "region_B": ("B", "#a93226", "sub-planet B"),
    "region_C": ("C", "#1e8449", "sub-planet C"),
    "west": ("", "#5d6d7e", "west of the chasm"),
    "east": ("", "#a04000", "east of the chasm"),
}
PLACEMENT_WORDS = {
    "none": "",
    "ring_needs_outside": "A tile covering ring squares must also cover a square outside the ring.",
    "no_mixing": "A tile may not cover both ice and land squares.",
    "slide_in": "A tile must slide into place from outside the planet without crossing another tile.",
    "quadrant_symbols": "Each quadrant forbids one resource's symbol inside it (bare terrain is allowed).",
    "one_side": "A tile must lie entirely on one side of the chasm; rovers do not cross it.",
}
EDGE_WORDS = {
    "fewer_than_4_neighbours": "",
    "holes_are_neighbours": "A square beside a hole is not an edge square for that (holes count as neighbours).",
    "outer_frame": "The edge is the outer frame: rows 0 and 11, columns 0 and 11.",
}
SCORING_WORDS = {
    "none": "",
    "sub_planets": "End of game: {v} points per sub-planet whose squares are all covered.",
    "uncovered_cities": "End of game: {v} points per city left uncovered.",
}
#: The fields every ``observation(seat)["boards"][s]`` has in the standard game; any other field is a
#: corporation's own and is drawn generically.
STANDARD_BOARD_FIELDS = frozenset(
    {
        "seat", "covered", "terrain", "symbols", "meteorites", "lifepods", "patches", "meteor_marks", "last_tile",
        "rovers", "rover_supply", "trackers", "lifepods_collected", "meteorites_collected", "stored_biomass",
        "civ_cards", "tiles_placed", "depot", "powers_used",
    }
)  # fmt: skip
#: Corporation fields drawn on the board itself rather than as a line of words.
DRAWN_FIELDS = frozenset({"columns", "active_techs"})
PIECE_MARKS = "◆■▲★✚◇"


# -- choices ------------------------------------------------------------------------------------------------
def planet_options() -> list[tuple[str, str]]:
    """(label, key) of every planet: the standard one first."""
    rows = [("KSB-4156 (standard)", STANDARD)]
    return rows + [(variants.planet_entry(key).name, key) for key in variants.planet_keys()]


def playable_corporations() -> list[str]:
    return [key for key in variants.corporation_keys() if not variants.missing_rules(key)]


def corporation_options() -> list[tuple[str, str]]:
    """(label, key) of every corporation the engine plays today: Universal Coalition first."""
    rows = [("Universal Coalition (standard)", STANDARD)]
    return rows + [(variants.corporation_table(key).name, key) for key in playable_corporations()]


def not_yet_playable() -> list[str]:
    """The names of the corporations the engine cannot play yet."""
    playable = set(playable_corporations())
    return [variants.corporation_table(k).name for k in variants.corporation_keys() if k not in playable]


def seat_keys(keys: Sequence[str], players: int) -> tuple[str, ...]:
    """``Rules.planets`` / ``corporations`` for per-seat keys: ``()`` when every seat plays the standard one."""
    chosen = tuple(keys[:players])
    return () if all(k in variants.STANDARD_KEYS for k in chosen) else chosen


def with_seats(rules: pu.Rules, planets: Sequence[str], corporations: Sequence[str], players: int) -> pu.Rules:
    wanted = (seat_keys(planets, players), seat_keys(corporations, players))
    if (rules.planets, rules.corporations) == wanted:
        return rules
    return dataclasses.replace(rules, planets=wanted[0], corporations=wanted[1])


# -- the planet ---------------------------------------------------------------------------------------------
def seat_planet(rules: pu.Rules, seat: int) -> Planet:
    """The planet of ``seat`` (component data: the rules' choice for that seat)."""
    return rules.planet(seat)


@functools.cache
def _special_by_square(planet: Planet) -> dict[int, tuple[str, ...]]:
    found: dict[int, list[str]] = {}
    for kind, mask in planet.special:
        if kind not in SPECIAL_KINDS:
            continue
        for square in range(SIDE * SIDE):
            if mask >> square & 1:
                found.setdefault(square, []).append(kind)
    return {square: tuple(kinds) for square, kinds in found.items()}


def special_cells(planet: Planet) -> dict[int, list[dict[str, str]]]:
    """Per square, the special marks the page draws: ``{"k": kind, "m": mark, "c": colour}``."""
    marks: dict[int, list[dict[str, str]]] = {}
    for square, kinds in _special_by_square(planet).items():
        shown = [k for k in kinds if not (k == "centre" and "first" in kinds)]
        marks[square] = [{"k": k, "m": SPECIAL_KINDS[k][0], "c": SPECIAL_KINDS[k][1]} for k in shown]
    for index, (box, forbidden) in enumerate(planet.quadrants):
        for square in range(SIDE * SIDE):
            if box >> square & 1:
                mark = {"k": f"quadrant_{index}", "m": "", "c": COLOURS[TERRAINS[forbidden]]}
                marks.setdefault(square, []).append(mark)
    return marks


def chasm_sides(planet: Planet, square: int) -> str:
    """Tartarus: the sides of ``square`` ("t", "r", "b", "l") that the chasm runs along."""
    west, east = planet.mask("west"), planet.mask("east")
    if not (west | east) >> square & 1:
        return ""
    mine = west if west >> square & 1 else east
    other = east if mine == west else west
    r, c = divmod(square, SIDE)
    sides = ""
    for side, (dr, dc) in (("t", (-1, 0)), ("r", (0, 1)), ("b", (1, 0)), ("l", (0, -1))):
        rr, cc = r + dr, c + dc
        if 0 <= rr < SIDE and 0 <= cc < SIDE and other >> (rr * SIDE + cc) & 1:
            sides += side
    return sides


def hole_squares(planet: Planet) -> int:
    return planet.mask("holes")


def special_words(planet: Planet, square: int) -> list[str]:
    """What the square's special marks mean (the square's tooltip)."""
    words = [SPECIAL_KINDS[k][2].split(":")[0] for k in _special_by_square(planet).get(square, ())]
    for box, forbidden in planet.quadrants:
        if box >> square & 1:
            words.append(f"quadrant without {TERRAINS[forbidden]} symbols")
    return words


def planet_rules_lines(planet: Planet) -> list[str]:
    """The planet's own rules in sentences (empty for KSB-4156)."""
    lines = [PLACEMENT_WORDS.get(planet.placement, ""), EDGE_WORDS.get(planet.edge, "")]
    if planet.first_tile == "centre_squares":
        lines.append("The first tile must cover the centre squares marked 1 (not the edge).")
    if planet.patches == "exempt":
        lines.append("Biomass patches ignore the placement rule.")
    if planet.completion == "uncovered_currents_count":
        lines.append("Uncovered currents count as covered for rows and columns, and as energy terrain.")
    lines.append(SCORING_WORDS.get(planet.scoring, "").format(v=planet.scoring_value))
    return [line for line in lines if line]


def planet_legend_html(planet: Planet) -> str:
    """The planet's name, its special squares' legend and its own rules."""
    kinds = {k for k, _mask in planet.special if k in SPECIAL_KINDS}
    items = []
    for kind, (mark, colour, words) in SPECIAL_KINDS.items():
        if kind in kinds and not (kind == "centre" and "first" in kinds):
            swatch = (
                f"<span class='pu-legend-mark pu-x-{kind}' style='display:inline-block;min-width:14px;"
                f"text-align:center;border:2px solid {colour};color:{colour};font-weight:bold'>{mark or '&nbsp;'}"
                "</span>"
            )
            items.append(f"<div>{swatch} {escape(words)}</div>")
    for index, (box, forbidden) in enumerate(planet.quadrants):
        rows = [r for r in range(SIDE) if any(box >> (r * SIDE + c) & 1 for c in range(SIDE))]
        cols = [c for c in range(SIDE) if any(box >> (r * SIDE + c) & 1 for r in range(SIDE))]
        colour = COLOURS[TERRAINS[forbidden]]
        where = f"rows {rows[0]}-{rows[-1]}, columns {cols[0]}-{cols[-1]}"
        items.append(
            f"<div><span class='pu-legend-mark pu-x-quadrant_{index}' style='display:inline-block;width:14px;"
            f"border-bottom:4px solid {colour}'>&nbsp;</span> quadrant {escape(where)}: no "
            f"{escape(TERRAINS[forbidden])} symbol</div>"
        )
    if planet.mask("west"):
        items.append("<div><span style='border-right:3px solid #111'>&nbsp;&nbsp;</span> the chasm</div>")
    rules = "".join(f"<div class='pu-planet-rule'>{escape(line)}</div>" for line in planet_rules_lines(planet))
    return (
        f"<div class='pu-planet-legend' style='font-size:11px'><b>Planet {escape(planet.name)}</b>"
        f"{''.join(items)}{rules}</div>"
    )


def carried_squares(view: Mapping[str, Any], corporation: Corporation) -> set[int]:
    """Horizon: squares where a rover carries a meteorite (a meteorite with a rover, no rover symbol there)."""
    if corporation.hook("meteorites") != "carry_and_deliver":
        return set()

    def has(layer: Sequence[int], square: int) -> bool:
        return bool(int(layer[square // SIDE]) >> (square % SIDE) & 1)

    return {
        int(s) for s in view["rovers"] if has(view["meteorites"], int(s)) and not has(view["symbols"]["rover"], int(s))
    }


# -- the corporation board ----------------------------------------------------------------------------------
def seat_corporation(rules: pu.Rules, observation: Mapping[str, Any], seat: int) -> Corporation:
    """The corporation board of ``seat`` as component data (the observation names its key)."""
    keys = observation.get("corporations") or []
    key = str(keys[seat]) if seat < len(keys) else STANDARD
    return rules.c.corporation if key in variants.STANDARD_KEYS else variants.corporation_table(key)


@functools.cache
def _tech_texts() -> dict[tuple[str, str], str]:
    data = load_toml(DATA / "corporations.toml")["corporations"]
    return {(key, str(t["power"])): str(t["text"]) for key, entry in data.items() for t in entry.get("tech", [])}


def tech_text(corporation: Corporation, power: str, standard_words: Mapping[str, str]) -> str:
    return _tech_texts().get((corporation.key, power)) or standard_words.get(power, power.replace("_", " "))


def tech_level(corporation: Corporation, tech_position: int) -> int:
    """Tech milestones reached at ``tech_position`` on the tech track."""
    return sum(1 for p, space in enumerate(corporation.tracks[4]) if space.tech and p <= tech_position)


def tracker_cell(
    corporation: Corporation, track: int, position: int, columns: Sequence[int] | None = None
) -> tuple[int, int]:
    """The board cell (track, position) a tracker stands on: Oasis's water tracker follows its path; a
    tracker standing on another track's column (Makeshift, ``columns`` in the observation) stands there."""
    if columns and len(columns) > track and int(columns[track]) != track:
        return int(columns[track]), position
    path = corporation.water_path
    if track == 1 and path:
        return path[min(position, len(path) - 1)]
    return track, position


def medal_curve(corporation: Corporation, track: int) -> tuple[int, ...]:
    """The medal a tracker scores at each position of ``track`` (best medal at or below it); Oasis's water
    tracker counts only the medals of water spaces on its path."""
    path = corporation.water_path if track == 1 else ()
    spaces = [corporation.tracks[t][p].medal if t == 1 else 0 for t, p in path] if path else None
    medals = spaces if spaces is not None else [space.medal for space in corporation.tracks[track]]
    curve, best = [], 0
    for medal in medals:
        best = max(best, medal)
        curve.append(best)
    return tuple(curve)


def track_pieces(view: Mapping[str, Any]) -> dict[str, list[tuple[int, int]]]:
    """Corporation fields that name track spaces ([track, position] pairs, or {track: [positions]})."""
    found: dict[str, list[tuple[int, int]]] = {}
    for field, value in view.items():
        if field in STANDARD_BOARD_FIELDS or field in DRAWN_FIELDS:
            continue
        cells = _as_cells(value)
        if cells is not None:
            found[field] = cells
    return found


def _as_cells(value: Any) -> list[tuple[int, int]] | None:
    if isinstance(value, list) and value and all(_is_cell(v) for v in value):
        return [(int(v[0]), int(v[1])) for v in value]
    if (
        isinstance(value, dict)
        and value
        and all(k in TRACKS for k in value)
        and all(isinstance(v, list) and all(isinstance(p, int) for p in v) for v in value.values())
    ):
        return [(TRACKS.index(k), int(p)) for k, ps in value.items() for p in ps]
    return None


def _is_cell(v: Any) -> bool:
    return (
        isinstance(v, list | tuple)
        and len(v) == 2
        and all(isinstance(x, int) and not isinstance(x, bool) for x in v)
        and 0 <= v[0] < 5
        and 0 <= v[1] < 16
    )


def field_words(field: str) -> str:
    return field.replace("_", " ")


def value_words(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return ", ".join(f"{field_words(str(k))} {value_words(v)}" for k, v in value.items()) or "none"
    if isinstance(value, list):
        return ", ".join(value_words(v) for v in value) or "none"
    return field_words(str(value))


def extra_fields_html(view: Mapping[str, Any]) -> str:
    """Every corporation field of the observation beyond the standard game's that is not drawn on the track
    cells, in words (a counter, a flag, a list)."""
    pieces = track_pieces(view)
    lines = [
        f"<div class='pu-corp-field pu-corp-field-{escape(k)}'>{escape(field_words(k).capitalize())}: "
        f"{escape(value_words(v))}</div>"
        for k, v in view.items()
        if k not in STANDARD_BOARD_FIELDS and k not in DRAWN_FIELDS and k not in pieces and v is not None
    ]
    return "".join(lines)


def _space_marks(corporation: Corporation, track: int, position: int, civ_rank: Mapping[int, int]) -> str:
    space = corporation.tracks[track][position]
    marks = []
    if space.medal:
        marks.append(f"M{space.medal}")
    for key, mark in (("synergy", "S"), ("civ", "C"), ("biomass", "B"), ("tech", "T"), ("rover", "R")):
        if getattr(space, key):
            marks.append(mark)
    if space.civ and position in civ_rank:
        marks[-1] = f"C{civ_rank[position]}" if track == 0 else marks[-1]
    if space.movement:
        marks.append(f"+{space.movement}")
    return " ".join(marks) or "&nbsp;"


def civ_ranks(corporation: Corporation) -> dict[int, int]:
    """Civ track position -> the civ card rank its milestone gives (Republic: 1,2,2,3,3,4,4)."""
    found: dict[int, int] = {}
    count = 0
    for position, space in enumerate(corporation.tracks[0]):
        if space.civ:
            count += 1
            ranks = corporation.civ_ranks
            found[position] = ranks[min(count, len(ranks) - 1)]
    return found


def corporation_board_html(
    observation: Mapping[str, Any],
    rules: pu.Rules,
    names: Sequence[str],
    seat: int,
    standard_tech_words: Mapping[str, str],
) -> str:
    """``seat``'s corporation board: five tracks of spaces (medals, milestones, civ ranks), the trackers of
    every seat playing that corporation, the Oasis water path's steps, pieces a corporation keeps on track
    spaces, and its techs and extra counters."""
    corporation = seat_corporation(rules, observation, seat)
    boards = observation["boards"]
    same = [s for s in range(len(boards)) if seat_corporation(rules, observation, s).key == corporation.key]
    dots: dict[tuple[int, int], list[str]] = {}
    for s in same:
        for index, position in enumerate(boards[s]["trackers"]):
            cell = tracker_cell(corporation, index, int(position), boards[s].get("columns"))
            title = escape(f"{names[s]}: {TRACKS[index]} tracker")
            colour = SEAT_COLOURS[s % 6]
            mark = "◉" if cell != (index, int(position)) else "●"
            dots.setdefault(cell, []).append(f"<span title='{title}' style='color:{colour}'>{mark}</span>")
    pieces = track_pieces(boards[seat])
    piece_marks = {field: PIECE_MARKS[i % len(PIECE_MARKS)] for i, field in enumerate(pieces)}
    for field, spaces in pieces.items():
        for space in spaces:
            title = escape(field_words(field))
            dots.setdefault(space, []).append(f"<span class='pu-piece' title='{title}'>{piece_marks[field]}</span>")
    steps: dict[tuple[int, int], list[int]] = {}
    for index, cell in enumerate(corporation.water_path):
        steps.setdefault(cell, []).append(index)
    ranks = civ_ranks(corporation)
    rows = []
    for t, track in enumerate(TRACKS):
        tds = []
        for p in range(len(corporation.tracks[t])):
            path = steps.get((t, p))
            step = (
                f"<div class='pu-water-step' style='color:{COLOURS['water']};font-weight:bold'>"
                f"w{'/'.join(map(str, path))}</div>"
                if path
                else ""
            )
            border = f"2px solid {COLOURS['water']}" if path else "1px solid #ddd"
            tds.append(
                f"<td class='pu-track-{track}-{p}' style='border:{border};padding:1px;min-width:26px;font-size:10px;"
                f"text-align:center;vertical-align:top'>{step}{_space_marks(corporation, t, p, ranks)}<br>"
                f"{''.join(dots.get((t, p), []))}</td>"
            )
        label = f"<td style='color:{COLOURS[track]};font-weight:bold;padding-right:4px'>{track}</td>"
        rows.append(f"<tr>{label}{''.join(tds)}</tr>")
    return (
        f"<div class='pu-corporation-board pu-corp-{escape(corporation.key)}'>"
        f"<b>Corporation board ({escape(corporation.name)})</b>"
        f"<table style='border-collapse:collapse'>{''.join(rows)}</table>"
        f"<div style='font-size:11px;color:#555'>{escape(_legend(corporation, piece_marks))}</div>"
        f"{_techs_html(observation, corporation, seat, names, standard_tech_words)}"
        f"{extra_fields_html(boards[seat])}</div>"
    )


def _legend(corporation: Corporation, piece_marks: Mapping[str, str]) -> str:
    words = [
        "M medal points at the end · S synergy · C civ card (Cn: of rank n) · B biomass patch · T tech · "
        "R new rover · +n rover moves · ● trackers"
    ]
    if corporation.water_path:
        words.append(
            f"The water tracker follows a winding path of {len(corporation.water_path)} steps over the board "
            "(w0, w1, ... outlined in blue; ◉ the water tracker on it); it gains the benefits of the space it "
            "stands on and scores only medals of water spaces on its path; a space holding another tracker blocks it."
        )
    if corporation.hook("on_civ_milestone") == "regress_other":
        words.append("Each civ milestone moves another tracker back.")
    if corporation.hook("meteorites") == "carry_and_deliver":
        words.append("Rovers carry a meteorite (◆ with the rover) until they reach a rover symbol.")
    words += [f"{mark} {field_words(field)}" for field, mark in piece_marks.items()]
    return " ".join(words)


def _techs_html(
    observation: Mapping[str, Any],
    corporation: Corporation,
    seat: int,
    names: Sequence[str],
    standard_words: Mapping[str, str],
) -> str:
    view = observation["boards"][seat]
    if "active_techs" in view:  # the engine says which levels work now (Flux: the latest only)
        levels = [int(level) for level in view["active_techs"] if 0 < int(level) <= len(corporation.techs)]
    else:
        levels = list(range(1, tech_level(corporation, int(view["trackers"][4])) + 1))
    techs = [f"{level}: " + tech_text(corporation, corporation.techs[level - 1], standard_words) for level in levels]
    used = [str(p).replace("_", " ") for p in view.get("powers_used", [])]
    name = names[seat]
    who = "Your" if name == "you" else f"{name[:1].upper()}{name[1:]}'s"
    text = f"{who} techs: " + ("; ".join(techs) or "none yet")
    if used:
        text += ". Powers used: " + ", ".join(used)
    return f"<div class='pu-techs' style='font-size:12px'>{escape(text)}</div>"


# -- choosing planets and corporations ----------------------------------------------------------------------
class SeatSetup:
    """Per seat a planet and a corporation dropdown (the lists are read when it is built), and a line naming
    the corporations not yet playable. ``rules(base, players)`` is ``base`` with those choices."""

    def __init__(self, *, seats: int, planets: Sequence[str] = (), corporations: Sequence[str] = ()) -> None:
        planet_list = planet_options()
        corporation_list = corporation_options()
        self.planets = [
            w.Dropdown(
                options=planet_list,
                value=_pick(planets, seat, planet_list),
                description=f"Seat {seat} planet",
                style={"description_width": "7.5em"},
                layout=w.Layout(width="260px"),
            )
            for seat in range(seats)
        ]
        self.corporations = [
            w.Dropdown(
                options=corporation_list,
                value=_pick(corporations, seat, corporation_list),
                description="corporation",
                style={"description_width": "6.5em"},
                layout=w.Layout(width="300px"),
            )
            for seat in range(seats)
        ]
        for seat in range(seats):
            self.planets[seat].add_class(f"pu-planet-choice-{seat}")
            self.corporations[seat].add_class(f"pu-corporation-choice-{seat}")
        later = not_yet_playable()
        self.note = w.HTML(
            "<div style='font-size:11px;color:#666'>Not yet playable: " + escape(", ".join(later)) + ".</div>"
            if later
            else ""
        )
        self.rows = [w.HBox([self.planets[s], self.corporations[s]]) for s in range(seats)]
        self.widget = w.VBox([w.HTML("<b>Planets and corporations</b> (per seat)"), *self.rows, self.note])
        self.widget.add_class("pu-seat-setup")

    def show(self, players: int) -> None:
        for seat, row in enumerate(self.rows):
            row.layout.display = None if seat < players else "none"

    def choose(self, seat: int, planet: str = STANDARD, corporation: str = STANDARD) -> None:
        self.planets[seat].value = planet
        self.corporations[seat].value = corporation

    def rules(self, base: pu.Rules, players: int) -> pu.Rules:
        return with_seats(base, [d.value for d in self.planets], [d.value for d in self.corporations], players)


def _pick(keys: Sequence[str], seat: int, options: Sequence[tuple[str, str]]) -> str:
    key = variants.chosen(tuple(keys), seat) if len(keys) <= 1 or seat < len(keys) else STANDARD
    key = STANDARD if key in variants.STANDARD_KEYS else key
    return key if key in [k for _label, k in options] else STANDARD


# -- the strategy lab on a chosen planet and corporation ----------------------------------------------------
class PlanetStrategyLab(lab.StrategyLab):
    """The strategy lab with a planet and a corporation that every seat plays (the tournament rotates the
    agents over the seats, so one choice for all keeps the comparison fair)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.planet = w.Dropdown(options=planet_options(), value=STANDARD, description="planet")
        self.corporation = w.Dropdown(options=corporation_options(), value=STANDARD, description="corporation")
        controls = self.widget.children[0]
        controls.children = (*controls.children[:-2], self.planet, self.corporation, *controls.children[-2:])

    def game_rules(self) -> pu.Rules:
        return with_seats(pu.Rules.standard(), [self.planet.value], [self.corporation.value], 1)

    def run(self) -> pd.DataFrame | None:
        """The tournament on the chosen planet and corporation; refusals land in the status line."""
        try:
            agents = self.lineup()
            seats = self.players or min(len(agents), self.game.INFO.max_players)
            if len(agents) < max(seats, self.game.INFO.min_players):
                raise PlaybookError(f"pick at least {max(seats, self.game.INFO.min_players) - 1} opponents")
            self.progress.max = self.games.value
            self.progress.value = 0
            results = lab.run_batches(
                self.game,
                agents,
                games=self.games.value,
                seed=int(self.seed.value),
                players=seats,
                rules=self.game_rules(),
                on_progress=self._progressed,
            )
        except PlaybookError as exc:
            self.status.error(str(exc))
            return None
        self.results = results
        self._show(results, agents[0].name)
        return results

    def close(self) -> None:
        super().close()
        self.planet.close()
        self.corporation.close()
