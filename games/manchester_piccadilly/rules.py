"""Manchester Piccadilly: Manchester, then Piccadilly (docs/rules/tarot.md)."""

from __future__ import annotations

from games.tarot.guide import PICCADILLY_GUIDE, QUICK_POINTS, SUIT_ORDER
from games.tarot.manchester.rules import ManchesterRules


class ManchesterPiccadillyRules(ManchesterRules):
    key = "manchester-piccadilly"
    title = "Manchester Piccadilly"
    summary = ("Two-player tarot: a short hand of ten tricks, then two hands each, one of them a face-up "
               "dummy. Highest total over two hands wins.")
    guide = PICCADILLY_GUIDE
    quick_start = (
        QUICK_POINTS,
        f"Play one card: follow suit, else trump; the top trump, or else the suit's top card ({SUIT_ORDER}), takes "
        "the trick",
        "Ten tricks first: you score your pile, three discards included, less the value of the hand you were dealt",
        "Then thirteen from your hand and your face-up dummy: points taken plus 1 a trick. Most over two hands wins",
    )
    # The Normal computer's first moves from seed 5, into the second part's trick: the example.
    example_seed = 5
    example_moves = (
        "discard:6B,AB,AD", "discard:4S,AS,NC", "play:JC", "play:QC", "play:9B", "play:T11", "play:6C", "play:9C",
        "play:10B", "play:T9", "play:JS", "play:8S", "play:3B", "play:2C", "play:7C", "play:T3", "play:4B", "play:6D",
        "play:JD", "play:3D", "play:9D", "play:7S", "choose:1", "choose:0", "play:2B", "play:T1", "play:7B",
        "play:KB", "play:2S", "play:3S", "play:5S",
    )


RULES = ManchesterPiccadillyRules()
