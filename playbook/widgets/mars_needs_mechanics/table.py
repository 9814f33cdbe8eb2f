"""The Mars Needs Mechanics table (``MarsNeedsMechanicsTable``): a person plays one seat against agents.

The table shows only what its seat sees: ``observation(seat)``, ``legal_actions()``, ``describe()``,
``why_illegal()`` and event fields; never state fields. Every click becomes one engine action. A move the
rules forbid now is a disabled control whose tooltip gives ``why_illegal``, and a refusal names the card or
mechanism (``describe``), never an id. Its markup comes from ``html``, so the table holds only the widgets
and what a click does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

import ipywidgets as w
import pandas as pd

from playbook.charts import mars_needs_mechanics as mnm_charts
from playbook.charts.common import Spec
from playbook.charts.mars_needs_mechanics import component_colour
from playbook.core.protocol import Action
from playbook.games import mars_needs_mechanics as mnm
from playbook.games.mars_needs_mechanics import agents as mnm_agents
from playbook.games.mars_needs_mechanics import economy

from ..common import AgentFactory, ButtonRow, Choice, LiveChart, TableView, bot_menu, button, escape
from ..rules_panel import rules_panel
from .html import _hand_html, _header_html, _knowledge_html, _order_line_html, _sale_label, _seats_html

DEFAULT_AGENTS: dict[str, AgentFactory] = bot_menu(
    mnm_agents.STRATEGIES, random=mnm_agents.RandomAgent, random_first=True
)


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
        #: The market card at each place, as the card buttons show them (a click buys the card at its place).
        self.market_cards: list[int] = []
        self.market_row = ButtonRow(
            self.market_box, self._buy_at, prefix="mnm-card", layout={"width": "140px", "height": "48px"}
        )
        self.order_line = w.HTML()
        self.hand = w.HTML()
        self.seats_table = w.HTML()
        self.hold_token = w.Checkbox(value=False, description="Governor: token stays", indent=False)
        self.pass_button = button("Pass", lambda: self._play(mnm.Pass()), icon="forward")
        self.end_turn_button = button("End turn", lambda: self._play(mnm.EndTurn()), icon="check")
        self.build_buttons: dict[str, w.Button] = {}
        self.break_buttons: dict[str, w.Button] = {}
        self.built_badges: dict[str, w.HTML] = {}
        self.mechanism_rows: dict[str, w.HBox] = {}
        self.knowledge = w.HTML(layout=w.Layout(display="none"))
        self.knowledge.add_class("mnm-your-mechanisms")
        self.claw_choice = w.Dropdown(options=[], description="Send", layout=w.Layout(width="260px"))
        self.claw_button = button("Claw it", self._claw, icon="hand-rock-o")
        self.claw_row = w.HBox(
            [
                w.HTML("<b>Pneumatic Claw</b>: a market card under the deck, the top card in its place"),
                self.claw_choice,
                self.claw_button,
            ],
            layout=w.Layout(display="none"),
        )
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
                self.knowledge,
                self.claw_row,
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
                layout=w.Layout(width="110px", display="none"),
            )
            badge = w.HTML(
                f"<span class='mnm-built' style='display:inline-block;width:222px;padding:4px;border:1px solid #2e7d32;"
                f"color:#2e7d32'>✔ {escape(mechanism.name)}: built</span>",
                layout=w.Layout(display="none"),
            )
            self.build_buttons[mechanism.key] = build
            self.break_buttons[mechanism.key] = brk
            self.built_badges[mechanism.key] = badge
            label = w.HTML(f"<small><b>{escape(cost)}</b> — {escape(mechanism.ability)}</small>")
            row = w.HBox([build, badge, brk, label])
            self.mechanism_rows[mechanism.key] = row
            rows.append(row)
        return rows

    # -- actions ---------------------------------------------------------------------------------------
    def _play(self, action: Action) -> None:
        self.act(action)

    def act(self, action: Action) -> bool:
        """``TableView.act``, but a move the rules forbid now is refused here, worded with the card's or the
        mechanism's name (the engine's own refusal names its action by id: "buy component 4")."""
        match = self.match
        if match is not None and not match.is_over and match.waiting_for() is not None:
            reason = match.state.why_illegal(action)
            if reason is not None:
                who = f"Seat {match.waiting_for()}: " if self.hot_seat else ""
                self.status.error(f"{who}{self.describe(action)} — {reason}")
                self.refresh()
                return False
        return super().act(action)

    def buy(self, component: int) -> None:
        self.act(mnm.Buy(component, bool(self.hold_token.value)))

    def _sell(self) -> None:
        self._act_chosen(self.sell_choice, "you have no set to sell: a set is 3 or more of a component type")

    def _claw(self) -> None:
        self._act_chosen(self.claw_choice, "the Pneumatic Claw has nothing to send now")

    def _act_chosen(self, choice: w.Dropdown, nothing: str) -> None:
        """Play the dropdown's action, or say why there is none to play (an empty list has no value)."""
        if choice.value is None:
            self.status.error(nothing)
            return
        self.act(choice.value)

    # -- redrawing -------------------------------------------------------------------------------------
    def score_breakdown(self, observation: Mapping[str, Any]) -> pd.DataFrame:
        """Cogs by source, as the rulebook scores them: the starting cogs, what cards cost, what sets and the
        Automaton paid (from event fields, ``economy.money_flows``), the final cogs; then the rulebook's tie
        break, the fewest component cards in hand."""
        assert self.match is not None
        rules: mnm.Rules = self.game_rules
        paid = economy.money_flows(self.match).groupby(["seat", "source"])["amount"].sum()
        return pd.DataFrame(
            [
                {
                    "seat": seat,
                    "player": self.player_label(seat),
                    "starting cogs": rules.starting_cogs,
                    "paid for cards": int(paid.get((seat, "purchases"), 0)),
                    "from set sales": int(paid.get((seat, "set sales"), 0)),
                    "from the Automaton": int(paid.get((seat, "Automaton"), 0)),
                    "final cogs": observation["cogs"][seat],
                    "cards in hand (fewest wins a tie)": observation["hand_sizes"][seat],
                }
                for seat in range(self.match.players)
            ]
        )

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
        self.header.value = _header_html(obs, turn)
        self._refresh_market(obs, legal, you_move)
        self.order_line.value = _order_line_html(obs)
        self.hand.value = _hand_html(obs, self.player_label(seat))
        self.knowledge.value = _knowledge_html(obs, self.player_label(seat))
        self.knowledge.layout.display = None if self.knowledge.value else "none"
        labels = [self.player_label(s) for s in range(match.players)]
        self.seats_table.value = _seats_html(obs, labels, mover if not over else None)
        self.pass_button.disabled = mnm.Pass() not in legal
        self.end_turn_button.disabled = mnm.EndTurn() not in legal
        self.hold_token.layout.display = None if "governor" in obs["built"][seat] else "none"
        self._refresh_mechanisms(obs, legal, you_move)
        self._refresh_claw(obs, legal)
        self._refresh_selling(obs, legal, you_move)
        self._refresh_charts(None if over else obs["round"])
        self.log.reset([f"Round {record.round}: {record.event}" for record in match.events])
        who = f"Seat {seat}: " if self.hot_seat and you_move else ""
        self.hint.value = f"<b>{escape(who + self._next_step(obs, legal, you_move))}</b>"
        if over:
            self.status.info(self.game_over_line())

    def _why_not(self, action: Action, legal: set[Action], you_move: bool) -> str | None:
        """Why the person may not make ``action`` now (``None`` if they may): the engine's ``why_illegal`` on
        the person's own turn; otherwise whose turn it is (never the rules as they apply to another seat)."""
        if action in legal:
            return None
        assert self.match is not None
        if self.match.is_over:
            return "the game is over"
        if not you_move:
            mover = self.match.waiting_for()
            return "the bots are moving" if mover is None else f"it is {self.player_label(mover)}'s turn"
        return self.match.state.why_illegal(action) or "not open now"

    def _refresh_mechanisms(self, obs: mnm.Observation, legal: set[Action], you_move: bool) -> None:
        """A mechanism this seat has built shows as built (a badge, not a button); the others as Build buttons,
        disabled with the reason in their tooltip when they cannot be built now."""
        rules: mnm.Rules = self.game_rules
        mine = obs["built"][self.seat]
        for key, build in self.build_buttons.items():
            self.mechanism_rows[key].layout.display = None if key in obs["mechanisms"] else "none"
            mechanism = rules.by_key[key]
            built = key in mine
            build.layout.display = "none" if built else None
            self.built_badges[key].layout.display = None if built else "none"
            action = mnm.Build(key)
            build.disabled = action not in legal
            why = None if built else self._why_not(action, legal, you_move)
            cost = mnm.cost_text(rules, mechanism.cost)
            build.tooltip = f"{mechanism.ability} Cost: {cost}" + (f". Not now: {why}" if why else "")
            brk = self.break_buttons[key]
            brk.layout.display = None if built else "none"
            brk.disabled = mnm.BreakDown(key) not in legal
            why_not_break = self._why_not(mnm.BreakDown(key), legal, you_move) if built else None
            brk.tooltip = f"Break down the {mechanism.name}" + (f". Not now: {why_not_break}" if why_not_break else "")

    def _refresh_claw(self, obs: mnm.Observation, legal: set[Action]) -> None:
        claws = sorted((a for a in legal if isinstance(a, mnm.Claw)), key=lambda a: a.component)
        self.claw_row.layout.display = None if "pneumatic_claw" in obs["built"][self.seat] else "none"
        self.claw_choice.options = [(obs["components"][a.component], a) for a in claws]
        self.claw_choice.index = 0 if claws else None
        self.claw_button.disabled = not claws

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
            if self.watching:  # a bot game: nobody's move to take back, and nobody to call "you"
                return "The game is over: start a new game below."
            return "The game is over: start a new game below, or press Undo to take back your last move."
        if self.watching:
            return "A bot game: press Step for one bot move or Play to end."
        if not you_move:
            return "The bots are moving."
        if obs["phase"] == "sell":
            return "Sell Sets: choose a set and press Sell this set, or press Done selling to keep your cards."
        optional = [a for a in legal if isinstance(a, mnm.Build | mnm.BreakDown)]
        claw = " or use the Pneumatic Claw" if any(isinstance(a, mnm.Claw) for a in legal) else ""
        more = f"build or break down a mechanism{claw} first" if optional or claw else ""
        if obs["primary_done"]:
            return f"You have taken your primary action. Press End turn, or {more}." if more else "Press End turn."
        extra = f" You may also {more}." if more else ""
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

    def _refresh_market(self, obs: mnm.Observation, legal: set[Action], you_move: bool) -> None:
        """One button per market card at this seat's price; a card it may not buy now is disabled, its tooltip
        saying why (``why_illegal``: "You may not go into debt: the card costs 6 cogs and you have 4").

        The buttons are kept from click to click and only what changed is set on them (a traitlet set to its
        own value sends nothing): a new button per card on every click made the page build and lay out new
        widget models for the whole market."""
        names = obs["components"]
        hold = bool(self.hold_token.value) and "governor" in obs["built"][self.seat]
        self.market_cards = list(obs["market"])
        choices = []
        for card in self.market_cards:
            price = obs["prices"][card]
            why = self._why_not(mnm.Buy(card, hold), legal, you_move)
            choices.append(
                Choice(
                    f"{names[card]} · {price}",
                    tooltip=f"Buy {names[card]} for {price} cogs" + (f". Not now: {why}" if why else ""),
                    disabled=why is not None,
                    button_color=component_colour(card),
                )
            )
        self.market_row.show(choices)

    def _buy_at(self, place: int) -> None:
        """The card button at ``place`` was clicked: buy the card there now."""
        if place < len(self.market_cards):
            self.buy(self.market_cards[place])

    def _value_figure(self, frame: pd.DataFrame) -> Spec:
        """The value chart as a spec: a click redraws it, and a ``go.Figure`` cost most of a click."""
        rules: mnm.Rules = self.game_rules
        return mnm_charts.value_trajectories_spec(economy.value_history(frame, rules), components=rules.components)

    def _cogs_figure(self, frame: pd.DataFrame, players: int, round_in_play: int | None = None) -> Spec:
        rules: mnm.Rules = self.game_rules
        names = [self.player_label(s) for s in range(players)] if self.match is not None else []
        names += [f"seat {s}" for s in range(len(names), players)]
        cogs = economy.cogs_by_round(frame, players, rules.starting_cogs)
        return mnm_charts.cogs_by_round_spec(cogs, names, round_in_play=round_in_play)

    def _refresh_charts(self, round_in_play: int | None) -> None:
        assert self.match is not None
        frame = self.match.events_frame()
        self.value_chart.update(self._value_figure(frame))
        self.cogs_chart.update(self._cogs_figure(frame, self.match.players, round_in_play))

    def live_charts(self) -> Sequence[LiveChart]:
        return (self.value_chart, self.cogs_chart)
