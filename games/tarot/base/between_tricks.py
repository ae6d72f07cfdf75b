"""What a rule set asks between a trick's last card and the next lead, at a tarot base game's table
(docs/rules/tarot.md), and the trick gathered in once nothing is:

- **Summoning Servants** (Courtship, K-13, K-14, K-16): the winner calls a King's Jack or
  Cavalier into the trick from its holder's hand, or passes.
- **The Last Laugh's Butt** (K-15): the winner of the Fool's trick takes it into hand and puts
  another card on their pile in its place (``rule_sets.butt_choices``), or, holding nothing that
  may go, sets it face up aside and shows their hand.
- **Tontine's claims** (K-10): the winner chooses which of the trick's cards to leave face up
  (all of them, with ``tontine_claims`` on ``auto``).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Self

from games.core import cards
from games.core.actions import Word
from games.core.base import Event, player, replace_at
from games.core.tricks import Trick

from .. import pack, rule_sets
from ..pack import FOOL
from .hand_end import HandEndState

SUMMON_JACK, SUMMON_CAVALIER, PASS = "summon:J", "summon:C", "pass"
SUMMONS = (SUMMON_JACK, SUMMON_CAVALIER)
LEGACY_SUMMON = "summon"  # the one summons of records made before K-16: the Jack, else the Cavalier


def servants(king: str) -> tuple[str, str]:
    """A King's Jack and Cavalier."""
    return "J" + king[-1], "N" + king[-1]


@dataclass(frozen=True, kw_only=True, repr=False)
class BetweenTricksState(HandEndState):
    def settle_trick(self) -> Self:
        """The next thing a rule set asks of someone about the trick just completed, or the trick
        gathered in once nothing is."""
        if self.next_king() is not None:
            return dataclasses.replace(self, phase="summon")
        if (self.ruleset == "last-laugh" and FOOL in self.trick.cards and not self.last_trick_now
                and self.fool_holder is None and self.fool_aside is None):
            return self.butt_takes_fool()
        if self.phase != "claim" and self.ruleset == "tontine" and self.claimable():
            if self.str_option("tontine_claims") == "auto":
                return dataclasses.replace(self, face_up=self.face_up | set(self.claimable())).gather()
            return dataclasses.replace(self, phase="claim")
        return self.gather()

    def gather(self) -> Self:
        """The trick on its winner's pile, who leads the next; the hand scored after its last."""
        taker = self.taker
        assert taker is not None
        piles = replace_at(self.piles, taker, self.piles[taker] + self.trick.cards)
        tricks_won = replace_at(self.tricks_won, taker, self.tricks_won[taker] + 1)
        state = dataclasses.replace(self, phase="play", piles=piles, tricks_won=tricks_won, taker=None, why="",
                                    summoned=(), trick=Trick(taker))
        if any(state.hands):
            return state
        return state.hand_over()

    # -- Courtship: Summoning Servants ----------------------------------------------------------
    def next_king(self) -> str | None:
        """The next King of the completed trick whose servant may still be summoned (K-13)."""
        if "summoning_servants" not in self.courtship or self.taker is None:
            return None
        for _, card in self.trick.plays:
            if pack.is_king(card) and card not in self.summoned and not set(servants(card)) <= self.gone(public=True):
                return card
        return None

    def legacy_summon(self) -> Word:
        """A bare ``summon`` from a record made before K-16, as the bot then chose it: the Jack
        unless it was played or discarded, else the Cavalier."""
        king = self.next_king()
        assert king is not None
        return Word(SUMMON_CAVALIER if servants(king)[0] in self.gone(public=False) else SUMMON_JACK)

    def summon_words(self) -> tuple[Word, ...]:
        # Named by rank alone: a card's own name would tell where it is not (the status names the King).
        return (Word(SUMMON_JACK, "Summon the Jack"), Word(SUMMON_CAVALIER, "Summon the Cavalier"),
                Word(PASS, "Don't summon"))

    def summoning(self, call: str) -> Self:
        """K-16: the called servant comes into the trick from its holder's hand, who takes back
        the card they had played; or nothing comes, and everyone is told why."""
        king = self.next_king()
        taker = self.taker
        assert king is not None and taker is not None
        state = dataclasses.replace(self, summoned=self.summoned + (king,))
        jack, cavalier = servants(king)
        answer = jack if call == SUMMON_JACK else cavalier
        who, to_king = player(taker), cards.short(king, "tarot")
        called = f"the {'Jack' if call == SUMMON_JACK else 'Cavalier'} to {to_king}"  # not the card: it may be unseen

        if call == PASS:
            line = Event(f"{who} does not summon the servant of {to_king}")
            return dataclasses.replace(state, log=state.with_events(line)).settle_trick()
        jack_holder = self.holder(jack)
        holder = self.holder(answer)
        nothing, exposed = "", self.exposed  # why nothing comes, and what that tells everyone
        if call == SUMMON_CAVALIER and jack_holder is not None:  # the Jack answers for its King first
            nothing = (f"{who} summons {called}, but the Jack is still in a hand: {player(jack_holder)} holds "
                       f"{cards.short(jack, 'tarot')}. Nothing comes")
            exposed = self.exposed | {jack}
        elif holder is None:
            nothing = f"{who} summons {called}: nobody holds it, nothing comes"
        elif holder == taker and any(s == taker and c == king for s, c in self.trick.plays):
            nothing = f"{who} may not summon their own servant to a King they played: nothing comes"
        if nothing or holder is None:
            return dataclasses.replace(state, exposed=exposed,
                                       log=state.with_events(Event(nothing, notable=True))).settle_trick()
        back = next(c for s, c in self.trick.plays if s == holder)
        trick = Trick(self.trick.leader, tuple((s, answer if s == holder else c) for s, c in self.trick.plays))
        hand = tuple(c for c in self.hands[holder] if c != answer) + (back,)
        fool = None if back == FOOL else self.fool
        line = Event(f"{who} summons {cards.short(answer, 'tarot')}: {player(holder)} adds it to the trick and "
                     f"takes back {cards.short(back, 'tarot')}", notable=True)
        return dataclasses.replace(state, trick=trick, hands=replace_at(self.hands, holder, hand), fool=fool,
                                   exposed=(self.exposed | {back}) - {answer},
                                   last_trick=(taker, trick, self.why),
                                   log=state.with_events(line)).settle_trick()

    # -- The Last Laugh: the Butt -----------------------------------------------------------------
    def butt_step(self) -> tuple[rule_sets.ButtStep, tuple[str, ...]]:
        """The step of ``rule_sets.butt_choices`` the Butt is at, and the cards it lets go."""
        assert self.fool_holder is not None
        hand = [c for c in self.hands[self.fool_holder] if c != FOOL]
        return rule_sets.butt_choices(hand, self.trick.led_card())

    def butt_takes_fool(self) -> Self:
        """The trick's winner takes the Fool into hand and must put another card on their pile."""
        butt = self.taker
        assert butt is not None
        state = dataclasses.replace(self, hands=replace_at(self.hands, butt, self.hands[butt] + (FOOL,)),
                                    fool_holder=butt, exposed=self.exposed | {FOOL},
                                    log=self.with_events(Event(f"{player(butt)} is the Butt and takes the Fool "
                                                               "into hand", notable=True)))
        step, choices = state.butt_step()
        if step == 5:
            hand = tuple(c for c in state.hands[butt] if c != FOOL)
            line = Event(f"{player(butt)} has nothing but Kings, the Magician and the World: the Fool goes face up "
                         "aside and the whole hand is shown: " + " ".join(cards.short(c, "tarot") for c in hand),
                         notable=True)
            trick = Trick(self.trick.leader, tuple(p for p in self.trick.plays if p[1] != FOOL))
            return dataclasses.replace(state, hands=replace_at(state.hands, butt, hand), fool_holder=None,
                                       fool_aside=butt, exposed=(state.exposed - {FOOL}) | set(hand), trick=trick,
                                       log=state.with_events(line)).settle_trick()
        if len(choices) == 1:
            return state.butt_gives(choices[0])
        return dataclasses.replace(state, phase="give")

    def butt_gives(self, card: str) -> Self:
        butt = self.fool_holder
        assert butt is not None and self.taker is not None
        step, _ = self.butt_step()
        hand = tuple(c for c in self.hands[butt] if c != card)
        said = {1: "a court card of the suit led", 2: "a court card (a knock on the table)",
                3: f"{cards.short(card, 'tarot')}, their highest trump",
                4: f"{cards.short(card, 'tarot')}, a pip card"}[step]
        line = Event(f"{player(butt)} puts {said} on their pile in the Fool's place", notable=step >= 2)
        trick = Trick(self.trick.leader, tuple((s, card if c == FOOL else c) for s, c in self.trick.plays))
        face_down = self.face_down | ({card} if step <= 2 else set())
        return dataclasses.replace(self, phase="play", hands=replace_at(self.hands, butt, hand), trick=trick,
                                   exposed=self.exposed - {card}, face_down=face_down,
                                   log=self.with_events(line)).settle_trick()

    # -- Tontine: claims ------------------------------------------------------------------------
    def claimable(self) -> tuple[str, ...]:
        """The completed trick's cards the winner may leave face up: those still the last played
        of a group that scores (the Fool is already face up with its owner)."""
        if self.taker is None or self.ruleset != "tontine":
            return ()
        last = rule_sets.last_of_groups(self.played)
        return tuple(c for c in self.trick.cards
                     if c != FOOL and (name := rule_sets.group(c)) is not None and last.get(name) == c
                     and c not in self.face_up)

    def claimed(self, claim: tuple[str, ...]) -> Self:
        assert self.taker is not None
        shown = " ".join(cards.short(c, "tarot") for c in claim)
        line = Event(f"{player(self.taker)} leaves {shown} face up" if claim else
                     f"{player(self.taker)} leaves nothing face up")
        return dataclasses.replace(self, phase="play", face_up=self.face_up | set(claim),
                                   log=self.with_events(line)).gather()
