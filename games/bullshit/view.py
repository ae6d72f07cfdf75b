"""What a seat sees of a Bullshit table (:class:`BullshitView`): the shared part every game's view
holds and Bullshit's own (:class:`BullshitPart`), which the rules build and the pictures read."""

from __future__ import annotations

from typing import TypedDict

from games.core.views import TableView


class WindowView(TypedDict):
    """The call window after a play (S-2): who played how many cards, claimed as which rank, the
    seats that may still call, whether those were the player's last cards, who plays next and
    the seconds the window stays open."""

    seat: int
    count: int
    rank: str
    waiting: list[int]
    last_cards: bool
    next: int
    seconds: int


class ClaimView(TypedDict):
    """A play as it was claimed: who put down how many cards, said to be which rank."""

    seat: int
    count: int
    rank: str


class RevealView(TypedDict):
    """The latest call, shown until the next play: who called whose play, the cards turned up and
    the rank they were said to be, whether it was a lie, and who picked up the pile of how many."""

    caller: int
    seat: int
    cards: list[str]
    rank: str
    lie: bool
    taker: int
    pile: int


class BullshitPart(TypedDict):
    """Bullshit's own part of the view: ``rank`` is the rank the next play declares, ``pile`` the
    pile's size (never its cards), ``claims`` the last eight plays and ``out`` the seats out of
    cards in the order they went out; ``hand`` and ``can_play`` are the viewer's."""

    dealer: int
    turn: int | None  # None once the game is over
    rank: str
    counts: list[int]
    pile: int
    most: int  # the most cards a play may put down
    window: WindowView | None
    claims: list[ClaimView]
    reveal: RevealView | None
    out: list[int]
    hand: list[str] | None
    can_play: bool


class BullshitView(TableView, BullshitPart):
    """Everything a seat (or an onlooker) sees of a Bullshit table."""
