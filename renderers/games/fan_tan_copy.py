"""A Fan Tan player's copy: what they need at every move, in the box Discord shows inline
(:data:`renderers.kit.shown.COPY_SIZE`, see :mod:`renderers.kit.shown`).

    +--------------------------------------------------------+
    | status (whose turn, the pot)                           |
    +---------------------------------+----------------------+
    | runs: 4 suits x A..K tiles      | a cell per player:   |
    | (cards down, open places, mine) | name, cards held,    |
    +---------------------------------+ chips, dealer, to    |
    | pot pill          hand n of m   | move, fines          |
    +---------------------------------+----------------------+
    | the member's hand (72 px cards, playable ones raised)  |
    +--------------------------------------------------------+

From five players on (eleven cards a hand or fewer) the hand keeps to the left column and the
players' column runs down to the bottom.

The runs are the hand picture's grid made smaller (its tiles' text stays at 17 px and more):
cards down in white, the places open next dashed, those the member could fill now in the
highlight colour, and the cards just put down outlined in the colour of the seat that played
them. Each player gets a two-line cell like the table's; at eight players, a line under a heading
of the counts' icons.
Everything comes from the two views given (the spectators' and the member's).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from PIL import Image

from games.core.cards import STANDARD_RANKS
from renderers.games.fan_tan_parts import (
    ANTE,
    CHIP_EDGE,
    DEALER,
    FINE,
    SUITS,
    card,
    coin,
    next_places,
    pile,
    runs_of,
    small_back,
)
from renderers.kit import card_rows, layout, shown, theme
from renderers.kit.fonts import draw_text, text_width
from renderers.kit.layout import Box, Draw
from renderers.kit.regions import frozen, region
from renderers.kit.theme import RGB, card_height, mix

W, H = shown.COPY_SIZE
M = 6  # the margin round the picture and between its parts
TEXT = shown.COPY_TEXT_MIN + 1  # names, counts, ranks (18 px)
SMALL = shown.COPY_TEXT_MIN  # open places, tags, the hand's number (17 px)

STATUS_H = 32
# The member's hand: cards at the narrowest width whose index reads on a phone.
CARD_W = shown.COPY_CARD_WIDTH
HAND_H = 8 + layout.LIFT + card_height(CARD_W) + 5
HAND_TOP = H - M - HAND_H
MID_TOP = M + STATUS_H + M
MID_BOTTOM = HAND_TOP - M

# The runs grid: a suit chip, then thirteen tiles a row.
TILE_W, TILE_H, TILE_GAP, ROW_GAP = 24, 30, 2, 5
CHIP = 24
GRID_PAD = 8
GRID_W = GRID_PAD + CHIP + 6 + 13 * TILE_W + 12 * TILE_GAP + GRID_PAD
GRID_H = GRID_PAD + 4 * TILE_H + 3 * ROW_GAP + GRID_PAD
LIST_X = M + GRID_W + M  # the players' column
CELL_GAP = 3
TWO_LINES = 44  # px: a cell at least this high holds two lines
HEADING = 18  # the icons' line over one-line cells
NAME_ROOM = 56  # px a one-line cell keeps for the name before it shows a fine


class Copy:
    """The two views read once, and the drawing of each part."""

    def __init__(self, table: Mapping[str, Any], hand: Mapping[str, Any]) -> None:
        self.seated = layout.SeatedView(table, default_players=3)
        self.players = self.seated.players
        self.counts = self.seated.per_seat("counts", 0)
        self.stacks = self.seated.per_seat("stacks", 0)
        self.antes = self.seated.per_seat("antes", 0)
        self.hand_no = int(table.get("hand_no") or 1)
        self.fines = [0] * self.players
        for found in table.get("offences") or []:
            seat = found.get("seat")
            if isinstance(seat, int) and 0 <= seat < self.players and int(found.get("hand") or 0) == self.hand_no:
                self.fines[seat] += int(found.get("fine") or 0)
        self.table = table
        self.cards = [str(c) for c in hand.get("hand") or []]
        self.viewer = hand.get("viewer")
        self.my_turn = self.viewer is not None and self.viewer in (hand.get("to_move") or []) and not hand.get("over")
        self.playable = frozenset(str(c) for c in hand.get("playable") or []) if self.my_turn else frozenset()
        # The member's status: it may say more to them than to onlookers ("... must pass").
        self.status = layout.named(hand, str(hand.get("status") or table.get("status") or ""))

    def draw(self) -> Image.Image:
        img, draw = layout.canvas(W, H)
        stripe = theme.GOOD if self.seated.over else theme.ACCENT if self.my_turn else theme.PANEL_LIGHT
        layout.status_line(img, draw, (M, M, W - M, M + STATUS_H), self.status, colour=stripe,
                           size=theme.SMALL_TEXT_SIZE, max_lines=1)
        grid_box = (M, MID_TOP, M + GRID_W, MID_TOP + GRID_H)
        region(img, grid_box, self.grid_key(), self.grid)
        self.pot_line(img, draw, (M, MID_TOP + GRID_H + M, M + GRID_W, MID_BOTTOM))
        # From five players on, hands hold eleven cards or fewer: the hand leaves the players the
        # whole right column, room for two-line cells up to seven players.
        self.seats(img, (LIST_X, MID_TOP, W - M, H - M if self.players >= 5 else MID_BOTTOM))
        self.hand(img, draw)
        return img

    # -- the runs --------------------------------------------------------------------------------
    def last_play(self) -> tuple[int | None, frozenset[str]]:
        last = self.table.get("last_play") or {}
        seat = last.get("seat")
        if self.seated.over or not isinstance(seat, int):
            return None, frozenset()
        return seat, frozenset(str(c) for c in last.get("cards") or [])

    def grid_key(self) -> tuple[Any, ...]:
        return ("fan-tan copy grid", frozen(self.table.get("runs")), tuple(sorted(self.playable)),
                self.last_play(), self.seated.over)

    def grid(self, img: Image.Image, draw: Draw, box: Box) -> None:
        x0, y0 = box[0], box[1]
        layout.panel(draw, box, theme.FELT, theme.FELT_LIGHT, line=2, radius=theme.RADIUS + 2)
        runs = runs_of(self.table)
        seat, just = self.last_play()
        edge = layout.seat_colour(seat) if seat is not None else theme.HIGHLIGHT
        for i, suit in enumerate(SUITS):
            cy = y0 + GRID_PAD + i * (TILE_H + ROW_GAP) + (TILE_H - CHIP) / 2
            layout.suit_chip(img, draw, (x0 + GRID_PAD, cy, x0 + GRID_PAD + CHIP, cy + CHIP), suit)
            run = runs.get(suit)
            places = [] if self.seated.over else next_places(run)
            for value in range(1, 14):
                tx, ty, tx1, ty1 = tile_box(i, value)
                tile = (tx - M + x0, ty - MID_TOP + y0, tx1 - M + x0, ty1 - MID_TOP + y0)
                draw_tile(img, draw, tile, value, suit, run, places, self.playable, just, edge)

    def pot_line(self, img: Image.Image, draw: Draw, box: Box) -> None:
        """The pot in a pill at the left; which hand of how many, and honour mode, at the right."""
        x0, y0, x1, y1 = box
        cy = (y0 + y1) / 2
        text = f"Pot {int(self.table.get('pot') or 0)}"
        chips = pile(18, 3)
        w = 10 + chips.width + 8 + text_width(text, TEXT + 1, True) + 14
        layout.panel(draw, (x0, cy - 16, x0 + w, cy + 16), theme.PANEL, CHIP_EDGE, line=2, radius=16)
        img.paste(chips, (round(x0 + 10), round(cy - chips.height / 2)), chips)
        draw_text(draw, (x0 + 18 + chips.width, cy), text, TEXT + 1, theme.TEXT, anchor="lm", bold=True)
        total = int(self.table.get("hands_total") or 1)
        hands = (f"{layout.plural(self.hand_no, 'hand')} played" if self.seated.over
                 else f"Hand {self.hand_no} of {total}")
        if not self.table.get("strict", True):
            hands += " \u00b7 honour mode"
        room = x1 - x0 - w - 16
        draw_text(draw, (x1 - 4, cy), layout.ellipsize(hands, SMALL, room), SMALL, theme.MUTED, anchor="rm")

    # -- the players -------------------------------------------------------------------------------
    def seats(self, img: Image.Image, box: Box) -> None:
        """A cell per seat down ``box``: two lines each where they fit, else one line each under a
        heading of the two counts' icons (eight players)."""
        x0, y0, x1, y1 = box
        n = self.players
        digits = max(text_width(str(int(v)), TEXT, True) for v in [*self.counts, *self.stacks, 10])
        two = (y1 - y0 - (n - 1) * CELL_GAP) / n >= TWO_LINES
        if not two:
            self.icons(img, x1 - 8, y0 + HEADING / 2, digits)
            y0 += HEADING + 2
        each = (y1 - y0 - (n - 1) * CELL_GAP) / n
        for seat in range(n):
            top = y0 + seat * (each + CELL_GAP)
            cell = (x0, top, x1, top + each)
            key = ("fan-tan copy seat", seat, round(x1 - x0), round(each, 2), two, digits, self.seated.name(seat),
                   seat == self.seated.turn, seat == self.seated.dealer and not self.seated.over,
                   seat in self.seated.winners, int(self.counts[seat]), int(self.stacks[seat]),
                   self.fines[seat], int(self.antes[seat]) if not self.seated.over else 1)
            paint = self.seat if two else self.seat_line
            region(img, cell, key, partial(paint, seat=seat, digits=digits))

    def plate(self, draw: Draw, box: Box, seat: int) -> None:
        """A seat's panel: filled and outlined for the seat to move, outlined for a winner."""
        to_move, won = seat == self.seated.turn, seat in self.seated.winners
        fill = mix(theme.PANEL, theme.ACCENT, 0.35) if to_move else theme.PANEL
        outline = theme.GOOD if won else theme.ACCENT if to_move else theme.PANEL_LIGHT
        layout.panel(draw, box, fill, outline, line=2 if (won or to_move) else 1, radius=8)

    def seat(self, img: Image.Image, draw: Draw, box: Box, *, seat: int, digits: float) -> None:
        """A seat's cell, as the table's: pointer, colour, name, the dealer's button or a winner's
        star; below, cards held and chips, then a fine found this hand or a double ante."""
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
            draw_text(draw, (right - d / 2, top), "D", SMALL, theme.PANEL, anchor="mm", bold=True)
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
            draw_text(draw, (x + 9, mid), "D", SMALL, theme.PANEL, anchor="mm", bold=True)
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
        name = layout.ellipsize(self.seated.name(seat), TEXT, max(24.0, right - x), True)
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

    # -- the hand ----------------------------------------------------------------------------------
    def hand_box(self) -> Box:
        """The felt of the member's hand: the picture's width, or beside the players' column from
        five players on (see :meth:`draw`)."""
        return (M, HAND_TOP, LIST_X - M if self.players >= 5 else W - M, H - M)

    def card_places(self) -> tuple[list[float], float]:
        """Where the member's cards go: each card's left edge, and the top of a card not raised."""
        x0, y0, x1, _ = self.hand_box()
        xs = card_rows.fan_positions(layout.groups_of(self.cards, layout.suit_group()), CARD_W, x1 - x0 - 16,
                                     group_gap=12)
        left = (x0 + x1 - card_rows.row_width(xs, CARD_W)) / 2
        return [left + x for x in xs], y0 + 8 + layout.LIFT

    def hand(self, img: Image.Image, draw: Draw) -> None:
        """The member's cards, those they may play now raised and glowing and the others dimmed."""
        box = self.hand_box()
        layout.panel(draw, box, theme.FELT, theme.FELT_LIGHT, line=2, radius=theme.RADIUS + 2)
        if not self.cards:
            notice = "Out of cards" if self.viewer is not None else "Spectators hold no cards"
            draw_text(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), notice, theme.TEXT_SIZE, theme.MUTED,
                      anchor="mm")
            return
        xs, top = self.card_places()
        dim = set(self.cards) - self.playable if self.my_turn else set()
        card_rows.draw_cards(img, self.cards, xs, top, card_width=CARD_W, highlight=self.playable,
                             raised=self.playable, dim=dim)


def tile_box(row: int, value: int) -> Box:
    """Where rank ``value``'s tile of the ``row``-th suit (0 = spades) lies in the picture."""
    x = M + GRID_PAD + CHIP + 6 + (value - 1) * (TILE_W + TILE_GAP)
    y = MID_TOP + GRID_PAD + row * (TILE_H + ROW_GAP)
    return (x, y, x + TILE_W, y + TILE_H)


def draw_tile(img: Image.Image, draw: Draw, box: Box, value: int, suit: str, run: tuple[int, int] | None,
          places: list[int], mine: frozenset[str], just: frozenset[str], edge: RGB) -> None:
    """One rank's tile in a suit's row (as the hand picture's grid draws it)."""
    tx, y, x1, y1 = box
    mid = ((tx + x1) / 2, (y + y1) / 2)
    label = STANDARD_RANKS[value - 1]
    token = card(value, suit)
    if run is not None and run[0] <= value <= run[1]:
        fresh = token in just
        layout.panel(draw, box, theme.CARD_FACE, edge if fresh else theme.CARD_BORDER, line=3 if fresh else 1,
                     radius=4)
        ink = theme.RED_SUIT if suit in ("H", "D") else theme.BLACK_SUIT
        draw_text(draw, mid, label, TEXT, ink, anchor="mm", bold=True)
    elif value in places and token in mine:
        layout.panel(draw, box, mix(theme.FELT, theme.HIGHLIGHT, 0.3), theme.HIGHLIGHT, line=2, radius=4)
        draw_text(draw, mid, label, TEXT, theme.HIGHLIGHT, anchor="mm", bold=True)
    elif value in places:
        layout.panel(draw, box, theme.FELT_DARK, None, radius=4)
        card_rows.dashed_rect(draw, box, mix(theme.FELT_LIGHT, theme.TEXT, 0.3), 1, dash=5, gap=3)
        draw_text(draw, mid, label, SMALL, theme.MUTED, anchor="mm")
    else:
        layout.panel(draw, box, mix(theme.FELT, theme.FELT_DARK, 0.5), None, radius=4)


def tag(draw: Draw, left_mid: tuple[float, float], text: str, colour: RGB, height: float) -> float:
    """A small rounded label in ``colour``; returns its right end."""
    x, mid = left_mid
    w = tag_width(text)
    layout.panel(draw, (x, mid - height / 2, x + w, mid + height / 2), colour, radius=round(height / 2))
    ink = theme.PANEL if sum(colour) > 450 else theme.TEXT
    draw_text(draw, (x + w / 2, mid), text, SMALL, ink, anchor="mm")
    return x + w


def tag_width(text: str) -> float:
    return text_width(text, SMALL) + 12


def copy(table: Mapping[str, Any], hand: Mapping[str, Any]) -> Image.Image:
    """The member's copy of a Fan Tan game: ``table`` is the spectators' view, ``hand`` theirs."""
    return Copy(table, hand).draw()

