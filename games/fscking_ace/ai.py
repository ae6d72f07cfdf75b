"""Fscking Ace's computer player: push your luck by expected value.

The player knows what every player may know: the cards already turned up this round (scored,
in this turn's flips, or discarded), hence how many of each kind are still unseen, but never the
order of the stock. Unseen cards are sorted into kinds that matter to the money (a plain card,
a red 2, a 2 of clubs, each joker, the Ace of spades, the 2 of spades, another spade), and the
next card is taken to be any unseen one with equal chance.

Stopping now is valued as the expected result of the round with the turn's cards banked: the
scored value and the $1 stake (received unless this player ends up the loser, taken as one
chance in the number of players), the chance of the most-cards bonus, less the expected loss as
the loser, doubled for each 2 of spades kept. Flipping is valued by looking a few cards ahead:
the Ace of spades makes this player the loser now, paying everyone's current value plus $1 and
the bonus; another spade wipes out the turn's cards (the 2 of spades is kept, with its
doubling); any other card joins the turn and the player chooses again. The player flips while
that is worth more than stopping.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

from games.core.base import Action

from .rules import FsckingAceState, pack_for
from .values import ACE, BONUS_PER_PLAYER, CLUB_TWO, DOLLAR, JOKER_FACE, RED_TWOS, SPADE_TWO, STAKE, is_spade

# Kinds of card, by what they do to a pile.
PLAIN, RED2, CLUB2, JOKER5, JOKER10, SPADE2, SPADE, THE_ACE = range(8)
NON_SPADES = (PLAIN, RED2, CLUB2, JOKER5, JOKER10)
LOOKAHEAD = 3  # cards ahead the player considers within a turn

# A pile summary: (regular cards, joker cents, red 2s, 2s of clubs, 2s of spades, cards).
PileT = tuple[int, int, int, int, int, int]


def kind(tok: str) -> int:
    if tok == ACE:
        return THE_ACE
    if tok == SPADE_TWO:
        return SPADE2
    if is_spade(tok):
        return SPADE
    if tok in RED_TWOS:
        return RED2
    if tok == CLUB_TWO:
        return CLUB2
    if tok in JOKER_FACE:
        return JOKER5 if JOKER_FACE[tok] == 5 * DOLLAR else JOKER10
    return PLAIN


@lru_cache(maxsize=64)
def _pack_kinds(players: int, remove_extra_twos: bool) -> tuple[int, ...]:
    counts = [0] * 8
    for tok in pack_for(players, remove_extra_twos):
        counts[kind(tok)] += 1
    return tuple(counts)


def summary(tokens: tuple[str, ...]) -> PileT:
    pile = (0, 0, 0, 0, 0, 0)
    for tok in tokens:
        pile = add(pile, kind(tok))
    return pile


def add(p: PileT, k: int) -> PileT:
    reg, jok, red, club, spade, n = p
    if k == JOKER5:
        return (reg, jok + 5 * DOLLAR, red, club, spade, n + 1)
    if k == JOKER10:
        return (reg, jok + 10 * DOLLAR, red, club, spade, n + 1)
    return (reg + 1, jok, red + (k == RED2), club + (k == CLUB2), spade + (k == SPADE2), n + 1)


def merge(a: PileT, b: PileT) -> PileT:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4], a[5] + b[5])


def worth(p: PileT) -> int:
    return p[0] * DOLLAR * (1 << p[2]) + p[1] * (1 << p[3])


class _Model:
    """The round as this player sees it, and what a pile would be worth at its end."""

    def __init__(self, state: FsckingAceState, seat: int) -> None:
        n = state.players
        self.q = 1 / n  # the chance of ending up the loser, from here, if nothing else is known
        others = [s for s in range(n) if s != seat]
        values = [worth(summary(state.scored[s])) for s in others]
        self.loss = sum(v + STAKE for v in values) + BONUS_PER_PLAYER * n
        self.pot = BONUS_PER_PLAYER * n
        self.rival = max(len(state.scored[s]) for s in others)
        unseen = list(_pack_kinds(n, state.remove_extra_twos))
        for tok in state.seen():
            unseen[kind(tok)] -= 1
        self.unseen = unseen
        # How far the card counts may still move before the round ends: about half the unseen
        # cards will be flipped, shared among the players.
        self.spread = max(0.75, 0.8 * math.sqrt(sum(unseen) / (2 * n)))

    def lead_chance(self, cards: int) -> float:
        return 1 / (1 + math.exp(-(cards - self.rival) / self.spread))

    def stop_value(self, pile: PileT) -> float:
        """The round's expected result for this player with ``pile`` scored."""
        win = worth(pile) + STAKE + self.pot * self.lead_chance(pile[5])
        return (1 - self.q) * win - self.q * self.loss * (1 << pile[4])

    def flip_value(self, scored: PileT, turn: PileT, depth: int) -> float:
        """The expected result of flipping one more card, choosing well afterwards."""
        unseen = self.unseen
        total_cards = sum(unseen)
        if total_cards <= 0:
            return -math.inf
        total = 0.0
        for k in range(8):
            count = unseen[k]
            if not count:
                continue
            p = count / total_cards
            if k == THE_ACE:
                total += p * -(self.loss * (1 << scored[4]))
            elif k == SPADE2:
                total += p * self.stop_value(add(scored, SPADE2))
            elif k == SPADE:
                total += p * self.stop_value(scored)
            else:
                more = add(turn, k)
                best = self.stop_value(merge(scored, more))
                if depth > 1:
                    unseen[k] -= 1
                    best = max(best, self.flip_value(scored, more, depth - 1))
                    unseen[k] += 1
                total += p * best
        return total


def wants_to_flip(state: FsckingAceState, seat: int, depth: int = LOOKAHEAD) -> bool:
    """Whether another flip is worth more than stopping now (the turn has cards on the line)."""
    model = _Model(state, seat)
    scored, turn = summary(state.scored[seat]), summary(state.flips)
    return model.flip_value(scored, turn, depth) > model.stop_value(merge(scored, turn))


def choose(state: FsckingAceState, seat: int, rng: random.Random) -> Action:
    """Flip or stop by expected value; between rounds, play on. ``rng`` is unused: the choice is
    a calculation, the same every time."""
    legal = state.legal_actions(seat)
    if not legal:
        raise ValueError("that seat has nothing to do now")
    tokens = {a.token: a for a in legal}
    if "next" in tokens:
        return tokens["next"]
    if "stop" not in tokens:
        return tokens["flip"]
    return tokens["flip"] if wants_to_flip(state, seat) else tokens["stop"]

