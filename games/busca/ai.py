"""Busca's computer player: it counts the cards.

It reads only its own hand and what the table has shown (the cards played this hand; its own
laid-aside card if it dealt), and from that knows, for each suit, which stronger and weaker
cards are still out. Then:

- **Following suit** it ducks under the trick's best card when it can, shedding the most
  costly card that still ducks (an Ace before a court card, a high card before a low one). When
  every card it holds would win, it takes the trick as cheaply as it can: with no points if
  possible, and with its highest card when it plays last (that card is a liability later).
- **Unable to follow** it throws away its most costly card onto a trick someone else wins:
  Aces first, then the high cards that would otherwise win tricks later.
- **Leading** it prefers low cards in suits where the others still hold stronger ones, so the
  lead passes on; it avoids leading a card that must win, most of all a counting one.
- **The last trick** scores the others' fractions on top of one's own points, so it is always
  worth avoiding — unless the player has taken every counting card so far and holds all the
  ones still out: then winning everything (cappotto) scores 0 against 11, and it plays its
  strongest card to every trick.
- **Laying a card aside** (three players, dealing) it sets aside the card most likely to
  cost it: a 3, 2 or Ace, from its shortest suit.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.core import cards, decks
from games.core.base import Action

from .rules import RANKS, BuscaState, Discard, Play
from .scoring import ALL_THIRDS, THIRDS

STRENGTH = {r: len(RANKS) - i for i, r in enumerate(RANKS)}  # 3 -> 10 … 4 -> 1
PACK = tuple(decks.busca())


def worth(card: str) -> int:
    return THIRDS.get(cards.rank_of(card), 0)


def strength(card: str) -> int:
    return STRENGTH[cards.rank_of(card)]


def choose(state: BuscaState, seat: int, rng: random.Random) -> Action:
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    if state.discarding:
        return Discard(_aside(state.hands[seat]))
    return Play(_play(state, seat, [a.card for a in legal if isinstance(a, Play)]))


def _aside(hand: Sequence[str]) -> str:
    length = {s: sum(1 for c in hand if cards.suit_of(c) == s) for s in "SHDC"}
    return max(hand, key=lambda c: (worth(c) + max(0, strength(c) - 7), -length[cards.suit_of(c)], strength(c)))


def _unseen(state: BuscaState, seat: int) -> set[str]:
    """The cards this seat cannot place: in the other hands, or laid aside by someone else."""
    seen = set(state.hands[seat]) | {c for t in state.taken for c in t} | set(state.trick.cards)
    if seat == state.dealer and state.discard is not None:
        seen.add(state.discard)
    return set(PACK) - seen


def _stronger_out(card: str, unseen: set[str]) -> int:
    suit, mine = cards.suit_of(card), strength(card)
    return sum(1 for c in unseen if cards.suit_of(c) == suit and strength(c) > mine)


def _chasing_cappotto(state: BuscaState, seat: int, unseen: set[str]) -> bool:
    """Whether this seat has every counting card taken so far and the rest are in its hand or
    on the trick (so taking every trick from here scores a cappotto)."""
    others = sum(worth(c) for s, t in enumerate(state.taken) if s != seat for c in t)
    out = sum(worth(c) for c in unseen)
    mine = sum(worth(c) for c in state.taken[seat])
    return others == 0 and out == 0 and mine > 0 and mine + sum(
        worth(c) for c in state.hands[seat]) + sum(worth(c) for c in state.trick.cards) >= ALL_THIRDS - (
        worth(state.discard) if state.discard and seat == state.dealer else 0)


def _play(state: BuscaState, seat: int, legal: list[str]) -> str:
    unseen = _unseen(state, seat)
    if _chasing_cappotto(state, seat, unseen):
        return max(legal, key=strength)
    led = state.trick.led_card()
    if led is None:
        return _lead(legal, unseen)
    suit = cards.suit_of(led)
    best = max(strength(c) for c in state.trick.cards if cards.suit_of(c) == suit)
    following = [c for c in legal if cards.suit_of(c) == suit]
    if not following:  # void: throw the costliest card away
        return max(legal, key=lambda c: (worth(c), _danger(c, unseen), strength(c)))
    under = [c for c in following if strength(c) < best]
    if under:
        return max(under, key=lambda c: (worth(c), strength(c)))
    last = len(state.trick.plays) == state.players - 1
    if last:  # it wins anyway: as cheaply as it can, shedding its highest card
        return min(following, key=lambda c: (worth(c), -strength(c)))
    # Someone after may still go higher: the cheapest, weakest winner.
    return min(following, key=lambda c: (worth(c), strength(c)))


def _danger(card: str, unseen: set[str]) -> int:
    """How likely the card is to win a trick later: fewer stronger cards out, more danger."""
    return 10 - _stronger_out(card, unseen)


def _lead(legal: list[str], unseen: set[str]) -> str:
    def cost(card: str) -> float:
        above = _stronger_out(card, unseen)
        wins = 1.0 if above == 0 else 0.5 ** above
        return wins * (2 + worth(card)) - (1 - wins) * worth(card) * 0.5 + strength(card) * 0.01

    return min(legal, key=cost)
