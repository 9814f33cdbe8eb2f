"""Parts Unknown in Jupyter: a playable table, the going-rate explorer and a predict-then-reveal exercise.

The table reads only what the person's seat sees: ``observation(seat)`` (every shelf with its prices, the
board with Viktor, the Town, the Calendar, Surplus and Shortage per house, Riot and Monster, the auction),
``legal_actions()``, the engine's ``describe`` and event fields. Every click becomes one engine action; the
engine's message for an illegal one lands in the status line. An auction bid is typed. The explorer answers
"what sells if I price at $X" for a market built by hand, through ``economy.demand_resolution``.

The frame builders (``sales_frame``, ``seat_revenue``, ``revenue_by_price``, ``money_frame``) live in
``playbook.games.parts_unknown.economy``; they are re-exported here for older notebooks.
"""

from .table import (
    DEFAULT_AGENTS,
    LAB_AGENTS,
    GoingRateExplorer,
    LabTabs,
    PartsUnknownTable,
    PredictDemand,
    describe,
    money_frame,
    play_table,
    position_view,
    replay,
    revenue_by_price,
    sales_frame,
    seat_revenue,
)
from .table import PHASE_WORDS as PHASE_WORDS
from .table import SELLERS as SELLERS
from .table import money_figure as money_figure

__all__ = [
    "DEFAULT_AGENTS",
    "LAB_AGENTS",
    "GoingRateExplorer",
    "LabTabs",
    "PartsUnknownTable",
    "PredictDemand",
    "describe",
    "money_frame",
    "play_table",
    "position_view",
    "replay",
    "revenue_by_price",
    "sales_frame",
    "seat_revenue",
]
