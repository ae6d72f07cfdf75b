"""The two-player tarot games, Manchester Piccadilly and Manchester Truffle (docs/rules/tarot.md), read
for their pictures: the registry names :mod:`renderers.games.tarot.manchester.tables` as both games'
pictures.

:class:`Board` reads a view once: a *position* per hand or dummy in play order (Manchester, the
first part: the two players; Piccadilly: each player's hand and dummy; Truffle: the two players
and the dummy at the dealer's left), each with what it holds, the tricks and points it has taken
and whether it is to play; the part being played, the cards discarded face up or laid aside,
where the Fool went and each player's scores. The table (:mod:`renderers.games.tarot.manchester.tables`)
and the copy (:mod:`renderers.games.tarot.manchester.copies`) draw from it; ``manchester_hand`` draws
the hand and Piccadilly's choice, ``manchester_round_end`` the hand's end. Nothing hidden is drawn:
hands are counts, and every viewer and spectator sees the same table.
"""

from __future__ import annotations

from games.tarot.manchester.view import ManchesterView
from renderers.kit import layout, theme
from renderers.kit.layout import plural

from .. import scene
from .plates import (
    DUMMY_INK,
    Names,
    Place,
    Plate,
    part_name,
    second_part,
)

__all__ = ["Board"]

# -- the table -----------------------------------------------------------------------------------

class Board(scene.TarotTable):
    """The view, read once, and what the pictures say of it."""

    view: ManchesterView

    def __init__(self, view: ManchesterView) -> None:
        super().__init__(view)
        self.who = Names(view)
        self.phase = view["phase"]
        if self.phase == "choose" and not self.who.places:  # each holds two hands of 13, face down
            self.who.places = [Place(position=s, owner=s, dummy=False, count=26, cards=None, controller=s, tricks=0,
                                     points=0) for s in range(self.players)]
        self.places = self.who.places
        self.truffle = view["second_part"] == "truffle"
        self.part = part_name(view)
        self.to_play = view["to_play"] if not self.over else None
        self.announced = view["announced"]
        self.first = view["first"]
        self.game_points = view["game_points"]
        self.last = view["last_trick"]
        if self.phase in ("discard", "play1", "choose"):
            self.kind = "duel"
        else:
            self.kind = "truffle" if self.truffle else "piccadilly"

    # -- words ---------------------------------------------------------------------------------
    def title(self) -> str:
        return self.view["title"]

    def stage(self) -> str:
        """The part being played."""
        if self.over:
            return ""
        return "Manchester" if not second_part(self.view) else self.part

    def plate(self, position: int) -> Plate:
        p = self.places[position]
        tag_text, colour = "", theme.HIGHLIGHT
        if self.phase == "discard":
            tag_text, colour = ("to discard", theme.HIGHLIGHT) if p.owner in self.movers else ("discarded", theme.MUTED)
        elif self.phase == "discard2" and not p.dummy and p.owner == self.dealer:
            tag_text = "lays 3 aside"
        elif self.truffle and p.dummy and self.phase == "play2" and not self.over:
            tag_text, colour = f"{self.who.seat(p.controller)} plays it", theme.TEXT
        elif self.phase == "choose":
            chosen = self.view["chosen"] or []
            done = p.owner < len(chosen) and bool(chosen[p.owner])
            tag_text, colour = ("has chosen", theme.GOOD) if done else ("choosing", theme.HIGHLIGHT)
        playing = self.phase in ("play1", "play2")
        name = self.who.seat(p.owner) if p.owner >= 0 else "Dummy"
        return Plate(name=name, colour=layout.seat_colour(p.owner) if p.owner >= 0 else DUMMY_INK, count=p.count,
                     cards=p.cards or () if p.dummy else (), tricks=p.tricks, points=p.points,
                     to_play=position == self.to_play,
                     dealer=not p.dummy and p.owner == self.dealer and not self.over,
                     winner=not p.dummy and p.owner in self.winners, tag=tag_text, tag_colour=colour,
                     scored=playing)

    # -- what the felt and the notes say -----------------------------------------------------------------------------
    def trick_count(self) -> str:
        trick_no = self.view["trick_no"]
        per = {"duel": 10, "truffle": 16, "piccadilly": 13}[self.kind]
        return f"Trick {trick_no} of {per}" if trick_no is not None else ""

    def shown(self) -> tuple[str, list[str]]:
        """The cards discarded face up that matter now, with a label: the Truffle dealer's three
        laid aside in the second part, the forced discards shown in Manchester."""
        shown = self.view["shown"]
        if self.kind == "truffle" and self.phase == "play2" and len(shown) >= 3:
            return f"LAID ASIDE BY {self.who.seat(self.dealer).upper()}", shown[-3:]
        if self.kind == "duel" and self.phase != "choose" and shown:
            return "DISCARDED FACE UP", shown
        return "", []

    def fool_lines(self) -> tuple[list[str], bool]:
        """Where the Fool went this part (while the part is played); it never lies aside."""
        fool = self.view["fool"]
        if fool is None or self.over:
            return [], False
        owner, taker = fool["owner"], fool["taker"]
        whose = f"{self.who.seat(owner)}'s Fool" if owner != -1 else "The dummy's Fool"
        if taker is None:
            return [f"{whose} is in the trick"], False
        if taker == owner:
            return [f"{whose} went to", "their own pile"], False
        lost = fool["lost"]
        return [f"{whose} went to {self.who.seat(taker)}:",
                "lost on the last trick" if lost else "it comes back for a card"], False

    def note(self) -> str:
        """A line under the scores: the Truffle dummy's tricks count for nobody."""
        if self.kind == "truffle" and self.phase == "play2":
            dummy = next((p for p in self.places if p.dummy), None)
            if dummy is not None and dummy.tricks:
                return (f"The dummy has taken {plural(dummy.tricks, 'trick')} "
                        f"({plural(dummy.points, 'point')}): they count for nobody")
        return ""

    def part_two(self, seat: int) -> tuple[int, int] | None:
        """The second part's (points, tricks) so far for ``seat``, while it is played."""
        if self.phase != "play2" or self.over:
            return None
        owned = [p for p in self.places if p.owner == seat]
        return sum(p.points for p in owned), sum(p.tricks for p in owned)
