"""Money that changes hands between seats (Fscking Ace's stakes), and how amounts are shown.

Amounts are whole cents of the game's money ($1 = 100), so splitting a pot never loses a
fraction. A line that mentions money carries a placeholder (:func:`money`) rather than a
formatted amount, because each guild chooses its own unit: the bot or renderer fills it in
with :func:`fill_money` (or :func:`games.core.base.name_players`, which does both names and money).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

Unit = Literal["dollars", "cents", "points"]
UNITS: tuple[Unit, ...] = ("dollars", "cents", "points")
DOLLAR = 100

_PLACEHOLDER = re.compile(r"\{([+]?)\$(-?\d+)\}")


def money(cents: int, sign: bool = False) -> str:
    """A placeholder for an amount in a line of text; ``sign`` shows a plus on gains."""
    return f"{{{'+' if sign else ''}${int(cents)}}}"


def format_money(cents: int, unit: str = "dollars", sign: bool = False) -> str:
    """An amount in a guild's unit: dollars ``$6.67``; cents ``6.67¢`` (the source's friendly
    game, a dollar played for a cent); points ``6.67 pts``. With ``sign`` a gain reads ``+$8``."""
    whole, part = divmod(abs(cents), DOLLAR)
    number = f"{whole:,}" if part == 0 else f"{whole:,}.{part:02d}"
    if unit == "cents":
        text = f"{number}¢"
    elif unit == "points":
        text = f"{number} {'pt' if abs(cents) == DOLLAR else 'pts'}"
    else:
        text = f"${number}"
    if cents < 0:
        return "-" + text
    return ("+" + text) if sign and cents > 0 else text


def fill_money(text: str, unit: str = "dollars") -> str:
    """Replace every :func:`money` placeholder in ``text`` with the amount in ``unit``."""
    return _PLACEHOLDER.sub(lambda m: format_money(int(m.group(2)), unit, sign=m.group(1) == "+"), text)


@dataclass(frozen=True)
class Transfer:
    """One movement of money: seat ``payer`` gives seat ``payee`` ``cents``, for ``reason``
    (a line that may hold :func:`money` placeholders)."""

    payer: int
    payee: int
    cents: int
    reason: str

    def to_json(self) -> dict[str, object]:
        return {"from": self.payer, "to": self.payee, "cents": self.cents, "reason": self.reason}


@dataclass(frozen=True)
class Settlement:
    """The money moved at the end of one round; games add what explains it."""

    round: int
    transfers: tuple[Transfer, ...]

    def net(self, players: int) -> tuple[int, ...]:
        """Each seat's gain (negative: loss); they sum to zero, as nothing is created or lost."""
        out = [0] * players
        for t in self.transfers:
            out[t.payer] -= t.cents
            out[t.payee] += t.cents
        return tuple(out)

    @property
    def total(self) -> int:
        return sum(t.cents for t in self.transfers)

    def to_json(self) -> dict[str, object]:
        """In full, each transfer with its reason (for the stakes ledger and the settlement image)."""
        return {"round": self.round, "total": self.total, "transfers": [t.to_json() for t in self.transfers]}
