"""Dracula's view read once (:class:`Table`), and the coffin on the felt as both the table and the
player's copy draw it: the 3x3 grid of cards at the copy's card width (the cells where the viewer
may place glow with a "+", the centre card nailed), each row's value chip to its right and each
column's under it in the colour of the side that scores it (a muted number for a line still open,
a red 0 and a bat for a drained one, a star on the line a side scored); in the corner, which way
each side scores.

Everything is read from the view (the opponent's cards are not in it)."""

from __future__ import annotations

from PIL import Image

from games.core.views import OutcomeView
from games.dracula.scoring import Direction
from games.dracula.scoring import points as card_points
from games.dracula.view import DraculaView
from renderers.games.dracula.parts import BLOOD, NAIL, Side, double_arrow, emblem, legal_slot, nail
from renderers.kit import card_rows, layout, theme
from renderers.kit.fonts import draw_text, fit_size, text_width
from renderers.kit.layout import Box, Draw
from renderers.kit.shown import COPY_CARD_WIDTH, COPY_SIZE, COPY_TEXT_MIN
from renderers.kit.theme import card_height, mix

W, H = COPY_SIZE
CARD = COPY_CARD_WIDTH  # every face-up card: the smallest whose index reads on a phone
CARD_H = card_height(CARD)
SMALL = COPY_TEXT_MIN  # labels, tags, notes
M = 5  # the margin round the picture and between its panels
GAP = 5  # between the coffin's cells
PAD = 5  # inside the coffin's felt
CHIP_GAP = 4  # between the grid and its line chips
ROW_CHIP = 42  # a row chip's width (a column chip is a card wide)
GRID_W = 3 * CARD + 2 * GAP
GRID_H = 3 * CARD_H + 2 * GAP
FELT_W = PAD + GRID_W + CHIP_GAP + ROW_CHIP + PAD
RIGHT = M + FELT_W + M  # the right column's left edge


class Table:
    """The view, read once: the sides and their ways, the turn, the coffin and its lines."""

    def __init__(self, view: DraculaView) -> None:
        self.view = view
        self.players = view["players"]
        self.names = layout.names(view)
        self.viewer = view["viewer"]
        self.over = view["over"]
        self.phase = view["phase"]
        directions, scores = view["directions"], view["scores"]
        self.sides = [
            Side(i, list(seats), layout.seat_colour(i), directions[seats[0]], scores[seats[0]],
                 " & ".join(self.names[s] for s in seats))
            for i, seats in enumerate(view["sides"])
        ]
        self.side_of = {seat: side.index for side in self.sides for seat in side.seats}
        self.turn = view["turn"] if not self.over else None
        self.dealer = view["dealer"]
        self.outcome: OutcomeView | None = view["outcome"]
        self.winners = set(self.outcome["winners"]) if self.outcome else set()
        self.coffin = [list(r) for r in view["coffin"]]
        self.legal = {(r, c) for r, c in view["legal_cells"]}
        self.lines = view["lines"]
        self.last = view["last_coffin"]
        self.session = view["session"]
        mine = self.side_of.get(self.viewer, 0) if self.viewer is not None else 0
        self.order = [mine] + [s.index for s in self.sides if s.index != mine]  # the viewer's side first

    def owner(self, direction: str) -> Side | None:
        """The side that scores lines of ``direction``."""
        return next((s for s in self.sides if s.way == direction), None)

    def seat_name(self, seat: int) -> str:
        return self.names[seat] + (" (you)" if seat == self.viewer else "")

    def verb(self, side: Side, one: str, two: str) -> str:
        return one if len(side.seats) == 1 else two

    def finals(self) -> list[int] | None:
        """Each seat's final score for this game (with the bonus), once it is over."""
        if not self.over:
            return None
        if self.session:
            games = self.session["games"]
            return list(games[-1]) if games else None
        scores = self.outcome["scores"] if self.outcome else None
        return list(scores) if scores else None

    def final_of(self, side: Side) -> int:
        finals = self.finals()
        if finals and side.seats and side.seats[0] < len(finals):
            return finals[side.seats[0]]
        return side.score

    def scored_lines(self) -> dict[tuple[str, int], bool]:
        """For a full coffin that is the last one scored: the line each side scored (the first
        in board order with the scored value)."""
        last = self.last
        if not last or [list(r) for r in last["coffin"]] != self.coffin:
            return {}
        out: dict[tuple[str, int], bool] = {}
        for entry in last["sides"]:
            direction, value = entry["direction"], entry["scored"]
            for i, item in enumerate(self.lines[direction]):
                if item is not None and item["value"] == value:
                    out[(direction, i)] = True
                    break
        return out

    def partial_points(self, direction: str, i: int) -> tuple[int, int]:
        """(points so far, cards) of an unsettled line, from the cards on the table."""
        cells = self.coffin[i] if direction == "rows" else [row[i] for row in self.coffin]
        toks = [t for t in cells if t is not None]
        way: Direction = "rows" if direction == "rows" else "cols"
        return sum(card_points(t, way) for t in toks), len(toks)


def felt(img: Image.Image, draw: Draw, t: Table) -> Box:
    """The felt at the picture's left with the coffin on it; returns the felt's box (the way's
    choice, before the first deal, goes inside it instead)."""
    box = (M, M, M + FELT_W, H - M)
    layout.panel(draw, box, theme.FELT, theme.FELT_LIGHT, line=2, radius=theme.RADIUS + 4)
    if t.phase != "way":
        coffin(img, draw, t, box[0] + PAD, box[1] + PAD)
    return box


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
                                           outline=layout.rgba_of(NAIL, 200), width=2)
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


def line_chip(img: Image.Image, draw: Draw, t: Table, box: Box, direction: Direction, i: int, owner: Side | None,
              scored: bool) -> None:
    """A line's value: settled (the value and its multiplier), drained (a red 0 and a bat) or
    still open (the points so far, muted)."""
    x0, y0, x1, y1 = box
    tall = direction == "rows"  # a row's chip stands beside it; a column's lies under it
    item = t.lines[direction][i]
    colour = owner.colour if owner is not None else theme.MUTED
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    if item is not None and item["multiplier"] == 0:
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
    value, mult = item["value"], item["multiplier"]
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
