"""Render figures: median milliseconds per table and hand image for each game, and PNG sizes; and
for games played for stakes, the settlement image. Prints figures; asserts nothing.

    python -m bench.render [--repeat 3]
"""

from __future__ import annotations

import argparse
import statistics
import time

from renderers import render_hand, render_settlement, render_table
from renderers.gallery import rendered_games, stages


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3, help="renders of each image")
    args = parser.parse_args()
    print(f"{'game':<10} {'players':>7} {'table ms':>9} {'hand ms':>8} {'table KB (min-max)':>19} {'hand KB':>8}")
    for key, players in rendered_games():
        table_ms: list[float] = []
        hand_ms: list[float] = []
        table_kb: list[float] = []
        hand_kb: list[float] = []
        settle_ms: list[float] = []
        settle_kb: list[float] = []
        for stage in stages(key, players):
            seat = stage.mover
            for _ in range(args.repeat):
                start = time.perf_counter()
                table = render_table(key, stage.view(seat))
                table_ms.append((time.perf_counter() - start) * 1000)
                start = time.perf_counter()
                hand = render_hand(key, stage.view(seat))
                hand_ms.append((time.perf_counter() - start) * 1000)
            table_kb.append(len(table) / 1024)
            hand_kb.append(len(hand) / 1024)
            for settled in stage.state.settlements[-1:]:
                start = time.perf_counter()
                png = render_settlement(key, stage.view(None), settled.to_json())
                settle_ms.append((time.perf_counter() - start) * 1000)
                settle_kb.append(len(png) / 1024)
        print(f"{key:<10} {players:>7} {statistics.median(table_ms):>9.1f} {statistics.median(hand_ms):>8.1f} "
              f"{min(table_kb):>8.0f} - {max(table_kb):<8.0f} {statistics.median(hand_kb):>8.0f}")
        if settle_ms:
            print(f"{'':<10} {'':>7} settlement: {statistics.median(settle_ms):.1f} ms, "
                  f"{max(settle_kb):.0f} KB at most")


if __name__ == "__main__":
    main()
