"""The Easy computer for the two-player tarot games: a beginner's play, one trick ahead and no
further, with the quick policy's worth of each card over a couple of deals of the unseen cards and
no playing out (the Normal computer's search is :mod:`.search`)."""

from __future__ import annotations

import itertools
import random

from games.core.actions import Action

from ..moves import CardsMove
from ..simulation import NAMES, encode
from .hand import choose_hand
from .search import Knowledge, discard_estimate, hand_estimate, play_deal
from .simulation import COSTS, card_values
from .state import ManchesterState

EASY_DEALS = 2  # deals of the unseen cards the Easy computer glances at, with no playing out


def choose_easy(state: ManchesterState, seat: int, rng: random.Random) -> Action:
    """A beginner's play, one trick ahead and no further: each card that may go is worth what the
    quick policy makes of the trick at once (take it when it is worth taking and can be held,
    else throw a cheap card), over a couple of deals of the unseen cards, with no playing out;
    the likeliest discard (or cards laid aside) by the quick estimate, unsearched; the Piccadilly
    hand with more points and trumps held, the other its dummy."""
    if state.phase == "choose":
        mine = (0, 1) if seat == state.dealer else (2, 3)
        worth = [hand_estimate(encode(state.candidates[i])) for i in mine]
        return choose_hand(0 if worth[0] >= worth[1] else 1)
    if state.phase in ("discard", "discard2"):
        pick = state.pick(seat)
        assert pick is not None
        hand = encode(state.holdings[state.position_of(seat)])
        forced = encode(pick.fixed)
        group = max(itertools.combinations(encode(pick.cards), pick.most),
                    key=lambda g: discard_estimate(hand, [*forced, *g]))
        return CardsMove("discard", tuple(NAMES[c] for c in (*forced, *group)))
    position = state.to_play
    assert position is not None
    legal = state.playable(position)
    if len(legal) == 1:
        return CardsMove("play", legal)
    ids = encode(legal)
    knowledge = Knowledge(state, seat)
    values = [0.0] * len(ids)
    for _ in range(EASY_DEALS):
        deal = play_deal(state, knowledge.sample(rng))
        for i, value in enumerate(card_values(deal, position, ids)):
            values[i] += value
    best = max(range(len(ids)), key=lambda i: (values[i], -COSTS[1][ids[i]]))
    return CardsMove("play", (legal[best],))
