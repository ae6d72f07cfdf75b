"""The tarot base games (docs/rules/tarot.md) read for their pictures: Scarto (three players),
Tarocchi (four, partners opposite: seats 0 and 2 against 1 and 3) and Conference (four, partners
side by side: 0 and 1 against 2 and 3), each plain or under a rule set (Tontine, the Last Laugh,
Courtship Rules). The registry names :mod:`renderers.games.tarot.base.tables` as the three games'
pictures.

:class:`Board` reads a view once: each seat's plate (name in the side's colour, cards held,
tricks and card points, game score, dealer, turn; under Tontine the cards left face up and their
worth, under the Last Laugh the cards known in a hand, the Fool among them once the Butt holds
it), the trick's cards a rule set asks about, what the table waits for, where the Fool is. The
table (:mod:`renderers.games.tarot.base.tables`) and the copy (:mod:`renderers.games.tarot.base.copies`)
draw from it; the hand is :mod:`renderers.games.tarot.base.hands`, the hand's end
:mod:`renderers.games.tarot.base.round_ends`. Nothing hidden is drawn: only what the view gives.
"""

from __future__ import annotations

import dataclasses

from games.tarot import pack
from games.tarot.base.view import LastTrickView, TarotTableView
from games.tarot.rule_sets import RULESET_TITLES
from renderers.kit import layout, theme
from renderers.kit.layout import plural
from renderers.kit.theme import RGB

from .. import scene
from .plates import (
    Names,
    Plate,
    call,
    card_name,
    seat_infos,
    side_list,
    tontine_worth,
    tricks_per_hand,
)

__all__ = ["Board"]

# -- the table -----------------------------------------------------------------------------------

class Board(scene.TarotTable):
    """The view, read once, and what the pictures say of it."""

    view: TarotTableView

    def __init__(self, view: TarotTableView) -> None:
        super().__init__(view)
        self.who = Names(view)
        self.seats = seat_infos(view)
        self.sides = side_list(view)
        self.partners = any(len(side) > 1 for side in self.sides)
        self.ruleset = view["ruleset"]
        self.tontine = self.ruleset == "tontine"
        self.phase = view["phase"]
        self.taker = view["taker"] if not self.over else None
        self.scores = view["scores"]
        self.last = view["last_trick"]
        self.strips = self.tontine or self.ruleset == "last-laugh" or any(s.known for s in self.seats)

    def side_of(self, seat: int) -> int:
        return self.seats[seat].side if 0 <= seat < len(self.seats) else seat

    def side_colour(self, seat: int) -> RGB:
        return layout.seat_colour(self.side_of(seat))

    # -- words ---------------------------------------------------------------------------------
    def title(self) -> str:
        return self.view["title"]

    def stage(self) -> str:
        """The rule set."""
        return RULESET_TITLES[self.ruleset]

    def outcome(self) -> str:
        return scene.capital(super().outcome())

    def plate(self, seat: int) -> Plate:
        info = self.seats[seat]
        playing = self.phase != "discard" or bool(info.tricks)
        points = f"{info.points} pts" if info.tricks and not self.tontine and playing else ""
        tag_text, colour = "", theme.HIGHLIGHT
        if self.phase == "discard" and seat == self.dealer and not self.over:
            tag_text = "discarding"
        elif self.taker == seat and self.trick:
            tag_text, colour = "takes the trick", theme.GOOD
        plate = Plate(seat=seat, name=self.name(seat), colour=self.side_colour(seat), partners=self.partners,
                      count=info.count, tricks=info.tricks, points=points,
                      score=str(self.scores[seat]) if seat < len(self.scores) else "0",
                      to_move=seat in self.movers, dealer=seat == self.dealer and not self.over,
                      winner=seat in self.winners, tag=tag_text, tag_colour=colour, strip=self.strips)
        if not self.strips:
            return plate
        if self.tontine:
            worth = tontine_worth(info.face_up)
            return dataclasses.replace(plate, label="FACE UP", note=f"{worth} pts" if info.face_up else "",
                                     note_colour=theme.HIGHLIGHT, cards=info.face_up, empty="nothing claimed")
        if self.view["fool_aside"] == seat:
            label, note = "SHOWN", "Fool aside"
        elif info.fool:
            label, note = "THE BUTT", "holds Fool"
        else:
            label, note = "KNOWN", "in hand" if info.known else ""
        known = info.known
        if info.fool and seat == self.view["viewer"] and pack.FOOL in (self.view["hand"] or []):
            known = (pack.FOOL,)  # the viewer's own: their view lists nothing known of their hand
        return dataclasses.replace(plate, label=label, note=note,
                                   note_colour=theme.HIGHLIGHT if info.fool else theme.TEXT, cards=known,
                                   empty="nothing known")

    def glow(self) -> set[str]:
        """The trick's cards a rule set asks about: those that may be left face up, the King
        whose servant may be summoned."""
        if self.phase == "claim":
            return set(self.view["claimable"])
        summon = self.view["summon"]
        if self.phase == "summon" and summon:
            return {summon}
        return set()

    def centre_words(self) -> tuple[str, list[str]]:
        """What the middle says: a called rule (in a pill) and lines on what the table waits for."""
        if self.over:
            return "", []
        taker = self.who.seat(self.taker)
        why = call(self.view["why"]) if self.taker is not None else ""
        if self.phase == "discard":
            counts = [info.count for info in self.seats]
            extra = counts[self.dealer] - min(counts) if self.dealer is not None and counts else 0
            return "", [f"{self.who.seat(self.dealer)} takes the last {plural(extra, 'card')} and discards "
                        f"{extra} face down"]
        summon = self.view["summon"]
        if self.phase == "summon" and summon:
            return why, [f"{taker} may summon the servant of {card_name(summon)}"]
        if self.phase == "claim":
            return why, [f"{taker} may leave the glowing cards face up"]
        if self.phase == "give":
            return why, [f"{taker}, the Butt, gives a card for the Fool"]
        if self.taker is not None and why:
            return why, [f"{taker} takes the trick"]
        last_why = call(self.last["why"]) if self.last is not None else ""
        if not self.trick and last_why and self.last is not None:
            return last_why, [f"took the last trick for {self.who.seat(self.last['winner'])}"]
        return "", []

    # -- the felt's words and the notes ------------------------------------------------------------
    def trick_count(self) -> str:
        trick_no = self.view["trick_no"]
        if trick_no is None or self.over:
            return ""
        per = tricks_per_hand(self.view)
        return f"Trick {min(trick_no, per)} of {per}" if per else f"Trick {trick_no}"

    def last_call(self, last: LastTrickView) -> str:
        """The Courtship rule that decided the last trick, if one did."""
        return call(last["why"])

    def fool_lines(self) -> tuple[list[str], bool]:
        """Where the Fool is, and whether it lies face up aside."""
        fool = self.view["fool"]
        if fool is None or self.over:
            return [], False
        if fool["rule"] == "last-laugh":
            aside = self.view["fool_aside"]
            if aside is not None:
                return [f"Face up aside, from {self.who.seat(aside)}:", "it goes with the last trick"], True
            holder = next((s for s, info in enumerate(self.seats) if info.fool), None)
            if holder is not None:
                return [f"{self.who.seat(holder)}, the Butt, holds it", "until they must play it"], False
            played = next((s for s, card in self.trick if card == pack.FOOL), None)
            if played is not None:
                last = all(info.count == 0 for info in self.seats)
                return [f"{self.who.seat(played)} played it:",
                        "it takes the last trick" if last else "its taker is the Butt"], False
            return ["Hidden in a hand:", "it wins the last trick"], False
        owner, taker = fool["owner"], fool["taker"]
        whose = f"{self.who.seat(owner)}'s Fool"
        if taker is None:
            return [f"{whose} is in the trick"], False
        if taker == owner:
            return [f"{whose} went to", "their own pile"], False
        return [f"{whose} went to {self.who.seat(taker)}:", "it comes back for a card"], False
