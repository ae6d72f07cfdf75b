"""The computer player for the tarot base games (Scarto, Tarocchi, Conference) under every rule
set: a determinized search (perfect-information Monte Carlo), as ``manchester_ai`` does for the
two-player games.

It reads only what its seat may see (``state.view(seat)``, the cards played this hand in the
game's public record, and ``state.hidden_cards(seat)`` for what it cannot see): its own hand,
its own discard when it dealt, the piles, the trick, the claims, cards known to be in a hand
(a Butt's Fool, a card a summons sent back, a hand shown). Its partner's hand is as hidden as
an opponent's. From this hand's tricks it learns where a hand is void (a suit not followed; no
trump played when one was due), where it holds no trump above one it failed to beat (K-2);
under the Last Laugh, who cannot hold the Fool (a court card of the suit led played instead of
it; a trump or a pip card put on the Butt's pile says what the Butt did not hold); a hidden
discard holds no King or Honour (in Scarto no Ace either).

Each decision deals the cards it cannot see at random among the places they may be (the other
hands, a discard it did not make), keeping to what it learnt, and tries the moves it weighs on
the same deals, playing each deal out to the end of the hand with a quick greedy policy for
every seat (``table_ai_sim``), or solving it exactly once few cards are left. The moves are
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

The Easy computer (``choose_easy``) looks at the trick on the table and nothing else: a few
rules of thumb a beginner knows, no deals and no playing out. ``explain`` makes the Normal
decision again, traced (``_decide``: who took the trick in play after each card on each deal),
and says in plain words what it weighed.

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
from typing import Any

from games.core.actions import Action, Word

from .. import determinize
from ..moves import CardsMove
from . import simulation as sim
from .simulation import FOOL, ID, NAMES, PTS, STR, SUIT, TRUMP, Table
from .state import PASS, SUMMON_CAVALIER, SUMMON_JACK, TarotTableState

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

ALL = frozenset(range(len(NAMES)))
LESSER_COURTS = frozenset(c for c in ALL if sim.LESSER_COURT[c])
TRUMPS = frozenset(c for c in ALL if SUIT[c] == TRUMP)
KINGS = frozenset(c for c in ALL if sim.RANK[c] == 4)
ACES = frozenset(ID["A" + s] for s in "SBCD")
HONOURS = frozenset((sim.MAG, sim.WOR, FOOL))
Move = Callable[[Table], None]


def choose(state: TarotTableState, seat: int, rng: random.Random) -> Action:
    return _decide(state, seat, rng).action


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


def _decide(state: TarotTableState, seat: int, rng: random.Random, trace: bool = False) -> Decision:
    """The move ``choose`` makes, with what it weighed (``trace``: also who took the trick in
    play on each deal, for ``explain``; the choice is the same either way)."""
    phase = state.phase
    if phase == "claim":  # leave up every card that may still score: a claim costs nothing
        return Decision(state.offered(seat)[0], "claim")
    if phase == "discard":
        pick = state.pick(seat)
        assert pick is not None
        groups, weighing = _discard(state, seat, rng, pick.cards, pick.most, pick.fixed)
        moves = tuple(CardsMove("discard", tuple(NAMES[c] for c in g)) for g in groups)
        return Decision(moves[weighing.best], "discard", moves, weighing)
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return Decision(legal[0], "only")
    if phase == "summon":
        calls = (SUMMON_JACK, SUMMON_CAVALIER, PASS)
        weighing = _search(state, seat, rng, [_summoning(sim.CALLS[c]) for c in calls], [1.0, 2.0, 0.0],
                           prior=_summon_worth)  # a tie passes: a call that brings nothing only gives away news
        words = tuple(Word(c) for c in calls)
        return Decision(words[weighing.best], "summon", words, weighing)
    if phase == "give":
        choices = [ID[a.token.partition(":")[2]] for a in legal]
        weighing = _search(state, seat, rng, [_giving(c) for c in choices], [-PTS[c] for c in choices])
        gifts = tuple(CardsMove("give", (NAMES[c],)) for c in choices)
        return Decision(gifts[weighing.best], "give", gifts, weighing)
    cards = _distinct(state, seat, [ID[c] for c in state.playable(seat)])
    plays = tuple(CardsMove("play", (NAMES[c],)) for c in cards)
    if len(cards) == 1:
        return Decision(plays[0], "alike", plays)
    weighing = _search(state, seat, rng, [_playing(c) for c in cards], [sim.COST[c] + 0.01 * PTS[c] for c in cards],
                       lambda t: sim.card_values(t, seat, cards), shortlist=True, trace=trace)
    return Decision(plays[weighing.best], "play", plays, weighing)


def _summon_worth(t: Table) -> list[float]:
    """What each answer to a summons (the Jack, the Cavalier, pass) is worth at once to the
    summoner's side: the servant's points for those of the card sent back, and a court card out
    of another side's hand."""
    out = []
    for call in (sim.CALL_JACK, sim.CALL_CAVALIER):
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
    settled = {ID[c] for c in state.played} | {ID[c] for c in _own_hand(state, seat)}
    out: list[int] = []
    for card in sorted(cards, key=lambda c: (SUIT[c], STR[c])):
        if out and _same_worth(out[-1], card, settled):
            continue
        out.append(card)
    return out


def _same_worth(low: int, high: int, settled: set[int]) -> bool:
    if SUIT[low] != SUIT[high] or PTS[low] != PTS[high] or low in HONOURS or high in HONOURS or low == FOOL:
        return False
    if sim.GROUP[low] != sim.GROUP[high] or sim.RANK[low] or sim.RANK[high]:
        return False
    return all(c in settled for c in ALL if SUIT[c] == SUIT[low] and STR[low] < STR[c] < STR[high])


def _own_hand(state: TarotTableState, seat: int) -> list[str]:
    hand = dict(state.view(seat))["hand"]
    assert isinstance(hand, list)
    return [str(c) for c in hand]


# -- what the seat knows ---------------------------------------------------------------------------

class Knowledge(determinize.Placement[int]):
    """The cards a seat cannot see and the places they may be: each other hand (less the cards
    known to be in it) and a discard it did not make, each with its size and the cards it may
    hold; dealt by seat, -1 the hidden discard."""

    TRIES = 30  # more than the two-player game's: the Last Laugh's Fool turns some deals down (``fits``)

    def __init__(self, state: TarotTableState, seat: int) -> None:
        self.state = state
        self.seat = seat
        view: dict[str, Any] = dict(state.view(seat))
        self.view = view
        hidden = sorted(ID[c] for c in state.hidden_cards(seat))
        pool = frozenset(hidden)
        n = state.players
        self.known: list[list[int]] = [[ID[c] for c in view["seats"][s]["known"]] for s in range(n)]
        self.mine = [ID[c] for c in view["hand"]]
        self.my_discard = [ID[c] for c in (view["my_discard"] or [])]
        self.shown = [ID[c] for c in view["shown"]]
        tricks = _this_hand(state)
        excluded = _inferences(state, seat, tricks)
        self.fool_rules = _fool_rules(state, seat, tricks) if state.ruleset == "last-laugh" and FOOL in pool else {}
        slots: list[determinize.Slot[int]] = []  # by seat, -1 the discard, -2 the Butt's face-down card
        for s in range(n):
            if s == seat:
                continue
            size = int(view["seats"][s]["count"]) - len(self.known[s])
            ruled_out = excluded.get(s, frozenset())
            if s in self.fool_rules and self.fool_rules[s] is None:
                ruled_out |= {FOOL}
            slots.append((s, size, None if not ruled_out & pool else pool - ruled_out))
        hidden_discard = int(view["discard_count"]) - len(self.shown) if seat != state.dealer else 0
        if hidden_discard > 0:
            slots.append((-1, hidden_discard, pool - _never_discarded(state)))
        own_pile = set(state.piles[seat]) if state.players > seat >= 0 else set()
        face_down = len(state.face_down - own_pile)  # how many is public: the Butt said it was a court card
        if face_down:
            courts = frozenset(c for c in pool if sim.COURT[c] and c not in KINGS)
            slots.append((-2, face_down, courts))
        super().__init__(hidden, slots)

    def fits(self, dealt: dict[int, list[int]]) -> bool:
        """The Last Laugh: whoever is dealt the Fool must have had no reason to play it so far."""
        if not self.fool_rules:
            return True
        holder = next((s for s, cards in dealt.items() if FOOL in cards), -1)
        rules = self.fool_rules.get(holder)
        if rules is None:
            return holder not in self.fool_rules
        need_court, no_court_suits = rules
        hand = dealt[holder]
        if need_court and not any(sim.COURT[c] for c in hand):
            return False
        return not any(sim.COURT[c] and SUIT[c] in no_court_suits for c in hand)

    def table(self, rng: random.Random) -> Table:
        """A deal of the hand in play, the unseen cards placed at random."""
        dealt = self.sample(rng)
        state = self.state
        hands = [[NAMES[c] for c in self.mine] if s == self.seat else
                 [NAMES[c] for c in (*self.known[s], *dealt.get(s, []))] for s in range(state.players)]
        discard = self.my_discard if self.seat == state.dealer else [*self.shown, *dealt.get(-1, [])]
        return sim.from_state(state, hands, [NAMES[c] for c in discard], self._piles(dealt.get(-2, [])))

    def _piles(self, face_down: list[int]) -> tuple[tuple[str, ...], ...] | None:
        """The piles with the court cards a Butt put face down on theirs, which the seat cannot
        see, replaced by those it dealt there (None when there are none)."""
        state = self.state
        hidden = state.face_down - set(state.piles[self.seat])
        if not hidden:
            return None
        stand_ins = iter(NAMES[c] for c in face_down)
        return tuple(tuple(next(stand_ins) if c in hidden else c for c in pile) for pile in state.piles)


def _never_discarded(state: TarotTableState) -> frozenset[int]:
    """What a hidden discard cannot hold: Kings and Honours, and Aces in Scarto or with Good and
    Evil (a card discarded against the rule would have been shown)."""
    out = KINGS | HONOURS
    if state.players == 3 or state.good_and_evil:
        out |= ACES
    return out


def _this_hand(state: TarotTableState) -> list[list[tuple[int, int]]]:
    """This hand's tricks as played (before any summons changed them), from the game's record of
    moves: every card played is public. Empty if the record does not tell (a made-up position)."""
    plays = [(s, tok[5:]) for s, tok in state.history if tok.startswith("play:")]
    count = len(state.played)
    mine = plays[len(plays) - count:] if count else []
    if [c for _, c in mine] != list(state.played):
        return []
    n = state.players
    return [[(s, ID[c]) for s, c in mine[i:i + n]] for i in range(0, len(mine), n)]


def _inferences(state: TarotTableState, seat: int, tricks: list[list[tuple[int, int]]]) -> dict[int, frozenset[int]]:
    """The cards each other seat has shown it cannot hold: suits (and trumps) it did not follow,
    trumps above one it failed to beat (K-2), and under the Last Laugh what a trump or pip card
    put on the Butt's pile says the Butt did not hold."""
    out: dict[int, set[int]] = {}
    for trick in tricks:
        led = -1
        top = 0.0
        for position, card in trick:
            if card == FOOL:
                continue
            suit = SUIT[card]
            if led < 0:
                led = suit
            elif position != seat:
                ruled = out.setdefault(position, set())
                if suit != led and led != TRUMP:
                    ruled |= {c for c in ALL if SUIT[c] == led}
                if suit != TRUMP and suit != led:
                    ruled |= TRUMPS
                if suit == TRUMP and top >= 100.0 and STR[card] < top:
                    ruled |= {c for c in TRUMPS if STR[c] > top}
            if suit == TRUMP and STR[card] > top:
                top = STR[card]
    if state.ruleset == "last-laugh":
        played = set(state.played)
        for s, pile in enumerate(state.piles):
            if s == seat:
                continue
            for name in pile:
                if name in played or name == "FOOL":
                    continue
                card = ID[name]
                if SUIT[card] == TRUMP:  # step 3: no lesser court, no higher trump but the Honours
                    out.setdefault(s, set()).update(LESSER_COURTS, {c for c in TRUMPS if STR[c] > STR[card]}
                                                    - HONOURS)
                elif not sim.COURT[card]:  # step 4: no lesser court, no trump but the Honours
                    out.setdefault(s, set()).update(LESSER_COURTS, TRUMPS - HONOURS)
    return {s: frozenset(cards) for s, cards in out.items()}


FoolRule = tuple[bool, frozenset[int]] | None


def _fool_rules(state: TarotTableState, seat: int, tricks: list[list[tuple[int, int]]]) -> dict[int, FoolRule]:
    """The Last Laugh, the Fool not yet seen: what each other seat's hand must be like if it holds
    the Fool, having not played it (a court card among its cards when trumps were led; no court
    card of a suit led), or None when it cannot hold it (it played a court card of a suit led
    while the Fool would have been due)."""
    rules: dict[int, FoolRule] = {}
    for s in range(state.players):
        if s == seat:
            continue
        need_court, no_court, excluded = False, set(), False
        for i, trick in enumerate(tricks):
            led = trick[0][1]
            later = [c for t in tricks[i:] for p, c in t if p == s]
            if led == FOOL or all(position != s for position, _ in trick[1:]):
                continue
            if SUIT[led] == TRUMP:
                need_court = need_court or not any(sim.COURT[c] for c in later)
            elif any(sim.COURT[c] and SUIT[c] == SUIT[led] for c in later):
                excluded = True
            else:
                no_court.add(SUIT[led])
        rules[s] = None if excluded else (need_court, frozenset(no_court))
    return rules


# -- searching ------------------------------------------------------------------------------------

def _objective(state: TarotTableState, seat: int) -> Callable[[Table], float]:
    """What a finished deal is worth to the seat (see the module's doc)."""
    mine = state.side(seat)
    if state.table.partnerships(state.players):
        target = 56
        tontine = state.ruleset == "tontine"

        def partners(t: Table) -> float:
            points = t.side_points()
            diff = points[mine] - points[1 - mine]
            if tontine:
                return (diff if max(points) >= target else 0) + 0.1 * diff
            return float(diff)

        return partners
    scores = list(state.scores)
    n = state.players

    def alone(t: Table) -> float:
        points = t.side_points()
        totals = [scores[s] + points[s] for s in range(n)]
        others = [totals[s] for s in range(n) if s != seat]
        return totals[seat] - LEADER_WEIGHT * max(others) - (1 - LEADER_WEIGHT) * sum(others) / len(others)

    return alone


def _search(state: TarotTableState, seat: int, rng: random.Random, moves: Sequence[Move],
            costs: Sequence[float] | None = None, prior: Callable[[Table], list[float]] | None = None,
            shortlist: bool = False, trace: bool = False) -> Weighing:
    """The move with the best total over deals of the unseen cards (ties to the lowest cost),
    with ``PRIOR`` times the ``prior`` worth of each at once (the quick policy's, over a few
    deals). With ``shortlist`` only the ``SHORTLIST`` moves it rates best are played out. The
    moves are played out on shared deals in rounds, the worse half dropped after each round, so
    that the budget goes to telling the best apart. ``trace`` counts who takes the trick in play
    after each move on each deal (the quick policy playing it out), which the choice ignores."""
    knowledge = Knowledge(state, seat)
    value = _objective(state, seat)
    tie = list(costs) if costs is not None else [float(i) for i in range(len(moves))]
    alive = list(range(len(moves)))
    worth = [0.0] * len(moves)
    if prior is not None:
        for _ in range(SHORTLIST_DEALS):
            for i, v in enumerate(prior(knowledge.table(rng))):
                worth[i] += v / SHORTLIST_DEALS
    if shortlist:
        alive.sort(key=lambda i: (-worth[i], tie[i]))
        alive = sorted(alive[:SHORTLIST])
    considered = list(alive)
    cards_left = (sum(int(s["count"]) for s in knowledge.view["seats"]) + len(state.trick.plays)) * WORK[
        state.ruleset]

    def play_out(t: Table) -> float:
        sim.rollout(t)
        return value(t)

    playout = determinize.PlayOut(sim.Solver(state.side(seat), value),
                                  lambda t: sim.tree_size(t, EXACT_TREE) <= EXACT_TREE, NODE_COST, play_out, cards_left)
    totals = [0.0] * len(moves)
    taken = {i: [0] * state.players for i in alive} if trace else {}
    last: dict[int, float] = {}
    dealt: dict[int, int] = {}
    rounds = _rounds(len(alive))
    seen = 0
    for round_no in range(rounds):
        share = BUDGET / rounds
        playout.work = 0.0
        deals = 0
        while deals < MIN_DEALS or (playout.work + len(alive) * cards_left <= share and deals < MAX_DEALS):
            table = knowledge.table(rng)
            deals += 1
            for i in alive:
                child = table.copy()
                moves[i](child)
                if trace:
                    taken[i][sim.trick_taker(child.copy(), table.done)] += 1
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
    shown = sum(1 for c in chosen if SUIT[c] == TRUMP or c in HONOURS or sim.RANK[c] == 4)
    return (worth + (2.0 if trumps >= 4 else 0.8) * voids + 0.4 * single
            - 0.08 * sum(STR[c] - (100 if SUIT[c] == TRUMP else 0) for c in chosen) - 3.0 * shown)


def _discard(state: TarotTableState, seat: int, rng: random.Random, offered: Sequence[str], most: int,
             fixed: Sequence[str]) -> tuple[list[list[int]], Weighing]:
    """The handfuls weighed for the discard, the likeliest first, and the search among them."""
    hand = [ID[c] for c in _own_hand(state, seat)]
    groups = _discard_groups(hand, [ID[c] for c in offered], most, [ID[c] for c in fixed],
                             state.ruleset != "tontine")
    if len(groups) > 1:
        groups = groups[:DISCARD_CANDIDATES]
        return groups, _discard_weigh(state, seat, rng, hand, groups)
    return groups, Weighing(0, [0], {0: 0.0}, {0: 0}, False)


def _discard_groups(hand: list[int], pool: list[int], most: int, forced: list[int],
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
    return _discard_weigh(state, seat, rng, hand, groups).best


def _discard_weigh(state: TarotTableState, seat: int, rng: random.Random, hand: list[int],
                   groups: list[list[int]]) -> Weighing:
    """The discard whose hands played out do best, over deals of the unseen cards, the worse half
    dropped after each round as in ``_search``: a dealer discards once a hand, so it is given a
    budget of its own (``DISCARD_BUDGET``), enough to tell apart handfuls a few points apart."""
    knowledge = Knowledge(state, seat)
    value = _objective(state, seat)
    n = state.players
    length = (len(hand) - len(groups[0])) * n
    sides = [state.side(s) for s in range(n)]
    alive = list(range(len(groups)))
    totals = [0.0] * len(groups)
    dealt = [0] * len(groups)
    order = [float(i) for i in range(len(groups))]  # ties to the likelier handful
    rounds = _rounds(len(alive))
    for round_no in range(rounds):
        deals = max(MIN_DEALS, min(DISCARD_MAX_DEALS, DISCARD_BUDGET // rounds // (len(alive) * length)))
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
                t.disc = sim.mask(group)
                sim.rollout(t)
                totals[i] += value(t)
                dealt[i] += 1
        if round_no < rounds - 1:
            alive = _better_half(alive, totals, order)
    best = max(alive, key=lambda i: (totals[i], -i))
    return Weighing(best, list(range(len(groups))), {i: totals[i] / max(1, dealt[i]) for i in range(len(groups))},
                    {i: dealt[i] for i in range(len(groups))}, False)
