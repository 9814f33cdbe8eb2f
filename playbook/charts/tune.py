"""Figures of a tune's search: each trial's measurement with its interval, against the target and its tolerance.

``search_spec`` draws the trials in the order they ran (what a student watches fill in while the tune runs);
``parameter_spec`` draws the measurement against one parameter's value (where the target is crossed). Both are
specs, as ``common`` builds them (plain JSON plotly.js draws, redrawn after every trial without building a
``go.Figure``); ``figure(spec)`` makes one for a notebook. The target is a line and its tolerance a band, so a
dot inside the band is a candidate that reached it, and its bar says how sure the measurement is.
"""

from __future__ import annotations

import math
from typing import Any

import plotly.graph_objects as go

from playbook.tuning import TuneError, TuneResult

from .common import SEAT_COLOURS, Spec, figure, layout_spec, whole_axes_spec

REACHED_COLOUR = "#2ca02c"
BAND_COLOUR = "rgba(44, 160, 44, 0.12)"
BEST_COLOUR = "#ff7f0e"


def search_spec(result: TuneResult, title: str | None = None) -> Spec:
    """Every trial's measured value and interval by trial number; the target line and tolerance band; the
    closest so far as a line. A repeated candidate is drawn hollow (its games were not played again)."""
    trials = result.trials
    measured = trials[trials["distance"].notna()] if len(trials) else trials
    data: list[dict[str, Any]] = []
    if len(measured):
        data.append(_points(result, measured, x=[int(t) for t in measured["trial"]], name="trial"))
        data.append(_closest_so_far(result))
    spec: Spec = {
        "data": data,
        "layout": layout_spec(title or _title(result), "trial", _axis_words(result)),
    }
    spec["layout"]["shapes"] = _target_shapes(result)
    spec["layout"]["xaxis"] = {**spec["layout"]["xaxis"], "range": [0.5, max(result.budget, 1) + 0.5]}
    return whole_axes_spec(spec)


def parameter_spec(result: TuneResult, parameter: str, title: str | None = None) -> Spec:
    """The measured value and interval against ``parameter``'s value, one dot per candidate measured."""
    names = [p.name for p in result.parameters]
    if parameter not in names:
        raise TuneError(f"parameter: the tune varied {names}, not {parameter!r}")
    trials = result.trials
    measured = trials[trials["distance"].notna() & trials["played"]] if len(trials) else trials
    data = [] if not len(measured) else [_points(result, measured, x=measured[parameter].tolist(), name="candidate")]
    spec: Spec = {"data": data, "layout": layout_spec(title or _title(result), parameter, _axis_words(result))}
    spec["layout"]["shapes"] = _target_shapes(result)
    return whole_axes_spec(spec)


def search_figure(result: TuneResult, title: str | None = None) -> go.Figure:
    """``search_spec`` as a ``go.Figure`` for a notebook."""
    return figure(search_spec(result, title))


def parameter_figure(result: TuneResult, parameter: str, title: str | None = None) -> go.Figure:
    """``parameter_spec`` as a ``go.Figure`` for a notebook."""
    return figure(parameter_spec(result, parameter, title))


def _points(result: TuneResult, measured: Any, *, x: list[Any], name: str) -> dict[str, Any]:
    values = [float(v) for v in measured["value"]]
    reached = [bool(r) for r in measured["reached"]]
    played = [bool(p) for p in measured["played"]]
    return {
        "type": "scatter",
        "x": x,
        "y": values,
        "mode": "markers",
        "name": f"{name}: measured, 95% interval",
        "marker": {
            "size": 10,
            "color": [REACHED_COLOUR if r else SEAT_COLOURS[0] for r in reached],
            "symbol": ["circle" if p else "circle-open" for p in played],
        },
        "error_y": {
            "type": "data",
            "symmetric": False,
            "array": [float(h) - v for h, v in zip(measured["high"], values, strict=True)],
            "arrayminus": [v - float(lo) for lo, v in zip(measured["low"], values, strict=True)],
        },
        "text": [_settings(result, row) for _, row in measured.iterrows()],
        "hovertemplate": "%{text}<br>measured %{y}<extra></extra>",
    }


def _closest_so_far(result: TuneResult) -> dict[str, Any]:
    """The value of the closest candidate found up to each trial: how the search closed in."""
    xs, ys = [], []
    best: tuple[float, float] | None = None
    for trial, value, distance in zip(result.trials["trial"], result.trials["value"], result.trials["distance"],
                                      strict=True):  # fmt: skip
        if not math.isnan(float(distance)) and (best is None or float(distance) < best[0]):
            best = (float(distance), float(value))
        if best is not None:
            xs.append(int(trial))
            ys.append(best[1])
    return {
        "type": "scatter",
        "x": xs,
        "y": ys,
        "mode": "lines",
        "name": "closest so far",
        "line": {"shape": "hv", "color": BEST_COLOUR, "dash": "dot"},
    }


def _target_shapes(result: TuneResult) -> list[dict[str, Any]]:
    target = result.target
    band = {"y0": target.value - target.tolerance, "y1": target.value + target.tolerance}
    across = {"xref": "paper", "x0": 0, "x1": 1}
    return [
        {"type": "rect", **across, **band, "fillcolor": BAND_COLOUR, "line": {"width": 0}, "layer": "below"},
        {
            "type": "line",
            **across,
            "y0": target.value,
            "y1": target.value,
            "line": {"color": REACHED_COLOUR, "dash": "dash"},
        },
    ]


def _settings(result: TuneResult, row: Any) -> str:
    return ", ".join(f"{p.name} = {row[p.name]:g}" for p in result.parameters)


def _axis_words(result: TuneResult) -> str:
    return result.target_words


def _title(result: TuneResult) -> str:
    return f"Tuning {result.game}: {result.target_description()}"
