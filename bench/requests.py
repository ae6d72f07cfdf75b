"""What a move costs in Discord requests (issue 26): the real Parlour bot, in this process, against the
local Discord stand-in (loopback, OpenAPI validation off), one whole game of each of the 11 games, with
one human (or two) and computers in the other seats. Prints figures; asserts nothing (the counting
tests, tests/bot/e2e/test_request_counts.py, hold the goals).

    python -m bench.requests [--games fosco,busca] [--humans 2] [--ai-delay 0.05]

One stand-in and one bot play the games in turn, each in a guild of its own (so per-guild costs, the
category, are charged to each game), in a short variant (``tests.bot.counting.SHORT``). The bot's
minute (its timers) is ``MINUTE`` seconds here, so Fscking Ace's pause between rounds stays short while
no finished game's channel is cleaned up before the bench ends (30 of its minutes, 6 min, after the
result). The first human opens the table (/play, Join, Add computer, Start) and then every human moves
as soon as it is their turn, after ``--ai-delay`` seconds, as the computers do (``tests.bot.counting``).
Discord's per-channel write limit is scaled down as the tests scale it (``FAST_WINDOW``: 5 writes per
0.05 s), so with a 0.05 s pace the table shows moves about as it would at a person's pace of a few
seconds.

Counted from the Start click to the result shown (the table settled and no request for 0.5 s), every
request the bot made (``standin.rest.calls``):

* moves: the moves of the game (``len(state.history)``), the computers' too;
* global/move: requests bound by Discord's global limit (``Call.global_limited``: everything but the
  interaction callback and the interaction-token webhooks) per move;
* calls/click: all requests, of any kind, per interaction of a human (clicks, the Start click and
  select ticks included), the computers' moves counted in too;
* cost/click: what one click costs: the requests outside the global limit per click (its answer, and
  the edits made with its token) plus the global requests of one move;
* up/move, KB/move: files attached (``Call.uploads``) and their kilobytes per move;
* DMs/human: messages the bot created in each human's DM channel;
* tables@50/s: busy tables (a move every 5 s each) that fit in 50 global-limited requests/s,
  = 50 / (global/move / 5).

The mean line is the plain mean of each column over the games (tables@50/s from the mean global/move).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import statistics
import tempfile
from pathlib import Path

from bot.play import timers
from games import registry
from localcord import LocalDiscord
from tests.bot.counting import Figures, whole_game
from tests.bot.parlour_harness import running

AI_DELAY = 0.05
GLOBAL_PER_SECOND = 50.0
MOVE_EVERY = 5.0  # seconds between moves at a busy table
MINUTE = 12.0  # timers.MINUTE: Fscking Ace's pause between rounds 4 s, a finished table's cleanup after 6 min


def busy_tables(global_per_move: float) -> float:
    return GLOBAL_PER_SECOND / (global_per_move / MOVE_EVERY) if global_per_move else float("inf")


HEADER = (f"{'game':<22} {'pl':>2} {'hu':>2} {'moves':>5} {'clicks':>6} {'global/move':>11} {'calls/click':>11} "
          f"{'cost/click':>10} {'up/move':>7} {'KB/move':>7} {'DMs/human':>9} {'tables@50/s':>11} {'secs':>5}")


def line(f: Figures | None, name: str = "", moves: float = 0, clicks: float = 0, gpm: float = 0, cpc: float = 0,
         cost: float = 0, upm: float = 0, kbm: float = 0, dms: float = 0, secs: float = 0) -> str:
    if f is not None:
        name, moves, clicks, gpm, cpc, cost = (f.game, f.moves, f.clicks, f.global_per_move, f.calls_per_click,
                                               f.cost_per_click)
        upm, kbm, dms, secs = f.uploads_per_move, f.kb_per_move, statistics.fmean(f.dms), f.seconds
    players, humans = (str(f.players), str(f.humans)) if f is not None else ("", "")
    return (f"{name:<22} {players:>2} {humans:>2} {moves:>5.0f} {clicks:>6.0f} {gpm:>11.2f} {cpc:>11.2f} "
            f"{cost:>10.2f} {upm:>7.2f} {kbm:>7.1f} {dms:>9.1f} {busy_tables(gpm):>11.0f} {secs:>5.0f}")


async def run(games: list[str], humans: int, ai_delay: float) -> None:
    print(f"{humans} human(s), computers in the other seats, AI delay and human pace {ai_delay:g} s; a busy table "
          f"moves every {MOVE_EVERY:g} s; Discord's global limit {GLOBAL_PER_SECOND:g} requests/s.")
    print(HEADER)
    results = []
    async with LocalDiscord() as standin:
        with tempfile.TemporaryDirectory(prefix="parlour-requests-") as data:
            async with running(standin, Path(data), ai_delay=ai_delay) as bot:
                for key in games:
                    f = await whole_game(standin, bot, key, humans, ai_delay)
                    results.append(f)
                    print(line(f), flush=True)

    def mean(values: list[float]) -> float:
        return statistics.fmean(values)

    print(line(None, "mean", mean([f.moves for f in results]), mean([f.clicks for f in results]),
               mean([f.global_per_move for f in results]), mean([f.calls_per_click for f in results]),
               mean([f.cost_per_click for f in results]), mean([f.uploads_per_move for f in results]),
               mean([f.kb_per_move for f in results]), mean([statistics.fmean(f.dms) for f in results]),
               sum(f.seconds for f in results)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default=",".join(registry.keys()), help="comma-separated game keys")
    parser.add_argument("--humans", type=int, default=1, help="members at each table (1 or 2)")
    parser.add_argument("--ai-delay", type=float, default=AI_DELAY, help="the computers' delay and the human's pace")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("discord.client").setLevel(logging.ERROR)
    timers.MINUTE = MINUTE
    asyncio.run(run([g for g in args.games.split(",") if g], args.humans, args.ai_delay))


if __name__ == "__main__":
    main()
