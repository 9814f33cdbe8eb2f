"""Faucets and sinks: where a game's money comes from and where it goes, as a Sankey and as lines.

Both figures take the standard flows frame every game's ``economy.money_flows(match)`` returns (columns
``round, seat, source, amount``; positive is money into a seat) and ``playbook.analysis`` summarises.
"""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd
import plotly.graph_objects as go

from playbook import analysis
from playbook.core.errors import InvalidArgumentError, shown

from .common import SEAT_COLOURS, _layout

FAUCET_COLOUR = "rgba(44, 160, 44, 0.45)"
SINK_COLOUR = "rgba(214, 39, 40, 0.45)"


def money_sankey(
    flows: pd.DataFrame,
    title: str = "Where the money comes from and where it goes",
    *,
    games: int = 1,
    unit: str = "",
) -> go.Figure:
    """Faucets (sources paying seats) on the left, the players' purses in the middle, sinks on the right.

    ``games``: the flows add up that many games, and the links show the mean per game, so diagrams of runs of
    different sizes read alike; ``unit`` ("cogs", "dollars") follows every amount shown on hover.
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise InvalidArgumentError(f"games must be a whole number of at least 1, not {shown(games)}")
    summary = analysis.money_flow_summary(flows)
    rows = [
        (str(s), int(i) if games == 1 else i / games, int(o) if games == 1 else o / games)
        for s, i, o in zip(summary["source"], summary["into_seats"], summary["out_of_seats"], strict=True)
    ]
    faucets = [(name, amount) for name, amount, _ in rows if amount > 0]
    sinks = [(name, amount) for name, _, amount in rows if amount > 0]
    labels = [f"{name} (in)" for name, _ in faucets] + ["players"] + [f"{name} (out)" for name, _ in sinks]
    middle = len(faucets)
    source = list(range(middle)) + [middle] * len(sinks)
    target = [middle] * len(faucets) + [middle + 1 + i for i in range(len(sinks))]
    value = [amount for _, amount in faucets] + [amount for _, amount in sinks]
    colours = [FAUCET_COLOUR] * len(faucets) + [SINK_COLOUR] * len(sinks)
    fig = go.Figure(
        go.Sankey(
            node={"label": labels, "pad": 14, "thickness": 14},
            link={"source": source, "target": target, "value": value, "color": colours},
            valueformat=",.0f" if games == 1 else ",.1f",
            valuesuffix=f" {unit}" if unit else "",
        )
    )
    fig.update_layout(title=title, height=360, margin={"l": 20, "r": 20, "t": 50, "b": 20})
    return fig


def money_lines(
    flows: pd.DataFrame,
    starting: Sequence[int],
    *,
    labels: Sequence[str] | None = None,
    title: str = "Money by round",
    x_title: str = "round",
    y_title: str = "money",
) -> go.Figure:
    """Each seat's money after each round, and the total as a dashed line. ``x_title`` says what the flows'
    ``round`` counts in the game's words (Parts Unknown and An Offal Game count turns: ``x_title="turn"``),
    ``y_title`` what the money is ("cogs", "dollars")."""
    money = analysis.money_by_round(flows, starting)
    fig = go.Figure()
    for seat in range(len(starting)):
        name = labels[seat] if labels is not None else f"seat {seat}"
        fig.add_trace(
            go.Scatter(
                x=money["round"].tolist(),
                y=money[f"seat {seat}"].tolist(),
                mode="lines+markers",
                name=name,
                line={"color": SEAT_COLOURS[seat % len(SEAT_COLOURS)]},
            )
        )
    fig.add_trace(
        go.Scatter(
            x=money["round"].tolist(), y=money["total"].tolist(), mode="lines", name="total", line={"dash": "dash"}
        )
    )
    _layout(fig, title, x_title, y_title)
    fig.update_xaxes(tickformat="d", dtick=1 if len(money) <= 20 else None)
    return fig


def gini_over_rounds(
    flows: pd.DataFrame, starting: Sequence[int], title: str = "Inequality between seats", x_title: str = "round"
) -> go.Figure:
    """The Gini coefficient of the seats' money after each round (0: equal; (n - 1)/n for n seats, 0.75 with
    four, when one seat holds it all); ``x_title`` as in ``money_lines``."""
    money = analysis.money_by_round(flows, starting)
    fig = go.Figure(go.Scatter(x=money["round"].tolist(), y=money["gini"].tolist(), mode="lines+markers", name="Gini"))
    _layout(fig, title, x_title, "Gini coefficient")
    fig.update_yaxes(range=[0, 1])
    fig.update_xaxes(tickformat="d")
    return fig


def supply_changes(changes: Sequence[float], *, title: str, x_title: str, mean: float | None = None) -> go.Figure:
    """A histogram of the change in the money supply, one count per game, with a line at no change.

    The verdict "net sink" is about the mean over games; the histogram shows that single games still land on
    both sides of the line, which is why a lesson needs many games and an interval. ``mean`` (the finding's
    estimate) is drawn as a dashed line when given.
    """
    fig = go.Figure(go.Histogram(x=[float(v) for v in changes], marker_color=SEAT_COLOURS[0], name="games"))
    _layout(fig, title, x_title, "games")
    fig.add_vline(x=0, line={"color": "black", "width": 2}, annotation_text="no change")
    if mean is not None:
        fig.add_vline(x=float(mean), line={"color": SEAT_COLOURS[1], "dash": "dash"}, annotation_text="mean",
                      annotation_position="bottom right")  # fmt: skip
    fig.update_layout(showlegend=False)
    return fig
