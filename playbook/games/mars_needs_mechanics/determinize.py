"""A full ``State`` rebuilt from one seat's observation, for the search bot (``playbook.search``).

What a seat cannot see, and how it is drawn: the other contestants' hands (their sizes are public, Scrap
included), the deck's order (and, without the Analytical Almanac, its make-up), and which cards were sold
(the discard is a count). The cards nobody can see are each type's copies less the market, the seat's own hand
and every built mechanism; they are shuffled and dealt to the X-Ray Goggles' known top first (they are the
deck's top), then to the other hands, then to the rest of the deck; what is left was sold. How many of
another hand's cards are Scrap is not shown either: it is drawn uniformly from the counts that leave enough
unseen cards for the hands and the deck.

Three fields the observation does not carry are set to their most common value: ``rounds_without_purchase``
0 (the previous round's purchases are history, not table), and this turn's ``built_this_turn``,
``broke_this_turn`` and ``clawed_this_turn`` empty. The search plays the seat's own legal actions at the root
either way, so a world that would allow one more build only differs below the root.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from playbook.core.errors import InvalidArgumentError
from playbook.core.protocol import Json

from .components import NUM_TYPES, Built, EndReason, Phase, Rules
from .state import State


#: The search bot's settings for this engine (``playbook.search.search_agent``; measured in docs/search.md).
def standing(state: State) -> tuple[float, ...]:
    """Cogs plus the hand at the values now, less a fifth (a set sells at the value it has when sold, and a lone
    card may never make a set): why not cogs alone, a rollout cut mid-round would count every purchase as a
    loss and never see the sale it was for."""
    values = state.values
    return tuple(
        cogs + 0.8 * sum(count * value for count, value in zip(hand, values, strict=True))
        for cogs, hand in zip(state.cogs, state.hands, strict=True)
    )


SEARCH_DEFAULTS: dict[str, Any] = {
    "iterations": 200,
    "rollout_depth": 30,
    "score_scale": 8.0,
    "exploration": 0.7,
    "evaluation": standing,
}

_PHASES = {phase.name.lower(): phase for phase in Phase}
_END_REASONS = {reason.words: reason for reason in EndReason}


def _ints(value: Json) -> list[int]:
    if not isinstance(value, list):
        raise InvalidArgumentError(f"observation: expected a list of numbers, not {type(value).__name__}")
    return [int(v) for v in value]


def built_mechanisms(observation: Any, rules: Rules) -> tuple[tuple[Built, ...], ...]:
    """Each seat's mechanisms: a blueprint holds its cost; an Automaton holds the rest of the seat's built cards."""
    out = []
    built_cards: Any = observation["built_cards"]
    built_keys: Any = observation["built"]
    for keys, cards in zip(built_keys, built_cards, strict=True):
        rest = list(cards)
        mechanisms = []
        for key in keys:
            if key != "automaton":
                cost = rules.by_key[key].cost
                rest = [r - c for r, c in zip(rest, cost, strict=True)]
        for key in keys:
            held = tuple(rest) if key == "automaton" else tuple(rules.by_key[key].cost)
            mechanisms.append(Built(key, held))
        out.append(tuple(mechanisms))
    return tuple(out)


def unseen_cards(observation: Any, rules: Rules, built: Sequence[Sequence[Built]]) -> list[int]:
    """Per component type, the copies nobody at the table can see: not in the market, this hand or a mechanism."""
    unseen = list(rules.copies)
    for card in _ints(observation["market"]):
        unseen[card] -= 1
    for component, count in enumerate(_ints(observation["hand"])):
        unseen[component] -= count
    for mechanisms in built:
        for mechanism in mechanisms:
            for component, count in enumerate(mechanism.cards):
                unseen[component] -= count
    return unseen


def _scrap_counts(
    sizes: list[int], seat: int, own_scrap: int, cards_free: int, rules: Rules, rng: random.Random
) -> list[int]:
    """Scrap per seat: the seat's own as seen; another's drawn uniformly, raised where the cards run short."""
    scrap = []
    for other, size in enumerate(sizes):
        scrap.append(own_scrap if other == seat else rng.randint(0, min(rules.scrap_per_player, size)))
    for other, size in enumerate(sizes):
        while other != seat and sum(sizes[s] - scrap[s] for s in range(len(sizes)) if s != seat) > cards_free:
            if scrap[other] >= min(rules.scrap_per_player, size):
                break
            scrap[other] += 1
    return scrap


def _deal(
    observation: Any, unseen: list[int], rules: Rules, rng: random.Random
) -> tuple[list[tuple[int, ...]], list[int], list[int]]:
    """The hands (the seat's own as seen), the deck (top first) and the Scrap, drawn from the unseen cards."""
    seat = int(observation["seat"])
    sizes = _ints(observation["hand_sizes"])
    deck_size = int(observation["deck_size"])
    top = _ints(observation.get("deck_top", []))
    counts = observation.get("deck_counts")
    pool = [c for c, count in enumerate(unseen) for _ in range(count)]
    for card in top:
        pool.remove(card)
    if counts is not None:  # the Almanac shows the deck's make-up: the rest of the deck is exactly those cards
        rest = [c for c, count in enumerate(_ints(counts)) for _ in range(count)]
        for card in top:
            rest.remove(card)
        for card in rest:
            pool.remove(card)
        rng.shuffle(rest)
        deck_rest, free = rest, len(pool)
    else:
        deck_rest, free = [], len(pool) - (deck_size - len(top))
    scrap = _scrap_counts(sizes, seat, int(observation["scrap"]), free, rules, rng)
    rng.shuffle(pool)
    hands: list[tuple[int, ...]] = []
    for other, size in enumerate(sizes):
        if other == seat:
            hands.append(tuple(_ints(observation["hand"])))
            continue
        hand = [0] * NUM_TYPES
        for card in pool[: size - scrap[other]]:
            hand[card] += 1
        del pool[: size - scrap[other]]
        hands.append(tuple(hand))
    if counts is None:
        deck_rest = pool[: deck_size - len(top)]
    return hands, top + deck_rest, scrap


def unseen(state: State, seat: int) -> Any:
    """What a 2-player world draws afresh for ``seat``: the rival's hand and the deck order.

    Worlds sampled with different seeds must disagree on it: a determinizer draws what the seat cannot see.
    """
    return (state.hands[1 - seat], state.deck)


def determinize(seen: Mapping[str, Json], rules: Rules | None, rng: random.Random) -> State:
    """A state this seat cannot tell from the true one: ``state.observation(seat) == seen``."""
    observation: Any = seen  # JSON read by key below; the game's own check_consistent bounds what it builds
    rules = rules if rules is not None else Rules.standard()
    built = built_mechanisms(observation, rules)
    hands, deck, scrap = _deal(observation, unseen_cards(observation, rules, built), rules, rng)
    players = len(hands)
    phase = _PHASES[str(observation["phase"])]
    current = observation["current_player"]
    first = int(observation["first_player"])
    seat = int(current) if current is not None else first
    return State(
        rules=rules,
        num_players=players,
        round=int(observation["round"]),
        phase=phase,
        seat=seat,
        first_player=first,
        cogs=tuple(_ints(observation["cogs"])),
        hands=tuple(hands),
        scrap=tuple(scrap),
        built=built,
        deck=tuple(deck),
        market=tuple(_ints(observation["market"])),
        discard=int(observation["discard_size"]),
        values=tuple(_ints(observation["values"])),
        order=tuple(_ints(observation["order_line"])),
        primary_done=bool(observation["primary_done"]),
        passes_in_row=int(observation["passes_in_row"]),
        purchases_this_round=int(observation["purchases_this_round"]),
        bought_mask=sum(1 << c for c in _ints(observation["bought_this_round"])),
        sellers_done=(seat - first) % players if phase == Phase.SELL else 0,
        final_round=bool(observation["final_round"]),
        end_reason=_END_REASONS[str(observation["end_reason"])],
    )
