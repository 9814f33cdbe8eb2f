"""Reading component data from TOML with errors that name the file and the key.

Every game keeps its components in ``data/*.toml``; a teacher may copy one, change a number and load it
as a variant. A bad value must then say where it is (``cards.toml: components[2].count``), not crash
somewhere deep in the engine.
"""

from __future__ import annotations

import difflib
import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, TypeVar

from .errors import RulesDataError, clipped, shown

T = TypeVar("T")


def load_toml(path: str | Path) -> dict[str, Any]:
    """Parse a TOML file, turning every I/O and decoding failure into ``RulesDataError`` naming the file.

    A teacher's edited file may hold anything: arrays nested 5,000 deep or inline tables 2,000 deep make
    ``tomllib`` recurse past Python's limit, and an integer of 5,000 digits is past what Python will read.
    """
    path = Path(path)
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError as exc:
        raise RulesDataError(f"{path.name}: no such data file ({clipped(str(path))})") from exc
    except RecursionError:
        raise RulesDataError(f"{path.name}: arrays or tables are nested too deeply to read") from None
    except tomllib.TOMLDecodeError as exc:
        raise RulesDataError(f"{path.name}: not valid TOML: {clipped(str(exc))}") from exc
    except UnicodeDecodeError as exc:
        raise RulesDataError(f"{path.name}: not UTF-8 text: {clipped(str(exc))}") from exc
    except ValueError as exc:  # tomllib passes int()'s refusal of a number over 4,300 digits through
        raise RulesDataError(f"{path.name}: a value cannot be read: {clipped(str(exc))}") from exc
    except OSError as exc:
        raise RulesDataError(f"{path.name}: cannot be read: {exc.strerror or exc}") from exc


#: The longest misspelt key ``closest`` compares with the known keys.
MAX_KEY_GUESSED = 200


def closest(name: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'count'?)`` for a misspelt key, or an empty string."""
    if len(name) > MAX_KEY_GUESSED:  # no key is this long; difflib would take seconds over a 10 MB one
        return ""
    match = difflib.get_close_matches(name, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {match[0]!r}?)" if match else ""


class DataReader:
    """Typed look-ups in one parsed data file; every failure names ``file: key``."""

    def __init__(self, source: str, data: Mapping[str, Any], prefix: str = "") -> None:
        self.source = source
        self.data = data
        self.prefix = prefix

    def where(self, key: str) -> str:
        return f"{self.source}: {self.prefix}{clipped(key, 80)}"

    def fail(self, key: str, problem: str) -> RulesDataError:
        return RulesDataError(f"{self.where(key)} {problem}")

    def get(self, key: str, kind: type[T], default: T | None = None) -> T:
        if key not in self.data:
            if default is not None:
                return default
            raise self.fail(key, "is missing")
        value = self.data[key]
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self.fail(key, f"must be {kind.__name__}, not {type(value).__name__} {shown(value)}")
        return value

    def int_in(self, key: str, low: int, high: int, default: int | None = None) -> int:
        value = self.get(key, int, default)
        if not low <= value <= high:
            raise self.fail(key, f"must be between {low} and {high}, not {shown(value)}")
        return value

    def float_in(self, key: str, low: float, high: float, default: float | None = None) -> float:
        value = self.get(key, float, default)
        if not low <= value <= high:
            raise self.fail(key, f"must be between {low} and {high}, not {shown(value)}")
        return value

    def check_keys(self, allowed: Iterable[str]) -> None:
        """Refuse a key this table does not have: a misspelt key must not be silently ignored."""
        allowed = list(allowed)
        for key in self.data:
            if key not in allowed:
                raise self.fail(
                    str(key), f"is not a known key{closest(str(key), allowed)}; known: {', '.join(allowed)}"
                )

    def child(self, key: str) -> DataReader:
        return DataReader(self.source, self.get(key, dict), f"{self.prefix}{key}.")

    def items(self, key: str) -> list[DataReader]:
        rows = self.get(key, list)
        readers = []
        for index, row in enumerate(rows):
            if not isinstance(row, dict):
                raise self.fail(f"{key}[{index}]", "must be a table")
            readers.append(DataReader(self.source, row, f"{self.prefix}{key}[{index}]."))
        return readers
