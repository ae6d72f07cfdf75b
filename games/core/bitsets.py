"""Sets of small numbers (cards as bit positions) kept in one int, as the simulators of the computer
players keep hands: cheap to copy, test and combine."""

from __future__ import annotations


def bits(mask: int) -> list[int]:
    """The positions set in ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
