"""An Offal Game's tool buttons: a tool with no legal use is disabled, its tooltip the engine's reason.

The reason comes from ``why_illegal`` of an action aimed at what the observation shows (a customer of the
mover, a part kind, a card, a Rat space), never of a made-up target.
"""

from __future__ import annotations

import html
from collections.abc import Iterator
from typing import Any

import pytest

from playbook.core.protocol import Action
from playbook.games import offal_game as og
from playbook.widgets.offal_game import OffalTable

ALL_TOOLS = tuple(og.ToolKind)


@pytest.fixture
def table() -> Iterator[OffalTable]:
    view = OffalTable(seed=3, players=2, lineup=("you", "clog clearer"))
    yield view
    view.close()


def put(table: OffalTable, state: og.State) -> None:
    assert table.match is not None
    table.match._states[-1] = state
    table.refresh()


def shown(action: Action, obs: Any) -> bool:
    """Whether every target of a tool action is one the observation shows."""
    customers = {customer["name"] for customer in obs["customers"][obs["turn_seat"]]}
    rat_spaces = {(space["card"], space["space"]) for space in obs["spaces"] if space["rat_space"]}
    if isinstance(action, og.UseRatTrap):
        return (obs["cards"][action.card], action.space) in rat_spaces
    if isinstance(action, og.UseCrowbar | og.UseMeatHook):
        name = action.customer
        return name in customers
    if isinstance(action, og.UseEmbalmingFluid):
        return set(action.customers) <= customers
    return isinstance(action, og.UseDrainAuger | og.UseFireHose)


def test_a_tool_without_a_use_is_disabled_with_the_engines_reason(
    table: OffalTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[Action] = []
    why_illegal = og.State.why_illegal

    def recording(state: og.State, action: Action) -> str | None:
        asked.append(action)
        return why_illegal(state, action)

    monkeypatch.setattr(og.State, "why_illegal", recording)
    state = table.state
    put(table, state._with(hands=(ALL_TOOLS, *state.hands[1:]), tool_used=True))
    obs = table.obs
    buttons = [table.tool_button(kind.key) for kind in ALL_TOOLS]
    assert all(button.disabled for button in buttons)
    for button in buttons:
        assert "Not now: this turn's tool has already been played" in button.tooltip
    tool_asks = [action for action in asked if isinstance(action, og.ToolAction)]
    assert tool_asks and all(shown(action, obs) for action in tool_asks), tool_asks
    before = table.state
    table.tool_button("crowbar").click()
    assert table.state == before
    assert "this turn's tool has already been played" in html.unescape(table.status.text)


def test_a_tool_with_a_use_stays_live(table: OffalTable) -> None:
    state = table.state
    put(table, state._with(hands=((og.ToolKind.FIRE_HOSE, og.ToolKind.CROWBAR), *state.hands[1:])))
    assert not table.tool_button("fire_hose").disabled and not table.tool_button("crowbar").disabled
