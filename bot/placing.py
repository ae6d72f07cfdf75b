"""Where each seat finished a game, for the skill ratings: its team and its place (1 is first,
equal places are ties). Pure, and computed from what the results table keeps (scores, who won,
who resigned) and the game's own rules (partnerships, whether the lowest score wins), so that the
same places come out for a game finished today and for one recorded before ratings existed."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import NamedTuple


class Placing(NamedTuple):
    team: int
    place: int


def placings(scores: Sequence[int], winners: Collection[int], sides: Sequence[Sequence[int]],
             low_scores_win: bool, gave_up: Collection[int] = ()) -> list[Placing]:
    """Each seat's team and place. Partners (``sides``) are one team; every other seat is a team
    of its own, numbered by its seat. Teams with a winner come first, then by score (the lowest
    first where ``low_scores_win``); equal keys share a place, as in "1, 2, 2, 4". A seat whose
    member resigned (``gave_up``) leaves its team and shares the last place with the others who
    did: the resign message says the game counts as their loss, whatever the computer made of it."""
    seats = range(len(scores))
    team_of = {seat: seat for seat in seats}
    for side in sides:
        for seat in side:
            team_of[seat] = min(side)
    quitters = set(gave_up)
    direction = 1 if low_scores_win else -1
    keys = {team_of[s]: (0 if any(w in winners and team_of[w] == team_of[s] and w not in quitters
                                  for w in seats) else 1, direction * scores[s])
            for s in seats if s not in quitters}
    ordered = sorted(keys.values())
    place_of = {team: 1 + ordered.index(key) for team, key in keys.items()}
    last = len(keys) + 1
    return [Placing(len(scores) + s, last) if s in quitters else Placing(team_of[s], place_of[team_of[s]])
            for s in seats]
