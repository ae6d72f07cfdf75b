"""The tarot base games' table read: the calls of the Courtship rules, the seats and names a view gives, and
each seat's plate (see :mod:`renderers.games.tarot.base.board`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.core import cards as card_names
from games.core.registry import get as get_rules
from games.tarot import rule_sets
from games.tarot.base.view import TarotTableView
from renderers.kit import layout, theme
from renderers.kit.theme import RGB

# What the table calls out when a Courtship rule decides a trick.
CALLS = {"queens_ruff": "Queen's Ruff!", "royal_marriage": "Royal Marriage", "royal_affair": "Royal Affair"}


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


def seat_infos(view: TarotTableView) -> list[SeatInfo]:
    return [SeatInfo(count=seat["count"], tricks=seat["tricks"], points=seat["points"], side=seat["side"],
                     face_up=tuple(seat["face_up"]), known=tuple(seat["known"]), fool=seat["fool"])
            for seat in view["seats"]]


def side_list(view: TarotTableView) -> list[list[int]]:
    """The sides as lists of seats: the partnerships, or each player alone (Scarto)."""
    return view["sides"] or [[s] for s in range(view["players"])]


def tontine_worth(cards: Sequence[str]) -> int:
    """What face-up cards score now: each is still the last of its group (a claim lapses when
    another card of its group is played), so each carries its group's points."""
    return sum(rule_sets.GROUP_POINTS[name] for card in cards if (name := rule_sets.group(card)) is not None)


def call(why: str) -> str:
    """The Courtship rule that decided a trick, as the table calls it ("" for none)."""
    if not why:
        return ""
    return CALLS.get(why, rule_sets.COURTSHIP_TITLES.get(why, why))


def card_name(card: str) -> str:
    """"the King of swords", "the Fool", "trump 12 (the Hanged Man)"."""
    name = card_names.name(card, "tarot")
    return name if name.startswith("the ") or name.startswith("trump") else f"the {name}"


def tricks_per_hand(view: TarotTableView) -> int | None:
    """How many tricks a hand has: the game's hand size (its rules say)."""
    size = getattr(get_rules(view["game"]), "hand_size", None)
    return size if isinstance(size, int) else None


class Names:
    """The players' names for a view."""

    def __init__(self, view: TarotTableView) -> None:
        self.names = layout.names(view)

    def seat(self, seat: int | None) -> str:
        return self.names[seat] if seat is not None and 0 <= seat < len(self.names) else "?"

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
