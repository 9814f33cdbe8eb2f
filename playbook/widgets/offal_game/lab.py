"""An Offal Game's replay and strategy lab: the read-only table at any step, a table to play on from a
fork, the replay viewer and the dashboard's ``LabTabs``.

They wire ``OffalTable`` into the shared ``ReplayViewer`` and ``playbook.widgets.lab`` views, so they sit
on top of the table module rather than inside it.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from playbook import charts
from playbook.core.match import Match
from playbook.games import offal_game as og
from playbook.games.offal_game import agents as og_agents
from playbook.games.offal_game import economy

from .. import lab as lab_views
from ..replay import ReplayViewer, table_replay
from .table import DEFAULT_AGENTS, OffalTable

#: The sweep's bots, the quickest and the clog clearer first (the sweep preselects two: a two-player game).
SWEEP_AGENTS = {name: DEFAULT_AGENTS[name] for name in ("quickest", "clog clearer", "richest", "random")}


def position_view(match: Match, seat: int = 0) -> w.Widget:
    """The Offal table for ``match`` as it stands, seen by ``seat``, read-only: every control disabled, the
    New game panel hidden, and nothing subscribed to the match (a ``ReplayViewer`` renderer)."""
    return OffalTable.on_match(match, seat, subscribe=False).read_only()


def play_table(fork: Match, seat: int) -> OffalTable:
    """A playable Offal table on ``fork`` (a match forked at some step) with the person in ``seat``: bots and
    chance move up to the person's decision, then the table waits for a click."""
    return OffalTable.on_match(fork, seat, subscribe=True).play_on()


def clog_and_money_figure(match: Match) -> Any:
    """The Clog's parts and each Plunger's money after every turn of ``match`` (the replay's chart)."""
    history = economy.turn_history(match.events_frame(), match.players)
    return charts.clog_and_money(history, clog_spaces=(match.rules or og.Rules.standard()).clog_spaces)


def replay(match: Match, seat: int = 0) -> ReplayViewer:
    """A ``ReplayViewer`` of an Offal match: the read-only table at each step, the Clog-and-money chart with a
    cursor on the step's turn, and "Play from here" opening a table below it on the fork, the person in the
    viewer's seat (``viewer.opened_tables`` keeps the table opened)."""
    return table_replay(OffalTable, match, seat, figure=clog_and_money_figure)


#: The rule the sweep tab opens on, swept over its default range (4 to 10 around the standard 7) by the first
#: two bots in two-player games. The Clog's size moves every measure of a quick seeded sweep (20 games a value,
#: seed 1): final money per Plunger $21.2 +- 2.3, $24.7 +- 2.1, $25.5 +- 2.0, $26.0 +- 2.0 at 4, 6, 8, 10 spaces;
#: games ended by a full Clog 70%, 30%, 15%, 0%; turns played 12.9, 15.3, 15.9, 16.0.
SWEEP_RULE = "sewer.clog_spaces"


class LabTabs(lab_views.LabTabs):
    """The dashboard's strategy lab: a **Strategy lab** tab (the tuned plunger's knobs against the bots, two
    players, seeded), a **Rule sweep** tab (one rule of the game's tables, The Clog's size to start, against any
    economy measure; pick one bot for the solo game) and a **Replay** tab (a seeded game between the quickest and
    the clog clearer, built when the tab is first opened; any step shown read-only, "Play from here" to take
    seat 0)."""

    def __init__(self, *, seed: int = 1, games: int = 40) -> None:
        self.seed = seed
        lab = lab_views.StrategyLab(og, og_agents.TunedPlunger, DEFAULT_AGENTS, players=2, games=games, seed=seed)
        sweep = lab_views.SweepExplorer(og, SWEEP_AGENTS, games=20, seed=seed, field=SWEEP_RULE)
        super().__init__(lab, self.seeded_replay, sweep=sweep)

    def seeded_replay(self) -> ReplayViewer:
        bots = {0: og_agents.QuickestOrder(), 1: og_agents.ClogClearer()}
        match = Match(og, players=2, seed=self.seed, agents=bots)
        match.advance()
        return replay(match, seat=0)
