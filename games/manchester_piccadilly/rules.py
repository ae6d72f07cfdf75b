"""Manchester Piccadilly: Manchester, then Piccadilly (docs/rules/tarot.md)."""

from __future__ import annotations

from games.tarot.guide import PICCADILLY_GUIDE
from games.tarot.manchester import ManchesterRules


class ManchesterPiccadillyRules(ManchesterRules):
    key = "manchester-piccadilly"
    title = "Manchester Piccadilly"
    summary = ("Two-player tarot: a short hand of ten tricks, then two hands each, one of them a face-up "
               "dummy. Highest total over two hands wins.")
    guide = PICCADILLY_GUIDE


RULES = ManchesterPiccadillyRules()
