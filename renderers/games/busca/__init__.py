"""Busca's pictures: the table, a player's copy, the hand and a hand's end."""

from renderers.games.busca.copy import copy
from renderers.games.busca.hand import hand
from renderers.games.busca.round_end import round_end
from renderers.games.busca.table import table

__all__ = ["copy", "hand", "round_end", "table"]
