"""Planet Unknown in Jupyter: a planet you place tiles on, the station, the tracks, and a tile-yield explorer.

Everything shown is read from what a seat sees: ``state.observation(seat)``, the legal actions, the
events' fields, the rules' component data and ``economy``'s pure functions. A click on the planet (an
anywidget whose ESM module and CSS ship in ``static/``) reaches the engine as the very action a bot would
play (``PlaceTile``, ``ChooseSquare``, ``MoveRover`` ...); the engine decides what is legal and its
words land in the status line.

Squares are numbered ``row * 12 + col``; a placement's ``(row, col)`` is the corner of its shape's box in
that orientation (orientation 0-7: mirror when 4 or more, then quarter turns), as in ``PlaceTile``.

The package: ``tiles`` (squares, orientations, a seat's planet rows), ``words`` (gains, cards, events and actions
in words), ``board`` (the planet anywidget and the HTML of station, depots and boards), ``frames`` (placement
tables and histories for charts), ``table`` (``PlanetUnknownTable``), ``explorer`` (``TileYieldExplorer``,
``PredictPlacement``), ``lab`` (strategy lab, replay, lesson helpers), ``asymmetric`` (planet and corporation
choice, special squares) and ``corporation`` (a seat's corporation board). Every name is importable from here;
``X as X`` marks one outside ``__all__``.
"""

from .board import PlanetWidget, planet_svg
from .board import _objectives_html as _objectives_html
from .board import _possessive as _possessive
from .board import _square_title as _square_title
from .board import _tile_svg as _tile_svg
from .board import corporation_html as corporation_html
from .board import depot_html as depot_html
from .board import planet_cells as planet_cells
from .board import station_html as station_html
from .explorer import PredictPlacement, TileYieldExplorer, seeded_position
from .frames import _legal_spots as _legal_spots
from .frames import best_steps_grid as best_steps_grid
from .frames import breakdown_frame, coverage_history, milestone_positions, placement_table, tracker_history
from .frames import lines_completed as lines_completed
from .frames import medals_gained as medals_gained
from .lab import LabTabs, play_table, position_view, replay, rescore_lines, strategy_games
from .lab import score_figure as score_figure
from .table import DEFAULT_AGENTS, PlanetUnknownTable
from .tiles import COLOURS as COLOURS
from .tiles import SIDE as SIDE
from .tiles import STATIC as STATIC
from .tiles import TERRAINS as TERRAINS
from .tiles import TRACKS as TRACKS
from .tiles import _terrain_at as _terrain_at
from .tiles import canonical_orientations as canonical_orientations
from .tiles import flip_orientation as flip_orientation
from .tiles import mask_has as mask_has
from .tiles import oriented as oriented
from .tiles import planet_rows as planet_rows
from .tiles import rotate_orientation as rotate_orientation
from .tiles import rotation_depot as rotation_depot
from .tiles import seat_view as seat_view
from .tiles import tile_info
from .tiles import tile_label as tile_label
from .tiles import tile_terrains as tile_terrains
from .words import CIV_EFFECT_WORDS as CIV_EFFECT_WORDS
from .words import END_WORDS as END_WORDS
from .words import GAIN_WORDS as GAIN_WORDS
from .words import NEIGHBOUR_WORDS as NEIGHBOUR_WORDS
from .words import PHASE_WORDS as PHASE_WORDS
from .words import POINT_WORDS as POINT_WORDS
from .words import PRIVATE_WORDS as PRIVATE_WORDS
from .words import RULES_IN_BRIEF, event_words, html_text
from .words import TECH_WORDS as TECH_WORDS
from .words import YOU_VERBS as YOU_VERBS
from .words import _action_words as _action_words
from .words import _event_text as _event_text
from .words import _more_words as _more_words
from .words import _square_words as _square_words
from .words import _token_text as _token_text
from .words import _winners_words as _winners_words
from .words import _you as _you
from .words import objective_words as objective_words
from .words import yield_words as yield_words

__all__ = [
    "DEFAULT_AGENTS",
    "RULES_IN_BRIEF",
    "LabTabs",
    "PlanetUnknownTable",
    "PlanetWidget",
    "PredictPlacement",
    "TileYieldExplorer",
    "breakdown_frame",
    "coverage_history",
    "event_words",
    "html_text",
    "milestone_positions",
    "placement_table",
    "planet_svg",
    "play_table",
    "position_view",
    "replay",
    "rescore_lines",
    "seeded_position",
    "strategy_games",
    "tile_info",
    "tracker_history",
]
