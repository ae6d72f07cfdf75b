"""The Dracula table: the coffin, every line's value in its scorer's direction, both sides with
their ways, the scores and the last coffin's result.

From the top: a header (deal, coffin, stock), the status line, a result banner at the end of a
game, the two sides (the viewer's on the left: names, Queen's or King's way with a drawn arrow,
the dealer, cards in hand, the total), then the felt. On the felt the coffin's 3x3 grid of big
cards: the centre card carries a nail, the cells where the viewer may place glow with a "+".
Each row's value sits to its right and each column's under it, in the colour of the side that
scores it (rows for Queen's way, columns for King's way): the value, its points and its
multiplier; a line a Vampire drained shows a red 0 and a bat; an unfinished line shows its
points so far, muted. At the right, the last coffin scored (a small copy, each side's three
lines best first with the scored one boxed, and which rung of the tie ladder counted) and the
recent log. Before the first deal the felt shows the cut, round by round, and the choice of way.

The renderer reads only the view (the opponent's cards are not in it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from PIL import Image

from games.dracula.scoring import Direction
from games.dracula.scoring import points as card_points
from renderers.games.dracula_coffin import CoffinParts
from renderers.games.dracula_parts import (
    BANNER_H,
    BLOCK_H,
    BLOCK_W,
    BLOOD,
    FELT_H,
    FELT_PAD,
    LABEL,
    MINI,
    MINI_GAP,
    PAD,
    RIGHT_GAP,
    RUNG_TEXT,
    SIDE_ROW,
    WAY_WORDS,
    WAYS,
    WIDTH,
    Side,
    dealer_chip,
    double_arrow,
    emblem,
    hand_count,
    way_icon,
)
from renderers.kit import card_rows, layout, theme
from renderers.kit import hand as generic_hand
from renderers.kit.fonts import draw_text, fit_size, text_width
from renderers.kit.layout import Box, Draw
from renderers.kit.regions import frozen, region
from renderers.kit.theme import RGB, card_height, mix


class Table(CoffinParts):
    """The view, read once, and the drawing of each part."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.view = view
        self.players = int(view.get("players") or 2)
        self.names = layout.names(view)
        viewer = view.get("viewer")
        self.viewer: int | None = viewer if isinstance(viewer, int) else None
        self.over = bool(view.get("over"))
        self.phase = str(view.get("phase") or ("over" if self.over else "place"))
        raw_sides = view.get("sides") or [[s] for s in range(self.players)]
        directions = list(view.get("directions") or [None] * self.players)
        scores = list(view.get("scores") or [0] * self.players)
        self.sides = [
            Side(i, [int(s) for s in seats], layout.seat_colour(i),
                 directions[seats[0]] if seats and seats[0] < len(directions) else None,
                 int(scores[seats[0]]) if seats and seats[0] < len(scores) else 0,
                 " & ".join(self.names[s] for s in seats))
            for i, seats in enumerate(raw_sides)
        ]
        self.side_of = {seat: side.index for side in self.sides for seat in side.seats}
        turn = view.get("turn")
        self.turn: int | None = int(turn) if isinstance(turn, int) and not self.over else None
        self.dealer = view.get("dealer")
        outcome = view.get("outcome") or {}
        self.outcome: Mapping[str, Any] = outcome
        self.winners = {int(s) for s in outcome.get("winners") or []}
        self.coffin: list[list[str | None]] = [list(r) for r in (view.get("coffin") or [[None] * 3] * 3)]
        self.legal = {(int(r), int(c)) for r, c in view.get("legal_cells") or []}
        self.lines: Mapping[str, Sequence[Mapping[str, int] | None]] = view.get("lines") or {}
        self.last: Mapping[str, Any] | None = view.get("last_coffin")
        self.session: Mapping[str, Any] | None = view.get("session")
        mine = self.side_of.get(self.viewer, 0) if self.viewer is not None else 0
        self.order = [mine] + [s.index for s in self.sides if s.index != mine]  # left to right

    def owner(self, direction: str) -> Side | None:
        """The side that scores lines of ``direction``."""
        return next((s for s in self.sides if s.way == direction), None)

    def seat_name(self, seat: int) -> str:
        return self.names[seat] + (" (you)" if seat == self.viewer else "")

    # -- sizes -------------------------------------------------------------------------------
    def sides_height(self) -> int:
        most = max((len(s.seats) for s in self.sides), default=1)
        return 12 + 34 + most * SIDE_ROW + 12

    # -- the whole table ---------------------------------------------------------------------
    def draw(self) -> Image.Image:
        # At the end the result banner takes the status line's place (it says the same, better).
        status = layout.named(self.view, str(self.view.get("status", "")))
        status_h = 0 if self.over else layout.status_height(status, WIDTH - 2 * PAD)
        banner_h = BANNER_H + 10 if self.over else 0
        sides_h = self.sides_height()
        height = layout.HEADER_HEIGHT + 10 + (status_h + 10 if status_h else 0) + banner_h + sides_h + 10 + FELT_H + PAD
        img, draw = layout.canvas(WIDTH, height)
        y = layout.header(img, draw, str(self.view.get("title") or "Dracula"), self.subtitle()) + 10
        if not self.over:
            layout.status_line(img, draw, (PAD, y, WIDTH - PAD, y + status_h), status, colour=theme.ACCENT)
            y += status_h + 10
        else:
            self.result_banner(img, draw, (PAD, y, WIDTH - PAD, y + BANNER_H))
            y += BANNER_H + 10
        each = (WIDTH - 2 * PAD - 12) / 2
        for i, index in enumerate(self.order[:2]):
            x = PAD + i * (each + 12)
            side = self.sides[index]
            # A side's panel changes with its turn, its hand sizes and its score, not every move.
            region(img, (x, y, x + each, y + sides_h), self.side_key(side), partial(self.side_panel, side=side))
        y += sides_h + 10
        layout.panel(draw, (PAD, y, WIDTH - PAD, y + FELT_H), theme.FELT, theme.FELT_LIGHT, line=2,
                     radius=theme.RADIUS + 6)
        left = (PAD + FELT_PAD, y + FELT_PAD, PAD + FELT_PAD + BLOCK_W, y + FELT_PAD + BLOCK_H)
        right = (left[2] + RIGHT_GAP, left[1], WIDTH - PAD - FELT_PAD, left[3])
        if self.phase == "way":
            self.way_choice(img, draw, left)
        else:
            self.coffin_block(img, draw, left)
        self.right_column(img, draw, right)
        return img

    def subtitle(self) -> str:
        v = self.view
        deal, deals = int(v.get("deal") or 0), int(v.get("deals") or 1)
        parts: list[str] = []
        if self.session:
            parts.append(f"Game {self.session.get('game', 1)} \u00b7 to {self.session.get('target', 0)}")
        if self.phase == "way":
            parts.append("Choosing the way")
        else:
            per = int(v.get("coffins_per_deal") or 1)
            coffin = f"offin {int(v.get('coffin_number') or 1)} of {per}"
            if per > 1 and deals == 1:
                parts.append("C" + coffin)
            else:
                parts.append(f"Deal {max(1, deal)} of {deals}")
                if per > 1:
                    parts.append("c" + coffin)
            if self.players == 2 and not self.over:
                parts.append(f"stock {int(v.get('stock') or 0)}")
        return " \u00b7 ".join(parts)

    # -- the sides ---------------------------------------------------------------------------
    def side_key(self, side: Side) -> tuple[Any, ...]:
        """Everything :meth:`side_panel` shows for ``side`` (the key of its kept pixels)."""
        sizes = list(self.view.get("hand_sizes") or [])
        counts = self.phase == "place" and not self.over
        totals = (self.session or {}).get("totals")
        return ("dracula side", side.index, tuple(side.seats), side.colour, side.way, side.score,
                self.turn if self.turn in side.seats else None, bool(self.winners) and set(side.seats) <= self.winners,
                tuple(self.seat_name(s) for s in side.seats), self.final_of(side),
                tuple(int(sizes[s]) if s < len(sizes) else 0 for s in side.seats) if counts else None,
                tuple(s == self.dealer and not self.over for s in side.seats),
                totals[side.seats[0]] if totals and side.seats else None)

    def side_panel(self, img: Image.Image, draw: Draw, box: Box, *, side: Side) -> None:
        x0, y0, x1, y1 = box
        to_move = self.turn is not None and self.turn in side.seats
        won = bool(self.winners) and set(side.seats) <= self.winners
        fill = mix(theme.PANEL, theme.ACCENT, 0.32) if to_move else theme.PANEL
        outline = theme.GOOD if won else theme.ACCENT if to_move else theme.PANEL_LIGHT
        layout.panel(draw, box, fill, outline, line=3 if (won or to_move) else 1, radius=theme.RADIUS + 2)
        draw.rounded_rectangle((x0 + 3, y0 + 10, x0 + 9, y1 - 10), radius=3, fill=side.colour)
        # the way: an icon and its name
        icon = 44
        ix, iy = x0 + 18, y0 + 12
        way_icon(draw, (ix, iy, ix + icon, iy + icon), side.way, side.colour)
        tx = ix + icon + 14
        score_w = self.score_width(side)
        right = x1 - 10 - score_w - 12  # where the seats' lines end
        if side.way is None:
            way_text = "way not chosen yet"
            ink = theme.MUTED
        else:
            way_text = f"{WAYS[side.way]} ({WAY_WORDS[side.way]})"
            ink = side.colour
        size = fit_size(way_text, right - tx, theme.TEXT_SIZE, min_size=theme.TEXT_SIZE - 3, bold=True)
        draw_text(draw, (tx, iy + 14), layout.ellipsize(way_text, size, right - tx, True), size, ink, anchor="lm",
                  bold=True)
        # the seats: who is to move, the name, the dealer, the cards in hand
        sizes = list(self.view.get("hand_sizes") or [])
        counts = self.phase == "place" and not self.over
        y = y0 + 12 + 34
        for seat in side.seats:
            mid = y + SIDE_ROW / 2
            x = tx
            if self.turn == seat:
                draw.polygon([(x - 22, mid - 9), (x - 8, mid), (x - 22, mid + 9)], fill=theme.HIGHLIGHT)
            count_w = 0.0
            if counts:
                n = int(sizes[seat]) if seat < len(sizes) else 0
                count_w = hand_count(draw, (right, mid), n, theme.TEXT if self.turn == seat else theme.MUTED)
            dealer = seat == self.dealer and not self.over
            chip_w = 34.0 if dealer else 0.0
            name_room = right - x - count_w - chip_w - 10
            name = self.seat_name(seat)
            name_size = fit_size(name, name_room, theme.TEXT_SIZE, min_size=theme.TEXT_SIZE - 3, bold=True)
            name = layout.ellipsize(name, name_size, name_room, True)
            x += layout.draw_rich(img, draw, (x, mid), name, name_size, theme.TEXT, bold=True) + 8
            if dealer:
                dealer_chip(draw, (x + 13, mid))
            y += SIDE_ROW
        self.score_box(img, draw, side, (x1 - score_w - 10, y0 + 10, x1 - 10, y1 - 10), won)

    def finals(self) -> list[int] | None:
        """Each seat's final score for this game (with the bonus), once it is over."""
        if not self.over:
            return None
        if self.session:
            games = self.session.get("games") or []
            return [int(x) for x in games[-1]] if games else None
        scores = self.outcome.get("scores")
        return [int(x) for x in scores] if scores else None

    def score_width(self, side: Side) -> float:
        text = str(self.final_of(side))
        return max(84.0, text_width(text, 44, True) + 24)

    def final_of(self, side: Side) -> int:
        finals = self.finals()
        if finals and side.seats and side.seats[0] < len(finals):
            return finals[side.seats[0]]
        return side.score

    def score_box(self, img: Image.Image, draw: Draw, side: Side, box: Box, won: bool) -> None:
        x0, y0, x1, y1 = box
        layout.panel(draw, box, theme.BACKGROUND, side.colour if not won else theme.GOOD, line=2, radius=10)
        mid = (x0 + x1) / 2
        final = self.final_of(side)
        bonus = final - side.score
        extra: str | None = None
        if bonus > 0:
            extra = f"{side.score} +{bonus}"
        elif self.session and self.session.get("totals"):
            extra = f"session {self.session['totals'][side.seats[0]]}"
        number_y = (y0 + y1) / 2 - (10 if extra else 0)
        draw_text(draw, (mid, number_y), str(final), 44 if len(str(final)) < 4 else 38, theme.TEXT, anchor="mm",
                  bold=True)
        if won:
            layout.star(draw, (x1 - 3, y0 + 3), 12, theme.HIGHLIGHT)
        if extra:
            size = fit_size(extra, x1 - x0 - 8, theme.SMALL_TEXT_SIZE, min_size=15)
            draw_text(draw, (mid, y1 - 14), extra, size, theme.GOOD if bonus > 0 else theme.MUTED, anchor="mm",
                      bold=bonus > 0)

    # -- the end ------------------------------------------------------------------------------
    def result_banner(self, img: Image.Image, draw: Draw, box: Box) -> None:
        x0, y0, x1, y1 = box
        winners = [s for s in self.sides if s.seats and set(s.seats) <= self.winners]
        colour = theme.GOOD if winners else theme.HIGHLIGHT
        layout.panel(draw, box, theme.PANEL, colour, line=3, radius=theme.RADIUS + 4)
        a, b = self.sides[0], self.sides[1] if len(self.sides) > 1 else self.sides[0]
        fa, fb = self.final_of(a), self.final_of(b)
        if self.session:
            title = "SESSION OVER"
            totals = [int(t) for t in self.session.get("totals") or []]
            if winners:
                w = winners[0]
                lo = b if w is a else a
                big = f"{w.name} {self.verb(w, 'wins', 'win')} the session, " \
                      f"{totals[w.seats[0]]} to {totals[lo.seats[0]]}"
            else:
                big = "The session is drawn"
            small = layout.named(self.view, str(self.outcome.get("detail") or ""))
        else:
            title = "GAME OVER"
            if winners:
                w = winners[0]
                lo = b if w is a else a
                big = f"{w.name} {self.verb(w, 'wins', 'win')}, {self.final_of(w)} to {self.final_of(lo)}"
                bonus = self.final_of(w) - w.score
                if a.score != b.score:
                    small = f"Totals {w.score} to {lo.score}: the difference, {bonus}, is a bonus."
                else:
                    small = (f"Totals tied at {w.score}: a bonus of {bonus} for the highest line scored "
                             f"goes to {w.name}.")
            else:
                big = f"Drawn at {fa} each" if fa == fb else "Drawn"
                best = list(self.view.get("best_lines") or [0])
                small = f"Totals and best lines scored ({best[0]}) are equal."
        mid = (x0 + x1) / 2
        draw_text(draw, (mid, y0 + 20), title, LABEL, theme.MUTED, anchor="mm", bold=True)
        inner = x1 - x0 - 2 * PAD
        size = fit_size(big, inner, theme.TITLE_SIZE + 4, min_size=theme.TEXT_SIZE, bold=True)
        big = layout.ellipsize(big, size, inner, True)
        draw_text(draw, (mid, y0 + 54), big, size, colour, anchor="mm", bold=True)
        size = fit_size(small, inner, theme.TEXT_SIZE - 1, min_size=theme.SMALL_TEXT_SIZE)
        small = layout.ellipsize(small, size, inner)
        draw_text(draw, (mid, y1 - 20), small, size, theme.TEXT, anchor="mm")

    def verb(self, side: Side, one: str, two: str) -> str:
        return one if len(side.seats) == 1 else two

    # -- the right column: last coffin and log ------------------------------------------------
    def right_column(self, img: Image.Image, draw: Draw, box: Box) -> None:
        x0, y0, x1, y1 = box
        y = y0
        if self.last:
            h = self.last_height()
            # The same from one coffin scored to the next.
            key = ("dracula last", frozen(self.last), tuple((s.colour, s.name, s.way) for s in self.sides),
                   frozen(self.side_of))
            region(img, (x0, y, x1, y + h), key, self.last_panel, theme.FELT)
            y += h + 12
        log = [layout.named(self.view, str(line)) for line in (self.view.get("log") or [])]
        layout.log_panel(img, draw, (x0, y, x1, y1), log, title="Recent", empty="No moves yet")

    def last_height(self) -> int:
        return 12 + 28 + 3 * card_height(MINI) + 2 * MINI_GAP + 12

    def last_panel(self, img: Image.Image, draw: Draw, box: Box) -> None:
        last = self.last or {}
        x0, y0, x1, _ = box
        layout.panel(draw, box, theme.PANEL)
        label = str(last.get("label") or "")
        title = "LAST COFFIN" + (f" \u00b7 {label.upper()}" if label else "")
        draw_text(draw, (x0 + 12, y0 + 12 + 10), title, LABEL, theme.MUTED, anchor="lm", bold=True)
        top = y0 + 12 + 28
        grid = last.get("coffin") or []
        mh = card_height(MINI)
        for r, row in enumerate(grid[:3]):
            for c, tok in enumerate(row[:3]):
                x, y = x0 + 12 + c * (MINI + MINI_GAP), top + r * (mh + MINI_GAP)
                if tok is None:
                    card_rows.empty_slot(draw, (x, y, x + MINI, y + mh))
                else:
                    card_rows.paste_card(img, str(tok), (x, y), card_width=MINI, variant="dracula", shadow=False)
        rx = x0 + 12 + 3 * MINI + 2 * MINI_GAP + 14
        rung = int(last.get("rung") or 0)
        y = top
        for entry in last.get("sides") or []:
            seats = [int(s) for s in entry.get("seats") or []]
            side = self.sides[self.side_of.get(seats[0], 0)] if seats else self.sides[0]
            self.last_side(img, draw, (rx, y, x1 - 12, y + 62), side, entry, rung)
            y += 66
        text = RUNG_TEXT[rung] if 0 <= rung < len(RUNG_TEXT) else ""
        size = theme.SMALL_TEXT_SIZE + 1
        for k, line in enumerate(layout.wrap(text, size, x1 - 12 - rx)[:2]):
            draw_text(draw, (rx, y + 12 + k * layout.line_height(size)), line, size, theme.MUTED, anchor="lm")

    def last_side(self, img: Image.Image, draw: Draw, box: Box, side: Side, entry: Mapping[str, Any],
                  rung: int) -> None:
        x0, y0, x1, _ = box
        scored = int(entry.get("scored") or 0)
        direction = str(entry.get("direction") or side.way or "rows")
        size = theme.TEXT_SIZE - 2
        mid = y0 + 13
        draw.ellipse((x0, mid - 7, x0 + 14, mid + 7), fill=side.colour)
        name = layout.ellipsize(side.name, size, x1 - x0 - 22 - 30, True)
        nx = x0 + 22 + layout.draw_rich(img, draw, (x0 + 22, mid), name, size, theme.TEXT, bold=True)
        double_arrow(draw, (nx + 8 + 9, mid), 18, direction == "cols", side.colour, 3)
        # its three lines, best first, the one that scored boxed in the side's colour; then the points
        values = [int(v) for v in entry.get("lines") or []]
        bw, gap = 46.0, 5.0
        by = y0 + 30
        for k, v in enumerate(values[:3]):
            bx = x0 + k * (bw + gap)
            b = (bx, by, bx + bw, by + 28)
            if k == rung:
                layout.panel(draw, b, side.colour, radius=8)
                draw_text(draw, ((b[0] + b[2]) / 2, by + 14), str(v), size, theme.PANEL, anchor="mm", bold=True)
            else:
                layout.panel(draw, b, None, theme.PANEL_LIGHT, line=2, radius=8)
                draw_text(draw, ((b[0] + b[2]) / 2, by + 14), str(v), size, theme.MUTED, anchor="mm")
        draw_text(draw, (x1, by + 14), f"+{scored}", theme.TEXT_SIZE, theme.GOOD if scored else theme.MUTED,
                  anchor="rm", bold=True)


# --- entry points ----------------------------------------------------------------------------

def table(view: Mapping[str, Any]) -> Image.Image:
    """The Dracula table for ``view`` (any seat's, or a spectator's)."""
    return Table(view).draw()


def copy(table: Mapping[str, Any], hand: Mapping[str, Any]) -> Image.Image:
    """A player's copy for Discord's inline box: see :mod:`renderers.games.dracula_copy`."""
    from renderers.games.dracula_copy import copy as draw_copy  # it builds on Table: imported late

    return draw_copy(table, hand)


HAND_CARD = theme.CARD_WIDTH_LARGE
HAND_GAP = 16
SPREAD_MOST = 6  # hands up to this size are laid side by side, with hints; larger ones are fanned
HINT_H = 36


def hand(view: Mapping[str, Any]) -> Image.Image:
    """The viewer's hand. A two-player hand (four cards at most) lies side by side, the cards the
    viewer may place raised and glowing, each with what it is worth in the viewer's way (a Queen
    counts 10 in rows and 0 in columns, a King the other way round; a Vampire drains its lines).
    A four-player hand (13 or 14 cards) is the generic fanned hand.

    The legal actions' labels name a cell ("7♥ → middle left"), one per cell; the generic hand
    would write the first cell under each card as if it were the card's only result, so the
    labels are left out (the table shows where a card may go)."""
    cards = generic_hand.hand_cards(view)
    legal_actions = [{"token": str(a.get("token", "")), "label": ""} for a in view.get("legal") or []]
    plain = {**view, "legal": legal_actions}
    if not cards or len(cards) > SPREAD_MOST:
        return generic_hand.hand(plain)
    viewer = view.get("viewer")
    seat = int(viewer) if isinstance(viewer, int) else 0
    my_turn = seat in (view.get("to_move") or []) and not view.get("over")
    legal, _ = generic_hand.playable(plain) if my_turn else (set(), {})
    directions = list(view.get("directions") or [])
    way = directions[seat] if seat < len(directions) else None
    sides = view.get("sides") or []
    side = next((i for i, members in enumerate(sides) if seat in members), seat % 2)
    colour = layout.seat_colour(side)

    pad = theme.PADDING
    row_w = len(cards) * HAND_CARD + (len(cards) - 1) * HAND_GAP
    width = int(max(generic_hand.MIN_WIDTH, row_w + 2 * (pad + 30)))
    names = layout.names(view)
    title = f"{names[seat]}'s hand" if seat < len(names) else "Your hand"
    status = layout.named(view, str(view.get("status", "")))
    status_h = layout.status_height(status, width - 2 * pad)
    hints = way is not None
    body = layout.LIFT + card_height(HAND_CARD) + (10 + HINT_H if hints else 0) + 16
    height = layout.HEADER_HEIGHT + 10 + status_h + 10 + body + 20 + pad
    img, draw = layout.canvas(width, height)
    count = f"{len(cards)} card{'s' if len(cards) != 1 else ''}"
    subtitle = f"{view.get('title') or 'Dracula'} · {count}"
    if way is not None:
        subtitle = f"{WAYS[way]} · {count}"
    y = layout.header(img, draw, title, subtitle) + 10
    layout.status_line(img, draw, (pad, y, width - pad, y + status_h), status,
                       colour=theme.ACCENT if my_turn else theme.PANEL_LIGHT)
    y += status_h + 10
    layout.panel(draw, (pad, y, width - pad, y + body + 20), theme.FELT, theme.FELT_LIGHT, line=2,
                 radius=theme.RADIUS + 6)
    top = y + 16
    left = (width - row_w) / 2
    xs = [i * (HAND_CARD + HAND_GAP) for i in range(len(cards))]
    dim = set(cards) - legal if my_turn else set()
    boxes = card_rows.draw_cards(img, cards, xs, top + layout.LIFT, card_width=HAND_CARD, variant="dracula",
                              highlight=legal, raised=legal, dim=dim, x0=left)
    if hints and way is not None:
        hint_y = top + layout.LIFT + card_height(HAND_CARD) + 10
        for tok, box in zip(cards, boxes, strict=True):
            worth_tag(img, draw, (box[0], hint_y, box[2], hint_y + HINT_H), tok, way, colour)
    return img


def worth_tag(img: Image.Image, draw: Draw, box: Box, tok: str, way: str, colour: RGB) -> None:
    """Under a hand card: its points in the viewer's way, after that way's arrow; a bat and
    "drains" for a Vampire."""
    x0, y0, x1, y1 = box
    mid_y = (y0 + y1) / 2
    size = theme.TEXT_SIZE - 1
    if tok in ("X1", "X2"):
        layout.panel(draw, box, mix(theme.PANEL, theme.BAD, 0.25), theme.BAD, line=2, radius=10)
        tw = text_width("drains", size, True)
        bx = (x0 + x1) / 2 - (30 + 6 + tw) / 2
        emblem(img, "bat", (bx, mid_y - 8, bx + 30, mid_y + 8), BLOOD)
        draw_text(draw, (bx + 36, mid_y), "drains", size, BLOOD, anchor="lm", bold=True)
        return
    direction: Direction = "rows" if way == "rows" else "cols"
    pts = card_points(tok, direction)
    layout.panel(draw, box, theme.PANEL, colour, line=2, radius=10)
    text = f"{pts} pt{'s' if pts != 1 else ''}"
    tw = text_width(text, size, True)
    total = 24 + 8 + tw
    ax = (x0 + x1) / 2 - total / 2
    double_arrow(draw, (ax + 12, mid_y), 24, way == "cols", colour, 3, head=8)
    draw_text(draw, (ax + 32, mid_y), text, size, theme.TEXT, anchor="lm", bold=True)
