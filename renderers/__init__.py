"""Table and hand images drawn with Pillow (pure functions of a view).

The package in three parts: ``kit/`` is the drawing kit every picture shares (cards, fonts, theme,
layout, the generic hand and settlement sheet); ``games/`` holds each game's pictures (the tarot
family's in ``games/tarot/``); ``tools/`` makes the gallery and the palette and is never imported
by the bot. ``describe`` puts a view in words (alt text).

``render_table(key, view)`` and ``render_hand(key, view)`` return PNG bytes. Each game's pictures
are the module its registry entry names (:func:`games.core.registry.pictures_module`), exposing
``table(view) -> Image`` and, if it wants its own, ``hand(view) -> Image``; games without one get
the generic hand of :mod:`renderers.kit.hand`. ``render_settlement(key, view, settlement)`` draws a
round's payments with the game's ``settlement(view, settlement) -> Image`` if it has one, else the
generic drawer of :mod:`renderers.kit.settlement`. ``render_round_end(key, view, data)`` draws one
of the state's ``round_ends`` with the game's ``round_end(view, data) -> Image`` (games that record
round ends have one). ``render_rating_chart(data)`` draws a member's skill rating over their last
games (/stats). Shared drawing helpers are in :mod:`renderers.kit.layout`.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any, Literal, NamedTuple, cast

from PIL import Image

from games.core import registry
from renderers.kit import animation
from renderers.kit import hand as generic_hand
from renderers.kit import settlement as generic_settlement
from renderers.kit.layout import canvas, to_png

__all__ = [
    "SEAT_GAP",
    "Frame",
    "hand_image",
    "has_table",
    "render_animation",
    "render_hand",
    "render_rating_chart",
    "render_round_end",
    "render_seat",
    "render_settlement",
    "render_table",
    "round_end_image",
    "seat_image",
    "settlement_image",
    "table_image",
    "warm",
]

View = Mapping[str, Any]
Drawer = Callable[[View], Image.Image]
SettlementDrawer = Callable[[View, Mapping[str, Any]], Image.Image]
CopyDrawer = Callable[[View, View], Image.Image]
_KEY = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")


def _module(key: str) -> ModuleType | None:
    """The game's pictures (the module its registry entry names), or None if there is no such game."""
    if not isinstance(key, str) or not _KEY.fullmatch(key):
        raise ValueError(f"not a game key: {key!r}")
    games = registry.keys()  # a tuple of keys (the module's function, not a dict's)
    return importlib.import_module(registry.pictures_module(key)) if key in games else None


def _drawer(module: ModuleType | None, attr: str) -> Drawer | None:
    fn = getattr(module, attr, None) if module is not None else None
    return cast(Drawer, fn) if callable(fn) else None


def has_table(key: str) -> bool:
    """Whether game ``key`` has a table renderer (the bot offers only games it can draw)."""
    return _drawer(_module(key), "table") is not None


def render_table(key: str, view: View) -> bytes:
    """The table image for game ``key`` as PNG bytes; ValueError if the game has no table renderer."""
    return to_png(table_image(key, view))


def render_hand(key: str, view: View) -> bytes:
    """The viewer's hand for game ``key`` as PNG bytes: the game's own ``hand`` drawer if it has
    one, else the generic hand; ValueError for a key that is neither rendered nor registered."""
    return to_png(hand_image(key, view))


def render_seat(key: str, table: View, hand: View) -> bytes:
    """A player's own copy of the game as PNG bytes, from the table as everyone sees it (``table``,
    the spectators' view) and the player's hand (``hand``, their seat's view): see :func:`seat_image`."""
    return to_png(seat_image(key, table, hand))


def render_settlement(key: str, view: View, settlement: Mapping[str, Any]) -> bytes:
    """A round's settlement (``Settlement.to_json()``: who paid whom, how much and why) as PNG
    bytes, drawn by the game's own ``settlement`` drawer or the generic one; ``view`` gives the
    names, the money unit and the title. ValueError for a key that is not a game."""
    return to_png(settlement_image(key, view, settlement))


def render_round_end(key: str, view: View, data: Mapping[str, Any]) -> bytes:
    """One of the state's ``round_ends`` (who went out, what each paid …) as PNG bytes, drawn by
    the game's ``round_end`` drawer; ValueError if the game has none."""
    return to_png(round_end_image(key, view, data))


def render_rating_chart(data: Mapping[str, Any]) -> bytes:
    """A member's rating over their last games as PNG bytes (see :mod:`renderers.rating_chart`)."""
    from renderers import rating_chart

    return to_png(rating_chart.chart(data))


class Frame(NamedTuple):
    """One picture of an animation (:func:`render_animation`), as plain data a drawing worker
    takes: what ``kind`` of picture, drawn from ``table`` (the table as onlookers see it) and
    ``extra`` (``"seat"``: the seat's own view, for its copy; ``"round_end"``: one of the state's
    ``round_ends``; ``"settlement"``: a ``Settlement.to_json()``; ``"table"``: None); its
    caption's ``label`` (one or two short lines: "Move 17 of 84", "Round 2 of 3") and ``text``
    (the move's lines); how many ``seconds`` it is shown; and whether to ``keep`` it while others
    can be dropped (a round's start, end or account)."""

    kind: Literal["table", "seat", "round_end", "settlement"]
    table: View
    extra: View | None
    label: tuple[str, ...]
    text: str
    seconds: float
    keep: bool = False  # kept while other frames can be dropped to fit the byte limit


def frame_image(key: str, frame: Frame) -> Image.Image:
    """A frame's picture, without its caption."""
    if frame.kind == "table" or frame.extra is None:
        return table_image(key, frame.table)
    if frame.kind == "seat":
        return seat_image(key, frame.table, frame.extra)
    if frame.kind == "round_end":
        return round_end_image(key, frame.table, frame.extra)
    return settlement_image(key, frame.table, frame.extra)


def render_animation(key: str, frames: Sequence[Frame], max_bytes: int) -> animation.Animation:
    """``frames`` of game ``key``, each drawn as the bot draws it in play with its caption below
    (:func:`renderers.kit.animation.captioned`), as one looping animated WebP of at most
    ``max_bytes`` (frames dropped evenly to fit, never the first or last, nor one to ``keep``
    while others can go instead): the file, and which frames it shows for how long."""
    pictures = (animation.captioned(frame_image(key, f), f.label, f.text) for f in frames)
    keep = [i for i, f in enumerate(frames) if f.keep]
    return animation.encode(pictures, [round(f.seconds * 1000) for f in frames], max_bytes, keep=keep)


def table_image(key: str, view: View) -> Image.Image:
    """:func:`render_table`'s picture before encoding (RGB)."""
    draw = _drawer(_module(key), "table")
    if draw is None:
        raise ValueError(f"no table renderer for {key!r}")
    return draw(view)


def hand_image(key: str, view: View) -> Image.Image:
    """:func:`render_hand`'s picture before encoding (RGB)."""
    module = _module(key)
    draw = _drawer(module, "hand")
    if draw is None:
        games = registry.keys()  # a tuple of keys (the module's function, not a dict's)
        if _drawer(module, "table") is None and key not in games:
            raise ValueError(f"no renderer for {key!r}")
        draw = generic_hand.hand
    return draw(view)


SEAT_GAP = 10  # px between the table and the hand in a player's copy


def seat_image(key: str, table: View, hand: View) -> Image.Image:
    """:func:`render_seat`'s picture before encoding (RGB): the game's own ``copy(table, hand)``,
    laid out for the box Discord shows inline (:data:`renderers.kit.shown.COPY_SIZE`), where it
    has one; else the hand centred under the table, its edges drawn out to the table's width (so
    its header band spans the picture)."""
    own = getattr(_module(key), "copy", None)
    if callable(own):
        return cast(CopyDrawer, own)(table, hand)
    above, below = table_image(key, table), hand_image(key, hand)
    width = max(above.width, below.width)
    img, _ = canvas(width, above.height + SEAT_GAP + below.height)
    img.paste(above, ((width - above.width) // 2, 0))
    top, left = above.height + SEAT_GAP, (width - below.width) // 2
    img.paste(below, (left, top))
    right = width - left - below.width
    if left > 0:
        img.paste(below.crop((0, 0, 1, below.height)).resize((left, below.height)), (0, top))
    if right > 0:
        edge = below.crop((below.width - 1, 0, below.width, below.height)).resize((right, below.height))
        img.paste(edge, (left + below.width, top))
    return img


def settlement_image(key: str, view: View, settlement: Mapping[str, Any]) -> Image.Image:
    """:func:`render_settlement`'s picture before encoding (RGB)."""
    module = _module(key)
    fn = getattr(module, "settlement", None) if module is not None else None
    games = registry.keys()  # a tuple of keys (the module's function, not a dict's)
    if not callable(fn) and key not in games:
        raise ValueError(f"no renderer for {key!r}")
    draw = cast(SettlementDrawer, fn) if callable(fn) else generic_settlement.settlement
    return draw(view, settlement)


def round_end_image(key: str, view: View, data: Mapping[str, Any]) -> Image.Image:
    """:func:`render_round_end`'s picture before encoding (RGB)."""
    fn = getattr(_module(key), "round_end", None)
    if not callable(fn):
        raise ValueError(f"no round-end drawer for {key!r}")
    return cast(SettlementDrawer, fn)(view, data)


def warm() -> None:
    """Build, once per process, what every first render would otherwise pay for: the fixed
    palette (and Pillow's lookup table for it), the font at the theme's sizes, the glyph checks
    for printable ASCII, the card backs and the tarot base games' small faces (about 0.2 s in
    all); the bot calls it when a render worker starts."""
    from renderers.games.tarot.base import round_ends
    from renderers.kit.cards import card_back
    from renderers.kit.fonts import font, has_glyph
    from renderers.kit.palette import encode_png
    from renderers.kit.theme import BACK_STYLES, CARD_WIDTH, CARD_WIDTH_LARGE, CARD_WIDTH_SMALL

    encode_png(Image.new("RGB", (64, 64)), limit=1 << 20)
    for size in range(12, 41):
        font(size)
    for code in range(32, 127):
        has_glyph(chr(code))
    for width in (CARD_WIDTH_SMALL, CARD_WIDTH, CARD_WIDTH_LARGE):
        for style in BACK_STYLES:
            card_back(width, style)
    round_ends.warm()
