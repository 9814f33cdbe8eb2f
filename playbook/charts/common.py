"""Figures every game shares: lines per series, money over time, strategy comparisons, bars."""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd
import plotly.graph_objects as go

SEAT_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")


def _layout(fig: go.Figure, title: str, x: str, y: str, height: int = 320) -> go.Figure:
    fig.update_layout(
        title=title,
        xaxis_title=x,
        yaxis_title=y,
        height=height,
        margin={"l": 50, "r": 20, "t": 50, "b": 40},
        legend={"orientation": "h", "y": -0.25},
        template="plotly_white",
    )
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
) -> go.Figure:
    """Columns ``x``, ``seat`` and ``value``: one stepped line per seat."""
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


# --- Parts Unknown ------------------------------------------------------------------------------------------
# Two frame helpers turn a Parts Unknown ``Match.events_frame()`` into per-turn series (they read only the
# events' own fields, so they stay pure and import no game), then plain figure functions draw them.

_PU_MONEY_KINDS = ("cards_drawn", "card_bought", "shelf_bought", "card_sold", "parts_unknown_sold", "auction_won")
