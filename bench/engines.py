"""Rules-engine figures: random playouts per second for each game and player count, and the
computer player's median and p95 milliseconds per move, and the milliseconds to build each game's
example (the rules' opening picture is drawn from it at once). Prints figures; asserts nothing.

    python -m bench.engines [--seconds 3] [--moves 400]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from games import registry
from games.core.base import Rules, State


def random_playout(rules: Rules, players: int, seed: int) -> int:
    state: State = rules.new_game(players, seed=seed)
    rng = random.Random(seed)
    moves = 0
    while not state.is_over:
        seat = rng.choice(sorted(state.to_move))
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
        moves += 1
    return moves


def playouts_per_second(rules: Rules, players: int, seconds: float) -> tuple[float, float]:
    start = time.perf_counter()
    games = moves = 0
    while time.perf_counter() - start < seconds:
        moves += random_playout(rules, players, seed=games)
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, moves / elapsed


def ai_timings(rules: Rules, players: int, moves_wanted: int) -> list[float]:
    """Milliseconds per computer move, every seat played by the computer."""
    ai = registry.player(rules.key)
    timings: list[float] = []
    seed = 0
    while len(timings) < moves_wanted:
        state: State = rules.new_game(players, seed=seed)
        rng = random.Random(seed)
        while not state.is_over and len(timings) < moves_wanted:
            seat = min(state.to_move)
            start = time.perf_counter()
            action = ai.choose(state, seat, rng)
            timings.append((time.perf_counter() - start) * 1000)
            state = state.apply(seat, action)
        seed += 1
    return timings


def example_ms(rules: Rules, times: int = 5) -> float:
    """The slowest of a few builds of the game's example, in milliseconds."""
    slowest = 0.0
    for _ in range(times):
        start = time.perf_counter()
        rules.example()
        slowest = max(slowest, (time.perf_counter() - start) * 1000)
    return slowest


def sizes(rules: Rules) -> tuple[int, ...]:
    """Every table size, or a spread of them for a game with many (Fscking Ace seats 3 to 20)."""
    counts = rules.player_counts
    if len(counts) <= 4:
        return counts
    return tuple(sorted({counts[0], counts[len(counts) // 4], counts[len(counts) // 2], counts[-1]}))


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per playout measurement")
    parser.add_argument("--moves", type=int, default=400, help="computer moves timed per game and size")
    args = parser.parse_args()
    print(f"{'game':<12} {'players':>7} {'playouts/s':>11} {'moves/s':>9} {'ai median ms':>13} {'ai p95 ms':>10}")
    for rules in registry.all_rules():
        for players in sizes(rules):
            games, moves = playouts_per_second(rules, players, args.seconds)
            timings = ai_timings(rules, players, args.moves)
            print(f"{rules.key:<12} {players:>7} {games:>11.1f} {moves:>9.0f} "
                  f"{statistics.median(timings):>13.2f} {percentile(timings, 0.95):>10.2f}")
    print(f"\n{'game':<22} {'example ms (slowest of 5)':>26}")
    for rules in registry.all_rules():
        print(f"{rules.key:<22} {example_ms(rules):>26.1f}")


if __name__ == "__main__":
    main()
