"""The Hard computer player for the two-player tarot games, Manchester Piccadilly and Manchester
Truffle (``choose_hard``, issue 50).

Deeper card search did not beat Normal (docs/development.md: IS-MCTS, and Normal's search with
inference from the announced values, both level with it), so Hard plays its cards as Normal does
(:mod:`.search`) and spends its time on the decisions Normal settles with few samples, each weighed
from what its seat may know (:class:`.search.Knowledge`) by playing the part out with the quick
policy on deals common to every option:

- **The three discards and Truffle's three laid aside:** the 16 likeliest handfuls by the quick
  estimate (Normal: 8), raced over thousands of play-outs (Normal: a few hundred): after each of
  three rounds the worse half drops out and the rest go on to more deals.
- **The Piccadilly hand to hold:** on each deal both our hands are played out against both of the
  other player's; they are taken to hold the one that serves them better against our two (Normal:
  the one a quick estimate rates higher), over 500 deals (Normal: about 60).

Offered in both games; against Normal over 400 games (``bench.seat_strength``'s game, seats
alternating) it won 55.8 % in Truffle (95 % 50.9-60.5), barely the 55 % aimed at, and 48.8 % in
Piccadilly (43.9-53.6), level with Normal. A move's processor time p50 / p95: Truffle 18 / 28 ms,
Piccadilly 16 / 384 ms, the dearest a laying aside (1.8 s at most).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

from games.core.actions import Action

from ..moves import CardsMove
from ..simulation import NAMES, encode
from . import search
from .hand import choose_hand
from .search import CAND, Knowledge, discard_estimate, hand_estimate, piccadilly_margin
from .state import ManchesterState

CANDIDATES = 16  # handfuls weighed for a discard, the likeliest by the quick estimate
DISCARD_PLAYS = {"discard": 4000, "discard2": 2000}  # rollouts (of 20 cards; of 48) over all handfuls and deals
ROUNDS = 3  # successive halving: each round the better half of the handfuls goes on to more deals
CHOOSE_DEALS = 500  # deals for the Piccadilly hand, four rollouts each (both hands against both of theirs)


def choose_hard(state: ManchesterState, seat: int, rng: random.Random) -> Action:
    if state.phase in ("discard", "discard2"):
        pick = state.pick(seat)
        assert pick is not None
        return CardsMove("discard", discard(state, seat, rng, pick.cards, pick.most, pick.fixed))
    if state.phase == "choose":
        return choose_hand(choose(state, seat, rng))
    return search.choose(state, seat, rng)


def discard(state: ManchesterState, seat: int, rng: random.Random, offered: Sequence[str], most: int,
            fixed: Sequence[str]) -> tuple[str, ...]:
    """The handful to lay down: the likeliest by the quick estimate, raced on common deals, the
    worse half dropped after each round."""
    position = state.position_of(seat)
    hand = encode(state.holdings[position])
    forced = encode(fixed)
    groups = [[*forced, *g] for g in itertools.combinations(encode(offered), most)]
    if len(groups) == 1:
        return tuple(NAMES[c] for c in groups[0])
    groups.sort(key=lambda g: -discard_estimate(hand, g))
    groups = groups[:CANDIDATES]
    knowledge = Knowledge(state, seat)
    evaluate = (search._first_part_after_discard if state.phase == "discard"
                else search._truffle_after_laying_aside)
    alive = list(range(len(groups)))
    totals = [0.0] * len(groups)
    per_round = DISCARD_PLAYS[state.phase] // ROUNDS
    while True:
        deals = max(1, per_round // len(alive))
        for _ in range(deals):
            dealt = knowledge.sample(rng)
            for i in alive:
                totals[i] += evaluate(state, seat, hand, groups[i], dealt)
        alive.sort(key=lambda i: (-totals[i], i))
        if len(alive) <= 2:
            break
        alive = alive[: max(2, len(alive) // 2)]
    return tuple(NAMES[c] for c in groups[alive[0]])


def choose(state: ManchesterState, seat: int, rng: random.Random) -> int:
    """The Piccadilly hand to hold: each of ours against each of theirs on every deal, the other
    player taking the hand that serves them better against our two on that deal."""
    mine = (0, 1) if seat == state.dealer else (2, 3)
    theirs = (2, 3) if seat == state.dealer else (0, 1)
    own = [encode(state.candidates[i]) for i in mine]
    knowledge = Knowledge(state, seat)
    totals = [0.0, 0.0]
    for _ in range(CHOOSE_DEALS):
        dealt = knowledge.sample(rng)
        other = [dealt[(CAND, i)] for i in theirs]
        margin = [[piccadilly_margin(state, seat, own[n], own[1 - n], other[m], other[1 - m]) for m in (0, 1)]
                  for n in (0, 1)]
        m = 0 if margin[0][0] + margin[1][0] <= margin[0][1] + margin[1][1] else 1
        if abs(margin[0][0] + margin[1][0] - margin[0][1] - margin[1][1]) < 1e-9:
            m = 0 if hand_estimate(other[0]) >= hand_estimate(other[1]) else 1
        for n in (0, 1):
            totals[n] += margin[n][m]
    return 0 if totals[0] >= totals[1] else 1
