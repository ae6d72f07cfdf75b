"""The seats of a Bullshit player's copy (:mod:`renderers.games.bullshit.copy`) and of the table: a
strip of chips, one a seat in seat order, one row up to five seats and two from six, each with the
seat's colour, its name and the cards it holds. A row is shared out by the names' widths, so that at
ten seats "Bartholomew" takes the room "Eve" does not need (:func:`share`, for any row of labels).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from renderers.games.bullshit.parts import ordinal
from renderers.kit import layout, shown, theme
from renderers.kit.fonts import draw_text, text_width
from renderers.kit.layout import Box, Draw
from renderers.kit.names import fit_name
from renderers.kit.theme import mix

LABEL = shown.COPY_TEXT_MIN
CHIP_H = 28
CHIP_GAP = 4
ROW_GAP = 4


@dataclass(frozen=True)
class Chip:
    """What a seat's chip shows (a region's key: everything :func:`paint_chip` reads)."""

    seat: int
    name: str
    cards: int
    nxt: bool = False  # plays next
    waiting: bool = False  # may still call the play on the table
    winner: bool = False
    out: bool = False
    place: int = 0  # once out, with places kept
    mine: bool = False  # the member's own seat


def strip_height(players: int) -> int:
    """The height of the strip for ``players`` seats."""
    rows = 1 if players <= 5 else 2
    return rows * CHIP_H + (rows - 1) * ROW_GAP


def paste_chips(img: Image.Image, box: Box, chips: Sequence[Chip]) -> None:
    """The seats in one or two rows of chips, in seat order, each row shared out by the names'
    widths (at ten seats "Bartholomew" takes room that "Eve" does not need). ``box`` lies on the
    plain background; each chip is a sprite kept per content and width (one or two change a move)."""
    x0, y0, x1, _ = (round(v) for v in box)
    rows = 1 if len(chips) <= 5 else 2
    per_row = math.ceil(len(chips) / rows)
    for r in range(rows):
        row = chips[r * per_row:(r + 1) * per_row]
        fixed = [chip_fixed(chip) for chip in row]
        names = [text_width(chip.name, LABEL, True) for chip in row]
        room = x1 - x0 - CHIP_GAP * (len(row) - 1) - sum(fixed)
        left, top = x0, y0 + r * (CHIP_H + ROW_GAP)
        for chip, base, name in zip(row, fixed, share(names, room), strict=True):
            width = math.floor(base + name)  # whole pixels: the same chip, the same sprite
            img.paste(chip_sprite(chip, width), (left, top))
            left += width + CHIP_GAP


@lru_cache(maxsize=256)
def chip_sprite(chip: Chip, width: int) -> Image.Image:
    """:func:`paint_chip` ``width`` px wide, on the background."""
    sprite, draw = layout.canvas(width + 1, CHIP_H + 1)
    paint_chip(sprite, draw, (0, 0, width, CHIP_H), chip)
    return sprite


def share(wants: Sequence[float], room: float) -> list[float]:
    """``room`` shared among items wanting ``wants``: each gets what it wants and an even part
    of what is left over; when short, the widest are cut to one level, the narrow kept whole."""
    if not wants:
        return []
    if sum(wants) <= room:
        extra = (room - sum(wants)) / len(wants)
        return [w + extra for w in wants]
    # The level L with sum(min(w, L)) == room: raise it past the narrow items one by one.
    order = sorted(wants)
    left, level = room, 0.0
    for i, w in enumerate(order):
        level = left / (len(order) - i)
        if w >= level:
            break
        left -= w
    return [min(w, max(0.0, level)) for w in wants]


def chip_fixed(chip: Chip) -> float:
    """A chip's width without its name (see :func:`paint_chip`)."""
    right = text_width(out_text(chip), LABEL, True) + 5 if chip.out else tile_width(chip.cards)
    return 7 + (14 if chip.nxt else 0) + 14 + 4 + (20 if chip.winner else 0) + right + 4


def out_text(chip: Chip) -> str:
    return ordinal(chip.place) if chip.place else "out"


def paint_chip(img: Image.Image, draw: Draw, box: Box, chip: Chip) -> None:
    """A seat's chip: a pointer (plays next), its colour, its name and the cards it holds ("out",
    or its place, once out); outlined while it may call the play on the table, GOOD for a winner."""
    nxt, winner, out = chip.nxt, chip.winner, chip.out
    x0, y0, x1, y1 = box
    mid = (y0 + y1) / 2
    fill = mix(theme.PANEL, theme.ACCENT, 0.45) if nxt else mix(theme.PANEL, theme.PANEL_LIGHT, 0.8) if chip.mine \
        else theme.PANEL
    outline = theme.GOOD if winner else theme.HIGHLIGHT if chip.waiting else theme.ACCENT if nxt else theme.PANEL_LIGHT
    layout.panel(draw, box, fill, outline, line=2 if (winner or chip.waiting or nxt) else 1, radius=round(CHIP_H / 2))
    x = x0 + 7
    if nxt:
        draw.polygon([(x, mid - 7), (x + 10, mid), (x, mid + 7)], fill=theme.HIGHLIGHT)
        x += 14
    draw.ellipse((x, mid - 5, x + 10, mid + 5), fill=layout.seat_colour(chip.seat))
    x += 14
    right = x1 - 4
    if out:
        text = out_text(chip)
        draw_text(draw, (right - 5, mid), text, LABEL, theme.GOOD, anchor="rm", bold=True)
        right -= text_width(text, LABEL, True) + 5
    else:
        # The count on a card back's colours: "cards held" without a back beside it (ten fit).
        w = tile_width(chip.cards)
        field, _, trim = theme.BACK_STYLES["standard"]
        layout.panel(draw, (right - w, y0 + 3, right, y1 - 3), field, trim, line=1, radius=5)
        draw_text(draw, (right - w / 2, mid), str(chip.cards), LABEL, theme.TEXT, anchor="mm", bold=True)
        right -= w
    if winner:
        right -= 20
        layout.star(draw, (right + 10, mid), 8, theme.HIGHLIGHT)
    ink = theme.MUTED if out and not winner else theme.TEXT
    draw_text(draw, (x, mid), fit_name(chip.name, LABEL, right - 4 - x + 0.5, True), LABEL, ink, anchor="lm",
              bold=True)


def tile_width(cards: int) -> float:
    """The width of the tile holding a seat's count."""
    return max(22.0, text_width(str(cards), LABEL, True) + 8)
