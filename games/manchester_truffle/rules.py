"""Manchester Truffle: Manchester, then Truffle (docs/rules/tarot.md)."""

from __future__ import annotations

from games.tarot.guide import TRUFFLE_GUIDE
from games.tarot.manchester import ManchesterRules


class ManchesterTruffleRules(ManchesterRules):
    key = "manchester-truffle"
    title = "Manchester Truffle"
    summary = ("Two-player tarot: a short hand of ten tricks, then sixteen cards each and a face-up dummy "
               "the players take turns to play. Highest total over two hands wins.")
    guide = TRUFFLE_GUIDE


RULES = ManchesterTruffleRules()
