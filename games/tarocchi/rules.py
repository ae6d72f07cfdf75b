"""Tarocchi (docs/rules/tarot.md), with its rule sets."""

from __future__ import annotations

from games.tarot import guide as texts
from games.tarot.base.rules import TarocchiRules as Base


class TarocchiRules(Base):
    summary = ("Four-player tarot, partners opposite; play plain or with "
               "the Tontine, Last Laugh or Courtship rules.")
    guide = texts.TAROCCHI + texts.TABLE_PACK + texts.RULE_SET_CHOICE
    guide_parts = texts.RULE_SETS
    quick_start = (
        "Two pairs, partners facing each other: win tricks holding card points for your side",
        texts.QUICK_TURN,
        texts.QUICK_POINTS,
        "Everyone deals once; after four hands the pair with more points wins",
    )
    # Seat 1's partner holds the trick with the Queen of swords: feed it a court card, or keep them.
    example_seed = 1
    example_moves = ("discard:QB,AC", "play:KC", "play:T1", "play:2C", "play:3C", "play:KD", "play:FOOL", "play:QD",
                     "play:6D", "play:2S", "play:3S", "play:KS", "play:8S", "play:KB", "play:T3", "play:5B", "play:3B",
                     "play:QS", "play:10S")


RULES = TarocchiRules()
