"""Discord having a bad moment: one request in five answered 503 (which discord.py does not retry),
from the first deal to the result. Every game still reaches its result, shown in the table's
channel: a table update Discord refused is shown again, a computer move that failed is tried again."""

from __future__ import annotations

import contextlib
import functools
import itertools
import json
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.client import Parlour
from bot.play import timers
from bot.play.tables import Live
from bot.show import publisher, result_posts, story
from games import registry
from localcord import LocalDiscord
from localcord.model import Channel, Message, User
from localcord.rest.records import Call
from tests.discord_spec import local_discord
from tests.sampling import FULL

from ..parlour_harness import channel_named, open_table, running

UNAVAILABLE = {"message": "503: Service Unavailable", "code": 0}


def one_in_five() -> Any:
    """Refuses every fifth request, and the first post of each result (per channel) whatever its place."""
    refused: list[Call] = []
    count = itertools.count()

    def inject(call: Call) -> tuple[int, Any] | None:
        first_result = "is over" in json.dumps(call.body) and not any(
            c.path == call.path and "is over" in json.dumps(c.body) for c in refused)
        if next(count) % 5 == 2 or first_result:
            refused.append(call)
            return 503, UNAVAILABLE
        return None

    inject.refused = refused  # type: ignore[attr-defined]
    return inject


def quick_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same back-off after a failure, in hundredths of the real seconds."""
    for module in (publisher, timers):
        monkeypatch.setattr(module, "RETRY_FIRST", 0.01)
        monkeypatch.setattr(module, "RETRY_MAX", 0.1)


def refusing(refused: list[Call], refuse: Callable[[Call], bool]) -> Callable[[Call], tuple[int, Any] | None]:
    """The stand-in answers 503 to each request ``refuse`` picks, noted in ``refused``."""

    def inject(call: Call) -> tuple[int, Any] | None:
        if refuse(call):
            refused.append(call)
            return 503, UNAVAILABLE
        return None

    return inject


@contextlib.asynccontextmanager
async def member_at_table(tmp_path: Path, key: str, options: dict[str, Any],
                          computers: int = 1) -> AsyncIterator[tuple[LocalDiscord, Parlour, User, Live, Channel]]:
    """A running bot with one member's table of ``key`` against ``computers`` computers."""
    async with local_discord() as standin:
        guild = standin.add_guild("Card club")
        lobby = guild.add_text_channel("games")
        async with running(standin, tmp_path) as bot:
            member = standin.add_user("player")
            guild.add_member(member)
            await open_table(standin, member, lobby, key, options, computers=computers)
            yield (standin, bot, member, *await table_of(standin, bot, guild, key))


async def table_of(standin: LocalDiscord, bot: Parlour, guild: Any, key: str) -> tuple[Live, Channel]:
    live = await standin.wait_for(
        lambda: next((t for t in bot.tables.live.values() if t.row.game == key and t.row.channel_id), None), 10,
        f"the {key} table")
    table = await standin.wait_for(lambda: channel_named(guild, f"{key}-{live.table_id}"), 5, "its channel")
    return live, table


async def resign(standin: LocalDiscord, member: User, live: Live, table: Channel) -> None:
    """The member leaves the game to the computers (asking again if Discord lost the command)."""
    for _ in range(20):
        if live.is_computer(0):
            return
        await standin.slash(member, table, "table", "resign", wait=False)
        with contextlib.suppress(AssertionError):
            await standin.wait_for(lambda: live.is_computer(0), 1, "the resignation")
    raise AssertionError(f"the resignation at {live.row.game} never got through")


async def result_shown(standin: LocalDiscord, live: Live, table: Channel) -> list[Message]:
    # Eleven games' computers share the thinking workers (the tarot games' searches the longest):
    # alone this test takes 30 s; on a busy machine the last of them may take two minutes, and the
    # last table's end, each of its requests refused one time in five, a while more.
    await standin.wait_for(lambda: live.state.is_over, 120, f"the end of {live.row.game}")
    return await standin.wait_for(lambda: [m for m in table.messages if "is over" in m.content], 120,
                                  f"the result of {live.row.game} shown in the table's channel")


# Each game as short as its options make it: what is tested is the result's way out, not the length.
SHORT: dict[str, dict[str, object]] = {"fosco": {"deals": 1}, "dracula": {"deals": 1}, "busca": {"hands": 1},
                                       "bullshit": {"call_seconds": 3}}


# A game of each way a result is reached (deals, hands to a total, chips, a clock, play on the table,
# a tarot hand); every game with the full sweep.
RESULT_GAMES = registry.keys() if FULL else ("fosco", "busca", "fan-tan", "bullshit", "fscking-ace", "scarto")


async def test_every_game_shows_its_result_while_discord_refuses_one_request_in_five(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Six games at once (all eleven with the full sweep), each left to the computers by its one
    member, from the first deal."""
    quick_retries(monkeypatch)
    monkeypatch.setattr(timers, "CLOCK_STEP", 0.01)  # Bullshit's computers answer each call window at once
    async with local_discord() as standin:
        guild = standin.add_guild("Card club")
        lobby = guild.add_text_channel("games")
        async with running(standin, tmp_path, workers=2) as bot:  # eleven games think at once
            tables: list[tuple[User, Live, Channel]] = []
            for key in RESULT_GAMES:
                member = standin.add_user(f"player-{key}")
                guild.add_member(member)
                await open_table(standin, member, lobby, key, SHORT.get(key, {}),
                                 computers=registry.get(key).min_players - 1)
                tables.append((member, *await table_of(standin, bot, guild, key)))
            inject = one_in_five()
            standin.rest.inject = inject
            for member, live, table in tables:
                await resign(standin, member, live, table)
            for _member, live, table in tables:
                assert len(await result_shown(standin, live, table)) == 1, "the result is shown once"
            standin.rest.inject = lambda call: None
            refused = inject.refused  # type: ignore[attr-defined]
            assert len({c.path for c in refused if "is over" in json.dumps(c.body)}) >= len(tables), \
                "each table's first result post was refused"


async def test_a_result_in_several_messages_is_posted_once_when_a_later_one_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A long account goes out as several messages; when Discord refuses one after the first went
    out, the retry posts only what is missing (it used to post the result's first message again)."""
    quick_retries(monkeypatch)
    monkeypatch.setattr(result_posts, "messages_of", lambda texts: [t for t in texts if t])  # a message a part
    async with member_at_table(tmp_path, "dracula", {}) as (standin, _bot, member, live, table):
        refused: list[Call] = []
        standin.rest.inject = refusing(refused, lambda call: "Thank you for playing" in json.dumps(call.body)
                                       and not refused)
        await resign(standin, member, live, table)
        await result_shown(standin, live, table)
        thanks = await standin.wait_for(
            lambda: [m for m in table.messages if "Thank you for playing" in m.content], 10, "the last part")
        assert refused and len(thanks) == 1
        assert len([m for m in table.messages if "is over" in m.content]) == 1, "the result's first part once"


async def test_a_long_account_refused_part_way_goes_on_from_the_line_that_failed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A round's lines go out as several messages; Discord refuses every third one. Each line still
    reaches the channel once and in order (a retry used to post the whole account again, so a long
    one, refused somewhere each time, never got through)."""
    quick_retries(monkeypatch)
    a_line_a_message = functools.partial(story.story_posts, limit=1, most=10**6)
    monkeypatch.setattr(story, "story_posts", a_line_a_message)
    async with member_at_table(tmp_path, "fosco", {"deals": 1}) as (standin, bot, member, live, table):
        posts = itertools.count()
        refused: list[Call] = []
        standin.rest.inject = refusing(refused, lambda call: call.method == "POST" and call.path.endswith(
            f"/channels/{table.id}/messages") and "is over" not in json.dumps(call.body) and next(posts) % 3 == 2)
        await resign(standin, member, live, table)
        await result_shown(standin, live, table)
        await bot.publisher.settled(live, timeout=20)
        final = [live.text(e.text) for e in live.state.log if e.notable and e.text != live.state.outcome.detail]
        posted = [line for m in table.messages for line in m.content.split("\n") if line in final]
        assert len(refused) >= 3 and len(final) >= 10
        assert posted == final, "every line once, in order"
