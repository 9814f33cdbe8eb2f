"""The strategy lab for An Offal Game: the knobbed Plunger, economy measures per game and per round, replay."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from playbook.core import Match, tournament
from playbook.games import offal_game as og
from playbook.games.offal_game import agents
from playbook.games.offal_game.actions import Take, UseEmbalmingFluid

Tuned = agents.TunedPlunger


def decisions(seeds: range = range(6)) -> list[tuple[dict[str, Any], list[Any]]]:
    """(observation, legal actions) at every Phase 2 decision of a few seeded two-player bot games."""
    found = []
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


def served(obs: dict[str, Any], action: Any) -> dict[str, Any] | None:
    """The customer a take or tool serves first (None for a move that serves nobody)."""
    names = getattr(action, "customers", None) or ([action.customer] if hasattr(action, "customer") else [])
    mine = {c["name"]: c for c in obs["customers"][obs["seat"]]}
    return mine.get(names[0]) if names else None


def test_tuned_plunger_is_the_parametric_strategy_and_out_of_the_lesson_list() -> None:
    assert agents.PARAMETRIC is Tuned
    assert Tuned not in agents.STRATEGIES
    assert set(Tuned.knobs) == {"favour_rich", "age_until"}
    assert Tuned.description.endswith(".") and Tuned.description.count(". ") == 0
    agent = Tuned(age_until=3)
    assert agent.label() == "tuned plunger (favour_rich=0.5, age_until=3)"
    assert pickle.loads(pickle.dumps(agent)).settings == agent.settings


def test_favouring_the_rich_serves_richer_customers_and_the_other_end_nearer_done_ones() -> None:
    import random

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
    import random

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


@pytest.mark.parametrize("players", [1, 2])
def test_default_settings_play_whole_games(players: int) -> None:
    lineup = [Tuned(), *[cls() for cls in agents.STRATEGIES]][:players]
    frame = tournament(og, lineup, games=4, seed=players, players=players)
    assert len(frame) == 4 * players and frame["rounds"].min() > 0


# -- economy measures ----------------------------------------------------------------------------------------------


def bot_match(seed: int = 3) -> Match:
    match = Match(og, players=2, seed=seed, agents={0: agents.QuickestOrder(), 1: agents.RichestOrder()})
    match.advance()
    return match


def test_metrics_count_the_money_earned() -> None:
    from playbook.games.offal_game import economy

    state = bot_match().state
    kpis = economy.metrics(state)
    assert all(isinstance(v, float) for v in kpis.values())
    assert kpis["money_earned"] == sum(state.money) == sum(state.scores())


@pytest.mark.parametrize("seed", [3, 4])
def test_economy_frame_agrees_with_the_turn_history_and_the_final_scores(seed: int) -> None:
    from playbook import analysis
    from playbook.games.offal_game import economy

    match = bot_match(seed)
    frame = economy.economy_frame(match)
    assert list(frame.columns[:3]) == ["round", "seat", "score"]
    assert len(frame) == 2 * match.state.round
    history = economy.turn_history(match.events_frame(), 2).set_index("round")
    for seat in (0, 1):
        mine = frame[frame["seat"] == seat].set_index("round")
        assert (mine["score"] == history.loc[mine.index, f"Plunger {seat + 1}"].astype(float)).all()
        assert (mine["clog"] == history.loc[mine.index, "clog"]).all()
    final = frame[frame["round"] == match.state.round].sort_values("seat")
    assert tuple(final["score"]) == match.state.scores()
    assert tuple(final["served"]) == tuple(len(s) for s in match.state.served)
    leads = analysis.lead_changes(frame.assign(game=0))
    assert int(leads["lead_changes"].iloc[0]) >= 0


def test_tournament_adds_money_earned_as_a_kpi_column() -> None:
    frame = tournament(og, [Tuned(), agents.QuickestOrder()], games=2, seed=1, metrics=True)
    assert (frame["kpi_money_earned"] == frame.groupby("game")["score"].transform("sum")).all()


# -- replay ----------------------------------------------------------------------------------------------------------


def test_position_view_shows_the_table_as_it_stood_read_only_and_listens_to_nothing() -> None:
    from playbook.widgets.common import widget_tree
    from playbook.widgets.offal_game import position_view

    match = bot_match()
    fork = match.fork(40)
    view = position_view(fork, 1)
    controls = [x for x in widget_tree(view).values() if "disabled" in x.trait_names()]
    assert controls and all(x.disabled for x in controls)
    assert fork._subscribers == [] and match._subscribers == []
    html = " ".join(str(getattr(x, "value", "")) for x in widget_tree(view).values())
    assert f"Turn {fork.state.round} · " in html and f"Round {fork.state.round}" not in html
    assert "Read-only: the table after step 40" in html
    assert fork.history == match.history[:40], "rendering plays nothing"


def test_replay_scrubs_and_plays_on_from_a_step_with_the_person_in_the_seat() -> None:
    from playbook.widgets.offal_game import replay

    match = Match.from_json(bot_match().to_json(), agents={0: agents.QuickestOrder(), 1: agents.RichestOrder()})
    viewer = replay(match, seat=1)
    assert viewer.step == len(match.steps)
    viewer.slider.value = 30
    assert "Step 30 of" in viewer.heading.value
    shapes = viewer.chart.figure.layout.shapes
    assert len(shapes) == 1 and shapes[0].x0 == match.fork(30).state.round
    fork = viewer.play_from_here()
    (table,) = viewer.opened_tables
    assert table.match is fork and 1 not in fork.agents and fork.history[:30] == match.history[:30]
    assert fork.waiting_for() == 1 and table.seat == 1
    assert table.widget in viewer.widget.children[-1].children
    assert not table.roll_button.disabled or not table.end_turn_button.disabled or table.takes_box.children
    assert match.history == bot_match().history, "the replayed match is never changed"
    viewer.close()


# -- the dashboard's lab tabs --------------------------------------------------------------------------------------


def test_lab_tabs_run_the_tuned_plunger_like_a_headless_lab_with_the_same_settings() -> None:
    from playbook.widgets.lab import StrategyLab
    from playbook.widgets.offal_game import DEFAULT_AGENTS, LabTabs

    tabs = LabTabs(seed=3, games=20)
    assert tabs.widget.titles == ("Strategy lab", "Rule sweep", "Replay")
    assert tabs.widget.children == (tabs.lab.widget, tabs.sweep.widget, tabs.replay_box) and tabs.viewer is None
    tabs.lab.knobs["age_until"].value = 3
    shown = tabs.lab.run()
    twin = StrategyLab(og, Tuned, DEFAULT_AGENTS, players=2, games=20, seed=3)
    twin.knobs["age_until"].value = 3
    expected = twin.run()
    assert shown is not None and expected is not None and shown.equals(expected)
    assert "tuned plunger" in set(shown["agent"]) and tabs.lab.progress.value == 20
    assert [t.y for t in tabs.lab.win_chart.data] == [t.y for t in twin.win_chart.data]
    assert "age_until" in tabs.lab.history_table.value or "age until" in tabs.lab.history_table.value
    tabs.widget.selected_index = 2  # the replay is built when its tab is opened
    assert tabs.viewer is not None and tabs.replay_box.children == (tabs.viewer.widget,)
    assert tabs.viewer.step == len(tabs.viewer.match.steps) and tabs.viewer.match.is_over
    tabs.close()
    twin.close()
