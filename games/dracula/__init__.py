"""Dracula (docs/rules/dracula.md)."""

from .actions import Place, Way
from .rules import DraculaRules, DraculaState

RULES = DraculaRules()

__all__ = ["RULES", "DraculaRules", "DraculaState", "Place", "Way"]
