"""Parts Unknown figures: money, the Town, the Card Price Chart, what sells and revenue."""

from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go

from .common import _layout

#: One colour per Parts Unknown category, used by every chart and card of the game (table, explorer, lesson).
CATEGORY_COLOURS: dict[str, str] = {
    "Extremities": "#c0392b",
    "Gizmos": "#2471a3",
    "Brains": "#8e44ad",
    "Leftovers": "#b9770e",
}
SOLD_COLOUR = "#27ae60"
UNSOLD_COLOUR = "#bdc3c7"


def category_colour(category: str) -> str:
    """The game's colour for a category (grey for a category a variant adds)."""
    return CATEGORY_COLOURS.get(category, "#7f8c8d")


def parts_unknown_money(
    events: pd.DataFrame, *, players: int, starting_money: int = 40, shelf_cost: int = 40
) -> pd.DataFrame:
    """Moved to ``playbook.games.parts_unknown.economy.parts_unknown_money`` (a thin alias kept for now)."""
    from playbook.games.parts_unknown.economy import parts_unknown_money as build

    return build(events, players=players, starting_money=starting_money, shelf_cost=shelf_cost)


def parts_unknown_town(events: pd.DataFrame, *, starting_town: int = 4) -> pd.DataFrame:
    """Moved to ``playbook.games.parts_unknown.economy.parts_unknown_town`` (a thin alias kept for now)."""
    from playbook.games.parts_unknown.economy import parts_unknown_town as build

    return build(events, starting_town=starting_town)


def town_over_time(town: pd.DataFrame, title: str = "The Town's population by turn") -> go.Figure:
    """Columns ``round`` and ``town``: one stepped line. The ``round`` column is Parts Unknown's turn counter
    (each player's turn is one), so the axis says turn, in the rulebook's word."""
    fig = go.Figure(
        go.Scatter(x=town["round"].tolist(), y=town["town"].tolist(), mode="lines", name="Town", line={"shape": "hv"})
    )
    fig.update_yaxes(rangemode="tozero")
    return _layout(fig, title, "turn (0 = set-up)", "Townesfolk")


def draw_cost_chart(curve: pd.DataFrame, title: str = "The Card Price Chart: cost of drawing cards") -> go.Figure:
    """Columns ``cards``, ``total``, ``marginal`` (and optionally ``series``): total as lines, the marginal
    price of the last card as bars. With ``series`` (e.g. normal / Riot) one pair of traces per series."""
    fig = go.Figure()
    groups = list(dict.fromkeys(curve["series"])) if "series" in curve else [None]
    for group in groups:
        part = curve if group is None else curve[curve["series"] == group]
        suffix = "" if group is None else f" ({group})"
        fig.add_trace(go.Bar(x=part["cards"].tolist(), y=part["marginal"].tolist(), name=f"marginal{suffix}"))
        fig.add_trace(
            go.Scatter(x=part["cards"].tolist(), y=part["total"].tolist(), mode="lines+markers", name=f"total{suffix}")
        )
    fig.update_layout(barmode="group")
    return _layout(fig, title, "cards drawn this turn", "price (dollars)")


def demand_sales(sales: pd.DataFrame, title: str = "What sells") -> go.Figure:
    """Columns ``offer`` (a label), ``count`` (cards offered) and ``sold`` (and optionally ``category``):
    stacked bars sold / not sold; the sold part in the category's colour when ``category`` is given."""
    offers = sales["offer"].tolist()
    sold = [int(v) for v in sales["sold"]]
    unsold = [int(c) - s for c, s in zip(sales["count"], sold, strict=True)]
    colours: str | list[str] = (
        [category_colour(str(c)) for c in sales["category"]] if "category" in sales else SOLD_COLOUR
    )
    fig = go.Figure(
        [
            go.Bar(x=offers, y=sold, name="sold", marker_color=colours),
            go.Bar(x=offers, y=unsold, name="not sold", marker_color=UNSOLD_COLOUR),
        ]
    )
    fig.update_layout(barmode="stack")
    return _layout(fig, title, "pile on display", "cards")


def revenue_curve(
    curve: pd.DataFrame, *, current: int | None = None, title: str = "Revenue against price"
) -> go.Figure:
    """Columns ``price`` and ``revenue``: a line; with ``current`` a second trace marks that price."""
    fig = go.Figure(
        go.Scatter(x=curve["price"].tolist(), y=curve["revenue"].tolist(), mode="lines+markers", name="revenue")
    )
    if current is not None:
        here = curve[curve["price"] == current]
        fig.add_trace(
            go.Scatter(
                x=here["price"].tolist(),
                y=here["revenue"].tolist(),
                mode="markers",
                name="your price",
                marker={"size": 14, "symbol": "diamond", "color": "#d62728"},
            )
        )
    fig.update_yaxes(rangemode="tozero")
    return _layout(fig, title, "price (dollars)", "revenue (dollars)")


#: How a board space reads on the board diagram (a Demand space prints its "a+X").
SPACE_WORDS = {
    "calendar": "Calendar",
    "calendar_growth": "Calendar + grow",
    "buyout": "Buyout",
    "auction": "Auction",
    "roll_again": "Roll again",
    "riot": "Riot",
    "monster": "Monster",
}


def _loop_positions(count: int) -> list[tuple[float, float]]:
    """``count`` points spaced evenly around the edge of a unit square, counterclockwise from the bottom left."""
    corners = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
    out = []
    for k in range(count):
        t = 4 * k / count
        side, along = int(t), t - int(t)
        (x0, y0), (x1, y1) = corners[side], corners[(side + 1) % 4]
        out.append((x0 + (x1 - x0) * along, y0 + (y1 - y0) * along))
    return out


def board_diagram(houses: list[tuple[str, str, list[tuple[str, int]]]], title: str = "The board") -> go.Figure:
    """The loop of spaces Viktor walks around the Town: ``houses`` is ``(house, category, [(space kind's word,
    a), ...])`` in the direction he moves. Each space is a marker in its house's colour, labelled as printed."""
    spaces = [(house, category, kind, a) for house, category, row in houses for kind, a in row]
    points = _loop_positions(len(spaces))
    fig = go.Figure()
    for house, category, _ in houses:
        mine = [(p, s) for p, s in zip(points, spaces, strict=True) if s[0] == house]
        fig.add_trace(
            go.Scatter(
                x=[p[0] for p, _ in mine],
                y=[p[1] for p, _ in mine],
                mode="markers+text",
                name=house,
                text=[f"{a}+X" if kind == "demand" else SPACE_WORDS.get(kind, kind) for _, (_, _, kind, a) in mine],
                textposition="middle center",
                textfont={"size": 10},
                marker={"size": 44, "symbol": "square", "color": category_colour(category), "opacity": 0.35},
            )
        )
    fig.add_annotation(x=0.5, y=0.5, text="the Town<br>(X Townesfolk)<br>and the Calendar", showarrow=False)
    fig.update_xaxes(visible=False, range=[-0.12, 1.12])
    fig.update_yaxes(visible=False, range=[-0.12, 1.12], scaleanchor="x")
    fig.update_layout(title=title, height=520, margin={"l": 10, "r": 10, "t": 50, "b": 10})
    return fig


def money_against_prices(frame: pd.DataFrame, title: str = "Money supply against prices, by turn") -> go.Figure:
    """Columns ``turn``, ``money supply``, ``price index`` (``lesson.money_and_prices``): both as a multiple of
    their first value, so a growing money supply and flat prices read on one axis."""
    known = frame.dropna(subset=["price index"])
    fig = go.Figure()
    for column, words in (("money supply", "money in the players' hands"), ("price index", "mean going rate")):
        base = float(known[column].iloc[0])
        fig.add_trace(
            go.Scatter(x=known["turn"].tolist(), y=[float(v) / base for v in known[column]], mode="lines", name=words)
        )
    fig.update_yaxes(rangemode="tozero")
    return _layout(fig, title, "turn", "times its value at the start")
