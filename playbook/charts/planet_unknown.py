"""Planet Unknown figures: trackers by round, medals by track, points by source, planet coverage, yield maps.

Every function takes plain frames or lists (built by ``playbook.widgets.planet_unknown`` from a match's
events, or by a notebook) and returns a plotly Figure; nothing here reads a game state. One colour per
terrain everywhere (``TERRAIN_COLOURS``), one per seat for lines of seats (``SEAT_COLOURS``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from .common import SEAT_COLOURS, _layout

TRACKS = ("civ", "water", "biomass", "rover", "tech")
TERRAINS = (*TRACKS, "energy")
TERRAIN_COLOURS: dict[str, str] = {
    "civ": "#8e44ad",
    "water": "#2e86de",
    "biomass": "#27ae60",
    "rover": "#7f8c8d",
    "tech": "#e67e22",
    "energy": "#f1c40f",
}
TRACK_TITLES = {"civ": "Civ", "water": "Water", "biomass": "Biomass", "rover": "Rover", "tech": "Tech"}
#: Points sources in the order they stack, with their labels and colours (tracks take their terrain's).
POINT_SOURCES: tuple[tuple[str, str, str], ...] = (
    ("rows", "complete rows", "#34495e"),
    ("columns", "complete columns", "#5d6d7e"),
    ("civ", "civ medals", TERRAIN_COLOURS["civ"]),
    ("water", "water medals", TERRAIN_COLOURS["water"]),
    ("biomass", "biomass medals", TERRAIN_COLOURS["biomass"]),
    ("rover", "rover medals", TERRAIN_COLOURS["rover"]),
    ("tech", "tech medals", TERRAIN_COLOURS["tech"]),
    ("lifepods", "lifepods", "#c0392b"),
    ("meteorites", "meteorites", "#6e2c00"),
    ("civ_cards", "civ cards", "#d2b4de"),
    ("private", "private objectives", "#a3e4d7"),
    ("neighbour", "neighbour objectives", "#f5b7b1"),
)


def trackers_by_round(
    history: pd.DataFrame,
    *,
    names: Sequence[str],
    milestones: Mapping[str, Sequence[int]] | None = None,
    title: str = "Trackers by round",
) -> go.Figure:
    """One panel per track, one line per seat: the tracker's position at the end of each round.

    ``history`` has columns ``round``, ``seat`` and one per track (``tracker_history`` in the widgets
    module). ``milestones`` maps a track to its milestone positions: a seat's point on such a position is
    drawn as a star (hover says "milestone"), and the positions are dotted lines across the panel.
    """
    fig = make_subplots(rows=1, cols=len(TRACKS), shared_yaxes=True, subplot_titles=[TRACK_TITLES[t] for t in TRACKS])
    shapes: list[dict[str, Any]] = []
    for column, track in enumerate(TRACKS, start=1):
        axis = "" if column == 1 else str(column)
        shapes.extend(
            {
                "type": "line",
                "xref": f"x{axis} domain",
                "x0": 0,
                "x1": 1,
                "yref": f"y{axis}",
                "y0": position,
                "y1": position,
                "line": {"color": "#ddd", "width": 1, "dash": "dot"},
            }
            for position in (milestones or {}).get(track, ())
        )
        for seat, name in enumerate(names):
            part = history[history["seat"] == seat]
            ys = [int(v) for v in part[track]]
            marks = set((milestones or {}).get(track, ()))
            fig.add_trace(
                go.Scatter(
                    x=[int(r) for r in part["round"]],
                    y=ys,
                    name=name,
                    legendgroup=name,
                    showlegend=column == 1,
                    mode="lines+markers",
                    line={"color": SEAT_COLOURS[seat % len(SEAT_COLOURS)], "shape": "hv"},
                    marker={
                        "symbol": ["star" if y in marks else "circle" for y in ys],
                        "size": [10 if y in marks else 5 for y in ys],
                    },
                    hovertext=[f"{name}, {track}: {y}" + (" (milestone)" if y in marks else "") for y in ys],
                    hoverinfo="text",
                ),
                row=1,
                col=column,
            )
    for annotation in fig.layout.annotations:
        key = str(annotation.text).lower()
        annotation.font = {"color": TERRAIN_COLOURS.get(key, "#333"), "size": 12}
    fig.update_layout(shapes=shapes)
    _layout(fig, title, "", "tracker position", height=300)
    fig.update_xaxes(tickformat="d", rangemode="tozero")
    fig.update_yaxes(tickformat="d", rangemode="tozero")
    fig.update_layout(xaxis3_title="round", margin={"l": 50, "r": 10, "t": 60, "b": 40})
    return fig


def medals_by_track(breakdown: pd.DataFrame, *, title: str = "Medals by track") -> go.Figure:
    """``breakdown`` has a ``name`` column and one per track (points as ``economy.points_breakdown`` gives):
    one bar per track in its terrain colour, grouped by seat."""
    fig = go.Figure()
    seats = [str(n) for n in breakdown["name"]]
    for track in TRACKS:
        values = [int(v) for v in breakdown[track]]
        fig.add_trace(
            go.Bar(x=seats, y=values, name=TRACK_TITLES[track], marker_color=TERRAIN_COLOURS[track], text=values)
        )
    fig.update_layout(barmode="group")
    return _layout(fig, title, "seat", "medal points")


def points_breakdown(breakdown: pd.DataFrame, *, title: str = "Points by source") -> go.Figure:
    """One stacked bar per seat (``name`` column), one segment per source of ``POINT_SOURCES`` present."""
    fig = go.Figure()
    seats = [str(n) for n in breakdown["name"]]
    for key, label, colour in POINT_SOURCES:
        if key not in breakdown.columns:
            continue
        values = [int(v) for v in breakdown[key]]
        fig.add_trace(go.Bar(x=seats, y=values, name=label, marker_color=colour))
    totals = breakdown[[k for k, _, _ in POINT_SOURCES if k in breakdown.columns]].sum(axis=1)
    fig.add_trace(
        go.Scatter(
            x=seats,
            y=[int(t) for t in totals],
            mode="text",
            text=[f"{int(t)}" for t in totals],
            textposition="top center",
            name="total",
            showlegend=False,
        )
    )
    fig.update_layout(barmode="stack")
    return _layout(fig, title, "seat", "points", height=360)


def planet_coverage(coverage: pd.DataFrame, *, names: Sequence[str], title: str = "Planet covered") -> go.Figure:
    """``coverage`` has ``round``, ``seat`` and ``covered`` (share of planet squares, 0-1): a line per seat."""
    fig = go.Figure()
    for seat, name in enumerate(names):
        part = coverage[coverage["seat"] == seat]
        fig.add_trace(
            go.Scatter(
                x=[int(r) for r in part["round"]],
                y=[float(v) for v in part["covered"]],
                name=name,
                mode="lines+markers",
                line={"color": SEAT_COLOURS[seat % len(SEAT_COLOURS)]},
            )
        )
    _layout(fig, title, "round", "share of the planet covered")
    fig.update_yaxes(tickformat=".0%", range=[0, 1])
    return fig


def yield_heatmap(grid: Sequence[Sequence[float | None]], *, title: str = "Best yield by square") -> go.Figure:
    """A 12x12 grid (row 0 at the top; ``None`` off the planet): the best a tile gives with a square covered."""
    fig = go.Figure(
        go.Heatmap(
            z=[list(row) for row in grid],
            colorscale="YlGn",
            hoverongaps=False,
            colorbar={"title": "steps"},
            hovertemplate="row %{y}, column %{x}: %{z} steps<extra></extra>",
        )
    )
    _layout(fig, title, "column", "row", height=360)
    fig.update_yaxes(autorange="reversed", scaleanchor="x", dtick=1)
    fig.update_xaxes(dtick=1)
    return fig


def medal_curves(
    curves: Mapping[str, Sequence[int]],
    *,
    benefits: Mapping[str, Sequence[int]] | None = None,
    title: str = "Medal points by tracker position",
) -> go.Figure:
    """One stepped line per track (its best medal at each position, in its terrain colour); positions that pay
    a benefit on the way (``benefits``) are marked with diamonds."""
    fig = go.Figure()
    for track, curve in curves.items():
        marks = set((benefits or {}).get(track, ()))
        ys = [int(v) for v in curve]
        fig.add_trace(
            go.Scatter(
                x=list(range(len(ys))),
                y=ys,
                name=TRACK_TITLES.get(track, track),
                mode="lines+markers",
                line={"shape": "hv", "color": TERRAIN_COLOURS.get(track)},
                marker={
                    "symbol": ["diamond" if x in marks else "circle" for x in range(len(ys))],
                    "size": [9 if x in marks else 4 for x in range(len(ys))],
                },
            )
        )
    return _layout(fig, title, "tracker position", "medal points at the end")


def rate_with_interval(
    frame: pd.DataFrame, *, x: str, rate: str = "win_rate", title: str, x_title: str | None = None
) -> go.Figure:
    """A rate with its interval (columns ``ci_low``, ``ci_high``) against ``x``: markers with error bars."""
    rates = [float(v) for v in frame[rate]]
    fig = go.Figure(
        go.Scatter(
            x=[float(v) for v in frame[x]],
            y=rates,
            mode="lines+markers",
            name=rate.replace("_", " "),
            error_y={
                "type": "data",
                "symmetric": False,
                "array": [float(h) - r for h, r in zip(frame["ci_high"], rates, strict=True)],
                "arrayminus": [r - float(lo) for lo, r in zip(frame["ci_low"], rates, strict=True)],
            },
        )
    )
    _layout(fig, title, x_title or x, "share of games won")
    fig.update_yaxes(tickformat=".0%", range=[0, 1])
    return fig
