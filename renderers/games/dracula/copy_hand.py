"""The member's hand in a Dracula player's copy (see :mod:`renderers.games.dracula.copy`): the cards
at the copy's card width, those the member may place glowing (and raised over the others when
only some may go; dimmed the others), each with what it is worth in the member's way ("↔ 6 pts")
while the hand is short enough for the hand picture to tag it. A long hand lies in two overlapping
rows, each card's whole index showing."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from PIL import Image

from games.dracula.scoring import VAMPIRES
from games.dracula.scoring import points as card_points
from games.dracula.view import DraculaView
from renderers.games.dracula.coffin import CARD, CARD_H, SMALL, Table
from renderers.games.dracula.parts import BLOOD, double_arrow, emblem
from renderers.kit import card_rows, layout, theme
from renderers.kit import hand as generic_hand
from renderers.kit.fonts import draw_text, text_width
from renderers.kit.layout import Box, Draw
from renderers.kit.theme import RGB, mix

TEXT = theme.SMALL_TEXT_SIZE  # the status, names
LEAD = layout.line_height(TEXT) - 1
STRIP = 40  # how much of a card in a hand's back row shows: its whole index, suit included
TAG_H = 24
GLOW_ROOM = 7  # between a hand's cards and its felt's edge: a glow's reach
ONE_ROW = 9  # hands up to this many cards lie in one row; longer ones in two
TAGGED = 6  # hands up to this many cards carry worth tags (the hand picture's spread)


def hand_rows(cards: Sequence[str]) -> list[list[str]]:
    if len(cards) <= ONE_ROW:
        return [list(cards)] if cards else []
    return card_rows.split_rows(cards, math.ceil(len(cards) / 2), layout.suit_group(), 1)


def tagged(cards: Sequence[str], t: Table) -> str | None:
    """The member's way when their cards carry worth tags (a short hand, the way chosen)."""
    way = t.sides[t.side_of.get(t.viewer, 0)].way if t.viewer is not None else None
    return way if way is not None and 0 < len(cards) <= TAGGED else None


def hand_height(cards: Sequence[str], t: Table) -> int:
    """The hand's felt: its rows (a back row shows its index strip) and tags, with room for the
    glow and the lift."""
    rows = hand_rows(cards)
    if not rows:
        return 44
    body = (len(rows) - 1) * STRIP + CARD_H + (layout.LIFT if len(rows) == 1 else 0)
    return body + (4 + TAG_H if tagged(cards, t) else 0) + 2 * GLOW_ROOM


def hand_block(img: Image.Image, draw: Draw, t: Table, cards: Sequence[str], box: Box) -> None:
    x0, y0, x1, y1 = box
    layout.panel(draw, box, theme.FELT, theme.FELT_LIGHT, line=2, radius=theme.RADIUS + 4)
    if not cards:
        notice = ("Cards are dealt once the way is chosen" if t.phase == "way"
                  else "No cards in hand" if t.viewer is not None else "Watching")
        lines = layout.wrap(notice, TEXT, x1 - x0 - 24)
        for k, line in enumerate(lines):
            draw_text(draw, ((x0 + x1) / 2, (y0 + y1) / 2 + (k - (len(lines) - 1) / 2) * LEAD), line, TEXT,
                      theme.MUTED, anchor="mm")
        return
    # As the hand picture marks them: the cards the member may place glow and rise, the others dim.
    plain: DraculaView = {**t.view, "legal": [{"token": a["token"], "label": ""} for a in t.view["legal"]]}
    my_turn = t.viewer is not None and t.viewer in t.view["to_move"] and not t.over
    legal = generic_hand.playable(plain)[0] & set(cards) if my_turn else set()
    dim = set(cards) - legal if my_turn else set()
    rows = hand_rows(cards)
    way = tagged(cards, t)
    inner = x1 - x0 - 12
    content = hand_height(cards, t) - 2 * GLOW_ROOM
    y = (y0 + y1) / 2 - content / 2 + (layout.LIFT if len(rows) == 1 else 0)
    # A raise over the whole hand says nothing (every card may go), so a full hand lies flat.
    raised = legal if dim else set()
    colour = layout.seat_colour(t.side_of.get(t.viewer, 0)) if t.viewer is not None else theme.MUTED
    # Two rows overlap their cards alike: as the longer one must.
    step = min(CARD + 8.0, (inner - CARD) / max(1, max(len(row) for row in rows) - 1))
    for row in rows:
        xs = card_rows.fan_positions(layout.groups_of(row, layout.suit_group()), CARD, inner,
                                     max_step=step if len(rows) > 1 else CARD + 8, group_gap=0 if way else 6)
        left = (x0 + x1) / 2 - card_rows.row_width(xs, CARD) / 2
        boxes = card_rows.draw_cards(img, row, xs, y, card_width=CARD, variant="dracula", highlight=legal, dim=dim,
                                     raised=raised, x0=left)
        if way is not None:  # one width for every tag, so that all say it alike
            width = min([CARD] + [b - a - 2 for a, b in itertools.pairwise(xs)])
            for tok, b in zip(row, boxes, strict=True):
                worth_tag(img, draw, (b[0], y + CARD_H + 4, b[0] + width, y + CARD_H + 4 + TAG_H), tok, way, colour)
        y += STRIP


def worth_tag(img: Image.Image, draw: Draw, box: Box, tok: str, way: str, colour: RGB) -> None:
    """Under a hand card: its points in the member's way after that way's arrow ("↔ 6 pts",
    shortened to "↔ 6" where the cards lie close); a bat and "drains" for a Vampire."""
    x0, y0, x1, y1 = box
    mid = (y0 + y1) / 2
    width = x1 - x0
    if tok in VAMPIRES:
        layout.panel(draw, box, mix(theme.PANEL, theme.BAD, 0.25), theme.BAD, line=2, radius=8)
        text = "drains" if 16 + 2 + text_width("drains", SMALL) + 4 <= width else ""
        bat_x = (x0 + x1) / 2 - (16 + (2 + text_width(text, SMALL) if text else 0)) / 2
        emblem(img, "bat", (bat_x, mid - 6, bat_x + 16, mid + 6), BLOOD)
        if text:
            draw_text(draw, (bat_x + 18, mid), text, SMALL, BLOOD, anchor="lm")
        return
    pts = card_points(tok, "rows" if way == "rows" else "cols")
    layout.panel(draw, box, theme.PANEL, colour, line=2, radius=8)
    arrow = 12 if way == "rows" else 8
    # The style the widest tag ("10 pts") fits in: bold, plain, or the number alone.
    bold = arrow + 3 + text_width("10 pts", SMALL, True) + 6 <= width
    long = bold or arrow + 3 + text_width("10 pts", SMALL) + 6 <= width
    text = f"{pts} pts" if long else str(pts)
    ax = (x0 + x1) / 2 - (arrow + 3 + text_width(text, SMALL, bold)) / 2
    double_arrow(draw, (ax + arrow / 2, mid), arrow if way == "rows" else 16, way == "cols", colour, 2, head=4)
    draw_text(draw, (ax + arrow + 3, mid), text, SMALL, theme.TEXT, anchor="lm", bold=bold)
