"""Headless tests of the Planet Unknown table and explorer: click the planet and press the buttons as a person
would (the same calls the page makes), then check the engine's state and what the page shows.

What every game's table does alike is the battery's: ``tests/widgets/test_tables_battery.py``."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pandas as pd
import pytest

import playbook
from playbook.charts import planet_unknown as pu_charts
from playbook.core.protocol import Action
from playbook.games import planet_unknown as pu
from playbook.games.planet_unknown import agents as pu_agents
from playbook.widgets.common import live_widgets
from playbook.widgets.planet_unknown import (
    PlanetUnknownTable,
    PredictPlacement,
    TileYieldExplorer,
    canonical_orientations,
    flip_orientation,
    html_text,
    milestone_positions,
    placement_table,
    rescore_lines,
    rotate_orientation,
    strategy_games,
    tile_info,
    tracker_history,
)


@pytest.fixture
def table() -> Iterator[PlanetUnknownTable]:
    view = PlanetUnknownTable(seed=1, players=2, lineup=("you", "track racer"))
    yield view
    view.close()


def click(table: PlanetUnknownTable, action: Action) -> None:
    """Do what a person does on the page to play ``action``."""
    planet = table.planet
    if isinstance(action, pu.PlaceTile):
        assert planet.mode == "place"
        planet.place(action.stack, action.orientation, action.row, action.col)
        if action.skip >= 0:  # the event's choice of resource, offered after the click
            table.choice_button(table.words(action)).click()
    elif isinstance(action, pu.ChooseSquare):
        assert planet.mode == "square" and f"{action.row},{action.col}" in planet.targets
        planet.click(action.row, action.col)
        if table._offers:  # two things to do on that square: press the one meant
            table.choice_button(table.words(action)).click()
    elif isinstance(action, pu.MoveRover | pu.TeleportRover):
        assert planet.mode == "square"
        planet.click(action.row, action.col)
        if table._offers:
            table.choice_button("choose the rover at").click()
        assert planet.marked == [action.row * 12 + action.col]
        assert f"{action.to_row},{action.to_col}" in planet.targets
        planet.click(action.to_row, action.to_col)
    elif isinstance(action, pu.Rotate):
        face = table.depot_button(action)
        assert face.layout.display != "none"
        face.click()
    else:
        table.choice_button(table.words(action)).click()


def play_game(table: PlanetUnknownTable, chooser: object, limit: int = 2000) -> int:
    """Play the person's seat with clicks chosen by a bot; returns the clicks made."""
    rng = random.Random(0)
    clicks = 0
    assert table.match is not None
    while not table.match.is_over and clicks < limit:
        legal = table.state.legal_actions()
        action = chooser.choose(table.state.observation(table.seat), legal, rng)  # type: ignore[attr-defined]
        steps = len(table.match.steps)
        click(table, action)
        assert table.match.steps[steps].action == action, table.status.text
        assert table.match.steps[steps].actor == "player"
        for child in table.choices.children:  # every label a person reads is in words
            assert "_" not in child.description and "(" not in child.description.split(" ")[0]
        assert "_" not in html_text(table.pending_text.value)
        clicks += 1
    return clicks


def test_a_whole_game_is_played_by_clicks(table: PlanetUnknownTable) -> None:
    clicks = play_game(table, pu_agents.TrackRacer())
    assert table.match is not None and table.match.is_over and clicks > 10
    state = table.state
    assert "Game over" in table.status.text
    for seat, score in enumerate(state.final_scores):
        assert f"{score}" in table.status.text
        assert seat in (0, 1)
    assert "game over" in table.header.value
    assert any("game over" in line.lower() for line in table.log.lines)
    points = table.points_chart.data
    totals = [sum(int(t.y[s]) for t in points if t.type == "bar") for s in range(2)]
    assert totals == list(state.final_scores)


def test_clicking_a_legal_square_places_the_tile_and_moves_the_trackers(table: PlanetUnknownTable) -> None:
    action = next(a for a in table.state.legal_actions() if isinstance(a, pu.PlaceTile))
    before = list(table.observation["boards"][0]["trackers"])
    key = f"{action.orientation},{action.row},{action.col}"
    preview = table.planet.legal[str(action.stack)][key]
    table.planet.place(action.stack, action.orientation, action.row, action.col)
    assert table.match is not None
    placed = [r.event for r in table.match.events if isinstance(r.event, pu.TilePlaced) and r.event.seat == 0]
    assert placed and (placed[0].row, placed[0].col) == (action.row, action.col)
    after = list(table.state.observation(0)["boards"][0]["trackers"])
    moved = {pu_track: after[i] - before[i] for i, pu_track in enumerate(("civ", "water", "biomass", "rover", "tech"))}
    for track, gain in moved.items():
        if gain and f"{track} +" in preview:
            assert f"{track} +{gain}" in preview or track in preview
    chart = {t.name: list(t.y) for t in table.tracks_chart.data if t.xaxis in ("x", None)}
    assert chart["seat 0 (you)"][-1] == after[0]


def test_an_illegal_click_is_refused_with_the_engines_reason(table: PlanetUnknownTable) -> None:
    steps = len(table.match.steps) if table.match else 0
    table.planet.receive(
        {"kind": "place", "stack": table.planet.tiles[0]["stack"], "orientation": 0, "row": 6, "col": 6}
    )
    assert table.match is not None and len(table.match.steps) == steps
    assert "Not allowed" in table.status.text


def test_undo_gives_the_planet_back_in_placing_mode(table: PlanetUnknownTable) -> None:
    assert table.match is not None
    start = table.state
    action = next(a for a in table.state.legal_actions() if isinstance(a, pu.PlaceTile))
    click(table, action)
    table.undo_button.click()
    assert table.state == start and table.planet.mode == "place"


def test_rotate_and_flip_follow_the_orientation_rule() -> None:
    shape = pu.Rules.standard().c.shape("F")
    canon = canonical_orientations(shape)
    assert canon[0] == 0 and len(set(canon)) == 8  # F is chiral and asymmetric
    assert [rotate_orientation(o) for o in (0, 3, 4, 7)] == [1, 0, 5, 4]
    assert all(flip_orientation(flip_orientation(o)) == o for o in range(8))
    square = pu.Rules.standard().c.shape("O")
    info = tile_info(pu.Rules.standard(), 11, 0)
    assert info["label"].startswith("O tile") and square.name == "O"


def test_the_planet_keys_r_and_f_change_the_preview_orientation(table: PlanetUnknownTable) -> None:
    planet = table.planet
    planet.select(1)
    planet.rotate()
    assert planet.orientation == 1
    planet.flip()
    assert planet.orientation == flip_orientation(1)


def test_orientations_on_the_page_match_the_engines_placements(table: PlanetUnknownTable) -> None:
    legal = [a for a in table.state.legal_actions() if isinstance(a, pu.PlaceTile)]
    engine_orientations = {(a.stack, a.orientation) for a in legal}
    for tile in table.planet.tiles:
        canon = {o["canon"] for o in tile["orientations"].values()}
        assert {o for s, o in engine_orientations if s == tile["stack"]} <= canon


def test_six_players_and_the_station_ring() -> None:
    view = PlanetUnknownTable(
        seed=4, players=6, lineup=("you", "track racer", "civ racer", "rover hunter", "random", "rows and columns")
    )
    text = " ".join(html_text(d.value) for d in view.depots)
    assert all(f"Depot {d}" in text for d in range(6))
    assert "★" in text
    assert html_text(view.thumbnails.value).count("Seat") == 5
    view.close()


def test_pages_show_no_snake_case_or_reprs(table: PlanetUnknownTable) -> None:
    play_game(table, pu_agents.RoverHunter(), limit=40)
    depots = [d.value for d in table.depots]
    for markup in (table.header.value, table.pending_text.value, table.corporation.value, *depots):
        text = html_text(markup)
        assert "_" not in text and "PlaceTile(" not in text
    for line in table.log.lines:
        assert "_" not in line, line
    for child in table.choices.children:
        assert "_" not in child.description


def test_tracker_history_starts_at_zero_and_ends_at_the_trackers(table: PlanetUnknownTable) -> None:
    play_game(table, pu_agents.CivRacer(), limit=30)
    assert table.match is not None
    history = tracker_history(table.match.events, 2)
    assert (history[history["round"] == 0][["civ", "water", "biomass", "rover", "tech"]] == 0).all().all()
    last = history[history["round"] == history["round"].max()]
    for seat in range(2):
        row = last[last["seat"] == seat].iloc[0]
        trackers = table.state.observation(seat)["boards"][seat]["trackers"]
        assert [int(row[t]) for t in ("civ", "water", "biomass", "rover", "tech")] == list(trackers)


def test_explorer_ranks_every_legal_placement() -> None:
    explorer = TileYieldExplorer(seed=3, rounds=3)
    frame = explorer.frame
    assert not frame.empty
    assert (
        list(frame["steps"]) == sorted(frame["steps"], reverse=True) or frame["steps"].iloc[0] == frame["steps"].max()
    )
    assert "Best" in explorer.ranking.value and "_" not in html_text(explorer.ranking.value)
    heat = explorer.heat.data[0]
    best = max(v for row in heat.z for v in row if v is not None)
    assert best == frame[frame["stack"] == explorer.tile_choice.value]["steps"].max()
    explorer.close()


def test_explorer_follows_the_table(table: PlanetUnknownTable) -> None:
    explorer = TileYieldExplorer(table=table)
    explorer.table_button.click()
    assert "the table's position (your planet)" in html_text(explorer.summary.value)
    legal = [a for a in table.state.legal_actions() if isinstance(a, pu.PlaceTile)]
    assert len(explorer.frame) == len({(a.stack, a.orientation, a.row, a.col) for a in legal})
    explorer.close()


def test_predict_then_reveal_has_no_preset_answer_and_explains() -> None:
    explorer = TileYieldExplorer(seed=5, rounds=4)
    predict = explorer.predict
    assert predict is not None and predict.guess.value is None
    predict.guess.value = predict.correct
    assert predict.reveal() is True
    assert "Right" in predict.answer.value and "step" in predict.answer.value
    explorer.close()


def test_placement_table_matches_the_engine_on_a_seeded_position() -> None:
    match = pu.new_game(2, seed=7)
    observation = match.observation(0)
    frame = placement_table(observation, 0, pu.Rules.standard())
    legal = {(a.stack, a.orientation, a.row, a.col) for a in match.legal_actions() if isinstance(a, pu.PlaceTile)}
    if match.current_player == 0:
        assert set(zip(frame["stack"], frame["orientation"], frame["row"], frame["col"], strict=True)) == legal
    predict = PredictPlacement(observation, 0, pu.Rules.standard(), frame=frame, seed=1)
    assert predict.correct in PredictPlacement.CHOICES


def test_strategy_games_and_rescoring_agree_with_the_engine() -> None:
    games = strategy_games([pu_agents.TrackRacer(), pu_agents.RandomAgent()], games=2, seed=3)
    assert len(games) == 4 and set(games["agent"]) == {"track racer", "random"}
    parts = ["rows", "columns", "civ", "water", "biomass", "rover", "tech", "lifepods", "meteorites", "civ_cards"]
    assert (games[[*parts, "private", "neighbour"]].sum(axis=1) == games["score"]).all()
    same = rescore_lines(games, 1)
    assert (same["won"] == games["won"]).all() and (same["score"] == games["score"]).all()
    none = rescore_lines(games, 0)
    assert (none["score"] == games["score"] - games["rows"] - games["columns"]).all()
    assert (none.groupby("game")["won"].sum() >= 1).all()


def test_a_game_with_both_modules_is_played_by_clicks() -> None:
    """Event cards and private objectives: every gain they cause is reachable by a click or a button."""
    view = PlanetUnknownTable(seed=3, players=2, lineup=("you", "track racer"))
    view.events_module.value = True
    view.objectives_module.value = True
    view.new_game_panel.button.click()
    assert view.match is not None and view.match.rules is not None and view.match.rules.events
    assert html_text(view.choices.children[0].description).startswith("keep: ")
    clicks = play_game(view, pu_agents.RoverHunter(), limit=45)
    assert clicks == 45 or view.match.is_over
    assert any("event card" in line.lower() for line in view.log.lines)
    view.close()


def test_solo_game_over_states_the_target() -> None:
    view = PlanetUnknownTable(seed=5, players=1, lineup=("you",))
    play_game(view, pu_agents.TrackRacer())
    assert view.match is not None and view.match.is_over
    assert "solo target" in view.status.text and ("you win" in view.status.text or "you lose" in view.status.text)
    view.close()


def test_new_games_and_close_release_widget_models() -> None:
    before = len(live_widgets())
    view = PlanetUnknownTable(seed=1, players=2, lineup=("you", "track racer"))
    action = next(a for a in view.state.legal_actions() if isinstance(a, pu.PlaceTile))
    click(view, action)
    view.new_game_panel.button.click()
    settled = len(live_widgets())
    for _ in range(4):
        click(view, next(a for a in view.state.legal_actions() if isinstance(a, pu.PlaceTile)))
        view.new_game_panel.button.click()
    assert len(live_widgets()) == settled
    view.close()
    assert len(live_widgets()) == before
    explorer = TileYieldExplorer(seed=2, rounds=2)
    explorer.new_button.click()
    explorer.close()
    assert len(live_widgets()) == before


def test_the_commander_turns_the_station_by_clicking_a_depot() -> None:
    view = PlanetUnknownTable(seed=7, players=3, lineup=("you", "track racer", "civ racer"))
    assert view.match is not None and view.state.observation(0)["phase"] == "rotate"
    turns = [a for a in view.state.legal_actions() if isinstance(a, pu.Rotate)]
    shown = [d for d, b in enumerate(view.depot_buttons) if b.layout.display != "none"]
    assert len(shown) == len(turns) == 6
    target = turns[2]
    view.depot_button(target).click()
    assert view.match.steps[0].action == target
    mine = int(view.state.observation(0)["boards"][0]["depot"][0])
    assert f"face depot {mine}" in view.status.text
    assert all(b.layout.display == "none" for b in view.depot_buttons)
    view.close()


# -- issue 19: the end of the game, the points chart, Undo's caption, the redraw ----------------------------
def test_at_game_over_the_planet_says_the_game_is_over_and_who_won(table: PlanetUnknownTable) -> None:
    """The caption under the planet said "Waiting for the other seats." for ever at game over; now it says the
    game is over and who won, and the final scores show every seat's points by source (the points chart's)."""
    play_game(table, pu_agents.TrackRacer())
    assert table.match is not None and table.match.is_over
    caption = table.planet.caption
    assert "Waiting" not in caption and "game is over" in caption
    winners = table.state.winners()
    names = [table.seat_name(s) for s in range(2)]
    assert (" and ".join(names[s] for s in winners) if len(winners) > 1 else names[winners[0]]) in caption
    shown = html_text(table.final_scores.value)
    assert table.final_scores.layout.display != "none" and "by source" in shown
    chart = {t.name: [int(v) for v in t.y] for t in table.points_chart.data if t.type == "bar"}
    scored = {name: values for name, values in chart.items() if any(values)}
    assert len(scored) >= 3
    for label in scored:  # every source a seat scored from, with its points, as the chart stacks them
        assert label in shown
    frame = table.score_breakdown(table.state.observation(table.seat))
    for label, values in scored.items():
        assert list(frame[label]) == values
    assert list(frame["total"]) == list(table.state.final_scores)
    assert list(frame["result"]) == ["won" if s in winners else "" for s in range(2)]


def test_the_points_chart_leaves_room_for_every_total(table: PlanetUnknownTable) -> None:
    """The totals written above the bars were cut off at the top of the plot: the y axis now runs past the
    tallest bar by a sixth and the totals' text is not clipped to the axes."""
    play_game(table, pu_agents.CivRacer(), limit=60)
    figure = table.points_chart.figure
    totals = next(t for t in figure.data if t.type == "scatter")
    bars = [t for t in figure.data if t.type == "bar"]
    assert list(totals.y) == [sum(int(t.y[s]) for t in bars) for s in range(2)]
    assert totals.text == tuple(str(v) for v in totals.y) and totals.textposition == "top center"
    assert totals.cliponaxis is False
    low, high = figure.layout.yaxis.range
    tallest = max(totals.y)
    assert tallest > 0 and low == 0 and high >= tallest * (1 + 1 / 6)
    empty = pu_charts.points_breakdown(pd.DataFrame({"name": ["A", "B"]}))  # the chart before any point
    assert list(empty.layout.yaxis.range) == [0, 1]


def test_undo_says_one_action_may_be_a_single_rover_move(table: PlanetUnknownTable) -> None:
    """Undo takes back one action: after a placement and a rover move, only the rover move. The table says
    so by the button (the shared table says the rest: the bots' moves since go too)."""
    note = html_text(table.undo_note.value)
    assert "rover move" in note and "whole tile placement" in note and "Undo again" in note
    assert table.undo_note in table.undo_button_box.children
    bot, rng, clicks = pu_agents.RoverHunter(), random.Random(0), 0
    assert table.match is not None
    while not any(isinstance(a, pu.MoveRover) for a in table.state.legal_actions()):
        click(table, bot.choose(table.state.observation(0), table.state.legal_actions(), rng))
        clicks += 1
        assert clicks < 100
    before, placed = table.state, len([r for r in table.match.events if isinstance(r.event, pu.TilePlaced)])
    rover = next(a for a in table.state.legal_actions() if isinstance(a, pu.MoveRover))
    click(table, rover)
    # Issue 19: the caption names the rover move (not the placement) and counts the bot moves Undo takes too.
    steps = table.match.steps
    last = max(i for i, step in enumerate(steps) if step.actor == "player")
    assert steps[last].action == rover and table.words(rover).startswith("move the rover from ")
    bots = sum(step.actor == "agent" for step in steps[last + 1 :])
    since = f", and the {bots} bot move{'s' if bots != 1 else ''} since." if bots else "."
    words = f"Undo takes back your last action only, not the whole turn: {table.words(rover)}{since}"
    assert table.undo_button.tooltip == words and words in html_text(table.undo_caption.value)
    table.undo_button.click()
    assert table.state == before
    assert len([r for r in table.match.events if isinstance(r.event, pu.TilePlaced)]) == placed


def test_a_redraw_rebuilds_only_what_changed() -> None:
    """Building the two plotly figures was nine tenths of a click's redraw: a redraw with nothing new keeps
    both figures and the choice buttons (no widget model opened), and after clicks the tracks chart, refilled
    in place, is the figure drawn anew from the same events."""
    view = PlanetUnknownTable(seed=3, players=2, lineup=("you", "track racer"))
    view.events_module.value = True
    view.new_game_panel.button.click()
    assert view.choices.children  # the event card's choice of resource
    tracks, points, buttons = view.tracks_chart.figure, view.points_chart.figure, view.choices.children
    opened = len(live_widgets())
    view.refresh()
    assert view.tracks_chart.figure is tracks and view.points_chart.figure is points
    assert view.choices.children == buttons and len(live_widgets()) == opened
    play_game(view, pu_agents.TrackRacer(), limit=12)
    assert view.match is not None
    history = tracker_history(view.match.events, 2)
    milestones = milestone_positions(view.game_rules)
    fresh = pu_charts.trackers_by_round(history, names=view.names(), milestones=milestones)
    assert view.tracks_chart.figure is tracks and tracks.to_plotly_json() == fresh.to_plotly_json()
    view.close()


def test_a_choice_offered_again_shows_its_old_button_which_never_plays_another_choice(
    table: PlanetUnknownTable,
) -> None:
    """A placement click offers "stop moving rovers" on most turns: the second time, the table shows the button
    it made the first time, so the click opens no widget model. A button no longer shown (the second press of a
    double click) does nothing, rather than play whatever is offered now."""
    assert table.match is not None
    bot, rng = pu_agents.TrackRacer(), random.Random(0)
    while not any(isinstance(a, pu.PlaceTile) for a in table.state.legal_actions()) or table.observation["round"] < 5:
        click(table, bot.choose(table.state.observation(0), table.state.legal_actions(), rng))
    placement = next(a for a in table.state.legal_actions() if isinstance(a, pu.PlaceTile))
    click(table, placement)
    (stop,) = table.choices.children
    assert stop.description == "stop moving rovers"
    table.undo_button.click()
    assert stop not in table.choices.children
    opened = len(live_widgets())
    click(table, placement)
    assert table.choices.children == (stop,) and len(live_widgets()) == opened
    steps = len(table.match.steps)
    stop.click()
    assert isinstance(table.match.steps[steps].action, pu.StopRovers)
    assert stop not in table.choices.children
    played = len(table.match.steps)
    stop.click()
    assert len(table.match.steps) == played


def test_the_tracks_chart_refilled_in_place_is_the_chart_drawn_anew() -> None:
    """``trackers_by_round(..., reuse=figure)`` refills a figure of the same seats and milestones and ends equal
    to a new one at every point of a game (tick spacing included: whole steps while short, plotly's after);
    a figure of other seats or milestones is not reused."""
    match = playbook.Match(
        "planet_unknown", players=2, seed=11, agents={0: pu_agents.TrackRacer(), 1: pu_agents.CivRacer()}
    )
    match.advance()
    milestones = milestone_positions(pu.Rules.standard())
    names = ["A", "B"]
    figure = None
    for end in range(0, len(match.events) + 1, 9):
        history = tracker_history(match.events[:end], 2)
        fresh = pu_charts.trackers_by_round(history, names=names, milestones=milestones)
        reused = pu_charts.trackers_by_round(history, names=names, milestones=milestones, reuse=figure)
        assert figure is None or reused is figure
        assert reused.to_plotly_json() == fresh.to_plotly_json()
        figure = reused
    assert figure is not None and figure.layout.xaxis.dtick is None  # past twelve rounds: plotly's spacing
    other = pu_charts.trackers_by_round(history, names=["A", "C"], milestones=milestones, reuse=figure)
    assert other is not figure and [t.name for t in other.data][:2] == ["A", "C"]
    fewer = {**milestones, "civ": milestones["civ"][:2]}
    assert pu_charts.trackers_by_round(history, names=names, milestones=fewer, reuse=figure) is not figure
