"""Fan Tan's Hard computer (issue 50): Normal's play-outs, aimed at the players it meets.

Like Normal (:mod:`.ai`) it never passes while it can play, goes out when it can, and otherwise
plays the hand out in its head from each of its plays (up to ten, the heuristic's best first) on
the same deals of the cards it cannot see (dealt consistently with the passes, and with the
first-card reading of :func:`.ai.read`). Three things differ:

- **The others play as Normal does.** In a play-out every player not read as a first-card player
  makes the play Normal's heuristic prefers among all its legal plays (7s together and both ends
  of a row included, its last cards when it can go out), not a random card half the time: Normal
  itself makes that play in nine decisions out of ten. The play-outs use no dice, so every
  candidate meets exactly the same game.
- **The others' plays tell on their hands.** Each deal is weighed by how well the plays the others
  have made this hand fit it: for each past play where the player had a choice, the heuristic
  given the hand it then held (the dealt cards and those it played since) either makes that play
  (factor 1) or not (factor ``MISS``).
- **The play with the most deals won stands**, weighed as above, with no bias to the heuristic's
  favourite (ties go to it); the work is some three times Normal's (``WORK``), up to 400 deals.

Winning a game at the default options is going out first in its one hand (the winner takes the
pot, so has the most chips), which is what the play-outs count.

At five players or more it plays Normal's move: there these play-outs won less than Normal
(63 of 400 games against Normal's 76 in the same seat on the same deals), while at three they won
far more (198 against 142) and at four about as much (104 against 98).

Measured against Normal (``python -m bench.seat_strength --game fan-tan --level hard --baseline
normal --games 400 --players N --jobs 1``, one Hard seat among Normal ones): three players 198/400
= 49.5 % (44.6-54.4 %, 1.48 times the fair share), four 104/400 = 26.0 % (21.9-30.5 %, 1.04
times), five (Normal's moves) 76/400 = 19.0 %; a move takes 58 / 114 ms of processor time at the
median / 95th percentile at three players. The game is mostly luck: on the same 400 four-player
deals Hard's and Normal's results in the same seat differed in only 52. More in
docs/development.md, "The Hard computers (issue 50)".
"""

from __future__ import annotations

import random

from games.core.actions import Action
from games.core.bitsets import bits

from .ai import (
    FIRST,
    FULL,
    HEURISTIC,
    SEVENS,
    SUIT,
    cards_mask,
    choose,
    deal,
    frontier_of,
    hand_moves,
    heuristic,
    placed,
    read,
    table_mask,
    worth,
)
from .rules import FanTanState, Pass

WORK = 60_000  # budget per decision: deals x candidate plays x cards left in all hands (Normal's ~3 times)
MIN_DEALS, MAX_DEALS = 16, 400
MAX_CANDIDATES = 10  # Normal plays out 6; ten cut plays only when three or four 7s make many combinations
INFER = True  # weigh each deal by how well the others' past plays fit Normal's heuristic there
NORMAL_FROM = 5  # table size from which Hard plays as Normal
MISS = 0.35  # a past play the heuristic would not have made from the dealt hand: Normal overrules it at times


def choose_hard(state: FanTanState, seat: int, rng: random.Random) -> Action:
    """A pass only with nothing to play; a single play or going out at once; else the candidate
    play that wins the most weighed play-outs. At five players or more, Normal's choice (there
    these play-outs won less than Normal: see the module's docstring)."""
    if state.players >= NORMAL_FROM:
        return choose(state, seat, rng)
    plays = state.plays(seat)
    if not plays:
        return Pass()
    if len(plays) == 1:
        return plays[0]
    mine = cards_mask(state.hands[seat])
    masks = [cards_mask(p.cards) for p in plays]
    if mine in masks:
        return plays[masks.index(mine)]
    worths = [heuristic(mine, m) for m in masks]
    ranked = sorted(range(len(plays)), key=lambda k: -worths[k])[:MAX_CANDIDATES]
    moves = hand_moves(state)
    counts = [len(h) for h in state.hands]
    score = evaluate(mine, table_mask(state), counts, seat, [masks[k] for k in ranked], moves,
                     read(moves, state.players, seat, mine, state.strict), rng)
    best = max(range(len(ranked)), key=lambda k: (score[k], -k))
    return plays[ranked[best]]


def normal_pick(hand: int, can: int) -> int:
    """The play Normal's heuristic makes from ``hand`` with ``can`` playable (two or more cards):
    its last cards if it can go out, else the legal play (one card, 7s together, both ends of a
    row) whose cards' worths add up to most."""
    if not hand & ~can and (hand & (hand - 1) == 0 or not hand & ~SEVENS
                            or (hand.bit_count() == 2 and hand & SUIT[hand.bit_length() - 1] == hand)):
        return hand
    best, top = 0, -1e9
    sevens, plus = 0, 0.0
    suits = [0.0, 0.0, 0.0, 0.0]
    for i in bits(can):
        w = worth(hand, i)
        if w > top:
            best, top = 1 << i, w
        if (1 << i) & SEVENS:
            if w > 0:
                sevens |= 1 << i
                plus += w
        else:
            suits[i // 13] += w
    if sevens & (sevens - 1) and plus > top:
        best, top = sevens, plus
    for s in range(4):
        pair = can & SUIT[s * 13] & ~SEVENS
        if pair & (pair - 1) and suits[s] > top:
            best, top = pair, suits[s]
    return best


def fit(moves: list[tuple[int, int]], hands: list[int], me: int, styles: list[int]) -> float:
    """How likely the others' past plays are had they held ``hands`` (with the cards they played
    since) and played Normal's heuristic: each play it would have made counts 1, another MISS."""
    held = list(hands)
    for seat, play in moves:
        held[seat] |= play
    weight = 1.0
    frontier = SEVENS
    for seat, play in moves:
        if play:
            if seat != me and styles[seat] == HEURISTIC:
                can = held[seat] & frontier
                if can & (can - 1) and normal_pick(held[seat], can) != play:
                    weight *= MISS
            held[seat] &= ~play
            frontier = placed(frontier, play)
    return weight


def evaluate(mine: int, table: int, counts: list[int], me: int, candidates: list[int],
             moves: list[tuple[int, int]], reading: tuple[list[int], list[int], list[float]],
             rng: random.Random) -> list[float]:
    """Each candidate's weighted share of the same deals won."""
    lacks, passed_over, belief = reading
    n = len(counts)
    frontier = frontier_of(table)
    unseen = FULL & ~mine & ~table
    deals = max(MIN_DEALS, min(MAX_DEALS, WORK // (len(candidates) * sum(counts))))
    score = [0.0] * len(candidates)
    after = [placed(frontier, m) for m in candidates]
    for _ in range(deals):
        styles = [FIRST if rng.random() < p else HEURISTIC for p in belief]
        styles[me] = HEURISTIC
        hands = deal(unseen, counts, me, [a | (p if style == FIRST else 0) for a, p, style in
                                          zip(lacks, passed_over, styles, strict=True)], rng)
        weight = fit(moves, hands, me, styles) if INFER else 1.0
        for k, play in enumerate(candidates):
            hands[me] = mine & ~play
            if playout(list(hands), after[k], (me + 1) % n, me, styles):
                score[k] += weight
    return score


def playout(hands: list[int], frontier: int, turn: int, me: int, styles: list[int]) -> bool:
    """Play the hand out (``hands`` is used up), every player as Normal's heuristic (or as a
    first-card player): whether ``me`` goes out first."""
    n = len(hands)
    while True:
        hand = hands[turn]
        can = hand & frontier
        if can:
            if not can & (can - 1):
                play = can
            elif styles[turn] == FIRST:
                play = can & -can
            else:
                play = normal_pick(hand, can)
            hand &= ~play
            hands[turn] = hand
            if not hand:
                return turn == me
            frontier = placed(frontier, play)
        turn += 1
        if turn == n:
            turn = 0

