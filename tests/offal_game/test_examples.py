"""The rulebook prints no worked example; this one follows a turn 4 through both phases, in words."""

from __future__ import annotations

from playbook.games.offal_game import BlindDraw, DieRoll, EndTurn, Roll, RollReserve

from .helpers import (
    BONES,
    BRAINS,
    DAY_3,
    GRAVES,
    HEARTS,
    ORGANS,
    RAT,
    SALLY,
    SUTURE,
    VISCERA,
    balanced,
    base,
    pipe,
    take,
)


def test_a_turn_in_words() -> None:
    """Turn 4, Plunger 2 (Sister Suture wants 3 Hearts aged Day 3): a d4 of 2 + 2 customers = 4 draws (a rat,
    three parts); 3 parts shift off Day 3; the rat sends a Heart back; a second d4 of 1 puts one part on The
    Clog; a take fills Suture."""
    state = balanced(
        base(
            turn=4,
            seat=1,
            customers=((GRAVES, VISCERA), (SUTURE, SALLY)),
            pipe=pipe({14: HEARTS, 13: BONES, 12: ORGANS, 11: HEARTS, 10: HEARTS, 9: HEARTS, 8: HEARTS}),
        )
    )
    texts: list[str] = []
    for action in (Roll(), DieRoll(2)):
        state, events = state.apply(action)
        texts.extend(map(str, events))
    for cube in (BRAINS, RAT, BRAINS, BRAINS):
        state, events = state.apply(BlindDraw(cube))
        texts.extend(map(str, events))
    state, events = state.apply(RollReserve())  # no tool this time: roll the reserve's d4
    texts.extend(map(str, events))
    state, events = state.apply(DieRoll(1))
    texts.extend(map(str, events))
    state, events = state.apply(take(DAY_3, HEARTS, SUTURE))
    texts.extend(map(str, events))
    state, events = state.apply(EndTurn())
    texts.extend(map(str, events))
    assert texts[:3] == [
        "Turn 4: Plunger 2 rolls for new parts",
        "Turn 4: the d4 shows 2 + 2 waiting customers: 4 blind draws",
        "Turn 4: a Brain comes out of the Bag O' Parts",
    ]
    assert "Turn 4: 7 parts shifted toward The Clog to make room for 3" in texts
    assert "Turn 4: 3 parts shifted off Day 3 into the reserve (Heart, Bone, Organ)" in texts
    assert "Turn 4: Brain, Brain, Brain enter the pipe from the right of Day 1" in texts
    assert "Turn 4: a rat takes the Rat space 1 from the left of Day 3; the Heart there goes back in the bag" in texts
    assert "Turn 4: the d4 shows 1: 1 reserved parts onto The Clog, 2 back in the bag" in texts
    assert "Turn 4: Plunger 2 takes 3 Hearts from Day 3: 3 into Sister Suture's body bag" in texts
    assert "Turn 4: Plunger 2 fills Sister Suture's order: +$7 on the Gore Track (now $7)" in texts
    assert texts[-1] == "Turn 4: Plunger 2 ends the turn"
    assert state.clog == (HEARTS,) and state.money == (0, 7) and (state.round, state.seat) == (5, 0)
