"""Fscking Ace's settlement picture: the kit's list (:mod:`renderers.kit.settlement`) with each
bonus tagged, a headline naming the A♠ and, when the loser kept 2♠, a band
saying once why everything was multiplied."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from games.core.stakes import format_money
from games.fscking_ace.values import BONUS_REASON, kept_twos, times
from games.fscking_ace.view import FsckingAceView
from renderers.kit import layout, shown, theme
from renderers.kit import settlement as sheet
from renderers.kit.fonts import draw_text
from renderers.kit.layout import Box, Draw
from renderers.kit.theme import mix

SMALL = shown.COPY_TEXT_MIN
NOTE_H = 48
BONUS = theme.HIGHLIGHT  # the table's colour for the bonus


def settlement(view: FsckingAceView, data: Mapping[str, Any]) -> Image.Image:
    """One round's payments: the generic list, the bonus tagged and, when the loser kept 2♠, a note
    saying why everything was multiplied."""
    mult = int(data.get("multiplier") or 1)
    loser = data.get("loser")
    names = layout.names(view)
    who = names[loser] if isinstance(loser, int) and 0 <= loser < len(names) else "The loser"
    # The doubling is said once, in the note, rather than at the end of every reason.
    suffix = f", {times(mult)} (the loser kept {kept_twos(mult)})" if mult > 1 else ""
    rows = []
    for row in sheet.rows_of(view, {**data, "transfers": [
            {**t, "reason": str(t.get("reason") or "").removesuffix(suffix)} for t in data.get("transfers") or []]}):
        bonus = row.reason.startswith(BONUS_REASON)
        tag = "bonus" if bonus else ""  # the doubling is the note's, not a chip on every row
        # In a narrow cell "$9 + $1" says it (the tag says "bonus").
        short = "" if bonus else row.reason.removeprefix("scored ")
        rows.append(sheet.Row(row.payer, row.payee, row.cents, row.reason, tag, BONUS, short))
    headline = None
    if isinstance(loser, int):
        total = format_money(int(data.get("total") or 0), view.get("unit") or "dollars")
        headline = f"{who} turned up A\u2660 and pays {total}"
    note = (NOTE_H, doubling_note(who, mult)) if mult > 1 else None
    return sheet.image(view, data, rows, note=note, headline=headline)


def doubling_note(who: str, mult: int) -> sheet.Painter:
    """The band under the headline when the loser kept 2♠: the card(s) as text and what they did
    (a card drawn small enough to fit here would not read where Discord shows the picture)."""
    kept = mult.bit_length() - 1

    def paint_note(img: Image.Image, draw: Draw, box: Box) -> None:
        x0, y0, x1, y1 = box
        layout.panel(draw, box, mix(theme.PANEL, theme.BAD, 0.18), theme.BAD, line=2, radius=theme.RADIUS)
        twos = " ".join(["2\u2660"] * min(kept, 3))
        layout.draw_rich(img, draw, (x0 + 14, (y0 + y1) / 2), twos, SMALL + 9, theme.TEXT, bold=True)
        tx = x0 + 14 + layout.rich_width(twos, SMALL + 9, True) + 16
        room = x1 - tx - 12
        draw_text(draw, (tx, y0 + 14), f"Everything {times(mult)}", SMALL + 1, theme.TEXT, anchor="lm", bold=True)
        cards = "the 2\u2660" if kept == 1 else f"{kept} 2\u2660s"
        small = layout.ellipsize(f"{who} kept {cards}, so every payment is x{mult}.", SMALL, room)
        layout.draw_rich(img, draw, (tx, y0 + 34), small, SMALL, theme.TEXT)

    return paint_note
