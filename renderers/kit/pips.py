"""Suit marks as vector shapes: spade, heart, diamond, club; and the tarot's swords, batons,
cups and coins. Suits are never drawn with font glyphs (the built-in font has none).

Each shape is described in its own coordinates (height 1, width its aspect ratio) by a few
polygons and circles, drawn into a supersampled mask and shrunk, so edges are anti-aliased at
any size; masks are cached per (suit, size). :func:`draw_suit` fits a mark inside a box,
centred, and paints it in a colour. :class:`Pen` is the small coordinate helper the card
emblems (crowns, stars, bats …) share with the pips.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Literal

from PIL import Image, ImageDraw

Point = tuple[float, float]
Box = tuple[float, float, float, float]
Ink = int | tuple[int, ...]
SuitFamily = Literal["standard", "tarot"]


class Pen:
    """Draws shapes given in a unit system onto an ImageDraw.

    A point ``(x, y)`` lands at ``(x0 + x * scale, y0 + y * scale)``; with ``turned`` the shape is
    turned half a circle inside its ``width`` x ``height`` frame (for the lower half of a card).
    """

    def __init__(
        self,
        draw: ImageDraw.ImageDraw,
        x0: float,
        y0: float,
        scale: float,
        width: float = 1.0,
        height: float = 1.0,
        turned: bool = False,
    ) -> None:
        self.draw, self.x0, self.y0, self.scale = draw, x0, y0, scale
        self.width, self.height, self.turned = width, height, turned

    def pt(self, x: float, y: float) -> Point:
        if self.turned:
            x, y = self.width - x, self.height - y
        return (self.x0 + x * self.scale, self.y0 + y * self.scale)

    def poly(self, points: Sequence[Point], fill: Ink) -> None:
        self.draw.polygon([self.pt(x, y) for x, y in points], fill=fill)

    def ellipse(self, cx: float, cy: float, rx: float, ry: float, fill: Ink) -> None:
        (ax, ay), (bx, by) = self.pt(cx - rx, cy - ry), self.pt(cx + rx, cy + ry)
        self.draw.ellipse((min(ax, bx), min(ay, by), max(ax, bx), max(ay, by)), fill=fill)

    def circle(self, cx: float, cy: float, r: float, fill: Ink) -> None:
        self.ellipse(cx, cy, r, r, fill)

    def rect(self, x0: float, y0: float, x1: float, y1: float, fill: Ink, radius: float = 0.0) -> None:
        (ax, ay), (bx, by) = self.pt(x0, y0), self.pt(x1, y1)
        box = (min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))
        if radius > 0:
            self.draw.rounded_rectangle(box, radius=radius * self.scale, fill=fill)
        else:
            self.draw.rectangle(box, fill=fill)

    def line(self, points: Sequence[Point], fill: Ink, width: float) -> None:
        self.draw.line([self.pt(x, y) for x, y in points], fill=fill, width=max(1, round(width * self.scale)),
                       joint="curve")

    def ring(self, cx: float, cy: float, r: float, width: float, fill: Ink) -> None:
        (ax, ay), (bx, by) = self.pt(cx - r, cy - r), self.pt(cx + r, cy + r)
        self.draw.ellipse((min(ax, bx), min(ay, by), max(ax, bx), max(ay, by)), outline=fill,
                          width=max(1, round(width * self.scale)))


def bezier(p0: Point, p1: Point, p2: Point, p3: Point | None = None, steps: int = 14) -> list[Point]:
    """Points along a quadratic (three points) or cubic (four points) Bezier curve, ends included."""
    out: list[Point] = []
    for i in range(steps + 1):
        t = i / steps
        u = 1 - t
        if p3 is None:
            out.append((u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0],
                        u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1]))
        else:
            out.append((u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0],
                        u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1]))
    return out


def mirrored(half: Sequence[Point], axis: float) -> list[Point]:
    """A closed outline from its left half (top to bottom) and that half mirrored about x=axis."""
    return [*half, *[(2 * axis - x, y) for x, y in reversed(half)]]


def star_points(cx: float, cy: float, r: float, points: int = 5, inner: float = 0.45,
                start: float = -math.pi / 2) -> list[Point]:
    """A star (``points`` tips, inner radius ``inner * r``), first tip pointing up."""
    out: list[Point] = []
    for i in range(points * 2):
        rr = r if i % 2 == 0 else r * inner
        a = start + i * math.pi / points
        out.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return out


def _tangent_point(p: Point, c: Point, r: float, outer_sign: float) -> Point:
    """The point where a line from ``p`` touches the circle (``c``, ``r``), on the ``outer_sign`` side."""
    dx, dy = c[0] - p[0], c[1] - p[1]
    d = math.hypot(dx, dy)
    base = math.atan2(-dy, -dx)  # direction from the centre back towards p
    a = math.acos(r / d)
    cands = [(c[0] + r * math.cos(base + s * a), c[1] + r * math.sin(base + s * a)) for s in (1, -1)]
    return max(cands, key=lambda q: outer_sign * q[0])


# --- The shapes (height 1, width = aspect) -------------------------------------------------------
# Each draws with ``ink`` and cuts details out with ``hole``.

def _heart_lobes(pen: Pen, cx: float, top: float, bottom: float, r: float, spread: float, ink: Ink,
                 point_down: bool = True) -> None:
    """Two circles and the point: a heart between ``top`` and ``bottom`` (or a spade's blade)."""
    cy = top + r if point_down else bottom - r
    tip = (cx, bottom if point_down else top)
    left_c, right_c = (cx - spread, cy), (cx + spread, cy)
    tl = _tangent_point(tip, left_c, r, -1)
    tr = _tangent_point(tip, right_c, r, 1)
    pen.poly([tl, tip, tr, right_c, (cx, cy), left_c], ink)
    pen.circle(*left_c, r, ink)
    pen.circle(*right_c, r, ink)


def _stem(pen: Pen, cx: float, top: float, bottom: float, half_base: float, half_top: float, ink: Ink) -> None:
    """A flared foot with concave sides (spades and clubs)."""
    left = bezier((cx - half_top, top), (cx - half_top, bottom - 0.06), (cx - half_base, bottom), steps=10)
    pen.poly(mirrored(left, cx), ink)


def heart(pen: Pen, ink: Ink, hole: Ink) -> None:
    _heart_lobes(pen, 0.52, 0.0, 1.0, 0.27, 0.245, ink)


def spade(pen: Pen, ink: Ink, hole: Ink) -> None:
    _heart_lobes(pen, 0.45, 0.0, 0.78, 0.235, 0.215, ink, point_down=False)
    _stem(pen, 0.45, 0.58, 1.0, 0.2, 0.035, ink)


def diamond(pen: Pen, ink: Ink, hole: Ink) -> None:
    w = 0.76
    c = (w / 2, 0.5)
    pts: list[Point] = []
    corners = [(w / 2, 0.0), (w, 0.5), (w / 2, 1.0), (0.0, 0.5)]
    for i, a in enumerate(corners):
        b = corners[(i + 1) % 4]
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        ctrl = (mid[0] + (c[0] - mid[0]) * 0.16, mid[1] + (c[1] - mid[1]) * 0.16)
        pts.extend(bezier(a, ctrl, b, steps=8)[:-1])
    pen.poly(pts, ink)


def club(pen: Pen, ink: Ink, hole: Ink) -> None:
    cx, r = 0.5, 0.235
    pen.circle(cx, r, r, ink)
    pen.circle(cx - 0.265, 0.55, r, ink)
    pen.circle(cx + 0.265, 0.55, r, ink)
    pen.poly([(cx, r), (cx - 0.265, 0.55), (cx, 0.66), (cx + 0.265, 0.55)], ink)
    _stem(pen, cx, 0.5, 1.0, 0.2, 0.035, ink)


def sword(pen: Pen, ink: Ink, hole: Ink) -> None:
    cx = 0.23
    blade = [(cx, 0.0), (cx - 0.075, 0.11), (cx - 0.065, 0.66)]
    pen.poly(mirrored(blade, cx), ink)
    pen.poly([(cx - 0.012, 0.13), (cx - 0.012, 0.6), (cx + 0.012, 0.6), (cx + 0.012, 0.13)], hole)
    pen.rect(0.03, 0.655, 0.43, 0.725, ink, radius=0.03)
    pen.circle(0.045, 0.645, 0.045, ink)
    pen.circle(0.415, 0.645, 0.045, ink)
    pen.rect(cx - 0.042, 0.72, cx + 0.042, 0.89, ink)
    pen.circle(cx, 0.925, 0.075, ink)


def leaf(pen: Pen, base: Point, angle: float, length: float, width: float, ink: Ink) -> None:
    """An almond leaf growing from ``base`` in direction ``angle`` (radians, 0 = right, y down)."""
    dx, dy = math.cos(angle), math.sin(angle)
    nx, ny = -dy, dx
    tip = (base[0] + dx * length, base[1] + dy * length)
    mid = (base[0] + dx * length * 0.45, base[1] + dy * length * 0.45)
    side1 = bezier(base, (mid[0] + nx * width, mid[1] + ny * width), tip, steps=8)
    side2 = bezier(tip, (mid[0] - nx * width, mid[1] - ny * width), base, steps=8)
    pen.poly(side1 + side2[1:], ink)


def baton(pen: Pen, ink: Ink, hole: Ink) -> None:
    cx = 0.25
    left = [(cx - 0.09, 0.07), (cx - 0.075, 0.5), (cx - 0.06, 0.94)]
    pen.poly(mirrored(left, cx), ink)
    pen.ellipse(cx, 0.07, 0.09, 0.065, ink)
    pen.ellipse(cx, 0.94, 0.06, 0.055, ink)
    leaf(pen, (cx - 0.07, 0.33), math.radians(210), 0.24, 0.085, ink)
    leaf(pen, (cx + 0.065, 0.52), math.radians(-30), 0.24, 0.085, ink)
    leaf(pen, (cx - 0.06, 0.72), math.radians(210), 0.2, 0.075, ink)
    pen.line([(cx - 0.1, 0.17), (cx + 0.1, 0.17)], hole, 0.024)
    pen.line([(cx - 0.08, 0.85), (cx + 0.08, 0.85)], hole, 0.024)


def cup(pen: Pen, ink: Ink, hole: Ink) -> None:
    cx = 0.38
    bowl = bezier((cx - 0.34, 0.06), (cx - 0.34, 0.38), (cx - 0.18, 0.5), (cx, 0.5), steps=12)
    pen.poly(mirrored(bowl, cx), ink)
    pen.rect(cx - 0.37, 0.0, cx + 0.37, 0.085, ink, radius=0.035)
    pen.rect(cx - 0.3, 0.12, cx + 0.3, 0.15, hole)
    pen.rect(cx - 0.035, 0.48, cx + 0.035, 0.84, ink)
    pen.ellipse(cx, 0.62, 0.085, 0.05, ink)
    foot = bezier((cx - 0.04, 0.8), (cx - 0.06, 0.9), (cx - 0.24, 0.93), (cx - 0.27, 0.94), steps=8)
    pen.poly(mirrored([*foot, (cx - 0.28, 1.0)], cx), ink)


def coin(pen: Pen, ink: Ink, hole: Ink) -> None:
    c, r = 0.5, 0.5
    pen.circle(c, c, r, ink)
    pen.ring(c, c, r * 0.8, 0.055, hole)
    pen.poly(star_points(c, c, r * 0.42, points=4, inner=0.38, start=-math.pi / 2), hole)
    pen.circle(c, c, r * 0.1, ink)


ShapeFn = Callable[[Pen, Ink, Ink], None]
# (shape, aspect = width / height) per family and suit letter
SHAPES: dict[str, dict[str, tuple[ShapeFn, float]]] = {
    "standard": {"S": (spade, 0.9), "H": (heart, 1.04), "D": (diamond, 0.76), "C": (club, 1.0)},
    "tarot": {"S": (sword, 0.46), "B": (baton, 0.5), "C": (cup, 0.76), "D": (coin, 1.0)},
}


def aspect(suit: str, family: SuitFamily = "standard") -> float:
    """Width / height of a suit mark."""
    return SHAPES[family][suit][1]


def fit(box: Box, ratio: float) -> Box:
    """The largest ``ratio`` (width / height) box centred in ``box``."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    if w / h > ratio:
        nw = h * ratio
        return (x0 + (w - nw) / 2, y0, x0 + (w + nw) / 2, y1)
    nh = w / ratio
    return (x0, y0 + (h - nh) / 2, x1, y0 + (h + nh) / 2)


@lru_cache(maxsize=2048)
def suit_mask(suit: str, family: SuitFamily, width: int, height: int, turned: bool = False,
              supersample: int = 4) -> Image.Image:
    """An L mask (255 = ink) of the suit mark fitted in a ``width`` x ``height`` box. Cached: do not modify."""
    fn, ratio = SHAPES[family][suit]
    ss = max(1, supersample)
    big = Image.new("L", (width * ss, height * ss), 0)
    x0, y0, _, y1 = fit((0, 0, width * ss, height * ss), ratio)
    fn(Pen(ImageDraw.Draw(big), x0, y0, y1 - y0, ratio, 1.0, turned), 255, 0)
    return big.reduce(ss) if ss > 1 else big


def paint(target: Image.Image, mask: Image.Image, xy: tuple[int, int], colour: tuple[int, ...]) -> None:
    """Paint ``colour`` through ``mask`` onto ``target`` at ``xy`` (alpha-correct on RGBA targets)."""
    alpha = colour[3] if len(colour) == 4 else 255
    if target.mode == "RGBA":
        layer = Image.new("RGBA", mask.size, (colour[0], colour[1], colour[2], 255))
        layer.putalpha(mask if alpha == 255 else mask.point(lambda v: v * alpha // 255))
        target.alpha_composite(layer, dest=xy)
    else:
        fill = colour[:3] if target.mode == "RGB" else colour
        target.paste(fill, (xy[0], xy[1], xy[0] + mask.width, xy[1] + mask.height),
                     mask if alpha == 255 else mask.point(lambda v: v * alpha // 255))


def draw_suit(
    target: Image.Image | ImageDraw.ImageDraw,
    suit: str,
    box: Box,
    colour: tuple[int, ...],
    family: SuitFamily = "standard",
    *,
    turned: bool = False,
    supersample: int = 4,
) -> None:
    """Draw the mark of ``suit`` (a suit letter of ``family``) fitted and centred in ``box``.

    ``target`` is an image or an ImageDraw on one. The mark is anti-aliased by drawing at
    ``supersample`` times the size (pass 1 when ``target`` is itself a supersampled canvas).
    ``turned`` turns it upside down (pips on the lower half of a card).
    """
    image = target if isinstance(target, Image.Image) else target._image
    if suit not in SHAPES[family]:
        raise ValueError(f"no {family} suit {suit!r}")
    x0, y0 = round(box[0]), round(box[1])
    w, h = max(1, round(box[2]) - x0), max(1, round(box[3]) - y0)
    paint(image, suit_mask(suit, family, w, h, turned, supersample), (x0, y0), colour)
