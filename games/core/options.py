"""A table's options: what each one is, its allowed values, and reading a value typed by a member."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from .errors import BadOptions

OptionValue = int | str | bool | None


@dataclass(frozen=True)
class Option:
    """One table option. ``kind``: ``int`` (min..max), ``choice`` (one of ``choices``),
    ``bool``, or ``seat`` (a seat number, or None for "decided by the game")."""

    name: str
    kind: Literal["int", "choice", "bool", "seat"]
    default: OptionValue
    help: str
    choices: tuple[int | str, ...] = ()
    min: int | None = None
    max: int | None = None
    # Where the usual value depends on the table size: ((players, default), ...).
    defaults_by_players: tuple[tuple[int, OptionValue], ...] = ()
    # (option, value or values): this option applies only when that other option has that value
    # (a rule set's own settings); set otherwise, it is refused rather than silently ignored.
    requires: tuple[str, int | str | tuple[int | str, ...]] | None = None

    @property
    def required(self) -> tuple[str, tuple[int | str, ...]] | None:
        """``requires`` with its values always a tuple."""
        if self.requires is None:
            return None
        other, wanted = self.requires
        return other, wanted if isinstance(wanted, tuple) else (wanted,)

    def default_for(self, players: int) -> OptionValue:
        return dict(self.defaults_by_players).get(players, self.default)

    def coerce(self, value: object, players: int) -> OptionValue:
        """The value in its proper type; BadOptions, naming this option, if it does not fit."""
        bad = BadOptions(f"option {self.name!r}: {value!r} is not allowed ({self.describe_range(players)})")
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text in ("1", "true", "yes", "on"):
                return True
            if text in ("0", "false", "no", "off"):
                return False
            raise bad
        if self.kind == "seat":
            if value is None or (isinstance(value, str) and value.strip().lower() in ("", "auto", "none")):
                return None
            number = _as_int(value)
            if number is None or not 0 <= number < players:
                raise bad
            return number
        if self.kind == "choice":
            for choice in self.choices:
                same_text = not isinstance(value, bool) and str(value).strip().lower() == str(choice).lower()
                if value == choice or same_text:
                    return choice
            raise bad
        number = _as_int(value)
        too_low = self.min is not None and number is not None and number < self.min
        too_high = self.max is not None and number is not None and number > self.max
        if number is None or too_low or too_high:
            raise bad
        return number

    def describe_range(self, players: int | None = None) -> str:
        if self.kind == "bool":
            return "on or off"
        if self.kind == "seat":
            top = f"{players - 1}" if players else "the last seat"
            return f"a seat from 0 to {top}, or auto"
        if self.kind == "choice":
            return "one of " + ", ".join(str(c) for c in self.choices)
        return f"a whole number from {self.min} to {self.max}"


def _as_int(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and re.fullmatch(r"\s*-?\d+\s*", value):
        return int(value)
    return None
