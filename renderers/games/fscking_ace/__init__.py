"""Fscking Ace's pictures (docs/rules/fscking-ace.md): the table, where the game is played, and a
round's settlement (the hand is the kit's)."""

from renderers.games.fscking_ace.settlement import settlement
from renderers.games.fscking_ace.table import table

__all__ = ["settlement", "table"]
