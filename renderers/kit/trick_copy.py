"""The trick-taking games' pictures for Discord's inline box (Busca, the tarot family), each exactly
:data:`renderers.kit.shown.COPY_SIZE`: a player's copy (:func:`draw_copy`) and its sibling, the table
onlookers see (:func:`draw_table`).

Top to bottom: (the table's heading line;) the status line; the felt, a column per seat (or tarot
position) in play order from the member's own (seat 0 at the table): a compact plate (name, cards
held, score, tricks, the game's tag) over the card it played, or the place of the card to come; the
felt's words under them or beside; then the member's hand (playable cards raised, the others dimmed;
two overlapping rows that keep every index in sight when long) and rows a game adds (a dummy). Where
the copy has the hand, the table has the onlookers' notes (:func:`trick_table.draw_notes`) or dummies.
A game reads its view into a :class:`trick_table.Scene`. Cards are 72 px wide, texts >= 17 px.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from PIL import Image

from renderers.kit import card_rows, layout, shown, theme
from renderers.kit.fonts import draw_text, text_width
from renderers.kit.layout import Box, Draw
from renderers.kit.names import fit_marked, fit_note
from renderers.kit.regions import region
from renderers.kit.theme import RGB, card_height, mix
from renderers.kit.trick_table import (
    DEALER_W,
    INFO_INK,
    SMALLEST,
    TEXT,
    Extras,
    LineNote,
    Scene,
    Seat,
    dealer_button,
    draw_notes,
    heading_line,
    name_lines,
    notes_height,
    play_order,
    side_info,
    small_back,
    status_bar,
    whole_pieces,
)

W, H = shown.COPY_SIZE
CARD = shown.COPY_CARD_WIDTH  # trick and hand cards: the narrowest whose index reads on a phone
CARD_H = card_height(CARD)
MARGIN = 5
STATUS_H = 30
PLATE_LINE = 21
PIECE_GAP = 6
FELT_PAD = 6
PILL_ROOM = 6  # under the trick cards: the lower half of a "led" pill
COL_GAP = 6
COL_MAX = 150
TABLE_COL_MAX = 184
INFO_H = 20  # the felt's line of what the table's corners show
SIDE_MIN = 150  # the narrowest column of info at the felt's side
STEP = CARD * layout.INDEX_SHOWN + 0.5  # the tightest fan: each card's whole index still shows
ROW_OFFSET = 46  # the second of two overlapping rows starts this far down: the first's indices show
MAX_LINES = 2  # lines of cards under the felt: more would crowd out the trick
ROW_GAP = 8  # between rows side by side
ROW_LIFT = 6  # a raised card in a lower row may rise this little, not over the row above's indices
LABEL_W = 96  # a labelled row's words at its left ("Your dummy")
HEADING_H = 24  # the table's heading line
MAX_NOTES = 4  # the table's notes' lines under the felt
PLAIN = Extras()


@dataclass(frozen=True)
class CardRow:
    """A row of face-up cards under the felt: the member's hand (no ``label``) or another they
    play from or must read (a dummy). ``glow`` cards are raised and glow; ``dim`` ones darkened."""

    cards: tuple[str, ...]
    glow: frozenset[str] = frozenset()
    dim: frozenset[str] = frozenset()
    label: str = ""
    note: str = ""  # under the label ("to play")
    optional: bool = False  # left out when it would take a third line (another's dummy)


# -- plates ----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class PlateLook:
    """A plate as drawn (its region's key)."""

    seat: Seat
    colour: RGB
    outline: RGB | None
    lines: int
    wrap: bool = False  # the name on two lines where one would cut it


def plate_pieces(info: Seat, width: float, tricks: bool = True, count: bool = True) -> list[tuple[str, str, RGB]]:
    """The plate's lower lines as (kind, text, colour) pieces: the cards held, the score, the
    dealer's button, the tricks, the game's note (cut to a line ``width`` wide)."""
    pieces: list[tuple[str, str, RGB]] = [("count", str(info.cards), theme.TEXT)] if count else []
    if info.score:
        pieces.append(("score", info.score, theme.TEXT))
    if info.dealer:
        pieces.append(("dealer", "D", theme.TEXT))
    if tricks:
        pieces.append(("text", layout.plural(info.tricks, "trick"), theme.MUTED))
    if info.note:
        pieces.append(("tag", fit_note(info.note, SMALLEST, width - 12, True), info.note_colour))
    return pieces


def _piece_width(kind: str, text: str) -> float:
    if kind == "dealer":
        return DEALER_W
    size, bold, pad = {"count": (TEXT + 2, True, 19), "score": (TEXT, True, 12),
                       "tag": (SMALLEST, True, 12)}.get(kind, (SMALLEST, False, 0))
    return text_width(text, size, bold) + pad


def flow(info: Seat, width: float, most: int = 2) -> list[list[tuple[str, str, RGB]]]:
    """The lower lines' pieces broken into at most ``most`` lines no wider than ``width``: where
    they do not fit, the tricks go first (the game's note says more), then the cards held (in a
    trick game everyone holds about as many)."""
    lines: list[list[tuple[str, str, RGB]]] = [[]]
    for tricks, count in ((True, True), (False, True), (False, False)):
        lines = [[]]
        used = 0.0
        for piece in plate_pieces(info, width, tricks, count):
            w = _piece_width(piece[0], piece[1])
            if lines[-1] and used + PIECE_GAP + w > width:
                lines.append([])
                used = 0.0
            used += (PIECE_GAP if lines[-1] else 0) + w
            lines[-1].append(piece)
        if len(lines) <= most:
            return lines
    return lines[:most]


def plate_lines(info: Seat, width: float, most: int = 3, wrap: bool = False) -> int:
    """The lines a plate ``width`` wide needs: its name's and at most ``most`` in all."""
    names = len(name_lines(info, width, wrap))
    return names + len(flow(info, width - 16, most - names))


def plate_height(lines: int) -> int:
    return 6 + lines * PLATE_LINE + 2


def _paint_plate(img: Image.Image, draw: Draw, box: Box, *, look: PlateLook) -> None:
    info = look.seat
    x0, y0, x1, _ = box
    fill = mix(theme.PANEL, theme.ACCENT, 0.45) if info.to_move else theme.PANEL
    outline = (theme.GOOD if info.winner else theme.ACCENT if info.to_move
               else look.outline if look.outline is not None else theme.PANEL_LIGHT)
    thick = 3 if (info.winner or info.to_move) else 2 if look.outline is not None else 1
    layout.panel(draw, box, fill, outline, line=thick, radius=theme.RADIUS)
    mid = y0 + 5 + PLATE_LINE / 2
    x = x0 + 8
    if info.to_move:
        draw.polygon([(x, mid - 7), (x + 10, mid), (x, mid + 7)], fill=theme.HIGHLIGHT)
        x += 14
    draw.ellipse((x, mid - 6, x + 12, mid + 6), fill=look.colour)
    x += 17
    right = x1 - 7
    if info.winner:
        layout.star(draw, (right - 9, mid), 9, theme.HIGHLIGHT)
        right -= 21
    room = right - x
    names = name_lines(info, x1 - x0, look.wrap)
    size = TEXT
    while size > SMALLEST and (text_width(info.name, size, True) > room or len(names) > 1):
        size -= 1
    for k, name in enumerate(names):
        at, width = (x, room) if k == 0 else (x0 + 8, x1 - x0 - 16)
        layout.draw_rich(img, draw, (at, mid + k * PLATE_LINE), fit_marked(name, size, width, True), size,
                         theme.TEXT, bold=True)
    y = mid + PLATE_LINE * len(names)
    for line in flow(info, x1 - x0 - 16, look.lines - len(names)):
        x = x0 + 8
        for kind, text, colour in line:
            w = _piece_width(kind, text)
            if kind == "count":
                # The cards held: a back and the figure, as large as the score's (issue 44: too small to read)
                back = small_back(14)
                img.paste(back, (round(x), round(y - back.height / 2)), back)
                draw_text(draw, (x + 19, y), text, TEXT + 2, colour, anchor="lm", bold=True)
            elif kind == "dealer":
                dealer_button(draw, x + w, y)
            elif kind == "score":
                layout.panel(draw, (x, y - 10, x + w, y + 10), theme.BACKGROUND, radius=10)
                draw_text(draw, (x + w / 2, y), text, TEXT, colour, anchor="mm", bold=True)
            elif kind == "tag":
                layout.panel(draw, (x, y - 10, x + w, y + 10), mix(theme.PANEL, colour, 0.25), colour, line=1,
                             radius=10)
                draw_text(draw, (x + w / 2, y), text, SMALLEST, colour, anchor="mm", bold=True)
            else:
                draw_text(draw, (x, y), text, SMALLEST, colour, anchor="lm")
            x += w + PIECE_GAP
        y += PLATE_LINE


# -- the picture -----------------------------------------------------------------------------------

Line = list[CardRow]  # rows side by side


def _row_room(row: CardRow) -> float:
    """The narrowest a row may be: its cards at the tightest fan, and its label."""
    return (LABEL_W if row.label else 0) + (len(row.cards) - 1) * STEP + CARD if row.cards else LABEL_W


def hand_lines(rows: Sequence[CardRow]) -> list[Line]:
    """The rows as drawn, in lines: a hand too long for one line at the tightest fan split in
    two; labelled rows (dummies) side by side where they fit."""
    room = W - 2 * MARGIN - 16
    out: list[Line] = []
    for row in rows:
        if _row_room(row) > room:
            half = (len(row.cards) + 1) // 2
            out += [[CardRow(row.cards[:half], row.glow, row.dim, row.label, row.note)],
                    [CardRow(row.cards[half:], row.glow, row.dim)]]
        elif (row.label and out and all(r.label for r in out[-1])
              and sum(_row_room(r) + ROW_GAP for r in out[-1]) + _row_room(row) <= room):
            out[-1].append(row)
        else:
            out.append([row])
    if len(out) > MAX_LINES:  # the felt needs the rest: rows that may go, go
        out = [line for line in out if not all(r.optional for r in line)]
    return out


def rows_height(lines: Sequence[Line]) -> int:
    """The height the lines take: the first in full with room to rise, each further one
    ``ROW_OFFSET`` lower, over the one above."""
    return layout.LIFT + CARD_H + max(0, len(lines) - 1) * ROW_OFFSET if lines else CARD_H


def _cards_bottom(top: float, lines: int) -> float:
    return top + FELT_PAD + plate_height(lines) + 5 + CARD_H + PILL_ROOM


def _columns(seats: Sequence[Seat], inner: float, felt_h: float, info: bool,
             long: bool = False, widest: float = COL_MAX) -> tuple[float, int, bool]:
    """The columns' width, their plates' lines and whether the info goes in a column at their
    side: full width, the info beside them or under them where it fits; else narrower columns
    with the info beside (also where the info is ``long`` for a line); else plates with a line
    less. Plates lose lines where the felt is short."""
    players = max(1, len(seats))

    def most(extra: int) -> int:
        return next((n for n in (4, 3) if _cards_bottom(0, n) + extra <= felt_h), 2)

    def lines(col: float, limit: int) -> int:
        return max((plate_lines(s, col, limit, widest > COL_MAX) for s in seats), default=2)

    col = min(widest, (inner - (players - 1) * COL_GAP) / players)
    if info and inner - players * col - (players - 1) * COL_GAP - 12 >= SIDE_MIN:
        return col, lines(col, most(0)), True
    if not info or (lines(col, most(INFO_H)) == lines(col, most(0)) and not long):
        return col, lines(col, most(INFO_H) if info else most(0)), False
    narrow = (inner - SIDE_MIN - 12 - (players - 1) * COL_GAP) / players
    if narrow >= CARD + 40 and lines(narrow, most(0)) <= lines(col, most(0)):
        return narrow, lines(narrow, most(0)), True
    return col, lines(col, most(INFO_H)), False  # the table's words before a plate's last line


def draw_copy(scene: Scene, status: str, rows: Sequence[CardRow], viewer: int | None,
              extras: Extras = PLAIN) -> Image.Image:
    """The copy: ``status`` (names put in), the felt of ``scene`` (seats, trick) and ``rows`` (the
    member's hand first), as seen by ``viewer``'s seat (None: a spectator)."""
    img, draw = layout.canvas(W, H)
    drawn = hand_lines(rows)
    box = (MARGIN, MARGIN, W - MARGIN, MARGIN + STATUS_H)
    status_bar(img, draw, box, status, extras.status_colour, [seat.name for seat in scene.seats])
    felt_bottom = H - MARGIN - (rows_height(drawn) + 4) - MARGIN
    _felt(img, draw, (box[3] + MARGIN, felt_bottom), scene, viewer, extras)
    _draw_rows(img, draw, (MARGIN, felt_bottom + MARGIN, W - MARGIN, H - MARGIN), drawn, scene.family, extras.notice)
    return img


def draw_table(scene: Scene, heading: tuple[str, str], status: str, extras: Extras, notes: Sequence[LineNote],
               start: int | None = None, most: int = MAX_NOTES) -> Image.Image:
    """The table, the copies' sibling for onlookers: ``heading`` (the game; the hand and the rules
    in brief) on a line, ``status``, the felt of ``scene`` from seat ``start`` (seat 0) and, where
    a copy has the hand, at most ``most`` lines of ``notes``."""
    img, draw = layout.canvas(W, H)
    heading_line(img, draw, (MARGIN, MARGIN - 2, W - MARGIN, MARGIN + HEADING_H), *heading)
    box = (MARGIN, MARGIN + HEADING_H + 2, W - MARGIN, MARGIN + HEADING_H + 2 + STATUS_H)
    status_bar(img, draw, box, status, extras.status_colour, [seat.name for seat in scene.seats])
    low = notes_height(notes, most)
    felt_bottom = H - MARGIN - (low + MARGIN if low else 0)
    _felt(img, draw, (box[3] + MARGIN, felt_bottom), scene, start, extras, table=True)
    if notes:
        draw_notes(img, draw, (MARGIN, felt_bottom + MARGIN, W - MARGIN, H - MARGIN), notes)
    return img


def _felt(img: Image.Image, draw: Draw, span: tuple[float, float], scene: Scene, viewer: int | None,
          extras: Extras, table: bool = False) -> None:
    """The felt from ``span``'s top to its bottom: a column per seat in play order from
    ``viewer``'s, its plate over the card it played, and the felt's words at the side or under."""
    felt_top, felt_bottom = span
    players = len(scene.seats)
    order = play_order(players, viewer, scene.direction)
    inner = W - 2 * MARGIN - 2 * FELT_PAD
    info = [t for t in extras.info if t]
    # The table's words are what onlookers read: a column beside rather than a line cut short.
    long = table and layout.rich_width(" \u00b7 ".join(info), SMALLEST) > inner - 12
    # The table's plates may be wider: it has no hand to line up with (long names show whole).
    col, lines, side = _columns(scene.seats, inner, felt_bottom - felt_top, bool(info), long,
                                TABLE_COL_MAX if table else COL_MAX)
    used = players * col + (players - 1) * COL_GAP
    plate_h = plate_height(lines)
    footer = bool(info) and not side and felt_bottom - _cards_bottom(felt_top, lines) >= INFO_H
    felt = (MARGIN, felt_top, W - MARGIN, felt_bottom)
    layout.panel(draw, felt, theme.FELT, theme.FELT_LIGHT, line=2, radius=theme.RADIUS + 4)
    left = MARGIN + FELT_PAD if side else (W - used) / 2
    top = felt_top + FELT_PAD
    plays = {seat: (i, card) for i, (seat, card) in enumerate(scene.trick)}
    for k, seat in enumerate(order):
        x = left + k * (col + COL_GAP)
        info_seat = scene.seats[seat]
        colour = extras.colours[seat] if seat < len(extras.colours) else layout.seat_colour(seat)
        look = PlateLook(info_seat, colour, colour if extras.partners else None, lines, table)
        plate = (x, top, x + col, top + plate_h)
        region(img, plate, ("copy plate", look), partial(_paint_plate, look=look), background=theme.FELT)
        cx = x + col / 2
        cy = top + plate_h + 5
        self_box = (cx - CARD / 2, cy, cx + CARD / 2, cy + CARD_H)
        if seat in plays:
            order_no, card = plays[seat]
            card_rows.paste_card(img, card, self_box[:2], card_width=CARD, family=scene.family,
                                 highlight=card in scene.glow)
            takes = seat == extras.takes
            word = "led, takes" if order_no == 0 and takes else "takes" if takes else "led" if order_no == 0 else ""
            if word:
                ink = theme.GOOD if takes else theme.HIGHLIGHT
                layout.pill(draw, (cx, cy + CARD_H - 7), word, size=SMALLEST, fill=theme.PANEL, ink=ink, outline=ink)
        elif seat == scene.to_play:
            card_rows.empty_slot(draw, self_box, colour=theme.HIGHLIGHT)
            draw_text(draw, (cx, cy + CARD_H / 2), "to lead" if not scene.trick else "to play", SMALLEST,
                      theme.HIGHLIGHT, anchor="mm", bold=True)
        else:
            card_rows.empty_slot(draw, self_box)
    if side:
        side_info(img, draw, (left + used + 12, top, W - MARGIN - 8, felt_bottom - 8), info)
    elif footer:
        text = whole_pieces(" \u00b7 ".join(info), SMALLEST, W - 2 * MARGIN - 24)
        layout.draw_rich(img, draw, (MARGIN + 12, felt_bottom - INFO_H / 2 - 3), text, SMALLEST, INFO_INK)


def _draw_rows(img: Image.Image, draw: Draw, box: Box, lines: Sequence[Line], family: str, notice: str) -> None:
    x0, y0, x1, y1 = box
    if not any(r.cards for line in lines for r in line):
        layout.panel(draw, box, theme.PANEL)
        # The notice wraps (at the end it is the totals: every name and score whole).
        size = next((s for s in (TEXT, SMALLEST) if len(layout.wrap(notice, s, x1 - x0 - 24)) * layout.line_height(s)
                     <= y1 - y0 - 8), SMALLEST)
        said = layout.wrap(notice, size, x1 - x0 - 24)
        top = (y0 + y1) / 2 - layout.line_height(size) * (len(said) - 1) / 2
        for k, text in enumerate(said):
            draw_text(draw, ((x0 + x1) / 2, top + k * layout.line_height(size)), text, size, theme.MUTED,
                      anchor="mm")
        return
    labelled = any(r.label for line in lines for r in line)
    y = y1 - 4 - rows_height(lines) + layout.LIFT
    for i, line in enumerate(lines):
        # Each row of the line gets its narrowest width and a share of what is left.
        spare = (x1 - x0 - 16 - sum(_row_room(r) for r in line) - ROW_GAP * (len(line) - 1)) / len(line)
        x = x0 + 8
        for row in line:
            width = _row_room(row) + spare
            _draw_row(img, draw, (x, y, x + width), row, family, labelled, ROW_LIFT if i else layout.LIFT)
            x += width + ROW_GAP
        y += ROW_OFFSET


def _draw_row(img: Image.Image, draw: Draw, where: tuple[float, float, float], row: CardRow, family: str,
              labelled: bool, lift: int) -> None:
    """One row of cards from ``where`` (left, top, right), its label at its left."""
    x0, y, x1 = where
    left = x0 + (LABEL_W if labelled else 0)
    if row.label:
        # Two lines over the next row: the label and its note; a label too long for a line takes
        # both, in the note's colour if there is one (the raised cards say "to play" too).
        room = LABEL_W - 8
        words = [(row.label, theme.TEXT, True), (row.note, theme.HIGHLIGHT, False)][: 2 if row.note else 1]
        if layout.rich_width(row.label, SMALLEST, True) > room:
            ink = theme.HIGHLIGHT if row.note else theme.TEXT
            words = [(w, ink, True) for w in layout.wrap(row.label, SMALLEST, room, True)[:2]]
        for k, (text, ink, bold) in enumerate(words):
            draw_text(draw, (x0, y + 10 + 21 * k), fit_note(text, SMALLEST, room, bold), SMALLEST, ink,
                      anchor="lm", bold=bold)
    if not row.cards:
        return
    cards = list(row.cards)
    groups = layout.groups_of(cards, layout.suit_group(family))
    xs = card_rows.fan_positions(groups, CARD, x1 - left, max_step=CARD + 6, group_gap=10)
    if not labelled:
        left = (x0 + x1) / 2 - card_rows.row_width(xs, CARD) / 2
    card_rows.draw_cards(img, cards, xs, y, card_width=CARD, family=family, highlight=row.glow,
                         raised=row.glow, dim=row.dim, lift=lift, x0=left)
