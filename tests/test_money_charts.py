"""The money charts the faucets-and-sinks lesson draws: per-game Sankeys, lines in the game's words, the
histogram of supply changes and findings side by side (issue 21)."""

from __future__ import annotations

import pandas as pd
import pytest

from playbook import analysis, findings
from playbook.charts import common as common_charts
from playbook.charts import flows as flow_charts
from playbook.core.errors import InvalidArgumentError

FLOWS = pd.DataFrame(
    [(1, 0, "sale", 10), (1, 1, "purchase", -4), (2, 1, "sale", 6)], columns=list(analysis.FLOW_COLUMNS)
)


def test_a_sankey_of_many_games_shows_the_mean_per_game_with_its_unit() -> None:
    one = flow_charts.money_sankey(FLOWS)
    assert list(one.data[0].link.value) == [16, 4] and one.data[0].valuesuffix in ("", None)
    two = flow_charts.money_sankey(FLOWS, games=2, unit="cogs")
    assert list(two.data[0].link.value) == [8.0, 2.0] and two.data[0].valuesuffix == " cogs"
    assert list(two.data[0].node.label) == list(one.data[0].node.label)
    with pytest.raises(InvalidArgumentError, match="games"):
        flow_charts.money_sankey(FLOWS, games=0)


def test_money_lines_name_their_axes_in_the_games_words() -> None:
    fig = flow_charts.money_lines(FLOWS, [30, 30], x_title="turn", y_title="dollars")
    assert fig.layout.xaxis.title.text == "turn" and fig.layout.yaxis.title.text == "dollars"
    assert flow_charts.money_lines(FLOWS, [30, 30]).layout.yaxis.title.text == "money"


def test_the_supply_histogram_counts_games_and_marks_no_change_and_the_mean() -> None:
    fig = flow_charts.supply_changes([-5, -2, 3, -1], mean=-1.25, title="t", x_title="change in cogs")
    assert list(fig.data[0].x) == [-5.0, -2.0, 3.0, -1.0]
    assert fig.layout.xaxis.title.text == "change in cogs" and fig.layout.yaxis.title.text == "games"
    lines = [shape.x0 for shape in fig.layout.shapes]
    assert lines == [0, -1.25]


def test_estimate_intervals_draw_each_finding_with_its_interval() -> None:
    a = findings.mean([0.2, 0.3, 0.25, 0.22], measure="a")
    b = findings.mean([0.1, 0.12, 0.09, 0.14], measure="b")
    fig = common_charts.estimate_intervals([("standard", a), ("richer", b)], title="Gini", x_title="Gini coefficient")
    trace = fig.data[0]
    assert list(trace.y) == ["standard", "richer"] and list(trace.x) == [a.value, b.value]
    assert list(trace.error_x.array) == pytest.approx([a.high - a.value, b.high - b.value])
    assert list(trace.error_x.arrayminus) == pytest.approx([a.value - a.low, b.value - b.low])
    assert fig.layout.xaxis.title.text == "Gini coefficient"
