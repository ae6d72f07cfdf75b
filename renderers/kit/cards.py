"""Card faces and backs as sprites: drawn once per (token, family, width, variant), then reused.

Every card is drawn on a canvas a few times larger than asked and shrunk, so edges, pips and
text are anti-aliased. Layout is in fractions of the card's width (a card is 1 wide and 1.4
tall). Below :data:`PIP_LAYOUT_WIDTH` px a number card shows one big suit mark in its centre;
from that width on it shows the classic pip layout. Corner indices are big enough to read on a
phone at 60 px wide.

The images returned are cached and shared: callers paste them (``base.alpha_composite(card,
dest)``), never draw on them. Copy first (``card.copy()``) to modify one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import cast

from PIL import Image, ImageDraw

from games.core.cards import TRUMP_NAMES, Family, parse
from renderers.kit import theme
from renderers.kit.emblems import EMBLEMS
from renderers.kit.fonts import Anchor, Colour, bold_stroke, draw_text, font, safe_text
from renderers.kit.pips import Box, Ink, Pen, SuitFamily, draw_suit, fit
from renderers.kit.theme import RGB, card_height, mix

FAMILIES: tuple[str, ...] = ("standard", "tarot")
VARIANTS: tuple[str, ...] = ("standard", "dracula", "fscking-ace")
PIP_LAYOUT_WIDTH = 100  # from this width number cards show every pip
# Card sprites kept per process. Every game's tables and hands use some 500 (22 MB) in all; a
# sprite takes 20-80 KB (40 to 120 px wide), so 1,024 of them hold at most ~80 MB.
CARD_SPRITES = 1024
CAP = 0.70  # Aileron's capital height as a fraction of the font size

TAROT_INDEX: dict[str, str] = {"N": "C"}  # the Cavalier's corner letter
COURT_EMBLEMS: dict[str, str] = {"K": "king", "Q": "queen", "J": "jack", "N": "cavalier"}
COURT_LABELS: dict[str, str] = {"K": "KING", "Q": "QUEEN", "J": "JACK", "N": "CAVALIER"}


def card_size(width: int = theme.CARD_WIDTH) -> tuple[int, int]:
    """The (width, height) of a card drawn ``width`` px wide."""
    return (width, card_height(width))


def _supersample(width: int) -> int:
    return 4 if width <= 90 else 3 if width <= 170 else 2


class _Canvas:
    """A supersampled card-sized RGBA canvas addressed in fractions of the card's width."""

    def __init__(self, width: int) -> None:
        self.width = width
        self.ss = _supersample(width)
        self.w = width * self.ss
        self.h = card_height(width) * self.ss
        self.tall = self.h / self.w  # the card's height in width units (about 1.4)
        self.img = Image.new("RGBA", (self.w, self.h), (0, 0, 0, 0))
        self.draw = ImageDraw.Draw(self.img)

    def u(self, f: float) -> float:
        return f * self.w

    def px(self, box: Box) -> Box:
        return (box[0] * self.w, box[1] * self.w, box[2] * self.w, box[3] * self.w)

    def layer(self) -> _Canvas:
        return _Canvas(self.width)

    def turned_over(self, layer: _Canvas) -> None:
        """Composite ``layer`` turned half a circle (the bottom-right copy of an index)."""
        self.img.alpha_composite(layer.img.transpose(Image.Transpose.ROTATE_180))

    def face(self, fill: RGB, border: RGB = theme.CARD_BORDER) -> None:
        line = max(1, round(self.width / 70)) * self.ss
        radius = self.u(theme.CARD_RADIUS)
        self.draw.rounded_rectangle((0, 0, self.w - 1, self.h - 1), radius=radius, fill=border)
        self.draw.rounded_rectangle((line, line, self.w - 1 - line, self.h - 1 - line),
                                    radius=max(1.0, radius - line), fill=fill)

    def rect(self, box: Box, fill: RGB | None, outline: RGB | None = None, line: float = 0.0,
             radius: float = 0.0) -> None:
        self.draw.rounded_rectangle(self.px(box), radius=self.u(radius), fill=fill, outline=outline,
                                    width=max(1, round(self.u(line))) if outline else 0)

    def ellipse(self, box: Box, fill: RGB | None, outline: RGB | None = None, line: float = 0.0) -> None:
        self.draw.ellipse(self.px(box), fill=fill, outline=outline,
                          width=max(1, round(self.u(line))) if outline else 0)

    def text(self, x: float, y: float, text: str, size: float, fill: Colour, anchor: Anchor = "ms",
             bold: bool = True, spacing: float = 0.0) -> None:
        draw_text(self.draw, (self.u(x), self.u(y)), text, max(1, round(self.u(size))), fill, anchor=anchor,
                  bold=bold, spacing=self.u(spacing), cached=False)  # the sprite itself is cached

    def text_width(self, text: str, size: float, spacing: float = 0.0) -> float:
        """Width of ``text`` in card-width units (matching :meth:`text` with bold)."""
        px = max(1, round(self.u(size)))
        shown = safe_text(text)
        adv = font(px).getlength(shown) + self.u(spacing) * (len(shown) - 1) + 2 * bold_stroke(px)
        return adv / self.w

    def fit_text(self, text: str, max_width: float, size: float, spacing_em: float = 0.0) -> float:
        """The largest size <= ``size`` at which ``text`` fits ``max_width`` (card units)."""
        while size * self.w > 6 and self.text_width(text, size, spacing_em * size) > max_width:
            size *= 0.95
        return size

    def suit(self, suit: str, family: SuitFamily, box: Box, colour: RGB, turned: bool = False) -> None:
        draw_suit(self.img, suit, self.px(box), colour, family, turned=turned, supersample=1)

    def emblem(self, name: str, box: Box, ink: Ink, hole: Ink, accent: Ink, turned: bool = False) -> None:
        fn, ratio = EMBLEMS[name]
        x0, y0, _, y1 = fit(self.px(box), ratio)
        fn(Pen(self.draw, x0, y0, y1 - y0, ratio, 1.0, turned), ink, hole, accent)

    def finish(self) -> Image.Image:
        return self.img.reduce(self.ss)


# --- Geometry --------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Geo:
    big: bool  # full pip layouts and labels
    fs: float  # index font size
    xc: float  # index column centre
    top: float  # top of the index capitals
    mark: float  # size of the mark under the index
    gap: float  # between index text and its mark

    @property
    def col_width(self) -> float:
        return 2 * self.xc - 0.03


def _geo(width: int) -> _Geo:
    if width >= PIP_LAYOUT_WIDTH:
        return _Geo(True, 0.2, 0.115, 0.065, 0.13, 0.035)
    return _Geo(False, 0.34, 0.175, 0.07, 0.17, 0.04)


# --- Corner indices --------------------------------------------------------------------------

MarkFn = Callable[[_Canvas, Box], None]


def _index(c: _Canvas, g: _Geo, label: str, colour: RGB, mark: MarkFn | None,
           label_mark: MarkFn | None = None) -> None:
    """One corner index at the top left: ``label`` (or a shape drawn by ``label_mark`` in its
    place) and, under it, ``mark`` (usually the suit)."""
    base = g.top + CAP * g.fs
    if label_mark is not None:
        label_mark(c, (g.xc - g.fs * 0.42, g.top - 0.01, g.xc + g.fs * 0.42, base + 0.01))
    elif label:
        spacing = -0.09 if len(label) > 1 else 0.0
        size = c.fit_text(label, g.col_width, g.fs * (0.9 if len(label) > 1 else 1.0), spacing)
        c.text(g.xc, base, label, size, colour, anchor="ms", spacing=spacing * size)
    if mark is not None:
        y = base + g.gap
        mark(c, (g.xc - g.mark / 2, y, g.xc + g.mark / 2, y + g.mark))


def _corners(c: _Canvas, g: _Geo, label: str, colour: RGB, mark: MarkFn | None,
             label_mark: MarkFn | None = None) -> None:
    """The index at the top left and, turned, at the bottom right."""
    _index(c, g, label, colour, mark, label_mark)
    layer = c.layer()
    _index(layer, g, label, colour, mark, label_mark)
    c.turned_over(layer)


def _suit_mark(suit: str, family: SuitFamily, colour: RGB, tall: float = 1.0) -> MarkFn:
    def mark(c: _Canvas, box: Box) -> None:
        x0, y0, x1, y1 = box
        c.suit(suit, family, (x0, y0, x1, y0 + (y1 - y0) * tall), colour)
    return mark


def _emblem_mark(name: str, ink: RGB, hole: RGB, accent: RGB, scale: float = 1.0) -> MarkFn:
    def mark(c: _Canvas, box: Box) -> None:
        x0, y0, x1, y1 = box
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        hw, hh = (x1 - x0) / 2 * scale, (y1 - y0) / 2 * scale
        c.emblem(name, (cx - hw, cy - hh, cx + hw, cy + hh), ink, hole, accent)
    return mark


# --- Number cards ----------------------------------------------------------------------------

# Pip positions: (column -1/0/1, row 0..1 from the top pip row to the bottom one).
PIP_LAYOUTS: dict[int, tuple[tuple[int, float], ...]] = {
    2: ((0, 0), (0, 1)),
    3: ((0, 0), (0, 0.5), (0, 1)),
    4: ((-1, 0), (1, 0), (-1, 1), (1, 1)),
    5: ((-1, 0), (1, 0), (0, 0.5), (-1, 1), (1, 1)),
    6: ((-1, 0), (1, 0), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)),
    7: ((-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)),
    8: ((-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (0, 0.75), (-1, 1), (1, 1)),
    9: ((-1, 0), (1, 0), (-1, 1 / 3), (1, 1 / 3), (0, 0.5), (-1, 2 / 3), (1, 2 / 3), (-1, 1), (1, 1)),
    10: ((-1, 0), (1, 0), (0, 1 / 6), (-1, 1 / 3), (1, 1 / 3), (-1, 2 / 3), (1, 2 / 3), (0, 5 / 6),
         (-1, 1), (1, 1)),
}


def _pip_size(suit: str, family: SuitFamily, size: float) -> tuple[float, float]:
    """A pip's box (width, height): tall for swords and batons."""
    if family == "tarot" and suit in ("S", "B"):
        return (size * 0.85, size * 1.4)
    return (size, size)


def _number_centre(c: _Canvas, g: _Geo, rank: str, suit: str, family: SuitFamily, colour: RGB) -> None:
    cy = c.tall / 2
    if rank == "A" or not g.big:
        size = 0.56 if rank == "A" else 0.46
        if family == "tarot" and suit in ("S", "B"):
            w, h = size * 0.62, size * 1.5
        else:
            w, h = size, size
        c.suit(suit, family, (0.5 - w / 2, cy - h / 2, 0.5 + w / 2, cy + h / 2), colour)
        return
    n = int(rank)
    pw, ph = _pip_size(suit, family, 0.15)
    top = 0.22 + ph / 2
    bottom = c.tall - top
    dx = 0.185
    for col, row in PIP_LAYOUTS[n]:
        x, y = 0.5 + col * dx, top + row * (bottom - top)
        turned = row > 0.5 or (row == 0.5 and n == 2)
        c.suit(suit, family, (x - pw / 2, y - ph / 2, x + pw / 2, y + ph / 2), colour, turned=turned)


# --- Court cards -----------------------------------------------------------------------------

def _court_centre(c: _Canvas, g: _Geo, rank: str, suit: str, family: SuitFamily, colour: RGB) -> None:
    """A framed banner between the two index columns: the rank's colours, its headgear at both
    ends, the letter and the suit in the middle."""
    pale, strong = theme.COURT_COLOURS[rank]
    x0, x1 = (0.25, 0.75) if g.big else (0.315, 0.685)
    y0, y1 = 0.07, c.tall - 0.07
    pw = x1 - x0
    cx, cy = (x0 + x1) / 2, c.tall / 2
    c.rect((x0, y0, x1, y1), pale, strong, line=0.022, radius=0.05)
    inset = 0.032
    c.rect((x0 + inset, y0 + inset, x1 - inset, y1 - inset), None, mix(strong, pale, 0.45), line=0.008,
           radius=0.03)
    emblem = COURT_EMBLEMS[rank]
    eh = 0.26 if emblem == "cavalier" else 0.2
    ew = pw - 0.1
    c.emblem(emblem, (cx - ew / 2, y0 + 0.06, cx + ew / 2, y0 + 0.06 + eh), strong, pale, colour)
    c.emblem(emblem, (cx - ew / 2, y1 - 0.06 - eh, cx + ew / 2, y1 - 0.06), strong, pale, colour, turned=True)
    letter = TAROT_INDEX.get(rank, rank) if family == "tarot" else rank
    size = c.fit_text(letter, pw - 0.06, 0.5 if g.big else 0.46)
    mark = 0.15 if g.big else 0.13
    mw, mh = _pip_size(suit, family, mark)
    top = cy - (CAP * size + 0.03 + mh) / 2
    c.text(cx, top + CAP * size, letter, size, colour, anchor="ms")
    c.suit(suit, family, (cx - mw / 2, top + CAP * size + 0.03, cx + mw / 2, top + CAP * size + 0.03 + mh), colour)


def _suit_card(c: _Canvas, g: _Geo, rank: str, suit: str, family: SuitFamily) -> None:
    if family == "standard":
        colour = theme.RED_SUIT if suit in ("H", "D") else theme.BLACK_SUIT
    else:
        colour = theme.TAROT_SUIT_COLOURS[suit]
    c.face(theme.CARD_FACE)
    label = TAROT_INDEX.get(rank, rank) if family == "tarot" else rank
    tall = 1.45 if family == "tarot" and suit in ("S", "B") else 1.0
    _corners(c, g, label, colour, _suit_mark(suit, family, colour, tall))
    if rank in COURT_EMBLEMS:
        _court_centre(c, g, rank, suit, family, colour)
    else:
        _number_centre(c, g, rank, suit, family, colour)


# --- Jokers ----------------------------------------------------------------------------------

def _joker(c: _Canvas, g: _Geo, number: int, variant: str) -> None:
    if variant == "dracula" and number in (1, 2):
        _vampire(c, g)
    elif variant == "fscking-ace" and number in (1, 2):
        _money_joker(c, g, 5 if number == 1 else 10)
    else:
        _generic_joker(c, g, number)


def _generic_joker(c: _Canvas, g: _Geo, number: int) -> None:
    ink = theme.JOKER_COLOURS[(number - 1) % len(theme.JOKER_COLOURS)]
    gold = (232, 172, 20)
    c.face(theme.CARD_FACE)
    star = _emblem_mark("star", ink, theme.CARD_FACE, gold, scale=1.15)
    _corners(c, g, "", ink, None, star)
    cy = c.tall / 2
    c.emblem("jester", (0.2, cy - 0.36, 0.8, cy + 0.04), ink, theme.CARD_FACE, gold)
    size = c.fit_text("JOKER", 0.52, 0.15)
    c.text(0.5, cy + 0.2, "JOKER", size, ink, anchor="ms", spacing=0.01)
    nsize = 0.11
    c.ellipse((0.5 - nsize * 0.75, cy + 0.27, 0.5 + nsize * 0.75, cy + 0.27 + nsize * 1.5), ink)
    c.text(0.5, cy + 0.27 + nsize * 0.75 + CAP * nsize / 2, str(number), nsize, theme.CARD_FACE, anchor="ms")


def _money_joker(c: _Canvas, g: _Geo, amount: int) -> None:
    ink, tint = theme.MONEY_5 if amount == 5 else theme.MONEY_10
    c.face(tint)
    label = f"${amount}"
    _corners(c, g, label, ink, _emblem_mark("sparkle", ink, tint, ink))
    cy = c.tall / 2
    oval = (0.2, cy - 0.31, 0.8, cy + 0.31)
    c.ellipse(oval, mix(tint, (255, 255, 255), 0.6), ink, line=0.022)
    c.ellipse((0.245, cy - 0.265, 0.755, cy + 0.265), None, mix(ink, tint, 0.5), line=0.008)
    size = c.fit_text(label, 0.46, 0.3, -0.05)
    c.text(0.5, cy + CAP * size / 2 - 0.03, label, size, ink, anchor="ms", spacing=-0.05 * size)
    lsize = c.fit_text("JOKER", 0.34, 0.095)
    c.text(0.5, cy + 0.2, "JOKER", lsize, ink, anchor="ms")


def _vampire(c: _Canvas, g: _Geo) -> None:
    night, blood, pale = theme.VAMPIRE
    c.face(night, border=(16, 4, 20))
    _corners(c, g, "", pale, None, _emblem_mark("bat", pale, night, blood, scale=1.25))
    cy = c.tall / 2
    moon = (0.5, cy - 0.08)
    c.ellipse((moon[0] - 0.3, moon[1] - 0.3, moon[0] + 0.3, moon[1] + 0.3), blood)
    c.ellipse((moon[0] - 0.3, moon[1] - 0.3, moon[0] + 0.3, moon[1] + 0.3), None, mix(blood, pale, 0.35),
              line=0.012)
    c.emblem("bat", (0.14, moon[1] - 0.2, 0.86, moon[1] + 0.16), (10, 2, 14), blood, (255, 214, 90))
    c.emblem("fangs", (0.37, cy + 0.15, 0.63, cy + 0.28), blood, night, pale)
    size = c.fit_text("VAMPIRE", 0.5, 0.13)
    c.text(0.5, cy + 0.42, "VAMPIRE", size, pale, anchor="ms")


# --- Tarot trumps and specials ---------------------------------------------------------------

def _roman(n: int) -> str:
    out = ""
    for value, numeral in ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= value:
            out += numeral
            n -= value
    return out


def _name_lines(c: _Canvas, name: str, width: float, max_size: float) -> tuple[list[str], float]:
    """A name without its article ("the Wheel of Fortune" -> "Wheel of Fortune"), in one or two
    lines, at the largest size that fits ``width``."""
    text = name[4:] if name.lower().startswith("the ") else name
    words = text.split()
    options: list[list[str]] = [[text]]
    options += [[" ".join(words[:i]), " ".join(words[i:])] for i in range(1, len(words))]
    best: tuple[float, list[str], float] = (0.0, [text], 0.0)
    for lines in options:
        size = min(c.fit_text(line, width, max_size if len(lines) == 1 else max_size * 0.8) for line in lines)
        score = size * (1.15 if len(lines) == 1 else 1.0)  # one line unless two are clearly bigger
        if score > best[0] + 1e-9:
            best = (score, lines, size)
    return best[1], best[2]


@dataclass(frozen=True)
class _SpecialStyle:
    panel: RGB
    ink: RGB  # index, numeral, frame
    band: RGB  # the name band
    band_ink: RGB


TRUMP_STYLE = _SpecialStyle(theme.TRUMP_PANEL, theme.TRUMP_INK, theme.CARD_FACE, theme.TRUMP_NAME)
SPECIALS: dict[str, tuple[str, str, _SpecialStyle, RGB]] = {
    # token: (name, emblem, style, emblem accent)
    "FOOL": ("The Fool", "jester", _SpecialStyle((22, 92, 96), (255, 214, 102), theme.CARD_FACE, (22, 70, 74)),
             (214, 40, 60)),
    "GOOD": ("Good", "sun", _SpecialStyle((242, 228, 182), (196, 120, 0), (255, 251, 236), (120, 72, 0)),
             (255, 236, 150)),
    "EVIL": ("Evil", "horns", _SpecialStyle((52, 10, 18), (226, 40, 48), (236, 226, 226), (90, 12, 24)),
             (255, 200, 60)),
}


def _framed(c: _Canvas, style: _SpecialStyle) -> tuple[float, float]:
    """A card face holding a coloured panel with a name band at the bottom; returns the band's
    top and bottom."""
    c.face(theme.CARD_FACE)
    m = 0.045
    c.rect((m, m, 1 - m, c.tall - m), style.panel, radius=0.05)
    c.rect((m + 0.025, m + 0.025, 1 - m - 0.025, c.tall - m - 0.025), None, mix(style.ink, style.panel, 0.35),
           line=0.01, radius=0.035)
    band_top, band_bottom = c.tall - 0.36, c.tall - m - 0.045
    c.rect((m + 0.05, band_top, 1 - m - 0.05, band_bottom), style.band, mix(style.ink, style.band, 0.2),
           line=0.012, radius=0.03)
    return band_top, band_bottom


def _band_name(c: _Canvas, name: str, top: float, bottom: float, ink: RGB) -> None:
    lines, size = _name_lines(c, name, 0.76, 0.16)
    mid = (top + bottom) / 2
    lead = size * 1.05
    first = mid + CAP * size / 2 - lead * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        c.text(0.5, first + i * lead, line, size, ink, anchor="ms", bold=len(lines) == 1 or size > 0.08)


def _trump(c: _Canvas, g: _Geo, number: int) -> None:
    style = TRUMP_STYLE
    top, bottom = _framed(c, style)
    _index(c, _Geo(g.big, g.fs, g.xc + 0.02, g.top + 0.03, g.mark * 0.8, g.gap), str(number), style.ink,
           _emblem_mark("sparkle", style.ink, style.panel, style.ink))
    # Roman numeral at the top right, Arabic numeral large in a medallion
    roman = _roman(number)
    rsize = c.fit_text(roman, 0.36, 0.13 if g.big else 0.15)
    c.text(0.72, g.top + 0.03 + CAP * rsize, roman, rsize, mix(style.ink, style.panel, 0.25), anchor="ms")
    cy = (g.top + 0.03 + CAP * g.fs + g.gap + g.mark + top) / 2 + 0.04
    r = min(0.28, (top - cy) - 0.03)
    c.ellipse((0.5 - r, cy - r, 0.5 + r, cy + r), mix(style.panel, (255, 255, 255), 0.08), style.ink,
              line=0.018)
    size = c.fit_text(str(number), 1.5 * r, 0.34, -0.06)
    c.text(0.5, cy + CAP * size / 2, str(number), size, style.ink, anchor="ms", spacing=-0.06 * size)
    _band_name(c, TRUMP_NAMES[number - 1], top, bottom, style.band_ink)


def _special(c: _Canvas, g: _Geo, token: str) -> None:
    name, emblem, style, accent = SPECIALS[token]
    top, bottom = _framed(c, style)
    _index(c, _Geo(g.big, g.fs, g.xc + 0.02, g.top + 0.03, g.mark, g.gap), "", style.ink, None,
           _emblem_mark(emblem, style.ink, style.panel, accent, scale=1.25))
    cy = (g.top + CAP * g.fs + top) / 2 + 0.08
    h = min(0.5, top - cy - 0.04) * 2
    c.emblem(emblem, (0.16, cy - h / 2, 0.84, cy + h / 2), style.ink, style.panel, accent)
    _band_name(c, name, top, bottom, style.band_ink)


# --- Public API ------------------------------------------------------------------------------

@lru_cache(maxsize=CARD_SPRITES)
def card_image(token: str, family: str = "standard", width: int = theme.CARD_WIDTH,
               variant: str = "standard") -> Image.Image:
    """The face of ``token`` (a card of ``family``), ``width`` px wide, as an RGBA image.

    ``variant`` changes how jokers look: ``"dracula"`` draws X1 and X2 as Vampires,
    ``"fscking-ace"`` draws X1 as the $5 joker and X2 as the $10 joker. Outside the rounded
    corners the image is transparent.

    Cached: each (token, family, width, variant) is drawn once and the same image object is
    returned afterwards, so it must not be modified (paste it, or copy it first).
    """
    if family not in FAMILIES:
        raise ValueError(f"unknown card family: {family!r}")
    if variant not in VARIANTS:
        raise ValueError(f"unknown card variant: {variant!r}")
    if width < theme.CARD_MIN_WIDTH:
        raise ValueError(f"cards are at least {theme.CARD_MIN_WIDTH} px wide, not {width}")
    card = parse(token, cast(Family, family))
    c = _Canvas(width)
    g = _geo(width)
    if card.kind == "suit":
        _suit_card(c, g, card.rank, card.suit, cast(SuitFamily, family))
    elif card.kind == "joker":
        _joker(c, g, card.number, variant)
    elif card.kind == "trump":
        _trump(c, g, card.number)
    else:
        _special(c, g, card.token)
    return c.finish()


@lru_cache(maxsize=64)
def card_back(width: int = theme.CARD_WIDTH, style: str = "standard") -> Image.Image:
    """The back of a card, ``width`` px wide; ``style`` is a key of ``theme.BACK_STYLES``
    (standard, red, tarot, green). Cached and shared like :func:`card_image`."""
    if style not in theme.BACK_STYLES:
        raise ValueError(f"unknown card back style: {style!r}")
    if width < theme.CARD_MIN_WIDTH:
        raise ValueError(f"cards are at least {theme.CARD_MIN_WIDTH} px wide, not {width}")
    field, pattern, trim = theme.BACK_STYLES[style]
    c = _Canvas(width)
    c.face(theme.CARD_FACE)
    m = 0.06
    inner = (m, m, 1 - m, c.tall - m)
    # the lattice, clipped to the inner panel by a mask
    lattice = Image.new("RGBA", (c.w, c.h), (*field, 255))
    ld = ImageDraw.Draw(lattice)
    step = 0.1 if width < PIP_LAYOUT_WIDTH else 0.08
    line = max(1, round(c.u(0.012)))
    k = -c.tall
    while k < 1 + c.tall:
        ld.line([(c.u(k), 0), (c.u(k + c.tall), c.h)], fill=pattern, width=line)
        ld.line([(c.u(k + c.tall), 0), (c.u(k), c.h)], fill=pattern, width=line)
        k += step
    mask = Image.new("L", (c.w, c.h), 0)
    ImageDraw.Draw(mask).rounded_rectangle(c.px(inner), radius=c.u(0.045), fill=255)
    c.img.paste(lattice, (0, 0), mask)
    t = 0.05
    c.rect((m + t, m + t, 1 - m - t, c.tall - m - t), None, trim, line=0.016, radius=0.03)
    c.rect((m + t + 0.03, m + t + 0.03, 1 - m - t - 0.03, c.tall - m - t - 0.03), None,
           mix(trim, field, 0.5), line=0.008, radius=0.02)
    cy = c.tall / 2
    d = 0.2
    c.draw.polygon([(c.u(0.5), c.u(cy - d * 1.3)), (c.u(0.5 + d), c.u(cy)), (c.u(0.5), c.u(cy + d * 1.3)),
                    (c.u(0.5 - d), c.u(cy))], fill=field, outline=trim, width=max(1, round(c.u(0.016))))
    c.emblem("sparkle", (0.5 - d * 0.55, cy - d * 0.55, 0.5 + d * 0.55, cy + d * 0.55), trim, field, trim)
    return c.finish()


@lru_cache(maxsize=4)
def small_back(width: int) -> Image.Image:
    """A card back small enough to stand beside a card count, ``width`` px wide (under the
    smallest card :func:`card_back` draws): that card's back, shrunk. Cached and shared."""
    back = card_back(theme.CARD_MIN_WIDTH)
    return back.resize((width, card_height(width)), Image.Resampling.LANCZOS)
