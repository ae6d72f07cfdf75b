"""Busca (docs/rules/busca.md)."""

from .rules import BuscaRules, BuscaState, Discard, Play

RULES = BuscaRules()

__all__ = ["RULES", "BuscaRules", "BuscaState", "Discard", "Play"]
