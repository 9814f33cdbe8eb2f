"""Economy measures of Planet Unknown for the strategy lab: ``metrics(state)`` at the end of a game (the
``kpi_*`` columns of tournaments and sweeps) and ``economy_frame(match)``, one row per round and seat.

Planet Unknown has no money: its economy is points by source, the track race, and the scarce civ cards and
lifepods. ``economy.py`` re-exports both functions, so ``tournament(..., metrics=True)`` finds them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .components import TERRAIN_NAMES, EndReason
from .scoring import points_breakdown

if TYPE_CHECKING:
    import pandas as pd

    from playbook.core.match import Match

__all__ = ["ECONOMY_COLUMNS", "SOURCES", "economy_frame", "metrics"]

#: The point sources of ``economy.points_breakdown``, summed over seats in ``metrics``.
SOURCES = (
    "rows",
    "columns",
    "civ",
    "water",
    "biomass",
    "rover",
    "tech",
    "lifepods",
    "meteorites",
    "civ_cards",
    "private",
    "neighbour",
    "planet",
)
TRACKS = TERRAIN_NAMES[:5]


def metrics(state: Any) -> dict[str, float]:
    """End-of-game measures, numbers only: how the game ended (``ended_cannot_place``, ``ended_depot_empty``,
    ``ended_last_event``: 1 or 0), ``rounds``, ``mean_score`` and ``winning_margin`` (first minus second),
    ``points_<source>`` (each source's points, mean per seat), ``track_points_share`` (the five tracks' share
    of all points), ``civ_cards_left`` in the piles, and per seat on average: ``tiles_placed``,
    ``lifepods_collected``, ``meteorites_collected``, ``civ_cards_taken`` and ``meteorites_on_planet``.
    """
    players = int(state.num_players)
    scores = sorted((float(s) for s in state.scores()), reverse=True)
    parts = points_breakdown(state)
    found: dict[str, float] = {
        "ended_cannot_place": float(state.end_reason == EndReason.CANNOT_PLACE),
        "ended_depot_empty": float(state.end_reason == EndReason.DEPOT_EMPTY),
        "ended_last_event": float(state.end_reason == EndReason.LAST_EVENT),
        "rounds": float(state.round),
        "mean_score": sum(scores) / players,
        "winning_margin": scores[0] - scores[1] if players > 1 else 0.0,
    }
    for source in SOURCES:
        found[f"points_{source}"] = sum(float(part.get(source, 0)) for part in parts) / players
    total = sum(float(sum(part.values())) for part in parts)
    tracks = sum(float(part.get(track, 0)) for part in parts for track in TRACKS)
    found["track_points_share"] = tracks / total if total else 0.0
    found["civ_cards_left"] = float(sum(len(pile) for pile in state.civ_piles))
    boards = state.boards
    found["tiles_placed"] = sum(b.tiles_placed for b in boards) / players
    found["lifepods_collected"] = sum(b.lifepods_collected for b in boards) / players
    found["meteorites_collected"] = sum(b.meteorites_collected for b in boards) / players
    found["civ_cards_taken"] = sum(len(b.civ_cards) for b in boards) / players
    found["meteorites_on_planet"] = sum(b.meteorites.bit_count() for b in boards) / players
    return found


#: The columns of ``economy_frame``.
ECONOMY_COLUMNS = (
    "round",
    "seat",
    "score",
    *TRACKS,
    "tiles_placed",
    "lifepods_collected",
    "meteorites_collected",
    "civ_cards",
)


def economy_frame(match: Match) -> pd.DataFrame:
    """One row per round and seat: the seat's ``score`` after the round (points so far, as the engine counts
    them; the final scores after the last round), its trackers on the five tracks, and its tiles placed,
    lifepods and meteorites collected and civ cards at the round's end. ``analysis.lead_changes`` reads it.
    """
    import pandas as pd

    ends: list[Any] = []
    previous: Any = None
    for state in match:
        if previous is not None and state.round != previous.round:
            ends.append(previous)
        previous = state
    if previous is not None and previous.is_terminal:
        ends.append(previous)
    rows: list[dict[str, Any]] = []
    for state in ends:
        scores = state.scores()
        for seat, board in enumerate(state.boards):
            rows.append(
                {
                    "round": int(state.round),
                    "seat": seat,
                    "score": float(scores[seat]),
                    **{track: int(board.trackers[t]) for t, track in enumerate(TRACKS)},
                    "tiles_placed": int(board.tiles_placed),
                    "lifepods_collected": int(board.lifepods_collected),
                    "meteorites_collected": int(board.meteorites_collected),
                    "civ_cards": len(board.civ_cards),
                }
            )
    return pd.DataFrame(rows, columns=list(ECONOMY_COLUMNS))


# -- words for charts and the rule sweep -------------------------------------------------------------------------
#: Every number of ``Rules.to_dict()`` in words, for a sweep's rule list and chart axes (never a field's code name).
RULE_LABELS: dict[str, str] = {"event_deck_size": "cards in the event deck"}
#: The numbers a one-rule sweep does not offer, and why: varying them changes no game a sweep plays.
UNSWEPT_RULES: dict[str, str] = {
    "event_deck_size": "read only when the event cards are in play, and the standard game plays without them",
}
#: The tournament's ``score`` and ``rounds`` and every key of ``metrics`` in words (its ``kpi_*`` columns).
MEASURE_LABELS: dict[str, str] = {
    "score": "final points per seat",
    "rounds": "rounds played",
    "ended_cannot_place": "share of games ended by an unplaceable tile",
    "ended_depot_empty": "share of games ended by an empty depot",
    "ended_last_event": "share of games ended by the last event card",
    "mean_score": "mean points per seat",
    "winning_margin": "winner's lead over second (points)",
    "points_rows": "points from complete rows, per seat",
    "points_columns": "points from complete columns, per seat",
    "points_civ": "points from civ medals, per seat",
    "points_water": "points from water medals, per seat",
    "points_biomass": "points from biomass medals, per seat",
    "points_rover": "points from rover medals, per seat",
    "points_tech": "points from tech medals, per seat",
    "points_lifepods": "points from lifepods, per seat",
    "points_meteorites": "points from meteorites, per seat",
    "points_civ_cards": "points from civ cards, per seat",
    "points_private": "points from private objectives, per seat",
    "points_neighbour": "points from neighbour objectives, per seat",
    "points_planet": "points from the planet's scoring, per seat",
    "track_points_share": "share of all points won on the five tracks",
    "civ_cards_left": "civ cards left in the piles",
    "tiles_placed": "tiles placed per seat",
    "lifepods_collected": "lifepods collected per seat",
    "meteorites_collected": "meteorites collected per seat",
    "civ_cards_taken": "civ cards taken per seat",
    "meteorites_on_planet": "meteorites left on the planet per seat",
}
