"""The playable Offal Game table (``OffalTable``) and the bots a new game may seat.

The table turns clicks into engine actions (a tool with several targets offers them first) and redraws
from ``observation(seat)``, ``legal_actions()``, ``describe()`` and event fields; the markup comes from
``html``. It is the package's biggest module, the one the original ``offal_game.py`` was moved to.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

import ipywidgets as w
import pandas as pd

from playbook.charts.offal_game import clog_and_money_spec
from playbook.core.protocol import Action
from playbook.games import offal_game as og
from playbook.games.offal_game import agents as og_agents
from playbook.games.offal_game import economy
from playbook.games.offal_game.conveyor import turn_report

from ..common import AgentFactory, ButtonRow, Choice, LiveChart, TableView, bot_menu, button, escape, no_math
from .html import (
    CUBE_COLOURS,
    DARK_CUBES,
    RULES_IN_BRIEF,
    Obs,
    _customers_html,
    _gore_track_html,
    _word,
    game_over_line,
    pipe_html,
    plunger,
)

DEFAULT_AGENTS: dict[str, AgentFactory] = bot_menu(og_agents.STRATEGIES, random=og_agents.RandomAgent)


def _press(call: Callable[[], object]) -> Callable[[], None]:
    """A button handler that runs ``call`` and drops its result."""

    def handler() -> None:
        call()

    return handler


def _lying(obs: Obs) -> list[tuple[og.Card, og.Cube]]:
    """Each (card, part kind) the observation shows lying in the sewer: the pipe's spaces, then The Clog."""
    cards, parts = list(obs["cards"]), list(obs["parts"])
    found = [
        (og.Card(cards.index(space["card"])), og.Cube(parts.index(space["cube"])))
        for space in obs["spaces"]
        if space["cube"] is not None and space["cube"] in parts
    ]
    found += [(og.Card.THE_CLOG, og.Cube(parts.index(cube))) for cube in obs["clog"] if cube in parts]
    return list(dict.fromkeys(found))


def shown_targets(key: str, obs: Obs) -> list[og.ToolAction]:
    """The tool actions of kind ``key`` aimed at what this observation shows (a rat on a Rat space, a part kind,
    a part lying on a card for one of the mover's customers, a customer of the mover), the likeliest first.

    Why: a tool in hand with no legal use is a disabled button, and its tooltip is the engine's ``why_illegal``
    of one of these: the table asks the rules about targets on the table, never about a made-up one."""
    parts = list(obs["parts"])
    mine = obs["customers"][obs["turn_seat"]]
    if key == "fire_hose":
        return [og.UseFireHose()]
    if key == "crowbar":
        return [og.UseCrowbar(customer["name"]) for customer in mine]
    if key == "drain_auger":
        on_clog = [og.Cube(parts.index(cube)) for cube in dict.fromkeys(obs["clog"]) if cube in parts]
        return [og.UseDrainAuger(part) for part in [*on_clog, *(og.Cube(i) for i in range(len(parts)))]]
    if key == "rat_trap":
        cards = list(obs["cards"])
        spaces = sorted(obs["spaces"], key=lambda space: space["cube"] != "rats")
        return [og.UseRatTrap(og.Card(cards.index(s["card"])), s["space"]) for s in spaces if s["rat_space"]]
    wanted = [
        (card, part, customer["name"])
        for card, part in _lying(obs)
        for customer in mine
        if customer["part"] == parts[part]
    ]
    cards = [og.Card(card) for card in range(len(obs["cards"]))]
    wanted += [  # no wanted part lies anywhere: a customer's part on each card, so the rules still answer
        (card, og.Cube(parts.index(customer["part"])), customer["name"])
        for customer in mine
        for card in cards
        if customer["part"] in parts
    ]
    if key == "meat_hook":
        return [og.UseMeatHook(card, part, name) for card, part, name in wanted]
    if key == "embalming_fluid":
        return [og.UseEmbalmingFluid(card, part, (name,)) for card, part, name in wanted]
    return []


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
        #: The parts the seat may take, as the take buttons show them (a press takes the one at its place).
        self.takes: list[og.Take] = []
        self.takes_row = ButtonRow(
            self.takes_box, self._take_at, prefix="offal-take", layout={"width": "auto", "max_width": "100%"}
        )
        self.no_takes = w.HTML("")
        self.tools_box = w.HBox()
        #: The tools in hand, one per kind, as the tool buttons show them (a press uses the one at its place).
        self.tool_keys: list[str] = []
        self.tools_row = ButtonRow(self.tools_box, self._use_tool_at, prefix="offal-tool-at", layout={"width": "auto"})
        self.no_tools = w.HTML("<small>no tools in hand</small>")
        self.tool_choice = w.Dropdown(options=[], description="Target", layout=w.Layout(width="auto"))
        self.tool_play_button = button("Play tool", self._play_tool_choice, button_style="warning")
        self.tool_cancel_button = button("Cancel", self._hide_tool_panel)
        self.tool_panel = w.HBox([self.tool_choice, self.tool_play_button, self.tool_cancel_button])
        self.tool_panel.layout.display = "none"
        self._tool_key: str | None = None
        history = economy.turn_history(pd.DataFrame(), 2)
        self.chart = LiveChart(clog_and_money_spec(history, clog_spaces=self.game_rules.clog_spaces))
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
                w.HTML(
                    "<b>Tools</b> (the Plunger to move plays one a turn: before the roll, before the reserve's d4, "
                    "or in Phase 2)"
                ),
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
            targets = shown_targets(key, obs)
            if targets:
                self.act(targets[0])  # the engine says which rule forbids it
            else:
                self.status.error(self._why_no_tool(key, obs))
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
        return re.sub(r"<[^>]+>", "", self.status.text)

    def words(self, action: Action) -> str:
        """The action in words, as its button says it (with the outcome of a take)."""
        if self.match is None or self.match.state.is_terminal:
            return og.describe(action)
        return og.describe(action, self.match.state.observation(self.seat))

    def describe_played(self, action: Action) -> str:
        """A past action without the outcome ``words`` reads from the position now (it would be today's)."""
        return og.describe(action)

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
        self.header.value = f"<h3 class='offal-header'>Turn {obs['round']} · {escape(turn_text)}</h3>"
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
        figure = clog_and_money_spec(  # a spec: a click redraws it, and a go.Figure cost most of a click
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
            f"Turn {counted.round}, {plunger(counted.seat)}: the d4 shows {counted.die} + {counted.customers} "
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
        """One button per part the seat may take (``offal-take-<n>``), kept from click to click (``ButtonRow``)."""
        self.takes = [a for a in legal if isinstance(a, og.Take)]
        choices = []
        for action in self.takes:
            label = og.describe(action, obs)
            fills = "fills the order" in label
            key = og.Cube(action.part).key
            choices.append(
                Choice(
                    label,
                    tooltip=label,
                    button_style="success" if fills else "",
                    button_color=None if fills else CUBE_COLOURS[key],
                    text_color="#ffffff" if key in DARK_CUBES and not fills else None,
                )
            )
        if not choices and legal:
            why = "roll first" if obs["phase"] == "start" else "no parts meet your customers' orders"
            self.no_takes.value = f"<small>No fill possible now ({why}).</small>"
        elif not choices:
            self.no_takes.value = ""
        self.takes_row.show(choices, empty=(self.no_takes,))

    def _take_at(self, place: int) -> None:
        """The take button at ``place`` was pressed: take the part it shows now."""
        if place < len(self.takes):
            self.act(self.takes[place])

    def _why_no_tool(self, key: str, obs: Obs) -> str:
        """Why the tool ``key`` in hand has no use now: whose turn it is, else the engine's ``why_illegal`` of a
        target the observation shows (``shown_targets``), else that the table shows no target for it."""
        assert self.match is not None
        name = next((tool["name"] for tool in obs["hand_tools"] if tool["key"] == key), key)
        if self.match.is_over:
            return "the game is over"
        mover = self.match.waiting_for()
        if mover != self.seat:
            return "chance or the bots are moving" if mover is None else f"it is {self.seat_name(mover)}'s turn"
        targets = shown_targets(key, obs)
        reason = self.match.state.why_illegal(targets[0]) if targets else None
        return reason or f"nothing on the table for the {name} to work on now"

    def _refresh_tools(self, obs: Obs, legal: Sequence[Action]) -> None:
        """One button per tool kind in hand: a tool with a legal use now is highlighted; one without is disabled,
        its tooltip saying why (``_why_no_tool``)."""
        playable = {a.effect.key for a in legal if isinstance(a, og.ToolAction)}
        counts: dict[str, int] = {}
        for tool in obs["hand_tools"]:
            counts[tool["key"]] = counts.get(tool["key"], 0) + 1
        keys = list(dict.fromkeys(tool["key"] for tool in obs["hand_tools"]))
        first = {tool["key"]: tool for tool in reversed(obs["hand_tools"])}
        self.tool_keys = keys
        why_not = {key: self._why_no_tool(key, obs) for key in keys if key not in playable}
        self.tools_row.show(
            [
                Choice(
                    first[key]["name"] + (f" ×{counts[key]}" if counts[key] > 1 else ""),
                    tooltip=first[key]["text"] + ("" if key in playable else f" Not now: {why_not[key]}"),
                    button_style="warning" if key in playable else "",
                    disabled=key not in playable,
                    classes=(f"offal-tool-{key}",),
                )
                for key in keys
            ],
            empty=(self.no_tools,),
        )

    def _use_tool_at(self, place: int) -> None:
        """The tool button at ``place`` was pressed: use the tool it shows now."""
        if place < len(self.tool_keys):
            self.use_tool(self.tool_keys[place])

    def tool_button(self, key: str) -> w.Button:
        """The button of a tool in hand, by its key (``"rat_trap"``...)."""
        for child in self.tools_box.children:
            if isinstance(child, w.Button) and f"offal-tool-{key}" in child._dom_classes:
                return child
        raise KeyError(f"no {key} in hand")

    def score_breakdown(self, observation: Obs) -> list[dict[str, object]]:
        """The end on the Gore Track, per Plunger: the rulebook's one source of money is a filled order ("the
        Plunger scores the money value" of the customer), so the score is the money of the customers served;
        solo, the target the Plunger had to reach."""
        solo = observation["solo_target"]
        rows: list[dict[str, object]] = []
        for seat, money in enumerate(observation["money"]):
            row: dict[str, object] = {
                "Plunger": self.seat_name(seat),
                "customers served": len(observation["served"][seat]),
                "money from their orders ($)": money,
            }
            if solo is not None:
                row["solo target ($)"] = solo
            row["score ($)"] = money
            rows.append(row)
        return rows
