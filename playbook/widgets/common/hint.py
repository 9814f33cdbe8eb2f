"""``BotHint``: the **Hint** row under a table's status line ("what would a bot play here?").

A teacher expects a student stuck on a move to be able to ask what one of the game's bots would do, without the
bot moving and without the game changing. The row holds the Hint button, the bot to ask (the game's strategies,
as the New game panel names them) and the answer, "<bot> would play: <the game's words for the move>".

What the bot is given is what an agent of that seat gets from ``Match``: the seat's observation and the legal
actions, never the state. Its RNG is the stream ``Match`` would hand a bot in that seat at that step
(``core.agents.agent_rng``, from the match seed, the seat and the step), so asking draws nothing from the
match's streams (a hint changes no roll and no bot move) and the same position always gets the same answer.
The table (``TableView.show_hint``) asks; this row only shows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import ipywidgets as w

from .panels import button, labelled, set_changed
from .text import escape, no_math

#: Where a hint was given: the match (by id), how many steps it had and the seat asked for.
HintPosition = tuple[int, int, int]


class BotHint:
    """The Hint button, the bot it asks and the answer; hidden when the table has no bot to ask."""

    def __init__(self, bots: Sequence[str], default: str | None, on_ask: Callable[[], object]) -> None:
        self.button = button(
            "Hint", on_ask, icon="lightbulb-o", tooltip="What would a bot play here? Asking plays nothing."
        )
        self.button.add_class("playbook-hint-button")
        self.bot_choice = labelled(
            w.Dropdown(
                options=list(bots),
                value=default if default in bots else (bots[0] if bots else None),
                description="Hint from",
                layout=w.Layout(width="260px"),
            )
        )
        self.bot_choice.add_class("playbook-hint-bot")
        self.text = w.HTML()
        self.text.add_class("playbook-hint")
        self.widget = w.HBox(
            [self.button, self.bot_choice, self.text],
            layout=w.Layout(flex_flow="row wrap", align_items="center", display=None if bots else "none"),
        )
        self.widget.add_class("playbook-hint-row")
        #: Where the hint shown was given (None: no hint shown); a table clears a hint the position has left.
        self.shown_at: HintPosition | None = None
        # Another bot chosen while a hint shows: ask that bot, so the answer always names the bot in the menu.
        self.bot_choice.observe(lambda _: on_ask() if self.shown_at is not None else None, names="value")

    @property
    def bot(self) -> str | None:
        """The bot to ask, by its name in the table's menu (None when the table has none)."""
        value = self.bot_choice.value
        return None if value is None else str(value)

    @property
    def words(self) -> str:
        """The hint shown, as markup ("" when none is)."""
        return str(self.text.value)

    def show(self, bot: str, move: str, at: HintPosition) -> None:
        """Say what ``bot`` would play (``move``: the game's own words for it) at the position ``at``."""
        self.text.value = no_math(f"<span style='color:#1a5e20'><b>{escape(bot)}</b> would play: {escape(move)}</span>")
        self.shown_at = at

    def show_failure(self, bot: str, reason: str, at: HintPosition) -> None:
        """Say that ``bot`` could not answer (a student's strategy that raised); the game goes on untouched."""
        self.text.value = no_math(
            f"<span style='color:#b00020'><b>{escape(bot)}</b> gave no hint: {escape(reason)}</span>"
        )
        self.shown_at = at

    def clear(self) -> None:
        set_changed(self.text, value="")
        self.shown_at = None

    def enable(self, live: bool) -> None:
        """Let the button and the bot menu be pressed only while ``live`` (a person at this screen is to move)."""
        set_changed(self.button, disabled=not live)
        set_changed(self.bot_choice, disabled=not live)
