"""Conference (docs/rules/tarot.md), with its rule sets."""

from __future__ import annotations

from games.tarot import guide as texts
from games.tarot.table_rules import ConferenceRules as Base


class ConferenceRules(Base):
    summary = ("Four-player tarot, partners side by side who may talk "
               "freely; plain or with the Tontine, Last Laugh or Courtship rules.")
    guide = texts.CONFERENCE + texts.TABLE_PACK + texts.RULE_SET_CHOICE
    guide_parts = texts.RULE_SETS


RULES = ConferenceRules()
