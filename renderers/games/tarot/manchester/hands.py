"""The two-player tarot games' hand pictures: a player's hand with its bands, and Piccadilly's choice
of two hands (see :mod:`renderers.games.tarot.manchester.board`)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import Image

from games.core.views import PickView
from games.tarot import pack
from games.tarot.manchester.view import CandidateView, ManchesterView
from renderers.kit import card_rows, layout, theme
from renderers.kit.fonts import draw_text
from renderers.kit.layout import Box, Draw, plural
from renderers.kit.theme import card_height
from renderers.kit.trick_table import trick_plays

from .. import scene
from ..scene import (
    FAMILY,
    PAD,
    SMALL,
    TRICK_CARD,
    WIDTH,
    Painter,
)
from .plates import Names

# -- the hand ------------------------------------------------------------------------------------
FIRST_DISCARD = 3  # Manchester's discards (the Truffle dealer's three laid aside follow them)


def legal_cards(view: ManchesterView) -> set[str]:
    """The cards the viewer's ``play:`` moves name."""
    out = set()
    for action in view["legal"]:
        verb, _, arg = action["token"].partition(":")
        if verb == "play" and arg:
            out.add(arg)
    return out


def trick_strip(who: Names, trick: Sequence[tuple[int, str]]) -> Painter:
    """The trick so far, each card with the position that played it ("Ann" over "dummy")."""
    cards = []
    for position, card in trick:
        place = who.places[position] if 0 <= position < len(who.places) else None
        if place is not None and place.dummy and place.owner >= 0:
            cards.append((card, who.seat(place.owner), "dummy"))
        else:
            cards.append((card, who.position(position), ""))
    return scene.trick_band(cards, scene.led_caption(trick))


def discard_band(view: ManchesterView, pick: PickView) -> Painter:
    """What may be discarded: the rule, and the cards that must go."""
    fixed = pick["fixed"]
    count = pick["most"] + len(fixed)
    second = view["phase"] == "discard2"
    rule = "Not Honours or Kings" if second else "Not trumps, Honours or Kings while you hold anything else"
    if fixed:
        rule = f"{len(fixed)} must go, and are shown face up: raised, with the cards that may join them"
    return scene.rule_band(f"{pick['label']}: {count} cards", rule)


def discards_band(cards: Sequence[str], value: int | None) -> Painter:
    """The viewer's own discards, small: they count in their Manchester pile; and the hand value
    they announced, which the pile must beat."""
    def paint(img: Image.Image, draw: Draw, box: Box) -> None:
        x = scene.discard_cards(img, draw, box, "YOUR DISCARDS", "in your pile", cards, 150) + 4
        x1, mid = box[2], (box[1] + box[3]) / 2
        draw_text(draw, (x, mid), plural(pack.total(cards), "point"), SMALL - 1, theme.TEXT, anchor="lm", bold=True)
        if value is not None:
            draw_text(draw, (x1 - 14, mid - 11), "HAND VALUE", SMALL - 5, theme.MUTED, anchor="rm", bold=True)
            draw_text(draw, (x1 - 14, mid + 11), f"{value} announced", SMALL - 2, theme.TEXT, anchor="rm")
    return paint


def hand(view: ManchesterView) -> Image.Image:
    """The viewer's hand, the cards that may go raised, with bands above it: what may be
    discarded, the trick so far, the dummy to play from. Piccadilly's choice: the two hands."""
    candidates = view["candidates"]
    if view["phase"] == "choose" and candidates:
        return choice(view, candidates)
    who = Names(view)
    viewer = view["viewer"]
    phase = view["phase"]
    over = view["over"]
    bands: list[tuple[int, Painter]] = []
    glow: list[str] | None = None
    pick = view["pick"]
    my_discards = view["my_discards"]
    if pick is not None and phase in ("discard", "discard2") and not over:
        # A pick is not moves: the cards it may take are raised and glow, the others left as they are.
        glow = pick["fixed"] + pick["cards"]
        bands.append((scene.RULE_BAND_H, discard_band(view, pick)))
    elif phase in ("discard", "play1") and viewer is not None and my_discards and not over:
        announced = view["announced"]
        value = announced[viewer] if viewer < len(announced) else None
        bands.append((scene.DISCARD_BAND_H, discards_band(my_discards[:FIRST_DISCARD], value)))
    trick = trick_plays(view["trick"])
    if trick and not over:
        bands.append((scene.TRICK_BAND_H, trick_strip(who, trick)))
    dummy = shown_dummy(view, who)
    if dummy is not None:
        bands.append((scene.RAISED_BAND_H, dummy))
    return scene.banded_hand(view, bands, glow)


def shown_dummy(view: ManchesterView, who: Names) -> Painter | None:
    """The dummy the viewer is to play from now, if any (its cards are on the table otherwise)."""
    viewer = view["viewer"]
    if viewer is None or view["phase"] != "play2" or view["over"]:
        return None
    to_play = view["to_play"]
    place = next((p for p in who.places if p.dummy and p.cards is not None and p.position == to_play
                  and p.controller == viewer and viewer in view["to_move"]), None)
    if place is None:
        return None
    title = "Your dummy" if place.owner == viewer else "The dummy"
    return scene.raised_band(f"{title} \u00b7 play from it now", "raised: may be played", place.cards or (),
                             legal_cards(view))


# -- Piccadilly's choice -------------------------------------------------------------------------
CHOICE_CARD = TRICK_CARD
CHOICE_ROWS = 2
CHOICE_HEAD = 64


def summary(cards: Sequence[str]) -> str:
    """"5 trumps · the Magician, the Fool · 2 Kings"."""
    trumps = sum(1 for c in cards if pack.is_trump(c))
    honours = [("the Magician" if c == pack.MAGICIAN else "the World" if c == pack.WORLD else "the Fool")
               for c in cards if c in pack.HONOURS]
    kings = sum(1 for c in cards if pack.is_king(c))
    parts = [plural(trumps, "trump")]
    if honours:
        parts.append(", ".join(honours))
    if kings:
        parts.append(plural(kings, "King"))
    return " \u00b7 ".join(parts)


def choice(view: ManchesterView, candidates: list[CandidateView]) -> Image.Image:
    """The two hands the viewer chooses between, A and B side by side, with their points: one is
    held, the other turned up as the dummy."""
    viewer = view["viewer"]
    names = layout.names(view)
    my_turn = viewer is not None and viewer in view["to_move"] and not view["over"]
    status = layout.named(view, view["status"])
    status_h = layout.status_height(status, WIDTH - 2 * PAD)
    h = card_height(CHOICE_CARD)
    cards_h = CHOICE_ROWS * h + (CHOICE_ROWS - 1) * 8
    panel_h = CHOICE_HEAD + cards_h + 16
    foot_h = 40
    height = layout.HEADER_HEIGHT + 10 + status_h + 10 + panel_h + 10 + foot_h + PAD
    img, draw = layout.canvas(WIDTH, height)
    title = f"{names[viewer]}'s hands" if viewer is not None and viewer < len(names) else "Hands"
    y = layout.header(img, draw, title, f"{view['title']} \u00b7 choose one") + 10
    layout.status_line(img, draw, (PAD, y, WIDTH - PAD, y + status_h), status,
                       colour=theme.ACCENT if my_turn else theme.PANEL_LIGHT)
    y += status_h + 10
    w = (WIDTH - 2 * PAD - 10) / 2
    for i, cand in enumerate(candidates[:2]):
        x0 = PAD + i * (w + 10)
        box = (x0, y, x0 + w, y + panel_h)
        cards = cand["cards"]
        points = cand["points"]
        layout.panel(draw, box, theme.FELT, theme.HIGHLIGHT if my_turn else theme.FELT_LIGHT, line=2,
                     radius=theme.RADIUS + 6)
        chip = 40
        layout.panel(draw, (x0 + 12, y + 12, x0 + 12 + chip, y + 12 + chip), theme.CARD_FACE, theme.HIGHLIGHT,
                     line=2, radius=8)
        draw_text(draw, (x0 + 12 + chip / 2, y + 12 + chip / 2), "AB"[i], theme.TEXT_SIZE + 2, theme.PANEL,
                  anchor="mm", bold=True)
        tx = x0 + 12 + chip + 12
        draw_text(draw, (tx, y + 22), f"Hand {'AB'[i]}", SMALL + 1, theme.TEXT, anchor="lm", bold=True)
        draw_text(draw, (tx, y + 46), layout.ellipsize(summary(cards), SMALL - 4, x0 + w - 110 - tx), SMALL - 4,
                  theme.MUTED, anchor="lm")
        layout.pill(draw, (x0 + w - 12, y + 32), plural(points, "point"), size=SMALL, fill=theme.PANEL,
                    ink=theme.HIGHLIGHT, outline=theme.HIGHLIGHT, anchor="rm")
        rows = card_rows.split_rows(cards, math.ceil(max(1, len(cards)) / CHOICE_ROWS))
        ry = y + CHOICE_HEAD
        for row in rows:
            xs = card_rows.fan_positions(layout.groups_of(row, layout.suit_group(FAMILY)), CHOICE_CARD, w - 24,
                                      max_step=CHOICE_CARD + 6, group_gap=6)
            left = x0 + w / 2 - card_rows.row_width(xs, CHOICE_CARD) / 2
            card_rows.draw_cards(img, row, xs, ry, card_width=CHOICE_CARD, family=FAMILY, lift=0, x0=left)
            ry += h + 8
    y += panel_h + 10
    chosen = view["chosen"] or []
    done = viewer is not None and viewer < len(chosen) and chosen[viewer]
    foot = ("You have chosen: the other hand is turned up as your dummy when both have chosen" if done else
            "Hold one hand (choose A or B); the other becomes your dummy, face up on the table")
    layout.panel(draw, (PAD, y, WIDTH - PAD, y + foot_h), theme.PANEL)
    draw_text(draw, (PAD + 14, y + foot_h / 2), layout.ellipsize(foot, SMALL - 1, WIDTH - 2 * PAD - 28), SMALL - 1,
              theme.GOOD if done else theme.TEXT, anchor="lm")
    return img
