"""Manchester Truffle (docs/rules/tarot.md): two-player tarot, Manchester then Truffle."""

from .rules import RULES

__all__ = ["RULES"]
