"""Small pure functions that explain An Offal Game's economy; a notebook calls them.

- ``age_profile`` / ``age_frame``: how many parts of each type lie on Day 1, Day 2, Day 3 and The Clog.
- ``expected_draws`` / ``draw_chances``: the inflow of one Phase 1.
- ``clog_fill_chance``: the chance The Clog fills within n turns (seeded simulation).
- ``wait_value`` / ``wait_table``: what waiting one more day is worth for an order (seeded simulation).
- ``turn_history``: The Clog's fill and each Plunger's money after every round, from ``Match.events_frame()``.
- ``money_flows``: the standard money-flow frame (``round, seat, source, amount``): a faucet only.
- ``throughput``: parts through the pipe per round; ``metrics``: how a game ended (tournament KPIs).
- ``economy_frame``: per round and seat, the score (money) with The Clog, the customers served and waiting.
- ``choice_profile``: how many different takes a turn offers (is each turn a real decision?).
- ``flow_experiment``: seeded games under a rule change (or with the outflow held at zero), one row per game:
  the flows per turn, so a lesson shows the sign of each link of the pipe's feedback loop by intervening.
- ``find_position``: the first seeded passive position that shows what a lesson teaches (the pipe about to spill).
- ``part_fates``: where the parts of a game went (bagged from the Days or from The Clog, spilled and where to).
- ``recorded_solo_rates``: the solo win rates the data file's calibration note records, with its sample size.

These frame builders are the only place charts get their data; ``playbook.charts.offal_game`` draws them.

Every simulation takes a ``seed`` and uses its own ``random.Random``: same arguments, same answer.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

import pandas as pd

from playbook.core import CHANCE, Action, Agent, GameState
from playbook.core.match import sample_chance
from playbook.core.protocol import Json

from .actions import EndTurn, Roll, RollReserve, Take
from .components import CARD_NAMES, PART_KEYS, Card, End, Phase, Rules
from .rulebook import draw_odds, meets_age
from .setup import new_game
from .state import State

THE_CLOG = Card.THE_CLOG
_NEXT = {Phase.START: Roll(), Phase.RESERVE: RollReserve(), Phase.ORDERS: EndTurn()}

__all__ = [
    "FATES",
    "FLOW_COLUMNS",
    "ChoiceProfile",
    "RecordedRates",
    "WaitValue",
    "age_frame",
    "age_profile",
    "choice_profile",
    "clog_fill_chance",
    "clog_parts",
    "draw_chances",
    "economy_frame",
    "expected_draws",
    "fillable_now",
    "find_position",
    "flow_experiment",
    "metrics",
    "money_flows",
    "part_fates",
    "recorded_solo_rates",
    "throughput",
    "turn_history",
    "wait_table",
    "wait_value",
]


def age_profile(source: State | Mapping[str, Json]) -> dict[str, dict[str, int]]:
    """``{card: {part: count}}`` for Day 1, Day 2, Day 3 and The Clog, from a state or an observation."""
    counts = source.card_counts() if isinstance(source, State) else source["card_counts"]
    return {CARD_NAMES[card]: dict(zip(PART_KEYS, counts[card], strict=True)) for card in range(4)}


def age_frame(source: State | Mapping[str, Json]) -> pd.DataFrame:
    """``age_profile`` as a frame: rows Day 1, Day 2, Day 3, The Clog; columns the part types."""
    return pd.DataFrame(age_profile(source)).T


def expected_draws(waiting_customers: int, die_sides: int = 4) -> float:
    """Mean cubes drawn in Phase 1: the mean of the die plus the waiting customers."""
    return (die_sides + 1) / 2 + waiting_customers


def draw_chances(bag: Sequence[int]) -> dict[str, float]:
    """The chance that one blind draw is each kind of cube (``bones`` ... ``rats``)."""
    keys = (*PART_KEYS, "rats")
    return {keys[kind]: p for kind, p in draw_odds(bag)}


def _passive(state: State) -> Action:
    """Nobody takes parts or plays tools: roll, then end the turn (the Clog's worst case)."""
    return _NEXT[state.phase]


def _advance_turn(state: State, rng: random.Random, choose: Callable[[State, random.Random], Action]) -> State:
    """Play on until the turn after this one starts (or the game ends)."""
    turn = state.round
    while not state.is_terminal and state.round == turn:
        if state.current_player == CHANCE:
            state = state.apply(sample_chance(cast(GameState, state), rng))[0]
        else:
            state = state.apply(choose(state, rng))[0]
    return state


def clog_fill_chance(
    start: State | Rules | None,
    turns: int,
    *,
    players: int = 2,
    samples: int = 200,
    seed: int = 0,
    agents: Sequence[Agent] | None = None,
) -> float:
    """The chance The Clog becomes full within ``turns`` turns, from ``start`` (a state, or a new game of
    these ``Rules``), by seeded simulation. Without ``agents`` nobody takes parts (the worst case); with
    them, seat ``i`` is played by ``agents[i]``."""
    rng = random.Random(seed)
    full = 0
    for _ in range(samples):
        state = start if isinstance(start, State) else new_game(players, seed=rng.getrandbits(32), rules=start)
        last = state.round + turns - 1

        def choose(s: State, r: random.Random) -> Action:
            if agents is None:
                return _passive(s)
            seat = s.current_player
            assert seat is not None and seat >= 0
            return agents[seat].choose(s.observation(seat), s.legal_actions(), r)

        while not state.is_terminal and state.round <= last and not state.clog_full:
            state = _advance_turn(state, rng, choose)
        if state.clog_full:
            full += 1
    return full / samples if samples else 0.0


@dataclass(frozen=True, slots=True)
class WaitValue:
    """What waiting ``days`` more turns is worth for one order.

    available_now / expected_available: parts of the wanted type on cards that meet the age.
    p_fill_now is 0 or 1; p_fill_later the share of simulations where the order could be completed then.
    value_of_waiting = money x (p_fill_later - p_fill_now): negative when you could cash in now.
    """

    customer: int
    need: int
    money: int
    available_now: int
    p_fill_now: float
    expected_available: float
    p_fill_later: float
    value_of_waiting: float
    #: the share of simulations in which the game has ended, or its end is triggered (The Clog full), by then:
    #: the risk that kills the option to wait
    p_game_over: float = 0.0


def _available(state: State, customer: int) -> int:
    rules = state.rules
    wanted = rules.customers[customer]
    counts = state.card_counts()
    return sum(
        counts[card][wanted.part]
        for card in range(4)
        if meets_age(card, wanted.age, rules.age_match, rules.clog_takeable)
    )


def wait_value(state: State, customer: int, *, days: int = 1, samples: int = 300, seed: int = 0) -> WaitValue:
    """Fill ``customer``'s order now, or wait ``days`` more turns (nobody taking parts meanwhile)?

    Simulates the next ``days`` Phase 1s (the Plunger ends the turn now); a game that ends meanwhile
    counts as not filled."""
    rules = state.rules
    wanted = rules.customers[customer]
    need = wanted.count - state.filled[customer]
    now = _available(state, customer)
    p_now = 1.0 if now >= need else 0.0
    rng = random.Random(seed)
    total = 0
    filled = 0
    over = 0
    for _ in range(samples):
        s = state
        for _day in range(days):
            if s.is_terminal:
                break
            if s.phase == Phase.ORDERS:
                s = s.apply(EndTurn())[0]
            while not s.is_terminal and s.phase != Phase.ORDERS:
                s = s.apply(sample_chance(cast(GameState, s), rng) if s.current_player == CHANCE else _NEXT[s.phase])[0]
        over += s.is_terminal or s.clog_full
        if s.is_terminal:
            continue
        later = _available(s, customer)
        total += later
        filled += later >= need
    p_later = filled / samples if samples else 0.0
    return WaitValue(
        customer=customer,
        need=need,
        money=wanted.money,
        available_now=now,
        p_fill_now=p_now,
        expected_available=total / samples if samples else 0.0,
        p_fill_later=p_later,
        value_of_waiting=wanted.money * (p_later - p_now),
        p_game_over=over / samples if samples else 0.0,
    )


def turn_history(events: pd.DataFrame, players: int) -> pd.DataFrame:
    """One row per round (round 0 is the set-up): The Clog's parts and each Plunger's money after that round.

    Read from ``Match.events_frame()``: parts reach The Clog by ``reserve_resolved`` and leave it by a take
    from The Clog (``parts_taken`` on The Clog) or a Drain Auger (``tool_played.clog_cleared``); money is the
    Gore Track total of ``order_filled``. Columns: ``round``, ``clog``, then ``Plunger 1`` ... ``Plunger n``.
    """
    names = [f"Plunger {seat + 1}" for seat in range(players)]
    clog = 0
    money = [0] * players
    rows: dict[int, dict[str, Any]] = {0: {"round": 0, "clog": 0, **dict.fromkeys(names, 0)}}
    if not events.empty and "kind" in events:
        for record in events.to_dict("records"):
            clog, money = _history_step(record, clog, money)
            number = int(record["round"])
            rows[number] = {"round": number, "clog": clog, **dict(zip(names, money, strict=True))}
    return pd.DataFrame(list(rows.values()), columns=["round", "clog", *names])


def _history_step(record: Mapping[Any, Any], clog: int, money: list[int]) -> tuple[int, list[int]]:
    kind = record["kind"]
    if kind == "reserve_resolved":
        clog += len(record["to_clog"])
    elif kind == "parts_taken" and int(record["card"]) == THE_CLOG:
        clog -= int(record["count"])
    elif kind == "tool_played":
        clog -= int(record["clog_cleared"])
    elif kind == "order_filled":
        money = list(money)
        money[int(record["seat"])] = int(record["total"])
    return clog, money


def wait_table(state: State, *, days: Sequence[int] = (1, 2, 3), samples: int = 200, seed: int = 0) -> pd.DataFrame:
    """``wait_value`` for each of the current Plunger's customers and each number of days to wait.

    A customer pays a fixed sum, so waiting never raises what an order pays: ``money now`` is the pay if the
    order can be filled now (else 0), ``expected money later`` the pay times the chance of filling it after
    the wait, and their difference the **value of waiting**: never above 0 for an order that can be filled
    now (the pay cannot grow, and the parts may spill or the game end), and the option value of ageing for
    one that cannot (older parts unlock it). ``game over by then`` is the risk that kills the option."""
    rows = []
    for c in state.customers[state.seat]:
        customer = state.rules.customers[c]
        for d in days:
            value = wait_value(state, c, days=d, samples=samples, seed=seed)
            rows.append(
                {
                    "customer": customer.name,
                    "wants": f"{customer.part.count_words(customer.count)}, Day {customer.age}",
                    "pays": customer.money,
                    "wait (turns)": d,
                    "can fill now": value.p_fill_now == 1.0,
                    "chance later": round(value.p_fill_later, 2),
                    "value of waiting ($)": round(value.value_of_waiting, 2),
                    "money now": customer.money * value.p_fill_now,
                    "expected money later": round(customer.money * value.p_fill_later, 2),
                    "game over by then": round(value.p_game_over, 2),
                }
            )
    return pd.DataFrame(rows)


def money_flows(match: Any) -> pd.DataFrame:
    """Money in and out of each seat by source, per round: the standard frame ``round, seat, source, amount``.

    An Offal Game has one faucet and no sink: a filled order pays its customer's money onto the Gore Track
    (``source`` = ``order: <customer>``, a positive amount); nothing in the rules ever takes money away.
    """
    rows = [
        {"round": record.round, "seat": record.event.seat, "source": "orders filled", "amount": record.event.money}
        for record in match.events
        if type(record.event).__name__ == "OrderFilled"
    ]
    return pd.DataFrame(rows, columns=["round", "seat", "source", "amount"]).astype(
        {"round": int, "seat": int, "amount": int}
    )


@dataclass(frozen=True, slots=True)
class ChoiceProfile:
    """How many different takes a Plunger can choose between when Phase 2 starts, over many turns.

    ``none``: no take fills any order (the only move is to end the turn); ``one``: a single take (take it or
    wait); ``two_or_more``: a real choice between takes. Shares of ``turns`` (Phase 2 starts observed).
    """

    turns: int
    none: float
    one: float
    two_or_more: float


def choice_profile(
    rules: Rules | None = None, *, agent: Agent, players: int = 1, games: int = 200, seed: int = 0
) -> ChoiceProfile:
    """Play ``games`` seeded games with ``agent`` in every seat and count, at each start of Phase 2, the takes
    (distinct card and part) open to the Plunger: the measure of "a real decision each turn"."""
    counts = [0, 0, 0]
    for game in range(games):
        state = new_game(players, seed=seed + game, rules=rules)
        rng = random.Random(seed * 7919 + game)
        previous = Phase.START
        while not state.is_terminal:
            if state.phase == Phase.ORDERS and previous != Phase.ORDERS:
                takes = {(a.card, a.part) for a in state.legal_actions() if isinstance(a, Take)}
                counts[min(len(takes), 2)] += 1
            previous = state.phase
            if state.current_player == CHANCE:
                action = sample_chance(cast(GameState, state), rng)
            else:
                seat = state.current_player
                assert seat is not None
                action = agent.choose(state.observation(seat), state.legal_actions(), rng)
            state = state.apply(action)[0]
    total = sum(counts) or 1
    return ChoiceProfile(sum(counts), counts[0] / total, counts[1] / total, counts[2] / total)


def throughput(match: Any) -> pd.DataFrame:
    """Parts through the pipe per round of a played ``Match``: the inflow against what the pipe can hold.

    Columns: ``round``; ``drawn`` (parts out of the bag into Phase 1, rats excluded); ``spilled`` (pushed off
    Day 3 into the reserve); ``to_clog`` (landed on The Clog); ``bagged`` (parts put in customers' body bags);
    ``cleared`` (parts a Drain Auger sent off The Clog).
    """
    rows: dict[int, dict[str, int]] = {}
    for record in match.events:
        event = record.event
        row = rows.setdefault(
            record.round, {"round": record.round, "drawn": 0, "spilled": 0, "to_clog": 0, "bagged": 0, "cleared": 0}
        )
        kind = type(event).__name__
        if kind == "CubeDrawn" and int(event.cube) != 4:
            row["drawn"] += 1
        elif kind == "ShiftedOff":
            row["spilled"] += len(event.parts)
        elif kind == "ReserveResolved":
            row["to_clog"] += len(event.to_clog)
        elif kind == "PartsTaken":
            row["bagged"] += sum(n for _, n in event.into)
        elif kind == "ToolPlayed":
            row["cleared"] += int(event.clog_cleared)
    columns = ["round", "drawn", "spilled", "to_clog", "bagged", "cleared"]
    return pd.DataFrame(list(rows.values()), columns=columns)


def metrics(state: State) -> dict[str, float]:
    """End-of-game measures for tournament frames (``tournament(..., metrics=True)`` adds them as ``kpi_*``):
    how the game ended (1 or 0 for each end), parts left on The Clog, customers served, rats on the board, and
    the money earned by all Plungers together."""
    end = End(state.end)
    return {
        "clog_full": float(end == End.CLOG_FULL),
        "all_served": float(end == End.ALL_SERVED),
        "turn_limit": float(end == End.TURN_LIMIT),
        "clog_parts": float(len(state.clog)),
        "served": float(sum(len(s) for s in state.served)),
        "rats_on_board": float(sum(1 for cube in state.pipe if cube == 4)),
        "money_earned": float(sum(state.money)),
    }


def _round_ends(match: Any) -> dict[int, Any]:
    """The state after the last step of each round: a step counts in the round it was taken in (as events do),
    so a step that ends a round and starts the next counts in the one it ends. The first round's opening state
    stands for it until a step is taken."""
    ends: dict[int, Any] = {}
    previous = None
    for state in match:
        ends[int((previous or state).round)] = state
        previous = state
    return ends


def economy_frame(match: Any) -> pd.DataFrame:
    """The economy at the end of every round of a played ``Match``, one row per round and seat.

    Read from what each seat sees: ``round``, ``seat``, ``score`` (the seat's money on the Gore Track),
    ``served`` (customers that seat has served so far), ``waiting`` (its customers still waiting), and the
    shared ``clog`` (parts on The Clog), ``queue`` (customers left in The Queue) and ``bag`` (parts and rats
    in the Bag O' Parts). The score columns feed ``analysis.lead_changes``.
    """
    last = _round_ends(match)
    rows = []
    for number, state in sorted(last.items()):
        for seat in range(match.players):
            obs = state.observation(seat)
            rows.append(
                {
                    "round": number,
                    "seat": seat,
                    "score": float(obs["money"][seat]),
                    "served": len(obs["served"][seat]),
                    "waiting": len(obs["customers"][seat]),
                    "clog": len(obs["clog"]),
                    "queue": int(obs["queue_size"]),
                    "bag": int(sum(obs["bag"].values())),
                }
            )
    columns = ["round", "seat", "score", "served", "waiting", "clog", "queue", "bag"]
    return pd.DataFrame(rows, columns=columns)


# -- lesson measurements: the loop's links by intervention, positions, the part accounting, the calibration ------
#: The columns of ``flow_experiment``: per seeded game, the turns played and the flows per turn.
FLOW_COLUMNS = (
    "game",
    "seed",
    "turns",
    "cubes_per_turn",
    "taken_per_turn",
    "to_clog_per_turn",
    "clog_full",
    "waiting_first",
    "waiting_last",
)


def _choose_for(agents: Sequence[Agent] | None) -> Callable[[State, random.Random], Action]:
    """The move of the Plunger to act: ``agents[seat]``'s choice, or (no agents) the passive roll-and-end."""

    def choose(state: State, rng: random.Random) -> Action:
        if agents is None:
            return _passive(state)
        seat = state.current_player
        assert seat is not None and seat >= 0
        return agents[seat].choose(state.observation(seat), state.legal_actions(), rng)

    return choose


def _game_flow(events: Sequence[Any]) -> tuple[int, int, int, list[int]]:
    """(cubes drawn, parts taken into body bags, parts landed on The Clog, waiting customers at each roll)."""
    drawn = taken = to_clog = 0
    waiting: list[int] = []
    for event in events:
        kind = type(event).__name__
        if kind == "DrawsCounted":
            drawn += int(event.draws)
            waiting.append(int(event.customers))
        elif kind == "PartsTaken":
            taken += sum(n for _, n in event.into)
        elif kind == "ReserveResolved":
            to_clog += len(event.to_clog)
    return drawn, taken, to_clog, waiting


def flow_experiment(
    rules: Rules | None,
    *,
    players: int,
    games: int,
    seed: int,
    agents: Sequence[Agent] | None = None,
    turns: int | None = None,
) -> pd.DataFrame:
    """Seeded games under ``rules``, one row per game: the flows through the pipe per turn (``FLOW_COLUMNS``).

    An intervention on one link of the pipe's feedback loop changes a rule (``rules``) or holds a quantity
    fixed (no ``agents``: nobody takes parts, so the outflow is held at zero) and measures the rest running.
    Game ``i`` starts from seed ``seed + i`` under every variant, so two variants compare game by game.
    ``turns`` stops a game after that many turns (the share with a full Clog is then "within ``turns``").
    Per turn: ``cubes_per_turn`` (the d4 plus the waiting customers, rats included), ``taken_per_turn`` (parts
    put into body bags), ``to_clog_per_turn`` (parts landed on The Clog); ``clog_full`` is 1 if The Clog filled;
    ``waiting_first`` / ``waiting_last`` the customers waiting at the first and the last roll.
    """
    choose = _choose_for(agents)
    rows = []
    for game in range(games):
        game_seed = seed + game
        state = new_game(players, seed=game_seed, rules=rules)
        rng = random.Random(game_seed)
        events: list[Any] = []
        while not state.is_terminal and not (turns is not None and state.round > turns) and not state.clog_full:
            if state.current_player == CHANCE:
                action = sample_chance(cast(GameState, state), rng)
            else:
                action = choose(state, rng)
            state, new = state.apply(action)
            events.extend(new)
        if state.clog_full and not state.is_terminal and agents is None:
            state = _advance_turn(state, rng, choose)  # the end stands: the turn is finished first
        drawn, taken, to_clog, waiting = _game_flow(events)
        played = max(1, len(waiting))
        rows.append(
            {
                "game": game,
                "seed": game_seed,
                "turns": len(waiting),
                "cubes_per_turn": drawn / played,
                "taken_per_turn": taken / played,
                "to_clog_per_turn": to_clog / played,
                "clog_full": float(state.clog_full),
                "waiting_first": waiting[0] if waiting else 0,
                "waiting_last": waiting[-1] if waiting else 0,
            }
        )
    return pd.DataFrame(rows, columns=list(FLOW_COLUMNS))


def find_position(
    condition: Callable[[State], bool],
    *,
    seeds: Sequence[int] | range = range(200),
    players: int = 1,
    rules: Rules | None = None,
    max_turns: int = 30,
) -> tuple[int, State]:
    """The first seed (and its state at the start of a Phase 2) at which ``condition`` holds in a passive game.

    Nobody takes parts (the conveyor alone), so the pipe fills as fast as the dice allow: a lesson searches
    for a position that shows what it teaches (the pipe about to spill, an order that waiting unlocks)
    instead of hoping a seed shows it. Raises ``ValueError`` when no seed gives one.
    """
    passive = _choose_for(None)
    for seed in seeds:
        state = new_game(players, seed=seed, rules=rules)
        rng = random.Random(seed)
        while not state.is_terminal and state.round <= max_turns:
            if state.phase == Phase.ORDERS and condition(state):
                return seed, state
            action = (
                sample_chance(cast(GameState, state), rng) if state.current_player == CHANCE else passive(state, rng)
            )
            state = state.apply(action)[0]
    raise ValueError("no seed gives a position meeting the condition: widen the seeds or relax the condition")


def fillable_now(state: State, customer: int) -> bool:
    """Whether the pipe holds enough parts old enough to complete ``customer``'s order (takes, no tools)."""
    wanted = state.rules.customers[customer]
    return _available(state, customer) >= wanted.count - state.filled[customer]


def clog_parts(state: State) -> int:
    """Parts on The Clog."""
    return len(state.clog)


#: The keys of ``part_fates``: what became of the parts that entered the pipe in one game.
FATES = ("entered", "bagged_from_days", "bagged_from_clog", "spilled", "spilled_to_clog", "spilled_to_bag")


def part_fates(match: Any) -> dict[str, int]:
    """Where the parts of a played ``Match`` went, counted so that no part is counted twice by mistake.

    ``entered``: parts drawn into Phase 1 (rats excluded). Of them, some are put into body bags from a Day card
    (``bagged_from_days``) and some ``spilled`` off Day 3 into the reserve; a spilled part either lands on The
    Clog (``spilled_to_clog``) or goes back in the bag (``spilled_to_bag``). A part on The Clog can still be
    bagged (``bagged_from_clog``), so it counts both as spilled and as bagged: the shares overlap, and
    ``spilled == spilled_to_clog + spilled_to_bag`` is the only partition among them.
    """
    fates = dict.fromkeys(FATES, 0)
    for record in match.events:
        event = record.event
        kind = type(event).__name__
        if kind == "CubeDrawn" and int(event.cube) != 4:
            fates["entered"] += 1
        elif kind == "ShiftedOff":
            fates["spilled"] += len(event.parts)
        elif kind == "ReserveResolved":
            fates["spilled_to_clog"] += len(event.to_clog)
            fates["spilled_to_bag"] += len(event.to_bag)
        elif kind == "PartsTaken":
            where = "bagged_from_clog" if int(event.card) == THE_CLOG else "bagged_from_days"
            fates[where] += sum(n for _, n in event.into)
    return fates


@dataclass(frozen=True, slots=True)
class RecordedRates:
    """The solo win rates the data file's calibration note records, and over how many seeded games."""

    games: int
    rates: Mapping[str, float]


#: The calibration note's words for each strategy -> the strategy's name in tournaments.
_NOTE_NAMES = {
    "clog clearer": "clog clearer",
    "quickest-order bot": "quickest",
    "random play": "random",
    "richest-order bot": "richest",
}


def recorded_solo_rates(rules: Rules) -> RecordedRates:
    """The solo win rates the ``[solo]`` note of the data file records ("over 200 seeded solo games the clog
    clearer wins 82%, ..."), so a lesson sets its own measurement beside them with both sample sizes.

    Raises ``ValueError`` if the note does not record them in that form (a changed data file must say how it
    was calibrated)."""
    note = dict(rules.notes).get("solo", "")
    found = re.search(r"over (\d+) seeded solo games (.*?)\(", note)
    if found is None:
        raise ValueError("the [solo] note records no solo win rates ('over N seeded solo games ...')")
    rates: dict[str, float] = {}
    for words, share in re.findall(
        r"(clog clearer|quickest-order bot|random play|richest-order bot)\D*?(\d+)%", found[2]
    ):
        rates[_NOTE_NAMES[words]] = int(share) / 100
    if len(rates) != len(_NOTE_NAMES):
        raise ValueError(
            f"the [solo] note records rates for {sorted(rates)}, not all of {sorted(_NOTE_NAMES.values())}"
        )
    return RecordedRates(int(found[1]), rates)


# -- words for charts and the rule sweep -------------------------------------------------------------------------
#: Every number of ``Rules.to_dict()`` in words (nested ones as ``table.key``), for a sweep's rule list and chart
#: axes (never a field's code name).
RULE_LABELS: dict[str, str] = {
    "sewer.clog_spaces": "spaces on The Clog",
    "play.customers_each": "customers waiting for each Plunger",
    "play.tools_each": "tool cards dealt to each Plunger",
    "play.die_sides": "sides of the die",
    "bag.bones": "Bones in the Bag O' Parts",
    "bag.organs": "Organs in the Bag O' Parts",
    "bag.brains": "Brains in the Bag O' Parts",
    "bag.hearts": "Hearts in the Bag O' Parts",
    "bag.rats": "rats in the Bag O' Parts",
    "solo.target": "dollars to win the solo game",
    "solo.customers": "customers waiting in the solo game",
    "deck.cards": "cards in the deck",
    "gore_track.length": "spaces on the Gore Track",
    "rulings.max_turns": "turns before the safety stop",
}
#: The numbers a one-rule sweep does not offer, and why: varying them changes no game a sweep plays.
UNSWEPT_RULES: dict[str, str] = {
    "deck.cards": "a count the rules check against the cards themselves: any other number is refused",
    "gore_track.length": "longer than all the money the customers pay, so no marker reaches its end",
    "rulings.max_turns": "a safety stop for a game that never ends, which no game of the bots reaches",
}
#: The tournament's ``score`` and ``rounds`` and every key of ``metrics`` in words (its ``kpi_*`` columns).
#: The ``round`` counter counts turns (each Plunger's turn is one), so ``rounds`` is turns played.
MEASURE_LABELS: dict[str, str] = {
    "score": "final money per Plunger (dollars)",
    "rounds": "turns played",
    "clog_full": "share of games ended by a full Clog",
    "all_served": "share of games ended with all served",
    "turn_limit": "share of games cut by the safety stop",
    "clog_parts": "parts on The Clog at the end",
    "served": "customers served",
    "rats_on_board": "rats in the Sewer Pipe at the end",
    "money_earned": "dollars earned by all Plungers",
}
