"""Parts Unknown in Jupyter: a playable table, the going-rate explorer and a predict-then-reveal exercise.

The table reads only what the person's seat sees: ``observation(seat)`` (every shelf with its prices, the
board with Viktor, the Town, the Calendar, Surplus and Shortage per house, Riot and Monster, the auction),
``legal_actions()``, the engine's ``describe`` and event fields. Every click becomes one engine action; the
engine's message for an illegal one lands in the status line. An auction bid is typed. The explorer answers
"what sells if I price at $X" for a market built by hand, through ``economy.demand_resolution``.

The frame builders (``sales_frame``, ``seat_revenue``, ``revenue_by_price``, ``money_frame``) live in
``playbook.games.parts_unknown.economy``; they are re-exported here for older notebooks.

The package: ``html`` (pure markup from an observation), ``table`` (``PartsUnknownTable``), ``explorer``
(``GoingRateExplorer``), ``predict`` (``PredictDemand``) and ``lab`` (replay, ``LabTabs``). Every public
name is importable from here; ``X as X`` marks a public name outside ``__all__``.
"""

from playbook.games.parts_unknown.economy import money_frame, revenue_by_price, sales_frame, seat_revenue

from .explorer import SELLERS as SELLERS
from .explorer import GoingRateExplorer
from .html import PHASE_WORDS as PHASE_WORDS
from .html import describe
from .lab import LAB_AGENTS, LabTabs, play_table, position_view, replay
from .lab import money_figure as money_figure
from .predict import PredictDemand
from .table import DEFAULT_AGENTS, PartsUnknownTable

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
