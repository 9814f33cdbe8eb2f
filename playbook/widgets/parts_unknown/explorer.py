"""The going-rate explorer (``GoingRateExplorer``): build a market by hand and see what sells.

It plays no match: it answers "what sells if I price at $X" through ``economy.demand_resolution``, and
one pile's revenue against its price through ``revenue_by_price``, so it lives apart from the table.
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as w
import pandas as pd

from playbook import charts
from playbook.games import parts_unknown as pu
from playbook.games.parts_unknown import economy
from playbook.games.parts_unknown.economy import Offer, Resolution, revenue_by_price, sales_frame, seat_revenue

from ..common import LiveChart, View, button, close_widgets, escape, money, no_math

SELLERS = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")


class _PileRow:
    """One editable pile of the explorer's market: owner, card type, price (a step of its column), count."""

    def __init__(self, explorer: GoingRateExplorer, offer: Offer) -> None:
        rules = explorer.rules
        self.owner = w.Dropdown(options=list(explorer.sellers), value=offer.seller, layout=w.Layout(width="90px"))
        self.card = w.Dropdown(options=economy.card_names(rules), value=offer.card, layout=w.Layout(width="170px"))
        options = self._prices(rules, offer.card)
        if offer.price not in [v for _, v in options]:  # a hand-typed price off the column stays as typed
            options.append((f"${offer.price}", offer.price))
        self.price = w.Dropdown(options=options, value=offer.price, layout=w.Layout(width="90px"))
        self.count = w.BoundedIntText(value=offer.count, min=0, max=24, layout=w.Layout(width="70px"))
        self.remove_button = button("Remove", lambda: explorer.remove_row(self), icon="minus")
        self.widget = w.HBox([self.owner, self.card, self.price, self.count, self.remove_button])
        self._explorer = explorer
        self.card.observe(self._card_changed, names="value")
        for widget in (self.owner, self.price, self.count):
            widget.observe(lambda _: explorer.refresh(), names="value")

    @staticmethod
    def _prices(rules: pu.Rules, card: str) -> list[tuple[str, int]]:
        return [(f"${p}", p) for p in economy.price_column(card, rules)]

    def _card_changed(self, _: object) -> None:
        step = [v for _, v in self.price.options].index(self.price.value) if self.price.value is not None else 1
        options = self._prices(self._explorer.rules, self.card.value)
        with self._explorer.hold():
            self.price.options = options
            self.price.value = options[min(step, len(options) - 1)][1]
        self._explorer.refresh()

    @property
    def offer(self) -> Offer:
        return Offer(self.owner.value, self.card.value, int(self.price.value), int(self.count.value or 0))

    def set_classes(self, index: int) -> None:
        for name, widget in (("owner", self.owner), ("card", self.card), ("price", self.price), ("count", self.count)):
            for old in [c for c in widget._dom_classes if c.startswith(f"pu-{name}-")]:
                widget.remove_class(old)
            widget.add_class(f"pu-{name}-{index}")

    def close(self) -> None:
        """Close the row with its dropdowns, box and layouts (a removed pile leaves nothing open)."""
        close_widgets(self.widget)


class GoingRateExplorer(View):
    """Build a market by hand, pick a demand, and see what sells at which price, the Surplus or Shortage,
    each seller's revenue, and one pile's revenue against its price (``economy.demand_resolution``)."""

    def __init__(
        self,
        market: economy.MarketLike = "Ann: 4 Feet at $11\nBob: 3 Hands at $18",
        *,
        category: str | None = None,
        base: int = 2,
        town: int = 4,
        monster: bool = False,
        rules: pu.Rules | None = None,
        sellers: Sequence[str] = SELLERS[:4],
    ) -> None:
        self.rules = rules or pu.Rules.standard()
        self.sellers = tuple(sellers)
        offers = economy.parse_market(market, self.rules)
        self._holding = 0
        self.rows: list[_PileRow] = []
        if category is None:
            first = offers[0].card if offers else economy.card_names(self.rules)[0]
            category = self.rules.category_of(first)
        self.category = w.Dropdown(options=list(self.rules.categories), value=category, description="Demand for")
        self.base = w.BoundedIntText(
            value=base, min=0, max=20, description="a (in a+X)", layout=w.Layout(width="170px")
        )
        self.town = w.BoundedIntText(value=town, min=0, max=40, description="Town (X)", layout=w.Layout(width="170px"))
        self.surplus = w.BoundedIntText(value=0, min=0, max=40, description="Surplus", layout=w.Layout(width="150px"))
        self.shortage = w.BoundedIntText(value=0, min=0, max=40, description="Shortage", layout=w.Layout(width="150px"))
        self.monster = w.Checkbox(value=monster, description="Monster on", indent=False, layout=w.Layout(width="120px"))
        self.add_button = button("Add a pile", self.add_row, icon="plus")
        self.focus = w.Dropdown(options=[], description="Vary pile", layout=w.Layout(width="330px"))
        self.price_slider = w.SelectionSlider(options=[("—", 0)], description="its price", continuous_update=False)
        self.price_slider.add_class("pu-price-slider")
        self.summary = w.HTML()
        self.table = w.HTML()
        self.revenue_table = w.HTML()
        self.why = w.HTML()
        self.rows_box = w.VBox()
        for offer in offers:
            self._append(offer)
        self.sales = pd.DataFrame()
        self.curve = pd.DataFrame()
        self.resolution = self._resolve()
        self.sales = sales_frame(self._offers(), self.resolution, monster=bool(self.monster.value), rules=self.rules)
        self.chart = LiveChart(charts.demand_sales(self.sales, title=self._chart_title()))
        self.curve_chart = LiveChart(charts.revenue_curve(pd.DataFrame({"price": [], "revenue": []})))
        for widget in (self.category, self.base, self.town, self.surplus, self.shortage, self.monster):
            widget.observe(lambda _: self.refresh(), names="value")
        self.focus.observe(lambda _: self._focus_changed(), names="value")
        self.price_slider.observe(lambda _: self._slider_moved(), names="value")
        header = w.HTML("<b>Owner · card · price · count</b> (one row per pile on display)")
        self.widget = w.VBox(
            [
                header,
                self.rows_box,
                self.add_button,
                w.HBox([self.category, self.base, self.town]),
                w.HBox([self.surplus, self.shortage, self.monster]),
                self.summary,
                w.HBox([self.table, self.revenue_table]),
                self.chart.box,
                w.HTML("<b>What if one pile changes its price?</b> Pick a pile and move the slider."),
                w.HBox([self.focus, self.price_slider]),
                self.curve_chart.box,
                self.why,
            ]
        )
        self.widget.add_class("playbook-pu-explorer")
        self.refresh()

    # -- editing the market ------------------------------------------------------------------------------
    def _append(self, offer: Offer) -> None:
        row = _PileRow(self, offer)
        self.rows.append(row)
        self._relabel()

    def _relabel(self) -> None:
        for index, row in enumerate(self.rows):
            row.set_classes(index)
        self.rows_box.children = [row.widget for row in self.rows]

    def add_row(self) -> None:
        """Add a pile: the next seller, one card of the demanded category's first type at its second price."""
        rules = self.rules
        card = economy.cards_in(self.category.value, rules)[0]
        seller = self.sellers[len(self.rows) % len(self.sellers)]
        self._append(Offer(seller, card, economy.price_column(card, rules)[1], 1))
        self.refresh()

    def remove_row(self, row: _PileRow) -> None:
        self.rows.remove(row)
        row.close()
        self._relabel()
        self.refresh()

    def set_market(self, market: economy.MarketLike) -> None:
        """Replace every pile (lines like "Ann: 4 Feet at $11", tuples or ``Offer``s)."""
        offers = economy.parse_market(market, self.rules)
        for row in self.rows:
            row.close()
        self.rows = []
        with self.hold():
            for offer in offers:
                self._append(offer)
        self.refresh()

    def set_price(self, pile: int, price: int) -> None:
        """Mark pile ``pile`` at ``price`` (a price of its card's column), as a person picks it."""
        self.rows[pile].price.value = price

    class _Hold:
        def __init__(self, explorer: GoingRateExplorer) -> None:
            self.explorer = explorer

        def __enter__(self) -> None:
            self.explorer._holding += 1

        def __exit__(self, *_: object) -> None:
            self.explorer._holding -= 1

    def hold(self) -> GoingRateExplorer._Hold:
        """A context in which edits do not redraw (one redraw after several changes)."""
        return GoingRateExplorer._Hold(self)

    # -- computing ----------------------------------------------------------------------------------------
    def _offers(self) -> list[Offer]:
        return [row.offer for row in self.rows]

    @property
    def demand(self) -> int:
        return int(self.base.value or 0) + int(self.town.value or 0)

    def _resolve(self) -> Resolution:
        return economy.demand_resolution(
            self._offers(),
            self.demand,
            category=self.category.value,
            surplus=int(self.surplus.value or 0),
            shortage=int(self.shortage.value or 0),
            monster=bool(self.monster.value),
            rules=self.rules,
        )

    def _chart_title(self) -> str:
        r = self.resolution
        left = f"Surplus {r.surplus}" if r.surplus else (f"Shortage {r.shortage}" if r.shortage else "demand met")
        return f"Demand for {r.demand} {r.category}: {r.cards_sold} sold, {left}"

    def refresh(self) -> None:
        if self._holding or not hasattr(self, "chart"):
            return
        monster = bool(self.monster.value)
        offers = self._offers()
        try:
            self.resolution = self._resolve()
        except Exception as exc:  # a person's market the engine refuses: say why, keep the last picture
            self.summary.value = no_math(f"<span style='color:#b00020'><b>Cannot resolve:</b> {escape(exc)}</span>")
            return
        r = self.resolution
        self.sales = sales_frame(offers, r, monster=monster, rules=self.rules)
        left = (
            f"a <b>Surplus of {r.surplus}</b>"
            if r.surplus
            else (f"a <b>Shortage of {r.shortage}</b>" if r.shortage else "nothing (the demand was met exactly)")
        )
        self.summary.value = no_math(
            f"<span class='pu-explorer-summary'>Demand {self.base.value} + X ({self.town.value}) = <b>{r.demand}</b> "
            f"{escape(r.category)}; to buy after the house's counters: {r.net}. Sold: <b>{r.cards_sold}</b> cards "
            f"for {money(r.revenue)}. Left: {left}.</span>"
        )
        shown = self.sales[["offer", "category", "going rate", "sold", "revenue"]]
        self.table.value = no_math(shown.to_html(index=False, classes="pu-explorer-table"))
        self.revenues = seat_revenue(r, [o.seller for o in offers] or list(self.sellers))
        self.revenue_table.value = no_math(self.revenues.to_html(index=False, classes="pu-revenue-table"))
        self.why.value = no_math("<pre style='font-size:12px'>" + escape("\n".join(r.why)) + "</pre>")
        self.chart.update(charts.demand_sales(self.sales, title=self._chart_title()))
        self._refresh_focus()

    def _refresh_focus(self) -> None:
        options = [(f"{i + 1}. {o.seller}: {o.count} {o.card} at ${o.price}", i) for i, o in enumerate(self._offers())]
        keep = self.focus.value
        self._holding += 1
        try:
            self.focus.options = options
            values = [v for _, v in options]
            self.focus.value = keep if keep in values else (values[0] if values else None)
        finally:
            self._holding -= 1
        self._draw_curve()

    def _focus_changed(self) -> None:
        if not self._holding:
            self._draw_curve()

    def _draw_curve(self) -> None:
        pile = self.focus.value
        if pile is None or pile >= len(self.rows):
            self.curve = pd.DataFrame({"price": [], "revenue": [], "sold": []})
            self.curve_chart.update(charts.revenue_curve(self.curve))
            return
        offer = self.rows[pile].offer
        self.curve = revenue_by_price(
            self._offers(),
            pile,
            self.demand,
            category=self.category.value,
            surplus=int(self.surplus.value or 0),
            shortage=int(self.shortage.value or 0),
            monster=bool(self.monster.value),
            rules=self.rules,
        )
        prices = [int(p) for p in self.curve["price"]]
        self._holding += 1
        try:
            options = [(f"${p}", p) for p in prices]
            if list(self.price_slider.options) != options:
                self.price_slider.options = options
            self.price_slider.value = offer.price
        finally:
            self._holding -= 1
        title = f"{offer.seller}'s revenue if the {offer.card} pile is priced at..."
        self.curve_chart.update(charts.revenue_curve(self.curve, current=offer.price, title=title))

    def _slider_moved(self) -> None:
        if self._holding or self.focus.value is None:
            return
        self.rows[self.focus.value].price.value = self.price_slider.value

    def live_charts(self) -> Sequence[LiveChart]:
        return (self.chart, self.curve_chart)
