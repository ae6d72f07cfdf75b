"""A Busca player's hand (DM and "My hand"): their cards under the trick so far, the cards that may
go raised (:func:`renderers.kit.trick_table.trick_hand`)."""

from __future__ import annotations

from PIL import Image

from games.busca.view import BuscaView
from games.core.cards import SUIT_NAMES, suit_of
from renderers.kit import layout
from renderers.kit.trick_table import trick_hand, trick_plays


def hand(view: BuscaView) -> Image.Image:
    """The viewer's hand with the trick so far above it (the cards that may go raised)."""
    names = layout.names(view)
    trick = trick_plays(view["trick"])
    caption = ""
    if trick:
        led = SUIT_NAMES["standard"].get(suit_of(trick[0][1]), "")
        caption = f"{led.capitalize()} led"
    return trick_hand(view, trick, lambda s: names[s] if 0 <= s < len(names) else "?", caption)
