"""What Parlour says to someone learning a game: a hint (the computer's move for a seat, with its
reasons), the situation a seat faces (a coach's line, said once per kind), and the example a
game's rules open with. Every text here is shown to one seat only and names only cards that seat
may see; lines may use :func:`games.core.base.player` placeholders."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .base import Action, Coaching, Example

__all__ = ["Coaching", "Example", "Hint", "in_plain_words"]

# A ruling's number in brackets, "(F-6)" or "(K-2, K-3)": the rules, their tests and /rules cite rulings
# so; to someone learning as they play it means nothing.
RULING = re.compile(r"\s*\((?:[A-Z]-\d+)(?:(?:,\s*|\s+and\s+|;\s*)[A-Z]-\d+)*\)")


def in_plain_words(text: str) -> str:
    """A teaching text (a coach's line, a hint's reason, why a card may not go) as a learner reads it:
    without the numbers of the rulings it follows."""
    return RULING.sub("", text)


@dataclass(frozen=True)
class Hint:
    """What the computer would play for a seat (``action``), and one or two reasons in plain words
    from what it weighed."""

    action: Action
    reasons: tuple[str, ...]
