"""What a tune may vary: a game's numeric ``Rules`` fields and Planet Unknown's medal values, checked at the door.

A parameter is named as a designer would point at it:

- a numeric rule, as ``numeric_rules_fields`` names it: ``starting_money``, or ``play.customers_each`` one
  table down;
- ``track_edits.<corporation>.<track>``: every medal on one of a Planet Unknown corporation's tracks moved by
  the value (``track_edits.makeshift.civ`` over ``(-2, 3)``; never below 0), as the asymmetry lesson's
  ``medal_edits`` moves them;
- ``track_edits.<corporation>.<track>.<position>``: the medal on one space set to the value (its other
  benefits kept), a single track edit.

Why check at the door: a tune plays many tournaments, and a range whose end the game's rules refuse would
fail only after minutes of play, or be silently skipped. So both ends of every range are built into ``Rules``
by the game's own checks before any game is played, and a refusal names the parameter and the end.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from numbers import Real
from types import ModuleType
from typing import Any

from playbook.core.errors import InvalidArgumentError, PlaybookError, shown
from playbook.core.tournament import numeric_rules_fields

#: The Rules field a medal parameter edits (Planet Unknown's designer's changes, ``tuning.py``).
TRACK_EDITS = "track_edits"
#: Whole-number ranges wider than this are refused: a tune of a few dozen trials cannot read them.
MAX_SPAN = 10**6


class TuneError(InvalidArgumentError):
    """A tune's argument is refused (an unknown parameter, a range the rules refuse, a bad target or budget).

    The message starts with the argument's name (``parameters['starting_money']``, ``target``, ``games``), so a
    student sees which box to change; nothing is played for a refused call.
    """


@dataclass(frozen=True)
class Parameter:
    """One value a tune varies: its name, its range and whether it takes whole numbers only.

    ``corporation``, ``track`` and ``position`` are set for a medal parameter (``position`` is ``None`` when
    every medal of the track moves); ``standard`` is the value the printed rules have (0 for a medal shift).
    """

    name: str
    low: float
    high: float
    whole: bool
    standard: float
    corporation: str | None = None
    track: str | None = None
    position: int | None = None

    @property
    def is_medal(self) -> bool:
        return self.corporation is not None

    def contains(self, value: float) -> bool:
        return self.low <= value <= self.high


def check_parameters(module: ModuleType, parameters: object) -> tuple[Parameter, ...]:
    """``parameters`` (a mapping of names to ``(low, high)``) as checked :class:`Parameter` s, in the given order.

    Every name must be a numeric rule or a medal of the game; every range two finite numbers, low below high,
    whole for a whole-number rule; and the rules at each end of each range must pass the game's own checks.
    """
    if not isinstance(parameters, Mapping) or not parameters:
        raise TuneError(
            f"parameters must map parameter names to (low, high) ranges, at least one, not {shown(parameters)}"
        )
    numbers = numeric_rules_fields(module)
    checked = []
    for name, bounds in parameters.items():
        where = f"parameters[{name!r}]" if isinstance(name, str) else "parameters"
        if not isinstance(name, str):
            raise TuneError(f"parameters: a parameter name must be text, not {shown(name)}")
        parameter = _parameter(module, numbers, name, bounds, where)
        checked.append(parameter)
    found = tuple(checked)
    _check_overlaps(found)
    for parameter in found:
        for end in (parameter.low, parameter.high):
            try:
                rules_for(module, found, {parameter.name: end}, None)
            except PlaybookError as exc:
                raise TuneError(f"parameters[{parameter.name!r}]: the rules refuse {_number(end)}: {exc}") from None
    return found


def _parameter(module: ModuleType, numbers: Mapping[str, float], name: str, bounds: object, where: str) -> Parameter:
    if name.startswith(f"{TRACK_EDITS}."):
        return _medal_parameter(module, name, bounds, where)
    if name not in numbers:
        known = ", ".join(sorted(numbers)) or "none"
        medals = f"; or {TRACK_EDITS}.<corporation>.<track>[.<position>]" if _has_track_edits(module) else ""
        raise TuneError(f"{where}: {module.INFO.name} has no numeric rule {name!r}; numeric rules: {known}{medals}")
    whole = isinstance(numbers[name], int)
    low, high = _range(bounds, where, whole)
    return Parameter(name, low, high, whole, float(numbers[name]))


def _medal_parameter(module: ModuleType, name: str, bounds: object, where: str) -> Parameter:
    if not _has_track_edits(module):
        raise TuneError(f"{where}: {module.INFO.name} has no track edits; only Planet Unknown's corporations do")
    parts = name.split(".")[1:]
    if len(parts) not in (2, 3):
        raise TuneError(f"{where}: name a medal as {TRACK_EDITS}.<corporation>.<track> or ...<track>.<position>")
    corporation, track = parts[0], parts[1]
    board = _board(module, corporation, where)
    names = _track_names(module)
    if track not in names:
        raise TuneError(f"{where}: {track!r} is not a track; tracks: {', '.join(names)}")
    spaces = board.tracks[names.index(track)]
    low, high = _range(bounds, where, True)
    if len(parts) == 2:
        if not any(space.medal for space in spaces):
            raise TuneError(f"{where}: {corporation}'s {track} track has no medal to move")
        return Parameter(name, low, high, True, 0.0, corporation, track)
    if not parts[2].isdigit() or not 0 <= int(parts[2]) < len(spaces):
        raise TuneError(f"{where}: the position must be 0-{len(spaces) - 1} on the {track} track, not {parts[2]!r}")
    position = int(parts[2])
    if low < 0:
        raise TuneError(f"{where}: a medal is worth 0 or more, not {_number(low)}")
    return Parameter(name, low, high, True, float(spaces[position].medal), corporation, track, position)


def _range(bounds: object, where: str, whole: bool) -> tuple[float, float]:
    if isinstance(bounds, str | bytes) or not isinstance(bounds, Sequence) or len(bounds) != 2:
        raise TuneError(f"{where}: the range must be (low, high), two numbers, not {shown(bounds)}")
    low, high = bounds
    for end in (low, high):
        if isinstance(end, bool) or not isinstance(end, Real) or not math.isfinite(float(end)):
            raise TuneError(f"{where}: the range's ends must be finite numbers, not {shown(end)}")
        if whole and not float(end).is_integer():
            raise TuneError(f"{where}: this rule takes whole numbers, not {shown(end)}")
    if not float(low) < float(high):
        raise TuneError(f"{where}: low ({_number(float(low))}) must be below high ({_number(float(high))})")
    if whole and float(high) - float(low) > MAX_SPAN:
        raise TuneError(f"{where}: a range of more than {MAX_SPAN:,} whole numbers is more than a tune can read")
    return float(low), float(high)


def _check_overlaps(parameters: tuple[Parameter, ...]) -> None:
    """A track's shift and one of its spaces would both edit that space: refuse the pair by name."""
    shifts = {(p.corporation, p.track): p.name for p in parameters if p.is_medal and p.position is None}
    for parameter in parameters:
        key = (parameter.corporation, parameter.track)
        if parameter.position is not None and key in shifts:
            raise TuneError(
                f"parameters[{parameter.name!r}]: {shifts[key]} already moves every medal of that track; use one"
            )


# --- rules ------------------------------------------------------------------------------------------------


def rules_for(
    module: ModuleType,
    parameters: Sequence[Parameter],
    values: Mapping[str, float],
    corporations: Sequence[str] | None,
) -> Any:
    """The standard rules with ``values`` (by parameter name; a parameter left out keeps its printed value) and,
    for a corporation target, ``corporations`` by seat, checked by the game's own ``Rules.from_dict``."""
    data = module.Rules.standard().to_dict()
    edits: list[list[Any]] = []
    for parameter in parameters:
        if parameter.name not in values:
            continue
        value = _typed(parameter, values[parameter.name])
        if parameter.is_medal:
            edits.extend(_medal_edits(module, parameter, int(value)))
            continue
        table, _, inner = parameter.name.partition(".")
        if inner:
            data[table] = {**data[table], inner: value}
        else:
            data[table] = value
    if edits:
        data[TRACK_EDITS] = [*data.get(TRACK_EDITS, []), *edits]
    if corporations is not None:
        data["corporations"] = list(corporations)
    return module.Rules.from_dict(data)


def _typed(parameter: Parameter, value: float) -> float:
    return round(value) if parameter.whole else float(value)


def _medal_edits(module: ModuleType, parameter: Parameter, value: int) -> list[list[Any]]:
    """The track edits that give ``parameter`` the ``value``, in the data file's token language."""
    corporation, track = str(parameter.corporation), str(parameter.track)
    spaces = _board(module, corporation, "parameters").tracks[_track_names(module).index(track)]
    token = _token_writer(module)
    if parameter.position is not None:
        space = spaces[parameter.position]
        return [[corporation, track, parameter.position, token(space._replace(medal=value))]]
    return [
        [corporation, track, position, token(space._replace(medal=max(0, space.medal + value)))]
        for position, space in enumerate(spaces)
        if space.medal
    ]


def _has_track_edits(module: ModuleType) -> bool:
    return TRACK_EDITS in module.Rules.standard().to_dict()


def _planet_module(module: ModuleType, name: str = "asymmetry_lesson") -> ModuleType:
    """A Planet Unknown module (``asymmetry_lesson``: boards by key; ``tuning``: track names and the token writer;
    ``variants``: the corporation keys), loaded by name only when a medal parameter asks, so tuning another game
    never loads Planet Unknown."""
    return importlib.import_module(f"{module.__name__}.{name}")


def _board(module: ModuleType, corporation: str, where: str) -> Any:
    lesson = _planet_module(module)
    keys = ["standard", *_planet_module(module, "variants").corporation_keys()]
    if corporation not in keys:
        raise TuneError(f"{where}: {corporation!r} is not a corporation; corporations: {', '.join(keys)}")
    return lesson.corporation_board(corporation)


def _track_names(module: ModuleType) -> list[str]:
    return list(_planet_module(module, "tuning").TRACK_NAMES)


def _token_writer(module: ModuleType) -> Any:
    return _planet_module(module, "tuning").space_token


def _number(value: float) -> str:
    return f"{value:g}"
