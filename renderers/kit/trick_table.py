"""What the trick-taking games' tables and copies share (Busca, the tarot family): a game reads its
view into a :class:`Scene` of :class:`Seat` plates and :class:`Extras`, and :mod:`renderers.kit.trick_copy`
draws its table (:func:`renderers.kit.trick_copy.draw_table`) or a player's copy from them. Here are
the lines round the felt that layout draws (the heading, the status, the felt's words at its side,
the onlookers' notes under it) and :func:`trick_hand`, the hand picture of these games.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from PIL import Image

from games.core.views import TrickView, shared
from renderers.kit import card_rows, layout, theme
from renderers.kit import hand as generic_hand
from renderers.kit.cards import small_back as small_back  # a card back beside a count (trick_copy)
from renderers.kit.fonts import draw_text, text_width
from renderers.kit.layout import Box, Draw
from renderers.kit.names import fit_name, shorten_names_in
from renderers.kit.theme import RGB, card_height, mix

LineNote = tuple[str, str]  # (bold label, text) of the table's notes

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
    first card of ``trick`` is marked as led); ``direction`` is +1 when play passes to the next
    seat number, -1 the other way (Busca): the seats are drawn in play order."""

    seats: Sequence[Seat]
    direction: int
    trick: Sequence[tuple[int, str]] = ()
    to_play: int | None = None
    last: Sequence[tuple[int, str]] = ()
    last_winner: int | None = None
    last_note: str = ""  # what the last trick was worth ("1⅓ points")
    centre: str = ""  # how far the hand is ("Trick 3 of 10")
    aside: str = ""  # a card laid aside face down ("laid aside"), if any
    family: str = "standard"
    glow: frozenset[str] = field(default_factory=frozenset)


@dataclass(frozen=True)
class Extras:
    """What a game adds to its :class:`Scene`: its seats' colours (a partnership's), partners'
    plates outlined in them, the seat that takes a trick still on the table, words for the
    felt's line, the status stripe's colour, the notice for an empty hand."""

    colours: tuple[RGB, ...] = ()
    partners: bool = False
    takes: int | None = None
    info: tuple[str, ...] = ()
    status_colour: RGB = theme.ACCENT
    notice: str = "No cards in hand"


def trick_plays(trick: TrickView | None) -> list[tuple[int, str]]:
    """A trick's (seat or position, card) pairs in the order played (none for no trick)."""
    return [(p["seat"], p["card"]) for p in trick["plays"]] if trick else []


def name_lines(info: Seat, width: float, wrap: bool = False) -> tuple[str, ...]:
    """A plate ``width`` wide's name: on its top line, or (``wrap``: a table, with room to grow
    down) on two when it would be cut on one ("Easy computer 3" beside the turn's pointer)."""
    room = width - 32 - (14 if info.to_move else 0) - (21 if info.winner else 0)
    if not wrap or text_width(info.name, SMALLEST, True) <= room:
        return (info.name,)
    words = info.name.split(" ")
    first = next((k for k in range(len(words) - 1, 0, -1)
                  if text_width(" ".join(words[:k]), SMALLEST, True) <= room), 0)
    # The second line starts at the plate's left edge: it has the more room.
    return (" ".join(words[:first]), " ".join(words[first:])) if first else (info.name,)


def play_order(players: int, start: int | None, direction: int) -> list[int]:
    """The seats from ``start`` (the member's; seat 0 for a spectator) in the order play goes."""
    first = start if start is not None and 0 <= start < players else 0
    step = 1 if direction >= 0 else -1
    return [(first + k * step) % players for k in range(players)]


# -- the lines round the felt ----------------------------------------------------------------------
TEXT = 18  # names, scores, the status, the heading's title
SMALLEST = 17  # everything else (:data:`renderers.kit.shown.COPY_TEXT_MIN`)
INFO_INK = mix(theme.FELT_LIGHT, theme.TEXT, 0.75)
NOTE_LINE = 21


def status_bar(img: Image.Image, draw: Draw, box: Box, status: str, colour: RGB, names: Sequence[str] = ()) -> None:
    """The status line, a little smaller when long, then with the ``names`` of numbered seats
    shortened ("Easy 1"), cut with "..." only when longer still."""
    room = box[2] - box[0] - 24
    size = TEXT if layout.rich_width(status, TEXT, True) <= room else SMALLEST
    status = shorten_names_in(status, names, size, room, True)
    layout.panel(draw, box, theme.PANEL)
    draw.rounded_rectangle((box[0], box[1], box[0] + 7, box[3]), radius=3, fill=colour)
    layout.draw_rich(img, draw, (box[0] + 15, (box[1] + box[3]) / 2), layout.ellipsize(status, size, room, True), size,
                     theme.TEXT, bold=True)


def side_info(img: Image.Image, draw: Draw, box: Box, info: Sequence[str]) -> None:
    """The felt's words in a column at the side: each wrapped, as many lines as fit."""
    x0, y0, x1, y1 = box
    lead = layout.line_height(SMALLEST)
    y = y0 + lead / 2
    for i, text in enumerate(info):
        for line in layout.wrap(text, SMALLEST, x1 - x0):
            if y + lead / 2 > y1:
                return
            layout.draw_rich(img, draw, (x0, y), line, SMALLEST, theme.TEXT if i == 0 else INFO_INK, bold=i == 0)
            y += lead
        y += 4


def heading_line(img: Image.Image, draw: Draw, box: Box, title: str, subtitle: str) -> None:
    """The table's heading on one line: the game in bold, then the hand and the rules in brief."""
    x0, y0, x1, y1 = box
    mid = (y0 + y1) / 2
    x = x0 + 4 + layout.draw_rich(img, draw, (x0 + 4, mid), title, TEXT, theme.TEXT, bold=True)
    if subtitle:
        text = whole_pieces(f"\u00b7 {subtitle}", SMALLEST, x1 - x - 12)
        layout.draw_rich(img, draw, (x + 8, mid), text, SMALLEST, theme.MUTED)


def whole_pieces(text: str, size: int, width: float, bold: bool = False) -> str:
    """``text``'s " · "-separated pieces that fit ``width`` whole, from the first: a piece is
    left out rather than cut in the middle of a name or a score; the first is cut if it must be."""
    pieces = text.split(" \u00b7 ")
    for n in range(len(pieces), 1, -1):
        kept = " \u00b7 ".join(pieces[:n])
        if layout.rich_width(kept, size, bold) <= width:
            return kept
    return layout.ellipsize(pieces[0], size, width, bold)


def notes_height(notes: Sequence[LineNote], most: int = 4, width: float = 566) -> int:
    """The height of the notes' panel ``width`` wide inside: a line a note, two for a long one,
    at most ``most`` lines."""
    lines = sum(min(2, len(layout.wrap(f"{label} {text}", SMALLEST, width))) for label, text in notes)
    return 8 + min(lines, most) * NOTE_LINE if notes else 0


def draw_notes(img: Image.Image, draw: Draw, box: Box, notes: Sequence[LineNote]) -> None:
    """What an onlooker needs that the felt does not show (the last trick, the scores, a
    discard, a rule set's cards), the most needed first: a note a line, its label in bold, a long
    one wrapped onto a second; notes that find no line left are dropped, not earlier ones cut."""
    x0, y0, x1, y1 = box
    layout.panel(draw, box, theme.PANEL)
    room = x1 - x0 - 24
    y = y0 + 4 + NOTE_LINE / 2
    for label, text in notes:
        lead = layout.rich_width(label, SMALLEST, True) + 8 if label else 0
        lines = layout.wrap(text, SMALLEST, room - lead)
        if len(lines) > 1:
            lines = [lines[0], layout.ellipsize(" ".join(lines[1:]), SMALLEST, room)]
        for k, line in enumerate(lines):
            if y > y1 - 4:
                return
            if label and k == 0:
                layout.draw_rich(img, draw, (x0 + 12, y), label, SMALLEST, theme.TEXT, bold=True)
            layout.draw_rich(img, draw, (x0 + 12 + (lead if k == 0 else 0), y), line, SMALLEST,
                             theme.TEXT if not label else INFO_INK)
            y += NOTE_LINE


DEALER_W = 24


def dealer_button(draw: Draw, right: float, mid: float) -> None:
    """The dealer's button, a "D" chip ending at ``right``."""
    draw.ellipse((right - DEALER_W, mid - DEALER_W / 2, right, mid + DEALER_W / 2), fill=DEALER, outline=theme.MUTED)
    draw_text(draw, (right - DEALER_W / 2, mid), "D", SMALL - 4, theme.PANEL, anchor="mm", bold=True)


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
    status = layout.named(view, str(shared(view).get("status", "")))
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
        who = fit_name(names(seat), SMALL - 3, step - STRIP_CARD - 14)
        draw_text(draw, (x + STRIP_CARD + 8, mid), who, SMALL - 3, theme.TEXT, anchor="lm")
        x += step
    return img
