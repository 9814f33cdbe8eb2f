"""Mars Needs Mechanics: the RULINGS TABLE, and the module protocol in one place.

What it teaches: a price that moves with *when* things are bought, not how many. Each purchase sends the
component's token to the front of the Order Line; at the round's end the first three rise and the last
three fall. Buying late pushes a value up; buying early lets others push it down. Cards only turn into
cogs as sets of three at the round's end, so a player trades liquidity against waiting for a peak.

The rules themselves live in small modules (``components``, ``actions``, ``events``, ``rulebook``,
``moves/``, ``state``, ``setup``); this module is where a reader finds how the engine reads the rulebook
where it is ambiguous or silent, and the functions ``playbook.games`` calls.

Rulings (where the rulebook is ambiguous or silent; ``Rules`` option in brackets where a table might differ)

=====================================  ===================================================================
Question                               Ruling
=====================================  ===================================================================
Who holds the First Player Marker?     "the best English accent": a seeded random seat [``first_player``].
Value track bounds                     1..10 (reconstructed); a value at a bound stays there, its token
                                       still keeps its place [``value_min``, ``value_max``].
Cogs supply                            Unlimited: the 270 cogs in the box are a physical limit only.
When does a turn end?                  After the primary action the player may still build or break down;
                                       an ``EndTurn`` action closes the turn. When no optional action is
                                       possible the turn closes by itself, so bots never waste a step.
Does a pass reset by building?         No: only a purchase breaks a run of passes. "All contestants
                                       consecutively pass" counts primary actions.
Sets and Scrap                         A set needs at least one component card; Scrap fills the rest (both
                                       Scraps may go in one set). Sold Scrap is discarded like the cards.
                                       Several sets of one type may be sold in one step (value is the same).
Nothing to sell                        A contestant who cannot form a set is skipped at Sell Sets.
Final adjustment                       The last round is known at its end: the deck is empty (the restock
                                       that follows would end the game) or a second round in a row went
                                       without a purchase. Then only components bought in that round rise.
Tie break "fewest components"          Counts component cards in hand; Scrap is not a component.
Tie break "closest to first player"    The last round's first player is closest, then clockwise (left).
Automaton                              Cost: every component card in hand, at least 5; Scrap stays in hand.
                                       It does not count against "one mechanism built at a time" (its card
                                       says otherwise, per "unless otherwise noted"), cannot be broken down
                                       and pays 3 cogs per card in it when the competition ends.
Brass Balancer with two owners         The fourth component rises by 1 once, however many have it built.
Pneumatic Claw                         Needs a card in the deck; the sent card goes to the bottom.
X-Ray Goggles, Analytical Almanac      Information only: they add ``deck_top`` / ``deck_counts`` to the
                                       owner's ``observation``.
Component names                        The rulebook names only the Aether Tube and Wire; the other five
                                       names (the Lens among them) are reconstructed.
Player markers (12)                    Three per contestant: at most three mechanisms built at once.
=====================================  ===================================================================
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from playbook.core.protocol import Json

from .actions import ACTION_CLASSES, action_from_dict, describe
from .components import INFO, Rules
from .setup import new_game
from .state import Observation, State


def state_from_dict(data: Mapping[str, Json]) -> State:
    """A saved state, every field checked (``InvalidStateError`` naming the field)."""
    return State.from_dict(data)


def rules_from_dict(data: Mapping[str, Json]) -> Rules:
    """Rules from ``Rules.to_dict()``, every key and number checked (``RulesDataError``)."""
    return Rules.from_dict(data)


def rules_from_toml(components: str | Path, mechanisms: str | Path | None = None) -> Rules:
    """A variant from a copy of ``data/components.toml`` (and optionally of ``data/mechanisms.toml``)."""
    return Rules.from_toml(components, mechanisms)


__all__ = [
    "ACTION_CLASSES",
    "INFO",
    "Observation",
    "Rules",
    "State",
    "action_from_dict",
    "describe",
    "new_game",
    "rules_from_dict",
    "rules_from_toml",
    "state_from_dict",
]
