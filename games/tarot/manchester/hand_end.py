"""A hand of the two-player tarot games scored (docs/rules/tarot.md): each part's piles with the
Fool settled (K-3, K-4; K-6 in the second part) and Truffle's cards laid aside, Manchester's
score against the value announced, the second part dealt, the hand's account for its picture, and
the game's end after two hands."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Self

from games.core import decks
from games.core.base import Event, Outcome, leaders, player
from games.core.tricks import Trick

from .. import pack
from .hand import DUMMY, FIRST_DISCARD, HANDS, HandState
from .view import FoolView


@dataclass(frozen=True, kw_only=True, repr=False)
class HandEndState(HandState):
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

    def part_over(self) -> Self:
        """A part scored: after Manchester, the second part dealt; after it, the hand recorded and
        the next hand dealt, or the game's end."""
        piles = self.part_piles()
        if self.phase == "play1":
            first = (pack.total(piles.get(0, [])) - self.announced[0], pack.total(piles.get(1, [])) - self.announced[1])
            line = Event(f"Manchester scores: {player(0)} {first[0]:+d}, {player(1)} {first[1]:+d}", notable=True)
            first_piles = tuple(tuple(piles.get(s, [])) for s in (0, 1))
            state = dataclasses.replace(self, first=first, first_piles=first_piles, log=self.with_events(line),
                                        fool=None, won=(), last_trick=None)
            return state.second_deal()
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
                  "fool": self.fool_note(),
                  "piles": {"first": [list(p) for p in self.first_piles],
                            "second": [piles.get(0, []), piles.get(1, []), piles.get(DUMMY, [])],
                            "out_of_play": list(self.out_of_play)}}
        state = dataclasses.replace(self, second=second, game_points=game_points, log=self.with_events(line),
                                    round_ends=self.round_ends + (record,))
        if self.hand_no + 1 >= HANDS:
            return state.finished()
        return state.dealt(self.hand_no + 1)

    def fool_note(self) -> FoolView | None:
        """Where the Fool went this part: whose it was, who took its trick (None while that trick is
        being played) and whether it is lost to them (K-6)."""
        if self.fool is None:
            return None
        came_from, trick_no = self.fool
        done = trick_no < len(self.won)
        return {"owner": self.owner(came_from), "taker": self.owner(self.won[trick_no][0]) if done else None,
                "lost": done and self.phase == "play2" and trick_no == len(self.won) - 1 and not any(self.holdings)}

    def second_deal(self) -> Self:
        """The second part dealt from the stock: Truffle's three hands and the dealer's extra three,
        or Piccadilly's four hands of thirteen to choose from."""
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

    def finished(self) -> Self:
        """The game over: the more game points win."""
        board = leaders(list(self.game_points))
        detail = (f"{board.names} wins on game points, {self.game_points[0]} to {self.game_points[1]}"
                  if board.winners else f"level on game points, {self.game_points[0]} each")
        return dataclasses.replace(self, result=Outcome(self.game_points, board.winners, detail),
                                   log=self.with_events(Event(detail, notable=True)))
