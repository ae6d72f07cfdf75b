"""The tarot base games' hand picture: a player's hand with its bands (see
:mod:`renderers.games.tarot.base.board`)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from PIL import Image

from games.core.registry import get as get_rules
from games.core.views import PickView
from games.tarot import pack
from games.tarot.base.view import TarotTableView
from renderers.kit import layout, theme
from renderers.kit.fonts import draw_text
from renderers.kit.layout import Box, Draw, plural
from renderers.kit.trick_table import trick_plays

from .. import scene
from ..scene import (
    SMALL,
    Painter,
)
from .plates import Names, call, card_name

# -- the hand ------------------------------------------------------------------------------------
NOTE_H = 64


def note_band(head: str, line: str) -> Painter:
    """Two lines on what the viewer is asked."""
    def paint(img: Image.Image, draw: Draw, box: Box) -> None:
        x0, y0, x1, y1 = box
        mid = (y0 + y1) / 2
        layout.panel(draw, box, theme.FELT, theme.HIGHLIGHT, line=2, radius=theme.RADIUS + 6)
        room = x1 - x0 - 28
        draw_text(draw, (x0 + 14, mid - 12), layout.ellipsize(head, SMALL + 1, room, True), SMALL + 1, theme.TEXT,
                  anchor="lm", bold=True)
        draw_text(draw, (x0 + 14, mid + 14), layout.ellipsize(line, SMALL - 2, room), SMALL - 2, theme.HIGHLIGHT,
                  anchor="lm", bold=True)
    return paint


def discard_band(view: TarotTableView, pick: PickView) -> Painter:
    """What may be discarded: how many, and the rule (or the cards that must go)."""
    fixed = pick["fixed"]
    count = pick["most"] + len(fixed)
    rule = str(getattr(get_rules(view["game"]), "discard_rule", ""))
    if not view["options"].get("good_and_evil"):
        rule = re.sub(r" \(with Good and Evil[^)]*\)", "", rule)
    rule = f"Not {rule[3:]}" if rule.startswith("no ") else scene.capital(rule)
    if fixed:
        rule = f"{len(fixed)} must go and are shown face up: raised, with the cards that may join them"
    return scene.rule_band(f"{pick['label']}: {plural(count, 'card')}", rule)


def mine_band(cards: Sequence[str], tontine: bool, partners: bool) -> Painter:
    """The viewer's own discard, small, and what it counts."""
    def paint(img: Image.Image, draw: Draw, box: Box) -> None:
        under = "in your side's pile" if partners else "in your pile"
        x = scene.discard_cards(img, draw, box, "YOUR DISCARD", under, cards, 190) + 6
        x1, mid = box[2], (box[1] + box[3]) / 2
        worth = "never played: scores nothing" if tontine else plural(pack.total(cards), "point")
        draw_text(draw, (x, mid), layout.ellipsize(worth, SMALL - 1, x1 - x - 10), SMALL - 1, theme.TEXT, anchor="lm",
                  bold=not tontine)
    return paint


def hand(view: TarotTableView) -> Image.Image:
    """The viewer's hand, the cards that may go raised, with bands above it: a discard's rule,
    the viewer's own discard, the trick so far, and what they are asked about a completed trick."""
    who = Names(view)
    viewer = view["viewer"]
    phase = view["phase"]
    over = view["over"]
    mine_turn = viewer is not None and viewer in view["to_move"] and not over
    partners = bool(view["sides"])
    tontine = view["ruleset"] == "tontine"
    bands: list[tuple[int, Painter]] = []
    glow: list[str] | None = None
    pick = view["pick"]
    drawn = view  # the view the generic hand reads
    if pick is not None and phase == "discard" and mine_turn:
        # A pick is not moves: the cards it may take are raised and glow, the others left as they are.
        glow = pick["fixed"] + pick["cards"]
        bands.append((scene.RULE_BAND_H, discard_band(view, pick)))
    mine = view["my_discard"] or []
    if mine and phase != "discard" and not over:
        bands.append((scene.DISCARD_BAND_H, mine_band(mine, tontine, partners)))
    trick = trick_plays(view["trick"])
    taker = view["taker"]
    summon = view["summon"]
    trick_glow: set[str] = set()
    if phase == "claim":
        trick_glow = set(view["claimable"])
    elif phase == "summon" and summon:
        trick_glow = {summon}
    if trick and not over:
        why = call(view["why"]) if taker is not None else ""
        label = why.upper() if why else "TAKEN BY" if taker is not None else "THE TRICK"
        caption = who.seat(taker) if taker is not None else scene.led_caption(trick)
        cards = [(card, who.seat(seat), "") for seat, card in trick]
        bands.append((scene.TRICK_BAND_H, scene.trick_band(cards, caption, label, trick_glow)))
    if mine_turn and phase == "claim":
        claimable = view["claimable"]
        ask = scene.raised_band("Claim: leave cards of the trick face up", "raised: may be claimed", claimable,
                                set(claimable))
        bands.append((scene.RAISED_BAND_H, ask))
        glow = []
    elif mine_turn and phase == "summon" and summon:
        bands.append((NOTE_H, note_band(f"Summon the servant of {card_name(summon)}?",
                                        "Its holder adds it to the trick and takes back their card")))
        glow = []
    elif mine_turn and phase == "give":
        # The Butt's moves name cards of the hand: raised as plays are, the others dimmed.
        drawn = {**view, "legal": [{"token": "play:" + a["token"].partition(":")[2], "label": ""}
                                   for a in view["legal"] if a["token"].startswith("give:")]}
        bands.append((NOTE_H, note_band("You are the Butt: the Fool comes into your hand",
                                        "Put one of the raised cards on your pile in its place")))
    return scene.banded_hand(drawn, bands, glow)
