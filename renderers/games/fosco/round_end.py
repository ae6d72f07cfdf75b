"""A Fosco deal's end, the table's and copy's sibling: exactly :data:`renderers.kit.shown.COPY_SIZE`.

Top to bottom: the heading line (the deal scored, how the game ends); the status bar (who leads,
or the game's result); the columns' labels, each suit with its weight; a row a side: its players'
names, the cards it took of each suit with what the suit scored under them (a card over six times
the weight, nothing at six or fewer), the deal's points and the game's total; and the rule in one
line at the bottom, so a newcomer sees why a deal scored what it did.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from games.core.cards import SUIT_SYMBOLS
from games.fosco.counting import HAND_ORDER, SUIT_WEIGHT
from games.fosco.view import FoscoView
from renderers.kit import layout, shown, theme
from renderers.kit.fonts import draw_text
from renderers.kit.layout import Box, Draw
from renderers.kit.trick_table import SMALLEST, TEXT, heading_line, status_bar

W, H = shown.COPY_SIZE
MARGIN = 5
HEADING_H = 24
STATUS_H = 30
LABELS_H = 24
RULE_H = 26
GAP = 4
NAME_W = 196  # the dot and the names ("Easy computer 1" on one line); the suits' columns start after
NAME_LINE = 21
NUMBER = 24  # a suit's card count: what a player compares first
SUIT_W = 57
FIGURES = ((118, "DEAL"), (44, "GAME"))  # centred this far from a row's right edge
RULE = "Each card over 6 in a suit scores its weight: 8 \u2665 = 2 over \u00d7 2 = +4"


def _numbers(data: Mapping[str, Any], key: str, sides: int) -> list[int]:
    given = [int(n) for n in (data.get(key) or [])]
    return given + [0] * (sides - len(given))


def _status(sides: Sequence[Sequence[str]], totals: Sequence[int], over: bool) -> tuple[str, tuple[int, int, int]]:
    """Who leads (or won) and by what: a side's names in full where they fit, else its first
    player "& partner" (the rows below name both); the score is never cut."""
    best = max(totals, default=0)
    leaders = [s for s, t in enumerate(totals) if t == best]
    if len(leaders) > 1:
        return (f"Drawn at {best} all" if over else f"Level at {best}"), theme.ACCENT
    side = sides[leaders[0]]
    rest = max((t for s, t in enumerate(totals) if s != leaders[0]), default=0)
    verb = ("wins" if over else "leads") if len(side) == 1 else ("win" if over else "lead")
    said = f"{' & '.join(side)} {verb}, {best} to {rest}"
    if len(side) > 1 and layout.rich_width(said, SMALLEST, True) > W - 2 * MARGIN - 24:
        said = f"{side[0]} & partner {verb}, {best} to {rest}"
    return said, theme.GOOD if over else theme.ACCENT


def round_end(view: FoscoView, data: Mapping[str, Any]) -> Image.Image:
    """A deal's scores: each side's cards by suit and what each suit scored, the deal's points
    and the game's totals."""
    names = layout.names(view)
    sides = [[int(s) for s in side] for side in (data.get("sides") or [[0], [1]])]
    side_names = [[names[s] if 0 <= s < len(names) else "?" for s in side] for side in sides]
    taken = [list(t) + [0] * (len(HAND_ORDER) - len(t)) for t in (data.get("taken") or [])]
    taken += [[0] * len(HAND_ORDER)] * (len(sides) - len(taken))
    points, totals = _numbers(data, "points", len(sides)), _numbers(data, "totals", len(sides))
    deal, deals, target = int(data.get("deal") or 1), int(data.get("deals") or 0), int(data.get("target") or 0)
    over = deal >= deals if deals else max(totals, default=0) >= target > 0
    img, draw = layout.canvas(W, H)
    y: float = MARGIN
    goal = f"{deals} deals" if deals else f"first to {target}"
    heading_line(img, draw, (MARGIN, y, W - MARGIN, y + HEADING_H), "Fosco",
                 f"Deal {deal} scored \u00b7 {goal}" + (" \u00b7 game over" if over else ""))
    y += HEADING_H + GAP
    status, colour = _status(side_names, totals, over)
    status_bar(img, draw, (MARGIN, y, W - MARGIN, y + STATUS_H), status, colour)
    y += STATUS_H + GAP
    _labels(img, draw, y)
    y += LABELS_H
    bottom = H - MARGIN - RULE_H - GAP
    row_h = (bottom - y - GAP * (len(sides) - 1)) / max(1, len(sides))
    for side, players in enumerate(side_names):
        _row(img, draw, (MARGIN, y, W - MARGIN, y + row_h), side, players, taken[side],
             (points[side], totals[side]))
        y += row_h + GAP
    rule = layout.ellipsize(RULE, SMALLEST, W - 2 * MARGIN - 16)
    layout.draw_rich(img, draw, (MARGIN + 8, H - MARGIN - RULE_H / 2), rule, SMALLEST, theme.MUTED)
    return img


def _labels(img: Image.Image, draw: Draw, y: float) -> None:
    """The columns' labels: SIDE, each suit with its weight ("♥ x2", the times sign drawn), DEAL and GAME."""
    mid = y + LABELS_H / 2
    draw_text(draw, (MARGIN + 12, mid), "SIDE", SMALLEST, theme.MUTED, anchor="lm", bold=True)
    for k, suit in enumerate(HAND_ORDER):
        label = f"{SUIT_SYMBOLS[suit]} \u00d7{SUIT_WEIGHT[suit]}"
        x = MARGIN + NAME_W + SUIT_W * k + SUIT_W / 2 - layout.rich_width(label, SMALLEST, True) / 2
        layout.draw_rich(img, draw, (x, mid), label, SMALLEST, theme.MUTED, bold=True)
    for offset, label in FIGURES:
        draw_text(draw, (W - MARGIN - offset, mid), label, SMALLEST, theme.MUTED, anchor="mm", bold=True)


def _row(img: Image.Image, draw: Draw, box: Box, side: int, players: Sequence[str], taken: Sequence[int],
         figures: tuple[int, int]) -> None:
    """One side's row: its names, its cards of each suit and what they scored, the two figures."""
    x0, y0, x1, y1 = box
    mid = (y0 + y1) / 2
    layout.panel(draw, box, theme.PANEL, layout.seat_colour(side), line=2)
    draw.ellipse((x0 + 10, mid - 6, x0 + 22, mid + 6), fill=layout.seat_colour(side))
    # Every name whole: wrapped onto as many lines as the row holds (a 32-letter name takes two).
    room = max(1, int((y1 - y0 - 8) // NAME_LINE))
    # A partner's name begins "& ", so where one name ends and the other begins is plain.
    lines = [line for k, name in enumerate(players)
             for line in layout.wrap(f"& {name}" if k else name, TEXT, NAME_W - 34, True)]
    if len(lines) > room:
        lines = [*lines[: room - 1], layout.ellipsize(" ".join(lines[room - 1:]), TEXT, NAME_W - 34, True)]
    top = mid - NAME_LINE * (len(lines) - 1) / 2
    for k, line in enumerate(lines):
        layout.draw_rich(img, draw, (x0 + 28, top + k * NAME_LINE), line, TEXT, theme.TEXT, bold=True)
    for k, (suit, n) in enumerate(zip(HAND_ORDER, taken, strict=False)):
        centre = x0 + NAME_W + SUIT_W * k + SUIT_W / 2
        scored = max(0, n - 6) * SUIT_WEIGHT[suit]
        draw_text(draw, (centre, mid - 12), str(n), NUMBER, theme.TEXT if scored else theme.MUTED,
                  anchor="mm", bold=True)
        draw_text(draw, (centre, mid + 15), f"+{scored}" if scored else "\u2013", SMALLEST,
                  theme.GOOD if scored else theme.MUTED, anchor="mm", bold=bool(scored))
    (deal_x, _), (game_x, _) = FIGURES
    points, total = figures
    draw_text(draw, (x1 - deal_x, mid), f"+{points}", NUMBER, theme.GOOD if points else theme.MUTED,
              anchor="mm", bold=True)
    draw_text(draw, (x1 - game_x, mid), str(total), NUMBER + 2, theme.TEXT, anchor="mm", bold=True)
