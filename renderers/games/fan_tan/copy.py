"""A Fan Tan player's copy: what they need at every move, in the box Discord shows inline
(:data:`renderers.kit.shown.COPY_SIZE`, see :mod:`renderers.kit.shown`).

    +--------------------------------------------------------+
    | status (whose turn, the pot)                           |
    +---------------------------------+----------------------+
    | runs: 4 suits x A..K tiles      | a cell per player:   |
    | (cards down, open places, mine) | name, cards held,    |
    +---------------------------------+ chips, dealer, to    |
    | pot pill          hand n of m   | move, fines          |
    +---------------------------------+----------------------+
    | the member's hand (72 px cards, playable ones raised)  |
    +--------------------------------------------------------+

From five players on (eleven cards a hand or fewer) the hand keeps to the left column and the
players' column runs down to the bottom.

The runs are the hand picture's grid made smaller (its tiles' text stays at 17 px and more):
cards down in white, the places open next dashed, those the member could fill now in the
highlight colour, and the cards just put down outlined in the colour of the seat that played
them. Each player gets a two-line cell, the table's (:mod:`renderers.games.fan_tan.seats`); at eight
players, a line under a heading of the counts' icons.
Everything comes from the two views given (the spectators' and the member's).
"""

from __future__ import annotations

from PIL import Image

from games.fan_tan.view import FanTanView
from renderers.games.fan_tan.parts import LEAST, Grid, draw_runs, just_played, pot_pill
from renderers.games.fan_tan.seats import Seats
from renderers.kit import card_rows, layout, shown, theme
from renderers.kit.fonts import draw_text
from renderers.kit.layout import Box, Draw
from renderers.kit.theme import card_height

W, H = shown.COPY_SIZE
M = 6  # the margin round the picture and between its parts

STATUS_H = 32
# The member's hand: cards at the narrowest width whose index reads on a phone.
CARD_W = shown.COPY_CARD_WIDTH
HAND_H = 8 + layout.LIFT + card_height(CARD_W) + 5
HAND_TOP = H - M - HAND_H
MID_TOP = M + STATUS_H + M
MID_BOTTOM = HAND_TOP - M
GRID = Grid()
LIST_X = M + GRID.width + M  # the players' column


class Copy:
    """The two views read once, and the drawing of each part."""

    def __init__(self, table: FanTanView, hand: FanTanView) -> None:
        self.seats = Seats(table)
        self.seated = self.seats.seated
        self.players = self.seated.players
        self.hand_no = table["hand_no"]
        self.table = table
        self.cards = hand["hand"] or []
        self.viewer = hand["viewer"]
        self.my_turn = self.viewer is not None and self.viewer in hand["to_move"] and not hand["over"]
        self.playable = frozenset(hand["playable"]) if self.my_turn else frozenset()
        # The member's status: it may say more to them than to onlookers ("... must pass").
        self.status = layout.named(hand, hand["status"] or table["status"])

    def draw(self) -> Image.Image:
        img, draw = layout.canvas(W, H)
        stripe = theme.GOOD if self.seated.over else theme.ACCENT if self.my_turn else theme.PANEL_LIGHT
        layout.status_line(img, draw, (M, M, W - M, M + STATUS_H), self.status, colour=stripe,
                           size=theme.SMALL_TEXT_SIZE, max_lines=1)
        grid_box = (M, MID_TOP, M + GRID.width, MID_TOP + GRID.height)
        draw_runs(img, draw, grid_box, GRID, self.table["runs"], over=self.table["over"],  # felt and rows as regions
                  played=just_played(self.table), mine=self.playable)
        self.pot_line(img, draw, (M, MID_TOP + GRID.height + M, M + GRID.width, MID_BOTTOM))
        # From five players on, hands hold eleven cards or fewer: the hand leaves the players the
        # whole right column, room for two-line cells up to seven players.
        self.seats.column(img, (LIST_X, MID_TOP, W - M, H - M if self.players >= 5 else MID_BOTTOM))
        self.hand(img, draw)
        return img

    def pot_line(self, img: Image.Image, draw: Draw, box: Box) -> None:
        """The pot in a pill at the left; which hand of how many, and honour mode, at the right."""
        x0, y0, x1, y1 = box
        cy = (y0 + y1) / 2
        right = pot_pill(img, draw, (x0, cy), self.table["pot"])
        total = self.table["hands_total"]
        hands = (f"{layout.plural(self.hand_no, 'hand')} played" if self.seated.over
                 else f"Hand {self.hand_no} of {total}")
        if not self.table["strict"]:
            hands += " \u00b7 honour mode"
        room = x1 - right - 16
        draw_text(draw, (x1 - 4, cy), layout.ellipsize(hands, LEAST, room), LEAST, theme.MUTED, anchor="rm")

    # -- the hand ----------------------------------------------------------------------------------
    def hand_box(self) -> Box:
        """The felt of the member's hand: the picture's width, or beside the players' column from
        five players on (see :meth:`draw`)."""
        return (M, HAND_TOP, LIST_X - M if self.players >= 5 else W - M, H - M)

    def card_places(self) -> tuple[list[float], float]:
        """Where the member's cards go: each card's left edge, and the top of a card not raised."""
        x0, y0, x1, _ = self.hand_box()
        xs = card_rows.fan_positions(layout.groups_of(self.cards, layout.suit_group()), CARD_W, x1 - x0 - 16,
                                     group_gap=12)
        left = (x0 + x1 - card_rows.row_width(xs, CARD_W)) / 2
        return [left + x for x in xs], y0 + 8 + layout.LIFT

    def hand(self, img: Image.Image, draw: Draw) -> None:
        """The member's cards, those they may play now raised and glowing and the others dimmed."""
        box = self.hand_box()
        layout.panel(draw, box, theme.FELT, theme.FELT_LIGHT, line=2, radius=theme.RADIUS + 2)
        if not self.cards:
            notice = "Out of cards" if self.viewer is not None else "Spectators hold no cards"
            draw_text(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), notice, theme.TEXT_SIZE, theme.MUTED,
                      anchor="mm")
            return
        xs, top = self.card_places()
        dim = set(self.cards) - self.playable if self.my_turn else set()
        card_rows.draw_cards(img, self.cards, xs, top, card_width=CARD_W, highlight=self.playable,
                             raised=self.playable, dim=dim)


def tile_box(row: int, value: int) -> Box:
    """Where rank ``value``'s tile of the ``row``-th suit (0 = spades) lies in the picture."""
    return GRID.tile(M, MID_TOP, row, value)


def copy(table: FanTanView, hand: FanTanView) -> Image.Image:
    """The member's copy of a Fan Tan game: ``table`` is the spectators' view, ``hand`` theirs."""
    return Copy(table, hand).draw()

