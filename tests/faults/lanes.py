"""Lanes: the faults of a test shared by games played at once, each by a bot of its own against a Discord
of its own (a restart is mostly waiting, so two lanes take about half the time of one on CI's two cores).

    async def kill_lane(folder: Path, n: int, plan: list[tuple[str, float]]) -> KillLane:
        return await play_lane(KillLane, folder, n, plan, kill_once, ai_delay=AI_DELAY, options=OPTIONS)

    lanes, report = await run_lanes(kill_lane, tmp_path, plans, summary)
    for lane in lanes:
        assert_played_out(lane, "kills")
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Coroutine, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from localcord import LocalDiscord
from tests.discord_spec import local_discord

from .bot_process import BotProcess
from .fosco_game import Fosco, game_on_bot

Plan = Sequence[tuple[str, float]]  # the lane's faults in turn: (how, delay)


@dataclass
class Lane:
    n: int
    game: Fosco
    bot: BotProcess
    problems: list[str] = field(default_factory=list)
    over_before_end: bool = False  # the game was over before its last fault was done
    violations: list[str] = field(default_factory=list)  # requests Discord would refuse


LaneT = TypeVar("LaneT", bound=Lane)


async def play_lane(lane_type: Callable[[int, Fosco, BotProcess], LaneT], folder: Path, n: int, plan: Plan,
                    fault: Callable[[LocalDiscord, LaneT, int, str, float], Awaitable[None]], *, ai_delay: float,
                    options: Mapping[str, Any]) -> LaneT:
    """Lane ``n``: a game of Fosco opened in a guild "Lane<n> club" against a bot on ``folder/lane-<n>``,
    ``fault(standin, lane, k, how, delay)`` for each fault of ``plan`` in turn, then the game finished (the
    bot started again, one more move, then the computers play it out)."""
    async with local_discord() as standin:
        async with game_on_bot(standin, folder / f"lane-{n}", f"Lane{n} club", ai_delay=ai_delay,
                               options=options) as (game, bot):
            lane = lane_type(n, game, bot)
            for k, (how, delay) in enumerate(plan):
                await fault(standin, lane, k, how, delay)
            lane.over_before_end = game.over()
            await game.finish(bot)
        lane.violations = [str(v) for v in standin.violations]
    return lane


async def run_lanes(play: Callable[[Path, int, Plan], Coroutine[Any, Any, LaneT]], folder: Path, plans: Sequence[Plan],
                    summary: Callable[[LaneT], str]) -> tuple[list[LaneT], str]:
    """Plays a lane for each plan at once (the first failure raised as itself), prints their summaries and
    asserts that no lane found a problem. The lanes and the report printed."""
    try:
        async with asyncio.TaskGroup() as group:
            tasks = [group.create_task(play(folder, n, plan)) for n, plan in enumerate(plans)]
    except ExceptionGroup as failed:
        raise failed.exceptions[0] from None
    lanes = [t.result() for t in tasks]
    report = "\n".join(summary(lane) for lane in lanes)
    print("\n" + report)
    problems = [p for lane in lanes for p in lane.problems]
    assert not problems, "\n".join(problems) + "\n" + report
    return lanes, report


def assert_played_out(lane: Lane, faults: str) -> None:
    """The lane's game outlasted its ``faults`` ("kills", "stops") and then finished, every move the bot
    acknowledged is in the store, and the bot sent no request Discord would refuse."""
    game = lane.game
    assert not lane.over_before_end, f"lane {lane.n}: the game ended before its {faults} did: make it longer"
    assert game.over() and game.row()[0] == "finished", f"lane {lane.n}: the game did not finish: {game.row()}"
    lost = game.lost()
    assert not lost, f"lane {lane.n}: acknowledged moves not in the store: {[c.custom_id for c in lost]}"
    assert not lane.violations, f"lane {lane.n}: requests Discord would refuse:\n" + "\n".join(lane.violations)
