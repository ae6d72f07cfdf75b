"""The Scarto table, hand and hand's-end images: those of :mod:`renderers.tarot_round`, which draws
the three tarot base games."""

from __future__ import annotations

from .tarot_round import hand, round_end, table

__all__ = ["hand", "round_end", "table"]
