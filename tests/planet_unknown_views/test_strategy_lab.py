"""The strategy lab for Planet Unknown: the knobbed weighted planner, economy measures per game and per round,
and the read-only replay."""

from __future__ import annotations

import pickle
import random
from functools import cache
from typing import Any

import pytest

import playbook
from playbook import analysis
from playbook.core import Match, tournament
from playbook.games import planet_unknown as pu
from playbook.games.planet_unknown import agents, economy, kpis, strategies
from playbook.games.planet_unknown.components import EndReason

Planner = strategies.WeightedPlanner
ZERO = {"tracks": 0.0, "lines": 0.0, "medals": 0.0, "rovers": 0.0}


@cache
def positions() -> tuple[tuple[dict[str, Any], tuple[Any, ...]], ...]:
    """(observation, legal actions) of every choice of seat 0 with more than one option in a seeded game."""
    match = Match(pu, players=2, seed=4, agents={0: agents.RoverHunter(), 1: agents.RowsAndColumns()})
    match.advance()
    found = []
    for state in match:
        if state.current_player == 0 and not state.is_terminal:
            legal = tuple(state.legal_actions())
            if len(legal) > 1:
                found.append((state.observation(0), legal))
    return tuple(found)


def feature(knob: str, observation: dict[str, Any], action: Any) -> float:
    """What one unit of ``knob`` adds to ``action``'s score: its score with that knob at 1 and the rest at 0,
    less its score with every knob at 0."""
    one = Planner(**{**ZERO, knob: 1.0}).scorer
    none = Planner(**ZERO).scorer
    ctx = agents._Context(observation)
    return one.score(ctx, action) - none.score(ctx, action)


def chosen(settings: dict[str, float], observation: dict[str, Any], legal: tuple[Any, ...]) -> Any:
    return Planner(**settings).choose(observation, legal, random.Random(0))


def test_weighted_planner_is_the_parametric_strategy_and_out_of_the_lesson_list() -> None:
    assert strategies.PARAMETRIC is Planner
    assert Planner not in agents.STRATEGIES
    assert set(Planner.knobs) == {"tracks", "lines", "medals", "rovers"}
    assert Planner.description.endswith(".") and Planner.description.count(". ") == 0
    agent = Planner(lines=2.5)
    assert agent.label() == "weighted planner (tracks=1.0, lines=2.5, medals=1.0, rovers=0.3)"
    copy = pickle.loads(pickle.dumps(agent))
    assert copy.settings == agent.settings and copy.scorer.lines_weight == 2.5


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


def test_default_planner_plays_whole_games() -> None:
    results = tournament(pu, [Planner(), agents.TrackRacer(), agents.CivRacer()], games=3, seed=2, metrics=True)
    assert len(results) == 9 and set(results["agent"]) == {"weighted planner", "track racer", "civ racer"}
    assert "kpi_mean_score" in results.columns and "kpi_points_rows" in results.columns


def played(seed: int = 3) -> Match:
    lineup = {0: agents.TrackRacer(), 1: agents.RowsAndColumns(), 2: agents.CivRacer()}
    match = Match(pu, players=3, seed=seed, agents=lineup)
    match.advance()
    return match


def test_metrics_are_numbers_checked_against_the_engine() -> None:
    match = played()
    state: Any = match.state
    kpis = economy.metrics(state)
    assert all(isinstance(value, float) for value in kpis.values())
    ended = kpis["ended_cannot_place"] + kpis["ended_depot_empty"] + kpis["ended_last_event"]
    assert ended == 1.0 and kpis["ended_cannot_place"] == float(state.end_reason == EndReason.CANNOT_PLACE)
    scores = sorted(state.scores(), reverse=True)
    assert kpis["mean_score"] == sum(scores) / 3 and kpis["winning_margin"] == scores[0] - scores[1]
    parts = economy.points_breakdown(state)
    assert kpis["points_rows"] == sum(p["rows"] for p in parts) / 3
    assert 0 < kpis["track_points_share"] < 1
    assert kpis["tiles_placed"] == sum(b.tiles_placed for b in state.boards) / 3
    taken = sum(1 for r in match.events if r.event.kind == "civ_card_taken")
    assert kpis["civ_cards_taken"] * 3 == taken
    assert kpis["rounds"] == state.round


def test_economy_frame_rows_per_round_and_seat_end_at_the_final_scores() -> None:
    match = played()
    state: Any = match.state
    frame = economy.economy_frame(match)
    assert list(frame.columns)[:3] == ["round", "seat", "score"]
    assert len(frame) == 3 * state.round
    last = frame[frame["round"] == state.round].sort_values("seat")
    assert list(last["score"]) == list(state.scores())
    assert list(last["civ"]) == [b.trackers[0] for b in state.boards]
    positions_by_round = economy.track_positions(match)
    for row in positions_by_round:
        mine = frame[(frame["round"] == row["round"]) & (frame["seat"] == row["seat"])].iloc[0]
        assert all(mine[track] == row[track] for track in ("civ", "water", "biomass", "rover", "tech"))
    for seat in range(3):
        mine = frame[frame["seat"] == seat].sort_values("round")
        assert mine["tiles_placed"].is_monotonic_increasing
    changes = analysis.lead_changes(frame.assign(game=0))
    assert len(changes) == 1 and changes.iloc[0]["lead_changes"] >= 0


# -- replay ----------------------------------------------------------------------------------------------------------


def test_position_view_shows_the_seats_table_as_it_stood_read_only_and_listens_to_nothing() -> None:
    from playbook.widgets.common import widget_tree
    from playbook.widgets.planet_unknown import PlanetWidget, planet_cells, position_view, seat_view

    match = played()
    fork = match.fork(50)
    view = position_view(fork, 1)
    tree = widget_tree(view).values()
    controls = [x for x in tree if "disabled" in x.trait_names()]
    assert controls and all(x.disabled for x in controls)
    (planet,) = [x for x in tree if isinstance(x, PlanetWidget)]
    assert planet.mode == "view" and planet.legal == {} and planet._handler is None
    assert fork._subscribers == [] and match._subscribers == []
    html = " ".join(str(getattr(x, "value", "")) for x in tree)
    assert "Read-only: the table after step 50, as seat 1 saw it." in html
    observation = fork.state.observation(1)
    assert planet.cells == planet_cells(seat_view(observation, 1), pu.Rules.standard())  # seat 1's planet
    assert planet.cells != planet_cells(seat_view(observation, 0), pu.Rules.standard())
    assert fork.history == match.history[:50], "rendering plays nothing"


def test_replay_scrubs_and_plays_on_from_a_step_with_the_person_in_the_seat() -> None:
    from playbook.widgets.planet_unknown import replay

    original = played()
    lineup = {0: agents.TrackRacer(), 1: agents.RowsAndColumns(), 2: agents.CivRacer()}
    match = Match.from_json(original.to_json(), agents=lineup)
    viewer = replay(match, seat=0)
    assert viewer.step == len(match.steps)
    viewer.slider.value = 30
    assert "Step 30 of" in viewer.heading.value
    assert viewer.chart is not None
    shapes = viewer.chart.figure.layout.shapes
    assert len(shapes) == 1 and shapes[0].x0 == match.fork(30).state.round  # type: ignore[attr-defined]
    fork = viewer.play_from_here()
    (table,) = viewer.opened_tables  # type: ignore[attr-defined]
    assert table.match is fork and 0 not in fork.agents and fork.history[:30] == match.history[:30]
    assert fork.waiting_for() == 0 and table.seat == 0
    assert table.widget in viewer.widget.children[-1].children
    assert table.legal() and table.planet._handler is not None
    assert match.history == original.history, "the replayed match is never changed"
    viewer.close()
    table.close()


# -- the dashboard's lab tabs --------------------------------------------------------------------------------------


def test_lab_tabs_run_the_weighted_planner_like_a_headless_lab_with_the_same_settings() -> None:
    from playbook.widgets.lab import StrategyLab
    from playbook.widgets.planet_unknown import DEFAULT_AGENTS, LabTabs

    tabs = LabTabs(seed=3, games=10)
    assert tabs.widget.titles == ("Strategy lab", "Replay")
    assert tabs.widget.children == (tabs.lab.widget, tabs.replay_box) and tabs.viewer is None
    tabs.lab.knobs["lines"].value = 2.5
    shown = tabs.lab.run()
    twin = StrategyLab(pu, Planner, DEFAULT_AGENTS, players=2, games=10, seed=3)
    twin.knobs["lines"].value = 2.5
    expected = twin.run()
    assert shown is not None and expected is not None and shown.equals(expected)
    assert "weighted planner" in set(shown["agent"]) and tabs.lab.progress.value == 10
    assert [t.y for t in tabs.lab.win_chart.data] == [t.y for t in twin.win_chart.data]
    tabs.widget.selected_index = 1  # the replay is built when its tab is opened
    assert tabs.viewer is not None and tabs.replay_box.children == (tabs.viewer.widget,)
    assert tabs.viewer.step == len(tabs.viewer.match.steps) and tabs.viewer.match.is_over
    tabs.close()
    twin.close()


def test_metrics_count_every_point_source_including_a_planets_own_scoring() -> None:
    """Points by source in ``metrics`` add up to the mean score, so no source (objectives, Gaia's cities) is lost."""
    for rules in (None, pu.Rules(planets=("gaia",))):
        result = playbook.play_match(
            "planet_unknown", [agents.TrackRacer(), agents.RowsAndColumns()], seed=4, rules=rules
        )
        found = kpis.metrics(result.final_state)
        total = sum(found[f"points_{source}"] for source in kpis.SOURCES)
        assert total == pytest.approx(found["mean_score"])
