"""One test per mechanism ability of ``data/mechanisms.toml``, each put in play with ``with_mechanisms``."""

from __future__ import annotations

from typing import Any

import pytest

from playbook.core.errors import IllegalActionError, RulesDataError
from playbook.games.mars_needs_mechanics import (
    BreakDown,
    Build,
    Built,
    Buy,
    Claw,
    EndTurn,
    Pass,
    Phase,
    Rules,
    SellSet,
    State,
)

from .helpers import (
    AETHER,
    ALL_MECHANISMS,
    BOILER,
    COIL,
    EMPTY,
    GEAR,
    LENS,
    PISTON,
    WIRE,
    base,
    cost,
    end_round_by_passing,
    hand,
    kinds,
    mech,
    of_kind,
    rules_with,
)

SELL, OVER = Phase.SELL, Phase.OVER


def built_state(key: str, players: int = 2, seats: tuple[int, ...] = (0,), **changes: Any) -> tuple[Rules, State]:
    """A game with ``key`` in play and built by ``seats``."""
    rules = rules_with(key)
    mechanism = Built(mech(rules, key), cost(rules, key))
    built = tuple((mechanism,) if seat in seats else () for seat in range(players))
    return rules, base(players, rules=rules, built=built, **changes)


def test_data_lists_ten_mechanisms_with_an_ability_each() -> None:
    rules = Rules.standard()
    assert tuple(m.key for m in rules.mechanisms) == ALL_MECHANISMS
    for key in ALL_MECHANISMS:
        assert rules_with(key).in_play == (key,)
    with pytest.raises(RulesDataError, match="not a mechanism"):
        rules_with("flux_capacitor")
    with pytest.raises(RulesDataError, match="twice"):
        rules_with("governor", "governor")


def test_x_ray_goggles_show_top_three_to_owner() -> None:
    """X-Ray Goggles: "You see the top 3 cards of the Component Deck." """
    deck = (GEAR, LENS, WIRE, PISTON, COIL)
    rules, state = built_state("x_ray_goggles", 3, deck=deck)
    assert state.observation(0)["deck_top"] == [GEAR, LENS, WIRE]
    assert "deck_top" not in state.observation(1) and "deck_top" not in state.observation(2)
    short = state._replace(deck=(BOILER,))
    assert short.observation(0)["deck_top"] == [BOILER]
    # built through apply, it works at once
    fresh = base(2, rules=rules, hands=(cost(rules, "x_ray_goggles"), EMPTY), deck=deck)
    assert "deck_top" not in fresh.observation(0)
    after, _ = fresh.apply(Build(mech(rules, "x_ray_goggles")))
    assert after.observation(0)["deck_top"] == [GEAR, LENS, WIRE]


def test_difference_engine_adds_a_cog_per_card_sold() -> None:
    """Difference Engine: "Each component card in a set you sell earns 1 extra cog." """
    _, state = built_state(
        "difference_engine", hands=(hand(lens=3), hand(lens=3)), order=(GEAR, AETHER, WIRE, LENS, BOILER, COIL, PISTON)
    )
    selling, _ = end_round_by_passing(state)
    value = selling.values[LENS]
    selling, events = selling.apply(SellSet(LENS, 3))
    assert of_kind(events, "set_sold")[0].cogs == 3 * (value + 1)
    after, events = selling.apply(SellSet(LENS, 2, 1))  # seat 1 has no Engine; Scrap earns no bonus
    assert of_kind(events, "set_sold")[0].cogs == 2 * value
    assert after.cogs == (30 + 3 * (value + 1), 30 + 2 * value)


def test_rocket_booster_discounts_purchases() -> None:
    """Rocket Booster: "Your purchases cost 1 cog less." """
    _, state = built_state("rocket_booster", market=(GEAR, LENS), cogs=(4, 4))
    assert state.price(0, GEAR) == 4 and state.price(1, GEAR) == 5
    assert Buy(GEAR) in state.legal_actions()  # 4 cogs buy a card of value 5
    after, events = state.apply(Buy(GEAR))
    assert after.cogs[0] == 0 and of_kind(events, "purchased")[0].price == 4
    assert Buy(LENS) not in after.legal_actions()  # seat 1, without the Booster, cannot
    assert state.observation(0)["prices"][GEAR] == 4


def test_aether_drive_raises_value_on_purchase() -> None:
    """Aether Drive: "When you purchase a component, its value rises by 1 at once." """
    _, state = built_state("aether_drive", market=(GEAR, LENS, LENS))
    after, events = state.apply(Buy(GEAR))
    assert after.values[GEAR] == 6 and after.cogs[0] == 25  # paid the old value, then it rose
    raised = of_kind(events, "value_raised_on_purchase")[0]
    assert (raised.seat, raised.component, raised.old, raised.new) == (0, "Gear", 5, 6)
    assert after.seat == 0  # the Drive could still be broken down: EndTurn closes the turn
    plain, _ = after.apply(EndTurn())[0].apply(Buy(LENS))  # seat 1 has no Drive
    assert plain.values[LENS] == 5
    capped, _ = state._replace(values=(10,) * 7).apply(Buy(GEAR))
    assert capped.values[GEAR] == 10  # the value track ends at value_max


def test_automaton_takes_whole_hand_and_pays_three_per_card() -> None:
    """Automaton: "Built from every component card in your hand (at least 5). Never broken down; built beside
    another mechanism. Worth 3 cogs per card in it at the end." """
    rules = rules_with("automaton", "x_ray_goggles")
    automaton = mech(rules, "automaton")
    goggles = Built(mech(rules, "x_ray_goggles"), cost(rules, "x_ray_goggles"))
    too_few = base(2, rules=rules, hands=(hand(gear=2, lens=2), EMPTY))
    assert Build(automaton) not in too_few.legal_actions()
    with pytest.raises(IllegalActionError, match="at least 5"):
        too_few.apply(Build(automaton))
    state = base(2, rules=rules, hands=(hand(gear=2, lens=2, wire=2), EMPTY), built=((goggles,), ()), deck=())
    built, events = state.apply(Build(automaton))
    assert built.hands[0] == EMPTY and built.scrap[0] == 2  # Scrap stays in hand
    assert of_kind(events, "mechanism_built")[0].cards == 6
    assert len(built.built[0]) == 2  # beside the X-Ray Goggles
    later = built._replace(built_this_turn=-1, primary_done=False)
    assert BreakDown(automaton) not in later.legal_actions()
    with pytest.raises(IllegalActionError, match="can't be broken down once it is built"):
        later.apply(BreakDown(automaton))
    over, events = end_round_by_passing(later)
    assert over.phase == OVER
    paid = of_kind(events, "automaton_paid")[0]
    assert (paid.seat, paid.cogs) == (0, 18) and over.scores() == (48, 30)


def test_governor_lets_the_token_stay() -> None:
    """Governor: "When you purchase, you may leave its token where it is instead of moving it to the front." """
    _, state = built_state("governor", market=(PISTON, PISTON))
    order = state.order
    assert {Buy(PISTON), Buy(PISTON, True)} <= set(state.legal_actions())
    held, events = state.apply(Buy(PISTON, True))
    assert held.order == order and not of_kind(events, "purchased")[0].token_moved
    assert held.hands[0][PISTON] == 1 and held.cogs[0] == 25
    moved, _ = state.apply(Buy(PISTON))
    assert moved.order[0] == PISTON
    other, _ = held.apply(EndTurn())
    assert Buy(PISTON, True) not in other.legal_actions()  # seat 1 has no Governor
    with pytest.raises(IllegalActionError, match="only the Governor"):
        other.apply(Buy(PISTON, True))


def test_smelting_furnace_makes_pairs_a_set() -> None:
    """Smelting Furnace: "Your sets may be 2 cards instead of 3." """
    _, state = built_state("smelting_furnace", hands=(hand(wire=2, lens=1), hand(wire=2)), scrap=(1, 0))
    assert state.min_set_size(0) == 2 and state.min_set_size(1) == 3
    selling, _ = end_round_by_passing(state)
    assert selling.phase == SELL and selling.seat == 0
    assert {SellSet(WIRE, 2), SellSet(LENS, 1, 1)} <= set(selling.legal_actions())
    selling, events = selling.apply(SellSet(WIRE, 2))
    assert of_kind(events, "set_sold")[0].cogs == 2 * selling.values[WIRE]
    after, _ = selling.apply(SellSet(LENS, 1, 1))
    assert after.phase != SELL  # seat 1 holds only a pair, which is no set without the Furnace
    assert after.hands[1] == hand(wire=2)


def test_pneumatic_claw_swaps_a_market_card_once_per_turn() -> None:
    """Pneumatic Claw: "Once per turn, send one market card to the bottom of the deck and put the top card of the
    deck in its place." """
    _, state = built_state("pneumatic_claw", market=(GEAR, LENS, WIRE), deck=(AETHER, BOILER))
    assert Claw(LENS) in state.legal_actions()
    clawed, events = state.apply(Claw(LENS))
    assert clawed.market == (GEAR, AETHER, WIRE) and clawed.deck == (BOILER, LENS)
    event = of_kind(events, "market_clawed")[0]
    assert (event.seat, event.sent, event.drawn) == (0, "Lens", "Aether Tube")
    assert not any(isinstance(a, Claw) for a in clawed.legal_actions())
    with pytest.raises(IllegalActionError, match="once per turn"):
        clawed.apply(Claw(GEAR))
    passed, _ = clawed.apply(Pass())
    assert passed.seat == 0 and EndTurn() in passed.legal_actions()  # the turn waits for EndTurn
    ended, _ = passed.apply(EndTurn())
    assert ended.seat == 1 and not ended.clawed_this_turn
    empty_deck = state._replace(deck=())
    assert not any(isinstance(a, Claw) for a in empty_deck.legal_actions())
    with pytest.raises(IllegalActionError, match="needs a card in the deck"):
        empty_deck.apply(Claw(GEAR))


def test_analytical_almanac_shows_deck_counts_to_owner() -> None:
    """Analytical Almanac: "You see how many cards of each component type are left in the deck." """
    _, state = built_state("analytical_almanac", deck=(GEAR, GEAR, LENS, COIL, GEAR))
    assert state.observation(0)["deck_counts"] == [0, 0, 1, 3, 0, 1, 0]
    assert "deck_counts" not in state.observation(1)
    assert "deck_top" not in state.observation(0)  # counts, not the order


@pytest.mark.parametrize("owners", [(0,), (0, 1)])
def test_brass_balancer_raises_the_fourth_value(owners: tuple[int, ...]) -> None:
    """Brass Balancer: "At Adjust Values, the fourth component in the Order Line rises by 1 like the first
    three." """
    _, state = built_state("brass_balancer", seats=owners)
    after, events = end_round_by_passing(state)
    assert [after.values[c] for c in state.order] == [6, 6, 6, 6, 4, 4, 4]  # once, however many own it
    assert kinds(events).count("value_adjusted") == 7
    _, plain = built_state("brass_balancer", seats=())
    plain_after, _ = end_round_by_passing(plain)
    assert [plain_after.values[c] for c in plain.order] == [6, 6, 6, 5, 4, 4, 4]
