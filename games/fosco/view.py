"""What a Fosco seat sees (docs/design.md, section 2): the rules build it (``FoscoState.view``) and the
pictures read it (``renderers/games/fosco/``) through :class:`FoscoView`. Every hand is in it, to
spectators too (F-1: perfect information)."""

from typing import TypedDict

from games.core.views import TableView


class CardRulesView(TypedDict):
    """What each card that is not a number does at this table (:class:`games.fosco.counting.CardRules`)."""

    king: str
    queen: str
    jack: str
    joker: str


class PlayedCard(TypedDict):
    """A card of the count in progress and who played it."""

    seat: int
    card: str


class FoscoPart(TypedDict):
    """Fosco's own keys. Per seat: ``hands``, ``current_suits``, ``scores``; per side: ``captured``
    (cards taken of each suit, "X" the Jokers), ``deal_points``, ``totals``, and each finished deal's
    points in ``deal_scores``."""

    king: str  # the King's rule, as the option names it
    card_rules: CardRulesView
    deal: int  # from 1
    deals: int  # 0: the game is played to ``target``
    target: int
    turn: int | None  # None once the game is over
    count: float  # the count (a Joker adds a half)
    count_text: str
    pile: list[PlayedCard]
    hands: list[list[str]]
    current_suits: list[str | None]  # the suit each seat plays from now (None: only Jokers, or none)
    sides: list[list[int]]
    captured: list[dict[str, int]]
    deal_points: list[int]
    totals: list[int]
    deal_scores: list[list[int]]
    scores: list[int]
    limit: int  # the count may not pass it


class FoscoView(TableView, FoscoPart):
    """Everything a Fosco seat (or a spectator) sees."""
