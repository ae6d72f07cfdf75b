"""The Fscking Ace table: the turn in progress, every player's scored cards and worth this round,
the running balances, and the last settlement.

From the top: a header (round, whose turn), the status line (a result banner at the end), then
the felt: the stock as a face-down pile with its count and the spades still hidden in it, the
direction of play as a turning arrow, the cards on the line this turn (face up) with what
stopping now would be worth, or between rounds the settlement just made (the A♠, who paid,
any doubling, the bonus); the recent log at the right. Under the felt one panel per player,
in seat order (two columns past four players, down then across): the name with its tags
("loses x2" for kept 2♠s, a bonus taken, who opens the next round or flips next), the game
balance, the scored cards as a small fan (doublers and jokers kept in view when it is full),
the round's worth and card count, and chips for the other doublers ("regular x2", "jokers x4");
between rounds the worth gives way to what the seat gained or paid.

The stock is only ever drawn as card backs: its order is hidden and the view does not hold it.
Amounts are cents, shown in the guild's unit (``view["unit"]``); the table's second drawer,
:func:`settlement`, pictures one round's payments.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import partial
from typing import Any

from PIL import Image

from games.core.stakes import format_money
from games.fscking_ace.values import BONUS_REASON, kept_twos, times
from renderers.games.fscking_ace_parts import chip, chip_columns, chip_width, fan, stack, turn_mask
from renderers.kit import card_rows, layout, theme
from renderers.kit import settlement as sheet
from renderers.kit.fonts import draw_text, fit_size, text_width
from renderers.kit.layout import Box, Draw, plural
from renderers.kit.pips import paint
from renderers.kit.regions import region
from renderers.kit.theme import RGB, card_height, mix

WIDTH = 880
PAD = theme.PADDING
LABEL = theme.SMALL_TEXT_SIZE  # small capitals over areas
FELT_H = 196
FELT_PAD = 14
STOCK_W = 190
TURN_W = 96  # the direction of play
LOG_W = 226
LOG_CHARS = 72  # more than the two lines of the log panel hold
FLIP_CARD = 70  # the cards on the line
BACK_CARD = 60  # the stock
ACE_CARD = 60  # the A♠ in the settlement summary
SCORED_CARD = {1: 48, 2: theme.CARD_MIN_WIDTH}  # by columns of players
ONE_COLUMN_MOST = 4  # more players than this sit in two columns
CELL_GAP = 6
TOP_MID = 20  # a cell's name line, from its top
FAN_TOP = 35  # a cell's cards, from its top
VALUE_W = 118
BANNER_H = 104
NAME_MIN = 140  # a name keeps this much room (or its whole width) before tags give way

REGULAR: RGB = (255, 120, 120)  # a red 2's chip: it doubles the regular cards
JOKERS: RGB = (216, 150, 236)  # a 2♣'s chip: it doubles the jokers (the $10 joker's purple)
LOSES: RGB = theme.BAD
BONUS: RGB = theme.HIGHLIGHT


class Table:
    """The view, read once, and the drawing of each part."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.view = view
        self.players = int(view.get("players") or 3)
        self.names = layout.names(view)
        self.unit = str(view.get("unit") or "dollars")
        self.over = bool(view.get("over"))
        self.phase = "over" if self.over else str(view.get("phase") or "play")
        turn = view.get("turn")
        self.turn: int | None = turn if isinstance(turn, int) and self.phase == "play" else None
        opener = view.get("opener")
        self.opener: int | None = opener if isinstance(opener, int) and self.phase == "between" else None
        self.clockwise = view.get("direction") != "counterclockwise"
        self.flips = [str(c) for c in view.get("flips") or []]
        self.scored = self.per_seat("scored", [])
        self.values = self.per_seat("values", 0)
        self.counts = self.per_seat("card_counts", 0)
        self.doublers = self.per_seat("doublers", [0, 0, 0])
        self.balances = self.per_seat("balances", 0)
        self.last: Mapping[str, Any] | None = view.get("last_settlement") if self.phase != "play" else None
        outcome = view.get("outcome") or {}
        self.winners = {int(s) for s in outcome.get("winners") or []} if self.over else set()
        self.columns = 1 if self.players <= ONE_COLUMN_MOST else 2
        self.rows = math.ceil(self.players / self.columns)
        self.card_w = SCORED_CARD[self.columns]
        self.cell_h = FAN_TOP + card_height(self.card_w) + 7

    def per_seat(self, key: str, empty: Any) -> list[Any]:
        given = list(self.view.get(key) or [])
        return given + [empty] * (self.players - len(given))

    def money(self, cents: int, sign: bool = False) -> str:
        return format_money(int(cents), self.unit, sign=sign)

    def name(self, seat: int | None) -> str:
        return self.names[seat] if seat is not None and 0 <= seat < len(self.names) else "?"

    def next_seat(self) -> int | None:
        """Who flips after the player to move, in the direction in force."""
        if self.turn is None:
            return None
        return (self.turn + (1 if self.clockwise else -1)) % self.players

    def net(self, seat: int) -> int | None:
        """What ``seat`` gained (negative: paid) in the last settlement, between rounds and at the end."""
        if not self.last:
            return None
        if seat == self.last.get("loser"):
            return -int(self.last.get("total") or 0)
        stakes, bonus = list(self.last.get("stakes") or []), list(self.last.get("bonus") or [])
        return (int(stakes[seat]) if seat < len(stakes) else 0) + (int(bonus[seat]) if seat < len(bonus) else 0)

    # -- the whole table ---------------------------------------------------------------------
    def grid_height(self) -> int:
        return self.rows * self.cell_h + (self.rows - 1) * CELL_GAP

    def draw(self) -> Image.Image:
        status = layout.named(self.view, str(self.view.get("status", "")))
        top_h = BANNER_H if self.over else layout.status_height(status, WIDTH - 2 * PAD)
        height = layout.HEADER_HEIGHT + 10 + top_h + 10 + FELT_H + 10 + self.grid_height() + PAD
        img, draw = layout.canvas(WIDTH, height)
        y = layout.header(img, draw, str(self.view.get("title") or "Fscking Ace"), self.subtitle()) + 10
        if self.over:
            self.result_banner(img, draw, (PAD, y, WIDTH - PAD, y + top_h))
        else:
            colour = theme.ACCENT if self.phase == "play" else theme.HIGHLIGHT
            layout.status_line(img, draw, (PAD, y, WIDTH - PAD, y + top_h), status, colour=colour)
        y += top_h + 10
        self.felt(img, draw, (PAD, y, WIDTH - PAD, y + FELT_H))
        y += FELT_H + 10
        self.grid(img, draw, (PAD, y, WIDTH - PAD, y + self.grid_height()))
        return img

    def subtitle(self) -> str:
        rnd = int(self.view.get("round") or 1)
        if self.phase == "play":
            return f"Round {rnd} \u00b7 {self.name(self.turn)} to flip"
        if self.phase == "between":
            return f"Round {rnd} settled \u00b7 {self.name(self.opener)} opens next"
        return f"Game over \u00b7 {plural(int(self.view.get('rounds_played') or 0), 'round')}"

    def result_banner(self, img: Image.Image, draw: Draw, box: Box) -> None:
        winners = sorted(self.winners)
        rounds = plural(int(self.view.get("rounds_played") or 0), "round")
        if winners:
            who = " and ".join(self.name(s) for s in winners) if len(winners) <= 2 else \
                f"{', '.join(self.name(s) for s in winners[:-1])} and {self.name(winners[-1])}"
            each = " each" if len(winners) > 1 else ""
            detail = f"{who} {'comes' if len(winners) == 1 else 'come'} out ahead, " \
                     f"{self.money(self.balances[winners[0]], sign=True)}{each}"
        else:
            detail = "Everyone ends level"
        layout.banner(img, draw, box, f"Game over after {rounds}", detail, theme.GOOD if winners else theme.HIGHLIGHT)

    # -- the felt ----------------------------------------------------------------------------
    def felt(self, img: Image.Image, draw: Draw, box: Box) -> None:
        x0, y0, x1, y1 = box
        layout.panel(draw, box, theme.FELT, theme.FELT_LIGHT, line=2, radius=theme.RADIUS + 6)
        x = x0 + FELT_PAD
        self.stock(img, draw, (x, y0 + FELT_PAD, x + STOCK_W, y1 - FELT_PAD))
        x += STOCK_W + 8
        self.direction(img, draw, (x, y0 + FELT_PAD, x + TURN_W, y1 - FELT_PAD))
        x += TURN_W + 14
        log_x = x1 - FELT_PAD - LOG_W
        centre = (x, y0 + FELT_PAD, log_x - 16, y1 - FELT_PAD)
        if self.phase == "play":
            self.on_the_line(img, draw, centre)
        else:
            self.settled(img, draw, centre)
        # A settlement line names every payee (long at 20 players) and the panel shows two
        # lines of it: cut it first, as wrapping and shortening measure it word by word.
        log = [layout.named(self.view, str(line))[:LOG_CHARS] for line in self.view.get("log") or []]
        layout.log_panel(img, draw, (log_x, y0 + FELT_PAD, x1 - FELT_PAD, y1 - FELT_PAD), log, title="Recent",
                         size=theme.SMALL_TEXT_SIZE + 1, empty="Nothing yet")

    def stock(self, img: Image.Image, draw: Draw, box: Box) -> None:
        """The stock: card backs only (a thicker pile for more cards), the count, the spades left."""
        x0, y0, x1, y1 = box
        draw_text(draw, (x0 + 2, y0 + 8), "STOCK", LABEL, theme.MUTED, anchor="lm", bold=True)
        left = int(self.view.get("stock") or 0)
        top = y0 + 26
        ch = card_height(BACK_CARD)
        if left <= 0:
            card_rows.empty_slot(draw, (x0 + 2, top, x0 + 2 + BACK_CARD, top + ch), "empty")
        else:
            layers = 1 + min(3, (left - 1) // 12)
            for i in reversed(range(layers)):  # the lower cards peek out down and to the right
                card_rows.paste_card(img, None, (x0 + 2 + 3 * i, top + 3 * i), card_width=BACK_CARD)
        cx = x0 + BACK_CARD + 26
        draw_text(draw, (cx, top + 26), str(left), theme.TITLE_SIZE + 8, theme.TEXT, anchor="lm", bold=True)
        draw_text(draw, (cx, top + 60), "cards left" if left != 1 else "card left", LABEL, theme.MUTED,
                  anchor="lm")
        spades = int(self.view.get("unseen_spades") or 0)
        mid = y1 - 16
        chip = 26
        layout.suit_chip(img, draw, (x0 + 2, mid - chip / 2, x0 + 2 + chip, mid + chip / 2), "S")
        text = f"{plural(spades, 'spade')} still hidden"
        size = fit_size(text, x1 - x0 - chip - 12, LABEL, min_size=15)
        draw_text(draw, (x0 + chip + 10, mid), text, size, theme.TEXT, anchor="lm")

    def direction(self, img: Image.Image, draw: Draw, box: Box) -> None:
        """A turning arrow and its word; gold once a 7♠ has reversed play."""
        x0, y0, x1, y1 = box
        mid = (x0 + x1) / 2
        size = 74
        colour = theme.TEXT if self.clockwise else theme.HIGHLIGHT
        words = ["clockwise"] if self.clockwise else ["counter-", "clockwise"]
        lead = 22
        block = size + 12 + 14 + lead * len(words)
        top = (y0 + y1) / 2 - block / 2
        draw.ellipse((mid - size / 2 - 6, top, mid + size / 2 + 6, top + size + 12),
                     fill=layout.rgba_of(theme.FELT_DARK, 200))
        paint(img, turn_mask(size, self.clockwise), (round(mid - size / 2), round(top + 6)), colour)
        ty = top + size + 12 + 14 + lead / 2
        for i, word in enumerate(words):
            draw_text(draw, (mid, ty + i * lead), word, LABEL, colour, anchor="mm", bold=True)

    def on_the_line(self, img: Image.Image, draw: Draw, box: Box) -> None:
        """This turn's flips, face up, and what stopping now would bank."""
        x0, y0, x1, y1 = box
        who = self.name(self.turn)
        label = layout.ellipsize(f"ON THE LINE \u00b7 {who.upper()}", LABEL, x1 - x0, True)
        draw_text(draw, (x0, y0 + 8), label, LABEL, theme.MUTED, anchor="lm", bold=True)
        top = y0 + 22
        ch = card_height(FLIP_CARD)
        if not self.flips:
            card_rows.empty_slot(draw, (x0, top, x0 + FLIP_CARD, top + ch), "flip")
            lines = layout.wrap(f"{who} must flip at least one card.", theme.SMALL_TEXT_SIZE + 1,
                                x1 - x0 - FLIP_CARD - 16)[:4]
            lead = layout.line_height(theme.SMALL_TEXT_SIZE + 1)
            ty = top + ch / 2 - lead * (len(lines) - 1) / 2
            for i, line in enumerate(lines):
                layout.draw_rich(img, draw, (x0 + FLIP_CARD + 14, ty + i * lead), line, theme.SMALL_TEXT_SIZE + 1,
                                 theme.MUTED)
            return
        fan(img, draw, self.flips, (x0, top, x1, top + ch), FLIP_CARD)
        now = int(self.view.get("turn_value") or 0)
        gain = now - int(self.values[self.turn]) if self.turn is not None else 0
        before = now - gain
        text = f"Stop now: {self.money(now)}" + (f" (+{self.money(gain)})" if before else "")
        size = fit_size(text, x1 - x0 - 18, theme.TEXT_SIZE - 2, min_size=16, bold=True)
        layout.pill(draw, (x0, y1 - 14), text, size=size, fill=theme.PANEL, ink=theme.HIGHLIGHT,
                    outline=theme.HIGHLIGHT, anchor="lm")

    def settled(self, img: Image.Image, draw: Draw, box: Box) -> None:
        """The last settlement in brief: the A♠, who paid how much, any doubling, the bonus."""
        x0, y0, x1, y1 = box
        last = self.last
        if not last:
            draw_text(draw, (x0, y0 + 8), "NO ROUND SETTLED", LABEL, theme.MUTED, anchor="lm", bold=True)
            return
        draw_text(draw, (x0, y0 + 8), f"ROUND {int(last.get('round') or 0)} SETTLED", LABEL, theme.MUTED,
                  anchor="lm", bold=True)
        top = y0 + 26
        card_rows.paste_card(img, "AS", (x0, top), card_width=ACE_CARD)
        tx = x0 + ACE_CARD + 14
        room = x1 - tx
        loser = int(last.get("loser") or 0)
        mult = int(last.get("multiplier") or 1)
        lines: list[tuple[str, int, RGB, bool]] = [
            (self.name(loser), theme.TEXT_SIZE - 1, theme.TEXT, True),
            (f"pays {self.money(int(last.get('total') or 0))}", theme.TEXT_SIZE - 1, theme.BAD, True),
        ]
        if mult > 1:
            kept = mult.bit_length() - 1
            twos = "2\u2660" if kept == 1 else f"{kept} 2\u2660s"
            lines.append((f"all {times(mult)}: kept {twos}", theme.SMALL_TEXT_SIZE, theme.HIGHLIGHT, True))
        bonus = [int(b) for b in last.get("bonus") or []]
        takers = [s for s, b in enumerate(bonus) if b > 0]
        if takers:
            pot = self.money(sum(bonus))
            to = self.name(takers[0]) if len(takers) == 1 else f"{len(takers)} players"
            lines.append((f"bonus {pot} to {to}", theme.SMALL_TEXT_SIZE, theme.MUTED, False))
        y = top + 8
        for text, most, ink, bold in lines:
            size = most
            while size > 16 and layout.rich_width(text, size, bold) > room:
                size -= 1
            shown = layout.ellipsize(text, size, room, bold)
            layout.draw_rich(img, draw, (tx, y), shown, size, ink, bold=bold)
            y += layout.line_height(most)
        if self.opener is not None:
            text = f"{self.name(self.opener)} opens round {int(self.view.get('round') or 1) + 1}"
            size = fit_size(text, x1 - x0 - 18, theme.SMALL_TEXT_SIZE + 1, min_size=15, bold=True)
            layout.pill(draw, (x0, y1 - 14), text, size=size, fill=theme.PANEL, ink=theme.TEXT,
                        outline=theme.ACCENT, anchor="lm")

    # -- the players -------------------------------------------------------------------------
    def grid(self, img: Image.Image, draw: Draw, box: Box) -> None:
        x0, y0, x1, _ = box
        each = (x1 - x0 - (self.columns - 1) * 10) / self.columns
        for seat in range(self.players):
            col, row = divmod(seat, self.rows)  # down the first column, then the second
            cx = x0 + col * (each + 10)
            cy = y0 + row * (self.cell_h + CELL_GAP)
            # One or two cells change in a move: the others are pasted as they were drawn.
            region(img, (cx, cy, cx + each, cy + self.cell_h), self.cell_key(seat), partial(self.cell, seat=seat))

    def cell_key(self, seat: int) -> tuple[Any, ...]:
        """Everything :meth:`cell` shows for ``seat`` (the key of its kept pixels)."""
        lost = self.last is not None and seat == self.last.get("loser")
        return ("fscking-ace cell", seat, self.players, self.columns, self.card_w, self.unit, self.name(seat),
                seat == self.turn, seat in self.winners, lost, tuple(str(c) for c in self.scored[seat]),
                int(self.values[seat]), int(self.counts[seat]), tuple(int(n) for n in self.doublers[seat]),
                int(self.balances[seat]), self.net(seat), tuple(self.tags(seat)))

    def cell(self, img: Image.Image, draw: Draw, box: Box, *, seat: int) -> None:
        x0, y0, x1, _ = box
        to_move = seat == self.turn
        won = seat in self.winners
        lost = self.last is not None and seat == self.last.get("loser")
        fill = mix(theme.PANEL, theme.ACCENT, 0.3) if to_move else theme.PANEL
        outline = theme.GOOD if won else theme.ACCENT if to_move else mix(theme.PANEL, theme.BAD, 0.7) if lost \
            else theme.PANEL_LIGHT
        layout.panel(draw, box, fill, outline, line=3 if (won or to_move or lost) else 1, radius=theme.RADIUS + 2)
        self.name_line(img, draw, seat, (x0 + 12, y0 + TOP_MID, x1 - 12), to_move, won)
        top = y0 + FAN_TOP
        bottom = top + card_height(self.card_w)
        value_x0 = x1 - 12 - VALUE_W
        self.worth(draw, seat, (value_x0, top, x1 - 12, bottom))
        # Side by side in a wide panel, stacked two high in a narrow one.
        columns = chip_columns(self.chips(seat), 1 if self.columns == 1 else 2)
        chips_w = sum(w for w, _ in columns) + 8 * (len(columns) - 1)
        fan_x1 = value_x0 - (chips_w + 24 if columns else 12)
        x = fan_x1 + 12
        for w, column in columns:
            stack(draw, column, (x, top, x + w, bottom))
            x += w + 8
        cards = [str(c) for c in self.scored[seat]]
        if cards:
            fan(img, draw, cards, (x0 + 12, top, fan_x1, bottom), self.card_w, shadow=False)
        else:
            draw_text(draw, (x0 + 14, (top + bottom) / 2), "nothing scored", theme.SMALL_TEXT_SIZE, theme.MUTED,
                      anchor="lm")

    def name_line(self, img: Image.Image, draw: Draw, seat: int, line: tuple[float, float, float], to_move: bool,
                  won: bool) -> None:
        """The pointer (to move), the seat's colour, the name, its tags, and at the right the
        game balance, labelled so as not to be read as the round's worth."""
        x, mid, right = line
        balance = int(self.balances[seat])
        text = self.money(balance, sign=True)
        ink = theme.GOOD if balance > 0 else theme.BAD if balance < 0 else theme.MUTED
        size = theme.TEXT_SIZE - 2
        label_size = theme.SMALL_TEXT_SIZE - 2
        tw = text_width(text, size, True)
        lw = text_width("game", label_size)
        bw = lw + 6 + tw + 20
        layout.panel(draw, (right - bw, mid - 15, right, mid + 15), theme.BACKGROUND, radius=15)
        draw_text(draw, (right - bw + 10, mid + 1), "game", label_size, theme.MUTED, anchor="lm")
        draw_text(draw, (right - 10, mid), text, size, ink, anchor="rm", bold=True)
        if to_move:
            draw.polygon([(x, mid - 9), (x + 14, mid), (x, mid + 9)], fill=theme.HIGHLIGHT)
            x += 22
        draw.ellipse((x, mid - 7, x + 14, mid + 7), fill=layout.seat_colour(seat))
        x += 22
        room = right - bw - 8 - x - (26 if won else 0)
        name_w = min(layout.rich_width(self.name(seat), size, True), NAME_MIN)
        tags: list[tuple[str, RGB]] = []
        for tag in self.tags(seat):  # in order of importance, while the name keeps room
            if name_w + sum(chip_width(t) + 6 for t, _ in [*tags, tag]) + 2 <= room:
                tags.append(tag)
        name_room = room - sum(chip_width(t) + 6 for t, _ in tags)
        name = layout.ellipsize(self.name(seat), size, max(30.0, name_room), True)
        x += layout.draw_rich(img, draw, (x, mid), name, size, theme.TEXT, bold=True) + 6
        if won:
            layout.star(draw, (x + 10, mid), 11, theme.HIGHLIGHT)
            x += 26
        for text, colour in tags:
            x = chip(draw, (x, mid), text, colour) + 6

    def tags(self, seat: int) -> list[tuple[str, RGB]]:
        """The name's tags, most important first: what the seat's 2♠s do to what they pay if
        they lose, a most-cards bonus taken, who opens the next round or flips next (the last
        two are said elsewhere too, so they give way first in a narrow panel)."""
        spades = int((list(self.doublers[seat]) + [0, 0, 0])[2])
        out: list[tuple[str, RGB]] = []
        if spades:
            out.append((f"loses x{1 << spades}", LOSES))
        bonus = list((self.last or {}).get("bonus") or [])
        if seat < len(bonus) and int(bonus[seat]) > 0:
            out.append(("bonus", BONUS))  # its amount is in the felt's summary and the settlement
        if seat == self.opener:
            out.append(("opens", theme.ACCENT))
        elif seat == self.next_seat():
            out.append(("next", theme.PANEL_LIGHT))
        return out

    def worth(self, draw: Draw, seat: int, box: Box) -> None:
        """The round's worth and card count; between rounds, what the seat gained or paid."""
        x0, y0, x1, y1 = box
        count = int(self.counts[seat])
        cards = plural(count, "card")
        net = self.net(seat)
        if net is None:
            big, ink = self.money(int(self.values[seat])), theme.TEXT
            small = cards
        else:
            big = self.money(net, sign=True)
            ink = theme.GOOD if net > 0 else theme.BAD if net < 0 else theme.MUTED
            small = f"{self.money(int(self.values[seat]))} \u00b7 {cards}"
        mid = (y0 + y1) / 2
        size = fit_size(big, x1 - x0, theme.TEXT_SIZE + 4, min_size=18, bold=True)
        draw_text(draw, (x1, mid - 10), big, size, ink, anchor="rm", bold=True)
        small_size = fit_size(small, x1 - x0, theme.SMALL_TEXT_SIZE - 1, min_size=14)
        draw_text(draw, (x1, mid + 17), small, small_size, theme.MUTED, anchor="rm")

    def chips(self, seat: int) -> list[tuple[str, RGB]]:
        """What multiplies the seat's scored cards: red 2s (the regular cards), 2♣s (the jokers)."""
        red, clubs = (int(n) for n in (list(self.doublers[seat]) + [0, 0])[:2])
        out: list[tuple[str, RGB]] = []
        if red:
            out.append((f"regular x{1 << red}", REGULAR))
        if clubs:
            out.append((f"jokers x{1 << clubs}", JOKERS))
        return out


# --- entry points ----------------------------------------------------------------------------

def table(view: Mapping[str, Any]) -> Image.Image:
    """The Fscking Ace table for ``view`` (every seat and spectator sees the same table)."""
    return Table(view).draw()


def settlement(view: Mapping[str, Any], data: Mapping[str, Any]) -> Image.Image:
    """One round's payments: the generic list, each row tagged (a bonus, a doubling) and, when the
    loser kept 2♠, a note with the card saying why everything was multiplied."""
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
        tag = "bonus" if bonus else ""
        if mult > 1:
            tag = f"{tag} x{mult}".strip()
        rows.append(sheet.Row(row.payer, row.payee, row.cents, row.reason, tag, BONUS if bonus else LOSES))
    headline = None
    if isinstance(loser, int):
        total = format_money(int(data.get("total") or 0), str(view.get("unit") or "dollars"))
        headline = f"{who} turned up A\u2660 and pays {total}"
    note = (NOTE_H, doubling_note(who, mult)) if mult > 1 else None
    return sheet.image(view, data, rows, note=note, headline=headline)


NOTE_H = 96


def doubling_note(who: str, mult: int) -> sheet.Painter:
    """The panel under the headline when the loser kept 2♠: the card(s) and what they did."""
    kept = mult.bit_length() - 1

    def paint_note(img: Image.Image, draw: Draw, box: Box) -> None:
        x0, y0, x1, y1 = box
        layout.panel(draw, box, mix(theme.PANEL, theme.BAD, 0.18), theme.BAD, line=2, radius=theme.RADIUS + 2)
        w = theme.CARD_MIN_WIDTH + 4
        top = (y0 + y1) / 2 - card_height(w) / 2
        for i in range(min(kept, 4)):
            card_rows.paste_card(img, "2S", (x0 + 16 + i * 16, top), card_width=w)
        tx = x0 + 16 + w + 16 * (min(kept, 4) - 1) + 18
        room = x1 - tx - 14
        big = f"Everything {times(mult)}"
        draw_text(draw, (tx, y0 + 32), big, theme.TITLE_SIZE, theme.TEXT, anchor="lm", bold=True)
        cards = "the 2\u2660" if kept == 1 else f"{kept} 2\u2660s"
        small = f"{who} kept {cards}, so every payment is x{mult}."
        for i, line in enumerate(layout.wrap(small, theme.SMALL_TEXT_SIZE + 1, room)[:2]):
            layout.draw_rich(img, draw, (tx, y0 + 62 + i * 22), line, theme.SMALL_TEXT_SIZE + 1, theme.TEXT)

    return paint_note
