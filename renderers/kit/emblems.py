"""Decorations for court, joker and tarot cards, drawn with polygons and circles.

Every emblem is described like a suit mark (height 1, width = its aspect ratio) and drawn by a
:class:`~renderers.kit.pips.Pen` in three colours: ``ink`` (the body), ``hole`` (details cut out in
the background colour) and ``accent`` (jewels, bells, eyes).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from itertools import pairwise

from renderers.kit.pips import Ink, Pen, Point, bezier, leaf, mirrored, star_points

EmblemFn = Callable[[Pen, Ink, Ink, Ink], None]


def king_crown(pen: Pen, ink: Ink, hole: Ink, accent: Ink) -> None:
    """A tall five-pointed crown on a jewelled band."""
    body: list[Point] = [(0.12, 0.74), (0.06, 0.22), (0.36, 0.5), (0.48, 0.12), (0.65, 0.42),
                         (0.82, 0.12), (0.94, 0.5), (1.24, 0.22), (1.18, 0.74)]
    pen.poly(body, ink)
    for x, y in ((0.06, 0.2), (0.48, 0.1), (0.82, 0.1), (1.24, 0.2)):
        pen.circle(x, y, 0.07, ink)
    pen.poly(star_points(0.65, 0.14, 0.14, points=4, inner=0.4), ink)
    pen.rect(0.08, 0.7, 1.22, 0.96, ink, radius=0.05)
    for x in (0.33, 0.65, 0.97):
        pen.circle(x, 0.83, 0.065, accent)


def queen_crown(pen: Pen, ink: Ink, hole: Ink, accent: Ink) -> None:
    """A domed crown with an orb on top and pearls round the rim."""
    pen.ellipse(0.65, 0.74, 0.5, 0.56, ink)
    pen.circle(0.65, 0.12, 0.11, accent)
    pen.rect(0.62, 0.04, 0.68, 0.2, ink)
    pen.line([(0.65, 0.26), (0.65, 0.68)], hole, 0.05)
    pen.line([(0.38, 0.38), (0.3, 0.68)], hole, 0.04)
    pen.line([(0.92, 0.38), (1.0, 0.68)], hole, 0.04)
    pen.rect(0.06, 0.68, 1.24, 0.94, ink, radius=0.12)
    for x in (0.24, 0.44, 0.65, 0.86, 1.06):
        pen.circle(x, 0.81, 0.055, accent)


def jack_cap(pen: Pen, ink: Ink, hole: Ink, accent: Ink) -> None:
    """A page's cap: a soft crown, a brim and a long feather."""
    leaf(pen, (0.82, 0.58), math.radians(-62), 0.62, 0.12, accent)
    pen.ellipse(0.56, 0.62, 0.42, 0.36, ink)
    pen.rect(0.06, 0.62, 1.1, 0.9, ink, radius=0.13)
    pen.line([(0.14, 0.76), (1.02, 0.76)], hole, 0.05)


def horse_head(pen: Pen, ink: Ink, hole: Ink, accent: Ink) -> None:
    """A knight's horse, facing left, on a plinth (the Cavalier)."""
    outline: list[Point] = [
        (0.2, 0.9), (0.24, 0.74), (0.36, 0.6), (0.3, 0.56), (0.14, 0.6), (0.06, 0.56),
        *bezier((0.02, 0.5), (0.0, 0.42), (0.12, 0.34), steps=6),
        (0.24, 0.2), (0.28, 0.12), (0.31, 0.0), (0.4, 0.09), (0.46, 0.09),
        *bezier((0.52, 0.1), (0.82, 0.16), (0.82, 0.62), steps=10),
        (0.76, 0.9),
    ]
    pen.poly(outline, ink)
    pen.rect(0.1, 0.86, 0.86, 1.0, ink, radius=0.04)
    pen.circle(0.27, 0.32, 0.04, hole)
    pen.line([(0.5, 0.16), (0.66, 0.3), (0.7, 0.5), (0.66, 0.72)], hole, 0.03)


def star(pen: Pen, ink: Ink, hole: Ink, accent: Ink) -> None:
    pen.poly(star_points(0.5, 0.53, 0.5, points=5, inner=0.44), ink)


def sparkle(pen: Pen, ink: Ink, hole: Ink, accent: Ink) -> None:
    pen.poly(star_points(0.5, 0.5, 0.5, points=4, inner=0.32), ink)


def jester_hat(pen: Pen, ink: Ink, hole: Ink, accent: Ink) -> None:
    """A fool's cap: two floppy points drooping to the sides and one standing, each with a bell."""
    left = [*bezier((0.3, 0.74), (0.22, 0.06), (0.02, 0.5), steps=14),
            *bezier((0.02, 0.5), (0.3, 0.3), (0.5, 0.7), steps=10)[1:]]
    right = [(1.3 - x, y) for x, y in left]
    centre = [*bezier((0.44, 0.72), (0.5, 0.3), (0.65, 0.04), steps=10),
              *bezier((0.65, 0.04), (0.8, 0.3), (0.86, 0.72), steps=10)[1:]]
    pen.poly(centre, accent)
    pen.poly(left, ink)
    pen.poly(right, ink)
    pen.rect(0.2, 0.7, 1.1, 0.9, ink, radius=0.07)
    for x in (0.42, 0.65, 0.88):
        pen.poly([(x, 0.74), (x + 0.05, 0.8), (x, 0.86), (x - 0.05, 0.8)], hole)
    for x, y in ((0.05, 0.58), (1.25, 0.58)):
        pen.circle(x, y, 0.075, accent)
    pen.circle(0.65, 0.07, 0.075, ink)


def bat(pen: Pen, ink: Ink, hole: Ink, accent: Ink) -> None:
    """A bat, wings spread (aspect 2)."""
    tips = [(0.0, 0.3), (0.2, 0.6), (0.45, 0.7), (0.72, 0.84), (0.93, 0.8)]
    lower: list[Point] = []
    for a, b in pairwise(tips):
        ctrl = ((a[0] + b[0]) / 2 + 0.02, (a[1] + b[1]) / 2 - 0.16)
        lower.extend(bezier(a, ctrl, b, steps=6)[:-1])
    half: list[Point] = [(1.0, 0.24), (0.94, 0.06), (0.9, 0.28), (0.8, 0.32),
                         *bezier((0.68, 0.2), (0.4, 0.02), (0.0, 0.3), steps=10),
                         *lower, (0.93, 0.8), (1.0, 0.86)]
    pen.poly(mirrored(half, 1.0), ink)
    pen.circle(0.955, 0.4, 0.028, accent)
    pen.circle(1.045, 0.4, 0.028, accent)


def fangs(pen: Pen, ink: Ink, hole: Ink, accent: Ink) -> None:
    """A grinning mouth with two long fangs (aspect 2)."""
    top = bezier((0.0, 0.05), (1.0, 0.32), (2.0, 0.05), steps=16)
    bottom = bezier((2.0, 0.05), (1.0, 0.62), (0.0, 0.05), steps=16)
    pen.poly([*top, *bottom[1:]], ink)
    for x in (0.68, 1.32):
        pen.poly([(x - 0.13, 0.2), (x + 0.13, 0.22), (x + 0.01, 0.98)], accent)


def sun(pen: Pen, ink: Ink, hole: Ink, accent: Ink) -> None:
    """A radiant sun (Good)."""
    for i in range(12):
        a = i * math.pi / 6
        w = 0.1 if i % 2 == 0 else 0.07
        r_out = 0.5 if i % 2 == 0 else 0.42
        pen.poly([(0.5 + 0.3 * math.cos(a - w), 0.5 + 0.3 * math.sin(a - w)),
                  (0.5 + r_out * math.cos(a), 0.5 + r_out * math.sin(a)),
                  (0.5 + 0.3 * math.cos(a + w), 0.5 + 0.3 * math.sin(a + w))], ink)
    pen.circle(0.5, 0.5, 0.3, ink)
    pen.ring(0.5, 0.5, 0.22, 0.035, hole)
    pen.circle(0.5, 0.5, 0.1, accent)


def horns(pen: Pen, ink: Ink, hole: Ink, accent: Ink) -> None:
    """A devil's horns over a pointed tail (Evil)."""
    for side in (1, -1):
        def sx(x: float, s: int = side) -> float:
            return 0.6 + s * (x - 0.6)
        outer = bezier((sx(0.34), 0.66), (sx(0.02), 0.5), (sx(0.1), 0.0), steps=12)
        inner = bezier((sx(0.1), 0.0), (sx(0.26), 0.36), (sx(0.52), 0.5), steps=12)
        pen.poly([*outer, *inner[1:]], ink)
    pen.ellipse(0.6, 0.72, 0.3, 0.2, ink)
    pen.poly([(0.6, 0.78), (0.52, 0.66), (0.68, 0.66)], hole)
    pen.circle(0.48, 0.7, 0.04, accent)
    pen.circle(0.72, 0.7, 0.04, accent)


# (function, aspect = width / height)
EMBLEMS: dict[str, tuple[EmblemFn, float]] = {
    "king": (king_crown, 1.3),
    "queen": (queen_crown, 1.3),
    "jack": (jack_cap, 1.16),
    "cavalier": (horse_head, 0.86),
    "star": (star, 1.0),
    "sparkle": (sparkle, 1.0),
    "jester": (jester_hat, 1.3),
    "bat": (bat, 2.0),
    "fangs": (fangs, 2.0),
    "sun": (sun, 1.0),
    "horns": (horns, 1.2),
}
