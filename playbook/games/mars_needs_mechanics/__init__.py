"""Mars Needs Mechanics: order-line pricing and set selling (2-4 players).

Where things are:

- ``rules.py``: the RULINGS TABLE (its module docstring) and the module protocol (``state_from_dict``,
  ``rules_from_dict``, ``rules_from_toml``);
- ``rulebook.py``: the rulebook's rules as pure functions with doctests (``move_to_front``,
  ``adjust_values``, ``set_value``, ``is_set``, ``tie_break_order``);
- ``components.py``: ``INFO``, the ``Phase`` and ``EndReason`` enums, ``Mechanism``, ``Rules`` and the loading
  of ``data/*.toml`` (reconstructed data is marked there);
- ``actions.py`` (with ``describe``), ``events.py``, ``state.py`` (``State`` and its typed ``Observation``),
  ``fields.py`` (the state's fields and their positions, which the moves build the next state by),
  ``moves/`` (one module per action kind: legality, why-not text and effect together), ``setup.py``
  (``new_game``);
- ``agents.py``: strategies; ``economy.py``: teaching helpers and the frames charts draw.
"""

from .actions import (
    ACTION_CLASSES,
    BreakDown,
    Build,
    Buy,
    Claw,
    DoneSelling,
    EndTurn,
    MnmAction,
    Pass,
    SellSet,
    action_from_dict,
    describe,
)
from .components import INFO, NUM_TYPES, Built, EndReason, Mechanism, Phase, Rules, cost_text
from .events import (
    AutomatonPaid,
    CompetitionEnded,
    FirstPlayerPassed,
    MarketClawed,
    MechanismBrokenDown,
    MechanismBuilt,
    Passed,
    Purchased,
    Restocked,
    RoundEnded,
    SetSold,
    ValueAdjusted,
    ValueRaisedOnPurchase,
)
from .rulebook import adjust_values, is_set, move_to_front, set_value, tie_break_order
from .rules import rules_from_dict, rules_from_toml, state_from_dict
from .setup import new_game
from .state import Observation, State

__all__ = [
    "ACTION_CLASSES",
    "INFO",
    "NUM_TYPES",
    "AutomatonPaid",
    "BreakDown",
    "Build",
    "Built",
    "Buy",
    "Claw",
    "CompetitionEnded",
    "DoneSelling",
    "EndReason",
    "EndTurn",
    "FirstPlayerPassed",
    "MarketClawed",
    "Mechanism",
    "MechanismBrokenDown",
    "MechanismBuilt",
    "MnmAction",
    "Observation",
    "Pass",
    "Passed",
    "Phase",
    "Purchased",
    "Restocked",
    "RoundEnded",
    "Rules",
    "SellSet",
    "SetSold",
    "State",
    "ValueAdjusted",
    "ValueRaisedOnPurchase",
    "action_from_dict",
    "adjust_values",
    "cost_text",
    "describe",
    "is_set",
    "move_to_front",
    "new_game",
    "rules_from_dict",
    "rules_from_toml",
    "set_value",
    "state_from_dict",
    "tie_break_order",
]
