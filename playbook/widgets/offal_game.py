"""An Offal Game in Jupyter: a playable table, a pipe explorer and a predict-then-reveal exercise.

Everything shown comes from the engine (``playbook.games.offal_game``): ``Match.state``, the legal actions
and ``Match.events_frame()``. Every click becomes one engine action; chance steps (the d4s and the blind
draws) are resolved by the Match's seeded RNG through ``match.advance()``. Charts are plotly
``FigureWidget``s built with their data before they are first displayed and updated in place.

The sewer is drawn as the rulebook lays it out, right to left: ``The Clog | Day 3 | Day 2 | Day 1``; new
parts enter at the right of Day 1 and age toward The Clog.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import ipywidgets as w
import pandas as pd

from playbook.core.match import sample_chance
from playbook import charts
from playbook.core import CHANCE
from playbook.core.errors import IllegalActionError, PlaybookError
from playbook.core.protocol import Action, Event
from playbook.games import offal_game as og
from playbook.games.offal_game import agents as og_agents
from playbook.games.offal_game import economy
from playbook.games.offal_game.rules import (
    BLIND_DRAW,
    CARD_NAMES,
    EMPTY,
    END_WORDS,
    KIND_KEYS,
    ORDERS,
    PLURAL,
    RAT,
    RESERVE_DIE,
    SINGULAR,
    START,
    THE_CLOG,
    TOOL_EFFECTS,
    plunger,
)

from .common import AgentFactory, LiveChart, TableView, button, escape

__all__ = [
    "DEFAULT_AGENTS",
    "OffalTable",
    "PipeExplorer",
    "PredictClog",
    "TurnReport",
    "age_frame",
    "conveyor_turn",
    "parse_cubes",
    "passive_game",
    "pipe_html",
    "wait_table",
]

DEFAULT_AGENTS: dict[str, AgentFactory] = {
    "clog clearer": og_agents.ClogClearer,
    "quickest": og_agents.QuickestOrder,
    "richest": og_agents.RichestOrder,
    "random": og_agents.RandomAgent,
}
CUBE_COLOURS = {
    og.rules.BONES: "#efe8d0",
    og.rules.ORGANS: "#8d5524",
    og.rules.BRAINS: "#a8a8a8",
    og.rules.HEARTS: "#c62828",
    RAT: "#111111",
}
CUBE_LETTERS = {og.rules.BONES: "Bo", og.rules.ORGANS: "Or", og.rules.BRAINS: "Br", og.rules.HEARTS: "He", RAT: "Rat"}
CARD_COLOURS = ("#e8f5e9", "#fff8e1", "#ffe0b2", "#d7ccc8")


# -- drawing helpers (pure: state -> HTML / DataFrame) --------------------------------------------------
def _cell(cube: int, rat_space: bool, title: str) -> str:
    border = "2px dashed #444" if rat_space else "1px solid #999"
    if cube == EMPTY:
        colour, text, fg = "#ffffff", "", "#000"
    else:
        colour, text = CUBE_COLOURS[cube], CUBE_LETTERS[cube]
        fg = "#fff" if cube in (RAT, og.rules.ORGANS, og.rules.HEARTS) else "#000"
    return (
        f"<div title='{escape(title)}' style='display:inline-block;width:30px;height:30px;margin:1px;"
        f"line-height:30px;text-align:center;font-size:11px;background:{colour};color:{fg};border:{border};"
        f"border-radius:4px'>{text}</div>"
    )


def _counts_words(counts: Sequence[int]) -> str:
    words = [f"{n} {SINGULAR[p] if n == 1 else PLURAL[p]}" for p, n in enumerate(counts) if n]
    return ", ".join(words) or "empty"


def pipe_html(state: og.State) -> str:
    """The sewer as coloured slots, right to left: The Clog, Day 3, Day 2, Day 1 (entrance at the far right).

    Dashed borders are Rat spaces; each card is labelled with what lies on it (``offal-card-N``)."""
    rules = state.rules
    counts = state.card_counts()
    rats = set(rules.rat_spaces)
    blocks = []
    clog_cells = "".join(
        _cell(state.clog[i] if i < len(state.clog) else EMPTY, False, f"The Clog space {i + 1}")
        for i in range(rules.clog_spaces)
    )
    blocks.append((THE_CLOG, f"The Clog ({len(state.clog)}/{rules.clog_spaces})", clog_cells))
    for card in (2, 1, 0):
        start = sum(rules.day_spaces[:card])
        positions = range(start + rules.day_spaces[card] - 1, start - 1, -1)  # far left first
        cells = "".join(
            _cell(
                state.pipe[p], p in rats, f"{CARD_NAMES[card]}, pipe space {p}" + (" (Rat space)" if p in rats else "")
            )
            for p in positions
        )
        blocks.append((card, CARD_NAMES[card], cells))
    html = []
    for card, title, cells in blocks:
        html.append(
            f"<div class='offal-card offal-card-{card}' style='display:inline-block;vertical-align:top;"
            f"background:{CARD_COLOURS[card]};padding:4px;margin:2px;border-radius:6px'>"
            f"<div style='font-weight:bold;font-size:12px'>{escape(title)}</div><div>{cells}</div>"
            f"<div class='offal-card-count-{card}' style='font-size:11px'>{escape(_counts_words(counts[card]))}</div>"
            "</div>"
        )
    return (
        "<div class='offal-pipe' style='white-space:nowrap;overflow-x:auto'>"
        + "".join(html)
        + "<div style='font-size:11px;color:#555'>← older · new parts enter at the far right of Day 1 · "
        "dashed = Rat space · Bo Bone, Or Organ, Br Brain, He Heart</div></div>"
    )


def age_frame(state: og.State) -> pd.DataFrame:
    """``economy.age_profile`` as a frame: rows Day 1, Day 2, Day 3, The Clog; columns the part types."""
    return pd.DataFrame(economy.age_profile(state)).T


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def _bag_words(bag: Sequence[int]) -> str:
    return ", ".join(f"{n} {KIND_KEYS[k]}" for k, n in enumerate(bag))


def _customers_html(state: og.State, seat: int, title: str) -> str:
    rules = state.rules
    rows = []
    for c in state.customers[seat]:
        customer = rules.customers[c]
        older = "" if rules.age_match == "exact" else " or older"
        rows.append(
            f"<tr><td>#{c}</td><td>{escape(customer.name)}</td>"
            f"<td>{customer.count} {PLURAL[customer.part]}</td><td>Day {customer.age}{older}</td>"
            f"<td>{state.filled[c]}/{customer.count}</td><td>${customer.money}</td></tr>"
        )
    body = "".join(rows) or "<tr><td colspan='6'>no customers left</td></tr>"
    return (
        f"<b>{escape(title)}</b><table class='offal-customers-{seat}' style='border-collapse:collapse;font-size:12px'>"
        "<tr><th>#</th><th>customer</th><th>needs</th><th>aged</th><th>in body bag</th><th>pays</th></tr>"
        f"{body}</table>"
    )


def _gore_track_html(state: og.State, names: Sequence[str]) -> str:
    rules = state.rules
    rows = []
    for seat, money in enumerate(state.money):
        width = 100 * money / max(1, rules.gore_track)
        colour = charts.SEAT_COLOURS[seat % len(charts.SEAT_COLOURS)]
        rows.append(
            f"<tr><td>{escape(names[seat])}</td><td class='offal-money-{seat}'>${money}</td>"
            f"<td style='width:220px'><div style='background:#eee;width:200px;height:10px'>"
            f"<div style='background:{colour};width:{width:.0f}%;height:10px'></div></div></td></tr>"
        )
    target = ""
    if state.num_players == 1:
        target = f"<div class='offal-target'>Solo: end the game with at least ${rules.solo_target} to win.</div>"
    return (
        f"<b>Gore Track</b> (up to ${rules.gore_track})<table class='offal-gore-track' style='font-size:12px'>"
        f"{''.join(rows)}</table>{target}"
    )


def take_label(state: og.State, action: og.Take | og.UseEmbalmingFluid) -> str:
    """A Take in words with its outcome: what each customer gets, what it pays, what goes back."""
    rules = state.rules
    left = state.card_counts()[action.card][action.part]
    total = left
    parts = []
    for c in action.customers:
        customer = rules.customers[c]
        need = state.need(c)
        n = min(need, left)
        left -= n
        if n == need:
            parts.append(f"{customer.name} (fills, +${customer.money})")
        else:
            parts.append(f"{customer.name} ({n} of {need} still needed)")
    back = f"; {left} back in the bag" if left else ""
    what = f"{total} {SINGULAR[action.part] if total == 1 else PLURAL[action.part]}"
    return f"Take {what} from {CARD_NAMES[action.card]} for " + " then ".join(parts) + back


def tool_label(state: og.State, action: Action) -> str:
    rules = state.rules
    if isinstance(action, og.UseRatTrap):
        return f"trap the rat on {CARD_NAMES[rules.space_cards[action.space]]}, pipe space {action.space}"
    if isinstance(action, og.UseDrainAuger):
        return f"clear {state.clog.count(action.part)} {PLURAL[action.part]} off The Clog"
    if isinstance(action, og.UseMeatHook):
        name = rules.customers[action.customer].name
        return f"hook one {SINGULAR[action.part]} off {CARD_NAMES[action.card]} for {name}"
    if isinstance(action, og.UseFireHose):
        return "this turn's reserve washes back into the bag"
    if isinstance(action, og.UseEmbalmingFluid):
        return "any age: " + take_label(state, action)
    if isinstance(action, og.UseCrowbar):
        return f"send {rules.customers[action.customer].name} to the back of The Queue"
    return str(action)


# -- the conveyor, one turn at a time ----------------------------------------------------------------------
NAMES_FOR_CUBES = ("bone", "organ", "brain", "heart", "rat")


def parse_cubes(text: str) -> list[int]:
    """``"bone, heart heart rat"`` -> cube kinds. Plurals and unique prefixes work (``he``, ``org``, ``rat``);
    ``ValueError`` names a word that is not a cube."""
    cubes = []
    for word in text.replace(",", " ").lower().split():
        stem = word.rstrip("s") or word
        found = [k for k, name in enumerate(NAMES_FOR_CUBES) if name.startswith(stem)]
        if len(found) != 1:
            raise ValueError(
                f"{word!r} is {'ambiguous' if found else 'not a cube'}: use bone, organ, brain, heart or rat"
            )
        cubes.append(found[0])
    return cubes


class TurnReport(dict):  # type: ignore[type-arg]
    """One turn of the conveyor in numbers (a dict, so a list of them is a DataFrame)."""


def conveyor_turn(
    state: og.State,
    *,
    die: int | None = None,
    draws: Sequence[int] = (),
    reserve_die: int | None = None,
    rng: random.Random | None = None,
) -> tuple[og.State, TurnReport, list[Event]]:
    """Phase 1 of one turn with chosen (or, where ``None``/missing, random) d4, draws and reserve d4; then
    the turn ends without any order filled. ``state`` must be before the roll. Raises ``PlaybookError`` with
    the engine's rule when a choice is impossible (a cube not in the bag, a die face that does not exist)."""
    rng = rng or random.Random(0)
    if state.phase != START:
        raise IllegalActionError("the explorer steps from the start of a turn (before the roll)")
    events: list[Event] = []
    turn = state.turn

    def play(s: og.State, action: Action) -> og.State:
        new, evs = s.apply(action)
        events.extend(evs)
        return new

    state = play(state, og.Roll())
    state = play(state, og.DieRoll(die) if die is not None else sample_chance(state, rng))
    chosen = list(draws)
    used = 0
    while state.phase == BLIND_DRAW:
        if used < len(chosen):
            state = play(state, og.BlindDraw(chosen[used]))
            used += 1
        else:
            state = play(state, sample_chance(state, rng))
    if state.phase == RESERVE_DIE:
        state = play(state, og.DieRoll(reserve_die) if reserve_die is not None else sample_chance(state, rng))
    report = TurnReport(
        turn=turn,
        d4=0,
        draws=0,
        drawn="",
        shifted_off="",
        reserve_d4=0,
        to_clog="",
        to_bag="",
        rats="",
        clog=0,
        ignored=len(chosen) - used,
    )
    drawn, rats = [], []
    for event in events:
        if isinstance(event, og.DrawsCounted):
            report.update(d4=event.die, draws=event.draws)
        elif isinstance(event, og.CubeDrawn):
            drawn.append(SINGULAR[event.cube])
        elif isinstance(event, og.ShiftedOff):
            report["shifted_off"] = og.rules.kinds_words(event.parts)
        elif isinstance(event, og.ReserveResolved):
            report.update(
                reserve_d4=event.die,
                to_clog=og.rules.kinds_words(event.to_clog),
                to_bag=og.rules.kinds_words(event.to_bag),
                n_to_clog=len(event.to_clog),
            )
        elif isinstance(event, og.RatPlaced):
            rats.append(
                f"pipe space {event.space}"
                + (f" (a {SINGULAR[event.displaced]} back to the bag)" if event.displaced != EMPTY else "")
            )
        elif isinstance(event, og.RatReturned):
            rats.append("no Rat space free: back in the bag")
    report["drawn"] = ", ".join(drawn)
    report["rats"] = "; ".join(rats)
    report.setdefault("n_to_clog", 0)
    report["clog"] = len(state.clog)
    state = play(state, og.EndTurn())
    return state, report, events


def passive_game(seed: int, turns: int, *, players: int = 1, rules: og.Rules | None = None) -> og.State:
    """A new game after ``turns`` turns in which nobody fills an order (random d4s and draws from ``seed``):
    the pipe as the conveyor alone fills it. Stops early if the game ends."""
    state = og.new_game(players, seed=seed, rules=rules)
    rng = random.Random(seed)
    for _ in range(turns):
        if state.is_terminal:
            break
        state = conveyor_turn(state, rng=rng)[0]
    return state


def wait_table(state: og.State, *, days: Sequence[int] = (1, 2, 3), samples: int = 200, seed: int = 0) -> pd.DataFrame:
    """``economy.wait_value`` for each of the current Plunger's customers and each number of days to wait."""
    rows = []
    for c in state.customers[state.seat]:
        customer = state.rules.customers[c]
        for d in days:
            value = economy.wait_value(state, c, days=d, samples=samples, seed=seed)
            rows.append(
                {
                    "customer": customer.name,
                    "wants": f"{customer.count} {PLURAL[customer.part]}, Day {customer.age}",
                    "pays": customer.money,
                    "wait (turns)": d,
                    "can fill now": value.p_fill_now == 1.0,
                    "chance later": round(value.p_fill_later, 2),
                    "value of waiting ($)": round(value.value_of_waiting, 2),
                }
            )
    return pd.DataFrame(rows)


# -- the playable table ------------------------------------------------------------------------------------
def _representative(effect: int, state: og.State, seat: int) -> Action:
    """A tool action of ``effect`` to ask the engine why it cannot be played now."""
    customer = state.customers[seat][0] if state.customers[seat] else 0
    return {
        og.rules.RAT_TRAP: lambda: og.UseRatTrap(0),
        og.rules.DRAIN_AUGER: lambda: og.UseDrainAuger(0),
        og.rules.FIRE_HOSE: lambda: og.UseFireHose(),
        og.rules.MEAT_HOOK: lambda: og.UseMeatHook(0, state.rules.customers[customer].part, customer),
        og.rules.EMBALMING_FLUID: lambda: og.UseEmbalmingFluid(0, state.rules.customers[customer].part, (customer,)),
        og.rules.CROWBAR: lambda: og.UseCrowbar(customer),
    }[effect]()


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
        super().__init__(agents=agents or DEFAULT_AGENTS, players=players, seed=seed, lineup=lineup, rules=rules)

    # -- building ------------------------------------------------------------------------------------
    def build(self) -> None:
        self.header = w.HTML()
        self.phase1 = w.HTML()
        self.phase1.add_class("offal-phase1")
        self.pipe = w.HTML()
        self.bag = w.HTML()
        self.customers = w.HTML()
        self.gore_track = w.HTML()
        self.roll_button = button("Roll", lambda: self.act(og.Roll()), icon="cube", button_style="primary")
        self.end_turn_button = button("End turn", lambda: self.act(og.EndTurn()), icon="check")
        self.roll_button.add_class("offal-roll")
        self.end_turn_button.add_class("offal-end-turn")
        self.takes_box = w.VBox()
        self.tools_box = w.HBox()
        self.tool_choice = w.Dropdown(options=[], description="Target", layout=w.Layout(width="520px"))
        self.tool_play_button = button("Play tool", self._play_tool_choice, button_style="warning")
        self.tool_cancel_button = button("Cancel", self._hide_tool_panel)
        self.tool_panel = w.HBox([self.tool_choice, self.tool_play_button, self.tool_cancel_button])
        self.tool_panel.layout.display = "none"
        self._tool_effect: int | None = None
        history = economy.turn_history(pd.DataFrame(), 2)
        self.chart = LiveChart(charts.clog_and_money(history, clog_spaces=self.game_rules.clog_spaces))
        controls = w.HBox([self.roll_button, self.end_turn_button, self.undo_button])
        board = w.VBox(
            [
                self.header,
                self.pipe,
                self.phase1,
                self.bag,
                controls,
                w.HTML("<b>Fill orders</b> (Phase 2: take all parts of one type on one card)"),
                self.takes_box,
                w.HTML("<b>Your tools</b> (one per turn)"),
                self.tools_box,
                self.tool_panel,
                self.status.widget,
            ]
        )
        side = w.VBox([self.customers, self.gore_track, self.chart.box], layout=w.Layout(width="520px"))
        self.widget = w.VBox(
            [
                w.HBox([board, side]),
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
            return f"{plunger(seat)} ({getattr(self.match.agents[seat], 'name', 'agent')})"
        humans = [s for s in range(self.match.players) if s not in self.match.agents]
        return f"{plunger(seat)} (you)" if len(humans) == 1 else plunger(seat)

    # -- actions ---------------------------------------------------------------------------------------
    @property
    def state(self) -> og.State:
        assert self.match is not None
        return self.match.state  # type: ignore[return-value]

    def take(self, index: int) -> None:
        """Press the index-th fill button."""
        self.takes_box.children[index].click()

    def use_tool(self, effect: int) -> None:
        """A tool card in hand was clicked: play it at once if it has one target, else offer the targets."""
        self._hide_tool_panel()
        if self.match is None:
            return
        state = self.state
        mover = self.match.waiting_for()
        seat = mover if mover is not None else self.seat
        legal = [a for a in state.legal_actions() if isinstance(a, og.ToolAction) and a.effect == effect]
        if mover is None or not legal:
            self.act(_representative(effect, state, seat))  # the engine says which rule forbids it
            return
        if len(legal) == 1:
            self.act(legal[0])
            return
        self._tool_effect = effect
        self.tool_choice.options = [(tool_label(state, a), a) for a in legal]
        self.tool_choice.index = 0
        self.tool_panel.layout.display = None
        self.status.info(f"{state.rules.tool_name(effect)}: choose a target, then press Play tool.")

    def _play_tool_choice(self) -> None:
        action = self.tool_choice.value
        self._hide_tool_panel()
        if action is not None:
            self.act(action)

    def _hide_tool_panel(self) -> None:
        self.tool_panel.layout.display = "none"
        self._tool_effect = None

    def act(self, action: Action) -> bool:
        self._hide_tool_panel()
        words = self.words(action)
        done = super().act(action)
        if done and self.match is not None and not self.match.is_over:
            self.status.info(f"You: {words}. {self._since_summary()}".strip())
        return done

    def words(self, action: Action) -> str:
        """The action in words, as its button says it (computed before it is played)."""
        if self.match is None:
            return str(action)
        state = self.state
        if isinstance(action, og.Take) and action in state.legal_actions():
            return take_label(state, action)
        if isinstance(action, og.ToolAction) and action in state.legal_actions():
            return f"{state.rules.tool_name(action.effect)}: {tool_label(state, action)}"
        return str(action)

    def _since_summary(self) -> str:
        """What chance and the other Plunger did after the person's move, in a sentence."""
        assert self.match is not None
        last = [s for s in range(len(self.match.steps)) if self.match.steps[s].actor == "player"]
        if not last:
            return ""
        events = [r.event for r in self.match.events if r.step > last[-1]]
        draws = [e for e in events if isinstance(e, og.DrawsCounted)]
        if draws and draws[-1].seat == self.match.state.current_player:
            return f"The d4 shows {draws[-1].die}: {draws[-1].draws} blind draws. Fill orders or end the turn."
        if self.match.waiting_for() is not None and self.state.phase == START:
            return "Your turn: roll for new parts."
        return ""

    # -- redrawing -------------------------------------------------------------------------------------
    def refresh(self) -> None:
        match = self.match
        if match is None or not hasattr(self, "header"):
            return
        state = self.state
        rules = state.rules
        mover = match.waiting_for()
        names = [self.seat_name(s) for s in range(state.num_players)]
        if state.is_terminal:
            turn_text = f"game over ({END_WORDS[state.end]})"
        else:
            phase = "before the roll" if state.phase == START else "Phase 2: filling orders"
            if state.current_player == CHANCE:
                phase = "Phase 1: adding new body parts"
            turn_text = f"{names[state.seat]} to move · {phase}"
        self.header.value = f"<h3 class='offal-header'>Turn {state.turn} · {escape(turn_text)}</h3>"
        self.pipe.value = pipe_html(state)
        self.phase1.value = self._phase1_html()
        deck = f"tool deck {len(state.tool_deck)}, discards {len(state.tool_discard)}"
        hands = ", ".join(f"{plunger(s)} holds {len(h)} tools" for s, h in enumerate(state.hands))
        self.bag.value = (
            f"<small>Bag O' Parts: {escape(_bag_words(state.bag))} · The Queue: {len(state.queue)} customers · "
            f"{escape(deck)} · {escape(hands)}</small>"
        )
        self.customers.value = "".join(
            _customers_html(state, s, f"{names[s]}: customers") for s in range(state.num_players)
        )
        self.gore_track.value = _gore_track_html(state, names)
        you_move = mover is not None
        self.roll_button.disabled = not (you_move and state.phase == START)
        self.end_turn_button.disabled = not (you_move and state.phase == ORDERS)
        self._refresh_takes(state, you_move)
        self._refresh_tools(state, mover)
        frame = match.events_frame()
        figure = charts.clog_and_money(
            economy.turn_history(frame, state.num_players), clog_spaces=rules.clog_spaces, names=names
        )
        self.chart.update(figure)
        self.log.reset([str(record.event) for record in match.events])
        if state.is_terminal:
            ended = [r.event for r in match.events if isinstance(r.event, og.GameEnded)]
            text = str(ended[-1]).split("game over ", 1)[-1] if ended else ""
            if state.num_players == 1:
                verdict = "you win" if state.winners() else "you lose"
                text += f" — solo target ${rules.solo_target}: {verdict}"
            self.status.info(f"Game over {text}")

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
        drawn = [SINGULAR[e.cube] for e in events if isinstance(e, og.CubeDrawn)]
        lines = [
            f"Turn {counted.turn}, {plunger(counted.seat)}: the d4 shows {counted.die} + {counted.customers} "
            f"waiting customers = {counted.draws} blind draws: {', '.join(drawn) or 'none'}."
        ]
        for event in events:
            if isinstance(event, og.ShiftedOff):
                lines.append(f"Shifted off Day 3 into the reserve: {og.rules.kinds_words(event.parts)}.")
            elif isinstance(event, og.ReserveResolved):
                roll = f"the reserve d4 shows {event.die}" if event.die else "Fire Hose: no roll"
                lines.append(
                    _sentence(f"{roll}: {len(event.to_clog)} onto The Clog, {len(event.to_bag)} back in the bag")
                )
            elif isinstance(event, og.RatPlaced):
                lines.append(_sentence(str(event).split(": ", 1)[-1]))
            elif isinstance(event, og.ClogFull):
                lines.append("The Clog is full: this is the last turn.")
        return f"<div class='offal-phase1-text' style='font-size:12px'>{escape(' '.join(lines))}</div>"

    def _refresh_takes(self, state: og.State, you_move: bool) -> None:
        takes = [a for a in state.legal_actions() if isinstance(a, og.Take)] if you_move else []
        buttons = []
        for index, action in enumerate(takes):
            label = take_label(state, action)
            widget = button(
                label,
                lambda a=action: self.act(a),
                tooltip=label,
                layout=w.Layout(width="auto", min_width="420px"),
                button_style="success" if "fills" in label else "",
            )
            widget.add_class(f"offal-take-{index}")
            buttons.append(widget)
        for old in self.takes_box.children:
            old.close()
        if not buttons:
            why = "roll first" if state.phase == START else "no parts meet your customers' orders"
            note = w.HTML(f"<small>No fill possible now ({why}).</small>" if you_move else "")
            self.takes_box.children = [note]
        else:
            self.takes_box.children = buttons

    def _refresh_tools(self, state: og.State, mover: int | None) -> None:
        seat = mover if mover is not None else self.seat
        hand = state.hands[seat] if seat < state.num_players else ()
        legal_effects: set[int] = set()
        if mover is not None:
            legal_effects = {a.effect for a in state.legal_actions() if isinstance(a, og.ToolAction)}
        rules = state.rules
        buttons = []
        for effect in dict.fromkeys(hand):
            tool = next((t for t in rules.tools if t.effect == TOOL_EFFECTS[effect]), None)
            count = hand.count(effect)
            name = rules.tool_name(effect) + (f" ×{count}" if count > 1 else "")
            widget = button(
                name,
                lambda e=effect: self.use_tool(e),
                tooltip=tool.text if tool else "",
                button_style="warning" if effect in legal_effects else "",
                layout=w.Layout(width="auto"),
            )
            widget.add_class(f"offal-tool-{TOOL_EFFECTS[effect]}")
            buttons.append(widget)
        for old in self.tools_box.children:
            old.close()
        self.tools_box.children = buttons or [w.HTML("<small>no tools in hand</small>")]

    def tool_button(self, effect: str) -> w.Button:
        """The button of a tool in hand, by effect key (``"rat_trap"``...)."""
        for child in self.tools_box.children:
            if isinstance(child, w.Button) and f"offal-tool-{effect}" in child._dom_classes:
                return child
        raise KeyError(f"no {effect} in hand")


# -- the pipe explorer -------------------------------------------------------------------------------------
class PipeExplorer:
    """Step the conveyor turn by turn with chosen d4s and draws (or random ones from the seed); nobody fills
    orders, so you watch parts age, spill off Day 3 and clog the pipe."""

    def __init__(self, *, seed: int = 1, players: int = 1, rules: og.Rules | None = None) -> None:
        self.rules = rules or og.Rules.standard()
        self.players = players
        sides = list(range(1, self.rules.die_sides + 1))
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
        self.step_button = button("Step one turn", self.step, button_style="primary", icon="step-forward")
        self.reset_button = button("Reset", self.reset, icon="refresh")
        self.message = w.HTML()
        self.message.add_class("offal-explorer-message")
        self.pipe = w.HTML()
        self.table = w.HTML()
        self.state = og.new_game(players, seed=seed, rules=self.rules)
        self.history: list[TurnReport] = []
        self.chart = LiveChart(charts.pipe_age_profile(age_frame(self.state)))
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
            self.message.value = "<b>The Clog is full: the game is over.</b> Press Reset."
            return None
        try:
            cubes = parse_cubes(self.draws.value)
        except ValueError as exc:
            self.message.value = f"<span style='color:#b00020'><b>Not allowed:</b> {escape(exc)}</span>"
            return None
        rng = random.Random(int(self.seed.value) * 1_000_003 + self.state.turn)
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
        text = f"Turn {report['turn']}: the d4 shows {report['d4']} → {report['draws']} draws ({report['drawn']})."
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
        return pd.DataFrame(self.history, columns=columns)

    def refresh(self) -> None:
        self.pipe.value = pipe_html(self.state)
        self.chart.update(charts.pipe_age_profile(age_frame(self.state)))
        recent = self.frame().tail(8)
        self.table.value = recent.to_html(index=False, classes="offal-explorer-table") if len(recent) else ""

    def close(self) -> None:
        self.widget.close()

    def _ipython_display_(self) -> None:
        from IPython.display import display

        self.chart.rebuild()  # shown after steps: the chart must hold the current data in its state
        display(self.widget)


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
            die = rng.randint(1, self.rules.die_sides)
            need = die + len(state.customers[state.seat])
            bag = list(state.bag)
            draws = []
            for _ in range(need):
                kind = rng.choices(range(len(bag)), weights=bag)[0]
                bag[kind] -= 1
                draws.append(kind)
            reserve_die = rng.randint(1, self.rules.die_sides)
            after, report, _ = conveyor_turn(state, die=die, draws=draws, reserve_die=reserve_die)
            if report["shifted_off"] and not after.is_terminal:
                break
        self.state, self.die, self.draws, self.reserve_die = state, die, draws, reserve_die
        self.after, self.report = after, report
        self.guess = w.IntText(value=0, description="Your guess", layout=w.Layout(width="200px"))
        self.reveal_button = button("Reveal", self.reveal, button_style="primary")
        self.answer = w.HTML()
        drawn = ", ".join(SINGULAR[c] for c in draws)
        scenario = (
            f"{pipe_html(state)}<br>Turn {state.turn}: the d4 shows <b>{die}</b> and {plunger(state.seat)} has "
            f"{len(state.customers[state.seat])} waiting customers, so {need} cubes are drawn, in this order: "
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
        miss = abs(int(self.guess.value) - right)
        points = 3 if miss == 0 else 1 if miss == 1 else 0
        parts = sum(1 for c in self.draws if c != RAT)
        off = self.report["shifted_off"]
        n_off = len(off.split(", ")) if off and off != "nothing" else 0
        room = self.rules.clog_spaces - len(self.state.clog)
        self.answer.value = (
            f"{parts} new parts (rats do not enter at Day 1) push every part {parts} free spaces toward The Clog: "
            f"{n_off} fall off Day 3 into the reserve ({escape(off)}). The reserve d4 shows {self.reserve_die} and "
            f"The Clog has {room} free spaces, so min({self.reserve_die}, {n_off}, {room}) = <b>{right}</b> land on "
            f"The Clog; the rest go back in the bag. You score <b>{points}</b> point{'s' if points != 1 else ''}."
            f"<br>{pipe_html(self.after)}"
        )
        return points

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)
