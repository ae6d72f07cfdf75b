"""What the tarot pictures share: the base games (:mod:`renderers.games.tarot.base`) and the
two-player games (:mod:`renderers.games.tarot.manchester`).

:class:`TarotTable` reads what both tables and copies say alike: who is to move, the trick, the
last trick, the heading's words and the outcome; a subclass reads the rest and gives the words
that differ. For the hand and the hand's end: the bands stacked over the generic hand (the trick
so far, a discard's rule, the viewer's own discard, a row of cards to choose among) and the card
widths and words both games use.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Iterable, Sequence

from PIL import Image

from games.core.cards import SUIT_NAMES, short
from games.tarot import pack
from games.tarot.base.view import TarotTableView
from games.tarot.manchester.view import ManchesterView
from renderers.kit import card_rows, layout, theme
from renderers.kit import hand as generic_hand
from renderers.kit.fonts import draw_text
from renderers.kit.layout import Box, Draw, plural
from renderers.kit.names import fit_name
from renderers.kit.theme import card_height
from renderers.kit.trick_table import trick_plays

WIDTH = 880
PAD = theme.PADDING
SMALL = theme.SMALL_TEXT_SIZE
FAMILY = "tarot"
BANNER_H = 104
# Few card widths, shared by the hands and the hands' ends, so that each card's sprite is drawn once
# per width: 42 in piles and discards, 56 in the hand's bands, 80 in Piccadilly's choice, 110 in the
# hand.
TRICK_CARD = 80
CORNER_CARD = 42
BAND_CARD = 56

# -- the hand's bands ----------------------------------------------------------------------------
BAND_GAP = 10
TRICK_BAND_H = card_height(BAND_CARD) + 24
RAISED_BAND_H = 34 + layout.LIFT + card_height(BAND_CARD) + 14
RULE_BAND_H = 64
DISCARD_BAND_H = card_height(CORNER_CARD) + 16

Painter = Callable[[Image.Image, Draw, Box], None]
TarotView = TarotTableView | ManchesterView


# -- words ---------------------------------------------------------------------------------------

def led_caption(trick: Sequence[tuple[int, str]]) -> str:
    """"Swords led", "Trumps led", "The Fool led" for a trick so far."""
    for _, card in trick:
        if card == pack.FOOL:
            continue
        suit = pack.suit(card)
        return "Trumps led" if suit == pack.TRUMP else f"{SUIT_NAMES['tarot'].get(suit, suit).capitalize()} led"
    return "The Fool led" if trick else ""


def cards_text(cards: Iterable[str]) -> str:
    """Tarot cards as the log names them ("Qc 8c T21 Fool")."""
    return " ".join(short(str(c), "tarot") for c in cards)


def capital(text: str) -> str:
    """``text`` with a capital first letter ("the dummy takes the trick" opens a log line)."""
    return text[:1].upper() + text[1:]


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n).replace("-", "\u2212")


# -- the table -----------------------------------------------------------------------------------

class TarotTable(layout.SeatedView, ABC):
    """A tarot table's view, read once: what the table and the copy of both games say alike."""

    view: TarotView

    def __init__(self, view: TarotView) -> None:
        super().__init__(view, default_players=view["players"])
        self.hands_total = view["hands_total"]
        self.movers = set(view["to_move"]) if not self.over else set()
        self.trick = trick_plays(view["trick"])
        self.status = layout.named(view, view["status"])

    # -- what differs ----------------------------------------------------------------------------
    @abstractmethod
    def title(self) -> str:
        """The game, at the heading's left."""

    @abstractmethod
    def stage(self) -> str:
        """What the heading says after the hand ("" for nothing)."""

    @abstractmethod
    def trick_count(self) -> str:
        """The trick's number ("" for none)."""

    @abstractmethod
    def fool_lines(self) -> tuple[list[str], bool]:
        """Where the Fool is, and whether it lies face up aside."""

    def outcome(self) -> str:
        """The game's result, in words."""
        outcome = self.view["outcome"]
        return layout.named(self.view, outcome["detail"] if outcome else "") or "Game over"

    def subtitle(self) -> str:
        """"Hand 2 of 3 · Tontine · trick 5"; "Game over · 3 hands · Tontine"."""
        if self.over:
            parts = ["Game over", plural(self.hands_total, "hand"), self.stage()]
        else:
            parts = [f"Hand {self.view['hand_no']} of {self.hands_total}", self.stage()]
            trick_no = self.view["trick_no"]
            if trick_no is not None:
                parts.append(f"trick {trick_no}")
        return " \u00b7 ".join(part for part in parts if part)


# -- the hand ------------------------------------------------------------------------------------

def banded_hand(view: TarotView, bands: Sequence[tuple[int, Painter]],
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
            name = fit_name(who, SMALL - 3, step - BAND_CARD - 14)
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
