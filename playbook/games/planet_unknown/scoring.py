"""Scoring (rulebook "Scoring", standard reference section 1.5) and the tie-breaks."""

from __future__ import annotations

from .board import Board, track_tables
from .components import Components
from .geometry import PlanetMasks, planet_masks
from .objectives import neighbour_pairs, neighbour_value, private_met
from .work import Work

PARTS = ("rows", "columns", "civ", "water", "biomass", "rover", "tech", "lifepods", "meteorites", "civ_cards",
         "private", "neighbour")  # fmt: skip

END_MEDALS = {"medals"}


def civ_points(board: Board, c: Components) -> int:
    points = 0
    commerce = 0
    for card in board.civ_cards:
        info = c.civ_card(card)
        if info.effect in ("medals", "medals_and_advance"):
            points += info.value
        elif info.effect == "medal_per_patch":
            points += board.patches.bit_count() * info.value
        elif info.effect == "commerce":
            commerce += 1
    table = c.scoring.commerce
    return points + table[min(commerce, len(table) - 1)]


def lifepod_points(board: Board, c: Components) -> int:
    double = any(c.civ_card(card).effect == "lifepods_double" for card in board.civ_cards)
    return board.lifepods_collected * c.scoring.lifepod * (2 if double else 1)


def meteorite_points(board: Board, c: Components) -> int:
    repo = sum(c.civ_card(card).effect == "meteorite_repo" for card in board.civ_cards)
    return board.meteorites_collected // c.scoring.meteorites_per_point * (1 + repo)


def line_points(board: Board, lines: tuple[int, ...], medals: tuple[int, ...]) -> int:
    return sum(
        medal
        for line, medal in zip(lines, medals, strict=False)
        if line and not line & ~board.covered and not line & board.meteorites
    )


def breakdown(board: Board, c: Components, masks: PlanetMasks, neighbour: int = 0) -> dict[str, int]:
    """Points by source for one board (``neighbour``: points won on neighbour cards, computed by the table)."""
    tables = track_tables(c.corporation)
    parts = {
        "rows": line_points(board, masks.rows, c.planet.row_medals),
        "columns": line_points(board, masks.cols, c.planet.column_medals),
    }
    for t, name in enumerate(("civ", "water", "biomass", "rover", "tech")):
        parts[name] = tables.best_medal[t][board.trackers[t]]
    parts["lifepods"] = lifepod_points(board, c)
    parts["meteorites"] = meteorite_points(board, c)
    parts["civ_cards"] = civ_points(board, c)
    parts["private"] = sum(
        c.scoring.private for card in board.objectives if private_met(c.objective(card), board, c, masks)
    )
    parts["neighbour"] = neighbour
    return parts


def neighbour_points(boards: tuple[Board, ...] | list[Board], cards: tuple[int, ...], c: Components) -> list[int]:
    masks = planet_masks(c.planet)
    points = [0] * len(boards)
    for card, a, b in neighbour_pairs(len(boards), cards):
        info = c.objective(card)
        va = neighbour_value(info, boards[a], c, masks)
        vb = neighbour_value(info, boards[b], c, masks)
        if va > vb:
            points[a] += c.scoring.neighbour_win
        elif vb > va:
            points[b] += c.scoring.neighbour_win
        else:
            points[a] += c.scoring.neighbour_tie
            points[b] += c.scoring.neighbour_tie
    return points


def all_breakdowns(
    boards: tuple[Board, ...] | list[Board], cards: tuple[int, ...], c: Components
) -> list[dict[str, int]]:
    masks = planet_masks(c.planet)
    won = neighbour_points(boards, cards, c)
    return [breakdown(board, c, masks, won[seat]) for seat, board in enumerate(boards)]


def final_scores(w: Work) -> tuple[int, ...]:
    totals = [sum(parts.values()) for parts in all_breakdowns(w.boards, w.state.neighbour_objectives, w.c)]
    if w.n == 1:
        totals[0] -= w.state.solo_target
    return tuple(totals)


def tie_key(board: Board, masks: PlanetMasks) -> tuple[int, int]:
    """Tie-breaks: fewest uncovered squares, then fewest meteorites on the planet (larger key is better)."""
    return (-(masks.playable & ~board.covered).bit_count(), -board.meteorites.bit_count())


def winners_of(scores: tuple[int, ...], boards: tuple[Board, ...] | list[Board], masks: PlanetMasks) -> tuple[int, ...]:
    if not scores:
        return ()
    keys = [(score, *tie_key(board, masks)) for score, board in zip(scores, boards, strict=False)]
    best = max(keys)
    return tuple(seat for seat, key in enumerate(keys) if key == best)


def winners(w: Work) -> tuple[int, ...]:
    if w.n == 1:
        return (0,) if w.final_scores[0] >= 0 else ()
    return winners_of(w.final_scores, w.boards, w.masks)


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
