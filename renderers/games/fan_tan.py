"""The Fan Tan table: the four suits growing out from their 7s, the players round them with
their cards and chips, the pot in the middle.

Each suit is a row fanned like a hand of cards held from below: the 7 upright at the top of the
arc, the lower cards tilting away to the left and the higher to the right, so that A..K reads
left to right and every card's index shows. A card's place in its row is fixed by its rank, so
each card has one tilted sprite, built once (:func:`fanned_card`). Where the next card of a
suit would go there is a dashed slot with its rank; a suit not opened yet is an empty 7 slot.
The last cards put down glow. Above and below the felt sit the players, clockwise from the top
left: name, cards held, chips, the dealer's button, a double ante, fines found this hand.

The hand image (DM and "My hand") shows the runs in miniature, with the places the viewer's
playable cards would go marked, above the viewer's cards (playable ones raised); the round-end
image (:func:`round_end`) shows who went out, what each paid, the offences found and the pot.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from PIL import Image

from games.core.cards import STANDARD_RANKS, short
from renderers.games.fan_tan_copy import copy as copy  # a player's copy (renderers.seat_image)
from renderers.games.fan_tan_parts import (
    ANTE,
    CARD_H,
    CELL_GAP,
    CELL_H,
    CHIP_EDGE,
    DEALER,
    FELT_H,
    FELT_TOP,
    FINE,
    NAME_SIZE,
    PAD,
    PITCH,
    POT_BAND,
    SMALL,
    SUITS,
    WIDTH,
    card,
    coin,
    fanned_row,
    next_places,
    pile,
    runs_of,
    small_back,
    tag,
    tag_width,
)
from renderers.kit import card_rows, layout, theme
from renderers.kit.fonts import draw_text, fit_size, text_width
from renderers.kit.layout import Box, Draw, plural
from renderers.kit.regions import frozen, region
from renderers.kit.theme import RGB, card_height, mix

# -- the table -----------------------------------------------------------------------------------

class Table(layout.SeatedView):
    """The view, read once, and the drawing of each part."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        super().__init__(view, default_players=3)
        self.counts = self.per_seat("counts", 0)
        self.stacks = self.per_seat("stacks", 0)
        self.antes = self.per_seat("antes", 0)
        self.hand_no = int(view.get("hand_no") or 1)
        self.hands_total = int(view.get("hands_total") or 1)
        self.runs = runs_of(view)
        last = view.get("last_play") or {}
        self.glowing = frozenset(str(c) for c in last.get("cards") or []) if not self.over else frozenset()
        self.fines = [0] * self.players
        for found in view.get("offences") or []:
            seat = found.get("seat")
            if isinstance(seat, int) and 0 <= seat < self.players and int(found.get("hand") or 0) == self.hand_no:
                self.fines[seat] += int(found.get("fine") or 0)
        self.status = layout.named(view, str(view.get("status", "")))
        self.top_h = BANNER_H if self.over else layout.status_height(self.status, WIDTH - 2 * PAD)
        self.top = math.ceil(self.players / 2)  # seats along the top; the rest along the bottom
        self.columns = max(self.top, self.players - self.top, 2)

    def felt_top(self) -> int:
        return layout.HEADER_HEIGHT + 10 + self.top_h + 10 + CELL_H + 10

    def seven_centre(self, row: int) -> tuple[float, float]:
        """Where the 7 of the ``row``-th suit (0 = spades, at the top) has its centre."""
        top = self.felt_top() + FELT_TOP + row * PITCH + (POT_BAND if row >= 2 else 0)
        return WIDTH / 2, top + CARD_H / 2

    def draw(self) -> Image.Image:
        top_h = self.top_h
        height = self.felt_top() + FELT_H + 10 + (CELL_H + 10 if self.players > self.top else 0) + PAD - 10
        img, draw = layout.canvas(WIDTH, height)
        y = layout.header(img, draw, str(self.view.get("title") or "Fan Tan"), self.subtitle()) + 10
        if self.over:
            self.result_banner(img, draw, (PAD, y, WIDTH - PAD, y + top_h))
        else:
            layout.status_line(img, draw, (PAD, y, WIDTH - PAD, y + top_h), self.status)
        y += top_h + 10
        self.band(img, list(range(self.top)), y)
        y += CELL_H + 10
        self.felt(img, draw, (PAD, y, WIDTH - PAD, y + FELT_H))
        y += FELT_H + 10
        if self.players > self.top:  # clockwise: the bottom row runs right to left
            self.band(img, list(range(self.players - 1, self.top - 1, -1)), y, from_right=True)
        return img

    def subtitle(self) -> str:
        if self.over:
            return f"Game over \u00b7 {plural(self.hand_no, 'hand')}"
        hands = f"Hand {self.hand_no} of {self.hands_total}"
        honour = "" if self.view.get("strict", True) else " \u00b7 honour mode"
        return f"{hands} \u00b7 {self.name(self.dealer)} deals{honour}"

    def result_banner(self, img: Image.Image, draw: Draw, box: Box) -> None:
        winners = sorted(self.winners)
        if winners:
            who = " and ".join(self.name(s) for s in winners)
            best = self.stacks[winners[0]]
            detail = f"{who} {'wins' if len(winners) == 1 else 'share the win'} with {plural(best, 'chip')}"
        else:
            detail = "Everyone ends level"
        layout.banner(img, draw, box, "Game over", detail)

    # -- the felt --------------------------------------------------------------------------------
    def felt(self, img: Image.Image, draw: Draw, box: Box) -> None:
        x0, y0, x1, _ = box
        layout.panel(draw, box, theme.FELT, theme.FELT_LIGHT, line=2, radius=theme.RADIUS + 8)
        mid = (x0 + x1) / 2
        for i, suit in enumerate(SUITS):
            fanned_row(img, suit, self.runs[suit], self.seven_centre(i), self.glowing, places=not self.over)
        band_mid = y0 + FELT_TOP + PITCH + (CARD_H + PITCH + POT_BAND) / 2
        self.pot(img, draw, (mid, band_mid))

    def pot(self, img: Image.Image, draw: Draw, centre: tuple[float, float]) -> None:
        """The pot: a few chips and the count, in a pill."""
        amount = int(self.view.get("pot") or 0)
        text = f"Pot {amount}"
        size = theme.TEXT_SIZE
        chips = pile(22, 3)
        w = chips.width + 10 + text_width(text, size, True) + 28
        cx, cy = centre
        layout.panel(draw, (cx - w / 2, cy - 18, cx + w / 2, cy + 18), theme.PANEL, CHIP_EDGE, line=2, radius=18)
        x = cx - w / 2 + 14
        img.paste(chips, (round(x), round(cy - chips.height / 2)), chips)
        draw_text(draw, (x + chips.width + 10, cy), text, size, theme.TEXT, anchor="lm", bold=True)

    # -- the players -----------------------------------------------------------------------------
    def band(self, img: Image.Image, seats: Sequence[int], y: float, from_right: bool = False) -> None:
        each = (WIDTH - 2 * PAD - (self.columns - 1) * CELL_GAP) / self.columns
        used = len(seats) * each + (len(seats) - 1) * CELL_GAP
        x = PAD + ((WIDTH - 2 * PAD - used) if from_right else 0)
        for seat in seats:
            box = (x, y, x + each, y + CELL_H)
            region(img, box, self.cell_key(seat, each), partial(self.cell, seat=seat))
            x += each + CELL_GAP

    def cell_key(self, seat: int, width: float) -> tuple[Any, ...]:
        """Everything :meth:`cell` shows for ``seat`` (the key of its kept pixels)."""
        return ("fan-tan cell", seat, round(width), self.name(seat), seat == self.turn, seat == self.dealer,
                seat in self.winners, int(self.counts[seat]), int(self.stacks[seat]), int(self.antes[seat]),
                self.fines[seat], self.over)

    def cell(self, img: Image.Image, draw: Draw, box: Box, *, seat: int) -> None:
        x0, y0, x1, y1 = box
        to_move = seat == self.turn
        won = seat in self.winners
        fill = mix(theme.PANEL, theme.ACCENT, 0.35) if to_move else theme.PANEL
        outline = theme.GOOD if won else theme.ACCENT if to_move else theme.PANEL_LIGHT
        layout.panel(draw, box, fill, outline, line=3 if (won or to_move) else 1, radius=theme.RADIUS + 2)
        # The first line: pointer, colour, name, a star for a winner, the dealer's button.
        mid = y0 + 23
        x = x0 + 12
        if to_move:
            draw.polygon([(x, mid - 8), (x + 13, mid), (x, mid + 8)], fill=theme.HIGHLIGHT)
            x += 20
        draw.ellipse((x, mid - 7, x + 14, mid + 7), fill=layout.seat_colour(seat))
        x += 22
        right = x1 - 10
        if seat == self.dealer and not self.over:
            dw = 26
            draw.ellipse((right - dw, mid - dw / 2, right, mid + dw / 2), fill=DEALER, outline=theme.MUTED)
            draw_text(draw, (right - dw / 2, mid), "D", SMALL - 3, theme.PANEL, anchor="mm", bold=True)
            right -= dw + 8
        if won:
            layout.star(draw, (right - 10, mid), 11, theme.HIGHLIGHT)
            right -= 26
        name = layout.ellipsize(self.name(seat), NAME_SIZE, max(30.0, right - x), True)
        layout.draw_rich(img, draw, (x, mid), name, NAME_SIZE, theme.TEXT, bold=True)
        # The second line: cards held, chips, then the marks that fit.
        low = y1 - 21
        x = x0 + 12
        if not self.over or self.counts[seat]:
            back = small_back(18)
            img.paste(back, (round(x), round(low - back.height / 2)), back)
            x += back.width + 6
            count = str(int(self.counts[seat]))
            draw_text(draw, (x, low), count, theme.TEXT_SIZE - 2, theme.TEXT, anchor="lm", bold=True)
            x += text_width(count, theme.TEXT_SIZE - 2, True) + 14
        chip = coin(20)
        img.paste(chip, (round(x), round(low - chip.height / 2)), chip)
        x += chip.width + 6
        stack = int(self.stacks[seat])
        ink = theme.BAD if stack <= 0 else theme.TEXT
        draw_text(draw, (x, low), str(stack), theme.TEXT_SIZE - 2, ink, anchor="lm", bold=True)
        x += text_width(str(stack), theme.TEXT_SIZE - 2, True) + 10
        right = x1 - 10
        for text, colour in self.marks(seat):
            w = tag_width(text)
            if right - w < x:
                break
            tag(draw, (right - w, low), text, colour)
            right -= w + 6

    def marks(self, seat: int) -> list[tuple[str, RGB]]:
        """The seat's marks, most important first: fines found this hand, a double ante."""
        out: list[tuple[str, RGB]] = []
        if self.fines[seat]:
            out.append((f"fined {self.fines[seat]}", FINE))
        if int(self.antes[seat]) > 1 and not self.over:
            out.append((f"ante {int(self.antes[seat])}", ANTE))
        return out


BANNER_H = 104


# -- the hand ------------------------------------------------------------------------------------
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


def hand(view: Mapping[str, Any]) -> Image.Image:
    """The viewer's hand: the runs in miniature (where the viewer's playable cards would go
    marked), then the cards by suit, the playable ones raised and glowing."""
    cards = [str(c) for c in view.get("hand") or []]
    viewer = view.get("viewer")
    my_turn = viewer is not None and viewer in (view.get("to_move") or []) and not view.get("over")
    playable = frozenset(str(c) for c in view.get("playable") or []) if my_turn else frozenset()
    group = layout.suit_group()
    xs = card_rows.fan_positions(layout.groups_of(cards, group), HAND_CARD, HAND_MAX_W - 2 * (PAD + 6),
                              max_step=HAND_STEP, group_gap=20)
    width = int(min(HAND_MAX_W, max(HAND_MIN_W, card_rows.row_width(xs, HAND_CARD) + 2 * (PAD + 6))))
    names = layout.names(view)
    title = f"{names[viewer]}'s hand" if isinstance(viewer, int) and viewer < len(names) else "Watching"
    status = layout.named(view, str(view.get("status", "")))
    status_h = layout.status_height(status, width - 2 * PAD)
    grid_box_h = grid_height() + 28
    cards_h = layout.LIFT + card_height(HAND_CARD) + 28 if cards else 90
    height = layout.HEADER_HEIGHT + 10 + status_h + 10 + grid_box_h + 10 + cards_h + PAD
    img, draw = layout.canvas(width, height)
    chips = (view.get("stacks") or [])
    mine = int(chips[viewer]) if isinstance(viewer, int) and viewer < len(chips) else None
    sub = f"{plural(len(cards), 'card')}" + (f" \u00b7 {plural(mine, 'chip')}" if mine is not None else "")
    y = layout.header(img, draw, title, f"Fan Tan \u00b7 {sub}") + 10
    layout.status_line(img, draw, (PAD, y, width - PAD, y + status_h), status,
                       colour=theme.ACCENT if my_turn else theme.PANEL_LIGHT)
    y += status_h + 10
    grid_box = (PAD, y, width - PAD, y + grid_box_h)
    runs = runs_of(view)
    key = ("fan-tan grid", width, frozen(view.get("runs")), tuple(sorted(playable)))
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


# -- a hand's end --------------------------------------------------------------------------------
END_W = 880
END_ROW = 64
LEFT_CARD = 44
MOST_OFFENCES = 8  # lines listed; more are counted


def round_end(view: Mapping[str, Any], data: Mapping[str, Any]) -> Image.Image:
    """A hand's end: who went out and took the pot, each other player's cards left and what they
    paid, the offences found, and the runs as they ended."""
    names = layout.names(view)

    def name(seat: Any) -> str:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"

    players = int(view.get("players") or len(names))
    winner = data.get("winner")
    pot = int(data.get("pot") or 0)
    left = list(data.get("left") or [])
    paid = {int(p["seat"]): int(p["cards"]) for p in data.get("paid") or []}
    stacks = list(data.get("stacks") or [])
    offences = list(data.get("offences") or [])
    runs = runs_of({"runs": data.get("runs")})
    offence_lines = [offence_text(o, name) for o in offences[:MOST_OFFENCES]]
    if len(offences) > MOST_OFFENCES:
        offence_lines[-1] = f"and {len(offences) - MOST_OFFENCES + 1} more"
    height = (layout.HEADER_HEIGHT + 10 + BANNER_H + 10 + players * END_ROW + (players - 1) * 6
              + (10 + 30 + len(offence_lines) * 30 if offence_lines else 0) + 10 + grid_height() + 28 + PAD)
    img, draw = layout.canvas(END_W, height)
    y = layout.header(img, draw, f"Hand {int(data.get('hand') or 1)} ends", "Fan Tan") + 10
    layout.banner(img, draw, (PAD, y, END_W - PAD, y + BANNER_H), "Out of cards",
                  f"{name(winner)} goes out and takes the pot of {plural(pot, 'chip')}")
    y += BANNER_H + 10
    for seat in range(players):
        box = (PAD, y, END_W - PAD, y + END_ROW)
        cards = [str(c) for c in left[seat]] if seat < len(left) else []
        stack = int(stacks[seat]) if seat < len(stacks) else None
        end_row(img, draw, box, seat, name(seat), cards, seat == winner, pot if seat == winner else -paid.get(seat, 0),
                stack)
        y += END_ROW + 6
    if offence_lines:
        y += 4
        draw_text(draw, (PAD + 4, y + 14), "OFFENCES FOUND", SMALL - 2, theme.MUTED, anchor="lm", bold=True)
        y += 30
        for line in offence_lines:
            layout.draw_rich(img, draw, (PAD + 4, y + 14), layout.ellipsize(line, SMALL + 1, END_W - 2 * PAD - 8),
                             SMALL + 1, theme.TEXT)
            y += 30
    y += 10
    _grid_panel(img, draw, (PAD, y, END_W - PAD, y + grid_height() + 28), runs=runs, mine=frozenset())
    return img


def offence_text(found: Mapping[str, Any], name: Any) -> str:
    withheld = " ".join(short(str(c)) for c in found.get("withheld") or [])
    did = "had also held back" if found.get("held_back") else "passed holding"  # T-6: named at the hand's end
    return f"{name(found.get('seat'))} {did} {withheld}: fined {plural(int(found.get('fine') or 0), 'chip')}"


def end_row(img: Image.Image, draw: Draw, box: Box, seat: int, name: str, cards: Sequence[str], won: bool,
            change: int, stack: int | None) -> None:
    """One player at a hand's end: name, the cards left (or "out"), what they paid or took, their chips."""
    x0, y0, x1, y1 = box
    mid = (y0 + y1) / 2
    layout.panel(draw, box, theme.PANEL, theme.GOOD if won else theme.PANEL_LIGHT, line=3 if won else 1)
    draw.ellipse((x0 + 12, mid - 7, x0 + 26, mid + 7), fill=layout.seat_colour(seat))
    name_w = 200
    layout.draw_rich(img, draw, (x0 + 34, mid), layout.ellipsize(name, NAME_SIZE, name_w - 40, True), NAME_SIZE,
                     theme.TEXT, bold=True)
    right_w = 250
    fan_box = (x0 + name_w, y0 + 4, x1 - right_w, y1 - 4)
    if won:
        layout.star(draw, (fan_box[0] + 12, mid), 12, theme.HIGHLIGHT)
        draw_text(draw, (fan_box[0] + 32, mid), "out of cards", SMALL + 1, theme.GOOD, anchor="lm", bold=True)
    elif cards:
        room = fan_box[2] - fan_box[0]
        xs = card_rows.fan_positions(layout.groups_of(list(cards), layout.suit_group()), LEFT_CARD, room,
                                  max_step=LEFT_CARD * 0.62)
        top = mid - card_height(LEFT_CARD) / 2
        card_rows.draw_cards(img, list(cards), xs, top, card_width=LEFT_CARD, lift=0, x0=fan_box[0])
    text = f"+{change}" if change > 0 else str(change)
    ink = theme.GOOD if change > 0 else theme.BAD if change < 0 else theme.MUTED
    size = fit_size(text, 90, theme.TEXT_SIZE + 2, min_size=16, bold=True)
    draw_text(draw, (x1 - 130, mid), text, size, ink, anchor="rm", bold=True)
    if stack is not None:
        chip = coin(20)
        img.paste(chip, (round(x1 - 110), round(mid - chip.height / 2)), chip)
        draw_text(draw, (x1 - 84, mid), str(stack), theme.TEXT_SIZE - 2, theme.BAD if stack <= 0 else theme.TEXT,
                  anchor="lm", bold=True)


# -- entry points --------------------------------------------------------------------------------

def table(view: Mapping[str, Any]) -> Image.Image:
    """The Fan Tan table for ``view`` (every seat and spectator sees the same table)."""
    return Table(view).draw()
