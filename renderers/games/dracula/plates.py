"""A Dracula side's plate, in the player's copy and on the table: the side's colour and way (an
arrow in its colour; the table also names it), each seat (the turn, the name, the dealer, the
cards held) and the side's score with what the last coffin scored for it."""

from __future__ import annotations

from typing import Any

from PIL import Image

from renderers.games.dracula.coffin import SMALL, Table
from renderers.games.dracula.copy_hand import TEXT
from renderers.games.dracula.parts import WAY_WORDS, WAYS, Side, double_arrow
from renderers.kit import layout, theme
from renderers.kit.fonts import draw_text, text_width
from renderers.kit.layout import Box, Draw
from renderers.kit.names import fit_name
from renderers.kit.theme import mix

SEAT_ROW = 24  # one seat's line
WAY_ROW = 24  # the table's line naming the way, over the seats


def side_height(side: Side) -> int:
    """A copy's plate: its seats, with room for the score's two lines."""
    return len(side.seats) * SEAT_ROW + (12 if len(side.seats) > 1 else 22)


def table_height(side: Side) -> int:
    """A table's plate: the way's line over its seats."""
    return 4 + WAY_ROW + len(side.seats) * SEAT_ROW + 4


def gain_of(t: Table, side: Side) -> int | None:
    """What the last coffin scored for ``side`` (None before the first, and once the game is over)."""
    gains = [e["scored"] for e in (t.last["sides"] if t.last else []) if side.seats[0] in e["seats"]]
    return gains[0] if gains and not t.over else None


def plate_key(t: Table, side: Side, kind: str = "copy") -> tuple[Any, ...]:
    """Everything a ``kind`` ("copy" or "table") plate shows (the key of its kept pixels)."""
    sizes = t.view["hand_sizes"]
    return (f"dracula {kind} side", tuple(side.seats), side.colour, side.way, t.final_of(side), gain_of(t, side),
            t.turn if t.turn in side.seats else None, bool(t.winners) and set(side.seats) <= t.winners,
            tuple((t.seat_name(s), t.names[s], s == t.dealer and not t.over,
                   sizes[s] if s < len(sizes) and t.phase == "place" and not t.over else None) for s in side.seats))


def side_plate(img: Image.Image, draw: Draw, box: Box, *, t: Table, side: Side) -> None:
    """The copy's plate: the way's arrow, the seats and the score, centred in ``box``."""
    x0, y0, _, y1 = box
    my = (y0 + y1) / 2
    frame(draw, box, t, side)
    way_icon(draw, side, (x0 + 27, my))
    end = score_box(draw, t, side, box)
    seat_rows(img, draw, t, side, x0 + 60, end, my - len(side.seats) * SEAT_ROW / 2)


def table_plate(img: Image.Image, draw: Draw, box: Box, *, t: Table, side: Side) -> None:
    """The table's plate: as the copy's, with the way named on a line over the seats (onlookers
    need to be told which side scores rows)."""
    x0, y0, _, y1 = box
    frame(draw, box, t, side)
    way_icon(draw, side, (x0 + 27, (y0 + y1) / 2))
    end = score_box(draw, t, side, box)
    way_y = y0 + 4 + WAY_ROW / 2
    if side.way is None:
        text, ink = "way not chosen yet", theme.MUTED
    else:
        text, ink = f"{WAYS[side.way]} ({WAY_WORDS[side.way]})", side.colour
    draw_text(draw, (x0 + 48, way_y), layout.ellipsize(text, SMALL, end - x0 - 48, True), SMALL, ink, anchor="lm",
              bold=True)
    seat_rows(img, draw, t, side, x0 + 60, end, y0 + 4 + WAY_ROW)


def frame(draw: Draw, box: Box, t: Table, side: Side) -> None:
    """The plate's panel (lit while the side is to move, green once it has won) and colour stripe."""
    x0, y0, _, y1 = box
    to_move = t.turn is not None and t.turn in side.seats
    won = bool(t.winners) and set(side.seats) <= t.winners
    fill = mix(theme.PANEL, theme.ACCENT, 0.32) if to_move else theme.PANEL
    outline = theme.GOOD if won else theme.ACCENT if to_move else theme.PANEL_LIGHT
    layout.panel(draw, box, fill, outline, line=2, radius=theme.RADIUS)
    draw.rounded_rectangle((x0 + 3, y0 + 6, x0 + 8, y1 - 6), radius=2, fill=side.colour)


def way_icon(draw: Draw, side: Side, centre: tuple[float, float]) -> None:
    """A square in the side's colour with its way's arrow (a "?" before the choice)."""
    cx, cy = centre
    icon = (cx - 13, cy - 13, cx + 13, cy + 13)
    if side.way is None:
        layout.panel(draw, icon, theme.BACKGROUND, theme.PANEL_LIGHT, line=2, radius=7)
        draw_text(draw, centre, "?", TEXT, theme.MUTED, anchor="mm", bold=True)
    else:
        layout.panel(draw, icon, side.colour, radius=7)
        double_arrow(draw, centre, 18, side.way == "cols", theme.PANEL, 3, head=6)


def score_box(draw: Draw, t: Table, side: Side, box: Box) -> float:
    """The side's score at the plate's right, what the last coffin scored under it, a star once it
    has won; returns where the seats' lines must end."""
    _, y0, x1, y1 = box
    my = (y0 + y1) / 2
    won = bool(t.winners) and set(side.seats) <= t.winners
    score = str(t.final_of(side))
    sw = max(50.0, text_width(score, 24, True) + 16)
    sbox = (x1 - sw - 5, y0 + 5, x1 - 5, y1 - 5)
    layout.panel(draw, sbox, theme.BACKGROUND, theme.GOOD if won else side.colour, line=2, radius=8)
    gain = gain_of(t, side)
    sx = (sbox[0] + sbox[2]) / 2
    draw_text(draw, (sx, my - (8 if gain is not None else 0)), score, 22 if gain is not None else 24, theme.TEXT,
              anchor="mm", bold=True)
    if gain is not None:
        draw_text(draw, (sx, sbox[3] - 9), f"+{gain}", SMALL, theme.GOOD if gain else theme.MUTED, anchor="mm")
    if won:
        layout.star(draw, (sbox[2] - 4, sbox[1] + 4), 8, theme.HIGHLIGHT)
    return sbox[0] - 8


def seat_rows(img: Image.Image, draw: Draw, t: Table, side: Side, left: float, end: float, top: float) -> None:
    """Each seat of ``side`` on a line from ``top``: the turn's arrow, the name (with "(you)"
    where it fits), the dealer's "D", and the cards held, ending at ``end``."""
    sizes = t.view["hand_sizes"]
    counts = t.phase == "place" and not t.over
    y = top
    for seat in side.seats:
        mid = y + SEAT_ROW / 2
        x = left
        if t.turn == seat:
            draw.polygon([(x - 13, mid - 7), (x - 4, mid), (x - 13, mid + 7)], fill=theme.HIGHLIGHT)
        stop = end
        if counts:
            n = str(int(sizes[seat]) if seat < len(sizes) else 0)
            field, _, trim = theme.BACK_STYLES["standard"]
            draw_text(draw, (end, mid), n, TEXT, theme.TEXT if t.turn == seat else theme.MUTED, anchor="rm", bold=True)
            bx = end - text_width(n, TEXT, True) - 17
            draw.rounded_rectangle((bx, mid - 9, bx + 13, mid + 9), radius=2, fill=field, outline=trim, width=2)
            stop = bx - 6
        dealer = seat == t.dealer and not t.over
        room = stop - x - (26 if dealer else 0)
        # "Ann (you)"; a size smaller where that does not fit; else plain "Ann"
        name, size = t.seat_name(seat), TEXT
        if layout.rich_width(name, size, True) > room:
            size = SMALL
            if layout.rich_width(name, size, True) > room:
                name, size = fit_name(t.names[seat], TEXT, room, True), TEXT
        x += layout.draw_rich(img, draw, (x, mid), name, size, theme.TEXT, bold=True) + 6
        if dealer:  # a round gold "D"
            draw.ellipse((x, mid - 10, x + 20, mid + 10), fill=theme.HIGHLIGHT)
            draw_text(draw, (x + 10, mid + 1), "D", SMALL, theme.PANEL, anchor="mm", bold=True)
        y += SEAT_ROW
