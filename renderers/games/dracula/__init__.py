"""Dracula's pictures (docs/rules/dracula.md): the table everyone sees, a player's copy and the hand."""

from renderers.games.dracula.copy import copy
from renderers.games.dracula.hand import hand
from renderers.games.dracula.table import table

__all__ = ["copy", "hand", "table"]
