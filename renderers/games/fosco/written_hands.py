"""A Fosco hand written out by suit, as the table shows every hand ("♣ 2 3 4 6 7 K"): each suit's
mark then its ranks, a style (size and gaps) to fit the room, lines broken between suits, and each
suit's text kept as a sprite (a hand changes by a card a move)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from PIL import Image

from renderers.games.fosco.parts import SMALL
from renderers.kit import layout, theme
from renderers.kit.fonts import draw_text, text_width
from renderers.kit.theme import RGB

CHIP = 19  # a suit's mark before its ranks
CHIP_GAP = 4
Line = list[tuple[str, list[str]]]  # a hand's line: (suit, its cards) groups


class Style(NamedTuple):
    """How a hand is written: its text size, the gap between ranks and between suits."""

    size: int
    gap: float
    group_gap: float


# The largest that leaves the count its room; the last, tighter, for four hands of 14 cards and Jokers.
STYLES = (*(Style(size, size * 0.3, 12) for size in (24, 22, 20, 19, 18, SMALL)), Style(SMALL, 4.5, 8))


def groups_of(cards: Sequence[str], suit: str | None) -> Line:
    """A hand by suit: the suit played from now, the Jokers, then the later suits in hand order."""
    by: dict[str, list[str]] = {}
    for card in cards:
        by.setdefault("X" if card.startswith("X") else card[-1], []).append(card)
    order = [s for s in (suit, "X") if s in by] + [s for s in by if s not in (suit, "X")]
    return [(s, by[s]) for s in order]


def rank_of(card: str) -> str:
    """A card's rank as written ("10", "K"); a Joker's number."""
    return card[1:] if card.startswith("X") else card[:-1]


@lru_cache(maxsize=512)
def group_sprite(suit: str, ranks: tuple[str, ...], inks: tuple[RGB, ...], style: Style) -> Image.Image:
    """A suit's mark and its ranks on the frame's felt, kept: most of a hand is the same move after
    move, so a table pastes its hands instead of drawing some fifty texts."""
    size, gap, _ = style
    width = CHIP + CHIP_GAP + sum(text_width(r, size, True) for r in ranks) + gap * (len(ranks) - 1)
    height = size + 6
    img, draw = layout.canvas(math.ceil(width) + 1, height, theme.FELT)
    mid = height / 2
    layout.suit_chip(img, draw, (0, mid - CHIP / 2, CHIP, mid + CHIP / 2), None if suit == "X" else suit)
    x = float(CHIP + CHIP_GAP)
    for rank, ink in zip(ranks, inks, strict=True):
        draw_text(draw, (x, mid), rank, size, ink, anchor="lm", bold=True)
        x += text_width(rank, size, True) + gap
    return img


def group_width(cards: Sequence[str], style: Style) -> float:
    ranks = sum(text_width(rank_of(c), style.size, True) for c in cards)
    return CHIP + CHIP_GAP + ranks + style.gap * (len(cards) - 1)


def wrap_groups(groups: Line, widths: tuple[float, float], style: Style) -> list[Line]:
    """The groups in lines ``widths`` wide (the first, the others), broken between suits (within
    one only when it alone is too long, its mark repeated)."""
    lines: list[Line] = []
    line: Line = []
    used = 0.0
    for suit, cards in groups:
        rest = list(cards)
        while rest:
            width = widths[0] if not lines else widths[1]
            take = len(rest)
            while take > 1 and group_width(rest[:take], style) > width:
                take -= 1
            need = group_width(rest[:take], style) + (style.group_gap if line else 0)
            if line and used + need > width:
                lines.append(line)
                line, used = [], 0.0
                continue
            line.append((suit, rest[:take]))
            used += need
            rest = rest[take:]
    return [*lines, line] if line else lines
