"""An Offal Game in Jupyter: a playable table, a pipe explorer and a predict-then-reveal exercise.

The views read only what a seat sees: ``observation(seat)``, ``legal_actions()``, ``describe()``,
``why_illegal()`` and the fields of events (never the state's fields or the text of an event). Every
click becomes one engine action; chance steps (the d4s and the blind draws) are resolved by the Match's
seeded RNG. Charts are plotly figures in ``LiveChart``s.

The sewer is drawn as the rulebook lays it out, right to left: ``The Clog | Day 3 | Day 2 | Day 1``; new
parts enter at the right of Day 1 and age toward The Clog.
"""

from .table import CARD_COLOURS as CARD_COLOURS
from .table import CUBE_COLOURS as CUBE_COLOURS
from .table import CUBE_LETTERS as CUBE_LETTERS
from .table import DARK_CUBES as DARK_CUBES
from .table import (
    DEFAULT_AGENTS,
    LabTabs,
    OffalTable,
    PipeExplorer,
    PredictClog,
    TurnReport,
    age_frame,
    conveyor_turn,
    parse_cubes,
    passive_game,
    pipe_html,
    play_table,
    position_view,
    replay,
    wait_table,
)
from .table import RULES_IN_BRIEF as RULES_IN_BRIEF
from .table import clog_and_money_figure as clog_and_money_figure
from .table import game_over_line as game_over_line
from .table import plunger as plunger

__all__ = [
    "DEFAULT_AGENTS",
    "LabTabs",
    "OffalTable",
    "PipeExplorer",
    "PredictClog",
    "TurnReport",
    "age_frame",
    "conveyor_turn",
    "parse_cubes",
    "passive_game",
    "pipe_html",
    "play_table",
    "position_view",
    "replay",
    "wait_table",
]
