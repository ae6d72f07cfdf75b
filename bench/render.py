"""Render figures against the goals of the fast-render issue: for each game and player count,
median and 95th-percentile milliseconds per table, hand and settlement image, and the largest
PNG. Prints figures; asserts nothing.

Tables and hands are drawn for successive states of one seeded game (each a new view, as the
bot draws them move after move), ``--passes`` times over: the first pass starts with empty
caches, later passes show a long-lived worker. Settlements: every round's of that game.

    python -m bench.render [--moves 40] [--passes 3]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from games.core import registry
from renderers import render_hand, render_settlement, render_table, warm
from renderers.gallery import SAMPLE_NAMES, play, rendered_games

# Goals (ms): table median and p95, hand and settlement p95; PNG bytes.
TABLE_MEDIAN, TABLE_P95, HAND_MS, SETTLEMENT_MS, PNG_KB = 20.0, 40.0, 10.0, 20.0, 150.0


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20, method="inclusive")[-1] if len(values) > 1 else values[0]


def timed(fn: Callable[..., bytes], args: tuple[Any, ...], times: list[float], sizes: list[float]) -> None:
    start = time.perf_counter()
    data = fn(*args)
    times.append((time.perf_counter() - start) * 1000)
    sizes.append(len(data) / 1024)


def figure(times: list[float], goal_median: float | None, goal_p95: float) -> str:
    if not times:
        return "-"
    med, top = statistics.median(times), p95(times)
    ok = (goal_median is None or med <= goal_median) and top <= goal_p95
    goal = f"{goal_median:.0f}/{goal_p95:.0f}" if goal_median is not None else f"{goal_p95:.0f}"
    return f"{med:6.1f} {top:6.1f} ({goal}){' ' if ok else '!'}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=40, help="states of the game drawn per pass")
    parser.add_argument("--passes", type=int, default=3, help="passes over those states")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    warm()
    print("ms: median p95 (goal median/p95, or p95); ! marks a missed goal. KB: largest PNG (goal 150)")
    print(f"{'game':<12}{'n':>3} {'table ms':>26} {'hand ms':>20} {'settlement ms':>20} "
          f"{'table KB':>9} {'hand KB':>8} {'settle KB':>9}")
    for key, players in rendered_games():
        history = play(key, players, args.seed)
        step = max(1, len(history) // args.moves)
        states = history[::step][: args.moves]
        open_play = registry.get(key).open_play
        table_ms: list[float] = []
        hand_ms: list[float] = []
        settle_ms: list[float] = []
        table_kb: list[float] = []
        hand_kb: list[float] = []
        settle_kb: list[float] = []
        names = list(SAMPLE_NAMES[:players])
        for _ in range(args.passes):
            for state in states:
                seat = min(state.to_move) if state.to_move else 0
                view = state.view(seat) | {"names": names}
                timed(render_table, (key, view), table_ms, table_kb)
                if not open_play:
                    timed(render_hand, (key, view), hand_ms, hand_kb)
            final = history[-1]
            for settled in final.settlements:
                spectator = final.view(None) | {"names": names}
                timed(render_settlement, (key, spectator, settled.to_json()), settle_ms, settle_kb)
        sizes = [f"{max(kb):>8.0f}{' ' if max(kb) <= PNG_KB else '!'}" if kb else f"{'-':>9}"
                 for kb in (table_kb, hand_kb, settle_kb)]
        print(f"{key:<12}{players:>3} {figure(table_ms, TABLE_MEDIAN, TABLE_P95):>26} "
              f"{figure(hand_ms, None, HAND_MS):>20} {figure(settle_ms, None, SETTLEMENT_MS):>20} "
              f"{sizes[0]} {sizes[1]:>8} {sizes[2]:>9}")


if __name__ == "__main__":
    main()
