"""Mars Needs Mechanics: the rulebook's rules as pure functions, and the RULINGS TABLE.

What it teaches: a price that moves with *when* things are bought, not how many. Each purchase sends the
component's token to the front of the Order Line; at the round's end the first three rise and the last
three fall. Buying late pushes a value up; buying early lets others push it down. Cards only turn into
cogs as sets of three at the round's end, so a player trades liquidity against waiting for a peak.

The functions below are named after the rulebook's steps and quote it; the engine (``state.py`` and
``moves/``) and the teaching helpers (``economy.py``) both call them, so a lesson and a game cannot disagree.

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

from collections.abc import Sequence


def move_to_front(order: tuple[int, ...], component: int) -> tuple[int, ...]:
    """Purchasing: "move its corresponding Component Token to the front of the Order Line.
    If the token ... is already at the front of the line, it does not move."

    >>> move_to_front((0, 1, 2, 3), 2)
    (2, 0, 1, 3)
    >>> move_to_front((2, 0, 1, 3), 2)
    (2, 0, 1, 3)
    """
    if order[0] == component:
        return order
    return (component, *(c for c in order if c != component))


def adjust_values(
    values: tuple[int, ...],
    order: tuple[int, ...],
    *,
    rise: int = 3,
    fall: int = 3,
    low: int = 1,
    high: int = 10,
    final: bool = False,
    bought: frozenset[int] | None = None,
    fourth_rises: bool = False,
) -> tuple[int, ...]:
    """Adjust Values: "Decrease the value of the last three components in the Order Line by 1 cog. Increase
    the value of the first three ... by 1 cog ... the fourth ... will not change."

    Final adjustment: "components can only increase in value if they were bought during the last round."
    Values stay on the track [low, high]. The token order does not change ("maintaining the order").

    >>> adjust_values((5,) * 7, (6, 5, 4, 3, 2, 1, 0))  # the first three rise, the fourth stays, the last fall
    (4, 4, 4, 5, 6, 6, 6)
    >>> adjust_values((5,) * 7, (6, 5, 4, 3, 2, 1, 0), final=True, bought=frozenset({6}))
    (4, 4, 4, 5, 5, 5, 6)
    >>> adjust_values((1, 10, 5, 5, 5, 5, 5), (1, 2, 3, 4, 5, 6, 0))  # values stay on the track
    (1, 10, 6, 6, 5, 4, 4)
    """
    new = list(values)
    size = len(order)
    raised = rise + (1 if fourth_rises and rise < size - fall else 0)
    for place, component in enumerate(order):
        if place < raised:
            if final and (bought is None or component not in bought):
                continue
            new[component] = min(high, new[component] + 1)
        elif place >= size - fall:
            new[component] = max(low, new[component] - 1)
    return tuple(new)


def set_value(cards: int, value: int, bonus_per_card: int = 0) -> int:
    """Sell Sets: "sell any number of sets of components for their combined value"; Scrap is worth zero,
    so only the component cards count (Difference Engine adds its bonus per card).

    >>> set_value(4, 6)  # "if Edward sells a set of 4 Aether Tube cards, each with a value of 6 cogs"
    24
    >>> set_value(2, 4)  # "2 Wire cards with a value of 4 and 1 Scrap Metal card"
    8
    """
    return cards * (value + bonus_per_card)


def is_set(cards: int, scrap: int, min_size: int = 3) -> bool:
    """ "A set is defined as 3 or more of a component type. A single Scrap Metal card may be used to replace
    1 other card in a set ... You may use both of your scrap as part of the same set." Ruling: a set needs
    at least one component card.

    >>> is_set(2, 1), is_set(1, 2), is_set(0, 3), is_set(2, 0)
    (True, True, False, False)
    """
    return cards >= 1 and scrap >= 0 and cards + scrap >= min_size


def tie_break_order(cogs: Sequence[int], components_in_hand: Sequence[int], last_first_player: int) -> list[int]:
    """Competition Ends: most cogs; "If there is a tie, the contestant with the fewest remaining
    components in hand wins. If there is still a tie, the contestant closest to the first player of the
    last round (in a clockwise fashion) is the winner." Returns seats from winner to last.

    >>> tie_break_order([40, 40, 40], [2, 1, 1], last_first_player=2)
    [2, 1, 0]
    """
    n = len(cogs)
    return sorted(range(n), key=lambda s: (-cogs[s], components_in_hand[s], (s - last_first_player) % n))
