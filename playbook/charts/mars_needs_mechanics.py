"""Mars Needs Mechanics figures: the order line's values by round."""

from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go

from .common import lines


def value_trajectories(values: pd.DataFrame, title: str = "Component values by round") -> go.Figure:
    """Columns ``round``, ``component``, ``value``: one line per component."""
    return lines(values, x="round", y="value", series="component", title=title)
