"""What a seat sees, as named types: the part every game's view shares (:class:`TableView`), which a
game's own view type extends with its keys (``class FoscoView(TableView, FoscoPart)``). The rules
build a view and the pictures read it through the same type, so a key renamed on one side is a type
error (``mypy --strict``), and ``tests/games/test_views.py`` holds every state's view to its type."""

# No ``from __future__ import annotations``: on Python 3.11 a TypedDict then takes its NotRequired
# keys (as strings) for required ones (its ``__required_keys__``, which tests/games/test_views.py reads).
from collections.abc import Mapping
from typing import Any, NotRequired, TypedDict, cast

from .options import OptionValue


class PlayView(TypedDict):
    """A card on a trick and the seat (or, in the two-player tarot games, the position) that played it."""

    seat: int
    card: str


class TrickView(TypedDict):
    """A trick as every trick game's view shows it: who led and the cards played, in order."""

    leader: int
    plays: list[PlayView]


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


class SharedParts(TypedDict, total=False):
    """Keys several games' views hold with one meaning, read by the pictures every game shares (the
    generic hand, the seats, the alt text: ``renderers/kit``, ``renderers/describe.py``). A game whose
    view has one of them declares it with this type (``tests/games/test_views.py`` checks it)."""

    hand: list[str] | None  # the viewer's cards (None for a spectator)
    hands: list[list[str]]  # every seat's cards, in games played face up
    trick: TrickView | None
    scores: list[int]
    turn: int | None
    dealer: int


class SharedView(TableView, SharedParts):
    """What the shared pictures may read of any game's view."""


def shared(view: Mapping[str, Any]) -> SharedView:
    """Any game's view as the shared pictures read it: their keys named and typed once, here."""
    return cast(SharedView, view)

