"""The Busca table, hand and hand's-end images.

The table is the shared trick table (:mod:`renderers.kit.trick_table`): the players round the oval,
each with cards held, tricks taken, the points in them so far (in thirds, "2⅓ taken") and the
running total; the trick in front of who played it; the last trick in the corner; the dealer's
card laid aside (three players) face down by the middle; under the felt, the last hand's scores.
Play goes to the right, so the arrow in the middle turns counter-clockwise.

The hand's end (:func:`round_end`) lists each player's counting cards, their points in exact
thirds, what they score for the hand (the last trick's winner carrying the others' fractions,
or a cappotto) and their total.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from games.busca.scoring import thirds_text
from games.core.cards import SUIT_NAMES, short, suit_of
from renderers.kit import card_rows, layout, theme
from renderers.kit import hand as generic_hand
from renderers.kit.fonts import draw_text
from renderers.kit.layout import Box, Draw, plural
from renderers.kit.theme import card_height
from renderers.kit.trick_copy import CardRow, Extras, draw_copy
from renderers.kit.trick_table import Scene, Seat, draw_felt, felt_height, trick_hand

WIDTH = 880
PAD = theme.PADDING
SMALL = theme.SMALL_TEXT_SIZE
BANNER_H = 104
LAST_H = 44


def points(thirds: int) -> str:
    """``thirds`` as points: "1 point", "2⅓ points"."""
    return f"{thirds_text(thirds)} {'point' if thirds == 3 else 'points'}"


def _seat_list(view: Mapping[str, Any], key: str, players: int) -> list[Any]:
    given = list(view.get(key) or [])
    return given + [0] * (players - len(given))


def _plays(trick: Any) -> list[tuple[int, str]]:
    if not isinstance(trick, Mapping):
        return []
    return [(int(p["seat"]), str(p["card"])) for p in trick.get("plays") or []]


class Table(layout.SeatedView):
    """The view, read once, and the drawing of each part."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        super().__init__(view, default_players=4)
        self.totals = self.per_seat("totals")
        self.tricks = self.per_seat("tricks")
        self.counts = self.per_seat("counts")
        self.taken = self.per_seat("taken_thirds")
        self.status = layout.named(view, str(view.get("status", "")))
        self.top_h = BANNER_H if self.over else layout.status_height(self.status, WIDTH - 2 * PAD)

    def scene(self) -> Scene:
        discarding = bool(self.view.get("discarding"))
        trick = self.view.get("trick") or {}
        plays = _plays(trick)
        last = self.view.get("last_trick")
        done = sum(int(n) for n in self.tricks)
        per_hand = 40 // self.players
        centre = ("The dealer lays a card aside" if discarding else
                  "" if self.over else f"Trick {min(done + 1, per_hand)} of {per_hand}")
        seats = [Seat(name=self.name(s), cards=int(self.counts[s]), tricks=int(self.tricks[s]),
                      score=str(int(self.totals[s])),
                      note=points(int(self.taken[s])) if int(self.taken[s]) and not self.over else "",
                      to_move=s == self.turn, dealer=s == self.dealer and not self.over, winner=s in self.winners)
                 for s in range(self.players)]
        worth = int(last.get("thirds") or 0) if isinstance(last, Mapping) else 0
        return Scene(
            seats=seats, direction=int(self.view.get("direction") or -1), trick=plays,
            to_play=None if (discarding or self.over) else self.turn,
            last=_plays(last), last_winner=last.get("winner") if isinstance(last, Mapping) else None,
            last_note=points(worth) if worth else "no points",
            centre=centre, aside="laid aside" if self.view.get("set_aside") else "",
        )

    def subtitle(self) -> str:
        hand_no = int(self.view.get("hand_no") or 1)
        total = int(self.view.get("hands_total") or 0)
        if self.over:
            return f"Game over \u00b7 {plural(hand_no, 'hand')} \u00b7 lowest total wins"
        target = self.view.get("target", 31)
        which = f"Hand {hand_no} of {total}" if total else f"Hand {hand_no} \u00b7 game to {target}"
        # The deal passes to the right (counter-clockwise), as play does: say who deals the next hand.
        after = "" if self.dealer is None or (total and hand_no >= total) else \
            f", {self.name((self.dealer - 1) % self.players)} next"
        return f"{which} \u00b7 {self.name(self.dealer)} deals{after} \u00b7 low wins"

    def draw(self) -> Image.Image:
        felt_h = felt_height(self.players)
        last = self.view.get("last_hand")
        height = layout.HEADER_HEIGHT + 10 + self.top_h + 10 + felt_h + (10 + LAST_H if last else 0) + PAD
        img, draw = layout.canvas(WIDTH, height)
        y = layout.header(img, draw, str(self.view.get("title") or "Busca"), self.subtitle()) + 10
        if self.over:
            self.result_banner(img, draw, (PAD, y, WIDTH - PAD, y + self.top_h))
        else:
            layout.status_line(img, draw, (PAD, y, WIDTH - PAD, y + self.top_h), self.status)
        y += self.top_h + 10
        draw_felt(img, draw, (PAD, y, WIDTH - PAD, y + felt_h), self.scene())
        y += felt_h + 10
        if isinstance(last, Mapping):
            self.last_hand(img, draw, (PAD, y, WIDTH - PAD, y + LAST_H), last)
        return img

    def result_banner(self, img: Image.Image, draw: Draw, box: Box) -> None:
        winners = sorted(self.winners)
        if winners:
            who = " and ".join(self.name(s) for s in winners)
            low = int(self.totals[winners[0]])
            verb = "wins" if len(winners) == 1 else "share the win"
            detail = f"{who} {verb} with the lowest total, {plural(low, 'point')}"
        else:
            detail = "Everyone ends level"
        layout.banner(img, draw, box, "Game over", detail)

    def last_hand(self, img: Image.Image, draw: Draw, box: Box, last: Mapping[str, Any]) -> None:
        """The previous hand's scores on one line."""
        x0, y0, x1, y1 = box
        layout.panel(draw, box, theme.PANEL)
        mid = (y0 + y1) / 2
        scores = list(last.get("scores") or [])
        parts = [f"{self.name(s)} {int(v)}" for s, v in enumerate(scores)]
        head = f"HAND {int(last.get('hand') or 0)}"
        draw_text(draw, (x0 + 12, mid), head, SMALL - 4, theme.MUTED, anchor="lm", bold=True)
        extra = ""
        if last.get("cappotto") is not None:
            extra = f" \u00b7 cappotto by {self.name(last['cappotto'])}"
        elif isinstance(last.get("last_trick"), int):
            extra = f" \u00b7 last trick {self.name(last['last_trick'])}"
        text = layout.ellipsize(" \u00b7 ".join(parts) + extra, SMALL, x1 - x0 - 100)
        layout.draw_rich(img, draw, (x0 + 90, mid), text, SMALL, theme.TEXT)


def table(view: Mapping[str, Any]) -> Image.Image:
    """The Busca table for ``view`` (every seat and spectator sees the same table)."""
    return Table(view).draw()


def hand(view: Mapping[str, Any]) -> Image.Image:
    """The viewer's hand with the trick so far above it (the cards that may go raised)."""
    names = layout.names(view)
    trick = _plays(view.get("trick"))
    caption = ""
    if trick:
        led = SUIT_NAMES["standard"].get(suit_of(trick[0][1]), "")
        caption = f"{led.capitalize()} led"
    return trick_hand(view, trick, lambda s: names[s] if 0 <= s < len(names) else "?", caption)


# -- a hand's end --------------------------------------------------------------------------------
END_W = 880
END_ROW = 70
COUNT_CARD = 40


def round_end(view: Mapping[str, Any], data: Mapping[str, Any]) -> Image.Image:
    """A hand's scores: each player's counting cards and points (in thirds), the hand's score
    (with the last trick's or a cappotto's share) and the total."""
    names = layout.names(view)

    def name(seat: Any) -> str:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"

    players = int(view.get("players") or len(names))
    last, cappotto = data.get("last_trick"), data.get("cappotto")
    thirds = _seat_list(data, "thirds", players)
    scores = _seat_list(data, "scores", players)
    totals = _seat_list(data, "totals", players)
    counting = list(data.get("counting") or [])
    aside = data.get("discard")
    height = (layout.HEADER_HEIGHT + 10 + BANNER_H + 10 + 30 + players * (END_ROW + 6)
              + (LAST_H + 10 if aside else 0) + PAD)
    img, draw = layout.canvas(END_W, height)
    y = layout.header(img, draw, f"Hand {int(data.get('hand') or 1)} scored", "Busca \u00b7 low wins") + 10
    if cappotto is not None:
        layout.banner(img, draw, (PAD, y, END_W - PAD, y + BANNER_H), "Cappotto",
                      f"{name(cappotto)} took every counting card: 0 for them, 11 for everyone else",
                      colour=theme.HIGHLIGHT)
    else:
        layout.banner(img, draw, (PAD, y, END_W - PAD, y + BANNER_H), "Last trick",
                      f"{name(last)} took the last trick and scores what is left of 11", colour=theme.ACCENT)
    y += BANNER_H + 10
    columns = ((END_W - PAD - 262, "POINTS"), (END_W - PAD - 150, "HAND"), (END_W - PAD - 50, "TOTAL"))
    for x, label in columns:
        draw_text(draw, (x, y + 14), label, SMALL - 5, theme.MUTED, anchor="mm", bold=True)
    y += 30
    for seat in range(players):
        cards = [str(c) for c in counting[seat]] if seat < len(counting) else []
        row = (PAD, y, END_W - PAD, y + END_ROW)
        tag = "cappotto" if seat == cappotto else "last trick" if seat == last and cappotto is None else ""
        _end_row(img, draw, row, seat, name(seat), cards, int(thirds[seat]), int(scores[seat]), int(totals[seat]),
                 tag, [x for x, _ in columns])
        y += END_ROW + 6
    if aside:
        box = (PAD, y + 4, END_W - PAD, y + 4 + LAST_H)
        layout.panel(draw, box, theme.PANEL)
        text = f"The card laid aside, {short(str(aside))}, went to {name(last)} with the last trick"
        layout.draw_rich(img, draw, (PAD + 14, y + 4 + LAST_H / 2), layout.ellipsize(text, SMALL, END_W - 3 * PAD),
                         SMALL, theme.TEXT)
    return img


def _end_row(img: Image.Image, draw: Draw, box: Box, seat: int, name: str, cards: Sequence[str], thirds: int,
             score: int, total: int, tag: str, columns: Sequence[float]) -> None:
    x0, y0, _, y1 = box
    mid = (y0 + y1) / 2
    marked = bool(tag)
    layout.panel(draw, box, theme.PANEL, theme.HIGHLIGHT if marked else theme.PANEL_LIGHT, line=2 if marked else 1)
    draw.ellipse((x0 + 12, mid - 7, x0 + 26, mid + 7), fill=layout.seat_colour(seat))
    size = theme.TEXT_SIZE - 2
    layout.draw_rich(img, draw, (x0 + 34, mid - (10 if tag else 0)), layout.ellipsize(name, size, 150, True), size,
                     theme.TEXT, bold=True)
    if tag:
        draw_text(draw, (x0 + 34, mid + 14), tag, SMALL - 4, theme.HIGHLIGHT, anchor="lm", bold=True)
    fan = (x0 + 200, columns[0] - 60)
    if cards:
        xs = card_rows.fan_positions(layout.groups_of(list(cards), layout.suit_group()), COUNT_CARD, fan[1] - fan[0],
                                  max_step=COUNT_CARD * 0.6, group_gap=6)
        card_rows.draw_cards(img, list(cards), xs, mid - card_height(COUNT_CARD) / 2, card_width=COUNT_CARD, lift=0,
                          x0=fan[0])
    else:
        draw_text(draw, (fan[0], mid), "no counting cards", SMALL - 2, theme.MUTED, anchor="lm")
    layout.draw_number(draw, (columns[0], mid), thirds / 3, theme.TEXT_SIZE + 2, theme.MUTED, parts=3)
    ink = theme.GOOD if score == 0 else theme.BAD if score >= 6 else theme.TEXT
    draw_text(draw, (columns[1], mid), f"+{score}", theme.TEXT_SIZE + 2, ink, anchor="mm", bold=True)
    draw_text(draw, (columns[2], mid), str(total), theme.TEXT_SIZE + 4, theme.TEXT, anchor="mm", bold=True)


# -- a player's copy -------------------------------------------------------------------------------

def copy(table_view: Mapping[str, Any], hand_view: Mapping[str, Any]) -> Image.Image:
    """A player's copy (:mod:`renderers.kit.trick_copy`): the status, the seats along the trick in
    play order from the member's, the trick's number and the last trick, and the member's hand
    with the cards they may play raised."""
    board = Table(table_view)
    scene = board.scene()
    # The points taken, short ("2⅓ pts"): a copy's plate is narrow.
    seats = [dataclasses.replace(s, note=s.note.replace(" points", " pts").replace(" point", " pt"))
             for s in scene.seats]
    scene = dataclasses.replace(scene, seats=seats)
    viewer = hand_view.get("viewer")
    cards = generic_hand.hand_cards(hand_view)
    mine = isinstance(viewer, int) and viewer in (hand_view.get("to_move") or []) and not board.over
    legal = generic_hand.playable(hand_view)[0] & set(cards) if mine else set()
    rows = [CardRow(tuple(cards), frozenset(legal), frozenset(set(cards) - legal) if mine else frozenset())]
    info: list[str] = [scene.centre] if scene.centre else []
    if scene.last and scene.last_winner is not None:
        info.append(f"last trick to {board.name(scene.last_winner)}, {scene.last_note}")
    if scene.aside:
        info.append("a card laid aside")
    if board.over:
        status, colour = _outcome(board), theme.GOOD
    else:
        status = layout.named(hand_view, str(hand_view.get("status", ""))) or board.status
        colour = theme.ACCENT if mine else theme.PANEL_LIGHT
    totals = " \u00b7 ".join(f"{board.name(s)} {int(board.totals[s])}" for s in range(board.players))
    extras = Extras(info=tuple(info), status_colour=colour,
                    notice=f"Totals (low wins): {totals}" if board.over else "No cards in hand")
    return draw_copy(scene, status, rows, viewer if isinstance(viewer, int) else None, extras)


def _outcome(board: Table) -> str:
    winners = sorted(board.winners)
    if not winners:
        return "Game over: everyone ends level"
    who = " and ".join(board.name(s) for s in winners)
    verb = "wins" if len(winners) == 1 else "share the win"
    return f"Game over: {who} {verb} with {plural(int(board.totals[winners[0]]), 'point')}"
