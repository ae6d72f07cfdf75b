"""Fscking Ace's computer player against fixed policies ("stop after k cards"): its average
winnings per round, in cents, at tables where every other seat plays the fixed policy. Also the
time the computer takes per decision.

    python -m bench.fscking_ace_strength [--rounds 3000] [--players 4]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from games.core import decks
from games.fscking_ace import RULES, FsckingAceState, ai

Policy = Callable[[FsckingAceState, int], str]
ROUNDS_PER_GAME = 50


def fixed(k: int) -> Policy:
    def policy(state: FsckingAceState, seat: int) -> str:
        return "flip" if len(state.flips) < k else "stop"
    return policy


def computer(state: FsckingAceState, seat: int) -> str:
    return ai.choose(state, seat, decks.rng(state.seed, "bench", len(state.history))).token


def play(players: int, seed: int, rounds: int, policies: list[Policy], timings: list[float]) -> list[int]:
    """Net cents per seat after ``rounds`` rounds, each seat playing its policy."""
    state = RULES.new_game(players, seed=seed, options={"rounds": rounds})
    assert isinstance(state, FsckingAceState)
    while not state.is_over:
        seat = next(iter(state.to_move))
        if state.phase == "between":
            state = state.apply(seat, "next")
            continue
        start = time.perf_counter()
        token = policies[seat](state, seat)
        if policies[seat] is computer and state.flips:
            timings.append(time.perf_counter() - start)
        state = state.apply(seat, token)
    return list(state.balances)


def match(players: int, total_rounds: int, theirs: Policy, mine: Policy = computer) -> tuple[float, float, list[float]]:
    """(mean cents per round for ``mine``, its standard error over games, decision times)."""
    per_round: list[float] = []
    timings: list[float] = []
    games = max(1, total_rounds // ROUNDS_PER_GAME)
    for g in range(games):
        seat = g % players
        policies = [theirs] * players
        policies[seat] = mine
        net = play(players, 10_000 + g, ROUNDS_PER_GAME, policies, timings)
        per_round.append(net[seat] / ROUNDS_PER_GAME)
    mean = statistics.fmean(per_round)
    err = statistics.stdev(per_round) / len(per_round) ** 0.5 if len(per_round) > 1 else 0.0
    return mean, err, timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=3000, help="rounds per match-up (in games of 50)")
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    n = args.players
    print(f"Fscking Ace: the computer in one seat of {n}, the policy in the others; "
          f"{args.rounds} rounds each, the computer's seat rotating game by game.")
    all_times: list[float] = []
    for k in (1, 2, 3, 4):
        mean, err, times = match(n, args.rounds, fixed(k))
        all_times += times
        print(f"  vs 'stop after {k}': computer {mean:+8.0f} cents/round (±{err:.0f}), "
              f"each fixed seat {-mean / (n - 1):+8.0f}")
    for k in (1, 2, 3):
        mean, err, _ = match(n, args.rounds, fixed(2), fixed(k))
        print(f"  for scale, 'stop after {k}' in one seat vs 'stop after 2': {mean:+8.0f} cents/round (±{err:.0f})")
    all_times.sort()
    print(f"  computer decision time: median {1000 * all_times[len(all_times) // 2]:.3f} ms, "
          f"p99 {1000 * all_times[int(len(all_times) * 0.99)]:.3f} ms, max {1000 * all_times[-1]:.3f} ms "
          f"over {len(all_times)} decisions")


if __name__ == "__main__":
    main()
