"""What Parlour says to someone learning a game: a hint (the computer's move for a seat, with its
reasons), the situation a seat faces (a coach's line, said once per kind), and the example a
game's rules open with. Every text here is shown to one seat only and names only cards that seat
may see; lines may use :func:`games.core.base.player` placeholders."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .base import Action, State


@dataclass(frozen=True)
class Hint:
    """What the computer would play for a seat (``action``), and one or two reasons in plain words
    from what it weighed."""

    action: Action
    reasons: tuple[str, ...]


@dataclass(frozen=True)
class Coaching:
    """The kind of moment a seat faces (``kind``: a short key such as "lead", "follow", "discard",
    "king-rule", "challenge"), and one short line saying what is happening and what the choices
    mean. A learner is told each kind once."""

    kind: str
    line: str


@dataclass(frozen=True)
class Example:
    """A typical moment of a game, for the picture its rules open with: the state, the seat whose
    copy is drawn, and a caption in plain words."""

    state: State
    seat: int
    caption: str
