"""The ageing-inventory lesson's helpers (playbook.games.offal_game.lesson): the judgements its prose rests on.

Issue 21's audit of notebooks/offal_game.ipynb: a ceiling read as a small sample (cells 17-18), one position
turned into a rule about the option to wait (cell 38), "about an unknown number of games" and "1 quiet turns".
"""

from __future__ import annotations

import pandas as pd
import pytest

from playbook import findings
from playbook.games.offal_game import economy, lesson


def test_a_ceiling_and_a_floor_are_told_from_a_difference() -> None:
    assert lesson.shared_extreme([1, 1, 1], [1.0, 1]) == 1.0
    assert lesson.shared_extreme([0, 0], [0]) == 0.0
    assert lesson.shared_extreme([1, 1], [1, 0]) is None  # one side short of the ceiling: a comparison can tell
    assert lesson.shared_extreme([1, 1], [0, 0]) is None
    assert lesson.shared_extreme([], []) is None


def _table(rows: list[tuple[str, int, bool, float, float]]) -> pd.DataFrame:
    return pd.DataFrame(
        [
            {
                "customer": c,
                "pays": 6,
                "wait (turns)": w,
                "can fill now": now,
                "chance later": p,
                "expected money later": e,
            }
            for c, w, now, p, e in rows
        ]
    )


def test_the_best_option_is_the_richest_order_not_fillable_now() -> None:
    table = _table(
        [
            ("Marrow", 1, False, 0.74, 4.44),
            ("Marrow", 2, False, 0.10, 0.60),
            ("Suture", 1, True, 1.00, 7.00),  # fillable now: waiting is not an option on it
            ("Suture", 2, True, 0.28, 1.96),
            ("Viscera", 2, False, 0.14, 0.70),
        ]
    )
    best = lesson.best_option(table)
    assert best == lesson.Option("Marrow", 6.0, 1, 0.74, 4.44)
    later = lesson.best_option(table, longer_than=1)
    assert later is not None and (later.customer, later.wait, later.expected) == ("Viscera", 2, 0.70)
    assert lesson.best_option(table, longer_than=2) is None
    assert lesson.best_option(table[table["can fill now"]]) is None


def test_the_best_option_of_a_real_position_is_a_row_of_its_wait_table() -> None:
    _, state = economy.find_position(lambda s: economy.clog_parts(s) == 0)
    table = economy.wait_table(state, samples=20)
    best = lesson.best_option(table)
    later = table[~table["can fill now"]]
    if later.empty:
        assert best is None
    else:
        assert best is not None and best.expected == pytest.approx(later["expected money later"].max())


def test_games_needed_are_said_or_why_they_cannot_be() -> None:
    planned = findings.compare_paired([1.0, 2, 3, 4], [1.5, 1, 3.5, 4], a="a", b="b", measure="m", smallest_effect=1)
    assert planned.games_needed is not None
    assert lesson.needed_words(planned, "a difference of 1") == (
        f"about {planned.games_needed:,} games would detect a difference of 1"
    )
    flat = findings.compare_paired([2.0, 2, 2], [2.0, 2, 2], a="a", b="b", measure="m", smallest_effect=1)
    assert flat.games_needed is None
    assert "cannot say how many" in lesson.needed_words(flat, "a difference of 1")


def test_a_count_of_one_is_singular() -> None:
    assert lesson.counted(1, "quiet turn") == "1 quiet turn"
    assert lesson.counted(4, "turn") == "4 turns"
    assert lesson.counted(0, "turn") == "0 turns"
