"""The economy helpers a notebook calls."""

from __future__ import annotations

import pytest

from playbook.core import InvalidActionError
from playbook.games.parts_unknown.economy import (
    Offer,
    category_going_rates,
    demand_resolution,
    draw_cost_curve,
    going_rate_table,
    liquidation_value,
    parse_market,
)

MARKET = """
Ann: 4 Feet at $11
Bob: 3 Hands at $18
Cy: Feet at $14
Cy: 2 Giblets at $3
"""


def test_parse_market() -> None:
    offers = parse_market(MARKET)
    assert offers[0] == Offer("Ann", "Feet", 11, 4) and offers[2] == Offer("Cy", "Feet", 14, 1)
    assert parse_market([("Ann", "Feet", 11)]) == [Offer("Ann", "Feet", 11, 1)]
    with pytest.raises(InvalidActionError):
        parse_market("Ann sells feet")
    with pytest.raises(InvalidActionError):
        parse_market("Ann: 2 Tentacles at $3")


def test_going_rates() -> None:
    assert going_rate_table(MARKET) == {"Feet": 11, "Hands": 18, "Giblets": 3}
    monster = going_rate_table(MARKET, monster=True)
    assert monster["Hands"] == 11 and monster["Giblets"] == 3
    assert category_going_rates(MARKET) == {"Extremities": 11, "Leftovers": 3}


def test_demand_resolution_shortage_and_reasons() -> None:
    result = demand_resolution(MARKET, 9, category="Extremities")
    assert result.cards_sold == 7 and result.shortage == 2 and result.surplus == 0
    assert "Shortage of 2" in str(result)
    covered = demand_resolution(MARKET, 2, category="Extremities", surplus=3)
    assert covered.cards_sold == 0 and covered.surplus == 1
    monster = demand_resolution(MARKET, 3, category="Extremities", monster=True)
    assert monster.cards_sold == 4 and monster.surplus == 1  # Hands at $18 are above the category's $11


def test_draw_cost_curve() -> None:
    rows = draw_cost_curve()
    assert [r["total"] for r in rows] == [0, 4, 12, 24, 40, 60, 85]
    assert [r["marginal"] for r in rows] == [0, 4, 8, 12, 16, 20, 25]
    riot = draw_cost_curve(riot=True)
    assert [r["total"] for r in riot] == [4, 12, 24, 40, 60, 85]


def test_liquidation_value() -> None:
    assert liquidation_value("Feet", MARKET) == 5
    assert liquidation_value("Genius Brain") == 7
    assert liquidation_value(["Hearts", "Eyeballs"], MARKET, monster=True) == 2
