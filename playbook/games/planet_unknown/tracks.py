"""Resource trackers: advancing with benefits, the top (rover exception), regressing, synergy choices."""

from __future__ import annotations

from .actions import Gain
from .components import Phase, Space, Track
from .events import GainLost, TrackerMoved
from .plugin import MOVEMENT_BONUS, rules_of
from .powers import next_position, on_civ_milestone, space_of
from .rulebook import claims_benefits, may_advance, regress_position
from .work import Work, add_movement, gain


def can_advance(w: Work, seat: int, track: int) -> bool:
    """May a choice (synergy, energy, card) pick this track? Not at its top (except the rover track), nor
    blocked by another tracker (Oasis)."""
    corporation = w.corporations[seat]
    board = w.boards[seat]
    if not corporation.hooks and not corporation.biomass_rows and not board.track_lifepods[track]:
        # Universal Coalition, no lifepod on the track: the usual case, asked for every track of every choice, so
        # it is answered without ``next_position`` (which then says "the next space, if not past the top")
        return may_advance(board.trackers[track], w.tables_of(seat).top[track], track == Track.ROVER)
    own = rules_of(corporation).can_advance  # a tracker that moves its own way (Makeshift, Wormhole's biomass)
    if own is not None:
        found = own(w, seat, track)
        if found is not None:
            return found
    position = w.boards[seat].trackers[track]
    if track == Track.ROVER and position >= w.tables_of(seat).top[track]:
        return True
    return next_position(w, seat, track, position) is not None


def advanceable(w: Work, seat: int, mask: int = 0b11111) -> list[int]:
    return [t for t in range(5) if mask >> t & 1 and can_advance(w, seat, t)]


def advance(w: Work, seat: int, track: int, reason: str, *, benefits: bool = True, synergy: bool = True) -> None:
    """One step up ``track`` for ``seat``, gaining the benefits of the space landed on."""
    rules = rules_of(w.corporations[seat])
    if rules.advance is not None and rules.advance(w, seat, track, reason, benefits, synergy):
        return  # the corporation's own step (Makeshift: a decision among free spaces; Wormhole: a biomass row)
    board = w.boards[seat]
    start = board.trackers[track]
    top = w.tables_of(seat).top[track]
    end = next_position(w, seat, track, start)
    if board.track_lifepods[track] >> top & 1:  # Cosmos: the virtual 16 over a covered rover 15 pays nothing
        benefits = benefits and end != top
    if start >= top:
        if track == Track.ROVER and benefits and w.event_effect() != "no_milestones":
            space = (
                w.corporations[seat].tracks[track][top]
                if rules.track_space is None
                else rules.track_space(w, seat, track, top)
            )
            _movement(w, seat, space.movement)  # correction 2: top again
            w.add(TrackerMoved(w.round, seat, track, start, start, reason + ", at the top"))
        return
    if end is None:
        w.add(GainLost(w.round, seat, f"{reason} advance (the space ahead holds another tracker)"))
        return
    w.move_tracker(seat, track, end, reason)
    if not w.rules.reclaim_benefits_after_regression:  # a table paying each space once
        benefits = _first_reach(w, seat, track, start, end) and benefits
    if rules.pay_advance is not None:  # the corporation pays its own spaces (Flux: its upgraded flux track)
        rules.pay_advance(w, seat, track, end, benefits and w.event_effect() != "no_milestones", synergy)
        return
    if benefits and w.event_effect() != "no_milestones":
        _benefits(w, seat, track, end, synergy)


def _first_reach(w: Work, seat: int, track: int, start: int, end: int) -> bool:
    """Does ``end`` pay, at a table paying each space once (``rulebook.claims_benefits``)? The highest position
    reached (``Board.reached``, or ``start``, where the tracker stood: a corporation's own move may have put it
    higher) is raised to ``end`` whether or not this advance pays (an event's advance "with no benefits" reaches
    the space too)."""
    reached = w.boards[seat].reached
    highest = max(reached[track], start)
    if end > reached[track]:
        w.set_board(seat, reached=(*reached[:track], end, *reached[track + 1 :]))
    return claims_benefits(end, highest, reclaim_after_regression=False)


def _benefits(w: Work, seat: int, track: int, position: int, synergy: bool) -> None:
    track, position = space_of(w.corporations[seat], track, position)  # Oasis's water path lands on other tracks
    pay_space(w, seat, w.corporations[seat].tracks[track][position], w.tables_of(seat).civ_rank[position], synergy)


def pay_space(w: Work, seat: int, space: Space, rank: int, synergy: bool, times: int = 1) -> None:
    """A track space's benefits: its synergy and biomass patch ``times`` times (Flux's upgraded spaces pay some
    twice), a civ milestone of ``rank``, a new rover, its movement."""
    if space.synergy and synergy and w.event_effect() != "no_synergy":
        for _ in range(times):
            gain(w, seat, Gain.SYNERGY)
    if space.civ:
        w.civ_queue[seat] = (*w.civ_queue[seat], rank)
        on_civ_milestone(w, seat)
    if space.biomass:
        for _ in range(times):
            gain(w, seat, Gain.BIOMASS)
    if space.rover:
        if w.boards[seat].rover_supply > 0:
            gain(w, seat, Gain.ROVER)
        else:
            w.add(GainLost(w.round, seat, "new rover (none left in supply)"))
    if space.movement:
        _movement(w, seat, space.movement)


def _movement(w: Work, seat: int, points: int) -> None:
    bonus = 1 if w.tech(seat, "rover_movement_plus_one") else 0
    for tech, more in MOVEMENT_BONUS.items():  # plug-ins: Makeshift tech 2
        if w.tech(seat, tech):
            bonus += more(w, seat)
    add_movement(w, seat, points + bonus)


def regress(w: Work, seat: int, track: int, times: int, reason: str) -> None:
    """Down ``times`` steps (as far as possible), with no benefits; techs above are lost (they are live)."""
    rules = rules_of(w.corporations[seat])
    if rules.regress is not None and rules.regress(w, seat, track, times, reason):
        return  # the corporation's own regression (Wormhole: biomass rows down, keeping the side)
    board = w.boards[seat]
    start = board.trackers[track]
    # Makeshift: straight down, not past another piece; Cosmos: over lifepods too
    end = regress_position(start, times) if rules.regress_end is None else rules.regress_end(board, track, times)
    if end == start:
        return
    w.move_tracker(seat, track, end, reason)


def can_regress(w: Work, seat: int, track: int) -> bool:
    """May a regression pick this tracker? Above 0 (Makeshift: and the space below is free)."""
    own = rules_of(w.corporations[seat]).can_regress  # Makeshift: the space below free; Cosmos: uncovered
    if own is not None:
        return own(w.boards[seat], track)
    return w.boards[seat].trackers[track] > 0


def unionization(w: Work, seat: int, target: int) -> None:
    """Civ 21 (correction 1): every tracker below ``target`` steps up to it, gaining all but synergy."""
    own = rules_of(w.corporations[seat]).unionization  # Makeshift: straight up the track each stands on
    if own is not None:
        own(w, seat, target)
        return
    for track in range(5):
        while w.boards[seat].trackers[track] < min(target, w.tables_of(seat).at_top[track]):
            before = w.boards[seat].trackers[track]
            advance(w, seat, track, "Unionization", synergy=False)
            if w.boards[seat].trackers[track] == before:  # blocked (Oasis)
                break


def civ_phase_now(w: Work) -> bool:
    """Civ milestones are taken at once outside the placement phase (events, civ phase, end)."""
    return w.phase != Phase.PLACE
