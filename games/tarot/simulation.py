"""What the two tarot simulators share (:mod:`games.tarot.manchester.simulation` for the two-player
games, :mod:`games.tarot.base.simulation` for the base games): the cards as small integers with
their suits, strengths and points in tables (a deal is played out thousands of times a decision,
so nothing is looked up by name there), what playing a card gives up beside its points, the Fool's
worth kept back, and the quick policy's choice of the best card."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.core import cards, decks

from . import pack

NAMES: tuple[str, ...] = (*decks.tarot(), *(c for c in ("GOOD", "EVIL") if c not in decks.tarot()))
ID = {name: i for i, name in enumerate(NAMES)}
TRUMP = 4  # the "suit" of trumps
FOOL_SUIT = 5
FOOL = ID[pack.FOOL]
_SUITS = {s: i for i, s in enumerate(cards.TAROT_SUITS)}
SUIT: tuple[int, ...] = tuple(TRUMP if pack.is_trump(c) else FOOL_SUIT if c == pack.FOOL else _SUITS[c[-1]]
                              for c in NAMES)
STR: tuple[float, ...] = tuple(0.0 if c == pack.FOOL else pack.strength(c, c) or 0.0 for c in NAMES)
PTS: tuple[int, ...] = tuple(pack.points(c) for c in NAMES)
HONOUR: tuple[bool, ...] = tuple(c in pack.HONOURS for c in NAMES)
KING: tuple[bool, ...] = tuple(pack.is_king(c) for c in NAMES)
FOOL_VALUE = -2.5  # the Fool as excuse is kept back for a trick where it saves more than this


def encode(names: Iterable[str]) -> list[int]:
    return [ID[c] for c in names]


def mask(cards: Iterable[int]) -> int:
    """Cards as a set of bits."""
    out = 0
    for c in cards:
        out |= 1 << c
    return out


def card_cost(card: int, trump_base: float, trump_step: float) -> float:
    """What playing a card gives up besides its points: its power to take a trick later (a trump's
    ``trump_base`` and ``trump_step`` more for each step up the trumps)."""
    if card == FOOL:
        return 0.0
    if SUIT[card] == TRUMP:
        return trump_base + trump_step * (STR[card] - 100.0)
    return 0.05 * STR[card]


def best_of(values: Sequence[float]) -> int:
    """The index of the highest of ``values`` (the first of equals)."""
    best = 0
    for i in range(1, len(values)):
        if values[i] > values[best]:
            best = i
    return best
