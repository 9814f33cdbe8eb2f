"""The ruling "advancing onto a space again after regressing claims its benefits again", and its ``Rules`` option.

The reference's glossary: "Advance: Move a resource tracker 1 position up on the resource track. Claim any benefit
under the tracker." and "Regress: Move a resource tracker 1 position down on the resource track. DO NOT claim any
benefit under the tracker." Read literally every advance claims, so a space reached again pays again (the default,
``reclaim_benefits_after_regression=True``); a table reading "claim" as once per space plays ``False``.
"""

from __future__ import annotations

import pytest

from playbook.core.errors import RulesDataError
from playbook.games.planet_unknown import Rules, State, state_from_dict
from playbook.games.planet_unknown.components import Track
from playbook.games.planet_unknown.tracks import advance, regress

from .helpers import at_placement, board, random_play, run, with_board

CIV_MILESTONE = 3  # Universal Coalition's civ track: the rank 1 milestone


def _reach_regress_and_return(rules: Rules) -> tuple[State, State]:
    """A civ tracker advanced onto the milestone (2 -> 3), regressed (3 -> 2), then advanced onto it again;
    returns the state after the first advance and the one after the second (civ queue cleared in between)."""
    solo = with_board(at_placement(1, seed=3, rules=rules), trackers=(CIV_MILESTONE - 1, 0, 0, 0, 0))
    first, _ = run(solo, advance, 0, Track.CIV, "test")
    back, _ = run(first._with(civ_queue=((),)), regress, 0, Track.CIV, 1, "test")
    again, _ = run(back, advance, 0, Track.CIV, "test")
    return first, again


def test_by_default_a_space_reached_again_after_a_regression_claims_its_benefits_again() -> None:
    """ "Advance: ... Claim any benefit under the tracker." -- the rank 1 civ milestone is claimed both times."""
    first, again = _reach_regress_and_return(Rules())
    assert board(first).trackers[Track.CIV] == board(again).trackers[Track.CIV] == CIV_MILESTONE
    assert first.civ_queue[0] == (1,) and again.civ_queue[0] == (1,)
    assert board(again).reached == (0, 0, 0, 0, 0)  # nothing is remembered at the default table


def test_a_table_paying_each_space_once_claims_the_milestone_only_the_first_time() -> None:
    """``reclaim_benefits_after_regression=False``: "Regress: ... DO NOT claim", and the return claims nothing."""
    first, again = _reach_regress_and_return(Rules(reclaim_benefits_after_regression=False))
    assert first.civ_queue[0] == (1,)
    assert board(again).trackers[Track.CIV] == CIV_MILESTONE and again.civ_queue[0] == ()
    assert board(again).reached[Track.CIV] == CIV_MILESTONE


def test_a_table_paying_each_space_once_still_pays_spaces_above_the_highest_reached() -> None:
    """The next milestone (rank 2 on civ 6) was never reached: it pays at either table."""
    for rules in (Rules(), Rules(reclaim_benefits_after_regression=False)):
        _, again = _reach_regress_and_return(rules)
        state = again
        for _ in range(3):
            state, _ = run(state, advance, 0, Track.CIV, "test")
        assert board(state).trackers[Track.CIV] == 6 and state.civ_queue[0] == (*again.civ_queue[0], 2)


def test_the_option_is_saved_loaded_and_checked() -> None:
    rules = Rules(reclaim_benefits_after_regression=False)
    assert Rules.from_dict(rules.to_dict()) == rules and Rules.from_dict(Rules().to_dict()) == Rules()
    with pytest.raises(RulesDataError, match="reclaim_benefits_after_regression"):
        Rules(reclaim_benefits_after_regression="no")  # type: ignore[arg-type]


def test_a_game_paying_each_space_once_plays_to_the_end_and_reloads() -> None:
    """The remembered positions travel with the saved state and pass the loaded state's checks."""
    states = random_play(2, 7, Rules(reclaim_benefits_after_regression=False))
    last = states[-1]
    assert last.is_terminal
    assert any(b.reached != (0, 0, 0, 0, 0) for b in last.boards)
    assert all(r >= t for b in last.boards for r, t in zip(b.reached, b.trackers, strict=True))
    assert state_from_dict(last.to_dict()) == last
