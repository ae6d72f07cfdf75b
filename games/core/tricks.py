"""The trick-taking machinery games share (Busca now, the tarot family next): a trick in
progress, the order of play in either direction, who may play what, who wins, and what piles of
taken cards are worth. Pure functions over immutable values; each game supplies its own rules
through a few small functions.

How the rules still to come plug in:

- **Trumps.** ``winner`` takes a ``strength(card, led)`` function: a game with trumps gives a
  trump a strength above every card of the suit led (and ``suit`` maps trumps to their own
  "suit", so that following trumps is following suit). Cards that neither follow nor trump get
  ``None`` and cannot win.
- **Must beat / must trump.** ``follow`` gives the cards that follow suit; a game narrows that
  further with its own filter (those that beat the trick so far, by the same ``strength``; else
  trumps when void; else anything), applied to the result.
- **An excuse that never wins** (the tarot Fool). ``follow`` takes ``free``: cards that may
  always be played whatever was led; ``strength`` gives such a card ``None``, so it never wins
  a trick, and a trick led by it takes its suit from the next card (``led_card`` skips it).
- **Dummy hands.** A trick records the seat whose hand each card came from; who chose it (the
  dummy's partner) is the game's business, so piles and winners are by hand.
- **Partnerships.** ``piles`` gathers taken cards by any key: the seat, or the seat's side.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from .views import TrickView

CLOCKWISE = 1  # after seat s comes s + 1 (the tarot games)
COUNTERCLOCKWISE = -1  # after seat s comes s - 1 (Busca)

K = TypeVar("K")
Strength = Callable[[str, str], float | None]  # (card, the card that set the suit) -> how strong, or None


def next_seat(seat: int, players: int, direction: int) -> int:
    """The seat that plays after ``seat``."""
    return (seat + direction) % players


def order(leader: int, players: int, direction: int) -> tuple[int, ...]:
    """Every seat once, in the order they play a trick ``leader`` leads."""
    return tuple((leader + direction * i) % players for i in range(players))


@dataclass(frozen=True)
class Trick:
    """A trick: who led it and the cards played to it so far, each with the seat whose hand it
    came from, in play order."""

    leader: int
    plays: tuple[tuple[int, str], ...] = ()

    def add(self, seat: int, card: str) -> Trick:
        return Trick(self.leader, (*self.plays, (seat, card)))

    @property
    def cards(self) -> tuple[str, ...]:
        return tuple(card for _, card in self.plays)

    def complete(self, players: int) -> bool:
        return len(self.plays) >= players

    def to_move(self, players: int, direction: int) -> int | None:
        """Whose card comes next, or None once every seat has played."""
        if self.complete(players):
            return None
        return order(self.leader, players, direction)[len(self.plays)]

    def led_card(self, free: Collection[str] = ()) -> str | None:
        """The card that sets the suit to follow: the first played that is not a ``free`` card."""
        return next((card for card in self.cards if card not in free), None)

    def to_view(self) -> TrickView:
        """The trick as the views show it: who led, and each card with the seat that played it."""
        return {"leader": self.leader, "plays": [{"seat": s, "card": c} for s, c in self.plays]}


def follow(hand: Sequence[str], trick: Trick, suit: Callable[[str], str],
           free: Collection[str] = ()) -> tuple[str, ...]:
    """The cards of ``hand`` that may go to ``trick``: any card to lead (or when only free cards
    are down); else the cards of the suit led if the hand has one, and any card if not. ``free``
    cards may always be played."""
    led = trick.led_card(free)
    if led is None:
        return tuple(hand)
    same = [c for c in hand if c not in free and suit(c) == suit(led)]
    if not same:
        return tuple(hand)
    return tuple(c for c in hand if c in same or c in free)


def winner(trick: Trick, strength: Strength, free: Collection[str] = ()) -> int:
    """The seat whose card wins ``trick``: the strongest by ``strength(card, led)`` among the cards
    it does not rate None (if every card is rated None, the leader's)."""
    led = trick.led_card(free)
    best: tuple[float, int] | None = None
    for seat, card in trick.plays:
        value = strength(card, led) if led is not None and card not in free else None
        if value is not None and (best is None or value > best[0]):
            best = (value, seat)
    return trick.leader if best is None else best[1]


def follow_suit_strength(rank_order: Sequence[str], suit: Callable[[str], str],
                         rank: Callable[[str], str]) -> Strength:
    """The plain rule without trumps: a card of the suit led is as strong as its place in
    ``rank_order`` (highest first); any other card cannot win."""
    place = {r: len(rank_order) - i for i, r in enumerate(rank_order)}

    def strength(card: str, led: str) -> float | None:
        return float(place[rank(card)]) if suit(card) == suit(led) else None

    return strength


def piles(tricks: Iterable[tuple[int, Trick]], key: Callable[[int], K]) -> dict[K, list[str]]:
    """The cards taken, gathered by ``key`` of each trick's winner (the seat, or its side), from
    (winner, trick) pairs."""
    out: dict[K, list[str]] = {}
    for won_by, trick in tricks:
        out.setdefault(key(won_by), []).extend(trick.cards)
    return out


def points(cards: Iterable[str], table: Mapping[str, int], rank: Callable[[str], str]) -> int:
    """What ``cards`` are worth by ``table`` (rank -> points; a rank it lacks is worth nothing).
    Games that count in fractions give the table in whole units of the fraction (Busca: thirds)."""
    return sum(table.get(rank(card), 0) for card in cards)
