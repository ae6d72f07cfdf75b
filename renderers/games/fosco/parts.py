"""What Fosco's table and a player's copy both draw, at the copy's sizes (:mod:`renderers.kit.shown`):
the rules' words, the count on the felt (its total in a ring, this count's cards with who played
each, or the result once the game is over), a seat's plate, the score table, and the status line's
fitting. The table (:mod:`renderers.games.fosco.table`) and the copy (:mod:`renderers.games.fosco.copy`)
lay these parts out each in its own way.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import partial

from PIL import Image

from games.fosco.view import FoscoView
from renderers.kit import card_rows, layout, shown, theme
from renderers.kit.fonts import draw_text, fit_size, text_width
from renderers.kit.layout import Box, Draw
from renderers.kit.names import fit_name, short_names_in
from renderers.kit.regions import Painter
from renderers.kit.theme import RGB, card_height, mix

SUITS = ("S", "H", "C", "D")  # the hand order
FREE = 6  # captured cards of a suit that score nothing
KING_TEXT = {"double": "Kings double", "fives": "Kings: next 5", "squares": "Kings: next square",
             "primes": "Kings: next prime", "led": "Kings add the lead"}
KING_SHORT = {"double": "K: x2", "fives": "K: next 5", "squares": "K: next square",
              "primes": "K: next prime", "led": "K: + lead"}
RULE_WORDS = {"double": "double", "fives": "next 5", "squares": "next square", "primes": "next prime",
              "led": "add the lead", "zero": "count 0", "copy": "copy", "half": "add \u00bd"}
PLAIN_RULES = {"queen": "zero", "jack": "copy", "joker": "half"}  # the optional extras, when not taken

CARD = shown.COPY_CARD_WIDTH
CH = card_height(CARD)
SMALL = shown.COPY_TEXT_MIN  # 17: labels, tags, score figures
TEXT = theme.SMALL_TEXT_SIZE  # 19: names
MIN_STEP = CARD * layout.INDEX_SHOWN  # a card shows at least its index
SEAT_TAG_H = 21
PLATE_H = 27
MEDALLION = 92
BACK_FIELD, _, BACK_TRIM = theme.BACK_STYLES["standard"]

Keep = Callable[[Image.Image, Box, Hashable, Painter, RGB], None]  # renderers.kit.regions.region


@dataclass(frozen=True)
class Board:
    """The spectators' view, read once: who sits where, on which side, and the game's state."""

    view: FoscoView
    players: int
    names: list[str]
    sides: list[list[int]]
    side_of: dict[int, int]
    over: bool
    to_move: frozenset[int]
    winners: frozenset[int]

    @classmethod
    def of(cls, view: FoscoView) -> Board:
        sides = [list(s) for s in view["sides"]]
        over, outcome = view["over"], view["outcome"]
        winners = frozenset(outcome["winners"] if over and outcome else ())
        return cls(view, view["players"], layout.names(view), sides,
                   {seat: i for i, side in enumerate(sides) for seat in side},
                   over, frozenset(view["to_move"]) if not over else frozenset(), winners)

    def won(self, side: int) -> bool:
        return bool(self.winners) and set(self.sides[side]) <= self.winners

    def colour(self, seat: int) -> RGB:
        return layout.seat_colour(self.side_of.get(seat, seat))


def card_rules(view: FoscoView) -> list[tuple[str, str]]:
    """What each card that is not a number does, when the optional extras give a Queen, a Jack or
    a Joker a King rule ([] in the plain game, where "Kings double" says it all)."""
    rules = view["card_rules"]
    extras = {"queen": rules["queen"], "jack": rules["jack"], "joker": rules["joker"]}
    if extras == PLAIN_RULES:
        return []
    jokers = int(view["options"]["jokers"] or 0)
    said = [("Kings", rules["king"]), ("Queens", rules["queen"]), ("Jacks", rules["jack"]),
            *((("Jokers", rules["joker"]),) if jokers else ())]
    return [(title, RULE_WORDS.get(rule, rule)) for title, rule in said]


def status_fit(text: str, width: float) -> tuple[int, list[str]]:
    """The status's size and lines: one line at the kit's small size or a little less, else two."""
    for size in (20, 19, 18, SMALL):
        lines = layout.status_lines(text, width, size, max_lines=3)
        if len(lines) == 1:
            return size, lines
    return SMALL, layout.status_lines(text, width, SMALL, max_lines=2)


# -- the count -----------------------------------------------------------------------------------
def count_band(img: Image.Image, draw: Draw, box: Box, board: Board, keep: Keep) -> None:
    """The felt: the count's total in its ring and this count's cards, or the result at the end
    (``keep``: how the ring is pasted from kept pixels)."""
    x0, y0, x1, y1 = box
    layout.panel(draw, box, theme.FELT, theme.FELT_LIGHT, line=2, radius=theme.RADIUS + 4)
    if board.over:
        outcome = board.view["outcome"]
        detail = layout.named(board.view, (outcome["detail"] if outcome else "") or "Game over")
        colour = theme.GOOD if board.winners else theme.HIGHLIGHT
        room = x1 - x0 - 24 - 2 * theme.PADDING
        head = detail.rpartition(", ")[0] or detail  # "Easy computer 1 & Easy computer 3 win": on a line if it can
        if text_width(head, TEXT, True) > room:
            detail = short_names_in(detail, board.names)
        over_banner(draw, (x0 + 12, y0 + 12, x1 - 12, y1 - 12), detail, colour)
        return
    count, limit = board.view["count"], board.view["limit"]
    king = KING_SHORT.get(board.view["king"], "K")
    d = min(MEDALLION, round(y1 - y0 - 30))
    spill = max(0, round((text_width(king, SMALL, True) + SMALL * 0.9 - d) / 2) + 2)  # a long King pill
    my = round((y0 + y1) / 2 - (d + 14) / 2)
    mbox = (x0 + 8, my, x0 + 8 + d + 2 * spill, my + d + 16)
    # Kept 3 px wider than the ring's box: its shadow reaches 2 px right of the ring.
    keep(img, (mbox[0], mbox[1], mbox[2] + 3, mbox[3]), ("fosco copy medallion", count, limit, king, d),
         partial(medallion, count=count, limit=limit, king=king, d=d, spill=spill), theme.FELT)
    pile(img, draw, (mbox[2] + 2, y0 + 6, x1 - 8, y1 - 6), board)


def pile(img: Image.Image, draw: Draw, box: Box, board: Board) -> None:
    """This count's cards, the latest that fit showing their index, a tag under each naming who
    played it; "+N" stands for the first cards where they do not fit (the ring holds their sum)."""
    x0, y0, x1, y1 = box
    top = round((y0 + y1) / 2 - (CH + 3 + SEAT_TAG_H) / 2)
    plays = [(p["seat"], p["card"]) for p in board.view["pile"]]
    if not plays:
        card_rows.empty_slot(draw, (x0, top, x0 + CARD, top + CH), "new")
        draw_text(draw, (x0 + CARD + 12, top + CH / 2), "A new count", SMALL, theme.MUTED, anchor="lm")
        return
    most = int((x1 - x0 - CARD) // MIN_STEP) + 1  # the cards that fit showing their index
    hidden, plays = max(0, len(plays) - most), plays[-most:]
    if hidden:
        plays = plays[1:]
        box_ = (x0, top, x0 + 30, top + CH)
        layout.panel(draw, box_, layout.rgba_of(theme.FELT_DARK, 200), theme.FELT_LIGHT, line=2, radius=6)
        draw_text(draw, (x0 + 15, top + CH / 2), f"+{hidden + 1}", SMALL, theme.MUTED, anchor="mm", bold=True)
        x0 += 36
    cards = [c for _, c in plays]
    xs = card_rows.fan_positions([len(cards)], CARD, x1 - x0, max_step=CARD * 0.66)
    boxes = card_rows.draw_cards(img, cards, xs, top, card_width=CARD, x0=x0)
    for i, ((seat, _), b) in enumerate(zip(plays, boxes, strict=True)):
        right = boxes[i + 1][0] - 2 if i + 1 < len(boxes) else b[2]
        seat_tag(draw, (b[0], b[3] + 3, right, b[3] + 3 + SEAT_TAG_H), board, seat)


def seat_tag(draw: Draw, box: Box, board: Board, seat: int) -> None:
    """A seat's name on its side's colour: cut as :func:`renderers.kit.names.fit_name` does ("E1"),
    or its initial (its seat's number if another shares it) where that would cut it short."""
    x0, y0, x1, y1 = box
    name = fit_name(board.names[seat] if seat < len(board.names) else "?", SMALL, x1 - x0 - 6, True)
    if not name or name.endswith("..."):  # a name cut short tells less than its initial ("E1" is kept)
        firsts = [n[:1].upper() for n in board.names[: board.players]]
        name = firsts[seat] if firsts.count(firsts[seat]) == 1 else str(seat + 1)
    layout.panel(draw, box, board.colour(seat), radius=6)
    draw_text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), layout.ellipsize(name, SMALL, x1 - x0 - 2, True), SMALL,
              theme.PANEL, anchor="mm", bold=True)


def medallion(img: Image.Image, draw: Draw, box: Box, *, count: float, limit: int, king: str, d: int,
              spill: int) -> None:
    """The count's total in a ring (red when near ``limit``), "of 21", and the King rule's pill
    across the ring's foot (reaching ``spill`` px either side of the ring)."""
    x, y = box[0] + spill, box[1]
    ring: RGB = theme.BAD if count >= limit - 3 else theme.HIGHLIGHT
    draw.ellipse((x + 2, y + 4, x + d + 2, y + d + 4), fill=(0, 0, 0, 90))
    draw.ellipse((x, y, x + d, y + d), fill=theme.PANEL, outline=ring, width=5)
    draw.ellipse((x + 9, y + 9, x + d - 9, y + d - 9), outline=mix(theme.PANEL, ring, 0.35), width=2)
    cx = x + d / 2
    # 46 px at least: a half is drawn at 0.36 of the size, no smaller than the copy's texts.
    layout.draw_number(draw, (cx, y + d * 0.40), count, 48 if count < 10 else 46, theme.TEXT)
    draw_text(draw, (cx, y + d * 0.70), f"of {limit}", SMALL, theme.MUTED, anchor="mm")
    layout.pill(draw, (cx, y + d + 2), king, size=SMALL, fill=theme.PANEL, ink=theme.HIGHLIGHT,
                outline=theme.PANEL_LIGHT)


def over_banner(draw: Draw, box: Box, detail: str, colour: RGB) -> None:
    """The result panel, its detail broken at its comma ("Ann wins," / "32 to 0")."""
    x0, y0, x1, y1 = box
    layout.panel(draw, box, theme.PANEL, colour, line=3, radius=theme.RADIUS + 4)
    room = x1 - x0 - 2 * theme.PADDING
    size = fit_size(detail, room, theme.TEXT_SIZE + 2, min_size=TEXT, bold=True)
    lines = [detail]
    if text_width(detail, size, True) > room:
        head, comma, tail = detail.rpartition(", ")
        lines = [head + comma.strip(), tail] if comma else layout.wrap(detail, size, room, bold=True)
        size = min(fit_size(line, room, theme.TEXT_SIZE + 2, min_size=SMALL, bold=True) for line in lines)
        lines = [part for line in lines for part in layout.wrap(line, size, room, bold=True)]  # never cut
    lead = layout.line_height(size)
    y = (y0 + y1) / 2 - (26 + lead * len(lines)) / 2
    draw_text(draw, ((x0 + x1) / 2, y + 9), "GAME OVER", TEXT, theme.MUTED, anchor="mm", bold=True)
    y += 26
    for line in lines[:3]:
        draw_text(draw, ((x0 + x1) / 2, y + lead / 2), line, size, colour, anchor="mm", bold=True)
        y += lead


# -- seats and scores ----------------------------------------------------------------------------
def plate(img: Image.Image, draw: Draw, box: Box, board: Board, seat: int, held: int, suit: str | None,
          name: str | None = None, chips: bool = True) -> None:
    """A compact badge: whose turn, the side's colour, the name, the suit to follow, cards held
    (without ``chips``, only their number: the table writes the hand out beside it)."""
    x0, y0, x1, y1 = box
    h, mid = y1 - y0, (y0 + y1) / 2
    to_move, won = seat in board.to_move, seat in board.winners
    fill = mix(theme.PANEL, theme.ACCENT, 0.55) if to_move else theme.PANEL
    outline = theme.GOOD if won else theme.ACCENT if to_move else theme.PANEL_LIGHT
    layout.panel(draw, box, fill, outline, line=2 if (won or to_move) else 1, radius=round(h / 2))
    x = x0 + 10
    if to_move:
        draw.polygon([(x, mid - 7), (x + 11, mid), (x, mid + 7)], fill=theme.HIGHLIGHT)
        x += 16
    draw.ellipse((x, mid - 6, x + 12, mid + 6), fill=board.colour(seat))
    x += 18
    right = x1 - 10
    if held and not chips:
        draw_text(draw, (right, mid), str(held), SMALL, theme.MUTED, anchor="rm", bold=True)
        right -= text_width(str(held), SMALL, True) + 8
    elif held:  # cards held: a small card back and the number
        draw_text(draw, (right, mid), str(held), TEXT, theme.TEXT, anchor="rm", bold=True)
        right -= text_width(str(held), TEXT, True) + 4
        layout.panel(draw, (right - 14, mid - 10, right, mid + 10), BACK_FIELD, BACK_TRIM, line=1, radius=3)
        right -= 20
        chip = h - 10
        layout.suit_chip(img, draw, (right - chip, mid - chip / 2, right, mid + chip / 2), suit)
        right -= chip + 8
    elif won:
        layout.star(draw, (right - 9, mid), 10, theme.HIGHLIGHT)
        right -= 24
    if name is None:
        name = board.names[seat] if seat < len(board.names) else "?"
    size = fit_size(name, right - x, TEXT, min_size=SMALL, bold=True)
    draw_text(draw, (x, mid), fit_name(name, size, right - x, True), size, theme.TEXT, anchor="lm", bold=True)


def plate_width(name: str, held: int, to_move: bool, chips: bool = True) -> float:
    """The width :func:`plate` needs to show ``name`` whole at its full size."""
    fixed = 10.0 + (16 if to_move else 0) + 18 + 10
    if held and not chips:
        fixed += text_width(str(held), SMALL, True) + 8
    elif held:
        fixed += text_width(str(held), TEXT, True) + 4 + 20 + (PLATE_H - 10) + 8
    else:
        fixed += 24
    return fixed + text_width(name, TEXT, True)


def scores(img: Image.Image, draw: Draw, box: Box, board: Board, labels: Sequence[str]) -> None:
    """Cards captured per suit (green where they score), the game's total and the deal's points
    not yet banked, one row a side under its ``labels``."""
    x0, y0, x1, y1 = box
    view = board.view
    layout.panel(draw, box, theme.PANEL)
    target, deal, deals = view["target"], view["deal"], view["deals"]
    cols = score_columns(x0 + 8, x1 - 8)
    lead = (y1 - y0 - 8) / (1 + len(board.sides))
    mid = y0 + 4 + lead / 2
    a, b = cols["name"]
    label = f"{deal} of {deals}" if deals else f"to {target}"
    draw_text(draw, (a, mid), layout.ellipsize(label, SMALL, b - a), SMALL, theme.MUTED, anchor="lm")
    for s in SUITS:
        c = sum(cols[s]) / 2
        layout.suit_chip(img, draw, (c - 9, mid - 9, c + 9, mid + 9), s)
    draw_text(draw, (cols["game"][0] + 4, mid), "game", SMALL, theme.MUTED, anchor="lm")
    captured, points, totals = view["captured"], view["deal_points"], view["totals"]
    for side in range(len(board.sides)):
        mid += lead
        if board.won(side):
            layout.panel(draw, (x0 + 3, mid - lead / 2 + 1, x1 - 3, mid + lead / 2 - 1),
                         layout.rgba_of(theme.GOOD, 55), theme.GOOD, line=2, radius=8)
        draw.ellipse((a, mid - 6, a + 12, mid + 6), fill=layout.seat_colour(side))
        who = labels[side] if side < len(labels) else "?"
        room = b + 4 - (a + 17)  # up to the first suit's chip
        size = fit_size(who, room, SMALL, min_size=SMALL, bold=True)
        draw_text(draw, (a + 17, mid), fit_name(who, size, room, True), size, theme.TEXT, anchor="lm",
                  bold=True)
        for s in SUITS:
            n = captured[side][s]
            ink = theme.GOOD if n > FREE else theme.TEXT if n else theme.MUTED
            draw_text(draw, (sum(cols[s]) / 2, mid), str(n), SMALL, ink, anchor="mm", bold=bool(n))
        # The game's total, then the deal's points not yet banked.
        total = str(totals[side])
        gx = cols["game"][0] + 4
        draw_text(draw, (gx, mid), total, TEXT, theme.TEXT, anchor="lm", bold=True)
        pending = 0 if board.over else points[side]
        if pending:
            draw_text(draw, (gx + text_width(total, TEXT, True) + 4, mid), f"+{pending}", SMALL, theme.GOOD,
                      anchor="lm", bold=True)


def score_columns(x0: float, x1: float) -> dict[str, tuple[float, float]]:
    """The score table's columns: a side's label, the four suits and the game."""
    widths = {"name": 0.0, **{s: 26.0 for s in SUITS}, "game": 70.0}
    widths["name"] = (x1 - x0) - sum(widths.values())
    cols: dict[str, tuple[float, float]] = {}
    for key, w in widths.items():
        cols[key] = (x0, x0 + w)
        x0 += w
    return cols
