"""A full ``State`` rebuilt from one seat's observation, for the search bot (``playbook.search``).

What a Plunger cannot see, and how it is drawn: the other hand of tools (its size is public) and the tool deck's
order are a shuffle of the tools in neither this hand nor the discard; The Queue's order is a shuffle of the
customers neither face up nor served. The bag is counts (its draw order does not exist until drawn), so it is
copied. The hidden reshuffle's seed is drawn from the search's RNG too: the seat cannot know the order a
reshuffle will give, so any seed is as good as the true one. ``reshuffles`` (not shown) is set to 0, which only
names which derived stream the next reshuffle uses.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from playbook.core.protocol import Json

from .components import CUBE_KEYS, EMPTY, End, Phase, Rules, ToolKind
from .state import State

#: The search bot's settings for this engine (``playbook.search.search_agent``; measured in docs/search.md).
#: Random rollouts valued by money: the measured best of those tried (docs/search.md). Money plus half-filled
#: orders, rollouts played by the Clog Clearer, anchoring on it, and Clog Clearer rollouts to the end valued by
#: the money margin (7 sole wins of the 12 deals this one won 8 of) all did no better over the games measured.
SEARCH_DEFAULTS: dict[str, Any] = {"iterations": 150, "rollout_depth": 40, "score_scale": 6.0, "exploration": 0.7}

_PHASES = {phase.key: phase for phase in Phase}
_ENDS = {end.key or None: end for end in End}
_CUBES = {key: index for index, key in enumerate(CUBE_KEYS)}
_TOOLS = {kind.key: kind for kind in ToolKind}


def _cubes(keys: Any) -> tuple[int, ...]:
    return tuple(_CUBES[key] for key in keys)


def _pipe(observation: Any, rules: Rules) -> tuple[int, ...]:
    """The pipe from the entrance (the observation lists the spaces far left of Day 3 first)."""
    spaces: Any = observation["spaces"]
    pipe = [EMPTY if space["cube"] is None else _CUBES[space["cube"]] for space in reversed(spaces)]
    return tuple(pipe[: rules.pipe_length])


def _customers(observation: Any, rules: Rules) -> tuple[tuple[tuple[int, ...], ...], list[int]]:
    """Each seat's face-up customers (ids) and every customer's filled count (0 for The Queue and the served)."""
    filled = [0] * len(rules.customers)
    seated = []
    views: Any = observation["customers"]
    for mine in views:
        ids = []
        for view in mine:
            customer = rules.customer_ids[view["name"]]
            filled[customer] = int(view["filled"])
            ids.append(customer)
        seated.append(tuple(ids))
    return tuple(seated), filled


def _tools(
    observation: Any, rules: Rules, rng: random.Random
) -> tuple[tuple[tuple[ToolKind, ...], ...], tuple[ToolKind, ...]]:
    """The hands (this seat's as seen, the other's drawn) and the tool deck, from the unseen tools."""
    seat = int(observation["seat"])
    own: Any = observation["hand"]
    discard: Any = observation["tool_discard"]
    unseen = list(rules.tool_cards)
    for key in (*own, *discard):
        unseen.remove(_TOOLS[key])
    rng.shuffle(unseen)
    hands: list[tuple[ToolKind, ...]] = []
    sizes: Any = observation["hand_sizes"]
    for other, size in enumerate(sizes):
        if other == seat:
            hands.append(tuple(sorted(_TOOLS[key] for key in own)))
        else:
            hands.append(tuple(sorted(unseen[:size])))
            del unseen[:size]
    return tuple(hands), tuple(unseen)


def unseen(state: State, seat: int) -> Any:
    """What a 2-player world draws afresh for ``seat``: the rival's hand, the tool deck and the queue of parts to come.

    Worlds sampled with different seeds must disagree on it: a determinizer draws what the seat cannot see.
    """
    return (state.hands[1 - seat], state.tool_deck, state.queue)


def determinize(seen: Mapping[str, Json], rules: Rules | None, rng: random.Random) -> State:
    """A state this seat cannot tell from the true one: ``state.observation(seat) == seen``."""
    observation: Any = seen  # JSON read by key below; the game's own check_consistent bounds what it builds
    rules = rules if rules is not None else Rules.standard()
    seated, filled = _customers(observation, rules)
    served_names: Any = observation["served"]
    served = tuple(tuple(rules.customer_ids[name] for name in names) for names in served_names)
    known = {c for mine in seated for c in mine} | {c for done in served for c in done}
    queue = [c for c in range(len(rules.customers)) if c not in known]
    rng.shuffle(queue)
    hands, tool_deck = _tools(observation, rules, rng)
    bag: Any = observation["bag"]
    discard: Any = observation["tool_discard"]
    return State(
        rules=rules,
        num_players=int(observation["num_players"]),
        seed=rng.randrange(2**31),
        round=int(observation["round"]),
        seat=int(observation["turn_seat"]),
        phase=_PHASES[str(observation["phase"])],
        bag=tuple(int(bag[key]) for key in CUBE_KEYS),
        pipe=_pipe(observation, rules),
        clog=_cubes(observation["clog"]),
        reserve=_cubes(observation["reserve"]),
        drawn=_cubes(observation["drawn"]),
        draws_left=int(observation["draws_left"]),
        customers=seated,
        filled=tuple(filled),
        queue=tuple(queue),
        served=served,
        money=tuple(int(m) for m in observation["money"]),
        hands=hands,
        tool_deck=tool_deck,
        tool_discard=tuple(_TOOLS[key] for key in discard),
        reshuffles=0,
        tool_used=bool(observation["tool_used"]),
        flushed=bool(observation["flushed"]),
        clog_full=bool(observation["clog_full"]),
        end=_ENDS[observation["end"]],
    )
