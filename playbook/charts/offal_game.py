"""An Offal Game figures: The Clog and money, parts by age."""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd
import plotly.graph_objects as go

from .common import SEAT_COLOURS, _layout

# ======================================================================================================
# An Offal Game charts (``playbook.games.offal_game.economy`` frames -> figures)
# ======================================================================================================
OFFAL_COLOURS = {
    "bones": "#d9d2b6",
    "organs": "#8d5524",
    "brains": "#9e9e9e",
    "hearts": "#c62828",
    "rats": "#222222",
}


def clog_and_money(
    history: pd.DataFrame,
    *,
    clog_spaces: int | None = None,
    names: Sequence[str] | None = None,
    title: str = "The Clog and the Gore Track by turn",
) -> go.Figure:
    """A ``turn_history`` frame (``turn``, ``clog``, ``Plunger 1`` ...): The Clog's parts as bars on the right
    axis (up to ``clog_spaces``), each Plunger's money as a stepped line on the left axis."""
    seats = [c for c in history.columns if c not in ("turn", "clog")]
    labels = list(names) if names is not None else seats
    turns = history["turn"].tolist()
    fig = go.Figure()
    fig.add_trace(
        go.Bar(x=turns, y=history["clog"].tolist(), name="The Clog", yaxis="y2", marker_color="#8d6e63", opacity=0.45)
    )
    for index, (column, label) in enumerate(zip(seats, labels, strict=True)):
        fig.add_trace(
            go.Scatter(
                x=turns,
                y=history[column].tolist(),
                name=label,
                mode="lines+markers",
                line={"shape": "hv", "color": SEAT_COLOURS[index % len(SEAT_COLOURS)]},
            )
        )
    top = clog_spaces if clog_spaces is not None else max([1, *history["clog"].tolist()])
    fig.update_layout(yaxis2={"title": "parts on The Clog", "overlaying": "y", "side": "right", "range": [0, top]})
    fig.update_yaxes(rangemode="tozero", selector={"anchor": "x"})
    return _layout(fig, title, "turn", "money ($)")


def pipe_age_profile(profile: pd.DataFrame, title: str = "Parts by age") -> go.Figure:
    """Rows are the cards (Day 1, Day 2, Day 3, The Clog), columns the part types: one stacked bar per card
    (``pd.DataFrame(economy.age_profile(state)).T``)."""
    cards = [str(card) for card in profile.index]
    fig = go.Figure()
    for part in profile.columns:
        fig.add_trace(
            go.Bar(
                x=cards,
                y=[int(v) for v in profile[part]],
                name=str(part),
                marker_color=OFFAL_COLOURS.get(str(part)),
                marker_line={"color": "#555", "width": 0.5},
            )
        )
    fig.update_layout(barmode="stack")
    return _layout(fig, title, "card (older to the right)", "parts")
