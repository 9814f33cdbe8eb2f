"""The asymmetry lesson's charts (``playbook/charts/asymmetry.py``): they show the numbers the sentences are
composed from, coloured by the verdict that allows for every comparison, with axis titles in words."""

from __future__ import annotations

import pandas as pd
import pytest

from playbook.charts import asymmetry as charts
from playbook.games.planet_unknown import asymmetry_lesson as lesson


@pytest.fixture
def table() -> pd.DataFrame:
    ahead = lesson.compare_deals([50.0, 52.0, 51.0, 53.0, 50.0], [40.0, 41.0, 40.0, 42.0, 41.0], a="Oasis", b="R")
    even = lesson.compare_deals([40.0, 44.0, 38.0, 42.0, 41.0], [41.0, 41.0, 40.0, 42.0, 41.0], a="Flux", b="R")
    behind = lesson.compare_deals([30.0, 31.0, 29.0, 30.0, 28.0], [40.0, 41.0, 40.0, 42.0, 41.0], a="Make", b="R")
    return lesson.summary(["Oasis", "Flux", "Makeshift"], [ahead, even, behind])


def test_margins_are_dots_with_their_intervals_coloured_by_the_adjusted_verdict(table: pd.DataFrame) -> None:
    fig = charts.margin_intervals(table, title="t", reference="Universal Coalition", candidate_words="corporation")
    by_name = {trace.name: trace for trace in fig.data}
    assert set(by_name) == {"ahead of the reference", "behind the reference", "no difference detected"}
    ahead = by_name["ahead of the reference"]
    assert list(ahead.y) == ["Oasis"] and ahead.x[0] == pytest.approx(table.loc[0, "mean margin"])
    assert ahead.x[0] + ahead.error_x.array[0] == pytest.approx(table.loc[0, "ci_high"])
    assert ahead.x[0] - ahead.error_x.arrayminus[0] == pytest.approx(table.loc[0, "ci_low"])
    assert fig.layout.xaxis.title.text == "mean score margin over Universal Coalition (points a game), 95% interval"
    assert fig.layout.yaxis.title.text == "corporation"
    assert any(shape.x0 == 0 for shape in fig.layout.shapes)  # parity drawn


def test_a_verdict_no_candidate_has_gets_no_legend_entry(table: pd.DataFrame) -> None:
    fig = charts.margin_intervals(table.iloc[[1]], title="t", reference="KSB-4156", candidate_words="planet")
    assert [trace.name for trace in fig.data] == ["no difference detected"]


def test_medal_points_against_margin_puts_the_board_across_and_the_measure_up(table: pd.DataFrame) -> None:
    fig = charts.medals_against_margin(table, [35, 30, 25], title="t", reference="Universal Coalition")
    (dots,) = fig.data
    assert list(dots.x) == [35, 30, 25] and list(dots.text) == ["Oasis", "Flux", "Makeshift"]
    assert fig.layout.xaxis.title.text == "medal points at the five track tops (printed board)"
    assert "points a game" in fig.layout.yaxis.title.text
    with pytest.raises(ValueError, match="medal_points"):
        charts.medals_against_margin(table, [35, 30], title="t", reference="Universal Coalition")


def test_names_that_share_a_medal_total_sit_on_alternate_sides_and_none_is_clipped(table: pd.DataFrame) -> None:
    fig = charts.medals_against_margin(table, [30, 30, 35], title="t", reference="Universal Coalition")
    (dots,) = fig.data
    sides = dict(zip(dots.text, dots.textposition, strict=True))
    # Oasis and Flux both print 30: the lower margin (Flux) takes the right, the higher (Oasis) the left
    assert sides["Flux"] == "middle right" and sides["Oasis"] == "middle left"
    low, high = fig.layout.xaxis.range
    assert low < 30 and high > 35 + 3  # room beyond the last dot for its name
