"""Manchester Piccadilly's computer player (shared with the other two-player tarot game)."""

from games.tarot.manchester_ai import choose

__all__ = ["choose"]
