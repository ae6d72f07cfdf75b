"""The table, hand and hand's-end images of the tarot base games (docs/rules/tarot.md): Scarto (three
players), Tarocchi (four, partners opposite: seats 0 and 2 against 1 and 3) and Conference (four,
partners side by side: 0 and 1 against 2 and 3), each plain or under a rule set (Tontine, the
Last Laugh, Courtship Rules). :mod:`renderers.games.tarot.scarto`, :mod:`renderers.games.tarot.tarocchi` and
:mod:`renderers.games.tarot.conference` are this module under the games' keys.

The table is the oval of :mod:`renderers.kit.trick_table` with the players' plates round it in play
order (play goes to the left, clockwise on the screen, seat 0 at the bottom). A plate shows the
player's name in their side's colour (partners share a colour, and their plates an outline of
it), the cards held, the tricks and card points taken, the game score, the dealer's button and
whether it is their turn; under Tontine a row of the cards they have left face up (and what
those are worth now), and under the Last Laugh (or whenever a card is known to be in a hand)
the cards known to be in their hand, the Fool among them once the Butt holds it. The trick lies
in the middle, each card in front of who played it; a trick that a rule set still settles (a
claim, a summons, the Butt's exchange) stays there with who takes it, the cards it concerns
glowing, and a few words on what is asked. In the corners: the way play goes and the trick
number (top right), the dealer's discard (top left: backs with the count, the cards forced face
up, or the viewer's own discard face up), the last trick with the Courtship rule that decided it
(bottom left) and where the Fool is (bottom right; under the Last Laugh, who holds it or the
Fool face up aside). Under the felt, each side's tricks, points and game score, and the last
lines of the log. Nothing hidden is drawn: the table shows only what its view gives.

The hand (:func:`hand`) is the generic hand of :mod:`renderers.kit.hand` with bands above it: a
discard's rule (the cards that may go raised), the viewer's own discard, the trick so far, and
what the viewer is asked about a completed trick (the cards they may leave face up, the King
whose servant they may summon, the cards the Butt may give for the Fool, raised).

The hand's end (:func:`round_end`) accounts for each side: tricks, card points (or Tontine
points), what the hand scored and the totals; the piles' counting cards (or the face-up cards
that scored under Tontine), the dealer's discard and where the Fool went.

What these pictures share with the two-player games' (:mod:`renderers.games.tarot.manchester`) is drawn by
:mod:`renderers.games.tarot.scene`: the table round the felt and the board, three of the corners, the
plates' sprites and the hand's bands.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping, Sequence
from functools import lru_cache, partial
from typing import Any

from PIL import Image

from games.tarot import pack
from renderers.games.tarot import scene as scene
from renderers.games.tarot.base_plates import (
    COLUMN_X,
    EDGE,
    FOOT_GAP,
    FRONT_GAP,
    MIDDLE,
    PLATE_H,
    PLATE_W,
    RULESETS,
    SIDE_GAP,
    SMALL_CARD,
    TITLES,
    TONTINE_TARGET,
    Names,
    Plate,
    SeatInfo,
    call,
    card_name,
    plate_sprite,
    seat_infos,
    side_list,
    tontine_worth,
    tricks_per_hand,
)
from renderers.games.tarot.scene import (
    FAMILY,
    SMALL,
    TRICK_CARD,
    WIDTH,
)
from renderers.kit import card_rows, layout, theme
from renderers.kit.fonts import draw_text
from renderers.kit.layout import Box, Draw, plural
from renderers.kit.theme import RGB, card_height
from renderers.kit.trick_table import angle, oval, spot

__all__ = ["Table", "table"]

# -- the table -----------------------------------------------------------------------------------

class Table(scene.TarotTable):
    """The view, read once, and the drawing of each part."""

    way = "to the left"
    bottom_plate = PLATE_W

    def __init__(self, view: Mapping[str, Any]) -> None:
        super().__init__(view, default_players=3)
        self.who = Names(view)
        self.seats = seat_infos(view)
        self.seats += [SeatInfo(0, 0, 0, s, (), (), False) for s in range(len(self.seats), self.players)]
        self.sides = side_list(view, self.players)
        self.partners = any(len(side) > 1 for side in self.sides)
        self.ruleset = str(view.get("ruleset") or "plain")
        self.tontine = self.ruleset == "tontine"
        self.phase = str(view.get("phase") or "play")
        taker = view.get("taker")
        self.taker: int | None = taker if isinstance(taker, int) and not self.over else None
        self.scores = [int(v) for v in self.per_seat("scores")]
        self.strips = self.tontine or self.ruleset == "last-laugh" or any(s.known for s in self.seats)
        self.plate_h = PLATE_H[self.strips]
        self.felt_h = self.felt_height()
        self.board_h = 10 + scene.HEADS_H + len(self.sides) * scene.ROW_H + 10

    def side_of(self, seat: int) -> int:
        return self.seats[seat].side if 0 <= seat < len(self.seats) else seat

    def side_colour(self, seat: int) -> RGB:
        return layout.seat_colour(self.side_of(seat))

    # -- where everything goes -------------------------------------------------------------------
    def felt_height(self) -> int:
        """Room for the plates top and bottom (four seats) or round the lower half (three), the
        trick cards in front of them and the free middle."""
        th = card_height(TRICK_CARD)
        bottom = EDGE + self.plate_h + FOOT_GAP + th
        if self.players >= 4:
            return bottom + EDGE + self.plate_h + FRONT_GAP + th + MIDDLE[4]
        return bottom + th + MIDDLE[3] + 40

    def facing(self, seat: int) -> str:
        """Which way the seat's plate faces the middle: "bottom", "top", "left" or "right"."""
        a = angle(seat, self.players)
        if abs(math.cos(a)) < 0.3:
            return "bottom" if math.sin(a) > 0 else "top"
        return "left" if math.cos(a) < 0 else "right"

    def plate_boxes(self, box: Box) -> list[Box]:
        plate = (PLATE_W, self.plate_h)
        out = []
        for seat in range(self.players):
            px, py = spot(box, seat, self.players, 1.0, plate)
            out.append((px - PLATE_W / 2, py - self.plate_h / 2, px + PLATE_W / 2, py + self.plate_h / 2))
        return out

    def card_spots(self, plates: Sequence[Box]) -> list[tuple[float, float]]:
        """The top left of the trick card each seat plays: in front of its plate."""
        th = card_height(TRICK_CARD)
        out = []
        for seat, (x0, y0, x1, y1) in enumerate(plates):
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            side = self.facing(seat)
            if side == "bottom":
                out.append((cx - TRICK_CARD / 2, y0 - FOOT_GAP - th))
            elif side == "top":
                out.append((cx - TRICK_CARD / 2, y1 + FRONT_GAP))
            elif side == "left":
                out.append((x1 + SIDE_GAP, cy - th / 2))
            else:
                out.append((x0 - SIDE_GAP - TRICK_CARD, cy - th / 2))
        return out

    def middle(self, box: Box, spots: Sequence[tuple[float, float]]) -> Box:
        """The free felt for the words in the middle: between the side cards and between the top
        and bottom cards (four seats); above the side cards (three)."""
        x0, y0, x1, _ = box
        cx = (x0 + x1) / 2
        th = card_height(TRICK_CARD)
        if self.players >= 4:
            top = spots[2][1] + th
            bottom = spots[0][1]
            return (spots[1][0] + TRICK_CARD + 8, top + 4, spots[3][0] - 8, bottom - 4)
        plates = self.plate_boxes(box)
        bottom = max(y0 + 80, min(spots[1][1], spots[2][1]) - 8)
        return (max(plates[1][2] + 6, cx - 160), y0 + 28, min(plates[2][0] - 6, cx + 160), bottom)

    # -- drawing ---------------------------------------------------------------------------------
    def title(self) -> str:
        return str(self.view.get("title") or TITLES.get(str(self.view.get("game")), "Tarot"))

    def stage(self) -> str:
        """The rule set."""
        return RULESETS.get(self.ruleset, self.ruleset)

    def outcome(self) -> str:
        return scene.capital(super().outcome())

    def felt(self, img: Image.Image, draw: Draw, box: Box) -> None:
        paste_felt(img, box)
        plates = self.plate_boxes(box)
        spots = self.card_spots(plates)
        self.corner_play(img, draw, box)
        self.corner_discard(img, draw, box, plates)
        self.corner_last(img, draw, box)
        self.corner_fool(img, draw, box)
        self.tricks(img, draw, spots)
        self.centre(img, draw, self.middle(box, spots))
        for seat, b in enumerate(plates):
            scene.paste_plate(img, b, partial(plate_sprite, self.plate(seat)))

    def plate(self, seat: int) -> Plate:
        info = self.seats[seat]
        playing = self.phase != "discard" or bool(info.tricks)
        points = f"{info.points} pts" if info.tricks and not self.tontine and playing else ""
        tag_text, colour = "", theme.HIGHLIGHT
        if self.phase == "discard" and seat == self.dealer and not self.over:
            tag_text = "discarding"
        elif self.taker == seat and self.trick:
            tag_text, colour = "takes the trick", theme.GOOD
        plate = Plate(seat=seat, name=self.name(seat), colour=self.side_colour(seat), partners=self.partners,
                      count=info.count, tricks=info.tricks, points=points,
                      score=str(self.scores[seat]) if seat < len(self.scores) else "0",
                      to_move=seat in self.movers, dealer=seat == self.dealer and not self.over,
                      winner=seat in self.winners, tag=tag_text, tag_colour=colour, strip=self.strips)
        if not self.strips:
            return plate
        if self.tontine:
            worth = tontine_worth(info.face_up)
            return dataclasses.replace(plate, label="FACE UP", note=f"{worth} pts" if info.face_up else "",
                                     note_colour=theme.HIGHLIGHT, cards=info.face_up, empty="nothing claimed")
        aside = self.view.get("fool_aside")
        if aside == seat:
            label, note = "SHOWN", "Fool aside"
        elif info.fool:
            label, note = "THE BUTT", "holds Fool"
        else:
            label, note = "KNOWN", "in hand" if info.known else ""
        known = info.known
        if info.fool and seat == self.view.get("viewer") and pack.FOOL in (self.view.get("hand") or []):
            known = (pack.FOOL,)  # the viewer's own: their view lists nothing known of their hand
        return dataclasses.replace(plate, label=label, note=note,
                                   note_colour=theme.HIGHLIGHT if info.fool else theme.TEXT, cards=known,
                                   empty="nothing known")

    def glow(self) -> set[str]:
        """The trick's cards a rule set asks about: those that may be left face up, the King
        whose servant may be summoned."""
        if self.phase == "claim":
            return {str(c) for c in self.view.get("claimable") or []}
        summon = self.view.get("summon")
        if self.phase == "summon" and summon:
            return {str(summon)}
        return set()

    def tricks(self, img: Image.Image, draw: Draw, spots: Sequence[tuple[float, float]]) -> None:
        """The trick in front of who played it, the first card marked as led (and, once complete,
        the winner's as taking it); the place of the card to come."""
        h = card_height(TRICK_CARD)
        glow = self.glow()
        for order, (seat, card) in enumerate(self.trick):
            if not 0 <= seat < len(spots):
                continue
            x, y = spots[seat]
            card_rows.paste_card(img, card, (x, y), card_width=TRICK_CARD, family=FAMILY, highlight=card in glow)
            takes = seat == self.taker
            words = "led, takes" if (order == 0 and takes) else "takes" if takes else "led" if order == 0 else ""
            if words:
                ink = theme.GOOD if takes else theme.HIGHLIGHT
                layout.pill(draw, (x + TRICK_CARD / 2, y + h + 4), words, size=SMALL - 4, fill=theme.PANEL, ink=ink,
                            outline=ink)
        to_play = next(iter(self.movers)) if len(self.movers) == 1 and self.phase == "play" else None
        if to_play is not None and 0 <= to_play < len(spots) and all(s != to_play for s, _ in self.trick):
            x, y = spots[to_play]
            card_rows.empty_slot(draw, (x, y, x + TRICK_CARD, y + h), "to lead" if not self.trick else "to play",
                              colour=theme.HIGHLIGHT)

    def centre_words(self) -> tuple[str, list[str]]:
        """What the middle says: a called rule (in a pill) and lines on what the table waits for."""
        if self.over:
            return "", []
        taker = self.who.seat(self.taker)
        why = call(self.view.get("why")) if self.taker is not None else ""
        if self.phase == "discard":
            counts = [info.count for info in self.seats]
            extra = counts[self.dealer] - min(counts) if self.dealer is not None and counts else 0
            return "", [f"{self.who.seat(self.dealer)} takes the last {plural(extra, 'card')} and discards "
                        f"{extra} face down"]
        if self.phase == "summon" and self.view.get("summon"):
            return why, [f"{taker} may summon the servant of {card_name(str(self.view['summon']))}"]
        if self.phase == "claim":
            return why, [f"{taker} may leave the glowing cards face up"]
        if self.phase == "give":
            return why, [f"{taker}, the Butt, gives a card for the Fool"]
        if self.taker is not None and why:
            return why, [f"{taker} takes the trick"]
        last_why = call(self.last.get("why")) if self.last is not None else ""
        if not self.trick and last_why and self.last is not None:
            return last_why, [f"took the last trick for {self.who.seat(self.last.get('winner'))}"]
        return "", []

    def centre(self, img: Image.Image, draw: Draw, box: Box) -> None:
        pill, lines = self.centre_words()
        if not pill and not lines:
            return
        x0, y0, x1, y1 = box
        cx = (x0 + x1) / 2
        size = SMALL - 2
        lead = layout.line_height(size)
        pill_h = (SMALL + 1) * 1.5 + 6 if pill else 0
        most = max(1, int((y1 - y0 - pill_h) // lead))
        wrapped = [part for line in lines for part in layout.wrap(line, size, x1 - x0, True)]
        if len(wrapped) > most:
            wrapped = wrapped[: most - 1] + [layout.ellipsize(" ".join(wrapped[most - 1:]), size, x1 - x0, True)]
        total = pill_h + lead * len(wrapped)
        y = (y0 + y1) / 2 - total / 2
        if pill:
            layout.pill(draw, (cx, y + pill_h / 2 - 3), pill, size=SMALL + 1, fill=theme.PANEL, ink=theme.HIGHLIGHT,
                        outline=theme.HIGHLIGHT)
            y += pill_h
        for line in wrapped:
            layout.draw_rich(img, draw, (cx - layout.rich_width(line, size, True) / 2, y + lead / 2), line, size,
                             scene.CENTRE_INK, bold=True)
            y += lead

    # -- the corners -----------------------------------------------------------------------------
    def trick_count(self) -> str:
        trick_no = self.view.get("trick_no")
        if not isinstance(trick_no, int) or self.over:
            return ""
        per = tricks_per_hand(self.view)
        return f"Trick {min(trick_no, per)} of {per}" if per else f"Trick {trick_no}"

    def corner_discard(self, img: Image.Image, draw: Draw, box: Box, plates: Sequence[Box]) -> None:
        """Top left: the dealer's discard, face down with its count; the cards that had to be
        shown face up; the viewer's own discard face up."""
        count = int(self.view.get("discard_count") or 0)
        if not count or self.over:
            return
        x0, y0, _, _ = box
        mine = [str(c) for c in self.view.get("my_discard") or []]
        shown = [str(c) for c in self.view.get("shown") or []]
        dealer = self.who.seat(self.dealer)
        label = "YOUR DISCARD" if mine else f"{dealer.upper()}'S DISCARD"
        room = (plates[2][0] if self.players >= 4 else (x0 + WIDTH / 2 - 130)) - x0 - 16
        w = SMALL_CARD
        draw_text(draw, (x0 + 4, y0 + 8), layout.ellipsize(label, SMALL - 5, room, True), SMALL - 5, theme.MUTED,
                  anchor="lm", bold=True)
        faces = mine or shown
        tokens: list[str | None] = [*faces, *([None] * max(0, count - len(faces)))] if not mine else list(mine)
        step = min(w * 0.62, (room - 120 - w) / max(1, len(tokens) - 1)) if len(tokens) > 1 else 0
        for i, token in enumerate(tokens):
            card_rows.paste_card(img, token, (x0 + 4 + i * step, y0 + 20), card_width=w, family=FAMILY, back="tarot",
                              shadow=False)
        x = x0 + 4 + (len(tokens) - 1) * step + w + 10
        mid = y0 + 20 + card_height(w) / 2
        what = plural(count, "card")
        note = "face down" if not mine and not shown else f"{len(shown)} shown" if shown and not mine else "yours"
        draw_text(draw, (x, mid - 10), what, SMALL - 2, theme.TEXT, anchor="lm", bold=True)
        draw_text(draw, (x, mid + 11), note, SMALL - 4, scene.CORNER_INK, anchor="lm")

    def corner_last(self, img: Image.Image, draw: Draw, box: Box) -> None:
        if self.taker is None:  # a trick being settled is the last trick
            super().corner_last(img, draw, box)

    def taker_name(self, taker: Any) -> str:
        return self.who.seat(taker)

    def last_call(self, last: Mapping[str, Any]) -> str:
        """The Courtship rule that decided it."""
        return call(last.get("why"))

    def fool_lines(self) -> tuple[list[str], bool]:
        """Where the Fool is, and whether it lies face up aside."""
        fool = self.view.get("fool")
        if not isinstance(fool, Mapping) or self.over:
            return [], False
        if fool.get("rule") == "last-laugh":
            aside = self.view.get("fool_aside")
            if isinstance(aside, int):
                return [f"Face up aside, from {self.who.seat(aside)}:", "it goes with the last trick"], True
            holder = next((s for s, info in enumerate(self.seats) if info.fool), None)
            if holder is not None:
                return [f"{self.who.seat(holder)}, the Butt, holds it", "until they must play it"], False
            played = next((s for s, card in self.trick if card == pack.FOOL), None)
            if played is not None:
                last = all(info.count == 0 for info in self.seats)
                return [f"{self.who.seat(played)} played it:",
                        "it takes the last trick" if last else "its taker is the Butt"], False
            return ["Hidden in a hand:", "it wins the last trick"], False
        owner, taker = fool.get("owner"), fool.get("taker")
        whose = f"{self.who.seat(owner)}'s Fool"
        if taker is None:
            return [f"{whose} is in the trick"], False
        if taker == owner:
            return [f"{whose} went to", "their own pile"], False
        return [f"{whose} went to {self.who.seat(taker)}:", "it comes back for a card"], False

    # -- the scores ------------------------------------------------------------------------------
    def board(self, img: Image.Image, draw: Draw, box: Box) -> None:
        """Each side's tricks and points this hand and its game score."""
        x0, y0, x1, _ = box
        layout.panel(draw, box, theme.PANEL)
        y = y0 + 10
        xs = [WIDTH + dx for dx in COLUMN_X]
        points = "FACE UP (TONTINE)" if self.tontine else "CARD POINTS"
        for x, head in zip(xs, ("TRICKS", points, "GAME"), strict=True):
            draw_text(draw, (x, y + scene.HEADS_H / 2), head, SMALL - 5, theme.MUTED, anchor="mm", bold=True)
        hand_no, total = int(self.view.get("hand_no") or 1), self.hands_total
        draw_text(draw, (x0 + 14, y + scene.HEADS_H / 2), f"HAND {min(hand_no, total)} OF {total}", SMALL - 5,
                  theme.MUTED, anchor="lm", bold=True)
        y += scene.HEADS_H
        for side in self.sides:
            self.side_row(img, draw, (x0, y, x1, y + scene.ROW_H), side, xs)
            y += scene.ROW_H

    def side_row(self, img: Image.Image, draw: Draw, box: Box, side: Sequence[int], xs: Sequence[float]) -> None:
        x0, y0, x1, y1 = box
        mid = (y0 + y1) / 2
        if side and side[0] in self.winners:
            layout.panel(draw, (x0 + 6, y0 + 2, x1 - 6, y1 - 2), layout.rgba_of(theme.GOOD, 50), theme.GOOD,
                         line=2, radius=8)
        colour = self.side_colour(side[0]) if side else theme.MUTED
        draw.ellipse((x0 + 14, mid - 7, x0 + 28, mid + 7), fill=colour)
        size = theme.TEXT_SIZE - 2
        right = xs[0] - 60
        dealt = self.dealer in side and not self.over
        if dealt:
            dw = 22
            draw.ellipse((right - dw, mid - dw / 2, right, mid + dw / 2), fill=(236, 236, 240), outline=theme.MUTED)
            draw_text(draw, (right - dw / 2, mid), "D", SMALL - 5, theme.PANEL, anchor="mm", bold=True)
            right -= dw + 8
        layout.draw_rich(img, draw, (x0 + 36, mid), layout.ellipsize(self.who.side(side), size, right - x0 - 36, True),
                         size, theme.TEXT, bold=True)
        infos = [self.seats[s] for s in side if 0 <= s < len(self.seats)]
        tricks = sum(i.tricks for i in infos)
        if self.tontine:
            value, under = tontine_worth([c for i in infos for c in i.face_up]), \
                f"{TONTINE_TARGET.get(self.players, 37)} {'to break even' if self.players == 3 else 'wins'}"
        else:
            value = sum(i.points for i in infos)
            under = ("last hand" if self.over else
                     "+ the discard" if dealt and int(self.view.get("discard_count") or 0) else "taken")
        score = self.scores[side[0]] if side and side[0] < len(self.scores) else 0
        big, note = theme.TEXT_SIZE, SMALL - 5
        draw_text(draw, (xs[0], mid), str(tricks), big, theme.TEXT, anchor="mm", bold=True)
        draw_text(draw, (xs[1], mid - 8), str(value), big, theme.TEXT, anchor="mm", bold=True)
        draw_text(draw, (xs[1], mid + 14), under, note, theme.MUTED, anchor="mm")
        draw_text(draw, (xs[2], mid), str(score), big, theme.GOOD if side and side[0] in self.winners else theme.TEXT,
                  anchor="mm", bold=True)


@lru_cache(maxsize=8)
def felt_sprite(width: int, height: int) -> Image.Image:
    """The oval of :func:`renderers.kit.trick_table.paste_oval` on the background, opaque: pasted
    whole, without blending the felt's edge into the picture each time."""
    sprite = Image.new("RGB", (width, height), theme.BACKGROUND)
    felt = oval(width - 40, height - 50)
    sprite.paste(felt, (20, 25), felt)
    return sprite


def paste_felt(img: Image.Image, box: Box) -> None:
    """The bare oval of felt in ``box``, on the plain background (as :func:`renderers.kit.trick_table.paste_oval`
    draws it, faster)."""
    x0, y0, x1, y1 = box
    img.paste(felt_sprite(round(x1 - x0), round(y1 - y0)), (round(x0), round(y0)))


def table(view: Mapping[str, Any]) -> Image.Image:
    """The table for ``view``: only what the view gives is drawn."""
    return Table(view).draw()


