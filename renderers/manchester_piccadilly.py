"""The Manchester Piccadilly table, hand and hand's-end images: those of
:mod:`renderers.tarot_table`, which draws both two-player tarot games."""

from __future__ import annotations

from .tarot_table import hand, round_end, table

__all__ = ["hand", "round_end", "table"]
