"""A designer's changes to a corporation's tracks, as a ``Rules`` variant (issue 14's balance lesson).

Balancing asymmetric starts means trying a change and measuring it, so a change must be a ``Rules`` option a
tournament or a sweep can play, not a fork of the data file: ``Rules(track_edits=(("republic", "rover", 6,
"m2+ROV"),))`` gives Republic a new rover on rover space 6. An edit is (corporation key, track name, position,
token); the token is the data file's language (``corporations.toml`` header: ``M<n>`` medal, ``m<k>`` movement,
``SYN``, ``CIV``, ``BIO``, ``TECH``, ``ROV``, joined by ``+``; ``""`` is an empty space) and replaces the whole
space. ``"standard"`` (or ``"universal_coalition"``) edits Universal Coalition.

Edits are checked when the ``Rules`` are made (``check_track_edits``: a ``RulesDataError`` names the bad entry, and
no ``Rules`` exist) and applied in ``Rules.corporation(seat)`` (``edited``), so every part of the engine (gains,
scoring, set-up's rover supply) sees the edited board, and ``Rules.to_dict`` saves them with a game.

What an edit may not change, because other rules count it: the number of civ milestones (the civ card rank is
read from how many a tracker has passed, ``civ_ranks``) and of tech milestones (each one unlocks the next tech
power); civ and tech milestones, new rovers and movement stay on their own tracks, as on every printed board. A
milestone moves with two edits (remove it here, add it there): the counts are checked after all of them.

An edit changes the printed board only: tables a corporation's own module reads from the data file by key stay as
printed (Flux's upgraded spaces, ``[corporations.flux.upgraded]``, paid while its tech 3 is the active one; Oasis's
water path keeps its steps, and an edit to a space the path crosses changes what that step pays).

The bots read a seat's board through ``seat_corporation`` (its key and the ``track_edits``, both public), so
they value medals by the edited board, as a player who knows the change would: a measured change includes how
the bots play it, and a change that alters their moves alters the rival's game too. A player who adapts
further than these greedy bots may do better or worse with it.

Also here: ``check_implemented``, the refusal of a custom ``standard.toml`` whose planet edge or corporation techs
the standard engine does not implement (the other way a designer changes the data).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from playbook.core import DataReader
from playbook.core.errors import RulesDataError

from .components import EDGE_RULES, TECH_EFFECTS, TERRAIN_NAMES, Corporation, Planet, Space, Track, _space
from .variants import STANDARD_KEYS, corporation_keys, corporation_table

TrackEdit = tuple[str, str, int, str]
TRACK_NAMES = TERRAIN_NAMES[:5]
#: Benefits that stay on one track (the engine reads them there only): flag -> the track that may hold it.
OWN_TRACK = {"civ": Track.CIV, "tech": Track.TECH, "rover": Track.ROVER, "movement": Track.ROVER}
_WHERE = DataReader("rules", {})


def check_track_edits(edits: object, standard: Corporation) -> tuple[TrackEdit, ...]:
    """``edits`` as a tuple of ``(key, track, position, token)`` tuples, or a ``RulesDataError`` naming the first
    bad entry (``standard`` is this ``Rules``' Universal Coalition board)."""
    if not isinstance(edits, tuple | list):
        raise RulesDataError("rules: track_edits must be a list of [corporation, track, position, token] entries")
    found: list[TrackEdit] = []
    seen: dict[tuple[str, str, int], int] = {}
    for index, edit in enumerate(edits):
        checked = _check_edit(index, edit, standard)
        spot = (_canonical(checked[0]), checked[1], checked[2])
        if spot in seen:
            raise _fail(index, edit, f"edits the same space as track_edits[{seen[spot]}]")
        seen[spot] = index
        found.append(checked)
    result = tuple(found)
    for key in sorted({_canonical(edit[0]) for edit in result}):
        _check_milestones(key, _board(key, standard), result)
    return result


def _check_edit(index: int, edit: object, standard: Corporation) -> TrackEdit:
    if not isinstance(edit, tuple | list) or len(edit) != 4:
        raise _fail(index, edit, "must be [corporation, track, position, token]")
    key, track, position, token = edit
    if not isinstance(key, str) or not (key in STANDARD_KEYS or key in corporation_keys()):
        raise _fail(index, edit, f"names no corporation; known: standard, {', '.join(corporation_keys())}")
    if track not in TRACK_NAMES:
        raise _fail(index, edit, f"names no track; tracks: {', '.join(TRACK_NAMES)}")
    spaces = _board(key, standard).tracks[TRACK_NAMES.index(track)]
    if isinstance(position, bool) or not isinstance(position, int) or not 0 <= position < len(spaces):
        raise _fail(index, edit, f"position must be 0-{len(spaces) - 1} on the {track} track")
    if not isinstance(token, str):
        raise _fail(index, edit, "token must be a string such as 'M2', 'm2+ROV' or ''")
    space = _space(_WHERE, f"track_edits[{index}] {list(edit)!r}", token)
    for flag, home in OWN_TRACK.items():
        if getattr(space, flag) and TRACK_NAMES.index(track) != home:
            raise _fail(index, edit, f"puts {flag} on the {track} track; it stays on the {TRACK_NAMES[home]} track")
    return (key, track, position, token)


def _check_milestones(key: str, board: Corporation, edits: tuple[TrackEdit, ...]) -> None:
    after = edited(board, edits)
    for flag, track in (("civ", Track.CIV), ("tech", Track.TECH)):
        before_count = sum(getattr(space, flag) for space in board.tracks[track])
        after_count = sum(getattr(space, flag) for space in after.tracks[track])
        if before_count != after_count:
            raise RulesDataError(
                f"rules: track_edits leave {key!r} with {after_count} {flag} milestones instead of {before_count}; "
                "move a milestone with two edits (other rules count them)"
            )


@functools.cache
def edited(corporation: Corporation, edits: tuple[TrackEdit, ...]) -> Corporation:
    """``corporation`` with the edits that name it (checked ones: ``check_track_edits``); its rover supply is
    recounted from the rover track, as the data reader counts it."""
    mine = [(track, position, token) for key, track, position, token in edits if _canonical(key) == corporation.key]
    if not mine:
        return corporation
    tracks = [list(spaces) for spaces in corporation.tracks]
    for track, position, token in mine:
        tracks[TRACK_NAMES.index(track)][position] = _space(_WHERE, "track_edits", token)
    final = tuple(tuple(spaces) for spaces in tracks)
    return corporation._replace(tracks=final, rovers=sum(space.rover for space in final[Track.ROVER]))


def space_token(space: Space) -> str:
    """A space in the data file's token language, movement first as the data writes it (``m2+M1``): how a lesson
    shows a space before and after an edit."""
    parts = [f"m{space.movement}"] if space.movement else []
    parts += [f"M{space.medal}"] if space.medal else []
    parts += [token for flag, token in _FLAGS if getattr(space, flag)]
    return "+".join(parts)


_FLAGS = (("synergy", "SYN"), ("civ", "CIV"), ("biomass", "BIO"), ("tech", "TECH"), ("rover", "ROV"))


def _canonical(key: str) -> str:
    return "standard" if key in STANDARD_KEYS else key


def _board(key: str, standard: Corporation) -> Corporation:
    """The printed board of ``key`` (an edit may name a corporation the engine does not play yet)."""
    return standard if key in STANDARD_KEYS else corporation_table(key)


def _fail(index: int, edit: object, problem: str) -> RulesDataError:
    shown = list(edit) if isinstance(edit, tuple | list) else edit
    return RulesDataError(f"rules: track_edits[{index}] {shown!r} {problem}")


def check_implemented(reader: DataReader, planet: Planet, corporation: Corporation) -> None:
    """The readers accept any corporation and planet table (issue 14's data too); the standard engine refuses
    those whose rules it does not implement yet, by name, rather than playing them as the standard pair."""
    if planet.edge not in EDGE_RULES:
        raise reader.fail("planet.edge", f"{planet.edge!r} is not implemented; known: {', '.join(EDGE_RULES)}")
    for tech in corporation.techs:
        if tech not in TECH_EFFECTS:
            known = ", ".join(TECH_EFFECTS)
            raise reader.fail("corporation.techs", f"{tech!r} is not an implemented tech; known: {known}")


def seat_corporation(observation: Mapping[str, Any], seat: int, standard: Corporation) -> Corporation:
    """The board ``seat`` plays, read from what any seat sees: its key in ``corporations`` and the designer's
    ``track_edits`` (both public). Bots and views read a seat's board through this one function."""
    keys = observation.get("corporations") or ()
    key = str(keys[seat]) if seat < len(keys) else "standard"
    edits = tuple((str(e[0]), str(e[1]), int(e[2]), str(e[3])) for e in observation.get("track_edits", ()))
    return edited(_board(key, standard), edits)
