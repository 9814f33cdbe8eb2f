"""``Match``: the mutable session around an immutable game state.

Views, notebooks and people hold a ``Match``; engines never do. It owns the seeded randomness for chance
steps and agents, the history (so it can undo and replay), the events (so charts can be drawn from a
DataFrame) and the subscribers (so a view redraws when anything moves).

Chance at step ``k`` draws from a stream derived from ``(seed, "chance", k)`` and the agent of seat ``s``
from ``(seed, "agent", s, k)``: undoing and advancing again gives the same rolls and the same bot moves,
which is what a teacher expects when demonstrating, and no agent can steer the dice by what it draws.

Two saved forms: ``to_json()`` holds the seed and every action, so it rebuilds the match exactly, hidden
cards included (keep it for the teacher); ``to_json(seat=k)`` holds only what seat ``k`` saw (its
observations, its own actions and the public events), so it is the one to hand to a student
(:class:`SeatRecord` reads it back).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any, Literal

from .agents import AgentLike, agent_rng, chance_rng
from .decide import DEFAULT_TIME_LIMIT, check_time_limit, decide, failure
from .engine import check_players, check_seat, check_seed
from .errors import IllegalActionError, InvalidArgumentError, InvalidStateError, PlaybookError, StrategyError, shown
from .protocol import CHANCE, Action, Event, GameState, Json

if TYPE_CHECKING:
    import pandas as pd

Actor = Literal["player", "agent", "chance"]
Subscriber = Callable[["Match", tuple[Event, ...]], None]


@dataclass(frozen=True, slots=True)
class EventRecord:
    """One event with where it happened: the step, the round and the seat that acted (``None`` for chance)."""

    step: int
    round: int
    actor: int | None
    event: Event


@dataclass(frozen=True, slots=True)
class Step:
    action: Action
    actor: Actor
    seat: int | None


def resolve_game(game: str | ModuleType) -> ModuleType:
    if isinstance(game, str):
        from playbook.games import load

        return load(game)
    if not isinstance(game, ModuleType) or not hasattr(game, "INFO"):
        raise InvalidArgumentError(f"game must be a game's name or module, not {type(game).__name__}")
    return game


def check_agent_seats(agents: object, players: int) -> dict[int, AgentLike]:
    """``{seat: agent}`` with every seat a seat of the game and every agent able to choose."""
    if agents is None:
        return {}
    if not isinstance(agents, Mapping):
        raise InvalidArgumentError(f"agents must map seats to agents, not {type(agents).__name__}")
    checked: dict[int, AgentLike] = {}
    for seat, agent in agents.items():
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise InvalidArgumentError(f"agent seat {seat!r} is not a seat of a {players}-player game")
        if not callable(getattr(agent, "choose", None)):
            raise InvalidArgumentError(f"the agent for seat {seat} ({agent!r}) has no choose() method")
        checked[seat] = agent
    return checked


def sample_chance(state: GameState, rng: random.Random) -> Action:
    outcomes = state.chance_outcomes()
    pick = rng.random()
    total = 0.0
    for outcome, probability in outcomes:
        total += probability
        if pick < total:
            return outcome
    return outcomes[-1][0]


class Match:
    """A seeded game in progress: state, history, undo, events and the agents that play some seats."""

    def __init__(
        self,
        game: str | ModuleType,
        *,
        players: int,
        seed: int,
        rules: Any = None,
        agents: Mapping[int, AgentLike] | None = None,
        time_limit: float | None = DEFAULT_TIME_LIMIT,
    ) -> None:
        self.game = resolve_game(game)
        self.players = check_players(self.game.INFO, players)
        self.seed = check_seed(seed)
        self.rules = rules
        self.agents: dict[int, AgentLike] = check_agent_seats(agents, players)
        #: Seconds an agent may take per decision in :meth:`advance` (``None``: no limit).
        self.time_limit = check_time_limit(time_limit)
        self._states: list[GameState] = [self.game.new_game(players, seed=seed, rules=rules)]
        self._steps: list[Step] = []
        self._records: list[list[EventRecord]] = []
        self._subscribers: list[Subscriber] = []

    # -- reading -----------------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self._states[-1]

    @property
    def history(self) -> tuple[Action, ...]:
        return tuple(step.action for step in self._steps)

    @property
    def steps(self) -> tuple[Step, ...]:
        return tuple(self._steps)

    @property
    def events(self) -> tuple[EventRecord, ...]:
        return tuple(record for records in self._records for record in records)

    def legal_actions(self) -> Sequence[Action]:
        return self.state.legal_actions()

    @property
    def is_over(self) -> bool:
        return self.state.is_terminal

    def waiting_for(self) -> int | None:
        """The seat a person must play now, or ``None`` when chance, an agent or the end is next."""
        seat = self.state.current_player
        if seat is None or seat == CHANCE or seat in self.agents:
            return None
        return seat

    # -- moving ------------------------------------------------------------------------------------
    def play(self, action: Action) -> tuple[Event, ...]:
        """Apply one action for whoever is to move; raises and changes nothing if the rules forbid it."""
        seat = self.state.current_player
        if seat is None:
            raise IllegalActionError(f"{action}: the game is over; no more actions")
        actor: Actor = "chance" if seat == CHANCE else ("agent" if seat in self.agents else "player")
        events = self._apply(action, actor)
        self._notify(events)
        return events

    def advance(self, max_steps: int = 100_000) -> tuple[Event, ...]:
        """Resolve chance and let agents move until a person must act or the game ends.

        An agent that fails to decide (raises, runs past ``time_limit``, returns an illegal action) stops
        the advance with an ``AgentFailure`` naming its seat and strategy; the steps before it are kept
        (and subscribers told), so a table can show the error and the person can undo, replace the bot or
        start a new game.
        """
        collected: list[Event] = []
        try:
            for _ in range(max_steps):
                if not self._advance_one(collected):
                    break
        finally:
            events = tuple(collected)
            if events:
                self._notify(events)
        return events

    def _advance_one(self, collected: list[Event]) -> bool:
        """One chance or agent step (False when a person or the end is next)."""
        state = self.state
        seat = state.current_player
        if seat is None:
            return False
        step = len(self._steps)
        if seat == CHANCE:
            collected.extend(self._apply(sample_chance(state, chance_rng(self.seed, step)), "chance"))
            return True
        agent = self.agents.get(seat)
        if agent is None:
            return False
        rng = agent_rng(self.seed, seat, step)
        action = decide(agent, seat, state.observation(seat), state.legal_actions(), rng, self.time_limit)
        try:
            collected.extend(self._apply(action, "agent"))
        except PlaybookError as exc:
            raise failure(seat, agent, StrategyError(f"returned an illegal action: {exc}")) from exc
        return True

    def undo(self) -> int:
        """Take back the last move a person made and everything agents and chance did after it.

        With no person's move in the history, the last step alone is taken back. Returns how many steps
        were removed (0 at the start of the game).
        """
        if not self._steps:
            return 0
        last_person = max((i for i, s in enumerate(self._steps) if s.actor == "player"), default=None)
        keep = last_person if last_person is not None else len(self._steps) - 1
        removed = len(self._steps) - keep
        del self._steps[keep:]
        del self._records[keep:]
        del self._states[keep + 1 :]
        self._notify(())
        return removed

    def subscribe(self, callback: Subscriber) -> Callable[[], None]:
        """Call ``callback(match, events)`` after every change; returns the function that unsubscribes."""
        self._subscribers.append(callback)

        def unsubscribe() -> None:
            if callback in self._subscribers:
                self._subscribers.remove(callback)

        return unsubscribe

    def _apply(self, action: Action, actor: Actor) -> tuple[Event, ...]:
        state = self.state
        seat = state.current_player
        new_state, events = state.apply(action)
        step = len(self._steps)
        acting_seat = None if seat == CHANCE else seat
        self._states.append(new_state)
        self._steps.append(Step(action, actor, acting_seat))
        self._records.append([EventRecord(step, state.round, acting_seat, event) for event in events])
        return events

    def _notify(self, events: tuple[Event, ...]) -> None:
        for callback in list(self._subscribers):
            callback(self, events)

    # -- data out ----------------------------------------------------------------------------------
    def events_frame(self) -> pd.DataFrame:
        """One row per event: step, round, seat, kind, actor, the event's own fields and its text.

        ``seat`` is the seat the event is about: the event's own ``seat`` field when it has one (a sale pays
        that seat, whoever acted), else the seat that acted. ``actor`` is always the seat that acted
        (``None`` for chance).
        """
        import pandas as pd

        rows = []
        for record in self.events:
            row: dict[str, Any] = {"step": record.step, "round": record.round, "seat": record.actor}
            row["kind"] = record.event.kind
            row["actor"] = record.actor
            row.update(record.event.fields())
            row["text"] = str(record.event)
            rows.append(row)
        columns = ["step", "round", "seat", "kind", "actor"]
        frame = pd.DataFrame(rows)
        if frame.empty:
            return pd.DataFrame(columns=[*columns, "text"])
        return frame[columns + [c for c in frame.columns if c not in columns]]

    def to_json(self, *, seat: int | None = None) -> str:
        """The seed, the rules and every action: enough to rebuild this exact match, hidden cards included.

        With ``seat=k``: a :class:`SeatRecord` of only what seat ``k`` saw (no seed, no other seat's
        actions, no hidden card), the copy to share with a student.
        """
        if seat is not None:
            return self.seat_record(seat).to_json()
        data: dict[str, Json] = {
            "game": self.game.INFO.name,
            "players": self.players,
            "seed": self.seed,
            "rules": None if self.rules is None else self.rules.to_dict(),
            "history": [{"action": s.action.to_dict(), "by": s.actor} for s in self._steps],
        }
        return json.dumps(data)

    def seat_record(self, seat: int) -> SeatRecord:
        """What ``seat`` saw of this match: its observation before the first step and after every step, its
        own actions, and the events (which every seat sees)."""
        seat = check_seat(seat, self.players)
        steps: list[dict[str, Json]] = []
        for step, records in zip(self._steps, self._records, strict=True):
            own = step.seat == seat
            steps.append(
                {
                    "by": "chance" if step.actor == "chance" else "seat",
                    "seat": step.seat,
                    "action": step.action.to_dict() if own else None,
                    "events": [{"kind": r.event.kind, **r.event.fields(), "text": str(r.event)} for r in records],
                }
            )
        observations = [_plain(state.observation(seat)) for state in self._states]
        rules = None if self.rules is None else self.rules.to_dict()
        return SeatRecord(self.game.INFO.name, self.players, rules, seat, observations, steps)

    @classmethod
    def from_json(cls, text: str | bytes, *, agents: Mapping[int, AgentLike] | None = None) -> Match:
        """Rebuild a saved match, checking every part; ``InvalidStateError`` names what is wrong.

        Each step's ``by`` must fit the game: ``"chance"`` exactly where chance moves, ``"player"`` or
        ``"agent"`` where a seat does (Undo takes back to the last ``"player"`` step, so a swapped label
        would change what it takes back).
        """
        data = _read_saved_match(text)
        try:
            game = resolve_game(data["game"])
            rules = None if data["rules"] is None else game.Rules.from_dict(data["rules"])
            match = cls(game, players=data["players"], seed=data["seed"], rules=rules, agents=agents)
        except PlaybookError as exc:
            raise InvalidStateError(f"saved match: {exc}") from exc
        for index, item in enumerate(data["history"]):
            where = f"saved match: history[{index}]"
            if not isinstance(item, Mapping) or set(item) != {"action", "by"}:
                raise InvalidStateError(f"{where}: must be an object with 'action' and 'by'")
            by = item["by"]
            if by not in ("player", "agent", "chance"):
                raise InvalidStateError(f"{where}.by: must be 'player', 'agent' or 'chance', not {shown(by)}")
            chance_next = match.state.current_player == CHANCE
            if (by == "chance") != chance_next:
                expected = "'chance'" if chance_next else "'player' or 'agent'"
                raise InvalidStateError(f"{where}.by: {expected} moves at this step, not {by!r}")
            try:
                match._apply(game.action_from_dict(item["action"]), by)
            except PlaybookError as exc:
                raise InvalidStateError(f"{where}: {exc}") from exc
        return match

    def fork(self, step: int, *, agents: Mapping[int, AgentLike] | None = None) -> Match:
        """A new match with this one's seed and rules, replayed up to ``step`` (0 = the start).

        The fork keeps this match's agents unless ``agents`` names others (``{}``: people in every seat).
        Replaying is exact because chance and agents draw from streams derived from the seed and the step.
        """
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(self._steps):
            raise InvalidArgumentError(f"step must be an int from 0 to {len(self._steps)}, not {step!r}")
        seats = self.agents if agents is None else agents
        forked = Match(
            self.game, players=self.players, seed=self.seed, rules=self.rules, agents=seats, time_limit=self.time_limit
        )
        for record in self._steps[:step]:
            forked._apply(record.action, record.actor)
        return forked

    def __iter__(self) -> Iterator[GameState]:
        return iter(self._states)

    def __repr__(self) -> str:
        return (
            f"Match({self.game.INFO.name!r}, players={self.players}, seed={self.seed}, "
            f"steps={len(self._steps)}, over={self.is_over})"
        )


def _plain(value: Any) -> Json:
    """An observation as plain JSON data (tuples as lists), as a saved record holds it."""
    loaded: Json = json.loads(json.dumps(value))
    return loaded


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """One seat's copy of a match: what that seat saw, and nothing it did not.

    ``observations[k]`` is the seat's observation before step ``k`` (the last one is after the final step);
    ``steps[k]`` says who moved (``"chance"`` or ``"seat"`` and which), the action when it was this seat's
    own, and the events every seat saw. It holds no seed, so the hidden cards cannot be rebuilt from it.
    """

    game: str
    players: int
    rules: Json
    seat: int
    observations: list[Json]
    steps: list[dict[str, Json]]

    def to_json(self) -> str:
        return json.dumps(
            {
                "record": "seat",
                "game": self.game,
                "players": self.players,
                "rules": self.rules,
                "seat": self.seat,
                "observations": self.observations,
                "steps": self.steps,
            }
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> SeatRecord:
        """Read a seat's copy back, checking its shape; ``InvalidStateError`` names what is wrong."""
        data = _read_json_object(text, "seat record")
        expected = {"record", "game", "players", "rules", "seat", "observations", "steps"}
        if set(data) != expected or data["record"] != "seat":
            raise InvalidStateError(f"seat record: must have exactly the keys {sorted(expected)} and record 'seat'")
        players = data["players"]
        try:
            game = resolve_game(data["game"] if isinstance(data["game"], str) else "")
            check_players(game.INFO, players)
            check_seat(data["seat"], players)
        except PlaybookError as exc:
            raise InvalidStateError(f"seat record: {exc}") from exc
        observations, steps = data["observations"], data["steps"]
        if not isinstance(steps, list) or not all(isinstance(step, dict) for step in steps):
            raise InvalidStateError("seat record: steps must be a list of objects")
        if not isinstance(observations, list) or len(observations) != len(steps) + 1:
            raise InvalidStateError("seat record: observations must be a list, one more than the steps")
        if not all(isinstance(observation, dict) for observation in observations):
            raise InvalidStateError("seat record: every observation must be an object")
        return cls(game.INFO.name, players, data["rules"], data["seat"], observations, steps)


_SAVED_KEYS = {"game", "players", "seed", "rules", "history"}


def _read_json_object(text: object, what: str) -> dict[str, Any]:
    if not isinstance(text, str | bytes):
        raise InvalidStateError(f"a {what} must be JSON text, not {type(text).__name__}")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise InvalidStateError(f"{what}: not valid JSON: {str(exc)[:200]}") from exc
    if not isinstance(data, dict):
        raise InvalidStateError(f"{what}: must be a JSON object, not {type(data).__name__}")
    return data


def _read_saved_match(text: object) -> dict[str, Any]:
    data = _read_json_object(text, "saved match")
    missing = sorted(_SAVED_KEYS - set(data))
    unknown = sorted(set(data) - _SAVED_KEYS)
    if missing or unknown:
        raise InvalidStateError(f"saved match: missing keys {missing}, unknown keys {unknown}")
    if not isinstance(data["game"], str):
        raise InvalidStateError("saved match: game must be a game's name")
    if data["rules"] is not None and not isinstance(data["rules"], dict):
        raise InvalidStateError("saved match: rules must be an object or null")
    if not isinstance(data["history"], list):
        raise InvalidStateError("saved match: history must be a list")
    return data
