"""Scarto (docs/rules/tarot.md), with its rule sets."""

from __future__ import annotations

from games.tarot import guide as texts
from games.tarot.base.rules import ScartoRules as Base


class ScartoRules(Base):
    summary = ("Three-player tarot: twenty-five cards each, the dealer "
               "discards three; play plain or with the Tontine, Last Laugh or Courtship rules.")
    guide = texts.SCARTO + texts.TABLE_PACK + texts.RULE_SET_CHOICE
    guide_parts = texts.RULE_SETS
    quick_start = (
        "Three players, each for themselves: win tricks holding the most card points",
        texts.QUICK_TURN,
        texts.QUICK_POINTS,
        "Everyone deals once; after three hands the highest points total wins",
    )
    # Seat 1, in trick 6, is void in swords: seven trumps to choose from.
    example_seed = 1
    example_moves = ("discard:QS,QC,JD", "play:KS", "play:9S", "play:2S", "play:3D", "play:4D", "play:KD", "play:KB",
                     "play:4B", "play:6B", "play:T21", "play:T6", "play:FOOL", "play:QB", "play:7B", "play:3B",
                     "play:NS", "play:7S")


RULES = ScartoRules()
