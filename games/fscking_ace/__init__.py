"""Fscking Ace (docs/rules/fscking-ace.md)."""

from .actions import END, FLIP, JOIN, NEXT, stop
from .rules import FsckingAceRules, FsckingAceState
from .values import RoundSettlement

RULES = FsckingAceRules()

__all__ = ["END", "FLIP", "JOIN", "NEXT", "RULES", "FsckingAceRules", "FsckingAceState", "RoundSettlement", "stop"]
