"""The Dracula hand picture: a two-player hand of four cards at most lies side by side,
each card tagged with what it is worth in the viewer's way; a four-player hand is the kit's fanned
hand (:mod:`renderers.kit.hand`)."""

from __future__ import annotations

from PIL import Image

from games.dracula.scoring import Direction
from games.dracula.scoring import points as card_points
from games.dracula.view import DraculaView
from renderers.games.dracula.parts import BLOOD, WAYS, double_arrow, emblem
from renderers.kit import card_rows, layout, theme
from renderers.kit import hand as generic_hand
from renderers.kit.fonts import draw_text, text_width
from renderers.kit.layout import Box, Draw
from renderers.kit.theme import RGB, card_height, mix

HAND_CARD = theme.CARD_WIDTH_LARGE
HAND_GAP = 16
SPREAD_MOST = 6  # hands up to this size are laid side by side, with hints; larger ones are fanned
HINT_H = 36


def hand(view: DraculaView) -> Image.Image:
    """The viewer's hand. A two-player hand (four cards at most) lies side by side, the cards the
    viewer may place raised and glowing, each with what it is worth in the viewer's way (a Queen
    counts 10 in rows and 0 in columns, a King the other way round; a Vampire drains its lines).
    A four-player hand (13 or 14 cards) is the generic fanned hand.

    The legal actions' labels name a cell ("7♥ → middle left"), one per cell; the generic hand
    would write the first cell under each card as if it were the card's only result, so the
    labels are left out (the table shows where a card may go)."""
    cards = generic_hand.hand_cards(view)
    plain: DraculaView = {**view, "legal": [{"token": a["token"], "label": ""} for a in view["legal"]]}
    if not cards or len(cards) > SPREAD_MOST:
        return generic_hand.hand(plain)
    viewer = view["viewer"]
    seat = viewer if viewer is not None else 0
    my_turn = seat in view["to_move"] and not view["over"]
    legal, _ = generic_hand.playable(plain) if my_turn else (set(), {})
    way = view["directions"][seat]
    side = next((i for i, members in enumerate(view["sides"]) if seat in members), seat % 2)
    colour = layout.seat_colour(side)

    pad = theme.PADDING
    row_w = len(cards) * HAND_CARD + (len(cards) - 1) * HAND_GAP
    width = int(max(generic_hand.MIN_WIDTH, row_w + 2 * (pad + 30)))
    names = layout.names(view)
    title = f"{names[seat]}'s hand" if seat < len(names) else "Your hand"
    status = layout.named(view, view["status"])
    status_h = layout.status_height(status, width - 2 * pad)
    hints = way is not None
    body = layout.LIFT + card_height(HAND_CARD) + (10 + HINT_H if hints else 0) + 16
    height = layout.HEADER_HEIGHT + 10 + status_h + 10 + body + 20 + pad
    img, draw = layout.canvas(width, height)
    count = f"{len(cards)} card{'s' if len(cards) != 1 else ''}"
    subtitle = f"{view['title']} · {count}"
    if way is not None:
        subtitle = f"{WAYS[way]} · {count}"
    y = layout.header(img, draw, title, subtitle) + 10
    layout.status_line(img, draw, (pad, y, width - pad, y + status_h), status,
                       colour=theme.ACCENT if my_turn else theme.PANEL_LIGHT)
    y += status_h + 10
    layout.panel(draw, (pad, y, width - pad, y + body + 20), theme.FELT, theme.FELT_LIGHT, line=2,
                 radius=theme.RADIUS + 6)
    top = y + 16
    left = (width - row_w) / 2
    xs = [i * (HAND_CARD + HAND_GAP) for i in range(len(cards))]
    dim = set(cards) - legal if my_turn else set()
    boxes = card_rows.draw_cards(img, cards, xs, top + layout.LIFT, card_width=HAND_CARD, variant="dracula",
                              highlight=legal, raised=legal, dim=dim, x0=left)
    if hints and way is not None:
        hint_y = top + layout.LIFT + card_height(HAND_CARD) + 10
        for tok, box in zip(cards, boxes, strict=True):
            worth_tag(img, draw, (box[0], hint_y, box[2], hint_y + HINT_H), tok, way, colour)
    return img


def worth_tag(img: Image.Image, draw: Draw, box: Box, tok: str, way: str, colour: RGB) -> None:
    """Under a hand card: its points in the viewer's way, after that way's arrow; a bat and
    "drains" for a Vampire."""
    x0, y0, x1, y1 = box
    mid_y = (y0 + y1) / 2
    size = theme.TEXT_SIZE - 1
    if tok in ("X1", "X2"):
        layout.panel(draw, box, mix(theme.PANEL, theme.BAD, 0.25), theme.BAD, line=2, radius=10)
        tw = text_width("drains", size, True)
        bx = (x0 + x1) / 2 - (30 + 6 + tw) / 2
        emblem(img, "bat", (bx, mid_y - 8, bx + 30, mid_y + 8), BLOOD)
        draw_text(draw, (bx + 36, mid_y), "drains", size, BLOOD, anchor="lm", bold=True)
        return
    direction: Direction = "rows" if way == "rows" else "cols"
    pts = card_points(tok, direction)
    layout.panel(draw, box, theme.PANEL, colour, line=2, radius=10)
    text = f"{pts} pt{'s' if pts != 1 else ''}"
    tw = text_width(text, size, True)
    total = 24 + 8 + tw
    ax = (x0 + x1) / 2 - total / 2
    double_arrow(draw, (ax + 12, mid_y), 24, way == "cols", colour, 3, head=8)
    draw_text(draw, (ax + 32, mid_y), text, size, theme.TEXT, anchor="lm", bold=True)
