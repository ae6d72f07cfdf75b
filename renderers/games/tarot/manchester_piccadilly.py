"""The Manchester Piccadilly table, hand and hand's-end images: those of
:mod:`renderers.games.tarot.manchester`, which draws both two-player tarot games."""

from __future__ import annotations

from renderers.games.tarot.manchester_copy import copy
from renderers.games.tarot.manchester_hand import hand
from renderers.games.tarot.manchester_round_end import round_end
from renderers.games.tarot.manchester_table import manchester_table as table

__all__ = ["copy", "hand", "round_end", "table"]
