"""Drawing helpers every table image shares: canvas, header, player badges, rows of cards,
status line, recent log, score panels, PNG encoding.

How a table renderer uses them::

    img, draw = layout.canvas(880, height)              # RGB image + a blending ImageDraw
    y = layout.header(img, draw, view["title"], "Deal 2 of 3")
    y = layout.status_line(img, draw, (PAD, y, W - PAD, y + h), layout.named(view, view["status"]))
    layout.badge(img, draw, (x, y), "Ann", colour=layout.seat_colour(0), to_move=True, score=12)
    xs = layout.fan_positions([5, 3], card_width=64, max_width=500, max_step=34, group_gap=10)
    layout.draw_cards(img, cards, xs, y, card_width=64, highlight={...}, dim={...}, raised={...})
    return img                                           # render_table turns it into PNG bytes

The canvas is RGB and ``draw`` blends (``ImageDraw.Draw(img, "RGBA")``), so colours with an
alpha are translucent. Every text goes through :func:`renderers.fonts.draw_text` (no tofu);
every colour and size comes from :mod:`renderers.theme` or from the few table colours below.
Card sprites come from :mod:`renderers.cards` and are pasted, never drawn on.

The fast pattern (a table is drawn some 60 times a second on a busy bot; aim for ~10 ms).
Draw only through these helpers, which cache what repeats from one render to the next: text
is pasted from masks cached per (text, size, stroke, anchor, quarter-pixel start) and widths
are cached (:mod:`renderers.fonts`), card sprites, glows and shadows are built once
(:func:`paste_card`), opaque panels skip blending (:func:`panel`), and :func:`to_png` maps the
picture to one fixed palette (:mod:`renderers.palette`) instead of filtering RGB rows. A new
renderer (1) never calls ``draw.text`` or ``font.getlength`` itself; (2) caches any sprite of
its own with a bounded ``lru_cache`` whose key holds everything that changes its pixels, and
pastes it, never drawing on it; (3) draws the parts that change little from move to move (a
player's cell, a static frame) through :func:`renderers.regions.region`, keyed by everything
the part shows; (4) keeps its drawers pure functions of the view, so nothing leaks from one
view to the next; (5) draws large opaque shapes with :func:`opaque_draw`; (6) adds its warm-up,
if any, to :func:`renderers.warm`; and, if its pictures bring new colours, regenerates the
palette (``python -m renderers.make_palette``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, cast

from PIL import Image, ImageDraw, ImageFilter

from games.core.base import default_names, name_players
from games.core.cards import parse

from . import theme
from .cards import CARD_SPRITES, card_back, card_image
from .fonts import Colour, draw_text, fit_size, text_width
from .palette import encode_png
from .pips import SuitFamily, draw_suit
from .theme import RGB, card_height, mix

Box = tuple[float, float, float, float]
Draw = ImageDraw.ImageDraw

# --- Table colours ---------------------------------------------------------------------------
# One colour per side (or per seat in games without partnerships): distinct from ACCENT
# (the player to move) and HIGHLIGHT (playable cards).
SIDE_COLOURS: tuple[RGB, ...] = ((240, 132, 92), (86, 196, 226), (190, 140, 240), (150, 214, 98),
                                 (238, 120, 176), (230, 196, 92))
PNG_LIMIT = 150_000  # bytes; Discord attachments stay light
LIFT = 12  # how far a raised card rises, px
GLOW = 7  # the glow's reach round a highlighted card, px
INDEX_SHOWN = 0.36  # the fraction of a card's width (under 100 px) that shows its whole index
DIM = 0.4  # how far a dimmed card is darkened toward the felt shadow (0..1)

# Card families and joker variants by game key (a view may also say "family" itself).
TAROT_GAMES = frozenset({"manchester-piccadilly", "manchester-truffle", "scarto", "tarocchi", "conference"})
VARIANTS: dict[str, str] = {"dracula": "dracula", "fscking-ace": "fscking-ace"}


# --- Names and view helpers ------------------------------------------------------------------

def names(view: Mapping[str, Any]) -> list[str]:
    """Player names for the view's seats: ``view["names"]`` where given, else "Player N"."""
    players = int(view.get("players") or 0)
    given = [str(n) for n in (view.get("names") or [])]
    return given + default_names(max(players, len(given)))[len(given):]


def named(view: Mapping[str, Any], text: str) -> str:
    """``text`` with its ``{p0}``.. placeholders replaced by the view's player names and its
    ``{$800}`` amounts in the view's money unit (the guild's choice, which the bot adds)."""
    return name_players(text, names(view), str(view.get("unit") or "dollars"))


def family_of(view: Mapping[str, Any]) -> str:
    """The card family the view's game uses: ``"tarot"`` or ``"standard"``."""
    given = view.get("family")
    if given in ("standard", "tarot"):
        return str(given)
    return "tarot" if view.get("game") in TAROT_GAMES else "standard"


def variant_of(view: Mapping[str, Any]) -> str:
    """How the view's game draws its jokers (``"dracula"``, ``"fscking-ace"`` or ``"standard"``)."""
    return VARIANTS.get(str(view.get("game")), "standard")


class SeatedView:
    """A table's view read once, for a game's table drawer to build on: the seats and their
    names, whether the game is over, whose turn it is and who deals (None if nobody or over),
    the winners once it is over, and per-seat lists padded to every seat."""

    def __init__(self, view: Mapping[str, Any], default_players: int = 2) -> None:
        self.view = view
        self.players = int(view.get("players") or default_players)
        self.names = names(view)
        self.over = bool(view.get("over"))
        turn = view.get("turn")
        self.turn: int | None = turn if isinstance(turn, int) and not self.over else None
        dealer = view.get("dealer")
        self.dealer: int | None = dealer if isinstance(dealer, int) else None
        outcome = view.get("outcome") or {}
        self.winners = {int(s) for s in outcome.get("winners") or []} if self.over else set()

    def per_seat(self, key: str, empty: Any = 0) -> list[Any]:
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
    """A rounded box (the theme's panels, felt areas, frames)."""
    if _opaque(fill) and _opaque(outline):
        draw = opaque_draw(draw)
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=line if outline else 0)


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
              bold: bool = False) -> float:
    """Draw ``text`` with its left end at ``xy`` (vertically centred on ``xy[1]``), its suit
    symbols as suit marks (hearts and diamonds in a red that reads on dark panels); returns
    the width drawn."""
    x, y = xy
    for kind, run in rich_parts(text):
        if kind == "suit":
            h = size * 0.66
            colour = RED_ON_DARK if run in ("H", "D") else fill
            draw_suit(img, run, (x + size * 0.06, y - h / 2 - size * 0.04, x + size * (SUIT_ADVANCE - 0.06),
                                 y + h / 2 - size * 0.04), colour)
            x += size * SUIT_ADVANCE
        else:
            draw_text(draw, (x, y), run, size, fill, anchor="lm", bold=bold)
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


def log_panel(img: Image.Image, draw: Draw, box: Box, lines: Sequence[str], *, title: str = "Recent",
              size: int = theme.SMALL_TEXT_SIZE + 3, empty: str = "Nothing yet", wrap_lines: int = 2) -> None:
    """The last few log ``lines`` (names already put in) that fit ``box``, newest at the
    bottom in full white, older ones muted; each takes up to ``wrap_lines`` lines (then cut
    with "..."). A muted ``title`` on top (empty for none); ``empty`` when there are no lines."""
    x0, y0, x1, y1 = box
    panel(draw, box, theme.PANEL)
    pad = theme.PADDING - 2
    lead = line_height(size)
    y = y0 + pad
    if title:
        draw_text(draw, (x0 + pad, y + size / 2), title.upper(), size - 4, theme.MUTED, anchor="lm", bold=True)
        y += lead
    room = max(0, int((y1 - pad - y) // lead))
    width = x1 - x0 - 2 * pad
    shown: list[tuple[str, bool]] = []  # (line, newest)
    for i, line in enumerate(reversed(list(lines))):
        most = min(wrap_lines, room - len(shown))
        if most <= 0:
            break
        parts = wrap(line, size, width)
        if len(parts) > most:
            parts = parts[: most - 1] + [ellipsize(" ".join(parts[most - 1:]), size, width)]
        shown = [(p, i == 0) for p in parts] + shown
    if not shown and room:
        draw_text(draw, (x0 + pad, y + size / 2), empty, size, theme.MUTED, anchor="lm")
    for part, newest in shown:
        draw_rich(img, draw, (x0 + pad, y + size / 2), part, size, theme.TEXT if newest else theme.MUTED)
        y += lead


# --- Player badges and scores ----------------------------------------------------------------

BADGE_HEIGHT = 40


def badge_width(name: str, *, note: str = "", score: str | int | None = None, to_move: bool = False,
                show_suit: bool = False, size: int = theme.TEXT_SIZE) -> float:
    """The width :func:`badge` takes for this content (when not given a width)."""
    return _badge_fixed(note, score, to_move, show_suit, size) + rich_width(name, size, True)


def _badge_fixed(note: str, score: str | int | None, to_move: bool, show_suit: bool, size: int) -> float:
    score_w = text_width(str(score), size, True) + 28 if score is not None else 0.0
    note_w = text_width(note, size - 2) + 12 if note else 0.0
    chip = BADGE_HEIGHT - 12 + 10 if show_suit else 0
    return 14 + (22 if to_move else 0) + 24 + 10 + chip + note_w + score_w + 6


def badge(img: Image.Image, draw: Draw, xy: tuple[float, float], name: str, *, colour: RGB,
          width: float | None = None, to_move: bool = False, winner: bool = False, note: str = "",
          score: str | int | None = None, suit: str | None = None, show_suit: bool = False,
          family: str = "standard", size: int = theme.TEXT_SIZE) -> Box:
    """A player's name plate at ``xy`` (top left), ``BADGE_HEIGHT`` high; returns its box.

    A dot in the side ``colour``; the name (bold); with ``show_suit`` a suit chip (``suit``,
    or a star for None); ``note`` in muted text ("13 cards"); ``score`` in a box at the right.
    ``to_move`` fills it with the ACCENT colour and adds a pointer; ``winner`` outlines it in
    GOOD. ``width`` fixes the width (the name is shortened to fit), else it fits its content
    (see :func:`badge_width`).
    """
    h = BADGE_HEIGHT
    x, y = xy
    fixed = _badge_fixed(note, score, to_move, show_suit, size)
    if width is None:
        width = fixed + rich_width(name, size, True)
    name = ellipsize(name, size, max(30.0, width - fixed), bold=True)
    box = (x, y, x + width, y + h)
    fill = mix(theme.PANEL, theme.ACCENT, 0.55) if to_move else theme.PANEL
    outline = theme.GOOD if winner else theme.ACCENT if to_move else theme.PANEL_LIGHT
    panel(draw, box, fill, outline, line=3 if (winner or to_move) else 1, radius=h // 2)
    cx = x + 14
    if to_move:  # a pointer: "this one"
        draw.polygon([(cx, y + h / 2 - 9), (cx + 14, y + h / 2), (cx, y + h / 2 + 9)], fill=theme.HIGHLIGHT)
        cx += 22
    draw.ellipse((cx, y + h / 2 - 7, cx + 14, y + h / 2 + 7), fill=colour)
    cx += 24
    cx += draw_rich(img, draw, (cx, y + h / 2), name, size, theme.TEXT, bold=True) + 10
    if show_suit:
        chip = h - 12
        suit_chip(img, draw, (cx, y + 6, cx + chip, y + 6 + chip), suit, family)
        cx += chip + 10
    if note:
        ink = theme.GOOD if winner else theme.TEXT if to_move else theme.MUTED
        draw_text(draw, (cx, y + h / 2), note, size - 2, ink, anchor="lm", bold=winner)
    if score is not None:
        text = str(score)
        sw = text_width(text, size, True) + 22
        sx = x + width - sw - 6
        panel(draw, (sx, y + 5, x + width - 6, y + h - 5), theme.BACKGROUND, radius=(h - 10) // 2)
        draw_text(draw, (sx + sw / 2, y + h / 2), text, size, theme.TEXT, anchor="mm", bold=True)
    return box


def star(draw: Draw, centre: tuple[float, float], radius: float, colour: Colour) -> None:
    """A five-pointed star (a winner's mark, a joker's chip)."""
    cx, cy = centre
    pts = [(cx + (radius if i % 2 == 0 else radius * 0.45) * math.sin(i * math.pi / 5),
            cy - (radius if i % 2 == 0 else radius * 0.45) * math.cos(i * math.pi / 5)) for i in range(10)]
    draw.polygon(pts, fill=colour)


@dataclass(frozen=True)
class ScoreRow:
    """One line of a :func:`score_panel`: a name, its colour, its score (text), an optional muted
    ``note`` under the score and whether it is the winner's line."""

    name: str
    colour: RGB
    score: str
    note: str = ""
    winner: bool = False


def score_panel(img: Image.Image, draw: Draw, box: Box, rows: Sequence[ScoreRow], title: str = "Scores",
                size: int = theme.TEXT_SIZE) -> None:
    """A panel listing ``rows`` (name at the left, score at the right; the winner's line in
    GOOD). Size it with :func:`score_panel_height`."""
    x0, y0, x1, _ = box
    panel(draw, box, theme.PANEL)
    pad = theme.PADDING
    y = y0 + pad
    if title:
        draw_text(draw, (x0 + pad, y + 9), title.upper(), theme.SMALL_TEXT_SIZE, theme.MUTED, anchor="lm", bold=True)
        y += 26
    lead = line_height(size) + 8
    for row in rows:
        mid = y + lead / 2
        if row.winner:
            panel(draw, (x0 + 6, y + 1, x1 - 6, y + lead - 1), rgba_of(theme.GOOD, 60), theme.GOOD, radius=8)
        draw.ellipse((x0 + pad, mid - 7, x0 + pad + 14, mid + 7), fill=row.colour)
        score_w = text_width(row.score, size + 4, True)
        note_w = text_width(row.note, size - 3) + 10 if row.note else 0
        room = x1 - x0 - 2 * pad - 24 - score_w - note_w - 12
        draw_text(draw, (x0 + pad + 24, mid), ellipsize(row.name, size, room, True), size, theme.TEXT,
                  anchor="lm", bold=True)
        draw_text(draw, (x1 - pad, mid), row.score, size + 4, theme.TEXT, anchor="rm", bold=True)
        if row.note:
            draw_text(draw, (x1 - pad - score_w - 10, mid), row.note, size - 3, theme.MUTED, anchor="rm")
        y += lead


def score_panel_height(rows: int, title: bool = True, size: int = theme.TEXT_SIZE) -> int:
    """The height :func:`score_panel` needs for ``rows`` rows."""
    return 2 * theme.PADDING + (26 if title else 0) + rows * (line_height(size) + 8)


def progress_bar(draw: Draw, box: Box, value: float, target: float, colour: RGB, extra: float = 0.0) -> None:
    """A bar filled to ``value / target`` in ``colour``, then ``extra`` more in a paler shade
    (points not yet banked)."""
    x0, y0, x1, y1 = box
    r = round((y1 - y0) / 2)
    panel(draw, box, theme.BACKGROUND, radius=r)
    span = x1 - x0
    if target <= 0:
        return
    a = x0 + span * min(1.0, max(0.0, value / target))
    b = x0 + span * min(1.0, max(0.0, (value + extra) / target))
    if b > a + 1:
        panel(draw, (x0, y0, max(b, x0 + 2 * r), y1), mix(colour, theme.PANEL, 0.55), radius=r)
    if a > x0 + 1:
        panel(draw, (x0, y0, max(a, x0 + 2 * r), y1), colour, radius=r)


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


# --- Cards -----------------------------------------------------------------------------------

def fan_positions(groups: Sequence[int], card_width: int, max_width: float, *, max_step: float | None = None,
                  group_gap: float = 0.0, weights: Sequence[float] | None = None) -> list[float]:
    """Left edges (from 0) of cards laid in an overlapping row no wider than ``max_width``.

    ``groups`` are the sizes of consecutive runs (suits) separated by ``group_gap``; the step
    between cards is at most ``max_step`` (default: the card's width plus ``CARD_GAP``, i.e.
    side by side) and shrinks to fit. Gaps go first when room is short. ``weights`` (one per
    card, default 1) widen the step after some cards: a card of weight 1.5 shows half as much
    again as the others (never more than its whole width).
    """
    sizes = [g for g in groups if g > 0]
    n = sum(sizes)
    if n == 0:
        return []
    top = card_width + theme.CARD_GAP if max_step is None else max_step
    w = [1.0] * n if weights is None else [max(0.1, float(x)) for x in weights]
    units = sum(w[:-1])  # the steps follow every card but the last
    gaps = group_gap * (len(sizes) - 1)
    if n > 1 and (max_width - card_width - gaps) / units < min(top, card_width * INDEX_SHOWN):
        gaps = group_gap = 0.0  # a tight row: no room for gaps between suits
    step = top if n == 1 else min(top, (max_width - card_width - gaps) / units)
    xs: list[float] = []
    x = 0.0
    i = 0
    for gi, size in enumerate(sizes):
        if gi:
            x += group_gap
        for _ in range(size):
            xs.append(x)
            x += min(step * w[i], card_width + theme.CARD_GAP)
            i += 1
    return xs


def row_width(xs: Sequence[float], card_width: int) -> float:
    """The width of a row laid out by :func:`fan_positions`."""
    return (xs[-1] + card_width) if xs else 0.0


def split_rows(cards: Sequence[str], per_row: int, group: Callable[[str], str] | None = None,
               slack: int = 0) -> list[list[str]]:
    """``cards`` in as few rows of at most ``per_row`` as will do, as even as possible (13 at
    13 -> one row; 28 at 14 -> 14 + 14; 15 at 13 -> 8 + 7). With ``group`` a row break falls
    between two groups (suits) where one is near the even break, letting a row hold up to
    ``slack`` cards more than ``per_row`` for it."""
    n = len(cards)
    if not n:
        return []
    rows = math.ceil(n / max(1, per_row))
    target = math.ceil(n / rows)
    most = per_row + slack
    bounds = {i for i in range(1, n) if group is not None and group(cards[i]) != group(cards[i - 1])}
    out: list[list[str]] = []
    start = 0
    for left in range(rows, 0, -1):
        if left == 1:
            out.append(list(cards[start:]))
            break
        ideal = start + math.ceil((n - start) / left)
        fits = [b for b in bounds if start < b <= start + most and n - b <= most * (left - 1)
                and abs(b - ideal) <= max(slack, target / 3)]
        end = min(fits, key=lambda b: (abs(b - ideal), b)) if fits else ideal
        out.append(list(cards[start:end]))
        start = end
    return [row for row in out if row]


@lru_cache(maxsize=CARD_SPRITES)
def _dimmed(token: str, family: str, width: int, variant: str) -> Image.Image:
    card = card_image(token, family, width, variant)
    shade = Image.new("RGBA", card.size, (*theme.FELT_DARK, 255))
    out = Image.blend(card, shade, DIM)
    out.putalpha(card.getchannel("A"))
    return out


@lru_cache(maxsize=64)
def _halo(width: int, reach: int, colour: RGB, alpha: int) -> Image.Image:
    """A soft rounded rectangle ``reach`` px larger than a card on every side (glow, shadow)."""
    h = card_height(width)
    pad = reach * 2
    img = Image.new("RGBA", (width + 2 * pad, h + 2 * pad), (*colour, 0))
    mask = Image.new("L", img.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle(
        (pad - reach // 2, pad - reach // 2, pad + width + reach // 2, pad + h + reach // 2),
        radius=round(width * theme.CARD_RADIUS) + reach // 2, fill=alpha)
    img.putalpha(mask.filter(ImageFilter.GaussianBlur(max(1, reach * 0.6))))
    return img


def paste_card(img: Image.Image, token: str | None, xy: tuple[float, float], *, card_width: int = theme.CARD_WIDTH,
               family: str = "standard", variant: str = "standard", highlight: bool = False, dim: bool = False,
               shadow: bool = True, back: str = "standard") -> Box:
    """Paste one card (``token``; ``None`` for a back of style ``back``) with its top left at
    ``xy``: a soft shadow, a HIGHLIGHT glow with ``highlight``, darkened with ``dim``.
    Returns the card's box."""
    x, y = round(xy[0]), round(xy[1])
    h = card_height(card_width)
    if shadow:
        halo = _halo(card_width, 4, (0, 0, 0), 120)
        off = halo.width - card_width
        img.paste(halo, (x - off // 2 + 2, y - off // 2 + 3), halo)
    if highlight:
        halo = _halo(card_width, GLOW, theme.HIGHLIGHT, 255)
        off = halo.width - card_width
        img.paste(halo, (x - off // 2, y - off // 2), halo)
    if token is None:
        sprite = card_back(card_width, back)
    elif dim:
        sprite = _dimmed(token, family, card_width, variant)
    else:
        sprite = card_image(token, family, card_width, variant)
    img.paste(sprite, (x, y), sprite)
    return (x, y, x + card_width, y + h)


def draw_cards(img: Image.Image, cards: Sequence[str], xs: Sequence[float], y: float, *, card_width: int,
               family: str = "standard", variant: str = "standard", highlight: Iterable[str] = (),
               dim: Iterable[str] = (), raised: Iterable[str] = (), lift: int = LIFT,
               x0: float = 0.0) -> list[Box]:
    """Paste ``cards`` left to right at ``x0 + xs[i]``, tops at ``y`` (``lift`` px higher for
    cards in ``raised``); cards in ``highlight`` glow, cards in ``dim`` are darkened. Leave
    ``lift`` px free above ``y`` when anything may be raised. Returns each card's box."""
    hi, lo, up = set(highlight), set(dim), set(raised)
    boxes: list[Box] = []
    for tok, x in zip(cards, xs, strict=True):
        top = y - (lift if tok in up else 0)
        boxes.append(paste_card(img, tok, (x0 + x, top), card_width=card_width, family=family, variant=variant,
                                highlight=tok in hi, dim=tok in lo and tok not in hi))
    return boxes


def card_row(img: Image.Image, cards: Sequence[str], box: Box, *, card_width: int, family: str = "standard",
             variant: str = "standard", group: Callable[[str], str] | None = None, group_gap: float = 10.0,
             max_step: float | None = None, align: str = "center", highlight: Iterable[str] = (),
             dim: Iterable[str] = (), raised: Iterable[str] = (), lift: int = LIFT) -> list[Box]:
    """:func:`fan_positions` + :func:`draw_cards`: ``cards`` in one overlapping row inside
    ``box`` (x0, y0, x1, y1; the cards' tops at y0 + ``lift``), grouped by ``group`` (e.g.
    :func:`suit_group`), aligned ``"left"``, ``"center"`` or ``"right"``."""
    x0, y0, x1, _ = box
    xs = fan_positions(groups_of(cards, group), card_width, x1 - x0, max_step=max_step, group_gap=group_gap)
    slack = (x1 - x0) - row_width(xs, card_width)
    shift = {"left": 0.0, "center": slack / 2, "right": slack}[align]
    return draw_cards(img, cards, xs, y0 + lift, card_width=card_width, family=family, variant=variant,
                      highlight=highlight, dim=dim, raised=raised, lift=lift, x0=x0 + shift)


def dashed_rect(draw: Draw, box: Box, colour: Colour, width: int, dash: int = 10, gap: int = 6) -> None:
    """A dashed rectangle outline: a place something may go."""
    x0, y0, x1, y1 = box
    edges = [((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)), ((x1, y1), (x0, y1)), ((x0, y1), (x0, y0))]
    for (ax, ay), (bx, by) in edges:
        length = math.hypot(bx - ax, by - ay)
        t = 0.0
        while t < length:
            e = min(length, t + dash)
            draw.line([(ax + (bx - ax) * t / length, ay + (by - ay) * t / length),
                       (ax + (bx - ax) * e / length, ay + (by - ay) * e / length)], fill=colour, width=width)
            t += dash + gap


def empty_slot(draw: Draw, box: Box, label: str = "", colour: RGB = theme.FELT_LIGHT) -> None:
    """A dashed card-shaped outline (an empty pile, a free place) with an optional label."""
    x0, y0, x1, y1 = box
    panel(draw, box, rgba_of(theme.FELT_DARK, 160), None, radius=round((x1 - x0) * theme.CARD_RADIUS))
    dashed_rect(draw, box, colour, 2, dash=8, gap=6)
    if label:
        size = fit_size(label, x1 - x0 - 8, theme.SMALL_TEXT_SIZE + 1, min_size=14)
        draw_text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), label, size, theme.MUTED, anchor="mm")


# --- Output ----------------------------------------------------------------------------------

def to_png(img: Image.Image, limit: int = PNG_LIMIT) -> bytes:
    """``img`` as PNG bytes in the fixed palette (see :mod:`renderers.palette`: a fraction of the
    time and size of an RGB PNG), compressed harder if that is what it takes to stay under
    ``limit`` bytes."""
    return encode_png(img, limit)
