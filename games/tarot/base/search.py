"""The Normal computer player for the tarot base games (Scarto, Tarocchi, Conference) under every
rule set: a determinized search (perfect-information Monte Carlo), as the two-player games' does
(:mod:`games.tarot.manchester.search`).

It reads only what its seat may see, from the state: its own hand, its own discard when it dealt,
the piles, the trick, the claims, cards known to be in a hand (a Butt's Fool, a card a summons
sent back, a hand shown), the cards played this hand in the game's public record, and
``state.hidden_cards(seat)`` for what it cannot see. Its partner's hand is as hidden as an
opponent's. What the seat learns of the unseen cards is :mod:`.knowledge`'s.

Each decision deals the cards it cannot see at random among the places they may be (the other
hands, a discard it did not make), keeping to what it learnt, and tries the moves it weighs on
the same deals, playing each deal out to the end of the hand with a quick greedy policy for
every seat (:mod:`.playout`), or solving it exactly once few cards are left. The moves are
played out in rounds, the worse half dropped after each, and a move's score is its average
over the deals plus the quick policy's own worth of it (what it wins or loses in the trick at
once), which steadies the few deals there is time for:

- **A card**: the four the quick policy likes best over a few deals, of the legal cards but
  those no better than another it holds (two empty cards of a suit with nothing between them
  still to come).
- **The discard**: the twelve likeliest handfuls by a quick estimate (points made safe, suits
  voided) are played out on shared deals in rounds as above, with a budget of their own: a
  dealer discards once a hand, and a handful a few points better is worth the time.
- **Summoning Servants** (the Jack, the Cavalier or pass; a tie passes) and **the Butt's card**:
  each choice is played out likewise (the card goes on the Butt's own pile, so the search weighs
  points banked against power kept).
- **Tontine claims**: everything claimable is left face up (a claim costs nothing).

The Easy computer (:mod:`.easy`) looks at the trick on the table and nothing else. A hint's
reasons (:mod:`.explain`) make the Normal decision again, traced (``decide``: who took the trick
in play after each card on each deal), and say in plain words what it weighed.

What it plays for is its side's result: plain, Courtship and the Last Laugh, the side's card
points less the other side's; Tontine, the group points as the hand settles (K-12 with
partners). In Scarto, where each plays alone, its game total less the mean and the best of the
others' (so points taken from the leader count for more).
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from games.core.actions import Action, Word

from .. import determinize
from ..moves import CardsMove
from ..simulation import FOOL, ID, NAMES, PTS, STR, SUIT, TRUMP, mask
from .between_tricks import PASS, SUMMON_CAVALIER, SUMMON_JACK
from .knowledge import ALL, HONOURS, Knowledge, own_hand
from .playout import Solver, card_values, rollout, tree_size, trick_taker
from .simulation import (
    CALL_CAVALIER,
    CALL_JACK,
    CALLS,
    COST,
    GROUP,
    RANK,
    Table,
)
from .state import TarotTableState

BUDGET = 3500  # card plays simulated for one decision (a rollout of a whole hand is about 75)
MIN_DEALS, MAX_DEALS = 2, 40  # deals in each round of the search
SHORTLIST, SHORTLIST_DEALS = 4, 4  # cards played out at most, chosen by the quick policy over a few deals
WORK = {"plain": 1.0, "last-laugh": 1.15, "tontine": 1.35, "courtship": 1.5}  # a card play's cost by rule set
PRIOR = 1.0  # the weight of the quick policy's worth of a card beside what the deals played out gave
LEADER_WEIGHT = 0.5  # Scarto: how much of the others' points it plays against are the leader's, not the mean
EXACT_TREE = 240  # the rest of the hand is solved exactly on each deal when it can go this few ways
NODE_COST = 1.5  # the work of a position of the exact search, in card plays
DISCARD_CANDIDATES = 12  # handfuls played out, the likeliest by a quick estimate
DISCARD_BUDGET = 14000  # card plays for a discard, in all its rounds (about 90 ms)
DISCARD_MAX_DEALS = 48  # deals for each handful in one round at the most
DISCARD_POOL = 11  # cards considered for a discard when there are too many ways to choose

Move = Callable[[Table], None]


@dataclass(frozen=True)
class Effort:
    """How hard a decision searches (the module's constants for the Normal computer, read at each
    decision; the Hard computer, :mod:`.hard`, has its own): the card plays simulated for a card
    (``budget``), deals a round, the cards played out and the deals that pick them, the size of a
    hand's rest solved exactly on each deal, and the discard's handfuls and budget."""

    budget: float
    min_deals: int
    max_deals: int
    shortlist: int
    shortlist_deals: int
    exact_tree: int
    discard_candidates: int
    discard_budget: int
    discard_max_deals: int
    last_hand_win: float = 0.0  # in the game's last hand, what winning the game is worth beside the points
    soft: float = 0.0  # the soft inferences' factor for a card a seat's plays make unlikely (0: off)


def normal_effort() -> Effort:
    """The Normal computer's effort: the module's constants as they are now."""
    return Effort(BUDGET, MIN_DEALS, MAX_DEALS, SHORTLIST, SHORTLIST_DEALS, EXACT_TREE, DISCARD_CANDIDATES,
                  DISCARD_BUDGET, DISCARD_MAX_DEALS)


def choose(state: TarotTableState, seat: int, rng: random.Random) -> Action:
    return decide(state, seat, rng).action


@dataclass
class Weighing:
    """What a search weighed: the move it found best; the moves it played out (``considered``),
    each with its last score, the deals it was played out on and, where traced, how often each
    seat took the trick in play after it (``taken``); and whether the deals were solved exactly."""

    best: int
    considered: list[int]
    score: dict[int, float]
    deals: dict[int, int]
    exact: bool
    taken: dict[int, list[int]] = field(default_factory=dict)


@dataclass
class Decision:
    """A decision and how it was reached: ``kind`` (``claim``, ``discard``, ``only``: one move
    may go, ``alike``: the cards that may go are worth the same, ``summon``, ``give``, ``play``),
    the moves weighed in the order the search numbered them, and what it weighed."""

    action: Action
    kind: str
    moves: tuple[Action, ...] = ()
    weighing: Weighing | None = None


def decide(state: TarotTableState, seat: int, rng: random.Random, trace: bool = False,
           effort: Effort | None = None) -> Decision:
    """The move ``choose`` makes, with what it weighed (``trace``: also who took the trick in
    play on each deal, for ``explain``; the choice is the same either way), searching with
    ``effort`` (Normal's unless told)."""
    effort = effort or normal_effort()
    phase = state.phase
    if phase == "claim":  # leave up every card that may still score: a claim costs nothing
        return Decision(state.offered(seat)[0], "claim")
    if phase == "discard":
        pick = state.pick(seat)
        assert pick is not None
        groups, weighing = _discard(state, seat, rng, pick.cards, pick.most, pick.fixed, effort)
        moves = tuple(CardsMove("discard", tuple(NAMES[c] for c in g)) for g in groups)
        return Decision(moves[weighing.best], "discard", moves, weighing)
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return Decision(legal[0], "only")
    if phase == "summon":
        calls = (SUMMON_JACK, SUMMON_CAVALIER, PASS)
        # a tie passes: a call that brings nothing only gives away news
        weighing = _search(state, seat, rng, [_summoning(CALLS[c]) for c in calls], [1.0, 2.0, 0.0],
                           prior=_summon_worth, effort=effort)
        words = tuple(Word(c) for c in calls)
        return Decision(words[weighing.best], "summon", words, weighing)
    if phase == "give":
        choices = [ID[a.token.partition(":")[2]] for a in legal]
        weighing = _search(state, seat, rng, [_giving(c) for c in choices], [-PTS[c] for c in choices],
                           effort=effort)
        gifts = tuple(CardsMove("give", (NAMES[c],)) for c in choices)
        return Decision(gifts[weighing.best], "give", gifts, weighing)
    cards = _distinct(state, seat, [ID[c] for c in state.playable(seat)])
    plays = tuple(CardsMove("play", (NAMES[c],)) for c in cards)
    if len(cards) == 1:
        return Decision(plays[0], "alike", plays)
    weighing = _search(state, seat, rng, [_playing(c) for c in cards], [COST[c] + 0.01 * PTS[c] for c in cards],
                       lambda t: card_values(t, seat, cards), shortlist=True, trace=trace, effort=effort)
    return Decision(plays[weighing.best], "play", plays, weighing)


def _summon_worth(t: Table) -> list[float]:
    """What each answer to a summons (the Jack, the Cavalier, pass) is worth at once to the
    summoner's side: the servant's points for those of the card sent back, and a court card out
    of another side's hand."""
    out = []
    for call in (CALL_JACK, CALL_CAVALIER):
        gain, holder = t.summon_gain(call)
        out.append(0.0 if holder < 0 else gain + (0.5 if t.side[holder] != t.side[t.taker] else 0.0))
    return [*out, 0.0]


def _playing(card: int) -> Move:
    return lambda t: t.play(card)


def _summoning(call: int) -> Move:
    return lambda t: t.summon(call)


def _giving(card: int) -> Move:
    return lambda t: t.give(card)


def _distinct(state: TarotTableState, seat: int, cards: list[int]) -> list[int]:
    """The cards worth weighing: of two cards of a suit with the same points and nothing between
    them but cards this seat holds or that are gone, only the lower."""
    settled = {ID[c] for c in state.played} | {ID[c] for c in own_hand(state, seat)}
    out: list[int] = []
    for card in sorted(cards, key=lambda c: (SUIT[c], STR[c])):
        if out and _same_worth(out[-1], card, settled):
            continue
        out.append(card)
    return out


def _same_worth(low: int, high: int, settled: set[int]) -> bool:
    if SUIT[low] != SUIT[high] or PTS[low] != PTS[high] or low in HONOURS or high in HONOURS or low == FOOL:
        return False
    if GROUP[low] != GROUP[high] or RANK[low] or RANK[high]:
        return False
    return all(c in settled for c in ALL if SUIT[c] == SUIT[low] and STR[low] < STR[c] < STR[high])


# -- searching ------------------------------------------------------------------------------------

def _objective(state: TarotTableState, seat: int, last_hand_win: float = 0.0) -> Callable[[Table], float]:
    """What a finished deal is worth to the seat (see the module's doc); in the game's last hand,
    ``last_hand_win`` more when the game's totals then make the seat's side a winner (half when
    level with partners), so that it plays for the game rather than the points."""
    mine = state.side(seat)
    final = last_hand_win and state.hand_no + 1 >= state.players
    if state.table.partnerships(state.players):
        target = 56
        tontine = state.ruleset == "tontine"
        ours = state.scores[seat]
        theirs = next(state.scores[s] for s in range(state.players) if state.side(s) != mine)

        def partners(t: Table) -> float:
            points = t.side_points()
            diff = points[mine] - points[1 - mine]
            scored = diff if max(points) >= target else 0
            worth = (scored + 0.1 * diff) if tontine else float(diff)
            if final:
                lead = ours - theirs + (2 * scored if tontine else diff)
                worth += last_hand_win * (1.0 if lead > 0 else 0.5 if lead == 0 else 0.0)
            return worth

        return partners
    scores = list(state.scores)
    n = state.players

    def alone(t: Table) -> float:
        points = t.side_points()
        totals = [scores[s] + points[s] for s in range(n)]
        others = [totals[s] for s in range(n) if s != seat]
        worth = totals[seat] - LEADER_WEIGHT * max(others) - (1 - LEADER_WEIGHT) * sum(others) / len(others)
        if final and totals[seat] >= max(others):
            worth += last_hand_win
        return worth

    return alone


def _search(state: TarotTableState, seat: int, rng: random.Random, moves: Sequence[Move],
            costs: Sequence[float] | None = None, prior: Callable[[Table], list[float]] | None = None,
            shortlist: bool = False, trace: bool = False, effort: Effort | None = None) -> Weighing:
    """The move with the best total over deals of the unseen cards (ties to the lowest cost),
    with ``PRIOR`` times the ``prior`` worth of each at once (the quick policy's, over a few
    deals). With ``shortlist`` only the ``SHORTLIST`` moves it rates best are played out. The
    moves are played out on shared deals in rounds, the worse half dropped after each round, so
    that the budget goes to telling the best apart. ``trace`` counts who takes the trick in play
    after each move on each deal (the quick policy playing it out), which the choice ignores."""
    effort = effort or normal_effort()
    knowledge = Knowledge(state, seat, effort.soft)
    value = _objective(state, seat, effort.last_hand_win)
    tie = list(costs) if costs is not None else [float(i) for i in range(len(moves))]
    alive = list(range(len(moves)))
    worth = [0.0] * len(moves)
    if prior is not None:
        for _ in range(effort.shortlist_deals):
            for i, v in enumerate(prior(knowledge.table(rng))):
                worth[i] += v / effort.shortlist_deals
    if shortlist:
        alive.sort(key=lambda i: (-worth[i], tie[i]))
        alive = sorted(alive[:effort.shortlist])
    considered = list(alive)
    cards_left = (sum(len(hand) for hand in state.hands) + len(state.trick.plays)) * WORK[state.ruleset]

    def play_out(t: Table) -> float:
        rollout(t)
        return value(t)

    exact = effort.exact_tree
    playout = determinize.PlayOut(Solver(state.side(seat), value), lambda t: tree_size(t, exact) <= exact,
                                  NODE_COST, play_out, cards_left)
    totals = [0.0] * len(moves)
    taken = {i: [0] * state.players for i in alive} if trace else {}
    last: dict[int, float] = {}
    dealt: dict[int, int] = {}
    rounds = _rounds(len(alive))
    seen = 0
    for round_no in range(rounds):
        share = effort.budget / rounds
        playout.work = 0.0
        deals = 0
        while deals < effort.min_deals or (playout.work + len(alive) * cards_left <= share
                                           and deals < effort.max_deals):
            table = knowledge.table(rng)
            deals += 1
            for i in alive:
                child = table.copy()
                moves[i](child)
                if trace:
                    taken[i][trick_taker(child.copy(), table.done)] += 1
                totals[i] += playout.worth(child)
        seen += deals
        score = [totals[i] / seen + (0.0 if playout.exact else PRIOR * worth[i]) for i in range(len(moves))]
        for i in alive:
            last[i], dealt[i] = score[i], seen
        if round_no < rounds - 1:
            alive = _better_half(alive, score, tie)
    best = max(alive, key=lambda i: (score[i], -tie[i]))
    return Weighing(best, considered, last, dealt, bool(playout.exact), taken)


def _rounds(moves: int) -> int:
    """Rounds of a search that halves ``moves`` down to one."""
    return max(1, math.ceil(math.log2(moves)))


def _better_half(alive: list[int], score: Sequence[float], tie: Sequence[float]) -> list[int]:
    """The better half of the moves still weighed (the larger half of an odd count), ties to
    the lower ``tie``, in their first order."""
    ranked = sorted(alive, key=lambda i: (-score[i], tie[i]))
    return sorted(ranked[: (len(alive) + 1) // 2])


# -- discarding ----------------------------------------------------------------------------------

def _discard_estimate(hand: Sequence[int], chosen: Sequence[int], safe_points: bool) -> float:
    """A quick worth for a discard: the points made safe (not under Tontine, where a discard
    scores nothing), the suits emptied (to trump in), strength kept."""
    kept = [c for c in hand if c not in chosen]
    trumps = sum(1 for c in kept if SUIT[c] == TRUMP)
    before = {SUIT[c] for c in hand if SUIT[c] < TRUMP}
    after = {SUIT[c] for c in kept if SUIT[c] < TRUMP}
    voids = len(before - after)
    single = sum(1 for s in after if sum(1 for c in kept if SUIT[c] == s) == 1)
    worth = sum(PTS[c] for c in chosen) if safe_points else 0.0
    shown = sum(1 for c in chosen if SUIT[c] == TRUMP or c in HONOURS or RANK[c] == 4)
    return (worth + (2.0 if trumps >= 4 else 0.8) * voids + 0.4 * single
            - 0.08 * sum(STR[c] - (100 if SUIT[c] == TRUMP else 0) for c in chosen) - 3.0 * shown)


def _discard(state: TarotTableState, seat: int, rng: random.Random, offered: Sequence[str], most: int,
             fixed: Sequence[str], effort: Effort) -> tuple[list[list[int]], Weighing]:
    """The handfuls weighed for the discard, the likeliest first, and the search among them."""
    hand = [ID[c] for c in own_hand(state, seat)]
    groups = discard_groups(hand, [ID[c] for c in offered], most, [ID[c] for c in fixed],
                             state.ruleset != "tontine")
    if len(groups) > 1:
        groups = groups[:effort.discard_candidates]
        return groups, _discard_weigh(state, seat, rng, hand, groups, effort)
    return groups, Weighing(0, [0], {0: 0.0}, {0: 0}, False)


def discard_groups(hand: list[int], pool: list[int], most: int, forced: list[int],
                    safe_points: bool) -> list[list[int]]:
    """Every handful that may be discarded (of the likeliest cards, when there are too many ways
    to choose), by the quick estimate, best first."""
    if math.comb(len(pool), most) > 1500:  # the likeliest cards first
        pool = sorted(pool, key=lambda c: -_discard_estimate(hand, [c], safe_points))
        pool = pool[:max(DISCARD_POOL, most)]
    groups = [[*forced, *g] for g in itertools.combinations(pool, most)]
    if len(groups) > 1:
        groups.sort(key=lambda g: -_discard_estimate(hand, g, safe_points))
    return groups


def _discard_search(state: TarotTableState, seat: int, rng: random.Random, hand: list[int],
                    groups: list[list[int]]) -> int:
    """The index of the discard ``_discard_weigh`` finds best."""
    return _discard_weigh(state, seat, rng, hand, groups, normal_effort()).best


def _discard_weigh(state: TarotTableState, seat: int, rng: random.Random, hand: list[int],
                   groups: list[list[int]], effort: Effort) -> Weighing:
    """The discard whose hands played out do best, over deals of the unseen cards, the worse half
    dropped after each round as in ``_search``: a dealer discards once a hand, so it is given a
    budget of its own (``DISCARD_BUDGET``), enough to tell apart handfuls a few points apart."""
    knowledge = Knowledge(state, seat)
    value = _objective(state, seat, effort.last_hand_win)
    n = state.players
    length = (len(hand) - len(groups[0])) * n
    sides = [state.side(s) for s in range(n)]
    alive = list(range(len(groups)))
    totals = [0.0] * len(groups)
    dealt = [0] * len(groups)
    order = [float(i) for i in range(len(groups))]  # ties to the likelier handful
    rounds = _rounds(len(alive))
    for round_no in range(rounds):
        deals = max(effort.min_deals, min(effort.discard_max_deals,
                                          effort.discard_budget // rounds // (len(alive) * length)))
        for _ in range(deals):
            dealt_now = knowledge.sample(rng)
            for i in alive:
                group = groups[i]
                hands = [[c for c in hand if c not in group] if s == seat else list(dealt_now.get(s, []))
                         for s in range(n)]
                t = Table(n, sides, hands, state.dealer, ruleset=state.ruleset,
                          courtship=state.courtship, manual=False, total=len(hands[seat]),
                          leader=(state.dealer + 1) % n)
                t.bank(sides[seat], group)
                t.disc = mask(group)
                rollout(t)
                totals[i] += value(t)
                dealt[i] += 1
        if round_no < rounds - 1:
            alive = _better_half(alive, totals, order)
    best = max(alive, key=lambda i: (totals[i], -i))
    return Weighing(best, list(range(len(groups))), {i: totals[i] / max(1, dealt[i]) for i in range(len(groups))},
                    {i: dealt[i] for i in range(len(groups))}, False)
