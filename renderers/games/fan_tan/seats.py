"""Fan Tan's players as a column of cells, the same in the table and in a player's copy: two lines
a seat where they fit (pointer, colour, name, the dealer's button or a winner's star; cards held,
chips, a fine found this hand or a double ante), else one line a seat under a heading of the two
counts' icons (eight players in the copy, seven and eight on the table)."""

from __future__ import annotations

from functools import partial

from PIL import Image

from games.fan_tan.view import FanTanView
from renderers.games.fan_tan.parts import (
    ANTE,
    DEALER,
    FINE,
    LEAST,
    TEXT,
    coin,
    fines_this_hand,
    small_back,
    tag,
    tag_width,
)
from renderers.kit import layout, theme
from renderers.kit.fonts import draw_text, text_width
from renderers.kit.layout import Box, Draw
from renderers.kit.names import fit_name
from renderers.kit.regions import region
from renderers.kit.theme import RGB, mix

CELL_GAP = 3
TWO_LINES = 44  # px: a cell at least this high holds two lines
HEADING = 18  # the icons' line over one-line cells
NAME_ROOM = 56  # px a one-line cell keeps for the name before it shows a fine


class Seats:
    """The spectators' view of the seats, read once, and the drawing of their cells."""

    def __init__(self, view: FanTanView) -> None:
        self.seated = layout.SeatedView(view)
        self.players = view["players"]
        self.counts = view["counts"]
        self.stacks = view["stacks"]
        self.antes = view["antes"]
        self.fines = fines_this_hand(view)

    def column(self, img: Image.Image, box: Box, tallest: float = 1e9) -> None:
        """A cell per seat down ``box`` (each at most ``tallest`` high, from the top): two lines
        each where they fit, else one line each under a heading of the two counts' icons."""
        x0, y0, x1, y1 = box
        n = self.players
        digits = max(text_width(str(int(v)), TEXT, True) for v in [*self.counts, *self.stacks, 10])
        two = (y1 - y0 - (n - 1) * CELL_GAP) / n >= TWO_LINES
        if not two:
            self.icons(img, x1 - 8, y0 + HEADING / 2, digits)
            y0 += HEADING + 2
        each = min(tallest, (y1 - y0 - (n - 1) * CELL_GAP) / n)
        seated = self.seated
        for seat in range(n):
            top = y0 + seat * (each + CELL_GAP)
            cell = (x0, top, x1, top + each)
            key = ("fan-tan seat", seat, round(x1 - x0), round(each, 2), two, digits, seated.name(seat),
                   seat == seated.turn, seat == seated.dealer and not seated.over, seat in seated.winners,
                   int(self.counts[seat]), int(self.stacks[seat]), self.fines[seat],
                   int(self.antes[seat]) if not seated.over else 1)
            paint = self.seat if two else self.seat_line
            region(img, cell, key, partial(paint, seat=seat, digits=digits))

    def plate(self, draw: Draw, box: Box, seat: int) -> None:
        """A seat's panel: filled and outlined for the seat to move, outlined for a winner."""
        to_move, won = seat == self.seated.turn, seat in self.seated.winners
        fill = mix(theme.PANEL, theme.ACCENT, 0.35) if to_move else theme.PANEL
        outline = theme.GOOD if won else theme.ACCENT if to_move else theme.PANEL_LIGHT
        layout.panel(draw, box, fill, outline, line=2 if (won or to_move) else 1, radius=8)

    def seat(self, img: Image.Image, draw: Draw, box: Box, *, seat: int, digits: float) -> None:
        """A seat's two-line cell: pointer, colour, name, the dealer's button or a winner's star;
        below, cards held and chips, then a fine found this hand or a double ante."""
        x0, y0, x1, y1 = box
        self.plate(draw, box, seat)
        h = y1 - y0
        top, low = y0 + h * 0.29, y1 - h * 0.29
        x = self.figures(img, draw, x0 + 10, low, digits, seat, icons=True)
        right = x1 - 8
        for text, colour in self.marks(seat):
            w = tag_width(text)
            if right - w < x + 6:
                break
            tag(draw, (right - w, low), text, colour, min(22.0, h * 0.45))
            right -= w + 6
        x, right = x0 + 8, x1 - 8
        if seat == self.seated.turn:
            draw.polygon([(x, top - 7), (x + 11, top), (x, top + 7)], fill=theme.HIGHLIGHT)
            x += 15
        draw.ellipse((x, top - 6, x + 12, top + 6), fill=layout.seat_colour(seat))
        x += 18
        if seat == self.seated.dealer and not self.seated.over:
            d = min(22.0, h * 0.5)
            draw.ellipse((right - d, top - d / 2, right, top + d / 2), fill=DEALER, outline=theme.MUTED)
            draw_text(draw, (right - d / 2, top), "D", LEAST, theme.PANEL, anchor="mm", bold=True)
            right -= d + 6
        self.name(img, draw, seat, x, right, top)

    def seat_line(self, img: Image.Image, draw: Draw, box: Box, *, seat: int, digits: float) -> None:
        """A seat on one line: pointer, colour (the dealer's a "D" button in it), name, a fine,
        then the counts in the columns the heading names."""
        x0, y0, x1, y1 = box
        self.plate(draw, box, seat)
        mid = (y0 + y1) / 2
        right = x1 - 8 - (2 * digits + 12)
        self.figures(img, draw, right, mid, digits, seat, icons=False)
        right -= 10
        x = x0 + 8
        if seat == self.seated.turn:
            draw.polygon([(x, mid - 7), (x + 11, mid), (x, mid + 7)], fill=theme.HIGHLIGHT)
            x += 15
        if seat == self.seated.dealer and not self.seated.over:
            draw.ellipse((x - 2, mid - 11, x + 20, mid + 11), fill=layout.seat_colour(seat), outline=DEALER, width=2)
            draw_text(draw, (x + 9, mid), "D", LEAST, theme.PANEL, anchor="mm", bold=True)
            x += 26
        else:
            draw.ellipse((x, mid - 6, x + 12, mid + 6), fill=layout.seat_colour(seat))
            x += 18
        # A fine found this hand, as long as the name keeps room to be told apart.
        need = min(layout.rich_width(self.seated.name(seat), TEXT, True), NAME_ROOM)
        for text in (f"fined {self.fines[seat]}", f"-{self.fines[seat]}") if self.fines[seat] else ():
            w = tag_width(text)
            if right - w - 6 - x >= need:
                tag(draw, (right - w, mid), text, FINE, 22)
                right -= w + 6
                break
        self.name(img, draw, seat, x, right, mid)

    def name(self, img: Image.Image, draw: Draw, seat: int, x: float, right: float, mid: float) -> None:
        """The seat's name from ``x``, cut to end by ``right`` (with a winner's star at its end)."""
        if seat in self.seated.winners:
            layout.star(draw, (right - 9, mid), 10, theme.HIGHLIGHT)
            right -= 22
        name = fit_name(self.seated.name(seat), TEXT, max(24.0, right - x), True)
        layout.draw_rich(img, draw, (x, mid), name, TEXT, theme.TEXT, bold=True)

    def icons(self, img: Image.Image, right: float, mid: float, digits: float) -> None:
        """The heading of one-line cells: a card back over the cards held, a chip over the chips."""
        back, chip = small_back(14), coin(16)
        img.paste(chip, (round(right - digits / 2 - 8), round(mid - 8)), chip)
        x = right - digits - 12 - digits / 2 - 7
        img.paste(back, (round(x), round(mid - back.height / 2)), back)

    def figures(self, img: Image.Image, draw: Draw, x: float, mid: float, digits: float, seat: int,
                icons: bool) -> float:
        """Cards held (a small back and the count) and chips (a coin and the stack), each count
        right-aligned in a column ``digits`` wide; returns the right end."""
        if icons:
            back = small_back(14)
            img.paste(back, (round(x), round(mid - back.height / 2)), back)
            x += 14 + 4
        draw_text(draw, (x + digits, mid), str(int(self.counts[seat])), TEXT, theme.TEXT, anchor="rm", bold=True)
        x += digits + 12
        if icons:
            chip = coin(16)
            img.paste(chip, (round(x), round(mid - chip.height / 2)), chip)
            x += 16 + 4
        stack = int(self.stacks[seat])
        draw_text(draw, (x + digits, mid), str(stack), TEXT, theme.BAD if stack <= 0 else theme.TEXT, anchor="rm",
                  bold=True)
        return x + digits

    def marks(self, seat: int) -> list[tuple[str, RGB]]:
        """The seat's marks, most important first: a fine found this hand, a double ante."""
        out: list[tuple[str, RGB]] = []
        if self.fines[seat]:
            out.append((f"fined {self.fines[seat]}", FINE))
        if int(self.antes[seat]) > 1 and not self.seated.over:
            out.append((f"ante {int(self.antes[seat])}", ANTE))
        return out
