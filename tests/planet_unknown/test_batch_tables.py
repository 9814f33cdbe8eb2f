"""The batch scorer's tables: bitboards as numpy words, the board's layers, and scores on boards with many areas."""

from __future__ import annotations

import random

from playbook.games.planet_unknown import Rules, Terrain
from playbook.games.planet_unknown import agents as pu_agents
from playbook.games.planet_unknown.batch_tables import BoardWords, line_terms, rover_layers
from playbook.games.planet_unknown.bit_words import WORDS, bit_counts, bit_counts_by_bytes, words
from playbook.games.planet_unknown.geometry import planet_masks
from playbook.games.planet_unknown.planet import tile_pair
from playbook.games.planet_unknown.scoring_batch import place_scores

from .test_agents import placement_positions, scorers


def test_words_hold_every_bit_of_a_bitboard() -> None:
    """A 144-square bitboard is three 64-bit words, low bits first: reading them back gives the mask."""
    rng = random.Random(5)
    masks = [0, 1, 1 << 143, (1 << 144) - 1, *(rng.getrandbits(144) for _ in range(50))]
    found = words(masks)
    assert found.shape == (len(masks), WORDS)
    assert [sum(int(w) << (64 * k) for k, w in enumerate(row)) for row in found] == masks


def test_bit_counts_by_bytes_count_as_numpy_and_python_do() -> None:
    """numpy 1.26 has no ``bitwise_count``: the byte table gives the same counts."""
    rng = random.Random(6)
    values = words([rng.getrandbits(144) for _ in range(40)] + [0, (1 << 144) - 1])
    expected = [[bin(int(w)).count("1") for w in row] for row in values]
    assert bit_counts_by_bytes(values).tolist() == expected
    assert bit_counts(values).tolist() == expected


def test_two_rovers_on_one_square_count_twice() -> None:
    """``placement_yield`` counts rovers, not squares: a second rover on a square goes to a second layer."""
    layers = rover_layers([5, 9, 5, 5])
    assert layers == [1 << 5 | 1 << 9, 1 << 5, 1 << 5]
    assert rover_layers([]) == []


def test_line_terms_are_the_line_scores_of_the_board() -> None:
    """Line ``i`` with ``k`` more squares covered adds ``medal * ratio * ratio``; a line with a meteorite adds
    ``-0.3 * medal`` (and so does any line in the second half, for a tile bringing its own meteorite)."""
    planet = Rules.standard().c.planet
    rows = planet_masks(planet).rows
    covered = rows[3] & ~(rows[3] & -rows[3])  # row 3 all but its first square
    meteorites = rows[7] & -rows[7]
    terms = line_terms(planet, covered, meteorites)
    size = rows[3].bit_count()
    medal = planet.row_medals[3]
    ratio = (size - 1 + 1) / size
    assert terms[3 * 6 + 1] == medal * ratio * ratio == medal
    assert terms[3 * 6 + 0] == 0.0
    assert terms[7 * 6 + 2] == -(0.3 * planet.row_medals[7])
    assert terms[150 + 2 * 6 + 1] == -(0.3 * planet.row_medals[2])


def test_board_words_know_each_energy_area_and_the_tracks_it_advances() -> None:
    """Per track, the squares that advance it next to a tile's energy: its covered terrain and the energy areas
    touching that terrain; then biomass and one row per energy area."""
    energy = 1 << 0 | 1 << 5  # two separate energy squares on row 0
    civ = 1 << 1  # next to the first one
    terrain = [civ, 0, 0, 0, 0, energy]
    board = BoardWords(energy | civ, terrain, 0, 0, [], Rules.standard().c.planet)
    assert board.areas == 2
    near = [sum(int(w) << (64 * k) for k, w in enumerate(row[:, 0])) for row in board.near]
    assert near[Terrain.CIV] == civ | 1 << 0  # civ itself, and the energy area next to it
    assert near[5:] == [0, 1 << 0, 1 << 5]  # no biomass; the two areas


def test_batch_scores_with_more_energy_areas_than_a_word_has_bits_are_place_value() -> None:
    """A checkerboard of 72 energy squares is 72 areas (one bit each would not fit a 64-bit word): the scores
    are still ``place_value``'s."""
    c = Rules.standard().c
    observation, places = next(
        (obs, places)
        for obs, places in placement_positions(2, 21, Rules(), every=2)
        if any(Terrain.ENERGY in tile_pair(c, obs["stack_tops"][a.stack]) for a in places)
    )
    seat = observation["seat"]
    view = dict(observation["boards"][seat])
    energy = [sum(1 << col for col in range(12) if (row + col) % 2 == 0) for row in range(12)]
    view["terrain"] = {**view["terrain"], "energy": energy}
    view["covered"] = energy
    boards = list(observation["boards"])
    boards[seat] = view
    changed = {**observation, "boards": boards}
    for bot in scorers():
        one_by_one = [bot.place_value(pu_agents._Context(changed), a) for a in places]
        assert place_scores(bot, pu_agents._Context(changed), places) == one_by_one
