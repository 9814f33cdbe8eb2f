"""Charts of the asymmetry lesson: each candidate's mean margin with its interval, coloured by the verdict
that allows for every comparison, and the printed board's medal points against the measured margin.

The frames are those of ``playbook.games.planet_unknown.asymmetry_lesson.summary`` (one row per candidate:
``name``, ``mean margin``, ``ci_low``, ``ci_high``, ``games``, ``verdict, all allowed for``), so a chart
shows exactly the numbers the lesson's sentences are composed from. Axis titles are words, never columns.
"""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd
import plotly.graph_objects as go

from .common import SEAT_COLOURS, _layout

#: A verdict (``playbook.findings``) as the legend says it, and its colour.
VERDICT_LOOK: dict[str, tuple[str, str]] = {
    "higher": ("ahead of the reference", SEAT_COLOURS[2]),
    "lower": ("behind the reference", SEAT_COLOURS[1]),
    "no difference detected": ("no difference detected", "#7f7f7f"),
}
VERDICT_COLUMN = "verdict, all allowed for"


def _error_bars(frame: pd.DataFrame, column: str) -> dict[str, object]:
    values = [float(v) for v in frame[column]]
    return {
        "type": "data",
        "symmetric": False,
        "array": [float(h) - v for h, v in zip(frame["ci_high"], values, strict=True)],
        "arrayminus": [v - float(lo) for lo, v in zip(frame["ci_low"], values, strict=True)],
    }


def margin_intervals(summary: pd.DataFrame, *, title: str, reference: str, candidate_words: str) -> go.Figure:
    """Each candidate's mean margin over the reference (a dot) and its 95% interval (a bar), one row each,
    coloured by the verdict once every comparison is allowed for (Holm); a line marks parity (0)."""
    fig = go.Figure()
    for verdict, (words, colour) in VERDICT_LOOK.items():
        part = summary[summary[VERDICT_COLUMN] == verdict]
        if part.empty:
            continue
        fig.add_trace(
            go.Scatter(
                x=[float(v) for v in part["mean margin"]],
                y=[str(n) for n in part["name"]],
                mode="markers",
                marker={"size": 11, "color": colour},
                error_x=_error_bars(part, "mean margin"),
                name=words,
                customdata=[[int(g)] for g in part["games"]],
                hovertemplate="%{y}: %{x:+.1f} points a game over %{customdata[0]} games<extra></extra>",
            )
        )
    x_title = f"mean score margin over {reference} (points a game), 95% interval"
    _layout(fig, title, x_title, candidate_words, height=max(260, 110 + 34 * len(summary)))
    fig.update_yaxes(type="category", categoryorder="array", categoryarray=list(summary["name"])[::-1])
    fig.add_vline(x=0, line={"color": "black", "width": 1, "dash": "dot"})
    return fig


def medals_against_margin(
    summary: pd.DataFrame, medal_points: Sequence[int], *, title: str, reference: str
) -> go.Figure:
    """One dot per corporation: the medal points at its five track tops (the printed board) across, its mean
    margin with its 95% interval up: does the board's total predict the measured margin?"""
    if len(medal_points) != len(summary):
        raise ValueError(f"medal_points has {len(medal_points)} values for {len(summary)} corporations")
    fig = go.Figure(
        go.Scatter(
            x=[int(p) for p in medal_points],
            y=[float(v) for v in summary["mean margin"]],
            mode="markers+text",
            text=[str(n) for n in summary["name"]],
            textposition=_label_sides([int(p) for p in medal_points], [float(v) for v in summary["mean margin"]]),
            marker={"size": 10, "color": SEAT_COLOURS[0]},
            error_y=_error_bars(summary, "mean margin"),
            name="corporation",
        )
    )
    _layout(
        fig,
        title,
        "medal points at the five track tops (printed board)",
        f"mean margin over {reference} (points a game)",
        height=380,
    )
    fig.add_hline(y=0, line={"color": "black", "width": 1, "dash": "dot"})
    # room either side for the names, so the first and last are not clipped at the plot's edge
    fig.update_xaxes(range=[min(medal_points) - 6, max(medal_points) + 6], dtick=5)
    return fig


def _label_sides(xs: Sequence[int], ys: Sequence[float]) -> list[str]:
    """A text position per point: corporations sharing a medal total (several print 30) alternate right and
    left of their column, in the order of their margins, so their names do not sit on top of each other."""
    sides = [""] * len(xs)
    for x in set(xs):
        column = sorted((i for i, value in enumerate(xs) if value == x), key=lambda i: ys[i])
        for rank, i in enumerate(column):
            sides[i] = "middle right" if rank % 2 == 0 else "middle left"
    return sides
