"""What a move costs in Discord requests (issue 26): the real Parlour bot, in this process, against the
local Discord stand-in (loopback, OpenAPI validation off), one whole game of each of the 11 games, one
human against computers. Prints figures; asserts nothing.

    python -m bench.requests [--games fosco,busca] [--ai-delay 0.05]

One stand-in and one bot play the games in turn, each in a guild of its own (so per-guild costs, the
category, are charged to each game) with a human of its own, in a short variant (``SHORT``). The bot's
minute (its timers) is ``MINUTE`` seconds here, so Fscking Ace's pause between rounds stays short while
no finished game's channel is cleaned up before the bench ends (30 of its minutes, 6 min, after the
result). The human opens the table (/play, Add computer, Start) and then moves as soon as it is their
turn, after ``--ai-delay`` seconds, as the computers do: the first move offered on the newest message
carrying one (their DM hand, or the table channel for open play and call windows), or, when the move is
a choice of cards (``State.pick``), the fewest cards allowed, ticked in the selects and played with the
pick's button. Discord's per-channel write limit is scaled down as the tests scale it (``FAST_WINDOW``:
5 writes per 0.05 s), so with a 0.05 s pace the table shows moves about as it would at a person's pace
of a few seconds.

Counted from the Start click to the result shown (the table settled and no request for 0.5 s), every
request the bot made (``standin.rest.calls``):

* moves: the moves of the game (``len(state.history)``), the computers' too;
* global/move: requests bound by Discord's global limit (``Call.global_limited``: everything but the
  interaction callback and the interaction-token webhooks) per move;
* calls/click: all requests, of any kind, per interaction of the human (clicks, the Start click and
  select ticks included);
* up/move, KB/move: files attached (``Call.uploads``) and their kilobytes per move;
* DMs/human: messages the bot created in the human's DM channel (one human per game);
* tables@50/s: busy tables (a move every 5 s each) that fit in 50 global-limited requests/s,
  = 50 / (global/move / 5).

The mean line is the plain mean of each column over the games (tables@50/s from the mean global/move).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import statistics
import tempfile
import time
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from bot import turns
from bot.client import Parlour
from bot.live import Live
from games import registry
from localcord import LocalDiscord
from localcord.model import Channel, Message, User
from tests.bot.parlour_harness import channel_named, click_move, moves_on, pick_cards, running, wait_past

AI_DELAY = 0.05
GLOBAL_PER_SECOND = 50.0
MOVE_EVERY = 5.0  # seconds between moves at a busy table
QUIET = 0.5  # seconds without a request: the game's last request has been made
MINUTE = 12.0  # turns.MINUTE: Fscking Ace's pause between rounds 4 s, a finished table's cleanup after 6 min
# A short variant where a game has one (Dracula's default, one pack, is short already); else the default.
SHORT: dict[str, dict[str, Any]] = {
    "fosco": {"deals": 1},
    "fscking-ace": {"rounds": 2},  # open-ended otherwise
    "busca": {"hands": 1},
    "fan-tan": {"hands": 1},
    "bullshit": {"call_seconds": 3},
}


@dataclass
class Figures:
    game: str
    players: int
    moves: int
    clicks: int
    calls: int
    global_limited: int
    uploads: int
    upload_bytes: int
    dms: int
    seconds: float

    @property
    def global_per_move(self) -> float:
        return self.global_limited / max(1, self.moves)

    @property
    def calls_per_click(self) -> float:
        return self.calls / max(1, self.clicks)

    @property
    def uploads_per_move(self) -> float:
        return self.uploads / max(1, self.moves)

    @property
    def kb_per_move(self) -> float:
        return self.upload_bytes / 1024 / max(1, self.moves)


def busy_tables(global_per_move: float) -> float:
    return GLOBAL_PER_SECOND / (global_per_move / MOVE_EVERY) if global_per_move else float("inf")


def offered(standin: LocalDiscord, live: Live, user: User, table: Channel | None) -> tuple[Message, Any] | None:
    """The first move offered to ``user`` now: on the newest DM, then table message, that carries one."""
    version, clock = live.version, live.state.clock
    messages = [*reversed(standin.dm_messages(user)), *reversed(table.messages if table else [])]
    for message, comp, ref in moves_on(messages):
        if ref.table_id != live.table_id:
            continue
        if ref.version == version if not ref.clock else clock is not None and ref.version == clock.since:
            return message, comp
    return None


def offered_or_moved(standin: LocalDiscord, live: Live, user: User, table: Channel | None,
                     version: int) -> tuple[Message, Any] | bool:
    """The move offered to ``user`` now, or whether the game moved on from ``version`` meanwhile."""
    return offered(standin, live, user, table) or live.version != version or live.state.is_over


async def changed(standin: LocalDiscord, live: Live, version: int, timeout: float) -> bool:
    """Whether the game moved on from ``version`` (or ended) within ``timeout`` seconds."""
    with contextlib.suppress(AssertionError, TimeoutError):
        await standin.wait_for(lambda: live.version > version or live.state.is_over, timeout)
        return True
    return False


async def human_plays(standin: LocalDiscord, live: Live, user: User, table: Channel | None, pace: float) -> None:
    """``user`` moves whenever it is their turn (first, after ``pace`` seconds, letting any computer that
    must move at the same time move first) until the game is over."""
    seat = live.seat_of(user.id)
    assert seat is not None
    while not live.state.is_over:
        state, version = live.state, live.version
        if seat not in state.to_move:
            await changed(standin, live, version, 30)
            continue
        if state.to_move != {seat} and await changed(standin, live, version, 10 * pace + 0.5):
            continue  # others who move at the same time moved first: the human's controls stay put
        await asyncio.sleep(pace)
        if live.version != version:
            continue
        pick = state.pick(seat)
        if pick is not None:
            fewest = max(pick.fewest, min(1, pick.most))
            await pick_cards(standin, live, user, [*pick.fixed, *pick.cards[:fewest]])
            continue
        with contextlib.suppress(AssertionError, TimeoutError):
            found = await standin.wait_for(partial(offered_or_moved, standin, live, user, table, version), 10)
            if isinstance(found, tuple):
                await click_move(standin, user, *found)
                await wait_past(standin, live, version, f"{user.name}'s move")


async def quiet(standin: LocalDiscord, limit: float = 10.0) -> None:
    """Returns once the bot has made no request for ``QUIET`` seconds (or after ``limit`` seconds)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        calls = standin.calls
        if not calls or time.monotonic() - calls[-1].at >= QUIET:
            return
        await asyncio.sleep(0.05)


async def one_game(standin: LocalDiscord, bot: Parlour, key: str, pace: float) -> Figures:
    """A game of ``key`` in a guild of its own, by a human of its own."""
    guild = standin.add_guild(f"{key} club")
    human = standin.add_user(f"alice-{key}")
    guild.add_member(human)
    lobby = guild.add_text_channel("games")
    return await measure(standin, bot, guild, human, lobby, key, registry.get(key).min_players, pace)


async def measure(standin: LocalDiscord, bot: Parlour, guild: Any, human: User, lobby: Channel, key: str,
                  players: int, pace: float) -> Figures:
    opened = await standin.slash(human, lobby, "play", key, options=SHORT.get(key, {}))
    assert opened.message is not None
    for _ in range(players - 1):
        await standin.click(human, opened.message, label="Add computer")
    first_call, known = len(standin.calls), set(standin.world.interactions)
    started = time.monotonic()
    await (await standin.click(human, opened.message, label="Start")).wait_response(5)
    live = await standin.wait_for(lambda: next((t for t in bot.tables.live.values()
                                                if t.guild_id == guild.id and t.row.channel_id), None), 10, "the table")
    assert live is not None
    table = await standin.wait_for(lambda: channel_named(guild, f"{key}-{live.table_id}"), 10, "its channel")
    await human_plays(standin, live, human, table, pace)
    await bot.publisher.settled(live, timeout=10)
    await quiet(standin)
    seconds = time.monotonic() - started
    calls = standin.calls[first_call:]
    dm = standin.world.dm_channels.get(human.id)
    dm_path = f"/channels/{dm.id}/messages" if dm else None
    return Figures(
        game=key, players=players, moves=live.version,
        clicks=len(set(standin.world.interactions) - known),
        calls=len(calls), global_limited=sum(c.global_limited for c in calls),
        uploads=sum(c.uploads for c in calls), upload_bytes=sum(c.upload_bytes for c in calls),
        dms=sum(1 for c in calls if c.method == "POST" and c.path == dm_path and c.status < 300),
        seconds=seconds)


HEADER = (f"{'game':<22} {'pl':>2} {'moves':>5} {'clicks':>6} {'global/move':>11} {'calls/click':>11} "
          f"{'up/move':>7} {'KB/move':>7} {'DMs/human':>9} {'tables@50/s':>11} {'secs':>5}")


def line(name: str, players: str, moves: str, clicks: str, gpm: float, cpc: float, upm: float, kbm: float,
         dms: float, secs: str) -> str:
    return (f"{name:<22} {players:>2} {moves:>5} {clicks:>6} {gpm:>11.2f} {cpc:>11.2f} {upm:>7.2f} {kbm:>7.1f} "
            f"{dms:>9.1f} {busy_tables(gpm):>11.0f} {secs:>5}")


async def run(games: list[str], ai_delay: float) -> None:
    print(f"One human against computers, AI delay and human pace {ai_delay:g} s; a busy table moves every "
          f"{MOVE_EVERY:g} s; Discord's global limit {GLOBAL_PER_SECOND:g} requests/s.")
    print(HEADER)
    results = []
    async with LocalDiscord() as standin:
        with tempfile.TemporaryDirectory(prefix="parlour-requests-") as data:
            async with running(standin, Path(data), ai_delay=ai_delay) as bot:
                for key in games:
                    f = await one_game(standin, bot, key, ai_delay)
                    results.append(f)
                    print(line(f.game, str(f.players), str(f.moves), str(f.clicks), f.global_per_move,
                               f.calls_per_click, f.uploads_per_move, f.kb_per_move, float(f.dms),
                               f"{f.seconds:.0f}"), flush=True)

    def mean(values: list[float]) -> float:
        return statistics.fmean(values)

    print(line("mean", "", f"{mean([f.moves for f in results]):.0f}", f"{mean([f.clicks for f in results]):.0f}",
               mean([f.global_per_move for f in results]), mean([f.calls_per_click for f in results]),
               mean([f.uploads_per_move for f in results]), mean([f.kb_per_move for f in results]),
               mean([f.dms for f in results]), f"{sum(f.seconds for f in results):.0f}"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default=",".join(registry.keys()), help="comma-separated game keys")
    parser.add_argument("--ai-delay", type=float, default=AI_DELAY, help="the computers' delay and the human's pace")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("discord.client").setLevel(logging.ERROR)
    turns.MINUTE = MINUTE
    asyncio.run(run([g for g in args.games.split(",") if g], args.ai_delay))


if __name__ == "__main__":
    main()
