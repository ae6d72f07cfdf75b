"""Fscking Ace's seat cells under the felt (see :mod:`renderers.games.fscking_ace.table`).

Up to thirty seats share some 590 x 215 px, so no seat can show its scored cards as readable
card faces: a cell says them as text instead ("7♦ 2♥ $5"), the cards that change a pile's worth
(2s and jokers) kept when the line is full. A cell is one of two shapes:

- two lines (up to eight seats): the name and its tags, the game balance in a dark pill at the
  right; under them the scored cards as text, the doubling chips ("regular x2") and the round's
  worth with the card count (between rounds, what the seat gained or paid);
- one line (more seats): the name and its kept 2s as text ("2♠" says "pays double"), then in
  columns shared by the grid the card count (in a dark tile; not between rounds), the round's
  worth (or gain, bold) and the game balance (signed, in green or red).

A cell's :class:`Seat` holds everything it shows, so it is also the key of its kept pixels.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

from games.core import cards as card_names
from games.fscking_ace.values import CLUB_TWO, JOKER_FACE, RED_TWOS, SPADE_TWO
from renderers.games.fscking_ace.parts import SMALL, SPECIAL, chip, chip_width
from renderers.kit import layout, theme
from renderers.kit.fonts import draw_text, text_width
from renderers.kit.layout import Box, Draw
from renderers.kit.names import fit_name
from renderers.kit.theme import RGB, mix

NAME = SMALL + 1  # 18 px
TWO_LINES = 44  # px: a cell at least this high takes two lines
TWOS = (*sorted(RED_TWOS), CLUB_TWO, SPADE_TWO)
NAME_ROOM = 110.0  # px a one-line cell keeps for the name before it shows the cards as text
CARDS_ROOM = 60.0  # the least room worth the cards as text


@dataclass(frozen=True)
class Seat:
    """What one seat's cell shows; amounts already in the guild's unit."""

    seat: int
    name: str
    to_move: bool
    won: bool
    lost: bool  # paid the last settlement
    cards: tuple[str, ...]
    count: int
    worth: str  # the round's worth, or between rounds what the seat gained or paid
    worth_ink: RGB
    value: str  # the round's worth (said again under a gain between rounds)
    settled: bool  # between rounds or over: ``worth`` is a gain or payment
    balance: str
    balance_ink: RGB
    chips: tuple[tuple[str, RGB], ...]  # "regular x2", "jokers x4"
    tags: tuple[tuple[str, RGB], ...]  # "loses x2", "bonus", "opens", "next"


@dataclass(frozen=True)
class Columns:
    """The one-line cells' right-hand columns, as wide as the widest entry among all seats."""

    count: float  # 0: no counts
    worth: float
    balance: float

    @classmethod
    def of(cls, seats: Sequence[Seat]) -> Columns:
        """Between rounds the counts give way: the gains and the balances need the room, and the
        counts are the round's just settled."""
        counts = 0.0 if any(s.settled for s in seats) else max(text_width(str(s.count), SMALL) for s in seats) + 6
        return cls(math.ceil(counts), math.ceil(max(text_width(s.worth, SMALL, True) for s in seats)),
                   math.ceil(max(text_width(s.balance, SMALL, True) for s in seats)))


def card_text(tok: str) -> str:
    return f"${JOKER_FACE[tok] // 100}" if tok in JOKER_FACE else card_names.short(tok)


def cards_line(cards: Sequence[str], room: float, size: int = SMALL) -> str:
    """``cards`` as text in the order scored, within ``room`` px: when they do not all fit, the
    2s and jokers (which change what a pile is worth) and then the latest plain cards, after
    "+N" for those left out."""
    words = [card_text(c) for c in cards]
    # Measured word by word (a card's width is kept, a line's would be measured anew each time).
    widths = [layout.rich_width(w, size) for w in words]
    space = text_width(" ", size)
    if sum(widths) + space * (len(words) - 1) <= room:
        return " ".join(words)
    special = [i for i, c in enumerate(cards) if c in SPECIAL]
    order = special + [i for i, c in enumerate(cards) if c not in SPECIAL][::-1]
    used = text_width(f"+{len(cards)}", size)
    keep: set[int] = set()
    for i in order:
        if used + space + widths[i] > room:
            break
        used += space + widths[i]
        keep.add(i)
    return f"+{len(cards) - len(keep)} " + " ".join(words[j] for j in sorted(keep))


def words(img: Image.Image, draw: Draw, xy: tuple[float, float], text: str, fill: RGB) -> None:
    """``text`` (cards) a word at a time from quarter pixels: a suit mark is placed by rounding,
    and a long run of sums could round one way in a kept cell and the other in place. A "+N"
    (cards left out) is muted."""
    x, y = xy
    space = text_width(" ", SMALL)
    for word in text.split(" "):
        x = round(x * 4) / 4
        ink = theme.MUTED if word.startswith("+") else fill  # "+N" cards left out, not money
        x += layout.draw_rich(img, draw, (x, y), word, SMALL, ink) + space


def frame(draw: Draw, box: Box, seat: Seat) -> None:
    """The cell's panel: blue for the seat to move, green for a winner, red for the last loser."""
    fill = mix(theme.PANEL, theme.ACCENT, 0.35) if seat.to_move else theme.PANEL
    outline = theme.GOOD if seat.won else theme.ACCENT if seat.to_move else theme.BAD if seat.lost else None
    layout.panel(draw, box, fill, outline, line=2, radius=6)


def lead_in(draw: Draw, seat: Seat, x: float, mid: float) -> float:
    """The pointer of the seat to move and the seat's colour; returns where the name starts."""
    if seat.to_move:
        draw.polygon([(x, mid - 7), (x + 11, mid), (x, mid + 7)], fill=theme.HIGHLIGHT)
        x += 15
    draw.ellipse((x, mid - 5, x + 10, mid + 5), fill=layout.seat_colour(seat.seat))
    return x + 15


def name_and_tags(img: Image.Image, draw: Draw, seat: Seat, x: float, mid: float, room: float,
                  tags: Sequence[tuple[str, RGB]], size: int = NAME) -> None:
    """The name, a star for a winner, and ``tags`` in order while the name keeps 70 px."""
    star = 22 if seat.won else 0
    name_w = min(layout.rich_width(seat.name, size, True), 70.0)
    kept: list[tuple[str, RGB]] = []
    for tag in tags:
        if name_w + star + sum(chip_width(t) + 5 for t, _ in [*kept, tag]) <= room:
            kept.append(tag)
    name_room = room - star - sum(chip_width(t) + 5 for t, _ in kept)
    name = fit_name(seat.name, size, max(30.0, name_room), True)
    x += layout.draw_rich(img, draw, (x, mid), name, size, theme.TEXT, bold=True) + 5
    if star:
        layout.star(draw, (x + 9, mid), 9, theme.HIGHLIGHT)
        x += star
    for text, colour in kept:
        x = chip(draw, (x, mid), text, colour, height=22) + 5


def two_lines(img: Image.Image, draw: Draw, box: Box, seat: Seat) -> None:
    x0, y0, x1, y1 = box
    frame(draw, box, seat)
    top, low = round(y0 + (y1 - y0) * 0.29), round(y0 + (y1 - y0) * 0.71)
    # The game balance, labelled so as not to be read as the round's worth.
    bw = text_width(seat.balance, NAME, True) + text_width("game", SMALL) + 22
    layout.panel(draw, (x1 - 8 - bw, top - 12, x1 - 8, top + 12), theme.BACKGROUND, radius=12)
    draw_text(draw, (x1 - bw, top), "game", SMALL, theme.MUTED, anchor="lm")
    draw_text(draw, (x1 - 16, top), seat.balance, NAME, seat.balance_ink, anchor="rm", bold=True)
    x = lead_in(draw, seat, x0 + 10, top)
    name_and_tags(img, draw, seat, x, top, x1 - 8 - bw - 8 - x, seat.tags)
    # Under it: the round's worth and cards at the right, the chips, then the cards as text.
    small = f" \u00b7 {layout.plural(seat.count, 'card')}" if not seat.settled else \
        f" ({seat.value} \u00b7 {layout.plural(seat.count, 'card')})"
    right = x1 - 10
    draw_text(draw, (right, low), small, SMALL, theme.MUTED, anchor="rm")
    right -= text_width(small, SMALL)
    draw_text(draw, (right, low), seat.worth, NAME, seat.worth_ink, anchor="rm", bold=True)
    right -= text_width(seat.worth, NAME, True) + 10
    for text, colour in reversed(seat.chips):
        if right - chip_width(text) < x0 + 120:
            break
        chip(draw, (right - chip_width(text), low), text, colour, height=22)
        right -= chip_width(text) + 5
    if seat.cards:
        words(img, draw, (x0 + 12, low), cards_line(seat.cards, right - 8 - (x0 + 12)), theme.TEXT)
    elif right - 8 - (x0 + 12) >= text_width("nothing scored", SMALL):
        draw_text(draw, (x0 + 12, low), "nothing scored", SMALL, theme.MUTED, anchor="lm")


def one_line(img: Image.Image, draw: Draw, box: Box, seat: Seat, cols: Columns) -> None:
    """A cell a third of the picture wide: every pixel goes to the name and the figures (the
    seat's colour is a stripe, the seat to move is told by the cell's colour)."""
    x0, y0, x1, y1 = box
    frame(draw, box, seat)
    draw.rectangle((x0 + 2, y0 + 4, x0 + 5, y1 - 4), fill=layout.seat_colour(seat.seat))
    mid = (y0 + y1) // 2  # a 19 px cell's descenders stay inside it
    right = x1 - 5
    draw_text(draw, (right, mid), seat.balance, SMALL, seat.balance_ink, anchor="rm", bold=True)
    right -= cols.balance + 5
    draw_text(draw, (right, mid), seat.worth, SMALL, seat.worth_ink, anchor="rm", bold=True)
    right -= cols.worth + 5
    if cols.count:  # the card count in a small dark tile, so as not to be read as money
        layout.panel(draw, (right - cols.count, mid - 9, right, mid + 9), theme.BACKGROUND, radius=4)
        draw_text(draw, (right - cols.count / 2, mid), str(seat.count), SMALL, theme.MUTED, anchor="mm")
        right -= cols.count + 4
    x = x0 + 8
    star = 16 if seat.won else 0
    room = right - x - star
    name_w = layout.rich_width(seat.name, SMALL, True)
    # In a wide cell the cards follow the name as text; in a narrow one only the kept 2s (they
    # say what the chips say), and they give way to the name first.
    wide = room - min(name_w, NAME_ROOM) >= CARDS_ROOM
    if wide:
        extra = cards_line(seat.cards, room - min(name_w, NAME_ROOM) - 8) if seat.cards else ""
    else:
        extra = "".join(card_text(c) for c in TWOS for _ in range(seat.cards.count(c)))
        if extra and min(name_w, 56.0) + layout.rich_width(extra, SMALL) + 3 > room:
            extra = ""
    extra_w = math.ceil(layout.rich_width(extra, SMALL)) + 8 if extra else 0
    name = fit_name(seat.name, SMALL, max(20, math.floor(room - extra_w)), True)
    x += layout.draw_rich(img, draw, (x, mid), name, SMALL, theme.TEXT, bold=True) + 4
    if star:
        layout.star(draw, (x + 7, mid), 7, theme.HIGHLIGHT)
        x += star
    if extra:
        words(img, draw, (x + 4, mid), extra, theme.TEXT if wide else theme.HIGHLIGHT)
