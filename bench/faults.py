"""Faults at the process level and from Discord: the real bot (``python -m bot --discord``) in a process
of its own against the local Discord stand-in in this process (loopback, OpenAPI validation on), as
``tests/faults`` runs it. Prints figures; asserts nothing.

    python -m bench.faults [--kills 20] [--stops 20] [--games 5] [--error-rate 0.2] [--limit 90]

* kill -9, ``--kills`` times, during games of Fosco (a member against the computer; the kills shared by
  ``--lanes`` games played at once, each by a bot of its own), at seeded instants: as the bot's
  acknowledgement of a click reaches Discord, 0-5 ms and 5-300 ms after a click, and while the bot is
  starting again. Figures: acknowledged moves (type-6 answers) not in the store afterwards, per kill;
  seconds until every process the bot started (same session) is gone; processes left 3 s after a kill.
* SIGTERM, ``--stops`` times, 0-80 ms after a click or as its acknowledgement reaches Discord: seconds
  from the signal to the exit (median / max), exit codes, processes left 1 s after the exit, moves
  acknowledged and lost, and stops whose close ran to its end (the bot logs "stopped").
* Discord answering 503 to ``--error-rate`` of the bot's requests (``standin.rest.inject``): ``--games``
  games of Fosco are opened, each member resigns (/table resign) right after the start so that the
  computers play it out, then the errors begin. Figure: games whose result ("... is over") appears in
  the table channel within ``--limit`` seconds of the resignations.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import signal
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from localcord import LocalDiscord
from localcord.rest.records import Call
from tests.discord_spec import local_discord
from tests.faults.bot_process import STOPPED, BotProcess
from tests.faults.fosco_game import Fosco, game_on_bot
from tests.faults.inject import GONE_LIMIT, fault_after_click, kill_at, kill_plan, stop_plan

OPTIONS = {"target": 1}  # one deal of Fosco: 26 moves each
AI_DELAY = 0.3  # the computer waits before its move, as in production (1 s): a window to stop or kill in
GAMES_AI_DELAY = 0.1  # the computers playing the resigned games out
GRACE = 1.0
T = TypeVar("T")


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else float("nan")


async def each_fault(folder: Path, name: str, plan: list[tuple[str, float]],
                     fault: Callable[[LocalDiscord, Fosco, BotProcess, str, float], Awaitable[T]]) -> list[T]:
    """A game of Fosco in a guild "<name> club" against a bot of its own on ``folder/<name>``, and
    ``fault(standin, game, bot, how, delay)`` for each fault of ``plan`` while the game is being played."""
    out: list[T] = []
    async with (local_discord() as standin,
                game_on_bot(standin, folder / name.lower(), f"{name} club", ai_delay=AI_DELAY, options=OPTIONS)
                as (game, bot)):
        for how, delay in plan:
            if game.row()[0] != "playing":
                break
            out.append(await fault(standin, game, bot, how, delay))
    return out


# -- kill -9 ---------------------------------------------------------------------------------------
@dataclass
class Killed:
    how: str
    lost: int  # acknowledged moves lost at this kill
    gone_after: float | None  # seconds until the session was empty (None: not within GONE_LIMIT)
    left: int  # processes alive GONE_LIMIT s after the kill


async def kill_once(standin: LocalDiscord, game: Fosco, bot: BotProcess, how: str, delay: float) -> Killed:
    before = len(game.lost())
    kill = await kill_at(standin, game, bot, how, delay, GONE_LIMIT)
    return Killed(how, len(game.lost()) - before, kill.gone_after, len(kill.left))


# -- SIGTERM ---------------------------------------------------------------------------------------
@dataclass
class Stopped:
    how: str
    returncode: int | None
    seconds: float
    left: int
    acknowledged: bool
    committed: bool
    ran_to_end: bool


async def stop_once(standin: LocalDiscord, game: Fosco, bot: BotProcess, how: str, delay: float) -> Stopped:
    click = await fault_after_click(standin, game, bot, signal.SIGTERM, how, delay)
    done = await bot.wait_exit(20.0)
    left = await bot.leftovers_gone(GRACE)
    return Stopped(how, done.returncode, done.seconds, len(left), click.acknowledged,
                   game.committed(click) is not None, STOPPED in bot.log())


# -- 503s --------------------------------------------------------------------------------------------
@dataclass
class Games:
    games: int
    shown: list[float]  # seconds from the errors beginning to each result shown (games shown in time)
    requests: int
    failed: int  # requests answered 503


async def games_under_errors(folder: Path, games: int, rate: float, limit: float, seed: int) -> Games:
    rng = random.Random(seed)
    counts = {"requests": 0, "failed": 0}

    def inject(call: Call) -> tuple[int, Any] | None:
        counts["requests"] += 1
        if rng.random() < rate:
            counts["failed"] += 1
            return 503, {"message": "503: Service Unavailable", "code": 0}
        return None

    async with local_discord() as standin:
        tables = [Fosco(standin, f"Club{n}") for n in range(games)]
        bot = BotProcess(standin, folder / "errors", workers=1, ai_delay=GAMES_AI_DELAY)
        try:
            await bot.start()
            for game in tables:  # opened and resigned while Discord is well
                await game.open(bot.data_dir, OPTIONS)
                channel = game.channel
                assert channel is not None
                await standin.slash(game.human, channel, "table", "resign")
            began = time.monotonic()
            standin.rest.inject = inject
            shown: dict[int, float] = {}

            def all_shown() -> bool:
                for n, game in enumerate(tables):
                    if n not in shown and game.over():
                        shown[n] = time.monotonic() - began
                return len(shown) == len(tables)

            with contextlib.suppress(AssertionError):  # not all in time: counted below
                await standin.wait_for(all_shown, limit, "every result")
            standin.rest.inject = lambda call: None
        finally:
            await bot.close()
    return Games(games, sorted(shown.values()), counts["requests"], counts["failed"])


def shares(total: int, lanes: int) -> list[int]:
    """``total`` faults spread over ``lanes`` games."""
    return [total // lanes + (1 if n < total % lanes else 0) for n in range(lanes)]


# -- the figures --------------------------------------------------------------------------------------
async def run(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="parlour-faults-") as tmp:
        folder = Path(tmp)
        lanes = max(1, args.lanes)

        if args.kills:
            plans = [kill_plan(rng, count) for count in shares(args.kills, lanes)]  # each begins with a click
            began = time.monotonic()
            killed = await asyncio.gather(*(each_fault(folder, f"Kill{n}", plan, kill_once)
                                           for n, plan in enumerate(plans)))
            kills = [k for lane in killed for k in lane]
            gone = [k.gone_after for k in kills if k.gone_after is not None]
            kinds = {how: sum(k.how == how for k in kills) for how in dict.fromkeys(h for p in plans for h, _ in p)}
            print(f"kill -9: {len(kills)} kills ({', '.join(f'{v} {h}' for h, v in kinds.items())}) "
                  f"in {time.monotonic() - began:.0f} s", flush=True)
            total = sum(k.lost for k in kills)
            print(f"kill -9: acknowledged moves lost: {total} in all, {total / max(1, len(kills)):.2f} per kill")
            print(f"kill -9: seconds until every process of the bot was gone: median "
                  f"{statistics.median(gone) if gone else float('nan'):.2f}, max {max(gone, default=float('nan')):.2f}"
                  f" ({len(kills) - len(gone)} kills left some past {GONE_LIMIT:.0f} s)")
            print(f"kill -9: processes left {GONE_LIMIT:.0f} s after a kill: {sum(k.left for k in kills)} in all",
                  flush=True)

        if args.stops:
            began = time.monotonic()
            stopped = await asyncio.gather(*(each_fault(folder, f"Stop{n}", stop_plan(rng, count), stop_once)
                                             for n, count in enumerate(shares(args.stops, lanes))))
            stops = [s for lane in stopped for s in lane]
            seconds = [s.seconds for s in stops]
            codes = {str(s.returncode): sum(x.returncode == s.returncode for x in stops) for s in stops}
            print(f"SIGTERM: {len(stops)} stops in {time.monotonic() - began:.0f} s; exit codes: "
                  + ", ".join(f"{c} x{n}" for c, n in codes.items()), flush=True)
            print(f"SIGTERM: seconds to stop: median {statistics.median(seconds) if seconds else float('nan'):.2f}, "
                  f"p90 {pct(seconds, 0.9):.2f}, max {max(seconds, default=float('nan')):.2f}")
            print(f"SIGTERM: processes left {GRACE:.0f} s after the bot exited: {sum(s.left for s in stops)} in all")
            acked = sum(s.acknowledged for s in stops)
            print(f"SIGTERM: clicks acknowledged {acked} of {len(stops)}; acknowledged moves lost: "
                  f"{sum(s.acknowledged and not s.committed for s in stops)}")
            print(f"SIGTERM: stops whose close ran to its end ('{STOPPED}' logged): "
                  f"{sum(s.ran_to_end for s in stops)} of {len(stops)}", flush=True)

        if args.games:
            result = await games_under_errors(folder, args.games, args.error_rate, args.limit, args.seed)
            shown = result.shown
            timing = (f" (median {statistics.median(shown):.1f} s, max {max(shown):.1f} s after the errors began)"
                      if shown else "")
            print(f"503 on {args.error_rate:.0%} of requests: {len(shown)} of {result.games} resigned games showed "
                  f"their result within {args.limit:.0f} s{timing}; {result.failed} of {result.requests} "
                  f"requests answered 503", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--kills", type=int, default=20, help="kill -9 this many times (default 20; 0: skip)")
    parser.add_argument("--stops", type=int, default=20, help="SIGTERM this many times (default 20; 0: skip)")
    parser.add_argument("--games", type=int, default=5, help="games played out under 503s (default 5; 0: skip)")
    parser.add_argument("--error-rate", type=float, default=0.2, help="share of requests answered 503 (0.2)")
    parser.add_argument("--limit", type=float, default=90.0, help="seconds the results may take under 503s (90)")
    parser.add_argument("--lanes", type=int, default=2, help="games (bots) faulted at once (default 2)")
    parser.add_argument("--seed", type=int, default=20_261_125)
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
