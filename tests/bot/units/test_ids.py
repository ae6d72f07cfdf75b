"""custom_ids round-trip, stay within Discord's limit, and damaged ones are refused."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.play import custom_ids
from games.core import registry

BIG = 2**63 - 1  # the largest snowflake


@given(st.integers(0, BIG), st.integers(0, 10**9), st.integers(0, 10**6),
       st.from_regex(r"[a-z]{1,8}:[A-Z0-9,@]{1,30}", fullmatch=True))
def test_action_ids_round_trip(guild: int, table: int, version: int, token: str) -> None:
    custom_id = custom_ids.action(guild, table, version, token)
    assert len(custom_id) <= 100
    assert custom_ids.parse(custom_id) == custom_ids.ActionRef(guild, table, version, token)


def test_other_ids_round_trip() -> None:
    assert custom_ids.parse(custom_ids.lobby(BIG, 5, "join")) == custom_ids.LobbyRef(BIG, 5, "join")
    assert custom_ids.parse(custom_ids.hand(1, 2)) == custom_ids.HandRef(1, 2)
    assert custom_ids.parse(custom_ids.select(1, 2, 3, 1)) == custom_ids.ActionRef(1, 2, 3, "1", select=True)
    assert custom_ids.parse(custom_ids.clock(BIG, 2, 40, "call")) == \
        custom_ids.ActionRef(BIG, 2, 40, "call", clock=True)
    assert custom_ids.parse(custom_ids.clock(1, 2, 3, "play:10H,10H")) == \
        custom_ids.ActionRef(1, 2, 3, "play:10H,10H", clock=True)
    assert custom_ids.parse(custom_ids.pick(1, 2, 3, 2)) == custom_ids.PickRef(1, 2, 3, 2)
    assert custom_ids.parse(custom_ids.ask(BIG, 9, "hint")) == custom_ids.AskRef(BIG, 9, "hint")
    assert custom_ids.parse(custom_ids.ask(1, 2, "why")) == custom_ids.AskRef(1, 2, "why")
    assert custom_ids.parse(custom_ids.lobby(1, 2, "easy")) == custom_ids.LobbyRef(1, 2, "easy")


@given(st.integers(0, BIG), st.integers(0, 10**9), st.sampled_from(custom_ids.REPLAY_VERBS),
       st.integers(0, 10**5), st.none() | st.integers(0, 9))
def test_replay_ids_round_trip(guild: int, table: int, verb: str, moment: int, seat: int | None) -> None:
    custom_id = custom_ids.replay(guild, table, verb, moment, seat)
    assert len(custom_id) <= 100
    assert custom_ids.parse(custom_id) == custom_ids.ReplayRef(guild, table, verb, moment, seat)


@given(st.integers(0, BIG), st.integers(0, BIG), st.integers(0, 10**4),
       st.none() | st.sampled_from(registry.keys()))
def test_history_ids_round_trip(guild: int, member: int, page: int, game: str | None) -> None:
    custom_id = custom_ids.history(guild, member, page, game)
    assert len(custom_id) <= 100
    assert custom_ids.parse(custom_id) == custom_ids.HistoryRef(guild, member, page, game)


@pytest.mark.parametrize("bad", [
    "", "hello", "pl:", "pl:a:1:2", "pl:a:1:2:X:play:7H", "pl:a:1:2:3:", "pl:l:1:2:dance", "pl:h:1",
    "pl:a:-1:2:3:play:7H", "pl:a:1:2:3:play 7H", "pl:s:1:2:3:x", "pl:z:1:2",
    "pl:c:1:2:3:x", "pl:c:1:2:3:123", "pl:w:1:2:3:", "pl:q:1:2:cheat", "pl:q:1:hint", "pl:" + "a" * 120,
    "pl:r:1:2:peek:0:-", "pl:r:1:2:go:0", "pl:r:1:2:go:-1:-", "pl:r:1:2:go:0:x!", "pl:y:1:2:0:Fosco",
    "pl:y:1:2:0", "pl:y:1:2:-3:-", "pl:y:1:2:0:fosco:x",
])
def test_damaged_ids_are_refused(bad: str) -> None:
    with pytest.raises(custom_ids.BadCustomId):
        custom_ids.parse(bad)
