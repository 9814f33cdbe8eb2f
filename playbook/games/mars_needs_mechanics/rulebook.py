"""The rulebook's rules as pure functions, named after its steps and quoting it, with its worked examples.

The engine (``state.py`` and ``moves/``) and the teaching helpers (``economy.py``) both call them, so a lesson
and a game cannot disagree. Where the rulebook is ambiguous or silent, the ruling is in the RULINGS TABLE
(the docstring of ``rules.py``).
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
    return (component, *[c for c in order if c != component])


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
