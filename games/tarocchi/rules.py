"""Tarocchi (docs/rules/tarot.md), with its rule sets."""

from __future__ import annotations

from games.tarot import guide as texts
from games.tarot.table_rules import TarocchiRules as Base


class TarocchiRules(Base):
    summary = ("Four-player tarot, partners opposite; play plain or with "
               "the Tontine, Last Laugh or Courtship rules.")
    guide = texts.TAROCCHI + texts.TABLE_PACK + texts.RULE_SET_CHOICE
    guide_parts = texts.RULE_SETS


RULES = TarocchiRules()
