"""Jump Drive (reference 1.4; rulebook "Jump Drive"): lifepods unlock its six techs, and the code of those techs.

Jump Drive is the one corporation whose tech track has no tech milestones (hook ``tech_unlock = "lifepod_slots"``):
each collected lifepod, from a rover, a civ card or an event (FAQ A14), may go on a tech slot not yet unlocked,
which unlocks that tech at once and in any order, or in the scoring area. The base rules reach this module only
through its ``PLUGIN`` (``plugin.py``, registered in ``corporations.py``), so the standard game pays one cheap
table look-up at each point:

- ``lifepod_collected`` (``lifepods.on_collected``): the decision ``Gain.LIFEPOD_SLOT``, resolved by
  ``SlotLifepod(slot)``. ``Board.tech_slots`` holds one bit per slot with a lifepod, and ``board.has_tech`` reads
  it. A lifepod put on a slot leaves ``lifepods_collected``, which therefore counts the scoring area only (hook
  ``lifepod_scoring = "scoring_area_only"``): lifepod points, civ 28, event 114 and the lifepod objectives read
  it unchanged;
- tech 1 ``biomass_options`` (``gains._biomass``: ``biomass_swap``): a pending biomass patch offers
  ``SynergyInstead()``;
- tech 2 ``rover_jumps`` (``powers.civ_jumps``: ``terrain_jumps``): ``TeleportRover`` for 1 movement to a square
  of the same terrain; ``after_jump`` (``gains.resolve_at``: ``jumped``) marks it used;
- tech 3 ``synergy_options`` (``gains._tracks``: ``double_synergies``): a synergy offers
  ``ChooseTrack(track, Gain.DOUBLE_SYNERGY)``, resolved by ``track_choices`` (``resolve_track``);
- tech 4 ``symbol_instead`` (``planet._symbol_advance``: ``tech_as_energy``): a placed tech symbol becomes the
  choice ``Gain.TECH_AS_ENERGY`` (its tech track or a terrain next to it);
- techs 5 and 6 are anytime powers (``UsePower``, ``anytime``): every benefit of one row (``Gain.ROW``), and a
  drawn objective that every player competes for (``Gain.SHARED_OBJECTIVE``, ``ShareObjective(card)``, scored by
  ``shared_points`` through ``neighbour_points``, from ``scoring.all_breakdowns``);
- its gains' options, resolvers, refusals and loaded bounds (``options``, ``resolvers``, ``refusals``,
  ``gain_limits``, ``pending_checks``, ``board_check``).

Once-per-round techs (1-3) record their use in ``Board.powers_used`` like the anytime powers, so
``powers.reset_round_powers`` frees them at round start.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from playbook.core import Action
from playbook.core.checks import check_ids

from .actions import ChooseTrack, Gain, ShareObjective, SlotLifepod, SynergyInstead
from .board import Board, track_tables
from .components import Components, Corporation, Phase, Terrain, Track
from .events import GainLost, TokenMoved
from .geometry import PlanetMasks, flood, neighbours, squares
from .objectives import neighbour_value
from .planets import energy_layer
from .plugin import AnytimePower, CorporationPlugin
from .tracks import _benefits, advance, advanceable
from .work import Pending, Work, gain

if TYPE_CHECKING:
    from .state import State

#: The tech powers coded here (``variants.CORPORATION_TECH_EFFECTS``), by level.
TECHS = (
    "synergy_for_biomass", "rover_jump_same_terrain", "double_synergy", "tech_as_energy", "row_benefits",
    "shared_objective",
)  # fmt: skip
SLOTS = 6
ALL_SLOTS = (1 << SLOTS) - 1
#: Powers whose use Jump Drive records (techs 1-3 per round, 5 and 6 per game; reference 3.12).
ANYTIME = {
    "synergy_for_biomass": "per_round",
    "rover_jump_same_terrain": "per_round",
    "double_synergy": "per_round",
    "row_benefits": "per_game",
    "shared_objective": "per_game",
}
#: How many objective cards tech 6 draws (the data's ``value``); ids fit in 8 bits, packed into a gain's value.
DRAWN = 3


# -- lifepods on tech slots ---------------------------------------------------------------------------------------
def lifepod_collected(w: Work, seat: int) -> None:
    """Reference 1.4: "Each time you collect a lifepod you may put it on one of your 6 tech slots or in your scoring
    area". The acting seat decides; with every slot full it simply stays in the scoring area."""
    if w.boards[seat].tech_slots != ALL_SLOTS:
        gain(w, seat, Gain.LIFEPOD_SLOT)


def slot_levels(board: Board) -> list[int]:
    """The tech levels whose slot holds a lifepod (unlocked)."""
    return [level for level in range(1, SLOTS + 1) if board.tech_slots >> (level - 1) & 1]


def _slot_options(w: Work, p: Pending) -> list[Action]:
    board = w.board
    if board.lifepods_collected <= 0:  # lost meanwhile (event 114): nothing left to place
        return []
    free = [SlotLifepod(level) for level in range(1, SLOTS + 1) if not board.tech_slots >> (level - 1) & 1]
    return [*free, SlotLifepod(0)]


def _place_lifepod(w: Work, p: Pending, action: Action, index: int) -> None:
    if not isinstance(action, SlotLifepod):
        raise TypeError(action)
    seat, board = w.seat, w.board
    if action.slot == 0:
        w.add(TokenMoved(w.round, seat, "lifepod", "kept in the scoring area", -1, -1))
        return
    slots = board.tech_slots | 1 << (action.slot - 1)
    w.set_board(seat, tech_slots=slots, lifepods_collected=board.lifepods_collected - 1)
    w.add(TokenMoved(w.round, seat, "lifepod", f"put on tech slot {action.slot} (tech {action.slot} unlocked)", -1, -1))


# -- tech 1: a synergy instead of a biomass patch ------------------------------------------------------------------
def biomass_swap(w: Work, p: Pending) -> list[Action]:
    """Tech 1, once per round: a pending biomass patch (not an end-of-game stored one) may become a synergy."""
    seat = w.seat
    if p.gain != Gain.BIOMASS or not w.tech(seat, "synergy_for_biomass"):
        return []
    if "synergy_for_biomass" in w.board.powers_used or not advanceable(w, seat):
        return []
    return [SynergyInstead()]


def _swap(w: Work, p: Pending, action: Action, index: int) -> None:
    _mark(w, "synergy_for_biomass")
    w.pending.insert(index, Pending(Gain.SYNERGY))


# -- tech 2: a rover jumps to matching terrain ---------------------------------------------------------------------
def terrain_jumps(w: Work, seat: int) -> list[tuple[int, int]]:
    """Tech 2, once per round, for 1 movement: a rover on a covered square jumps to any free square of the same
    terrain (a teleport: the planet's step rules do not apply, as for Republic tech 3)."""
    board = w.boards[seat]
    if "rover_jump_same_terrain" in board.powers_used:
        return []
    occupied = sum(1 << r for r in board.rovers)
    found: list[tuple[int, int]] = []
    for r in board.rovers:
        for layer in board.terrain:
            if layer >> r & 1:
                found.extend((r, t) for t in squares(layer & ~occupied))
                break
    return found


def jumped(w: Work) -> None:
    """A paid teleport was made: with tech 2 it was Jump Drive's jump (its once-per-round use)."""
    if w.tech(w.seat, "rover_jump_same_terrain"):
        _mark(w, "rover_jump_same_terrain")


# -- tech 3: a synergy twice -----------------------------------------------------------------------------------------
def double_synergies(w: Work, found: list[Action]) -> list[Action]:
    """Tech 3, once per round: each track a synergy may pick may instead be advanced twice."""
    if "double_synergy" in w.board.powers_used:
        return []
    return [ChooseTrack(a.track, Gain.DOUBLE_SYNERGY) for a in found if isinstance(a, ChooseTrack)]


# -- tech 4: a tech symbol as an energy symbol -----------------------------------------------------------------------
def tech_as_energy(w: Work, seat: int, symbol: int) -> None:
    """Tech 4, per tile: the placed tech symbol may act as an energy symbol. The choice (``Gain.TECH_AS_ENERGY``)
    is the tech track itself (the ruling: the card says "may") or a terrain next to the tech square or to an energy
    area joined to it."""
    board = w.boards[seat]
    energy = energy_layer(w.planets[seat], board)
    area = symbol | flood(neighbours(symbol) & energy, energy)
    touching = neighbours(area) & board.covered & ~area
    mask = sum(1 << t for t in range(5) if touching & board.terrain[t]) | 1 << Track.TECH
    if not advanceable(w, seat, mask):
        w.add(GainLost(w.round, seat, "tech advance (no track can advance)"))
        return
    gain(w, seat, Gain.TECH_AS_ENERGY, mask)


def _tech_options(w: Work, p: Pending) -> list[Action]:
    return [ChooseTrack(t, Gain.TECH_AS_ENERGY) for t in advanceable(w, w.seat, p.value)]


# -- tech 5: every benefit of a row ----------------------------------------------------------------------------------
def _row_options(w: Work, p: Pending) -> list[Action]:
    """Rulebook: "A row consists of 5 resource track positions ... as designated by the current tracker position":
    the row at the height of one of the seat's trackers (one choice per height; height 0 has no benefit)."""
    heights: dict[int, int] = {}
    for track, position in enumerate(w.board.trackers):
        if position > 0:
            heights.setdefault(position, track)
    return [ChooseTrack(track, Gain.ROW) for track in heights.values()]


def row_benefits(w: Work, seat: int, row: int) -> None:
    """Gain the benefits (not the medals) of the 5 spaces at height ``row``, track by track."""
    for track in range(5):
        if row < len(w.corporations[seat].tracks[track]):
            _benefits(w, seat, track, row, True)


# -- tech 6: an objective every player competes for ------------------------------------------------------------------
def _draw_objectives(w: Work, seat: int) -> None:
    cards, w.objective_deck = w.objective_deck[:DRAWN], w.objective_deck[DRAWN:]
    gain(w, seat, Gain.SHARED_OBJECTIVE, sum(card << 8 * i for i, card in enumerate(cards)))


def drawn_cards(value: int) -> list[int]:
    """The objective cards packed into a ``Gain.SHARED_OBJECTIVE`` value (8 bits each)."""
    return [value >> 8 * i & 0xFF for i in range(DRAWN) if value >> 8 * i & 0xFF]


def _objective_options(w: Work, p: Pending) -> list[Action]:
    return [ShareObjective(card) for card in drawn_cards(p.value)]


def _share(w: Work, p: Pending, action: Action, index: int) -> None:
    if not isinstance(action, ShareObjective):
        raise TypeError(action)
    board = w.board
    w.set_board(w.seat, shared_objectives=(*board.shared_objectives, action.card))


def shared_points(
    won: list[int], boards: Sequence[Board], c: Components, masks: Sequence[PlanetMasks],
    corporations: Sequence[Corporation],
) -> list[int]:  # fmt: skip
    """``won`` plus the tech-6 objectives: each compares every player (``NOCard::competeAll``), 5 to a sole
    leader (``neighbour_win``), 2 to each tied leader (``neighbour_tie``)."""
    points = list(won)
    tops = [track_tables(corporation).top for corporation in corporations]
    for board in boards:
        for card in board.shared_objectives:
            info = c.objective(card)
            values = [neighbour_value(info, b, c, masks[s], tops[s]) for s, b in enumerate(boards)]
            leaders = [s for s, v in enumerate(values) if v == max(values)]
            prize = c.scoring.neighbour_win if len(leaders) == 1 else c.scoring.neighbour_tie
            for s in leaders:
                points[s] += prize
    return points


# -- refusals ---------------------------------------------------------------------------------------------------------
def why_not(w: Work, action: Action) -> str:
    """Why a Jump Drive pool action is refused (``moves.PoolMove.why_not``), in the reference's words where it can."""
    kinds = {p.gain for p in w.pending}
    if isinstance(action, SlotLifepod):
        if Gain.LIFEPOD_SLOT not in kinds:
            return "no collected lifepod is waiting to be placed on a tech slot or in the scoring area"
        if not 0 <= action.slot <= SLOTS:
            return "a lifepod goes on tech slot 1-6, or 0 for the scoring area"
        return f"tech slot {action.slot} already holds a lifepod: only slots not yet unlocked can be chosen"
    if isinstance(action, SynergyInstead):
        if not w.tech(w.seat, "synergy_for_biomass"):
            return "a synergy instead of a biomass patch needs tech 1 unlocked (a lifepod on tech slot 1)"
        if "synergy_for_biomass" in w.board.powers_used:
            return "tech 1 was used this round already (once per round)"
        if Gain.BIOMASS not in kinds:
            return "no biomass patch is pending to take as a synergy"
        return "no tracker can advance, so there is no synergy to take"
    if isinstance(action, ShareObjective):
        drawn = [card for p in w.pending if p.gain == Gain.SHARED_OBJECTIVE for card in drawn_cards(p.value)]
        if not drawn:
            return "no objective cards were drawn with tech 6"
        return f"keep one of the drawn objective cards: {', '.join(map(str, drawn))}"
    return "that does not resolve any of your pending gains in a legal way"


# -- anytime powers and dispatch tables ------------------------------------------------------------------------------
def _mark(w: Work, power: str) -> None:
    w.set_board(w.seat, powers_used=(*w.board.powers_used, power))


def _offer_row(w: Work, seat: int) -> bool:
    return w.phase == Phase.PLACE and any(w.boards[seat].trackers)


def _offer_objective(w: Work, seat: int) -> bool:
    return w.phase == Phase.PLACE and bool(w.objective_deck)


def _use_row(w: Work, seat: int) -> None:
    gain(w, seat, Gain.ROW)


#: Techs 1-3 are used through the choices they add (never as ``UsePower``), so only techs 5 and 6 are offered.
OFFER: dict[str, Callable[[Work, int], bool]] = {
    "row_benefits": _offer_row,
    "shared_objective": _offer_objective,
}
USE: dict[str, Callable[[Work, int], None]] = {"row_benefits": _use_row, "shared_objective": _draw_objectives}
OPTIONS: dict[Gain, Callable[[Work, Pending], list[Action]]] = {
    Gain.LIFEPOD_SLOT: _slot_options,
    Gain.TECH_AS_ENERGY: _tech_options,
    Gain.ROW: _row_options,
    Gain.SHARED_OBJECTIVE: _objective_options,
}
RESOLVERS: dict[type[Action], Callable[[Work, Pending, Action, int], None]] = {
    SlotLifepod: _place_lifepod,
    SynergyInstead: _swap,
    ShareObjective: _share,
}
#: ``ChooseTrack`` gains whose resolution is Jump Drive's (``gains._track`` hands them to ``resolve_track``).
TRACK_GAINS = frozenset({Gain.DOUBLE_SYNERGY, Gain.ROW})


def resolve_track(w: Work, p: Pending, action: ChooseTrack) -> None:
    """Tech 3 (the chosen tracker advances twice, with benefits each time) or tech 5 (the row at that tracker)."""
    seat = w.seat
    if action.gain == Gain.ROW:
        row_benefits(w, seat, w.board.trackers[action.track])
        return
    _mark(w, "double_synergy")
    advance(w, seat, action.track, "synergy (Jump Drive tech 3: twice)")
    advance(w, seat, action.track, "synergy (Jump Drive tech 3: twice)")


# -- the plug-in's hooks ------------------------------------------------------------------------------------------
def _track_choice(w: Work, p: Pending, action: ChooseTrack) -> None:
    resolve_track(w, p, action)


def _board_check(seat: int, board: Board, corporation: Corporation) -> str:
    """The tech slots: six bits, and only on a Jump Drive board."""
    slots = corporation.hook("lifepods") == "tech_slot"
    if not 0 <= board.tech_slots <= ALL_SLOTS or (board.tech_slots and not slots):
        return "tech_slots must be Jump Drive's 6 slot bits (0 for any other corporation)"
    return ""


def _check_drawn(state: State, corporation: Corporation, where: str, value: int) -> None:
    objective_ids = {card.id for card in state.rules.c.objectives}
    check_ids(where, drawn_cards(value), objective_ids, "an objective card")


def _shared_points(
    won: list[int], boards: Sequence[Board], c: Components, masks: Sequence[PlanetMasks],
    corporations: Sequence[Corporation],
) -> list[int]:  # fmt: skip
    """Tech 6's objectives, when some board holds one (``shared_points``)."""
    if not any(board.shared_objectives for board in boards):
        return won
    return shared_points(won, boards, c, masks, corporations)


#: The plug-in (``plugin.py``), registered in ``corporations.py``.
PLUGIN = CorporationPlugin(
    "jump_drive",
    techs=TECHS,
    recorded={power: limit for power, limit in ANYTIME.items() if power not in OFFER},
    anytime={power: AnytimePower(ANYTIME[power], OFFER[power], USE[power]) for power in OFFER},
    rover_jumps={"rover_jump_same_terrain": terrain_jumps},
    after_jump={"rover_jump_same_terrain": jumped},
    synergy_options={"double_synergy": double_synergies},
    biomass_options={"synergy_for_biomass": biomass_swap},
    symbol_instead={"tech_as_energy": (Terrain.TECH, tech_as_energy)},
    options=OPTIONS,
    resolvers=RESOLVERS,
    track_choices=dict.fromkeys(TRACK_GAINS, _track_choice),
    refusals=dict.fromkeys(RESOLVERS, why_not),
    gain_limits={Gain.SHARED_OBJECTIVE: (1 << 8 * DRAWN) - 1},
    pending_checks={Gain.SHARED_OBJECTIVE: _check_drawn},
    board_check=_board_check,
    neighbour_points=_shared_points,
    lifepod_collected=lifepod_collected,
)
