"""Findings: a claim a lesson makes, computed with its estimate, interval, sample size and verdict.

A lesson's sentence must stay true whatever seed, sample size or strategy name a student picks. So the
package, not the lesson, decides what may be said: every function here returns a finding (an
:class:`Estimate` or a :class:`Comparison`) whose verdict comes from its interval ("higher" only when the
whole interval is above zero, "no difference detected" exactly when it contains zero), and whose
``sentence()`` is composed from that verdict and names both sides. Prose and a teacher's answer that
depend on the numbers are rendered from the same finding with :func:`say`.

Every interval and test comes from scipy.stats: t intervals (one sample, paired, Welch), Wilson intervals
for proportions, Newcombe's hybrid score interval for a difference of proportions, Fisher's z for a
correlation. Seats of one game share its dice and rivals, so a tournament frame is first reduced to one
value per agent per game (:func:`compare_agents`, :func:`win_rate`, ``cluster=`` of :func:`correlation`).

"No difference detected" is not "no effect": such a finding says how many games would detect the effect
asked about (``smallest_effect``, or the observed one). Many comparisons make false alarms likely:
:func:`false_alarm_note` says how likely, :func:`holm` adjusts the verdicts, and :func:`holdout` gives
fresh seeds to report on after choosing what to report on other seeds.
"""

from __future__ import annotations

import html
import math
import string
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from numbers import Integral, Real
from typing import Any, Final, Literal, NamedTuple, TypeAlias

import numpy as np
import pandas as pd
import scipy.optimize  # type: ignore[import-untyped]
import scipy.stats  # type: ignore[import-untyped]

from .analysis import game_values
from .core.engine import MAX_SEED, check_seed, derived_seed
from .core.errors import PlaybookError, shown

__all__ = [
    "Comparison",
    "Design",
    "Estimate",
    "FindingError",
    "Format",
    "Holdout",
    "ReferenceVerdict",
    "RelationVerdict",
    "Verdict",
    "compare_agents",
    "compare_independent",
    "compare_paired",
    "compare_proportions",
    "correlation",
    "false_alarm_note",
    "games_needed",
    "holdout",
    "holm",
    "mean",
    "money",
    "percent",
    "proportion",
    "say",
    "table",
    "win_rate",
]


class FindingError(PlaybookError):
    """A finding's input cannot support it (empty, too small, NaN, unequal pairs, unknown agent).

    The message says what was refused and what is needed; nothing is computed from a refused input.
    """


Verdict: TypeAlias = Literal["higher", "lower", "no difference detected"]
ReferenceVerdict: TypeAlias = Literal["above", "below", "no difference detected"]
RelationVerdict: TypeAlias = Literal["positive", "negative", "no relation detected"]
Design: TypeAlias = Literal["paired over the same seeds", "independent"]
#: How a number is written: a format spec (",.1f") or a function of the number (``money``, ``percent``).
Format: TypeAlias = str | Callable[[float], str]

NO_DIFFERENCE: Final = "no difference detected"
NO_RELATION: Final = "no relation detected"
PAIRED: Design = "paired over the same seeds"
INDEPENDENT: Design = "independent"
NUMBER = ",.1f"
#: Games beyond which the normal approximation of a t test's power is exact to well under a game.
LARGE_SAMPLE: Final = 10**6
#: An effect this small against the spread is floating-point rounding, not a difference (1.0 + 0.1 - 0.1 != 1.0).
NOISE: Final = 1e-9
MINUS = "\u2212"


# ---------------------------------------------------------------------------------------------- formatting


def money(amount: float, decimals: int = 0) -> str:
    """Dollars for lesson markdown: ``<span>&#36;</span>14`` (a bare ``$`` would start MathJax maths).

    >>> money(1471), money(-2.5, 2)
    ('<span>&#36;</span>1,471', '\u2212<span>&#36;</span>2.50')
    """
    sign = MINUS if amount < 0 and round(abs(amount), decimals) != 0 else ""
    return f"{sign}<span>&#36;</span>{abs(amount):,.{decimals}f}"


def percent(share: float, decimals: int = 0) -> str:
    """A share as a percentage: ``percent(0.634)`` is ``'63%'``."""
    return f"{share * 100:,.{decimals}f}%"


def _written(value: float, fmt: Format) -> str:
    return fmt(value) if callable(fmt) else format(value, fmt)


def _plain(value: float, fmt: Format) -> str:
    """``value`` with a true minus sign (formats see only magnitudes, so money and percentages sign alike)."""
    text = _written(abs(value), fmt)
    return f"{MINUS}{text}" if value < 0 and _nonzero(text) else text


def _signed(value: float, fmt: Format) -> str:
    """``value`` with its sign always written (+9.2, \u22121.2): how a difference reads."""
    text = _written(abs(value), fmt)
    if not _nonzero(text):
        return text
    return f"+{text}" if value > 0 else f"{MINUS}{text}" if value < 0 else text


def _nonzero(text: str) -> bool:
    return any(ch in "123456789" for ch in text)


def _bound(value: float, fmt: Format, signed: bool) -> str:
    """An interval's bound; one that is not zero but rounds to it reads "just below 0" / "just above 0".

    Why: "-5.2 to 0.0" reads as touching zero, while the verdict says the interval is below it.
    """
    text = (_signed if signed else _plain)(value, fmt)
    if value == 0 or _nonzero(text):
        return text
    zero = _written(0.0, fmt)
    return f"just below {zero}" if value < 0 else f"just above {zero}"


def _effect_words(what: str, size: str, seen: bool) -> str:
    """``"a difference of 2.0"`` for an effect asked about; the difference these games showed is said to be so."""
    if not seen:
        return f"{what} {size}"
    kind = what.removeprefix("a ").removesuffix(" of")
    if not _nonzero(size):
        return f"a {kind} as small as the one these games showed"
    return f"a {kind} as large as the one these games showed ({size})"


def markdown_text(text: str) -> str:
    """``text`` safe inside lesson markdown: HTML and markdown characters escaped, ``$`` as the lessons write it."""
    escaped = html.escape(text, quote=False)
    for character in "\\`*_[]|~#":
        escaped = escaped.replace(character, "\\" + character)
    return escaped.replace("$", "<span>&#36;</span>")


def _counted(n: int, unit: str) -> str:
    return f"{n:,} {unit[:-1] if n == 1 and unit.endswith('s') else unit}"


def _confidence_words(confidence: float) -> str:
    return f"{confidence * 100:g}%"


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


Names = Callable[[str], str]


def _as_given(text: str) -> str:
    return text


# ---------------------------------------------------------------------------------------------- findings


@dataclass(frozen=True)
class Estimate:
    """One measured quantity: its estimate, interval, sample size and, against a reference, its verdict.

    ``verdict`` is set when the estimate was asked about a reference value ("above" / "below" / "no
    difference detected") or is a correlation ("positive" / "negative" / "no relation detected").
    ``games_needed`` is how many games would detect ``effect`` when none was detected.
    """

    measure: str
    value: float
    low: float
    high: float
    n: int
    unit: str = "games"
    method: str = "t interval"
    confidence: float = 0.95
    reference: float | None = None
    verdict: ReferenceVerdict | RelationVerdict | None = None
    p_value: float | None = None
    games_needed: int | None = None
    effect: float | None = None
    fmt: Format = NUMBER
    note: str = ""
    #: True when ``effect`` is the difference these games showed (no ``smallest_effect`` was asked about).
    effect_seen: bool = False

    def interval_words(self, fmt: Format | None = None, *, signed: bool = False, sample: str | None = None) -> str:
        """``"95% interval 3.1 to 15.3, 40 games"``; ``signed`` writes every sign (for a difference)."""
        return f"{_confidence_words(self.confidence)} interval {self._bounds(fmt, signed)}, {sample or self.sample()}"

    def sample(self) -> str:
        return _counted(self.n, self.unit)

    def _bounds(self, fmt: Format | None, signed: bool) -> str:
        chosen = fmt or self.fmt
        return f"{_bound(self.low, chosen, signed)} to {_bound(self.high, chosen, signed)}"

    def value_words(self, fmt: Format | None = None) -> str:
        if self.verdict in ("positive", "negative", NO_RELATION):
            return "r not measurable" if math.isnan(self.value) else f"r = {_signed(self.value, fmt or self.fmt)}"
        return _plain(self.value, fmt or self.fmt)

    def sentence(self, fmt: Format | None = None) -> str:
        """The finding in one or two sentences, composed from its verdict (plain text)."""
        return self._compose(fmt, _as_given)

    def markdown(self, fmt: Format | None = None) -> str:
        """:meth:`sentence` for lesson markdown: the measure's words escaped."""
        return self._compose(fmt, markdown_text)

    def _compose(self, fmt: Format | None, names: Names) -> str:
        chosen = fmt or self.fmt
        head = f"{_capitalised(names(self.measure))}: {self.value_words(chosen)}"
        reference = "" if self.reference is None else _plain(self.reference, chosen)
        short = f"interval {self._bounds(chosen, self.reference is None and self.verdict is not None)}, {self.sample()}"
        if self.verdict is None:
            text = f"{head} ({self.interval_words(chosen)})."
        elif self.verdict in ("above", "below"):
            text = f"{head}, {self.verdict} {reference} ({self.interval_words(chosen)})."
        elif self.verdict in ("positive", "negative"):
            text = f"{head}, a {self.verdict} relation ({self.interval_words(chosen, signed=True)})."
        elif self.verdict == NO_RELATION:
            text = f"{head}, no relation detected at {_confidence_words(self.confidence)} ({short})."
            text += f" This does not show there is none{self._needed('a correlation of', chosen, signed=False)}"
        else:
            text = f"{head}, no difference from {reference} detected at {_confidence_words(self.confidence)} ({short})."
            text += f" This does not show it equals {reference}{self._needed('a difference of', chosen)}"
        return f"{text} {self.note}" if self.note else text

    def _needed(self, what: str, fmt: Format, signed: bool = False) -> str:
        if self.games_needed is None or self.effect is None:
            return "."
        size = f"{abs(self.effect):.2f}" if what == "a correlation of" else _plain(abs(self.effect), fmt)
        asked = _effect_words(what, size, self.effect_seen)
        return f": detecting {asked} would take about {_counted(self.games_needed, self.unit)}."


@dataclass(frozen=True)
class Comparison:
    """``a`` against ``b`` on ``measure``: the difference a − b as an :class:`Estimate`, and the verdict.

    ``games_needed`` is how many games (paired: played by both; independent: of each) would detect a
    difference of ``effect`` (the ``smallest_effect`` asked about, else the observed one) with 80% power.
    ``adjusted`` says how the verdict was adjusted for many comparisons (:func:`holm`), if it was.
    """

    a: str
    b: str
    measure: str
    difference: Estimate
    verdict: Verdict
    design: Design
    games_needed: int | None
    effect: float | None = None
    n_a: int = 0
    n_b: int = 0
    adjusted: str = ""
    #: The spread ``games_needed`` is planned with (sd of the per-game differences, or of one side's values).
    spread: float = 0.0
    #: True when ``effect`` is the difference these games showed (no ``smallest_effect`` was asked about).
    effect_seen: bool = False

    def sample(self) -> str:
        if self.design == PAIRED:
            return f"{self.difference.n:,} paired games"
        return f"{self.n_a:,} and {self.n_b:,} games"

    def interval_words(self, fmt: Format | None = None) -> str:
        """``"95% interval +3.1 to +15.3, 40 paired games"``."""
        return self.difference.interval_words(fmt, signed=True, sample=self.sample())

    def sentence(self, fmt: Format | None = None) -> str:
        """The comparison in words, naming both sides whatever the verdict (plain text)."""
        return self._compose(fmt, _as_given)

    def markdown(self, fmt: Format | None = None) -> str:
        """:meth:`sentence` for lesson markdown: names and measure escaped (``*``, ``_``, ``$``, ``<``...)."""
        return self._compose(fmt, markdown_text)

    def _compose(self, fmt: Format | None, names: Names) -> str:
        text = self._verdict_words(fmt or self.difference.fmt, names)
        return f"{text} {self.difference.note}" if self.difference.note else text

    def _verdict_words(self, chosen: Format, names: Names) -> str:
        a, b, measure = names(self.a), names(self.b), names(self.measure)
        estimate = _signed(self.difference.value, chosen)
        confidence = _confidence_words(self.difference.confidence)
        if self.verdict != NO_DIFFERENCE:
            side = "Higher" if self.verdict == "higher" else "Lower"
            after = f"; {self.adjusted}" if self.adjusted else ""
            interval = self.interval_words(chosen)
            if self.adjusted:
                interval = f"unadjusted {interval}"
            return f"{side} {measure} for {a} than for {b}: {estimate} ({interval}{after})."
        allowing = f" {self.adjusted}" if self.adjusted else ""
        label = "unadjusted interval" if self.adjusted else "interval"
        text = (
            f"No difference in {measure} detected between {a} and {b} at {confidence}{allowing} "
            f"({estimate}, {label} {self.difference._bounds(chosen, True)}, {self.sample()})."
        )
        if self.games_needed is None or self.effect is None:
            return f"{text} This does not show they are equal."
        each = "games" if self.design == PAIRED else "games of each"
        asked = _effect_words("a difference of", _plain(abs(self.effect), chosen), self.effect_seen)
        needed = f"{self.games_needed:,} {each}"
        return f"{text} This does not show they are equal: detecting {asked} would take about {needed}."


Finding: TypeAlias = Estimate | Comparison


# ---------------------------------------------------------------------------------------------- checks


def _check_confidence(confidence: object, name: str = "confidence") -> float:
    if isinstance(confidence, bool) or not isinstance(confidence, Real) or not 0 < float(confidence) < 1:
        raise FindingError(f"{name} must be a number between 0 and 1 (0.95 for 95%), not {shown(confidence)}")
    return float(confidence)


def _check_name(name: object, what: str) -> str:
    if not isinstance(name, str) or not name.strip():
        raise FindingError(f"{what} must be a non-empty name, not {shown(name)}")
    return name


def _check_fmt(fmt: object) -> Format:
    if callable(fmt):
        return fmt
    if not isinstance(fmt, str):
        raise FindingError(f"fmt must be a format spec like ',.1f' or a function like money, not {shown(fmt)}")
    try:
        format(1.5, fmt)
    except (ValueError, TypeError) as exc:
        raise FindingError(f"fmt {shown(fmt)} is not a number format ({exc})") from None
    return fmt


def _check_values(values: object, what: str, least: int = 2) -> np.ndarray:
    """``values`` as a float array: a sequence of finite numbers, at least ``least`` of them."""
    if isinstance(values, str | bytes | Mapping | set | frozenset) or not isinstance(values, Iterable):
        raise FindingError(f"{what} must be a list of numbers (one per game), not {shown(values)}")
    items = list(values)
    if any(isinstance(item, str | bytes) for item in items):
        raise FindingError(f"{what} must hold numbers, not text: {shown(items)}")
    try:
        array = np.asarray(items, dtype=float)
    except (TypeError, ValueError):
        raise FindingError(f"{what} must hold numbers only: {shown(items)}") from None
    if array.ndim != 1:
        raise FindingError(f"{what} must be a flat list of numbers, one per game")
    if len(array) < least:
        raise FindingError(f"{what} has {len(array)} values: this needs at least {least} games")
    bad = np.flatnonzero(~np.isfinite(array))
    if len(bad):
        raise FindingError(f"{what}[{bad[0]}] is {array[bad[0]]}: every value must be a finite number")
    return array


def _check_effect(effect: object, what: str = "smallest_effect") -> float | None:
    if effect is None:
        return None
    if isinstance(effect, bool) or not isinstance(effect, Real) or not 0 < abs(float(effect)) < math.inf:
        raise FindingError(f"{what} must be a non-zero finite number, not {shown(effect)}")
    return abs(float(effect))


def _check_count(count: object, what: str) -> int:
    if isinstance(count, bool) or not isinstance(count, Integral) or int(count) < 0:
        raise FindingError(f"{what} must be a count (a whole number of 0 or more), not {shown(count)}")
    return int(count)


# ---------------------------------------------------------------------------------------------- measures


def _side(low: float, high: float, reference: float) -> int:
    """+1 when the whole interval is above ``reference``, −1 when below, 0 when it contains it."""
    return 1 if low > reference else -1 if high < reference else 0


def _t_interval(values: np.ndarray, confidence: float, reference: float) -> tuple[float, float, float, str]:
    """``(low, high, p_value, note)`` of the mean of ``values`` (scipy's one-sample t).

    A sample whose values are all the same has no spread, so a t interval has no width and would claim
    certainty from a handful of games; the sign test decides instead (:func:`_constant_interval`).
    """
    if np.ptp(values) == 0:
        return _constant_interval(float(values[0]), len(values), confidence, reference)
    result = scipy.stats.ttest_1samp(values, popmean=reference)
    interval = result.confidence_interval(confidence_level=confidence)
    return (float(interval.low), float(interval.high), float(result.pvalue), "")


def _constant_interval(value: float, n: int, confidence: float, reference: float) -> tuple[float, float, float, str]:
    """``n`` games that all gave ``value``: the sign test's verdict, and an interval that agrees with it.

    ``n`` values all on one side of ``reference`` happen by chance with probability ``2 * 0.5 ** n`` (the
    exact two-sided sign test). When that is small enough the interval is the one value (no width); when it
    is not (5 games or fewer at 95%), the interval is drawn out to ``reference``, so no difference is claimed.
    """
    if value == reference:
        return (value, value, 1.0, "(Every value is the same, so the interval has no width.)")
    p_value = min(1.0, 2 * 0.5**n)
    if p_value <= 1 - confidence:
        note = f"(All {n:,} games gave the same value, so the interval has no width; a sign test agrees.)"
        return (value, value, p_value, note)
    note = (
        f"(All {n:,} games gave the same value, but {n:,} games all on one side could be chance "
        f"(sign test, p = {p_value:.2f}), so no difference is claimed.)"
    )
    return (min(value, reference), max(value, reference), p_value, note)


def _is_binary(values: np.ndarray) -> bool:
    """Whether every value is 0 or 1 (won or lost, sold or not): such values need a bounded interval."""
    return bool(np.all((values == 0) | (values == 1)))


def _is_share(values: np.ndarray) -> bool:
    return bool(np.all((values >= 0) & (values <= 1)))


def _paired_binary(first: np.ndarray, second: np.ndarray, confidence: float) -> tuple[float, float, float, str]:
    """Paired 0/1 outcomes: the exact sign test (McNemar's) on the games where only one side succeeded.

    With ``m`` such games of ``n``, ``k`` of them ``a``'s, the difference of the two success rates is
    ``(2k - m) / n``; its interval is the Clopper-Pearson interval of ``k / m`` carried onto that scale, so it
    stays within -100% and +100% and agrees with the exact test's p-value. (A t interval of 0/1 differences
    can reach past 100% and, when every game goes one way, claims certainty from four games.)
    """
    n = len(first)
    k = int(np.sum(first > second))
    m = k + int(np.sum(first < second))
    if m == 0:
        return (
            0.0,
            0.0,
            1.0,
            "(In no game did one side succeed and the other not, so these games cannot tell them apart.)",
        )
    interval = scipy.stats.binomtest(k, m).proportion_ci(confidence_level=confidence, method="exact")
    scale = m / n
    tails = min(float(scipy.stats.binom.cdf(k, m, 0.5)), float(scipy.stats.binom.sf(k - 1, m, 0.5)))
    return (scale * (2 * float(interval.low) - 1), scale * (2 * float(interval.high) - 1), min(1.0, 2 * tails), "")


def _sd(values: np.ndarray) -> float:
    return float(np.std(values, ddof=1)) if len(values) > 1 else 0.0


def mean(
    values: Iterable[float],
    *,
    measure: str,
    reference: float | None = None,
    smallest_effect: float | None = None,
    confidence: float = 0.95,
    fmt: Format = NUMBER,
) -> Estimate:
    """The mean of one value per game with its t interval; against ``reference``, above / below / neither.

    For "is the money supply above its start?": ``mean(final_money, measure=..., reference=start)``.
    """
    array = _check_values(values, "values")
    measure, confidence, fmt = _check_name(measure, "measure"), _check_confidence(confidence), _check_fmt(fmt)
    effect = _check_effect(smallest_effect)
    if reference is not None and (isinstance(reference, bool) or not isinstance(reference, Real)):
        raise FindingError(f"reference must be a number, not {shown(reference)}")
    if reference is not None and not math.isfinite(reference):
        raise FindingError(f"reference must be a finite number, not {shown(reference)}")
    centre = float(np.mean(array))
    low, high, p_value, note = _t_interval(array, confidence, 0.0 if reference is None else float(reference))
    if _is_share(array):  # a mean of shares lies within 0 and 1, whatever the t interval says
        low, high = max(0.0, low), min(1.0, high)
    estimate = Estimate(measure, centre, low, high, len(array), method="t interval", confidence=confidence,
                        fmt=fmt, note=note)  # fmt: skip
    if reference is None:
        return estimate
    side = _side(low, high, float(reference))
    verdict: ReferenceVerdict = "above" if side > 0 else "below" if side < 0 else NO_DIFFERENCE
    needed, size = _needed_if_none(side, _sd(array), effect, abs(centre - float(reference)), confidence, True)
    return replace(estimate, reference=float(reference), verdict=verdict, p_value=p_value,
                   games_needed=needed, effect=size, effect_seen=effect is None)  # fmt: skip


def _needed_if_none(
    side: int, sd: float, effect: float | None, observed: float, confidence: float, paired: bool
) -> tuple[int | None, float | None]:
    """Games that would detect ``effect`` (or the observed difference), when none was detected.

    None when something was detected, and when every game gave the same value: with no spread seen, how many
    games would tell is unknown (the power formula would say 2).
    """
    size = effect if effect is not None else observed
    if side != 0 or size <= NOISE * sd or sd == 0:  # a difference of rounding noise is no difference to plan for
        return (None, effect)  # the effect asked about is kept: Holm may turn the verdict and plan for it
    return (games_needed(sd, size, confidence=confidence, paired=paired), size)


def proportion(
    successes: int,
    trials: int,
    *,
    measure: str,
    reference: float | None = None,
    smallest_effect: float | None = None,
    confidence: float = 0.95,
    fmt: Format = percent,
) -> Estimate:
    """A share ``successes / trials`` with its Wilson interval (scipy's ``binomtest(...).proportion_ci``).

    Against ``reference`` (strictly between 0 and 1) the verdict is the score test's, which is exactly
    the one the Wilson interval gives.
    """
    k, n = _check_count(successes, "successes"), _check_count(trials, "trials")
    if n == 0 or k > n:
        raise FindingError(f"successes ({k}) must be within trials ({n}), and trials at least 1")
    measure, confidence, fmt = _check_name(measure, "measure"), _check_confidence(confidence), _check_fmt(fmt)
    effect = _check_effect(smallest_effect)
    interval = scipy.stats.binomtest(k, n).proportion_ci(confidence_level=confidence, method="wilson")
    low, high = max(0.0, float(interval.low)), min(1.0, float(interval.high))
    estimate = Estimate(measure, k / n, low, high, n, method="Wilson", confidence=confidence, fmt=fmt)
    if reference is None:
        return estimate
    if isinstance(reference, bool) or not isinstance(reference, Real) or not 0 < float(reference) < 1:
        raise FindingError(f"reference must be a share strictly between 0 and 1, not {shown(reference)}")
    p0 = float(reference)
    sd0 = math.sqrt(p0 * (1 - p0))
    z = (k / n - p0) / (sd0 / math.sqrt(n))
    side = _side(low, high, p0)
    verdict: ReferenceVerdict = "above" if side > 0 else "below" if side < 0 else NO_DIFFERENCE
    needed, size = _needed_if_none(side, sd0, effect, abs(k / n - p0), confidence, True)
    return replace(estimate, reference=p0, verdict=verdict, p_value=float(2 * scipy.stats.norm.sf(abs(z))),
                   games_needed=needed, effect=size, effect_seen=effect is None)  # fmt: skip


def _power(games: int, standardised: float, confidence: float, paired: bool) -> float:
    """The chance a two-sided t test at ``confidence`` detects a true difference of ``standardised`` spreads.

    Exact, from the noncentral t distribution: paired (or one sample) over ``games`` differences, or
    independent over ``games`` of each side.
    """
    freedom = games - 1 if paired else 2 * games - 2
    shift = standardised * math.sqrt(games if paired else games / 2)
    critical = float(scipy.stats.t.ppf(0.5 + confidence / 2, freedom))
    return float(scipy.stats.nct.sf(critical, freedom, shift) + scipy.stats.nct.cdf(-critical, freedom, shift))


def games_needed(sd: float, effect: float, power: float = 0.8, confidence: float = 0.95, paired: bool = True) -> int:
    """Games that detect a true difference ``effect`` with probability ``power`` by the t test used here.

    Paired (or one sample): games played by both, ``sd`` the spread of the per-game differences.
    Independent: games of each side, ``sd`` one side's spread. The power is the t test's own (the noncentral t
    distribution), not the normal approximation ``((z_conf + z_power) * sd / effect) ** 2``, which is too
    hopeful at small n: for a difference of one and a half spreads it says 4 paired games, a t test needs 6.
    At least 2. A guide for planning, not a promise.
    """
    for value, name in ((sd, "sd"), (effect, "effect")):
        if isinstance(value, bool) or not isinstance(value, Real) or not math.isfinite(value):
            raise FindingError(f"{name} must be a finite number, not {shown(value)}")
    if sd < 0 or effect == 0:
        raise FindingError(f"sd must be 0 or more and effect not 0 (got sd={sd}, effect={effect})")
    power, confidence = _check_confidence(power, "power"), _check_confidence(confidence)
    if sd == 0:
        return 2
    standardised = abs(float(effect)) / float(sd)
    z = float(scipy.stats.norm.ppf(0.5 + confidence / 2) + scipy.stats.norm.ppf(power))
    games = max(2, math.ceil((z / standardised) ** 2 * (1 if paired else 2) - 1e-9))  # where the t test's n starts
    if games > LARGE_SAMPLE:  # t and normal agree to well under a game there (and scipy's t takes no huge df)
        return games
    while _power(games, standardised, confidence, paired) < power:
        games += 1
    while games > 2 and _power(games - 1, standardised, confidence, paired) >= power:
        games -= 1
    return games


# ---------------------------------------------------------------------------------------------- comparisons


def _comparison(
    names: tuple[str, str],
    measure: str,
    difference: Estimate,
    design: Design,
    planning: tuple[float, float | None, bool],
    sizes: tuple[int, int],
) -> Comparison:
    """The comparison whose verdict is read off ``difference``'s interval; ``planning`` is (sd, effect, paired)."""
    side = _side(difference.low, difference.high, 0.0)
    verdict: Verdict = "higher" if side > 0 else "lower" if side < 0 else NO_DIFFERENCE
    sd, effect, paired = planning
    needed, size = _needed_if_none(side, sd, effect, abs(difference.value), difference.confidence, paired)
    return Comparison(names[0], names[1], measure, difference, verdict, design, needed, size, sizes[0], sizes[1],
                      spread=sd, effect_seen=effect is None)  # fmt: skip


def _check_pair(a: object, b: object) -> tuple[str, str]:
    first, second = _check_name(a, "a"), _check_name(b, "b")
    if first == second:
        raise FindingError(f"a and b must name two different things, not {shown(first)} twice")
    return first, second


def compare_paired(
    a_values: Iterable[float],
    b_values: Iterable[float],
    *,
    a: str,
    b: str,
    measure: str,
    smallest_effect: float | None = None,
    confidence: float = 0.95,
    fmt: Format = NUMBER,
) -> Comparison:
    """``a`` against ``b`` over the same seeds: the t interval of the per-game differences a − b.

    Pairing removes what the seed does to both (the deal, the dice), so it detects smaller differences than
    independent games. Value ``i`` of each list must come from the same seed.
    """
    names = _check_pair(a, b)
    first, second = _check_values(a_values, "a_values"), _check_values(b_values, "b_values")
    if len(first) != len(second):
        raise FindingError(f"paired values need one per game on each side: {len(first)} against {len(second)}")
    measure, confidence, fmt = _check_name(measure, "measure"), _check_confidence(confidence), _check_fmt(fmt)
    effect = _check_effect(smallest_effect)
    differences = first - second
    method = "paired t interval"
    if _is_binary(first) and _is_binary(second):
        low, high, p_value, note = _paired_binary(first, second, confidence)
        method = "paired exact sign test (McNemar)"
    else:
        low, high, p_value, note = _t_interval(differences, confidence, 0.0)
        if _is_share(first) and _is_share(second):  # two shares differ by at most 1 either way
            low, high = max(-1.0, low), min(1.0, high)
    estimate = Estimate(f"{measure}, {names[0]} {MINUS} {names[1]}", float(np.mean(differences)), low, high,
                        len(differences), method=method, confidence=confidence, p_value=p_value,
                        fmt=fmt, note=note)  # fmt: skip
    sizes = (len(first), len(second))
    return _comparison(names, measure, estimate, PAIRED, (_sd(differences), effect, True), sizes)


def compare_independent(
    a_values: Iterable[float],
    b_values: Iterable[float],
    *,
    a: str,
    b: str,
    measure: str,
    smallest_effect: float | None = None,
    confidence: float = 0.95,
    fmt: Format = NUMBER,
) -> Comparison:
    """``a`` against ``b`` from separate games: Welch's t interval of the difference of means a − b."""
    names = _check_pair(a, b)
    first, second = _check_values(a_values, "a_values"), _check_values(b_values, "b_values")
    measure, confidence, fmt = _check_name(measure, "measure"), _check_confidence(confidence), _check_fmt(fmt)
    effect = _check_effect(smallest_effect)
    if _is_binary(first) and _is_binary(second):  # two success rates: Newcombe's bounded interval
        return compare_proportions(int(first.sum()), len(first), int(second.sum()), len(second), a=names[0],
                                   b=names[1], measure=measure, smallest_effect=effect, confidence=confidence,
                                   fmt=fmt)  # fmt: skip
    centre = float(np.mean(first) - np.mean(second))
    method, note = "Welch t interval", ""
    if np.ptp(first) == 0 and np.ptp(second) == 0:
        low, high, p_value, note = _constant_sides(first, second, confidence)
        method = "exact rank test (Mann-Whitney)"
    else:
        result = scipy.stats.ttest_ind(first, second, equal_var=False)
        interval = result.confidence_interval(confidence_level=confidence)
        low, high, p_value = float(interval.low), float(interval.high), float(result.pvalue)
        if _is_share(first) and _is_share(second):
            low, high = max(-1.0, low), min(1.0, high)
    estimate = Estimate(f"{measure}, {names[0]} {MINUS} {names[1]}", centre, low, high, len(first) + len(second),
                        method=method, confidence=confidence, p_value=p_value, fmt=fmt,
                        note=note)  # fmt: skip
    sd = math.sqrt((_sd(first) ** 2 + _sd(second) ** 2) / 2)
    return _comparison(names, measure, estimate, INDEPENDENT, (sd, effect, False), (len(first), len(second)))


def _constant_sides(first: np.ndarray, second: np.ndarray, confidence: float) -> tuple[float, float, float, str]:
    """Two sides that each gave one value every game: the exact rank test says whether that could be chance.

    Every game of ``a`` above every game of ``b`` happens by chance with the probability of that one
    ordering among all (Mann-Whitney's exact test); the interval is the one difference when that is small
    enough, and is drawn out to 0 when it is not, so that the verdict and the interval agree.
    """
    centre = float(first[0] - second[0])
    if centre == 0:
        return (0.0, 0.0, 1.0, "(Every value on each side is the same, so the interval has no width.)")
    p_value = float(scipy.stats.mannwhitneyu(first, second, method="exact").pvalue)
    if p_value <= 1 - confidence:
        return (centre, centre, p_value, "(Every value on each side is the same, so the interval has no width.)")
    note = (
        f"(Every value on each side is the same, but so few games could fall that way by chance "
        f"(rank test, p = {p_value:.2f}), so no difference is claimed.)"
    )
    return (min(centre, 0.0), max(centre, 0.0), p_value, note)


def _newcombe(counts: tuple[int, int, int, int], confidence: float) -> tuple[float, float]:
    """Newcombe's hybrid score interval (his method 10) of p_a − p_b, from the two Wilson intervals."""
    k_a, n_a, k_b, n_b = counts
    p_a, p_b = k_a / n_a, k_b / n_b
    wa = scipy.stats.binomtest(k_a, n_a).proportion_ci(confidence_level=confidence, method="wilson")
    wb = scipy.stats.binomtest(k_b, n_b).proportion_ci(confidence_level=confidence, method="wilson")
    low = p_a - p_b - math.hypot(p_a - float(wa.low), float(wb.high) - p_b)
    high = p_a - p_b + math.hypot(float(wa.high) - p_a, p_b - float(wb.low))
    return (max(-1.0, low), min(1.0, high))


def _newcombe_p_value(counts: tuple[int, int, int, int]) -> float:
    """The p-value the Newcombe interval implies: one minus the confidence at which its bound reaches 0."""
    k_a, n_a, k_b, n_b = counts
    difference = k_a / n_a - k_b / n_b
    if difference == 0:
        return 1.0

    def bound(confidence: float) -> float:
        low, high = _newcombe(counts, confidence)
        return low if difference > 0 else -high

    lowest, highest = 1e-9, 1 - 1e-12
    if bound(lowest) <= 0:
        return 1.0
    if bound(highest) > 0:
        return 1 - highest
    return float(1 - scipy.optimize.brentq(bound, lowest, highest, xtol=1e-12))


def compare_proportions(
    a_successes: int,
    a_trials: int,
    b_successes: int,
    b_trials: int,
    *,
    a: str,
    b: str,
    measure: str,
    smallest_effect: float | None = None,
    confidence: float = 0.95,
    fmt: Format = percent,
) -> Comparison:
    """Two shares from separate games: Newcombe's interval of p_a − p_b (sound near 0% and 100%).

    The verdict is read off that interval; its p-value (for :func:`holm`) is the one the interval implies.
    ``games_needed`` uses the normal approximation at the two shares' mean.
    """
    names = _check_pair(a, b)
    counts = tuple(_check_count(v, w) for v, w in ((a_successes, "a_successes"), (a_trials, "a_trials"),
                                                    (b_successes, "b_successes"), (b_trials, "b_trials")))  # fmt: skip
    k_a, n_a, k_b, n_b = counts
    if n_a == 0 or n_b == 0 or k_a > n_a or k_b > n_b:
        raise FindingError(f"successes must be within trials, trials at least 1 (got {k_a}/{n_a} and {k_b}/{n_b})")
    measure, confidence, fmt = _check_name(measure, "measure"), _check_confidence(confidence), _check_fmt(fmt)
    effect = _check_effect(smallest_effect)
    if effect is not None and effect >= 1:
        raise FindingError(f"smallest_effect for shares must be below 1 (0.1 for 10 points), not {effect}")
    low, high = _newcombe((k_a, n_a, k_b, n_b), confidence)
    estimate = Estimate(f"{measure}, {names[0]} {MINUS} {names[1]}", k_a / n_a - k_b / n_b, low, high, n_a + n_b,
                        method="Newcombe hybrid score interval", confidence=confidence,
                        p_value=_newcombe_p_value((k_a, n_a, k_b, n_b)), fmt=fmt)  # fmt: skip
    centre = (k_a + k_b) / (n_a + n_b)
    size = effect if effect is not None else abs(estimate.value)
    high_share, low_share = min(1.0, centre + size / 2), max(0.0, centre - size / 2)
    sd = math.sqrt((high_share * (1 - high_share) + low_share * (1 - low_share)) / 2)
    return _comparison(names, measure, estimate, INDEPENDENT, (sd, effect, False), (n_a, n_b))


def correlation(
    x: Iterable[float],
    y: Iterable[float],
    *,
    measure: str,
    cluster: Iterable[object] | None = None,
    smallest_effect: float | None = None,
    confidence: float = 0.95,
) -> Estimate:
    """Pearson's r of ``x`` and ``y`` with its Fisher-z interval: positive, negative or no relation detected.

    Pooled seat-games are not independent (two seats of one game share its dice and face each other), and
    treating them as independent makes the interval too narrow: pass ``cluster`` (the game id of each pair)
    to average x and y per game first, so ``n`` counts games. A measure that does not vary gives a finding
    that says so instead of an r.
    """
    xs, ys = _check_values(x, "x"), _check_values(y, "y")
    if len(xs) != len(ys):
        raise FindingError(f"x and y need one value of each per observation: x has {len(xs)}, y {len(ys)}")
    measure, confidence = _check_name(measure, "measure"), _check_confidence(confidence)
    effect = _check_effect(smallest_effect)
    if effect is not None and effect >= 1:
        raise FindingError(f"smallest_effect for a correlation must be below 1, not {effect}")
    if cluster is not None:
        groups = list(cluster) if isinstance(cluster, Iterable) and not isinstance(cluster, str | bytes) else None
        if groups is None or len(groups) != len(xs):
            raise FindingError(f"cluster must give one game id per value ({len(xs)} of them), not {shown(cluster)}")
        means = pd.DataFrame({"x": xs, "y": ys, "game": groups}).groupby("game", sort=True)[["x", "y"]].mean()
        xs, ys = means["x"].to_numpy(dtype=float), means["y"].to_numpy(dtype=float)
    if len(xs) < 4:
        raise FindingError(f"a correlation's interval needs at least 4 games; there are {len(xs)}")
    unit = "games" if cluster is not None else "pairs"
    method = "Pearson, Fisher z interval"
    if np.ptp(xs) == 0 or np.ptp(ys) == 0:
        note = "(One of the two measures is the same in every game, so no correlation can be measured.)"
        return Estimate(measure, math.nan, -1.0, 1.0, len(xs), unit, method, confidence, verdict=NO_RELATION,
                        p_value=1.0, fmt=".2f", note=note)  # fmt: skip
    result = scipy.stats.pearsonr(xs, ys)
    r = float(result.statistic)
    interval = result.confidence_interval(confidence_level=confidence)
    low, high = float(interval.low), float(interval.high)
    side = _side(low, high, 0.0)
    verdict: RelationVerdict = "positive" if side > 0 else "negative" if side < 0 else NO_RELATION
    p_value = 0.0 if abs(r) >= 1 else float(2 * scipy.stats.norm.sf(abs(math.atanh(r)) * math.sqrt(len(xs) - 3)))
    size = effect if effect is not None else abs(r)
    needed = None
    if side == 0 and size > 0:
        z = scipy.stats.norm.ppf(0.5 + confidence / 2) + scipy.stats.norm.ppf(0.8)
        needed = max(4, math.ceil((z / math.atanh(size)) ** 2 + 3 - 1e-9))
    return Estimate(measure, r, low, high, len(xs), unit, method, confidence, verdict=verdict, p_value=p_value,
                    games_needed=needed, effect=size if needed else None, fmt=".2f")  # fmt: skip


# ---------------------------------------------------------------------------------------------- tournaments


def _clean_games(results: object, column: str) -> pd.DataFrame:
    """The tournament rows of games that finished (no ``error``), with ``column`` checked for numbers."""
    if not isinstance(results, pd.DataFrame):
        raise FindingError(f"results must be a tournament DataFrame, not {shown(results)}")
    missing = [name for name in ("game", "agent", column) if name not in results.columns]
    if missing:
        raise FindingError(f"results need the columns {missing} (a tournament frame has game, agent, score, won)")
    clean = results if "error" not in results.columns else results[results["error"].isna()]
    if clean.empty:
        raise FindingError("results hold no finished game (every game failed or was forfeited)")
    try:
        values = clean[column].astype(float)
    except (TypeError, ValueError):
        raise FindingError(f"column {shown(column)} must hold numbers") from None
    if values.isna().any():
        game = clean.loc[values.isna(), "game"].iloc[0]
        raise FindingError(f"column {shown(column)} is NaN in game {game}: every finished game needs a value")
    return clean


def _check_agent(frame: pd.DataFrame, agent: object, what: str) -> str:
    name = _check_name(agent, what)
    known = sorted(str(a) for a in frame["agent"].unique())
    if name not in known:
        raise FindingError(f"no agent named {shown(name)} in the results; the agents are {', '.join(map(repr, known))}")
    return name


def compare_agents(
    results: pd.DataFrame,
    a: str,
    b: str,
    column: str = "score",
    *,
    measure: str | None = None,
    smallest_effect: float | None = None,
    confidence: float = 0.95,
    fmt: Format = NUMBER,
) -> Comparison:
    """Agent ``a`` against ``b`` on ``column`` of a tournament frame, one value per agent per game.

    Per game each agent's value is its mean over its seats (two seats of one game count once). Over games
    where both play (at least 2), the comparison is paired; otherwise it is independent over each agent's
    per-game values. Games that failed or were forfeited (``error`` set) are left out.
    """
    clean = _clean_games(results, column)
    first, second = _check_agent(clean, a, "a"), _check_agent(clean, b, "b")
    words = _check_name(measure, "measure") if measure is not None else column
    per_game = game_values(clean.assign(**{column: clean[column].astype(float)}), column)
    table = per_game.pivot(index="game", columns="agent", values=column)
    both = table[[first, second]].dropna()
    options = {"a": first, "b": second, "measure": words, "smallest_effect": smallest_effect,
               "confidence": confidence, "fmt": fmt}  # fmt: skip
    if len(both) >= 2:
        return compare_paired(both[first], both[second], **options)  # type: ignore[arg-type]
    return compare_independent(table[first].dropna(), table[second].dropna(), **options)  # type: ignore[arg-type]


def win_rate(
    results: pd.DataFrame, agent: str, *, reference: float | None = None, confidence: float = 0.95
) -> Estimate:
    """The share of games ``agent`` won, with its Wilson interval over games (not seats).

    A game counts as won when any of the agent's seats won it, and a tie counts as the tournament counts
    it (every tied winner's ``won`` is true). Games that failed or were forfeited are left out.
    """
    clean = _clean_games(results, "won")
    name = _check_agent(clean, agent, "agent")
    mine = clean[clean["agent"] == name]
    won = mine.groupby("game")["won"].max().astype(bool)
    return proportion(int(won.sum()), len(won), measure=f"win rate of {name}", reference=reference,
                      confidence=confidence)  # fmt: skip


# ---------------------------------------------------------------------------------------------- many findings


def false_alarm_note(comparisons: int, confidence: float = 0.95) -> str:
    """The chance of at least one false alarm among ``comparisons`` independent ones when nothing differs.

    >>> false_alarm_note(8)
    'With 8 comparisons at 95%, the chance of at least one false alarm when nothing differs is about 34%.'
    """
    count = _check_count(comparisons, "comparisons")
    if count < 1:
        raise FindingError("comparisons must be at least 1")
    confidence = _check_confidence(confidence)
    chance = 1 - confidence**count
    plural = "comparison" if count == 1 else "comparisons"
    return (
        f"With {count:,} {plural} at {_confidence_words(confidence)}, the chance of at least one false alarm "
        f"when nothing differs is about {chance * 100:.0f}%."
    )


def holm(comparisons: Sequence[Comparison]) -> list[Comparison]:
    """The comparisons with verdicts adjusted by Holm's step-down method, in the order given.

    The family keeps its false-alarm chance at the comparisons' own level (5% at 95%). A verdict can only
    turn into "no difference detected"; each interval is left as computed, and the sentence says the
    verdict allows for the many comparisons.
    """
    if isinstance(comparisons, str | bytes) or not isinstance(comparisons, Sequence) or not comparisons:
        raise FindingError(f"holm needs a non-empty list of comparisons, not {shown(comparisons)}")
    for index, item in enumerate(comparisons):
        if not isinstance(item, Comparison) or item.difference.p_value is None:
            raise FindingError(f"comparisons[{index}] is not a Comparison from this module: {shown(item)}")
    levels = {item.difference.confidence for item in comparisons}
    if len(levels) > 1:
        raise FindingError(f"the comparisons must share one confidence, not {sorted(levels)}")
    alpha = 1 - levels.pop()
    count = len(comparisons)
    order = sorted(range(count), key=lambda i: comparisons[i].difference.p_value or 0.0)
    keeps: set[int] = set()
    for rank, index in enumerate(order):
        if (comparisons[index].difference.p_value or 0.0) > alpha / (count - rank):
            break
        keeps.add(index)
    note = f"once {count} comparisons are allowed for (Holm)"
    adjusted = []
    for index, item in enumerate(comparisons):
        if index in keeps or item.verdict == NO_DIFFERENCE:
            adjusted.append(replace(item, adjusted=note))
            continue
        # A verdict Holm turns into "no difference detected" says, like any other, how many games would tell.
        size = item.effect if item.effect is not None else abs(item.difference.value)
        needed, effect = _needed_if_none(0, item.spread, size, size, item.difference.confidence,
                                         item.design == PAIRED)  # fmt: skip
        adjusted.append(replace(item, verdict=NO_DIFFERENCE, adjusted=note, games_needed=needed, effect=effect))
    return adjusted


class Holdout(NamedTuple):
    """Two tournament seeds: ``select`` to choose what to report on, ``report`` to measure it afresh."""

    select: int
    report: int


def holdout(seed: int) -> Holdout:
    """Seeds for choosing on some games and reporting on fresh ones, so the choice cannot flatter the claim.

    Picking the most extreme strategy (or tuning one) on a tournament and quoting the same tournament's
    numbers inflates them (regression to the mean). The pattern::

        seeds = findings.holdout(SEED)
        explore = tournament(game, agents, games=GAMES, seed=seeds.select)   # choose here
        confirm = tournament(game, agents, games=GAMES, seed=seeds.report)   # report from here

    Both are derived from ``seed`` the same way in every process; their games' seeds are different draws.
    """
    base = check_seed(seed)
    return Holdout(derived_seed(base, "select") % MAX_SEED, derived_seed(base, "report") % MAX_SEED)


def table(findings: Iterable[Finding]) -> pd.DataFrame:
    """One row per finding: measure, a, b, estimate, low, high, n, verdict (then method, games_needed, p_value)."""
    if isinstance(findings, Estimate | Comparison) or not isinstance(findings, Iterable):
        raise FindingError(f"table needs a list of findings, not {shown(findings)}")
    rows: list[tuple[Any, ...]] = []
    for index, finding in enumerate(findings):
        if isinstance(finding, Comparison):
            d = finding.difference
            rows.append((finding.measure, finding.a, finding.b, d.value, d.low, d.high, d.n, finding.verdict,
                         f"{d.method}, {finding.design}", finding.games_needed, d.p_value))  # fmt: skip
        elif isinstance(finding, Estimate):
            rows.append((finding.measure, None, None, finding.value, finding.low, finding.high, finding.n,
                         finding.verdict or "", finding.method, finding.games_needed, finding.p_value))  # fmt: skip
        else:
            raise FindingError(f"findings[{index}] is not an Estimate or a Comparison: {shown(finding)}")
    columns = ["measure", "a", "b", "estimate", "low", "high", "n", "verdict", "method", "games_needed", "p_value"]
    return pd.DataFrame(rows, columns=columns)


PLACEHOLDERS = ("a", "b", "measure", "estimate", "interval", "n", "games_needed", "reference", "sentence")


def say(
    finding: Finding,
    *,
    higher: str,
    lower: str,
    none: str,
    fmt: Format | None = None,
    markdown: bool = False,
) -> str:
    """The text for ``finding``'s verdict, with ``{a}``, ``{b}``, ``{estimate}``, ``{interval}`` filled.

    ``higher`` serves "higher", "above" and "positive"; ``lower`` "lower", "below" and "negative"; ``none``
    any "no ... detected". Also ``{measure}``, ``{n}``, ``{games_needed}``, ``{reference}``, ``{sentence}``.
    For an :class:`Estimate`, ``{a}`` is its measure and ``{b}`` its reference. ``markdown=True`` escapes
    the names for lesson markdown.
    """
    if not isinstance(finding, Estimate | Comparison):
        raise FindingError(f"say needs an Estimate or a Comparison, not {shown(finding)}")
    texts = {"higher": higher, "lower": lower, "none": none}
    for key, text in texts.items():
        if not isinstance(text, str):
            raise FindingError(f"{key} must be text, not {shown(text)}")
        _check_placeholders(key, text)
    if finding.verdict is None:
        raise FindingError("this estimate has no verdict: give it a reference value (mean(..., reference=...))")
    chosen = _check_fmt(fmt) if fmt is not None else None
    fields = _fields(finding, chosen, markdown)
    verdict = finding.verdict
    key = "none" if verdict.startswith("no ") else "higher" if verdict in ("higher", "above", "positive") else "lower"
    try:
        return texts[key].format_map(fields)
    except ValueError as exc:  # a format spec on a text field ("{estimate:.1f}"): the numbers are already written
        raise FindingError(f"{key} cannot be filled ({exc}); the placeholders hold text, not numbers") from None


def _fields(finding: Finding, fmt: Format | None, markdown: bool) -> dict[str, str]:
    """What :func:`say` fills its placeholders with, written in ``fmt`` (else the finding's own)."""
    names = markdown_text if markdown else _as_given
    if isinstance(finding, Comparison):
        write = fmt or finding.difference.fmt
        fields = {
            "a": names(finding.a),
            "b": names(finding.b),
            "estimate": _signed(finding.difference.value, write),
            "interval": finding.interval_words(write),
            "n": f"{finding.difference.n:,}",
            "reference": "0",
        }
    else:
        write = fmt or finding.fmt
        reference = "" if finding.reference is None else _plain(finding.reference, write)
        fields = {
            "a": names(finding.measure),
            "b": reference,
            "estimate": finding.value_words(write),
            "interval": finding.interval_words(write),
            "n": f"{finding.n:,}",
            "reference": reference,
        }
    fields["measure"] = names(finding.measure)
    needed = finding.games_needed
    fields["games_needed"] = "an unknown number of" if needed is None else f"{needed:,}"
    fields["sentence"] = finding.markdown(write) if markdown else finding.sentence(write)
    return fields


def _check_placeholders(key: str, text: str) -> None:
    try:
        fields = [field for _, field, _, _ in string.Formatter().parse(text) if field is not None]
    except ValueError as exc:
        raise FindingError(f"{key} is not a valid template ({exc}); write {{{{ for a literal brace") from None
    unknown = [field for field in fields if field not in PLACEHOLDERS]
    if unknown:
        raise FindingError(f"{key} uses {{{unknown[0]}}}; the placeholders are {', '.join(PLACEHOLDERS)}")
