"""Charts fit their column with whole-number ticks; dollar signs stay dollar signs."""

from __future__ import annotations

import json

import ipywidgets as w
import numpy as np
import pandas as pd
import plotly.graph_objects as go

from playbook import charts
from playbook.charts.common import _layout, whole_number_axis
from playbook.widgets.common import PLOTLY_MIME, LiveChart, StatusLine, figure_spec, money, no_math


def test_shared_layout_has_no_fixed_width_and_whole_number_round_ticks() -> None:
    frame = pd.DataFrame({"round": [0, 1, 2, 0, 1, 2], "seat": [0, 0, 0, 1, 1, 1], "cogs": [30, 31, 35, 30, 28, 29]})
    fig = charts.money_over_time(frame, x="round", players=2)
    assert fig.layout.width is None and fig.layout.autosize is True
    assert fig.layout.xaxis.dtick == 1 and fig.layout.xaxis.tickformat == "d"
    assert fig.layout.yaxis.tickformat == "d"


def test_long_axes_keep_plotly_spacing_and_fractions_are_left_alone() -> None:
    fig = _layout(go.Figure(go.Scatter(x=list(range(40)), y=[0.5] * 40)), "t", "round", "share")
    assert fig.layout.xaxis.tickformat == "d" and fig.layout.xaxis.dtick is None  # 40 ticks would not fit
    assert fig.layout.yaxis.tickformat is None  # 0.5 is not a whole number
    bars = _layout(go.Figure(go.Bar(x=["a", "b"], y=[1, 2])), "t", "kind", "count")
    assert bars.layout.xaxis.tickformat is None and bars.layout.yaxis.dtick == 1
    forced = whole_number_axis(go.Figure(go.Scatter(x=[0.0, 1.0], y=[1, 2])), "x")
    assert forced.layout.xaxis.dtick == 1


def test_a_fixed_width_never_reaches_the_page() -> None:
    fig = go.Figure(go.Scatter(x=np.arange(3), y=np.array([1.0, float("nan"), 3.0])), layout={"width": 700})
    spec = figure_spec(fig)
    assert "width" not in spec["layout"] and spec["layout"]["autosize"] is True
    assert spec["config"]["responsive"] is True
    trace = spec["data"][0]
    assert trace["x"] == [0, 1, 2] and trace["y"] == [1.0, None, 3.0]  # plain lists, no base64 typed arrays
    json.dumps(spec, allow_nan=False)


def test_live_chart_state_always_holds_the_latest_figure() -> None:
    chart = LiveChart(go.Figure(go.Scatter(x=[0], y=[1], name="a")))
    assert chart.output_spec["data"][0]["y"] == [1]
    chart.update(go.Figure(go.Scatter(x=[0, 1], y=[1, 5], name="a")))
    assert chart.output_spec["data"][0]["y"] == [1, 5]  # what a page draws now, or after a reload
    assert list(chart.data[0].y) == [1, 5]
    chart.rebuild()
    assert chart.box.children == (chart.widget, chart.fitter)
    assert chart.widget.outputs[0]["data"][PLOTLY_MIME]["data"][0]["y"] == [1, 5]
    assert chart.output_spec["data"][0]["y"] == [1, 5]
    chart.close()


def test_an_update_sends_the_changed_traces_not_a_new_output() -> None:
    """A new ``Output`` state makes the page draw the chart from scratch (and render it to a PNG); an update
    goes to the fitter, which patches the chart drawn, and an unchanged layout and template are not resent."""
    chart = LiveChart({"data": [{"type": "scatter", "y": [1]}], "layout": {"title": {"text": "t"}}})
    first_output = chart.widget.outputs
    sent: list[set[str]] = []
    parts = ["figure_data", "figure_layout", "figure_template"]
    chart.fitter.observe(lambda change: sent.append({change["name"]}), names=parts)
    chart.update({"data": [{"type": "scatter", "y": [1, 2]}], "layout": {"title": {"text": "t"}}})
    chart.update({"data": [{"type": "scatter", "y": [1, 2, 3]}], "layout": {"title": {"text": "t"}}})
    assert chart.widget.outputs is first_output
    assert sent[-1] == {"figure_data"}  # the second update changed the traces alone
    assert chart.fitter.revision == 2 and chart.output_spec["data"][0]["y"] == [1, 2, 3]
    assert isinstance(chart.fitter.layout, w.Layout)  # the widget's own layout is untouched
    chart.close()


def test_money_and_no_math_keep_dollar_signs_away_from_mathjax() -> None:
    assert money(12) == "<span class='playbook-no-math tex2jax_ignore mathjax_ignore'>&#36;12</span>"
    assert "-&#36;3" in money(-3)
    assert "$" not in money(5)
    wrapped = no_math("Feet for $11 or $14")
    assert "tex2jax_ignore" in wrapped and "mathjax_ignore" in wrapped
    status = StatusLine()
    status.info("Bob pays $11, not $14")
    assert "mathjax_ignore" in status.text and "$11" in status.text
