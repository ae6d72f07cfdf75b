"""What a seat sees at a tarot base game's table (Scarto, Tarocchi, Conference), as a named type:
:class:`TarotTableState` builds it (``view``) and the pictures (``renderers/games/tarot/base``)
read it."""

from __future__ import annotations

from typing import Literal, TypedDict

from games.core.views import TableView, TrickView

from ..rule_sets import Ruleset
from .hand import Phase


class SeatView(TypedDict):
    """A seat as everyone sees it: cards held, tricks and card points taken (less the court cards
    a Butt put face down on a pile not the viewer's), its side, the cards it has left face up
    (Tontine), those known to be in its hand (not the viewer's own), and whether it is the Butt
    holding the Fool (the Last Laugh)."""

    count: int
    tricks: int
    points: int
    side: int
    face_up: list[str]
    known: list[str]
    fool: bool


class ExcuseFool(TypedDict):
    """The Fool as excuse (K-3): whose it is and who took the trick it went to (None while it is in
    the trick, or still in a hand)."""

    rule: Literal["excuse"]
    owner: int
    taker: int | None


class LastLaughFool(TypedDict):
    """The Last Laugh's Fool: the Butt holding it, and the Butt who set it face up aside."""

    rule: Literal["last-laugh"]
    holder: int | None
    aside: int | None


FoolView = ExcuseFool | LastLaughFool


class LastTrickView(TrickView):
    winner: int
    why: str  # the Courtship rule that took it ("" for none)


class TarotTablePart(TypedDict):
    """The base games' own part of the view."""

    log: list[str]  # this hand's lines only
    hand_no: int
    hands_total: int
    dealer: int
    phase: Phase
    ruleset: Ruleset
    courtship: list[str]
    sides: list[list[int]]  # the partnerships (none in Scarto)
    seats: list[SeatView]
    scores: list[int]
    trick: TrickView | None
    trick_no: int | None
    taker: int | None  # the trick's winner, while a rule set settles the trick
    why: str
    last_trick: LastTrickView | None
    discard_count: int
    shown: list[str]  # discarded cards that had to be shown
    my_discard: list[str] | None  # the dealer's own
    hand: list[str] | None
    fool: FoolView | None
    fool_aside: int | None
    summon: str | None  # the King whose servant may be summoned
    claimable: list[str]


class TarotTableView(TableView, TarotTablePart):
    """Everything a seat sees at a base game's table."""
