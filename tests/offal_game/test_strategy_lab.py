"""The strategy lab for An Offal Game: what the tuned Plunger's knobs do to its play, and the economy measures per
game and per turn against the Gore Track and the turn history.

What every game's lab shares (the knobs listed, whole games at every seat count, the lab tabs, the sweep, the
replay) is checked over the registry in ``tests/widgets/test_strategy_labs.py`` and ``test_game_views.py``."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

from playbook.core import Match, tournament
from playbook.games import offal_game as og
from playbook.games.offal_game import agents, economy
from playbook.games.offal_game.actions import Take, UseEmbalmingFluid

Tuned = agents.TunedPlunger


def decisions(seeds: range = range(6)) -> list[tuple[Mapping[str, Any], list[Any]]]:
    """(observation, legal actions) at every Phase 2 decision of a few seeded two-player bot games."""
    found: list[tuple[Mapping[str, Any], list[Any]]] = []
    for seed in seeds:
        match = Match(og, players=2, seed=seed, agents={0: agents.QuickestOrder(), 1: agents.RichestOrder()})
        match.advance()
        for state in match:
            seat = state.current_player
            if isinstance(seat, int) and seat >= 0:
                obs = state.observation(seat)
                if obs["phase"] == "orders":
                    found.append((obs, list(state.legal_actions())))
    return found


def served(obs: Mapping[str, Any], action: Any) -> dict[str, Any] | None:
    """The customer a take or tool serves first (None for a move that serves nobody)."""
    names = getattr(action, "customers", None) or ([action.customer] if hasattr(action, "customer") else [])
    mine = {c["name"]: c for c in obs["customers"][obs["seat"]]}
    return mine.get(names[0]) if names else None


def test_favouring_the_rich_serves_richer_customers_and_the_other_end_nearer_done_ones() -> None:
    seen = decisions()
    rich, near = Tuned(favour_rich=1.0), Tuned(favour_rich=0.0)
    money = {"rich": 0, "near": 0}
    need = {"rich": 0, "near": 0}
    differ = 0
    for obs, legal in seen:
        picks = {"rich": rich.choose(obs, legal, random.Random(0)), "near": near.choose(obs, legal, random.Random(0))}
        customers = {key: served(obs, action) for key, action in picks.items()}
        if picks["rich"] != picks["near"] and all(customers.values()):
            differ += 1
            for key, customer in customers.items():
                assert customer is not None
                money[key] += customer["money"]
                need[key] += customer["need"]
    assert differ > 5
    assert money["rich"] > money["near"] and need["near"] < need["rich"]


def test_a_later_age_until_never_part_fills_from_a_younger_card_and_takes_less() -> None:
    seen = decisions()
    takes = []
    for age_until in (1, 2, 3, 4):
        agent = Tuned(age_until=age_until)
        count = 0
        for obs, legal in seen:
            action = agent.choose(obs, legal, random.Random(0))
            if isinstance(action, Take | UseEmbalmingFluid):
                count += 1
                completes = any(
                    c["need"] <= obs["card_counts"][action.card][action.part]
                    for c in obs["customers"][obs["seat"]]
                    if c["name"] in action.customers
                )
                assert completes or int(action.card) + 1 >= age_until, (age_until, action)
        takes.append(count)
    assert takes == sorted(takes, reverse=True) and takes[0] > takes[-1]


# -- economy measures ----------------------------------------------------------------------------------------------


def bot_match(seed: int = 3) -> Match:
    match = Match(og, players=2, seed=seed, agents={0: agents.QuickestOrder(), 1: agents.RichestOrder()})
    match.advance()
    return match


def test_metrics_count_the_money_earned() -> None:
    state: Any = bot_match().state
    kpis = economy.metrics(state)
    assert kpis["money_earned"] == sum(state.money) == sum(state.scores())


@pytest.mark.parametrize("seed", [3, 4])
def test_economy_frame_agrees_with_the_turn_history_and_the_customers_served(seed: int) -> None:
    match = bot_match(seed)
    state: Any = match.state
    frame = economy.economy_frame(match)
    assert len(frame) == 2 * state.round  # turns from 1: no set-up row
    history = economy.turn_history(match.events_frame(), 2).set_index("round")
    for seat in (0, 1):
        mine = frame[frame["seat"] == seat].set_index("round")
        assert (mine["score"] == history.loc[mine.index, f"Plunger {seat + 1}"].astype(float)).all()
        assert (mine["clog"] == history.loc[mine.index, "clog"]).all()
    final = frame[frame["round"] == state.round].sort_values("seat")
    assert tuple(final["served"]) == tuple(len(s) for s in state.served)


def test_tournament_adds_money_earned_as_a_kpi_column() -> None:
    frame = tournament(og, [Tuned(), agents.QuickestOrder()], games=2, seed=1, metrics=True)
    assert (frame["kpi_money_earned"] == frame.groupby("game")["score"].transform("sum")).all()
