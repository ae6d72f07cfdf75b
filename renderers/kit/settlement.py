"""The settlement picture: who paid whom at the end of a round, how much and why, drawn at
:data:`renderers.kit.shown.COPY_SIZE` like the table it follows in the channel.

``settlement(view, data)`` draws any game's ``Settlement.to_json()`` (``round``, ``total``,
``transfers``; ``loser`` and ``multiplier`` when the game has them). A game that wants more
(Fscking Ace's note on doubling) builds its :class:`Row` list and calls :func:`image` with a
``note`` painter. The view gives names, the money unit and the title.

    +-----------------------------------------------------------+
    | Ann pays $61                  (the headline, its total)   |
    | Fosco, round 4 . to 2 players in 3 payments               |
    +-----------------------------------------------------------+
    | the optional note (the game's own band)                   |
    +-----------------------------------------------------------+
    | FROM ANN                               pays $50 | (a header per payer, when several paid)
    | (o) Bo     owes Bo $5            [tag]      $5  |
    +-----------------------------------------------------------+

The rows take one column (payee, reason, tag, amount) while they fit, then two narrower ones.
Past what two columns hold, payments between the same two seats are merged, then the rest summed
up in one "and N more payments" line, so that 30 players stay inside the picture.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from games.core.stakes import format_money
from games.core.views import shared
from renderers.kit import layout, shown, theme
from renderers.kit.fonts import draw_text, text_width
from renderers.kit.layout import Box, Draw
from renderers.kit.names import fit_name
from renderers.kit.theme import RGB

W, H = shown.COPY_SIZE
M = 6  # the margin round the picture and between its parts
SMALL = shown.COPY_TEXT_MIN  # reasons, tags, the headline's second line
NAME = SMALL + 1  # payees and amounts, bold
HEAD_H = 54
ROW_H = 24
ROW_H_MOST = 36
INNER = 6  # inside the list's panel, above and below the rows
COLUMN_GAP = 14
NAME_W = 150  # the payee's column in the one-column list
CELL_NAME_W = 140  # at most, in a two-column list, where the reason has less room
MAX_COLUMNS = 2  # three would leave no room for the reason
MAX_ROWS = MAX_COLUMNS * ((H - 3 * M - HEAD_H - 2 * INNER) // ROW_H)  # all two columns hold, no note

Painter = Callable[[Image.Image, Draw, Box], None]


@dataclass(frozen=True)
class Row:
    """One line of the list: ``payer`` paid ``payee`` ``cents`` for ``reason`` (filled text);
    ``tag`` is an optional chip by the amount ("x2", "bonus"); ``short`` the reason in a
    two-column list (the reason itself if not given; "" says nothing more than the tag)."""

    payer: int
    payee: int
    cents: int
    reason: str
    tag: str = ""
    tag_colour: RGB = theme.HIGHLIGHT
    short: str | None = None

    @property
    def brief(self) -> str:
        return self.reason if self.short is None else self.short


def rows_of(view: Mapping[str, Any], data: Mapping[str, Any]) -> list[Row]:
    """The settlement's transfers as rows, reasons with names and amounts put in."""
    return [Row(int(t.get("from", 0)), int(t.get("to", 0)), int(t.get("cents", 0)),
                layout.named(view, str(t.get("reason") or ""))) for t in data.get("transfers") or []]


def fit_rows(rows: Sequence[Row], most: int = MAX_ROWS) -> tuple[list[Row], Row | None]:
    """At most ``most`` rows: merged by (payer, payee) if there are more, then cut to the largest
    payments (in their order), with a row that sums up the rest (``None`` if nothing was cut)."""
    shown_ = list(rows)
    if len(shown_) > most:
        merged: dict[tuple[int, int], Row] = {}
        for r in shown_:
            key = (r.payer, r.payee)
            old = merged.get(key)
            merged[key] = r if old is None else Row(
                r.payer, r.payee, old.cents + r.cents, f"{old.reason}; {r.reason}", old.tag or r.tag,
                old.tag_colour if old.tag else r.tag_colour, "; ".join(b for b in (old.brief, r.brief) if b))
        shown_ = list(merged.values())
    if len(shown_) <= most:
        return shown_, None
    # The small payments are the ones summed up: the large ones (the bonus) are the news.
    keep = set(sorted(range(len(shown_)), key=lambda i: -shown_[i].cents)[: max(most - 1, 0)])
    rest = [r for i, r in enumerate(shown_) if i not in keep]
    more = Row(-1, -1, sum(r.cents for r in rest), f"and {len(rest)} more payments")
    return [r for i, r in enumerate(shown_) if i in keep], more


def payers(rows: Sequence[Row]) -> list[int]:
    """The seats that paid, in order of their first payment."""
    return list(dict.fromkeys(r.payer for r in rows if r.payer >= 0))


def settlement(view: Mapping[str, Any], data: Mapping[str, Any]) -> Image.Image:
    """Any game's settlement, drawn plainly (the drawer games without their own use)."""
    return image(view, data, rows_of(view, data))


def image(view: Mapping[str, Any], data: Mapping[str, Any], rows: Sequence[Row], *,
          note: tuple[int, Painter] | None = None, headline: str | None = None) -> Image.Image:
    """The settlement picture of ``rows``; ``note`` is (height, painter) for a band under the
    headline; ``headline`` replaces the default ("Ann pays $61")."""
    return _Sheet(view, data, rows, note[0] + M if note else 0).draw(note, headline)


# One slot of the list: a payer's header ("FROM ANN", their seat, what they paid) or a row.
Item = tuple[str, int, Row | None]


class _Sheet:
    def __init__(self, view: Mapping[str, Any], data: Mapping[str, Any], rows: Sequence[Row], note_h: int) -> None:
        self.view = view
        self.data = data
        self.unit = str(shared(view).get("unit") or "dollars")
        self.names = layout.names(view)
        self.list_box: Box = (M, M + HEAD_H + M + note_h, W - M, H - M)
        per_column = max(1, int(self.list_box[3] - self.list_box[1] - 2 * INNER) // ROW_H)
        self.all = list(rows)
        self.items = self.fit(per_column)
        self.columns = 1 if len(self.items) <= per_column else MAX_COLUMNS
        self.per_column = per_column
        # Few rows are spread out, up to a roomier line with larger names and amounts.
        room = int(self.list_box[3] - self.list_box[1] - 2 * INNER)
        self.row_h = ROW_H if self.columns > 1 else min(ROW_H_MOST, room // max(1, len(self.items)))
        self.big = NAME + 3 if self.row_h >= ROW_H_MOST - 4 else NAME
        total = data.get("total")
        self.total = int(total) if total is not None else sum(r.cents for r in rows)

    def fit(self, per_column: int) -> list[Item]:
        """The list's slots: as they are if one column holds them, else cut to two columns' worth
        (a payer's header takes a slot too, so cut until rows and headers fit)."""
        items = self.slots(self.all, None)
        most = per_column * MAX_COLUMNS
        cut = most
        while len(items) > per_column and len(items) > most and cut > 1:
            rows, more = fit_rows(self.all, cut)
            items = self.slots(rows, more)
            cut -= 1
        return items

    @staticmethod
    def slots(rows: Sequence[Row], more: Row | None) -> list[Item]:
        by = payers(rows)
        items: list[Item] = []
        for payer in by:
            if len(by) > 1:
                items.append(("head", payer, None))
            items += [("row", payer, r) for r in rows if r.payer == payer]
        if more is not None:
            items.append(("more", -1, more))
        return items

    def money(self, cents: int) -> str:
        return format_money(cents, self.unit)

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else f"Seat {seat + 1}"

    def draw(self, note: tuple[int, Painter] | None, headline: str | None) -> Image.Image:
        img, draw = layout.canvas(W, H)
        self.headline(img, draw, (M, M, W - M, M + HEAD_H), headline)
        if note:
            y = M + HEAD_H + M
            note[1](img, draw, (M, y, W - M, y + note[0]))
        self.payments(img, draw)
        return img

    def headline(self, img: Image.Image, draw: Draw, box: Box, text: str | None) -> None:
        """Who paid and the total, big; the game, the round and how many payments under it."""
        x0, y0, x1, y1 = box
        layout.panel(draw, box, theme.PANEL, theme.PANEL_LIGHT, line=1, radius=theme.RADIUS)
        draw.rounded_rectangle((x0, y0, x0 + 8, y1), radius=4, fill=theme.BAD)
        loser = self.data.get("loser")
        by = payers(self.all)
        payer = int(loser) if isinstance(loser, int) else (by[0] if len(by) == 1 else None)
        if text is None:
            text = (f"{self.name(payer)} pays {self.money(self.total)}" if payer is not None
                    else f"{self.money(self.total)} changes hands")
        room = x1 - x0 - 34
        size = NAME + 3
        while size > NAME and layout.rich_width(text, size, True) > room:
            size -= 1
        layout.draw_rich(img, draw, (x0 + 20, y0 + 18), layout.ellipsize(text, size, room, True), size,
                         theme.TEXT, bold=True)
        count = len({r.payee for r in self.all})
        rnd = self.data.get("round")
        title = str(shared(self.view).get("title") or "Settlement")
        said = (f"{title}, round {rnd}" if rnd is not None else title) + " \u00b7 "
        said += f"to {layout.plural(count, 'player')} in {layout.plural(len(self.all), 'payment')}"
        draw_text(draw, (x0 + 20, y0 + 40), layout.ellipsize(said, SMALL, room), SMALL, theme.MUTED, anchor="lm")

    def payments(self, img: Image.Image, draw: Draw) -> None:
        x0, y0, x1, y1 = self.list_box
        layout.panel(draw, self.list_box, theme.PANEL, radius=theme.RADIUS)
        if not self.items:
            draw_text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), "No money changed hands", NAME, theme.MUTED, anchor="mm")
            return
        width = (x1 - x0 - 2 * INNER - COLUMN_GAP * (self.columns - 1)) / self.columns
        for i, (kind, seat, row) in enumerate(self.items):
            column, line = divmod(i, self.per_column)
            left = x0 + INNER + column * (width + COLUMN_GAP)
            top = y0 + INNER + line * self.row_h
            cell = (left, top, left + width, top + self.row_h)
            if line:  # a hairline between slots, none above a column's first
                draw.line([(left, top), (left + width, top)], fill=theme.PANEL_LIGHT, width=1)
            if kind == "head":
                self.payer_head(draw, seat, cell)
            elif row is not None and kind == "more":
                self.more_line(draw, row, cell)
            elif row is not None:
                self.row(img, draw, row, cell, self.name_width(column))
        end = y0 + INNER + len(self.items) * self.row_h
        if self.columns == 1 and y1 - INNER - end >= ROW_H_MOST:  # room left: the total, as at the foot of a bill
            mid = y1 - INNER - ROW_H_MOST / 2
            draw.line([(x0 + INNER, mid - ROW_H_MOST / 2), (x1 - INNER, mid - ROW_H_MOST / 2)], fill=theme.PANEL_LIGHT,
                      width=2)
            draw_text(draw, (x0 + INNER + 22, mid), "TOTAL", SMALL, theme.MUTED, anchor="lm", bold=True)
            draw_text(draw, (x1 - INNER - 4, mid), self.money(self.total), NAME + 3, theme.TEXT, anchor="rm", bold=True)

    def name_width(self, column: int) -> float:
        """Where the reasons start: after the column's widest name, within bounds."""
        if self.columns == 1:
            return NAME_W
        rows = [r for _, _, r in self.items[column * self.per_column:(column + 1) * self.per_column] if r]
        widest = max((text_width(self.name(r.payee), NAME, True) for r in rows if r.payer >= 0), default=0.0)
        return min(max(widest + 30, 70), CELL_NAME_W)

    def payer_head(self, draw: Draw, payer: int, box: Box) -> None:
        x0, y0, x1, y1 = box
        mid = (y0 + y1) / 2
        paid = self.money(sum(r.cents for _, _, r in self.items if r is not None and r.payer == payer))
        amount = f"pays {paid}"
        room = x1 - x0 - 24 - text_width(amount, SMALL, True) - 10
        draw.ellipse((x0 + 2, mid - 6, x0 + 14, mid + 6), fill=layout.seat_colour(payer))
        label = layout.ellipsize(f"FROM {self.name(payer).upper()}", SMALL, room, True)
        draw_text(draw, (x0 + 22, mid), label, SMALL, theme.MUTED, anchor="lm", bold=True)
        draw_text(draw, (x1 - 4, mid), amount, SMALL, theme.MUTED, anchor="rm", bold=True)

    def more_line(self, draw: Draw, row: Row, box: Box) -> None:
        x0, y0, x1, y1 = box
        mid = (y0 + y1) / 2
        draw_text(draw, (x0 + 22, mid), row.reason, SMALL, theme.MUTED, anchor="lm")
        draw_text(draw, (x1 - 4, mid), self.money(row.cents), NAME, theme.MUTED, anchor="rm", bold=True)

    def row(self, img: Image.Image, draw: Draw, row: Row, box: Box, name_w: float) -> None:
        """A payee's dot and name, the reason, the tag and the amount on one line; the reason
        gives way (cut with an ellipsis) to the rest."""
        x0, y0, x1, y1 = box
        mid = (y0 + y1) / 2
        size = self.big
        draw.ellipse((x0 + 2, mid - 6, x0 + 14, mid + 6), fill=layout.seat_colour(row.payee))
        name = fit_name(self.name(row.payee), size, name_w - 26, True)
        layout.draw_rich(img, draw, (x0 + 22, mid), name, size, theme.TEXT, bold=True)
        amount = self.money(row.cents)
        right = x1 - 4 - text_width(amount, size, True)
        draw_text(draw, (x1 - 4, mid), amount, size, theme.GOOD, anchor="rm", bold=True)
        if row.tag:
            ink = theme.PANEL if sum(row.tag_colour) > 450 else theme.TEXT  # dark on pale chips
            tag = layout.pill(draw, (right - 8, mid), row.tag, size=SMALL, fill=row.tag_colour, ink=ink, anchor="rm")
            right = tag[0]
        room = right - 10 - (x0 + name_w)
        said = row.reason if self.columns == 1 else row.brief
        if said and room > 30:
            reason = layout.ellipsize(said, SMALL, room)
            layout.draw_rich(img, draw, (x0 + name_w, mid), reason, SMALL, theme.MUTED)
