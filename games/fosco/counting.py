"""Fosco's arithmetic, in half-points so that a Joker's ½ stays an integer.

Shared by the rules and the computer player, which searches with these functions directly.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

LIMIT = 42  # 21 in half-points: the count may never go above it
DOUBLE_MOST = 20  # 10 in half-points: a King that doubles may not be played on a count above it (F-6)
HAND_ORDER = ("S", "H", "C", "D")  # a player plays out spades, then hearts, clubs, diamonds
SUIT_WEIGHT = {"S": 1, "H": 2, "C": 3, "D": 4}
JOKER_SUIT = "X"
KING_RULES = ("double", "fives", "squares", "primes", "led")

# The effect of a card on the count: ("add", half_points) or ("king",) — a Jack repeats the
# effect before it, so effects, not cards, are what a count remembers.
Effect = tuple[str, int]
ADD_NOTHING: Effect = ("add", 0)
KING: Effect = ("king", 0)


@cache
def suit(card: str) -> str:
    return JOKER_SUIT if card.startswith("X") else card[-1]


@cache
def own_effect(card: str) -> Effect | None:
    """A card's effect, or None for a Jack (which takes the previous card's)."""
    if card.startswith("X"):
        return ("add", 1)
    rank = card[:-1]
    if rank == "J":
        return None
    if rank == "K":
        return KING
    if rank == "Q":
        return ADD_NOTHING
    return ("add", 2 * (1 if rank == "A" else int(rank)))


def led_value(card: str) -> int:
    """What the `led` King rule adds for this leading card (a King, Jack or Queen gives 0)."""
    effect = own_effect(card)
    return effect[1] if effect is not None and effect[0] == "add" else 0


def effect_of(card: str, previous: Effect | None) -> Effect:
    effect = own_effect(card)
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


def king(rule: str, count: int, led: int) -> int:
    """The count after a King under each of the source's five rules (all "strictly above")."""
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
    raise ValueError(f"unknown King rule {rule!r}")


def after(effect: Effect, count: int, rule: str, led: int) -> int:
    return count + effect[1] if effect[0] == "add" else king(rule, count, led)


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


def doubling_too_late(effect: Effect, count: int, rule: str) -> bool:
    """A King that doubles (a Jack copying one too) may not be played on a count above 10 (F-6),
    whatever jokers made of it: 10½ doubled would be 21, yet the count is past 10."""
    return effect == KING and rule == "double" and count > DOUBLE_MOST


def fits(effect: Effect, count: int, rule: str, led: int) -> bool:
    """Whether a card with ``effect`` may be played on ``count``: it keeps the count within 21 and is
    not a King that doubles a count above 10."""
    return not doubling_too_late(effect, count, rule) and after(effect, count, rule, led) <= LIMIT


def playable(hand: tuple[str, ...], count: int, previous: Effect | None, rule: str, led: int) -> tuple[str, ...]:
    """Cards this hand may play now: allowed by the hand order, keeping the count within 21 (F-6)."""
    return tuple(c for c in allowed(hand) if fits(effect_of(c, previous), count, rule, led))


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
