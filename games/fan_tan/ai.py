"""Fan Tan's computer player: it never passes while it can play (it does not cheat in honour
mode), and among its plays it prefers the ones that open the way to its own cards and keeps back
the ones that would only open the way for others.

A card placed at the end of a row lets the next card of that suit, beyond it, be played. Those
cards beyond are the row's "tail" in that direction: each one the computer holds is a card it can
later get rid of; each one it does not is a card an opponent is freed to play. So a play scores
the computer's own cards in the tails it opens, less the others' cards there (weighted by how
close they are: the card right next door is freed at once), and more cards shed at once is better.
"""

from __future__ import annotations

import random

from games.core import cards
from games.core.base import Action

from .rules import SEVEN, SUITS, FanTanState, Pass, Play, card_of, rank

MINE, THEIRS, SHED, BLOCKED = 3.0, 1.0, 2.0, 0.2


def _tail(state: FanTanState, seat: int, suit: str, start: int, step: int) -> float:
    """What opening a row's tail from rank ``start`` (exclusive) in direction ``step`` is worth:
    our cards there are ours to shed later; the others' cards before our first one are freed for
    them at once, those after it stay blocked by us until we choose."""
    held = set(state.hands[seat])
    value, value_at, blocked = 0.0, start + step, False
    while 1 <= value_at <= 13:
        if card_of(value_at, suit) in held:
            value += MINE
            blocked = True
        else:
            value -= THEIRS * (BLOCKED if blocked else 1.0)
        value_at += step
    return value


def score(state: FanTanState, seat: int, play: Play) -> float:
    total = SHED * len(play.cards)
    for card in play.cards:
        suit, value = cards.suit_of(card), rank(card)
        run = state.runs[SUITS.index(suit)]
        if value == SEVEN:
            total += _tail(state, seat, suit, SEVEN, 1) + _tail(state, seat, suit, SEVEN, -1)
        elif run is not None and value < run[0]:
            total += _tail(state, seat, suit, value, -1)
        else:
            total += _tail(state, seat, suit, value, 1)
    return total


def choose(state: FanTanState, seat: int, rng: random.Random) -> Action:
    """The best-scoring play; a pass only when there is nothing to play."""
    legal = state.legal_actions(seat)
    if not legal:
        raise ValueError("that seat has nothing to do now")
    plays = [a for a in legal if isinstance(a, Play)]
    if not plays:
        return next(a for a in legal if isinstance(a, Pass))
    return max(plays, key=lambda p: (score(state, seat, p), rng.random()))
