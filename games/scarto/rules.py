"""Scarto (docs/rules/tarot.md), with its rule sets: three players, each for themselves."""

from __future__ import annotations

from games.tarot import pack
from games.tarot.base.rules import TarotTableRules, barred_from_discard
from games.tarot.guide import QUICK_POINTS, QUICK_TURN, RULE_SET_CHOICE, RULE_SETS, SCARTO, TABLE_PACK
from games.tarot.pack import FOOL


class ScartoRules(TarotTableRules):
    key = "scarto"
    title = "Scarto"
    player_counts = (3,)
    hand_size = 25
    discard_rule = "no Aces, Kings or Honours (the Fool only when you hold no other trump)"
    summary = ("Three-player tarot: twenty-five cards each, the dealer "
               "discards three; play plain or with the Tontine, Last Laugh or Courtship rules.")
    guide = SCARTO + TABLE_PACK + RULE_SET_CHOICE
    guide_parts = RULE_SETS
    quick_start = (
        "Three players, each for themselves: win tricks holding the most card points",
        QUICK_TURN,
        QUICK_POINTS,
        "Everyone deals once; after three hands the highest points total wins",
    )
    # Seat 1, in trick 6, is void in swords: seven trumps to choose from.
    example_seed = 1
    example_moves = ("discard:QS,QC,JD", "play:KS", "play:9S", "play:2S", "play:3D", "play:4D", "play:KD", "play:KB",
                     "play:4B", "play:6B", "play:T21", "play:T6", "play:FOOL", "play:QB", "play:7B", "play:3B",
                     "play:NS", "play:7S")

    def discard_refusal(self, card: str, hand: tuple[str, ...], good_and_evil: bool) -> str | None:
        if card == FOOL:
            return "The Fool may be discarded only when you hold no other trump" if any(
                pack.is_trump(c) for c in hand) else None
        return barred_from_discard(card, "Aces may not be discarded in Scarto")


RULES = ScartoRules()
