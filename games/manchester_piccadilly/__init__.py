"""Manchester Piccadilly (docs/rules/tarot.md): two-player tarot, Manchester then Piccadilly."""

from .rules import RULES

__all__ = ["RULES"]
