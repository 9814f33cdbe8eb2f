"""The money supply of the three money games (playbook.money): the books balance, runs pair by deal, and the
findings built on them say what the games show (issue 21, the faucets-and-sinks lesson)."""

from __future__ import annotations

import dataclasses

import pandas as pd
import pytest

from playbook import analysis, money
from playbook.core.errors import InvalidArgumentError
from playbook.core.tournament import game_seeds, rules_with
from playbook.games import load
from playbook.games.mars_needs_mechanics.agents import STRATEGIES as MARS_STRATEGIES
from playbook.games.mars_needs_mechanics.agents import ThresholdSeller
from playbook.games.parts_unknown.agents import STRATEGIES as PARTS_STRATEGIES

MARS, PARTS, OFFAL = "mars_needs_mechanics", "parts_unknown", "offal_game"


@pytest.fixture(scope="module")
def runs() -> dict[str, money.MoneyRun]:
    return {game: money.play(game, games=8, seed=3) for game in money.MONEY_GAMES}


@pytest.mark.parametrize("game", list(money.MONEY_GAMES))
def test_money_in_minus_money_out_is_the_change_in_the_money_supply(runs: dict[str, money.MoneyRun], game: str) -> None:
    books = runs[game].games
    assert len(books) == 8 and books["seed"].tolist() == game_seeds(3, 8)
    assert (books["money_in"] - books["money_out"] == books["end"] - books["start"]).all()
    assert (books["end"] == runs[game].purses.sum(axis=1)).all()
    assert (books["change"] == books["end"] - books["start"]).all()


def test_each_game_starts_with_its_printed_money(runs: dict[str, money.MoneyRun]) -> None:
    assert runs[MARS].starting == (30,) * 4 and runs[PARTS].starting == (40,) * 4 and runs[OFFAL].starting == (0, 0)
    assert (runs[MARS].games["start"] == 120).all() and (runs[OFFAL].games["start"] == 0).all()


def test_parts_unknowns_bank_and_players_hold_the_same_money_together(runs: dict[str, money.MoneyRun]) -> None:
    books = runs[PARTS].games
    assert (books["bank"] + books["end"] == load(PARTS).Rules.standard().bank_money).all()
    assert runs[MARS].games["bank"].isna().all()


def test_an_offal_game_only_ever_pays_in_and_its_two_seat_gini_is_a_scaled_margin(
    runs: dict[str, money.MoneyRun],
) -> None:
    run = runs[OFFAL]
    assert (run.flows["amount"] > 0).all() and set(run.flows["source"]) == {"orders filled"}
    books = run.games
    assert books["gini"].tolist() == pytest.approx((books["margin"] / (2 * books["end"])).tolist())


def test_the_gini_and_margin_are_those_of_the_final_purses(runs: dict[str, money.MoneyRun]) -> None:
    run = runs[MARS]
    for index, row in enumerate(run.purses.itertuples(index=False)):
        ranked = sorted(row, reverse=True)
        assert run.games["gini"][index] == analysis.gini(list(row))
        assert run.games["margin"][index] == ranked[0] - ranked[1]


def test_flows_of_one_game_are_its_payments_and_add_up_to_its_change(runs: dict[str, money.MoneyRun]) -> None:
    run = runs[PARTS]
    first = run.flows_of(0)
    assert list(first.columns) == list(analysis.FLOW_COLUMNS)
    assert first["amount"].sum() == run.games["change"][0]
    by_round = analysis.money_by_round(first, run.starting)
    assert by_round["total"].iloc[-1] == run.games["end"][0]


def test_the_lineup_rotates_every_strategy_through_the_seats() -> None:
    names = [[agent.name for agent in money.lineup(PARTS, index)] for index in range(len(PARTS_STRATEGIES))]
    assert {name for row in names for name in row} == {cls.name for cls in PARTS_STRATEGIES}
    assert len({row[0] for row in names}) == len(PARTS_STRATEGIES)  # no strategy always sits first
    assert [a.name for a in money.lineup(MARS, 1)] == [cls.name for cls in (*MARS_STRATEGIES[1:], MARS_STRATEGIES[0])]


def test_a_swap_replaces_one_seat_with_a_fresh_copy_each_game() -> None:
    seller = ThresholdSeller(sell_at=9)
    first, second = money.lineup(MARS, 0, {0: seller}), money.lineup(MARS, 1, {0: seller})
    assert first[0].name == "threshold seller" and first[0] is not seller and first[0] is not second[0]
    assert [a.name for a in first[1:]] == [cls.name for cls in MARS_STRATEGIES[1:]]
    with pytest.raises(InvalidArgumentError, match="not a seat"):
        money.lineup(MARS, 0, {4: seller})
    with pytest.raises(InvalidArgumentError, match="choose"):
        money.lineup(MARS, 0, {0: object()})  # type: ignore[dict-item]


def test_a_run_without_flows_plays_the_same_games(runs: dict[str, money.MoneyRun]) -> None:
    quick = money.play(MARS, games=8, seed=3, flows=False)
    pd.testing.assert_frame_equal(quick.games.drop(columns=["money_in", "money_out"]),
                                  runs[MARS].games.drop(columns=["money_in", "money_out"]))  # fmt: skip
    assert quick.flows.empty and quick.games["money_in"].isna().all()
    with pytest.raises(InvalidArgumentError, match="flows=True"):
        money.flow_table(quick)


def test_the_supply_change_finding_reads_the_mean_over_games(runs: dict[str, money.MoneyRun]) -> None:
    finding = money.supply_change(runs[PARTS])
    assert finding.value == pytest.approx(runs[PARTS].games["change"].mean())
    assert finding.n == 8 and finding.reference == 0 and finding.unit == "games"
    assert finding.verdict == "above"  # every game of Parts Unknown's faucet-heavy economy grows by hundreds
    assert "<span>&#36;</span>" in finding.markdown() and "$" not in finding.markdown()
    assert "cogs" in money.supply_change(runs[MARS]).sentence()


def test_a_net_sink_is_said_only_when_the_whole_interval_is_below_zero() -> None:
    for seed in (1, 4):
        finding = money.supply_change(money.play(MARS, games=12, seed=seed, flows=False))
        assert (finding.verdict == "below") == (finding.high < 0)
        assert (finding.verdict == "no difference detected") == (finding.low <= 0 <= finding.high)


def test_the_round_trip_of_a_converter_is_money_back_per_money_paid(runs: dict[str, money.MoneyRun]) -> None:
    run = runs[MARS]
    trip = money.round_trip(run, spent="purchases", back="set sales", measure="back per cog")
    flows = run.flows
    per_game = [
        flows[(flows.game == g) & (flows.source == "set sales")]["amount"].sum()
        / -flows[(flows.game == g) & (flows.source == "purchases")]["amount"].sum()
        for g in range(len(run.games))
    ]
    assert trip.value == pytest.approx(sum(per_game) / len(per_game)) and trip.reference == 1
    with pytest.raises(InvalidArgumentError, match="the sources are"):
        money.round_trip(run, spent="bribes", back="set sales", measure="x")


def test_the_flow_table_names_faucets_sinks_and_payments_between_players(runs: dict[str, money.MoneyRun]) -> None:
    table = money.flow_table(runs[PARTS]).set_index("source")
    assert table.loc["sales to the Scientists", "kind"] == "faucet"
    assert table.loc["drawing cards", "kind"] == "sink"
    if "cards bought from rivals" in table.index:
        assert table.loc["cards bought from rivals", "kind"] == "between players"
        assert table.loc["cards bought from rivals", "net per game"] == 0
    assert table["net per game"].sum() == pytest.approx(runs[PARTS].games["change"].mean())
    assert table["net per game"].is_monotonic_decreasing


def test_growth_and_relative_change_compare_the_same_deals(runs: dict[str, money.MoneyRun]) -> None:
    base = runs[PARTS]
    grows = money.growth(base, reference=2)
    assert grows.value == pytest.approx((base.games["end"] / base.games["start"]).mean()) and grows.reference == 2
    standard = load(PARTS).Rules.standard()
    dearer = dataclasses.replace(standard, draw_prices=tuple(3 * p for p in standard.draw_prices))
    drawn = money.play(PARTS, games=8, seed=3, rules=dearer, flows=False)
    cut = money.relative_change(drawn, base, measure="supply, draws x3")
    assert cut.value == pytest.approx((drawn.games["end"] / base.games["end"] - 1).mean())
    assert cut.verdict == "below" and cut.value < -0.2  # draws at three times the chart drain much of the money
    assert cut.sentence().count("%") >= 3
    with pytest.raises(InvalidArgumentError, match="same seeds"):
        money.relative_change(money.play(PARTS, games=8, seed=4, flows=False), base, measure="x")
    with pytest.raises(InvalidArgumentError, match="no money"):
        money.growth(runs[OFFAL])


def test_compare_runs_pairs_game_by_game(runs: dict[str, money.MoneyRun]) -> None:
    rich = money.play(MARS, games=8, seed=3, rules=rules_with(MARS, "starting_cogs", 60), flows=False)
    moved = money.compare_runs(rich, runs[MARS], "gini", a="rich", b="standard", measure="Gini")
    assert moved.design == "paired over the same seeds" and moved.difference.n == 8
    assert moved.difference.value == pytest.approx((rich.games["gini"] - runs[MARS].games["gini"]).mean())
    assert rich.starting == (60,) * 4
    with pytest.raises(InvalidArgumentError, match="no column"):
        money.compare_runs(rich, runs[MARS], "wealth", a="a", b="b", measure="m")


def test_the_pencil_gini_adds_the_same_money_to_every_seat(runs: dict[str, money.MoneyRun]) -> None:
    run = runs[MARS]
    assert money.gini_with_extra(run, 0) == pytest.approx(run.games["gini"].tolist())
    pencil = money.gini_with_extra(run, 30)
    assert all(p <= g + 1e-12 for p, g in zip(pencil, run.games["gini"], strict=True))  # equal money: more equal
    row = list(run.purses.iloc[0])
    assert pencil[0] == pytest.approx(analysis.gini([amount + 30 for amount in row]))


def test_a_seats_purse_is_read_against_its_own_start() -> None:
    patient = money.play(MARS, games=6, seed=2, swap={0: ThresholdSeller(sell_at=9)}, flows=False)
    purse = money.seat_purse(patient, 0, measure="seller")
    assert purse.reference == 30 and purse.value == pytest.approx(patient.purses[0].mean())


def test_a_fixed_price_is_a_share_of_the_mean_purse_at_the_end(runs: dict[str, money.MoneyRun]) -> None:
    run = runs[PARTS]
    share = money.fixed_price_share(run, 40, measure="shelf")
    assert share.value == pytest.approx((40 / (run.games["end"] / 4)).mean()) and share.verdict is None


def test_bad_arguments_are_refused_by_name() -> None:
    with pytest.raises(InvalidArgumentError, match="game must be one of"):
        money.play("planet_unknown", games=4, seed=1)
    with pytest.raises(InvalidArgumentError, match="games"):
        money.play(MARS, games=1, seed=1)
