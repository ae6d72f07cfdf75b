"""The tarot base games Scarto (three players), Tarocchi (four, partners opposite) and
Conference (four, partners side by side), each under plain rules or one of three rule sets:
Tontine, The Last Laugh or Courtship Rules (docs/rules/tarot.md, K-1..K-10).

A hand: every player gets the same number of cards, the dealer takes the rest and discards as
many to their side's pile, the player at the dealer's left leads, tricks go round to the left.
Between a trick's last card and the next lead a rule set may ask one more thing of someone:
Summoning Servants asks the winner whether to summon a King's servant, the Last Laugh's Butt
chooses the card that replaces the Fool, and manual Tontine asks the winner which cards to
leave face up. A game is one hand dealt by each player.

For a learner the state also says which held cards may not go and why (``why_not``, from the
same refusals the legal cards come from: ``pack.refusals``, ``rule_sets.last_laugh_refusals``, the
rules' ``discard_refusal``, the Butt's steps, Tontine's groups) and what kind of moment a seat
faces (``coaching``: its lines are in ``guide.COACHING``).

Table rulings of ours, beyond the shared K-1..K-10 (the guide marks them):
- K-11 Scarto with Good and Evil: 25 cards each, the dealer takes the last five and discards five.
- K-12 Tontine with partners: the side with 56 or more scores the difference between the sides'
  points and the other side loses as much; when neither side reaches 56 the hand scores nothing.
- K-13 Courtship: of two Royal cards in a trick the first played stays ahead; with two Kings in
  a won trick the winner decides on each servant in turn.
- K-14 Summoning Servants: the summons is offered while the King's Jack or Cavalier has not been
  played to a trick, even when neither can answer (both in the discard, or the summoner's own
  servant to a King they played), so that the offer says nothing about the discard.
- K-15 The Last Laugh, the Fool aside: the last trick's winner gives the Butt their least
  valuable card, an empty one when they have one (as in K-4); partners exchange nothing.
- K-16 Summoning Servants, the call: the summoner names the Jack or the Cavalier, or passes. A
  Jack played or discarded brings nothing; a Cavalier called while the Jack is in a hand brings
  nothing and names the Jack's holder to everyone.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, Protocol, cast

from games.core import cards
from games.core.actions import Action, Pick, Word
from games.core.base import Event, Outcome, State, leaders, player, replace_at
from games.core.teaching import Coaching
from games.core.tricks import CLOCKWISE, Trick

from .. import guide as texts
from .. import pack, rule_sets
from ..discards import discard_pick, matched
from ..moves import CardsMove
from ..pack import FOOL
from ..rule_sets import COURTSHIP_RULES, COURTSHIP_TITLES, RULESET_TITLES, Ruleset

Phase = Literal["discard", "play", "summon", "give", "claim"]


class TableRules(Protocol):
    """What a hand asks of its game's rules (:mod:`games.tarot.table_rules`): the sides, the deal
    and the discard."""

    discard_rule: str

    def side_of(self, seat: int) -> int: ...

    def partnerships(self, players: int) -> tuple[tuple[int, ...], ...]: ...

    def extra_cards(self, good_and_evil: bool) -> int: ...

    def may_discard(self, card: str, hand: tuple[str, ...], good_and_evil: bool) -> bool: ...

    def discard_refusal(self, card: str, hand: tuple[str, ...], good_and_evil: bool) -> str | None: ...

    def deal_hand(self, state: TarotTableState, hand_no: int) -> TarotTableState: ...
NO_TRICK = Trick(0)
SUMMON_JACK, SUMMON_CAVALIER, PASS = "summon:J", "summon:C", "pass"
SUMMONS = (SUMMON_JACK, SUMMON_CAVALIER)
LEGACY_SUMMON = "summon"  # the one summons of records made before K-16: the Jack, else the Cavalier
TONTINE_TARGET = {3: 37, 4: 56}


@dataclass(frozen=True, kw_only=True, repr=False)
class TarotTableState(State):
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

    def side(self, seat: int) -> int:
        return self.table.side_of(seat)

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        return self.table.partnerships(self.players) or tuple((s,) for s in range(self.players))

    # -- the contract ---------------------------------------------------------------------------
    @property
    def to_move(self) -> frozenset[int]:
        if self.result is not None:
            return frozenset()
        if self.phase == "discard":
            return frozenset((self.dealer,))
        if self.phase in ("summon", "claim"):
            assert self.taker is not None
            return frozenset((self.taker,))
        if self.phase == "give":
            assert self.fool_holder is not None
            return frozenset((self.fool_holder,))
        seat = self.trick.to_move(self.players, CLOCKWISE)
        return frozenset() if seat is None else frozenset((seat,))

    @property
    def outcome(self) -> Outcome | None:
        return self.result

    def _legal(self, seat: int) -> tuple[Action, ...]:
        if self.phase == "summon":
            return self._summon_words()
        if self.phase == "give":
            return tuple(CardsMove("give", (c,)) for c in self._butt_step()[1])
        if self.phase == "claim":
            claimable = self._claimable()
            return tuple(CardsMove("claim", tuple(group)) for n in range(len(claimable) + 1)
                         for group in itertools.combinations(claimable, n))
        if self.phase == "discard":
            pick = self.pick(seat)
            assert pick is not None
            return tuple(CardsMove("discard", (*pick.fixed, *group))
                         for group in itertools.combinations(pick.cards, pick.most))
        return tuple(CardsMove("play", (card,)) for card in self.playable(seat))

    def offered(self, seat: int) -> tuple[Action, ...]:
        if seat not in self.to_move:
            return ()
        if self.phase == "discard":
            return ()
        if self.phase == "claim":
            claimable = self._claimable()
            every = (CardsMove("claim", claimable),) if claimable else ()
            return (*every, CardsMove("claim", ()))
        return self.legal_actions(seat)

    def pick(self, seat: int) -> Pick | None:
        if seat not in self.to_move:
            return None
        if self.phase == "claim":
            claimable = self._claimable()
            if len(claimable) < 2:
                return None
            return Pick("claim", claimable, 1, len(claimable), "Leave these face up")
        if self.phase != "discard":
            return None
        hand = self.hands[seat]
        count = self.table.extra_cards(self.good_and_evil)
        allowed = [c for c in hand if self.table.may_discard(c, hand, self.good_and_evil)]
        return discard_pick(hand, allowed, count, "Discard these face down")

    def _match(self, seat: int, action: Action) -> Action | None:
        if self.phase == "summon" and action.token == LEGACY_SUMMON:  # replaying an older record
            action = self._legacy_summon()
        if not isinstance(action, CardsMove) or self.phase not in ("discard", "claim") or action.verb != (
                "discard" if self.phase == "discard" else "claim"):
            return super()._match(seat, action)
        if self.phase == "claim":
            fits = set(action.cards) <= set(self._claimable())
            return CardsMove("claim", tuple(c for c in self._claimable() if c in action.cards)) if fits else None
        pick = self.pick(seat)
        assert pick is not None
        return matched(pick, action.cards)

    @property
    def good_and_evil(self) -> bool:
        return bool(self.options.get("good_and_evil"))

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

    def why_illegal(self, seat: int, action: Action) -> str:
        if self.phase == "discard":
            return f"discard {self.table.extra_cards(self.good_and_evil)} cards: {self.table.discard_rule}"
        if self.phase == "summon":
            return "call the Jack or the Cavalier, or pass (summon:J / summon:C / pass)"
        if self.phase == "give":
            return "put one of the cards offered on your pile in the Fool's place"
        if self.phase == "claim":
            return "leave face up only cards of this trick that are still the last of their group"
        if isinstance(action, CardsMove) and action.cards and action.cards[0] in self.hands[seat]:
            reason = self.why_not(seat).get(action.cards[0])
            if reason is not None:
                return reason
        return "that card is not in your hand"

    def hidden_cards(self, seat: int | None) -> frozenset[str]:
        hidden = {c for s, hand in enumerate(self.hands) if s != seat for c in hand} - set(self.exposed)
        if seat != self.dealer:
            hidden |= set(self.discard) - set(self.shown)
        own = self.piles[seat] if seat is not None and 0 <= seat < self.players else ()
        return frozenset(hidden | (set(self.face_down) - set(own)))

    # -- learning: what may not go, and the moment a seat faces -----------------------------------
    def held(self, seat: int) -> tuple[str, ...]:
        """The seat's hand; while it chooses which cards of a trick it won to leave face up
        (Tontine), that trick's cards, which are what it chooses from."""
        if not 0 <= seat < self.players:
            return ()
        if self.phase == "claim" and seat in self.to_move:
            return tuple(pack.ORDER.sort(self.trick.cards))
        return tuple(pack.ORDER.sort(self.hands[seat]))

    def why_not(self, seat: int) -> dict[str, str]:
        if seat not in self.to_move or self.phase == "summon":
            return {}
        if self.phase == "discard":
            return self._discard_refusals(seat)
        if self.phase == "give":
            return self._give_refusals()
        if self.phase == "claim":
            return self._claim_refusals()
        return {card: self._refusal_text(seat, kind) for card, kind in self.refusals(seat).items()}

    def _refusal_text(self, seat: int, kind: rule_sets.LaughRefusal) -> str:
        """A trick rule that stops a card, in plain words (docs/rules/tarot.md, K-2)."""
        led = self.trick.led_card((FOOL,) if self.fool_free else ())
        suit = texts.suit_name(led)
        if kind == "follow":
            return f"You must follow {suit}"
        if kind == "trump":
            if led is not None and pack.is_trump(led):
                return "Trumps were led: you must play a trump (K-2)"
            return f"You have no {suit}: you must play a trump (K-2)"
        if kind == "beat":
            best = pack.best_trump(self.trick, (FOOL,))
            shown = cards.short(best, "tarot") if best is not None else "the best trump"
            return f"You must beat {shown} with a higher trump while you hold one (K-2)"
        if kind == "fool-trumps":
            return "The Fool must go now: trumps were led and you hold no court card (the Last Laugh)"
        if kind == "fool-court":
            return f"The Fool must go now: you hold a court card of {suit}, the suit led (the Last Laugh)"
        if kind == "fool-lead":
            return "Under the Last Laugh the Fool may not be led before the last trick"
        return "Under the Last Laugh the Fool stays in your hand until a lead forces it, or the last trick"

    def _discard_refusals(self, seat: int) -> dict[str, str]:
        pick = self.pick(seat)
        assert pick is not None
        hand = self.hands[seat]
        out = {}
        for card in hand:
            if card in pick.fixed:
                out[card] = "It goes in anyway: you hold too few cards you may discard, so every one of them must go"
            elif card not in pick.cards:
                reason = self.table.discard_refusal(card, hand, self.good_and_evil)
                assert reason is not None
                out[card] = reason
        return out

    def _give_refusals(self) -> dict[str, str]:
        """The Last Laugh: the Butt's cards that may not go on their pile in the Fool's place."""
        assert self.fool_holder is not None
        step, choices = self._butt_step()
        led = self.trick.led_card()
        out = {}
        for card in self.hands[self.fool_holder]:
            if card in choices:
                continue
            if card == FOOL:
                out[card] = "The Fool is the card you are paying for: another goes on your pile in its place"
            elif pack.is_king(card):
                out[card] = "A King never goes on your pile in the Fool's place"
            elif step == 1:
                out[card] = f"You hold a Queen, Cavalier or Jack of {texts.suit_name(led)}, the suit led: one must go"
            elif step == 2:
                out[card] = "You hold a Queen, Cavalier or Jack: one of those must go"
            elif card in (pack.MAGICIAN, pack.WORLD):
                out[card] = "The Magician and the World never go on your pile in the Fool's place"
            elif step == 3:
                out[card] = "Your highest trump must go (the Magician and the World aside)"
            else:
                out[card] = "A pip card must go: you hold no court card but Kings, and no trump that may go"
        return out

    def _claim_refusals(self) -> dict[str, str]:
        """Tontine: the cards of the trick just won that may not be left face up."""
        claimable = self._claimable()
        last = rule_sets.last_of_groups(self.played)
        out = {}
        for card in self.trick.cards:
            if card in claimable:
                continue
            name = rule_sets.group(card)
            if card == FOOL:
                out[card] = "The Fool already lies face up by its owner (K-10)"
            elif name is None:
                out[card] = (f"{cards.short(card, 'tarot')} scores nothing in Tontine: only Kings, Queens, Cavaliers, "
                             "Jacks, Honours and pips do")
            else:
                later = cards.short(last[name], "tarot")
                out[card] = f"{later} was played after it: only the last card of a group may score"
        return out

    def _heading_after(self, seat: int, card: str) -> int | None:
        """The seat that would head the trick if ``seat`` played ``card`` now."""
        return dataclasses.replace(self, trick=self.trick.add(seat, card)).heading()

    def heading(self) -> int | None:
        """The seat whose card heads the trick in play so far (None before a card that can win)."""
        if self.trick.led_card((FOOL,)) is None:
            return None
        if self.courtship:
            return rule_sets.courtship_winner(self.trick, self.courtship)[0]
        return pack.winner(self.trick)

    def coaching(self, seat: int) -> Coaching | None:
        if seat not in self.to_move:
            return None
        kind = self.moment(seat)
        partners = bool(self.table.partnerships(self.players))
        line = texts.COACHING[kind]
        if kind == "discard":
            line = texts.discard_line(partners, self.ruleset == "tontine", aces=not partners or self.good_and_evil)
        elif kind == "partner":
            mate = next(s for s in range(self.players) if s != seat and self.side(s) == self.side(seat))
            line = line.format(partner=player(mate))
            if self.rules.table_talk:
                line += texts.TALK
        return Coaching(kind, line)

    def moment(self, seat: int) -> str:
        """The kind of moment ``seat`` (to move) faces: the key of its coach's line."""
        if self.phase != "play":
            return {"discard": "discard", "claim": "tontine-claim", "summon": "summons", "give": "butt"}[self.phase]
        hand = self.hands[seat]
        legal = self.playable(seat)
        fool = FOOL in hand
        if self.ruleset == "last-laugh" and fool and legal == (FOOL,) and len(hand) > 1:
            return "fool-due"
        for card in legal:
            why = self._courtship_rule(seat, card)
            if why:
                return why.replace("_", "-")
        if not self.trick.plays:
            if self.ruleset == "last-laugh" and fool:
                return "fool-wait"
            return "tontine-lead" if self.ruleset == "tontine" else "lead"
        head = self.heading()
        # "No need to beat them" only where the seat may leave the partner ahead: void and bound by K-2,
        # every card it has may overtake them, and then the line would teach what it cannot do.
        if head is not None and head != seat and self.side(head) == self.side(seat) \
                and any(self._heading_after(seat, card) == head for card in legal):
            return "partner"
        led = self.trick.led_card((FOOL,) if self.fool_free else ())
        excuse = self.fool_free and fool
        if led is not None and pack.is_trump(led):
            return "excuse" if excuse else "trumps-led"
        if led is None or any(pack.suit(c) == pack.suit(led) for c in hand if c != FOOL):
            return "follow"
        if any(pack.is_trump(c) for c in hand):
            return "excuse" if excuse else "trump"
        return "throw"

    def _courtship_rule(self, seat: int, card: str) -> str:
        """The Courtship rule by which ``card``, played now, would head the trick ("" if none)."""
        if not self.courtship or not self.trick.plays or not rule_sets.is_suit_card(card):
            return ""
        trick = self.trick.add(seat, card)
        winner, why = rule_sets.courtship_winner(trick, self.courtship)
        return why if winner == seat else ""

    # -- moves ----------------------------------------------------------------------------------
    def _apply(self, seat: int, action: Action) -> TarotTableState:
        if self.phase == "summon":
            return self._summoning(action.token)
        assert isinstance(action, CardsMove)
        if self.phase == "discard":
            return self._discarded(action.cards)
        if self.phase == "give":
            return self._butt_gives(action.cards[0])
        if self.phase == "claim":
            return self._claimed(action.cards)
        return self._played(seat, action.cards[0])

    def _discarded(self, discard: tuple[str, ...]) -> TarotTableState:
        dealer = self.dealer
        hand = tuple(c for c in self.hands[dealer] if c not in discard)
        forced = tuple(c for c in discard if not self.table.may_discard(c, self.hands[dealer], self.good_and_evil))
        line = f"{player(dealer)} discards {len(discard)} cards"
        if forced:
            line += ", showing " + " ".join(cards.short(c, "tarot") for c in forced)
        return dataclasses.replace(self, phase="play", hands=replace_at(self.hands, dealer, hand), discard=discard,
                                   shown=forced, trick=Trick((dealer + 1) % self.players),
                                   log=self.with_events(Event(line, notable=bool(forced))))

    def _played(self, seat: int, card: str) -> TarotTableState:
        hand = tuple(c for c in self.hands[seat] if c != card)
        trick = self.trick.add(seat, card)
        face_up = self.face_up
        if self.ruleset == "tontine":
            name = rule_sets.group(card)
            face_up = frozenset(c for c in face_up if rule_sets.group(c) != name)  # claims of its group lapse
            if card == FOOL:  # back to its owner, face up beside them (K-3, K-10)
                face_up |= {FOOL}
        fool = (seat, self.trick_no - 1) if card == FOOL and self.fool_free else self.fool
        state = dataclasses.replace(self, hands=replace_at(self.hands, seat, hand), trick=trick, fool=fool,
                                    played=self.played + (card,), face_up=face_up,
                                    exposed=self.exposed - {card},
                                    fool_holder=None if card == FOOL else self.fool_holder)
        if not trick.complete(self.players):
            return state
        taker, why = state._winner(trick)
        text = f"{player(taker)} takes the trick ({pack.total(trick.cards)} points)"
        if why:
            text += f" by {COURTSHIP_TITLES[why]}"
        state = dataclasses.replace(state, taker=taker, why=why, summoned=(), last_trick=(taker, trick, why),
                                    log=state.with_events(Event(text, notable=bool(why))))
        return state._settle_trick()

    def _winner(self, trick: Trick) -> tuple[int, str]:
        if self.ruleset == "last-laugh" and FOOL in trick.cards and self.last_trick_now:
            return next(s for s, c in trick.plays if c == FOOL), ""  # the Last Laugh
        if self.courtship:
            return rule_sets.courtship_winner(trick, self.courtship)
        return pack.winner(trick), ""

    @property
    def last_trick_now(self) -> bool:
        """Whether the trick being played (or just completed) is the hand's last."""
        return not any(self.hands)

    @property
    def trick_no(self) -> int:
        return sum(self.tricks_won) + 1

    def _settle_trick(self) -> TarotTableState:
        """The next thing a rule set asks of someone about the trick just completed, or the trick
        gathered in once nothing is."""
        if self._next_king() is not None:
            return dataclasses.replace(self, phase="summon")
        if (self.ruleset == "last-laugh" and FOOL in self.trick.cards and not self.last_trick_now
                and self.fool_holder is None and self.fool_aside is None):
            return self._butt_takes_fool()
        if self.phase != "claim" and self.ruleset == "tontine" and self._claimable():
            if self.str_option("tontine_claims") == "auto":
                return dataclasses.replace(self, face_up=self.face_up | set(self._claimable()))._gather()
            return dataclasses.replace(self, phase="claim")
        return self._gather()

    def _gather(self) -> TarotTableState:
        taker = self.taker
        assert taker is not None
        piles = replace_at(self.piles, taker, self.piles[taker] + self.trick.cards)
        tricks_won = replace_at(self.tricks_won, taker, self.tricks_won[taker] + 1)
        state = dataclasses.replace(self, phase="play", piles=piles, tricks_won=tricks_won, taker=None, why="",
                                    summoned=(), trick=Trick(taker))
        if any(state.hands):
            return state
        return state._hand_over()

    # -- Courtship: Summoning Servants ----------------------------------------------------------
    def _next_king(self) -> str | None:
        """The next King of the completed trick whose servant may still be summoned (K-13)."""
        if "summoning_servants" not in self.courtship or self.taker is None:
            return None
        for _, card in self.trick.plays:
            if pack.is_king(card) and card not in self.summoned and not set(_servants(card)) <= self._gone(public=True):
                return card
        return None

    def _gone(self, public: bool) -> set[str]:
        """Cards played (in piles or the trick) and, unless only what all know counts, the discard."""
        out = {c for pile in self.piles for c in pile} | set(self.trick.cards)
        return out if public else out | set(self.discard)

    def _legacy_summon(self) -> Word:
        """A bare ``summon`` from a record made before K-16, as the bot then chose it: the Jack
        unless it was played or discarded, else the Cavalier."""
        king = self._next_king()
        assert king is not None
        return Word(SUMMON_CAVALIER if _servants(king)[0] in self._gone(public=False) else SUMMON_JACK)

    def _summon_words(self) -> tuple[Word, ...]:
        # Named by rank alone: a card's own name would tell where it is not (the status names the King).
        return (Word(SUMMON_JACK, "Summon the Jack"), Word(SUMMON_CAVALIER, "Summon the Cavalier"),
                Word(PASS, "Don't summon"))

    def _holder(self, card: str) -> int | None:
        return next((s for s, hand in enumerate(self.hands) if card in hand), None)

    def _summoning(self, call: str) -> TarotTableState:
        """K-16: the called servant comes into the trick from its holder's hand, who takes back
        the card they had played; or nothing comes, and everyone is told why."""
        king = self._next_king()
        taker = self.taker
        assert king is not None and taker is not None
        state = dataclasses.replace(self, summoned=self.summoned + (king,))
        jack, cavalier = _servants(king)
        answer = jack if call == SUMMON_JACK else cavalier
        who, to_king = player(taker), cards.short(king, "tarot")
        called = f"the {'Jack' if call == SUMMON_JACK else 'Cavalier'} to {to_king}"  # not the card: it may be unseen

        def nothing(text: str, exposed: frozenset[str] = self.exposed) -> TarotTableState:
            return dataclasses.replace(state, exposed=exposed,
                                       log=state.with_events(Event(text, notable=True)))._settle_trick()

        if call == PASS:
            line = Event(f"{who} does not summon the servant of {to_king}")
            return dataclasses.replace(state, log=state.with_events(line))._settle_trick()
        jack_holder = self._holder(jack)
        if call == SUMMON_CAVALIER and jack_holder is not None:  # the Jack answers for its King first
            return nothing(f"{who} summons {called}, but the Jack is still in a hand: {player(jack_holder)} holds "
                           f"{cards.short(jack, 'tarot')}. Nothing comes", self.exposed | {jack})
        holder = self._holder(answer)
        if holder is None:
            return nothing(f"{who} summons {called}: nobody holds it, nothing comes")
        if holder == taker and any(s == taker and c == king for s, c in self.trick.plays):
            return nothing(f"{who} may not summon their own servant to a King they played: nothing comes")
        back = next(c for s, c in self.trick.plays if s == holder)
        trick = Trick(self.trick.leader, tuple((s, answer if s == holder else c) for s, c in self.trick.plays))
        hand = tuple(c for c in self.hands[holder] if c != answer) + (back,)
        fool = None if back == FOOL else self.fool
        line = Event(f"{who} summons {cards.short(answer, 'tarot')}: {player(holder)} adds it to the trick and "
                     f"takes back {cards.short(back, 'tarot')}", notable=True)
        return dataclasses.replace(state, trick=trick, hands=replace_at(self.hands, holder, hand), fool=fool,
                                   exposed=(self.exposed | {back}) - {answer},
                                   last_trick=(taker, trick, self.why),
                                   log=state.with_events(line))._settle_trick()

    # -- The Last Laugh: the Butt -----------------------------------------------------------------
    def _butt_step(self) -> tuple[rule_sets.ButtStep, tuple[str, ...]]:
        assert self.fool_holder is not None
        hand = [c for c in self.hands[self.fool_holder] if c != FOOL]
        return rule_sets.butt_choices(hand, self.trick.led_card())

    def _butt_takes_fool(self) -> TarotTableState:
        """The trick's winner takes the Fool into hand and must put another card on their pile."""
        butt = self.taker
        assert butt is not None
        state = dataclasses.replace(self, hands=replace_at(self.hands, butt, self.hands[butt] + (FOOL,)),
                                    fool_holder=butt, exposed=self.exposed | {FOOL},
                                    log=self.with_events(Event(f"{player(butt)} is the Butt and takes the Fool "
                                                               "into hand", notable=True)))
        step, choices = state._butt_step()
        if step == 5:
            hand = tuple(c for c in state.hands[butt] if c != FOOL)
            line = Event(f"{player(butt)} has nothing but Kings, the Magician and the World: the Fool goes face up "
                         "aside and the whole hand is shown: " + " ".join(cards.short(c, "tarot") for c in hand),
                         notable=True)
            trick = Trick(self.trick.leader, tuple(p for p in self.trick.plays if p[1] != FOOL))
            return dataclasses.replace(state, hands=replace_at(state.hands, butt, hand), fool_holder=None,
                                       fool_aside=butt, exposed=(state.exposed - {FOOL}) | set(hand), trick=trick,
                                       log=state.with_events(line))._settle_trick()
        if len(choices) == 1:
            return state._butt_gives(choices[0])
        return dataclasses.replace(state, phase="give")

    def _butt_gives(self, card: str) -> TarotTableState:
        butt = self.fool_holder
        assert butt is not None and self.taker is not None
        step, _ = self._butt_step()
        hand = tuple(c for c in self.hands[butt] if c != card)
        said = {1: "a court card of the suit led", 2: "a court card (a knock on the table)",
                3: f"{cards.short(card, 'tarot')}, their highest trump",
                4: f"{cards.short(card, 'tarot')}, a pip card"}[step]
        line = Event(f"{player(butt)} puts {said} on their pile in the Fool's place", notable=step >= 2)
        trick = Trick(self.trick.leader, tuple((s, card if c == FOOL else c) for s, c in self.trick.plays))
        face_down = self.face_down | ({card} if step <= 2 else set())
        return dataclasses.replace(self, phase="play", hands=replace_at(self.hands, butt, hand), trick=trick,
                                   exposed=self.exposed - {card}, face_down=face_down,
                                   log=self.with_events(line))._settle_trick()

    # -- Tontine: claims ------------------------------------------------------------------------
    def _claimable(self) -> tuple[str, ...]:
        """The completed trick's cards the winner may leave face up: those still the last played
        of a group that scores (the Fool is already face up with its owner)."""
        if self.taker is None or self.ruleset != "tontine":
            return ()
        last = rule_sets.last_of_groups(self.played)
        return tuple(c for c in self.trick.cards
                     if c != FOOL and (name := rule_sets.group(c)) is not None and last.get(name) == c
                     and c not in self.face_up)

    def _claimed(self, claim: tuple[str, ...]) -> TarotTableState:
        assert self.taker is not None
        shown = " ".join(cards.short(c, "tarot") for c in claim)
        line = Event(f"{player(self.taker)} leaves {shown} face up" if claim else
                     f"{player(self.taker)} leaves nothing face up")
        return dataclasses.replace(self, phase="play", face_up=self.face_up | set(claim),
                                   log=self.with_events(line))._gather()

    # -- the hand's end -------------------------------------------------------------------------
    def side_piles(self) -> dict[int, list[str]]:
        """Each side's cards at the end of the hand: tricks, the discard and the Fool settled."""
        out: dict[int, list[str]] = {self.side(s): [] for s in range(self.players)}
        for seat, pile in enumerate(self.piles):
            out[self.side(seat)].extend(pile)
        out[self.side(self.dealer)].extend(self.discard)
        if self.fool is not None and FOOL in out[self.side(self.fool_taker)]:
            worth = None if self.ruleset != "tontine" else (lambda c: int(c in self.face_up))
            owner = self.side(self.fool[0])
            took = any(self.piles[s] for s in range(self.players) if self.side(s) == owner)  # K-3
            out = pack.settle_fool(out, owner, self.side(self.fool_taker), worth=worth, owner_took_a_trick=took)
        return out

    @property
    def fool_taker(self) -> int:
        assert self.fool is not None
        won = [s for s, pile in enumerate(self.piles) if FOOL in pile]
        return won[0] if won else self.fool[0]

    def _aside_exchange(self, piles: dict[int, list[str]]) -> tuple[dict[int, list[str]], str]:
        """K-15: the Fool set aside goes to the last trick's winner, who pays the Butt a card."""
        butt = self.fool_aside
        assert butt is not None and self.last_trick is not None
        winner = self.last_trick[0]
        piles[self.side(winner)].append(FOOL)
        if self.side(winner) == self.side(butt):
            return piles, f"{player(winner)} takes the Fool set aside"
        pay = min((c for c in piles[self.side(winner)] if c != FOOL),
                  key=lambda c: (pack.points(c), pack.ORDER.key(c)))
        piles[self.side(winner)].remove(pay)
        piles[self.side(butt)].append(pay)
        return piles, f"{player(winner)} takes the Fool set aside and gives {player(butt)} {cards.short(pay, 'tarot')}"

    def _hand_over(self) -> TarotTableState:
        piles = self.side_piles()
        notes = []
        if self.fool_aside is not None:
            piles, note = self._aside_exchange(piles)
            notes.append(note)
        by_side = {side: self._pile_points(pile) for side, pile in piles.items()}
        gained = self._hand_scores(by_side)
        scores = tuple(a + b for a, b in zip(self.scores, gained, strict=True))
        words = ", ".join(f"{self._side_name(side)} {points}" for side, points in by_side.items())
        what = "Tontine points" if self.ruleset == "tontine" else "card points"
        notes.append(f"Hand {self.hand_no + 1} {what}: {words}")
        if self.ruleset == "tontine":
            notes.append("scores " + ", ".join(f"{self._side_name(self.side(s[0]))} {gained[s[0]]:+d}"
                                                for s in self.sides))
        record = {
            "hand": self.hand_no + 1, "dealer": self.dealer, "ruleset": self.ruleset,
            "sides": [list(s) for s in self.sides],
            "piles": [pack.ORDER.sort(piles[self.side(s[0])]) for s in self.sides],
            "points": [by_side[self.side(s[0])] for s in self.sides],
            "tricks": list(self.tricks_won), "discard": pack.ORDER.sort(self.discard),
            "face_up": pack.ORDER.sort(self.face_up) if self.ruleset == "tontine" else [],
            "gained": list(gained), "scores": list(scores), "fool": self._fool_note(),
        }
        state = dataclasses.replace(self, scores=scores, round_ends=self.round_ends + (record,),
                                    log=self.with_events(*(Event(n, notable=True) for n in notes)))
        if self.hand_no + 1 >= self.players:
            return state._finish()
        return self.table.deal_hand(state, self.hand_no + 1)

    def _pile_points(self, pile: list[str]) -> int:
        if self.ruleset == "tontine":
            return rule_sets.tontine_points([c for c in pile if c in self.face_up], self.played)
        return pack.total(pile)

    def _hand_scores(self, by_side: Mapping[int, int]) -> tuple[int, ...]:
        """A hand's score for each seat: the points taken, or under Tontine the points against
        37 (three players) or the difference between the sides once one reaches 56 (K-12)."""
        if self.ruleset != "tontine":
            return tuple(by_side[self.side(s)] for s in range(self.players))
        target = TONTINE_TARGET[self.players]
        if self.players == 3:
            return tuple(by_side[self.side(s)] - target for s in range(self.players))
        ours, theirs = by_side[0], by_side[1]
        diff = ours - theirs if max(ours, theirs) >= target else 0
        return tuple(diff if self.side(s) == 0 else -diff for s in range(self.players))

    def _side_name(self, side: int) -> str:
        return " and ".join(player(s) for s in self.sides[side])

    def _fool_note(self) -> dict[str, Any] | None:
        if self.ruleset == "last-laugh":  # who holds it is known only once a Butt took it
            return {"rule": "last-laugh", "holder": self.fool_holder, "aside": self.fool_aside}
        if self.fool is None:
            return None
        taker = self.fool_taker if FOOL in {c for p in self.piles for c in p} else None
        return {"rule": "excuse", "owner": self.fool[0], "taker": taker}

    def _finish(self) -> TarotTableState:
        board = leaders(list(self.scores))
        partners = self.table.partnerships(self.players)
        names = " and ".join(player(s) for s in sorted(board.top))
        detail = (f"{names} {'win' if partners else 'wins'} with {board.best}" if board.winners
                  else f"everyone level on {board.best}")
        return dataclasses.replace(self, result=Outcome(self.scores, board.winners, detail, sides=partners),
                                   log=self.with_events(Event(detail, notable=True)))

    # -- presentation ---------------------------------------------------------------------------
    def status(self, seat: int | None) -> str:
        if self.result is not None:
            return f"Game over: {self.result.detail}."
        hand = f"Hand {self.hand_no + 1} of {self.players}"
        if self.phase == "discard":
            count = self.table.extra_cards(self.good_and_evil)
            return f"{hand}: {player(self.dealer)} deals and discards {count}"
        if self.phase == "summon":
            king = self._next_king()
            assert king is not None and self.taker is not None
            return f"{hand}: {player(self.taker)} may summon the servant of {cards.short(king, 'tarot')}"
        if self.phase == "give":
            assert self.fool_holder is not None
            return f"{hand}: {player(self.fool_holder)}, the Butt, puts a card in the Fool's place"
        if self.phase == "claim":
            assert self.taker is not None
            return f"{hand}: {player(self.taker)} chooses which cards to leave face up"
        mover = self.trick.to_move(self.players, CLOCKWISE)
        assert mover is not None
        return f"{hand}, trick {self.trick_no}: {player(mover)} to play"

    def _view(self, seat: int | None) -> dict[str, Any]:
        mine = seat is not None and 0 <= seat < self.players
        start = max(self.log_from, len(self.log) - 10)
        held_fool = self.fool_holder
        seats = [{
            "count": len(hand),
            "tricks": self.tricks_won[s],
            "points": pack.total(c for c in self.piles[s] if s == seat or c not in self.face_down),
            "side": self.side(s),
            "face_up": pack.ORDER.sort(c for c in self.face_up if c in self.piles[s] or (
                c == FOOL and self.fool is not None and self.fool[0] == s)),
            "known": pack.ORDER.sort(c for c in hand if c in self.exposed) if s != seat else [],
            "fool": held_fool == s,
        } for s, hand in enumerate(self.hands)]
        playing = self.phase != "discard" and self.result is None
        return {
            "log": [e.text for e in self.log[start:]],
            "hand_no": self.hand_no + 1,
            "hands_total": self.players,
            "dealer": self.dealer,
            "phase": self.phase,
            "ruleset": self.ruleset,
            "courtship": sorted(self.courtship),
            "sides": [list(s) for s in self.table.partnerships(self.players)],
            "seats": seats,
            "scores": list(self.scores),
            "trick": self.trick.to_json() if playing else None,
            "trick_no": self.trick_no if playing else None,
            "taker": self.taker,
            "why": self.why,
            "last_trick": None if self.last_trick is None else {**self.last_trick[1].to_json(),
                                                                "winner": self.last_trick[0],
                                                                "why": self.last_trick[2]},
            "discard_count": len(self.discard),
            "shown": list(self.shown),
            "my_discard": pack.ORDER.sort(self.discard) if seat == self.dealer and self.discard else None,
            "hand": pack.ORDER.sort(self.hands[seat]) if mine and seat is not None else None,
            "fool": self._fool_note(),
            "fool_aside": self.fool_aside,
            "summon": None if self.phase != "summon" else self._next_king(),
            "claimable": list(self._claimable()) if self.phase == "claim" else [],
        }


def _servants(king: str) -> tuple[str, str]:
    """A King's Jack and Cavalier."""
    return "J" + king[-1], "N" + king[-1]


__all__ = ["RULESET_TITLES", "TableRules", "TarotTableState"]
