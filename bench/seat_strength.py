"""A game's computer player against fixed baselines: its win rate with one computer seat (moving
round the table game by game) and every other seat playing the baseline, "random" (any legal
action; a handful of random cards where the move is a pick) or "first" (the first legal action:
in Fan Tan a play whenever there is one, in Busca the lowest card that may go) or, in Bullshit,
"honest" (every card it holds of the rank asked, one card when it holds none, and it never
calls), or "easy" (the game's Easy computer, ``choose_easy``: Normal should beat it clearly in
every game), or "normal" (the Normal computer: with ``--level hard``, the Hard computer head to head
against Normal, issue 50's measure). Default game options. Random seating would win 1 game in n; a
shared win (equal best totals) counts as a win, and how many were shared is shown. Also the time
the computer takes per move.

    python -m bench.seat_strength --game busca [--games 1000] [--players 4 --players 3]
    python -m bench.seat_strength --game fan-tan [--players 4 --players 6]
    python -m bench.seat_strength --game bullshit
    python -m bench.seat_strength --game manchester-piccadilly (or manchester-truffle)
    python -m bench.seat_strength --game scarto (or tarocchi, conference) [--ruleset tontine]
    python -m bench.seat_strength --game fosco --level hard --baseline normal --games 400

Each line gives the win rate with its 95 % interval (Wilson's) and, beside the chance of a seat (or
side), how many times that chance it is.

In the partnership games (Tarocchi, Conference) the computer plays both seats of one side (the
side changing game by game) against a partnership of the baseline; a win is the side's. The
tarot base games take ``--ruleset`` (plain, tontine, last-laugh, courtship: the rule set's
default options, manual Tontine claims) and default to 200 games, a game being three or four
hands.

A game with no natural end is given a fixed length (``GAME_OPTIONS``): Fscking Ace plays ten rounds,
and the winner is the best net result over them (ten rounds: each seat loses about three times at
three players, two at five, so one lucky Ace does not settle the game, and a game stays quick).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from games import registry
from games.core import cards
from games.core.actions import Action
from games.core.base import State, random_action

BASELINES = {"bullshit": ("random", "honest")}  # unless listed: random and first
# Options a game needs to end by itself (Fscking Ace is endless unless a ``rounds`` limit is set).
GAME_OPTIONS: dict[str, dict[str, object]] = {"fscking-ace": {"rounds": 10}}
MOST_SIZES = 3  # the table sizes measured unless told (--players): a game's first three
# Games taking --ruleset: those whose rules have the option (the registry knows, not a list here).
TAROT_TABLES = tuple(r.key for r in registry.all_rules() if any(o.name == "ruleset" for o in r.options))


def honest(state: State, seat: int) -> Action:
    """Bullshit's honest player: never calls; plays every card of the rank asked, or one card."""
    pick = state.pick(seat)
    if pick is None:
        return state.rules.parse_action("pass")
    rank = str(state.view(None)["rank"])
    mine = [c for c in pick.cards if cards.rank_of(c) == rank][: pick.most] or list(pick.cards[:1])
    return state.rules.parse_action(pick.token(mine))


def baseline_move(name: str, state: State, seat: int, rng: random.Random) -> Action:
    if name in ("easy", "normal"):
        return registry.computer_move(state, seat, "easy" if name == "easy" else "normal")
    if name == "random":
        return random_action(state, seat, rng)
    if name == "honest":
        return honest(state, seat)
    return state.legal_actions(seat)[0]


def partnerships(state: State) -> tuple[tuple[int, ...], ...]:
    """The sides of partners at this table: the rules' own, or (Fosco and Dracula for four, whose
    partners are a matter of seating) those the view names; empty where every seat plays alone."""
    found = state.rules.partnerships(state.players)
    if not found:
        named = state.view(None).get("sides") or []
        found = tuple(tuple(side) for side in named) if all(len(side) > 1 for side in named) else ()
    return found


def one_game(key: str, players: int, baseline: str, seed: int,
             options: dict[str, object] | None = None,
             level: registry.Level = "normal") -> tuple[bool, bool, list[float], list[float]]:
    """Whether the computer (at ``level``) won, whether it shared the win, and its move times in
    seconds: as the clock on the wall saw them, and the processor time they took (what one free
    core would take, whatever else loads the machine). In a partnership game the computer plays
    every seat of one side."""
    rules = registry.get(key)
    state = rules.new_game(players, seed=seed, options=options)
    sides = partnerships(state)
    mine = set(sides[seed % len(sides)]) if sides else {seed % players}
    me = min(mine)
    rng = random.Random(seed)
    times: list[float] = []
    cpu_times: list[float] = []
    while not state.is_over:
        seat = min(state.to_move)
        if seat in mine:
            start, start_cpu = time.perf_counter(), time.thread_time()
            action = registry.computer_move(state, seat, level)
            times.append(time.perf_counter() - start)
            cpu_times.append(time.thread_time() - start_cpu)
        else:
            action = baseline_move(baseline, state, seat, rng)
        state = state.apply(seat, action)
    outcome = state.outcome
    assert outcome is not None
    won = me in outcome.winners
    return won, won and not set(outcome.winners) <= mine, times, cpu_times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="busca", choices=sorted(registry.keys()))
    parser.add_argument("--games", type=int, help="games per match-up (1000; 200 for the tarot base games)")
    parser.add_argument("--players", type=int, action="append", help="table size (repeatable)")
    parser.add_argument("--ruleset", choices=("plain", "tontine", "last-laugh", "courtship"),
                        help="the tarot base games' rule set (plain unless told)")
    parser.add_argument("--baseline", action="append", choices=("random", "first", "honest", "easy", "normal"),
                        help="measure against this baseline only (repeatable)")
    parser.add_argument("--level", default="normal", choices=registry.LEVELS,
                        help="the measured computer's level (normal unless told)")
    parser.add_argument("--first-seed", type=int, default=0,
                        help="the first game's seed (0): runs from different seeds add up")
    parser.add_argument("--jobs", type=int, help="worker processes (one a core unless told)")
    args = parser.parse_args()
    tarot_table = args.game in TAROT_TABLES
    if args.ruleset and not tarot_table:
        parser.error("--ruleset is for scarto, tarocchi and conference")
    options: dict[str, object] | None = {"ruleset": args.ruleset or "plain"} if tarot_table else None
    if args.game in GAME_OPTIONS:
        options = {**(options or {}), **GAME_OPTIONS[args.game]}
    games = args.games or (200 if tarot_table else 1000)
    rules = registry.get(args.game)
    sizes = args.players or list(rules.player_counts[:MOST_SIZES])
    title = rules.title + (f" ({args.ruleset or 'plain'})" if tarot_table else "")
    all_times: list[float] = []
    all_cpu: list[float] = []
    who = "the computer in one seat, the baseline in the others"
    if any(partnerships(rules.new_game(n, seed=0, options=options)) for n in sizes):
        who += " (at a table of partners, a computer partnership against a partnership of the baseline)"
    print(f"{title}: {who}; {games} games a match-up.")
    with ProcessPoolExecutor(args.jobs) as pool:
        for players in sizes:
            for baseline in args.baseline or BASELINES.get(args.game, ("random", "first")):
                n = games
                seeds = range(args.first_seed, args.first_seed + n)
                results = list(pool.map(one_game, [args.game] * n, [players] * n, [baseline] * n, seeds,
                                        [options] * n, [args.level] * n, chunksize=max(1, min(10, n // 8))))
                wins = sum(won for won, _, _, _ in results)
                shared = sum(split for _, split, _, _ in results)
                times = [t for _, _, ts, _ in results for t in ts]
                cpu = [t for _, _, _, ts in results for t in ts]
                all_times += times
                all_cpu += cpu
                rate = wins / n
                chance = 100 / len(partnerships(rules.new_game(players, seed=0, options=options)) or range(players))
                low, high = wilson(wins, n)
                print(f"  {players}p {args.level} vs {baseline:<6}: won {wins}/{n} = {100 * rate:5.1f}% "
                      f"(95% {100 * low:.1f}-{100 * high:.1f}; {shared} shared; by chance {chance:.1f}%, "
                      f"{100 * rate / chance:.2f} times it), move median "
                      f"{1000 * statistics.median(times):.2f} ms, p95 {1000 * _p(times, 0.95):.2f} ms, "
                      f"max {1000 * max(times):.2f} ms; processor time median "
                      f"{1000 * statistics.median(cpu):.2f} ms, p95 {1000 * _p(cpu, 0.95):.2f} ms, "
                      f"max {1000 * max(cpu):.2f} ms", flush=True)
    print(f"  all computer moves: median {1000 * statistics.median(all_times):.2f} ms, "
          f"p95 {1000 * _p(all_times, 0.95):.2f} ms, max {1000 * max(all_times):.2f} ms "
          f"over {len(all_times)} moves; processor time median {1000 * statistics.median(all_cpu):.2f} ms, "
          f"p95 {1000 * _p(all_cpu, 0.95):.2f} ms, max {1000 * max(all_cpu):.2f} ms")


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % interval of a win rate of ``wins`` in ``n`` (Wilson's score interval)."""
    if n == 0:
        return 0.0, 1.0
    rate = wins / n
    middle = (rate + z * z / (2 * n)) / (1 + z * z / n)
    half = z * ((rate * (1 - rate) / n + z * z / (4 * n * n)) ** 0.5) / (1 + z * z / n)
    return max(0.0, middle - half), min(1.0, middle + half)


def _p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


if __name__ == "__main__":
    main()
