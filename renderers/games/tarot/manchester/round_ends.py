"""The two-player tarot games' hand's end, the table's sibling: exactly
:data:`renderers.kit.shown.COPY_SIZE` (see :mod:`renderers.games.tarot.manchester.board`).

Top to bottom: the heading line (the game, the hand scored, the dealer); the status bar (who won
the hand by how much, or a level hand); the columns' heads; a panel per player: the hand value
announced, the Manchester score (points taken less the value), the second part's points and
tricks, the hand's total and the game points, and under them each part's pile's counting cards as
words; Truffle's dummy pile, which counts for nobody, and the card out of play; the Fool's exchange.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from games.tarot import pack
from games.tarot.manchester.view import ManchesterView
from renderers.kit import layout, theme
from renderers.kit.fonts import draw_text, text_width
from renderers.kit.layout import Draw, plural

from .. import shared_round_end as parts
from ..scene import signed
from ..shared_round_end import GAP, LINE, MARGIN, SMALLEST, W
from .plates import DUMMY_INK, Names

XS = (176.0, 270.0, 390.0, 476.0, 556.0)  # the columns' centres: value, Manchester, part two, total, game
NAME_ROOM = XS[0] - MARGIN - 24 - 26  # the name, clear of the first figure
CARD_ROOM = W - 2 * MARGIN - 36  # a panel's line under its name, from the name's left


def counting(cards: Sequence[str]) -> list[str]:
    """The cards of a pile worth more than a point."""
    return [c for c in cards if not pack.empty(c)]


def empty(pile: Sequence[str]) -> str:
    """What a pile's line says when it has no counting cards."""
    return "nothing above a point" if pile else "no cards"


def fool_text(fool: Any, who: Names) -> str:
    """The Fool's exchange at the end of the hand's second part."""
    if not isinstance(fool, Mapping):
        return ""
    owner, taker = fool.get("owner"), fool.get("taker")
    whose = who.seat(owner)
    if taker is None or taker == owner:
        return f"The Fool: {whose} played it to a trick of their own, so it stays in their pile"
    if bool(fool.get("lost")):
        return f"The Fool: {whose} played it to the last trick and lost it to {who.seat(taker)}"
    return f"The Fool: {whose} took it back from {who.seat(taker)}'s trick and gave a card for it"


@dataclass(frozen=True)
class Account:
    """One player's hand, as the round end records it."""

    seat: int
    name: str
    dealt: bool
    announced: int
    first: int
    second: int
    tricks: int
    total: int
    gained: int
    game: int


@dataclass(frozen=True)
class Block:
    """A part's pile as a player's panel lists it: its label, cards and lines, ``x`` from the
    panel's text and ``room`` wide."""

    label: str
    pile: Sequence[str]
    lines: Sequence[Sequence[parts.Run]]
    x: float
    room: float
    label_w: float | None


def pile_rows(piles: Sequence[tuple[str, Sequence[str]]], most: int, label_w: float,
              squeeze: bool = False) -> list[list[Block]]:
    """A player's two piles side by side where both fit half the line (a line saved) or must
    (``squeeze``), else one under the other, each on at most ``most`` lines."""
    half = (CARD_ROOM - 16) / 2
    if squeeze or all(parts.line_width(label, counting(pile), empty(pile)) <= half for label, pile in piles):
        return [[Block(label, pile, parts.block_lines(label, counting(pile), half, 1), i * (half + 16), half, None)
                 for i, (label, pile) in enumerate(piles)]]
    (label_1, pile_1), (label_2, pile_2) = piles
    # A short pile and a long one: the long one after the short.
    first = parts.line_width(label_1, counting(pile_1), empty(pile_1))
    if first + 24 + parts.line_width(label_2, counting(pile_2), empty(pile_2)) <= CARD_ROOM:
        return [[Block(label_1, pile_1, parts.block_lines(label_1, counting(pile_1), first, 1), 0, first, None),
                 Block(label_2, pile_2, parts.block_lines(label_2, counting(pile_2), CARD_ROOM - first - 24, 1),
                       first + 24, CARD_ROOM - first - 24, None)]]
    return [[Block(label, pile, parts.block_lines(label, counting(pile), CARD_ROOM, most, label_w), 0, CARD_ROOM,
                   label_w)] for label, pile in piles]


def rows_lines(rows: Sequence[Sequence[Block]]) -> int:
    return sum(max(len(block.lines) for block in row) for row in rows)


def seat_list(data: Mapping[str, Any], key: str) -> list[int]:
    given = [int(v) for v in data.get(key) or []]
    return given + [0] * (2 - len(given))


def round_end(view: ManchesterView, data: Mapping[str, Any]) -> Image.Image:
    """A hand's account, both parts per player: the value announced, the Manchester score (points
    taken less the value), the second part's points and tricks, the totals, who won the hand by
    how much and the game points; the piles' counting cards; the Fool's exchange; Truffle's dummy
    pile and the card out of play."""
    who = Names(view)
    truffle = view["second_part"] == "truffle"
    part = "Truffle" if truffle else "Piccadilly"
    totals = seat_list(data, "totals")
    accounts = [Account(seat=s, name=who.seat(s), dealt=s == data.get("dealer"),
                        announced=seat_list(data, "announced")[s], first=seat_list(data, "first")[s],
                        second=seat_list(data, "second")[s], tricks=seat_list(data, "tricks")[s], total=totals[s],
                        gained=seat_list(data, "gained")[s], game=seat_list(data, "game_points")[s])
                for s in (0, 1)]
    given = data.get("piles")
    piles: Mapping[str, Any] = given if isinstance(given, Mapping) else {}
    first_piles = [[str(c) for c in p] for p in piles.get("first") or []] + [[], []]
    second_piles = [[str(c) for c in p] for p in piles.get("second") or []] + [[], [], []]
    out_of_play = [str(c) for c in piles.get("out_of_play") or []]
    fool = fool_text(data.get("fool"), who)
    hand_no = int(data.get("hand") or 1)
    diff = abs(totals[0] - totals[1])
    if diff:
        status, colour = f"{accounts[0 if totals[0] > totals[1] else 1].name} wins the hand by {diff}", theme.GOOD
    else:
        status, colour = f"The hand is level at {totals[0]}: no game points", theme.ACCENT
    img, draw, y = parts.frame(view["title"], f"Hand {hand_no} of {view['hands_total']} scored \u00b7 "
                               f"{who.seat(data.get('dealer'))} dealt", status, colour)
    labels = ("Manchester:", f"{part}:")
    label_w = max(text_width(label, SMALLEST) for label in labels)
    below = (LINE + 6 + GAP if truffle else 0) + (parts.note_height(fool) if fool else 0)
    # Two lines of a pile's cards where they fit, else one, else both piles on one line (cut with "...").
    for most, squeeze in ((2, False), (1, False), (1, True)):
        rows = [pile_rows(tuple(zip(labels, (first_piles[s], second_piles[s]), strict=True)), most, label_w, squeeze)
                for s in (0, 1)]
        dummy = parts.block_lines(labels[1], counting(second_piles[2]), CARD_ROOM, most, label_w) if truffle else []
        heights = [(2 + rows_lines(seat)) * LINE + 6 + GAP for seat in rows]
        used = y + parts.HEADS_H + 2 + sum(heights) + below + len(dummy) * LINE
        if used <= parts.H:
            break
    pad = parts.spare_pad(used, 2 + truffle + bool(fool))
    y = parts.heads(draw, y, XS, ("VALUE", "MANCHESTER", part.upper(), "TOTAL", "GAME"))
    for account in accounts:
        y = player_panel(img, draw, (y, pad), account, rows[account.seat])
    if truffle:
        y = dummy_panel(img, draw, (y, pad), (labels[1], second_piles[2]), dummy, label_w, out_of_play)
    if fool:
        parts.note_panel(draw, y, fool, theme.HIGHLIGHT, pad)
    return img


def player_panel(img: Image.Image, draw: Draw, at: tuple[float, float], account: Account,
                 rows: Sequence[Sequence[Block]]) -> float:
    """A player's panel (at ``y``, its lines ``pad`` in): the name and the figures, how each came
    about under them, then each part's counting cards; the y under it."""
    y, pad = at
    won = account.gained > 0
    height = (2 + rows_lines(rows)) * LINE + 6 + 2 * pad
    parts.row_panel(draw, (MARGIN, y, W - MARGIN, y + height), layout.seat_colour(account.seat),
                    theme.GOOD if won else None, pad)
    mid = y + 3 + pad + LINE / 2
    parts.name_and_dealt(img, draw, (MARGIN + 24, mid), account.name, False, NAME_ROOM)
    if account.dealt:
        draw_text(draw, (MARGIN + 24, mid + LINE), "dealt", SMALLEST, theme.MUTED, anchor="lm")
    first, announced = account.first, account.announced
    cells = (
        (str(announced), "", theme.TEXT),
        (signed(first), f"{first + announced} \u2212 {announced}",
         theme.GOOD if first > 0 else theme.BAD if first < 0 else theme.TEXT),
        (str(account.second), f"{account.second - account.tricks} + {plural(account.tricks, 'trick')}", theme.TEXT),
        (str(account.total), "", theme.GOOD if won else theme.TEXT),
        (str(account.game), f"+{account.gained}", theme.GOOD if won else theme.TEXT),
    )
    for x, (value, under, ink) in zip(XS, cells, strict=True):
        parts.figure(draw, (x, mid), value, ink)
        if under:
            draw_text(draw, (x, mid + LINE), under, SMALLEST, theme.MUTED, anchor="mm")
    line_y = mid + 2 * LINE
    for row in rows:
        for block in row:
            parts.cards_block(img, draw, (MARGIN + 24 + block.x, line_y), block.label, counting(block.pile),
                              empty(block.pile), block.room, block.lines,
                              block.label_w)
        line_y += max(len(block.lines) for block in row) * LINE
    return y + height + GAP


def dummy_panel(img: Image.Image, draw: Draw, at: tuple[float, float], pile: tuple[str, Sequence[str]],
                lines: Sequence[Sequence[parts.Run]], label_w: float, out_of_play: Sequence[str]) -> float:
    """Truffle's dummy (at ``y``, its lines ``pad`` in): its pile's points, which count for
    nobody, its counting cards, and the card set aside face down out of play; the y under it."""
    y, pad = at
    height = (1 + len(lines)) * LINE + 6 + 2 * pad
    parts.row_panel(draw, (MARGIN, y, W - MARGIN, y + height), DUMMY_INK, pad=pad)
    mid = y + 3 + pad + LINE / 2
    x = MARGIN + 24 + layout.draw_rich(img, draw, (MARGIN + 24, mid), "The dummy", parts.TEXT, theme.TEXT, bold=True)
    draw_text(draw, (x + 10, mid), f"{plural(pack.total(pile[1]), 'point')}, counts for nobody", SMALLEST,
              theme.MUTED, anchor="lm")
    if out_of_play:
        right = W - MARGIN - 12
        lines_out = parts.run_lines(out_of_play, 200, 200, 1)[0]
        width = sum(parts.run_width(r) for r in lines_out) + 12 * (len(lines_out) - 1)
        draw_text(draw, (right - width - 8, mid), "Out of play:", SMALLEST, theme.MUTED, anchor="rm")
        parts.draw_runs(img, draw, (right - width, mid), lines_out)
    parts.cards_block(img, draw, (MARGIN + 24, mid + LINE), pile[0], counting(pile[1]), empty(pile[1]),
                      CARD_ROOM, lines, label_w)
    return y + height + GAP
