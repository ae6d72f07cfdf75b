"""Guild settings: what managers may change with /parlour settings, their defaults and limits."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.core.stakes import UNITS


@dataclass(frozen=True)
class Setting:
    key: str
    default: Any
    help: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()

    def check(self, value: Any) -> Any:
        """The value in its proper type; ValueError with a sentence a manager can act on."""
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise ValueError(f"{self.key} is on or off")
            return value
        if isinstance(self.default, int):
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"{self.key} is a whole number")
            low = self.minimum is not None and value < self.minimum
            if low or (self.maximum is not None and value > self.maximum):
                raise ValueError(f"{self.key} must be from {self.minimum} to {self.maximum}")
            return value
        text = str(value).strip()
        if self.choices and text not in self.choices:
            raise ValueError(f"{self.key} is one of {', '.join(self.choices)}")
        if not 1 <= len(text) <= 100:
            raise ValueError(f"{self.key} must be 1 to 100 characters")
        return text


SETTINGS: dict[str, Setting] = {s.key: s for s in (
    Setting("turn_timeout", 10, "Minutes a player has for a turn before the computer plays it", 1, 1440),
    Setting("private_tables", False, "Only the players can see a table's channel"),
    Setting("category", "Parlour", "The channel category that table channels go in"),
    Setting("cleanup_delay", 30, "Minutes before a finished table's channel is removed", 0, 10080),
    Setting("stakes_unit", "dollars", "How stakes are counted: dollars, cents (a dollar played for a cent) or points",
            choices=UNITS),
)}


def defaults() -> dict[str, Any]:
    return {key: s.default for key, s in SETTINGS.items()}
