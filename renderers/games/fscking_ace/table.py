"""The Fscking Ace table, laid out for the box Discord shows inline (:data:`renderers.kit.shown.COPY_SIZE`):
the game is played on this picture itself, so it is what the players read at every move.

    +---------+-------------------------------------------------------+
    | Round 2 | status (its "Round 2:" said at the left)              |
    +---------+-------------------------------------------------------+
    | [back] 88          | > Ann               | the cards on the     |
    |        cards left  | game +$3            | line, face up        |
    | (S) 6 still hidden | scored $9 - 4 cards | (72 px)              |
    | (->) clockwise     | [Stop now: $11]     |                      |
    +-----------------------------------------------------------------+
    | a cell per seat, in seat order down then across                 |
    +-----------------------------------------------------------------+

The felt shows the stock (backs only, the count, the spades still in it), the way of play, and
the player on the line big: their balance, worth and what stopping now would bank, beside this
turn's cards. Between rounds and at the end the player on the line gives way to the settlement
just made (the A♠, who paid, any doubling, the bonus, who opens next) or to who came out ahead.
Under it every seat has a cell (:mod:`renderers.games.fscking_ace.seats`): two lines with the
scored cards as text up to eight seats, one line past that (thirty fit).

The stock is only ever drawn as card backs: its order is hidden and the view does not hold it.
Amounts are cents, shown in the guild's unit (``view["unit"]``); the game's second drawer,
:mod:`renderers.games.fscking_ace.settlement`, pictures one round's payments.
"""

from __future__ import annotations

import math
import re
from functools import partial

from PIL import Image

from games.core.stakes import format_money
from games.fscking_ace.values import times
from games.fscking_ace.view import FsckingAceView
from renderers.games.fscking_ace.parts import SMALL, cut_at_word, fan, stock_pile
from renderers.games.fscking_ace.seats import Columns, Seat, one_line, two_lines
from renderers.kit import card_rows, layout, shown, theme
from renderers.kit.fonts import draw_text, fit_size, text_width
from renderers.kit.layout import Box, Draw, plural
from renderers.kit.names import fit_name, shorten_names_in
from renderers.kit.regions import region
from renderers.kit.theme import RGB, card_height

W, H = shown.COPY_SIZE
M = 6  # the margin round the picture and between its parts
TOP_H = 28  # the round and status line
FELT = (M, M + TOP_H + M, W - M, M + TOP_H + M + 114)
GRID = (M, FELT[3] + M, W - M, H - M)  # 588 x 216
FLIP_CARD = shown.COPY_CARD_WIDTH  # the cards on the line, and the A♠ that ended a round
STOCK_W = 165
TURN_W = 180  # the player on the line
TWO_LINE_MOST = 8  # more seats than this get one-line cells (two columns of two-line cells at most)
ROWS_MOST = {2: 4, 1: 10}  # rows of cells a column holds, by lines a cell
NAME = SMALL + 3  # the player on the line's name

REGULAR: RGB = (255, 120, 120)  # a red 2's chip: it doubles the regular cards
JOKERS: RGB = (216, 150, 236)  # a 2♣'s chip: it doubles the jokers (the $10 joker's purple)
LOSES: RGB = theme.BAD
BONUS: RGB = theme.HIGHLIGHT


class Table:
    """The view, read once, and the drawing of each part."""

    def __init__(self, view: FsckingAceView) -> None:
        self.view = view
        self.players = view["players"]
        self.names = layout.names(view)
        self.unit = view.get("unit") or "dollars"  # the bot's (the server's unit)
        self.over = view["over"]
        self.phase = "over" if self.over else view["phase"]
        self.round = view["round"]
        self.turn = view["turn"] if self.phase == "play" else None
        self.opener = view["opener"] if self.phase == "between" else None
        self.clockwise = view["direction"] != "counterclockwise"
        self.flips = view["flips"]
        self.scored, self.values, self.counts = view["scored"], view["values"], view["card_counts"]
        self.doublers, self.balances = view["doublers"], view["balances"]
        self.last = view["last_settlement"] if self.phase != "play" else None
        outcome = view["outcome"]
        self.winners = set(outcome["winners"]) if self.over and outcome else set()

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
        if seat == self.last["loser"]:
            return -self.last["total"]
        stakes, bonus = self.last["stakes"], self.last["bonus"]
        return (stakes[seat] if seat < len(stakes) else 0) + (bonus[seat] if seat < len(bonus) else 0)

    @staticmethod
    def ink(cents: int) -> RGB:
        return theme.GOOD if cents > 0 else theme.BAD if cents < 0 else theme.MUTED

    # -- the whole table ---------------------------------------------------------------------
    def draw(self) -> Image.Image:
        img, draw = layout.canvas(W, H)
        self.top_line(img, draw)
        x0, y0, x1, y1 = FELT
        layout.panel(draw, FELT, theme.FELT, theme.FELT_LIGHT, line=2, radius=theme.RADIUS)
        # The stock changes at a flip only: its pixels are kept from one move to the next.
        stock = (self.view["stock"], self.view["unseen_spades"], self.clockwise)
        region(img, (x0 + 8, y0 + 6, x0 + 8 + STOCK_W, y1 - 6), ("fscking-ace stock", stock),
               partial(stock_pile, stock=stock), background=theme.FELT)
        middle = (x0 + 8 + STOCK_W + 8, y0 + 6, x1 - 8, y1 - 6)
        if self.phase == "play":
            self.on_the_line(img, draw, middle)
        else:
            self.settled(img, draw, middle)
        self.grid(img)
        return img

    def top_line(self, img: Image.Image, draw: Draw) -> None:
        """The round (and the rule options in brief) in a small panel, then the status line,
        which drops its own "Round N:" then."""
        options = self.view["options"]
        limit = int(options["rounds"] or 0)
        if self.over:
            head = plural(self.view["rounds_played"], "round")
        else:
            head = f"Round {self.round}" + (f" of {limit}" if limit else "")
        if options["remove_extra_twos"]:
            head += " \u00b7 one pack's 2s"
        hw = text_width(head, SMALL, True) + 20
        layout.panel(draw, (M, M, M + hw, M + TOP_H), theme.PANEL, theme.PANEL_LIGHT, line=1, radius=6)
        draw_text(draw, (M + hw / 2, M + TOP_H / 2), head, SMALL, theme.MUTED, anchor="mm", bold=True)
        status = re.sub(r"^Round \d+: ", "", layout.named(self.view, self.view["status"]))
        colour = theme.GOOD if self.over else theme.ACCENT if self.phase == "play" else theme.HIGHLIGHT
        # status_line's look, but cut at a word by words' kept widths: a status is new at
        # every move, and measuring it whole, then its starts, took a quarter of the table's time.
        x0 = M + hw + M
        layout.panel(draw, (x0, M, W - M, M + TOP_H), theme.PANEL)
        draw.rounded_rectangle((x0, M, x0 + 8, M + TOP_H), radius=4, fill=colour)
        text = cut_at_word(status, SMALL + 1, W - M - x0 - 30)
        shorter = shorten_names_in(status, self.names, SMALL + 1, W - M - x0 - 30, True) if text != status else text
        if not shorter.endswith("..."):  # the computers' names shortened ("Easy 1") where that keeps it whole
            text = shorter
        layout.draw_rich(img, draw, (x0 + 18, M + TOP_H / 2), text, SMALL + 1, theme.TEXT, bold=True)

    # -- the felt ----------------------------------------------------------------------------
    def on_the_line(self, img: Image.Image, draw: Draw, box: Box) -> None:
        """The player on the line (name, balance, worth, what stopping now banks) and this
        turn's cards, face up."""
        x0, y0, x1, y1 = box
        seat = self.turn
        who = self.name(seat)
        draw.polygon([(x0, y0 + 4), (x0 + 13, y0 + 12), (x0, y0 + 20)], fill=theme.HIGHLIGHT)
        draw.ellipse((x0 + 18, y0 + 7, x0 + 28, y0 + 17), fill=layout.seat_colour(seat or 0))
        name = fit_name(who, NAME, TURN_W - 34, True)
        layout.draw_rich(img, draw, (x0 + 34, y0 + 12), name, NAME, theme.TEXT, bold=True)
        balance = self.balances[seat] if seat is not None else 0
        draw_text(draw, (x0, y0 + 37), "game", SMALL, theme.MUTED, anchor="lm")
        draw_text(draw, (x0 + text_width("game ", SMALL), y0 + 37), self.money(balance, sign=True), SMALL,
                  self.ink(balance), anchor="lm", bold=True)
        before = self.values[seat] if seat is not None else 0
        count = self.counts[seat] if seat is not None else 0
        draw_text(draw, (x0, y0 + 59), f"scored {self.money(before)} \u00b7 {plural(count, 'card')}", SMALL,
                  theme.TEXT, anchor="lm")
        cards_x = x0 + TURN_W + 8
        top = y0 + 1
        if not self.flips:
            card_rows.empty_slot(draw, (cards_x, top, cards_x + FLIP_CARD, top + card_height(FLIP_CARD)), "flip")
            draw_text(draw, (x0, y1 - 13), "must flip a card", SMALL, theme.MUTED, anchor="lm")
            return
        fan(img, draw, self.flips, (cards_x, top, x1, top + card_height(FLIP_CARD)), FLIP_CARD)
        now = self.view["turn_value"] or 0
        text = f"Stop now: {self.money(now)}" + (f" (+{self.money(now - before)})" if before else "")
        size = fit_size(text, TURN_W - 14, SMALL + 1, min_size=SMALL, bold=True)
        text = layout.ellipsize(text, size, TURN_W - 14, True)
        layout.pill(draw, (x0, y1 - 13), text, size=size, fill=theme.PANEL, ink=theme.HIGHLIGHT,
                    outline=theme.HIGHLIGHT, anchor="lm")

    def settled(self, img: Image.Image, draw: Draw, box: Box) -> None:
        """The last settlement in brief beside the A♠ that ended it (at the end, who came out
        ahead first), and who opens the next round."""
        x0, y0, x1, y1 = box
        last = self.last
        lines: list[tuple[str, int, RGB, bool]] = []
        if self.over:
            lines.append((f"GAME OVER AFTER {plural(self.view['rounds_played'], 'round').upper()}",
                          SMALL, theme.MUTED, True))
            lines.append((self.result(), NAME, theme.GOOD if self.winners else theme.HIGHLIGHT, True))
        if last:
            loser, rnd = last["loser"], last["round"]
            pays = f"{self.name(loser)} pays {self.money(last['total'])}"
            if self.over:
                lines.append((f"Round {rnd}: {pays}", SMALL, theme.TEXT, False))
            else:
                lines += [(f"ROUND {rnd} SETTLED", SMALL, theme.MUTED, True), (pays, NAME - 1, theme.TEXT, True)]
            mult = last["multiplier"]
            if mult > 1:
                kept = mult.bit_length() - 1
                twos = "2\u2660" if kept == 1 else f"{kept} 2\u2660s"
                lines.append((f"all {times(mult)}: kept {twos}", SMALL, theme.HIGHLIGHT, True))
            bonus = last["bonus"]
            takers = [s for s, b in enumerate(bonus) if b > 0]
            if takers:
                to = self.name(takers[0]) if len(takers) == 1 else f"{len(takers)} players"
                lines.append((f"bonus {self.money(sum(bonus))} to {to}", SMALL, theme.TEXT, False))
            card_rows.paste_card(img, "AS", (x0, y0 + 1), card_width=FLIP_CARD, variant="fscking-ace")
            x0 += FLIP_CARD + 14
        elif not self.over:
            lines.append(("NO ROUND SETTLED", SMALL, theme.MUTED, True))
        room = x1 - x0
        opens = self.opener is not None
        lead = 19 if opens else 21  # four lines over the pill, or five
        shown_lines = lines[: 4 if opens else 5]
        y = y0 + 9
        for text, size, ink, bold in shown_lines:
            size = fit_size(text, room, size, min_size=SMALL, bold=bold)
            text = shorten_names_in(text, self.names, size, room, bold)  # the amount after a name stays
            layout.draw_rich(img, draw, (x0, y), text, size, ink, bold=bold)
            y += lead
        if opens:
            text = f"{self.name(self.opener)} opens round {self.round + 1}"
            size = fit_size(text, room - 14, SMALL + 1, min_size=SMALL, bold=True)
            layout.pill(draw, (x0, y1 - 13), layout.ellipsize(text, size, room - 14, True), size=size,
                        fill=theme.PANEL, ink=theme.TEXT, outline=theme.ACCENT, anchor="lm")

    def result(self) -> str:
        winners = sorted(self.winners)
        if not winners:
            return "Everyone ends level"
        names = [self.name(s) for s in winners]
        who = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
        verb, each = ("comes", "") if len(names) == 1 else ("come", " each")
        return f"{who} {verb} out ahead, {self.money(self.balances[winners[0]], sign=True)}{each}"

    # -- the players -------------------------------------------------------------------------
    def grid(self, img: Image.Image) -> None:
        """A cell per seat, down each column then across; one or two cells change in a move,
        the others are pasted as they were drawn."""
        lines, columns, rows = shape(self.players)
        x0, y0, x1, y1 = GRID
        # Whole pixels: every row's texts then sit alike within a pixel and share their masks.
        gap_x = M if lines == 2 else 4
        each = (x1 - x0 - (columns - 1) * gap_x) // columns
        if lines == 2:
            gap = 4
            cell_h = (y1 - y0 - (rows - 1) * gap) // rows
        else:  # a kept cell is pasted with the pixel row under it: the gap is at least two
            gap = 2
            cell_h = min(34, (y1 - y0 + gap) // rows - gap)
            y0 += (y1 - y0 - rows * (cell_h + gap) + gap) // 2  # the pixels left over, above and below
        seats = [self.seat(s) for s in range(self.players)]
        # One-line cells line their figures up down each column, as narrow as it allows.
        blocks = [Columns.of(seats[c * rows:(c + 1) * rows]) for c in range(columns)] if lines == 1 else []
        for seat in seats:
            col, row = divmod(seat.seat, rows)
            cols = blocks[col] if blocks else None
            cx, cy = x0 + col * (each + gap_x), y0 + row * (cell_h + gap)
            box = (cx, cy, cx + each, cy + cell_h)
            if cols is None:
                region(img, box, ("fscking-ace seat", seat), partial(two_lines, seat=seat))
            else:
                region(img, box, ("fscking-ace seat", seat, cols), partial(one_line, seat=seat, cols=cols))

    def seat(self, seat: int) -> Seat:
        """Everything ``seat``'s cell shows."""
        net = self.net(seat)
        value = self.money(self.values[seat])
        balance = self.balances[seat]
        return Seat(
            seat=seat, name=self.name(seat), to_move=seat == self.turn, won=seat in self.winners,
            lost=self.last is not None and seat == self.last["loser"],
            cards=tuple(self.scored[seat]), count=self.counts[seat],
            worth=value if net is None else self.money(net, sign=True),
            worth_ink=theme.TEXT if net is None else self.ink(net), value=value, settled=net is not None,
            balance=self.money(balance, sign=True), balance_ink=self.ink(balance),
            chips=tuple(self.chips(seat)), tags=tuple(self.tags(seat)))

    def tags(self, seat: int) -> list[tuple[str, RGB]]:
        """The name's tags, most important first: what the seat's 2♠s do to what they pay if
        they lose, a most-cards bonus taken, who opens the next round or flips next (the last
        two are said on the felt too, so they give way first)."""
        spades = self.doublers[seat][2]
        out: list[tuple[str, RGB]] = []
        if spades:
            out.append((f"loses x{1 << spades}", LOSES))
        bonus = self.last["bonus"] if self.last else []
        if seat < len(bonus) and bonus[seat] > 0:
            out.append(("bonus", BONUS))  # its amount is on the felt and in the settlement
        if seat == self.opener:
            out.append(("opens", theme.ACCENT))
        elif seat == self.next_seat():
            out.append(("next", theme.PANEL_LIGHT))
        return out

    def chips(self, seat: int) -> list[tuple[str, RGB]]:
        """What multiplies the seat's scored cards: red 2s (the regular cards), 2♣s (the jokers)."""
        red, clubs = self.doublers[seat][:2]
        out: list[tuple[str, RGB]] = []
        if red:
            out.append((f"regular x{1 << red}", REGULAR))
        if clubs:
            out.append((f"jokers x{1 << clubs}", JOKERS))
        return out


def shape(players: int) -> tuple[int, int, int]:
    """The seat cells' lines, and the columns and rows of cells, for ``players`` seats."""
    lines = 2 if players <= TWO_LINE_MOST else 1
    columns = max(1, math.ceil(players / ROWS_MOST[lines]))
    return lines, columns, math.ceil(players / columns)


# --- the drawer ------------------------------------------------------------------------------

def table(view: FsckingAceView) -> Image.Image:
    """The Fscking Ace table for ``view`` (every seat and spectator sees the same table)."""
    return Table(view).draw()
