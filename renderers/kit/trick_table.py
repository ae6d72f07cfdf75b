"""The table every trick-taking game draws (Busca now, the tarot family next): the players
round an oval of felt, each trick card lying in front of whoever played it, who led and who is
to play, the tricks each has taken, the last trick in a corner and the scores.

A game's renderer reads its view into a :class:`Scene` (the seats, the trick, the last trick,
a few words for the middle) and calls :func:`draw_felt`; it keeps its own header, status line
and result banner. Seats are numbered round the oval the same way whichever way play goes
(seat 0 at the bottom, the next seat number clockwise from it); an arrow in the middle shows the
direction of play. Everything is drawn from cached parts: the oval (per size), each seat's plate
(a region keyed by what it shows) and the cards (shared sprites).

:func:`trick_hand` is the hand picture for these games: the trick so far in a strip above the
viewer's cards, so a player answering by DM sees what was led without the table.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache, partial
from typing import Any

from PIL import Image, ImageDraw

from renderers.kit import card_rows, layout, theme
from renderers.kit import hand as generic_hand
from renderers.kit.cards import card_back
from renderers.kit.fonts import draw_text, text_width
from renderers.kit.layout import Box, Draw
from renderers.kit.regions import region
from renderers.kit.theme import RGB, card_height, mix

TRICK_CARD = 84
CORNER_CARD = 42
PLATE_W, PLATE_H = 208, 76
SMALL = theme.SMALL_TEXT_SIZE
DEALER: RGB = (236, 236, 240)


@dataclass(frozen=True)
class Seat:
    """One player as the table shows them: cards held and tricks taken on the plate's second
    line; ``score`` in the box at the right (a total); ``note`` a coloured tag ("2⅓ points")."""

    name: str
    cards: int
    tricks: int
    score: str = ""
    note: str = ""  # a short coloured tag on the plate ("2⅓ points")
    note_colour: RGB = theme.HIGHLIGHT
    to_move: bool = False
    dealer: bool = False
    winner: bool = False


@dataclass(frozen=True)
class Scene:
    """What the felt shows. ``trick`` and ``last`` are (seat, card) pairs in play order (the
    first card of ``trick`` is marked as led);
    ``direction`` is +1 when play passes to the next seat number (clockwise), -1 the other
    way (Busca)."""

    seats: Sequence[Seat]
    direction: int
    trick: Sequence[tuple[int, str]] = ()
    to_play: int | None = None
    last: Sequence[tuple[int, str]] = ()
    last_winner: int | None = None
    last_note: str = ""  # under the last trick ("1⅓ points")
    centre: str = ""  # under the arrow ("Trick 3 of 10")
    aside: str = ""  # a face-down card by the centre with this label ("laid aside"), if any
    family: str = "standard"
    glow: frozenset[str] = field(default_factory=frozenset)


def felt_height(players: int) -> int:
    """The felt's height for a table of ``players``."""
    return 520 if players >= 4 else 470


def angle(seat: int, players: int) -> float:
    """Where seat ``seat`` sits round the oval, in radians on the screen (y down): seat 0 at
    the bottom, the numbers rising clockwise."""
    return math.pi / 2 + 2 * math.pi * seat / players


def spot(box: Box, seat: int, players: int, reach: float,
         plate: tuple[float, float] = (PLATE_W, PLATE_H)) -> tuple[float, float]:
    """A point on the way from the oval's centre toward ``seat``: ``reach`` 1 is the centre of
    the seat's plate (``plate`` wide and high, kept inside ``box``), smaller is nearer the
    middle. Plates sit at even angles: at ten seats they must be narrower than the default
    (a game with more seats passes its own ``plate``)."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    rx = (x1 - x0) / 2 - plate[0] / 2 - 4
    ry = (y1 - y0) / 2 - plate[1] / 2 - 4
    a = angle(seat, players)
    return cx + rx * reach * math.cos(a), cy + ry * reach * math.sin(a)


@lru_cache(maxsize=8)
def oval(width: int, height: int) -> Image.Image:
    """The felt: a rim, the cloth and a lighter line inside the rim, supersampled once per size."""
    ss = 2
    big = Image.new("RGBA", (width * ss, height * ss), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    rim = 10 * ss
    d.ellipse((0, 0, width * ss - 1, height * ss - 1), fill=(*mix(theme.PANEL, theme.FELT_DARK, 0.5), 255))
    d.ellipse((rim, rim, width * ss - 1 - rim, height * ss - 1 - rim), fill=(*theme.FELT, 255))
    inner = rim + 14 * ss
    d.ellipse((inner, inner, width * ss - 1 - inner, height * ss - 1 - inner), outline=(*theme.FELT_LIGHT, 255),
              width=2 * ss)
    return big.resize((width, height), Image.Resampling.LANCZOS)


@lru_cache(maxsize=4)
def turn_arrow(radius: int, direction: int) -> Image.Image:
    """A round arrow showing the way play goes: clockwise on the screen for +1, the other way
    for -1 (the same arc, its head at the other end)."""
    ss = 4
    size = (2 * radius + 24) * ss
    big = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    c = size / 2
    r = radius * ss
    ink = (*mix(theme.FELT_LIGHT, theme.TEXT, 0.5), 255)
    start, end = 250, 250 + 290  # degrees, clockwise from three o'clock, as Pillow counts them
    d.arc((c - r, c - r, c + r, c + r), start, end, fill=ink, width=4 * ss)
    tip = math.radians(end if direction > 0 else start)
    tx, ty = c + r * math.cos(tip), c + r * math.sin(tip)
    # The head points along the circle in the direction of travel.
    heading = tip + (math.pi / 2 if direction > 0 else -math.pi / 2)
    length, half = 14 * ss, 9 * ss
    back = (tx - length * math.cos(heading) * 0.5, ty - length * math.sin(heading) * 0.5)
    front = (tx + length * math.cos(heading) * 0.5, ty + length * math.sin(heading) * 0.5)
    side = (-math.sin(heading) * half, math.cos(heading) * half)
    d.polygon([front, (back[0] + side[0], back[1] + side[1]), (back[0] - side[0], back[1] - side[1])], fill=ink)
    return big.reduce(ss)


@lru_cache(maxsize=8)
def oval_on(width: int, height: int, background: RGB) -> Image.Image:
    """:func:`oval` blended once onto ``background``: an opaque sprite pasted without a mask."""
    felt = oval(width, height)
    sprite = Image.new("RGB", felt.size, background)
    sprite.paste(felt, (0, 0), felt)
    return sprite


def paste_oval(img: Image.Image, box: Box, background: RGB = theme.BACKGROUND) -> None:
    """The bare oval of felt in ``box`` (the plates round it overhang its rim), drawn first on
    the plain ``background`` (the canvas's): its rectangle is pasted whole, the felt's soft edge
    blended onto ``background`` once per size, not onto the picture every time (the same pixels
    wherever nothing was drawn under the oval's rectangle before it)."""
    x0, y0, x1, y1 = box
    sprite = oval_on(round(x1 - x0 - 40), round(y1 - y0 - 50), background)
    img.paste(sprite, (round(x0 + 20), round(y0 + 25)))


def draw_felt(img: Image.Image, draw: Draw, box: Box, scene: Scene) -> None:
    """The oval with everything on it, inside ``box``."""
    players = len(scene.seats)
    paste_oval(img, box)
    _middle(img, draw, box, scene)
    _last_trick(img, draw, box, scene)
    _trick(img, draw, box, scene)
    for seat, info in enumerate(scene.seats):
        px, py = spot(box, seat, players, 1.0)
        plate = (px - PLATE_W / 2, py - PLATE_H / 2, px + PLATE_W / 2, py + PLATE_H / 2)
        region(img, plate, ("trick plate", info), partial(_plate, seat=seat, info=info))


def _middle(img: Image.Image, draw: Draw, box: Box, scene: Scene) -> None:
    """The way play goes and how far the hand is, in the top right corner; the card laid aside
    in the top left."""
    x0, y0, x1, _ = box
    arrow = turn_arrow(16, scene.direction)
    ax = x1 - 4 - arrow.width
    img.paste(arrow, (round(ax), round(y0)), arrow)
    ink = mix(theme.FELT_LIGHT, theme.TEXT, 0.6)
    way = "clockwise" if scene.direction > 0 else "to the right"
    draw_text(draw, (ax - 6, y0 + arrow.height / 2 - 10), "PLAY GOES", SMALL - 6, theme.MUTED, anchor="rm", bold=True)
    draw_text(draw, (ax - 6, y0 + arrow.height / 2 + 9), way, SMALL - 3, ink, anchor="rm")
    if scene.centre:
        draw_text(draw, (x1 - 6, y0 + arrow.height + 12), scene.centre, SMALL - 3, ink, anchor="rm")
    if scene.aside:  # only at three-seat tables, whose top left corner is free
        w = CORNER_CARD
        card_rows.paste_card(img, None, (x0 + 4, y0 + 4), card_width=w)
        draw_text(draw, (x0 + w + 14, y0 + 4 + card_height(w) / 2), scene.aside, SMALL - 3, ink, anchor="lm")


def card_spot(box: Box, seat: int, players: int) -> tuple[float, float]:
    """The top left of the trick card ``seat`` plays."""
    x, y = spot(box, seat, players, 0.5)
    return x - TRICK_CARD / 2, y - card_height(TRICK_CARD) / 2


def _trick(img: Image.Image, draw: Draw, box: Box, scene: Scene) -> None:
    players = len(scene.seats)
    h = card_height(TRICK_CARD)
    for order, (seat, card) in enumerate(scene.trick):
        x, y = card_spot(box, seat, players)
        card_rows.paste_card(img, card, (x, y), card_width=TRICK_CARD, family=scene.family,
                          highlight=card in scene.glow)
        if order == 0:
            layout.pill(draw, (x + TRICK_CARD / 2, y + h + 4), "led", size=SMALL - 4, fill=theme.PANEL,
                        ink=theme.HIGHLIGHT, outline=theme.HIGHLIGHT)
    if scene.to_play is not None and all(s != scene.to_play for s, _ in scene.trick):
        x, y = card_spot(box, scene.to_play, players)
        label = "to lead" if not scene.trick else "to play"
        card_rows.empty_slot(draw, (x, y, x + TRICK_CARD, y + h), label, colour=theme.HIGHLIGHT)


def _last_trick(img: Image.Image, draw: Draw, box: Box, scene: Scene) -> None:
    """The last trick, small, in the bottom left corner (no seat sits there at any table
    size), with who took it."""
    if not scene.last:
        return
    x0, _, _, y1 = box
    w = CORNER_CARD
    step = w * 0.62
    winner = scene.seats[scene.last_winner].name if scene.last_winner is not None else ""
    bottom = y1 - 4
    text = f"to {winner}" + (f" \u00b7 {scene.last_note}" if scene.last_note else "")
    room = max(240.0, (len(scene.last) - 1) * step + w + 40)
    layout.draw_rich(img, draw, (x0 + 4, bottom - 8), layout.ellipsize(text, SMALL - 3, room), SMALL - 3, theme.TEXT)
    y = bottom - 20 - card_height(w)
    for i, (_, card) in enumerate(scene.last):
        card_rows.paste_card(img, card, (x0 + 4 + i * step, y), card_width=w, family=scene.family, shadow=False)
    draw_text(draw, (x0 + 4, y - 12), "LAST TRICK", SMALL - 5, theme.MUTED, anchor="lm", bold=True)


def _plate(img: Image.Image, draw: Draw, box: Box, *, seat: int, info: Seat) -> None:
    x0, _, x1, y1 = box
    fill = mix(theme.PANEL, theme.ACCENT, 0.45) if info.to_move else theme.PANEL
    outline = theme.GOOD if info.winner else theme.ACCENT if info.to_move else theme.PANEL_LIGHT
    layout.panel(draw, box, fill, outline, line=3 if (info.winner or info.to_move) else 1, radius=theme.RADIUS + 4)
    pointer, button_up = heading_marks(box, info)
    plate_heading(img, draw, box, seat=seat, name=info.name, pointer=pointer, dealer=button_up,
                  winner=info.winner, score=info.score)
    low = y1 - 19
    x = x0 + 12
    back = _small_back(16)
    img.paste(back, (round(x), round(low - back.height / 2)), back)
    x += back.width + 5
    draw_text(draw, (x, low), str(info.cards), SMALL - 1, theme.TEXT, anchor="lm", bold=True)
    x += text_width(str(info.cards), SMALL - 1, True) + 12
    tricks = layout.plural(info.tricks, "trick")
    draw_text(draw, (x, low), tricks, SMALL - 2, theme.MUTED, anchor="lm")
    x = x0 + _counts_width(info)
    if info.dealer and not button_up:
        dealer_button(draw, x + DEALER_W, low)
        x += DEALER_W + 8
    if info.note:
        w = _note_width(info.note)
        if x + w <= x1 - 8:
            layout.panel(draw, (x1 - 8 - w, low - 12, x1 - 8, low + 12), mix(theme.PANEL, info.note_colour, 0.25),
                         info.note_colour, line=1, radius=12)
            draw_text(draw, (x1 - 8 - w / 2, low), info.note, SMALL - 3, info.note_colour, anchor="mm", bold=True)


def heading_marks(box: Box, info: Seat) -> tuple[bool, bool]:
    """Whether the plate's top line shows the turn's pointer and the dealer's button. A long name
    ("Easy computer 3") is not cut short on a 210 px plate: the button goes to the line below, and
    the pointer gives way (the plate's own colour says whose turn it is). The button stays up when
    the line below has no room for it beside a note ("3 points"): a cut name loses less."""
    x0, _, x1, _ = box
    below = _counts_width(info) + DEALER_W + 8 + (_note_width(info.note) if info.note else 0) <= x1 - x0 - 8
    button_up = info.dealer and (not below or name_fits(info.name, heading_room(
        box, pointer=info.to_move, dealer=True, winner=info.winner, score=info.score)))
    pointer = info.to_move and name_fits(info.name, heading_room(box, pointer=True, dealer=button_up,
                                                                 winner=info.winner, score=info.score))
    return pointer, button_up


def _counts_width(info: Seat) -> float:
    """From a plate's left edge to the end of its line below: the cards held and the tricks won."""
    return (12 + 16 + 5 + text_width(str(info.cards), SMALL - 1, True) + 12
            + text_width(layout.plural(info.tricks, "trick"), SMALL - 2) + 10)


def _note_width(note: str) -> float:
    return text_width(note, SMALL - 3, True) + 14


DEALER_W = 24
NAME_SIZE, NAME_SMALLEST, NAME_CUT = theme.TEXT_SIZE - 3, theme.TEXT_SIZE - 9, theme.TEXT_SIZE - 7


def dealer_button(draw: Draw, right: float, mid: float) -> None:
    """The dealer's button, a "D" chip ending at ``right``."""
    draw.ellipse((right - DEALER_W, mid - DEALER_W / 2, right, mid + DEALER_W / 2), fill=DEALER, outline=theme.MUTED)
    draw_text(draw, (right - DEALER_W / 2, mid), "D", SMALL - 4, theme.PANEL, anchor="mm", bold=True)


def heading_room(box: Box, *, pointer: bool = False, dealer: bool = False, winner: bool = False,
                 score: str = "", inset: int = 8) -> float:
    """The width left for the name on a plate's top line (see ``plate_heading``)."""
    x0, _, x1, _ = box
    x = x0 + 10 + (18 if pointer else 0) + 20
    right = x1 - inset
    if score:
        right -= text_width(score, theme.TEXT_SIZE - 2, True) + 16 + 6
    if dealer:
        right -= DEALER_W + 6
    if winner:
        right -= 24
    return max(30.0, right - x)


def name_fits(name: str, room: float) -> bool:
    """Whether ``name`` fits ``room`` uncut at the smallest size a plate's name is drawn."""
    return text_width(name, NAME_SMALLEST, True) <= room


def plate_heading(img: Image.Image, draw: Draw, box: Box, *, seat: int, name: str, pointer: bool = False,
                  dealer: bool = False, winner: bool = False, score: str = "", ink: RGB = theme.TEXT,
                  inset: int = 8, colour: RGB | None = None) -> None:
    """A seat plate's top line: a pointer (to move), the seat's colour (or ``colour``: a
    partnership's) and name; at the right a score, the dealer's button and a winner's star."""
    x0, y0, x1, _ = box
    mid = y0 + 22
    x = x0 + 10
    if pointer:
        draw.polygon([(x, mid - 8), (x + 12, mid), (x, mid + 8)], fill=theme.HIGHLIGHT)
        x += 18
    draw.ellipse((x, mid - 7, x + 14, mid + 7), fill=layout.seat_colour(seat) if colour is None else colour)
    x += 20
    right = x1 - inset
    if score:
        sw = text_width(score, theme.TEXT_SIZE - 2, True) + 16
        layout.panel(draw, (right - sw, mid - 15, right, mid + 15), theme.BACKGROUND, radius=15)
        draw_text(draw, (right - sw / 2, mid), score, theme.TEXT_SIZE - 2, theme.TEXT, anchor="mm", bold=True)
        right -= sw + 6
    if dealer:
        dealer_button(draw, right, mid)
        right -= DEALER_W + 6
    if winner:
        layout.star(draw, (right - 10, mid), 10, theme.HIGHLIGHT)
        right -= 24
    room = heading_room(box, pointer=pointer, dealer=dealer, winner=winner, score=score, inset=inset)
    size = NAME_SIZE
    while size > NAME_SMALLEST and text_width(name, size, True) > room:
        size -= 1  # a long name ("Easy computer 3") a little smaller rather than cut
    if text_width(name, size, True) > room:
        size = NAME_CUT  # cut it must be: not small as well
    layout.draw_rich(img, draw, (x, mid), layout.ellipsize(name, size, room, True), size, ink, bold=True)


def tag(draw: Draw, right_mid: tuple[float, float], text: str, colour: RGB, size: int = SMALL - 3) -> float:
    """A small rounded label ending at ``right_mid``, in ``colour``; returns its left end."""
    x1, mid = right_mid
    w = text_width(text, size, True) + 14
    layout.panel(draw, (x1 - w, mid - 12, x1, mid + 12), mix(theme.PANEL, colour, 0.25), colour, line=1, radius=12)
    draw_text(draw, (x1 - w / 2, mid), text, size, colour, anchor="mm", bold=True)
    return x1 - w


def tag_width(text: str, size: int = SMALL - 3) -> float:
    return text_width(text, size, True) + 14


@lru_cache(maxsize=4)
def _small_back(width: int) -> Image.Image:
    back = card_back(theme.CARD_MIN_WIDTH)
    return back.resize((width, card_height(width)), Image.Resampling.LANCZOS)


# -- the hand ------------------------------------------------------------------------------------
STRIP_CARD = 56


def trick_hand(view: Mapping[str, Any], trick: Sequence[tuple[int, str]], names: Callable[[int], str],
               caption: str) -> Image.Image:
    """The viewer's hand (:func:`renderers.kit.hand.hand`, legal cards raised) with a strip under
    its status line showing the trick so far, each card with who played it, and ``caption``
    ("Hearts led")."""
    below = generic_hand.hand(view)
    if not trick:
        return below
    pad = theme.PADDING
    status = layout.named(view, str(view.get("status", "")))
    split = layout.HEADER_HEIGHT + 10 + layout.status_height(status, below.width - 2 * pad) + 10
    strip_h = card_height(STRIP_CARD) + 24
    img, draw = layout.canvas(below.width, below.height + strip_h + 10)
    img.paste(below.crop((0, 0, below.width, split)), (0, 0))
    img.paste(below.crop((0, split, below.width, below.height)), (0, split + strip_h + 10))
    box = (pad, split, below.width - pad, split + strip_h)
    layout.panel(draw, box, theme.PANEL, theme.PANEL_LIGHT, line=1)
    mid = split + strip_h / 2
    draw_text(draw, (pad + 14, mid - 12), "THE TRICK", SMALL - 5, theme.MUTED, anchor="lm", bold=True)
    draw_text(draw, (pad + 14, mid + 10), caption, SMALL - 1, theme.TEXT, anchor="lm", bold=True)
    x: float = pad + 150
    step = min((box[2] - x - 10) / max(1, len(trick)), STRIP_CARD + 110.0)
    for seat, card in trick:
        card_rows.paste_card(img, card, (x, split + 12), card_width=STRIP_CARD, family=layout.family_of(view))
        who = layout.ellipsize(names(seat), SMALL - 3, step - STRIP_CARD - 14)
        draw_text(draw, (x + STRIP_CARD + 8, mid), who, SMALL - 3, theme.TEXT, anchor="lm")
        x += step
    return img
