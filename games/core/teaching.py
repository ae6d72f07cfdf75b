"""What Parlour says to someone learning a game: a hint (the computer's move for a seat, with its
reasons), the situation a seat faces (a coach's line, said once per kind), and the example a
game's rules open with. Every text here is shown to one seat only and names only cards that seat
may see; lines may use :func:`games.core.base.player` placeholders."""

from __future__ import annotations

from dataclasses import dataclass

from .base import Action, Coaching, Example

__all__ = ["Coaching", "Example", "Hint"]


@dataclass(frozen=True)
class Hint:
    """What the computer would play for a seat (``action``), and one or two reasons in plain words
    from what it weighed."""

    action: Action
    reasons: tuple[str, ...]
