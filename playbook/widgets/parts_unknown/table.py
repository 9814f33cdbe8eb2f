"""The playable Parts Unknown table (``PartsUnknownTable``) and the bots a new game may seat.

The table turns clicks into engine actions and redraws from ``observation(seat)``, ``legal_actions()``,
the engine's ``describe`` and event fields only; its markup comes from ``html``. It is the package's
biggest module, the one the original ``parts_unknown.py`` was moved to.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as w
import pandas as pd
import plotly.graph_objects as go

from playbook.charts.common import Spec, figure, money_over_time_spec
from playbook.charts.parts_unknown import category_colour
from playbook.core.match import Match
from playbook.core.protocol import Action
from playbook.games import parts_unknown as pu
from playbook.games.parts_unknown import agents as pu_agents
from playbook.games.parts_unknown import economy
from playbook.games.parts_unknown.economy import money_frame

from ..common import (
    AgentFactory,
    ButtonRow,
    Choice,
    LiveChart,
    TableView,
    bot_menu,
    button,
    escape,
    money,
    no_math,
    replace_children,
)
from ..rules_panel import rules_panel
from .html import Obs, _board_html, _dollars, _hand_html, _header_html, _log_line, _seats_html

DEFAULT_AGENTS: dict[str, AgentFactory] = bot_menu(
    pu_agents.STRATEGIES, random=pu_agents.RandomAgent, random_first=True
)


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
        #: The cards on other seats' shelves, as the shop buttons show them: (seller, name, price) by place.
        self.on_sale: list[tuple[int, str, int]] = []
        self.shop_row = ButtonRow(
            self.shop_box, self._buy_at, prefix="pu-shop", layout={"width": "auto", "min_width": "180px"}
        )
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
                # The heading, then one short line per rule: packed into one line, the rules read as one.
                w.HTML("<b>Step 2: Stock and Price</b>"),
                w.HTML("Anything you do here ends Step 1."),
                w.HTML("Parts Unknown sells at half the going rate when Viktor passes the growth corner."),
                w.HTML("A card put into Parts Unknown never comes back."),
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

    def score_breakdown(self, observation: Obs) -> list[dict[str, object]]:
        """The score by the rulebook's sources, per seat: money, and "if the Calendar Pawn runs its entire
        course, each Shelf Space counts as $15 towards your score" (the rules' shelf value; nothing when the
        Town ended the game)."""
        calendar = observation["end"] == "calendar"
        rows: list[dict[str, object]] = []
        for seat, cash in enumerate(observation["money"]):
            shelves = observation["shelves"][seat]
            rows.append(
                {
                    "seat": seat,
                    "player": self.player_label(seat),
                    "money ($)": cash,
                    "shelf spaces": shelves,
                    "shelf bonus ($)": shelves * observation["shelf_value"] if calendar else 0,
                    "score ($)": observation["scores"][seat],
                }
            )
        return rows

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
        self.on_sale = []
        if show:
            for seller, shelf in enumerate(obs["displays"]):
                if seller != self.seat:
                    self.on_sale += [(seller, name, price) for name, price in sorted({(i[0], i[1]) for i in shelf})]
        self.shop_row.show(
            [
                Choice(
                    f"{name} ${price} · seat {seller}",
                    tooltip=f"Buy {name} from seat {seller} for ${price}",
                    disabled=pu.BuyCard(seller, name, price) not in legal,
                    button_color=category_colour(obs["cards"][name]["category"]) + "33",
                    classes=(f"pu-buy-{seller}",),
                )
                for seller, name, price in self.on_sale
            ]
        )

    def _buy_at(self, place: int) -> None:
        """The shop button at ``place`` was pressed: buy the card it shows now."""
        if place < len(self.on_sale):
            self.buy_card(*self.on_sale[place])

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

    def _money_figure(self, match: Match | None) -> Spec:
        """The money chart as a spec: a click redraws it, and a ``go.Figure`` cost most of a click."""
        players = match.players if match is not None else int(self.new_game_panel.players.value)
        frame = economy.parts_unknown_money(pd.DataFrame(), players=players) if match is None else money_frame(match)
        names = [self.player_label(s) for s in range(players)] if match is not None else None
        return money_by_turn_spec(frame, players=players, names=names)


#: The x axis of the money chart: the frame's ``round`` column is Parts Unknown's turn counter (each player's
#: turn is one: 0 to 47 in a four-player game), and the rulebook speaks of turns, not rounds.
TURN_AXIS = "turn (0 = set-up)"


def money_by_turn(frame: pd.DataFrame, *, players: int, names: Sequence[str] | None = None) -> go.Figure:
    """Each seat's money after every turn (``money_frame``): the table's chart and the replay's, titled and
    labelled alike, by turn, because the frame's ``round`` column counts turns."""
    return figure(money_by_turn_spec(frame, players=players, names=names))


def money_by_turn_spec(frame: pd.DataFrame, *, players: int, names: Sequence[str] | None = None) -> Spec:
    """``money_by_turn`` as a spec (the table redraws it on a click)."""
    return money_over_time_spec(
        frame, value="money", x="round", players=players, names=names, title="Money per seat by turn", x_title=TURN_AXIS
    )


def _set_options(dropdown: w.Dropdown, options: list[tuple[str, Any]]) -> None:
    keep = dropdown.value
    if list(dropdown.options) == options:
        return
    dropdown.options = options
    values = [v for _, v in options]
    dropdown.value = keep if keep in values else (values[0] if values else None)
