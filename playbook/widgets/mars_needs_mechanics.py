"""The Mars Needs Mechanics table: a person plays one seat against agents.

Everything shown comes from ``Match.state`` and ``Match.events_frame()`` through the public engine API;
every click becomes one engine action. Charts are plotly ``FigureWidget``s built with their data before
they are first displayed (so a Voila page or a reload never shows a stale empty chart) and updated in
place as the match moves.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as w
import plotly.graph_objects as go

from playbook import charts
from playbook.core.protocol import Action
from playbook.games import mars_needs_mechanics as mnm
from playbook.games.mars_needs_mechanics import agents as mnm_agents
from playbook.games.mars_needs_mechanics import economy

from .common import AgentFactory, LiveChart, TableView, button, escape

DEFAULT_AGENTS: dict[str, AgentFactory] = {
    "random": mnm_agents.RandomAgent,
    "quick seller": mnm_agents.QuickSeller,
    "late buyer": mnm_agents.LateBuyer,
    "hoarder": mnm_agents.Hoarder,
    "mechanic": mnm_agents.Mechanic,
}
COMPONENT_COLOURS = ("#7fb3d5", "#f5b041", "#af7ac5", "#99a3a4", "#ec7063", "#d68910", "#58d68d")


class MarsNeedsMechanicsTable(TableView):
    """Market, Order Line, your hand, every seat, mechanisms, set selling, two charts, log, undo."""

    game = mnm

    def __init__(
        self,
        *,
        players: int = 4,
        seed: int = 1,
        lineup: Sequence[str] = ("you", "quick seller", "late buyer", "hoarder"),
        rules: mnm.Rules | None = None,
        agents: Mapping[str, AgentFactory] | None = None,
    ) -> None:
        super().__init__(
            agents=agents or DEFAULT_AGENTS,
            players=players,
            seed=seed,
            lineup=lineup,
            rules=rules,
            describe=lambda action: mnm.describe(action, self.game_rules),
        )

    # -- building ------------------------------------------------------------------------------------
    def build(self) -> None:
        rules = self.game_rules
        self.header = w.HTML()
        self.market_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.order_line = w.HTML()
        self.hand = w.HTML()
        self.seats_table = w.HTML()
        self.hold_token = w.Checkbox(value=False, description="Governor: token stays", indent=False)
        self.pass_button = button("Pass", lambda: self._play(mnm.Pass()), icon="forward")
        self.end_turn_button = button("End turn", lambda: self._play(mnm.EndTurn()), icon="check")
        self.build_buttons: dict[int, w.Button] = {}
        self.break_buttons: dict[int, w.Button] = {}
        mechanism_rows = []
        for index, mechanism in enumerate(rules.mechanisms):
            if mechanism.key not in rules.in_play:
                continue
            cost = mnm.rules.cost_text(rules, mechanism.cost)
            build = button(f"Build {mechanism.name}", lambda i=index: self._play(mnm.Build(i)),
                           tooltip=f"{mechanism.ability} Cost: {cost}", layout=w.Layout(width="230px"))
            brk = button("Break down", lambda i=index: self._play(mnm.BreakDown(i)), layout=w.Layout(width="110px"))
            self.build_buttons[index] = build
            self.break_buttons[index] = brk
            label = w.HTML(f"<small><b>{escape(cost)}</b> — {escape(mechanism.ability)}</small>")
            mechanism_rows.append(w.HBox([build, brk, label]))
        self.sell_choice = w.Dropdown(options=[], description="Set", layout=w.Layout(width="420px"))
        self.sell_button = button("Sell this set", self._sell, button_style="success", icon="money")
        self.done_selling_button = button("Done selling", lambda: self._play(mnm.DoneSelling()))
        self.sell_panel = w.VBox([w.HTML("<b>Sell Sets</b> — choose a set, or finish."),
                                  w.HBox([self.sell_choice, self.sell_button, self.done_selling_button])])
        self.value_chart = LiveChart(charts.value_trajectories(economy.value_history(_empty_frame(), rules)))
        self.cogs_chart = LiveChart(charts.money_over_time(economy.cogs_history(_empty_frame(), 4, rules), players=4))
        controls = w.HBox([self.pass_button, self.end_turn_button, self.hold_token, self.undo_button])
        board = w.VBox([
            self.header,
            w.HTML("<b>Market</b> (click a card to buy it)"),
            self.market_box,
            self.order_line,
            controls,
            self.sell_panel,
            self.hand,
            w.HTML("<b>Mechanisms</b>"),
            w.VBox(mechanism_rows),
            self.seats_table,
            self.status.widget,
        ])
        self.widget = w.VBox([
            w.HBox([board, w.VBox([self.value_chart.box, self.cogs_chart.box], layout=w.Layout(width="480px"))]),
            w.HTML("<b>Log</b>"),
            self.log.widget,
            w.HTML("<b>New game</b>"),
            self.new_game_panel.widget,
        ])
        self.widget.add_class("playbook-mnm-table")

    # -- actions ---------------------------------------------------------------------------------------
    def _play(self, action: Action) -> None:
        self.act(action)

    def buy(self, component: int) -> None:
        self.act(mnm.Buy(component, bool(self.hold_token.value)))

    def _sell(self) -> None:
        choice = self.sell_choice.value
        if choice is None:
            self.status.error("you have no set to sell: a set is 3 or more of a component type")
            return
        self.act(choice)

    # -- redrawing -------------------------------------------------------------------------------------
    def refresh(self) -> None:
        match = self.match
        if match is None or not hasattr(self, "header"):
            return
        state: mnm.State = match.state  # type: ignore[assignment]
        rules = state.rules
        names = rules.components
        seat = self.seat
        you_move = match.waiting_for() == seat
        phase = ("over" if state.is_terminal else "Sell Sets" if state.phase == mnm.rules.SELL else "buying")
        turn = "—" if state.is_terminal else ("you" if you_move else f"seat {state.current}")
        self.header.value = (
            f"<h3 style='margin:4px 0'>Round {state.round} · {phase} · to move: {escape(turn)}</h3>"
            f"<span>Deck: {len(state.deck)} cards · discard pile: {state.discard} · first player: seat "
            f"{state.first_player} · passes in a row: {state.passes_in_row}</span>"
        )
        self._refresh_market(state, you_move)
        self.order_line.value = _order_line_html(state)
        hand = state.hands[seat]
        held = ", ".join(f"{hand[c]} {names[c]} (value {state.values[c]})" for c in range(mnm.NUM_TYPES) if hand[c])
        self.hand.value = (
            f"<b>Your hand</b> (seat {seat}): {escape(held) or 'no components'}; "
            f"{state.scrap[seat]} Scrap · <b>{state.cogs[seat]} cogs</b>"
        )
        self.seats_table.value = _seats_html(state, seat, match.agents)
        legal = set(state.legal_actions()) if you_move else set()
        primary = you_move and state.phase == mnm.rules.PLAY and not state.primary_done
        self.pass_button.disabled = not primary
        self.end_turn_button.disabled = mnm.EndTurn() not in legal
        self.hold_token.layout.display = None if state.has_built(seat, "governor") else "none"
        built_here = {b.mechanism for b in state.built[seat]}
        for index, widget in self.build_buttons.items():
            widget.disabled = mnm.Build(index) not in legal
            widget.button_style = "warning" if index in built_here else ""
        for index, widget in self.break_buttons.items():
            widget.disabled = mnm.BreakDown(index) not in legal
        selling = you_move and state.phase == mnm.rules.SELL
        self.sell_panel.layout.display = None if selling else "none"
        sales = [a for a in state.legal_actions() if isinstance(a, mnm.SellSet)] if selling else []
        self.sell_choice.options = [(_sale_label(state, a), a) for a in sales]
        self.sell_choice.index = 0 if sales else None
        self.sell_button.disabled = not sales
        self.done_selling_button.disabled = not selling
        self._refresh_charts(state)
        self.log.reset([_log_line(record) for record in match.events])
        if state.is_terminal:
            ranking = state.ranking()
            self.status.info(
                f"Game over: seat {ranking[0]} wins with {state.cogs[ranking[0]]} cogs"
                + (" — that's you!" if ranking[0] == seat else ".")
            )

    def _refresh_market(self, state: mnm.State, you_move: bool) -> None:
        names = state.rules.components
        buttons = []
        for place, card in enumerate(state.market):
            price = state.price(self.seat, card)
            card_button = button(
                f"{names[card]} · {price}",
                lambda c=card: self.buy(c),
                tooltip=f"Buy {names[card]} for {price} cogs",
                layout=w.Layout(width="140px", height="48px"),
                disabled=not (you_move and state.phase == mnm.rules.PLAY and not state.primary_done),
            )
            card_button.style.button_color = COMPONENT_COLOURS[card % len(COMPONENT_COLOURS)]
            card_button.add_class(f"mnm-card-{place}")
            buttons.append(card_button)
        for old in self.market_box.children:
            old.close()
        self.market_box.children = buttons

    def _refresh_charts(self, state: mnm.State) -> None:
        assert self.match is not None
        frame = self.match.events_frame()
        values = charts.value_trajectories(economy.value_history(frame, state.rules))
        cogs = charts.money_over_time(
            economy.cogs_history(frame, state.num_players, state.rules), players=state.num_players,
            names=[("you" if s == self.seat else f"seat {s}") for s in range(state.num_players)],
        )
        self.value_chart.update(values)
        self.cogs_chart.update(cogs)

    def live_charts(self) -> Sequence[LiveChart]:
        return (self.value_chart, self.cogs_chart)


def _empty_frame() -> Any:
    import pandas as pd

    return pd.DataFrame()


def _order_line_html(state: mnm.State) -> str:
    names = state.rules.components
    rise, fall = state.rules.order_line_rise, state.rules.order_line_fall
    cells = []
    for place, component in enumerate(state.order):
        if place < rise:
            colour, arrow = "#d4efdf", "▲"
        elif place >= len(state.order) - fall:
            colour, arrow = "#fadbd8", "▼"
        else:
            colour, arrow = "#f2f3f4", "="
        cells.append(
            f"<td style='background:{colour};padding:3px 8px;text-align:center'>{place + 1}. "
            f"{escape(names[component])}<br><b>{state.values[component]}</b> {arrow}</td>"
        )
    return (
        "<b>Order Line</b> (front first: the first three rise, the last three fall at the round's end)"
        f"<table class='mnm-order-line' style='border-collapse:collapse'><tr>{''.join(cells)}</tr></table>"
    )


def _seats_html(state: mnm.State, you: int, agents: Mapping[int, Any]) -> str:
    rules = state.rules
    rows = []
    for seat in range(state.num_players):
        who = "you" if seat == you else getattr(agents.get(seat), "name", "person")
        built = ", ".join(rules.mechanisms[b.mechanism].name for b in state.built[seat]) or "—"
        marker = " ★" if seat == state.first_player else ""
        bold = "font-weight:bold;" if seat == state.current and not state.is_terminal else ""
        rows.append(
            f"<tr style='{bold}'><td>seat {seat}{marker}</td><td>{escape(who)}</td>"
            f"<td class='mnm-cogs-{seat}'>{state.cogs[seat]}</td>"
            f"<td>{sum(state.hands[seat]) + state.scrap[seat]}</td><td>{escape(built)}</td></tr>"
        )
    return (
        "<table class='mnm-seats' style='border-collapse:collapse'><tr><th>seat</th><th>player</th><th>cogs</th>"
        f"<th>cards in hand</th><th>built</th></tr>{''.join(rows)}</table>"
    )


def _sale_label(state: mnm.State, sale: mnm.SellSet) -> str:
    value = state.values[sale.component]
    bonus = state.ability_param(state.current, "difference_engine", "bonus_per_card")
    earned = mnm.set_value(sale.cards, value, bonus)
    scrap = f" + {sale.scrap} Scrap" if sale.scrap else ""
    return f"{sale.cards} {state.rules.components[sale.component]}{scrap} at {value} → {earned} cogs"


def _log_line(record: Any) -> str:
    return f"Round {record.round}: {record.event}" if "Round" not in str(record.event) else str(record.event)


class OrderLineExplorer:
    """Choose a round's purchase order and see where every value goes: the Order Line rule, by hand."""

    def __init__(self, *, rules: mnm.Rules | None = None, order: Sequence[str] | None = None) -> None:
        self.rules = rules or mnm.Rules.standard()
        names = list(self.rules.components)
        self.start_order = list(order) if order is not None else names
        self.purchases = w.TagsInput(value=[], allowed_tags=names, allow_duplicates=True)
        self.final = w.Checkbox(value=False, description="last round of the game", indent=False)
        self.table = w.HTML()
        outcome = economy.purchase_order_table([], order=self.start_order, rules=self.rules)
        self.chart = LiveChart(_change_figure(outcome))
        self.purchases.observe(lambda _: self.refresh(), names="value")
        self.final.observe(lambda _: self.refresh(), names="value")
        self.widget = w.VBox([
            w.HTML(
                "<b>Purchases this round, in order</b> (type a component name and press Enter; the Order Line "
                f"starts as {escape(', '.join(self.start_order))})"
            ),
            w.HBox([self.purchases, self.final]),
            w.HBox([self.table, self.chart.box]),
        ])
        self.refresh()

    def set_purchases(self, purchases: Sequence[str]) -> None:
        self.purchases.value = list(purchases)

    def refresh(self) -> None:
        outcome = economy.purchase_order_table(
            list(self.purchases.value), order=self.start_order, final=bool(self.final.value), rules=self.rules
        )
        self.outcome = outcome
        self.table.value = outcome.to_html(index=False, classes="mnm-explorer-table")
        self.chart.update(_change_figure(outcome))

    def close(self) -> None:
        self.widget.close()

    def _ipython_display_(self) -> None:
        from IPython.display import display

        self.chart.rebuild()
        display(self.widget)


def _change_figure(outcome: Any) -> go.Figure:
    colours = ["#27ae60" if c > 0 else "#c0392b" if c < 0 else "#95a5a6" for c in outcome["change"]]
    fig = go.Figure(go.Bar(x=outcome["component"].tolist(), y=outcome["after"].tolist(), marker_color=colours,
                           text=[f"{c:+d}" for c in outcome["change"]]))
    fig.update_layout(title="Values after Adjust Values (front of the line on the left)", height=300,
                      margin={"l": 40, "r": 10, "t": 40, "b": 40}, template="plotly_white", yaxis_range=[0, 11])
    return fig


class PredictValue:
    """Predict-then-reveal: guess a component's value after a round, then see the answer and a score."""

    def __init__(self, *, seed: int = 7, rules: mnm.Rules | None = None) -> None:
        import random

        self.rules = rules or mnm.Rules.standard()
        rng = random.Random(seed)
        names = list(self.rules.components)
        self.order = names[:]
        rng.shuffle(self.order)
        self.values = {name: rng.randint(3, 7) for name in names}
        self.purchases = [rng.choice(names) for _ in range(rng.randint(3, 6))]
        self.target = rng.choice(names)
        self.guess = w.IntText(value=self.values[self.target], description="Your guess", layout=w.Layout(width="200px"))
        self.reveal_button = button("Reveal", self.reveal, button_style="primary")
        self.answer = w.HTML()
        scenario = (
            f"Order Line at the round's start (front first): <b>{escape(', '.join(self.order))}</b><br>"
            f"Values: {escape(', '.join(f'{n} {v}' for n, v in self.values.items()))}<br>"
            f"Purchases this round, in order: <b>{escape(', '.join(self.purchases))}</b><br>"
            f"What is <b>{escape(self.target)}</b> worth after Adjust Values?"
        )
        self.widget = w.VBox([w.HTML(scenario), w.HBox([self.guess, self.reveal_button]), self.answer])

    @property
    def correct_value(self) -> int:
        outcome = economy.round_outcome(self.purchases, order=self.order, values=self.values, rules=self.rules)
        return outcome.values_after[self.target]

    def reveal(self) -> int:
        """Show the answer with the reasoning; returns the points scored (3 exact, 1 off by one, 0 otherwise)."""
        outcome = economy.round_outcome(self.purchases, order=self.order, values=self.values, rules=self.rules)
        right = outcome.values_after[self.target]
        miss = abs(int(self.guess.value) - right)
        points = 3 if miss == 0 else 1 if miss == 1 else 0
        place = outcome.order_after.index(self.target) + 1
        self.answer.value = (
            f"<b>{escape(self.target)}</b> ends in place {place} of the Order Line "
            f"({escape(', '.join(outcome.order_after))}), so it goes from {self.values[self.target]} to "
            f"<b>{right}</b>. You score <b>{points}</b> point{'s' if points != 1 else ''}."
        )
        return points

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)
