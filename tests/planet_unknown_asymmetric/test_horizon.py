"""Horizon Group (reference 1.3; rulebook "Asymmetric Corporations"): one test per special rule, each quoting the
reference, plus random legal play and the bots with Horizon at the table."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import playbook
from playbook.core import RandomAgent
from playbook.games.planet_unknown import (
    ChooseSquare,
    Decline,
    Gain,
    MoveRover,
    Phase,
    PlaceTile,
    Rules,
    State,
    TeleportRover,
    UsePower,
    new_game,
)
from playbook.games.planet_unknown import agents as pu_agents
from playbook.games.planet_unknown.components import Track
from playbook.games.planet_unknown.geometry import planet_masks
from playbook.games.planet_unknown.scoring import breakdown
from playbook.games.planet_unknown.work import Pending

from .helpers import ROVER_TECH, bit, bits, sq, with_board
from .test_play import play_randomly

HORIZON = Rules(corporations=("horizon", "standard"))
TECH_AT = {1: 3, 2: 5, 3: 7, 4: 10, 5: 14}


def _start(**board: object) -> State:
    state = new_game(2, seed=5, rules=HORIZON)
    while not (state.phase == Phase.PLACE and not state.placed and state.seat == 0):
        state = state.apply(state.legal_actions()[0])[0]
    return with_board(state, 0, **board) if board else state


def _trackers(rover: int = 0, tech: int = 0) -> tuple[int, ...]:
    return (0, 0, 0, rover, tech)


ROW = bits(*((5, c) for c in range(12)))  # a covered row of plain land (civ terrain)
TERRAIN = (ROW, 0, 0, 0, 0, 0)


def _moving(rovers: tuple[int, ...], meteorites: int, *, tech: int = 0, symbols: int = 0, water: int = 0) -> State:
    terrain = (ROW & ~water, water, 0, 0, 0, 0)
    state = _start(
        covered=ROW, terrain=terrain, tiles_placed=3, rovers=rovers, meteorites=meteorites,
        symbols=(0, 0, 0, symbols, 0, 0), trackers=_trackers(tech=tech),
    )  # fmt: skip
    return state._with(movement=3, placed=True)


def test_a_rover_placed_or_stepping_on_a_meteorite_carries_it() -> None:
    """Ref 1.3: "A rover picks one up when it is placed onto it or steps onto it"; "A carried meteorite stays on
    the planet. It still blocks its row and column until it is delivered"."""
    state = _moving((sq(5, 1),), bit(5, 2))
    after = state.apply(MoveRover(5, 1, 5, 2))[0]
    board = after.boards[0]
    assert board.meteorites == bit(5, 2) and board.meteorites_collected == 0 and board.rovers == (sq(5, 2),)
    masks = planet_masks(Rules().c.planet)
    assert breakdown(board, Rules().c, masks)["rows"] == 0  # row 5 is covered, but the carried meteorite blocks it
    placed = _start(last_tile=bit(5, 2), covered=ROW, terrain=TERRAIN, meteorites=bit(5, 2), tiles_placed=1)
    placed = placed._with(placed=True, pending=(Pending(Gain.ROVER),))
    after = placed.apply(ChooseSquare(Gain.ROVER, 5, 2))[0]
    assert after.boards[0].meteorites == bit(5, 2) and after.boards[0].meteorites_collected == 0


def test_a_carried_meteorite_moves_with_its_rover_unless_the_destination_holds_one() -> None:
    """Ref 1.3: "When the rover steps, the meteorite moves with it, unless the destination already holds a
    meteorite; then the carried one is left behind. A rover carries at most 1"."""
    state = _moving((sq(5, 2),), bit(5, 2))
    after = state.apply(MoveRover(5, 2, 5, 3))[0]
    assert after.boards[0].meteorites == bit(5, 3)
    crowded = _moving((sq(5, 2),), bits((5, 2), (5, 3)))
    after = crowded.apply(MoveRover(5, 2, 5, 3))[0]
    assert after.boards[0].meteorites == bits((5, 2), (5, 3)) and after.boards[0].rovers == (sq(5, 3),)


def test_a_carried_meteorite_is_collected_on_a_rover_symbol() -> None:
    """Ref 1.3: "When a rover carrying a meteorite steps onto (or is placed on) a square with a rover symbol, the
    meteorite is collected"."""
    state = _moving((sq(5, 2),), bit(5, 2), symbols=bit(5, 4))
    after = state.apply(MoveRover(5, 2, 5, 3))[0].apply(MoveRover(5, 3, 5, 4))[0]
    assert after.boards[0].meteorites == 0 and after.boards[0].meteorites_collected == 1


def test_a_teleport_leaves_the_carried_meteorite_behind() -> None:
    """Ruling (rulebook: a teleport lifts the rover, it "does not move on the planet"; ref 1.3 moves the meteorite
    only "when the rover steps")."""
    state = _moving((sq(5, 2),), bit(5, 2))._with(movement=0, pending=(Pending(Gain.TELEPORT),))
    after = state.apply(TeleportRover(5, 2, 5, 9))[0]
    assert after.boards[0].meteorites == bit(5, 2) and after.boards[0].rovers == (sq(5, 9),)


def test_tech_1_a_rover_tile_ignores_adjacency_and_restrictions() -> None:
    """Ref 1.3 tech 1: "a tile with rover terrain may be placed ignoring all placement restrictions: adjacency, the
    planet's special rule and event restrictions. It must still lie on empty planet squares"."""
    from tests.planet_unknown.helpers import set_depot

    state = set_depot(_start(covered=bit(0, 5), tiles_placed=1, trackers=_trackers(tech=TECH_AT[1])), "I4", "i2")
    state = set_depot(state, "I4", "i2", 0, ROVER_TECH)
    far = {(a.row, a.col) for a in state.legal_actions() if isinstance(a, PlaceTile) and a.stack == 6 + 4}
    assert (9, 5) in far  # nowhere near the tile on (0,5)
    below = set_depot(_start(covered=bit(0, 5), tiles_placed=1, trackers=_trackers(tech=2)), "I4", "i2", 0, ROVER_TECH)
    assert (9, 5) not in {(a.row, a.col) for a in below.legal_actions() if isinstance(a, PlaceTile)}
    arashi = new_game(1, seed=2, rules=Rules(corporations=("horizon",), planets=("arashi",)))
    while arashi.phase != Phase.PLACE:
        arashi = arashi.apply(arashi.legal_actions()[0])[0]
    arashi = set_depot(with_board(arashi, trackers=_trackers(tech=TECH_AT[1])), "I4", "i2", 0, ROVER_TECH)
    ring = {(a.orientation, a.row, a.col) for a in arashi.legal_actions() if isinstance(a, PlaceTile)}
    assert (1, 5, 4) in ring  # a horizontal domino wholly on Arashi's ring


def test_tech_2_movement_for_each_carrying_rover() -> None:
    """Ref 1.3 tech 2: "at round start, gain 1 movement for each rover that is carrying a meteorite" (once per
    round; used before placing)."""
    state = _start(
        covered=ROW, terrain=TERRAIN, tiles_placed=3, rovers=(sq(5, 1), sq(5, 6), sq(5, 9)),
        meteorites=bits((5, 1), (5, 6)), trackers=_trackers(tech=TECH_AT[2]),
    )  # fmt: skip
    assert UsePower(2) in state.legal_actions()
    assert state.apply(UsePower(2))[0].movement == 2
    empty = with_board(state, meteorites=0)
    assert UsePower(2) not in empty.legal_actions()


def test_tech_3_a_biomass_patch_per_meteorite_collected() -> None:
    """Ref 1.3 tech 3: "gain a biomass patch each time you collect a meteorite"."""
    state = _moving((sq(5, 3),), bit(5, 3), symbols=bit(5, 4), tech=TECH_AT[3])
    after = state.apply(MoveRover(5, 3, 5, 4))[0]
    assert after.boards[0].meteorites_collected == 1 and Pending(Gain.BIOMASS) in after.pending


def test_tech_4_a_carrying_rover_on_water_may_destroy_its_meteorite() -> None:
    """Ref 1.3 tech 4: "a rover carrying a meteorite that steps onto water terrain may destroy it"."""
    state = _moving((sq(5, 3),), bit(5, 3), water=bit(5, 4), tech=TECH_AT[4])
    after = state.apply(MoveRover(5, 3, 5, 4))[0]
    assert Pending(Gain.DESTROY_CARRIED, sq(5, 4)) in after.pending
    assert {ChooseSquare(Gain.DESTROY_CARRIED, 5, 4), Decline()} <= set(after.legal_actions())
    assert after.apply(ChooseSquare(Gain.DESTROY_CARRIED, 5, 4))[0].boards[0].meteorites == 0
    kept = after.apply(Decline())[0]
    assert kept.boards[0].meteorites == bit(5, 4) and not kept.pending


def test_tech_5_advance_the_rover_tracker_once_per_round() -> None:
    """Ref 1.3 tech 5: "advance your rover tracker once (with benefits)" (once per round)."""
    state = _start(trackers=_trackers(rover=0, tech=TECH_AT[5]))
    after, events = state.apply(UsePower(5))
    assert after.boards[0].trackers[Track.ROVER] == 1
    assert any("Horizon tech 5" in str(e) for e in events)
    assert any("new rover" in str(e) for e in events)  # the ROV benefit (no tile yet to put it on)
    assert UsePower(5) not in after.legal_actions()


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([1, 2, 3]), events=st.booleans())
def test_random_play_with_horizon_keeps_the_invariants(seed: int, players: int, events: bool) -> None:
    corporations = ("horizon",) if players == 1 else ("horizon", *(("republic",) * (players - 1)))
    play_randomly(Rules(corporations=corporations, planets=("kaax",), events=events), players, seed)


def test_the_bots_play_horizon() -> None:
    """Issue 14: "The bots play every corporation and planet without error"."""
    bots = [cls() for cls in pu_agents.STRATEGIES if cls is not RandomAgent]
    rules = Rules(corporations=("horizon", "standard", "horizon", "republic"), events=True)
    result = playbook.play_match("planet_unknown", bots, seed=3, rules=rules)
    assert result.final_state.is_terminal
