"""Bitboards as numpy words, for scoring many placements of one board at once (``scoring_batch``).

A planet's 144 squares are a Python int; here each is three 64-bit words (bits 0-63, 64-127, 128-143), so a
decision's ~170 placements are a (3, n) array and "which of them touch the lifepods" is one AND against three
words, where the square-by-square form gathered ~40 squares per placement from a board vector. Counting squares
needs a population count: ``np.bitwise_count`` (numpy 2), or a byte table on numpy 1.26 (the same counts).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

__all__ = ["WORDS", "WordArray", "bit_counts", "bit_counts_by_bytes", "words"]

WordArray = npt.NDArray[np.uint64]
CountArray = npt.NDArray[np.uint8]
#: Words per bitboard: 3 x 64 bits hold the 144 squares.
WORDS = 3
#: Per byte value, its set bits (the population count of numpy 1.26, which has no ``bitwise_count``).
BYTE_COUNTS = np.array([bin(byte).count("1") for byte in range(256)], np.uint8)


def words(masks: Sequence[int]) -> WordArray:
    """The bitboards ``masks`` (each below ``1 << 192``) as rows of ``WORDS`` little-endian words."""
    data = b"".join([mask.to_bytes(8 * WORDS, "little") for mask in masks])
    found: WordArray = np.frombuffer(data, "<u8").reshape(len(masks), WORDS).astype(np.uint64)
    return found


def bit_counts_by_bytes(values: WordArray) -> CountArray:
    """The set bits of each word, read a byte at a time from ``BYTE_COUNTS``."""
    flat = np.ascontiguousarray(values, np.uint64)
    per_byte = BYTE_COUNTS[flat.view(np.uint8)].reshape(*flat.shape, 8)
    found: CountArray = per_byte.sum(axis=-1, dtype=np.uint8)
    return found


def _numpy_bit_counts(values: WordArray) -> CountArray:
    found: CountArray = np.bitwise_count(values)
    return found


#: The set bits of each word (``uint8``: sum them with ``dtype=np.int64``): numpy's own count (numpy 2), else the
#: byte table.
bit_counts: Callable[[WordArray], CountArray] = (
    _numpy_bit_counts if hasattr(np, "bitwise_count") else bit_counts_by_bytes
)
