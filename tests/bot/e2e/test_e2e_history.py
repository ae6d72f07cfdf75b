"""/history through the real bot (issue 49): a member plays a practice game and a rated game to
their ends, and /history lists both, newest first, marked, each with a button that opens its
replay; twenty a page, Next and Previous turn it in place; another member asking sees no private
table of hers; a page press carrying another server's list is refused."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.commands.history import ANOTHER_SERVER
from bot.play import custom_ids
from bot.store import GuildStore, Seat
from games.core import registry
from games.core.base import random_action
from localcord import LocalDiscord
from localcord.model import Message
from tests.discord_spec import local_discord

from ..parlour_harness import answer_of, live_table, open_table, play_to_end, running


@pytest.fixture
async def standin() -> AsyncIterator[LocalDiscord]:
    async with local_discord() as server:
        yield server
    server.assert_clean()


def replays(message: Message) -> list[custom_ids.Ref]:
    return [custom_ids.parse(c.custom_id) for c in message.components
            if c.custom_id and c.custom_id.startswith("pl:r:")]


def turner(message: Message, label: str) -> Any:
    return next(c for c in message.components if c.label == label)


async def finished_dracula(store: GuildStore, seats: list[Seat], seed: int, now: float,
                           private: bool = False) -> int:
    """A whole game of Dracula (one deal) played at random into the store, as the bot would leave it:
    each move committed, then the result (every ended table in a test's store is replayed: a real game)."""
    row = await store.create_table("dracula", {"deals": 1}, seed, seats[0].member_id or 0, seats, now=now)
    if private:
        await store.merge_extra(row.id, {"private": True})
    state = registry.get("dracula").new_game(2, seed, {"deals": 1})
    await store.start_table(row.id, state.to_record(), seats, now=now)
    rng = random.Random(seed)
    while not state.is_over:
        seat = min(state.to_move)
        state = state.apply(seat, random_action(state, seat, rng).token)
        await store.commit_action(row.id, len(state.history) - 1, seat, state.history[-1][1], state.to_record(),
                                  now=now)
    outcome = state.outcome
    assert outcome is not None
    results = [(i, seat.member_id, outcome.scores[i], i in outcome.winners, outcome.is_draw)
               for i, seat in enumerate(seats)]
    await store.finish_table(row.id, len(state.history), state.to_record(), results, now=now + 0.5)
    return row.id


async def test_history_lists_practice_and_rated_games_with_their_replays(standin: LocalDiscord,
                                                                         tmp_path: Path) -> None:
    guild = standin.add_guild("Card club")
    elsewhere = standin.add_guild("Other club")
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    for member in (alice, bob):
        guild.add_member(member)
        elsewhere.add_member(member)
    lobby = guild.add_text_channel("games")
    async with running(standin, tmp_path) as bot:
        empty = await answer_of(standin, await standin.slash(alice, lobby, "history"))
        assert empty.ephemeral and "You haven't finished a game here yet" in empty.content
        assert "/practice" in empty.content and not empty.components

        started = await standin.slash(alice, lobby, "practice", "fosco", options={"deals": 1})
        await started.wait_response(5)
        practice = await live_table(standin, bot)
        await play_to_end(standin, bot, practice, {0: alice})
        await open_table(standin, alice, lobby, "fosco", {"deals": 1}, computers=1)
        rated = await live_table(standin, bot)
        await play_to_end(standin, bot, rated, {0: alice})

        shown = await answer_of(standin, await standin.slash(alice, lobby, "history"))
        assert shown.ephemeral
        text = shown.embeds[0]["description"]
        lines = [line for line in text.split("\n") if line.startswith("`")]
        assert len(lines) == 2
        assert f"#{rated.table_id} · " in lines[0] and "rating **" in lines[0] and "practice" not in lines[0]
        assert f"#{practice.table_id} · *practice*" in lines[1] and "rating" not in lines[1]
        assert replays(shown) == [custom_ids.ReplayRef(guild.id, rated.table_id, "open", 0, None),
                                  custom_ids.ReplayRef(guild.id, practice.table_id, "open", 0, None)]
        assert not any(c.label in ("◀ Previous", "Next ▶") for c in shown.components)  # one page
        only = await answer_of(standin, await standin.slash(alice, lobby, "history", options={"game": "busca"}))
        assert "a game of Busca" in only.content

        # Twenty more, older, one of them private to alice and the computer: three pages' worth of turning.
        store = await bot.stores.guild(guild.id)
        older = []
        for n in range(20):
            seats = [Seat(alice.id, "alice"), Seat(None, "Computer 2", ai=True)]
            older.append(await finished_dracula(store, seats, n + 1, 1000.0 + n, private=n == 0))
        first = await answer_of(standin, await standin.slash(alice, lobby, "history"))
        assert [r.table_id for r in replays(first)] == [rated.table_id, practice.table_id, *older[:1:-1]]
        assert turner(first, "◀ Previous").disabled and not turner(first, "Next ▶").disabled
        turned = await standin.click(alice, first, turner(first, "Next ▶").custom_id)
        assert turned.response_type == 7  # the same message, edited in place
        assert [r.table_id for r in replays(first)] == [older[1], older[0]]
        assert "`21.`" in first.embeds[0]["description"] and "Page 2" in first.embeds[0]["footer"]["text"]
        assert not turner(first, "◀ Previous").disabled and turner(first, "Next ▶").disabled
        back = await standin.click(alice, first, turner(first, "◀ Previous").custom_id)
        assert back.response_type == 7 and len(replays(first)) == 20 and "` 1.`" in first.embeds[0]["description"]

        # bob asks after alice's games: her private table is not his to see, on any page
        his = await answer_of(standin, await standin.slash(bob, lobby, "history", options={"member": alice}))
        assert f"<@{alice.id}>'s games" in his.embeds[0]["description"]
        following = await standin.click(bob, his, turner(his, "Next ▶").custom_id)
        assert following.response_type == 7 and [r.table_id for r in replays(his)] == [older[1]]

        # a page press whose custom_id names another server's list changes nothing
        forged = custom_ids.history(elsewhere.id, alice.id, 0)
        turner(his, "◀ Previous").raw["custom_id"] = forged
        refused = await standin.click(bob, his, forged)
        assert (await answer_of(standin, refused)).content == ANOTHER_SERVER
        assert [r.table_id for r in replays(his)] == [older[1]]

        helped = await answer_of(standin, await standin.slash(alice, lobby, "help"))
        assert "`/history`" in helped.embeds[0]["description"]
