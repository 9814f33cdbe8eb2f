"""Mars Needs Mechanics figures (figures only: the frames come from ``games.mars_needs_mechanics.economy``).

One colour per component type everywhere in the game (market cards, the Order Line, value lines, bars):
``COMPONENT_COLOURS[id]``. Every figure is titled, its axes named, and drawn by round with whole-number ticks.
"""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd
import plotly.graph_objects as go

from .common import (
    SEAT_COLOURS,
    Spec,
    _layout,
    axis_spec,
    figure,
    lines_spec,
    whole_number_axis,
    whole_number_axis_spec,
)

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
    return figure(value_trajectories_spec(values, title, components))


def value_trajectories_spec(
    values: pd.DataFrame, title: str = "Component values by round", components: Sequence[str] | None = None
) -> Spec:
    """``value_trajectories`` as a spec (the table redraws it on a click)."""
    order = list(components) if components is not None else list(dict.fromkeys(values["component"]))
    spec = lines_spec(values, x="round", y="value", series="component", title=title, order=order)
    for index, trace in enumerate(spec["data"]):
        trace["line"]["color"] = component_colour(index)
        trace["marker"] = {"color": component_colour(index)}
    axis_spec(spec, "x", title={"text": "round (0 = the start)"})
    axis_spec(spec, "y", title={"text": "value (cogs per card)"})
    return whole_number_axis_spec(spec, "x")


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
    return figure(cogs_by_round_spec(cogs, names, title, round_in_play))


def cogs_by_round_spec(
    cogs: pd.DataFrame,
    names: Sequence[str],
    title: str = "Cogs per seat at each round's end",
    round_in_play: int | None = None,
) -> Spec:
    """``cogs_by_round`` as a spec (the table redraws it on a click)."""
    spec = lines_spec(
        cogs,
        x="round",
        y="cogs",
        series="seat",
        title=title,
        order=list(range(len(names))),
        labels=list(names),
    )
    for index, trace in enumerate(spec["data"]):
        trace["line"]["color"] = SEAT_COLOURS[index % len(SEAT_COLOURS)]
    axis_spec(spec, "x", title={"text": "round (0 = the start)"})
    axis_spec(spec, "y", title={"text": "cogs"})
    whole_number_axis_spec(spec, "x")
    rounds = [int(r) for r in cogs["round"]] if not cogs.empty else []
    if round_in_play is not None and rounds and max(rounds) == round_in_play:
        spec["layout"]["title"] = {"text": f"{title}; round {round_in_play} so far"}
        ticks = list(range(min(rounds), round_in_play + 1))
        axis_spec(
            spec,
            "x",
            tickmode="array",
            tickvals=ticks,
            ticktext=[f"{r} (so far)" if r == round_in_play else str(r) for r in ticks],
        )
    return spec


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


def order_line_board(
    outcome: pd.DataFrame, *, rise: int, fall: int, title: str = "The Order Line after a round's purchases"
) -> go.Figure:
    """The board's Order Line as a picture: one tile per place (front on the left) holding the type's token in
    its colour, its value after Adjust Values, and what the place does (rises 1, stays, falls 1).

    ``outcome`` is ``economy.purchase_order_table``'s frame (``place``, ``component``, ``id``, ``after``,
    ``change``); ``rise`` and ``fall`` are the rules' numbers of rising and falling places.
    """
    places = len(outcome)
    fig = go.Figure()
    for row in outcome.to_dict("records"):
        place = int(row["place"])
        role = "rises 1" if place <= rise else "falls 1" if place > places - fall else "stays"
        fig.add_shape(
            type="rect",
            x0=place - 0.45,
            x1=place + 0.45,
            y0=0,
            y1=1,
            fillcolor=component_colour(int(row["id"])),
            line={"color": "#333", "width": 1},
        )
        change = int(row["change"])
        fig.add_annotation(
            x=place,
            y=0.5,
            text=f"<b>{row['component']}</b><br>value {row['after']} ({change:+d})"
            if change
            else f"<b>{row['component']}</b><br>value {row['after']} (±0)",
            showarrow=False,
            font={"size": 12},
        )
        fig.add_annotation(x=place, y=-0.15, text=f"place {place}: {role}", showarrow=False, font={"size": 11})
    fig.add_trace(go.Scatter(x=[0.5, places + 0.5], y=[-0.3, 1.05], mode="markers", marker={"opacity": 0}))
    _layout(fig, title, "front of the line (bought last) → back of the line", "", 230)
    fig.update_xaxes(showticklabels=False, showgrid=False, zeroline=False)
    fig.update_yaxes(showticklabels=False, showgrid=False, zeroline=False)
    fig.update_layout(showlegend=False)
    return fig


def estimates_with_intervals(
    frame: pd.DataFrame,
    *,
    x: str,
    title: str,
    x_title: str,
    y_title: str,
    reference: float | None = None,
    reference_text: str = "",
) -> go.Figure:
    """Bars of estimates (``value``) with their 95% intervals (``low``, ``high``) per ``x``, each bar labelled
    with its number of games (``n``); a dotted line at ``reference`` (a start, or zero) when given."""
    values = [float(v) for v in frame["value"]]
    fig = go.Figure(
        go.Bar(
            x=[str(v) for v in frame[x]],
            y=values,
            error_y={
                "type": "data",
                "symmetric": False,
                "array": [float(h) - v for h, v in zip(frame["high"], values, strict=True)],
                "arrayminus": [v - float(lo) for lo, v in zip(frame["low"], values, strict=True)],
            },
            marker_color=SEAT_COLOURS[0],
            hovertext=[f"{n} games" for n in frame["n"]],
        )
    )
    _layout(fig, title, x_title, y_title)
    if reference is not None:
        fig.add_hline(y=reference, line_dash="dot", annotation_text=reference_text)
    return fig


def pencil_against_measured(frame: pd.DataFrame, *, x: str, title: str, x_title: str, y_title: str) -> go.Figure:
    """A pencil prediction (``pencil``) as a dashed line beside a measurement (``value``) with its 95% band
    (``low``, ``high``): where the line leaves the band, something the pencil left out matters."""
    xs = [float(v) for v in frame[x]]
    fig = go.Figure()
    fig.add_trace(
        go.Scatter(
            x=xs + xs[::-1],
            y=[float(v) for v in frame["high"]] + [float(v) for v in frame["low"]][::-1],
            fill="toself",
            fillcolor=SEAT_COLOURS[0],
            opacity=0.2,
            line={"width": 0},
            hoverinfo="skip",
            name="95% interval",
        )
    )
    fig.add_trace(
        go.Scatter(
            x=xs,
            y=[float(v) for v in frame["value"]],
            mode="lines+markers",
            name="measured",
            line={"color": SEAT_COLOURS[0]},
        )
    )
    fig.add_trace(
        go.Scatter(
            x=xs,
            y=[float(v) for v in frame["pencil"]],
            mode="lines+markers",
            name="by pencil",
            line={"color": SEAT_COLOURS[1], "dash": "dash"},
        )
    )
    _layout(fig, title, x_title, y_title)
    whole_number_axis(fig, "x")
    return fig
