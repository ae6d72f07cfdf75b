"""The tarot base games Scarto (three players), Tarocchi (four, partners opposite) and
Conference (four, partners side by side), each under plain rules or one of three rule sets:
Tontine, The Last Laugh or Courtship Rules (docs/rules/tarot.md, K-1..K-10).

A hand: every player gets the same number of cards, the dealer takes the rest and discards as
many to their side's pile, the player at the dealer's left leads, tricks go round to the left.
Between a trick's last card and the next lead a rule set may ask one more thing of someone:
Summoning Servants asks the winner whether to summon a King's servant, the Last Laugh's Butt
chooses the card that replaces the Fool, and manual Tontine asks the winner which cards to
leave face up. A game is one hand dealt by each player.

This module is the game's contract on top of the hand (:mod:`.hand`, :mod:`.hand_end`,
:mod:`.between_tricks`): who moves, the legal moves and what they do, and what a seat sees. For a
learner the state also says which held cards may not go and why (``why_not``, from the same
refusals the legal cards come from: ``pack.refusals``, ``rule_sets.last_laugh_refusals``, the
rules' ``discard_refusal``, the Butt's steps, Tontine's groups) and what kind of moment a seat
faces (``coaching``: its lines are in :mod:`.texts`).

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
from dataclasses import dataclass

from games.core import cards
from games.core.actions import Action, Pick
from games.core.base import Event, player, replace_at
from games.core.teaching import Coaching
from games.core.tricks import CLOCKWISE, Trick

from .. import pack, rule_sets
from ..discards import discard_pick, matched
from ..moves import CardsMove
from ..pack import FOOL
from ..rule_sets import COURTSHIP_TITLES
from . import texts
from .between_tricks import LEGACY_SUMMON, BetweenTricksState
from .view import SeatView, TarotTablePart, TarotTableView


@dataclass(frozen=True, kw_only=True, repr=False)
class TarotTableState(BetweenTricksState):
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

    def _legal(self, seat: int) -> tuple[Action, ...]:
        if self.phase == "summon":
            return self.summon_words()
        if self.phase == "give":
            return tuple(CardsMove("give", (c,)) for c in self.butt_step()[1])
        if self.phase == "claim":
            claimable = self.claimable()
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
            claimable = self.claimable()
            every = (CardsMove("claim", claimable),) if claimable else ()
            return (*every, CardsMove("claim", ()))
        return self.legal_actions(seat)

    def pick(self, seat: int) -> Pick | None:
        if seat not in self.to_move:
            return None
        if self.phase == "claim":
            claimable = self.claimable()
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
            action = self.legacy_summon()
        if not isinstance(action, CardsMove) or self.phase not in ("discard", "claim") or action.verb != (
                "discard" if self.phase == "discard" else "claim"):
            return super()._match(seat, action)
        if self.phase == "claim":
            fits = set(action.cards) <= set(self.claimable())
            return CardsMove("claim", tuple(c for c in self.claimable() if c in action.cards)) if fits else None
        pick = self.pick(seat)
        assert pick is not None
        return matched(pick, action.cards)

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
            pick = self.pick(seat)
            assert pick is not None
            hand = self.hands[seat]
            return texts.discard_refusals(
                hand, pick, lambda card: self.table.discard_refusal(card, hand, self.good_and_evil))
        if self.phase == "give":
            assert self.fool_holder is not None
            step, choices = self.butt_step()
            return texts.give_refusals(self.hands[self.fool_holder], choices, step, self.trick.led_card())
        if self.phase == "claim":
            return texts.claim_refusals(self.trick.cards, self.claimable(), self.played)
        return {card: texts.trick_refusal(kind, self.trick, self.fool_free)
                for card, kind in self.refusals(seat).items()}

    def coaching(self, seat: int) -> Coaching | None:
        if seat not in self.to_move:
            return None
        kind = self.moment(seat)
        mate = next((s for s in range(self.players) if s != seat and self.side(s) == self.side(seat)), None)
        line = texts.coaching_line(kind, partners=self.partners, tontine=self.ruleset == "tontine",
                                   aces=not self.partners or self.good_and_evil,
                                   partner=player(mate) if mate is not None else "", talk=self.rules.table_talk)
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
            why = self.courtship_rule(seat, card)
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
                and any(self.heading_after(seat, card) == head for card in legal):
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

    # -- moves ----------------------------------------------------------------------------------
    def _apply(self, seat: int, action: Action) -> TarotTableState:
        if self.phase == "summon":
            return self.summoning(action.token)
        assert isinstance(action, CardsMove)
        if self.phase == "discard":
            return self._discarded(action.cards)
        if self.phase == "give":
            return self.butt_gives(action.cards[0])
        if self.phase == "claim":
            return self.claimed(action.cards)
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
        return state.settle_trick()

    def _winner(self, trick: Trick) -> tuple[int, str]:
        if self.ruleset == "last-laugh" and FOOL in trick.cards and self.last_trick_now:
            return next(s for s, c in trick.plays if c == FOOL), ""  # the Last Laugh
        if self.courtship:
            return rule_sets.courtship_winner(trick, self.courtship)
        return pack.winner(trick), ""

    # -- presentation ---------------------------------------------------------------------------
    def status(self, seat: int | None) -> str:
        if self.result is not None:
            return f"Game over: {self.result.detail}."
        hand = f"Hand {self.hand_no + 1} of {self.players}"
        if self.phase == "discard":
            count = self.table.extra_cards(self.good_and_evil)
            return f"{hand}: {player(self.dealer)} deals and discards {count}"
        if self.phase == "summon":
            king = self.next_king()
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

    def view(self, seat: int | None) -> TarotTableView:
        return {**self.shared_view(seat), **self._view(seat)}

    def _view(self, seat: int | None) -> TarotTablePart:
        mine = seat is not None and 0 <= seat < self.players
        start = max(self.log_from, len(self.log) - 10)
        held_fool = self.fool_holder
        seats: list[SeatView] = [{
            "count": len(hand),
            "tricks": self.tricks_won[s],
            "points": pack.total(c for c in self.piles[s] if s == seat or c not in self.face_down),
            "side": self.side(s),
            "face_up": pack.ORDER.sort(c for c in self.face_up if c in self.piles[s] or (
                c == FOOL and self.fool is not None and self.fool[0] == s)),
            "known": self.known(s) if s != seat else [],
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
            "trick": self.trick.to_view() if playing else None,
            "trick_no": self.trick_no if playing else None,
            "taker": self.taker,
            "why": self.why,
            "last_trick": None if self.last_trick is None else {**self.last_trick[1].to_view(),
                                                                "winner": self.last_trick[0],
                                                                "why": self.last_trick[2]},
            "discard_count": len(self.discard),
            "shown": list(self.shown),
            "my_discard": self.own_discard(seat) if seat is not None else None,
            "hand": pack.ORDER.sort(self.hands[seat]) if mine and seat is not None else None,
            "fool": self.fool_note(),
            "fool_aside": self.fool_aside,
            "summon": None if self.phase != "summon" else self.next_king(),
            "claimable": list(self.claimable()) if self.phase == "claim" else [],
        }
