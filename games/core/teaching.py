"""What Parlour says to someone learning a game: a hint (the computer's move for a seat, with its
reasons), the situation a seat faces (a coach's line, said once per kind), and the example a
game's rules open with. Every text here is shown to one seat only and names only cards that seat
may see; lines may use :func:`games.core.base.player` placeholders."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Generic, TypeVar

from . import cards, decks
from .actions import Action

# The game's state an example shows (any game's: this module knows no state).
S_co = TypeVar("S_co", covariant=True)

# A ruling's number in brackets, "(F-6)" or "(K-2, K-3)": the rules, their tests and /rules cite rulings
# so; to someone learning as they play it means nothing.
RULING = re.compile(r"\s*\((?:[A-Z]-\d+)(?:(?:,\s*|\s+and\s+|;\s*)[A-Z]-\d+)*\)")


def in_plain_words(text: str) -> str:
    """A teaching text (a coach's line, a hint's reason, why a card may not go) as a learner reads it:
    without the numbers of the rulings it follows."""
    return RULING.sub("", text)


@dataclass(frozen=True)
class Coaching:
    """The kind of moment a seat faces (``kind``: a short key such as "lead", "follow", "discard",
    "king-rule", "challenge"), and one short line saying what is happening and what the choices
    mean. A learner is told each kind once."""

    kind: str
    line: str


@dataclass(frozen=True)
class Example(Generic[S_co]):
    """A typical moment of a game, for the picture its rules open with: the state, the seat whose
    copy is drawn, and a caption in plain words."""

    state: S_co
    seat: int
    caption: str


@dataclass(frozen=True)
class Hint:
    """What the computer would play for a seat (``action``), and one or two reasons in plain words
    from what it weighed."""

    action: Action
    reasons: tuple[str, ...]


# The tarot pack's short codes ("Qb", "T20") named as the card menus name them ("Qb Queen of batons",
# "T20 trump 20 (Judgement)"); the standard pack's ("Q\u2660") read as they are. The Fool, Good and Evil
# are written as words already.
_TAROT_NAMES = {code: cards.name(card, "tarot") for card in decks.tarot(good_and_evil=True)
                if not (code := cards.short(card, "tarot")).isalpha() or len(code) == 2}
_CODE = "(?:" + "|".join(sorted(map(re.escape, _TAROT_NAMES), key=len, reverse=True)) + ")"
_CODES = re.compile(rf"(?<![\w-]){_CODE}(?:\s+{_CODE})*(?![\w-])")  # one code, or several side by side


def in_card_names(text: str, family: cards.Family = "standard") -> str:
    """A teaching text with each tarot card's code followed by its name, as the card menus show it
    ("Discard Qb 9d" reads "Discard Qb Queen of batons, 9d 9 of coins"); a text of another pack as
    it is."""
    if family != "tarot":
        return text
    return _CODES.sub(lambda found: ", ".join(f"{code} {_TAROT_NAMES[code]}" for code in found.group(0).split()), text)
