"""An ended game's moments (bot/show/replays/moments.py), for every registered game: replayed from
the record, each moment is the state after that many moves; the rounds cover the game in order; a
move's lines are what it added to the log; every hand is named at every moment."""

from __future__ import annotations

import itertools
import random

import pytest

from bot.show.replays.moments import Moments
from games.core import cards, registry
from games.core.base import State, name_players, random_action
from games.core.views import shared


def played(key: str, seed: int) -> State:
    rules = registry.get(key)
    state = rules.new_game(rules.player_counts[0], seed, {}, None)
    rng = random.Random(seed)
    for _ in range(4000):
        if state.is_over:
            return state
        seat = sorted(state.to_move)[0]
        state = state.apply(seat, random_action(state, seat, rng).token)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("key", registry.keys())
def test_every_moment_is_the_game_after_that_many_moves(key: str) -> None:
    final = played(key, 11)
    names = [f"N{i}" for i in range(final.players)]
    moments = Moments(registry.get(key), final.to_record(), names)
    assert moments.last == len(final.history)
    assert moments.final.history == final.history and moments.final.outcome == final.outcome
    for moment in (0, 1, moments.last // 2, moments.last):
        assert len(moments.state(moment).history) == moment
        before = moments.state(moment - 1).log if moment else ()
        assert moments.lines(moment)[:1] == [name_players(e.text, names) for e in moments.state(moment).log[
            len(before):]][:1]
        assert moments.mover(moment) == (final.history[moment - 1][0] if moment else None)
    assert moments.state(moments.last + 5) is moments.final and moments.state(-3) is moments.state(0)


@pytest.mark.parametrize("key", registry.keys())
def test_the_rounds_follow_one_another_to_the_end(key: str) -> None:
    final = played(key, 12)
    moments = Moments(registry.get(key), final.to_record(), [f"N{i}" for i in range(final.players)])
    rounds = moments.rounds()
    assert rounds and rounds[0].start == 0 and [r.number for r in rounds] == list(range(1, len(rounds) + 1))
    last_end = rounds[-1].end  # a finished game: its last round ends with it, or waits between rounds to its end
    assert last_end is not None
    assert all(moments.state(m).between_rounds or moments.state(m).is_over for m in range(last_end + 1, moments.last))
    for earlier, later in itertools.pairwise(rounds):
        assert earlier.end is not None and earlier.start <= earlier.end <= later.start <= moments.last
    scored = [r.end for r in rounds if r.end is not None]
    assert len(scored) >= final.rounds_scored
    for moment in range(moments.last + 1):
        found = moments.round_at(moment)
        assert found is not None and found.start <= moment


@pytest.mark.parametrize("key", registry.keys())
def test_every_hand_is_named_once_the_game_is_over(key: str) -> None:
    final = played(key, 13)
    rules = registry.get(key)
    moments = Moments(rules, final.to_record(), [f"N{i}" for i in range(final.players)])
    seen = moments.hands(0)
    if rules.open_play or "hands" in moments.view(0, None):
        assert seen == []  # on the table for all, in the picture
        return
    family = rules.card_order.family
    assert [s.seat for s in seen] == list(range(final.players))
    for s in seen:
        held = shared(moments.state(0).view(s.seat)).get("hand") or []
        assert sorted(s.cards) == sorted(cards.short(c, family) for c in held)


def test_a_table_ended_during_a_round_leaves_that_round_open() -> None:
    final = played("busca", 14)
    record = final.to_record()
    record["actions"] = record["actions"][:50]  # ended by its host after 50 moves (round 2 under way)
    moments = Moments(registry.get("busca"), record, ["A", "B", "C"])
    assert not moments.final.is_over
    assert moments.rounds()[-1].end is None and moments.rounds()[0].end is not None
