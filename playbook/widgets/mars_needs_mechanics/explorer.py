"""The Order Line explorer (``OrderLineExplorer``): choose a round's purchase order, see where every value goes.

It drives ``economy.purchase_order_table`` on typed component names, not a ``Match``, so it shares nothing
with the table but the charts.
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as w

from playbook.charts import mars_needs_mechanics as mnm_charts
from playbook.games import mars_needs_mechanics as mnm
from playbook.games.mars_needs_mechanics import economy

from ..common import LiveChart, View, escape


def _known_names(typed: Sequence[str], names: Sequence[str]) -> tuple[list[str], list[str]]:
    """The typed tags as component names, matched whatever their case and the spaces around them ("lens",
    " LENS "), and the tags that name no component."""
    by_key = {name.strip().casefold(): name for name in names}
    known: list[str] = []
    unknown: list[str] = []
    for tag in typed:
        name = by_key.get(tag.strip().casefold())
        (known if name is not None else unknown).append(name if name is not None else tag)
    return known, unknown


class OrderLineExplorer(View):
    """Choose a round's purchase order and see where every value goes: the Order Line rule, by hand.

    Component names are accepted in any case ("lens" is the Lens): the tag box allows any text, because a tag
    box with ``allowed_tags`` drops an unlisted tag in the browser without a word, and the view turns each tag
    into the component's name or says, under the box, which names it accepts.
    """

    def __init__(self, *, rules: mnm.Rules | None = None, order: Sequence[str] | None = None) -> None:
        self.rules = rules or mnm.Rules.standard()
        names = list(self.rules.components)
        self.start_order = list(order) if order is not None else names
        self.purchases = w.TagsInput(value=[], allow_duplicates=True, placeholder="a component, e.g. lens")
        self.final = w.Checkbox(value=False, description="last round of the game", indent=False)
        self.note = w.HTML()
        self.note.add_class("mnm-explorer-note")
        self.refused: list[str] = []
        self.table = w.HTML()
        self.outcome = economy.purchase_order_table([], order=self.start_order, rules=self.rules)
        self.chart = LiveChart(mnm_charts.value_changes(self.outcome))
        self.purchases.observe(lambda _: self.refresh(), names="value")
        self.final.observe(lambda _: self.refresh(), names="value")
        self.widget = w.VBox(
            [
                w.HTML(
                    "<b>Purchases this round, in order</b> (type a component name, in any case, and press Enter; "
                    f"the Order Line starts as {escape(', '.join(self.start_order))})"
                ),
                w.HBox([self.purchases, self.final]),
                self.note,
                w.HBox([self.table, self.chart.box]),
            ]
        )
        self.refresh()

    def set_purchases(self, purchases: Sequence[str]) -> None:
        self.purchases.value = list(purchases)

    def refresh(self) -> None:
        typed = list(self.purchases.value)
        known, unknown = _known_names(typed, self.rules.components)
        if known != typed:
            self.refused = unknown
            self.purchases.value = known  # the tag box shows the names; its observer redraws from them
            return
        accepted = ", ".join(self.rules.components)
        if self.refused:
            quoted = ", ".join(f"“{tag}”" for tag in self.refused)
            self.note.value = (
                f"<span style='color:#b00020'>{escape(quoted)} {'is' if len(self.refused) == 1 else 'are'} not a "
                f"component: type one of {escape(accepted)} (any case).</span>"
            )
            self.refused = []
        else:
            self.note.value = f"<small>Components: {escape(accepted)} (any case).</small>"
        outcome = economy.purchase_order_table(
            list(self.purchases.value), order=self.start_order, final=bool(self.final.value), rules=self.rules
        )
        self.outcome = outcome
        shown = outcome.drop(columns=["id"])
        self.table.value = shown.to_html(index=False, classes="mnm-explorer-table")
        self.chart.update(mnm_charts.value_changes(outcome))

    def live_charts(self) -> Sequence[LiveChart]:
        return (self.chart,)
