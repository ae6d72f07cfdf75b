"""Tarocchi (docs/rules/tarot.md), with its rule sets: four players, partners opposite (seats 0
and 2 against 1 and 3)."""

from __future__ import annotations

from games.tarot.base.rules import PartnershipRules
from games.tarot.guide import QUICK_POINTS, QUICK_TURN, RULE_SET_CHOICE, RULE_SETS, TABLE_PACK, TAROCCHI


class TarocchiRules(PartnershipRules):
    key = "tarocchi"
    title = "Tarocchi"
    summary = ("Four-player tarot, partners opposite; play plain or with "
               "the Tontine, Last Laugh or Courtship rules.")
    guide = TAROCCHI + TABLE_PACK + RULE_SET_CHOICE
    guide_parts = RULE_SETS
    quick_start = (
        "Two pairs, partners facing each other: win tricks holding card points for your side",
        QUICK_TURN,
        QUICK_POINTS,
        "Everyone deals once; after four hands the pair with more points wins",
    )
    # Seat 1's partner holds the trick with the Queen of swords: feed it a court card, or keep them.
    example_seed = 1
    example_moves = ("discard:QB,AC", "play:KC", "play:T1", "play:2C", "play:3C", "play:KD", "play:FOOL", "play:QD",
                     "play:6D", "play:2S", "play:3S", "play:KS", "play:8S", "play:KB", "play:T3", "play:5B", "play:3B",
                     "play:QS", "play:10S")

    def side_of(self, seat: int) -> int:
        return seat % 2

    def partnerships(self, players: int) -> tuple[tuple[int, ...], ...]:
        return ((0, 2), (1, 3))


RULES = TarocchiRules()
