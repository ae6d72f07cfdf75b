"""kill -9 mid-game: the real bot in its own process, killed 20 times during games of Fosco and started
again each time. Nothing of the bot runs after SIGKILL, so what it promised before must already be
true: every move it acknowledged to Discord (a type-6 answer) is in the store, and its worker
processes, which it cannot stop, stop by themselves (within ~3 s). After each restart the game goes
on, and at the end it finishes with its result shown.

The kills, seeded: at the instant the bot's acknowledgement of a click reaches Discord (before
Discord has even replied: a bot that acknowledges before it commits loses that move every time),
0-5 ms after a click is sent, 5-300 ms after one (the computer about to reply), and at a random
instant while the bot is starting up again (loading, connecting, restoring). As in test_stop, the
kills are shared by ``LANES`` games played at once, each by a bot of its own."""

from __future__ import annotations

import asyncio
import random
import signal
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path

from localcord import LocalDiscord
from tests.discord_spec import local_discord

from .bot_process import BotProcess, Click, Exit, Fosco, describe, on_ack

SEED = 9_090_909
KILLS = 20
LANES = 2
OPTIONS = {"target": 1}  # one deal of Fosco: 26 moves each
AI_DELAY = 0.3  # the computer waits before its move, as in production (1 s): a window to kill in
GONE_LIMIT = 3.0  # seconds the worker processes may outlive the bot


@dataclass
class Kill:
    n: int
    how: str
    click: Click | None  # None: killed while starting
    exit: Exit = field(default_factory=lambda: Exit(None, 0.0))
    gone_after: float | None = None  # seconds from the kill to an empty session (None: not within the limit)
    left: list[int] = field(default_factory=list)
    lost: int = 0  # acknowledged moves of the game not in the store after this kill
    committed: bool = False  # this kill's click's move was in the store after it


@dataclass
class Lane:
    n: int
    game: Fosco
    bot: BotProcess
    kills: list[Kill] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    over_before_end: bool = False
    violations: list[str] = field(default_factory=list)


def plans(rng: random.Random) -> list[list[tuple[str, float]]]:
    """Each lane's kills, in a cycle of five: on the acknowledgement, twice 0-5 ms after a click, 5-300 ms
    after a click, and while starting up again (0.2-4 s after the process is started)."""
    per_lane = KILLS // LANES

    def one(k: int) -> tuple[str, float]:
        kind = k % 5
        if kind == 0:
            return "ack", 0.0
        if kind in (1, 2):
            return "click", rng.uniform(0.0, 0.005)
        if kind == 3:
            return "click", rng.uniform(0.005, 0.300)
        return "start", rng.uniform(0.2, 4.0)

    return [[one(k) for k in range(per_lane)] for _ in range(LANES)]


def lost(game: Fosco) -> list[Click]:
    """Clicks acknowledged as moves whose move is not in the store."""
    return [c for c in game.clicks if c.acknowledged and not game.committed(c)]


async def kill_once(standin: LocalDiscord, game: Fosco, bot: BotProcess, n: int, how: str, delay: float) -> Kill:
    click = None
    if how == "start":  # the bot is down: start it, and kill it on its way up
        await bot.spawn()
        await asyncio.sleep(delay)
        label = f"{delay:.2f} s into a start"
    else:
        click = await game.click()
        if how == "ack":
            standin.rest.inject = on_ack(bot, click.record, signal.SIGKILL)
            try:
                await standin.wait_for(lambda: not bot.running or click.answered, 5, "the click's answer")
            finally:
                standin.rest.inject = lambda call: None
            label = "on the ack"
        else:
            if delay >= 0.0005:
                await asyncio.sleep(delay)
            label = f"{delay * 1000:.1f} ms after a click"
    killed = time.monotonic()
    kill = Kill(n, label, click)
    kill.exit = await bot.kill()
    kill.left = await bot.leftovers_gone(GONE_LIMIT)
    if not kill.left:
        kill.gone_after = time.monotonic() - killed
    kill.lost = len(lost(game))
    kill.committed = click is not None and game.committed(click) is not None
    return kill


def check(kill: Kill, lane: Lane) -> list[str]:
    where = f"lane {lane.n} kill {kill.n} ({kill.how})"
    problems = []
    if kill.exit.returncode != -signal.SIGKILL:
        problems.append(f"{where}: exit code {kill.exit.returncode}, not -9")
    if kill.left:
        problems.append(f"{where}: still running {GONE_LIMIT} s after the kill:\n{describe(kill.left)}")
    if kill.lost:
        clicks = [c.custom_id for c in lost(lane.game)]
        problems.append(f"{where}: {kill.lost} acknowledged move(s) not in the store: {clicks}")
    return problems


def summary(lane: Lane) -> str:
    lines = [f"lane {lane.n}: kill  when                     the click                 gone after  lost"]
    for k in lane.kills:
        c = k.click
        click = "-" if c is None else ("ack'd, committed" if k.committed else "ACK'D, LOST") if c.acknowledged \
            else ("unanswered" if not c.answered else f"answered {c.record.callbacks[0].get('type')}") \
            + (", committed" if k.committed else "")
        after = f"{k.gone_after:.2f} s" if k.gone_after is not None else "NOT GONE"
        lines.append(f"        {k.n:>4}  {k.how:<24} {click:<25} {after:>10}  {k.lost:>4}")
    gone = [k.gone_after for k in lane.kills if k.gone_after is not None]
    if gone:
        lines.append(f"        workers gone after a kill: median {statistics.median(gone):.2f} s, "
                     f"max {max(gone):.2f} s")
    return "\n".join(lines)


async def kill_lane(folder: Path, n: int, plan: list[tuple[str, float]]) -> Lane:
    async with local_discord() as standin:
        game = Fosco(standin, f"Lane{n} club")
        bot = BotProcess(standin, folder / f"lane-{n}", workers=1, ai_delay=AI_DELAY)
        lane = Lane(n, game, bot)
        try:
            await bot.start()
            await game.open(bot.data_dir, OPTIONS)
            for k, (how, delay) in enumerate(plan):
                if k and how != "start":
                    await bot.start(ready=game.restored_since(game.restored_count()))
                kill = await kill_once(standin, game, bot, k, how, delay)
                lane.kills.append(kill)
                lane.problems += check(kill, lane)
            lane.over_before_end = game.over()
            await game.finish(bot)  # started again, one more move, then the computers play it out
        finally:
            await bot.close()
        lane.violations = [str(v) for v in standin.violations]
    return lane


async def test_kill_9_at_20_random_instants(tmp_path: Path) -> None:
    lane_plans = plans(random.Random(SEED))
    assert all(plan[0][0] != "start" for plan in lane_plans)  # the first kill finds the bot running
    try:
        async with asyncio.TaskGroup() as group:
            tasks = [group.create_task(kill_lane(tmp_path, n, plan)) for n, plan in enumerate(lane_plans)]
    except ExceptionGroup as failed:
        raise failed.exceptions[0] from None
    lanes = [t.result() for t in tasks]
    report = "\n".join(summary(lane) for lane in lanes)
    print("\n" + report)
    problems = [p for lane in lanes for p in lane.problems]
    assert not problems, "\n".join(problems) + "\n" + report
    assert sum(len(lane.kills) for lane in lanes) == KILLS
    on_ack = [k for lane in lanes for k in lane.kills if k.how == "on the ack"]
    assert on_ack and all(k.click is not None and k.click.acknowledged for k in on_ack), \
        f"the kills on the acknowledgement did not find one to kill on\n{report}"
    for lane in lanes:
        game = lane.game
        assert not lane.over_before_end, f"lane {lane.n}: the game ended before its kills did: make it longer"
        assert game.over() and game.row()[0] == "finished", f"lane {lane.n}: the game did not finish: {game.row()}"
        assert not lost(game) and not any(k.lost for k in lane.kills), \
            f"lane {lane.n}: acknowledged moves lost\n{report}"
        # A killed bot answers nothing more: a click it had not answered is left to Discord's deadline,
        # which is not a request Discord would refuse. Anything else is.
        assert not lane.violations, f"lane {lane.n}: requests Discord would refuse:\n" + "\n".join(lane.violations)
