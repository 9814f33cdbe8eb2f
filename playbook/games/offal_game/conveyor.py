"""The conveyor alone, one turn at a time: Phase 1 with chosen (or seeded random) dice and draws, and no order
filled. The pipe explorer and the predict-then-reveal exercise step games with these; they use only the
engine's public API (legal actions, ``why_illegal``, observations and event fields)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, cast

from playbook.core import CHANCE, Action, Event, GameState, IllegalActionError
from playbook.core.match import sample_chance

from .actions import BlindDraw, DieRoll, EndTurn, Roll, RollReserve
from .components import Card, Cube, Rules, cubes_words
from .events import CubeDrawn, DrawsCounted, RatPlaced, RatReturned, ReserveResolved, ShiftedOff
from .setup import new_game
from .state import State

NAMES_FOR_CUBES = ("bone", "organ", "brain", "heart", "rat")


def parse_cubes(text: str) -> list[Cube]:
    """``"bone, heart heart rat"`` -> cube kinds. Plurals and unique prefixes work (``he``, ``org``, ``rat``);
    ``ValueError`` names a word that is not a cube."""
    cubes = []
    for word in text.replace(",", " ").lower().split():
        stem = word.rstrip("s") or word
        found = [k for k, name in enumerate(NAMES_FOR_CUBES) if name.startswith(stem)]
        if len(found) != 1:
            raise ValueError(
                f"{word!r} is {'ambiguous' if found else 'not a cube'}: use bone, organ, brain, heart or rat"
            )
        cubes.append(Cube(found[0]))
    return cubes


class TurnReport(dict[str, Any]):
    """One turn of the conveyor in numbers (a dict, so a list of them is a DataFrame)."""


def _next_chance(state: State, chosen: list[Action], rng: random.Random) -> Action:
    """The next chosen chance outcome if it is legal now, else a seeded draw."""
    while chosen:
        action = chosen.pop(0)
        reason = state.why_illegal(action)
        if reason is None:
            return action
        raise IllegalActionError(f"{action}: {reason}")
    return sample_chance(cast(GameState, state), rng)


def turn_report(turn: int, events: Sequence[Event], ignored: int, clog: int) -> TurnReport:
    report = TurnReport(
        turn=turn, d4=0, draws=0, drawn="", shifted_off="", reserve_d4=0, to_clog="", to_bag="", rats="", clog=clog
    )
    report.update(ignored=ignored, n_to_clog=0, n_shifted_off=0)
    drawn: list[str] = []
    rats: list[str] = []
    for event in events:
        if isinstance(event, DrawsCounted):
            report.update(d4=event.die, draws=event.draws)
        elif isinstance(event, CubeDrawn):
            drawn.append(Cube(event.cube).singular)
        elif isinstance(event, ShiftedOff):
            report.update(shifted_off=cubes_words(event.parts))
            report["n_shifted_off"] = len(event.parts)
        elif isinstance(event, ReserveResolved):
            report.update(
                reserve_d4=event.die,
                to_clog=cubes_words(event.to_clog),
                to_bag=cubes_words(event.to_bag),
                n_to_clog=len(event.to_clog),
            )
        elif isinstance(event, RatPlaced):
            card = Card(event.card).title
            back = f" (a {Cube(event.displaced).singular} back to the bag)" if event.displaced >= 0 else ""
            rats.append(f"{card}, space {event.space} from the left{back}")
        elif isinstance(event, RatReturned):
            rats.append("no Rat space free: back in the bag")
    report["drawn"] = ", ".join(drawn)
    report["rats"] = "; ".join(rats)
    return report


def conveyor_turn(
    state: State,
    *,
    die: int | None = None,
    draws: Sequence[int] = (),
    reserve_die: int | None = None,
    rng: random.Random | None = None,
) -> tuple[State, TurnReport, list[Event]]:
    """Phase 1 of one turn with chosen (or, where ``None``/missing, random) d4, draws and reserve d4; then
    the turn ends without any order filled or tool played. ``state`` must be before the roll. Raises
    ``PlaybookError`` with the engine's rule when a choice is impossible (a cube not in the bag, a die face
    that does not exist)."""
    rng = rng or random.Random(0)
    if Roll() not in state.legal_actions():
        raise IllegalActionError("the explorer steps from the start of a turn (before the roll)")
    events: list[Event] = []
    turn = int(state.observation(0)["round"])
    seat_phase_moves = {"start": Roll(), "reserve": RollReserve(), "orders": EndTurn()}
    dice: list[Action] = [DieRoll(die)] if die is not None else []
    cubes: list[Action] = [BlindDraw(Cube(c)) for c in draws]
    reserve: list[Action] = [DieRoll(reserve_die)] if reserve_die is not None else []
    state, new = state.apply(Roll())
    events.extend(new)
    while not state.is_terminal:
        phase = state.observation(0)["phase"]
        if phase == "orders":
            break
        if state.current_player == CHANCE:
            queue = {"roll": dice, "blind_draw": cubes, "reserve_roll": reserve}[phase]
            action = _next_chance(state, queue, rng)
        else:
            action = seat_phase_moves[phase]
        state, new = state.apply(action)
        events.extend(new)
    clog = len(state.observation(0)["clog"])
    report = turn_report(turn, events, len(cubes), clog)  # chosen cubes left over were not needed
    if not state.is_terminal:
        state, new = state.apply(EndTurn())
        events.extend(new)
    return state, report, events


def passive_game(seed: int, turns: int, *, players: int = 1, rules: Rules | None = None) -> State:
    """A new game after ``turns`` turns in which nobody fills an order (random d4s and draws from ``seed``):
    the pipe as the conveyor alone fills it. Stops early if the game ends."""
    state = new_game(players, seed=seed, rules=rules)
    rng = random.Random(seed)
    for _ in range(turns):
        if state.is_terminal:
            break
        state = conveyor_turn(state, rng=rng)[0]
    return state
