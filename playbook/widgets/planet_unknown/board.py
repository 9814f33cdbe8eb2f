"""Planet Unknown drawn: the planet (an anywidget), tiles, the station, depots and boards as HTML."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import anywidget
import traitlets

from playbook.games import planet_unknown as pu

from ..common import (
    escape,
)
from . import asymmetric as asym
from . import corporation as corp
from .tiles import (
    COLOURS,
    SIDE,
    STATIC,
    TERRAINS,
    _terrain_at,
    flip_orientation,
    mask_has,
    rotate_orientation,
    seat_view,
    tile_info,
)
from .words import TECH_WORDS, _square_words, objective_words


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


# -- the planet (anywidget) ----------------------------------------------------------------------------------
#: The planet's page code and style, read once when this module is imported and handed to anywidget as text.
#: Given a path, anywidget wraps it in a ``FileContents`` whose change signal keeps a callback per widget (its
#: hot reload), so every planet ever made stays alive with its table: 200 tables grew the kernel by 190 MB.
PLANET_ESM = (STATIC / "planet_unknown.js").read_text(encoding="utf-8")
PLANET_CSS = (STATIC / "planet_unknown.css").read_text(encoding="utf-8")


class PlanetWidget(anywidget.AnyWidget):
    """A 12x12 planet drawn in the page; clicks come back as ``{"kind": "place" | "square", ...}``.

    ``on_click(handler)`` sets the function that receives them; ``receive(content)`` is the same path the
    page's message takes (tests call it to click without a browser).
    """

    _esm = PLANET_ESM
    _css = PLANET_CSS
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


def corporation_html(observation: Mapping[str, Any], rules: pu.Rules, names: Sequence[str], seat: int) -> str:
    """``seat``'s corporation board (its own tracks, every seat's tracker on that board, its techs and any
    corporation field of the observation; ``asymmetric``) and the objectives ``seat`` sees."""
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
