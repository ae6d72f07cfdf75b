"""Fosco's computer player.

Fosco is a game of perfect information, so the player searches: alpha-beta through the rest of
the current count, up to the capture, each side trying to make the pile its own. A pile is worth
the suit weights of its cards (what a card adds to the difference between the sides' deal
scores), plus the weight again for a capture that takes a side to its seventh card of a suit,
where the scoring starts. A node budget keeps every move well under the time a player notices.

The search also keeps, for each card it weighs, where best play ends the count (its cards, who
takes them, the count at the end): that is what :func:`explain` puts in words. The Easy player
(:func:`choose_easy`) does not search: it takes a pile when one card ends the count at once, and
otherwise plays the card that keeps the count lowest.

The Hard player (:func:`choose_hard`, issue 50) removes Normal's horizon. Normal stops at the end
of the current count (with a small bonus for the next lead), and its node budget is shared by the
cards in the order it weighs them, so the last ones are often cut short. Hard gives every card its
own share for that first pass, then deepens: each pass looks one more count ahead (the next
leads, the piles taken, and each side's cards of a suit as they stand by then, so the
seventh-card bonus is right counts ahead), until the deal's end or until the node budget
(:data:`HARD_BUDGET`) runs out mid-pass; the last complete pass decides. Searching is all it needs:
Fosco hides no card (F-1), so there is nothing to infer, and the deal's end is solved exactly.
Measured head to head against Normal (bench.seat_strength's games, seats alternating): two players
212/230 = 92.2 % (95 % 88.0-95.0); four, a Hard partnership 186/200 = 93.0 % (88.6-95.8). Tried: nothing else
needed, the first version cleared the goal by far; the budget was cut from 40,000 to 15,000 nodes
to keep moves quick on a loaded machine.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from games.core import cards
from games.core.actions import Action
from games.core.base import player

from . import counting
from .counting import LIMIT, SUIT_WEIGHT, Effect
from .rules import FoscoState, Play, side_of

NODE_BUDGET = 2500
LEAD_BONUS = 0.25  # leading the next count is a small edge: the leader picks the suit's pace
KEEP = 0.01  # among equal cards, keep heavy suits for later: this much less per unit of suit weight
SAME = 1e-9


class _Line(NamedTuple):
    """Where best play takes a count: its cards, the seat that plays the last one (and takes
    them), and the count at the end."""

    pile: tuple[str, ...]
    taker: int
    end: int


def pile_worth(pile: list[str], held: dict[str, int]) -> tuple[float, dict[str, int]]:
    """What a pile is worth to the side that takes it, holding ``held`` of each suit already (the
    suits' weights, and a suit's weight again for the side that reaches its seventh card), and the
    cards of each suit it gains."""
    gained: dict[str, int] = {}
    value = 0.0
    for c in pile:
        s = counting.suit(c)
        if s in SUIT_WEIGHT:
            value += SUIT_WEIGHT[s]
            gained[s] = gained.get(s, 0) + 1
    for s, n in gained.items():
        if held[s] < 7 <= held[s] + n:
            value += SUIT_WEIGHT[s]
    return value, gained


class _Search:
    def __init__(self, state: FoscoState, me: int, trace: bool = False) -> None:
        self.players = state.players
        self.rules = state.card_rules
        self.my_side = side_of(me, state.players)
        self.nodes = 0
        self.trace = trace  # keep where each line ends (for explain; choose saves the time)
        self.leaf: _Line | None = None  # where the line the last search call settled on ends
        self.cut = False  # whether the node budget stopped a line before its count ended
        self.held = [{s: 0 for s in counting.HAND_ORDER} for _ in state.captured]
        for side, pile in enumerate(state.captured):
            for c in pile:
                s = counting.suit(c)
                if s in self.held[side]:
                    self.held[side][s] += 1

    def sevenths(self, side: int, pile: tuple[str, ...] | list[str]) -> list[str]:
        """The suits in which taking ``pile`` brings ``side`` to its seventh card, where that suit
        starts to score (the bonus :meth:`pile_value` adds), heaviest first."""
        gained: dict[str, int] = {}
        for c in pile:
            s = counting.suit(c)
            if s in SUIT_WEIGHT:
                gained[s] = gained.get(s, 0) + 1
        return sorted((s for s, n in gained.items() if self.held[side][s] < 7 <= self.held[side][s] + n),
                      key=lambda s: -SUIT_WEIGHT[s])

    def pile_value(self, pile: list[str], taker: int) -> float:
        """What capturing ``pile`` is worth to ``taker``'s side, from our side's point of view."""
        side = side_of(taker, self.players)
        value, _ = pile_worth(pile, self.held[side])
        return value if side == self.my_side else -value

    def search(self, hands: list[list[str]], pile: list[str], last: int, turn: int, count: int,
               previous: Effect | None, led: int, alpha: float, beta: float) -> float:
        self.nodes += 1
        hand = tuple(hands[turn])
        moves = counting.playable(hand, count, previous, self.rules, led) if hand else ()
        if not moves or self.nodes > NODE_BUDGET:
            if moves:
                self.cut = True
            if self.trace:
                self.leaf = _Line(tuple(pile), last, count)
            value = self.pile_value(pile, last)
            leader_side = side_of(turn, self.players)
            return value + (LEAD_BONUS if leader_side == self.my_side else -LEAD_BONUS)
        maximising = side_of(turn, self.players) == self.my_side
        best = -1e9 if maximising else 1e9
        best_leaf = None
        for card in _ordered(moves):
            effect = counting.effect_of(card, previous, self.rules)
            after = counting.after(effect, count, led)
            hands[turn].remove(card)
            pile.append(card)
            value = self.search(hands, pile, turn, (turn + 1) % self.players, after, effect, led, alpha, beta)
            pile.pop()
            hands[turn].append(card)
            if maximising:
                if value > best:
                    best, best_leaf = value, self.leaf
                alpha = max(alpha, value)
            else:
                if value < best:
                    best, best_leaf = value, self.leaf
                beta = min(beta, value)
            if alpha >= beta:
                break
        self.leaf = best_leaf
        return best


def _ordered(moves: tuple[str, ...]) -> list[str]:
    # Heavier suits first: the cards worth most are the ones worth deciding about early.
    return sorted(moves, key=lambda c: -SUIT_WEIGHT.get(counting.suit(c), 0))


class _Weighed(NamedTuple):
    """One card as the search weighed it: its value from the seat's side (the pile's worth, won
    or lost, and the next lead), its score (the value, keeping heavy cards among equals), where
    best play ends the count, and whether the node budget cut that short."""

    action: Play
    value: float
    score: float
    line: _Line
    cut: bool


def _weigh(state: FoscoState, seat: int, legal: tuple[Action, ...],
           trace: bool = False) -> tuple[list[_Weighed], _Search]:
    """Every legal card searched to the end of the count, in the order ``legal`` lists them; with
    ``trace``, each with where best play ends the count (the values are the same either way)."""
    search = _Search(state, seat, trace)
    pile = [c for _, c in state.pile]
    weighed: list[_Weighed] = []
    for action in legal:
        assert isinstance(action, Play)
        card = action.card
        hands = [list(h) for h in state.hands]
        effect, after, led = counting.step(card, state.count, state.previous, state.led, search.rules,
                                           not state.pile)
        assert after <= LIMIT
        hands[seat].remove(card)
        search.cut = False
        value = search.search(hands, pile + [card], seat, (seat + 1) % state.players, after, effect, led,
                              -1e9, 1e9)
        line = search.leaf or _Line((), seat, after)
        # Among equals, keep heavy cards for later, when the scoring is decided.
        keep = -SUIT_WEIGHT.get(counting.suit(card), 0) * KEEP
        weighed.append(_Weighed(action, value, value + keep, line, search.cut))
    return weighed, search


def choose(state: FoscoState, seat: int, rng: random.Random) -> Action:
    """The best card by search; ties broken by ``rng`` so play is varied but reproducible."""
    legal = state.legal_actions(seat)
    if not legal:
        raise ValueError("that seat has nothing to play")
    if len(legal) == 1:
        return legal[0]
    weighed, _ = _weigh(state, seat, legal)
    return max(((w.score, rng.random(), w.action) for w in weighed), key=lambda t: (t[0], t[1]))[2]


def choose_easy(state: FoscoState, seat: int, rng: random.Random) -> Action:
    """A beginner's rule of thumb, one card ahead and no further: take the pile when a card ends
    the count now, else play the card that leaves the count lowest."""
    legal = [a for a in state.legal_actions(seat) if isinstance(a, Play)]
    if not legal:
        raise ValueError("that seat has nothing to play")
    takes = [a for a in legal if state.ends_count(seat, a.card)]
    if takes:
        return rng.choice(takes)
    low = min(_count_after(state, a) for a in legal)
    return rng.choice([a for a in legal if _count_after(state, a) == low])


def _count_after(state: FoscoState, action: Play) -> int:
    if action.count_after is not None:
        return action.count_after
    return counting.step(action.card, state.count, state.previous, state.led, state.card_rules, not state.pile)[1]


# -- the Hard computer ---------------------------------------------------------------------------
HARD_BUDGET = 15_000  # search nodes per decision, over every iteration
HARD_FIRST = 4_000  # of which the first pass (to the end of this count, as Normal) may use this many
WINDOW = 0.1  # root moves within this of the best are searched exactly (values are multiples of 0.25)


class _Stop(Exception):
    """The node budget ran out in a pass that looks past the current count: its result is dropped."""


class _Deep:
    """Alpha-beta across counts: from the current card to the end of this count, then on through
    the next ``ends`` counts (each led by the seat F-3 and F-4 name), to the end of the deal at
    most. A capture is worth its suit weights to the taker's side plus the weight again for a
    side's seventh card of a suit, as for Normal, but the cards a side has taken are updated as
    the search takes piles, so the seventh-card bonus stays right counts ahead. At the horizon
    (the end of a count) the next lead is worth :data:`LEAD_BONUS`; the deal's end is exact."""

    def __init__(self, state: FoscoState, me: int) -> None:
        self.players = state.players
        self.rules = state.card_rules
        self.my_side = side_of(me, state.players)
        self.hands = [list(h) for h in state.hands]
        self.held = [{s: 0 for s in counting.HAND_ORDER} for _ in state.captured]
        for side, taken in enumerate(state.captured):
            for c in taken:
                s = counting.suit(c)
                if s in self.held[side]:
                    self.held[side][s] += 1
        self.nodes = 0
        self.limit = 0
        self.horizon = False  # whether a line stopped at the horizon, short of the deal's end
        self.hard = False  # whether running out of nodes aborts the pass (else leaves are weighed)

    def capture(self, pile: list[str], taker: int) -> tuple[float, int, dict[str, int]]:
        side = side_of(taker, self.players)
        held = self.held[side]
        value, gained = pile_worth(pile, held)
        for s, n in gained.items():
            held[s] += n
        return (value if side == self.my_side else -value), side, gained

    def release(self, side: int, gained: dict[str, int]) -> None:
        held = self.held[side]
        for s, n in gained.items():
            held[s] -= n

    def search(self, pile: list[str], last: int, turn: int, count: int, previous: Effect | None, led: int,
               ends: int, alpha: float, beta: float) -> float:
        """The value from here on (captures still to come, from my side), for ``pile`` in play,
        its last card by ``last``, ``turn`` to play."""
        self.nodes += 1
        hands = self.hands
        hand = hands[turn]
        moves = counting.playable(tuple(hand), count, previous, self.rules, led) if hand else ()
        if moves and self.nodes > self.limit:
            if self.hard:
                raise _Stop
            value, side, gained = self.capture(pile, last)  # weighed as Normal weighs a cut line
            self.release(side, gained)
            return value + (LEAD_BONUS if side_of(turn, self.players) == self.my_side else -LEAD_BONUS)
        if not moves:
            return self.count_over(pile, last, turn, ends, alpha, beta)
        maximising = side_of(turn, self.players) == self.my_side
        nxt = (turn + 1) % self.players
        leading = not pile
        for card in _ordered(moves):
            effect, after, new_led = counting.step(card, count, previous, led, self.rules, leading)
            hand.remove(card)
            pile.append(card)
            try:
                value = self.search(pile, turn, nxt, after, effect, new_led, ends, alpha, beta)
            finally:
                pile.pop()
                hand.append(card)
            if maximising:
                if value > alpha:
                    alpha = value
            elif value < beta:
                beta = value
            if alpha >= beta:
                break
        return alpha if maximising else beta

    def count_over(self, pile: list[str], last: int, stuck: int, ends: int, alpha: float, beta: float) -> float:
        value, side, gained = self.capture(pile, last)
        try:
            if not any(self.hands):
                return value
            if ends <= 0:
                self.horizon = True
                return value + (LEAD_BONUS if side_of(stuck, self.players) == self.my_side else -LEAD_BONUS)
            leader = stuck
            while not self.hands[leader]:
                leader = (leader + 1) % self.players
            return value + self.search([], leader, leader, 0, None, 0, ends - 1, alpha - value, beta - value)
        finally:
            self.release(side, gained)


def _hard_pass(deep: _Deep, state: FoscoState, seat: int, order: list[Play], ends: int,
               limit: int) -> dict[Play, float]:
    """One pass over the root moves in ``order``: each move's value, exact for those within
    :data:`WINDOW` of the best, an upper bound for the rest."""
    deep.limit = limit
    pile = [c for _, c in state.pile]
    out: dict[Play, float] = {}
    best = -1e9
    for action in order:
        card = action.card
        effect, after, led = counting.step(card, state.count, state.previous, state.led, deep.rules, not state.pile)
        deep.hands[seat].remove(card)
        pile.append(card)
        try:
            value = deep.search(pile, seat, (seat + 1) % state.players, after, effect, led, ends,
                                best - WINDOW, 1e9)
        finally:
            pile.pop()
            deep.hands[seat].append(card)
        out[action] = value
        best = max(best, value)
    return out


def choose_hard(state: FoscoState, seat: int, rng: random.Random, budget: int = HARD_BUDGET) -> Action:
    """Fosco's Hard computer: iterative deepening alpha-beta past the end of the current count.

    The first pass weighs every card to the end of this count, as Normal does but with the same
    share of nodes for each card; each later pass looks one more count ahead (the next counts'
    leads and captures, and the cards each side will have taken when it gets there), until the
    node budget runs out mid-pass; the last complete pass decides. Ties go to keeping heavy suits
    for later, then to ``rng``."""
    legal = [a for a in state.legal_actions(seat) if isinstance(a, Play)]
    if not legal:
        raise ValueError("that seat has nothing to play")
    if len(legal) == 1:
        return legal[0]
    deep = _Deep(state, seat)
    order = sorted(legal, key=lambda a: -SUIT_WEIGHT.get(counting.suit(a.card), 0))
    values: dict[Play, float] = {}
    deep.hard = False
    share = max(1, min(HARD_FIRST, budget) // len(legal))
    for action in order:  # the first pass: every card its own share of nodes, none cut by another's
        deep.nodes = 0
        values.update(_hard_pass(deep, state, seat, [action], 0, share))
    ends = 1
    used = HARD_FIRST
    deep.hard = True
    while used < budget and ends < 60:
        order = sorted(legal, key=lambda a: -values[a])
        deep.nodes = 0
        deep.horizon = False
        try:
            found = _hard_pass(deep, state, seat, order, ends, budget - used)
        except _Stop:
            break
        used += deep.nodes
        values = found
        if not deep.horizon:  # every line reached the deal's end: looking further changes nothing
            break
        ends += 1
    return max(((values[a] - SUIT_WEIGHT.get(counting.suit(a.card), 0) * KEEP, rng.random(), a) for a in legal),
               key=lambda t: (t[0], t[1]))[2]


# -- the reasons ---------------------------------------------------------------------------------
def _them(state: FoscoState, seat: int) -> str:
    """The other side, by name placeholders."""
    if state.players == 4:
        return f"{player((seat + 1) % 4)} and {player((seat + 3) % 4)}"
    return player((seat + 1) % state.players)


def _who(seat: int, taker: int) -> str:
    return "you" if taker == seat else player(taker)


def _suit(s: str) -> str:
    return cards.SUIT_NAMES["standard"][s]


def _yours(state: FoscoState) -> str:
    return "your side's" if state.players == 4 else "yours"


def _takes_now(state: FoscoState, seat: int, card: str, count: int) -> str:
    """The card ends the count at once (F-3, F-4), in words."""
    nxt = player((seat + 1) % state.players)
    if count == LIMIT:
        return f"Takes the count to 21: the pile is {_yours(state)}"
    if sum(len(h) for h in state.hands) == 1:
        return f"The deal's last card: it ends the count at {counting.show(count)}, and the pile is {_yours(state)}"
    if not state.hands[(seat + 1) % state.players]:
        return f"{nxt} has no cards left, so this ends the count: the pile is {_yours(state)}"
    return f"Takes the count to {counting.show(count)}: {nxt} has no card that fits, so the pile is {_yours(state)}"


def explain(state: FoscoState, seat: int, action: Action) -> tuple[str, ...]:
    """Why the computer plays ``action``: what the search found at the end of the count (who takes
    the pile, and how that compares with the other cards). Fosco hides no card (F-1), so the
    search reads every hand, as the player may."""
    legal = state.legal_actions(seat)
    chosen = next((a for a in legal if a == action), None)
    if not isinstance(chosen, Play):
        raise ValueError(f"{action.token} is not a card {player(seat)} may play now")
    card = chosen.card
    now = _takes_now(state, seat, card, _count_after(state, chosen)) if state.ends_count(seat, card) else None
    if len(legal) == 1:
        return ("Your only card that may go now", *((now,) if now else ()))
    weighed, search = _weigh(state, seat, legal, trace=True)
    mine = next(w for w in weighed if w.action == chosen)
    others = [w for w in weighed if w.action != chosen]
    my_side = side_of(seat, state.players)
    them = _them(state, seat)

    def ours(w: _Weighed) -> bool:
        return side_of(w.line.taker, state.players) == my_side

    if mine.cut:  # the budget stopped the search: say only what is certain
        return (now or "This count has too many ways to go to follow to its end; this card looks best",)
    if ours(mine):
        first = now or _winning(state, seat, mine.line, them)
        losing = [w for w in others if not ours(w)]
        return (first, *_why_ours(state, seat, mine, others, losing, search, them))
    if not any(ours(w) for w in others):
        first = f"{them} can take this count whatever you play"
    elif mine.value >= max(w.value for w in others) - SAME:
        first = f"{_who(seat, mine.line.taker)} takes this count, but every other card costs you more"
    else:  # not the computer's choice (explain is asked about it anyway)
        first = f"{_who(seat, mine.line.taker)} can take this count after this card"
    return (first, *_why_theirs(state, seat, mine, others, search, them))


def _winning(state: FoscoState, seat: int, line: _Line, them: str) -> str:
    if line.taker != seat:
        return f"Sets up your partner {player(line.taker)} to take this count, whatever {them} play"
    if line.end == LIMIT:
        return f"Sets up 21 for you: {them} can't stop you taking this count"
    end = "with your side" if state.players == 4 else "yours"
    return f"Leaves {them} no way to win this count: the pile ends up {end}"


def _why_ours(state: FoscoState, seat: int, mine: _Weighed, others: list[_Weighed], losing: list[_Weighed],
              search: _Search, them: str) -> tuple[str, ...]:
    """A second reason for a card that wins the count (``losing``: the other cards that would
    not): a suit it brings to scoring, or what the other cards would give away."""
    you = "your side" if state.players == 4 else "you"
    sevenths = search.sevenths(side_of(seat, state.players), mine.line.pile)
    if sevenths:
        name = _suit(sevenths[0])
        return (f"It brings {you} to 7 {name}, and from the 7th on {name} score",)
    if losing and len(losing) == len(others):
        return (f"Any other card would let {them} take it",)
    if losing:
        other = losing[0]
        return (f"{cards.short(other.action.card)} instead would let {_who(seat, other.line.taker)} take it",)
    if others and _weight(mine.line.pile) > max(_weight(w.line.pile) for w in others):
        return ("It wins a bigger pile than your other cards would",)
    return ()


def _why_theirs(state: FoscoState, seat: int, mine: _Weighed, others: list[_Weighed], search: _Search,
                them: str) -> tuple[str, ...]:
    """A second reason for a card that loses the count: it gives away the least."""
    if not others:
        return ()
    worst = min(others, key=lambda w: w.value)
    if mine.value > worst.value + SAME:
        their_side = side_of(worst.line.taker, state.players)
        stopped = [s for s in search.sevenths(their_side, worst.line.pile)
                   if s not in search.sevenths(their_side, mine.line.pile)]
        if stopped and side_of(mine.line.taker, state.players) == their_side:
            name = _suit(stopped[0])
            return (f"It stops {them} reaching 7 {name}, where {name} start to score",)
        n, m = len(mine.line.pile), len(worst.line.pile)
        if n < m:
            return (f"It ends the count sooner, giving {them} {n} cards rather than {m}",)
        kept = worst.action.card
        if kept not in mine.line.pile and _weight((kept,)) > _weight((mine.action.card,)):
            return (f"It keeps your {cards.short(kept)} out of the pile {them} will take",)
        return (f"It gives {them} a pile worth less than your other cards would",)
    heavier = [counting.suit(w.action.card) for w in others if _weight((w.action.card,)) > _weight((mine.action.card,))]
    if heavier:
        return (f"Nothing loses less, and this card saves your {_suit(heavier[0])} for later",)
    return ("Every card you may play loses the same here, so any will do",)


def _weight(pile: tuple[str, ...]) -> int:
    return sum(SUIT_WEIGHT.get(counting.suit(c), 0) for c in pile)
