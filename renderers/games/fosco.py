"""The Fosco table: the count in progress, every hand (the game is perfect information), each
side's captured cards by suit, and the scores toward the target.

From the top: a header (deal, target, King rule), the status line, then the felt: the other
side's hands, the count (its total in a medallion, its cards in order, the recent log), the
viewer's side's hands (seat 0's side for a spectator); under the felt, the scoreboard. In each
hand the cards of the player's current suit (and jokers, which may be played at any time) are
raised at full brightness and the rest are dimmed; the viewer's legal cards glow when it is
their turn. Four players sit as two partnerships, each in a frame of its colour.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from PIL import Image

from renderers.kit import badges, card_rows, layout, theme
from renderers.kit.fonts import draw_text, fit_size, text_width
from renderers.kit.layout import Box, Draw
from renderers.kit.regions import frozen, region
from renderers.kit.theme import RGB, card_height, mix

WIDTH = 880
PAD = theme.PADDING
SUITS = ("S", "H", "C", "D")  # the hand order
WEIGHTS = {"S": 1, "H": 2, "C": 3, "D": 4}
FREE = 6  # captured cards of a suit that score nothing
KING_TEXT = {
    "double": "Kings double",
    "fives": "Kings: next 5",
    "squares": "Kings: next square",
    "primes": "Kings: next prime",
    "led": "Kings add the lead",
}
KING_SHORT = {"double": "K: x2", "fives": "K: next 5", "squares": "K: next square",
              "primes": "K: next prime", "led": "K: + lead"}
RULE_WORDS = {"double": "double", "fives": "next 5", "squares": "next square", "primes": "next prime",
              "led": "add the lead", "zero": "count 0", "copy": "copy", "half": "add \u00bd"}
LEGEND_HEIGHT = 40  # the row of card rules under the status line (optional extras only)
PLAIN_RULES = {"queen": "zero", "jack": "copy", "joker": "half"}  # the optional extras, when not taken

HAND_CARD = {2: 68, 4: 60}  # card width in the hands
PILE_CARD = 80  # the count's cards
LABEL = theme.SMALL_TEXT_SIZE + 1  # small capitals over columns and areas
TAG_HEIGHT = 26
REGION_PAD = 8
CENTRE_HEIGHT = 186
MEDALLION = 132
SCORE_HEAD = 34
SCORE_ROW = 50


@dataclass(frozen=True)
class Seat:
    seat: int
    name: str
    cards: list[str]
    suit: str | None
    to_move: bool
    side: int


class Table:
    """The view, read once, and the drawing of each part."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.view = view
        self.players = int(view.get("players") or 2)
        self.names = layout.names(view)
        self.viewer: int | None = view.get("viewer")
        self.over = bool(view.get("over"))
        self.sides: list[list[int]] = [list(s) for s in (view.get("sides") or [[s] for s in range(self.players)])]
        self.side_of = {seat: i for i, side in enumerate(self.sides) for seat in side}
        to_move = set(view.get("to_move") or [])
        hands = view.get("hands") or [[] for _ in range(self.players)]
        suits = view.get("current_suits") or [None] * self.players
        self.seats = [
            Seat(s, self.names[s] + (" (you)" if s == self.viewer else ""), list(hands[s]), suits[s],
                 s in to_move and not self.over, self.side_of.get(s, s % 2))
            for s in range(self.players)
        ]
        mine = self.side_of.get(self.viewer if self.viewer is not None else 0, 0)
        self.order = [i for i in range(len(self.sides)) if i != mine] + [mine]  # top to bottom
        outcome = view.get("outcome") or {}
        self.winners = set(outcome.get("winners") or [])
        self.playable = self._playable()
        self.card_w = HAND_CARD.get(self.players, 60)
        self.show_hands = not self.over or any(s.cards for s in self.seats)
        captured = view.get("captured") or []
        self.legend = card_rules(view)
        self.jokers = int((view.get("options") or {}).get("jokers") or 0) > 0 or any(
            int(c.get("X", 0)) for c in captured)

    def _playable(self) -> set[str]:
        """The viewer's legal cards (the view lists them only when the viewer is to move)."""
        found: set[str] = set()
        for action in self.view.get("legal") or []:
            verb, _, arg = str(action.get("token", "")).partition(":")
            if verb == "play":
                found.update(c for c in arg.split(",") if c)
        return found

    # -- sizes -------------------------------------------------------------------------------
    def region_height(self) -> int:
        hand = (layout.LIFT + card_height(self.card_w) + 4) if self.show_hands else 0
        return REGION_PAD + badges.BADGE_HEIGHT + (6 + hand if hand else 0) + REGION_PAD

    def score_height(self) -> int:
        extra = 34 if self.view.get("deal_scores") else 0
        return 10 + SCORE_HEAD + len(self.sides) * SCORE_ROW + extra + 10

    # -- the whole table ---------------------------------------------------------------------
    def draw(self) -> Image.Image:
        status = layout.named(self.view, str(self.view.get("status", "")))
        status_h = layout.status_height(status, WIDTH - 2 * PAD)
        region_h = self.region_height()
        felt_h = 2 * region_h + CENTRE_HEIGHT + 2 * 10
        legend_h = LEGEND_HEIGHT if self.legend else 0
        height = layout.HEADER_HEIGHT + 10 + status_h + 10 + legend_h + felt_h + 10 + self.score_height() + PAD
        img, draw = layout.canvas(WIDTH, height)
        y = layout.header(img, draw, str(self.view.get("title") or "Fosco"), self.subtitle()) + 10
        colour = theme.GOOD if self.over else theme.ACCENT
        layout.status_line(img, draw, (PAD, y, WIDTH - PAD, y + status_h), status, colour=colour)
        y += status_h + 10
        if self.legend:
            self.draw_legend(draw, y)
            y += legend_h
        layout.panel(draw, (PAD, y, WIDTH - PAD, y + felt_h), theme.FELT, theme.FELT_LIGHT, line=2,
                     radius=theme.RADIUS + 6)
        top, bottom = self.order[0], self.order[-1]
        self.region(img, draw, top, (PAD + 10, y + 10, WIDTH - PAD - 10, y + 10 + region_h))
        cy = y + 10 + region_h
        self.centre(img, draw, (PAD + 10, cy, WIDTH - PAD - 10, cy + CENTRE_HEIGHT))
        cy += CENTRE_HEIGHT
        self.region(img, draw, bottom, (PAD + 10, cy, WIDTH - PAD - 10, cy + region_h))
        y += felt_h + 10
        self.scoreboard(img, draw, (PAD, y, WIDTH - PAD, y + self.score_height()))
        return img

    def subtitle(self) -> str:
        v = self.view
        deal = int(v.get("deal") or 1)
        deals = int(v.get("deals") or 0)
        parts = [f"Deal {deal} of {deals}" if deals else f"Deal {deal} \u00b7 to {v.get('target', 31)}"]
        if not self.legend:
            parts.append(KING_TEXT.get(str(v.get("king")), f"Kings: {v.get('king')}"))
        jokers = int((v.get("options") or {}).get("jokers") or 0)
        if jokers:
            parts.append(f"{jokers} jokers")
        return " \u00b7 ".join(parts)

    def draw_legend(self, draw: Draw, y: float) -> None:
        """The card rules as pills, one per kind of card, so the table reads at a glance."""
        x = float(PAD)
        for title, rule in self.legend:
            box = layout.pill(draw, (x, y + LEGEND_HEIGHT / 2 - 4), f"{title}: {rule}", fill=theme.PANEL,
                              ink=theme.HIGHLIGHT, outline=theme.PANEL_LIGHT, anchor="lm")
            x = box[2] + 10

    # -- a side's hands ----------------------------------------------------------------------
    def region(self, img: Image.Image, draw: Draw, side: int, box: Box) -> None:
        colour = layout.seat_colour(side)
        won = bool(self.winners) and set(self.sides[side]) <= self.winners
        # The frame is the same move after move (the hands, drawn over it, are not).
        region(img, box, ("fosco frame", colour, won), partial(frame, outline=theme.GOOD if won else colour),
               theme.FELT)
        seats = [self.seats[s] for s in self.sides[side]]
        x0, y0, x1, _ = box
        inner = x1 - x0 - 2 * REGION_PAD
        gap = 16
        each = (inner - gap * (len(seats) - 1)) / len(seats)
        for i, seat in enumerate(seats):
            sx = x0 + REGION_PAD + i * (each + gap)
            self.hand(img, draw, seat, (sx, y0 + REGION_PAD, sx + each, box[3] - REGION_PAD), colour)
        if len(seats) > 1:  # a partnership: a line between the partners
            mx = x0 + REGION_PAD + each + gap / 2
            draw.line([(mx, y0 + 14), (mx, box[3] - 14)], fill=layout.rgba_of(colour, 110), width=2)

    def hand(self, img: Image.Image, draw: Draw, seat: Seat, box: Box, colour: RGB) -> None:
        x0, y0, x1, y1 = box
        n = len(seat.cards)
        note = f"{n} card{'s' if n != 1 else ''}" if n else "no cards"
        score: int | None = None
        if self.over:
            note = "wins" if seat.seat in self.winners else ""
            score = int((self.view.get("totals") or [0] * len(self.sides))[seat.side])
        badge_w = min(x1 - x0, self.badge_width(seat, note, score))
        badges.badge(img, draw, (x0, y0), seat.name, colour=colour, width=badge_w, to_move=seat.to_move,
                     winner=seat.seat in self.winners, note=note, suit=seat.suit, show_suit=bool(seat.cards),
                     score=score)
        if not self.show_hands:
            return
        top = y0 + badges.BADGE_HEIGHT + 6
        if not seat.cards:
            draw_text(draw, ((x0 + x1) / 2, top + (y1 - top) / 2), "hand played out", theme.TEXT_SIZE - 2,
                      theme.MUTED, anchor="mm")
            return
        live = {c for c in seat.cards if c.startswith("X") or (seat.suit is not None and c.endswith(seat.suit))}
        legal = self.playable if seat.seat == self.viewer else set()
        card_rows.card_row(img, seat.cards, (x0, top, x1, y1), card_width=self.card_w,
                        group=layout.suit_group(), group_gap=10 if self.players == 2 else 6,
                        max_step=self.card_w * 0.62, align="left" if self.players == 4 else "center",
                        highlight=legal, raised=live, dim=set(seat.cards) - live)

    def badge_width(self, seat: Seat, note: str, score: int | None) -> float:
        return badges.badge_width(seat.name, note=note, score=score, to_move=seat.to_move,
                                  show_suit=bool(seat.cards))

    # -- the count ---------------------------------------------------------------------------
    def centre(self, img: Image.Image, draw: Draw, box: Box) -> None:
        x0, y0, x1, y1 = box
        if self.over:
            outcome = self.view.get("outcome") or {}
            detail = layout.named(self.view, str(outcome.get("detail") or "Game over"))
            draw_colour = theme.GOOD if self.winners else theme.HIGHLIGHT
            layout.banner(img, draw, (x0 + 60, y0 + 22, x1 - 60, y1 - 22), "Game over", detail, draw_colour)
            return
        mx, my = x0 + 14, y0 + 12  # the medallion and its King pill under it (no wider than this box)
        count = float(self.view.get("count") or 0)
        limit = int(self.view.get("limit") or 21)
        king = KING_SHORT.get(str(self.view.get("king")), "K")
        region(img, (mx - MEDALLION_SPILL, my, mx + MEDALLION + MEDALLION_SPILL, my + MEDALLION + 40),
               ("fosco medallion", count, limit, king), partial(medallion, count=count, limit=limit, king=king),
               theme.FELT)
        pile_x0 = x0 + 14 + MEDALLION + 30
        log_w = 268
        pile_x1 = x1 - log_w - 18
        self.pile(img, draw, (pile_x0, y0 + 8, pile_x1, y1 - 8))
        log = [layout.named(self.view, str(line)) for line in (self.view.get("log") or [])]
        layout.log_panel(img, draw, (x1 - log_w, y0 + 14, x1, y1 - 14), log, title="Recent", empty="No plays yet")

    def pile(self, img: Image.Image, draw: Draw, box: Box) -> None:
        x0, y0, x1, _ = box
        pile = [(int(p["seat"]), str(p["card"])) for p in (self.view.get("pile") or [])]
        draw_text(draw, (x0, y0 + 10), "THIS COUNT", LABEL, theme.MUTED, anchor="lm", bold=True)
        ch = card_height(PILE_CARD)
        top = y0 + 26
        if not pile:
            card_rows.empty_slot(draw, (x0, top, x0 + PILE_CARD, top + ch), "new")
            draw_text(draw, (x0 + PILE_CARD + 16, top + ch / 2), "A new count begins", theme.TEXT_SIZE - 2,
                      theme.MUTED, anchor="lm")
            return
        cards = [c for _, c in pile]
        xs = card_rows.fan_positions([len(cards)], PILE_CARD, x1 - x0, max_step=PILE_CARD * 0.66)
        boxes = card_rows.draw_cards(img, cards, xs, top, card_width=PILE_CARD, x0=x0)
        for i, ((seat, _), b) in enumerate(zip(pile, boxes, strict=True)):  # who played each card
            right = boxes[i + 1][0] - 3 if i + 1 < len(boxes) else b[2]
            self.player_tag(draw, seat, (b[0], b[3] + 6, right, b[3] + 6 + TAG_HEIGHT))

    def player_tag(self, draw: Draw, seat: int, box: Box) -> None:
        """A seat's name (or its initial, where the name does not fit) on its side's colour."""
        x0, y0, x1, y1 = box
        name = self.names[seat]
        size = LABEL
        text = name if text_width(name, size, True) <= x1 - x0 - 8 else self.initial(seat)
        layout.panel(draw, box, layout.seat_colour(self.side_of.get(seat, seat)), radius=6)
        draw_text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), layout.ellipsize(text, size, x1 - x0 - 4, True), size,
                  theme.PANEL, anchor="mm", bold=True)

    def initial(self, seat: int) -> str:
        """A seat's initial, or its seat number where two names share an initial."""
        firsts = [n[:1].upper() for n in self.names[: self.players]]
        mine = firsts[seat] if seat < len(firsts) else "?"
        return mine if firsts.count(mine) == 1 and mine.strip() else str(seat + 1)

    # -- the scoreboard ----------------------------------------------------------------------
    def columns(self, box: Box) -> dict[str, tuple[float, float]]:
        x0, _, x1, _ = box
        keys = ["name", *self.suit_columns(), "deal", "game"]
        widths = [0.0] + [78.0] * 4 + ([56.0] if self.jokers else []) + [86.0, 128.0]
        widths[0] = (x1 - x0) - 2 * PAD - sum(widths[1:])
        cols: dict[str, tuple[float, float]] = {}
        x = x0 + PAD
        for key, w in zip(keys, widths, strict=True):
            cols[key] = (x, x + w)
            x += w
        return cols

    def suit_columns(self) -> tuple[str, ...]:
        return (*SUITS, "X") if self.jokers else SUITS

    def scoreboard(self, img: Image.Image, draw: Draw, box: Box) -> None:
        # Changes only when a count is won or a deal ends: pasted as drawn the other moves.
        region(img, box, self.score_key(), self.paint_scoreboard)

    def score_key(self) -> tuple[Any, ...]:
        """Everything :meth:`paint_scoreboard` shows (the key of its kept pixels)."""
        v = self.view
        return ("fosco scores", frozen(self.sides), tuple(self.names[s] for side in self.sides for s in side),
                frozen(sorted(self.winners)), self.over, self.jokers, frozen(v.get("captured")),
                frozen(v.get("deal_scores")), frozen(v.get("deal_points")), frozen(v.get("totals")),
                v.get("target"), v.get("deals"))

    def paint_scoreboard(self, img: Image.Image, draw: Draw, box: Box) -> None:
        x0, y0, x1, _ = box
        layout.panel(draw, box, theme.PANEL)
        cols = self.columns(box)
        head = y0 + 10 + SCORE_HEAD / 2
        label = LABEL
        draw_text(draw, (cols["name"][0], head), "CAPTURED", label, theme.MUTED, anchor="lm", bold=True)
        for s in self.suit_columns():
            a, b = cols[s]
            mid = (a + b) / 2
            chip = 28
            tag = f"x{WEIGHTS[s]}" if s in WEIGHTS else ""
            tw = text_width(tag, label) + 4 if tag else -4
            left = mid - (chip + 4 + tw) / 2
            layout.suit_chip(img, draw, (left, head - chip / 2, left + chip, head + chip / 2), None if s == "X" else s)
            draw_text(draw, (left + chip + 4, head), tag, label, theme.MUTED, anchor="lm")
        draw_text(draw, (sum(cols["deal"]) / 2, head), "DEAL", label, theme.MUTED, anchor="mm", bold=True)
        target = int(self.view.get("target") or 31)
        deals = int(self.view.get("deals") or 0)
        game_label = "GAME" if deals else f"GAME / {target}"
        draw_text(draw, (sum(cols["game"]) / 2, head), game_label, label, theme.MUTED, anchor="mm", bold=True)
        draw.line([(x0 + PAD, y0 + 10 + SCORE_HEAD + 2), (x1 - PAD, y0 + 10 + SCORE_HEAD + 2)],
                  fill=theme.PANEL_LIGHT, width=1)
        y = y0 + 10 + SCORE_HEAD + 4
        for side in range(len(self.sides)):
            self.score_row(img, draw, side, cols, (x0 + 6, y, x1 - 6, y + SCORE_ROW - 4), target, deals)
            y += SCORE_ROW
        past = self.view.get("deal_scores") or []
        if past:
            text = "   ".join(f"Deal {i + 1}: " + " to ".join(str(p) for p in d) for i, d in enumerate(past))
            draw_text(draw, (cols["name"][0], y + 14), layout.ellipsize(text, theme.TEXT_SIZE - 2, x1 - x0 - 2 * PAD),
                      theme.TEXT_SIZE - 2, theme.MUTED, anchor="lm")

    def score_row(self, img: Image.Image, draw: Draw, side: int, cols: dict[str, tuple[float, float]], box: Box,
                  target: int, deals: int) -> None:
        _, y0, _, y1 = box
        mid = (y0 + y1) / 2
        colour = layout.seat_colour(side)
        won = bool(self.winners) and set(self.sides[side]) <= self.winners
        if won:
            layout.panel(draw, box, layout.rgba_of(theme.GOOD, 55), theme.GOOD, line=2, radius=8)
        size = theme.TEXT_SIZE
        a, b = cols["name"]
        draw.ellipse((a, mid - 8, a + 16, mid + 8), fill=colour)
        name = " & ".join(self.names[s] for s in self.sides[side])
        room = b - a - 34 - (34 if won else 0)
        name_size = max(theme.TEXT_SIZE - 2, min(size, fit_size(name, room, size, bold=True)))
        name = layout.ellipsize(name, name_size, room, True)
        shown = layout.draw_rich(img, draw, (a + 26, mid), name, name_size, theme.TEXT, bold=True)
        if won:  # a gold star after the winners' names
            layout.star(draw, (a + 26 + shown + 18, mid), 13, theme.HIGHLIGHT)
        captured = (self.view.get("captured") or [{}] * len(self.sides))[side]
        for s in self.suit_columns():
            n = int(captured.get(s, 0))
            ca, cb = cols[s]
            points = max(0, n - FREE) * WEIGHTS[s] if s in WEIGHTS else 0
            ink = theme.TEXT if n else theme.MUTED
            if points:
                num = str(n)
                tag = f"+{points}"
                nw = text_width(num, size + 2, True)
                tw = text_width(tag, size - 4, True)
                left = (ca + cb) / 2 - (nw + 4 + tw) / 2
                draw_text(draw, (left, mid), num, size + 2, ink, anchor="lm", bold=True)
                draw_text(draw, (left + nw + 4, mid + 1), tag, size - 4, theme.GOOD, anchor="lm", bold=True)
            else:
                draw_text(draw, ((ca + cb) / 2, mid), str(n), size + 2, ink, anchor="mm", bold=bool(n))
        deal_points = self.deal_points(side)
        da, db = cols["deal"]
        draw_text(draw, ((da + db) / 2, mid), f"+{deal_points}" if deal_points else "0", size + 4,
                  theme.GOOD if deal_points else theme.MUTED, anchor="mm", bold=True)
        totals = self.view.get("totals") or [0] * len(self.sides)
        total = int(totals[side])
        ga, gb = cols["game"]
        pending = 0 if self.over else deal_points
        draw_text(draw, (ga + 8, mid - (5 if not deals else 0)), str(total), size + 6, theme.TEXT, anchor="lm",
                  bold=True)
        if pending:
            draw_text(draw, (ga + 14 + text_width(str(total), size + 6, True), mid - 5), f"+{pending}",
                      size - 2, theme.GOOD, anchor="lm", bold=True)
        if not deals:
            badges.progress_bar(draw, (ga + 8, y1 - 9, gb - 6, y1 - 3), total, target, colour, extra=pending)

    def deal_points(self, side: int) -> int:
        if self.over:
            past = self.view.get("deal_scores") or []
            return int(past[-1][side]) if past else 0
        points = self.view.get("deal_points") or [0] * len(self.sides)
        return int(points[side])


def card_rules(view: Mapping[str, Any]) -> list[tuple[str, str]]:
    """What each card that is not a number does, when the optional extras give a Queen, a Jack or
    a Joker a King rule ([] in the plain game, where the header's "Kings double" says it all)."""
    rules = {**PLAIN_RULES, **(view.get("card_rules") or {})}
    if all(rules[name] == plain for name, plain in PLAIN_RULES.items()):
        return []
    jokers = int((view.get("options") or {}).get("jokers") or 0)
    names = (("king", "Kings"), ("queen", "Queens"), ("jack", "Jacks"), *((("joker", "Jokers"),) if jokers else ()))
    return [(title, RULE_WORDS.get(str(rules.get(name, view.get("king"))), str(rules.get(name))))
            for name, title in names]


MEDALLION_SPILL = 18  # how far the King pill reaches beside the medallion (16 px at most; 38 px below)


def frame(img: Image.Image, draw: Draw, box: Box, *, outline: RGB) -> None:
    """A side's frame on the felt, in its colour (GOOD when the side has won)."""
    layout.panel(draw, box, layout.rgba_of(theme.FELT_DARK, 200), outline, line=3, radius=theme.RADIUS + 2)


def medallion(img: Image.Image, draw: Draw, box: Box, *, count: float, limit: int, king: str) -> None:
    """The count's total in a ring (red when near ``limit``), "of 21" and the King rule's pill."""
    x, y = box[0] + MEDALLION_SPILL, box[1]
    d = MEDALLION
    near = count >= limit - 3
    ring = theme.HIGHLIGHT if not near else theme.BAD
    draw.ellipse((x + 3, y + 5, x + d + 3, y + d + 5), fill=(0, 0, 0, 90))
    draw.ellipse((x, y, x + d, y + d), fill=theme.PANEL, outline=ring, width=6)
    draw.ellipse((x + 12, y + 12, x + d - 12, y + d - 12), outline=mix(theme.PANEL, ring, 0.35), width=2)
    cx = x + d / 2
    layout.draw_number(draw, (cx, y + d * 0.44), count, 62 if count < 10 else 58, theme.TEXT)
    draw_text(draw, (cx, y + d * 0.76), f"of {limit}", theme.TEXT_SIZE - 2, theme.MUTED, anchor="mm")
    layout.pill(draw, (cx, y + d + 20), king, size=theme.TEXT_SIZE - 2, fill=theme.PANEL,
                ink=theme.HIGHLIGHT, outline=theme.PANEL_LIGHT)


def table(view: Mapping[str, Any]) -> Image.Image:
    """The Fosco table for ``view`` (any seat's, or a spectator's)."""
    return Table(view).draw()



def copy(table: Mapping[str, Any], hand: Mapping[str, Any]) -> Image.Image:
    """A player's copy in Discord's inline box (see :mod:`renderers.games.fosco_copy`)."""
    from renderers.games import fosco_copy  # imported here: it builds on this module

    return fosco_copy.copy(table, hand)
