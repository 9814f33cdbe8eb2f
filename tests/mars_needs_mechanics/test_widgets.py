"""Headless tests of the Mars Needs Mechanics table: press the widget's own buttons, check engine and labels."""

from __future__ import annotations

import pytest

from playbook.games import mars_needs_mechanics as mnm
from playbook.games.mars_needs_mechanics.rules import PLAY, SELL
from playbook.widgets.mars_needs_mechanics import MarsNeedsMechanicsTable, OrderLineExplorer, PredictValue


def person_to_move(table: MarsNeedsMechanicsTable) -> bool:
    return table.match is not None and table.match.waiting_for() == table.seat


@pytest.fixture
def table() -> MarsNeedsMechanicsTable:
    view = MarsNeedsMechanicsTable(seed=3, lineup=("you", "quick seller", "late buyer", "hoarder"))
    yield view
    view.close()


def test_agents_move_until_the_person_must_act(table: MarsNeedsMechanicsTable) -> None:
    assert person_to_move(table)
    assert "to move: you" in table.header.value
    assert table.match.state.current == table.seat


def test_clicking_a_market_card_buys_it(table: MarsNeedsMechanicsTable) -> None:
    state = table.match.state
    card = state.market[0]
    price = state.price(table.seat, card)
    steps = len(table.match.history)
    table.market_box.children[0].click()
    bought = table.match.steps[steps]
    assert bought.action == mnm.Buy(card)
    assert bought.actor == "player"
    after = list(table.match)[steps + 1]  # the state right after the person's purchase
    assert after.cogs[0] == state.cogs[0] - price
    assert after.hands[0][card] == state.hands[0][card] + 1
    assert "You: buy" in table.status.text
    assert f"Seat 0 buys {state.rules.components[card]} for {price} cogs" in "\n".join(table.log.lines)


def test_market_buttons_show_component_and_value(table: MarsNeedsMechanicsTable) -> None:
    state = table.match.state
    labels = [b.description for b in table.market_box.children]
    expected = [f"{state.rules.components[c]} · {state.price(0, c)}" for c in state.market]
    assert labels == expected


def test_pass_button_passes_and_cogs_label_follows_the_engine(table: MarsNeedsMechanicsTable) -> None:
    steps = len(table.match.history)
    table.pass_button.click()
    assert table.match.steps[steps].action == mnm.Pass()
    state = table.match.state
    for seat in range(state.num_players):
        assert f"<td class='mnm-cogs-{seat}'>{state.cogs[seat]}</td>" in table.seats_table.value


def test_an_illegal_click_shows_the_rule_and_changes_nothing(table: MarsNeedsMechanicsTable) -> None:
    before = table.match.state
    table.end_turn_button.disabled = False  # a stale button a person manages to click
    table.end_turn_button.click()
    assert table.match.state == before
    assert "Not allowed" in table.status.text
    assert "Primary Action" in table.status.text
    assert "Traceback" not in table.status.text


def test_undo_takes_back_the_person_move(table: MarsNeedsMechanicsTable) -> None:
    before = table.match.state
    table.market_box.children[0].click()
    assert table.match.state != before
    table.undo_button.click()
    assert table.match.state == before
    assert "Undone" in table.status.text


def test_new_game_uses_seed_players_and_agents(table: MarsNeedsMechanicsTable) -> None:
    panel = table.new_game_panel
    panel.seed.value = 42
    panel.players.value = 2
    panel.seats[0].value = "hoarder"
    panel.seats[1].value = "you"
    panel.button.click()
    assert table.match.players == 2 and table.match.seed == 42
    assert table.seat == 1
    assert type(table.match.agents[0]).__name__ == "Hoarder"
    assert person_to_move(table)


def test_build_and_break_down_buttons(table: MarsNeedsMechanicsTable) -> None:
    match = table.match
    state = match.state
    goggles = next(i for i, m in enumerate(state.rules.mechanisms) if m.key == "x_ray_goggles")
    lens, wire = state.rules.components.index("Lens"), state.rules.components.index("Wire")
    hand = [0] * mnm.NUM_TYPES
    hand[lens], hand[wire] = 2, 1
    match._states[-1] = state._replace(hands=(tuple(hand), *state.hands[1:]))  # deal the person a blueprint's parts
    table.refresh()
    assert not table.build_buttons[goggles].disabled
    table.build_buttons[goggles].click()
    assert match.state.has_built(0, "x_ray_goggles")
    assert sum(match.state.hands[0]) == 0
    assert table.break_buttons[goggles].disabled  # "You may not build and break down the same mechanism"
    table.pass_button.click()
    for _ in range(20):  # through any Sell Sets step until the person's next buying turn
        if person_to_move(table) and match.state.phase == PLAY:
            break
        if match.state.phase == SELL and person_to_move(table):
            table.done_selling_button.click()
    assert not table.break_buttons[goggles].disabled
    table.break_buttons[goggles].click()
    assert not match.state.has_built(0, "x_ray_goggles")


def test_sell_sets_panel_sells_the_chosen_set(table: MarsNeedsMechanicsTable) -> None:
    match = table.match
    state = match.state
    lens = state.rules.components.index("Lens")
    hand = [0] * mnm.NUM_TYPES
    hand[lens] = 3
    match._states[-1] = state._replace(hands=(tuple(hand), *state.hands[1:]), passes_in_row=state.num_players - 1)
    table.refresh()
    assert table.sell_panel.layout.display == "none"
    table.pass_button.click()  # everyone has now passed in a row: the round ends
    while match.state.phase == SELL and not person_to_move(table):
        match.advance()
    assert match.state.phase == SELL and person_to_move(table)
    assert table.sell_panel.layout.display is None
    labels = [label for label, _ in table.sell_choice.options]
    value = match.state.values[lens]
    assert f"3 Lens at {value} → {3 * value} cogs" in labels
    table.sell_choice.value = mnm.SellSet(lens, 3, 0)
    cogs = match.state.cogs[0]
    table.sell_button.click()
    assert match.state.cogs[0] == cogs + 3 * value
    assert match.state.hands[0][lens] == 0


def test_a_whole_game_can_be_played_with_buttons(table: MarsNeedsMechanicsTable) -> None:
    for click in range(500):
        if table.match.is_over:
            break
        if table.sell_panel.layout.display is None:
            (table.done_selling_button if table.sell_button.disabled else table.sell_button).click()
        elif not table.pass_button.disabled:
            (table.market_box.children[0] if click % 2 and table.market_box.children else table.pass_button).click()
        else:
            table.end_turn_button.click()
    assert table.match.is_over
    assert "Game over" in table.status.text
    final_values = {trace.name: trace.y[-1] for trace in table.value_chart.data}
    state = table.match.state
    assert final_values == dict(zip(state.rules.components, state.values, strict=True))
    cogs = [trace.y[-1] for trace in table.cogs_chart.data]
    assert cogs == list(state.cogs)


def test_close_unsubscribes(table: MarsNeedsMechanicsTable) -> None:
    match = table.match
    table.close()
    header = table.header.value
    match.undo()
    assert table.header.value == header
    assert not match._subscribers


def test_order_line_explorer_shows_the_engine_outcome() -> None:
    explorer = OrderLineExplorer()
    explorer.set_purchases(["Lens", "Wire", "Lens"])
    outcome = explorer.outcome.set_index("component")
    assert outcome.loc["Lens", "after"] == 6 and outcome.loc["Wire", "after"] == 6
    assert outcome.loc["Piston", "after"] == 4
    assert list(explorer.chart.data[0].x) == list(explorer.outcome["component"])
    explorer.final.value = True  # only components bought in the last round may rise
    assert explorer.outcome.set_index("component").loc["Aether Tube", "change"] == 0


def test_predict_then_reveal_scores_the_guess() -> None:
    exercise = PredictValue(seed=3)
    exercise.guess.value = exercise.correct_value
    assert exercise.reveal() == 3
    assert f"<b>{exercise.correct_value}</b>" in exercise.answer.value
    exercise.guess.value = exercise.correct_value + 1
    assert exercise.reveal() == 1
    exercise.guess.value = exercise.correct_value + 5
    assert exercise.reveal() == 0
