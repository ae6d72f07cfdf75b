"""A Bullshit player's copy: what they need of the table and their whole hand in the box Discord shows
inline (:data:`renderers.kit.shown.COPY_SIZE`, see :mod:`renderers.kit.shown`).

From the top: the status line; a felt band with the pile (its size), the claim the table is on
("Bartholomew says 4 x 2s", with how many of that rank the member holds: the figure that tells a
lie) or the call that turned it up, and the rank the next play declares with how many of it the
member holds; a strip of the seats (cards held, who plays next, who may call, who is out); the
member's hand by rank, the cards of the next rank raised and glowing as in the hand picture.
Big hands wrap into rows that overlap down to their index. Only ``table`` (the spectators' view)
and ``hand`` (the member's) are read: nothing of another hand can be drawn.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image

from games.bullshit.view import BullshitView, RevealView
from games.core.cards import rank_of
from renderers.games.bullshit.parts import (
    PILE_RISE,
    claim_width,
    draw_claim,
    layers_for,
    pile_sprite,
    rank_chip,
    rank_word,
    verdict_mark,
)
from renderers.games.bullshit.seats import Chip, paste_chips, strip_height
from renderers.games.bullshit.view import Table, held
from renderers.kit import card_rows, layout, shown, theme
from renderers.kit import hand as generic_hand
from renderers.kit.fonts import draw_text, fit_size, text_width
from renderers.kit.layout import Box, Draw
from renderers.kit.names import fit_name_with, shorten_names_in
from renderers.kit.theme import RGB, card_height

W, H = shown.COPY_SIZE
M = 8  # the margin round the picture
GAP = 6  # between its parts
SIZE = theme.SMALL_TEXT_SIZE  # body text (19)
NOTE = 18
LABEL = shown.COPY_TEXT_MIN  # the smallest text drawn (17)
BIG = 30  # the claim
BAND_H = 92
CARD = shown.COPY_CARD_WIDTH
CARD_H = card_height(CARD)
STEP = round(CARD * 0.62)  # a fanned card shows this much of itself when there is room
MIN_STEP = math.ceil(CARD * layout.INDEX_SHOWN)  # never less: the index strip shows whole
PITCH = CARD_H + 6  # between rows' tops when they fit side by side
MIN_PITCH = 40  # rows may overlap down to the rank and suit in the corner, glowing cards raised
TIGHT_PITCH = 30  # or, nothing raised, down to the rank (all a claim is about)
COMFORT = 44  # a second row is worth it while its rows overlap no more than this
PILE_SCALE = 0.44
PILE_W = 76
NEXT_W = 190  # at most
NEXT_CHIP = 44


class Copy:
    """The two views read once (no ``hand`` for the table, which shows none), and where each part goes."""

    def __init__(self, table: BullshitView, hand: BullshitView | None) -> None:
        self.t = Table(table)
        self.viewer = hand["viewer"] if hand else None
        self.cards = generic_hand.hand_cards(hand) if hand else []
        # To move: to play, or to call or let a play stand; plays next: the next play is theirs.
        self.my_turn = hand is not None and self.viewer is not None and self.viewer in hand["to_move"] \
            and not self.t.over
        self.plays_next = self.viewer is not None and self.viewer == self.t.turn
        self.glow = {c for c in self.cards if rank_of(c) == self.t.rank}
        self.status = self.t.status
        self.lines = layout.status_lines(self.status, W - 2 * M, SIZE, 2)
        self.status_h = len(self.lines) * layout.line_height(SIZE) + 12
        y = M + self.status_h + GAP
        self.band = (M, y, W - M, y + BAND_H)
        y += BAND_H + GAP
        self.strip = (M, y, W - M, y + strip_height(self.t.players))
        self.felt = (M, self.strip[3] + GAP, W - M, H - M)

    # -- the whole -------------------------------------------------------------------------------
    def draw(self) -> Image.Image:
        img, draw = layout.canvas(W, H)
        colour = theme.GOOD if self.t.over else theme.ACCENT if self.my_turn else theme.PANEL_LIGHT
        layout.status_line(img, draw, (M, M, W - M, M + self.status_h), self.status, colour=colour, size=SIZE)
        self.draw_band(img, draw)
        chips = tuple(self.chip(seat) for seat in range(self.t.players))
        paste_chips(img, self.strip, chips)
        self.draw_hand(img, draw)
        return img

    # -- the band: pile, claim, next rank --------------------------------------------------------
    def draw_band(self, img: Image.Image, draw: Draw) -> None:
        x0, y0, x1, y1 = self.band
        layout.panel(draw, self.band, theme.FELT, theme.FELT_LIGHT, line=2, radius=theme.RADIUS + 4)
        self.draw_pile(img, draw, (x0 + 6, y0, x0 + 6 + PILE_W, y1))
        right = float(x1)
        if not self.t.over:
            right = x1 - 8 - self.next_width()
            self.draw_next(img, draw, (right, y0 + 8, x1 - 8, y1 - 8))
        claim = (x0 + 12 + PILE_W, y0 + 6, right - 12, y1 - 6)
        if self.t.reveal is not None and self.t.window is None:
            self.draw_call(img, draw, claim, self.t.reveal)
        else:
            self.draw_said(img, draw, claim)

    def draw_pile(self, img: Image.Image, draw: Draw, box: Box) -> None:
        x0, y0, x1, y1 = box
        cx, foot = (x0 + x1) / 2, y1 - 30
        if self.t.pile:
            # As tall as the table's pile, but no taller than the band (a card back rises 1.3 px a layer).
            most = 1 + int((foot - y0 - 4 - card_height(round(70 * PILE_SCALE))) / (PILE_RISE * PILE_SCALE))
            sprite = small_pile(min(layers_for(self.t.pile), most))
            margin = round(16 * PILE_SCALE)
            img.paste(sprite, (round(cx - sprite.width / 2), round(foot + margin - sprite.height)), sprite)
            text = layout.plural(self.t.pile, "card")
        else:
            w, h = round(70 * PILE_SCALE), card_height(round(70 * PILE_SCALE))
            card_rows.empty_slot(draw, (cx - w / 2, foot - h, cx + w / 2, foot))
            text = "no pile"
        draw_text(draw, (cx, y1 - 15), text, LABEL, theme.TEXT, anchor="mm", bold=True)

    def next_texts(self) -> tuple[str, str, str]:
        """The next play's box: who plays it, the rank's name, how many of it the member holds."""
        who = "YOU PLAY" if self.plays_next else f"{self.t.name(self.t.turn)} plays"
        return who, rank_word(self.t.rank), held(self.cards, self.t.rank) if self.viewer is not None else ""

    def next_width(self) -> float:
        who, word, mine = self.next_texts()
        text = max(text_width(who, LABEL, True), text_width(word, 23, True), text_width(mine, LABEL))
        return min(NEXT_W, 10 + NEXT_CHIP + 10 + text + 12)

    def draw_next(self, img: Image.Image, draw: Draw, box: Box) -> None:
        """The rank the next play declares: its chip, who plays it, its name and how many of it the
        member holds."""
        x0, y0, x1, y1 = box
        layout.panel(draw, box, theme.PANEL, theme.ACCENT if self.plays_next else theme.PANEL_LIGHT, line=2)
        rank = self.t.rank
        mid = (y0 + y1) / 2
        rank_chip(draw, (x0 + 10, mid - NEXT_CHIP / 2, x0 + 10 + NEXT_CHIP, mid + NEXT_CHIP / 2), rank,
                  24 if len(rank) > 1 else 28)
        x = x0 + 10 + NEXT_CHIP + 10
        room = x1 - 8 - x
        who, word, mine = self.next_texts()
        draw_text(draw, (x, mid - 23), who_fitted(who, room), LABEL,
                  theme.HIGHLIGHT if self.plays_next else theme.MUTED, anchor="lm", bold=True)
        draw_text(draw, (x, mid + 1), word, fit_size(word, room, 23, LABEL, True), theme.TEXT, anchor="lm", bold=True)
        if mine:
            draw_text(draw, (x, mid + 24), mine, LABEL, theme.TEXT, anchor="lm")

    def said(self) -> tuple[int, str, int, str, RGB, tuple[str, RGB, bool] | None, str]:
        """What the claim part shows: the seat (-1: none), a head ("Bob says"), the claim's count
        (0: none) and word, its ink, a note under it (text, ink, bold) and a word in red beside it.
        The claim the table is on (with how many of its rank the member holds: the figure that tells
        a lie), else the last one, which stood, else the first play; or the winner."""
        t, viewer = self.t, self.viewer
        if t.over:
            names = " and ".join(t.name(s) for s in sorted(t.winners))
            left = f"you hold {layout.plural(len(self.cards), 'card')}" if viewer is not None and self.cards else ""
            word = f"{names} {'wins' if len(t.winners) == 1 else 'win'}" if names else "Nobody wins"
            return -1, "Game over", 0, word, theme.GOOD, (left, theme.MUTED, False), ""
        if t.window is not None:
            seat, count, rank = t.window["seat"], t.window["count"], t.window["rank"]
            beside = "Last cards!" if t.window["last_cards"] else ""
            note: tuple[str, RGB, bool] | None = None
            if seat == viewer:
                note = (t.waiting_text(), theme.MUTED, False)
            elif viewer is not None:
                clock = t.window["seconds"]
                mine = viewer in t.waiting
                tail = (f" \u00b7 {clock} s to call" if clock else "") if mine else " \u00b7 no call"
                note = (held(self.cards, rank) + tail, theme.HIGHLIGHT if mine else theme.MUTED, mine)
            return seat, f"{t.name(seat)} says", count, rank_word(rank, count), theme.TEXT, note, beside
        if t.claims:
            seat, count = t.claims[-1]["seat"], t.claims[-1]["count"]
            word = rank_word(t.claims[-1]["rank"], count)
            return seat, f"{t.name(seat)} said", count, word, theme.TEXT, ("Nobody called: it stands", theme.MUTED,
                                                                              False), ""
        note = (f"{t.name(t.turn)} plays first", theme.MUTED, False)
        return -1, "First play", 0, rank_word(t.rank), theme.TEXT, note, ""

    def draw_said(self, img: Image.Image, draw: Draw, box: Box) -> None:
        """:meth:`said`: the head, the claim big, the note."""
        seat, head, count, word, ink, note, beside = self.said()
        x0, y0, x1, y1 = box
        lead = layout.line_height(NOTE) + 2
        y = (y0 + y1) / 2 - (24 + BIG + 6 + (lead if note and note[0] else 0)) / 2
        x = x0
        if seat >= 0:
            draw.ellipse((x, y + 12 - 7, x + 14, y + 12 + 7), fill=layout.seat_colour(seat))
            x += 20
        layout.draw_rich(img, draw, (x, y + 12), layout.ellipsize(head, SIZE, x1 - x, True), SIZE, theme.TEXT,
                         bold=True)
        mid = y + 24 + BIG / 2 + 2
        extra = 14 + text_width(beside, SIZE, True) if beside else 0.0
        size = BIG
        while size > 20 and big_width(count, word, size) + extra > x1 - x0:
            size -= 2
        if count:
            x = x0 + draw_claim(img, draw, (x0, mid), count, word, size, ink) + 14
            if beside and x + extra - 14 <= x1:
                draw_text(draw, (x, mid + 1), beside, SIZE, theme.BAD, anchor="lm", bold=True)
        else:
            draw_text(draw, (x0, mid), layout.ellipsize(word, size, x1 - x0, True), size, ink, anchor="lm", bold=True)
        if note and note[0]:
            text, colour, bold = note
            layout.draw_rich(img, draw, (x0, y + 24 + BIG + 6 + lead / 2), layout.ellipsize(text, NOTE, x1 - x0, bold),
                             NOTE, colour, bold=bold)

    def draw_call(self, img: Image.Image, draw: Draw, box: Box, reveal: RevealView) -> None:
        """The latest call: who called whose claim, the cards it turned up (as text, each marked as
        declared or not; those that do not fit counted) and the verdict: who picked the pile up."""
        t = self.t
        x0, _, x1, _ = box
        cards, rank = reveal["cards"], reveal["rank"]
        seat, lie = reveal["seat"], reveal["lie"]
        x, y, mid = call_head(img, draw, t, reveal, box)
        size = next((s for s in (22, 20) if turned_width(cards, s) <= x1 - x), 18)
        shown = len(cards)
        while shown > 1 and x + turned_width(cards[:shown], size) + text_width(f"+{len(cards) - shown}", size,
                                                                               True) > x1:
            shown -= 1
        for card in cards[:shown]:
            x += layout.draw_rich(img, draw, (x, mid), card_text(card), size, theme.TEXT, bold=True) + 2
            mark = verdict_mark(rank_of(card) == rank, size - 4)
            img.paste(mark, (round(x), round(mid - mark.height / 2)), mark)
            x += mark.width + size / 3
        if shown < len(cards):
            draw_text(draw, (x, mid), f"+{len(cards) - shown}", size, theme.MUTED, anchor="lm", bold=True)
        took = f"{t.name(reveal['taker'])} picks up {reveal['pile']}"
        if seat in t.out and not lie:
            took += f" \u00b7 {t.name(seat)} is out"
        lead = layout.line_height(NOTE)
        layout.draw_rich(img, draw, (x0, y + 24 + BIG + 6 + lead / 2), layout.ellipsize(took, NOTE, x1 - x0), NOTE,
                         theme.TEXT)

    # -- the seats -------------------------------------------------------------------------------
    def chip(self, seat: int) -> Chip:
        t = self.t
        out = seat in t.out
        return Chip(seat, t.name(seat), t.counts[seat], nxt=seat == t.turn and not t.over, waiting=seat in t.waiting,
                    winner=seat in t.winners, out=out, place=t.out.index(seat) + 1 if out and t.places else 0,
                    mine=seat == self.viewer)

    # -- the hand --------------------------------------------------------------------------------
    def rows(self) -> list[list[str]]:
        """The hand in rows: one while it fans out with room to spare, else as few as keep every
        index strip whole (two when they overlap little), and never more than the felt holds with
        each row's rank showing above the next."""
        n = len(self.cards)
        if not n:
            return []
        width = self.felt[2] - self.felt[0] - 20
        count = math.ceil(n / (int((width - CARD) // MIN_STEP) + 1))
        if count == 1 and n > 1 and (width - CARD) / (n - 1) < COMFORT and self.spacing(2)[0] >= COMFORT:
            count = 2
        most = 1 + int((self.felt[3] - self.felt[1] - 16 - CARD_H) // TIGHT_PITCH)
        return card_rows.split_rows(self.cards, math.ceil(n / min(count, most)), rank_of, 2)

    def spacing(self, rows: int) -> tuple[float, int]:
        """The distance between the tops of ``rows`` rows in the felt, and how far glowing cards
        rise (not at all when the rows overlap so much that a raised card would hide a rank)."""
        room = self.felt[3] - self.felt[1] - 16 - CARD_H
        if rows < 2:
            return PITCH, layout.LIFT
        lifted = (room - layout.LIFT) / (rows - 1)
        if lifted >= MIN_PITCH:
            return min(PITCH, lifted), layout.LIFT
        return max(TIGHT_PITCH, room / (rows - 1)), 0

    def places(self) -> list[tuple[str, Box]]:
        """Each card of the hand and its box (raised where it glows), in drawing order."""
        rows = self.rows()
        x0, y0, x1, y1 = self.felt
        pitch, lift = self.spacing(len(rows))
        block = lift + CARD_H + pitch * (len(rows) - 1)
        top = round((y0 + y1) / 2 - block / 2 + lift)
        out: list[tuple[str, Box]] = []
        for i, row in enumerate(rows):
            xs = card_rows.fan_positions(layout.groups_of(row, rank_of), CARD, x1 - x0 - 20, max_step=STEP,
                                         group_gap=12)
            left = (x0 + x1) / 2 - card_rows.row_width(xs, CARD) / 2
            y = round(top + i * pitch)
            for card, x in zip(row, xs, strict=True):
                up = lift if card in self.glow else 0
                out.append((card, (round(left + x), y - up, round(left + x) + CARD, y - up + CARD_H)))
        return out

    def draw_hand(self, img: Image.Image, draw: Draw) -> None:
        x0, y0, x1, y1 = self.felt
        layout.panel(draw, self.felt, theme.FELT, theme.FELT_LIGHT, line=2, radius=theme.RADIUS + 6)
        if not self.cards:
            notice = "No cards in hand" if self.viewer is not None else "Spectators hold no cards"
            draw_text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), notice, SIZE, theme.MUTED, anchor="mm")
            return
        for card, box in self.places():
            card_rows.paste_card(img, card, box[:2], card_width=CARD, highlight=card in self.glow)


def call_head(img: Image.Image, draw: Draw, t: Table, reveal: RevealView, box: Box) -> tuple[float, float, float]:
    """A call's first two lines, as the copy and the table both tell it: "Bob called Ann's 3 x Kings",
    then "Lie!" or "True!". Returns where the verdict's line goes on, the first line's top and the
    verdict's middle."""
    x0, y0, x1, y1 = box
    cards = reveal["cards"]
    word = rank_word(reveal["rank"], len(cards))
    y = (y0 + y1) / 2 - (24 + BIG + 6 + layout.line_height(NOTE)) / 2
    said = claim_width(len(cards), word, SIZE)
    caller, seat = t.name(reveal["caller"]), t.name(reveal["seat"])
    head = shorten_names_in(f"{caller} called {seat}'s", [caller, seat], SIZE,
                            max(40.0, x1 - x0 - said - 8), True)
    x = x0 + layout.draw_rich(img, draw, (x0, y + 12), head, SIZE, theme.TEXT, bold=True) + 8
    draw_claim(img, draw, (x, y + 12), len(cards), word, SIZE, theme.TEXT)
    mid = y + 24 + BIG / 2 + 2
    lie = reveal["lie"]
    verdict = "Lie!" if lie else "True!"
    draw_text(draw, (x0, mid), verdict, BIG, theme.BAD if lie else theme.GOOD, anchor="lm", bold=True)
    return x0 + text_width(verdict, BIG, True) + 12, y, mid


def card_text(card: str) -> str:
    """"9♣": a card as rich text (:func:`layout.draw_rich` draws its suit as a mark)."""
    return card[:-1] + {v: k for k, v in layout.SUIT_SYMBOLS.items()}.get(card[-1], "")


def big_width(count: int, word: str, size: int) -> float:
    """The width of the claim drawn big ("3 x Kings"; with no count the word alone)."""
    return claim_width(count, word, size) if count else text_width(word, size, True)


def turned_width(cards: Sequence[str], size: int) -> float:
    """The width the cards a call turned up take as text at ``size``, with their marks."""
    return sum(layout.rich_width(card_text(c), size, True) + 2 + size - 4 + size / 3 for c in cards)


@lru_cache(maxsize=16)
def small_pile(layers: int) -> Image.Image:
    """The table's pile sprite at ``PILE_SCALE`` (backs are counts: they may be small)."""
    sprite = pile_sprite(layers)
    size = (round(sprite.width * PILE_SCALE), round(sprite.height * PILE_SCALE))
    return sprite.resize(size, Image.Resampling.LANCZOS)


def copy(table: BullshitView, hand: BullshitView) -> Image.Image:
    """The member's copy for ``table`` (the spectators' view) and ``hand`` (their seat's)."""
    return Copy(table, hand).draw()


def who_fitted(who: str, room: float) -> str:
    """The next play's "Easy computer 1 plays" within ``room``: " plays" whole, the name fitted."""
    return fit_name_with(who.removesuffix(" plays"), " plays", LABEL, room, True) if who.endswith(" plays") else who
