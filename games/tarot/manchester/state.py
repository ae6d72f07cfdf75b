"""The two-player tarot games Manchester Piccadilly and Manchester Truffle (docs/rules/tarot.md).

A game is two hands, the deal alternating. Each hand has two parts:

- **Manchester**, the same in both games: 13 cards each, hand values announced, three cards
  discarded by each player at once (no trumps, Honours or Kings unless nothing else is held,
  and then shown), ten tricks with the lead alternating (K-5); the score is the points taken
  less the value announced.
- **Piccadilly**: the other 52 cards as four hands, two to each player, who both choose at once
  which to hold and which is their dummy; thirteen tricks of four cards. **Truffle**: sixteen each
  to the two players and a dummy the players take turns to play, three of the last four to the
  dealer, who lays three aside face up (K-7); sixteen tricks of three cards. Either way the
  score is the points taken and one a trick, and a Fool played to the last trick is lost (K-6).

Cards sit in *positions*: the players' hands and the dummies. A trick records positions; who
moves is the player controlling the position to play. The hand's higher total wins the
difference in game points.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from games.core import cards, decks
from games.core.actions import Action, Pick, Word, check_token
from games.core.base import Event, Outcome, Rules, State, leaders, player, replace_at
from games.core.errors import IllegalAction
from games.core.options import Option, OptionValue
from games.core.teaching import Coaching, Example
from games.core.tricks import CLOCKWISE, Trick

from .. import pack
from ..discards import discard_pick, matched
from ..guide import SUIT_ORDER
from ..moves import CardsMove
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


def choose(n: int) -> Word:
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


def honour(card: str) -> str:
    """A card as the start of a sentence: "The Fool", "T21", "Ks"."""
    return "The Fool" if card == FOOL else cards.short(card, "tarot")


def suit_words(card: str | None) -> str:
    """The suit a card sets for a trick, in words ("swords", "trumps")."""
    if card is None or pack.suit(card) == pack.TRUMP:
        return "trumps"
    return cards.SUIT_NAMES["tarot"].get(pack.suit(card), "the suit led")


@dataclass(frozen=True, kw_only=True, repr=False)
class ManchesterState(State):
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

    # -- the contract ----------------------------------------------------------------------------
    @property
    def to_move(self) -> frozenset[int]:
        if self.result is not None:
            return frozenset()
        if self.phase == "discard":
            return frozenset(s for s in (0, 1) if not self.discards[s])
        if self.phase == "choose":
            return frozenset(s for s in (0, 1) if self.choices[s] is None)
        if self.phase == "discard2":
            return frozenset((self.dealer,))
        position = self.to_play
        return frozenset() if position is None else frozenset((self.controller(position),))

    @property
    def outcome(self) -> Outcome | None:
        return self.result

    def _legal(self, seat: int) -> tuple[Action, ...]:
        if self.phase == "choose":
            return (choose(0), choose(1))
        if self.phase in ("discard", "discard2"):
            pick = self.pick(seat)
            assert pick is not None
            return tuple(CardsMove("discard", (*pick.fixed, *group))
                         for group in itertools.combinations(pick.cards, pick.most))
        position = self.to_play
        assert position is not None
        return tuple(CardsMove("play", (card,)) for card in self.playable(position))

    def playable(self, position: int) -> tuple[str, ...]:
        refused = refusals(self.holdings[position], self.trick)
        return tuple(pack.ORDER.sort(c for c in self.holdings[position] if c not in refused))

    def pick(self, seat: int) -> Pick | None:
        if seat not in self.to_move or self.phase not in ("discard", "discard2"):
            return None
        hand = self.holdings[self.position_of(seat)]
        allowed = [c for c in hand if not self.kept(c)]
        label = "Discard these face down" if self.phase == "discard" else "Lay these aside face up"
        return discard_pick(hand, allowed, FIRST_DISCARD, label)

    def kept(self, card: str) -> bool:
        """Whether a card may be discarded only when nothing else can: trumps, Honours and Kings
        in the first part; Honours and Kings in Truffle's second."""
        if self.phase == "discard2":
            return card in HONOURS or pack.is_king(card)
        return pack.is_trump(card) or card in HONOURS or pack.is_king(card)

    def offered(self, seat: int) -> tuple[Action, ...]:
        if self.phase in ("discard", "discard2"):
            return ()
        return self.legal_actions(seat)

    def _match(self, seat: int, action: Action) -> Action | None:
        if self.phase in ("discard", "discard2") and isinstance(action, CardsMove) and action.verb == "discard":
            pick = self.pick(seat)
            assert pick is not None
            return matched(pick, action.cards)
        return super()._match(seat, action)

    def why_illegal(self, seat: int, action: Action) -> str:
        if self.phase in ("discard", "discard2"):
            if self.phase == "discard":
                return "discard three cards, not trumps, Honours or Kings while you hold anything else"
            return "lay aside three cards, not Honours or Kings"
        if self.phase == "choose":
            return "choose hand A or hand B (choose:0 or choose:1)"
        position = self.to_play
        if isinstance(action, CardsMove) and position is not None and action.cards[0] in self.held(seat):
            reason = self.why_not(seat).get(action.cards[0])
            if reason is not None:
                return reason
        return "that card is not in the hand to play"

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

    # -- learning: what may not go, and the moment a seat faces -----------------------------------
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

    def why_not(self, seat: int) -> dict[str, str]:
        if seat not in self.to_move or self.phase == "choose":
            return {}
        if self.phase in ("discard", "discard2"):
            return self._discard_refusals(seat)
        position = self.to_play
        assert position is not None
        out = {card: self.refusal_text(seat, position, kind)
               for card, kind in refusals(self.holdings[position], self.trick).items()}
        played = {p for p, _ in self.trick.plays}
        for other in self.own_positions(seat):
            if other != position:
                kind: Refusal = "played" if other in played else "later"
                for card in self.holdings[other]:
                    out[card] = self.refusal_text(seat, other, kind)
        return out

    def refusal_text(self, seat: int, position: int, kind: Refusal) -> str:
        """The rule that stops a card of ``position`` (one ``seat`` plays from), in plain words."""
        where = self.whose(position, seat)
        if kind in ("played", "later"):
            turn = self.whose(self.to_play or 0, seat)
            when = "has played to this trick already" if kind == "played" else "plays later in this trick"
            return f"It is {turn}'s turn: {where} {when}"
        mine = where == "your hand"
        subject, it = ("You", "you") if mine else (where[0].upper() + where[1:], "it")
        led = self.trick.led_card((FOOL,))
        suit = suit_words(led)
        if kind == "follow":
            after_fool = bool(self.trick.plays) and self.trick.plays[0][1] == FOOL
            return f"{subject} must follow {suit}" + (": the Fool was led, so the next card set the suit (K-3)"
                                                      if after_fool else "")
        if kind == "trump":
            if suit == "trumps":
                return f"Trumps were led: {'you' if mine else where} must play a trump (K-2)"
            return f"{'You have' if mine else subject + ' has'} no {suit}: {it} must play a trump (K-2)"
        best = best_trump(self.trick)
        shown = cards.short(best, "tarot") if best is not None else "the best trump"
        return f"{subject} must beat {shown} with a higher trump while {it} {'hold' if mine else 'holds'} one (K-2)"

    def _discard_refusals(self, seat: int) -> dict[str, str]:
        """The cards of a discard's hand that may not be chosen: the kept ones (trumps, Honours and
        Kings in the first part; Honours and Kings laid aside in Truffle), or, when every card
        that may go must, those."""
        pick = self.pick(seat)
        assert pick is not None
        out: dict[str, str] = {}
        for card in self.holdings[self.position_of(seat)]:
            if card in pick.fixed:
                out[card] = ("It goes anyway: you hold fewer than three cards that are not trumps, Honours or "
                             "Kings, so all of those go")
            elif card not in pick.cards:
                out[card] = self.discard_refusal(card)
        return out

    def discard_refusal(self, card: str) -> str:
        """Why a card may not be discarded (laid aside, in Truffle's second part), in plain words."""
        if self.phase == "discard2":
            what = "an Honour" if card in HONOURS else "a King"
            return f"{honour(card)} is {what}: Honours and Kings may not be laid aside"
        when = "only when you have nothing else to give"
        if card in HONOURS:
            return f"{honour(card)} is an Honour: Honours may be discarded {when}"
        if pack.is_king(card):
            return f"Kings may be discarded {when}"
        return f"Trumps may be discarded {when}"

    def coaching(self, seat: int) -> Coaching | None:
        if seat not in self.to_move:
            return None
        if self.phase == "discard":
            return Coaching("discard", COACHING["discard"])
        if self.phase == "discard2":
            return Coaching("lay-aside", COACHING["lay-aside"])
        if self.phase == "choose":
            return Coaching("choose", COACHING["choose"])
        return Coaching(*self._moment(seat))

    def _moment(self, seat: int) -> tuple[str, str]:
        """The kind of trick moment ``seat`` faces, with its line."""
        position = self.to_play
        assert position is not None
        hand = self.holdings[position]
        left = len(hand)
        if self.phase == "play2" and FOOL in hand and left == 2 and self.owner(position) == seat:
            return "fool-last", COACHING["fool-last"]
        if self.is_dummy(position):
            kind = "truffle-dummy" if self.truffle else "dummy"
            return kind, COACHING[kind]
        if not self.trick.plays:
            kind = "lead" if self.phase == "play1" else "lead-winner"
            return kind, COACHING[kind]
        led = self.trick.led_card((FOOL,))
        if led is None:
            return "after-fool", COACHING["after-fool"]
        refused = refusals(hand, self.trick)
        if FOOL in hand and refused:
            return "excuse", COACHING["excuse"]
        if pack.suit(led) == pack.TRUMP:
            return "trumps-led", COACHING["trumps-led"]
        if any(pack.suit(c) == pack.suit(led) for c in hand):
            return "follow", COACHING["follow"]
        if any(pack.is_trump(c) for c in hand):
            return "trump", COACHING["trump"]
        return "throw", COACHING["throw"]

    # -- moves -----------------------------------------------------------------------------------
    def _apply(self, seat: int, action: Action) -> ManchesterState:
        if self.phase == "choose":
            return self._chose(seat, int(action.token.split(":")[1]))
        assert isinstance(action, CardsMove)
        if self.phase == "discard":
            return self._discarded(seat, action.cards)
        if self.phase == "discard2":
            return self._laid_aside(action.cards)
        return self._played(action.cards[0])

    def _discarded(self, seat: int, discard: tuple[str, ...]) -> ManchesterState:
        position = self.position_of(seat)
        hand = tuple(c for c in self.holdings[position] if c not in discard)
        forced = tuple(c for c in discard if self.kept(c))
        line = f"{player(seat)} discards three cards"
        if forced:
            line += ", showing " + " ".join(cards.short(c, "tarot") for c in forced)
        state = dataclasses.replace(self, holdings=replace_at(self.holdings, position, hand),
                                    discards=replace_at(self.discards, seat, discard), shown=self.shown + forced,
                                    log=self.with_events(Event(line, notable=bool(forced))))
        if all(state.discards):
            return dataclasses.replace(state, phase="play1", trick=Trick(self.opposite))  # K-5: Opposite leads
        return state

    def _chose(self, seat: int, n: int) -> ManchesterState:
        choices = (n, self.choices[1]) if seat == 0 else (self.choices[0], n)
        state = dataclasses.replace(self, choices=choices,
                                    log=self.with_events(Event(f"{player(seat)} has chosen")))
        if None in choices:
            return state
        mine = {self.dealer: (0, 1), self.opposite: (2, 3)}
        held = {s: self.candidates[mine[s][choices[s] or 0]] for s in (0, 1)}
        dummy = {s: self.candidates[mine[s][1 - (choices[s] or 0)]] for s in (0, 1)}
        holdings = (held[self.dealer], held[self.opposite], dummy[self.dealer], dummy[self.opposite])
        line = Event("Both have chosen: the dummies are turned face up", notable=True)
        return dataclasses.replace(state, phase="play2", holdings=holdings, candidates=(), trick=Trick(0),
                                   log=state.with_events(line))

    def _laid_aside(self, aside: tuple[str, ...]) -> ManchesterState:
        hand = tuple(c for c in self.holdings[0] if c not in aside)
        discards = replace_at(self.discards, self.dealer, self.discards[self.dealer] + aside)
        line = Event(f"{player(self.dealer)} lays aside " + " ".join(cards.short(c, "tarot") for c in aside),
                     notable=True)
        return dataclasses.replace(self, phase="play2", holdings=replace_at(self.holdings, 0, hand), discards=discards,
                                   shown=self.shown + aside, trick=Trick(0), log=self.with_events(line))

    def _played(self, card: str) -> ManchesterState:
        position = self.to_play
        assert position is not None
        hand = tuple(c for c in self.holdings[position] if c != card)
        trick = self.trick.add(position, card)
        fool = (position, len(self.won)) if card == FOOL else self.fool
        state = dataclasses.replace(self, holdings=replace_at(self.holdings, position, hand), trick=trick, fool=fool)
        if not trick.complete(self.positions):
            return state
        taker = pack.winner(trick)
        won = self.won + ((taker, trick),)
        line = Event(f"{self.position_name(taker)} takes the trick ({pack.total(trick.cards)} points)")
        state = dataclasses.replace(state, won=won, last_trick=(taker, trick), log=state.with_events(line))
        if any(state.holdings):
            leader = taker
            if self.phase == "play1":  # K-5: the lead alternates, whoever won
                leader = self.opposite if len(won) % 2 == 0 else self.dealer
            return dataclasses.replace(state, trick=Trick(leader))
        return state._part_over()

    def position_name(self, position: int) -> str:
        if self.phase == "play1":
            return player(position)
        owner = self.owner(position)
        if owner == DUMMY:
            return "the dummy"
        own = self.position_of(owner) == position
        return player(owner) if own else f"{player(owner)}'s dummy"

    # -- scoring ---------------------------------------------------------------------------------
    def part_piles(self) -> dict[int, list[str]]:
        """Each pile at the end of this part, the Fool settled (K-3, K-4; K-6 in the second part)."""
        piles = pack.piles(self.won, self.owner)
        if self.phase == "play1":
            for seat in (0, 1):
                piles.setdefault(seat, []).extend(self.discards[seat])
        else:
            aside = self.discards[self.dealer][FIRST_DISCARD:]
            if aside:  # Truffle: the dealer's cards laid aside, lost to Opposite with no trick won
                dealer_tricks = sum(1 for p, _ in self.won if self.owner(p) == self.dealer)
                piles.setdefault(self.dealer if dealer_tricks else self.opposite, []).extend(aside)
        if self.fool is not None:
            came_from, trick_no = self.fool
            taker = self.owner(self.won[trick_no][0])
            owner = self.owner(came_from)
            took = any(self.owner(p) == owner for p, _ in self.won)  # K-3: a discard is not a trick
            piles = pack.settle_fool(piles, owner, taker, last_trick=trick_no == len(self.won) - 1,
                                     lost_on_last=self.phase == "play2", owner_took_a_trick=took)
        return piles

    def _part_over(self) -> ManchesterState:
        piles = self.part_piles()
        if self.phase == "play1":
            first = (pack.total(piles.get(0, [])) - self.announced[0], pack.total(piles.get(1, [])) - self.announced[1])
            line = Event(f"Manchester scores: {player(0)} {first[0]:+d}, {player(1)} {first[1]:+d}", notable=True)
            first_piles = tuple(tuple(piles.get(s, [])) for s in (0, 1))
            state = dataclasses.replace(self, first=first, first_piles=first_piles, log=self.with_events(line),
                                        fool=None, won=(), last_trick=None)
            return state._second_deal()
        tricks_won = [sum(1 for p, _ in self.won if self.owner(p) == s) for s in (0, 1)]
        second = (pack.total(piles.get(0, [])) + tricks_won[0], pack.total(piles.get(1, [])) + tricks_won[1])
        totals = (self.first[0] + second[0], self.first[1] + second[1])
        diff = abs(totals[0] - totals[1])
        gained = (diff if totals[0] > totals[1] else 0, diff if totals[1] > totals[0] else 0)
        game_points = (self.game_points[0] + gained[0], self.game_points[1] + gained[1])
        what = "Piccadilly" if not self.truffle else "Truffle"
        verdict = ("the hand is level" if not diff else
                   f"{player(0 if gained[0] else 1)} wins the hand by {diff}")
        line = Event(f"{what} scores: {player(0)} {second[0]}, {player(1)} {second[1]}; hand totals "
                     f"{totals[0]} and {totals[1]}: {verdict}", notable=True)
        record = {"hand": self.hand_no + 1, "dealer": self.dealer, "announced": list(self.announced),
                  "first": list(self.first), "second": list(second), "tricks": tricks_won,
                  "totals": list(totals), "gained": list(gained), "game_points": list(game_points),
                  "fool": self._fool_note(),
                  "piles": {"first": [list(p) for p in self.first_piles],
                            "second": [piles.get(0, []), piles.get(1, []), piles.get(DUMMY, [])],
                            "out_of_play": list(self.out_of_play)}}
        state = dataclasses.replace(self, second=second, game_points=game_points, log=self.with_events(line),
                                    round_ends=self.round_ends + (record,))
        if self.hand_no + 1 >= HANDS:
            return state._finish()
        return self.rules.deal_hand(state, self.hand_no + 1)  # type: ignore[attr-defined,no-any-return]

    def _fool_note(self) -> dict[str, Any] | None:
        """Where the Fool went this part: whose it was, who took its trick (None while that trick is
        being played) and whether it is lost to them (K-6)."""
        if self.fool is None:
            return None
        came_from, trick_no = self.fool
        done = trick_no < len(self.won)
        return {"owner": self.owner(came_from), "taker": self.owner(self.won[trick_no][0]) if done else None,
                "lost": done and self.phase == "play2" and trick_no == len(self.won) - 1 and not any(self.holdings)}

    def _second_deal(self) -> ManchesterState:
        rest = self.stock
        if self.truffle:
            hands, left = decks.deal_round(rest, [16, 16, 16])
            dealer_hand = tuple(hands[0]) + tuple(left[:3])
            holdings = (dealer_hand, tuple(hands[2]), tuple(hands[1]))  # dealer, dummy, opposite
            line = Event(f"Truffle: sixteen cards each and to the dummy; {player(self.dealer)} takes three more "
                         "and lays three aside", notable=True)
            return dataclasses.replace(self, phase="discard2", holdings=holdings, out_of_play=tuple(left[3:]),
                                       trick=Trick(0), log=self.with_events(line))
        dealt, _ = decks.deal_round(rest, [13, 13, 13, 13])
        line = Event("Piccadilly: two hands of thirteen to each player; each chooses one to hold", notable=True)
        return dataclasses.replace(self, phase="choose", candidates=tuple(tuple(h) for h in dealt), holdings=(),
                                   choices=(None, None), log=self.with_events(line))

    def _finish(self) -> ManchesterState:
        board = leaders(list(self.game_points))
        detail = (f"{board.names} wins on game points, {self.game_points[0]} to {self.game_points[1]}"
                  if board.winners else f"level on game points, {self.game_points[0]} each")
        return dataclasses.replace(self, result=Outcome(self.game_points, board.winners, detail),
                                   log=self.with_events(Event(detail, notable=True)))

    # -- presentation ----------------------------------------------------------------------------
    def status(self, seat: int | None) -> str:
        if self.result is not None:
            return f"Game over: {self.result.detail}."
        hand = f"Hand {self.hand_no + 1} of {HANDS}"
        if self.phase == "discard":
            waiting = " and ".join(player(s) for s in sorted(self.to_move))
            return f"{hand}, Manchester: {waiting} to discard three"
        if self.phase == "choose":
            waiting = " and ".join(player(s) for s in sorted(self.to_move))
            return f"{hand}, Piccadilly: {waiting} to choose a hand to hold"
        if self.phase == "discard2":
            return f"{hand}, Truffle: {player(self.dealer)} to lay three cards aside"
        position = self.to_play
        assert position is not None
        part = "Manchester" if self.phase == "play1" else ("Truffle" if self.truffle else "Piccadilly")
        who = self.position_name(position)
        mover = self.controller(position)
        doing = f"{who} to play" if self.owner(position) == mover and self.position_of(mover) == position else \
            f"{player(mover)} to play from {who if who != player(mover) else 'their hand'}"
        return f"{hand}, {part}, trick {len(self.won) + 1}: {doing}"

    def _view(self, seat: int | None) -> dict[str, Any]:
        mine = seat in (0, 1)
        start = max(self.log_from, len(self.log) - 10)
        positions = [{
            "owner": self.owner(p),
            "dummy": self.is_dummy(p),
            "count": len(held),
            "cards": pack.ORDER.sort(held) if self.seen_by(p, seat) else None,
            "controller": self.controller(p),
            "tricks": sum(1 for q, _ in self.won if q == p),
            "points": pack.total(c for q, t in self.won if q == p for c in t.cards),
        } for p, held in enumerate(self.holdings)]
        candidates = None
        if self.phase == "choose" and mine and seat is not None:
            own = (0, 1) if seat == self.dealer else (2, 3)
            candidates = [{"cards": pack.ORDER.sort(self.candidates[i]), "points": pack.total(self.candidates[i])}
                          for i in own]
        playing = self.phase in ("play1", "play2") and self.result is None
        return {
            "log": [e.text for e in self.log[start:]],
            "hand_no": self.hand_no + 1,
            "hands_total": HANDS,
            "dealer": self.dealer,
            "phase": self.phase,
            "second_part": "truffle" if self.truffle else "piccadilly",
            "announced": list(self.announced),
            "first": list(self.first) if self.phase not in ("discard", "play1") else None,
            "game_points": list(self.game_points),
            "positions": positions,
            "to_play": self.to_play,
            "trick": self.trick.to_json() if playing else None,
            "trick_no": len(self.won) + 1 if playing else None,
            "last_trick": None if self.last_trick is None else {**self.last_trick[1].to_json(),
                                                                "winner": self.last_trick[0]},
            "shown": list(self.shown),
            "my_discards": list(self.discards[seat]) if mine and seat is not None else None,
            "chosen": [c is not None for c in self.choices] if self.phase == "choose" else None,
            "candidates": candidates,
            "hand": pack.ORDER.sort(self.holdings[self.position_of(seat)])
            if mine and seat is not None and self.phase != "choose" else None,
            "fool": self._fool_note() if playing else None,
        }


# What a newcomer is told, once for each kind of moment: general words that name no card.
COACHING: dict[str, str] = {
    "discard": ("Put three cards face down on your own pile: their points are yours already. Trumps, Honours "
                "and Kings may go only if nothing else can"),
    "lay-aside": ("Lay three cards face up on your pile before the dummy is shown: they are yours if you win a "
                  "trick this part. No Honours or Kings"),
    "choose": ("Two hands are yours: keep one to hold and the other becomes your dummy, face up. You play both, "
               "and both win tricks for you"),
    "lead": ("You lead: any card; the other follows suit, else trumps. Here the lead takes turns, whoever wins "
             f"(K-5). Suits run {SUIT_ORDER}"),
    "lead-winner": ("You lead: any card. Now the trick's winner leads the next, and every trick you take is a "
                    "point besides the points in it"),
    "dummy": ("You play your dummy's cards as well as your hand's: it is face up for both of you, and its "
              "tricks count for you"),
    "truffle-dummy": ("You play the dummy this trick (you take turns with it). A trick the dummy wins counts "
                      "for nobody: use it to beat or to bury points"),
    "after-fool": ("The Fool was led: it can never win, so your card sets the suit the next player must follow "
                   "(K-3)"),
    "follow": (f"Follow the suit led ({SUIT_ORDER}). Play high to take the trick and its points, or low to keep "
               "your strong cards for later"),
    "trumps-led": ("Trumps were led: you must play a trump, higher than the best one in the trick if you can. "
                   "With no trump at all, play anything"),
    "trump": ("You have none of the suit led, so you must play a trump, higher than any trump already in the "
              "trick if you can. The highest trump wins"),
    "throw": "You hold neither the suit led nor a trump: any card may go, but it cannot win. Give one worth little",
    "excuse": ("You hold the Fool: it may go instead of the card you owe. It never wins, comes back to you, and "
               "costs you a cheap card at the end (K-3)"),
    "fool-last": ("You hold the Fool with two tricks to go: played to the last trick of this part it is lost (K-6), "
                  "so this is its last chance to come home"),
}


def example_caption(state: ManchesterState, seat: int) -> str:
    """What the example pictures, from the seat to move: the moment it faces, in a line."""
    position = state.to_play
    assert position is not None
    part = "Manchester" if state.phase == "play1" else ("Truffle" if state.truffle else "Piccadilly")
    trick = f"trick {len(state.won) + 1} of {part}"
    kind, _ = state._moment(seat)
    led = state.trick.led_card((FOOL,))
    suit = suit_words(led)
    first = state.trick.leader
    leader = state.position_name(first) if state.owner(first) != seat else state.whose(first, seat)
    leader = "you" if leader == "your hand" else leader
    if kind in ("dummy", "truffle-dummy"):
        return f"Your turn in {trick}, playing from {state.whose(position, seat)}, face up for both of you"
    if kind == "trump":
        return f"Your turn in {trick}: {leader} led {suit} and you have none, so you must trump (K-2)"
    if kind == "follow":
        return f"Your turn in {trick}: follow {suit}, high to take the trick or low to keep your strength"
    if kind == "trumps-led":
        return f"Your turn in {trick}: {leader} led a trump, so you must play a higher one if you can (K-2)"
    if kind in ("lead", "lead-winner"):
        return f"Your turn to lead {trick}: any card may go"
    return f"Your turn in {trick}"


class ManchesterRules(Rules):
    """Both games; the subclass names which second part follows Manchester."""

    player_counts = (2,)
    card_order = pack.ORDER
    family: ClassVar[cards.Family] = "tarot"
    options = (Option("first_dealer", "seat", None, "Who deals the first hand"),)
    # The example /rules opens with: the Normal computer's first moves of a game from this seed,
    # up to a moment of the second part (the tests hold them to what the computer plays).
    example_seed: ClassVar[int] = 1
    example_moves: ClassVar[tuple[str, ...]] = ()

    def example(self) -> Example[State]:
        """The Normal computer's first moves from ``example_seed`` (``example_moves``: both discards,
        the ten tricks of Manchester and into the second part), at a seat with a real choice."""
        state = self.new_game(2, seed=self.example_seed)
        assert isinstance(state, ManchesterState)
        for token in self.example_moves:
            state = state.apply(min(state.to_move), token)
        seat = min(state.to_move)
        return Example(state, seat, example_caption(state, seat))

    def _new_game(self, players: int, seed: int, options: Mapping[str, OptionValue],
                  deck: tuple[str, ...] | None) -> ManchesterState:
        first = options["first_dealer"]
        dealer = int(first) if isinstance(first, int) else decks.rng(seed, "dealer").randrange(2)
        state = ManchesterState(rules=self, players=players, seed=seed, options=dict(options), deck=deck,
                                dealer=dealer)
        return self.deal_hand(state, 0)

    def deal_hand(self, state: ManchesterState, hand_no: int) -> ManchesterState:
        """A hand's first part: a fresh shuffle (the stacked deck for the first hand), 13 cards
        each one at a time, seat 0 first; the rest kept in order for the second part."""
        dealer = state.dealer if hand_no == 0 else 1 - state.dealer
        order = decks.stack(decks.tarot(), state.deck if hand_no == 0 else None, decks.rng(state.seed, "deal", hand_no))
        hands, rest = decks.deal_round(order, [FIRST_HAND, FIRST_HAND])
        announced = (pack.total(hands[0]), pack.total(hands[1]))
        line = Event(f"Hand {hand_no + 1}: {player(dealer)} deals. Hand values: {player(0)} {announced[0]}, "
                     f"{player(1)} {announced[1]}", notable=True)
        fresh = dataclasses.replace(
            state, hand_no=hand_no, dealer=dealer, phase="discard", stock=tuple(rest),
            holdings=(tuple(hands[0]), tuple(hands[1])), announced=announced, discards=((), ()), shown=(),
            candidates=(), choices=(None, None), out_of_play=(), trick=NO_TRICK, won=(), fool=None, first=(0, 0),
            first_piles=(), second=(0, 0), last_trick=None, log_from=len(state.log))
        return dataclasses.replace(fresh, log=fresh.with_events(line))

    def parse_action(self, token: str) -> Action:
        check_token(token)
        verb, _, arg = token.partition(":")
        if verb == "choose" and arg in ("0", "1"):
            return choose(int(arg))
        named = cards.split(arg)
        if verb in ("play", "discard") and named and all(cards.is_card(c, "tarot") for c in named) and (
                verb == "discard" or len(named) == 1) and len(set(named)) == len(named):
            return CardsMove(verb, tuple(named))
        raise IllegalAction(f"{token!r} is not a move here (play:<card>, discard:<three cards> or choose:0/1)")
