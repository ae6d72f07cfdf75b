"""Rows of cards on a picture: where a fanned hand's cards go (grouped by suit, squeezed to fit), and
pasting them raised, dimmed or glowing; empty slots for cards still to come. Sprites come from
:mod:`renderers.kit.cards`, pasted, never drawn on."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

from renderers.kit import theme
from renderers.kit.cards import CARD_SPRITES, card_back, card_image
from renderers.kit.fonts import Colour, draw_text, fit_size
from renderers.kit.layout import DIM, GLOW, INDEX_SHOWN, LIFT, Box, Draw, groups_of, panel, rgba_of
from renderers.kit.theme import RGB, card_height

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
