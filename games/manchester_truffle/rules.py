"""Manchester Truffle: Manchester, then Truffle (docs/rules/tarot.md)."""

from __future__ import annotations

from games.tarot.guide import QUICK_POINTS, SUIT_ORDER, TRUFFLE_GUIDE
from games.tarot.manchester.rules import ManchesterRules


class ManchesterTruffleRules(ManchesterRules):
    key = "manchester-truffle"
    title = "Manchester Truffle"
    summary = ("Two-player tarot: a short hand of ten tricks, then sixteen cards each and a face-up dummy "
               "the players take turns to play. Highest total over two hands wins.")
    guide = TRUFFLE_GUIDE
    quick_start = (
        QUICK_POINTS,
        f"Play one card: follow suit, else trump; the top trump, or else the suit's top card ({SUIT_ORDER}), takes "
        "the trick",
        "Ten tricks first: you score your pile, three discards included, less the value of the hand you were dealt",
        "Then sixteen with a face-up dummy you share: points taken plus 1 a trick. Most over two hands wins",
    )
    # The Normal computer's first moves from seed 2, into the second part's trick: the example.
    example_seed = 2
    example_moves = (
        "discard:NS,3B,4C", "discard:JS,7D,4D", "play:6D", "play:T14", "play:10B", "play:9B", "play:3D", "play:T16",
        "play:8B", "play:T7", "play:8D", "play:T2", "play:5B", "play:T9", "play:9D", "play:T5", "play:5C", "play:7C",
        "play:10D", "play:3C", "play:KS", "play:T13", "discard:AB,JD,AD", "play:QS", "play:3S", "play:FOOL",
        "play:KB", "play:T4", "play:QB", "play:QD", "play:KD",
    )


RULES = ManchesterTruffleRules()
