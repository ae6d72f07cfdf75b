"""Fscking Ace's small drawings: fans that keep every index legible, chips, the stock with the
way-of-play arrow, and a line cut at a word (see :mod:`renderers.games.fscking_ace.table`)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw, ImageOps

from games.fscking_ace.values import CLUB_TWO, JOKER_FACE, RED_TWOS, SPADE_TWO
from renderers.kit import card_rows, layout, shown, theme
from renderers.kit.fonts import draw_text, fit_size, text_width
from renderers.kit.layout import Box, Draw
from renderers.kit.pips import paint
from renderers.kit.theme import RGB, card_height

SMALL = shown.COPY_TEXT_MIN  # the least text that reads where Discord shows the table
CHIP_H = 22
CHIP_SIZE = SMALL
BACK_CARD = theme.CARD_MIN_WIDTH  # the stock: a back, any size reads
READABLE = 0.42  # the least of a card's width a fan shows, so that its index reads
MORE_W = 52  # the "+N" tag before a fan that leaves cards out
SPECIAL = frozenset({*RED_TWOS, CLUB_TWO, SPADE_TWO, *JOKER_FACE})


def legible(cards: Sequence[str], width: float, card_w: int) -> tuple[list[str], int]:
    """The cards a fan ``width`` wide shows with every index readable, and how many it leaves
    out (a "+N" tag takes room then): the doublers and jokers first, which change what a pile
    is worth, then the latest plain cards, which are all worth the same."""
    step = card_w * READABLE
    if len(cards) <= 1 + int(max(0.0, width - card_w) // step):
        return list(cards), 0
    fits = max(1, 1 + int(max(0.0, width - MORE_W - card_w) // step))
    special = [i for i, c in enumerate(cards) if c in SPECIAL]
    plain = [i for i, c in enumerate(cards) if c not in SPECIAL]
    keep = set((special + plain[::-1])[:fits]) if len(special) < fits else set(special[-fits:])
    return [c for i, c in enumerate(cards) if i in keep], len(cards) - len(keep)


def fan(img: Image.Image, draw: Draw, cards: Sequence[str], box: Box, card_w: int, shadow: bool = True) -> None:
    """``cards`` face up in an overlapping row from ``box``'s left, after a "+N" tag for those
    that would not show legibly. Without ``shadow`` the cards lie flat: the players' small
    fans, where soft shadows would cost a tenth of the PNG for little to see."""
    x0, y0, x1, y1 = box
    shown, left_out = legible(cards, x1 - x0, card_w)
    if left_out:
        tag = f"+{left_out}"
        layout.pill(draw, (x0, (y0 + y1) / 2), tag, size=CHIP_SIZE, fill=theme.PANEL_LIGHT,
                    ink=theme.TEXT, anchor="lm")
        x0 += MORE_W
    xs = card_rows.fan_positions([len(shown)], card_w, x1 - x0, max_step=card_w * 0.58)
    for tok, x in zip(shown, xs, strict=True):
        card_rows.paste_card(img, tok, (x0 + x, y0), card_width=card_w, variant="fscking-ace", shadow=shadow)


def chip_width(text: str, size: int = CHIP_SIZE) -> float:
    return text_width(text, size) + 16


def chip(draw: Draw, left_mid: tuple[float, float], text: str, colour: RGB, height: float = CHIP_H) -> float:
    """A small rounded tag in ``colour`` (a doubler, a bonus, "opens"); returns its right end."""
    x, mid = left_mid
    size = CHIP_SIZE
    w = chip_width(text, size)
    box = (x, mid - height / 2, x + w, mid + height / 2)
    layout.panel(draw, box, colour, radius=round(height / 2))
    light = sum(colour) > 450  # dark ink on the pale chips, white on the deep ones
    ink = theme.PANEL if light else theme.TEXT
    draw_text(draw, (x + w / 2, mid), text, size, ink, anchor="mm")  # plain: bold costs 3x the time
    return x + w


def stock_pile(img: Image.Image, draw: Draw, box: Box, *, stock: tuple[int, int, bool]) -> None:
    """The stock: a card back (two for a thick stock), the count, the spades still hidden in
    it, and the way of play (gold once a 7♠ has reversed it)."""
    x0, y0, x1, y1 = box
    left, spades, clockwise = stock
    top = y0 + 1
    if left <= 0:
        card_rows.empty_slot(draw, (x0, top, x0 + BACK_CARD, top + card_height(BACK_CARD)))
    else:
        for i in reversed(range(1 + (left > 12))):  # the lower card peeks out down and right
            card_rows.paste_card(img, None, (x0 + 3 * i, top + 3 * i), card_width=BACK_CARD, shadow=False)
    cx = x0 + BACK_CARD + 12
    draw_text(draw, (cx, top + 15), str(left), SMALL + 6, theme.TEXT, anchor="lm", bold=True)
    draw_text(draw, (cx, top + 40), "cards left" if left != 1 else "card left", SMALL, theme.MUTED,
              anchor="lm")
    mid = y1 - 33
    layout.suit_chip(img, draw, (x0, mid - 10, x0 + 20, mid + 10), "S")
    draw_text(draw, (x0 + 27, mid), f"{spades} still hidden", SMALL, theme.TEXT, anchor="lm")
    mid = y1 - 12
    colour = theme.TEXT if clockwise else theme.HIGHLIGHT
    paint(img, turn_mask(20, clockwise), (round(x0), round(mid - 10)), colour)
    word = "clockwise" if clockwise else "counterclockwise"
    size = fit_size(word, x1 - x0 - 26, SMALL, min_size=SMALL, bold=True)
    draw_text(draw, (x0 + 26, mid), layout.ellipsize(word, size, x1 - x0 - 24, True), size, colour,
              anchor="lm", bold=True)


def cut_at_word(text: str, size: int, room: float) -> str:
    """``text`` bold, cut after the last word that fits ``room`` with "..." (each word measured
    on its own, so that the widths of words seen before are reused; a bold word's measure holds
    its stroke on both sides, so the sum errs wide)."""
    words = text.split(" ")
    space = text_width(" ", size)
    widths = [layout.rich_width(w, size, True) for w in words]
    if sum(widths) + space * (len(words) - 1) <= room:
        return text
    room -= text_width("...", size, True)
    used, kept = 0.0, 0
    for w in widths:
        if used + w > room:
            break
        used += w + space
        kept += 1
    return " ".join(words[:kept]).rstrip(",;:") + "..."


@lru_cache(maxsize=8)
def turn_mask(size: int, clockwise: bool) -> Image.Image:
    """An L mask of a circular arrow turning clockwise (mirrored for counterclockwise), drawn at
    four times the size and reduced, so that it is smooth (the font has no arrows)."""
    ss = 4
    s = size * ss
    big = Image.new("L", (s, s), 0)
    d = ImageDraw.Draw(big)
    band = s * 0.12
    outer = s / 2 - s * 0.1
    r = outer - band / 2  # the band's centre line
    c = s / 2
    start, end = -40.0, 220.0  # degrees from 3 o'clock, clockwise: a gap at the top left
    d.arc((c - outer, c - outer, c + outer, c + outer), start, end, fill=255, width=round(band))
    th = math.radians(end)
    px, py = c + r * math.cos(th), c + r * math.sin(th)
    tx, ty = -math.sin(th), math.cos(th)  # the clockwise tangent
    nx, ny = math.cos(th), math.sin(th)
    head, wing = band * 2.0, band * 1.35
    d.polygon([(px + tx * head, py + ty * head), (px + nx * wing - tx * 2, py + ny * wing - ty * 2),
               (px - nx * wing - tx * 2, py - ny * wing - ty * 2)], fill=255)
    mask = big.reduce(ss)
    return mask if clockwise else ImageOps.mirror(mask)
