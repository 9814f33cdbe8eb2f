"""What the ageing-inventory lesson (``notebooks/offal_game.ipynb``) composes its sentences from, typed and tested.

A lesson's sentence must stay true whatever a student sets inside a parameter cell's range, so the judgements
its prose rests on live here rather than in a fixed sentence:

- ``shared_extreme``: whether two samples of won/lost (or full/not full) outcomes sit both at 100% or both
  at 0%, a ceiling or a floor, where no number of such games can show a difference;
- ``best_option``: the best option to wait in a position's ``economy.wait_table`` (an order that cannot be
  filled now, with the highest expected money later);
- ``needed_words``: how many games would detect an effect, said when the finding cannot plan it too;
- ``counted``: a count with its noun, singular for one ("1 quiet turn", not "1 quiet turns").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import pandas as pd

from playbook import findings

__all__ = ["Option", "best_option", "counted", "needed_words", "shared_extreme"]


def shared_extreme(a: Iterable[float], b: Iterable[float]) -> float | None:
    """1.0 when every value on both sides is 1 (a ceiling), 0.0 when every one is 0 (a floor), else None.

    Why: at a ceiling both rules fill The Clog in every game, so the comparison's "no difference detected"
    would be read as a sample too small, while the real cause is a measure that cannot go higher: the lesson
    says so and names the parameter that lowers it.
    """
    values = [float(v) for v in a] + [float(v) for v in b]
    if values and all(v == 1 for v in values):
        return 1.0
    if values and all(v == 0 for v in values):
        return 0.0
    return None


@dataclass(frozen=True)
class Option:
    """One order worth waiting for: who, the fixed pay, the turns waited, the chance then and the expected pay."""

    customer: str
    pays: float
    wait: int
    chance: float
    expected: float


def best_option(table: pd.DataFrame, *, longer_than: int = 0) -> Option | None:
    """The order that cannot be filled now with the highest expected money later (None: none is open).

    ``table`` is an ``economy.wait_table``: rows per customer and turns waited, with ``can fill now``,
    ``pays``, ``wait (turns)``, ``chance later`` and ``expected money later``. ``longer_than`` keeps only
    waits of more turns than that: what the option is worth if it is not taken at once.
    """
    later = table[~table["can fill now"].astype(bool) & (table["wait (turns)"] > longer_than)]
    if later.empty:
        return None
    best = later.iloc[int(later["expected money later"].to_numpy().argmax())]
    return Option(str(best["customer"]), float(best["pays"]), int(best["wait (turns)"]), float(best["chance later"]),
                  float(best["expected money later"]))  # fmt: skip


def needed_words(finding: findings.Estimate | findings.Comparison, what: str) -> str:
    """``"about 394 games would detect a 10-point difference"``, or why the finding cannot say how many.

    A finding plans a sample only from the spread its games showed; when every game gave the same value it
    has none to plan with, and "about an unknown number of games" would not read.
    """
    needed = finding.games_needed
    if needed is None:
        return f"these games cannot say how many would detect {what} (they showed no spread to plan with)"
    return f"about {needed:,} games would detect {what}"


def counted(n: int, noun: str) -> str:
    """``counted(1, "turn")`` is ``"1 turn"``, ``counted(4, "turn")`` ``"4 turns"``."""
    return f"{n:,} {noun if n == 1 else noun + 's'}"
