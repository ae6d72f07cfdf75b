"""What a seat sees, as named types: the part every game's view shares (:class:`TableView`), which a
game's own view type extends with its keys (``class FoscoView(TableView, FoscoPart)``). The rules
build a view and the pictures read it through the same type, so a key renamed on one side is a type
error (``mypy --strict``), and ``tests/games/test_views.py`` holds every state's view to its type."""

# No ``from __future__ import annotations``: on Python 3.11 a TypedDict then takes its NotRequired
# keys (as strings) for required ones (its ``__required_keys__``, which tests/games/test_views.py reads).
from typing import NotRequired, TypedDict

from .options import OptionValue


class Choice(TypedDict):
    """A move listed for the viewer: its token and its button's label."""

    token: str
    label: str


class PickView(TypedDict):
    """A move made by ticking cards (:class:`games.core.actions.Pick`)."""

    verb: str
    cards: list[str]
    fewest: int
    most: int
    label: str
    fixed: list[str]


class OutcomeView(TypedDict):
    """The result of a finished game (:class:`games.core.base.Outcome`)."""

    scores: list[int]
    winners: list[int]
    detail: str
    sides: NotRequired[list[list[int]]]


class TableView(TypedDict):
    """What every game's view holds. ``names`` and ``unit`` are the bot's (the players' names, the
    server's money unit), added where the view is drawn; the rules never know them."""

    game: str
    title: str
    players: int
    viewer: int | None
    version: int
    to_move: list[int]
    over: bool
    status: str
    log: list[str]
    legal: list[Choice]
    pick: PickView | None
    outcome: OutcomeView | None
    options: dict[str, OptionValue]
    names: NotRequired[list[str]]
    unit: NotRequired[str]
