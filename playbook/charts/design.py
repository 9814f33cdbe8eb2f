"""Design metrics as figures: win rates with their intervals, seat advantage, head-to-head, game length,
score margins, and a measure against a swept rule with its confidence band.

Each takes the DataFrame the matching ``playbook.analysis`` function returns, so a notebook shows the same
numbers it asserts.
"""

from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go

from .common import SEAT_COLOURS, _layout
from .labels import plain_words, sentence


def interval_bars(
    summary: pd.DataFrame, *, x: str, y: str, title: str, y_title: str, x_title: str | None = None
) -> go.Figure:
    """Bars of ``y`` per ``x`` with the 95% interval (``ci_low``, ``ci_high``) as error bars; the x axis is
    titled ``x_title``, else the column's name in words (``agent`` reads "strategy")."""
    values = [float(v) for v in summary[y]]
    fig = go.Figure(
        go.Bar(
            x=[str(v) for v in summary[x]],
            y=values,
            error_y={
                "type": "data",
                "symmetric": False,
                "array": [float(h) - v for h, v in zip(summary["ci_high"], values, strict=True)],
                "arrayminus": [v - float(lo) for lo, v in zip(summary["ci_low"], values, strict=True)],
            },
            marker_color=SEAT_COLOURS[0],
        )
    )
    return _layout(fig, title, x_title or column_words(x), y_title)


def column_words(name: str) -> str:
    """A frame's column as an axis title: ``agent`` is a strategy to a reader; others in plain words."""
    return "strategy" if name == "agent" else plain_words(name)


def win_rate_bars(rates: pd.DataFrame, title: str = "Win rate by strategy (95% interval)") -> go.Figure:
    """``analysis.win_rates`` as bars with Wilson intervals."""
    by = rates.columns[0]
    fig = interval_bars(rates, x=by, y="win_rate", title=title, y_title="win rate")
    fig.update_yaxes(range=[0, 1], tickformat=".0%")
    return fig


def seat_advantage_bars(seats: pd.DataFrame, title: str = "Win rate by seat (95% interval)") -> go.Figure:
    """``analysis.seat_advantage``: does the first seat win more than its share?"""
    fig = win_rate_bars(seats, title)
    fig.update_xaxes(title_text="seat (0 moves first)")
    return fig


def head_to_head_heatmap(matrix: pd.DataFrame, title: str = "Head to head: row's win rate against column") -> go.Figure:
    """``analysis.head_to_head`` as a heatmap (blank where two strategies never met)."""
    z = [[None if pd.isna(v) else float(v) for v in row] for row in matrix.to_numpy().tolist()]
    text = [["" if v is None else f"{v:.0%}" for v in row] for row in z]
    fig = go.Figure(
        go.Heatmap(
            z=z,
            x=[str(c) for c in matrix.columns],
            y=[str(i) for i in matrix.index],
            zmin=0,
            zmax=1,
            colorscale="RdBu",
            text=text,
            texttemplate="%{text}",
            colorbar={"title": "win rate"},
        )
    )
    fig = _layout(fig, title, "against", "strategy")
    fig.update_yaxes(autorange="reversed")
    return fig


def distribution(games: pd.DataFrame, column: str, title: str, x_title: str) -> go.Figure:
    """A histogram of one per-game column (``analysis.per_game``: rounds or margin)."""
    fig = go.Figure(go.Histogram(x=[float(v) for v in games[column]], marker_color=SEAT_COLOURS[0]))
    return _layout(fig, title, x_title, "games")


def measure_against_parameter(
    frame: pd.DataFrame,
    *,
    parameter: str,
    measure: str,
    title: str | None = None,
    x_title: str | None = None,
    y_title: str | None = None,
) -> go.Figure:
    """A measure (``mean``, ``ci_low``, ``ci_high`` per ``parameter`` value) as a line with its 95% band.

    The axes say what they plot in words: ``x_title`` and ``y_title`` (a game's ``labels.rule_label`` and
    ``labels.measure_label``), else the column names as plain words, so a chart never shows a code name
    such as ``kpi_money_earned``.
    """
    x_words = x_title or plain_words(parameter)
    y_words = y_title or plain_words(measure)
    x = [float(v) for v in frame[parameter]]
    fig = go.Figure()
    fig.add_trace(
        go.Scatter(
            x=x + x[::-1],
            y=[float(v) for v in frame["ci_high"]] + [float(v) for v in frame["ci_low"]][::-1],
            fill="toself",
            fillcolor="rgba(31, 119, 180, 0.2)",
            mode="lines",
            line={"width": 0},
            hoverinfo="skip",
            name="95% interval",
        )
    )
    fig.add_trace(go.Scatter(x=x, y=[float(v) for v in frame["mean"]], mode="lines+markers", name=y_words))
    return _layout(fig, title or f"{sentence(y_words)} against {x_words} (95% band)", x_words, y_words)
