"""Conference (docs/rules/tarot.md): a tarot base game, plain or under Tontine, the Last Laugh or Courtship Rules."""

from .rules import RULES

__all__ = ["RULES"]
