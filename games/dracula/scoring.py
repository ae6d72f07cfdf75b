"""Dracula's arithmetic: line values, coffin scoring, the end-of-game bonus and the cut
(docs/rules/dracula.md). Pure functions on card tokens, so the tests can check each ruling directly."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from games.core import cards

Direction = Literal["rows", "cols"]
DIRECTIONS: tuple[Direction, Direction] = ("rows", "cols")
VAMPIRES = ("X1", "X2")

# Cell indices, row-major: cell = 3 * row + col.
ROWS: tuple[tuple[int, int, int], ...] = ((0, 1, 2), (3, 4, 5), (6, 7, 8))
COLS: tuple[tuple[int, int, int], ...] = ((0, 3, 6), (1, 4, 7), (2, 5, 8))
LINES: dict[Direction, tuple[tuple[int, int, int], ...]] = {"rows": ROWS, "cols": COLS}


def other(direction: Direction) -> Direction:
    return "cols" if direction == "rows" else "rows"


def points(tok: str, direction: Direction) -> int:
    """A card's face value in a line of that direction (a Vampire has none)."""
    if tok in VAMPIRES:
        return 0
    rank = cards.rank_of(tok)
    if rank == "A":
        return 1
    if rank == "J":
        return 0
    if rank == "Q":
        return 10 if direction == "rows" else 0
    if rank == "K":
        return 10 if direction == "cols" else 0
    return int(rank)


def multiplier(line: Sequence[str]) -> int:
    """D-2: the single highest multiplier that applies; 0 for a line a Vampire has drained.

    A court card counting 0 keeps its suit and colour, so only the suit letters matter here."""
    if any(tok in VAMPIRES for tok in line):
        return 0
    suits = [cards.suit_of(tok) for tok in line]
    if len(set(suits)) == 1:
        return 5
    if len({s in cards.RED_SUITS for s in suits}) == 1:
        return 3
    if len(set(suits)) < len(suits):
        return 2
    return 1


def line_value(line: Sequence[str], direction: Direction) -> int:
    return sum(points(tok, direction) for tok in line) * multiplier(line)


def line_values(cells: Sequence[str | None], direction: Direction) -> tuple[int, int, int]:
    """The three lines of a full coffin in one direction, in board order."""
    values = []
    for line in LINES[direction]:
        toks = [cells[i] for i in line]
        if any(t is None for t in toks):
            raise ValueError("the coffin is not full")
        values.append(line_value([t for t in toks if t is not None], direction))
    return values[0], values[1], values[2]


@dataclass(frozen=True)
class CoffinScore:
    """How a full coffin scored: each side's lines best-first, which rung of the tie ladder
    decided it (0 best, 1 second best, 2 third best) and what each side scores."""

    lines: tuple[tuple[int, ...], tuple[int, ...]]
    rung: int
    scored: tuple[int, int]


def compare_lines(a: Sequence[int], b: Sequence[int]) -> int:
    """The rung that is scored: the first where the two sorted lists differ, else the third."""
    for rung in (0, 1):
        if a[rung] != b[rung]:
            return rung
    return 2


def score_coffin(cells: Sequence[str | None], directions: tuple[Direction, Direction]) -> CoffinScore:
    """Score a full coffin for two sides, each in its own direction."""
    a = tuple(sorted(line_values(cells, directions[0]), reverse=True))
    b = tuple(sorted(line_values(cells, directions[1]), reverse=True))
    rung = compare_lines(a, b)
    return CoffinScore((a, b), rung, (a[rung], b[rung]))


@dataclass(frozen=True)
class GameResult:
    """The end of a game: the sides' totals, the bonus and who won (None: drawn)."""

    totals: tuple[int, int]
    finals: tuple[int, int]
    bonus: int
    winner: int | None


def finish(totals: tuple[int, int], best_lines: tuple[int, int]) -> GameResult:
    """The end-of-game bonus. The leader adds the difference; D-3: on equal totals the bonus is
    the highest single line scored during the game, to its scorer; equal again is a draw."""
    a, b = totals
    if a != b:
        winner = 0 if a > b else 1
        bonus = abs(a - b)
    elif best_lines[0] != best_lines[1]:
        winner = 0 if best_lines[0] > best_lines[1] else 1
        bonus = best_lines[winner]
    else:
        return GameResult(totals, totals, 0, None)
    finals = (a + bonus, b) if winner == 0 else (a, b + bonus)
    return GameResult(totals, finals, bonus, winner)


def cut_winner(first: str, second: str) -> int | None:
    """D-1: 0 or 1 for the card that wins the cut, None to cut again.

    Red beats black; between reds a heart beats a diamond and, in one suit, the higher rank
    wins (Ace low, King high). Two blacks or any Vampire: cut again."""
    if first in VAMPIRES or second in VAMPIRES:
        return None
    red = (cards.parse(first).is_red, cards.parse(second).is_red)
    if red == (False, False):
        return None
    if red[0] != red[1]:
        return 0 if red[0] else 1
    s1, s2 = cards.suit_of(first), cards.suit_of(second)
    if s1 != s2:
        return 0 if s1 == "H" else 1
    order = cards.STANDARD_RANKS
    return 0 if order.index(cards.rank_of(first)) > order.index(cards.rank_of(second)) else 1
