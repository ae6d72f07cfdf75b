"""What the tarot tables share: :mod:`renderers.games.tarot.manchester` (the two-player games) and
:mod:`renderers.games.tarot.base_games` (the base games) draw one picture round felts of their own.

:class:`TarotTable` draws the table's scaffold, top to bottom: the header (the game, the hand,
the trick), the status line or the game-over banner, the felt, the board of scores and the last
lines of the log; and the corners of the felt both games have: the way play goes (top right),
the last trick (bottom left) and where the Fool is (bottom right). A subclass reads the rest of
its view, draws the felt and the board and gives the words that differ.

For the hand and the hand's end: the plates' sprites, the bands stacked over the generic hand
(the trick so far, a discard's rule, the viewer's own discard, a row of cards to choose among)
and the card widths and words both games use.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.core.cards import SUIT_NAMES
from games.tarot import pack
from renderers.kit import card_rows, layout, theme
from renderers.kit import hand as generic_hand
from renderers.kit.cards import card_back
from renderers.kit.fonts import draw_text, text_width
from renderers.kit.layout import Box, Draw, plural
from renderers.kit.theme import card_height, mix
from renderers.kit.trick_table import tag, tag_width, turn_arrow

WIDTH = 880
PAD = theme.PADDING
SMALL = theme.SMALL_TEXT_SIZE
FAMILY = "tarot"
BACK = "tarot"
BANNER_H = 104
PLATE_RADIUS = theme.RADIUS + 4
# Few card widths, shared by the tables, the hands and the hands' ends, so that each card's sprite
# is drawn once per width: 42 in the corners, plates and piles, 56 in the hand's bands (and the
# two-player table's dummies), 80 for tricks, 110 in the hand.
TRICK_CARD = 80
CORNER_CARD = 42
BAND_CARD = 56
CENTRE_INK = mix(theme.FELT_LIGHT, theme.TEXT, 0.75)  # words on the felt's middle
CORNER_INK = mix(theme.FELT_LIGHT, theme.TEXT, 0.6)

# -- under the felt ------------------------------------------------------------------------------
ROW_H = 50
HEADS_H = 28
LOG_LINES = 3
LOG_SIZE = SMALL + 1
LOG_H = 2 * (PAD - 2) + layout.line_height(LOG_SIZE) * (LOG_LINES + 1)

# -- the hand's bands ----------------------------------------------------------------------------
BAND_GAP = 10
TRICK_BAND_H = card_height(BAND_CARD) + 24
RAISED_BAND_H = 34 + layout.LIFT + card_height(BAND_CARD) + 14
RULE_BAND_H = 64
DISCARD_BAND_H = card_height(CORNER_CARD) + 16

Painter = Callable[[Image.Image, Draw, Box], None]
Sprite = tuple[Image.Image, Image.Image]  # a plate's picture and the mask of its shape


# -- words ---------------------------------------------------------------------------------------

def plays(trick: Any) -> list[tuple[int, str]]:
    """A trick's (seat or position, card) pairs in play order."""
    if not isinstance(trick, Mapping):
        return []
    return [(int(p["seat"]), str(p["card"])) for p in trick.get("plays") or [] if isinstance(p, Mapping)]


def led_caption(trick: Sequence[tuple[int, str]]) -> str:
    """"Swords led", "Trumps led", "The Fool led" for a trick so far."""
    for _, card in trick:
        if card == pack.FOOL:
            continue
        suit = pack.suit(card)
        return "Trumps led" if suit == pack.TRUMP else f"{SUIT_NAMES['tarot'].get(suit, suit).capitalize()} led"
    return "The Fool led" if trick else ""


def capital(text: str) -> str:
    """``text`` with a capital first letter ("the dummy takes the trick" opens a log line)."""
    return text[:1].upper() + text[1:]


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n).replace("-", "\u2212")


@lru_cache(maxsize=4)
def small_back(width: int) -> Image.Image:
    """A tarot back small enough to stand beside a count."""
    back = card_back(theme.CARD_MIN_WIDTH, BACK)
    return back.resize((width, card_height(width)), Image.Resampling.LANCZOS)


# -- plates --------------------------------------------------------------------------------------

def draw_plate(local: Box, line: int, paint: Painter) -> Sprite:
    """A plate painted with its box at ``local`` in the sprite, and the mask of its panel's shape
    (pasted through it, the felt shows round the corners). Each game keeps its plates' sprites in
    a cache of its own, keyed by its plate's look and ``local``."""
    size = (math.ceil(local[2]) + 2, math.ceil(local[3]) + 2)
    sprite = Image.new("RGB", size, theme.PANEL)
    paint(sprite, ImageDraw.Draw(sprite, "RGBA"), local)
    mask = Image.new("L", size, 0)
    ImageDraw.Draw(mask).rounded_rectangle(local, radius=PLATE_RADIUS, fill=255, outline=255, width=line)
    return sprite, mask


def paste_plate(img: Image.Image, box: Box, sprite: Callable[[Box], Sprite]) -> None:
    """Paste the plate that ``sprite`` draws at a local box: ``box`` less the even pixel before
    it, so that the sprite keeps the box's fraction of a pixel (the pixels drawn in place)."""
    ix, iy = 2 * math.floor(box[0] / 2), 2 * math.floor(box[1] / 2)
    picture, mask = sprite((box[0] - ix, box[1] - iy, box[2] - ix, box[3] - iy))
    img.paste(picture, (ix, iy), mask)


# -- the table -----------------------------------------------------------------------------------

class TarotTable(layout.SeatedView, ABC):
    """A tarot table's view, read once, and its picture round the felt and the board, which a
    subclass draws."""

    way: str  # which way play goes, as the top right corner says it
    bottom_plate: int  # the width of the plate between the felt's bottom corners
    felt_h: int
    board_h: int

    def __init__(self, view: Mapping[str, Any], default_players: int, default_hands: int | None = None) -> None:
        super().__init__(view, default_players=default_players)
        # Unless a game says otherwise, each player deals a hand.
        self.hands_total = int(view.get("hands_total") or default_hands or self.players)
        self.movers = {int(s) for s in view.get("to_move") or []} if not self.over else set()
        self.trick = plays(view.get("trick"))
        last = view.get("last_trick")
        self.last: Mapping[str, Any] | None = last if isinstance(last, Mapping) else None
        self.status = layout.named(view, str(view.get("status", "")))
        self.top_h = BANNER_H if self.over else layout.status_height(self.status, WIDTH - 2 * PAD)

    # -- what differs ----------------------------------------------------------------------------
    @abstractmethod
    def title(self) -> str:
        """The game, at the header's left."""

    @abstractmethod
    def stage(self) -> str:
        """What the subtitle says after the hand ("" for nothing)."""

    @abstractmethod
    def felt(self, img: Image.Image, draw: Draw, box: Box) -> None: ...

    @abstractmethod
    def board(self, img: Image.Image, draw: Draw, box: Box) -> None: ...

    @abstractmethod
    def trick_count(self) -> str:
        """The trick's number, under the way play goes ("" for none)."""

    @abstractmethod
    def taker_name(self, taker: Any) -> str:
        """Who took a trick (the view's "winner" of it), by name."""

    @abstractmethod
    def fool_lines(self) -> tuple[list[str], bool]:
        """Where the Fool is, and whether it lies face up aside."""

    def last_call(self, last: Mapping[str, Any]) -> str:
        """The rule that decided the last trick, if one did."""
        return ""

    def outcome(self) -> str:
        """The game-over banner's words."""
        outcome = self.view.get("outcome") or {}
        return layout.named(self.view, str(outcome.get("detail") or "")) or "Game over"

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self) -> Image.Image:
        height = (layout.HEADER_HEIGHT + 10 + self.top_h + 10 + self.felt_h + 10 + self.board_h + 10 + LOG_H
                  + PAD)
        img, draw = layout.canvas(WIDTH, height)
        y = layout.header(img, draw, self.title(), self.subtitle()) + 10
        top = (PAD, y, WIDTH - PAD, y + self.top_h)
        if self.over:
            layout.banner(img, draw, top, "Game over", self.outcome())
        else:
            layout.status_line(img, draw, top, self.status)
        y += self.top_h + 10
        self.felt(img, draw, (PAD, y, WIDTH - PAD, y + self.felt_h))
        y += self.felt_h + 10
        self.board(img, draw, (PAD, y, WIDTH - PAD, y + self.board_h))
        y += self.board_h + 10
        lines = [capital(layout.named(self.view, str(line))) for line in self.view.get("log") or []]
        layout.log_panel(img, draw, (PAD, y, WIDTH - PAD, y + LOG_H), lines, title="Recent", size=LOG_SIZE,
                         wrap_lines=2)
        return img

    def subtitle(self) -> str:
        """"Hand 2 of 3 · Tontine · trick 5"; "Game over · 3 hands · Tontine"."""
        if self.over:
            parts = ["Game over", plural(self.hands_total, "hand"), self.stage()]
        else:
            parts = [f"Hand {int(self.view.get('hand_no') or 1)} of {self.hands_total}", self.stage()]
            trick_no = self.view.get("trick_no")
            if isinstance(trick_no, int):
                parts.append(f"trick {trick_no}")
        return " \u00b7 ".join(part for part in parts if part)

    # -- the corners -----------------------------------------------------------------------------
    def corner_room(self, box: Box) -> float:
        """How wide a bottom corner is: from the felt's edge to the bottom plate."""
        return (box[2] - box[0]) / 2 - self.bottom_plate / 2 - 12

    def corner_play(self, img: Image.Image, draw: Draw, box: Box) -> None:
        """Top right: the way play goes, and the trick's number."""
        _, y0, x1, _ = box
        arrow = turn_arrow(16, 1)
        ax = x1 - 4 - arrow.width
        img.paste(arrow, (round(ax), round(y0)), arrow)
        draw_text(draw, (ax - 6, y0 + arrow.height / 2 - 10), "PLAY GOES", SMALL - 6, theme.MUTED, anchor="rm",
                  bold=True)
        draw_text(draw, (ax - 6, y0 + arrow.height / 2 + 9), self.way, SMALL - 3, CORNER_INK, anchor="rm")
        count = self.trick_count()
        if count:
            draw_text(draw, (x1 - 6, y0 + arrow.height + 12), count, SMALL - 3, CORNER_INK, anchor="rm")

    def corner_last(self, img: Image.Image, draw: Draw, box: Box) -> None:
        """Bottom left: the last trick, small, with who took it, its points and the rule that
        decided it."""
        if self.last is None:
            return
        cards = plays(self.last)
        if not cards:
            return
        x0, _, _, y1 = box
        w = CORNER_CARD
        step = w * 0.62
        taker = self.taker_name(self.last.get("winner"))
        text = f"to {taker} \u00b7 {plural(pack.total(c for _, c in cards), 'point')}"
        room = self.corner_room(box) - 8
        bottom = y1 - 4
        layout.draw_rich(img, draw, (x0 + 4, bottom - 8), layout.ellipsize(text, SMALL - 3, room), SMALL - 3,
                         theme.TEXT)
        y = bottom - 20 - card_height(w)
        for i, (_, card) in enumerate(cards):
            card_rows.paste_card(img, card, (x0 + 4 + i * step, y), card_width=w, family=FAMILY, shadow=False)
        draw_text(draw, (x0 + 4, y - 12), "LAST TRICK", SMALL - 5, theme.MUTED, anchor="lm", bold=True)
        why = self.last_call(self.last)
        if why:
            tag(draw, (x0 + 4 + text_width("LAST TRICK", SMALL - 5, True) + 10 + tag_width(why), y - 14), why,
                theme.HIGHLIGHT)

    def corner_fool(self, img: Image.Image, draw: Draw, box: Box) -> None:
        """Bottom right: where the Fool is (the Fool itself when it lies face up aside)."""
        lines, aside = self.fool_lines()
        if not lines:
            return
        _, _, x1, y1 = box
        room = self.corner_room(box) - 8
        lead = layout.line_height(SMALL - 3)
        y = y1 - 8 - lead * (len(lines) - 1)
        top = y - 22
        for line in lines:
            draw_text(draw, (x1 - 4, y), layout.ellipsize(line, SMALL - 3, room), SMALL - 3, theme.TEXT, anchor="rm")
            y += lead
        if aside:
            h = card_height(CORNER_CARD)
            card_rows.paste_card(img, pack.FOOL, (x1 - 8 - CORNER_CARD, top - h), card_width=CORNER_CARD, family=FAMILY,
                              highlight=True)
            top -= h + 18
        draw_text(draw, (x1 - 4, top), "THE FOOL", SMALL - 5, theme.MUTED, anchor="rm", bold=True)


# -- the hand ------------------------------------------------------------------------------------

def banded_hand(view: Mapping[str, Any], bands: Sequence[tuple[int, Painter]],
                glow: Collection[str] | None) -> Image.Image:
    """The generic hand with ``bands`` (height, painter) stacked over it."""
    if not bands:
        return generic_hand.hand(view, glow=glow)
    height = sum(h for h, _ in bands) + BAND_GAP * (len(bands) - 1)

    def paint(img: Image.Image, draw: Draw, box: Box) -> None:
        x0, y0, x1, _ = box
        y = y0
        for h, painter in bands:
            painter(img, draw, (x0, y, x1, y + h))
            y += h + BAND_GAP

    return generic_hand.hand(view, glow=glow, band=(height, paint))


def trick_band(cards: Sequence[tuple[str, str, str]], caption: str, label: str = "THE TRICK",
               glow: Collection[str] = ()) -> Painter:
    """The trick so far: ``label`` (another than "THE TRICK" highlighted) over ``caption``, then
    each (card, who played it, a muted word under the name or "")."""
    def paint(img: Image.Image, draw: Draw, box: Box) -> None:
        x0, y0, x1, y1 = box
        layout.panel(draw, box, theme.PANEL, theme.PANEL_LIGHT, line=1)
        mid = (y0 + y1) / 2
        draw_text(draw, (x0 + 14, mid - 12), layout.ellipsize(label, SMALL - 5, 130, True), SMALL - 5,
                  theme.HIGHLIGHT if label != "THE TRICK" else theme.MUTED, anchor="lm", bold=True)
        draw_text(draw, (x0 + 14, mid + 10), layout.ellipsize(caption, SMALL - 1, 130, True), SMALL - 1, theme.TEXT,
                  anchor="lm", bold=True)
        x: float = x0 + 150
        step = min((x1 - x - 10) / max(1, len(cards)), BAND_CARD + 120.0)
        for card, who, under in cards:
            card_rows.paste_card(img, card, (x, y0 + 12), card_width=BAND_CARD, family=FAMILY, highlight=card in glow)
            name = layout.ellipsize(who, SMALL - 3, step - BAND_CARD - 14)
            if under:
                draw_text(draw, (x + BAND_CARD + 8, mid - 10), name, SMALL - 3, theme.TEXT, anchor="lm")
                draw_text(draw, (x + BAND_CARD + 8, mid + 12), under, SMALL - 4, theme.MUTED, anchor="lm")
            else:
                draw_text(draw, (x + BAND_CARD + 8, mid), name, SMALL - 3, theme.TEXT, anchor="lm")
            x += step
    return paint


def raised_band(title: str, note: str, cards: Sequence[str], raised: set[str]) -> Painter:
    """A row of cards to choose among, under a title and a note: those in ``raised`` raised and
    glowing, the others dimmed."""
    def paint(img: Image.Image, draw: Draw, box: Box) -> None:
        x0, y0, x1, _ = box
        layout.panel(draw, box, theme.FELT, theme.HIGHLIGHT, line=2, radius=theme.RADIUS + 6)
        layout.draw_rich(img, draw, (x0 + 14, y0 + 18), layout.ellipsize(title, SMALL - 3, (x1 - x0) * 0.55, True),
                         SMALL - 3, theme.TEXT, bold=True)
        draw_text(draw, (x1 - 14, y0 + 18), layout.ellipsize(note, SMALL - 3, (x1 - x0) * 0.4), SMALL - 3,
                  theme.HIGHLIGHT, anchor="rm", bold=True)
        if not cards:
            return
        row = list(cards)
        xs = card_rows.fan_positions(layout.groups_of(row, layout.suit_group(FAMILY)), BAND_CARD, x1 - x0 - 28,
                                  max_step=BAND_CARD + 6, group_gap=10)
        left = (x0 + x1) / 2 - card_rows.row_width(xs, BAND_CARD) / 2
        up = raised & set(row)
        card_rows.draw_cards(img, row, xs, y0 + 34 + layout.LIFT, card_width=BAND_CARD, family=FAMILY, highlight=up,
                          raised=up, dim=set(row) - up, x0=left)
    return paint


def rule_band(head: str, rule: str) -> Painter:
    """What may be discarded: ``head`` (how many) over the ``rule``."""
    def paint(img: Image.Image, draw: Draw, box: Box) -> None:
        x0, y0, x1, y1 = box
        mid = (y0 + y1) / 2
        layout.panel(draw, box, theme.PANEL, theme.HIGHLIGHT, line=1)
        room = x1 - x0 - 28
        draw_text(draw, (x0 + 14, mid - 12), layout.ellipsize(head, SMALL + 1, room, True), SMALL + 1, theme.TEXT,
                  anchor="lm", bold=True)
        draw_text(draw, (x0 + 14, mid + 14), layout.ellipsize(rule, SMALL - 2, room), SMALL - 2, theme.MUTED,
                  anchor="lm")
    return paint


def discard_cards(img: Image.Image, draw: Draw, box: Box, head: str, under: str, cards: Sequence[str],
                  left: float) -> float:
    """A band's panel with ``head`` over ``under`` at its left and the viewer's own discard,
    small, from ``left`` along it; returns where the cards end, for what the band says of them."""
    x0, y0, _, y1 = box
    mid = (y0 + y1) / 2
    layout.panel(draw, box, theme.PANEL, theme.PANEL_LIGHT, line=1)
    draw_text(draw, (x0 + 14, mid - 11), head, SMALL - 5, theme.MUTED, anchor="lm", bold=True)
    draw_text(draw, (x0 + 14, mid + 11), under, SMALL - 2, theme.TEXT, anchor="lm")
    x = x0 + left
    w = CORNER_CARD
    for i, card in enumerate(cards):
        card_rows.paste_card(img, card, (x + i * (w + 6), mid - card_height(w) / 2), card_width=w, family=FAMILY,
                          shadow=False)
    return x + len(cards) * (w + 6)
