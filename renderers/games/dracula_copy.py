"""A Dracula player's copy, laid out for Discord's inline box (:data:`renderers.kit.shown.COPY_SIZE`).

At the left, on the felt, the coffin at full height: its 3x3 grid of cards at the copy's card
width (the cells where the member may place glow with a "+"), each row's value chip to its
right and each column's under it in the colour of the side that scores it (a muted number for
a line still open, a red 0 and a bat for a drained one, a star on the line a side scored); in
the corner, which way each side scores. Before the first deal the felt shows the cut and the
choice of way instead. At the right: the status (its "Deal 3 of 6" set apart as a label, with
the stock), or the result once the game is over; a plate per side (its way, each seat's name
with the turn, the dealer and the cards held, the side's score); the member's hand
(:mod:`renderers.games.dracula_copy_hand`).

Everything is read from the two views given (the member's seat view and the spectators').
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from functools import partial
from typing import Any

from PIL import Image

from renderers.games.dracula import Table
from renderers.games.dracula_copy_hand import CARD, CARD_H, LEAD, SMALL, TEXT, hand_block, hand_height
from renderers.games.dracula_parts import BLOOD, WAY_WORDS, WAYS, Side, double_arrow, emblem, legal_slot, nail
from renderers.kit import card_rows, layout, theme
from renderers.kit import hand as generic_hand
from renderers.kit.fonts import draw_text, fit_size, text_width
from renderers.kit.layout import Box, Draw
from renderers.kit.regions import region
from renderers.kit.shown import COPY_SIZE
from renderers.kit.theme import RGB, mix

W, H = COPY_SIZE
M = 5  # the margin round the picture and between its panels
GAP = 5  # between the coffin's cells
PAD = 5  # inside the coffin's felt
CHIP_GAP = 4  # between the grid and its line chips
ROW_CHIP = 42  # a row chip's width (a column chip is a card wide)
GRID_W = 3 * CARD + 2 * GAP
GRID_H = 3 * CARD_H + 2 * GAP
FELT_W = PAD + GRID_W + CHIP_GAP + ROW_CHIP + PAD
RIGHT = M + FELT_W + M  # the right column's left edge
SEAT_ROW = 24  # one seat's line in a side's plate
TILE_H = 132  # a choice of way
DEAL = re.compile(r"^(Deal \d+ of \d+(?:, coffin \d+ of \d+)?): (.+)$", re.S)


def copy(table: Mapping[str, Any], hand: Mapping[str, Any]) -> Image.Image:
    """The member's copy: ``table`` is the spectators' view, ``hand`` the member's seat view."""
    t = Table({**table, **hand})  # the seat view adds the hand, its legal moves and cells
    img, draw = layout.canvas(W, H)
    felt = (M, M, M + FELT_W, H - M)
    layout.panel(draw, felt, theme.FELT, theme.FELT_LIGHT, line=2, radius=theme.RADIUS + 4)
    if t.phase == "way":
        way_block(img, draw, t, (felt[0] + PAD + 3, felt[1] + PAD + 2, felt[2] - PAD - 3, felt[3] - PAD - 2))
    else:
        coffin(img, draw, t, felt[0] + PAD, felt[1] + PAD)
    right(img, draw, t, (RIGHT, M, W - M, H - M))
    return img


# --- the coffin --------------------------------------------------------------------------------

def coffin(img: Image.Image, draw: Draw, t: Table, gx: float, gy: float) -> None:
    rows_owner, cols_owner = t.owner("rows"), t.owner("cols")
    full = all(cell is not None for row in t.coffin for cell in row)
    scored = t.scored_lines() if full else {}
    chip_x, chip_y = gx + GRID_W + CHIP_GAP, gy + GRID_H + CHIP_GAP
    chip_h = H - M - PAD - chip_y
    for r in range(3):
        for c in range(3):
            x, y = gx + c * (CARD + GAP), gy + r * (CARD_H + GAP)
            cell = (x, y, x + CARD, y + CARD_H)
            tok = t.coffin[r][c]
            if tok is not None:
                if (r, c) == (1, 1):  # the first nail: a pale frame and a nail head
                    draw.rounded_rectangle((x - 3, y - 3, x + CARD + 3, y + CARD_H + 3), radius=9,
                                           outline=layout.rgba_of((206, 210, 220), 200), width=2)
                card_rows.paste_card(img, tok, (x, y), card_width=CARD, variant="dracula")
                if (r, c) == (1, 1):
                    nail(draw, (x + CARD / 2, y + 3))
            elif (r, c) in t.legal:
                legal_slot(draw, cell, "centre" if (r, c) == (1, 1) else "")
            else:
                card_rows.empty_slot(draw, cell)
    for i in range(3):
        top = gy + i * (CARD_H + GAP)
        line_chip(img, draw, t, (chip_x, top, chip_x + ROW_CHIP, top + CARD_H), "rows", i, rows_owner,
                  scored.get(("rows", i), False))
        left = gx + i * (CARD + GAP)
        line_chip(img, draw, t, (left, chip_y, left + CARD, chip_y + chip_h), "cols", i, cols_owner,
                  scored.get(("cols", i), False))
    # the corner: who scores which way, as the sides' plates show it
    cx, cy = chip_x + ROW_CHIP / 2, chip_y + chip_h / 2
    for owner, vertical, dx in ((rows_owner, False, -8), (cols_owner, True, 12)):
        if owner is not None:
            double_arrow(draw, (cx + dx, cy), 22 if not vertical else 30, vertical, owner.colour, 3, head=7)


def line_chip(img: Image.Image, draw: Draw, t: Table, box: Box, direction: str, i: int, owner: Side | None,
              scored: bool) -> None:
    """A line's value: settled (the value and its multiplier), drained (a red 0 and a bat) or
    still open (the points so far, muted)."""
    x0, y0, x1, y1 = box
    tall = direction == "rows"  # a row's chip stands beside it; a column's lies under it
    items = t.lines.get(direction) or []
    item = items[i] if i < len(items) else None
    colour = owner.colour if owner is not None else theme.MUTED
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    if item is not None and int(item.get("multiplier", 1)) == 0:
        layout.panel(draw, box, mix(theme.PANEL, theme.BAD, 0.22), theme.BAD, line=2, radius=9)
        if tall:
            draw_text(draw, (mx, my - 14), "0", 26, BLOOD, anchor="mm", bold=True)
            emblem(img, "bat", (mx - 17, my + 8, mx + 17, my + 26), BLOOD)
        else:
            draw_text(draw, (x0 + 18, my), "0", 26, BLOOD, anchor="mm", bold=True)
            emblem(img, "bat", (x0 + 32, my - 9, x1 - 6, my + 9), BLOOD)
        return
    if item is None:  # still open
        layout.panel(draw, box, layout.rgba_of(theme.FELT_DARK, 200), layout.rgba_of(colour, 120), line=2, radius=9)
        pts, n = t.partial_points(direction, i)
        if n:
            draw_text(draw, (mx, my), str(pts), 22, mix(theme.MUTED, theme.TEXT, 0.2), anchor="mm", bold=True)
        else:
            draw.rounded_rectangle((mx - 9, my - 2, mx + 9, my + 2), radius=2, fill=theme.MUTED)
        return
    value, mult = int(item.get("value", 0)), int(item.get("multiplier", 1))
    layout.panel(draw, box, mix(theme.PANEL, colour, 0.2), theme.HIGHLIGHT if scored else colour,
                 line=3 if scored else 2, radius=9)
    size = fit_size(str(value), (x1 - x0 - 6) if tall else 40, 24, min_size=18, bold=True)
    vw = text_width(str(value), size, True)
    pw = text_width(f"x{mult}", SMALL, True) + 10
    if tall:
        draw_text(draw, (mx, my - 14), str(value), size, theme.TEXT, anchor="mm", bold=True)
        pill = (mx - pw / 2, my + 6, mx + pw / 2, my + 28)
    else:
        left = mx - (vw + 4 + pw) / 2
        draw_text(draw, (left, my), str(value), size, theme.TEXT, anchor="lm", bold=True)
        pill = (left + vw + 4, my - 11, left + vw + 4 + pw, my + 11)
    pmid = ((pill[0] + pill[2]) / 2, (pill[1] + pill[3]) / 2)
    if mult > 1:
        layout.panel(draw, pill, colour, radius=11)
        draw_text(draw, pmid, f"x{mult}", SMALL, theme.PANEL, anchor="mm", bold=True)
    else:
        layout.panel(draw, pill, None, mix(theme.PANEL, theme.MUTED, 0.6), line=2, radius=11)
        draw_text(draw, pmid, f"x{mult}", SMALL, theme.MUTED, anchor="mm")
    if scored:
        layout.star(draw, (x1 - 4, y0 + 4), 8, theme.HIGHLIGHT)


# --- before the first deal: the cut and the choice of way --------------------------------------

def way_block(img: Image.Image, draw: Draw, t: Table, box: Box) -> None:
    """The last round of the cut (the winner's card glowing; earlier rounds counted) and the two
    ways, glowing while the member is the one to choose."""
    x0, y0, x1, y1 = box
    first = t.view.get("first_dealer")
    chooser = int(first) if isinstance(first, int) else 0
    rounds = [[str(tok) for tok in r] for r in t.view.get("cut") or []]
    if not rounds:  # a line of text and the tiles: centred on the felt
        y0 += (y1 - y0 - 86 - TILE_H) / 2
    caption(draw, (x0, y0), "The cut")
    if len(rounds) > 1:
        draw_text(draw, (x1, y0 + 10), layout.plural(len(rounds) - 1, "earlier round"), SMALL, theme.MUTED, anchor="rm")
    y = y0 + 24
    col = (x1 - x0 - 8) / 2
    for seat, tok in enumerate(rounds[-1][:2] if rounds else []):
        cx = x0 + seat * (col + 8)
        layout.panel(draw, (cx, y, cx + col, y + 22), layout.seat_colour(t.side_of.get(seat, seat)), radius=7)
        draw_text(draw, (cx + col / 2, y + 11), layout.ellipsize(t.names[seat], SMALL, col - 8, True), SMALL,
                  theme.PANEL, anchor="mm", bold=True)
        card_rows.paste_card(img, tok, (cx + (col - CARD) / 2, y + 28), card_width=CARD, variant="dracula",
                             highlight=seat == chooser, dim=seat != chooser)
    if rounds:
        y = paragraph(img, draw, (x0, y + 32 + CARD_H), f"{t.names[chooser]} wins the cut and deals first.",
                      x1 - x0, 2)
    else:
        y = paragraph(img, draw, (x0, y), f"No cut: {t.names[chooser]} deals first.", x1 - x0, 2)
    caption(draw, (x0, y + 6), "The way")
    choosing = t.viewer is not None and t.viewer in (t.view.get("to_move") or []) and not t.over
    for k, way in enumerate(("rows", "cols")):
        tx = x0 + k * (col + 8)
        way_tile(draw, (tx, y + 32, tx + col, min(y1, y + 32 + TILE_H)), way, choosing)


def way_tile(draw: Draw, box: Box, way: str, legal: bool) -> None:
    """One choice of way: a small grid with the lines it scores, its name and what it scores."""
    x0, y0, x1, y1 = box
    layout.panel(draw, box, theme.PANEL, theme.HIGHLIGHT if legal else theme.PANEL_LIGHT, line=3 if legal else 2,
                 radius=theme.RADIUS)
    cw, ch, g = 13, 17, 4
    gw, gh = 3 * cw + 2 * g, 3 * ch + 2 * g
    mid = (x0 + x1) / 2
    gx, gy = mid - gw / 2, y0 + (y1 - y0 - gh - 48) / 2
    for k in range(9):
        cx, cy = gx + k % 3 * (cw + g), gy + k // 3 * (ch + g)
        draw.rounded_rectangle((cx, cy, cx + cw, cy + ch), radius=2, fill=mix(theme.CARD_FACE, theme.PANEL, 0.45))
    ink = theme.HIGHLIGHT if legal else theme.TEXT
    for k in range(3):
        if way == "rows":
            double_arrow(draw, (mid, gy + k * (ch + g) + ch / 2), gw + 14, False, ink, 3, head=6)
        else:
            double_arrow(draw, (gx + k * (cw + g) + cw / 2, gy + gh / 2), gh + 14, True, ink, 3, head=6)
    draw_text(draw, (mid, gy + gh + 17), WAYS[way], TEXT, theme.TEXT, anchor="mm", bold=True)
    draw_text(draw, (mid, gy + gh + 38), f"scores {WAY_WORDS[way]}", SMALL, theme.MUTED, anchor="mm")


def caption(draw: Draw, xy: tuple[float, float], text: str, width: float = W) -> None:
    """A small muted capitals label with its top left at ``xy`` ("THE CUT", "DEAL 3 OF 6")."""
    draw_text(draw, (xy[0], xy[1] + 10), layout.ellipsize(text.upper(), SMALL, width, True), SMALL, theme.MUTED,
              anchor="lm", bold=True)


def paragraph(img: Image.Image, draw: Draw, xy: tuple[float, float], text: str, width: float, most: int,
              size: int = SMALL, ink: RGB = theme.TEXT, bold: bool = False) -> float:
    """``text`` wrapped to ``width`` in at most ``most`` lines (the last cut with "..."), its top
    left at ``xy``; returns the y under it."""
    lines = layout.wrap(text, size, width, bold)
    if len(lines) > most:
        lines = lines[: most - 1] + [layout.ellipsize(" ".join(lines[most - 1:]), size, width, bold)]
    lead = layout.line_height(size) - 2
    x, y = xy
    for line in lines if most > 0 else []:
        layout.draw_rich(img, draw, (x, y + lead / 2), line, size, ink, bold=bold)
        y += lead
    return y


# --- the right column: status, sides, hand ------------------------------------------------------

def right(img: Image.Image, draw: Draw, t: Table, box: Box) -> None:
    x0, y0, x1, y1 = box
    cards = generic_hand.hand_cards(t.view)
    sides_h = sum(side_height(s) for s in t.sides[:2]) + 4
    room = (x0, y0, x1, y1 - sides_h - hand_height(cards, t) - 2 * M)
    y = (result_panel if t.over else status_panel)(img, draw, t, room) + M
    for index in t.order[:2]:
        side = t.sides[index]
        # A plate changes with its turn, hand sizes and score, not every move: kept and pasted.
        region(img, (x0, y, x1, y + side_height(side)), plate_key(t, side), partial(side_plate, t=t, side=side))
        y += side_height(side) + 4
    hand_block(img, draw, t, cards, (x0, y - 4 + M, x1, y1))


def status_panel(img: Image.Image, draw: Draw, t: Table, box: Box) -> float:
    """The status line as the table writes it, its "Deal 3 of 6" set apart as a label over it
    (with the stock and the session), as many lines as there is room for; returns its bottom."""
    x0, y0, x1, y1 = box
    status = layout.named(t.view, str(t.view.get("status", "")))
    found = DEAL.match(status)
    label = found.group(1) if found else ("Choosing the way" if t.phase == "way" else "")
    text = found.group(2) if found else status
    if t.players == 2 and t.phase == "place":
        label += f" \u00b7 stock {int(t.view.get('stock') or 0)}"
    if t.session:
        label += f" \u00b7 game {t.session.get('game', 1)} to {t.session.get('target', 0)}"
    width = x1 - x0 - 24
    lines = min(len(layout.wrap(text, TEXT, width)), max(1, int((y1 - y0 - 36) // LEAD)))
    bottom = y0 + 36 + lines * LEAD
    mine = t.viewer is not None and t.viewer in (t.view.get("to_move") or [])
    layout.panel(draw, (x0, y0, x1, bottom), theme.PANEL)
    draw.rounded_rectangle((x0, y0, x0 + 6, bottom), radius=3, fill=theme.ACCENT if mine else theme.PANEL_LIGHT)
    caption(draw, (x0 + 16, y0 + 7), label, width)
    paragraph(img, draw, (x0 + 16, y0 + 29), text, width, lines, TEXT, bold=lines == 1)
    return bottom


def result_panel(img: Image.Image, draw: Draw, t: Table, box: Box) -> float:
    """The end: who won and by how much, then how (the bonus), as the table's banner says it."""
    x0, y0, x1, y1 = box
    big, small, won = result_texts(t)
    width = x1 - x0 - 24
    size = fit_size(big, width, 24, min_size=TEXT, bold=True)
    bigs = min(2, len(layout.wrap(big, size, width, True)))
    smalls = min(len(layout.wrap(small, SMALL, width)), int((y1 - y0 - 36 - bigs * 28) // 21))
    bottom = y0 + 36 + bigs * (layout.line_height(size) - 2) + smalls * 21
    colour = theme.GOOD if won else theme.HIGHLIGHT
    layout.panel(draw, (x0, y0, x1, bottom), theme.PANEL, colour, line=3, radius=theme.RADIUS + 2)
    caption(draw, (x0 + 12, y0 + 7), "Session over" if t.session else "Game over")
    y = paragraph(img, draw, (x0 + 12, y0 + 29), big, width, bigs, size, colour, bold=True)
    paragraph(img, draw, (x0 + 12, y), small, width, smalls)
    return bottom


def result_texts(t: Table) -> tuple[str, str, bool]:
    """(the headline, the line under it, whether a side won), as the table's result banner."""
    winners = [s for s in t.sides if s.seats and set(s.seats) <= t.winners]
    a, b = t.sides[0], t.sides[-1]
    if not winners:
        if t.session:
            return "The session is drawn", layout.named(t.view, str(t.outcome.get("detail") or "")), False
        best = list(t.view.get("best_lines") or [0])
        fa, fb = t.final_of(a), t.final_of(b)
        return f"Drawn at {fa} each" if fa == fb else "Drawn", f"Totals and best lines ({best[0]}) are equal.", False
    w = winners[0]
    lo = b if w is a else a
    wins = t.verb(w, "wins", "win")
    if t.session:
        totals = [int(x) for x in t.session.get("totals") or []]
        return (f"{w.name} {wins} the session, {totals[w.seats[0]]} to {totals[lo.seats[0]]}",
                layout.named(t.view, str(t.outcome.get("detail") or "")), True)
    bonus = t.final_of(w) - w.score
    small = (f"Totals {w.score} to {lo.score}: the difference, {bonus}, is a bonus." if a.score != b.score else
             f"Totals tied at {w.score}: a bonus of {bonus} for the highest line scored goes to {w.name}.")
    return f"{w.name} {wins}, {t.final_of(w)} to {t.final_of(lo)}", small, True


def side_height(side: Side) -> int:
    return len(side.seats) * SEAT_ROW + (12 if len(side.seats) > 1 else 22)  # room for the score's two lines


def gain_of(t: Table, side: Side) -> int | None:
    """What the last coffin scored for ``side`` (None before the first, and once the game is over)."""
    gains = [int(e.get("scored") or 0) for e in (t.last or {}).get("sides") or [] if side.seats[0] in e["seats"]]
    return gains[0] if gains and not t.over else None


def plate_key(t: Table, side: Side) -> tuple[Any, ...]:
    """Everything :func:`side_plate` shows (the key of its kept pixels)."""
    sizes = list(t.view.get("hand_sizes") or [])
    return ("dracula copy side", tuple(side.seats), side.colour, side.way, t.final_of(side), gain_of(t, side),
            t.turn if t.turn in side.seats else None, bool(t.winners) and set(side.seats) <= t.winners,
            tuple((t.seat_name(s), t.names[s], s == t.dealer and not t.over,
                   sizes[s] if s < len(sizes) and t.phase == "place" and not t.over else None) for s in side.seats))


def side_plate(img: Image.Image, draw: Draw, box: Box, *, t: Table, side: Side) -> None:
    """A side: its way (an arrow in its colour), each seat (the turn, the name, the dealer, the
    cards held) and the side's score."""
    x0, y0, x1, y1 = box
    to_move = t.turn is not None and t.turn in side.seats
    won = bool(t.winners) and set(side.seats) <= t.winners
    fill = mix(theme.PANEL, theme.ACCENT, 0.32) if to_move else theme.PANEL
    outline = theme.GOOD if won else theme.ACCENT if to_move else theme.PANEL_LIGHT
    layout.panel(draw, box, fill, outline, line=2, radius=theme.RADIUS)
    draw.rounded_rectangle((x0 + 3, y0 + 6, x0 + 8, y1 - 6), radius=2, fill=side.colour)
    my = (y0 + y1) / 2
    icon = (x0 + 14, my - 13, x0 + 40, my + 13)
    if side.way is None:
        layout.panel(draw, icon, theme.BACKGROUND, theme.PANEL_LIGHT, line=2, radius=7)
        draw_text(draw, (x0 + 27, my), "?", TEXT, theme.MUTED, anchor="mm", bold=True)
    else:
        layout.panel(draw, icon, side.colour, radius=7)
        double_arrow(draw, (x0 + 27, my), 18, side.way == "cols", theme.PANEL, 3, head=6)
    score = str(t.final_of(side))
    sw = max(50.0, text_width(score, 24, True) + 16)
    sbox = (x1 - sw - 5, y0 + 5, x1 - 5, y1 - 5)
    layout.panel(draw, sbox, theme.BACKGROUND, theme.GOOD if won else side.colour, line=2, radius=8)
    gain = gain_of(t, side)  # under the score, what the last coffin scored for the side
    sx = (sbox[0] + sbox[2]) / 2
    draw_text(draw, (sx, my - (8 if gain is not None else 0)), score, 22 if gain is not None else 24, theme.TEXT,
              anchor="mm", bold=True)
    if gain is not None:
        draw_text(draw, (sx, sbox[3] - 9), f"+{gain}", SMALL, theme.GOOD if gain else theme.MUTED, anchor="mm")
    if won:
        layout.star(draw, (sbox[2] - 4, sbox[1] + 4), 8, theme.HIGHLIGHT)
    sizes = list(t.view.get("hand_sizes") or [])
    counts = t.phase == "place" and not t.over
    end = sbox[0] - 8
    y = my - len(side.seats) * SEAT_ROW / 2
    for seat in side.seats:
        mid = y + SEAT_ROW / 2
        x = x0 + 60
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
        name = t.seat_name(seat)  # "Ann (you)", or plain "Ann" where that does not fit
        if layout.rich_width(name, TEXT, True) > room:
            name = layout.ellipsize(t.names[seat], TEXT, room, True)
        x += layout.draw_rich(img, draw, (x, mid), name, TEXT, theme.TEXT, bold=True) + 6
        if dealer:  # a round gold "D"
            draw.ellipse((x, mid - 10, x + 20, mid + 10), fill=theme.HIGHLIGHT)
            draw_text(draw, (x + 10, mid + 1), "D", SMALL, theme.PANEL, anchor="mm", bold=True)
        y += SEAT_ROW
