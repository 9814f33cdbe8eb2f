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

from .common import (
    SEAT_COLOURS,
    WHOLE_TICKS_UP_TO,
    Spec,
    _layout,
    axis_spec,
    layout_spec,
    whole_axes_spec,
    whole_number_axis,
)

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
    reuse: go.Figure | None = None,
) -> go.Figure:
    """One panel per track, one line per seat: the tracker's position at the end of each round.

    ``history`` has columns ``round``, ``seat`` and one per track (``tracker_history`` in the widgets
    module). ``milestones`` maps a track to its milestone positions: a seat's point on such a position is
    drawn as a star (hover says "milestone"), and the positions are dotted lines across the panel.

    ``reuse``, a figure this function made before, is refilled in place and returned when it has the same
    seats, milestones and title, so it ends equal to a new figure. Why: a table redraws this chart on every
    click, and building it anew (five subplots, their layout checked by plotly) cost most of a click's
    redraw, several times what replacing the lines that changed costs.
    """
    lines = _tracker_lines(history, names, milestones or {})
    shapes = _milestone_shapes(milestones or {})
    if reuse is not None and _same_tracker_frame(reuse, lines, shapes, title):
        _refill_trackers(reuse, lines)
        return reuse
    fig = make_subplots(rows=1, cols=len(TRACKS), shared_yaxes=True, subplot_titles=[TRACK_TITLES[t] for t in TRACKS])
    for line in lines:
        column = line.pop("column")
        fig.add_trace(go.Scatter(**line, mode="lines+markers", hoverinfo="text"), row=1, col=column)
    for annotation in fig.layout.annotations:
        key = str(annotation.text).lower()
        annotation.font = {"color": TERRAIN_COLOURS.get(key, "#333"), "size": 12}
    fig.update_layout(shapes=shapes)
    _layout(fig, title, "", "tracker position", height=300)
    fig.update_xaxes(tickformat="d", rangemode="tozero")
    fig.update_yaxes(tickformat="d", rangemode="tozero")
    fig.update_layout(xaxis3_title="round", margin={"l": 50, "r": 10, "t": 60, "b": 40})
    return fig


def _tracker_lines(
    history: pd.DataFrame, names: Sequence[str], milestones: Mapping[str, Sequence[int]]
) -> list[dict[str, Any]]:
    """The line of every (track, seat), in the order of the figure's traces: its panel, data and marks."""
    parts = [history[history["seat"] == seat] for seat in range(len(names))]  # one filter per seat, not per line
    rounds = [[int(r) for r in part["round"]] for part in parts]
    lines: list[dict[str, Any]] = []
    for column, track in enumerate(TRACKS, start=1):
        marks = set(milestones.get(track, ()))
        for seat, name in enumerate(names):
            ys = [int(v) for v in parts[seat][track]]
            lines.append(
                {
                    "column": column,
                    "x": rounds[seat],
                    "y": ys,
                    "name": name,
                    "legendgroup": name,
                    "showlegend": column == 1,
                    "line": {"color": SEAT_COLOURS[seat % len(SEAT_COLOURS)], "shape": "hv"},
                    "marker": {
                        "symbol": ["star" if y in marks else "circle" for y in ys],
                        "size": [10 if y in marks else 5 for y in ys],
                    },
                    "hovertext": [f"{name}, {track}: {y}" + (" (milestone)" if y in marks else "") for y in ys],
                }
            )
    return lines


def _milestone_shapes(milestones: Mapping[str, Sequence[int]]) -> list[dict[str, Any]]:
    """A dotted line across each track's panel at each of its milestone positions."""
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
            for position in milestones.get(track, ())
        )
    return shapes


def _same_tracker_frame(
    fig: go.Figure, lines: Sequence[Mapping[str, Any]], shapes: Sequence[Mapping[str, Any]], title: str
) -> bool:
    """True when ``fig`` has the traces (names, panels), milestone lines and title a new figure would have."""
    if fig.layout.title.text != title or len(fig.data) != len(lines) or len(fig.layout.shapes) != len(shapes):
        return False
    axes = ["x" if line["column"] == 1 else f"x{line['column']}" for line in lines]
    if [(t.name, t.xaxis) for t in fig.data] != [(line["name"], axis) for line, axis in zip(lines, axes, strict=True)]:
        return False
    return [shape.to_plotly_json() for shape in fig.layout.shapes] == list(shapes)  # cheaper than reading each field


def _refill_trackers(fig: go.Figure, lines: Sequence[Mapping[str, Any]]) -> None:
    """Put ``lines``' data in the traces whose points changed (a click moves a few trackers), and give the
    first panel the tick spacing ``_layout`` gives a new figure: a tick at every whole number while its data
    span at most ``WHOLE_TICKS_UP_TO``, plotly's own spacing after."""
    with fig.batch_update():
        for trace, line in zip(fig.data, lines, strict=True):
            if tuple(trace.x or ()) != tuple(line["x"]) or tuple(trace.y or ()) != tuple(line["y"]):
                trace.update(x=line["x"], y=line["y"], marker=line["marker"], hovertext=line["hovertext"])
    xs = [x for line in lines for x in line["x"]]
    ys = [y for line in lines if line["column"] == 1 for y in line["y"]]
    for axis, values, layout_axis in (("x", xs, fig.layout.xaxis), ("y", ys, fig.layout.yaxis)):
        if not values:
            continue
        span = max(values) - min(values)
        if (layout_axis.dtick == 1) != (span <= WHOLE_TICKS_UP_TO):
            layout_axis.update(dtick=None, tick0=None)
            whole_number_axis(fig, axis, span)


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


def points_breakdown(
    breakdown: pd.DataFrame, *, title: str = "Points by source", x_title: str = "seat", y_title: str = "points"
) -> go.Figure:
    """One stacked bar per row (``name`` column: a seat, or a strategy with ``x_title="strategy"``), one
    segment per source of ``POINT_SOURCES`` present, and each bar's total written above it.

    Values are plotted as given: a mean of 2.6 points stays 2.6 (truncating means to whole points made a
    stack add up to less than its total). A total is written whole when it is whole, else to one decimal.
    The y axis runs a sixth past the tallest bar and the totals are not clipped to the plot area: with
    plotly's own range the total of the tallest bar sat above the top of the axis and was cut off.
    """
    fig = go.Figure()
    seats = [str(n) for n in breakdown["name"]]
    keys = [k for k, _, _ in POINT_SOURCES if k in breakdown.columns]
    for key, label, colour in POINT_SOURCES:
        if key not in breakdown.columns:
            continue
        values = [_number(v) for v in breakdown[key]]
        fig.add_trace(go.Bar(x=seats, y=values, name=label, marker_color=colour))
    totals = [_number(t) for t in breakdown[keys].sum(axis=1)] if keys else [0] * len(seats)
    fig.add_trace(
        go.Scatter(
            x=seats,
            y=totals,
            mode="text",
            text=[f"{t:.0f}" if float(t).is_integer() else f"{t:.1f}" for t in totals],
            textposition="top center",
            cliponaxis=False,
            name="total",
            showlegend=False,
        )
    )
    fig.update_layout(barmode="stack")
    fig.update_yaxes(range=_stacked_range(breakdown, keys))
    return _layout(fig, title, x_title, y_title, height=360)


def points_breakdown_spec(
    breakdown: pd.DataFrame, *, title: str = "Points by source", x_title: str = "seat", y_title: str = "points"
) -> Spec:
    """``points_breakdown`` as a spec: what the table redraws on a click. Why: building the ``go.Figure``
    (every bar validated, the template copied) was most of a Planet Unknown click's chart time, and plotly.js
    takes the plain JSON as it is; ``LiveChart`` then sends only the traces that changed."""
    seats = [str(n) for n in breakdown["name"]]
    keys = [k for k, _, _ in POINT_SOURCES if k in breakdown.columns]
    data: list[dict[str, Any]] = [
        {
            "type": "bar",
            "x": seats,
            "y": [_number(v) for v in breakdown[key]],
            "name": label,
            "marker": {"color": colour},
        }
        for key, label, colour in POINT_SOURCES
        if key in breakdown.columns
    ]
    totals = [_number(t) for t in breakdown[keys].sum(axis=1)] if keys else [0] * len(seats)
    data.append(
        {
            "type": "scatter",
            "x": seats,
            "y": totals,
            "mode": "text",
            "text": [f"{t:.0f}" if float(t).is_integer() else f"{t:.1f}" for t in totals],
            "textposition": "top center",
            "cliponaxis": False,
            "name": "total",
            "showlegend": False,
        }
    )
    layout = layout_spec(title, x_title, y_title, height=360)
    layout["barmode"] = "stack"
    spec: Spec = {"data": data, "layout": layout}
    axis_spec(spec, "y", range=_stacked_range(breakdown, keys))
    return whole_axes_spec(spec)


def _number(value: object) -> int | float:
    """A count as an int (a seat's points), any other number as a float (a mean over games)."""
    number = float(value)  # type: ignore[arg-type]
    return int(number) if number.is_integer() else number


#: The room left above the tallest bar (and below the lowest), as a share of the bars' span: a total's label
#: (12 px) fits in it on the table's chart.
HEADROOM = 1 / 6


def _stacked_range(breakdown: pd.DataFrame, keys: Sequence[str]) -> list[float]:
    """The y range of stacked bars with room for the totals: plotly stacks positive and negative segments
    apart, so the bars reach from the lowest sum of negatives to the highest sum of positives."""
    values = breakdown[list(keys)].astype(float) if keys else pd.DataFrame(index=breakdown.index)
    high = max([0.0, *values.clip(lower=0).sum(axis=1)])
    low = min([0.0, *values.clip(upper=0).sum(axis=1)])
    room = max(1.0, (high - low) * HEADROOM)
    return [low - room if low < 0 else 0.0, high + room]


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


#: The nodes of ``resource_sankey`` coloured by what they are: terrains and tracks in their terrain colour.
FLOW_GREY = "#95a5a6"


def _node_colour(node: str) -> str:
    first = node.split(" ")[0]
    return TERRAIN_COLOURS.get(first, FLOW_GREY)


#: Where ``resource_sankey`` puts its three columns (plotly's node x, 0 to 1): what goes in, the tracks, points.
SANKEY_COLUMNS = (0.001, 0.5, 0.999)


def _sankey_column(node: str, links: pd.DataFrame) -> int:
    """0 for a source of steps or squares, 1 for a track (and a step that goes nowhere), 2 for points.

    Plotly places a node by its links alone, so a track with no points out would be drawn in the points column;
    the column is set from what the node is instead."""
    into = links[links["target"] == node]
    if len(into) and (into["unit"] == "points").all():
        return 2
    if len(into):
        return 1
    return 0


def _sankey_positions(links: pd.DataFrame, nodes: Sequence[str]) -> tuple[list[float], list[float]]:
    """Each node's (x, y): its column's x, and y spread evenly down the column in the order the nodes came."""
    columns = [_sankey_column(node, links) for node in nodes]
    x = [SANKEY_COLUMNS[c] for c in columns]
    y = []
    for node, column in zip(nodes, columns, strict=True):
        same = [n for n, c in zip(nodes, columns, strict=True) if c == column]
        y.append(max(0.001, min(0.999, (same.index(node) + 0.5) / len(same))))
    return x, y


def resource_sankey(
    links: pd.DataFrame,
    labels: Mapping[str, str],
    *,
    title: str = "Terrain squares in, tracker steps, points out",
) -> go.Figure:
    """A converter drawn as a Sankey: ``links`` has ``source``, ``target``, ``amount`` and ``unit`` (steps or
    points, ``lesson.resource_flows``); ``labels`` gives each node's words (its count and unit).

    Band widths are the links' amounts in their own units (steps into a track, points out of it), so a track
    that narrows from many steps to few points shows its exchange rate; hovering a band says its unit. Nodes
    sit in three columns by what they are (in, tracks, points out), whatever their links.
    """
    nodes = list(dict.fromkeys([*map(str, links["source"]), *map(str, links["target"])]))
    index = {node: i for i, node in enumerate(nodes)}
    x, y = _sankey_positions(links, nodes)
    fig = go.Figure(
        go.Sankey(
            arrangement="snap",
            node={
                "label": [labels.get(node, node) for node in nodes],
                "color": [_node_colour(node) for node in nodes],
                "pad": 12,
                "thickness": 14,
                "x": x,
                "y": y,
            },
            link={
                "source": [index[str(s)] for s in links["source"]],
                "target": [index[str(t)] for t in links["target"]],
                "value": [float(v) for v in links["amount"]],
                "label": [str(u) for u in links["unit"]],
                "color": [
                    "rgba(44, 160, 44, 0.35)" if u == "steps" else "rgba(214, 39, 40, 0.35)" for u in links["unit"]
                ],
                "hovertemplate": "%{source.label} \u2192 %{target.label}: %{value} %{label}<extra></extra>",
            },
        )
    )
    fig.update_layout(title=title, height=460, margin={"l": 20, "r": 20, "t": 50, "b": 20})
    return fig


#: The running totals ``resource_lines`` draws, each with its panel title.
FLOW_PANELS = (("squares covered", "terrain squares covered"), ("tracker steps", "tracker steps"), ("points", "points"))


def resource_lines(
    frame: pd.DataFrame, *, names: Sequence[str], title: str = "Squares in, steps, points out"
) -> go.Figure:
    """Three panels by round: squares covered, tracker steps (the five positions added up) and points so far,
    one line per seat (``frame``: ``round``, ``seat`` and the three columns, ``lesson.flow_by_round``)."""
    fig = make_subplots(rows=1, cols=len(FLOW_PANELS), subplot_titles=[words for _, words in FLOW_PANELS])
    for column, (key, _) in enumerate(FLOW_PANELS, start=1):
        for seat, name in enumerate(names):
            part = frame[frame["seat"] == seat]
            fig.add_trace(
                go.Scatter(
                    x=[int(r) for r in part["round"]],
                    y=[float(v) for v in part[key]],
                    name=name,
                    legendgroup=name,
                    showlegend=column == 1,
                    mode="lines+markers",
                    line={"color": SEAT_COLOURS[seat % len(SEAT_COLOURS)]},
                ),
                row=1,
                col=column,
            )
    _layout(fig, title, "", "running total", height=320)
    fig.update_xaxes(title_text="round", tickformat="d", rangemode="tozero")
    fig.update_yaxes(rangemode="tozero")
    return fig
