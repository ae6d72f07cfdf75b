"""Bullshit's pictures: the table and a player's copy, both laid out for Discord's inline box, and
the hand. Nothing face down is ever drawn face up: the table shows no hand, and the only faces on
it are the cards a call turned up (``view["reveal"]``)."""

from renderers.games.bullshit.copy import copy
from renderers.games.bullshit.hand import hand
from renderers.games.bullshit.table import table

__all__ = ["copy", "hand", "table"]
