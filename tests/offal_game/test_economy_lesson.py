"""The measurements the Offal lesson rests on (issue 21, review points OG1-OG5): the loop's links by intervention,
the value of waiting as an option, a position about to spill, the parts' fates and the calibration note."""

from __future__ import annotations

import dataclasses

import pytest

import playbook
from playbook.games.offal_game import Phase, Rules, agents
from playbook.games.offal_game.economy import (
    FLOW_COLUMNS,
    clog_parts,
    fillable_now,
    find_position,
    flow_experiment,
    part_fates,
    recorded_solo_rates,
    throughput,
    wait_table,
    wait_value,
)

from .helpers import CORTEX, GRAVES, HEARTS, SALLY, VENTRICLE, VISCERA, at_orders, pipe

RULES = Rules.standard()
BOTS = [agents.QuickestOrder(), agents.ClogClearer()]


def test_with_nobody_selling_the_waiting_customers_never_change_and_each_adds_a_cube() -> None:
    """OG1: the number waiting stays the same while nobody fills an order; the draw is the d4 plus it."""
    for waiting in (1, 4):
        rules = dataclasses.replace(RULES, solo_customers=waiting)
        flows = flow_experiment(rules, players=1, games=12, seed=3, turns=6)
        assert list(flows.columns) == list(FLOW_COLUMNS)
        assert (flows["taken_per_turn"] == 0).all()
        assert (flows["waiting_first"] == waiting).all() and (flows["waiting_last"] == waiting).all()
        assert flows["cubes_per_turn"].between(1 + waiting, RULES.die_sides + waiting).all()
        assert flows.equals(flow_experiment(rules, players=1, games=12, seed=3, turns=6))


def test_more_waiting_customers_fill_the_clog_sooner_when_nobody_sells() -> None:
    """OG1, the supply link held alone (outflow fixed at zero): one waiting customer against four."""
    one = flow_experiment(dataclasses.replace(RULES, solo_customers=1), players=1, games=60, seed=1, turns=6)
    four = flow_experiment(dataclasses.replace(RULES, solo_customers=4), players=1, games=60, seed=1, turns=6)
    assert one["seed"].tolist() == four["seed"].tolist()  # the same games under both rules: a paired design
    assert four["clog_full"].mean() > one["clog_full"].mean() + 0.3
    assert (four["cubes_per_turn"] > one["cubes_per_turn"]).mean() > 0.8


def test_with_bots_selling_waiting_customers_only_fall_and_more_of_them_take_more_out() -> None:
    """OG1: filling an order brings a customer from The Queue, so the number waiting can only fall (once The
    Queue is empty); and more waiting customers mean more parts taken out each turn (the demand link)."""
    few = flow_experiment(dataclasses.replace(RULES, customers_each=1), players=2, games=25, seed=7, agents=BOTS)
    many = flow_experiment(dataclasses.replace(RULES, customers_each=3), players=2, games=25, seed=7, agents=BOTS)
    for flows, each in ((few, 1), (many, 3)):
        assert (flows["waiting_first"] == each).all() and (flows["waiting_last"] <= each).all()
    assert many["taken_per_turn"].mean() > few["taken_per_turn"].mean()
    assert many["cubes_per_turn"].mean() > few["cubes_per_turn"].mean()


def test_played_games_keep_each_waiting_line_full_until_the_queue_is_empty() -> None:
    """OG1's rule, in every state of played games: a Plunger's waiting customers number ``customers_each``
    while The Queue holds a card, and the customers waiting, queued and served always add up to the deck."""
    for seed in range(3):
        match = playbook.Match("offal_game", players=2, seed=seed, agents=dict(enumerate(BOTS)))
        match.advance()
        for state in match:
            assert sum(map(len, state.customers)) + len(state.queue) + sum(map(len, state.served)) == 10
            if state.queue and state.phase == Phase.START:
                assert all(len(mine) == RULES.customers_each for mine in state.customers)


def test_a_customer_pays_its_fixed_sum_whatever_the_age_of_the_parts() -> None:
    """OG2: parts do not gain value as they age; every filled order pays its customer's printed money."""
    pays = {c.name: c.money for c in RULES.customers}
    for seed in range(4):
        match = playbook.Match("offal_game", players=1, seed=seed, agents={0: agents.ClogClearer()})
        match.advance()
        filled = [r.event for r in match.events if type(r.event).__name__ == "OrderFilled"]
        assert filled and all(event.money == pays[event.name] for event in filled)


def test_waiting_never_pays_for_an_order_that_can_be_filled_now_and_can_for_one_that_cannot() -> None:
    """OG2: the value of waiting is an option. Fillable now: at most 0 (the pay cannot grow). Not yet fillable
    (Hearts too young for Count Ventricle): positive, the option ageing opens."""
    ready = at_orders(customers=((CORTEX, SALLY), (GRAVES, VISCERA)), pipe=pipe({1: 2, 2: 2}))
    assert fillable_now(ready, CORTEX)
    table = wait_table(ready, samples=40)
    now = table[table["can fill now"]]
    assert not now.empty and (now["value of waiting ($)"] <= 0).all()
    assert (now["money now"] == now["pays"]).all()
    young = at_orders(customers=((VENTRICLE, SALLY), (GRAVES, VISCERA)), pipe=pipe({p: HEARTS for p in range(4)}))
    assert not fillable_now(young, VENTRICLE)
    value = wait_value(young, VENTRICLE, samples=50)
    assert value.value_of_waiting > 0 and 0 <= value.p_game_over <= 1


def test_a_position_about_to_spill_is_found_and_its_option_to_wait_dies_with_the_game() -> None:
    """OG4: a seeded position with The Clog two parts from full; waiting three turns there ends the game in
    almost every simulation, so no order can be filled by then."""

    def about_to_spill(state: object) -> bool:
        return clog_parts(state) >= RULES.clog_spaces - 2  # type: ignore[arg-type]

    seed, state = find_position(about_to_spill)
    assert state.phase == Phase.ORDERS and not state.is_terminal and about_to_spill(state)
    assert find_position(about_to_spill) == (seed, state)
    table = wait_table(state, days=(3,), samples=40)
    assert (table["game over by then"] >= 0.9).all() and (table["chance later"] <= 0.1).all()
    with pytest.raises(ValueError, match="no seed"):
        find_position(lambda s: False, seeds=range(2), max_turns=3)


def test_the_parts_fates_overlap_except_the_spill_which_splits_into_clog_and_bag() -> None:
    """OG5: a part bagged from The Clog was spilled first, so 'bagged' and 'spilled' shares overlap; the spill
    alone is a partition (to The Clog or back to the bag), and The Clog's parts account for themselves."""
    for seed in range(4):
        match = playbook.Match("offal_game", players=1, seed=seed, agents={0: agents.ClogClearer()})
        match.advance()
        fates = part_fates(match)
        assert fates["spilled"] == fates["spilled_to_clog"] + fates["spilled_to_bag"]
        flow = throughput(match)
        assert fates["bagged_from_days"] + fates["bagged_from_clog"] == flow["bagged"].sum()
        assert fates["entered"] == flow["drawn"].sum()
        taken = [r.event for r in match.events if type(r.event).__name__ == "PartsTaken" and r.event.card == 3]
        off_the_clog = sum(event.count for event in taken) + flow["cleared"].sum()  # a take bags or returns
        assert fates["bagged_from_clog"] <= sum(event.count for event in taken)
        assert fates["spilled_to_clog"] - off_the_clog == len(match.state.clog)


def test_the_calibration_note_records_the_solo_rates_with_its_sample_size() -> None:
    """OG5: the lesson sets its own solo win rates beside the data file's, so it reads them from the note."""
    recorded = recorded_solo_rates(RULES)
    assert recorded.games == 200
    assert set(recorded.rates) == {"clog clearer", "quickest", "random", "richest"}
    assert all(0 < share < 1 for share in recorded.rates.values())
    with pytest.raises(ValueError, match="records no solo win rates"):
        recorded_solo_rates(dataclasses.replace(RULES, notes=()))
