"""A table's recent log in a panel: the newest lines that fit, the newest in full white, older ones
muted; an older line that would not fit whole is left out rather than cut (issue 44), a long line's
numbered names shortened first (:func:`renderers.kit.names.short_names_in`)."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from renderers.kit import layout, theme
from renderers.kit.fonts import draw_text
from renderers.kit.layout import Box, Draw
from renderers.kit.names import short_names_in


def log_panel(img: Image.Image, draw: Draw, box: Box, lines: Sequence[str], *, title: str = "Recent",
              size: int = theme.SMALL_TEXT_SIZE + 3, empty: str = "Nothing yet", wrap_lines: int = 2,
              names: Sequence[str] = ()) -> None:
    """The last few log ``lines`` (names already put in) that fit ``box``, newest at the
    bottom in full white, older ones muted (see :func:`log_lines`). A muted ``title`` on top
    (empty for none); ``empty`` when there are no lines."""
    x0, y0, x1, y1 = box
    layout.panel(draw, box, theme.PANEL)
    pad = theme.PADDING - 2
    lead = layout.line_height(size)
    y = y0 + pad
    if title:
        draw_text(draw, (x0 + pad, y + size / 2), title.upper(), size - 4, theme.MUTED, anchor="lm", bold=True)
        y += lead
    room = max(0, int((y1 - pad - y) // lead))
    shown = log_lines(lines, size, x1 - x0 - 2 * pad, room, room, wrap_lines, names)
    if not shown and room:
        draw_text(draw, (x0 + pad, y + size / 2), empty, size, theme.MUTED, anchor="lm")
    for part, newest in shown:
        layout.draw_rich(img, draw, (x0 + pad, y + size / 2), part, size, theme.TEXT if newest else theme.MUTED)
        y += lead


def log_lines(lines: Sequence[str], size: int, width: float, room: int, newest_most: int, older_most: int,
              names: Sequence[str] = ()) -> list[tuple[str, bool]]:
    """The last log ``lines`` that fit ``room`` lines ``width`` wide, each wrapped: (a drawn line,
    whether it is the newest's). The newest takes up to ``newest_most`` lines, an older one up to
    ``older_most``; a line too long has the ``names`` of numbered seats shortened ("Easy 1"); an
    older line that still would not fit whole is left out, not cut (a cut line loses a name or a
    score: issue 44); only the newest is cut with "..." if it must be."""
    shown: list[tuple[str, bool]] = []
    for i, line in enumerate(reversed(list(lines))):
        most = min(newest_most if i == 0 else older_most, room - len(shown))
        if most <= 0:
            break
        parts = layout.wrap(line, size, width)
        if len(parts) > most and names:
            parts = layout.wrap(short_names_in(line, names), size, width)
        if len(parts) > most:
            if i:
                break
            parts = parts[: most - 1] + [layout.ellipsize(" ".join(parts[most - 1:]), size, width)]
        shown = [(p, i == 0) for p in parts] + shown
    return shown
