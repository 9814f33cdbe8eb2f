"""What the resource-track lesson (``notebooks/planet_unknown.ipynb``) measures, as frames and findings.

A lesson's sentence must stay true whatever seed, sample size or strategy name a student sets, so the measuring
lives here, typed and tested, and the notebook only composes words from the data and the verdicts
(:mod:`playbook.findings`). Each function answers one question the lesson asks:

- ``step_prices``, ``price_table``, ``cadence``: what a step is worth at each position of each track (the
  exchange rate of steps into medal points), and whether a track pays a benefit or a medal first;
- ``resource_flows``, ``flow_by_round``: a seat's economy as a converter: terrain squares in, tracker steps by
  cause, points out (for a Sankey and for lines);
- ``civ_account``, ``civ_by_deck``: where the civ cards of a game went (taken, removed by an event, never
  claimed), and how many a milestone offered to choose from;
- ``head_to_head``, ``head_to_head_table``, ``all_pairs``, ``source_means``, ``lines_and_tracks``,
  ``strategy_correlations``, ``wins_by_game``: tournaments read per game, never per seat;
- ``without_synergy``, ``synergy_intervention``, ``points_per_synergy_step``: the milestones' synergy boosts
  switched off, to measure the reinforcing link "steps reach milestones, milestones pay steps" by intervening
  on it, and to price a synergy step in points;
- ``tie_break``, ``point_drops``, ``lines_against_rivals``, ``correlation_within_game_length``, ``one_decimal``:
  what a sentence needs to stay true under any edit (a tie decided by the tie-break, points that fall during a
  game, who collects a rescored prize, a relation that game length alone could make).

The track data are Universal Coalition's printed board (``data/standard.toml``), not reconstructed; the event
deck's pairs are reconstructed (``data/cards.toml``), and the lesson says so where a claim rests on them.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from playbook import findings
from playbook.agents import AgentLike
from playbook.core.match import Match
from playbook.core.tournament import game_seeds

from .actions import GAIN_WORDS, Gain
from .board import track_tables
from .components import TERRAIN_NAMES, Rules, Space
from .events import CivCardTaken, EventRevealed, GainLost, TilePlaced, TokenMoved, TrackerMoved
from .geometry import planet_masks
from .kpis import economy_frame
from .scoring import all_breakdowns, tie_key
from .state import State

__all__ = [
    "STEP_CAUSES",
    "TRACKS",
    "CivAccount",
    "all_pairs",
    "benefit_words",
    "cadence",
    "civ_account",
    "civ_by_deck",
    "correlation_within_game_length",
    "flow_by_round",
    "head_to_head",
    "head_to_head_table",
    "lines_against_rivals",
    "lines_and_tracks",
    "one_decimal",
    "point_drops",
    "points_per_synergy_step",
    "price_table",
    "resource_flows",
    "source_means",
    "step_cause",
    "step_prices",
    "strategy_correlations",
    "synergy_intervention",
    "tie_break",
    "wins_by_game",
    "without_synergy",
]

TRACKS: tuple[str, ...] = TERRAIN_NAMES[:5]
#: What moved a tracker, by the reason its ``TrackerMoved`` event gives (``actions.GAIN_WORDS`` for the gains).
STEP_CAUSES: dict[str, str] = {
    "tile symbol": "tile symbols",
    "water on ice": "tile symbols",
    "water on ice, doubled": "tile symbols",
    "tile taken, not placed": "tile symbols",
    GAIN_WORDS[Gain.ENERGY]: "energy",
    GAIN_WORDS[Gain.SYNERGY]: "synergy boosts",
    GAIN_WORDS[Gain.DIFFERENT]: "civ card effects",
    GAIN_WORDS[Gain.TWICE]: "civ card effects",
    GAIN_WORDS[Gain.ANY_TRACK]: "civ card effects",
    "Unionization": "civ card effects",
    GAIN_WORDS[Gain.ONE_OF]: "event cards",
    GAIN_WORDS[Gain.THREE_NO_BENEFIT]: "event cards",
    GAIN_WORDS[Gain.SYNERGY_OR_PEEK]: "event cards",
    "event: regress": "event cards",
}


# --- the tracks priced ------------------------------------------------------------------------------------------


def benefit_words(space: Space, civ_rank: int = 0) -> str:
    """What a track space pays at once, in words ("civ card (rank 2)", "synergy", "rover, 2 moves"); "" for none."""
    parts = []
    if space.civ:
        parts.append(f"civ card (rank {civ_rank})" if civ_rank else "civ card")
    if space.synergy:
        parts.append("synergy")
    if space.biomass:
        parts.append("biomass patch")
    if space.tech:
        parts.append("tech")
    if space.rover:
        parts.append("new rover")
    if space.movement:
        parts.append(f"{space.movement} rover move" + ("s" if space.movement > 1 else ""))
    return ", ".join(parts)


def _pays_benefit(space: Space) -> bool:
    """A milestone in the rulebook's sense: a space that pays something now (rover moves alone are the rover
    track's running income, not a milestone)."""
    return bool(space.civ or space.synergy or space.biomass or space.tech or space.rover)


def step_prices(rules: Rules | None = None) -> pd.DataFrame:
    """One row per track and position 1..top: what the step onto it pays now and in medal points.

    Columns: ``track``, ``position``, ``benefit`` (words), ``medal`` (the medal a tracker there scores at the
    end), ``points this step`` (the medal gained by this one step: 0 on most steps), ``next medal at`` and
    ``steps to next medal`` from here (NaN past the last medal), and ``points per step ahead``: the next
    medal's gain divided by the steps it costs, the forward exchange rate a player faces at this position.
    """
    rules = rules or Rules.standard()
    corporation = rules.c.corporation
    tables = track_tables(corporation)
    rows: list[dict[str, Any]] = []
    for t, track in enumerate(TRACKS):
        medals = tables.best_medal[t]
        spaces = corporation.tracks[t]
        for position in range(1, len(spaces)):
            ahead = [p for p in range(position + 1, len(spaces)) if medals[p] > medals[position]]
            next_at = ahead[0] if ahead else None
            gain = medals[next_at] - medals[position] if next_at is not None else 0
            rank = tables.civ_rank[position] if t == 0 else 0
            rows.append(
                {
                    "track": track,
                    "position": position,
                    "benefit": benefit_words(spaces[position], rank),
                    "medal": medals[position],
                    "points this step": medals[position] - medals[position - 1],
                    "next medal at": float("nan") if next_at is None else float(next_at),
                    "steps to next medal": float("nan") if next_at is None else float(next_at - position),
                    "points per step ahead": float("nan") if next_at is None else gain / (next_at - position),
                }
            )
    return pd.DataFrame(rows)


def price_table(rules: Rules | None = None, column: str = "points this step") -> pd.DataFrame:
    """``step_prices``' ``column`` as a table: one row per position, one column per track."""
    prices = step_prices(rules)
    if column not in prices.columns:
        raise findings.FindingError(f"no column {column!r}; the columns are {list(prices.columns)}")
    return prices.pivot(index="position", columns="track", values=column)[list(TRACKS)]


def cadence(rules: Rules | None = None) -> pd.DataFrame:
    """Per track: where its first benefit and its first medal are, which comes first, how many positions pay a
    benefit, its top medal, and the average exchange rate from the start to the top (top medal / steps)."""
    rules = rules or Rules.standard()
    corporation = rules.c.corporation
    tables = track_tables(corporation)
    rows = []
    for t, track in enumerate(TRACKS):
        spaces = corporation.tracks[t]
        benefits = [p for p, space in enumerate(spaces) if _pays_benefit(space)]
        medals = [p for p, space in enumerate(spaces) if space.medal]
        first_benefit, first_medal = benefits[0], medals[0]
        first = "benefit" if first_benefit < first_medal else "medal" if first_medal < first_benefit else "both"
        top = len(spaces) - 1
        rows.append(
            {
                "track": track,
                "first benefit at": first_benefit,
                "first medal at": first_medal,
                "comes first": first,
                "benefits": len(benefits),
                "medals": len(medals),
                "top medal": tables.best_medal[t][top],
                "points per step to the top": tables.best_medal[t][top] / top,
            }
        )
    return pd.DataFrame(rows).set_index("track")


# --- one seat's economy as a flow -------------------------------------------------------------------------------


def step_cause(reason: str) -> str:
    """The cause of a tracker move, from its event's reason (``STEP_CAUSES``; "other" for any other)."""
    return STEP_CAUSES.get(reason, "other")


def _tracker_steps(match: Match, seat: int) -> pd.DataFrame:
    """Every tracker move of ``seat``: round, track, cause and signed steps (end − start)."""
    rows = [
        {"round": e.round, "track": TRACKS[e.track], "cause": step_cause(e.reason), "steps": e.end - e.start}
        for e in (r.event for r in match.events)
        if isinstance(e, TrackerMoved) and e.seat == seat
    ]
    return pd.DataFrame(rows, columns=["round", "track", "cause", "steps"])


def _squares_by_terrain(match: Match, seat: int) -> dict[str, int]:
    """Squares of each terrain ``seat`` covered with tiles (biomass patches counted as biomass squares)."""
    counts = dict.fromkeys(TERRAIN_NAMES, 0)
    for event in (r.event for r in match.events):
        if isinstance(event, TilePlaced) and event.seat == seat:
            for terrain in event.terrains:
                counts[TERRAIN_NAMES[terrain]] += 1
        elif isinstance(event, TokenMoved) and event.seat == seat and event.token == "patch" and event.verb == "placed":
            counts["biomass"] += 1
    return counts


def _final_breakdown(match: Match, seat: int) -> Mapping[str, int]:
    state = match.state
    if not isinstance(state, State):
        raise findings.FindingError("resource_flows needs a Planet Unknown match")
    rules = state.rules
    planets = [rules.planet(s) for s in range(state.num_players)]
    corporations = [rules.corporation(s) for s in range(state.num_players)]
    return all_breakdowns(state.boards, state.neighbour_objectives, rules.c, planets, corporations)[seat]


def resource_flows(match: Match, seat: int) -> tuple[pd.DataFrame, dict[str, str]]:
    """``seat``'s economy as links (``source``, ``target``, ``amount``, ``unit``) and a label per node.

    Left: the terrain squares it covered (the label gives the count) and the other causes of steps (synergy
    boosts, civ card effects, event cards); the link from a terrain to a track is the steps its symbols gave
    (energy: the steps its converter gave each track), and "water off ice" the water symbols that gave nothing.
    Middle: the five tracks. Right: the points each track bought (its medal; the civ track also its civ cards,
    the rover track the lifepods and meteorites its rovers collected), and the rows and columns the squares
    completed. Widths are steps into a track and points out of it: the narrowing is the exchange rate.
    """
    steps = _tracker_steps(match, seat)
    squares = _squares_by_terrain(match, seat)
    points = _final_breakdown(match, seat)
    links: list[dict[str, Any]] = []
    labels: dict[str, str] = {}
    gained = steps[steps["steps"] > 0]
    for (cause, track), part in gained.groupby(["cause", "track"], sort=False):
        source = f"{track} terrain" if cause == "tile symbols" else "energy terrain" if cause == "energy" else cause
        links.append(
            {"source": source, "target": f"{track} track", "amount": int(part["steps"].sum()), "unit": "steps"}
        )
    lost = sum(
        1 for r in match.events if isinstance(r.event, GainLost) and r.event.seat == seat and "water" in r.event.gain
    )
    if lost:
        links.append({"source": "water terrain", "target": "water off ice (no step)", "amount": lost, "unit": "steps"})
    regressed = -int(steps.loc[steps["steps"] < 0, "steps"].sum())
    if regressed:
        links.append({"source": "event cards", "target": "steps lost (events)", "amount": regressed, "unit": "steps"})
    outs = [(f"{t} track", f"{t} medals", points.get(t, 0)) for t in TRACKS]
    outs += [
        ("civ track", "civ card points", points.get("civ_cards", 0)),
        ("rover track", "lifepods and meteorites", points.get("lifepods", 0) + points.get("meteorites", 0)),
        ("squares covered", "rows and columns", points.get("rows", 0) + points.get("columns", 0)),
        ("objective cards", "objectives", points.get("private", 0) + points.get("neighbour", 0)),
    ]
    links += [{"source": s, "target": t, "amount": int(v), "unit": "points"} for s, t, v in outs if v > 0]
    frame = pd.DataFrame(links, columns=["source", "target", "amount", "unit"])
    totals = _node_totals(frame)
    for node in pd.unique(pd.concat([frame["source"], frame["target"]])):
        name = str(node)
        terrain = name.removesuffix(" terrain")
        if name.endswith(" terrain"):
            labels[name] = f"{name}: {squares[terrain]} squares"
        elif name == "squares covered":
            labels[name] = f"all squares covered: {sum(squares.values())}"
        else:
            labels[name] = f"{name}: {totals[name]}"
    return frame, labels


def _node_totals(links: pd.DataFrame) -> dict[str, str]:
    """Each node's amount in words: a track's steps in, a source's amount out, a points node's points."""
    totals: dict[str, str] = {}
    for node in pd.unique(pd.concat([links["source"], links["target"]])):
        into = links[links["target"] == node]
        out = links[links["source"] == node]
        part = into if len(into) else out
        unit = str(part["unit"].iloc[0])
        totals[str(node)] = f"{int(part['amount'].sum())} {unit}"
    return totals


def _objective_points_by_round(match: Match) -> dict[tuple[int, int], int]:
    """(round, seat) -> the objective cards' points (neighbour and private) at the round's end, as they stand.

    The engine counts a game's points so far with the objectives as they stand at that moment: a neighbour card
    is won or tied by whoever leads it now, and changes hands as the planets grow, so points can fall."""
    ends: dict[int, State] = {}
    for state in match:
        if isinstance(state, State):
            ends[int(state.round)] = state
    points: dict[tuple[int, int], int] = {}
    for round_, state in ends.items():
        rules = state.rules
        planets = [rules.planet(s) for s in range(state.num_players)]
        corporations = [rules.corporation(s) for s in range(state.num_players)]
        parts = all_breakdowns(state.boards, state.neighbour_objectives, rules.c, planets, corporations)
        for seat, part in enumerate(parts):
            points[(round_, seat)] = int(part.get("neighbour", 0) + part.get("private", 0))
    return points


def flow_by_round(match: Match) -> pd.DataFrame:
    """Per round and seat, running totals: ``squares covered`` (tiles and patches), ``tracker steps`` (the five
    trackers' positions added up) and ``points`` (the seat's points so far, as the engine counts them), and
    ``objective points``: the part of ``points`` the objective cards give as they stand at the round's end."""
    frame = economy_frame(match)
    objectives = _objective_points_by_round(match)
    covered: dict[tuple[int, int], int] = {}
    for record in match.events:
        event = record.event
        if isinstance(event, TilePlaced):
            key = (event.round, event.seat)
            covered[key] = covered.get(key, 0) + len(event.squares)
        elif isinstance(event, TokenMoved) and event.token == "patch" and event.verb == "placed":
            key = (event.round, event.seat)
            covered[key] = covered.get(key, 0) + 1
    added = [covered.get((int(r), int(s)), 0) for r, s in zip(frame["round"], frame["seat"], strict=True)]
    out = frame.assign(added=added).sort_values(["seat", "round"])
    out["squares covered"] = out.groupby("seat")["added"].cumsum()
    out["tracker steps"] = out[list(TRACKS)].sum(axis=1)
    out = out.rename(columns={"score": "points"})
    out["objective points"] = [
        objectives.get((int(r), int(s)), 0) for r, s in zip(out["round"], out["seat"], strict=True)
    ]
    columns = ["round", "seat", "squares covered", "tracker steps", "points", "objective points"]
    return out[columns].reset_index(drop=True)


@dataclass(frozen=True)
class PointDrops:
    """The rounds in which a seat's running points fell, and how many of those drops the objective cards, as
    they stand, explain (their points fell by at least as much in that round)."""

    rounds: tuple[int, ...]
    by_objectives: int
    largest: float


def point_drops(running: pd.DataFrame, seat: int) -> PointDrops:
    """``seat``'s rounds of falling points in ``flow_by_round``'s frame, checked against its objective points."""
    part = running[running["seat"] == seat].sort_values("round")
    change = part["points"].diff().fillna(0.0)
    objective_change = part["objective points"].diff().fillna(0.0)
    fell = change < 0
    explained = int(((objective_change <= change) & fell).sum())
    largest = float(-change.min()) if fell.any() else 0.0
    return PointDrops(tuple(int(r) for r in part.loc[fell, "round"]), explained, largest)


def tie_break(match: Match, names: Sequence[str]) -> str:
    """How a finished game's winner was decided when the top scores tie, in words ("" when they do not).

    The rules break a tie by fewer uncovered squares, then fewer meteorites on the planet; seats still equal
    share the victory. A sentence that says who won must say so when the points alone did not decide it."""
    state = match.state
    if not isinstance(state, State):
        raise findings.FindingError("tie_break needs a Planet Unknown match")
    scores = state.scores()
    best = max(scores)
    tied = [seat for seat, score in enumerate(scores) if score == best]
    if len(tied) < 2:
        return ""
    keys = {seat: tie_key(state.boards[seat], planet_masks(state.rules.planet(seat))) for seat in tied}
    winners = [seat for seat in tied if seat in state.winners()]
    who = " and ".join(names[seat] for seat in tied)
    uncovered = ", ".join(f"{names[seat]} {-keys[seat][0]}" for seat in tied)
    meteorites = ", ".join(f"{names[seat]} {-keys[seat][1]}" for seat in tied)
    if len(winners) == len(tied):
        return (f"{who} tied at {best:.0f} points and on both tie-breaks (uncovered squares: {uncovered}; "
                f"meteorites on the planet: {meteorites}), so they share the victory.")  # fmt: skip
    decided = "fewer uncovered squares" if len({keys[s][0] for s in tied}) > 1 else "fewer meteorites on the planet"
    return (f"{who} tied at {best:.0f} points; the tie-break ({decided}) decided it (uncovered squares: "
            f"{uncovered}; meteorites on the planet: {meteorites}).")  # fmt: skip


# --- civ cards ----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CivAccount:
    """Where one game's civ cards went, counted from its events and its first and last states.

    ``dealt`` cards were in the piles at set-up; ``taken`` by players at milestones, ``removed`` by the event
    that discards one card of each rank, ``left`` in the piles at the end: ``dealt == taken + removed + left``.
    ``missed``: milestones reached when the pile was empty. ``choices``: for every card taken, how many
    cards its pile offered (the first to reach a rank chooses from the most).
    """

    dealt: int
    taken: int
    removed: int
    left: int
    missed: int
    choices: tuple[int, ...]


def civ_account(match: Match) -> CivAccount:
    """The civ card accounting of one finished (or running) game; ``removed`` is counted from the events alone."""
    first = next(iter(match))
    if not isinstance(first, State):
        raise findings.FindingError("civ_account needs a Planet Unknown match")
    rules = first.rules
    piles = [len(pile) for pile in first.civ_piles]
    dealt, removed, taken = sum(piles), 0, 0
    choices: list[int] = []
    for event in (r.event for r in match.events):
        if isinstance(event, EventRevealed) and event.effect == "remove_civ_cards":
            removed += sum(1 for size in piles if size)
            piles = [max(0, size - 1) for size in piles]
        elif isinstance(event, CivCardTaken):
            rank = rules.c.civ_card(event.card).rank
            choices.append(piles[rank - 1])
            piles[rank - 1] -= 1
            taken += 1
    last = match.state
    left = sum(len(pile) for pile in last.civ_piles) if isinstance(last, State) else 0
    missed = sum(
        1 for r in match.events if isinstance(r.event, GainLost) and r.event.gain.startswith("civ card of rank")
    )
    return CivAccount(dealt, taken, removed, left, missed, tuple(choices))


def civ_by_deck(
    deck_sizes: Sequence[int], agents: Sequence[AgentLike], *, games: int, seed: int, rules: Rules | None = None
) -> pd.DataFrame:
    """The same seeded two-player games with the event module on and each event deck size: one row per game
    and size with ``deck``, ``game``, ``rounds`` and the ``CivAccount`` counts. Seatings alternate by game."""
    base = (rules or Rules.standard()).to_dict() | {"events": True}
    rows = []
    for deck in deck_sizes:
        variant = Rules.from_dict(base | {"event_deck_size": int(deck)})
        for game, game_seed in enumerate(game_seeds(seed, games)):
            order = (0, 1) if game % 2 == 0 else (1, 0)
            seated = {seat: agents[i] for seat, i in enumerate(order)}
            match = Match("planet_unknown", players=2, seed=game_seed, rules=variant, agents=seated)
            match.advance()
            account = civ_account(match)
            counts = {k: v for k, v in dataclasses.asdict(account).items() if k != "choices"}
            rows.append({"deck": int(deck), "game": game, "rounds": int(match.state.round), **counts})
    return pd.DataFrame(rows)


# --- tournaments, per game -------------------------------------------------------------------------------------


def _finished(results: pd.DataFrame) -> pd.DataFrame:
    return results if "error" not in results.columns else results[results["error"].isna()]


def head_to_head(results: pd.DataFrame) -> pd.DataFrame:
    """Every ordered pair of agents that met: ``agent``, ``opponent``, ``games`` they played together, ``wins``
    of ``agent`` in them (a shared win counts, as the tournament counts it), the ``share`` and its Wilson
    interval over those games (``low``, ``high``)."""
    clean = _finished(results)
    won = clean.groupby(["game", "agent"])["won"].max().unstack()
    rows = []
    for agent, opponent in itertools.permutations(sorted(str(a) for a in won.columns), 2):
        met = won[[agent, opponent]].dropna()
        if met.empty:
            continue
        wins = int(met[agent].astype(bool).sum())
        share = findings.proportion(wins, len(met), measure=f"share of games {agent} won against {opponent}")
        rows.append({"agent": agent, "opponent": opponent, "games": len(met), "wins": wins,
                     "share": share.value, "low": share.low, "high": share.high})  # fmt: skip
    return pd.DataFrame(rows, columns=["agent", "opponent", "games", "wins", "share", "low", "high"])


def head_to_head_table(results: pd.DataFrame) -> pd.DataFrame:
    """``head_to_head`` as a table for a lesson: row = agent, column = opponent, each cell "5 of 8 (29–90%)"
    (wins of games played together, and the 95% Wilson interval of the share)."""
    pairs = head_to_head(results)
    cells = [
        f"{w} of {g} ({lo * 100:.0f}\u2013{hi * 100:.0f}%)"
        for w, g, lo, hi in zip(pairs["wins"], pairs["games"], pairs["low"], pairs["high"], strict=True)
    ]
    table = pairs.assign(cell=cells).pivot(index="agent", columns="opponent", values="cell")
    table.index.name, table.columns.name = "wins of", "against"
    return table.fillna("\u2014")


def all_pairs(results: pd.DataFrame, column: str = "score", *, measure: str) -> list[findings.Comparison]:
    """Every pair of agents compared on ``column`` per game (paired over the games they met), Holm-adjusted."""
    names = sorted(str(a) for a in _finished(results)["agent"].unique())
    compared = [
        findings.compare_agents(results, a, b, column, measure=measure) for a, b in itertools.combinations(names, 2)
    ]
    return findings.holm(compared)


def source_means(results: pd.DataFrame, sources: Sequence[str]) -> pd.DataFrame:
    """Per agent, the mean points of each source per game it played (seats of one game averaged first), with a
    ``name`` column for ``charts.planet_unknown.points_breakdown``; unrounded, so the stack adds to the mean."""
    clean = _finished(results)
    per_game = clean.groupby(["agent", "game"])[list(sources)].mean()
    means = per_game.groupby("agent").mean().reset_index().rename(columns={"agent": "name"})
    return means


def lines_and_tracks(results: pd.DataFrame) -> pd.DataFrame:
    """One row per seat: ``game``, ``agent``, ``lines`` (rows + columns points) and ``tracks`` (medal points),
    and ``rounds`` (the game's length) when the results have it."""
    clean = _finished(results)
    columns = {
        "game": clean["game"],
        "agent": clean["agent"],
        "lines": clean["rows"] + clean["columns"],
        "tracks": clean[list(TRACKS)].sum(axis=1),
    }
    if "rounds" in clean.columns:
        columns["rounds"] = clean["rounds"]
    return pd.DataFrame(columns).reset_index(drop=True)


def correlation_within_game_length(
    per_seat: pd.DataFrame, *, smallest_effect: float | None = None
) -> findings.Estimate:
    """Line points against medal points per game once game length is allowed for (a partial correlation).

    A longer game places more tiles, which pays more steps *and* completes more lines, so the pooled relation
    may be only game length. Per game (seats averaged) each measure is fitted on the rounds played by least
    squares, and the correlation is that of what is left over: the relation among games of the same length."""
    if "rounds" not in per_seat.columns:
        raise findings.FindingError("correlation_within_game_length needs a rounds column (lines_and_tracks gives it)")
    per_game = per_seat.groupby("game", sort=True)[["lines", "tracks", "rounds"]].mean()
    rounds = per_game["rounds"].to_numpy(dtype=float)
    left_over = {}
    for column in ("lines", "tracks"):
        values = per_game[column].to_numpy(dtype=float)
        if np.ptp(rounds) == 0:
            left_over[column] = values - values.mean()
        else:
            slope, intercept = np.polyfit(rounds, values, 1)
            left_over[column] = values - (slope * rounds + intercept)
    found = findings.correlation(
        left_over["lines"],
        left_over["tracks"],
        measure="line points against medal points among games of the same length",
        smallest_effect=smallest_effect,
    )
    return dataclasses.replace(found, unit="games")  # one value per game, the seats averaged


def lines_against_rivals(results: pd.DataFrame, agent: str) -> findings.Comparison:
    """``agent``'s line points (rows + columns) against its opponents' in the same games, paired by game: who
    collects more of the prize that rescoring the lines scales. ``agent`` must have played at least 2 games."""
    clean = _finished(results).assign(lines=lambda f: f["rows"] + f["columns"])
    if agent not in set(clean["agent"]):
        known = ", ".join(sorted(str(a) for a in clean["agent"].unique()))
        raise findings.FindingError(f"no agent named {agent!r} in the results; the agents are {known}")
    played = clean.loc[clean["agent"] == agent, "game"].unique()
    mine = clean[(clean["agent"] == agent)].groupby("game")["lines"].mean().loc[played]
    others = clean[(clean["agent"] != agent) & clean["game"].isin(played)].groupby("game")["lines"].mean()
    both = pd.concat([mine.rename("mine"), others.rename("others")], axis=1).dropna().sort_index()
    return findings.compare_paired(both["mine"], both["others"], a=agent, b="its opponents in the same games",
                                   measure="line points a game")  # fmt: skip


def one_decimal(value: float) -> str:
    """One decimal place, except that a number that is not 0 but would print as 0.0 keeps two significant
    digits: an interval bound of −0.016 printed as "0.0" would hide that the interval excludes 0."""
    text = f"{value:.1f}"
    if value != 0 and float(text) == 0 and math.isfinite(value):
        return f"{value:.2g}"
    return text


def strategy_correlations(
    per_seat: pd.DataFrame, *, smallest_effect: float | None = None
) -> dict[str, findings.Estimate]:
    """Within each agent, the correlation of its line points and its medal points over the games it played
    (one value per game: an agent's seats in a game averaged), so strategies are not pooled. ``smallest_effect``:
    the correlation a "no relation detected" says how many games would detect."""
    found = {}
    for agent, part in per_seat.groupby("agent", sort=True):
        found[str(agent)] = findings.correlation(
            part["lines"],
            part["tracks"],
            measure=f"lines against medals for {agent}",
            cluster=part["game"],
            smallest_effect=smallest_effect,
        )
    return found


def wins_by_game(results: pd.DataFrame, agent: str) -> list[float]:
    """1.0 for each game (in game order) ``agent`` won, else 0.0: a per-game series for paired comparisons."""
    clean = _finished(results)
    mine = clean[clean["agent"] == agent]
    if mine.empty:
        known = ", ".join(sorted(str(a) for a in clean["agent"].unique()))
        raise findings.FindingError(f"no agent named {agent!r} in the results; the agents are {known}")
    return [float(v) for v in mine.groupby("game")["won"].max().sort_index()]


# --- intervening on the synergy link ------------------------------------------------------------------------------


def without_synergy(rules: Rules | None = None) -> Rules:
    """The rules with every synergy space of the corporation board emptied (everything else as printed)."""
    rules = rules or Rules.standard()
    corporation = rules.c.corporation
    tracks = tuple(tuple(space._replace(synergy=False) for space in track) for track in corporation.tracks)
    return Rules(data=dataclasses.replace(rules.c, corporation=corporation._replace(tracks=tracks)))


def synergy_intervention(agents: Sequence[AgentLike], *, games: int, seed: int) -> pd.DataFrame:
    """The same seeded two-player games with the printed board and with no synergy spaces: one row per game and
    board (``board``: "printed" or "no synergy") with per seat means of ``steps`` (the five trackers at the
    end, added up), ``synergy steps`` (steps synergy boosts gave), ``other steps`` and ``score``."""
    boards = {"printed": Rules.standard(), "no synergy": without_synergy()}
    rows = []
    for name, rules in boards.items():
        for game, game_seed in enumerate(game_seeds(seed, games)):
            order = (0, 1) if game % 2 == 0 else (1, 0)
            match = Match("planet_unknown", players=2, seed=game_seed, rules=rules,
                          agents={seat: agents[i] for seat, i in enumerate(order)})  # fmt: skip
            match.advance()
            state = match.state
            if not isinstance(state, State):
                raise findings.FindingError("synergy_intervention plays Planet Unknown only")
            steps = pd.concat([_tracker_steps(match, seat) for seat in range(2)])
            synergy = float(steps.loc[steps["cause"] == "synergy boosts", "steps"].sum()) / 2
            total = sum(sum(board.trackers) for board in state.boards) / 2
            rows.append({"board": name, "game": game, "steps": total, "synergy steps": synergy,
                         "other steps": total - synergy, "score": sum(state.scores()) / 2})  # fmt: skip
    return pd.DataFrame(rows, columns=["board", "game", "steps", "synergy steps", "other steps", "score"])


def points_per_synergy_step(cut: pd.DataFrame) -> findings.Estimate:
    """What a synergy step is worth in points, measured: per game, the points per seat the printed board scored
    above the board without synergy, divided by the synergy steps the printed board paid per seat (games whose
    printed board paid none are left out). It prices a milestone's benefit in the medal points' own unit, and
    includes whatever the boosts led to (a boost that reaches the next medal or milestone)."""
    printed = cut[cut["board"] == "printed"].set_index("game").sort_index()
    emptied = cut[cut["board"] == "no synergy"].set_index("game").sort_index()
    paid = printed["synergy steps"]
    kept = paid[paid > 0].index
    rates = (printed.loc[kept, "score"] - emptied.loc[kept, "score"]) / paid.loc[kept]
    return findings.mean(rates.tolist(), measure="points a synergy step is worth (points lost per boost step)",
                         fmt=".2f")  # fmt: skip
