"""The game registry. Each game package exposes ``RULES`` and has an ``ai`` module, its computer
player; a package is imported the first time its game is asked for, so adding a game is one line
here plus its package. The registry pairs the two: the rules never know a computer player exists,
and whoever needs a computer's move (a computer seat, an absent player's turn) asks here."""

from __future__ import annotations

import importlib
import random
from typing import Any, Literal, Protocol, cast

from . import decks
from .base import Action, Rules, State
from .errors import UnknownGame
from .teaching import Hint

# key -> module holding RULES; in the order the bot lists the games.
_PACKAGES: dict[str, str] = {
    "fosco": "games.fosco",
    "dracula": "games.dracula",
    "fscking-ace": "games.fscking_ace",
    "busca": "games.busca",
    "fan-tan": "games.fan_tan",
    "bullshit": "games.bullshit",
    "manchester-piccadilly": "games.manchester_piccadilly",
    "manchester-truffle": "games.manchester_truffle",
    "scarto": "games.scarto",
    "tarocchi": "games.tarocchi",
    "conference": "games.conference",
}
_loaded: dict[str, Rules] = {}


class ComputerPlayer(Protocol):
    """A game's ``ai`` module: its computer player (``choose``, the Normal one), an easier one
    (``choose_easy``: legal, sensible, clearly weaker) and why it chose a move (``explain``: one or
    two reasons in plain words from what it weighed, naming only cards the seat may see)."""

    def choose(self, state: Any, seat: int, rng: random.Random, /) -> Action: ...

    def choose_easy(self, state: Any, seat: int, rng: random.Random, /) -> Action: ...

    def explain(self, state: Any, seat: int, action: Action, /) -> tuple[str, ...]: ...


Level = Literal["normal", "easy"]
LEVELS: tuple[Level, ...] = ("normal", "easy")


def keys() -> tuple[str, ...]:
    return tuple(_PACKAGES)


def get(key: str) -> Rules:
    if key not in _PACKAGES:
        raise UnknownGame(f"there is no game called {key!r} (games: {', '.join(keys())})")
    if key not in _loaded:
        rules = importlib.import_module(_PACKAGES[key]).RULES
        if not isinstance(rules, Rules) or rules.key != key:
            raise RuntimeError(f"{_PACKAGES[key]}.RULES is not the rules for {key!r}")
        _loaded[key] = rules
    return _loaded[key]


def all_rules() -> tuple[Rules, ...]:
    return tuple(get(key) for key in _PACKAGES)


def player(key: str) -> ComputerPlayer:
    """Game ``key``'s computer player (its package's ``ai`` module)."""
    get(key)
    return cast(ComputerPlayer, importlib.import_module(f"{_PACKAGES[key]}.ai"))


def computer_move(state: State, seat: int, level: Level = "normal") -> Action:
    """What the game's computer player plays for ``seat`` now: a computer's seat, or an absent
    player's turn. Seeded by the game and the move, so a replay chooses the same."""
    ai = player(state.rules.key)
    rng = decks.rng(state.seed, "default", len(state.history))
    return ai.choose_easy(state, seat, rng) if level == "easy" else ai.choose(state, seat, rng)


def hint(state: State, seat: int) -> Hint:
    """What the Normal computer would play for ``seat`` now, from that seat's view (its player
    never reads a card the seat cannot see), and why."""
    action = computer_move(state, seat)
    return Hint(action, player(state.rules.key).explain(state, seat, action))


def default_action(state: State, seat: int) -> Action:
    """What the table plays for a seat whose time ran out: what the rules say (``timed_out``), or
    else the computer's move."""
    return state.timed_out(seat) or computer_move(state, seat)
