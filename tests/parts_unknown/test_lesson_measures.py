"""The going-rate lesson's measurements (playbook.games.parts_unknown.lesson), checked against the rules.

Each test pins a claim the lesson composes from these functions (review points PU1-PU9 of
/work/shared/reviews/lessons.md): what must hold whatever the seed, not a sampled comparison.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import playbook
from playbook.core.errors import InvalidArgumentError
from playbook.games import parts_unknown as pu
from playbook.games.parts_unknown import agents, economy, lesson

LINEUP = [agents.Undercutter(), agents.TopShelf(), agents.Liquidator(), agents.Cornerer()]


def _played(seed: int, rules: pu.Rules | None = None) -> playbook.Match:
    match = playbook.Match("parts_unknown", players=4, seed=seed, rules=rules, agents=dict(enumerate(LINEUP)))
    match.advance()
    return match


@pytest.fixture(scope="module")
def games() -> list[playbook.Match]:
    return [_played(seed) for seed in range(4)]


def test_a_price_that_is_not_printed_becomes_the_nearest_printed_one() -> None:
    # PU8: Feet print 20, 14, 11, 6; $18 cannot be asked, and the lesson says which price it uses instead.
    assert economy.price_column("Feet") == [20, 14, 11, 6]
    assert lesson.nearest_printed("Feet", 18) == 20
    assert lesson.nearest_printed("Feet", 12) == 11
    assert lesson.nearest_printed("Feet", 14) == 14
    assert lesson.nearest_printed("Feet", 17) == 20  # 3 from 14 and 20: the dearer


def test_matching_the_rival_beats_undercutting_in_section_3() -> None:
    choice = lesson.price_choice("Ann: 3 Feet at $14\nBob: 3 Feet at $14", 1, 6, category="Extremities")
    assert choice.revenue == {6: 18, 11: 33, 14: 42, 20: 0}
    assert (choice.rival_rate, choice.undercut, choice.matched, choice.undercut_revenue) == (14, 11, 42, 33)
    assert choice.verdict() == "match"
    assert (choice.frame()["cards wanted"] == 6).all()  # the quantity wanted does not move with the price


def test_the_explorer_market_pays_bob_22_matching_11_and_12_undercutting() -> None:
    # PU5: the explorer's own market, not section 3's: Ann is at $11 there.
    choice = lesson.price_choice("Ann: 2 Feet at $11\nBob: 2 Feet at $14\nCy: 3 Hands at $18", 1, 6)
    assert (choice.rival_rate, choice.revenue[14], choice.matched, choice.undercut_revenue) == (11, 0, 22, 12)


def test_a_rival_at_the_lowest_printed_price_cannot_be_undercut() -> None:
    choice = lesson.price_choice("Ann: 3 Feet at $6\nBob: 3 Feet at $6", 1, 6)
    assert choice.undercut is None and choice.verdict() == "no lower price"
    alone = lesson.price_choice("Bob: 3 Feet at $6", 0, 6)
    assert alone.rival_rate is None and alone.verdict() == "no rival"
    with pytest.raises(InvalidArgumentError):
        lesson.price_choice("Bob: 3 Feet at $6", 1, 6)


def test_the_town_accounts_for_every_townesfolk(games: list[playbook.Match]) -> None:
    # The growth corner adds, full Surplus rows add, full Shortage rows remove: nothing else moves the Town.
    for match in games:
        counts = lesson.town_counts([match])
        town = economy.town_frame(match)["town"]
        assert int(town.iloc[0]) + counts.from_corner + counts.from_surplus - counts.to_shortage == int(town.iloc[-1])
        assert counts.changes == (int(town.iloc[-1]) - int(town.iloc[0]),)
        assert counts.short_demands + counts.surplus_demands <= counts.demands
        demands = [r.event.demand for r in match.events if isinstance(r.event, pu.DemandResolved)]
        assert (counts.smallest_demand, counts.largest_demand) == (min(demands), max(demands))
        # a + X with the Town at 1 or more: no demand asks for fewer cards than the smallest a plus one
        smallest_a = min(a for h in pu.Rules.standard().houses for kind, a in h.spaces if kind == pu.Space.DEMAND)
        assert counts.smallest_demand >= smallest_a + 1


def test_town_blocks_average_each_game_once_per_block(games: list[playbook.Match]) -> None:
    blocks = lesson.town_blocks(games, block=8)
    assert list(blocks["first turn"][:3]) == [1, 9, 17]
    assert blocks["games"].iloc[0] == len(games) and blocks["games"].is_monotonic_decreasing
    assert ((blocks["ci_low"] <= blocks["mean"]) & (blocks["mean"] <= blocks["ci_high"])).all()
    with pytest.raises(InvalidArgumentError):
        lesson.town_blocks(games, block=0)


def test_shortage_losses_count_townesfolk_per_ten_turns(games: list[playbook.Match]) -> None:
    match = games[0]
    lost = lesson.town_counts([match]).to_shortage
    assert lesson.shortage_losses(match) == pytest.approx(lost * 10 / match.state.round)


def test_money_supply_and_price_index_read_the_game(games: list[playbook.Match]) -> None:
    match = games[0]
    frame = lesson.money_and_prices(match)
    assert frame["money supply"].iloc[0] == 4 * pu.Rules.standard().starting_money
    assert frame["money supply"].iloc[-1] == sum(match.state.money)
    known = frame.dropna()
    # issue 21: a dollar's purchasing power (1 / index) and real balances (money / index) are two measures
    assert (known["purchasing power"] * known["price index"]).to_numpy() == pytest.approx(1.0)
    real_times_index = (known["real balances"] * known["price index"]).to_numpy()
    assert real_times_index == pytest.approx(known["money supply"].to_numpy())
    lowest = min(min(c.prices) for c in pu.Rules.standard().cards)
    highest = max(max(c.prices) for c in pu.Rules.standard().cards)
    assert known["price index"].between(lowest, highest).all()  # printed prices bound the index
    growth = lesson.inflation_by_game(games)
    assert list(growth["game"]) == list(range(len(games)))
    ratio = (growth["money growth"] / growth["price growth"]).to_numpy()
    assert growth["real growth"].to_numpy() == pytest.approx(ratio)
    assert growth["power growth"].to_numpy() == pytest.approx((1 / growth["price growth"]).to_numpy())


def test_auction_rows_match_the_events(games: list[playbook.Match]) -> None:
    for match in games:
        table = lesson.auction_outcomes(match)
        opened = [r.event for r in match.events if isinstance(r.event, pu.AuctionOpened)]
        won = [r.event for r in match.events if isinstance(r.event, pu.AuctionWon)]
        assert len(table) == len(opened)
        assert list(table["cards"]) == [len(e.cards) for e in opened]
        assert sorted(table.loc[table["winner"] >= 0, "price"]) == sorted(e.price for e in won)
        assert (table["value"] > 0).all() and (table["bidders"] <= table["raises"]).all()
        # One valuation: the lesson values a pool as the bots do, and a bot bids at most half of that value.
        assert (table.loc[table["winner"] >= 0, "share"] <= 0.5).all()


def test_an_auction_pool_is_valued_at_the_bidders_rates_and_an_unshown_type_at_its_third_price(
    games: list[playbook.Match],
) -> None:
    rules = pu.Rules.standard()
    checked = 0
    for match in games:
        states = list(match)
        table = lesson.auction_outcomes(match)
        opened = [r for r in match.events if isinstance(r.event, pu.AuctionOpened)]
        for row, record in zip(table.to_dict("records"), opened, strict=True):
            rates = states[record.step + 1].observation(0)["going_rates"]
            expected = sum(rates.get(card) or rules.cards[rules.card(card)].prices[2] for card in record.event.cards)
            assert row["value"] == expected
            checked += 1
    assert checked > 0


def test_the_growth_corner_alone_sells_parts_unknown() -> None:
    # PU1: the lesson says only the growth corner sells Parts Unknown; that is the rules' default ruling.
    assert pu.Rules.standard().parts_unknown_corner == "growth"


def test_sweep_helpers_pair_games_and_refuse_unknown_values() -> None:
    bots = [agents.Undercutter(), agents.TopShelf(), agents.Shopkeeper(), agents.ShelfBuilder()]
    sweep = playbook.parameter_sweep("parts_unknown", bots, "shelf_cost", [20, 80], games=3, seed=1, players=4)
    cheap, dear = lesson.values_by_game(sweep, "kpi_shelves", 20), lesson.values_by_game(sweep, "kpi_shelves", 80)
    assert len(cheap) == len(dear) == 3
    # the sink's whole take: shelves bought in the game times the shelf's price
    assert lesson.rent_paid(sweep, 80) == [shelves * 80 for shelves in dear]
    with pytest.raises(InvalidArgumentError):
        lesson.values_by_game(sweep, "kpi_shelves", 50)
    variants = {"8": economy.rules_variant(shortage_dots=8), "16": economy.rules_variant(shortage_dots=16)}
    swept = playbook.sweep("parts_unknown", bots, variants, games=3, seed=1, players=4, metrics=True)
    table = lesson.collapse_by_variant(swept, label="dots")
    assert list(table["dots"]) == ["8", "16"] and list(table["games"]) == [3, 3]
    assert ((table["ci_low"] <= table["mean"]) & (table["mean"] <= table["ci_high"])).all()


def test_every_pair_of_agents_is_compared_once_whatever_their_names() -> None:
    # PU9: comparisons use the names the results hold, so a renamed strategy cannot break them.
    renamed = playbook.strategy(name="Student's $ pick*")(lambda obs, legal, rng: legal[0])
    results = playbook.tournament(
        "parts_unknown", [renamed, agents.TopShelf(), agents.Undercutter()], games=3, seed=5, players=3
    )
    pairs = lesson.all_pairs(results)
    assert len(pairs) == 3
    assert {frozenset((p.a, p.b)) for p in pairs} == {
        frozenset(pair)
        for pair in [
            ("Student's $ pick*", "top shelf"),
            ("Student's $ pick*", "undercutter"),
            ("top shelf", "undercutter"),
        ]
    }
    assert all("$" not in p.markdown().replace("<span>&#36;</span>", "") for p in pairs)


def test_the_board_layout_lists_every_space_in_order() -> None:
    rules = pu.Rules.standard()
    layout = lesson.board_layout(rules)
    assert [name for name, _, _ in layout] == [h.name for h in rules.houses]
    assert sum(len(spaces) for _, _, spaces in layout) == sum(len(h.spaces) for h in rules.houses)
    assert ("calendar_growth", 0) in [space for _, _, spaces in layout for space in spaces]


def test_the_calibration_record_is_read_from_board_toml(tmp_path: Path) -> None:
    # The lesson quotes the Shortage-dot record beside its own sweep: read from the file, not retyped.
    record = lesson.shortage_dot_record()
    text = lesson.BOARD_FILE.read_text(encoding="utf-8")
    assert f"{record.games} seeded games" in text
    assert record.collapse[8] == pytest.approx(0.87) and record.collapse[12] == pytest.approx(0.13)
    assert list(record.collapse) == sorted(record.collapse) and len(record.collapse) >= 3
    for dots, share in record.collapse.items():
        assert f"{dots}: {round(share * 100)}%" in text or f"{dots} Shortage dots let the Town collapse" in text
    bare = tmp_path / "board.toml"
    bare.write_text("reconstructed = true\n", encoding="utf-8")
    with pytest.raises(InvalidArgumentError):
        lesson.shortage_dot_record(bare)


def test_all_pairs_plan_their_games_for_the_effect_asked_about() -> None:
    results = playbook.tournament(
        "parts_unknown", [agents.TopShelf(), agents.Undercutter(), agents.Shopkeeper()], games=6, seed=3, players=3
    )
    pairs = lesson.all_pairs(results, smallest_effect=20)
    undetected = [p for p in pairs if p.difference.low <= 0 <= p.difference.high and p.games_needed is not None]
    assert undetected, "these six games should leave some pair undetected"
    assert all(p.effect == 20 for p in undetected)
