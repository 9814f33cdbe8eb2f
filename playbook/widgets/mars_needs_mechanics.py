"""The Mars Needs Mechanics table: a person plays one seat against agents; an explorer and a prediction; a replay.

The table shows only what its seat sees: ``observation(seat)``, ``legal_actions()``, ``describe()``,
``why_illegal()`` (through the engine's refusal) and event fields; never state fields. Every click becomes
one engine action. Charts are ``LiveChart``s (a plotly figure in a widget's state, current whenever the page
draws it) updated as the match moves; their axes count rounds. Every view here is a ``View``: ``close()``
gives back every widget model it made.

``position_view(match, seat)`` draws the same table read-only for any match (a ``ReplayViewer`` renderer),
``play_table(fork, seat)`` a playable one on a forked match, and ``replay(match, seat)`` wires both into a
``ReplayViewer`` with the cogs chart.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any, cast

import ipywidgets as w
import pandas as pd

from playbook.charts import mars_needs_mechanics as mnm_charts
from playbook.charts.mars_needs_mechanics import component_colour
from playbook.core.match import Match
from playbook.core.protocol import Action
from playbook.games import mars_needs_mechanics as mnm
from playbook.games.mars_needs_mechanics import agents as mnm_agents
from playbook.games.mars_needs_mechanics import economy

from . import lab
from .common import AgentFactory, LiveChart, TableView, View, button, escape
from .replay import ReplayViewer, table_replay
from .rules_panel import rules_panel

DEFAULT_AGENTS: dict[str, AgentFactory] = {
    name: cast(AgentFactory, agent)
    for name, agent in (
        ("random", mnm_agents.RandomAgent),
        ("quick seller", mnm_agents.QuickSeller),
        ("late buyer", mnm_agents.LateBuyer),
        ("hoarder", mnm_agents.Hoarder),
        ("mechanic", mnm_agents.Mechanic),
    )
}
#: One colour per component id, shared with the charts.
COMPONENT_COLOURS = mnm_charts.COMPONENT_COLOURS
PHASE_WORDS = {"play": "buying", "sell": "Sell Sets", "over": "game over"}


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
        rules: mnm.Rules = self.game_rules
        self.header = w.HTML()
        self.hint = w.HTML()
        self.hint.add_class("mnm-next-step")
        self.market_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.order_line = w.HTML()
        self.hand = w.HTML()
        self.seats_table = w.HTML()
        self.hold_token = w.Checkbox(value=False, description="Governor: token stays", indent=False)
        self.pass_button = button("Pass", lambda: self._play(mnm.Pass()), icon="forward")
        self.end_turn_button = button("End turn", lambda: self._play(mnm.EndTurn()), icon="check")
        self.build_buttons: dict[str, w.Button] = {}
        self.break_buttons: dict[str, w.Button] = {}
        self.sell_choice = w.Dropdown(options=[], description="Set", layout=w.Layout(width="420px"))
        self.sell_button = button("Sell this set", self._sell, button_style="success", icon="money")
        self.done_selling_button = button("Done selling", lambda: self._play(mnm.DoneSelling()))
        self.sell_panel = w.VBox(
            [
                w.HTML("<b>Sell Sets</b> — choose a set, or finish."),
                w.HBox([self.sell_choice, self.sell_button, self.done_selling_button]),
            ]
        )
        empty = pd.DataFrame()
        self.value_chart = LiveChart(self._value_figure(empty))
        self.cogs_chart = LiveChart(self._cogs_figure(empty, self.new_game_panel.players.value))
        controls = w.HBox([self.pass_button, self.end_turn_button, self.hold_token, self.undo_button])
        board = w.VBox(
            [
                self.header,
                self.hint,
                w.HTML("<b>Market</b> (click a card to buy it)"),
                self.market_box,
                self.order_line,
                controls,
                self.sell_panel,
                self.hand,
                w.HTML("<b>Mechanisms</b>"),
                w.VBox(self._mechanism_rows(rules)),
                self.seats_table,
                self.status.widget,
            ],
            layout=w.Layout(flex="1 1 560px", min_width="0"),
        )
        self.rules_panel = rules_panel("mars_needs_mechanics")  # docs/rules/mars_needs_mechanics.md
        charts_column = w.VBox(
            [self.rules_panel, self.value_chart.box, self.cogs_chart.box],
            layout=w.Layout(flex="1 1 420px", min_width="0"),
        )
        self.widget = w.VBox(
            [
                w.HBox([board, charts_column], layout=w.Layout(flex_flow="row wrap", width="100%")),
                w.HTML("<b>Log</b> (newest first)"),
                self.log.widget,
                w.HTML("<b>New game</b>"),
                self.new_game_panel.widget,
            ]
        )
        self.widget.add_class("playbook-mnm-table")

    def _mechanism_rows(self, rules: mnm.Rules) -> list[w.HBox]:
        rows = []
        for mechanism in rules.mechanisms:
            if mechanism.key not in rules.in_play:
                continue
            cost = mnm.cost_text(rules, mechanism.cost)
            build = button(
                f"Build {mechanism.name}",
                partial(self._play, mnm.Build(mechanism.key)),
                tooltip=f"{mechanism.ability} Cost: {cost}",
                layout=w.Layout(width="230px"),
            )
            brk = button(
                "Break down",
                partial(self._play, mnm.BreakDown(mechanism.key)),
                layout=w.Layout(width="110px"),
            )
            self.build_buttons[mechanism.key] = build
            self.break_buttons[mechanism.key] = brk
            label = w.HTML(f"<small><b>{escape(cost)}</b> — {escape(mechanism.ability)}</small>")
            rows.append(w.HBox([build, brk, label]))
        return rows

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
    def observation(self) -> mnm.Observation:
        assert self.match is not None
        obs: mnm.Observation = self.match.state.observation(self.seat)  # type: ignore[assignment]
        return obs

    def on_read_only(self) -> None:
        self.hint.value = ""

    def refresh(self) -> None:
        match = self.match
        if match is None or not hasattr(self, "header"):
            return
        obs = self.observation()
        seat = self.seat
        you_move = match.waiting_for() == seat
        legal: set[Action] = set(match.legal_actions()) if you_move else set()
        over = obs["phase"] == "over"
        mover = obs["current_player"]
        turn = "—" if over or mover is None else self.player_label(mover)
        self.header.value = (
            f"<h3 style='margin:4px 0'>Round {obs['round']} · {PHASE_WORDS[obs['phase']]} · to move: "
            f"{escape(turn)}</h3><span>Deck: {obs['deck_size']} cards · discard pile: {obs['discard_size']} · "
            f"first player: seat {obs['first_player']} · passes in a row: {obs['passes_in_row']}</span>"
        )
        self._refresh_market(obs, you_move and obs["phase"] == "play" and not obs["primary_done"])
        self.order_line.value = _order_line_html(obs)
        self.hand.value = _hand_html(obs, self.player_label(seat))
        labels = [self.player_label(s) for s in range(match.players)]
        self.seats_table.value = _seats_html(obs, labels, mover if not over else None)
        self.pass_button.disabled = mnm.Pass() not in legal
        self.end_turn_button.disabled = mnm.EndTurn() not in legal
        self.hold_token.layout.display = None if "governor" in obs["built"][seat] else "none"
        for key, widget in self.build_buttons.items():
            widget.disabled = mnm.Build(key) not in legal
            widget.button_style = "warning" if key in obs["built"][seat] else ""
        for key, widget in self.break_buttons.items():
            widget.disabled = mnm.BreakDown(key) not in legal
        self._refresh_selling(obs, legal, you_move)
        self._refresh_charts()
        self.log.reset([f"Round {record.round}: {record.event}" for record in match.events])
        who = f"Seat {seat}: " if self.hot_seat and you_move else ""
        self.hint.value = f"<b>{escape(who + self._next_step(obs, legal, you_move))}</b>"
        if over:
            self.status.info(self.game_over_line())

    def _refresh_selling(self, obs: mnm.Observation, legal: set[Action], you_move: bool) -> None:
        selling = you_move and obs["phase"] == "sell"
        self.sell_panel.layout.display = None if selling else "none"
        sales = sorted((a for a in legal if isinstance(a, mnm.SellSet)), key=lambda a: (a.component, a.cards, a.scrap))
        self.sell_choice.options = [(_sale_label(obs, a), a) for a in sales]
        self.sell_choice.index = 0 if sales else None
        self.sell_button.disabled = not sales
        self.done_selling_button.disabled = not selling

    def _next_step(self, obs: mnm.Observation, legal: set[Action], you_move: bool) -> str:
        """What the person can do now, in words: never a page with no way on."""
        if obs["phase"] == "over":
            return "The game is over: start a new game below, or press Undo to take back your last move."
        if self.watching:
            return "A bot game: press Step for one bot move or Play to end."
        if not you_move:
            return "The bots are moving."
        if obs["phase"] == "sell":
            return "Sell Sets: choose a set and press Sell this set, or press Done selling to keep your cards."
        optional = [a for a in legal if isinstance(a, mnm.Build | mnm.BreakDown | mnm.Claw)]
        if obs["primary_done"]:
            if optional:
                return "You have taken your primary action. Press End turn, or build or break down a mechanism first."
            return "Press End turn."
        extra = " You may also build or break down a mechanism first." if optional else ""
        return f"Your turn: click a market card to buy it, or press Pass.{extra}"

    def game_over_line(self) -> str:
        """Who won and why the game ended, in words, from the final event's fields."""
        assert self.match is not None
        ended = next((r.event for r in reversed(self.match.events) if r.event.kind == "competition_ended"), None)
        if ended is None:
            return "Game over."
        winner: int = ended.winner  # type: ignore[attr-defined]
        cogs: tuple[int, ...] = ended.cogs  # type: ignore[attr-defined]
        reason: str = ended.reason  # type: ignore[attr-defined]
        label = self.player_label(winner)
        if label == "you":
            who = f"you win with {cogs[winner]} cogs."
        else:
            who = f"{label} wins with {cogs[winner]} cogs"
            who += f"; you have {cogs[self.seat]}." if len(self.humans) == 1 else "."
        return f"Game over ({reason}): {who}"

    def _refresh_market(self, obs: mnm.Observation, can_buy: bool) -> None:
        names = obs["components"]
        buttons = []
        for place, card in enumerate(obs["market"]):
            price = obs["prices"][card]
            card_button = button(
                f"{names[card]} · {price}",
                partial(self.buy, card),
                tooltip=f"Buy {names[card]} for {price} cogs",
                layout=w.Layout(width="140px", height="48px"),
                disabled=not can_buy,
            )
            card_button.style.button_color = component_colour(card)
            card_button.add_class(f"mnm-card-{place}")
            buttons.append(card_button)
        for old in self.market_box.children:
            old.close()
        self.market_box.children = buttons

    def _value_figure(self, frame: pd.DataFrame) -> Any:
        rules: mnm.Rules = self.game_rules
        return mnm_charts.value_trajectories(economy.value_history(frame, rules), components=rules.components)

    def _cogs_figure(self, frame: pd.DataFrame, players: int) -> Any:
        rules: mnm.Rules = self.game_rules
        names = [self.player_label(s) for s in range(players)] if self.match is not None else []
        names += [f"seat {s}" for s in range(len(names), players)]
        return mnm_charts.cogs_by_round(economy.cogs_by_round(frame, players, rules.starting_cogs), names)

    def _refresh_charts(self) -> None:
        assert self.match is not None
        frame = self.match.events_frame()
        self.value_chart.update(self._value_figure(frame))
        self.cogs_chart.update(self._cogs_figure(frame, self.match.players))

    def live_charts(self) -> Sequence[LiveChart]:
        return (self.value_chart, self.cogs_chart)


def _order_line_html(obs: mnm.Observation) -> str:
    names = obs["components"]
    rise, fall = obs["order_line_rise"], obs["order_line_fall"]
    order = obs["order_line"]
    cells = []
    for place, component in enumerate(order):
        if place < rise:
            arrow = "▲ rises"
        elif place >= len(order) - fall:
            arrow = "▼ falls"
        else:
            arrow = "= stays"
        cells.append(
            f"<td style='border-top:6px solid {component_colour(component)};padding:3px 8px;text-align:center'>"
            f"{place + 1}. {escape(names[component])}<br><b>{obs['values'][component]}</b> {arrow}</td>"
        )
    return (
        f"<b>Order Line</b> (front first: at the round's end the first {rise} rise, the last {fall} fall)"
        f"<table class='mnm-order-line' style='border-collapse:collapse'><tr>{''.join(cells)}</tr></table>"
    )


def _hand_html(obs: mnm.Observation, label: str) -> str:
    names = obs["components"]
    held = [
        f"<span style='border-left:6px solid {component_colour(c)};padding-left:4px;margin-right:8px'>"
        f"{count} {escape(names[c])} (value {obs['values'][c]})</span>"
        for c, count in enumerate(obs["hand"])
        if count
    ]
    return (
        f"<b>{'Your hand' if label == 'you' else escape(label.capitalize()) + ' holds'}</b> (seat {obs['seat']}): "
        f"{''.join(held) or 'no components'}; "
        f"{obs['scrap']} Scrap · <b>{obs['cogs'][obs['seat']]} cogs</b>"
    )


def _seats_html(obs: mnm.Observation, labels: Sequence[str], mover: int | None) -> str:
    names = obs["mechanism_names"]
    rows = []
    for seat, cogs in enumerate(obs["cogs"]):
        who = labels[seat]
        built = ", ".join(names[key] for key in obs["built"][seat]) or "—"
        marker = " ★" if seat == obs["first_player"] else ""
        bold = "font-weight:bold;" if seat == mover else ""
        rows.append(
            f"<tr style='{bold}'><td>seat {seat}{marker}</td><td>{escape(who)}</td>"
            f"<td class='mnm-cogs-{seat}'>{cogs}</td>"
            f"<td>{obs['hand_sizes'][seat]}</td><td>{escape(built)}</td></tr>"
        )
    return (
        "<table class='mnm-seats' style='border-collapse:collapse'><tr><th>seat</th><th>player</th><th>cogs</th>"
        f"<th>cards in hand</th><th>built</th></tr>{''.join(rows)}</table>"
        "<small>★ holds the First Player Marker</small>"
    )


def _sale_label(obs: mnm.Observation, sale: mnm.SellSet) -> str:
    value = obs["values"][sale.component]
    earned = mnm.set_value(sale.cards, value, obs["set_bonus"])
    scrap = f" + {sale.scrap} Scrap" if sale.scrap else ""
    return f"{sale.cards} {obs['components'][sale.component]}{scrap} at {value} → {earned} cogs"


class OrderLineExplorer(View):
    """Choose a round's purchase order and see where every value goes: the Order Line rule, by hand."""

    def __init__(self, *, rules: mnm.Rules | None = None, order: Sequence[str] | None = None) -> None:
        self.rules = rules or mnm.Rules.standard()
        names = list(self.rules.components)
        self.start_order = list(order) if order is not None else names
        self.purchases = w.TagsInput(value=[], allowed_tags=names, allow_duplicates=True)
        self.final = w.Checkbox(value=False, description="last round of the game", indent=False)
        self.table = w.HTML()
        self.outcome = economy.purchase_order_table([], order=self.start_order, rules=self.rules)
        self.chart = LiveChart(mnm_charts.value_changes(self.outcome))
        self.purchases.observe(lambda _: self.refresh(), names="value")
        self.final.observe(lambda _: self.refresh(), names="value")
        self.widget = w.VBox(
            [
                w.HTML(
                    "<b>Purchases this round, in order</b> (type a component name and press Enter; the Order "
                    f"Line starts as {escape(', '.join(self.start_order))})"
                ),
                w.HBox([self.purchases, self.final]),
                w.HBox([self.table, self.chart.box]),
            ]
        )
        self.refresh()

    def set_purchases(self, purchases: Sequence[str]) -> None:
        self.purchases.value = list(purchases)

    def refresh(self) -> None:
        outcome = economy.purchase_order_table(
            list(self.purchases.value), order=self.start_order, final=bool(self.final.value), rules=self.rules
        )
        self.outcome = outcome
        shown = outcome.drop(columns=["id"])
        self.table.value = shown.to_html(index=False, classes="mnm-explorer-table")
        self.chart.update(mnm_charts.value_changes(outcome))

    def live_charts(self) -> Sequence[LiveChart]:
        return (self.chart,)


RISE_STAY_FALL = ("rises", "stays", "falls")


class PredictValue(View):
    """Predict-then-reveal: where does a component end in the Order Line, and does its value rise, stay or fall?

    Nothing is pre-filled: both answers start empty, and Reveal asks for both before it shows anything.
    """

    def __init__(self, *, seed: int = 7, rules: mnm.Rules | None = None) -> None:
        self.rules = rules or mnm.Rules.standard()
        rng = random.Random(seed)
        names = list(self.rules.components)
        self.order = names[:]
        rng.shuffle(self.order)
        self.values = {name: rng.randint(3, 7) for name in names}
        self.purchases = [rng.choice(names) for _ in range(rng.randint(3, 6))]
        self.target = rng.choice(names)
        self.direction = w.Dropdown(
            options=[("choose…", None), *((word, word) for word in RISE_STAY_FALL)],
            value=None,
            description="Its value",
            layout=w.Layout(width="220px"),
        )
        self.place = w.Dropdown(
            options=[("choose…", None), *((str(p), p) for p in range(1, len(names) + 1))],
            value=None,
            description="Its place",
            layout=w.Layout(width="220px"),
        )
        self.reveal_button = button("Reveal", self._on_reveal, button_style="primary")
        self.answer = w.HTML()
        scenario = (
            f"Order Line at the round's start (front first): <b>{escape(', '.join(self.order))}</b><br>"
            f"Purchases this round, in order: <b>{escape(', '.join(self.purchases))}</b><br>"
            f"Where is <b>{escape(self.target)}</b> in the Order Line at the round's end (1 = front), and does its "
            "value rise, stay or fall at Adjust Values?"
        )
        self.widget = w.VBox([w.HTML(scenario), w.HBox([self.place, self.direction, self.reveal_button]), self.answer])

    def _outcome(self) -> economy.RoundOutcome:
        return economy.round_outcome(self.purchases, order=self.order, values=self.values, rules=self.rules)

    @property
    def correct_place(self) -> int:
        return self._outcome().order_after.index(self.target) + 1

    @property
    def correct_direction(self) -> str:
        change = self._outcome().changes[self.target]
        return "rises" if change > 0 else "falls" if change < 0 else "stays"

    def _on_reveal(self) -> None:
        self.reveal()

    def reveal(self) -> int:
        """Show the answer with the reasoning; returns the points (1 for the place, 1 for the direction)."""
        if self.place.value is None or self.direction.value is None:
            self.answer.value = "<i>Choose a place and rise, stay or fall first, then press Reveal.</i>"
            return 0
        outcome = self._outcome()
        place, direction = self.correct_place, self.correct_direction
        points = int(self.place.value == place) + int(self.direction.value == direction)
        self.answer.value = (
            f"<b>{escape(self.target)}</b> ends in place <b>{place}</b> of the Order Line "
            f"({escape(', '.join(outcome.order_after))}), so its value <b>{direction}</b> "
            f"({self.values[self.target]} → {outcome.values_after[self.target]}). "
            f"You score <b>{points}</b> of 2."
        )
        return points


# -- replay ------------------------------------------------------------------------------------------------


def position_view(match: Match, seat: int = 0) -> w.Widget:
    """The Mars Needs Mechanics table for ``match`` as it stands, seen by ``seat``, read-only: every control
    disabled, the New game panel hidden, and nothing subscribed to the match (a ``ReplayViewer`` renderer)."""
    return MarsNeedsMechanicsTable.on_match(match, seat, subscribe=False).read_only()


def play_table(fork: Match, seat: int) -> MarsNeedsMechanicsTable:
    """A playable table on ``fork`` (a match forked at some step) with the person in ``seat``: bots move up to
    the person's decision, then the table waits for a click."""
    return MarsNeedsMechanicsTable.on_match(fork, seat, subscribe=True).play_on()


def replay(match: Match, seat: int = 0) -> ReplayViewer:
    """A ``ReplayViewer`` of a Mars Needs Mechanics match: the read-only table at each step, the cogs-by-round
    chart with a cursor on the step's round, and "Play from here" opening a table below it on the fork, the
    person in the viewer's seat (``viewer.opened_tables`` keeps the table opened)."""
    rules: mnm.Rules = match.rules or mnm.Rules.standard()

    def figure(m: Match) -> Any:
        names = [f"seat {s}" for s in range(m.players)]
        return mnm_charts.cogs_by_round(economy.cogs_by_round(m.events_frame(), m.players, rules.starting_cogs), names)

    return table_replay(MarsNeedsMechanicsTable, match, seat, figure=figure)


class LabTabs(lab.LabTabs):
    """The dashboard's strategy lab: a **Strategy lab** tab (the threshold seller's knobs against the bots,
    four players, seeded), a **Rule sweep** tab (a ``SweepExplorer`` over the numeric rules, the KPIs of
    ``economy.metrics`` among its measures) and a **Replay** tab (a seeded game of the four bots, any step shown
    read-only, "Play from here" to take seat 0), built when its tab is first opened."""

    def __init__(self, *, seed: int = 1, games: int = 40) -> None:
        self.seed = seed
        super().__init__(
            lab.StrategyLab(mnm, mnm_agents.ThresholdSeller, DEFAULT_AGENTS, players=4, games=games, seed=seed),
            self._seeded_replay,
            sweep=lab.SweepExplorer(mnm, DEFAULT_AGENTS, games=20, seed=seed, players=4),
        )

    def _seeded_replay(self) -> ReplayViewer:
        lineup = [mnm_agents.QuickSeller(), mnm_agents.LateBuyer(), mnm_agents.Hoarder(), mnm_agents.Mechanic()]
        match = Match(mnm, players=4, seed=self.seed, agents=dict(enumerate(lineup)))
        match.advance()
        return replay(match, seat=0)
