"""The real bot in a process of its own, as production runs it (``python -m bot --discord``), against a
local Discord served in this process on 127.0.0.1; and a game of Fosco played against it by clicks.

    async with local_discord() as standin:
        game = Fosco(standin)
        bot = BotProcess(standin, tmp_path)
        try:
            await bot.start()
            await game.open(bot.data_dir)
            click = await game.click()
            done = await bot.terminate()          # SIGTERM: exit code and seconds to stop
            assert not await bot.leftovers_gone(1.0)
            await game.restart(bot)               # started again; returns once the table is restored
        finally:
            await bot.close()

or the same, opened by ``game_on_bot``. The faults of ``tests/faults`` and ``bench.faults`` are planned by
``kill_plan`` and ``stop_plan`` and made by ``kill_at`` and ``fault_after_click``.

The bot starts in a session of its own (``start_new_session``), so every process it starts (the
forkserver, its render and computer workers, multiprocessing's helpers) carries its session id:
``leftovers()`` lists those still alive after it is gone. What the bot committed is read from the
guild's SQLite file, read-only, as a person inspecting the store would.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aiohttp import web

from bot.client import RESTORED
from bot.play import custom_ids
from bot.play.faults import RESTARTING
from localcord import LocalDiscord
from localcord.model import Channel, InteractionRecord, Message
from localcord.rest.records import Call
from tests.bot.parlour_harness import moves_on

ROOT = Path(__file__).resolve().parents[2]
CONNECTED = "Parlour is connected"  # the bot's log line once discord.py is ready (then it restores)
STOPPING = "received: stopping"  # its log line when SIGTERM or SIGINT arrives
STOPPED = "parlour: stopped"  # its last log line once a clean stop has closed the workers and stores
OVER = "is over"  # in the table channel once the game's result is shown
# PARLOUR_AI_DELAY of the last run of a game, after the faults: the computers play it out quickly.
# Not 0: with no delay a computer can be inside Tables.act when /table resign's turns.schedule cancels
# its turn task; the move is committed but the table never rescheduled, and the game freezes. 0.1 s
# is well past the command's answer, so the new turn task replaces one that is still waiting.
FINISH_AI_DELAY = 0.1
# Settings of the environment this test runs in that must not reach the bot under test.
NOT_PASSED = ("PARLOUR_DEV_GUILD", "SHARD_COUNT", "SHARD_IDS", "PARLOUR_LOG_FORMAT", "DISCORD_OPENAPI_SPEC")
GONE_LIMIT = 3.0  # seconds the worker processes may outlive a killed bot
ON_ACK = "on the ack"  # a fault sent as the bot's acknowledgement of a click reaches Discord
WHILE_STARTING = "while starting"  # a kill while the bot is starting up again
__all__ = ["CONNECTED", "FINISH_AI_DELAY", "GONE_LIMIT", "ON_ACK", "OVER", "RESTARTING", "RESTORED", "STOPPED",
           "STOPPING", "WHILE_STARTING", "Action", "BotProcess", "Click", "Delays", "Exit", "Fosco", "KillResult",
           "describe", "fault_after_click", "game_on_bot", "kill_at", "kill_plan", "on_ack", "session_closed",
           "session_members", "signal_on_ack", "stop_plan"]


# -- processes -----------------------------------------------------------------------------------
def session_members(sid: int) -> list[int]:
    """The live processes (not zombies) whose session id is ``sid``: field 6 of /proc/<pid>/stat."""
    found = []
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            text = Path(entry.path, "stat").read_text()
        except OSError:  # gone meanwhile
            continue
        fields = text.rsplit(")", 1)[1].split()  # after the command name, which may hold spaces
        state, session = fields[0], int(fields[3])
        if session == sid and state not in ("Z", "X", "x"):
            found.append(int(entry.name))
    return sorted(found)


def describe(pids: list[int]) -> str:
    """``pid: command line`` for each, for a failure message."""
    lines = []
    for pid in pids:
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            cmdline = "(gone)"
        lines.append(f"  {pid}: {cmdline.strip()}")
    return "\n".join(lines)


@dataclass(frozen=True)
class Exit:
    returncode: int | None  # None: it had not exited when given up on (it was then killed)
    seconds: float  # from the signal to the exit


class BotProcess:
    """``python -m bot --discord`` against ``standin``, on the data folder ``folder/data``; start it again
    after a stop or a kill and it restores from that folder. The working directory is ``folder/cwd``
    (no ``.env``); standard output and error go to ``folder/bot-<run>.log``."""

    def __init__(self, standin: LocalDiscord, folder: Path, *, workers: int = 1, ai_delay: float = 0.0,
                 env: Mapping[str, str] | None = None) -> None:
        self.standin = standin
        self.folder = folder
        self.data_dir = folder / "data"
        self.cwd = folder / "cwd"
        self.cwd.mkdir(parents=True, exist_ok=True)
        self.workers, self.ai_delay, self.extra_env = workers, ai_delay, dict(env or {})
        self.process: asyncio.subprocess.Process | None = None
        self.runs = 0
        self.sid: int | None = None  # the session of the latest run: its pid
        self.signalled_at: float | None = None  # time.monotonic() of the latest signal sent
        self.started_at: float | None = None  # time.monotonic() of the latest spawn
        self._known: set[str] = set()  # gateway sessions before the latest spawn

    # -- state -----------------------------------------------------------------------------------
    @property
    def pid(self) -> int:
        assert self.process is not None, "the bot was never started"
        return self.process.pid

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.returncode is None

    def log_path(self, run: int | None = None) -> Path:
        return self.folder / f"bot-{run or self.runs}.log"

    def log(self, run: int | None = None) -> str:
        try:
            return self.log_path(run).read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def tail(self, lines: int = 40) -> str:
        """The end of the latest run's output, for failure messages."""
        text = self.log().splitlines()[-lines:]
        return f"--- {self.log_path()} (last {len(text)} lines) ---\n" + "\n".join(text)

    def environ(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if k not in NOT_PASSED}
        env.update(self.standin.environ())
        env.update(PARLOUR_DATA_DIR=str(self.data_dir), PARLOUR_AI_DELAY=str(self.ai_delay),
                   PARLOUR_WORKERS=str(self.workers), PARLOUR_LOG_LEVEL="INFO",
                   PYTHONPATH=os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p),
                   PYTHONUNBUFFERED="1")
        env.update(self.extra_env)
        return env

    # -- starting --------------------------------------------------------------------------------
    async def start(self, timeout: float = 30.0, ready: Callable[[], Any] | None = None) -> None:
        """Starts the bot and returns once it is connected and restored (see ``wait_ready``)."""
        await self.spawn()
        await self.wait_ready(timeout, ready)

    async def spawn(self) -> None:
        """Starts the bot's process, without waiting for anything."""
        assert not self.running, "the bot is running already"
        self.runs += 1
        self._known = set(self.standin.gateway.sessions)
        with open(self.log_path(), "wb") as out:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", "--discord", cwd=self.cwd, env=self.environ(),
                stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        self.sid = self.process.pid
        self.started_at = time.monotonic()

    async def wait_ready(self, timeout: float = 30.0, ready: Callable[[], Any] | None = None) -> None:
        """Returns once the bot started last is connected (a new gateway session has identified,
        which follows its command sync), discord.py is ready (the bot logs ``CONNECTED``; its restore
        pass runs then) and ``ready()`` holds (e.g. the restart announced at the table, which the
        restore pass does once every table is back in play)."""
        process = self.process
        assert process is not None, "spawn the bot first"

        def up() -> bool:
            if process.returncode is not None:
                return True
            sessions = self.standin.gateway.sessions
            connected = any(sid not in self._known and s.queue is not None for sid, s in sessions.items())
            return connected and CONNECTED in self.log() and (ready is None or bool(ready()))

        try:
            await self.standin.wait_for(up, timeout, "the bot to connect and restore")
        except AssertionError as err:
            raise AssertionError(f"{err}\n{self.tail()}") from None
        if process.returncode is not None:
            raise AssertionError(f"the bot exited with {process.returncode} while starting\n{self.tail()}")

    # -- stopping --------------------------------------------------------------------------------
    def send(self, sig: signal.Signals) -> None:
        """Sends ``sig`` now (synchronous, so a stand-in hook can call it at an exact moment)."""
        if self.running:
            with contextlib.suppress(ProcessLookupError):  # gone already (killed by a hook), not yet reaped
                os.kill(self.pid, sig)
            self.signalled_at = time.monotonic()

    def signalled_since(self, moment: float) -> bool:
        """Whether a signal was sent after ``moment`` (time.monotonic())."""
        return self.signalled_at is not None and self.signalled_at > moment

    async def wait_exit(self, timeout: float) -> Exit:
        """The exit, ``timeout`` seconds at most after the signal (then it is killed: returncode None)."""
        assert self.process is not None
        began = self.signalled_at or time.monotonic()
        try:
            await asyncio.wait_for(self.process.wait(), max(0.0, began + timeout - time.monotonic()))
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                self.process.kill()
            await self.process.wait()
            return Exit(None, time.monotonic() - began)
        return Exit(self.process.returncode, time.monotonic() - began)

    async def terminate(self, timeout: float = 15.0) -> Exit:
        """SIGTERM, as a host stopping the bot sends it; the exit code and the seconds it took."""
        self.send(signal.SIGTERM)
        return await self.wait_exit(timeout)

    async def kill(self) -> Exit:
        """SIGKILL (kill -9): nothing of the bot runs after it."""
        self.send(signal.SIGKILL)
        return await self.wait_exit(5.0)

    def leftovers(self) -> list[int]:
        """The processes still alive in the latest run's session (the bot's own included)."""
        return session_members(self.sid) if self.sid is not None else []

    async def leftovers_gone(self, timeout: float) -> list[int]:
        """Waits up to ``timeout`` seconds for the session to empty; what is still there then."""
        deadline = time.monotonic() + timeout
        while (left := self.leftovers()) and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        return left

    async def logged(self, text: str, timeout: float, every: float = 0.002) -> bool:
        """Whether ``text`` appears in this run's output within ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while text not in self.log():
            if time.monotonic() > deadline or not self.running:
                return text in self.log()
            await asyncio.sleep(every)
        return True

    def stop_problems(self) -> list[str]:
        """What the latest run's output says went wrong in a stop that should have been clean: the
        stop not run to its end (no ``STOPPED`` line: the workers or stores not closed), or an error."""
        text = self.log()
        problems = []
        if STOPPED not in text:
            problems.append(f"run {self.runs}: no {STOPPED!r} line: the stop did not run to its end")
        errors = [line for line in text.splitlines() if " ERROR " in line or line.startswith("Traceback")]
        if errors:
            problems.append(f"run {self.runs}: {len(errors)} error line(s), first: {errors[0][:200]}")
        return problems

    async def close(self) -> None:
        """Whatever is left of the bot is killed (by pid: only processes in its session)."""
        if self.running:
            await self.kill()
        for pid in self.leftovers():
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)


async def session_closed(standin: LocalDiscord, timeout: float) -> float | None:
    """Seconds until no gateway session is connected to ``standin`` (None: one still is after ``timeout``)."""
    began = time.monotonic()
    while any(s.queue is not None for s in standin.gateway.sessions.values()):
        if time.monotonic() - began > timeout:
            return None
        await asyncio.sleep(0.002)
    return time.monotonic() - began


def on_ack(bot: BotProcess, record: InteractionRecord, sig: signal.Signals) -> Callable[[Call], None]:
    """A stand-in fault hook (``standin.rest.inject``) that sends ``sig`` to the bot the instant its
    answer to ``record`` as a move taken (type 7, or 6) reaches Discord, before Discord has replied to it:
    whatever the bot does after acknowledging the click, it has not done yet."""

    def inject(call: Call) -> None:
        if (call.operation_id == "create_interaction_response" and f"/interactions/{record.id}/" in call.path
                and isinstance(call.body, dict) and call.body.get("type") in (6, 7)):
            bot.send(sig)
        return None

    return inject


# -- a slower Discord ----------------------------------------------------------------------------
class Delays:
    """Holds some of the bot's REST requests back, as a slow Discord would: ``rule(request)`` gives the
    seconds to wait before serving it (0: none). Made before the stand-in starts (it wraps the handler
    the stand-in's routes are bound to)."""

    def __init__(self, standin: LocalDiscord) -> None:
        assert not standin.api_base, "make Delays before the stand-in starts"
        self.rule: Callable[[web.Request], float] = lambda request: 0.0
        self.held = 0  # requests held back so far
        original = standin.rest.handle

        async def handle(request: web.Request) -> web.Response:
            seconds = self.rule(request)
            if seconds > 0:
                self.held += 1
                await asyncio.sleep(seconds)
            return await original(request)

        standin.rest.handle = handle  # type: ignore[method-assign]


# -- playing ---------------------------------------------------------------------------------------
@dataclass(eq=False)
class Click:
    """One click on a move: what Discord saw of it."""

    record: InteractionRecord
    custom_id: str
    ref: custom_ids.Ref
    token: str | None  # a move's: the button's, or the value picked in a select
    sent: float  # time.monotonic()

    @property
    def version(self) -> int:
        """The table version a move's control was made for; the move, committed, is the action at version + 1."""
        assert isinstance(self.ref, custom_ids.ActionRef), f"{self.custom_id} is not a move"
        return self.ref.version

    @property
    def answered(self) -> bool:
        return bool(self.record.callbacks)

    @property
    def acknowledged(self) -> bool:
        """Acknowledged as a move taken: the answer to a move that stood (an update of the message clicked,
        type 7 with the hand redrawn, or type 6 when the picture was not ready in time)."""
        return any(c.get("type") in (6, 7) for c in self.record.callbacks)

    @property
    def said(self) -> str | None:
        """The text of a message answer (type 4), if that was the answer."""
        for callback in self.record.callbacks:
            if callback.get("type") == 4:
                return str((callback.get("data") or {}).get("content"))
        return None


@dataclass(frozen=True)
class Action:
    version: int
    seat: int
    token: str
    actor_id: int | None
    source: str
    at: float  # time.time() of the commit


class Fosco:
    """One member against one computer in Fosco in a guild of its own, played by clicking the first move
    offered in the newest hand message sent by DM; what was committed is read from the guild's store."""

    def __init__(self, standin: LocalDiscord, name: str = "Fault club", shard: tuple[int, int] | None = None) -> None:
        self.standin = standin
        self.guild = standin.add_guild(name, shard=shard)
        self.human = standin.add_user(f"{name.split()[0].lower()}-player")
        self.guild.add_member(self.human)
        self.lobby = self.guild.add_text_channel("games")
        self.data_dir: Path | None = None
        self.table_id = 0
        self.clicks: list[Click] = []

    async def open(self, data_dir: Path, options: Mapping[str, Any] | None = None, timeout: float = 15.0) -> None:
        """/play fosco (``options``, e.g. ``{"deals": 2}``), Add computer, Start; returns once the
        human's first controls are up (Fosco's first lead may be the computer's)."""
        self.data_dir = data_dir
        lobby = await self.standin.slash(self.human, self.lobby, "play", "fosco", options=dict(options or {}))
        assert lobby.message is not None, f"/play was not answered with a lobby: {lobby.callbacks}"
        ref = next(custom_ids.parse(c.custom_id) for c in lobby.message.components if c.custom_id)
        assert isinstance(ref, custom_ids.LobbyRef)
        self.table_id = ref.table_id
        await self.standin.click(self.human, lobby.message, label="Add computer")
        await self.standin.click(self.human, lobby.message, label="Start")
        await self.standin.wait_for(lambda: self.offered() or self.over(), timeout, "the human's first move")

    # -- the store ---------------------------------------------------------------------------------
    @property
    def store_path(self) -> Path:
        assert self.data_dir is not None, "open the table first"
        return self.data_dir / "guilds" / f"{self.guild.id}.sqlite3"

    def _query(self, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        if not self.store_path.exists():
            return []
        conn = sqlite3.connect(f"file:{self.store_path}?mode=ro", uri=True, timeout=5)
        try:
            return conn.execute(sql, params).fetchall()
        finally:
            conn.close()

    def actions(self) -> list[Action]:
        """Every move committed at the table, in order."""
        return [Action(*row) for row in self._query(
            "SELECT version, seat, token, actor_id, source, at FROM actions WHERE table_id = ? ORDER BY version",
            (self.table_id,))]

    def row(self) -> tuple[str, int]:
        """The table's status and version as committed."""
        rows = self._query("SELECT status, version FROM tables WHERE id = ?", (self.table_id,))
        return (str(rows[0][0]), int(rows[0][1])) if rows else ("absent", 0)

    def lost(self) -> list[Click]:
        """Clicks acknowledged as moves whose move is not in the store."""
        return [c for c in self.clicks if c.acknowledged and not self.committed(c)]

    def committed(self, click: Click) -> Action | None:
        """The action ``click`` asked for, if it is in the store: at its version, by the human, that move."""
        if not isinstance(click.ref, custom_ids.ActionRef):
            return None
        for action in self._query(
                "SELECT version, seat, token, actor_id, source, at FROM actions WHERE table_id = ? AND version = ?",
                (self.table_id, click.version + 1)):
            found = Action(*action)
            if found.token == click.token and found.actor_id == self.human.id:
                return found
        return None

    # -- the channels ------------------------------------------------------------------------------
    @property
    def channel(self) -> Channel | None:
        name = f"fosco-{self.table_id}"
        return next((c for c in self.guild.channels.values() if c.name == name), None)

    def said_in_table(self, text: str) -> int:
        """How many of the table channel's messages contain ``text``."""
        channel = self.channel
        return sum(text in m.content for m in channel.messages) if channel else 0

    def over(self) -> bool:
        """The game's result is shown in the table channel."""
        return self.said_in_table(OVER) > 0

    def restored_count(self) -> int:
        return self.said_in_table(RESTORED)

    def restored_since(self, count: int) -> Callable[[], bool]:
        """For ``BotProcess.start(ready=...)``: the restart announced at the table (after the restore
        pass put every table back in play), or the game no longer being played."""
        return lambda: self.restored_count() > count or self.row()[0] != "playing"

    # -- clicking ----------------------------------------------------------------------------------
    def controls(self, version: int | None = None) -> list[tuple[Message, Any, custom_ids.ActionRef]]:
        """The move controls on the human's newest hand messages (newest first), at ``version`` if given."""
        newest = reversed(self.standin.dm_messages(self.human)[-4:])
        return [found for found in moves_on(newest) if version is None or found[2].version == version]

    def offered(self) -> tuple[Message, Any, custom_ids.ActionRef] | None:
        """The first move offered to the human at the table's committed version, if it is theirs to make."""
        status, version = self.row()
        if status != "playing":
            return None
        found = self.controls(version)
        return found[0] if found else None

    def any_control(self) -> tuple[Message, Any, custom_ids.Ref] | None:
        """Some Parlour control the human can click now: a move on their newest hand message, else one
        on the table channel's newest message that has any ("My hand")."""
        moves = self.controls()
        if moves:
            return moves[0]
        channel = self.channel
        for message in reversed(channel.messages if channel else []):
            for comp in message.components:
                if comp.custom_id and comp.custom_id.startswith(custom_ids.PREFIX) and not comp.disabled \
                        and comp.type == 2:
                    return message, comp, custom_ids.parse(comp.custom_id)
        return None

    async def send(self, message: Message, comp: Any, ref: custom_ids.Ref) -> Click:
        """Clicks (or picks the first value of) ``comp`` without waiting for the answer."""
        sent = time.monotonic()
        if comp.type == 2:
            record = await self.standin.click(self.human, message, comp.custom_id, wait=False)
            token = ref.token if isinstance(ref, custom_ids.ActionRef) else None
        else:
            token = comp.values[0]
            record = await self.standin.select(self.human, message, comp.custom_id, values=[token], wait=False)
        click = Click(record, comp.custom_id, ref, token, sent)
        self.clicks.append(click)
        return click

    async def click(self, timeout: float = 15.0) -> Click:
        """Waits for the human's turn, then clicks the first move offered; does not wait for the answer."""
        found = await self.standin.wait_for(self.offered, timeout, "the human's move to be offered")
        assert found is not None
        return await self.send(*found)

    async def move(self, timeout: float = 15.0) -> Click:
        """The human makes one move: clicks when it is their turn and waits for it to be taken."""
        click = await self.click(timeout)
        await click.record.wait_response(5)
        assert click.acknowledged, f"the move was not taken: {click.record.callbacks}"
        return click

    async def restart(self, bot: BotProcess) -> None:
        """Starts ``bot`` again; returns once it has restored this table (see ``restored_since``)."""
        await bot.start(ready=self.restored_since(self.restored_count()))

    async def finish(self, bot: BotProcess, timeout: float = 60.0) -> None:
        """After the faults: the bot started again (its computers quick), one more move by the human
        (play goes on), then /table resign, and the computers play the game out to its result."""
        bot.ai_delay = FINISH_AI_DELAY
        await self.restart(bot)
        await self.move()
        await self.resign_and_finish(timeout)

    async def resign_and_finish(self, timeout: float = 60.0) -> None:
        """/table resign in the table channel: the computer takes the human's seat and plays the game out;
        returns once its result is shown at the table."""
        channel = self.channel
        assert channel is not None, "the table has no channel"
        record = await self.standin.slash(self.human, channel, "table", "resign")
        assert "resigned" in (record.content or ""), f"/table resign was answered {record.callbacks}"
        await self.standin.wait_for(self.over, timeout, "the game's result at the table")


@contextlib.asynccontextmanager
async def game_on_bot(standin: LocalDiscord, folder: Path, name: str = "Fault club", *, ai_delay: float,
                      options: Mapping[str, Any] | None = None) -> AsyncIterator[tuple[Fosco, BotProcess]]:
    """A game of Fosco (``options``) opened in a guild ``name`` against a bot started on ``folder`` (one
    worker, its computer waiting ``ai_delay`` s before a move); on the way out what is left of the bot is
    killed."""
    game = Fosco(standin, name)
    bot = BotProcess(standin, folder, workers=1, ai_delay=ai_delay)
    try:
        await bot.start()
        await game.open(bot.data_dir, options)
        yield game, bot
    finally:
        await bot.close()


# -- faults ----------------------------------------------------------------------------------------
def kill_plan(rng: random.Random, count: int) -> list[tuple[str, float]]:
    """``count`` kills as (how, delay), in a cycle of five whose first four are each kind: on the
    acknowledgement of a click, 0-5 ms after a click, 5-300 ms after one, while starting up again
    (0.2-4 s after the process started), and 0-5 ms after a click again."""

    def one(k: int) -> tuple[str, float]:
        kind = k % 5
        if kind == 0:
            return ON_ACK, 0.0
        if kind in (1, 4):
            return "0-5 ms after a click", rng.uniform(0.0, 0.005)
        if kind == 2:
            return "5-300 ms after a click", rng.uniform(0.005, 0.300)
        return WHILE_STARTING, rng.uniform(0.2, 4.0)

    return [one(k) for k in range(count)]


def stop_plan(rng: random.Random, count: int) -> list[tuple[str, float]]:
    """``count`` stops as (how, delay): every third on the acknowledgement of a click, the others 0-80 ms
    after a click."""
    return [(ON_ACK, 0.0) if k % 3 == 2 else ("0-80 ms after a click", rng.uniform(0.0, 0.080))
            for k in range(count)]


async def signal_on_ack(standin: LocalDiscord, bot: BotProcess, click: Click, sig: signal.Signals,
                        timeout: float = 5.0) -> None:
    """Sends ``sig`` the instant the bot's acknowledgement of ``click`` reaches Discord (see ``on_ack``);
    if the click is answered otherwise, or the bot is gone, it is sent then."""
    standin.rest.inject = on_ack(bot, click.record, sig)
    try:
        await standin.wait_for(lambda: bot.signalled_since(click.sent) or click.answered or not bot.running,
                               timeout, "the click's answer")
    finally:
        standin.rest.inject = lambda call: None
    if not bot.signalled_since(click.sent):
        bot.send(sig)


async def fault_after_click(standin: LocalDiscord, game: Fosco, bot: BotProcess, sig: signal.Signals, how: str,
                            delay: float) -> Click:
    """The bot started again if it is down, a click on the human's next move, and ``sig`` sent ``delay``
    seconds after it (at once if under half a millisecond), or as its acknowledgement reaches Discord if
    ``how`` is ``ON_ACK``. The click."""
    if not bot.running:
        await game.restart(bot)
    click = await game.click()
    if how == ON_ACK:
        await signal_on_ack(standin, bot, click, sig)
    else:
        if delay >= 0.0005:
            await asyncio.sleep(delay)
        bot.send(sig)
    return click


@dataclass(frozen=True)
class KillResult:
    click: Click | None  # None: killed while starting
    exit: Exit
    left: list[int]  # processes of the bot's session still alive ``gone_limit`` s after the kill
    gone_after: float | None  # seconds from the kill to an empty session (None: not within the limit)


async def kill_at(standin: LocalDiscord, game: Fosco, bot: BotProcess, how: str, delay: float,
                  gone_limit: float = GONE_LIMIT) -> KillResult:
    """One kill of ``kill_plan``: SIGKILL ``delay`` s into a start of the bot (``how`` ``WHILE_STARTING``;
    the bot is down), else as ``fault_after_click`` sends it; then up to ``gone_limit`` s for every process
    the bot started to be gone."""
    click = None
    if how == WHILE_STARTING:
        await bot.spawn()
        await asyncio.sleep(delay)
        bot.send(signal.SIGKILL)
    else:
        click = await fault_after_click(standin, game, bot, signal.SIGKILL, how, delay)
    killed = time.monotonic()
    exit = await bot.wait_exit(5.0)
    left = await bot.leftovers_gone(gone_limit)
    return KillResult(click, exit, left, None if left else time.monotonic() - killed)
