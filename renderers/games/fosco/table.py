"""The Fosco table, the copy's sibling (:mod:`renderers.games.fosco.copy`), drawn at the copy's
size (:data:`renderers.kit.shown.COPY_SIZE`) for Discord's inline box.

From the top: a line naming the game, the deal, the target and the rules; the status line; the
other side's hands; the felt with the count (its total in a ring, this count's cards with who
played each, or the result at the end) beside the score table (cards captured per suit, the
game's totals with the deal's points) and the last plays; the viewer's side's hands (seat 0's for
a spectator); a deal's end is :mod:`renderers.games.fosco.round_end`. Fosco is played with every
hand in view, but a two-player hand of 26 cards does not
fit as cards: each hand is written out by suit ("♣ 2 3 4 6 7 K"), the suit the player plays from
now (and the Jokers, which may be played at any time) first and bright, the later suits muted;
the viewer's legal cards are gold when it is their turn. A side sits in a frame of its colour.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from PIL import Image

from games.fosco.view import FoscoView
from renderers.games.fosco import parts, written_hands
from renderers.games.fosco.parts import KING_TEXT, card_rules
from renderers.games.fosco.written_hands import STYLES, Line, Style, groups_of, rank_of, wrap_groups
from renderers.kit import hand as kit_hand
from renderers.kit import layout, log_panel, shown, theme
from renderers.kit.fonts import draw_text, text_width
from renderers.kit.layout import Box, Draw
from renderers.kit.names import fit_names
from renderers.kit.regions import frozen, region

__all__ = ["Table", "table"]

W, H = shown.COPY_SIZE
M = 6  # outer margin and the gap between parts
HEAD_H = 22  # the line naming the game and its rules
RIGHT_W = 256  # the score and log column, as in the copy
SMALL, TEXT = parts.SMALL, parts.TEXT
FRAME_PAD = 4
INDENT = 8  # a hand's later lines, under the plate
ROW_GAP = 3
BAND_MIN = parts.CH + 3 + parts.SEAT_TAG_H + 12  # the count's cards and their tags
SCORE_ROW = 22
SHORT_RULES = {"double": "x2", "add the lead": "+ lead"}  # as the ring's King pill words them
NARROW_PLATE = 150.0  # the plates of the tightest hands (names shrunk or cut)


@dataclass(frozen=True)
class Row:
    """A seat's row: its plate and its hand written out in ``lines``."""

    seat: int
    cards: list[str]
    suit: str | None
    lines: list[Line]
    style: Style

    @property
    def lead(self) -> int:
        """The px between the lines' middles."""
        return self.style.size + 6

    @property
    def height(self) -> int:
        return max(parts.PLATE_H + 4, len(self.lines) * self.lead)


class Table:
    """The view, read once, and the drawing of each part."""

    def __init__(self, view: FoscoView) -> None:
        self.view = view
        self.board = parts.Board.of(view)
        self.players = self.board.players
        self.viewer = view["viewer"]
        self.hands = [list(hand) for hand in view["hands"]]
        self.suits = view["current_suits"]
        mover = self.viewer is not None and self.viewer in self.board.to_move
        self.legal = kit_hand.playable(view)[0] if mover else set()
        mine = self.board.side_of.get(self.viewer if self.viewer is not None else 0, 0)
        self.order = [i for i in range(len(self.board.sides)) if i != mine] + [mine]  # top to bottom
        self.rules = card_rules(view)
        self.plate_w = self.plate_width()

    # -- the whole table -----------------------------------------------------------------------
    def draw(self) -> Image.Image:
        img, draw = layout.canvas(W, H)
        self.head_line(img, draw)
        status = layout.named(self.view, self.view["status"])
        size, lines = parts.status_fit(status, W - 2 * M)
        status_h = 32 if len(lines) == 1 else 52
        top = M + HEAD_H + 2
        colour = theme.GOOD if self.board.over else theme.ACCENT
        layout.status_line(img, draw, (M, top, W - M, top + status_h), status, colour=colour, size=size, max_lines=2)
        top += status_h + M
        self.frames = frames = self.fit_hands(H - M - top - 2 * M - BAND_MIN)
        self.frame_boxes: dict[int, Box] = {}  # where each side's frame went (for tests)
        *above, below = self.order
        for side in above:
            height = self.frame_height(frames[side])
            self.frame(img, draw, (M, top, W - M, top + height), side, frames[side])
            top += height + M
        bottom = H - M - self.frame_height(frames[below])
        self.frame(img, draw, (M, bottom, W - M, H - M), below, frames[below])
        felt_x1 = W - M - RIGHT_W - M
        self.band = (M, top, felt_x1, bottom - M)  # where the count went (for tests)
        parts.count_band(img, draw, self.band, self.board, region)
        self.column(img, draw, (felt_x1 + M, top, W - M, bottom - M))
        return img

    def subtitle(self) -> str:
        """The deal, the target, the King rule (unless the rules' line names it) and the Jokers."""
        v = self.view
        deal, deals = v["deal"], v["deals"]
        words = [f"Deal {deal} of {deals}" if deals else f"Deal {deal} \u00b7 to {v['target']}"]
        if not self.rules:
            words.append(KING_TEXT.get(v["king"], f"Kings: {v['king']}"))
        jokers = int(v["options"]["jokers"] or 0)
        if jokers:
            words.append(f"{jokers} jokers")
        return " \u00b7 ".join(words)

    def head_line(self, img: Image.Image, draw: Draw) -> None:
        """The old header's band as a line: the game, its deal and rules; the optional extras' card
        rules at the right (the Kings' left out where they do not fit: the ring's pill names them)."""
        mid = M + HEAD_H / 2
        title = self.view["title"]
        draw_text(draw, (M + 4, mid), title, TEXT, theme.TEXT, anchor="lm", bold=True)
        x = M + 4 + text_width(title, TEXT, True) + 10
        right = W - M - 4.0
        if self.rules:
            rules = [f"{name if name == 'Jokers' else name[0]}: {SHORT_RULES.get(rule, rule)}"
                     for name, rule in self.rules]
            text = " \u00b7 ".join(rules)
            if text_width(text, SMALL, True) > right - x - text_width(self.subtitle(), SMALL) - 16:
                text = " \u00b7 ".join(rules[1:])
            draw_text(draw, (right, mid), text, SMALL, theme.HIGHLIGHT, anchor="rm", bold=True)
            right -= text_width(text, SMALL, True) + 16
        draw_text(draw, (x, mid), layout.ellipsize(self.subtitle(), SMALL, right - x), SMALL, theme.MUTED, anchor="lm")

    # -- the hands -------------------------------------------------------------------------------
    def plate_width(self) -> float:
        """One width for every plate: the longest name's, within bounds that leave the hands room."""
        widths = [parts.plate_width(self.name(s), len(self.hands[s]), s in self.board.to_move, chips=False)
                  for s in range(self.players)]
        return min(210.0, max(150.0, *widths))

    def name(self, seat: int) -> str:
        # No "(you)": the table is the onlookers' picture (a viewer's side sits at the bottom).
        return self.board.names[seat]

    def fit_hands(self, room: float) -> dict[int, list[Row]]:
        """Every side's rows in the largest style whose frames leave the count ``room`` px or more;
        failing that, the tightest style beside narrower plates."""
        tries = [(style, self.plate_w) for style in STYLES] + [(STYLES[-1], min(self.plate_w, NARROW_PLATE))]
        for style, plate_w in tries:
            self.plate_w = plate_w
            full = W - 2 * M - 2 * FRAME_PAD - INDENT
            widths = (full - plate_w - 10 + INDENT, full)  # the first line beside the plate, the rest under it
            frames = {side: [self.row(seat, widths, style) for seat in self.board.sides[side]]
                      for side in range(len(self.board.sides))}
            if sum(self.frame_height(rows) + M for rows in frames.values()) <= room:
                break
        self.style = style
        return frames

    def row(self, seat: int, widths: tuple[float, float], style: Style) -> Row:
        cards, suit = self.hands[seat], self.suits[seat]
        return Row(seat, cards, suit, wrap_groups(groups_of(cards, suit), widths, style), style)

    @staticmethod
    def frame_height(rows: Sequence[Row]) -> int:
        return 2 * FRAME_PAD + sum(r.height for r in rows) + ROW_GAP * (len(rows) - 1)

    def frame(self, img: Image.Image, draw: Draw, box: Box, side: int, rows: Sequence[Row]) -> None:
        x0, y0, _, _ = box
        self.frame_boxes[side] = box
        won = self.board.won(side)
        outline = theme.GOOD if won else layout.seat_colour(side)
        layout.panel(draw, box, theme.FELT, outline, line=2, radius=theme.RADIUS + 2)
        y = y0 + FRAME_PAD
        for row in rows:
            h = row.height
            # Level with the hand's first line.
            py = y + (row.lead - parts.PLATE_H) / 2 if len(row.lines) > 1 else y + (h - parts.PLATE_H) / 2
            pbox = (x0 + FRAME_PAD, py, x0 + FRAME_PAD + self.plate_w, py + parts.PLATE_H)
            parts.plate(img, draw, pbox, self.board, row.seat, len(row.cards), row.suit, self.name(row.seat),
                        chips=False)
            self.hand_text(img, draw, row, (pbox[2] + 10, x0 + FRAME_PAD + INDENT), (y, y + h))
            y += h + ROW_GAP

    def hand_text(self, img: Image.Image, draw: Draw, row: Row, lefts: tuple[float, float],
                  span: tuple[float, float]) -> None:
        """The hand by suit, its first line at ``lefts[0]`` (beside the plate), the rest at ``lefts[1]``."""
        (x0, _), (y0, y1) = lefts, span
        group_gap = row.style.group_gap
        if not row.lines:
            note = "no cards" if not self.board.over else "played out"
            draw_text(draw, (x0, (y0 + y1) / 2), note, SMALL, theme.MUTED, anchor="lm")
            return
        lead = row.lead
        y = y0 + (y1 - y0) / 2 - lead * (len(row.lines) - 1) / 2
        for i, line in enumerate(row.lines):
            x = lefts[min(i, 1)]
            for suit, cards in line:
                ink = theme.TEXT if suit in ("X", row.suit) else theme.MUTED
                inks = tuple(theme.HIGHLIGHT if c in self.legal else ink for c in cards)
                sprite = written_hands.group_sprite(suit, tuple(rank_of(c) for c in cards), inks, row.style)
                img.paste(sprite, (round(x), round(y - sprite.height / 2)))
                x += sprite.width + group_gap
            y += lead

    # -- the scores and the last plays ----------------------------------------------------------
    def column(self, img: Image.Image, draw: Draw, box: Box) -> None:
        x0, y0, x1, y1 = box
        sides = len(self.board.sides)
        score_h = (1 + sides) * SCORE_ROW + 8
        labels = [self.side_label(side) for side in self.board.sides]
        region(img, (x0, y0, x1, y0 + score_h), self.score_key(labels),
               partial(paint_scores, board=self.board, labels=labels))
        y = y0 + score_h + M
        past = self.view["deal_scores"]
        if past:  # earlier deals, most recent last
            text = " \u00b7 ".join(f"Deal {i + 1}: " + "\u2013".join(str(p) for p in d) for i, d in enumerate(past))
            draw_text(draw, (x0 + 4, y + SMALL / 2 + 1), layout.ellipsize(text, SMALL, x1 - x0 - 8), SMALL, theme.MUTED,
                      anchor="lm")
            y += SMALL + 8
        if y1 - y >= 2 * layout.line_height(SMALL):
            # A deal's account ("Deal 1 scored: ...", "Game: ...") is the score table's beside this and
            # the deal's own picture: the few lines here go to the plays.
            # So is the result, in the banner at the end.
            outcome = self.view["outcome"]
            result = outcome["detail"] if outcome else None
            log = [layout.named(self.view, line) for line in self.view["log"]
                   if not str(line).startswith(("Game: ", "Deal ")) and line != result]
            log_panel.log_panel(img, draw, (x0, y, x1, y1), log, title="", size=SMALL, empty="No plays yet",
                             names=self.board.names)

    def side_label(self, side: Sequence[int]) -> str:
        """The side's names, each shortened where they do not fit the score table ("E1 & E3")."""
        a, b = parts.score_columns(0, RIGHT_W - 16)["name"]
        return fit_names([self.board.names[s] for s in side], SMALL, b + 4 - (a + 17), True)

    def score_key(self, labels: Sequence[str]) -> tuple[Any, ...]:
        """Everything :func:`paint_scores` shows (the key of its kept pixels)."""
        v = self.view
        return ("fosco scores", tuple(labels), frozen(self.board.sides), frozen(sorted(self.board.winners)),
                self.board.over, frozen(v["captured"]), frozen(v["deal_points"]), frozen(v["totals"]),
                v["target"], v["deal"], v["deals"])


def paint_scores(img: Image.Image, draw: Draw, box: Box, *, board: parts.Board, labels: Sequence[str]) -> None:
    parts.scores(img, draw, box, board, labels)


def table(view: FoscoView) -> Image.Image:
    """The Fosco table for ``view`` (any seat's, or a spectator's)."""
    return Table(view).draw()

