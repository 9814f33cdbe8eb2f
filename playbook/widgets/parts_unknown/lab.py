"""Parts Unknown's replay and strategy lab: the read-only table at any step, a table to play on from a
fork, the replay viewer and the dashboard's ``LabTabs``.

They wire ``PartsUnknownTable`` into the shared ``ReplayViewer`` and ``playbook.widgets.lab`` views, so
they sit on top of the table module rather than inside it.
"""

from __future__ import annotations

import ipywidgets as w
import plotly.graph_objects as go

from playbook.core.match import Match
from playbook.games import parts_unknown as pu
from playbook.games.parts_unknown import agents as pu_agents
from playbook.games.parts_unknown.economy import money_frame

from .. import lab as lab_views
from ..common import AgentFactory
from ..replay import ReplayViewer, table_replay
from .table import DEFAULT_AGENTS, PartsUnknownTable, money_by_turn


def position_view(match: Match, seat: int = 0) -> w.Widget:
    """The Parts Unknown table for ``match`` as it stands, seen by ``seat``, read-only: every control disabled,
    the New game panel hidden, and nothing subscribed to the match (a ``ReplayViewer`` renderer)."""
    return PartsUnknownTable.on_match(match, seat, subscribe=False).read_only()


def play_table(fork: Match, seat: int) -> PartsUnknownTable:
    """A playable Parts Unknown table on ``fork`` (a match forked at some step) with the person in ``seat``:
    bots and chance move up to the person's decision, then the table waits for a click."""
    return PartsUnknownTable.on_match(fork, seat, subscribe=True).play_on()


def money_figure(match: Match) -> go.Figure:
    """Each seat's money after every turn of ``match`` (the replay's chart, drawn as the table draws it)."""
    return money_by_turn(money_frame(match), players=match.players)


def replay(match: Match, seat: int = 0) -> ReplayViewer:
    """A ``ReplayViewer`` of a Parts Unknown match: the read-only table at each step, money per seat by turn
    with a cursor on the step's turn, and "Play from here" opening a table below it on the fork, the person
    in the viewer's seat (``viewer.opened_tables`` keeps the table opened)."""
    return table_replay(PartsUnknownTable, match, seat, figure=money_figure)


#: The strategy lab's opponents and sweep agents: the pricing bots first (the lab preselects the first three).
LAB_AGENTS: dict[str, AgentFactory] = {
    name: DEFAULT_AGENTS[name]
    for name in ("undercutter", "top shelf", "shelf builder", "liquidator", "cornerer", "random")
}


#: The rule the sweep tab opens on, over its default range (6 to 18 around the standard 12), played by the first
#: two bots (undercutter, top shelf) in two-player games, 10 a value, seed 1. The shelf's price (38 to 42 before)
#: drew a flat line because neither bot ever buys a shelf: final score $548.6 +- 81.6 at every price, even from
#: $20 to $60. The Calendar's length moves it: $370.1 +- 38.4, $518.8 +- 71.0, $587.0 +- 92.2 and $625.1 +- 114.7
#: at 6, 10, 14 and 18 spaces (turns played 21.9, 34.2, 43.2, 47.4). The Riot's penalty (0 to 3 cards: $581 to
#: $425) moved less than its bands.
SWEEP_RULE = "calendar_length"


class LabTabs(lab_views.LabTabs):
    """The dashboard's strategy lab: a **Strategy lab** tab (the markup shopkeeper's knobs against the bots,
    four players, seeded), a **Rule sweep** tab (one rule, the Calendar's length to start, against any
    economy measure) and a **Replay** tab (a seeded four-bot game, built when the tab is first opened; any step
    shown read-only, "Play from here" to take seat 0)."""

    def __init__(self, *, seed: int = 1, games: int = 20) -> None:
        self.seed = seed
        lab = lab_views.StrategyLab(pu, pu_agents.MarkupShopkeeper, LAB_AGENTS, players=4, games=games, seed=seed)
        sweep = lab_views.SweepExplorer(pu, LAB_AGENTS, games=10, seed=seed, players=2, field=SWEEP_RULE)
        super().__init__(lab, self.seeded_replay, sweep=sweep)

    def seeded_replay(self) -> ReplayViewer:
        bots = ("undercutter", "top shelf", "liquidator", "cornerer")
        match = Match(pu, players=4, seed=self.seed, agents={s: DEFAULT_AGENTS[n]() for s, n in enumerate(bots)})
        match.advance()
        return replay(match, seat=0)
