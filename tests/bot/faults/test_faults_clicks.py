"""Clicks the bot cannot act on still get an answer, and change nothing: one naming a server the
bot is not in (forged, or left behind in a DM) opens no store for it; one whose reply Discord
will not let the bot edit any more (a 404) is answered anew. And what a table logs: its guild and
table on every line, never a move (a token can name a hidden card). And a picture that did not
change is not uploaded again."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.client import Parlour
from bot.commands import router
from bot.commands.router import NOT_MY_SERVER
from bot.play import custom_ids
from bot.play.tables import Live
from localcord import LocalDiscord
from localcord.model import Message, User
from localcord.rest.records import Call
from tests.discord_spec import local_discord

from ..e2e.test_e2e import retarget, world
from ..parlour_harness import controls, live_table, open_table, play_to_end, running, take_turn


@pytest.fixture
async def standin() -> AsyncIterator[LocalDiscord]:
    async with local_discord() as server:
        yield server
    server.assert_clean()


async def alices_hand(standin: LocalDiscord, bot: Parlour, alice: User, lobby: Any) -> tuple[Live, int, Message]:
    """A Fosco table against the computer, at Alice's turn: the table, its version, her hand's DM."""
    await open_table(standin, alice, lobby, "fosco", {"deals": 1}, computers=1)
    live = await live_table(standin, bot)
    await standin.wait_for(lambda: 0 in live.state.to_move, 10, "alice's turn")
    version = live.version
    hand = await standin.wait_for(
        lambda: next((m for m in reversed(standin.dm_messages(alice)) if controls(m, version)), None), 5)
    return live, version, hand


async def test_a_click_naming_a_server_the_bot_is_not_in_is_answered_and_opens_no_store(
        standin: LocalDiscord, tmp_path: Path) -> None:
    _guild, alice, _bob, lobby = world(standin)
    async with running(standin, tmp_path) as bot:
        live, version, hand = await alices_hand(standin, bot, alice, lobby)
        elsewhere = 1_234_567_890_123_456_789  # a server id the bot was never in
        token = custom_ids.parse(controls(hand, version)[0].custom_id).token
        forged = custom_ids.action(elsewhere, live.table_id, version, token)
        hand.components_raw = retarget(hand.components_raw, "pl:a:", forged)
        answer = await standin.click(alice, hand, forged)
        assert answer.ephemeral and answer.content == NOT_MY_SERVER
        assert not bot.stores.path_for(elsewhere).exists()
        assert elsewhere not in bot.stores.open_guilds()
        assert live.version == version


async def test_a_stale_click_whose_reply_cannot_be_edited_is_answered_anew(
        standin: LocalDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A hand not drawn in time for the answer itself: the click is acknowledged and the reply edited after.
    monkeypatch.setattr(router, "ANSWER_WITHIN", 0.0)
    _guild, alice, _bob, lobby = world(standin)
    async with running(standin, tmp_path) as bot:
        live, version, old = await alices_hand(standin, bot, alice, lobby)
        stale = controls(old, version)[0]
        await take_turn(standin, bot, live, alice)
        gone: list[Call] = []

        def unknown_message(call: Call) -> tuple[int, Any] | None:
            # The bot's reply to the stale click vanished before it could be drawn in (a 404).
            if call.method == "PATCH" and call.path.endswith("/messages/@original") and not gone:
                gone.append(call)
                return 404, {"message": "Unknown Message", "code": 10008}
            return None

        standin.rest.inject = unknown_message
        old.components_raw = retarget(old.components_raw, "pl:a:", stale.custom_id)  # still clickable
        record = await standin.click(alice, old, stale.custom_id)
        # Discord shows the first followup to a deferred reply in the reply's place.
        said = await standin.wait_for(
            lambda: [m for m in [record.message, *record.followups] if m and "newest message" in m.content], 5,
            "an answer after the failed edit")
        assert gone, "the edit was refused"
        assert said[0].ephemeral


async def test_a_tables_log_names_its_guild_and_table_and_never_a_move(standin: LocalDiscord, tmp_path: Path,
                                                                        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="parlour")
    guild, alice, _bob, lobby = world(standin)
    async with running(standin, tmp_path) as bot:
        await open_table(standin, alice, lobby, "fosco", {"deals": 1}, computers=1)
        live = await live_table(standin, bot)
        await play_to_end(standin, bot, live, {0: alice})
    about = [r for r in caplog.records
             if r.name.startswith("parlour") and getattr(r, "table_id", None) == live.table_id]
    said = [r.getMessage() for r in about]
    assert any("table started" in m for m in said) and any("table finished" in m for m in said)
    assert sum("committed" in m for m in said) == live.version
    assert all(getattr(r, "guild_id", None) == guild.id for r in about)
    # A move's token can name a card the other players may not see: none reaches the log.
    everything = " ".join(r.getMessage() for r in caplog.records)
    assert not [token for _, token in live.state.history if ":" in token and token in everything]


async def test_an_unchanged_picture_is_not_uploaded_again(standin: LocalDiscord, tmp_path: Path) -> None:
    _guild, alice, _bob, lobby = world(standin)
    async with running(standin, tmp_path) as bot:
        live, _version, _hand = await alices_hand(standin, bot, alice, lobby)
        await bot.publisher.settled(live, timeout=5)
        before = len(standin.rest.calls)
        bot.publisher.refresh(live)  # drawn again with nothing changed
        await bot.publisher.settled(live, timeout=5)
        edits = [c for c in standin.rest.calls[before:]
                 if c.method == "PATCH" and c.path.endswith(f"/messages/{live.row.table_message_id}")]
        assert edits, "the table was drawn again"
        assert all(c.uploads == 0 for c in edits), "the same picture was uploaded again"
        await take_turn(standin, bot, live, alice)  # a move changes the picture: uploaded
        await bot.publisher.settled(live, timeout=5)
        assert any(c.uploads for c in standin.rest.calls if c.method == "PATCH"
                   and c.path.endswith(f"/messages/{live.row.table_message_id}"))
