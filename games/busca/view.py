"""What a seat sees of a Busca table (:class:`BuscaView`): the shared part every game's view holds
and Busca's own (:class:`BuscaPart`), which the rules build and the pictures read; and a hand's end
as the state records it (:class:`HandEnd`)."""

from __future__ import annotations

from typing import TypedDict

from games.core.views import TableView, TrickView


class WonTrickView(TrickView):
    """A complete trick, who won it and the points in it (in thirds)."""

    winner: int
    thirds: int


class HandScores(TypedDict):
    """A hand's scores, without its cards: who took the last trick, the cappotto seat if one took
    every counting card, and per seat the points taken (in thirds), the hand's score, the totals
    after it and the tricks won."""

    hand: int
    dealer: int
    last_trick: int
    cappotto: int | None
    thirds: list[int]
    scores: list[int]
    totals: list[int]
    tricks: list[int]


class HandEnd(HandScores):
    """A hand's end as recorded (``round_ends``, drawn by its picture): also the card a
    three-player dealer laid aside (None with more players), the last trick and each seat's
    counting cards taken (the card laid aside with the last trick's)."""

    discard: str | None
    final_trick: WonTrickView
    counting: list[list[str]]


class BuscaPart(TypedDict):
    """Busca's own part of the view. The lists are per seat; ``log`` keeps only this hand's lines
    and the last hand's result (the previous hand's lines name cards dealt again); ``hand``,
    ``discard`` and ``playable`` are the viewer's (None or empty for the others and onlookers)."""

    log: list[str]
    hand_no: int
    hands_total: int  # 0: played to the target
    target: int
    dealer: int
    turn: int | None  # None once the game is over
    direction: int
    discarding: bool  # a three-player dealer is to lay a card aside
    trick: TrickView | None  # None once the game is over
    last_trick: WonTrickView | None
    counts: list[int]
    tricks: list[int]
    taken_thirds: list[int]
    counting: list[list[str]]
    set_aside: bool  # a card lies aside, face down
    totals: list[int]
    scores: list[int]
    low_wins: bool
    last_hand: HandScores | None
    hand: list[str] | None
    discard: str | None
    playable: list[str]


class BuscaView(TableView, BuscaPart):
    """Everything a seat (or an onlooker) sees of a Busca table."""
