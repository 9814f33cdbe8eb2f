"""A decision stopped while the strategy's process is still thinking leaves nothing behind for the next one.

Found while building the class tournament (issue 22): a teacher's KeyboardInterrupt while an isolated strategy was
thinking left that strategy's answer in the pipe, and the next decision read it as its own, playing the action
chosen for the earlier position.
"""

from __future__ import annotations

import random
import signal
import time
from collections.abc import Iterator, Sequence
from types import FrameType
from typing import Any

import pytest

import playbook
from playbook.games import load

GAME = load("mars_needs_mechanics")


@playbook.strategy(name="ponderer")
def ponderer(observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
    """Asked to think, thinks a while and picks the first action; otherwise picks the last action at once."""
    if observation["think"]:
        time.sleep(1.0)
        return legal_actions[0]
    return legal_actions[-1]


def _interrupt(_signum: int, _frame: FrameType | None) -> None:
    raise KeyboardInterrupt


@pytest.fixture
def alarm() -> Iterator[None]:
    previous = signal.signal(signal.SIGALRM, _interrupt)
    yield
    signal.setitimer(signal.ITIMER_REAL, 0)
    signal.signal(signal.SIGALRM, previous)


def test_an_interrupted_decision_leaves_no_answer_for_the_next(alarm: None) -> None:
    legal = GAME.new_game(4, seed=1).legal_actions()
    assert len(legal) > 1
    rng = random.Random(0)
    try:
        ponderer.choose_within({"think": 0}, legal, rng, 60.0)  # the process is up before the clock starts
        signal.setitimer(signal.ITIMER_REAL, 0.3)  # the teacher presses stop while the strategy thinks
        with pytest.raises(KeyboardInterrupt):
            ponderer.choose_within({"think": 1}, legal, rng, 60.0)
        signal.setitimer(signal.ITIMER_REAL, 0)
        assert ponderer.choose_within({"think": 0}, legal, rng, 60.0) == legal[-1], "read the stopped decision's answer"
    finally:
        ponderer.close()
