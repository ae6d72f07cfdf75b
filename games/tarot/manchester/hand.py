"""A hand of the two-player tarot games, Manchester Piccadilly and Manchester Truffle
(docs/rules/tarot.md): what the state holds, the deal, who is where and what can be asked of it
without a move. The hand's end (:mod:`.hand_end`) and the moves (:mod:`.state`) build on it, each
a subclass of the one before.

Cards sit in *positions*: the players' hands and the dummies. A trick records positions; who
moves is the player controlling the position to play.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal, Self

from games.core import decks
from games.core.actions import Word
from games.core.base import Event, Outcome, State, player
from games.core.tricks import CLOCKWISE, Trick

from .. import pack
from ..pack import FOOL, HONOURS

Phase = Literal["discard", "play1", "choose", "discard2", "play2"]
# Why a card a seat holds may not go to the trick now: the suit led to follow, a trump owed
# (void in the suit led, or trumps led: K-2), a higher trump owed (K-2); or, for the cards of the
# seat's other position, that position has played to this trick already or plays later in it.
Refusal = Literal["follow", "trump", "beat", "played", "later"]
FIRST_HAND = 13
FIRST_DISCARD = 3
DUMMY = -1  # the pile of Truffle's dummy, which counts for nobody
HANDS = 2  # a game: two hands, each player dealing once
NO_TRICK = Trick(0)


def choose_hand(n: int) -> Word:
    """Piccadilly: hold hand A (0) or B (1), the other becoming the dummy."""
    return Word(f"choose:{n}", f"Hold hand {'AB'[n]}")


def refusals(hand: tuple[str, ...], trick: Trick) -> dict[str, Refusal]:
    """The cards of ``hand`` that may not go to ``trick``, each with the trick rule that stops it:
    follow the suit led; else trump, and over a trump already in the trick (or when trumps are
    led) beat the best so far if you can (K-2); with neither, anything. The Fool may always go as
    the excuse (K-3). The one test both the legal cards (``playable``) and ``why_not`` make."""
    led = trick.led_card((FOOL,))
    if led is None:
        return {}
    others = [c for c in hand if c != FOOL]
    followers = [c for c in others if pack.suit(c) == pack.suit(led)]
    if followers and pack.suit(led) != pack.TRUMP:
        return {c: "follow" for c in others if c not in followers}
    trumps = [c for c in others if pack.is_trump(c)]
    best = best_trump(trick)
    top = None if best is None else pack.strength(best, led)
    over = [c for c in trumps if top is None or (pack.strength(c, led) or 0.0) > top]
    allowed = over or trumps or others
    return {c: "beat" if pack.is_trump(c) else "trump" for c in others if c not in allowed}


def best_trump(trick: Trick) -> str | None:
    """The strongest trump in ``trick`` so far, or None."""
    trumps = [c for c in trick.cards if c != FOOL and pack.is_trump(c)]
    return max(trumps, key=lambda c: pack.strength(c, c) or 0.0) if trumps else None


@dataclass(frozen=True, kw_only=True, repr=False)
class HandState(State):
    hand_no: int = 0  # 0 or 1
    dealer: int = 0
    phase: Phase = "discard"
    stock: tuple[str, ...] = ()  # the 52 cards for the second part, in deal order
    holdings: tuple[tuple[str, ...], ...] = ()  # by position
    announced: tuple[int, int] = (0, 0)
    discards: tuple[tuple[str, ...], ...] = ((), ())  # by seat, this hand (both parts)
    shown: tuple[str, ...] = ()  # discarded cards turned face up for the opponent
    candidates: tuple[tuple[str, ...], ...] = ()  # Piccadilly: the four hands dealt, before choosing
    choices: tuple[int | None, int | None] = (None, None)
    out_of_play: tuple[str, ...] = ()  # Truffle's fourth card
    trick: Trick = NO_TRICK
    won: tuple[tuple[int, Trick], ...] = ()  # this part's tricks: (winning position, trick)
    fool: tuple[int, int] | None = None  # this part: (the position it came from, the trick it went to)
    first: tuple[int, int] = (0, 0)
    first_piles: tuple[tuple[str, ...], ...] = ()  # by seat, as the first part ended
    second: tuple[int, int] = (0, 0)
    game_points: tuple[int, int] = (0, 0)
    last_trick: tuple[int, Trick] | None = None
    log_from: int = 0
    result: Outcome | None = None

    @property
    def outcome(self) -> Outcome | None:
        return self.result

    # -- who is where ----------------------------------------------------------------------------
    @property
    def opposite(self) -> int:
        return 1 - self.dealer

    @property
    def truffle(self) -> bool:
        return self.rules.key == "manchester-truffle"

    @property
    def positions(self) -> int:
        return len(self.holdings)

    def owner(self, position: int) -> int:
        """The seat whose pile a position's tricks go to (Truffle's dummy: nobody, DUMMY)."""
        if self.phase in ("discard", "play1"):
            return position
        if self.truffle:
            return (self.dealer, DUMMY, self.opposite)[position]
        return self.dealer if position in (0, 2) else self.opposite

    def controller(self, position: int) -> int:
        """Who plays a position's cards now: its owner; Truffle's dummy goes to Opposite on the
        first trick and then turn about."""
        owner = self.owner(position)
        if owner != DUMMY:
            return owner
        return self.opposite if len(self.won) % 2 == 0 else self.dealer

    def position_of(self, seat: int) -> int:
        """A player's own hand's position."""
        if self.phase in ("discard", "play1"):
            return seat
        if self.truffle:
            return 0 if seat == self.dealer else 2
        return 0 if seat == self.dealer else 1

    @property
    def to_play(self) -> int | None:
        """The position whose card goes to the trick next."""
        if self.phase not in ("play1", "play2") or self.result is not None:
            return None
        return self.trick.to_move(self.positions, CLOCKWISE)

    def playable(self, position: int) -> tuple[str, ...]:
        refused = refusals(self.holdings[position], self.trick)
        return tuple(pack.ORDER.sort(c for c in self.holdings[position] if c not in refused))

    def kept(self, card: str) -> bool:
        """Whether a card may be discarded only when nothing else can: trumps, Honours and Kings
        in the first part; Honours and Kings in Truffle's second."""
        if self.phase == "discard2":
            return card in HONOURS or pack.is_king(card)
        return pack.is_trump(card) or card in HONOURS or pack.is_king(card)

    def is_dummy(self, position: int) -> bool:
        """Whether a position is a dummy, face up to all: Piccadilly's two once the hands are chosen,
        Truffle's only once the Dealer has laid three cards aside (they choose them unseen)."""
        if self.phase in ("discard", "play1", "choose", "discard2"):
            return False
        return position == 1 if self.truffle else position in (2, 3)

    def seen_by(self, position: int, seat: int | None) -> bool:
        """Whether ``seat`` sees a position's cards: its own, and the dummies, face up."""
        return self.is_dummy(position) or (seat is not None and self.owner(position) == seat)

    def hidden_cards(self, seat: int | None) -> frozenset[str]:
        hidden = set(self.stock if self.phase in ("discard", "play1") else ()) | set(self.out_of_play)
        for other in (0, 1):
            if other != seat:
                hidden |= set(self.discards[other]) - set(self.shown)
        for position, held in enumerate(self.holdings):
            if not self.seen_by(position, seat):
                hidden |= set(held)
        if self.phase == "choose":
            own = () if seat not in (0, 1) else (0, 1) if seat == self.dealer else (2, 3)
            hidden |= {c for i, hand in enumerate(self.candidates) if i not in own for c in hand}
        return frozenset(hidden)

    # -- what a seat holds and plays from ---------------------------------------------------------
    def own_positions(self, seat: int) -> tuple[int, ...]:
        """The positions ``seat`` plays from now: its hand, and in the second part a dummy it
        controls (its own in Piccadilly; Truffle's on the tricks that are its turn to play it)."""
        if seat not in (0, 1) or self.phase == "choose" or not self.holdings:
            return ()
        own = self.position_of(seat)
        dummies = tuple(p for p in range(self.positions) if p != own and self.is_dummy(p)
                        and self.controller(p) == seat)
        return (own, *dummies)

    def held(self, seat: int) -> tuple[str, ...]:
        """The seat's hand, with the face-up dummy it plays from in the second part (its own in
        Piccadilly; Truffle's while the trick in play is its turn to play it)."""
        return tuple(pack.ORDER.sort(c for p in self.own_positions(seat) for c in self.holdings[p]))

    def whose(self, position: int, seat: int) -> str:
        """A position in words, to the seat that plays from it: "your hand", "your dummy", "the dummy"."""
        if position == self.position_of(seat):
            return "your hand"
        return "your dummy" if self.owner(position) == seat else "the dummy"

    def position_name(self, position: int) -> str:
        if self.phase == "play1":
            return player(position)
        owner = self.owner(position)
        if owner == DUMMY:
            return "the dummy"
        own = self.position_of(owner) == position
        return player(owner) if own else f"{player(owner)}'s dummy"

    # -- the deal -------------------------------------------------------------------------------
    def dealt(self, hand_no: int) -> Self:
        """A hand's first part: a fresh shuffle (the stacked deck for the first hand), 13 cards
        each one at a time, seat 0 first; the rest kept in order for the second part."""
        dealer = self.dealer if hand_no == 0 else 1 - self.dealer
        order = decks.stack(decks.tarot(), self.deck if hand_no == 0 else None, decks.rng(self.seed, "deal", hand_no))
        hands, rest = decks.deal_round(order, [FIRST_HAND, FIRST_HAND])
        announced = (pack.total(hands[0]), pack.total(hands[1]))
        line = Event(f"Hand {hand_no + 1}: {player(dealer)} deals. Hand values: {player(0)} {announced[0]}, "
                     f"{player(1)} {announced[1]}", notable=True)
        fresh = dataclasses.replace(
            self, hand_no=hand_no, dealer=dealer, phase="discard", stock=tuple(rest),
            holdings=(tuple(hands[0]), tuple(hands[1])), announced=announced, discards=((), ()), shown=(),
            candidates=(), choices=(None, None), out_of_play=(), trick=NO_TRICK, won=(), fool=None, first=(0, 0),
            first_piles=(), second=(0, 0), last_trick=None, log_from=len(self.log))
        return dataclasses.replace(fresh, log=fresh.with_events(line))
