"""A computer player for the two-player tarot games (a plain card player; the search-based one is
the goal): it discards its most valuable free cards into its own pile, holds the stronger of its
two Piccadilly hands, takes tricks worth taking as cheaply as it can and otherwise gives away
as little as it can."""

from __future__ import annotations

import random

from games.core.base import Action

from . import pack
from .manchester import CardsMove, ManchesterState
from .manchester import choose as choose_hand


def choose(state: ManchesterState, seat: int, rng: random.Random) -> Action:
    if state.phase == "choose":
        mine = (0, 1) if seat == state.dealer else (2, 3)
        strengths = [_strength(state.candidates[i]) for i in mine]
        return choose_hand(0 if strengths[0] >= strengths[1] else 1)
    if state.phase in ("discard", "discard2"):
        pick = state.pick(seat)
        assert pick is not None
        best = sorted(pick.cards, key=lambda c: (-pack.points(c), pack.ORDER.key(c)))[: pick.most]
        return CardsMove("discard", (*pick.fixed, *best))
    position = state.to_play
    assert position is not None
    legal = state.playable(position)
    return CardsMove("play", (_card(state, position, legal),))


def _strength(hand: tuple[str, ...]) -> float:
    return sum(pack.points(c) for c in hand) + 2 * sum(1 for c in hand if pack.is_trump(c))


def _card(state: ManchesterState, position: int, legal: tuple[str, ...]) -> str:
    trick = state.trick
    me = state.owner(position)
    if not trick.plays:  # lead: a low card, keeping trumps and the Fool
        plain = [c for c in legal if not pack.is_trump(c) and c != pack.FOOL] or list(legal)
        return min(plain, key=lambda c: (pack.points(c), pack.strength(c, c) or 0))
    best_seat = pack.winner(trick)
    partner_winning = state.owner(best_seat) == me
    at_stake = pack.total(trick.cards)
    winners = [c for c in legal if c != pack.FOOL and pack.winner(trick.add(position, c)) == position]
    if partner_winning:  # our own hand or dummy holds the trick: add points to it
        return max(legal, key=lambda c: (pack.points(c) if c not in pack.HONOURS else -1, -_rank(c)))
    if winners and (at_stake >= 3 or len(trick.plays) == state.positions - 1):
        return min(winners, key=lambda c: (_rank(c), pack.points(c)))
    if pack.FOOL in legal and at_stake >= 8:
        return pack.FOOL
    losers = [c for c in legal if c not in winners and c != pack.FOOL] or list(legal)
    return min(losers, key=lambda c: (pack.points(c), _rank(c)))


def _rank(card: str) -> float:
    return pack.strength(card, card) or 0.0
