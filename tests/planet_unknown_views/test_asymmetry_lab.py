"""Headless tests of the asymmetry lab (issue 19: "a dashboard for the asymmetry lesson").

What a person reads must be what the games say: the count and the 95% t interval the lab shows for a pairing are
computed here again from games played directly (``play_match``) on the same seeds and seatings, with
``scipy.stats``' own t interval. Tiny game counts: a Planet Unknown game costs a few tenths of a second.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator

import pandas as pd
import pytest
from scipy import stats

from playbook.core import PlaybookError
from playbook.core.tournament import game_seeds, play_match
from playbook.games import planet_unknown as pu
from playbook.games.planet_unknown import agents as pu_agents
from playbook.games.planet_unknown import tuning, variants
from playbook.widgets.common import escape, live_widgets
from playbook.widgets.planet_unknown import PlanetUnknownTable
from playbook.widgets.planet_unknown import asymmetry_lab as lab_module
from playbook.widgets.planet_unknown.asymmetry_lab import AsymmetryLab, signed

STANDARD_BOARD = pu.Rules.standard().c.corporation
CANDIDATE = "oasis"  # among the quickest corporations to play


@pytest.fixture
def lab() -> Iterator[AsymmetryLab]:
    """A lab that is closed afterwards; every widget it made is given back."""
    before = len(live_widgets())
    view = AsymmetryLab(games=2)
    yield view
    view.close()
    assert len(live_widgets()) == before


def direct_margins(field: str, candidate: str, seating: str, games: int, seed: int) -> list[float]:
    """The candidate's score minus the reference's in each game, played here without the lab: the track racer in
    both seats, the seeds ``game_seeds`` draws, the candidate in seat 0 then seat 1 on the same seeds ("both")."""
    if seating == "both":
        seeds = game_seeds(seed, games // 2)
        plan = [(0, s) for s in seeds] + [(1, s) for s in seeds]
    else:
        plan = [(int(seating), s) for s in game_seeds(seed, games)]
    bot = pu_agents.TrackRacer()
    margins = []
    for seat, game_seed in plan:
        keys = ["standard", "standard"]
        keys[seat] = candidate
        rules = pu.Rules(**{field: tuple(keys)})
        scores = play_match("planet_unknown", [bot, bot], seed=game_seed, rules=rules).scores
        margins.append(scores[seat] - scores[1 - seat])
    return margins


def scipy_interval(margins: list[float]) -> tuple[float, float, float]:
    n = len(margins)
    mean = sum(margins) / n
    low, high = stats.t.interval(0.95, n - 1, loc=mean, scale=stats.sem(margins))
    return mean, float(low), float(high)


def shown_text(lab: AsymmetryLab) -> str:
    return re.sub(r"<[^>]+>", " ", lab.status.text)


def test_a_pairing_shows_the_count_and_the_t_interval_of_the_games_it_played(lab: AsymmetryLab) -> None:
    lab.candidate.value = CANDIDATE
    lab.games.value = 4
    summary = lab.run()
    assert summary is not None
    mean, low, high = scipy_interval(direct_margins("corporations", CANDIDATE, "both", 4, 1))
    row = summary.set_index("corporation").loc[variants.corporation_table(CANDIDATE).name]
    assert row["games"] == 4
    assert row["margin"] == pytest.approx(mean) and row["ci_low"] == pytest.approx(low)
    assert row["ci_high"] == pytest.approx(high)
    text = shown_text(lab)
    assert f"({signed(mean)}, interval {signed(low)} to {signed(high)}, 4 paired games)" in text
    assert "Oasis" in text and "Universal Coalition" in text and "2 seeds in both seatings" in text
    interval = f"<td>{signed(low)} to {signed(high)}</td>"
    assert interval in lab.summary_table.value and "<td>4</td>" in lab.summary_table.value
    assert (lab.progress.value, lab.progress.max) == (4, 4)
    (bars,) = lab.chart.data
    assert list(bars.y) == pytest.approx([mean])
    assert list(bars.error_y.array) == pytest.approx([high - mean])


def test_one_seat_plays_every_game_with_the_candidate_there(lab: AsymmetryLab) -> None:
    lab.candidate.value = CANDIDATE
    lab.seating.value = "1"
    lab.games.value = 2
    lab.run()
    games = lab.games_played
    assert list(games["seat"]) == [1, 1] and list(games["seed"]) == game_seeds(1, 2)
    mean, low, high = scipy_interval(direct_margins("corporations", CANDIDATE, "1", 2, 1))
    row = lab.summary().iloc[0]
    assert (row["games"], row["margin"]) == (2, pytest.approx(mean))
    assert (row["ci_low"], row["ci_high"]) == (pytest.approx(low), pytest.approx(high))


def test_every_pairing_plays_the_same_seeds_and_seatings_and_results_of_one_plan_accumulate(
    lab: AsymmetryLab,
) -> None:
    lab.run(["oasis"])
    lab.run(["wormhole"])
    games = lab.games_played
    by = {key: list(zip(part["seat"], part["seed"], strict=True)) for key, part in games.groupby("key")}
    assert by["oasis"] == by["wormhole"] == [(0, game_seeds(1, 1)[0]), (1, game_seeds(1, 1)[0])]
    assert list(lab.summary()["corporation"]) == [variants.corporation_table(k).name for k in ("oasis", "wormhole")]
    assert len(lab.chart.data[0].x) == 2
    lab.seed.value = 2  # another plan: the numbers of seed 1 do not compare, so the chart starts again
    lab.run(["wormhole"])
    assert set(lab.games_played["key"]) == {"wormhole"} and list(lab.games_played["seed"]) == 2 * game_seeds(2, 1)


def test_a_planet_pairing_plays_the_planets(lab: AsymmetryLab) -> None:
    lab.field.value = "planets"
    assert lab.reference.value == "standard" and "standard" not in lab.candidates()
    assert set(lab.candidates()) == set(variants.planet_keys())
    lab.candidate.value = "petra"
    lab.seating.value = "0"
    lab.games.value = 2
    summary = lab.run()
    assert summary is not None and summary.columns[0] == "planet"
    mean, low, high = scipy_interval(direct_margins("planets", "petra", "0", 2, 1))
    row = summary.iloc[0]
    assert (row["games"], row["margin"]) == (2, pytest.approx(mean))
    assert (row["ci_low"], row["ci_high"]) == (pytest.approx(low), pytest.approx(high))
    assert "Planet Petra" in lab.legends.value and "Planet KSB-4156" in lab.legends.value


def test_a_refused_setting_changes_nothing_and_says_which_setting(lab: AsymmetryLab) -> None:
    lab.run(["oasis"])
    before = lab.games_played.copy()
    lab.seed.value = 10**30
    assert lab.run(["wormhole"]) is None
    assert "seed" in shown_text(lab)
    lab.seed.value = 1
    assert lab.run(["universal_coalition_is_no_candidate"]) is None
    assert "candidates" in shown_text(lab)
    assert lab.games_played.equals(before)


@pytest.mark.parametrize(
    ("kwargs", "named"),
    [
        ({"games": 3}, "games per pairing"),
        ({"games": 0}, "games per pairing"),
        ({"games": 2.0}, "games per pairing"),
        ({"field": "moons"}, "compare"),
        ({"seed": "one"}, "seed"),
        ({"bots": {}}, "bot"),
        ({"table": "a table"}, "table"),
    ],
)
def test_the_lab_refuses_a_bad_argument_by_name(kwargs: dict[str, object], named: str) -> None:
    before = len(live_widgets())
    with pytest.raises(PlaybookError, match=named):
        AsymmetryLab(**kwargs)  # type: ignore[arg-type]
    assert len(live_widgets()) == before


def test_the_legends_say_what_every_corporation_is(lab: AsymmetryLab) -> None:
    legends = lab.legends.value
    for key in lab.candidates():
        board = variants.corporation_table(key)
        assert f"<b>{escape(board.name)}</b>" in legends
    assert "Universal Coalition" in legends and "Strong:" in legends and "Techs:" in legends


def test_play_this_pairing_deals_it_on_the_given_table_and_leaves_the_table_open() -> None:
    table = PlanetUnknownTable(seed=1)
    view = AsymmetryLab(table=table)
    try:
        view.candidate.value = "republic"
        view.play_at_table()
        assert table.game_rules.corporations == ("republic", "standard")
        assert table.match is not None
        seated = [tuning.seat_corporation(table.observation, seat, STANDARD_BOARD).key for seat in (0, 1)]
        assert seated == ["republic", "standard"]
        view.close()
        assert not table.closed
    finally:
        view.close()
        table.close()


def test_a_pairing_with_fewer_than_two_finished_games_has_no_interval_and_says_so() -> None:
    games = pd.DataFrame(
        {
            "key": ["oasis"] * 3,
            "score": [40.0, float("nan"), 41.0],
            "reference score": [38.0, float("nan"), 39.0],
            "margin": [2.0, float("nan"), 2.0],
            "error": [None, "seat 1 (track racer): no answer", None],
        }
    )
    row = lab_module.pairing_row(games, "Oasis", "Universal Coalition", "corporation")
    assert (row["games"], row["forfeited"], row["margin"], row["verdict"]) == (2, 1, 2.0, "ahead")
    assert row["ci_low"] == row["ci_high"] == 2.0  # every margin the same: an interval of no width
    row = lab_module.pairing_row(games.iloc[:2], "Oasis", "Universal Coalition", "corporation")
    assert (row["games"], row["verdict"]) == (1, "too few games") and math.isnan(row["ci_low"])
