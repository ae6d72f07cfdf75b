"""Fonts for every image: Pillow's built-in Aileron Regular only, and text that never shows tofu.

Nothing is read from the system or fetched: :func:`font` wraps ``ImageFont.load_default(size=N)``.
Aileron covers printable ASCII and a handful of other characters (the copyright and trademark
signs, guillemets, degree, plus-minus, middle dot, curly quotes, ellipsis); everything else (suit
symbols, the one-half fraction, arrows, the multiplication sign, accented letters ...) would be
drawn as the same empty box. :func:`safe_text` turns such characters into readable ASCII and :func:`draw_text` always
goes through it, so renderers should draw text with :func:`draw_text` and never with
``ImageDraw.text`` directly. Suits are never text: see :mod:`renderers.kit.pips`.
"""

from __future__ import annotations

import math
import unicodedata
from functools import lru_cache
from typing import Literal

from PIL import Image, ImageDraw, ImageFont

Colour = tuple[int, int, int] | tuple[int, int, int, int]
Anchor = Literal["la", "lt", "lm", "ls", "lb", "ld", "ma", "mt", "mm", "ms", "mb", "md",
                 "ra", "rt", "rm", "rs", "rb", "rd"]

# A codepoint Aileron certainly lacks (private use area): its mask is the font's "missing glyph".
_MISSING_PROBE = "\ue000"
_PROBE_SIZE = 24

# Readable ASCII for characters the games' texts use and the font lacks.
REPLACEMENTS: dict[str, str] = {
    "\u2660": "S", "\u2664": "S",  # spades (black, white)
    "\u2665": "H", "\u2661": "H",  # hearts
    "\u2666": "D", "\u2662": "D",  # diamonds
    "\u2663": "C", "\u2667": "C",  # clubs
    "\u2192": "->", "\u2190": "<-", "\u2191": "^", "\u2193": "v", "\u2194": "<->",
    "\u21d2": "=>", "\u21d0": "<=", "\u27a1": "->", "\u2b05": "<-", "\u21bb": "(cw)", "\u21ba": "(ccw)",
    "\u00d7": "x", "\u00f7": "/", "\u2212": "-", "\u2013": "-", "\u2014": "-", "\u2015": "-", "\u2010": "-",
    "\u2022": "\u00b7", "\u25cf": "\u00b7", "\u2219": "\u00b7",
    "\u2264": "<=", "\u2265": ">=", "\u2260": "!=", "\u2248": "~", "\u221e": "inf",
    "\u2605": "*", "\u2606": "*", "\u2713": "v", "\u2714": "v", "\u2717": "x", "\u2718": "x",
    "\u20ac": "EUR", "\u00a3": "GBP", "\u00a5": "JPY", "\u00a2": "c",
    "\u00bd": "1/2", "\u00bc": "1/4", "\u00be": "3/4", "\u2153": "1/3", "\u2154": "2/3",
    "\u00a0": " ", "\u2009": " ", "\u202f": " ", "\u2007": " ", "\u200b": "",
    "\u00df": "ss", "\u00e6": "ae", "\u00c6": "AE", "\u0153": "oe", "\u0152": "OE", "\u00f8": "o", "\u00d8": "O",
    "\u0142": "l", "\u0141": "L", "\u00f0": "d", "\u00de": "Th", "\u00fe": "th",
    "\u00bf": "?", "\u00a1": "!", "\u2026": "...",
}
_FRACTIONS = frozenset("\u00bd\u00bc\u00be\u2153\u2154")


@lru_cache(maxsize=256)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """Aileron Regular at ``size`` px, cached per size.

    There is no bold face: ``bold`` returns the same font, and :func:`draw_text` simulates bold
    with a stroke in the fill colour (see :func:`bold_stroke`).
    """
    del bold  # one face; kept in the signature (and the cache key is harmless)
    loaded = ImageFont.load_default(size=max(1, int(size)))
    if not isinstance(loaded, ImageFont.FreeTypeFont):  # pragma: no cover - Pillow built without FreeType
        raise RuntimeError("Pillow was built without FreeType; the renderers need it")
    return loaded


def bold_stroke(size: int) -> int:
    """The stroke width that makes Aileron at ``size`` px look bold."""
    return max(1, round(size / 22))


@lru_cache(maxsize=1)
def _missing_mask() -> tuple[tuple[int, int], bytes]:
    mask = font(_PROBE_SIZE).getmask(_MISSING_PROBE)
    return mask.size, bytes(mask)


@lru_cache(maxsize=4096)
def has_glyph(ch: str) -> bool:
    """Whether the font draws ``ch`` as itself rather than as the missing-glyph box."""
    if len(ch) != 1:
        raise ValueError(f"has_glyph takes one character, not {ch!r}")
    if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn", "Mn", "Me", "Zl", "Zp"):
        return ch == " "
    mask = font(_PROBE_SIZE).getmask(ch)
    return (mask.size, bytes(mask)) != _missing_mask()


@lru_cache(maxsize=64)
def _safe_char(ch: str) -> str:
    if ch == "\n":
        return ch
    if has_glyph(ch):
        return ch
    if ch in REPLACEMENTS:
        return "".join(c if has_glyph(c) else "?" for c in REPLACEMENTS[ch])
    # Accents and compatibility forms: é -> e, ﬁ -> fi, ² -> 2, full-width letters -> ASCII.
    for form in ("NFKD", "NFKC"):
        decomposed = "".join(c for c in unicodedata.normalize(form, ch) if not unicodedata.combining(c))
        if decomposed and decomposed != ch and all(has_glyph(c) for c in decomposed):
            return decomposed
    if unicodedata.category(ch).startswith("Z"):
        return " "
    if unicodedata.category(ch) in ("Cc", "Cf", "Mn", "Me"):
        return ""
    return "?"


@lru_cache(maxsize=4096)
def safe_text(text: str) -> str:
    """``text`` with every character the font lacks replaced by readable ASCII.

    ``"QS -> 14"`` for ``"Q\u2660 \u2192 14"``, ``"10 1/2"`` for ``"10\u00bd"``, ``"x5"`` for
    ``"\u00d75"``, ``"e"`` for ``"\u00e9"``; anything with no sensible reading becomes ``"?"``.
    Newlines are kept.
    """
    out: list[str] = []
    for i, ch in enumerate(text):
        rep = _safe_char(ch)
        if ch in _FRACTIONS and i > 0 and text[i - 1].isdigit():
            rep = " " + rep  # "10½" reads "10 1/2", not "101/2"
        out.append(rep)
    return "".join(out)


@lru_cache(maxsize=8192)
def text_width(text: str, size: int, bold: bool = False) -> float:
    """Advance width of ``safe_text(text)`` at ``size`` (plus the bold stroke, if any)."""
    width = font(size).getlength(safe_text(text))
    return width + (2 * bold_stroke(size) if bold else 0)


# --- Cached text masks -----------------------------------------------------------------------
# A text's mask depends on where it starts within a pixel, so a cached mask is keyed by that
# fraction, snapped to a quarter pixel: positions on the quarter grid (whole and half pixels are
# the common ones) draw exactly what ``ImageDraw.text`` draws there, others as it draws them an
# eighth of a pixel or less away (FreeType itself rounds the start: at most a one-pixel nudge).
SUBPIXEL = 4
TEXT_MASKS = 2048  # cached masks; a line of body text is 3-8 KB, a big title up to ~25 KB


@lru_cache(maxsize=TEXT_MASKS)
def text_mask(shown: str, size: int, stroke_width: int, anchor: str,
              start: tuple[int, int]) -> tuple[Image.Image, tuple[int, int]]:
    """The "L" mask Pillow draws ``shown`` with (one line, already safe; a stroke filled) when it
    starts ``start`` / SUBPIXEL px past a whole pixel, and its offset from that pixel."""
    core, offset = font(size).getmask2(shown, "L", None, None, None, stroke_width, anchor, 0,
                                       (start[0] / SUBPIXEL, start[1] / SUBPIXEL), stroke_filled=True)
    return Image.frombytes("L", core.size, bytes(core)), offset


def _snap(value: float) -> tuple[int, int]:
    """(whole pixel, quarter-pixel steps past it) nearest ``value`` (halves round up, not to
    even, so that a part drawn on a canvas of its own comes out as it does in place)."""
    steps = math.floor(value * SUBPIXEL + 0.5)
    return steps // SUBPIXEL, steps % SUBPIXEL


def _paste_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], shown: str, size: int, fill: Colour,
                anchor: str, stroke_width: int, stroke_fill: Colour) -> None:
    """What ``draw.text`` does for one line in an "L"-font-mode draw, from cached masks: the
    stroke (filled) in ``stroke_fill``, then the text in ``fill`` over it if the colours differ."""
    (x, fx), (y, fy) = _snap(xy[0]), _snap(xy[1])
    passes = [(stroke_width, stroke_fill)] if stroke_width else []
    if not stroke_width or stroke_fill != fill:
        passes.append((0, fill))
    for width, ink in passes:
        mask, (dx, dy) = text_mask(shown, size, width, anchor, (fx, fy))
        draw.bitmap((x + dx, y + dy), mask, fill=ink)


def fit_size(text: str, max_width: float, size: int, min_size: int = 6, bold: bool = False) -> int:
    """The largest size <= ``size`` (and >= ``min_size``) at which ``text`` fits ``max_width``."""
    while size > min_size and text_width(text, size, bold) > max_width:
        size -= 1
    return size


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: Colour,
    anchor: Anchor = "la",
    bold: bool = False,
    stroke: tuple[int, Colour] | None = None,
    spacing: float = 0.0,
    cached: bool = True,
) -> None:
    """Draw ``safe_text(text)`` at ``xy`` in Aileron ``size`` px.

    ``anchor`` is Pillow's two-letter anchor (``"mm"`` centres the text on ``xy``). ``bold``
    thickens the strokes; ``stroke=(width, colour)`` outlines the text instead. ``spacing`` adds
    (or, negative, removes) that many pixels between characters, for tight numerals like "10".
    ``cached`` (the default) draws from :func:`text_mask`'s cache, pixel for pixel what
    ``ImageDraw.text`` draws; drawers whose output is itself cached (card sprites) pass False.
    """
    shown = safe_text(text)
    f = font(size)
    stroke_width, stroke_fill = (bold_stroke(size), fill) if bold else (0, fill)
    if stroke is not None:
        stroke_width, stroke_fill = stroke
    fast = cached and draw.fontmode == "L" and "\n" not in shown

    def line(at: tuple[float, float], part: str, anchor: str) -> None:
        if fast:
            _paste_text(draw, at, part, size, fill, anchor, stroke_width, stroke_fill)
        else:
            draw.text(at, part, font=f, fill=fill, anchor=anchor, stroke_width=stroke_width,
                      stroke_fill=stroke_fill)

    if not spacing or len(shown) < 2 or "\n" in shown:
        line(xy, shown, anchor)
        return
    # Letter-spaced: lay the characters out one by one, aligned as a whole by ``anchor``.
    advances = [f.getlength(c) for c in shown]
    total = sum(advances) + spacing * (len(shown) - 1)
    x = xy[0] - {"l": 0.0, "m": total / 2, "r": total}[anchor[0]]
    for ch, adv in zip(shown, advances, strict=True):
        line((x, xy[1]), ch, "l" + anchor[1])
        x += adv + spacing
