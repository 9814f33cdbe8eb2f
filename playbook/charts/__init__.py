"""Pure functions from pandas DataFrames to plotly figures.

Every chart in the notebooks and tables comes from here, built from ``Match.events_frame()`` (through a
game's ``economy`` helpers) or from a tournament frame. Keeping them pure means they are tested without
Jupyter, by checking traces and data, and a view only swaps the data of a figure it already shows.
"""

from .common import SEAT_COLOURS, bars, lines, money_over_time, strategy_comparison, win_rates
from .flows import gini_over_rounds, money_lines, money_sankey
from .mars_needs_mechanics import value_trajectories
from .offal_game import clog_and_money, pipe_age_profile
from .parts_unknown import (
    demand_sales,
    draw_cost_chart,
    parts_unknown_money,
    parts_unknown_town,
    revenue_curve,
    town_over_time,
)

__all__ = [
    "SEAT_COLOURS",
    "bars",
    "clog_and_money",
    "demand_sales",
    "draw_cost_chart",
    "gini_over_rounds",
    "lines",
    "money_lines",
    "money_over_time",
    "money_sankey",
    "parts_unknown_money",
    "parts_unknown_town",
    "pipe_age_profile",
    "revenue_curve",
    "strategy_comparison",
    "town_over_time",
    "value_trajectories",
    "win_rates",
]
