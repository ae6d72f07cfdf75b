"""A Bullshit player's hand (DM and "My hand"): the generic hand of :mod:`renderers.kit.hand`, the
cards grouped by rank and those of the rank the next play declares raised and glowing, with a band
above them naming that rank and how many of it the viewer holds, the claim a call would answer
(and how many of its rank the viewer holds: four Kings said while you hold one are a lie) and the
pile's size.
"""

from __future__ import annotations

from PIL import Image

from games.bullshit.view import BullshitView
from games.core.cards import rank_of
from renderers.games.bullshit.parts import claim_width, draw_claim, rank_chip, rank_word
from renderers.games.bullshit.view import held
from renderers.kit import hand as generic_hand
from renderers.kit import layout, theme
from renderers.kit.fonts import draw_text, text_width
from renderers.kit.layout import Box, Draw

SMALL = theme.SMALL_TEXT_SIZE
BAND_H = 64


def hand(view: BullshitView) -> Image.Image:
    """The viewer's cards by rank, those of the rank the next play declares raised and glowing,
    under a band naming that rank and how many of it the viewer holds, the claim a call may
    answer (and how many of its rank the viewer holds) and the pile's size."""
    rank = view["rank"]
    cards = generic_hand.hand_cards(view)
    viewer = view["viewer"]
    window = None if view["over"] else view["window"]
    names = layout.names(view)
    pile = view["pile"]

    def band(img: Image.Image, draw: Draw, box: Box) -> None:
        x0, y0, x1, y1 = box
        mid = (y0 + y1) / 2
        layout.panel(draw, box, theme.PANEL, theme.PANEL_LIGHT, line=1)
        chip = y1 - y0 - 20
        rank_chip(draw, (x0 + 14, mid - chip / 2, x0 + 14 + chip, mid + chip / 2), rank,
                  theme.TEXT_SIZE if len(rank) > 1 else theme.TEXT_SIZE + 4)
        x = x0 + 14 + chip + 14
        draw_text(draw, (x, mid - 11), "LAST RANK" if view["over"] else "NEXT PLAY", SMALL - 5, theme.MUTED,
                  anchor="lm", bold=True)
        line = rank_word(rank) + (f" \u00b7 {held(cards, rank)}" if viewer is not None else "")
        draw_text(draw, (x, mid + 11), line, SMALL + 1, theme.TEXT, anchor="lm", bold=True)
        x += text_width(line, SMALL + 1, True) + 24
        right = layout.pill(draw, (x1 - 14, mid), f"pile {pile}" if pile else "no pile", size=SMALL,
                            fill=theme.BACKGROUND, ink=theme.TEXT, outline=theme.PANEL_LIGHT, anchor="rm")[0] - 16
        if window is None or viewer is None or window["seat"] == viewer:
            return
        # The claim a call would answer, and how many of its rank the viewer holds.
        seat, count, claimed = window["seat"], window["count"], window["rank"]
        word = rank_word(claimed, count)
        size = SMALL + 1
        tail = f" \u00b7 {held(cards, claimed)}"
        total = claim_width(count, word, size) + text_width(tail, size, True)
        if right - total < x:
            return
        left = right - total
        who = names[seat] if 0 <= seat < len(names) else "?"
        head = layout.ellipsize(f"{who} says", SMALL - 3, right - left, True)
        layout.draw_rich(img, draw, (left, mid - 11), head, SMALL - 3, theme.MUTED, bold=True)
        left += draw_claim(img, draw, (left, mid + 11), count, word, size, theme.HIGHLIGHT)
        draw_text(draw, (left, mid + 11), tail, size, theme.TEXT, anchor="lm", bold=True)

    matching = [c for c in cards if rank_of(c) == rank]
    return generic_hand.hand(view, glow=matching, group=rank_of, band=(BAND_H, band))
