"""The Fan Tan hand (DM and "My hand"): the runs in miniature, with the places the viewer's playable
cards would go marked, above the viewer's cards by suit (playable ones raised)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial

from PIL import Image

from games.core.cards import STANDARD_RANKS
from games.fan_tan.view import FanTanView
from renderers.games.fan_tan.parts import PAD, SMALL, SUITS, card, next_places, runs_of
from renderers.kit import card_rows, layout, theme
from renderers.kit.fonts import draw_text
from renderers.kit.layout import Box, Draw, plural
from renderers.kit.regions import frozen, region
from renderers.kit.theme import card_height, mix

HAND_CARD = theme.CARD_WIDTH_LARGE
HAND_STEP = round(HAND_CARD * theme.CARD_OVERLAP) + 4
HAND_MIN_W, HAND_MAX_W = 700, 900
TILE_H = 32
TILE_GAP = 4
GRID_ROW = TILE_H + 6


def grid_height() -> int:
    return len(SUITS) * GRID_ROW - 6


def runs_grid(img: Image.Image, draw: Draw, box: Box, runs: Mapping[str, tuple[int, int] | None],
              mine: frozenset[str] = frozenset()) -> None:
    """The runs in miniature: a suit mark, then a tile for each rank A..K: the cards down in white,
    the places open next dashed, those the viewer could fill now in the highlight colour."""
    x0, y0, x1, _ = box
    chip = TILE_H
    tile = (x1 - x0 - chip - 10 - 12 * TILE_GAP) / 13
    for i, suit in enumerate(SUITS):
        y = y0 + i * GRID_ROW
        layout.suit_chip(img, draw, (x0, y, x0 + chip, y + chip), suit)
        run = runs.get(suit)
        open_next = next_places(run)
        red = suit in ("H", "D")
        for value in range(1, 14):
            tx = x0 + chip + 10 + (value - 1) * (tile + TILE_GAP)
            tbox = (tx, y, tx + tile, y + TILE_H)
            label = STANDARD_RANKS[value - 1]
            token = card(value, suit)
            if run is not None and run[0] <= value <= run[1]:
                layout.panel(draw, tbox, theme.CARD_FACE, theme.CARD_BORDER, line=1, radius=5)
                ink = theme.RED_SUIT if red else theme.BLACK_SUIT
                draw_text(draw, (tx + tile / 2, y + TILE_H / 2), label, SMALL, ink, anchor="mm", bold=True)
            elif value in open_next and token in mine:
                layout.panel(draw, tbox, mix(theme.FELT, theme.HIGHLIGHT, 0.3), theme.HIGHLIGHT, line=3, radius=5)
                draw_text(draw, (tx + tile / 2, y + TILE_H / 2), label, SMALL, theme.HIGHLIGHT, anchor="mm", bold=True)
            elif value in open_next:
                layout.panel(draw, tbox, theme.FELT_DARK, None, radius=5)
                card_rows.dashed_rect(draw, tbox, mix(theme.FELT_LIGHT, theme.TEXT, 0.3), 2, dash=6, gap=4)
                draw_text(draw, (tx + tile / 2, y + TILE_H / 2), label, SMALL - 2, theme.MUTED, anchor="mm")
            else:
                layout.panel(draw, tbox, mix(theme.FELT, theme.FELT_DARK, 0.5), None, radius=5)


def hand(view: FanTanView) -> Image.Image:
    """The viewer's hand: the runs in miniature (where the viewer's playable cards would go
    marked), then the cards by suit, the playable ones raised and glowing."""
    cards = view["hand"] or []
    viewer = view["viewer"]
    my_turn = viewer is not None and viewer in view["to_move"] and not view["over"]
    playable = frozenset(view["playable"]) if my_turn else frozenset()
    group = layout.suit_group()
    xs = card_rows.fan_positions(layout.groups_of(cards, group), HAND_CARD, HAND_MAX_W - 2 * (PAD + 6),
                              max_step=HAND_STEP, group_gap=20)
    width = int(min(HAND_MAX_W, max(HAND_MIN_W, card_rows.row_width(xs, HAND_CARD) + 2 * (PAD + 6))))
    names = layout.names(view)
    title = f"{names[viewer]}'s hand" if viewer is not None and viewer < len(names) else "Watching"
    status = layout.named(view, view["status"])
    status_h = layout.status_height(status, width - 2 * PAD)
    grid_box_h = grid_height() + 28
    cards_h = layout.LIFT + card_height(HAND_CARD) + 28 if cards else 90
    height = layout.HEADER_HEIGHT + 10 + status_h + 10 + grid_box_h + 10 + cards_h + PAD
    img, draw = layout.canvas(width, height)
    mine = view["stacks"][viewer] if viewer is not None else None
    sub = f"{plural(len(cards), 'card')}" + (f" \u00b7 {plural(mine, 'chip')}" if mine is not None else "")
    y = layout.header(img, draw, title, f"Fan Tan \u00b7 {sub}") + 10
    layout.status_line(img, draw, (PAD, y, width - PAD, y + status_h), status,
                       colour=theme.ACCENT if my_turn else theme.PANEL_LIGHT)
    y += status_h + 10
    grid_box = (PAD, y, width - PAD, y + grid_box_h)
    runs = runs_of(view["runs"])
    key = ("fan-tan grid", width, frozen(view["runs"]), tuple(sorted(playable)))
    region(img, grid_box, key, partial(_grid_panel, runs=runs, mine=playable))
    y += grid_box_h + 10
    felt = (PAD, y, width - PAD, y + cards_h)
    layout.panel(draw, felt, theme.FELT, theme.FELT_LIGHT, line=2, radius=theme.RADIUS + 6)
    if not cards:
        notice = "No cards in hand" if viewer is not None else "Spectators hold no cards"
        draw_text(draw, (width / 2, y + cards_h / 2), notice, theme.TEXT_SIZE, theme.MUTED, anchor="mm")
        return img
    left = (width - card_rows.row_width(xs, HAND_CARD)) / 2
    dim = set(cards) - playable if my_turn else set()
    card_rows.draw_cards(img, cards, xs, y + 14 + layout.LIFT, card_width=HAND_CARD, highlight=playable,
                      raised=playable, dim=dim, x0=left)
    return img


def _grid_panel(img: Image.Image, draw: Draw, box: Box, *, runs: Mapping[str, tuple[int, int] | None],
                mine: frozenset[str]) -> None:
    x0, y0, x1, y1 = box
    layout.panel(draw, box, theme.FELT, theme.FELT_LIGHT, line=2, radius=theme.RADIUS + 6)
    runs_grid(img, draw, (x0 + 14, y0 + 14, x1 - 14, y1 - 14), runs, mine)
