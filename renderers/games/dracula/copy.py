"""A Dracula player's copy, laid out for Discord's inline box (:data:`renderers.kit.shown.COPY_SIZE`).

At the left, on the felt, the coffin at full height (:mod:`renderers.games.dracula.coffin`, which
the table draws too): its 3x3 grid of cards at the copy's card width, each line's value chip in
the colour of the side that scores it. Before the first deal the felt shows the cut and the
choice of way instead (drawn here, and on the table). At the right: the status (its "Deal 3 of
6" set apart as a label, with the stock), or the result once the game is over (the table's too);
a plate per side (:mod:`renderers.games.dracula.plates`); the member's hand
(:mod:`renderers.games.dracula.copy_hand`).

Everything is read from the two views given (the member's seat view and the spectators').
"""
from __future__ import annotations

import re
from functools import partial

from PIL import Image

from games.dracula.view import DraculaView
from renderers.games.dracula.coffin import CARD, CARD_H, GAP, PAD, RIGHT, SMALL, H, M, Table, W, felt
from renderers.games.dracula.copy_hand import LEAD, TEXT, hand_block, hand_height
from renderers.games.dracula.parts import WAY_WORDS, WAYS, double_arrow
from renderers.games.dracula.plates import plate_key, side_height, side_plate
from renderers.kit import card_rows, layout, theme
from renderers.kit import hand as generic_hand
from renderers.kit.fonts import draw_text, fit_size
from renderers.kit.layout import Box, Draw
from renderers.kit.names import fit_name
from renderers.kit.regions import region
from renderers.kit.theme import RGB, mix

__all__ = ["CARD", "CARD_H", "GAP", "PAD", "M", "copy"]  # the coffin's measures, as the tests read them
TILE_H = 132  # a choice of way
DEAL = re.compile(r"^(Deal \d+ of \d+(?:, coffin \d+ of \d+)?): (.+)$", re.S)


def copy(table: DraculaView, hand: DraculaView) -> Image.Image:
    """The member's copy: ``table`` is the spectators' view, ``hand`` the member's seat view."""
    t = Table({**table, **hand})  # the seat view adds the hand, its legal moves and cells
    img, draw = with_felt(t)
    right(img, draw, t, (RIGHT, M, W - M, H - M))
    return img


def with_felt(t: Table) -> tuple[Image.Image, Draw]:
    """A new picture with the felt at the left, as the copy and the table both begin: the coffin,
    or before the first deal the cut and the choice of way."""
    img, draw = layout.canvas(W, H)
    box = felt(img, draw, t)
    if t.phase == "way":
        way_block(img, draw, t, (box[0] + PAD + 3, box[1] + PAD + 2, box[2] - PAD - 3, box[3] - PAD - 2))
    return img, draw


# --- before the first deal: the cut and the choice of way --------------------------------------

def way_block(img: Image.Image, draw: Draw, t: Table, box: Box) -> None:
    """The last round of the cut (the winner's card glowing; earlier rounds counted) and the two
    ways, glowing while the member is the one to choose."""
    x0, y0, x1, y1 = box
    chooser = t.view["first_dealer"]
    rounds = t.view["cut"]
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
        draw_text(draw, (cx + col / 2, y + 11), fit_name(t.names[seat], SMALL, col - 8, True), SMALL,
                  theme.PANEL, anchor="mm", bold=True)
        card_rows.paste_card(img, tok, (cx + (col - CARD) / 2, y + 28), card_width=CARD, variant="dracula",
                             highlight=seat == chooser, dim=seat != chooser)
    if rounds:
        y = paragraph(img, draw, (x0, y + 32 + CARD_H), f"{t.names[chooser]} wins the cut and deals first.",
                      x1 - x0, 2)
    else:
        y = paragraph(img, draw, (x0, y), f"No cut: {t.names[chooser]} deals first.", x1 - x0, 2)
    caption(draw, (x0, y + 6), "The way")
    choosing = t.viewer is not None and t.viewer in t.view["to_move"] and not t.over
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
    status = layout.named(t.view, t.view["status"])
    found = DEAL.match(status)
    label = found.group(1) if found else ("Choosing the way" if t.phase == "way" else "")
    text = found.group(2) if found else status
    if t.players == 2 and t.phase == "place":
        label += f" \u00b7 stock {t.view['stock']}"
    if t.session:
        label += f" \u00b7 game {t.session['game']} to {t.session['target']}"
    width = x1 - x0 - 24
    lines = min(len(layout.wrap(text, TEXT, width)), max(1, int((y1 - y0 - 36) // LEAD)))
    bottom = y0 + 36 + lines * LEAD
    mine = t.viewer is not None and t.viewer in t.view["to_move"]
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
            return "The session is drawn", layout.named(t.view, t.outcome["detail"] if t.outcome else ""), False
        best = t.view["best_lines"]
        fa, fb = t.final_of(a), t.final_of(b)
        return f"Drawn at {fa} each" if fa == fb else "Drawn", f"Totals and best lines ({best[0]}) are equal.", False
    w = winners[0]
    lo = b if w is a else a
    wins = t.verb(w, "wins", "win")
    if t.session:
        totals = t.session["totals"]
        return (f"{w.name} {wins} the session, {totals[w.seats[0]]} to {totals[lo.seats[0]]}",
                layout.named(t.view, t.outcome["detail"] if t.outcome else ""), True)
    bonus = t.final_of(w) - w.score
    small = (f"Totals {w.score} to {lo.score}: the difference, {bonus}, is a bonus." if a.score != b.score else
             f"Totals tied at {w.score}: a bonus of {bonus} for the highest line scored goes to {w.name}.")
    return f"{w.name} {wins}, {t.final_of(w)} to {t.final_of(lo)}", small, True
