"""Mars Needs Mechanics' replay and strategy lab: the read-only table at any step, a table to play on from a
fork, the replay viewer and the dashboard's ``LabTabs``.

They wire ``MarsNeedsMechanicsTable`` into the shared ``ReplayViewer`` and ``playbook.widgets.lab`` views, so
they sit on top of the table module rather than inside it.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from playbook.charts import mars_needs_mechanics as mnm_charts
from playbook.core.match import Match
from playbook.games import mars_needs_mechanics as mnm
from playbook.games.mars_needs_mechanics import agents as mnm_agents
from playbook.games.mars_needs_mechanics import economy

from .. import lab
from ..replay import ReplayViewer, table_replay
from .table import DEFAULT_AGENTS, MarsNeedsMechanicsTable


def position_view(match: Match, seat: int = 0) -> w.Widget:
    """The Mars Needs Mechanics table for ``match`` as it stands, seen by ``seat``, read-only: every control
    disabled, the New game panel hidden, and nothing subscribed to the match (a ``ReplayViewer`` renderer)."""
    return MarsNeedsMechanicsTable.on_match(match, seat, subscribe=False).read_only()


def play_table(fork: Match, seat: int) -> MarsNeedsMechanicsTable:
    """A playable table on ``fork`` (a match forked at some step) with the person in ``seat``: bots move up to
    the person's decision, then the table waits for a click."""
    return MarsNeedsMechanicsTable.on_match(fork, seat, subscribe=True).play_on()


def replay(match: Match, seat: int = 0) -> ReplayViewer:
    """A ``ReplayViewer`` of a Mars Needs Mechanics match: the read-only table at each step, the cogs-by-round
    chart with a cursor on the step's round, and "Play from here" opening a table below it on the fork, the
    person in the viewer's seat (``viewer.opened_tables`` keeps the table opened)."""
    rules: mnm.Rules = match.rules or mnm.Rules.standard()

    def figure(m: Match) -> Any:
        names = [f"seat {s}" for s in range(m.players)]
        in_play = None if m.is_over else m.state.observation(seat)["round"]  # a game still going: "so far"
        cogs = economy.cogs_by_round(m.events_frame(), m.players, rules.starting_cogs)
        return mnm_charts.cogs_by_round(cogs, names, round_in_play=in_play)

    return table_replay(MarsNeedsMechanicsTable, match, seat, figure=figure)


class LabTabs(lab.LabTabs):
    """The dashboard's strategy lab: a **Strategy lab** tab (the threshold seller's knobs against the bots,
    four players, seeded), a **Rule sweep** tab (a ``SweepExplorer`` over the numeric rules, the KPIs of
    ``economy.metrics`` among its measures) and a **Replay** tab (a seeded game of the four bots, any step shown
    read-only, "Play from here" to take seat 0), built when its tab is first opened."""

    def __init__(self, *, seed: int = 1, games: int = 40) -> None:
        self.seed = seed
        super().__init__(
            lab.StrategyLab(mnm, mnm_agents.ThresholdSeller, DEFAULT_AGENTS, players=4, games=games, seed=seed),
            self._seeded_replay,
            sweep=lab.SweepExplorer(mnm, DEFAULT_AGENTS, games=20, seed=seed, players=4),
        )

    def _seeded_replay(self) -> ReplayViewer:
        lineup = [mnm_agents.QuickSeller(), mnm_agents.LateBuyer(), mnm_agents.Hoarder(), mnm_agents.Mechanic()]
        match = Match(mnm, players=4, seed=self.seed, agents=dict(enumerate(lineup)))
        match.advance()
        return replay(match, seat=0)
