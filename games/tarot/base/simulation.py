"""Fast play of one hand of a tarot base game (Scarto, Tarocchi, Conference) with every card placed
(a determinization), for the search in :mod:`.search`: cards as the small integers of
:mod:`games.tarot.simulation`, a trick kept as running totals; the quick policy that plays the hand
out and the exact search for its last tricks are :mod:`.playout`'s.

The rules are those of the state (:mod:`.state` and the modules under it) and ``rule_sets`` under
every rule set: K-2 legal cards, the Fool as excuse with its payment (K-3, K-4), Courtship's winners
and Summoning Servants, the Last Laugh's Fool and Butt (K-15), Tontine's groups and claims (K-10,
K-12). The questions a rule set asks between tricks are phases of the deal as in the game
(``SUMMON``, ``GIVE``, ``CLAIM``), so that a deal can follow a game move for move; a rollout answers
them with the policy of :mod:`.playout` (call the servant worth most beside the card sent back, if
any is worth more; put the most valuable card offered on the Butt's pile, claim everything).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .. import rule_sets
from ..pack import MAGICIAN, WORLD
from ..simulation import FOOL, ID, NAMES, PTS, STR, SUIT, TRUMP, card_cost, encode, mask

if TYPE_CHECKING:
    from .state import TarotTableState

PLAY, SUMMON, GIVE, CLAIM = 0, 1, 2, 3
CALL_PASS, CALL_JACK, CALL_CAVALIER = 0, 1, 2  # the answers to a summons (K-16)
CALLS = {"pass": CALL_PASS, "summon:J": CALL_JACK, "summon:C": CALL_CAVALIER}
_RANKS = {"K": 4, "Q": 3, "N": 2, "J": 1}
RANK: tuple[int, ...] = tuple(_RANKS.get(rule_sets.rank(c), 0) for c in NAMES)  # court rank, 0 for others
COURT: tuple[bool, ...] = tuple(r > 0 for r in RANK)
LESSER_COURT: tuple[bool, ...] = tuple(0 < r < 4 for r in RANK)  # a court card but not a King
_GROUPS = ("K", "Q", "N", "J", "honours", "pipsS", "pipsB", "pipsC", "pipsD")
GROUP: tuple[int, ...] = tuple(-1 if (g := rule_sets.group(c)) is None else _GROUPS.index(g) for c in NAMES)
GROUP_POINTS: tuple[int, ...] = tuple(rule_sets.GROUP_POINTS[g] for g in _GROUPS)
HONOURS_GROUP = _GROUPS.index("honours")
MAG, WOR = ID[MAGICIAN], ID[WORLD]
KING_OF = tuple(ID["K" + s] for s in "SBCD")
QUEEN_OF = tuple(ID["Q" + s] for s in "SBCD")
JACK_OF = tuple(ID["J" + s] for s in "SBCD")
CAV_OF = tuple(ID["N" + s] for s in "SBCD")
RUFF, ROYAL = 1000.0, 50.0
NONE = 99  # no card in a pile yet (the lowest points a pile holds)


COST: tuple[float, ...] = tuple(card_cost(c, 1.0, 0.08) for c in range(len(NAMES)))
BUTT_VALUE = 4.0  # the Last Laugh: taking the Fool (a card banked, and the last trick to come, maybe)


class Table:
    """One hand being played with every card known. ``pts`` are each side's card points taken
    (with the dealer's discard), Tontine's ``last``/``owner`` the last card of each group and
    the side it scores for (-1 nobody, -2 still in the trick)."""

    __slots__ = ("affair", "aside", "best", "best_seat", "dealer", "disc", "done", "fool_owner", "fool_taker",
                 "free", "gone", "hands", "holder", "last", "laugh", "leader", "led", "led_card", "manual",
                 "marriage", "minpt", "n", "nsides", "owner", "phase", "plays", "pts", "rem", "ruff", "side",
                 "summoned", "summoning", "taker", "tontine", "total", "tpts")

    def __init__(self, n: int, side: Sequence[int], hands: list[list[int]], dealer: int, *, ruleset: str,
                 courtship: frozenset[str] = frozenset(), manual: bool = False, total: int, done: int = 0,
                 leader: int = 0) -> None:
        self.n = n
        self.side = tuple(side)
        self.nsides = max(self.side) + 1
        self.hands = hands
        self.dealer = dealer
        self.tontine = ruleset == "tontine"
        self.laugh = ruleset == "last-laugh"
        self.free = not self.laugh
        self.ruff = "queens_ruff" in courtship
        self.marriage = "royal_marriage" in courtship
        self.affair = "royal_affair" in courtship
        self.summoning = "summoning_servants" in courtship
        self.manual = manual
        self.total = total
        self.done = done
        self.leader = leader
        self.plays: list[tuple[int, int]] = []
        self.led = -1
        self.led_card = -1
        self.best = -1.0
        self.best_seat = -1
        self.tpts = 0
        self.phase = PLAY
        self.taker = -1
        self.pts = [0] * self.nsides
        self.minpt = [NONE] * self.nsides
        self.fool_owner = -1
        self.fool_taker = -1
        self.gone = 0  # the cards in the piles and the trick, a bit each (Summoning Servants)
        self.disc = 0  # the dealer's discard, likewise
        self.summoned: list[int] = []
        self.holder = -1
        self.aside = -1
        self.last = [-1] * len(GROUP_POINTS)
        self.owner = [-1] * len(GROUP_POINTS)
        self.rem = [0] * len(GROUP_POINTS)
        for hand in hands:
            for c in hand:
                if GROUP[c] >= 0:
                    self.rem[GROUP[c]] += 1

    def copy(self) -> Table:
        other = Table.__new__(Table)
        for name in Table.__slots__:
            setattr(other, name, getattr(self, name))
        other.hands = [list(h) for h in self.hands]
        other.plays = list(self.plays)
        other.pts = list(self.pts)
        other.minpt = list(self.minpt)
        if self.summoning:
            other.summoned = list(self.summoned)
        if self.tontine:
            other.last = list(self.last)
            other.owner = list(self.owner)
            other.rem = list(self.rem)
        return other

    # -- the position -----------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.done >= self.total

    def to_move(self) -> int:
        if self.phase == PLAY:
            return (self.leader + len(self.plays)) % self.n
        return self.holder if self.phase == GIVE else self.taker

    def bank(self, side: int, cards: Sequence[int]) -> None:
        """Cards already in a side's pile (or its discard): their points and the least of them."""
        for c in cards:
            if c != FOOL:
                self.pts[side] += PTS[c]
                if PTS[c] < self.minpt[side]:
                    self.minpt[side] = PTS[c]

    def legal(self, seat: int) -> list[int]:
        hand = self.hands[seat]
        led = self.led
        fool = FOOL in hand
        if self.laugh and fool:
            if len(hand) == 1:
                return list(hand)
            if led >= 0:
                if led == TRUMP:
                    if not any(COURT[c] for c in hand):
                        return [FOOL]
                elif any(COURT[c] and SUIT[c] == led for c in hand):
                    return [FOOL]
            others = [c for c in hand if c != FOOL]
            return self._legal(others, False)
        return self._legal(hand, fool and self.free)

    def _legal(self, hand: list[int], fool: bool) -> list[int]:
        led = self.led
        if led < 0:
            return list(hand)
        if led != TRUMP:
            follow = [c for c in hand if SUIT[c] == led]
            if follow:
                return [*follow, FOOL] if fool else follow
        trumps = [c for c in hand if SUIT[c] == TRUMP]
        if trumps:
            best = self.best if self.best >= 100.0 and self.best < RUFF else 0.0
            top = self._top_trump() if self.best >= ROYAL else 0.0
            if top > best:
                best = top
            over = [c for c in trumps if STR[c] > best]
            allowed = over or trumps
            return [*allowed, FOOL] if fool else allowed
        return list(hand)

    def _top_trump(self) -> float:
        """The best trump in the trick (the trick may be held by a Courtship card above it)."""
        top = 0.0
        for _, c in self.plays:
            if SUIT[c] == TRUMP and STR[c] > top:
                top = STR[c]
        return top

    # -- playing ----------------------------------------------------------------------------------
    def value_of(self, card: int) -> float:
        """How strongly ``card`` would bid for the trick as it stands (-1 if it cannot win)."""
        if card == FOOL:
            return -1.0
        suit = SUIT[card]
        led = self.led
        if led < 0:
            return STR[card]
        if suit == TRUMP:
            return STR[card]
        if led == TRUMP:
            return -1.0
        same = suit == led
        if self.ruff or self.marriage or self.affair:
            rank = RANK[card]
            if rank:
                cards = [c for _, c in self.plays]
                if same:
                    if rank == 1 and self.ruff and QUEEN_OF[led] in cards and self.led_card != QUEEN_OF[led]:
                        return RUFF
                    if rank == 3 and self.marriage and KING_OF[led] in cards:
                        return ROYAL
                elif self.affair and ((rank == 3 and KING_OF[led] in cards)
                                      or (rank == 4 and self.led_card == QUEEN_OF[led])):
                    return ROYAL
        return STR[card] if same else -1.0

    def play(self, card: int) -> None:
        seat = (self.leader + len(self.plays)) % self.n
        self.hands[seat].remove(card)
        value = self.value_of(card)
        if self.led < 0 and card != FOOL:
            self.led, self.led_card = SUIT[card], card
        self.plays.append((seat, card))
        if value > self.best:
            self.best, self.best_seat = value, seat
        if card == FOOL:
            if self.free:
                self.fool_owner = seat
            if self.holder == seat:
                self.holder = -1
        else:
            self.tpts += PTS[card]
        if self.summoning:
            self.gone |= 1 << card
        if self.tontine:
            g = GROUP[card]
            if g >= 0:
                self.last[g] = card
                self.owner[g] = self.side[seat] if card == FOOL else -2
                self.rem[g] -= 1
        if len(self.plays) == self.n:
            self.taker = self.best_seat if self.best_seat >= 0 else self.leader
            if self.laugh and self.done == self.total - 1:
                self.taker = next(s for s, c in self.plays if c == FOOL) if any(
                    c == FOOL for _, c in self.plays) else self.taker
            self._settle()

    # -- between tricks ---------------------------------------------------------------------------
    def _settle(self) -> None:
        if self.summoning and self.next_king() >= 0:
            self.phase = SUMMON
            return
        if self.laugh and self.done < self.total - 1 and self.holder < 0 and self.aside < 0 and any(
                c == FOOL for _, c in self.plays):
            self._butt_takes_fool()
            return
        if self.tontine and self.phase != CLAIM and self.claimable():
            if self.manual:
                self.phase = CLAIM
                return
            self._claim(self.claimable())
        self._gather()

    def next_king(self) -> int:
        for _, c in self.plays:
            if RANK[c] == 4 and c not in self.summoned:
                suit = SUIT[c]
                if not (self.gone >> JACK_OF[suit] & 1 and self.gone >> CAV_OF[suit] & 1):
                    return c
        return -1

    def answer(self, call: int) -> int:
        """The card that ``call`` brings now (K-16, where the cards really are), or -1."""
        if call == CALL_PASS:
            return -1
        king = self.next_king()
        jack, cavalier = JACK_OF[SUIT[king]], CAV_OF[SUIT[king]]
        out = self.gone | self.disc
        if call == CALL_CAVALIER and not out >> jack & 1:
            return -1  # the Jack is in a hand: it is named, nothing comes
        card = jack if call == CALL_JACK else cavalier
        if out >> card & 1:
            return -1
        if card in self.hands[self.taker] and any(s == self.taker and c == king for s, c in self.plays):
            return -1  # one's own servant to one's own King
        return card

    def summon(self, call: int) -> None:
        answer = self.answer(call)
        self.summoned.append(self.next_king())
        if answer >= 0:
            holder = next(s for s, h in enumerate(self.hands) if answer in h)
            back = next(c for s, c in self.plays if s == holder)
            self.plays = [(s, answer if s == holder else c) for s, c in self.plays]
            self.hands[holder].remove(answer)
            self.hands[holder].append(back)
            self.gone = (self.gone & ~(1 << back)) | 1 << answer
            self.tpts += PTS[answer] - (0 if back == FOOL else PTS[back])
            if back == FOOL:
                self.fool_owner = -1
        self.phase = PLAY
        self._settle()

    def summon_gain(self, call: int) -> tuple[int, int]:
        """The points ``call`` moves into the trick at once (the servant's for the card sent
        back) and the seat that sends it, or (0, -1) when nothing comes."""
        answer = self.answer(call)
        if answer < 0:
            return 0, -1
        holder = next(s for s, hand in enumerate(self.hands) if answer in hand)
        back = next(c for s, c in self.plays if s == holder)
        return PTS[answer] - (0 if back == FOOL else PTS[back]), holder

    def _butt_takes_fool(self) -> None:
        butt = self.taker
        self.holder = butt
        hand = self.hands[butt]
        step, choices = self.butt_choices()
        if step == 5:
            self.holder = -1
            self.aside = butt
            self.plays = [(s, c) for s, c in self.plays if c != FOOL]
            self._gather()
            return
        hand.append(FOOL)
        if len(choices) == 1:
            self.give(choices[0])
            return
        self.phase = GIVE

    def butt_choices(self) -> tuple[int, list[int]]:
        """Rule-set ``butt_choices`` on the Butt's hand (without the Fool)."""
        hand = [c for c in self.hands[self.taker] if c != FOOL]
        led = self.plays[0][1]
        lesser = [c for c in hand if LESSER_COURT[c]]
        of_led = [c for c in lesser if SUIT[led] < TRUMP and SUIT[c] == SUIT[led]]
        if of_led:
            return 1, of_led
        if lesser:
            return 2, lesser
        trumps = [c for c in hand if SUIT[c] == TRUMP and c != MAG and c != WOR]
        if trumps:
            top = max(STR[c] for c in trumps)
            return 3, [c for c in trumps if STR[c] == top]
        pips = [c for c in hand if SUIT[c] < TRUMP and not COURT[c]]
        if pips:
            return 4, pips
        return 5, []

    def give(self, card: int) -> None:
        self.hands[self.holder].remove(card)
        self.plays = [(s, card if c == FOOL else c) for s, c in self.plays]
        self.tpts += PTS[card]
        self.phase = PLAY
        self._gather()

    def claimable(self) -> list[int]:
        last = self.last
        return [c for _, c in self.plays if c != FOOL and GROUP[c] >= 0 and last[GROUP[c]] == c]

    def _claim(self, cards: Sequence[int]) -> None:
        mine = self.side[self.taker]
        for c in cards:
            self.owner[GROUP[c]] = mine

    def claim(self, cards: Sequence[int]) -> None:
        self._claim(cards)
        self.phase = PLAY
        self._gather()

    def _gather(self) -> None:
        taker = self.taker
        side = self.side[taker]
        pts = self.tpts
        minpt = self.minpt[side]
        for _, c in self.plays:
            if c == FOOL:
                if self.free:
                    self.fool_taker = taker
                else:
                    pts += PTS[FOOL]  # the Last Laugh: the Fool takes the last trick and stays there
            elif PTS[c] < minpt:
                minpt = PTS[c]
        self.pts[side] += pts
        self.minpt[side] = minpt
        if self.summoning:
            self.summoned = []
        if self.tontine:
            owner = self.owner
            for g in range(len(owner)):
                if owner[g] == -2:
                    owner[g] = -1  # left face down
        self.done += 1
        self.leader = taker
        self.plays = []
        self.led, self.led_card, self.best, self.best_seat, self.tpts = -1, -1, -1.0, -1, 0
        self.phase = PLAY
        self.taker = -1
        if self.done == self.total:
            self._finish()

    def _finish(self) -> None:
        """The hand's end: the Fool's payment (K-3, K-4) and the Fool set aside (K-15)."""
        if self.fool_owner >= 0:
            owner, taker = self.side[self.fool_owner], self.side[self.fool_taker]
            if owner == taker:
                self.pts[owner] += PTS[FOOL]
            elif self.minpt[owner] == NONE:
                self.pts[taker] += PTS[FOOL]
            else:
                pay = self.minpt[owner]
                self.pts[owner] += PTS[FOOL] - pay
                self.pts[taker] += pay
            if self.tontine and self.last[HONOURS_GROUP] == FOOL:  # the Fool face up where it ends
                self.owner[HONOURS_GROUP] = taker if self.minpt[owner] == NONE else owner
        if self.aside >= 0 and self.last_winner >= 0:
            winner, butt = self.side[self.last_winner], self.side[self.aside]
            self.pts[winner] += PTS[FOOL]
            if winner != butt:
                pay = self.minpt[winner]
                self.pts[winner] -= pay
                self.pts[butt] += pay

    @property
    def last_winner(self) -> int:
        return self.leader if self.done == self.total else -1

    # -- the score --------------------------------------------------------------------------------
    def side_points(self) -> list[int]:
        """What each side's pile is worth at the hand's end: card points, or Tontine's groups."""
        if not self.tontine:
            return list(self.pts)
        out = [0] * self.nsides
        for g, side in enumerate(self.owner):
            if side >= 0:
                out[side] += GROUP_POINTS[g]
        return out


# -- from a game ---------------------------------------------------------------------------------------

def from_state(state: TarotTableState, hands: Sequence[Sequence[str]], discard: Sequence[str],
               piles: Sequence[Sequence[str]] | None = None) -> Table:
    """The hand being played in ``state`` with every holding as given (the seat's own, those
    it sampled; ``piles`` too when they hold a card the seat cannot see) and everything else
    as the table shows it: the trick, the claims, where the Fool is."""
    n = state.players
    if piles is None:
        piles = state.piles
    sides = tuple(state.side(s) for s in range(n))
    cards_left = sum(len(h) for h in hands) + len(state.trick.plays)
    if state.phase in ("summon", "give", "claim"):
        cards_left -= n
    done = sum(state.tricks_won)
    total = done + cards_left // n + (1 if state.phase in ("summon", "give", "claim") else 0)
    t = Table(n, sides, [encode(h) for h in hands], state.dealer, ruleset=state.ruleset,
              courtship=state.courtship, manual=state.str_option("tontine_claims") == "manual", total=total,
              done=done, leader=state.trick.leader)
    for s, pile in enumerate(piles):
        t.bank(sides[s], encode(pile))
        if FOOL in encode(pile) and state.fool is not None:
            t.fool_taker = s
    t.bank(sides[state.dealer], encode(discard))
    t.disc = mask(encode(discard))
    if state.fool is not None:
        t.fool_owner = state.fool[0]
        if t.fool_taker < 0:
            t.fool_taker = state.fool[0]
    t.holder = -1 if state.fool_holder is None else state.fool_holder
    t.aside = -1 if state.fool_aside is None else state.fool_aside
    if t.summoning:
        t.gone = mask(ID[c] for pile in piles for c in pile)
        t.summoned = encode(state.summoned)
    if t.tontine:
        played = encode(state.played)
        face_up = {ID[c] for c in state.face_up}
        where = {ID[c]: sides[s] for s, pile in enumerate(piles) for c in pile}
        in_trick = {ID[c] for c in state.trick.cards}
        for c in played:
            g = GROUP[c]
            if g < 0:
                continue
            t.last[g] = c
            if c == FOOL:
                t.owner[g] = sides[state.fool[0]] if state.fool is not None else -1
            elif c in in_trick:
                t.owner[g] = -2
            else:
                t.owner[g] = where.get(c, -1) if c in face_up else -1
    for seat, card in state.trick.plays:  # the trick so far, as if played again
        c = ID[card]
        value = t.value_of(c)
        if t.led < 0 and c != FOOL:
            t.led, t.led_card = SUIT[c], c
        t.plays.append((seat, c))
        if value > t.best:
            t.best, t.best_seat = value, seat
        if c != FOOL:
            t.tpts += PTS[c]
        if t.summoning:
            t.gone |= 1 << c
    if state.phase in ("summon", "give", "claim"):
        assert state.taker is not None
        t.taker = state.taker
        t.phase = {"summon": SUMMON, "give": GIVE, "claim": CLAIM}[state.phase]
        if state.phase == "give":
            t.holder = state.taker
    return t
