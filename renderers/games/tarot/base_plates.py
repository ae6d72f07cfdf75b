"""The tarot base games' table, measured and read: titles and the felt's sizes, the seats and names a
view gives, and the plates round the oval (see :mod:`renderers.games.tarot.base_games`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any

from PIL import Image

from games.core import cards as card_names
from games.core.errors import UnknownGame
from games.core.registry import get as get_rules
from games.tarot import rule_sets
from renderers.games.tarot import scene as scene
from renderers.games.tarot.scene import (
    CORNER_CARD,
    FAMILY,
    SMALL,
)
from renderers.kit import card_rows, layout, theme
from renderers.kit.fonts import draw_text, text_width
from renderers.kit.layout import Box, Draw, plural
from renderers.kit.theme import RGB, card_height, mix
from renderers.kit.trick_table import plate_heading, tag, tag_width

TITLES = {"scarto": "Scarto", "tarocchi": "Tarocchi", "conference": "Conference"}
RULESETS = {"plain": "plain rules", "tontine": "Tontine", "last-laugh": "The Last Laugh",
            "courtship": "Courtship Rules"}
# What the table calls out when a Courtship rule decides a trick.
CALLS = {"queens_ruff": "Queen's Ruff!", "royal_marriage": "Royal Marriage", "royal_affair": "Royal Affair"}
TONTINE_TARGET = {3: 37, 4: 56}

# -- the felt ------------------------------------------------------------------------------------
# Card widths as in renderers.games.tarot.scene (one sprite per card and width): the plates' cards are as
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
    xs = card_rows.fan_positions([len(row)], SMALL_CARD, ax1 - 6 - left, max_step=SMALL_CARD * 0.72)
    card_rows.draw_cards(img, row, xs, ay0 + 5, card_width=SMALL_CARD, family=FAMILY, lift=0, x0=left)
