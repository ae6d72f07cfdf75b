"""Bullshit (also called Cheat): get rid of your cards by playing them face down as the rank
the table is up to, truthfully or not; anyone may call a play and turn it up (docs/rules/bullshit.md,
rulings S-1..S-3)."""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.core import cards, decks
from games.core.actions import Action, Pick, Word, check_token
from games.core.base import Clock, Event, Outcome, Rules, State, player, replace_at
from games.core.cards import RANK_NAMES, STANDARD_RANKS, CardOrder
from games.core.errors import IllegalAction
from games.core.options import Option, OptionValue
from games.core.teaching import Coaching, Example

from .guide import GUIDE
from .view import BullshitPart, BullshitView, RevealView

CALL = Word("call", "Bullshit!")
PASS = Word("pass", "No call")
ACE_OF_SPADES = "AS"
COUNT_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")
# The example moment the rules open with: the computer's first fifteen moves at a table of four
# from this seed, when {p2} claims three 5s and {p1} holds two of them.
EXAMPLE_SEED = 18
EXAMPLE_MOVES = ("play:AS,AD", "pass", "pass", "call", "play:2H", "pass", "pass", "pass", "play:2C,3C", "call",
                 "play:2S", "pass", "pass", "pass", "play:4H,5D,5C")
EXAMPLE_SEAT = 1
COACH_CALL = ("{who} just claimed {claim}, face down. Call bullshit if you doubt it: a lie gives them the "
              "whole pile, the truth gives it to you. Or let it stand")
COACH_NEXT = ("{who} just claimed {claim} and you play next. Call bullshit, let it stand, or simply make your "
              "own play: that closes the chance to call")
COACH_LAST = ("{who} just put down their last cards: if the play stands, they win. Call bullshit to check "
              "them (a lie sends them the pile), or let it stand")
COACH_PLAY = ("Your turn: put 1 to {most} cards face down and claim they are all {rank}. The truth is safe; a "
              "lie costs you the whole pile if someone calls it")
COACH_BLUFF = ("You hold no {rank}, so whatever you put down is a bluff. Few cards keep the lie small: if "
               "someone calls, you pick up the whole pile")
COACH_OUT = ("You can put down all your cards now. You win only if the play stands, or a call finds it "
             "true; caught lying, you take the pile and play on")


def packs_for(players: int) -> int:
    """S-1: one pack up to six players, two from seven."""
    return 1 if players <= 6 else 2


def count_word(n: int) -> str:
    """"one" to "eight" (a play's most cards), else the digits."""
    return COUNT_WORDS[n] if 0 <= n < len(COUNT_WORDS) else str(n)


def rank_name(rank: str, count: int = 2) -> str:
    """"Ace", "Kings", "10s"."""
    word = RANK_NAMES[rank]
    return word if count == 1 else f"{word}s"


@dataclass(frozen=True)
class Play(Action):
    """Cards put down face down (in the table's order), to be declared as ``rank``."""

    cards: tuple[str, ...]
    rank: str = dataclasses.field(default="A", compare=False)

    @property
    def token(self) -> str:
        return f"play:{cards.join(self.cards)}"

    @property
    def label(self) -> str:
        return f"Play {' '.join(cards.short(c) for c in self.cards)} as {len(self.cards)} \u00d7 {rank_name(self.rank)}"


@dataclass(frozen=True)
class Window:
    """The challenge window after a play (S-2): who played, what they really put down, what
    they declared, the seats that may still call or pass, and whether those were their last
    cards."""

    seat: int
    cards: tuple[str, ...]
    rank: str
    waiting: frozenset[int]
    last_cards: bool
    opened: int  # the state version the play made (the clock counts from it)


@dataclass(frozen=True, kw_only=True, repr=False)
class BullshitState(State):
    dealer: int = 0
    hands: tuple[tuple[str, ...], ...] = ()
    pile: tuple[str, ...] = ()
    rank: int = 0  # the index in STANDARD_RANKS of the rank the next play declares
    turn: int = 0  # who plays next once no window is open
    window: Window | None = None
    out: tuple[int, ...] = ()  # seats out of cards, in the order they went out
    reveal: RevealView | None = None  # the latest call, shown until the next play
    claims: tuple[tuple[int, int, str], ...] = ()  # this game's plays: (seat, how many, declared rank)
    result: Outcome | None = None

    # -- the contract ----------------------------------------------------------------------
    @property
    def most(self) -> int:
        return 4 * packs_for(self.players)

    @property
    def playing(self) -> tuple[int, ...]:
        """Seats still in the game (not out of cards for good)."""
        return tuple(s for s in range(self.players) if s not in self.out)

    @property
    def to_move(self) -> frozenset[int]:
        if self.result is not None:
            return frozenset()
        if self.window is not None:
            return self.window.waiting
        return frozenset((self.turn,))

    @property
    def outcome(self) -> Outcome | None:
        return self.result

    @property
    def clock(self) -> Clock | None:
        if self.window is None or self.result is not None:
            return None
        return Clock(self.window.waiting, float(self.int_option("call_seconds")), self.window.opened)

    def next_after(self, seat: int) -> int:
        """The next seat clockwise still in the game."""
        for step in range(1, self.players + 1):
            other = (seat + step) % self.players
            if other not in self.out and self.hands[other]:
                return other
        return seat

    def can_play(self, seat: int) -> bool:
        if self.window is None:
            return seat == self.turn
        return seat == self.next_after(self.window.seat) and not self.window.last_cards

    def _legal(self, seat: int) -> tuple[Action, ...]:
        found: list[Action] = [CALL, PASS] if self.window is not None else []
        if self.can_play(seat):
            found += self.plays(seat)
        return tuple(found)

    def pick(self, seat: int) -> Pick | None:
        if seat not in self.to_move or not self.can_play(seat):
            return None
        hand = tuple(self.rules.sort_cards(self.hands[seat]))
        return Pick("play", hand, 1, min(self.most, len(hand)),
                    f"Play these as {rank_name(STANDARD_RANKS[self.rank])}")

    def offered(self, seat: int) -> tuple[Action, ...]:
        """Call and pass while a window is open; the plays are the pick."""
        return (CALL, PASS) if seat in self.to_move and self.window is not None else ()

    def plays(self, seat: int) -> list[Play]:
        """Every play ``seat`` could make: each handful of 1 to 4 (8 with two packs) of its cards,
        the same cards counted once."""
        hand = self.rules.sort_cards(self.hands[seat])
        declared = STANDARD_RANKS[self.rank]
        out: list[Play] = []
        for size in range(1, min(self.most, len(hand)) + 1):
            out += [Play(group, declared) for group in dict.fromkeys(itertools.combinations(hand, size))]
        return out

    def _match(self, seat: int, action: Action) -> Action | None:
        if isinstance(action, Play):  # checked directly: the list of plays can run to thousands
            have, want = Counter(self.hands[seat]), Counter(action.cards)
            fits = 1 <= len(action.cards) <= self.most and all(have[c] >= n for c, n in want.items())
            return Play(action.cards, STANDARD_RANKS[self.rank]) if fits and self.can_play(seat) else None
        return next((word for word in self.offered(seat) if word.token == action.token), None)

    def held(self, seat: int) -> tuple[str, ...]:
        """The seat's hand: every card of it may be put down, whatever the rank asked."""
        return tuple(self.rules.sort_cards(self.hands[seat])) if 0 <= seat < len(self.hands) else ()

    def why_not(self, seat: int) -> dict[str, str]:
        """Empty: any card may be played as the rank asked (a play need not be true), so while a
        seat may play, its pick offers its whole hand; in a call window (or when the last cards are
        down) the move is not a card, and there is nothing to say of each card."""
        pick = self.pick(seat)
        if seat not in self.to_move or pick is None:
            return {}
        return {card: "It is not in the hand you may play from" for card in self.held(seat) if card not in pick.cards}

    def coaching(self, seat: int) -> Coaching | None:
        """The moment ``seat`` faces: a claim to judge ("call-window"; "next-up" for the player who
        may also play over it; "last-cards" when the claim is a player's last cards), or its own
        play ("play"; "must-bluff" holding none of the rank asked; "going-out" when every card it
        holds may go at once)."""
        if seat not in self.to_move:
            return None
        declared = STANDARD_RANKS[self.rank]
        if self.window is not None:
            w = self.window
            who, claim = player(w.seat), f"{len(w.cards)} \u00d7 {rank_name(w.rank, len(w.cards))}"
            if w.last_cards:
                return Coaching("last-cards", COACH_LAST.format(who=who))
            if self.can_play(seat):
                return Coaching("next-up", COACH_NEXT.format(who=who, claim=claim))
            return Coaching("call-window", COACH_CALL.format(who=who, claim=claim))
        hand = self.hands[seat]
        if len(hand) <= self.most:
            return Coaching("going-out", COACH_OUT)
        if not any(cards.rank_of(c) == declared for c in hand):
            return Coaching("must-bluff", COACH_BLUFF.format(rank=rank_name(declared)))
        return Coaching("play", COACH_PLAY.format(most=self.most, rank=rank_name(declared)))

    def why_illegal(self, seat: int, action: Action) -> str:
        if isinstance(action, Play):
            if not self.can_play(seat):
                if self.window is not None and self.window.last_cards:
                    return "those were their last cards: call it or let it stand first"
                return "it is not your turn to play"
            if not 1 <= len(action.cards) <= self.most:
                return f"play 1 to {self.most} cards"
            return "you do not hold those cards"
        return "there is no play to call now" if self.window is None else "that is not a move now"

    def hidden_cards(self, seat: int | None) -> frozenset[str]:
        hidden = {c for s, hand in enumerate(self.hands) if s != seat for c in hand} | set(self.pile)
        shown = set(self.reveal["cards"]) if self.reveal else set()  # turned up by a call, until the next play
        own = set(self.hands[seat]) if seat is not None and 0 <= seat < self.players else set()
        return frozenset(hidden - shown - own)  # with two packs a hidden card may be the twin of one held

    def _apply(self, seat: int, action: Action) -> BullshitState:
        if isinstance(action, Play):
            return self._play(seat, action)
        assert self.window is not None
        if action.token == "call":
            return self._call(seat, self.window)
        waiting = self.window.waiting - {seat}
        state = dataclasses.replace(self, window=dataclasses.replace(self.window, waiting=waiting),
                                    log=self.with_events(Event(f"{player(seat)} lets it stand")))
        return state._close() if not waiting else state

    def _play(self, seat: int, action: Play) -> BullshitState:
        left = list(self.hands[seat])
        for card in action.cards:
            left.remove(card)
        declared = STANDARD_RANKS[self.rank]
        n = len(action.cards)
        others = frozenset(s for s in self.playing if s != seat and self.hands[s])
        window = Window(seat, action.cards, declared, others, not left, len(self.history) + 1)
        claim = f"{n} \u00d7 {rank_name(declared, n)}"
        line = Event(f"{player(seat)} plays {claim}" + (", their last cards" if not left else ""), notable=not left)
        return dataclasses.replace(
            self, hands=replace_at(self.hands, seat, tuple(left)), pile=self.pile + action.cards,
            rank=(self.rank + 1) % len(STANDARD_RANKS), window=window, reveal=None,
            claims=self.claims + ((seat, n, declared),), turn=self.next_after(seat), log=self.with_events(line))

    def _close(self) -> BullshitState:
        """Every other seat let the play stand: it stands; with the player's last cards, they
        are out (S-3)."""
        assert self.window is not None
        state = dataclasses.replace(self, window=None)
        if self.window.last_cards:
            return state._went_out(self.window.seat)
        return state

    def _call(self, caller: int, window: Window) -> BullshitState:
        """The first call settles it: the play is turned up; a lie gives the player the pile,
        the truth gives it to the caller."""
        lie = any(cards.rank_of(c) != window.rank for c in window.cards)
        taker = window.seat if lie else caller
        hands = replace_at(self.hands, taker, self.hands[taker] + self.pile)
        verdict = ("not all " + rank_name(window.rank)) if lie else f"all {rank_name(window.rank)}"
        line = Event(f"{player(caller)} calls bullshit on {player(window.seat)}: {verdict}. "
                     f"{player(taker)} picks up the pile of {len(self.pile)}", notable=True,
                     shown="Turned up: " + " ".join(cards.short(c) for c in window.cards),
                     gist=f"{player(taker)} picks up the pile")
        reveal: RevealView = {"caller": caller, "seat": window.seat, "cards": list(window.cards), "rank": window.rank,
                  "lie": lie, "taker": taker, "pile": len(self.pile)}
        state = dataclasses.replace(self, hands=hands, pile=(), window=None, reveal=reveal,
                                    turn=self.next_after(window.seat), log=self.with_events(line))
        if window.last_cards and not lie:
            return state._went_out(window.seat)
        return state

    def _went_out(self, seat: int) -> BullshitState:
        out = self.out + (seat,)
        line = Event(f"{player(seat)} is out of cards" + (" and wins" if not self.out else f", place {len(out)}"),
                     notable=True)
        state = dataclasses.replace(self, out=out, log=self.with_events(line))
        left = [s for s in range(self.players) if s not in out]
        if not self.options["places"] or len(left) <= 1:
            return state._finish(out + tuple(left))
        return dataclasses.replace(state, turn=state.next_after(seat))

    def _finish(self, order: tuple[int, ...]) -> BullshitState:
        """Scores: how many players each seat finished ahead of. Without places only the winner
        is placed; everyone else ends level, last."""
        n = self.players
        placed = order if self.options["places"] else order[:1]
        scores = [0] * n
        for place, seat in enumerate(placed):
            scores[seat] = n - 1 - place
        detail = f"{player(order[0])} is first out of cards and wins"
        return dataclasses.replace(self, result=Outcome(tuple(scores), frozenset(order[:1]), detail),
                                   log=self.with_events(Event(detail, notable=True)))

    # -- presentation ------------------------------------------------------------------------
    def status(self, seat: int | None) -> str:
        if self.result is not None:
            return f"Game over. {self.result.detail}."
        declared = rank_name(STANDARD_RANKS[self.rank])
        if self.window is not None:
            w = self.window
            claim = f"{len(w.cards)} \u00d7 {rank_name(w.rank, len(w.cards))}"
            if w.last_cards:
                return f"{player(w.seat)} played their last cards as {claim}: call bullshit or let it stand"
            return (f"{player(w.seat)} says {claim} \u00b7 call bullshit, or "
                    f"{player(self.next_after(w.seat))} plays {declared} next")
        return f"{player(self.turn)} to play {declared}"

    def view(self, seat: int | None) -> BullshitView:
        return {**self.shared_view(seat), **self._view(seat)}

    def _view(self, seat: int | None) -> BullshitPart:
        mine = seat is not None and 0 <= seat < self.players
        w = self.window
        return {
            "dealer": self.dealer,
            "turn": None if self.result else self.turn,
            "rank": STANDARD_RANKS[self.rank],
            "counts": [len(h) for h in self.hands],
            "pile": len(self.pile),
            "most": self.most,
            "window": None if w is None else {
                "seat": w.seat, "count": len(w.cards), "rank": w.rank, "waiting": sorted(w.waiting),
                "last_cards": w.last_cards, "next": self.next_after(w.seat),
                "seconds": self.int_option("call_seconds")},
            "claims": [{"seat": s, "count": n, "rank": r} for s, n, r in self.claims[-8:]],
            "reveal": self.reveal,
            "out": list(self.out),
            "hand": self.rules.sort_cards(self.hands[seat]) if seat is not None and mine else None,
            "can_play": bool(mine and seat is not None and seat in self.to_move and self.can_play(seat)),
        }

    def timed_out(self, seat: int) -> Action | None:
        return PASS if self.window is not None else None  # a call not made in time lets the play stand


def _hand_sizes(players: int, dealer: int, total: int) -> list[int]:
    """The hands when ``total`` cards go round the table from the dealer's left (as tests stack them)."""
    return decks.hand_sizes(total, players, first=(dealer + 1) % players)


class BullshitRules(Rules):
    key = "bullshit"
    title = "Bullshit (Cheat)"
    aliases = ("cheat",)
    player_counts = tuple(range(3, 11))
    card_order = CardOrder()
    summary = ("Play your cards face down as the rank the table is up to, honestly or not; anyone may "
               "call bullshit. First out of cards wins. Three to ten players.")
    guide = GUIDE
    quick_start = (
        "Be the first to get rid of every card in your hand",
        "On your turn put 1 to 4 cards face down (1 to 8 at 7+ players: two packs) and say they are the rank the "
        "table is up to, true or not",
        "Anyone may call bullshit: a caught liar takes the whole pile, a wrong caller takes it instead",
    )
    options = (
        Option("call_seconds", "int", 10, "Seconds to call bullshit after each play", min=3, max=60),
        Option("places", "bool", False, "Play on after the winner to rank every player"),
        Option("first_dealer", "seat", None, "Who deals first"),
    )

    def sort_cards(self, tokens: Sequence[str]) -> list[str]:
        """By rank, Ace to King (the order the ranks are declared in), then suit."""
        return sorted(tokens, key=lambda c: (STANDARD_RANKS.index(cards.rank_of(c)), "SHDC".index(c[-1])))

    def _new_game(self, players: int, seed: int, options: Mapping[str, OptionValue],
                  deck: tuple[str, ...] | None) -> BullshitState:
        first = options["first_dealer"]
        dealer = int(first) if isinstance(first, int) else decks.rng(seed, "dealer").randrange(players)
        pack = decks.standard() * packs_for(players)
        order = decks.stack(pack, deck, decks.rng(seed, "deal"))
        hands, _ = decks.deal_round(order, _hand_sizes(players, dealer, len(pack)))
        starter = next(s for s in ((dealer + i) % players for i in range(1, players + 1)) if ACE_OF_SPADES in hands[s])
        state = BullshitState(rules=self, players=players, seed=seed, options=dict(options), deck=deck,
                              dealer=dealer, hands=tuple(tuple(h) for h in hands), turn=starter)
        line = Event(f"{player(dealer)} deals; {player(starter)} holds the starting card, so plays first: Aces")
        return dataclasses.replace(state, log=state.with_events(line))

    def example(self) -> Example[State]:
        """The computer's first fifteen moves from EXAMPLE_SEED at a table of four (EXAMPLE_MOVES):
        {p2} has just claimed three 5s, and {p1}, pictured, holds two 5s, so the claim cannot be
        true."""
        state = self.new_game(4, seed=EXAMPLE_SEED)
        assert isinstance(state, BullshitState)
        for token in EXAMPLE_MOVES:
            state = state.apply(min(state.to_move), token)
        w = state.window
        assert w is not None and EXAMPLE_SEAT in w.waiting
        mine = sum(1 for c in state.hands[EXAMPLE_SEAT] if cards.rank_of(c) == w.rank)
        n = len(w.cards)
        caption = (f"{player(w.seat)} claims {count_word(n)} {rank_name(w.rank, n)} and you hold "
                   f"{count_word(mine)} of the {count_word(state.most)}: call bullshit, or let it stand?")
        return Example(state, EXAMPLE_SEAT, caption)

    def parse_action(self, token: str) -> Action:
        check_token(token)
        if token == "call":
            return CALL
        if token == "pass":
            return PASS
        verb, _, arg = token.partition(":")
        played = cards.split(arg)
        if verb != "play" or not played or not all(cards.is_card(c) and c not in cards.JOKERS for c in played):
            raise IllegalAction(f"{token!r} is not a Bullshit move (a move looks like play:KH,3C, call or pass)")
        return Play(tuple(self.sort_cards(played)))
