"""Partners' private talk end to end through the stand-in: a game whose rules let partners talk
(``Rules.table_talk``) gives each partnership of members a private thread the other side cannot
read, kept across restarts and closed when the table ends; without the permission to open
private threads, ``/talk`` passes messages to the partner by DM.

Conference asks for it (the last test); for quick games four-player Fosco plays the part too: its rules
class is given ``table_talk`` and partnerships of neighbours (seats 0 and 1 against 2 and 3),
which exercises the bot's generic path (the bot runs in this process)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.play.partners_talk import CLOSED, Talk
from games.core import registry
from localcord import LocalDiscord
from localcord.model import LOADING, Channel, Guild, InteractionRecord, User
from localcord.server import DEFAULT_BOT_PERMISSIONS

from ..parlour_harness import channel_named, fix_seed, live_table, play_to_end, running, take_turn
from .test_e2e import standin

__all__ = ["standin"]  # the fixture, shared with test_e2e

GAME = "fosco"
TABLE = "fosco-1"


@pytest.fixture(autouse=True)
def partners_may_talk(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    rules = type(registry.get(GAME))
    monkeypatch.setattr(rules, "table_talk", True)
    monkeypatch.setattr(rules, "partnerships", lambda self, players: ((0, 1), (2, 3)) if players == 4 else ())
    fix_seed(monkeypatch, 5)
    yield


def club(standin: LocalDiscord, permissions: discord.Permissions = DEFAULT_BOT_PERMISSIONS,
         closed: tuple[str, ...] = ()) -> tuple[Guild, dict[str, User], Channel]:
    """A guild with alice, bob, carol and dan (who will play) and eve (who watches). Without
    Create Private Threads in ``permissions``, @everyone (which has it by default) loses it too."""
    guild = standin.add_guild("Card club", bot_permissions=permissions)
    if not permissions.create_private_threads:
        guild.everyone.permissions &= ~discord.Permissions(create_private_threads=True).value
    users = {}
    for name in ("alice", "bob", "carol", "dan", "eve"):
        users[name] = standin.add_user(name, dm_closed=name in closed)
        guild.add_member(users[name])
    return guild, users, guild.add_text_channel("games")


async def four_humans(standin: LocalDiscord, users: dict[str, User], lobby: Channel) -> InteractionRecord:
    """alice opens a four-player table; bob, carol and dan join, in seats 1, 2 and 3."""
    opened = await standin.slash(users["alice"], lobby, "play", GAME, options={"deals": 1})
    assert opened.message is not None
    for name in ("bob", "carol", "dan"):
        await standin.click(users[name], opened.message, label="Join")
    start = await standin.click(users["alice"], opened.message, label="Start")
    return await start.wait_response(5)


def private_threads(guild: Guild) -> list[Channel]:
    return [c for c in guild.channels.values() if c.type == 12 and not c.deleted]


def text_of(channel: Channel) -> str:
    return "\n".join(m.content for m in channel.messages)


async def answer(standin: LocalDiscord, record: InteractionRecord) -> str:
    """The ephemeral answer to a command, once any deferred "thinking" message is filled in."""
    await standin.wait_for(lambda: record.message is not None and not record.message.flags & LOADING, 5,
                           "the answer")
    assert record.ephemeral
    return record.content or ""


async def welcomed(standin: LocalDiscord, guild: Guild, count: int) -> list[Channel]:
    """The partners' threads, once ``count`` of them are open and welcome their members."""
    def ready() -> list[Channel] | None:
        found = private_threads(guild)
        done = [t for t in found if t.messages and len(t.thread_members) >= 3]
        return sorted(found, key=lambda t: t.id) if len(found) == count and len(done) == count else None

    return await standin.wait_for(ready, 10, f"{count} partners' threads")


async def test_four_players_get_a_private_thread_per_partnership_closed_at_the_end(
        standin: LocalDiscord, tmp_path: Path) -> None:
    guild, users, lobby = club(standin)
    alice, bob, carol, dan, eve = (users[n] for n in ("alice", "bob", "carol", "dan", "eve"))
    bot_id = standin.bot_user.id
    async with running(standin, tmp_path) as bot:
        await four_humans(standin, users, lobby)
        ours, theirs = await welcomed(standin, guild, 2)
        table = channel_named(guild, TABLE)
        assert table is not None
        assert ours.parent_id == theirs.parent_id == table.id
        assert ours.name == "Partners at table 1: alice & bob" and theirs.name == "Partners at table 1: carol & dan"
        assert ours.thread_members == {bot_id, alice.id, bob.id}
        assert theirs.thread_members == {bot_id, carol.id, dan.id}
        assert not ours.invitable and not theirs.invitable  # nobody can bring an opponent in
        # Only the partners (and the bot) see a thread: not the other side, not a watcher.
        everyone = (alice, bob, carol, dan, eve)
        assert [guild.can_view(u.id, ours) for u in everyone] == [True, True, False, False, False]
        assert [guild.can_view(u.id, theirs) for u in everyone] == [False, False, True, True, False]
        with pytest.raises(PermissionError):
            await standin.slash(carol, ours, "table", "status")
        welcome = ours.messages[0]
        assert f"<@{alice.id}>" in welcome.content and f"<@{bob.id}>" in welcome.content
        assert "other side can't see it" in welcome.content
        said = await standin.wait_for(lambda: [m for m in table.messages if "private thread" in m.content], 5,
                                      "the table channel told")
        assert len(said) == 1 and "(alice & bob, carol & dan)" in said[0].content
        # With a thread to talk in, /talk points there rather than relaying.
        pointed = await standin.slash(alice, table, "talk", options={"text": "lead hearts?"})
        assert f"<#{ours.id}>" in await answer(standin, pointed)
        assert not any("lead hearts" in m.content for m in standin.dm_messages(bob))

        live = await live_table(standin, bot)
        await play_to_end(standin, bot, live, {0: alice, 1: bob, 2: carol, 3: dan})
        await standin.wait_for(lambda: all(t.archived and t.locked for t in (ours, theirs)), 10,
                               "the threads archived and locked")
        for thread in (ours, theirs):
            assert thread.messages[-1].content == CLOSED
            # The bot posts no card in a thread: two lines of its own, no picture, no controls.
            assert len(thread.messages) == 2
            assert not any(m.attachments or m.components_raw for m in thread.messages)

        # A rematch starts by the same lobby: new threads for the new table.
        result = await standin.wait_for(
            lambda: next((m for m in table.messages if any(c.label == "Rematch" for c in m.components)), None),
            5, "the Rematch button")
        await standin.click(alice, result, label="Rematch")
        invite = await standin.wait_for(
            lambda: next((m for m in lobby.messages if "asks for a rematch" in m.content), None), 5, "the lobby")
        for user in (bob, carol, dan):
            await standin.click(user, invite, label="Join")
        await (await standin.click(alice, invite, label="Start")).wait_response(5)
        again = await standin.wait_for(
            lambda: [t for t in private_threads(guild) if t not in (ours, theirs) and t.messages], 10,
            "the rematch's threads")
        await standin.wait_for(lambda: len([t for t in private_threads(guild) if t.messages]) == 4, 10)
        assert channel_named(guild, "fosco-2") is not None
        assert all(not t.archived for t in again)


async def test_a_restart_reuses_the_threads_and_the_end_closes_them(
        standin: LocalDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    guild, users, lobby = club(standin)
    alice = users["alice"]
    players = {0: alice, 1: users["bob"], 2: users["carol"], 3: users["dan"]}

    store = Talk._store

    async def stopped(self: Talk, *args: Any) -> None:
        await store(self, *args)
        raise RuntimeError("the bot stopped here")

    # The first bot stops right after opening the first thread (and noting it), before adding
    # anyone to it or opening the second.
    with monkeypatch.context() as patched:
        patched.setattr(Talk, "_store", stopped)
        async with running(standin, tmp_path) as bot:
            await four_humans(standin, users, lobby)
            live = await live_table(standin, bot)
            await standin.wait_for(lambda: live.row.extra.get("talk"), 10, "the first thread remembered")
            await take_turn(standin, bot, live, players[min(live.state.to_move)])
        first = private_threads(guild)
        assert len(first) == 1 and first[0].thread_members == {standin.bot_user.id} and not first[0].messages

    async with running(standin, tmp_path) as bot:  # the restart finishes what was begun
        ours, theirs = await welcomed(standin, guild, 2)
        assert ours is first[0]  # the same thread, not a second one
        table = channel_named(guild, TABLE)
        assert table is not None
        await standin.wait_for(lambda: "private thread" in text_of(table), 5, "the table channel told")
        live = await bot.tables.get(guild.id, 1)
        assert live is not None
        await take_turn(standin, bot, live, players[min(live.state.to_move)])

    async with running(standin, tmp_path) as bot:  # and a further restart changes nothing
        table = channel_named(guild, TABLE)
        assert table is not None
        await standin.wait_for(lambda: text_of(table).count("restored") == 2, 5, "the second restore")
        await standin.wait_for(lambda: not bot.announcing or bot.announcing.done(), 5)
        assert private_threads(guild) == [ours, theirs]
        assert [len(t.messages) for t in (ours, theirs)] == [1, 1]  # one welcome each
        assert text_of(table).count("private thread") == 1
        assert len([c for c in standin.calls_to("create_thread") if c.status == 201]) == 2
        # dan resigns: no longer playing, he leaves his partnership's thread.
        await standin.slash(users["dan"], table, "table", "resign")
        await standin.wait_for(lambda: theirs.messages[-1].content == "dan resigned and has left this thread.", 5,
                               "dan out of the thread")
        assert not guild.can_view(users["dan"].id, theirs) and guild.can_view(users["carol"].id, theirs)
        ended = await standin.slash(alice, table, "table", "end")
        assert "ended this table" in (ended.content or "")
        await standin.wait_for(lambda: all(t.archived and t.locked for t in (ours, theirs)), 10,
                               "the threads archived and locked")
        assert ours.messages[-1].content == theirs.messages[-1].content == CLOSED


async def test_a_thread_opened_just_before_a_stop_is_taken_up_after_the_restart(
        standin: LocalDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot stops between Discord opening the first thread and the bot noting it: the restart
    finds that thread by its name (the table's number, the partners) and uses it, opening only
    the second."""
    guild, users, lobby = club(standin)

    async def stopped(self: Talk, *args: Any) -> None:
        raise RuntimeError("the bot stopped here")

    with monkeypatch.context() as patched:
        patched.setattr(Talk, "_store", stopped)
        async with running(standin, tmp_path) as bot:
            await four_humans(standin, users, lobby)
            await standin.wait_for(lambda: len(private_threads(guild)) == 1, 10, "the first thread opened")
            live = await live_table(standin, bot)
            assert not live.row.extra.get("talk")  # never noted
        first = private_threads(guild)

    async with running(standin, tmp_path):
        ours, theirs = await welcomed(standin, guild, 2)
        assert ours is first[0] and theirs.name == "Partners at table 1: carol & dan"
        assert len([c for c in standin.calls_to("create_thread") if c.status == 201]) == 2


async def test_without_private_threads_talk_goes_by_dm_to_the_partner_only(standin: LocalDiscord,
                                                                            tmp_path: Path) -> None:
    no_threads = discord.Permissions(DEFAULT_BOT_PERMISSIONS.value)
    no_threads.create_private_threads = False
    guild, users, lobby = club(standin, no_threads, closed=("dan",))
    alice, bob, carol, dan, eve = (users[n] for n in ("alice", "bob", "carol", "dan", "eve"))
    async with running(standin, tmp_path):
        await four_humans(standin, users, lobby)
        table = await standin.wait_for(lambda: channel_named(guild, TABLE), 5, "the table channel")
        await standin.wait_for(lambda: "use `/talk`" in text_of(table), 10, "the table channel told")
        assert not private_threads(guild) and not standin.calls_to("create_thread")

        sent = await standin.slash(alice, table, "talk", options={"text": "I hold the king of clubs"})
        assert await answer(standin, sent) == "Sent to your partner."
        relayed = [m for m in standin.dm_messages(bob) if "king of clubs" in m.content]
        assert [m.content for m in relayed] == ["**alice** (your partner at Fosco table #1): I hold the king of clubs"]
        for other in (carol, dan, eve, alice):
            assert not any("king of clubs" in m.content for m in standin.dm_messages(other))

        blocked = await standin.slash(carol, table, "talk", options={"text": "pass"})
        said = await answer(standin, blocked)
        assert "couldn't pass that on to dan" in said and "direct messages are closed" in said

        watcher = await standin.slash(eve, table, "talk", options={"text": "hi"})
        assert "not playing at this table" in await answer(standin, watcher)
        nowhere = await standin.slash(alice, lobby, "talk", options={"text": "hi"})
        assert "no game being played in this channel" in await answer(standin, nowhere)
        assert not any(m.content.endswith(": hi") for u in users.values() for m in standin.dm_messages(u))


async def test_a_refused_thread_falls_back_to_talk(standin: LocalDiscord, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The permissions look right to the bot, but Discord answers 403: partners talk by /talk."""
    no_threads = discord.Permissions(DEFAULT_BOT_PERMISSIONS.value)
    no_threads.create_private_threads = False
    guild, users, lobby = club(standin, no_threads)
    monkeypatch.setattr(Talk, "_may_open", staticmethod(lambda channel: True))
    async with running(standin, tmp_path):
        await four_humans(standin, users, lobby)
        table = await standin.wait_for(lambda: channel_named(guild, TABLE), 5, "the table channel")
        await standin.wait_for(lambda: "use `/talk`" in text_of(table), 10, "the table channel told")
        assert [c.status for c in standin.calls_to("create_thread")] == [403]
        sent = await standin.slash(users["carol"], table, "talk", options={"text": "spades are out"})
        assert await answer(standin, sent) == "Sent to your partner."
        assert any("spades are out" in m.content for m in standin.dm_messages(users["dan"]))


async def test_partners_beside_computers_get_no_thread(standin: LocalDiscord, tmp_path: Path) -> None:
    guild, users, lobby = club(standin)
    alice, bob = users["alice"], users["bob"]
    async with running(standin, tmp_path) as bot:
        opened = await standin.slash(alice, lobby, "play", GAME, options={"deals": 1})
        assert opened.message is not None
        await standin.click(alice, opened.message, label="Add computer")  # seat 1: alice's partner
        await standin.click(bob, opened.message, label="Join")  # seat 2
        await standin.click(alice, opened.message, label="Add computer")  # seat 3: bob's partner
        await (await standin.click(alice, opened.message, label="Start")).wait_response(5)
        live = await live_table(standin, bot)
        assert [s.ai for s in live.row.seats] == [False, True, False, True]
        table = channel_named(guild, TABLE)
        assert table is not None
        refused = await standin.slash(alice, table, "talk", options={"text": "hello"})
        assert "partner is the computer" in await answer(standin, refused)
        await play_to_end(standin, bot, live, {0: alice, 2: bob})
        await standin.wait_for(lambda: "is over" in text_of(table), 5, "the result")
        assert not private_threads(guild) and not standin.calls_to("create_thread")
        assert "thread" not in text_of(table) and "/talk" not in text_of(table)
        assert "talk" not in live.row.extra


async def test_a_table_played_in_a_thread_has_the_partners_threads_beside_it(standin: LocalDiscord,
                                                                             tmp_path: Path) -> None:
    """Without Manage Channels the table is itself a thread, which cannot hold threads: the
    partners' threads open in the channel the table's thread belongs to."""
    no_channels = discord.Permissions(DEFAULT_BOT_PERMISSIONS.value)
    no_channels.manage_channels = False
    guild, users, lobby = club(standin, no_channels)
    async with running(standin, tmp_path):
        await four_humans(standin, users, lobby)
        ours, theirs = await welcomed(standin, guild, 2)
        table = channel_named(guild, TABLE)
        assert table is not None and table.type == 11 and table.parent_id == lobby.id
        assert ours.parent_id == theirs.parent_id == lobby.id
        assert not guild.can_view(users["carol"].id, ours) and not guild.can_view(users["eve"].id, theirs)
        await standin.wait_for(lambda: "private thread" in text_of(table), 5, "the table told")
        await standin.slash(users["alice"], table, "table", "end")
        await standin.wait_for(lambda: all(t.archived and t.locked for t in (ours, theirs)), 10,
                               "the threads archived and locked")


async def test_conference_partners_side_by_side_each_get_their_thread(standin: LocalDiscord, tmp_path: Path) -> None:
    """The real thing: Conference asks for table talk, its partners sitting side by side."""
    assert registry.get("conference").table_talk and registry.get("conference").partnerships(4) == ((0, 1), (2, 3))
    guild, users, lobby = club(standin)
    alice, bob, carol, dan, eve = (users[n] for n in ("alice", "bob", "carol", "dan", "eve"))
    async with running(standin, tmp_path):
        opened = await standin.slash(alice, lobby, "play", "conference", options={"ruleset": "courtship"})
        assert opened.message is not None
        for user in (bob, carol, dan):
            await standin.click(user, opened.message, label="Join")
        await (await standin.click(alice, opened.message, label="Start")).wait_response(5)
        ours, theirs = await welcomed(standin, guild, 2)
        assert ours.thread_members == {standin.bot_user.id, alice.id, bob.id}
        assert theirs.thread_members == {standin.bot_user.id, carol.id, dan.id}
        everyone = (alice, bob, carol, dan, eve)
        assert [guild.can_view(u.id, ours) for u in everyone] == [True, True, False, False, False]
        table = channel_named(guild, "conference-1")
        assert table is not None
        await standin.slash(alice, table, "table", "end")
        await standin.wait_for(lambda: all(t.archived and t.locked for t in (ours, theirs)), 10,
                               "the threads closed with the table")
