"""Mars Needs Mechanics in Jupyter: a playable table, an Order Line explorer and a predict-then-reveal exercise.

The views read only what a seat sees: ``observation(seat)``, ``legal_actions()``, ``describe()``,
``why_illegal()`` and event fields; never state fields. What a seat's built mechanisms reveal to it (the X-Ray
Goggles' ``deck_top``, the Analytical Almanac's ``deck_counts``, its own prices and set bonus) shows in its own
view only. Charts are ``LiveChart``s (a plotly figure in a widget's state, current whenever the page draws it)
updated as the match moves; their axes count rounds. Every view here is a ``View``: ``close()`` gives back every
widget model it made.

``position_view(match, seat)`` draws the table read-only for any match (a ``ReplayViewer`` renderer),
``play_table(fork, seat)`` a playable one on a forked match, and ``replay(match, seat)`` wires both into a
``ReplayViewer`` with the cogs chart.

The package, in the shape of every game's views: ``html`` (pure markup from an observation), ``table``
(``MarsNeedsMechanicsTable``), ``explorer`` (``OrderLineExplorer``), ``predict`` (``PredictValue``) and ``lab``
(replay, ``LabTabs``). Every public name is importable from here; ``X as X`` marks a public name outside
``__all__``.
"""

from .explorer import OrderLineExplorer
from .explorer import _known_names as _known_names
from .html import COMPONENT_COLOURS as COMPONENT_COLOURS
from .html import PHASE_WORDS as PHASE_WORDS
from .html import _card_chips as _card_chips
from .html import _hand_html as _hand_html
from .html import _header_html as _header_html
from .html import _knowledge_html as _knowledge_html
from .html import _order_line_html as _order_line_html
from .html import _sale_label as _sale_label
from .html import _seats_html as _seats_html
from .lab import LabTabs, play_table, position_view, replay
from .predict import RISE_STAY_FALL as RISE_STAY_FALL
from .predict import PredictValue
from .table import DEFAULT_AGENTS, MarsNeedsMechanicsTable

__all__ = [
    "DEFAULT_AGENTS",
    "LabTabs",
    "MarsNeedsMechanicsTable",
    "OrderLineExplorer",
    "PredictValue",
    "play_table",
    "position_view",
    "replay",
]
