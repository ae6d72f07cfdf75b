"""The Scarto table, hand and hand's-end images: those of :mod:`renderers.games.tarot.base_games`, which draws
the three tarot base games."""

from __future__ import annotations

from renderers.games.tarot.base_copy import copy
from renderers.games.tarot.base_hand import hand
from renderers.games.tarot.base_round_end import round_end
from renderers.games.tarot.base_table import base_table as table

__all__ = ["copy", "hand", "round_end", "table"]
