"""The economy helpers a notebook calls."""

from __future__ import annotations

import pytest

from playbook.core import InvalidActionError, RulesDataError
from playbook.games import parts_unknown as pu
from playbook.games.parts_unknown import economy
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


def test_metrics_of_a_finished_game() -> None:
    import playbook
    from playbook.games.parts_unknown import agents

    result = playbook.play_match(
        "parts_unknown", [agents.Undercutter(), agents.TopShelf(), agents.Liquidator(), agents.Cornerer()], seed=4
    )
    state = result.final_state
    measured = economy.metrics(state)
    assert measured["collapsed"] == float(state.end == pu.End.TOWN)
    assert measured["money_growth"] == sum(state.money) / 160
    assert 0 <= measured["gini"] <= 1 and measured["town"] == state.town


def test_rules_variant_changes_one_knob_and_stays_checked() -> None:
    rules = economy.rules_variant(shortage_dots=9, demand_shift=-1, shelf_cost=55)
    converting = [h for h in rules.houses if h.converts]
    assert {h.shortage_dots for h in converting} == {9} and rules.shelf_cost == 55
    gizmos = next(h for h in rules.houses if not h.converts)
    assert gizmos.shortage_dots == 0
    standard = pu.Rules.standard()
    shifted = [a for h in rules.houses for k, a in h.spaces if k == pu.Space.DEMAND]
    before = [a for h in standard.houses for k, a in h.spaces if k == pu.Space.DEMAND]
    assert shifted == [max(0, a - 1) for a in before]
    with pytest.raises(RulesDataError):
        economy.rules_variant(shortage_dots=-1)


def test_space_outcomes_follow_the_events() -> None:
    import playbook
    from playbook.games.parts_unknown import agents

    match = playbook.Match(
        "parts_unknown",
        players=4,
        seed=2,
        agents={
            s: a
            for s, a in enumerate([agents.Undercutter(), agents.TopShelf(), agents.Liquidator(), agents.Cornerer()])
        },
    )
    match.advance()
    spaces = economy.space_outcomes(match)
    landed = [r.event for r in match.events if isinstance(r.event, pu.CardRevealed)]
    assert len(spaces) == len(landed) and set(spaces["space"]) <= {"buyout", "auction"}
    won = [r.event for r in match.events if isinstance(r.event, pu.AuctionWon)]
    assert spaces[spaces["winner"] >= 0]["money"].tolist() == [e.price for e in won]
