"""Planet Unknown's view takes its words from the engine: ``describe(action)`` and each event's ``sentence``.

``widgets/planet_unknown/words.py`` keeps only what the engine cannot say: words that need the rules or an
observation (a tile's shape, a civ card's name, the depot a rotation faces, objectives), the gains' hints and the
second person ("You keep"). An action or event it worded a second time beside the engine's is named in it; these
tests fail on such a class.
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Iterator

import pytest

from playbook.core import CHANCE, Action, Match, RandomAgent
from playbook.core.engine import round_prefix
from playbook.games import planet_unknown as pu
from playbook.games.planet_unknown.events import PlanetUnknownEvent
from playbook.games.planet_unknown.plugin import ACTION_WORDS
from playbook.widgets.planet_unknown import words

SOURCE = inspect.getsource(words)
RULE_SETS = {
    "2p standard": (2, 21, pu.Rules()),
    "3p corporations": (3, 23, pu.Rules(corporations=("oasis", "cosmos", "flux"))),
    "4p events": (4, 24, pu.Rules(events=True, corporations=("jump_drive", "makeshift", "wormhole", "standard"))),
}
#: The kinds whose words need the rules or the observation: the view's own.
VIEW_WORDED = (pu.PlaceTile, pu.TakeTile, pu.ChooseCivCard, pu.KeepObjectives, pu.DiscardObjective)


def listed_actions(players: int, seed: int, rules: pu.Rules, steps: int = 300) -> Iterator[Action]:
    state = pu.new_game(players, seed=seed, rules=rules)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal:
            return
        if state.current_player == CHANCE:
            action = state.chance_outcomes()[0][0]
        else:
            legal = state.legal_actions()
            yield from legal
            action = rng.choice(legal)
        state, _events = state.apply(action)


@pytest.mark.parametrize("name", RULE_SETS)
def test_an_action_the_engine_words_fully_is_shown_in_the_engines_words(name: str) -> None:
    players, seed, rules = RULE_SETS[name]
    seen: set[type[Action]] = set()
    for action in listed_actions(players, seed, rules):
        if isinstance(action, VIEW_WORDED) or type(action) in ACTION_WORDS:
            continue
        seen.add(type(action))
        assert words._action_words(action, rules, None) == pu.describe(action)
    assert pu.MoveRover in seen and pu.ChooseTrack in seen


def test_words_py_names_no_action_kind_it_takes_from_the_engine() -> None:
    engine_worded = {
        pu.MoveRover, pu.TeleportRover, pu.StopRovers, pu.StorePatch, pu.ClearLine, pu.ChooseTrack, pu.ChooseSquare,
        pu.Peek, pu.Decline, pu.UsePower, pu.ChooseStack,
    }  # fmt: skip
    named = sorted(kind.__name__ for kind in engine_worded if f"pu.{kind.__name__}" in SOURCE)
    assert not named, f"words.py words these actions a second time: {named}"


def test_words_py_names_no_event_kind_it_takes_from_the_engine() -> None:
    """Only ``TileTaken`` is named: the view leaves out a tile taken to be placed (the placement says it)."""
    named = sorted(kind.__name__ for kind in pu.EVENT_CLASSES if f"isinstance(event, pu.{kind.__name__}" in SOURCE)
    assert named == ["TileTaken"]


@pytest.mark.parametrize("name", RULE_SETS)
def test_every_log_line_is_the_events_own_sentence_with_the_views_names(name: str) -> None:
    players, seed, rules = RULE_SETS[name]
    match = Match(pu, players=players, seed=seed, rules=rules, agents={s: RandomAgent() for s in range(players)})
    match.advance(max_steps=400)

    def seat_names(seat: int) -> str:
        return "you" if seat == 0 else f"Seat {seat} (bot)"

    kinds = set()
    for record in match.events:
        event = record.event
        line = words.event_words(event, seat_names)
        if (isinstance(event, pu.TileTaken) and event.placed) or not isinstance(event, PlanetUnknownEvent):
            assert line is None  # placed: the placement says it; a plug-in's own event: its own view
            continue
        kinds.add(type(event))
        assert line == round_prefix(event.round) + words._you(event.sentence(seat_names))
        assert str(event) == round_prefix(event.round) + event.sentence()
    assert {pu.TilePlaced, pu.TrackerMoved, pu.RoundStarted} <= kinds


def test_a_sentence_reads_for_any_seat_name() -> None:
    """Who won is "won by ...": no verb to agree with "you"."""
    ended = pu.GameEnded(5, (30, 25), (0,), "")
    assert words._you(ended.sentence(lambda seat: "you" if seat == 0 else "seat 1")) == (
        "Game over: you 30, seat 1 25; won by you"
    )
    kept = pu.ObjectivesKept(1, 0, 2)
    assert words.event_words(kept, lambda seat: "you") == "Round 1: You keep 2 private objective(s)"
