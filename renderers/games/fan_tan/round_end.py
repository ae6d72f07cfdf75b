"""Fan Tan's hand's end, laid out for the box Discord shows inline (:data:`renderers.kit.shown.COPY_SIZE`):
the sibling of the table (:mod:`renderers.games.fan_tan.table`), the runs at the left, the players at the right.

    +------------------------------------------------------------+
    | Fan Tan . Hand n of m ends . honour mode                   |
    +-----------------------------------+------------------------+
    | who went out, the pot they take   | a cell per player:     |
    +-----------------------------------+ name, what they paid   |
    | the runs as they ended            | or took; the cards left|
    +-----------------------------------+ (as text) and the chips|
    | the offences found (honour mode)  | after the hand         |
    +-----------------------------------+------------------------+

Cards left are text ("♠ 2 3 K"): a card whose index reads in the box is 72 px wide, too wide for
a player's cell. With offences to list the runs shrink to make room for them; past what fits,
each offender's offences are told on one line, and past that the rest are counted.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PIL import Image

from games.core.cards import STANDARD_RANKS, short
from games.fan_tan.view import FanTanView, HandEnd, OffenceView
from renderers.games.fan_tan.parts import LEAST, SUITS, TEXT, Grid, coin, draw_runs, pile
from renderers.kit import layout, shown, theme
from renderers.kit.fonts import draw_text, fit_size, text_width
from renderers.kit.layout import Box, Draw, plural
from renderers.kit.names import fit_name

W, H = shown.COPY_SIZE
M = 6  # the margin round the picture and between its parts, as on the table
HEAD_H = 20
TOP = M + HEAD_H + 6
GRID = Grid(tile_h=38, row_gap=6, suit_marks=True)  # the table's runs (smaller with offences to list)
LIST_X = M + GRID.width + M  # the players' column, where the table has it
RESULT_H = 56  # who went out, on two lines, at the least
OFFENCE_PAD = 16  # the offences' panel round its lines
MOST_OFFENCES = 5  # lines of offences: with their heading, what leaves the runs tiles 24 px high
LEAD = layout.line_height(LEAST)
CELL_GAP = 3
CELL_LEAD = 19  # px between a cell's lines at most (two lines in eight players' cells)
STACK_W = 16 + 4 + 30  # a coin and the chips after the hand, at a cell's right
MARKS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}  # drawn as suit marks (draw_rich)
ELLIPSIS = " \u2026"


Name = Callable[[int], str]
Offence = tuple[str, str, list[str], int]  # who, what they did, the cards withheld, the fine


def round_end(view: FanTanView, data: HandEnd) -> Image.Image:
    """A hand's end: who went out and took the pot, what each other player paid for the cards they
    had left (and which), everyone's chips after it, the offences found, and the runs as they ended."""
    names = layout.names(view)

    def name(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else "?"

    img, draw = layout.canvas(W, H)
    head(img, draw, view, data["hand"])
    left = M + GRID.width
    lines = offence_lines(data["offences"], name)
    # The offences take the lines they need, the runs what is left (as high as the table's at most),
    # and who went out the rest.
    bottom = H - M - (OFFENCE_PAD + LEAD * (len(lines) + 1) + M if lines else 0)
    tile_h = min(GRID.tile_h, (bottom - TOP - RESULT_H - M - 2 * GRID.pad - 3 * 6) // 4)
    grid = GRID if tile_h == GRID.tile_h else Grid(tile_h=tile_h, row_gap=6 if tile_h >= 30 else 4)
    top = bottom - grid.height
    result(img, draw, (M, TOP, left, top - M), name(data["winner"]), data["pot"])
    draw_runs(img, draw, (M, top, left, bottom), grid, data["runs"], over=True)
    if lines:
        offence_panel(img, draw, (M, bottom + M, left, H - M), lines)
    players(img, draw, (LIST_X, TOP, W - M, H - M), view, data, name)
    return img


def head(img: Image.Image, draw: Draw, view: FanTanView, hand_no: int) -> None:
    """The game's line, as on the table: its name, which hand of how many ended, honour mode."""
    title = view["title"]
    mid = M + HEAD_H / 2
    draw_text(draw, (M + 4, mid), title, TEXT, theme.TEXT, anchor="lm", bold=True)
    x = M + 4 + text_width(title, TEXT, True)
    total = view["hands_total"]
    detail = f"Hand {hand_no} of {total} ends" if total >= hand_no else f"Hand {hand_no} ends"
    if not view["strict"]:
        detail += " \u00b7 honour mode"
    line = layout.ellipsize(f" \u00b7 {detail}", LEAST, W - M - 4 - x)
    layout.draw_rich(img, draw, (x, mid), line, LEAST, theme.MUTED)


def result(img: Image.Image, draw: Draw, box: Box, winner: str, pot: int) -> None:
    """Who went out (big, with a star) over the pot they take (with a pile of chips); a muted
    "OUT OF CARDS" over both where the box is tall enough."""
    x0, y0, x1, y1 = box
    layout.panel(draw, box, theme.PANEL, theme.GOOD, line=2, radius=10)
    tall = y1 - y0 >= 100
    size = fit_size(f"{winner} goes out", x1 - x0 - 60, 30 if tall else TEXT + 2, min_size=TEXT, bold=True)
    who = layout.ellipsize(winner, size, x1 - x0 - 60 - text_width(" goes out", size, True), True) + " goes out"
    takes = f"and takes the pot of {plural(pot, 'chip')}"
    chips = pile(18, 3)
    rows = [layout.line_height(size), max(chips.height, LEAD)]
    if tall:
        rows.insert(0, LEAD + 4)
    y = (y0 + y1) / 2 - sum(rows) / 2
    mid = (x0 + x1) / 2
    if tall:
        draw_text(draw, (mid, y + LEAD / 2), "OUT OF CARDS", LEAST, theme.MUTED, anchor="mm", bold=True)
        y += rows.pop(0)
    w = layout.rich_width(who, size, True)
    star = size * 0.45
    left = mid - (w + 2 * star + 8) / 2
    layout.star(draw, (left + star, y + rows[0] / 2), star, theme.HIGHLIGHT)
    layout.draw_rich(img, draw, (left + 2 * star + 8, y + rows[0] / 2), who, size, theme.GOOD, bold=True)
    y += rows[0]
    w = chips.width + 8 + text_width(takes, TEXT)
    left = mid - w / 2
    img.paste(chips, (round(left), round(y + rows[1] / 2 - chips.height / 2)), chips)
    draw_text(draw, (left + chips.width + 8, y + rows[1] / 2), takes, TEXT, theme.TEXT, anchor="lm")


# -- the players ---------------------------------------------------------------------------------

def players(img: Image.Image, draw: Draw, box: Box, view: FanTanView, data: HandEnd, name: Name) -> None:
    """A cell per seat down ``box``, sharing its height."""
    x0, y0, x1, y1 = box
    n = view["players"]
    winner, pot = data["winner"], data["pot"]
    paid = {p["seat"]: p["cards"] for p in data["paid"]}
    each = (y1 - y0 - (n - 1) * CELL_GAP) / n
    for seat in range(n):
        top = y0 + seat * (each + CELL_GAP)
        change = pot if seat == winner else -paid.get(seat, 0)
        cell(img, draw, (x0, top, x1, top + each), seat, name(seat), data["left"][seat], seat == winner, change,
             data["stacks"][seat])


def cell(img: Image.Image, draw: Draw, box: Box, seat: int, name: str, cards: Sequence[str], won: bool,
         change: int, stack: int) -> None:
    """One player: colour, name and what they paid or took; below, the cards they had left (a star
    and "out of cards" for who went out), in as many lines as the cell holds, and their chips
    after the hand."""
    x0, y0, x1, y1 = box
    layout.panel(draw, box, theme.PANEL, theme.GOOD if won else theme.PANEL_LIGHT, line=2 if won else 1, radius=8)
    inner = x1 - x0 - 18
    most = max(1, int((y1 - y0 - 4) // CELL_LEAD) - 1)  # lines under the name
    lines = ["out of cards"] if won else card_lines(cards, inner - STACK_W - 6, inner, most) or ["no cards left"]
    lead = min(CELL_LEAD + 3, (y1 - y0 - 4) / (len(lines) + 1))
    y = (y0 + y1) / 2 - lead * len(lines) / 2
    # The first line: colour, name, the payment.
    amount = f"+{change}" if change > 0 else str(change)
    ink = theme.GOOD if change > 0 else theme.BAD if change < 0 else theme.MUTED
    right = x1 - 9 - text_width(amount, TEXT, True)
    draw_text(draw, (x1 - 9, y), amount, TEXT, ink, anchor="rm", bold=True)
    draw.ellipse((x0 + 9, y - 6, x0 + 21, y + 6), fill=layout.seat_colour(seat))
    shown_name = fit_name(name, TEXT, right - 8 - (x0 + 27), True)
    layout.draw_rich(img, draw, (x0 + 27, y), shown_name, TEXT, theme.TEXT, bold=True)
    # Below: the cards left, then the chips after the hand at the right of the first line.
    for i, line in enumerate(lines):
        y += lead
        if won:
            layout.star(draw, (x0 + 17, y), 9, theme.HIGHLIGHT)
            draw_text(draw, (x0 + 31, y), line, LEAST, theme.GOOD, anchor="lm", bold=True)
        else:
            layout.draw_rich(img, draw, (x0 + 9, y), line, LEAST, theme.TEXT if cards else theme.MUTED)
        if i == 0:
            chip = coin(16)
            draw_text(draw, (x1 - 9, y), str(stack), TEXT, theme.BAD if stack <= 0 else theme.TEXT, anchor="rm",
                      bold=True)
            img.paste(chip, (round(x1 - 13 - text_width(str(stack), TEXT, True) - 16), round(y - 8)), chip)


def card_lines(cards: Sequence[str], first: float, rest: float, most: int) -> list[str]:
    """``cards`` as text by suit ("♠ 2 3 K  ♥ A"), broken into at most ``most`` lines, the first
    ``first`` px wide and the others ``rest``, a suit's ranks kept on one line where they fit;
    what does not fit is cut to "…" (the payment beside the name still counts the cards)."""
    lines: list[str] = []

    def fits(text: str) -> bool:
        return layout.rich_width(text, LEAST) <= (first if len(lines) <= 1 else rest)

    for suit in SUITS:
        ranks = sorted((c[:-1] for c in cards if c[-1:] == suit), key=STANDARD_RANKS.index)
        if not ranks:
            continue
        words = [f"{MARKS[suit]} {ranks[0]}", *ranks[1:]]
        group = " ".join(words)
        if lines and fits(f"{lines[-1]}  {group}"):
            lines[-1] += f"  {group}"
            continue
        for i, word in enumerate(words):
            sep = "  " if i == 0 else " "
            if lines and (i > 0 or len(lines) >= most) and fits(lines[-1] + sep + word):
                lines[-1] += sep + word
            elif len(lines) < most:
                lines.append(word)
            else:
                last = lines[-1]
                while " " in last and not fits(last + ELLIPSIS):
                    last = last.rsplit(" ", 1)[0].rstrip()
                lines[-1] = last + ELLIPSIS
                return lines
    return lines


# -- the offences --------------------------------------------------------------------------------

def offence_lines(offences: Sequence[OffenceView], name: Name) -> list[Offence]:
    """The offences found, a line each; where they are more than :data:`MOST_OFFENCES`, a line for
    each offender's; past that, the last line counts the rest."""
    lines = [(name(o["seat"]), "had also held back" if o["held_back"] else "passed holding",  # T-6
              o["withheld"], o["fine"]) for o in offences]
    if len(lines) > MOST_OFFENCES:
        lines = merged(offences, name)
    if len(lines) > MOST_OFFENCES:
        rest = lines[MOST_OFFENCES - 1:]
        lines = lines[: MOST_OFFENCES - 1] + [(f"and {plural(len(rest), 'more offender')}", "", [],
                                               sum(f for *_, f in rest))]
    return lines


def offence_panel(img: Image.Image, draw: Draw, box: Box, lines: Sequence[Offence]) -> None:
    """The offences' lines under a heading, each fine at the right."""
    x0, y0, x1, y1 = box
    layout.panel(draw, box, theme.PANEL, radius=8)
    y = (y0 + y1) / 2 - LEAD * len(lines) / 2
    draw_text(draw, (x0 + 8, y), "OFFENCES FOUND", LEAST, theme.MUTED, anchor="lm", bold=True)
    for who, did, withheld, fine in lines:
        y += LEAD
        fined = f"fined {fine}"
        draw_text(draw, (x1 - 8, y), fined, LEAST, layout.RED_ON_DARK, anchor="rm", bold=True)
        text = fitted(who, did, withheld, x1 - x0 - 24 - text_width(fined, LEAST, True))
        layout.draw_rich(img, draw, (x0 + 8, y), text, LEAST, theme.TEXT)


def merged(offences: Sequence[OffenceView], name: Name) -> list[Offence]:
    """A line per offender, in the order they were found: the cards they withheld at their passes
    (and held back, T-6), their fines."""
    seats: dict[int, list[OffenceView]] = {}
    for found in offences:
        seats.setdefault(found["seat"], []).append(found)
    return [(name(seat), "withheld", list(dict.fromkeys(c for f in theirs for c in f["withheld"])),
             sum(f["fine"] for f in theirs)) for seat, theirs in seats.items()]


def fitted(who: str, did: str, withheld: list[str], width: float) -> str:
    """"Ann passed holding 4♠ 9♣" in ``width``: the cards cut to "…" first, then the name."""
    cards = [short(c) for c in withheld]
    for n in range(len(cards), 0, -1):
        text = f"{who} {did} {' '.join(cards[:n])}{ELLIPSIS if n < len(cards) else ''}"
        if layout.rich_width(text, LEAST) <= width:
            return text
    tail = f" {did} {cards[0]}{ELLIPSIS if len(cards) > 1 else ''}" if cards else f" {did}".rstrip()
    return layout.ellipsize(who, LEAST, width - layout.rich_width(tail, LEAST)) + tail
