"""The hand in play at a tarot base game's table (Scarto, Tarocchi, Conference): what the state
holds, the deal, and what can be asked of it without a move (the sides, the rule set, the cards
that may go and the seat heading the trick). The hand's end (:mod:`.hand_end`), what a rule set
asks between tricks (:mod:`.between_tricks`) and the moves (:mod:`.state`) build on it, each a
subclass of the one before.

A hand: every player gets the same number of cards, the dealer takes the rest and discards as
many to their side's pile, the player at the dealer's left leads, tricks go round to the left. A
game is one hand dealt by each player.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal, Protocol, Self, cast

from games.core import decks
from games.core.base import Event, Outcome, State, player
from games.core.tricks import Trick

from .. import pack, rule_sets
from ..pack import FOOL
from ..rule_sets import COURTSHIP_RULES, Ruleset

Phase = Literal["discard", "play", "summon", "give", "claim"]
NO_TRICK = Trick(0)


class TableRules(Protocol):
    """What a hand asks of its game's rules (:mod:`games.tarot.base.rules`): the sides, the hand's
    size and the discard."""

    discard_rule: str
    hand_size: int

    def side_of(self, seat: int) -> int: ...

    def partnerships(self, players: int) -> tuple[tuple[int, ...], ...]: ...

    def extra_cards(self, good_and_evil: bool) -> int: ...

    def may_discard(self, card: str, hand: tuple[str, ...], good_and_evil: bool) -> bool: ...

    def discard_refusal(self, card: str, hand: tuple[str, ...], good_and_evil: bool) -> str | None: ...


@dataclass(frozen=True, kw_only=True, repr=False)
class HandState(State):
    hand_no: int = 0
    first_dealer: int = 0
    phase: Phase = "discard"
    hands: tuple[tuple[str, ...], ...] = ()
    discard: tuple[str, ...] = ()  # the dealer's, in their side's pile, face down
    shown: tuple[str, ...] = ()  # discarded cards that had to be shown
    trick: Trick = NO_TRICK
    taker: int | None = None  # the trick's winner, while a rule set settles the trick
    why: str = ""  # the Courtship rule that decided it
    piles: tuple[tuple[str, ...], ...] = ()  # cards taken, by seat (the Fool with whoever took its trick)
    tricks_won: tuple[int, ...] = ()
    played: tuple[str, ...] = ()  # every card played to a trick, in order (Tontine's "last card")
    fool: tuple[int, int] | None = None  # plain Fool (K-3): (its owner, the trick it went to)
    face_up: frozenset[str] = frozenset()  # Tontine: the cards left face up as claims
    exposed: frozenset[str] = frozenset()  # cards everyone knows to be in some hand
    face_down: frozenset[str] = frozenset()  # the Last Laugh: court cards a Butt put face down on their pile
    fool_holder: int | None = None  # the Last Laugh: the Butt holding the Fool, once known
    fool_aside: int | None = None  # the Last Laugh's step 5: the Butt whose Fool lies face up aside
    summoned: tuple[str, ...] = ()  # Kings of this trick whose summons is decided
    last_trick: tuple[int, Trick, str] | None = None
    scores: tuple[int, ...] = ()  # game totals by seat (partners alike)
    log_from: int = 0
    result: Outcome | None = None

    # -- the table ------------------------------------------------------------------------------
    @property
    def table(self) -> TableRules:
        return cast(TableRules, self.rules)

    @property
    def outcome(self) -> Outcome | None:
        return self.result

    @property
    def dealer(self) -> int:
        return (self.first_dealer + self.hand_no) % self.players

    @property
    def ruleset(self) -> Ruleset:
        value = self.str_option("ruleset")
        assert value in rule_sets.RULESETS
        return value

    @property
    def courtship(self) -> frozenset[str]:
        """The Courtship rules switched on (none outside that rule set)."""
        if self.ruleset != "courtship":
            return frozenset()
        return frozenset(name for name in COURTSHIP_RULES if self.options.get(name))

    @property
    def fool_free(self) -> bool:
        """The Fool as excuse (K-3), everywhere but under the Last Laugh."""
        return self.ruleset != "last-laugh"

    @property
    def good_and_evil(self) -> bool:
        return bool(self.options.get("good_and_evil"))

    @property
    def partners(self) -> bool:
        """Whether the seats play in partnerships (Tarocchi, Conference) rather than each alone."""
        return bool(self.table.partnerships(self.players))

    def side(self, seat: int) -> int:
        return self.table.side_of(seat)

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        return self.table.partnerships(self.players) or tuple((s,) for s in range(self.players))

    # -- the deal -------------------------------------------------------------------------------
    def dealt(self, hand_no: int) -> Self:
        """Hand ``hand_no`` dealt: a fresh shuffle (the stacked deck for the first hand), the same
        number of cards to each player one at a time, seat 0 first; the dealer takes the rest."""
        players = self.players
        dealer = (self.first_dealer + hand_no) % players
        pack_cards = decks.tarot(self.good_and_evil)
        order = decks.stack(pack_cards, self.deck if hand_no == 0 else None, decks.rng(self.seed, "deal", hand_no))
        dealt, rest = decks.deal_round(order, [self.table.hand_size] * players)
        hands = tuple(tuple(h) + (tuple(rest) if s == dealer else ()) for s, h in enumerate(dealt))
        line = Event(f"Hand {hand_no + 1}: {player(dealer)} deals and takes the last {len(rest)} cards", notable=True)
        fresh = dataclasses.replace(
            self, hand_no=hand_no, phase="discard", hands=hands, discard=(), shown=(), trick=NO_TRICK, taker=None,
            why="", piles=((),) * players, tricks_won=(0,) * players, played=(), fool=None, face_up=frozenset(),
            exposed=frozenset(), face_down=frozenset(), fool_holder=None, fool_aside=None, summoned=(), last_trick=None,
            log_from=len(self.log))
        return dataclasses.replace(fresh, log=fresh.with_events(line))

    # -- the trick ------------------------------------------------------------------------------
    @property
    def trick_no(self) -> int:
        return sum(self.tricks_won) + 1

    @property
    def last_trick_now(self) -> bool:
        """Whether the trick being played (or just completed) is the hand's last."""
        return not any(self.hands)

    def playable(self, seat: int) -> tuple[str, ...]:
        refused = self.refusals(seat)
        return tuple(pack.ORDER.sort(c for c in self.hands[seat] if c not in refused))

    def refusals(self, seat: int) -> dict[str, rule_sets.LaughRefusal]:
        """The cards of ``seat``'s hand that may not go to the trick, each with the rule that stops
        it: the one test both the legal cards (``playable``) and ``why_not`` make."""
        hand = self.hands[seat]
        if self.ruleset == "last-laugh":
            return rule_sets.last_laugh_refusals(hand, self.trick)
        return dict(pack.refusals(hand, self.trick))

    def heading(self) -> int | None:
        """The seat whose card heads the trick in play so far (None before a card that can win)."""
        if self.trick.led_card((FOOL,)) is None:
            return None
        if self.courtship:
            return rule_sets.courtship_winner(self.trick, self.courtship)[0]
        return pack.winner(self.trick)

    def heading_after(self, seat: int, card: str) -> int | None:
        """The seat that would head the trick if ``seat`` played ``card`` now."""
        return dataclasses.replace(self, trick=self.trick.add(seat, card)).heading()

    def courtship_rule(self, seat: int, card: str) -> str:
        """The Courtship rule by which ``card``, played now, would head the trick ("" if none)."""
        if not self.courtship or not self.trick.plays or not rule_sets.is_suit_card(card):
            return ""
        trick = self.trick.add(seat, card)
        winner, why = rule_sets.courtship_winner(trick, self.courtship)
        return why if winner == seat else ""

    def holder(self, card: str) -> int | None:
        """The seat whose hand holds ``card``, if any does."""
        return next((s for s, hand in enumerate(self.hands) if card in hand), None)

    def gone(self, public: bool) -> set[str]:
        """Cards played (in piles or the trick) and, unless only what all know counts, the discard."""
        out = {c for pile in self.piles for c in pile} | set(self.trick.cards)
        return out if public else out | set(self.discard)

    # -- what a seat may see and hold -------------------------------------------------------------
    def hidden_cards(self, seat: int | None) -> frozenset[str]:
        hidden = {c for s, hand in enumerate(self.hands) if s != seat for c in hand} - set(self.exposed)
        if seat != self.dealer:
            hidden |= set(self.discard) - set(self.shown)
        own = self.piles[seat] if seat is not None and 0 <= seat < self.players else ()
        return frozenset(hidden | (set(self.face_down) - set(own)))

    def known(self, seat: int) -> list[str]:
        """The cards everyone knows to be in ``seat``'s hand (a Butt's Fool, a card a summons sent
        back, a hand shown), in the pack's order."""
        return pack.ORDER.sort(c for c in self.hands[seat] if c in self.exposed)

    def own_discard(self, seat: int) -> list[str] | None:
        """The dealer's discard, to the dealer, in the pack's order (None to anyone else, or before it)."""
        return pack.ORDER.sort(self.discard) if seat == self.dealer and self.discard else None
