"""Table and hand images drawn with Pillow (pure functions of a view).

``render_table(key, view)`` and ``render_hand(key, view)`` return PNG bytes. Each game has a
module ``renderers/<key with - as _>.py`` exposing ``table(view) -> Image`` and, if it wants
its own, ``hand(view) -> Image``; games without one get the generic hand of
:mod:`renderers.hand`. ``render_settlement(key, view, settlement)`` draws a round's payments
with the game's ``settlement(view, settlement) -> Image`` if it has one, else the generic
drawer of :mod:`renderers.settlement`. Shared drawing helpers are in :mod:`renderers.layout`.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any, cast

from PIL import Image

from games.core import registry

from . import hand as generic_hand
from . import settlement as generic_settlement
from .layout import to_png

__all__ = ["has_table", "render_hand", "render_settlement", "render_table", "warm"]

View = Mapping[str, Any]
Drawer = Callable[[View], Image.Image]
SettlementDrawer = Callable[[View, Mapping[str, Any]], Image.Image]
_KEY = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")
# Modules of this package that are not games.
_HELPERS = frozenset({"cards", "emblems", "fonts", "hand", "layout", "pips", "settlement", "theme"})


def _module(key: str) -> ModuleType | None:
    """The game's renderer module, or None if there is none."""
    if not isinstance(key, str) or not _KEY.fullmatch(key):
        raise ValueError(f"not a game key: {key!r}")
    name = key.replace("-", "_")
    if name in _HELPERS or importlib.util.find_spec(f"{__name__}.{name}") is None:
        return None
    return importlib.import_module(f"{__name__}.{name}")


def _drawer(module: ModuleType | None, attr: str) -> Drawer | None:
    fn = getattr(module, attr, None) if module is not None else None
    return cast(Drawer, fn) if callable(fn) else None


def has_table(key: str) -> bool:
    """Whether game ``key`` has a table renderer (the bot offers only games it can draw)."""
    return _drawer(_module(key), "table") is not None


def render_table(key: str, view: View) -> bytes:
    """The table image for game ``key`` as PNG bytes; ValueError if the game has no table renderer."""
    draw = _drawer(_module(key), "table")
    if draw is None:
        raise ValueError(f"no table renderer for {key!r}")
    return to_png(draw(view))


def render_hand(key: str, view: View) -> bytes:
    """The viewer's hand for game ``key`` as PNG bytes: the game's own ``hand`` drawer if it has
    one, else the generic hand; ValueError for a key that is neither rendered nor registered."""
    module = _module(key)
    draw = _drawer(module, "hand")
    if draw is None:
        games = registry.keys()  # a tuple of keys (the module's function, not a dict's)
        if _drawer(module, "table") is None and key not in games:
            raise ValueError(f"no renderer for {key!r}")
        draw = generic_hand.hand
    return to_png(draw(view))


def render_settlement(key: str, view: View, settlement: Mapping[str, Any]) -> bytes:
    """A round's settlement (``Settlement.to_json()``: who paid whom, how much and why) as PNG
    bytes, drawn by the game's own ``settlement`` drawer or the generic one; ``view`` gives the
    names, the money unit and the title. ValueError for a key that is not a game."""
    module = _module(key)
    fn = getattr(module, "settlement", None) if module is not None else None
    games = registry.keys()  # a tuple of keys (the module's function, not a dict's)
    if not callable(fn) and key not in games:
        raise ValueError(f"no renderer for {key!r}")
    draw = cast(SettlementDrawer, fn) if callable(fn) else generic_settlement.settlement
    return to_png(draw(view, settlement))


def warm() -> None:
    """Fill the caches a long-lived render process reuses (fonts, card sprites) by drawing each
    game's opening table once; the bot calls it in every render worker as it starts."""
    for rules in registry.all_rules():
        if has_table(rules.key):
            render_table(rules.key, rules.new_game(rules.min_players, seed=0).view(0))
