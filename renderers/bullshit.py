"""The Bullshit table and hand images.

The table is the oval of :mod:`renderers.trick_table` with the players round it (narrower plates
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

The hand (:func:`hand`) is the generic hand of :mod:`renderers.hand`, the cards grouped by rank
and those of the rank the next play declares raised and glowing, with a band above them naming
that rank and how many of it the viewer holds, the claim a call would answer (and how many of
its rank the viewer holds: four Kings said while you hold one are a lie) and the pile's size.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.core.cards import RANK_NAMES, rank_of

from . import hand as generic_hand
from . import layout, theme
from .cards import card_back
from .fonts import draw_text, fit_size, text_width
from .layout import Box, Draw, plural
from .theme import RGB, card_height, mix
from .trick_table import PLATE_H, PLATE_W, paste_oval, plate_heading, spot, tag, tag_width

WIDTH = 880
PAD = theme.PADDING
SMALL = theme.SMALL_TEXT_SIZE
BANNER_H = 104
DEALER: RGB = (236, 236, 240)
PLATE_RADIUS = theme.RADIUS + 4

# -- the felt ------------------------------------------------------------------------------------
NARROW_PLATE = 180  # from six seats: more room in the middle, and ten plates fit round the oval
FELT_H = 560
CENTRE_H = 240  # the middle's height (pile and claim, or the cards a call turned up; the next rank)
CENTRE_MARGIN = 10  # between the middle and any plate
PILE_CARD = 70
PILE_RISE = 3  # px each layer of the pile rises over the one below
MOST_LAYERS = 14  # then the pile stops growing (its number still counts)
REVEAL_CARD = 66
NEXT_H = 40
BIG = 40  # the claim's size
# Each layer of the pile lies a little askew: (degrees, px sideways), repeating upward.
ASKEW = ((-5.0, -2), (4.0, 3), (-2.0, -4), (6.0, 2), (-6.0, 0), (3.0, -3), (-3.0, 4), (5.0, -1))

# -- under the felt ------------------------------------------------------------------------------
LOG_LINES = 4
LOG_SIZE = SMALL + 1
LEAD = layout.line_height(LOG_SIZE) + 4
BOTTOM_H = 2 * (PAD - 2) + LEAD * (LOG_LINES + 1)
PLAYS_W = 300

_PASS = re.compile(r"(\{p\d+\}) lets it stand")


def rank_word(rank: str, count: int = 2) -> str:
    """"Ace", "Kings", "10s" (the plural for any count but one)."""
    word = RANK_NAMES.get(rank, rank)
    return word if count == 1 else f"{word}s"


def ordinal(n: int) -> str:
    """"1st", "2nd", "3rd", "4th" … "10th"."""
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def plate_size(players: int) -> tuple[int, int]:
    """A seat's plate at a table of ``players``."""
    return (PLATE_W if players <= 5 else NARROW_PLATE), PLATE_H


def plate_boxes(box: Box, players: int) -> list[Box]:
    """Each seat's plate in the felt ``box``: seat 0 at the bottom, the rest clockwise."""
    w, h = plate_size(players)
    out = []
    for seat in range(players):
        x, y = spot(box, seat, players, 1.0, plate=(w, h))
        out.append((x - w / 2, y - h / 2, x + w / 2, y + h / 2))
    return out


@lru_cache(maxsize=32)
def centre_box(players: int, width: int, height: int) -> Box:
    """The middle of a felt ``width`` x ``height`` (its own coordinates): ``CENTRE_H`` high, as
    wide as it can be without touching a plate or leaving the oval, as near the centre as that
    allows (at three seats the two upper plates push it down)."""
    plates = plate_boxes((0, 0, width, height), players)
    cx, cy = width / 2, height / 2
    a, b = (width - 40) / 2 - 16, (height - 50) / 2 - 8  # the cloth inside the rim, roughly
    best: tuple[float, float, float] | None = None  # (half width, -|shift|, top)
    for shift in range(-100, 101, 2):
        top, bottom = cy + shift - CENTRE_H / 2, cy + shift + CENTRE_H / 2
        far = max(abs(top - cy), abs(bottom - cy))
        if far >= b:
            continue
        half = a * math.sqrt(1 - (far / b) ** 2)
        for x0, y0, x1, y1 in plates:
            if y1 + CENTRE_MARGIN <= top or y0 - CENTRE_MARGIN >= bottom:
                continue
            if x0 < cx < x1:
                half = -1.0
                break
            half = min(half, (x0 - cx if x0 >= cx else cx - x1) - CENTRE_MARGIN)
        if half > 0 and (best is None or (half, -abs(shift)) > best[:2]):
            best = (half, -abs(shift), top)
    if best is None:  # pragma: no cover - every table size has room (tests check it)
        raise ValueError(f"no room in the middle of a {players}-seat felt {width} x {height}")
    half, _, top = best
    return cx - half, top, cx + half, top + CENTRE_H


# -- sprites -------------------------------------------------------------------------------------

@lru_cache(maxsize=16)
def _askew_back(degrees: float) -> Image.Image:
    """A card back turned by ``degrees`` with a soft edge (drawn at twice the size, reduced)."""
    big = card_back(PILE_CARD * 2).convert("RGBa")
    return big.rotate(-degrees, resample=Image.Resampling.BICUBIC, expand=True).reduce(2).convert("RGBA")


@lru_cache(maxsize=MOST_LAYERS + 1)
def pile_sprite(layers: int) -> Image.Image:
    """The pile seen from the side: ``layers`` backs, each a little askew and higher than the one
    below, the top one square. Its bottom centre is the bottom card's."""
    w, h = PILE_CARD, card_height(PILE_CARD)
    margin = 16
    size = (w + 2 * margin, h + 2 * margin + PILE_RISE * (layers - 1))
    out = Image.new("RGBA", size, (0, 0, 0, 0))
    shadow = Image.new("RGBA", size, (0, 0, 0, 0))
    ImageDraw.Draw(shadow).rounded_rectangle((margin + 3, size[1] - margin - h + 5, margin + w + 3,
                                              size[1] - margin + 5), radius=8, fill=(0, 0, 0, 110))
    out.alpha_composite(shadow)
    for i in range(layers):
        top = i == layers - 1
        degrees, dx = (0.0, 0) if top else ASKEW[i % len(ASKEW)]
        back = _askew_back(degrees) if not top else card_back(PILE_CARD)
        bottom = size[1] - margin - PILE_RISE * i
        out.alpha_composite(back, (round(size[0] / 2 + dx - back.width / 2), round(bottom - h / 2 - back.height / 2)))
    return out


def layers_for(pile: int) -> int:
    """How many layers show a pile of ``pile`` cards: one for every two, up to ``MOST_LAYERS``."""
    return min(MOST_LAYERS, (pile + 1) // 2)


@lru_cache(maxsize=16)
def cross(size: int, colour: RGB) -> Image.Image:
    """A multiplication sign ``size`` px across (the font has none), smooth-edged."""
    ss = 4
    big = Image.new("RGBA", (size * ss, size * ss), (*colour, 0))
    d = ImageDraw.Draw(big)
    width = max(2, round(size * ss * 0.2))
    inset = width / 2
    end = size * ss - inset
    d.line([(inset, inset), (end, end)], fill=(*colour, 255), width=width)
    d.line([(inset, end), (end, inset)], fill=(*colour, 255), width=width)
    return big.reduce(ss)


@lru_cache(maxsize=4)
def verdict_mark(true: bool, diameter: int = 24) -> Image.Image:
    """A round mark for a card turned up: a tick on GOOD (as declared) or a cross on BAD."""
    ss = 4
    s = diameter * ss
    big = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.ellipse((0, 0, s - 1, s - 1), fill=(*theme.PANEL, 255))
    r = round(s * 0.08)
    d.ellipse((r, r, s - 1 - r, s - 1 - r), fill=(*(theme.GOOD if true else theme.BAD), 255))
    width = round(s * 0.12)
    ink = (*theme.TEXT, 255)
    if true:
        d.line([(s * 0.28, s * 0.52), (s * 0.44, s * 0.68), (s * 0.73, s * 0.34)], fill=ink, width=width,
               joint="curve")
    else:
        d.line([(s * 0.32, s * 0.32), (s * 0.68, s * 0.68)], fill=ink, width=width)
        d.line([(s * 0.32, s * 0.68), (s * 0.68, s * 0.32)], fill=ink, width=width)
    return big.reduce(ss)


@lru_cache(maxsize=4)
def small_back(width: int) -> Image.Image:
    """A card back small enough to stand beside a card count."""
    back = card_back(theme.CARD_MIN_WIDTH)
    return back.resize((width, card_height(width)), Image.Resampling.LANCZOS)


def claim_width(count: int, word: str, size: int) -> float:
    """The width :func:`draw_claim` takes."""
    return text_width(str(count), size, True) + size * 0.86 + text_width(word, size, True)


def draw_claim(img: Image.Image, draw: Draw, left_mid: tuple[float, float], count: int, word: str, size: int,
               colour: RGB) -> float:
    """"3 x Kings" with its left end at ``left_mid``, in bold; returns its width."""
    x, mid = left_mid
    number = str(count)
    draw_text(draw, (x, mid), number, size, colour, anchor="lm", bold=True)
    x += text_width(number, size, True) + size * 0.18
    mark = cross(round(size * 0.5), colour)
    img.paste(mark, (round(x), round(mid - mark.height / 2 + size * 0.04)), mark)
    x += size * 0.68
    draw_text(draw, (x, mid), word, size, colour, anchor="lm", bold=True)
    return claim_width(count, word, size)


def rank_chip(draw: Draw, box: Box, rank: str, size: int) -> None:
    """A small card-white tile with ``rank`` on it (the rank the next play declares)."""
    layout.panel(draw, box, theme.CARD_FACE, theme.HIGHLIGHT, line=2, radius=6)
    draw_text(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), rank, size, theme.BLACK_SUIT, anchor="mm",
              bold=True)


# -- the seats -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Plate:
    """One seat's plate as drawn."""

    seat: int
    name: str
    cards: int
    next: bool = False  # plays next
    waiting: bool = False  # may still call the play on the table
    dealer: bool = False
    winner: bool = False
    out: bool = False
    tags: tuple[tuple[str, RGB], ...] = ()  # most important first, drawn from the right


def plate_line(info: Plate) -> int:
    return 3 if (info.winner or info.waiting or info.next) else 1


@lru_cache(maxsize=64)
def plate_sprite(info: Plate, local: Box) -> tuple[Image.Image, Image.Image]:
    """A plate drawn once with its box at ``local`` in the sprite (the sub-pixel place changes
    the pixels), and the mask of its panel's shape. Pasted through the mask it is pixel for pixel
    the plate drawn in place (everything on it lies on its opaque panel), the felt showing
    round its corners: a region (:mod:`renderers.regions`) would show the background there."""
    size = (math.ceil(local[2]) + 2, math.ceil(local[3]) + 2)  # Pillow may round the far edge up
    sprite = Image.new("RGB", size, theme.PANEL)
    paint_plate(sprite, ImageDraw.Draw(sprite, "RGBA"), local, info=info)
    mask = Image.new("L", size, 0)
    ImageDraw.Draw(mask).rounded_rectangle(local, radius=PLATE_RADIUS, fill=255, outline=255, width=plate_line(info))
    return sprite, mask


def paste_plate(img: Image.Image, box: Box, info: Plate) -> None:
    """:func:`paint_plate` from the cached sprite."""
    # An even shift, as regions do: Pillow rounds some coordinates half to even.
    ix, iy = 2 * math.floor(box[0] / 2), 2 * math.floor(box[1] / 2)
    sprite, mask = plate_sprite(info, (box[0] - ix, box[1] - iy, box[2] - ix, box[3] - iy))
    img.paste(sprite, (ix, iy), mask)


def paint_plate(img: Image.Image, draw: Draw, box: Box, *, info: Plate) -> None:
    """A seat's plate: pointer (plays next), colour, name, dealer's button or a winner's star;
    under them the cards held and the seat's tags (may call, no call, took 12, out …)."""
    x0, _, x1, y1 = box
    fill = mix(theme.PANEL, theme.ACCENT, 0.45) if info.next else theme.PANEL
    outline = (theme.GOOD if info.winner else theme.HIGHLIGHT if info.waiting else theme.ACCENT if info.next
               else theme.PANEL_LIGHT)
    layout.panel(draw, box, fill, outline, line=plate_line(info), radius=PLATE_RADIUS)
    plate_heading(img, draw, box, seat=info.seat, name=info.name, pointer=info.next, dealer=info.dealer,
                  winner=info.winner, ink=theme.MUTED if info.out and not info.winner else theme.TEXT, inset=10)
    low = y1 - 20
    x = x0 + 12
    back = small_back(16)
    img.paste(back, (round(x), round(low - back.height / 2)), back)
    x += back.width + 6
    count = str(info.cards)
    draw_text(draw, (x, low), count, SMALL, theme.TEXT, anchor="lm", bold=True)
    x += text_width(count, SMALL, True) + 10
    right = x1 - 8
    for text, colour in info.tags:
        if right - tag_width(text) < x:
            break
        right = tag(draw, (right, low), text, colour) - 5


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
            layout.empty_slot(draw, (cx - w / 2, floor - h, cx + w / 2, floor), "no pile")
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
        xs = layout.fan_positions([len(cards)], REVEAL_CARD, room, max_step=REVEAL_CARD + 12)
        start = mid - layout.row_width(xs, REVEAL_CARD) / 2
        boxes = layout.draw_cards(img, cards, xs, top, card_width=REVEAL_CARD, lift=0, x0=start)
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
