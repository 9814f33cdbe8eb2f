"""Parts Unknown in Jupyter: a playable table, the going-rate explorer and a predict-then-reveal exercise.

The table reads only what the person's seat sees: ``observation(seat)`` (every shelf with its prices, the
board with Viktor, the Town, the Calendar, Surplus and Shortage per house, Riot and Monster, the auction),
``legal_actions()``, the engine's ``describe`` and event fields. Every click becomes one engine action; the
engine's message for an illegal one lands in the status line. An auction bid is typed. The explorer answers
"what sells if I price at $X" for a market built by hand, through ``economy.demand_resolution``.

The frame builders (``sales_frame``, ``seat_revenue``, ``revenue_by_price``, ``money_frame``) live in
``playbook.games.parts_unknown.economy``; they are re-exported here for older notebooks.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

import ipywidgets as w
import pandas as pd
import plotly.graph_objects as go

from playbook import charts
from playbook.charts.parts_unknown import category_colour
from playbook.core.match import EventRecord, Match
from playbook.core.protocol import Action
from playbook.games import parts_unknown as pu
from playbook.games.parts_unknown import agents as pu_agents
from playbook.games.parts_unknown import economy
from playbook.games.parts_unknown.economy import (
    Offer,
    Resolution,
    money_frame,
    revenue_by_price,
    sales_frame,
    seat_revenue,
)

from .. import lab as lab_views
from ..common import (
    AgentFactory,
    LiveChart,
    TableView,
    button,
    escape,
    money,
    no_math,
    replace_children,
)
from ..replay import ReplayViewer, table_replay
from ..rules_panel import rules_panel

__all__ = [
    "DEFAULT_AGENTS",
    "LAB_AGENTS",
    "GoingRateExplorer",
    "LabTabs",
    "PartsUnknownTable",
    "PredictDemand",
    "describe",
    "money_frame",
    "play_table",
    "position_view",
    "replay",
    "revenue_by_price",
    "sales_frame",
    "seat_revenue",
]

Obs = Mapping[str, Any]

DEFAULT_AGENTS: dict[str, AgentFactory] = {
    name: cast(AgentFactory, agent)
    for name, agent in (
        ("random", pu_agents.RandomAgent),
        ("undercutter", pu_agents.Undercutter),
        ("top shelf", pu_agents.TopShelf),
        ("liquidator", pu_agents.Liquidator),
        ("cornerer", pu_agents.Cornerer),
        ("shelf builder", pu_agents.ShelfBuilder),
    )
}
SELLERS = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")
PHASE_WORDS = {
    "choose": "set-up: choose cards to stock",
    "first_pricer": "set-up",
    "price": "set-up: price the chosen cards",
    "first_player": "set-up",
    "buy": "Step 1 (Buy Stuff)",
    "stock": "Step 2 (Stock and Price)",
    "viktor": "Step 3 (Move Viktor)",
    "auction": "Auction",
    "over": "game over",
}


def describe(action: Action, rules: pu.Rules | None = None) -> str:
    """An action in a person's words (the engine's ``describe``)."""
    return pu.describe(action, rules)


def _dollars(prices: Sequence[int]) -> str:
    """A price column for HTML: "$20 / $14 / $11 / $6" that MathJax leaves alone."""
    return " / ".join(money(p) for p in prices)


def _card_chip(name: str, category: str, text: str) -> str:
    """A card name in its category's colour (the same colour as in the charts)."""
    colour = category_colour(category)
    return f"<span style='border-left:6px solid {colour};padding-left:4px'>{text}</span>"


# --- the playable table --------------------------------------------------------------------------------------


class PartsUnknownTable(TableView):
    """Every seat's shelves, your hand, drawing, buying, stocking, pricing, Parts Unknown, the board with
    Viktor, the Town and the Calendar, auctions (type a bid), a money chart, a log, undo and a new-game panel."""

    game = pu

    def __init__(
        self,
        *,
        players: int = 4,
        seed: int = 1,
        lineup: Sequence[str] = ("you", "undercutter", "top shelf", "liquidator"),
        rules: pu.Rules | None = None,
        agents: Mapping[str, AgentFactory] | None = None,
    ) -> None:
        self.obs: Obs = {}
        super().__init__(
            agents=agents or DEFAULT_AGENTS,
            players=players,
            seed=seed,
            lineup=lineup,
            rules=rules,
            describe=lambda action: pu.describe(action, rules),
        )

    # -- building ------------------------------------------------------------------------------------
    def build(self) -> None:
        self.header = w.HTML()
        self.board = w.HTML()
        self.seats_table = w.HTML()
        self.hand = w.HTML()
        # Set-up: choose up to four cards, then price them.
        self.setup_intro = w.HTML()
        self.setup_box = w.VBox()
        self.choose_button = button("Stock the ticked cards", self._choose, button_style="primary", icon="check")
        self.setup_panel = w.VBox([self.setup_intro, self.setup_box, self.choose_button])
        # Step 1: draw, buy from a shelf, buy a shelf.
        self.draw_info = w.HTML()
        self.draw_buttons: dict[int, w.Button] = {}
        self.draw_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.buy_shelf_button = button("Buy a shelf", lambda: self._click(pu.BuyShelf()))
        self.shop_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.step1_panel = w.VBox(
            [
                w.HTML("<b>Step 1: Buy Stuff</b>"),
                self.draw_info,
                self.draw_box,
                w.HTML("Buy from another store's shelf (at its marked price):"),
                self.shop_box,
                self.buy_shelf_button,
            ]
        )
        # Step 2: stock, price, reprice, Parts Unknown.
        self.hand_choice = w.Dropdown(options=[], description="Card", layout=w.Layout(width="260px"))
        self.stock_price = w.Dropdown(options=[], description="Price", layout=w.Layout(width="170px"))
        self.stock_button = button("Stock at this price", self._stock, button_style="success", icon="tag")
        self.dump_hand_button = button("Into Parts Unknown", self._dump_hand, icon="trash")
        self.shelf_choice = w.Dropdown(options=[], description="Shelf", layout=w.Layout(width="260px"))
        self.reprice_choice = w.Dropdown(options=[], description="New price", layout=w.Layout(width="170px"))
        self.reprice_button = button("Reprice", self._reprice, icon="tags")
        self.dump_shelf_button = button("Into Parts Unknown", self._dump_shelf, icon="trash")
        self.hand_choice.observe(lambda _: self._fill_prices(self.hand_choice, self.stock_price), names="value")
        self.shelf_choice.observe(lambda _: self._fill_prices(self.shelf_choice, self.reprice_choice), names="value")
        self.step2_panel = w.VBox(
            [
                w.HTML(
                    "<b>Step 2: Stock and Price</b> (anything here ends Step 1; Parts Unknown sells at half the "
                    "going rate when Viktor passes the growth corner, and never comes back)"
                ),
                w.HBox([self.hand_choice, self.stock_price, self.stock_button, self.dump_hand_button]),
                w.HBox([self.shelf_choice, self.reprice_choice, self.reprice_button, self.dump_shelf_button]),
            ]
        )
        self.roll_button = button("Roll for Viktor", lambda: self._click(pu.RollForViktor()), button_style="warning")
        self.roll_button.add_class("pu-roll")
        # Auction: "Anyone may increase the bid at any time": type any amount above the standing bid.
        self.auction_info = w.HTML()
        self.bid_amount = w.BoundedIntText(
            value=1, min=0, max=10_000, description="Your bid", layout=w.Layout(width="180px")
        )
        self.bid_amount.add_class("pu-bid-amount")
        self.bid_button = button("Bid", self._bid, button_style="primary", icon="gavel")
        self.bid_button.add_class("pu-bid")
        self.pass_button = button("Pass", lambda: self._click(pu.Pass()), icon="times")
        self.pass_button.add_class("pu-pass")
        self.auction_panel = w.VBox(
            [self.auction_info, w.HBox([self.bid_amount, self.bid_button, self.pass_button])],
            layout=w.Layout(border="2px solid #f5b041", padding="4px"),
        )
        self.money_chart = LiveChart(self._money_figure(None))
        controls = w.HBox([self.roll_button, self.undo_button])
        left = w.VBox(
            [
                self.header,
                self.board,
                self.seats_table,
                self.hand,
                self.setup_panel,
                self.auction_panel,
                self.step1_panel,
                self.step2_panel,
                controls,
                self.status.widget,
            ],
            layout=w.Layout(flex="3 1 0%", min_width="0"),
        )
        self.rules_brief = rules_panel("parts_unknown")
        right = w.VBox([self.rules_brief, self.money_chart.box], layout=w.Layout(flex="2 1 0%", min_width="0"))
        self.widget = w.VBox(
            [
                w.HBox([left, right], layout=w.Layout(width="100%")),
                w.HTML("<b>Log</b>"),
                self.log.widget,
                w.HTML("<b>New game</b>"),
                self.new_game_panel.widget,
            ]
        )
        self.widget.add_class("playbook-pu-table")

    # -- clicks --------------------------------------------------------------------------------------
    def _choose(self) -> None:
        order = list(self.obs.get("cards", {}))
        names = [box.description_name for box in self.setup_box.children if box.value]
        self.act(pu.ChooseStock(tuple(sorted(names, key=order.index))))

    def _stock(self) -> None:
        card, price = self.hand_choice.value, self.stock_price.value
        if card is None or price is None:
            self.status.error("you have no card in hand to stock")
            return
        self.act(pu.Stock(card, price))

    def _dump_hand(self) -> None:
        if self.hand_choice.value is None:
            self.status.error("you have no card in hand to put into Parts Unknown")
            return
        self.act(pu.DumpFromHand(self.hand_choice.value))

    def _reprice(self) -> None:
        item, price = self.shelf_choice.value, self.reprice_choice.value
        if item is None or price is None:
            self.status.error("you show nothing on your shelves")
            return
        self.act(pu.Reprice(item[0], item[1], price))

    def _dump_shelf(self) -> None:
        item = self.shelf_choice.value
        if item is None:
            self.status.error("you show nothing on your shelves")
            return
        self.act(pu.DumpFromShelf(item[0], item[1]))

    def _click(self, action: Action) -> None:
        self.act(action)

    def _bid(self) -> None:
        self.bid(int(self.bid_amount.value or 0))

    def bid(self, amount: int) -> bool:
        """Bid ``amount`` dollars in the auction, as a person types it."""
        return bool(self.act(pu.Raise(amount)))

    def buy_card(self, seller: int, card: str, price: int) -> None:
        self.act(pu.BuyCard(seller, card, price))

    def draw(self, count: int) -> None:
        self.act(pu.Draw(count))

    def _prices(self, card: str) -> list[int]:
        prices: list[int] = self.obs["cards"][card]["prices"]
        return prices

    def _fill_prices(self, source: w.Dropdown, target: w.Dropdown) -> None:
        value = source.value
        if value is None or not self.obs:
            target.options = []
            return
        card = value if isinstance(value, str) else value[0]
        prices = self._prices(card)
        keep = target.value
        target.options = [(f"${p}", p) for p in prices]
        if isinstance(value, tuple):  # a shelf: start at another price than the marked one
            other = [p for p in prices if p != value[1]]
            target.value = keep if keep in other else other[0]
        else:
            target.value = keep if keep in prices else prices[1]

    # -- redrawing -------------------------------------------------------------------------------------
    def refresh(self) -> None:
        match = self.match
        if match is None or not hasattr(self, "header"):
            return
        obs = match.state.observation(self.seat)
        self.obs = obs
        you_move = match.waiting_for() == self.seat
        legal = set(match.legal_actions()) if you_move else set()
        phase = obs["phase"]
        self.header.value = _header_html(obs, self.seat, self.player_label(self.seat), you_move)
        self.board.value = _board_html(obs)
        self.seats_table.value = _seats_html(obs, self.seat, self.player_label)
        self.hand.value = _hand_html(obs, self.owner_words())
        self._refresh_setup(obs, you_move and phase == "choose")
        self._refresh_step1(obs, legal, you_move and phase == "buy")
        self._refresh_step2(obs, legal, you_move and phase in ("price", "buy", "stock"))
        self.roll_button.disabled = pu.RollForViktor() not in legal
        self.roll_button.layout.display = None if phase in ("buy", "stock", "viktor") else "none"
        self._refresh_auction(obs, legal, you_move and phase == "auction")
        self.money_chart.update(self._money_figure(match))
        self.log.reset([_log_line(record) for record in match.events])
        if obs["over"]:
            self.status.info(self.game_over_line(obs))

    def owner_words(self) -> str:
        """Whose cards the table shows: "Your" for the person(s) at the screen, "Seat 2's" in a bot game."""
        return f"Seat {self.seat}'s" if self.watching else "Your"

    def game_over_line(self, obs: Obs) -> str:
        """The end in words: why it ended, who won and with how much."""
        winners: list[int] = obs["winners"]
        best = obs["scores"][winners[0]] if winners else 0
        names = [self.player_label(seat) for seat in winners]
        who = " and ".join(names)
        verb = "share the win" if len(winners) > 1 else ("win" if who == "you" else "wins")
        bonus = f" (money plus ${obs['shelf_value']} a shelf)" if obs["end"] == "calendar" else ""
        return f"Game over: {obs['end_reason']}. {who[:1].upper() + who[1:]} {verb} with ${best}{bonus}."

    def _refresh_setup(self, obs: Obs, show: bool) -> None:
        self.setup_panel.layout.display = None if show else "none"
        if not show:
            if self.setup_box.children:
                replace_children(self.setup_box, [])
            return
        self.setup_intro.value = (
            f"<b>Before the first turn</b>: tick up to {obs['setup_stock']} cards to put on display "
            "(the others stay hidden), then price them below."
        )
        boxes = []
        for name, count in obs["hand"].items():
            prices = obs["cards"][name]["prices"]
            for _ in range(count):
                box = w.Checkbox(
                    value=False,
                    description=no_math(f"{escape(name)} ({_dollars(prices)})"),
                    description_allow_html=True,
                    indent=False,
                    layout=w.Layout(width="auto", min_width="300px"),
                )
                box.description_name = name
                boxes.append(box)
        replace_children(self.setup_box, boxes)

    def _draw_button(self, count: int) -> w.Button:
        widget = self.draw_buttons.get(count)
        if widget is None:
            widget = button(
                f"Draw {count}", functools.partial(self.draw, count), layout=w.Layout(width="auto", min_width="150px")
            )
            widget.add_class(f"pu-draw-{count}")
            self.draw_buttons[count] = widget
            self.draw_box.children = [self.draw_buttons[k] for k in sorted(self.draw_buttons)]
        return widget

    def _refresh_step1(self, obs: Obs, legal: set[Action], show: bool) -> None:
        self.step1_panel.layout.display = None if show else "none"
        riot = bool(obs["riot"])
        drawn = int(obs["drawn"])
        limit = int(obs["max_draw"])
        costs: list[int] = obs["draw_prices"]
        for k in range(1, max(limit, len(self.draw_buttons)) + 1):
            widget = self._draw_button(k)
            room = k <= len(costs)
            widget.layout.display = None if room else "none"
            if room:
                total = costs[k - 1]
                marginal = total - (costs[k - 2] if k > 1 else 0)
                widget.description = f"Draw {k}: ${total} (+${marginal})"
                widget.tooltip = f"{k} more card(s) cost ${total} in all; the last of them costs ${marginal}"
            widget.disabled = pu.Draw(k) not in legal
        riot_text = " <b>Riot is on</b>: each card drawn costs one more card's price." if riot else ""
        next_card = f"The next card costs <b>{money(costs[0])}</b> (the marginal price); " if costs else ""
        self.draw_info.value = (
            f"Drawn this turn: {drawn} of {limit} for {money(obs['drawn_cost'])}. {next_card}"
            "each button shows the total for that many more cards and (+) the price of the last one." + riot_text
        )
        self.buy_shelf_button.description = f"Buy a shelf · ${obs['shelf_cost']}"
        self.buy_shelf_button.disabled = pu.BuyShelf() not in legal
        buttons = []
        if show:
            for seller, shelf in enumerate(obs["displays"]):
                if seller == self.seat:
                    continue
                for name, price in sorted({(item[0], item[1]) for item in shelf}):
                    widget = button(
                        f"{name} ${price} · seat {seller}",
                        functools.partial(self.buy_card, seller, name, price),
                        tooltip=f"Buy {name} from seat {seller} for ${price}",
                        layout=w.Layout(width="auto", min_width="180px"),
                        disabled=pu.BuyCard(seller, name, price) not in legal,
                    )
                    widget.add_class(f"pu-buy-{seller}")
                    widget.style.button_color = category_colour(obs["cards"][name]["category"]) + "33"
                    buttons.append(widget)
        replace_children(self.shop_box, buttons)

    def _refresh_step2(self, obs: Obs, legal: set[Action], show: bool) -> None:
        self.step2_panel.layout.display = None if show else "none"
        pricing = obs["phase"] == "price"
        if pricing:
            names = list(dict.fromkeys(obs["revealed"]["cards"])) if obs["revealed"] else []
        else:
            names = list(obs["hand"])
        hand_options = [(f"{n} ({obs['hand'].get(n, 1)})" if not pricing else n, n) for n in names]
        _set_options(self.hand_choice, hand_options)
        self._fill_prices(self.hand_choice, self.stock_price)
        shelf = sorted({(item[0], item[1]) for item in obs["displays"][self.seat]})
        _set_options(self.shelf_choice, [(f"{n} at ${p}", (n, p)) for n, p in shelf])
        self._fill_prices(self.shelf_choice, self.reprice_choice)
        self.stock_button.disabled = not any(isinstance(a, pu.Stock) for a in legal)
        self.dump_hand_button.disabled = pricing or not any(isinstance(a, pu.DumpFromHand) for a in legal)
        self.dump_hand_button.layout.display = "none" if pricing else None
        shelf_moves = any(isinstance(a, pu.Reprice | pu.DumpFromShelf) for a in legal)
        self.reprice_button.disabled = self.dump_shelf_button.disabled = not shelf_moves
        for widget in (self.shelf_choice, self.reprice_choice, self.reprice_button, self.dump_shelf_button):
            widget.layout.display = "none" if pricing else None

    def _refresh_auction(self, obs: Obs, legal: set[Action], you_bid: bool) -> None:
        auction = obs["auction"]
        self.auction_panel.layout.display = None if auction else "none"
        can_bid = any(isinstance(a, pu.Raise) for a in legal)
        self.bid_button.disabled = not can_bid
        self.bid_amount.disabled = not can_bid
        self.pass_button.disabled = pu.Pass() not in legal
        if not auction:
            return
        cards = ", ".join(f"{n} {escape(c)}" for c, n in auction["cards"].items())
        leader = auction["leader"]
        high = f"{money(auction['bid'])} by {escape(self.player_label(leader))}" if leader >= 0 else "none yet"
        waiting = ", ".join(escape(self.player_label(s)) for s in auction["waiting"]) or "nobody"
        turn = (
            "your bid: type any amount above the standing bid, or pass"
            if you_bid
            else (f"{escape(self.player_label(obs['current_player']))} to bid")
        )
        self.auction_info.value = (
            f"<b>Auction</b> of {cards} · standing bid: <b>{high}</b> · still to pass or raise: {waiting} · "
            f"{turn} ({self.owner_words()} money: {money(obs['money'][self.seat])}). A seat that passed may bid again "
            "after a raise; "
            "the auction ends when everyone else has passed on the standing bid."
        )
        if you_bid and int(self.bid_amount.value or 0) <= auction["bid"]:
            self.bid_amount.value = min(auction["bid"] + 1, int(obs["money"][self.seat]))

    def live_charts(self) -> Sequence[LiveChart]:
        return (self.money_chart,)

    def _money_figure(self, match: Match | None) -> go.Figure:
        players = match.players if match is not None else int(self.new_game_panel.players.value)
        frame = economy.parts_unknown_money(pd.DataFrame(), players=players) if match is None else money_frame(match)
        names = [self.player_label(s) for s in range(players)] if match is not None else None
        return charts.money_over_time(
            frame, value="money", x="round", players=players, names=names, title="Money per seat by round"
        )


def _set_options(dropdown: w.Dropdown, options: list[tuple[str, Any]]) -> None:
    keep = dropdown.value
    if list(dropdown.options) == options:
        return
    dropdown.options = options
    values = [v for _, v in options]
    dropdown.value = keep if keep in values else (values[0] if values else None)


def _header_html(obs: Obs, seat: int, label: str, you_move: bool) -> str:
    phase = PHASE_WORDS[obs["phase"]]
    current = obs["current_player"]
    who = "—" if obs["over"] else (label if you_move else f"seat {current}" if current is not None else "—")
    if current == -1:
        who = "chance"
    turn = f"Turn {obs['round']} (seat {obs['turn_seat']}'s)" if obs["round"] else "Before the first turn"
    return no_math(
        f"<h3 style='margin:4px 0'>{turn} · {phase} · to move: {escape(who)}</h3>"
        f"<span>The table shows seat {seat}'s cards. Deck: {obs['deck_size']} cards.</span>"
    )


def _board_html(obs: Obs) -> str:
    board = obs["board"]
    houses = {h["name"]: h for h in obs["houses"]}
    rows = []
    for name, house in houses.items():
        cells = []
        for index, (kind, where, _, label) in enumerate(board):
            if where != name:
                continue
            lit = (kind == "riot" and obs["riot"]) or (kind == "monster" and obs["monster"])
            here = index == obs["viktor"]
            colour = "#f9e79f" if here else "#f5b7b1" if lit else "#f2f3f4"
            mark = "<br><b>♟ Viktor</b>" if here else ("<br><b>ON</b>" if lit else "")
            cells.append(
                f"<td class='pu-space-{index}' style='background:{colour};padding:2px 6px;text-align:center;"
                f"font-size:12px'>{escape(label)}{mark}</td>"
            )
        if house["converts"]:
            dots = (
                f"Surplus {house['surplus']}/{house['surplus_dots']} · "
                f"Shortage {house['shortage']}/{house['shortage_dots']}"
            )
        else:
            dots = f"Surplus {house['surplus']} · Shortage {house['shortage']} (never converts)"
        rows.append(
            f"<tr><th style='text-align:left;padding-right:8px'>{_card_chip(name, house['category'], escape(name))}"
            f"</th>{''.join(cells)}<td class='pu-dots-{escape(name)}' style='padding-left:8px;font-size:12px'>"
            f"{dots}</td></tr>"
        )
    shocks = [name.capitalize() for name in ("riot", "monster") if obs[name]]
    rates = ", ".join(f"{escape(c)} {money(r)}" for c, r in obs["going_rates"].items()) or "none (nothing on display)"
    return no_math(
        "<b>The board</b> (Viktor moves left to right, row by row; X = the Town)"
        f"<table class='pu-board' style='border-collapse:collapse'>{''.join(rows)}</table>"
        f"<span class='pu-town'>Town: <b>{obs['town']}</b> Townesfolk</span> · "
        f"<span class='pu-calendar'>Calendar: {obs['calendar_moves']} of {obs['calendar_length']}</span> · "
        f"Riot/Monster: {', '.join(shocks) or 'off'}<br>"
        f"<span class='pu-going-rates'>Going rates shown now: {rates}</span>"
    )


def _seats_html(obs: Obs, you: int, label: Callable[[int], str]) -> str:
    rows = []
    cards = obs["cards"]
    for seat in range(obs["num_players"]):
        shelf = obs["displays"][seat]
        shown = ", ".join(
            _card_chip(name, cards[name]["category"], f"{escape(name)} {money(price)}") for name, price in shelf
        )
        bold = "font-weight:bold;" if seat == obs["current_player"] else ""
        rows.append(
            f"<tr style='{bold}'><td>seat {seat}</td><td>{escape(label(seat))}</td>"
            f"<td class='pu-money-{seat}'>{money(obs['money'][seat])}</td>"
            f"<td>{len(shelf)}/{obs['shelves'][seat]}</td><td class='pu-shelf-{seat}'>{shown or '—'}</td>"
            f"<td>{obs['hand_sizes'][seat]}</td><td>{obs['parts_unknown_sizes'][seat]}</td></tr>"
        )
    return no_math(
        "<table class='pu-seats' style='border-collapse:collapse'><tr><th>seat</th><th>player</th><th>money</th>"
        "<th>shelves used</th><th>on display (marked price)</th><th>hand</th><th>Parts Unknown</th></tr>"
        f"{''.join(rows)}</table>"
    )


def _hand_html(obs: Obs, owner: str = "Your") -> str:
    cards = obs["cards"]
    held = ", ".join(
        _card_chip(name, cards[name]["category"], f"{n} {escape(name)} ({_dollars(cards[name]['prices'])})")
        for name, n in obs["hand"].items()
    )
    unknown = ", ".join(f"{n} {escape(name)}" for name, n in obs["parts_unknown"].items()) or "empty"
    chosen = f" · chosen to stock: {escape(', '.join(obs['chosen']))}" if obs["chosen"] else ""
    return no_math(
        f"<b>{owner} hand</b>: <span class='pu-hand'>{held or 'no cards'}</span>{chosen}<br>"
        f"<b>{owner} Parts Unknown</b>: {unknown}"
    )


def _log_line(record: EventRecord) -> str:
    if isinstance(record.event, pu.TurnStarted):
        return str(record.event)
    prefix = f"Turn {record.round}" if record.round else "Set-up"
    return f"{prefix}: {record.event}"


# --- the going-rate explorer ---------------------------------------------------------------------------------


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
        self.remove_button = w.Button(description="Remove", icon="minus", layout=w.Layout(width="100px"))
        self.widget = w.HBox([self.owner, self.card, self.price, self.count, self.remove_button])
        self._explorer = explorer
        self.card.observe(self._card_changed, names="value")
        for widget in (self.owner, self.price, self.count):
            widget.observe(lambda _: explorer.refresh(), names="value")
        self.remove_button.on_click(lambda _: explorer.remove_row(self))

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
        self.widget.close()


class GoingRateExplorer:
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

    def close(self) -> None:
        self.widget.close()

    def _ipython_display_(self) -> None:
        from IPython.display import display

        for chart in (self.chart, self.curve_chart):
            chart.rebuild()
        display(self.widget)  # type: ignore[no-untyped-call]


# --- predict, then reveal ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Puzzle:
    market: tuple[Offer, ...]
    category: str
    base: int
    town: int


def _puzzle(seed: int, rules: pu.Rules) -> _Puzzle:
    rng = random.Random(seed)
    category = rules.categories[rng.randrange(len(rules.categories))]
    types = economy.cards_in(category, rules)
    piles = []
    for seller in SELLERS[: rng.randint(3, 4)]:
        card = rng.choice(types)
        piles.append(Offer(seller, card, rng.choice(economy.price_column(card, rules)[1:]), rng.randint(1, 3)))
    return _Puzzle(tuple(piles), category, rng.randint(2, 4), rng.randint(2, 5))


class PredictDemand:
    """Predict-then-reveal: read a market and a demand, guess how many cards sell and what is left.

    Nothing is pre-filled that could score: at least one card always sells (the cheapest pile of the demanded
    category is at its going rate), so the starting 0 never scores, and what is left starts at "pick one"."""

    def __init__(self, *, seed: int = 7, rules: pu.Rules | None = None) -> None:
        self.rules = rules or pu.Rules.standard()
        self.puzzle = _puzzle(seed, self.rules)
        p = self.puzzle
        self.guess_sold = w.IntText(value=0, description="Cards sold", layout=w.Layout(width="200px"))
        self.guess_left = w.Dropdown(
            options=[("pick one", ""), ("nothing left", "none"), ("a Surplus", "surplus"), ("a Shortage", "shortage")],
            description="Left",
            layout=w.Layout(width="220px"),
        )
        self.guess_size = w.IntText(value=0, description="of size", layout=w.Layout(width="160px"))
        self.reveal_button = button("Reveal", self._reveal_click, button_style="primary")
        self.answer = w.HTML()
        market = "<br>".join(escape(f"{o.seller}: {o.count} {o.card} at ${o.price}") for o in p.market)
        scenario = (
            f"On display:<br><b>{market}</b><br>Viktor lands on <b>{p.base}+X</b> in the {escape(p.category)} house "
            f"and the Town holds <b>{p.town}</b> Townesfolk; no Surplus or Shortage is on the house yet.<br>"
            "How many cards do the Scientists buy, and is a Surplus or a Shortage left?"
        )
        self.widget = w.VBox(
            [
                w.HTML(no_math(scenario)),
                w.HBox([self.guess_sold, self.guess_left, self.guess_size, self.reveal_button]),
                self.answer,
            ]
        )

    def _reveal_click(self) -> None:
        self.reveal()

    @property
    def resolution(self) -> Resolution:
        p = self.puzzle
        return economy.demand_resolution(list(p.market), p.base + p.town, category=p.category, rules=self.rules)

    def reveal(self) -> int:
        """Show the answer and the reasoning; returns the points: 2 for the cards sold, 1 for what is left."""
        r = self.resolution
        kind = "surplus" if r.surplus else "shortage" if r.shortage else "none"
        size = r.surplus or r.shortage
        points = 2 * (int(self.guess_sold.value) == r.cards_sold)
        points += int(self.guess_left.value == kind and (kind == "none" or int(self.guess_size.value) == size))
        left = f"a Surplus of {size}" if kind == "surplus" else f"a Shortage of {size}" if size else "nothing"
        self.answer.value = no_math(
            f"The Scientists buy <b>{r.cards_sold}</b> cards; left: <b>{left}</b>. "
            f"You score <b>{points}</b> point{'s' if points != 1 else ''} of 3."
            f"<pre style='font-size:12px'>{escape(str(r))}</pre>"
        )
        return points

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)  # type: ignore[no-untyped-call]


# -- replay: the table as it stood at any step, and a table to play on from there -------------------------------


def position_view(match: Match, seat: int = 0) -> w.Widget:
    """The Parts Unknown table for ``match`` as it stands, seen by ``seat``, read-only: every control disabled,
    the New game panel hidden, and nothing subscribed to the match (a ``ReplayViewer`` renderer)."""
    return PartsUnknownTable.on_match(match, seat, subscribe=False).read_only()


def play_table(fork: Match, seat: int) -> PartsUnknownTable:
    """A playable Parts Unknown table on ``fork`` (a match forked at some step) with the person in ``seat``:
    bots and chance move up to the person's decision, then the table waits for a click."""
    return PartsUnknownTable.on_match(fork, seat, subscribe=True).play_on()


def money_figure(match: Match) -> go.Figure:
    """Each seat's money by round of ``match`` (the replay's chart)."""
    return charts.money_over_time(
        money_frame(match), value="money", x="round", players=match.players, title="Money per seat by round"
    )


def replay(match: Match, seat: int = 0) -> ReplayViewer:
    """A ``ReplayViewer`` of a Parts Unknown match: the read-only table at each step, money per seat by round
    with a cursor on the step's round, and "Play from here" opening a table below it on the fork, the person
    in the viewer's seat (``viewer.opened_tables`` keeps the table opened)."""
    return table_replay(PartsUnknownTable, match, seat, figure=money_figure)


#: The strategy lab's opponents and sweep agents: the pricing bots first (the lab preselects the first three).
LAB_AGENTS: dict[str, AgentFactory] = {
    name: DEFAULT_AGENTS[name]
    for name in ("undercutter", "top shelf", "shelf builder", "liquidator", "cornerer", "random")
}


class LabTabs(lab_views.LabTabs):
    """The dashboard's strategy lab: a **Strategy lab** tab (the markup shopkeeper's knobs against the bots,
    four players, seeded), a **Rule sweep** tab (one numeric rule, the shelf's price to start, against any KPI)
    and a **Replay** tab (a seeded four-bot game, built when the tab is first opened; any step shown read-only,
    "Play from here" to take seat 0)."""

    def __init__(self, *, seed: int = 1, games: int = 20) -> None:
        self.seed = seed
        lab = lab_views.StrategyLab(pu, pu_agents.MarkupShopkeeper, LAB_AGENTS, players=4, games=games, seed=seed)
        sweep = lab_views.SweepExplorer(pu, LAB_AGENTS, games=10, seed=seed, players=2)
        sweep.field.value = "shelf_cost"
        super().__init__(lab, self.seeded_replay, sweep=sweep)

    def seeded_replay(self) -> ReplayViewer:
        bots = ("undercutter", "top shelf", "liquidator", "cornerer")
        match = Match(pu, players=4, seed=self.seed, agents={s: DEFAULT_AGENTS[n]() for s, n in enumerate(bots)})
        match.advance()
        return replay(match, seat=0)
