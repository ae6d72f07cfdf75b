"""Fan Tan's pictures in pieces, shared by the table, a player's copy, the hand and a hand's end:
the runs as a grid of rank tiles, chips, small backs and tags (see :mod:`renderers.games.fan_tan.table`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache, partial

from PIL import Image, ImageDraw

from games.core.cards import STANDARD_RANKS
from games.fan_tan.view import FanTanView, RunView
from renderers.kit import card_rows, layout, shown, theme
from renderers.kit.cards import card_image as card_image  # patched by tests/renderers/test_shown.py
from renderers.kit.cards import small_back as small_back  # the seats' card backs (seats.py)
from renderers.kit.fonts import draw_text, text_width
from renderers.kit.layout import Box, Draw
from renderers.kit.pips import draw_suit
from renderers.kit.regions import region
from renderers.kit.theme import RGB, mix

PAD = theme.PADDING
SUITS = ("S", "H", "D", "C")
SEVEN = 7
SMALL = theme.SMALL_TEXT_SIZE
TEXT = shown.COPY_TEXT_MIN + 1  # names, counts, ranks in the box-sized pictures (18 px)
LEAST = shown.COPY_TEXT_MIN  # open places, tags, side lines (17 px)

CHIP_GOLD: RGB = (232, 184, 72)
CHIP_EDGE: RGB = (150, 104, 20)
FINE: RGB = theme.BAD
ANTE: RGB = (126, 170, 232)
DEALER: RGB = (236, 236, 240)


def card(value: int, suit: str) -> str:
    return f"{STANDARD_RANKS[value - 1]}{suit}"


def runs_of(runs: Sequence[RunView | None]) -> dict[str, tuple[int, int] | None]:
    """Each suit's run as (lowest, highest) rank, or None when its 7 is not down."""
    out: dict[str, tuple[int, int] | None] = dict.fromkeys(SUITS)
    for run in runs:
        if run:
            out[run["suit"]] = (run["low"], run["high"])
    return out


def next_places(run: tuple[int, int] | None) -> list[int]:
    """The ranks that may go down next in a suit whose run is ``run``."""
    if run is None:
        return [SEVEN]
    return [v for v in (run[0] - 1, run[1] + 1) if 1 <= v <= 13]


Played = tuple[int | None, frozenset[str]]  # who put down the latest cards, and which
NOTHING_PLAYED: Played = (None, frozenset())


def just_played(view: FanTanView) -> Played:
    """Who put down the latest cards of this hand, and which (nobody once the game is over)."""
    last = view["last_play"]
    if view["over"] or last is None:
        return NOTHING_PLAYED
    return last["seat"], frozenset(last["cards"])


def fines_this_hand(view: FanTanView) -> list[int]:
    """Each seat's fines for offences found out in the hand under way."""
    fines = [0] * view["players"]
    for found in view["offences"]:
        if found["hand"] == view["hand_no"]:
            fines[found["seat"]] += found["fine"]
    return fines


# -- the runs as a grid of tiles -------------------------------------------------------------------

@dataclass(frozen=True)
class Grid:
    """The runs grid's measures: a suit chip, then thirteen tiles a row (A..K)."""

    tile_w: int = 24
    tile_h: int = 30
    tile_gap: int = 2
    row_gap: int = 5
    chip: int = 24
    pad: int = 8
    suit_marks: bool = False  # tall tiles: a small suit mark under the rank, like a card's corner

    @property
    def width(self) -> int:
        return self.pad + self.chip + 6 + 13 * self.tile_w + 12 * self.tile_gap + self.pad

    @property
    def height(self) -> int:
        return self.pad + 4 * self.tile_h + 3 * self.row_gap + self.pad

    def tile(self, x0: float, y0: float, row: int, value: int) -> Box:
        """Where rank ``value``'s tile of the ``row``-th suit (0 = spades) lies in a grid at (x0, y0)."""
        x = x0 + self.pad + self.chip + 6 + (value - 1) * (self.tile_w + self.tile_gap)
        y = y0 + self.pad + row * (self.tile_h + self.row_gap)
        return (x, y, x + self.tile_w, y + self.tile_h)


def draw_runs(img: Image.Image, draw: Draw, box: Box, grid: Grid, runs_down: Sequence[RunView | None], *,
              over: bool, played: Played = NOTHING_PLAYED, mine: frozenset[str] = frozenset()) -> None:
    """The runs on felt: cards down in white (those ``played`` just now outlined in the colour of
    the seat that played them), the places open next dashed (none once ``over``), those in
    ``mine`` in the highlight."""
    x0, y0 = box[0], box[1]
    region(img, box, ("fan-tan felt", grid, box[2] - x0, box[3] - y0), partial(felt, grid=grid))
    runs = runs_of(runs_down)
    seat, just = played
    edge = layout.seat_colour(seat) if seat is not None else theme.HIGHLIGHT
    for i, suit in enumerate(SUITS):
        # A move changes one or two rows: each row's tiles are a region of their own on the felt.
        left, top, _, bottom = grid.tile(x0, y0, i, 1)
        row_box = (left, top, grid.tile(x0, y0, i, 13)[2], bottom)
        run = runs.get(suit)
        places = () if over else tuple(next_places(run))
        fresh = frozenset(c for c in just if c[-1] == suit)
        key = ("fan-tan run", grid, suit, run, places, tuple(sorted(c for c in mine if c[-1] == suit)),
               tuple(sorted(fresh)), edge if fresh else None)
        region(img, row_box, key, partial(draw_row, grid=grid, suit=suit, run=run, places=places, mine=mine,
                                          just=fresh, edge=edge), background=theme.FELT)


def felt(img: Image.Image, draw: Draw, box: Box, *, grid: Grid) -> None:
    """The runs' felt and the suits' chips down its left."""
    x0, y0 = box[0], box[1]
    layout.panel(draw, box, theme.FELT, theme.FELT_LIGHT, line=2, radius=theme.RADIUS + 2)
    for i, suit in enumerate(SUITS):
        cy = y0 + grid.pad + i * (grid.tile_h + grid.row_gap) + (grid.tile_h - grid.chip) / 2
        layout.suit_chip(img, draw, (x0 + grid.pad, cy, x0 + grid.pad + grid.chip, cy + grid.chip), suit)


def draw_row(img: Image.Image, draw: Draw, box: Box, *, grid: Grid, suit: str, run: tuple[int, int] | None,
             places: tuple[int, ...], mine: frozenset[str], just: frozenset[str], edge: RGB) -> None:
    """A suit's tiles, A..K (pasted from one kept picture per kind of tile)."""
    for value in range(1, 14):
        token = card(value, suit)
        if run is not None and run[0] <= value <= run[1]:
            fresh = token in just
            sprite = tile_sprite(grid, value, suit, "fresh" if fresh else "down", edge if fresh else None)
        elif value in places:
            sprite = tile_sprite(grid, value, suit, "mine" if token in mine else "place", None)
        else:  # the same for every rank and suit
            sprite = tile_sprite(grid, 0, "", "empty", None)
        x = box[0] + (value - 1) * (grid.tile_w + grid.tile_gap)
        img.paste(sprite, (round(x), round(box[1])))


@lru_cache(maxsize=512)
def tile_sprite(grid: Grid, value: int, suit: str, kind: str, edge: RGB | None) -> Image.Image:
    """One rank's tile on the felt: a card ``down`` (``fresh``: just put down, outlined in
    ``edge``), an open ``place`` (``mine``: one the member could fill now) or an ``empty`` one."""
    img = Image.new("RGB", (grid.tile_w + 1, grid.tile_h + 1), theme.FELT)
    draw = ImageDraw.Draw(img, "RGBA")
    box = (0, 0, grid.tile_w, grid.tile_h)
    if kind == "empty":
        layout.panel(draw, box, mix(theme.FELT, theme.FELT_DARK, 0.5), None, radius=4)
        return img
    label = STANDARD_RANKS[value - 1]
    # With a suit mark the rank sits in the upper part of the tile, the mark under it.
    mid = (grid.tile_w / 2, 12 if grid.suit_marks else grid.tile_h / 2)
    mark_box = (grid.tile_w / 2 - 6, grid.tile_h - 15, grid.tile_w / 2 + 6, grid.tile_h - 4)
    if kind in ("down", "fresh"):
        layout.panel(draw, box, theme.CARD_FACE, edge if kind == "fresh" else theme.CARD_BORDER,
                     line=3 if kind == "fresh" else 1, radius=4)
        ink = theme.RED_SUIT if suit in ("H", "D") else theme.BLACK_SUIT
        draw_text(draw, mid, label, TEXT, ink, anchor="mm", bold=True)
        if grid.suit_marks:
            draw_suit(img, suit, mark_box, ink)
    elif kind == "mine":
        layout.panel(draw, box, mix(theme.FELT, theme.HIGHLIGHT, 0.3), theme.HIGHLIGHT, line=2, radius=4)
        draw_text(draw, mid, label, TEXT, theme.HIGHLIGHT, anchor="mm", bold=True)
    elif kind == "place":
        layout.panel(draw, box, theme.FELT_DARK, None, radius=4)
        card_rows.dashed_rect(draw, box, mix(theme.FELT_LIGHT, theme.TEXT, 0.3), 1, dash=5, gap=3)
        draw_text(draw, mid, label, LEAST, theme.MUTED, anchor="mm")
        if grid.suit_marks:
            draw_suit(img, suit, mark_box, theme.MUTED)
    return img


# -- small pictures ------------------------------------------------------------------------------

@lru_cache(maxsize=8)
def coin(diameter: int) -> Image.Image:
    """A gold chip: a disc, a darker rim and an inner ring."""
    s = diameter * 4
    big = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.ellipse((0, 0, s - 1, s - 1), fill=(*CHIP_EDGE, 255))
    r = s * 0.09
    d.ellipse((r, r, s - 1 - r, s - 1 - r), fill=(*CHIP_GOLD, 255))
    r2 = s * 0.24
    d.ellipse((r2, r2, s - 1 - r2, s - 1 - r2), outline=(*CHIP_EDGE, 255), width=round(s * 0.06))
    return big.reduce(4)


@lru_cache(maxsize=4)
def pile(diameter: int, coins: int) -> Image.Image:
    """A few chips stacked, seen from the side (the pot)."""
    one = coin(diameter)
    rise = max(3, diameter // 5)
    out = Image.new("RGBA", (diameter, diameter + rise * (coins - 1)), (0, 0, 0, 0))
    for i in range(coins):
        out.alpha_composite(one, (0, rise * (coins - 1 - i)))
    return out


def tag(draw: Draw, left_mid: tuple[float, float], text: str, colour: RGB, height: float) -> float:
    """A small rounded label in ``colour``; returns its right end."""
    x, mid = left_mid
    w = tag_width(text)
    layout.panel(draw, (x, mid - height / 2, x + w, mid + height / 2), colour, radius=round(height / 2))
    ink = theme.PANEL if sum(colour) > 450 else theme.TEXT
    draw_text(draw, (x + w / 2, mid), text, LEAST, ink, anchor="mm")
    return x + w


def tag_width(text: str) -> float:
    return text_width(text, LEAST) + 12


def pot_pill(img: Image.Image, draw: Draw, left_mid: tuple[float, float], amount: int) -> float:
    """The pot: a few chips and the count in a pill from ``left_mid``; returns its right end."""
    x0, cy = left_mid
    text = f"Pot {amount}"
    chips = pile(18, 3)
    w = 10 + chips.width + 8 + text_width(text, TEXT + 1, True) + 14
    layout.panel(draw, (x0, cy - 16, x0 + w, cy + 16), theme.PANEL, CHIP_EDGE, line=2, radius=16)
    img.paste(chips, (round(x0 + 10), round(cy - chips.height / 2)), chips)
    draw_text(draw, (x0 + 18 + chips.width, cy), text, TEXT + 1, theme.TEXT, anchor="lm", bold=True)
    return x0 + w
