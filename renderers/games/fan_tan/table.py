"""The Fan Tan table, laid out for the box Discord shows inline (:data:`renderers.kit.shown.COPY_SIZE`,
see :mod:`renderers.kit.shown`): the sibling of a player's copy (:mod:`renderers.games.fan_tan.copy`),
drawn with its parts, the member's hand given over to the moves of the game.

    +--------------------------------------------------------+
    | Fan Tan . hand n of m . who deals . honour mode        |
    | status (whose turn, the pot; the result at the end)    |
    +---------------------------------+----------------------+
    | runs: 4 suits x A..K tiles      | a cell per player:   |
    | (cards down, open places, the   | name, cards held,    |
    | cards just put down outlined)   | chips, dealer, to    |
    +---------------------------------+ move, fines, a       |
    | pot pill     the last hand's end| double ante; a star  |
    +---------------------------------+ for a winner         |
    | the last moves                  |                      |
    +---------------------------------+----------------------+

The layout's cards are tiles with their rank and suit in text (a card whose index reads in the box
is 72 px wide; thirteen of them would not fit a row). Everything comes from the spectators' view.
"""

from __future__ import annotations

from PIL import Image

from games.fan_tan.view import FanTanView
from renderers.games.fan_tan.parts import LEAST, TEXT, Grid, draw_runs, just_played, pot_pill
from renderers.games.fan_tan.seats import Seats
from renderers.kit import layout, log_panel, shown, theme
from renderers.kit.fonts import draw_text, text_width
from renderers.kit.layout import Box, Draw, plural

# -- the table -----------------------------------------------------------------------------------
W, H = shown.COPY_SIZE
M = 6  # the margin round the picture and between its parts
HEAD_H = 20  # the game's line: hand, dealer, rules
STATUS_H = 32
MID_TOP = M + HEAD_H + 4 + STATUS_H + M
LOG_LINES = 3
LOG_LEAD = layout.line_height(LEAST)
LOG_H = LOG_LINES * LOG_LEAD + 12
POT_H = 32
# The runs take what the left column leaves: tiles tall enough for the rank and a suit mark.
GRID_ROOM = H - M - LOG_H - M - POT_H - M - MID_TOP
GRID = Grid(tile_h=(GRID_ROOM - 2 * Grid.pad - 3 * 6) // 4, row_gap=6, suit_marks=True)
LIST_X = M + GRID.width + M  # the players' column


class Table:
    """The view, read once, and the drawing of each part."""

    def __init__(self, view: FanTanView) -> None:
        self.view = view
        self.seats = Seats(view)
        self.seated = self.seats.seated
        self.hand_no = view["hand_no"]
        self.status = layout.named(view, view["status"])

    def draw(self) -> Image.Image:
        img, draw = layout.canvas(W, H)
        self.head(img, draw)
        stripe = theme.GOOD if self.seated.over else theme.ACCENT
        top = M + HEAD_H + 4
        layout.status_line(img, draw, (M, top, W - M, top + STATUS_H), self.status, colour=stripe,
                           size=theme.SMALL_TEXT_SIZE, max_lines=1)
        grid_box = self.grid_box()
        draw_runs(img, draw, grid_box, GRID, self.view["runs"], over=self.view["over"],  # felt and rows as regions
                  played=just_played(self.view))
        y = grid_box[3] + M
        self.pot_line(img, draw, (M, y, LIST_X - M, y + POT_H))
        self.moves(img, draw, (M, H - M - LOG_H, LIST_X - M, H - M))
        self.seats.column(img, (LIST_X, MID_TOP, W - M, H - M))
        return img

    def grid_box(self) -> Box:
        return (M, MID_TOP, M + GRID.width, MID_TOP + GRID.height)

    def tile(self, row: int, value: int) -> Box:
        """Where rank ``value``'s tile of the ``row``-th suit (0 = spades) lies in the picture."""
        return GRID.tile(M, MID_TOP, row, value)

    def head(self, img: Image.Image, draw: Draw) -> None:
        """The game's line: its name, which hand of how many and who deals, honour mode."""
        title = self.view["title"]
        mid = M + HEAD_H / 2
        draw_text(draw, (M + 4, mid), title, TEXT, theme.TEXT, anchor="lm", bold=True)
        x = M + 4 + text_width(title, TEXT, True)
        if self.seated.over:
            detail = f"Game over after {plural(self.hand_no, 'hand')}"
        else:
            total = self.view["hands_total"]
            detail = f"Hand {self.hand_no} of {total} \u00b7 {self.seated.name(self.seated.dealer)} deals"
        if not self.view["strict"]:
            detail += " \u00b7 honour mode"
        line = layout.ellipsize(f" \u00b7 {detail}", LEAST, W - M - 4 - x)
        layout.draw_rich(img, draw, (x, mid), line, LEAST, theme.MUTED)

    def pot_line(self, img: Image.Image, draw: Draw, box: Box) -> None:
        """The pot in a pill (at the end, who won); at the right how the last hand ended."""
        x0, y0, x1, y1 = box
        cy = (y0 + y1) / 2
        if self.seated.over:
            self.result(img, draw, (x0, cy), x1)
            return
        right = pot_pill(img, draw, (x0, cy), self.view["pot"])
        last = self.view["last_hand"]
        if last:
            text = f"Hand {last['hand']}: {self.seated.name(last['winner'])} took {last['pot']}"
            text = layout.ellipsize(text, LEAST, x1 - right - 12)
            layout.draw_rich(img, draw, (x1 - 4 - layout.rich_width(text, LEAST), cy), text, LEAST, theme.MUTED)

    def result(self, img: Image.Image, draw: Draw, left_mid: tuple[float, float], right: float) -> None:
        """Who won, with how many chips, in a pill outlined in the winners' green."""
        x0, cy = left_mid
        winners = sorted(self.seated.winners)
        if winners:
            who = " and ".join(self.seated.name(s) for s in winners)
            best = int(self.seats.stacks[winners[0]])
            text = f"{who} {'wins' if len(winners) == 1 else 'share the win'} with {plural(best, 'chip')}"
        else:
            text = "Everyone ends level"
        text = layout.ellipsize(text, TEXT, right - x0 - 48, True)
        w = 40 + layout.rich_width(text, TEXT, True) + 14
        layout.panel(draw, (x0, cy - 16, x0 + w, cy + 16), theme.PANEL, theme.GOOD, line=2, radius=16)
        layout.star(draw, (x0 + 22, cy), 11, theme.HIGHLIGHT)
        layout.draw_rich(img, draw, (x0 + 40, cy), text, TEXT, theme.TEXT, bold=True)

    def moves(self, img: Image.Image, draw: Draw, box: Box) -> None:
        """The last lines of the game's log, the newest at the bottom in white, each up to two lines."""
        x0, y0, x1, y1 = box
        layout.panel(draw, box, theme.PANEL, radius=8)
        width = x1 - x0 - 20
        log = [layout.named(self.view, e) for e in self.view["log"]]
        shown_lines = log_panel.log_lines(log, LEAST, width, LOG_LINES, 2, 2, layout.names(self.view))
        y = (y0 + y1) / 2 - LOG_LEAD * (len(shown_lines) - 1) / 2
        for part, newest in shown_lines:
            layout.draw_rich(img, draw, (x0 + 10, y), part, LEAST, theme.TEXT if newest else theme.MUTED)
            y += LOG_LEAD




def table(view: FanTanView) -> Image.Image:
    """The Fan Tan table for ``view`` (every seat and spectator sees the same table)."""
    return Table(view).draw()
