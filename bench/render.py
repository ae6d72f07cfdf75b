"""Render figures against the goals of the fast-render issue: for each game and player count,
median and 95th-percentile milliseconds per table, hand, player's copy and settlement image, and the largest
PNG. Prints figures; asserts nothing.

Each image is a new view, as the bot draws them move after move: tables, hands and copies for up
to ``--moves`` states spread evenly over one seeded game, settlements (or round ends) for each of its rounds. First,
like a render worker that has been running a while, the process calls ``renderers.warm()``
and draws another game of the same table untimed (``--cold`` skips both: a fresh process).

    python -m bench.render [--moves 80] [--cold]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from games.core import registry
from renderers import (
    render_hand,
    render_rating_chart,
    render_round_end,
    render_seat,
    render_settlement,
    render_table,
    warm,
)
from renderers.tools.gallery import SAMPLE_NAMES, play, rendered_games, sample_chart

# Goals (ms): table median and p95, hand, copy and settlement p95; PNG bytes (any picture; a copy's mean).
# A copy's: two members' copies a move and a share of the table within issue 37's 45 KB a move.
TABLE_MEDIAN, TABLE_P95, HAND_MS, COPY_MS, SETTLEMENT_MS, PNG_KB, COPY_KB = 20.0, 40.0, 10.0, 15.0, 20.0, 100.0, 22.0


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
    parser.add_argument("--moves", type=int, default=80, help="states of the game drawn")
    parser.add_argument("--cold", action="store_true", help="no warm() and no warm-up game")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not args.cold:
        warm()
    print(f"ms: median p95 (goal median/p95, or p95); ! marks a missed goal. KB: largest PNG (goal {PNG_KB:.0f});"
          f" a player's copy (their hand and the table, sent at every move): mean/largest (goal mean {COPY_KB:.0f})")
    print(f"{'game':<12}{'n':>3} {'table ms':>26} {'hand ms':>20} {'copy ms':>20} {'settlement ms':>20} "
          f"{'table KB':>9} {'hand KB':>8} {'copy KB':>9} {'settle KB':>9}")
    for key, players in rendered_games():
        open_play = registry.get(key).open_play
        names = list(SAMPLE_NAMES[:players])
        figures: dict[str, tuple[list[float], list[float]]] = {
            kind: ([], []) for kind in ("table", "hand", "copy", "settlement")}
        warm_up = {} if args.cold else {kind: ([], []) for kind in figures}
        for seed, into in ((args.seed + 1000, warm_up), (args.seed, figures)):
            if not into:
                continue
            history = play(key, players, seed)
            for state in history[:: max(1, len(history) // args.moves)][: args.moves]:
                view = state.view(min(state.to_move) if state.to_move else 0) | {"names": names}
                timed(render_table, (key, view), *into["table"])
                if not open_play:
                    timed(render_hand, (key, view), *into["hand"])
                    table_view = state.view(None) | {"names": names}
                    timed(render_seat, (key, table_view, view), *into["copy"])
            spectator = history[-1].view(None) | {"names": names}
            for settled in history[-1].settlements:
                timed(render_settlement, (key, spectator, settled.to_json()), *into["settlement"])
            for ended in history[-1].round_ends:  # a round's end is drawn in the settlement's stead
                timed(render_round_end, (key, spectator, ended), *into["settlement"])
        (table_ms, table_kb), (hand_ms, hand_kb), (copy_ms, copy_kb), (settle_ms, settle_kb) = figures.values()
        sizes = [f"{max(kb):>8.0f}{' ' if max(kb) <= PNG_KB else '!'}" if kb else f"{'-':>9}"
                 for kb in (table_kb, hand_kb, settle_kb)]
        copy_size = "-"
        if copy_kb:
            mean = statistics.mean(copy_kb)
            copy_size = f"{mean:.0f}/{max(copy_kb):.0f}{' ' if mean <= COPY_KB and max(copy_kb) <= PNG_KB else '!'}"
        print(f"{key:<12}{players:>3} {figure(table_ms, TABLE_MEDIAN, TABLE_P95):>26} "
              f"{figure(hand_ms, None, HAND_MS):>20} {figure(copy_ms, None, COPY_MS):>20} "
              f"{figure(settle_ms, None, SETTLEMENT_MS):>20} {sizes[0]} {sizes[1]:>8} {copy_size:>9} {sizes[2]:>9}")
    times: list[float] = []
    sizes_kb: list[float] = []
    for games in range(1, 31):  # /stats: a member's rating chart, as long as their history
        timed(render_rating_chart, (sample_chart(games, games),), times, sizes_kb)
    print(f"{'rating chart':<15} {figure(times, None, SETTLEMENT_MS):>26} {max(sizes_kb):>8.0f} KB")


if __name__ == "__main__":
    main()
