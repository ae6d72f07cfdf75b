"""Fan Tan's computer player.

It never passes while it can play, so it does not cheat in honour mode either: it only ever
chooses among its plays. With one play it makes it; with several it weighs them with a quick
heuristic, then checks the heuristic's choice by playing the hand out in its head.

**The heuristic.** A card placed at the end of a row frees the cards beyond it, in its direction
(a 7 both ways). Each of our own cards there is one we can shed later; the others' cards up to
our first one are freed for them at once; the others' cards behind our first one stay blocked by
us. So a card scores our cards beyond it, less the gap before our first one, less a little for
the cards we still block behind it; a card with none of ours beyond (a pure gift to the others)
scores badly and is kept back to block. This opens the 7s whose followers we hold and the rows
where our long suits lie first.

**Play-outs.** The cards it cannot see are dealt at random to the other players, as many as each
holds and consistent with what the table has shown (below); from each candidate play the hand is
then played to its end with fast stand-ins for every player. Every candidate is tried on the
same deals with the same dice, so the comparison is fair. The heuristic's favourite stands
unless another play wins clearly more of those deals (by more than the luck of so few deals:
noise would otherwise make it worse, not better). The number of deals comes from a fixed amount
of work (deals x plays x cards left), so a decision takes a bounded time, and it depends only on
the position and the ``rng`` it is given. Our own stand-in plays the heuristic; another player's
plays it in half the deals and a random playable card in the others (with the card's partners:
all one's 7s, or both ends of a row) — except a player read as mechanical, below.

**What the table shows**, the only things it reads: its own hand, the rows, the card counts and
this hand's public moves; never another hand. In strict play a pass proves the passer held none
of the cards playable then. And a player whose every play so far was the first playable card in
table order (as a player pressing the first button does) may be playing that way: then each play
also says it held none of the playable cards before it in that order. The belief in that reading
grows each time a card it passed over turns up in another hand, and dies when it plays one of
them itself or lays down two cards at once; in that share of the deals it is dealt and played as
such a player.

**Teaching.** :func:`explain` says why, from the same decision (:func:`_decide`): what the play
frees of the seat's own cards (the heuristic's terms), then the play it holds back, or the
play-outs that overruled the heuristic. :func:`choose_easy` is a beginner's rule of thumb: the
play with the most of its own cards beyond it, near or far, with no play-outs. The Hard computer
(:mod:`.hard`) builds on these pieces.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Literal, NamedTuple

from games.core import cards, decks
from games.core.actions import Action
from games.core.bitsets import bits

from .rules import SEVEN, SUITS, FanTanState, Pass, Play, card_of

# A set of cards is an int, bit i for suit SUITS[i // 13] and rank i % 13 + 1: bit order is the
# table's card order, so a hand's lowest playable bit is its first playable card.
TOKENS: tuple[str, ...] = tuple(card_of(v, s) for s in SUITS for v in range(1, 14))
BIT: dict[str, int] = {t: 1 << i for i, t in enumerate(TOKENS)}
FULL = (1 << 52) - 1


def _bit(suit: int, value: int) -> int:
    return 1 << (suit * 13 + value - 1)


def _ranks(suit: int, values: range) -> int:
    return sum(_bit(suit, v) for v in values)


SEVENS = sum(_bit(s, SEVEN) for s in range(4))
# For each card: what placing it makes playable, the cards beyond it upward and downward (a 7
# has both), and its suit.
OPENS: tuple[int, ...] = tuple(
    _bit(s, 6) | _bit(s, 8) if v == SEVEN else _bit(s, v - 1) if 1 < v < SEVEN else _bit(s, v + 1) if SEVEN < v < 13
    else 0 for s in range(4) for v in range(1, 14))
UP: tuple[int, ...] = tuple(_ranks(s, range(v + 1, 14)) if v >= SEVEN else 0 for s in range(4) for v in range(1, 14))
DOWN: tuple[int, ...] = tuple(_ranks(s, range(1, v)) if v <= SEVEN else 0 for s in range(4) for v in range(1, 14))
SUIT: tuple[int, ...] = tuple(_ranks(s, range(1, 14)) for s in range(4) for _ in range(13))

MINE, GAP, BEHIND = 3.0, 1.0, 0.6  # the heuristic's weights (tuned in play-outs against fixed players)
WORK = 18_000  # budget per decision: deals x (candidate plays + 1, for the deal) x cards left in all hands
MIN_DEALS, MAX_DEALS = 12, 200
MAX_CANDIDATES = 6  # many 7s give many combinations: only the heuristic's best few are played out
PRIOR = 0.5  # belief, before any evidence, that a player plays the first card in table order
THINKING = 0.5  # the share of deals in which another player plays like our own stand-in, not at random
CONFIDENCE = 2.0  # how many standard deviations of luck a play must beat the heuristic's choice by
RANDOM, FIRST, HEURISTIC = 0, 1, 2  # how a stand-in picks its card


class Decision(NamedTuple):
    """What :func:`choose` weighed: the plays (none: it must pass), how it decided ("pass",
    "only": one play, "out": a play empties its hand, "weighed": the heuristic and play-outs),
    each play's heuristic worth, the heuristic's favourite and the chosen play (indexes into
    ``plays``), and how many deals were played out (0: none)."""

    action: Action
    plays: tuple[Play, ...]
    how: Literal["pass", "only", "out", "weighed"]
    worth: tuple[float, ...] = ()
    favourite: int = 0
    chosen: int = 0
    deals: int = 0


def choose(state: FanTanState, seat: int, rng: random.Random) -> Action:
    """The heuristic's play unless the play-outs find a clearly better one; a pass only when
    there is nothing to play."""
    return _decide(state, seat, rng).action


def _decide(state: FanTanState, seat: int, rng: random.Random) -> Decision:
    legal = state.legal_actions(seat)
    if not legal:
        raise ValueError("that seat has nothing to do now")
    plays = tuple(a for a in legal if isinstance(a, Play))
    if not plays:
        return Decision(next(a for a in legal if isinstance(a, Pass)), plays, "pass")
    if len(plays) == 1:
        return Decision(plays[0], plays, "only")
    mine = cards_mask(state.hands[seat])
    masks = [cards_mask(p.cards) for p in plays]
    if mine in masks:  # it can go out now
        return Decision(plays[masks.index(mine)], plays, "out", chosen=masks.index(mine))
    worth = tuple(heuristic(mine, m) for m in masks)
    ranked = sorted(range(len(plays)), key=lambda k: -worth[k])[:MAX_CANDIDATES]
    moves = hand_moves(state)
    counts = [len(h) for h in state.hands]
    wins = playouts(mine, table_mask(state), counts, seat, [masks[k] for k in ranked],
                    read(moves, state.players, seat, mine, state.strict), rng)
    chosen = ranked[pick(wins, [worth[k] for k in ranked])]
    return Decision(plays[chosen], plays, "weighed", worth, ranked[0], chosen, deals_for(len(ranked), counts))


def pick(wins: list[int], worth: list[float]) -> int:
    """The heuristic's favourite, unless the play-outs show another play clearly better: on the
    deals where exactly one of the two wins, it must win by more than the luck of so few deals."""
    default = max(range(len(worth)), key=lambda k: worth[k])
    best, margin = default, 0.0
    for k, won in enumerate(wins):
        better, worse = (won & ~wins[default]).bit_count(), (wins[default] & ~won).bit_count()
        edge = better - worse - CONFIDENCE * (better + worse) ** 0.5
        if edge > margin:
            best, margin = k, edge
    return best


# -- sets of cards -------------------------------------------------------------------------------
def cards_mask(tokens: Sequence[str]) -> int:
    m = 0
    for t in tokens:
        m |= BIT[t]
    return m


def table_mask(state: FanTanState) -> int:
    return sum(_ranks(s, range(r[0], r[1] + 1)) for s, r in enumerate(state.runs) if r is not None)


def frontier_of(table: int) -> int:
    """The cards playable next to ``table``: each suit's 7, or the cards at both ends of its row."""
    f = 0
    for s in range(4):
        row = table & SUIT[s * 13]
        if not row:
            f |= _bit(s, SEVEN)
        else:
            f |= ((row >> 1) | (row << 1)) & SUIT[s * 13] & ~row
    return f


def placed(frontier: int, play: int) -> int:
    """The frontier after ``play`` goes down."""
    frontier &= ~play
    while play:
        low = play & -play
        play ^= low
        frontier |= OPENS[low.bit_length() - 1]
    return frontier


# -- the heuristic -------------------------------------------------------------------------------
def worth(hand: int, i: int) -> float:
    """How good placing card ``i`` from ``hand`` is (see the module's docstring)."""
    score = 0.0
    up = UP[i]
    if up:
        x = hand & up
        if x:
            gap, ours = (x & -x).bit_length() - 2 - i, x.bit_count()
            score += MINE * ours - GAP * gap - BEHIND * (up.bit_count() - ours - gap)
        else:
            score -= GAP * up.bit_count()
    down = DOWN[i]
    if down:
        x = hand & down
        if x:
            gap, ours = i - x.bit_length(), x.bit_count()
            score += MINE * ours - GAP * gap - BEHIND * (down.bit_count() - ours - gap)
        else:
            score -= GAP * down.bit_count()
    return score


def heuristic(hand: int, play: int) -> float:
    return sum(worth(hand, i) for i in bits(play))


# -- reading the table -----------------------------------------------------------------------------
def hand_moves(state: FanTanState) -> list[tuple[int, int]]:
    """This hand's public moves as (seat, cards played; 0 for a pass), or [] if the history
    does not read as this hand (then nothing is inferred)."""
    history = state.history
    on_table = sum(r[1] - r[0] + 1 for r in state.runs if r is not None)
    i, seen = len(history), 0
    while seen < on_table and i > 0:  # this hand's plays are the last ones, as many cards as are down
        i -= 1
        token = history[i][1]
        if token.startswith("play:"):
            seen += token.count(",") + 1
    if seen != on_table:
        return []
    first = history[i][0] if on_table else state.turn
    start = i - (first - state.dealer - 1) % state.players  # the passes before the first play
    if start < 0 or any(token != "pass" for _, token in history[start:i]):
        return []
    return [(seat, 0 if token == "pass" else cards_mask(token[5:].split(","))) for seat, token in history[start:]]


def read(moves: list[tuple[int, int]], players: int, me: int, mine: int,
         strict: bool) -> tuple[list[int], list[int], list[float]]:
    """From this hand's public moves: the cards each player surely lacks (its passes, in strict
    play); the cards it lacks if it plays the first playable card in table order; and how likely
    it is to play that way."""
    lacks = [0] * players
    passed_over = [0] * players
    consistent = [s != me for s in range(players)]
    odds = [PRIOR / (1 - PRIOR)] * players
    # A card one player passed over turning up in another's hand: how much likelier under the
    # reading (where it never was in the first one's hand) than under a blind deal.
    evidence = (players - 1) / (players - 2) if players > 2 else 2.0
    for seat, play in moves:  # our own cards were never in anyone else's hand: no evidence
        if seat == me:
            mine |= play
    frontier = SEVENS
    for seat, play in moves:
        if not play:
            if strict:  # in honour mode a pass may be a cheat, so it proves nothing
                lacks[seat] |= frontier
            continue
        if seat != me:
            for other in range(players):
                turned_up = play & passed_over[other]
                if turned_up and consistent[other] and other != seat:
                    odds[other] *= evidence ** turned_up.bit_count()
            if play & (play - 1) or play & passed_over[seat]:
                consistent[seat] = False
            else:
                passed_over[seat] |= frontier & (play - 1) & ~mine
        frontier = placed(frontier, play)
    belief = [o / (1 + o) if c else 0.0 for o, c in zip(odds, consistent, strict=True)]
    return lacks, passed_over, belief


# -- play-outs -------------------------------------------------------------------------------------
def deal(unseen: int, counts: list[int], me: int, lacks: list[int], rng: random.Random) -> list[int]:
    """The unseen cards dealt to the others, ``counts[s]`` each, none to a player known to lack
    it (the cards some player lacks go first, each to a player with room, weighted by room).
    If chance cannot meet the constraints in a few tries, they are dropped."""
    n = len(counts)
    others = [s for s in range(n) if s != me and counts[s]]
    lacked = 0
    for s in others:
        lacked |= lacks[s]
    tight, loose = bits(unseen & lacked), bits(unseen & ~lacked)
    for _attempt in range(4):
        hands, room = [0] * n, list(counts)
        room[me] = 0
        rng.shuffle(tight)
        for i in tight:
            b = 1 << i
            seats = [s for s in others if room[s] and not lacks[s] & b]
            if not seats:
                break
            point = rng.random() * sum(room[s] for s in seats)
            for s in seats:
                point -= room[s]
                if point < 0:
                    break
            hands[s] |= b
            room[s] -= 1
        else:
            break
    else:
        hands, room, loose = [0] * n, list(counts), bits(unseen)
        room[me] = 0
    rng.shuffle(loose)
    k = 0
    for s in others:
        for i in loose[k:k + room[s]]:
            hands[s] |= 1 << i
        k += room[s]
    return hands


def deals_for(candidates: int, counts: list[int]) -> int:
    """How many deals the play-outs of so many candidate plays make (see WORK)."""
    return max(MIN_DEALS, min(MAX_DEALS, WORK // ((candidates + 1) * sum(counts))))


def playouts(mine: int, table: int, counts: list[int], me: int, candidates: list[int],
             reading: tuple[list[int], list[int], list[float]], rng: random.Random) -> list[int]:
    """Which of the same random deals each candidate play goes on to win (bit d: deal d)."""
    lacks, passed_over, belief = reading
    n = len(counts)
    frontier = frontier_of(table)
    unseen = FULL & ~mine & ~table
    deals = deals_for(len(candidates), counts)
    wins = [0] * len(candidates)
    after = [placed(frontier, m) for m in candidates]
    for d in range(deals):
        styles = [FIRST if rng.random() < p else HEURISTIC if rng.random() < THINKING else RANDOM
                  for p in belief]
        styles[me] = HEURISTIC
        hands = deal(unseen, counts, me, [a | (p if style == FIRST else 0) for a, p, style in
                                          zip(lacks, passed_over, styles, strict=True)], rng)
        seed = rng.getrandbits(32)
        for k, play in enumerate(candidates):
            hands[me] = mine & ~play
            wins[k] |= playout(list(hands), after[k], (me + 1) % n, me, styles, random.Random(seed)) << d
    return wins


def playout(hands: list[int], frontier: int, turn: int, me: int, styles: list[int], rng: random.Random) -> int:
    """Play the hand out (``hands`` is used up): 1 if ``me`` goes out first, else 0."""
    n = len(hands)
    rand = rng.random
    while True:
        hand = hands[turn]
        can = hand & frontier
        if can:
            style = styles[turn]
            if not can & (can - 1):
                play = can
            elif style == HEURISTIC:
                best, top = 0, -1e9
                for i in bits(can):
                    score = worth(hand, i)
                    if score > top:
                        best, top = i, score
                play = 1 << best
            elif style == FIRST:
                play = can & -can
            else:
                for _ in range(int(rand() * can.bit_count())):
                    can &= can - 1
                play = can & -can
            if style != FIRST:  # the partners go down with it: all one's 7s, or both ends
                play |= hand & SEVENS if play & SEVENS else hand & frontier & SUIT[play.bit_length() - 1]
            hand &= ~play
            hands[turn] = hand
            if not hand:
                return 1 if turn == me else 0
            frontier = placed(frontier, play)
        turn += 1
        if turn == n:
            turn = 0


# -- the Easy computer -----------------------------------------------------------------------------
def choose_easy(state: FanTanState, seat: int, rng: random.Random) -> Action:
    """A beginner's rule of thumb: go out when it can; else lay the play with the most of its own
    cards of the same suit beyond it (a 7: the rest of its suit it holds), at random among the
    best, whether they are near or far and whatever it frees for the others on the way. No
    play-outs and no reading of the table; a pass only with nothing to play."""
    plays = state.plays(seat)
    if not plays:
        return Pass()
    mine = cards_mask(state.hands[seat])
    out = [p for p in plays if cards_mask(p.cards) == mine]
    if out:
        return out[0]
    beyond = [sum(((UP[i] | DOWN[i]) & mine).bit_count() for i in bits(cards_mask(p.cards))) for p in plays]
    most = max(beyond)
    return rng.choice([p for p, n in zip(plays, beyond, strict=True) if n == most])


# -- the reasons -----------------------------------------------------------------------------------
NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
LISTED = 3  # cards named in a list before "and N more"


class Reach(NamedTuple):
    """What placing one card frees in one direction, as the heuristic counts it: our cards
    beyond it (nearest first), the others' cards before our first one (``gap``; all of them
    when we hold none) and the others' cards behind our first one."""

    suit: int
    ours: tuple[int, ...]
    gap: int
    behind: int


def reaches(hand: int, i: int) -> list[Reach]:
    """Card ``i``'s reach upward and downward (a 7 has both), from ``hand`` alone."""
    found = []
    for beyond, nearest_first in ((UP[i], bits(UP[i])), (DOWN[i], bits(DOWN[i])[::-1])):
        if not beyond:
            continue
        ours = tuple(b for b in nearest_first if hand >> b & 1)
        gap = nearest_first.index(ours[0]) if ours else len(nearest_first)
        found.append(Reach(i // 13, ours, gap, len(nearest_first) - len(ours) - gap))
    return found


def _short(i: int) -> str:
    return cards.short(TOKENS[i])


def _listed(items: Sequence[str]) -> str:
    if len(items) > LISTED:
        return f"{', '.join(items[:LISTED])} and {len(items) - LISTED} more"
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _suit(s: int) -> str:
    return cards.SUIT_NAMES["standard"][SUITS[s]]


def _count(n: int) -> str:
    return NUMBERS[n] if n < len(NUMBERS) else str(n)


def _cards(tokens: Sequence[str]) -> str:
    return _listed([cards.short(t) for t in tokens])


def _frees(reach: Reach) -> str:
    """One direction of a non-7 card, in words: "Frees your 8♦ and 9♦", "Leads to your J♦,
    after two of the others' diamonds", "Frees none of your cards, only two of the others' hearts"."""
    if not reach.ours:
        return f"Frees none of your cards, only {_count(reach.gap)} of the others' {_suit(reach.suit)}"
    if reach.gap:
        return f"Leads to your {_listed([_short(i) for i in reach.ours])}, after {_count(reach.gap)} " \
               f"of the others' {_suit(reach.suit)}"
    step = 1 if reach.ours[-1] > reach.ours[0] else -1
    now = 1
    while now < len(reach.ours) and reach.ours[now] == reach.ours[0] + now * step:
        now += 1
    first = f"Frees your {_listed([_short(i) for i in reach.ours[:now]])}"
    later = reach.ours[now:]
    return f"{first}, then leads to your {_listed([_short(i) for i in later])}" if later else first


def effect(hand: int, play: Play) -> str:
    """What ``play`` does for ``hand``, in the heuristic's terms: the cards of ours it frees, the
    rows it opens."""
    index = [BIT[c].bit_length() - 1 for c in play.cards]
    if all(i % 13 + 1 == SEVEN for i in index):
        suits = [i // 13 for i in index]
        ours = sum(len(r.ours) for i in index for r in reaches(hand, i))
        if len(suits) == 1:
            return (f"Opens {_suit(suits[0])}: you hold {_count(ours)} more of them" if ours else
                    f"Opens {_suit(suits[0])}, where you hold no other card")
        opened = _listed([_suit(s) for s in suits])
        more = "one more card" if ours == 1 else f"{_count(ours)} more cards"
        return (f"Opens {opened}: you hold {more} of those suits" if ours else
                f"Opens {opened}, though you hold no other card of those suits")
    if len(index) == 1:
        found = reaches(hand, index[0])
        if not found:
            return f"Ends the {_suit(index[0] // 13)[:-1]} row: it frees no card for anyone"
        return _frees(found[0])
    suit = _suit(index[0] // 13)[:-1]
    near = [_short(b) for i in index for r in reaches(hand, i) if not r.gap for b in r.ours[:1]]
    return f"Lays both ends of the {suit} row at once (T-2): " + (
        f"frees your {_listed(near)}" if near else "two cards gone in one turn")


def _gift(hand: int, card: str) -> bool:
    """Whether placing ``card`` frees only the others' cards: some, and none of ours."""
    found = reaches(hand, BIT[card].bit_length() - 1)
    return bool(found) and not any(r.ours for r in found)


def _held_back(hand: int, card: str) -> str:
    suit = _suit((BIT[card].bit_length() - 1) // 13)
    if cards.rank_of(card) == "7":
        return f"Holds back {cards.short(card)}: it would open {suit} only for the others"
    return f"Holds back {cards.short(card)}: it would only free the others' {suit}"


def _terms(hand: int, tokens: Sequence[str]) -> tuple[float, float, float]:
    """The heuristic's three terms for these cards: our cards beyond them, the others' cards
    before our first ones (all those beyond where we hold none), the others' cards behind."""
    found = [r for c in tokens for r in reaches(hand, BIT[c].bit_length() - 1)]
    return (MINE * sum(len(r.ours) for r in found), -GAP * sum(r.gap for r in found),
            -BEHIND * sum(r.behind for r in found))


def compared(hand: int, chosen: Play, other: Play) -> str:
    """Why ``chosen`` weighs more than ``other`` in the heuristic: the term that makes most of
    the difference, naming what the other play would lay that this one does not."""
    kept = [c for c in other.cards if c not in chosen.cards]
    name = _cards(kept)
    if all(_gift(hand, c) for c in kept):
        if not all(_gift(hand, c) for c in chosen.cards):
            return _held_back(hand, kept[0]) if len(kept) == 1 else \
                f"Holds back {name}: they would only free the others' cards"
        return f"Holds back {name}: {'they' if len(kept) > 1 else 'it'} would free more of the others' cards"
    if set(chosen.cards) <= set(other.cards):  # the other play is this one and more: what the more costs
        found = [r for c in kept for r in reaches(hand, BIT[c].bit_length() - 1)]
        gap, yours = sum(r.gap for r in found), [_short(i) for r in found for i in r.ours]
        if gap:
            return f"Keeps {name} for later: it would free {_count(gap)} of the others' cards, and only your " \
                   f"{_listed(yours)}"
        return f"Keeps {name} for later: more of the others' cards lie past yours there"
    mine = _terms(hand, [c for c in chosen.cards if c not in other.cards])
    theirs = _terms(hand, kept)
    gains = [m - t for m, t in zip(mine, theirs, strict=True)]
    term = max(range(3), key=lambda k: gains[k])
    if term == 0:
        ours, now = round(theirs[0] / MINE), round(mine[0] / MINE)
        return (f"Keeps {name} for later: this play leads on to {_count(now) if now else 'none'} of your cards, "
                f"{name} to {_count(ours) if ours else 'none'}")
    if term == 1:
        return f"Keeps {name} for later: it would free more of the others' cards before yours"
    return f"Keeps {name} for later: more of the others' cards lie past yours there"


def explain(state: FanTanState, seat: int, action: Action) -> tuple[str, ...]:
    """Why the computer plays ``action`` for ``seat``, from what :func:`_decide` weighed (run
    again with the generator :func:`games.core.registry.computer_move` gives it): what the play
    frees of the seat's own cards, and which other play it holds back, or the play-outs that
    overruled the heuristic. It reads only the seat's hand, the rows and the table's public
    moves, so the reasons name no card hidden from the seat."""
    decision = _decide(state, seat, decks.rng(state.seed, "default", len(state.history)))
    if not isinstance(action, Play):
        if not decision.plays:
            return ("None of your cards fits next to a row, so you pass",)
        return ("A pass while a card fits is fined if found out (T-3): the computer never does it",
                f"It would play {_cards(decision.plays[decision.chosen].cards)}")
    play = next((p for p in decision.plays if p.token == action.token), None)
    if play is None:
        raise ValueError(f"{action.token} is not a play {seat} may make now")
    hand = cards_mask(state.hands[seat])
    if cards_mask(play.cards) == hand:
        last = "Your last card" if len(play.cards) == 1 else "Your last cards, together (T-2)"
        return (f"{last}: you go out and take the pot of {state.pot} chips",)
    said = effect(hand, play)
    if decision.how == "only":
        return ("Your only play that fits now", said)
    if play != decision.action:
        return (said, f"The computer would rather play {_cards(decision.plays[decision.chosen].cards)}")
    favourite = decision.plays[decision.favourite]
    if decision.chosen != decision.favourite:
        return (said, f"Played out {decision.deals} ways, this wins clearly more often than "
                      f"{_cards(favourite.cards)}")
    others = [k for k, p in enumerate(decision.plays) if k != decision.chosen and not set(p.cards) <= set(play.cards)]
    if not others:  # every other play is part of this one
        return (said, f"{_count(len(play.cards)).capitalize()} of your cards go in one turn, not one")
    gifts = [k for k in others if len(decision.plays[k].cards) == 1 and _gift(hand, decision.plays[k].cards[0])]
    if gifts and not all(_gift(hand, c) for c in play.cards):
        worst = min(gifts, key=lambda k: decision.worth[k])
        return (said, _held_back(hand, decision.plays[worst].cards[0]))
    runner = max(others, key=lambda k: decision.worth[k])
    return (said, compared(hand, play, decision.plays[runner]))
