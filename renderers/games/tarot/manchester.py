"""The table, hand and hand's-end images of the two-player tarot games, Manchester Piccadilly and
Manchester Truffle (docs/rules/tarot.md): :mod:`renderers.games.tarot.manchester_piccadilly` and
:mod:`renderers.games.tarot.manchester_truffle` are these pictures under the games' keys. This module
draws the table; ``manchester_plates`` measures and reads it, ``manchester_hand`` draws the hand
and Piccadilly's choice, ``manchester_round_end`` the hand's end.

The table is the oval of :mod:`renderers.kit.trick_table` with a plate for each *position* (a hand
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

The hand (:func:`hand`) is the generic hand of :mod:`renderers.kit.hand` (the cards that may be
played raised, the others dimmed) with bands over it: in a discard, the rule and the cards that
may go raised; in Manchester, the viewer's own discards and hand value; the trick so far; and,
when the viewer is to play from a dummy, the dummy's cards with those that may be played raised
(the hand's cards are then all dimmed). In Piccadilly's choice it shows the two candidate hands
side by side, A and B, with their points.

The hand's end (:func:`round_end`) accounts for both parts per player, who won the hand by how
much, the game points, the piles' counting cards and the Fool's exchange.

What these pictures share with the base games' (:mod:`renderers.games.tarot.base_games`) is drawn by
:mod:`renderers.games.tarot.scene`: the table round the felt and the board, three of the corners, the
plates' sprites and the hand's bands.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from PIL import Image

from renderers.games.tarot import scene as scene
from renderers.games.tarot.manchester_plates import (
    COLUMN_X,
    COLUMNS,
    DUMMY_INK,
    EDGE,
    FELT_H,
    HAND_H,
    HAND_W,
    NOTE_H,
    SIDES,
    Names,
    Place,
    Plate,
    part_name,
    plate_size,
    plate_sprite,
    second_part,
)
from renderers.games.tarot.scene import (
    CORNER_CARD,
    FAMILY,
    SMALL,
    TRICK_CARD,
    WIDTH,
    signed,
)
from renderers.kit import card_rows, layout, theme
from renderers.kit.fonts import draw_text
from renderers.kit.layout import Box, Draw, plural
from renderers.kit.theme import RGB, card_height
from renderers.kit.trick_table import DEALER, paste_oval

__all__ = ["Table", "table"]

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
            card_rows.paste_card(img, card, (x, y), card_width=TRICK_CARD, family=FAMILY)
            if order == 0:
                layout.pill(draw, (x + TRICK_CARD / 2, y + h + 4), "led", size=SMALL - 4, fill=theme.PANEL,
                            ink=theme.HIGHLIGHT, outline=theme.HIGHLIGHT)
        if self.to_play is not None and self.to_play in spots and all(p != self.to_play for p, _ in self.trick):
            x, y = spots[self.to_play]
            label = "to lead" if not self.trick else "to play"
            card_rows.empty_slot(draw, (x, y, x + TRICK_CARD, y + h), label, colour=theme.HIGHLIGHT)
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
                card_rows.paste_card(img, None, (x, y), card_width=w, back=scene.BACK)
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
        xs = card_rows.fan_positions([len(cards)], w, room, max_step=step)
        card_rows.draw_cards(img, cards, xs, y0 + 20, card_width=w, family=FAMILY, lift=0, x0=x0 + 4)

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


