"""Fscking Ace's moves: flip a card, stop and score, and between rounds play on, end, or seat a newcomer."""

from __future__ import annotations

from games.core.actions import Word, check_token
from games.core.errors import IllegalAction

FLIP = Word("flip", "Flip a card")
NEXT = Word("next", "Play another round")
END = Word("end", "End the game")
JOIN = Word("join", "Deal a newcomer in")


def stop(banked: str = "") -> Word:
    """Stop, with what stopping banks on the button."""
    return Word("stop", f"Stop and score {banked}" if banked else "Stop and score")


_BY_TOKEN: dict[str, Word] = {a.token: a for a in (FLIP, stop(), NEXT, END, JOIN)}


def parse(token: str) -> Word:
    check_token(token)
    try:
        return _BY_TOKEN[token]
    except KeyError:
        raise IllegalAction(f"{token!r} is not a Fscking Ace move (flip, stop, next, end, join)") from None
