"""The Fan Tan table, laid out for the box Discord shows inline (:data:`renderers.kit.shown.COPY_SIZE`,
see :mod:`renderers.kit.shown`): the sibling of a player's copy (:mod:`renderers.games.fan_tan_copy`),
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

The hand image (DM and "My hand") shows the runs in miniature, with the places the viewer's
playable cards would go marked, above the viewer's cards (playable ones raised); the round-end
image (:func:`round_end`) shows who went out, what each paid, the offences found and the pot.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from PIL import Image

from games.core.cards import STANDARD_RANKS
from renderers.games.fan_tan_copy import copy as copy  # a player's copy (renderers.seat_image)
from renderers.games.fan_tan_parts import (
    LEAST,
    PAD,
    SMALL,
    SUITS,
    TEXT,
    Grid,
    card,
    draw_runs,
    next_places,
    pot_pill,
    runs_of,
)
from renderers.games.fan_tan_round_end import round_end as round_end  # a hand's end (renderers.round_end_image)
from renderers.games.fan_tan_seats import Seats
from renderers.kit import card_rows, layout, log_panel, shown, theme
from renderers.kit.fonts import draw_text, text_width
from renderers.kit.layout import Box, Draw, plural
from renderers.kit.regions import frozen, region
from renderers.kit.theme import card_height, mix

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

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.view = view
        self.seats = Seats(view)
        self.seated = self.seats.seated
        self.hand_no = int(view.get("hand_no") or 1)
        self.status = layout.named(view, str(view.get("status", "")))

    def draw(self) -> Image.Image:
        img, draw = layout.canvas(W, H)
        self.head(img, draw)
        stripe = theme.GOOD if self.seated.over else theme.ACCENT
        top = M + HEAD_H + 4
        layout.status_line(img, draw, (M, top, W - M, top + STATUS_H), self.status, colour=stripe,
                           size=theme.SMALL_TEXT_SIZE, max_lines=1)
        grid_box = self.grid_box()
        draw_runs(img, draw, grid_box, GRID, self.view)  # its felt and each row kept as regions
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
        title = str(self.view.get("title") or "Fan Tan")
        mid = M + HEAD_H / 2
        draw_text(draw, (M + 4, mid), title, TEXT, theme.TEXT, anchor="lm", bold=True)
        x = M + 4 + text_width(title, TEXT, True)
        if self.seated.over:
            detail = f"Game over after {plural(self.hand_no, 'hand')}"
        else:
            total = int(self.view.get("hands_total") or 1)
            detail = f"Hand {self.hand_no} of {total} \u00b7 {self.seated.name(self.seated.dealer)} deals"
        if not self.view.get("strict", True):
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
        right = pot_pill(img, draw, (x0, cy), int(self.view.get("pot") or 0))
        last = self.view.get("last_hand") or {}
        if last:
            text = (f"Hand {int(last.get('hand') or 0)}: {self.seated.name(last.get('winner'))} took "
                    f"{int(last.get('pot') or 0)}")
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
        log = [layout.named(self.view, str(e)) for e in self.view.get("log") or []]
        shown_lines = log_panel.log_lines(log, LEAST, width, LOG_LINES, 2, 2, layout.names(self.view))
        y = (y0 + y1) / 2 - LOG_LEAD * (len(shown_lines) - 1) / 2
        for part, newest in shown_lines:
            layout.draw_rich(img, draw, (x0 + 10, y), part, LEAST, theme.TEXT if newest else theme.MUTED)
            y += LOG_LEAD


# -- the hand ------------------------------------------------------------------------------------
HAND_CARD = theme.CARD_WIDTH_LARGE
HAND_STEP = round(HAND_CARD * theme.CARD_OVERLAP) + 4
HAND_MIN_W, HAND_MAX_W = 700, 900
TILE_H = 32
TILE_GAP = 4
GRID_ROW = TILE_H + 6


def grid_height() -> int:
    return len(SUITS) * GRID_ROW - 6


def runs_grid(img: Image.Image, draw: Draw, box: Box, runs: Mapping[str, tuple[int, int] | None],
              mine: frozenset[str] = frozenset()) -> None:
    """The runs in miniature: a suit mark, then a tile for each rank A..K: the cards down in white,
    the places open next dashed, those the viewer could fill now in the highlight colour."""
    x0, y0, x1, _ = box
    chip = TILE_H
    tile = (x1 - x0 - chip - 10 - 12 * TILE_GAP) / 13
    for i, suit in enumerate(SUITS):
        y = y0 + i * GRID_ROW
        layout.suit_chip(img, draw, (x0, y, x0 + chip, y + chip), suit)
        run = runs.get(suit)
        open_next = next_places(run)
        red = suit in ("H", "D")
        for value in range(1, 14):
            tx = x0 + chip + 10 + (value - 1) * (tile + TILE_GAP)
            tbox = (tx, y, tx + tile, y + TILE_H)
            label = STANDARD_RANKS[value - 1]
            token = card(value, suit)
            if run is not None and run[0] <= value <= run[1]:
                layout.panel(draw, tbox, theme.CARD_FACE, theme.CARD_BORDER, line=1, radius=5)
                ink = theme.RED_SUIT if red else theme.BLACK_SUIT
                draw_text(draw, (tx + tile / 2, y + TILE_H / 2), label, SMALL, ink, anchor="mm", bold=True)
            elif value in open_next and token in mine:
                layout.panel(draw, tbox, mix(theme.FELT, theme.HIGHLIGHT, 0.3), theme.HIGHLIGHT, line=3, radius=5)
                draw_text(draw, (tx + tile / 2, y + TILE_H / 2), label, SMALL, theme.HIGHLIGHT, anchor="mm", bold=True)
            elif value in open_next:
                layout.panel(draw, tbox, theme.FELT_DARK, None, radius=5)
                card_rows.dashed_rect(draw, tbox, mix(theme.FELT_LIGHT, theme.TEXT, 0.3), 2, dash=6, gap=4)
                draw_text(draw, (tx + tile / 2, y + TILE_H / 2), label, SMALL - 2, theme.MUTED, anchor="mm")
            else:
                layout.panel(draw, tbox, mix(theme.FELT, theme.FELT_DARK, 0.5), None, radius=5)


def hand(view: Mapping[str, Any]) -> Image.Image:
    """The viewer's hand: the runs in miniature (where the viewer's playable cards would go
    marked), then the cards by suit, the playable ones raised and glowing."""
    cards = [str(c) for c in view.get("hand") or []]
    viewer = view.get("viewer")
    my_turn = viewer is not None and viewer in (view.get("to_move") or []) and not view.get("over")
    playable = frozenset(str(c) for c in view.get("playable") or []) if my_turn else frozenset()
    group = layout.suit_group()
    xs = card_rows.fan_positions(layout.groups_of(cards, group), HAND_CARD, HAND_MAX_W - 2 * (PAD + 6),
                              max_step=HAND_STEP, group_gap=20)
    width = int(min(HAND_MAX_W, max(HAND_MIN_W, card_rows.row_width(xs, HAND_CARD) + 2 * (PAD + 6))))
    names = layout.names(view)
    title = f"{names[viewer]}'s hand" if isinstance(viewer, int) and viewer < len(names) else "Watching"
    status = layout.named(view, str(view.get("status", "")))
    status_h = layout.status_height(status, width - 2 * PAD)
    grid_box_h = grid_height() + 28
    cards_h = layout.LIFT + card_height(HAND_CARD) + 28 if cards else 90
    height = layout.HEADER_HEIGHT + 10 + status_h + 10 + grid_box_h + 10 + cards_h + PAD
    img, draw = layout.canvas(width, height)
    chips = (view.get("stacks") or [])
    mine = int(chips[viewer]) if isinstance(viewer, int) and viewer < len(chips) else None
    sub = f"{plural(len(cards), 'card')}" + (f" \u00b7 {plural(mine, 'chip')}" if mine is not None else "")
    y = layout.header(img, draw, title, f"Fan Tan \u00b7 {sub}") + 10
    layout.status_line(img, draw, (PAD, y, width - PAD, y + status_h), status,
                       colour=theme.ACCENT if my_turn else theme.PANEL_LIGHT)
    y += status_h + 10
    grid_box = (PAD, y, width - PAD, y + grid_box_h)
    runs = runs_of(view)
    key = ("fan-tan grid", width, frozen(view.get("runs")), tuple(sorted(playable)))
    region(img, grid_box, key, partial(_grid_panel, runs=runs, mine=playable))
    y += grid_box_h + 10
    felt = (PAD, y, width - PAD, y + cards_h)
    layout.panel(draw, felt, theme.FELT, theme.FELT_LIGHT, line=2, radius=theme.RADIUS + 6)
    if not cards:
        notice = "No cards in hand" if viewer is not None else "Spectators hold no cards"
        draw_text(draw, (width / 2, y + cards_h / 2), notice, theme.TEXT_SIZE, theme.MUTED, anchor="mm")
        return img
    left = (width - card_rows.row_width(xs, HAND_CARD)) / 2
    dim = set(cards) - playable if my_turn else set()
    card_rows.draw_cards(img, cards, xs, y + 14 + layout.LIFT, card_width=HAND_CARD, highlight=playable,
                      raised=playable, dim=dim, x0=left)
    return img


def _grid_panel(img: Image.Image, draw: Draw, box: Box, *, runs: Mapping[str, tuple[int, int] | None],
                mine: frozenset[str]) -> None:
    x0, y0, x1, y1 = box
    layout.panel(draw, box, theme.FELT, theme.FELT_LIGHT, line=2, radius=theme.RADIUS + 6)
    runs_grid(img, draw, (x0 + 14, y0 + 14, x1 - 14, y1 - 14), runs, mine)


# -- entry points --------------------------------------------------------------------------------

def table(view: Mapping[str, Any]) -> Image.Image:
    """The Fan Tan table for ``view`` (every seat and spectator sees the same table)."""
    return Table(view).draw()
