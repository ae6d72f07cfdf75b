"""The Dracula table: the coffin, every line's value in its scorer's direction, both sides with
their ways, the scores and the last coffin's result.

From the top: a header (deal, coffin, stock), the status line, a result banner at the end of a
game, the two sides (the viewer's on the left: names, Queen's or King's way with a drawn arrow,
the dealer, cards in hand, the total), then the felt. On the felt the coffin's 3x3 grid of big
cards: the centre card carries a nail, the cells where the viewer may place glow with a "+".
Each row's value sits to its right and each column's under it, in the colour of the side that
scores it (rows for Queen's way, columns for King's way): the value, its points and its
multiplier; a line a Vampire drained shows a red 0 and a bat; an unfinished line shows its
points so far, muted. At the right, the last coffin scored (a small copy, each side's three
lines best first with the scored one boxed, and which rung of the tie ladder counted) and the
recent log. Before the first deal the felt shows the cut, round by round, and the choice of way.

The renderer reads only the view (the opponent's cards are not in it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any

from PIL import Image, ImageDraw

from games.dracula.scoring import Direction
from games.dracula.scoring import points as card_points

from . import hand as generic_hand
from . import layout, theme
from .emblems import EMBLEMS
from .fonts import draw_text, fit_size, text_width
from .layout import Box, Draw
from .pips import Pen, fit, paint
from .regions import frozen, region
from .theme import RGB, card_height, mix

WIDTH = 880
PAD = theme.PADDING
CARD = 96  # the coffin's cards
CARD_H = card_height(CARD)
GAP = 10  # between the coffin's cells
CHIP_W = CARD  # a line's value chip
CHIP_H = 84
CHIP_GAP = 14  # between the grid and the chips
LABEL = theme.SMALL_TEXT_SIZE + 1  # small capitals over areas
LABEL_ROW = 30
FELT_PAD = 14
MINI = theme.CARD_MIN_WIDTH  # the last coffin's small copy
MINI_GAP = 4
SIDE_ROW = 36  # one seat's line in a side's panel
BANNER_H = 108
RIGHT_GAP = 18
CUT_CARD = 62  # the cut's cards
CUT_COL = 112  # a player's column in the cut
CUT_ROUNDS = 2  # the most recent rounds shown

WAYS = {"rows": "Queen's way", "cols": "King's way"}
WAY_WORDS = {"rows": "rows", "cols": "columns"}
RUNG_TEXT = (
    "Best lines differ: each side scores its best.",
    "Best lines tie, so the second best score.",
    "Best and second tie, so the third best score.",
)
BLOOD: RGB = (236, 72, 84)  # a drained line's 0 on a dark chip
NAIL: RGB = (206, 210, 220)

GRID_W = 3 * CARD + 2 * GAP
GRID_H = 3 * CARD_H + 2 * GAP
BLOCK_W = GRID_W + CHIP_GAP + CHIP_W
BLOCK_H = LABEL_ROW + GRID_H + CHIP_GAP + CHIP_H
FELT_H = BLOCK_H + 2 * FELT_PAD


@dataclass(frozen=True)
class Side:
    index: int
    seats: list[int]
    colour: RGB
    way: str | None  # "rows", "cols" or None before the choice
    score: int
    name: str  # "Ann" or "Ann & Cyrille"


class Table:
    """The view, read once, and the drawing of each part."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.view = view
        self.players = int(view.get("players") or 2)
        self.names = layout.names(view)
        viewer = view.get("viewer")
        self.viewer: int | None = viewer if isinstance(viewer, int) else None
        self.over = bool(view.get("over"))
        self.phase = str(view.get("phase") or ("over" if self.over else "place"))
        raw_sides = view.get("sides") or [[s] for s in range(self.players)]
        directions = list(view.get("directions") or [None] * self.players)
        scores = list(view.get("scores") or [0] * self.players)
        self.sides = [
            Side(i, [int(s) for s in seats], layout.seat_colour(i),
                 directions[seats[0]] if seats and seats[0] < len(directions) else None,
                 int(scores[seats[0]]) if seats and seats[0] < len(scores) else 0,
                 " & ".join(self.names[s] for s in seats))
            for i, seats in enumerate(raw_sides)
        ]
        self.side_of = {seat: side.index for side in self.sides for seat in side.seats}
        turn = view.get("turn")
        self.turn: int | None = int(turn) if isinstance(turn, int) and not self.over else None
        self.dealer = view.get("dealer")
        outcome = view.get("outcome") or {}
        self.outcome: Mapping[str, Any] = outcome
        self.winners = {int(s) for s in outcome.get("winners") or []}
        self.coffin: list[list[str | None]] = [list(r) for r in (view.get("coffin") or [[None] * 3] * 3)]
        self.legal = {(int(r), int(c)) for r, c in view.get("legal_cells") or []}
        self.lines: Mapping[str, Sequence[Mapping[str, int] | None]] = view.get("lines") or {}
        self.last: Mapping[str, Any] | None = view.get("last_coffin")
        self.session: Mapping[str, Any] | None = view.get("session")
        mine = self.side_of.get(self.viewer, 0) if self.viewer is not None else 0
        self.order = [mine] + [s.index for s in self.sides if s.index != mine]  # left to right

    def owner(self, direction: str) -> Side | None:
        """The side that scores lines of ``direction``."""
        return next((s for s in self.sides if s.way == direction), None)

    def seat_name(self, seat: int) -> str:
        return self.names[seat] + (" (you)" if seat == self.viewer else "")

    # -- sizes -------------------------------------------------------------------------------
    def sides_height(self) -> int:
        most = max((len(s.seats) for s in self.sides), default=1)
        return 12 + 34 + most * SIDE_ROW + 12

    # -- the whole table ---------------------------------------------------------------------
    def draw(self) -> Image.Image:
        # At the end the result banner takes the status line's place (it says the same, better).
        status = layout.named(self.view, str(self.view.get("status", "")))
        status_h = 0 if self.over else layout.status_height(status, WIDTH - 2 * PAD)
        banner_h = BANNER_H + 10 if self.over else 0
        sides_h = self.sides_height()
        height = layout.HEADER_HEIGHT + 10 + (status_h + 10 if status_h else 0) + banner_h + sides_h + 10 + FELT_H + PAD
        img, draw = layout.canvas(WIDTH, height)
        y = layout.header(img, draw, str(self.view.get("title") or "Dracula"), self.subtitle()) + 10
        if not self.over:
            layout.status_line(img, draw, (PAD, y, WIDTH - PAD, y + status_h), status, colour=theme.ACCENT)
            y += status_h + 10
        else:
            self.result_banner(img, draw, (PAD, y, WIDTH - PAD, y + BANNER_H))
            y += BANNER_H + 10
        each = (WIDTH - 2 * PAD - 12) / 2
        for i, index in enumerate(self.order[:2]):
            x = PAD + i * (each + 12)
            side = self.sides[index]
            # A side's panel changes with its turn, its hand sizes and its score, not every move.
            region(img, (x, y, x + each, y + sides_h), self.side_key(side), partial(self.side_panel, side=side))
        y += sides_h + 10
        layout.panel(draw, (PAD, y, WIDTH - PAD, y + FELT_H), theme.FELT, theme.FELT_LIGHT, line=2,
                     radius=theme.RADIUS + 6)
        left = (PAD + FELT_PAD, y + FELT_PAD, PAD + FELT_PAD + BLOCK_W, y + FELT_PAD + BLOCK_H)
        right = (left[2] + RIGHT_GAP, left[1], WIDTH - PAD - FELT_PAD, left[3])
        if self.phase == "way":
            self.way_choice(img, draw, left)
        else:
            self.coffin_block(img, draw, left)
        self.right_column(img, draw, right)
        return img

    def subtitle(self) -> str:
        v = self.view
        deal, deals = int(v.get("deal") or 0), int(v.get("deals") or 1)
        parts: list[str] = []
        if self.session:
            parts.append(f"Game {self.session.get('game', 1)} \u00b7 to {self.session.get('target', 0)}")
        if self.phase == "way":
            parts.append("Choosing the way")
        else:
            per = int(v.get("coffins_per_deal") or 1)
            coffin = f"offin {int(v.get('coffin_number') or 1)} of {per}"
            if per > 1 and deals == 1:
                parts.append("C" + coffin)
            else:
                parts.append(f"Deal {max(1, deal)} of {deals}")
                if per > 1:
                    parts.append("c" + coffin)
            if self.players == 2 and not self.over:
                parts.append(f"stock {int(v.get('stock') or 0)}")
        return " \u00b7 ".join(parts)

    # -- the sides ---------------------------------------------------------------------------
    def side_key(self, side: Side) -> tuple[Any, ...]:
        """Everything :meth:`side_panel` shows for ``side`` (the key of its kept pixels)."""
        sizes = list(self.view.get("hand_sizes") or [])
        counts = self.phase == "place" and not self.over
        totals = (self.session or {}).get("totals")
        return ("dracula side", side.index, tuple(side.seats), side.colour, side.way, side.score,
                self.turn if self.turn in side.seats else None, bool(self.winners) and set(side.seats) <= self.winners,
                tuple(self.seat_name(s) for s in side.seats), self.final_of(side),
                tuple(int(sizes[s]) if s < len(sizes) else 0 for s in side.seats) if counts else None,
                tuple(s == self.dealer and not self.over for s in side.seats),
                totals[side.seats[0]] if totals and side.seats else None)

    def side_panel(self, img: Image.Image, draw: Draw, box: Box, *, side: Side) -> None:
        x0, y0, x1, y1 = box
        to_move = self.turn is not None and self.turn in side.seats
        won = bool(self.winners) and set(side.seats) <= self.winners
        fill = mix(theme.PANEL, theme.ACCENT, 0.32) if to_move else theme.PANEL
        outline = theme.GOOD if won else theme.ACCENT if to_move else theme.PANEL_LIGHT
        layout.panel(draw, box, fill, outline, line=3 if (won or to_move) else 1, radius=theme.RADIUS + 2)
        draw.rounded_rectangle((x0 + 3, y0 + 10, x0 + 9, y1 - 10), radius=3, fill=side.colour)
        # the way: an icon and its name
        icon = 44
        ix, iy = x0 + 18, y0 + 12
        way_icon(draw, (ix, iy, ix + icon, iy + icon), side.way, side.colour)
        tx = ix + icon + 14
        score_w = self.score_width(side)
        right = x1 - 10 - score_w - 12  # where the seats' lines end
        if side.way is None:
            way_text = "way not chosen yet"
            ink = theme.MUTED
        else:
            way_text = f"{WAYS[side.way]} ({WAY_WORDS[side.way]})"
            ink = side.colour
        size = fit_size(way_text, right - tx, theme.TEXT_SIZE, min_size=theme.TEXT_SIZE - 3, bold=True)
        draw_text(draw, (tx, iy + 14), layout.ellipsize(way_text, size, right - tx, True), size, ink, anchor="lm",
                  bold=True)
        # the seats: who is to move, the name, the dealer, the cards in hand
        sizes = list(self.view.get("hand_sizes") or [])
        counts = self.phase == "place" and not self.over
        y = y0 + 12 + 34
        for seat in side.seats:
            mid = y + SIDE_ROW / 2
            x = tx
            if self.turn == seat:
                draw.polygon([(x - 22, mid - 9), (x - 8, mid), (x - 22, mid + 9)], fill=theme.HIGHLIGHT)
            count_w = 0.0
            if counts:
                n = int(sizes[seat]) if seat < len(sizes) else 0
                count_w = hand_count(draw, (right, mid), n, theme.TEXT if self.turn == seat else theme.MUTED)
            dealer = seat == self.dealer and not self.over
            chip_w = 34.0 if dealer else 0.0
            name_room = right - x - count_w - chip_w - 10
            name = self.seat_name(seat)
            name_size = fit_size(name, name_room, theme.TEXT_SIZE, min_size=theme.TEXT_SIZE - 3, bold=True)
            name = layout.ellipsize(name, name_size, name_room, True)
            x += layout.draw_rich(img, draw, (x, mid), name, name_size, theme.TEXT, bold=True) + 8
            if dealer:
                dealer_chip(draw, (x + 13, mid))
            y += SIDE_ROW
        self.score_box(img, draw, side, (x1 - score_w - 10, y0 + 10, x1 - 10, y1 - 10), won)

    def finals(self) -> list[int] | None:
        """Each seat's final score for this game (with the bonus), once it is over."""
        if not self.over:
            return None
        if self.session:
            games = self.session.get("games") or []
            return [int(x) for x in games[-1]] if games else None
        scores = self.outcome.get("scores")
        return [int(x) for x in scores] if scores else None

    def score_width(self, side: Side) -> float:
        text = str(self.final_of(side))
        return max(84.0, text_width(text, 44, True) + 24)

    def final_of(self, side: Side) -> int:
        finals = self.finals()
        if finals and side.seats and side.seats[0] < len(finals):
            return finals[side.seats[0]]
        return side.score

    def score_box(self, img: Image.Image, draw: Draw, side: Side, box: Box, won: bool) -> None:
        x0, y0, x1, y1 = box
        layout.panel(draw, box, theme.BACKGROUND, side.colour if not won else theme.GOOD, line=2, radius=10)
        mid = (x0 + x1) / 2
        final = self.final_of(side)
        bonus = final - side.score
        extra: str | None = None
        if bonus > 0:
            extra = f"{side.score} +{bonus}"
        elif self.session and self.session.get("totals"):
            extra = f"session {self.session['totals'][side.seats[0]]}"
        number_y = (y0 + y1) / 2 - (10 if extra else 0)
        draw_text(draw, (mid, number_y), str(final), 44 if len(str(final)) < 4 else 38, theme.TEXT, anchor="mm",
                  bold=True)
        if won:
            layout.star(draw, (x1 - 3, y0 + 3), 12, theme.HIGHLIGHT)
        if extra:
            size = fit_size(extra, x1 - x0 - 8, theme.SMALL_TEXT_SIZE, min_size=15)
            draw_text(draw, (mid, y1 - 14), extra, size, theme.GOOD if bonus > 0 else theme.MUTED, anchor="mm",
                      bold=bonus > 0)

    # -- the end ------------------------------------------------------------------------------
    def result_banner(self, img: Image.Image, draw: Draw, box: Box) -> None:
        x0, y0, x1, y1 = box
        winners = [s for s in self.sides if s.seats and set(s.seats) <= self.winners]
        colour = theme.GOOD if winners else theme.HIGHLIGHT
        layout.panel(draw, box, theme.PANEL, colour, line=3, radius=theme.RADIUS + 4)
        a, b = self.sides[0], self.sides[1] if len(self.sides) > 1 else self.sides[0]
        fa, fb = self.final_of(a), self.final_of(b)
        if self.session:
            title = "SESSION OVER"
            totals = [int(t) for t in self.session.get("totals") or []]
            if winners:
                w = winners[0]
                lo = b if w is a else a
                big = f"{w.name} {self.verb(w, 'wins', 'win')} the session, " \
                      f"{totals[w.seats[0]]} to {totals[lo.seats[0]]}"
            else:
                big = "The session is drawn"
            small = layout.named(self.view, str(self.outcome.get("detail") or ""))
        else:
            title = "GAME OVER"
            if winners:
                w = winners[0]
                lo = b if w is a else a
                big = f"{w.name} {self.verb(w, 'wins', 'win')}, {self.final_of(w)} to {self.final_of(lo)}"
                bonus = self.final_of(w) - w.score
                if a.score != b.score:
                    small = f"Totals {w.score} to {lo.score}: the difference, {bonus}, is a bonus."
                else:
                    small = (f"Totals tied at {w.score}: a bonus of {bonus} for the highest line scored "
                             f"goes to {w.name}.")
            else:
                big = f"Drawn at {fa} each" if fa == fb else "Drawn"
                best = list(self.view.get("best_lines") or [0])
                small = f"Totals and best lines scored ({best[0]}) are equal."
        mid = (x0 + x1) / 2
        draw_text(draw, (mid, y0 + 20), title, LABEL, theme.MUTED, anchor="mm", bold=True)
        inner = x1 - x0 - 2 * PAD
        size = fit_size(big, inner, theme.TITLE_SIZE + 4, min_size=theme.TEXT_SIZE, bold=True)
        big = layout.ellipsize(big, size, inner, True)
        draw_text(draw, (mid, y0 + 54), big, size, colour, anchor="mm", bold=True)
        size = fit_size(small, inner, theme.TEXT_SIZE - 1, min_size=theme.SMALL_TEXT_SIZE)
        small = layout.ellipsize(small, size, inner)
        draw_text(draw, (mid, y1 - 20), small, size, theme.TEXT, anchor="mm")

    def verb(self, side: Side, one: str, two: str) -> str:
        return one if len(side.seats) == 1 else two

    # -- the coffin -------------------------------------------------------------------------
    def cell_box(self, gx: float, gy: float, r: int, c: int) -> Box:
        x = gx + c * (CARD + GAP)
        y = gy + r * (CARD_H + GAP)
        return (x, y, x + CARD, y + CARD_H)

    def coffin_block(self, img: Image.Image, draw: Draw, box: Box) -> None:
        x0, y0, _, _ = box
        gx, gy = x0, y0 + LABEL_ROW
        per = int(self.view.get("coffins_per_deal") or 1)
        label = "THE COFFIN"
        if per > 1:
            label += f" \u00b7 {int(self.view.get('coffin_number') or 1)} OF {per}"
        draw_text(draw, (gx, y0 + LABEL_ROW / 2 - 2), label, LABEL, theme.MUTED, anchor="lm", bold=True)
        rows_owner, cols_owner = self.owner("rows"), self.owner("cols")
        chip_x = gx + GRID_W + CHIP_GAP
        chip_y = gy + GRID_H + CHIP_GAP
        # who scores which lines: over the row chips, and in the corner beside the column chips
        if rows_owner is not None:
            owner_label(draw, (chip_x + CHIP_W / 2, y0 + LABEL_ROW / 2 - 2), "rows", rows_owner.colour)
        if cols_owner is not None:
            owner_label(draw, (chip_x + CHIP_W / 2, chip_y + CHIP_H / 2), "cols", cols_owner.colour)
        full = all(cell is not None for row in self.coffin for cell in row)
        scored = self.scored_lines() if full else {}
        # connectors under the cards, so each chip visibly belongs to its line
        for i in range(3):
            if rows_owner is not None:
                cy = gy + i * (CARD_H + GAP) + CARD_H / 2
                ink = theme.BAD if self.drained("rows", i) else rows_owner.colour
                draw.rectangle((gx + GRID_W - 6, cy - 3, chip_x, cy + 3), fill=layout.rgba_of(ink, 170))
            if cols_owner is not None:
                cx = gx + i * (CARD + GAP) + CARD / 2
                ink = theme.BAD if self.drained("cols", i) else cols_owner.colour
                draw.rectangle((cx - 3, gy + GRID_H - 6, cx + 3, chip_y), fill=layout.rgba_of(ink, 170))
        centre = self.coffin[1][1]
        for r in range(3):
            for c in range(3):
                cell = self.cell_box(gx, gy, r, c)
                tok = self.coffin[r][c]
                if tok is not None:
                    if (r, c) == (1, 1):
                        centre_frame(draw, cell)
                    layout.paste_card(img, tok, (cell[0], cell[1]), card_width=CARD, variant="dracula")
                    if (r, c) == (1, 1):
                        nail(draw, ((cell[0] + cell[2]) / 2, cell[1] + 3))
                elif (r, c) in self.legal:
                    legal_slot(draw, cell, "centre" if (r, c) == (1, 1) and centre is None else "")
                else:
                    layout.empty_slot(draw, cell)
        for i in range(3):
            top = gy + i * (CARD_H + GAP) + (CARD_H - CHIP_H) / 2
            rb = (chip_x, top, chip_x + CHIP_W, top + CHIP_H)
            self.line_chip(img, draw, rb, "rows", i, rows_owner, scored.get(("rows", i), False))
            cx = gx + i * (CARD + GAP)
            self.line_chip(img, draw, (cx, chip_y, cx + CHIP_W, chip_y + CHIP_H), "cols", i, cols_owner,
                           scored.get(("cols", i), False))

    def drained(self, direction: str, i: int) -> bool:
        items = self.lines.get(direction) or []
        item = items[i] if i < len(items) else None
        return item is not None and int(item.get("multiplier", 1)) == 0

    def scored_lines(self) -> dict[tuple[str, int], bool]:
        """For a full coffin that is the last one scored: the line each side scored (the first
        in board order with the scored value)."""
        last = self.last
        if not last or [list(r) for r in last.get("coffin") or []] != self.coffin:
            return {}
        out: dict[tuple[str, int], bool] = {}
        for entry in last.get("sides") or []:
            direction = str(entry.get("direction"))
            value = entry.get("scored")
            items = self.lines.get(direction) or []
            for i, item in enumerate(items):
                if item is not None and item.get("value") == value:
                    out[(direction, i)] = True
                    break
        return out

    def partial_points(self, direction: str, i: int) -> tuple[int, int]:
        """(points so far, cards) of an unsettled line, from the cards on the table."""
        cells = self.coffin[i] if direction == "rows" else [row[i] for row in self.coffin]
        toks = [t for t in cells if t is not None]
        way: Direction = "rows" if direction == "rows" else "cols"
        return sum(card_points(t, way) for t in toks), len(toks)

    def line_chip(self, img: Image.Image, draw: Draw, box: Box, direction: str, i: int, owner: Side | None,
                  scored: bool) -> None:
        x0, y0, x1, y1 = box
        items = self.lines.get(direction) or [None, None, None]
        item = items[i] if i < len(items) else None
        colour = owner.colour if owner is not None else theme.MUTED
        mid = (x0 + x1) / 2
        if item is not None and int(item.get("multiplier", 1)) == 0:  # a Vampire drained it
            layout.panel(draw, box, mix(theme.PANEL, theme.BAD, 0.22), theme.BAD, line=3, radius=12)
            draw_text(draw, (x0 + 26, y0 + 32), "0", 40, BLOOD, anchor="mm", bold=True)
            emblem(img, "bat", (x0 + 44, y0 + 16, x1 - 8, y0 + 46), BLOOD)
            draw_text(draw, (mid, y1 - 17), "drained", theme.SMALL_TEXT_SIZE + 1, BLOOD, anchor="mm", bold=True)
            return
        if item is not None:
            value, pts, mult = int(item.get("value", 0)), int(item.get("points", 0)), int(item.get("multiplier", 1))
            fill = mix(theme.PANEL, colour, 0.2)
            layout.panel(draw, box, fill, theme.HIGHLIGHT if scored else colour, line=4 if scored else 3, radius=12)
            size = 42 if value < 100 else 38
            draw_text(draw, (mid, y0 + 31), str(value), size, theme.TEXT, anchor="mm", bold=True)
            # "23" and a multiplier pill under the value
            psize = theme.SMALL_TEXT_SIZE + 2
            ptxt, mtxt = str(pts), f"x{mult}"
            pw = text_width(ptxt, psize)
            mw = text_width(mtxt, psize, True) + 14
            left = mid - (pw + 6 + mw) / 2
            my = y1 - 18
            draw_text(draw, (left, my), ptxt, psize, theme.MUTED, anchor="lm")
            pill_box = (left + pw + 6, my - 13, left + pw + 6 + mw, my + 13)
            if mult > 1:
                layout.panel(draw, pill_box, colour, radius=13)
                draw_text(draw, ((pill_box[0] + pill_box[2]) / 2, my), mtxt, psize, theme.PANEL, anchor="mm",
                          bold=True)
            else:
                layout.panel(draw, pill_box, None, mix(theme.PANEL, theme.MUTED, 0.6), line=2, radius=13)
                draw_text(draw, ((pill_box[0] + pill_box[2]) / 2, my), mtxt, psize, theme.MUTED, anchor="mm")
            if scored:
                layout.star(draw, (x1 - 4, y0 + 4), 13, theme.HIGHLIGHT)
            return
        # not settled: the points so far, muted
        layout.panel(draw, box, layout.rgba_of(theme.FELT_DARK, 200), layout.rgba_of(colour, 120), line=2, radius=12)
        pts, n = self.partial_points(direction, i)
        if n == 0 or self.phase == "way":
            draw.rounded_rectangle((mid - 12, y0 + 29, mid + 12, y0 + 34), radius=2, fill=theme.MUTED)
            draw_text(draw, (mid, y1 - 18), "empty", theme.SMALL_TEXT_SIZE + 1, theme.MUTED, anchor="mm")
            return
        draw_text(draw, (mid, y0 + 31), str(pts), 34, mix(theme.MUTED, theme.TEXT, 0.25), anchor="mm", bold=True)
        draw_text(draw, (mid, y1 - 18), "so far", theme.SMALL_TEXT_SIZE + 1, theme.MUTED, anchor="mm")

    # -- before the first deal: the cut and the choice ---------------------------------------
    def way_choice(self, img: Image.Image, draw: Draw, box: Box) -> None:
        x0, y0, x1, y1 = box
        first = self.view.get("first_dealer")
        chooser = int(first) if isinstance(first, int) else 0
        rounds = [[str(t) for t in r] for r in self.view.get("cut") or []]
        size = theme.TEXT_SIZE - 2
        lead = layout.line_height(size)
        y = y0
        draw_text(draw, (x0, y + LABEL_ROW / 2 - 2), "THE CUT", LABEL, theme.MUTED, anchor="lm", bold=True)
        y += LABEL_ROW
        if rounds:
            shown = rounds[-CUT_ROUNDS:]
            if len(rounds) > len(shown):
                earlier = len(rounds) - len(shown)
                draw_text(draw, (x1, y0 + LABEL_ROW / 2 - 2), f"{earlier} earlier round{'s' if earlier > 1 else ''}",
                          LABEL, theme.MUTED, anchor="rm")
            ch = card_height(CUT_CARD)
            for seat in (0, 1):
                cx = x0 + seat * (CUT_COL + 8)
                tag = fit_size(self.names[seat], CUT_COL - 10, LABEL, min_size=theme.SMALL_TEXT_SIZE - 3, bold=True)
                name = layout.ellipsize(self.names[seat], tag, CUT_COL - 10, True)
                layout.panel(draw, (cx, y, cx + CUT_COL, y + 28), layout.seat_colour(self.side_of.get(seat, seat)),
                             radius=7)
                draw_text(draw, (cx + CUT_COL / 2, y + 14), name, tag, theme.PANEL, anchor="mm", bold=True)
            y += 38
            tx = x0 + 2 * CUT_COL + 8 + 16
            for n, pair in enumerate(shown):
                last = n == len(shown) - 1
                for seat, tok in enumerate(pair[:2]):
                    cx = x0 + seat * (CUT_COL + 8) + (CUT_COL - CUT_CARD) / 2
                    layout.paste_card(img, tok, (cx, y), card_width=CUT_CARD, variant="dracula",
                                      highlight=last and seat == chooser, dim=last and seat != chooser)
                if last:
                    text, ink = f"{self.names[chooser]} wins the cut and deals first.", theme.TEXT
                else:
                    why = "A Vampire" if any(t in ("X1", "X2") for t in pair) else "Both black"
                    text, ink = f"{why}: cut again.", theme.MUTED
                lines = layout.wrap(text, size, x1 - tx)[:3]
                top = y + ch / 2 - lead * (len(lines) - 1) / 2
                for k, line in enumerate(lines):
                    draw_text(draw, (tx, top + k * lead), line, size, ink, anchor="lm", bold=last)
                y += ch + 10
        else:
            draw_text(draw, (x0, y + 16), f"No cut: {self.names[chooser]} deals first.", size, theme.TEXT,
                      anchor="lm")
            y += 40
        # the choice of way
        tiles_h = 172
        side = self.sides[self.side_of.get(chooser, 0)]
        who = side.name if len(side.seats) > 1 else self.names[chooser]
        text = f"{who} {self.verb(side, 'chooses', 'choose')}; the other side takes the other way."
        lines = layout.wrap(text, size, x1 - x0)[:2]
        y = max(y + 8, y1 - tiles_h - 10 - len(lines) * lead - LABEL_ROW)
        draw_text(draw, (x0, y + LABEL_ROW / 2 - 2), "THE WAY", LABEL, theme.MUTED, anchor="lm", bold=True)
        y += LABEL_ROW
        for k, line in enumerate(lines):
            draw_text(draw, (x0, y + lead / 2 + k * lead), line, size, theme.TEXT, anchor="lm")
        y += len(lines) * lead + 10
        choosing = self.viewer is not None and self.viewer in (self.view.get("to_move") or []) and not self.over
        tile_w = (x1 - x0 - 12) / 2
        for k, way in enumerate(("rows", "cols")):
            tx0 = x0 + k * (tile_w + 12)
            way_tile(draw, (tx0, y, tx0 + tile_w, min(y1, y + tiles_h)), way, choosing)

    # -- the right column: last coffin and log ------------------------------------------------
    def right_column(self, img: Image.Image, draw: Draw, box: Box) -> None:
        x0, y0, x1, y1 = box
        y = y0
        if self.last:
            h = self.last_height()
            # The same from one coffin scored to the next.
            key = ("dracula last", frozen(self.last), tuple((s.colour, s.name, s.way) for s in self.sides),
                   frozen(self.side_of))
            region(img, (x0, y, x1, y + h), key, self.last_panel, theme.FELT)
            y += h + 12
        log = [layout.named(self.view, str(line)) for line in (self.view.get("log") or [])]
        layout.log_panel(img, draw, (x0, y, x1, y1), log, title="Recent", empty="No moves yet")

    def last_height(self) -> int:
        return 12 + 28 + 3 * card_height(MINI) + 2 * MINI_GAP + 12

    def last_panel(self, img: Image.Image, draw: Draw, box: Box) -> None:
        last = self.last or {}
        x0, y0, x1, _ = box
        layout.panel(draw, box, theme.PANEL)
        label = str(last.get("label") or "")
        title = "LAST COFFIN" + (f" \u00b7 {label.upper()}" if label else "")
        draw_text(draw, (x0 + 12, y0 + 12 + 10), title, LABEL, theme.MUTED, anchor="lm", bold=True)
        top = y0 + 12 + 28
        grid = last.get("coffin") or []
        mh = card_height(MINI)
        for r, row in enumerate(grid[:3]):
            for c, tok in enumerate(row[:3]):
                x, y = x0 + 12 + c * (MINI + MINI_GAP), top + r * (mh + MINI_GAP)
                if tok is None:
                    layout.empty_slot(draw, (x, y, x + MINI, y + mh))
                else:
                    layout.paste_card(img, str(tok), (x, y), card_width=MINI, variant="dracula", shadow=False)
        rx = x0 + 12 + 3 * MINI + 2 * MINI_GAP + 14
        rung = int(last.get("rung") or 0)
        y = top
        for entry in last.get("sides") or []:
            seats = [int(s) for s in entry.get("seats") or []]
            side = self.sides[self.side_of.get(seats[0], 0)] if seats else self.sides[0]
            self.last_side(img, draw, (rx, y, x1 - 12, y + 62), side, entry, rung)
            y += 66
        text = RUNG_TEXT[rung] if 0 <= rung < len(RUNG_TEXT) else ""
        size = theme.SMALL_TEXT_SIZE + 1
        for k, line in enumerate(layout.wrap(text, size, x1 - 12 - rx)[:2]):
            draw_text(draw, (rx, y + 12 + k * layout.line_height(size)), line, size, theme.MUTED, anchor="lm")

    def last_side(self, img: Image.Image, draw: Draw, box: Box, side: Side, entry: Mapping[str, Any],
                  rung: int) -> None:
        x0, y0, x1, _ = box
        scored = int(entry.get("scored") or 0)
        direction = str(entry.get("direction") or side.way or "rows")
        size = theme.TEXT_SIZE - 2
        mid = y0 + 13
        draw.ellipse((x0, mid - 7, x0 + 14, mid + 7), fill=side.colour)
        name = layout.ellipsize(side.name, size, x1 - x0 - 22 - 30, True)
        nx = x0 + 22 + layout.draw_rich(img, draw, (x0 + 22, mid), name, size, theme.TEXT, bold=True)
        double_arrow(draw, (nx + 8 + 9, mid), 18, direction == "cols", side.colour, 3)
        # its three lines, best first, the one that scored boxed in the side's colour; then the points
        values = [int(v) for v in entry.get("lines") or []]
        bw, gap = 46.0, 5.0
        by = y0 + 30
        for k, v in enumerate(values[:3]):
            bx = x0 + k * (bw + gap)
            b = (bx, by, bx + bw, by + 28)
            if k == rung:
                layout.panel(draw, b, side.colour, radius=8)
                draw_text(draw, ((b[0] + b[2]) / 2, by + 14), str(v), size, theme.PANEL, anchor="mm", bold=True)
            else:
                layout.panel(draw, b, None, theme.PANEL_LIGHT, line=2, radius=8)
                draw_text(draw, ((b[0] + b[2]) / 2, by + 14), str(v), size, theme.MUTED, anchor="mm")
        draw_text(draw, (x1, by + 14), f"+{scored}", theme.TEXT_SIZE, theme.GOOD if scored else theme.MUTED,
                  anchor="rm", bold=True)


# --- small drawings --------------------------------------------------------------------------

@lru_cache(maxsize=32)
def _emblem_mask(name: str, width: int, height: int) -> Image.Image:
    fn, ratio = EMBLEMS[name]
    ss = 4
    big = Image.new("L", (width * ss, height * ss), 0)
    x0, y0, _, y1 = fit((0, 0, width * ss, height * ss), ratio)
    fn(Pen(ImageDraw.Draw(big), x0, y0, y1 - y0, ratio, 1.0), 255, 0, 0)
    return big.reduce(ss)


def emblem(img: Image.Image, name: str, box: Box, colour: RGB) -> None:
    """An emblem (the bat) fitted in ``box`` in one colour."""
    x0, y0 = round(box[0]), round(box[1])
    w, h = max(1, round(box[2]) - x0), max(1, round(box[3]) - y0)
    paint(img, _emblem_mask(name, w, h), (x0, y0), colour)


def double_arrow(draw: Draw, centre: tuple[float, float], length: float, vertical: bool, colour: RGB,
                 width: int = 4, head: float | None = None) -> None:
    """A drawn two-headed arrow (the font has no arrows): across for rows, up and down for columns."""
    cx, cy = centre
    half = length / 2
    head = max(5.0, length * 0.28) if head is None else head
    wing = head * 0.8
    if vertical:
        draw.line([(cx, cy - half + head * 0.6), (cx, cy + half - head * 0.6)], fill=colour, width=width)
        draw.polygon([(cx, cy - half), (cx - wing, cy - half + head), (cx + wing, cy - half + head)], fill=colour)
        draw.polygon([(cx, cy + half), (cx - wing, cy + half - head), (cx + wing, cy + half - head)], fill=colour)
    else:
        draw.line([(cx - half + head * 0.6, cy), (cx + half - head * 0.6, cy)], fill=colour, width=width)
        draw.polygon([(cx - half, cy), (cx - half + head, cy - wing), (cx - half + head, cy + wing)], fill=colour)
        draw.polygon([(cx + half, cy), (cx + half - head, cy - wing), (cx + half - head, cy + wing)], fill=colour)


def way_icon(draw: Draw, box: Box, way: str | None, colour: RGB) -> None:
    """A rounded square in the side's colour with its way's arrow (a "?" before the choice)."""
    x0, y0, x1, y1 = box
    if way is None:
        layout.panel(draw, box, theme.BACKGROUND, theme.PANEL_LIGHT, line=2, radius=10)
        draw_text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), "?", 30, theme.MUTED, anchor="mm", bold=True)
        return
    layout.panel(draw, box, colour, radius=10)
    double_arrow(draw, ((x0 + x1) / 2, (y0 + y1) / 2), (x1 - x0) * 0.7, way == "cols", theme.PANEL, 5)


def owner_label(draw: Draw, centre: tuple[float, float], way: str, colour: RGB) -> None:
    """"ROWS" with an arrow across, or "COLS" with one up and down, in the scorer's colour."""
    text = "ROWS" if way == "rows" else "COLS"
    size = LABEL
    tw = text_width(text, size, True)
    total = 22 + 6 + tw
    x = centre[0] - total / 2
    double_arrow(draw, (x + 11, centre[1]), 22, way == "cols", colour, 3)
    draw_text(draw, (x + 28, centre[1]), text, size, colour, anchor="lm", bold=True)


def dealer_chip(draw: Draw, centre: tuple[float, float]) -> None:
    """A round gold "D": the dealer."""
    cx, cy = centre
    draw.ellipse((cx - 13, cy - 13, cx + 13, cy + 13), fill=theme.HIGHLIGHT)
    draw_text(draw, (cx, cy + 1), "D", theme.SMALL_TEXT_SIZE, theme.PANEL, anchor="mm", bold=True)


def hand_count(draw: Draw, right_mid: tuple[float, float], n: int, ink: RGB) -> float:
    """A small card back and the number of cards in a hand, ending at ``right_mid``; returns its width."""
    x1, mid = right_mid
    size = theme.TEXT_SIZE
    text = str(n)
    tw = text_width(text, size, True)
    field, _, trim = theme.BACK_STYLES["standard"]
    bx = x1 - tw - 6 - 18
    draw.rounded_rectangle((bx, mid - 12, bx + 18, mid + 12), radius=3, fill=field, outline=trim, width=2)
    draw_text(draw, (x1, mid), text, size, ink, anchor="rm", bold=True)
    return tw + 6 + 18


def centre_frame(draw: Draw, box: Box) -> None:
    """A pale frame round the centre card, the coffin's first nail."""
    x0, y0, x1, y1 = box
    m = 5
    draw.rounded_rectangle((x0 - m, y0 - m, x1 + m, y1 + m), radius=round(CARD * theme.CARD_RADIUS) + m,
                           outline=layout.rgba_of(NAIL, 200), width=3)


def nail(draw: Draw, centre: tuple[float, float]) -> None:
    """A nail head driven into the top of the centre card."""
    cx, cy = centre
    r = 9
    draw.ellipse((cx - r + 1, cy - r + 2, cx + r + 1, cy + r + 2), fill=(0, 0, 0, 120))
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(150, 154, 166), outline=(70, 72, 80), width=2)
    draw.ellipse((cx - r + 4, cy - r + 4, cx + r - 6, cy + r - 6), fill=(236, 238, 244))


def legal_slot(draw: Draw, box: Box, label: str = "") -> None:
    """A free cell where the viewer may place: a soft glow, a dashed gold outline and a "+"."""
    x0, y0, x1, y1 = box
    radius = round(CARD * theme.CARD_RADIUS)
    for k, alpha in ((9, 26), (6, 40), (3, 60)):
        draw.rounded_rectangle((x0 - k, y0 - k, x1 + k, y1 + k), radius=radius + k,
                               outline=layout.rgba_of(theme.HIGHLIGHT, alpha), width=3)
    draw.rounded_rectangle(box, radius=radius, fill=layout.rgba_of(theme.HIGHLIGHT, 34))
    layout.dashed_rect(draw, box, theme.HIGHLIGHT, 3, dash=12, gap=7)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2 - (8 if label else 0)
    arm, t = 20, 4
    draw.rounded_rectangle((cx - arm, cy - t, cx + arm, cy + t), radius=t, fill=theme.HIGHLIGHT)
    draw.rounded_rectangle((cx - t, cy - arm, cx + t, cy + arm), radius=t, fill=theme.HIGHLIGHT)
    if label:
        draw_text(draw, (cx, cy + arm + 18), label, theme.SMALL_TEXT_SIZE, theme.HIGHLIGHT, anchor="mm", bold=True)


def way_tile(draw: Draw, box: Box, way: str, legal: bool) -> None:
    """One choice of way: a small grid with its lines marked, the name and what it scores."""
    x0, y0, x1, _ = box
    outline = theme.HIGHLIGHT if legal else theme.PANEL_LIGHT
    layout.panel(draw, box, theme.PANEL, outline, line=3 if legal else 2, radius=theme.RADIUS + 2)
    # a 3x3 grid of little cards with an arrow along each scored line
    cell_w, cell_h, g = 18, 24, 6
    gw, gh = 3 * cell_w + 2 * g, 3 * cell_h + 2 * g
    gx, gy = (x0 + x1) / 2 - gw / 2, y0 + 18
    face = mix(theme.CARD_FACE, theme.PANEL, 0.45)
    for r in range(3):
        for c in range(3):
            cx, cy = gx + c * (cell_w + g), gy + r * (cell_h + g)
            draw.rounded_rectangle((cx, cy, cx + cell_w, cy + cell_h), radius=3, fill=face)
    ink = theme.HIGHLIGHT if legal else theme.TEXT
    for k in range(3):
        if way == "rows":
            double_arrow(draw, (gx + gw / 2, gy + k * (cell_h + g) + cell_h / 2), gw + 18, False, ink, 3, head=8)
        else:
            double_arrow(draw, (gx + k * (cell_w + g) + cell_w / 2, gy + gh / 2), gh + 18, True, ink, 3, head=8)
    mid = (x0 + x1) / 2
    ty = gy + gh + 24
    draw_text(draw, (mid, ty), WAYS[way], theme.TEXT_SIZE, theme.TEXT, anchor="mm", bold=True)
    draw_text(draw, (mid, ty + 28), f"scores {WAY_WORDS[way]}", theme.TEXT_SIZE - 2, theme.MUTED, anchor="mm")


# --- entry points ----------------------------------------------------------------------------

def table(view: Mapping[str, Any]) -> Image.Image:
    """The Dracula table for ``view`` (any seat's, or a spectator's)."""
    return Table(view).draw()


HAND_CARD = theme.CARD_WIDTH_LARGE
HAND_GAP = 16
SPREAD_MOST = 6  # hands up to this size are laid side by side, with hints; larger ones are fanned
HINT_H = 36


def hand(view: Mapping[str, Any]) -> Image.Image:
    """The viewer's hand. A two-player hand (four cards at most) lies side by side, the cards the
    viewer may place raised and glowing, each with what it is worth in the viewer's way (a Queen
    counts 10 in rows and 0 in columns, a King the other way round; a Vampire drains its lines).
    A four-player hand (13 or 14 cards) is the generic fanned hand.

    The legal actions' labels name a cell ("7♥ → middle left"), one per cell; the generic hand
    would write the first cell under each card as if it were the card's only result, so the
    labels are left out (the table shows where a card may go)."""
    cards = generic_hand.hand_cards(view)
    legal_actions = [{"token": str(a.get("token", "")), "label": ""} for a in view.get("legal") or []]
    plain = {**view, "legal": legal_actions}
    if not cards or len(cards) > SPREAD_MOST:
        return generic_hand.hand(plain)
    viewer = view.get("viewer")
    seat = int(viewer) if isinstance(viewer, int) else 0
    my_turn = seat in (view.get("to_move") or []) and not view.get("over")
    legal, _ = generic_hand.playable(plain) if my_turn else (set(), {})
    directions = list(view.get("directions") or [])
    way = directions[seat] if seat < len(directions) else None
    sides = view.get("sides") or []
    side = next((i for i, members in enumerate(sides) if seat in members), seat % 2)
    colour = layout.seat_colour(side)

    pad = theme.PADDING
    row_w = len(cards) * HAND_CARD + (len(cards) - 1) * HAND_GAP
    width = int(max(generic_hand.MIN_WIDTH, row_w + 2 * (pad + 30)))
    names = layout.names(view)
    title = f"{names[seat]}'s hand" if seat < len(names) else "Your hand"
    status = layout.named(view, str(view.get("status", "")))
    status_h = layout.status_height(status, width - 2 * pad)
    hints = way is not None
    body = layout.LIFT + card_height(HAND_CARD) + (10 + HINT_H if hints else 0) + 16
    height = layout.HEADER_HEIGHT + 10 + status_h + 10 + body + 20 + pad
    img, draw = layout.canvas(width, height)
    count = f"{len(cards)} card{'s' if len(cards) != 1 else ''}"
    subtitle = f"{view.get('title') or 'Dracula'} · {count}"
    if way is not None:
        subtitle = f"{WAYS[way]} · {count}"
    y = layout.header(img, draw, title, subtitle) + 10
    layout.status_line(img, draw, (pad, y, width - pad, y + status_h), status,
                       colour=theme.ACCENT if my_turn else theme.PANEL_LIGHT)
    y += status_h + 10
    layout.panel(draw, (pad, y, width - pad, y + body + 20), theme.FELT, theme.FELT_LIGHT, line=2,
                 radius=theme.RADIUS + 6)
    top = y + 16
    left = (width - row_w) / 2
    xs = [i * (HAND_CARD + HAND_GAP) for i in range(len(cards))]
    dim = set(cards) - legal if my_turn else set()
    boxes = layout.draw_cards(img, cards, xs, top + layout.LIFT, card_width=HAND_CARD, variant="dracula",
                              highlight=legal, raised=legal, dim=dim, x0=left)
    if hints and way is not None:
        hint_y = top + layout.LIFT + card_height(HAND_CARD) + 10
        for tok, box in zip(cards, boxes, strict=True):
            worth_tag(img, draw, (box[0], hint_y, box[2], hint_y + HINT_H), tok, way, colour)
    return img


def worth_tag(img: Image.Image, draw: Draw, box: Box, tok: str, way: str, colour: RGB) -> None:
    """Under a hand card: its points in the viewer's way, after that way's arrow; a bat and
    "drains" for a Vampire."""
    x0, y0, x1, y1 = box
    mid_y = (y0 + y1) / 2
    size = theme.TEXT_SIZE - 1
    if tok in ("X1", "X2"):
        layout.panel(draw, box, mix(theme.PANEL, theme.BAD, 0.25), theme.BAD, line=2, radius=10)
        tw = text_width("drains", size, True)
        bx = (x0 + x1) / 2 - (30 + 6 + tw) / 2
        emblem(img, "bat", (bx, mid_y - 8, bx + 30, mid_y + 8), BLOOD)
        draw_text(draw, (bx + 36, mid_y), "drains", size, BLOOD, anchor="lm", bold=True)
        return
    direction: Direction = "rows" if way == "rows" else "cols"
    pts = card_points(tok, direction)
    layout.panel(draw, box, theme.PANEL, colour, line=2, radius=10)
    text = f"{pts} pt{'s' if pts != 1 else ''}"
    tw = text_width(text, size, True)
    total = 24 + 8 + tw
    ax = (x0 + x1) / 2 - total / 2
    double_arrow(draw, (ax + 12, mid_y), 24, way == "cols", colour, 3, head=8)
    draw_text(draw, (ax + 32, mid_y), text, size, theme.TEXT, anchor="lm", bold=True)
