"""SIGTERM mid-game: the real bot in its own process, stopped 8 times during games of Fosco at seeded
random moments just after a click (some while the computer is about to move), and started again each
time. Each stop must exit 0 within 10 s, run its close to the end and leave no process behind; every
move the bot acknowledged must be in the store; a click that reaches the bot while it stops is told
it is restarting; and each game, played on after its last stop, must finish with its result shown.

The stops are shared by ``LANES`` games played at once, each by a bot of its own against a Discord of
its own: a restart is mostly waiting (discord.py gives the guilds 2 s to arrive before it is ready),
so two lanes take about half the time of one on CI's two cores."""

from __future__ import annotations

import asyncio
import random
import signal
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path

from aiohttp import web

from bot.play.faults import RESTARTING
from localcord import LocalDiscord
from tests.discord_spec import local_discord

from .bot_process import STOPPING, BotProcess, Exit, describe, session_closed
from .fosco_game import Click, Fosco, game_on_bot
from .inject import ON_ACK, Delays, fault_after_click, stop_plan
from .lanes import Lane, Plan, assert_played_out, play_lane, run_lanes

SEED = 20_261_125
STOPS = 6  # one on the acknowledgement in each lane; `python -m bench.faults --stops 20` runs more
LANES = 2
OPTIONS = {"target": 1}  # one deal of Fosco: 26 moves each, enough for every stop of a lane and an end
# Above publish.QUICK, as in production (1 s): the computer waits before its move (the window a stop
# lands in "during the computer's move"), and no picture is held back for its reply.
AI_DELAY = 0.3
STOP_LIMIT = 10.0  # seconds a stop may take
GRACE = 1.0  # seconds the forkserver may take to follow the bot out
UNREAD = 0.25  # a click left unanswered is excused only if the bot closed its gateway this soon after it
DURING_COMPUTER = "while the computer was to move"


@dataclass
class Stop:
    n: int
    how: str  # "after <ms> ms", or "on the ack" (sent as the acknowledgement reached Discord)
    click: Click
    signalled: float  # time.time() of the signal
    exit: Exit = field(default_factory=lambda: Exit(None, 0.0))
    left: list[int] = field(default_factory=list)
    late: Click | None = None  # a click made once the bot said it was stopping
    disconnected_after: float | None = None  # seconds from the late click to the bot's gateway closing
    committed: bool = False  # the click's move was in the store once the bot had stopped

    def moment(self, game: Fosco) -> str:
        """Where in the turn the signal landed, from the commit times in the store."""
        actions = game.actions()
        mine = next((a for a in actions if a.version == self.click.version + 1), None)
        if mine is None or mine.at > self.signalled:
            return "before the click's move was committed"
        reply = next((a for a in actions if a.version == mine.version + 1), None)
        if reply is not None and reply.actor_id is None and reply.at > self.signalled:
            return DURING_COMPUTER
        return "after the turn"


@dataclass
class StopLane(Lane):
    stops: list[Stop] = field(default_factory=list)


async def late_click(standin: LocalDiscord, bot: BotProcess, game: Fosco, stop: Stop) -> None:
    """Clicks whatever the player can (a move if one is offered, else "My hand") as soon as the bot
    says it is stopping, and notes how soon after it the bot's gateway closed."""
    if not await bot.logged(STOPPING, 2.0):
        return
    found = game.any_control()
    assert found is not None, "nothing to click at the table"
    try:
        stop.late = await game.send(*found)
    except RuntimeError:  # no gateway session connected: the bot has gone already
        return
    stop.disconnected_after = await session_closed(standin, STOP_LIMIT + 5)


async def stop_once(standin: LocalDiscord, lane: StopLane, n: int, how: str, delay: float) -> None:
    """Stop ``n`` of the lane (``stop_plan``'s ``how`` and ``delay``), noted and checked."""
    game, bot = lane.game, lane.bot
    click = await fault_after_click(standin, game, bot, signal.SIGTERM, how, delay)
    label = ON_ACK if how == ON_ACK else f"after {delay * 1000:.0f} ms"
    assert bot.signalled_at is not None
    stop = Stop(n, label, click, time.time() - (time.monotonic() - bot.signalled_at))  # the signal's wall time
    late = asyncio.create_task(late_click(standin, bot, game, stop))
    stop.exit = await bot.wait_exit(STOP_LIMIT + 5)
    await late
    stop.left = await bot.leftovers_gone(GRACE)
    stop.committed = game.committed(click) is not None
    lane.stops.append(stop)
    lane.problems += check(stop, lane) + [f"lane {lane.n} stop {n}: {p}" for p in bot.stop_problems()]


def check(stop: Stop, lane: StopLane) -> list[str]:
    """What went wrong in one stop."""
    game, where = lane.game, f"lane {lane.n} stop {stop.n} ({stop.how})"
    problems = []
    if stop.exit.returncode != 0:
        problems.append(f"{where}: exit code {stop.exit.returncode} (None: still running after "
                        f"{STOP_LIMIT + 5:.0f} s, killed)")
    if stop.exit.seconds >= STOP_LIMIT:
        problems.append(f"{where}: the stop took {stop.exit.seconds:.1f} s")
    if stop.left:
        problems.append(f"{where}: still running {GRACE} s after the bot exited:\n{describe(stop.left)}")
    # Sent before the signal, the click reached a running bot: it is answered, whatever else happens.
    if not stop.click.answered:
        problems.append(f"{where}: the click made before the signal was never answered")
    if stop.click.acknowledged and not stop.committed:
        problems.append(f"{where}: the move was acknowledged but is not in the store")
    if stop.click.said == RESTARTING and stop.committed:
        problems.append(f"{where}: told '{RESTARTING}' but the move was made")
    late = stop.late
    if late is not None and late.said == RESTARTING and late.custom_id != stop.click.custom_id \
            and game.committed(late):
        problems.append(f"{where}: a click while stopping was told '{RESTARTING}' but its move was made")
    if late is not None and late.answered and late.said != RESTARTING:
        problems.append(f"{where}: a click while stopping was answered {late.record.callbacks}, not {RESTARTING!r}")
    elif late is not None and not late.answered and (stop.disconnected_after is None
                                                       or stop.disconnected_after > UNREAD):
        # Unanswered is excused only if the bot was closing its connection as it came (it may not have
        # read it); a bot that stayed connected and left without answering it fails here.
        problems.append(f"{where}: a click sent while stopping was never answered, though the bot stayed "
                        f"connected {stop.disconnected_after} s after it")
    return problems


def summary(lane: StopLane) -> str:
    game = lane.game
    lines = [f"lane {lane.n}: stop  signal          secs  exit  the click        the late click     moment"]
    for s in lane.stops:
        click = ("ack'd, committed" if s.committed else "ACK'D, LOST") if s.click.acknowledged else \
            "restarting" if s.click.said == RESTARTING else "unanswered" if not s.click.answered else \
            str(s.click.said)[:16]
        late = "-" if s.late is None else "restarting" if s.late.said == RESTARTING else \
            str(s.late.record.callbacks[:1])[:18] if s.late.answered else \
            f"unanswered ({(s.disconnected_after or 0) * 1000:.0f} ms)"
        lines.append(f"        {s.n:>4}  {s.how:<14} {s.exit.seconds:>5.2f}  {s.exit.returncode!s:>4}  {click:<16} "
                     f"{late:<18} {s.moment(game)}")
    seconds = [s.exit.seconds for s in lane.stops]
    if seconds:
        lines.append(f"        seconds to stop: median {statistics.median(seconds):.2f}, max {max(seconds):.2f}")
    return "\n".join(lines)


async def stop_lane(folder: Path, n: int, plan: Plan) -> StopLane:
    return await play_lane(StopLane, folder, n, plan, stop_once, ai_delay=AI_DELAY, options=OPTIONS)


async def test_sigterm_mid_game_at_random_points(tmp_path: Path) -> None:
    rng = random.Random(SEED)
    lane_plans = [stop_plan(rng, STOPS // LANES) for _ in range(LANES)]  # every third on the ack
    lanes, report = await run_lanes(stop_lane, tmp_path, lane_plans, summary)
    assert sum(len(lane.stops) for lane in lanes) == STOPS
    moments = [s.moment(lane.game) for lane in lanes for s in lane.stops]
    assert DURING_COMPUTER in moments, f"no stop landed during a computer's move\n{report}"
    for lane in lanes:
        assert_played_out(lane, "stops")


async def test_a_click_while_stopping_is_told_parlour_is_restarting(tmp_path: Path) -> None:
    """Made certain: Discord is slow to take the table's new picture, so the stop waits to show the
    move it committed; meanwhile the player clicks again (a move if one is offered, else "My hand").
    The bot, still connected, must answer that click with the restarting sentence and change nothing."""
    standin = local_discord()
    delays = Delays(standin)
    async with standin:
        async with game_on_bot(standin, tmp_path, ai_delay=AI_DELAY, options=OPTIONS) as (game, bot):
            table = game.channel
            assert table is not None

            def slow_table(request: web.Request) -> float:
                """New messages and edits in the table channel wait 1.5 s."""
                writes = request.method in ("POST", "PATCH")
                return 1.5 if writes and f"/channels/{table.id}/messages" in request.path else 0.0

            delays.rule = slow_table
            click = await game.click()
            await click.record.wait_response(3)
            assert click.acknowledged, f"the move was not taken: {click.record.callbacks}"
            before = game.actions()
            bot.send(signal.SIGTERM)
            assert await bot.logged(STOPPING, 2.0), bot.tail()
            found = game.any_control()
            assert found is not None, "nothing to click at the table"
            again = await game.send(*found)
            connected = await session_closed(standin, 0.5) is None  # the bot is still showing the move
            await again.record.wait_response(3)
            exit = await bot.wait_exit(STOP_LIMIT + 5)
            left = await bot.leftovers_gone(GRACE)
        assert delays.held >= 1, "the table's picture was not held back: the test did not make the stop wait"
        assert connected, "the bot disconnected at once: the test did not make the stop wait"
        assert again.said == RESTARTING, f"answered {again.record.callbacks}, not {RESTARTING!r}"
        assert exit.returncode == 0 and exit.seconds < STOP_LIMIT, f"{exit}\n{bot.tail()}"
        assert not left, describe(left)
        assert game.committed(click), "the acknowledged move is not in the store"
        made = [a for a in game.actions() if a not in before and a.actor_id == game.human.id]
        assert not made, f"the click told 'nothing was changed' made a move: {made}"
        assert not bot.stop_problems(), "\n".join(bot.stop_problems()) + "\n" + bot.tail()
