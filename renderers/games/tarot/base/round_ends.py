"""The tarot base games' hand's end, the table's sibling: exactly :data:`renderers.kit.shown.COPY_SIZE`
(see :mod:`renderers.games.tarot.base.board`).

Top to bottom: the heading line (the game, the hand scored, the rules, the dealer); the status bar
(who took the most card points, or Tontine points); the columns' heads; a panel per side: its
names, tricks, points, the hand's score and the total, and under them the pile's counting cards
(Tontine: the face-up cards that scored) as words; the dealer's discard; where the Fool went.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from games.core.cards import TAROT_SUITS
from games.tarot import pack
from games.tarot.base.hand_end import TONTINE_TARGET
from games.tarot.base.view import TarotTableView
from games.tarot.rule_sets import RULESET_TITLES
from renderers.kit import layout, theme
from renderers.kit.fonts import draw_text, text_width
from renderers.kit.layout import plural
from renderers.kit.theme import RGB

from .. import shared_round_end as parts
from ..scene import signed
from ..shared_round_end import GAP, LINE, MARGIN, W
from .plates import Names

XS = (322.0, 408.0, 492.0, 558.0)  # the columns' centres: tricks, points, the hand, the total
NAME_ROOM = XS[0] - 40 - 28  # the name (and "dealt"), clear of the tricks' figure
CARD_ROOM = W - 2 * MARGIN - 36  # a panel's line under its name, from the name's left


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


def side_ends(view: TarotTableView, data: Mapping[str, Any]) -> list[SideEnd]:
    who = Names(view)
    players = view["players"]
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


def end_status(ends: Sequence[SideEnd], data: Mapping[str, Any], players: int) -> tuple[str, RGB]:
    """The status bar's words and colour: who took the most points, or why nobody scores."""
    tontine = data.get("ruleset") == "tontine"
    what = "Tontine points" if tontine else "card points"
    if tontine and players >= 4 and all(e.gained == 0 for e in ends):
        return f"Neither side reached {TONTINE_TARGET[4]}: the hand scores nothing", theme.ACCENT
    best = max((e.points for e in ends), default=0)
    top = [e for e in ends if e.points == best]
    if len(top) != 1:
        return f"Level at the top on {best} {what}", theme.ACCENT
    verb = "take" if len(top[0].seats) > 1 else "takes"
    return f"{top[0].name} {verb} the most {what}: {best}", theme.GOOD


def hand_head(ends: Sequence[SideEnd], tontine: bool, players: int) -> str:
    """The hand's column says how it scored: against Tontine's 37 with three players, the sides'
    difference with four."""
    if not tontine:
        return "HAND"
    return f"VS {TONTINE_TARGET[3]}" if players == 3 else "DIFF." if any(e.gained for e in ends) else "HAND"


def shown_cards(end: SideEnd, tontine: bool, face_up: set[str]) -> list[str]:
    """What a side's panel lists: its pile's cards worth more than a point, or Tontine's face-up
    cards that scored."""
    if tontine:
        return [c for c in end.pile if c in face_up]
    return [c for c in end.pile if not pack.empty(c)]


def round_end(view: TarotTableView, data: Mapping[str, Any]) -> Image.Image:
    """A hand's account per side: tricks, card points (or Tontine points), the hand's score and
    the totals; the piles' counting cards (or the face-up cards that scored); the dealer's
    discard; where the Fool went."""
    who = Names(view)
    players = view["players"]
    ends = side_ends(view, data)
    tontine = data.get("ruleset") == "tontine"
    face_up = {str(c) for c in data.get("face_up") or []}
    discard = [str(c) for c in data.get("discard") or []]
    fool = fool_text(data, ends, who)
    dealer = who.seat(data.get("dealer"))
    game = view["title"]
    rules = RULESET_TITLES.get(str(data.get("ruleset") or "plain"), "")
    hand_no = int(data.get("hand") or 1)
    status, colour = end_status(ends, data, players)
    img, draw, y = parts.frame(game, f"Hand {hand_no} of {view['hands_total']} scored"
                               f" \u00b7 {rules} \u00b7 {dealer} dealt", status, colour)
    label, empty = ("Face up:", "nothing left face up") if tontine else ("Over a point:", "nothing above a point")
    discard_label = f"{dealer}'s discard" + (", never played:" if tontine else ":")
    discard_worth = "scores nothing" if tontine else plural(pack.total(discard), "point")
    below = (parts.note_height(fool) if fool else 0) + (LINE + 6 + GAP if discard else 0)
    # Two lines of cards a side where they fit, else one (cut with "...").
    for most in (2, 1):
        lines = [parts.block_lines(label, shown_cards(e, tontine, face_up), CARD_ROOM, most) for e in ends]
        used = y + parts.HEADS_H + 2 + sum((1 + len(k)) * LINE + 6 + GAP for k in lines) + below
        if used <= parts.H:
            break
    pad = parts.spare_pad(used, len(ends) + bool(discard) + bool(fool))
    y = parts.heads(draw, y, XS, ("TRICKS", "TONTINE" if tontine else "CARD PTS", hand_head(ends, tontine, players),
                                  "TOTAL"))
    for end, cards in zip(ends, lines, strict=True):
        y = side_panel(img, draw, (y, pad), end, tontine, (label, empty), cards, shown_cards(end, tontine, face_up))
    if discard:
        height = LINE + 6 + 2 * pad
        parts.row_panel(draw, (MARGIN, y, W - MARGIN, y + height), None)
        mid = y + height / 2
        worth_w = text_width(discard_worth, parts.SMALLEST, True)
        room = W - 2 * MARGIN - 24
        line = parts.block_lines(discard_label, discard, room - worth_w - 16, 1)
        parts.cards_block(img, draw, (MARGIN + 12, mid), discard_label, discard, "", room, line)
        draw_text(draw, (W - MARGIN - 12, mid), discard_worth, parts.SMALLEST, theme.TEXT, anchor="rm", bold=True)
        y += height + GAP
    if fool:
        parts.note_panel(draw, y, fool, theme.HIGHLIGHT, pad)
    return img


def side_panel(img: Image.Image, draw: layout.Draw, at: tuple[float, float], end: SideEnd, tontine: bool,
               words: tuple[str, str], lines: Sequence[Sequence[parts.Run]], cards: Sequence[str]) -> float:
    """A side's panel (at ``y``, its lines ``pad`` in): its names and figures on a line, its cards
    under them; the y under it."""
    y, pad = at
    height = (1 + len(lines)) * LINE + 6 + 2 * pad
    parts.row_panel(draw, (MARGIN, y, W - MARGIN, y + height), end.colour, theme.GOOD if end.won else None, pad)
    mid = y + 3 + pad + LINE / 2
    parts.name_and_dealt(img, draw, (MARGIN + 24, mid), end.name, end.dealt, NAME_ROOM)
    hand = signed(end.gained) if tontine else f"+{end.gained}"
    ink = theme.GOOD if end.won else theme.BAD if end.gained < 0 else theme.TEXT
    for x, value, colour in zip(XS, (str(end.tricks), str(end.points), hand, str(end.total)),
                                (theme.TEXT, theme.TEXT, ink, theme.TEXT), strict=True):
        parts.figure(draw, (x, mid), value, colour)
    parts.cards_block(img, draw, (MARGIN + 24, mid + LINE), words[0], cards, words[1], CARD_ROOM, lines)
    return y + height + GAP


def warm() -> None:
    """Build the suits' chips' marks once per process (:func:`renderers.warm`): the hand's end
    says its cards as words after them, and each first mark costs a millisecond or two."""
    img, draw = layout.canvas(parts.CHIP * 4, parts.CHIP)
    for i, suit in enumerate(TAROT_SUITS):
        layout.suit_chip(img, draw, (i * parts.CHIP, 0, (i + 1) * parts.CHIP, parts.CHIP), suit, "tarot")
