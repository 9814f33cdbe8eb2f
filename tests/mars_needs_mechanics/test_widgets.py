"""Headless tests of the Mars Needs Mechanics table: press the widget's own buttons, check engine and labels.

What every game's table does alike is the battery's: ``tests/widgets/test_tables_battery.py``."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import ipywidgets as w
import nbformat
import pandas as pd
import pytest

import playbook.widgets.mars_needs_mechanics as mnm_view
from playbook.charts import mars_needs_mechanics as mnm_charts
from playbook.charts.mars_needs_mechanics import COMPONENT_COLOURS
from playbook.core.match import Match
from playbook.games import mars_needs_mechanics as mnm
from playbook.games.mars_needs_mechanics import agents as mnm_agents
from playbook.widgets.common import widget_tree
from playbook.widgets.mars_needs_mechanics import MarsNeedsMechanicsTable, OrderLineExplorer, PredictValue, replay

PLAY, SELL = mnm.Phase.PLAY, mnm.Phase.SELL


def person_to_move(table: MarsNeedsMechanicsTable) -> bool:
    return table.match is not None and table.match.waiting_for() == table.seat


@pytest.fixture
def table() -> MarsNeedsMechanicsTable:
    view = MarsNeedsMechanicsTable(seed=3, lineup=("you", "quick seller", "late buyer", "hoarder"))
    yield view
    view.close()


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


def test_build_and_break_down_buttons(table: MarsNeedsMechanicsTable) -> None:
    match = table.match
    state = match.state
    goggles = "x_ray_goggles"
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


def test_order_line_explorer_shows_the_engine_outcome() -> None:
    explorer = OrderLineExplorer()
    explorer.set_purchases(["Lens", "Wire", "Lens"])
    outcome = explorer.outcome.set_index("component")
    assert outcome.loc["Lens", "after"] == 6 and outcome.loc["Wire", "after"] == 6
    assert outcome.loc["Piston", "after"] == 4
    assert list(explorer.chart.data[0].x) == list(explorer.outcome["component"])
    explorer.final.value = True  # only components bought in the last round may rise
    assert explorer.outcome.set_index("component").loc["Aether Tube", "change"] == 0


def test_predict_then_reveal_asks_place_and_direction_without_a_prefilled_answer() -> None:
    exercise = PredictValue(seed=3)
    assert exercise.place.value is None and exercise.direction.value is None  # nothing scores without thinking
    assert exercise.reveal() == 0 and "first" in exercise.answer.value
    exercise.place.value = exercise.correct_place
    exercise.direction.value = exercise.correct_direction
    assert exercise.reveal() == 2
    assert f"place <b>{exercise.correct_place}</b>" in exercise.answer.value
    exercise.direction.value = next(d for d in ("rises", "stays", "falls") if d != exercise.correct_direction)
    assert exercise.reveal() == 1


def test_predict_answers_follow_the_engine() -> None:
    for seed in range(20):
        exercise = PredictValue(seed=seed)
        outcome = mnm.economy.round_outcome(exercise.purchases, order=exercise.order, values=exercise.values)
        change = outcome.values_after[exercise.target] - exercise.values[exercise.target]
        assert exercise.correct_direction == ("rises" if change > 0 else "falls" if change < 0 else "stays")


def person_moves(table: MarsNeedsMechanicsTable, count: int) -> None:
    """The person buys when it can, builds when it can, sells when it can, passes and ends turns."""
    for _ in range(count):
        legal = table.match.legal_actions()
        if table.sell_panel.layout.display is None:
            (table.done_selling_button if table.sell_button.disabled else table.sell_button).click()
        elif not table.pass_button.disabled and any(isinstance(a, mnm.Buy) for a in legal):
            market = table.match.state.observation(table.seat)["market"]
            buyable = {a.component for a in legal if isinstance(a, mnm.Buy)}
            table.market_box.children[next(i for i, c in enumerate(market) if c in buyable)].click()
        elif any(isinstance(a, mnm.Build) for a in legal):
            key = next(a.mechanism for a in legal if isinstance(a, mnm.Build))
            table.build_buttons[key].click()
        elif not table.pass_button.disabled:
            table.pass_button.click()
        else:
            table.end_turn_button.click()


def test_after_pass_the_page_says_what_to_do_next() -> None:
    for seed in range(1, 40):
        view = MarsNeedsMechanicsTable(seed=seed, lineup=("you", "quick seller"), players=2)
        try:
            legal = view.match.legal_actions()
            if not any(isinstance(a, mnm.Build) for a in legal) or not person_to_move(view):
                continue
            view.pass_button.click()
            assert view.match.waiting_for() == view.seat  # a build is still open: the turn waits
            assert not view.end_turn_button.disabled
            assert "Press End turn, or build or break down a mechanism first" in view.hint.value
            return
        finally:
            view.close()
    pytest.fail("no seed gave the person a buildable blueprint on the first turn")


def test_hint_on_the_persons_turn_and_game_over_line_in_words(table: MarsNeedsMechanicsTable) -> None:
    assert "click a market card to buy it, or press Pass" in table.hint.value
    for _ in range(500):
        if table.match.is_over:
            break
        person_moves(table, 1)
    assert table.match.is_over
    text = re.sub(r"<[^>]+>", "", table.status.text)
    assert text.startswith("Game over (")
    assert any(reason in text for reason in (mnm.EndReason.DECK_EMPTY.words, mnm.EndReason.NO_PURCHASES.words))
    assert "wins with" in text or "you win with" in text
    assert "[" not in text and "_" not in text  # no Python reprs or snake_case names


def test_one_colour_per_component_in_market_order_line_and_value_chart(table: MarsNeedsMechanicsTable) -> None:
    obs = table.match.state.observation(table.seat)
    for card, widget in zip(obs["market"], table.market_box.children, strict=True):
        assert widget.style.button_color == COMPONENT_COLOURS[card]
    for component, colour in enumerate(COMPONENT_COLOURS):
        assert f"6px solid {colour}" in table.order_line.value
        assert table.value_chart.data[component].line.color == colour
    assert len(set(COMPONENT_COLOURS)) == len(COMPONENT_COLOURS)


def test_charts_count_whole_rounds(table: MarsNeedsMechanicsTable) -> None:
    person_moves(table, 30)
    for chart in (table.value_chart, table.cogs_chart):
        xs = [x for trace in chart.data for x in trace.x]
        assert xs and min(xs) == 0 and all(float(x).is_integer() for x in xs)
        assert chart.figure.layout.xaxis.tickformat == "d"
        assert "round" in chart.figure.layout.xaxis.title.text


def test_the_view_parses_no_event_text_and_reaches_into_no_engine_module() -> None:
    """No unexported engine constant, no parsing of an event's text in the view module (what it reads of the state
    is checked for every game in ``tests/widgets/test_tables_battery.py``)."""
    source = inspect.getsource(mnm_view)
    assert "str(record.event)" not in source and ".split(" not in source
    assert "mnm.rules" not in source and "_replace" not in source


def test_labels_have_no_python_reprs(table: MarsNeedsMechanicsTable) -> None:
    person_moves(table, 12)
    page = table.header.value + table.hand.value + table.seats_table.value + table.order_line.value
    text = re.sub(r"<[^>]+>", " ", page)
    assert "[" not in text and "('" not in text and "_" not in text, text


def test_rules_in_brief_panel_and_rules_summary_file(table: MarsNeedsMechanicsTable) -> None:
    assert table.rules_panel.get_title(0) == "Rules in brief" and table.rules_panel.selected_index is None
    assert "Sell sets" in table.rules_panel.children[0].value and "Order Line" in table.rules_panel.children[0].value
    summary = Path(__file__).parents[2] / "docs" / "rules" / "mars_needs_mechanics.md"
    text = summary.read_text()
    assert text.startswith("# Mars Needs Mechanics in brief") and "rules.py" in text


def test_no_dollar_sign_reaches_mathjax_in_the_lesson_or_the_table(table: MarsNeedsMechanicsTable) -> None:
    """Money here is cogs; a bare "$" in markdown or widget HTML would be typeset as mathematics."""
    root = Path(__file__).parents[2]
    for path in (root / "notebooks" / "mars_needs_mechanics.ipynb", root / "widgets" / "mars_needs_mechanics.ipynb"):
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type == "markdown":
                assert "$" not in cell.source.replace("\\\\$", ""), cell.source[:80]
    person_moves(table, 10)
    for html in (table.header.value, table.hand.value, table.seats_table.value, table.hint.value, table.status.text):
        assert "$" not in html


def test_a_bot_games_hand_seats_and_hint_never_say_you() -> None:
    """Mars' own panels in a watched four-bot game (the header and the status line of every game's: the battery)."""
    view = MarsNeedsMechanicsTable(seed=2, lineup=("quick seller", "late buyer", "hoarder", "mechanic"))
    try:
        view.play_to_end_button.click()
        assert view.match.is_over
        page = " ".join(
            re.sub(r"<[^>]+>", " ", html)
            for html in (view.header.value, view.hand.value, view.seats_table.value, view.hint.value, view.status.text)
        )
        assert not re.search(r"\byou\b", page, re.IGNORECASE), page
        assert "Game over (" in page and "wins with" in page
    finally:
        view.close()


def test_hot_seat_shows_the_hand_of_the_person_to_move() -> None:
    view = MarsNeedsMechanicsTable(seed=4, players=2, lineup=("you", "you"))
    try:
        assert view.hot_seat
        for _ in range(6):
            mover = view.match.waiting_for()
            assert mover is not None and view.seat == mover
            assert f"(seat {mover})" in view.hand.value and "Your hand" not in view.hand.value
            assert view.match.state.observation(mover)["hand"] == [
                int(n) for n in view.match.state.observation(view.seat)["hand"]
            ]
            (view.pass_button if not view.pass_button.disabled else view.end_turn_button).click()
    finally:
        view.close()


# -- issue 19: refusals in the card's words, built mechanisms, the cogs chart's title, the explorer's names ------


def test_a_card_the_seat_cannot_afford_is_disabled_and_its_tooltip_says_why(table: MarsNeedsMechanicsTable) -> None:
    """Issue 19.2: an unaffordable card looked clickable; now it is disabled, its tooltip the engine's reason."""
    match = table.match
    state = match.state._replace(cogs=(4, *match.state.cogs[1:]))
    match._states[-1] = state
    table.refresh()
    obs = state.observation(table.seat)
    names = obs["components"]
    cards = list(zip(obs["market"], table.market_box.children, strict=True))
    assert any(obs["prices"][card] > 4 for card, _ in cards)
    for card, widget in cards:
        reason = state.why_illegal(mnm.Buy(card))
        assert widget.disabled == (reason is not None)
        if reason is not None:
            assert names[card] in widget.tooltip and reason in widget.tooltip
            assert f"the card costs {obs['prices'][card]} cogs and you have 4" in widget.tooltip
        else:
            assert "Not now" not in widget.tooltip


def test_every_refusal_names_the_card_or_mechanism_never_an_id(table: MarsNeedsMechanicsTable) -> None:
    """Issue 19.2: "Not allowed: buy component 4 by seat 0: ..." named an id; a stale click is now refused
    with the card's (or mechanism's) name and the rule, and changes nothing."""
    match = table.match
    state = match.state._replace(cogs=(4, *match.state.cogs[1:]))
    match._states[-1] = state
    table.refresh()
    names = state.rules.components
    place, card = next((i, c) for i, c in enumerate(state.observation(0)["market"]) if state.price(0, c) > 4)
    widget = table.market_box.children[place]
    widget.disabled = False  # a page that has not redrawn yet
    widget.click()
    assert match.state is state
    text = re.sub(r"<[^>]+>", "", table.status.text)
    assert text.startswith("Not allowed: buy " + names[card]), text
    assert "You may not go into debt" in text and "component" not in text
    goggles = table.build_buttons["x_ray_goggles"]
    goggles.disabled = False
    goggles.click()
    text = re.sub(r"<[^>]+>", "", table.status.text)
    assert text.startswith("Not allowed: build the X-Ray Goggles"), text
    assert "x_ray_goggles" not in text and match.state is state


def test_a_built_mechanism_shows_as_built_not_as_a_button(table: MarsNeedsMechanicsTable) -> None:
    """Issue 19.3: the Build button of a built mechanism turned orange and looked pressable."""
    match = table.match
    state = match.state
    lens, wire = state.rules.components.index("Lens"), state.rules.components.index("Wire")
    hand = [0] * mnm.NUM_TYPES
    hand[lens], hand[wire] = 2, 1
    match._states[-1] = state._replace(hands=(tuple(hand), *state.hands[1:]))
    table.refresh()
    table.build_buttons["x_ray_goggles"].click()
    assert match.state.has_built(0, "x_ray_goggles")
    row = table.mechanism_rows["x_ray_goggles"]
    shown = [
        widget
        for widget in widget_tree(row).values()
        if isinstance(widget, w.Button) and widget.layout.display != "none"
    ]
    assert all("Build" not in widget.description for widget in shown), [b.description for b in shown]
    assert all(widget.button_style == "" for widget in shown)
    badge = table.built_badges["x_ray_goggles"]
    assert badge.layout.display is None and "X-Ray Goggles: built" in badge.value
    for key, build in table.build_buttons.items():  # the other blueprints are still Build buttons
        if key != "x_ray_goggles":
            assert build.layout.display is None and table.built_badges[key].layout.display == "none"


def test_the_cogs_chart_title_is_true_of_every_round_it_draws(table: MarsNeedsMechanicsTable) -> None:
    """Issue 19.4: "Cogs per seat at each round's end" drew the round still being played; the title (and that
    round's tick) say "so far" exactly while the chart's last round is not over."""
    seen = set()
    for _ in range(400):
        obs = table.match.state.observation(table.seat)
        layout = table.cogs_chart.figure.layout
        last = max(x for trace in table.cogs_chart.data for x in trace.x)
        unfinished = obs["phase"] != "over" and last == obs["round"]
        assert ("so far" in layout.title.text) == unfinished, (layout.title.text, obs["round"], obs["phase"])
        if unfinished:
            assert layout.title.text.endswith(f"round {obs['round']} so far")
            assert layout.xaxis.ticktext[-1] == f"{obs['round']} (so far)"
        seen.add(unfinished)
        if table.match.is_over:
            break
        person_moves(table, 1)
    assert table.match.is_over and seen == {True, False}
    assert table.cogs_chart.figure.layout.title.text == "Cogs per seat at each round's end"


def test_cogs_chart_says_so_far_only_for_the_round_in_play() -> None:
    frame = pd.DataFrame({"round": [0, 0, 1, 1], "seat": [0, 1, 0, 1], "cogs": [30, 30, 25, 33]})
    names = ["seat 0", "seat 1"]
    assert mnm_charts.cogs_by_round(frame, names).layout.title.text == "Cogs per seat at each round's end"
    playing = mnm_charts.cogs_by_round(frame, names, round_in_play=1)
    assert playing.layout.title.text == "Cogs per seat at each round's end; round 1 so far"
    assert list(playing.layout.xaxis.ticktext) == ["0", "1 (so far)"]
    started = mnm_charts.cogs_by_round(frame, names, round_in_play=2)  # round 2 has no point yet
    assert "so far" not in started.layout.title.text


def test_order_line_explorer_accepts_names_in_any_case() -> None:
    """Issue 19.5: "lens" was dropped without a word (the tag box allowed only "Lens")."""
    explorer = OrderLineExplorer()
    try:
        explorer.set_purchases(["lens", "  WIRE ", "Lens"])
        assert list(explorer.purchases.value) == ["Lens", "Wire", "Lens"]
        typed = explorer.outcome
        explorer.set_purchases(["Lens", "Wire", "Lens"])
        assert explorer.outcome.equals(typed)
        assert explorer.purchases.allowed_tags == []  # the browser drops a tag not in a non-empty list, silently
        explorer.set_purchases(["copper coil", "lenz"])
        assert list(explorer.purchases.value) == ["Copper Coil"]
        note = re.sub(r"<[^>]+>", "", explorer.note.value)
        assert "“lenz” is not a component" in note
        assert all(name in note for name in mnm.Rules.standard().components)
        explorer.set_purchases(["Gear"])
        assert "lenz" not in explorer.note.value
        assert explorer.outcome.iloc[0]["component"] == "Gear"
    finally:
        explorer.close()


def test_the_replay_cogs_chart_says_so_far_for_a_game_still_going() -> None:
    """Issue 19.4 in the replay: its cogs chart titles the whole match, which may still be in its round."""
    agents = {0: mnm_agents.QuickSeller(), 1: mnm_agents.LateBuyer()}
    going = Match(mnm, players=2, seed=3, agents=agents)
    going.advance(max_steps=4)
    assert not going.is_over and going.events_frame()["kind"].eq("purchased").any()
    viewer = replay(going)
    try:
        assert viewer.chart.figure.layout.title.text.endswith("round 1 so far")
    finally:
        viewer.close()
    going.advance()
    viewer = replay(going)
    try:
        assert viewer.chart.figure.layout.title.text == "Cogs per seat at each round's end"
    finally:
        viewer.close()


def test_the_score_breakdown_at_game_over_adds_up_to_the_final_cogs() -> None:
    """Starting cogs, plus what cards cost (negative), what sets and the Automaton paid, is each seat's purse."""
    table = MarsNeedsMechanicsTable(seed=4, lineup=("quick seller", "hoarder"))
    table.play_to_end()
    observation = table.match.state.observation(0)
    frame = table.score_breakdown(observation)
    assert len(frame) == table.match.players
    sources = frame["starting cogs"] + frame["paid for cards"] + frame["from set sales"] + frame["from the Automaton"]
    assert list(sources) == list(frame["final cogs"]) == list(observation["cogs"])
    table.close()
