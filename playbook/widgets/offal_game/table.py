"""An Offal Game in Jupyter: a playable table, a pipe explorer and a predict-then-reveal exercise.

The views read only what a seat sees: ``observation(seat)``, ``legal_actions()``, ``describe()``,
``why_illegal()`` and the fields of events (never the state's fields or the text of an event). Every
click becomes one engine action; chance steps (the d4s and the blind draws) are resolved by the Match's
seeded RNG. Charts are plotly figures in ``LiveChart``s.

The sewer is drawn as the rulebook lays it out, right to left: ``The Clog | Day 3 | Day 2 | Day 1``; new
parts enter at the right of Day 1 and age toward The Clog.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any, cast

import ipywidgets as w
import pandas as pd

from playbook import charts
from playbook.core.errors import PlaybookError
from playbook.core.match import Match
from playbook.core.protocol import Action
from playbook.games import offal_game as og
from playbook.games.offal_game import agents as og_agents
from playbook.games.offal_game import economy
from playbook.games.offal_game.conveyor import TurnReport, conveyor_turn, parse_cubes, passive_game, turn_report
from playbook.games.offal_game.economy import age_frame, wait_table

from .. import lab as lab_views
from ..common import AgentFactory, LiveChart, TableView, button, escape, money, no_math
from ..replay import ReplayViewer, table_replay

__all__ = [
    "DEFAULT_AGENTS",
    "LabTabs",
    "OffalTable",
    "PipeExplorer",
    "PredictClog",
    "TurnReport",
    "age_frame",
    "conveyor_turn",
    "parse_cubes",
    "passive_game",
    "pipe_html",
    "play_table",
    "position_view",
    "replay",
    "wait_table",
]

Obs = Mapping[str, Any]

DEFAULT_AGENTS: dict[str, AgentFactory] = {
    "clog clearer": cast(AgentFactory, og_agents.ClogClearer),
    "quickest": cast(AgentFactory, og_agents.QuickestOrder),
    "richest": cast(AgentFactory, og_agents.RichestOrder),
    "random": cast(AgentFactory, og_agents.RandomAgent),
}
#: One colour per cube kind, the same in the pipe, the customers, the buttons and the charts.
CUBE_COLOURS: dict[str, str] = dict(charts.offal_game.OFFAL_COLOURS)
CUBE_LETTERS = {"bones": "Bo", "organs": "Or", "brains": "Br", "hearts": "He", "rats": "Rat"}
DARK_CUBES = ("organs", "hearts", "rats")
CARD_COLOURS = {"Day 1": "#e8f5e9", "Day 2": "#fff8e1", "Day 3": "#ffe0b2", "The Clog": "#d7ccc8"}
RULES_IN_BRIEF = """<details class='offal-rules-in-brief'><summary><b>Rules in brief</b></summary>
<div style='font-size:12px;max-width:460px'>
<p>Each turn has two phases. <b>Phase 1</b>: roll the d4 and add your waiting customers: that many cubes come
blind out of the Bag O' Parts. New parts enter at the right of Day 1 and push every part along the pipe toward
The Clog; rats take the dashed Rat spaces and never move. Parts pushed off Day 3 wait in the reserve; a second
d4 says how many land on The Clog, the rest go back in the bag.</p>
<p><b>Phase 2</b>: take <i>all</i> the parts of one type on one card for customers who want that type at least
that old (a part on Day N is N days old; The Clog counts as older than Day 3). A completed order pays its money on
the Gore Track and a new customer steps up from The Queue. Take as often as you like, then end the turn.</p>
<p><b>Tools</b>: one per turn, before the roll, after the draws (before the reserve's d4) or in Phase 2.</p>
<p><b>The end</b>: when The Clog is full (the turn is finished first) or every customer is served. Most money
wins; solo, reach the target shown under the Gore Track.</p></div></details>"""


def _press(call: Callable[[], object]) -> Callable[[], None]:
    """A button handler that runs ``call`` and drops its result."""

    def handler() -> None:
        call()

    return handler


def plunger(seat: int) -> str:
    return f"Plunger {seat + 1}"


def _word(key: str, count: int) -> str:
    """``bones`` -> ``1 Bone`` / ``3 Bones`` (``rats`` stay lower case)."""
    singular = {"bones": "Bone", "organs": "Organ", "brains": "Brain", "hearts": "Heart", "rats": "rat"}[key]
    plural = singular + "s"
    return f"{count} {singular if count == 1 else plural}"


def _cubes_words(keys: Sequence[str]) -> str:
    return ", ".join(_word(k, 1)[2:] for k in keys) or "nothing"


def _chip(key: str) -> str:
    """A small coloured square of a cube kind, for labels."""
    return (
        f"<span style='display:inline-block;width:10px;height:10px;margin-right:3px;border:1px solid #555;"
        f"background:{CUBE_COLOURS[key]}'></span>"
    )


# -- drawing helpers (pure: observation -> HTML) ---------------------------------------------------------
def _cell(cube: str | None, rat_space: bool, title: str) -> str:
    border = "2px dashed #444" if rat_space else "1px solid #999"
    if cube is None:
        colour, text, fg = "#ffffff", "", "#000"
    else:
        colour, text = CUBE_COLOURS[cube], CUBE_LETTERS[cube]
        fg = "#fff" if cube in DARK_CUBES else "#000"
    return (
        f"<div title='{escape(title)}' style='display:inline-block;width:30px;height:30px;margin:1px;"
        f"line-height:30px;text-align:center;font-size:11px;background:{colour};color:{fg};border:{border};"
        f"border-radius:4px'>{text}</div>"
    )


def _counts_words(parts: Sequence[str], counts: Sequence[int]) -> str:
    return ", ".join(_word(parts[p], n) for p, n in enumerate(counts) if n) or "empty"


def pipe_html(source: Any, seat: int = 0) -> str:
    """The sewer as coloured slots, right to left: The Clog, Day 3, Day 2, Day 1 (entrance at the far right).

    ``source`` is an observation (or a state, whose ``observation(seat)`` is used). Dashed borders are Rat
    spaces; each card is labelled with what lies on it (``offal-card-N``)."""
    obs: Obs = source.observation(seat) if hasattr(source, "observation") else source
    cards: list[str] = list(obs["cards"])
    clog = list(obs["clog"])
    clog_cells = "".join(
        _cell(clog[i] if i < len(clog) else None, False, f"The Clog space {i + 1}") for i in range(obs["clog_spaces"])
    )
    blocks = [(3, f"The Clog ({len(clog)}/{obs['clog_spaces']})", clog_cells)]
    for index in (2, 1, 0):
        card = cards[index]
        cells = "".join(
            _cell(space["cube"], space["rat_space"], f"{card}, space {space['space']} from the left")
            for space in obs["spaces"]
            if space["card"] == card
        )
        blocks.append((index, card, cells))
    html = []
    for index, title, cells in blocks:
        counts = _counts_words(obs["parts"], obs["card_counts"][index])
        html.append(
            f"<div class='offal-card offal-card-{index}' style='display:inline-block;vertical-align:top;"
            f"background:{CARD_COLOURS[cards[index]]};padding:4px;margin:2px;border-radius:6px'>"
            f"<div style='font-weight:bold;font-size:12px'>{escape(title)}</div><div>{cells}</div>"
            f"<div class='offal-card-count-{index}' style='font-size:11px'>{escape(counts)}</div></div>"
        )
    legend = " ".join(f"{_chip(k)}{CUBE_LETTERS[k]} {_word(k, 1)[2:]}" for k in CUBE_LETTERS)
    return (
        "<div class='offal-pipe' style='white-space:nowrap;overflow-x:auto'>"
        + "".join(html)
        + "<div style='font-size:11px;color:#555'>← older · new parts enter at the far right of Day 1 · "
        f"dashed = Rat space · {legend}</div></div>"
    )


def _customers_html(obs: Obs, seat: int, title: str) -> str:
    rows = []
    older = "" if obs["age_match"] == "exact" else " or older"
    for customer in obs["customers"][seat]:
        rows.append(
            f"<tr><td>{escape(customer['name'])}</td>"
            f"<td>{_chip(customer['part'])}{escape(_word(customer['part'], customer['count']))}</td>"
            f"<td>Day {customer['age']}{older}</td><td>{customer['filled']} of {customer['count']}</td>"
            f"<td>{money(customer['money'])}</td></tr>"
        )
    body = "".join(rows) or "<tr><td colspan='5'>no customers left</td></tr>"
    return (
        f"<b>{escape(title)}</b><table class='offal-customers-{seat}' style='border-collapse:collapse;font-size:12px'>"
        "<tr><th>customer</th><th>needs</th><th>aged</th><th>in body bag</th><th>pays</th></tr>"
        f"{body}</table>"
    )


def _gore_track_html(obs: Obs, names: Sequence[str]) -> str:
    rows = []
    for seat, amount in enumerate(obs["money"]):
        width = 100 * amount / max(1, obs["gore_track"])
        colour = charts.SEAT_COLOURS[seat % len(charts.SEAT_COLOURS)]
        rows.append(
            f"<tr><td>{escape(names[seat])}</td><td class='offal-money-{seat}'>{money(amount)}</td>"
            f"<td style='width:220px'><div style='background:#eee;width:200px;height:10px'>"
            f"<div style='background:{colour};width:{width:.0f}%;height:10px'></div></div></td></tr>"
        )
    target = ""
    if obs["solo_target"] is not None:
        target = f"<div class='offal-target'>Solo: end the game with at least {money(obs['solo_target'])} to win.</div>"
    return (
        f"<b>Gore Track</b> (up to {money(obs['gore_track'])})<table class='offal-gore-track' style='font-size:12px'>"
        f"{''.join(rows)}</table>{target}"
    )


def game_over_line(obs: Obs, names: Sequence[str], *, person: bool = True) -> str:
    """Why the game ended and who won, in words that match the board (``person``: a person played the solo seat)."""
    scores = ", ".join(f"{names[s]} ${m}" for s, m in enumerate(obs["money"]))
    why = obs["end_words"] or "it ended"
    if obs["solo_target"] is not None:
        won = bool(obs["winners"])
        verdict = ("you win" if won else "you lose") if person else (f"{names[0]} {'wins' if won else 'loses'}")
        return f"Game over because {why}. {scores} against the solo target of ${obs['solo_target']}: {verdict}."
    winners = obs["winners"]
    if len(winners) > 1:
        result = "a tie: " + " and ".join(names[s] for s in winners) + " share the win"
    else:
        result = f"{names[winners[0]]} wins" if winners else "nobody wins"
    return f"Game over because {why}. {scores}: {result}."


# -- the playable table ------------------------------------------------------------------------------------
def _representative(key: str, obs: Obs) -> Action:
    """A tool action of kind ``key`` to ask the engine why it cannot be played now."""
    mine = obs["customers"][obs["turn_seat"]]
    name = mine[0]["name"] if mine else ""
    part = og.Cube(obs["parts"].index(mine[0]["part"])) if mine else og.Cube.BONES
    examples: dict[str, Action] = {
        "rat_trap": og.UseRatTrap(og.Card.DAY_3, 1),
        "drain_auger": og.UseDrainAuger(part),
        "fire_hose": og.UseFireHose(),
        "meat_hook": og.UseMeatHook(og.Card.DAY_3, part, name),
        "embalming_fluid": og.UseEmbalmingFluid(og.Card.DAY_3, part, (name,)),
        "crowbar": og.UseCrowbar(name),
    }
    return examples[key]


class OffalTable(TableView):
    """The sewer, the customers, your tools, the fill choices, the Gore Track, a chart, the log and undo."""

    game = og

    def __init__(
        self,
        *,
        players: int = 2,
        seed: int = 1,
        lineup: Sequence[str] = ("you", "clog clearer"),
        rules: og.Rules | None = None,
        agents: Mapping[str, AgentFactory] | None = None,
    ) -> None:
        super().__init__(
            agents=agents or DEFAULT_AGENTS,
            players=players,
            seed=seed,
            lineup=lineup,
            rules=rules,
            describe=self.words,
        )

    # -- building ------------------------------------------------------------------------------------
    def build(self) -> None:
        self.header = w.HTML()
        self.phase1 = w.HTML()
        self.phase1.add_class("offal-phase1")
        self.pipe = w.HTML()
        self.bag = w.HTML()
        self.customers = w.HTML()
        self.gore_track = w.HTML()
        self.roll_button = button("Roll", _press(lambda: self.act(og.Roll())), icon="cube", button_style="primary")
        self.reserve_button = button("Roll the reserve's d4", _press(lambda: self.act(og.RollReserve())), icon="cube")
        self.end_turn_button = button("End turn", _press(lambda: self.act(og.EndTurn())), icon="check")
        self.roll_button.add_class("offal-roll")
        self.reserve_button.add_class("offal-roll-reserve")
        self.end_turn_button.add_class("offal-end-turn")
        self.takes_box = w.VBox()
        self.tools_box = w.HBox()
        self.tool_choice = w.Dropdown(options=[], description="Target", layout=w.Layout(width="auto"))
        self.tool_play_button = button("Play tool", self._play_tool_choice, button_style="warning")
        self.tool_cancel_button = button("Cancel", self._hide_tool_panel)
        self.tool_panel = w.HBox([self.tool_choice, self.tool_play_button, self.tool_cancel_button])
        self.tool_panel.layout.display = "none"
        self._tool_key: str | None = None
        history = economy.turn_history(pd.DataFrame(), 2)
        self.chart = LiveChart(charts.clog_and_money(history, clog_spaces=self.game_rules.clog_spaces))
        controls = w.HBox([self.roll_button, self.reserve_button, self.end_turn_button, self.undo_button])
        board = w.VBox(
            [
                self.header,
                self.pipe,
                self.phase1,
                self.bag,
                controls,
                w.HTML("<b>Fill orders</b> (Phase 2: take all parts of one type on one card)"),
                self.takes_box,
                w.HTML("<b>Your tools</b> (one per turn: before the roll, before the reserve's d4, or in Phase 2)"),
                self.tools_box,
                self.tool_panel,
                self.status.widget,
            ],
            layout=w.Layout(flex="1 1 auto", min_width="0"),
        )
        self.rules_panel = w.HTML(RULES_IN_BRIEF)
        side = w.VBox(
            [self.rules_panel, self.customers, self.gore_track, self.chart.box],
            layout=w.Layout(flex="0 1 480px", min_width="0"),
        )
        self.widget = w.VBox(
            [
                w.HBox([board, side], layout=w.Layout(width="100%")),
                w.HTML("<b>Log</b>"),
                self.log.widget,
                w.HTML("<b>New game</b> (1 player = solo, a race against The Clog)"),
                self.new_game_panel.widget,
            ]
        )
        self.widget.add_class("playbook-offal-table")

    def new_game(self) -> None:
        super().new_game()
        self.chart.rebuild()  # a new game may change the traces: a fresh widget holds them in its state

    def live_charts(self) -> Sequence[LiveChart]:
        return (self.chart,)

    # -- names -----------------------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        assert self.match is not None
        if seat in self.match.agents:
            agent = self.match.agents[seat]
            return f"{plunger(seat)} ({str(getattr(agent, 'name', 'bot')).replace('_', ' ')})"
        return f"{plunger(seat)} (you)" if len(self.humans) == 1 else plunger(seat)

    # -- reading the match -----------------------------------------------------------------------------
    @property
    def state(self) -> og.State:
        """The match's current state (for tests and notebooks; the view itself reads ``obs``)."""
        assert self.match is not None
        state: og.State = self.match.state  # type: ignore[assignment]
        return state

    @property
    def obs(self) -> Obs:
        """What the seat shown sees."""
        assert self.match is not None
        return self.match.state.observation(self.seat)

    def _legal(self) -> tuple[Action, ...]:
        assert self.match is not None
        return tuple(self.match.state.legal_actions()) if self.match.waiting_for() is not None else ()

    # -- actions ---------------------------------------------------------------------------------------
    def take(self, index: int) -> None:
        """Press the index-th fill button."""
        child = self.takes_box.children[index]
        assert isinstance(child, w.Button)
        child.click()

    def use_tool(self, key: str) -> None:
        """A tool card in hand was clicked: play it at once if it has one target, else offer the targets."""
        self._hide_tool_panel()
        if self.match is None:
            return
        obs = self.obs
        legal = [a for a in self._legal() if isinstance(a, og.ToolAction) and a.effect.key == key]
        if not legal:
            self.act(_representative(key, obs))  # the engine says which rule forbids it
            return
        if len(legal) == 1:
            self.act(legal[0])
            return
        self._tool_key = key
        self.tool_choice.options = [(og.describe(a, obs), a) for a in legal]
        self.tool_choice.index = 0
        self.tool_panel.layout.display = None
        name = next((t["name"] for t in obs["hand_tools"] if t["key"] == key), key)
        self.status.info(f"{name}: choose a target, then press Play tool.")

    def _play_tool_choice(self) -> None:
        action = self.tool_choice.value
        self._hide_tool_panel()
        if isinstance(action, og.OffalAction):
            self.act(action)

    def _hide_tool_panel(self) -> None:
        self.tool_panel.layout.display = "none"
        self._tool_key = None

    def act(self, action: Action) -> bool:
        self._hide_tool_panel()
        words = self.words(action)  # before the move: a take says what it will fill
        self.describe = lambda played: words if played == action else self.words(played)
        try:
            done = super().act(action)
        finally:
            self.describe = self.words
        if done and self.match is not None and not self.match.is_over:
            since = self._since_summary()
            if since:
                self.status.info(f"{self.status_text_plain()} {since}".strip())
        return done

    def status_text_plain(self) -> str:
        import re

        return re.sub(r"<[^>]+>", "", self.status.text)

    def words(self, action: Action) -> str:
        """The action in words, as its button says it (with the outcome of a take)."""
        if self.match is None or self.match.state.is_terminal:
            return og.describe(action)
        return og.describe(action, self.match.state.observation(self.seat))

    def _since_summary(self) -> str:
        """What chance did after the person's move, in a sentence (from event fields)."""
        assert self.match is not None
        last = [i for i, step in enumerate(self.match.steps) if step.actor == "player"]
        if not last:
            return ""
        events = [r.event for r in self.match.events if r.step > last[-1]]
        draws = [e for e in events if isinstance(e, og.DrawsCounted)]
        phase = self.obs["phase"]
        if draws and phase == "orders":
            return f"The d4 shows {draws[-1].die}: {draws[-1].draws} blind draws. Fill orders or end the turn."
        if phase == "reserve":
            return "Parts wait in the reserve: play a tool now, or roll the reserve's d4."
        mover = self.match.waiting_for()
        if phase == "start" and mover is not None:
            who = "Your turn" if not self.hot_seat else f"{plunger(mover)} to move"
            return f"{who}: roll for new parts."
        return ""

    # -- redrawing -------------------------------------------------------------------------------------
    def refresh(self) -> None:
        match = self.match
        if match is None or not hasattr(self, "header"):
            return
        obs = self.obs
        names = [self.seat_name(s) for s in range(obs["num_players"])]
        legal = self._legal()
        turn_text = "game over" if obs["end"] else f"{names[obs['turn_seat']]} to move · {obs['phase_words']}"
        self.header.value = f"<h3 class='offal-header'>Round {obs['round']} · {escape(turn_text)}</h3>"
        self.pipe.value = pipe_html(obs)
        self.phase1.value = self._phase1_html()
        hands = ", ".join(f"{plunger(s)} holds {n} tools" for s, n in enumerate(obs["hand_sizes"]))
        bag = ", ".join(_word(k, n) for k, n in obs["bag"].items())
        self.bag.value = (
            f"<small>Bag O' Parts: {escape(bag)} · The Queue: {obs['queue_size']} customers · tool deck "
            f"{obs['tool_deck_size']}, discards {len(obs['tool_discard'])} · {escape(hands)}</small>"
        )
        self.customers.value = no_math(
            "".join(_customers_html(obs, s, f"{names[s]}: customers") for s in range(obs["num_players"]))
        )
        self.gore_track.value = _gore_track_html(obs, names)
        self.roll_button.disabled = og.Roll() not in legal
        self.reserve_button.disabled = og.RollReserve() not in legal
        self.reserve_button.layout.display = None if obs["phase"] == "reserve" else "none"
        self.end_turn_button.disabled = og.EndTurn() not in legal
        self._refresh_takes(obs, legal)
        self._refresh_tools(obs, legal)
        figure = charts.clog_and_money(
            economy.turn_history(match.events_frame(), obs["num_players"]),
            clog_spaces=obs["clog_spaces"],
            names=names,
        )
        self.chart.update(figure)
        self.log.reset([str(record.event) for record in match.events])
        if obs["end"]:
            self.status.info(game_over_line(obs, names, person=bool(self.humans)))

    def _phase1_html(self) -> str:
        """The last Phase 1 in words: the d4, the draws, what shifted off Day 3 and where it went."""
        assert self.match is not None
        records = list(self.match.events)
        starts = [i for i, r in enumerate(records) if isinstance(r.event, og.DrawsCounted)]
        if not starts:
            return "<div class='offal-phase1-text'>No parts yet: roll to start Phase 1.</div>"
        events = [r.event for r in records[starts[-1] :]]
        counted = events[0]
        assert isinstance(counted, og.DrawsCounted)
        drawn = [og.Cube(e.cube).singular for e in events if isinstance(e, og.CubeDrawn)]
        lines = [
            f"Round {counted.round}, {plunger(counted.seat)}: the d4 shows {counted.die} + {counted.customers} "
            f"waiting customers = {counted.draws} blind draws: {', '.join(drawn) or 'none'}."
        ]
        report = turn_report(counted.round, events, 0, 0)
        if report["shifted_off"]:
            lines.append(f"Shifted off Day 3 into the reserve: {report['shifted_off']}.")
        for event in events:
            if isinstance(event, og.ReserveResolved):
                roll = f"The reserve's d4 shows {event.die}" if event.die else "The Fire Hose washes the reserve away"
                lines.append(f"{roll}: {len(event.to_clog)} onto The Clog, {len(event.to_bag)} back in the bag.")
            elif isinstance(event, og.ClogFull):
                lines.append("The Clog is full: this is the last turn.")
        if report["rats"]:
            lines.append(f"Rats: {report['rats']}.")
        return f"<div class='offal-phase1-text' style='font-size:12px'>{escape(' '.join(lines))}</div>"

    def _refresh_takes(self, obs: Obs, legal: Sequence[Action]) -> None:
        takes = [a for a in legal if isinstance(a, og.Take)]
        buttons: list[w.Widget] = []
        for index, action in enumerate(takes):
            label = og.describe(action, obs)
            widget = button(
                label,
                _press(partial(self.act, action)),
                tooltip=label,
                layout=w.Layout(width="auto", max_width="100%"),
                button_style="success" if "fills the order" in label else "",
            )
            widget.style.button_color = None if "fills the order" in label else CUBE_COLOURS[og.Cube(action.part).key]
            if og.Cube(action.part).key in DARK_CUBES and "fills the order" not in label:
                widget.style.text_color = "#ffffff"
            widget.add_class(f"offal-take-{index}")
            buttons.append(widget)
        if not buttons:
            if legal:
                why = "roll first" if obs["phase"] == "start" else "no parts meet your customers' orders"
                buttons = [w.HTML(f"<small>No fill possible now ({why}).</small>")]
            else:
                buttons = [w.HTML("")]
        self.takes_box.children = tuple(buttons)

    def _refresh_tools(self, obs: Obs, legal: Sequence[Action]) -> None:
        playable = {a.effect.key for a in legal if isinstance(a, og.ToolAction)}
        counts: dict[str, int] = {}
        for tool in obs["hand_tools"]:
            counts[tool["key"]] = counts.get(tool["key"], 0) + 1
        buttons: list[w.Widget] = []
        seen: set[str] = set()
        for tool in obs["hand_tools"]:
            key = tool["key"]
            if key in seen:
                continue
            seen.add(key)
            name = tool["name"] + (f" ×{counts[key]}" if counts[key] > 1 else "")
            widget = button(
                name,
                partial(self.use_tool, key),
                tooltip=tool["text"],
                button_style="warning" if key in playable else "",
                layout=w.Layout(width="auto"),
            )
            widget.add_class(f"offal-tool-{key}")
            buttons.append(widget)
        self.tools_box.children = tuple(buttons or [w.HTML("<small>no tools in hand</small>")])

    def tool_button(self, key: str) -> w.Button:
        """The button of a tool in hand, by its key (``"rat_trap"``...)."""
        for child in self.tools_box.children:
            if isinstance(child, w.Button) and f"offal-tool-{key}" in child._dom_classes:
                return child
        raise KeyError(f"no {key} in hand")


# -- the pipe explorer -------------------------------------------------------------------------------------
class PipeExplorer:
    """Step the conveyor turn by turn with chosen d4s and draws (or random ones from the seed); nobody fills
    orders, so you watch parts age, spill off Day 3 and clog the pipe."""

    def __init__(self, *, seed: int = 1, players: int = 1, rules: og.Rules | None = None) -> None:
        self.rules = rules or og.Rules.standard()
        self.players = players
        sides: list[Any] = list(range(1, self.rules.die_sides + 1))
        self.seed = w.IntText(value=seed, description="Seed", layout=w.Layout(width="160px"))
        self.die = w.Dropdown(
            options=["random", *sides], value="random", description="d4 roll", layout=w.Layout(width="180px")
        )
        self.draws = w.Text(
            value="",
            placeholder="e.g. bone, heart, rat (blank = random)",
            description="Draws",
            layout=w.Layout(width="420px"),
        )
        self.reserve_die = w.Dropdown(
            options=["random", *sides], value="random", description="Reserve d4", layout=w.Layout(width="200px")
        )
        self.step_button = button("Step one turn", _press(self.step), button_style="primary", icon="step-forward")
        self.reset_button = button("Reset", self.reset, icon="refresh")
        self.message = w.HTML()
        self.message.add_class("offal-explorer-message")
        self.pipe = w.HTML()
        self.table = w.HTML()
        self.state = og.new_game(players, seed=seed, rules=self.rules)
        self.history: list[TurnReport] = []
        self.chart = LiveChart(charts.pipe_age_profile(age_frame(self.state.observation(0))))
        self.widget = w.VBox(
            [
                w.HTML(
                    "<b>Pipe explorer</b>: choose the d4, the cubes drawn (in order) and the reserve d4, or leave "
                    "them random; nobody fills orders."
                ),
                w.HBox([self.die, self.reserve_die, self.seed]),
                w.HBox([self.draws, self.step_button, self.reset_button]),
                self.message,
                self.pipe,
                w.HBox([self.chart.box, self.table]),
            ]
        )
        self.refresh()

    @property
    def obs(self) -> Obs:
        return self.state.observation(0)

    def reset(self) -> None:
        self.state = og.new_game(self.players, seed=int(self.seed.value), rules=self.rules)
        self.history = []
        self.message.value = "New pipe: step a turn."
        self.refresh()

    def choose(self, *, die: int | str = "random", draws: str = "", reserve_die: int | str = "random") -> None:
        self.die.value = die
        self.draws.value = draws
        self.reserve_die.value = reserve_die

    def step(self) -> TurnReport | None:
        """One turn of Phase 1 with the chosen values; the outcome goes to the message line and the table."""
        if self.state.is_terminal:
            self.message.value = f"<b>Game over because {escape(self.obs['end_words'])}.</b> Press Reset."
            return None
        try:
            cubes = parse_cubes(self.draws.value)
        except ValueError as exc:
            self.message.value = f"<span style='color:#b00020'><b>Not allowed:</b> {escape(exc)}</span>"
            return None
        rng = random.Random(int(self.seed.value) * 1_000_003 + int(self.obs["round"]))
        die = None if self.die.value == "random" else int(self.die.value)
        reserve = None if self.reserve_die.value == "random" else int(self.reserve_die.value)
        try:
            state, report, _events = conveyor_turn(self.state, die=die, draws=cubes, reserve_die=reserve, rng=rng)
        except PlaybookError as exc:
            self.message.value = f"<span style='color:#b00020'><b>Not allowed:</b> {escape(exc)}</span>"
            return None
        self.state = state
        self.history.append(report)
        self.message.value = escape(self.describe(report))
        self.refresh()
        return report

    @staticmethod
    def describe(report: TurnReport) -> str:
        text = f"Round {report['turn']}: the d4 shows {report['d4']} → {report['draws']} draws ({report['drawn']})."
        if report["ignored"]:
            text += f" {report['ignored']} chosen cubes were not needed."
        if report["shifted_off"]:
            text += f" Shifted off Day 3: {report['shifted_off']}."
            if report["reserve_d4"]:
                text += f" The reserve d4 shows {report['reserve_d4']}: {report['to_clog']} onto The Clog"
                text += f", {report['to_bag']} back in the bag." if report["to_bag"] != "nothing" else "."
        else:
            text += " Nothing fell off Day 3."
        if report["rats"]:
            text += f" Rats: {report['rats']}."
        text += f" The Clog holds {report['clog']}."
        return text

    def frame(self) -> pd.DataFrame:
        columns = ["turn", "d4", "draws", "drawn", "shifted_off", "reserve_d4", "to_clog", "to_bag", "clog"]
        frame = pd.DataFrame(self.history, columns=columns)
        return frame.rename(columns={"turn": "round", "shifted_off": "shifted off Day 3", "reserve_d4": "reserve d4"})

    def refresh(self) -> None:
        obs = self.obs
        self.pipe.value = pipe_html(obs)
        self.chart.update(charts.pipe_age_profile(age_frame(obs)))
        recent = self.frame().tail(8)
        self.table.value = recent.to_html(index=False, classes="offal-explorer-table") if len(recent) else ""

    def close(self) -> None:
        self.widget.close()

    def _ipython_display_(self) -> None:
        from IPython.display import display

        self.chart.rebuild()  # shown after steps: the chart must hold the current data in its state
        display(self.widget)  # type: ignore[no-untyped-call]


# -- predict, then reveal ----------------------------------------------------------------------------------
class PredictClog:
    """Predict-then-reveal: after this roll and these draws, how many parts land on The Clog?"""

    def __init__(self, *, seed: int = 5, rules: og.Rules | None = None) -> None:
        self.rules = rules or og.Rules.standard()
        rng = random.Random(seed)
        for _attempt in range(50):
            state = passive_game(rng.getrandbits(32), rng.randint(3, 6), rules=self.rules)
            if state.is_terminal:
                continue
            obs = state.observation(0)
            die = rng.randint(1, self.rules.die_sides)
            need = die + len(obs["customers"][obs["turn_seat"]])
            bag = list(obs["bag"].values())
            draws = []
            for _ in range(need):
                kind = rng.choices(range(len(bag)), weights=bag)[0]
                bag[kind] -= 1
                draws.append(og.Cube(kind))
            reserve_die = rng.randint(1, self.rules.die_sides)
            after, report, _ = conveyor_turn(state, die=die, draws=draws, reserve_die=reserve_die)
            if report["shifted_off"] and not after.is_terminal:
                break
        self.state, self.die, self.draws, self.reserve_die = state, die, draws, reserve_die
        self.after, self.report = after, report
        self.guess = w.Text(value="", placeholder="a number", description="Your guess", layout=w.Layout(width="200px"))
        self.reveal_button = button("Reveal", _press(self.reveal), button_style="primary")
        self.answer = w.HTML()
        drawn = ", ".join(og.Cube(c).singular for c in draws)
        scenario = (
            f"{pipe_html(obs)}<br>Round {obs['round']}: the d4 shows <b>{die}</b> and {plunger(obs['turn_seat'])} has "
            f"{len(obs['customers'][obs['turn_seat']])} waiting customers, so {need} cubes are drawn, in this order: "
            f"<b>{escape(drawn)}</b>. The reserve d4 then shows <b>{reserve_die}</b>.<br>"
            "How many parts land on <b>The Clog</b>?"
        )
        self.widget = w.VBox([w.HTML(scenario), w.HBox([self.guess, self.reveal_button]), self.answer])

    @property
    def correct(self) -> int:
        return int(self.report["n_to_clog"])

    def reveal(self) -> int:
        """Show the answer and the reasoning; returns the points (3 exact, 1 off by one, 0 otherwise)."""
        right = self.correct
        typed = str(self.guess.value).strip()
        if not typed.isdigit():
            self.answer.value = "<b>Type your guess first</b> (a whole number of parts), then press Reveal."
            return 0
        miss = abs(int(typed) - right)
        points = 3 if miss == 0 else 1 if miss == 1 else 0
        parts = sum(1 for c in self.draws if c != og.Cube.RAT)
        off = self.report["shifted_off"]
        n_off = int(self.report["n_shifted_off"])
        room = self.rules.clog_spaces - len(self.state.observation(0)["clog"])
        self.answer.value = (
            f"{parts} new parts (rats do not enter at Day 1) push every part {parts} free spaces toward The Clog: "
            f"{n_off} fall off Day 3 into the reserve ({escape(off)}). The reserve d4 shows {self.reserve_die} and "
            f"The Clog has {room} free spaces, so the smallest of {self.reserve_die}, {n_off} and {room} = "
            f"<b>{right}</b> land on The Clog; the rest go back in the bag. You score <b>{points}</b> "
            f"point{'s' if points != 1 else ''}.<br>{pipe_html(self.after)}"
        )
        return points

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)  # type: ignore[no-untyped-call]


# -- replay: the table as it stood at any step, and a table to play on from there -------------------------------


def position_view(match: Match, seat: int = 0) -> w.Widget:
    """The Offal table for ``match`` as it stands, seen by ``seat``, read-only: every control disabled, the
    New game panel hidden, and nothing subscribed to the match (a ``ReplayViewer`` renderer)."""
    return OffalTable.on_match(match, seat, subscribe=False).read_only()


def play_table(fork: Match, seat: int) -> OffalTable:
    """A playable Offal table on ``fork`` (a match forked at some step) with the person in ``seat``: bots and
    chance move up to the person's decision, then the table waits for a click."""
    return OffalTable.on_match(fork, seat, subscribe=True).play_on()


def clog_and_money_figure(match: Match) -> Any:
    """The Clog's parts and each Plunger's money by round of ``match`` (the replay's chart)."""
    history = economy.turn_history(match.events_frame(), match.players)
    return charts.clog_and_money(history, clog_spaces=(match.rules or og.Rules.standard()).clog_spaces)


def replay(match: Match, seat: int = 0) -> ReplayViewer:
    """A ``ReplayViewer`` of an Offal match: the read-only table at each step, the Clog-and-money chart with a
    cursor on the step's round, and "Play from here" opening a table below it on the fork, the person in the
    viewer's seat (``viewer.opened_tables`` keeps the table opened)."""
    return table_replay(OffalTable, match, seat, figure=clog_and_money_figure)


class LabTabs(lab_views.LabTabs):
    """The dashboard's strategy lab: a **Strategy lab** tab (the tuned plunger's knobs against the bots, two
    players, seeded) and a **Replay** tab (a seeded game between the quickest and the clog clearer, built when
    the tab is first opened; any step shown read-only, "Play from here" to take seat 0). An Offal Game's rules
    are nested tables with no top-level number, so there is no rule-sweep tab (``SweepExplorer`` varies
    top-level numbers only)."""

    def __init__(self, *, seed: int = 1, games: int = 40) -> None:
        self.seed = seed
        lab = lab_views.StrategyLab(og, og_agents.TunedPlunger, DEFAULT_AGENTS, players=2, games=games, seed=seed)
        super().__init__(lab, self.seeded_replay)

    def seeded_replay(self) -> ReplayViewer:
        bots = {0: og_agents.QuickestOrder(), 1: og_agents.ClogClearer()}
        match = Match(og, players=2, seed=self.seed, agents=bots)
        match.advance()
        return replay(match, seat=0)
