"""Busca's Hard computer: Perfect-Information Monte Carlo over deals consistent with the play.

(Figures and what was tried: docs/development.md, "The Hard computers", "Busca".)

It reads what the Normal computer reads (its own hand, the cards played this hand and who
played them, each hand's size, its own laid-aside card if it dealt) and infers from the play
which suits each other seat is out of: a seat that did not follow suit holds none of it. Then:

- **Sampling.** It deals the cards it cannot see to the other hands (and, when another seat
  dealt at three players, to the card laid aside) at random, keeping each hand's size and never
  giving a seat a card of a suit it has shown it lacks.
- **Playing out.** For each card it may play (or lay aside) and each sampled deal, it plays the
  hand to its end in a simulator of its own (the cards as bits of an integer), every seat,
  itself included, choosing by the Normal computer's card-counting rules, each from what that
  seat would know. The same deals serve every candidate card, so their comparison is fair.
- **Scoring.** A played-out hand scores as the rules score it (fractions to the last trick's
  taker, cappotto); the candidate with the best mean of (the others' mean score minus its own)
  wins.

Measured (``bench.seat_strength --game busca --level hard --baseline normal``, one Hard seat among
Normal ones, games to 31): 3 players 74.2 % of 400 (95 % 69.7-78.3, 2.23 times the fair share),
4 players 45.5 % of 400 (40.7-50.4, 1.82 times), 5 players 34 % of 100 (25.5-43.7, 1.70 times);
a move's median 25-96 ms and 95th percentile 0.12-0.63 s on a loaded machine. Twice the work
(60,000 plays) won 55 % of 100 at four players, within the noise of the shipped figure.

Everything is deterministic given the seeded ``rng``: the cards are integers in a fixed order,
never a set of strings, whose order would change with Python's hash seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from games.core import cards, decks
from games.core.actions import Action
from games.core.bitsets import bits

from .rules import LOW_TO_HIGH, BuscaState, Discard, Play
from .scoring import ALL_THIRDS, HAND_POINTS, THIRDS

SUITS = "SHCD"
NAMES = tuple(f"{r}{s}" for s in SUITS for r in LOW_TO_HIGH)  # card int c: suit c // 10, rank c % 10
INDEX = {name: i for i, name in enumerate(NAMES)}
assert set(NAMES) == set(decks.busca())
SUIT_MASK = tuple(((1 << 10) - 1) << (10 * s) for s in range(4))
ABOVE = tuple(SUIT_MASK[c // 10] & ~((1 << (c + 1)) - 1) for c in range(40))
BELOW = tuple(SUIT_MASK[c // 10] & ((1 << c) - 1) for c in range(40))
WORTH = tuple(THIRDS.get(cards.rank_of(NAMES[c]), 0) for c in range(40))
ACES = sum(1 << c for c in range(40) if WORTH[c] == 3)
THIRD_CARDS = sum(1 << c for c in range(40) if WORTH[c] == 1)
ALL = (1 << 40) - 1

PLAY_BUDGET = 30_000  # simulated card plays per decision (about 0.1 s of pure Python on a quiet core)
MOST_DEALS = 100
FEWEST_DEALS = 24


def worth_of(mask: int) -> int:
    return 3 * (mask & ACES).bit_count() + (mask & THIRD_CARDS).bit_count()


def mask_of(names: Sequence[str]) -> int:
    m = 0
    for name in names:
        m |= 1 << INDEX[name]
    return m


# -- the simulator and its policy (the Normal computer's rules, on bits) ----------------------------
def policy(seat: int, hand: int, unseen: int, trick: list[tuple[int, int]], players: int,
           taken: list[int], dealer: int, discard: int) -> int:
    """The card the Normal computer's rules choose for ``seat`` holding ``hand``, ``unseen`` being
    the cards it cannot place (as ``games.busca.ai._play`` decides)."""
    mine = taken[seat]
    if mine and sum(taken) == mine and not worth_of(unseen):
        aside = WORTH[discard] if discard >= 0 and seat == dealer else 0
        if mine + worth_of(hand) + sum(WORTH[c] for _, c in trick) >= ALL_THIRDS - aside:
            # cappotto: its strongest card
            return max(bits(hand if not trick else (hand & SUIT_MASK[trick[0][1] // 10]) or hand),
                       key=lambda c: c % 10)
    if not trick:
        best_card, best_cost = -1, 1e9
        for c in bits(hand):
            above = (unseen & ABOVE[c]).bit_count()
            wins = 1.0 if above == 0 else 0.5 ** above
            w = WORTH[c]
            cost = wins * (2 + w) - (1 - wins) * w * 0.5 + (c % 10) * 0.01
            if cost < best_cost:
                best_card, best_cost = c, cost
        return best_card
    led = trick[0][1] // 10
    following = hand & SUIT_MASK[led]
    if not following:  # void: the costliest card, the one likeliest to win later
        return max(bits(hand), key=lambda c: (WORTH[c], -(unseen & ABOVE[c]).bit_count(), c % 10))
    top = max(c for _, c in trick if c // 10 == led)
    under = following & BELOW[top]
    if under:
        return max(bits(under), key=lambda c: (WORTH[c], c))
    if len(trick) == players - 1:
        return min(bits(following), key=lambda c: (WORTH[c], -c))
    return min(bits(following), key=lambda c: (WORTH[c], c))


def play_out(hands: list[int], leader: int, trick: list[tuple[int, int]], taken: list[int], players: int,
             dealer: int, discard: int) -> tuple[list[int], int]:
    """Play the hand to its end from here, every seat by ``policy``: each seat's thirds taken (the
    card laid aside with the last trick's) and the last trick's winner. The laid-aside card (``discard``, -1 if
    none) is one every seat but the dealer cannot place. Changes its arguments."""
    held = 0
    for h in hands:
        held |= h
    aside_bit = (1 << discard) if discard >= 0 else 0
    seat = (trick[-1][0] - 1) % players if trick else leader
    winner = leader
    while True:
        while len(trick) < players:
            hand = hands[seat]
            unseen = held & ~hand
            if seat != dealer:
                unseen |= aside_bit
            card = policy(seat, hand, unseen, trick, players, taken, dealer, discard)
            bit = 1 << card
            hands[seat] = hand & ~bit
            held &= ~bit
            trick.append((seat, card))
            seat = (seat - 1) % players
        led = trick[0][1] // 10
        winner, _ = max(((s, c) for s, c in trick if c // 10 == led), key=lambda p: p[1])
        taken[winner] += sum(WORTH[c] for _, c in trick)
        trick = []
        seat = winner
        if not held:
            break
    if discard >= 0:
        taken[winner] += WORTH[discard]
    return taken, winner


def hand_scores(taken: Sequence[int], last: int) -> list[int]:
    """As ``games.busca.scoring.hand_scores``."""
    for seat, value in enumerate(taken):
        if value == ALL_THIRDS:
            return [0 if s == seat else HAND_POINTS for s in range(len(taken))]
    scores = [v // 3 for v in taken]
    scores[last] = HAND_POINTS - sum(v for s, v in enumerate(scores) if s != last)
    return scores


# -- what the seat knows ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Knowledge:
    """What ``seat`` knows of the hand: its own cards, the cards it cannot see, each other hand's
    size and the suits each has shown it lacks, and whether a laid-aside card is among the unseen."""

    seat: int
    players: int
    hand: int
    unseen: tuple[int, ...]  # sorted
    sizes: tuple[int, ...]  # per seat (own included)
    voids: tuple[int, ...]  # per seat: a mask of the suits' cards it holds none of
    discard_hidden: bool
    discard: int  # the seat's own laid-aside card, -1 if none known


def knowledge(state: BuscaState, seat: int) -> Knowledge:
    n = state.players
    hand = mask_of(state.hands[seat])
    played = sum(len(t) for t in state.taken) + len(state.trick.plays)
    plays = [(s, tok.partition(":")[2]) for s, tok in state.history if tok.startswith("play:")]
    this_hand = plays[len(plays) - played:] if played else []
    voids = [0] * n
    for start in range(0, len(this_hand), n):
        group = this_hand[start:start + n]
        led = cards.suit_of(group[0][1])
        for s, card in group[1:]:
            if cards.suit_of(card) != led:
                voids[s] |= SUIT_MASK[SUITS.index(led)]
    seen = hand | mask_of([c for t in state.taken for c in t]) | mask_of(state.trick.cards)
    own_discard = -1
    if state.discard is not None and seat == state.dealer:
        own_discard = INDEX[state.discard]
        seen |= 1 << own_discard
    hidden = state.players == 3 and state.discard is not None and seat != state.dealer
    sizes = tuple(len(h) for h in state.hands)
    return Knowledge(seat, n, hand, tuple(bits(ALL & ~seen)), sizes, tuple(voids), hidden, own_discard)


def sample(k: Knowledge, rng: random.Random) -> tuple[list[int], int]:
    """Other hands (and a hidden laid-aside card) dealt from the unseen cards at random, each
    hand keeping its size and no seat given a suit it has shown it lacks."""
    seats = [s for s in range(k.players) if s != k.seat]
    for _ in range(50):
        room = {s: k.sizes[s] for s in seats}
        if k.discard_hidden:
            room[-1] = 1
        hands = [0] * k.players
        hands[k.seat] = k.hand
        aside = -1
        pool = list(k.unseen)
        rng.shuffle(pool)
        # the most constrained cards first: those fewest seats may hold
        pool.sort(key=lambda c: sum(1 for s in seats if not k.voids[s] >> c & 1))
        ok = True
        for c in pool:
            open_ = [s for s in room if room[s] and (s < 0 or not k.voids[s] >> c & 1)]
            if not open_:
                ok = False
                break
            pick = rng.choices(open_, weights=[room[s] for s in open_])[0]
            room[pick] -= 1
            if pick < 0:
                aside = c
            else:
                hands[pick] |= 1 << c
        if ok:
            return hands, aside
    # the inference cannot be met (it should not happen): deal ignoring it
    pool = list(k.unseen)
    rng.shuffle(pool)
    hands = [0] * k.players
    hands[k.seat] = k.hand
    for s in seats:
        for c in pool[:k.sizes[s]]:
            hands[s] |= 1 << c
        pool = pool[k.sizes[s]:]
    return hands, (pool[0] if k.discard_hidden else -1)


# -- the decision -------------------------------------------------------------------------------
def utility(state: BuscaState, seat: int, scores: Sequence[int]) -> float:
    others = [x for s, x in enumerate(scores) if s != seat]
    return sum(others) / len(others) - scores[seat]


def choose_hard(state: BuscaState, seat: int, rng: random.Random, budget: int = PLAY_BUDGET) -> Action:
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    k = knowledge(state, seat)
    n = state.players
    dealer = state.dealer
    if state.discarding:
        candidates = [INDEX[a.card] for a in legal if isinstance(a, Discard)]
        remaining = sum(k.sizes) - 1
    else:
        candidates = [INDEX[a.card] for a in legal if isinstance(a, Play)]
        remaining = sum(k.sizes)
    deals = max(FEWEST_DEALS, min(MOST_DEALS, budget // max(1, remaining * len(candidates))))
    trick = [(s, INDEX[c]) for s, c in state.trick.plays]
    taken0 = [worth_of(mask_of(t)) for t in state.taken]
    totals = [0.0] * len(candidates)
    for _ in range(deals):
        hands, aside = sample(k, rng)
        discard = k.discard if k.discard >= 0 else aside
        for i, c in enumerate(candidates):
            hs = list(hands)
            hs[seat] &= ~(1 << c)
            if state.discarding:
                result, last = play_out(hs, state.trick.leader, [], list(taken0), n, dealer, c)
            else:
                result, last = play_out(hs, state.trick.leader, [*trick, (seat, c)], list(taken0), n, dealer,
                                        discard)
            totals[i] += utility(state, seat, hand_scores(result, last))
    best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
    card = NAMES[candidates[best]]
    return Discard(card) if state.discarding else Play(card)
