"""Planet Unknown's asymmetric planets and corporations (issue 14) in the table, the explorer and the lab.

Everything here is drawn from public component data (``variants.planet_entry``, ``variants.corporation_table``,
the ``[[corporations.<key>.tech]]`` texts of ``corporations.toml``) and from ``observation(seat)``; nothing
reads a game state. The lists of planets and corporations are computed when a widget is built, so a
corporation the engine learns to play (``variants.missing_rules(key)`` empty) appears without a change here;
the others are named only as "not yet playable".

- ``special_cells`` / ``planet_legend_html``: a planet's special squares (ring, first-tile squares, cities,
  toxic squares, currents, holes, sub-planets, the chasm's sides, quadrants) as marks on the planet and a legend;
- the corporation board is drawn by ``corporation``;
- ``SeatSetup``: per seat a planet and a corporation to start a game with (``Rules(planets=, corporations=)``);
- ``PlanetStrategyLab``: the strategy lab's tournament on a chosen planet and corporation.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as w

from playbook.charts import planet_unknown as pu_charts
from playbook.games import planet_unknown as pu
from playbook.games.planet_unknown import economy, variants
from playbook.games.planet_unknown.components import Corporation, Planet
from playbook.games.planet_unknown.geometry import squares
from playbook.games.planet_unknown.powers import carried_mask

from .. import lab
from ..common import escape, labelled

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
    "crossings": ("X", "#5d6d7e", "a gap in the chasm: a diagonal rover step (Cosmos tech 1) crosses here"),
}


def special_kind(kind: str) -> tuple[str, str, str]:
    """(mark, colour, words) of a special square kind; a kind added to the planet data later is still drawn
    (its first letter, grey, its name)."""
    return SPECIAL_KINDS.get(kind) or (kind[:1].upper(), "#7f8c8d", kind.replace("_", " "))


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
        for square in range(SIDE * SIDE):
            if mask >> square & 1:
                found.setdefault(square, []).append(kind)
    return {square: tuple(kinds) for square, kinds in found.items()}


def special_cells(planet: Planet) -> dict[int, list[dict[str, str]]]:
    """Per square, the special marks the page draws: ``{"k": kind, "m": mark, "c": colour}``."""
    marks: dict[int, list[dict[str, str]]] = {}
    for square, kinds in _special_by_square(planet).items():
        shown = [k for k in kinds if not (k == "centre" and "first" in kinds)]
        marks[square] = [{"k": k, "m": special_kind(k)[0], "c": special_kind(k)[1]} for k in shown]
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
    words = [special_kind(k)[2].split(":")[0] for k in _special_by_square(planet).get(square, ())]
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
    kinds = {k for k, _mask in planet.special}
    items = []
    for kind in [*SPECIAL_KINDS, *sorted(kinds - set(SPECIAL_KINDS))]:
        mark, colour, words = special_kind(kind)
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
    """Horizon: squares where a rover carries a meteorite, by the engine's rule (``powers.carried_mask``) on the
    board rebuilt from the seat's view."""
    return set(squares(carried_mask(economy.board_from_view(view), corporation)))


# -- choosing planets and corporations ----------------------------------------------------------------------
class SeatSetup:
    """Per seat a planet and a corporation dropdown (the lists are read when it is built), and a line naming
    the corporations not yet playable. ``rules(base, players)`` is ``base`` with those choices."""

    def __init__(self, *, seats: int, planets: Sequence[str] = (), corporations: Sequence[str] = ()) -> None:
        planet_list = planet_options()
        corporation_list = corporation_options()
        self.planets = [
            labelled(
                w.Dropdown(
                    options=planet_list,
                    value=_pick(planets, seat, planet_list),
                    description=f"Seat {seat} planet",
                    layout=w.Layout(width="260px"),
                )
            )
            for seat in range(seats)
        ]
        self.corporations = [
            labelled(
                w.Dropdown(
                    options=corporation_list,
                    value=_pick(corporations, seat, corporation_list),
                    description="corporation",
                    layout=w.Layout(width="300px"),
                )
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
        self.corporation = labelled(
            w.Dropdown(options=corporation_options(), value=STANDARD, description="corporation")
        )
        controls = self.widget.children[0]
        controls.children = (*controls.children[:-2], self.planet, self.corporation, *controls.children[-2:])

    def game_rules(self) -> pu.Rules:
        """The chosen planet and corporation for every seat (``lab.StrategyLab.run`` plays these rules)."""
        return with_seats(pu.Rules.standard(), [self.planet.value], [self.corporation.value], 1)
