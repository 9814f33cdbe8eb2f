"""Strategies: metadata, legal choices from the observation alone, a clear margin over random, one-line matches."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from typing import Any

import pytest

import playbook
from playbook.core import Agent, RandomAgent
from playbook.games.planet_unknown import PlaceTile, Rules, Terrain, action_from_dict, new_game
from playbook.games.planet_unknown import agents as pu_agents
from playbook.games.planet_unknown.planet import tile_pair
from playbook.games.planet_unknown.scoring_batch import place_scores
from playbook.games.planet_unknown.strategies import WeightedPlanner

from .helpers import random_play

STRATEGIES = [cls for cls in pu_agents.STRATEGIES if cls is not RandomAgent]


def test_strategies_have_metadata() -> None:
    assert len(STRATEGIES) >= 4 and RandomAgent in pu_agents.STRATEGIES
    for cls in STRATEGIES:
        assert issubclass(cls, Agent)
        meta = cls.metadata()
        assert meta["name"] and meta["description"].endswith(".") and meta["looks_at"]
    assert {"track racer", "rows and columns", "civ racer", "rover hunter"} <= {c.name for c in STRATEGIES}


@pytest.mark.parametrize("cls", STRATEGIES)
def test_strategies_choose_legal_actions_from_the_observation(cls: type[Agent]) -> None:
    agent = cls()
    rng = random.Random(0)
    states = random_play(2, seed=4)
    for state in states[::7]:
        if state.is_terminal:
            continue
        legal = state.legal_actions()
        assert agent.choose(state.observation(state.current_player), legal, rng) in legal


def test_seeded_four_player_match_in_one_line() -> None:
    result = playbook.play_match("planet_unknown", [cls() for cls in STRATEGIES], seed=7)
    assert result.final_state.is_terminal and len(result.scores) == 4
    again = playbook.play_match("planet_unknown", [cls() for cls in STRATEGIES], seed=7)
    assert again.scores == result.scores


def margin_over_random(cls: type[Agent], games: int) -> tuple[float, float]:
    wins = 0
    diff = 0.0
    for seed in range(games):
        seat = seed % 2
        lineup: list[Agent] = [RandomAgent(), RandomAgent()]
        lineup[seat] = cls()
        result = playbook.play_match("planet_unknown", lineup, seed=1000 + seed)
        wins += seat in result.winners
        diff += result.scores[seat] - result.scores[1 - seat]
    return wins / games, diff / games


@pytest.mark.parametrize("cls", STRATEGIES)
def test_each_strategy_beats_random_clearly(cls: type[Agent]) -> None:
    """Two-player games against random, seats alternating (20 games here; 200 in the slow test)."""
    rate, diff = margin_over_random(cls, 20)
    assert rate >= 0.8 and diff >= 8, (cls.name, rate, diff)


@pytest.mark.slow
@pytest.mark.parametrize("cls", STRATEGIES)
def test_each_strategy_beats_random_over_200_games(cls: type[Agent]) -> None:
    rate, diff = margin_over_random(cls, 200)
    assert rate >= 0.8 and diff >= 8, (cls.name, rate, diff)


def test_importing_the_game_loads_no_display_library() -> None:
    probe = "import json, sys, playbook.games.planet_unknown.agents, playbook.games.planet_unknown.economy\n"
    probe += "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'plotly'))))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, check=True)
    assert json.loads(done.stdout.strip().splitlines()[-1]) == []


# -- the batch placement scorer (scoring_batch): place_value's floats, all placements at once --------------------
EVENTS_THREE = Rules(
    events=True, corporations=("republic", "horizon", "flux"), planets=("k273", "persephone", "pajitnov")
)
BATCH_GAMES = {
    "standard": (2, 21, Rules()),
    "oasis wormhole petra": (2, 22, Rules(corporations=("oasis", "wormhole"), planets=("standard", "petra"))),
    "events republic horizon flux": (3, 23, EVENTS_THREE),
    "cosmos jump_drive": (2, 24, Rules(corporations=("cosmos", "jump_drive"), planets=("cerberus", "gaia"))),
    "makeshift": (2, 25, Rules(corporations=("makeshift", "standard"), planets=("arashi", "oblivion"))),
}


def placement_positions(
    players: int, seed: int, rules: Rules, every: int = 4
) -> list[tuple[dict[str, Any], list[PlaceTile]]]:
    """Every ``every``-th placement decision of a seeded game of the built-in bots (one strategy per seat)."""
    state = new_game(players, seed=seed, rules=rules)
    bots = [STRATEGIES[seat % len(STRATEGIES)]() for seat in range(players)]
    found: list[tuple[dict[str, Any], list[PlaceTile]]] = []
    count = 0
    while not state.is_terminal:
        seat, legal = int(state.current_player or 0), state.legal_actions()
        observation = state.observation(seat)
        places = [a for a in legal if isinstance(a, PlaceTile)]
        if places:
            count += 1
            if count % every == 0:
                found.append((observation, places))
        state = state.apply(bots[seat].choose(observation, legal, random.Random(0)))[0]
    return found


def scorers() -> list[Any]:
    return [cls() for cls in STRATEGIES] + [WeightedPlanner(tracks=1.3, lines=0.7, medals=2.0, rovers=0.9).scorer]


@pytest.mark.parametrize("game", BATCH_GAMES)
def test_batch_placement_scores_are_place_value_bit_for_bit(game: str) -> None:
    """``place_scores`` (numpy over per-placement tables, shortcuts for energy areas and Wormhole's biomass) gives
    the very floats ``place_value`` gives one placement at a time, for every corporation's hooks and techs, planets
    with rules on placement and energy (Petra: one by one), a symbol given up (events 104, 108) and actions
    rebuilt from JSON (new objects: nothing is remembered by the wrong one)."""
    players, seed, rules = BATCH_GAMES[game]
    for observation, places in placement_positions(players, seed, rules):
        skipping = [PlaceTile(a.stack, a.orientation, a.row, a.col, skip) for a in places[::9] for skip in (0, 1)]
        rebuilt = [PlaceTile(**{k: v for k, v in a.to_dict().items() if k != "type"}) for a in places[::5]]
        assert rebuilt == [action_from_dict(a.to_dict()) for a in places[::5]]
        for bot in scorers():
            for actions in (places, skipping, rebuilt):
                one_by_one = [bot.place_value(pu_agents._Context(observation), a) for a in actions]
                assert place_scores(bot, pu_agents._Context(observation), actions) == one_by_one, (game, bot)


def test_lines_value_reads_the_lines_through_the_mask_as_the_full_loop_does() -> None:
    """``lines_value`` visits only the rows and columns through the mask: the same sum as visiting all 24."""
    rng = random.Random(3)
    bot = pu_agents.RowsAndColumns()
    for observation, _ in placement_positions(2, 21, Rules(), every=6):
        ctx = pu_agents._Context(observation)
        for _ in range(20):
            mask = sum(1 << rng.randrange(144) for _ in range(rng.randrange(1, 6)))
            meteorite = rng.choice([-1, rng.randrange(144)])
            assert bot.lines_value(ctx, mask, meteorite) == full_lines_value(ctx, mask, meteorite)


def full_lines_value(ctx: Any, mask: int, meteorite: int) -> float:
    """The scorer's line term as first written: every line in order, those the mask does not touch skipped."""
    covered = ctx.board.covered | mask
    rocks = ctx.board.meteorites | ((1 << meteorite) if meteorite >= 0 else 0)
    value = 0.0
    medals = ctx.planet.row_medals + ctx.planet.column_medals
    for line, medal in zip(ctx.masks.rows + ctx.masks.cols, medals, strict=True):
        if not line & mask:
            continue
        if line & rocks:
            value -= 0.3 * medal
            continue
        filled = (line & covered).bit_count() / line.bit_count()
        value += medal * filled * filled
    return value


def test_a_decision_reads_the_board_layers_it_needs_as_the_board_has_them() -> None:
    """The context reads layers from the view without the whole board; each equals the rebuilt board's."""
    for observation, _ in placement_positions(2, 24, BATCH_GAMES["cosmos jump_drive"][2], every=8):
        ctx, board = pu_agents._Context(observation), pu_agents._Context(observation).board
        assert (ctx.covered, ctx.meteorites, ctx.lifepods) == (board.covered, board.meteorites, board.lifepods)
        assert (ctx.terrain, ctx.rovers, ctx.trackers, ctx.columns) == (
            board.terrain, board.rovers, board.trackers, board.columns,
        )  # fmt: skip
        assert ctx.targets == board.lifepods | board.meteorites


def test_batch_scores_on_boards_the_shortcuts_do_not_cover_are_place_value() -> None:
    """More energy areas than the board vector has bits for, tiles on covered squares, terrain off the covered
    squares: those placements are scored one by one, and every score is still ``place_value``'s."""
    c = Rules.standard().c
    observation, places = next(
        (obs, places)
        for obs, places in placement_positions(2, 21, Rules(), every=2)
        if any(Terrain.ENERGY in tile_pair(c, obs["stack_tops"][a.stack]) for a in places)
    )
    seat = observation["seat"]
    view = dict(observation["boards"][seat])
    spots = [(r, c) for r in range(0, 12, 2) for c in range(0, 12, 2)]  # 36 isolated squares
    energy = [sum(1 << c for rr, c in spots if rr == r) for r in range(12)]
    civ = [sum(1 << (c + 1) for rr, c in spots if rr == r and c + 1 < 12) for r in range(12)]
    view["terrain"] = {**view["terrain"], "energy": energy, "civ": civ}
    view["covered"] = [e | c for e, c in zip(energy, civ, strict=True)]
    boards = list(observation["boards"])
    boards[seat] = view
    changed = {**observation, "boards": boards}
    for bot in scorers():
        one_by_one = [bot.place_value(pu_agents._Context(changed), a) for a in places]
        assert place_scores(bot, pu_agents._Context(changed), places) == one_by_one
