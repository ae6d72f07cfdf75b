"""Fosco's arithmetic, in half-points so that a Joker's ½ stays an integer.

Shared by the rules and the computer player, which searches with these functions directly.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Literal

LIMIT = 42  # 21 in half-points: the count may never go above it
DOUBLE_MOST = 20  # 10 in half-points: a card that doubles may not be played on a count above it (F-6)
HAND_ORDER = ("S", "H", "C", "D")  # a player plays out spades, then hearts, clubs, diamonds
SUIT_WEIGHT = {"S": 1, "H": 2, "C": 3, "D": 4}
JOKER_SUIT = "X"
# The source's five ways a King raises the count. The optional extras let a Joker, and in the
# overhaul a Queen and a Jack, take one of them too (F-7, F-8).
RAISES = ("double", "fives", "squares", "primes", "led")
KING_RULES = RAISES
QUEEN_RULES = ("zero", *RAISES)
JACK_RULES = ("copy", *RAISES)
JOKER_RULES = ("half", *RAISES)


@dataclass(frozen=True)
class CardRules:
    """What the cards that are not numbers do at this table: the King's rule, and the optional
    extras (a Queen and a Jack with a rule of their own, a Joker that raises)."""

    king: str = "double"
    queen: str = "zero"
    jack: str = "copy"
    joker: str = "half"


PLAIN = CardRules()

# The effect of a card on the count: ("add", half_points) or (raise, 0) with ``raise`` one of
# RAISES. A Jack that copies repeats the effect before it, so effects, not cards, are what a count
# remembers.
Effect = tuple[str, int]
ADD_NOTHING: Effect = ("add", 0)


@cache
def suit(card: str) -> str:
    return JOKER_SUIT if card.startswith("X") else card[-1]


@cache
def own_effect(card: str, rules: CardRules = PLAIN) -> Effect | None:
    """A card's effect, or None for a Jack that copies (it takes the previous card's)."""
    if card.startswith("X"):
        return ("add", 1) if rules.joker == "half" else (rules.joker, 0)
    rank = card[:-1]
    if rank == "J":
        return None if rules.jack == "copy" else (rules.jack, 0)
    if rank == "K":
        return (rules.king, 0)
    if rank == "Q":
        return ADD_NOTHING if rules.queen == "zero" else (rules.queen, 0)
    return ("add", 2 * (1 if rank == "A" else int(rank)))


def effect_of(card: str, previous: Effect | None, rules: CardRules = PLAIN) -> Effect:
    effect = own_effect(card, rules)
    if effect is None:  # a Jack copies the card before it; leading a count it adds nothing
        return previous if previous is not None else ADD_NOTHING
    return effect


def _next_square_above(half: int) -> int:
    n = 0
    while 2 * n * n <= half:
        n += 1
    return 2 * n * n


def _is_prime(n: int) -> bool:
    return n >= 2 and all(n % d for d in range(2, int(n**0.5) + 1))


def _next_prime_above(half: int) -> int:
    n = half // 2 + 1
    while not _is_prime(n):
        n += 1
    return 2 * n


def raised(rule: str, count: int, led: int) -> int:
    """The count after a card that raises it by one of the source's five rules (all "strictly
    above"); ``led`` is what the count's first card came to (0 while it is being led)."""
    if rule == "double":
        return 2 * count
    if rule == "fives":
        return (count // 10 + 1) * 10
    if rule == "squares":
        return _next_square_above(count)
    if rule == "primes":
        return _next_prime_above(count)
    if rule == "led":
        return count + led
    raise ValueError(f"unknown rule {rule!r}")


def after(effect: Effect, count: int, led: int) -> int:
    return count + effect[1] if effect[0] == "add" else raised(effect[0], count, led)


def step(card: str, count: int, previous: Effect | None, led: int, rules: CardRules,
         leading: bool) -> tuple[Effect, int, int]:
    """A card played on ``count``: its effect, the count after it, and what the ``led`` rule adds
    for the rest of the count. That is what the first card came to, the count after it (F-8):
    a number its face, a Joker ½, a Queen or a leading Jack 0, and a card that raises 0 itself
    ("zero if led itself") or whatever its rule makes of 0."""
    effect = effect_of(card, previous, rules)
    new = after(effect, count, led)
    return effect, new, new if leading else led


def current_suit(hand: Iterable[str]) -> str | None:
    """The earliest suit in hand order that the hand still holds (None: only jokers or empty)."""
    held = {suit(c) for c in hand}
    for s in HAND_ORDER:
        if s in held:
            return s
    return None


def allowed(hand: tuple[str, ...]) -> tuple[str, ...]:
    """Cards the hand order allows, before the 21 limit: the current suit, plus jokers (F-2)."""
    now = current_suit(hand)
    return tuple(c for c in hand if suit(c) in (now, JOKER_SUIT))


def doubling_too_late(effect: Effect, count: int) -> bool:
    """A card that doubles (a King, a Jack copying one, any card given that rule) may not be
    played on a count above 10 (F-6), whatever jokers made of it: 10½ doubled would be 21, yet
    the count is past 10."""
    return effect[0] == "double" and count > DOUBLE_MOST


def fits(effect: Effect, count: int, led: int) -> bool:
    """Whether a card with ``effect`` may be played on ``count``: it keeps the count within 21 and
    is not a card that doubles a count above 10."""
    return not doubling_too_late(effect, count) and after(effect, count, led) <= LIMIT


def playable(hand: tuple[str, ...], count: int, previous: Effect | None, rules: CardRules,
             led: int) -> tuple[str, ...]:
    """Cards this hand may play now: allowed by the hand order, keeping the count within 21 (F-6).
    Exactly the cards of ``hand`` whose :func:`refusal` is None."""
    return tuple(c for c in allowed(hand) if fits(effect_of(c, previous, rules), count, led))


# Why a card held may not be played: the hand order (play out the current suit first), the
# doubling limit (F-6), or the 21 limit.
Refusal = Literal["suit", "double", "limit"]


def refusal(hand: tuple[str, ...], card: str, count: int, previous: Effect | None, rules: CardRules,
            led: int) -> Refusal | None:
    """Why ``card`` of ``hand`` may not be played on ``count``, or None if it may: the same tests
    as :func:`playable`, in the same order (the hand order, then :func:`fits`)."""
    if card not in allowed(hand):
        return "suit"
    effect = effect_of(card, previous, rules)
    if fits(effect, count, led):
        return None
    return "double" if doubling_too_late(effect, count) else "limit"


def deal_points(captured: Iterable[str]) -> int:
    """A side's score for a deal: (cards of a suit - 6) x the suit's weight, where positive."""
    counts = {s: 0 for s in HAND_ORDER}
    for c in captured:
        s = suit(c)
        if s in counts:
            counts[s] += 1
    return sum(max(0, n - 6) * SUIT_WEIGHT[s] for s, n in counts.items())


def show(half: int) -> str:
    """A count for people: 21, 10½."""
    whole, rest = divmod(half, 2)
    return f"{whole}\u00bd" if rest else str(whole)
