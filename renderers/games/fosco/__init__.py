"""Fosco's pictures (docs/rules/fosco.md): the table everyone sees, a player's copy and a deal's end."""

from renderers.games.fosco.copy import copy
from renderers.games.fosco.round_end import round_end
from renderers.games.fosco.table import table

__all__ = ["copy", "round_end", "table"]
