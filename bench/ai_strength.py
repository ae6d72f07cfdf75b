"""The computer player against random play: win rate over many seeded games, the computer on
alternate seats (in partnerships the computer plays one side, random the other).

    python -m bench.ai_strength [--games 500] [--players 2] [--game fosco]
"""

from __future__ import annotations

import argparse
import random
from concurrent.futures import ProcessPoolExecutor

from games import registry


def one_game(key: str, players: int, seed: int) -> str:
    """'win', 'loss' or 'draw' for the computer's side."""
    rules = registry.get(key)
    ai = registry.player(key)
    computer_side = seed % 2
    state = rules.new_game(players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = rng.choice(sorted(state.to_move))
        computer = seat % 2 == computer_side
        action = ai.choose(state, seat, rng) if computer else rng.choice(state.legal_actions(seat))
        state = state.apply(seat, action)
    outcome = state.outcome
    assert outcome is not None
    if outcome.is_draw:
        return "draw"
    return "win" if computer_side in {s % 2 for s in outcome.winners} else "loss"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--players", type=int, default=0, help="0: every player count")
    parser.add_argument("--game", action="append", help="game key (repeatable); default: all")
    args = parser.parse_args()
    keys = args.game or list(registry.keys())
    with ProcessPoolExecutor() as pool:
        for key in keys:
            counts = registry.get(key).player_counts
            for players in [args.players] if args.players else counts:
                results = list(pool.map(one_game, [key] * args.games, [players] * args.games,
                                        range(args.games), chunksize=10))
                wins, losses, draws = (results.count(r) for r in ("win", "loss", "draw"))
                print(f"{key:<12} {players}p  vs random over {args.games} games: "
                      f"won {wins} ({100 * wins / args.games:.1f}%), lost {losses}, drew {draws}")


if __name__ == "__main__":
    main()
