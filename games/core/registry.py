"""The game registry. Each game package exposes ``RULES``; a package is imported the first time
its game is asked for, so adding a game is one line here plus its package."""

from __future__ import annotations

import importlib

from .base import Rules
from .errors import UnknownGame

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
