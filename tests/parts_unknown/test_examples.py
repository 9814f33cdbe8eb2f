"""The rulebook's worked examples."""

from __future__ import annotations

from playbook.games.parts_unknown import Stock, resolve_demand
from playbook.games.parts_unknown.economy import demand_resolution, liquidation_value

from .helpers import EXT_2X, EXTREMITIES, GROWTH_CORNER, LEFT_2X, card, counts, land, roll_from, scenario, shelf


def test_demand_of_six_extremities() -> None:
    """ "Let's say the demand for Extremities is 6. A total of four Feet are available, at the going rate of $11,
    and they all sell ... the demand of 6 has been reduced to 2. There are also three Hands available, at the
    Going Rate of $18. There is still a demand, and all three of them sell. That's one more Extremity than was
    called for, and this generates a Surplus ... place a counter over one of the Surplus dots." """
    state = scenario(
        3,
        town=4,  # "if Viktor lands on 2+X ... If the population of the Town is 4 ... the total demand is for 6"
        displays=(shelf(*[("Feet", 2)] * 4), shelf(*[("Hands", 1)] * 3), shelf(("Feet", 1))),  # and Feet at $14
    )
    state, events = land(state, EXT_2X)
    assert state.displays == ((), (), shelf(("Feet", 1)))  # "no one will buy them elsewhere for $14"
    assert state.money[:2] == (40 + 44, 40 + 54)
    assert state.surplus[EXTREMITIES] == 1 and state.shortage[EXTREMITIES] == 0
    resolved = next(e for e in events if type(e).__name__ == "DemandResolved")
    assert (resolved.demand, resolved.sold, resolved.surplus) == (6, 7, 1)


def test_without_hands_a_shortage_of_two() -> None:
    """ "In the example above, if there were no Hands on the table, then only four of the six demanded
    Extremities would have sold. This would result in a Shortage of two Extremities." """
    feet = card("Feet")
    outcome = resolve_demand(2, 4, 0, 0, [(0, feet, 11)] * 4, [11 if c == feet else 0 for c in range(16)])
    assert len(outcome.sold) == 4 and outcome.shortage == 2 and outcome.surplus == 0


def test_economy_explains_the_example() -> None:
    """The same example through ``economy.demand_resolution`` in a few market lines."""
    result = demand_resolution("Ann: 4 Feet at $11\nBob: 3 Hands at $18\nCy: Feet at $14", 6)
    assert result.cards_sold == 7 and result.surplus == 1 and result.revenue == 44 + 54
    assert any("cannot sell" in line for line in result.why)


def test_monster_giblets() -> None:
    """ "For example, if there are Giblets for sale at $3, then no other Leftovers can sell, and all Leftovers in
    Parts Unknown will sell for $1 regardless of type." """
    state = scenario(
        monster=True,
        displays=(shelf(("Giblets", 3)), shelf(("Eyeballs", 3), ("Kidneys", 2))),  # $4 and $9
        parts_unknown=(counts(), counts(Hearts=2, Eyeballs=1, Giblets=1)),
    )
    sold, _ = land(state, LEFT_2X)
    assert sold.displays == ((), shelf(("Eyeballs", 3), ("Kidneys", 2)))
    state, _ = roll_from(state._with(viktor=GROWTH_CORNER - 1), 1)
    assert state.money[1] == 40 + 4  # four Leftovers at $1
    assert liquidation_value(["Hearts", "Eyeballs"], "Ann: Giblets at $3", monster=True) == 2


def test_cheese_pricing() -> None:
    """ "Take a look at the Cheese card (Brains category; price column reading 28, 24, 20, 10, with a Shelf Space
    counter placed over the 24 space) ... the price is $24." """
    state = scenario(hands=(counts(Cheese=4), counts()))
    for step, price in enumerate((28, 24, 20, 10)):
        after, events = state.apply(Stock("Cheese", price))
        assert after.going_rates()[card("Cheese")] == price
        assert after.displays[0] == ((card("Cheese"), step),)
        assert f"${price}" in str(events[0])
