"""Replays of ended games through the local Discord (issue 49): the Replay button under a result and
/replay open a viewer for the asker alone; ⏮ ◀ ▶ ⏭, the jump and the hand select show the moment
their ids name (a stale press too); a moment can be posted in the channel; a game still being
played, another server's game and a private table's game are refused to whoever may not see them,
however the press is made."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from PIL import Image

from bot.client import Parlour
from bot.play import custom_ids
from bot.play.tables import Live
from bot.show.replays import access, animation, record_file
from bot.show.replays.moments import Moments
from bot.show.replays.viewer import ANIMATE_GAME, ANIMATE_ROUND, BACK, FIRST, LAST, NEXT, POST, RECORD
from games.core import registry
from localcord import LocalDiscord
from localcord.model import InteractionRecord, Message

from ..parlour_harness import channel_named, hand_reply, live_table, open_table, play_to_end, running
from .test_e2e import standin, world

__all__ = ["standin"]  # the fixture, shared with test_e2e


async def viewer_of(standin: LocalDiscord, record: InteractionRecord, timeout: float = 10) -> Message:
    """The viewer a press or /replay opened: the asker's own message, once its picture is in."""
    return await hand_reply(standin, record, timeout)


def refusal_of(record: InteractionRecord) -> str:
    messages = [m for m in [record.message, *record.followups] if m is not None]
    assert messages and all(m.ephemeral and not m.attachments for m in messages), "a refusal shows no picture"
    return "\n".join(m.content for m in messages)


def forged(message: Message, custom_id: str) -> Message:
    """``message`` as a client that made up a button would send it: one button with ``custom_id``."""
    button = {"type": 2, "style": 1, "label": "x", "custom_id": custom_id}
    message.components_raw = [{"type": 1, "components": [button]}]
    return message


async def finished(standin: LocalDiscord, bot: Parlour, alice: Any, lobby: Any, game: str = "fosco",
                   options: dict[str, Any] | None = None) -> tuple[Live, Moments]:
    """A game of ``game`` (one deal) alice played to its end against the computer, and its moments."""
    await open_table(standin, alice, lobby, game, options or {"deals": 1}, computers=1)
    live = await live_table(standin, bot)
    await play_to_end(standin, bot, live, {0: alice})
    return live, Moments(registry.get(game), live.state.to_record(), live.names)


async def test_the_result_opens_a_replay_stepped_through_to_the_end(standin: LocalDiscord, tmp_path: Path) -> None:
    guild, alice, _bob, lobby = world(standin)
    async with running(standin, tmp_path) as bot:
        _live, moments = await finished(standin, bot, alice, lobby)
        table = channel_named(guild, "fosco-1")
        assert table is not None
        result = await standin.wait_for(
            lambda: next((m for m in table.messages if any(c.label == "⏪ Replay" for c in m.components)), None),
            10, "the result with its Replay button")
        shown = await viewer_of(standin, await standin.click(alice, result, label="⏪ Replay"))
        assert "__The deal · move 0 of" in shown.content and "⏪ **Fosco** table #1" in shown.content
        assert shown.component(label=FIRST).disabled and shown.component(label=BACK).disabled
        stale = shown.component(label=NEXT).custom_id
        for moment in (1, 2, 3):
            await standin.click(alice, shown, label=NEXT)
            await standin.wait_for(lambda m=moment: f"__Move {m} of {moments.last}" in shown.content, 10,
                                   f"move {moment}")
            for line in moments.lines(moment):
                assert f"> {line}" in shown.content
        await standin.click(alice, shown, label=LAST)
        await standin.wait_for(lambda: f"__Move {moments.last} of {moments.last}" in shown.content, 10, "the end")
        assert "🏁" in shown.content and shown.component(label=NEXT).disabled
        await standin.click(alice, shown, label=BACK)
        await standin.wait_for(lambda: f"__Move {moments.last - 1} of" in shown.content, 10, "one back")
        # a stale ▶ (made at the deal) shows the moment it names: move 1
        await standin.click(alice, forged(shown, stale), stale)
        await standin.wait_for(lambda: f"__Move 1 of {moments.last}" in shown.content, 10, "the stale press's moment")
        assert shown.attachments and shown.attachments[0].filename == "replay-1-1.png"
        # the jump goes to the end; each round's start and end is offered
        await standin.select(alice, shown, None, [str(moments.last)])  # the first select is the jump
        await standin.wait_for(lambda: "🏁" in shown.content, 10, "the jump to the end")
        # /replay opens another viewer at the move asked for
        other = await viewer_of(standin, await standin.slash(alice, lobby, "replay", options={"table": 1, "move": 5}))
        assert f"__Move 5 of {moments.last}" in other.content
        # Post in channel: the moment, for everyone
        before = len(lobby.messages)
        await standin.click(alice, other, label=POST)
        posted = await standin.wait_for(
            lambda: next((m for m in lobby.messages[before:] if "shares a moment" in m.content and m.attachments
                          and not m.ephemeral), None), 10, "the posted moment")
        assert f"Move 5 of {moments.last}" in posted.content and not posted.components


async def test_a_game_being_played_is_never_replayed(standin: LocalDiscord, tmp_path: Path) -> None:
    """/replay, and every press of a viewer forged for the live table, are refused with words and no picture."""
    guild, alice, bob, lobby = world(standin)
    async with running(standin, tmp_path) as bot:
        await open_table(standin, alice, lobby, "busca", {}, computers=2)
        live = await live_table(standin, bot)
        said = refusal_of(await standin.slash(bob, lobby, "replay", options={"table": live.table_id}))
        assert said == access.STILL_PLAYED.format(id=live.table_id)
        said = refusal_of(await standin.slash(alice, lobby, "replay", options={"table": live.table_id}))
        assert said == access.STILL_PLAYED.format(id=live.table_id)
        carrier = lobby.messages[-1]
        for verb in custom_ids.REPLAY_VERBS:
            custom_id = custom_ids.replay(guild.id, live.table_id, verb, 1, 0)
            record = await standin.click(bob, forged(carrier, custom_id), custom_id)
            await record.wait_response(5)
            assert refusal_of(record) == access.STILL_PLAYED.format(id=live.table_id), verb
        assert not live.state.is_over


async def test_a_private_table_is_replayed_by_its_players_and_managers_only(standin: LocalDiscord,
                                                                          tmp_path: Path) -> None:
    guild, alice, bob, lobby = world(standin)
    boss = standin.add_user("boss")
    guild.add_member(boss, manager=True)
    async with running(standin, tmp_path) as bot:
        store = await bot.stores.guild(guild.id)
        await store.set_setting("private_tables", True)
        live, _moments = await finished(standin, bot, alice, lobby)
        said = refusal_of(await standin.slash(bob, lobby, "replay", options={"table": live.table_id}))
        assert said == access.PRIVATE.format(id=live.table_id)
        custom_id = custom_ids.replay(guild.id, live.table_id, "go", 3)
        record = await standin.click(bob, forged(lobby.messages[-1], custom_id), custom_id)
        await record.wait_response(5)
        assert refusal_of(record) == access.PRIVATE.format(id=live.table_id)
        mine = await viewer_of(standin, await standin.slash(alice, lobby, "replay", options={"table": live.table_id}))
        assert mine.component(label=POST).disabled  # a private game stays out of the channel
        managed = await viewer_of(standin, await standin.slash(boss, lobby, "replay", options={"table": live.table_id}))
        assert "__The deal" in managed.content


async def test_another_servers_game_is_not_shown(standin: LocalDiscord, tmp_path: Path) -> None:
    guild, alice, _bob, lobby = world(standin)
    elsewhere = standin.add_guild("Other club")
    elsewhere.add_member(alice)
    there = elsewhere.add_text_channel("games")
    async with running(standin, tmp_path) as bot:
        live, _moments = await finished(standin, bot, alice, lobby)
        asked = await standin.slash(alice, there, "replay", options={"table": live.table_id})
        assert refusal_of(asked) == access.NO_SUCH_TABLE.format(id=live.table_id)
        assert asked.message is not None  # the refusal, in the other server's channel, carries the forged button
        custom_id = custom_ids.replay(guild.id, live.table_id, "open")
        record = await standin.click(alice, forged(asked.message, custom_id), custom_id)
        await record.wait_response(5)
        assert refusal_of(record) == access.OTHER_SERVER


async def test_a_viewer_names_every_hand_draws_the_one_asked_for_and_outlives_a_restart(
        standin: LocalDiscord, tmp_path: Path) -> None:
    """Dracula deals hidden hands: the viewer names both once the game is over, draws the hand asked
    for, and its buttons work after the bot restarts (every press carries its moment)."""
    guild, alice, _bob, lobby = world(standin)
    async with running(standin, tmp_path) as bot:
        live, moments = await finished(standin, bot, alice, lobby, "dracula")
        shown = await viewer_of(standin, await standin.slash(alice, lobby, "replay",
                                                             options={"table": live.table_id, "move": 3}))
        assert len(moments.hands(3)) == 2 and all(seen.cards for seen in moments.hands(3))
        for seen in moments.hands(3):
            assert f"**{seen.name}**: {' '.join(seen.cards)}" in shown.content
        computer = moments.names[1]
        await standin.select(alice, shown, custom_ids.replay(guild.id, live.table_id, "seat", 3), ["1"])
        await standin.wait_for(lambda: f"The picture shows {computer}'s hand" in shown.content, 10,
                               "the hand asked for")
        picture = shown.attachments[0].data
    async with running(standin, tmp_path):
        await standin.click(alice, shown, label=NEXT)
        await standin.wait_for(lambda: f"__Move 4 of {moments.last}" in shown.content, 10, "move 4 after the restart")
        assert f"The picture shows {computer}'s hand" in shown.content  # the hand asked for stays drawn
        assert shown.attachments[0].data != picture


async def test_the_record_downloaded_from_the_viewer_replays_to_the_same_result(standin: LocalDiscord,
                                                                                tmp_path: Path) -> None:
    _guild, alice, _bob, lobby = world(standin)
    async with running(standin, tmp_path) as bot:
        live, _moments = await finished(standin, bot, alice, lobby)
        shown = await viewer_of(standin, await standin.slash(alice, lobby, "replay", options={"table": live.table_id}))
        asked = await standin.click(alice, shown, label=RECORD)
        await asked.wait_response(5)
        assert asked.message is not None and asked.message.ephemeral
        (file,) = asked.message.attachments
        assert file.filename == "parlour-fosco-table-1.json" and "python -m bot replay" in asked.message.content
        doc = record_file.loads(file.data)
        replayed = record_file.moments_of(doc).final
        assert replayed.outcome == live.state.outcome and replayed.history == live.state.history
        assert [seat["name"] for seat in doc["seats"]] == live.names


async def test_a_round_and_the_game_are_animated_for_the_asker(standin: LocalDiscord, tmp_path: Path) -> None:
    _guild, alice, _bob, lobby = world(standin)
    async with running(standin, tmp_path) as bot:
        live, moments = await finished(standin, bot, alice, lobby, "dracula", {"deals": 2})
        second = moments.rounds()[1]
        shown = await viewer_of(standin, await standin.slash(alice, lobby, "replay", options={
            "table": live.table_id, "move": second.start + 1}))
        for label, moves in ((ANIMATE_ROUND, (second.end or moments.last) - second.start + 1),
                             (ANIMATE_GAME, moments.last + 1)):
            asked = await standin.click(alice, shown, label=label)
            made = await standin.wait_for(
                lambda r=asked: next((m for m in [r.message, *r.followups] if m is not None and m.attachments), None),
                30, f"the animation ({label})")
            assert made.ephemeral
            (file,) = made.attachments
            assert file.filename.endswith(".webp") and file.description
            picture = Image.open(io.BytesIO(file.data))
            assert picture.format == "WEBP" and picture.is_animated
            assert picture.n_frames >= moves  # every move a picture (a round's account besides)
            assert len(file.data) < animation.UPLOAD_LIMIT
