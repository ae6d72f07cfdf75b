"""A discard as a pick of cards, shared by the tarot games that lay cards down (Manchester's first
part and Truffle's laying aside, the base games' dealer): which cards the player may choose, and
whether a choice fits.

Where the player holds enough cards that may go, any ``count`` of them do. Where they hold fewer,
every one of those goes (the pick's ``fixed`` cards) and the rest is made up from the cards that
may go only when nothing else can, the least of them chosen by the player."""

from __future__ import annotations

from collections.abc import Sequence

from games.core.actions import Pick

from . import pack
from .moves import CardsMove


def discard_pick(hand: Sequence[str], allowed: Sequence[str], count: int, label: str) -> Pick:
    """The pick of ``count`` cards from ``hand``, ``allowed`` being those that may go freely."""
    if len(allowed) >= count:
        return Pick("discard", tuple(pack.ORDER.sort(allowed)), count, count, label)
    rest = [c for c in hand if c not in allowed]
    short = count - len(allowed)
    return Pick("discard", tuple(pack.ORDER.sort(rest)), short, short, label, fixed=tuple(pack.ORDER.sort(allowed)))


def matched(pick: Pick, cards: Sequence[str]) -> CardsMove | None:
    """The discard of ``cards`` in its canonical order if they fit ``pick`` (every fixed card, then
    exactly as many distinct others as the pick asks, from its cards); None otherwise."""
    chosen = list(cards)
    for card in pick.fixed:
        if card not in chosen:
            return None
        chosen.remove(card)
    fits = len(chosen) == pick.most and len(set(chosen)) == len(chosen) and set(chosen) <= set(pick.cards)
    return CardsMove("discard", tuple(pack.ORDER.sort(cards))) if fits else None
