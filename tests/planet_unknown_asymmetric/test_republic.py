"""Republic (reference 1.7; rulebook "Asymmetric Corporations"): one test per special rule, each quoting the
reference, plus random legal play and the bots with Republic at the table."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import playbook
from playbook.core import RandomAgent
from playbook.games.planet_unknown import (
    ChooseCivCard,
    ChooseTrack,
    Gain,
    Phase,
    PlaceTile,
    Rules,
    State,
    TeleportRover,
    UsePower,
)
from playbook.games.planet_unknown import agents as pu_agents
from playbook.games.planet_unknown.components import Track
from playbook.games.planet_unknown.flow import start_round
from playbook.games.planet_unknown.powers import civ_options
from playbook.games.planet_unknown.tracks import advance
from playbook.games.planet_unknown.work import Pending, Work

from .helpers import BIOMASS_CIV, ROVER_TECH, WATER_ROVER, bit, sq, with_board
from .test_play import play_randomly

REPUBLIC = Rules(corporations=("republic", "standard"))
TECH_AT = {1: 3, 2: 5, 3: 7, 4: 10, 5: 14}  # tech tracker position of each level (the TECH spaces)


def _start(**board: object) -> State:
    from playbook.games.planet_unknown import new_game

    state = new_game(2, seed=5, rules=REPUBLIC)
    while not (state.phase == Phase.PLACE and not state.placed and state.seat == 0):
        state = state.apply(state.legal_actions()[0])[0]
    return with_board(state, 0, **board) if board else state


def _trackers(civ: int = 0, water: int = 0, biomass: int = 0, rover: int = 0, tech: int = 0) -> tuple[int, ...]:
    return (civ, water, biomass, rover, tech)


def _advance(state: State, track: int) -> tuple[State, Work]:
    w = Work(state)
    advance(w, 0, track, "test")
    return w.finish()[0], w


def test_seven_civ_milestones_ranked_1_2_2_3_3_4_4() -> None:
    """Ref 1.7: "The civ track has 7 milestones ... The ranks come from the mapping [0,1,2,2,3,3,4,4]"."""
    state = _start(trackers=_trackers(civ=1, water=1))
    ranks = []
    for _ in range(13):
        state, w = _advance(state, Track.CIV)
        state = state._with(pending=(), movement=0)
        ranks = list(w.civ_queue[0])
    assert ranks == [1, 2, 2, 3, 3, 4, 4]


def test_each_civ_milestone_regresses_another_tracker_without_benefit() -> None:
    """Ref 1.7: "Each time you claim a civ milestone you must regress one of your water, biomass, rover or tech
    trackers by one space, with no benefits (not civ)"."""
    state, _ = _advance(_start(trackers=_trackers(civ=1, water=3, tech=2)), Track.CIV)
    assert Pending(Gain.REGRESS, 0b11110 | 1 << 8) in state.pending
    choices = {a.track for a in state.legal_actions() if isinstance(a, ChooseTrack) and a.gain == Gain.REGRESS}
    assert choices == {Track.WATER, Track.TECH}
    after = state.apply(ChooseTrack(Track.WATER, Gain.REGRESS))[0]
    assert after.boards[0].trackers[Track.WATER] == 2 and not after.pending  # water 2 is M1: no synergy gained


def test_no_regression_when_none_can_regress() -> None:
    """Ref 1.7: "If none can regress, nothing happens"."""
    state, w = _advance(_start(trackers=_trackers(civ=1)), Track.CIV)
    assert not any(p.gain == Gain.REGRESS for p in state.pending)
    assert any("regression" in str(e) for e in w.events)


def test_tech_2_the_next_ranks_top_card_joins_the_choices() -> None:
    """Ref 1.7 tech 2: "when you claim a civ milestone, the top card of the next rank joins your choices. Ignored
    at rank 4 or if that rank is empty"."""
    state = _start(trackers=_trackers(tech=TECH_AT[2]))
    w = Work(state)
    w.civ_queue[0] = (1,)
    assert civ_options(w, 0) == (*w.civ_piles[0], w.civ_piles[1][0])
    w.civ_queue[0] = (4,)
    assert civ_options(w, 0) == w.civ_piles[3]
    below = Work(_start(trackers=_trackers(tech=TECH_AT[2] - 1)))
    below.civ_queue[0] = (1,)
    assert civ_options(below, 0) == below.civ_piles[0]


def test_tech_3_a_rover_on_civ_terrain_jumps_to_civ_terrain_for_one_movement() -> None:
    """Ref 1.7 tech 3: "a rover standing on civ terrain may jump to any civ-terrain square; costs 1 movement"."""
    civ = bit(0, 5) | bit(0, 6) | bit(11, 5)
    terrain = (civ, 0, 0, 0, 0, 0)
    state = _start(
        trackers=_trackers(tech=TECH_AT[3]), covered=civ, terrain=terrain, rovers=(sq(0, 5),), tiles_placed=2
    )
    state = state._with(movement=2, placed=True)
    jump = TeleportRover(0, 5, 11, 5)
    assert jump in state.legal_actions()
    after = state.apply(jump)[0]
    assert after.boards[0].rovers == (sq(11, 5),) and after.movement == 1
    below = state._with(boards=(state.boards[0]._replace(trackers=_trackers(tech=TECH_AT[3] - 1)), state.boards[1]))
    assert jump not in below.legal_actions()


def test_tech_4_a_civ_milestone_also_gives_a_synergy() -> None:
    """Ref 1.7 tech 4: "gain a synergy whenever you claim a civ milestone"."""
    state, _ = _advance(_start(trackers=_trackers(civ=1, tech=TECH_AT[4])), Track.CIV)
    assert Pending(Gain.SYNERGY) in state.pending


def test_tech_5_keeps_two_of_every_civ_card_left_at_the_end() -> None:
    """Ref 1.7 tech 5: "at game end, look through all remaining civ cards of every rank and keep 2"."""
    from playbook.games.planet_unknown.flow import _begin

    state = _start(trackers=_trackers(tech=TECH_AT[5]))
    w = Work(state._with(last_round=True, commander=0))
    _begin(w, Phase.END)
    state = w.finish()[0]
    assert state.phase == Phase.END and state.seat == 0
    assert state.civ_queue[0] == (0, 0)
    every = {card for pile in state.civ_piles for card in pile}
    offered = {a.card for a in state.legal_actions() if isinstance(a, ChooseCivCard)}
    assert offered == every
    card = min(every)
    after = state.apply(ChooseCivCard(card))[0]
    assert card in after.boards[0].civ_cards and all(card not in pile for pile in after.civ_piles)


def test_tech_1_movement_on_taking_a_civ_tile_commits_to_it() -> None:
    """Ref 1.7 tech 1: "when you take a tile with civ terrain from your depot, gain the rover movement shown at your
    rover tracker's current position ... if used, the tile taken must have civ terrain" (once per round)."""
    from tests.planet_unknown.helpers import set_depot

    rover = {"rovers": (sq(5, 5),)}
    state = set_depot(
        _start(trackers=_trackers(rover=5, tech=TECH_AT[1]), **rover), "I4", "i2", BIOMASS_CIV, ROVER_TECH
    )
    assert UsePower(1) in state.legal_actions()
    used = state.apply(UsePower(1))[0]
    assert used.movement == 2  # rover space 5 shows m2
    stacks = {a.stack for a in used.legal_actions() if isinstance(a, PlaceTile)}
    assert stacks == {Rules().c.exterior.index("I4")}  # only the civ-terrain tile
    assert UsePower(1) not in used.legal_actions()
    other = next(a for a in state.legal_actions() if isinstance(a, PlaceTile) and a.stack != stacks.copy().pop())
    words = used.why_illegal(other)
    assert words is not None and "must have civ terrain" in words
    no_civ = set_depot(
        _start(trackers=_trackers(rover=5, tech=TECH_AT[1]), **rover), "I4", "i2", WATER_ROVER, ROVER_TECH
    )
    assert UsePower(1) not in no_civ.legal_actions()
    below = set_depot(_start(trackers=_trackers(rover=5, tech=2), **rover), "I4", "i2", BIOMASS_CIV, ROVER_TECH)
    assert UsePower(1) not in below.legal_actions()
    no_rover = set_depot(_start(trackers=_trackers(rover=5, tech=TECH_AT[1])), "I4", "i2", BIOMASS_CIV, ROVER_TECH)
    assert UsePower(1) not in no_rover.legal_actions()
    assert "movement_on_civ_tile" in used.boards[0].powers_used
    w = Work(used)
    start_round(w)
    assert w.boards[0].powers_used == ()  # once per round: the flag is cleared at round start


def test_the_anytime_flags_match_the_data() -> None:
    """Reference 3.12 / corporations.toml: Republic tech 1 and Horizon techs 2 and 5 are "once per round"
    (anytime = "per_round"); every anytime power of a playable corporation has its flag from the data."""
    import tomllib

    from playbook.games.planet_unknown.components import DATA
    from playbook.games.planet_unknown.powers import ANYTIME

    with (DATA / "corporations.toml").open("rb") as handle:
        corporations = tomllib.load(handle)["corporations"]
    from playbook.games.planet_unknown.variants import corporation_keys, missing_rules

    playable = [key for key in corporation_keys() if not missing_rules(key)]  # every corporation that plays
    flags = {t["power"]: t["anytime"] for key in playable for t in corporations[key]["tech"] if "anytime" in t}
    assert flags == ANYTIME
    assert set(flags) >= {
        "movement_on_civ_tile",
        "movement_per_carrying_rover",
        "advance_rover",
        "movement_per_rover_on_water",
    }


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([1, 2, 3]), events=st.booleans())
def test_random_play_with_republic_keeps_the_invariants(seed: int, players: int, events: bool) -> None:
    corporations = ("republic",) if players == 1 else ("republic", *(("standard",) * (players - 1)))
    play_randomly(Rules(corporations=corporations, planets=("gaia",), events=events), players, seed)


def test_the_bots_play_republic() -> None:
    """Issue 14: "The bots play every corporation and planet without error"."""
    bots = [cls() for cls in pu_agents.STRATEGIES if cls is not RandomAgent]
    rules = Rules(corporations=("republic", "standard", "republic", "standard"), events=True)
    result = playbook.play_match("planet_unknown", bots, seed=3, rules=rules)
    assert result.final_state.is_terminal
