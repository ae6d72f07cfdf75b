"""Bullshit, also called Cheat (docs/rules/bullshit.md)."""

from .rules import CALL, PASS, BullshitRules, BullshitState, Play

RULES = BullshitRules()

__all__ = ["CALL", "PASS", "RULES", "BullshitRules", "BullshitState", "Play"]
