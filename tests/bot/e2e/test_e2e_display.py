"""How a table is shown while it moves fast: within Discord's per-channel write limit, newest
state first, every notable line once and in order (said at once on the table message, posted
together when the round ends), and a hand that is never out of date."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.play import custom_ids
from bot.runtime import limits
from bot.show.display import RECENT_LINES, table_content
from bot.show.results import headline, repeats
from localcord import LocalDiscord
from tests.discord_spec import local_discord

from ..parlour_harness import channel_named, controls, live_table, open_table, play_to_end, running, take_turn

WINDOW = 1.0  # Discord's 5 writes in 5 s, scaled to 5 in 1 s so the test is quick; the rule is the same


@pytest.fixture
async def standin() -> AsyncIterator[LocalDiscord]:
    async with local_discord() as server:
        yield server
    server.assert_clean()


async def test_fast_play_keeps_the_write_limit_and_shows_every_line_in_order(standin: LocalDiscord,
                                                                              tmp_path: Path) -> None:
    guild = standin.add_guild("Card club")
    alice = standin.add_user("alice")
    guild.add_member(alice)
    lobby = guild.add_text_channel("games")
    async with running(standin, tmp_path, ai_delay=0.0, write_window=WINDOW) as bot:
        await open_table(standin, alice, lobby, "fosco", {"deals": 1}, computers=1)
        live = await live_table(standin, bot)
        clicks = 0
        while clicks < 10 and not live.state.is_over:
            if 0 in live.state.to_move:
                await take_turn(standin, bot, live, alice)
                clicks += 1
            else:
                await standin.wait_for(lambda: 0 in live.state.to_move or live.state.is_over, 10, "the computer")
        await bot.publisher.settled(live, timeout=20)

        channel, most = standin.busiest_window(WINDOW)
        assert most <= limits.WRITES, f"{most} writes within {WINDOW} s in channel {channel}"
        assert clicks >= 6 and live.version > clicks  # the computer moved between the clicks

        # The table message shows the newest state, though not every state in between was drawn.
        table = channel_named(guild, "fosco-1")
        assert table is not None
        message = next(m for m in table.messages if m.id == live.row.table_message_id)
        assert message.content == table_content(live)
        edits = [c for c in standin.rest.calls if c.operation_id == "update_message"
                 and c.path.endswith(f"/messages/{message.id}")]
        assert len(edits) < live.version, "moves that came together were drawn as one picture"

        # The newest notable lines are said at once on the table message; in the channel they go out
        # together when a round ends, each once and in order.
        expected = [live.text(e.text) for e in live.state.log if e.notable]
        assert expected and all(f"-# {line}" in message.content for line in expected[-RECENT_LINES:])
        posted = [line for m in table.messages if m.id != message.id for line in m.content.split("\n")
                  if line in expected]
        assert posted == expected[:len(posted)]

        # The newest hand in Alice's DMs is the one to play from, at the table's version.
        if 0 in live.state.to_move:
            newest = standin.dm_messages(alice)[-1]
            assert controls(newest, live.version)
            # (a learner's question, Hint or why-not, carries no version)
            versions = {custom_ids.parse(c.custom_id).version for c in newest.components  # type: ignore[union-attr]
                        if c.custom_id and not isinstance(custom_ids.parse(c.custom_id), custom_ids.AskRef)}
            assert versions == {live.version}

        await play_to_end(standin, bot, live, {0: alice})  # the deal ends: every line is in the channel
        await bot.publisher.settled(live, timeout=20)
        final = [live.text(e.text) for e in live.state.log if e.notable]
        outcome = live.state.outcome
        assert outcome is not None
        if repeats(headline(outcome, live.names), live.text(outcome.detail)):
            final.remove(live.text(outcome.detail))  # the result's headline says it, once (issue 44 point 8)
        posted = [line for m in table.messages if m.id != message.id for line in m.content.split("\n")
                  if line in final]
        assert posted == final
