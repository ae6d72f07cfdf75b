"""Conference (docs/rules/tarot.md), with its rule sets: four players, partners side by side (seats
0 and 1 against 2 and 3), who may talk freely."""

from __future__ import annotations

from games.tarot.base.rules import PartnershipRules
from games.tarot.guide import CONFERENCE, QUICK_POINTS, QUICK_TURN, RULE_SET_CHOICE, RULE_SETS, TABLE_PACK


class ConferenceRules(PartnershipRules):
    key = "conference"
    title = "Conference"
    table_talk = True
    summary = ("Four-player tarot, partners side by side who may talk "
               "freely; plain or with the Tontine, Last Laugh or Courtship rules.")
    guide = CONFERENCE + TABLE_PACK + RULE_SET_CHOICE
    guide_parts = RULE_SETS
    quick_start = (
        "Two pairs, partners side by side and free to talk: win tricks holding card points",
        QUICK_TURN,
        QUICK_POINTS,
        "Everyone deals once; after four hands the pair with more points wins",
    )
    # Seat 1's partner holds the trick with a low baton: seat 1 may add its Ace.
    example_seed = 2
    example_moves = ("discard:NS,AD", "play:KC", "play:2C", "play:FOOL", "play:4C", "play:KD", "play:3D", "play:2D",
                     "play:JD", "play:KB", "play:7B", "play:JB", "play:9B", "play:QC", "play:7C", "play:5C",
                     "play:10C", "play:2B", "play:3B")

    def side_of(self, seat: int) -> int:
        return seat // 2

    def partnerships(self, players: int) -> tuple[tuple[int, ...], ...]:
        return ((0, 1), (2, 3))


RULES = ConferenceRules()
