"""Fast play of one part of a two-player tarot hand with every card placed (a determinization), for
the search in :mod:`.search`: cards as small integers (:mod:`games.tarot.simulation`), a trick kept
as running totals, a greedy policy to play the part out, and an exact search for the last few
tricks.

The rules are those of the state (:mod:`.state` and the modules under it) and ``pack`` (K-2 legal
cards, the Fool as excuse with its payment and K-6's last trick, K-5's alternating lead, Truffle's
dummy and the dealer's cards laid aside); the value of a finished part is what it adds to one seat's
score less what it adds to the other's, counted from the position the play started from.
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import determinize
from ..simulation import FOOL, FOOL_VALUE, NAMES, PTS, STR, SUIT, TRUMP, best_of, card_cost

DUMMY = 2  # the owner index of Truffle's dummy, whose tricks count for nobody


COSTS: tuple[tuple[float, ...], tuple[float, ...]] = (
    tuple(card_cost(i, 0.8, 0.06) for i in range(len(NAMES))),  # the first part
    tuple(card_cost(i, 1.4, 0.12) for i in range(len(NAMES))),  # the second
)
class Deal:
    """One part being played with every card known: the holdings by position, the trick in
    progress and the points taken since the search began, by owner (seat 0, seat 1, the dummy)."""

    __slots__ = ("alternate", "aside", "best", "best_pos", "dealer", "dealer_tricks", "fool_from", "hands",
                 "last_loses", "leader", "led", "n", "owner", "plays", "score", "total", "trick_bonus", "trick_pts",
                 "tricks_done")

    def __init__(self, hands: list[list[int]], owner: Sequence[int], dealer: int, *, second: bool, total: int,
                 tricks_done: int = 0, leader: int = 0, plays: Sequence[tuple[int, int]] = (), aside: int = 0,
                 dealer_tricks: int = 0) -> None:
        self.hands = hands
        self.n = len(hands)
        self.owner = tuple(owner)
        self.dealer = dealer
        self.alternate = not second  # K-5: the first part's lead alternates
        self.last_loses = second  # K-6: a Fool played to the second part's last trick is lost
        self.trick_bonus = 1 if second else 0  # the second part scores one a trick
        self.total = total
        self.tricks_done = tricks_done
        self.aside = aside  # Truffle: points the dealer laid aside, theirs if they take a trick
        self.dealer_tricks = dealer_tricks
        self.score = [0.0, 0.0, 0.0]
        self.leader = leader
        self.plays: list[tuple[int, int]] = []
        self.led = -1
        self.best = -1.0
        self.best_pos = -1
        self.trick_pts = 0
        self.fool_from = -1
        for position, card in plays:
            self._add(position, card)

    def copy(self) -> Deal:
        other = Deal.__new__(Deal)
        for name in Deal.__slots__:
            setattr(other, name, getattr(self, name))
        other.hands = [list(h) for h in self.hands]
        other.score = list(self.score)
        other.plays = list(self.plays)
        return other

    @property
    def over(self) -> bool:
        return self.tricks_done >= self.total

    def to_play(self) -> int:
        return (self.leader + len(self.plays)) % self.n

    def controller(self, position: int) -> int:
        owner = self.owner[position]
        if owner != DUMMY:
            return owner
        return 1 - self.dealer if self.tricks_done % 2 == 0 else self.dealer

    def legal(self, position: int) -> list[int]:
        hand = self.hands[position]
        led = self.led
        if led < 0:
            return list(hand)
        fool = FOOL in hand
        if led != TRUMP:
            follow = [c for c in hand if SUIT[c] == led]
            if follow:
                return [*follow, FOOL] if fool else follow
        trumps = [c for c in hand if SUIT[c] == TRUMP]
        if trumps:
            best = self.best if self.best >= 100.0 else 0.0
            over = [c for c in trumps if STR[c] > best]
            allowed = over or trumps
            return [*allowed, FOOL] if fool else allowed
        return list(hand)

    def _add(self, position: int, card: int) -> None:
        self.plays.append((position, card))
        if card == FOOL:
            self.fool_from = position
            return
        self.trick_pts += PTS[card]
        if self.led < 0:
            self.led, self.best, self.best_pos = SUIT[card], STR[card], position
            return
        suit = SUIT[card]
        if (suit == TRUMP or suit == self.led) and STR[card] > self.best:
            self.best, self.best_pos = STR[card], position

    def play(self, card: int) -> None:
        position = self.to_play()
        self.hands[position].remove(card)
        self._add(position, card)
        if len(self.plays) == self.n:
            self._close()

    def _close(self) -> None:
        taker = self.best_pos if self.best_pos >= 0 else self.leader
        owner = self.owner[taker]
        score = self.score
        score[owner] += self.trick_pts + self.trick_bonus
        self.tricks_done += 1
        last = self.tricks_done == self.total
        if owner == self.dealer:
            self.dealer_tricks += 1
        if self.fool_from >= 0:
            fool_owner = self.owner[self.fool_from]
            if fool_owner == owner or (last and self.last_loses):
                score[owner] += 5
            else:  # K-3, K-4: the Fool goes home and an empty card is paid for it
                score[fool_owner] += 4
                score[owner] += 1
        if last and self.aside:
            score[self.dealer if self.dealer_tricks else 1 - self.dealer] += self.aside
        self.plays = []
        self.led, self.best, self.best_pos, self.trick_pts, self.fool_from = -1, -1.0, -1, 0, -1
        if self.alternate:
            self.leader = 1 - self.dealer if self.tricks_done % 2 == 0 else self.dealer
        else:
            self.leader = taker

    def margin(self, seat: int) -> float:
        return self.score[seat] - self.score[1 - seat]


def greedy(deal: Deal, position: int, legal: list[int], suit_of: tuple[int, ...] = SUIT,
           strength_of: tuple[float, ...] = STR, points_of: tuple[int, ...] = PTS) -> int:
    """A quick card for the rollouts: for each card, who takes the trick if everyone still to
    play who would want to beat it (its controller is not winning it) plays their strongest
    card, and so what the trick wins or loses, less what the card is worth later
    (``card_values``); the first of the best."""
    if len(legal) == 1:
        return legal[0]
    return legal[best_of(card_values(deal, position, legal, suit_of, strength_of, points_of))]


def card_values(deal: Deal, position: int, legal: Sequence[int], suit_of: tuple[int, ...] = SUIT,
                strength_of: tuple[float, ...] = STR, points_of: tuple[int, ...] = PTS) -> list[float]:
    """What each of ``legal`` is worth to its controller at once, as ``greedy`` sees it: the
    points of the trick won (or given away, or to the dummy: nothing), everyone after it who
    would want to beat it playing their strongest card, less what the card is worth later."""
    n = deal.n
    owner = deal.owner
    dummy_controller = 1 - deal.dealer if deal.tricks_done % 2 == 0 else deal.dealer
    me = owner[position]
    if me == DUMMY:
        me = dummy_controller
    tops = []
    for i in range(len(deal.plays) + 1, n):
        q = (deal.leader + i) % n
        top = [0.0] * 6  # the strongest card of each suit (trumps 4; the Fool counts for nothing)
        for c in deal.hands[q]:
            s = suit_of[c]
            if strength_of[c] > top[s]:
                top[s] = strength_of[c]
        controller = owner[q]
        tops.append((q, dummy_controller if controller == DUMMY else controller, top))
    led0, best0, pos0 = deal.led, deal.best, deal.best_pos
    at_stake = deal.trick_pts + deal.trick_bonus
    cost = COSTS[deal.trick_bonus]
    values: list[float] = []
    for card in legal:
        if card == FOOL:
            v = FOOL_VALUE if not deal.last_loses or deal.total - deal.tricks_done > 2 else 0.5
        else:
            if led0 < 0:
                led, best, pos = suit_of[card], strength_of[card], position
            else:
                led, best, pos = led0, best0, pos0
                s = suit_of[card]
                if s in (TRUMP, led) and strength_of[card] > best:
                    best, pos = strength_of[card], position
            for q, controller, top in tops:
                if owner[pos] != controller:
                    m = top[led] if led != TRUMP and top[led] > 0 else top[TRUMP]
                    if m > best:
                        best, pos = m, q
            winner = owner[pos]
            pts = at_stake + points_of[card]
            v = (pts if winner == me else 0 if winner == DUMMY else -pts) - cost[card]
        values.append(v)
    return values


def trick_taker(deal: Deal, card: int) -> int:
    """The position that takes the trick in play if ``card`` goes to it now and the quick policy
    plays the rest of it (the deal is left as it was)."""
    d = deal.copy()
    position = d.to_play()
    while True:
        d.hands[position].remove(card)
        d._add(position, card)
        if len(d.plays) == d.n:
            return d.best_pos if d.best_pos >= 0 else d.leader
        position = d.to_play()
        legal = d.legal(position)
        card = legal[0] if len(legal) == 1 else greedy(d, position, legal)


def rollout(deal: Deal) -> None:
    """Play the part out with the greedy policy."""
    n = deal.n
    while deal.tricks_done < deal.total:
        position = (deal.leader + len(deal.plays)) % n
        legal = deal.legal(position)
        deal.play(legal[0] if len(legal) == 1 else greedy(deal, position, legal))


class Solver(determinize.AlphaBeta[Deal]):
    """Alpha-beta on a deal's open cards: the margin ``seat`` makes from here on with both
    sides playing perfectly; ``nodes`` counts the positions visited, to budget the search."""

    def __init__(self, seat: int) -> None:
        super().__init__(STR)
        self.seat = seat

    def end(self, deal: Deal) -> float | None:
        return deal.margin(self.seat) if deal.tricks_done >= deal.total else None

    def turn(self, deal: Deal) -> tuple[list[int], bool]:
        position = deal.to_play()
        return deal.legal(position), deal.controller(position) == self.seat


def tree_size(deal: Deal) -> int:
    """A bound on the ways the rest of the part can be played (each hand's cards in any order)."""
    return determinize.tree_size(deal.hands)
