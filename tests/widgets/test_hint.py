"""The Hint on every game's table (``playbook.widgets.views.GAME_TABLES``): "what would a bot play here?".

Review (tables.md, "What a teacher expects and cannot find"): "A hint ('what would a bot play here?')". The Hint
button asks one of the game's built-in bots (the table's bot, ``TABLE_BOTS``, unless another is picked) what it
would play from the seat's observation and legal actions, as ``Match`` asks an agent, and shows "<bot> would
play: <the game's words>" under the status line; it plays nothing and draws nothing from the match's randomness.

- the button is live only while a person at this screen is to move: not in a watched bot game, not during
  chance, not at game over, not on a read-only position;
- the hint is the bot's own choice from that observation (the bot asked directly, and the bot put in the seat on
  a fork of the match, play that very move), in the game's words; the same position gives the same hint;
- pressing it leaves the match's steps, state and next chance outcomes (and the bots' moves) as they were;
- a move, Undo and a new game clear it; its labels are not cut short;
- a bot that fails gives no hint and says why, and the game goes on untouched (the fake game's table).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from playbook.core import Match
from playbook.core.agents import agent_rng
from playbook.core.protocol import CHANCE, Action
from playbook.widgets.common import TableView, widget_tree
from playbook.widgets.views import GAME_TABLES, TABLE_AGENTS, TABLE_BOTS

from .conftest import FakeTable
from .game_tables import GAMES, bot_table, finished_match, person_table, plain, strategies, table_before_the_last_move
from .test_labels import cut_labels

#: Person's moves (the first legal one) played after pressing Hint, to reach the next roll of a game with chance.
MOVES_TO_A_ROLL = 30


@pytest.fixture
def tables() -> Iterator[list[TableView]]:
    """Tables the test builds, closed afterwards whatever happens."""
    made: list[TableView] = []
    yield made
    for table in made:
        table.close()


def hint_words(table: TableView) -> str:
    """The hint line as a person reads it (tags dropped, spaces collapsed)."""
    return " ".join(plain(table.bot_hint.words).split())


def words(text: str) -> str:
    return " ".join(text.split())


def hint_live(table: TableView) -> bool:
    """Can the Hint button and its bot menu be pressed?"""
    return not table.bot_hint.button.disabled and not table.bot_hint.bot_choice.disabled


def expected_choice(game: str, bot: str, match: Match) -> Action:
    """What a new ``bot`` chooses for the person to move, asked directly the way ``Match`` asks an agent: the
    seat's observation, the legal actions, and the RNG the match would hand a bot in that seat at that step."""
    seat = match.waiting_for()
    assert seat is not None
    agent = TABLE_AGENTS[game][bot]()
    rng = agent_rng(match.seed, seat, len(match.steps))
    return agent.choose(match.state.observation(seat), match.legal_actions(), rng)


def bot_in_the_seat_plays(game: str, bot: str, match: Match) -> Action:
    """The move ``bot`` makes when it is put in the person's seat on a fork of the match and lets move once."""
    seat = match.waiting_for()
    assert seat is not None
    fork = match.fork(len(match.steps), agents={**match.agents, seat: TABLE_AGENTS[game][bot]()})
    fork.advance(max_steps=1)
    assert len(fork.steps) == len(match.steps) + 1 and fork.steps[-1].seat == seat
    return fork.steps[-1].action


# -- when it can be pressed ----------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_the_hint_asks_the_tables_bot_from_the_games_strategies(game: str, tables: list[TableView]) -> None:
    table = person_table(game, moves=0)
    tables.append(table)
    hint = table.bot_hint
    assert hint.bot == TABLE_BOTS[game]
    named = [name for strategy in strategies(game) if (name := str(getattr(strategy, "name", ""))) != "random"]
    assert sorted(hint.bot_choice.options) == sorted(named), "the hint offers the game's strategies but random"
    assert hint.widget.layout.display != "none" and hint.button.description == "Hint"
    assert hint.words == ""


@pytest.mark.parametrize("game", GAMES)
def test_the_hint_is_live_only_while_a_person_at_this_screen_is_to_move(game: str, tables: list[TableView]) -> None:
    person = person_table(game, moves=0)
    tables.append(person)
    assert person.controls_live() and hint_live(person)

    watched = bot_table(game)  # a bot game to watch: nobody here to move
    tables.append(watched)
    assert not hint_live(watched)
    watched.step()
    assert not hint_live(watched) and watched.show_hint() is None and watched.bot_hint.words == ""

    over, last = table_before_the_last_move(game)
    tables.append(over)
    assert hint_live(over)
    assert over.act(last)
    assert over.game_over() and not hint_live(over)
    assert over.show_hint() is None and over.bot_hint.words == ""

    position = GAME_TABLES[game].on_match(over.match.fork(3), 0, subscribe=False)  # type: ignore[union-attr]
    tables.append(position)
    position.read_only()
    assert not hint_live(position) and position.bot_hint.widget.layout.display == "none"


@pytest.mark.parametrize("game", [game for game in GAMES if GAME_TABLES[game].game.INFO.has_chance])
def test_the_hint_is_not_live_while_chance_is_to_move(game: str, tables: list[TableView]) -> None:
    match = finished_match(game)
    rolls = [index for index, step in enumerate(match.steps) if step.actor == "chance"]
    assert rolls, f"{game} has chance but its game rolled nothing"
    at_roll = match.fork(rolls[-1], agents={})
    assert at_roll.state.current_player == CHANCE
    table = GAME_TABLES[game].on_match(at_roll, 0, subscribe=True)
    tables.append(table)
    table.refresh()
    assert not table.controls_live() and not hint_live(table)
    assert table.show_hint() is None and len(at_roll.steps) == rolls[-1]


# -- what it says ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_the_hint_is_the_bots_own_choice_in_the_games_words(game: str, tables: list[TableView]) -> None:
    table = person_table(game, moves=2)
    tables.append(table)
    match = table.match
    assert match is not None and match.waiting_for() == 0 and hint_live(table)
    bots = list(table.bot_hint.bot_choice.options)
    for bot in dict.fromkeys([TABLE_BOTS[game], bots[-1]]):  # the table's bot, then another picked from the menu
        table.bot_hint.bot_choice.value = bot
        table.bot_hint.button.click()
        hinted = expected_choice(game, bot, match)
        assert table.show_hint() == hinted, f"{bot}: the hint is not what the bot chooses from that observation"
        assert hinted in match.legal_actions()
        assert bot_in_the_seat_plays(game, bot, match) == hinted, f"{bot} put in the seat plays another move"
        assert hint_words(table) == words(f"{bot} would play: {table.describe(hinted)}")
        assert table.show_hint() == hinted, "the same position gives the same hint"


@pytest.mark.parametrize("game", GAMES)
def test_picking_another_bot_while_a_hint_shows_asks_that_bot(game: str, tables: list[TableView]) -> None:
    table = person_table(game, moves=1)
    tables.append(table)
    assert table.match is not None
    table.bot_hint.button.click()
    other = next(bot for bot in table.bot_hint.bot_choice.options if bot != TABLE_BOTS[game])
    table.bot_hint.bot_choice.value = other
    hinted = expected_choice(game, other, table.match)
    assert hint_words(table) == words(f"{other} would play: {table.describe(hinted)}")


@pytest.mark.parametrize("game", GAMES)
def test_the_hint_line_sits_under_the_status_line_and_no_label_is_cut(game: str, tables: list[TableView]) -> None:
    table = person_table(game, moves=1)
    tables.append(table)
    table.bot_hint.button.click()
    assert hint_words(table).startswith(f"{TABLE_BOTS[game]} would play: ")
    holder = next(
        box
        for box in widget_tree(table.widget).values()
        if any(child is table.status.widget for child in getattr(box, "children", ()))
    )
    children = list(holder.children)
    assert children[children.index(table.status.widget) + 1] is table.bot_hint.widget
    assert cut_labels(table) == []


# -- what it leaves alone -------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_pressing_hint_changes_nothing_of_the_match_nor_what_follows(game: str, tables: list[TableView]) -> None:
    """The steps and state stay as they were, and the game goes on exactly as on a twin table nobody asked for
    hints at: the same bot moves and the same rolls (the next chance outcomes included)."""
    table, twin = person_table(game, moves=1), person_table(game, moves=1)
    tables += [table, twin]
    match, untouched = table.match, twin.match
    assert match is not None and untouched is not None and match.waiting_for() == 0
    start, state, global_random = match.steps, match.state, random.getstate()
    table.bot_hint.button.click()
    hinted = table.show_hint()
    assert hinted is not None
    assert match.steps == start == untouched.steps and match.state is state
    assert match.state.to_dict() == untouched.state.to_dict()
    assert random.getstate() == global_random, "a hint draws from no shared stream"
    move = hinted
    for _ in range(MOVES_TO_A_ROLL):
        assert table.act(move) and twin.act(move)
        rolled = any(step.actor == "chance" for step in match.steps[len(start) :])
        if match.is_over or rolled:
            break
        table.bot_hint.button.click()
        move = match.legal_actions()[0]
    assert match.steps == untouched.steps, "the game after a hint is not the game nobody asked about"
    if table.game.INFO.has_chance and not match.is_over:
        assert any(step.actor == "chance" for step in match.steps[len(start) :]), "no roll came to compare"


@pytest.mark.parametrize("game", GAMES)
def test_a_move_undo_and_a_new_game_clear_the_hint(game: str, tables: list[TableView]) -> None:
    table = person_table(game, moves=0)
    tables.append(table)
    match = table.match
    assert match is not None
    first = table.show_hint()
    assert first is not None and hint_words(table)
    assert table.act(first)
    assert table.bot_hint.words == "" and table.bot_hint.shown_at is None
    assert table.show_hint() is not None and hint_words(table)
    table.undo()
    assert table.bot_hint.words == ""
    assert table.show_hint() == first, "back at the same position, the same hint"
    table.new_game()
    assert table.bot_hint.words == ""


# -- a bot that draws, a bot that cannot answer (the fake game's table) -------------------------------------
class DrawingBot:
    name = "draws"

    def choose(self, observation: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        return rng.choice(list(legal))


def test_a_bot_that_draws_gets_the_draw_of_that_seat_and_step_the_same_every_time(
    make_table: type[FakeTable],
) -> None:
    """The hint's RNG is the one the match would hand a bot in that seat at that step: a new one per question."""
    table = make_table(agents={"draws": DrawingBot})
    match = table.match
    assert match is not None and match.waiting_for() == 0
    table.bot_hint.bot_choice.value = "draws"
    for _ in range(4):
        seat, step = 0, len(match.steps)
        expected = DrawingBot().choose(match.state.observation(seat), match.legal_actions(), agent_rng(1, seat, step))
        hinted = table.show_hint()
        assert hinted == expected and table.show_hint() == hinted and len(match.steps) == step
        assert table.act(match.legal_actions()[-1])


# -- a bot that cannot answer ---------------------------------------------------------------------------------
class FailingBot:
    name = "fails"

    def choose(self, observation: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        raise ValueError("this strategy divides by zero")


class OutOfTheRulesBot:
    name = "cheats"

    def choose(self, observation: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        return "ten points, please"


def test_a_bot_that_fails_gives_no_hint_says_why_and_leaves_the_game_alone(make_table: type[FakeTable]) -> None:
    table = make_table(agents={"fails": FailingBot, "cheats": OutOfTheRulesBot})
    match = table.match
    assert match is not None and match.waiting_for() == 0
    steps, status = match.steps, table.status.text
    assert table.bot_hint.bot == "adds one", "the table's first bot by default"
    table.bot_hint.bot_choice.value = "fails"
    assert table.show_hint() is None
    assert re.search(r"fails gave no hint: .*divides by zero", hint_words(table))
    table.bot_hint.bot_choice.value = "cheats"
    assert table.show_hint() is None
    assert "cheats gave no hint: it chose ten points, please, which the rules do not open now" in hint_words(table)
    assert match.steps == steps and table.status.text == status and not table.problem.shown
    table.bot_hint.bot_choice.value = "adds one"
    hinted = table.show_hint()
    assert hinted == match.legal_actions()[0] and hint_words(table) == f"adds one would play: {hinted}"
