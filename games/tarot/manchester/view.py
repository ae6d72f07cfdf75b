"""What a seat sees at a two-player tarot game (Manchester Piccadilly, Manchester Truffle), as a
named type: :class:`ManchesterState` builds it (``view``) and the pictures
(``renderers/games/tarot/manchester``) read it."""

from __future__ import annotations

from typing import Literal, TypedDict

from games.core.views import TableView, TrickView

from .hand import Phase


class PositionView(TypedDict):
    """A hand or a dummy: whose pile its tricks go to (-1: Truffle's dummy, nobody's), whether it
    is a face-up dummy, how many cards it holds and which (None where the viewer may not see them),
    who plays it now, and the tricks and points it has taken this part."""

    owner: int
    dummy: bool
    count: int
    cards: list[str] | None
    controller: int
    tricks: int
    points: int


class CandidateView(TypedDict):
    """One of the viewer's two Piccadilly hands to choose between."""

    cards: list[str]
    points: int


class FoolView(TypedDict):
    """Where the Fool went this part: whose it was (-1: the dummy's), who took its trick (None while
    that trick is played) and whether it is lost to them (K-6)."""

    owner: int
    taker: int | None
    lost: bool


class LastTrickView(TrickView):
    winner: int  # the position that took it


class ManchesterPart(TypedDict):
    """The two-player games' own part of the view."""

    log: list[str]  # this hand's lines only
    hand_no: int
    hands_total: int
    dealer: int
    phase: Phase
    second_part: Literal["truffle", "piccadilly"]
    announced: list[int]
    first: list[int] | None  # the Manchester scores, once that part is over
    game_points: list[int]
    positions: list[PositionView]
    to_play: int | None  # the position to play
    trick: TrickView | None
    trick_no: int | None
    last_trick: LastTrickView | None
    shown: list[str]
    my_discards: list[str] | None
    chosen: list[bool] | None
    candidates: list[CandidateView] | None
    hand: list[str] | None
    fool: FoolView | None


class ManchesterView(TableView, ManchesterPart):
    """Everything a seat sees at a two-player game."""
