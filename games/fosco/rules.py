"""Fosco: counts to 21 with a suit obligation; 2 players, or 4 in partnerships (docs/rules/fosco.md)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from games.core import cards, decks
from games.core.actions import Action, check_token
from games.core.base import Event, Outcome, Rules, TurnState, player
from games.core.cards import CardOrder
from games.core.errors import IllegalAction
from games.core.options import Option, OptionValue
from games.core.teaching import Coaching, Example

from . import counting
from .counting import HAND_ORDER, LIMIT, CardRules, Effect
from .guide import GUIDE
from .view import FoscoPart, FoscoView


@dataclass(frozen=True)
class Play(Action):
    card: str
    # The count after this card, shown on the button; not part of the move's identity.
    count_after: int | None = field(default=None, compare=False)

    @property
    def token(self) -> str:
        return f"play:{self.card}"

    @property
    def label(self) -> str:
        text = cards.short(self.card)
        return text if self.count_after is None else f"{text} \u2192 {counting.show(self.count_after)}"


# The moment /rules pictures (FoscoRules.example): what the computer plays from seed 3, two players.
EXAMPLE_SEED = 3
EXAMPLE_MOVES = ("8S", "AS", "9S", "2S", "10S", "3S", "5S", "QS", "4S", "KS",
                 "8H", "JS", "AH", "6S", "QH", "7S", "6C", "KH", "3C", "10H")
# What a King does under each rule, for a newcomer (after "Kings here").
KING_SAYS = {
    "double": "double the count, but only while it is 10 or less (F-6)",
    "fives": "raise the count to the next multiple of 5",
    "squares": "raise the count to the next square number (1, 4, 9, 16)",
    "primes": "raise the count to the next prime number",
    "led": "add what the count's first card came to",
}


def rules_for(options: Mapping[str, OptionValue]) -> CardRules:
    """The table's rules for Kings, Queens, Jacks and Jokers (the latter three optional extras)."""
    return CardRules(*(str(options.get(name) or default) for name, default in
                       (("king", "double"), ("queen", "zero"), ("jack", "copy"), ("joker", "half"))))


def side_of(seat: int, players: int) -> int:
    return seat % 2 if players == 4 else seat


@dataclass(frozen=True, kw_only=True, repr=False)
class FoscoState(TurnState):
    deal: int = 0
    hands: tuple[tuple[str, ...], ...] = ()
    pile: tuple[tuple[int, str], ...] = ()  # the count in progress: (seat, card) in order
    count: int = 0  # half-points
    previous: Effect | None = None  # effect of the last card of this count (what a Jack copies)
    led: int = 0  # what the `led` King rule adds in this count
    captured: tuple[tuple[str, ...], ...] = ()  # per side
    totals: tuple[int, ...] = ()  # per side, over the game
    deal_scores: tuple[tuple[int, ...], ...] = ()  # per finished deal, per side

    # -- the contract ----------------------------------------------------------------------
    @property
    def king_rule(self) -> str:
        return self.str_option("king")

    @property
    def card_rules(self) -> CardRules:
        return rules_for(self.options)

    def _playable(self, seat: int) -> tuple[str, ...]:
        return counting.playable(self.hands[seat], self.count, self.previous, self.card_rules, self.led)

    def _legal(self, seat: int) -> tuple[Action, ...]:
        return tuple(
            Play(c, self._after(c)) for c in self.rules.sort_cards(self._playable(seat))
        )

    def _step(self, card: str) -> tuple[Effect, int, int]:
        return counting.step(card, self.count, self.previous, self.led, self.card_rules, not self.pile)

    def _after(self, card: str) -> int:
        return self._step(card)[1]

    def why_illegal(self, seat: int, action: Action) -> str:
        if not isinstance(action, Play):
            return "in Fosco you can only play a card"
        hand = self.hands[seat]
        if action.card not in hand:
            return f"you do not hold the {cards.name(action.card)}"
        why = self._refusal(seat, action.card)
        now = counting.current_suit(hand)
        if why == "suit" and now is not None:
            return f"you must play {cards.SUIT_NAMES['standard'][now]} while you hold any"
        if why == "double":
            return (f"a card that doubles may not be played on a count above 10 "
                    f"(it stands at {counting.show(self.count)})")
        if why == "limit":
            return (f"the {cards.name(action.card)} would take the count past 21 "
                    f"(it stands at {counting.show(self.count)})")
        return super().why_illegal(seat, action)

    def _refusal(self, seat: int, card: str) -> counting.Refusal | None:
        """Why ``seat`` may not play ``card`` now (None: it may): the test the legal moves make."""
        return counting.refusal(self.hands[seat], card, self.count, self.previous, self.card_rules, self.led)

    def held(self, seat: int) -> tuple[str, ...]:
        return tuple(self.rules.sort_cards(self.hands[seat])) if 0 <= seat < len(self.hands) else ()

    def why_not(self, seat: int) -> dict[str, str]:
        if seat not in self.to_move:
            return {}
        reasons: dict[str, str] = {}
        for card in self.held(seat):
            why = self._refusal(seat, card)
            if why is not None:
                reasons[card] = self._refusal_text(seat, card, why)
        return reasons

    def _refusal_text(self, seat: int, card: str, why: counting.Refusal) -> str:
        """A refusal in plain words, for the seat that holds ``card``."""
        if why == "suit":
            now = counting.current_suit(self.hands[seat])
            names = cards.SUIT_NAMES["standard"]
            return f"You must play out your {names[now or 'S']} before your {names[counting.suit(card)]}"
        if why == "double":
            now = f"and it is {counting.show(self.count)}"
            if counting.own_effect(card, self.card_rules) is None:
                return f"This Jack would copy a doubling: only a count of 10 or less may double, {now} (F-6)"
            if card.startswith("X"):
                return f"A Joker that doubles may go only on a count of 10 or less, {now} (F-6, F-7)"
            if card.startswith("K"):
                return f"A King may double only a count of 10 or less, {now} (F-6)"
            rank = cards.RANK_NAMES[cards.parse(card).rank]
            return f"A {rank} that doubles may go only on a count of 10 or less, {now} (F-6, F-8)"
        return f"{cards.short(card)} would take the count to {counting.show(self._after(card))}, past 21"

    def ends_count(self, seat: int, card: str) -> bool:
        """Whether ``card``, played now by ``seat`` (to move), ends the count so that it takes the
        pile: the next player has no card that may go (F-3), or none at all (F-4), or it was the
        deal's last card. The test :meth:`_settle` makes."""
        effect, count, led = self._step(card)
        hands = list(self.hands)
        rest = list(hands[seat])
        rest.remove(card)
        hands[seat] = tuple(rest)
        if not any(hands):
            return True
        nxt = hands[(seat + 1) % self.players]
        return not nxt or not counting.playable(nxt, count, effect, self.card_rules, led)

    def coaching(self, seat: int) -> Coaching | None:
        if seat not in self.to_move:
            return None
        legal = self._playable(seat)
        if len(legal) == 1:
            return Coaching("forced", "Only one of your cards may go now: the suit order and the 21 limit rule "
                                      "out the rest. Play it and see where the count goes")
        if any(self.ends_count(seat, c) for c in legal):
            return Coaching("take", "You can end this count now: play a card that leaves the next player nothing "
                                    "that fits, and every card in the count is yours")
        if not self.pile:
            return Coaching("lead", "You start a new count: play any card of your current suit. Whoever plays "
                                    "the count's last card takes every card in it")
        if any(c.startswith("K") for c in legal):
            return Coaching("king", f"Kings here {KING_SAYS[self.king_rule]}. A big jump can bring the count to "
                                    "21, or past what the next player can follow")
        return Coaching("follow", "Add a card to the count without passing 21. If the next player then has no "
                                  "card that fits, the count ends and its cards are yours")

    def _apply(self, seat: int, action: Action) -> FoscoState:
        assert isinstance(action, Play)
        card = action.card
        effect, count, led = self._step(card)
        hands = list(self.hands)
        hand = list(hands[seat])
        hand.remove(card)
        hands[seat] = tuple(hand)
        played = Event(f"{player(seat)} plays {cards.short(card)}: {counting.show(count)}")
        state = dataclasses.replace(
            self, hands=tuple(hands), pile=self.pile + ((seat, card),), count=count,
            previous=effect, led=led, log=self.with_events(played),
        )
        return state._settle((seat + 1) % self.players)

    # -- flow between plays ----------------------------------------------------------------
    def _settle(self, nxt: int) -> FoscoState:
        """Pass the turn on, or end the count (F-3, F-4), or end the deal."""
        if not any(self.hands):
            return self._capture()._end_deal()
        if self.hands[nxt] and self._playable(nxt):
            return dataclasses.replace(self, turn=nxt)
        # The next player cannot play (F-3) or has no cards (F-4): the count ends, and they lead
        # the next one if they hold cards, else the next player in turn who does.
        leader = nxt
        while not self.hands[leader]:
            leader = (leader + 1) % self.players
        return dataclasses.replace(self._capture(), turn=leader)

    def _capture(self) -> FoscoState:
        if not self.pile:
            return self
        taker = self.pile[-1][0]
        side = side_of(taker, self.players)
        captured = list(self.captured)
        captured[side] = captured[side] + tuple(c for _, c in self.pile)
        note = Event(f"{player(taker)} takes the count at {counting.show(self.count)}: "
                     f"{', '.join(cards.short(c) for _, c in self.pile)}", notable=True)
        return dataclasses.replace(
            self, captured=tuple(captured), pile=(), count=0, previous=None, led=0,
            log=self.with_events(note),
        )

    def _end_deal(self) -> FoscoState:
        points = tuple(counting.deal_points(pile) for pile in self.captured)
        totals = tuple(t + p for t, p in zip(self.totals, points, strict=True))
        taken = [[sum(1 for c in pile if counting.suit(c) == s) for s in HAND_ORDER] for pile in self.captured]
        deals, target = self.int_option("deals"), self.int_option("target")
        # Each card over six in a suit scores the suit's weight (Scoring): the account says which did.
        accounts = " \u00b7 ".join(f"{self._side_name(side)} {points[side]} ({_suit_account(taken[side])})"
                                    for side in range(len(points)))
        goal = f"{deals} deals" if deals else f"first to {target}"
        lines = (Event(f"Deal {self.deal + 1} scored: {accounts}", notable=True),
                 Event(f"Game: {self._by_side(totals)} ({goal})", notable=True))
        record = {"deal": self.deal + 1, "taken": taken, "points": list(points), "totals": list(totals),
                  "sides": [[s for s in range(self.players) if side_of(s, self.players) == side]
                            for side in range(len(points))],
                  "target": target, "deals": deals}
        state = dataclasses.replace(self, totals=totals, deal_scores=self.deal_scores + (points,),
                                    round_ends=self.round_ends + (record,), log=self.with_events(*lines))
        if (deals and self.deal + 1 >= deals) or (not deals and max(totals) >= target):
            return state._finish()
        return state._next_deal()

    def _next_deal(self) -> FoscoState:
        deal = self.deal + 1
        hands = _deal_hands(self.players, self.int_option("jokers"), self.seed, deal, None)
        return dataclasses.replace(
            self, deal=deal, hands=hands, captured=tuple(() for _ in self.captured),
            turn=deal % self.players,  # F-5: the first leader moves one seat each deal
        )

    def _finish(self) -> FoscoState:
        totals = self.totals
        best = max(totals)
        winning_sides = [s for s, t in enumerate(totals) if t == best]
        if len(winning_sides) > 1:
            winners: frozenset[int] = frozenset()
            detail = f"Drawn at {best} all"
        else:
            winners = frozenset(s for s in range(self.players) if side_of(s, self.players) == winning_sides[0])
            loser = max(t for s, t in enumerate(totals) if s != winning_sides[0])
            verb = "wins" if self.players == 2 else "win"
            detail = f"{self._side_name(winning_sides[0])} {verb}, {best} to {loser}"
        scores = tuple(totals[side_of(s, self.players)] for s in range(self.players))
        sides = tuple(tuple(s for s in range(self.players) if side_of(s, self.players) == side)
                      for side in range(2)) if self.players == 4 else ()
        result = Outcome(scores, winners, detail, sides)
        return dataclasses.replace(self, result=result, log=self.with_events(Event(detail, notable=True)))

    # -- presentation ------------------------------------------------------------------------
    def _side_name(self, side: int) -> str:
        if self.players == 2:
            return player(side)
        return f"{player(side)} & {player(side + 2)}"

    def _by_side(self, numbers: tuple[int, ...]) -> str:
        return ", ".join(f"{self._side_name(side)} {n}" for side, n in enumerate(numbers))

    def status(self, seat: int | None) -> str:
        if self.result is not None:
            return f"Game over. {self.result.detail}."
        now = counting.current_suit(self.hands[self.turn])
        suit = f", from {cards.SUIT_NAMES['standard'][now]}" if now else ""
        if not self.pile:
            return f"{player(self.turn)} to lead a new count{suit}"
        return f"{player(self.turn)} to play{suit}; the count is {counting.show(self.count)}"

    def view(self, seat: int | None) -> FoscoView:
        return {**self.shared_view(seat), **self._view(seat)}

    def _view(self, seat: int | None) -> FoscoPart:
        # F-1: perfect information, so every hand is public (to spectators too).
        side_count = len(self.captured)
        rules = self.card_rules
        return {
            "king": self.king_rule,
            "card_rules": {"king": rules.king, "queen": rules.queen, "jack": rules.jack, "joker": rules.joker},
            "deal": self.deal + 1,
            "deals": self.int_option("deals"),
            "target": self.int_option("target"),
            "turn": None if self.result else self.turn,
            "count": self.count / 2,
            "count_text": counting.show(self.count),
            "pile": [{"seat": s, "card": c} for s, c in self.pile],
            "hands": [self.rules.sort_cards(h) for h in self.hands],
            "current_suits": [counting.current_suit(h) for h in self.hands],
            "sides": [[s for s in range(self.players) if side_of(s, self.players) == side]
                      for side in range(side_count)],
            "captured": [
                {s: sum(1 for c in pile if counting.suit(c) == s) for s in (*HAND_ORDER, "X")}
                for pile in self.captured
            ],
            "deal_points": [counting.deal_points(pile) for pile in self.captured],
            "totals": list(self.totals),
            "deal_scores": [list(d) for d in self.deal_scores],
            "scores": [self.totals[side_of(s, self.players)] for s in range(self.players)],
            "limit": LIMIT // 2,
        }


def _suit_account(taken: list[int]) -> str:
    """Which suits scored in a deal, for people: "\u2665 8 cards +4, \u2666 9 cards +12"."""
    scored = [f"{cards.SUIT_SYMBOLS[suit]} {n} cards +{(n - 6) * counting.SUIT_WEIGHT[suit]}"
              for suit, n in zip(HAND_ORDER, taken, strict=True) if n > 6]
    return ", ".join(scored) if scored else "no suit over 6 cards"


def _deal_hands(players: int, jokers: int, seed: int, deal: int,
                deck: tuple[str, ...] | None) -> tuple[tuple[str, ...], ...]:
    pack = decks.standard(jokers)
    order = decks.stack(pack, deck, decks.rng(seed, "deal", deal))
    hands, _ = decks.deal_round(order, decks.hand_sizes(len(pack), players))
    return tuple(tuple(h) for h in hands)


class FoscoRules(Rules):
    key = "fosco"
    title = "Fosco"
    player_counts = (2, 4)
    card_order = CardOrder(suits=HAND_ORDER)
    summary = ("Take turns adding cards to a running count that may never pass 21; whoever plays the "
               "last card of a count wins it. Hands are played out suit by suit and every card is in "
               "view, so it is a game of pure calculation. Two players, or four in partnerships.")
    guide = GUIDE
    quick_start = (
        "Win cards by playing the last card of a count, a running total that may never go past 21",
        "On your turn add one card to the count, from your spades first, then hearts, clubs and diamonds",
        "Ace to 10 add their number, a Queen 0, a Jack what the card before it did; a King follows this table's rule",
        "When all the cards are won, each suit's cards beyond six score its weight (\u26601 \u26652 \u26633 \u26664); "
        "the higher total wins",
    )
    options = (
        Option("king", "choice", "double", "What a King does to the count", choices=counting.KING_RULES),
        Option("jokers", "choice", 0, "Jokers added to the pack", choices=(0, 2, 4)),
        Option("joker", "choice", "half", "What a Joker does: add half a point, or a King's rule",
               choices=counting.JOKER_RULES, requires=("jokers", (2, 4))),
        Option("queen", "choice", "zero", "What a Queen does: count nothing, or a King's rule",
               choices=counting.QUEEN_RULES),
        Option("jack", "choice", "copy", "What a Jack does: copy the card before it, or a King's rule",
               choices=counting.JACK_RULES),
        Option("target", "int", 31, "Points that end the game (ignored when deals is set)", min=1, max=500),
        Option("deals", "int", 0, "Play exactly this many deals (0: play to the target)", min=0, max=20),
    )
    # to 31 points, a first deal won 51-0 would end a practice game
    practice_options: ClassVar[Mapping[str, OptionValue]] = {"deals": 3}

    def _new_game(self, players: int, seed: int, options: Mapping[str, OptionValue],
                  deck: tuple[str, ...] | None) -> FoscoState:
        sides = 2
        return FoscoState(
            rules=self, players=players, seed=seed, options=dict(options), deck=deck,
            hands=_deal_hands(players, int(options["jokers"] or 0), seed, 0, deck),
            turn=0,  # F-5: seat 0 leads the first count
            captured=tuple(() for _ in range(sides)),
            totals=(0,) * sides,
        )

    def example(self) -> Example[FoscoState]:
        """The computer's first twenty moves from seed 3 at a table of two (EXAMPLE_MOVES): seat 0
        faces a count of 13 with five clubs that may go, one of which takes it to 21 and the pile."""
        state = self.new_game(2, seed=EXAMPLE_SEED)
        assert isinstance(state, FoscoState)
        for card in EXAMPLE_MOVES:
            state = state.apply(state.turn, Play(card))
        seat = state.turn
        count = counting.show(state.count)
        takes = [a for a in state.legal_actions(seat)
                 if isinstance(a, Play) and a.count_after == LIMIT and state.ends_count(seat, a.card)]
        if takes:
            caption = (f"Your turn: the count is {count}; {cards.short(takes[0].card)} takes it to 21 "
                       "and wins the pile")
        else:
            caption = f"Your turn: the count is {count}; play a card that keeps it at 21 or under"
        return Example(state, seat, caption)

    def parse_action(self, token: str) -> Action:
        check_token(token)
        verb, _, arg = token.partition(":")
        if verb != "play" or not cards.is_card(arg):
            raise IllegalAction(f"{token!r} is not a Fosco move (a move looks like play:7H)")
        return Play(arg)
