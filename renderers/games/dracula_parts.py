"""Dracula's table measured and in small pieces: the coffin's sizes, the sides, and the small drawings
(emblems, arrows, chips, slots and tiles) the table and the hand share (see
:mod:`renderers.games.dracula`)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from renderers.kit import card_rows, layout, theme
from renderers.kit.emblems import EMBLEMS
from renderers.kit.fonts import draw_text, text_width
from renderers.kit.layout import Box, Draw
from renderers.kit.pips import Pen, fit, paint
from renderers.kit.theme import RGB, card_height, mix

WIDTH = 880
PAD = theme.PADDING
CARD = 96  # the coffin's cards
CARD_H = card_height(CARD)
GAP = 10  # between the coffin's cells
CHIP_W = CARD  # a line's value chip
CHIP_H = 84
CHIP_GAP = 14  # between the grid and the chips
LABEL = theme.SMALL_TEXT_SIZE + 1  # small capitals over areas
LABEL_ROW = 30
FELT_PAD = 14
MINI = theme.CARD_MIN_WIDTH  # the last coffin's small copy
MINI_GAP = 4
SIDE_ROW = 36  # one seat's line in a side's panel
BANNER_H = 108
RIGHT_GAP = 18
CUT_CARD = 62  # the cut's cards
CUT_COL = 112  # a player's column in the cut
CUT_ROUNDS = 2  # the most recent rounds shown

WAYS = {"rows": "Queen's way", "cols": "King's way"}
WAY_WORDS = {"rows": "rows", "cols": "columns"}
RUNG_TEXT = (
    "Best lines differ: each side scores its best.",
    "Best lines tie, so the second best score.",
    "Best and second tie, so the third best score.",
)
BLOOD: RGB = (236, 72, 84)  # a drained line's 0 on a dark chip
NAIL: RGB = (206, 210, 220)

GRID_W = 3 * CARD + 2 * GAP
GRID_H = 3 * CARD_H + 2 * GAP
BLOCK_W = GRID_W + CHIP_GAP + CHIP_W
BLOCK_H = LABEL_ROW + GRID_H + CHIP_GAP + CHIP_H
FELT_H = BLOCK_H + 2 * FELT_PAD


@dataclass(frozen=True)
class Side:
    index: int
    seats: list[int]
    colour: RGB
    way: str | None  # "rows", "cols" or None before the choice
    score: int
    name: str  # "Ann" or "Ann & Cyrille"

# --- small drawings --------------------------------------------------------------------------

@lru_cache(maxsize=32)
def _emblem_mask(name: str, width: int, height: int) -> Image.Image:
    fn, ratio = EMBLEMS[name]
    ss = 4
    big = Image.new("L", (width * ss, height * ss), 0)
    x0, y0, _, y1 = fit((0, 0, width * ss, height * ss), ratio)
    fn(Pen(ImageDraw.Draw(big), x0, y0, y1 - y0, ratio, 1.0), 255, 0, 0)
    return big.reduce(ss)


def emblem(img: Image.Image, name: str, box: Box, colour: RGB) -> None:
    """An emblem (the bat) fitted in ``box`` in one colour."""
    x0, y0 = round(box[0]), round(box[1])
    w, h = max(1, round(box[2]) - x0), max(1, round(box[3]) - y0)
    paint(img, _emblem_mask(name, w, h), (x0, y0), colour)


def double_arrow(draw: Draw, centre: tuple[float, float], length: float, vertical: bool, colour: RGB,
                 width: int = 4, head: float | None = None) -> None:
    """A drawn two-headed arrow (the font has no arrows): across for rows, up and down for columns."""
    cx, cy = centre
    half = length / 2
    head = max(5.0, length * 0.28) if head is None else head
    wing = head * 0.8
    if vertical:
        draw.line([(cx, cy - half + head * 0.6), (cx, cy + half - head * 0.6)], fill=colour, width=width)
        draw.polygon([(cx, cy - half), (cx - wing, cy - half + head), (cx + wing, cy - half + head)], fill=colour)
        draw.polygon([(cx, cy + half), (cx - wing, cy + half - head), (cx + wing, cy + half - head)], fill=colour)
    else:
        draw.line([(cx - half + head * 0.6, cy), (cx + half - head * 0.6, cy)], fill=colour, width=width)
        draw.polygon([(cx - half, cy), (cx - half + head, cy - wing), (cx - half + head, cy + wing)], fill=colour)
        draw.polygon([(cx + half, cy), (cx + half - head, cy - wing), (cx + half - head, cy + wing)], fill=colour)


def way_icon(draw: Draw, box: Box, way: str | None, colour: RGB) -> None:
    """A rounded square in the side's colour with its way's arrow (a "?" before the choice)."""
    x0, y0, x1, y1 = box
    if way is None:
        layout.panel(draw, box, theme.BACKGROUND, theme.PANEL_LIGHT, line=2, radius=10)
        draw_text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), "?", 30, theme.MUTED, anchor="mm", bold=True)
        return
    layout.panel(draw, box, colour, radius=10)
    double_arrow(draw, ((x0 + x1) / 2, (y0 + y1) / 2), (x1 - x0) * 0.7, way == "cols", theme.PANEL, 5)


def owner_label(draw: Draw, centre: tuple[float, float], way: str, colour: RGB) -> None:
    """"ROWS" with an arrow across, or "COLS" with one up and down, in the scorer's colour."""
    text = "ROWS" if way == "rows" else "COLS"
    size = LABEL
    tw = text_width(text, size, True)
    total = 22 + 6 + tw
    x = centre[0] - total / 2
    double_arrow(draw, (x + 11, centre[1]), 22, way == "cols", colour, 3)
    draw_text(draw, (x + 28, centre[1]), text, size, colour, anchor="lm", bold=True)


def dealer_chip(draw: Draw, centre: tuple[float, float]) -> None:
    """A round gold "D": the dealer."""
    cx, cy = centre
    draw.ellipse((cx - 13, cy - 13, cx + 13, cy + 13), fill=theme.HIGHLIGHT)
    draw_text(draw, (cx, cy + 1), "D", theme.SMALL_TEXT_SIZE, theme.PANEL, anchor="mm", bold=True)


def hand_count(draw: Draw, right_mid: tuple[float, float], n: int, ink: RGB) -> float:
    """A small card back and the number of cards in a hand, ending at ``right_mid``; returns its width."""
    x1, mid = right_mid
    size = theme.TEXT_SIZE
    text = str(n)
    tw = text_width(text, size, True)
    field, _, trim = theme.BACK_STYLES["standard"]
    bx = x1 - tw - 6 - 18
    draw.rounded_rectangle((bx, mid - 12, bx + 18, mid + 12), radius=3, fill=field, outline=trim, width=2)
    draw_text(draw, (x1, mid), text, size, ink, anchor="rm", bold=True)
    return tw + 6 + 18


def centre_frame(draw: Draw, box: Box) -> None:
    """A pale frame round the centre card, the coffin's first nail."""
    x0, y0, x1, y1 = box
    m = 5
    draw.rounded_rectangle((x0 - m, y0 - m, x1 + m, y1 + m), radius=round(CARD * theme.CARD_RADIUS) + m,
                           outline=layout.rgba_of(NAIL, 200), width=3)


def nail(draw: Draw, centre: tuple[float, float]) -> None:
    """A nail head driven into the top of the centre card."""
    cx, cy = centre
    r = 9
    draw.ellipse((cx - r + 1, cy - r + 2, cx + r + 1, cy + r + 2), fill=(0, 0, 0, 120))
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(150, 154, 166), outline=(70, 72, 80), width=2)
    draw.ellipse((cx - r + 4, cy - r + 4, cx + r - 6, cy + r - 6), fill=(236, 238, 244))


def legal_slot(draw: Draw, box: Box, label: str = "") -> None:
    """A free cell where the viewer may place: a soft glow, a dashed gold outline and a "+"."""
    x0, y0, x1, y1 = box
    radius = round(CARD * theme.CARD_RADIUS)
    for k, alpha in ((9, 26), (6, 40), (3, 60)):
        draw.rounded_rectangle((x0 - k, y0 - k, x1 + k, y1 + k), radius=radius + k,
                               outline=layout.rgba_of(theme.HIGHLIGHT, alpha), width=3)
    draw.rounded_rectangle(box, radius=radius, fill=layout.rgba_of(theme.HIGHLIGHT, 34))
    card_rows.dashed_rect(draw, box, theme.HIGHLIGHT, 3, dash=12, gap=7)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2 - (8 if label else 0)
    arm, t = 20, 4
    draw.rounded_rectangle((cx - arm, cy - t, cx + arm, cy + t), radius=t, fill=theme.HIGHLIGHT)
    draw.rounded_rectangle((cx - t, cy - arm, cx + t, cy + arm), radius=t, fill=theme.HIGHLIGHT)
    if label:
        draw_text(draw, (cx, cy + arm + 18), label, theme.SMALL_TEXT_SIZE, theme.HIGHLIGHT, anchor="mm", bold=True)


def way_tile(draw: Draw, box: Box, way: str, legal: bool) -> None:
    """One choice of way: a small grid with its lines marked, the name and what it scores."""
    x0, y0, x1, _ = box
    outline = theme.HIGHLIGHT if legal else theme.PANEL_LIGHT
    layout.panel(draw, box, theme.PANEL, outline, line=3 if legal else 2, radius=theme.RADIUS + 2)
    # a 3x3 grid of little cards with an arrow along each scored line
    cell_w, cell_h, g = 18, 24, 6
    gw, gh = 3 * cell_w + 2 * g, 3 * cell_h + 2 * g
    gx, gy = (x0 + x1) / 2 - gw / 2, y0 + 18
    face = mix(theme.CARD_FACE, theme.PANEL, 0.45)
    for r in range(3):
        for c in range(3):
            cx, cy = gx + c * (cell_w + g), gy + r * (cell_h + g)
            draw.rounded_rectangle((cx, cy, cx + cell_w, cy + cell_h), radius=3, fill=face)
    ink = theme.HIGHLIGHT if legal else theme.TEXT
    for k in range(3):
        if way == "rows":
            double_arrow(draw, (gx + gw / 2, gy + k * (cell_h + g) + cell_h / 2), gw + 18, False, ink, 3, head=8)
        else:
            double_arrow(draw, (gx + k * (cell_w + g) + cell_w / 2, gy + gh / 2), gh + 18, True, ink, 3, head=8)
    mid = (x0 + x1) / 2
    ty = gy + gh + 24
    draw_text(draw, (mid, ty), WAYS[way], theme.TEXT_SIZE, theme.TEXT, anchor="mm", bold=True)
    draw_text(draw, (mid, ty + 28), f"scores {WAY_WORDS[way]}", theme.TEXT_SIZE - 2, theme.MUTED, anchor="mm")
