"""Planet Unknown's table: a person plays a seat against bots, through what that seat sees."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as w
import pandas as pd

from playbook.charts import planet_unknown as pu_charts
from playbook.charts.common import SEAT_COLOURS
from playbook.core.protocol import Action, Json
from playbook.games import planet_unknown as pu
from playbook.games.planet_unknown import agents as pu_agents
from playbook.games.planet_unknown import economy, tuning

from ..common import (
    AgentFactory,
    LiveChart,
    TableView,
    bot_menu,
    button,
    escape,
    no_math,
)
from . import asymmetric as asym
from .board import PlanetWidget, corporation_html, depot_html, planet_cells, planet_svg
from .frames import breakdown_frame, milestone_positions, tracker_history
from .tiles import COLOURS, SIDE, TERRAINS, TRACKS, rotation_depot, seat_view, tile_info
from .words import (
    END_WORDS,
    GAIN_WORDS,
    PHASE_WORDS,
    RULES_IN_BRIEF,
    _action_words,
    _square_words,
    _winners_words,
    event_words,
    yield_words,
)

#: What Undo takes back in this game, beside the Undo button. The shared table says that Undo takes back the
#: last action and the bots' moves since; here one action is often less than a turn, which surprised players.
UNDO_NOTE = (
    "In Planet Unknown one action can be a single rover move or choice rather than the whole tile placement: "
    "press Undo again to take back more."
)

#: How many choice buttons the table keeps before it lets go of the hidden ones (a game shows a few dozen labels).
CHOICE_POOL = 60

DEFAULT_AGENTS: dict[str, AgentFactory] = bot_menu(pu_agents.STRATEGIES)


# -- the playable table --------------------------------------------------------------------------------------
class PlanetUnknownTable(TableView):
    """Your planet to place on, the pending gains, the station, the corporation board, the other planets,
    the tracks chart, points, the log, undo and a new game."""

    game = pu

    def __init__(
        self,
        *,
        players: int = 2,
        seed: int = 1,
        lineup: Sequence[str] = ("you", "track racer"),
        rules: pu.Rules | None = None,
        agents: Mapping[str, AgentFactory] | None = None,
    ) -> None:
        self._rover: int | None = None
        # choices a click left open (the symbol an event makes you give up; two things on one square)
        self._offers: list[tuple[str, Callable[[], None]]] = []
        self._turns: dict[int, pu.Rotate] = {}  # depot -> the rotation that makes the commander face it
        # the choice buttons by label, kept (hidden) when not shown: a choice offered again ("stop moving rovers"
        # on every turn) shows its old button instead of opening three widget models and making the table look
        # for widgets to close. A button only ever plays the choice of its label, and nothing while hidden, so a
        # double click cannot turn into another choice.
        self._choice_pool: dict[str, w.Button] = {}
        self._choice_presses: dict[str, Callable[[], None]] = {}
        # what each chart was last drawn from: a redraw whose inputs are unchanged leaves the chart alone
        self._chart_inputs: dict[str, object] = {}
        super().__init__(
            agents=agents or DEFAULT_AGENTS, players=players, seed=seed, lineup=lineup, rules=rules, describe=self.words
        )

    # -- building ------------------------------------------------------------------------------------
    def build(self) -> None:
        self.header = w.HTML()
        self.header.add_class("pu-header")
        self.planet = PlanetWidget()
        self.planet.on_click(self.on_planet_click)
        self.planet.add_class("pu-planet")
        self.planet_legend = w.HTML()
        self.planet_legend.add_class("pu-planet-legend-box")
        self.pending_text = w.HTML()
        self.pending_text.add_class("pu-pending")
        self.choices = w.VBox()
        self.choices.add_class("pu-choices")
        self.station_title = w.HTML()
        self.depots = [w.HTML() for _ in range(6)]
        self.depot_buttons = [button("Face this depot", self._rotator(d), button_style="info") for d in range(6)]
        for depot, face in enumerate(self.depot_buttons):
            face.add_class(f"pu-face-depot-{depot}")
        cells = [w.VBox([self.depots[d], self.depot_buttons[d]], layout=w.Layout(margin="2px")) for d in range(6)]
        self.station = w.VBox([self.station_title, w.HBox(cells[:3]), w.HBox(cells[:2:-1])])
        self.station.add_class("pu-station")
        self.corporation = w.HTML()
        self.thumbnails = w.HTML()
        self.thumbnails.add_class("pu-thumbnails")
        names = [f"seat {s}" for s in range(2)]
        empty = tracker_history([], 2)
        self.tracks_chart = LiveChart(pu_charts.trackers_by_round(empty, names=names))
        self.tracks_chart.box.add_class("pu-tracks-chart")
        self.points_chart = LiveChart(pu_charts.points_breakdown_spec(pd.DataFrame({"name": names})))
        self.rules_panel = w.HTML(
            no_math(
                "<details class='pu-rules'><summary><b>Rules in brief</b></summary>" + RULES_IN_BRIEF + "</details>"
            )
        )
        self.undo_note = w.HTML(f"<small>{escape(UNDO_NOTE)}</small>", layout=w.Layout(max_width="330px"))
        self.undo_note.add_class("pu-undo-note")
        self.undo_button_box = w.HBox([self.undo_button, self.undo_note], layout=w.Layout(align_items="center"))
        left = w.VBox(
            [
                self.planet,
                self.planet_legend,
                self.status.widget,
                self.pending_text,
                self.choices,
                self.undo_button_box,
            ],
            layout=w.Layout(min_width="440px"),
        )
        right = w.VBox(
            [self.station, self.corporation, self.thumbnails, self.tracks_chart.box, self.points_chart.box],
            layout=w.Layout(flex="1 1 480px", min_width="0"),
        )
        self.events_module = w.Checkbox(value=self.game_rules.events, description="Event cards", indent=False)
        self.objectives_module = w.Checkbox(
            value=self.game_rules.private_objectives, description="Private objectives", indent=False
        )
        self.modules = w.HBox([w.HTML("<b>Modules:</b>&nbsp;"), self.events_module, self.objectives_module])
        self.modules.add_class("pu-modules")
        players = int(self.new_game_panel.players.value)
        self.seat_setup = asym.SeatSetup(
            seats=len(self.new_game_panel.seats),
            planets=self.game_rules.planets,
            corporations=self.game_rules.corporations,
        )
        self.seat_setup.show(players)
        self.new_game_panel.players.observe(lambda change: self.seat_setup.show(int(change["new"])), names="value")
        self.widget = w.VBox(
            [
                self.header,
                self.rules_panel,
                w.HBox([left, right], layout=w.Layout(flex_flow="row wrap", width="100%")),
                w.HTML("<b>Log</b>"),
                self.log.widget,
                w.HTML("<b>New game</b> (1-6 players; a seat set to “you” is played at this screen)"),
                self.new_game_panel.widget,
                self.modules,
                self.seat_setup.widget,
            ]
        )
        self.widget.add_class("playbook-planet-unknown-table")

    def new_game(self) -> None:
        """A new match with the panel's seats and seed, the modules ticked (event cards, private objectives) and
        each seat's planet and corporation."""
        if hasattr(self, "events_module"):
            base = self.rules if self.rules is not None else pu.Rules.standard()
            wanted = (bool(self.events_module.value), bool(self.objectives_module.value))
            if (base.events, base.private_objectives) != wanted:
                base = dataclasses.replace(base, events=wanted[0], private_objectives=wanted[1])
            base = self.seat_setup.rules(base, int(self.new_game_panel.players.value))
            if base is not (self.rules if self.rules is not None else pu.Rules.standard()):
                self.rules = base
                self.game_rules = self.rules
        super().new_game()

    def live_charts(self) -> Sequence[LiveChart]:
        return (self.tracks_chart, self.points_chart)

    # -- reading -------------------------------------------------------------------------------------
    @property
    def state(self) -> pu.State:
        assert self.match is not None
        return self.match.state  # type: ignore[return-value]

    @property
    def observation(self) -> dict[str, Json]:
        return self.state.observation(self.seat)

    def seat_name(self, seat: int) -> str:
        label = self.player_label(seat)
        return "you" if label == "you" else label.replace("seat", "Seat", 1)

    def names(self) -> list[str]:
        assert self.match is not None
        return [self._chart_name(s) for s in range(self.match.players)]

    def _chart_name(self, seat: int) -> str:
        label = self.player_label(seat)
        return f"seat {seat} (you)" if label == "you" else label

    def my_move(self) -> bool:
        return self.match is not None and self.match.waiting_for() == self.seat and not self.match.is_over

    def legal(self) -> list[Action]:
        return list(self.state.legal_actions()) if self.my_move() else []

    def words(self, action: Action) -> str:
        """An action in the words of its button."""
        return _action_words(action, self.game_rules, self.state if self.match else None)

    def describe_played(self, action: Action) -> str:
        """A past action without what ``words`` reads from the position now (the tile now on top of a stack)."""
        return _action_words(action, self.game_rules, None)

    # -- clicks ----------------------------------------------------------------------------------------
    def on_planet_click(self, content: Mapping[str, Any]) -> None:
        if not self.my_move():
            self.status.error("no person is to move" if self.watching else "it is not your turn")
            return
        square = int(content.get("row", -1)) * SIDE + int(content.get("col", -1))
        holes = asym.hole_squares(self.game_rules.planet(self.seat))
        if content.get("kind") == "square" and 0 <= square < SIDE * SIDE and holes >> square & 1:
            self.status.error(f"{_square_words(square)} is a hole, not a square: nothing goes there")
            return
        if content.get("kind") == "place":
            self._place(content)
        elif content.get("kind") == "square":
            self._square(int(content["row"]), int(content["col"]))

    def _place(self, content: Mapping[str, Any]) -> None:
        stack, o, row, col = (int(content[k]) for k in ("stack", "orientation", "row", "col"))
        plain = pu.PlaceTile(stack, o, row, col)
        legal = [
            a
            for a in self.legal()
            if isinstance(a, pu.PlaceTile) and (a.stack, a.orientation, a.row, a.col) == (stack, o, row, col)
        ]
        if len(legal) > 1:  # this round's event: give up one of the two symbols, and the person says which
            self._offers = [(self.words(a), self._presser(a)) for a in legal]
            self.status.info("This round's event: choose which of the tile's resources to advance, below.")
            self.refresh()
            return
        self.act(legal[0] if legal else plain)  # a refusal (a Lacuna hole too) is the engine's why_illegal

    def _square(self, row: int, col: int) -> None:
        legal = self.legal()
        square = row * SIDE + col
        self._offers = []
        moves = [a for a in legal if isinstance(a, pu.MoveRover | pu.TeleportRover)]
        if self._rover is not None:
            chosen = [a for a in moves if (a.row * SIDE + a.col, a.to_row, a.to_col) == (self._rover, row, col)]
            if chosen:
                self.act(chosen[0])
                return
        offers: list[tuple[str, Callable[[], None]]] = [
            (self.words(a), self._presser(a))
            for a in legal
            if isinstance(a, pu.ChooseSquare) and (a.row, a.col) == (row, col)
        ]
        if any(a.row * SIDE + a.col == square for a in moves):
            offers.append((f"choose the rover at {_square_words(square)} to move it", self._chooser(square)))
        if len(offers) == 1:
            offers[0][1]()
            return
        if offers:  # several things to do on this square: the person says which
            self._offers = offers
            self.status.info(f"Several choices on {_square_words(square)}: pick one below.")
            self.refresh()
            return
        pending = [a for a in legal if isinstance(a, pu.ChooseSquare)]
        if pending:  # the engine says why this square will not do
            self.act(pu.ChooseSquare(pending[0].gain, row, col))
            return
        self.status.error(f"nothing to do on {_square_words(square)} now")

    def _chooser(self, square: int) -> Callable[[], None]:
        def choose() -> None:
            self._rover = square
            self._offers = []
            self.status.info(f"Rover at {_square_words(square)} chosen: click the square to send it to.")
            self.refresh()

        return choose

    def act(self, action: Action) -> bool:
        self._rover = None  # a choice made: nothing stays selected (the redraw inside act must see that)
        self._offers = []
        return super().act(action)

    # -- redrawing -------------------------------------------------------------------------------------
    def on_read_only(self) -> None:
        """A position to look at: the planet in view mode, no legal squares, clicks go nowhere."""
        self.planet.on_click(None)
        self.planet.mode = "view"
        self.planet.legal = {}
        self.planet.targets = {}

    def refresh(self) -> None:
        if self.match is None or not hasattr(self, "header"):
            return
        if self.watching and self.match.steps:  # watching bots: show the planet of the seat that just moved
            last = self.match.steps[-1].seat
            self.seat = last if last is not None else self.seat
        observation = self.observation
        rules = self.game_rules
        names = [self.seat_name(s) for s in range(self.match.players)]
        self.header.value = no_math(f"<h3 class='pu-header-text'>{escape(self._header_text(observation))}</h3>")
        self._refresh_planet(observation, rules)
        self._refresh_choices(observation)
        self._refresh_station(observation, rules, names)
        self.corporation.value = no_math(corporation_html(observation, rules, names, self.seat))
        self.thumbnails.value = no_math(self._thumbnails_html(observation, rules, names))
        records = self.match.events
        breakdown = breakdown_frame(self.state, self.names(), self.seat)
        self._refresh_charts(observation, records, breakdown)
        lines = [event_words(r.event, self.seat_name) for r in records]
        self.log.reset([line for line in lines if line])
        if self.match.is_over:
            self.status.info(self._game_over_text(names))

    def _refresh_charts(self, observation: Mapping[str, Any], records: Sequence[Any], breakdown: pd.DataFrame) -> None:
        """Redraw the tracks and points charts, each only when what it shows changed. Why: building the two
        plotly figures was nine tenths of a click's redraw; the tracks chart refills its lines in place."""
        assert self.match is not None
        rules = self.game_rules
        chart_names = self.names()
        mine = milestone_positions(rules, tuning.seat_corporation(observation, self.seat, rules.c.corporation))
        history = tracker_history(records, self.match.players)
        tracks = (tuple(chart_names), tuple((k, tuple(v)) for k, v in mine.items()), history.to_dict("split"))
        if self._chart_inputs.get("tracks") != tracks:
            self._chart_inputs["tracks"] = tracks
            figure = pu_charts.trackers_by_round(
                history, names=chart_names, milestones=mine, reuse=self.tracks_chart.figure
            )
            self.tracks_chart.update(figure)
        title = "Points by source" + ("" if self.match.is_over else " (if the game ended now)")
        points = (title, breakdown.to_dict("split"))
        if self._chart_inputs.get("points") != points:
            self._chart_inputs["points"] = points
            self.points_chart.update(pu_charts.points_breakdown_spec(breakdown, title=title))

    def _refresh_station(self, observation: Mapping[str, Any], rules: pu.Rules, names: Sequence[str]) -> None:
        """The depots as a ring; when you are the commander, each depot you may turn to has a button."""
        self.station_title.value = no_math(
            f"<b>The station</b> <small>(tiles left in brackets; ★ the commander; round {observation['round']})</small>"
        )
        turns = {rotation_depot(observation, a): a for a in self.legal() if isinstance(a, pu.Rotate)}
        self._turns = turns
        for depot in range(6):
            self.depots[depot].value = no_math(depot_html(observation, rules, names, depot))
            self.depot_buttons[depot].layout.display = None if depot in turns else "none"

    def _rotator(self, depot: int) -> Callable[[], None]:
        def turn() -> None:
            action = self._turns.get(depot)
            if action is None:
                self.status.error("only the station commander turns the station, before the tiles are taken")
                return
            self.act(action)

        return turn

    def depot_button(self, action: pu.Rotate) -> w.Button:
        """The "Face this depot" button that plays ``action``."""
        return self.depot_buttons[rotation_depot(self.observation, action)]

    def _header_text(self, observation: Mapping[str, Any]) -> str:
        assert self.match is not None
        if self.match.is_over:
            return f"Round {observation['round']} · game over"
        acting = self.state.current_player
        who = self.seat_name(int(acting)) if acting is not None else ""
        phase = PHASE_WORDS.get(str(observation["phase"]), str(observation["phase"]))
        shown = f" · showing {self.seat_name(self.seat)}'s planet" if self.hot_seat or self.watching else ""
        verb = "are" if who == "you" else "is"
        return f"Round {observation['round']} · {phase} · {who} {verb} to move{shown}".replace("you are", "you are", 1)

    def _game_over_text(self, names: Sequence[str]) -> str:
        """Why the game ended (the engine's own words), the scores and who won; solo: the score against the target."""
        assert self.match is not None
        events = [r.event for r in self.match.events]
        ended = [e for e in events if isinstance(e, pu.GameEnded)]
        triggers = [e for e in events if isinstance(e, pu.EndTriggered)]
        code = str(self.observation["end_reason"])
        reason = triggers[-1].reason if triggers else END_WORDS.get(code, code.replace("_", " "))
        if not ended:
            return "Game over."
        event = ended[-1]
        if self.match.players == 1:
            target = int(self.observation["solo_target"])
            verdict = "you win" if event.winners else "you lose"
            result = str(self.observation.get("result") or "")
            rating = f" The rulebook's verdict: {result}." if result else ""
            return (
                f"Game over ({reason}): your points minus the solo target of {target} come to {event.scores[0]}: "
                f"{verdict}.{rating}"
            )
        scores = ", ".join(f"{names[s]} {score}" for s, score in enumerate(event.scores))
        return f"Game over ({reason}): {scores}. {_winners_words(event.winners, lambda s: names[s]).capitalize()}."

    def _game_ended(self) -> pu.GameEnded | None:
        """The game's end as the engine announced it (its scores and winners), if it has ended."""
        assert self.match is not None
        ended = [r.event for r in self.match.events if isinstance(r.event, pu.GameEnded)]
        return ended[-1] if ended else None

    def _result_words(self, names: Sequence[str]) -> str:
        """Who won ("seat 1 (track racer) wins", "you and seat 2 share the victory"); solo, the target's verdict."""
        event = self._game_ended()
        if event is None:
            return "the game has ended"
        if len(names) == 1:
            return "you beat the solo target" if event.winners else "you did not beat the solo target"
        return _winners_words(event.winners, lambda s: names[s])

    def _over_caption(self, names: Sequence[str]) -> str:
        """The planet's caption once the game is over: that it is over and who won, where the caption used to
        say "Waiting for the other seats" for ever."""
        return f"The game is over: {self._result_words(names)}. Points by source are under the status line."

    def score_breakdown(self, observation: Mapping[str, Any]) -> pd.DataFrame:
        """Each seat's final points by source, as the points chart stacks them (a source no seat scored from
        is left out), its total and whether it won; solo, the target taken off. ``TableView`` shows it as a
        table under the status line at game over."""
        assert self.match is not None
        names = [self.seat_name(s) for s in range(self.match.players)]
        breakdown = breakdown_frame(self.state, names, self.seat)
        event = self._game_ended()
        winners = set(event.winners) if event is not None else set()
        frame = pd.DataFrame({"seat": range(len(names)), "player": names})
        keys = [k for k, _, _ in pu_charts.POINT_SOURCES if k in breakdown.columns]
        for key, label, _colour in pu_charts.POINT_SOURCES:
            if key in keys and breakdown[key].astype(int).any():
                frame[label] = breakdown[key].astype(int).to_numpy()
        frame["total"] = breakdown[keys].astype(int).sum(axis=1).to_numpy()
        if len(names) == 1 and event is not None:
            frame["solo target"] = [-int(observation["solo_target"])]
            frame["score"] = [int(event.scores[0])]
        frame["result"] = ["won" if s in winners else "" for s in range(len(names))]
        return frame

    def _refresh_planet(self, observation: Mapping[str, Any], rules: pu.Rules) -> None:
        view = seat_view(observation, self.seat)
        planet = self.planet
        planet.cells = planet_cells(view, rules)
        seat_planet = rules.planet(self.seat)
        planet.row_medals = list(seat_planet.row_medals)
        planet.col_medals = list(seat_planet.column_medals)
        self.planet_legend.value = no_math(asym.planet_legend_html(seat_planet))
        legal = self.legal()
        places = [a for a in legal if isinstance(a, pu.PlaceTile)]
        squares = self._square_targets(legal)
        if places:
            tiles = self._depot_tiles(observation, view, rules)
            if [t["stack"] for t in tiles] != [t["stack"] for t in planet.tiles] or planet.mode != "place":
                planet.selected, planet.orientation = 0, 0
            planet.tiles = tiles
            planet.legal = self._legal_yields(places, view, observation, rules)
            planet.mode = "place"
            planet.caption = "Pick a tile, turn it with R and flip it with F, then click the planet to place it."
        elif squares:
            planet.targets = squares
            planet.mode = "square"
            planet.caption = "Click a highlighted square."
        else:
            planet.mode = "view"
            assert self.match is not None
            if self.match.is_over:
                planet.caption = self._over_caption([self.seat_name(s) for s in range(self.match.players)])
            else:
                planet.caption = "" if self.my_move() else "Waiting for the other seats."
        planet.marked = [self._rover] if self._rover is not None else []

    def _depot_tiles(
        self, observation: Mapping[str, Any], view: Mapping[str, Any], rules: pu.Rules
    ) -> list[dict[str, Any]]:
        tiles = []
        for stack in view["depot"]:
            tile = observation["stack_tops"][stack]
            if tile is not None:
                tiles.append(tile_info(rules, int(stack), int(tile)))
        return tiles

    def _legal_yields(
        self, places: Sequence[pu.PlaceTile], view: Mapping[str, Any], observation: Mapping[str, Any], rules: pu.Rules
    ) -> dict[str, dict[str, str]]:
        board = economy.board_from_view(view)
        seat_planet = rules.planet(self.seat)
        seat_corporation = tuning.seat_corporation(observation, self.seat, rules.c.corporation)
        found: dict[str, dict[str, str]] = {}
        for a in places:
            tile = observation["stack_tops"][a.stack]
            if tile is None:
                continue
            p = economy.placement_of(rules, a.stack, a.orientation, a.row, a.col, seat_planet)
            words = yield_words(economy.placement_yield(board, int(tile), p, rules, seat_planet, seat_corporation))
            found.setdefault(str(a.stack), {})[f"{a.orientation},{a.row},{a.col}"] = words
        return found

    def _square_targets(self, legal: Sequence[Action]) -> dict[str, str]:
        targets: dict[str, str] = {}
        starts = {a.row * SIDE + a.col for a in legal if isinstance(a, pu.MoveRover | pu.TeleportRover)}
        if self._rover not in starts:
            self._rover = None
        for a in legal:
            if isinstance(a, pu.ChooseSquare):
                targets[f"{a.row},{a.col}"] = _action_words(a, self.game_rules, None)
            elif isinstance(a, pu.MoveRover | pu.TeleportRover):
                start = a.row * SIDE + a.col
                if self._rover is None:
                    targets.setdefault(f"{a.row},{a.col}", "your rover: click it, then where it goes")
                elif start == self._rover:
                    targets[f"{a.to_row},{a.to_col}"] = "send the rover here"
        return targets

    def _refresh_choices(self, observation: Mapping[str, Any]) -> None:
        legal = self.legal()
        pending = observation.get("pending") or []
        lines = [GAIN_WORDS.get(str(g), str(g).replace("_", " ")) for g, _value in pending]
        movement = int(observation.get("movement") or 0)
        if movement:
            lines.append(f"{movement} rover move(s) left: click a rover, then a square next to it")
        if any(isinstance(a, pu.PlaceTile) for a in legal):
            lines.insert(0, "Your turn: place one of the two tiles of your depot.")
        elif any(isinstance(a, pu.Rotate) for a in legal):
            lines.insert(0, "You are the station commander: press Face this depot on the depot you want to take from.")
        elif legal and not lines:
            lines.append("Choose:")
        self.pending_text.value = no_math(
            "<div class='pu-pending-text'>" + "".join(f"<div>{escape(line)}</div>" for line in lines) + "</div>"
            if lines
            else ""
        )
        choices: list[tuple[str, Callable[[], None], str, str | None]] = [
            (label, press, "warning", None) for label, press in (self._offers if legal else [])
        ]
        for action in legal:
            if isinstance(action, pu.PlaceTile | pu.ChooseSquare | pu.MoveRover | pu.TeleportRover | pu.Rotate):
                continue
            colour = None
            if isinstance(action, pu.ChooseTrack) and action.track < len(TERRAINS):
                colour = COLOURS[TERRAINS[action.track]]
            choices.append((self.words(action), self._presser(action), "", colour))
        self._show_choices(choices)

    def _show_choices(self, choices: Sequence[tuple[str, Callable[[], None], str, str | None]]) -> None:
        """Show a button per (label, press, button style, colour), from the pool when the label was shown before."""
        self._choice_presses = {}
        shown = []
        for label, press, style, colour in choices:
            if label in self._choice_presses:  # one button per label
                continue
            self._choice_presses[label] = press
            widget = self._choice_pool.get(label)
            if widget is None:
                widget = self._choice_pool[label] = button(label, self._pressing(label), layout=w.Layout(width="auto"))
                widget.add_class("pu-choice")
            widget.button_style, widget.style.button_color = style, colour
            shown.append(widget)
        self.choices.children = tuple(shown)  # the others wait in the pool, unshown
        if len(self._choice_pool) > CHOICE_POOL:  # the view closes the buttons it no longer holds
            self._choice_pool = {label: b for label, b in self._choice_pool.items() if label in self._choice_presses}

    def _thumbnails_html(self, observation: Mapping[str, Any], rules: pu.Rules, names: Sequence[str]) -> str:
        cards = []
        for seat, view in enumerate(observation["boards"]):
            if seat == self.seat:
                continue
            trackers = ", ".join(f"{t} {view['trackers'][i]}" for i, t in enumerate(TRACKS))
            board = (
                f"{rules.planet(seat).name} · {tuning.seat_corporation(observation, seat, rules.c.corporation).name}"
            )
            cards.append(
                f"<div class='pu-thumb pu-thumb-{seat}' style='display:inline-block;margin:3px;font-size:11px'>"
                f"<b style='color:{SEAT_COLOURS[seat % 6]}'>{escape(names[seat])}</b><br>{escape(board)}<br>"
                f"{planet_svg(view, rules, size=10)}<br>{escape(trackers)}</div>"
            )
        return "<b>Other planets</b><br>" + "".join(cards) if cards else ""

    def _pressing(self, label: str) -> Callable[[], None]:
        """What the choice button labelled ``label`` does: the choice of that label the last redraw showed, and
        nothing when the last redraw did not show it."""

        def press() -> None:
            chosen = self._choice_presses.get(label)
            if chosen is not None:
                chosen()

        return press

    def _presser(self, action: Action) -> Callable[[], None]:
        def press() -> None:
            self.act(action)

        return press

    def choice_button(self, text: str) -> w.Button:
        """The pending-gain button whose label contains ``text``."""
        for child in self.choices.children:
            if isinstance(child, w.Button) and text in child.description:
                return child
        raise KeyError(f"no choice button with {text!r}")
