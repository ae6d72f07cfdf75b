"""Scarto (docs/rules/tarot.md), with its rule sets."""

from __future__ import annotations

from games.tarot import guide as texts
from games.tarot.table_rules import ScartoRules as Base


class ScartoRules(Base):
    summary = ("Three-player tarot: twenty-five cards each, the dealer "
               "discards three; play plain or with the Tontine, Last Laugh or Courtship rules.")
    guide = texts.SCARTO + texts.TABLE_PACK + texts.RULE_SET_CHOICE
    guide_parts = texts.RULE_SETS


RULES = ScartoRules()
