"""The two-player tarot games' hand's-end picture: both parts accounted per player, the piles' counting
cards and the Fool (see :mod:`renderers.games.tarot.manchester`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from games.tarot import pack
from renderers.games.tarot import scene as scene
from renderers.games.tarot.manchester_plates import COLUMN_X, COLUMNS, DUMMY_INK, Names
from renderers.games.tarot.scene import (
    BANNER_H,
    CORNER_CARD,
    FAMILY,
    PAD,
    SMALL,
    WIDTH,
    signed,
)
from renderers.kit import card_rows, layout, theme
from renderers.kit.fonts import draw_text, text_width
from renderers.kit.layout import Box, Draw, plural
from renderers.kit.theme import RGB

# -- a hand's end --------------------------------------------------------------------------------
END_ROW = 76
END_HEADS = 30
PILE_ROW = 100
PILE_CARD = CORNER_CARD
LINE_H = 44


def counting(cards: Sequence[str]) -> list[str]:
    """The cards of a pile worth more than a point, in the pack's order."""
    return pack.ORDER.sort([c for c in cards if not pack.empty(c)])


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


def seat_list(data: Mapping[str, Any], key: str) -> list[int]:
    given = [int(v) for v in data.get(key) or []]
    return given + [0] * (2 - len(given))


def round_end(view: Mapping[str, Any], data: Mapping[str, Any]) -> Image.Image:
    """A hand's account, both parts per player: the value announced, the Manchester score (points
    taken less the value), the second part's points and tricks, the totals, who won the hand by
    how much and the game points; the piles' counting cards; the Fool's exchange; Truffle's dummy
    pile and the card out of play."""
    who = Names(view)
    truffle = view.get("second_part") == "truffle" or view.get("game") == "manchester-truffle"
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
    pile_rows = 3 if truffle else 2
    height = (layout.HEADER_HEIGHT + 10 + BANNER_H + 10 + END_HEADS + 2 * (END_ROW + 6) + 10 + 30
              + pile_rows * (PILE_ROW + 6) + (LINE_H + 6 if fool else 0) + (LINE_H + 6 if out_of_play else 0) + PAD)
    img, draw = layout.canvas(WIDTH, height)
    hand_no = int(data.get("hand") or 1)
    y = layout.header(img, draw, f"Hand {hand_no} of {int(view.get('hands_total') or 2)} scored",
                      f"{view.get('title') or 'Manchester ' + part} \u00b7 {who.seat(data.get('dealer'))} dealt") + 10
    banner = (PAD, y, WIDTH - PAD, y + BANNER_H)
    diff = abs(totals[0] - totals[1])
    if diff:
        winner = accounts[0 if totals[0] > totals[1] else 1]
        layout.banner(img, draw, banner, f"Hand {hand_no}: {totals[0]} to {totals[1]}",
                      f"{winner.name} wins the hand by {diff}")
    else:
        layout.banner(img, draw, banner, f"Hand {hand_no}", f"The hand is level at {totals[0]}: no game points",
                      colour=theme.ACCENT)
    y += BANNER_H + 10
    xs = [float(WIDTH + dx) for dx in COLUMN_X]
    for x, head in zip(xs, COLUMNS, strict=True):
        draw_text(draw, (x, y + END_HEADS / 2), head.format(part=part.upper()), SMALL - 5, theme.MUTED, anchor="mm",
                  bold=True)
    y += END_HEADS
    for account in accounts:
        end_row(img, draw, (PAD, y, WIDTH - PAD, y + END_ROW), account, xs)
        y += END_ROW + 6
    y += 10
    draw_text(draw, (PAD + 4, y + 15), "PILES: THE CARDS WORTH MORE THAN A POINT", SMALL - 5, theme.MUTED,
              anchor="lm", bold=True)
    y += 30
    for account in accounts:
        pile_row(img, draw, (PAD, y, WIDTH - PAD, y + PILE_ROW), account.name, layout.seat_colour(account.seat),
                 [("Manchester", first_piles[account.seat]), (part, second_piles[account.seat])])
        y += PILE_ROW + 6
    if truffle:
        pile_row(img, draw, (PAD, y, WIDTH - PAD, y + PILE_ROW), "The dummy", DUMMY_INK,
                 [("Truffle \u00b7 counts for nobody", second_piles[2])])
        y += PILE_ROW + 6
    if fool:
        layout.panel(draw, (PAD, y, WIDTH - PAD, y + LINE_H), theme.PANEL, theme.HIGHLIGHT, line=1)
        draw_text(draw, (PAD + 14, y + LINE_H / 2), layout.ellipsize(fool, SMALL, WIDTH - 2 * PAD - 28), SMALL,
                  theme.TEXT, anchor="lm")
        y += LINE_H + 6
    if out_of_play:
        layout.panel(draw, (PAD, y, WIDTH - PAD, y + LINE_H), theme.PANEL)
        label = "Set aside face down, out of play:"
        draw_text(draw, (PAD + 14, y + LINE_H / 2), label, SMALL - 1, theme.MUTED, anchor="lm")
        spots = card_rows.fan_positions([len(out_of_play)], PILE_CARD, WIDTH - 2 * PAD, max_step=PILE_CARD + 6)
        card_rows.draw_cards(img, out_of_play, spots, y + 3, card_width=PILE_CARD, family=FAMILY, lift=0,
                          x0=PAD + 28 + text_width(label, SMALL - 1))
    return img


def end_row(img: Image.Image, draw: Draw, box: Box, account: Account, xs: Sequence[float]) -> None:
    """A player's line: name (and "dealt"), then the figures under the column heads."""
    x0, y0, _, y1 = box
    won = account.gained > 0
    layout.panel(draw, box, theme.PANEL, theme.GOOD if won else theme.PANEL_LIGHT, line=2 if won else 1)
    mid = (y0 + y1) / 2
    draw.ellipse((x0 + 12, mid - 7, x0 + 26, mid + 7), fill=layout.seat_colour(account.seat))
    size = theme.TEXT_SIZE - 2
    layout.draw_rich(img, draw, (x0 + 34, mid - (10 if account.dealt else 0)),
                     layout.ellipsize(account.name, size, xs[0] - 60 - x0 - 34, True), size, theme.TEXT, bold=True)
    if account.dealt:
        draw_text(draw, (x0 + 34, mid + 14), "dealt", SMALL - 4, theme.MUTED, anchor="lm", bold=True)
    first = account.first
    cells = (
        (str(account.announced), "announced", theme.TEXT),
        (signed(first), f"{first + account.announced} \u2212 {account.announced}",
         theme.GOOD if first > 0 else theme.BAD if first < 0 else theme.TEXT),
        (str(account.second), f"{account.second - account.tricks} + {plural(account.tricks, 'trick')}", theme.TEXT),
        (str(account.total), "this hand", theme.GOOD if won else theme.TEXT),
        (str(account.game), f"+{account.gained} this hand", theme.GOOD if won else theme.TEXT),
    )
    for x, (value, under, ink) in zip(xs, cells, strict=True):
        draw_text(draw, (x, mid - 9), value, theme.TEXT_SIZE + 2, ink, anchor="mm", bold=True)
        draw_text(draw, (x, mid + 17), under, SMALL - 5, theme.MUTED, anchor="mm")


def pile_row(img: Image.Image, draw: Draw, box: Box, name: str, colour: RGB,
             parts: Sequence[tuple[str, Sequence[str]]]) -> None:
    """A pile's line: whose, then for each part its points and its counting cards."""
    x0, y0, x1, y1 = box
    layout.panel(draw, box, theme.PANEL, theme.PANEL_LIGHT, line=1)
    mid = (y0 + y1) / 2
    draw.ellipse((x0 + 12, mid - 7, x0 + 26, mid + 7), fill=colour)
    draw_text(draw, (x0 + 34, mid), layout.ellipsize(name, SMALL + 1, 130, True), SMALL + 1, theme.TEXT,
              anchor="lm", bold=True)
    left = x0 + 180
    width = (x1 - 10 - left) / max(1, len(parts))
    for i, (label, cards) in enumerate(parts):
        px = left + i * width
        # The label and the points apart: each text is drawn once and its mask kept.
        head = label.upper()
        draw_text(draw, (px, y0 + 16), head, SMALL - 6, theme.MUTED, anchor="lm", bold=True)
        draw_text(draw, (px + text_width(head, SMALL - 6, True) + 10, y0 + 16), plural(pack.total(cards), "point"),
                  SMALL - 3, theme.TEXT, anchor="lm", bold=True)
        shown = counting(cards)
        if not shown:
            draw_text(draw, (px, mid + 10), "nothing above a point" if cards else "no cards", SMALL - 3, theme.MUTED,
                      anchor="lm")
            continue
        xs = card_rows.fan_positions(layout.groups_of(shown, layout.suit_group(FAMILY)), PILE_CARD, width - 16,
                                  max_step=PILE_CARD * 0.62, group_gap=4)
        card_rows.draw_cards(img, shown, xs, y0 + 30, card_width=PILE_CARD, family=FAMILY, lift=0, x0=px)
