"""Figures every game shares: lines per series, money over time, strategy comparisons, bars.

Every figure goes through ``_layout``: no fixed width (``autosize``, so a chart fits the column a table gives
it and shows its newest data), a fixed height, and whole-number ticks on any axis whose data are all whole
numbers (rounds, turns, counts: never "1.5 rounds"). ``whole_number_axis(fig, "x")`` forces them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd
import plotly.graph_objects as go

if TYPE_CHECKING:
    from playbook.findings import Estimate

SEAT_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")


WHOLE_TICKS_UP_TO = 12
"""An axis of whole numbers spanning at most this many gets a tick at every one (``dtick=1``)."""


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
    fig = go.Figure()
    keys = list(order) if order is not None else list(dict.fromkeys(frame[series]))
    for index, key in enumerate(keys):
        part = frame[frame[series] == key]
        name = labels[index] if labels is not None else str(key)
        fig.add_trace(
            go.Scatter(
                x=part[x].tolist(),
                y=part[y].tolist(),
                mode="lines+markers",
                name=name,
                line={"shape": shape},
            )
        )
    return _layout(fig, title, x, y)


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
    seats = list(range(players)) if players is not None else sorted(money["seat"].unique())
    labels = list(names) if names is not None else [f"seat {s}" for s in seats]
    fig = lines(
        money,
        x=x,
        y=value,
        series="seat",
        title=title or f"{value.capitalize()} per seat",
        order=seats,
        labels=labels,
        shape="hv",
    )
    for index, trace in enumerate(fig.data):
        trace.line.color = SEAT_COLOURS[index % len(SEAT_COLOURS)]
    if x_title is not None:
        fig.update_xaxes(title_text=x_title)
    return fig


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
