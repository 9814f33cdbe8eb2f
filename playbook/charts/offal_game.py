"""An Offal Game figures (frames from ``playbook.games.offal_game.economy`` -> figures): The Clog and money by
turn, parts by age in the order the pipe is drawn, the solo race against its target, and a rule sweep.

The economy's frames call their counter ``round``, but it counts turns: each Plunger's turn is one (in a
two-player game your turns are 1, 3, 5...), and the rulebook speaks only of turns. So the charts say turn."""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd
import plotly.graph_objects as go

from .common import SEAT_COLOURS, Spec, _layout, axis_spec, figure, layout_spec, whole_axes_spec

#: One colour per cube kind, shared by the table's pipe, its buttons and every chart.
OFFAL_COLOURS = {
    "bones": "#d9d2b6",
    "organs": "#8d5524",
    "brains": "#9e9e9e",
    "hearts": "#c62828",
    "rats": "#222222",
}
PART_NAMES = {"bones": "Bones", "organs": "Organs", "brains": "Brains", "hearts": "Hearts", "rats": "rats"}
CLOG_COLOUR = "#8d6e63"
#: The pipe is drawn right to left (new parts enter at the right of Day 1); charts of the cards read the same way.
PIPE_ORDER = ("The Clog", "Day 3", "Day 2", "Day 1")
#: The x axis of a chart over a game: every Plunger's turn counts one (0 is the set-up).
TURN_AXIS = "turn (0 = set-up)"


def clog_and_money(
    history: pd.DataFrame,
    *,
    clog_spaces: int | None = None,
    names: Sequence[str] | None = None,
    title: str = "The Clog and the Gore Track by turn",
) -> go.Figure:
    """A ``turn_history`` frame (``round``, ``clog``, ``Plunger 1`` ...): The Clog's parts as bars on the right
    axis (up to ``clog_spaces``), each Plunger's money as a stepped line on the left axis, after every turn (the
    frame's ``round`` is the turn counter: every Plunger's turn is one)."""
    return figure(clog_and_money_spec(history, clog_spaces=clog_spaces, names=names, title=title))


def clog_and_money_spec(
    history: pd.DataFrame,
    *,
    clog_spaces: int | None = None,
    names: Sequence[str] | None = None,
    title: str = "The Clog and the Gore Track by turn",
) -> Spec:
    """``clog_and_money`` as a spec (the table redraws it on a click)."""
    seats = [c for c in history.columns if c not in ("round", "clog")]
    labels = list(names) if names is not None else seats
    turns = [int(r) for r in history["round"].tolist()]
    clog = history["clog"].tolist()
    data: list[dict[str, object]] = [
        {
            "type": "bar",
            "x": turns,
            "y": clog,
            "name": "parts on The Clog",
            "yaxis": "y2",
            "marker": {"color": CLOG_COLOUR},
            "opacity": 0.45,
        }
    ]
    for index, (column, label) in enumerate(zip(seats, labels, strict=True)):
        data.append(
            {
                "type": "scatter",
                "x": turns,
                "y": history[column].tolist(),
                "name": label,
                "mode": "lines+markers",
                "line": {"shape": "hv", "color": SEAT_COLOURS[index % len(SEAT_COLOURS)]},
            }
        )
    top = clog_spaces if clog_spaces is not None else max([1, *clog])
    layout = layout_spec(title, TURN_AXIS, "money ($)")
    layout["yaxis2"] = {
        "title": {"text": "parts on The Clog"},
        "overlaying": "y",
        "side": "right",
        "range": [0, top],
        "dtick": 1,
    }
    spec = whole_axes_spec({"data": data, "layout": layout})
    axis_spec(spec, "x", tickformat="d", rangemode="tozero")
    return spec


def pipe_age_profile(profile: pd.DataFrame, title: str = "Parts by age, as the pipe is drawn") -> go.Figure:
    """Rows are the cards, columns the part types (``economy.age_frame``): one stacked bar per card, in the
    order the pipe is drawn: The Clog on the left, Day 1 (where parts enter) on the right."""
    cards = [card for card in PIPE_ORDER if card in [str(c) for c in profile.index]]
    rows = {str(c): row for c, row in profile.iterrows()}
    fig = go.Figure()
    for part in profile.columns:
        fig.add_trace(
            go.Bar(
                x=cards,
                y=[int(rows[card][part]) for card in cards],
                name=PART_NAMES.get(str(part), str(part)),
                marker_color=OFFAL_COLOURS.get(str(part)),
                marker_line={"color": "#555", "width": 0.5},
            )
        )
    fig.update_layout(barmode="stack")
    return _layout(fig, title, "card (older to the left, as in the pipe drawing)", "parts")


def solo_race(results: pd.DataFrame, target: int, title: str = "Solo: final money against the target") -> go.Figure:
    """A solo tournament frame (``agent``, ``score``, ``won``): final money per strategy as boxes, with the win
    line at ``target`` dollars (a game is won on or above it)."""
    fig = go.Figure()
    summary = results.groupby("agent")["score"].median().sort_values()
    for agent in summary.index:
        games = results.loc[results["agent"] == agent]
        fig.add_trace(go.Box(y=games["score"].tolist(), name=str(agent), boxmean=True, boxpoints="outliers"))
    fig.add_hline(
        y=target,
        line={"color": "#b00020", "dash": "dash"},
        annotation_text=f"win line: ${target}",
        annotation_position="top left",
    )
    return _layout(fig, title, "strategy", "final money ($)", height=380)


def sweep_bands(
    frame: pd.DataFrame, *, x: str, y: str, low: str, high: str, series: str, title: str, x_title: str, y_title: str
) -> go.Figure:
    """A rule sweep: one line per ``series`` with its 95% band (``low`` to ``high``) over the swept value ``x``."""
    fig = go.Figure()
    for index, (name, rows) in enumerate(frame.groupby(series, sort=False)):
        colour = SEAT_COLOURS[index % len(SEAT_COLOURS)]
        xs = rows[x].tolist()
        fig.add_trace(
            go.Scatter(
                x=xs + xs[::-1],
                y=rows[high].tolist() + rows[low].tolist()[::-1],
                fill="toself",
                fillcolor=colour,
                opacity=0.2,
                line={"width": 0},
                showlegend=False,
                hoverinfo="skip",
            )
        )
        line = go.Scatter(x=xs, y=rows[y].tolist(), name=str(name), mode="lines+markers", line={"color": colour})
        fig.add_trace(line)
    fig = _layout(fig, title, x_title, y_title)
    fig.update_xaxes(tickformat="d")
    return fig
