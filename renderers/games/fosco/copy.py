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

from PIL import Image

from games.fosco.view import FoscoView
from renderers.games.fosco import parts
from renderers.kit import card_rows, layout, shown, theme
from renderers.kit import hand as kit_hand
from renderers.kit.fonts import draw_text, text_width
from renderers.kit.layout import Box, Draw
from renderers.kit.regions import region

W, H = shown.COPY_SIZE
CARD, CH, SMALL, TEXT = parts.CARD, parts.CH, parts.SMALL, parts.TEXT
M = 6  # outer margin and the gap between parts
RIGHT_W = 256  # the plates and score column
PLATE_H = parts.PLATE_H
HAND_PAD = 6
MIN_STEP = parts.MIN_STEP
MAX_STEP = CARD * 0.62
BACK_STRIP = 40  # what shows of a card in the back row: its rank and suit
TAG_H = SMALL + 7
TAG_GAP = 4
TAGGED = 1.45  # a tagged card shows this much more of itself (room for its tag)


def copy(table: FoscoView, hand: FoscoView) -> Image.Image:
    """The copy for the member whose seat view is ``hand`` (``table``: the spectators' view)."""
    return Copy(table, hand).draw()


class Copy:
    """The two views, read once, and the drawing of each part."""

    def __init__(self, table: FoscoView, hand: FoscoView) -> None:
        self.table, self.hand = table, hand
        self.board = parts.Board.of(table)
        self.players = self.board.players
        self.viewer = hand["viewer"]
        self.over = self.board.over
        self.to_move = self.board.to_move
        self.cards = kit_hand.hand_cards(hand)
        self.my_turn = self.viewer is not None and self.viewer in self.to_move
        self.legal, self.results = kit_hand.playable(hand) if self.my_turn else (set(), {})
        self.placed: dict[str, Box] = {}  # where each of the member's cards went (for tests)

    # -- the whole copy ------------------------------------------------------------------------
    def draw(self) -> Image.Image:
        img, draw = layout.canvas(W, H)
        status = layout.named(self.table, self.table["status"])
        size, lines = parts.status_fit(status, W - 2 * M)
        status_h = 32 if len(lines) == 1 else 52
        colour = theme.GOOD if self.over else theme.ACCENT if self.my_turn else theme.PANEL_LIGHT
        layout.status_line(img, draw, (M, M, W - M, M + status_h), status, colour=colour, size=size, max_lines=2)
        rows = self.hand_rows()
        hand_h = self.rows_height(rows) + 2 * HAND_PAD
        top, hand_top = M + status_h + M, H - M - hand_h
        felt_x1 = W - M - RIGHT_W - M
        parts.count_band(img, draw, (M, top, felt_x1, hand_top - M), self.board, region)
        self.column(img, draw, (felt_x1 + M, top, W - M, hand_top - M))
        self.draw_hand(img, draw, rows, (M, hand_top, W - M, H - M))
        return img

    # -- the other seats and the scores ------------------------------------------------------------
    def column(self, img: Image.Image, draw: Draw, box: Box) -> None:
        x0, y0, x1, y1 = box
        me = self.viewer if self.viewer is not None else -1
        others = [(me + i) % self.players for i in range(1, self.players + 1) if (me + i) % self.players != me]
        hands, suits = self.table["hands"], self.table["current_suits"]
        y = y0
        for seat in others:
            parts.plate(img, draw, (x0, y, x1, y + PLATE_H), self.board, seat, len(hands[seat]), suits[seat])
            y += PLATE_H + 3
        mine = self.board.side_of.get(self.viewer, -1) if self.viewer is not None else -1
        labels = [("Us" if self.players > 2 else "You") if side == mine else "Them"
                  for side in range(len(self.board.sides))]
        parts.scores(img, draw, (x0, y + 1, x1, y1), self.board, labels)

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


def fits(cards: Sequence[str], xs: Sequence[float], results: Mapping[str, str]) -> bool:
    """Whether every card of a row shows its index, and every tagged card room for its number."""
    for i in range(len(cards) - 1):
        step = xs[i + 1] - xs[i]
        if step < MIN_STEP - 0.5 or (cards[i] in results and step < tag_width(results[cards[i]], arrow=False)):
            return False
    return True


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
