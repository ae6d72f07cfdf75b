"""The animated summary of an ended game (issue 49): for each game, one seeded game played to its end
by random moves (a game of rounds ended after three), then its first round and the whole game
animated as the replay's "Animate" button does (``bot.show.replays.animation.animate``). Prints, per
game, the moves, then for the round and the game: the frames, how long the animation runs, the
seconds it took to make (views in this process, drawing and encoding in a drawing worker) and its
size. Prints figures; asserts nothing.

    python -m bench.animation [--seed 1] [--workers 0] [--games fosco,busca]

``--workers 0`` draws on a thread of this process (no worker's start-up in the figures); 1 draws in
a worker process, as the bot does.
"""

from __future__ import annotations

import argparse
import asyncio
import time

from bot.runtime.workers import Workers
from bot.show.replays.animation import ANIMATION_BYTES, Animated, animate
from bot.show.replays.moments import Moments
from games.core import registry
from renderers import warm
from renderers.tools.gallery import SAMPLE_NAMES, play


async def timed(workers: Workers, moments: Moments, first: int, last: int, title: str) -> tuple[Animated, float]:
    began = time.perf_counter()
    made = await animate(workers, moments, first, last, title)
    return made, time.perf_counter() - began


def figures(made: Animated, took: float) -> str:
    return (f"{made.frames:>6} {made.seconds:>7.0f} {took:>7.2f} {took / made.frames * 1000:>6.1f} "
            f"{len(made.data) / 1024:>7.0f} {len(made.data) / made.frames / 1024:>6.1f}")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=0, help="drawing processes (0: a thread of this one)")
    parser.add_argument("--games", default="", help="keys, comma-separated (default: every game)")
    args = parser.parse_args()
    warm()
    keys = [k for k in args.games.split(",") if k] or [r.key for r in registry.all_rules()]
    workers = Workers(args.workers)
    await workers.start()
    print(f"per game: its smallest table, one seeded game; the first round, then the whole game (aim under "
          f"{ANIMATION_BYTES / 1e6:.0f} MB). frames, s shown (once through), s to make it, ms a frame, KB, KB a frame")
    head = f"{'frames':>6} {'shown':>7} {'made':>7} {'ms/fr':>6} {'KB':>7} {'KB/fr':>6}"
    print(f"{'game':<22}{'n':>3}{'moves':>6}  {'round: ' + head:<50}  {'game: ' + head}")
    try:
        for key in keys:
            rules = registry.get(key)
            players = rules.min_players
            record = play(key, players, args.seed)[-1].to_record()
            moments = Moments(rules, record, list(SAMPLE_NAMES[:players]))
            first = moments.rounds()[0]
            round_made, round_took = await timed(workers, moments, first.start, first.end or moments.last, rules.title)
            game_made, game_took = await timed(workers, moments, 0, moments.last, rules.title)
            print(f"{key:<22}{players:>3}{moments.last:>6}  {'       ' + figures(round_made, round_took):<50}  "
                  f"{'      ' + figures(game_made, game_took)}", flush=True)
    finally:
        workers.close(wait=True)


if __name__ == "__main__":
    asyncio.run(main())
