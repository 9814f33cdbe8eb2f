"""Figures every game shares: lines per series, money over time, strategy comparisons, bars.

Every figure goes through ``_layout``: no fixed width (``autosize``, so a chart fits the column a table gives
it and shows its newest data), a fixed height, and whole-number ticks on any axis whose data are all whole
numbers (rounds, turns, counts: never "1.5 rounds"). ``whole_number_axis(fig, "x")`` forces them.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd
import plotly.graph_objects as go

if TYPE_CHECKING:
    from playbook.findings import Estimate

SEAT_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")


WHOLE_TICKS_UP_TO = 12
"""An axis of whole numbers spanning at most this many gets a tick at every one (``dtick=1``)."""

#: A figure as the plain JSON plotly.js draws (``{"data": [trace, ...], "layout": {...}}``). The charts a table
#: redraws on every click are built as specs: building them as ``go.Figure``s (every property validated, the
#: template copied) cost most of a click, and plotly.js takes the plain JSON as it is. ``figure(spec)`` makes a
#: ``go.Figure`` of one for notebooks; the ``go.Figure`` builders below are made from the same specs.
Spec = dict[str, Any]


def _whole_numbers(values: Sequence[object]) -> list[float] | None:
    """The values as floats when every one is a whole number (bools and text are not), else None."""
    found: list[float] = []
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int | float | np.integer | np.floating):
            return None
        number = float(value)
        if number != number:  # NaN: a gap in a line, not a tick
            continue
        if not number.is_integer():
            return None
        found.append(number)
    return found


def whole_number_axis(fig: go.Figure, axis: str = "x", span: float | None = None) -> go.Figure:
    """Ticks only at whole numbers on ``axis`` ("x" or "y"): rounds, turns, counts of cards.

    A short axis (``span`` up to ``WHOLE_TICKS_UP_TO``) gets a tick at every whole number; a longer one
    keeps plotly's spacing (which is whole there) printed without decimals. ``span`` defaults to the range
    of the figure's data on that axis.
    """
    if span is None:
        numbers = [v for trace in fig.data for v in (_whole_numbers(list(getattr(trace, axis, None) or ())) or ())]
        span = (max(numbers) - min(numbers)) if numbers else 0.0
    update = {"tickformat": "d", "dtick": 1, "tick0": 0} if span <= WHOLE_TICKS_UP_TO else {"tickformat": "d"}
    fig.update_layout({f"{axis}axis": update})  # the primary axis only: a second y axis keeps its own
    return fig


def _whole_axes(fig: go.Figure) -> None:
    """Give every primary axis whose data are all whole numbers whole-number ticks (unless already set)."""
    for axis in ("x", "y"):
        layout_axis = fig.layout.xaxis if axis == "x" else fig.layout.yaxis
        if layout_axis.tickformat is not None or layout_axis.dtick is not None or layout_axis.type == "category":
            continue
        traces = [t for t in fig.data if axis == "x" or getattr(t, "yaxis", None) in (None, "y")]
        columns = [list(getattr(t, axis, None) or ()) for t in traces]
        if not any(columns):
            continue
        numbers = [_whole_numbers(column) for column in columns]
        if all(n is not None for n in numbers):
            flat = [v for n in numbers for v in (n or ())] or [0.0]
            low, high = min(flat), max(flat)
            if layout_axis.rangemode in ("tozero", "nonnegative"):
                low, high = min(low, 0.0), max(high, 0.0)
            if layout_axis.range is not None:
                low, high = float(layout_axis.range[0]), float(layout_axis.range[1])
            whole_number_axis(fig, axis, abs(high - low))


@functools.cache
def template_json() -> Mapping[str, Any]:
    """The ``plotly_white`` template as the JSON a figure carries, made once. Why: giving a ``go.Figure`` its
    template copies and checks it (about 15 ms), and a table's specs share this one (never change it)."""
    template: Mapping[str, Any] = go.Figure(layout={"template": "plotly_white"}).to_plotly_json()["layout"]["template"]
    return template


def layout_spec(title: str, x: str, y: str, height: int = 320) -> Spec:
    """``_layout``'s look as a plain layout (before its whole-number ticks: ``whole_axes_spec`` adds them)."""
    return {
        "title": {"text": title},
        "xaxis": {"title": {"text": x}},
        "yaxis": {"title": {"text": y}},
        "height": height,
        "autosize": True,
        "margin": {"l": 50, "r": 20, "t": 50, "b": 40},
        "legend": {"orientation": "h", "y": -0.25},
        "template": template_json(),
    }


def axis_spec(spec: Spec, axis: str, **update: Any) -> None:
    """Merge ``update`` into the spec's primary ``axis`` ("x" or "y"), as ``fig.update_xaxes`` would (a new
    axis dict: a spec's dicts may be shared with the last one drawn)."""
    key = f"{axis}axis"
    spec["layout"][key] = {**spec["layout"].get(key, {}), **update}


def whole_number_axis_spec(spec: Spec, axis: str = "x", span: float | None = None) -> Spec:
    """``whole_number_axis`` on a spec: ticks at whole numbers on ``axis``, one per number on a short axis."""
    if span is None:
        numbers = [v for trace in spec["data"] for v in (_whole_numbers(list(trace.get(axis) or ())) or ())]
        span = (max(numbers) - min(numbers)) if numbers else 0.0
    if span <= WHOLE_TICKS_UP_TO:
        axis_spec(spec, axis, tickformat="d", dtick=1, tick0=0)
    else:
        axis_spec(spec, axis, tickformat="d")
    return spec


def whole_axes_spec(spec: Spec) -> Spec:
    """``_whole_axes`` on a spec: whole-number ticks on every primary axis whose data are all whole numbers."""
    layout = spec["layout"]
    for axis in ("x", "y"):
        layout_axis = layout.get(f"{axis}axis", {})
        if layout_axis.get("tickformat") is not None or layout_axis.get("dtick") is not None:
            continue
        if layout_axis.get("type") == "category":
            continue
        traces = [t for t in spec["data"] if axis == "x" or t.get("yaxis") in (None, "y")]
        columns = [list(t.get(axis) or ()) for t in traces]
        if not any(columns):
            continue
        numbers = [_whole_numbers(column) for column in columns]
        if all(n is not None for n in numbers):
            flat = [v for n in numbers for v in (n or ())] or [0.0]
            low, high = min(flat), max(flat)
            if layout_axis.get("rangemode") in ("tozero", "nonnegative"):
                low, high = min(low, 0.0), max(high, 0.0)
            if layout_axis.get("range") is not None:
                low, high = float(layout_axis["range"][0]), float(layout_axis["range"][1])
            whole_number_axis_spec(spec, axis, abs(high - low))
    return spec


def figure(spec: Spec) -> go.Figure:
    """A ``go.Figure`` of a spec, for a notebook or a test that reads its traces as objects."""
    return go.Figure(data=list(spec["data"]), layout=dict(spec["layout"]))


def _layout(fig: go.Figure, title: str, x: str, y: str, height: int = 320) -> go.Figure:
    """The shared look: fits its container's width (no fixed width), whole-number ticks where the data are."""
    fig.update_layout(
        title=title,
        xaxis_title=x,
        yaxis_title=y,
        height=height,
        autosize=True,
        width=None,
        margin={"l": 50, "r": 20, "t": 50, "b": 40},
        legend={"orientation": "h", "y": -0.25},
        template="plotly_white",
    )
    _whole_axes(fig)
    return fig


def lines(
    frame: pd.DataFrame,
    *,
    x: str,
    y: str,
    series: str,
    title: str,
    order: Sequence[object] | None = None,
    labels: Sequence[str] | None = None,
    shape: str = "linear",
) -> go.Figure:
    """One line per value of ``series``: the shape shared by value and money charts."""
    return figure(lines_spec(frame, x=x, y=y, series=series, title=title, order=order, labels=labels, shape=shape))


def lines_spec(
    frame: pd.DataFrame,
    *,
    x: str,
    y: str,
    series: str,
    title: str,
    order: Sequence[object] | None = None,
    labels: Sequence[str] | None = None,
    shape: str = "linear",
) -> Spec:
    """``lines`` as a spec (what a table redraws on a click)."""
    keys = list(order) if order is not None else list(dict.fromkeys(frame[series]))
    points: dict[object, tuple[list[Any], list[Any]]] = {key: ([], []) for key in keys}
    for key, x_value, y_value in zip(frame[series].tolist(), frame[x].tolist(), frame[y].tolist(), strict=True):
        if key in points:  # one pass over the frame in Python, not one pandas filter per line
            points[key][0].append(x_value)
            points[key][1].append(y_value)
    data = [
        {
            "type": "scatter",
            "x": points[key][0],
            "y": points[key][1],
            "mode": "lines+markers",
            "name": labels[index] if labels is not None else str(key),
            "line": {"shape": shape},
        }
        for index, key in enumerate(keys)
    ]
    return whole_axes_spec({"data": data, "layout": layout_spec(title, x, y)})


def money_over_time(
    money: pd.DataFrame,
    *,
    value: str = "cogs",
    x: str = "step",
    players: int | None = None,
    names: Sequence[str] | None = None,
    title: str | None = None,
    x_title: str | None = None,
) -> go.Figure:
    """Columns ``x``, ``seat`` and ``value``: one stepped line per seat. ``x_title`` names the x axis in the
    game's words when its column name is not them (Parts Unknown's ``round`` column counts turns)."""
    return figure(
        money_over_time_spec(money, value=value, x=x, players=players, names=names, title=title, x_title=x_title)
    )


def money_over_time_spec(
    money: pd.DataFrame,
    *,
    value: str = "cogs",
    x: str = "step",
    players: int | None = None,
    names: Sequence[str] | None = None,
    title: str | None = None,
    x_title: str | None = None,
) -> Spec:
    """``money_over_time`` as a spec (what a table redraws on a click)."""
    seats = list(range(players)) if players is not None else sorted(money["seat"].unique())
    labels = list(names) if names is not None else [f"seat {s}" for s in seats]
    spec = lines_spec(
        money,
        x=x,
        y=value,
        series="seat",
        title=title or f"{value.capitalize()} per seat",
        order=seats,
        labels=labels,
        shape="hv",
    )
    for index, trace in enumerate(spec["data"]):
        trace["line"]["color"] = SEAT_COLOURS[index % len(SEAT_COLOURS)]
    if x_title is not None:
        axis_spec(spec, "x", title={"text": x_title})
    return spec


def strategy_comparison(results: pd.DataFrame, title: str = "Final score by strategy") -> go.Figure:
    """A tournament frame (``agent``, ``score``, ``won``): score distribution per agent, win rate in the name."""
    fig = go.Figure()
    summary = results.groupby("agent").agg(mean=("score", "mean"), wins=("won", "mean")).sort_values("mean")
    for agent, row in summary.iterrows():
        scores = results.loc[results["agent"] == agent, "score"].tolist()
        fig.add_trace(go.Box(y=scores, name=f"{agent} ({row['wins']:.0%} wins)", boxmean=True))
    return _layout(fig, title, "strategy", "final score", height=380)


def win_rates(results: pd.DataFrame, title: str = "Win rate by strategy") -> go.Figure:
    summary = results.groupby("agent")["won"].mean().sort_values()
    fig = go.Figure(go.Bar(x=summary.index.tolist(), y=summary.tolist(), text=[f"{v:.0%}" for v in summary]))
    fig.update_yaxes(tickformat=".0%")
    return _layout(fig, title, "strategy", "share of games won")


def bars(frame: pd.DataFrame, *, x: str, y: str, title: str, colour: str | None = None) -> go.Figure:
    """A plain bar chart for explorers (what sells, revenue by seat, parts by age)."""
    if colour is not None:
        fig = go.Figure()
        for key in dict.fromkeys(frame[colour]):
            part = frame[frame[colour] == key]
            fig.add_trace(go.Bar(x=part[x].tolist(), y=part[y].tolist(), name=str(key)))
        fig.update_layout(barmode="stack")
    else:
        fig = go.Figure(go.Bar(x=frame[x].tolist(), y=frame[y].tolist()))
    return _layout(fig, title, x, y)


def estimate_intervals(
    estimates: Sequence[tuple[str, Estimate]], *, title: str, x_title: str, reference: float | None = None
) -> go.Figure:
    """Findings side by side: each estimate as a dot with its interval as a bar, one row per label.

    The interval, not the dot, is what a verdict reads: two rows whose bars overlap much may still differ in a
    paired comparison, so the chart sits beside the comparison's own sentence. ``reference`` draws a line.
    """
    labels = [label for label, _ in estimates]
    values = [float(finding.value) for _, finding in estimates]
    fig = go.Figure(
        go.Scatter(
            x=values,
            y=labels,
            mode="markers",
            marker={"size": 11, "color": SEAT_COLOURS[0]},
            error_x={
                "type": "data",
                "symmetric": False,
                "array": [float(f.high) - float(f.value) for _, f in estimates],
                "arrayminus": [float(f.value) - float(f.low) for _, f in estimates],
            },
            name="estimate and 95% interval",
        )
    )
    _layout(fig, title, x_title, "", height=max(220, 90 + 50 * len(estimates)))
    fig.update_yaxes(type="category", autorange="reversed")
    if reference is not None:
        fig.add_vline(x=reference, line={"color": "black", "width": 1})
    return fig
