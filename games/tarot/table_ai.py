"""The computer player for the tarot base games (Scarto, Tarocchi, Conference) under every rule
set. A plain heuristic: win a trick cheaply when it is worth points and a partner is not already
winning it, else throw the cheapest card; discard the cheapest cards; claim every card under
Tontine; summon when the servant is likely worth more than the card given back."""

from __future__ import annotations

import random

from games.core.base import Action

from . import pack
from .base_games import PASS, SUMMON, CardsMove, TarotTableState


def choose(state: TarotTableState, seat: int, rng: random.Random) -> Action:
    legal = state.offered(seat)
    pick = state.pick(seat)
    if state.phase == "discard":
        assert pick is not None
        chosen = sorted(pick.cards, key=lambda c: (pack.points(c), pack.is_trump(c), rng.random()))[: pick.most]
        return state.rules.parse_action(pick.token(chosen))
    if state.phase == "claim":
        return next(a for a in legal if isinstance(a, CardsMove) and len(a.cards) == len(state._claimable()))
    if state.phase == "summon":
        tokens = {a.token: a for a in legal}
        return tokens[SUMMON] if SUMMON in tokens and rng.random() < 0.5 else tokens[PASS]
    if state.phase == "give":
        return min(legal, key=lambda a: pack.points(a.token.partition(":")[2]))
    return _play(state, seat, legal)


def _play(state: TarotTableState, seat: int, legal: tuple[Action, ...]) -> Action:
    moves = [a for a in legal if isinstance(a, CardsMove)]
    trick = state.trick
    if not trick.plays:  # lead the cheapest card that is not a trump, else the lowest trump
        return min(moves, key=lambda a: (pack.is_trump(a.cards[0]), pack.points(a.cards[0]),
                                         pack.ORDER.key(a.cards[0])))
    taker, _ = state._winner(trick) if trick.plays else (seat, "")
    partner_ahead = taker != seat and state.side(taker) == state.side(seat)
    worth = pack.total(trick.cards)
    winners = [a for a in moves if _wins(state, seat, a.cards[0])]
    if winners and not partner_ahead and worth >= 3:
        return min(winners, key=lambda a: (pack.points(a.cards[0]), pack.ORDER.key(a.cards[0])))
    if partner_ahead:  # give the partner points
        return max(moves, key=lambda a: (not pack.is_trump(a.cards[0]), pack.points(a.cards[0])))
    return min(moves, key=lambda a: (pack.points(a.cards[0]), pack.is_trump(a.cards[0]), pack.ORDER.key(a.cards[0])))


def _wins(state: TarotTableState, seat: int, card: str) -> bool:
    """Whether ``card`` would take the trick as it stands (later players aside)."""
    return state._winner(state.trick.add(seat, card))[0] == seat
