"""Playing whole games through the stand-in while it counts the bot's requests (issue 26): shared by
the counting tests (tests/bot/e2e/test_request_counts.py) and ``bench.requests``.

A player moves as soon as it is their turn (after ``pace`` seconds, letting any computer that must
move at the same time move first): the first move offered on the newest message carrying one (their
DM hand, the table channel for open play and call windows), or, for a choice of cards
(``State.pick``), the fewest cards allowed, ticked in the selects and played with the pick's button.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from dataclasses import dataclass
from functools import partial
from typing import Any

from bot.client import Parlour
from bot.play.tables import Live, same_choice
from games import registry
from localcord import LocalDiscord
from localcord.model import Channel, InteractionRecord, Message, User
from localcord.rest.records import Call

from .parlour_harness import channel_named, click_move, hand_copies, moves_on, pick_cards

QUIET = 0.5  # seconds without a request: the game's last request has been made
# A short variant where a game has one (Dracula's default, one pack, is short already); else the default.
SHORT: dict[str, dict[str, Any]] = {
    "fosco": {"deals": 1},
    "fscking-ace": {"rounds": 4},  # open-ended otherwise; rounds can be short, so four amortise the setup
    "busca": {"hands": 1},
    "fan-tan": {"hands": 1},
    "bullshit": {"call_seconds": 3},
}


@dataclass
class Figures:
    """What one whole game cost, counted from the Start click to the result shown."""

    game: str
    players: int
    humans: int
    moves: int
    clicks: int
    calls: int
    global_limited: int
    uploads: int
    upload_bytes: int
    dms: list[int]  # messages the bot created in each human's DM channel
    undescribed: int  # images sent without a description (alt text)
    seconds: float

    @property
    def global_per_move(self) -> float:
        return self.global_limited / max(1, self.moves)

    @property
    def calls_per_click(self) -> float:
        """All requests per click: the computers' moves counted in too."""
        return self.calls / max(1, self.clicks)

    @property
    def answer_per_click(self) -> float:
        """Requests outside the global limit per click: its answer and the edits made with its token."""
        return (self.calls - self.global_limited) / max(1, self.clicks)

    @property
    def cost_per_click(self) -> float:
        """What a click costs: its answer and token edits, and the global requests of one move."""
        return self.answer_per_click + self.global_per_move

    @property
    def uploads_per_move(self) -> float:
        return self.uploads / max(1, self.moves)

    @property
    def kb_per_move(self) -> float:
        return self.upload_bytes / 1024 / max(1, self.moves)


def offered(standin: LocalDiscord, live: Live, user: User, table: Channel | None) -> tuple[Message, Any] | None:
    """The first move offered to ``user`` now: on their newest copy of the hand, then table message,
    that carries one."""
    version, clock, seat = live.version, live.state.clock, live.seat_of(user.id)
    messages = [*reversed(hand_copies(standin, user)), *reversed(table.messages if table else [])]
    for message, comp, ref in moves_on(messages):
        if ref.table_id != live.table_id:
            continue
        if ref.clock:
            if clock is not None and ref.version == clock.since:
                return message, comp
        elif ref.version == version or (seat is not None and same_choice(live, seat, ref.version)):
            return message, comp  # (controls left as they were while others moved are still good)
    return None


def offered_or_moved(standin: LocalDiscord, live: Live, user: User, table: Channel | None,
                     version: int) -> tuple[Message, Any] | bool:
    """The move offered to ``user`` now, or whether the game moved on from ``version`` meanwhile."""
    return offered(standin, live, user, table) or live.version != version or live.state.is_over


def moved_or_told(live: Live, version: int, record: InteractionRecord) -> bool:
    """Whether the game moved on from ``version``, or the click was answered with why not."""
    return live.version > version or live.state.is_over or record.response_type == 4


async def changed(standin: LocalDiscord, live: Live, version: int, timeout: float) -> bool:
    """Whether the game moved on from ``version`` (or ended) within ``timeout`` seconds."""
    with contextlib.suppress(AssertionError, TimeoutError):
        await standin.wait_for(lambda: live.version > version or live.state.is_over, timeout)
        return True
    return False


async def human_plays(standin: LocalDiscord, live: Live, user: User, table: Channel | None, pace: float) -> None:
    """``user`` moves whenever it is their turn until the game is over."""
    seat = live.seat_of(user.id)
    assert seat is not None
    while not live.state.is_over:
        state, version = live.state, live.version
        if seat not in state.to_move:
            await changed(standin, live, version, 30)
            continue
        if state.to_move != {seat} and state.clock is None and await changed(standin, live, version, 10 * pace + 0.5):
            continue  # others who move at the same time moved first (on a clock, the first to call calls)
        await asyncio.sleep(pace)
        if live.version != version:
            continue
        pick = state.pick(seat)
        if pick is not None:
            fewest = max(pick.fewest, min(1, pick.most))
            with contextlib.suppress(AssertionError, TimeoutError, LookupError):
                await pick_cards(standin, live, user, [*pick.fixed, *pick.cards[:fewest]])
            continue
        with contextlib.suppress(AssertionError, TimeoutError):
            found = await standin.wait_for(partial(offered_or_moved, standin, live, user, table, version), 10)
            if isinstance(found, tuple):
                with contextlib.suppress(LookupError):  # another player's move redrew it meanwhile
                    record = await click_move(standin, user, *found)
                    # moved, or told why not (on a clock another member may have called first)
                    await standin.wait_for(partial(moved_or_told, live, version, record), 10, f"{user.name}'s move")


async def quiet(standin: LocalDiscord, limit: float = 10.0) -> None:
    """Returns once the bot has made no request for ``QUIET`` seconds (or after ``limit`` seconds)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        calls = standin.calls
        if not calls or time.monotonic() - calls[-1].at >= QUIET:
            return
        await asyncio.sleep(0.05)


def undescribed(call: Call) -> int:
    """Images a request sends without a description."""
    if not call.uploads or not isinstance(call.body, dict):
        return 0
    return sum(1 for a in call.body.get("attachments") or [] if not a.get("description"))


async def whole_game(standin: LocalDiscord, bot: Parlour, key: str, humans: int, pace: float) -> Figures:
    """A whole game of ``key`` (its short variant) in a guild of its own: ``humans`` members (the
    first opens the table, the others join) and computers in the other seats the game needs."""
    guild = standin.add_guild(f"{key} club {humans}")
    people = [standin.add_user(f"{name}-{key}") for name in ("alice", "bob", "carol", "dave")[:humans]]
    for person in people:
        guild.add_member(person)
    lobby = guild.add_text_channel("games")
    players = max(registry.get(key).min_players, humans)
    opened = await standin.slash(people[0], lobby, "play", key, options=SHORT.get(key, {}))
    assert opened.message is not None
    for person in people[1:]:
        await standin.click(person, opened.message, label="Join")
    for _ in range(players - humans):
        await standin.click(people[0], opened.message, label="Add computer")
    first_call, known = len(standin.calls), set(standin.world.interactions)
    started = time.monotonic()
    await (await standin.click(people[0], opened.message, label="Start")).wait_response(5)
    live = await standin.wait_for(lambda: next((t for t in bot.tables.live.values()
                                                if t.guild_id == guild.id and t.row.channel_id), None), 10, "the table")
    assert live is not None
    table = await standin.wait_for(lambda: channel_named(guild, f"{key}-{live.table_id}"), 10, "its channel")
    await asyncio.gather(*(human_plays(standin, live, person, table, pace) for person in people))
    await bot.publisher.settled(live, timeout=10)
    await quiet(standin)
    seconds = time.monotonic() - started
    calls = standin.calls[first_call:]

    def dms(person: User) -> int:
        dm = standin.world.dm_channels.get(person.id)
        path = f"/channels/{dm.id}/messages" if dm else None
        return sum(1 for c in calls if c.method == "POST" and c.path == path and c.status < 300)

    return Figures(
        game=key, players=players, humans=humans, moves=live.version,
        clicks=len(set(standin.world.interactions) - known),
        calls=len(calls), global_limited=sum(c.global_limited for c in calls),
        uploads=sum(c.uploads for c in calls), upload_bytes=sum(c.upload_bytes for c in calls),
        dms=[dms(p) for p in people], undescribed=sum(undescribed(c) for c in calls), seconds=seconds)
