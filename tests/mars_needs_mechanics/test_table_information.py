"""What a seat's mechanisms reveal shows on its table, and never on another seat's (issue 19.1).

The review: building the X-Ray Goggles showed no card, because the table never read the observation's
``deck_top`` (nor the Analytical Almanac's ``deck_counts``). These tests are driven from what the engine
exposes: every key of ``Observation`` must be read by the table, and for every mechanism, each field its
owner's observation gains (and another seat's lacks or differs in) must be shown on the owner's page and on
no other seat's page: a hot-seat game on the other seat's turn, and a person playing against the owner's bot.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import ipywidgets as w
import pytest

from playbook.games import mars_needs_mechanics as mnm
from playbook.widgets.common import widget_tree
from playbook.widgets.mars_needs_mechanics import MarsNeedsMechanicsTable

#: Every mechanism in play, so each can be built at one table.
RULES = mnm.Rules.standard().with_mechanisms([m.key for m in mnm.Rules.standard().mechanisms])
MECHANISMS = [m.key for m in RULES.mechanisms]
#: Every field the engine's observation may hold (``deck_top`` and ``deck_counts`` only with their mechanism).
OBSERVATION_KEYS = sorted(mnm.Observation.__required_keys__ | mnm.Observation.__optional_keys__)
#: Fields the page has no use for, and why. Nothing else may be left unread.
NOT_FOR_THE_PAGE = {"game": "names the game the observation belongs to; the table is that game's table"}


def page_text(table: MarsNeedsMechanicsTable) -> str:
    """Everything the table sends to the page, hidden widgets too (they are in the page's DOM): HTML, button
    labels and tooltips, dropdown options; tags dropped and spaces collapsed."""
    parts: list[str] = []
    for widget in widget_tree(table.widget).values():
        if isinstance(widget, w.HTML):
            parts.append(str(widget.value))
        elif isinstance(widget, w.Button):
            parts += [widget.description, widget.tooltip or ""]
        elif isinstance(widget, w.Dropdown):
            parts += [str(label) for label in widget._options_labels]
    text = re.sub(r"<[^>]+>", " ", " | ".join(parts))
    return re.sub(r"\s+", " ", text)


def give(table: MarsNeedsMechanicsTable, seat: int, key: str) -> None:
    """Lay ``key``'s blueprint in front of ``seat`` (its cost's cards, face up) and redraw."""
    match = table.match
    state = match.state
    built = list(state.built)
    built[seat] = (*built[seat], mnm.Built(key, tuple(RULES.by_key[key].cost)))
    match._states[-1] = state._replace(built=tuple(built))
    table.refresh()


def end_the_turn(table: MarsNeedsMechanicsTable) -> None:
    """The person to move passes and ends the turn: the next seat is to move."""
    mover = table.match.waiting_for()
    table.pass_button.click()
    if table.match.waiting_for() == mover:
        table.end_turn_button.click()
    assert table.match.waiting_for() != mover


def names(obs: mnm.Observation, cards: list[int]) -> str:
    return " · ".join(obs["components"][c] for c in cards)


def shown_deck_top(obs: mnm.Observation) -> list[str]:
    top = obs["deck_top"]
    assert top, "the deck is not empty at this point"
    return [f"top {len(top)} cards of the Component Deck, top first: {names(obs, top)}"]


def shown_deck_counts(obs: mnm.Observation) -> list[str]:
    left = ", ".join(f"{n} {obs['components'][c]}" for c, n in enumerate(obs["deck_counts"]) if n)
    return [f"left in the Component Deck ({obs['deck_size']} cards): {left}"]


def shown_prices(obs: mnm.Observation) -> list[str]:
    return [f"{obs['components'][card]} · {obs['prices'][card]}" for card in obs["market"]]


def shown_set_bonus(obs: mnm.Observation) -> list[str]:
    return [f"Each card in a set you sell earns {obs['set_bonus']} extra cog"]


def shown_set_size(obs: mnm.Observation) -> list[str]:
    return [f"a set to sell: {obs['min_set_size']} or more cards of one type"]


#: For each field a mechanism can add to or change in its owner's observation alone: what the owner's page
#: must then say. A mechanism that reveals a field missing here fails ``test_..._to_its_owner_only``.
SHOWN: dict[str, Callable[[mnm.Observation], list[str]]] = {
    "deck_top": shown_deck_top,
    "deck_counts": shown_deck_counts,
    "prices": shown_prices,
    "set_bonus": shown_set_bonus,
    "min_set_size": shown_set_size,
}


@pytest.fixture
def hot_seat() -> Iterator[MarsNeedsMechanicsTable]:
    view = MarsNeedsMechanicsTable(seed=5, players=2, lineup=("you", "you"), rules=RULES)
    assert view.hot_seat and view.match.waiting_for() == view.seat
    yield view
    view.close()


def private_changes(state: Any, owner: int, key: str) -> dict[str, object]:
    """The fields ``key`` adds to or changes in ``owner``'s observation that another seat's does not share."""
    before = state.observation(owner)
    built = list(state.built)
    built[owner] = (*built[owner], mnm.Built(key, tuple(RULES.by_key[key].cost)))
    after_state = state._replace(built=tuple(built))
    after, other = after_state.observation(owner), after_state.observation(1 - owner)
    return {
        field: after.get(field)
        for field in OBSERVATION_KEYS
        if after.get(field) != before.get(field) and after.get(field) != other.get(field)
    }


def test_the_seed_1_repro_shows_the_top_three_cards() -> None:
    """The review's steps: seed 1, buy Lens, buy Wire, build the X-Ray Goggles."""
    view = MarsNeedsMechanicsTable(seed=1)
    try:
        components = view.game_rules.components
        view.buy(components.index("Lens"))
        view.buy(components.index("Wire"))
        view.build_buttons["x_ray_goggles"].click()
        obs = view.match.state.observation(view.seat)
        assert len(obs["deck_top"]) == 3
        assert view.knowledge.layout.display is None
        text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", view.knowledge.value))
        assert shown_deck_top(obs)[0] in text, text
    finally:
        view.close()


def test_the_table_reads_every_field_of_the_observation(
    hot_seat: MarsNeedsMechanicsTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A field the engine exposes and the table never reads is information a seat has and cannot see."""
    read: set[str] = set()

    class Recording(dict):  # type: ignore[type-arg]
        def __getitem__(self, key: str) -> Any:
            read.add(key)
            return super().__getitem__(key)

        def get(self, key: str, default: Any = None) -> Any:
            read.add(key)
            return super().get(key, default)

        def __contains__(self, key: object) -> bool:
            read.add(str(key))
            return super().__contains__(key)

    table = hot_seat
    original = table.observation
    monkeypatch.setattr(table, "observation", lambda: Recording(original()))
    owner = table.seat
    for key in MECHANISMS:
        give(table, owner, key)
    assert set(table.match.state.observation(owner)) == set(OBSERVATION_KEYS)  # the TypedDict is the whole list
    for _ in range(200):  # on to the end: the game-over fields are read too
        if table.match.is_over:
            break
        if table.sell_panel.layout.display is None:
            table.done_selling_button.click()
        else:
            (table.pass_button if not table.pass_button.disabled else table.end_turn_button).click()
    assert table.match.is_over
    table.refresh()
    unread = set(OBSERVATION_KEYS) - read - set(NOT_FOR_THE_PAGE)
    assert not unread, f"the table never reads {sorted(unread)}"


@pytest.mark.parametrize("key", MECHANISMS)
def test_what_a_mechanism_reveals_shows_to_its_owner_only(hot_seat: MarsNeedsMechanicsTable, key: str) -> None:
    """Hot seat: on the owner's turn its page shows each field the mechanism gives it alone; on the other
    seat's turn (the same screen, passed over) none of it is on the page."""
    table = hot_seat
    owner = table.seat
    changes = private_changes(table.match.state, owner, key)
    unchecked = set(changes) - set(SHOWN)
    assert not unchecked, f"{key} reveals {sorted(unchecked)}, which this test does not check"
    give(table, owner, key)
    obs = table.match.state.observation(owner)
    expected = [text for field in changes for text in SHOWN[field](obs)]
    page = page_text(table)
    for text in expected:
        assert text in page, (key, text)
    end_the_turn(table)
    assert table.seat == 1 - owner
    page = page_text(table)
    for text in expected:
        assert text not in page, (key, text)
    if changes:
        assert table.knowledge.layout.display == "none" and table.knowledge.value == ""


@pytest.mark.parametrize("key", [k for k in MECHANISMS if private_changes(mnm.new_game(2, seed=5, rules=RULES), 1, k)])
def test_a_bots_mechanism_reveals_nothing_to_the_person(key: str) -> None:
    """A person against a bot that has the mechanism built: nothing it reveals to the bot reaches the page."""
    view = MarsNeedsMechanicsTable(seed=5, players=2, lineup=("you", "random"), rules=RULES)
    try:
        changes = private_changes(view.match.state, 1, key)
        give(view, 1, key)
        bot = view.match.state.observation(1)
        page = page_text(view)
        for field in changes:
            for text in SHOWN[field](bot):
                assert text not in page, (key, text)
    finally:
        view.close()


def test_the_claw_is_the_owners_control_and_the_goggles_follow_it(hot_seat: MarsNeedsMechanicsTable) -> None:
    """Pneumatic Claw changes the market and the deck: only its owner gets the control, and the owner's
    X-Ray Goggles then show the new top of the deck."""
    table = hot_seat
    owner = table.seat
    give(table, owner, "pneumatic_claw")
    give(table, owner, "x_ray_goggles")
    before = table.match.state.observation(owner)
    assert table.claw_row.layout.display is None
    offered = [action.component for _, action in table.claw_choice.options]
    assert offered == sorted(set(before["market"]))
    card = offered[0]
    table.claw_choice.value = mnm.Claw(card)
    table.claw_button.click()
    after = table.match.state.observation(owner)
    drawn = before["deck_top"][0]
    assert after["market"] == [
        drawn if i == before["market"].index(card) else c for i, c in enumerate(before["market"])
    ]
    assert after["deck_top"][:2] == before["deck_top"][1:]  # the drawn card left the top
    assert shown_deck_top(after)[0] in page_text(table)
    assert f"Seat {owner} claws {before['components'][card]} under the deck" in "\n".join(table.log.lines)
    end_the_turn(table)
    assert table.claw_row.layout.display == "none" and table.claw_choice.options == ()


def test_owner_only_controls_follow_the_seat_shown(hot_seat: MarsNeedsMechanicsTable) -> None:
    """The Governor's "token stays" box belongs to its owner's turn only."""
    table = hot_seat
    owner = table.seat
    give(table, owner, "governor")
    assert table.hold_token.layout.display is None
    end_the_turn(table)
    assert table.hold_token.layout.display == "none"


def test_public_changes_show_to_every_seat(hot_seat: MarsNeedsMechanicsTable) -> None:
    """What a mechanism changes for everyone shows on every seat's page: the Brass Balancer makes the fourth
    of the Order Line rise, and the cards in any built mechanism lie face up."""
    table = hot_seat
    owner = table.seat
    give(table, owner, "brass_balancer")
    obs = table.match.state.observation(owner)
    laid = ", ".join(f"{n} {obs['components'][c]}" for c, n in enumerate(obs["built_cards"][owner]) if n)
    pages = []
    for _ in range(2):
        cells = table.order_line.value.split("<td")[1:]
        assert ["rises" in cell for cell in cells] == [True] * 4 + [False] * 3
        assert "the first 4 rise (the Brass Balancer adds the fourth)" in table.order_line.value
        pages.append(page_text(table))
        end_the_turn(table)
    for page in pages:
        assert f"Brass Balancer {laid}" in page
