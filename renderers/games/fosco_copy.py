"""A Fosco player's copy: their hand and what of the table they need, in Discord's inline box
(:data:`renderers.kit.shown.COPY_SIZE`).

From the top: the status line; then the count on the felt (its total in a ring with "of 21" and
the King rule, the cards of this count with who played each) beside a column holding the other
seats' plates (name, the suit they play from, cards held) and a compact score table (cards
captured per suit, the deal's points, the game's totals); under them the member's hand. When it
is their turn the legal cards are raised, glow and carry their "→ N" result tags, and the rest are
dimmed, as in the hand picture. A hand too long for one row (a two-player deal starts at 26)
splits in two: the suit played now (and the Jokers) in front, the later suits behind it, showing
only their indices.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from PIL import Image

from renderers.games import fosco
from renderers.kit import card_rows, layout, shown, theme
from renderers.kit import hand as kit_hand
from renderers.kit.fonts import draw_text, fit_size, text_width
from renderers.kit.layout import Box, Draw
from renderers.kit.regions import region
from renderers.kit.theme import RGB, card_height, mix

W, H = shown.COPY_SIZE
CARD = shown.COPY_CARD_WIDTH
CH = card_height(CARD)
SMALL = shown.COPY_TEXT_MIN  # 17: labels, tags, score figures
TEXT = theme.SMALL_TEXT_SIZE  # 19: names
M = 6  # outer margin and the gap between parts
RIGHT_W = 256  # the plates and score column
PLATE_H = 27
HAND_PAD = 6
MIN_STEP = CARD * layout.INDEX_SHOWN  # a card shows at least its index
MAX_STEP = CARD * 0.62
BACK_STRIP = 40  # what shows of a card in the back row: its rank and suit
TAG_H = SMALL + 7
TAG_GAP = 4
SEAT_TAG_H = 21
TAGGED = 1.45  # a tagged card shows this much more of itself (room for its tag)
MEDALLION = 92
BACK_FIELD, _, BACK_TRIM = theme.BACK_STYLES["standard"]


def copy(table: Mapping[str, Any], hand: Mapping[str, Any]) -> Image.Image:
    """The copy for the member whose seat view is ``hand`` (``table``: the spectators' view)."""
    return Copy(table, hand).draw()


class Copy:
    """The two views, read once, and the drawing of each part."""

    def __init__(self, table: Mapping[str, Any], hand: Mapping[str, Any]) -> None:
        self.table, self.hand = table, hand
        self.players = int(table.get("players") or 2)
        self.names = layout.names(table)
        self.viewer: int | None = hand.get("viewer")
        self.over = bool(table.get("over"))
        self.sides: list[list[int]] = [list(s) for s in (table.get("sides") or [[s] for s in range(self.players)])]
        self.side_of = {seat: i for i, side in enumerate(self.sides) for seat in side}
        self.to_move = set(table.get("to_move") or []) if not self.over else set()
        self.winners = {int(s) for s in ((table.get("outcome") or {}).get("winners") or [])} if self.over else set()
        self.cards = kit_hand.hand_cards(hand)
        self.my_turn = self.viewer is not None and self.viewer in self.to_move
        self.legal, self.results = kit_hand.playable(hand) if self.my_turn else (set(), {})
        self.placed: dict[str, Box] = {}  # where each of the member's cards went (for tests)

    # -- the whole copy ------------------------------------------------------------------------
    def draw(self) -> Image.Image:
        img, draw = layout.canvas(W, H)
        status = layout.named(self.table, str(self.table.get("status", "")))
        size, lines = status_fit(status, W - 2 * M)
        status_h = 32 if len(lines) == 1 else 52
        colour = theme.GOOD if self.over else theme.ACCENT if self.my_turn else theme.PANEL_LIGHT
        layout.status_line(img, draw, (M, M, W - M, M + status_h), status, colour=colour, size=size, max_lines=2)
        rows = self.hand_rows()
        hand_h = self.rows_height(rows) + 2 * HAND_PAD
        top, hand_top = M + status_h + M, H - M - hand_h
        felt_x1 = W - M - RIGHT_W - M
        self.count_band(img, draw, (M, top, felt_x1, hand_top - M))
        self.column(img, draw, (felt_x1 + M, top, W - M, hand_top - M))
        self.draw_hand(img, draw, rows, (M, hand_top, W - M, H - M))
        return img

    # -- the count -----------------------------------------------------------------------------
    def count_band(self, img: Image.Image, draw: Draw, box: Box) -> None:
        x0, y0, x1, y1 = box
        layout.panel(draw, box, theme.FELT, theme.FELT_LIGHT, line=2, radius=theme.RADIUS + 4)
        if self.over:
            detail = layout.named(self.table, str((self.table.get("outcome") or {}).get("detail") or "Game over"))
            over_banner(draw, (x0 + 12, y0 + 12, x1 - 12, y1 - 12), detail,
                        theme.GOOD if self.winners else theme.HIGHLIGHT)
            return
        count = float(self.table.get("count") or 0)
        limit = int(self.table.get("limit") or 21)
        king = fosco.KING_SHORT.get(str(self.table.get("king")), "K")
        d = min(MEDALLION, round(y1 - y0 - 30))
        spill = max(0, round((text_width(king, SMALL, True) + SMALL * 0.9 - d) / 2) + 2)  # a long King pill
        my = round((y0 + y1) / 2 - (d + 14) / 2)
        mbox = (x0 + 8, my, x0 + 8 + d + 2 * spill, my + d + 16)
        region(img, mbox, ("fosco copy medallion", count, limit, king, d),
               partial(medallion, count=count, limit=limit, king=king, d=d), theme.FELT)
        self.pile(img, draw, (mbox[2] + 2, y0 + 6, x1 - 8, y1 - 6))

    def pile(self, img: Image.Image, draw: Draw, box: Box) -> None:
        x0, y0, x1, y1 = box
        top = round((y0 + y1) / 2 - (CH + 3 + SEAT_TAG_H) / 2)
        plays = [(int(p["seat"]), str(p["card"])) for p in (self.table.get("pile") or [])]
        if not plays:
            card_rows.empty_slot(draw, (x0, top, x0 + CARD, top + CH), "new")
            draw_text(draw, (x0 + CARD + 12, top + CH / 2), "A new count", SMALL, theme.MUTED, anchor="lm")
            return
        most = int((x1 - x0 - CARD) // MIN_STEP) + 1  # the cards that fit showing their index
        hidden, plays = max(0, len(plays) - most), plays[-most:]
        if hidden:  # the count's first cards, which the ring's total already holds
            plays = plays[1:]
            box_ = (x0, top, x0 + 30, top + CH)
            layout.panel(draw, box_, layout.rgba_of(theme.FELT_DARK, 200), theme.FELT_LIGHT, line=2, radius=6)
            draw_text(draw, (x0 + 15, top + CH / 2), f"+{hidden + 1}", SMALL, theme.MUTED, anchor="mm", bold=True)
            x0 += 36
        cards = [c for _, c in plays]
        xs = card_rows.fan_positions([len(cards)], CARD, x1 - x0, max_step=CARD * 0.66)
        boxes = card_rows.draw_cards(img, cards, xs, top, card_width=CARD, x0=x0)
        for i, ((seat, _), b) in enumerate(zip(plays, boxes, strict=True)):  # who played each card
            right = boxes[i + 1][0] - 2 if i + 1 < len(boxes) else b[2]
            self.seat_tag(draw, seat, (b[0], b[3] + 3, right, b[3] + 3 + SEAT_TAG_H))

    def seat_tag(self, draw: Draw, seat: int, box: Box) -> None:
        """A seat's name, or its initial where the name does not fit, on its side's colour."""
        x0, y0, x1, y1 = box
        name = self.names[seat] if seat < len(self.names) else "?"
        if text_width(name, SMALL, True) > x1 - x0 - 6:
            firsts = [n[:1].upper() for n in self.names[: self.players]]
            name = firsts[seat] if firsts.count(firsts[seat]) == 1 else str(seat + 1)
        layout.panel(draw, box, layout.seat_colour(self.side_of.get(seat, seat)), radius=6)
        draw_text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), layout.ellipsize(name, SMALL, x1 - x0 - 2, True), SMALL,
                  theme.PANEL, anchor="mm", bold=True)

    # -- the other seats and the scores ------------------------------------------------------------
    def column(self, img: Image.Image, draw: Draw, box: Box) -> None:
        x0, y0, x1, y1 = box
        me = self.viewer if self.viewer is not None else -1
        others = [(me + i) % self.players for i in range(1, self.players + 1) if (me + i) % self.players != me]
        hands = self.table.get("hands") or [[] for _ in range(self.players)]
        suits = self.table.get("current_suits") or [None] * self.players
        y = y0
        for seat in others:
            held = len(hands[seat]) if seat < len(hands) else 0
            self.plate(img, draw, (x0, y, x1, y + PLATE_H), seat, held, suits[seat] if seat < len(suits) else None)
            y += PLATE_H + 3
        self.scores(img, draw, (x0, y + 1, x1, y1))

    def plate(self, img: Image.Image, draw: Draw, box: Box, seat: int, held: int, suit: str | None) -> None:
        """A compact badge: whose turn, the side's colour, the name, the suit to follow, cards held."""
        x0, y0, x1, y1 = box
        h, mid = y1 - y0, (y0 + y1) / 2
        to_move, won = seat in self.to_move, seat in self.winners
        fill = mix(theme.PANEL, theme.ACCENT, 0.55) if to_move else theme.PANEL
        outline = theme.GOOD if won else theme.ACCENT if to_move else theme.PANEL_LIGHT
        layout.panel(draw, box, fill, outline, line=2 if (won or to_move) else 1, radius=round(h / 2))
        x = x0 + 10
        if to_move:
            draw.polygon([(x, mid - 7), (x + 11, mid), (x, mid + 7)], fill=theme.HIGHLIGHT)
            x += 16
        colour = layout.seat_colour(self.side_of.get(seat, seat))
        draw.ellipse((x, mid - 6, x + 12, mid + 6), fill=colour)
        x += 18
        right = x1 - 10
        if held:  # cards held: a small card back and the number
            draw_text(draw, (right, mid), str(held), TEXT, theme.TEXT, anchor="rm", bold=True)
            right -= text_width(str(held), TEXT, True) + 4
            layout.panel(draw, (right - 14, mid - 10, right, mid + 10), BACK_FIELD, BACK_TRIM, line=1, radius=3)
            right -= 20
            chip = h - 10
            layout.suit_chip(img, draw, (right - chip, mid - chip / 2, right, mid + chip / 2), suit)
            right -= chip + 8
        elif won:
            layout.star(draw, (right - 9, mid), 10, theme.HIGHLIGHT)
            right -= 24
        name = self.names[seat] if seat < len(self.names) else "?"
        size = fit_size(name, right - x, TEXT, min_size=SMALL, bold=True)
        draw_text(draw, (x, mid), layout.ellipsize(name, size, right - x, True), size, theme.TEXT, anchor="lm",
                  bold=True)

    def scores(self, img: Image.Image, draw: Draw, box: Box) -> None:
        """Cards captured per suit (green where they score), the deal's points, the game's total."""
        x0, y0, x1, y1 = box
        layout.panel(draw, box, theme.PANEL)
        target, deal = int(self.table.get("target") or 31), int(self.table.get("deal") or 1)
        deals = int(self.table.get("deals") or 0)
        cols = score_columns(x0 + 8, x1 - 8)
        lead = (y1 - y0 - 8) / (1 + len(self.sides))
        mid = y0 + 4 + lead / 2
        a, b = cols["name"]
        label = f"{deal} of {deals}" if deals else f"to {target}"
        draw_text(draw, (a, mid), layout.ellipsize(label, SMALL, b - a), SMALL, theme.MUTED, anchor="lm")
        for s in fosco.SUITS:
            c = sum(cols[s]) / 2
            layout.suit_chip(img, draw, (c - 9, mid - 9, c + 9, mid + 9), s)
        draw_text(draw, (cols["game"][0] + 4, mid), "game", SMALL, theme.MUTED, anchor="lm")
        captured = self.table.get("captured") or [{}] * len(self.sides)
        points = self.table.get("deal_points") or [0] * len(self.sides)
        totals = self.table.get("totals") or [0] * len(self.sides)
        mine = self.side_of.get(self.viewer, -1) if self.viewer is not None else -1
        for side in range(len(self.sides)):
            mid += lead
            if self.winners and set(self.sides[side]) <= self.winners:
                layout.panel(draw, (x0 + 3, mid - lead / 2 + 1, x1 - 3, mid + lead / 2 - 1),
                             layout.rgba_of(theme.GOOD, 55), theme.GOOD, line=2, radius=8)
            draw.ellipse((a, mid - 6, a + 12, mid + 6), fill=layout.seat_colour(side))
            who = ("Us" if self.players > 2 else "You") if side == mine else "Them"
            draw_text(draw, (a + 17, mid), who, SMALL, theme.TEXT, anchor="lm", bold=True)
            for s in fosco.SUITS:
                n = int(captured[side].get(s, 0)) if side < len(captured) else 0
                ink = theme.GOOD if n > fosco.FREE else theme.TEXT if n else theme.MUTED
                draw_text(draw, (sum(cols[s]) / 2, mid), str(n), SMALL, ink, anchor="mm", bold=bool(n))
            # The game's total, then (like the table) the deal's points not yet banked.
            total = str(int(totals[side]) if side < len(totals) else 0)
            gx = cols["game"][0] + 4
            draw_text(draw, (gx, mid), total, TEXT, theme.TEXT, anchor="lm", bold=True)
            pending = 0 if self.over or side >= len(points) else int(points[side])
            if pending:
                draw_text(draw, (gx + text_width(total, TEXT, True) + 4, mid), f"+{pending}", SMALL, theme.GOOD,
                          anchor="lm", bold=True)

    # -- the member's hand -----------------------------------------------------------------------
    def hand_rows(self) -> list[tuple[list[str], list[float]]]:
        """The hand's rows, back to front, each with its cards' left edges: one row where every
        card shows its index (and each tagged card its tag), else two."""
        if not self.cards:
            return []
        room = W - 2 * M - 2 * HAND_PAD - 8
        one = self.positions(self.cards, room)
        if fits(self.cards, one, self.results):
            return [(self.cards, one)]
        first = self.cards[0]
        lead = first[-1] if not first.startswith("X") else "X"
        front = [c for c in self.cards if c.endswith(lead) or c.startswith("X") or c in self.legal]
        back = [c for c in self.cards if c not in front]
        while back and not fits(back, self.positions(back, room), {}):  # the back row too long: bring a suit forward
            group = layout.suit_group()(back[0])
            front += [c for c in back if layout.suit_group()(c) == group]
            back = [c for c in back if layout.suit_group()(c) != group]
        front = [c for c in self.cards if c in front]
        rows = [(back, self.positions(back, room))] if back else []
        return [*rows, (front, self.positions(front, room))]

    def positions(self, cards: Sequence[str], room: float) -> list[float]:
        groups = layout.groups_of(cards, layout.suit_group())
        weights = [TAGGED if c in self.results else 1.0 for c in cards]
        return card_rows.fan_positions(groups, CARD, room, max_step=MAX_STEP, group_gap=10, weights=weights)

    def rows_height(self, rows: Sequence[tuple[list[str], list[float]]]) -> int:
        if not rows:
            return 44
        tags = TAG_GAP + TAG_H if self.results else 0
        return (BACK_STRIP if len(rows) > 1 else 0) + layout.LIFT + CH + tags

    def draw_hand(self, img: Image.Image, draw: Draw, rows: Sequence[tuple[list[str], list[float]]],
                  box: Box) -> None:
        x0, y0, x1, y1 = box
        layout.panel(draw, box, theme.FELT, theme.FELT_LIGHT, line=2, radius=theme.RADIUS + 4)
        if not rows:
            notice = "Hand played out" if self.viewer is not None else "Spectators hold no cards"
            draw_text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), notice, TEXT, theme.MUTED, anchor="mm")
            return
        y = y0 + HAND_PAD + layout.LIFT
        if len(rows) > 1:
            y -= layout.LIFT  # the back row is never raised: the front row's raised cards reach its strip
        for i, (row, xs) in enumerate(rows):
            left = (x0 + x1) / 2 - card_rows.row_width(xs, CARD) / 2
            dim = set(row) - self.legal if self.my_turn else set()
            boxes = card_rows.draw_cards(img, row, xs, y, card_width=CARD, highlight=self.legal,
                                         raised=self.legal, dim=dim, x0=left)
            for j, (tok, b) in enumerate(zip(row, boxes, strict=True)):
                self.placed[tok] = b
                if tok in self.results:
                    right = boxes[j + 1][0] if j + 1 < len(boxes) else b[2]
                    result_tag(draw, (b[0] + 1, b[3] + TAG_GAP, right - 2), self.results[tok])
            y += BACK_STRIP + layout.LIFT if i == 0 and len(rows) > 1 else 0


def over_banner(draw: Draw, box: Box, detail: str, colour: RGB) -> None:
    """The table's result panel, its detail broken at its comma ("Ann wins," / "32 to 0")."""
    x0, y0, x1, y1 = box
    layout.panel(draw, box, theme.PANEL, colour, line=3, radius=theme.RADIUS + 4)
    room = x1 - x0 - 2 * theme.PADDING
    size = fit_size(detail, room, theme.TEXT_SIZE + 2, min_size=TEXT, bold=True)
    lines = [detail]
    if text_width(detail, size, True) > room:
        head, comma, tail = detail.rpartition(", ")
        lines = [head + comma.strip(), tail] if comma else layout.wrap(detail, size, room, bold=True)
        size = min(fit_size(line, room, theme.TEXT_SIZE + 2, min_size=SMALL, bold=True) for line in lines)
    lead = layout.line_height(size)
    y = (y0 + y1) / 2 - (26 + lead * len(lines)) / 2
    draw_text(draw, ((x0 + x1) / 2, y + 9), "GAME OVER", TEXT, theme.MUTED, anchor="mm", bold=True)
    y += 26
    for line in lines[:3]:
        draw_text(draw, ((x0 + x1) / 2, y + lead / 2), layout.ellipsize(line, size, room, True), size, colour,
                  anchor="mm", bold=True)
        y += lead


def status_fit(text: str, width: float) -> tuple[int, list[str]]:
    """The status's size and lines: one line at the kit's small size or a little less, else two."""
    for size in (20, 19, 18, SMALL):
        lines = layout.status_lines(text, width, size, max_lines=3)
        if len(lines) == 1:
            return size, lines
    return SMALL, layout.status_lines(text, width, SMALL, max_lines=2)


def fits(cards: Sequence[str], xs: Sequence[float], results: Mapping[str, str]) -> bool:
    """Whether every card of a row shows its index, and every tagged card room for its number."""
    for i in range(len(cards) - 1):
        step = xs[i + 1] - xs[i]
        if step < MIN_STEP - 0.5 or (cards[i] in results and step < tag_width(results[cards[i]], arrow=False)):
            return False
    return True


def score_columns(x0: float, x1: float) -> dict[str, tuple[float, float]]:
    """The score table's columns: a side's label, the four suits and the game."""
    widths = {"name": 0.0, **{s: 26.0 for s in fosco.SUITS}, "game": 70.0}
    widths["name"] = (x1 - x0) - sum(widths.values())
    cols: dict[str, tuple[float, float]] = {}
    for key, w in widths.items():
        cols[key] = (x0, x0 + w)
        x0 += w
    return cols


def tag_width(text: str, arrow: bool = True) -> float:
    return text_width(text, SMALL, True) + (21 if arrow else 10)


def result_tag(draw: Draw, where: tuple[float, float, float], text: str) -> None:
    """The hand picture's "→ 14" tag, smaller; only the number where the card shows too little."""
    x0, y0, x1 = where
    arrow = tag_width(text) <= x1 - x0
    w = min(x1 - x0, tag_width(text, arrow)) if arrow else max(x1 - x0, tag_width(text, False))
    layout.panel(draw, (x0, y0, x0 + w, y0 + TAG_H), theme.HIGHLIGHT, radius=6)
    mid = y0 + TAG_H / 2
    x = x0 + 4
    if arrow:  # drawn: the font has no arrow
        draw.line([(x, mid), (x + 8, mid)], fill=theme.PANEL, width=3)
        draw.polygon([(x + 6, mid - 4), (x + 11, mid), (x + 6, mid + 4)], fill=theme.PANEL)
        draw_text(draw, (x + 14, mid), text, SMALL, theme.PANEL, anchor="lm", bold=True)
    else:
        draw_text(draw, (x0 + w / 2, mid), text, SMALL, theme.PANEL, anchor="mm", bold=True)


def medallion(img: Image.Image, draw: Draw, box: Box, *, count: float, limit: int, king: str, d: int) -> None:
    """The count's total in a ring (red when near ``limit``), "of 21", and the King rule's pill
    across the ring's foot."""
    x, y = (box[0] + box[2]) / 2 - d / 2, box[1]
    ring: RGB = theme.BAD if count >= limit - 3 else theme.HIGHLIGHT
    draw.ellipse((x + 2, y + 4, x + d + 2, y + d + 4), fill=(0, 0, 0, 90))
    draw.ellipse((x, y, x + d, y + d), fill=theme.PANEL, outline=ring, width=5)
    draw.ellipse((x + 9, y + 9, x + d - 9, y + d - 9), outline=mix(theme.PANEL, ring, 0.35), width=2)
    cx = x + d / 2
    # 46 px at least: a half is drawn at 0.36 of the size, no smaller than the copy's texts.
    layout.draw_number(draw, (cx, y + d * 0.40), count, 48 if count < 10 else 46, theme.TEXT)
    draw_text(draw, (cx, y + d * 0.70), f"of {limit}", SMALL, theme.MUTED, anchor="mm")
    layout.pill(draw, (cx, y + d + 2), king, size=SMALL, fill=theme.PANEL, ink=theme.HIGHLIGHT,
                outline=theme.PANEL_LIGHT)
