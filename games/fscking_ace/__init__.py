"""Fscking Ace (rules/fscking-ace.md)."""

from .actions import End, Flip, Next, Stop
from .rules import FsckingAceRules, FsckingAceState
from .values import Settlement, Transfer

RULES = FsckingAceRules()

__all__ = ["RULES", "End", "Flip", "FsckingAceRules", "FsckingAceState", "Next", "Settlement", "Stop", "Transfer"]
