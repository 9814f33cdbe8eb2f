"""Mars Needs Mechanics figures (figures only: the frames come from ``games.mars_needs_mechanics.economy``).

One colour per component type everywhere in the game (market cards, the Order Line, value lines, bars):
``COMPONENT_COLOURS[id]``. Every figure is titled, its axes named, and drawn by round with whole-number ticks.
"""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd
import plotly.graph_objects as go

from .common import SEAT_COLOURS, _layout, lines, whole_number_axis

#: One colour per component id (0-6), used by every card, button, cell and line of the game.
COMPONENT_COLOURS = ("#5dade2", "#f5b041", "#af7ac5", "#7f8c8d", "#ec7063", "#ca6f1e", "#52be80")


def component_colour(component: int) -> str:
    return COMPONENT_COLOURS[component % len(COMPONENT_COLOURS)]


def value_trajectories(
    values: pd.DataFrame, title: str = "Component values by round", components: Sequence[str] | None = None
) -> go.Figure:
    """Columns ``round``, ``component``, ``value``: one line per component, in the component's colour.

    ``components`` (the names in id order) fixes the colours; by default the order the frame lists them.
    """
    order = list(components) if components is not None else list(dict.fromkeys(values["component"]))
    fig = lines(values, x="round", y="value", series="component", title=title, order=order)
    for index, trace in enumerate(fig.data):
        trace.line.color = component_colour(index)
        trace.marker.color = component_colour(index)
    fig.update_layout(xaxis_title="round (0 = the start)", yaxis_title="value (cogs per card)")
    whole_number_axis(fig, "x")
    return fig


def cogs_by_round(
    cogs: pd.DataFrame,
    names: Sequence[str],
    title: str = "Cogs per seat at each round's end",
    round_in_play: int | None = None,
) -> go.Figure:
    """Columns ``round``, ``seat``, ``cogs``: one line per seat (named by ``names``), by round.

    ``round_in_play`` is the round still being played (``None`` once the game is over): its point holds the
    cogs so far, not at its end, so when the frame reaches it the title and that round's tick say "so far"
    (a title must be true of every point it titles).
    """
    fig = lines(
        cogs,
        x="round",
        y="cogs",
        series="seat",
        title=title,
        order=list(range(len(names))),
        labels=list(names),
    )
    for index, trace in enumerate(fig.data):
        trace.line.color = SEAT_COLOURS[index % len(SEAT_COLOURS)]
    fig.update_layout(xaxis_title="round (0 = the start)", yaxis_title="cogs")
    whole_number_axis(fig, "x")
    rounds = [int(r) for r in cogs["round"]] if not cogs.empty else []
    if round_in_play is not None and rounds and max(rounds) == round_in_play:
        fig.update_layout(title=f"{title}; round {round_in_play} so far")
        ticks = list(range(min(rounds), round_in_play + 1))
        fig.update_xaxes(
            tickmode="array",
            tickvals=ticks,
            ticktext=[f"{r} (so far)" if r == round_in_play else str(r) for r in ticks],
        )
    return fig


def value_changes(outcome: pd.DataFrame, title: str = "Values after Adjust Values") -> go.Figure:
    """The explorer's bars: ``component``, ``after``, ``change`` and ``id``, front of the Order Line first."""
    colours = [component_colour(int(c)) for c in outcome["id"]]
    changes = [int(c) for c in outcome["change"]]
    fig = go.Figure(
        go.Bar(
            x=outcome["component"].tolist(),
            y=outcome["after"].tolist(),
            marker_color=colours,
            text=[f"{c:+d}" if c else "±0" for c in changes],
            textposition="outside",
        )
    )
    _layout(fig, title, "component (front of the Order Line on the left)", "value after the round (cogs)", 300)
    fig.update_layout(yaxis_range=[0, 11.5], showlegend=False)
    return fig


def sweep_bands(
    frame: pd.DataFrame, *, x: str, y: str, low: str, high: str, series: str, title: str, x_title: str, y_title: str
) -> go.Figure:
    """A rule sweep: one line per ``series`` with its 95% band (``low`` to ``high``) shaded."""
    fig = go.Figure()
    for index, key in enumerate(dict.fromkeys(frame[series])):
        part = frame[frame[series] == key]
        colour = SEAT_COLOURS[index % len(SEAT_COLOURS)]
        xs = part[x].tolist()
        fig.add_trace(
            go.Scatter(
                x=xs + xs[::-1],
                y=part[high].tolist() + part[low].tolist()[::-1],
                fill="toself",
                fillcolor=colour,
                opacity=0.2,
                line={"width": 0},
                hoverinfo="skip",
                showlegend=False,
            )
        )
        fig.add_trace(go.Scatter(x=xs, y=part[y].tolist(), mode="lines+markers", name=str(key), line={"color": colour}))
    return _layout(fig, title, x_title, y_title)


def share_with_intervals(
    frame: pd.DataFrame, *, x: str, y: str, low: str, high: str, title: str, x_title: str, y_title: str
) -> go.Figure:
    """Bars of a share with their 95% intervals as error bars (``low`` / ``high`` columns)."""
    values = [float(v) for v in frame[y]]
    fig = go.Figure(
        go.Bar(
            x=[str(v) for v in frame[x]],
            y=values,
            error_y={
                "type": "data",
                "symmetric": False,
                "array": [float(h) - v for h, v in zip(frame[high], values, strict=True)],
                "arrayminus": [v - float(lo) for lo, v in zip(frame[low], values, strict=True)],
            },
            text=[f"{v:.0%}" for v in values],
            textposition="outside",
        )
    )
    _layout(fig, title, x_title, y_title)
    fig.update_yaxes(tickformat=".0%", range=[0, 1.05])
    return fig
