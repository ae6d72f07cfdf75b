"""What a Dracula seat sees (docs/design.md, section 2): the rules build it (``DraculaState.view``) and
the pictures read it (``renderers/games/dracula/``) through :class:`DraculaView`. Per seat:
``hand_sizes``, ``directions``, ``scores``, ``best_lines``; the opponents' cards are not in it."""

from typing import Literal, TypedDict

from games.core.views import TableView

from .scoring import Direction

Phase = Literal["way", "place", "over"]  # choosing the way, placing cards, the game over


class LineValue(TypedDict):
    """A settled row or column: its points, its multiplier and their product (all 0: drained)."""

    points: int
    multiplier: int
    value: int


class CoffinLines(TypedDict):
    """Each row and column, top to bottom and left to right; None while it is still open."""

    rows: list[LineValue | None]
    cols: list[LineValue | None]


class SideScored(TypedDict):
    """A side's account of the last coffin: its lines best first and what it scored."""

    seats: list[int]
    direction: Direction
    lines: list[int]
    scored: int


class LastCoffinView(TypedDict):
    """The last coffin scored, and which rung of the tie ladder counted (0 the best line)."""

    label: str
    coffin: list[list[str | None]]
    rung: int
    sides: list[SideScored]


class SessionView(TypedDict):
    """A session of games to ``target``: this game's number, each finished game's and the running
    totals, per seat."""

    target: int
    game: int
    games: list[list[int]]
    totals: list[int]


class DraculaPart(TypedDict):
    """Dracula's own keys. ``hand`` is None for a spectator and before the deal; ``session`` None
    outside a session; ``cut`` is shown only until the deal."""

    phase: Phase
    sides: list[list[int]]
    coffin: list[list[str | None]]  # the 3x3 grid, by row
    legal_cells: list[list[int]]  # [row, column] where the viewer may place now
    hand_sizes: list[int]
    stock: int
    deal: int  # 1-based once dealt
    deals: int
    coffin_number: int
    coffins_per_deal: int
    dealer: int
    first_dealer: int
    turn: int | None
    directions: list[Direction | None]
    scores: list[int]
    best_lines: list[int]
    lines: CoffinLines
    last_coffin: LastCoffinView | None
    cut: list[list[str]]
    hand: list[str] | None
    session: SessionView | None


class DraculaView(TableView, DraculaPart):
    """Everything a Dracula seat (or a spectator) sees."""
