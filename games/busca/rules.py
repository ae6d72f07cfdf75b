"""Busca: an Italian trick-taking game where points are to be avoided; the last trick carries
everyone's fractions, and taking every counting card (cappotto) turns the hand round
(docs/rules/busca.md, rulings B-1..B-3)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from games.core import base, cards, decks, tricks
from games.core.actions import Action, check_token
from games.core.base import Event, Outcome, Rules, TurnState, leaders, player, replace_at
from games.core.cards import SUIT_NAMES, CardOrder
from games.core.errors import IllegalAction
from games.core.options import Option, OptionValue
from games.core.teaching import Coaching, Example
from games.core.tricks import COUNTERCLOCKWISE, Trick

from .guide import GUIDE
from .scoring import counts, hand_scores, thirds, thirds_text
from .view import BuscaPart, BuscaView, HandEnd, HandScores, WonTrickView

LOW_TO_HIGH = ("4", "5", "6", "7", "J", "Q", "K", "A", "2", "3")  # the same in every suit
RANKS = tuple(reversed(LOW_TO_HIGH))  # highest first, as tricks.follow_suit_strength takes them
SUITS = ("S", "H", "C", "D")  # the order hands are sorted in (the colours alternate)
HAND_SIZES = {3: 13, 4: 10, 5: 8}
DIRECTION = COUNTERCLOCKWISE  # the deal, the play and the next dealer all go to the right
NO_TRICK = Trick(0)  # before the deal
ORDER = "3 high, then 2, Ace, King, Queen, Jack, 7 \u2026 4"  # RANKS in words: not the usual order
STRENGTH = tricks.follow_suit_strength(RANKS, cards.suit_of, cards.rank_of)
# The rules' example: four players, seat 0 dealing, and the computer's first eleven cards from
# this seed; seat 2, last to the third trick, may duck under {p3}'s 3♦ with its A♦.
EXAMPLE_SEED = 25
EXAMPLE_MOVES = ("QH", "KH", "5H", "JH", "QC", "KC", "JC", "6C", "JD", "KD", "3D")


def suit_name(card: str) -> str:
    return SUIT_NAMES["standard"][cards.suit_of(card)]


@dataclass(frozen=True)
class CardMove(Action):
    """A move of one card: ``verb:<card>``."""

    card: str
    verb: ClassVar[str]

    @property
    def token(self) -> str:
        return f"{self.verb}:{self.card}"


@dataclass(frozen=True)
class Play(CardMove):
    verb = "play"

    @property
    def label(self) -> str:
        return cards.short(self.card)


@dataclass(frozen=True)
class Discard(CardMove):
    """The three-player dealer's extra card, laid aside face down for the last trick's winner."""

    verb = "discard"

    @property
    def label(self) -> str:
        return f"Lay aside {cards.short(self.card)}"


@dataclass(frozen=True, kw_only=True, repr=False)
class BuscaState(TurnState):
    hand_no: int = 0  # hands completed so far
    dealer: int = 0
    hands: tuple[tuple[str, ...], ...] = ()
    discard: str | None = None  # three players: the dealer's card laid aside, once it is
    trick: Trick = NO_TRICK
    taken: tuple[tuple[str, ...], ...] = ()  # this hand's cards won, per seat
    tricks_won: tuple[int, ...] = ()
    last_trick: tuple[int, Trick] | None = None  # this hand's latest complete trick and its winner
    totals: tuple[int, ...] = ()
    last_hand: HandScores | None = None  # the previous hand's scores, without its cards
    # Where the view's recent log starts: the lines of the previous hand name its cards, which
    # are dealt again, so the view keeps only this hand's lines and the last hand's result.
    log_from: int = 0

    # -- the contract ----------------------------------------------------------------------
    @property
    def discarding(self) -> bool:
        return self.players == 3 and self.discard is None

    def _barred(self, seat: int) -> dict[str, str]:
        """The cards of ``seat``'s hand that may not go on the trick now, each with the rule that
        stops it (lower case): the one test behind the legal plays, ``why_illegal`` and
        ``why_not``. A card of the suit led must be played by whoever holds one; anyone holding
        none may play any card."""
        hand = self.hands[seat]
        led = self.trick.led_card()
        if led is None:
            return {}
        suit = cards.suit_of(led)
        if not any(cards.suit_of(c) == suit for c in hand):
            return {}
        rule = f"you must follow {suit_name(led)}"
        return {c: rule for c in hand if cards.suit_of(c) != suit}

    def playable(self, seat: int) -> tuple[str, ...]:
        """The cards ``seat`` may put on the trick now (following suit if able)."""
        barred = self._barred(seat)
        return tuple(c for c in self.hands[seat] if c not in barred)

    def _legal(self, seat: int) -> tuple[Action, ...]:
        if self.discarding:
            return tuple(Discard(c) for c in self.hands[seat])
        return tuple(Play(c) for c in self.playable(seat))

    def why_illegal(self, seat: int, action: Action) -> str:
        if isinstance(action, Discard):
            return "only a three-player dealer lays a card aside, before the first trick"
        assert isinstance(action, Play)
        if self.discarding:
            return f"{player(self.dealer)} lays a card aside first"
        if action.card not in self.hands[seat]:
            return f"you do not hold the {cards.name(action.card)}"
        return self._barred(seat).get(action.card) or super().why_illegal(seat, action)

    def held(self, seat: int) -> tuple[str, ...]:
        return tuple(self.rules.sort_cards(self.hands[seat])) if 0 <= seat < len(self.hands) else ()

    def why_not(self, seat: int) -> dict[str, str]:
        """Each card ``seat`` holds that may not go on the trick now, with the rule that stops it.
        While a three-player dealer lays a card aside any card may go, so there is nothing to say."""
        if seat not in self.to_move or self.discarding:
            return {}
        barred = self._barred(seat)
        return {c: f"{barred[c][0].upper()}{barred[c][1:]}" for c in self.held(seat) if c in barred}

    def coaching(self, seat: int) -> Coaching | None:
        """The moment ``seat`` faces: laying a card aside, the last trick, leading, following
        suit, or free to throw anything away (void in the suit led)."""
        if seat not in self.to_move:
            return None
        if self.discarding:
            return Coaching("discard", "You dealt, so you hold a card extra: lay one aside face down. It goes to "
                                       "whoever takes the last trick, so a costly card is a good choice")
        if len(self.hands[seat]) == 1:
            return Coaching("last-trick", "The last trick: whoever takes it scores what is left of 11 after the "
                                          "others, so it carries everyone's fractions")
        led = self.trick.led_card()
        if led is None:
            return Coaching("lead", f"You lead: any card. The top card of its suit wins the trick ({ORDER}), so a "
                                    "low one passes it and its points on")
        if any(cards.suit_of(c) == cards.suit_of(led) for c in self.hands[seat]):
            return Coaching("follow", f"Play a card of the suit led ({ORDER}). One below the best card on the "
                                      "trick lets someone else take it, with its points")
        return Coaching("void", "You have none of the suit led, so any card may go, and it cannot win: a good "
                                "moment to throw away an Ace or another costly card")

    def hidden_cards(self, seat: int | None) -> frozenset[str]:
        hidden = {c for s, hand in enumerate(self.hands) if s != seat for c in hand}
        if self.discard is not None and seat != self.dealer:
            hidden.add(self.discard)
        return frozenset(hidden)

    def _apply(self, seat: int, action: Action) -> BuscaState:
        if isinstance(action, Discard):
            hand = tuple(c for c in self.hands[seat] if c != action.card)
            line = Event(f"{player(seat)} lays one card aside, face down, for whoever takes the last trick")
            return dataclasses.replace(self, hands=replace_at(self.hands, seat, hand), discard=action.card,
                                       turn=self.trick.leader, log=self.with_events(line))
        assert isinstance(action, Play)
        hand = tuple(c for c in self.hands[seat] if c != action.card)
        trick = self.trick.add(seat, action.card)
        state = dataclasses.replace(self, hands=replace_at(self.hands, seat, hand), trick=trick,
                                    log=self.with_events(Event(f"{player(seat)} plays {cards.short(action.card)}")))
        if not trick.complete(self.players):
            return dataclasses.replace(state, turn=tricks.next_seat(seat, self.players, DIRECTION))
        return state._close_trick()

    def _close_trick(self) -> BuscaState:
        won_by = tricks.winner(self.trick, STRENGTH)
        taken = tuple(t + self.trick.cards if s == won_by else t for s, t in enumerate(self.taken))
        won = tuple(n + (1 if s == won_by else 0) for s, n in enumerate(self.tricks_won))
        last = not any(self.hands)
        worth = thirds(self.trick.cards)
        shown = " ".join(cards.short(c) for c in self.trick.cards)
        what = "the last trick" if last else "the trick"
        points = f" with {thirds_text(worth)} {'point' if worth <= 3 else 'points'}" if worth else ""
        # every trick is part of the hand's story in the channel, points or none (issue 36 point 3)
        line = Event(f"{player(won_by)} takes {what} ({shown}){points}", notable=True)
        state = dataclasses.replace(self, taken=taken, tricks_won=won, last_trick=(won_by, self.trick),
                                    trick=Trick(won_by), turn=won_by, log=self.with_events(line))
        return state._score_hand(won_by) if last else state

    def _score_hand(self, last: int) -> BuscaState:
        """The hand is over: the discard goes to the last trick's winner, and each seat scores."""
        piles = [list(t) + ([self.discard] if s == last and self.discard else []) for s, t in enumerate(self.taken)]
        taken = [thirds(p) for p in piles]
        scores, cappotto = hand_scores(taken, last)
        totals = tuple(t + s for t, s in zip(self.totals, scores, strict=True))
        number = self.hand_no + 1
        summary: HandScores = {
            "hand": number, "dealer": self.dealer, "last_trick": last, "cappotto": cappotto,
            "thirds": taken, "scores": list(scores), "totals": list(totals), "tricks": list(self.tricks_won),
        }
        state = self
        if self.discard is not None:
            aside = Event(f"The card laid aside, {cards.short(self.discard)}, goes to {player(last)}")
            state = dataclasses.replace(self, log=self.with_events(aside))
        lines = []
        if cappotto is not None:
            lines.append(Event(f"Cappotto! {player(cappotto)} took every counting card: 0 for them and 11 "
                               "for everyone else", notable=True))
        each = ", ".join(f"{player(s)} {n}" for s, n in enumerate(scores))
        lines.append(Event(f"Hand {number} scores: {each} \u00b7 totals "
                           + ", ".join(f"{player(s)} {n}" for s, n in enumerate(totals)), notable=True))
        record: HandEnd = {**summary, "discard": self.discard, "final_trick": self.trick_json(last, self.trick),
                  "counting": [sorted((c for c in p if counts(c)), key=self.rules.card_order.key) for p in piles]}
        state = dataclasses.replace(state, hand_no=number, totals=totals, last_hand=summary,
                                    round_ends=(*self.round_ends, dict(record)), log_from=len(state.log),
                                    log=state.with_events(*lines))
        target, hands = self.int_option("target"), self.int_option("hands")
        if (hands and number >= hands) or (not hands and max(totals) >= target):
            return state._finish()
        return state._deal(tricks.next_seat(self.dealer, self.players, DIRECTION))

    def _deal(self, dealer: int) -> BuscaState:
        hands = _deal_hands(self.players, dealer, self.seed, self.hand_no, None)
        return _start_hand(dataclasses.replace(self, dealer=dealer, hands=hands, discard=None))

    def _finish(self) -> BuscaState:
        low, top, winners, names = leaders(self.totals, low=True)  # B-3; all level is a draw
        detail = (f"Everyone ends level on {low} points" if not winners else
                  f"{names} {'wins' if len(top) == 1 else 'share the win'} with the lowest total, {low} points")
        return dataclasses.replace(self, result=Outcome(self.totals, winners, detail),
                                   log=self.with_events(Event(detail, notable=True)))

    # -- presentation ------------------------------------------------------------------------
    def status(self, seat: int | None) -> str:
        if self.result is not None:
            return f"Game over. {self.result.detail}."
        if self.discarding:
            return f"{player(self.dealer)} to lay one card aside, face down"
        led = self.trick.led_card()
        if led is None:
            return f"{player(self.turn)} to lead"
        return f"{player(self.turn)} to play \u00b7 {suit_name(led)} led by {player(self.trick.leader)}"

    def trick_json(self, won_by: int, trick: Trick) -> WonTrickView:
        return {**trick.to_view(), "winner": won_by, "thirds": thirds(trick.cards)}

    def view(self, seat: int | None) -> BuscaView:
        return {**self.shared_view(seat), **self._view(seat)}

    def _view(self, seat: int | None) -> BuscaPart:
        mine = seat is not None and 0 <= seat < self.players
        counting = [sorted((c for c in t if counts(c)), key=self.rules.card_order.key) for t in self.taken]
        start = max(self.log_from, len(self.log) - base.VIEW_LOG_LINES)
        return {
            "log": [e.text for e in self.log[start:]],
            "hand_no": self.hand_no + (0 if self.result else 1),
            "hands_total": self.int_option("hands"),
            "target": self.int_option("target"),
            "dealer": self.dealer,
            "turn": None if self.result else self.turn,
            "direction": DIRECTION,
            "discarding": self.discarding and self.result is None,
            "trick": None if self.result else self.trick.to_view(),
            "last_trick": None if self.last_trick is None else self.trick_json(*self.last_trick),
            "counts": [len(h) for h in self.hands],
            "tricks": list(self.tricks_won),
            "taken_thirds": [thirds(t) for t in self.taken],
            "counting": counting,
            "set_aside": self.players == 3 and self.discard is not None and self.result is None,
            "totals": list(self.totals),
            "scores": list(self.totals),
            "low_wins": True,
            "last_hand": self.last_hand,
            "hand": self.rules.sort_cards(self.hands[seat]) if seat is not None and mine else None,
            "discard": self.discard if mine and seat == self.dealer and self.result is None else None,
            "playable": (self.rules.sort_cards([a.card for a in self._legal(seat) if isinstance(a, Play)])
                         if seat is not None and mine and seat in self.to_move else []),
        }


def _deal_hands(players: int, dealer: int, seed: int, deal: int,
                deck: tuple[str, ...] | None) -> tuple[tuple[str, ...], ...]:
    """Every card dealt: one at a time round the table, seat 0 first (docs/design.md); with three
    players the last card goes to the dealer."""
    order = decks.stack(decks.busca(), deck, decks.rng(seed, "deal", deal))
    hands, rest = decks.deal_round(order, [HAND_SIZES[players]] * players)
    if rest:
        hands[dealer].extend(rest)
    return tuple(tuple(h) for h in hands)


def _start_hand(state: BuscaState) -> BuscaState:
    """A fresh deal: the seat to the dealer's right leads, once a three-player dealer has laid a
    card aside."""
    leader = tricks.next_seat(state.dealer, state.players, DIRECTION)
    empty = tuple(() for _ in range(state.players))
    line = Event(f"Hand {state.hand_no + 1}: {player(state.dealer)} deals and {player(leader)} leads"
                 + (f" once {player(state.dealer)} has laid a card aside" if state.players == 3 else ""))
    return dataclasses.replace(
        state, trick=Trick(leader), taken=empty, tricks_won=(0,) * state.players, last_trick=None,
        turn=state.dealer if state.players == 3 else leader, log=state.with_events(line))


class BuscaRules(Rules):
    key = "busca"
    title = "Busca"
    player_counts = (3, 4, 5)
    card_order = CardOrder(suits=SUITS, ranks=LOW_TO_HIGH)  # hands read low to high, left to right
    summary = ("Take tricks without taking points: Aces and court cards count against you, and the "
               "last trick is the worst. Lowest total wins. Three to five players.")
    guide = GUIDE
    quick_start = (
        "Avoid points: each Ace you win costs 1, and each 3, 2, King, Queen and Jack a third",
        f"Follow suit if you can; the suit led's top card wins the trick ({ORDER})",
        "A hand scores 11 in all, the last trick's taker carrying the odd thirds; at 31 the lowest total wins",
    )
    low_scores_win = True
    options = (
        Option("target", "int", 31, "The total that ends the game", min=5, max=200),
        Option("hands", "int", 0, "Hands to play (0: play until someone reaches the target)", min=0, max=30),
        Option("first_dealer", "seat", None, "Who deals first"),
    )

    def _new_game(self, players: int, seed: int, options: Mapping[str, OptionValue],
                  deck: tuple[str, ...] | None) -> BuscaState:
        first = options["first_dealer"]
        dealer = int(first) if isinstance(first, int) else decks.rng(seed, "dealer").randrange(players)
        state = BuscaState(rules=self, players=players, seed=seed, options=dict(options), deck=deck, dealer=dealer,
                           hands=_deal_hands(players, dealer, seed, 0, deck), totals=(0,) * players)
        return _start_hand(state)

    def example(self) -> Example[BuscaState]:
        """The computer's first eleven cards from EXAMPLE_SEED at a table of four: the seat to
        move plays last to a trick that a higher card of the suit led already tops."""
        state = self.new_game(4, seed=EXAMPLE_SEED, options={"first_dealer": 0})
        assert isinstance(state, BuscaState)
        for card in EXAMPLE_MOVES:
            state = state.apply(state.turn, Play(card))
        seat, led = state.turn, state.trick.led_card()
        assert led is not None
        suit = cards.suit_of(led)
        holder, top = max(((s, c) for s, c in state.trick.plays if cards.suit_of(c) == suit),
                          key=lambda play: LOW_TO_HIGH.index(cards.rank_of(play[1])))
        caption = (f"Your turn, last to play: {player(holder)}'s {cards.short(top)} tops the {suit_name(led)}; "
                   "any lower one leaves the trick and its points to them")
        return Example(state, seat, caption)

    def parse_action(self, token: str) -> Action:
        check_token(token)
        verb, _, arg = token.partition(":")
        if verb in ("play", "discard") and cards.is_card(arg) and cards.rank_of(arg) in RANKS:
            return Play(arg) if verb == "play" else Discard(arg)
        raise IllegalAction(f"{token!r} is not a Busca move (a move looks like play:QH, or discard:4C for a "
                            "three-player dealer)")
