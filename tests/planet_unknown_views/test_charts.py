"""Planet Unknown charts are pure functions of frames: check their traces against the game that made them."""

from __future__ import annotations

import pandas as pd
import pytest

import playbook
from playbook.charts import planet_unknown as pu_charts
from playbook.games.planet_unknown import agents as pu_agents
from playbook.games.planet_unknown import economy
from playbook.widgets.planet_unknown import (
    breakdown_frame,
    coverage_history,
    milestone_positions,
    tracker_history,
)

TRACKS = ("civ", "water", "biomass", "rover", "tech")


@pytest.fixture(scope="module")
def match() -> playbook.Match:
    played = playbook.Match(
        "planet_unknown",
        players=3,
        seed=11,
        agents={0: pu_agents.TrackRacer(), 1: pu_agents.CivRacer(), 2: pu_agents.RowsAndColumns()},
    )
    played.advance()
    assert played.is_over
    return played


def test_trackers_by_round_has_a_panel_per_track_and_a_line_per_seat(match: playbook.Match) -> None:
    names = ["A", "B", "C"]
    history = tracker_history(match.events, 3)
    fig = pu_charts.trackers_by_round(history, names=names, milestones=milestone_positions(match.state.rules))
    assert len(fig.data) == 15
    assert [a.text for a in fig.layout.annotations] == ["Civ", "Water", "Biomass", "Rover", "Tech"]
    final = match.state.observation(0)["boards"]
    for index, trace in enumerate(fig.data):
        track, seat = divmod(index, 3)
        assert trace.name == names[seat]
        assert trace.y[0] == 0 and trace.y[-1] == final[seat]["trackers"][track]
        assert list(trace.x) == list(range(len(trace.x)))
    # each round's step from the TrackerMoved events of that round
    moved = [r.event for r in match.events if r.event.kind == "tracker_moved"]
    for seat in range(3):
        mine = history[history["seat"] == seat].set_index("round")
        for round_number in range(1, int(history["round"].max()) + 1):
            ends = [e.end for e in moved if e.seat == seat and e.track == 0 and e.round == round_number]
            if ends:
                assert int(mine.loc[round_number, "civ"]) == ends[-1]


def test_milestones_are_stars(match: playbook.Match) -> None:
    milestones = milestone_positions(match.state.rules)
    assert milestones["civ"] == [3, 6, 8, 10, 11, 14]
    fig = pu_charts.trackers_by_round(tracker_history(match.events, 3), names=["A", "B", "C"], milestones=milestones)
    civ = fig.data[0]
    for y, symbol in zip(civ.y, civ.marker.symbol, strict=True):
        assert (symbol == "star") == (y in milestones["civ"])
    assert len(fig.layout.shapes) == sum(len(v) for v in milestones.values())


def test_points_breakdown_stacks_to_the_final_scores(match: playbook.Match) -> None:
    frame = breakdown_frame(match.state, ["A", "B", "C"])
    fig = pu_charts.points_breakdown(frame)
    bars = [t for t in fig.data if t.type == "bar"]
    assert fig.layout.barmode == "stack"
    totals = [sum(int(t.y[s]) for t in bars) for s in range(3)]
    assert totals == list(match.state.final_scores)
    colours = {t.name: t.marker.color for t in bars}
    assert colours["water medals"] == pu_charts.TERRAIN_COLOURS["water"]


def test_medals_by_track_uses_terrain_colours(match: playbook.Match) -> None:
    frame = breakdown_frame(match.state, ["A", "B", "C"])
    fig = pu_charts.medals_by_track(frame)
    assert [t.name for t in fig.data] == ["Civ", "Water", "Biomass", "Rover", "Tech"]
    for trace, track in zip(fig.data, TRACKS, strict=True):
        assert trace.marker.color == pu_charts.TERRAIN_COLOURS[track]
        assert list(trace.y) == [int(v) for v in frame[track]]


def test_planet_coverage_grows_to_the_covered_share(match: playbook.Match) -> None:
    coverage = coverage_history(match.events, 3, match.state.rules)
    fig = pu_charts.planet_coverage(coverage, names=["A", "B", "C"])
    playable = sum(ch != "." for row in match.state.rules.c.planet.rows for ch in row)
    for seat, trace in enumerate(fig.data):
        assert list(trace.y) == sorted(trace.y)
        view = match.state.observation(seat)["boards"][seat]
        covered = sum(bin(int(r)).count("1") for r in view["covered"])
        assert trace.y[-1] == pytest.approx(covered / playable)


def test_yield_heatmap_keeps_the_grid() -> None:
    grid = [[None if (r + c) % 5 == 0 else float(r) for c in range(12)] for r in range(12)]
    fig = pu_charts.yield_heatmap(grid)
    assert [list(row) for row in fig.data[0].z] == grid
    assert fig.layout.yaxis.autorange == "reversed"


def test_medal_curves_and_rate_with_interval() -> None:
    from playbook.games.planet_unknown import Rules

    rules = Rules.standard()
    curves = {t: economy.medal_curve(i, rules) for i, t in enumerate(TRACKS)}
    fig = pu_charts.medal_curves(curves, benefits=milestone_positions(rules))
    assert [t.line.color for t in fig.data] == [pu_charts.TERRAIN_COLOURS[t] for t in TRACKS]
    assert [t.y[-1] for t in fig.data] == [curves[t][-1] for t in TRACKS]
    frame = pd.DataFrame({"factor": [0, 1], "win_rate": [0.25, 0.5], "ci_low": [0.1, 0.3], "ci_high": [0.5, 0.7]})
    rate = pu_charts.rate_with_interval(frame, x="factor", title="t")
    assert list(rate.data[0].y) == [0.25, 0.5]
    assert list(rate.data[0].error_y.array) == pytest.approx([0.25, 0.2])
    assert list(rate.data[0].error_y.arrayminus) == pytest.approx([0.15, 0.2])


def test_one_colour_per_terrain_in_the_page_and_the_charts() -> None:
    """The planet's ESM module draws terrains with the charts' colours, in the engine's terrain order."""
    import re

    from playbook.games.planet_unknown import Terrain
    from playbook.widgets import planet_unknown as view

    script = (view.STATIC / "planet_unknown.js").read_text()
    found = re.search(r"const TERRAIN_COLOURS = \[([^\]]*)\]", script)
    names = re.search(r"const TERRAIN_NAMES = \[([^\]]*)\]", script)
    assert found and names
    colours = re.findall(r'"(#[0-9a-f]{6})"', found.group(1))
    order = re.findall(r'"(\w+)"', names.group(1))
    assert order == [t.name.lower() for t in Terrain] == list(pu_charts.TERRAINS)
    assert colours == [pu_charts.TERRAIN_COLOURS[t] for t in order]
    assert len(set(colours)) == len(colours)
