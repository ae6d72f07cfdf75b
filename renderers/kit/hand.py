"""The generic hand image, for any game: the viewer's cards, big, in the game's order.

When the viewer is to move, the cards named by their legal actions (``play:<cards>`` and
``discard:<cards>``, cards comma-separated; ``place:<card>@<rc>``) are raised and glow and the others are dimmed; where
an action's label says what a card leads to ("7♥ → 14") that result is written under the card.
A header gives the status line. Large hands wrap into rows of at most ``PER_ROW`` cards.

A game may pass its own cards to raise (``glow``: raised and glowing whoever is to move, the
others left as they are), its own grouping of the cards (``group``: by rank instead of suit)
and a ``band`` drawn between the status line and the cards (its height and a painter).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

from PIL import Image

from games.core.errors import UnknownGame
from games.core.registry import get as get_rules
from games.core.views import shared
from renderers.kit import card_rows, layout, theme
from renderers.kit.fonts import draw_text, text_width
from renderers.kit.theme import card_height

CARD = theme.CARD_WIDTH_LARGE
STEP = round(CARD * theme.CARD_OVERLAP) + 4  # visible part of each card in the fan
PER_ROW = 14
SLACK = 3  # a row may hold a few more cards to break the hand between suits
MIN_WIDTH = 640
MAX_WIDTH = 900
PAD = theme.PADDING + 6
TAG = 30  # room under a row for the result tags
TAGGED = 1.45  # a card with a result tag shows this much more of itself, to make room for the tag


def hand_cards(view: Mapping[str, Any]) -> list[str]:
    """The viewer's cards: ``view["hand"]``, else ``view["hands"][viewer]``, in the game's order."""
    cards: Sequence[str] | None = shared(view).get("hand")
    viewer = shared(view).get("viewer")
    if cards is None and viewer is not None:
        hands = shared(view).get("hands") or []
        cards = hands[viewer] if 0 <= viewer < len(hands) else None
    if not cards:
        return []
    try:
        return get_rules(str(shared(view).get("game"))).sort_cards(list(cards))
    except UnknownGame:
        return list(cards)


def playable(view: Mapping[str, Any]) -> tuple[set[str], dict[str, str]]:
    """Cards named by the viewer's legal actions, and for single-card actions whose label has an
    arrow, what follows the arrow (``{"7H": "14"}``)."""
    cards: set[str] = set()
    results: dict[str, str] = {}
    for action in shared(view).get("legal") or []:
        token = str(action.get("token", ""))
        verb, _, arg = token.partition(":")
        named: list[str] = []
        if verb in ("play", "discard"):
            named = [c for c in arg.split(",") if c]
        elif verb == "place":
            named = [arg.split("@")[0]] if arg.split("@")[0] else []
        cards.update(named)
        label = str(action.get("label", ""))
        if len(named) == 1 and "\u2192" in label:
            result = label.split("\u2192", 1)[1].strip()
            results.setdefault(named[0], result[1:] if result.startswith("0\u00bd") else result)
    return cards, results


Band = tuple[int, Callable[[Image.Image, layout.Draw, layout.Box], None]]


def hand(view: Mapping[str, Any], *, glow: Collection[str] | None = None, group: Callable[[str], str] | None = None,
         band: Band | None = None) -> Image.Image:
    """The viewer's hand for ``view`` (an empty-hand notice for spectators). ``glow``: the cards
    to raise, instead of those the viewer's legal moves name; ``group``: how the cards group in
    their rows (default by suit); ``band``: (height, painter) for a panel under the status line."""
    cards = hand_cards(view)
    family, variant = layout.family_of(view), layout.variant_of(view)
    viewer = shared(view).get("viewer")
    my_turn = viewer is not None and viewer in (shared(view).get("to_move") or []) and not shared(view).get("over")
    legal, results = playable(view) if my_turn else (set(), {})
    dimming = my_turn
    if glow is not None:
        legal, results, dimming = set(glow), {}, False
    if group is None:
        group = layout.suit_group(family)
    rows = card_rows.split_rows(cards, PER_ROW, group, SLACK)
    layouts = [card_rows.fan_positions(layout.groups_of(row, group), CARD, MAX_WIDTH - 2 * PAD, max_step=STEP,
                                    group_gap=20, weights=[TAGGED if c in results else 1.0 for c in row])
               for row in rows]
    content = max((card_rows.row_width(xs, CARD) for xs in layouts), default=0.0)
    width = int(min(MAX_WIDTH, max(MIN_WIDTH, content + 2 * PAD)))

    names = layout.names(view)
    title = f"{names[viewer]}'s hand" if viewer is not None and viewer < len(names) else "Watching"
    status = layout.named(view, str(shared(view).get("status", "")))
    status_h = layout.status_height(status, width - 2 * theme.PADDING)
    heights = [layout.LIFT + card_height(CARD) + (TAG if set(row) & set(results) else 0) + 14 for row in rows]
    body = sum(heights) + 8 if rows else 90
    band_h = band[0] + 10 if band is not None else 0
    height = layout.HEADER_HEIGHT + 10 + status_h + 10 + band_h + body + 2 * 10 + theme.PADDING
    img, draw = layout.canvas(width, height)
    count = f"{len(cards)} card{'s' if len(cards) != 1 else ''}"
    y = layout.header(img, draw, title, f"{shared(view).get('title') or shared(view).get('game', '')} · {count}") + 10
    layout.status_line(img, draw, (theme.PADDING, y, width - theme.PADDING, y + status_h), status,
                       colour=theme.ACCENT if my_turn else theme.PANEL_LIGHT)
    y += status_h + 10
    if band is not None:
        band[1](img, draw, (theme.PADDING, y, width - theme.PADDING, y + band[0]))
        y += band_h
    felt = (theme.PADDING, y, width - theme.PADDING, y + body + 20)
    layout.panel(draw, felt, theme.FELT, theme.FELT_LIGHT, line=2, radius=theme.RADIUS + 6)
    if not cards:
        notice = "No cards in hand" if viewer is not None else "Spectators hold no cards"
        draw_text(draw, (width / 2, y + 10 + body / 2), notice, theme.TEXT_SIZE, theme.MUTED, anchor="mm")
        return img
    y += 16
    for row, xs, row_h in zip(rows, layouts, heights, strict=True):
        left = (width - card_rows.row_width(xs, CARD)) / 2
        dim = set(row) - legal if dimming else set()
        boxes = card_rows.draw_cards(img, row, xs, y + layout.LIFT, card_width=CARD, family=family, variant=variant,
                                  highlight=legal, raised=legal, dim=dim, x0=left)
        for i, (tok, box) in enumerate(zip(row, boxes, strict=True)):
            if tok in results:
                right = boxes[i + 1][0] if i + 1 < len(boxes) else box[2]
                _result_tag(draw, (box[0] + 2, box[3] + 6, right - 2), results[tok])
        y += row_h
    return img


def _result_tag(draw: layout.Draw, where: tuple[float, float, float], text: str) -> None:
    """A small "→ 14" tag under a card: a drawn arrow (the font has none) and the result."""
    x0, y0, x1 = where
    size = theme.TEXT_SIZE - 2
    w = min(x1 - x0, 20 + text_width(text, size, True) + 14)
    layout.panel(draw, (x0, y0, x0 + w, y0 + size + 8), theme.HIGHLIGHT, radius=6)
    mid = y0 + (size + 8) / 2
    ax = x0 + 6
    draw.line([(ax, mid), (ax + 11, mid)], fill=theme.PANEL, width=3)
    draw.polygon([(ax + 9, mid - 5), (ax + 15, mid), (ax + 9, mid + 5)], fill=theme.PANEL)
    draw_text(draw, (ax + 19, mid), layout.ellipsize(text, size, w - 27, True), size, theme.PANEL, anchor="lm",
              bold=True)
