"""The game registry. Each game package exposes ``RULES``; it is imported the first time the
registry is asked for anything, so adding a game is one line here plus its package."""

from __future__ import annotations

import importlib

from .base import Rules
from .errors import UnknownGame

# key -> module holding RULES; in the order the bot lists the games.
_PACKAGES: dict[str, str] = {
    "fosco": "games.fosco",
    "dracula": "games.dracula",
}
_loaded: dict[str, Rules] = {}


def _load() -> dict[str, Rules]:
    if len(_loaded) != len(_PACKAGES):
        for key, module in _PACKAGES.items():
            rules = importlib.import_module(module).RULES
            if not isinstance(rules, Rules) or rules.key != key:
                raise RuntimeError(f"{module}.RULES is not the rules for {key!r}")
            _loaded[key] = rules
    return _loaded


def keys() -> tuple[str, ...]:
    return tuple(_load())


def get(key: str) -> Rules:
    rules = _load().get(key)
    if rules is None:
        raise UnknownGame(f"there is no game called {key!r} (games: {', '.join(keys())})")
    return rules


def all_rules() -> tuple[Rules, ...]:
    return tuple(_load().values())
