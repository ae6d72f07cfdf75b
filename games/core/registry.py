"""The game registry: one :class:`Entry` per game, naming by their dotted paths the three modules
that make it: its rules (a package exposing ``RULES``), its computer player and its pictures. A
module is imported the first time it is asked for, so adding a game is one entry here plus its
modules. The registry pairs the rules with the computer player: the rules never know a computer
player exists, and whoever needs a computer's move (a computer seat, an absent player's turn) asks
here. The pictures are only a name here (the rules never import the renderers): the renderers ask
:func:`pictures_module` which module draws a game and import it themselves."""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass
from typing import Any, Literal, Protocol, cast

from . import decks
from .actions import Action
from .base import Rules, State
from .errors import UnknownGame
from .teaching import Hint


@dataclass(frozen=True)
class Entry:
    """A game's modules, as dotted paths: ``rules`` exposes ``RULES``; ``computer`` is its computer
    player (a :class:`ComputerPlayer`); ``pictures`` draws it (``table(view)``, and its own
    ``hand``, ``copy``, ``settlement`` or ``round_end`` where it has them). The tarot family's
    games share theirs: the two-player games one computer and one set of pictures, the three base
    games another."""

    rules: str
    computer: str
    pictures: str


# key -> the game's modules; in the order the bot lists the games.
_ENTRIES: dict[str, Entry] = {
    "fosco": Entry(rules="games.fosco", computer="games.fosco.ai", pictures="renderers.games.fosco"),
    "dracula": Entry(rules="games.dracula", computer="games.dracula.computer", pictures="renderers.games.dracula"),
    "fscking-ace": Entry(rules="games.fscking_ace", computer="games.fscking_ace.computer",
                         pictures="renderers.games.fscking_ace"),
    "busca": Entry(rules="games.busca", computer="games.busca.ai", pictures="renderers.games.busca"),
    "fan-tan": Entry(rules="games.fan_tan", computer="games.fan_tan.computer", pictures="renderers.games.fan_tan"),
    "bullshit": Entry(rules="games.bullshit", computer="games.bullshit.ai", pictures="renderers.games.bullshit"),
    "manchester-piccadilly": Entry(rules="games.manchester_piccadilly", computer="games.tarot.manchester.computer",
                                   pictures="renderers.games.tarot.manchester"),
    "manchester-truffle": Entry(rules="games.manchester_truffle", computer="games.tarot.manchester.computer",
                                pictures="renderers.games.tarot.manchester"),
    "scarto": Entry(rules="games.scarto", computer="games.tarot.base.computer",
                    pictures="renderers.games.tarot.base"),
    "tarocchi": Entry(rules="games.tarocchi", computer="games.tarot.base.computer",
                      pictures="renderers.games.tarot.base"),
    "conference": Entry(rules="games.conference", computer="games.tarot.base.computer",
                        pictures="renderers.games.tarot.base"),
}
_loaded: dict[str, Rules] = {}


class ComputerPlayer(Protocol):
    """A game's computer player, the module its entry's ``computer`` names: the Normal player
    (``choose``), an easier one (``choose_easy``: legal, sensible, clearly weaker) and why it chose
    a move (``explain``: one or two reasons in plain words from what it weighed, naming only cards
    the seat may see). A game whose player also has ``choose_hard`` (a stronger search, reading
    only the seat's view too) offers a Hard computer (``levels``)."""

    def choose(self, state: Any, seat: int, rng: random.Random, /) -> Action: ...

    def choose_easy(self, state: Any, seat: int, rng: random.Random, /) -> Action: ...

    def explain(self, state: Any, seat: int, action: Action, /) -> tuple[str, ...]: ...


class HardPlayer(Protocol):
    def choose_hard(self, state: Any, seat: int, rng: random.Random, /) -> Action: ...


Level = Literal["normal", "easy", "hard"]
LEVELS: tuple[Level, ...] = ("normal", "easy", "hard")


def keys() -> tuple[str, ...]:
    return tuple(_ENTRIES)


def entry(key: str) -> Entry:
    """Game ``key``'s entry (its modules' names, nothing imported); UnknownGame if there is none."""
    if key not in _ENTRIES:
        raise UnknownGame(f"there is no game called {key!r} (games: {', '.join(keys())})")
    return _ENTRIES[key]


def get(key: str) -> Rules:
    found = entry(key)
    if key not in _loaded:
        rules = importlib.import_module(found.rules).RULES
        if not isinstance(rules, Rules) or rules.key != key:
            raise RuntimeError(f"{found.rules}.RULES is not the rules for {key!r}")
        _loaded[key] = rules
    return _loaded[key]


def all_rules() -> tuple[Rules, ...]:
    return tuple(get(key) for key in _ENTRIES)


def player(key: str) -> ComputerPlayer:
    """Game ``key``'s computer player (its entry's ``computer`` module)."""
    get(key)
    return cast(ComputerPlayer, importlib.import_module(_ENTRIES[key].computer))


def pictures_module(key: str) -> str:
    """The dotted name of the module that draws game ``key`` (its entry's ``pictures``), for the
    renderers to import; UnknownGame if there is no such game."""
    return entry(key).pictures


def levels(key: str) -> tuple[Level, ...]:
    """The computer levels game ``key`` offers: Normal and Easy always, Hard where its player has one."""
    return LEVELS if callable(getattr(player(key), "choose_hard", None)) else ("normal", "easy")


def computer_move(state: State, seat: int, level: Level = "normal") -> Action:
    """What the game's computer player plays for ``seat`` now: a computer's seat, or an absent
    player's turn. Seeded by the game and the move, so a replay chooses the same. A level the game
    does not offer plays Normal."""
    ai = player(state.rules.key)
    rng = decks.rng(state.seed, "default", len(state.history))
    if level == "easy":
        return ai.choose_easy(state, seat, rng)
    if level == "hard" and "hard" in levels(state.rules.key):
        return cast(HardPlayer, ai).choose_hard(state, seat, rng)
    return ai.choose(state, seat, rng)


def hint(state: State, seat: int) -> Hint:
    """What the Normal computer would play for ``seat`` now, from that seat's view (its player
    never reads a card the seat cannot see), and why."""
    action = computer_move(state, seat)
    return Hint(action, player(state.rules.key).explain(state, seat, action))


def default_action(state: State, seat: int) -> Action:
    """What the table plays for a seat whose time ran out: what the rules say (``timed_out``), or
    else the computer's move."""
    return state.timed_out(seat) or computer_move(state, seat)
