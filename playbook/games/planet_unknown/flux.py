"""Flux Industries (reference 1.2; rulebook "Flux Industries"): the code only Flux needs.

Flux marks one track as its *flux track* (``Board.flux_track``): chosen at set-up, in the objectives phase, and
again at every tech milestone (``Gain.FLUX_TRACK``, resolved by ``ChooseTrack``; keeping the same track is a
choice). Only the most recently unlocked tech works (``tech_active = "latest_only"``, read by
``board.has_tech``). While tech 3 is that tech, the flux track pays its upgraded spaces
(``[corporations.flux.upgraded]``: doubled synergies and patches, more movement, civ ranks 2, 3, 4, 4).

The base rules reach this module only through its ``PLUGIN`` (``plugin.py``, registered in ``corporations.py``),
whose corporation hooks only a Flux seat's rules look up (``plugin.rules_of``):

- ``pay_advance`` -> ``advanced`` (``tracks.advance``): every step of a Flux tracker; the benefits of the space
  landed on (printed or upgraded), the re-choice at a tech milestone, and the loss of tech 2 once tech 3 is
  reached;
- ``track_space`` (``tracks.advance`` at the rover top): the movement repeated there (upgraded m4 with tech 3);
- ``setup_owed`` (``flow._main_decision`` in the objectives phase, ``setup.new_game``): the set-up choice;
- ``round_start`` (``flow.start_round``): tech 1 counts the rovers standing on flux-type terrain;
- ``after_tile`` (called by ``planet.after_tile``): tech 4 collects a meteorite per matching symbol;
- ``options`` / ``track_choices`` (``gains``): the flux track choice; ``board_check`` (``consistency``): a loaded
  board's flux track; ``read_entry`` (``variants``): the upgraded tracks checked as the corporation is read;
- ``anytime`` (``powers``): techs 1, 2 and 5 as ``UsePower``, and their worth to the bots (``bot_values``);
  ``board.has_tech`` reads the ``FLUX`` hook pair itself (only the latest tech works).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from playbook.core import Action, DataReader, Event
from playbook.core.engine import round_prefix
from playbook.core.errors import RulesDataError

from .actions import ChooseTrack, Gain
from .board import FLUX, Board, tech_level
from .components import TERRAIN_NAMES, Corporation, Phase, Space, Track, _space
from .events import GainLost
from .memo import per_object
from .plugin import AnytimePower, CorporationPlugin
from .tracks import advance, can_advance, pay_space
from .variants import _corporations_file
from .work import Pending, Work, add_movement, gain

TECHS = ("flux_rover_movement", "flux_to_next_milestone", "flux_upgraded_track", "flux_collect_meteorites",
         "flux_advance")  # fmt: skip
ANYTIME = {"flux_rover_movement": "per_round", "flux_to_next_milestone": "per_game", "flux_advance": "per_round"}
#: Which benefit flag of a space is each track's own milestone (tech 2's target; water has none).
MILESTONE_FLAGS = {"CIV": "civ", "BIO": "biomass", "ROV": "rover", "TECH": "tech"}
DOUBLED = ("SYN", "BIO")  # the only tokens an upgraded space may repeat


class Upgraded(NamedTuple):
    """The upgraded tracks: per track and position the space and how many times it pays (``SYN+SYN`` is 2);
    ``civ_rank`` per civ position from the upgraded ``civ_ranks``."""

    tracks: tuple[tuple[tuple[Space, int], ...], ...]
    civ_rank: tuple[int, ...]
    milestone: tuple[str, ...]  # per track: the Space flag tech 2 moves to ("" for none)
    tech_values: tuple[tuple[str, int], ...]


def is_flux(corporation: Corporation) -> bool:
    return FLUX in corporation.hooks


@per_object
def upgraded(corporation: Corporation) -> Upgraded:
    """Read ``[corporations.<key>.upgraded]`` and ``flux_track`` (printed tracks where a table is missing)."""
    entry = _corporations_file()["corporations"].get(corporation.key, {})
    reader = DataReader("corporations.toml", _corporations_file()).child("corporations").child(corporation.key)
    table = entry.get("upgraded", {})
    tracks = []
    for t, name in enumerate(TERRAIN_NAMES[:5]):
        texts = table.get(name)
        if texts is None:
            tracks.append(tuple((space, 1) for space in corporation.tracks[t]))
            continue
        if len(texts) != len(corporation.tracks[t]):
            raise reader.fail(f"upgraded.{name}", "must have as many positions as the printed track")
        tracks.append(tuple(_upgraded_space(reader, f"upgraded.{name}[{i}]", str(s)) for i, s in enumerate(texts)))
    ranks = tuple(int(r) for r in table.get("civ_ranks", corporation.civ_ranks))
    civ = tracks[Track.CIV]
    civ_rank = tuple(ranks[min(sum(s.civ for s, _ in civ[: i + 1]), len(ranks) - 1)] for i in range(len(civ)))
    tokens = entry.get("flux_track", {}).get("milestone_token", {})
    milestone = tuple(MILESTONE_FLAGS.get(str(tokens.get(name, "")), "") for name in TERRAIN_NAMES[:5])
    values = tuple((str(t.get("power")), int(t.get("value", 0))) for t in entry.get("tech", []))
    return Upgraded(tuple(tracks), civ_rank, milestone, values)


def _upgraded_space(reader: DataReader, key: str, text: str) -> tuple[Space, int]:
    """A space whose SYN or BIO may be repeated ("SYN+SYN": that benefit twice)."""
    tokens = [token for token in text.split("+") if token]
    repeated = {token for token in tokens if tokens.count(token) > 1}
    if repeated - set(DOUBLED) or any(tokens.count(token) > 2 for token in repeated):
        raise reader.fail(key, f"only {' or '.join(DOUBLED)} may be doubled, not {text!r}")
    if len(repeated) > 1:
        raise reader.fail(key, "one doubled token per space")
    return _space(reader, key, "+".join(dict.fromkeys(tokens))), 2 if repeated else 1


def tech_value(corporation: Corporation, power: str) -> int:
    return dict(upgraded(corporation).tech_values).get(power, 0)


# -- the flux track ----------------------------------------------------------------------------------------------
def setup_owed(w: Work) -> bool:
    """Set-up (objectives phase): the acting Flux seat has not chosen its flux track yet; the choice is put in its
    pool (reference 1.2: "You choose it at setup")."""
    if not is_flux(w.corporations[w.seat]) or w.board.flux_track >= 0:
        return False
    if not any(p.gain == Gain.FLUX_TRACK for p in w.pending):
        gain(w, w.seat, Gain.FLUX_TRACK)
    return True


def track_options(w: Work, p: Pending) -> list[Action]:
    """Any of the 5 tracks, the current one included (reference 1.2: "you may keep the same track")."""
    return [ChooseTrack(t, Gain.FLUX_TRACK) for t in range(5)]


@dataclass(frozen=True, slots=True)
class FluxTrackChosen(Event):
    """A Flux seat chose its flux track (at set-up or a tech milestone); ``before`` is -1 at set-up."""

    round: int
    seat: int
    track: int
    before: int

    def __str__(self) -> str:
        verb = "keeps" if self.track == self.before else "chooses"
        return f"{round_prefix(self.round)}seat {self.seat} {verb} {TERRAIN_NAMES[self.track]} as its flux track"


def choose(w: Work, seat: int, track: int) -> None:
    before = w.boards[seat].flux_track
    w.set_board(seat, flux_track=track)
    w.add(FluxTrackChosen(w.round, seat, track, before))


def upgraded_now(w: Work, seat: int, track: int) -> bool:
    """Tech 3 is the active tech and ``track`` is the flux track: its upgraded spaces apply."""
    return w.boards[seat].flux_track == track and w.tech(seat, "flux_upgraded_track")


def track_space(w: Work, seat: int, track: int, position: int) -> Space:
    """The space a tracker stands on as it pays now (printed, or upgraded for Flux's flux track with tech 3)."""
    corporation = w.corporations[seat]
    if FLUX in corporation.hooks and upgraded_now(w, seat, track):
        return upgraded(corporation).tracks[track][position][0]
    return corporation.tracks[track][position]


def advanced(w: Work, seat: int, track: int, position: int, *, benefits: bool, synergy: bool) -> None:
    """A Flux tracker stepped onto ``position``: tech 2 is lost once tech 3 is reached (FAQ A10), then the space
    pays (upgraded on the flux track while tech 3 is active, each doubled token twice); a tech milestone lets the
    player choose the flux track again."""
    corporation = w.corporations[seat]
    board = w.boards[seat]
    if track == Track.TECH and tech_level(board, corporation) >= 3 and TECHS[1] not in board.powers_used:
        w.set_board(seat, powers_used=(*board.powers_used, TECHS[1]))
    if not benefits:
        return
    if upgraded_now(w, seat, track):
        space, times = upgraded(corporation).tracks[track][position]
        rank = upgraded(corporation).civ_rank[position]
    else:
        space, times, rank = corporation.tracks[track][position], 1, w.tables_of(seat).civ_rank[position]
    _pay(w, seat, space, times, rank, synergy)


def _pay(w: Work, seat: int, space: Space, times: int, rank: int, synergy: bool) -> None:
    """A space's benefits (``tracks.pay_space``, its synergy or patch ``times`` times) and a tech milestone's flux
    track re-choice."""
    pay_space(w, seat, space, rank, synergy, times)
    if space.tech:
        gain(w, seat, Gain.FLUX_TRACK)


# -- techs 1, 4 and the anytime powers ---------------------------------------------------------------------------
def round_start(w: Work) -> None:
    """Tech 1 counts the rovers that start the round on terrain of the flux track's type (the data's ruling)."""
    for seat in range(len(w.boards)):
        if FLUX in w.corporations[seat].hooks:
            _round_start_seat(w, seat)


def after_tile(w: Work, seat: int, pair: tuple[int, int]) -> None:
    """Tech 4: a placed tile collects one meteorite from the planet per symbol of the flux track's type."""
    count = sum(t == w.boards[seat].flux_track for t in pair)
    if not count:
        return
    if not w.boards[seat].meteorites:
        w.add(GainLost(w.round, seat, "meteorite to collect (Flux tech 4: none on the planet)"))
        return
    gain(w, seat, Gain.COLLECT_METEORITE, count)


def next_milestone(board: Board, corporation: Corporation) -> int:
    """Tech 2's target: the next space above the flux tracker holding its track's own milestone (-1: none; the
    bots read it from the board they rebuild from the observation)."""
    track = board.flux_track
    flag = upgraded(corporation).milestone[track] if track >= 0 else ""
    if not flag:
        return -1
    spaces = corporation.tracks[track]
    return next((i for i in range(board.trackers[track] + 1, len(spaces)) if getattr(spaces[i], flag)), -1)


def _next_milestone(w: Work, seat: int) -> int:
    return next_milestone(w.boards[seat], w.corporations[seat])


def _offer_rover_movement(w: Work, seat: int) -> bool:
    board = w.boards[seat]
    return w.phase == Phase.PLACE and board.flux_rovers > 0 and bool(board.rovers)


def _use_rover_movement(w: Work, seat: int) -> None:
    add_movement(w, seat, tech_value(w.corporations[seat], TECHS[0]) * w.boards[seat].flux_rovers)


def _offer_next_milestone(w: Work, seat: int) -> bool:
    return w.phase == Phase.PLACE and _next_milestone(w, seat) >= 0


def _use_next_milestone(w: Work, seat: int) -> None:
    """Tech 2: step by step to the next milestone of the flux track, gaining every space passed (FAQ A9), or only
    the milestone (BGA; ``Rules.flux_pays_passed_spaces`` False)."""
    target, track = _next_milestone(w, seat), w.boards[seat].flux_track
    passed_pay = w.rules.flux_pays_passed_spaces
    while w.boards[seat].trackers[track] < target:
        before = w.boards[seat].trackers[track]
        benefits = passed_pay or before + 1 >= target
        advance(w, seat, track, "Flux tech 2: to the next milestone", benefits=benefits)
        if w.boards[seat].trackers[track] == before:
            break


def _offer_advance(w: Work, seat: int) -> bool:
    track = w.boards[seat].flux_track
    return w.phase == Phase.PLACE and track >= 0 and can_advance(w, seat, track)


def _use_advance(w: Work, seat: int) -> None:
    advance(w, seat, w.boards[seat].flux_track, "Flux tech 5")


OFFER: dict[str, Any] = {
    "flux_rover_movement": _offer_rover_movement,
    "flux_to_next_milestone": _offer_next_milestone,
    "flux_advance": _offer_advance,
}
USE: dict[str, Any] = {
    "flux_rover_movement": _use_rover_movement,
    "flux_to_next_milestone": _use_next_milestone,
    "flux_advance": _use_advance,
}


def why_not_power(w: Work, seat: int, level: int) -> str:
    """A refused ``UsePower`` of a Flux seat, in words ("" when not Flux or nothing Flux-specific applies)."""
    corporation, board = w.corporations[seat], w.boards[seat]
    if FLUX not in corporation.hooks or not 1 <= level <= len(corporation.techs):
        return ""
    active = tech_level(board, corporation)
    if level != active:
        now = f"tech {active} is the active one" if active else "no tech is unlocked yet"
        return f"Flux Industries: only the most recently unlocked tech works ({now})"
    power = corporation.techs[level - 1]
    if power == TECHS[1] and power in board.powers_used:
        return "Flux tech 2 works once per game and is lost once tech 3 has been reached"
    if power == TECHS[1] and board.flux_track == Track.WATER:
        return "Flux tech 2: the water track has no milestone to move to"
    return ""


def check_board(corporation: Corporation, flux_track: int) -> None:
    """A loaded state: a Flux seat's flux track is -1 (not chosen yet) or a track; other seats keep -1."""
    if not -1 <= flux_track <= 4 or (flux_track >= 0 and not is_flux(corporation)):
        raise RulesDataError(f"flux_track must be -1 or a track 0-4 of a Flux seat, not {flux_track}")


# -- the plug-in's hooks ------------------------------------------------------------------------------------------
def _pay_advance(w: Work, seat: int, track: int, position: int, benefits: bool, synergy: bool) -> None:
    advanced(w, seat, track, position, benefits=benefits, synergy=synergy)


def _round_start_seat(w: Work, seat: int) -> None:
    """Tech 1's count for one seat (``round_start`` counts every Flux seat)."""
    board = w.boards[seat]
    track = board.flux_track
    count = 0 if track < 0 else sum(board.terrain[track] >> r & 1 for r in board.rovers)
    if count != board.flux_rovers:
        w.set_board(seat, flux_rovers=count)


def _choose_track(w: Work, p: Pending, action: ChooseTrack) -> None:
    choose(w, w.seat, action.track)  # the flux track chosen (nothing advances)


def _board_check(seat: int, board: Board, corporation: Corporation) -> str:
    try:
        check_board(corporation, board.flux_track)
    except RulesDataError as error:
        return str(error)
    return ""


def _read_entry(entry: Mapping[str, Any], corporation: Corporation) -> Corporation:
    """The upgraded tracks are checked as the corporation is read, not in the middle of play."""
    if FLUX in corporation.hooks:
        upgraded(corporation)
    return corporation


# -- what the anytime powers are worth to the bots (``bot_powers``) ------------------------------------------------
def rovers_value(bot: Any, ctx: Any, power: str) -> float:
    """Tech 1: the tech's value in movement per rover that started the round on flux-type terrain."""
    return float(bot.movement_value(ctx, tech_value(ctx.corporation, power) * ctx.board.flux_rovers))


def advance_value(bot: Any, ctx: Any, power: str) -> float:
    """Tech 5: a free advance of the flux track."""
    track = ctx.board.flux_track
    return float(bot.track_value(ctx, track)) if track >= 0 else 0.0


def milestone_value(bot: Any, ctx: Any, power: str) -> float:
    """Tech 2: the flux tracker advances to the next space with its track's own milestone."""
    track, target = ctx.board.flux_track, next_milestone(ctx.board, ctx.corporation)
    start = ctx.trackers[track]
    return float(bot.track_value(ctx, track, target - start)) if target > start else 0.0


#: The plug-in (``plugin.py``), registered in ``corporations.py``.
PLUGIN = CorporationPlugin(
    "flux",
    techs=TECHS,
    anytime={power: AnytimePower(ANYTIME[power], OFFER[power], USE[power]) for power in OFFER},
    after_tile={"flux_collect_meteorites": after_tile},
    options={Gain.FLUX_TRACK: track_options},
    track_choices={Gain.FLUX_TRACK: _choose_track},
    bot_values={
        "flux_rover_movement": rovers_value,
        "flux_to_next_milestone": milestone_value,
        "flux_advance": advance_value,
    },
    why_not_power=why_not_power,
    board_check=_board_check,
    pay_advance=_pay_advance,
    track_space=track_space,
    setup_owed=setup_owed,
    round_start=_round_start_seat,
    read_entry=_read_entry,
)
