"""The Dracula table, laid out for Discord's inline box: a picture of exactly
:data:`renderers.kit.shown.COPY_SIZE`, the player's copy's sibling (:mod:`renderers.games.dracula.copy`).

At the left, on the felt, the coffin as the copy draws it (:mod:`renderers.games.dracula.coffin`):
the cards at the copy's readable width, each line's value chip in the colour of the side that
scores it; before the first deal, the cut and the choice of way instead. At the right, from the
top: a header line (the game, the deal or coffin, the stock), the status (or, once the game is
over, who won and how), a plate per side (its way named, each seat with the turn, the dealer and
the cards held, the side's score and what the last coffin scored for it), the last coffin scored
(each side's three lines best first, the one that counted boxed, and which rung of the tie ladder
counted), the session's totals, and the last moves as room allows.

The renderer reads only the view (the opponent's cards are not in it).
"""

from __future__ import annotations

from functools import partial

from PIL import Image

from games.dracula.view import DraculaView, SideScored
from renderers.games.dracula.coffin import RIGHT, SMALL, H, M, Table, W
from renderers.games.dracula.copy import DEAL, result_panel, with_felt
from renderers.games.dracula.copy_hand import LEAD, TEXT
from renderers.games.dracula.parts import Side, double_arrow
from renderers.games.dracula.plates import plate_key, table_height, table_plate
from renderers.kit import layout, log_panel, theme
from renderers.kit.fonts import draw_text, text_width
from renderers.kit.layout import Box, Draw
from renderers.kit.names import fit_name
from renderers.kit.regions import frozen, region
from renderers.kit.theme import RGB

RUNG_TEXT = (
    "Best lines differ: the best score.",
    "Best lines tie: the second best score.",
    "Best two tie: the third best score.",
)
HEAD_H = 24  # the header line
SIDE_ROW = 25  # a side's lines in the last coffin
SMALL_LEAD = layout.line_height(SMALL)
LAST_H = 4 + 22 + 2 * SIDE_ROW + SMALL_LEAD + 2
LOG_MOST = 4  # the most log lines shown
RESULT_MIN = 110  # the result's caption, a headline of two lines and a line under it


# --- the drawer ------------------------------------------------------------------------------

def table(view: DraculaView) -> Image.Image:
    """The Dracula table for ``view`` (any seat's, or a spectator's), COPY_SIZE exactly."""
    t = Table(view)
    img, draw = with_felt(t)
    right_column(img, draw, t, (RIGHT, M, W - M, H - M))
    return img


# --- the right column ------------------------------------------------------------------------

def right_column(img: Image.Image, draw: Draw, t: Table, box: Box) -> None:
    x0, y0, x1, y1 = box
    header_line(draw, t, (x0, y0, x1, y0 + HEAD_H))
    y = y0 + HEAD_H + 2
    sides = [t.sides[i] for i in t.order[:2]]
    plates_h = sum(table_height(s) + 4 for s in sides)
    # The status (or result) takes what the plates and the last coffin leave, the moves what is
    # left after; the last coffin gives way to a result that needs its room (four players).
    need = RESULT_MIN if t.over else 12 + 2 * LEAD
    show_last = t.last is not None and y1 - y - plates_h - LAST_H - M >= need
    below = y1 - plates_h - (LAST_H + M if show_last else 0)
    y = (result_panel if t.over else status_panel)(img, draw, t, (x0, y, x1, below)) + M
    for side in sides:
        h = table_height(side)
        # A plate changes with its turn, hand sizes and score, not every move: kept and pasted.
        region(img, (x0, y, x1, y + h), plate_key(t, side, "table"), partial(table_plate, t=t, side=side))
        y += h + 4
    y += M - 4
    if show_last:
        key = ("dracula last", frozen(t.last), tuple((s.colour, s.name, s.way) for s in t.sides),
               frozen(t.side_of))
        region(img, (x0, y, x1, y + LAST_H), key, partial(last_panel, t=t))
        y += LAST_H + M
    recent(img, draw, t, (x0, y, x1, y1))


def subtitle(t: Table) -> list[str]:
    """The deal (or coffin) and the stock, most telling first: what the old header's subtitle said."""
    v = t.view
    if t.phase == "way":
        return ["Choosing the way"]
    deal, deals, per = v["deal"], v["deals"], v["coffins_per_deal"]
    coffin = f"offin {v['coffin_number'] or 1} of {per}"
    parts = ["C" + coffin] if per > 1 and deals == 1 else [f"Deal {max(1, deal)} of {deals}"]
    if per > 1 and deals > 1:
        parts.append("c" + coffin)
    if t.players == 2 and not t.over:
        parts.append(f"stock {v['stock']}")
    return parts


def header_line(draw: Draw, t: Table, box: Box) -> None:
    """The game's name (or the session's game) and, at the right, the deal and the stock: the old
    title band, small."""
    x0, y0, x1, y1 = box
    mid = (y0 + y1) / 2
    title = t.view["title"]
    if t.session:  # the game's name gives way to where the session stands
        title = f"Game {t.session['game']} to {t.session['target']}"
    size = SMALL if t.session else TEXT
    draw_text(draw, (x0 + 4, mid), title, size, theme.TEXT, anchor="lm", bold=True)
    room = x1 - x0 - 4 - text_width(title, size, True) - 12
    parts = subtitle(t)
    while len(parts) > 1 and text_width(" \u00b7 ".join(parts), SMALL) > room:
        parts.pop()  # the stock goes first
    draw_text(draw, (x1 - 2, mid), layout.ellipsize(" \u00b7 ".join(parts), SMALL, room), SMALL, theme.MUTED,
              anchor="rm")


def status_panel(img: Image.Image, draw: Draw, t: Table, box: Box) -> float:
    """The status, its "Deal 3 of 6:" left to the header line, in as many lines as room allows
    (at most four); returns its bottom."""
    x0, y0, x1, y1 = box
    status = layout.named(t.view, t.view["status"])
    found = DEAL.match(status)
    text = found.group(2) if found else status
    width = x1 - x0 - 24
    most = max(1, min(4, int((y1 - y0 - 12) // LEAD)))
    lines = min(len(layout.wrap(text, TEXT, width)), most)
    bottom = y0 + 12 + lines * LEAD
    mine = t.viewer is not None and t.viewer in t.view["to_move"]
    layout.panel(draw, (x0, y0, x1, bottom), theme.PANEL)
    draw.rounded_rectangle((x0, y0, x0 + 6, bottom), radius=3, fill=theme.ACCENT if mine else theme.PANEL_LIGHT)
    paragraph(img, draw, (x0 + 16, y0 + 6), text, width, lines, TEXT, theme.TEXT, bold=lines == 1)
    return bottom


def paragraph(img: Image.Image, draw: Draw, xy: tuple[float, float], text: str, width: float, most: int,
              size: int, ink: RGB, bold: bool = False) -> None:
    """``text`` wrapped to ``width`` in at most ``most`` lines of LEAD, the last cut with "..."."""
    lines = layout.wrap(text, size, width, bold)
    if len(lines) > most:
        lines = lines[: most - 1] + [layout.ellipsize(" ".join(lines[most - 1:]), size, width, bold)]
    x, y = xy
    for line in lines[:most]:
        layout.draw_rich(img, draw, (x, y + LEAD / 2), line, size, ink, bold=bold)
        y += LEAD


# --- the last coffin, the session and the moves ----------------------------------------------

def last_panel(img: Image.Image, draw: Draw, box: Box, *, t: Table) -> None:
    """Each side's three lines of the last coffin, best first, the one that scored boxed in the
    side's colour, and what it scored; under them, why that line (the rung of the tie ladder)."""
    last = t.last
    if last is None:
        return
    x0, y0, x1, _ = box
    layout.panel(draw, box, theme.PANEL)
    label = last["label"]
    title = "LAST COFFIN" + (f" \u00b7 {label.upper()}" if label else "")
    draw_text(draw, (x0 + 10, y0 + 4 + 11), layout.ellipsize(title, SMALL, x1 - x0 - 20, True), SMALL, theme.MUTED,
              anchor="lm", bold=True)
    rung = last["rung"]
    y = y0 + 4 + 22
    for entry in last["sides"][:2]:
        seats = entry["seats"]
        side = t.sides[t.side_of.get(seats[0], 0)] if seats else t.sides[0]
        last_side(img, draw, (x0 + 10, y, x1 - 10, y + SIDE_ROW), side, entry, rung)
        y += SIDE_ROW
    text = RUNG_TEXT[rung] if 0 <= rung < len(RUNG_TEXT) else ""
    draw_text(draw, (x0 + 10, y + SMALL_LEAD / 2), layout.ellipsize(text, SMALL, x1 - x0 - 20), SMALL, theme.MUTED,
              anchor="lm")


def last_side(img: Image.Image, draw: Draw, box: Box, side: Side, entry: SideScored, rung: int) -> None:
    """A side's way arrow and name, its three lines and "+21"."""
    x0, y0, x1, y1 = box
    mid = (y0 + y1) / 2
    direction, scored = entry["direction"], entry["scored"]
    bw, gap = 32.0, 3.0
    gain = f"+{scored}"
    gain_w = max(text_width("+00", SMALL, True), text_width(gain, SMALL, True))
    bx0 = x1 - gain_w - 8 - 3 * bw - 2 * gap
    double_arrow(draw, (x0 + 8, mid), 16 if direction == "rows" else 18, direction == "cols", side.colour, 3, head=5)
    name = fit_name(side.name, SMALL, bx0 - x0 - 22 - 6, True)
    layout.draw_rich(img, draw, (x0 + 22, mid), name, SMALL, theme.TEXT, bold=True)
    for k, v in enumerate(entry["lines"][:3]):
        b = (bx0 + k * (bw + gap), mid - 11, bx0 + k * (bw + gap) + bw, mid + 11)
        centre = ((b[0] + b[2]) / 2, mid)
        if k == rung:
            layout.panel(draw, b, side.colour, radius=7)
            draw_text(draw, centre, str(v), SMALL, theme.PANEL, anchor="mm", bold=True)
        else:
            layout.panel(draw, b, None, theme.PANEL_LIGHT, line=2, radius=7)
            draw_text(draw, centre, str(v), SMALL, theme.MUTED, anchor="mm")
    draw_text(draw, (x1, mid), gain, SMALL, theme.GOOD if scored else theme.MUTED, anchor="rm", bold=True)


def session_line(t: Table) -> str:
    """The session's totals of the games before this one ("" outside a session and in its first game)."""
    totals = t.session["totals"] if t.session else []
    if not any(totals):
        return ""
    return "Session: " + " \u00b7 ".join(f"{s.name} {totals[s.seats[0]]}" for s in t.sides
                                         if s.seats and s.seats[0] < len(totals))


def recent(img: Image.Image, draw: Draw, t: Table, box: Box) -> None:
    """The session's line, then the last moves, newest at the bottom in white, one line each
    (the newest two where room allows): as many as fit the room left, none if it is too small."""
    x0, y0, x1, y1 = box
    room = int((y1 - y0 - 6) // SMALL_LEAD)
    session = session_line(t)
    if room < 1:
        return
    layout.panel(draw, box, theme.PANEL)
    width = x1 - x0 - 20
    y = y0 + 3
    if session:
        draw_text(draw, (x0 + 10, y + SMALL_LEAD / 2), layout.ellipsize(session, SMALL, width), SMALL,
                  theme.HIGHLIGHT, anchor="lm")
        y += SMALL_LEAD
        room -= 1
    log = [layout.named(t.view, line) for line in t.view["log"]][-LOG_MOST:]
    shown = log_panel.log_lines(log, SMALL, width, room, 2, 1, t.names)
    for part, newest in shown:
        layout.draw_rich(img, draw, (x0 + 10, y + SMALL_LEAD / 2), part, SMALL, theme.TEXT if newest else theme.MUTED)
        y += SMALL_LEAD

