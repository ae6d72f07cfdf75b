"""The Bullshit table (the picture onlookers follow the game by) laid out for Discord's inline box
(:data:`renderers.kit.shown.COPY_SIZE`): a player's copy (:mod:`renderers.games.bullshit.copy`) without
the hand, drawn with its parts, and what onlookers need in the room the hand took.

From the top: a small line naming the game, the dealer and the rules in brief; the status line;
the copy's felt band: the pile (its size), the claim the table is on with who may still call it
and how long they have (or the last claim, which stood; the winner at the end; the latest call,
who called whose claim and who picked the pile up) and the rank the next play declares with who
plays it; the copy's strip of seats (cards held, who plays next, who may call, who is out and
in what place, the winner); under them the last plays claimed, or the cards the latest call
turned up, face up and each marked as declared or not, beside the recent log.

Only the spectators' view is read: every seat and spectator sees the same table.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from games.bullshit.view import BullshitView, RevealView
from games.core.cards import rank_of
from renderers.games.bullshit.copy import (
    BAND_H,
    BIG,
    CARD,
    CARD_H,
    GAP,
    LABEL,
    NEXT_CHIP,
    NOTE,
    PILE_W,
    SIZE,
    Copy,
    H,
    M,
    W,
    call_head,
    who_fitted,
)
from renderers.games.bullshit.parts import claim_width, draw_claim, ordinal, rank_chip, rank_word, verdict_mark
from renderers.games.bullshit.seats import paste_chips, strip_height
from renderers.games.bullshit.view import merged_log
from renderers.kit import card_rows, layout, log_panel, regions, theme
from renderers.kit.fonts import draw_text, fit_size
from renderers.kit.layout import Box, Draw
from renderers.kit.names import fit_name
from renderers.kit.theme import RGB

HEAD_H = 20  # the game's line
PLAYS_W = 236  # the plays' panel, and the least the turned-up cards' felt takes
TURNED_W = 330  # the most the turned-up cards' felt takes
TURNED_PAD = 12
MARK = 22  # a turned-up card's verdict mark
LEAD = layout.line_height(NOTE) + 3


class Picture(Copy):
    """A spectator's copy (no hand), laid out for the table: where each part goes."""

    def __init__(self, view: BullshitView) -> None:
        super().__init__(view, None)
        t = self.t
        self.turned = t.reveal if t.reveal is not None and t.window is None else None
        # With the cards a call turned up to show under two rows of seats, the status takes one line
        # (it is short then: whose play it is, or the result).
        lines = 1 if self.turned is not None and t.players > 5 else 2
        self.lines = layout.status_lines(self.status, W - 2 * M, SIZE, lines)
        self.status_h = len(self.lines) * layout.line_height(SIZE) + 12
        y = M + HEAD_H + 4
        self.status_box = (M, y, W - M, y + self.status_h)
        y += self.status_h + GAP
        self.band = (M, y, W - M, y + BAND_H)
        y = round(self.band[3]) + GAP
        self.strip = (M, y, W - M, y + strip_height(t.players))
        self.bottom = (M, self.strip[3] + GAP, W - M, H - M)

    def draw(self) -> Image.Image:
        img, draw = layout.canvas(W, H)
        head, rest = self.head_texts()
        regions.region(img, (M, M, W - M, M + HEAD_H), ("bullshit-head", head, rest), paint_head(head, rest))
        colour = theme.GOOD if self.t.over else theme.ACCENT
        regions.region(img, self.status_box, ("bullshit-status", self.status, colour, len(self.lines)),
                       paint_status(self.status, colour, len(self.lines)))
        self.draw_band(img, draw)
        paste_chips(img, self.strip, tuple(self.chip(seat) for seat in range(self.t.players)))
        x0, y0, x1, y1 = self.bottom
        if self.turned is not None:
            split = x0 + self.turned_width(len(self.turned["cards"]))
            self.draw_turned_up(img, draw, (x0, y0, split, y1), self.turned)
        else:
            split = x0 + PLAYS_W
            plays = tuple((c["seat"], c["count"], c["rank"]) for c in self.t.claims)
            shown = plays[-max(1, int((y1 - y0 - 12) // LEAD)):]
            names = tuple(self.t.name(seat) for seat, _, _ in shown)
            regions.region(img, (x0, y0, split, y1), ("bullshit-plays", shown, names), paint_plays(shown, names))
        lines = tuple(layout.named(self.t.view, line) for line in merged_log(self.t.view["log"]))
        log = (split + GAP, y0, x1, y1)
        regions.region(img, log, ("bullshit-log", lines[-6:]), paint_log(lines[-6:]))
        return img

    # -- the game's line -------------------------------------------------------------------------
    def head_texts(self) -> tuple[str, str]:
        """The game's title, and after it the deal and the rules in brief."""
        t = self.t
        packs = "2 packs" if t.most > 4 else "1 pack"
        rest = (f"game over \u00b7 {t.players} players" if t.over else f"{t.name(t.dealer)} deals") + f" \u00b7 {packs}"
        if t.places:
            rest += " \u00b7 play on for places"
        if not t.over:  # last: the first thing cut when the line is too long
            rest += f" \u00b7 1-{t.most} cards a play"
        return t.view["title"], rest

    # -- the band --------------------------------------------------------------------------------
    def said(self) -> tuple[int, str, int, str, RGB, tuple[str, RGB, bool] | None, str]:
        """The copy's claim, with the notes onlookers need: who may still call it and how long
        they have, or what last cards mean; the places at the end."""
        seat, head, count, word, ink, note, beside = super().said()
        t = self.t
        room = self.claim_room()
        if t.over:
            note = (self.places_text(), theme.MUTED, False)
        elif t.window is not None:
            seconds = t.window["seconds"]
            clock = f" \u00b7 {seconds} s to call" if seconds else ""
            if t.window["last_cards"]:
                # The first out wins; with places kept, the next ones are out in their places.
                fate = f"{t.name(seat)} {'is out' if t.out else 'wins'}"
                texts = [f"Unless it is called, {fate}{clock}", f"Unless it is called, {fate}",
                         f"Unless called, {fate}"]
                note = (fitting(texts, room), theme.TEXT, False)
            else:  # the seats outline who may still call (a count here would be a new text at each pass)
                texts = [f"Call it or let it stand{clock}", f"Call it or let it stand \u00b7 {seconds} s",
                         "Call it or let it stand"]
                note = (fitting(texts, room), theme.HIGHLIGHT, False)
        return seat, head, count, word, ink, note, beside

    def claim_room(self) -> float:
        """The width of the band's claim part (see :meth:`Copy.draw_band`)."""
        x0, _, x1, _ = self.band
        right = x1 if self.t.over else x1 - 8 - self.next_width()
        return right - 12 - (x0 + 12 + PILE_W)

    def places_text(self) -> str:
        """At the end: who came where after the winner, when the game was played on for places."""
        t = self.t
        if not t.places:
            return "First out of cards"
        order = t.out + [s for s in range(t.players) if s not in t.out]  # the last one left is last
        return " \u00b7 ".join(f"{ordinal(i)} {t.name(s)}" for i, s in enumerate(order[1:], 2))

    def draw_next(self, img: Image.Image, draw: Draw, box: Box) -> None:
        """The copy's box of the next play, its two lines centred (nobody's hand to count in)."""
        x0, y0, x1, y1 = box
        layout.panel(draw, box, theme.PANEL, theme.PANEL_LIGHT, line=2)
        mid = (y0 + y1) / 2
        chip = NEXT_CHIP
        rank_chip(draw, (x0 + 10, mid - chip / 2, x0 + 10 + chip, mid + chip / 2), self.t.rank,
                  24 if len(self.t.rank) > 1 else 28)
        x = x0 + 10 + chip + 10
        room = x1 - 8 - x
        who, word, _ = self.next_texts()
        draw_text(draw, (x, mid - 12), who_fitted(who, room), LABEL, theme.MUTED, anchor="lm",
                  bold=True)
        draw_text(draw, (x, mid + 12), word, fit_size(word, room, 23, LABEL, True), theme.TEXT, anchor="lm", bold=True)

    def draw_call(self, img: Image.Image, draw: Draw, box: Box, reveal: RevealView) -> None:
        """The latest call: who called whose claim, the verdict and who picked the pile up, and
        how many of the cards (face up under the seats) were as declared."""
        t = self.t
        x0, _, x1, _ = box
        cards, rank = reveal["cards"], reveal["rank"]
        seat, lie = reveal["seat"], reveal["lie"]
        lead = layout.line_height(NOTE)
        x, y, mid = call_head(img, draw, t, reveal, box)
        took = f"{t.name(reveal['taker'])} picks up {reveal['pile']}"
        size = fit_size(took, x1 - x, 22, LABEL, True)
        draw_text(draw, (x, mid + 1), layout.ellipsize(took, size, x1 - x, True), size, theme.TEXT, anchor="lm",
                  bold=True)
        note = turned_note(cards, rank)
        if seat in t.out and not lie:
            note += f" \u00b7 {t.name(seat)} {'wins' if seat in t.winners else 'is out'}"
        draw_text(draw, (x0, y + 24 + BIG + 6 + lead / 2), layout.ellipsize(note, NOTE, x1 - x0), NOTE, theme.MUTED,
                  anchor="lm")

    # -- under the seats -------------------------------------------------------------------------
    @staticmethod
    def turned_width(n: int) -> float:
        """The width of the felt the cards a call turned up lie in."""
        return max(PLAYS_W, min(TURNED_W, 2 * TURNED_PAD + CARD + (n - 1) * (CARD + 6)))

    def draw_turned_up(self, img: Image.Image, draw: Draw, box: Box, reveal: RevealView) -> None:
        """The cards the latest call turned up, face up, each marked: as declared, or not."""
        x0, y0, x1, y1 = box
        layout.panel(draw, box, theme.FELT, theme.FELT_LIGHT, line=2, radius=theme.RADIUS + 6)
        cards, rank = reveal["cards"], reveal["rank"]
        xs = card_rows.fan_positions([len(cards)], CARD, x1 - x0 - 2 * TURNED_PAD, max_step=CARD + 6)
        left = (x0 + x1) / 2 - card_rows.row_width(xs, CARD) / 2
        top = round((y0 + y1) / 2 - CARD_H / 2)
        boxes = card_rows.draw_cards(img, cards, xs, top, card_width=CARD, lift=0, x0=left)
        strip = min(float(CARD), xs[1] - xs[0]) if len(xs) > 1 else float(CARD)
        for card, (bx0, by0, _, _) in zip(cards, boxes, strict=True):
            # In the part of the card left in view, under its index.
            mark = verdict_mark(rank_of(card) == rank, MARK)
            img.paste(mark, (round(bx0 + strip / 2 - MARK / 2), round(by0 + CARD_H * 0.5)), mark)


def turned_note(cards: Sequence[str], rank: str) -> str:
    """How many of the cards a call turned up were of the rank declared: "All 3 were Kings"."""
    true, n = sum(1 for c in cards if rank_of(c) == rank), len(cards)
    if n == 1:
        return f"It was {'' if true else 'not '}{'an' if rank in ('A', '8') else 'a'} {rank_word(rank, 1)}"
    word = rank_word(rank, n)
    return f"All {n} were {word}" if true == n else f"Only {true} of {n} were {word}" if true else \
        f"None of the {n} were {word}"


def fitting(texts: Sequence[str], room: float) -> str:
    """The first of ``texts`` that fits ``room`` as a note (the last one, cut, if none does)."""
    return next((text for text in texts if layout.rich_width(text, NOTE) <= room), texts[-1])


def paint_head(head: str, rest: str) -> regions.Painter:
    """The game's line: its title, then the deal and the rules, muted."""
    def paint(img: Image.Image, draw: Draw, box: Box) -> None:
        x0, y0, x1, y1 = box
        mid = (y0 + y1) / 2
        x = x0 + 4 + layout.draw_rich(img, draw, (x0 + 4, mid), head, LABEL, theme.TEXT, bold=True)
        rest_shown = layout.ellipsize(f" \u00b7 {rest}", LABEL, x1 - x)
        layout.draw_rich(img, draw, (x, mid), rest_shown, LABEL, theme.MUTED)
    return paint


def paint_status(status: str, colour: RGB, lines: int) -> regions.Painter:
    """The status line (the same while a play waits for calls: kept as a region)."""
    def paint(img: Image.Image, draw: Draw, box: Box) -> None:
        layout.status_line(img, draw, box, status, colour=colour, size=SIZE, max_lines=lines)
    return paint


def paint_plays(plays: Sequence[tuple[int, int, str]], names: Sequence[str]) -> regions.Painter:
    """The last plays claimed, newest at the bottom: the seat's colour and name, "3 x Kings"."""
    def paint(img: Image.Image, draw: Draw, box: Box) -> None:
        x0, y0, x1, _ = box
        layout.panel(draw, box, theme.PANEL)
        pad = 10
        if not plays:
            draw_text(draw, (x0 + pad, y0 + pad + LEAD / 2), "No plays yet", NOTE, theme.MUTED, anchor="lm")
            return
        y = y0 + 6
        for i, ((seat, count, rank), name) in enumerate(zip(plays, names, strict=True)):
            newest = i == len(plays) - 1
            mid = y + LEAD / 2
            ink = theme.TEXT if newest else theme.MUTED
            word = rank_word(rank, count)
            cw = claim_width(count, word, NOTE)
            draw.ellipse((x0 + pad, mid - 6, x0 + pad + 12, mid + 6), fill=layout.seat_colour(seat))
            shown = fit_name(name, NOTE, x1 - x0 - 2 * pad - 20 - cw - 10, newest)
            layout.draw_rich(img, draw, (x0 + pad + 20, mid), shown, NOTE, ink, bold=newest)
            draw_claim(img, draw, (x1 - pad - cw, mid), count, word, NOTE, ink)
            y += LEAD
    return paint


def paint_log(lines: Sequence[str]) -> regions.Painter:
    """The recent log, newest at the bottom, each line in up to two lines."""
    def paint(img: Image.Image, draw: Draw, box: Box) -> None:
        log_panel.log_panel(img, draw, box, lines, title="", size=NOTE, wrap_lines=2)
    return paint


def table(view: BullshitView) -> Image.Image:
    """The Bullshit table for ``view`` (every seat and spectator sees the same table)."""
    return Picture(view).draw()
