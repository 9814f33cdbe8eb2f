"""Parts Unknown figures: money, the Town, the Card Price Chart, what sells and revenue."""

from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go

from .common import _layout

# Two frame helpers turn a Parts Unknown ``Match.events_frame()`` into per-turn series; figure functions draw them.
_PU_MONEY_KINDS = ("cards_drawn", "card_bought", "shelf_bought", "card_sold", "parts_unknown_sold", "auction_won")


def _turns(events: pd.DataFrame) -> list[int]:
    last = int(events["round"].max()) if not events.empty else 0
    return list(range(last + 1))


def parts_unknown_money(
    events: pd.DataFrame, *, players: int, starting_money: int = 40, shelf_cost: int = 40
) -> pd.DataFrame:
    """Each seat's money at the end of every turn (turn 0: after set-up), from a Parts Unknown events frame.

    Money moves on draws (``cost``), buys from a shelf (buyer pays seller), shelves (``shelf_cost`` to the
    Bank), sales to the Scientists and Buyouts (``count`` x ``price``), Parts Unknown sales (``amount``) and
    won auctions (``price``). Columns: ``turn``, ``seat``, ``money``.
    """
    deltas: dict[tuple[int, int], int] = {}

    def add(turn: int, seat: int, amount: int) -> None:
        deltas[(turn, seat)] = deltas.get((turn, seat), 0) + amount

    if not events.empty:
        moving = events[events["kind"].isin(_PU_MONEY_KINDS)]
        for row in moving.to_dict("records"):
            kind, turn = row["kind"], int(row["round"])
            if kind == "cards_drawn":
                add(turn, int(row["seat"]), -int(row["cost"]))
            elif kind == "card_bought":
                add(turn, int(row["buyer"]), -int(row["price"]))
                add(turn, int(row["seller"]), int(row["price"]))
            elif kind == "shelf_bought":
                add(turn, int(row["seat"]), -shelf_cost)
            elif kind == "card_sold":
                add(turn, int(row["seat"]), int(row["count"]) * int(row["price"]))
            elif kind == "parts_unknown_sold":
                add(turn, int(row["seat"]), int(row["amount"]))
            else:  # auction_won
                add(turn, int(row["seat"]), -int(row["price"]))
    rows = []
    money = [starting_money] * players
    for turn in _turns(events):
        for seat in range(players):
            money[seat] += deltas.get((turn, seat), 0)
            rows.append({"turn": turn, "seat": seat, "money": money[seat]})
    return pd.DataFrame(rows, columns=["turn", "seat", "money"])


def parts_unknown_town(events: pd.DataFrame, *, starting_town: int = 4) -> pd.DataFrame:
    """The Town's population at the end of every turn (turn 0: the start), from a Parts Unknown events frame.

    Reads the ``population`` of ``town_changed`` (the growth corner) and ``converted`` (full Surplus or
    Shortage dots) events. Columns: ``turn``, ``town``, ``change`` (this turn's change).
    """
    last: dict[int, int] = {}
    if not events.empty and "population" in events:
        changes = events[events["kind"].isin(("town_changed", "converted"))]
        for row in changes.to_dict("records"):
            last[int(row["round"])] = int(row["population"])
    rows = []
    town = starting_town
    for turn in _turns(events):
        before = town
        town = last.get(turn, town)
        rows.append({"turn": turn, "town": town, "change": town - before})
    return pd.DataFrame(rows, columns=["turn", "town", "change"])


def town_over_time(town: pd.DataFrame, title: str = "The Town's population by turn") -> go.Figure:
    """Columns ``turn`` and ``town``: one stepped line."""
    fig = go.Figure(
        go.Scatter(x=town["turn"].tolist(), y=town["town"].tolist(), mode="lines", name="Town", line={"shape": "hv"})
    )
    fig.update_yaxes(rangemode="tozero")
    return _layout(fig, title, "turn", "Townesfolk")


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
    return _layout(fig, title, "cards drawn this turn", "$")


def demand_sales(sales: pd.DataFrame, title: str = "What sells") -> go.Figure:
    """Columns ``offer`` (a label), ``count`` (cards offered) and ``sold``: stacked bars sold / not sold."""
    offers = sales["offer"].tolist()
    sold = [int(v) for v in sales["sold"]]
    unsold = [int(c) - s for c, s in zip(sales["count"], sold, strict=True)]
    fig = go.Figure(
        [
            go.Bar(x=offers, y=sold, name="sold", marker_color="#27ae60"),
            go.Bar(x=offers, y=unsold, name="not sold", marker_color="#bdc3c7"),
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
    return _layout(fig, title, "price ($)", "revenue ($)")


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
