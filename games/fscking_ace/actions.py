"""Fscking Ace's moves: flip a card, stop and score, and between rounds play on or end."""

from __future__ import annotations

from dataclasses import dataclass, field

from games.core.base import Action, check_token
from games.core.errors import IllegalAction


@dataclass(frozen=True)
class Flip(Action):
    @property
    def token(self) -> str:
        return "flip"

    @property
    def label(self) -> str:
        return "Flip a card"


@dataclass(frozen=True)
class Stop(Action):
    # What stopping banks, for the button; not part of the move's identity.
    banked: str = field(default="", compare=False)

    @property
    def token(self) -> str:
        return "stop"

    @property
    def label(self) -> str:
        return f"Stop and score {self.banked}" if self.banked else "Stop and score"


@dataclass(frozen=True)
class Next(Action):
    @property
    def token(self) -> str:
        return "next"

    @property
    def label(self) -> str:
        return "Play another round"


@dataclass(frozen=True)
class End(Action):
    @property
    def token(self) -> str:
        return "end"

    @property
    def label(self) -> str:
        return "End the game"


_BY_TOKEN: dict[str, Action] = {a.token: a for a in (Flip(), Stop(), Next(), End())}


def parse(token: str) -> Action:
    check_token(token)
    try:
        return _BY_TOKEN[token]
    except KeyError:
        raise IllegalAction(f"{token!r} is not a Fscking Ace move (the moves are flip, stop, next and end)") from None
