"""What a seat at a tarot base game knows of the cards it cannot see, for the search in
:mod:`.search`: where they may be (the other hands, less the cards known to be in them, and a
discard it did not make), what this hand's tricks say a hand cannot hold (a suit not followed, no
trump played when one was due, no trump above one it failed to beat: K-2; under the Last Laugh,
who cannot hold the Fool, and what a card put on the Butt's pile says the Butt did not hold), and
what a hidden discard cannot hold. It reads only what the seat may see: its own hand and discard,
the cards known in hands, the piles and the trick, and the cards played this hand in the game's
public record."""

from __future__ import annotations

import random

from .. import determinize, pack
from ..simulation import FOOL, ID, NAMES, STR, SUIT, TRUMP
from .simulation import COURT, LESSER_COURT, MAG, RANK, WOR, Table, from_state
from .state import TarotTableState

ALL = frozenset(range(len(NAMES)))
LESSER_COURTS = frozenset(c for c in ALL if LESSER_COURT[c])
TRUMPS = frozenset(c for c in ALL if SUIT[c] == TRUMP)
KINGS = frozenset(c for c in ALL if RANK[c] == 4)
SOFT_TRIES = 8  # deals drawn for one kept by the soft inferences at the most
ACES = frozenset(ID["A" + s] for s in "SBCD")
HONOURS = frozenset((MAG, WOR, FOOL))

def own_hand(state: TarotTableState, seat: int) -> list[str]:
    """The seat's own hand, in the pack's order (as its view shows it)."""
    return pack.ORDER.sort(state.hands[seat])


class Knowledge(determinize.Placement[int]):
    """The cards a seat cannot see and the places they may be: each other hand (less the cards
    known to be in it) and a discard it did not make, each with its size and the cards it may
    hold; dealt by seat, -1 the hidden discard."""

    TRIES = 30  # more than the two-player game's: the Last Laugh's Fool turns some deals down (``fits``)

    def __init__(self, state: TarotTableState, seat: int, soft: float = 0.0) -> None:
        self.state = state
        self.seat = seat
        hidden = sorted(ID[c] for c in state.hidden_cards(seat))
        pool = frozenset(hidden)
        n = state.players
        self.known: list[list[int]] = [[ID[c] for c in state.known(s)] if s != seat else [] for s in range(n)]
        self.mine = [ID[c] for c in own_hand(state, seat)]
        self.my_discard = [ID[c] for c in (state.own_discard(seat) or [])]
        self.shown = [ID[c] for c in state.shown]
        tricks = _this_hand(state)
        excluded = _inferences(state, seat, tricks)
        self.doubts = _doubts(state, seat, tricks, soft) if soft else {}
        self.fool_rules = _fool_rules(state, seat, tricks) if state.ruleset == "last-laugh" and FOOL in pool else {}
        slots: list[determinize.Slot[int]] = []  # by seat, -1 the discard, -2 the Butt's face-down card
        for s in range(n):
            if s == seat:
                continue
            size = len(state.hands[s]) - len(self.known[s])
            ruled_out = excluded.get(s, frozenset())
            if s in self.fool_rules and self.fool_rules[s] is None:
                ruled_out |= {FOOL}
            slots.append((s, size, None if not ruled_out & pool else pool - ruled_out))
        hidden_discard = len(state.discard) - len(self.shown) if seat != state.dealer else 0
        if hidden_discard > 0:
            slots.append((-1, hidden_discard, pool - _never_discarded(state)))
        own_pile = set(state.piles[seat]) if state.players > seat >= 0 else set()
        face_down = len(state.face_down - own_pile)  # how many is public: the Butt said it was a court card
        if face_down:
            courts = frozenset(c for c in pool if COURT[c] and c not in KINGS)
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
        if need_court and not any(COURT[c] for c in hand):
            return False
        return not any(COURT[c] and SUIT[c] in no_court_suits for c in hand)

    def weight(self, dealt: dict[int, list[int]]) -> float:
        """How likely a deal is beside the others, by the soft inferences (``_doubts``): 1 when
        no seat holds a card its plays make unlikely."""
        w = 1.0
        for s, doubts in self.doubts.items():
            for c in dealt.get(s, ()):
                w *= doubts.get(c, 1.0)
        return w

    def likely(self, rng: random.Random) -> dict[int, list[int]]:
        """A deal kept with the chance its ``weight`` gives (rejection sampling), so that the
        deals follow what the seats' plays suggest; after ``SOFT_TRIES`` the likeliest drawn."""
        if not self.doubts:
            return self.sample(rng)
        best: tuple[float, dict[int, list[int]]] | None = None
        for _ in range(SOFT_TRIES):
            dealt = self.sample(rng)
            w = self.weight(dealt)
            if w >= 1.0 or rng.random() < w:
                return dealt
            if best is None or w > best[0]:
                best = (w, dealt)
        assert best is not None
        return best[1]

    def table(self, rng: random.Random) -> Table:
        """A deal of the hand in play, the unseen cards placed at random (the likelier deals
        more often, where the soft inferences are on)."""
        dealt = self.likely(rng)
        state = self.state
        hands = [[NAMES[c] for c in self.mine] if s == self.seat else
                 [NAMES[c] for c in (*self.known[s], *dealt.get(s, []))] for s in range(state.players)]
        discard = self.my_discard if self.seat == state.dealer else [*self.shown, *dealt.get(-1, [])]
        return from_state(state, hands, [NAMES[c] for c in discard], self._piles(dealt.get(-2, [])))

    def _piles(self, face_down: list[int]) -> tuple[tuple[str, ...], ...] | None:
        """The piles with the court cards a Butt put face down on theirs, which the seat cannot
        see, replaced by those it dealt there (None when there are none)."""
        state = self.state
        hidden = state.face_down - set(state.piles[self.seat])
        if not hidden:
            return None
        stand_ins = iter(NAMES[c] for c in face_down)
        return tuple(tuple(next(stand_ins) if c in hidden else c for c in pile) for pile in state.piles)


def _doubts(state: TarotTableState, seat: int, tricks: list[list[tuple[int, int]]],
            factor: float) -> dict[int, dict[int, float]]:
    """Soft inferences from the other seats' plays (public), a likelihood factor for each card
    they may hold: a seat that followed suit under a suit card of another side winning the trick
    probably holds no card of that suit that would have taken it (each such card ``factor``, its
    square when the seat was last to play and so sure to take the trick with it)."""
    n = state.players
    out: dict[int, dict[int, float]] = {}
    for trick in tricks:
        led = -1
        top, holder = -1.0, -1
        for i, (position, card) in enumerate(trick):
            if card == FOOL:
                continue
            suit = SUIT[card]
            if led < 0:
                led = suit
            elif (position != seat and suit == led and led != TRUMP and top < 100.0 and STR[card] < top
                  and state.side(holder) != state.side(position)):
                f = factor * factor if i == n - 1 else factor
                doubts = out.setdefault(position, {})
                for c in ALL:
                    if SUIT[c] == led and STR[c] > top:
                        doubts[c] = doubts.get(c, 1.0) * f
            if suit in (led, TRUMP) and STR[card] > top:
                top, holder = STR[card], position
    return out


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
                elif not COURT[card]:  # step 4: no lesser court, no trump but the Honours
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
                need_court = need_court or not any(COURT[c] for c in later)
            elif any(COURT[c] and SUIT[c] == SUIT[led] for c in later):
                excluded = True
            else:
                no_court.add(SUIT[led])
        rules[s] = None if excluded else (need_court, frozenset(no_court))
    return rules
