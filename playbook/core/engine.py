"""What every game's engine repeats, written once: the state mixin, moves, and small shared rules.

A game's ``State`` is a ``NamedTuple`` of its fields (ints, tuples, frozensets, the ``Rules``) combined with
:class:`EngineState`::

    class _Fields(NamedTuple):
        rules: Rules
        num_players: int
        round: int
        seat: int
        phase: Phase
        ...

    class State(_Fields, EngineState):
        __slots__ = ()
        ACTION_BASE = MyGameAction      # refuse another game's actions as invalid
        MOVES = {Buy: BUY, Pass: PASS}  # one Move per action kind

        def open_moves(self) -> tuple[Move, ...]: ...   # the moves open in this phase

Why a ``NamedTuple``: copying a state with a few fields changed is the hot path of every engine, and a
tuple rebuilt with ``tuple.__new__`` is the fastest idiom measured here (0.8 us for 26 fields with three
changed, against 3.3 us for a slotted dataclass copied field by field and 6.4 us for
``dataclasses.replace``). :meth:`EngineState._with` is that idiom.

A :class:`Move` keeps one kind of action together: which actions of that kind are legal now, the sentence
that says why one is not, and what it does. ``legal_actions()`` (cached per state) is the one definition of
legality: ``apply`` refuses anything not in it, with the move's why-not text.

Legality is checked at the door in two steps. An action that *is* one of the listed objects is legal (agents
and views hand back what they were given; actions never change, see ``Action``), which costs one identity
scan. Any other action is first checked field by field against its annotations (``record_misfit``: a bool
or a float is never an int), because ``Draw(count=1.0)`` equals and hashes like the legal ``Draw(1)``; only
then is it looked up among the legal actions.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar, Generic, Self, TypeVar

from .errors import IllegalActionError, InvalidActionError, InvalidArgumentError, PlaybookError, clipped, shown
from .protocol import CHANCE, Action, Event, GameInfo, Json, snake_case
from .serialize import record_misfit, state_from_dict, state_to_dict

S = TypeVar("S", bound="EngineState")
A = TypeVar("A", bound=Action)

Transition = tuple[Any, tuple[Event, ...]]

#: The longest refusal message the core passes on from a game's own text (a why-not, a consistency check).
MAX_MESSAGE = 500


class Move(Generic[S, A]):
    """One kind of action: its legality, its why-not text and its effect, side by side.

    Subclasses set ``action`` (the action class) and override the three methods. ``why_not`` is asked only
    about an action that ``legal`` did not list, so it may assume the action is illegal and only has to say
    which rule forbids it (in the rulebook's words where it can).
    """

    action: ClassVar[type[Action]]

    def legal(self, state: S) -> Iterable[A]:
        """The actions of this kind that the rules allow in ``state``."""
        raise NotImplementedError

    def why_not(self, state: S, action: A) -> str:
        """Why ``action`` (not among ``legal(state)``) is refused: the rule, in words."""
        return "the rules do not allow it now"

    def apply(self, state: S, action: A) -> tuple[S, tuple[Event, ...]]:
        """The new state and the events, for an action already known to be legal."""
        raise NotImplementedError


class EngineState:
    """Mixin for a game's ``NamedTuple`` state: cached legality, the illegal-move guard, winners, JSON.

    The game supplies ``ACTION_BASE``, ``MOVES``, ``open_moves()``, ``current_player``, ``is_terminal``,
    ``scores()`` and ``observation(seat)``; this class supplies the rest of the protocol.
    """

    __slots__ = ()
    ACTION_BASE: ClassVar[type[Action]] = Action
    MOVES: ClassVar[Mapping[type[Action], Move[Any, Any]]] = {}
    #: The one-slot legal-action cache: ``[(state, actions, set of actions or None)]``. Play loops ask
    #: ``legal_actions()`` and then ``apply`` the same state, so one slot is enough; the slot is replaced
    #: whole (one atomic store), so threads sharing it can never pair a state with another's actions.
    _legal_cache: ClassVar[list[Any]] = [(None, (), None)]

    # -- what the game supplies ----------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        raise NotImplementedError

    @property
    def is_terminal(self) -> bool:
        raise NotImplementedError

    @property
    def num_players(self) -> int:
        raise NotImplementedError

    def open_moves(self) -> Sequence[Move[Any, Any]]:
        """The moves open now, in the order their actions are listed."""
        raise NotImplementedError

    def scores(self) -> tuple[float, ...]:
        raise NotImplementedError

    def winners_when_over(self) -> tuple[int, ...]:
        """Who won a finished game; the default is the highest score, ties shared."""
        return winners_with_ties(self.scores())

    def check_consistent(self) -> None:
        """Raise ``InvalidStateError`` if fields that type-check together still make no game (from_dict)."""

    def describe_action(self, action: Action) -> str:
        """``action`` in a player's words for a refusal ("buy Lens (4 cogs)", not "buy component 4").

        A game overrides it to call its own ``describe`` with what this state knows (its rules, a price);
        the default is the action's ``str``. Asked only when a move is refused, so it may take its time.
        """
        return str(action)

    # -- the protocol, written once ------------------------------------------------------------------
    def _with(self, **changes: Any) -> Self:
        """A copy with some fields changed (``tuple.__new__``: the fastest idiom measured)."""
        values = list(self)  # type: ignore[call-overload]
        index = type(self)._field_index()
        for name, value in changes.items():
            values[index[name]] = value
        return tuple.__new__(type(self), values)  # type: ignore[type-var]

    @classmethod
    def _field_index(cls) -> dict[str, int]:
        index: dict[str, int] | None = cls.__dict__.get("_FIELD_INDEX")
        if index is None:
            index = {name: i for i, name in enumerate(cls._fields)}  # type: ignore[attr-defined]
            type.__setattr__(cls, "_FIELD_INDEX", index)
        return index

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action now, in a stable order: the one definition of legality."""
        slot = EngineState._legal_cache[0]
        if slot[0] is self:
            cached: tuple[Action, ...] = slot[1]
            return cached
        joined: list[Action] = []
        for move in self.open_moves():  # a join, not a generator: this runs once for every new state
            joined += move.legal(self)
        actions = tuple(joined)
        EngineState._legal_cache[0] = (self, actions, None)
        return actions

    def is_legal(self, action: Action) -> bool:
        """``action in legal_actions()``, through a set built once per state; a mistyped twin is never legal."""
        actions = self.legal_actions()
        for listed in actions:  # agents and views return the listed objects: identity is the cheap test
            if listed is action:
                return True
        if record_misfit(action) is not None:  # Draw(1.0) == Draw(1): only the field types tell them apart
            return False
        if len(actions) <= 8:
            return action in actions
        slot = EngineState._legal_cache[0]
        legal: frozenset[Action] | None = slot[2] if slot[0] is self else None
        if legal is None:
            legal = frozenset(actions)
            EngineState._legal_cache[0] = (self, actions, legal)
        try:
            return action in legal
        except TypeError:  # an unhashable (malformed) action is never legal; apply says why
            return False

    def why_illegal(self, action: object) -> str | None:
        """``None`` when ``action`` is legal now; else the rule that forbids it, in words."""
        if not isinstance(action, self.ACTION_BASE):
            return f"{shown(action)} is not an action of this game"
        misfit = record_misfit(action)
        if misfit is not None:
            return f"malformed: {misfit}"
        try:
            hash(action)
        except TypeError:
            return f"{shown(action)} is malformed (a field holds a list or dict)"
        if self.is_terminal:
            return "the game is over"
        if self.current_player == CHANCE and not getattr(action, "is_chance", False):
            return "chance moves next (a die roll or a blind draw)"
        if self.is_legal(action):
            return None
        move = self.MOVES.get(type(action))
        if move is None or move not in self.open_moves():
            return f"{with_article(describe_kind(action))} is not open now; open: {self.open_move_names()}"
        return clipped(move.why_not(self, action), MAX_MESSAGE)  # a rule's text may quote a 10 MB field

    def open_move_names(self) -> str:
        return ", ".join(describe_kind_of(move.action) for move in self.open_moves()) or "nothing"

    def apply(self, action: Action) -> tuple[Self, tuple[Event, ...]]:
        """The new state and the events the action caused; refuses (changing nothing) if illegal."""
        if not (isinstance(action, self.ACTION_BASE) and self.is_legal(action)):
            self._refuse(action)
        move: Move[Self, Action] = self.MOVES[type(action)]
        return move.apply(self, action)

    def _refuse(self, action: object) -> None:
        reason = self.why_illegal(action)
        if not isinstance(action, self.ACTION_BASE) or reason is None or "malformed" in reason:
            raise InvalidActionError(f"{shown(action)}: {clipped(str(reason), MAX_MESSAGE)}")
        seat = self.current_player
        who = "chance" if seat == CHANCE else ("nobody (the game is over)" if seat is None else f"seat {seat}")
        raise IllegalActionError(
            f"{clipped(self._refused_words(action), 120)} by {who}: {clipped(reason, MAX_MESSAGE)}"
        )

    def _refused_words(self, action: Action) -> str:
        """``describe_action``, or the action's ``str`` if the game's words fail on this (refused) action: a
        refusal must always be raised, never replaced by another error from describing it."""
        try:
            return self.describe_action(action)
        except Exception:
            return str(action)

    def winners(self) -> tuple[int, ...]:
        """The winning seats, ties shared; empty until the game is over."""
        return self.winners_when_over() if self.is_terminal else ()

    def to_dict(self) -> dict[str, Json]:
        return state_to_dict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Json]) -> Self:
        """Rebuild a state from ``to_dict()``; every field is checked against its annotation first.

        A game's ``check_consistent`` may quote the value it refuses; the message is cut here, once for every
        game, so a 10 MB field in a saved state never makes a 10 MB message.
        """
        state: Self = state_from_dict(cls, data)
        try:
            state.check_consistent()
        except PlaybookError as exc:
            if len(str(exc)) <= MAX_MESSAGE:
                raise
            raise type(exc)(clipped(str(exc), MAX_MESSAGE)) from exc
        return state

    def check_seat(self, seat: object) -> int:
        """``seat`` as a seat of this game, or ``InvalidArgumentError`` (observations of seat 7 of 2 ...)."""
        return check_seat(seat, self.num_players)


def describe_kind(action: object) -> str:
    return describe_kind_of(type(action))


def with_article(words: str) -> str:
    """``end turn`` -> ``an end turn``, ``use power`` -> ``a use power``: the article a refusal reads with.

    By the first letter, with the "yoo" sound of "use" and "uni..." as the one exception the action kinds need.
    """
    lower = words.lower()
    vowel = lower[:1] in "aeio" or (lower[:1] == "u" and not lower.startswith(("us", "uni")))
    return f"{'an' if vowel else 'a'} {words}"


def describe_kind_of(cls: type) -> str:
    """``SellSet`` -> ``sell set``: an action kind in words."""
    return snake_case(cls.__name__).replace("_", " ")


# -- small rules every game needs ---------------------------------------------------------------------------
def winners_with_ties(scores: Sequence[float]) -> tuple[int, ...]:
    """Every seat with the best score: a tie is shared, as every rulebook here ends a tie."""
    if not scores:
        return ()
    best = max(scores)
    return tuple(seat for seat, score in enumerate(scores) if score == best)


def check_int(value: object, name: str, low: int, high: int) -> int:
    """``value`` as an int in ``[low, high]``; a bool or a float is not an int."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgumentError(f"{name} must be an int, not {type(value).__name__} {shown(value)}")
    if not low <= value <= high:
        raise InvalidArgumentError(f"{name} must be between {low} and {high}, not {shown(value)}")
    return value


def check_players(info: GameInfo, players: object) -> int:
    """The player count as an int the game takes, or ``InvalidArgumentError`` naming the game's range."""
    return check_int(players, f"{info.title}: players", info.min_players, info.max_players)


MAX_SEED = 2**63 - 1


def check_seed(seed: object) -> int:
    """A seed must be given and be an int: no silent fresh randomness."""
    return check_int(seed, "seed", -MAX_SEED, MAX_SEED)


def check_seat(seat: object, players: int) -> int:
    return check_int(seat, "seat", 0, players - 1)


def check_rules(rules: object, rules_class: type[Any]) -> Any:
    """``None`` means the standard rules; anything else must be this game's ``Rules``."""
    if rules is None:
        return rules_class.standard()
    if not isinstance(rules, rules_class):
        raise InvalidArgumentError(
            f"rules must be {rules_class.__module__}.{rules_class.__name__}, not {type(rules).__name__}"
        )
    return rules


def derived_seed(seed: int, *keys: int | str) -> int:
    """A seed for a hidden shuffle during play, derived from the game seed and what is shuffled.

    Hashing (not ``hash()``, which changes per process) keeps it the same in every process and machine.
    """
    text = ":".join(str(part) for part in (seed, *keys))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def uniform_outcomes(actions: Sequence[A]) -> tuple[tuple[A, float], ...]:
    """Chance outcomes with equal probability (a fair die, a blind draw of identical backs)."""
    if not actions:
        return ()
    p = 1.0 / len(actions)
    return tuple((action, p) for action in actions)


def weighted_outcomes(weighted: Sequence[tuple[A, int]]) -> tuple[tuple[A, float], ...]:
    """Chance outcomes in proportion to counts (a blind draw from a bag), zero counts left out."""
    total = sum(count for _, count in weighted)
    return tuple((action, float(Fraction(count, total))) for action, count in weighted if count > 0)


def round_prefix(round_number: int) -> str:
    """``Round 3: `` — how every game's log line starts, so logs read alike."""
    return f"Round {round_number}: "


def turn_prefix(turn_number: int) -> str:
    """``Turn 3: `` — the log line's start in a game that counts turns, not rounds (An Offal Game: each
    Plunger's turn is one, so in a two-player game your turns are 1, 3, 5 ...), in the game's own words."""
    return f"Turn {turn_number}: "
