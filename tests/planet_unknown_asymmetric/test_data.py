"""Issue 14 data: ``corporations.toml`` and ``planets.toml`` checked against the reference.

Every test's docstring quotes the line of ``../shared/reference/planet_unknown_asymmetric_and_mechanics.md`` (or of
the rulebook, ``../shared/rules/planet_unknown.txt``) it checks. The tests at the end re-read the reference's own
tables and maps, carried into ``reference_tables.toml`` beside this file (table rows and map lines verbatim, cited),
so they run on any clone: the reference itself lives outside the repository.
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

DATA = Path(__file__).resolve().parents[2] / "playbook" / "games" / "planet_unknown" / "data"
REFERENCE_TABLES = Path(__file__).resolve().with_name("reference_tables.toml")
TRACKS = ("civ", "water", "biomass", "rover", "tech")
STANDARD_MEDALS = [1, 1, 1, 2, 2, 3, 3, 2, 2, 1, 1, 1]
LAND_LIKE = "LRHCTE"
SQUARE_CHARS = "LIPRHCTEQ"  # every map character that is a square ("." and Lacuna's "o" are not)


def _load(name: str) -> dict[str, Any]:
    with (DATA / name).open("rb") as handle:
        return tomllib.load(handle)


CORPS: dict[str, Any] = _load("corporations.toml")["corporations"]
PLANETS: dict[str, Any] = _load("planets.toml")["planets"]
STANDARD: dict[str, Any] = _load("standard.toml")
UC = STANDARD["corporation"]
UC_TECHS = UC["techs"]


def corp(name: str) -> dict[str, Any]:
    return next(c for c in CORPS.values() if c["corporation"]["name"] == name)


def planet(name: str) -> dict[str, Any]:
    return next(p for p in PLANETS.values() if p["planet"]["name"] == name)


def tokens(space: str) -> list[str]:
    return [t for t in space.split("+") if t]


def medal(space: str) -> int:
    return next((int(t[1:]) for t in tokens(space) if t[0] == "M"), 0)


def movement(space: str) -> int:
    return next((int(t[1:]) for t in tokens(space) if t[0] == "m"), 0)


def count(track: list[str], token: str) -> int:
    return sum(tokens(space).count(token) for space in track)


def nearest_medal(track: list[str], position: int) -> int:
    return next((medal(s) for s in reversed(track[: position + 1]) if medal(s)), 0)


def cells(grid: list[str], chars: str) -> list[list[int]]:
    return [[r, c] for r, row in enumerate(grid) for c, ch in enumerate(row) if ch in chars]


def squares(entry: dict[str, Any]) -> set[tuple[int, int]]:
    return {(r, c) for r, c in cells(entry["map"], SQUARE_CHARS)}


def tech_table(entry: dict[str, Any]) -> dict[int, dict[str, Any]]:
    return {t["level"]: t for t in entry["tech"]}


# -- corporations: presence, set-up, summary table (reference 1.0) ---------------------------------------------
# (name, id, complexity, rovers, track differences) from the 1.0 summary table.
SUMMARY_1_0 = [
    ("Cosmos Inc.", 1, 2, 1, ["rover"]),
    ("Flux Industries", 2, 3, 2, ["rover"]),
    ("Horizon Group", 3, 2, 4, ["rover"]),
    ("Jump Drive", 4, 3, 1, ["rover", "tech"]),
    ("Makeshift", 5, 4, 2, ["water", "rover"]),
    ("Oasis Ultd.", 6, 3, 2, ["water", "rover"]),
    ("Republic", 7, 2, 1, ["civ", "rover"]),
    ("Wormhole Corp.", 8, 2, 2, ["biomass", "rover"]),
]


def test_every_corporation_of_the_issue_is_present() -> None:
    """Issue 14: "Every corporation (Cosmos Inc., Flux Industries, Horizon Group, Jump Drive, Makeshift, Oasis
    Ultd., Republic, Wormhole Corp.)"."""
    assert sorted(c["corporation"]["name"] for c in CORPS.values()) == sorted(row[0] for row in SUMMARY_1_0)


@pytest.mark.parametrize(("name", "id_", "complexity", "rovers", "changed"), SUMMARY_1_0)
def test_summary_table_1_0(name: str, id_: int, complexity: int, rovers: int, changed: list[str]) -> None:
    """1.0: "| Id | Name (BGA spelling) | Complexity | Rovers | ... | Track differences from Universal Coalition |",
    and "Their number is the count of **Rov** spaces on the rover track"."""
    entry = corp(name)
    assert (entry["id"], entry["complexity"]) == (id_, complexity)
    assert count(entry["corporation"]["rover"], "ROV") == rovers
    assert entry["changed_tracks"] == changed


@pytest.mark.parametrize("key", CORPS)
def test_five_tracks_of_sixteen_positions(key: str) -> None:
    """1.0: "the 5 trackers start on position 0 of their own track"; every table runs "| 0 | start |" to "| 15 |"."""
    board = CORPS[key]["corporation"]
    for track in TRACKS:
        assert len(board[track]) == 16, track
        assert board[track][0] == "", track
        for space in board[track]:
            assert all(re.fullmatch(r"M\d+|m\d|SYN|CIV|BIO|TECH|ROV", t) for t in tokens(space)), space


@pytest.mark.parametrize("key", CORPS)
def test_setup_supplies(key: str) -> None:
    """1.0: "each player has 50 meteorites and 50 biomass patches in supply"."""
    board = CORPS[key]["corporation"]
    assert (board["meteorite_supply"], board["biomass_supply"]) == (50, 50)


@pytest.mark.parametrize("key", CORPS)
def test_unchanged_columns_are_universal_coalitions(key: str) -> None:
    """1.0: "The civ, water, biomass and tech columns are identical to Universal Coalition's table ... unless the
    table below says otherwise"."""
    entry = CORPS[key]
    for track in TRACKS:
        if track not in entry["changed_tracks"]:
            assert entry["corporation"][track] == UC[track], track
        else:
            assert entry["corporation"][track] != UC[track], track


@pytest.mark.parametrize("key", [k for k in CORPS if k != "horizon"])
def test_rover_movement_m2_then_m3(key: str) -> None:
    """1.0: "Every asymmetric corporation except Horizon keeps m2 from 4 to 12 and m3 from 13 to 15"."""
    rover = CORPS[key]["corporation"]["rover"]
    assert [movement(s) for s in rover[4:13]] == [2] * 9
    assert [movement(s) for s in rover[13:16]] == [3] * 3


def test_only_universal_coalition_reaches_m3_at_9_and_m4_at_13() -> None:
    """1.0: "Universal Coalition is the only corporation whose rover track reaches m3 at position 9 and m4 at 13"."""
    assert (movement(UC["rover"][9]), movement(UC["rover"][13])) == (3, 4)
    for entry in CORPS.values():
        rover = entry["corporation"]["rover"]
        assert (movement(rover[9]), movement(rover[13])) != (3, 4)


@pytest.mark.parametrize("key", CORPS)
def test_techs_listed_by_level(key: str) -> None:
    """1.4: "Each time you collect a lifepod you may put it on one of your **6 tech slots**"; every other
    corporation's table has techs 1 to 5. ``techs`` (standard.toml's list) names the same powers in order."""
    entry = CORPS[key]
    levels = [t["level"] for t in entry["tech"]]
    assert levels == list(range(1, (6 if key == "jump_drive" else 5) + 1))
    assert entry["corporation"]["techs"] == [t["power"] for t in entry["tech"]]
    for tech in entry["tech"]:
        assert tech["text"] and tech["limit"] and re.fullmatch(r"[a-z_]+", tech["power"])


@pytest.mark.parametrize("key", CORPS)
def test_tech_milestones_match_tech_count(key: str) -> None:
    """1.4: "This is the **only** way to unlock techs: the tech track has no Tech milestones"; the other tables
    show "Tech 1" to "Tech 5"."""
    expected = 0 if key == "jump_drive" else 5
    assert count(CORPS[key]["corporation"]["tech"], "TECH") == expected


def test_anytime_powers_and_their_flags() -> None:
    """3.12: "Per round: Cosmos 5; Flux 1 and 5; Horizon 2 and 5; Jump Drive 1–3; Makeshift 4; Oasis 2; Republic 1;
    Wormhole 3." and "Per game: Cosmos 2; Flux 2; Jump Drive 5 and 6."."""
    found = {(k, t["level"]): t.get("anytime") for k, c in CORPS.items() for t in c["tech"] if t.get("anytime")}
    per_round = {("cosmos", 5), ("flux", 1), ("flux", 5), ("horizon", 2), ("horizon", 5), ("jump_drive", 1),
                 ("jump_drive", 2), ("jump_drive", 3), ("makeshift", 4), ("oasis", 2), ("republic", 1),
                 ("wormhole", 3)}  # fmt: skip
    per_game = {("cosmos", 2), ("flux", 2), ("jump_drive", 5), ("jump_drive", 6)}
    assert found == {**dict.fromkeys(per_round, "per_round"), **dict.fromkeys(per_game, "per_game")}
    limits = {"per_round": "once_per_round", "per_game": "once_per_game"}
    for (key, level), flag in found.items():
        assert tech_table(CORPS[key])[level]["limit"] == limits[flag]


HOOK_VALUES = {
    "tracker_moves": {"straight", "straight_or_diagonal"},
    "blocking": {"none", "trackers", "any_piece"},
    "medal_scoring": {"own_track", "occupied_track", "own_track_spaces_on_path", "uncovered_only"},
    "tech_unlock": {"milestones", "lifepod_slots"},
    "tech_active": {"reached", "reached_and_uncovered", "latest_only", "tracker_on_tech_track"},
    "on_civ_milestone": {"none", "regress_other"},
    "water_symbol": {"once_if_ice", "per_ice_square"},
    "biomass_symbol": {"advance", "only_if_no_new_area"},
    "energy_choices": {"any", "not_biomass"},
    "meteorites": {"rover_collects", "carry_and_deliver"},
    "lifepods": {"scoring_area", "track_space", "tech_slot"},
    "lifepod_scoring": {"all_collected", "scoring_area_only"},
    "rover_top": {"standard", "needs_space_15_free"},
}


@pytest.mark.parametrize("key", CORPS)
def test_every_corporation_declares_every_hook(key: str) -> None:
    """Issue 14: "a corporation or planet is a small declarative entry plus the code only it needs": every entry
    names a value (from the file's documented vocabulary) for every hook."""
    entry = CORPS[key]
    for hook, values in HOOK_VALUES.items():
        assert entry[hook] in values, hook
    assert set(entry["track_paths"]) == set(TRACKS)
    assert set(entry["track_paths"].values()) <= {"linear", "winding", "rows_of_two"}
    assert entry["reference"] == f"1.{entry['id']}"


# -- the corporations' special rules -----------------------------------------------------------------------------
def test_cosmos_lifepod_positioning() -> None:
    """1.1: "Any empty space on any track, index 0 up to (top − 1), or the scoring area ... The top space of the
    civ, water, biomass and tech tracks cannot be covered. On the rover track index 15 can be covered"; "A space
    covered by a lifepod gives neither its benefit nor its medal"; "Only lifepods in the scoring area score"."""
    cosmos = corp("Cosmos Inc.")
    where = cosmos["lifepod_positions"]
    assert where["where"] == ["track_space", "scoring_area"]
    assert where["top_coverable"] == {"civ": False, "water": False, "biomass": False, "rover": True, "tech": False}
    assert where["covered_space_gives"] == "nothing" and where["trackers_jump_covered"]
    assert where["covered_civ_counts_for_rank"] and where["covered_tech_locks"] == "that_level_only"
    assert (cosmos["lifepods"], cosmos["lifepod_scoring"], cosmos["tech_active"]) == (
        "track_space", "scoring_area_only", "reached_and_uncovered",
    )  # fmt: skip
    assert "ruling" in where  # the rover space 15 is BGA behaviour


def test_flux_one_tech_at_a_time_and_upgraded_tracks() -> None:
    """1.2: "**Only your most recently unlocked tech works.**"; "Normal tracks: identical to Cosmos's table (§1.1)
    except rover position 6, which is **m2 + Rov**"; "The 1st, 2nd, 3rd and 4th civ milestones give rank 2, 3, 4
    and 4 cards"."""
    flux, cosmos = corp("Flux Industries"), corp("Cosmos Inc.")
    assert flux["tech_active"] == "latest_only"
    for track in TRACKS:
        expected = list(cosmos["corporation"][track])
        if track == "rover":
            expected[6] = "m2+ROV"
        assert flux["corporation"][track] == expected
    up = flux["upgraded"]
    assert up["civ_ranks"] == [0, 2, 3, 4, 4]
    assert up["civ"] == flux["corporation"]["civ"] and up["tech"] == flux["corporation"]["tech"]
    assert [i for i, s in enumerate(up["water"]) if tokens(s).count("SYN") == 2] == [3, 7, 12]
    assert [i for i, s in enumerate(up["biomass"]) if tokens(s).count("BIO") == 2] == [3, 6, 9, 11, 13]
    assert [movement(s) for s in up["rover"][1:]] == [0, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4]
    assert flux["flux_track"]["choose_at"] == ["setup", "tech_milestone"]
    assert "water" not in flux["flux_track"]["milestone_token"]  # "water has none"
    assert "ruling" in tech_table(flux)[2] and "ruling" in up


def test_horizon_carry_and_deliver() -> None:
    """1.3: "A meteorite is collected only when one of your rovers carries it to a square with a **rover
    symbol**"; "A rover carries at most 1 (seed)"; rulebook: "Each rover may hold 1 meteorite on top of it"."""
    horizon = corp("Horizon Group")
    assert horizon["meteorites"] == "carry_and_deliver"
    carrying = horizon["carrying"]
    assert (carrying["capacity"], carrying["deliver_on"]) == (1, "rover_symbol")
    assert carrying["destination_has_meteorite"] == "leave_carried_behind"
    assert carrying["carried_blocks_row_and_column"] and "ruling" in carrying
    rover = horizon["corporation"]["rover"]
    assert [i for i, s in enumerate(rover) if "ROV" in tokens(s)] == [1, 3, 6, 9]
    assert [movement(s) for s in rover[2:]] == [2, 2, 2, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5]


def test_jump_drive_six_techs_and_falling_tech_medals() -> None:
    """1.4: "| Tech tracker position | 0 | 1–5 | 6–7 | 8–10 | 11–15 |" / "| Medals scored | 0 | 5 | 3 | 2 | 1 |"
    and "So advancing tech lowers your score (seed)"."""
    jump = corp("Jump Drive")
    tech = jump["corporation"]["tech"]
    expected = [0] + [5] * 5 + [3] * 2 + [2] * 3 + [1] * 5
    assert [nearest_medal(tech, p) for p in range(16)] == expected
    assert (jump["tech_unlock"], jump["lifepods"], jump["lifepod_scoring"]) == (
        "lifepod_slots", "tech_slot", "scoring_area_only",
    )  # fmt: skip
    slots = jump["lifepod_positions"]
    assert slots["slots"] == 6 and slots["slot_must_be_locked"] and slots["any_collected_lifepod"]
    assert "ruling" in tech_table(jump)[4]


def test_makeshift_blocking_diagonals_and_lateral_shift() -> None:
    """1.5: "Each step has 3 options (up, up-left, up-right), plus 2 sideways options with tech 3"; "Trackers block
    each other (seed)"; "Water summary: M1 at 2, Syn at 3, M2 at 4, Syn at 6, M3 at 7, Syn at 8, M4 at 11, Syn at
    12, M5 at 15. Rover: Syn at 8 and M1 at 10"."""
    make = corp("Makeshift")
    assert (make["tracker_moves"], make["blocking"], make["medal_scoring"]) == (
        "straight_or_diagonal", "trackers", "occupied_track",
    )  # fmt: skip
    move = make["movement"]
    assert move["track_order"] == list(TRACKS) and move["steps"] == ["up", "up_left", "up_right"]
    assert move["tech_steps"] == {"1": "wrap_civ_tech", "3": "sideways"} and move["target_must_be_free"]
    water = make["corporation"]["water"]
    assert {i: medal(s) for i, s in enumerate(water) if medal(s)} == {2: 1, 4: 2, 7: 3, 11: 4, 15: 5}
    assert [i for i, s in enumerate(water) if "SYN" in tokens(s)] == [3, 6, 8, 12]
    rover = make["corporation"]["rover"]
    assert "SYN" in tokens(rover[8]) and medal(rover[10]) == 1
    assert make["rover_top"] == "needs_space_15_free" and make["tech_active"] == "tracker_on_tech_track"


# The reference's path table, (step, space, gain) with "–" as "".
OASIS_PATH = [
    (0, "water 0", ""), (1, "water 1", ""), (2, "biomass 2", "SYN"), (3, "rover 3", "m1"), (4, "tech 4", ""),
    (5, "rover 5", "m2"), (6, "biomass 4", ""), (7, "water 3", "SYN"), (8, "civ 4", ""), (9, "water 5", "SYN"),
    (10, "water 6", "M3"), (11, "civ 7", ""), (12, "civ 8", "SYN"), (13, "water 9", "M6"), (14, "biomass 8", ""),
    (15, "rover 7", "m2"), (16, "tech 8", ""), (17, "rover 9", "m2"), (18, "biomass 10", "SYN"),
    (19, "water 11", "M8"), (20, "civ 12", ""), (21, "water 13", "M12"), (22, "water 14", ""),
    (23, "water 15", "M15"),
]  # fmt: skip


def test_oasis_winding_water_track() -> None:
    """1.6: "**The water tracker's path: 24 steps, 0 to 23.** Each step names the space landed on and the benefit
    gained there"; "Water medals by path step: 10 → 3, 13 → 6, 19 → 8, 21 → 12, 23 → 15"; "14 | biomass 8 | – (the
    biomass M2 does not count for water)"."""
    oasis = corp("Oasis Ultd.")
    board, path = oasis["corporation"], oasis["water_path"]["steps"]
    assert [f"{track} {pos}" for track, pos in path] == [space for _, space, _ in OASIS_PATH]
    for (track, pos), (_, _, gain) in zip(path, OASIS_PATH, strict=True):
        landed = board[track][pos]
        counted = landed if track == "water" else "+".join(t for t in tokens(landed) if t[0] != "M")
        assert counted == gain, (track, pos)
    medals = {i: medal(board[t][p]) for i, (t, p) in enumerate(path) if t == "water" and medal(board[t][p])}
    assert medals == {10: 3, 13: 6, 19: 8, 21: 12, 23: 15}
    off_path = sorted(set(range(16)) - {p for t, p in path if t == "water"})
    assert off_path == [2, 4, 7, 8, 10, 12] and all(board["water"][i] == "" for i in off_path)
    assert (oasis["water_symbol"], oasis["blocking"], oasis["track_paths"]["water"]) == (
        "per_ice_square", "any_piece", "winding",
    )  # fmt: skip


def test_republic_seven_civ_milestones_and_regression() -> None:
    """1.7: "The civ track has 7 milestones and its only medal is M5 at the top. The ranks come from the mapping
    `[0,1,2,2,3,3,4,4]` by milestone count"; "you must regress one of your water, biomass, rover or tech trackers by
    one space, with no benefits (not civ)"."""
    rep = corp("Republic")
    civ = rep["corporation"]["civ"]
    assert [i for i, s in enumerate(civ) if "CIV" in tokens(s)] == [2, 4, 6, 8, 10, 12, 14]
    assert {i: medal(s) for i, s in enumerate(civ) if medal(s)} == {15: 5}
    assert rep["civ_ranks"] == [0, 1, 2, 2, 3, 3, 4, 4]
    reg = rep["regression"]
    assert rep["on_civ_milestone"] == "regress_other"
    assert (reg["tracks"], reg["steps"], reg["benefits"], reg["mandatory"]) == (
        ["water", "biomass", "rover", "tech"], 1, False, True,
    )  # fmt: skip
    assert "ruling" in tech_table(rep)[3]


def test_wormhole_surplus_patches_and_rows_of_two() -> None:
    """1.8: "The track is 5 rows of 2 spaces ... you **choose** which space of the new row to land on"; "Medal
    spaces (1, 2, 3, 5) lie between rows and are passed"; "The tracker is at the top on position 14 or 15 (scores
    5)"; "Energy can never advance biomass for Wormhole"."""
    worm = corp("Wormhole Corp.")
    biomass, rows = worm["corporation"]["biomass"], worm["biomass_rows"]
    assert rows["rows"] == [[2, 3], [5, 6], [8, 9], [11, 12], [14, 15]]
    assert [medal(biomass[p]) for p in rows["passed"]] == [0, 1, 2, 3, 5]
    assert [[biomass[a], biomass[b]] for a, b in rows["rows"]] == [["SYN", "BIO"]] * 5
    assert nearest_medal(biomass, 14) == nearest_medal(biomass, 15) == 5
    targets = {t["position"]: t["track"] for t in rows["targeted_synergy"]}
    assert targets == {5: "civ", 8: "water", 11: "tech", 14: "rover"}
    assert (worm["biomass_symbol"], worm["energy_choices"], worm["track_paths"]["biomass"]) == (
        "only_if_no_new_area", "not_biomass", "rows_of_two",
    )  # fmt: skip
    assert tech_table(worm)[4]["power"] == UC_TECHS[1] == "store_biomass"  # same effect as UC tech 2
    assert "ruling" in worm


def test_corporation_rulings_where_the_reference_marks_them() -> None:
    """Reference preamble: "(inference) marks a conclusion drawn rather than read; (BGA behaviour) marks what the
    adaptation does where the physical game may differ: decide those as a player would expect and record the
    ruling"."""
    raw = _load("corporations.toml")
    assert "complexity_ruling" in raw  # 1.0 "Complexity ... **(inference)**"
    marked = [
        CORPS["cosmos"]["lifepod_positions"], tech_table(CORPS["cosmos"])[2], tech_table(CORPS["flux"])[1],
        tech_table(CORPS["flux"])[2], CORPS["flux"]["upgraded"], CORPS["horizon"]["carrying"],
        tech_table(CORPS["jump_drive"])[4], tech_table(CORPS["oasis"])[2], tech_table(CORPS["republic"])[3],
        CORPS["wormhole"],
    ]  # fmt: skip
    assert all(isinstance(table.get("ruling"), str) and len(table["ruling"]) > 40 for table in marked)


# -- planets ---------------------------------------------------------------------------------------------------
# 2.13 summary: (id, name, complexity, squares).
SUMMARY_2_13 = [
    (1, "Arashi", 2, 96), (2, "Cerberus", 3, 96), (3, "Charybdis", 1, 96), (4, "Gaia", 2, 96), (5, "K-273", 3, 96),
    (6, "K'Aax", 2, 96), (7, "Lacuna", 4, 94), (8, "Oblivion", 3, 96), (9, "Pajitnov", 2, 96),
    (10, "Persephone", 3, 96), (11, "Petra", 2, 96), (12, "Tartarus", 3, 96),
]  # fmt: skip
# The "Squares:" line of each section: counts per map character (Petra's 37 E include the Q square).
SQUARE_COUNTS = {
    "Arashi": {"L": 44, "I": 22, "R": 24, "P": 6},
    "Cerberus": {"L": 61, "I": 29, "P": 6},
    "Charybdis": {"L": 55, "I": 31, "H": 4, "P": 6},
    "Gaia": {"L": 58, "I": 24, "C": 8, "P": 6},
    "K-273": {"I": 80, "L": 10, "P": 6},
    "K'Aax": {"L": 44, "I": 25, "T": 21, "P": 6},
    "Lacuna": {"L": 60, "I": 28, "P": 6, "o": 15},
    "Oblivion": {"L": 54, "I": 36, "P": 6},
    "Pajitnov": {"L": 62, "I": 28, "P": 6},
    "Persephone": {"L": 63, "I": 27, "P": 6},
    "Petra": {"L": 54, "E": 36, "Q": 1, "P": 5},
    "Tartarus": {"L": 67, "I": 23, "P": 6},
}
# The "Medals:" lines that differ from standard: (columns, rows).
MEDALS = {
    "Cerberus": ([1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1], [1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 1]),
    "Lacuna": ([1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 1], [1, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1]),
    "Oblivion": ([3, 2, 2, 1, 1, 1, 1, 1, 1, 2, 2, 3], [3, 3, 1, 1, 1, 1, 1, 1, 1, 1, 3, 3]),
}


def test_every_planet_of_the_issue_is_present() -> None:
    """Issue 14: "every planet (Arashi, Cerberus, Charybdis, Gaia, K-273, K'Aax, Lacuna, Oblivion, Pajitnov,
    Persephone, Petra, Tartarus)"."""
    assert sorted(p["planet"]["name"] for p in PLANETS.values()) == sorted(row[1] for row in SUMMARY_2_13)


@pytest.mark.parametrize(("id_", "name", "complexity", "size"), SUMMARY_2_13)
def test_summary_table_2_13_ids_complexity_squares(id_: int, name: str, complexity: int, size: int) -> None:
    """2.13: "| Id | Planet | Complexity | Squares | Special cells | Restriction | Extra scoring |"."""
    entry = planet(name)
    assert (entry["id"], entry["complexity"], len(squares(entry))) == (id_, complexity, size)
    assert entry["reference"] == f"2.{id_}"


@pytest.mark.parametrize("key", PLANETS)
def test_grid_is_12_by_12_in_the_legend(key: str) -> None:
    """2: "The grid is 12 × 12"; legend "`.` ... `L` ... `I` ... `P` ... `R` ... `H` ... `C` ... `T` ... `E` ...
    `Q` ... `o`"."""
    grid = PLANETS[key]["map"]
    assert len(grid) == 12 and all(len(row) == 12 and set(row) <= set(".LIPRHCTEQo") for row in grid)


@pytest.mark.parametrize("key", PLANETS)
def test_reader_rows_are_the_map_in_standard_notation(key: str) -> None:
    """2: "`R`, `H`, `C`, `T` and `E` are land-like squares: tiles may cover them and they are never ice"; "`o` |
    Lacuna's hole: not a square"; standard.toml's notation is ". L I P"."""
    entry = PLANETS[key]
    expected = [row.translate(str.maketrans("RHCTEQo", "LLLLLP.")) for row in entry["map"]]
    assert entry["planet"]["rows"] == expected


@pytest.mark.parametrize("name", SQUARE_COUNTS)
def test_squares_per_terrain(name: str) -> None:
    """Each section's "**Squares:**" line, e.g. 2.1 "96 (44 L, 22 I, 24 R, 6 P)", 2.11 "96 (54 L, 37 E, 5 P)" with
    "A sixth is added on the electrical-current square (9,8), shown as `Q`"."""
    found = Counter("".join(planet(name)["map"]))
    del found["."]
    assert dict(found) == SQUARE_COUNTS[name]


@pytest.mark.parametrize("key", PLANETS)
def test_lifepods_match_the_map(key: str) -> None:
    """Each section's "Lifepods at ..." list, 6 per planet (2.11: "**Lifepods:** 6 in all")."""
    entry = PLANETS[key]
    assert sorted(entry["lifepods"]) == cells(entry["map"], "PQ") and len(entry["lifepods"]) == 6


@pytest.mark.parametrize("key", PLANETS)
def test_medal_tables(key: str) -> None:
    """2: "Any "Medals" line below that differs from the standard `1,1,1,2,2,3,3,2,2,1,1,1` is bold"."""
    table = PLANETS[key]["planet"]
    columns, rows = MEDALS.get(table["name"], (STANDARD_MEDALS, STANDARD_MEDALS))
    assert (table["column_medals"], table["row_medals"]) == (columns, rows)


PLANET_HOOKS = {
    "first_tile": {"edge", "centre_squares"},
    "placement": {"none", "ring_needs_outside", "no_mixing", "slide_in", "quadrant_symbols", "one_side"},
    "patches": {"follow_placement", "exempt"},
    "rovers": {"standard", "no_uncovered_toxic", "no_chasm_crossing"},
    "completion": {"all_squares", "uncovered_currents_count"},
    "energy_terrain": {"tiles", "tiles_and_uncovered_currents"},
    "scoring": {"none", "sub_planets", "uncovered_cities"},
}
# 2.13 "Restriction" and "Extra scoring" columns, as hooks: (placement, first_tile, edge, rovers, scoring, completion)
SUMMARY_HOOKS = {
    "Arashi": ("ring_needs_outside", "edge", "fewer_than_4_neighbours", "standard", "none", "all_squares"),
    "Cerberus": ("none", "edge", "fewer_than_4_neighbours", "standard", "sub_planets", "all_squares"),
    "Charybdis": ("none", "centre_squares", "fewer_than_4_neighbours", "standard", "none", "all_squares"),
    "Gaia": ("none", "edge", "fewer_than_4_neighbours", "standard", "uncovered_cities", "all_squares"),
    "K-273": ("no_mixing", "edge", "fewer_than_4_neighbours", "standard", "none", "all_squares"),
    "K'Aax": ("none", "edge", "fewer_than_4_neighbours", "no_uncovered_toxic", "none", "all_squares"),
    "Lacuna": ("none", "edge", "holes_are_neighbours", "standard", "none", "all_squares"),
    "Oblivion": ("none", "edge", "outer_frame", "standard", "none", "all_squares"),
    "Pajitnov": ("slide_in", "edge", "fewer_than_4_neighbours", "standard", "none", "all_squares"),
    "Persephone": ("quadrant_symbols", "edge", "fewer_than_4_neighbours", "standard", "none", "all_squares"),
    "Petra": ("none", "edge", "fewer_than_4_neighbours", "standard", "none", "uncovered_currents_count"),
    "Tartarus": ("one_side", "edge", "fewer_than_4_neighbours", "no_chasm_crossing", "none", "all_squares"),
}


@pytest.mark.parametrize("name", SUMMARY_HOOKS)
def test_summary_table_2_13_restrictions_and_scoring(name: str) -> None:
    """2.13: "| 1 | Arashi | ... | a tile on the ring must also touch a non-ring square | – |" ... "| 12 | Tartarus
    | ... | a tile must stay on one side; rovers cannot cross | – |" (one row per planet)."""
    entry = planet(name)
    for hook, values in PLANET_HOOKS.items():
        assert entry[hook] in values, hook
    found = (entry["placement"], entry["first_tile"], entry["planet"]["edge"], entry["rovers"], entry["scoring"],
             entry["completion"])  # fmt: skip
    assert found == SUMMARY_HOOKS[name]


def test_arashi_ring() -> None:
    """2.1: "Rows 5 and 6 are the ring: 24 squares, full width. A tile that covers any ring square must also cover
    at least one square outside the ring"."""
    arashi = planet("Arashi")
    assert cells(arashi["map"], "R") == [[r, c] for r in (5, 6) for c in range(12)]
    assert arashi["placement"] == "ring_needs_outside" and arashi["patches"] == "follow_placement"


def test_cerberus_sub_planets() -> None:
    """2.2: "**+2 for each of the 3 sub-planets whose squares are all covered by tiles**. Maximum 45 = 18 (rows) +
    21 (columns) + 6"; "| A | rows 0–5, cols 6–11, except (5,6) | 28 |", "| B | rows 4–11, cols 0–6 | 47 |", "| C |
    rows 7–11, cols 7–11 | 21 |"; "the inclusive boxes partition all 96 squares exactly"."""
    cerb = planet("Cerberus")
    regions = cerb["regions"]
    assert {(r, c) for r, c in cells(regions, "ABC")} == squares(cerb)
    boxes = {"A": ((0, 5), (6, 11)), "B": ((4, 11), (0, 6)), "C": ((7, 11), (7, 11))}
    for region, ((r0, r1), (c0, c1)) in boxes.items():
        inside = {(r, c) for r, c in squares(cerb) if r0 <= r <= r1 and c0 <= c <= c1}
        if region == "A":
            inside.discard((5, 6))
        assert {(r, c) for r, c in cells(regions, region)} == inside
    assert Counter(ch for row in regions for ch in row if ch != ".") == {"A": 28, "B": 47, "C": 21}
    table = cerb["planet"]
    assert sum(table["row_medals"]) + sum(table["column_medals"]) + 3 * cerb["scoring_value"] == cerb["max_medals"]
    assert cerb["max_medals"] == 45 and "ruling" in cerb


def test_charybdis_centre_start() -> None:
    """2.3: "The **first tile must cover one of the 4 central squares** (5,5), (5,6), (6,5), (6,6). Those are the `H`
    squares; this replaces the edge rule"; rulebook: "Obey tile placement rules as normal after your 1st tile"."""
    chary = planet("Charybdis")
    assert chary["first_tile"] == "centre_squares"
    assert chary["first_tile_squares"] == cells(chary["map"], "H") == [[5, 5], [5, 6], [6, 5], [6, 6]]
    assert chary["placement"] == "none" and "ruling" in chary


def test_gaia_cities() -> None:
    """2.4: "There are 8, at (0,5), (2,2), (2,9), (5,11), (6,0), (9,2), (9,9), (11,6)"; "Each city **not** covered by
    a tile at game end scores **2**, for up to 16"."""
    gaia = planet("Gaia")
    assert gaia["cities"] == cells(gaia["map"], "C")
    assert (gaia["scoring"], gaia["scoring_value"] * len(gaia["cities"])) == ("uncovered_cities", 16)


def test_k273_no_mixing() -> None:
    """2.5: "A tile may not cover both ice and non-ice squares"; 2.13 "80 % ice" (80 of the 96 squares are ice)."""
    k273 = planet("K-273")
    assert k273["placement"] == "no_mixing" and len(cells(k273["map"], "I")) == 80


def test_kaax_toxic_squares() -> None:
    """2.6: "Rovers may not step onto an **uncovered** toxic square ... Tiles may be placed on toxic squares
    freely"; 2.13 "21 toxic"."""
    kaax = planet("K'Aax")
    assert len(cells(kaax["map"], "T")) == 21
    assert (kaax["rovers"], kaax["placement"]) == ("no_uncovered_toxic", "none")


def _edge(grid: list[str], neighbours: str) -> set[tuple[int, int]]:
    def counts(r: int, c: int) -> bool:
        return 0 <= r < 12 and 0 <= c < 12 and grid[r][c] in neighbours

    return {
        (r, c)
        for r, c in cells(grid, SQUARE_CHARS)
        if sum(counts(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))) < 4
    }


def test_lacuna_holes_and_edge() -> None:
    """2.7: "**Squares:** 94 ... There are 15 holes"; "**Holes** at (2,5), (2,6), ... (9,9)"; "a square next to a
    hole is an edge square only if it is also next to the outside (`getBorderCells` counts holes as neighbours).
    This gives 32 edge squares"."""
    lacuna = planet("Lacuna")
    assert lacuna["holes"] == cells(lacuna["map"], "o") and len(lacuna["holes"]) == 15
    assert len(_edge(lacuna["map"], SQUARE_CHARS + "o")) == 32
    assert len(_edge(lacuna["map"], SQUARE_CHARS)) > 32  # the standard definition would differ here
    assert lacuna["planet"]["edge"] == "holes_are_neighbours"


def test_oblivion_frame_edge() -> None:
    """2.8: "Only the **outer frame** (row 0, row 11, col 0, col 11; 44 squares) counts as the edge. The inner rim
    of the void does not"; FAQ A6: "perimeter means the external border"."""
    obl = planet("Oblivion")
    frame = {(r, c) for r, c in squares(obl) if r in (0, 11) or c in (0, 11)}
    assert len(frame) == 44 and frame < _edge(obl["map"], SQUARE_CHARS)
    assert obl["planet"]["edge"] == "outer_frame"


def test_pajitnov_slide_rule() -> None:
    """2.9: "A tile must be able to slide into its place"; "Biomass patches are exempt (seed)"; "The BGA test checks
    one step only ... **(inference ...)**"."""
    paj = planet("Pajitnov")
    assert (paj["placement"], paj["patches"], paj["slide"]) == ("slide_in", "exempt", "path_from_outside")
    assert "one_step" in paj["ruling"]


def test_persephone_quadrants() -> None:
    """2.10: "| top-left | rows 0–5, cols 0–5 | civ |", "| top-right | rows 0–5, cols 6–11 | energy |", "|
    bottom-left | rows 6–11, cols 0–5 | tech |", "| bottom-right | rows 6–11, cols 6–11 | water |"."""
    quads = planet("Persephone")["quadrants"]
    assert [(q["rows"], q["cols"], q["forbidden"]) for q in quads] == [
        ([0, 5], [0, 5], "civ"), ([0, 5], [6, 11], "energy"), ([6, 11], [0, 5], "tech"), ([6, 11], [6, 11], "water"),
    ]  # fmt: skip
    covered = Counter((r, c) for q in quads for r in range(q["rows"][0], q["rows"][1] + 1)
                      for c in range(q["cols"][0], q["cols"][1] + 1))  # fmt: skip
    assert len(covered) == 144 and set(covered.values()) == {1}


def test_petra_currents() -> None:
    """2.11: "96 (54 L, 37 E, 5 P), and **no ice**"; "An **uncovered** electrical current counts as energy terrain";
    "an uncovered current counts as **covered** for row and column completion"; "With no ice, a water symbol can
    never advance the water track through tile placement *(inference ...)*"."""
    petra = planet("Petra")
    assert len(cells(petra["map"], "EQ")) == 37 and not cells(petra["map"], "I")
    assert (petra["completion"], petra["energy_terrain"]) == (
        "uncovered_currents_count",
        "tiles_and_uncovered_currents",
    )
    assert "ruling" in petra


def test_tartarus_chasm() -> None:
    """2.12: "A tile must lie entirely on one side"; "With diagonal movement (Cosmos tech 1) they may cross at the 2
    points where the chasm is absent: **(3,5) ↔ (4,6)** and **(9,5) ↔ (8,6)**"; "Note that row 0 is entirely
    West"; "Teleports ... ignore the chasm **(BGA behaviour)**"."""
    tart = planet("Tartarus")
    sides = tart["sides"]
    assert {(r, c) for r, c in cells(sides, "WE")} == squares(tart)
    assert set(sides[0]) == {".", "W"}
    for a, b in tart["diagonal_crossings"]:
        assert abs(a[0] - b[0]) == abs(a[1] - b[1]) == 1
        assert {sides[a[0]][a[1]], sides[b[0]][b[1]]} == {"W", "E"}
    assert (tart["placement"], tart["rovers"], tart["teleports_cross"]) == ("one_side", "no_chasm_crossing", True)
    assert "ruling" in tart


# -- the engine's own reader reads the standard-shaped sub-tables ------------------------------------------------
def test_engine_reader_reads_every_entry() -> None:
    """Brief: "mirror that encoding exactly so the engine can load a corporation or planet with the same reader"."""
    from playbook.core import DataReader
    from playbook.games.planet_unknown.components import _corporation, _planet

    corps = DataReader("corporations.toml", {"corporations": CORPS}).child("corporations")
    for key, entry in CORPS.items():
        read = _corporation(corps.child(key).child("corporation"))
        assert read.name == entry["corporation"]["name"] and len(read.tracks) == 5
    planets = DataReader("planets.toml", {"planets": PLANETS}).child("planets")
    for key, entry in PLANETS.items():
        assert _planet(planets.child(key).child("planet")).name == entry["planet"]["name"]


# -- cross-check against the reference's own tables and maps (reference_tables.toml) -----------------------------
def _section(number: str) -> str:
    with REFERENCE_TABLES.open("rb") as handle:
        sections: dict[str, dict[str, str]] = tomllib.load(handle)["sections"]
    return sections[number]["lines"]


def _plain(text: str) -> str:
    return text.lower().replace("'", "").replace("’", "")


def test_the_carried_tables_cover_every_corporation_and_planet() -> None:
    """Every corporation's and planet's ``reference`` section is carried, titled with its own name."""
    with REFERENCE_TABLES.open("rb") as handle:
        sections = tomllib.load(handle)["sections"]
    named = [(c["reference"], c["corporation"]["name"]) for c in CORPS.values()]
    named += [(p["reference"], p["planet"]["name"]) for p in PLANETS.values()]
    for number, name in named:
        title = sections[number]["title"]
        assert title.startswith(f"{number} ") and _plain(name.split()[0]) in _plain(title), (number, name, title)
        assert sections[number]["lines"].strip(), number


def _cell(text: str) -> str:
    text = re.sub(r"\*\*|[┐┘]|\(top\)|choose|one|\(passed\)|\(off path\)|start|–", "", text)
    text = re.sub(r"\(rank \d\)|(?<=Tech) \d|→\w+", "", text)
    names = {"Syn": "SYN", "Civ": "CIV", "Bio": "BIO", "Tech": "TECH", "Rov": "ROV"}
    return "+".join(names.get(t, t) for t in (t.strip() for t in text.split("+")) if t)


def _track_table(section: str, which: int = 0) -> dict[str, list[str]]:
    tables = re.findall(r"\| Pos \| Civ \| Water \| Biomass \| Rover \| Tech \|\n\|[-|]+\|\n((?:\|.*\|\n)+)", section)
    columns: dict[str, list[str]] = {t: [""] * 16 for t in TRACKS}
    for line in tables[which].splitlines():
        row = [c.strip() for c in line.strip("|").split("|")]
        for track, text in zip(TRACKS, row[1:], strict=True):
            columns[track][int(row[0])] = _cell(text)
    return columns


@pytest.mark.parametrize(("key", "section"), [(k, f"1.{c['id']}") for k, c in CORPS.items() if k != "flux"])
def test_tracks_equal_the_reference_tables(key: str, section: str) -> None:
    """1.1-1.8: each "| Pos | Civ | Water | Biomass | Rover | Tech |" table, cell by cell (Flux: 1.2 "identical to
    Cosmos's table (§1.1) except rover position 6", checked in test_flux_one_tech_at_a_time_and_upgraded_tracks)."""
    assert _track_table(_section(section)) == {t: CORPS[key]["corporation"][t] for t in TRACKS}


def test_flux_upgraded_table_equals_the_reference() -> None:
    """1.2: "'Upgraded' tracks. These apply only to the flux track, and only while tech 3 is the active tech"."""
    assert _track_table(_section("1.2")) == {t: CORPS["flux"]["upgraded"][t] for t in TRACKS}


@pytest.mark.parametrize("key", PLANETS)
def test_maps_equal_the_reference(key: str) -> None:
    """2.1-2.12: each map block "     012345678901" with its row numbers (and Cerberus's regions, Tartarus's
    sides)."""
    entry = PLANETS[key]
    rows = re.findall(r"^ +\d+ (\S{12})(?: +(\S{12}))?$", _section(entry["reference"]), re.M)
    assert [r[0] for r in rows] == entry["map"]
    extra = entry.get("regions") or entry.get("sides")
    if extra:
        assert [r[1] for r in rows] == extra


LIMITS = {"no limit in BGA": "unlimited", "end of game": "end_of_game", "any time": "any_time"}


@pytest.mark.parametrize("key", CORPS)
def test_techs_and_use_limits_equal_the_reference(key: str) -> None:
    """1.1-1.8: each "| Tech | Effect ... | Use limit |" table: one row per tech level, and its use limit (e.g.
    "once per game; BGA lets you choose when" is ``once_per_game``)."""
    section = _section(CORPS[key]["reference"])
    table = re.findall(r"\| Tech \| Effect[^\n]*\n\|[-|]+\|\n((?:\|.*\|\n)+)", section)[0]
    rows = [[c.strip() for c in line.strip("|").split("|")] for line in table.splitlines()]
    assert [int(row[0]) for row in rows] == [t["level"] for t in CORPS[key]["tech"]]
    for row, tech in zip(rows, CORPS[key]["tech"], strict=True):
        limit = re.split(r"[.;(]", row[-1])[0].strip()
        assert LIMITS.get(limit, limit.replace(" ", "_")) == tech["limit"], row
