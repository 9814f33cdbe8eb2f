"""Headless tests of the asymmetric planets and corporations (issue 14) in the Planet Unknown table, explorer
and strategy lab: choose them per seat as a person does, then check what the page draws (the planet widget's
cells, the legend, the corporation board) against the public planet and corporation data.

Issue 14: "The bots play every corporation and planet without error, and the table and explorer work with any
of them."
"""

from __future__ import annotations

import inspect
import random
import re
from collections.abc import Iterator

import pytest

from playbook.games import planet_unknown as pu
from playbook.games.planet_unknown import agents as pu_agents
from playbook.games.planet_unknown import variants
from playbook.widgets.common import live_widgets
from playbook.widgets.planet_unknown import (
    LabTabs,
    PlanetUnknownTable,
    TileYieldExplorer,
    html_text,
    placement_table,
    seeded_position,
)
from playbook.widgets.planet_unknown import asymmetric as asym
from playbook.widgets.planet_unknown import corporation as corp

PLAYABLE = [k for k in variants.corporation_keys() if not variants.missing_rules(k)]


@pytest.fixture
def widgets_released() -> Iterator[None]:
    """Every widget a test builds is closed by the end of it."""
    before = len(live_widgets())
    yield
    assert len(live_widgets()) == before


def new_table(planets: tuple[str, ...], corporations: tuple[str, ...], seed: int = 1) -> PlanetUnknownTable:
    """A table where a person picks each seat's planet and corporation in the panel and presses New game."""
    table = PlanetUnknownTable(seed=seed, players=len(planets), lineup=("you", *["track racer"] * (len(planets) - 1)))
    for seat, (planet, corporation) in enumerate(zip(planets, corporations, strict=True)):
        table.seat_setup.choose(seat, planet, corporation)
    table.new_game_panel.button.click()
    return table


def td(markup: str, track: str, position: int) -> str:
    found = re.search(rf"<td class='pu-track-{track}-{position}'.*?</td>", markup, flags=re.S)
    assert found, (track, position)
    return found.group(0)


def play_until(table: PlanetUnknownTable, done: object, limit: int = 400) -> None:
    """Play the person's seat with the track racer's choices, pressed through the table, until ``done()``."""
    from tests.planet_unknown_views.test_widgets import click

    rng = random.Random(0)
    bot = pu_agents.TrackRacer()
    assert table.match is not None
    for _ in range(limit):
        if done() or table.match.is_over:  # type: ignore[operator]
            return
        action = bot.choose(table.state.observation(table.seat), table.state.legal_actions(), rng)
        steps = len(table.match.steps)
        click(table, action)
        assert table.match.steps[steps].action == action, table.status.text


def test_the_panel_offers_every_planet_and_only_playable_corporations(widgets_released: None) -> None:
    """Issue 14: every planet and corporation "chosen per seat at set-up"; a corporation the engine cannot play
    yet is refused by name (variants.py), so the panel names it only as not yet playable."""
    setup = asym.SeatSetup(seats=2)
    planets = [key for _label, key in setup.planets[0].options]
    corporations = [key for _label, key in setup.corporations[1].options]
    assert planets == ["standard", *variants.planet_keys()] and len(planets) == 13
    assert corporations == ["standard", *PLAYABLE]
    for key in variants.corporation_keys():
        name = variants.corporation_table(key).name
        labels = [label for label, _key in setup.corporations[0].options]
        assert (name in labels) == (key in PLAYABLE)
        assert (name in setup.note.value) == (key not in PLAYABLE)
    from playbook.widgets.common import close_widgets

    close_widgets(setup.widget)


def test_choosing_a_planet_and_corporation_per_seat_starts_that_game(widgets_released: None) -> None:
    """Choosing per seat in the table starts that game: the observation names each seat's planet and
    corporation, the legend and the corporation board show the chosen ones, and clicks play it."""
    table = new_table(("lacuna", "gaia"), ("oasis", "horizon"))
    assert table.observation["planets"] == ["lacuna", "gaia"]
    assert table.observation["corporations"] == ["oasis", "horizon"]
    assert "Planet Lacuna" in html_text(table.planet_legend.value)
    assert "Corporation board (Oasis Ultd.)" in html_text(table.corporation.value)
    assert "Gaia" not in html_text(table.planet_legend.value)
    play_until(table, lambda: table.state.round >= 3)
    assert table.state.round >= 3
    gaia = table.thumbnails.value  # the other seat's planet is drawn with its own shape
    assert "pu-thumb-1" in gaia and "Gaia · Horizon Group" in html_text(gaia)
    table.seat_setup.choose(0)
    table.seat_setup.choose(1)
    table.new_game_panel.button.click()
    assert table.observation["planets"] == ["standard", "standard"] and table.game_rules.planets == ()
    table.close()


@pytest.mark.parametrize("key", variants.planet_keys())
def test_every_planets_special_squares_are_drawn_with_a_legend(key: str, widgets_released: None) -> None:
    """Reference section 2 (each planet's map and special squares): every special square of the planet data is
    marked on the drawn planet, in the legend's colour, and the legend explains it; holes are no squares."""
    planet = variants.planet_entry(key)
    table = PlanetUnknownTable(seed=3, players=1, lineup=("you",), rules=pu.Rules(planets=(key,)))
    cells = table.planet.cells
    legend = html_text(table.planet_legend.value)
    assert f"Planet {planet.name}" in legend
    playable = sum(ch != "." for row in planet.rows for ch in row)
    assert sum(1 for c in cells if c["p"]) == playable
    for kind, mask in planet.special:
        squares = [s for s in range(144) if mask >> s & 1]
        if kind == "holes":
            assert all(cells[s]["p"] == 0 and cells[s]["h"] == 1 for s in squares)
        else:  # Charybdis's centre squares are its first-tile squares: drawn once, as "first"
            shown = "first" if kind == "centre" else kind
            assert all(shown in [m["k"] for m in cells[s]["x"]] for s in squares), kind
        if kind != "centre":
            assert asym.special_kind(kind)[2] in legend, kind
    for index, (box, forbidden) in enumerate(planet.quadrants):
        inside = [s for s in range(144) if box >> s & 1 and cells[s]["p"]]
        assert inside and all(f"quadrant_{index}" in [m["k"] for m in cells[s]["x"]] for s in inside)
        assert f"no {pu.components.TERRAIN_NAMES[forbidden]} symbol" in legend
    if planet.mask("west"):  # Tartarus: the chasm is drawn between the two sides
        assert any("e" in c for c in cells) and "the chasm" in legend
    assert asym.planet_rules_lines(planet) == [] or all(line in legend for line in asym.planet_rules_lines(planet))
    table.close()


def test_a_table_built_on_chosen_rules_shows_them_in_the_panel(widgets_released: None) -> None:
    """A table given ``Rules(planets=..., corporations=...)`` (one per seat, or one for all) starts that game
    and its panel shows those choices, so New game keeps them."""
    rules = pu.Rules(planets=("tartarus", "petra"), corporations=(PLAYABLE[-1],))
    table = PlanetUnknownTable(seed=1, rules=rules)
    assert [d.value for d in table.seat_setup.planets[:3]] == ["tartarus", "petra", "standard"]
    assert [d.value for d in table.seat_setup.corporations[:2]] == [PLAYABLE[-1]] * 2
    table.new_game_panel.button.click()
    assert table.observation["planets"] == ["tartarus", "petra"]
    assert table.observation["corporations"] == [PLAYABLE[-1]] * 2
    table.close()


def test_a_hole_is_refused_as_a_click(widgets_released: None) -> None:
    """Reference 2.7 (Lacuna): holes "are not squares"; a click there does nothing but say so."""
    table = new_table(("lacuna", "standard"), ("standard", "standard"), seed=2)
    assert table.match is not None
    holes = variants.planet_entry("lacuna").mask("holes")
    hole = next(s for s in range(144) if holes >> s & 1)
    row, col = divmod(hole, 12)
    steps = len(table.match.steps)
    table.planet.receive({"kind": "square", "row": row, "col": col})
    assert "a hole, not a square" in table.status.text and len(table.match.steps) == steps
    assert table.planet.mode == "place"
    table.planet.click(row, col)  # the selected tile's first square on the hole: the engine refuses it
    assert len(table.match.steps) == steps
    assert f"row {row}, column {col}, a hole: holes are not squares" in table.status.text
    table.close()


def test_the_oasis_water_path_is_drawn_and_the_tracker_follows_it(widgets_released: None) -> None:
    """Reference 1.6 (Oasis Ultd.): the water tracker follows a winding path over the other tracks (24 steps);
    the board draws every step on its space and the water tracker on the path's space."""
    table = new_table(("standard", "standard"), ("oasis", "standard"), seed=4)
    corporation = variants.corporation_table("oasis")
    markup = table.corporation.value
    assert len(corporation.water_path) > 16
    for step, (track, position) in enumerate(corporation.water_path):
        assert re.search(rf"\bw([0-9/]*/)?{step}\b", td(markup, pu.components.TERRAIN_NAMES[track], position))
    assert "winding path of 24 steps" in html_text(markup)
    play_until(table, lambda: table.observation["boards"][0]["trackers"][1] >= 2)
    step = table.observation["boards"][0]["trackers"][1]
    assert step >= 2
    track, position = corporation.water_path[step]
    cell = td(table.corporation.value, pu.components.TERRAIN_NAMES[track], position)
    assert "you: water tracker" in cell and "◉" in cell
    table.close()


def test_corporation_boards_show_civ_ranks_and_techs() -> None:
    """Reference 1.7 (Republic): seven civ milestones ranked 1, 2, 2, 3, 3, 4, 4, drawn as Cn on the civ track."""
    match, seat = seeded_position(3, rounds=1, rules=pu.Rules(corporations=("republic",)))
    observation = match.state.observation(seat)
    markup = corp.corporation_board_html(observation, match.rules, ["you", "seat 1"], seat, {})
    ranks = re.findall(r"C(\d)\b", html_text(markup).split("M medal")[0])
    assert [int(r) for r in ranks] == [1, 2, 2, 3, 3, 4, 4]
    assert "Corporation board (Republic)" in html_text(markup)


def test_new_observation_fields_are_drawn_generically() -> None:
    """Fields a corporation adds to the observation (pieces on track spaces, counters, a chosen track) are
    drawn from ``observation(seat)`` without code per field: track-space pairs on the track, the rest in words."""
    match, seat = seeded_position(1, rounds=1)
    observation = match.state.observation(seat)
    board = dict(observation["boards"][seat])
    board["lifepods_on_track"] = [[0, 3], [2, 7]]
    board["jump_mode"] = "ready"
    board["charges_left"] = 2
    observation = {**observation, "boards": [board, *observation["boards"][1:]]}
    markup = corp.corporation_board_html(observation, pu.Rules.standard(), ["you", "seat 1"], seat, {})
    assert "lifepods on track" in td(markup, "civ", 3) and "lifepods on track" in td(markup, "biomass", 7)
    text = html_text(markup)
    assert "Jump mode: ready" in text and "Charges left: 2" in text
    assert "Flux rovers" not in text and "Tech slots" not in text  # other corporations' empty fields stay out


def test_flux_and_wormhole_boards_draw_their_own_tracks() -> None:
    """Reference 1.2 (Flux): the flux track is marked and its upgraded side shown ("SYN+SYN" as S S); reference
    1.8 (Wormhole): the biomass track moves by rows of two, spaces 1, 4, 7, 10, 13 are passed."""
    match, seat = seeded_position(1, rounds=1)
    observation = dict(match.state.observation(seat))
    board = dict(observation["boards"][seat])
    board["flux_track"] = "water"
    flux = {**observation, "boards": [board, *observation["boards"][1:]], "corporations": ["flux", "wormhole"]}
    markup = corp.corporation_board_html(flux, pu.Rules.standard(), ["you", "seat 1"], seat, {})
    assert "Corporation board (Flux Industries)" in html_text(markup)
    assert "water ⚡" in html_text(markup)
    upgraded = re.search(r"<td class='pu-upgraded-water-3'[^>]*>([^<]*)</td>", markup)
    assert upgraded and upgraded.group(1) == "S S"
    wormhole = corp.corporation_board_html(flux, pu.Rules.standard(), ["you", "seat 1"], 1, {})
    assert "Corporation board (Wormhole Corp.)" in html_text(wormhole)
    for position in (1, 4, 7, 10, 13):
        assert "passed, never landed on" in td(wormhole, "biomass", position)
    assert "row 1" in td(wormhole, "biomass", 2) and "row 5" in td(wormhole, "biomass", 15)
    assert "S advances civ" in td(wormhole, "biomass", 5)


def test_the_explorer_runs_with_a_chosen_planet_and_corporation(widgets_released: None) -> None:
    """The explorer's seeded position is played on the chosen planet and corporation, and its ranking lists
    exactly the engine's legal placements there."""
    explorer = TileYieldExplorer(seed=2, rounds=2)
    explorer.planet_choice.value = "persephone"
    explorer.corporation_choice.value = PLAYABLE[-1]
    explorer.new_button.click()
    assert explorer.rules.planets == ("persephone",) and explorer.rules.corporations == (PLAYABLE[-1],)
    match, seat = seeded_position(2, rounds=2, rules=explorer.rules)
    legal = {
        (a.stack, a.orientation, a.row, a.col)
        for a in match.state.legal_actions()
        if isinstance(a, pu.PlaceTile) and a.skip < 0
    }
    frame = placement_table(match.state.observation(seat), seat, explorer.rules)
    ranked = set(zip(frame["stack"], frame["orientation"], frame["row"], frame["col"], strict=True))
    assert ranked == legal and len(explorer.frame) == len(frame)
    assert f"{len(frame)} legal placements" in html_text(explorer.summary.value)
    explorer.close()


def test_the_explorer_follows_a_table_on_another_planet(widgets_released: None) -> None:
    table = new_table(("kaax", "standard"), ("standard", "standard"))
    explorer = TileYieldExplorer(table=table)
    explorer.table_button.click()
    assert explorer.rules.planets == ("kaax", "standard")
    legal = {(a.stack, a.orientation, a.row, a.col) for a in table.state.legal_actions() if isinstance(a, pu.PlaceTile)}
    assert set(zip(explorer.frame["stack"], explorer.frame["orientation"], explorer.frame["row"],
                   explorer.frame["col"], strict=True)) == legal  # fmt: skip
    explorer.close()
    table.close()


def test_the_strategy_lab_plays_its_tournament_on_a_chosen_corporation(widgets_released: None) -> None:
    tabs = LabTabs(seed=3, games=10)
    lab = tabs.lab
    assert isinstance(lab, asym.PlanetStrategyLab)
    lab.corporation.value = PLAYABLE[0]
    lab.planet.value = "arashi"
    assert lab.game_rules() == pu.Rules(planets=("arashi",), corporations=(PLAYABLE[0],))
    lab.games.value = 10
    results = lab.run()
    assert results is not None and len(results) == 20, lab.status.text
    tabs.close()


def test_the_asymmetric_views_read_only_what_a_seat_sees() -> None:
    """Views read observation, legal actions and public component data: never a game state's fields."""
    source = inspect.getsource(asym) + inspect.getsource(corp)
    assert not re.findall(r"\.state\.(\w+)", source)
    assert ".boards" not in source and "_corporations_file" not in source and "_planets_file" not in source


def test_the_tracks_chart_marks_the_milestones_of_the_seats_own_board() -> None:
    """The tracks chart marks where the shown seat's own board pays: the standard board's milestones for
    Universal Coalition; on Oasis's water path, the steps whose space pays (step 2 stands on biomass 2, a
    synergy; reference 1.6)."""
    from playbook.widgets.planet_unknown import milestone_positions

    rules = pu.Rules.standard()
    assert milestone_positions(rules, rules.c.corporation) == milestone_positions(rules)
    oasis = variants.corporation_table("oasis")
    water = milestone_positions(rules, oasis)["water"]
    paying = [
        step
        for step, (track, position) in enumerate(oasis.water_path)
        if any(oasis.tracks[track][position][i] for i in (1, 2, 3, 4, 5))
    ]
    assert water == paying and 2 in water


def test_cosmos_lifepods_and_jump_drive_slots_are_drawn_from_the_observation() -> None:
    """Reference 1.1 (Cosmos): collected lifepods may sit on track spaces (``track_lifepods``, a bit per space);
    reference 1.4 (Jump Drive): techs unlock by lifepods in tech slots (``tech_slots``), and tech 6 shares
    objectives (``shared_objectives``). The board draws each from the observation."""
    match, seat = seeded_position(1, rounds=1)
    observation = dict(match.state.observation(seat))
    board = dict(observation["boards"][seat])
    board.update(track_lifepods=[1 << 4, 0, 0, 0, 1 << 15], tech_slots=[1, 3], active_techs=[1, 3])
    other = dict(observation["boards"][1])
    other.update(shared_objectives=[observation["neighbour_objectives"][0]], tech_slots=[6])
    seen = {**observation, "boards": [board, other], "corporations": ["cosmos", "jump_drive"]}
    cosmos = corp.corporation_board_html(seen, pu.Rules.standard(), ["you", "seat 1"], 0, {})
    assert "pu-piece-lifepods" in td(cosmos, "civ", 4) and "pu-piece-lifepods" in td(cosmos, "tech", 15)
    assert "pu-piece-lifepods" not in td(cosmos, "civ", 5)
    text = html_text(cosmos)
    assert "a lifepod on that space" in text and "Your techs: 1: A rover step may go to any" in text
    assert "3: Each placed tile with an energy symbol" in text and "Tech slots" not in text.split("Your techs")[0]
    jump = corp.corporation_board_html(seen, pu.Rules.standard(), ["you", "seat 1"], 1, {})
    assert "Tech slots holding a lifepod (techs unlocked): 6" in html_text(jump)


@pytest.mark.parametrize("key", PLAYABLE)
def test_every_playable_corporation_is_played_by_clicks(key: str, widgets_released: None) -> None:
    """Issue 14: "the table and explorer work with any of them": each playable corporation, chosen for your
    seat in the panel, is played by clicks for three rounds; its board names it and every button is in words."""
    planet = variants.planet_keys()[PLAYABLE.index(key) % len(variants.planet_keys())]
    table = new_table((planet, "standard"), (key, key), seed=5)
    assert table.observation["corporations"] == [key, key]
    name = variants.corporation_table(key).name
    play_until(table, lambda: table.state.round >= 3)
    assert table.state.round >= 3 or (table.match is not None and table.match.is_over)
    assert f"Corporation board ({name})" in html_text(table.corporation.value)
    for child in table.choices.children:
        assert "_" not in child.description
    table.close()


def test_a_replay_of_an_asymmetric_game_shows_each_seats_planet_and_board(widgets_released: None) -> None:
    """The replay's read-only table and "Play from here" keep the match's planets and corporations."""
    from playbook.core import Match
    from playbook.widgets.planet_unknown import replay

    rules = pu.Rules(planets=("lacuna", "arashi"), corporations=(PLAYABLE[0], "standard"))
    match = Match(pu, players=2, seed=3, rules=rules, agents={0: pu_agents.TrackRacer(), 1: pu_agents.CivRacer()})
    match.advance()
    viewer = replay(match, seat=0)
    viewer.slider.value = 20
    text = html_text(str([getattr(c, "value", "") for c in _descendants(viewer.position)]))
    assert "Planet Lacuna" in text and variants.corporation_table(PLAYABLE[0]).name in text
    fork = viewer.play_from_here()
    (table,) = viewer.opened_tables  # type: ignore[attr-defined]
    assert table.match is fork and table.observation["planets"] == ["lacuna", "arashi"]
    assert table.planet.mode in ("place", "square", "view") and any(c.get("h") for c in table.planet.cells)
    table.close()
    viewer.close()


def _descendants(widget: object) -> list[object]:
    found = [widget]
    for child in getattr(widget, "children", ()):
        found += _descendants(child)
    return found


def test_makeshift_trackers_standing_on_another_track_are_drawn_there() -> None:
    """Reference 1.5 (Makeshift): a tracker may move diagonally onto a neighbouring track; the observation's
    ``columns`` names the track each tracker stands on, and the board draws it on that space, lettered."""
    match, seat = seeded_position(1, rounds=1)
    observation = dict(match.state.observation(seat))
    board = dict(observation["boards"][seat])
    board.update(trackers=[3, 5, 0, 0, 0], columns=[0, 0, 2, 3, 4])
    seen = {**observation, "boards": [board, *observation["boards"][1:]], "corporations": ["makeshift", "standard"]}
    markup = corp.corporation_board_html(seen, pu.Rules.standard(), ["you", "seat 1"], seat, {})
    cell = td(markup, "civ", 5)
    assert "you: water tracker" in cell and "◉<sub>w</sub>" in cell
    assert "you: water tracker" not in td(markup, "water", 5)
    assert "a tracker on another track's space" in html_text(markup)


@pytest.mark.parametrize("key", PLAYABLE)
def test_the_explorer_ranks_exactly_the_engines_placements_for_every_corporation(
    key: str, widgets_released: None
) -> None:
    """The explorer ranks the engine's own legal placements (a corporation's placement powers, the planet's
    rules), so what it offers is what the table accepts."""
    explorer = TileYieldExplorer(seed=4, rounds=5)
    explorer.corporation_choice.value = key
    explorer.planet_choice.value = variants.planet_keys()[len(key) % 12]
    explorer.new_button.click()
    match, _seat = seeded_position(4, rounds=5, rules=explorer.rules)
    legal = {(a.stack, a.orientation, a.row, a.col) for a in match.state.legal_actions() if isinstance(a, pu.PlaceTile)}
    frame = explorer.frame
    assert set(zip(frame["stack"], frame["orientation"], frame["row"], frame["col"], strict=True)) == legal
    explorer.close()


def test_a_corporations_own_decisions_are_worded_for_a_person(widgets_released: None) -> None:
    """Reference 1.2 (Flux): the flux track is chosen at set-up; the table says so and offers one button per
    track, in words."""
    table = PlanetUnknownTable(seed=1, rules=pu.Rules(corporations=("flux", "standard")))
    assert html_text(table.pending_text.value) == "Flux track: choose it"
    labels = [c.description for c in table.choices.children]
    assert labels == [f"Flux track: choose {t}" for t in ("civ", "water", "biomass", "rover", "tech")]
    table.choice_button("Flux track: choose water").click()
    assert table.observation["boards"][0]["flux_track"] == "water"
    assert "water ⚡" in html_text(table.corporation.value)
    table.close()


def test_the_winner_is_named_in_plain_english() -> None:
    from playbook.widgets.planet_unknown import _winners_words

    assert _winners_words([0], lambda s: "you") == "you win"
    assert _winners_words([1], lambda s: "Seat 1 (track racer)") == "Seat 1 (track racer) wins"


def test_medal_gains_follow_the_engine_medal_table_jump_drive_loses_on_tech() -> None:
    """Reference 1.4 (Jump Drive): "the nearest medal at or below the tracker is scored": a tech advance from 5 to 6
    goes from the 5-point medal to the 3-point one, so the explorer's medal column says -2, not 0."""
    from playbook.widgets.planet_unknown.frames import medals_gained

    jump = variants.corporation_table("jump_drive")
    assert medals_gained([0, 0, 0, 0, 5], [0, 0, 0, 0, 1], pu.Rules.standard(), jump) == -2
    assert medals_gained([0, 0, 0, 0, 5], [0, 0, 0, 0, 1], pu.Rules.standard()) >= 0  # rising medals elsewhere


def test_lines_completed_count_rows_as_the_engine_scores_them() -> None:
    """The explorer's "lines completed": a placement finishing a row counts it, unless a meteorite lies on it;
    Petra (reference 2.10): "uncovered currents count as covered" for completion, so a row short only of its
    currents is completed too."""
    from playbook.games.planet_unknown.geometry import planet_masks
    from playbook.widgets.planet_unknown.frames import lines_completed

    empty = pu.new_game(2, seed=1).boards[0]
    standard = pu.Rules.standard().c.planet
    row = planet_masks(standard).rows[5]
    last = row & -row  # the row's first square, placed last
    board = empty._replace(covered=row & ~last)
    assert lines_completed(board, standard, last, -1) == 1
    assert lines_completed(board, standard, last, last.bit_length() - 1) == 0  # the tile's meteorite lands there
    petra = variants.planet_entry("petra")
    currents = petra.mask("currents")
    line = next(r for r in planet_masks(petra).rows if r & currents)
    first = (line & ~currents) & -(line & ~currents)
    assert lines_completed(empty._replace(covered=line & ~currents & ~first), petra, first, -1) >= 1
