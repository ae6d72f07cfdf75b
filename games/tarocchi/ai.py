"""Tarocchi's computer players, Normal (``choose``) and Easy (``choose_easy``), and the reasons for
the Normal one's move (``explain``): shared by the tarot base games."""

from games.tarot.table_ai import choose
from games.tarot.table_teaching import choose_easy, explain

__all__ = ["choose", "choose_easy", "explain"]
