"""A seat's own Planet Unknown corporation board (issue 14), drawn from ``observation(seat)`` and public
component data (``variants.corporation_table`` and ``corporations.toml``'s texts, rows and upgrades).

``corporation_board_html`` draws the five tracks of the seat's corporation (civ ranks per milestone, Republic's
1,2,2,3,3,4,4; Oasis's winding water path with its step numbers and the water tracker on it; Wormhole's biomass
rows of two; Flux's flux track and its upgraded spaces; Makeshift's trackers on another track's column), every
seat's tracker on that board, the techs at work (``active_techs`` when the engine gives them), Horizon's
carried meteorites, and, generically, any corporation field the observation adds beyond the standard game's:
[track, position] pairs as pieces on those spaces, anything else in words.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from playbook.charts.common import SEAT_COLOURS
from playbook.core import load_toml
from playbook.games import planet_unknown as pu
from playbook.games.planet_unknown import tuning
from playbook.games.planet_unknown.board import track_tables
from playbook.games.planet_unknown.components import DATA, Corporation

from ..common import escape
from .asymmetric import COLOURS, TRACKS, carried_squares

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
DRAWN_FIELDS = frozenset({"columns", "active_techs", "flux_track", "track_lifepods", "shared_objectives"})
PIECE_WORDS = {"lifepods": "a lifepod on that space (its benefits and medal are covered)"}
#: Words for corporation fields whose name alone says too little.
FIELD_WORDS = {"tech_slots": "Tech slots holding a lifepod (techs unlocked)"}
PIECE_MARKS = "◆■▲★✚◇"


# -- the corporation board ----------------------------------------------------------------------------------
@functools.cache
def _corporation_data() -> dict[str, Any]:
    """``corporations.toml``'s entries (public component data: tech texts, Wormhole's rows, Flux's upgrades)."""
    data: dict[str, Any] = load_toml(DATA / "corporations.toml")["corporations"]
    return data


def corporation_data(key: str) -> dict[str, Any]:
    found: dict[str, Any] = _corporation_data().get(key, {})
    return found


@functools.cache
def _tech_texts() -> dict[tuple[str, str], str]:
    data = _corporation_data()
    return {(key, str(t["power"])): str(t["text"]) for key, entry in data.items() for t in entry.get("tech", [])}


TOKEN_MARKS = {"SYN": "S", "CIV": "C", "BIO": "B", "TECH": "T", "ROV": "R"}


def token_marks(token: str) -> str:
    """A track space's data token ("M1", "SYN+SYN", "m3+ROV") in the board's marks ("M1", "S S", "+3 R")."""
    marks = []
    for part in (p for p in token.split("+") if p):
        if part.startswith("m"):
            marks.append(f"+{part[1:]}")
        else:
            marks.append(TOKEN_MARKS.get(part, part))
    return " ".join(marks) or "&nbsp;"


def space_decorations(key: str) -> dict[tuple[int, int], tuple[str, str]]:
    """Per board cell, a (css, words) decoration from the corporation's data: Wormhole's biomass rows of two
    (each row outlined, the spaces passed greyed) and its synergies that name their track."""
    data = corporation_data(key).get("biomass_rows")
    if not data:
        return {}
    found: dict[tuple[int, int], tuple[str, str]] = {}
    for index, row in enumerate(data.get("rows", []), 1):
        for position in row:
            found[(2, int(position))] = (f"outline:2px dashed {COLOURS['biomass']};outline-offset:-3px", f"row {index}")
    for position in data.get("passed", []):
        found[(2, int(position))] = ("background:#eee;color:#999", "passed, never landed on")
    for target in data.get("targeted_synergy", []):
        style, words = found.get((2, int(target["position"])), ("", ""))
        found[(2, int(target["position"]))] = (style, f"{words}; S advances {target['track']}".strip("; "))
    return found


def tech_text(corporation: Corporation, power: str, standard_words: Mapping[str, str]) -> str:
    return _tech_texts().get((corporation.key, power)) or standard_words.get(power, power.replace("_", " "))


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


def track_pieces(view: Mapping[str, Any]) -> dict[str, list[tuple[int, int]]]:
    """Corporation fields that name track spaces ([track, position] pairs, or {track: [positions]})."""
    found: dict[str, list[tuple[int, int]]] = {}
    lifepods = view.get("track_lifepods")
    if isinstance(lifepods, list) and any(lifepods):  # Cosmos: per track, bit p = a lifepod on space p
        found["lifepods"] = [(t, p) for t, bits in enumerate(lifepods) for p in range(16) if int(bits) >> p & 1]
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
    cells, in words (a counter, a flag, a list). The observation sends every field for every seat, so an empty
    one (0, none) belongs to another corporation, or says nothing yet, and is left out."""
    pieces = track_pieces(view)
    lines = [
        f"<div class='pu-corp-field pu-corp-field-{escape(k)}'>"
        f"{escape(FIELD_WORDS.get(k) or field_words(k).capitalize())}: {escape(value_words(v))}</div>"
        for k, v in view.items()
        if k not in STANDARD_BOARD_FIELDS and k not in DRAWN_FIELDS and k not in pieces and v not in (None, [], {}, 0)
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
    """Civ track position -> the civ card rank its milestone gives (Republic: 1,2,2,3,3,4,4), from the engine's
    track tables."""
    ranks = track_tables(corporation).civ_rank
    return {p: ranks[p] for p, space in enumerate(corporation.tracks[0]) if space.civ}


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
    corporation = tuning.seat_corporation(observation, seat, rules.c.corporation)
    boards = observation["boards"]
    same = [
        s
        for s in range(len(boards))
        if tuning.seat_corporation(observation, s, rules.c.corporation).key == corporation.key
    ]
    dots: dict[tuple[int, int], list[str]] = {}
    for s in same:
        for index, position in enumerate(boards[s]["trackers"]):
            cell = tracker_cell(corporation, index, int(position), boards[s].get("columns"))
            title = escape(f"{names[s]}: {TRACKS[index]} tracker")
            colour = SEAT_COLOURS[s % 6]
            mark = f"◉<sub>{TRACKS[index][0]}</sub>" if cell != (index, int(position)) else "●"
            dots.setdefault(cell, []).append(f"<span title='{title}' style='color:{colour}'>{mark}</span>")
    pieces = track_pieces(boards[seat])
    piece_marks = {field: PIECE_MARKS[i % len(PIECE_MARKS)] for i, field in enumerate(pieces)}
    if "lifepods" in pieces:
        piece_marks["lifepods"] = "✚"
    for field, spaces in pieces.items():
        for space in spaces:
            title = escape(field_words(field))
            colour = " style='color:#c0392b'" if field == "lifepods" else ""
            mark = piece_marks[field]
            piece = f"<span class='pu-piece pu-piece-{escape(field)}' title='{title}'{colour}>{mark}</span>"
            dots.setdefault(space, []).append(piece)
    steps: dict[tuple[int, int], list[int]] = {}
    for index, cell in enumerate(corporation.water_path):
        steps.setdefault(cell, []).append(index)
    ranks = civ_ranks(corporation)
    decorations = space_decorations(corporation.key)
    flux = boards[seat].get("flux_track")
    rows = []
    for t, track in enumerate(TRACKS):
        tds = []
        for p in range(len(corporation.tracks[t])):
            style, words = decorations.get((t, p), ("", ""))
            short = words.replace("passed, never landed on", "passed").replace("; S advances ", " S→")
            note = f"<div class='pu-space-note' style='font-size:8px'>{escape(short)}</div>" if words else ""
            hint = f" title='{escape(words)}'" if words else ""
            path = steps.get((t, p))
            step = (
                f"<div class='pu-water-step' style='color:{COLOURS['water']};font-weight:bold'>"
                f"w{'/'.join(map(str, path))}</div>"
                if path
                else ""
            )
            border = f"2px solid {COLOURS['water']}" if path else "1px solid #ddd"
            tds.append(
                f"<td class='pu-track-{track}-{p}'{hint} style='border:{border};padding:1px;min-width:26px;"
                "font-size:10px;"
                f"text-align:center;vertical-align:top;{style}'>{step}{_space_marks(corporation, t, p, ranks)}"
                f"{note}<br>{''.join(dots.get((t, p), []))}</td>"
            )
        flux_mark = " ⚡" if flux == track else ""
        label = f"<td style='color:{COLOURS[track]};font-weight:bold;padding-right:4px'>{track}{flux_mark}</td>"
        rows.append(f"<tr>{label}{''.join(tds)}</tr>")
        if flux == track:
            rows.append(_upgraded_row(corporation.key, track))
    return (
        f"<div class='pu-corporation-board pu-corp-{escape(corporation.key)}'>"
        f"<b>Corporation board ({escape(corporation.name)})</b>"
        f"<table style='border-collapse:collapse'>{''.join(rows)}</table>"
        f"<div style='font-size:11px;color:#555'>{escape(_legend(corporation, piece_marks))}</div>"
        f"{_techs_html(observation, corporation, seat, names, standard_tech_words)}"
        f"{_carried_html(boards[seat], corporation)}{extra_fields_html(boards[seat])}</div>"
    )


def _upgraded_row(key: str, track: str) -> str:
    """Flux: the flux track's upgraded spaces (tech 3 "the flux track uses its upgraded side")."""
    upgraded = corporation_data(key).get("upgraded", {}).get(track)
    if not upgraded:
        return ""
    tds = "".join(
        f"<td class='pu-upgraded-{track}-{p}' style='border:1px dotted #999;font-size:9px;text-align:center;"
        f"color:#555'>{token_marks(str(token))}</td>"
        for p, token in enumerate(upgraded)
    )
    return f"<tr class='pu-upgraded'><td style='font-size:9px;color:#555'>upgraded</td>{tds}</tr>"


def _legend(corporation: Corporation, piece_marks: Mapping[str, str]) -> str:
    words = [
        "M medal points at the end · S synergy · C civ card (Cn: of rank n) · B biomass patch · T tech · "
        "R new rover · +n rover moves · ● trackers"
    ]
    if corporation.water_path:
        words.append(
            f"The water tracker follows a winding path of {len(corporation.water_path)} steps over the board "
            "(w0, w1, ... outlined in blue; ◉w the water tracker on it); it gains the benefits of the space it "
            "stands on and scores only medals of water spaces on its path; a space holding another tracker blocks it."
        )
    if corporation.hook("tracker_moves") == "straight_or_diagonal":
        words.append(
            "A tracker may step onto the next space of a neighbouring track: ◉ with a letter is a tracker on another "
            "track's space (c civ, w water, b biomass, r rover, t tech)."
        )
    if corporation.hook("on_civ_milestone") == "regress_other":
        words.append("Each civ milestone moves another tracker back.")
    if corporation.hook("meteorites") == "carry_and_deliver":
        words.append("Rovers carry a meteorite (◆ with the rover) until they reach a rover symbol.")
    if corporation_data(corporation.key).get("flux_track"):
        words.append("⚡ the flux track (its upgraded spaces below it, used with tech 3).")
    if corporation_data(corporation.key).get("biomass_rows"):
        words.append("The biomass tracker moves a row of two at a time (dashed), choosing either space of the row.")
    words += [f"{mark} {PIECE_WORDS.get(field) or field_words(field)}" for field, mark in piece_marks.items()]
    return " ".join(words)


def _carried_html(view: Mapping[str, Any], corporation: Corporation) -> str:
    """Horizon: how many of the seat's rovers carry a meteorite now (drawn on the planet too)."""
    if corporation.hook("meteorites") != "carry_and_deliver":
        return ""
    count = len(carried_squares(view, corporation))
    return f"<div class='pu-carried-count' style='font-size:12px'>Rovers carrying a meteorite: {count}</div>"


def _techs_html(
    observation: Mapping[str, Any],
    corporation: Corporation,
    seat: int,
    names: Sequence[str],
    standard_words: Mapping[str, str],
) -> str:
    view = observation["boards"][seat]
    # the engine says which levels work now (Flux: the latest only; Jump Drive: the slots; Cosmos: not covered)
    levels = [int(level) for level in view["active_techs"] if 0 < int(level) <= len(corporation.techs)]
    techs = [f"{level}: " + tech_text(corporation, corporation.techs[level - 1], standard_words) for level in levels]
    used = [str(p).replace("_", " ") for p in view.get("powers_used", [])]
    name = names[seat]
    who = "Your" if name == "you" else f"{name[:1].upper()}{name[1:]}'s"
    text = f"{who} techs: " + ("; ".join(techs) or "none yet")
    if used:
        text += ". Powers used: " + ", ".join(used)
    return f"<div class='pu-techs' style='font-size:12px'>{escape(text)}</div>"
