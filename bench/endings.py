"""Every game played to its end by a member clicking at random, timed as the player sees it: how
long after the last move the result reaches the channel where the game was opened, and how far the
table channel's story (its posted lines) falls behind the game. Prints figures; asserts nothing.

    python -m bench.endings [--games bullshit,fosco] [--count 200] [--at-once 20]
                            [--ai-delay 0,1] [--restart-every 0,40] [--mixed]

The real bot runs in a process of its own (``bench.bot_process``) against the local Discord in this
process. Each table is one member against computers (the game's smallest table), in a server of its
own, opened by ``/play`` with the game's default options. The member clicks every ~50 ms on a random
control of their newest message with controls (their DM copy, or the table message where moves or a
call window are on it): a random move, a random choice of cards to tick, the pick's button, and
between rounds the next deal. Each run
of ``--ai-delay`` and ``--restart-every`` (0: never; else the bot is stopped with SIGTERM and started
again that often) plays ``--count`` games of each game, ``--at-once`` at a time: one game after
another, each in a fresh bot, or with ``--mixed`` all of them in turn in one (quicker where the
computers take their time).

Per game:
* result: from the game's last move (its commit time in the guild's database) to the result's message
  in the channel where ``/play`` was used; median, p95 and max (goal: p95 <= 3 s, max <= 10 s);
* story lag: for each message of the table channel's story, how long its oldest line waited since it
  was due, the commit of the move that closed its part of the story (a round's or the game's end, a
  call's cards turned up; lines are matched to the moves by replaying the game's record); median, p95
  and the greatest over all games (goal: <= 10 s at the default computer delay);
* the games that did not end within ``--patience`` seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import logging
import random
import sqlite3
import statistics
import tempfile
import time
from collections.abc import AsyncIterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from bot.play import custom_ids
from bot.show.display import worth_a_message
from games import registry
from games.core.base import name_players
from localcord import LocalDiscord
from localcord.model import Channel, Guild, Message, User

from .bot_latency import RESULT, bot_process, pct

CLICK_EVERY = 0.05  # the member's pace: a click every ~50 ms (their newest message with controls: a DM,
# the table message, or a hand shown to them alone in answer to a click)
ANSWER_WAIT = 5.0  # seconds a click waits for its answer before the member clicks again
# The controls the member presses: moves, selects, card ticks, call windows, and between rounds "Deal the
# next round now" or, in a game played round after round until the players stop, "End the game" (one
# time in END_ODDS: some rounds a game).
PRESSED = ("a", "s", "c", "w")
TABLE_VERBS = ("next", "end")
END_ODDS = 40


@dataclass
class Game:
    """One table: its member, server and channels, and what the bench saw of it."""

    key: str
    user: User
    guild: Guild
    lobby: Channel
    table_id: int = 0
    channel_id: int = 0
    posted: dict[int, float] = field(default_factory=dict)  # message id: when it was posted (time.time())
    clicks: list[Any] = field(default_factory=list)  # the member's newest interactions (their answers are theirs)
    result_at: float | None = None
    ended: asyncio.Event = field(default_factory=asyncio.Event)
    opened_again: int = 0


@dataclass
class Figures:
    game: str
    ai_delay: float
    restart_every: float
    played: int = 0
    unfinished: int = 0
    result: list[float] = field(default_factory=list)  # last move -> the result in the origin channel
    story: list[float] = field(default_factory=list)  # each story message: how long its oldest line waited
    moves: list[int] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    opened_again: int = 0  # tables whose /play or lobby went unanswered, opened again by the member
    unseen_ends: int = 0  # unended games the store has finished: a result never shown (a fault)
    still_playing: list[int] = field(default_factory=list)  # unended games: the moves made by then


class Watcher:
    """Notes when each message is posted (MESSAGE_CREATE), and a table's result in its origin channel."""

    def __init__(self, standin: LocalDiscord) -> None:
        self.standin = standin
        self.by_guild: dict[int, Game] = {}
        self.original = standin.world.dispatch
        standin.world.dispatch = self.emit  # type: ignore[method-assign]

    def emit(self, event: str, data: Any, *args: Any, **kwargs: Any) -> None:
        if event == "MESSAGE_CREATE" and data.get("guild_id"):
            game = self.by_guild.get(int(data["guild_id"]))
            if game is not None:
                now = time.time()
                game.posted[int(data["id"])] = now
                if int(data["channel_id"]) == game.lobby.id and game.table_id \
                        and f"table #{game.table_id} is over" in data.get("content", ""):
                    game.result_at = now
                    game.ended.set()
        self.original(event, data, *args, **kwargs)


def newest_controls(standin: LocalDiscord, game: Game) -> list[tuple[Message, Any]]:
    """The enabled controls the member may press on their newest message that has any."""
    channel = standin.world.channels.get(game.channel_id)
    dm = standin.world.dm_channels.get(game.user.id)
    shown = [m for m in channel.messages if m.components_raw] if channel else []  # the table message, a window
    answers = [m for rec in game.clicks for m in (rec.message, *rec.followups)  # a hand shown to them alone
               if m is not None and m.ephemeral and not m.deleted]
    messages = [*(dm.messages[-3:] if dm else []), *shown, *answers]
    for message in sorted(messages, key=lambda m: m.id, reverse=True):
        found = []
        for comp in message.components:
            if comp.disabled or not comp.custom_id:
                continue
            try:
                ref = custom_ids.parse(comp.custom_id)
            except custom_ids.BadCustomId:
                continue
            wanted = comp.custom_id.split(":")[1] in PRESSED or (
                isinstance(ref, custom_ids.TableRef) and ref.verb in TABLE_VERBS)
            if wanted and ref.table_id == game.table_id:
                found.append((message, comp))
        if found:
            return found
    return []


async def press(standin: LocalDiscord, game: Game, rng: random.Random) -> None:
    offered = newest_controls(standin, game)
    ends = [(m, c) for m, c in offered if c.custom_id.endswith(":end")]
    offered = ends if ends and rng.randrange(END_ODDS) == 0 else [(m, c) for m, c in offered if (m, c) not in ends]
    if not offered:
        return
    message, comp = rng.choice(offered)
    if comp.type == 2:
        record = await standin.click(game.user, message, comp.custom_id, wait=False)
    else:
        low, high = int(comp.raw.get("min_values", 1)), int(comp.raw.get("max_values", 1))
        values = rng.sample(comp.values, rng.randint(low, min(high, len(comp.values))))
        record = await standin.select(game.user, message, comp.custom_id, values=values, wait=False)
    game.clicks = [*game.clicks[-4:], record]
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(record.responded.wait(), ANSWER_WAIT)


async def open_table(standin: LocalDiscord, game: Game, seats: int) -> None:
    """``/play`` and the lobby's clicks, as a member makes them: a command or click Discord reports
    unanswered (a machine too busy to answer within its deadline) is made again, a fresh table."""
    for attempt in itertools.count():
        try:
            lobby = await standin.slash(game.user, game.lobby, "play", game.key, options={})
            assert lobby.message is not None
            ref = next(custom_ids.parse(c.custom_id) for c in lobby.message.components if c.custom_id)
            game.table_id = ref.table_id
            for _ in range(seats - 1):
                await standin.click(game.user, lobby.message, label="Add computer")
            await standin.click(game.user, lobby.message, label="Start")
            return
        except AssertionError:
            if attempt >= 5:
                raise
            game.opened_again += 1
            await asyncio.sleep(2.0)


async def play(standin: LocalDiscord, watcher: Watcher, game: Game, seats: int, rng: random.Random,
               patience: float) -> bool:
    """Opens the table and clicks until its result is posted; False if it did not end in time."""
    watcher.by_guild[game.guild.id] = game
    await open_table(standin, game, seats)
    deadline = time.monotonic() + patience
    while not game.ended.is_set() and time.monotonic() < deadline:
        if not game.channel_id:
            game.channel_id = next((c.id for c in game.guild.channels.values()
                                    if c.name.endswith(f"-{game.table_id}")), 0)
        with contextlib.suppress(Exception):  # a click while the bot restarts: the member clicks again
            await press(standin, game, rng)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(game.ended.wait(), rng.uniform(0.5, 1.5) * CLICK_EVERY)
    return game.ended.is_set()


def table_state(database: Path, table_id: int) -> tuple[str, int]:
    """A table's status in its guild's database and the moves made so far."""
    with contextlib.closing(sqlite3.connect(f"file:{database}?mode=ro", uri=True)) as db:
        row = db.execute("SELECT status, version FROM tables WHERE id = ?", (table_id,)).fetchone()
    return (str(row[0]), int(row[1])) if row else ("missing", 0)


def story_lags(game: Game, standin: LocalDiscord, database: Path) -> tuple[float | None, list[float], int]:
    """(last move -> result, each story message's lag, moves) from the guild's database and the
    channel: the game replayed from its record gives each move's notable lines, and when each was due
    in the channel (the step that closed its part of the story: a round's or the game's end, cards
    turned up; the lines before it wait for it by design, on the table message meanwhile)."""
    with contextlib.closing(sqlite3.connect(f"file:{database}?mode=ro", uri=True)) as db:
        at = dict(db.execute("SELECT version, at FROM actions WHERE table_id = ?", (game.table_id,)).fetchall())
        row = db.execute("SELECT record, seats FROM tables WHERE id = ?", (game.table_id,)).fetchone()
    if not at or row is None or row[0] is None:
        return None, [], 0
    record, seats = json.loads(row[0]), json.loads(row[1])
    names = [seat["name"] for seat in seats]
    state = registry.get(record["key"]).from_record({**record, "actions": []})
    lines: list[tuple[str, int]] = []  # (a notable line as told, the version of the move it was due at)
    waiting: list[str] = []
    for version, (seat, token) in enumerate(record["actions"], 1):
        before = state
        state = state.apply(seat, token)
        waiting += [name_players(e.text, names) for e in state.log[len(before.log):] if e.notable]
        if worth_a_message(before, state):
            lines += [(text, version) for text in waiting]
            waiting = []
    last = at[max(at)]
    result = game.result_at - last if game.result_at is not None else None
    channel = standin.world.channels.get(game.channel_id)
    lags: list[float] = []
    told = 0  # the story's lines told so far
    for message in channel.messages if channel else []:
        if any(a.filename == "table.png" for a in message.attachments) or message.id not in game.posted:
            continue
        oldest = told
        for text in message.content.splitlines():
            found = next((n for n in range(told, len(lines)) if text.startswith(lines[n][0])), None)
            if found is not None:
                told = found + 1
        if told > oldest:
            lags.append(game.posted[message.id] - at[lines[oldest][1]])
    return result, lags, len(at)


@contextlib.asynccontextmanager
async def restarting(standin: LocalDiscord, data: Path, ai_delay: float, every: float,
                     report: Path) -> AsyncIterator[None]:
    """The bot, stopped (SIGTERM) and started again every ``every`` seconds (never, with 0)."""
    stop = asyncio.Event()

    async def lifetimes() -> None:
        while not stop.is_set():
            async with bot_process(standin, data, ai_delay, report):
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), every or None)

    task = asyncio.create_task(lifetimes())
    await standin.wait_for(lambda: any(s.queue is not None for s in standin.gateway.sessions.values()), 60,
                           "the bot to connect")
    await asyncio.sleep(1.0)
    try:
        yield
    finally:
        stop.set()
        await task


async def run(keys: list[str], count: int, at_once: int, ai_delay: float, restart_every: float, patience: float,
              seed: int) -> list[Figures]:
    """``count`` games of each of ``keys``, taken in turn, ``at_once`` at a time; figures per game."""
    figures = {key: Figures(key, ai_delay, restart_every) for key in keys}
    rng = random.Random(seed)
    async with LocalDiscord() as standin:
        watcher = Watcher(standin)
        with tempfile.TemporaryDirectory(prefix="parlour-endings-") as folder:
            data = Path(folder) / "data"
            async with restarting(standin, data, ai_delay, restart_every, Path(folder) / "report.json"):
                slots = asyncio.Semaphore(at_once)

                async def one(n: int, key: str) -> None:
                    async with slots:
                        guild = standin.add_guild(f"Club {n + 1}")
                        user = standin.add_user(f"player{n + 1}")
                        guild.add_member(user)
                        game = Game(key, user, guild, guild.add_text_channel("games"))
                        began = time.monotonic()
                        seats = min(registry.get(key).player_counts)
                        ended = await play(standin, watcher, game, seats, random.Random(rng.random()), patience)
                        mine = figures[key]
                        mine.played += 1
                        mine.opened_again += game.opened_again
                        if not ended:
                            mine.unfinished += 1
                            status, moves = table_state(data / "guilds" / f"{guild.id}.sqlite3", game.table_id)
                            if status == "finished":
                                mine.unseen_ends += 1
                            else:
                                mine.still_playing.append(moves)
                            return
                        mine.seconds.append(time.monotonic() - began)
                        # the story's last lines and the result in the table channel follow the end
                        await standin.wait_for(lambda: any("Thank you for playing" in m.content for m in (
                            standin.world.channels[game.channel_id].messages)), 120, "the table channel's end")
                        database = data / "guilds" / f"{guild.id}.sqlite3"
                        result, lags, moves = story_lags(game, standin, database)
                        if result is not None:
                            mine.result.append(result)
                        mine.story += lags
                        mine.moves.append(moves)

                games = [key for _ in range(count) for key in keys]  # the games in turn, mixed
                await asyncio.gather(*(one(n, key) for n, key in enumerate(games)))
    return [figures[key] for key in keys]


def seconds(values: list[float]) -> str:
    if not values:
        return "-"
    return f"{statistics.median(values):.1f} / {pct(values, 0.95):.1f} / {max(values):.1f}"


def report(results: list[Figures]) -> None:
    print()
    print(f"{'game':<22} {'delay':>5} {'restart':>7} {'games':>5} {'unended':>7} {'moves':>6} {'game s':>7} "
          f"{'result med/p95/max s':>21} {'story med/p95/max s':>20}")
    for f in results:
        moves = f"{statistics.median(f.moves):.0f}" if f.moves else "-"
        length = f"{statistics.median(f.seconds):.0f}" if f.seconds else "-"
        print(f"{f.game:<22} {f.ai_delay:>5.1f} {f.restart_every or '-':>7} {f.played:>5} {f.unfinished:>7} "
              f"{moves:>6} {length:>7} {seconds(f.result):>21} {seconds(f.story):>20}")
    print("\nresult: the game's last move committed -> its result posted where /play was used (goal p95 <= 3 s,\n"
          "max <= 10 s); story: each story message in the table channel, how long its oldest line had waited\n"
          "since it was due (the move that closed its part of the story was committed; goal <= 10 s at the\n"
          "default computer delay); moves and game s: median per game; unended: games not over within --patience.")
    for f in results:
        if f.unfinished:
            print(f"{f.game} (delay {f.ai_delay:g}): of {f.unfinished} unended, {f.unseen_ends} finished in the store "
                  f"but never shown (a fault), {len(f.still_playing)} still being played (moves by then: "
                  f"{sorted(f.still_playing)})")
    again = sum(f.opened_again for f in results)
    if again:
        print(f"{again} tables opened again: their /play or a lobby click went unanswered (the machine too busy\n"
              "to answer within Discord's deadline), as a member would try again.")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=lambda s: s.split(","), default=list(registry.keys()))
    parser.add_argument("--count", type=int, default=200, help="games of each game, each setting")
    parser.add_argument("--at-once", type=int, default=20, help="tables played at the same time")
    parser.add_argument("--ai-delay", type=lambda s: [float(x) for x in s.split(",")], default=[0.0, 1.0])
    parser.add_argument("--restart-every", type=lambda s: [float(x) for x in s.split(",")], default=[0.0, 40.0],
                        help="seconds between the bot's restarts, 0 for none (comma-separated settings)")
    parser.add_argument("--patience", type=float, default=900.0, help="seconds a game may take")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mixed", action="store_true",
                        help="all the games at once in one run a setting (quicker), not one game after another")
    parser.add_argument("--one", default="", help=argparse.SUPPRESS)  # a child: games,delay,restart; JSON out
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    if args.one:
        keys, delay, every = args.one.split(",")
        found = asyncio.run(run(keys.split("+"), args.count, args.at_once, float(delay), float(every),
                                args.patience, args.seed))
        print(RESULT + json.dumps([asdict(f) for f in found]), flush=True)
        return
    results = []
    for delay in args.ai_delay:
        for every in args.restart_every:
            for keys in (["+".join(args.games)] if args.mixed else args.games):
                print(f"{keys}: {args.count} games each, computers at {delay} s, restart every {every or '-'} s ...",
                      flush=True)
                began = time.perf_counter()
                results += [Figures(**found) for found in one_child(args, keys, delay, every)]
                print(f"  done in {time.perf_counter() - began:.0f} s", flush=True)
    report(results)


def one_child(args: argparse.Namespace, keys: str, delay: float, every: float) -> Any:
    """One setting of ``keys`` (games joined by +) in a fresh interpreter (a new stand-in, bot and data folder)."""
    import subprocess
    import sys

    command = [sys.executable, "-m", "bench.endings", "--one", f"{keys},{delay},{every}", "--count", str(args.count),
               "--at-once", str(args.at_once), "--patience", str(args.patience), "--seed", str(args.seed)]
    done = subprocess.run(command, stdout=subprocess.PIPE, text=True, check=True)
    line = next(x for x in reversed(done.stdout.splitlines()) if x.startswith(RESULT))
    return json.loads(line[len(RESULT):])


if __name__ == "__main__":
    main()
