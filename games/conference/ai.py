"""Conference's computer player (shared by the tarot base games)."""

from games.tarot.table_ai import choose

__all__ = ["choose"]
