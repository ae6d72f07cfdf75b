"""Drawing helpers every table image shares: canvas, panels and text, header, status line,
banner, PNG encoding; the recent log is :mod:`renderers.kit.log_panel`, rows of cards are
:mod:`renderers.kit.card_rows`, players' badges and score panels :mod:`renderers.kit.badges`.

How a table renderer uses them::

    img, draw = layout.canvas(*shown.COPY_SIZE)         # RGB image + a blending ImageDraw (Discord's box)
    y = layout.header(img, draw, view["title"], "Deal 2 of 3")
    y = layout.status_line(img, draw, (PAD, y, W - PAD, y + h), layout.named(view, view["status"]))
    badges.badge(img, draw, (x, y), "Ann", colour=layout.seat_colour(0), to_move=True, score=12)
    xs = card_rows.fan_positions([5, 3], card_width=72, max_width=500, max_step=34, group_gap=10)
    card_rows.draw_cards(img, cards, xs, y, card_width=72, highlight={...}, dim={...}, raised={...})
    return img                                           # render_table turns it into PNG bytes

The canvas is RGB and ``draw`` blends (``ImageDraw.Draw(img, "RGBA")``), so colours with an
alpha are translucent. Every text goes through :func:`renderers.kit.fonts.draw_text` (no tofu);
every colour and size comes from :mod:`renderers.kit.theme` or from the few table colours below.
Card sprites come from :mod:`renderers.kit.cards` and are pasted, never drawn on.

The fast pattern (a table is drawn some 60 times a second on a busy bot; aim for ~10 ms).
Draw only through these helpers, which cache what repeats from one render to the next: text
is pasted from masks cached per (text, size, stroke, anchor, quarter-pixel start) and widths
are cached (:mod:`renderers.kit.fonts`), card sprites, glows and shadows are built once
(:func:`renderers.kit.card_rows.paste_card`), opaque panels skip blending (:func:`panel`), and :func:`to_png` maps the
picture to one fixed palette (:mod:`renderers.kit.palette`) instead of filtering RGB rows. A new
renderer (1) never calls ``draw.text`` or ``font.getlength`` itself; (2) caches any sprite of
its own with a bounded ``lru_cache`` whose key holds everything that changes its pixels, and
pastes it, never drawing on it; (3) draws the parts that change little from move to move (a
player's cell, a static frame) through :func:`renderers.kit.regions.region`, keyed by everything
the part shows; (4) keeps its drawers pure functions of the view, so nothing leaks from one
view to the next; (5) draws large opaque shapes with :func:`opaque_draw`; (6) adds its warm-up,
if any, to :func:`renderers.warm`; (7) lays its pictures out for the box Discord shows them in
(:mod:`renderers.kit.shown`: ``COPY_SIZE``, face-up cards at least ``COPY_CARD_WIDTH`` wide, text at
least ``COPY_TEXT_MIN``; ``tests/renderers/test_shown.py`` checks every game); and, if its pictures
bring new colours, regenerates the palette (``python -m renderers.tools.make_palette``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any, cast

from PIL import Image, ImageDraw

from games.core import registry
from games.core.base import Rules, default_names, name_players
from games.core.cards import parse
from games.core.errors import UnknownGame
from games.core.views import shared
from renderers.kit import theme
from renderers.kit.fonts import Colour, draw_text, fit_size, text_width
from renderers.kit.palette import encode_png
from renderers.kit.pips import SuitFamily, draw_suit
from renderers.kit.theme import RGB

Box = tuple[float, float, float, float]
Draw = ImageDraw.ImageDraw

# --- Table colours ---------------------------------------------------------------------------
# One colour per side (or per seat in games without partnerships): distinct from ACCENT
# (the player to move) and HIGHLIGHT (playable cards).
SIDE_COLOURS: tuple[RGB, ...] = ((240, 132, 92), (86, 196, 226), (190, 140, 240), (150, 214, 98),
                                 (238, 120, 176), (230, 196, 92))
PNG_LIMIT = 100_000  # bytes: a larger picture is saved again, harder (see renderers.kit.palette)
LIFT = 12  # how far a raised card rises, px
GLOW = 7  # the glow's reach round a highlighted card, px
INDEX_SHOWN = 0.36  # the fraction of a card's width (under 100 px) that shows its whole index
DIM = 0.4  # how far a dimmed card is darkened toward the felt shadow (0..1)



# --- Names and view helpers ------------------------------------------------------------------

def names(view: Mapping[str, Any]) -> list[str]:
    """Player names for the view's seats: ``view["names"]`` where given, else "Player N"."""
    players = int(shared(view).get("players") or 0)
    given = [str(n) for n in (shared(view).get("names") or [])]
    return given + default_names(max(players, len(given)))[len(given):]


def named(view: Mapping[str, Any], text: str) -> str:
    """``text`` with its ``{p0}``.. placeholders replaced by the view's player names and its
    ``{$800}`` amounts in the view's money unit (the guild's choice, which the bot adds)."""
    return name_players(text, names(view), str(shared(view).get("unit") or "dollars"))


def _rules_of(view: Mapping[str, Any]) -> Rules | None:
    """The view's game's rules, as the registry knows them (None for a view of no known game)."""
    try:
        return registry.get(str(shared(view).get("game")))
    except UnknownGame:
        return None


def family_of(view: Mapping[str, Any]) -> str:
    """The card family the view's game uses: ``"tarot"`` or ``"standard"`` (its rules' card order;
    a view may also say ``"family"`` itself)."""
    given = shared(view).get("family")
    if given in ("standard", "tarot"):
        return str(given)
    rules = _rules_of(view)
    return rules.card_order.family if rules is not None else "standard"


def variant_of(view: Mapping[str, Any]) -> str:
    """How the view's game draws its jokers (its rules' ``card_variant``: ``"dracula"``,
    ``"fscking-ace"`` or ``"standard"``)."""
    rules = _rules_of(view)
    return rules.card_variant if rules is not None else "standard"


class SeatedView:
    """A table's view read once, for a game's table drawer to build on: the seats and their
    names, whether the game is over, whose turn it is and who deals (None if nobody or over),
    the winners once it is over, and per-seat lists padded to every seat."""

    def __init__(self, view: Mapping[str, Any], default_players: int = 2) -> None:
        self.view = view
        seen = shared(view)
        self.players = seen.get("players") or default_players
        self.names = names(view)
        self.over = seen.get("over", False)
        self.turn: int | None = None if self.over else seen.get("turn")
        self.dealer: int | None = seen.get("dealer")
        outcome = seen.get("outcome")
        self.winners = set(outcome["winners"]) if self.over and outcome else set()

    def per_seat(self, key: str, empty: Any = 0) -> list[Any]:
        """A game's own list of one item a seat (``key`` is the game's), padded to every seat."""
        given = list(self.view.get(key) or [])
        return given + [empty] * (self.players - len(given))

    def name(self, seat: int | None) -> str:
        return self.names[seat] if seat is not None and 0 <= seat < len(self.names) else "?"


def plural(n: int, word: str) -> str:
    """``1 card``, ``3 cards``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def seat_colour(index: int) -> RGB:
    """The colour of side (or seat) ``index``."""
    return SIDE_COLOURS[index % len(SIDE_COLOURS)]


def suit_group(family: str = "standard") -> Callable[[str], str]:
    """A grouping key for :func:`fan_positions`: a card's suit, or its kind (joker, trump …)."""
    def key(token: str) -> str:
        card = parse(token, cast(Any, family))
        return card.suit if card.kind == "suit" else card.kind
    return key


def groups_of(cards: Sequence[str], key: Callable[[str], str] | None) -> list[int]:
    """Sizes of the runs of consecutive ``cards`` with the same ``key`` (one run if no key)."""
    if not cards:
        return []
    if key is None:
        return [len(cards)]
    sizes: list[int] = []
    last: str | None = None
    for tok in cards:
        k = key(tok)
        if sizes and k == last:
            sizes[-1] += 1
        else:
            sizes.append(1)
        last = k
    return sizes


# --- Canvas, text and panels -----------------------------------------------------------------

def canvas(width: int, height: int, colour: RGB = theme.BACKGROUND) -> tuple[Image.Image, Draw]:
    """A ``width`` x ``height`` RGB image in the theme background and an ImageDraw that blends
    translucent colours."""
    img = Image.new("RGB", (int(width), int(height)), colour)
    return img, ImageDraw.Draw(img, "RGBA")


def panel(draw: Draw, box: Box, fill: Colour | None = theme.PANEL, outline: Colour | None = None,
          line: int = 2, radius: int = theme.RADIUS) -> None:
    """A rounded box (the theme's panels, felt areas, frames). An opaque one on an RGB picture is
    pasted from cached pieces (the same pixels in a third of the time: a copy has a dozen)."""
    image = draw._image
    if _opaque(fill) and _opaque(outline):
        if image.mode == "RGB" and fill is not None and all(float(v).is_integer() for v in box):
            x0, y0, x1, y1 = (int(v) for v in box)
            if x1 > x0 and y1 > y0:
                for piece, (dx, dy), mask in _panel_pieces(x1 - x0 + 1, y1 - y0 + 1, _rgb(fill),
                                                          None if outline is None else _rgb(outline), line, radius):
                    image.paste(piece, (x0 + dx, y0 + dy), mask)
                return
        draw = opaque_draw(draw)
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=line if outline else 0)


def _rgb(colour: Colour) -> RGB:
    return (colour[0], colour[1], colour[2])


Piece = tuple[Image.Image, tuple[int, int], Image.Image | None]


@lru_cache(maxsize=512)
def _panel_pieces(width: int, height: int, fill: RGB, outline: RGB | None, line: int, radius: int) -> tuple[Piece, ...]:
    """An opaque panel drawn once, cut for pasting: its four corners with their shape as a mask
    (the background shows around the curve), the rest plain (a masked paste of a whole panel is
    slower than drawing it). Together they put the very pixels ``rounded_rectangle`` would."""
    shape = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    ImageDraw.Draw(shape).rounded_rectangle((0, 0, width - 1, height - 1), radius=radius, fill=(*fill, 255),
                                           outline=None if outline is None else (*outline, 255),
                                           width=line if outline else 0)
    rgb, alpha = shape.convert("RGB"), shape.getchannel("A")
    r = min(radius, width // 2, height // 2)
    cuts = [(0, 0, width, height)] if r <= 0 else [
        (0, 0, r, r), (r, 0, width - r, r), (width - r, 0, width, r),  # the top band
        (0, r, width, height - r),  # the middle, the full width
        (0, height - r, r, height), (r, height - r, width - r, height), (width - r, height - r, width, height)]
    pieces: list[Piece] = []
    for cut in cuts:
        if cut[2] <= cut[0] or cut[3] <= cut[1]:
            continue
        mask = alpha.crop(cut)
        lowest, _ = mask.getextrema()
        pieces.append((rgb.crop(cut), (cut[0], cut[1]), None if lowest == 255 else mask))
    return tuple(pieces)


def _opaque(colour: Colour | None) -> bool:
    return colour is None or len(colour) == 3 or colour[3] == 255


def opaque_draw(draw: Draw) -> Draw:
    """A draw on the same RGB image that replaces pixels instead of blending them: the same
    pixels for opaque colours, drawn about eight times faster (Pillow blends every pixel of a
    blending draw's fill, even at full alpha)."""
    image = draw._image
    return ImageDraw.Draw(image) if image.mode == "RGB" else draw


@lru_cache(maxsize=4096)
def ellipsize(text: str, size: int, max_width: float, bold: bool = False) -> str:
    """``text``, cut with "..." if it is wider than ``max_width`` at ``size`` (measured as
    :func:`draw_rich` draws it, which is as :func:`draw_text` does for text without suits):
    the longest start of it that fits with the dots."""
    if rich_width(text, size, bold) <= max_width:
        return text

    def fits(n: int) -> bool:
        return rich_width(text[:n].rstrip() + "...", size, bold) <= max_width

    # A longer start is never narrower, so halving finds it in a few measures, not one a letter.
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        lo, hi = (mid, hi) if fits(mid) else (lo, mid - 1)
    cut = text[:lo]
    return cut.rstrip() + "..." if cut else ""


def wrap(text: str, size: int, max_width: float, bold: bool = False) -> list[str]:
    """``text`` broken into lines no wider than ``max_width`` at ``size`` (at word breaks;
    a word too long for a line is cut with "...")."""
    return list(_wrapped(text, size, max_width, bold))


@lru_cache(maxsize=2048)
def _wrapped(text: str, size: int, max_width: float, bold: bool) -> tuple[str, ...]:
    # Cached: a log line is measured word by word once, then redrawn move after move as is.
    lines: list[str] = []
    for paragraph in text.split("\n"):
        whole = " ".join(paragraph.split())
        if rich_width(whole, size, bold) <= max_width:  # one line: no start of it is wider, so none is measured
            lines.append(whole)
            continue
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}" if line else word
            if line and rich_width(trial, size, bold) > max_width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return tuple(ellipsize(line, size, max_width, bold) for line in lines)


def line_height(size: int) -> int:
    """The distance between the baselines of two lines of ``size`` px text."""
    return round(size * 1.25)


def suit_chip(img: Image.Image, draw: Draw, box: Box, suit: str | None, family: str = "standard") -> None:
    """A small card-white rounded square holding a suit mark (``None``: a joker's star)."""
    panel(draw, box, theme.CARD_FACE, theme.CARD_BORDER, line=1, radius=max(3, round((box[3] - box[1]) / 5)))
    x0, y0, x1, y1 = box
    m = (y1 - y0) * 0.18
    inner = (x0 + m, y0 + m, x1 - m, y1 - m)
    if suit is None:
        star(draw, ((x0 + x1) / 2, (y0 + y1) / 2 + (y1 - y0) * 0.03), (y1 - y0) / 2 - m * 0.6,
             theme.JOKER_COLOURS[1])
        return
    red = suit in ("H", "D")
    colour = (theme.TAROT_SUIT_COLOURS[suit] if family == "tarot"
              else theme.RED_SUIT if red else theme.BLACK_SUIT)
    draw_suit(img, suit, inner, colour, cast(SuitFamily, family))


def draw_number(draw: Draw, xy: tuple[float, float], value: float, size: int, fill: Colour,
                anchor: str = "mm", parts: int = 2) -> None:
    """A number that may end in a fraction of ``parts`` (halves by default, thirds for Busca),
    the fraction as small stacked numerals ("10½", "3⅔" without the font's missing glyphs).
    ``anchor`` is ``"lm"``, ``"mm"`` or ``"rm"`` (vertical middle)."""
    whole = math.floor(value + 1e-9)
    numerator = round((value - whole) * parts)
    if numerator >= parts:
        whole, numerator = whole + 1, 0
    text = str(whole) if (whole or not numerator) else ""
    w_whole = text_width(text, size, bold=True) if text else 0.0
    small = max(10, round(size * 0.36))
    w_part = small * 1.25 if numerator else 0.0
    total = w_whole + (size * 0.06 if text and numerator else 0) + w_part
    x = xy[0] - {"l": 0.0, "m": total / 2, "r": total}[anchor[0]]
    y = xy[1]
    if text:
        draw_text(draw, (x, y), text, size, fill, anchor="lm", bold=True)
    if numerator:
        hx = x + total - w_part / 2
        draw_text(draw, (hx, y - small * 0.62), str(numerator), small, fill, anchor="mm", bold=True)
        draw.line([(hx - small * 0.55, y), (hx + small * 0.55, y)], fill=fill, width=max(2, small // 7))
        draw_text(draw, (hx, y + small * 0.68), str(parts), small, fill, anchor="mm", bold=True)


def pill(draw: Draw, xy: tuple[float, float], text: str, size: int = theme.SMALL_TEXT_SIZE + 3,
         fill: Colour = theme.PANEL, ink: Colour = theme.TEXT, outline: Colour | None = None,
         anchor: str = "mm", bold: bool = True) -> Box:
    """A rounded label (``anchor`` places it like text: ``"lm"``, ``"mm"``, ``"rm"``); returns its box."""
    w = text_width(text, size, bold) + size * 0.9
    h = size * 1.5
    x = xy[0] - {"l": 0.0, "m": w / 2, "r": w}[anchor[0]]
    box = (x, xy[1] - h / 2, x + w, xy[1] + h / 2)
    panel(draw, box, fill, outline, line=2, radius=round(h / 2))
    draw_text(draw, (x + w / 2, xy[1]), text, size, ink, anchor="mm", bold=bold)
    return box


# --- Text with suit marks ---------------------------------------------------------------------
# The font has no suit glyphs: in log and status lines "7♥" is drawn as "7" and a heart mark.
SUIT_SYMBOLS: dict[str, str] = {"\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C"}
RED_ON_DARK: RGB = (255, 112, 112)  # hearts and diamonds on a dark panel
SUIT_ADVANCE = 0.78  # a suit mark's advance, as a fraction of the text size


@lru_cache(maxsize=4096)
def rich_parts(text: str) -> tuple[tuple[str, str], ...]:
    """``text`` as runs: ("text", run) and ("suit", letter) for each suit symbol."""
    parts: list[tuple[str, str]] = []
    run = ""
    for ch in text:
        if ch in SUIT_SYMBOLS:
            if run:
                parts.append(("text", run))
                run = ""
            parts.append(("suit", SUIT_SYMBOLS[ch]))
        else:
            run += ch
    if run:
        parts.append(("text", run))
    return tuple(parts)


@lru_cache(maxsize=8192)
def rich_width(text: str, size: int, bold: bool = False) -> float:
    """The width :func:`draw_rich` takes for ``text``."""
    return sum(size * SUIT_ADVANCE if kind == "suit" else text_width(run, size, bold)
               for kind, run in rich_parts(text))


def draw_rich(img: Image.Image, draw: Draw, xy: tuple[float, float], text: str, size: int, fill: RGB,
              bold: bool = False, cached: bool = True) -> float:
    """Draw ``text`` with its left end at ``xy`` (vertically centred on ``xy[1]``), its suit
    symbols as suit marks (hearts and diamonds in a red that reads on dark panels); returns
    the width drawn. A text drawn once (an animation's captions) passes ``cached=False``, as
    :func:`banner` does, so that it does not push the tables' texts out of the mask cache."""
    x, y = xy
    for kind, run in rich_parts(text):
        if kind == "suit":
            h = size * 0.66
            colour = RED_ON_DARK if run in ("H", "D") else fill
            draw_suit(img, run, (x + size * 0.06, y - h / 2 - size * 0.04, x + size * (SUIT_ADVANCE - 0.06),
                                 y + h / 2 - size * 0.04), colour)
            x += size * SUIT_ADVANCE
        else:
            draw_text(draw, (x, y), run, size, fill, anchor="lm", bold=bold, cached=cached)
            x += text_width(run, size, bold)
    return x - xy[0]


# --- Header, status, log ---------------------------------------------------------------------

HEADER_HEIGHT = 56


def header(img: Image.Image, draw: Draw, title: str, subtitle: str = "", height: int = HEADER_HEIGHT) -> int:
    """The bar across the top: the game's title at the left, ``subtitle`` (deal, options) at
    the right in muted text. Returns the y just below it."""
    w = img.width
    draw.rectangle((0, 0, w, height), fill=theme.PANEL)
    draw.line([(0, height - 1), (w, height - 1)], fill=theme.PANEL_LIGHT, width=2)
    pad = theme.PADDING + 4
    tsize = theme.TITLE_SIZE
    draw_text(draw, (pad, height / 2), title, tsize, theme.TEXT, anchor="lm", bold=True)
    if subtitle:
        room = w - 2 * pad - text_width(title, tsize, True) - 24
        size = theme.TEXT_SIZE
        draw_text(draw, (w - pad, height / 2), ellipsize(subtitle, size, room), size, theme.MUTED, anchor="rm")
    return height


def status_lines(text: str, width: float, size: int = theme.TEXT_SIZE, max_lines: int = 2) -> list[str]:
    """How :func:`status_line` breaks ``text`` for a box ``width`` wide."""
    lines = wrap(text, size, width - 2 * theme.PADDING - 18)
    if len(lines) > max_lines:
        lines = lines[: max_lines - 1] + [ellipsize(" ".join(lines[max_lines - 1:]), size,
                                                    width - 2 * theme.PADDING - 18)]
    return lines


def status_height(text: str, width: float, size: int = theme.TEXT_SIZE, max_lines: int = 2) -> int:
    """The height :func:`status_line` needs for ``text`` in a box ``width`` wide."""
    return len(status_lines(text, width, size, max_lines)) * line_height(size) + 2 * (theme.PADDING - 2)


def status_line(img: Image.Image, draw: Draw, box: Box, text: str, *, colour: RGB = theme.ACCENT,
                size: int = theme.TEXT_SIZE, max_lines: int = 2, ink: RGB = theme.TEXT) -> None:
    """``text`` (names already put in) in a panel with a stripe of ``colour`` at its left:
    ACCENT while someone is to move, GOOD for a result. Wraps to ``max_lines`` lines; size the
    box with :func:`status_height`."""
    x0, y0, x1, y1 = box
    panel(draw, box, theme.PANEL)
    draw.rounded_rectangle((x0, y0, x0 + 8, y1), radius=4, fill=colour)
    lines = status_lines(text, x1 - x0, size, max_lines)
    lead = line_height(size)
    top = (y0 + y1) / 2 - lead * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        draw_rich(img, draw, (x0 + theme.PADDING + 12, top + i * lead), line, size, ink,
                  bold=i == 0 and len(lines) == 1)


def star(draw: Draw, centre: tuple[float, float], radius: float, colour: Colour) -> None:
    """A five-pointed star (a winner's mark, a joker's chip)."""
    cx, cy = centre
    pts = [(cx + (radius if i % 2 == 0 else radius * 0.45) * math.sin(i * math.pi / 5),
            cy - (radius if i % 2 == 0 else radius * 0.45) * math.cos(i * math.pi / 5)) for i in range(10)]
    draw.polygon(pts, fill=colour)


def rgba_of(colour: RGB, alpha: int) -> tuple[int, int, int, int]:
    """``colour`` with ``alpha`` (for translucent fills on the blending draw)."""
    return theme.rgba(colour, alpha)


def banner(img: Image.Image, draw: Draw, box: Box, title: str, detail: str, colour: RGB = theme.GOOD,
           cached: bool = True) -> None:
    """A result panel: a small muted ``title`` ("GAME OVER") over ``detail`` in big ``colour``
    text (shrunk to fit the box's width). A picture drawn once (a hand's end, whose figures
    change from hand to hand) passes ``cached=False``: its texts are drawn by Pillow directly,
    without keeping masks that would not be drawn again (the same pixels: in a box of whole
    pixels the texts start on half pixels, where cached masks draw what Pillow draws)."""
    x0, y0, x1, y1 = box
    panel(draw, box, theme.PANEL, colour, line=3, radius=theme.RADIUS + 4)
    mid = (x0 + x1) / 2
    size = fit_size(detail, x1 - x0 - 2 * theme.PADDING, theme.TITLE_SIZE + 6, min_size=theme.TEXT_SIZE, bold=True)
    lines = wrap(detail, size, x1 - x0 - 2 * theme.PADDING, bold=True)[:2]
    total = 30 + len(lines) * line_height(size)
    y = (y0 + y1) / 2 - total / 2
    draw_text(draw, (mid, y + 10), title.upper(), theme.SMALL_TEXT_SIZE + 1, theme.MUTED, anchor="mm", bold=True,
              cached=cached)
    y += 30
    for line in lines:
        draw_text(draw, (mid, y + line_height(size) / 2), line, size, colour, anchor="mm", bold=True, cached=cached)
        y += line_height(size)


# --- Output ----------------------------------------------------------------------------------

def to_png(img: Image.Image, limit: int = PNG_LIMIT) -> bytes:
    """``img`` as PNG bytes in the fixed palette (see :mod:`renderers.kit.palette`: a fraction of the
    time and size of an RGB PNG), compressed harder if that is what it takes to stay under
    ``limit`` bytes."""
    return encode_png(img, limit)
