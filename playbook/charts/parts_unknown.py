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
