"""The computer player for the two-player tarot games, Manchester Piccadilly and Manchester
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
  (``manchester_ai_sim.greedy``), or solved exactly once few cards are left; the card with
  the best total margin over the deals is played.
- **The three discards** (and Truffle's three laid aside): the likeliest handfuls by a quick
  estimate (points made safe, suits voided) are each played out on the same deals, the other
  player discarding their most valuable free cards.
- **The Piccadilly hand to hold**: both choices are played out against the other player's
  likely choice on each deal.

The score it plays for is the part's margin, its points less the other player's (the first
part counts from the announced values, so only the difference matters; the second part
adds one a trick).

``explain`` gives a hint's reasons from the same decision (``_decide``, made again with the
draws the table gives the computer, tracing who took the trick in play after each card on each
deal): who should take the trick, what is in it, the points a discard banks and the suits it
empties, and how the closest rival came out over the rest of the part. ``choose_easy`` is the
Easy computer: the quick policy's worth of each card over two deals, no playing out; the
likeliest discard by the quick estimate, unsearched.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass

from games.core import cards, decks
from games.core.actions import Action
from games.core.base import player

from .. import determinize, pack
from ..moves import CardsMove
from . import simulation as sim
from .simulation import FOOL, ID, NAMES, PTS, STR, SUIT, TRUMP, Deal
from .state import ManchesterState, Refusal, refusals
from .state import choose as choose_hand

BUDGET = 6000  # card plays simulated for one decision (a rollout of a part is 20 to 52)
MIN_DEALS, MAX_DEALS = 6, 60
EXACT_TREE = 600  # the rest of a part is solved exactly on each deal when it can go this few ways
NODE_COST = 1.0  # the work of a position of the exact search, in card plays
DISCARD_CANDIDATES = 8

Key = tuple[str, int]
POS, DISCARDS, CAND, REST = "pos", "discards", "cand", "rest"


def choose(state: ManchesterState, seat: int, rng: random.Random) -> Action:
    return _decide(state, seat, rng).action


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


def _decide(state: ManchesterState, seat: int, rng: random.Random, trace: bool = False) -> Decision:
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
    best, totals, deals, taken = _card(state, seat, rng, sim.encode(legal), trace)
    return Decision(plays[best], "play", plays, tuple(t / deals for t in totals), deals, best, taken)


# -- what the seat knows ---------------------------------------------------------------------------

def _kept(card: int) -> bool:
    return SUIT[card] == TRUMP or sim.HONOUR[card] or sim.KING[card]


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
    return [sim.DUMMY if state.owner(p) < 0 else state.owner(p) for p in range(positions)]


def _play_deal(state: ManchesterState, dealt: dict[Key, list[int]]) -> Deal:
    """The part in play with the unseen holdings as ``dealt``."""
    hands = [list(dealt[(POS, p)]) if (POS, p) in dealt else sim.encode(held)
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
        sim.rollout(deal)
        return deal.margin(seat)

    playout = determinize.PlayOut(sim.Solver(seat), lambda deal: sim.tree_size(deal) <= EXACT_TREE, NODE_COST,
                                  play_out, cards_left)
    totals = [0.0] * len(legal)
    taken = [[0] * state.positions for _ in legal]
    deals = 0
    while deals < MIN_DEALS or (playout.work < BUDGET and deals < MAX_DEALS):
        deal = _play_deal(state, knowledge.sample(rng))
        deals += 1
        for i, card in enumerate(legal):
            if trace:
                taken[i][sim.trick_taker(deal, card)] += 1
            child = deal.copy()
            child.play(card)
            totals[i] += playout.worth(child)
    best = max(range(len(legal)), key=lambda i: (totals[i], -sim.COSTS[1][legal[i]]))
    return best, totals, deals, tuple(tuple(t) for t in taken) if trace else ()


# -- discarding ------------------------------------------------------------------------------------

def _discard_estimate(hand: Sequence[int], chosen: Sequence[int]) -> float:
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
    hand = sim.encode(state.holdings[position])
    pool = sim.encode(offered)
    forced = sim.encode(fixed)
    groups = [list(g) for g in itertools.combinations(pool, most)]
    if len(groups) == 1:
        return [tuple(NAMES[c] for c in (*forced, *groups[0]))], [0.0], 0, 0
    groups.sort(key=lambda g: -_discard_estimate(hand, [*forced, *g]))
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
    sim.rollout(deal)
    return deal.margin(seat) + sum(PTS[c] for c in discard) - their_points


def _truffle_after_laying_aside(state: ManchesterState, seat: int, hand: list[int], aside: list[int],
                                dealt: dict[Key, list[int]]) -> float:
    hands = [[c for c in hand if c not in aside], list(dealt[(POS, 1)]), list(dealt[(POS, 2)])]  # dummy unseen
    deal = Deal(hands, _owners(state, 3), state.dealer, second=True, total=16, leader=0,
                aside=sum(PTS[c] for c in aside))
    sim.rollout(deal)
    return deal.margin(seat)


# -- choosing the Piccadilly hand ------------------------------------------------------------------

def _hand_estimate(hand: Sequence[int]) -> float:
    return sum(PTS[c] for c in hand) + 2 * sum(1 for c in hand if SUIT[c] == TRUMP)


def _choose_hand(state: ManchesterState, seat: int, rng: random.Random) -> tuple[int, list[float], int]:
    """The hand to hold (0 or 1), with each choice's total margin over the deals and how many."""
    mine = (0, 1) if seat == state.dealer else (2, 3)
    theirs = (2, 3) if seat == state.dealer else (0, 1)
    own = [sim.encode(state.candidates[i]) for i in mine]
    knowledge = Knowledge(state, seat)
    deals = _deals_for(2, 52)
    totals = [0.0, 0.0]
    for _ in range(deals):
        dealt = knowledge.sample(rng)
        other = [dealt[(CAND, i)] for i in theirs]
        pick = 0 if _hand_estimate(other[0]) >= _hand_estimate(other[1]) else 1
        their_hand, their_dummy = other[pick], other[1 - pick]
        for n in (0, 1):
            held, dummy = own[n], own[1 - n]
            by_seat = {seat: (held, dummy), 1 - seat: (their_hand, their_dummy)}
            d, o = by_seat[state.dealer], by_seat[1 - state.dealer]
            hands = [list(d[0]), list(o[0]), list(d[1]), list(o[1])]
            owners = [state.dealer, 1 - state.dealer, state.dealer, 1 - state.dealer]
            deal = Deal(hands, owners, state.dealer, second=True, total=13, leader=0)
            sim.rollout(deal)
            totals[n] += deal.margin(seat)
    return (0 if totals[0] >= totals[1] else 1), totals, deals



# -- the Easy computer ------------------------------------------------------------------------------

EASY_DEALS = 2  # deals of the unseen cards the Easy computer glances at, with no playing out


def choose_easy(state: ManchesterState, seat: int, rng: random.Random) -> Action:
    """A beginner's play, one trick ahead and no further: each card that may go is worth what the
    quick policy makes of the trick at once (take it when it is worth taking and can be held,
    else throw a cheap card), over a couple of deals of the unseen cards, with no playing out;
    the likeliest discard (or cards laid aside) by the quick estimate, unsearched; the Piccadilly
    hand with more points and trumps held, the other its dummy."""
    if state.phase == "choose":
        mine = (0, 1) if seat == state.dealer else (2, 3)
        worth = [_hand_estimate(sim.encode(state.candidates[i])) for i in mine]
        return choose_hand(0 if worth[0] >= worth[1] else 1)
    if state.phase in ("discard", "discard2"):
        pick = state.pick(seat)
        assert pick is not None
        hand = sim.encode(state.holdings[state.position_of(seat)])
        forced = sim.encode(pick.fixed)
        group = max(itertools.combinations(sim.encode(pick.cards), pick.most),
                    key=lambda g: _discard_estimate(hand, [*forced, *g]))
        return CardsMove("discard", tuple(NAMES[c] for c in (*forced, *group)))
    position = state.to_play
    assert position is not None
    legal = state.playable(position)
    if len(legal) == 1:
        return CardsMove("play", legal)
    ids = sim.encode(legal)
    knowledge = Knowledge(state, seat)
    values = [0.0] * len(ids)
    for _ in range(EASY_DEALS):
        deal = _play_deal(state, knowledge.sample(rng))
        for i, value in enumerate(sim.card_values(deal, position, ids)):
            values[i] += value
    best = max(range(len(ids)), key=lambda i: (values[i], -sim.COSTS[1][ids[i]]))
    return CardsMove("play", (legal[best],))


# -- the reasons ------------------------------------------------------------------------------------

LIKELY = 0.7  # the share of the deals tried that makes a trick's taker likely (and at most 1 - LIKELY unlikely)


def explain(state: ManchesterState, seat: int, action: Action) -> tuple[str, ...]:
    """Why the computer plays ``action`` for ``seat``: its decision made again, with the draws
    ``registry.computer_move`` gives it, from the seat's view alone (the deals it tried are of
    the cards the seat cannot see), telling what it weighed: who took the trick after the card
    on those deals, the points a discard banks, and how the closest rival came out."""
    decision = _decide(state, seat, decks.rng(state.seed, "default", len(state.history)), trace=True)
    index = next((i for i, move in enumerate(decision.moves) if _same(move, action)), None)
    if index is None:
        if decision.kind in ("discard", "aside"):
            return (f"It looked weaker than {_label(decision.moves[decision.best])} at a first glance, "
                    "so it was not played out",)
        return ("It is not a move the rules allow now",)
    if decision.kind == "only":
        return _only_reasons(state, seat)
    if decision.kind == "choose":
        return _choose_reasons(state, seat, decision, index)
    if decision.kind in ("discard", "aside"):
        return _discard_reasons(state, seat, decision, index)
    return _play_reasons(state, seat, decision, index)


def _same(move: Action, action: Action) -> bool:
    if isinstance(move, CardsMove) and isinstance(action, CardsMove):
        return move.verb == action.verb and sorted(move.cards) == sorted(action.cards)
    return move.token == action.token


def _label(move: Action) -> str:
    if isinstance(move, CardsMove):
        return " ".join("the Fool" if c == pack.FOOL else cards.short(c, "tarot") for c in move.cards)
    return f"hand {'AB'[int(move.token.partition(':')[2])]}"


def _points(n: float) -> str:
    n = round(n)
    return f"{n} point" if n == 1 else f"{n} points"


def _part(state: ManchesterState) -> str:
    if state.phase in ("discard", "play1"):
        return "Manchester"
    return "Truffle" if state.truffle else "Piccadilly"


def _comparison(state: ManchesterState, decision: Decision, index: int, instead: str = "") -> tuple[str, ...]:
    """How the move compares with its closest rival in the search, over the rest of the part."""
    score = decision.score
    others = [i for i in range(len(score)) if i != index]
    if not others:
        return ()
    over = f"over the {'rest of the ' if state.phase in ('play1', 'play2') else ''}{_part(state)} part"
    if index != decision.best:
        diff = score[decision.best] - score[index]
        return (f"{instead}{_label(decision.moves[decision.best])} came out about {_points(diff)} better {over}",)
    rival = max(others, key=lambda i: score[i])
    diff = score[index] - score[rival]
    if diff < 0.75:
        return (f"{instead}{_label(decision.moves[rival])} came out about as well {over}: this one edged it",)
    return (f"{instead}{_label(decision.moves[rival])} came out about {_points(diff)} worse {over}",)


def _card_words(card: str) -> str:
    """A card in a sentence: "the King of cups", "T21", "the Fool"."""
    if pack.is_trump(card):
        return cards.short(card, "tarot")
    return cards.name(card, "tarot") if card == pack.FOOL else f"the {cards.name(card, 'tarot')}"


def _play_reasons(state: ManchesterState, seat: int, decision: Decision, index: int) -> tuple[str, ...]:
    """A card: who took the trick after it on the deals tried (certain when it is the trick's last
    card), and how its closest rival came out over the rest of the part."""
    position = state.to_play
    assert position is not None
    move = decision.moves[index]
    assert isinstance(move, CardsMove)
    card = move.cards[0]
    name = cards.short(card, "tarot")
    where = state.whose(position, seat)
    if where != "your hand":
        name += f" from {where}"
    taken, n = decision.taken[index], decision.deals
    last = len(state.trick.plays) == state.positions - 1  # the trick's last card: its taker is certain
    mine = [p for p in range(state.positions) if state.owner(p) == seat]
    ours = sum(taken[p] for p in mine)
    dummy = sum(taken[p] for p in range(state.positions) if state.owner(p) < 0)
    worth = pack.points(card)
    if card == pack.FOOL:
        if state.phase == "play2" and len(state.holdings[position]) <= 2:
            first = "Plays the Fool now: on the last trick of this part it would be lost (K-6)"
        else:
            first = "Your Fool excuses you from this trick: it comes back to you for a cheap card (K-3)"
    elif taken[position] >= LIKELY * n and state.owner(position) == seat:
        first = _winning(state, name, taken[position], n, last)
    elif ours >= LIKELY * n:
        other = max((p for p in mine if p != position), key=lambda p: taken[p])
        who = state.whose(other, seat)
        who = who[0].upper() + who[1:]
        verb = "takes" if last else "should take"
        first = (f"{who} {verb} this trick, so {name} adds {_points(worth)} to it" if worth > 1 else
                 f"{who} {verb} this trick: {name} keeps your stronger cards for later")
    elif dummy >= LIKELY * n:
        first = f"The dummy {'takes' if last else 'should take'} this trick: its points, {name} too, go to nobody"
    elif ours <= (1 - LIKELY) * n:
        first = _losing(state, seat, name, worth)
    else:
        first = f"A fair chance: {name} won the trick for you in {ours} of {n} deals of the unseen cards"
    return (first, *_comparison(state, decision, index, "Playing "))


def _winning(state: ManchesterState, name: str, won: int, n: int, last: bool) -> str:
    """A card that takes the trick: what is in it, or how often it took it on the deals tried."""
    if not last:
        if not state.trick.plays:
            return f"Leads {name}: it took the trick in {won} of {n} deals of the unseen cards"
        return f"{name} should win this trick: it did in {won} of {n} deals of the unseen cards"
    top = max((c for c in state.trick.cards if c != pack.FOOL), key=pack.points, default=None)
    if top is not None and pack.points(top) > 1:
        return f"Wins the trick with {name}: {_card_words(top)} is worth {pack.points(top)}"
    bonus = ", and a point for the trick" if state.phase == "play2" else ""
    return f"Wins the trick with {name}{bonus}"


def _losing(state: ManchesterState, seat: int, name: str, worth: int) -> str:
    """A card that lets the trick go: a cheap lead, or a duck."""
    if not state.trick.plays:
        return (f"A cheap lead: {name} gives away little if the trick is lost" if worth <= 1 else
                f"{name} may not win this lead, but it did best over the rest of the part")
    gives = "gives just 1 point" if worth == 1 else f"gives {_points(worth)}"
    position = state.to_play
    assert position is not None
    if len(state.trick.plays) == state.positions - 1:
        hand = state.holdings[position]
        ok = [c for c in hand if c not in refusals(hand, state.trick)]
        if not any(pack.winner(state.trick.add(position, c)) == position for c in ok if c != pack.FOOL):
            return f"Ducks with {name}: nothing you may play wins it, and it {gives}"
        return f"Ducks with {name}: this trick is not worth a card you need later"
    return f"Ducks with {name}: {player(1 - seat)} should take this trick anyway, and it {gives}"


_STRICTEST: tuple[Refusal, ...] = ("beat", "trump", "follow")


def _only_reasons(state: ManchesterState, seat: int) -> tuple[str, ...]:
    """A single legal move: the rule that leaves it alone."""
    if state.phase in ("discard", "discard2"):
        return ("The only three cards the rules let you put down",)
    position = state.to_play
    assert position is not None
    refused = refusals(state.holdings[position], state.trick)
    if not refused:
        where = state.whose(position, seat)
        return (f"The last card in {where}",)
    kind = min(refused.values(), key=_STRICTEST.index)
    return ("The only card that may go now", state.refusal_text(seat, position, kind))


def _discard_reasons(state: ManchesterState, seat: int, decision: Decision, index: int) -> tuple[str, ...]:
    """A discard: the points it banks and the suits it empties; Truffle's cards laid aside: the
    points they bring if a trick is won; and how the closest rival handful came out."""
    move = decision.moves[index]
    assert isinstance(move, CardsMove)
    chosen = pack.ORDER.sort(move.cards)
    shown = " ".join(cards.short(c, "tarot") for c in chosen)
    worth = _points(pack.total(chosen))
    if decision.kind == "aside":
        first = f"Lays aside {shown}: {worth}, yours if you take a trick this part"
    else:
        hand = state.holdings[state.position_of(seat)]
        kept = [c for c in hand if c not in chosen]
        suits = {pack.suit(c) for c in hand} - {pack.suit(c) for c in kept} - {pack.TRUMP, pack.FOOL}
        emptied = " and ".join(cards.SUIT_NAMES["tarot"][s] for s in cards.TAROT_SUITS if s in suits)
        # (the cards follow the pile, not the suit emptied: they need not all be of it)
        first = f"Puts {worth} safe on your pile: {shown}" + (f"; that empties your {emptied}" if emptied else "")
    instead = "Laying aside " if decision.kind == "aside" else "Discarding "
    return (first, *_comparison(state, decision, index, instead))


def _choose_reasons(state: ManchesterState, seat: int, decision: Decision, index: int) -> tuple[str, ...]:
    """The Piccadilly hand: what the hand held has, and how holding the other came out."""
    mine = (0, 1) if seat == state.dealer else (2, 3)
    held, dummy = state.candidates[mine[index]], "AB"[1 - index]
    trumps = sum(1 for c in held if pack.is_trump(c))
    first = (f"Holds hand {'AB'[index]} ({trumps} trumps, {_points(pack.total(held))}) and makes hand {dummy} "
             "your dummy")
    return (first, *_comparison(state, decision, index, "Holding "))
