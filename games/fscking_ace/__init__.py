"""Fscking Ace (rules/fscking-ace.md)."""

from .actions import END, FLIP, NEXT, stop
from .rules import FsckingAceRules, FsckingAceState
from .values import Settlement, Transfer

RULES = FsckingAceRules()

__all__ = ["END", "FLIP", "NEXT", "RULES", "FsckingAceRules", "FsckingAceState", "Settlement", "Transfer", "stop"]
