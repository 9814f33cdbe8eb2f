"""Planet Unknown's strategy lab, replay and lesson helpers (re-exported by ``playbook.widgets.planet_unknown``).

- ``LabTabs``: the dashboard's **Strategy lab** (the weighted planner against the bots, on a planet and
  corporation chosen for every seat: ``PlanetStrategyLab``) and **Replay** tabs;
- ``replay`` / ``position_view`` / ``play_table`` / ``score_figure``: a match's read-only table at any step and
  a playable table on a fork (the match's planets and corporations kept);
- ``strategy_games`` / ``rescore_lines``: seeded games per seat for the lesson, and the same games rescored.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import ipywidgets as w
import pandas as pd

from playbook.core.match import Match
from playbook.games import planet_unknown as pu
from playbook.games.planet_unknown import agents as pu_agents
from playbook.games.planet_unknown import economy
from playbook.games.planet_unknown.kpis import economy_frame
from playbook.games.planet_unknown.strategies import WeightedPlanner

from .. import lab
from ..replay import ReplayViewer, table_replay
from . import asymmetric as asym
from .table import DEFAULT_AGENTS, PlanetUnknownTable
from .tiles import planet_rows


# -- helpers for the lesson ----------------------------------------------------------------------------------
def _bits(rows: Sequence[int]) -> int:
    return sum(bin(int(r)).count("1") for r in rows)


def strategy_games(
    agents: Sequence[Any], *, games: int, seed: int, players: int = 2, rules: pu.Rules | None = None
) -> pd.DataFrame:
    """Seeded games in the seatings ``playbook.tournament`` uses: one row per seat per game with the tournament
    columns (game, seed, seat, agent, score, won, rounds) plus the points by source and the tie-break counts
    (``uncovered`` planet squares, ``meteorites left`` on the planet)."""
    from playbook.core.tournament import game_seeds, lineups

    order = lineups(len(agents), players)
    names = [a.name for a in agents]
    chosen = rules or pu.Rules.standard()
    playable = [sum(char != "." for row in planet_rows(chosen, s) for char in row) for s in range(players)]
    rows: list[dict[str, Any]] = []
    for index, game_seed in enumerate(game_seeds(seed, games)):
        lineup = order[index % len(order)]
        seated = {seat: agents[i] for seat, i in enumerate(lineup)}
        match = Match("planet_unknown", players=players, seed=game_seed, rules=rules, agents=cast(Any, seated))
        match.advance()
        state = match.state
        ended = [r.event for r in match.events if isinstance(r.event, pu.GameEnded)][-1]
        for seat, parts in enumerate(economy.points_breakdown(cast(pu.State, state))):
            view = state.observation(seat)["boards"][seat]
            rows.append(
                {
                    "game": index,
                    "seed": game_seed,
                    "seat": seat,
                    "agent": names[lineup[seat]],
                    "score": int(ended.scores[seat]),
                    "won": seat in ended.winners,
                    "rounds": int(state.round),
                    **parts,
                    "uncovered": playable[seat] - _bits(view["covered"]),
                    "meteorites left": _bits(view["meteorites"]),
                }
            )
    return pd.DataFrame(rows)


def rescore_lines(games: pd.DataFrame, factor: float) -> pd.DataFrame:
    """The same games scored with every row and column medal multiplied by ``factor`` (the bots' play is
    unchanged): new ``score`` and ``won`` (ties broken as the rulebook says: fewest uncovered squares, then
    fewest meteorites left, else a shared victory)."""
    out = games.copy()
    out["score"] = out["score"] + (factor - 1) * (out["rows"] + out["columns"])
    key = list(zip(out["score"], -out["uncovered"], -out["meteorites left"], strict=True))
    out["_key"] = key
    best = out.groupby("game")["_key"].transform("max")
    out["won"] = out["_key"] == best
    return out.drop(columns="_key")


# -- replay ------------------------------------------------------------------------------------------------


def position_view(match: Match, seat: int = 0) -> w.Widget:
    """The Planet Unknown table for ``match`` as it stands, seen by ``seat``, read-only: every button disabled,
    the planet in view mode with no click handler, the New game panel hidden, and nothing subscribed to the
    match (a ``ReplayViewer`` renderer)."""
    return PlanetUnknownTable.on_match(match, seat, subscribe=False).read_only()


def play_table(fork: Match, seat: int) -> PlanetUnknownTable:
    """A playable table on ``fork`` (a match forked at some step) with the person in ``seat``: bots move up to
    the person's decision, then the table waits for a click."""
    return PlanetUnknownTable.on_match(fork, seat, subscribe=True).play_on()


def score_figure(match: Match) -> Any:
    """Each seat's points after every round (``kpis.economy_frame``): the replay's chart."""
    from playbook.charts.common import lines

    frame = economy_frame(match)
    names = [f"seat {s}" for s in range(match.players)]
    figure = lines(
        frame,
        x="round",
        y="score",
        series="seat",
        title="Points after each round",
        order=list(range(match.players)),
        labels=names,
    )
    figure.update_layout(xaxis_title="round", yaxis_title="points")
    return figure


def replay(match: Match, seat: int = 0) -> ReplayViewer:
    """A ``ReplayViewer`` of a Planet Unknown match: the read-only table at each step, the points-by-round chart
    with a cursor on the step's round, and "Play from here" opening a table below it on the fork, the person
    in the viewer's seat (``viewer.opened_tables`` keeps the table opened)."""
    return table_replay(PlanetUnknownTable, match, seat, figure=score_figure)


class LabTabs(lab.LabTabs):
    """The dashboard's strategy lab: a **Strategy lab** tab (the weighted planner's four knobs against the bots,
    two players, seeded) and a **Replay** tab (a seeded game of the track racer and the civ racer, any step shown
    read-only, "Play from here" to take seat 0), built when its tab is first opened. No rule-sweep tab: the only
    top-level number of Planet Unknown's rules is ``event_deck_size``, which the standard game (events off) never
    reads."""

    def __init__(self, *, seed: int = 1, games: int = 20) -> None:
        self.seed = seed
        super().__init__(
            asym.PlanetStrategyLab(pu, WeightedPlanner, DEFAULT_AGENTS, players=2, games=games, seed=seed),
            self._seeded_replay,
        )

    def _seeded_replay(self) -> ReplayViewer:
        match = Match(pu, players=2, seed=self.seed, agents={0: pu_agents.TrackRacer(), 1: pu_agents.CivRacer()})
        match.advance()
        return replay(match, seat=0)
