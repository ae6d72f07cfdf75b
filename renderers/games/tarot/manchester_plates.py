"""The two-player tarot games' table, measured and read: the felt's sizes, the positions and names a
view gives, and the plates round the oval (see :mod:`renderers.games.tarot.manchester`)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any

from PIL import Image

from renderers.games.tarot import scene as scene
from renderers.games.tarot.scene import (
    FAMILY,
    SMALL,
)
from renderers.kit import card_rows, layout, theme
from renderers.kit.fonts import draw_text, text_width
from renderers.kit.layout import Box, Draw, plural
from renderers.kit.theme import RGB, card_height, mix
from renderers.kit.trick_table import DEALER, tag, tag_width

DUMMY_INK: RGB = (200, 204, 212)  # the dot of Truffle's dummy, which is nobody's

# -- the felt ------------------------------------------------------------------------------------
# Card widths as in renderers.games.tarot.scene (one sprite per card and width): the dummies' cards are as
# wide as those of the hand's bands.
EDGE = 4  # between a plate and the felt's box
HAND_W, HAND_H = 208, 76
HEAD_H = 44  # a plate's top line
LOW_H = 34  # a plate's bottom line
SIDE_W = 256  # a dummy at the left or right
SIDE_CARD = scene.BAND_CARD
SIDE_ROWS = 2
SIDE_H = HEAD_H + SIDE_ROWS * card_height(SIDE_CARD) + 6 * (SIDE_ROWS - 1) + 8 + LOW_H
TOP_CARD = scene.BAND_CARD  # a dummy across the top
TOP_STEP = 36  # the step between its cards when it holds all thirteen
TOP_W = 12 * TOP_STEP + TOP_CARD + 24
TOP_H = HEAD_H + card_height(TOP_CARD) + 12
FELT_H = {"duel": 440, "truffle": 560, "piccadilly": 580}
SIDES = ("bottom", "left", "top", "right")  # clockwise on the screen

# -- under the felt ------------------------------------------------------------------------------
NOTE_H = 30
COLUMNS = ("HAND VALUE", "MANCHESTER", "{part}", "TOTAL", "GAME")
COLUMN_X = (-552, -430, -292, -170, -62)  # centres, from the right edge of the image


# -- reading the view ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Place:
    """One position as the view gives it: a hand or a dummy."""

    position: int
    owner: int  # a seat, or -1 for Truffle's dummy
    dummy: bool
    count: int
    cards: tuple[str, ...] | None  # face up (a dummy, or the viewer's own) or None
    controller: int
    tricks: int
    points: int


def places(view: Mapping[str, Any]) -> list[Place]:
    out = []
    for i, p in enumerate(view.get("positions") or []):
        if not isinstance(p, Mapping):
            continue
        cards = p.get("cards")
        out.append(Place(position=i, owner=int(p.get("owner", i)), dummy=bool(p.get("dummy")),
                         count=int(p.get("count") or 0),
                         cards=tuple(str(c) for c in cards) if isinstance(cards, list) else None,
                         controller=int(p.get("controller", 0)), tricks=int(p.get("tricks") or 0),
                         points=int(p.get("points") or 0)))
    return out


def part_name(view: Mapping[str, Any]) -> str:
    return "Truffle" if view.get("second_part") == "truffle" else "Piccadilly"


def second_part(view: Mapping[str, Any]) -> bool:
    return view.get("phase") in ("choose", "discard2", "play2")


class Names:
    """Players' and positions' names for a view."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.names = layout.names(view)
        self.places = places(view)

    def seat(self, seat: Any) -> str:
        if seat == -1:
            return "the dummy"
        return self.names[seat] if isinstance(seat, int) and 0 <= seat < len(self.names) else "?"

    def position(self, position: Any) -> str:
        """"Ann", "Ann's dummy", "the dummy" (Truffle's)."""
        if not isinstance(position, int) or not 0 <= position < len(self.places):
            return self.seat(position)
        place = self.places[position]
        if place.owner < 0:
            return "the dummy"
        return f"{self.seat(place.owner)}'s dummy" if place.dummy else self.seat(place.owner)


# -- plates --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Plate:
    """A position's plate as drawn: ``shape`` is "hand" (a small plate with a count), "side" (a
    dummy at the left or right, its cards in rows) or "wide" (a dummy across the top)."""

    shape: str
    name: str
    colour: RGB
    count: int
    cards: tuple[str, ...] = ()
    tricks: int = 0
    points: int = 0
    to_play: bool = False
    dealer: bool = False
    winner: bool = False
    label: str = ""  # muted, at the right of the name ("DUMMY")
    tag: str = ""  # a coloured tag on the low line ("to discard", "chosen", "Ann plays it")
    tag_colour: RGB = theme.HIGHLIGHT
    scored: bool = True  # show tricks and points (not before the play)


def plate_size(shape: str) -> tuple[int, int]:
    return {"hand": (HAND_W, HAND_H), "side": (SIDE_W, SIDE_H), "wide": (TOP_W, TOP_H)}[shape]


def plate_line(info: Plate) -> int:
    return 3 if (info.winner or info.to_play) else 1


@lru_cache(maxsize=64)
def plate_sprite(info: Plate, local: Box) -> scene.Sprite:
    """A plate drawn once per look and place, as Bullshit's plates are."""
    return scene.draw_plate(local, plate_line(info), partial(paint_plate, info=info))


def heading(img: Image.Image, draw: Draw, box: Box, info: Plate, right: float) -> None:
    """A plate's top line: pointer (to play), dot, name; the dealer's button and a winner's star
    at the right, up to ``right``."""
    x0, y0, _, _ = box
    mid = y0 + 22
    x = x0 + 10
    if info.to_play:
        draw.polygon([(x, mid - 8), (x + 12, mid), (x, mid + 8)], fill=theme.HIGHLIGHT)
        x += 18
    draw.ellipse((x, mid - 7, x + 14, mid + 7), fill=info.colour)
    x += 20
    if info.dealer:
        dw = 24
        draw.ellipse((right - dw, mid - dw / 2, right, mid + dw / 2), fill=DEALER, outline=theme.MUTED)
        draw_text(draw, (right - dw / 2, mid), "D", SMALL - 4, theme.PANEL, anchor="mm", bold=True)
        right -= dw + 6
    if info.winner:
        layout.star(draw, (right - 10, mid), 10, theme.HIGHLIGHT)
        right -= 24
    if info.label:
        draw_text(draw, (right, mid), info.label, SMALL - 5, theme.MUTED, anchor="rm", bold=True)
        right -= text_width(info.label, SMALL - 5, True) + 10
    size = theme.TEXT_SIZE - 3
    layout.draw_rich(img, draw, (x, mid), layout.ellipsize(info.name, size, max(30.0, right - x), True), size,
                     theme.TEXT, bold=True)


def score_line(img: Image.Image, draw: Draw, left_mid: tuple[float, float], right: float, info: Plate,
               count: bool) -> None:
    """The low line: (with ``count``) a back and the cards held; the tricks taken and a tag with
    their points, or the plate's own tag."""
    x, low = left_mid
    if count:
        back = scene.small_back(16)
        img.paste(back, (round(x), round(low - back.height / 2)), back)
        x += back.width + 5
        draw_text(draw, (x, low), str(info.count), SMALL - 1, theme.TEXT, anchor="lm", bold=True)
        x += text_width(str(info.count), SMALL - 1, True) + 12
    if info.tag and right - tag_width(info.tag) >= x:
        right = tag(draw, (right, low), info.tag, info.tag_colour) - 6
    if not info.scored:
        return
    tricks = plural(info.tricks, "trick")
    draw_text(draw, (x, low), tricks, SMALL - 2, theme.MUTED, anchor="lm")
    x += text_width(tricks, SMALL - 2) + 10
    if info.tricks and not info.tag:
        note = f"{info.points} pts"
        if right - tag_width(note) >= x:
            tag(draw, (right, low), note, theme.HIGHLIGHT)


def paint_plate(img: Image.Image, draw: Draw, box: Box, info: Plate) -> None:
    x0, y0, x1, y1 = box
    fill = mix(theme.PANEL, theme.ACCENT, 0.45) if info.to_play else theme.PANEL
    outline = theme.GOOD if info.winner else theme.ACCENT if info.to_play else theme.PANEL_LIGHT
    layout.panel(draw, box, fill, outline, line=plate_line(info), radius=scene.PLATE_RADIUS)
    if info.shape == "hand":
        heading(img, draw, box, info, x1 - 8)
        score_line(img, draw, (x0 + 12, y1 - 19), x1 - 8, info, count=True)
        return
    if info.shape == "wide":  # the heading and the score share the top line
        right = x1 - 10
        mid = y0 + 22
        if info.tag:
            right = tag(draw, (right, mid), info.tag, info.tag_colour) - 8
        elif info.scored:
            if info.tricks:
                right = tag(draw, (right, mid), f"{info.points} pts", theme.HIGHLIGHT) - 8
            tricks = plural(info.tricks, "trick")
            draw_text(draw, (right, mid), tricks, SMALL - 2, theme.MUTED, anchor="rm")
            right -= text_width(tricks, SMALL - 2) + 12
        heading(img, draw, box, info, right)
        area = (x0 + 8, y0 + HEAD_H - 4, x1 - 8, y1 - 8)
        rows = [list(info.cards)]
        card = TOP_CARD
    else:
        heading(img, draw, box, info, x1 - 8)
        score_line(img, draw, (x0 + 12, y1 - LOW_H / 2 - 2), x1 - 8, info, count=False)
        area = (x0 + 8, y0 + HEAD_H - 4, x1 - 8, y1 - LOW_H - 2)
        rows = card_rows.split_rows(list(info.cards), math.ceil(max(1, len(info.cards)) / SIDE_ROWS)) \
            if len(info.cards) > 8 else [list(info.cards)]
        card = SIDE_CARD
    layout.panel(draw, area, theme.FELT_DARK, radius=theme.RADIUS)
    ax0, ay0, ax1, ay1 = area
    if not info.cards:
        draw_text(draw, ((ax0 + ax1) / 2, (ay0 + ay1) / 2), "no cards left", SMALL - 2, theme.MUTED, anchor="mm")
        return
    h = card_height(card)
    block = len(rows) * h + (len(rows) - 1) * 6
    y = (ay0 + ay1) / 2 - block / 2
    for row in rows:
        xs = card_rows.fan_positions(layout.groups_of(row, layout.suit_group(FAMILY)), card, ax1 - ax0 - 12,
                                  max_step=card + 4, group_gap=4)
        left = (ax0 + ax1) / 2 - card_rows.row_width(xs, card) / 2
        card_rows.draw_cards(img, row, xs, y, card_width=card, family=FAMILY, lift=0, x0=left)
        y += h + 6
