"""kill -9 mid-game: the real bot in its own process, killed 10 times during games of Fosco and started
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

import random
import signal
import statistics
from dataclasses import dataclass, field
from pathlib import Path

from localcord import LocalDiscord

from .bot_process import Exit, describe
from .fosco_game import Click
from .inject import GONE_LIMIT, ON_ACK, WHILE_STARTING, kill_at, kill_plan
from .lanes import Lane, Plan, assert_played_out, play_lane, run_lanes

SEED = 9_090_909
KILLS = 8  # every kind of kill in each lane; `python -m bench.faults --kills 20` runs more
LANES = 2
OPTIONS = {"target": 1}  # one deal of Fosco: 26 moves each
AI_DELAY = 0.3  # the computer waits before its move, as in production (1 s): a window to kill in


@dataclass
class Kill:
    n: int
    how: str
    click: Click | None  # None: killed while starting
    exit: Exit
    gone_after: float | None  # seconds from the kill to an empty session (None: not within the limit)
    left: list[int]
    lost: int  # acknowledged moves of the game not in the store after this kill
    committed: bool  # this kill's click's move was in the store after it


@dataclass
class KillLane(Lane):
    kills: list[Kill] = field(default_factory=list)


async def kill_once(standin: LocalDiscord, lane: KillLane, n: int, how: str, delay: float) -> None:
    """Kill ``n`` of the lane (``kill_plan``'s ``how`` and ``delay``), noted and checked."""
    game = lane.game
    done = await kill_at(standin, game, lane.bot, how, delay, GONE_LIMIT)
    label = f"{delay:.2f} s into a start" if how == WHILE_STARTING else ON_ACK if how == ON_ACK \
        else f"{delay * 1000:.1f} ms after a click"
    committed = done.click is not None and game.committed(done.click) is not None
    kill = Kill(n, label, done.click, done.exit, done.gone_after, done.left, len(game.lost()), committed)
    lane.kills.append(kill)
    lane.problems += check(kill, lane)


def check(kill: Kill, lane: KillLane) -> list[str]:
    where = f"lane {lane.n} kill {kill.n} ({kill.how})"
    problems = []
    if kill.exit.returncode != -signal.SIGKILL:
        problems.append(f"{where}: exit code {kill.exit.returncode}, not -9")
    if kill.left:
        problems.append(f"{where}: still running {GONE_LIMIT} s after the kill:\n{describe(kill.left)}")
    if kill.lost:
        clicks = [c.custom_id for c in lane.game.lost()]
        problems.append(f"{where}: {kill.lost} acknowledged move(s) not in the store: {clicks}")
    return problems


def summary(lane: KillLane) -> str:
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


async def kill_lane(folder: Path, n: int, plan: Plan) -> KillLane:
    return await play_lane(KillLane, folder, n, plan, kill_once, ai_delay=AI_DELAY, options=OPTIONS)


async def test_kill_9_at_random_instants(tmp_path: Path) -> None:
    rng = random.Random(SEED)
    lane_plans = [kill_plan(rng, KILLS // LANES) for _ in range(LANES)]
    assert all(plan[0][0] != WHILE_STARTING for plan in lane_plans)  # the first kill finds the bot running
    lanes, report = await run_lanes(kill_lane, tmp_path, lane_plans, summary)
    assert sum(len(lane.kills) for lane in lanes) == KILLS
    on_ack = [k for lane in lanes for k in lane.kills if k.how == ON_ACK]
    assert on_ack and all(k.click is not None and k.click.acknowledged for k in on_ack), \
        f"the kills on the acknowledgement did not find one to kill on\n{report}"
    for lane in lanes:
        # A killed bot answers nothing more: a click it had not answered is left to Discord's deadline,
        # which is not a request Discord would refuse. Anything else is.
        assert_played_out(lane, "kills")
        assert not any(k.lost for k in lane.kills), f"lane {lane.n}: acknowledged moves lost\n{report}"
