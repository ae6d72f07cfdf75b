"""Render every registered game's table and hand, at a few stages of a game, into a folder.

    python -m renderers.gallery OUT/

Also the source of sample stages for the golden-image tests and the render benchmark, so that
all three look at the same tables.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from games.core import registry
from games.core.base import State

from . import render_hand, render_table

SAMPLE_NAMES = ("Ann", "Bartholomew", "Cyrille", "Dmitri")
STAGES = ("start", "early", "middle", "late", "over")
_POINTS = {"start": 0.0, "early": 0.2, "middle": 0.5, "late": 0.8, "over": 1.0}


@dataclass(frozen=True)
class Stage:
    key: str
    players: int
    name: str
    state: State

    @property
    def label(self) -> str:
        return f"{self.key}-{self.players}p-{self.name}"

    def view(self, seat: int | None) -> dict[str, Any]:
        view = self.state.view(seat)
        view["names"] = list(SAMPLE_NAMES[: self.players])
        return view

    @property
    def mover(self) -> int:
        """The seat whose hand is worth showing: one to move, else seat 0."""
        return min(self.state.to_move) if self.state.to_move else 0


def stages(key: str, players: int, seed: int = 1) -> list[Stage]:
    """One seeded game played to the end by random legal moves, caught at each stage."""
    rules = registry.get(key)
    state = rules.new_game(players, seed=seed)
    rng = random.Random(seed)
    history = [state]
    while not state.is_over:
        seat = rng.choice(sorted(state.to_move))
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
        history.append(state)
    last = len(history) - 1
    return [Stage(key, players, name, history[round(_POINTS[name] * last)]) for name in STAGES]


def rendered_games() -> Iterator[tuple[str, int]]:
    """Every registered game and player count that has a table renderer."""
    for rules in registry.all_rules():
        try:
            render_table(rules.key, rules.new_game(rules.min_players, seed=0).view(None))
        except ValueError:
            continue
        for players in rules.player_counts:
            yield rules.key, players


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="folder to write the PNG files to")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    count = 0
    for key, players in rendered_games():
        for stage in stages(key, players, args.seed):
            files = {
                f"{stage.label}-table.png": render_table(key, stage.view(stage.mover)),
                f"{stage.label}-spectator.png": render_table(key, stage.view(None)),
                f"{stage.label}-hand.png": render_hand(key, stage.view(stage.mover)),
            }
            for name, data in files.items():
                (args.out / name).write_bytes(data)
                count += 1
    print(f"wrote {count} images to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
