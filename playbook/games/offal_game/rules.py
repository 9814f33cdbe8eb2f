"""An Offal Game: age body parts in the sewer and sell them before The Clog fills.

What it teaches: a *flow* economy. Goods (body parts) enter a pipeline at random, age into the range of
richer customers (each customer pays a fixed, reconstructed sum: age is an option, not a price rise) and
are lost when they are pushed out of the pipeline; every order you fill returns its parts to the supply.
Each turn a Plunger weighs filling an order now against waiting a day for older parts, while the shared
Clog is a clock that every turn pushes forward.

The sewer is laid out right to left: ``The Clog | Day 3 | Day 2 | Day 1``. New parts enter at the
rightmost space of Day 1 and shift toward The Clog. In this engine the pipe is one tuple indexed from the
entrance: position 0 is the rightmost space of Day 1; actions and observations name a space as the data
file does, by its Day card and its number counted from the card's left edge.

This module holds the rulings table below; the engine is split by what each module holds:
``components`` (enums, cards, ``Rules`` and the data file), ``actions`` (and ``describe``), ``events``,
``rulebook`` (pure rule functions named after the rulebook), ``moves/`` (one module per action kind:
legality, why-not and effect together), ``state``, ``setup`` (``new_game``), ``agents`` and ``economy``.

RULINGS TABLE (ambiguity -> ruling -> ``Rules`` option)

======================================  ==========================================================  ==================
Ambiguity                               Ruling                                                      Rules option
======================================  ==========================================================  ==================
How do parts shift past rats?           A rat's space is skipped: parts move along the free spaces  --
                                        only, as on a conveyor with the rat bolted beside it.
How far do parts shift?                 Every part moves on as many free spaces as parts were       ``shift``
                                        drawn (rats excluded: they do not enter at Day 1). Variant  ("conveyor" |
                                        "compact": gaps close first, parts move only as far as      "compact")
                                        needed to make room.
Order of new parts                      The first part drawn goes on the rightmost space of Day 1,  --
                                        the next one space further toward The Clog, and so on.
More parts drawn than free spaces       The last drawn pass straight into the reserve.              --
A rat when every Rat space holds one    The rat goes back in the Bag O' Parts.                      --
Rat on a part                           The part goes back in the bag (printed), after the new      --
                                        parts are placed (the printed order).
Do rats ever leave?                     Only by a Rat Trap tool.                                    --
"Aged" / "meeting the aging             At least that old: a Day 2 order takes parts on Day 2, Day  ``age_match``
requirement"                            3 or The Clog. Variant "exact": only parts on Day 2.        ("at_least" |
                                                                                                    "exact")
May orders take from The Clog?          Yes: it is one of the "4 Sewer Pipe cards"; its parts are   ``clog_takeable``
                                        age 4, older than Day 3. Taking them clears The Clog.
Which reserved parts reach The Clog?    The first pushed off Day 3 (nearest The Clog) first; no     --
                                        second roll when the reserve is empty; parts beyond The
                                        Clog's last space go back in the bag.
An empty bag                            The remaining blind draws of the turn are lost (the         --
                                        standard bag cannot run dry).
Several orders from one take            A take lists the customers to fill, in order; each gets     --
                                        what it still needs, the rest go back in the bag. Any
                                        number of takes per turn.
Partly filled orders                    Stay in their body bag across turns until complete.         --
When may tools be played?               One per turn, "at any point during their turn": before the  --
                                        roll, after the blind draws and before the reserve's d4
                                        (when there is a reserve; the Plunger then rolls it with
                                        ``RollReserve``), or in Phase 2. Not between a die and its
                                        draws (chance steps). Fire Hose before the reserve's d4
                                        (before the roll or after the draws); Meat Hook and
                                        Embalming Fluid in Phase 2 (orders are filled then).
What may a tool target?                 Rat Trap: any rat (named by its card and space). Drain      --
                                        Auger: a part type on The Clog. Meat Hook, Embalming
                                        Fluid: any Sewer card, your own
                                        customers. Crowbar: your own customer, while The Queue has
                                        a card.
Empty tool deck                         The discard pile (with the tool just played) is shuffled,   --
                                        with a seed stored in the state.
The Clog full, then cleared             The end is triggered when it becomes full and stands: the   --
                                        current Plunger finishes the turn, then the game ends.
All customers served                    The game ends at once, with the order that served the       --
                                        last.
Ties                                    Every Plunger tied on most money wins.                      --
Who starts                              Plunger 1 (seat 0).                                         --
A game that never ends                  Safety stop after ``max_turns`` turns (never reached by     ``max_turns``
                                        the calibration sweep).
Solo mode (not printed)                 A race against The Clog: the same rules, but the Plunger    ``solo_target``,
                                        keeps 3 customers waiting (more supply and more choices     ``solo_customers``
                                        each turn); the game ends as usual and the Plunger wins
                                        with at least ``solo_target`` dollars.
Rats and Rat spaces (not printed)       9 Rat spaces for the 9 rats, so every rat can reach the     ``rat_spaces``
                                        board (data: ``sewer.rat_spaces``).
======================================  ==========================================================  ==================
"""

from __future__ import annotations

from pathlib import Path

from .actions import ACTION_CLASSES, CODEC, OffalAction, ToolAction, action_from_dict, describe
from .components import (
    AGE_MATCHES,
    CARD_NAMES,
    CUBE_KEYS,
    DATA_DIR,
    EMPTY,
    INFO,
    PART_KEYS,
    PARTS,
    SHIFTS,
    Card,
    Cube,
    Customer,
    End,
    Phase,
    Rules,
    Tool,
    ToolKind,
    plunger,
)
from .events import EVENT_CLASSES
from .rulebook import (
    blind_draw_count,
    card_counts,
    clog_is_full,
    draw_odds,
    fill_orders,
    meets_age,
    most_money,
    place_new_parts,
    place_rat,
    reserve_to_the_clog,
    shift_toward_the_clog,
)
from .setup import new_game
from .state import Observation, State

__all__ = [
    "ACTION_CLASSES",
    "AGE_MATCHES",
    "CARD_NAMES",
    "CODEC",
    "CUBE_KEYS",
    "DATA_DIR",
    "EMPTY",
    "EVENT_CLASSES",
    "INFO",
    "PARTS",
    "PART_KEYS",
    "SHIFTS",
    "Card",
    "Cube",
    "Customer",
    "End",
    "Observation",
    "OffalAction",
    "Phase",
    "Rules",
    "State",
    "Tool",
    "ToolAction",
    "ToolKind",
    "action_from_dict",
    "blind_draw_count",
    "card_counts",
    "clog_is_full",
    "describe",
    "draw_odds",
    "fill_orders",
    "meets_age",
    "most_money",
    "new_game",
    "place_new_parts",
    "place_rat",
    "plunger",
    "reserve_to_the_clog",
    "rules_from_dict",
    "rules_from_toml",
    "shift_toward_the_clog",
    "state_from_dict",
]


def state_from_dict(data: object) -> State:
    """A saved state, every field checked (``InvalidStateError`` naming the field)."""
    return State.from_dict(data)  # type: ignore[arg-type]


def rules_from_dict(data: object) -> Rules:
    """``Rules`` from a parsed data file (``RulesDataError`` naming the key)."""
    return Rules.from_dict(data)  # type: ignore[arg-type]


def rules_from_toml(path: str | Path) -> Rules:
    """``Rules`` from a TOML data file (``RulesDataError`` naming the file and the key)."""
    return Rules.from_toml(path)
