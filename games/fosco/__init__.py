"""Fosco (docs/rules/fosco.md)."""

from .rules import FoscoRules, FoscoState, Play

RULES = FoscoRules()

__all__ = ["RULES", "FoscoRules", "FoscoState", "Play"]
