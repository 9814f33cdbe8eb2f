"""``Match``: play, advance, undo, history, events, the events frame, subscribers and JSON round trips."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

import playbook
from playbook.core import (
    Action,
    EventRecord,
    GameState,
    IllegalActionError,
    InvalidActionError,
    InvalidArgumentError,
    Match,
    RandomAgent,
)
from playbook.games import available, load
from playbook.games.mars_needs_mechanics import Buy, EndTurn, Pass, Rules, new_game
from playbook.games.mars_needs_mechanics.agents import LateBuyer, QuickSeller

GAME = "mars_needs_mechanics"
ALL_TEN = Rules.standard().with_mechanisms([m.key for m in Rules.standard().mechanisms])


def person_move(match: Match) -> Action:
    """A deterministic move for the person: the first purchase, else pass, else end the turn or the first sale."""
    legal = match.legal_actions()
    if EndTurn() in legal:
        return EndTurn()
    return next((a for a in legal if isinstance(a, Buy)), Pass() if Pass() in legal else legal[0])


def person_turn(match: Match) -> tuple[GameState, tuple[Action, ...]]:
    """The person plays until someone else is to move; returns the state and history before its last move."""
    seat = match.waiting_for()
    assert seat is not None
    while True:
        before = (match.state, match.history)
        match.play(person_move(match))
        if match.waiting_for() != seat:
            return before


def bots_match(seed: int = 4, players: int = 3) -> Match:
    """Seat 0 is a person; the other seats are a random agent and a quick seller."""
    agents = {1: RandomAgent(), 2: QuickSeller()} if players == 3 else {1: RandomAgent()}
    match = Match(GAME, players=players, seed=seed, agents=agents)
    match.advance()
    return match


def test_registry() -> None:
    assert GAME in available()
    module = load(GAME)
    assert module.INFO.name == GAME and module.new_game is new_game
    with pytest.raises(InvalidActionError, match="no game named 'chess'"):
        load("chess")
    assert playbook.Match is Match


def test_new_match_matches_new_game() -> None:
    match = Match(GAME, players=3, seed=9)
    assert match.state == new_game(3, seed=9)
    assert match.history == () and match.events == () and not match.is_over
    assert match.waiting_for() == match.state.current_player
    with pytest.raises(InvalidArgumentError, match="seat 5"):
        Match(GAME, players=3, seed=9, agents={5: RandomAgent()})


def test_play_records_history_steps_and_events() -> None:
    match = Match(GAME, players=2, seed=1)
    seat = match.state.current_player
    action = next(a for a in match.legal_actions() if isinstance(a, Buy))
    before = match.state
    events = match.play(action)
    assert events == before.apply(action)[1]
    assert match.state == before.apply(action)[0]
    assert match.history == (action,)
    assert match.steps[0].actor == "player" and match.steps[0].seat == seat
    assert [r.event for r in match.events] == list(events)
    assert all(isinstance(r, EventRecord) and (r.step, r.round, r.actor) == (0, 1, seat) for r in match.events)
    assert next(iter(match)) == before and list(match)[-1] == match.state


def test_advance_lets_agents_move_until_the_person() -> None:
    match = bots_match()
    assert match.waiting_for() == 0 or match.is_over
    assert all(step.actor == "agent" and step.seat in (1, 2) for step in match.steps)
    match.play(person_move(match))
    person_turn(match)
    match.advance()
    assert match.waiting_for() == 0
    assert match.steps[-1].actor == "agent" and match.steps[-1].seat in (1, 2)


def test_undo_takes_back_the_person_and_the_agents_after() -> None:
    match = bots_match()
    state, history = person_turn(match)
    match.advance()
    assert match.waiting_for() == 0
    added = len(match.history) - len(history)
    assert added >= 2  # the person's last move and at least one agent's
    assert [s.actor for s in match.steps[len(history) :]] == ["player"] + ["agent"] * (added - 1)
    assert match.undo() == added
    assert match.state == state and match.history == history
    assert all(r.step < len(history) for r in match.events)
    assert len(list(match)) == len(history) + 1


def test_undo_then_advance_reproduces_the_same_moves() -> None:
    match = bots_match(seed=8)
    for _ in range(3):
        person_turn(match)
        match.advance()
    first_history, first_state = match.history, match.state
    first_frame = match.events_frame()
    for _ in range(3):
        match.undo()
    assert len(match.history) < len(first_history)
    while len(match.history) < len(first_history):
        match.play(person_move(match))
        match.advance()  # the random agent's moves come from step-seeded RNGs: the same again
    assert match.history == first_history and match.state == first_state
    pd.testing.assert_frame_equal(match.events_frame(), first_frame)


def test_undo_without_a_person_move_takes_back_one_step() -> None:
    match = Match(GAME, players=2, seed=2, agents={0: RandomAgent(), 1: LateBuyer()})
    assert match.undo() == 0
    match.advance()
    assert match.is_over and match.waiting_for() is None
    final, steps = match.state, len(match.history)
    assert match.undo() == 1 and len(match.history) == steps - 1 and not match.is_over
    match.advance()
    assert match.state == final


def test_events_frame_columns() -> None:
    empty = Match(GAME, players=2, seed=3).events_frame()
    assert list(empty.columns) == ["step", "round", "seat", "kind", "actor", "text"] and empty.empty
    match = Match(GAME, players=2, seed=3, agents={0: QuickSeller(), 1: QuickSeller()})
    match.advance()
    frame = match.events_frame()
    assert list(frame.columns[:5]) == ["step", "round", "seat", "kind", "actor"]
    assert {"component", "price", "token_moved", "reason", "cogs", "text"} <= set(frame.columns)
    assert len(frame) == len(match.events)
    assert {"purchased", "round_ended", "value_adjusted", "competition_ended"} <= set(frame["kind"])
    bought = frame[frame["kind"] == "purchased"]
    assert (bought["price"] > 0).all() and bought["component"].isin(Rules.standard().components).all()
    assert frame["step"].is_monotonic_increasing and frame["round"].max() == match.state.round
    first = match.events[0]
    assert frame.iloc[0]["text"] == str(first.event)
    actors = {step: s.seat for step, s in enumerate(match.steps)}
    assert (bought["seat"] == bought["step"].map(actors)).all()  # a buyer is the seat that acted
    assert (frame["actor"] == frame["step"].map(actors)).all()  # actor: always the seat that acted
    paid = frame[frame["kind"] == "first_player_passed"]
    assert (paid["seat"] == paid["text"].str.extract(r"seat (\d+)")[0].astype(int)).all()  # seat: whom it is about


def test_subscribe_and_unsubscribe() -> None:
    match = bots_match()
    calls: list[tuple[Match, tuple]] = []
    unsubscribe = match.subscribe(lambda m, events: calls.append((m, events)))
    events = match.play(person_move(match))
    assert calls == [(match, events)]
    if match.waiting_for() == 0:
        person_turn(match)
    played = len(calls)
    advanced = match.advance()
    assert advanced and len(calls) == played + 1 and calls[-1] == (match, advanced)
    match.undo()
    assert len(calls) == played + 2 and calls[-1][1] == ()
    unsubscribe()
    match.play(person_move(match))
    match.advance()
    assert len(calls) == played + 2
    unsubscribe()  # a second call is harmless


def test_illegal_play_changes_nothing() -> None:
    match = Match(GAME, players=2, seed=1)
    state = match.state
    with pytest.raises(IllegalActionError, match="Primary Action"):
        match.play(EndTurn())
    assert match.state is state and match.history == () and match.events == ()


@pytest.mark.parametrize("rules", [None, ALL_TEN], ids=["standard", "all ten"])
def test_json_round_trip(rules: Rules | None) -> None:
    match = Match(GAME, players=3, seed=21, rules=rules, agents={1: RandomAgent(), 2: QuickSeller()})
    match.advance()
    for _ in range(4):
        if match.is_over:
            break
        person_turn(match)
        match.advance()
    text = match.to_json()
    data = json.loads(text)
    assert data["game"] == GAME and data["seed"] == 21 and len(data["history"]) == len(match.history)
    copy = Match.from_json(text, agents={1: RandomAgent(), 2: QuickSeller()})
    assert copy.state == match.state and copy.history == match.history
    assert [s.actor for s in copy.steps] == [s.actor for s in match.steps]
    assert copy.rules == match.rules
    pd.testing.assert_frame_equal(copy.events_frame(), match.events_frame())


def test_a_whole_game_through_match_ends() -> None:
    match = Match(GAME, players=4, seed=6, agents={s: QuickSeller() for s in range(4)})
    match.advance()
    assert match.is_over and match.state.current_player is None
    assert match.events[-1].event.kind == "competition_ended"
    with pytest.raises(IllegalActionError, match="the game is over"):
        match.play(Pass())
    assert match.advance() == ()


def test_game_module_protocol() -> None:
    """``playbook.games.load`` returns a module with the ``GameModule`` functions; its state round-trips."""
    module = load(GAME)
    for name in ("INFO", "Rules", "State", "new_game", "action_from_dict", "state_from_dict", "rules_from_dict"):
        assert hasattr(module, name), name
    state = module.new_game(3, seed=12, rules=ALL_TEN)
    assert isinstance(state, GameState)
    assert module.state_from_dict(json.loads(json.dumps(state.to_dict()))) == state
    assert module.rules_from_dict(ALL_TEN.to_dict()) == ALL_TEN
    assert module.rules_from_toml(Path(module.__file__).parent / "data" / "components.toml") == Rules.standard()
    assert module.action_from_dict(Buy(2).to_dict()) == Buy(2)
