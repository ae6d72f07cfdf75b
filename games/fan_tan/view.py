"""What a seat sees of a Fan Tan table (:class:`FanTanView`): the shared part every game's view holds
and Fan Tan's own (:class:`FanTanPart`), which the rules build and the pictures read; and a hand's
end as the state records it (:class:`HandEnd`)."""

from __future__ import annotations

from typing import TypedDict

from games.core.views import TableView


class RunView(TypedDict):
    """A suit's run: the lowest and highest rank down (A = 1 … K = 13)."""

    suit: str
    low: int
    high: int


class LastPlayView(TypedDict):
    """This hand's latest cards down, and whose."""

    seat: int
    cards: list[str]


class OffenceView(TypedDict):
    """An offence found out (T-3): the seat that passed holding ``withheld``, in which hand, and
    what it was fined; ``held_back`` for the 7-fines charged only as the hands are shown (T-6)."""

    seat: int
    hand: int
    withheld: list[str]
    fine: int
    held_back: bool


class PaidView(TypedDict):
    """What a seat paid the pot at a hand's end: a chip a card left."""

    seat: int
    cards: int


class HandResult(TypedDict):
    """A hand's end as the table shows it once the next is dealt: who went out and took the pot,
    who paid what, the offences found in it, the chips after it, the antes and the dealer."""

    hand: int
    winner: int
    paid: list[PaidView]
    pot: int
    offences: list[OffenceView]
    stacks: list[int]
    antes: list[int]
    dealer: int


class HandEnd(HandResult):
    """A hand's end as recorded (``round_ends``, drawn by its picture): also the runs as they
    ended and each seat's cards left, shown then and dealt again after."""

    runs: list[RunView | None]
    left: list[list[str]]


class FanTanPart(TypedDict):
    """Fan Tan's own part of the view. The lists are per seat (``runs`` and ``suits`` per suit,
    spades, hearts, diamonds, clubs); ``hand`` and ``playable`` are the viewer's (None or empty
    for onlookers)."""

    hand_no: int
    hands_total: int
    strict: bool  # False: honour mode, where a pass while holding a playable card is an offence
    dealer: int
    turn: int | None  # None once the game is over
    runs: list[RunView | None]  # None: that suit's 7 is not down yet
    suits: list[str]
    counts: list[int]
    stacks: list[int]
    scores: list[int]
    pot: int
    antes: list[int]
    last_play: LastPlayView | None
    offences: list[OffenceView]
    last_hand: HandResult | None
    hand: list[str] | None
    playable: list[str]


class FanTanView(TableView, FanTanPart):
    """Everything a seat (or an onlooker) sees of a Fan Tan table."""
