"""Build stacked decks from the hands a test wants, using the core's dealing convention."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

_FILL_ORDER = {"D": 0, "C": 1, "H": 2, "S": 3}


def deck_for(pack: Sequence[str], sizes: Sequence[int], hands: Sequence[Sequence[str]],
             then: Sequence[str] = ()) -> list[str]:
    """A deck that deals each seat the given cards (in order) topped up to its hand size.

    Cards not named are shared out round the table, diamonds and clubs first so that they
    disturb a scenario least; ``then`` are the cards that follow the hands (centre, stock).
    The deck is dealt one card at a time round the table, seat 0 first (docs/design.md, the dealing convention).
    """
    named = Counter(c for hand in hands for c in hand) + Counter(then)
    rest = list((Counter(pack) - named).elements())
    rest.sort(key=lambda c: (_FILL_ORDER.get(c[-1], 4), pack.index(c)))
    full = [list(h) for h in hands] + [[] for _ in range(len(sizes) - len(hands))]
    seat = 0
    while any(len(h) < size for h, size in zip(full, sizes, strict=True)):
        if len(full[seat]) < sizes[seat]:
            full[seat].append(rest.pop(0))
        seat = (seat + 1) % len(sizes)
    for hand, size in zip(full, sizes, strict=True):
        assert len(hand) == size, "a hand was given more cards than it holds"
    deck = [full[s][r] for r in range(max(sizes)) for s in range(len(sizes)) if r < sizes[s]]
    return deck + list(then)
