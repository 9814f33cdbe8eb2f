"""The engine's fast paths (issue 20) give exactly what the plain definitions give.

Each fast path skips work the slow one does: the pool listing starts from what ``settle`` worked out, the new state
is built field by field in ``Work.finish``, the standard corporation's trackers skip the hooks, placement tables
remember whole masks. Each test here compares the fast answer with the plain one over random games, for the
standard corporation and every asymmetric one, so a fast path that drifts from the rules fails by name.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from playbook.games.planet_unknown import Rules, State, gains, new_game
from playbook.games.planet_unknown.components import Track
from playbook.games.planet_unknown.geometry import COVERING_LIMIT, Picker, placement_masks, planet_masks
from playbook.games.planet_unknown.planet import tile_squares
from playbook.games.planet_unknown.powers import next_position
from playbook.games.planet_unknown.tracks import can_advance
from playbook.games.planet_unknown.variants import corporation_keys
from playbook.games.planet_unknown.work import Work, reader

RULES = [Rules.standard(), *(Rules(corporations=(key, "standard")) for key in corporation_keys())]
RULE_IDS = ["standard", *corporation_keys()]


def played(rules: Rules, seed: int, players: int = 2) -> Iterator[State]:
    """Every state of a seeded random game, each yielded right after the ``apply`` that made it."""
    rng = random.Random(seed)
    state = new_game(players, seed=seed, rules=rules)
    while not state.is_terminal:
        yield state
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])[0]
    yield state


def copy_of(state: State) -> State:
    """An equal state that is another object: no cache keyed by the state's identity answers for it."""
    return tuple.__new__(State, list(state))


@pytest.mark.parametrize("rules", RULES, ids=RULE_IDS)
def test_listing_is_the_open_moves_lists_joined_and_the_pool_its_plain_listing(rules: Rules) -> None:
    for seed in range(2):
        for state in played(rules, seed):
            fresh = copy_of(state)
            plain = tuple(action for move in fresh.open_moves() for action in move.legal(fresh))
            assert state.legal_actions() == plain
            if state.pending or state.movement:
                assert state.pool_actions() == list(gains.pool_listing(Work(copy_of(state))))


@pytest.mark.parametrize("rules", RULES, ids=RULE_IDS)
def test_a_finished_work_copy_is_the_state_it_copied(rules: Rules) -> None:
    for state in played(rules, 0):
        rebuilt = Work(state).finish()[0]
        assert type(rebuilt) is State
        assert rebuilt == state


def test_finish_writes_each_changed_field_to_its_own_place() -> None:
    state = new_game(2, seed=3)
    w = Work(state)
    w.round, w.movement, w.event, w.rotation = 17, 5, 9, 4
    w.peeks = [7, 8]
    w.final_scores = (1, 2)
    after = w.finish()[0]
    assert (after.round, after.movement, after.event, after.rotation) == (17, 5, 9, 4)
    assert (after.peeks, after.final_scores) == ((7, 8), (1, 2))
    unchanged = ("rules", "num_players", "seed", "shift", "neighbour_objectives", "solo_target", "stacks", "boards")
    assert all(getattr(after, name) == getattr(state, name) for name in unchanged)


def test_the_kept_work_copy_reads_only_the_state_its_step_ended_at() -> None:
    state = new_game(2, seed=4)
    after = state.apply(state.legal_actions()[0])[0]
    assert reader(after).state is after
    other = copy_of(after)
    assert reader(other) is not reader(after)
    assert reader(other).state is other


@pytest.mark.parametrize("rules", RULES, ids=RULE_IDS)
def test_can_advance_is_what_next_position_says(rules: Rules) -> None:
    """The standard corporation's short cut against the rule it stands for: a tracker can advance when the next
    space is free and not past the top, the rover tracker always (correction 2)."""
    for state in played(rules, 1):
        w = Work(state)
        for seat in range(state.num_players):
            corporation, board = w.corporations[seat], w.boards[seat]
            if corporation.hooks or corporation.biomass_rows:
                continue
            for track in range(5):
                position = board.trackers[track]
                at_top = position >= w.tables_of(seat).top[track]
                plain = (track == Track.ROVER and at_top) or next_position(w, seat, track, position) is not None
                assert can_advance(w, seat, track) == plain


def test_covering_remembers_whole_masks_and_forgets_them_all_when_full() -> None:
    rules = Rules.standard()
    planet = rules.planet(0)
    table = placement_masks(planet, rules.c.shape(rules.c.stack_shapes[0]))
    playable = planet_masks(planet).playable
    rng = random.Random(5)
    for _ in range(COVERING_LIMIT + 50):
        mask = rng.getrandbits(144) & rng.getrandbits(144) & playable
        plain = 0
        for square in range(144):
            if mask >> square & 1:
                plain |= table.by_square[square]
        assert table.covering(mask) == plain
        assert table.covering(mask) == plain  # the remembered answer
        assert len(table.covering_cache) <= COVERING_LIMIT


def test_picker_picks_the_items_of_the_set_bits_in_order() -> None:
    items = tuple(range(100, 300))
    picker = Picker(items)
    rng = random.Random(6)
    masks = [0, 1, 1 << 199, (1 << 200) - 1, 0b1011 << 150]
    masks += [rng.getrandbits(200) & rng.getrandbits(200) for _ in range(50)]
    for bits in masks:
        assert picker.pick(bits) == [items[i] for i in range(200) if bits >> i & 1]
        assert picker.pick(bits) == [items[i] for i in range(200) if bits >> i & 1]  # the remembered chunks


def test_tile_squares_are_the_placement_squares_with_their_terrain() -> None:
    rules = Rules.standard()
    table = placement_masks(rules.planet(0), rules.c.shape(rules.c.stack_shapes[3]))
    for p in table.placements[:40]:
        covered, terrains = tile_squares(p, (2, 4))
        assert covered == tuple(s for s in range(144) if p.mask >> s & 1)
        assert terrains == tuple(2 if p.part_a >> s & 1 else 4 for s in covered)
