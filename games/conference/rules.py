"""Conference (docs/rules/tarot.md), with its rule sets."""

from __future__ import annotations

from games.tarot import guide as texts
from games.tarot.base.rules import ConferenceRules as Base


class ConferenceRules(Base):
    summary = ("Four-player tarot, partners side by side who may talk "
               "freely; plain or with the Tontine, Last Laugh or Courtship rules.")
    guide = texts.CONFERENCE + texts.TABLE_PACK + texts.RULE_SET_CHOICE
    guide_parts = texts.RULE_SETS
    quick_start = (
        "Two pairs, partners side by side and free to talk: win tricks holding card points",
        texts.QUICK_TURN,
        texts.QUICK_POINTS,
        "Everyone deals once; after four hands the pair with more points wins",
    )
    # Seat 1's partner holds the trick with a low baton: seat 1 may add its Ace.
    example_seed = 2
    example_moves = ("discard:NS,AD", "play:KC", "play:2C", "play:FOOL", "play:4C", "play:KD", "play:3D", "play:2D",
                     "play:JD", "play:KB", "play:7B", "play:JB", "play:9B", "play:QC", "play:7C", "play:5C",
                     "play:10C", "play:2B", "play:3B")


RULES = ConferenceRules()
