"""Fan Tan (docs/rules/fan-tan.md)."""

from .rules import FanTanRules, FanTanState, Pass, Play

RULES = FanTanRules()

__all__ = ["RULES", "FanTanRules", "FanTanState", "Pass", "Play"]
