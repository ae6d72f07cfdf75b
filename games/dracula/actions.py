"""Dracula's moves: place a card in the coffin, or choose the scoring direction."""

from __future__ import annotations

from dataclasses import dataclass

from games.core import cards
from games.core.actions import Action, check_token
from games.core.errors import IllegalAction

from .scoring import VAMPIRES, Direction

CELL_NAMES: tuple[str, ...] = (
    "top left", "top middle", "top right",
    "middle left", "centre", "middle right",
    "bottom left", "bottom middle", "bottom right",
)
WAY_NAMES: dict[Direction, str] = {"rows": "Queen's way (rows)", "cols": "King's way (columns)"}


def card_label(tok: str) -> str:
    return f"Vampire {tok[1]}" if tok in VAMPIRES else cards.short(tok)


@dataclass(frozen=True)
class Place(Action):
    card: str
    row: int
    col: int

    @property
    def cell(self) -> int:
        return 3 * self.row + self.col

    @property
    def token(self) -> str:
        return f"place:{self.card}@{self.row}{self.col}"

    @property
    def label(self) -> str:
        return f"{card_label(self.card)} \u2192 {CELL_NAMES[self.cell]}"


@dataclass(frozen=True)
class Way(Action):
    direction: Direction

    @property
    def token(self) -> str:
        return f"way:{self.direction}"

    @property
    def label(self) -> str:
        return WAY_NAMES[self.direction]


def is_dracula_card(tok: str) -> bool:
    return tok in VAMPIRES or (tok not in cards.JOKERS and cards.is_card(tok))


def parse(token: str) -> Action:
    check_token(token)
    verb, sep, arg = token.partition(":")
    if verb == "way" and sep:
        if arg == "rows":
            return Way("rows")
        if arg == "cols":
            return Way("cols")
        raise IllegalAction(f"{token!r} is not a direction (use way:rows or way:cols)")
    if verb == "place" and sep:
        card, at, where = arg.partition("@")
        if not at or len(where) != 2 or any(ch not in "012" for ch in where):
            raise IllegalAction(f"{token!r} does not name a cell (a move looks like place:QS@01, row then column, 0-2)")
        if not is_dracula_card(card):
            raise IllegalAction(f"{card!r} is not a card in Dracula")
        return Place(card, int(where[0]), int(where[1]))
    raise IllegalAction(f"{token!r} is not a Dracula move (moves look like place:QS@01 or way:rows)")
