"""The settlement image: who paid whom at the end of a round, how much and why.

``settlement(view, data)`` draws any game's ``Settlement.to_json()`` (``round``, ``total``,
``transfers``; ``loser`` and ``multiplier`` when the game has them). A game that wants more
(Fscking Ace's note on doubling) builds its :class:`Row` list and calls :func:`image` with a
``note`` painter. The view gives names, the money unit and the title.

From the top: a header (game, round), a headline (who paid, the total), the optional note, then
one row per payment grouped by payer: the payee, the reason (names and amounts filled in) and
the amount; a total at the foot. Past ``MAX_ROWS`` payments, those between the same two seats
are merged, then the rest summed up in one line, so that 20 players stay a phone-sized image.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from games.core.stakes import format_money
from renderers.kit import layout, theme
from renderers.kit.fonts import draw_text, text_width
from renderers.kit.layout import Box, Draw
from renderers.kit.theme import RGB

WIDTH = 760  # narrower than a table: the rows are text, and a phone shrinks the image less
PAD = theme.PADDING
INNER = 14  # inside the panels
HEADLINE_H = 92
ROW_H = 40  # a row whose reason fits on one line
ROW_H2 = 56  # a row whose reason takes two
GROUP_H = 38  # "FROM ANN" over a payer's rows, where several seats paid
FOOT_H = 50
NAME_W = 190
AMOUNT_W = 128
MAX_ROWS = 22
REASON_SIZE = theme.SMALL_TEXT_SIZE + 1
NAME_SIZE = theme.TEXT_SIZE - 1

Painter = Callable[[Image.Image, Draw, Box], None]


@dataclass(frozen=True)
class Row:
    """One line of the list: ``payer`` paid ``payee`` ``cents`` for ``reason`` (filled text);
    ``tag`` is an optional chip by the amount ("x2", "bonus")."""

    payer: int
    payee: int
    cents: int
    reason: str
    tag: str = ""
    tag_colour: RGB = theme.HIGHLIGHT


def rows_of(view: Mapping[str, Any], data: Mapping[str, Any]) -> list[Row]:
    """The settlement's transfers as rows, reasons with names and amounts put in."""
    return [Row(int(t.get("from", 0)), int(t.get("to", 0)), int(t.get("cents", 0)),
                layout.named(view, str(t.get("reason") or ""))) for t in data.get("transfers") or []]


def fit_rows(rows: Sequence[Row], most: int = MAX_ROWS) -> tuple[list[Row], Row | None]:
    """At most ``most`` rows: merged by (payer, payee) if there are more, then cut, with a row
    that sums up the rest (``None`` if nothing was cut)."""
    shown = list(rows)
    if len(shown) > most:
        merged: dict[tuple[int, int], Row] = {}
        for r in shown:
            key = (r.payer, r.payee)
            old = merged.get(key)
            merged[key] = r if old is None else Row(r.payer, r.payee, old.cents + r.cents,
                                                     f"{old.reason}; {r.reason}", old.tag or r.tag,
                                                     old.tag_colour if old.tag else r.tag_colour)
        shown = list(merged.values())
    if len(shown) <= most:
        return shown, None
    rest = shown[most - 1:]
    more = Row(-1, -1, sum(r.cents for r in rest), f"and {len(rest)} more payments")
    return shown[: most - 1], more


def payers(rows: Sequence[Row]) -> list[int]:
    """The seats that paid, in order of their first payment."""
    return list(dict.fromkeys(r.payer for r in rows if r.payer >= 0))


def settlement(view: Mapping[str, Any], data: Mapping[str, Any]) -> Image.Image:
    """Any game's settlement, drawn plainly (the drawer games without their own use)."""
    return image(view, data, rows_of(view, data))


def image(view: Mapping[str, Any], data: Mapping[str, Any], rows: Sequence[Row], *,
          note: tuple[int, Painter] | None = None, headline: str | None = None) -> Image.Image:
    """The settlement image of ``rows``; ``note`` is (height, painter) for a panel under the
    headline; ``headline`` replaces the default ("Ann pays $61 in all")."""
    return _Sheet(view, data, rows).draw(note, headline)


class _Sheet:
    def __init__(self, view: Mapping[str, Any], data: Mapping[str, Any], rows: Sequence[Row]) -> None:
        self.view = view
        self.data = data
        self.unit = str(view.get("unit") or "dollars")
        self.names = layout.names(view)
        self.rows, self.more = fit_rows(rows)
        self.by = payers(self.rows)
        total = data.get("total")
        self.total = int(total) if total is not None else sum(r.cents for r in rows)

    def money(self, cents: int) -> str:
        return format_money(cents, self.unit)

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else f"Seat {seat + 1}"

    def reason_lines(self, row: Row) -> list[str]:
        room = self.reason_room(row)
        return layout.wrap(row.reason, REASON_SIZE, room)[:2] if row.reason else []

    def reason_room(self, row: Row) -> float:
        tag = text_width(row.tag, REASON_SIZE - 2, True) + 24 if row.tag else 0
        return WIDTH - 2 * PAD - 2 * INNER - 30 - NAME_W - AMOUNT_W - tag - 16

    def row_height(self, row: Row) -> int:
        return ROW_H2 if len(self.reason_lines(row)) > 1 else ROW_H

    def list_height(self) -> int:
        groups = GROUP_H * len(self.by) if len(self.by) > 1 else 0
        rows = sum(self.row_height(r) for r in self.rows) + (ROW_H if self.more else 0)
        return INNER + groups + max(rows, ROW_H) + INNER

    def draw(self, note: tuple[int, Painter] | None, headline: str | None) -> Image.Image:
        note_h = note[0] + 10 if note else 0
        list_h = self.list_height()
        height = layout.HEADER_HEIGHT + 10 + HEADLINE_H + 10 + note_h + list_h + 10 + FOOT_H + PAD
        img, draw = layout.canvas(WIDTH, height)
        title = str(self.view.get("title") or "Settlement")
        rnd = self.data.get("round")
        y = layout.header(img, draw, title, f"Round {rnd} settled" if rnd is not None else "Settled") + 10
        self.headline(img, draw, (PAD, y, WIDTH - PAD, y + HEADLINE_H), headline)
        y += HEADLINE_H + 10
        if note:
            note[1](img, draw, (PAD, y, WIDTH - PAD, y + note[0]))
            y += note_h
        self.payments(img, draw, (PAD, y, WIDTH - PAD, y + list_h))
        y += list_h + 10
        self.foot(draw, (PAD, y, WIDTH - PAD, y + FOOT_H))
        return img

    def headline(self, img: Image.Image, draw: Draw, box: Box, text: str | None) -> None:
        x0, y0, x1, y1 = box
        layout.panel(draw, box, theme.PANEL, theme.PANEL_LIGHT, line=1, radius=theme.RADIUS + 2)
        draw.rounded_rectangle((x0, y0, x0 + 8, y1), radius=4, fill=theme.BAD)
        loser = self.data.get("loser")
        payer = int(loser) if isinstance(loser, int) else (self.by[0] if len(self.by) == 1 else None)
        if text is None:
            text = (f"{self.name(payer)} pays {self.money(self.total)}" if payer is not None
                    else f"{self.money(self.total)} changes hands")
        count = len({r.payee for r in self.rows}) + (1 if self.more else 0)
        small = f"to {count} player{'s' if count != 1 else ''}, in {len(self.data.get('transfers') or [])} payments"
        room = x1 - x0 - 48
        size = theme.TITLE_SIZE + 2
        while size > theme.TEXT_SIZE and layout.rich_width(text, size, True) > room:
            size -= 1
        layout.draw_rich(img, draw, (x0 + 26, y0 + 34), layout.ellipsize(text, size, room, True), size, theme.TEXT,
                         bold=True)
        draw_text(draw, (x0 + 26, y0 + 68), small, theme.SMALL_TEXT_SIZE + 1, theme.MUTED, anchor="lm")

    def payments(self, img: Image.Image, draw: Draw, box: Box) -> None:
        x0, y0, x1, _ = box
        layout.panel(draw, box, theme.PANEL, radius=theme.RADIUS + 2)
        y = y0 + INNER
        grouped = len(self.by) > 1
        first = True
        for payer in self.by if grouped else [None]:
            if grouped and payer is not None:
                mid = y + GROUP_H / 2 + 2
                draw.ellipse((x0 + INNER, mid - 7, x0 + INNER + 14, mid + 7), fill=layout.seat_colour(payer))
                paid = sum(r.cents for r in self.rows if r.payer == payer)
                label = f"FROM {self.name(payer).upper()}"
                draw_text(draw, (x0 + INNER + 24, mid), layout.ellipsize(label, REASON_SIZE, x1 - x0 - 240, True),
                          REASON_SIZE, theme.MUTED, anchor="lm", bold=True)
                draw_text(draw, (x1 - INNER, mid), f"pays {self.money(paid)}", REASON_SIZE, theme.MUTED,
                          anchor="rm", bold=True)
                y += GROUP_H
            for row in self.rows:
                if payer is not None and row.payer != payer:
                    continue
                h = self.row_height(row)
                if not first:
                    draw.line([(x0 + INNER, y), (x1 - INNER, y)], fill=theme.PANEL_LIGHT, width=1)
                first = False
                self.row(img, draw, row, (x0 + INNER, y, x1 - INNER, y + h))
                y += h
        if self.more:
            draw.line([(x0 + INNER, y), (x1 - INNER, y)], fill=theme.PANEL_LIGHT, width=1)
            mid = y + ROW_H / 2
            draw_text(draw, (x0 + INNER + 30, mid), self.more.reason, NAME_SIZE, theme.MUTED, anchor="lm")
            draw_text(draw, (x1 - INNER, mid), self.money(self.more.cents), NAME_SIZE, theme.MUTED, anchor="rm",
                      bold=True)
        if not self.rows and not self.more:
            draw_text(draw, ((x0 + x1) / 2, y + ROW_H / 2), "No money changed hands", NAME_SIZE, theme.MUTED,
                      anchor="mm")

    def row(self, img: Image.Image, draw: Draw, row: Row, box: Box) -> None:
        x0, y0, x1, y1 = box
        mid = (y0 + y1) / 2
        arrow(draw, (x0 + 2, mid), 18, theme.MUTED)
        x = x0 + 30
        draw.ellipse((x, mid - 7, x + 14, mid + 7), fill=layout.seat_colour(row.payee))
        name = layout.ellipsize(self.name(row.payee), NAME_SIZE, NAME_W - 26, True)
        layout.draw_rich(img, draw, (x + 22, mid), name, NAME_SIZE, theme.TEXT, bold=True)
        x += NAME_W
        lines = self.reason_lines(row)
        lead = layout.line_height(REASON_SIZE)
        top = mid - lead * (len(lines) - 1) / 2
        for i, line in enumerate(lines):
            layout.draw_rich(img, draw, (x, top + i * lead), line, REASON_SIZE, theme.MUTED)
        amount = self.money(row.cents)
        draw_text(draw, (x1, mid), amount, NAME_SIZE + 1, theme.GOOD, anchor="rm", bold=True)
        if row.tag:
            right = x1 - max(text_width(amount, NAME_SIZE + 1, True), AMOUNT_W - 30) - 10
            ink = theme.PANEL if sum(row.tag_colour) > 450 else theme.TEXT  # dark on pale chips
            layout.pill(draw, (right, mid), row.tag, size=REASON_SIZE - 2, fill=row.tag_colour, ink=ink, anchor="rm")

    def foot(self, draw: Draw, box: Box) -> None:
        x0, y0, x1, y1 = box
        layout.panel(draw, box, theme.PANEL, theme.PANEL_LIGHT, line=1, radius=theme.RADIUS + 2)
        mid = (y0 + y1) / 2
        draw_text(draw, (x0 + INNER + 12, mid), "TOTAL", REASON_SIZE, theme.MUTED, anchor="lm", bold=True)
        draw_text(draw, (x1 - INNER, mid), self.money(self.total), theme.TEXT_SIZE + 4, theme.TEXT, anchor="rm",
                  bold=True)


def arrow(draw: Draw, left_mid: tuple[float, float], length: float, colour: RGB) -> None:
    """A small drawn arrow pointing right (the font has none): "paid to"."""
    x, y = left_mid
    draw.line([(x, y), (x + length - 6, y)], fill=colour, width=3)
    draw.polygon([(x + length, y), (x + length - 9, y - 6), (x + length - 9, y + 6)], fill=colour)
