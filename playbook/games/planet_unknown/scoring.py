"""Scoring (rulebook "Scoring", standard reference section 1.5) and the tie-breaks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from . import rulebook
from .board import Board, track_tables
from .components import Components, Corporation, Planet
from .geometry import PlanetMasks, planet_masks
from .objectives import neighbour_pairs, neighbour_value, private_met
from .planets import completion_layer, planet_points
from .plugin import NEIGHBOUR_POINTS, rules_of
from .work import Work

if TYPE_CHECKING:
    from .state import State

PARTS = ("rows", "columns", "civ", "water", "biomass", "rover", "tech", "lifepods", "meteorites", "civ_cards",
         "private", "neighbour")  # fmt: skip

END_MEDALS = {"medals"}


def civ_points(board: Board, c: Components) -> int:
    """The board's end-game civ card points (``rulebook.civ_card_points``)."""
    cards = [(info.effect, info.value) for info in map(c.civ_card, board.civ_cards)]
    return rulebook.civ_card_points(cards, board.patches.bit_count(), c.scoring.commerce)


def lifepod_points(board: Board, c: Components) -> int:
    double = any(c.civ_card(card).effect == "lifepods_double" for card in board.civ_cards)
    return rulebook.lifepod_points(board.lifepods_collected, c.scoring.lifepod, double)


def meteorite_points(board: Board, c: Components) -> int:
    repos = sum(c.civ_card(card).effect == "meteorite_repo" for card in board.civ_cards)
    return rulebook.meteorite_points(board.meteorites_collected, c.scoring.meteorites_per_point, repos)


def line_points(board: Board, lines: tuple[int, ...], medals: tuple[int, ...], covered: int | None = None) -> int:
    """Medals of the complete lines (every square in ``covered``, default the board's, and no meteorite)."""
    return rulebook.line_points(lines, medals, board.covered if covered is None else covered, board.meteorites)


def breakdown(
    board: Board, c: Components, masks: PlanetMasks, neighbour: int = 0, corporation: Corporation | None = None
) -> dict[str, int]:
    """Points by source for one board on the planet of ``masks`` with ``corporation`` (default Universal
    Coalition; ``neighbour``: points won on neighbour cards, computed by the table). A planet with its own scoring
    (Cerberus, Gaia) adds a ``planet`` part."""
    tables = track_tables(corporation or c.corporation)
    planet = masks.planet
    covered = completion_layer(planet, board)
    parts = {
        "rows": line_points(board, masks.rows, planet.row_medals, covered),
        "columns": line_points(board, masks.cols, planet.column_medals, covered),
    }
    for t, name in enumerate(("civ", "water", "biomass", "rover", "tech")):
        parts[name] = tables.best_medal[t][board.trackers[t]]
    medals = rules_of(corporation).medals if corporation else None
    if corporation and medals is not None:  # its own (Cosmos: not under a lifepod; Makeshift: the track stood on)
        parts.update(medals(board, corporation, tables))
    parts["lifepods"] = lifepod_points(board, c)
    parts["meteorites"] = meteorite_points(board, c)
    parts["civ_cards"] = civ_points(board, c)
    parts["private"] = sum(
        c.scoring.private for card in board.objectives if private_met(c.objective(card), board, c, masks, tables.at_top)
    )
    parts["neighbour"] = neighbour
    if planet.scoring != "none":
        parts["planet"] = planet_points(planet, board)
    return parts


def _masks(c: Components, planets: Sequence[Planet] | None, n: int) -> list[PlanetMasks]:
    return [planet_masks(planets[seat] if planets else c.planet) for seat in range(n)]


def neighbour_points(
    boards: tuple[Board, ...] | list[Board], cards: tuple[int, ...], c: Components,
    planets: Sequence[Planet] | None = None, corporations: Sequence[Corporation] | None = None,
) -> list[int]:  # fmt: skip
    masks = _masks(c, planets, len(boards))
    tops = [track_tables(corp).at_top for corp in (corporations or [c.corporation] * len(boards))]
    points = [0] * len(boards)
    for card, a, b in neighbour_pairs(len(boards), cards):
        info = c.objective(card)
        va = neighbour_value(info, boards[a], c, masks[a], tops[a])
        vb = neighbour_value(info, boards[b], c, masks[b], tops[b])
        if va > vb:
            points[a] += c.scoring.neighbour_win
        elif vb > va:
            points[b] += c.scoring.neighbour_win
        else:
            points[a] += c.scoring.neighbour_tie
            points[b] += c.scoring.neighbour_tie
    return points


def all_breakdowns(
    boards: tuple[Board, ...] | list[Board], cards: tuple[int, ...], c: Components,
    planets: Sequence[Planet] | None = None, corporations: Sequence[Corporation] | None = None,
) -> list[dict[str, int]]:  # fmt: skip
    """Every seat's points by source (``planets`` / ``corporations``: each seat's, default the standard pair)."""
    masks = _masks(c, planets, len(boards))
    won = neighbour_points(boards, cards, c, planets, corporations)
    corps = list(corporations) if corporations else [c.corporation] * len(boards)
    for more in NEIGHBOUR_POINTS:  # plug-ins: Jump Drive tech 6, objectives every player competes for
        won = more(won, boards, c, masks, corps)
    return [breakdown(board, c, masks[seat], won[seat], corps[seat]) for seat, board in enumerate(boards)]


def points_breakdown(state: State) -> list[dict[str, int]]:
    """Points by source for each seat (rows, columns, each track's medal, lifepods, meteorites, civ cards,
    private and neighbour objectives); the solo target is not subtracted here. ``economy`` re-exports it."""
    planets = [state.rules.planet(seat) for seat in range(state.num_players)]
    corporations = [state.rules.corporation(seat) for seat in range(state.num_players)]
    return all_breakdowns(state.boards, state.neighbour_objectives, state.rules.c, planets, corporations)


def final_scores(w: Work) -> tuple[int, ...]:
    parts = all_breakdowns(w.boards, w.state.neighbour_objectives, w.c, w.planets, w.corporations)
    totals = [sum(seat_parts.values()) for seat_parts in parts]
    if w.n == 1:
        totals[0] -= w.state.solo_target
    return tuple(totals)


def tie_key(board: Board, masks: PlanetMasks) -> tuple[int, int]:
    """Tie-breaks: fewest uncovered squares, then fewest meteorites on the planet (larger key is better; the
    score-less part of ``rulebook.tie_break_key``)."""
    return rulebook.tie_break_key(0, (masks.playable & ~board.covered).bit_count(), board.meteorites.bit_count())[1:]


def winners_of(
    scores: tuple[int, ...], boards: tuple[Board, ...] | list[Board], masks: PlanetMasks | Sequence[PlanetMasks]
) -> tuple[int, ...]:
    """The seats with the best score, then the tie-breaks (``masks``: one for all seats or one per seat)."""
    if not scores:
        return ()
    per_seat = [masks] * len(boards) if isinstance(masks, PlanetMasks) else list(masks)
    keys = [
        rulebook.tie_break_key(score, (m.playable & ~board.covered).bit_count(), board.meteorites.bit_count())
        for score, board, m in zip(scores, boards, per_seat, strict=False)
    ]
    return rulebook.winners(keys)


def winners(w: Work) -> tuple[int, ...]:
    if w.n == 1:
        return (0,) if w.final_scores[0] >= 0 else ()
    return winners_of(w.final_scores, w.boards, [w.masks_of(seat) for seat in range(w.n)])


SOLO_MESSAGES = (
    (-10, "critical failure"),
    (-5, "any survivors?"),
    (0, "low capacity, but the colony survived"),
    (5, "mission complete"),
    (10, "excellent work: promotion"),
    (15, "maybe the best planet yet"),
)


def solo_message(difference: int) -> str:
    """The solo result message for score minus target (section 3.11, paraphrased)."""
    for below, message in SOLO_MESSAGES:
        if difference < below:
            return message
    return "all the stars aligned"


def solo_target(c: Components, colours: tuple[int, int, int]) -> int:
    """60 adjusted by how many green, orange and red cards the event deck holds (section 1.9)."""
    s = c.scoring
    total = s.solo_base
    for count, row in zip(colours, (s.solo_green, s.solo_orange, s.solo_red), strict=False):
        band = sum(count >= low for low in s.solo_bands) - 1
        total += row[band]
    return total
