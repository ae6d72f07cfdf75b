"""A member's skill rating over their last games (/stats): a line for the best estimate of their
skill, a band for where it probably lies, and the band's lower edge, the rating the leaderboard
shows, marked with its latest value. Laid out for the box Discord shows inline
(:data:`renderers.kit.shown.COPY_SIZE`), so it reads on a phone: few labels, large text.

The picture is a pure function of plain data (nothing from the bot)::

    {"title": "Alex at Fosco", "subtitle": "rank 2 of 9",
     "points": [[mu, sigma], ...],          # oldest first: one per game (the first may be the start)
     "base": 1000, "scale": 40, "z": 3}     # shown = base + scale * (mu - z * sigma)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from renderers.kit import layout, shown, theme
from renderers.kit.fonts import Colour, draw_text, text_width

WIDTH, HEIGHT = shown.COPY_SIZE
PAD = theme.PADDING
PLOT_LEFT = 80  # room for the scale's numbers
PLOT_RIGHT = WIDTH - PAD - 96  # room for the latest rating's label
LEGEND_LINE = 28
TOP, BOTTOM = layout.HEADER_HEIGHT + 2 * LEGEND_LINE + 22, HEIGHT - 46  # the plot's first and last rows
LEGEND = (("rating (the leaderboard's)", "line"), ("best estimate", "line"), ("where the skill probably lies", "band"))
BAND: tuple[int, int, int, int] = (*theme.ACCENT, 70)
ESTIMATE = theme.TEXT
RATING = theme.HIGHLIGHT


def _nice_step(span: float, ticks: int = 5) -> float:
    """A round step (1, 2 or 5 times a power of ten) that cuts ``span`` into about ``ticks`` parts."""
    raw = max(span, 1.0) / ticks
    power = 10 ** math.floor(math.log10(raw))
    return float(next(power * m for m in (1, 2, 5, 10) if power * m >= raw))


def bounds(low: Sequence[float], high: Sequence[float]) -> tuple[float, float]:
    """The scale's ends: round numbers just outside every point of the band."""
    step = _nice_step(max(high) - min(low))
    # rounded first: 1000 + 40 (25 - 3 x 25/3) comes out a hair under 1000
    floor, ceil = math.floor(round(min(low) / step, 6)) * step, math.ceil(round(max(high) / step, 6)) * step
    return floor, ceil if ceil > floor else floor + step


def y_of(value: float, floor: float, ceil: float) -> float:
    return BOTTOM - (value - floor) / (ceil - floor) * (BOTTOM - TOP)


def chart(data: Mapping[str, Any]) -> Image.Image:
    base, scale, z = float(data.get("base", 1000)), float(data.get("scale", 40)), float(data.get("z", 3))
    points: Sequence[Sequence[float]] = data.get("points") or []
    img, draw = layout.canvas(WIDTH, HEIGHT)
    y0 = layout.header(img, draw, str(data.get("title") or "Rating"), str(data.get("subtitle") or ""))
    legend_y = y0 + 22
    x = float(PAD + 4)
    colours: tuple[Colour, ...] = (RATING, ESTIMATE, BAND)
    for (label, kind), colour in zip(LEGEND, colours, strict=True):
        width = 38 + text_width(label, theme.SMALL_TEXT_SIZE)
        if x + width > WIDTH - PAD:  # the legend goes on to a second line rather than shrink
            x, legend_y = float(PAD + 4), legend_y + LEGEND_LINE
        if kind == "band":
            layout.panel(draw, (x, legend_y - 9, x + 30, legend_y + 9), colour, None, radius=4)
        else:
            draw.line([(x, legend_y), (x + 30, legend_y)], fill=colour, width=4)
        draw_text(draw, (x + 38, legend_y), label, theme.SMALL_TEXT_SIZE, theme.MUTED, anchor="lm")
        x += width + 24
    top, bottom = TOP, BOTTOM
    box = (PLOT_LEFT, top, PLOT_RIGHT, bottom)
    layout.panel(draw, (PLOT_LEFT - 8, top - 10, PLOT_RIGHT + 8, bottom + 10), theme.PANEL, None)
    if not points:
        draw_text(draw, ((box[0] + box[2]) / 2, (top + bottom) / 2), "No rated games yet", theme.TEXT_SIZE,
                  theme.MUTED, anchor="mm")
        return img
    low = [base + scale * (mu - z * sigma) for mu, sigma in points]
    high = [base + scale * (mu + z * sigma) for mu, sigma in points]
    mid = [base + scale * mu for mu, _ in points]
    floor, ceil = bounds(low, high)
    step = _nice_step(max(high) - min(low))

    def py(value: float) -> float:
        return y_of(value, floor, ceil)

    def px(i: int) -> float:
        return box[0] + (box[2] - box[0]) * (i / (len(points) - 1) if len(points) > 1 else 0.5)

    tick = floor
    while tick <= ceil + 1e-9:
        y = py(tick)
        draw.line([(box[0], y), (box[2], y)], fill=theme.PANEL_LIGHT, width=1)
        draw_text(draw, (PLOT_LEFT - 16, y), f"{tick:,.0f}", theme.SMALL_TEXT_SIZE, theme.MUTED, anchor="rm")
        tick += step
    xs = [px(i) for i in range(len(points))]
    if len(points) > 1:
        draw.polygon([(x, py(v)) for x, v in zip(xs, high, strict=True)]
                     + [(x, py(v)) for x, v in reversed(list(zip(xs, low, strict=True)))], fill=BAND)
        draw.line([(x, py(v)) for x, v in zip(xs, mid, strict=True)], fill=ESTIMATE, width=3, joint="curve")
        draw.line([(x, py(v)) for x, v in zip(xs, low, strict=True)], fill=RATING, width=5, joint="curve")
    else:
        draw.line([(xs[0], py(high[0])), (xs[0], py(low[0]))], fill=BAND, width=18)
    last_x, last_y = xs[-1], py(low[-1])
    # Both latest values labelled in the scale's numbers, as the text gives them (issue 44 point 7).
    guess_y = py(mid[-1])
    if last_y - guess_y >= 30:
        layout.pill(draw, (last_x + 18, guess_y), f"{round(mid[-1]):,}", size=theme.SMALL_TEXT_SIZE,
                    fill=theme.PANEL, ink=ESTIMATE, outline=theme.PANEL_LIGHT, anchor="lm")
    draw.ellipse((last_x - 8, last_y - 8, last_x + 8, last_y + 8), fill=RATING, outline=theme.PANEL, width=2)
    layout.pill(draw, (last_x + 18, last_y), f"{round(low[-1]):,}", size=theme.TEXT_SIZE, fill=theme.PANEL,
                ink=RATING, outline=RATING, anchor="lm")
    games = len(points) - (1 if data.get("from_start") else 0)
    left = "start" if data.get("from_start") else f"{games} games ago"
    draw_text(draw, (box[0], bottom + 28), left, theme.SMALL_TEXT_SIZE, theme.MUTED, anchor="lm")
    draw_text(draw, (box[2], bottom + 28), "latest game", theme.SMALL_TEXT_SIZE, theme.MUTED, anchor="rm")
    return img
