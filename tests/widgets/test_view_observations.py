"""Planet Unknown's frames are built from what a seat sees: observations and event fields, never the state.

``breakdown_frame`` once scored the full state (every seat's hidden objectives) and blanked them afterwards; a
view that does that has read what its seat may not see. These tests give it a state that shows only its
observations and its rules, and states that differ only in another seat's hidden objectives.
"""

from __future__ import annotations

from typing import Any

import pytest

from playbook.core import Match, RandomAgent
from playbook.games import planet_unknown as pu
from playbook.widgets.planet_unknown.frames import breakdown_frame

NAMES = ["A", "B", "C"]


class ObservationsOnly:
    """A state that answers only what a view may ask: ``observation(seat)`` and the match's rules."""

    def __init__(self, state: pu.State) -> None:
        self._state = state
        self.rules = state.rules

    def observation(self, seat: int) -> Any:
        return self._state.observation(seat)


def bot_match(steps: int) -> Match:
    match = Match(pu, players=3, seed=5, agents={s: RandomAgent() for s in range(3)})
    match.advance(max_steps=steps)
    return match


@pytest.mark.parametrize("steps", [60, 100_000])
@pytest.mark.parametrize("viewer", [None, 0, 2])
def test_the_breakdown_needs_nothing_but_observations_and_the_rules(steps: int, viewer: int | None) -> None:
    state: pu.State = bot_match(steps).state  # type: ignore[assignment]
    frame = breakdown_frame(ObservationsOnly(state), NAMES, viewer)
    assert frame.equals(breakdown_frame(state, NAMES, viewer))
    if state.is_terminal:  # at the end every seat's total is its public final score
        totals = frame.drop(columns="name").sum(axis=1)
        assert [int(total) for total in totals] == list(state.final_scores)


def test_another_seats_hidden_objectives_never_change_a_seats_frame() -> None:
    state: pu.State = bot_match(60).state  # type: ignore[assignment]
    assert not state.is_terminal
    boards = list(state.boards)
    mine, theirs = set(boards[0].objectives), boards[1].objectives
    other = tuple(card for card in range(1, 200) if card not in mine and card not in theirs)[: len(theirs) or 1]
    boards[1] = boards[1]._replace(objectives=other)
    changed = state._replace(boards=tuple(boards))
    assert changed.boards[1].objectives != state.boards[1].objectives
    assert breakdown_frame(changed, NAMES, 0).equals(breakdown_frame(state, NAMES, 0))
    assert breakdown_frame(changed, NAMES, 0)["private"][1] == 0
