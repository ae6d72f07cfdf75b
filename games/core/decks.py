"""The packs the games use, as lists of card tokens in a fixed (unshuffled) order,
plus seeded shuffling and the stacked-deck convention shared by every game."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from .cards import JOKERS, STANDARD_RANKS, STANDARD_SUITS, TAROT_RANKS, TAROT_SUITS, TRUMPS
from .errors import BadOptions


def standard(jokers: int = 0) -> list[str]:
    """The 52-card pack, with 0, 2 or 4 jokers (X1.. in order)."""
    if jokers not in (0, 1, 2, 3, 4):
        raise ValueError("a standard pack takes 0 to 4 jokers")
    return [r + s for s in STANDARD_SUITS for r in STANDARD_RANKS] + list(JOKERS[:jokers])


def fscking_ace(packs: int = 1, *, remove_extra_twos: bool = False) -> list[str]:
    """Fscking Ace's 48-card pack, ``packs`` times over.

    One pack: every heart, diamond and club, the Ace to 7 of spades, and the $5 (X1) and $10 (X2)
    jokers. With several packs only one Ace of spades stays; with ``remove_extra_twos`` only the
    first pack keeps its 2s.
    """
    if packs < 1:
        raise ValueError("at least one pack")
    one = [r + s for s in ("H", "D", "C") for r in STANDARD_RANKS]
    one += [r + "S" for r in ("A", "2", "3", "4", "5", "6", "7")]
    one += ["X1", "X2"]
    cards: list[str] = []
    for i in range(packs):
        for tok in one:
            if i > 0 and tok == "AS":
                continue
            if i > 0 and remove_extra_twos and tok.startswith("2"):
                continue
            cards.append(tok)
    return cards


def packs_for_fscking_ace(players: int) -> int:
    """One pack per five players, rounded up."""
    return max(1, -(-players // 5))


def busca() -> list[str]:
    """The 40-card pack: the standard 52 without 8s, 9s and 10s."""
    return [c for c in standard() if c[:-1] not in ("8", "9", "10")]


def tarot(good_and_evil: bool = False) -> list[str]:
    """The 78-card tarot (four suits of 14, trumps 1-21, the Fool), or 80 with Good and Evil."""
    cards = [r + s for s in TAROT_SUITS for r in TAROT_RANKS] + list(TRUMPS) + ["FOOL"]
    return cards + (["GOOD", "EVIL"] if good_and_evil else [])


def rng(seed: int, *parts: int | str) -> random.Random:
    """A private generator for one purpose of one game (the first shuffle, deal 3, the cut …).

    Seeding with a string is stable across runs and Python builds (it is hashed with SHA-512,
    not ``hash()``), so the same seed always gives the same game.
    """
    return random.Random(":".join(str(p) for p in (seed, *parts)))


def shuffled(pack: Sequence[str], generator: random.Random) -> list[str]:
    cards = list(pack)
    generator.shuffle(cards)
    return cards


def stack(pack: Sequence[str], deck: Sequence[str] | None, generator: random.Random) -> list[str]:
    """The order to deal from, top first.

    Without ``deck`` the pack is shuffled. With it, ``deck`` gives the top of the pack and must be
    drawn from the pack (each card at most as often as the pack holds it); any cards it leaves out
    follow in shuffled order, so a test may stack just the cards that matter.
    """
    if deck is None:
        return shuffled(pack, generator)
    available = Counter(pack)
    wanted = Counter(deck)
    for tok, n in wanted.items():
        if n > available[tok]:
            what = "is not in this game's pack" if available[tok] == 0 else "appears too often"
            raise BadOptions(f"the stacked deck's card {tok!r} {what}")
    leftover = available - wanted
    rest: list[str] = []
    for c in pack:  # pack order before shuffling keeps the result deterministic
        if leftover[c] > 0:
            rest.append(c)
            leftover[c] -= 1
    generator.shuffle(rest)
    return list(deck) + rest


def hand_sizes(total: int, players: int, *, first: int = 0) -> list[int]:
    """How many cards each seat holds when ``total`` cards are dealt out round the table, one at a
    time, starting with seat ``first`` (seat 0 unless told; the seat left of the dealer is
    ``(dealer + 1) % players``).

    Every seat gets ``total // players``; the ``total % players`` odd cards go one each to
    ``first`` and the seats after it. Indexed by seat, so ``deal_round`` takes the result as is.
    """
    base, extra = divmod(total, players)
    return [base + (1 if (seat - first) % players < extra else 0) for seat in range(players)]


def deal_round(cards: Sequence[str], sizes: Sequence[int]) -> tuple[list[list[str]], list[str]]:
    """Deal one card at a time round the table, seat 0 first, until each hand has its size.

    Returns the hands and the cards left over, still in order. Every game deals this way, so a
    stacked deck means the same thing in all of them.
    """
    hands: list[list[str]] = [[] for _ in sizes]
    it = iter(cards)
    for rnd in range(max(sizes, default=0)):
        for seat, size in enumerate(sizes):
            if rnd < size:
                try:
                    hands[seat].append(next(it))
                except StopIteration:
                    raise ValueError("not enough cards to deal") from None
    used = sum(sizes)
    return hands, list(cards[used:])
