"""What the asymmetry lesson (``notebooks/planet_unknown_asymmetry.ipynb``) measures, as frames and findings.

The lesson asks whether each asymmetric corporation (and planet) gives its player the same chance as the
reference start, and what a designer's change to a track does. Its sentences must stay true for any seed,
number of games, bot or corporation a student picks, so the measuring lives here, typed and tested, and the
notebook composes its words from the verdicts (:mod:`playbook.findings`).

The design, the same as the asymmetry dashboard's (``playbook.widgets.planet_unknown.asymmetry_lab``: the same
seeds, seatings and bots, so the two agree game for game):

- A **deal** is one game seed. Each deal is played twice, the candidate in seat 0 and then in seat 1, the same
  bot in both seats: whatever a seat is worth cancels within the deal.
- The unit of every interval is the deal, never the seat and never the game: the two games of a deal share
  their tiles and their commander, so they are not independent. A deal's **margin** is the mean over its two
  games of the candidate's score minus the reference's, and a pairing is a paired t interval over deals
  (:class:`DealComparison`, which says "16 deals, 32 games").
- Choosing the most extreme candidate and reporting its margin on the same deals flatters it (regression to
  the mean), so the lesson picks on ``findings.holdout(seed).select`` and reports on ``.report``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, replace

import numpy as np
import pandas as pd
import scipy.stats  # type: ignore[import-untyped]

from playbook import findings
from playbook.core import Agent
from playbook.core.errors import InvalidArgumentError
from playbook.core.tournament import game_seeds, play_match

from .agents import STRATEGIES
from .board import track_tables
from .components import Corporation, Rules
from .scoring import all_breakdowns
from .setup import INFO
from .state import State
from .tuning import TRACK_NAMES, TrackEdit, space_token
from .variants import corporation_keys, corporation_table, missing_rules, planet_entry, planet_keys

__all__ = [
    "FIELDS",
    "DealComparison",
    "Precision",
    "as_deals",
    "board_correlation",
    "bot_named",
    "bot_names",
    "candidate_keys",
    "candidate_name",
    "changed_games",
    "compare_deals",
    "corporation_board",
    "deal_margins",
    "earliest_medal_track",
    "exchange_rate",
    "extreme_by_chance",
    "medal_edits",
    "medal_points_added",
    "medal_points_at_tops",
    "most_extreme",
    "pairing_comparison",
    "pairing_rules",
    "play_pairing",
    "playable_corporations",
    "precision",
    "regression_to_the_mean",
    "score_shifts",
    "summary",
    "t_quantile",
    "tuned_board",
]

STANDARD = "standard"
#: What a pairing varies (a ``Rules`` field), and the reference each is measured against.
FIELDS: Mapping[str, str] = {"corporations": "Universal Coalition", "planets": "KSB-4156"}
#: One row per game; ``final state`` is the game's last state, kept so a change can be scored on it (the points
#: a change adds where the trackers ended, ``medal_points_added``).
GAME_COLUMNS = ["deal", "seed", "seat", "score", "reference score", "margin", "error", "final state"]


# --- the field and the bots ------------------------------------------------------------------------------


def playable_corporations() -> list[str]:
    """The asymmetric corporations whose every rule the engine plays: computed, so the lesson grows with it."""
    return [key for key in corporation_keys() if not missing_rules(key)]


def corporation_board(key: str) -> Corporation:
    """A corporation's printed board; ``"standard"`` is Universal Coalition's."""
    return Rules.standard().c.corporation if key == STANDARD else corporation_table(key)


def candidate_name(field: str, key: str) -> str:
    """A corporation's or planet's own name ("Universal Coalition" and "KSB-4156" for the standard ones)."""
    _check_field(field)
    if key == STANDARD:
        return FIELDS[field]
    return corporation_board(key).name if field == "corporations" else planet_entry(key).name


def candidate_keys(field: str) -> list[str]:
    """Every key a pairing of ``field`` can seat against the reference."""
    _check_field(field)
    return playable_corporations() if field == "corporations" else list(planet_keys())


def medal_points_at_tops(key: str) -> int:
    """The medal points a corporation's five trackers would score standing on the five track tops: what a
    glance at the printed board offers as its "value"."""
    return board_medal_points(corporation_board(key))


def board_medal_points(board: Corporation) -> int:
    """``medal_points_at_tops`` of any board, a tuned one too (``tuned_board``): an exercise changes a board's
    medals towards a target and is checked on the board the engine builds, not on the edits' arithmetic."""
    return sum(track[-1] for track in track_tables(board).best_medal)


def bot_names() -> list[str]:
    """The names of the package's bots, as a parameter cell may give them."""
    return [strategy.name for strategy in STRATEGIES]


def bot_named(name: str) -> Agent:
    """A fresh bot by its name ("track racer"): a lesson's parameter is a name (JSON), not an object."""
    for strategy in STRATEGIES:
        if strategy.name == name:
            return strategy()
    raise InvalidArgumentError(f"no bot named {name!r}; the bots are {', '.join(map(repr, bot_names()))}")


def _check_field(field: str) -> None:
    if field not in FIELDS:
        raise InvalidArgumentError(f"field must be one of {sorted(FIELDS)}, not {field!r}")


# --- playing a pairing -----------------------------------------------------------------------------------


def pairing_rules(field: str, candidate: str, seat: int, track_edits: tuple[TrackEdit, ...] = ()) -> Rules:
    """Two-player rules with ``candidate`` in ``seat`` and the reference in the other, everything else standard."""
    _check_field(field)
    if seat not in (0, 1):
        raise InvalidArgumentError(f"seat must be 0 or 1, not {seat!r}")
    keys = [STANDARD, STANDARD]
    keys[seat] = candidate
    if field == "corporations":
        return Rules(corporations=(keys[0], keys[1]), track_edits=track_edits)
    return Rules(planets=(keys[0], keys[1]), track_edits=track_edits)


def play_pairing(
    field: str,
    candidate: str,
    bot: Agent,
    *,
    deals: int,
    seed: int,
    track_edits: tuple[TrackEdit, ...] = (),
) -> pd.DataFrame:
    """One row per game: ``deals`` seeds, each played with the candidate in seat 0 and again in seat 1.

    The seeds are ``game_seeds(seed, deals)``, as the dashboard's "both seats" plan draws them, so the lesson
    and the dashboard play the same games. A game a bot forfeits keeps its row, with ``error`` set.
    """
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise InvalidArgumentError(f"deals must be a whole number of 1 or more, not {deals!r}")
    seeds = game_seeds(seed, deals)
    rows = []
    for seat in (0, 1):
        rules = pairing_rules(field, candidate, seat, track_edits)
        for deal, game_seed in enumerate(seeds):
            result = play_match(INFO.name, [bot, bot], seed=game_seed, rules=rules)
            mine, other = float(result.scores[seat]), float(result.scores[1 - seat])
            rows.append((deal, game_seed, seat, mine, other, mine - other, result.error, result.final_state))
    return pd.DataFrame(rows, columns=GAME_COLUMNS)


def deal_margins(games: pd.DataFrame) -> pd.DataFrame:
    """One row per deal whose two games both finished: the candidate's and the reference's mean score over
    the two seatings, and their difference, the deal's margin (a forfeited game drops its whole deal, since
    half a deal no longer cancels the seat)."""
    finished = games[games["error"].isna()]
    complete = finished.groupby("deal")["seat"].nunique() == 2
    kept = finished[finished["deal"].isin(complete[complete].index)]
    means = kept.groupby("deal")[["score", "reference score"]].mean()
    return means.assign(margin=means["score"] - means["reference score"])


# --- findings --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DealComparison(findings.Comparison):
    """A comparison over deals: its sample says how many deals and games it rests on, and the games it would
    need count games (two per deal), so a sentence never calls a deal "a game"."""

    def sample(self) -> str:
        if self.design == findings.PAIRED:
            return f"{_deals(self.difference.n)}, {2 * self.difference.n:,} games"
        return f"{self.n_a:,} and {_deals(self.n_b)} ({2 * self.n_a:,} and {2 * self.n_b:,} games)"


def _deals(count: int) -> str:
    return f"{count:,} deal{'' if count == 1 else 's'}"


def as_deals(found: findings.Comparison) -> DealComparison:
    """``found`` (computed with one value per deal) as a :class:`DealComparison`: the same numbers and verdict,
    its games needed counted in games, twice the deals the power calculation gives."""
    copied = {field.name: getattr(found, field.name) for field in fields(found)}
    needed = None if found.games_needed is None else 2 * found.games_needed
    return DealComparison(**{**copied, "games_needed": needed})


def compare_deals(
    a_values: Sequence[float],
    b_values: Sequence[float],
    *,
    a: str,
    b: str,
    measure: str = "score",
    smallest_effect: float | None = None,
) -> DealComparison:
    """``findings.compare_paired`` over deals (value ``i`` of each side from deal ``i``), as a
    :class:`DealComparison`."""
    found = findings.compare_paired(
        list(a_values), list(b_values), a=a, b=b, measure=measure, smallest_effect=smallest_effect, fmt=".1f"
    )
    return as_deals(found)


def pairing_comparison(games: pd.DataFrame, name: str, reference: str, smallest_effect: float = 3.0) -> DealComparison:
    """The candidate's mean score against the reference's over the deals of one pairing; refused, with the
    first game's error, when fewer than two deals finished in both seatings (an interval needs two)."""
    deals = deal_margins(games)
    if len(deals) < 2:
        errors = [str(e) for e in games["error"] if e is not None and e == e]
        why = f" (first error: {errors[0]})" if errors else ""
        raise InvalidArgumentError(f"{name}: {len(deals)} deals finished in both seatings, an interval needs 2{why}")
    return compare_deals(
        deals["score"].tolist(), deals["reference score"].tolist(), a=name, b=reference, smallest_effect=smallest_effect
    )


def summary(names: Sequence[str], comparisons: Sequence[findings.Comparison]) -> pd.DataFrame:
    """One row per candidate: its mean margin and interval, deals and games, the verdict of its own interval
    and the verdict once all of them are allowed for (Holm), and the p-value Holm reads."""
    if len(names) != len(comparisons) or not comparisons:
        raise InvalidArgumentError("summary needs one name per comparison, and at least one")
    adjusted = findings.holm(list(comparisons))
    rows = [
        {
            "name": name,
            "mean margin": c.difference.value,
            "ci_low": c.difference.low,
            "ci_high": c.difference.high,
            "deals": c.difference.n,
            "games": 2 * c.difference.n,
            "verdict alone": c.verdict,
            "verdict, all allowed for": h.verdict,
            "p-value": c.difference.p_value,
        }
        for name, c, h in zip(names, comparisons, adjusted, strict=True)
    ]
    return pd.DataFrame(rows)


@dataclass(frozen=True)
class Precision:
    """How precisely a set of pairings measured a margin, and what more precision would cost.

    ``sd`` is the spread of one deal's margin (root mean square over the pairings); ``half_width`` the mean
    half-width of their 95% intervals; the ``games_for_*`` are games per pairing (two per deal).
    ``games_for_2`` and ``games_for_3`` give intervals of about ±2 and ±3 points (``findings.games_needed``
    at 50% power: a test whose interval is ±h detects a true edge of h half the time); ``games_to_detect_2``
    detects a true 2-point edge 80% of the time.
    """

    sd: float
    deals: int
    half_width: float
    games_for_2: int
    games_for_3: int
    games_to_detect_2: int

    @property
    def games(self) -> int:
        return 2 * self.deals


def precision(comparisons: Sequence[findings.Comparison]) -> Precision:
    """The :class:`Precision` of a set of pairings played on the same number of deals."""
    if not comparisons:
        raise InvalidArgumentError("precision needs at least one comparison")
    spreads, widths = [], []
    for c in comparisons:
        d = c.difference
        t = t_quantile(d.n)
        half = (d.high - d.low) / 2
        widths.append(half)
        spreads.append(half * math.sqrt(d.n) / t)
    sd = math.sqrt(float(np.mean(np.square(spreads))))
    deals = min(c.difference.n for c in comparisons)
    if sd == 0:
        return Precision(0.0, deals, float(np.mean(widths)), 4, 4, 4)
    return Precision(
        sd,
        deals,
        float(np.mean(widths)),
        2 * findings.games_needed(sd, 2.0, power=0.5),
        2 * findings.games_needed(sd, 3.0, power=0.5),
        2 * findings.games_needed(sd, 2.0),
    )


def t_quantile(n: int) -> float:
    """The t quantile of a 95% interval over ``n`` deals (the one ``findings`` uses; 1.96 is the normal one)."""
    return float(scipy.stats.t.ppf(0.975, n - 1))


def board_correlation(medal_points: Sequence[int], comparisons: Sequence[findings.Comparison]) -> findings.Estimate:
    """Pearson's r between each corporation's medal points at the tops and its measured mean margin, one
    point per corporation (each margin already one number over its deals), with its Fisher z interval."""
    found = findings.correlation(
        list(medal_points),
        [c.difference.value for c in comparisons],
        measure="correlation of medal points at the tops with the mean margin",
    )
    return replace(found, unit="corporations")


def most_extreme(names: Sequence[str], comparisons: Sequence[findings.Comparison]) -> str:
    """The candidate whose mean margin lies furthest from 0 (the first of equals)."""
    if len(names) != len(comparisons) or not comparisons:
        raise InvalidArgumentError("most_extreme needs one name per comparison, and at least one")
    distances = [abs(c.difference.value) for c in comparisons]
    return names[distances.index(max(distances))]


def extreme_by_chance(sd: float, deals: int, candidates: int, draws: int = 20_000) -> float:
    """How far from 0 the most extreme of ``candidates`` mean margins lies on average when every one is
    exactly at parity (each mean of ``deals`` deals whose margins spread by ``sd``): the luck a selection
    picks up. Seeded, so the same inputs give the same number."""
    if sd < 0 or deals < 1 or candidates < 1:
        raise InvalidArgumentError("extreme_by_chance needs sd >= 0, deals >= 1 and candidates >= 1")
    rng = np.random.default_rng(0)
    means = rng.normal(0.0, sd / math.sqrt(deals), size=(draws, candidates))
    return float(np.abs(means).max(axis=1).mean())


def regression_to_the_mean(
    picked: pd.DataFrame, fresh: pd.DataFrame, name: str
) -> tuple[findings.Estimate, findings.Estimate, DealComparison]:
    """A chosen candidate's margin on the selection deals (those it was chosen on), on the hold-out deals, and
    the two compared (independent deals: Welch's t). Returns (selection, hold-out, hold-out − selection)."""
    before, after = deal_margins(picked)["margin"].tolist(), deal_margins(fresh)["margin"].tolist()
    on_picked = replace(findings.mean(before, measure=f"{name}'s margin on the selection deals"), unit="deals")
    on_fresh = replace(findings.mean(after, measure=f"{name}'s margin on the hold-out deals"), unit="deals")
    shrink = findings.compare_independent(
        after, before, a="the hold-out deals", b="the selection deals", measure=f"{name}'s margin", fmt=".1f"
    )
    return on_picked, on_fresh, as_deals(shrink)


# --- a designer's change ---------------------------------------------------------------------------------


def earliest_medal_track(key: str) -> str:
    """The track of ``key`` whose first medal comes earliest (the first of equals): the medal most trackers
    reach, so a change to it reaches the score in the most games."""
    tracks = corporation_board(key).tracks
    first = [next((p for p, space in enumerate(spaces) if space.medal), len(spaces)) for spaces in tracks]
    return TRACK_NAMES[first.index(min(first))]


def medal_edits(key: str, track: str, points: int) -> tuple[TrackEdit, ...]:
    """Every medal of ``key``'s ``track`` moved by ``points`` (never below 0), as ``Rules.track_edits``."""
    if track not in TRACK_NAMES:
        raise InvalidArgumentError(f"track must be one of {', '.join(TRACK_NAMES)}, not {track!r}")
    spaces = corporation_board(key).tracks[TRACK_NAMES.index(track)]
    return tuple(
        (key, track, position, space_token(space._replace(medal=max(0, space.medal + points))))
        for position, space in enumerate(spaces)
        if space.medal
    )


def medal_points_added(printed: pd.DataFrame, field: str, candidate: str, edits: tuple[TrackEdit, ...]) -> list[float]:
    """Per game of ``printed`` (played on the printed boards), the points the candidate would have scored more
    had its final position been scored with ``edits``: the change as the score sees it where the trackers
    ended, not as written. A medal moved below 0 stops at 0, and a tracker that reached no medal of the track
    gains nothing, so "every medal −5" may add only −1 (the tracker stood on a 1-point medal)."""
    added = []
    for state, seat in zip(printed["final state"], printed["seat"], strict=True):
        if not isinstance(state, State):
            raise InvalidArgumentError("medal_points_added needs games played by play_pairing (their final states)")
        tuned = pairing_rules(field, candidate, int(seat), edits)
        totals = []
        for rules in (state.rules, tuned):
            planets = [rules.planet(s) for s in range(state.num_players)]
            corporations = [rules.corporation(s) for s in range(state.num_players)]
            parts = all_breakdowns(state.boards, state.neighbour_objectives, rules.c, planets, corporations)
            totals.append(sum(parts[int(seat)].values()))
        added.append(float(totals[1] - totals[0]))
    return added


def exchange_rate(
    printed: pd.DataFrame, tuned: pd.DataFrame, added: Sequence[float], name: str
) -> findings.Estimate | None:
    """Margin points gained per medal point the change added, on the same deals, against the paper rate of 1.

    ``added`` is ``medal_points_added`` of ``printed`` (one value per game row). The rate is a ratio of means
    over the deals both boards finished: the margin's shift added up, over the medal points added up; its
    interval is the t interval of the ratio's linearisation over deals (the delta method). The paper rate is 1
    exactly when the play does not change; play that changes (the bot climbs a richer track further, or the
    rival's score moves) takes it away from 1. ``None`` when the change added no medal point in any deal (no
    rate to measure)."""
    if len(added) != len(printed):
        raise InvalidArgumentError(f"added needs one value per game of printed: {len(added)} for {len(printed)}")
    per_deal = printed.assign(added=[float(a) for a in added]).groupby("deal")["added"].mean()
    both = deal_margins(printed).merge(deal_margins(tuned), left_index=True, right_index=True, suffixes=("", " tuned"))
    shift = (both["margin tuned"] - both["margin"]).to_numpy(dtype=float)
    paid = per_deal.loc[both.index].to_numpy(dtype=float)
    if len(both) < 2 or paid.mean() == 0:
        return None
    ratio = float(shift.sum() / paid.sum())
    linearised = ratio + (shift - ratio * paid) / paid.mean()
    found = findings.mean(
        linearised.tolist(),
        measure=f"margin points per medal point added, {name}",
        reference=1.0,
        smallest_effect=0.5,
        fmt=".2f",
    )
    return replace(found, value=ratio, unit="deals", method="ratio of means, delta-method t interval")


def score_shifts(
    printed: pd.DataFrame, tuned: pd.DataFrame, name: str, reference: str
) -> tuple[DealComparison, DealComparison]:
    """A change's shift of the margin split in two, on the same deals: the candidate's own score (changed board
    against printed) and the reference's score. A margin can grow because the candidate gains or because its
    rival, playing against a changed board, loses."""
    both = deal_margins(printed).merge(deal_margins(tuned), left_index=True, right_index=True, suffixes=("", " tuned"))
    changed, printed_words = "the changed board", "the printed board"
    own = compare_deals(
        both["score tuned"].tolist(), both["score"].tolist(), a=changed, b=printed_words, measure=f"{name}'s own score"
    )
    rival = compare_deals(
        both["reference score tuned"].tolist(),
        both["reference score"].tolist(),
        a=changed,
        b=printed_words,
        measure=f"{reference}'s score (the rival)",
    )
    return own, rival


def changed_games(printed: pd.DataFrame, tuned: pd.DataFrame) -> int:
    """Games (same deal, same seating) in which the reference's score differs between the printed and the
    tuned board: there the change altered the play itself, not only the candidate's score."""
    keys = ["deal", "seat"]
    both = printed.merge(tuned, on=keys, suffixes=("", " tuned"))
    return int((both["reference score"] != both["reference score tuned"]).sum())


def tuned_board(key: str, edits: tuple[TrackEdit, ...]) -> Corporation:
    """The board ``key`` plays with ``edits``, as the engine builds it."""
    return Rules(corporations=(key,), track_edits=edits).corporation(0)
