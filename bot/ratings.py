"""Places for the skill ratings: a finished game's, from its outcome, and those of games recorded
before ratings existed, from their stored results (the store then rates everything again, in
the order the games finished)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from games.core import registry
from games.core.base import Outcome

from .placing import Placing, placings
from .store import GuildStore


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
