"""Headless tests of the Parts Unknown views: press the widgets' own buttons, check the engine and the labels.

What every game's table does alike is the battery's: ``tests/widgets/test_tables_battery.py``."""

from __future__ import annotations

import html
import inspect
import re
from collections.abc import Iterator

import pytest

from playbook.charts.parts_unknown import CATEGORY_COLOURS
from playbook.core import Match
from playbook.games import parts_unknown as pu
from playbook.games.parts_unknown import agents as pu_agents
from playbook.games.parts_unknown import economy
from playbook.widgets import parts_unknown as pu_widgets
from playbook.widgets.parts_unknown import (
    GoingRateExplorer,
    PartsUnknownTable,
    PredictDemand,
    revenue_by_price,
    sales_frame,
)
from playbook.widgets.parts_unknown.lab import money_figure

from .helpers import RULES, T, counts, price_of, shelf

P_AUCTION = pu.Phase.AUCTION


def person_to_move(table: PartsUnknownTable) -> bool:
    return table.match is not None and table.match.waiting_for() == table.seat


def phase(table: PartsUnknownTable) -> str:
    return str(table.match.state.observation(table.seat)["phase"])


def to_first_turn(table: PartsUnknownTable) -> None:
    """Choose nothing at set-up; agents and chance move until the person's Step 1."""
    assert phase(table) == "choose" and person_to_move(table)
    table.choose_button.click()
    assert phase(table) == "buy" and person_to_move(table), table.status.text


def text(markup: str) -> str:
    """What a person reads in an HTML widget: tags dropped, entities (``&#36;``) turned back into characters."""
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def set_state(table: PartsUnknownTable, **changes: object) -> pu.State:
    """Replace fields of the match's current state (deal the person cards, show cards, ...) and redraw."""
    match = table.match
    match._states[-1] = match.state._with(**changes)
    table.refresh()
    return match.state


@pytest.fixture
def table() -> Iterator[PartsUnknownTable]:
    view = PartsUnknownTable(seed=3, lineup=("you", "undercutter", "top shelf", "liquidator"))
    yield view
    view.close()


# -- the table -------------------------------------------------------------------------------------------------


def test_the_person_chooses_stock_first_and_the_panel_shows_the_hand(table: PartsUnknownTable) -> None:
    assert person_to_move(table) and phase(table) == "choose"
    assert "to move: you" in table.header.value
    assert table.setup_panel.layout.display is None
    hand = table.match.state.hands[0]
    names = sorted(box.description_name for box in table.setup_box.children)
    assert names == sorted(T.names[c] for c, n in enumerate(hand) for _ in range(n))


def test_setup_choice_and_pricing_with_the_buttons(table: PartsUnknownTable) -> None:
    first, second = table.setup_box.children[:2]
    first.value = second.value = True
    picked = sorted([first.description_name, second.description_name], key=RULES.card)
    table.choose_button.click()
    state = table.match.state
    assert tuple(T.names[c] for c in state.chosen[0]) == tuple(picked)
    assert "choose " + ", ".join(picked) in table.status.text
    for _ in range(2):  # agents choose and price until the person reveals and prices
        assert phase(table) == "price" and person_to_move(table)
        card = table.hand_choice.value
        price = price_of(card, 2)
        table.stock_price.value = price
        table.stock_button.click()
        assert f"You: stock {card} at ${price}" in table.status.text
    shown = table.match.state.displays[0]
    assert sorted(T.names[c] for c, _ in shown) == sorted(picked)
    assert all(step == 2 for _, step in shown)
    for name in picked:
        assert f"{name} ${price_of(name, 2)}" in text(table.seats_table.value)


def test_draw_buttons_show_total_and_marginal_cost_and_draw(table: PartsUnknownTable) -> None:
    to_first_turn(table)
    assert table.draw_buttons[3].description == "Draw 3: $12 (+$8)"
    state = table.match.state
    table.draw_buttons[2].click()
    after = table.match.state
    assert sum(after.hands[0]) == sum(state.hands[0]) + 2
    assert after.money[0] == state.money[0] - 4
    assert after.drawn == 2
    # the next card is the third of the turn: $12 - $4 = $8
    assert table.draw_buttons[1].description == "Draw 1: $8 (+$8)"
    assert table.draw_buttons[2].description == "Draw 2: $20 (+$12)"
    assert table.draw_buttons[5].layout.display is None and table.draw_buttons[6].layout.display == "none"
    assert "The next card costs $8" in text(table.draw_info.value)
    assert "&#36;8" in table.draw_info.value and "<b>$8" not in table.draw_info.value  # no MathJax pair
    assert f"${after.money[0]}" in text(table.seats_table.value)


def test_buy_from_a_rivals_shelf(table: PartsUnknownTable) -> None:
    to_first_turn(table)
    state = table.match.state
    displays = (state.displays[0], shelf(("Feet", 2)), *state.displays[2:])
    state = set_state(table, displays=displays, money=(40, *state.money[1:]))
    buttons = [b for b in table.shop_box.children if b.description == "Feet $11 · seat 1"]
    assert len(buttons) == 1 and not buttons[0].disabled
    buttons[0].click()
    after = table.match.state
    assert after.money[0] == 40 - 11 and after.money[1] == state.money[1] + 11
    assert after.hands[0][RULES.card("Feet")] == state.hands[0][RULES.card("Feet")] + 1
    assert (RULES.card("Feet"), 2) not in after.displays[1]
    assert "You: buy Feet from seat 1 for $11" in table.status.text


def test_stock_reprice_and_parts_unknown(table: PartsUnknownTable) -> None:
    to_first_turn(table)
    state = set_state(table, hands=(counts(Feet=2, Giblets=1), *table.match.state.hands[1:]))
    table.hand_choice.value = "Feet"
    table.stock_price.value = 11
    table.stock_button.click()
    assert (RULES.card("Feet"), 2) in table.match.state.displays[0]
    assert phase(table) == "stock"  # stocking ends Step 1
    assert table.step1_panel.layout.display == "none"
    assert "Feet $11" in text(table.seats_table.value)
    table.shelf_choice.value = ("Feet", 11)
    table.reprice_choice.value = 14
    table.reprice_button.click()
    assert (RULES.card("Feet"), 1) in table.match.state.displays[0]
    assert "You: reprice Feet from $11 to $14" in text(table.status.text)
    assert "Feet $14" in text(table.seats_table.value)
    table.hand_choice.value = "Giblets"
    table.dump_hand_button.click()
    assert table.match.state.parts_unknown[0][RULES.card("Giblets")] == 1
    table.shelf_choice.value = ("Feet", 14)
    table.dump_shelf_button.click()
    after = table.match.state
    assert after.parts_unknown[0][RULES.card("Feet")] == 1 and not after.displays[0]
    assert "1 Feet" in text(table.hand.value) and "1 Giblets" in text(table.hand.value)  # hand and Parts Unknown lines
    assert sum(after.hands[0]) == sum(state.hands[0]) - 2  # one Feet stocked, the Giblets dumped


def test_roll_for_viktor_ends_the_turn(table: PartsUnknownTable) -> None:
    to_first_turn(table)
    steps = len(table.match.history)
    table.roll_button.click()
    assert table.match.steps[steps].action == pu.RollForViktor()
    assert table.match.steps[steps].actor == "player"
    log = "\n".join(table.log.lines)
    assert "Seat 0 rolls" in log and "Viktor moves to" in log
    assert person_to_move(table) or table.match.is_over


def open_auction(table: PartsUnknownTable) -> None:
    feet = RULES.card("Feet")
    set_state(table, phase=P_AUCTION, pool=(feet, feet), pool_owners=(-1, 1), bid=0, leader=-1, passed=0, seat=0)


def test_auction_a_typed_bid_and_pass(table: PartsUnknownTable) -> None:
    """ "Anyone may increase the bid at any time": the person types any amount above the standing bid."""
    to_first_turn(table)
    open_auction(table)
    assert table.auction_panel.layout.display is None
    assert "Auction of 2 Feet" in text(table.auction_info.value)
    steps = len(table.match.history)
    table.bid_amount.value = 13
    table.bid_button.click()
    assert table.match.steps[steps].action == pu.Raise(13)
    assert "Seat 0 bids $13" in "\n".join(table.log.lines)
    while table.match.state.phase == P_AUCTION and person_to_move(table):
        table.pass_button.click()
    events = "\n".join(table.log.lines)
    assert "wins the auction" in events
    assert table.match.state.phase != P_AUCTION
    assert table.auction_panel.layout.display == "none"


def test_a_typed_bid_too_low_or_too_high_is_refused(table: PartsUnknownTable) -> None:
    to_first_turn(table)
    open_auction(table)
    before = table.match.state
    table.bid_amount.value = 0
    table.bid_button.click()
    assert table.match.state == before and "more than the standing bid" in table.status.text
    assert not table.bid(before.money[0] + 1)
    assert table.match.state == before and "more money than you have" in table.status.text


def test_buying_a_shelf_without_the_money_is_refused(table: PartsUnknownTable) -> None:
    to_first_turn(table)
    before = set_state(table, money=(12, *table.match.state.money[1:]))
    assert table.buy_shelf_button.disabled
    table.buy_shelf_button.disabled = False
    table.buy_shelf_button.click()
    assert table.match.state == before
    assert "a shelf costs $40 and you have $12" in text(table.status.text)
    set_state(table, money=(50, *before.money[1:]))
    table.buy_shelf_button.click()
    assert table.match.state.shelves[0] == before.shelves[0] + 1 and table.match.state.money[0] == 10


def test_a_new_game_opens_on_the_stock_choice_with_a_money_line_per_seat(table: PartsUnknownTable) -> None:
    """Parts Unknown starts with every seat choosing the cards it stocks; the money chart draws each seat."""
    panel = table.new_game_panel
    panel.players.value = 3
    panel.seats[0].value = "cornerer"
    panel.seats[1].value = "you"
    panel.seats[2].value = "shelf builder"
    panel.button.click()
    assert person_to_move(table) and phase(table) == "choose"
    assert len(table.money_chart.data) == 3


def play_with_buttons(table: PartsUnknownTable, clicks: int = 3000) -> None:
    for click in range(clicks):
        if table.match.is_over:
            return
        kind = phase(table)
        if kind == "choose":
            table.choose_button.click()
        elif kind == "price":
            table.stock_button.click()
        elif kind == "auction":
            if click % 3 == 0 and not table.bid_button.disabled:
                table.bid_amount.value = table.obs["auction"]["bid"] + 1
                table.bid_button.click()
            else:
                table.pass_button.click()
        elif kind == "buy" and table.match.state.drawn == 0 and not table.draw_buttons[2].disabled:
            table.draw_buttons[2].click()
        elif not table.stock_button.disabled:
            table.stock_price.value = table.stock_price.options[1][1]
            table.stock_button.click()
        elif not table.dump_hand_button.disabled and click % 2:
            table.dump_hand_button.click()
        else:
            table.roll_button.click()


def test_a_whole_game_can_be_played_with_buttons(table: PartsUnknownTable) -> None:
    play_with_buttons(table)
    assert table.match.is_over
    state = table.match.state
    said = text(table.status.text)
    assert said.startswith("Game over: ") and said == table.game_over_line(state.observation(0))
    assert "[" not in said and "_" not in said  # words, no Python reprs or snake_case
    if state.end == pu.End.TOWN:
        assert "Town's population reached zero" in said
    else:
        assert "Calendar Pawn came back to Start" in said
    best = max(state.money_scores())
    assert f"${best}" in said
    money = [trace.y[-1] for trace in table.money_chart.data]
    assert money == list(state.money)
    assert [trace.name for trace in table.money_chart.data] == [
        "you",
        "seat 1 (undercutter)",
        "seat 2 (top shelf)",
        "seat 3 (liquidator)",
    ]
    assert list(table.money_chart.data[0].x) == list(range(state.round + 1))


# -- the explorer ----------------------------------------------------------------------------------------------


def test_explorer_shows_the_rulebook_example() -> None:
    """ "Demand for Extremities is 6. Four Feet at the going rate of $11 all sell ... three Hands at $18 ...
    all three of them sell ... a Surplus" of one."""
    explorer = GoingRateExplorer("Ann: 4 Feet at $11\nBob: 3 Hands at $18", base=2, town=4)
    r = explorer.resolution
    assert (r.demand, r.cards_sold, r.surplus, r.shortage) == (6, 7, 1, 0)
    sales = explorer.sales.set_index("seller")
    assert sales.loc["Ann", "sold"] == 4 and sales.loc["Bob", "sold"] == 3
    assert explorer.revenues.set_index("seller")["revenue"].to_dict() == {"Ann": 44, "Bob": 54}
    assert list(explorer.chart.data[0].y) == [4, 3] and list(explorer.chart.data[1].y) == [0, 0]
    assert "Surplus of 1" in explorer.summary.value
    assert "Surplus 1" in explorer.chart.figure.layout.title.text


def test_changing_a_price_changes_the_table_and_chart_as_the_engine_says() -> None:
    market = "Ann: 2 Feet at $11\nBob: 2 Feet at $14\nCy: 3 Hands at $18"
    explorer = GoingRateExplorer(market, base=2, town=4)
    assert list(explorer.chart.data[0].y) == [2, 0, 3]  # Bob's Feet are above the going rate
    assert explorer.resolution.shortage == 1
    explorer.rows[0].price.value = 14  # Ann prices her Feet like Bob's ($14): both piles are at the going rate
    expected = economy.demand_resolution(
        "Ann: 2 Feet at $14\nBob: 2 Feet at $14\nCy: 3 Hands at $18", 6, category="Extremities"
    )
    assert explorer.resolution == expected
    assert list(explorer.chart.data[0].y) == [2, 2, 3]
    assert (explorer.resolution.surplus, explorer.resolution.shortage) == (1, 0)
    assert "Ann: 2 Feet at $14" in explorer.table.value
    assert explorer.revenues.set_index("seller")["revenue"].to_dict() == {"Ann": 28, "Bob": 28, "Cy": 54}


def test_the_price_slider_draws_revenue_against_price() -> None:
    market = "Ann: 2 Feet at $11\nBob: 2 Feet at $14\nCy: 3 Hands at $18"
    explorer = GoingRateExplorer(market, base=2, town=4)
    explorer.focus.value = 1  # Bob's pile
    explorer.price_slider.value = 11
    assert explorer.rows[1].price.value == 11
    curve = revenue_by_price(explorer._offers(), 1, 6, category="Extremities")
    assert list(explorer.curve_chart.data[0].x) == curve["price"].tolist() == [6, 11, 14, 20]
    assert list(explorer.curve_chart.data[0].y) == curve["revenue"].tolist()
    for price, revenue in zip(curve["price"], curve["revenue"], strict=True):
        priced = f"Ann: 2 Feet at $11\nBob: 2 Feet at ${price}\nCy: 3 Hands at $18"
        outcome = economy.demand_resolution(priced, 6, category="Extremities")
        assert revenue == sum(o.count * o.price for o in outcome.sold if o.seller == "Bob")
    assert list(explorer.curve_chart.data[1].x) == [11]  # the marker sits at Bob's price
    assert curve.set_index("price").loc[14, "revenue"] == 0 and curve.set_index("price").loc[11, "revenue"] == 22


def test_monster_town_rows_and_category_controls() -> None:
    explorer = GoingRateExplorer("Ann: 2 Feet at $11\nBob: 3 Hands at $18", base=2, town=4)
    explorer.monster.value = True  # the single cheapest Extremity ($11) sets the rate: Hands at $18 cannot sell
    assert explorer.sales.set_index("seller")["sold"].to_dict() == {"Ann": 2, "Bob": 0}
    assert explorer.resolution.shortage == 4
    explorer.town.value = 0
    assert explorer.resolution.demand == 2 and explorer.resolution.shortage == 0
    explorer.add_button.click()
    assert len(explorer.rows) == 3 and len(explorer.chart.data[0].x) == 3
    explorer.rows[2].remove_button.click()
    assert len(explorer.rows) == 2 and len(explorer.chart.data[0].x) == 2
    explorer.rows[1].card.value = "Giblets"  # another category sells nothing to an Extremities demand
    assert explorer.sales.set_index("seller").loc["Bob", "sold"] == 0
    explorer.category.value = "Leftovers"
    assert explorer.sales.set_index("seller").loc["Bob", "sold"] == 3


def test_sales_frame_matches_the_resolution() -> None:
    market = "Ann: 4 Feet at $11\nBob: 3 Hands at $18\nCy: 1 Hands at $24"
    outcome = economy.demand_resolution(market, 6)
    frame = sales_frame(market, outcome)
    assert frame["sold"].tolist() == [4, 3, 0]
    assert frame["going rate"].tolist() == [11, 18, 18]
    assert frame["revenue"].sum() == outcome.revenue


def test_predict_then_reveal_scores_nothing_without_a_guess() -> None:
    for seed in range(30):
        exercise = PredictDemand(seed=seed)
        assert exercise.resolution.cards_sold > 0
        assert exercise.reveal() == 0


def test_predict_then_reveal_scores_the_guess() -> None:
    exercise = PredictDemand(seed=3)
    r = exercise.resolution
    kind = "surplus" if r.surplus else "shortage" if r.shortage else "none"
    exercise.guess_sold.value = r.cards_sold
    exercise.guess_left.value = kind
    exercise.guess_size.value = r.surplus or r.shortage
    assert exercise.reveal() == 3
    assert f"buy <b>{r.cards_sold}</b> cards" in exercise.answer.value
    exercise.guess_sold.value = r.cards_sold + 1
    assert exercise.reveal() == 1
    exercise.guess_left.value = "surplus" if kind != "surplus" else "shortage"
    assert exercise.reveal() == 0


def test_displaying_again_shows_current_charts(table: PartsUnknownTable) -> None:
    explorer = GoingRateExplorer("Ann: 2 Feet at $11\nBob: 2 Feet at $14\nCy: 3 Hands at $18", base=2, town=4)
    first = explorer.chart.widget
    explorer.rows[0].price.value = 14
    explorer._ipython_display_()  # a second display (or Voila) builds the FigureWidget afresh, with today's data
    assert explorer.chart.widget is not first
    assert list(explorer.chart.data[0].y) == [2, 2, 3]
    to_first_turn(table)
    table._ipython_display_()
    assert [trace.y[-1] for trace in table.money_chart.data] == list(table.match.state.money)


def test_the_table_parses_no_event_text_and_reads_no_rules_tables() -> None:
    """The view uses describe() and event fields, never an event's text cut up, nor the rules' tables (what it
    reads of the state is checked for every game in ``tests/widgets/test_tables_battery.py``)."""
    modules = (pu_widgets, pu_widgets.html, pu_widgets.table, pu_widgets.explorer, pu_widgets.predict, pu_widgets.lab)
    source = "".join(inspect.getsource(module) for module in modules)  # every module of the package
    assert ".tables" not in source and "str(record.event).split" not in source
    assert "game_rules" not in source


def test_dollar_amounts_in_html_never_form_a_mathjax_pair(table: PartsUnknownTable) -> None:
    """Every HTML label shows money as &#36; inside a span MathJax skips, never a bare "$"."""
    to_first_turn(table)
    for widget in (table.header, table.board, table.seats_table, table.hand, table.draw_info, table.status.widget):
        assert "$" not in re.sub(r"<[^>]+>", "", widget.value), widget.value
        assert "mathjax_ignore" in widget.value or "$" not in text(widget.value)


def test_one_colour_per_category_on_cards_and_charts(table: PartsUnknownTable) -> None:
    to_first_turn(table)
    set_state(table, displays=(shelf(("Feet", 2)), shelf(("Cheese", 1)), (), ()))
    assert CATEGORY_COLOURS["Extremities"] in table.seats_table.value
    assert CATEGORY_COLOURS["Brains"] in table.seats_table.value
    explorer = GoingRateExplorer("Ann: 4 Feet at $11\nBob: 3 Hands at $18", base=2, town=4)
    assert set(explorer.chart.data[0].marker.color) == {CATEGORY_COLOURS["Extremities"]}
    explorer.close()


def test_rules_in_brief_beside_the_table(table: PartsUnknownTable) -> None:
    panel = table.rules_brief
    assert panel.selected_index is None and panel.titles == ("Rules in brief",)
    assert "Parts Unknown in brief" in panel.children[0].value
    assert "mathjax_ignore" in panel.children[0].value


def test_money_chart_counts_whole_turns_and_says_so(table: PartsUnknownTable) -> None:
    """Issue 19: the table's chart was "Money per seat by round" over x = 0-47, which counts turns (each player's
    turn is one); it says "turn" now, as the replay's chart does."""
    play_with_buttons(table, clicks=40)
    figure = table.money_chart.figure
    assert figure.layout.title.text == "Money per seat by turn"
    assert figure.layout.xaxis.title.text == "turn (0 = set-up)" and figure.layout.xaxis.tickformat == "d"
    assert all(float(x).is_integer() for trace in figure.data for x in trace.x)


def test_a_bot_games_hand_shelves_and_auction_never_say_you() -> None:
    """Parts Unknown's own panels in a watched four-bot game (the header and the status line of every game's: the
    battery); the hand is named by its seat."""
    view = PartsUnknownTable(seed=5, lineup=("undercutter", "top shelf", "cornerer", "shelf builder"))
    try:
        view.play_to_end_button.click()
        assert view.match.is_over
        for widget in (view.header, view.hand, view.seats_table, view.auction_info, view.status.widget):
            words = re.findall(r"[A-Za-z']+", text(widget.value))
            assert "you" not in words and "You" not in words and "Your" not in words, text(widget.value)
        assert "Seat 0's hand" in text(view.hand.value)
    finally:
        view.close()


def test_hot_seat_header_names_the_seat_to_move() -> None:
    view = PartsUnknownTable(players=2, seed=4, lineup=("you", "you"))
    try:
        assert view.hot_seat and view.seat == 0
        view.choose_button.click()  # seat 0 chooses nothing; seat 1 is to choose next
        assert view.seat == 1 and "to move: seat 1" in text(view.header.value)
        view.choose_button.click()
        mover = view.match.waiting_for()
        assert mover is not None and view.seat == mover
        assert f"to move: seat {mover}" in text(view.header.value)
    finally:
        view.close()


def test_long_labels_are_not_cut_off(table: PartsUnknownTable) -> None:
    """Buttons that carry card names and prices size to their text (a fixed width cut "Abby Normal Brain")."""
    to_first_turn(table)
    set_state(table, displays=((), shelf(("Abby Normal Brain", 1)), (), ()))
    (buy,) = table.shop_box.children
    assert buy.description == "Abby Normal Brain $26 · seat 1" and buy.layout.width == "auto"
    assert all(b.layout.width == "auto" for b in table.draw_buttons.values())


# -- the lab tabs: the replay chart ------------------------------------------------------------


def test_the_replay_money_chart_counts_turns() -> None:
    """Parts Unknown's counter is the turn (0-47 with four players): the replay's chart says turn, not round."""
    match = Match(pu, players=4, seed=2, agents={s: pu_agents.Undercutter() for s in range(4)})
    match.advance()
    figure = money_figure(match)
    assert figure.layout.title.text == "Money per seat by turn"
    assert figure.layout.xaxis.title.text.startswith("turn") and "round" not in figure.layout.xaxis.title.text
    assert max(x for trace in figure.data for x in trace.x) == match.state.round > pu.Rules.standard().calendar_length
