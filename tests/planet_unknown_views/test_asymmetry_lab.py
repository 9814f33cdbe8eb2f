"""Headless tests of the asymmetry lab (issue 19: "a dashboard for the asymmetry lesson").

What a person reads must be what the games say: the count and the 95% t interval the lab shows for a pairing are
computed here again from games played directly (``play_match``) on the same seeds and seatings, with
``scipy.stats``' own t interval. The unit is the seed (a deal): in "both seats" a seed's two games (the candidate in
seat 0, then in seat 1, the same deal) are averaged first, as the lesson does, so 4 games are 2 deals and the
interval has 1 degree of freedom, never the 3 of four games counted as independent. Tiny game counts: a Planet
Unknown game costs a few tenths of a second.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator

import pandas as pd
import pytest
from scipy import stats  # type: ignore[import-untyped]

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


def direct_margin(field: str, candidate: str, seat: int, game_seed: int) -> float:
    """The candidate's score minus the reference's in one game played here without the lab, the track racer in
    both seats."""
    bot = pu_agents.TrackRacer()
    keys = ["standard", "standard"]
    keys[seat] = candidate
    seated = (keys[0], keys[1])
    rules = pu.Rules(corporations=seated) if field == "corporations" else pu.Rules(planets=seated)
    scores = play_match("planet_unknown", [bot, bot], seed=game_seed, rules=rules).scores
    return float(scores[seat] - scores[1 - seat])


def direct_games(field: str, candidate: str, seating: str, games: int, seed: int) -> dict[int, list[float]]:
    """Each seed's game margins: "both" plays the ``games // 2`` seeds ``game_seeds`` draws with the candidate in
    seat 0 and again in seat 1; one seat plays ``games`` seeds, one game each."""
    if seating == "both":
        seeds = game_seeds(seed, games // 2)
        return {s: [direct_margin(field, candidate, seat, s) for seat in (0, 1)] for s in seeds}
    return {s: [direct_margin(field, candidate, int(seating), s)] for s in game_seeds(seed, games)}


def seed_means(per_seed: dict[int, list[float]]) -> list[float]:
    """One margin per seed (deal): the mean of its games."""
    return [sum(margins) / len(margins) for margins in per_seed.values()]


def scipy_interval(margins: list[float]) -> tuple[float, float, float]:
    n = len(margins)
    mean = sum(margins) / n
    low, high = stats.t.interval(0.95, n - 1, loc=mean, scale=stats.sem(margins))
    return mean, float(low), float(high)


def shown_text(lab: AsymmetryLab) -> str:
    return re.sub(r"<[^>]+>", " ", lab.status.text)


def test_both_seats_show_the_count_and_the_t_interval_of_the_deals_not_of_the_games(lab: AsymmetryLab) -> None:
    lab.candidate.value = CANDIDATE
    lab.games.value = 4
    summary = lab.run()
    assert summary is not None
    per_seed = direct_games("corporations", CANDIDATE, "both", 4, 1)
    mean, low, high = scipy_interval(seed_means(per_seed))
    every_game = [margin for margins in per_seed.values() for margin in margins]
    _, game_low, game_high = scipy_interval(every_game)
    assert (game_low, game_high) != pytest.approx((low, high))  # the old count, four games, would show this one
    row = summary.set_index("corporation").loc[variants.corporation_table(CANDIDATE).name]
    assert (row["deals"], row["games"]) == (2, 4)
    assert row["margin"] == pytest.approx(mean) and row["ci_low"] == pytest.approx(low)
    assert row["ci_high"] == pytest.approx(high)
    text = shown_text(lab)
    assert f"({signed(mean)}, interval {signed(low)} to {signed(high)}, 2 deals, 4 games)" in text
    assert "paired games" not in text
    assert "Oasis" in text and "Universal Coalition" in text and "2 seeds in both seatings" in text
    interval = f"<td>{signed(low)} to {signed(high)}</td>"
    assert interval in lab.summary_table.value and "<td>2 deals (4 games)</td>" in lab.summary_table.value
    assert "deals won" in lab.summary_table.value
    assert "2 deals (4 games) each" in lab.chart.figure.layout.title.text
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
    mean, low, high = scipy_interval(seed_means(direct_games("corporations", CANDIDATE, "1", 2, 1)))
    row = lab.summary().iloc[0]
    assert (row["deals"], row["games"], row["margin"]) == (2, 2, pytest.approx(mean))
    assert (row["ci_low"], row["ci_high"]) == (pytest.approx(low), pytest.approx(high))
    assert f"interval {signed(low)} to {signed(high)}, 2 paired games)" in shown_text(lab)
    assert "<td>2 games</td>" in lab.summary_table.value and "games won" in lab.summary_table.value


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
    mean, low, high = scipy_interval(seed_means(direct_games("planets", "petra", "0", 2, 1)))
    row = summary.iloc[0]
    assert (row["deals"], row["games"], row["margin"]) == (2, 2, pytest.approx(mean))
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


def both_seats_frame(pairs: list[tuple[float, float]]) -> pd.DataFrame:
    """A "both seats" pairing's games as the lab records them: per deal, the margins of its seat-0 and seat-1
    games (the reference scoring 40)."""
    rows = [
        {
            "key": "oasis",
            "deal": deal,
            "seed": 100 + deal,
            "seat": seat,
            "score": 40.0 + pair[seat],
            "reference score": 40.0,
            "margin": pair[seat],
            "error": None,
        }
        for seat in (0, 1)
        for deal, pair in enumerate(pairs)
    ]
    return pd.DataFrame(rows)


def test_both_seats_average_each_deal_first_and_a_forfeit_drops_its_whole_deal() -> None:
    pairs = [(6.0, -4.0), (3.0, 0.0), (8.0, -5.0), (2.0, -2.0), (5.0, 5.0)]  # a seat effect each deal cancels
    games = both_seats_frame(pairs)
    forfeit = (games["deal"] == 4) & (games["seat"] == 1)
    games.loc[forfeit, "score"] = games.loc[forfeit, "margin"] = math.nan
    games.loc[forfeit, "error"] = "seat 1 (track racer): no answer"
    row = lab_module.pairing_row(games, "Oasis", "Universal Coalition", "corporation", "both")
    mean, low, high = scipy_interval([sum(pair) / 2 for pair in pairs[:4]])
    assert (row["deals"], row["games"], row["forfeited"]) == (4, 8, 1)
    assert row["margin"] == pytest.approx(mean)
    assert (row["ci_low"], row["ci_high"]) == (pytest.approx(low), pytest.approx(high))
    assert (row["wins"], row["losses"], row["ties"]) == (3, 0, 1)  # deals, by their mean margin
    _, game_low, game_high = scipy_interval([m for pair in pairs[:4] for m in pair])
    assert row["ci_low"] > game_low and row["ci_high"] < game_high  # the seat effect is gone from the interval
    found = lab_module.pairing_comparison(games, "Oasis", "Universal Coalition", "both")
    assert "4 deals, 8 games" in found.sentence()


def test_a_pairing_with_fewer_than_two_finished_deals_has_no_interval_and_says_so() -> None:
    games = pd.DataFrame(
        {
            "key": ["oasis"] * 3,
            "deal": [0, 1, 2],
            "score": [40.0, float("nan"), 41.0],
            "reference score": [38.0, float("nan"), 39.0],
            "margin": [2.0, float("nan"), 2.0],
            "error": [None, "seat 1 (track racer): no answer", None],
        }
    )
    row = lab_module.pairing_row(games, "Oasis", "Universal Coalition", "corporation", "0")
    # Two deals, both +2: the same margin twice could be chance (a sign test: p = 0.5), so nothing is claimed and
    # the interval reaches 0 instead of having no width (findings judge a repeated value by the sign test)
    assert (row["deals"], row["games"], row["forfeited"], row["margin"]) == (2, 2, 1, 2.0)
    assert row["verdict"] == "no difference detected" and (row["ci_low"], row["ci_high"]) == (0.0, 2.0)
    row = lab_module.pairing_row(games.iloc[:2], "Oasis", "Universal Coalition", "corporation", "0")
    assert (row["games"], row["verdict"]) == (1, "too few games") and math.isnan(row["ci_low"])
    pair = both_seats_frame([(2.0, 1.0), (3.0, 0.0)])
    pair.loc[pair["deal"] == 1, "error"] = "seat 0 (track racer): no answer"
    row = lab_module.pairing_row(pair, "Oasis", "Universal Coalition", "corporation", "both")
    assert (row["deals"], row["games"], row["verdict"]) == (1, 2, "too few deals") and math.isnan(row["ci_low"])


def test_too_few_deals_in_both_seats_says_an_interval_needs_two_deals(lab: AsymmetryLab) -> None:
    lab.candidate.value = CANDIDATE
    summary = lab.run()  # 2 games in both seats: one deal
    assert summary is not None and summary.iloc[0]["verdict"] == "too few deals"
    assert "1 deal (2 games) finished, an interval needs 2 deals" in shown_text(lab)
