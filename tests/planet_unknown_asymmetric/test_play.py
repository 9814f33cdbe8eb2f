"""Random legal play and the bots on every implemented asymmetric planet: no exception, the standard game's
invariants on each seat's own planet, the planet's own rules kept by every placement and step, replay and JSON
round trip equal."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import playbook
from playbook.core import RandomAgent
from playbook.games.planet_unknown import MoveRover, Rules, State, TilePlaced, TokenMoved, new_game
from playbook.games.planet_unknown import agents as pu_agents
from playbook.games.planet_unknown.board import has_tech, track_tables
from playbook.games.planet_unknown.geometry import Placement, placement_index, planet_masks
from playbook.games.planet_unknown.planets import fixed_rule_allows, quadrant_allows, step_allowed
from playbook.games.planet_unknown.variants import corporation_keys, missing_rules, planet_keys

from .helpers import C


def check_invariants(state: State) -> None:
    for seat, b in enumerate(state.boards):
        masks = planet_masks(state.rules.planet(seat))
        tops = track_tables(state.rules.corporation(seat)).top  # Oasis's water path has 24 steps
        assert all(0 <= pos <= top for pos, top in zip(b.trackers, tops, strict=True))
        assert not b.covered & ~masks.playable
        assert not b.lifepods & b.covered
        assert len(set(b.rovers)) == len(b.rovers)
        if state.rules.corporation(seat).hook("meteorites") != "carry_and_deliver":  # Horizon's rovers carry one
            assert not any(b.meteorites >> r & 1 for r in b.rovers)
        assert sum(layer.bit_count() for layer in b.terrain) == b.covered.bit_count()
        assert b.rover_supply >= 0 and b.stored_biomass >= 0


def check_planet_rules(state: State, events: tuple[object, ...]) -> None:
    """Every tile placed and every rover step obeys its seat's planet."""
    for e in events:
        if isinstance(e, TilePlaced):
            planet = state.rules.planet(e.seat)
            pair = C.terrain_pairs[e.tile // 2]
            corporation = state.rules.corporation(e.seat)
            if 3 in pair and has_tech(state.boards[e.seat], corporation, "rover_tile_ignores_restrictions"):
                continue  # Horizon tech 1: a rover tile ignores the planet's rule
            mask = sum(1 << s for s in e.squares)
            assert fixed_rule_allows(planet, _fake(mask)), (planet.name, e)
            if planet.placement == "quadrant_symbols":
                assert all(quadrant_allows(planet, p, pair) for p, pair in _placed(state, e))
        if isinstance(e, TokenMoved) and e.token == "rover" and e.verb == "moved":
            planet = state.rules.planet(e.seat)
            assert step_allowed(planet, e.start, e.end)
            if planet.rovers == "no_uncovered_toxic":
                assert not planet.mask("toxic") >> e.end & 1 or state.boards[e.seat].covered >> e.end & 1


def _fake(mask: int) -> Placement:
    return Placement(0, 0, 0, mask, 0, 0, 0, 0, 0)


def _placed(state: State, e: TilePlaced) -> list[tuple[Placement, tuple[int, int]]]:
    p = placement_index(state.rules.planet(e.seat), C.shape(e.shape))[(e.orientation, e.row, e.col)]
    return [(p, C.terrain_pairs[e.tile // 2])]


def play_randomly(rules: Rules, players: int, seed: int) -> State:
    rng = random.Random(seed)
    state = new_game(players, seed=seed, rules=rules)
    history = []
    step = 0
    while not state.is_terminal:
        check_invariants(state)
        legal = state.legal_actions()
        assert legal, f"no legal action for {state.current_player} in {state.phase!r}"
        action = legal[rng.randrange(len(legal))]
        before = json.dumps(state.to_dict(), sort_keys=True) if step % 30 == 0 else None
        after, events = state.apply(action)
        if before is not None:
            assert json.dumps(state.to_dict(), sort_keys=True) == before, "apply mutated the state"
            assert State.from_dict(json.loads(json.dumps(after.to_dict()))) == after
        check_planet_rules(after, events)
        if isinstance(action, MoveRover):
            assert any(isinstance(e, TokenMoved) and e.verb == "moved" for e in events)
        for b in after.boards:
            assert b.lifepods.bit_count() + b.lifepods_collected <= 6
        history.append(action)
        state = after
        step += 1
    assert len(state.final_scores) == players and state.winners() is not None
    replay = new_game(players, seed=seed, rules=rules)
    for action in history:
        replay = replay.apply(action)[0]
    assert replay == state
    assert State.from_dict(json.loads(json.dumps(state.to_dict()))) == state
    return state


@pytest.mark.parametrize("key", planet_keys())
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([1, 2, 3]), events=st.booleans())
def test_random_play_on_each_planet_keeps_the_invariants(key: str, seed: int, players: int, events: bool) -> None:
    play_randomly(Rules(planets=(key,), events=events), players, seed)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), data=st.data())
def test_random_play_with_a_different_planet_per_seat(seed: int, data: st.DataObject) -> None:
    planets = tuple(data.draw(st.sampled_from(("standard", *planet_keys()))) for _ in range(4))
    corporations = tuple(data.draw(st.sampled_from(("standard", "republic"))) for _ in range(4))
    rules = Rules(planets=planets, corporations=corporations, events=True, private_objectives=True)
    state = play_randomly(rules, 4, seed)
    assert state.observation(0)["planets"] == list(planets)
    assert state.observation(3)["corporations"] == list(corporations)


#: Every corporation the engine plays (test_corporations.py checks the rest are refused by name).
PLAYABLE_CORPORATIONS = [key for key in corporation_keys() if not missing_rules(key)]


@pytest.mark.parametrize("key", PLAYABLE_CORPORATIONS)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([1, 2, 3]), events=st.booleans())
def test_random_play_for_each_corporation_keeps_the_invariants(key: str, seed: int, players: int, events: bool) -> None:
    """Issue 14: "hypothesis over random legal play for every corporation and every planet (no exception,
    invariants as in the standard game, JSON round trip equal)"; the other seats play the standard corporation."""
    corporations = (key,) + ("standard",) * (players - 1) if players > 1 else (key,)
    play_randomly(Rules(corporations=corporations, events=events), players, seed)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), data=st.data())
def test_random_play_with_a_different_corporation_and_planet_per_seat(seed: int, data: st.DataObject) -> None:
    corporations = tuple(data.draw(st.sampled_from(("standard", *PLAYABLE_CORPORATIONS))) for _ in range(3))
    planets = tuple(data.draw(st.sampled_from(("standard", *planet_keys()))) for _ in range(3))
    play_randomly(Rules(planets=planets, corporations=corporations, events=True), 3, seed)


STRATEGIES = [cls for cls in pu_agents.STRATEGIES if cls is not RandomAgent]


@pytest.mark.parametrize("key", PLAYABLE_CORPORATIONS)
def test_the_bots_play_every_corporation(key: str) -> None:
    """Issue 14: "The bots play every corporation and planet without error"."""
    rules = Rules(corporations=(key, "standard", key, key), events=True)
    result = playbook.play_match("planet_unknown", [cls() for cls in STRATEGIES], seed=12, rules=rules)
    assert result.final_state.is_terminal and len(result.scores) == 4


@pytest.mark.parametrize("key", planet_keys())
def test_the_bots_play_every_planet(key: str) -> None:
    """Issue 14: "The bots play every corporation and planet without error"."""
    rules = Rules(planets=(key, "standard", key, key), events=True)
    result = playbook.play_match("planet_unknown", [cls() for cls in STRATEGIES], seed=11, rules=rules)
    assert result.final_state.is_terminal and len(result.scores) == 4
