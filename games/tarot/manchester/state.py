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

The hand's higher total wins the difference in game points. This module is the game's contract
on top of the hand (:mod:`.hand`, :mod:`.hand_end`): who moves, the legal moves and what they do,
what a learner is told (:mod:`.texts`), and what a seat sees.
"""

from __future__ import annotations

import dataclasses
import itertools
from dataclasses import dataclass

from games.core import cards
from games.core.actions import Action, Pick
from games.core.base import Event, player, replace_at
from games.core.teaching import Coaching
from games.core.tricks import Trick

from .. import pack
from ..discards import discard_pick, matched
from ..moves import CardsMove
from ..pack import FOOL
from . import texts
from .hand import FIRST_DISCARD, HANDS, Refusal, choose_hand, refusals
from .hand_end import HandEndState
from .view import CandidateView, ManchesterPart, ManchesterView, PositionView


@dataclass(frozen=True, kw_only=True, repr=False)
class ManchesterState(HandEndState):
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

    def _legal(self, seat: int) -> tuple[Action, ...]:
        if self.phase == "choose":
            return (choose_hand(0), choose_hand(1))
        if self.phase in ("discard", "discard2"):
            pick = self.pick(seat)
            assert pick is not None
            return tuple(CardsMove("discard", (*pick.fixed, *group))
                         for group in itertools.combinations(pick.cards, pick.most))
        position = self.to_play
        assert position is not None
        return tuple(CardsMove("play", (card,)) for card in self.playable(position))

    def pick(self, seat: int) -> Pick | None:
        if seat not in self.to_move or self.phase not in ("discard", "discard2"):
            return None
        hand = self.holdings[self.position_of(seat)]
        allowed = [c for c in hand if not self.kept(c)]
        label = "Discard these face down" if self.phase == "discard" else "Lay these aside face up"
        return discard_pick(hand, allowed, FIRST_DISCARD, label)

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

    # -- learning: what may not go, and the moment a seat faces -----------------------------------
    def why_not(self, seat: int) -> dict[str, str]:
        if seat not in self.to_move or self.phase == "choose":
            return {}
        if self.phase in ("discard", "discard2"):
            pick = self.pick(seat)
            assert pick is not None
            return texts.discard_refusals(self.holdings[self.position_of(seat)], pick, self.phase == "discard2")
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
        return texts.trick_refusal(kind, self.whose(position, seat), self.whose(self.to_play or 0, seat), self.trick)

    def coaching(self, seat: int) -> Coaching | None:
        if seat not in self.to_move:
            return None
        if self.phase == "discard":
            return Coaching("discard", texts.COACHING["discard"])
        if self.phase == "discard2":
            return Coaching("lay-aside", texts.COACHING["lay-aside"])
        if self.phase == "choose":
            return Coaching("choose", texts.COACHING["choose"])
        kind = self.moment(seat)
        return Coaching(kind, texts.COACHING[kind])

    def moment(self, seat: int) -> str:
        """The kind of trick moment ``seat`` faces: the key of its coach's line."""
        position = self.to_play
        assert position is not None
        hand = self.holdings[position]
        left = len(hand)
        if self.phase == "play2" and FOOL in hand and left == 2 and self.owner(position) == seat:
            return "fool-last"
        if self.is_dummy(position):
            kind = "truffle-dummy" if self.truffle else "dummy"
            return kind
        if not self.trick.plays:
            kind = "lead" if self.phase == "play1" else "lead-winner"
            return kind
        led = self.trick.led_card((FOOL,))
        if led is None:
            return "after-fool"
        refused = refusals(hand, self.trick)
        if FOOL in hand and refused:
            return "excuse"
        if pack.suit(led) == pack.TRUMP:
            return "trumps-led"
        if any(pack.suit(c) == pack.suit(led) for c in hand):
            return "follow"
        if any(pack.is_trump(c) for c in hand):
            return "trump"
        return "throw"

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
        return state.part_over()

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

    def view(self, seat: int | None) -> ManchesterView:
        return {**self.shared_view(seat), **self._view(seat)}

    def _view(self, seat: int | None) -> ManchesterPart:
        mine = seat in (0, 1)
        start = max(self.log_from, len(self.log) - 10)
        positions: list[PositionView] = [{
            "owner": self.owner(p),
            "dummy": self.is_dummy(p),
            "count": len(held),
            "cards": pack.ORDER.sort(held) if self.seen_by(p, seat) else None,
            "controller": self.controller(p),
            "tricks": sum(1 for q, _ in self.won if q == p),
            "points": pack.total(c for q, t in self.won if q == p for c in t.cards),
        } for p, held in enumerate(self.holdings)]
        candidates: list[CandidateView] | None = None
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
            "trick": self.trick.to_view() if playing else None,
            "trick_no": len(self.won) + 1 if playing else None,
            "last_trick": None if self.last_trick is None else {**self.last_trick[1].to_view(),
                                                                "winner": self.last_trick[0]},
            "shown": list(self.shown),
            "my_discards": list(self.discards[seat]) if mine and seat is not None else None,
            "chosen": [c is not None for c in self.choices] if self.phase == "choose" else None,
            "candidates": candidates,
            "hand": pack.ORDER.sort(self.holdings[self.position_of(seat)])
            if mine and seat is not None and self.phase != "choose" else None,
            "fool": self.fool_note() if playing else None,
        }
