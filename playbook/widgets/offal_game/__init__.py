"""An Offal Game in Jupyter: a playable table, a pipe explorer and a predict-then-reveal exercise.

The views read only what a seat sees: ``observation(seat)``, ``legal_actions()``, ``describe()``,
``why_illegal()`` and the fields of events (never the state's fields or the text of an event). Every
click becomes one engine action; chance steps (the d4s and the blind draws) are resolved by the Match's
seeded RNG. Charts are plotly figures in ``LiveChart``s.

The sewer is drawn as the rulebook lays it out, right to left: ``The Clog | Day 3 | Day 2 | Day 1``; new
parts enter at the right of Day 1 and age toward The Clog.

The package: ``html`` (pure markup from an observation), ``table`` (``OffalTable``), ``explorer``
(``PipeExplorer``), ``predict`` (``PredictClog``) and ``lab`` (replay, ``LabTabs``). Every public name is
importable from here; ``X as X`` marks a public name outside ``__all__``.
"""

from playbook.games.offal_game.conveyor import TurnReport, conveyor_turn, parse_cubes, passive_game
from playbook.games.offal_game.economy import age_frame, wait_table

from .explorer import PipeExplorer
from .html import CARD_COLOURS as CARD_COLOURS
from .html import CUBE_COLOURS as CUBE_COLOURS
from .html import CUBE_LETTERS as CUBE_LETTERS
from .html import DARK_CUBES as DARK_CUBES
from .html import RULES_IN_BRIEF as RULES_IN_BRIEF
from .html import game_over_line as game_over_line
from .html import pipe_html
from .html import plunger as plunger
from .lab import LabTabs, play_table, position_view, replay
from .lab import clog_and_money_figure as clog_and_money_figure
from .predict import PredictClog
from .table import DEFAULT_AGENTS, OffalTable

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
