"""One battery over every game's table (``playbook.widgets.views.GAME_TABLES``): the checks each game's
``test_widgets.py`` made of its own table, the same in all four, run here over the registry, so a table registered
there is covered at once. The tables are driven by the calls their buttons make (``act``, ``undo``, ``step``,
``play_to_end``, the New game panel), with the first legal move wherever the move does not matter.

- bots and chance move up to the person's decision, and the header says it is "you" to move;
- Undo takes back the person's move and puts the page back as it was; past the first move it says there is nothing
  to undo and the person is still to move, the position the one the table opened on;
- an action the rules do not open now is refused in the engine's words and changes nothing;
- New game plays the panel's seed, seat count and seats;
- hot seat: the table follows the mover and calls nobody "you";
- a watched bot game plays step by step to its end, and its header, status, log and final scores never say "you";
- a closed table no longer listens to its match;
- a game's views read the engine's state only through the game protocol (what ``Match`` and agents use).

A table's own controls and the rules they carry (Mars' market, Offal's tools, Planet Unknown's planet) are tested
in each game's folder.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from types import ModuleType
from typing import Any

import pytest

from playbook.core.protocol import GameState
from playbook.widgets.common import TableView
from playbook.widgets.views import GAME_TABLES, TABLE_AGENTS, TABLE_BOTS

from .conftest import visible_text
from .game_tables import GAMES, board_controls, describe_control, finished_match, make_table, plain

#: The members of the game protocol a view may read from a state: all but those that play or store it.
PROTOCOL_READS = {name for name in vars(GameState) if not name.startswith("_")} - {
    "apply",
    "chance_outcomes",
    "to_dict",
}
YOU = re.compile(r"\byou(r|rs)?\b", re.IGNORECASE)


def person_second(game: str) -> TableView:
    """Two seats, the game's bot in seat 0 and the person in seat 1, at the first seed where the bot moves before
    the person's first decision (who starts is dealt or drawn in some games)."""
    for seed in range(1, 20):
        table = make_table(game, players=2, seed=seed, lineup=(TABLE_BOTS[game], "you"))
        if table.match is not None and any(step.actor == "agent" for step in table.match.steps):
            return table
        table.close()
    raise AssertionError(f"{game}: in no seed from 1 to 19 does the bot in seat 0 move first")


def header(table: TableView) -> str:
    """The words of the table's header: every game's table has one (``TableView`` leaves it to the game)."""
    shown: Any = table
    return plain(shown.header.value)


def page(table: TableView) -> tuple[str, list[tuple[tuple[str, str, tuple[str, ...]], bool]]]:
    """What a person sees of the table but its status line: the text, and every visible control of the board with
    whether it can be pressed."""
    text = visible_text(table.widget).replace(visible_text(table.status.widget), "")
    return text, [(describe_control(widget), bool(widget.disabled)) for widget in board_controls(table)]


def view_source(table_class: type[TableView]) -> str:
    """The source of every module of the package (or the module) a game's views live in."""
    name = ".".join(table_class.__module__.split(".")[:3])  # playbook.widgets.<game>
    root: ModuleType = importlib.import_module(name)
    modules = [root]
    if hasattr(root, "__path__"):
        modules += [importlib.import_module(f"{name}.{info.name}") for info in pkgutil.iter_modules(root.__path__)]
    return "".join(inspect.getsource(module) for module in modules)


def test_every_game_with_a_table_has_its_bots() -> None:
    assert list(GAME_TABLES) == GAMES and set(GAMES) == set(TABLE_AGENTS) == set(TABLE_BOTS)


@pytest.mark.parametrize("game", GAMES)
def test_bots_and_chance_move_up_to_the_persons_decision_and_the_header_says_you(game: str) -> None:
    table = person_second(game)
    try:
        match = table.match
        assert match is not None and match.waiting_for() == table.seat == 1 and table.controls_live()
        assert all(step.actor != "player" for step in match.steps)
        assert any(step.actor == "agent" for step in match.steps)
        assert re.search(r"\byou\b", header(table)), header(table)
    finally:
        table.close()


@pytest.mark.parametrize("game", GAMES)
def test_undo_takes_back_the_persons_move_and_puts_the_page_back(game: str) -> None:
    table = person_second(game)
    try:
        match = table.match
        assert match is not None
        before, shown = match.state, page(table)
        assert table.act(match.legal_actions()[0]) and match.state != before
        table.undo()
        assert match.state == before and "Undone" in table.status.text
        assert page(table) == shown
    finally:
        table.close()


@pytest.mark.parametrize("game", GAMES)
def test_undo_past_the_first_move_says_so_and_leaves_the_person_at_the_opening_position(game: str) -> None:
    table = person_second(game)
    try:
        match = table.match
        assert match is not None
        opening, shown = match.state, page(table)
        table.undo()  # the bot moved first: nothing of the person's to take back
        assert "Nothing to undo" in table.status.text and match.waiting_for() == 1 and match.state == opening
        moves = 0
        while moves < 4 and not match.is_over:
            assert table.act(match.legal_actions()[0])
            moves += 1
        for _ in range(moves + 3):  # more undos than moves, as a student clicking away would
            table.undo()
            assert match.waiting_for() == table.seat == 1 and table.controls_live(), table.status.text
            assert "Traceback" not in table.status.text and "unexpected" not in table.status.text
        assert "Nothing to undo" in table.status.text and match.state == opening
        assert all(step.actor != "player" for step in match.steps)
        assert page(table) == shown, "the page is the one the table opened on"
    finally:
        table.close()


@pytest.mark.parametrize("game", GAMES)
def test_an_action_the_rules_do_not_open_now_is_refused_in_the_engines_words(game: str) -> None:
    table = make_table(game, players=2, seed=2, lineup=("you", "random"))
    try:
        match = table.match
        assert match is not None
        legal = match.legal_actions()
        closed = [step.action for step in finished_match(game).steps if step.actor == "player"]
        action = next(a for a in closed if a not in legal and match.state.why_illegal(a))
        reason = match.state.why_illegal(action)
        before = match.state
        assert not table.act(action)
        said = plain(table.status.text)
        assert match.state == before and "Not allowed" in said and str(reason) in said, said
        assert "Traceback" not in said
    finally:
        table.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_new_game_plays_the_panels_seed_seat_count_and_seats(game: str) -> None:
    table = make_table(game, players=2, seed=1, lineup=("you", TABLE_BOTS[game]))
    try:
        info = table.game.INFO
        players = 3 if info.max_players >= 3 else 2
        bot = TABLE_BOTS[game]
        panel = table.new_game_panel
        panel.seed.value = 42
        panel.players.value = players
        for seat, widget in enumerate(panel.seats[:players]):
            widget.value = "you" if seat == 1 else bot
        panel.button.click()
        match = table.match
        assert match is not None and match.players == players and match.seed == 42
        assert table.seat == 1 and 1 not in match.agents and match.waiting_for() == 1
        expected = type(TABLE_AGENTS[game][bot]())
        assert all(type(match.agents[seat]) is expected for seat in range(players) if seat != 1)
    finally:
        table.close()


@pytest.mark.parametrize("game", GAMES)
def test_hot_seat_gives_the_controls_to_whoever_is_to_move_and_calls_nobody_you(game: str) -> None:
    table = make_table(game, players=2, seed=1, lineup=("you", "you"))
    try:
        match = table.match
        assert match is not None and table.hot_seat
        movers = []
        for _ in range(60):
            mover = match.waiting_for()
            assert mover is not None and table.seat == mover and table.controls_live()
            words = header(table)
            assert not re.search(r"\byou\b", words, re.IGNORECASE), words  # nobody is "you" at a shared screen
            if mover not in movers:
                movers.append(mover)
            if len(movers) == 2:
                break
            assert table.act(match.legal_actions()[0])
            assert "Your turn" not in table.status.text
        assert sorted(movers) == [0, 1]
    finally:
        table.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_watched_bot_game_plays_step_by_step_to_its_end_and_never_says_you(game: str) -> None:
    bot = TABLE_BOTS[game]
    table = make_table(game, players=2, seed=2, lineup=(bot, bot))
    try:
        match = table.match
        assert match is not None and table.watching
        assert not any(step.actor == "agent" for step in match.steps)
        table.step_button.click()
        assert sum(step.actor == "agent" for step in match.steps) == 1
        table.play_to_end_button.click()
        assert match.is_over and "game over" in plain(table.status.text).lower()
        for said in (
            header(table),
            *(plain(w.value) for w in (table.status.widget, table.log.widget, table.final_scores)),
        ):
            assert not YOU.search(said), said
    finally:
        table.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_closed_table_no_longer_listens_to_its_match(game: str) -> None:
    table = person_second(game)
    match = table.match
    assert match is not None
    assert table.act(match.legal_actions()[0])
    table.close()
    shown = header(table)
    match.undo()
    match.advance()
    assert header(table) == shown
    assert not match._subscribers


@pytest.mark.parametrize("game", GAMES)
def test_the_views_read_the_state_only_through_the_game_protocol(game: str) -> None:
    """No field of the engine's state in a view: what a seat sees comes from ``observation(seat)``, the rest from
    the protocol every game keeps (``legal_actions``, ``why_illegal``, ``is_terminal`` ...)."""
    reads = set(re.findall(r"\.state\.(\w+)", view_source(GAME_TABLES[game])))
    assert "observation" in reads and reads <= PROTOCOL_READS, sorted(reads - PROTOCOL_READS)


def test_a_watched_game_over_neither_offers_undo_nor_names_a_you_in_its_own_words() -> None:
    """Mars's hint at the end of a bot game said "press Undo to take back your last move"; Offal's board headed
    the tools "Your tools" in a game nobody at the screen plays (the rules and card texts may say "you")."""
    mars = make_table("mars_needs_mechanics", players=2, seed=2, lineup=(TABLE_BOTS["mars_needs_mechanics"],) * 2)
    offal = make_table("offal_game", players=2, seed=2, lineup=(TABLE_BOTS["offal_game"],) * 2)
    try:
        for table in (mars, offal):
            table.play_to_end_button.click()
        hint = plain(mars.hint.value)
        assert "game is over" in hint and "Undo" not in hint and not YOU.search(hint), hint
        headings = [plain(child.value) for child in visible_widgets(offal) if "Tools" in plain(child.value)[:6]]
        assert headings and not any(YOU.search(text) for text in headings), headings
    finally:
        mars.close()
        offal.close()


def visible_widgets(table: TableView) -> list[Any]:
    """Every HTML widget shown in the table's page (children of shown boxes)."""
    found, stack = [], [table.widget]
    while stack:
        widget = stack.pop()
        if getattr(getattr(widget, "layout", None), "display", None) == "none":
            continue
        if hasattr(widget, "value") and isinstance(widget.value, str) and not hasattr(widget, "options"):
            found.append(widget)
        stack.extend(getattr(widget, "children", ()))
    return found
