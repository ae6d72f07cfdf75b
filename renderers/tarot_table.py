"""The table, hand and hand's-end images of the two-player tarot games, Manchester Piccadilly and
Manchester Truffle (docs/rules/tarot.md): :mod:`renderers.manchester_piccadilly` and
:mod:`renderers.manchester_truffle` are this module under the games' keys.

The table is the oval of :mod:`renderers.trick_table` with a plate for each *position* (a hand
or a dummy) round it in play order, clockwise, seat 0's hand at the bottom:

- Manchester, the first part: the two players, bottom and top.
- Piccadilly: four positions, each player's hand and dummy, the dummies face up in their plates
  (one across the top, one at a side) and the hands as backs with a count.
- Truffle: the two players bottom and top and the dummy, face up, at the dealer's left (the left
  or the right side), with who plays it this trick.

Each plate shows what the position holds, the tricks and points it has taken and whether it is
to play (its trick card's place is marked in front of it); the trick lies in the middle, each card
in front of the position that played it. In the corners: the way play goes and the trick number
(top right), the last trick (bottom left), the cards discarded face up (top left: the forced
discards in Manchester, the three the Truffle dealer laid aside) and where the Fool went (bottom
right). Under the felt, the scores of both players: hand value announced, the Manchester score
(points taken so far while it is played), the second part's points and tricks, the hand's total
and the game points; then the last lines of the log. Nothing hidden is drawn: hands are backs,
and every viewer and spectator sees the same table.

The hand (:func:`hand`) is the generic hand of :mod:`renderers.hand` (the cards that may be
played raised, the others dimmed) with bands over it: in a discard, the rule and the cards that
may go raised; in Manchester, the viewer's own discards and hand value; the trick so far; and,
when the viewer is to play from a dummy, the dummy's cards with those that may be played raised
(the hand's cards are then all dimmed). In Piccadilly's choice it shows the two candidate hands
side by side, A and B, with their points.

The hand's end (:func:`round_end`) accounts for both parts per player, who won the hand by how
much, the game points, the piles' counting cards and the Fool's exchange.

What these pictures share with the base games' (:mod:`renderers.tarot_round`) is drawn by
:mod:`renderers.tarot_scene`: the table round the felt and the board, three of the corners, the
plates' sprites and the hand's bands.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any

from PIL import Image

from games.tarot import pack

from . import layout, theme
from . import tarot_scene as scene
from .fonts import draw_text, text_width
from .layout import Box, Draw, plural
from .tarot_scene import BANNER_H, CORNER_CARD, FAMILY, PAD, SMALL, TRICK_CARD, WIDTH, Painter, plays, signed
from .theme import RGB, card_height, mix
from .trick_table import DEALER, paste_oval, tag, tag_width

__all__ = ["hand", "round_end", "table"]

DUMMY_INK: RGB = (200, 204, 212)  # the dot of Truffle's dummy, which is nobody's

# -- the felt ------------------------------------------------------------------------------------
# Card widths as in renderers.tarot_scene (one sprite per card and width): the dummies' cards are as
# wide as those of the hand's bands.
EDGE = 4  # between a plate and the felt's box
HAND_W, HAND_H = 208, 76
HEAD_H = 44  # a plate's top line
LOW_H = 34  # a plate's bottom line
SIDE_W = 256  # a dummy at the left or right
SIDE_CARD = scene.BAND_CARD
SIDE_ROWS = 2
SIDE_H = HEAD_H + SIDE_ROWS * card_height(SIDE_CARD) + 6 * (SIDE_ROWS - 1) + 8 + LOW_H
TOP_CARD = scene.BAND_CARD  # a dummy across the top
TOP_STEP = 36  # the step between its cards when it holds all thirteen
TOP_W = 12 * TOP_STEP + TOP_CARD + 24
TOP_H = HEAD_H + card_height(TOP_CARD) + 12
FELT_H = {"duel": 440, "truffle": 560, "piccadilly": 580}
SIDES = ("bottom", "left", "top", "right")  # clockwise on the screen

# -- under the felt ------------------------------------------------------------------------------
NOTE_H = 30
COLUMNS = ("HAND VALUE", "MANCHESTER", "{part}", "TOTAL", "GAME")
COLUMN_X = (-552, -430, -292, -170, -62)  # centres, from the right edge of the image


# -- reading the view ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Place:
    """One position as the view gives it: a hand or a dummy."""

    position: int
    owner: int  # a seat, or -1 for Truffle's dummy
    dummy: bool
    count: int
    cards: tuple[str, ...] | None  # face up (a dummy, or the viewer's own) or None
    controller: int
    tricks: int
    points: int


def places(view: Mapping[str, Any]) -> list[Place]:
    out = []
    for i, p in enumerate(view.get("positions") or []):
        if not isinstance(p, Mapping):
            continue
        cards = p.get("cards")
        out.append(Place(position=i, owner=int(p.get("owner", i)), dummy=bool(p.get("dummy")),
                         count=int(p.get("count") or 0),
                         cards=tuple(str(c) for c in cards) if isinstance(cards, list) else None,
                         controller=int(p.get("controller", 0)), tricks=int(p.get("tricks") or 0),
                         points=int(p.get("points") or 0)))
    return out


def part_name(view: Mapping[str, Any]) -> str:
    return "Truffle" if view.get("second_part") == "truffle" else "Piccadilly"


def second_part(view: Mapping[str, Any]) -> bool:
    return view.get("phase") in ("choose", "discard2", "play2")


class Names:
    """Players' and positions' names for a view."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.names = layout.names(view)
        self.places = places(view)

    def seat(self, seat: Any) -> str:
        if seat == -1:
            return "the dummy"
        return self.names[seat] if isinstance(seat, int) and 0 <= seat < len(self.names) else "?"

    def position(self, position: Any) -> str:
        """"Ann", "Ann's dummy", "the dummy" (Truffle's)."""
        if not isinstance(position, int) or not 0 <= position < len(self.places):
            return self.seat(position)
        place = self.places[position]
        if place.owner < 0:
            return "the dummy"
        return f"{self.seat(place.owner)}'s dummy" if place.dummy else self.seat(place.owner)


# -- plates --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Plate:
    """A position's plate as drawn: ``shape`` is "hand" (a small plate with a count), "side" (a
    dummy at the left or right, its cards in rows) or "wide" (a dummy across the top)."""

    shape: str
    name: str
    colour: RGB
    count: int
    cards: tuple[str, ...] = ()
    tricks: int = 0
    points: int = 0
    to_play: bool = False
    dealer: bool = False
    winner: bool = False
    label: str = ""  # muted, at the right of the name ("DUMMY")
    tag: str = ""  # a coloured tag on the low line ("to discard", "chosen", "Ann plays it")
    tag_colour: RGB = theme.HIGHLIGHT
    scored: bool = True  # show tricks and points (not before the play)


def plate_size(shape: str) -> tuple[int, int]:
    return {"hand": (HAND_W, HAND_H), "side": (SIDE_W, SIDE_H), "wide": (TOP_W, TOP_H)}[shape]


def plate_line(info: Plate) -> int:
    return 3 if (info.winner or info.to_play) else 1


@lru_cache(maxsize=64)
def plate_sprite(info: Plate, local: Box) -> scene.Sprite:
    """A plate drawn once per look and place, as Bullshit's plates are."""
    return scene.draw_plate(local, plate_line(info), partial(paint_plate, info=info))


def heading(img: Image.Image, draw: Draw, box: Box, info: Plate, right: float) -> None:
    """A plate's top line: pointer (to play), dot, name; the dealer's button and a winner's star
    at the right, up to ``right``."""
    x0, y0, _, _ = box
    mid = y0 + 22
    x = x0 + 10
    if info.to_play:
        draw.polygon([(x, mid - 8), (x + 12, mid), (x, mid + 8)], fill=theme.HIGHLIGHT)
        x += 18
    draw.ellipse((x, mid - 7, x + 14, mid + 7), fill=info.colour)
    x += 20
    if info.dealer:
        dw = 24
        draw.ellipse((right - dw, mid - dw / 2, right, mid + dw / 2), fill=DEALER, outline=theme.MUTED)
        draw_text(draw, (right - dw / 2, mid), "D", SMALL - 4, theme.PANEL, anchor="mm", bold=True)
        right -= dw + 6
    if info.winner:
        layout.star(draw, (right - 10, mid), 10, theme.HIGHLIGHT)
        right -= 24
    if info.label:
        draw_text(draw, (right, mid), info.label, SMALL - 5, theme.MUTED, anchor="rm", bold=True)
        right -= text_width(info.label, SMALL - 5, True) + 10
    size = theme.TEXT_SIZE - 3
    layout.draw_rich(img, draw, (x, mid), layout.ellipsize(info.name, size, max(30.0, right - x), True), size,
                     theme.TEXT, bold=True)


def score_line(img: Image.Image, draw: Draw, left_mid: tuple[float, float], right: float, info: Plate,
               count: bool) -> None:
    """The low line: (with ``count``) a back and the cards held; the tricks taken and a tag with
    their points, or the plate's own tag."""
    x, low = left_mid
    if count:
        back = scene.small_back(16)
        img.paste(back, (round(x), round(low - back.height / 2)), back)
        x += back.width + 5
        draw_text(draw, (x, low), str(info.count), SMALL - 1, theme.TEXT, anchor="lm", bold=True)
        x += text_width(str(info.count), SMALL - 1, True) + 12
    if info.tag and right - tag_width(info.tag) >= x:
        right = tag(draw, (right, low), info.tag, info.tag_colour) - 6
    if not info.scored:
        return
    tricks = plural(info.tricks, "trick")
    draw_text(draw, (x, low), tricks, SMALL - 2, theme.MUTED, anchor="lm")
    x += text_width(tricks, SMALL - 2) + 10
    if info.tricks and not info.tag:
        note = f"{info.points} pts"
        if right - tag_width(note) >= x:
            tag(draw, (right, low), note, theme.HIGHLIGHT)


def paint_plate(img: Image.Image, draw: Draw, box: Box, info: Plate) -> None:
    x0, y0, x1, y1 = box
    fill = mix(theme.PANEL, theme.ACCENT, 0.45) if info.to_play else theme.PANEL
    outline = theme.GOOD if info.winner else theme.ACCENT if info.to_play else theme.PANEL_LIGHT
    layout.panel(draw, box, fill, outline, line=plate_line(info), radius=scene.PLATE_RADIUS)
    if info.shape == "hand":
        heading(img, draw, box, info, x1 - 8)
        score_line(img, draw, (x0 + 12, y1 - 19), x1 - 8, info, count=True)
        return
    if info.shape == "wide":  # the heading and the score share the top line
        right = x1 - 10
        mid = y0 + 22
        if info.tag:
            right = tag(draw, (right, mid), info.tag, info.tag_colour) - 8
        elif info.scored:
            if info.tricks:
                right = tag(draw, (right, mid), f"{info.points} pts", theme.HIGHLIGHT) - 8
            tricks = plural(info.tricks, "trick")
            draw_text(draw, (right, mid), tricks, SMALL - 2, theme.MUTED, anchor="rm")
            right -= text_width(tricks, SMALL - 2) + 12
        heading(img, draw, box, info, right)
        area = (x0 + 8, y0 + HEAD_H - 4, x1 - 8, y1 - 8)
        rows = [list(info.cards)]
        card = TOP_CARD
    else:
        heading(img, draw, box, info, x1 - 8)
        score_line(img, draw, (x0 + 12, y1 - LOW_H / 2 - 2), x1 - 8, info, count=False)
        area = (x0 + 8, y0 + HEAD_H - 4, x1 - 8, y1 - LOW_H - 2)
        rows = layout.split_rows(list(info.cards), math.ceil(max(1, len(info.cards)) / SIDE_ROWS)) \
            if len(info.cards) > 8 else [list(info.cards)]
        card = SIDE_CARD
    layout.panel(draw, area, theme.FELT_DARK, radius=theme.RADIUS)
    ax0, ay0, ax1, ay1 = area
    if not info.cards:
        draw_text(draw, ((ax0 + ax1) / 2, (ay0 + ay1) / 2), "no cards left", SMALL - 2, theme.MUTED, anchor="mm")
        return
    h = card_height(card)
    block = len(rows) * h + (len(rows) - 1) * 6
    y = (ay0 + ay1) / 2 - block / 2
    for row in rows:
        xs = layout.fan_positions(layout.groups_of(row, layout.suit_group(FAMILY)), card, ax1 - ax0 - 12,
                                  max_step=card + 4, group_gap=4)
        left = (ax0 + ax1) / 2 - layout.row_width(xs, card) / 2
        layout.draw_cards(img, row, xs, y, card_width=card, family=FAMILY, lift=0, x0=left)
        y += h + 6


# -- the table -----------------------------------------------------------------------------------

class Table(scene.TarotTable):
    """The view, read once, and the drawing of each part."""

    way = "clockwise"
    bottom_plate = HAND_W

    def __init__(self, view: Mapping[str, Any]) -> None:
        super().__init__(view, default_players=2, default_hands=2)
        self.who = Names(view)
        self.phase = str(view.get("phase") or "discard")
        if self.phase == "choose" and not self.who.places:  # each holds two hands of 13, face down
            self.who.places = [Place(position=s, owner=s, dummy=False, count=26, cards=None, controller=s, tricks=0,
                                     points=0) for s in range(self.players)]
        self.places = self.who.places
        self.truffle = view.get("second_part") == "truffle"
        self.part = part_name(view)
        to_play = view.get("to_play")
        self.to_play: int | None = to_play if isinstance(to_play, int) and not self.over else None
        self.announced = [int(v) for v in self.per_seat("announced")]
        first = view.get("first")
        self.first: list[int] | None = [int(v) for v in first] if isinstance(first, list) else None
        self.game_points = [int(v) for v in self.per_seat("game_points")]
        if self.phase in ("discard", "play1", "choose"):
            self.kind = "duel"
        else:
            self.kind = "truffle" if self.truffle else "piccadilly"
        self.felt_h = FELT_H[self.kind]
        self.board_h = 10 + scene.HEADS_H + self.players * scene.ROW_H + 10 + (NOTE_H if self.note() else 0)

    # -- where everything goes -------------------------------------------------------------------
    def sides(self) -> dict[int, str]:
        """Each position's side of the table: seat 0's hand at the bottom, the rest clockwise in
        play order (Truffle: the players bottom and top, the dummy between them at the dealer's
        left)."""
        n = len(self.places)
        if self.kind == "duel" or n < 3:
            return {p.position: ("bottom" if p.owner == 0 else "top") for p in self.places}
        if n == 3:
            return {p.position: ("bottom" if p.owner == 0 else "top" if p.owner == 1
                                 else "left" if self.dealer == 0 else "right") for p in self.places}
        start = next((p.position for p in self.places if p.owner == 0 and not p.dummy), 0)
        return {p.position: SIDES[(p.position - start) % len(SIDES)] for p in self.places}

    def plate_boxes(self, box: Box) -> dict[int, tuple[str, Box]]:
        """Each position's (shape, plate box) in the felt ``box``."""
        x0, y0, x1, y1 = box
        cx = (x0 + x1) / 2
        sides = self.sides()
        out: dict[int, tuple[str, Box]] = {}
        for p in self.places:
            side = sides[p.position]
            shape = "hand" if not p.dummy else "wide" if side in ("top", "bottom") else "side"
            w, h = plate_size(shape)
            if side == "bottom":
                out[p.position] = shape, (cx - w / 2, y1 - EDGE - h, cx + w / 2, y1 - EDGE)
            elif side == "top":
                out[p.position] = shape, (cx - w / 2, y0 + EDGE, cx + w / 2, y0 + EDGE + h)
        top, bottom = self.band(box, out)
        mid = (top + bottom) / 2
        for p in self.places:
            side = sides[p.position]
            shape = "hand" if not p.dummy else "side"
            w, h = plate_size(shape)
            if side == "left":
                out[p.position] = shape, (x0 + EDGE, mid - h / 2, x0 + EDGE + w, mid + h / 2)
            elif side == "right":
                out[p.position] = shape, (x1 - EDGE - w, mid - h / 2, x1 - EDGE, mid + h / 2)
        return out

    def band(self, box: Box, plates: Mapping[int, tuple[str, Box]]) -> tuple[float, float]:
        """The felt between the top plate's foot and the bottom plate's head."""
        sides = self.sides()
        top = max((b[3] for p, (_, b) in plates.items() if sides[p] == "top"), default=box[1] + EDGE + HAND_H)
        bottom = min((b[1] for p, (_, b) in plates.items() if sides[p] == "bottom"), default=box[3] - EDGE - HAND_H)
        return top, bottom

    def card_spots(self, box: Box, plates: Mapping[int, tuple[str, Box]]) -> dict[int, tuple[float, float]]:
        """The top left of the trick card each position plays: in front of its plate."""
        cx = (box[0] + box[2]) / 2
        th = card_height(TRICK_CARD)
        top, bottom = self.band(box, plates)
        high, low = top + 14, bottom - 26 - th
        mid = (high + low + th) / 2
        sides = self.sides()
        out: dict[int, tuple[float, float]] = {}
        for position, (_, b) in plates.items():
            side = sides[position]
            if side == "bottom":
                out[position] = (cx - TRICK_CARD / 2, low)
            elif side == "top":
                out[position] = (cx - TRICK_CARD / 2, high)
            elif side == "left":
                out[position] = (b[2] + 16, mid - th / 2)
            else:
                out[position] = (b[0] - 16 - TRICK_CARD, mid - th / 2)
        return out

    # -- drawing ---------------------------------------------------------------------------------
    def title(self) -> str:
        return str(self.view.get("title") or "Manchester")

    def stage(self) -> str:
        """The part being played."""
        if self.over:
            return ""
        return "Manchester" if not second_part(self.view) else self.part

    def felt(self, img: Image.Image, draw: Draw, box: Box) -> None:
        paste_oval(img, box)
        plates = self.plate_boxes(box)
        spots = self.card_spots(box, plates)
        self.corner_play(img, draw, box)
        self.corner_last(img, draw, box)
        self.corner_shown(img, draw, box)
        self.corner_fool(img, draw, box)
        if self.phase == "choose":
            self.choosing(img, draw, box)
        self.tricks(img, draw, box, spots)
        for position, (shape, b) in plates.items():
            scene.paste_plate(img, b, partial(plate_sprite, self.plate(position, shape)))

    def plate(self, position: int, shape: str) -> Plate:
        p = self.places[position]
        tag_text, colour = "", theme.HIGHLIGHT
        if self.phase == "discard":
            tag_text, colour = ("to discard", theme.HIGHLIGHT) if p.owner in self.movers else ("discarded", theme.MUTED)
        elif self.phase == "discard2" and not p.dummy and p.owner == self.dealer:
            tag_text = "lays 3 aside"
        elif self.truffle and p.dummy and self.phase == "play2" and not self.over:
            tag_text, colour = f"{self.who.seat(p.controller)} plays it", theme.TEXT
        elif self.phase == "choose":
            chosen = list(self.view.get("chosen") or [])
            done = p.owner < len(chosen) and bool(chosen[p.owner])
            tag_text, colour = ("has chosen", theme.GOOD) if done else ("choosing", theme.HIGHLIGHT)
        playing = self.phase in ("play1", "play2")
        owned = p.dummy and p.owner >= 0
        name = self.who.seat(p.owner) if p.owner >= 0 else "Dummy"
        return Plate(shape=shape, name=name,
                     label="DUMMY" if owned else "",
                     colour=layout.seat_colour(p.owner) if p.owner >= 0 else DUMMY_INK, count=p.count,
                     cards=p.cards or () if p.dummy else (), tricks=p.tricks, points=p.points,
                     to_play=position == self.to_play,
                     dealer=not p.dummy and p.owner == self.dealer and not self.over,
                     winner=not p.dummy and p.owner in self.winners, tag=tag_text, tag_colour=colour,
                     scored=playing)

    def tricks(self, img: Image.Image, draw: Draw, box: Box, spots: Mapping[int, tuple[float, float]]) -> None:
        """The trick in front of who played it, the first card marked as led; the place of the
        card to come."""
        h = card_height(TRICK_CARD)
        for order, (position, card) in enumerate(self.trick):
            if position not in spots:
                continue
            x, y = spots[position]
            layout.paste_card(img, card, (x, y), card_width=TRICK_CARD, family=FAMILY)
            if order == 0:
                layout.pill(draw, (x + TRICK_CARD / 2, y + h + 4), "led", size=SMALL - 4, fill=theme.PANEL,
                            ink=theme.HIGHLIGHT, outline=theme.HIGHLIGHT)
        if self.to_play is not None and self.to_play in spots and all(p != self.to_play for p, _ in self.trick):
            x, y = spots[self.to_play]
            label = "to lead" if not self.trick else "to play"
            layout.empty_slot(draw, (x, y, x + TRICK_CARD, y + h), label, colour=theme.HIGHLIGHT)
        if not self.trick and self.to_play is None and self.phase != "choose":
            self.centre_words(draw, box)

    def centre_words(self, draw: Draw, box: Box) -> None:
        """What the table waits for when no trick is being played."""
        if self.over:
            return
        if self.phase == "discard":
            lines = ("Each player discards three", "cards face down")
        elif self.phase == "discard2":
            lines = (f"{self.who.seat(self.dealer)} lays three", "cards aside face up")
        else:
            return
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        for i, line in enumerate(lines):
            draw_text(draw, (cx, cy - 14 + 28 * i), layout.ellipsize(line, SMALL + 2, 360, True), SMALL + 2,
                      scene.CENTRE_INK, anchor="mm", bold=True)

    def choosing(self, img: Image.Image, draw: Draw, box: Box) -> None:
        """Piccadilly's choice: each player's two hands of thirteen, face down, in front of them,
        and whether they have chosen."""
        x0, y0, x1, y1 = box
        cx = (x0 + x1) / 2
        w = 56
        h = card_height(w)
        for seat in (0, 1):
            y = (y1 - EDGE - HAND_H - 30 - h) if seat == 0 else (y0 + EDGE + HAND_H + 16)
            for i, letter in enumerate("AB"):
                x = cx - w - 10 + i * (w + 20)
                layout.paste_card(img, None, (x, y), card_width=w, back=scene.BACK)
                layout.pill(draw, (x + w / 2, y + h / 2), letter, size=SMALL - 2, fill=theme.PANEL,
                            ink=theme.TEXT, outline=theme.PANEL_LIGHT)
        cy = (y0 + y1) / 2
        draw_text(draw, (cx, cy - 12), "Each holds one of two hands;", SMALL, scene.CENTRE_INK, anchor="mm", bold=True)
        draw_text(draw, (cx, cy + 14), "the other is turned up as a dummy", SMALL, scene.CENTRE_INK, anchor="mm",
                  bold=True)

    # -- the corners -----------------------------------------------------------------------------
    def trick_count(self) -> str:
        trick_no = self.view.get("trick_no")
        per = {"duel": 10, "truffle": 16, "piccadilly": 13}[self.kind]
        return f"Trick {trick_no} of {per}" if isinstance(trick_no, int) else ""

    def taker_name(self, taker: Any) -> str:
        return self.who.position(taker)

    def shown(self) -> tuple[str, list[str]]:
        """The cards discarded face up that matter now, with a label: the Truffle dealer's three
        laid aside in the second part, the forced discards shown in Manchester."""
        shown = [str(c) for c in self.view.get("shown") or []]
        if self.kind == "truffle" and self.phase == "play2" and len(shown) >= 3:
            return f"LAID ASIDE BY {self.who.seat(self.dealer).upper()}", shown[-3:]
        if self.kind == "duel" and self.phase != "choose" and shown:
            return "DISCARDED FACE UP", shown
        return "", []

    def corner_shown(self, img: Image.Image, draw: Draw, box: Box) -> None:
        """Top left: cards discarded face up."""
        label, cards = self.shown()
        if not cards:
            return
        x0, y0, _, _ = box
        w = CORNER_CARD
        step = w * 0.7
        room = self.corner_room(box) - 12
        label = layout.ellipsize(label, SMALL - 5, room, True)
        draw_text(draw, (x0 + 4, y0 + 8), label, SMALL - 5, theme.MUTED, anchor="lm", bold=True)
        xs = layout.fan_positions([len(cards)], w, room, max_step=step)
        layout.draw_cards(img, cards, xs, y0 + 20, card_width=w, family=FAMILY, lift=0, x0=x0 + 4)

    def fool_lines(self) -> tuple[list[str], bool]:
        """Where the Fool went this part (while the part is played); it never lies aside."""
        fool = self.view.get("fool")
        if not isinstance(fool, Mapping) or self.over:
            return [], False
        owner, taker = fool.get("owner"), fool.get("taker")
        whose = f"{self.who.seat(owner)}'s Fool" if owner != -1 else "The dummy's Fool"
        if taker is None:
            return [f"{whose} is in the trick"], False
        if taker == owner:
            return [f"{whose} went to", "their own pile"], False
        lost = bool(fool.get("lost"))
        return [f"{whose} went to {self.who.seat(taker)}:",
                "lost on the last trick" if lost else "it comes back for a card"], False

    # -- the scores ------------------------------------------------------------------------------
    def note(self) -> str:
        """A line under the scores: the Truffle dummy's tricks count for nobody."""
        if self.kind == "truffle" and self.phase == "play2":
            dummy = next((p for p in self.places if p.dummy), None)
            if dummy is not None and dummy.tricks:
                return (f"The dummy has taken {plural(dummy.tricks, 'trick')} "
                        f"({plural(dummy.points, 'point')}): they count for nobody")
        return ""

    def board(self, img: Image.Image, draw: Draw, box: Box) -> None:
        """Each player's scores this hand and the game points."""
        x0, y0, x1, _ = box
        layout.panel(draw, box, theme.PANEL)
        y = y0 + 10
        xs = [WIDTH + dx for dx in COLUMN_X]
        for x, head in zip(xs, COLUMNS, strict=True):
            draw_text(draw, (x, y + scene.HEADS_H / 2), head.format(part=self.part.upper()), SMALL - 5, theme.MUTED,
                      anchor="mm", bold=True)
        draw_text(draw, (x0 + 14, y + scene.HEADS_H / 2), f"HAND {int(self.view.get('hand_no') or 1)}", SMALL - 5,
                  theme.MUTED, anchor="lm", bold=True)
        y += scene.HEADS_H
        for seat in range(self.players):
            self.score_row(img, draw, (x0, y, x1, y + scene.ROW_H), seat, xs)
            y += scene.ROW_H
        note = self.note()
        if note:
            draw_text(draw, (x0 + 14, y + 4 + NOTE_H / 2), layout.ellipsize(note, SMALL - 2, x1 - x0 - 28), SMALL - 2,
                      theme.MUTED, anchor="lm")

    def part_two(self, seat: int) -> tuple[int, int] | None:
        """The second part's (points, tricks) so far for ``seat``, while it is played."""
        if self.phase != "play2" or self.over:
            return None
        owned = [p for p in self.places if p.owner == seat]
        return sum(p.points for p in owned), sum(p.tricks for p in owned)

    def score_row(self, img: Image.Image, draw: Draw, box: Box, seat: int, xs: Sequence[float]) -> None:
        x0, y0, x1, y1 = box
        mid = (y0 + y1) / 2
        if seat in self.winners:
            layout.panel(draw, (x0 + 6, y0 + 2, x1 - 6, y1 - 2), layout.rgba_of(theme.GOOD, 50), theme.GOOD,
                         line=2, radius=8)
        draw.ellipse((x0 + 14, mid - 7, x0 + 28, mid + 7), fill=layout.seat_colour(seat))
        size = theme.TEXT_SIZE - 2
        right = xs[0] - 60
        if seat == self.dealer and not self.over:
            dw = 22
            draw.ellipse((right - dw, mid - dw / 2, right, mid + dw / 2), fill=DEALER, outline=theme.MUTED)
            draw_text(draw, (right - dw / 2, mid), "D", SMALL - 5, theme.PANEL, anchor="mm", bold=True)
            right -= dw + 8
        layout.draw_rich(img, draw, (x0 + 36, mid), layout.ellipsize(self.name(seat), size, right - x0 - 36, True),
                         size, theme.TEXT, bold=True)
        big = theme.TEXT_SIZE
        note = SMALL - 5

        def cell(x: float, value: str, under: str = "", ink: RGB = theme.TEXT) -> None:
            if under:
                draw_text(draw, (x, mid - 8), value, big, ink, anchor="mm", bold=True)
                draw_text(draw, (x, mid + 14), under, note, theme.MUTED, anchor="mm")
            else:
                draw_text(draw, (x, mid), value, big, ink, anchor="mm", bold=True)

        cell(xs[0], str(self.announced[seat]) if seat < len(self.announced) else "-")
        dash = "\u2013"
        if self.first is not None and seat < len(self.first):
            first = self.first[seat]
            cell(xs[1], signed(first), f"{first + self.announced[seat]} taken",
                 theme.GOOD if first > 0 else theme.BAD if first < 0 else theme.TEXT)
        elif self.phase == "play1" and not self.over:
            taken = sum(p.points for p in self.places if p.owner == seat)
            cell(xs[1], str(taken), "taken so far", theme.MUTED)
        else:
            cell(xs[1], dash, ink=theme.MUTED)
        two = self.part_two(seat)
        if two is not None:
            points, tricks = two
            cell(xs[2], str(points + tricks), f"{points} + {plural(tricks, 'trick')}")
            total = (self.first[seat] if self.first is not None and seat < len(self.first) else 0) + points + tricks
            cell(xs[3], str(total), "so far")
        else:
            cell(xs[2], dash, ink=theme.MUTED)
            cell(xs[3], dash, ink=theme.MUTED)
        cell(xs[4], str(self.game_points[seat]) if seat < len(self.game_points) else "0")


def table(view: Mapping[str, Any]) -> Image.Image:
    """The table for ``view`` (every seat and spectator sees the same table)."""
    return Table(view).draw()


# -- the hand ------------------------------------------------------------------------------------
FIRST_DISCARD = 3  # Manchester's discards (the Truffle dealer's three laid aside follow them)


def legal_cards(view: Mapping[str, Any]) -> set[str]:
    """The cards the viewer's ``play:`` moves name."""
    out = set()
    for action in view.get("legal") or []:
        verb, _, arg = str(action.get("token", "")).partition(":")
        if verb == "play" and arg:
            out.add(arg)
    return out


def trick_strip(who: Names, trick: Sequence[tuple[int, str]]) -> Painter:
    """The trick so far, each card with the position that played it ("Ann" over "dummy")."""
    cards = []
    for position, card in trick:
        place = who.places[position] if 0 <= position < len(who.places) else None
        if place is not None and place.dummy and place.owner >= 0:
            cards.append((card, who.seat(place.owner), "dummy"))
        else:
            cards.append((card, who.position(position), ""))
    return scene.trick_band(cards, scene.led_caption(trick))


def discard_band(view: Mapping[str, Any], pick: Mapping[str, Any]) -> Painter:
    """What may be discarded: the rule, and the cards that must go."""
    fixed = [str(c) for c in pick.get("fixed") or []]
    count = int(pick.get("most") or 3) + len(fixed)
    second = view.get("phase") == "discard2"
    rule = "Not Honours or Kings" if second else "Not trumps, Honours or Kings while you hold anything else"
    if fixed:
        rule = f"{len(fixed)} must go, and are shown face up: raised, with the cards that may join them"
    return scene.rule_band(f"{pick.get('label') or 'Discard'}: {count} cards", rule)


def discards_band(cards: Sequence[str], value: int | None) -> Painter:
    """The viewer's own discards, small: they count in their Manchester pile; and the hand value
    they announced, which the pile must beat."""
    def paint(img: Image.Image, draw: Draw, box: Box) -> None:
        x = scene.discard_cards(img, draw, box, "YOUR DISCARDS", "in your pile", cards, 150) + 4
        x1, mid = box[2], (box[1] + box[3]) / 2
        draw_text(draw, (x, mid), plural(pack.total(cards), "point"), SMALL - 1, theme.TEXT, anchor="lm", bold=True)
        if value is not None:
            draw_text(draw, (x1 - 14, mid - 11), "HAND VALUE", SMALL - 5, theme.MUTED, anchor="rm", bold=True)
            draw_text(draw, (x1 - 14, mid + 11), f"{value} announced", SMALL - 2, theme.TEXT, anchor="rm")
    return paint


def hand(view: Mapping[str, Any]) -> Image.Image:
    """The viewer's hand, the cards that may go raised, with bands above it: what may be
    discarded, the trick so far, the dummy to play from. Piccadilly's choice: the two hands."""
    if view.get("phase") == "choose" and view.get("candidates"):
        return choice(view)
    who = Names(view)
    viewer = view.get("viewer")
    phase = view.get("phase")
    over = bool(view.get("over"))
    bands: list[tuple[int, Painter]] = []
    glow: list[str] | None = None
    pick = view.get("pick")
    if isinstance(pick, Mapping) and phase in ("discard", "discard2") and not over:
        # A pick is not moves: the cards it may take are raised and glow, the others left as they are.
        glow = [str(c) for c in pick.get("fixed") or []] + [str(c) for c in pick.get("cards") or []]
        bands.append((scene.RULE_BAND_H, discard_band(view, pick)))
    elif phase in ("discard", "play1") and viewer is not None and view.get("my_discards") and not over:
        announced = list(view.get("announced") or [])
        value = int(announced[viewer]) if isinstance(viewer, int) and viewer < len(announced) else None
        mine = [str(c) for c in view["my_discards"]][:FIRST_DISCARD]
        bands.append((scene.DISCARD_BAND_H, discards_band(mine, value)))
    trick = plays(view.get("trick"))
    if trick and not over:
        bands.append((scene.TRICK_BAND_H, trick_strip(who, trick)))
    dummy = shown_dummy(view, who)
    if dummy is not None:
        bands.append((scene.RAISED_BAND_H, dummy))
    return scene.banded_hand(view, bands, glow)


def shown_dummy(view: Mapping[str, Any], who: Names) -> Painter | None:
    """The dummy the viewer is to play from now, if any (its cards are on the table otherwise)."""
    viewer = view.get("viewer")
    if viewer is None or view.get("phase") != "play2" or view.get("over"):
        return None
    to_play = view.get("to_play")
    place = next((p for p in who.places if p.dummy and p.cards is not None and p.position == to_play
                  and p.controller == viewer and viewer in (view.get("to_move") or [])), None)
    if place is None:
        return None
    title = "Your dummy" if place.owner == viewer else "The dummy"
    return scene.raised_band(f"{title} \u00b7 play from it now", "raised: may be played", place.cards or (),
                             legal_cards(view))


# -- Piccadilly's choice -------------------------------------------------------------------------
CHOICE_CARD = TRICK_CARD
CHOICE_ROWS = 2
CHOICE_HEAD = 64


def summary(cards: Sequence[str]) -> str:
    """"5 trumps · the Magician, the Fool · 2 Kings"."""
    trumps = sum(1 for c in cards if pack.is_trump(c))
    honours = [("the Magician" if c == pack.MAGICIAN else "the World" if c == pack.WORLD else "the Fool")
               for c in cards if c in pack.HONOURS]
    kings = sum(1 for c in cards if pack.is_king(c))
    parts = [plural(trumps, "trump")]
    if honours:
        parts.append(", ".join(honours))
    if kings:
        parts.append(plural(kings, "King"))
    return " \u00b7 ".join(parts)


def choice(view: Mapping[str, Any]) -> Image.Image:
    """The two hands the viewer chooses between, A and B side by side, with their points: one is
    held, the other turned up as the dummy."""
    candidates = [c for c in view.get("candidates") or [] if isinstance(c, Mapping)][:2]
    viewer = view.get("viewer")
    names = layout.names(view)
    my_turn = viewer is not None and viewer in (view.get("to_move") or []) and not view.get("over")
    status = layout.named(view, str(view.get("status", "")))
    status_h = layout.status_height(status, WIDTH - 2 * PAD)
    h = card_height(CHOICE_CARD)
    cards_h = CHOICE_ROWS * h + (CHOICE_ROWS - 1) * 8
    panel_h = CHOICE_HEAD + cards_h + 16
    foot_h = 40
    height = layout.HEADER_HEIGHT + 10 + status_h + 10 + panel_h + 10 + foot_h + PAD
    img, draw = layout.canvas(WIDTH, height)
    title = f"{names[viewer]}'s hands" if isinstance(viewer, int) and viewer < len(names) else "Hands"
    y = layout.header(img, draw, title, f"{view.get('title') or 'Manchester Piccadilly'} \u00b7 choose one") + 10
    layout.status_line(img, draw, (PAD, y, WIDTH - PAD, y + status_h), status,
                       colour=theme.ACCENT if my_turn else theme.PANEL_LIGHT)
    y += status_h + 10
    w = (WIDTH - 2 * PAD - 10) / 2
    for i, cand in enumerate(candidates):
        x0 = PAD + i * (w + 10)
        box = (x0, y, x0 + w, y + panel_h)
        cards = [str(c) for c in cand.get("cards") or []]
        points = int(cand.get("points") or 0)
        layout.panel(draw, box, theme.FELT, theme.HIGHLIGHT if my_turn else theme.FELT_LIGHT, line=2,
                     radius=theme.RADIUS + 6)
        chip = 40
        layout.panel(draw, (x0 + 12, y + 12, x0 + 12 + chip, y + 12 + chip), theme.CARD_FACE, theme.HIGHLIGHT,
                     line=2, radius=8)
        draw_text(draw, (x0 + 12 + chip / 2, y + 12 + chip / 2), "AB"[i], theme.TEXT_SIZE + 2, theme.PANEL,
                  anchor="mm", bold=True)
        tx = x0 + 12 + chip + 12
        draw_text(draw, (tx, y + 22), f"Hand {'AB'[i]}", SMALL + 1, theme.TEXT, anchor="lm", bold=True)
        draw_text(draw, (tx, y + 46), layout.ellipsize(summary(cards), SMALL - 4, x0 + w - 110 - tx), SMALL - 4,
                  theme.MUTED, anchor="lm")
        layout.pill(draw, (x0 + w - 12, y + 32), plural(points, "point"), size=SMALL, fill=theme.PANEL,
                    ink=theme.HIGHLIGHT, outline=theme.HIGHLIGHT, anchor="rm")
        rows = layout.split_rows(cards, math.ceil(max(1, len(cards)) / CHOICE_ROWS))
        ry = y + CHOICE_HEAD
        for row in rows:
            xs = layout.fan_positions(layout.groups_of(row, layout.suit_group(FAMILY)), CHOICE_CARD, w - 24,
                                      max_step=CHOICE_CARD + 6, group_gap=6)
            left = x0 + w / 2 - layout.row_width(xs, CHOICE_CARD) / 2
            layout.draw_cards(img, row, xs, ry, card_width=CHOICE_CARD, family=FAMILY, lift=0, x0=left)
            ry += h + 8
    y += panel_h + 10
    chosen = list(view.get("chosen") or [])
    done = isinstance(viewer, int) and viewer < len(chosen) and bool(chosen[viewer])
    foot = ("You have chosen: the other hand is turned up as your dummy when both have chosen" if done else
            "Hold one hand (choose A or B); the other becomes your dummy, face up on the table")
    layout.panel(draw, (PAD, y, WIDTH - PAD, y + foot_h), theme.PANEL)
    draw_text(draw, (PAD + 14, y + foot_h / 2), layout.ellipsize(foot, SMALL - 1, WIDTH - 2 * PAD - 28), SMALL - 1,
              theme.GOOD if done else theme.TEXT, anchor="lm")
    return img


# -- a hand's end --------------------------------------------------------------------------------
END_ROW = 76
END_HEADS = 30
PILE_ROW = 100
PILE_CARD = CORNER_CARD
LINE_H = 44


def counting(cards: Sequence[str]) -> list[str]:
    """The cards of a pile worth more than a point, in the pack's order."""
    return pack.ORDER.sort([c for c in cards if not pack.empty(c)])


def fool_text(fool: Any, who: Names) -> str:
    """The Fool's exchange at the end of the hand's second part."""
    if not isinstance(fool, Mapping):
        return ""
    owner, taker = fool.get("owner"), fool.get("taker")
    whose = who.seat(owner)
    if taker is None or taker == owner:
        return f"The Fool: {whose} played it to a trick of their own, so it stays in their pile"
    if bool(fool.get("lost")):
        return f"The Fool: {whose} played it to the last trick and lost it to {who.seat(taker)}"
    return f"The Fool: {whose} took it back from {who.seat(taker)}'s trick and gave a card for it"


@dataclass(frozen=True)
class Account:
    """One player's hand, as the round end records it."""

    seat: int
    name: str
    dealt: bool
    announced: int
    first: int
    second: int
    tricks: int
    total: int
    gained: int
    game: int


def seat_list(data: Mapping[str, Any], key: str) -> list[int]:
    given = [int(v) for v in data.get(key) or []]
    return given + [0] * (2 - len(given))


def round_end(view: Mapping[str, Any], data: Mapping[str, Any]) -> Image.Image:
    """A hand's account, both parts per player: the value announced, the Manchester score (points
    taken less the value), the second part's points and tricks, the totals, who won the hand by
    how much and the game points; the piles' counting cards; the Fool's exchange; Truffle's dummy
    pile and the card out of play."""
    who = Names(view)
    truffle = view.get("second_part") == "truffle" or view.get("game") == "manchester-truffle"
    part = "Truffle" if truffle else "Piccadilly"
    totals = seat_list(data, "totals")
    accounts = [Account(seat=s, name=who.seat(s), dealt=s == data.get("dealer"),
                        announced=seat_list(data, "announced")[s], first=seat_list(data, "first")[s],
                        second=seat_list(data, "second")[s], tricks=seat_list(data, "tricks")[s], total=totals[s],
                        gained=seat_list(data, "gained")[s], game=seat_list(data, "game_points")[s])
                for s in (0, 1)]
    given = data.get("piles")
    piles: Mapping[str, Any] = given if isinstance(given, Mapping) else {}
    first_piles = [[str(c) for c in p] for p in piles.get("first") or []] + [[], []]
    second_piles = [[str(c) for c in p] for p in piles.get("second") or []] + [[], [], []]
    out_of_play = [str(c) for c in piles.get("out_of_play") or []]
    fool = fool_text(data.get("fool"), who)
    pile_rows = 3 if truffle else 2
    height = (layout.HEADER_HEIGHT + 10 + BANNER_H + 10 + END_HEADS + 2 * (END_ROW + 6) + 10 + 30
              + pile_rows * (PILE_ROW + 6) + (LINE_H + 6 if fool else 0) + (LINE_H + 6 if out_of_play else 0) + PAD)
    img, draw = layout.canvas(WIDTH, height)
    hand_no = int(data.get("hand") or 1)
    y = layout.header(img, draw, f"Hand {hand_no} of {int(view.get('hands_total') or 2)} scored",
                      f"{view.get('title') or 'Manchester ' + part} \u00b7 {who.seat(data.get('dealer'))} dealt") + 10
    banner = (PAD, y, WIDTH - PAD, y + BANNER_H)
    diff = abs(totals[0] - totals[1])
    if diff:
        winner = accounts[0 if totals[0] > totals[1] else 1]
        layout.banner(img, draw, banner, f"Hand {hand_no}: {totals[0]} to {totals[1]}",
                      f"{winner.name} wins the hand by {diff}")
    else:
        layout.banner(img, draw, banner, f"Hand {hand_no}", f"The hand is level at {totals[0]}: no game points",
                      colour=theme.ACCENT)
    y += BANNER_H + 10
    xs = [float(WIDTH + dx) for dx in COLUMN_X]
    for x, head in zip(xs, COLUMNS, strict=True):
        draw_text(draw, (x, y + END_HEADS / 2), head.format(part=part.upper()), SMALL - 5, theme.MUTED, anchor="mm",
                  bold=True)
    y += END_HEADS
    for account in accounts:
        end_row(img, draw, (PAD, y, WIDTH - PAD, y + END_ROW), account, xs)
        y += END_ROW + 6
    y += 10
    draw_text(draw, (PAD + 4, y + 15), "PILES: THE CARDS WORTH MORE THAN A POINT", SMALL - 5, theme.MUTED,
              anchor="lm", bold=True)
    y += 30
    for account in accounts:
        pile_row(img, draw, (PAD, y, WIDTH - PAD, y + PILE_ROW), account.name, layout.seat_colour(account.seat),
                 [("Manchester", first_piles[account.seat]), (part, second_piles[account.seat])])
        y += PILE_ROW + 6
    if truffle:
        pile_row(img, draw, (PAD, y, WIDTH - PAD, y + PILE_ROW), "The dummy", DUMMY_INK,
                 [("Truffle \u00b7 counts for nobody", second_piles[2])])
        y += PILE_ROW + 6
    if fool:
        layout.panel(draw, (PAD, y, WIDTH - PAD, y + LINE_H), theme.PANEL, theme.HIGHLIGHT, line=1)
        draw_text(draw, (PAD + 14, y + LINE_H / 2), layout.ellipsize(fool, SMALL, WIDTH - 2 * PAD - 28), SMALL,
                  theme.TEXT, anchor="lm")
        y += LINE_H + 6
    if out_of_play:
        layout.panel(draw, (PAD, y, WIDTH - PAD, y + LINE_H), theme.PANEL)
        label = "Set aside face down, out of play:"
        draw_text(draw, (PAD + 14, y + LINE_H / 2), label, SMALL - 1, theme.MUTED, anchor="lm")
        spots = layout.fan_positions([len(out_of_play)], PILE_CARD, WIDTH - 2 * PAD, max_step=PILE_CARD + 6)
        layout.draw_cards(img, out_of_play, spots, y + 3, card_width=PILE_CARD, family=FAMILY, lift=0,
                          x0=PAD + 28 + text_width(label, SMALL - 1))
    return img


def end_row(img: Image.Image, draw: Draw, box: Box, account: Account, xs: Sequence[float]) -> None:
    """A player's line: name (and "dealt"), then the figures under the column heads."""
    x0, y0, _, y1 = box
    won = account.gained > 0
    layout.panel(draw, box, theme.PANEL, theme.GOOD if won else theme.PANEL_LIGHT, line=2 if won else 1)
    mid = (y0 + y1) / 2
    draw.ellipse((x0 + 12, mid - 7, x0 + 26, mid + 7), fill=layout.seat_colour(account.seat))
    size = theme.TEXT_SIZE - 2
    layout.draw_rich(img, draw, (x0 + 34, mid - (10 if account.dealt else 0)),
                     layout.ellipsize(account.name, size, xs[0] - 60 - x0 - 34, True), size, theme.TEXT, bold=True)
    if account.dealt:
        draw_text(draw, (x0 + 34, mid + 14), "dealt", SMALL - 4, theme.MUTED, anchor="lm", bold=True)
    first = account.first
    cells = (
        (str(account.announced), "announced", theme.TEXT),
        (signed(first), f"{first + account.announced} \u2212 {account.announced}",
         theme.GOOD if first > 0 else theme.BAD if first < 0 else theme.TEXT),
        (str(account.second), f"{account.second - account.tricks} + {plural(account.tricks, 'trick')}", theme.TEXT),
        (str(account.total), "this hand", theme.GOOD if won else theme.TEXT),
        (str(account.game), f"+{account.gained} this hand", theme.GOOD if won else theme.TEXT),
    )
    for x, (value, under, ink) in zip(xs, cells, strict=True):
        draw_text(draw, (x, mid - 9), value, theme.TEXT_SIZE + 2, ink, anchor="mm", bold=True)
        draw_text(draw, (x, mid + 17), under, SMALL - 5, theme.MUTED, anchor="mm")


def pile_row(img: Image.Image, draw: Draw, box: Box, name: str, colour: RGB,
             parts: Sequence[tuple[str, Sequence[str]]]) -> None:
    """A pile's line: whose, then for each part its points and its counting cards."""
    x0, y0, x1, y1 = box
    layout.panel(draw, box, theme.PANEL, theme.PANEL_LIGHT, line=1)
    mid = (y0 + y1) / 2
    draw.ellipse((x0 + 12, mid - 7, x0 + 26, mid + 7), fill=colour)
    draw_text(draw, (x0 + 34, mid), layout.ellipsize(name, SMALL + 1, 130, True), SMALL + 1, theme.TEXT,
              anchor="lm", bold=True)
    left = x0 + 180
    width = (x1 - 10 - left) / max(1, len(parts))
    for i, (label, cards) in enumerate(parts):
        px = left + i * width
        # The label and the points apart: each text is drawn once and its mask kept.
        head = label.upper()
        draw_text(draw, (px, y0 + 16), head, SMALL - 6, theme.MUTED, anchor="lm", bold=True)
        draw_text(draw, (px + text_width(head, SMALL - 6, True) + 10, y0 + 16), plural(pack.total(cards), "point"),
                  SMALL - 3, theme.TEXT, anchor="lm", bold=True)
        shown = counting(cards)
        if not shown:
            draw_text(draw, (px, mid + 10), "nothing above a point" if cards else "no cards", SMALL - 3, theme.MUTED,
                      anchor="lm")
            continue
        xs = layout.fan_positions(layout.groups_of(shown, layout.suit_group(FAMILY)), PILE_CARD, width - 16,
                                  max_step=PILE_CARD * 0.62, group_gap=4)
        layout.draw_cards(img, shown, xs, y0 + 30, card_width=PILE_CARD, family=FAMILY, lift=0, x0=px)
