"""The real bot in a process of its own, as production runs it (``python -m bot --discord``), against a
local Discord served in this process on 127.0.0.1.

    async with local_discord() as standin:
        game = Fosco(standin)                     # tests/faults/fosco_game.py
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

or the same, opened by ``game_on_bot`` (tests/faults/fosco_game.py). The faults of ``tests/faults``
and ``bench.faults`` are planned and made in tests/faults/inject.py.

The bot starts in a session of its own (``start_new_session``), so every process it starts (the
forkserver, its render and computer workers, multiprocessing's helpers) carries its session id:
``leftovers()`` lists those still alive after it is gone.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from localcord import LocalDiscord

ROOT = Path(__file__).resolve().parents[2]
CONNECTED = "Parlour is connected"  # the bot's log line once discord.py is ready (then it restores)
STOPPING = "received: stopping"  # its log line when SIGTERM or SIGINT arrives
STOPPED = "parlour: stopped"  # its last log line once a clean stop has closed the workers and stores
# Settings of the environment this test runs in that must not reach the bot under test.
NOT_PASSED = ("PARLOUR_DEV_GUILD", "SHARD_COUNT", "SHARD_IDS", "PARLOUR_LOG_FORMAT", "DISCORD_OPENAPI_SPEC")


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
