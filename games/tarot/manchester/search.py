"""The Normal computer player for the two-player tarot games, Manchester Piccadilly and Manchester
Truffle: a determinized search (perfect-information Monte Carlo, as OpenSpiel's IS-MCTS samples
the unseen cards).

It reads only what its seat may see: its own cards, the dummies, the cards played and shown,
and the sizes of the hidden holdings. From the tricks of the part so far it learns where a hand
is void (a suit not followed; no trump played when one was due) and where it holds no trump
above one it failed to beat (K-2); a discard kept hidden holds no trump, Honour or King.

Each decision deals the cards it cannot see at random among the places they may be (the other
player's hand and hidden discards, the stock, Truffle's card out of play, the other player's
two Piccadilly hands), keeping to what it has learnt, and plays every move it is weighing on
the same deals:

- **A card** (its hand or a dummy it controls, the two together, as each is its own to play):
  the rest of the part is played out by a quick greedy policy for both sides
  (:func:`.simulation.greedy`), or solved exactly once few cards are left; the card with
  the best total margin over the deals is played.
- **The three discards** (and Truffle's three laid aside): the likeliest handfuls by a quick
  estimate (points made safe, suits voided) are each played out on the same deals, the other
  player discarding their most valuable free cards.
- **The Piccadilly hand to hold**: both choices are played out against the other player's
  likely choice on each deal.

The score it plays for is the part's margin, its points less the other player's (the first
part counts from the announced values, so only the difference matters; the second part
adds one a trick).

A hint's reasons (:mod:`.explain`) come from the same decision (``decide``, made again with the
draws the table gives the computer, tracing who took the trick in play after each card on each
deal): who should take the trick, what is in it, the points a discard banks and the suits it
empties, and how the closest rival came out over the rest of the part. The Easy computer is
:mod:`.easy`: the quick policy's worth of each card over two deals, no playing out; the
likeliest discard by the quick estimate, unsearched.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass

from games.core.actions import Action

from .. import determinize
from ..moves import CardsMove
from ..simulation import FOOL, HONOUR, ID, KING, NAMES, PTS, STR, SUIT, TRUMP, encode
from .hand import choose_hand
from .simulation import COSTS, DUMMY, Deal, Solver, rollout, tree_size, trick_taker
from .state import ManchesterState

BUDGET = 6000  # card plays simulated for one decision (a rollout of a part is 20 to 52)
MIN_DEALS, MAX_DEALS = 6, 60
EXACT_TREE = 600  # the rest of a part is solved exactly on each deal when it can go this few ways
NODE_COST = 1.0  # the work of a position of the exact search, in card plays
DISCARD_CANDIDATES = 8

Key = tuple[str, int]
POS, DISCARDS, CAND, REST = "pos", "discards", "cand", "rest"


def choose(state: ManchesterState, seat: int, rng: random.Random) -> Action:
    return decide(state, seat, rng).action


@dataclass(frozen=True)
class Decision:
    """A decision and what was weighed to reach it: ``kind`` (``only``: one move may go; ``play``,
    ``discard``, ``aside``: Truffle's three laid aside, ``choose``: the Piccadilly hand), the moves
    weighed, each one's mean margin over the deals (``score``), the number of deals, and, where
    traced, how often each position took the trick in play after each card (``taken``)."""

    action: Action
    kind: str
    moves: tuple[Action, ...] = ()
    score: tuple[float, ...] = ()
    deals: int = 0
    best: int = 0
    taken: tuple[tuple[int, ...], ...] = ()


def decide(state: ManchesterState, seat: int, rng: random.Random, trace: bool = False) -> Decision:
    """The move ``choose`` makes, with what it weighed (``trace``: also who took the trick in
    play after each card on each deal, for ``explain``; the choice is the same either way)."""
    if state.phase == "choose":
        n, totals, deals = _choose_hand(state, seat, rng)
        hands: tuple[Action, ...] = (choose_hand(0), choose_hand(1))
        return Decision(hands[n], "choose", hands, tuple(t / deals for t in totals), deals, n)
    if state.phase in ("discard", "discard2"):
        pick = state.pick(seat)
        assert pick is not None
        kind = "discard" if state.phase == "discard" else "aside"
        groups, totals, deals, best = _discard(state, seat, rng, pick.cards, pick.most, pick.fixed)
        moves = tuple(CardsMove("discard", g) for g in groups)
        if len(moves) == 1:
            return Decision(moves[0], "only", moves)
        return Decision(moves[best], kind, moves, tuple(t / deals for t in totals), deals, best)
    position = state.to_play
    assert position is not None
    legal = state.playable(position)
    plays = tuple(CardsMove("play", (c,)) for c in legal)
    if len(legal) == 1:
        return Decision(plays[0], "only", plays)
    best, totals, deals, taken = _card(state, seat, rng, encode(legal), trace)
    return Decision(plays[best], "play", plays, tuple(t / deals for t in totals), deals, best, taken)


# -- what the seat knows ---------------------------------------------------------------------------

def _kept(card: int) -> bool:
    return SUIT[card] == TRUMP or HONOUR[card] or KING[card]


class Knowledge(determinize.Placement[Key]):
    """The cards a seat cannot see and the places they may be, each with how many it holds and
    which cards it may hold."""

    def __init__(self, state: ManchesterState, seat: int) -> None:
        other = 1 - seat
        pool = sorted(ID[c] for c in state.hidden_cards(seat))
        theirs_shown = [c for c in state.shown if c not in state.discards[seat]]
        slots: list[determinize.Slot[Key]] = []
        voids, caps = _inferences(state, seat)
        # a trump, Honour or King shown in a first discard: every other card went too, so the hand
        # holds nothing else
        only_kept = state.phase in ("discard", "play1") and any(_kept(ID[c]) for c in theirs_shown)
        for position, held in enumerate(state.holdings):
            if state.seen_by(position, seat):
                continue
            void, cap = voids.get(position, set()), caps.get(position, 1e9)
            allowed = frozenset(c for c in pool if SUIT[c] not in void and (SUIT[c] != TRUMP or STR[c] <= cap)
                                and (not only_kept or _kept(c)))
            slots.append(((POS, position), len(held), None if len(allowed) == len(pool) else allowed))
        hidden_discards = len(state.discards[other]) - len(theirs_shown)
        if hidden_discards > 0:
            slots.append(((DISCARDS, other), hidden_discards, frozenset(c for c in pool if not _kept(c))))
        if state.phase == "choose":
            for i in (0, 1) if other == state.dealer else (2, 3):
                slots.append(((CAND, i), len(state.candidates[i]), None))
        rest = len(pool) - sum(size for _, size, _ in slots)
        if rest > 0:
            slots.append(((REST, 0), rest, None))
        super().__init__(pool, slots)


def _inferences(state: ManchesterState, seat: int) -> tuple[dict[int, set[int]], dict[int, float]]:
    """From this part's tricks: the suits each unseen position has shown it lacks, and the
    strongest trump it can still hold (it played under a trump it had to beat if it could)."""
    voids: dict[int, set[int]] = {}
    caps: dict[int, float] = {}
    if state.phase not in ("play1", "play2"):
        return voids, caps
    for trick in [t for _, t in state.won] + [state.trick]:
        led = -1
        best = 0.0
        for position, name in trick.plays:
            card = ID[name]
            if card == FOOL:
                continue
            suit = SUIT[card]
            if led < 0:
                led = suit
            elif not state.seen_by(position, seat):
                if suit != led and led != TRUMP:
                    voids.setdefault(position, set()).add(led)
                if suit != TRUMP and suit != led:
                    voids.setdefault(position, set()).add(TRUMP)
                if suit == TRUMP and best >= 100.0 and STR[card] < best:
                    caps[position] = min(caps.get(position, 1e9), best)
            if suit == TRUMP and STR[card] > best:
                best = STR[card]
    return voids, caps


# -- the second part's positions -------------------------------------------------------------------

def _owners(state: ManchesterState, positions: int) -> list[int]:
    return [DUMMY if state.owner(p) < 0 else state.owner(p) for p in range(positions)]


def play_deal(state: ManchesterState, dealt: dict[Key, list[int]]) -> Deal:
    """The part in play with the unseen holdings as ``dealt``."""
    hands = [list(dealt[(POS, p)]) if (POS, p) in dealt else encode(held)
             for p, held in enumerate(state.holdings)]
    second = state.phase == "play2"
    cards_left = sum(len(h) for h in hands) + len(state.trick.plays)
    aside, dealer_tricks = 0, 0
    if second and state.truffle:
        aside = sum(PTS[ID[c]] for c in state.discards[state.dealer][3:])
        dealer_tricks = sum(1 for p, _ in state.won if state.owner(p) == state.dealer)
    return Deal(hands, _owners(state, len(hands)), state.dealer, second=second,
                total=len(state.won) + cards_left // len(hands), tricks_done=len(state.won),
                leader=state.trick.leader, plays=[(p, ID[c]) for p, c in state.trick.plays], aside=aside,
                dealer_tricks=dealer_tricks)


# -- playing a card --------------------------------------------------------------------------------

def _deals_for(options: int, length: int) -> int:
    """How many deals a decision can afford: each of ``options`` played out on each over about
    ``length`` cards."""
    return max(MIN_DEALS, min(MAX_DEALS, BUDGET // max(1, options * length)))


def _card(state: ManchesterState, seat: int, rng: random.Random, legal: list[int],
          trace: bool = False) -> tuple[int, list[float], int, tuple[tuple[int, ...], ...]]:
    """The best of ``legal`` (its index), each one's total margin over the deals, how many deals,
    and where traced, how often each position took the trick in play after each card."""
    knowledge = Knowledge(state, seat)
    cards_left = sum(len(h) for h in state.holdings) - 1

    def play_out(deal: Deal) -> float:
        rollout(deal)
        return deal.margin(seat)

    playout = determinize.PlayOut(Solver(seat), lambda deal: tree_size(deal) <= EXACT_TREE, NODE_COST,
                                  play_out, cards_left)
    totals = [0.0] * len(legal)
    taken = [[0] * state.positions for _ in legal]
    deals = 0
    while deals < MIN_DEALS or (playout.work < BUDGET and deals < MAX_DEALS):
        deal = play_deal(state, knowledge.sample(rng))
        deals += 1
        for i, card in enumerate(legal):
            if trace:
                taken[i][trick_taker(deal, card)] += 1
            child = deal.copy()
            child.play(card)
            totals[i] += playout.worth(child)
    best = max(range(len(legal)), key=lambda i: (totals[i], -COSTS[1][legal[i]]))
    return best, totals, deals, tuple(tuple(t) for t in taken) if trace else ()


# -- discarding ------------------------------------------------------------------------------------

def discard_estimate(hand: Sequence[int], chosen: Sequence[int]) -> float:
    """A quick worth for a discard: the points made safe and the suits emptied (to trump in)."""
    kept = [c for c in hand if c not in chosen]
    trumps = sum(1 for c in kept if SUIT[c] == TRUMP)
    before = {SUIT[c] for c in hand if SUIT[c] < TRUMP}
    after = {SUIT[c] for c in kept if SUIT[c] < TRUMP}
    voids = len(before - after)
    return sum(PTS[c] for c in chosen) + (1.5 if trumps >= 2 else 0.5) * voids - 0.1 * sum(STR[c] for c in chosen)


def _likely_discard(hand: Sequence[int]) -> list[int]:
    """The other player's first discard in the deals: their most valuable free cards (all of
    them and then their least valuable others, when they hold fewer than three)."""
    free = sorted((c for c in hand if not _kept(c)), key=lambda c: (-PTS[c], -STR[c]))
    if len(free) >= 3:
        return free[:3]
    others = sorted((c for c in hand if _kept(c)), key=lambda c: (PTS[c], STR[c]))
    return [*free, *others[: 3 - len(free)]]


def _discard(state: ManchesterState, seat: int, rng: random.Random, offered: Sequence[str], most: int,
             fixed: Sequence[str]) -> tuple[list[tuple[str, ...]], list[float], int, int]:
    """The handfuls weighed (the likeliest by the quick estimate), each one's total margin over
    the deals, how many deals, and the best one's index."""
    position = state.position_of(seat)
    hand = encode(state.holdings[position])
    pool = encode(offered)
    forced = encode(fixed)
    groups = [list(g) for g in itertools.combinations(pool, most)]
    if len(groups) == 1:
        return [tuple(NAMES[c] for c in (*forced, *groups[0]))], [0.0], 0, 0
    groups.sort(key=lambda g: -discard_estimate(hand, [*forced, *g]))
    groups = groups[:DISCARD_CANDIDATES]
    knowledge = Knowledge(state, seat)
    first = state.phase == "discard"
    evaluate = _first_part_after_discard if first else _truffle_after_laying_aside
    length = 20 if first else 48
    deals = _deals_for(len(groups), length)
    totals = [0.0] * len(groups)
    for _ in range(deals):
        dealt = knowledge.sample(rng)
        for i, group in enumerate(groups):
            totals[i] += evaluate(state, seat, hand, [*forced, *group], dealt)
    best = max(range(len(groups)), key=lambda i: (totals[i], -i))
    return [tuple(NAMES[c] for c in (*forced, *g)) for g in groups], totals, deals, best


def _first_part_after_discard(state: ManchesterState, seat: int, hand: list[int], discard: list[int],
                              dealt: dict[Key, list[int]]) -> float:
    other = 1 - seat
    theirs = dealt[(POS, other)]
    their_discard: list[int] = dealt.get((DISCARDS, other), [])
    if not state.discards[other]:  # they have yet to discard: their likeliest three
        their_discard = _likely_discard(theirs)
        theirs = [c for c in theirs if c not in their_discard]
    shown_theirs = [ID[c] for c in state.shown if c not in state.discards[seat]]
    their_points = sum(PTS[c] for c in their_discard) + sum(PTS[c] for c in shown_theirs)
    hands: list[list[int]] = [[], []]
    hands[seat] = [c for c in hand if c not in discard]
    hands[other] = list(theirs)
    deal = Deal(hands, (0, 1), state.dealer, second=False, total=10, leader=1 - state.dealer)
    rollout(deal)
    return deal.margin(seat) + sum(PTS[c] for c in discard) - their_points


def _truffle_after_laying_aside(state: ManchesterState, seat: int, hand: list[int], aside: list[int],
                                dealt: dict[Key, list[int]]) -> float:
    hands = [[c for c in hand if c not in aside], list(dealt[(POS, 1)]), list(dealt[(POS, 2)])]  # dummy unseen
    deal = Deal(hands, _owners(state, 3), state.dealer, second=True, total=16, leader=0,
                aside=sum(PTS[c] for c in aside))
    rollout(deal)
    return deal.margin(seat)


# -- choosing the Piccadilly hand ------------------------------------------------------------------

def hand_estimate(hand: Sequence[int]) -> float:
    return sum(PTS[c] for c in hand) + 2 * sum(1 for c in hand if SUIT[c] == TRUMP)


def _choose_hand(state: ManchesterState, seat: int, rng: random.Random) -> tuple[int, list[float], int]:
    """The hand to hold (0 or 1), with each choice's total margin over the deals and how many."""
    mine = (0, 1) if seat == state.dealer else (2, 3)
    theirs = (2, 3) if seat == state.dealer else (0, 1)
    own = [encode(state.candidates[i]) for i in mine]
    knowledge = Knowledge(state, seat)
    deals = _deals_for(2, 52)
    totals = [0.0, 0.0]
    for _ in range(deals):
        dealt = knowledge.sample(rng)
        other = [dealt[(CAND, i)] for i in theirs]
        pick = 0 if hand_estimate(other[0]) >= hand_estimate(other[1]) else 1
        their_hand, their_dummy = other[pick], other[1 - pick]
        for n in (0, 1):
            totals[n] += piccadilly_margin(state, seat, own[n], own[1 - n], their_hand, their_dummy)
    return (0 if totals[0] >= totals[1] else 1), totals, deals


def piccadilly_margin(state: ManchesterState, seat: int, held: list[int], dummy: list[int],
                      their_hand: list[int], their_dummy: list[int]) -> float:
    """``seat``'s margin when Piccadilly's second part is played out by the quick policy, each
    player holding the hand named and leaving the other as its dummy."""
    by_seat = {seat: (held, dummy), 1 - seat: (their_hand, their_dummy)}
    d, o = by_seat[state.dealer], by_seat[1 - state.dealer]
    hands = [list(d[0]), list(o[0]), list(d[1]), list(o[1])]
    owners = [state.dealer, 1 - state.dealer, state.dealer, 1 - state.dealer]
    deal = Deal(hands, owners, state.dealer, second=True, total=13, leader=0)
    rollout(deal)
    return deal.margin(seat)
