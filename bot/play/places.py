"""Places for the skill ratings: where each seat finished a game, its team and its place (1 is
first, equal places are ties). A finished game's come from its outcome; those of games recorded
before ratings existed from their stored results (the store then rates everything again, in the
order the games finished). ``placings`` is pure, and computed from what the results table keeps
(scores, who won, who resigned) and the game's own rules (partnerships, whether the lowest score
wins), so that the same places come out for a game finished today and for one recorded before
ratings existed."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import NamedTuple

from bot.store import GuildStore
from games.core import registry
from games.core.base import Outcome


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


def game_placings(key: str, outcome: Outcome, gave_up: Collection[int] = ()) -> list[Placing]:
    """Each seat's team and place in a finished game of ``key``; ``gave_up``: seats resigned."""
    rules = registry.get(key)
    return placings(outcome.scores, outcome.winners, outcome.sides, rules.low_scores_win, gave_up)


def stored_placings(key: str, results: Sequence[tuple[int, int | None, int, bool]],
                    resigned: Collection[int]) -> list[tuple[int, int, int]]:
    """(seat, team, place) for a game recorded before ratings, from its results ((seat, member_id,
    score, won) each) and the members who resigned: the game's partnerships and scoring from its
    rules, as for a game finished now."""
    seats = 1 + max(seat for seat, *_ in results)
    scores, winners = [0] * seats, set()
    for seat, _member, score, won in results:
        scores[seat] = score
        if won:
            winners.add(seat)
    known = key in set(registry.keys())
    rules = registry.get(key) if known else None
    sides = rules.partnerships(seats) if rules is not None else ()
    gave_up = {seat for seat, member, *_ in results if member is not None and member in resigned}
    placed = placings(scores, winners, sides, bool(rules and rules.low_scores_win), gave_up)
    return [(seat, placed[seat].team, placed[seat].place) for seat, *_ in results]


async def place_older_results(store: GuildStore) -> None:
    """Rate the games recorded before ratings existed, once: the first time a guild's store is
    used for ratings after the upgrade (nothing to do, and no read, after that)."""
    pending = await store.unplaced()
    if pending:
        await store.place_results({t.table_id: stored_placings(t.game, t.results, t.resigned) for t in pending})
