"""Values in and out of columns: compact strict JSON, and numbers checked before SQLite sees
them, so a wrong type fails loudly here instead of being stored as something else."""

from __future__ import annotations

import json
from typing import Any

from .errors import StoreError

INT64_MIN = -(2**63)
INT64_MAX = 2**63 - 1


def dumps(value: object, what: str) -> str:
    """``value`` as compact JSON; StoreError naming ``what`` if it cannot be stored faithfully."""
    try:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise StoreError(f"{what} cannot be stored as JSON: {exc}") from exc


def loads(text: str | None) -> Any:
    return None if text is None else json.loads(text)


def whole(value: object, what: str) -> int:
    """An integer that fits SQLite's INTEGER (snowflakes and seeds do). Bools are refused:
    ``True`` as a member id is always a bug."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise StoreError(f"{what} must be an integer, not {value!r}")
    if not INT64_MIN <= value <= INT64_MAX:
        raise StoreError(f"{what} does not fit in 64 bits: {value!r}")
    return value


def whole_or_none(value: object, what: str) -> int | None:
    return None if value is None else whole(value, what)


def number(value: object, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise StoreError(f"{what} must be a number, not {value!r}")
    return float(value)


def number_or_none(value: object, what: str) -> float | None:
    return None if value is None else number(value, what)


def flag(value: object, what: str) -> bool:
    """True or false (1 and 0 accepted, as SQLite gives them back)."""
    if value in (True, False, 0, 1) and isinstance(value, int):
        return bool(value)
    raise StoreError(f"{what} must be true or false, not {value!r}")
