"""The two-player tarot games read: the positions and names a view gives, each position's plate
and the hand's end's columns (see :mod:`renderers.games.tarot.manchester.board`)."""

from __future__ import annotations

from dataclasses import dataclass

from games.tarot.manchester.view import ManchesterView
from renderers.kit import layout, theme
from renderers.kit.theme import RGB

DUMMY_INK: RGB = (200, 204, 212)  # the dot of Truffle's dummy, which is nobody's


# -- reading the view ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Place:
    """One position as the view gives it: a hand or a dummy."""

    position: int
    owner: int  # a seat, or -1 for Truffle's dummy
    dummy: bool
    count: int
    cards: tuple[str, ...] | None  # face up (a dummy, or the viewer's own) or None
    controller: int
    tricks: int
    points: int


def places(view: ManchesterView) -> list[Place]:
    return [Place(position=i, owner=p["owner"], dummy=p["dummy"], count=p["count"],
                  cards=tuple(p["cards"]) if p["cards"] is not None else None, controller=p["controller"],
                  tricks=p["tricks"], points=p["points"]) for i, p in enumerate(view["positions"])]


def part_name(view: ManchesterView) -> str:
    return "Truffle" if view["second_part"] == "truffle" else "Piccadilly"


def second_part(view: ManchesterView) -> bool:
    return view["phase"] in ("choose", "discard2", "play2")


class Names:
    """Players' and positions' names for a view."""

    def __init__(self, view: ManchesterView) -> None:
        self.names = layout.names(view)
        self.places = places(view)

    def seat(self, seat: int | None) -> str:
        if seat == -1:
            return "the dummy"
        return self.names[seat] if seat is not None and 0 <= seat < len(self.names) else "?"

    def position(self, position: int | None) -> str:
        """"Ann", "Ann's dummy", "the dummy" (Truffle's)."""
        if position is None or not 0 <= position < len(self.places):
            return self.seat(position)
        place = self.places[position]
        if place.owner < 0:
            return "the dummy"
        return f"{self.seat(place.owner)}'s dummy" if place.dummy else self.seat(place.owner)


# -- plates --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Plate:
    """What the table and the copy say of a position."""

    name: str
    colour: RGB
    count: int
    cards: tuple[str, ...] = ()
    tricks: int = 0
    points: int = 0
    to_play: bool = False
    dealer: bool = False
    winner: bool = False
    tag: str = ""  # a coloured tag on the low line ("to discard", "chosen", "Ann plays it")
    tag_colour: RGB = theme.HIGHLIGHT
    scored: bool = True  # show tricks and points (not before the play)
