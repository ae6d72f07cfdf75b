"""What a Fscking Ace seat sees (docs/design.md, section 2): the rules build it
(``FsckingAceState.view``) and the pictures read it (``renderers/games/fscking_ace/``) through
:class:`FsckingAceView`. Everything in it is public, the same for every seat and spectator; only
the stock's order stays hidden. Amounts are cents."""

from typing import Literal, TypedDict

from games.core.views import TableView

Phase = Literal["play", "between", "over"]  # a round in play, between rounds, the game over


class SettlementSummary(TypedDict):
    """The last round's settlement in brief, for the table (per seat: the stake and the bonus
    received)."""

    round: int
    loser: int
    multiplier: int  # 2 for each 2♠ the loser kept
    total: int  # what the loser paid in all
    stakes: list[int]
    bonus: list[int]


class FsckingAcePart(TypedDict):
    """Fscking Ace's own keys. Per seat: ``lots``, ``scored`` (the cards), ``values``,
    ``card_counts``, ``doublers`` (red 2s, 2♣s, 2♠s), ``balances``."""

    phase: Phase
    round: int
    rounds_played: int
    dealer: int  # who shuffled for the first round
    lots: list[int]  # the numbers drawn for it (empty if the table chose)
    turn: int | None  # None out of play
    opener: int | None  # between rounds: who opens the next
    direction: str  # "clockwise" or "counterclockwise"
    flips: list[str]  # this turn's cards, not yet scored
    turn_value: int | None  # what the turn player's round is worth if they stop now
    scored: list[list[str]]
    values: list[int]
    card_counts: list[int]
    doublers: list[list[int]]
    stock: int
    unseen_spades: int
    discarded: int
    bonus: int  # the loser's bonus, before any doubling
    balances: list[int]
    last_settlement: SettlementSummary | None


class FsckingAceView(TableView, FsckingAcePart):
    """Everything a Fscking Ace seat (or a spectator) sees."""
