"""A tarot base game's hand scored (docs/rules/tarot.md): each side's pile with the discard and the
Fool settled (K-3, K-4; K-15 for the Fool set aside), its card points or Tontine points, the
hand's score (against 37 with three players, the sides' difference once one reaches 56 with four:
K-12), the hand's account for its picture, and the game's end once everyone has dealt."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Self

from games.core import cards
from games.core.base import Event, Outcome, leaders, player

from .. import pack, rule_sets
from ..pack import FOOL
from .hand import HandState
from .view import FoolView

TONTINE_TARGET = {3: 37, 4: 56}


@dataclass(frozen=True, kw_only=True, repr=False)
class HandEndState(HandState):
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

    def aside_exchange(self, piles: dict[int, list[str]]) -> tuple[dict[int, list[str]], str]:
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

    def hand_over(self) -> Self:
        """The hand scored and recorded, then the next hand dealt, or the game's end."""
        piles = self.side_piles()
        notes = []
        if self.fool_aside is not None:
            piles, note = self.aside_exchange(piles)
            notes.append(note)
        by_side = {side: self.pile_points(pile) for side, pile in piles.items()}
        gained = self.hand_scores(by_side)
        scores = tuple(a + b for a, b in zip(self.scores, gained, strict=True))
        words = ", ".join(f"{self.side_name(side)} {points}" for side, points in by_side.items())
        what = "Tontine points" if self.ruleset == "tontine" else "card points"
        notes.append(f"Hand {self.hand_no + 1} {what}: {words}")
        if self.ruleset == "tontine":
            notes.append("scores " + ", ".join(f"{self.side_name(self.side(s[0]))} {gained[s[0]]:+d}"
                                                for s in self.sides))
        record = {
            "hand": self.hand_no + 1, "dealer": self.dealer, "ruleset": self.ruleset,
            "sides": [list(s) for s in self.sides],
            "piles": [pack.ORDER.sort(piles[self.side(s[0])]) for s in self.sides],
            "points": [by_side[self.side(s[0])] for s in self.sides],
            "tricks": list(self.tricks_won), "discard": pack.ORDER.sort(self.discard),
            "face_up": pack.ORDER.sort(self.face_up) if self.ruleset == "tontine" else [],
            "gained": list(gained), "scores": list(scores), "fool": self.fool_note(),
        }
        state = dataclasses.replace(self, scores=scores, round_ends=self.round_ends + (record,),
                                    log=self.with_events(*(Event(n, notable=True) for n in notes)))
        if self.hand_no + 1 >= self.players:
            return state.finished()
        return state.dealt(self.hand_no + 1)

    def pile_points(self, pile: list[str]) -> int:
        if self.ruleset == "tontine":
            return rule_sets.tontine_points([c for c in pile if c in self.face_up], self.played)
        return pack.total(pile)

    def hand_scores(self, by_side: Mapping[int, int]) -> tuple[int, ...]:
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

    def side_name(self, side: int) -> str:
        return " and ".join(player(s) for s in self.sides[side])

    def fool_note(self) -> FoolView | None:
        """Where the Fool is: under the Last Laugh its Butt and whether it lies aside (known only
        once a Butt took it); else its owner and who took its trick (None while it is in play)."""
        if self.ruleset == "last-laugh":
            return {"rule": "last-laugh", "holder": self.fool_holder, "aside": self.fool_aside}
        if self.fool is None:
            return None
        taker = self.fool_taker if FOOL in {c for p in self.piles for c in p} else None
        return {"rule": "excuse", "owner": self.fool[0], "taker": taker}

    def finished(self) -> Self:
        """The game over: the highest total wins (partners together)."""
        board = leaders(list(self.scores))
        partners = self.table.partnerships(self.players)
        names = " and ".join(player(s) for s in sorted(board.top))
        detail = (f"{names} {'win' if partners else 'wins'} with {board.best}" if board.winners
                  else f"everyone level on {board.best}")
        return dataclasses.replace(self, result=Outcome(self.scores, board.winners, detail, sides=partners),
                                   log=self.with_events(Event(detail, notable=True)))
