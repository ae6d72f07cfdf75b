"""Players' badges (name, colour, score, whose turn), the star of a winner, score panels and progress
bars, as every table draws them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

from renderers.kit import theme
from renderers.kit.fonts import draw_text, text_width
from renderers.kit.layout import Box, Draw, draw_rich, line_height, panel, rgba_of, rich_width, suit_chip
from renderers.kit.names import fit_name
from renderers.kit.theme import RGB, mix

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
    name = fit_name(name, size, max(30.0, width - fixed), bold=True)
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
        draw_text(draw, (x0 + pad + 24, mid), fit_name(row.name, size, room, True), size, theme.TEXT,
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
