"""A full ``State`` rebuilt from one seat's observation, for the search bot (``playbook.search``).

What a seat cannot see, and how it is drawn:

- the space station below each stack's top (and a top another seat exposed this round): a stack is dealt at
  set-up as distinct tile types, so the hidden tiles are distinct types other than the visible top, drawn
  uniformly;
- the other players' private objectives (kept and dealt, as many as this seat holds: every seat is dealt and
  keeps the same number) and the rest of the objective deck: objectives neither this seat's nor shared;
- the event deck's order and make-up: the events left are drawn from the events not face up or peeked at;
- the civ cards set aside at set-up (read only by solo event 66): the civ cards in no pile and on no board.

Board counts the observation does not show are worked out from the corporation's supply (meteorites and
biomass left: the supply less what lies on the planet, was collected or stored); ``blocked`` and Cosmos's free
steps this round are ``False`` and 0. ``placed`` (the acting seat has placed its tile this round) is read from
the seat's tiles: it has placed once it has as many tiles as rounds played. The hidden reshuffle seed is drawn
from the search's RNG.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from typing import Any

from playbook.core.protocol import Json

from .actions import Gain
from .agents import CivRacer, RoverHunter, RowsAndColumns, TrackRacer
from .board import Board
from .components import TERRAIN_NAMES, EndReason, Phase, Rules
from .flow import _can_place as can_place  # the flow's own test of a fit, not a copy of it
from .geometry import from_row_masks
from .state import State
from .work import Pending, Work

#: The search bot's settings for this engine (``playbook.search.search_agent``; measured in docs/search.md):
#: the engine is slow (~130 us a step, ~95 steps a 2-player game), so few iterations and short rollouts.
#: With hundreds of placements a turn, the root searches only what the built-in bots would play and two others.
SEARCH_DEFAULTS: dict[str, Any] = {
    "iterations": 20,
    "rollout_depth": 10,
    "score_scale": 8.0,
    "exploration": 0.7,
    "proposers": (TrackRacer(), RowsAndColumns(), CivRacer(), RoverHunter()),
    "extra_candidates": 2,
}

_PHASES = {phase.name.lower(): phase for phase in Phase}
_END_REASONS = {reason.name.lower(): reason for reason in EndReason}
_GAINS = {gain.name.lower(): gain for gain in Gain}
_TERRAINS = {name: index for index, name in enumerate(TERRAIN_NAMES)}


def _masks(rows: Any) -> int:
    return from_row_masks(list(rows))


def _layers(views: Any) -> Any:
    """One bitboard per terrain, in ``TERRAIN_NAMES`` order (a 6-tuple, as ``Board`` holds them)."""
    return tuple(_masks(views[name]) for name in TERRAIN_NAMES)


def _board(view: Any, objectives: tuple[int, ...], rules: Rules, seat: int) -> Board:
    """A board from its view; ``objectives`` are the seat's private ones (seen or drawn)."""
    corporation = rules.corporation(seat)
    meteorites, patches = _masks(view["meteorites"]), _masks(view["patches"])
    return Board(
        covered=_masks(view["covered"]),
        terrain=_layers(view["terrain"]),
        symbols=_layers(view["symbols"]),
        meteor_marks=_masks(view["meteor_marks"]),
        meteorites=meteorites,
        lifepods=_masks(view["lifepods"]),
        patches=patches,
        rovers=tuple(view["rovers"]),
        rover_supply=int(view["rover_supply"]),
        trackers=tuple(view["trackers"]),
        lifepods_collected=int(view["lifepods_collected"]),
        meteorites_collected=int(view["meteorites_collected"]),
        stored_biomass=int(view["stored_biomass"]),
        civ_cards=tuple(view["civ_cards"]),
        objectives=objectives,
        tiles_placed=int(view["tiles_placed"]),
        last_tile=_masks(view["last_tile"]),
        meteorite_supply=max(
            0, corporation.meteorite_supply - meteorites.bit_count() - int(view["meteorites_collected"])
        ),
        biomass_supply=max(0, corporation.biomass_supply - patches.bit_count() - int(view["stored_biomass"])),
        blocked=False,
        powers_used=tuple(view["powers_used"]),
        tech_slots=sum(1 << (level - 1) for level in view["tech_slots"]),
        shared_objectives=tuple(view["shared_objectives"]),
        track_lifepods=tuple(view["track_lifepods"]),
        free_steps=0,
        columns=tuple(view["columns"]),
        flux_track=-1 if view["flux_track"] is None else _TERRAINS[view["flux_track"]],
        flux_rovers=int(view["flux_rovers"]),
    )


def _stacks(observation: Any, rng: random.Random) -> tuple[tuple[tuple[int, ...], ...], frozenset[int]]:
    """Each stack: its visible top, then distinct other tile types; and the stacks whose top is hidden."""
    tops: Any = observation["stack_tops"]
    sizes: Any = observation["stack_sizes"]
    stacks: list[tuple[int, ...]] = []
    hidden: set[int] = set()
    for index, (top, size) in enumerate(zip(tops, sizes, strict=True)):
        if size == 0:
            stacks.append(())
            continue
        others = [t for t in range(12) if t != top]
        rng.shuffle(others)
        if top is None:
            hidden.add(index)
            stacks.append(tuple(others[:size]))
        else:
            stacks.append((int(top), *others[: size - 1]))
    return tuple(stacks), frozenset(hidden)


def _objectives(
    observation: Any, rules: Rules, rng: random.Random
) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]], tuple[int, ...]]:
    """Per seat the kept and the dealt private objectives (this seat's as seen), and the objective deck."""
    seat = int(observation["seat"])
    players = int(observation["players"])
    mine: Any = observation["my_objectives"]
    dealt_mine: Any = observation["dealt_objectives"]
    boards: Any = observation["boards"]
    seen = {*mine, *dealt_mine, *observation["neighbour_objectives"]}
    for view in boards:
        seen.update(view["shared_objectives"])
    pool = [o.id for o in rules.c.objectives if o.id not in seen]
    rng.shuffle(pool)
    kept, dealt = [], []
    for other in range(players):
        if other == seat:
            kept.append(tuple(mine))
            dealt.append(tuple(dealt_mine))
            continue
        kept.append(tuple(pool[: len(mine)]))
        del pool[: len(mine)]
        dealt.append(tuple(pool[: len(dealt_mine)]))
        del pool[: len(dealt_mine)]
    return kept, dealt, tuple(pool)


def _events(observation: Any, rules: Rules, rng: random.Random) -> tuple[int, ...]:
    """The events left: drawn from the events of this player count neither face up nor peeked at."""
    players = int(observation["players"])
    seen = {observation["event"], observation["peeked_event"]}
    pool = [e.id for e in rules.c.events if e.id not in seen and (players == 1 or not e.solo_only)]
    rng.shuffle(pool)
    left = int(observation["events_left"])
    peeked = observation["peeked_event"]
    return ((int(peeked),) if isinstance(peeked, int) else ()) + tuple(pool[: left - (1 if peeked else 0)])


def _civ_aside(observation: Any, rules: Rules) -> tuple[int, ...]:
    piles: Any = observation["civ_piles"]
    boards: Any = observation["boards"]
    used = {card for pile in piles for card in pile} | {card for view in boards for card in view["civ_cards"]}
    return tuple(card.id for card in rules.c.civ if card.id not in used)


@functools.lru_cache(maxsize=64)
def _printed_rules(planets: tuple[str, ...], corporations: tuple[str, ...], edits: tuple[Any, ...]) -> Rules:
    planets = () if set(planets) <= {"standard"} else planets  # as Rules spells "everyone standard"
    corporations = () if set(corporations) <= {"standard"} else corporations
    if not (planets or corporations or edits):
        return Rules.standard()
    return Rules(planets=planets, corporations=corporations, track_edits=edits)


def rules_seen(observation: Any) -> Rules:
    """The rules every seat sees printed: each seat's planet and corporation and the designer's track edits.

    Without them a world would give a seat the standard board of a rival playing Oasis Ultd. or Wormhole Corp.,
    and a rollout would score that board's trackers on the wrong tracks.
    """
    return _printed_rules(
        tuple(str(name) for name in observation["planets"]),
        tuple(str(name) for name in observation["corporations"]),
        tuple((str(c), str(t), int(p), str(space)) for c, t, p, space in observation["track_edits"]),
    )


def unseen(state: State, seat: int) -> Any:
    """What a 2-player world draws afresh for ``seat``: the order of the tiles in the stacks.

    Worlds sampled with different seeds must disagree on it: a determinizer draws what the seat cannot see.
    """
    return state.stacks


def determinize(seen: Mapping[str, Json], rules: Rules | None, rng: random.Random) -> State:
    """A state this seat cannot tell from the true one: ``state.observation(seat) == seen``.

    ``rules`` None reads them from what the seat sees (``rules_seen``): the planets, corporations and track edits.
    """
    observation: Any = seen  # JSON read by key below; the game's own check_consistent bounds what it builds
    rules = rules if rules is not None else rules_seen(observation)
    seat = int(observation["seat"])
    players = int(observation["players"])
    commander = int(observation["commander"])
    acting = observation["acting_seat"]
    phase = _PHASES[str(observation["phase"])]
    acting_seat = int(acting) if isinstance(acting, int) and phase != Phase.ROTATE else commander
    stacks, taken = _stacks(observation, rng)
    kept, dealt, objective_deck = _objectives(observation, rules, rng)
    views: Any = observation["boards"]
    boards = tuple(_board(view, kept[s], rules, s) for s, view in enumerate(views))
    pending: Any = observation["pending"]
    civ_queue = [() for _ in range(players)]
    civ_queue[seat] = tuple(observation["civ_queue"])
    peeks = [0] * players
    peeks[seat] = int(observation["peeked_event"] or 0)
    state = State(
        rules=rules,
        num_players=players,
        seed=rng.getrandbits(32),
        round=int(observation["round"]),
        phase=phase,
        commander=commander,
        step=(acting_seat - commander) % players,
        seat=acting_seat,
        rotation=int(observation["rotation"]),
        shift=int(observation["shift"]),
        stacks=stacks,
        taken=taken,
        boards=boards,
        pending=tuple(Pending(_GAINS[name], int(value)) for name, value in pending),
        movement=int(observation["movement"]),
        placed=phase == Phase.PLACE and bool(pending or observation["movement"]),
        civ_queue=tuple(civ_queue),
        civ_piles=tuple(tuple(pile) for pile in observation["civ_piles"]),
        civ_aside=_civ_aside(observation, rules),
        neighbour_objectives=tuple(observation["neighbour_objectives"]),
        objective_deck=objective_deck,
        dealt=tuple(dealt),
        event_deck=_events(observation, rules, rng),
        event=int(observation["event"]),
        peeks=tuple(peeks),
        solo_target=int(observation["solo_target"]),
        last_round=bool(observation["last_round"]),
        end_reason=_END_REASONS[str(observation["end_reason"])],
        final_scores=tuple(observation["scores"]),
    )
    return _blocked_if_stuck(state)


def _blocked_if_stuck(state: State) -> State:
    """Boards marked ``blocked`` when none of the seat's depot tiles fits, for the acting seat and the seats still
    to place this round: the flow marks them so when placement begins (section 3.9, ``flow.begin_placement``);
    the observation does not show the flag, but the planets and the depot tops it is worked out from are public.
    (A seat that has placed already keeps ``False``: its flag no longer decides anything this round.)"""
    if state.phase != Phase.PLACE:
        return state
    w = Work(state)
    order = w.order()
    waiting = order[state.step + 1 :] if state.placed or state.pending or state.movement else order[state.step :]
    boards = list(state.boards)
    for seat in waiting:
        stacks = [stack for stack in w.depot_stacks(seat) if state.stacks[stack]]
        if stacks and not any(can_place(w, seat, stack) for stack in stacks):
            boards[seat] = boards[seat]._replace(blocked=True)
    return state._with(boards=tuple(boards)) if boards != list(state.boards) else state
