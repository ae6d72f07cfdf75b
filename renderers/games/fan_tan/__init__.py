"""Fan Tan's pictures: the table, a player's copy, the hand and a hand's end."""

from renderers.games.fan_tan.copy import copy
from renderers.games.fan_tan.hand import hand
from renderers.games.fan_tan.round_end import round_end
from renderers.games.fan_tan.table import table

__all__ = ["copy", "hand", "round_end", "table"]
