"""The copies of hands kept through a click's token (bot.show.token_copies.ReplyCopy) are stored in the
table's extra as a list: a table stored before the named type still loads, and is stored back the same."""

from __future__ import annotations

import json

from bot.show.token_copies import ReplyCopy


def test_a_stored_reply_reads_and_is_stored_back_the_same() -> None:
    stored = json.loads(json.dumps([1234567890123, "tok-en", 998877665544, 1700000900.25]))
    copy = ReplyCopy.from_json(stored)
    assert copy == ReplyCopy(1234567890123, "tok-en", 998877665544, 1700000900.25, dm=False)
    assert copy.to_json() == stored


def test_a_stored_direct_message_reads_and_is_stored_back_the_same() -> None:
    stored = json.loads(json.dumps([1234567890123, "tok-en", 998877665544, 1700000900.25, "dm"]))
    copy = ReplyCopy.from_json(stored)
    assert copy.dm and copy.message_id == 998877665544 and copy.expires == 1700000900.25
    assert copy.to_json() == stored
    assert json.dumps(copy.to_json()) == json.dumps(stored)
