"""A move: what every game's actions share, a move that is one word, a move made by choosing cards,
and the guard every token passes before a game reads it."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import IllegalAction
from .views import PickView

JSON = dict[str, Any]
MAX_TOKEN = 40


@dataclass(frozen=True)
class Action(ABC):
    """A move. Subclasses are small frozen dataclasses; ``token`` round-trips through
    ``Rules.parse_action`` and ``label`` is the text for a button."""

    @property
    @abstractmethod
    def token(self) -> str: ...

    @property
    def label(self) -> str:
        return self.token

    def __str__(self) -> str:
        return self.token


@dataclass(frozen=True)
class Word(Action):
    """A move that is one fixed word (flip, stop, next, pass …). ``text`` is its button label,
    which may describe the moment ("Stop and score 3 cards"); it is not part of the move."""

    word: str
    text: str = field(default="", compare=False)

    @property
    def token(self) -> str:
        return self.word

    @property
    def label(self) -> str:
        return self.text or self.word


@dataclass(frozen=True)
class Pick:
    """A move made by choosing some of one's cards, too many ways to list one by one (Bullshit's
    play: any 1 to 4 cards of a hand that may hold 40). The move's token is
    ``verb:<the chosen cards>``; the bot offers ``cards`` to tick and one button labelled
    ``label`` ("Play them as Kings"). ``cards`` may hold a card twice (two packs). ``fixed``
    cards go with whatever is chosen (a tarot discard that must include every card it may)."""

    verb: str
    cards: tuple[str, ...]
    fewest: int
    most: int
    label: str
    fixed: tuple[str, ...] = ()

    def token(self, chosen: Sequence[str]) -> str:
        return f"{self.verb}:{','.join((*self.fixed, *chosen))}"

    def to_json(self) -> PickView:
        return {"verb": self.verb, "cards": list(self.cards), "fewest": self.fewest, "most": self.most,
                "label": self.label, "fixed": list(self.fixed)}


def check_token(token: str) -> str:
    """Guard for parse_action: tokens are short and printable."""
    if not isinstance(token, str) or not token or len(token) > MAX_TOKEN or not token.isprintable():
        raise IllegalAction("that is not a move in this game")
    return token
