"""The rulebook's rules that are arithmetic or lookups, as small pure functions named after the clause they implement.

Each docstring quotes the rulebook (``/work/shared/rules/planet_unknown.txt``) or the reference's glossary and
works the clause through (the doctests run with the tests: ``tests/planet_unknown/test_rulebook.py``). The engine
(``board.py``, ``tracks.py``, ``planet.py``, ``flow.py``, ``scoring.py``) and the lessons call these, so a rule
lives in one place. What needs the game's state (whose turn, the pools of pending gains, the corporations'
plug-ins) stays in those modules; they hand these functions plain numbers and bitboards.
"""

from __future__ import annotations

from collections.abc import Sequence

from .geometry import neighbours

# -- resource tracks --------------------------------------------------------------------------------------------


def medals_reached(medals: Sequence[int]) -> tuple[int, ...]:
    """ "Medals: You claim the highest medal (point) value you reached at the end of the game."

    ``medals`` is a track's medal per space (0: none); the answer is, per tracker position, the medal it scores:
    the nearest medal at or below it (on a track whose medals only rise, as Universal Coalition's, the highest).
    Universal Coalition's water track: M1 on 2, M2 on 4, M3 on 6 ... M10 on the top.

    >>> water = (0, 0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 0, 7, 0, 10)
    >>> medals_reached(water)[5], medals_reached(water)[15]
    (2, 10)
    """
    nearest, row = 0, []
    for medal in medals:
        nearest = medal or nearest
        row.append(nearest)
    return tuple(row)


def milestones_reached(milestones: Sequence[int]) -> tuple[int, ...]:
    """ "When a player advances onto a tech milestone, they unlock a tech"; "When hitting a civ milestone, take all
    civ cards of the corresponding rank".

    Per tracker position, how many milestones (``milestones``: 1 per space holding one) are at or below it: the
    tech level unlocked there, or (read through ``civ_ranks``) the civ rank taken there. Universal Coalition's
    tech track has its milestones on 3, 5, 7, 10 and 14.

    >>> tech = (0, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0)
    >>> milestones_reached(tech)[9], milestones_reached(tech)[15]
    (3, 5)
    """
    count, row = 0, []
    for milestone in milestones:
        count += milestone
        row.append(count)
    return tuple(row)


def may_advance(position: int, top: int, is_rover_track: bool) -> bool:
    """ "If a tracker reaches the top of its track, it does not gain additional benefits ... The rovers can still
    move (X spaces) each time they would advance, but are at the top of the track."

    May a choice (synergy, energy, a card) pick this track: below its top, or the rover track at any height.

    >>> may_advance(14, 15, False), may_advance(15, 15, False), may_advance(15, 15, True)
    (True, False, True)
    """
    return is_rover_track or position < top


def advance_position(position: int, top: int) -> int | None:
    """ "Advance: Move a resource tracker 1 position up on the resource track. Claim any benefit under the
    tracker." (reference, glossary)

    Where one advance takes the tracker, ``None`` at the top (it stays: "it does not gain additional benefits").
    The benefits are claimed every time the tracker lands on a space, so a space landed on again after a
    regression pays again (``claims_benefits``).

    >>> advance_position(2, 15), advance_position(15, 15)
    (3, None)
    """
    target = position + 1
    return target if target <= top else None


def regress_position(position: int, times: int) -> int:
    """ "Regress: Move a resource tracker 1 position down on the resource track. DO NOT claim any benefit under the
    tracker." (reference, glossary)

    Where ``times`` regressions take the tracker: down as far as the bottom (position 0), claiming nothing.

    >>> regress_position(4, 2), regress_position(4, 9)
    (2, 0)
    """
    return max(0, position - times)


def claims_benefits(landed: int, highest_reached: int, reclaim_after_regression: bool) -> bool:
    """ "Advance: ... Claim any benefit under the tracker."; "Regress: ... DO NOT claim any benefit under the
    tracker." (reference, glossary)

    Does landing on space ``landed`` claim its benefits, for a tracker that had reached ``highest_reached``
    before? The glossary's words pay every advance, a space landed on again after a regression too (the ruling;
    ``reclaim_after_regression`` is ``Rules.reclaim_benefits_after_regression``); a table reading "claim" as
    once per space pays only the spaces above the highest one reached so far. A tracker regressed from 6 to 5
    that advances onto 6 again:

    >>> claims_benefits(6, 6, True), claims_benefits(6, 6, False), claims_benefits(7, 6, False)
    (True, False, True)
    """
    return reclaim_after_regression or landed > highest_reached


# -- placement --------------------------------------------------------------------------------------------------


def placement_frontier(covered: int, first: bool, first_squares: int, playable: int, free: bool) -> int:
    """ "The 1st tile placed on your planet must be touching the outside edge of your planet. All tiles must be
    placed orthogonally adjacent to another tile (after the 1st tile)."

    The squares a placement must cover one of (bitboards, bit ``12 * row + col``): the edge (``first_squares``;
    Charybdis: its centre) for the first, then the squares orthogonally next to ``covered``; every ``playable``
    square when the adjacency rule is lifted (``free``: Universal Coalition's tech 1 "ignore tile adjacency").
    A tile on (5, 5) makes (4, 5), (5, 4), (5, 6) and (6, 5) the frontier:

    >>> frontier = placement_frontier(1 << 65, False, 0, 0, False)
    >>> sorted(divmod(square, 12) for square in range(144) if frontier >> square & 1)
    [(4, 5), (5, 4), (5, 6), (6, 5)]
    >>> placement_frontier(1 << 65, True, 0b111, 0, False), placement_frontier(1 << 65, False, 0, 0b1111, True)
    (7, 15)
    """
    if free:
        return playable
    return first_squares if first else neighbours(covered)


# -- end of the game --------------------------------------------------------------------------------------------


def empty_depot(stack_sizes: Sequence[int], shift: int) -> int | None:
    """ "A depot is completely emptied of tiles. The game ends at the end of the round where a depot was emptied."

    ``stack_sizes``: the tiles left in the station's 12 stacks (0-5 the exterior ring, 6-11 the interior one);
    depot ``d`` is exterior stack ``d`` with interior stack ``6 + (d + shift) % 6`` (the interior ring is turned
    by ``shift`` at setup). The first emptied depot, or ``None``. With the rings offset by 1, depot 2 holds
    exterior stack 2 and interior stack 9:

    >>> sizes = [12] * 12
    >>> sizes[2] = sizes[9] = 0
    >>> empty_depot(sizes, 1), empty_depot(sizes, 0)
    (2, None)
    """
    for depot in range(6):
        if not stack_sizes[depot] and not stack_sizes[6 + (depot + shift) % 6]:
            return depot
    return None


# -- scoring ----------------------------------------------------------------------------------------------------


def line_complete(line: int, covered: int, meteorites: int) -> bool:
    """ "Score points for every complete row and column on your planet. The row/column cannot have a meteorite or
    empty grid square." (``line``: the bitboard of its grid squares; an empty mask is no line.)

    >>> line_complete(0b111, covered=0b111, meteorites=0), line_complete(0b111, 0b111, 0b010)
    (True, False)
    >>> line_complete(0b111, covered=0b011, meteorites=0)
    False
    """
    return bool(line) and not line & ~covered and not line & meteorites


def line_points(lines: Sequence[int], medals: Sequence[int], covered: int, meteorites: int) -> int:
    """ "Each row/column scores 1-3 points based on the medal to the side/above it (respectively)."

    The medals of the complete lines among ``lines`` (``medals``: one per line). Two complete rows of medals 1 and
    3 and an incomplete one of 2:

    >>> line_points([0b11, 0b1100, 0b110000], [1, 2, 3], covered=0b110011, meteorites=0)
    4
    """
    return sum(medal for line, medal in zip(lines, medals, strict=False) if line_complete(line, covered, meteorites))


def lifepod_points(collected: int, per_lifepod: int, doubled: bool) -> int:
    """ "Score points for the lifepods and meteorites collected. 1 point per lifepod" (Space Citizen Decree, an
    end-game civ card, doubles them: ``doubled``).

    >>> lifepod_points(4, 1, False), lifepod_points(4, 1, True)
    (4, 8)
    """
    return collected * per_lifepod * (2 if doubled else 1)


def meteorite_points(collected: int, per_point: int, repos: int) -> int:
    """ "1 point per 3 meteorites (rounded down)" (each Meteorite Repo civ card scores them once more: ``repos``).

    >>> meteorite_points(8, 3, 0), meteorite_points(8, 3, 1)
    (2, 4)
    """
    return collected // per_point * (1 + repos)


def civ_card_points(cards: Sequence[tuple[str, int]], patches: int, commerce: Sequence[int]) -> int:
    """ "Score points for end game civ cards." (``End of Game``: "Include medals in your scoring if you met all
    necessary conditions.")

    ``cards``: the (effect, value) of each civ card kept (``data/standard.toml``): medals (Gaming Commission and
    Planet Lottery's too), medals per biomass patch on the planet (``patches``: Sustainable Living Act), and the
    Commerce Agreements scored together by the ``commerce`` table (points per count held). Planet Lottery (3),
    Sustainable Living Act (1 per patch) with 4 patches and two Commerce Agreements on the standard table
    (0, 1, 3, 6, 10):

    >>> civ_card_points([("medals_and_advance", 3), ("medal_per_patch", 1), ("commerce", 1), ("commerce", 1)],
    ...                 patches=4, commerce=(0, 1, 3, 6, 10))
    10
    """
    points = held = 0
    for effect, value in cards:
        if effect in ("medals", "medals_and_advance"):
            points += value
        elif effect == "medal_per_patch":
            points += patches * value
        elif effect == "commerce":
            held += 1
    return points + commerce[min(held, len(commerce) - 1)]


def tie_break_key(score: int, uncovered: int, meteorites: int) -> tuple[int, int, int]:
    """ "In case of a tie: 1. The player with the fewest uncovered grid squares wins. 2. The player with the fewest
    meteorites remaining on their planet wins. 3. The players share the victory."

    A seat's key (larger is better): its score, then fewest uncovered squares, then fewest meteorites.

    >>> tie_break_key(50, 3, 1) > tie_break_key(50, 4, 0), tie_break_key(50, 3, 1) > tie_break_key(50, 3, 0)
    (True, False)
    """
    return (score, -uncovered, -meteorites)


def winners(keys: Sequence[tuple[int, ...]]) -> tuple[int, ...]:
    """The seats whose ``tie_break_key`` is best: one seat, or several that "share the victory".

    >>> winners([(50, -3, -1), (50, -3, -1), (48, 0, 0)]), winners([(50, -3, -1), (50, -2, -4)])
    ((0, 1), (1,))
    """
    if not keys:
        return ()
    best = max(keys)
    return tuple(seat for seat, key in enumerate(keys) if key == best)
