"""Every input checked at the door: bad players, seeds, rules, saved states and matches are refused with a
PlaybookError naming what is wrong, and nothing changes."""

from __future__ import annotations

import json
from typing import Any

import pytest

import playbook
from playbook.core import InvalidArgumentError, InvalidStateError, PlaybookError
from playbook.games.offal_game import State, new_game


@pytest.mark.parametrize("players", [0, 3, True, 1.0, "2", None])
def test_new_game_refuses_bad_players(players: object) -> None:
    with pytest.raises(InvalidArgumentError, match="players"):
        new_game(players, seed=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [None, 1.5, "7", True, 2**70])
def test_new_game_refuses_bad_seeds(seed: object) -> None:
    with pytest.raises(InvalidArgumentError, match="seed"):
        new_game(2, seed=seed)  # type: ignore[arg-type]


def test_new_game_refuses_other_rules() -> None:
    from playbook.games.parts_unknown import Rules as OtherRules

    with pytest.raises(InvalidArgumentError, match="rules"):
        new_game(2, seed=1, rules=OtherRules.standard())  # type: ignore[arg-type]


def _saved() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(new_game(2, seed=3).to_dict()))
    return data


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d.pop("pipe"), "pipe"),
        (lambda d: d.update(seat=True), "seat"),
        (lambda d: d.update(seat=5), "seat"),
        (lambda d: d.update(round=1.0), "round"),
        (lambda d: d.update(phase=99), "phase"),
        (lambda d: d.update(pipe=[0] * 3), "pipe"),
        (lambda d: d.update(pipe=["bones"] * 15), "pipe"),
        (lambda d: d.update(bag=[10, 10, 10, 10, 8]), "bag"),
        (lambda d: d.update(bag=[10, 10, 10, 10, -1]), "bag"),
        (lambda d: d.update(money=[0]), "money"),
        (lambda d: d.update(customers=[[0, 0], [1, 2]]), "customers"),
        (lambda d: d.update(hands=[[9], [0]]), "hands"),
        (lambda d: d.update(clog=[4]), "clog"),
        (lambda d: d.update(num_players=10**20), "num_players"),
        (lambda d: d.update(extra=1), "extra"),
        (lambda d: d["rules"]["sewer"].update(clog_spaces="7"), "rules"),
        (lambda d: d.update(rules=None), "rules"),
    ],
)
def test_state_from_dict_names_the_bad_field(change: Any, field: str) -> None:
    data = _saved()
    change(data)
    with pytest.raises(InvalidStateError, match=field):
        State.from_dict(data)


def test_state_from_dict_refuses_non_objects() -> None:
    for bad in (None, [], "state", 3):
        with pytest.raises(InvalidStateError):
            State.from_dict(bad)  # type: ignore[arg-type]


def test_match_from_json_refuses_bad_input() -> None:
    match = playbook.Match("offal_game", players=1, seed=4)
    match.play(match.legal_actions()[0])
    text = match.to_json()
    assert playbook.Match.from_json(text).state == match.state
    data = json.loads(text)
    for broken in (
        "{",
        json.dumps({**data, "steps": [{"action": {"type": "Take", "card": 9}, "by": "player"}]}),
        json.dumps({**data, "seed": "x"}),
    ):
        with pytest.raises(PlaybookError):
            playbook.Match.from_json(broken)
