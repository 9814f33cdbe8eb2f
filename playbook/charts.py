"""Pure functions from pandas DataFrames to plotly figures.

Every chart in the notebooks and tables comes from here, built from ``Match.events_frame()`` (through a
game's ``economy`` helpers) or from a tournament frame. Keeping them pure means they are tested without
Jupyter, by checking traces and data, and a view only swaps the data of a figure it already shows.
"""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd
import plotly.graph_objects as go

SEAT_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")


def _layout(fig: go.Figure, title: str, x: str, y: str, height: int = 320) -> go.Figure:
    fig.update_layout(
        title=title,
        xaxis_title=x,
        yaxis_title=y,
        height=height,
        margin={"l": 50, "r": 20, "t": 50, "b": 40},
        legend={"orientation": "h", "y": -0.25},
        template="plotly_white",
    )
    return fig


def lines(
    frame: pd.DataFrame,
    *,
    x: str,
    y: str,
    series: str,
    title: str,
    order: Sequence[object] | None = None,
    labels: Sequence[str] | None = None,
    shape: str = "linear",
) -> go.Figure:
    """One line per value of ``series``: the shape shared by value and money charts."""
    fig = go.Figure()
    keys = list(order) if order is not None else list(dict.fromkeys(frame[series]))
    for index, key in enumerate(keys):
        part = frame[frame[series] == key]
        name = labels[index] if labels is not None else str(key)
        fig.add_trace(
            go.Scatter(
                x=part[x].tolist(),
                y=part[y].tolist(),
                mode="lines+markers",
                name=name,
                line={"shape": shape},
            )
        )
    return _layout(fig, title, x, y)


def value_trajectories(values: pd.DataFrame, title: str = "Component values by round") -> go.Figure:
    """Columns ``round``, ``component``, ``value``: one line per component."""
    return lines(values, x="round", y="value", series="component", title=title)


def money_over_time(
    money: pd.DataFrame,
    *,
    value: str = "cogs",
    x: str = "step",
    players: int | None = None,
    names: Sequence[str] | None = None,
    title: str | None = None,
) -> go.Figure:
    """Columns ``x``, ``seat`` and ``value``: one stepped line per seat."""
    seats = list(range(players)) if players is not None else sorted(money["seat"].unique())
    labels = list(names) if names is not None else [f"seat {s}" for s in seats]
    fig = lines(
        money,
        x=x,
        y=value,
        series="seat",
        title=title or f"{value.capitalize()} per seat",
        order=seats,
        labels=labels,
        shape="hv",
    )
    for index, trace in enumerate(fig.data):
        trace.line.color = SEAT_COLOURS[index % len(SEAT_COLOURS)]
    return fig


def strategy_comparison(results: pd.DataFrame, title: str = "Final score by strategy") -> go.Figure:
    """A tournament frame (``agent``, ``score``, ``won``): score distribution per agent, win rate in the name."""
    fig = go.Figure()
    summary = results.groupby("agent").agg(mean=("score", "mean"), wins=("won", "mean")).sort_values("mean")
    for agent, row in summary.iterrows():
        scores = results.loc[results["agent"] == agent, "score"].tolist()
        fig.add_trace(go.Box(y=scores, name=f"{agent} ({row['wins']:.0%} wins)", boxmean=True))
    return _layout(fig, title, "strategy", "final score", height=380)


def win_rates(results: pd.DataFrame, title: str = "Win rate by strategy") -> go.Figure:
    summary = results.groupby("agent")["won"].mean().sort_values()
    fig = go.Figure(go.Bar(x=summary.index.tolist(), y=summary.tolist(), text=[f"{v:.0%}" for v in summary]))
    fig.update_yaxes(tickformat=".0%")
    return _layout(fig, title, "strategy", "share of games won")


def bars(frame: pd.DataFrame, *, x: str, y: str, title: str, colour: str | None = None) -> go.Figure:
    """A plain bar chart for explorers (what sells, revenue by seat, parts by age)."""
    if colour is not None:
        fig = go.Figure()
        for key in dict.fromkeys(frame[colour]):
            part = frame[frame[colour] == key]
            fig.add_trace(go.Bar(x=part[x].tolist(), y=part[y].tolist(), name=str(key)))
        fig.update_layout(barmode="stack")
    else:
        fig = go.Figure(go.Bar(x=frame[x].tolist(), y=frame[y].tolist()))
    return _layout(fig, title, x, y)


# --- Parts Unknown ------------------------------------------------------------------------------------------
# Two frame helpers turn a Parts Unknown ``Match.events_frame()`` into per-turn series (they read only the
# events' own fields, so they stay pure and import no game), then plain figure functions draw them.

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
