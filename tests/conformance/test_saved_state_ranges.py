"""Saved states with out-of-range values are refused at load (issue 18, review D10).

A saved state is data from outside: every number in it must lie in the range the rules allow, or
``from_dict`` refuses it with ``InvalidStateError`` naming the field. Driven by ``playbook.games.available()``:
for states of seeded random play, every int of the ``to_dict()`` JSON (found by walking it, so a new field is
covered without naming it here) is set to -1, to 10**6 and to 2**62, on a seeded sample of the ints. Each
such state is refused, or it is a game a loop can play: a legal-action list of sane length, built quickly,
and a state that round-trips through JSON. Then one test per case the review found.
"""

from __future__ import annotations

import copy
import json
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest

from playbook.core import CHANCE, InvalidStateError
from playbook.games import available, load
from playbook.games.mars_needs_mechanics import new_game as mars_game
from playbook.games.mars_needs_mechanics import state_from_dict as mars_state
from playbook.games.offal_game import new_game as offal_game
from playbook.games.offal_game import state_from_dict as offal_state
from playbook.games.parts_unknown import new_game as parts_game
from playbook.games.parts_unknown import state_from_dict as parts_state
from playbook.games.planet_unknown import Rules as PlanetRules
from playbook.games.planet_unknown import new_game as planet_game
from playbook.games.planet_unknown import state_from_dict as planet_state

GAMES = available()
OUT_OF_RANGE = (-1, 10**6, 2**62)
#: What a loaded state may ask of a play loop: fewer legal actions than this, listed within this time.
MOST_LEGAL_ACTIONS = 10_000
MOST_SECONDS = 0.5
#: The sample: per player count, a state of each phase (up to this many), and per field up to this many ints.
PHASES = 5
INTS_PER_FIELD = 2
SEED = 18

Path = tuple[str | int, ...]


def int_leaves(data: Any, path: Path = ()) -> Iterator[Path]:
    """The path of every int in a JSON value (a bool is not an int)."""
    if isinstance(data, bool):
        return
    if isinstance(data, int):
        yield path
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from int_leaves(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from int_leaves(value, (*path, index))


def with_leaf(data: dict[str, Any], path: Path, value: int) -> dict[str, Any]:
    """A deep copy of ``data`` with the int at ``path`` replaced by ``value``."""
    changed = copy.deepcopy(data)
    parent: Any = changed
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = value
    return changed


def played_states(name: str, rng: random.Random) -> list[dict[str, Any]]:
    """Saved states of a seeded random game, for the fewest and the most players: the first state of each
    phase (a count that is harmless while buying may not be while selling): set-up's and ``PHASES - 1`` more."""
    module = load(name)
    saved = []
    for players in sorted({module.INFO.min_players, module.INFO.max_players}):
        state = module.new_game(players, seed=SEED)
        firsts = {state.phase: state}
        while not state.is_terminal:
            if state.current_player == CHANCE:
                outcomes = state.chance_outcomes()
                action = rng.choices([a for a, _ in outcomes], weights=[p for _, p in outcomes])[0]
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state = state.apply(action)[0]
            firsts.setdefault(state.phase, state)
        first, *later = sorted(firsts)  # the set-up phase always: a count there is dealt before anyone moves
        picks = [first, *rng.sample(later, min(PHASES - 1, len(later)))]
        saved += [json.loads(json.dumps(firsts[phase].to_dict())) for phase in picks]
    return saved


def sampled_leaves(data: dict[str, Any], rng: random.Random) -> list[Path]:
    """Up to ``INTS_PER_FIELD`` ints of every field, so each field is tried in every sampled state."""
    paths = []
    for field, value in data.items():
        leaves = list(int_leaves(value, (field,)))
        paths += rng.sample(leaves, min(INTS_PER_FIELD, len(leaves)))
    return paths


@pytest.mark.parametrize("name", GAMES)
def test_every_int_of_a_saved_state_out_of_range_is_refused_or_harmless(name: str) -> None:
    module = load(name)
    rng = random.Random(SEED)
    for data in played_states(name, rng):
        for path in sampled_leaves(data, rng):
            for value in OUT_OF_RANGE:
                try:
                    state = module.state_from_dict(with_leaf(data, path, value))
                except InvalidStateError:
                    continue
                start = time.process_time()  # CPU time: other work on a shared machine does not count
                legal = state.legal_actions()
                seconds = time.process_time() - start
                where = f"{name}: {'.'.join(map(str, path))} = {value}"
                assert len(legal) < MOST_LEGAL_ACTIONS, f"{where} loads with {len(legal)} legal actions"
                assert seconds < MOST_SECONDS, f"{where} takes {seconds:.2f} s to list its legal actions"
                assert module.state_from_dict(json.loads(json.dumps(state.to_dict()))) == state, where


def refusal(load_state: Any, data: dict[str, Any]) -> str:
    with pytest.raises(InvalidStateError) as caught:
        load_state(data)
    return str(caught.value)


def mars_selling() -> dict[str, Any]:
    """A Mars game at the Sell Sets step, where Scrap multiplies the legal sets."""
    state = mars_game(3, seed=4)
    rng = random.Random(4)
    while state.phase.name != "SELL":
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])[0]
    data: dict[str, Any] = json.loads(json.dumps(state.to_dict()))
    return data


def test_mars_a_million_scrap_is_refused() -> None:
    """The review's 691,853 legal SellSets at 3.8 s a step: Scrap is only ever the set-up's, never more."""
    data = mars_selling()
    data["scrap"][data["seat"]] = 10**6
    message = refusal(mars_state, data)
    assert f"State.scrap[{data['seat']}]: must be between 0 and 2, not 1000000" in message


def test_mars_negative_cogs_are_refused() -> None:
    data = mars_selling()
    data["cogs"][1] = -1
    assert "State.cogs[1]: must be between 0 and" in refusal(mars_state, data)


def test_mars_a_deck_of_99000_cards_is_refused() -> None:
    data = mars_selling()
    data["deck"] = [0] * 99_000
    assert "State.deck: holds 99000 cards, more than the 56 the rules allow" in refusal(mars_state, data)


def test_mars_round_two_to_the_62_is_refused() -> None:
    data = mars_selling()
    data["round"] = 2**62
    assert f"State.round: must be between 1 and 113, not {2**62}" in refusal(mars_state, data)


def planet_with_events() -> dict[str, Any]:
    """A Planet Unknown game with the event module, in the middle of a round with an event showing."""
    state = planet_game(2, seed=6, rules=PlanetRules(events=True))
    rng = random.Random(6)
    while not state.event:
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])[0]
    data: dict[str, Any] = json.loads(json.dumps(state.to_dict()))
    return data


def test_planet_unknown_event_minus_five_is_refused() -> None:
    """It loaded, then raised KeyError when the event's effect was looked up."""
    data = planet_with_events()
    data["event"] = -5
    assert "State.event: must be an event card or 0 (none), not -5" in refusal(planet_state, data)


def test_planet_unknown_neighbour_objective_minus_one_is_refused() -> None:
    """It loaded, then raised KeyError when the objectives were scored."""
    data = planet_with_events()
    data["neighbour_objectives"][0] = -1
    assert "State.neighbour_objectives[0]: -1 is not an objective card" in refusal(planet_state, data)


@pytest.mark.parametrize("field", ["objective_deck", "neighbour_objectives"])
def test_planet_unknown_objective_ids_of_a_million_are_refused(field: str) -> None:
    data = planet_with_events()
    data[field][-1] = 10**6
    index = len(data[field]) - 1
    assert f"State.{field}[{index}]: 1000000 is not an objective card" in refusal(planet_state, data)


def test_planet_unknown_a_kept_objective_of_a_million_is_refused() -> None:
    data = planet_with_events()
    data["boards"][1]["objectives"] = [10**6]
    assert "State.boards[1].objectives[0]: 1000000 is not an objective card" in refusal(planet_state, data)


def test_planet_unknown_a_million_stored_biomass_is_refused() -> None:
    """It loaded, and the end of the game then placed a million stored patches one by one."""
    data = planet_with_events()
    data["boards"][0]["stored_biomass"] = 10**6
    assert "State.boards[0].stored_biomass: holds" in refusal(planet_state, data)


def test_parts_unknown_a_hand_of_a_million_cards_is_refused() -> None:
    """At set-up such a hand made the stock choice enumerate its combinations for ever."""
    data: dict[str, Any] = json.loads(json.dumps(parts_game(3, seed=2).to_dict()))
    data["hands"][0][0] = 10**6
    message = refusal(parts_state, data)
    assert "State (deck, discard, hands, displays ...): Feet: holds 100000" in message
    assert "cards, more than the 6 the rules allow" in message


def offal_saved() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(offal_game(2, seed=3).to_dict()))
    return data


def test_offal_money_is_at_most_what_every_customer_pays() -> None:
    data = offal_saved()
    data["money"][0] = 10**6
    message = refusal(offal_state, data)
    assert "State.money[0]: must be between 0 and 52, not 1000000" in message


def test_offal_a_round_past_the_turn_limit_is_refused() -> None:
    data = offal_saved()
    data["round"] = 2**62
    assert f"State.round: must be between 1 and 60, not {2**62}" in refusal(offal_state, data)


def test_parts_unknown_money_is_bounded_by_what_sales_can_pay() -> None:
    """The Bank never runs out, so what sales can pay in a game bounds a purse, and the purses the Bank."""
    data: dict[str, Any] = json.loads(json.dumps(parts_game(3, seed=2).to_dict()))
    data["money"][0] = 2**62
    assert f"State.money[0]: must be between 0 and 1290360, not {2**62}" in refusal(parts_state, data)
    data["money"][0], data["bank"] = 40, -(2**62)
    assert f"State.bank: must be between -3861080 and 10000, not {-(2**62)}" in refusal(parts_state, data)


def test_parts_unknown_a_round_past_the_calendar_is_refused() -> None:
    data: dict[str, Any] = json.loads(json.dumps(parts_game(3, seed=2).to_dict()))
    data["round"] = 2**62
    assert f"State.round: must be between 0 and 336, not {2**62}" in refusal(parts_state, data)
