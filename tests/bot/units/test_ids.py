"""custom_ids round-trip, stay within Discord's limit, and damaged ones are refused."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.play import custom_ids as ids

BIG = 2**63 - 1  # the largest snowflake


@given(st.integers(0, BIG), st.integers(0, 10**9), st.integers(0, 10**6),
       st.from_regex(r"[a-z]{1,8}:[A-Z0-9,@]{1,30}", fullmatch=True))
def test_action_ids_round_trip(guild: int, table: int, version: int, token: str) -> None:
    custom_id = ids.action(guild, table, version, token)
    assert len(custom_id) <= 100
    assert ids.parse(custom_id) == ids.ActionRef(guild, table, version, token)


def test_other_ids_round_trip() -> None:
    assert ids.parse(ids.lobby(BIG, 5, "join")) == ids.LobbyRef(BIG, 5, "join")
    assert ids.parse(ids.hand(1, 2)) == ids.HandRef(1, 2)
    assert ids.parse(ids.select(1, 2, 3, 1)) == ids.ActionRef(1, 2, 3, "1", select=True)
    assert ids.parse(ids.clock(BIG, 2, 40, "call")) == ids.ActionRef(BIG, 2, 40, "call", clock=True)
    assert ids.parse(ids.clock(1, 2, 3, "play:10H,10H")) == ids.ActionRef(1, 2, 3, "play:10H,10H", clock=True)
    assert ids.parse(ids.pick(1, 2, 3, 2)) == ids.PickRef(1, 2, 3, 2)
    assert ids.parse(ids.ask(BIG, 9, "hint")) == ids.AskRef(BIG, 9, "hint")
    assert ids.parse(ids.ask(1, 2, "why")) == ids.AskRef(1, 2, "why")
    assert ids.parse(ids.lobby(1, 2, "easy")) == ids.LobbyRef(1, 2, "easy")


@pytest.mark.parametrize("bad", [
    "", "hello", "pl:", "pl:a:1:2", "pl:a:1:2:X:play:7H", "pl:a:1:2:3:", "pl:l:1:2:dance", "pl:h:1",
    "pl:a:-1:2:3:play:7H", "pl:a:1:2:3:play 7H", "pl:s:1:2:3:x", "pl:z:1:2",
    "pl:c:1:2:3:x", "pl:c:1:2:3:123", "pl:w:1:2:3:", "pl:q:1:2:cheat", "pl:q:1:hint", "pl:" + "a" * 120,
])
def test_damaged_ids_are_refused(bad: str) -> None:
    with pytest.raises(ids.BadCustomId):
        ids.parse(bad)
