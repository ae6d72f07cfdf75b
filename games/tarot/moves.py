"""The tarot games' moves naming cards: ``play:<card>``, ``discard:<cards>``, and the base
games' ``claim:<cards>`` (or ``claim:none``) and ``give:<card>``."""

from __future__ import annotations

from dataclasses import dataclass

from games.core import cards
from games.core.actions import Action


@dataclass(frozen=True)
class CardsMove(Action):
    """``play:<card>``, ``discard:<cards>``, ``claim:<cards>`` (or ``claim:none``), ``give:<card>``."""

    verb: str
    cards: tuple[str, ...]

    @property
    def token(self) -> str:
        return f"{self.verb}:{cards.join(self.cards) if self.cards else 'none'}"

    @property
    def label(self) -> str:
        shown = " ".join(cards.short(c, "tarot") for c in self.cards)
        if self.verb == "claim":
            return f"Leave {shown} face up" if self.cards else "Leave nothing face up"
        return f"{self.verb.capitalize()} {shown}"
