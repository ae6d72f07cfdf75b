"""Busca's scoring in exact thirds of a point (B-2): card points, a hand's scores and how a
number of thirds is written (``3⅔``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.core import cards, tricks

# Card points in thirds: an Ace is a whole point, a 3, 2, King, Queen or Jack a third.
THIRDS = {"A": 3, "3": 1, "2": 1, "K": 1, "Q": 1, "J": 1}
ALL_THIRDS = 32  # 10⅔ points in the pack
HAND_POINTS = 11  # what a hand's scores add up to without cappotto
_FRACTIONS = ("", "\u2153", "\u2154")  # ⅓, ⅔


def thirds(taken: Iterable[str]) -> int:
    """The card points of ``taken``, in thirds."""
    return tricks.points(taken, THIRDS, cards.rank_of)


def counts(card: str) -> bool:
    """Whether ``card`` is a counting card (worth any points)."""
    return cards.rank_of(card) in THIRDS


def thirds_text(value: int) -> str:
    """``value`` thirds as players write it: 0, ⅓, 2, 3⅔."""
    whole, part = divmod(value, 3)
    if whole and part:
        return f"{whole}{_FRACTIONS[part]}"
    return _FRACTIONS[part] if part else str(whole)


def hand_scores(taken: Sequence[int], last: int) -> tuple[tuple[int, ...], int | None]:
    """Each seat's score for a hand from the thirds each took (the discard counted with the
    last-trick winner's), and the cappotto seat if there is one.

    Every seat but ``last`` scores its points rounded down; ``last`` scores what is left of 11
    (so it carries everyone's fractions); B-1: a seat that took every counting card scores 0
    and every other seat 11."""
    for seat, value in enumerate(taken):
        if value == ALL_THIRDS:
            return tuple(0 if s == seat else HAND_POINTS for s in range(len(taken))), seat
    others = [value // 3 for value in taken]
    others[last] = HAND_POINTS - sum(v for s, v in enumerate(others) if s != last)
    return tuple(others), None
