"""The table, hand and hand's-end images of the tarot base games (docs/rules/tarot.md): Scarto (three
players), Tarocchi (four, partners opposite: seats 0 and 2 against 1 and 3) and Conference (four,
partners side by side: 0 and 1 against 2 and 3), each plain or under a rule set (Tontine, the
Last Laugh, Courtship Rules). :mod:`renderers.scarto`, :mod:`renderers.tarocchi` and
:mod:`renderers.conference` are this module under the games' keys.

The table is the oval of :mod:`renderers.trick_table` with the players' plates round it in play
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

The hand (:func:`hand`) is the generic hand of :mod:`renderers.hand` with bands above it: a
discard's rule (the cards that may go raised), the viewer's own discard, the trick so far, and
what the viewer is asked about a completed trick (the cards they may leave face up, the King
whose servant they may summon, the cards the Butt may give for the Fool, raised).

The hand's end (:func:`round_end`) accounts for each side: tricks, card points (or Tontine
points), what the hand scored and the totals; the piles' counting cards (or the face-up cards
that scored under Tontine), the dealer's discard and where the Fool went.

What these pictures share with the two-player games' (:mod:`renderers.tarot_table`) is drawn by
:mod:`renderers.tarot_scene`: the table round the felt and the board, three of the corners, the
plates' sprites and the hand's bands.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any

from PIL import Image

from games.core import cards as card_names
from games.core.cards import TAROT_RANKS, TAROT_SUITS
from games.core.errors import UnknownGame
from games.core.registry import get as get_rules
from games.tarot import pack, rule_sets

from . import layout, theme
from . import tarot_scene as scene
from .cards import card_image
from .fonts import draw_text, text_width
from .layout import Box, Draw, plural
from .regions import region
from .tarot_scene import BANNER_H, CORNER_CARD, FAMILY, PAD, SMALL, TRICK_CARD, WIDTH, Painter, plays, signed
from .theme import RGB, card_height, mix
from .trick_table import angle, oval, plate_heading, spot, tag, tag_width

__all__ = ["hand", "round_end", "table", "warm"]

TITLES = {"scarto": "Scarto", "tarocchi": "Tarocchi", "conference": "Conference"}
RULESETS = {"plain": "plain rules", "tontine": "Tontine", "last-laugh": "The Last Laugh",
            "courtship": "Courtship Rules"}
# What the table calls out when a Courtship rule decides a trick.
CALLS = {"queens_ruff": "Queen's Ruff!", "royal_marriage": "Royal Marriage", "royal_affair": "Royal Affair"}
TONTINE_TARGET = {3: 37, 4: 56}

# -- the felt ------------------------------------------------------------------------------------
# Card widths as in renderers.tarot_scene (one sprite per card and width): the plates' cards are as
# small as the corners'.
SMALL_CARD = CORNER_CARD
PLATE_W = 232
HEAD_H = 44  # a plate's top line
LOW_MID = 57  # the middle of its second line, from the plate's top
STRIP_TOP = 74  # where its row of small cards starts
STRIP_H = card_height(SMALL_CARD) + 10
PLATE_H = {False: 78, True: STRIP_TOP + STRIP_H + 7}  # without and with the row of cards
STRIP_LABEL_W = 88
EDGE = 4
FRONT_GAP = 12  # between a plate and the trick card in front of it (below a top plate)
FOOT_GAP = 20  # above a bottom plate: room for the "led" pill
SIDE_GAP = 16
MIDDLE = {3: 110, 4: 96}  # the free felt in the middle, for the words on what the table waits for

# -- under the felt ------------------------------------------------------------------------------
COLUMN_X = (-330, -200, -70)  # TRICKS, POINTS, GAME: centres from the image's right edge


# -- reading the view ----------------------------------------------------------------------------

@dataclass(frozen=True)
class SeatInfo:
    """One seat as the view gives it."""

    count: int
    tricks: int
    points: int
    side: int
    face_up: tuple[str, ...]
    known: tuple[str, ...]
    fool: bool  # the Last Laugh's Butt, known to hold the Fool


def seat_infos(view: Mapping[str, Any]) -> list[SeatInfo]:
    out = []
    for s, seat in enumerate(view.get("seats") or []):
        if not isinstance(seat, Mapping):
            continue
        out.append(SeatInfo(count=int(seat.get("count") or 0), tricks=int(seat.get("tricks") or 0),
                            points=int(seat.get("points") or 0), side=int(seat.get("side", s)),
                            face_up=tuple(str(c) for c in seat.get("face_up") or []),
                            known=tuple(str(c) for c in seat.get("known") or []), fool=bool(seat.get("fool"))))
    return out


def side_list(view: Mapping[str, Any], players: int) -> list[list[int]]:
    """The sides as lists of seats: the partnerships, or each player alone (Scarto)."""
    given = [[int(s) for s in side] for side in view.get("sides") or [] if isinstance(side, (list, tuple))]
    return given or [[s] for s in range(players)]


def tontine_worth(cards: Sequence[str]) -> int:
    """What face-up cards score now: each is still the last of its group (a claim lapses when
    another card of its group is played), so each carries its group's points."""
    return sum(rule_sets.GROUP_POINTS[name] for card in cards if (name := rule_sets.group(card)) is not None)


def call(why: Any) -> str:
    """The Courtship rule that decided a trick, as the table calls it ("" for none)."""
    if not why:
        return ""
    return CALLS.get(str(why), rule_sets.COURTSHIP_TITLES.get(str(why), str(why)))


def card_name(card: str) -> str:
    """"the King of swords", "the Fool", "trump 12 (the Hanged Man)"."""
    name = card_names.name(card, "tarot")
    return name if name.startswith("the ") or name.startswith("trump") else f"the {name}"


def tricks_per_hand(view: Mapping[str, Any]) -> int | None:
    try:
        rules = get_rules(str(view.get("game")))
    except UnknownGame:
        return None
    size = getattr(rules, "hand_size", None)
    return size if isinstance(size, int) else None


class Names:
    """The players' names for a view."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.names = layout.names(view)

    def seat(self, seat: Any) -> str:
        return self.names[seat] if isinstance(seat, int) and 0 <= seat < len(self.names) else "?"

    def side(self, seats: Sequence[int]) -> str:
        return " & ".join(self.seat(s) for s in seats)


# -- plates --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Plate:
    """A player's plate as drawn (the key of its cached sprite)."""

    seat: int
    name: str
    colour: RGB  # the side's
    partners: bool  # outlined in the side's colour
    count: int
    tricks: int
    points: str  # the card points tag ("27 pts"), or ""
    score: str
    to_move: bool
    dealer: bool
    winner: bool
    tag: str = ""  # instead of the points ("discarding", "takes it")
    tag_colour: RGB = theme.HIGHLIGHT
    strip: bool = False  # the row of small cards
    label: str = ""  # at the row's left ("FACE UP", "KNOWN")
    note: str = ""  # under the label ("35 pts")
    note_colour: RGB = theme.TEXT
    cards: tuple[str, ...] = ()
    empty: str = ""  # in the row when it holds no card


def plate_line(info: Plate) -> int:
    return 3 if (info.winner or info.to_move) else 2 if info.partners else 1


@lru_cache(maxsize=64)
def plate_sprite(info: Plate, local: Box) -> scene.Sprite:
    """A plate drawn once per look and place, as the two-player tarot tables' plates are."""
    return scene.draw_plate(local, plate_line(info), partial(paint_plate, info=info))


def paint_plate(img: Image.Image, draw: Draw, box: Box, info: Plate) -> None:
    x0, y0, x1, _ = box
    fill = mix(theme.PANEL, theme.ACCENT, 0.45) if info.to_move else theme.PANEL
    outline = (theme.GOOD if info.winner else theme.ACCENT if info.to_move
               else info.colour if info.partners else theme.PANEL_LIGHT)
    layout.panel(draw, box, fill, outline, line=plate_line(info), radius=scene.PLATE_RADIUS)
    plate_heading(img, draw, box, seat=info.seat, name=info.name, pointer=info.to_move, dealer=info.dealer,
                  winner=info.winner, score=info.score, colour=info.colour)
    low = y0 + LOW_MID
    x = x0 + 12
    back = scene.small_back(16)
    img.paste(back, (round(x), round(low - back.height / 2)), back)
    x += back.width + 5
    draw_text(draw, (x, low), str(info.count), SMALL - 1, theme.TEXT, anchor="lm", bold=True)
    x += text_width(str(info.count), SMALL - 1, True) + 12
    tricks = plural(info.tricks, "trick")
    draw_text(draw, (x, low), tricks, SMALL - 2, theme.MUTED, anchor="lm")
    x += text_width(tricks, SMALL - 2) + 10
    note, colour = (info.tag, info.tag_colour) if info.tag else (info.points, theme.HIGHLIGHT)
    if note and x1 - 8 - tag_width(note) >= x:
        tag(draw, (x1 - 8, low), note, colour)
    if not info.strip:
        return
    area = (x0 + 8, y0 + STRIP_TOP, x1 - 8, y0 + STRIP_TOP + STRIP_H)
    layout.panel(draw, area, theme.FELT_DARK, radius=theme.RADIUS - 2)
    ax0, ay0, ax1, ay1 = area
    mid = (ay0 + ay1) / 2
    draw_text(draw, (ax0 + 8, mid - 10), layout.ellipsize(info.label, SMALL - 6, STRIP_LABEL_W - 8, True), SMALL - 6,
              theme.MUTED, anchor="lm", bold=True)
    if info.note:
        draw_text(draw, (ax0 + 8, mid + 11), layout.ellipsize(info.note, SMALL - 4, STRIP_LABEL_W - 8, True),
                  SMALL - 4, info.note_colour, anchor="lm", bold=True)
    left = ax0 + STRIP_LABEL_W
    if not info.cards:
        draw_text(draw, (left + 4, mid), info.empty, SMALL - 4, theme.MUTED, anchor="lm")
        return
    row = list(info.cards)
    xs = layout.fan_positions([len(row)], SMALL_CARD, ax1 - 6 - left, max_step=SMALL_CARD * 0.72)
    layout.draw_cards(img, row, xs, ay0 + 5, card_width=SMALL_CARD, family=FAMILY, lift=0, x0=left)


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
            layout.paste_card(img, card, (x, y), card_width=TRICK_CARD, family=FAMILY, highlight=card in glow)
            takes = seat == self.taker
            words = "led, takes" if (order == 0 and takes) else "takes" if takes else "led" if order == 0 else ""
            if words:
                ink = theme.GOOD if takes else theme.HIGHLIGHT
                layout.pill(draw, (x + TRICK_CARD / 2, y + h + 4), words, size=SMALL - 4, fill=theme.PANEL, ink=ink,
                            outline=ink)
        to_play = next(iter(self.movers)) if len(self.movers) == 1 and self.phase == "play" else None
        if to_play is not None and 0 <= to_play < len(spots) and all(s != to_play for s, _ in self.trick):
            x, y = spots[to_play]
            layout.empty_slot(draw, (x, y, x + TRICK_CARD, y + h), "to lead" if not self.trick else "to play",
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
            layout.paste_card(img, token, (x0 + 4 + i * step, y0 + 20), card_width=w, family=FAMILY, back="tarot",
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
    """The oval of :func:`renderers.trick_table.paste_oval` on the background, opaque: pasted
    whole, without blending the felt's edge into the picture each time."""
    sprite = Image.new("RGB", (width, height), theme.BACKGROUND)
    felt = oval(width - 40, height - 50)
    sprite.paste(felt, (20, 25), felt)
    return sprite


def paste_felt(img: Image.Image, box: Box) -> None:
    """The bare oval of felt in ``box``, on the plain background (as :func:`renderers.trick_table.paste_oval`
    draws it, faster)."""
    x0, y0, x1, y1 = box
    img.paste(felt_sprite(round(x1 - x0), round(y1 - y0)), (round(x0), round(y0)))


def table(view: Mapping[str, Any]) -> Image.Image:
    """The table for ``view``: only what the view gives is drawn."""
    return Table(view).draw()


# -- the hand ------------------------------------------------------------------------------------
NOTE_H = 64


def note_band(head: str, line: str) -> Painter:
    """Two lines on what the viewer is asked."""
    def paint(img: Image.Image, draw: Draw, box: Box) -> None:
        x0, y0, x1, y1 = box
        mid = (y0 + y1) / 2
        layout.panel(draw, box, theme.FELT, theme.HIGHLIGHT, line=2, radius=theme.RADIUS + 6)
        room = x1 - x0 - 28
        draw_text(draw, (x0 + 14, mid - 12), layout.ellipsize(head, SMALL + 1, room, True), SMALL + 1, theme.TEXT,
                  anchor="lm", bold=True)
        draw_text(draw, (x0 + 14, mid + 14), layout.ellipsize(line, SMALL - 2, room), SMALL - 2, theme.HIGHLIGHT,
                  anchor="lm", bold=True)
    return paint


def discard_band(view: Mapping[str, Any], pick: Mapping[str, Any]) -> Painter:
    """What may be discarded: how many, and the rule (or the cards that must go)."""
    fixed = [str(c) for c in pick.get("fixed") or []]
    count = int(pick.get("most") or 0) + len(fixed)
    try:
        rule = str(getattr(get_rules(str(view.get("game"))), "discard_rule", ""))
    except UnknownGame:
        rule = ""
    if not (view.get("options") or {}).get("good_and_evil"):
        rule = re.sub(r" \(with Good and Evil[^)]*\)", "", rule)
    rule = f"Not {rule[3:]}" if rule.startswith("no ") else scene.capital(rule)
    if fixed:
        rule = f"{len(fixed)} must go and are shown face up: raised, with the cards that may join them"
    return scene.rule_band(f"{pick.get('label') or 'Discard'}: {plural(count, 'card')}", rule)


def mine_band(cards: Sequence[str], tontine: bool, partners: bool) -> Painter:
    """The viewer's own discard, small, and what it counts."""
    def paint(img: Image.Image, draw: Draw, box: Box) -> None:
        under = "in your side's pile" if partners else "in your pile"
        x = scene.discard_cards(img, draw, box, "YOUR DISCARD", under, cards, 190) + 6
        x1, mid = box[2], (box[1] + box[3]) / 2
        worth = "never played: scores nothing" if tontine else plural(pack.total(cards), "point")
        draw_text(draw, (x, mid), layout.ellipsize(worth, SMALL - 1, x1 - x - 10), SMALL - 1, theme.TEXT, anchor="lm",
                  bold=not tontine)
    return paint


def hand(view: Mapping[str, Any]) -> Image.Image:
    """The viewer's hand, the cards that may go raised, with bands above it: a discard's rule,
    the viewer's own discard, the trick so far, and what they are asked about a completed trick."""
    who = Names(view)
    viewer = view.get("viewer")
    phase = view.get("phase")
    over = bool(view.get("over"))
    mine_turn = isinstance(viewer, int) and viewer in (view.get("to_move") or []) and not over
    partners = bool(view.get("sides"))
    tontine = view.get("ruleset") == "tontine"
    bands: list[tuple[int, Painter]] = []
    glow: list[str] | None = None
    pick = view.get("pick")
    drawn = view  # the view the generic hand reads
    if isinstance(pick, Mapping) and phase == "discard" and mine_turn:
        # A pick is not moves: the cards it may take are raised and glow, the others left as they are.
        glow = [str(c) for c in pick.get("fixed") or []] + [str(c) for c in pick.get("cards") or []]
        bands.append((scene.RULE_BAND_H, discard_band(view, pick)))
    mine = [str(c) for c in view.get("my_discard") or []]
    if mine and phase != "discard" and not over:
        bands.append((scene.DISCARD_BAND_H, mine_band(mine, tontine, partners)))
    trick = plays(view.get("trick"))
    taker = view.get("taker")
    trick_glow: set[str] = set()
    if phase == "claim":
        trick_glow = {str(c) for c in view.get("claimable") or []}
    elif phase == "summon" and view.get("summon"):
        trick_glow = {str(view["summon"])}
    if trick and not over:
        why = call(view.get("why")) if isinstance(taker, int) else ""
        label = why.upper() if why else "TAKEN BY" if isinstance(taker, int) else "THE TRICK"
        caption = who.seat(taker) if isinstance(taker, int) else scene.led_caption(trick)
        cards = [(card, who.seat(seat), "") for seat, card in trick]
        bands.append((scene.TRICK_BAND_H, scene.trick_band(cards, caption, label, trick_glow)))
    if mine_turn and phase == "claim":
        claimable = [str(c) for c in view.get("claimable") or []]
        ask = scene.raised_band("Claim: leave cards of the trick face up", "raised: may be claimed", claimable,
                                set(claimable))
        bands.append((scene.RAISED_BAND_H, ask))
        glow = []
    elif mine_turn and phase == "summon" and view.get("summon"):
        bands.append((NOTE_H, note_band(f"Summon the servant of {card_name(str(view['summon']))}?",
                                        "Its holder adds it to the trick and takes back their card")))
        glow = []
    elif mine_turn and phase == "give":
        # The Butt's moves name cards of the hand: raised as plays are, the others dimmed.
        drawn = {**view, "legal": [{"token": "play:" + str(a.get("token", "")).partition(":")[2], "label": ""}
                                   for a in view.get("legal") or [] if str(a.get("token", "")).startswith("give:")]}
        bands.append((NOTE_H, note_band("You are the Butt: the Fool comes into your hand",
                                        "Put one of the raised cards on your pile in its place")))
    return scene.banded_hand(drawn, bands, glow)


# -- a hand's end --------------------------------------------------------------------------------
END_ROW = 76
END_HEADS = 30
PILE_ROW = 100
LINE_H = 48
DISCARD_LINE_H = card_height(CORNER_CARD) + 12
END_COLUMNS = ("TRICKS", "{points}", "THIS HAND", "TOTAL")
END_X = (-440, -310, -180, -62)


@dataclass(frozen=True)
class SideEnd:
    """One side's hand, as the round end records it."""

    seats: tuple[int, ...]
    name: str
    names: tuple[str, ...]
    colour: RGB
    dealt: bool
    tricks: int
    points: int
    gained: int
    total: int
    pile: tuple[str, ...]
    won: bool = False  # the hand's best (plain rules), or above the target (Tontine)


def side_ends(view: Mapping[str, Any], data: Mapping[str, Any]) -> list[SideEnd]:
    who = Names(view)
    players = int(view.get("players") or len(who.names))
    sides = [[int(s) for s in side] for side in data.get("sides") or []] or [[s] for s in range(players)]
    points = [int(v) for v in data.get("points") or []]
    piles = [[str(c) for c in pile] for pile in data.get("piles") or []]
    tricks = [int(v) for v in data.get("tricks") or []]
    gained = [int(v) for v in data.get("gained") or []]
    scores = [int(v) for v in data.get("scores") or []]
    out = []
    for i, side in enumerate(sides):
        first = side[0] if side else 0
        out.append(SideEnd(seats=tuple(side), name=who.side(side), names=tuple(who.seat(s) for s in side),
                           colour=layout.seat_colour(i),
                           dealt=data.get("dealer") in side, tricks=sum(tricks[s] for s in side if s < len(tricks)),
                           points=points[i] if i < len(points) else 0,
                           gained=gained[first] if first < len(gained) else 0,
                           total=scores[first] if first < len(scores) else 0,
                           pile=tuple(piles[i]) if i < len(piles) else ()))
    best = max((e.points for e in out), default=0)
    top = [e for e in out if e.points == best]
    tontine = data.get("ruleset") == "tontine"
    return [dataclasses.replace(e, won=e.gained > 0 if tontine else (len(top) == 1 and e is top[0])) for e in out]


def fool_text(data: Mapping[str, Any], ends: Sequence[SideEnd], who: Names) -> str:
    """Where the Fool went this hand."""
    fool = data.get("fool")
    holders = [e for e in ends if pack.FOOL in e.pile]
    pile = f"{holders[0].name}'s pile" if holders else "nobody's pile"
    if pack.FOOL in (data.get("discard") or []) and not isinstance(fool, Mapping):
        return f"The Fool was discarded by {who.seat(data.get('dealer'))}: it stays in their side's pile"
    if not isinstance(fool, Mapping):
        return ""
    if fool.get("rule") == "last-laugh":
        aside = fool.get("aside")
        if isinstance(aside, int):
            return f"The Fool, set aside face up by {who.seat(aside)}, went with the last trick to {pile}"
        return f"The Fool won the last trick: it ended in {pile}"
    owner, taker = fool.get("owner"), fool.get("taker")
    if taker is None or taker == owner:
        return f"The Fool: {who.seat(owner)} played it to a trick of their own, so it stays in their pile"
    return f"The Fool: {who.seat(owner)} took it back from {who.seat(taker)}'s trick and gave a card for it"


def end_banner(ends: Sequence[SideEnd], data: Mapping[str, Any], players: int) -> tuple[str, str, RGB]:
    """The banner's title, its detail and colour."""
    hand_no = int(data.get("hand") or 1)
    tontine = data.get("ruleset") == "tontine"
    what = "Tontine points" if tontine else "card points"
    title = f"Hand {hand_no}: " + " to ".join(str(e.points) for e in ends)
    if tontine and players >= 4 and all(e.gained == 0 for e in ends):
        return title, f"Neither side reached {TONTINE_TARGET[4]}: the hand scores nothing", theme.ACCENT
    best = max(e.points for e in ends)
    top = [e for e in ends if e.points == best]
    if len(top) > 1:
        return title, f"Level at the top on {best} {what}", theme.ACCENT
    verb = "take" if len(top[0].seats) > 1 else "takes"
    return title, f"{top[0].name} {verb} the most {what}: {best}", theme.GOOD


def round_end(view: Mapping[str, Any], data: Mapping[str, Any]) -> Image.Image:
    """A hand's account per side: tricks, card points (or Tontine points), the hand's score and
    the totals; the piles' counting cards (or the face-up cards that scored); the dealer's
    discard; where the Fool went."""
    who = Names(view)
    players = int(view.get("players") or len(who.names))
    ends = side_ends(view, data)
    tontine = data.get("ruleset") == "tontine"
    face_up = {str(c) for c in data.get("face_up") or []}
    discard = [str(c) for c in data.get("discard") or []]
    fool = fool_text(data, ends, who)
    height = (layout.HEADER_HEIGHT + 10 + BANNER_H + 10 + END_HEADS + len(ends) * (END_ROW + 6) + 10 + 30
              + len(ends) * (PILE_ROW + 6) + (DISCARD_LINE_H + 6 if discard else 0) + (LINE_H + 6 if fool else 0) + PAD)
    img, draw = layout.canvas(WIDTH, height)
    hand_no = int(data.get("hand") or 1)
    game = str(view.get("title") or TITLES.get(str(view.get("game")), "Tarot"))
    rules = RULESETS.get(str(data.get("ruleset") or "plain"), "")
    y = layout.header(img, draw, f"Hand {hand_no} of {int(view.get('hands_total') or players)} scored",
                      f"{game} \u00b7 {rules} \u00b7 {who.seat(data.get('dealer'))} dealt") + 10
    title, detail, colour = end_banner(ends, data, players)
    layout.banner(img, draw, (PAD, y, WIDTH - PAD, y + BANNER_H), title, detail, colour=colour, cached=False)
    y += BANNER_H + 10
    xs = [float(WIDTH + dx) for dx in END_X]
    for x, head in zip(xs, END_COLUMNS, strict=True):
        draw_text(draw, (x, y + END_HEADS / 2), head.format(points="TONTINE" if tontine else "CARD POINTS"), SMALL - 5,
                  theme.MUTED, anchor="mm", bold=True)
    y += END_HEADS
    for end in ends:
        end_row(img, draw, (PAD, y, WIDTH - PAD, y + END_ROW), end, xs, tontine, players)
        y += END_ROW + 6
    y += 10
    head = ("FACE UP AT THE END: THE CARDS THAT SCORED" if tontine else "PILES: THE CARDS WORTH MORE THAN A POINT")
    draw_text(draw, (PAD + 4, y + 15), head, SMALL - 5, theme.MUTED, anchor="lm", bold=True)
    y += 30
    for end in ends:
        if tontine:
            scored = pack.ORDER.sort([c for c in end.pile if c in face_up])
            label, worth, empty = "Face up", plural(tontine_worth(scored), "point"), "nothing left face up"
        else:
            scored = pack.ORDER.sort([c for c in end.pile if not pack.empty(c)])
            label, worth, empty = "Pile", plural(pack.total(end.pile), "point"), "nothing above a point"
        pile_row(img, draw, (PAD, y, WIDTH - PAD, y + PILE_ROW), end, label, worth, scored, empty)
        y += PILE_ROW + 6
    if discard:
        row_panel(img, (PAD, y, WIDTH - PAD, y + DISCARD_LINE_H))
        label = f"{who.seat(data.get('dealer'))}'s discard" + (", never played:" if tontine else ":")
        label = layout.ellipsize(label, SMALL - 1, 380)
        mid = y + DISCARD_LINE_H / 2
        draw_text(draw, (PAD + 14, mid), label, SMALL - 1, theme.MUTED, anchor="lm")
        x = PAD + 28 + text_width(label, SMALL - 1)
        spots = layout.fan_positions([len(discard)], CORNER_CARD, WIDTH - PAD - 160 - x, max_step=CORNER_CARD * 0.72)
        layout.draw_cards(img, discard, spots, y + 6, card_width=CORNER_CARD, family=FAMILY, lift=0, x0=x)
        worth = "scores nothing" if tontine else plural(pack.total(discard), "point")
        draw_text(draw, (WIDTH - PAD - 14, mid), worth, SMALL - 1, theme.TEXT, anchor="rm", bold=True)
        y += DISCARD_LINE_H + 6
    if fool:
        row_panel(img, (PAD, y, WIDTH - PAD, y + LINE_H), theme.HIGHLIGHT, line=1)
        draw_text(draw, (PAD + 14, y + LINE_H / 2), layout.ellipsize(fool, SMALL - 1, WIDTH - 2 * PAD - 28),
                  SMALL - 1, theme.TEXT, anchor="lm", cached=False)  # this hand's own words: drawn once
    return img


def row_panel(img: Image.Image, box: Box, outline: RGB | None = None, line: int = 2, dot: RGB | None = None) -> None:
    """A line's panel of the hand's end (with a side's dot at its left), on the plain background:
    the same few panels every hand, so drawn once and pasted (:func:`renderers.regions.region`)."""

    def paint(_: Image.Image, draw: Draw, local: Box) -> None:
        layout.panel(draw, local, theme.PANEL, outline, line=line)
        if dot is not None:
            x0, y0, _x1, y1 = local
            mid = (y0 + y1) / 2
            draw.ellipse((x0 + 12, mid - 7, x0 + 26, mid + 7), fill=dot)

    region(img, box, ("tarot hand's end line", outline, line, dot), paint)


def end_row(img: Image.Image, draw: Draw, box: Box, end: SideEnd, xs: Sequence[float], tontine: bool,
            players: int) -> None:
    """A side's line: names (and "dealt"), then the figures under the column heads."""
    x0, y0, _, y1 = box
    won = end.won
    row_panel(img, box, theme.GOOD if won else theme.PANEL_LIGHT, line=2 if won else 1, dot=end.colour)
    mid = (y0 + y1) / 2
    size = theme.TEXT_SIZE - 2
    layout.draw_rich(img, draw, (x0 + 34, mid - (10 if end.dealt else 0)),
                     layout.ellipsize(end.name, size, xs[0] - 50 - x0 - 34, True), size, theme.TEXT, bold=True)
    if end.dealt:
        draw_text(draw, (x0 + 34, mid + 14), "dealt", SMALL - 4, theme.MUTED, anchor="lm", bold=True)
    if tontine:
        under = f"against {TONTINE_TARGET[3]}" if players == 3 else "difference" if end.gained else "none reached 56"
    else:
        under = "this hand"
    cells = (
        (str(end.tricks), "tricks" if end.tricks != 1 else "trick", theme.TEXT),
        (str(end.points), "face up" if tontine else "in the pile", theme.TEXT),
        (signed(end.gained) if tontine else f"+{end.gained}", under,
         theme.GOOD if won else theme.BAD if end.gained < 0 else theme.TEXT),
        (str(end.total), "game", theme.TEXT),
    )
    for x, (value, note, ink) in zip(xs, cells, strict=True):
        draw_text(draw, (x, mid - 9), value, theme.TEXT_SIZE + 2, ink, anchor="mm", bold=True)
        draw_text(draw, (x, mid + 17), note, SMALL - 5, theme.MUTED, anchor="mm")


def pile_row(img: Image.Image, draw: Draw, box: Box, end: SideEnd, label: str, worth: str, cards: Sequence[str],
             empty: str) -> None:
    """A side's pile: whose, its points and the cards that matter."""
    x0, y0, x1, y1 = box
    row_panel(img, box, theme.PANEL_LIGHT, line=1, dot=end.colour)
    mid = (y0 + y1) / 2
    names = [layout.ellipsize(name + (" &" if i + 1 < len(end.names) else ""), SMALL + 1, 160, True)
             for i, name in enumerate(end.names)]
    lead = layout.line_height(SMALL + 1)
    for i, name in enumerate(names):
        draw_text(draw, (x0 + 34, mid + (i - (len(names) - 1) / 2) * lead), name, SMALL + 1, theme.TEXT, anchor="lm",
                  bold=True)
    left = x0 + 200
    head = label.upper()
    draw_text(draw, (left, y0 + 16), head, SMALL - 6, theme.MUTED, anchor="lm", bold=True)
    draw_text(draw, (left + text_width(head, SMALL - 6, True) + 10, y0 + 16), worth, SMALL - 3, theme.TEXT,
              anchor="lm", bold=True)
    if not cards:
        draw_text(draw, (left, mid + 10), empty, SMALL - 3, theme.MUTED, anchor="lm")
        return
    xs = layout.fan_positions(layout.groups_of(list(cards), layout.suit_group(FAMILY)), CORNER_CARD, x1 - 10 - left,
                              max_step=CORNER_CARD * 0.62, group_gap=4)
    layout.draw_cards(img, list(cards), xs, y0 + 30, card_width=CORNER_CARD, family=FAMILY, lift=0, x0=left)


def warm() -> None:
    """Build the small faces (:data:`CORNER_CARD` wide) of the whole pack, about 0.1 s once per
    process (:func:`renderers.warm`): a hand's end shows the dealer's discard and the piles' cards
    at that width, cards a table seldom shows small, and each first face costs a millisecond or
    two of the picture's time."""
    for card in [*(rank + suit for suit in TAROT_SUITS for rank in TAROT_RANKS),
                 *(f"{pack.TRUMP}{n}" for n in range(1, 22)), pack.FOOL]:
        card_image(card, FAMILY, SMALL_CARD, "standard")  # the arguments as layout.paste_card passes them
