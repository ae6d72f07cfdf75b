"""The tarot base games' hand's-end picture: each side's tricks and points, the piles' counting cards
and the Fool's way (see :mod:`renderers.games.tarot.base_games`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from games.core.cards import TAROT_RANKS, TAROT_SUITS
from games.tarot import pack
from renderers.games.tarot import scene as scene
from renderers.games.tarot.base_plates import RULESETS, SMALL_CARD, TITLES, TONTINE_TARGET, Names, tontine_worth
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
from renderers.kit.cards import card_image
from renderers.kit.fonts import draw_text, text_width
from renderers.kit.layout import Box, Draw, plural
from renderers.kit.regions import region
from renderers.kit.theme import RGB, card_height

# -- a hand's end --------------------------------------------------------------------------------
END_ROW = 76
END_HEADS = 30
PILE_ROW = 100
LINE_H = 48
DISCARD_LINE_H = card_height(CORNER_CARD) + 12
END_COLUMNS = ("TRICKS", "{points}", "THIS HAND", "TOTAL")
END_X = (-440, -310, -180, -62)


@dataclass(frozen=True)
class SideEnd:
    """One side's hand, as the round end records it."""

    seats: tuple[int, ...]
    name: str
    names: tuple[str, ...]
    colour: RGB
    dealt: bool
    tricks: int
    points: int
    gained: int
    total: int
    pile: tuple[str, ...]
    won: bool = False  # the hand's best (plain rules), or above the target (Tontine)


def side_ends(view: Mapping[str, Any], data: Mapping[str, Any]) -> list[SideEnd]:
    who = Names(view)
    players = int(view.get("players") or len(who.names))
    sides = [[int(s) for s in side] for side in data.get("sides") or []] or [[s] for s in range(players)]
    points = [int(v) for v in data.get("points") or []]
    piles = [[str(c) for c in pile] for pile in data.get("piles") or []]
    tricks = [int(v) for v in data.get("tricks") or []]
    gained = [int(v) for v in data.get("gained") or []]
    scores = [int(v) for v in data.get("scores") or []]
    out = []
    for i, side in enumerate(sides):
        first = side[0] if side else 0
        out.append(SideEnd(seats=tuple(side), name=who.side(side), names=tuple(who.seat(s) for s in side),
                           colour=layout.seat_colour(i),
                           dealt=data.get("dealer") in side, tricks=sum(tricks[s] for s in side if s < len(tricks)),
                           points=points[i] if i < len(points) else 0,
                           gained=gained[first] if first < len(gained) else 0,
                           total=scores[first] if first < len(scores) else 0,
                           pile=tuple(piles[i]) if i < len(piles) else ()))
    best = max((e.points for e in out), default=0)
    top = [e for e in out if e.points == best]
    tontine = data.get("ruleset") == "tontine"
    return [dataclasses.replace(e, won=e.gained > 0 if tontine else (len(top) == 1 and e is top[0])) for e in out]


def fool_text(data: Mapping[str, Any], ends: Sequence[SideEnd], who: Names) -> str:
    """Where the Fool went this hand."""
    fool = data.get("fool")
    holders = [e for e in ends if pack.FOOL in e.pile]
    pile = f"{holders[0].name}'s pile" if holders else "nobody's pile"
    if pack.FOOL in (data.get("discard") or []) and not isinstance(fool, Mapping):
        return f"The Fool was discarded by {who.seat(data.get('dealer'))}: it stays in their side's pile"
    if not isinstance(fool, Mapping):
        return ""
    if fool.get("rule") == "last-laugh":
        aside = fool.get("aside")
        if isinstance(aside, int):
            return f"The Fool, set aside face up by {who.seat(aside)}, went with the last trick to {pile}"
        return f"The Fool won the last trick: it ended in {pile}"
    owner, taker = fool.get("owner"), fool.get("taker")
    if taker is None or taker == owner:
        return f"The Fool: {who.seat(owner)} played it to a trick of their own, so it stays in their pile"
    return f"The Fool: {who.seat(owner)} took it back from {who.seat(taker)}'s trick and gave a card for it"


def end_banner(ends: Sequence[SideEnd], data: Mapping[str, Any], players: int) -> tuple[str, str, RGB]:
    """The banner's title, its detail and colour."""
    hand_no = int(data.get("hand") or 1)
    tontine = data.get("ruleset") == "tontine"
    what = "Tontine points" if tontine else "card points"
    title = f"Hand {hand_no}: " + " to ".join(str(e.points) for e in ends)
    if tontine and players >= 4 and all(e.gained == 0 for e in ends):
        return title, f"Neither side reached {TONTINE_TARGET[4]}: the hand scores nothing", theme.ACCENT
    best = max(e.points for e in ends)
    top = [e for e in ends if e.points == best]
    if len(top) > 1:
        return title, f"Level at the top on {best} {what}", theme.ACCENT
    verb = "take" if len(top[0].seats) > 1 else "takes"
    return title, f"{top[0].name} {verb} the most {what}: {best}", theme.GOOD


def round_end(view: Mapping[str, Any], data: Mapping[str, Any]) -> Image.Image:
    """A hand's account per side: tricks, card points (or Tontine points), the hand's score and
    the totals; the piles' counting cards (or the face-up cards that scored); the dealer's
    discard; where the Fool went."""
    who = Names(view)
    players = int(view.get("players") or len(who.names))
    ends = side_ends(view, data)
    tontine = data.get("ruleset") == "tontine"
    face_up = {str(c) for c in data.get("face_up") or []}
    discard = [str(c) for c in data.get("discard") or []]
    fool = fool_text(data, ends, who)
    height = (layout.HEADER_HEIGHT + 10 + BANNER_H + 10 + END_HEADS + len(ends) * (END_ROW + 6) + 10 + 30
              + len(ends) * (PILE_ROW + 6) + (DISCARD_LINE_H + 6 if discard else 0) + (LINE_H + 6 if fool else 0) + PAD)
    img, draw = layout.canvas(WIDTH, height)
    hand_no = int(data.get("hand") or 1)
    game = str(view.get("title") or TITLES.get(str(view.get("game")), "Tarot"))
    rules = RULESETS.get(str(data.get("ruleset") or "plain"), "")
    y = layout.header(img, draw, f"Hand {hand_no} of {int(view.get('hands_total') or players)} scored",
                      f"{game} \u00b7 {rules} \u00b7 {who.seat(data.get('dealer'))} dealt") + 10
    title, detail, colour = end_banner(ends, data, players)
    layout.banner(img, draw, (PAD, y, WIDTH - PAD, y + BANNER_H), title, detail, colour=colour, cached=False)
    y += BANNER_H + 10
    xs = [float(WIDTH + dx) for dx in END_X]
    for x, head in zip(xs, END_COLUMNS, strict=True):
        draw_text(draw, (x, y + END_HEADS / 2), head.format(points="TONTINE" if tontine else "CARD POINTS"), SMALL - 5,
                  theme.MUTED, anchor="mm", bold=True)
    y += END_HEADS
    for end in ends:
        end_row(img, draw, (PAD, y, WIDTH - PAD, y + END_ROW), end, xs, tontine, players)
        y += END_ROW + 6
    y += 10
    head = ("FACE UP AT THE END: THE CARDS THAT SCORED" if tontine else "PILES: THE CARDS WORTH MORE THAN A POINT")
    draw_text(draw, (PAD + 4, y + 15), head, SMALL - 5, theme.MUTED, anchor="lm", bold=True)
    y += 30
    for end in ends:
        if tontine:
            scored = pack.ORDER.sort([c for c in end.pile if c in face_up])
            label, worth, empty = "Face up", plural(tontine_worth(scored), "point"), "nothing left face up"
        else:
            scored = pack.ORDER.sort([c for c in end.pile if not pack.empty(c)])
            label, worth, empty = "Pile", plural(pack.total(end.pile), "point"), "nothing above a point"
        pile_row(img, draw, (PAD, y, WIDTH - PAD, y + PILE_ROW), end, label, worth, scored, empty)
        y += PILE_ROW + 6
    if discard:
        row_panel(img, (PAD, y, WIDTH - PAD, y + DISCARD_LINE_H))
        label = f"{who.seat(data.get('dealer'))}'s discard" + (", never played:" if tontine else ":")
        label = layout.ellipsize(label, SMALL - 1, 380)
        mid = y + DISCARD_LINE_H / 2
        draw_text(draw, (PAD + 14, mid), label, SMALL - 1, theme.MUTED, anchor="lm")
        x = PAD + 28 + text_width(label, SMALL - 1)
        spots = card_rows.fan_positions([len(discard)], CORNER_CARD, WIDTH - PAD - 160 - x, max_step=CORNER_CARD * 0.72)
        card_rows.draw_cards(img, discard, spots, y + 6, card_width=CORNER_CARD, family=FAMILY, lift=0, x0=x)
        worth = "scores nothing" if tontine else plural(pack.total(discard), "point")
        draw_text(draw, (WIDTH - PAD - 14, mid), worth, SMALL - 1, theme.TEXT, anchor="rm", bold=True)
        y += DISCARD_LINE_H + 6
    if fool:
        row_panel(img, (PAD, y, WIDTH - PAD, y + LINE_H), theme.HIGHLIGHT, line=1)
        draw_text(draw, (PAD + 14, y + LINE_H / 2), layout.ellipsize(fool, SMALL - 1, WIDTH - 2 * PAD - 28),
                  SMALL - 1, theme.TEXT, anchor="lm", cached=False)  # this hand's own words: drawn once
    return img


def row_panel(img: Image.Image, box: Box, outline: RGB | None = None, line: int = 2, dot: RGB | None = None) -> None:
    """A line's panel of the hand's end (with a side's dot at its left), on the plain background:
    the same few panels every hand, so drawn once and pasted (:func:`renderers.kit.regions.region`)."""

    def paint(_: Image.Image, draw: Draw, local: Box) -> None:
        layout.panel(draw, local, theme.PANEL, outline, line=line)
        if dot is not None:
            x0, y0, _x1, y1 = local
            mid = (y0 + y1) / 2
            draw.ellipse((x0 + 12, mid - 7, x0 + 26, mid + 7), fill=dot)

    region(img, box, ("tarot hand's end line", outline, line, dot), paint)


def end_row(img: Image.Image, draw: Draw, box: Box, end: SideEnd, xs: Sequence[float], tontine: bool,
            players: int) -> None:
    """A side's line: names (and "dealt"), then the figures under the column heads."""
    x0, y0, _, y1 = box
    won = end.won
    row_panel(img, box, theme.GOOD if won else theme.PANEL_LIGHT, line=2 if won else 1, dot=end.colour)
    mid = (y0 + y1) / 2
    size = theme.TEXT_SIZE - 2
    layout.draw_rich(img, draw, (x0 + 34, mid - (10 if end.dealt else 0)),
                     layout.ellipsize(end.name, size, xs[0] - 50 - x0 - 34, True), size, theme.TEXT, bold=True)
    if end.dealt:
        draw_text(draw, (x0 + 34, mid + 14), "dealt", SMALL - 4, theme.MUTED, anchor="lm", bold=True)
    if tontine:
        under = f"against {TONTINE_TARGET[3]}" if players == 3 else "difference" if end.gained else "none reached 56"
    else:
        under = "this hand"
    cells = (
        (str(end.tricks), "tricks" if end.tricks != 1 else "trick", theme.TEXT),
        (str(end.points), "face up" if tontine else "in the pile", theme.TEXT),
        (signed(end.gained) if tontine else f"+{end.gained}", under,
         theme.GOOD if won else theme.BAD if end.gained < 0 else theme.TEXT),
        (str(end.total), "game", theme.TEXT),
    )
    for x, (value, note, ink) in zip(xs, cells, strict=True):
        draw_text(draw, (x, mid - 9), value, theme.TEXT_SIZE + 2, ink, anchor="mm", bold=True)
        draw_text(draw, (x, mid + 17), note, SMALL - 5, theme.MUTED, anchor="mm")


def pile_row(img: Image.Image, draw: Draw, box: Box, end: SideEnd, label: str, worth: str, cards: Sequence[str],
             empty: str) -> None:
    """A side's pile: whose, its points and the cards that matter."""
    x0, y0, x1, y1 = box
    row_panel(img, box, theme.PANEL_LIGHT, line=1, dot=end.colour)
    mid = (y0 + y1) / 2
    names = [layout.ellipsize(name + (" &" if i + 1 < len(end.names) else ""), SMALL + 1, 160, True)
             for i, name in enumerate(end.names)]
    lead = layout.line_height(SMALL + 1)
    for i, name in enumerate(names):
        draw_text(draw, (x0 + 34, mid + (i - (len(names) - 1) / 2) * lead), name, SMALL + 1, theme.TEXT, anchor="lm",
                  bold=True)
    left = x0 + 200
    head = label.upper()
    draw_text(draw, (left, y0 + 16), head, SMALL - 6, theme.MUTED, anchor="lm", bold=True)
    draw_text(draw, (left + text_width(head, SMALL - 6, True) + 10, y0 + 16), worth, SMALL - 3, theme.TEXT,
              anchor="lm", bold=True)
    if not cards:
        draw_text(draw, (left, mid + 10), empty, SMALL - 3, theme.MUTED, anchor="lm")
        return
    xs = card_rows.fan_positions(layout.groups_of(list(cards), layout.suit_group(FAMILY)), CORNER_CARD, x1 - 10 - left,
                              max_step=CORNER_CARD * 0.62, group_gap=4)
    card_rows.draw_cards(img, list(cards), xs, y0 + 30, card_width=CORNER_CARD, family=FAMILY, lift=0, x0=left)


def warm() -> None:
    """Build the small faces (:data:`CORNER_CARD` wide) of the whole pack, about 0.1 s once per
    process (:func:`renderers.warm`): a hand's end shows the dealer's discard and the piles' cards
    at that width, cards a table seldom shows small, and each first face costs a millisecond or
    two of the picture's time."""
    for card in [*(rank + suit for suit in TAROT_SUITS for rank in TAROT_RANKS),
                 *(f"{pack.TRUMP}{n}" for n in range(1, 22)), pack.FOOL]:
        card_image(card, FAMILY, SMALL_CARD, "standard")  # the arguments as card_rows.paste_card passes them
