"""Fan Tan: build the four suits out from their 7s; the first player out of cards takes the pot
(docs/rules/fan-tan.md, rulings T-1..T-6)."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from games.core import cards, decks
from games.core.actions import Action, check_token
from games.core.base import Event, Outcome, Rules, TurnState, leaders, player, replace_at
from games.core.cards import STANDARD_RANKS, CardOrder
from games.core.errors import IllegalAction
from games.core.options import Option, OptionValue
from games.core.teaching import Coaching, Example

from .guide import GUIDE
from .view import FanTanPart, FanTanView, HandEnd, HandResult, OffenceView, PaidView, RunView

SUITS = ("S", "H", "D", "C")  # the rows of the table, top to bottom
SEVEN = 7
OFFENCE_FINE = 3  # T-3: into the pot, per withheld pass
SEVEN_FINE = 5  # T-3: to each holder of that suit's 6 or 8, per withheld 7
# The example moment (FanTanRules.example): the Normal computer's first moves for every seat of a
# table of four from this seed, {p3} dealing.
EXAMPLE_SEED = 5
EXAMPLE_MOVES: tuple[str, ...] = ("pass", "play:7S", "play:7C", "play:7D", "play:6C", "play:8S", "play:6D",
                                  "play:6S,9S", "play:5D,8D", "pass", "play:10S", "play:5S")
Run = tuple[int, int] | None  # lowest and highest rank down in a suit (A = 1 … K = 13); None: no 7 yet


def rank(card: str) -> int:
    return STANDARD_RANKS.index(cards.rank_of(card)) + 1


def card_of(value: int, suit: str) -> str:
    return cards.token(STANDARD_RANKS[value - 1], suit)


@dataclass(frozen=True)
class Play(Action):
    cards: tuple[str, ...]  # in the table's order

    @property
    def token(self) -> str:
        return f"play:{','.join(self.cards)}"

    @property
    def label(self) -> str:
        return " + ".join(cards.short(c) for c in self.cards)


@dataclass(frozen=True)
class Pass(Action):
    withholding: bool = False  # honour mode, with a card to play: the label says what it risks

    @property
    def token(self) -> str:
        return "pass"

    @property
    def label(self) -> str:
        return "Pass anyway (fined if found out)" if self.withholding else "Pass"


@dataclass(frozen=True)
class Offence:
    """A pass made while holding a playable card (honour mode), not yet found out: the cards
    that were playable, and for each playable 7 the other players then holding its 6 or 8."""

    seat: int
    playable: tuple[str, ...]
    owed: tuple[tuple[str, tuple[int, ...]], ...]  # (7, holders of its 6 or 8)


@dataclass(frozen=True, kw_only=True, repr=False)
class FanTanState(TurnState):
    hand_no: int = 0  # hands completed so far
    deal_no: int = 0  # deals made (a dead hand is dealt again), for the shuffle
    dealer: int = 0
    hands: tuple[tuple[str, ...], ...] = ()
    runs: tuple[Run, ...] = (None, None, None, None)
    stacks: tuple[int, ...] = ()
    pot: int = 0
    opening_passes: int = 0  # passes since the deal with no 7 played yet (T-4); -1 once one is
    pending: tuple[Offence, ...] = ()
    # T-6: the 7-fines of offences found out mid-hand for withheld 7s their offender still held,
    # charged when the hands are shown (naming them earlier would give the cards away).
    deferred: tuple[Offence, ...] = ()
    found: tuple[OffenceView, ...] = ()  # offences found out, as shown
    last_hand: HandEnd | None = None  # the end of the previous hand, as shown
    antes: tuple[int, ...] = ()  # what each seat anted this hand (T-1)
    last_play: tuple[int, tuple[str, ...]] | None = None  # this hand's latest cards down, and whose

    # -- the contract ----------------------------------------------------------------------
    @property
    def strict(self) -> bool:
        return bool(self.options["strict"])

    def playable(self, seat: int) -> tuple[str, ...]:
        """Single cards ``seat`` could place now."""
        return tuple(c for c in self.hands[seat] if self._fits(c))

    def _fits(self, card: str) -> bool:
        return not self.missing(card)

    def missing(self, card: str) -> tuple[str, ...]:
        """The cards that must go down before ``card`` fits, nearest the row first: none when it
        fits now (a 7 on an empty row, the card just above or below its row); from the 7 where
        its row is not open yet. The one test of a card's place, for the moves and for why_not."""
        suit, value = cards.suit_of(card), rank(card)
        run = self.runs[SUITS.index(suit)]
        if run is None:
            way = range(SEVEN, value) if value > SEVEN else range(SEVEN, value, -1)
        elif value > run[1]:
            way = range(run[1] + 1, value)
        elif value < run[0]:
            way = range(run[0] - 1, value, -1)
        else:  # already on the table: it is no one's to play
            return (card,)
        return tuple(card_of(v, suit) for v in way)

    def plays(self, seat: int) -> tuple[Play, ...]:
        """Every legal play (T-2): one card; two or more 7s together; both ends of one run."""
        hand = self.hands[seat]
        order = self.rules.sort_cards
        found = [Play((c,)) for c in order(self.playable(seat))]
        sevens = order([c for c in hand if rank(c) == SEVEN])
        for size in range(2, len(sevens) + 1):
            found += [Play(tuple(group)) for group in itertools.combinations(sevens, size)]
        for suit, run in zip(SUITS, self.runs, strict=True):
            if run is not None and run[0] > 1 and run[1] < 13:
                low, high = card_of(run[0] - 1, suit), card_of(run[1] + 1, suit)
                if low in hand and high in hand:
                    found.append(Play(tuple(order([low, high]))))
        return tuple(found)

    def _legal(self, seat: int) -> tuple[Action, ...]:
        found: tuple[Action, ...] = self.plays(seat)
        if not found or not self.strict:
            found += (Pass(withholding=bool(found)),)
        return found

    def why_illegal(self, seat: int, action: Action) -> str:
        if isinstance(action, Pass):
            return "you can play a card, so you may not pass"
        assert isinstance(action, Play)
        missing = [c for c in action.cards if c not in self.hands[seat]]
        if missing:
            return f"you do not hold the {cards.name(missing[0])}"
        if len(action.cards) > 1:
            return "several cards go down together only as 7s, or as both ends of one suit's run"
        return f"the {cards.name(action.cards[0])} does not fit: a suit starts with its 7 and grows one card at a time"

    def hidden_cards(self, seat: int | None) -> frozenset[str]:
        return frozenset(c for s, hand in enumerate(self.hands) if s != seat for c in hand)

    # -- teaching ----------------------------------------------------------------------------
    def held(self, seat: int) -> tuple[str, ...]:
        return tuple(self.rules.sort_cards(self.hands[seat])) if 0 <= seat < len(self.hands) else ()

    def why_not(self, seat: int) -> dict[str, str]:
        """Each held card that does not fit now (:meth:`missing`), and what it waits for: its row's
        7, or the cards between it and its row (named only where they are the seat's own)."""
        if seat not in self.to_move:
            return {}
        hand = set(self.hands[seat])
        reasons: dict[str, str] = {}
        for card in self.held(seat):
            missing = self.missing(card)
            if not missing:
                continue
            suit = cards.suit_of(card)
            names = cards.SUIT_NAMES["standard"][suit]
            if self.runs[SUITS.index(suit)] is None:
                seven = card_of(SEVEN, suit)
                start = f"your {cards.short(seven)} must start the row" if seven in hand else "a 7 starts each row"
                reasons[card] = f"{names.capitalize()} are not open yet: {start}"
            elif all(c in hand for c in missing):
                yours = _listed(missing) if len(missing) <= 3 else \
                    f"{cards.short(missing[0])} to {cards.short(missing[-1])}"
                reasons[card] = (f"{cards.short(card)} can go only after your {yours}: "
                                 "one card a turn at each end of a row (T-2)")
            else:
                nearest = cards.RANK_NAMES[cards.rank_of(missing[-1])]
                reasons[card] = f"{cards.short(card)} can go only once the {names[:-1]} row reaches the {nearest}"
        return reasons

    def coaching(self, seat: int) -> Coaching | None:
        if seat not in self.to_move or self.result is not None:
            return None
        plays = self.plays(seat)
        if not plays:
            return Coaching("pass", "None of your cards fits next to a row, so you pass. A pass costs nothing: "
                                    "wait for the rows to grow toward your cards")
        if any(set(p.cards) == set(self.hands[seat]) for p in plays):
            return Coaching("out", "You can empty your hand this turn: do it and the whole pot is yours")
        if not self.strict and not any(s == seat for s, _ in self.history):
            return Coaching("honour", "Honour mode: you may pass even when a card fits, to hold up a row, but such "
                                      "a pass is fined if it is found out (T-3)")
        if all(r is None for r in self.runs):
            return Coaching("open", "No row is started yet, so only a 7 can go down. A 7 opens its suit for "
                                    "everyone: best if you hold more cards of that suit")
        if any(len(p.cards) > 1 for p in plays):
            return Coaching("together", "You may lay several 7s at once, or both ends of one row, in a single "
                                        "turn (T-2): more cards gone, but more freed for the others")
        return Coaching("build", "Lay a card next to the end of a row, or a 7 to start one. Each card frees the next "
                                 "one beyond it, yours or someone else's")

    def _apply(self, seat: int, action: Action) -> FanTanState:
        if isinstance(action, Pass):
            return self._pass(seat)
        assert isinstance(action, Play)
        hand = tuple(c for c in self.hands[seat] if c not in action.cards)
        runs = list(self.runs)
        for card in action.cards:
            i, value = SUITS.index(cards.suit_of(card)), rank(card)
            run = runs[i]
            runs[i] = (value, value) if run is None else (min(run[0], value), max(run[1], value))
        # every play and pass is the hand's story, told in the channel as the hand ends (issue 36 point 3)
        line = Event(f"{player(seat)} plays {' and '.join(cards.short(c) for c in action.cards)}", notable=True)
        state = dataclasses.replace(
            self, hands=replace_at(self.hands, seat, hand), runs=tuple(runs), log=self.with_events(line),
            last_play=(seat, action.cards),
            opening_passes=-1 if any(rank(c) == SEVEN for c in action.cards) else self.opening_passes,
        )
        # T-3: a card that was playable at an earlier pass of this player gives that pass away.
        caught = [o for o in state.pending if o.seat == seat and set(o.playable) & set(action.cards)]
        state = state._charge(caught, "when they played a card they could have played then", action.cards)
        if not hand:
            return state._end_hand(seat)
        return dataclasses.replace(state, turn=(seat + 1) % self.players)

    def _pass(self, seat: int) -> FanTanState:
        playable = self.playable(seat)
        pending = self.pending
        if playable:  # honour mode: a withheld card, kept secret until found out (T-3)
            owed = tuple((seven, tuple(s for s in range(self.players) if s != seat and any(
                card_of(v, cards.suit_of(seven)) in self.hands[s] for v in (SEVEN - 1, SEVEN + 1))))
                for seven in playable if rank(seven) == SEVEN)
            pending += (Offence(seat, playable, owed),)
        opening = self.opening_passes + 1 if self.opening_passes >= 0 else -1
        state = dataclasses.replace(self, pending=pending, opening_passes=opening,
                                    log=self.with_events(Event(f"{player(seat)} passes", notable=True)))
        if opening >= self.players:
            return state._dead_hand()
        return dataclasses.replace(state, turn=(seat + 1) % self.players)

    # -- money ---------------------------------------------------------------------------------
    def _charge(self, offences: list[Offence], when: str, played: tuple[str, ...] | None = None) -> FanTanState:
        """Charge offences now found out (T-3): the fine into the pot, and 5 chips per withheld 7
        to each player who held its 6 or 8 at the time. Found out by a card ``played`` mid-hand
        (T-6), only the cards just played are named, and the 7-fines for withheld 7s the offender
        still holds wait, with the offence's name for them, until the hands are shown."""
        if not offences:
            return self
        stacks, pot = list(self.stacks), self.pot
        lines, found, deferred = [], list(self.found), list(self.deferred)
        for offence in offences:
            named = offence.playable if played is None else tuple(c for c in offence.playable if c in played)
            owed = tuple((seven, holders) for seven, holders in offence.owed if seven in named)
            held = tuple((seven, holders) for seven, holders in offence.owed if seven not in named)
            if held:
                deferred.append(Offence(offence.seat, tuple(seven for seven, _ in held), held))
            stacks[offence.seat] -= OFFENCE_FINE
            pot += OFFENCE_FINE
            paid = self._seven_fines(stacks, offence.seat, owed)
            extra = f", and {', '.join(paid)}" if paid else ""
            withheld = ", ".join(cards.short(c) for c in named)
            lines.append(Event(f"Found out {when}: {player(offence.seat)} passed holding {withheld}. "
                               f"Fine: {OFFENCE_FINE} chips into the pot{extra}.", notable=True))
            found.append({"seat": offence.seat, "hand": self.hand_no + 1, "withheld": list(named),
                          "fine": OFFENCE_FINE + SEVEN_FINE * sum(len(h) for _, h in owed), "held_back": False})
        left = tuple(o for o in self.pending if o not in offences)
        return dataclasses.replace(self, stacks=tuple(stacks), pot=pot, pending=left, found=tuple(found),
                                   deferred=tuple(deferred), log=self.with_events(*lines))

    @staticmethod
    def _seven_fines(stacks: list[int], seat: int, owed: tuple[tuple[str, tuple[int, ...]], ...]) -> list[str]:
        """Move the 5-chip payments for withheld 7s (T-3) in ``stacks``; what was paid, in words."""
        paid = []
        for seven, holders in owed:
            for holder in holders:
                stacks[seat] -= SEVEN_FINE
                stacks[holder] += SEVEN_FINE
                paid.append(f"{SEVEN_FINE} to {player(holder)} (the {cards.short(seven)})")
        return paid

    def _charge_deferred(self) -> FanTanState:
        """The hands are shown: the 7-fines held back by T-6 are charged and named now."""
        if not self.deferred:
            return self
        stacks, lines, found = list(self.stacks), [], list(self.found)
        for offence in self.deferred:
            paid = self._seven_fines(stacks, offence.seat, offence.owed)
            withheld = ", ".join(cards.short(c) for c in offence.playable)
            if paid:
                lines.append(Event(f"As the hands are shown: {player(offence.seat)} had also withheld {withheld} "
                                   f"at that pass. Fine: {', '.join(paid)}.", notable=True))
                found.append({"seat": offence.seat, "hand": self.hand_no + 1, "withheld": list(offence.playable),
                              "fine": SEVEN_FINE * sum(len(h) for _, h in offence.owed), "held_back": True})
        return dataclasses.replace(self, stacks=tuple(stacks), found=tuple(found), deferred=(),
                                   log=self.with_events(*lines))

    def _end_hand(self, winner: int) -> FanTanState:
        state = self._charge(list(self.pending), "as the hands were shown")._charge_deferred()
        stacks, pot = list(state.stacks), state.pot
        paid: list[PaidView] = []
        for seat, hand in enumerate(state.hands):
            if hand:
                stacks[seat] -= len(hand)
                pot += len(hand)
                paid.append({"seat": seat, "cards": len(hand)})
        stacks[winner] += pot
        # The hands are shown at the end (T-3), so the cards left are public from here on.
        summary: HandEnd = {"hand": self.hand_no + 1, "winner": winner, "paid": paid, "pot": pot,
                   "offences": [f for f in state.found if f["hand"] == self.hand_no + 1],
                   "runs": _runs_json(state.runs), "left": [self.rules.sort_cards(h) for h in state.hands],
                   "stacks": list(stacks), "antes": list(self.antes), "dealer": self.dealer}
        line = Event(f"{player(winner)} is out of cards and takes the pot of {pot} chips"
                     + (": " + ", ".join(f"{player(p['seat'])} paid {p['cards']}" for p in paid) if paid else ""),
                     notable=True)
        state = dataclasses.replace(state, stacks=tuple(stacks), pot=0, hand_no=self.hand_no + 1,
                                    last_hand=summary, round_ends=(*state.round_ends, dict(summary)),
                                    log=state.with_events(line))
        if state.hand_no >= self.int_option("hands") or min(stacks) <= 0:  # T-5
            return state._finish()
        return state._deal((self.dealer + 1) % self.players)

    def _dead_hand(self) -> FanTanState:
        """T-4: a full round of passes with no 7: everyone pays 1 chip, the deal moves left, and
        the cards are dealt again (the pot carries over)."""
        state = self._charge(list(self.pending), "as the dead hand was shown")._charge_deferred()
        stacks = tuple(s - 1 for s in state.stacks)
        line = Event("A full round of passes and no 7: the hand is dead. Everyone puts 1 chip in the pot "
                     "and the cards are dealt again.", notable=True)
        state = dataclasses.replace(state, stacks=stacks, pot=state.pot + self.players, log=state.with_events(line))
        return state._deal((self.dealer + 1) % self.players)

    def _deal(self, dealer: int) -> FanTanState:
        hands = _deal_hands(self.players, dealer, self.seed, self.deal_no + 1, None)
        return _ante(dataclasses.replace(self, dealer=dealer, deal_no=self.deal_no + 1, hands=hands,
                                         runs=(None,) * 4, opening_passes=0, pending=(), deferred=(), last_play=None,
                                         turn=(dealer + 1) % self.players))

    def _finish(self) -> FanTanState:
        best, top, winners, names = leaders(self.stacks)
        detail = (f"Everyone ends level at {best} chips" if not winners else
                  f"{names} {'ends' if len(top) == 1 else 'end'} with the most chips, {best}")
        return dataclasses.replace(self, result=Outcome(self.stacks, winners, detail),
                                   log=self.with_events(Event(detail, notable=True)))

    # -- presentation ------------------------------------------------------------------------
    def status(self, seat: int | None) -> str:
        if self.result is not None:
            return f"Game over. {self.result.detail}."
        if seat == self.turn and not self.plays(seat):
            return f"{player(self.turn)} has nothing to play and must pass"
        opened = sum(1 for r in self.runs if r is not None)
        ask = "to play a 7" if opened == 0 else "to play"
        return f"{player(self.turn)} {ask} · pot {self.pot} chips"

    def view(self, seat: int | None) -> FanTanView:
        return {**self.shared_view(seat), **self._view(seat)}

    def _view(self, seat: int | None) -> FanTanPart:
        mine = seat is not None and 0 <= seat < self.players
        return {
            "hand_no": self.hand_no + (0 if self.result else 1),
            "hands_total": self.int_option("hands"),
            "strict": self.strict,
            "dealer": self.dealer,
            "turn": None if self.result else self.turn,
            "runs": _runs_json(self.runs),
            "suits": list(SUITS),
            "counts": [len(h) for h in self.hands],
            "stacks": list(self.stacks),
            "scores": list(self.stacks),
            "pot": self.pot,
            "antes": list(self.antes),
            "last_play": None if self.last_play is None else {"seat": self.last_play[0],
                                                              "cards": list(self.last_play[1])},
            "offences": list(self.found),
            "last_hand": None if self.last_hand is None else _as_shown(self.last_hand),
            "hand": self.rules.sort_cards(self.hands[seat]) if seat is not None and mine else None,
            "playable": self.rules.sort_cards(self.playable(seat)) if seat is not None and mine else [],
        }


def _listed(tokens: tuple[str, ...]) -> str:
    """Cards in words: "8♠", "8♠ and 9♠", "8♠, 9♠ and 10♠"."""
    shown = [cards.short(c) for c in tokens]
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} and {shown[-1]}"


def _runs_json(runs: tuple[Run, ...]) -> list[RunView | None]:
    return [None if r is None else {"suit": s, "low": r[0], "high": r[1]} for s, r in zip(SUITS, runs, strict=True)]


def _as_shown(end: HandEnd) -> HandResult:
    """A hand's end as the table shows it while the next is played: without the cards left and
    the runs, which were shown then but are dealt again now."""
    return {"hand": end["hand"], "winner": end["winner"], "paid": end["paid"], "pot": end["pot"],
            "offences": end["offences"], "stacks": end["stacks"], "antes": end["antes"], "dealer": end["dealer"]}


def _deal_hands(players: int, dealer: int, seed: int, deal: int,
                deck: tuple[str, ...] | None) -> tuple[tuple[str, ...], ...]:
    pack = decks.standard()
    order = decks.stack(pack, deck, decks.rng(seed, "deal", deal))
    # 52 cards round the table; the odd cards go to the players from the dealer's left
    hands, _ = decks.deal_round(order, decks.hand_sizes(len(pack), players, first=(dealer + 1) % players))
    return tuple(tuple(h) for h in hands)


def _ante(state: FanTanState) -> FanTanState:
    """T-1: a player holding one card more than the fewest antes 2, every other player 1."""
    fewest = min(len(h) for h in state.hands)
    antes = [2 if len(h) > fewest else 1 for h in state.hands]
    stacks = tuple(s - a for s, a in zip(state.stacks, antes, strict=True))
    line = Event(f"Hand {state.hand_no + 1}: {player(state.dealer)} deals; the pot takes {sum(antes)} chips "
                 f"in antes and {player(state.turn)} starts.")
    return dataclasses.replace(state, stacks=stacks, pot=state.pot + sum(antes), antes=tuple(antes),
                               log=state.with_events(line))


class FanTanRules(Rules):
    key = "fan-tan"
    title = "Fan Tan"
    player_counts = (3, 4, 5, 6, 7, 8)
    card_order = CardOrder(suits=SUITS)
    summary = ("Lay the cards out in four rows growing from the 7s, one card above or below at a time; "
               "the first player out of cards takes the pot of chips. Three to eight players.")
    guide = GUIDE
    quick_start: ClassVar[tuple[str, ...]] = (
        "Be the first to get rid of every card you hold: that player takes the pot of chips",
        "On your turn lay one card that fits: a 7 starts a suit's row, which grows a card at a time down to the Ace "
        "(low) and up to the King",
        "If nothing fits you pass. When someone goes out, the others pay the pot a chip per card left; most chips "
        "wins",
    )
    options = (
        Option("chips", "int", 20, "Chips each player starts with", min=5, max=200),
        Option("hands", "int", 1, "Hands to play (the game also ends when someone runs out of chips)",
               min=1, max=20),
        Option("strict", "bool", True, "Allow a pass only with nothing to play (off: honour mode, fines)"),
        Option("first_dealer", "seat", None, "Who deals first"),
    )

    def _new_game(self, players: int, seed: int, options: Mapping[str, OptionValue],
                  deck: tuple[str, ...] | None) -> FanTanState:
        first = options["first_dealer"]
        dealer = int(first) if isinstance(first, int) else decks.rng(seed, "dealer").randrange(players)
        state = FanTanState(
            rules=self, players=players, seed=seed, options=dict(options), deck=deck, dealer=dealer,
            hands=_deal_hands(players, dealer, seed, 0, deck), stacks=(int(options["chips"] or 0),) * players,
            turn=(dealer + 1) % players,
        )
        return _ante(state)

    def example(self) -> Example[FanTanState]:
        """A hand of four from EXAMPLE_SEED after EXAMPLE_MOVES: three rows are growing and
        {p0}, to move, has four cards that fit, two of them both ends of the diamonds (T-2)."""
        state = self.new_game(4, seed=EXAMPLE_SEED, options={"first_dealer": 3})
        for token in EXAMPLE_MOVES:
            state = state.apply(min(state.to_move), token)
        assert isinstance(state, FanTanState)
        seat = state.turn
        caption = f"Your turn: {_listed(tuple(self.sort_cards(state.playable(seat))))} fit the rows"
        ends = next((p.cards for p in state.plays(seat) if len(p.cards) == 2 and rank(p.cards[0]) != SEVEN), None)
        if ends:
            caption += f", {cards.short(ends[0])} and {cards.short(ends[1])} even together"
        return Example(state, seat, caption + "; the first player out of cards wins the pot")

    def parse_action(self, token: str) -> Action:
        check_token(token)
        if token == "pass":
            return Pass()
        verb, _, arg = token.partition(":")
        played = tuple(arg.split(",")) if arg else ()
        if verb != "play" or not played or not all(cards.is_card(c) for c in played) or len(set(played)) != len(played):
            raise IllegalAction(f"{token!r} is not a Fan Tan move (a move looks like play:7H, play:7H,7S or pass)")
        return Play(tuple(self.sort_cards(played)))
