"""The tarot base games' table read: titles and rule sets, the seats and names a view gives, and
each seat's plate (see :mod:`renderers.games.tarot.base.board`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.core import cards as card_names
from games.core.errors import UnknownGame
from games.core.registry import get as get_rules
from games.tarot import rule_sets
from renderers.kit import layout, theme
from renderers.kit.theme import RGB

TITLES = {"scarto": "Scarto", "tarocchi": "Tarocchi", "conference": "Conference"}
RULESETS = {"plain": "plain rules", "tontine": "Tontine", "last-laugh": "The Last Laugh",
            "courtship": "Courtship Rules"}
# What the table calls out when a Courtship rule decides a trick.
CALLS = {"queens_ruff": "Queen's Ruff!", "royal_marriage": "Royal Marriage", "royal_affair": "Royal Affair"}
TONTINE_TARGET = {3: 37, 4: 56}



# -- reading the view ----------------------------------------------------------------------------

@dataclass(frozen=True)
class SeatInfo:
    """One seat as the view gives it."""

    count: int
    tricks: int
    points: int
    side: int
    face_up: tuple[str, ...]
    known: tuple[str, ...]
    fool: bool  # the Last Laugh's Butt, known to hold the Fool


def seat_infos(view: Mapping[str, Any]) -> list[SeatInfo]:
    out = []
    for s, seat in enumerate(view.get("seats") or []):
        if not isinstance(seat, Mapping):
            continue
        out.append(SeatInfo(count=int(seat.get("count") or 0), tricks=int(seat.get("tricks") or 0),
                            points=int(seat.get("points") or 0), side=int(seat.get("side", s)),
                            face_up=tuple(str(c) for c in seat.get("face_up") or []),
                            known=tuple(str(c) for c in seat.get("known") or []), fool=bool(seat.get("fool"))))
    return out


def side_list(view: Mapping[str, Any], players: int) -> list[list[int]]:
    """The sides as lists of seats: the partnerships, or each player alone (Scarto)."""
    given = [[int(s) for s in side] for side in view.get("sides") or [] if isinstance(side, (list, tuple))]
    return given or [[s] for s in range(players)]


def tontine_worth(cards: Sequence[str]) -> int:
    """What face-up cards score now: each is still the last of its group (a claim lapses when
    another card of its group is played), so each carries its group's points."""
    return sum(rule_sets.GROUP_POINTS[name] for card in cards if (name := rule_sets.group(card)) is not None)


def call(why: Any) -> str:
    """The Courtship rule that decided a trick, as the table calls it ("" for none)."""
    if not why:
        return ""
    return CALLS.get(str(why), rule_sets.COURTSHIP_TITLES.get(str(why), str(why)))


def card_name(card: str) -> str:
    """"the King of swords", "the Fool", "trump 12 (the Hanged Man)"."""
    name = card_names.name(card, "tarot")
    return name if name.startswith("the ") or name.startswith("trump") else f"the {name}"


def tricks_per_hand(view: Mapping[str, Any]) -> int | None:
    try:
        rules = get_rules(str(view.get("game")))
    except UnknownGame:
        return None
    size = getattr(rules, "hand_size", None)
    return size if isinstance(size, int) else None


class Names:
    """The players' names for a view."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.names = layout.names(view)

    def seat(self, seat: Any) -> str:
        return self.names[seat] if isinstance(seat, int) and 0 <= seat < len(self.names) else "?"

    def side(self, seats: Sequence[int]) -> str:
        return " & ".join(self.seat(s) for s in seats)


# -- plates --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Plate:
    """A player's plate: what the table and the copy say of a seat."""

    seat: int
    name: str
    colour: RGB  # the side's
    partners: bool  # outlined in the side's colour
    count: int
    tricks: int
    points: str  # the card points tag ("27 pts"), or ""
    score: str
    to_move: bool
    dealer: bool
    winner: bool
    tag: str = ""  # instead of the points ("discarding", "takes it")
    tag_colour: RGB = theme.HIGHLIGHT
    strip: bool = False  # a rule set tells cards of the seat's (face up, known)
    label: str = ""  # what they are ("FACE UP", "KNOWN")
    note: str = ""  # what they say ("35 pts", "holds Fool")
    note_colour: RGB = theme.TEXT
    cards: tuple[str, ...] = ()
    empty: str = ""  # when there are none
