"""What both tarot hand's-end pictures share (:mod:`renderers.games.tarot.base.round_ends`,
:mod:`renderers.games.tarot.manchester.round_ends`): the frame at :data:`renderers.kit.shown.COPY_SIZE`
with the table's heading and status bar, panels, and cards said as text.

The pictures are the table's sibling, shown in Discord's inline box at 0.65 on a phone: a pile's
cards drawn as faces would be too small to read there, so cards are words ("K Q J" after a suit's
chip, "T21 Fool"), every text at least :data:`renderers.kit.shown.COPY_TEXT_MIN` px.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from games.core.cards import TAROT_SUITS, short
from games.tarot import pack
from renderers.kit import layout, shown, theme
from renderers.kit.fonts import draw_text, text_width
from renderers.kit.layout import Box, Draw
from renderers.kit.names import fit_names
from renderers.kit.theme import RGB
from renderers.kit.trick_table import heading_line, status_bar

W, H = shown.COPY_SIZE
MARGIN = 5
TEXT = 18  # names
FIGURE = 20  # the figures under the column heads
SMALLEST = shown.COPY_TEXT_MIN  # every other text
LINE = 22  # a line of a panel
HEADS_H = 20
GAP = 4
MAX_PAD = 8
CHIP = 18  # a suit's chip before its ranks
Run = tuple[str | None, str]  # (a suit's letter, or None for trumps and the Fool; the cards' words)


def frame(title: str, subtitle: str, status: str, colour: RGB) -> tuple[Image.Image, Draw, float]:
    """The canvas with the table's heading line and the status bar; returns the y under them."""
    img, draw = layout.canvas(W, H)
    heading_line(img, draw, (MARGIN, MARGIN - 2, W - MARGIN, MARGIN + 24), title, subtitle)
    box = (MARGIN, MARGIN + 26, W - MARGIN, MARGIN + 56)
    status_bar(img, draw, box, status, colour)
    return img, draw, box[3] + GAP


def heads(draw: Draw, y: float, xs: Sequence[float], words: Sequence[str], left: str = "") -> float:
    """The column heads centred on ``xs`` (and ``left`` at the names' column); the y under them."""
    mid = y + HEADS_H / 2
    if left:
        draw_text(draw, (MARGIN + 9, mid), left, SMALLEST, theme.MUTED, anchor="lm", bold=True)
    for x, word in zip(xs, words, strict=True):
        draw_text(draw, (x, mid), word, SMALLEST, theme.MUTED, anchor="mm", bold=True)
    return y + HEADS_H + 2


def row_panel(draw: Draw, box: Box, dot: RGB | None, outline: RGB | None = None, pad: float = 0) -> None:
    """A line's panel, a winner's outlined, with a side's dot by its first line (``pad`` down)."""
    layout.panel(draw, box, theme.PANEL, outline or theme.PANEL_LIGHT, line=2 if outline else 1)
    if dot is not None:
        x0, mid = box[0], box[1] + 3 + pad + LINE / 2
        draw.ellipse((x0 + 8, mid - 5, x0 + 18, mid + 5), fill=dot)


def name_and_dealt(img: Image.Image, draw: Draw, xy: tuple[float, float], name: str, dealt: bool,
                   room: float) -> None:
    """A name in bold, and "dealt" after it for the dealer's."""
    tail = "  dealt" if dealt else ""
    tail_w = text_width(tail, SMALLEST) if dealt else 0
    shown = fit_names(name.split(" & "), TEXT, room - tail_w, True)  # partners: each keeps its number
    width = layout.draw_rich(img, draw, xy, shown, TEXT, theme.TEXT, bold=True)
    if dealt:
        draw_text(draw, (xy[0] + width, xy[1]), tail, SMALLEST, theme.MUTED, anchor="lm")


def figure(draw: Draw, xy: tuple[float, float], value: str, ink: RGB = theme.TEXT) -> None:
    draw_text(draw, xy, value, FIGURE, ink, anchor="mm", bold=True)


# -- cards as words ------------------------------------------------------------------------------

def runs(cards: Sequence[str]) -> list[Run]:
    """``cards`` as runs of words: each suit's ranks after its chip, then the trumps and the Fool,
    in the pack's order."""
    ordered = pack.ORDER.sort(list(cards))
    out: list[Run] = []
    for card in ordered:
        suit = pack.suit(card)
        key = suit if suit in TAROT_SUITS else None
        word = card[:-1] if key else short(card, "tarot")
        if out and out[-1][0] == key:
            out[-1] = (key, f"{out[-1][1]} {word}")
        else:
            out.append((key, word))
    return out


def run_width(run: Run) -> float:
    return (CHIP + 4 if run[0] else 0) + text_width(run[1], SMALLEST)


def run_lines(cards: Sequence[str], first: float, room: float, most: int = 2) -> list[list[Run]]:
    """The runs of ``cards`` broken into lines, the first ``first`` px wide and the rest ``room``,
    at most ``most`` (a long run is split between its words; the last line is cut with "...")."""
    lines: list[list[Run]] = [[]]
    width = 0.0
    pending = list(runs(cards))
    while pending:
        run = pending.pop(0)
        limit = first if len(lines) == 1 else room
        gap = 12 if lines[-1] else 0
        if width + gap + run_width(run) <= limit:
            lines[-1].append(run)
            width += gap + run_width(run)
            continue
        words = run[1].split(" ")
        fit = next((k for k in range(len(words) - 1, 0, -1)
                    if width + gap + run_width((run[0], " ".join(words[:k]))) <= limit), 0)
        if fit:
            lines[-1].append((run[0], " ".join(words[:fit])))
            pending.insert(0, (run[0], " ".join(words[fit:])))
        elif not lines[-1]:  # too long even alone: cut it
            lines[-1].append((run[0], layout.ellipsize(run[1], SMALLEST, limit - CHIP - 4)))
            continue
        else:
            pending.insert(0, run)
        if len(lines) == most:
            lines[-1][-1] = (lines[-1][-1][0], lines[-1][-1][1] + " \u2026")
            break
        lines.append([])
        width = 0.0
    return lines


def line_width(label: str, cards: Sequence[str], empty: str) -> float:
    """The width of ``label`` and ``cards`` as words on one line (``empty`` if there are none)."""
    found = runs(cards)
    if not found:
        return text_width(label, SMALLEST) + 8 + text_width(empty, SMALLEST)
    return text_width(label, SMALLEST) + 8 + sum(run_width(r) for r in found) + 12 * (len(found) - 1)


def draw_runs(img: Image.Image, draw: Draw, xy: tuple[float, float], line: Sequence[Run],
              ink: RGB = theme.TEXT) -> float:
    """A line of runs from ``xy`` (its left, vertically centred); returns where it ends."""
    x, y = xy
    for i, (suit, words) in enumerate(line):
        x += 12 if i else 0
        if suit:
            layout.suit_chip(img, draw, (x, y - CHIP / 2, x + CHIP, y + CHIP / 2), suit, "tarot")
            x += CHIP + 4
        draw_text(draw, (x, y), words, SMALLEST, theme.TRUMP_INK if suit is None else ink, anchor="lm")
        x += text_width(words, SMALLEST)
    return x


def cards_block(img: Image.Image, draw: Draw, xy: tuple[float, float], label: str, cards: Sequence[str],
                empty: str, room: float, lines: Sequence[Sequence[Run]] | None = None,
                label_w: float | None = None) -> None:
    """``label`` (muted; ``label_w`` wide, to line up with others) then ``cards`` as words,
    wrapped onto lines ``LINE`` apart."""
    x, y = xy
    draw_text(draw, (x, y), label, SMALLEST, theme.MUTED, anchor="lm")
    left = x + (text_width(label, SMALLEST) if label_w is None else label_w) + 8
    if not cards:
        draw_text(draw, (left, y), empty, SMALLEST, theme.MUTED, anchor="lm")
        return
    for k, line in enumerate(lines if lines is not None else block_lines(label, cards, room, label_w=label_w)):
        draw_runs(img, draw, (left if k == 0 else x, y + k * LINE), line)


def block_lines(label: str, cards: Sequence[str], room: float, most: int = 2,
                label_w: float | None = None) -> list[list[Run]]:
    """How :func:`cards_block` breaks ``cards`` after ``label`` in ``room`` px."""
    first = room - (text_width(label, SMALLEST) if label_w is None else label_w) - 8
    return run_lines(cards, first, room, most) if cards else [[]]


def note_panel(draw: Draw, y: float, text: str, outline: RGB | None = None, pad: float = 0) -> float:
    """A panel of ``text`` across the picture, wrapped onto two lines at most, ``pad`` more
    above and below; the y under it."""
    room = W - 2 * MARGIN - 24
    lines = layout.wrap(text, SMALLEST, room)
    if len(lines) > 2:
        lines = [lines[0], layout.ellipsize(" ".join(lines[1:]), SMALLEST, room)]
    height = len(lines) * LINE + 6 + 2 * pad
    layout.panel(draw, (MARGIN, y, W - MARGIN, y + height), theme.PANEL, outline, line=1)
    for k, line in enumerate(lines):
        draw_text(draw, (MARGIN + 12, y + 3 + pad + LINE / 2 + k * LINE), line, SMALLEST, theme.TEXT, anchor="lm")
    return y + height + GAP


def spare_pad(used: float, panels: int) -> float:
    """The padding above and below each of ``panels`` panels that shares out the height the
    picture does not need (``used`` px of it), a little at most: a short account stays on top."""
    return max(0.0, min(MAX_PAD, (H - MARGIN - used) / (2 * max(1, panels))))


def note_height(text: str) -> float:
    return min(2, len(layout.wrap(text, SMALLEST, W - 2 * MARGIN - 24))) * LINE + 6 + GAP
