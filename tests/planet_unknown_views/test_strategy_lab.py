"""The strategy lab for Planet Unknown: what the weighted planner's knobs do to its play, the economy measures per
game and per round against the boards, and the planet a position view and a table played on from it draw.

What every game's lab shares (the knobs listed, whole games at every seat count, the lab tabs, the replay) is
checked over the registry in ``tests/widgets/test_strategy_labs.py`` and ``test_game_views.py``."""

from __future__ import annotations

import pickle
import random
from collections.abc import Mapping
from functools import cache
from typing import Any

import pytest

import playbook
from playbook.core import Match
from playbook.games import planet_unknown as pu
from playbook.games.planet_unknown import agents, economy, kpis, strategies
from playbook.games.planet_unknown.components import EndReason
from playbook.widgets.common import widget_tree
from playbook.widgets.planet_unknown import PlanetWidget, planet_cells, play_table, position_view, seat_view

Planner = strategies.WeightedPlanner
ZERO = {"tracks": 0.0, "lines": 0.0, "medals": 0.0, "rovers": 0.0}


@cache
def positions() -> tuple[tuple[Mapping[str, Any], tuple[Any, ...]], ...]:
    """(observation, legal actions) of every choice of seat 0 with more than one option in a seeded game."""
    match = Match(pu, players=2, seed=4, agents={0: agents.RoverHunter(), 1: agents.RowsAndColumns()})
    match.advance()
    found: list[tuple[Mapping[str, Any], tuple[Any, ...]]] = []
    for state in match:
        if state.current_player == 0 and not state.is_terminal:
            legal = tuple(state.legal_actions())
            if len(legal) > 1:
                found.append((state.observation(0), legal))
    return tuple(found)


def feature(knob: str, observation: Mapping[str, Any], action: Any) -> float:
    """What one unit of ``knob`` adds to ``action``'s score: its score with that knob at 1 and the rest at 0,
    less its score with every knob at 0."""
    one = Planner(**{**ZERO, knob: 1.0}).scorer
    none = Planner(**ZERO).scorer
    ctx = agents._Context(observation)
    return one.score(ctx, action) - none.score(ctx, action)


def chosen(settings: dict[str, float], observation: Mapping[str, Any], legal: tuple[Any, ...]) -> Any:
    return Planner(**settings).choose(observation, legal, random.Random(0))


def test_a_pickled_planner_scores_with_the_weights_it_was_set_to() -> None:
    """The planner's knobs live in its scorer too: a pickled copy (a tournament's worker) weighs as the original."""
    copy = pickle.loads(pickle.dumps(Planner(lines=2.5)))
    assert copy.scorer.lines_weight == 2.5


def test_built_in_weights_are_settings_of_the_planner() -> None:
    """The rows-and-columns bot is the planner with lines 2.5, medals 0.8: the same choice everywhere."""
    settings = {"tracks": 1.0, "lines": 2.5, "medals": 0.8, "rovers": 0.3}
    bot = agents.RowsAndColumns()
    for observation, legal in positions()[::3]:
        assert chosen(settings, observation, legal) == bot.choose(observation, legal, random.Random(0))


def check_direction(knob: str, low: float, high: float, *, exact: bool) -> None:
    """Turning ``knob`` up never picks an action with less of what it weighs (``exact``: at every position;
    else summed over the game), and somewhere picks one with more."""
    base = {k: Planner.knobs[k].default for k in Planner.knobs}
    more = total_low = total_high = 0.0
    for observation, legal in positions():
        a = chosen({**base, knob: low}, observation, legal)
        b = chosen({**base, knob: high}, observation, legal)
        if a == b:
            continue
        fa, fb = feature(knob, observation, a), feature(knob, observation, b)
        if exact:
            assert fb >= fa - 1e-9, (knob, a, b, fa, fb)
        total_low += fa
        total_high += fb
        more += fb > fa
    assert total_high > total_low and more > 0


def test_more_lines_weight_never_picks_less_row_and_column_filling() -> None:
    check_direction("lines", 0.0, 3.0, exact=True)


def test_more_rovers_weight_never_drives_less_towards_targets() -> None:
    check_direction("rovers", 0.0, 2.0, exact=True)


def test_more_tracks_weight_advances_further_over_a_game() -> None:
    check_direction("tracks", 0.0, 3.0, exact=False)


def test_more_medals_weight_gains_more_medal_steps_over_a_game() -> None:
    check_direction("medals", 0.0, 3.0, exact=False)


def played(seed: int = 3) -> Match:
    lineup = {0: agents.TrackRacer(), 1: agents.RowsAndColumns(), 2: agents.CivRacer()}
    match = Match(pu, players=3, seed=seed, agents=lineup)
    match.advance()
    return match


def test_metrics_are_checked_against_the_engine() -> None:
    match = played()
    state: Any = match.state
    measures = kpis.metrics(state)
    ended = measures["ended_cannot_place"] + measures["ended_depot_empty"] + measures["ended_last_event"]
    assert ended == 1.0 and measures["ended_cannot_place"] == float(state.end_reason == EndReason.CANNOT_PLACE)
    scores = sorted(state.scores(), reverse=True)
    assert measures["mean_score"] == sum(scores) / 3 and measures["winning_margin"] == scores[0] - scores[1]
    parts = economy.points_breakdown(state)
    assert measures["points_rows"] == sum(p["rows"] for p in parts) / 3
    assert 0 < measures["track_points_share"] < 1
    assert measures["tiles_placed"] == sum(b.tiles_placed for b in state.boards) / 3
    taken = sum(1 for r in match.events if r.event.kind == "civ_card_taken")
    assert measures["civ_cards_taken"] * 3 == taken
    assert measures["rounds"] == state.round


def test_economy_frame_rows_per_round_and_seat_follow_the_trackers() -> None:
    match = played()
    state: Any = match.state
    frame = kpis.economy_frame(match)
    assert len(frame) == 3 * state.round  # rounds from 1: no set-up row
    last = frame[frame["round"] == state.round].sort_values("seat")
    assert list(last["civ"]) == [b.trackers[0] for b in state.boards]
    positions_by_round = economy.track_positions(match)
    for row in positions_by_round:
        mine = frame[(frame["round"] == row["round"]) & (frame["seat"] == row["seat"])].iloc[0]
        assert all(mine[track] == row[track] for track in ("civ", "water", "biomass", "rover", "tech"))
    for seat in range(3):
        rows = frame[frame["seat"] == seat].sort_values("round")
        assert rows["tiles_placed"].is_monotonic_increasing


# -- the planet of a position, read-only and played on ----------------------------------------------------------


def test_a_position_view_draws_the_seats_own_planet_and_takes_no_clicks() -> None:
    fork = played().fork(50)
    view = position_view(fork, 1)
    (planet,) = [x for x in widget_tree(view).values() if isinstance(x, PlanetWidget)]
    assert planet.mode == "view" and planet.legal == {} and planet._handler is None
    observation = fork.state.observation(1)
    assert planet.cells == planet_cells(seat_view(observation, 1), pu.Rules.standard())  # seat 1's planet
    assert planet.cells != planet_cells(seat_view(observation, 0), pu.Rules.standard())


def test_a_table_played_on_from_a_position_takes_clicks_on_the_planet() -> None:
    match = played()
    fork = match.fork(30, agents={seat: agent for seat, agent in match.agents.items() if seat != 0})
    table = play_table(fork, 0)
    try:
        assert fork.waiting_for() == 0 and table.seat == 0
        assert table.legal() and table.planet._handler is not None
    finally:
        table.close()


def test_metrics_count_every_point_source_including_a_planets_own_scoring() -> None:
    """Points by source in ``metrics`` add up to the mean score, so no source (objectives, Gaia's cities) is lost."""
    for rules in (None, pu.Rules(planets=("gaia",))):
        result = playbook.play_match(
            "planet_unknown", [agents.TrackRacer(), agents.RowsAndColumns()], seed=4, rules=rules
        )
        found = kpis.metrics(result.final_state)
        total = sum(found[f"points_{source}"] for source in kpis.SOURCES)
        assert total == pytest.approx(found["mean_score"])
