"""The Bullshit table and hand images.

The table is the oval of :mod:`renderers.kit.trick_table` with the players round it (narrower plates
from six seats, so that ten fit and leave room in the middle): each plate shows the cards held, the dealer's button, who
plays next and, while a play may be called, who may still call it ("may call") and who let it
stand ("no call"); after a call who called and who took the pile; the seats out of cards with
their place. In the middle lies the pile, face down, taller as it grows, with its size, beside
the latest claim in big letters ("3 x Kings") and what the table is waiting for; after a call,
the cards turned up (each marked true or false) and the verdict; under them the rank the next
play declares. Under the felt, the last plays claimed and the recent log.

Nothing face down is ever drawn face up: the table shows no hand at all, and the only faces on
it are the cards a call turned up (``view["reveal"]``), so every seat and spectator sees the
same table.

The hand (:func:`hand`) is the generic hand of :mod:`renderers.kit.hand`, the cards grouped by rank
and those of the rank the next play declares raised and glowing, with a band above them naming
that rank and how many of it the viewer holds, the claim a call would answer (and how many of
its rank the viewer holds: four Kings said while you hold one are a lie) and the pile's size.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from games.core.cards import rank_of
from renderers.games.bullshit_plates import (
    _PASS,
    BANNER_H,
    BIG,
    BOTTOM_H,
    CENTRE_H,
    FELT_H,
    LEAD,
    LOG_LINES,
    LOG_SIZE,
    NEXT_H,
    PAD,
    PILE_CARD,
    PLAYS_W,
    REVEAL_CARD,
    SMALL,
    WIDTH,
    Plate,
    centre_box,
    claim_width,
    draw_claim,
    layers_for,
    ordinal,
    paste_plate,
    pile_sprite,
    plate_boxes,
    rank_chip,
    rank_word,
    verdict_mark,
)
from renderers.kit import card_rows, layout, theme
from renderers.kit import hand as generic_hand
from renderers.kit.fonts import draw_text, fit_size, text_width
from renderers.kit.layout import Box, Draw, plural
from renderers.kit.theme import RGB, card_height
from renderers.kit.trick_table import paste_oval

# -- the table -----------------------------------------------------------------------------------

def merged_log(lines: Sequence[str]) -> list[str]:
    """The log with each run of "X lets it stand" lines told as one ("X, Y and Z let it stand"):
    at ten seats a play is followed by up to nine of them."""
    out: list[str] = []
    run: list[str] = []

    def flush() -> None:
        if run:
            who = run[0] if len(run) == 1 else ", ".join(run[:-1]) + " and " + run[-1]
            out.append(f"{who} {'lets' if len(run) == 1 else 'let'} it stand")
            run.clear()

    for line in lines:
        found = _PASS.fullmatch(str(line))
        if found:
            run.append(found.group(1))
        else:
            flush()
            out.append(str(line))
    flush()
    return out


@dataclass(frozen=True)
class Said:
    """A claim as the middle shows it: a head ("Ann says", with the seat's colour; seat -1 for
    none), "3 x Kings" big (no count: the rank word alone) and a few notes under it."""

    seat: int
    head: str
    count: int
    word: str
    notes: tuple[tuple[str, int, RGB, bool], ...]  # (text, size, colour, bold)

    def big_width(self, size: int) -> float:
        return claim_width(self.count, self.word, size) if self.count else text_width(self.word, size, True)

    def width(self) -> float:
        """The width it takes when nothing is cut or wrapped."""
        head = layout.rich_width(self.head, SMALL + 2, True) + (22 if self.seat >= 0 else 0)
        notes = [layout.rich_width(text, size, bold) for text, size, _, bold in self.notes]
        return max(head, self.big_width(BIG), *notes)

    def draw(self, img: Image.Image, draw: Draw, box: Box) -> None:
        x0, y0, x1, y1 = box
        width = x1 - x0
        lines: list[tuple[str, int, RGB, bool]] = []
        for text, size, colour, bold in self.notes:
            parts = layout.wrap(text, size, width, bold)
            if len(parts) > 1 and " \u00b7 " in text:  # too long: break it at its dots first
                parts = [layout.ellipsize(part, size, width, bold) for part in text.split(" \u00b7 ")]
            lines += [(part, size, colour, bold) for part in parts[:2]]
        block = 30 + BIG + 10 + sum(layout.line_height(size) + 4 for _, size, _, _ in lines)
        y = (y0 + y1) / 2 - block / 2
        x = x0
        if self.seat >= 0:
            draw.ellipse((x, y + 15 - 7, x + 14, y + 15 + 7), fill=layout.seat_colour(self.seat))
            x += 22
        layout.draw_rich(img, draw, (x, y + 15), layout.ellipsize(self.head, SMALL + 2, x1 - x, True), SMALL + 2,
                         theme.TEXT, bold=True)
        y += 30
        size = BIG
        while size > 24 and self.big_width(size) > width:
            size -= 2
        if self.count:
            draw_claim(img, draw, (x0, y + BIG / 2), self.count, self.word, size, theme.TEXT)
        else:
            draw_text(draw, (x0, y + BIG / 2), self.word, size, theme.TEXT, anchor="lm", bold=True)
        y += BIG + 10
        for text, size, colour, bold in lines:
            lead = layout.line_height(size) + 4
            layout.draw_rich(img, draw, (x0, y + lead / 2), text, size, colour, bold=bold)
            y += lead


class Table(layout.SeatedView):
    """The view, read once, and the drawing of each part."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        super().__init__(view, default_players=3)
        self.counts = [int(n) for n in self.per_seat("counts", 0)]
        self.pile = int(view.get("pile") or 0)
        self.rank = str(view.get("rank") or "A")
        self.most = int(view.get("most") or 4)
        window = view.get("window")
        self.window: Mapping[str, Any] | None = window if isinstance(window, Mapping) and not self.over else None
        reveal = view.get("reveal")
        self.reveal: Mapping[str, Any] | None = reveal if isinstance(reveal, Mapping) else None
        self.claims = [c for c in view.get("claims") or [] if isinstance(c, Mapping)]
        self.out = [int(s) for s in view.get("out") or []]
        self.places = bool((view.get("options") or {}).get("places"))
        self.waiting = {int(s) for s in self.window.get("waiting") or []} if self.window else set()
        self.status = layout.named(view, str(view.get("status", "")))
        self.top_h = BANNER_H if self.over else layout.status_height(self.status, WIDTH - 2 * PAD)
        self.felt_h = FELT_H

    def draw(self) -> Image.Image:
        height = layout.HEADER_HEIGHT + 10 + self.top_h + 10 + self.felt_h + 10 + BOTTOM_H + PAD
        img, draw = layout.canvas(WIDTH, height)
        y = layout.header(img, draw, str(self.view.get("title") or "Bullshit"), self.subtitle()) + 10
        if self.over:
            self.result_banner(img, draw, (PAD, y, WIDTH - PAD, y + self.top_h))
        else:
            layout.status_line(img, draw, (PAD, y, WIDTH - PAD, y + self.top_h), self.status)
        y += self.top_h + 10
        self.felt(img, draw, (PAD, y, WIDTH - PAD, y + self.felt_h))
        y += self.felt_h + 10
        self.plays(img, draw, (PAD, y, PAD + PLAYS_W, y + BOTTOM_H))
        lines = [layout.named(self.view, line) for line in merged_log(list(self.view.get("log") or []))]
        layout.log_panel(img, draw, (PAD + PLAYS_W + 10, y, WIDTH - PAD, y + BOTTOM_H), lines, title="Recent",
                         size=LOG_SIZE, wrap_lines=2)
        return img

    def subtitle(self) -> str:
        packs = "2 packs" if self.most > 4 else "1 pack"
        if self.over:
            return f"Game over \u00b7 {self.players} players \u00b7 {packs}"
        return f"{self.name(self.dealer)} deals \u00b7 {packs} \u00b7 1 to {self.most} a play"

    def result_banner(self, img: Image.Image, draw: Draw, box: Box) -> None:
        outcome = self.view.get("outcome") or {}
        detail = layout.named(self.view, str(outcome.get("detail") or ""))
        if not detail:
            detail = " and ".join(self.name(s) for s in sorted(self.winners)) or "Nobody wins"
        layout.banner(img, draw, box, "Game over", detail)

    # -- the felt --------------------------------------------------------------------------------
    def felt(self, img: Image.Image, draw: Draw, box: Box) -> None:
        x0, y0, x1, y1 = box
        paste_oval(img, box)
        cx0, cy0, cx1, cy1 = centre_box(self.players, round(x1 - x0), round(y1 - y0))
        middle = (x0 + cx0, y0 + cy0, x0 + cx1, y0 + cy1)
        if self.reveal is not None:
            self.turned_up(img, draw, middle, self.reveal)
        else:
            self.pile_and_claim(img, draw, middle)
        if not self.over and self.turn is not None:
            self.next_play(img, draw, middle)
        for seat, plate in enumerate(plate_boxes(box, self.players)):
            paste_plate(img, plate, self.plate(seat))

    def plate(self, seat: int) -> Plate:
        tags: list[tuple[str, RGB]] = []
        out = seat in self.out
        if out:
            place = self.out.index(seat) + 1
            tags.append((f"out \u00b7 {ordinal(place)}" if self.places else "out", theme.GOOD))
        if self.window is not None:
            if seat == self.window.get("seat"):
                tags.append(("just played", theme.MUTED))
            elif seat in self.waiting:
                tags.append(("may call", theme.HIGHLIGHT))
            elif not out and self.counts[seat]:
                tags.append(("no call", theme.MUTED))
        elif self.reveal is not None:
            if seat == self.reveal.get("taker"):
                tags.append((f"took {int(self.reveal.get('pile') or 0)}", theme.BAD))
            if seat == self.reveal.get("caller"):
                tags.append(("called", theme.MUTED if self.reveal.get("lie") is False else theme.GOOD))
        return Plate(seat=seat, name=self.name(seat), cards=self.counts[seat], next=seat == self.turn and not self.over,
                     waiting=seat in self.waiting, dealer=seat == self.dealer and not self.over,
                     winner=seat in self.winners, out=out, tags=tuple(tags))

    def pile_and_claim(self, img: Image.Image, draw: Draw, box: Box) -> None:
        """The pile and at its right the latest claim and the table's state, centred together."""
        x0, y0, x1, _ = box
        top_h = CENTRE_H - NEXT_H - 8
        pile_w, gap = 130, 14
        said = self.said()
        text_w = min(said.width(), x1 - x0 - pile_w - gap)
        left = (x0 + x1) / 2 - (pile_w + gap + text_w) / 2
        cx, floor = left + pile_w / 2, y0 + top_h - 40
        if self.pile:
            sprite = pile_sprite(layers_for(self.pile))
            img.paste(sprite, (round(cx - sprite.width / 2), round(floor + 16 - sprite.height)), sprite)
            layout.pill(draw, (cx, floor + 22), plural(self.pile, "card"), size=SMALL, fill=theme.PANEL,
                        ink=theme.TEXT, outline=theme.PANEL_LIGHT)
        else:
            w, h = PILE_CARD, card_height(PILE_CARD)
            card_rows.empty_slot(draw, (cx - w / 2, floor - h, cx + w / 2, floor), "no pile")
        said.draw(img, draw, (left + pile_w + gap, y0, left + pile_w + gap + text_w, y0 + top_h))

    def said(self) -> Said:
        """The claim to show: the one the window is open on, else the last one (which stood),
        else the rank the first play declares."""
        notes: list[tuple[str, int, RGB, bool]] = []
        if self.window is not None:
            seat, count = int(self.window.get("seat") or 0), int(self.window.get("count") or 0)
            rank = str(self.window.get("rank") or "A")
            head = f"{self.name(seat)} says"
            if self.window.get("last_cards"):
                notes.append(("Last cards!", SMALL + 3, theme.BAD, True))
                notes.append((f"Unless it is called, {self.name(seat)} is out", SMALL - 1, theme.TEXT, False))
            else:
                notes.append(("Call it or let it stand", SMALL + 1, theme.HIGHLIGHT, True))
            notes.append((self.waiting_text(), SMALL - 1, theme.MUTED, False))
        elif self.claims:
            last = self.claims[-1]
            seat, count, rank = int(last.get("seat") or 0), int(last.get("count") or 0), str(last.get("rank") or "A")
            head = f"{self.name(seat)} said"
            notes.append(("Nobody called: it stands", SMALL, theme.MUTED, False))
        else:
            seat, count, rank = -1, 0, self.rank
            head = "First play"
            notes.append((f"{self.name(self.turn)} plays first", SMALL, theme.MUTED, False))
        return Said(seat, head, count, rank_word(rank, count), tuple(notes))

    def waiting_text(self) -> str:
        """Who may still call, and how long they have."""
        seconds = int((self.window or {}).get("seconds") or 0)
        clock = f" \u00b7 {seconds} s to call" if seconds else ""
        waiting = sorted(self.waiting)
        if not waiting:
            return "Nobody left to call"
        if len(waiting) <= 2:
            return "Waiting for " + " and ".join(self.name(s) for s in waiting) + clock
        return f"Waiting for {len(waiting)} players{clock}"

    def turned_up(self, img: Image.Image, draw: Draw, box: Box, reveal: Mapping[str, Any]) -> None:
        """The latest call: who called whose claim, the cards turned up (each marked as declared
        or not) and the verdict: who picked the pile up."""
        x0, y0, x1, _ = box
        mid = (x0 + x1) / 2
        room = x1 - x0
        cards = [str(c) for c in reveal.get("cards") or []]
        rank = str(reveal.get("rank") or "A")
        seat, caller, taker = reveal.get("seat"), reveal.get("caller"), reveal.get("taker")
        lie = bool(reveal.get("lie"))
        card_h = card_height(REVEAL_CARD)
        head_h, verdict_h = 26, 38
        block = head_h + 12 + card_h + 10 + verdict_h
        y = y0 + (CENTRE_H - NEXT_H - 8) / 2 - block / 2
        # Above the cards: "Bob called Ann's 3 x Kings".
        size = SMALL + 2
        word = rank_word(rank, len(cards))
        said = claim_width(len(cards), word, size)
        head = layout.ellipsize(f"{self.name(caller)} called {self.name(seat)}'s", size, max(40.0, room - said - 8),
                                True)
        total = layout.rich_width(head, size, True) + 8 + said
        left = mid - total / 2
        left += layout.draw_rich(img, draw, (left, y + head_h / 2), head, size, theme.TEXT, bold=True) + 8
        draw_claim(img, draw, (left, y + head_h / 2), len(cards), word, size, theme.TEXT)
        # The cards, each marked: as declared, or not.
        top = y + head_h + 12
        xs = card_rows.fan_positions([len(cards)], REVEAL_CARD, room, max_step=REVEAL_CARD + 12)
        start = mid - card_rows.row_width(xs, REVEAL_CARD) / 2
        boxes = card_rows.draw_cards(img, cards, xs, top, card_width=REVEAL_CARD, lift=0, x0=start)
        shown = xs[1] - xs[0] if len(xs) > 1 else float(REVEAL_CARD)
        for card, (bx0, by0, bx1, _) in zip(cards, boxes, strict=True):
            mark = verdict_mark(rank_of(card) == rank)
            right = min(bx1 + 6, bx0 + shown)
            img.paste(mark, (round(right - mark.width), round(by0 - 8)), mark)
        # The verdict: "Lie! Ann picks up 12".
        y = top + card_h + 10 + verdict_h / 2
        verdict = "Lie!" if lie else "True!"
        colour = theme.BAD if lie else theme.GOOD
        took = f"{self.name(taker)} picks up {int(reveal.get('pile') or 0)}"
        vsize = 34
        vw = text_width(verdict, vsize, True)
        if isinstance(seat, int) and seat in self.out and not lie:  # their last cards stood: out
            longer = f"{took} \u00b7 {self.name(seat)} is out"
            if layout.rich_width(longer, 24, True) <= room - vw - 14:
                took = longer
        tsize = fit_size(took, room - vw - 14, 28, min_size=18, bold=True)
        took = layout.ellipsize(took, tsize, room - vw - 14, True)
        left = mid - (vw + 14 + layout.rich_width(took, tsize, True)) / 2
        draw_text(draw, (left, y), verdict, vsize, colour, anchor="lm", bold=True)
        layout.draw_rich(img, draw, (left + vw + 14, y), took, tsize, theme.TEXT, bold=True)

    def next_play(self, img: Image.Image, draw: Draw, box: Box) -> None:
        """A pill at the foot of the middle: "NEXT [4] Bob plays 4s"."""
        x0, _, x1, y1 = box
        mid_y = y1 - NEXT_H / 2
        text = f"{self.name(self.turn)} plays {rank_word(self.rank)}"
        size = SMALL + 1
        chip = 28
        label = "NEXT"
        lw = text_width(label, SMALL - 5, True)
        room = x1 - x0 - (lw + chip + 50)
        text = layout.ellipsize(text, size, room, True)
        w = 14 + lw + 10 + chip + 10 + layout.rich_width(text, size, True) + 16
        left = (x0 + x1) / 2 - w / 2
        layout.panel(draw, (left, mid_y - NEXT_H / 2, left + w, mid_y + NEXT_H / 2), theme.PANEL, theme.PANEL_LIGHT,
                     line=1, radius=NEXT_H // 2)
        x = left + 14
        draw_text(draw, (x, mid_y), label, SMALL - 5, theme.MUTED, anchor="lm", bold=True)
        x += lw + 10
        rank_chip(draw, (x, mid_y - chip / 2, x + chip, mid_y + chip / 2), self.rank,
                  SMALL - 1 if len(self.rank) > 1 else SMALL + 1)
        x += chip + 10
        layout.draw_rich(img, draw, (x, mid_y), text, size, theme.TEXT, bold=True)

    # -- under the felt --------------------------------------------------------------------------
    def plays(self, img: Image.Image, draw: Draw, box: Box) -> None:
        """The last plays claimed, newest at the bottom: who and "3 x Kings"."""
        x0, y0, x1, _ = box
        layout.panel(draw, box, theme.PANEL)
        pad = PAD - 2
        y = y0 + pad
        draw_text(draw, (x0 + pad, y + LOG_SIZE / 2), "PLAYS", LOG_SIZE - 4, theme.MUTED, anchor="lm", bold=True)
        y += LEAD
        shown = self.claims[-LOG_LINES:]
        if not shown:
            draw_text(draw, (x0 + pad, y + LOG_SIZE / 2), "None yet", LOG_SIZE, theme.MUTED, anchor="lm")
            return
        for i, claim in enumerate(shown):
            newest = i == len(shown) - 1
            seat, count = int(claim.get("seat") or 0), int(claim.get("count") or 0)
            word = rank_word(str(claim.get("rank") or "A"), count)
            mid = y + LOG_SIZE / 2
            ink = theme.TEXT if newest else theme.MUTED
            cw = claim_width(count, word, LOG_SIZE)
            draw.ellipse((x0 + pad, mid - 6, x0 + pad + 12, mid + 6), fill=layout.seat_colour(seat))
            name = layout.ellipsize(self.name(seat), LOG_SIZE, x1 - x0 - 2 * pad - 20 - cw - 10, newest)
            layout.draw_rich(img, draw, (x0 + pad + 20, mid), name, LOG_SIZE, ink, bold=newest)
            draw_claim(img, draw, (x1 - pad - cw, mid), count, word, LOG_SIZE, ink)
            y += LEAD


def table(view: Mapping[str, Any]) -> Image.Image:
    """The Bullshit table for ``view`` (every seat and spectator sees the same table)."""
    return Table(view).draw()


# -- the hand ------------------------------------------------------------------------------------
BAND_H = 64


def held(cards: Sequence[str], rank: str) -> str:
    """"you hold 2", "you hold none"."""
    n = sum(1 for c in cards if rank_of(c) == rank)
    return f"you hold {n}" if n else "you hold none"


def hand(view: Mapping[str, Any]) -> Image.Image:
    """The viewer's cards by rank, those of the rank the next play declares raised and glowing,
    under a band naming that rank and how many of it the viewer holds, the claim a call may
    answer (and how many of its rank the viewer holds) and the pile's size."""
    rank = str(view.get("rank") or "A")
    cards = generic_hand.hand_cards(view)
    viewer = view.get("viewer")
    window = view.get("window") if isinstance(view.get("window"), Mapping) and not view.get("over") else None
    names = layout.names(view)
    pile = int(view.get("pile") or 0)

    def band(img: Image.Image, draw: Draw, box: Box) -> None:
        x0, y0, x1, y1 = box
        mid = (y0 + y1) / 2
        layout.panel(draw, box, theme.PANEL, theme.PANEL_LIGHT, line=1)
        chip = y1 - y0 - 20
        rank_chip(draw, (x0 + 14, mid - chip / 2, x0 + 14 + chip, mid + chip / 2), rank,
                  theme.TEXT_SIZE if len(rank) > 1 else theme.TEXT_SIZE + 4)
        x = x0 + 14 + chip + 14
        draw_text(draw, (x, mid - 11), "LAST RANK" if view.get("over") else "NEXT PLAY", SMALL - 5, theme.MUTED,
                  anchor="lm", bold=True)
        line = rank_word(rank) + (f" \u00b7 {held(cards, rank)}" if viewer is not None else "")
        draw_text(draw, (x, mid + 11), line, SMALL + 1, theme.TEXT, anchor="lm", bold=True)
        x += text_width(line, SMALL + 1, True) + 24
        right = layout.pill(draw, (x1 - 14, mid), f"pile {pile}" if pile else "no pile", size=SMALL,
                            fill=theme.BACKGROUND, ink=theme.TEXT, outline=theme.PANEL_LIGHT, anchor="rm")[0] - 16
        if window is None or viewer is None or window.get("seat") == viewer:
            return
        # The claim a call would answer, and how many of its rank the viewer holds.
        seat, count = window.get("seat"), int(window.get("count") or 0)
        claimed = str(window.get("rank") or "A")
        word = rank_word(claimed, count)
        size = SMALL + 1
        tail = f" \u00b7 {held(cards, claimed)}"
        total = claim_width(count, word, size) + text_width(tail, size, True)
        if right - total < x:
            return
        left = right - total
        who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"
        head = layout.ellipsize(f"{who} says", SMALL - 3, right - left, True)
        layout.draw_rich(img, draw, (left, mid - 11), head, SMALL - 3, theme.MUTED, bold=True)
        left += draw_claim(img, draw, (left, mid + 11), count, word, size, theme.HIGHLIGHT)
        draw_text(draw, (left, mid + 11), tail, size, theme.TEXT, anchor="lm", bold=True)

    matching = [c for c in cards if rank_of(c) == rank]
    return generic_hand.hand(view, glow=matching, group=rank_of, band=(BAND_H, band))


def copy(table_view: Mapping[str, Any], hand_view: Mapping[str, Any]) -> Image.Image:
    """A player's copy, laid out for Discord's inline box (:mod:`renderers.games.bullshit_copy`,
    imported here when first drawn: it builds on this module)."""
    from renderers.games.bullshit_copy import copy as draw_copy

    return draw_copy(table_view, hand_view)
