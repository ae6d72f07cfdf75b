"""A newcomer's first hour (issue 36), through the real bot: a stopped table's copies say so and
can no longer be pressed."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from localcord import LocalDiscord
from localcord.model import Channel, User
from tests.discord_spec import local_discord

from ..parlour_harness import channel_named, controls, live_table, open_table, play_to_end, running


@pytest.fixture
async def standin() -> AsyncIterator[LocalDiscord]:
    async with local_discord() as server:
        yield server
    server.assert_clean()


def card_club(standin: LocalDiscord) -> tuple[Any, User, User, Channel]:
    """A server with two members and a channel to play from."""
    guild = standin.add_guild("Card club")
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    guild.add_member(alice)
    guild.add_member(bob)
    return guild, alice, bob, guild.add_text_channel("games")


async def test_an_ended_tables_copies_say_so_and_lose_their_controls(standin: LocalDiscord, tmp_path: Path) -> None:
    guild, alice, bob, lobby = card_club(standin)
    async with running(standin, tmp_path) as bot:
        await open_table(standin, alice, lobby, "fan-tan", {}, joiners=(bob,), computers=1)
        live = await live_table(standin, bot)
        mover = alice if live.seat_of(alice.id) in live.state.to_move else bob
        await standin.wait_for(lambda: any(controls(m, live.version) for m in standin.dm_messages(mover)), 10,
                               "a copy with moves")
        table = channel_named(guild, f"fan-tan-{live.table_id}")
        assert table is not None
        await standin.slash(alice, table, "table", "end")
        for user in (alice, bob):  # (a copy is sent once its player's turn comes)
            copies = standin.dm_messages(user)
            if user is not mover and not copies:
                continue
            await standin.wait_for(lambda c=copies: "ended this table" in c[-1].content, 10, "the copy to say so")
            assert all(not m.components for m in copies), "a stopped table's copy offers nothing to press"
            assert f"table #{live.table_id}" in copies[-1].content


# A game of two rounds, the round's name in its lines, and the computers the table needs.
ROUNDS = {"busca": ({"hands": 2}, "Hand 1", 3), "fosco": ({"deals": 2}, "Deal 1", 1),
          "dracula": ({"deals": 2}, "Deal 1", 1), "fan-tan": ({"hands": 2}, "takes the pot", 2)}
DRAWN = {"busca", "fosco", "fan-tan"}  # the games whose round's end is a picture too


@pytest.mark.parametrize("key", ROUNDS)
async def test_a_rounds_end_is_told_in_the_copy_and_drawn_in_the_channel(standin: LocalDiscord, tmp_path: Path,
                                                                         key: str) -> None:
    """Issue 36 point 2, issue 44 point 4: a player following the game in their copy reads how the round
    went there, until they next move, not only in the table's channel; the channel has its picture."""
    options, first, computers = ROUNDS[key]
    guild = standin.add_guild("Card club")
    alice = standin.add_user("alice")
    guild.add_member(alice)
    lobby = guild.add_text_channel("games")
    async with running(standin, tmp_path) as bot:
        await open_table(standin, alice, lobby, key, options, computers=computers)
        live = await live_table(standin, bot)
        while not live.state.rounds_scored:
            if 0 in live.state.to_move:
                copy = await standin.wait_for(
                    lambda: next((m for m in reversed(standin.dm_messages(alice)) if controls(m, live.version)),
                                 None), 10, "alice's copy")
                version = live.version
                await standin.click(alice, copy, controls(copy, version)[0].custom_id)
                await standin.wait_for(lambda v=version: live.version > v, 10, "the move")
            else:
                await standin.wait_for(lambda v=live.version: live.version > v or live.state.rounds_scored, 10,
                                       "a computer's move")
        assert live.round_news is not None
        lines = [live.text(line) for line in live.round_news[1]]
        assert lines and any(first in line for line in lines), lines
        await standin.wait_for(lambda: 0 in live.state.to_move, 20, "alice's first turn of the second round")
        await standin.wait_for(lambda: any(f"🏁 {lines[-1]}" in m.content and controls(m, live.version)
                                           for m in standin.dm_messages(alice)), 10, "the round's end in the copy")
        table = channel_named(guild, f"{key}-{live.table_id}")
        assert table is not None
        await standin.wait_for(lambda: any(lines[-1] in m.content for m in table.messages), 20,
                               "the round's end in the channel")
        if key in DRAWN:
            await standin.wait_for(lambda: any(a.filename.startswith("round-end") for m in table.messages
                                               for a in m.attachments), 20, "the round's picture in the channel")


async def test_rounds_shown_together_are_posted_round_by_round(tmp_path: Path) -> None:
    """Point 3: when two hands of Busca went by while the channel waited (the computers play at once),
    each hand's lines are posted with its own picture, in order (the first hand's picture used to come
    after the second hand's lines)."""
    from ..faults.test_faults_discord import member_at_table, resign, result_shown

    async with member_at_table(tmp_path, "busca", {"hands": 2}, computers=2) as (standin, bot, member, live, table):
        await resign(standin, member, live, table)
        await result_shown(standin, live, table)
        await bot.publisher.settled(live, timeout=20)
        standin.assert_clean()
    pictured = [(m.content, [a.filename for a in m.attachments]) for m in table.messages
                if any(a.filename.startswith("round-end") for a in m.attachments)]
    assert [files for _, files in pictured] == [["round-end-1.png"], ["round-end-2.png"]]
    (first, _), (second, _) = pictured
    assert "Hand 1 scores" in first and "Hand 2" not in first
    assert "Hand 2 scores" in second and "Hand 1 scores" not in second
    assert first.count(" takes ") == second.count(" takes ") == 13  # each hand's every trick, with its hand


async def test_the_lobby_says_the_game_is_over_and_how_it_ended(standin: LocalDiscord, tmp_path: Path) -> None:
    """Issue 44 point 8: the lobby where /play was used said "Started! Play in #fosco-1" long after the
    table ended. At the end it says the game is over and its result; a table ended without a result
    says that."""
    guild, alice, bob, games = card_club(standin)
    async with running(standin, tmp_path) as bot:
        lobby = await open_table(standin, alice, games, "fosco", {"deals": 1, "target": 1}, joiners=(bob,))
        assert lobby.message is not None
        live = await live_table(standin, bot)
        assert "Started! Play in" in str(lobby.message.embeds)
        await play_to_end(standin, bot, live, {0: alice, 1: bob})
        outcome = live.state.outcome
        assert outcome is not None
        winner = live.names[max(outcome.winners)] if outcome.winners else None
        await standin.wait_for(lambda: "Finished: " in str(lobby.message.embeds), 20, "the lobby to say it is over")
        said = str(lobby.message.embeds)
        assert "Started! Play in" not in said and (winner is None or winner in said), said
        assert not lobby.message.components, "nothing left to press on the lobby"
        bot.tables.forget(live)

        second = await open_table(standin, alice, games, "fosco", {}, joiners=(bob,))
        assert second.message is not None
        live = await live_table(standin, bot)
        table = channel_named(guild, f"fosco-{live.table_id}")
        assert table is not None
        await standin.slash(alice, table, "table", "end")
        await standin.wait_for(lambda: "Ended by alice" in str(second.message.embeds), 10, "the lobby to say it ended")
        assert "no result was recorded" in str(second.message.embeds)
