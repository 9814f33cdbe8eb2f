"""Headless tests of the Offal Game table, pipe explorer and prediction exercise: press the widgets' own buttons
and check the engine's state and the labels.

What every game's table does alike is the battery's: ``tests/widgets/test_tables_battery.py``."""

from __future__ import annotations

import re
from collections.abc import Iterator

import ipywidgets as w
import pytest

import playbook.widgets.offal_game as offal_view
from playbook.charts.offal_game import OFFAL_COLOURS
from playbook.core import Match
from playbook.games import offal_game as og
from playbook.games.offal_game import CubeDrawn, agents
from playbook.widgets.common import live_widgets, money, widget_tree
from playbook.widgets.offal_game import LabTabs, OffalTable, PipeExplorer, PredictClog, parse_cubes, pipe_html
from playbook.widgets.offal_game.lab import clog_and_money_figure

from .helpers import (
    BONES,
    BRAINS,
    CLASSIC,
    CROWBAR,
    DRAIN_AUGER,
    EMPTY,
    FIRE_HOSE,
    HEARTS,
    ORDERS,
    ORGANS,
    RAT,
    RAT_TRAP,
    RESERVE,
    RESERVE_DIE,
    START,
    balanced,
    replace,
)


def person_to_move(table: OffalTable) -> bool:
    return table.match is not None and table.match.waiting_for() == table.seat


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def set_state(table: OffalTable, state: og.State) -> None:
    """Put the match in an exact situation (as a teacher's prepared example would)."""
    assert table.match is not None
    table.match._states[-1] = state
    table.refresh()


@pytest.fixture
def table() -> Iterator[OffalTable]:
    view = OffalTable(seed=3, players=2, lineup=("you", "clog clearer"))
    yield view
    view.close()


def test_a_turn_opens_before_the_roll_with_only_roll_to_press(table: OffalTable) -> None:
    """Phase 1 comes first: the person's turn opens on the roll, and End turn waits until Phase 2."""
    assert table.state.phase == START
    assert "Plunger 1 (you) to move" in table.header.value
    assert not table.roll_button.disabled and table.end_turn_button.disabled


def test_roll_resolves_phase_1_with_the_seeded_rng(table: OffalTable) -> None:
    steps = len(table.match.history)
    table.roll_button.click()
    assert table.match.steps[steps].action == og.Roll() and table.match.steps[steps].actor == "player"
    assert all(step.actor == "chance" for step in table.match.steps[steps + 1 :])
    if table.state.phase == RESERVE:  # parts wait in the reserve: a tool may be played before its d4
        assert "play a tool now, or roll the reserve's d4" in table.status.text
        assert not table.reserve_button.disabled
        table.reserve_button.click()
    state = table.state
    assert state.phase == ORDERS and state.seat == 0 and person_to_move(table)
    counted = [r.event for r in table.match.events if isinstance(r.event, og.DrawsCounted)][-1]
    assert f"The d4 shows {counted.die}: {counted.draws} blind draws" in table.status.text
    assert f"the d4 shows {counted.die} + 2 waiting customers = {counted.draws} blind draws" in table.phase1.value
    for card, counts in enumerate(state.card_counts()):
        words = ", ".join(og.Cube(p).count_words(n) for p, n in enumerate(counts) if n)
        assert (
            f"<div class='offal-card-count-{card}' style='font-size:11px'>{words or 'empty'}</div>" in table.pipe.value
        )
    assert table.roll_button.disabled and not table.end_turn_button.disabled
    # the same seed and clicks give the same rolls (a twin table)
    twin = OffalTable(seed=3, players=2, lineup=("you", "clog clearer"))
    twin.roll_button.click()
    if twin.state.phase == RESERVE:
        twin.reserve_button.click()
    assert twin.state == state
    twin.close()


def fillable(table: OffalTable) -> tuple[og.State, int]:
    """Phase 2 of the person's turn with exactly one order's parts on the card its age asks for."""
    state = table.state
    c = state.customers[0][0]
    customer = state.rules.customers[c]
    start = sum(state.rules.day_spaces[: customer.age - 1])
    pipe = [EMPTY] * state.rules.pipe_length
    for i in range(customer.count):
        pipe[start + i] = customer.part
    return balanced(replace(state, phase=ORDERS, pipe=tuple(pipe))), c


def test_fill_buttons_list_the_legal_takes_and_fill_an_order(table: OffalTable) -> None:
    state, c = fillable(table)
    set_state(table, state)
    customer = state.rules.customers[c]
    takes = [a for a in state.legal_actions() if isinstance(a, og.Take)]
    assert len(table.takes_box.children) == len(takes) >= 1
    label = table.takes_box.children[0].description
    card = og.Card(customer.age - 1).title
    assert label.startswith(f"Take {customer.part.count_words(customer.count)} from {card} for {customer.name}")
    assert f"(fills the order, +${customer.money})" in label
    table.take(0)
    assert f"You: {label}" in table.status.text
    after = table.state
    assert after.money[0] == customer.money and c in after.served[0]
    assert c not in after.customers[0] and len(after.customers[0]) == 2  # a new customer from The Queue
    assert f"<td class='offal-money-0'>{money(customer.money)}</td>" in table.gore_track.value
    assert "$" not in table.gore_track.value  # a dollar sign, never MathJax
    assert f"fills {customer.name}'s order" in "\n".join(table.log.lines)


def test_a_tool_with_one_target_is_played_at_once(table: OffalTable) -> None:
    state = table.state
    set_state(table, replace(state, hands=((RAT_TRAP, DRAIN_AUGER, FIRE_HOSE), *state.hands[1:])))
    names = [b.description for b in table.tools_box.children]
    assert names == ["Rat Trap", "Drain Auger", "Fire Hose"]
    table.tool_button("fire_hose").click()
    after = table.state
    assert after.flushed and after.tool_used and after.tool_discard[-1] == FIRE_HOSE
    assert len(after.hands[0]) == 3  # a new tool drawn
    assert "plays the Fire Hose" in "\n".join(table.log.lines)
    assert "Fire Hose" in table.status.text


def test_a_tool_with_several_targets_offers_them(table: OffalTable) -> None:
    state = table.state
    set_state(table, replace(state, hands=((CROWBAR,), *state.hands[1:])))
    assert table.tool_panel.layout.display == "none"
    table.tool_button("crowbar").click()
    assert table.tool_panel.layout.display is None
    options = [label for label, _ in table.tool_choice.options]
    names = [state.rules.customers[c].name for c in state.customers[0]]
    assert options == [f"Crowbar: send {name} to the back of The Queue" for name in names]
    table.tool_choice.index = 1
    top = state.queue[0]
    table.tool_play_button.click()
    after = table.state
    assert after.customers[0] == (state.customers[0][0], top)
    assert after.queue[-1] == state.customers[0][1]
    assert table.tool_panel.layout.display == "none"


def test_end_turn_lets_the_agent_play_then_it_is_your_turn_again(table: OffalTable) -> None:
    table.roll_button.click()
    if table.state.phase == RESERVE:
        table.reserve_button.click()
    table.end_turn_button.click()
    state = table.state
    assert state.round == 3 and state.seat == 0 and state.phase == START
    assert any(r.actor == 1 for r in table.match.events)  # Plunger 2 (the agent) moved
    assert "Turn 3 · Plunger 1 (you) to move" in table.header.value


def test_the_fire_hose_after_the_reserves_d4_is_refused_by_its_rule(table: OffalTable) -> None:
    table.roll_button.click()
    if table.state.phase == RESERVE:
        table.reserve_button.click()
    state = table.state
    set_state(table, replace(state, hands=((FIRE_HOSE,), *state.hands[1:])))
    before = table.state
    table.tool_button("fire_hose").click()  # too late: the reserve's d4 has been rolled
    assert table.state == before
    assert "Fire Hose is played before the reserve" in table.status.text


def test_a_new_solo_game_shows_the_solo_target_and_a_two_player_one_names_your_plunger(table: OffalTable) -> None:
    """The solo rules' target is on the Gore Track; with two seats the header names the person's Plunger."""
    panel = table.new_game_panel
    panel.players.value = 1
    panel.seats[0].value = "you"
    panel.button.click()
    assert table.match.players == 1 and not table.match.agents and person_to_move(table)
    assert f"Solo: end the game with at least {money(table.state.rules.solo_target)}" in table.gore_track.value
    assert [t.name for t in table.chart.data] == ["parts on The Clog", "Plunger 1 (you)"]
    panel.players.value = 2
    panel.seats[0].value = "richest"
    panel.seats[1].value = "you"
    panel.button.click()
    assert person_to_move(table) and table.state.seat == 1
    assert "Plunger 2 (you) to move" in table.header.value


def test_a_whole_solo_game_can_be_played_with_the_buttons() -> None:
    table = OffalTable(players=1, seed=5, lineup=("you",))
    for _click in range(600):
        if table.match.is_over:
            break
        if not table.roll_button.disabled:
            table.roll_button.click()
        elif not table.reserve_button.disabled:
            table.reserve_button.click()
        elif isinstance(table.takes_box.children[0], type(table.roll_button)):
            table.take(0)
        else:
            table.end_turn_button.click()
    state = table.state
    assert table.match.is_over
    target = state.rules.solo_target
    assert "Game over because" in table.status.text and f"solo target of ${target}" in table.status.text
    assert ("you win" in table.status.text) == (state.money[0] >= target)
    traces = {t.name: list(t.y) for t in table.chart.data}
    assert traces["Plunger 1 (you)"][-1] == state.money[0]
    assert traces["parts on The Clog"][-1] == len(state.clog)
    assert len(traces["parts on The Clog"]) == state.round + 1
    table.close()


# -- explorer ----------------------------------------------------------------------------------------------
def test_parse_cubes() -> None:
    assert parse_cubes("bone, Hearts he  org rat brains") == [BONES, HEARTS, HEARTS, ORGANS, RAT, BRAINS]
    with pytest.raises(ValueError, match="ambiguous"):
        parse_cubes("b")
    with pytest.raises(ValueError, match="not a cube"):
        parse_cubes("liver")


def engine_turn(state: og.State, die: int, cubes: list[int], reserve_die: int) -> og.State:
    state = state.apply(og.Roll())[0].apply(og.DieRoll(die))[0]
    for cube in cubes:
        state = state.apply(og.BlindDraw(cube))[0]
    if state.phase == RESERVE:
        state = state.apply(og.RollReserve())[0]
    if state.phase == RESERVE_DIE:
        state = state.apply(og.DieRoll(reserve_die))[0]
    return state.apply(og.EndTurn())[0]


def test_explorer_chosen_dice_and_draws_give_the_engines_result() -> None:
    explorer = PipeExplorer(seed=4, rules=CLASSIC)
    expected = og.new_game(1, seed=4, rules=CLASSIC)
    plan = [
        (4, "heart heart bone organ brain organ", 1),
        (4, "bone bone bone bone bone bone", 2),
        (3, "heart, organ, rat, bone, bone", 3),
    ]
    for die, draws, reserve in plan:
        explorer.choose(die=die, draws=draws, reserve_die=reserve)
        explorer.step_button.click()
        expected = engine_turn(expected, die, parse_cubes(draws), reserve)
        assert explorer.state == expected
    report = explorer.history[-1]
    assert report["d4"] == 3 and report["drawn"] == "Heart, Organ, rat, Bone, Bone"
    assert report["clog"] == len(expected.clog) == 1  # 6 + 6 parts in 2 turns, 5 more: 2 pushed off, 1 to The Clog
    assert report["shifted_off"] and report["to_clog"] and report["reserve_d4"] == 3
    assert "Shifted off Day 3" in explorer.message.value
    assert explorer.pipe.value == pipe_html(expected)
    bars = {t.name: list(t.y) for t in explorer.chart.data}
    counts = expected.card_counts()
    assert bars["Hearts"] == [counts[card][HEARTS] for card in (3, 2, 1, 0)]
    assert len(explorer.frame()) == 3


def test_explorer_random_steps_are_seeded_and_bad_input_changes_nothing() -> None:
    one, two = PipeExplorer(seed=9), PipeExplorer(seed=9)
    for _ in range(3):
        one.step_button.click()
        two.step()
    assert one.state == two.state and one.history == two.history
    before = one.state
    one.choose(draws="bone liver")
    one.step_button.click()
    assert one.state == before and "Not allowed" in one.message.value and "liver" in one.message.value
    one.reset_button.click()
    assert one.state == og.new_game(1, seed=9) and one.history == []


def test_explorer_runs_until_the_clog_is_full() -> None:
    explorer = PipeExplorer(seed=2)
    explorer.choose(die=4, reserve_die=4)
    for _ in range(40):
        if explorer.state.is_terminal:
            break
        explorer.step_button.click()
    assert explorer.state.is_terminal and len(explorer.state.clog) == explorer.rules.clog_spaces
    explorer.step_button.click()
    assert "Game over because The Clog is full" in explorer.message.value


# -- predict, then reveal ----------------------------------------------------------------------------------
def test_predict_clog_scores_the_guess_with_the_engines_answer() -> None:
    exercise = PredictClog(seed=5)
    expected = engine_turn(exercise.state, exercise.die, exercise.draws, exercise.reserve_die)
    right = len(expected.clog) - len(exercise.state.clog)
    assert exercise.correct == right and right > 0
    assert exercise.guess.value == ""  # nothing pre-filled that could score without thinking
    assert exercise.reveal() == 0 and "Type your guess first" in exercise.answer.value
    assert str(right) not in text(exercise.answer.value)
    exercise.guess.value = str(right)
    assert exercise.reveal() == 3
    assert f"= <b>{right}</b> land on The Clog" in exercise.answer.value
    exercise.guess.value = str(right + 1)
    assert exercise.reveal() == 1
    exercise.guess.value = str(right + 5)
    assert exercise.reveal() == 0
    assert "How many parts land on" in text(exercise.widget.children[0].value)


# -- a table a class can read (issue 9) ------------------------------------------------------------------------
def visible_text(view: OffalTable) -> str:
    """Every label and every HTML text the table shows, tags and their attributes removed."""
    parts = []
    for widget in widget_tree(view.widget).values():
        if isinstance(widget, w.HTML):
            parts.append(text(widget.value))
        elif isinstance(widget, w.Button | w.Dropdown):
            parts.append(str(getattr(widget, "description", "")))
            parts.extend(str(label) for label in getattr(widget, "_options_labels", ()))
    return "\n".join(parts)


def test_a_bot_game_reads_in_words_to_the_end() -> None:
    """No snake_case names or Python reprs on the page; every $ a dollar sign (MathJax skips it); the
    game-over line says why the game ended in words that match the board."""
    view = OffalTable(players=2, seed=4, lineup=("clog clearer", "quickest"))
    view.play_to_end_button.click()
    assert view.match.is_over
    shown = visible_text(view)
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", shown), re.findall(r"\b[a-z]+_[a-z_]+\b", shown)
    assert "Plunger 1 (clog clearer)" in shown and "(" + "'" not in shown and "Cube." not in shown
    for widget_html in (view.gore_track.value, view.customers.value, view.status.text, view.log.widget.value):
        outside = re.sub(r"<span class='playbook-no-math[^>]*>.*?</span>", "", widget_html, flags=re.S)
        assert "$" not in outside
    obs = view.state.observation(0)
    line = text(view.status.text)
    assert line.startswith(f"Game over because {obs['end_words']}.")
    if obs["end"] == "clog_full":
        assert f"The Clog ({obs['clog_spaces']}/{obs['clog_spaces']})" in view.pipe.value
    else:
        assert all(not row for row in obs["customers"]) and obs["queue_size"] == 0
    assert f"Turn {obs['round']} · game over" in view.header.value
    view.close()


def test_articles_are_right() -> None:
    assert str(CubeDrawn(1, og.Cube.ORGANS)) == "Turn 1: an Organ comes out of the Bag O' Parts"
    assert str(CubeDrawn(1, og.Cube.HEARTS)) == "Turn 1: a Heart comes out of the Bag O' Parts"
    assert str(og.BlindDraw(og.Cube.ORGANS)) == "Draw an Organ from the Bag O' Parts"


def test_the_rules_in_brief_panel_is_beside_the_table(table: OffalTable) -> None:
    assert "<details class='offal-rules-in-brief'>" in table.rules_panel.value
    assert "before the reserve's d4" in table.rules_panel.value


def test_the_pipe_and_the_chart_share_one_colour_per_part() -> None:
    assert offal_view.CUBE_COLOURS == OFFAL_COLOURS
    html = pipe_html(og.new_game(1, seed=1).observation(0))
    for key in ("bones", "organs", "brains", "hearts", "rats"):
        assert OFFAL_COLOURS[key] in html  # the legend shows every colour


def test_a_watched_solo_bot_game_never_says_you() -> None:
    view = OffalTable(players=1, seed=2, lineup=("quickest",))
    assert view.watching
    view.play_to_end_button.click()
    assert view.match.is_over
    line = text(view.status.text)
    assert "Game over because" in line and "you" not in line.lower().replace("your", "")
    assert "Plunger 1 (quickest) wins" in line or "Plunger 1 (quickest) loses" in line
    view.close()


def test_new_games_and_moves_release_their_widgets() -> None:
    view = OffalTable(players=2, seed=1, lineup=("you", "clog clearer"))

    def a_few_moves() -> None:
        for _ in range(2):
            view.roll_button.click()
            if not view.reserve_button.disabled:
                view.reserve_button.click()
            if isinstance(view.takes_box.children[0], type(view.roll_button)):
                view.take(0)
            view.end_turn_button.click()
        view.new_game_panel.button.click()

    a_few_moves()
    before = len(live_widgets())
    for _ in range(5):
        a_few_moves()
    assert len(live_widgets()) <= before + 5
    view.close()


def test_hot_seat_names_each_plunger_to_move() -> None:
    view = OffalTable(players=2, seed=3, lineup=("you", "you"))
    assert view.hot_seat and view.seat == 0
    assert "Plunger 1 to move" in view.header.value and "(you)" not in view.header.value
    view.roll_button.click()
    if not view.reserve_button.disabled:
        view.reserve_button.click()
    view.end_turn_button.click()
    assert view.seat == 1 and view.match.waiting_for() == 1
    assert "Plunger 2 to move" in view.header.value and not view.roll_button.disabled
    assert "Your turn" not in view.status.text
    view.close()


# -- turns, not rounds (issue 19) ---------------------------------------------------------------------------------
def test_the_explorer_and_the_question_count_turns_as_the_rulebook_does() -> None:
    """The rulebook speaks only of turns, and every Plunger's turn moves the counter: the explorer's line and its
    table, and the question's scenario, say turn (in a two-player game your turns are 1, 3, 5...)."""
    explorer = PipeExplorer(seed=4)
    exercise = PredictClog(seed=5)
    try:
        explorer.choose(die=3, draws="bone bone heart organ brain", reserve_die=2)
        explorer.step_button.click()
        assert text(explorer.message.value).startswith("Turn 1: the d4 shows 3")
        assert explorer.frame().columns[0] == "turn" and "round" not in explorer.frame().columns
        assert "Round" not in explorer.table.value and "round" not in explorer.table.value
        scenario = text(exercise.widget.children[0].value)
        assert f"Turn {exercise.state.round}: the d4 shows" in scenario and "Round" not in scenario
    finally:
        explorer.close()
        exercise.close()


def test_the_replay_chart_of_a_game_is_by_turn() -> None:
    match = Match(og, players=2, seed=12, agents={0: agents.ClogClearer(), 1: agents.QuickestOrder()})
    match.advance()
    figure = clog_and_money_figure(match)
    assert figure.layout.title.text == "The Clog and the Gore Track by turn"
    assert figure.layout.xaxis.title.text == "turn (0 = set-up)"
    assert max(figure.data[0].x) == match.state.round


def test_the_rule_sweep_opens_on_the_clog_in_words_and_one_bot_plays_the_solo_game() -> None:
    """Issue 19: Offal's dashboard had no Rule sweep tab. It opens on The Clog's size (4 to 10 spaces), two bots
    (that it shows a real change is the battery's, ``tests/widgets/test_strategy_labs.py``)."""
    tabs = LabTabs(seed=1, games=10)
    try:
        sweep = tabs.sweep
        assert sweep is not None and sweep.field.value == "sewer.clog_spaces"
        assert (sweep.low.value, sweep.high.value) == (4, 10) and list(sweep.agent_picker.value) == [
            "quickest",
            "clog clearer",
        ]
        layout = sweep.chart.figure.layout
        assert layout.xaxis.title.text == "spaces on The Clog"
        assert layout.yaxis.title.text == "final money per Plunger (dollars)"
        sweep.agent_picker.value = ("clog clearer",)  # one bot: the solo game, where the solo rules count
        sweep.field.value = "solo.target"
        sweep.steps.value = 2
        solo = sweep.run()
        assert solo is not None and set(solo["players"]) == {1}
    finally:
        tabs.close()


def test_the_table_counts_turns_in_the_header_the_log_and_phase_1(table: OffalTable) -> None:
    """Issue 19: the counter is a turn (each Plunger's turn is one: yours are 1, 3, 5 ...), but the header, the
    log and the Phase 1 line said "Round 3". Every one says "Turn" now, and no shown line says "Round"."""
    table.roll_button.click()
    if table.state.phase == RESERVE:
        table.reserve_button.click()
    table.end_turn_button.click()
    turn = table.state.round
    assert turn == 3 and table.header.value.startswith(f"<h3 class='offal-header'>Turn {turn} · ")
    assert table.log.lines and all(re.match(r"Turn \d+: ", line) for line in table.log.lines), table.log.lines[:3]
    assert text(table.phase1.value).startswith("Turn 2, Plunger 2: the d4 shows")
    shown = " ".join((table.header.value, table.phase1.value, table.log.widget.value))
    assert "Round" not in shown
