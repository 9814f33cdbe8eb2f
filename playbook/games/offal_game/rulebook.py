"""The rules of An Offal Game as pure functions, each named after the rulebook clause it quotes.

Pipes are tuples of cube kinds (``Cube`` values, ``EMPTY`` = -1) indexed from the entrance: position 0 is
the rightmost space of Day 1. The moves call these; a notebook or a test can call them alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .components import EMPTY, Card

_RAT = 4
_THE_CLOG = int(Card.THE_CLOG)


def blind_draw_count(die: int, waiting_customers: int) -> int:
    """Rulebook: "Roll 1d4 and add that value to the number of waiting customers in front of them."

    >>> blind_draw_count(3, 2)
    5
    """
    return die + waiting_customers


def draw_odds(bag: Sequence[int]) -> tuple[tuple[int, float], ...]:
    """Rulebook: "blind draw ... from the Bag O' Parts": each kind with chance proportional to its cubes.

    >>> draw_odds((1, 0, 0, 1, 2))
    ((0, 0.25), (3, 0.25), (4, 0.5))
    """
    total = sum(bag)
    if total == 0:
        return ()
    return tuple([(kind, count / total) for kind, count in enumerate(bag) if count])


def shift_toward_the_clog(
    pipe: tuple[int, ...], spaces: int, mode: str = "conveyor"
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Rulebook: "Shift all existing body parts towards The Clog to make room ... Rats will never move. Set aside
    any body parts that are shifted off of the Day 3 card into a reserve pile."

    Parts move along the spaces not held by rats. Returns the new pipe and the reserve, the part nearest The
    Clog first. "conveyor": every part moves ``spaces`` free spaces; "compact": each moves only as far as
    needed to empty the first ``spaces`` free spaces.

    >>> shift_toward_the_clog((0, -1, 4, 1, 2), 2)
    ((-1, -1, 4, 0, -1), (2, 1))
    >>> shift_toward_the_clog((0, -1, 4, 1, 2), 1, "compact")
    ((-1, 0, 4, 1, 2), ())
    """
    rats = []  # where the rats sit, found and stepped round with tuple and list methods (this runs every turn)
    at = -1
    for _ in range(pipe.count(_RAT)):
        at = pipe.index(_RAT, at + 1)
        rats.append(at)
    contents = list(pipe)
    for at in reversed(rats):
        del contents[at]
    moved, reserve = _conveyor(contents, spaces) if mode == "conveyor" else _compact(contents, spaces)
    for at in rats:
        moved.insert(at, _RAT)
    return tuple(moved), reserve


def _conveyor(contents: list[int], spaces: int) -> tuple[list[int], tuple[int, ...]]:
    """Every cube ``spaces`` places on; those pushed past the end go to the reserve, the one nearest The Clog
    first (slices, not a loop: it runs every turn)."""
    keep = max(0, len(contents) - spaces)
    moved = [EMPTY] * (len(contents) - keep) + contents[:keep]
    return moved, tuple([cube for cube in reversed(contents[keep:]) if cube != EMPTY])


def _compact(contents: list[int], spaces: int) -> tuple[list[int], tuple[int, ...]]:
    m = len(contents)
    moved = [EMPTY] * m
    reserve: list[int] = []
    last = spaces - 1
    placed: list[tuple[int, int]] = []
    for i, cube in enumerate(contents):
        if cube == EMPTY:
            continue
        last = max(i, last + 1)
        placed.append((last, cube))
    for j, cube in reversed(placed):
        if j >= m:
            reserve.append(cube)
        else:
            moved[j] = cube
    return moved, tuple(reserve)


def place_new_parts(pipe: tuple[int, ...], parts: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Rulebook: "Place the new body parts in the order they are drawn on the Sewer Pipe cards beginning from the
    rightmost space on the Day 1 card."

    The first part goes on the first free space from the entrance, the next on the following one. Parts
    that find no space are returned, to go into the reserve.

    >>> place_new_parts((-1, 4, -1), (0, 1, 2))
    ((0, 4, 1), (2,))
    """
    new = list(pipe)
    queue = list(parts)
    for position, cube in enumerate(new):
        if not queue:
            break
        if cube == _RAT:
            continue
        new[position] = queue.pop(0)
    return tuple(new), tuple(queue)


def place_rat(pipe: tuple[int, ...], rat_spaces: Sequence[int]) -> tuple[tuple[int, ...], int, int]:
    """Rulebook: "If any rats are drawn they will be placed on the Rat spaces beginning from the far left of the
    Day 3 card. Any body part occupying a Rat space where a Rat will be placed ... will be removed and tossed
    back into the Bag O' Parts."

    Returns the new pipe, the position used (-1 if every Rat space holds a rat) and the part displaced.

    >>> place_rat((-1, 3, -1), (1, 0))
    ((-1, 4, -1), 1, 3)
    >>> place_rat((4, 4, -1), (1, 0))
    ((4, 4, -1), -1, -1)
    """
    for position in rat_spaces:
        cube = pipe[position]
        if cube != _RAT:
            return (*pipe[:position], _RAT, *pipe[position + 1 :]), position, cube
    return pipe, -1, EMPTY


def reserve_to_the_clog(
    reserve: Sequence[int], die: int, clog: tuple[int, ...], clog_spaces: int
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Rulebook: "Roll 1d4 and place that many reserved Day 3 parts on The Clog card spaces, tossing the rest
    back in the Bag O' Parts."

    Returns the new Clog, the parts placed and the parts tossed back (any beyond The Clog's last space too).

    >>> reserve_to_the_clog((0, 1, 2), 2, (3,), 7)
    ((3, 0, 1), (0, 1), (2,))
    """
    room = max(0, clog_spaces - len(clog))
    n = min(die, len(reserve), room)
    placed = tuple(reserve[:n])
    return clog + placed, placed, tuple(reserve[n:])


def meets_age(card: int, age: int, age_match: str = "at_least", clog_takeable: bool = True) -> bool:
    """Rulebook: "choose all of any of 1 type of body parts on any one Sewer card (meeting the desired aging
    requirement)": a part on Day N is N days old; The Clog counts as older than Day 3.

    >>> meets_age(Card.DAY_3, 2), meets_age(Card.DAY_1, 2), meets_age(Card.DAY_3, 2, "exact")
    (True, False, False)
    """
    if card == _THE_CLOG and not clog_takeable:
        return False
    if age_match == "exact":
        return card + 1 == age
    return card + 1 >= age


def fill_orders(count: int, needs: Sequence[int]) -> tuple[tuple[int, ...], int]:
    """Rulebook: "placing those parts in the customer's body bag. Any extra body parts not needed for the orders
    go back in the Bag O' Parts." ``needs`` in the chosen order; returns the parts each gets and the extra.

    >>> fill_orders(5, (3, 1))
    ((3, 1), 1)
    """
    given = []
    left = count
    for need in needs:
        n = min(need, left)
        given.append(n)
        left -= n
    return tuple(given), left


def clog_is_full(clog: Sequence[int], clog_spaces: int) -> bool:
    """Rulebook: "The Clog card has become full of body parts."

    >>> clog_is_full((0,) * 7, 7)
    True
    """
    return len(clog) >= clog_spaces


def most_money(money: Sequence[int]) -> tuple[int, ...]:
    """Rulebook: "The Plunger who has earned the most money is declared the winner" (ties share the win).

    >>> most_money((12, 12))
    (0, 1)
    """
    best = max(money)
    return tuple(seat for seat, m in enumerate(money) if m == best)


def card_counts(pipe: Sequence[int], clog: Sequence[int], space_cards: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """How many parts of each type lie on Day 1, Day 2, Day 3 and The Clog. ``space_cards`` names each pipe
    position's card and runs Day 1, Day 2, Day 3 in order (as ``Rules`` lays them out), so each card is one
    slice of the pipe and its parts are counted there (``count`` per kind: the engine asks this every step).

    >>> card_counts((0, 0, 4), (3,), (0, 0, 0))
    ((2, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 1))
    """
    counts = []
    start = 0
    for card in range(_THE_CLOG):
        end = start + space_cards.count(card)
        day = pipe[start:end]
        counts.append((day.count(0), day.count(1), day.count(2), day.count(3)))
        start = end
    counts.append((clog.count(0), clog.count(1), clog.count(2), clog.count(3)))
    return tuple(counts)


def bag_plus(bag: tuple[int, ...], kinds: Iterable[int]) -> tuple[int, ...]:
    """Toss these cubes back in the Bag O' Parts."""
    new = list(bag)
    for kind in kinds:
        new[kind] += 1
    return tuple(new)


def bag_add(bag: tuple[int, ...], kind: int, n: int) -> tuple[int, ...]:
    """Toss ``n`` cubes of ``kind`` back in the Bag O' Parts."""
    if not n:
        return bag
    new = list(bag)
    new[kind] += n
    return tuple(new)


def ordered_choices(matching: Sequence[str]) -> list[tuple[str, ...]]:
    """Every non-empty ordered selection of the matching customers (a take fills them in this order).

    >>> ordered_choices(("A", "B"))
    [('A',), ('A', 'B'), ('B',), ('B', 'A')]
    """
    if len(matching) == 1:
        return [(matching[0],)]
    out: list[tuple[str, ...]] = []

    def extend(prefix: tuple[str, ...], rest: tuple[str, ...]) -> None:
        for i, c in enumerate(rest):
            chosen = (*prefix, c)
            out.append(chosen)
            extend(chosen, rest[:i] + rest[i + 1 :])

    extend((), tuple(matching))
    return out
