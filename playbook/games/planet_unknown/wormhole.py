"""Wormhole Corp. (reference 1.8; rulebook "Asymmetric Corporations"): the code only this corporation needs.

The base rules reach this module only through its ``PLUGIN`` (``plugin.py``, registered in ``corporations.py``):

- the biomass track of ``track_paths.biomass = "rows_of_two"`` (``Corporation.biomass_rows``, read by
  ``read_entry``): ``can_advance``, ``advance`` and ``regress`` (from ``tracks.py``; other tracks are left to the
  standard rules). Each advance moves up one row; which of the row's two spaces the tracker lands on is the
  player's decision, a ``Gain.BIOMASS_SPACE`` in the pool resolved by a ``ChooseBiomassSpace`` (``options`` /
  ``resolvers``: ``space_options`` / ``choose_space``; ``action_words`` for the views). The tracker stands on the
  row at once (the row, not the side, decides the medal, the top and the next row), so advances that follow
  before the choice still climb correctly; the benefits are those of the space chosen. The targeted synergies
  Syn->X (``Corporation.synergy_targets``) advance their named tracker once with its benefits;
- ``biomass_symbol = "only_if_no_new_area"`` (``biomass_symbol``: ``biomass_symbol_advances``, from
  ``planet._symbol_advance`` and ``economy.placement_yield``); ``energy_choices = "not_biomass"`` is a base rule
  (``planet.energy_gain`` drops biomass for the ``board.NOT_BIOMASS`` hook pair);
- tech 2 and tech 5, patches on top of tiles and onto meteorites (``patch_squares``: ``patch_squares_on_tiles``
  from ``planet.patch_squares``; ``patch_on_tile``: ``clear_under_patch`` from ``planet.place_patch``);
- the anytime powers (``anytime``): tech 1 (reset the biomass tracker at the top to 0, any number of times) and
  tech 3 (a gained patch becomes 2, once per round). Tech 4 is Universal Coalition's ``store_biomass``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from playbook.core import Action
from playbook.core.checks import check_range
from playbook.core.errors import RulesDataError

from .actions import ChooseBiomassSpace, Gain
from .board import Board
from .components import TERRAIN_NAMES, Corporation, Phase, Terrain, Track
from .events import TokenMoved
from .geometry import areas
from .plugin import AnytimePower, CorporationPlugin
from .tracks import advance as advance_track
from .work import Pending, Work, gain

if TYPE_CHECKING:
    from .state import State

#: Tech powers whose code is here (``variants.CORPORATION_TECH_EFFECTS``); tech 4 is the standard store_biomass.
TECH_EFFECTS = ("reset_biomass", "patches_on_tiles", "double_biomass", "patch_destroys_meteorite")
#: In a ``Gain.BIOMASS_SPACE`` value (row | flags): the advance came without synergy (civ 21, Unionization).
NO_SYNERGY = 1 << 3
ROW = 0b111


# -- the biomass track: rows of two --------------------------------------------------------------------------
def biomass_rows(entry: Mapping[str, Any]) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
    """``Corporation`` fields from a ``corporations.toml`` entry whose biomass track is ``rows_of_two`` (its
    ``[biomass_rows]`` table: the rows, and the targeted synergies as (space, track)); empty otherwise."""
    if entry.get("track_paths", {}).get("biomass") != "rows_of_two":
        return (), ()
    table = entry.get("biomass_rows", {})
    rows = tuple((int(a), int(b)) for a, b in table.get("rows", []))
    targets = tuple(
        (int(t["position"]), TERRAIN_NAMES.index(str(t["track"]))) for t in table.get("targeted_synergy", [])
    )
    spaces = {p for row in rows for p in row}
    if not rows or not all(0 < a < b < 16 for a, b in rows) or any(p not in spaces for p, _ in targets):
        raise RulesDataError("corporations.toml: biomass_rows needs rows of two spaces 1-15 and targets on them")
    return rows, targets


def row_of(corporation: Corporation, position: int) -> int:
    """The row (0-4) the biomass tracker stands on at ``position``; -1 on the start space."""
    for index, row in enumerate(corporation.biomass_rows):
        if position in row:
            return index
    return -1


def _side(corporation: Corporation, position: int) -> int:
    row = row_of(corporation, position)
    return corporation.biomass_rows[row].index(position) if row >= 0 else 0


def at_top(corporation: Corporation, position: int) -> bool:
    """Ref 1.8: "The tracker is at the top on position 14 or 15"."""
    return position in corporation.biomass_rows[-1]


def can_advance(w: Work, seat: int) -> bool:
    """Below the top row, or at the top with tech 1 (an advance from the top restarts on the first row)."""
    corporation = w.corporations[seat]
    return not at_top(corporation, w.boards[seat].trackers[Track.BIOMASS]) or w.tech(seat, "reset_biomass")


def advance(w: Work, seat: int, reason: str, benefits: bool, synergy: bool) -> None:
    """One row up (tech 1: from the top row back to the first). The tracker keeps its side until the player
    chooses the space (``Gain.BIOMASS_SPACE``); an advance without benefits (event 68, event 86) has nothing to
    choose, so the tracker keeps its side (ruling in corporations.toml)."""
    corporation = w.corporations[seat]
    rows = corporation.biomass_rows
    start = w.boards[seat].trackers[Track.BIOMASS]
    row = row_of(corporation, start)
    if row == len(rows) - 1:
        if not w.tech(seat, "reset_biomass"):
            return  # ref 3.7: at the top the advance is simply lost
        row = -1
        reason += ", restarting on the first row from the top (tech 1)"
    w.move_tracker(seat, Track.BIOMASS, rows[row + 1][_side(corporation, start)], reason)
    if benefits and w.event_effect() != "no_milestones":
        gain(w, seat, Gain.BIOMASS_SPACE, row + 1 | (0 if synergy else NO_SYNERGY))


def regress(w: Work, seat: int, times: int, reason: str) -> None:
    """Down ``times`` rows (to the start space below the first), keeping the side: a regression gains nothing, so
    the space is no decision (ruling in corporations.toml)."""
    corporation = w.corporations[seat]
    start = w.boards[seat].trackers[Track.BIOMASS]
    row = row_of(corporation, start)
    if row < 0:
        return
    end = 0 if row - times < 0 else corporation.biomass_rows[row - times][_side(corporation, start)]
    w.move_tracker(seat, Track.BIOMASS, end, reason)


def space_options(w: Work, p: Pending) -> list[Action]:
    """Either space of the row the advance reached (the synergy or the biomass patch)."""
    return [ChooseBiomassSpace(position) for position in w.corporations[w.seat].biomass_rows[p.value & ROW]]


def choose_space(w: Work, p: Pending, action: Action, index: int) -> None:
    """Land on the chosen space (if the tracker is still on that row) and gain its benefits: a targeted synergy
    advances its named tracker once with benefits (also under event 122 and Unionization: ruling), a plain
    synergy lets the player choose, a biomass patch is gained."""
    if not isinstance(action, ChooseBiomassSpace):
        raise TypeError(f"{action!r} does not choose a biomass space")
    seat, position = w.seat, action.position
    corporation = w.corporations[seat]
    current = w.boards[seat].trackers[Track.BIOMASS]
    if current != position and current in corporation.biomass_rows[p.value & ROW]:
        w.move_tracker(seat, Track.BIOMASS, position, "the space chosen on its row")
    target = dict(corporation.synergy_targets).get(position)
    space = corporation.tracks[Track.BIOMASS][position]
    if target is not None:
        advance_track(w, seat, target, f"biomass space {position}: synergy to {TERRAIN_NAMES[target]}")
    elif space.synergy and not p.value & NO_SYNERGY and w.event_effect() != "no_synergy":
        gain(w, seat, Gain.SYNERGY)
    if space.biomass:
        gain(w, seat, Gain.BIOMASS)


def space_words(corporation: Corporation, position: int) -> str:
    """What a biomass space gives, for ``describe`` and views."""
    target = dict(corporation.synergy_targets).get(position)
    if target is not None:
        return f"synergy to {TERRAIN_NAMES[target]}"
    return "synergy" if corporation.tracks[Track.BIOMASS][position].synergy else "biomass patch"


# -- tile symbols and energy -----------------------------------------------------------------------------------
def symbol_advances(w: Work, seat: int) -> bool:
    """Ref 1.8: the biomass symbol of the tile just placed (``Board.last_tile``) advances only if the number of
    separate biomass areas did not increase (joining two areas counts; the first biomass tile gives nothing)."""
    return biomass_symbol_advances(w.boards[seat])


def biomass_symbol_advances(board: Board) -> bool:
    """``symbol_advances`` on a board (also a planned one: ``economy.placement_yield`` for the views and bots)."""
    biomass = board.terrain[Terrain.BIOMASS]
    return len(areas(biomass)) <= len(areas(biomass & ~board.last_tile))


# -- techs 2 and 5: patches on tiles and on meteorites ------------------------------------------------------------
def patch_squares_on_tiles(w: Work, seat: int, allowed: int) -> int:
    """Tech 2: tile squares (not a patch) may take a patch, but not a meteorite's square unless tech 5 applies.
    A tile square is always next to another square of its tile, so the anchoring rule holds."""
    board = w.boards[seat]
    found = allowed & board.covered & ~board.patches & ~board.meteorites
    if w.tech(seat, "patch_destroys_meteorite"):
        found |= allowed & board.meteorites
    return found


def clear_under_patch(w: Work, seat: int, bit: int) -> None:
    """A patch put on a tile hides what it covers: the square becomes biomass terrain with no symbol and no
    meteorite mark (ruling); a meteorite there is destroyed (tech 5)."""
    board = w.boards[seat]
    if board.meteorites & bit:
        w.add(TokenMoved(w.round, seat, "meteorite", "destroyed", bit.bit_length() - 1, -1))
    w.set_board(
        seat,
        terrain=tuple(layer & ~bit for layer in board.terrain),
        symbols=tuple(layer & ~bit for layer in board.symbols),
        meteor_marks=board.meteor_marks & ~bit,
        meteorites=board.meteorites & ~bit,
    )


# -- anytime powers: tech 1 (reset at the top) and tech 3 (two patches) ---------------------------------------------
def _offer_reset(w: Work, seat: int) -> bool:
    return w.phase == Phase.PLACE and at_top(w.corporations[seat], w.boards[seat].trackers[Track.BIOMASS])


def _use_reset(w: Work, seat: int) -> None:
    w.move_tracker(seat, Track.BIOMASS, 0, "Wormhole tech 1: reset from the top to 0")


def _waiting_patches(w: Work) -> int:
    return sum(p.gain == Gain.BIOMASS for p in w.pending)


def _offer_double(w: Work, seat: int) -> bool:
    """Tech 3, while a gained patch waits in the pool (and the supply holds one more)."""
    waiting = _waiting_patches(w) if seat == w.seat else 0
    return w.phase == Phase.PLACE and waiting > 0 and w.boards[seat].biomass_supply > waiting


def _use_double(w: Work, seat: int) -> None:
    gain(w, seat, Gain.BIOMASS)


#: Anytime powers with a use limit (section 3.12); tech 1 has none, so it is only offered and used.
ANYTIME = {"double_biomass": "per_round"}
OFFER: dict[str, Callable[[Work, int], bool]] = {"reset_biomass": _offer_reset, "double_biomass": _offer_double}
USE: dict[str, Callable[[Work, int], None]] = {"reset_biomass": _use_reset, "double_biomass": _use_double}


# -- the plug-in's hooks ------------------------------------------------------------------------------------------
def _can_advance(w: Work, seat: int, track: int) -> bool | None:
    """The biomass track's rows (``None``: another track, the standard rule)."""
    return can_advance(w, seat) if track == Track.BIOMASS else None


def _advance(w: Work, seat: int, track: int, reason: str, benefits: bool, synergy: bool) -> bool:
    if track != Track.BIOMASS:
        return False
    advance(w, seat, reason, benefits, synergy)
    return True


def _regress(w: Work, seat: int, track: int, times: int, reason: str) -> bool:
    if track != Track.BIOMASS:
        return False
    regress(w, seat, times, reason)
    return True


def _read_entry(entry: Mapping[str, Any], corporation: Corporation) -> Corporation:
    rows, targets = biomass_rows(entry)  # the biomass track's rows of two, the targeted synergies
    return corporation._replace(biomass_rows=rows, synergy_targets=targets)


def _check_space(state: State, corporation: Corporation, where: str, value: int) -> None:
    check_range(f"{where} (row)", value & ROW, 0, len(corporation.biomass_rows) - 1)


def _space_choice_words(corporation: Corporation, action: ChooseBiomassSpace) -> str:
    return f"biomass tracker to space {action.position}: {space_words(corporation, action.position)}"


#: The plug-in (``plugin.py``), registered in ``corporations.py``; tech 1 has no use limit (``None``).
PLUGIN = CorporationPlugin(
    "wormhole",
    techs=TECH_EFFECTS,
    anytime={power: AnytimePower(ANYTIME.get(power), OFFER[power], USE[power]) for power in OFFER},
    patch_squares={"patches_on_tiles": patch_squares_on_tiles},
    options={Gain.BIOMASS_SPACE: space_options},
    resolvers={ChooseBiomassSpace: choose_space},
    gain_limits={Gain.BIOMASS_SPACE: ROW | NO_SYNERGY},
    pending_checks={Gain.BIOMASS_SPACE: _check_space},
    action_words={ChooseBiomassSpace: _space_choice_words},
    can_advance=_can_advance,
    advance=_advance,
    regress=_regress,
    biomass_symbol=biomass_symbol_advances,
    patch_on_tile=clear_under_patch,
    read_entry=_read_entry,
)
