"""Dracula's coffin as the table draws it: the grid of cards with each line's chip (what it is
worth, whose it is, whether a vampire drained it), and before the first deal the cut and the
choice of ways (see :mod:`renderers.games.dracula`). A part of :class:`renderers.games.dracula.Table`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from games.dracula.scoring import Direction
from games.dracula.scoring import points as card_points
from renderers.games.dracula_parts import (
    BLOOD,
    CARD,
    CARD_H,
    CHIP_GAP,
    CHIP_H,
    CHIP_W,
    CUT_CARD,
    CUT_COL,
    CUT_ROUNDS,
    GAP,
    GRID_H,
    GRID_W,
    LABEL,
    LABEL_ROW,
    Side,
    centre_frame,
    emblem,
    legal_slot,
    nail,
    owner_label,
    way_tile,
)
from renderers.kit import card_rows, layout, theme
from renderers.kit.fonts import draw_text, fit_size, text_width
from renderers.kit.layout import Box, Draw
from renderers.kit.theme import card_height, mix


class CoffinParts:
    """The coffin's drawing, read from what :class:`Table` read of the view."""

    view: Mapping[str, Any]
    players: int
    names: list[str]
    viewer: int | None
    over: bool
    phase: str
    sides: list[Side]
    side_of: dict[int, int]
    turn: int | None
    dealer: Any
    coffin: list[list[str | None]]
    legal: set[tuple[int, int]]
    lines: Mapping[str, Sequence[Mapping[str, int] | None]]
    session: Mapping[str, Any] | None
    last: Mapping[str, Any] | None

    def owner(self, direction: str) -> Side | None:
        raise NotImplementedError

    def seat_name(self, seat: int) -> str:
        raise NotImplementedError

    def verb(self, side: Side, one: str, two: str) -> str:
        raise NotImplementedError

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
                    card_rows.paste_card(img, tok, (cell[0], cell[1]), card_width=CARD, variant="dracula")
                    if (r, c) == (1, 1):
                        nail(draw, ((cell[0] + cell[2]) / 2, cell[1] + 3))
                elif (r, c) in self.legal:
                    legal_slot(draw, cell, "centre" if (r, c) == (1, 1) and centre is None else "")
                else:
                    card_rows.empty_slot(draw, cell)
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
                    card_rows.paste_card(img, tok, (cx, y), card_width=CUT_CARD, variant="dracula",
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

